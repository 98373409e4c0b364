/* Tests for rng.c: golden sequences, stream independence, range and uniformity of the integer
 * helpers, shuffle, weighted choice and the XXH64-compatible hash. Chi-square bounds use the
 * 99.9% critical values; seeds are fixed, so each check is deterministic. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "formicary/rng.h"

static double chi_square(const long *observed, int k, double expected)
{
    double chi = 0;
    for (int i = 0; i < k; i++) {
        double d = (double)observed[i] - expected;
        chi += d * d / expected;
    }
    return chi;
}

/* The xoshiro256** step itself, checked against the reference output for state {1, 2, 3, 4}. */
static void test_xoshiro_reference(void **state)
{
    (void)state;
    fc_rng r = {{1, 2, 3, 4}};
    assert_true(fc_rng_next(&r) == 11520u);
    assert_true(fc_rng_next(&r) == 0u);
    assert_true(fc_rng_next(&r) == 1509978240u);
    assert_true(fc_rng_next(&r) == 1215971899390074240u);
}

/* Golden values: any change to seeding or the generator changes recorded matches. */
static void test_golden_sequence(void **state)
{
    (void)state;
    fc_rng r;
    fc_rng_seed(&r, 42, 0);
    assert_true(fc_rng_next(&r) == 0xDF7DCB56B0D7494Eull);
    assert_true(fc_rng_next(&r) == 0xEEB9ECD2343CF647ull);
    assert_true(fc_rng_next(&r) == 0x3ED44F4E75D0009Eull);
    assert_true(fc_rng_next(&r) == 0x52C9BC3E2BCE4AB8ull);

    fc_rng_seed(&r, 42, 1);
    assert_true(fc_rng_next(&r) == 0x2A561997EA6FEC0Cull);
    assert_true(fc_rng_next(&r) == 0xF4F027AE2A6D6E7Full);

    fc_rng_seed(&r, 0, 0); /* the all-zero seed must still give a live generator */
    assert_true(fc_rng_next(&r) == 0x387CC743F4582AE3ull);
    assert_true(fc_rng_next(&r) == 0x89D3F9AF66FA2B20ull);

    static const int dice[10] = {5, 5, 2, 3, 5, 3, 6, 5, 6, 2};
    fc_rng_seed(&r, 7, 3);
    for (int i = 0; i < 10; i++)
        assert_int_equal(fc_rng_die(&r, 6), dice[i]);
}

static void test_streams_and_copies(void **state)
{
    (void)state;
    fc_rng a, b, c;
    fc_rng_seed(&a, 1234, 0);
    fc_rng_seed(&b, 1234, 0);
    assert_memory_equal(&a, &b, sizeof a);
    fc_rng fork = a; /* a copy is an independent fork with the same future */
    for (int i = 0; i < 100; i++)
        assert_true(fc_rng_next(&fork) == fc_rng_next(&a));

    /* Neighbouring streams and seeds share no early output. */
    uint64_t out[4][64];
    fc_rng_seed(&a, 1234, 0);
    fc_rng_seed(&b, 1234, 1);
    fc_rng_seed(&c, 1235, 0);
    fc_rng d;
    fc_rng_seed(&d, 1234 ^ 1, 0 ^ 1); /* (seed ^ k, stream ^ k) must not alias (seed, stream) */
    for (int i = 0; i < 64; i++) {
        out[0][i] = fc_rng_next(&a);
        out[1][i] = fc_rng_next(&b);
        out[2][i] = fc_rng_next(&c);
        out[3][i] = fc_rng_next(&d);
    }
    for (int x = 0; x < 4; x++)
        for (int y = x + 1; y < 4; y++)
            for (int i = 0; i < 64; i++)
                for (int j = 0; j < 64; j++)
                    assert_true(out[x][i] != out[y][j]);
}

