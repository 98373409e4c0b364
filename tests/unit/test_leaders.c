/* Runaway leaders and kingmakers (formicary/leaders.h): the curve's points, the leader and the
 * judged winner with ties and margins, refusals with one line, and runs on the bidrace fixture:
 * the same games on any thread count, the shares adding up, the kingmaker test reacting to its
 * threshold. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "fixture.h"
#include "formicary/leaders.h"

static void test_points(void **state)
{
    (void)state;
    assert_int_equal(fc_leaders_point_pct(0), 10);
    assert_int_equal(fc_leaders_point_pct(FC_LEADERS_POINTS - 1), 90);
    assert_int_equal(fc_leaders_point_at(50, 10), 5);
    assert_int_equal(fc_leaders_point_at(50, 11), 6); /* ceil(5.5) */
    assert_int_equal(fc_leaders_point_at(10, 3), 1);
    assert_int_equal(fc_leaders_point_at(90, 10), 9);
    assert_int_equal(fc_leaders_point_at(75, 4), 3);
    assert_int_equal(fc_leaders_point_at(90, 1), 1);
    assert_int_equal(fc_leaders_point_at(50, 0), 0);
}

static void test_top_and_judged(void **state)
{
    (void)state;
    double v[4] = {0.2, 0.7, 0.1, 0.4};
    assert_int_equal(fc_leaders_top(v, 4, false), 1);
    assert_int_equal(fc_leaders_top(v, 4, true), 2);
    double tie[3] = {0.5, 0.5, 0.1};
    assert_int_equal(fc_leaders_top(tie, 3, false), -1);
    assert_int_equal(fc_leaders_top(tie, 3, true), 2);
    /* seat 1 deciding: among 0, 2, 3 the best is 3 (0.4) ahead of 0 (0.2) by 0.2 */
    assert_int_equal(fc_leaders_judged(v, 4, 1, 0.1), 3);
    assert_int_equal(fc_leaders_judged(v, 4, 1, 0.2), 3);
    assert_int_equal(fc_leaders_judged(v, 4, 1, 0.25), -1);
    /* seat 3 deciding: 1 leads 0 by 0.5 */
    assert_int_equal(fc_leaders_judged(v, 4, 3, 0.3), 1);
    /* a tie among the others is no judged winner, even at margin 0 */
    double t2[3] = {0.1, 0.5, 0.5};
    assert_int_equal(fc_leaders_judged(t2, 3, 0, 0), -1);
    /* one other seat: always judged */
    double two[2] = {0.9, 0.1};
    assert_int_equal(fc_leaders_judged(two, 2, 0, 0.5), 1);
}

static fc_leaders_config config(const fc_rules *rules, int n, int games, int threads)
{
    fc_leaders_config c;
    memset(&c, 0, sizeof c);
    c.rules = rules;
    c.nagents = n;
    for (int s = 0; s < n; s++)
        c.agents[s] = s == 0 ? "greedy" : "random";
    c.seed = 5;
    c.threads = threads;
    c.games = games;
    c.kingmakers = n >= 3;
    c.threshold = FC_LEADERS_THRESHOLD_DEFAULT;
    c.margin = FC_LEADERS_MARGIN_DEFAULT;
    return c;
}

static void refused(const fc_leaders_config *c, const char *want)
{
    fc_error err;
    fc_error_clear(&err);
    fc_leaders_result r;
    assert_true(fc_leaders_run(c, &r, &err) < 0);
    if (!strstr(err.msg, want) || strchr(err.msg, '\n'))
        fail_msg("expected one line with '%s', got '%s'", want, err.msg);
}

static void test_refused(void **state)
{
    (void)state;
    fc_context *ctx = fixture_context();
    fc_rules *two = fixture_rules(ctx, 2, NULL), *three = fixture_rules(ctx, 3, NULL);
    fc_leaders_config c = config(two, 2, 4, 1);
    c.kingmakers = true;
    refused(&c, "kingmakers need 3 players");
    c = config(three, 3, 4, 1);
    c.threshold = 1.5;
    refused(&c, "threshold");
    c = config(three, 3, 0, 1);
    refused(&c, "0 games");
    c = config(three, 3, 4, 1);
    c.agents[1] = "grdy";
    refused(&c, "grdy");
    fc_rules_free(two);
    fc_rules_free(three);
    fc_context_free(ctx);
}

