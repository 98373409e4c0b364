/* Marabunta rules tests, part 2: crates and abilities (R-40..R-47, R-60..R-70, R-51/R-52),
 * leaves, end triggers (R-80..R-82, E-1..E-3, side B's blue region), region
 * scoring and tie-breaks (R-83..R-86, V-4), hook points, view and evaluation. Expected values
 * were worked out by hand on the maps of docs/rules/marabunta.md. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "mb_fixture.h"

enum { PINK = 1, BLUE = 2, ORANGE = 4, GREEN = 8, GREY = 16, YELLOW = 32, TILE = 64 };

static const char *const side_a[] = {"start_player=0", NULL};
static const char *const side_b[] = {"start_player=0", "board_side=B", "player_side=B", NULL};
/* pink 1, orange crate, the rest 0 */
static const int crate_faces[6] = {FACE_1, FACE_0, FACE_CRATE, FACE_0, FACE_0, FACE_0};

/* Seat 0 resolves {orange crate, pink 1} with group `g` one crate short, then crosses it. */
static void unlock(mbfx *f, const char *const *sets, const char *group, int extra_mask)
{
    mbfx_open(f, 1, sets);
    mbfx_resolve(f, 0, true, ORANGE | PINK | extra_mask, crate_faces, "T6");
    int g = mbfx_group(f, group);
    f->st.seat[0].crates[g] = (uint8_t)(f->D->group_crates[g] - 1);
}

static void cross_it(mbfx *f, const char *group)
{
    char t[32];
    snprintf(t, sizeof t, "crate %s", group);
    mbfx_play(f, "use orange");
    mbfx_play(f, t);
}

/* ---- abilities ---- */

static void test_R42_R61_AB1_write_one(void **state)
{
    mbfx f;
    unlock(&f, side_a, "A2", 0);
    mbfx_put(&f, 0, 0, 0, 0);
    cross_it(&f, "A2");
    /* used at once, before anything else: adjacency (1,0) (0,1) or an ant hill */
    assert_int_equal(mbfx_nlegal(&f), 2 + 83);
    assert_false(mbfx_legal(&f, "forfeit"));
    assert_false(mbfx_legal(&f, "ignore pink"));
    mbfx_play(&f, "write 0,1");
    assert_int_equal(f.st.sum[mbfx_region(&f, "pink")][0], 1);
    assert_int_equal(f.st.ntask, 0);
    mbfx_close(&f);
}

static void test_R42_A07_forfeit(void **state)
{
    mbfx f;
    /* only an ant hill would do: the player may keep it and forfeit */
    unlock(&f, side_a, "A2", 0);
    cross_it(&f, "A2");
    assert_int_equal(mbfx_nlegal(&f), 84 + 1);
    mbfx_play(&f, "forfeit");
    assert_int_equal(f.st.seat[0].hills, 2);
    assert_int_equal(f.st.seat[0].crates[mbfx_group(&f, "A2")], 2); /* stays completed */
    assert_int_equal(f.st.ntask, 0);
    mbfx_close(&f);
    /* impossible: forfeited without a decision */
    static const char *const nohill[] = {"start_player=0", "ant_hills=0", NULL};
    unlock(&f, nohill, "A2", 0);
    cross_it(&f, "A2");
    assert_int_equal(f.st.ntask, 0);
    assert_true(mbfx_legal(&f, "ignore pink"));
    mbfx_close(&f);
}

static void test_R62_AB2_write_two(void **state)
{
    mbfx f;
    unlock(&f, side_a, "A3", 0);
    mbfx_put(&f, 0, 11, 0, 0);
    cross_it(&f, "A3");
    assert_true(mbfx_legal(&f, "write 10,1"));
    mbfx_play(&f, "write 11,1");
    assert_int_equal(f.st.sum[mbfx_region(&f, "yellow")][0], 2);
    mbfx_close(&f);
}

static void test_R60_R64_AB4_free_three(void **state)
{
    mbfx f;
    unlock(&f, side_a, "A5", 0);
    cross_it(&f, "A5");
    assert_int_equal(mbfx_nlegal(&f), 84); /* anywhere, no ant hill involved */
    assert_false(mbfx_legal(&f, "write 8,6 hill"));
    mbfx_play(&f, "write 8,6");
    assert_int_equal(f.st.sum[mbfx_region(&f, "grey")][0], 3);
    assert_int_equal(f.st.seat[0].hills, 2);
    mbfx_close(&f);
}

