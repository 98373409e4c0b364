/* Termity hidden information, house-rule variants (V-1 … V-5) and the Lua hook points
 * (attack_strength, defence_strength, retreat_legal, final_score, turn_end). Positions use the
 * S2 board like test_termity_rules.c. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "formicary/context.h"
#include "tm_fixture.h"

static const char *const first0[] = {"first_player=0", NULL};

static void open2(tfx *f) { tfx_open(f, 2, 7, first0); }

static void draw_until_setup(tfx *f)
{
    fc_rng rng;
    fc_rng_seed(&rng, 99, 1);
    fc_decision buf[TM_MAX_DECISIONS];
    uint32_t w[TM_MAX_DECISIONS];
    while (tfx_to_move(f) == FC_CHANCE) {
        int n = f->g->legal(&f->st, f->env, buf, w);
        assert_int_equal(f->g->apply(&f->st, f->env, buf[fc_rng_weighted(&rng, w, n)]), 0);
    }
}

static void move_from(tfx *f, int q, int r)
{
    f->st.phase = PH_MOVE;
    char t[32];
    snprintf(t, sizeof t, "unit %d,%d", q, r);
    tfx_play(f, t);
}

/* R-06, V-1: hands in views and events; draws seen by the drawer only. */
static void test_r06_hidden_hands_view_and_events(void **state)
{
    tfx f;
    fc_view *v = calloc(1, sizeof *v);
    open2(&f);
    fc_error err;
    while (fc_match_to_move(f.m) == FC_CHANCE)
        assert_int_equal(fc_match_play_chance(f.m, &err), 0);
    const tm_state *s = fc_match_state(f.m);
    for (int seat = -1; seat < 2; seat++) {
        fc_match_view(f.m, seat, v);
        for (int i = 0; i < v->npanel; i++) {
            if (strcmp(v->panel[i].key, "hand"))
                continue;
            if (v->panel[i].seat == seat)
                assert_null(strstr(v->panel[i].value, "hidden"));
            else
                assert_string_equal(v->panel[i].value, "3 hidden tokens");
        }
    }
    int mine = 0;
    for (size_t i = 0; i < fc_match_event_count(f.m); i++) {
        const fc_match_event *e = fc_match_event_get(f.m, i);
        if (strstr(e->text, "you draw")) {
            assert_true(e->audience == 1u || e->audience == 2u);
            mine++;
        }
    }
    assert_int_equal(mine, 6);
    /* determinize for seat 1: seat 1's hand is kept, seat 0's is resampled from hand + stack */
    tm_state copy = *s;
    fc_rng rng;
    int changed = 0;
    for (int t = 0; t < 20; t++) {
        copy = *s;
        fc_rng_seed(&rng, (uint64_t)t, 3);
        f.g->determinize(&copy, f.env, 1, &rng);
        assert_int_equal(copy.seat[1].hand, s->seat[1].hand);
        assert_int_equal(copy.seat[0].hand | copy.seat[0].stack, s->seat[0].hand | s->seat[0].stack);
        assert_int_equal(__builtin_popcount(copy.seat[0].hand), 3);
        changed += copy.seat[0].hand != s->seat[0].hand;
    }
    assert_true(changed > 10);
    tfx_close(&f);
    static const char *const open_hands[] = {"open_hands=true", NULL};
    tfx_open(&f, 2, 7, open_hands);
    while (fc_match_to_move(f.m) == FC_CHANCE)
        assert_int_equal(fc_match_play_chance(f.m, &err), 0);
    fc_match_view(f.m, 1, v);
    for (int i = 0; i < v->npanel; i++)
        if (!strcmp(v->panel[i].key, "hand"))
            assert_null(strstr(v->panel[i].value, "hidden")); /* V-1 */
    tfx_close(&f);
    free(v);
}

/* V-2: four-token hands, still 18 rounds. */
static void test_v2_four_token_hand(void **state)
{
    static const char *const v2[] = {"hand_size=4", NULL};
    tfx f;
    fc_rng rng;
    fc_rng_seed(&rng, 11, 0);
    tfx_open(&f, 2, 7, v2);
    draw_until_setup(&f);
    assert_int_equal(__builtin_popcount(f.st.seat[0].hand), 4);
    tfx_random_game(&f, &rng);
    assert_int_equal(f.st.round, 18);
    tfx_close(&f);
}

