/* Seeded randomness: xoshiro256** (Blackman & Vigna) seeded through splitmix64, and an
 * XXH64-compatible byte hash. Everything is a pure function of its arguments so matches can
 * run in parallel threads. */
#include <string.h>

#include "formicary/rng.h"

#define GOLDEN 0x9E3779B97F4A7C15ull

static inline uint64_t rotl64(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

/* splitmix64 output function (the state increment is done by the caller). */
static uint64_t splitmix_mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

void fc_rng_seed(fc_rng *rng, uint64_t seed, uint64_t stream)
{
    /* Hash the stream id before combining it, so (seed, stream) pairs that differ only by a
     * linear relation (seed ^ k, stream ^ k) do not collide; splitmix then spreads the state.
     * Four consecutive splitmix outputs are never all zero (the mix is a bijection). */
    uint64_t x = splitmix_mix(seed + GOLDEN) ^ splitmix_mix(stream * GOLDEN + 0x632BE59BD9B4E019ull);
    for (int i = 0; i < 4; i++) {
        x += GOLDEN;
        rng->s[i] = splitmix_mix(x);
    }
}

uint64_t fc_rng_next(fc_rng *rng)
{
    uint64_t *s = rng->s;
    uint64_t result = rotl64(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl64(s[3], 45);
    return result;
}

uint32_t fc_rng_below(fc_rng *rng, uint32_t n)
{
    if (n == 0)
        return 0;
    /* Lemire's nearly-divisionless method on the high 32 bits (the best bits of xoshiro**). */
    uint64_t m = (fc_rng_next(rng) >> 32) * (uint64_t)n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t threshold = (uint32_t)(-n) % n;
        while (low < threshold) {
            m = (fc_rng_next(rng) >> 32) * (uint64_t)n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

/* Unbiased [0, n) for 64-bit n by rejection; n > 0. */
static uint64_t rng_below64(fc_rng *rng, uint64_t n)
{
    if (n <= UINT32_MAX)
        return fc_rng_below(rng, (uint32_t)n);
    uint64_t threshold = (0 - n) % n; /* 2^64 mod n: values below it would be over-represented */
    for (;;) {
        uint64_t x = fc_rng_next(rng);
        if (x >= threshold)
            return x % n;
    }
}

int32_t fc_rng_range(fc_rng *rng, int32_t lo, int32_t hi)
{
    if (hi <= lo)
        return lo;
    uint64_t span = (uint64_t)((int64_t)hi - (int64_t)lo) + 1; /* 1 .. 2^32 */
    uint64_t off = span > UINT32_MAX ? fc_rng_next(rng) >> 32 : fc_rng_below(rng, (uint32_t)span);
    return (int32_t)((int64_t)lo + (int64_t)off);
}

int fc_rng_die(fc_rng *rng, int sides)
{
    if (sides < 1)
        return 0; /* no valid face: 0 is never a legal roll, so callers can detect it */
    return 1 + (int)fc_rng_below(rng, (uint32_t)sides);
}

double fc_rng_unit(fc_rng *rng)
{
    return (double)(fc_rng_next(rng) >> 11) * 0x1.0p-53;
}

static void swap_bytes(unsigned char *a, unsigned char *b, size_t size)
{
    unsigned char tmp[256];
    /* Chunked so oversized elements still work instead of overflowing the buffer. */
    while (size > 0) {
        size_t k = size < sizeof tmp ? size : sizeof tmp;
        memcpy(tmp, a, k);
        memcpy(a, b, k);
        memcpy(b, tmp, k);
        a += k;
        b += k;
        size -= k;
    }
}

void fc_rng_shuffle(fc_rng *rng, void *base, size_t n, size_t elem_size)
{
    if (!base || n < 2 || elem_size == 0)
        return;
    unsigned char *p = base;
    for (size_t i = n - 1; i > 0; i--) {
        size_t j = (size_t)rng_below64(rng, (uint64_t)i + 1);
        if (j != i)
            swap_bytes(p + i * elem_size, p + j * elem_size, elem_size);
    }
}

int fc_rng_weighted(fc_rng *rng, const uint32_t *weights, int n)
{
    if (!weights || n <= 0)
        return -1;
    uint64_t sum = 0;
    for (int i = 0; i < n; i++)
        sum += weights[i];
    if (sum == 0)
        return -1;
    uint64_t r = rng_below64(rng, sum);
    for (int i = 0; i < n; i++) {
        if (r < weights[i])
            return i;
        r -= weights[i];
    }
    return -1; /* unreachable: r < sum */
}

/* ---- XXH64 (Yann Collet), native-endian loads ---- */

#define P1 0x9E3779B185EBCA87ull
#define P2 0xC2B2AE3D27D4EB4Full
#define P3 0x165667B19E3779F9ull
#define P4 0x85EBCA77C2B2AE63ull
#define P5 0x27D4EB2F165667C5ull

static inline uint64_t load64(const unsigned char *p)
{
    uint64_t v;
    memcpy(&v, p, sizeof v);
    return v;
}

static inline uint32_t load32(const unsigned char *p)
{
    uint32_t v;
    memcpy(&v, p, sizeof v);
    return v;
}

static inline uint64_t xxh_round(uint64_t acc, uint64_t input)
{
    acc += input * P2;
    acc = rotl64(acc, 31);
    return acc * P1;
}

static inline uint64_t xxh_merge(uint64_t acc, uint64_t val)
{
    acc ^= xxh_round(0, val);
    return acc * P1 + P4;
}

uint64_t fc_hash64(const void *data, size_t len, uint64_t seed)
{
    static const unsigned char empty[1] = {0};
    if (!data)
        len = 0;
    /* No arithmetic on a null pointer, even with a zero offset. */
    const unsigned char *p = data ? (const unsigned char *)data : empty;
    const unsigned char *end = p + len;
    uint64_t h;

    if (len >= 32) {
        /* Four independent lanes keep the multiplier pipelines busy on 8 KiB states. */
        uint64_t v1 = seed + P1 + P2, v2 = seed + P2, v3 = seed, v4 = seed - P1;
        const unsigned char *limit = end - 32;
        do {
            v1 = xxh_round(v1, load64(p));
            v2 = xxh_round(v2, load64(p + 8));
            v3 = xxh_round(v3, load64(p + 16));
            v4 = xxh_round(v4, load64(p + 24));
            p += 32;
        } while (p <= limit);
        h = rotl64(v1, 1) + rotl64(v2, 7) + rotl64(v3, 12) + rotl64(v4, 18);
        h = xxh_merge(h, v1);
        h = xxh_merge(h, v2);
        h = xxh_merge(h, v3);
        h = xxh_merge(h, v4);
    } else {
        h = seed + P5;
    }
    h += (uint64_t)len;

    while (end - p >= 8) {
        h ^= xxh_round(0, load64(p));
        h = rotl64(h, 27) * P1 + P4;
        p += 8;
    }
    if (end - p >= 4) {
        h ^= (uint64_t)load32(p) * P1;
        h = rotl64(h, 23) * P2 + P3;
        p += 4;
    }
    while (p < end) {
        h ^= (uint64_t)(*p) * P5;
        h = rotl64(h, 11) * P1;
        p++;
    }
    /* Final avalanche: every input bit affects every output bit. */
    h ^= h >> 33;
    h *= P2;
    h ^= h >> 29;
    h *= P3;
    h ^= h >> 32;
    return h;
}
