/* Statistics against values worked out by hand (see the comment of each test). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>

#include <cmocka.h>

#include "formicary/stats.h"

#define assert_near(x, y, eps) assert_true(fabs((double)(x) - (double)(y)) <= (eps))

/* 8 of 10: p = 0.8, z^2 = 3.8415, denominator 1.38415, centre 0.992073 / 1.38415 = 0.716740,
 * half-width 1.96 * sqrt(0.016 + 0.0096037) / 1.38415 = 0.226578 -> [0.490162, 0.943318].
 * 0 of 10: upper bound z^2/n / (1 + z^2/n) = 0.38415 / 1.38415 = 0.277531. */
static void test_wilson(void **state)
{
    (void)state;
    double lo, hi;
    fc_stats_wilson(8, 10, FC_Z95, &lo, &hi);
    assert_near(lo, 0.490162, 1e-5);
    assert_near(hi, 0.943318, 1e-5);
    fc_stats_wilson(0, 10, FC_Z95, &lo, &hi);
    assert_near(lo, 0.0, 1e-12);
    assert_near(hi, 0.277531, 1e-5);
    fc_stats_wilson(10, 10, FC_Z95, &lo, &hi); /* mirror image of 0 of 10 */
    assert_near(lo, 1 - 0.277531, 1e-5);
    assert_near(hi, 1.0, 1e-12);
    fc_stats_wilson(0, 0, FC_Z95, &lo, &hi);
    assert_near(lo, 0, 0);
    assert_near(hi, 1, 0);
    /* 50 of 100: centre 0.5, half 1.96 * sqrt(0.0025 + 0.000096) / 1.038415 = 0.096168 */
    fc_stats_wilson(50, 100, FC_Z95, &lo, &hi);
    assert_near(lo, 0.403832, 1e-5);
    assert_near(hi, 0.596168, 1e-5);
}

/* {10, 1, 4, 2, 3}: mean 4, squared deviations 36+9+0+4+1 = 50, sd sqrt(50/4) = 3.535534;
 * sorted 1 2 3 4 10, type-7 positions (n-1)p = 1, 2, 3 -> q1 2, median 3, q3 4.
 * {1, 2, 3, 4}: positions 0.75, 1.5, 2.25 -> 1.75, 2.5, 3.25. */
static void test_describe(void **state)
{
    (void)state;
    const double x[5] = {10, 1, 4, 2, 3};
    fc_stats_summary s;
    fc_stats_describe(x, 5, &s);
    assert_int_equal(s.n, 5);
    assert_near(s.mean, 4.0, 1e-12);
    assert_near(s.sd, 3.535534, 1e-6);
    assert_near(s.min, 1, 0);
    assert_near(s.q1, 2, 1e-12);
    assert_near(s.median, 3, 1e-12);
    assert_near(s.q3, 4, 1e-12);
    assert_near(s.max, 10, 0);
    assert_near(x[0], 10, 0); /* input untouched */
    const double y[4] = {4, 3, 2, 1};
    fc_stats_describe(y, 4, &s);
    assert_near(s.q1, 1.75, 1e-12);
    assert_near(s.median, 2.5, 1e-12);
    assert_near(s.q3, 3.25, 1e-12);
    assert_near(s.sd, 1.290994, 1e-6); /* sqrt(5/3) */
    fc_stats_describe(y, 1, &s);
    assert_near(s.sd, 0, 0);
    assert_near(s.median, 4, 0);
}

static void test_t975(void **state)
{
    (void)state;
    assert_near(fc_stats_t975(1), 12.706, 1e-9);
    assert_near(fc_stats_t975(4), 2.776, 1e-9);
    assert_near(fc_stats_t975(30), 2.042, 1e-9);
    assert_near(fc_stats_t975(60), 2.000298, 1e-4);   /* table value */
    assert_near(fc_stats_t975(1000), 1.962339, 1e-5); /* table value */
}

/* a = 1..5, b = 2 4 3 6 5: d = 1 2 0 2 0, mean 1, squared deviations 0+1+1+1+1 = 4, sd 1,
 * se 1/sqrt(5) = 0.447214, t(4) = 2.776 -> 1 +- 1.241465: [-0.241465, 2.241465], not
 * significant; z = sqrt(5) = 2.236068, p = erfc(2.236068 / sqrt 2) = 0.025347. */
