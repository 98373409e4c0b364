/* The Termity variant library (scripts/termity): for each variant, one situation of real
 * play that resolves differently from the standard rules, and a 200-game comparison of
 * random play (seeds 1..200, 2 seats) showing the expected direction of change. Situations
 * were found by playing one random game under both rule sets in lockstep (vt_lockstep). */
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
    /* fixed swarms (Blue, Red): the situations below were found with them (R-09 deals at random) */
    *std = vt_rules(*state, "termity", 2, NULL, "swarms=0,1");
    *var = vt_rules(*state, "termity", 2, variant, "swarms=0,1");
}

/* V-1: hands are public, so a draw is announced with the token to everyone. */
static void test_open_hands(void **state)
{
    fc_rules *std, *var;
    compare(state, "open_hands", &std, &var);
    vt_diff d;
    vt_lockstep(std, var, 1, &d);
    assert_int_equal(d.ply, 1);
    assert_string_equal(d.event_a, "seat 2 draws a token");
    assert_string_equal(d.event_b, "seat 2 draws RED-03 Worker x2 (strength 2)");
    /* 200 games: every draw is public; random agents ignore information, so the outcomes
     * are exactly those of the standard game (the rules of play did not change). */
    static const char *const pat[] = {"draws a token"};
    vt_batch a, b;
    vt_run_batch(std, GAMES, pat, 1, &a);
    vt_run_batch(var, GAMES, pat, 1, &b);
    assert_true(a.count[0] > 1000);
    assert_int_equal(b.count[0], 0);
    assert_true(a.mean_score == b.mean_score && a.shared == b.shared);
    fc_rules_free(std);
    fc_rules_free(var);
}

/* Events "you draw" of seat 1 before its first deployment: its starting hand. */
static long starting_hand(const fc_rules *r)
{
    fc_match *m = vt_play(r, 1, "seat 1 deploys");
    long k = 0;
    for (size_t i = 0; i < fc_match_event_count(m); i++) {
        const fc_match_event *e = fc_match_event_get(m, i);
        k += e->audience == 1u && strncmp(e->text, "you draw ", 9) == 0;
    }
    fc_match_free(m);
    return k;
}

/* V-2: hands of 4. */
static void test_four_token_hand(void **state)
{
    fc_rules *std, *var;
    compare(state, "four_token_hand", &std, &var);
    assert_int_equal(starting_hand(std), 3);
    assert_int_equal(starting_hand(var), 4);
    /* 200 games: with a token more to choose from, fewer games end in a shared win and
     * strong tokens reach the board more often: more mound captures. */
    static const char *const pat[] = {"captures"};
    vt_batch a, b;
    vt_run_batch(std, GAMES, pat, 1, &a);
    vt_run_batch(var, GAMES, pat, 1, &b);
    assert_true(b.shared < a.shared);
    assert_true(b.count[0] > a.count[0]);
    assert_true(a.mean_rounds == 18.0 && b.mean_rounds == 18.0); /* still 18 rounds */
    fc_rules_free(std);
    fc_rules_free(var);
}

/* V-3: own mounds on the board at the end score double. */
static void test_held_double(void **state)
{
    fc_rules *std, *var;
    compare(state, "held_double", &std, &var);
    /* Seed 1 ends with mounds 9 and 7 on the board for each seat and 5, 6, 8 in reserve:
     * 16 + 19 = 35 each, doubled 32 + 19 = 51 each. */
    fc_match *ma = vt_play(std, 1, NULL), *mb = vt_play(var, 1, NULL);
    int32_t sa[FC_MAX_SEATS], sb[FC_MAX_SEATS];
    int ra[FC_MAX_SEATS], rb[FC_MAX_SEATS];
    fc_match_scores(ma, sa, ra);
    fc_match_scores(mb, sb, rb);
    char buf[200];
    /* the view names seats by their colours (fc_view_name_seats): seat 2 is Red */
    assert_string_equal(vt_view_text(mb, -1, "4,-4", buf, sizeof buf), "mound 9 of Red");
    assert_string_equal(vt_view_text(mb, -1, "0:reserve", buf, sizeof buf), "5 6 8");
    assert_int_equal(sa[0], 35);
    assert_int_equal(sa[1], 35);
    assert_int_equal(sb[0], 51);
    assert_int_equal(sb[1], 51);
    fc_match_free(ma);
    fc_match_free(mb);
    /* 200 games: scores rise by about the value of the held mounds. */
    vt_batch a, b;
    vt_run_batch(std, GAMES, NULL, 0, &a);
    vt_run_batch(var, GAMES, NULL, 0, &b);
    assert_true(b.mean_score > a.mean_score + 10.0);
    fc_rules_free(std);
    fc_rules_free(var);
}