static void run(const fc_leaders_config *c, fc_leaders_result *r)
{
    fc_error err;
    fc_error_clear(&err);
    if (fc_leaders_run(c, r, &err) != 0)
        fail_msg("run: %s", err.msg);
}

static void same_share(const fc_leaders_share *a, const fc_leaders_share *b)
{
    assert_int_equal(a->n, b->n);
    assert_true(a->k == b->k);
}

/* Three seats of bidrace: 1 and 3 threads give the same games; every figure adds up. */
static void test_run(void **state)
{
    (void)state;
    fc_context *ctx = fixture_context();
    fc_rules *rules = fixture_rules(ctx, 3, NULL);
    fc_leaders_config c = config(rules, 3, 24, 1);
    fc_leaders_result a, b;
    run(&c, &a);
    c.threads = 3;
    run(&c, &b);
    assert_int_equal(a.games, 24);
    assert_memory_equal(a.games_list, b.games_list, sizeof *a.games_list * 24);
    long decided = a.games - a.timeouts;
    assert_true(decided > 0);
    for (int p = 0; p < FC_LEADERS_POINTS; p++) {
        same_share(&a.lead[p], &b.lead[p]);
        assert_int_equal(a.lead[p].n + a.no_leader[p], decided);
        assert_true(a.lead[p].lo <= a.lead[p].value && a.lead[p].value <= a.lead[p].hi);
    }
    /* the leader near the end of a race to a goal wins more often than chance */
    assert_true(a.lead[FC_LEADERS_POINTS - 1].value > 1.0 / 3);
    /* the comeback rate is the complement of the leader's wins at 50% */
    assert_true(fabs(a.comeback50.k + a.lead[4].k - (double)a.lead[4].n) < 1e-9);
    same_share(&a.comeback75, &b.comeback75);
    same_share(&a.km_games, &b.km_games);
    assert_int_equal(a.km_checked, b.km_checked);
    long bins = 0, km = 0;
    for (int k = 0; k < FC_LEADERS_BINS; k++)
        bins += a.km_bins[k];
    for (long i = 0; i < a.games; i++)
        km += a.games_list[i].kingmaker;
    assert_int_equal(bins, a.km_decisions);
    assert_int_equal(km, a.km_decisions);
    assert_true(a.km_decisions <= a.km_checked);
    fc_leaders_result_free(&a);
    fc_leaders_result_free(&b);
    fc_rules_free(rules);
    fc_context_free(ctx);
}

/* Threshold 0 examines nothing; threshold 1 examines every seat with options, and with margin 0
 * in a three-seat race some decisions choose which other seat leads. */
static void test_kingmaker_threshold(void **state)
{
    (void)state;
    fc_context *ctx = fixture_context();
    fc_rules *rules = fixture_rules(ctx, 3, NULL);
    fc_leaders_config c = config(rules, 3, 12, 2);
    fc_leaders_result r;
    c.threshold = 0;
    run(&c, &r);
    assert_int_equal(r.km_checked, 0);
    assert_int_equal(r.km_decisions, 0);
    fc_leaders_result_free(&r);
    c.threshold = 1;
    c.margin = 0;
    run(&c, &r);
    assert_true(r.km_checked > 0);
    assert_true(r.km_decisions > 0);
    assert_true(r.km_games.k > 0);
    fc_leaders_result_free(&r);
    c.kingmakers = false;
    run(&c, &r);
    assert_int_equal(r.km_checked, 0);
    assert_false(r.kingmakers);
    fc_leaders_result_free(&r);
    fc_rules_free(rules);
    fc_context_free(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_points), cmocka_unit_test(test_top_and_judged), cmocka_unit_test(test_refused),
        cmocka_unit_test(test_run),    cmocka_unit_test(test_kingmaker_threshold),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