static void test_R66_R67_AB6_AB7_points(void **state)
{
    mbfx f;
    unlock(&f, side_a, "A1", 0);
    cross_it(&f, "A1");
    assert_int_equal(f.st.seat[0].vp, 2);
    mbfx_close(&f);
    unlock(&f, side_a, "A4", 0);
    cross_it(&f, "A4");
    assert_int_equal(f.st.seat[0].vp, 3);
    mbfx_close(&f);
}

static void test_R63_AB3_free_zero(void **state)
{
    mbfx f;
    unlock(&f, side_b, "B1", 0);
    cross_it(&f, "B1");
    assert_int_equal(mbfx_nlegal(&f), 84);
    mbfx_play(&f, "write -3,6");
    assert_int_equal(f.st.hex[mbfx_hex(&f, -3, 6)], HX_NUM(0, 0));
    assert_int_equal(f.st.seat[0].hills, 2);
    mbfx_close(&f);
}

static void test_R65_AB5_two_cookies(void **state)
{
    mbfx f;
    unlock(&f, side_b, "B4", 0);
    f.st.seat[0].cookies = 1;
    cross_it(&f, "B4");
    assert_int_equal(f.st.seat[0].cookies, 3);
    assert_int_equal(f.st.seat[0].vp, 1 + 1); /* cookies 2 and 3: +1 +1 */
    mbfx_close(&f);
    unlock(&f, side_b, "B4", 0);
    f.st.seat[0].cookies = 7;
    cross_it(&f, "B4");
    assert_int_equal(f.st.seat[0].cookies, 8); /* stops at the end of the row */
    assert_int_equal(f.st.seat[0].vp, 4);
    mbfx_close(&f);
}

static void test_R68_A04_AB8_three_ones(void **state)
{
    mbfx f;
    unlock(&f, side_b, "B5", 0);
    mbfx_put(&f, 0, 0, 0, 0);
    cross_it(&f, "B5");
    assert_true(mbfx_legal(&f, "write 1,0"));
    assert_true(mbfx_legal(&f, "write 0,1"));
    assert_false(mbfx_legal(&f, "forfeit"));
    mbfx_play(&f, "write 1,0");
    /* second: adjacent to (1,0) and leaving a hex adjacent to both: (2,0) (0,1) (1,1) */
    assert_int_equal(mbfx_nlegal(&f), 3);
    mbfx_play(&f, "write 2,0"); /* (1,0) is a cookie hex on side B: its reward waits */
    assert_int_equal(f.st.seat[0].cookies, 0);
    assert_int_equal(mbfx_nlegal(&f), 1); /* only (1,1) touches both */
    mbfx_play(&f, "write 1,1");
    assert_int_equal(f.st.seat[0].cookies, 1);
    assert_int_equal(f.st.sum[mbfx_region(&f, "pink")][0], 3);
    mbfx_close(&f);
    static const char *const chain[] = {"start_player=0", "board_side=B", "player_side=B", "three_ones_chain=1",
                                        NULL};
    unlock(&f, chain, "B5", 0);
    mbfx_put(&f, 0, 0, 0, 0);
    cross_it(&f, "B5");
    mbfx_play(&f, "write 1,0");
    mbfx_play(&f, "write 2,0");
    assert_int_equal(mbfx_nlegal(&f), 4); /* (0,1) (1,1) (3,0) (2,1) */
    mbfx_close(&f);
}

static void test_R69_AB9_cross_out_two(void **state)
{
    mbfx f;
    unlock(&f, side_b, "B2", 0);
    cross_it(&f, "B2");
    assert_int_equal(mbfx_nlegal(&f), 84);
    mbfx_play(&f, "cross 11,0");
    assert_int_equal(mbfx_nlegal(&f), 3); /* (10,0) (10,1) (11,1) */
    mbfx_play(&f, "cross 10,1");
    assert_int_equal(mb_count(f.st.avail), 82);
    mbfx_close(&f);
}

static void test_R48_R49_R70_AB10_two_leaves(void **state)
{
    mbfx f;
    unlock(&f, side_b, "B3", 0);
    cross_it(&f, "B3");
    assert_int_equal(mbfx_nlegal(&f), 6);
    mbfx_play(&f, "leaf grey");
    assert_int_equal(mbfx_nlegal(&f), 5); /* two different leaves */
    assert_false(mbfx_legal(&f, "leaf grey"));
    mbfx_play(&f, "leaf pink");
    assert_int_equal(mb_region_value(&f.st, f.env, mbfx_region(&f, "grey"), 0), 3);
    assert_int_equal(mb_region_value(&f.st, f.env, mbfx_region(&f, "pink"), 0), 3);
    mbfx_close(&f);
}

