/* Marabunta house-rule variants (docs/rules/marabunta.md, Variants): V-1 counter_cut,
 * V-2 seventh_die, V-5 three_way_split and their combinations, plus random games under every
 * variant with the invariants checked after each decision and the notation round trip. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "mb_fixture.h"

enum { PINK = 1, BLUE = 2, ORANGE = 4, GREEN = 8, GREY = 16, YELLOW = 32 };

static void roll_to_split(mbfx *f)
{
    mbfx_play(f, "draw T3");
    static const char *const colours[] = {"pink", "blue", "orange", "green", "grey", "yellow", "white"};
    char t[64];
    for (int d = 0; d < f->D->ndice; d++) {
        snprintf(t, sizeof t, "roll %s %d", colours[d], d % 4);
        mbfx_play(f, t);
    }
}

static void test_V1_counter_cut(void **state)
{
    static const char *const sets[] = {"start_player=0", "counter_cut=true", NULL};
    mbfx f;
    mbfx_open(&f, 1, sets);
    roll_to_split(&f);
    mbfx_play(&f, "split tile / pink,blue,orange,green,grey,yellow");
    assert_int_equal(mbfx_to_move(&f), 1);
    assert_int_equal(mbfx_nlegal(&f), 3); /* two groups or the counter-cut */
    mbfx_play(&f, "counter");
    /* the chooser now splits the same items; the original splitter chooses */
    assert_int_equal(mbfx_to_move(&f), 1);
    assert_int_equal(f.st.face[1], FACE_1);
    assert_int_equal(mbfx_nlegal(&f), 63);
    mbfx_play(&f, "split pink,tile / blue,orange,green,grey,yellow");
    assert_int_equal(mbfx_to_move(&f), 0);
    assert_int_equal(mbfx_nlegal(&f), 2); /* no counter against a counter-cut */
    mbfx_play(&f, "choose blue,orange,green,grey,yellow");
    assert_int_equal(mbfx_to_move(&f), 0); /* the original splitter resolves first */
    for (const char *it[] = {"ignore blue", "ignore orange", "ignore green", "ignore grey", "ignore yellow"},
         **p = it;
         p < it + 5; p++)
        mbfx_play(&f, *p);
    assert_int_equal(mbfx_to_move(&f), 1); /* the counter-cutter second */
    mbfx_play(&f, "ignore pink");
    mbfx_play(&f, "ignore tile");
    /* R-01 as usual: the chooser of round 1 (seat 2) splits round 2 */
    assert_int_equal(f.st.round, 2);
    assert_int_equal(f.st.splitter, 1);
    assert_int_equal(f.st.cut, 0);
    assert_int_equal(f.st.seat[1].cut_used, 1);
    mbfx_close(&f);
    /* used once: not offered again to that player */
    mbfx_open(&f, 1, sets);
    f.st.seat[1].cut_used = 1;
    roll_to_split(&f);
    mbfx_play(&f, "split tile / pink,blue,orange,green,grey,yellow");
    assert_false(mbfx_legal(&f, "counter"));
    mbfx_close(&f);
}

static void test_V2_seventh_die(void **state)
{
    static const char *const sets[] = {"start_player=0", "seventh_die=true", NULL};
    mbfx f;
    mbfx_open(&f, 1, sets);
    assert_int_equal(f.D->ndice, 7);
    assert_string_equal(f.D->die_name[6], "white");
    roll_to_split(&f);
    assert_int_equal(mbfx_nlegal(&f), 127); /* (2^8 - 2) / 2 */
    mbfx_close(&f);
    /* a white 2 goes to any region next to an own number */
    int faces[7] = {FACE_0, FACE_0, FACE_0, FACE_0, FACE_0, FACE_0, FACE_2};
    mbfx_open(&f, 1, sets);
    mbfx_resolve(&f, 0, true, 64, faces, "T6");
    mbfx_put(&f, 0, 6, 2, 0);
    mbfx_play(&f, "use white");
    /* neighbours of (6,2): (7,2) (5,2) (6,1) (7,1) (5,3) (6,3) in yellow, orange, green */
    assert_true(mbfx_legal(&f, "write 7,2"));
    assert_true(mbfx_legal(&f, "write 5,3"));
    assert_int_equal(mbfx_nlegal(&f), 6 + 83);
    mbfx_play(&f, "write 6,3");
    assert_int_equal(f.st.sum[mbfx_region(&f, "green")][0], 2);
    mbfx_close(&f);
    /* a white flag colours any one leaf */
    faces[6] = FACE_FLAG;
    mbfx_open(&f, 1, sets);
    mbfx_resolve(&f, 0, true, 64, faces, "T6");
    mbfx_play(&f, "use white");
    assert_int_equal(mbfx_nlegal(&f), 6);
    mbfx_play(&f, "leaf grey");
    assert_int_equal(mb_region_value(&f.st, f.env, mbfx_region(&f, "grey"), 0), 3);
    assert_int_equal(f.st.ntask, 0);
    mbfx_close(&f);
}

