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
#include "spread_stub.h"
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
    /* through a runner in chunks of 3 games, last chunk first: the same games */
    fc_leaders_result_free(&b);
    int calls = 0;
    c.spread = reverse_spread;
    c.spread_ud = &calls;
    run(&c, &b);
    assert_int_equal(calls, 8);
    assert_memory_equal(a.games_list, b.games_list, sizeof *a.games_list * 24);
    c.spread = NULL;
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

/* A three-seat game tree for the judge. Seat 0 (far behind) chooses A or B, seat 1 replies r0 or
 * r1, seat 2 has one decision and the game ends. One ply after seat 0's choice both options
 * leave seat 1 ahead (no kingmaker); two plies deep seat 1 replies what is best for itself:
 * after A r0 (seat 1 ahead), after B r1 (seat 2 ahead): a kingmaker. */
typedef struct tree_state {
    int ply, c0, c1;
} tree_state;

static const double tree_leaf[2][2][3] = {{{0, 0.6, 0.3}, {0, 0.5, 0.4}}, {{0, 0.2, 0.7}, {0, 0.3, 0.6}}};

static int tree_to_move(const void *st, const fc_env *env)
{
    (void)env;
    int ply = ((const tree_state *)st)->ply;
    return ply < 3 ? ply : FC_NOBODY;
}

static int tree_legal(const void *st, const fc_env *env, fc_decision *out, uint32_t *weights)
{
    (void)env;
    (void)weights;
    int n = ((const tree_state *)st)->ply < 2 ? 2 : 1;
    for (int i = 0; i < n; i++)
        out[i] = (fc_decision)i;
    return n;
}

static int tree_apply(void *st, const fc_env *env, fc_decision d)
{
    (void)env;
    tree_state *t = st;
    if (t->ply >= 3 || d > (t->ply < 2 ? 1u : 0u))
        return FC_EILLEGAL;
    if (t->ply == 0)
        t->c0 = (int)d;
    else if (t->ply == 1)
        t->c1 = (int)d;
    t->ply++;
    return 0;
}

static void tree_evaluate(const void *st, const fc_env *env, double *v)
{
    (void)env;
    const tree_state *t = st;
    static const double before[2][3] = {{0, 0.5, 0.3}, {0, 0.6, 0.3}};
    memcpy(v, t->ply < 2 ? before[t->ply] : tree_leaf[t->c0][t->c1], 3 * sizeof *v);
}

static void tree_scores(const void *st, const fc_env *env, int32_t *score, int *rank)
{
    double v[3];
    tree_evaluate(st, env, v);
    for (int s = 0; s < 3; s++) {
        score[s] = (int32_t)(v[s] * 10);
        rank[s] = 0;
        for (int o = 0; o < 3; o++)
            rank[s] += v[o] > v[s];
    }
}

static void same_values(const double *v, const double *want)
{
    for (int s = 0; s < 3; s++)
        if (fabs(v[s] - want[s]) > 1e-12)
            fail_msg("seat %d: %g, expected %g", s, v[s], want[s]);
}

static void test_judge_lookahead(void **state)
{
    (void)state;
    fc_game g = {.state_size = sizeof(tree_state), .max_decisions = 4, .to_move = tree_to_move,
                 .legal = tree_legal, .apply = tree_apply, .evaluate = tree_evaluate, .scores = tree_scores};
    fc_env env = {.nseats = 3};
    tree_state start = {0, 0, 0};
    double v[3];
    assert_null(fc_leaders_judge_new(&g, &env, 3, 0));
    assert_null(fc_leaders_judge_new(&g, &env, 3, FC_LEADERS_PLIES_MAX + 1));
    fc_leaders_judge *one = fc_leaders_judge_new(&g, &env, 3, 1), *two = fc_leaders_judge_new(&g, &env, 3, 2),
                     *three = fc_leaders_judge_new(&g, &env, 3, 3);
    assert_non_null(one);
    assert_non_null(two);
    assert_non_null(three);
    static const double ahead1[3] = {0, 1, 0}, ahead2[3] = {0, 0, 1}, after[3] = {0, 0.6, 0.3};
    assert_true(fc_leaders_judge_option(one, &start, 1, v));
    same_values(v, after);
    assert_false(fc_leaders_judge_option(one, &start, 2, v)); /* not a decision of the tree */
    assert_true(fc_leaders_judge_option(two, &start, 0, v));
    same_values(v, tree_leaf[0][0]); /* seat 1 keeps its lead: r0 */
    assert_true(fc_leaders_judge_option(two, &start, 1, v));
    same_values(v, tree_leaf[1][1]); /* its best after B is r1 (0.3 > 0.2) */
    assert_true(fc_leaders_judge_option(three, &start, 0, v));
    same_values(v, ahead1); /* to the end: the win shares */
    assert_true(fc_leaders_judge_option(three, &start, 1, v));
    same_values(v, ahead2);
    assert_false(fc_leaders_judge_kingmaker(one, &start, 0, 0.02));
    assert_true(fc_leaders_judge_kingmaker(two, &start, 0, 0.02));
    assert_true(fc_leaders_judge_kingmaker(three, &start, 0, 0.02));
    assert_false(fc_leaders_judge_kingmaker(two, &start, 0, 0.35)); /* after B seat 2 leads by 0.3 only */
    fc_leaders_judge_free(one);
    fc_leaders_judge_free(two);
    fc_leaders_judge_free(three);
}

/* bidrace, three seats, every decision examined: a two-ply judge plays the same games, and its
 * one-ply figures are those of a one-ply run; the two judgements differ somewhere. */
static void test_judge_run(void **state)
{
    (void)state;
    fc_context *ctx = fixture_context();
    fc_rules *rules = fixture_rules(ctx, 3, NULL);
    fc_leaders_config c = config(rules, 3, 16, 1);
    c.threshold = 1;
    c.margin = 0;
    fc_leaders_result a, b, d;
    run(&c, &a);
    assert_int_equal(a.judge_plies, 1);
    assert_int_equal(a.km_decisions_ply, a.km_decisions);
    c.judge_plies = 2;
    run(&c, &b);
    c.threads = 3;
    run(&c, &d);
    assert_int_equal(b.judge_plies, 2);
    assert_memory_equal(b.games_list, d.games_list, sizeof *b.games_list * 16);
    assert_int_equal(b.km_checked, a.km_checked);
    assert_int_equal(b.km_decisions_ply, a.km_decisions);
    same_share(&b.km_games_ply, &a.km_games);
    assert_true(b.km_both <= b.km_decisions && b.km_both <= b.km_decisions_ply);
    assert_true(b.km_decisions != b.km_both || b.km_decisions_ply != b.km_both); /* the lookahead changes some */
    c.judge_plies = FC_LEADERS_PLIES_MAX + 1;
    refused(&c, "plies");
    fc_leaders_result_free(&a);
    fc_leaders_result_free(&b);
    fc_leaders_result_free(&d);
    fc_rules_free(rules);
    fc_context_free(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_points), cmocka_unit_test(test_top_and_judged), cmocka_unit_test(test_refused),
        cmocka_unit_test(test_run),    cmocka_unit_test(test_kingmaker_threshold),
        cmocka_unit_test(test_judge_lookahead), cmocka_unit_test(test_judge_run),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
