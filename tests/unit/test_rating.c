/* The rating fit of ladders (core/src/study/rating.c) against known results. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>

#include <cmocka.h>

#include "formicary/ladder.h"
#include "formicary/rng.h"
#include "formicary/stats.h"

#define assert_near(x, y, eps) assert_true(fabs((double)(x) - (double)(y)) <= (eps))

/* A wins 75% of 1000 games against B: Elo = 400 log10(0.75 / 0.25) = 190.85; the information
 * is n p (1 - p) = 187.5 per nat^2 (plus the prior's 0.0302), se = 173.72 / sqrt(187.53) = 12.69. */
static void test_pair_75(void **state)
{
    (void)state;
    fc_rating_data d;
    fc_rating_data_init(&d, 2, 2);
    assert_int_equal(fc_rating_add_pair(&d, 1, 0, 750, 1000, NULL), 0);
    fc_rating r[2];
    assert_int_equal(fc_rating_fit(&d, 0, r, NULL), 0);
    assert_near(r[0].elo, 0, 1e-9);
    assert_near(r[0].se, 0, 1e-9);
    assert_near(r[1].elo, 190.85, 0.2);
    assert_near(r[1].se, 12.69, 0.02);
    assert_near(r[1].lo, r[1].elo - FC_Z95 * r[1].se, 1e-9);
    assert_near(r[1].score, 0.75, 1e-9);
    assert_near(r[0].score, 0.25, 1e-9);
    assert_int_equal(r[1].games, 1000);
    /* anchored at A instead: the same gap, mirrored */
    assert_int_equal(fc_rating_fit(&d, 1, r, NULL), 0);
    assert_near(r[0].elo, -190.85, 0.2);
    fc_rating_data_free(&d);
}

/* Draws count half: 500 wins and 500 draws of 1000 is a score of 0.75, as above. Given as
 * ranks, so the tie expansion is what is tested. */
static void test_draws_half(void **state)
{
    (void)state;
    fc_rating_data d;
    fc_rating_data_init(&d, 2, 2);
    int item[2] = {0, 1}, win[2] = {1, 0}, draw[2] = {0, 0};
    for (int i = 0; i < 500; i++) {
        assert_int_equal(fc_rating_add(&d, item, win, 2, NULL), 0);
        assert_int_equal(fc_rating_add(&d, item, draw, 2, NULL), 0);
    }
    fc_rating r[2];
    assert_int_equal(fc_rating_fit(&d, 0, r, NULL), 0);
    assert_near(r[1].elo, 190.85, 0.2);
    assert_near(r[1].score, 0.75, 1e-9);
    assert_int_equal(r[1].games, 1000);
    fc_rating_data_free(&d);
}

/* Consistent pair results of three agents (75%, 75% and 90% = 1 / (1 + 3^-2)) give the
 * gaps 190.85 and 381.7. */
static void test_three_pairs(void **state)
{
    (void)state;
    fc_rating_data d;
    fc_rating_data_init(&d, 3, 2);
    assert_int_equal(fc_rating_add_pair(&d, 1, 0, 750, 1000, NULL), 0);
    assert_int_equal(fc_rating_add_pair(&d, 2, 1, 750, 1000, NULL), 0);
    assert_int_equal(fc_rating_add_pair(&d, 2, 0, 900, 1000, NULL), 0);
    fc_rating r[3];
    assert_int_equal(fc_rating_fit(&d, 0, r, NULL), 0);
    assert_near(r[1].elo, 190.85, 0.5);
    assert_near(r[2].elo, 381.7, 0.8);
    assert_true(fc_rating_separated(r, 3));
    fc_rating_data_free(&d);
}

/* Intervals shrink as 1/sqrt(games): ten times the games, a sqrt(10) narrower interval. */
static void test_intervals_shrink(void **state)
{
    (void)state;
    double width[2];
    for (int k = 0; k < 2; k++) {
        fc_rating_data d;
        fc_rating_data_init(&d, 2, 2);
        double n = k ? 1000 : 100;
        assert_int_equal(fc_rating_add_pair(&d, 1, 0, 0.75 * n, n, NULL), 0);
        fc_rating r[2];
        assert_int_equal(fc_rating_fit(&d, 0, r, NULL), 0);
        width[k] = r[1].hi - r[1].lo;
        fc_rating_data_free(&d);
    }
    assert_true(width[1] < width[0]);
    assert_near(width[0] / width[1], sqrt(10.0), 0.02);
}

/* Plackett-Luce recovers a known order: four agents with log-strengths 0, 0.4, 0.8, 1.6 at
 * tables of four, 2000 orders drawn from the model; every estimate is within 4 standard
 * errors of the truth and the order is right. */
