/* Simulation: results independent of the thread count and of how the games are split into
 * runs, seat rotation, seeds, timeouts, configuration errors and the per-game metric values. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "fixture.h"
#include "formicary/sim.h"

#define NGAMES 24

typedef struct fx {
    fc_context *ctx;
    fc_rules *rules;
    fc_sim_config cfg;
} fx;

static int setup(void **state)
{
    fx *f = calloc(1, sizeof *f);
    f->ctx = fixture_context();
    f->rules = fixture_rules(f->ctx, 3, NULL);
    f->cfg.rules = f->rules;
    f->cfg.nagents = 3;
    f->cfg.agents[0] = "mcts:iters=60";
    f->cfg.agents[1] = "greedy";
    f->cfg.agents[2] = "random";
    f->cfg.seed = 99;
    f->cfg.threads = 1;
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fx *f = *state;
    fc_rules_free(f->rules);
    fc_context_free(f->ctx);
    free(f);
    return 0;
}

/* Everything but the wall-clock time must match. */
static void assert_same_games(fc_sim_game *a, fc_sim_game *b, int n)
{
    for (int i = 0; i < n; i++) {
        a[i].seconds = b[i].seconds = 0;
        assert_int_equal(a[i].index, b[i].index);
        assert_memory_equal(&a[i], &b[i], sizeof a[i]);
    }
}

static void test_threads(void **state)
{
    fx *f = *state;
    fc_error err;
    fc_sim_game one[NGAMES], two[NGAMES], three[NGAMES], split[NGAMES];
    memset(one, 0, sizeof one);
    memset(two, 0, sizeof two);
    memset(three, 0, sizeof three);
    memset(split, 0, sizeof split);
    f->cfg.threads = 1;
    assert_int_equal(fc_sim_run(&f->cfg, 0, NGAMES, one, &err), 0);
    f->cfg.threads = 2;
    assert_int_equal(fc_sim_run(&f->cfg, 0, NGAMES, two, &err), 0);
    f->cfg.threads = 3;
    assert_int_equal(fc_sim_run(&f->cfg, 0, NGAMES, three, &err), 0);
    /* games 0..9 and 10..23 in two runs (as the sequential A/B test does) */
    assert_int_equal(fc_sim_run(&f->cfg, 0, 10, split, &err), 0);
    assert_int_equal(fc_sim_run(&f->cfg, 10, NGAMES - 10, split + 10, &err), 0);
    assert_same_games(one, two, NGAMES);
    assert_same_games(one, three, NGAMES);
    assert_same_games(one, split, NGAMES);
    /* the games are real and differ from one another */
    int distinct = 0;
    for (int i = 0; i < NGAMES; i++) {
        assert_int_equal(one[i].index, i);
        assert_true(one[i].seed == fc_sim_match_seed(99, i));
        assert_true(one[i].decisions > 0);
        assert_false(one[i].timeout);
        assert_true(one[i].winners >= 1);
        distinct += i > 0 && memcmp(one[i].score, one[i - 1].score, sizeof one[i].score) != 0;
    }
    assert_true(distinct > NGAMES / 2);
    /* another seed gives other games */
    f->cfg.seed = 100;
    assert_int_equal(fc_sim_run(&f->cfg, 0, NGAMES, two, &err), 0);
    int same = 0;
    for (int i = 0; i < NGAMES; i++)
        same += memcmp(one[i].score, two[i].score, sizeof one[i].score) == 0;
    assert_true(same < NGAMES);
}

/* Agent k sits in seat (k + i) mod n in game i: over 3 games each agent sits in each seat
 * once. With fixed seats agent s is always in seat s. */
static void test_rotation(void **state)
{
    fx *f = *state;
    int count[3][3] = {{0}};
    for (int i = 0; i < 3; i++)
        for (int s = 0; s < 3; s++)
            count[fc_sim_agent_at(&f->cfg, i, s)][s]++;
    for (int k = 0; k < 3; k++)
        for (int s = 0; s < 3; s++)
            assert_int_equal(count[k][s], 1);
    assert_int_equal(fc_sim_agent_at(&f->cfg, 0, 0), 0);
    assert_int_equal(fc_sim_agent_at(&f->cfg, 1, 1), 0); /* agent 0 moved to seat 1 */
    assert_int_equal(fc_sim_agent_at(&f->cfg, 1, 0), 2);
    assert_int_equal(fc_sim_agent_at(&f->cfg, 5, 2), 0);
    f->cfg.fixed_seats = true;
    for (int i = 0; i < 4; i++)
        for (int s = 0; s < 3; s++)
            assert_int_equal(fc_sim_agent_at(&f->cfg, i, s), s);
    fc_error err;
    fc_sim_game g[3];
    assert_int_equal(fc_sim_run(&f->cfg, 0, 3, g, &err), 0);
    assert_int_equal(g[2].agent_at[0], 0);
    f->cfg.fixed_seats = false;
    assert_int_equal(fc_sim_run(&f->cfg, 0, 3, g, &err), 0);
    assert_int_equal(g[2].agent_at[0], 1);
}