static void test_R52_T2_partial(void **state)
{
    mbfx f;
    mbfx_open(&f, 1, side_a);
    mbfx_resolve(&f, 0, true, TILE, NULL, "T2");
    for (int r = 1; r < 6; r++)
        f.st.leaf[r][1] = 6;
    f.st.trigger = 1;
    mbfx_play(&f, "use tile");
    assert_int_equal(mbfx_nlegal(&f), 1);
    mbfx_play(&f, "leaf pink"); /* only one leaf left: only one circle */
    assert_int_equal(f.st.ntask, 0);
    assert_int_equal(f.st.leaf[0][0], 1);
    mbfx_close(&f);
}

static void test_R43_R51_T1_unlock_between_crates(void **state)
{
    mbfx f;
    mbfx_open(&f, 1, side_a);
    mbfx_resolve(&f, 0, true, TILE | PINK, NULL, "T1");
    f.st.seat[0].crates[mbfx_group(&f, "A2")] = 1;
    mbfx_put(&f, 0, 0, 0, 0);
    mbfx_play(&f, "use tile");
    mbfx_play(&f, "crate A2");
    /* AB-1 first, before the second crate */
    assert_true(mbfx_legal(&f, "write 1,0"));
    assert_false(mbfx_legal(&f, "crate A1"));
    mbfx_play(&f, "write 1,0");
    assert_int_equal(mbfx_nlegal(&f), 4); /* the second crate: A2 is full */
    mbfx_play(&f, "crate A1");
    assert_int_equal(f.st.ntask, 0);
    mbfx_close(&f);
    /* one crate left: only that one */
    mbfx_open(&f, 1, side_a);
    mbfx_resolve(&f, 0, true, TILE | PINK, NULL, "T1");
    for (int g = 0; g < 5; g++)
        f.st.seat[0].crates[g] = f.D->group_crates[g];
    f.st.seat[0].crates[mbfx_group(&f, "A4")] = 2;
    mbfx_play(&f, "use tile");
    mbfx_play(&f, "crate A4");
    assert_int_equal(f.st.seat[0].vp, 3);
    assert_int_equal(f.st.ntask, 0);
    mbfx_close(&f);
}

static void test_R47_nested_consequences(void **state)
{
    mbfx f;
    unlock(&f, side_a, "A5", 0);
    f.st.seat[0].crates[mbfx_group(&f, "A2")] = 1;
    cross_it(&f, "A5");
    mbfx_play(&f, "write 4,1"); /* AB-4's free 3 into a crate hex */
    mbfx_play(&f, "crate A2");  /* which unlocks AB-1 */
    mbfx_play(&f, "write 5,1"); /* next to the 3 */
    assert_int_equal(f.st.ntask, 0);
    assert_int_equal(f.st.sum[mbfx_region(&f, "orange")][0], 4);
    /* only now does the orange item end: pink is next */
    assert_true(mbfx_legal(&f, "use pink"));
    mbfx_close(&f);
}

/* ---- end of game ---- */

static void fill(mbfx *f, int seat, const int (*hx)[2], int n)
{
    for (int i = 0; i < n; i++)
        mbfx_put(f, seat, hx[i][0], hx[i][1], 1);
}

static void test_R80_E1_region_full(void **state)
{
    static const int pink13[][2] = {{0, 0}, {1, 0}, {2, 0}, {3, 0}, {0, 1},  {1, 1},  {2, 1},
                                    {3, 1}, {-1, 2}, {0, 2}, {1, 2}, {2, 2}, {-1, 3}};
    for (int on = 0; on < 2; on++) {
        static const char *const off[] = {"start_player=0", "end_region_full=false", NULL};
        mbfx f;
        mbfx_open(&f, 1, on ? side_a : off);
        mbfx_resolve(&f, 0, true, PINK, crate_faces, "T6");
        fill(&f, 1, pink13, 13);
        mbfx_put(&f, 0, 0, 4, 0);
        mbfx_play(&f, "use pink");
        mbfx_play(&f, "write 0,3");
        assert_int_equal(f.st.trigger, on ? 0 : -1);
        mbfx_close(&f);
    }
}

