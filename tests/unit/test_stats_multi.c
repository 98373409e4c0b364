/* Multiple-comparison corrections (fc_stats_adjust) against values worked out by hand; the
 * same inputs give the same values in R's p.adjust(p, "holm") and p.adjust(p, "BH"). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>

#include <cmocka.h>

#include "formicary/stats.h"

#define assert_near(x, y) assert_true(fabs((double)(x) - (double)(y)) <= 1e-12)

static void expect(const double *p, size_t n, fc_stats_correction m, const double *want)
{
    double adj[8];
    assert_int_equal(fc_stats_adjust(p, n, m, adj), 0);
    for (size_t i = 0; i < n; i++)
        assert_near(adj[i], want[i]);
}

/* p = 0.01 0.04 0.03 0.005, sorted 0.005 0.01 0.03 0.04.
 * Holm: 4 * 0.005 = 0.02, 3 * 0.01 = 0.03, 2 * 0.03 = 0.06, 1 * 0.04 = 0.04 -> running max
 * 0.02 0.03 0.06 0.06, back in input order 0.03 0.06 0.06 0.02. */
static void test_holm(void **state)
{
    (void)state;
    const double p[4] = {0.01, 0.04, 0.03, 0.005};
    expect(p, 4, FC_CORRECT_HOLM, (double[]){0.03, 0.06, 0.06, 0.02});
    /* 2 * 0.5 = 1 (clamped), then 0.9 -> running max 1 */
    expect((double[]){0.5, 0.9}, 2, FC_CORRECT_HOLM, (double[]){1.0, 1.0});
    /* ties: 3 * 0.02 = 0.06, 2 * 0.02 = 0.04 -> 0.06, 1 * 0.2 = 0.2 */
    expect((double[]){0.02, 0.2, 0.02}, 3, FC_CORRECT_HOLM, (double[]){0.06, 0.2, 0.06});
}

/* Same p. BH from the largest: 4 * 0.04 / 4 = 0.04, 4 * 0.03 / 3 = 0.04, 4 * 0.01 / 2 = 0.02,
 * 4 * 0.005 / 1 = 0.02 -> running min 0.04 0.04 0.02 0.02, in input order 0.02 0.04 0.04 0.02. */
static void test_bh(void **state)
{
    (void)state;
    const double p[4] = {0.01, 0.04, 0.03, 0.005};
    expect(p, 4, FC_CORRECT_BH, (double[]){0.02, 0.04, 0.04, 0.02});
    /* 2 * 0.9 / 2 = 0.9; 2 * 0.5 / 1 = 1 -> min 0.9 */
    expect((double[]){0.5, 0.9}, 2, FC_CORRECT_BH, (double[]){0.9, 0.9});
    /* ties: 3 * 0.2 / 3 = 0.2, 3 * 0.02 / 2 = 0.03, 3 * 0.02 / 1 = 0.06 -> 0.03 */
    expect((double[]){0.02, 0.2, 0.02}, 3, FC_CORRECT_BH, (double[]){0.03, 0.2, 0.03});
}

/* A lone p-value is its own adjustment; NaN counts as 1; none copies; in place works; the
 * corrections never lower a p-value and Holm is never below BH. */
static void test_edges(void **state)
{
    (void)state;
    expect((double[]){0.03}, 1, FC_CORRECT_HOLM, (double[]){0.03});
    expect((double[]){0.03}, 1, FC_CORRECT_BH, (double[]){0.03});
    expect((double[]){NAN, 0.01}, 2, FC_CORRECT_HOLM, (double[]){1.0, 0.02});
    expect((double[]){0.3, 0.01}, 2, FC_CORRECT_NONE, (double[]){0.3, 0.01});
    double p[5] = {0.001, 0.2, 0.012, 0.049, 0.7}, holm[5], bh[5];
    assert_int_equal(fc_stats_adjust(p, 5, FC_CORRECT_HOLM, holm), 0);
    assert_int_equal(fc_stats_adjust(p, 5, FC_CORRECT_BH, bh), 0);
    for (int i = 0; i < 5; i++) {
        assert_true(bh[i] >= p[i] && holm[i] >= bh[i] && holm[i] <= 1);
    }
    /* Holm here: 0.005, 0.048, 0.147, 0.4, 0.7 (5p, 4p, 3p, 2p, p sorted; already increasing) */
    const double want[5] = {0.005, 0.4, 0.048, 0.147, 0.7};
    assert_int_equal(fc_stats_adjust(p, 5, FC_CORRECT_HOLM, p), 0);
    for (int i = 0; i < 5; i++)
        assert_true(fabs(p[i] - want[i]) < 1e-12);
    assert_int_equal(fc_stats_adjust(p, 0, FC_CORRECT_BH, p), 0);
}

static void test_names(void **state)
{
    (void)state;
    assert_int_equal(fc_stats_correction_parse("holm"), FC_CORRECT_HOLM);
    assert_int_equal(fc_stats_correction_parse("bh"), FC_CORRECT_BH);
    assert_int_equal(fc_stats_correction_parse("none"), FC_CORRECT_NONE);
    assert_int_equal(fc_stats_correction_parse("bonferroni"), -1);
    assert_int_equal(fc_stats_correction_parse(NULL), -1);
    assert_string_equal(fc_stats_correction_name(FC_CORRECT_BH), "bh");
    assert_null(fc_stats_correction_name((fc_stats_correction)7));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_holm),
        cmocka_unit_test(test_bh),
        cmocka_unit_test(test_edges),
        cmocka_unit_test(test_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