static void test_timeout_and_errors(void **state)
{
    fx *f = *state;
    fc_error err;
    fc_sim_game g[4];
    f->cfg.max_decisions = 3;
    assert_int_equal(fc_sim_run(&f->cfg, 0, 4, g, &err), 0);
    for (int i = 0; i < 4; i++) {
        assert_true(g[i].timeout);
        assert_int_equal(g[i].winners, 0);
        assert_true(g[i].decisions + g[i].chance == 3);
        assert_true(fc_sim_value(&g[i], 3, FC_SIM_WIN_SHARE, 0) == 0.0);
        assert_true(fc_sim_value(&g[i], 3, FC_SIM_TIMEOUT, 0) == 1.0);
    }
    f->cfg.max_decisions = 0;
    f->cfg.agents[1] = "mcts:iters=-3";
    assert_int_equal(fc_sim_run(&f->cfg, 0, 4, g, &err), FC_EPARSE);
    assert_string_equal(err.msg, "agent 2: agent mcts: iters: '-3' is not a non-negative integer");
    f->cfg.agents[1] = "greedy";
    f->cfg.nagents = 2;
    assert_int_equal(fc_sim_check(&f->cfg, &err), FC_EINVAL);
    assert_string_equal(err.msg, "sim: 2 agents for 3 seats");
    f->cfg.nagents = 3;
    f->cfg.threads = 0;
    assert_int_equal(fc_sim_check(&f->cfg, &err), FC_ERANGE);
    f->cfg.threads = 1;
    assert_int_equal(fc_sim_check(&f->cfg, &err), 0);
}

/* Metric values of a hand-made game: 3 seats, agents rotated by one (agent k in seat k+1),
 * scores 10, 14, 14 so seats 2 and 3 share the win. */
static void test_values(void **state)
{
    (void)state;
    fc_sim_game g;
    memset(&g, 0, sizeof g);
    g.agent_at[0] = 2;
    g.agent_at[1] = 0;
    g.agent_at[2] = 1;
    g.score[0] = 10;
    g.score[1] = 14;
    g.score[2] = 14;
    g.rank[0] = 2;
    g.winners = 2;
    g.decisions = 40;
    g.choice_points = 30;
    g.branching = 3.5;
    g.rounds = 7;
    g.lead_changes = 4;
    g.drama = 0.25;
    assert_true(fc_sim_value(&g, 3, FC_SIM_WIN_SHARE, 0) == 0.5); /* agent 0 in seat 1 */
    assert_true(fc_sim_value(&g, 3, FC_SIM_WIN_SHARE, 1) == 0.5);
    assert_true(fc_sim_value(&g, 3, FC_SIM_WIN_SHARE, 2) == 0.0);
    assert_true(fc_sim_value(&g, 3, FC_SIM_SEAT_WIN, 0) == 0.0);
    assert_true(fc_sim_value(&g, 3, FC_SIM_SEAT_WIN, 2) == 0.5);
    assert_true(fc_sim_value(&g, 3, FC_SIM_SCORE, 2) == 10.0);
    assert_true(fc_sim_value(&g, 3, FC_SIM_AGENT_MARGIN, 2) == -4.0);
    assert_true(fc_sim_value(&g, 3, FC_SIM_AGENT_MARGIN, 0) == 0.0);
    assert_true(fc_sim_value(&g, 3, FC_SIM_MARGIN, 0) == 0.0); /* 14 - 14 */
    assert_true(fc_sim_value(&g, 3, FC_SIM_SHARED, 0) == 1.0);
    assert_true(fc_sim_value(&g, 3, FC_SIM_DECISION_SHARE, 0) == 0.75);
    assert_true(fc_sim_value(&g, 3, FC_SIM_DECISIONS, 0) == 40.0);
    assert_true(fc_sim_value(&g, 3, FC_SIM_ROUNDS, 0) == 7.0);
    assert_true(fc_sim_value(&g, 3, FC_SIM_BRANCHING, 0) == 3.5);
    assert_true(fc_sim_value(&g, 3, FC_SIM_LEAD_CHANGES, 0) == 4.0);
    assert_true(fc_sim_value(&g, 3, FC_SIM_DRAMA, 0) == 0.25);
    g.score[2] = 11;
    g.rank[2] = 1;
    g.winners = 1;
    assert_true(fc_sim_value(&g, 3, FC_SIM_MARGIN, 0) == 3.0);
    assert_true(fc_sim_value(&g, 3, FC_SIM_WIN_SHARE, 0) == 1.0);
    assert_string_equal(fc_sim_metric_name(FC_SIM_DECISION_SHARE), "decision_share");
    assert_null(fc_sim_metric_name(FC_SIM_NMETRICS));
}

/* A real run's derived values are consistent: win shares of the agents sum to 1 in every
 * finished game, branching >= 1, decision share in [0, 1]. */
static void test_consistency(void **state)
{
    fx *f = *state;
    fc_error err;
    fc_sim_game g[NGAMES];
    f->cfg.threads = 2;
    assert_int_equal(fc_sim_run(&f->cfg, 0, NGAMES, g, &err), 0);
    for (int i = 0; i < NGAMES; i++) {
        double sum = 0;
        for (int k = 0; k < 3; k++)
            sum += fc_sim_value(&g[i], 3, FC_SIM_WIN_SHARE, k);
        assert_true(sum > 0.999 && sum < 1.001);
        assert_true(g[i].branching >= 1.0);
        double share = fc_sim_value(&g[i], 3, FC_SIM_DECISION_SHARE, 0);
        assert_true(share >= 0 && share <= 1);
        assert_true(g[i].rounds >= 1);
        assert_true(g[i].drama >= 0 && g[i].drama <= 1);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_threads, setup, teardown),
        cmocka_unit_test_setup_teardown(test_rotation, setup, teardown),
        cmocka_unit_test_setup_teardown(test_timeout_and_errors, setup, teardown),
        cmocka_unit_test(test_values),
        cmocka_unit_test_setup_teardown(test_consistency, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
