/* mcts:prior=eval and prior=puct on Hive, a game without chance or hidden information, so the
 * value of a decision one step ahead is exact: the first child a search opens is the legal
 * decision whose successor the evaluation likes best for the mover, so one iteration chooses it
 * (the plain search opens a random child first and does not); the keys are checked. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "formicary/agent.h"
#include "hv_fixture.h"

/* The test's own copy of the direction table (the plugin's is not exported). */
const int8_t hv_dq[6] = {1, 1, 0, -1, -1, 0};
const int8_t hv_dr[6] = {0, -1, -1, 0, 1, 1};

/* The evaluation for `who` after d, clamped as the search clamps it; -1 when d ends the game. */
static double after(const hfx *f, fc_decision d, int who)
{
    hv_state t;
    memcpy(&t, fc_match_state(f->m), sizeof t);
    assert_int_equal(f->g->apply(&t, f->env, d), 0);
    if (f->g->to_move(&t, f->env) == FC_NOBODY)
        return -1;
    double v[FC_MAX_SEATS];
    f->g->evaluate(&t, f->env, v);
    return v[who] < 0 ? 0 : v[who] > 1 ? 1 : v[who];
}

/* The choice of `spec` (seed s) now. */
static fc_decision choice(const hfx *f, const char *spec, uint64_t s)
{
    fc_error err;
    fc_agent *a = fc_agent_new(spec, s, &err);
    assert_non_null(a);
    fc_decision d;
    assert_int_equal(fc_agent_choose(a, f->m, &d, &err), 0);
    fc_agent_free(a);
    return d;
}

static void test_first_child_by_prior(void **state)
{
    (void)state;
    hfx f;
    hfx_open(&f, "Base+MLP", NULL);
    fc_rng rng;
    fc_rng_seed(&rng, 24, 0);
    int checked = 0, plain_missed = 0;
    for (int ply = 0; ply < 40 && fc_match_to_move(f.m) != FC_NOBODY; ply++) {
        const fc_decision *legal = NULL;
        int n = fc_match_legal(f.m, &legal, NULL), who = fc_match_to_move(f.m);
        double best = -1, second = -1;
        bool ends = false;
        for (int i = 0; i < n; i++) {
            double v = after(&f, legal[i], who);
            ends |= v < 0;
            if (v > best) {
                second = best;
                best = v;
            } else if (v > second) {
                second = v;
            }
        }
        if (n > 2 && best > second && !ends) { /* one best, no decision ending the game */
            for (uint64_t s = 1; s <= 3; s++) {
                assert_true(after(&f, choice(&f, "mcts:prior=eval,iters=1", s), who) == best);
                assert_true(after(&f, choice(&f, "mcts:prior=puct,iters=1", s), who) == best);
                plain_missed += after(&f, choice(&f, "mcts:iters=1", s), who) != best;
            }
            checked++;
        }
        fc_error err;
        assert_int_equal(fc_match_play(f.m, legal[fc_rng_below(&rng, (uint32_t)n)], &err), 0);
    }
    assert_true(checked >= 10);
    assert_true(plain_missed >= checked); /* the check tells the two apart */
    hfx_close(&f);
}

static void test_keys(void **state)
{
    (void)state;
    fc_error err;
    assert_null(fc_agent_new("mcts:prior=policy", 1, &err));
    assert_string_equal(err.msg, "agent mcts: prior: 'policy' is not none, eval or puct");
    assert_null(fc_agent_new("mcts:pb=2", 1, &err));
    assert_string_equal(err.msg, "agent mcts: pb applies to prior=eval or prior=puct");
    assert_null(fc_agent_new("mcts:prior=eval,temp=0.1", 1, &err));
    assert_string_equal(err.msg, "agent mcts: temp applies to prior=puct");
    assert_null(fc_agent_new("mcts:prior=puct,temp=0", 1, &err));
    assert_string_equal(err.msg, "agent mcts: temp: 0 is out of range 0.001..100");
    assert_null(fc_agent_new("mcts:prior=eval,pb=-1", 1, &err));
    assert_string_equal(err.msg, "agent mcts: pb: -1 is out of range 0..1000");
    fc_agent *a = fc_agent_new("mcts:prior=eval,pb=3", 1, &err);
    assert_non_null(a);
    fc_agent_free(a);
    a = fc_agent_new("mcts:prior=puct,pb=0.5,temp=0.1", 1, &err);
    assert_non_null(a);
    fc_agent_free(a);
    a = fc_agent_new("mcts:prior=none", 1, &err);
    assert_non_null(a);
    fc_agent_free(a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_first_child_by_prior), cmocka_unit_test(test_keys)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