static void test_R80_E1_side_b_blue_is_one_region(void **state)
{
    static const int blue13[][2] = {{3, 0}, {4, 0}, {3, 1}, {6, 2}, {7, 2}, {6, 3}, {3, 4},
                                    {4, 4}, {2, 5}, {3, 5}, {8, 5}, {7, 6}, {8, 6}};
    int faces[6] = {FACE_0, FACE_1, FACE_0, FACE_0, FACE_0, FACE_0};
    mbfx f;
    mbfx_open(&f, 1, side_b);
    mbfx_resolve(&f, 0, true, BLUE, faces, "T6");
    fill(&f, 1, blue13, 3); /* one whole patch: not the region */
    mbfx_check(&f);
    assert_int_equal(f.st.trigger, -1);
    mbfx_close(&f);
    mbfx_open(&f, 1, side_b);
    mbfx_resolve(&f, 0, true, BLUE, faces, "T6");
    fill(&f, 1, blue13, 13);
    mbfx_put(&f, 0, 9, 4, 0); /* grey, next to (9,5) */
    mbfx_play(&f, "use blue");
    mbfx_play(&f, "write 9,5");
    assert_int_equal(f.st.trigger, 0);
    /* scoring counts the four patches together: 13 against 1 */
    assert_int_equal(f.st.sum[mbfx_region(&f, "blue")][1], 13);
    int32_t score[2];
    int rank[2];
    f.g->scores(&f.st, f.env, score, rank);
    assert_int_equal(score[1], 2);
    assert_int_equal(score[0], 0);
    mbfx_close(&f);
}

static void test_R80_E2_leaf_full(void **state)
{
    int faces[6] = {FACE_FLAG, FACE_0, FACE_0, FACE_0, FACE_0, FACE_0};
    mbfx f;
    mbfx_open(&f, 1, side_a);
    mbfx_resolve(&f, 0, true, PINK, faces, "T6");
    f.st.leaf[0][1] = 5;
    mbfx_play(&f, "use pink");
    assert_int_equal(f.st.trigger, 0);
    assert_int_equal(mb_leaf_empty(&f.st, f.env, 0), 0);
    mbfx_close(&f);
}

static void test_R80_E3_R81_cookies_done(void **state)
{
    mbfx f;
    mbfx_open(&f, 1, side_a);
    mbfx_resolve(&f, 0, true, TILE, NULL, "T6");
    mb_set cookies = f.D->cookie_hexes;
    for (int c, k = 0; (c = mb_pop(&cookies)) >= 0; k++)
        if (f.D->hex[c].q != 8 || f.D->hex[c].r != 4)
            mbfx_cross(&f, f.D->hex[c].q, f.D->hex[c].r);
    mbfx_play(&f, "use tile");
    mbfx_play(&f, "write 8,4");
    assert_int_equal(f.st.trigger, 0);
    assert_int_equal(f.st.seat[0].cookies, 1); /* the writer still gets the cookie */
    mbfx_close(&f);
    /* a later trigger changes nothing */
    int faces[6] = {FACE_FLAG, FACE_0, FACE_0, FACE_0, FACE_0, FACE_0};
    mbfx_open(&f, 1, side_a);
    mbfx_resolve(&f, 0, true, PINK, faces, "T6");
    f.st.leaf[0][1] = 5;
    f.st.trigger = 1;
    mbfx_play(&f, "use pink");
    assert_int_equal(f.st.trigger, 1);
    mbfx_close(&f);
}

static void test_R82_A17_finish_the_round(void **state)
{
    int faces[6] = {FACE_FLAG, FACE_FLAG, FACE_0, FACE_0, FACE_0, FACE_0};
    mbfx f;
    mbfx_open(&f, 1, side_a);
    /* seat 1 chooses {pink flag} and triggers; seat 0 still resolves its whole group */
    mbfx_resolve(&f, 1, true, PINK, faces, "T6");
    f.st.leaf[0][0] = 5;
    mbfx_play(&f, "use pink");
    assert_int_equal(f.st.trigger, 1);
    assert_int_equal(mbfx_to_move(&f), 0);
    mbfx_play(&f, "use blue");
    assert_int_equal(mb_region_value(&f.st, f.env, mbfx_region(&f, "blue"), 0), 3);
    for (const char *it[] = {"ignore orange", "ignore green", "ignore grey", "ignore yellow", "ignore tile"},
         **p = it;
         p < it + 5; p++)
        mbfx_play(&f, *p);
    assert_int_equal(mbfx_to_move(&f), FC_NOBODY); /* no further round */
    assert_int_equal(f.st.round, 1);
    mbfx_close(&f);
}

