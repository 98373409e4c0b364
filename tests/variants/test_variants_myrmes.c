/* The Myrmes variant library (scripts/myrmes): for each variant, one situation of real play
 * that resolves differently from the standard rules, and a 200-game comparison of random
 * play (seeds 1..200, 2 seats unless noted) showing the expected direction of change. The
 * situations were found by playing the same random game under both rule sets in lockstep. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "vt.h"

#define GAMES 200

/* V-1: the game stops after the winter of year 2; winter food 4 then 6. */
static void test_short_game(void **state)
{
    fc_rules *std = vt_rules(*state, "myrmes", 2, NULL, NULL), *var = vt_rules(*state, "myrmes", 2, "short_game", NULL);
    fc_match *m = vt_play(var, 1, NULL);
    char buf[200];
    assert_int_equal(fc_match_to_move(m), FC_NOBODY);
    assert_int_equal(vt_count_events(m, "Red pays"), 2); /* two winters, not three */
    assert_string_equal(vt_find_event(m, "Year 3", buf, sizeof buf), "");
    fc_match_free(m);
    /* Year 2 winter: Red owes 6 - 1 soldier = 5 instead of 5 - 1 = 4 (year 1 is 4 in both). */
    vt_diff d;
    vt_lockstep(std, var, 1, &d);
    assert_string_equal(d.event_a, "Red pays 2 of 4 food in winter");
    assert_string_equal(d.event_b, "Red pays 2 of 5 food in winter");
    /* 200 games: 9 rounds (3 years x 3 seasons) become 6, and fewer winter penalties. */
    vt_batch a, b;
    vt_run_batch(std, GAMES, NULL, 0, &a);
    vt_run_batch(var, GAMES, NULL, 0, &b);
    assert_true(a.mean_rounds == 9.0 && b.mean_rounds == 6.0);
    assert_true(b.mean_decisions < a.mean_decisions * 0.8);
    assert_true(b.mean_score > a.mean_score);
    fc_rules_free(std);
    fc_rules_free(var);
}

/* V-2: food 5/6/7, 4 VP per missing food, soldiers cut at most half. */
static void test_harsh_winter(void **state)
{
    fc_rules *std = vt_rules(*state, "myrmes", 2, NULL, NULL),
             *var = vt_rules(*state, "myrmes", 2, "harsh_winter", NULL);
    /* Seed 1, first winter: Red has no soldier and owes 4 (standard) or 5 (harsh). */
    vt_diff d;
    vt_lockstep(std, var, 1, &d);
    assert_int_equal(d.ply, 53);
    assert_string_equal(d.event_a, "Red pays 0 of 4 food in winter");
    assert_string_equal(d.event_b, "Red pays 0 of 5 food in winter");
    /* Those 5 unpaid food cost 4 VP each: 20 VP instead of 12 with 3 VP per food. */
    fc_match *ma = vt_play(std, 1, "Red pays"), *mb = vt_play(var, 1, "Red pays");
    int32_t sa[FC_MAX_SEATS], sb[FC_MAX_SEATS];
    int ra[FC_MAX_SEATS], rb[FC_MAX_SEATS];
    fc_match_scores(ma, sa, ra);
    fc_match_scores(mb, sb, rb);
    assert_int_equal(sa[0] - sb[0], 20 - 12);
    fc_match_free(ma);
    fc_match_free(mb);
    /* 200 games: scores fall sharply (random colonies rarely pay winter in full). */
    vt_batch a, b;
    vt_run_batch(std, GAMES, NULL, 0, &a);
    vt_run_batch(var, GAMES, NULL, 0, &b);
    assert_true(b.mean_score < a.mean_score - 10.0);
    fc_rules_free(std);
    fc_rules_free(var);
}

