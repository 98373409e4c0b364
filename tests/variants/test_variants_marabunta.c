/* The Marabunta variant library (scripts/marabunta): for each variant, one situation of real
 * play that resolves differently from the standard rules, and a 200-game comparison of
 * random play (seeds 1..200) showing the expected direction of change. Situations were
 * found by playing one random game under both rule sets in lockstep (vt_lockstep). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "vt.h"

#define GAMES 200

static void compare(void **state, const char *variant, fc_rules **std, fc_rules **var)
{
    *std = vt_rules(*state, "marabunta", 2, NULL, NULL);
    *var = vt_rules(*state, "marabunta", 2, variant, NULL);
}

/* V-1: once per game a chooser may re-split instead of choosing. */
static void test_counter_cut(void **state)
{
    fc_rules *std, *var;
    compare(state, "counter_cut", &std, &var);
    /* Seed 1: the first split is offered to seat 1 (index 1) after 8 decisions. */
    vt_diff d;
    vt_lockstep(std, var, 1, &d);
    assert_int_equal(d.ply, 8);
    assert_int_equal(d.to_move_a, 1);
    assert_string_equal(d.only_a, "");
    assert_string_equal(d.only_b, "counter");
    fc_match *m = vt_play_to(var, 1, 8);
    fc_error err;
    memset(&err, 0, sizeof err);
    assert_int_equal(fc_match_play_text(m, "counter", &err), 0);
    assert_int_equal(fc_match_to_move(m), 1); /* the counter-cutter now splits */
    fc_match_free(m);
    m = vt_play_to(std, 1, 8);
    assert_int_not_equal(fc_match_play_text(m, "counter", &err), 0);
    fc_match_free(m);
    /* 200 games: at most one counter-cut per player and game, and longer games. */
    static const char *const pat[] = {"counter"};
    vt_batch a, b;
    vt_run_batch(std, GAMES, pat, 1, &a);
    vt_run_batch(var, GAMES, pat, 1, &b);
    assert_int_equal(a.count[0], 0);
    assert_true(b.count[0] > GAMES && b.count[0] <= 2 * GAMES);
    assert_true(b.mean_decisions > a.mean_decisions);
    fc_rules_free(std);
    fc_rules_free(var);
}

/* V-2: a seventh, white die. */
static void test_seventh_die(void **state)
{
    fc_rules *std, *var;
    compare(state, "seventh_die", &std, &var);
    /* Seed 1: after the six dice (7 decisions) the standard game lets seat 0 split; the
     * variant rolls the white die first. */
    vt_diff d;
    vt_lockstep(std, var, 1, &d);
    assert_int_equal(d.ply, 7);
    assert_int_equal(d.to_move_a, 0);
    assert_int_equal(d.to_move_b, FC_CHANCE);
    /* 200 games: more material per round: more points and fewer rounds. */
    static const char *const pat[] = {"white die"};
    vt_batch a, b;
    vt_run_batch(std, GAMES, pat, 1, &a);
    vt_run_batch(var, GAMES, pat, 1, &b);
    assert_int_equal(a.count[0], 0);
    assert_true(b.count[0] > 10 * GAMES);
    assert_true(b.mean_score > a.mean_score);
    assert_true(b.mean_rounds < a.mean_rounds);
    fc_rules_free(std);
    fc_rules_free(var);
}

/* V-3: no ant hills; the first number is exempt from adjacency. */
static void test_no_ant_hills(void **state)
{
    fc_rules *std, *var;
    compare(state, "no_ant_hills", &std, &var);
    /* Seed 1, seat 1's first number: the standard game needs an ant hill to write it at
     * 0,0 away from its numbers; the variant writes it there for free. */
    vt_diff d;
    vt_lockstep(std, var, 1, &d);
    assert_int_equal(d.ply, 12);
    assert_string_equal(d.only_a, "write 0,0 hill");
    assert_string_equal(d.only_b, "write 0,0");
    /* 200 games: no ant hill is ever spent, and fewer points are scored. */
    static const char *const pat[] = {"spends an ant hill"};
    vt_batch a, b;
    vt_run_batch(std, GAMES, pat, 1, &a);
    vt_run_batch(var, GAMES, pat, 1, &b);
    assert_true(a.count[0] > GAMES);
    assert_int_equal(b.count[0], 0);
    assert_true(b.mean_score < a.mean_score);
    fc_rules_free(std);
    fc_rules_free(var);
}

/* V-4: the smaller non-zero sum scores half the region value. */
static void test_runner_up_half(void **state)
{
    fc_rules *std, *var;
    compare(state, "runner_up_half", &std, &var);
    /* Seed 1 plays identically and ends 4-16; red's lost regions now give it 1 VP. */
    vt_diff d;
    vt_lockstep(std, var, 1, &d);
    assert_string_equal(d.event_a, "game over after round 17: red 4, blue 16");
    assert_string_equal(d.event_b, "game over after round 17: red 5, blue 16");
    /* 200 games: the trailing player gains most: higher minimum, smaller margin. */
    vt_batch a, b;
    vt_run_batch(std, GAMES, NULL, 0, &a);
    vt_run_batch(var, GAMES, NULL, 0, &b);
    assert_true(b.mean_min > a.mean_min + 0.5);
    assert_true(b.mean_margin < a.mean_margin);
    fc_rules_free(std);
    fc_rules_free(var);
}

/* V-5: three groups, the third is discarded. */
static void test_three_way_split(void **state)
{
    fc_rules *std, *var;
    compare(state, "three_way_split", &std, &var);
    vt_diff d;
    vt_lockstep(std, var, 1, &d);
    assert_int_equal(d.ply, 7);
    assert_string_equal(d.only_a, "split tile / pink,blue,orange,green,grey,yellow");
    assert_string_equal(d.only_b, "split pink / blue,green,grey,yellow,tile / orange");
    /* 200 games: a third of the material is thrown away: longer games, fewer points. */
    vt_batch a, b;
    vt_run_batch(std, GAMES, NULL, 0, &a);
    vt_run_batch(var, GAMES, NULL, 0, &b);
    assert_true(b.mean_rounds > a.mean_rounds + 2.0);
    assert_true(b.mean_score < a.mean_score);
    fc_rules_free(std);
    fc_rules_free(var);
}

/* shared_ties (hook region_score): tied non-zero regions score half for both. */
static void test_shared_ties(void **state)
{
    fc_rules *std, *var;
    compare(state, "shared_ties", &std, &var);
    /* Seed 3 ends with one tied region: each player gains half its leaf value, 1 VP. */
    vt_diff d;
    vt_lockstep(std, var, 3, &d);
    assert_string_equal(d.event_a, "game over after round 15: red 5, blue 16");
    assert_string_equal(d.event_b, "game over after round 15: red 6, blue 17");
    /* 200 games: play is unchanged, scores can only rise, winners are the same or tied. */
    vt_batch a, b;
    vt_run_batch(std, GAMES, NULL, 0, &a);
    vt_run_batch(var, GAMES, NULL, 0, &b);
    assert_true(b.mean_score > a.mean_score);
    assert_true(a.mean_decisions == b.mean_decisions);
    fc_rules_free(std);
    fc_rules_free(var);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_counter_cut),    cmocka_unit_test(test_seventh_die),
        cmocka_unit_test(test_no_ant_hills),   cmocka_unit_test(test_runner_up_half),
        cmocka_unit_test(test_three_way_split), cmocka_unit_test(test_shared_ties),
    };
    return cmocka_run_group_tests(tests, vt_group_setup, vt_group_teardown);
}