static void test_plackett_luce(void **state)
{
    (void)state;
    const double truth[4] = {0, 0.4, 0.8, 1.6};
    fc_rating_data d;
    fc_rating_data_init(&d, 4, 4);
    fc_rng rng;
    fc_rng_seed(&rng, 42, 0);
    for (int g = 0; g < 2000; g++) {
        int item[4] = {0, 1, 2, 3}, rank[4], left[4] = {0, 1, 2, 3}, nleft = 4;
        for (int place = 0; place < 4; place++) {
            double sum = 0, u;
            for (int i = 0; i < nleft; i++)
                sum += exp(truth[left[i]]);
            u = (double)(fc_rng_next(&rng) >> 11) / 9007199254740992.0 * sum;
            int pick = nleft - 1;
            for (int i = 0; i < nleft; i++) {
                u -= exp(truth[left[i]]);
                if (u < 0) {
                    pick = i;
                    break;
                }
            }
            rank[left[pick]] = place;
            left[pick] = left[--nleft];
        }
        assert_int_equal(fc_rating_add(&d, item, rank, 4, NULL), 0);
    }
    fc_rating r[4];
    assert_int_equal(fc_rating_fit(&d, 0, r, NULL), 0);
    for (int i = 1; i < 4; i++) {
        assert_true(r[i].se > 0);
        assert_true(fabs(r[i].elo - truth[i] * FC_ELO_PER_NAT) < 4 * r[i].se);
        assert_true(r[i].elo > r[i - 1].elo);
    }
    assert_int_equal(r[3].games, 2000);
    fc_rating_data_free(&d);
}

/* A tie of three at a table of three: six orders of weight 1/6 each; the agents stay equal. */
static void test_tie_expansion(void **state)
{
    (void)state;
    fc_rating_data d;
    fc_rating_data_init(&d, 3, 3);
    int item[3] = {0, 1, 2}, all[3] = {0, 0, 0}, split[3] = {1, 0, 1};
    assert_int_equal(fc_rating_add(&d, item, all, 3, NULL), 0);
    assert_int_equal((int)d.n, 6);
    assert_near(d.weight[0], 1.0 / 6, 1e-12);
    assert_int_equal(fc_rating_add(&d, item, split, 3, NULL), 0); /* 1 first, then 0 and 2 tied */
    assert_int_equal((int)d.n, 8);
    assert_int_equal(d.order[6 * 3], 1);
    for (int i = 1; i < 200; i++) { /* enough games that the prior does not matter */
        assert_int_equal(fc_rating_add(&d, item, all, 3, NULL), 0);
        assert_int_equal(fc_rating_add(&d, item, split, 3, NULL), 0);
    }
    fc_rating r[3];
    assert_int_equal(fc_rating_fit(&d, 0, r, NULL), 0);
    assert_near(r[2].elo, 0, 0.5); /* 0 and 2 were tied in every game */
    assert_true(r[1].elo > 0);
    assert_near(r[1].score, (0.5 + 1.0) / 2, 1e-9);
    fc_rating_data_free(&d);
}

/* Every game won: the prior keeps the estimate finite; separation needs disjoint intervals. */
static void test_lopsided_and_separation(void **state)
{
    (void)state;
    fc_rating_data d;
    fc_rating_data_init(&d, 2, 2);
    assert_int_equal(fc_rating_add_pair(&d, 1, 0, 10, 10, NULL), 0);
    fc_rating r[2];
    assert_int_equal(fc_rating_fit(&d, 0, r, NULL), 0);
    assert_true(isfinite(r[1].elo) && r[1].elo > 300 && r[1].elo < 3000);
    fc_rating s[3] = {{.elo = 0, .lo = 0, .hi = 0}, {.elo = 100, .lo = 50, .hi = 150},
                      {.elo = 200, .lo = 140, .hi = 260}};
    assert_false(fc_rating_separated(s, 3)); /* 140 < 150: 1 and 2 overlap */
    s[2].lo = 151;
    assert_true(fc_rating_separated(s, 3));
    s[1].lo = -1;
    assert_false(fc_rating_separated(s, 3)); /* 1 reaches below the anchor */
    fc_rating_data_free(&d);
}

static void test_bad_input(void **state)
{
    (void)state;
    fc_rating_data d;
    fc_rating_data_init(&d, 2, 2);
    int item[2] = {0, 2}, rank[2] = {0, 1};
    assert_true(fc_rating_add(&d, item, rank, 2, NULL) < 0);
    assert_true(fc_rating_add_pair(&d, 0, 0, 1, 1, NULL) < 0);
    assert_true(fc_rating_add_pair(&d, 0, 1, 3, 2, NULL) < 0);
    fc_rating r[2];
    assert_true(fc_rating_fit(&d, 2, r, NULL) < 0);
    fc_rating_data_free(&d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pair_75),         cmocka_unit_test(test_draws_half),
        cmocka_unit_test(test_three_pairs),     cmocka_unit_test(test_intervals_shrink),
        cmocka_unit_test(test_plackett_luce),   cmocka_unit_test(test_tie_expansion),
        cmocka_unit_test(test_lopsided_and_separation), cmocka_unit_test(test_bad_input),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