static void test_paired(void **state)
{
    (void)state;
    const double a[5] = {1, 2, 3, 4, 5}, b[5] = {2, 4, 3, 6, 5};
    fc_stats_diff d;
    fc_stats_paired(a, b, 5, &d);
    assert_near(d.mean_a, 3.0, 1e-12);
    assert_near(d.mean_b, 4.0, 1e-12);
    assert_near(d.diff, 1.0, 1e-12);
    assert_near(d.sd, 1.0, 1e-12);
    assert_near(d.se, 0.447214, 1e-6);
    assert_near(d.lo, -0.241465, 1e-5);
    assert_near(d.hi, 2.241465, 1e-5);
    assert_near(d.z, 2.236068, 1e-6);
    assert_near(d.p, 0.025347, 1e-5);
    assert_false(d.significant);
    /* ten pairs, b - a = 1 eight times and 0 twice: mean 0.8, squared deviations
     * 8 * 0.04 + 2 * 0.64 = 1.6, sd sqrt(1.6 / 9) = 0.421637, se 0.133333, t(9) = 2.262:
     * [0.498400, 1.101600], significant */
    const double z[10] = {0}, o[10] = {1, 1, 1, 1, 1, 1, 1, 1, 0, 0};
    fc_stats_paired(z, o, 10, &d);
    assert_near(d.diff, 0.8, 1e-12);
    assert_near(d.sd, 0.421637, 1e-6);
    assert_near(d.lo, 0.498400, 1e-5);
    assert_near(d.hi, 1.101600, 1e-5);
    assert_true(d.significant);
    /* the other way round: negative difference, same width */
    fc_stats_paired(o, z, 10, &d);
    assert_near(d.diff, -0.8, 1e-12);
    assert_near(d.hi, -0.498400, 1e-5);
    assert_true(d.significant);
    /* constant difference: se 0, the interval is the point, z infinite */
    fc_stats_paired(z, o, 8, &d);
    assert_near(d.lo, 1, 1e-12);
    assert_near(d.hi, 1, 1e-12);
    assert_true(isinf(d.z) && d.z > 0);
    assert_true(d.significant);
    /* identical designs: no difference at all */
    fc_stats_paired(o, o, 10, &d);
    assert_near(d.diff, 0, 0);
    assert_near(d.z, 0, 0);
    assert_near(d.p, 1, 0);
    assert_false(d.significant);
}

/* Haybittle-Peto: |z| >= 3 stops at an interim look, 1.96 decides at the last one. */
/* The detectable difference and the pairs a plan needs (95% confidence, 80% power). */
static void test_mde_and_plan(void **state)
{
    (void)state;
    assert_true(fabs(fc_stats_mde(1.0, 2) - (12.706 + FC_Z80) / sqrt(2.0)) < 1e-9);
    /* large n: the normal approximation, 2.8016 sd / sqrt(n) */
    assert_true(fabs(fc_stats_mde(0.5, 1000000) - 2.8016 * 0.5 / 1000) < 1e-5);
    assert_true(isnan(fc_stats_mde(0.0, 100)));
    assert_true(isnan(fc_stats_mde(1.0, 1)));
    assert_true(isnan(fc_stats_mde(NAN, 100)));
    /* the fewest pairs that detect the effect: n detects it, n - 1 does not */
    const double sds[] = {0.5, 0.1, 3.0, 0.45}, effects[] = {0.1, 0.03, 0.5, 0.45};
    for (int i = 0; i < 4; i++) {
        long n = fc_stats_pairs_needed(sds[i], effects[i]);
        assert_true(n >= 2);
        assert_true(fc_stats_mde(sds[i], (size_t)n) <= effects[i]);
        assert_true(n == 2 || fc_stats_mde(sds[i], (size_t)n - 1) > effects[i]);
    }
    assert_int_equal(fc_stats_pairs_needed(0.5, 0.1), 198); /* ceil((2.8016 * 5)^2) = 197, then t > z: one more */
    assert_int_equal(fc_stats_pairs_needed(0.45, 0.45), 10);  /* small n: t(0.975, n - 1) well above 1.96 */
    assert_int_equal(fc_stats_pairs_needed(0, 0.1), 0);
    assert_int_equal(fc_stats_pairs_needed(0.5, 0), 0);
    assert_int_equal(fc_stats_pairs_needed(0.5, -1), 0);
    assert_int_equal(fc_stats_pairs_needed(1e9, 1e-9), FC_STATS_PAIRS_MAX);
}

static void test_sequential(void **state)
{
    (void)state;
    assert_int_equal(fc_stats_sequential(2.5, 1, 5), FC_SEQ_CONTINUE);
    assert_int_equal(fc_stats_sequential(2.99, 4, 5), FC_SEQ_CONTINUE);
    assert_int_equal(fc_stats_sequential(3.1, 2, 5), FC_SEQ_SIGNIFICANT);
    assert_int_equal(fc_stats_sequential(-3.2, 1, 5), FC_SEQ_SIGNIFICANT);
    assert_int_equal(fc_stats_sequential(2.0, 5, 5), FC_SEQ_SIGNIFICANT);
    assert_int_equal(fc_stats_sequential(-1.97, 5, 5), FC_SEQ_SIGNIFICANT);
    assert_int_equal(fc_stats_sequential(1.9, 5, 5), FC_SEQ_NOT_SIGNIFICANT);
    assert_int_equal(fc_stats_sequential(1.9, 1, 1), FC_SEQ_NOT_SIGNIFICANT);
    assert_int_equal(fc_stats_sequential(INFINITY, 1, 3), FC_SEQ_SIGNIFICANT);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wilson),   cmocka_unit_test(test_describe),   cmocka_unit_test(test_t975),
        cmocka_unit_test(test_paired),   cmocka_unit_test(test_sequential), cmocka_unit_test(test_mde_and_plan),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