static void test_die_range_uniform(void **state)
{
    (void)state;
    fc_rng r;
    fc_rng_seed(&r, 99, 5);
    long count[6] = {0};
    for (int i = 0; i < 60000; i++) {
        int v = fc_rng_die(&r, 6);
        assert_in_range(v, 1, 6);
        count[v - 1]++;
    }
    assert_true(chi_square(count, 6, 10000.0) < 20.52); /* 5 dof */

    long c10[10] = {0};
    for (int i = 0; i < 60000; i++) {
        uint32_t v = fc_rng_below(&r, 10);
        assert_true(v < 10);
        c10[v]++;
    }
    assert_true(chi_square(c10, 10, 6000.0) < 27.88); /* 9 dof */

    assert_int_equal(fc_rng_die(&r, 1), 1);
    assert_int_equal(fc_rng_die(&r, 0), 0);
    assert_int_equal(fc_rng_below(&r, 0), 0);
    assert_int_equal(fc_rng_below(&r, 1), 0);
}

/* With n = 3 * 2^30, plain "x mod n" on 32 bits would put half the results in the first third;
 * an unbiased method gives a third each. */
static void test_below_unbiased_large_n(void **state)
{
    (void)state;
    fc_rng r;
    fc_rng_seed(&r, 5, 5);
    const uint32_t third = 1u << 30;
    long count[3] = {0};
    for (int i = 0; i < 30000; i++) {
        uint32_t v = fc_rng_below(&r, 3 * third);
        assert_true(v < 3 * third);
        count[v / third]++;
    }
    assert_true(chi_square(count, 3, 10000.0) < 13.82); /* 2 dof */
}

static void test_range_and_unit(void **state)
{
    (void)state;
    fc_rng r;
    fc_rng_seed(&r, 3, 0);
    bool seen[7] = {false};
    for (int i = 0; i < 1000; i++) {
        int32_t v = fc_rng_range(&r, -3, 3);
        assert_in_range(v + 3, 0, 6);
        seen[v + 3] = true;
    }
    for (int i = 0; i < 7; i++)
        assert_true(seen[i]);
    assert_int_equal(fc_rng_range(&r, 5, 5), 5);
    assert_int_equal(fc_rng_range(&r, 5, 2), 5); /* reversed bounds: lo, no crash */
    bool neg = false, pos = false;
    for (int i = 0; i < 64; i++) { /* full int32 span: 2^32 values, no overflow */
        int32_t v = fc_rng_range(&r, INT32_MIN, INT32_MAX);
        neg |= v < 0;
        pos |= v > 0;
    }
    assert_true(neg && pos);

    double sum = 0;
    for (int i = 0; i < 10000; i++) {
        double u = fc_rng_unit(&r);
        assert_true(u >= 0.0 && u < 1.0);
        sum += u;
    }
    assert_true(sum / 10000 > 0.48 && sum / 10000 < 0.52);
}

static void test_shuffle(void **state)
{
    (void)state;
    fc_rng r;
    int a[10], b[10];
    for (int i = 0; i < 10; i++)
        a[i] = b[i] = i;
    fc_rng_seed(&r, 11, 0);
    fc_rng_shuffle(&r, a, 10, sizeof a[0]);
    fc_rng_seed(&r, 11, 0);
    fc_rng_shuffle(&r, b, 10, sizeof b[0]);
    assert_memory_equal(a, b, sizeof a);
    /* Golden permutation (pins the Fisher-Yates draw order). */
    static const int golden[10] = {8, 2, 0, 4, 7, 3, 9, 6, 1, 5};
    assert_memory_equal(a, golden, sizeof a);
    int seen = 0;
    for (int i = 0; i < 10; i++)
        seen |= 1 << a[i];
    assert_int_equal(seen, 0x3ff);

    /* All 6 orders of 3 elements equally likely (an off-by-one in the loop breaks this). */
    long count[6] = {0};
    for (int t = 0; t < 60000; t++) {
        char x[3] = {0, 1, 2};
        fc_rng_shuffle(&r, x, 3, 1);
        count[x[0] * 2 + (x[1] > x[2])]++;
    }
    assert_true(chi_square(count, 6, 10000.0) < 20.52);

    /* Elements larger than the swap buffer move whole. */
    typedef struct big {
        unsigned char tag;
        unsigned char pad[299];
    } big;
    big *items = calloc(5, sizeof *items);
    assert_non_null(items);
    for (int i = 0; i < 5; i++) {
        items[i].tag = (unsigned char)i;
        memset(items[i].pad, i, sizeof items[i].pad);
    }
    fc_rng_shuffle(&r, items, 5, sizeof *items);
    for (int i = 0; i < 5; i++)
        for (size_t j = 0; j < sizeof items[i].pad; j++)
            assert_int_equal(items[i].pad[j], items[i].tag);
    free(items);
    fc_rng_shuffle(&r, NULL, 5, 4); /* no crash */
}

