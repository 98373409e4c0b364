/* fc_agent_rank (core/src/agents/agent_rank.c) on the bidrace fixture: every kind ranks legal,
 * distinct decisions best first; greedy's first has the best value, mcts's first is its choice,
 * random scores every decision alike; bad calls are refused. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "fixture.h"
#include "formicary/agent.h"

#define MAXD 256

/* A match a few random decisions in, at a seat with more than one legal decision. */
static fc_match *position(fc_rules *rules)
{
    fc_match *m = fc_match_new(rules, 7, NULL);
    assert_non_null(m);
    fc_rng rng;
    fc_rng_seed(&rng, 3, 0);
    for (int i = 0; i < 6; i++)
        assert_int_equal(fixture_step(m, &rng), 0);
    while (fc_match_to_move(m) == FC_CHANCE || fc_match_legal(m, NULL, NULL) < 3)
        assert_int_equal(fixture_step(m, &rng), 0);
    return m;
}

static void check_ranking(fc_match *m, const char *spec, int max, fc_decision *out, double *score)
{
    fc_error e;
    fc_agent *a = fc_agent_new(spec, 11, &e);
    assert_non_null(a);
    const fc_decision *legal = NULL;
    int n = fc_match_legal(m, &legal, NULL);
    int k = fc_agent_rank(a, m, out, score, max, &e);
    assert_int_equal(k, n < max ? n : max);
    for (int i = 0; i < k; i++) {
        int found = 0;
        for (int j = 0; j < n; j++)
            found += legal[j] == out[i];
        assert_int_equal(found, 1); /* legal */
        for (int j = 0; j < i; j++)
            assert_true(out[j] != out[i]); /* distinct */
        if (i)
            assert_true(score[i] <= score[i - 1]); /* best first */
    }
    fc_agent_free(a);
}

static void test_rank_kinds(void **state)
{
    (void)state;
    fc_context *ctx = fixture_context();
    fc_rules *rules = fixture_rules(ctx, 2, NULL);
    fc_match *m = position(rules);
    fc_decision out[MAXD];
    double score[MAXD];
    int n = fc_match_legal(m, NULL, NULL);
    check_ranking(m, "random", MAXD, out, score);
    for (int i = 0; i < n; i++)
        assert_true(score[i] == 1.0 / n);
    check_ranking(m, "greedy", MAXD, out, score);
    check_ranking(m, "greedy", 2, out, score);
    check_ranking(m, "mcts:iters=200", MAXD, out, score);
    assert_true(score[0] >= 1); /* visits */
    /* mcts ranks first what it chooses with the same seed */
    fc_error e;
    fc_agent *a = fc_agent_new("mcts:iters=200", 11, &e);
    fc_decision d;
    assert_int_equal(fc_agent_choose(a, m, &d, &e), 0);
    assert_true(d == out[0]);
    fc_agent_free(a);
    fc_match_free(m);
    fc_rules_free(rules);
    fc_context_free(ctx);
}

static void test_rank_refused(void **state)
{
    (void)state;
    fc_context *ctx = fixture_context();
    fc_rules *rules = fixture_rules(ctx, 2, NULL);
    fc_match *m = position(rules);
    fc_error e;
    fc_agent *a = fc_agent_new("random", 1, &e);
    fc_decision out[4];
    assert_true(fc_agent_rank(a, m, out, NULL, 0, &e) < 0);
    assert_true(fc_agent_rank(a, NULL, out, NULL, 4, &e) < 0);
    assert_int_equal(fc_agent_rank(a, m, out, NULL, 1, &e), 1); /* score is optional */
    fc_rng rng;
    fc_rng_seed(&rng, 5, 0);
    while (fc_match_to_move(m) != FC_NOBODY)
        fixture_step(m, &rng);
    assert_int_equal(fc_agent_rank(a, m, out, NULL, 4, &e), FC_ESTATE);
    fc_agent_free(a);
    fc_match_free(m);
    fc_rules_free(rules);
    fc_context_free(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rank_kinds),
        cmocka_unit_test(test_rank_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