/* ---- scoring ---- */

static void set_sums(mbfx *f)
{
    /* pink 3:2, blue 2:2 (tie), orange 0:0, green 0:1 */
    mbfx_put(f, 0, 0, 0, 3);
    mbfx_put(f, 1, 1, 0, 2);
    mbfx_put(f, 0, 1, 3, 2);
    mbfx_put(f, 1, 2, 3, 2);
    mbfx_put(f, 1, 2, 4, 1);
    f->st.leaf[0][0] = 1; /* pink worth 3 to seat 0 */
    f->st.seat[0].vp = 4;
    f->st.seat[1].vp = 1;
}

static void test_R83_R84_R46_D10_A18_A19_region_scoring(void **state)
{
    mbfx f;
    mbfx_open(&f, 1, side_a);
    set_sums(&f);
    int32_t score[2];
    int rank[2];
    f.g->scores(&f.st, f.env, score, rank);
    assert_int_equal(score[0], 4 + 3);
    assert_int_equal(score[1], 1 + 2);
    assert_int_equal(rank[0], 0);
    assert_int_equal(rank[1], 1);
    /* unfinished crate groups and uncrossed cookies cost nothing */
    f.st.seat[0].crates[4] = 3;
    f.st.seat[1].crates[0] = 1;
    f.g->scores(&f.st, f.env, score, rank);
    assert_int_equal(score[0], 7);
    assert_int_equal(score[1], 3);
    mbfx_close(&f);
    static const char *const v4[] = {"runner_up_half=true", NULL};
    mbfx_open(&f, 1, v4);
    set_sums(&f);
    f.g->scores(&f.st, f.env, score, rank);
    assert_int_equal(score[0], 7);     /* green 0: nothing */
    assert_int_equal(score[1], 3 + 1); /* pink runner-up: floor(2 / 2) */
    mbfx_close(&f);
}

static void test_R85_tie_breaks(void **state)
{
    mbfx f;
    mbfx_open(&f, 1, side_a);
    f.st.seat[0].vp = f.st.seat[1].vp = 5;
    int32_t score[2];
    int rank[2];
    f.g->scores(&f.st, f.env, score, rank);
    assert_int_equal(rank[0], 0);
    assert_int_equal(rank[1], 0); /* no tie-break applies yet */
    f.st.seat[1].cookies = 2;     /* more crossed cookies */
    f.st.seat[0].cookies = 1;
    f.g->scores(&f.st, f.env, score, rank);
    assert_int_equal(rank[1], 0);
    assert_int_equal(rank[0], 1);
    f.st.seat[0].cookies = 2; /* then the triggering player */
    f.st.trigger = 0;
    f.g->scores(&f.st, f.env, score, rank);
    assert_int_equal(rank[0], 0);
    assert_int_equal(rank[1], 1);
    assert_int_equal(score[0], score[1]);
    mbfx_close(&f);
}

static void test_R86_S02_view_track_and_view(void **state)
{
    mbfx f;
    mbfx_open(&f, 1, side_a);
    f.st.seat[1].vp = 27;
    mbfx_put(&f, 0, 0, 0, 2);
    mbfx_cross(&f, 1, 0);
    fc_view *v = calloc(1, sizeof *v);
    f.g->view(&f.st, f.env, -1, v);
    assert_int_equal(v->ncells, 84);
    int found = 0;
    for (int i = 0; i < v->ntracks; i++)
        if (!strcmp(v->tracks[i].name, "vp blue")) {
            assert_int_equal(v->tracks[i].value, 2);
            assert_int_equal(v->tracks[i].max, 25);
            found = 1;
        }
    assert_true(found);
    for (int i = 0; i < v->ncells; i++) {
        if (v->cells[i].hex.q == 0 && v->cells[i].hex.r == 0) {
            assert_string_equal(v->cells[i].glyphs, "2r");
            assert_int_equal(v->cells[i].owner, 0);
        }
        if (v->cells[i].hex.q == 1 && v->cells[i].hex.r == 0)
            assert_int_equal(v->cells[i].terrain, FC_TERRAIN_BLOCKED);
        assert_true(v->cells[i].region >= 0 && v->cells[i].region < 6);
    }
    int groups = 0, colours = 0;
    for (int i = 0; i < v->npanel; i++) {
        groups += v->panel[i].key[0] == 'A' && v->panel[i].key[2] == '\0';
        if (!strcmp(v->panel[i].key, "colour")) /* S-02: seat 1 red, seat 2 blue */
            colours += !strcmp(v->panel[i].value, v->panel[i].seat ? "blue" : "red");
    }
    assert_int_equal(groups, 10);
    assert_int_equal(colours, 2);
    free(v);
    double value[2];
    f.g->evaluate(&f.st, f.env, value);
    assert_true(value[1] > 0.5 && value[1] <= 1.0 && value[0] < 0.5 && value[0] >= 0.0);
    mbfx_close(&f);
}