/* V-4: a beaten Alate may be pushed into Vegetation, where it dies. */
static void test_lethal_thickets(void **state)
{
    fc_rules *std, *var;
    compare(state, "lethal_thickets", &std, &var);
    /* Seed 1: after 123 decisions seat 2 has beaten an Alate next to the thicket at -2,1. */
    vt_diff d;
    vt_lockstep(std, var, 1, &d);
    assert_int_equal(d.ply, 123);
    assert_string_equal(d.only_a, "");
    assert_string_equal(d.only_b, "retreat -2,1 destroyed");
    fc_match *m = vt_play_to(var, 1, 123);
    fc_error err;
    memset(&err, 0, sizeof err);
    assert_int_equal(fc_match_play_text(m, "retreat -2,1 destroyed", &err), 0);
    assert_non_null(strstr(vt_last_event(m), "destroyed"));
    fc_match_free(m);
    m = vt_play_to(std, 1, 123);
    assert_int_not_equal(fc_match_play_text(m, "retreat -2,1 destroyed", &err), 0);
    fc_match_free(m);
    /* 200 games: more units are destroyed, fewer retreat. */
    static const char *const pat[] = {"destroyed", "retreats"};
    vt_batch a, b;
    vt_run_batch(std, GAMES, pat, 2, &a);
    vt_run_batch(var, GAMES, pat, 2, &b);
    assert_true(b.count[0] > a.count[0]);
    assert_true(b.count[1] < a.count[1]);
    fc_rules_free(std);
    fc_rules_free(var);
}

/* Retreat decisions taken by another seat than the one that decided just before (the
 * attacker) over n random games. */
static long retreats_by_defender(const fc_rules *r, int n)
{
    long k = 0;
    for (int g = 1; g <= n; g++) {
        fc_match *m = vt_play(r, (uint64_t)g, NULL);
        /* "the unit of seat N retreats" follows "seat M attacks"; the retreat was chosen by
         * the seat of the decision that emitted the retreat event (history entry f->ply). */
        for (size_t i = 0; i + 1 < fc_match_event_count(m); i++) {
            const fc_match_event *e = fc_match_event_get(m, i), *f = fc_match_event_get(m, i + 1);
            int att, def;
            if (sscanf(e->text, "seat %d attacks", &att) == 1 && sscanf(f->text, "the unit of seat %d retreats", &def) == 1 &&
                f->ply < fc_match_ply(m) && fc_match_history(m, f->ply)->seat == def - 1)
                k++;
        }
        fc_match_free(m);
    }
    return k;
}

/* V-5: the owner of the beaten unit chooses the retreat. */
static void test_defender_retreats(void **state)
{
    fc_rules *std, *var;
    compare(state, "defender_retreats", &std, &var);
    /* Seed 1: after 123 decisions seat 2 (index 1) has won an attack; the standard rules
     * let it choose the retreat, the variant asks seat 1 (index 0), the defender. */
    vt_diff d;
    vt_lockstep(std, var, 1, &d);
    assert_int_equal(d.ply, 123);
    assert_int_equal(d.to_move_a, 1);
    assert_int_equal(d.to_move_b, 0);
    /* 200 games: retreats are chosen by the defender only under the variant. */
    long a = retreats_by_defender(std, GAMES), b = retreats_by_defender(var, GAMES);
    assert_int_equal(a, 0);
    assert_true(b > 100);
    fc_rules_free(std);
    fc_rules_free(var);
}

/* fortified_mounds (hook defence_strength): mounds defend with +2. */
static void test_fortified_mounds(void **state)
{
    fc_rules *std, *var;
    compare(state, "fortified_mounds", &std, &var);
    /* Seed 5: after 155 decisions seat 1 could attack the neutral mound at 0,0 with just
     * enough strength; +2 makes the attack impossible (attacks need strictly more). */
    vt_diff d;
    vt_lockstep(std, var, 5, &d);
    assert_int_equal(d.ply, 155);
    assert_string_equal(d.only_a, "attack 0,0 from 0,-1");
    assert_string_equal(d.only_b, "");
    char buf[200];
    fc_match *m = vt_play_to(var, 5, 155);
    assert_string_equal(vt_view_text(m, -1, "0,0", buf, sizeof buf), "neutral mound 7");
    fc_match_free(m);
    /* 200 games: far fewer mounds are captured, and games are closer. */
    static const char *const pat[] = {"captures"};
    vt_batch a, b;
    vt_run_batch(std, GAMES, pat, 1, &a);
    vt_run_batch(var, GAMES, pat, 1, &b);
    assert_true(b.count[0] * 2 < a.count[0]);
    assert_true(b.mean_margin < a.mean_margin);
    fc_rules_free(std);
    fc_rules_free(var);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_open_hands),      cmocka_unit_test(test_four_token_hand),
        cmocka_unit_test(test_held_double),     cmocka_unit_test(test_lethal_thickets),
        cmocka_unit_test(test_defender_retreats), cmocka_unit_test(test_fortified_mounds),
    };
    return cmocka_run_group_tests(tests, vt_group_setup, vt_group_teardown);
}