static void test_weighted(void **state)
{
    (void)state;
    fc_rng r;
    fc_rng_seed(&r, 8, 8);
    const uint32_t w[5] = {0, 1, 3, 0, 4};
    long count[5] = {0};
    for (int i = 0; i < 80000; i++) {
        int k = fc_rng_weighted(&r, w, 5);
        assert_in_range(k, 0, 4);
        count[k]++;
    }
    assert_int_equal(count[0], 0);
    assert_int_equal(count[3], 0);
    long picked[3] = {count[1], count[2], count[4]};
    double chi = 0, expect[3] = {10000, 30000, 40000};
    for (int i = 0; i < 3; i++)
        chi += (picked[i] - expect[i]) * (picked[i] - expect[i]) / expect[i];
    assert_true(chi < 13.82);

    const uint32_t zero[3] = {0, 0, 0};
    assert_int_equal(fc_rng_weighted(&r, zero, 3), -1);
    assert_int_equal(fc_rng_weighted(&r, w, 0), -1);
    assert_int_equal(fc_rng_weighted(&r, NULL, 3), -1);

    /* The sum overflows 32 bits; both must still come up about half the time. */
    const uint32_t huge[2] = {UINT32_MAX, UINT32_MAX};
    int first = 0;
    for (int i = 0; i < 2000; i++)
        first += fc_rng_weighted(&r, huge, 2) == 0;
    assert_in_range(first, 900, 1100);
}

/* Reference XXH64 vectors (seed 0); the last one crosses the 32-byte lane path. */
static void test_hash_reference(void **state)
{
    (void)state;
    assert_true(fc_hash64("", 0, 0) == 0xEF46DB3751D8E999ull);
    assert_true(fc_hash64("a", 1, 0) == 0xD24EC4F1A98C6E5Bull);
    assert_true(fc_hash64("abc", 3, 0) == 0x44BC2CF5AD770999ull);
    assert_true(fc_hash64("Nobody inspects the spammish repetition", 39, 0) == 0xFBCEA83C8A378BF1ull);
    assert_true(fc_hash64(NULL, 5, 0) == 0xEF46DB3751D8E999ull); /* NULL hashes as empty */
    assert_true(fc_hash64("abc", 3, 1) != fc_hash64("abc", 3, 0));
}

static int popcount64(uint64_t x)
{
    int n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
}

static void test_hash_every_byte(void **state)
{
    (void)state;
    enum { SIZE = 8192 };
    unsigned char *buf = malloc(SIZE);
    assert_non_null(buf);
    fc_rng r;
    fc_rng_seed(&r, 1, 2);
    for (int i = 0; i < SIZE; i++)
        buf[i] = (unsigned char)fc_rng_next(&r);
    uint64_t base = fc_hash64(buf, SIZE, 0);
    assert_true(fc_hash64(buf, SIZE, 0) == base);
    assert_true(fc_hash64(buf, SIZE - 1, 0) != base);
    long bits = 0;
    for (int i = 0; i < SIZE; i++) {
        unsigned char bit = (unsigned char)(1u << (i % 8));
        buf[i] ^= bit;
        uint64_t h = fc_hash64(buf, SIZE, 0);
        buf[i] ^= bit;
        assert_true(h != base);
        bits += popcount64(h ^ base);
    }
    /* Avalanche: on average about 32 of 64 output bits flip. */
    assert_true(bits > 31L * SIZE && bits < 33L * SIZE);
    free(buf);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_xoshiro_reference), cmocka_unit_test(test_golden_sequence),
        cmocka_unit_test(test_streams_and_copies), cmocka_unit_test(test_die_range_uniform),
        cmocka_unit_test(test_below_unbiased_large_n), cmocka_unit_test(test_range_and_unit),
        cmocka_unit_test(test_shuffle),           cmocka_unit_test(test_weighted),
        cmocka_unit_test(test_hash_reference),     cmocka_unit_test(test_hash_every_byte),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