/* V-4 and V-5: lethal thickets for Alate; the defender chooses the retreat. */
static void test_v4_v5_retreat_variants(void **state)
{
    static const char *const v4[] = {"first_player=0", "lethal_thickets=true", NULL};
    tfx f;
    tfx_open(&f, 2, 7, v4);
    tfx_empty(&f, 0);
    tfx_unit(&f, 0, "BLU-05", 0, 1);
    int alate = tfx_unit(&f, 1, "RED-17", -1, 2); /* neighbours: (-2,2) (-1,3)V (0,2) (-2,3)S … */
    move_from(&f, 0, 1);
    tfx_play(&f, "attack -1,2 from 0,1");
    assert_true(tfx_legal(&f, "retreat -1,3 destroyed"));
    tfx_play(&f, "retreat -1,3 destroyed");
    assert_int_equal(f.st.seat[1].tok_st[alate], TK_DEAD);
    tfx_close(&f);
    static const char *const v5[] = {"first_player=0", "defender_retreats=true", NULL};
    tfx_open(&f, 2, 7, v5);
    tfx_empty(&f, 0);
    tfx_unit(&f, 0, "BLU-05", 0, -1);
    tfx_unit(&f, 1, "RED-01", 0, 1);
    move_from(&f, 0, -1);
    tfx_play(&f, "attack 0,1 from 0,0");
    assert_int_equal(f.st.phase, PH_RETREAT);
    assert_int_equal(tfx_to_move(&f), 1);
    tfx_close(&f);
}

/* Hook points: each changes play. */
static void test_hooks_change_play(void **state)
{
    const char *lua = "variant{ name = 'hooks', game = 'termity' }\n"
                      "hook('attack_strength', function(seat, caste, mound, s) return s + 10 end)\n"
                      "hook('retreat_legal', function(seat, caste, terrain, ok) return 0 end)\n"
                      "hook('final_score', function(seat, score) return score + seat * 100 end)\n";
    tfx f;
    tfx_open_variant(&f, 2, 7, first0, lua);
    tfx_empty(&f, 0);
    tfx_unit(&f, 0, "BLU-01", 0, -1);
    int red = tfx_unit(&f, 1, "RED-05", 0, 1);
    move_from(&f, 0, -1);
    tfx_play(&f, "attack 0,1 from 0,0"); /* 1 + 10 > 2 */
    assert_int_equal(f.st.seat[1].tok_st[red], TK_DEAD); /* no retreat hex: destroyed */
    int32_t score[2];
    int rank[2];
    f.g->scores(&f.st, f.env, score, rank);
    assert_int_equal(score[0], 135);
    assert_int_equal(score[1], 235);
    tfx_close(&f);
    const char *def = "variant{ name = 'def', game = 'termity' }\n"
                      "hook('defence_strength', function(seat, mound, s) return s + 10 end)\n";
    tfx_open_variant(&f, 2, 7, first0, def);
    tfx_empty(&f, 0);
    tfx_unit(&f, 0, "BLU-05", 0, -1);
    tfx_unit(&f, 1, "RED-01", 0, 1);
    move_from(&f, 0, -1);
    assert_false(tfx_legal(&f, "attack 0,1 from 0,0")); /* 3 vs 11 */
    tfx_close(&f);
}

/* The mutable hook turn_end with the add_points action, and a query. */
static void test_hooks_turn_end_action(void **state)
{
    const char *lua = "variant{ name = 'bonus', game = 'termity' }\n"
                      "hook('turn_end', function(seat, round)\n"
                      "  if game.units(seat) >= 0 then action.add_points(seat, 2) end\n"
                      "end)\n";
    tfx f;
    tfx_open_variant(&f, 2, 7, first0, lua);
    fc_error err;
    fc_rng rng;
    fc_rng_seed(&rng, 2, 2);
    while (fc_match_to_move(f.m) != FC_NOBODY) {
        if (fc_match_to_move(f.m) == FC_CHANCE) {
            assert_int_equal(fc_match_play_chance(f.m, &err), 0);
            continue;
        }
        const fc_decision *d;
        int n = fc_match_legal(f.m, &d, NULL);
        if (fc_match_play(f.m, d[fc_rng_below(&rng, (uint32_t)n)], &err) != 0)
            fail_msg("%s", err.msg);
    }
    const tm_state *s = fc_match_state(f.m);
    assert_int_equal(s->seat[0].bonus, 36); /* 18 turns x 2 */
    assert_int_equal(s->seat[1].bonus, 36);
    tfx_close(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_r06_hidden_hands_view_and_events),
        cmocka_unit_test(test_v2_four_token_hand),
        cmocka_unit_test(test_v4_v5_retreat_variants),
        cmocka_unit_test(test_hooks_change_play),
        cmocka_unit_test(test_hooks_turn_end_action),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