/* V-3: a termite needs 2 soldiers (spider 3) and pays 3 VP (spider 6). */
static void test_dangerous_prey(void **state)
{
    fc_rules *std = vt_rules(*state, "myrmes", 2, NULL, NULL),
             *var = vt_rules(*state, "myrmes", 2, "dangerous_prey", NULL);
    /* Seed 20: after 13 decisions Red, with one soldier, may hunt the termite at 7,13 only
     * under the standard rules. */
    vt_diff d;
    vt_lockstep(std, var, 20, &d);
    assert_int_equal(d.ply, 13);
    assert_string_equal(d.only_a, "hunt 7,13");
    assert_string_equal(d.only_b, "");
    char buf[200];
    fc_match *m = vt_play_to(std, 20, 13);
    assert_int_equal(fc_match_to_move(m), 0);
    assert_string_equal(vt_view_text(m, -1, "0:ants", buf, sizeof buf), "0 workers, 1 in rooms, 1 soldiers");
    fc_error err;
    memset(&err, 0, sizeof err);
    assert_int_equal(fc_match_play_text(m, "hunt 7,13", &err), 0);
    assert_string_equal(vt_last_event(m), "Red hunts a termite at (7,13)");
    fc_match_free(m);
    m = vt_play_to(var, 20, 13);
    assert_int_not_equal(fc_match_play_text(m, "hunt 7,13", &err), 0);
    fc_match_free(m);
    /* 200 games: fewer termites and spiders are hunted (ladybugs are unchanged at 1 soldier). */
    static const char *const pat[] = {"hunts a termite", "hunts a spider", "hunts a ladybug"};
    vt_batch a, b;
    vt_run_batch(std, GAMES, pat, 3, &a);
    vt_run_batch(var, GAMES, pat, 3, &b);
    assert_true(b.count[0] + b.count[1] < a.count[0] + a.count[1]);
    assert_true(b.count[1] < a.count[1]);
    fc_rules_free(std);
    fc_rules_free(var);
}

/* Steps of seat decisions onto an opponent's tunnel exit over n random games. */
static long steps_onto_opponent_exits(const fc_rules *r, int n)
{
    static const char *const names[] = {"Red", "Blue", "Yellow", "Black"};
    long k = 0;
    for (int g = 1; g <= n; g++) {
        fc_match *m = vt_play_to(r, (uint64_t)g, 0);
        fc_agent *a = fc_agent_new("random", (uint64_t)g * 7919u + 1u, NULL);
        fc_error err;
        memset(&err, 0, sizeof err);
        while (fc_match_to_move(m) != FC_NOBODY) {
            int who = fc_match_to_move(m);
            if (who == FC_CHANCE) {
                assert_int_equal(fc_match_play_chance(m, &err), 0);
                continue;
            }
            fc_decision dec;
            assert_int_equal(fc_agent_choose(a, m, &dec, &err), 0);
            char text[64], label[200], own[64];
            fc_match_decision_text(m, dec, text, sizeof text);
            snprintf(own, sizeof own, "tunnel exit of %s", names[who & 3]);
            if (strncmp(text, "step ", 5) == 0 && strstr(vt_view_text(m, -1, text + 5, label, sizeof label), "tunnel exit of") &&
                !strstr(label, own))
                k++;
            assert_int_equal(fc_match_play(m, dec, &err), 0);
        }
        fc_agent_free(a);
        fc_match_free(m);
    }
    return k;
}

/* V-4: workers may not enter opponents' tunnel exits. */
static void test_guarded_exits(void **state)
{
    fc_rules *std = vt_rules(*state, "myrmes", 4, NULL, NULL),
             *var = vt_rules(*state, "myrmes", 4, "guarded_exits", NULL);
    /* Seed 7 with 4 players: after 109 decisions Red's worker stands next to Black's exit. */
    vt_diff d;
    vt_lockstep(std, var, 7, &d);
    assert_int_equal(d.ply, 109);
    assert_int_equal(d.to_move_a, 0);
    assert_string_equal(d.only_a, "step 2,8");
    char buf[200];
    fc_match *m = vt_play_to(var, 7, 109);
    assert_string_equal(vt_view_text(m, -1, "2,8", buf, sizeof buf), "tunnel exit of Black");
    fc_error err;
    memset(&err, 0, sizeof err);
    assert_int_not_equal(fc_match_play_text(m, "step 2,8", &err), 0);
    fc_match_free(m);
    /* 200 games with 4 players: such steps happen in standard play, never in the variant. */
    long a = steps_onto_opponent_exits(std, GAMES), b = steps_onto_opponent_exits(var, GAMES);
    assert_true(a > 0);
    assert_int_equal(b, 0);
    fc_rules_free(std);
    fc_rules_free(var);
}

