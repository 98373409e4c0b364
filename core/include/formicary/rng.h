/* Seeded, deterministic random numbers (xoshiro256** seeded through splitmix64).
 * An fc_rng is a plain value: copy it to fork, compare it bytewise. Streams derived from the
 * same seed with different stream ids are independent, so the match, the setup, agents and
 * Lua scripts never share a sequence and adding a consumer never shifts another. */
#ifndef FORMICARY_RNG_H
#define FORMICARY_RNG_H

#include <stddef.h>
#include <stdint.h>

typedef struct fc_rng {
    uint64_t s[4];
} fc_rng;

/* Seeds rng from (seed, stream). Equal pairs give equal sequences on every platform. */
void fc_rng_seed(fc_rng *rng, uint64_t seed, uint64_t stream);

/* Next 64 random bits. */
uint64_t fc_rng_next(fc_rng *rng);

/* Uniform integer in [0, n) without modulo bias; n must be > 0 (n == 0 returns 0). */
uint32_t fc_rng_below(fc_rng *rng, uint32_t n);

/* Uniform integer in [lo, hi] inclusive (lo <= hi). */
int32_t fc_rng_range(fc_rng *rng, int32_t lo, int32_t hi);

/* One roll of a die with `sides` faces: 1..sides. */
int fc_rng_die(fc_rng *rng, int sides);

/* Uniform double in [0, 1) with 53 random bits. */
double fc_rng_unit(fc_rng *rng);

/* Fisher–Yates shuffle of n elements of elem_size bytes each (elem_size <= 256). */
void fc_rng_shuffle(fc_rng *rng, void *base, size_t n, size_t elem_size);

/* Index in [0, n) picked with probability weights[i] / sum(weights); zero weights are never
 * picked. Returns -1 if n == 0 or every weight is 0. */
int fc_rng_weighted(fc_rng *rng, const uint32_t *weights, int n);

/* A 64-bit hash of bytes (used for state hashes and variant text hashes); stable across runs
 * and platforms of the same endianness. */
uint64_t fc_hash64(const void *data, size_t len, uint64_t seed);

#endif