static void test_V5_three_way_split(void **state)
{
    static const char *const sets[] = {"start_player=0", "three_way_split=true", NULL};
    mbfx f;
    mbfx_open(&f, 1, sets);
    roll_to_split(&f);
    assert_int_equal(mbfx_nlegal(&f), 301); /* S(7,3) */
    mbfx_play(&f, "split pink,blue / orange,tile / green,grey,yellow");
    assert_int_equal(mbfx_to_move(&f), 1);
    assert_int_equal(mbfx_nlegal(&f), 3);
    mbfx_play(&f, "choose orange,tile");
    /* the splitter takes one of the two left; the third is discarded */
    assert_int_equal(mbfx_to_move(&f), 0);
    assert_int_equal(mbfx_nlegal(&f), 2);
    assert_false(mbfx_legal(&f, "choose orange,tile"));
    mbfx_play(&f, "choose pink,blue");
    assert_int_equal(mbfx_to_move(&f), 1);
    mbfx_play(&f, "ignore orange");
    mbfx_play(&f, "ignore tile");
    assert_int_equal(mbfx_to_move(&f), 0);
    mbfx_play(&f, "ignore pink");
    mbfx_play(&f, "ignore blue");
    assert_int_equal(f.st.round, 2); /* green, grey, yellow never resolved */
    mbfx_close(&f);
    static const char *const both[] = {"three_way_split=true", "seventh_die=true", NULL};
    mbfx_open(&f, 1, both);
    roll_to_split(&f);
    assert_int_equal(mbfx_nlegal(&f), 966); /* S(8,3) */
    mbfx_close(&f);
    /* V-1 and V-5 do not combine */
    fc_error err;
    fc_context *ctx = fc_context_new();
    assert_int_equal(fc_context_load(ctx, MARABUNTA_SO, &err), 0);
    fc_rules *r = fc_rules_new(ctx, "marabunta", 2, &err);
    assert_int_equal(fc_rules_set(r, "counter_cut=true", &err), 0);
    assert_int_equal(fc_rules_set(r, "three_way_split=true", &err), 0);
    assert_int_equal(fc_rules_finish(r, &err), 0);
    assert_null(fc_match_new(r, 1, &err));
    assert_non_null(strstr(err.msg, "cannot be combined"));
    fc_rules_free(r);
    fc_context_free(ctx);
}

/* Random games under each variant set; returns decisions played. */
static long random_games(const char *const *sets, int games, int round_trip)
{
    mbfx f;
    mbfx_open(&f, 1, sets);
    fc_decision buf[MB_MAX_DECISIONS];
    uint32_t w[MB_MAX_DECISIONS];
    char msg[256], text[200];
    long plies = 0;
    for (int gm = 0; gm < games; gm++) {
        fc_rng rng, setup;
        fc_rng_seed(&rng, (uint64_t)gm, 7);
        fc_rng_seed(&setup, (uint64_t)gm, 0);
        memset(&f.st, 0, sizeof f.st);
        assert_int_equal(f.g->init(&f.st, f.env, &setup, NULL), 0);
        for (int who; (who = f.g->to_move(&f.st, f.env)) != FC_NOBODY;) {
            int n = f.g->legal(&f.st, f.env, buf, w);
            assert_true(n > 0 && n <= MB_MAX_DECISIONS);
            for (int i = 0; gm < round_trip && i < n; i++) {
                fc_decision back = 0;
                assert_true(f.g->decision_text(&f.st, f.env, buf[i], text, sizeof text) > 0);
                if (f.g->decision_parse(&f.st, f.env, text, &back) != 0 || back != buf[i])
                    fail_msg("notation '%s' does not round-trip", text);
            }
            int i = who == FC_CHANCE ? fc_rng_weighted(&rng, w, n) : (int)fc_rng_below(&rng, (uint32_t)n);
            assert_int_equal(f.g->apply(&f.st, f.env, buf[i]), 0);
            plies++;
            if (f.g->check(&f.st, f.env, msg, sizeof msg) != 0)
                fail_msg("game %d ply %ld: %s", gm, plies, msg);
        }
        /* R-87 holds unless V-5 discards T8 with the third group; then max_rounds caps the game */
        assert_true(f.st.round <= (mb_par(f.env, P_THREE_WAY_SPLIT) ? 30 : 19));
    }
    mbfx_close(&f);
    return plies;
}

static void test_random_games_under_variants(void **state)
{
    int games = getenv("FC_UNDER_VALGRIND") || getenv("FC_UNDER_SANITIZER") ? 4 : 300;
    static const char *const sets[][6] = {
        {"counter_cut=true", NULL},
        {"seventh_die=true", "board_side=B", NULL},
        {"three_way_split=true", "player_side=B", NULL},
        {"three_way_split=true", "seventh_die=true", NULL},
        {"counter_cut=true", "seventh_die=true", "no_ant_hills=true", "runner_up_half=true", NULL},
        {"three_ones_chain=true", "player_side=B", "board_side=B", "ant_hills=4", NULL},
    };
    for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++)
        assert_true(random_games(sets[i], games, games > 10 ? 1 : 0) > games * 50);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_V1_counter_cut),
        cmocka_unit_test(test_V2_seventh_die),
        cmocka_unit_test(test_V5_three_way_split),
        cmocka_unit_test(test_random_games_under_variants),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