/* V-5: ties for first are broken by stored cubes, larvae, fewer exits. Seed 51 ends -2 to -2
 * with Red holding 1 cube and Blue 3: Blue wins alone. */
#define SW_SEED 51
#define SW_RANK0 1
#define SW_STORAGE0 "0 food, 1 dirt, 0 stone"
#define SW_STORAGE1 "0 food, 3 dirt, 0 stone"
static void test_single_winner(void **state)
{
    fc_rules *std = vt_rules(*state, "myrmes", 2, NULL, NULL),
             *var = vt_rules(*state, "myrmes", 2, "single_winner", NULL);
    fc_match *ma = vt_play(std, SW_SEED, NULL), *mb = vt_play(var, SW_SEED, NULL);
    int32_t sa[FC_MAX_SEATS], sb[FC_MAX_SEATS];
    int ra[FC_MAX_SEATS], rb[FC_MAX_SEATS];
    fc_match_scores(ma, sa, ra);
    fc_match_scores(mb, sb, rb);
    assert_int_equal(sa[0], sa[1]);
    assert_int_equal(ra[0], 0);
    assert_int_equal(ra[1], 0);
    assert_int_equal(sb[0], sa[0]); /* scores unchanged, only the ranking */
    assert_int_equal(rb[0], SW_RANK0);
    assert_int_equal(rb[1], 1 - SW_RANK0);
    char c0[128], c1[128];
    assert_string_equal(vt_view_text(mb, -1, "0:storage", c0, sizeof c0), SW_STORAGE0);
    assert_string_equal(vt_view_text(mb, -1, "1:storage", c1, sizeof c1), SW_STORAGE1);
    fc_match_free(ma);
    fc_match_free(mb);
    /* 200 games: shared wins become rare (only full ties on every criterion remain). */
    vt_batch a, b;
    vt_run_batch(std, GAMES, NULL, 0, &a);
    vt_run_batch(var, GAMES, NULL, 0, &b);
    assert_true(a.shared >= 5);
    assert_true(b.shared * 3 < a.shared);
    assert_true(a.mean_score == b.mean_score);
    fc_rules_free(std);
    fc_rules_free(var);
}

/* winter_aid (hook winter_cost): the last player owes 2 food less. */
static void test_winter_aid(void **state)
{
    fc_rules *std = vt_rules(*state, "myrmes", 2, NULL, NULL), *var = vt_rules(*state, "myrmes", 2, "winter_aid", NULL);
    /* Seed 1, first winter: Blue trails and owes 4 - 2 = 2; Red (ahead) is unaffected. */
    vt_diff d;
    vt_lockstep(std, var, 1, &d);
    assert_string_equal(d.event_a, "Blue pays 1 of 4 food in winter");
    assert_string_equal(d.event_b, "Blue pays 1 of 2 food in winter");
    /* 200 games: the trailing player loses far less, so the lowest score rises. */
    vt_batch a, b;
    vt_run_batch(std, GAMES, NULL, 0, &a);
    vt_run_batch(var, GAMES, NULL, 0, &b);
    assert_true(b.mean_min > a.mean_min + 5.0);
    fc_rules_free(std);
    fc_rules_free(var);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_short_game),    cmocka_unit_test(test_harsh_winter),
        cmocka_unit_test(test_dangerous_prey), cmocka_unit_test(test_guarded_exits),
        cmocka_unit_test(test_single_winner), cmocka_unit_test(test_winter_aid),
    };
    return cmocka_run_group_tests(tests, vt_group_setup, vt_group_teardown);
}
