/* fc_sim_config's per-game hook and starting position (sim.h): on_game is called once per
 * finished game with its final match, from the worker threads; its failure stops the run with
 * the lowest failing game; a position needs a game that reads positions. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "fixture.h"
#include "formicary/sim.h"

#define NGAMES 16

typedef struct seen {
    int calls[NGAMES];       /* each game's slot is written by the thread playing it only */
    size_t ply[NGAMES];      /* the match's decisions when the hook saw it */
    int over[NGAMES];        /* the match was over */
    uint64_t seed[NGAMES];
    int fail_at[2];          /* games whose hook fails */
} seen;

static int on_game(void *ud, int index, const fc_match *m, fc_error *err)
{
    seen *s = ud;
    if (index < 0 || index >= NGAMES)
        return fc_error_set(err, FC_ERANGE, "index %d", index);
    s->calls[index]++;
    s->ply[index] = fc_match_ply(m);
    s->over[index] = fc_match_to_move(m) == FC_NOBODY;
    s->seed[index] = fc_match_seed(m);
    if (index == s->fail_at[0] || index == s->fail_at[1])
        return fc_error_set(err, FC_EIO, "cannot save game %d", index);
    return 0;
}

static void config(fc_sim_config *c, const fc_rules *r, seen *s, int threads)
{
    memset(c, 0, sizeof *c);
    c->rules = r;
    c->nagents = 2;
    c->agents[0] = "greedy";
    c->agents[1] = "random";
    c->seed = 5;
    c->threads = threads;
    c->on_game = on_game;
    c->on_game_ud = s;
}

static void test_every_game_once(void **state)
{
    (void)state;
    fc_context *ctx = fixture_context();
    fc_rules *r = fixture_rules(ctx, 2, NULL);
    for (int threads = 1; threads <= 3; threads += 2) {
        seen s;
        memset(&s, 0, sizeof s);
        s.fail_at[0] = s.fail_at[1] = -1;
        fc_sim_config c;
        config(&c, r, &s, threads);
        fc_sim_game g[NGAMES];
        fc_error err;
        fc_error_clear(&err);
        assert_int_equal(fc_sim_run(&c, 0, NGAMES, g, &err), 0);
        for (int i = 0; i < NGAMES; i++) {
            assert_int_equal(s.calls[i], 1);
            assert_true(s.over[i]); /* final: the game ended before the hook */
            assert_int_equal(s.ply[i], (size_t)(g[i].decisions + g[i].chance));
            assert_true(s.seed[i] == g[i].seed);
        }
    }
    fc_rules_free(r);
    fc_context_free(ctx);
}

/* Hooks failing at games 9 and 5: the run fails with game 5's error whatever the threads. */
static void test_hook_failure(void **state)
{
    (void)state;
    fc_context *ctx = fixture_context();
    fc_rules *r = fixture_rules(ctx, 2, NULL);
    for (int threads = 1; threads <= 4; threads += 3) {
        seen s;
        memset(&s, 0, sizeof s);
        s.fail_at[0] = 9;
        s.fail_at[1] = 5;
        fc_sim_config c;
        config(&c, r, &s, threads);
        fc_sim_game g[NGAMES];
        fc_error err;
        fc_error_clear(&err);
        assert_int_equal(fc_sim_run(&c, 0, NGAMES, g, &err), FC_EIO);
        assert_non_null(strstr(err.msg, "game 5 "));
        assert_non_null(strstr(err.msg, "cannot save game 5"));
    }
    fc_rules_free(r);
    fc_context_free(ctx);
}

/* bidrace has no position format: a position is refused by the check, before any game. */
static void test_position_without_format(void **state)
{
    (void)state;
    fc_context *ctx = fixture_context();
    fc_rules *r = fixture_rules(ctx, 2, NULL);
    seen s;
    memset(&s, 0, sizeof s);
    s.fail_at[0] = s.fail_at[1] = -1;
    fc_sim_config c;
    config(&c, r, &s, 1);
    c.position = "anything";
    fc_sim_game g[2];
    fc_error err;
    fc_error_clear(&err);
    assert_int_not_equal(fc_sim_check(&c, &err), 0);
    assert_non_null(strstr(err.msg, "does not read positions"));
    fc_error_clear(&err);
    assert_int_not_equal(fc_sim_run(&c, 0, 2, g, &err), 0);
    assert_int_equal(s.calls[0] + s.calls[1], 0);
    fc_rules_free(r);
    fc_context_free(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_game_once),
        cmocka_unit_test(test_hook_failure),
        cmocka_unit_test(test_position_without_format),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
