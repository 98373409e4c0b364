/* The agent interface and the random agent, on the bidrace fixture (2 seats, 10 tokens: the
 * first decision is one of the 11 bids "bid 0".."bid 10"). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "formicary/agent.h"

typedef struct fx {
    fc_context *ctx;
    fc_rules *rules;
} fx;

static int setup(void **state)
{
    fx *f = calloc(1, sizeof *f);
    fc_error err;
    f->ctx = fc_context_new();
    fc_context_add_default_paths(f->ctx);
    fc_context_scan(f->ctx);
    f->rules = fc_rules_new(f->ctx, "bidrace", 2, &err);
    if (!f->rules || fc_rules_finish(f->rules, &err) != 0) {
        print_error("bidrace fixture: %s\n", err.msg);
        return -1;
    }
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

static void test_spec_errors(void **state)
{
    (void)state;
    fc_error err;
    assert_null(fc_agent_new("minimax", 1, &err));
    assert_int_equal(err.code, FC_EUNKNOWN);
    assert_string_equal(err.msg, "unknown agent 'minimax' (known: random, greedy, mcts, ab)");
    assert_null(fc_agent_new("random:depth=3", 1, &err));
    assert_string_equal(err.msg, "agent random: unknown key 'depth' (known: seed, restrict)");
    assert_null(fc_agent_new("random:seed", 1, &err));
    assert_string_equal(err.msg, "agent random: expected key=value, found 'seed'");
    assert_null(fc_agent_new("random:seed=-4", 1, &err));
    assert_string_equal(err.msg, "agent random: seed: '-4' is not a non-negative integer");
    assert_null(fc_agent_new("random:seed=1,seed=2", 1, &err));
    assert_string_equal(err.msg, "agent random: key 'seed' given twice");
    assert_null(fc_agent_new("random:", 1, &err));
    assert_null(fc_agent_new("random:seed=1,", 1, &err));
    assert_null(fc_agent_new("", 1, &err));
    assert_int_equal(err.code, FC_EINVAL);
}

static void test_spec_normalised(void **state)
{
    (void)state;
    fc_error err;
    fc_agent *a = fc_agent_new("random:seed=007", 1, &err);
    assert_non_null(a);
    assert_string_equal(fc_agent_spec(a), "random:seed=007");
    assert_string_equal(fc_agent_name(a), "random");
    fc_agent_free(a);
    a = fc_agent_new("random", 1, &err);
    assert_string_equal(fc_agent_spec(a), "random");
    fc_agent_free(a);
    assert_int_equal(fc_agent_kind_count(), 4);
    assert_string_equal(fc_agent_kind_name(0), "random");
    assert_string_equal(fc_agent_kind_name(1), "greedy");
    assert_string_equal(fc_agent_kind_name(2), "mcts");
    assert_string_equal(fc_agent_kind_name(3), "ab");
    assert_null(fc_agent_kind_name(4));
}

/* Plays a whole game with one agent per seat; returns the number of decisions and writes the
 * state hash. Chance by the match stream. */
static size_t play_game(const fc_rules *rules, const char *spec, uint64_t seed, uint64_t *hash)
{
    fc_error err;
    fc_match *m = fc_match_new(rules, 99, &err);
    fc_agent *a = fc_agent_new(spec, seed, &err);
    assert_non_null(m);
    assert_non_null(a);
    while (fc_match_to_move(m) != FC_NOBODY) {
        if (fc_match_to_move(m) == FC_CHANCE) {
            assert_int_equal(fc_match_play_chance(m, &err), 0);
            continue;
        }
        fc_decision d;
        assert_int_equal(fc_agent_choose(a, m, &d, &err), 0);
        assert_int_equal(fc_match_play(m, d, &err), 0); /* always legal */
        assert_true(fc_match_ply(m) < 10000);
    }
    fc_decision d;
    assert_int_equal(fc_agent_choose(a, m, &d, &err), FC_ESTATE);
    size_t n = fc_match_ply(m);
    *hash = fc_match_state_hash(m);
    fc_agent_free(a);
    fc_match_free(m);
    return n;
}

static void test_deterministic(void **state)
{
    fx *f = *state;
    uint64_t h1, h2, h3, h4;
    size_t n1 = play_game(f->rules, "random", 5, &h1);
    size_t n2 = play_game(f->rules, "random", 5, &h2);
    assert_int_equal(n1, n2);
    assert_true(h1 == h2);
    /* seed=5 in the spec overrides the seed argument */
    play_game(f->rules, "random:seed=5", 77, &h3);
    assert_true(h1 == h3);
    /* some of 8 other seeds must end differently from seed 5 */
    int differ = 0;
    for (uint64_t s = 10; s < 18; s++) {
        play_game(f->rules, "random", s, &h4);
        differ += h4 != h1;
    }
    assert_true(differ > 0);
}

/* choose does not change the match, so repeated draws in the first position are 11-way
 * uniform: 11000 draws, each bid expected 1000 times (sd ~30). */
static void test_uniform(void **state)
{
    fx *f = *state;
    fc_error err;
    fc_match *m = fc_match_new(f->rules, 1, &err);
    fc_agent *a = fc_agent_new("random", 3, &err);
    int count[11] = {0};
    for (int i = 0; i < 11000; i++) {
        fc_decision d;
        char text[32];
        assert_int_equal(fc_agent_choose(a, m, &d, &err), 0);
        assert_true(fc_match_decision_text(m, d, text, sizeof text) > 0);
        int bid = -1;
        assert_int_equal(sscanf(text, "bid %d", &bid), 1);
        assert_in_range(bid, 0, 10);
        count[bid]++;
    }
    for (int b = 0; b < 11; b++)
        assert_in_range(count[b], 850, 1150);
    assert_int_equal(fc_match_ply(m), 0);
    fc_agent_free(a);
    fc_match_free(m);
}

/* At a chance point the agent draws an outcome ("roll 1".."roll 6"). */
static void test_chance(void **state)
{
    fx *f = *state;
    fc_error err;
    fc_match *m = fc_match_new(f->rules, 1, &err);
    fc_agent *a = fc_agent_new("random", 3, &err);
    assert_int_equal(fc_match_play_text(m, "bid 2", &err), 0);
    assert_int_equal(fc_match_play_text(m, "bid 1", &err), 0);
    assert_int_equal(fc_match_to_move(m), FC_CHANCE);
    int seen[7] = {0};
    for (int i = 0; i < 600; i++) {
        fc_decision d;
        char text[32];
        int roll = 0;
        assert_int_equal(fc_agent_choose(a, m, &d, &err), 0);
        fc_match_decision_text(m, d, text, sizeof text);
        assert_int_equal(sscanf(text, "roll %d", &roll), 1);
        assert_in_range(roll, 1, 6);
        seen[roll]++;
    }
    for (int r = 1; r <= 6; r++)
        assert_true(seen[r] > 50);
    fc_agent_free(a);
    fc_match_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_spec_errors),
        cmocka_unit_test(test_spec_normalised),
        cmocka_unit_test(test_deterministic),
        cmocka_unit_test(test_uniform),
        cmocka_unit_test(test_chance),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