/* ---- hook points ---- */

static void test_hook_region_score(void **state)
{
    static const char lua[] = "variant{name='flat', game='marabunta'}\n"
                              "hook('region_score', function(region, seat, own, other, vp) return 10 + seat end)\n";
    mbfx f;
    mbfx_open_variant(&f, 1, side_a, lua);
    f.st.seat[0].vp = 1;
    int32_t score[2];
    int rank[2];
    f.g->scores(&f.st, f.env, score, rank);
    assert_int_equal(score[0], 1 + 6 * 11); /* seats are 1-based in Lua */
    assert_int_equal(score[1], 6 * 12);
    mbfx_close(&f);
}

static void test_hook_split_legal(void **state)
{
    static const char lua[] = "variant{name='tile alone', game='marabunta'}\n"
                              "hook('split_legal', function(mask, splitter, second) if mask == 64 then return 1 end return 0 "
                              "end)\n";
    mbfx f;
    mbfx_open_variant(&f, 1, side_a, lua);
    mbfx_resolve(&f, 0, true, PINK, NULL, "T6");
    f.st.phase = PH_SPLIT;
    f.st.ntask = 0;
    f.st.group[0] = f.st.group[1] = 0;
    f.st.left = 0;
    f.st.nparts = 0;
    memset(f.st.part, 0, sizeof f.st.part);
    assert_int_equal(mbfx_nlegal(&f), 1);
    mbfx_play(&f, "split tile / pink,blue,orange,green,grey,yellow");
    mbfx_close(&f);
}

static void test_hook_round_end(void **state)
{
    static const char lua[] = "variant{name='bonus', game='marabunta'}\n"
                              "hook('round_end', function(r) action.add_vp(1, 5 * r + game.ant_hills(1)) end)\n";
    mbfx f;
    mbfx_open_variant(&f, 1, side_a, lua);
    mbfx_resolve(&f, 0, false, PINK, NULL, "T6"); /* seat 0 is the splitter: last to resolve */
    f.st.resolver = 0;
    mbfx_play(&f, "ignore pink");
    assert_int_equal(f.st.round, 2);
    assert_int_equal(f.st.seat[0].vp, 5 + 2); /* a query and an action, seats 1-based in Lua */
    mbfx_close(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_R42_R61_AB1_write_one),
        cmocka_unit_test(test_R42_A07_forfeit),
        cmocka_unit_test(test_R62_AB2_write_two),
        cmocka_unit_test(test_R60_R64_AB4_free_three),
        cmocka_unit_test(test_R66_R67_AB6_AB7_points),
        cmocka_unit_test(test_R63_AB3_free_zero),
        cmocka_unit_test(test_R65_AB5_two_cookies),
        cmocka_unit_test(test_R68_A04_AB8_three_ones),
        cmocka_unit_test(test_R69_AB9_cross_out_two),
        cmocka_unit_test(test_R48_R49_R70_AB10_two_leaves),
        cmocka_unit_test(test_R52_T2_partial),
        cmocka_unit_test(test_R43_R51_T1_unlock_between_crates),
        cmocka_unit_test(test_R47_nested_consequences),
        cmocka_unit_test(test_R80_E1_region_full),
        cmocka_unit_test(test_R80_E1_side_b_blue_is_one_region),
        cmocka_unit_test(test_R80_E2_leaf_full),
        cmocka_unit_test(test_R80_E3_R81_cookies_done),
        cmocka_unit_test(test_R82_A17_finish_the_round),
        cmocka_unit_test(test_R83_R84_R46_D10_A18_A19_region_scoring),
        cmocka_unit_test(test_R85_tie_breaks),
        cmocka_unit_test(test_R86_S02_view_track_and_view),
        cmocka_unit_test(test_hook_region_score),
        cmocka_unit_test(test_hook_split_legal),
        cmocka_unit_test(test_hook_round_end),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
