/* Marabunta rules tests, part 1: set-up (S-), definitions (D-), the round (R-01..R-10),
 * placements and marks (R-11..R-38), dice faces and tiles (R-20..R-23, R-50..R-58), data
 * files, rule sets and notation. Expected values were worked out by hand on the maps of
 * docs/rules/marabunta.md (side A unless stated). Items: dice pink, blue, orange, green, grey,
 * yellow (bits 0..5), then the tile (bit 6). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "mb_fixture.h"

enum { PINK = 1, BLUE = 2, ORANGE = 4, GREEN = 8, GREY = 16, YELLOW = 32, TILE = 64 };

static const char *const red_first[] = {"start_player=0", NULL};

/* faces in dice order pink, blue, orange, green, grey, yellow */
static const int all_zero[6] = {FACE_0, FACE_0, FACE_0, FACE_0, FACE_0, FACE_0};

static void open_resolve(mbfx *f, const char *const *sets, int mask, const int *faces, const char *tile)
{
    mbfx_open(f, 1, sets ? sets : red_first);
    mbfx_resolve(f, 0, true, mask, faces ? faces : all_zero, tile);
}

/* ---- set-up ---- */

static int components(const mbfx *f, int region)
{
    int16_t comp[MB_MAX_HEX];
    int n = 0;
    for (int c = 0; c < f->D->nhex; c++)
        comp[c] = -1;
    for (int c = 0; c < f->D->nhex; c++) {
        if (f->D->region[c] != region || comp[c] >= 0)
            continue;
        int stack[MB_MAX_HEX], sp = 0;
        stack[sp++] = c;
        comp[c] = (int16_t)n;
        while (sp) {
            int x = stack[--sp];
            for (int d = 0; d < 6; d++) {
                int y = f->D->nb[x][d];
                if (y >= 0 && comp[y] < 0 && f->D->region[y] == region) {
                    comp[y] = (int16_t)n;
                    stack[sp++] = y;
                }
            }
        }
        n++;
    }
    return n;
}

static void test_S01_S03_R40_board_and_player_sides(void **state)
{
    static const char *const b[] = {"board_side=B", "player_side=B", NULL};
    for (int side = 0; side < 2; side++) {
        mbfx f;
        mbfx_open(&f, 1, side ? b : NULL);
        assert_int_equal(f.D->nhex, 84);
        assert_int_equal(mb_count(f.D->cookie_hexes), 12);
        assert_int_equal(mb_count(f.D->crate_hexes), 12);
        for (int r = 0; r < 6; r++)
            assert_int_equal(mb_count(f.D->region_hexes[r]), 14);
        int blue = mbfx_region(&f, "blue");
        /* S-01: side A every region connected, side B blue in four patches */
        assert_int_equal(components(&f, blue), side ? 4 : 1);
        assert_int_equal(components(&f, mbfx_region(&f, "pink")), 1);
        assert_int_equal(f.D->region[mbfx_hex(&f, 3, 0)], side ? blue : mbfx_region(&f, "pink"));
        /* S-03: the player-board side's five groups, 14 crates */
        assert_int_equal(f.D->ngroups, 5);
        assert_int_equal(f.D->total_crates, 14);
        assert_string_equal(f.D->group_id[4], side ? "B5" : "A5");
        assert_string_equal(f.D->abil[f.D->group_abil[4]].id, side ? "AB-8" : "AB-4");
        mbfx_close(&f);
    }
}

static void test_S04_S05_S06_initial_state(void **state)
{
    mbfx f;
    mbfx_open(&f, 1, red_first);
    mb_state *s = &f.st;
    assert_int_equal(mb_count(s->avail), 84); /* S-05 */
    for (int p = 0; p < 2; p++) {
        assert_int_equal(s->seat[p].hills, 2);
        assert_int_equal(s->seat[p].vp, 0);
        assert_int_equal(s->seat[p].cookies, 0);
        for (int r = 0; r < 6; r++)
            assert_int_equal(mb_region_value(s, f.env, r, p), 2); /* D-09 starts at 2 */
    }
    for (int r = 0; r < 6; r++)
        assert_int_equal(mb_leaf_empty(s, f.env, r), 6);
    /* S-06: seven regular tiles face down, the special one is not among them */
    assert_int_equal(s->npile, 7);
    for (int i = 0; i < 7; i++)
        assert_int_not_equal(s->pile[i], f.D->special);
    assert_string_equal(f.D->tile[f.D->special].id, "T8");
    assert_int_equal(mbfx_to_move(&f), FC_CHANCE);
    fc_decision buf[MB_MAX_DECISIONS];
    uint32_t w[MB_MAX_DECISIONS];
    assert_int_equal(f.g->legal(s, f.env, buf, w), 7);
    for (int i = 0; i < 7; i++)
        assert_int_equal(w[i], 1);
    mbfx_close(&f);
}

static void test_S07_starting_player(void **state)
{
    static const char *const blue_first[] = {"start_player=1", NULL};
    mbfx f;
    mbfx_open(&f, 1, blue_first);
    assert_int_equal(f.st.splitter, 1);
    mbfx_close(&f);
    int seen[2] = {0, 0};
    for (uint64_t seed = 1; seed <= 16; seed++) {
        mbfx_open(&f, seed, NULL);
        seen[f.st.splitter]++;
        mbfx_close(&f);
    }
    assert_true(seen[0] > 0 && seen[1] > 0); /* random by default */
}

/* ---- the round ---- */

static void roll_all(mbfx *f, const char *const *faces)
{
    static const char *const colours[] = {"pink", "blue", "orange", "green", "grey", "yellow"};
    char t[64];
    for (int d = 0; d < 6; d++) {
        uint32_t w[MB_MAX_DECISIONS];
        fc_decision buf[MB_MAX_DECISIONS];
        assert_int_equal(f->g->legal(&f->st, f->env, buf, w), 6); /* R-03, 5.5: six faces, 1/6 each */
        for (int i = 0; i < 6; i++)
            assert_int_equal(w[i], 1);
        snprintf(t, sizeof t, "roll %s %s", colours[d], faces[d]);
        mbfx_play(f, t);
    }
}

static void test_R01_R03_R04_R05_R06_R10_D03_D04_round_flow(void **state)
{
    mbfx f;
    mbfx_open(&f, 1, red_first);
    static const char *const faces[] = {"flag", "flag", "flag", "flag", "flag", "crate"};
    mbfx_play(&f, "draw T2"); /* */
    assert_int_equal(f.st.npile, 6);
    roll_all(&f, faces);
    /* 63 distinct splits by the splitter (D-03) */
    assert_int_equal(mbfx_to_move(&f), 0);
    fc_decision buf[MB_MAX_DECISIONS];
    int n = f.g->legal(&f.st, f.env, buf, NULL);
    assert_int_equal(n, 63);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < i; j++)
            assert_true(buf[i] != buf[j]);
    assert_false(mbfx_legal(&f, "split pink,blue,orange,green,grey,yellow,tile / "));
    mbfx_play(&f, "split yellow,tile / pink,blue,orange,green,grey");
    /* the chooser picks one of the two groups (A-22: no refusal) */
    assert_int_equal(mbfx_to_move(&f), 1);
    assert_int_equal(mbfx_nlegal(&f), 2);
    mbfx_play(&f, "choose pink,blue,orange,green,grey");
    /* the chooser resolves first */
    assert_int_equal(mbfx_to_move(&f), 1);
    mbfx_play(&f, "use pink");
    mbfx_play(&f, "ignore blue");
    mbfx_play(&f, "ignore orange");
    mbfx_play(&f, "ignore green");
    assert_int_equal(mbfx_to_move(&f), 1);
    mbfx_play(&f, "use grey");
    assert_int_equal(f.st.leaf[mbfx_region(&f, "pink")][1], 1);
    assert_int_equal(f.st.leaf[mbfx_region(&f, "grey")][1], 1);
    /* then the splitter */
    assert_int_equal(mbfx_to_move(&f), 0);
    mbfx_play(&f, "ignore tile");
    mbfx_play(&f, "use yellow");
    mbfx_play(&f, "crate A4");
    /* next round, roles swapped; R-09: T2 is gone */
    assert_int_equal(f.st.round, 2);
    assert_int_equal(f.st.splitter, 1);
    assert_int_equal(mbfx_to_move(&f), FC_CHANCE);
    assert_int_equal(mbfx_nlegal(&f), 6);
    assert_false(mbfx_legal(&f, "draw T2"));
    mbfx_close(&f);
}

static void test_R02_R09_special_tile_from_round_8(void **state)
{
    mbfx f;
    mbfx_open(&f, 1, red_first);
    fc_rng rng;
    fc_rng_seed(&rng, 5, 5);
    /* play rounds with everything ignored (T8 used) until round 8 */
    while (f.st.round < 10 && mbfx_to_move(&f) != FC_NOBODY) {
        fc_decision buf[MB_MAX_DECISIONS];
        uint32_t w[MB_MAX_DECISIONS];
        int n = f.g->legal(&f.st, f.env, buf, w), pick = n - 1;
        if (f.st.phase == PH_DRAW || f.st.phase == PH_ROLL)
            pick = fc_rng_weighted(&rng, w, n);
        else if (f.st.phase == PH_RESOLVE && !f.st.ntask) {
            pick = 0;
            for (int i = 0; i < n; i++)
                if (MB_DK(buf[i]) == D_IGNORE || (MB_DK(buf[i]) == D_USE && MB_DA(buf[i]) == 6))
                    pick = i;
        }
        assert_int_equal(f.g->apply(&f.st, f.env, buf[pick]), 0);
        mbfx_check(&f);
        if (f.st.round <= 7 && f.st.phase == PH_ROLL)
            assert_int_not_equal(f.st.tile, f.D->special);
        if (f.st.round >= 8 && f.st.phase >= PH_ROLL && f.st.phase < PH_OVER) {
            assert_int_equal(f.st.tile, f.D->special); /* only T8 left, every round */
            assert_int_equal(f.st.npile, 0);
        }
    }
    assert_int_equal(f.st.round, 10);
    mbfx_close(&f);
}

static void test_R07_R08_ignore_and_D02_items(void **state)
{
    mbfx f;
    open_resolve(&f, NULL, PINK | BLUE | TILE, NULL, "T6");
    mb_state before = f.st;
    /* D-02: each item can be used or ignored; T6 (regular) may be ignored */
    assert_true(mbfx_legal(&f, "ignore tile"));
    mbfx_play(&f, "ignore pink");
    mbfx_play(&f, "ignore tile");
    before.left = PINK | BLUE | TILE;
    f.st.left = before.left;
    assert_memory_equal(&before, &f.st, sizeof before); /* ignored items have no effect */
    mbfx_close(&f);
    /* the special tile may not be ignored */
    open_resolve(&f, NULL, PINK | TILE, NULL, "T8");
    f.st.npile = 0;
    assert_false(mbfx_legal(&f, "ignore tile"));
    assert_true(mbfx_legal(&f, "use tile"));
    assert_true(mbfx_legal(&f, "ignore pink"));
    mbfx_close(&f);
}

/* ---- placements ---- */

static void test_R20_R30_R31_D05_D06_adjacency_and_region(void **state)
{
    int faces[6] = {FACE_2, FACE_0, FACE_0, FACE_0, FACE_0, FACE_0};
    mbfx f;
    open_resolve(&f, NULL, PINK, faces, "T6");
    mbfx_put(&f, 0, 4, 0, 1);  /* own number in orange next to pink */
    mbfx_put(&f, 1, 1, 0, 2);  /* opponent's numbers do not count */
    mbfx_cross(&f, 2, 2);
    mbfx_play(&f, "use pink");
    /* neighbours of (4,0) in pink: (3,0) and (3,1); with an ant hill any of the 13 free pink hexes */
    assert_int_equal(mbfx_nlegal(&f), 2 + 12);
    assert_true(mbfx_legal(&f, "write 3,0"));
    assert_true(mbfx_legal(&f, "write 3,1"));
    assert_false(mbfx_legal(&f, "write 0,0"));     /* pink but not adjacent */
    assert_false(mbfx_legal(&f, "write 5,0"));     /* adjacent but orange */
    assert_false(mbfx_legal(&f, "write 1,0 hill")); /* numbered */
    assert_false(mbfx_legal(&f, "write 2,2 hill")); /* crossed out */
    assert_true(mbfx_legal(&f, "write 0,0 hill"));
    mbfx_play(&f, "write 3,0");
    assert_int_equal(f.st.sum[mbfx_region(&f, "pink")][0], 2);
    assert_int_equal(f.st.hex[mbfx_hex(&f, 3, 0)], HX_NUM(0, 2)); /* D-01 own colour */
    mbfx_close(&f);
}

static void test_R21_R32_R34_zero_and_ant_hills(void **state)
{
    mbfx f;
    open_resolve(&f, NULL, PINK | BLUE, all_zero, "T6");
    /* no own number yet: only with an ant hill, anywhere for a 0 */
    mbfx_play(&f, "use pink");
    assert_int_equal(mbfx_nlegal(&f), 84);
    mbfx_play(&f, "write 0,0 hill");
    assert_int_equal(f.st.seat[0].hills, 1);
    mbfx_play(&f, "use blue");
    /* adjacency (1,0) (0,1) in any region, or the last ant hill anywhere (A-12 allows it at (1,0)) */
    assert_int_equal(mbfx_nlegal(&f), 2 + 83);
    assert_true(mbfx_legal(&f, "write 1,0 hill"));
    mbfx_play(&f, "write 0,1");
    assert_int_equal(f.st.seat[0].hills, 1);
    mbfx_close(&f);
    /* no ant hills left: a first number is impossible */
    static const char *const none[] = {"start_player=0", "ant_hills=0", NULL};
    open_resolve(&f, none, PINK, all_zero, "T6");
    assert_false(mbfx_legal(&f, "use pink"));
    assert_true(mbfx_legal(&f, "ignore pink"));
    mbfx_close(&f);
}

static void test_V3_no_ant_hills_first_number_free(void **state)
{
    static const char *const v3[] = {"start_player=0", "no_ant_hills=true", NULL};
    int faces[6] = {FACE_3, FACE_3, FACE_0, FACE_0, FACE_0, FACE_0};
    mbfx f;
    open_resolve(&f, v3, PINK | BLUE, faces, "T6");
    assert_int_equal(f.st.seat[0].hills, 0);
    mbfx_play(&f, "use pink");
    assert_int_equal(mbfx_nlegal(&f), 14); /* region still applies */
    mbfx_play(&f, "write 3,1");            /* crate hex */
    mbfx_play(&f, "crate A1");
    /* afterwards adjacency holds again: no blue hex touches (3,1) on side A */
    assert_false(mbfx_legal(&f, "use blue"));
    assert_true(mbfx_legal(&f, "ignore blue"));
    mbfx_close(&f);
}

static void test_R22_R41_crate_face(void **state)
{
    int faces[6] = {FACE_0, FACE_0, FACE_CRATE, FACE_0, FACE_0, FACE_0};
    mbfx f;
    open_resolve(&f, NULL, ORANGE, faces, "T6");
    mbfx_play(&f, "use orange");
    assert_int_equal(mbfx_nlegal(&f), 5); /* any group */
    mbfx_play(&f, "crate A5");
    assert_int_equal(f.st.seat[0].crates[mbfx_group(&f, "A5")], 1);
    mbfx_close(&f);
    /* every crate crossed: the face has no use */
    open_resolve(&f, NULL, ORANGE, faces, "T6");
    for (int g = 0; g < 5; g++)
        f.st.seat[0].crates[g] = f.D->group_crates[g];
    assert_false(mbfx_legal(&f, "use orange"));
    mbfx_close(&f);
}

static void test_R23_A15_flag_face(void **state)
{
    int faces[6] = {FACE_0, FACE_0, FACE_0, FACE_0, FACE_0, FACE_FLAG};
    mbfx f;
    open_resolve(&f, NULL, YELLOW, faces, "T6");
    int y = mbfx_region(&f, "yellow");
    mbfx_play(&f, "use yellow");
    assert_int_equal(mb_region_value(&f.st, f.env, y, 0), 3);
    assert_int_equal(mb_leaf_empty(&f.st, f.env, y), 5);
    mbfx_close(&f);
    open_resolve(&f, NULL, YELLOW, faces, "T6");
    f.st.leaf[y][1] = 6;
    f.st.trigger = 1;
    assert_false(mbfx_legal(&f, "use yellow"));
    mbfx_close(&f);
}

static void test_R35_R44_R45_A11_D07_rewards(void **state)
{
    int faces[6] = {FACE_2, FACE_0, FACE_0, FACE_0, FACE_0, FACE_0};
    mbfx f;
    open_resolve(&f, NULL, PINK | TILE, faces, "T3");
    mbfx_put(&f, 0, 1, 0, 1);
    mbfx_play(&f, "use pink");
    mbfx_play(&f, "write 2,0"); /* cookie hex: first cookie, +0 */
    assert_int_equal(f.st.seat[0].cookies, 1);
    assert_int_equal(f.st.seat[0].vp, 0);
    mbfx_play(&f, "use tile");
    mbfx_play(&f, "write 3,1 hill"); /* crate hex: R-44 asks which crate, not whether */
    assert_int_equal(f.st.ntask, 1);
    assert_int_equal(mbfx_nlegal(&f), 5);
    assert_false(mbfx_legal(&f, "ignore tile"));
    mbfx_play(&f, "crate A2");
    assert_int_equal(f.st.seat[0].crates[mbfx_group(&f, "A2")], 1);
    mbfx_close(&f);
    /* second cookie +1; a full row gives nothing */
    open_resolve(&f, NULL, PINK | TILE, faces, "T6");
    f.st.seat[0].cookies = 1;
    mbfx_play(&f, "use tile");
    mbfx_play(&f, "write 0,2");
    assert_int_equal(f.st.seat[0].cookies, 2);
    assert_int_equal(f.st.seat[0].vp, 1);
    mbfx_close(&f);
    open_resolve(&f, NULL, TILE, faces, "T6");
    f.st.seat[0].cookies = 8;
    mbfx_play(&f, "use tile");
    mbfx_play(&f, "write 0,2");
    assert_int_equal(f.st.seat[0].cookies, 8);
    assert_int_equal(f.st.seat[0].vp, 0);
    mbfx_close(&f);
}

/* ---- tiles ---- */

static void test_R50_R53_T3_a_one(void **state)
{
    mbfx f;
    open_resolve(&f, NULL, TILE, NULL, "T3");
    mbfx_put(&f, 0, 0, 0, 0);
    mbfx_play(&f, "use tile");
    assert_int_equal(mbfx_nlegal(&f), 2 + 83); /* adjacency in any region or ant hill */
    mbfx_play(&f, "write 0,1");
    assert_int_equal(f.st.sum[mbfx_region(&f, "pink")][0], 1);
    mbfx_close(&f);
}

static void test_R36_R54_A09_T4_two_zeros(void **state)
{
    static const char *const nohill[] = {"start_player=0", "ant_hills=0", NULL};
    mbfx f;
    open_resolve(&f, nohill, TILE, NULL, "T4");
    mbfx_put(&f, 0, 11, 0, 1);
    mbfx_cross(&f, 10, 1);
    mbfx_cross(&f, 11, 1);
    mbfx_cross(&f, 9, 0);
    mbfx_cross(&f, 9, 1);
    /* (10,0) is the only adjacent hex and has no free neighbour: all-or-nothing forbids it */
    assert_false(mbfx_legal(&f, "use tile"));
    f.st.hex[mbfx_hex(&f, 9, 1)] = HX_AVAIL;
    mb_add(&f.st.avail, mbfx_hex(&f, 9, 1));
    mbfx_play(&f, "use tile");
    assert_int_equal(mbfx_nlegal(&f), 1);
    mbfx_play(&f, "write 10,0"); /* a cookie hex: its reward waits for the second 0 */
    assert_int_equal(f.st.seat[0].cookies, 0);
    assert_int_equal(mbfx_nlegal(&f), 1);
    assert_false(mbfx_legal(&f, "write 9,1 hill"));
    mbfx_play(&f, "write 9,1");
    assert_int_equal(f.st.seat[0].cookies, 1);
    assert_int_equal(f.st.seat[0].numbers, 3);
    mbfx_close(&f);
}

static void test_R12_R13_R37_R38_R55_T5_cross_out_two(void **state)
{
    mbfx f;
    open_resolve(&f, NULL, TILE | PINK, NULL, "T5");
    mbfx_put(&f, 1, 11, 0, 2);
    mbfx_play(&f, "use tile");
    assert_int_equal(mbfx_nlegal(&f), 83);
    assert_false(mbfx_legal(&f, "cross 11,0")); /* a numbered hex is never crossed out */
    mbfx_play(&f, "cross 2,0");
    /* the second hex must touch the first: (3,0) (1,0) (1,1) (2,1) */
    assert_int_equal(mbfx_nlegal(&f), 4);
    assert_false(mbfx_legal(&f, "cross 5,5"));
    mbfx_play(&f, "cross 1,0");
    assert_int_equal(f.st.hex[mbfx_hex(&f, 2, 0)], HX_CROSSED);
    assert_int_equal(f.st.seat[0].cookies, 0); /* the cookie icon is lost */
    /* crossed hexes never satisfy adjacency nor take numbers */
    mbfx_play(&f, "use pink");
    assert_false(mbfx_legal(&f, "write 2,0 hill"));
    assert_int_equal(mbfx_nlegal(&f), 81);
    mbfx_close(&f);
}

static void test_R56_D08_T6_free_zero(void **state)
{
    mbfx f;
    open_resolve(&f, NULL, TILE, NULL, "T6");
    mbfx_play(&f, "use tile");
    assert_int_equal(mbfx_nlegal(&f), 84);
    assert_false(mbfx_legal(&f, "write 5,5 hill"));
    mbfx_play(&f, "write 5,5");
    assert_int_equal(f.st.seat[0].hills, 2);
    mbfx_play(&f, "crate A3"); /* (5,5) is a crate hex */
    mbfx_close(&f);
}

static void test_R57_A08_T7_encore(void **state)
{
    int faces[6] = {FACE_2, FACE_FLAG, FACE_0, FACE_0, FACE_0, FACE_0};
    mbfx f;
    open_resolve(&f, NULL, PINK | BLUE | TILE, faces, "T7");
    mbfx_put(&f, 0, 0, 0, 1);
    mbfx_play(&f, "ignore pink"); /* an ignored die still qualifies */
    mbfx_play(&f, "use tile");
    assert_int_equal(mbfx_nlegal(&f), 2);
    mbfx_play(&f, "encore pink");
    mbfx_play(&f, "write 1,0");
    assert_int_equal(f.st.sum[mbfx_region(&f, "pink")][0], 3);
    mbfx_play(&f, "use blue");
    assert_int_equal(mb_region_value(&f.st, f.env, mbfx_region(&f, "blue"), 0), 3);
    mbfx_close(&f);
    /* no die in the group: no effect possible */
    open_resolve(&f, NULL, TILE, faces, "T7");
    assert_false(mbfx_legal(&f, "use tile"));
    mbfx_close(&f);
}

static void test_R58_A14_T8_cookie_raid(void **state)
{
    mbfx f;
    open_resolve(&f, NULL, TILE | PINK, NULL, "T8");
    f.st.npile = 0;
    mbfx_play(&f, "use tile");
    assert_int_equal(mbfx_nlegal(&f), 12);
    assert_false(mbfx_legal(&f, "cross 0,0"));
    mbfx_play(&f, "cross 2,0");
    assert_int_equal(f.st.seat[0].cookies, 0); /* no cookie on the own row */
    assert_int_equal(f.st.trigger, -1);
    mbfx_close(&f);
    /* the last cookie hex: the owner triggers E-3 */
    open_resolve(&f, NULL, TILE | PINK, NULL, "T8");
    f.st.npile = 0;
    mb_set cookies = f.D->cookie_hexes;
    for (int c, k = 0; (c = mb_pop(&cookies)) >= 0; k++)
        if (k < 11)
            mbfx_cross(&f, f.D->hex[c].q, f.D->hex[c].r);
    mbfx_play(&f, "use tile");
    assert_int_equal(mbfx_nlegal(&f), 1);
    fc_decision buf[4];
    f.g->legal(&f.st, f.env, buf, NULL);
    assert_int_equal(f.g->apply(&f.st, f.env, buf[0]), 0);
    assert_int_equal(f.st.trigger, 0);
    mbfx_check(&f);
    mbfx_close(&f);
}

/* ---- data files, rule sets, notation ---- */

static void write_file(const char *path, const char *text)
{
    FILE *fp = fopen(path, "w");
    assert_non_null(fp);
    fputs(text, fp);
    fclose(fp);
}

static void copy_file(const char *from, const char *to)
{
    FILE *a = fopen(from, "r"), *b = fopen(to, "w");
    assert_non_null(a);
    assert_non_null(b);
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, a)) > 0)
        fwrite(buf, 1, n, b);
    fclose(a);
    fclose(b);
}

static const char *const data_files[] = {"board.csv",  "regions.csv", "dice.csv",   "tiles.csv",
                                         "abilities.csv", "groups.csv", "cookies.csv", "player_boards.csv",
                                         "eval.csv"};

/* Loads the plugin's data from a copy of the data directory with one file replaced. */
static int load_with(mbfx *f, const char *file, const char *text, fc_error *err)
{
    char dir[] = "/tmp/mbdataXXXXXX", path[256];
    assert_non_null(mkdtemp(dir));
    for (size_t i = 0; i < sizeof data_files / sizeof data_files[0]; i++) {
        char from[512];
        snprintf(from, sizeof from, "%s/%s", MARABUNTA_DATA, data_files[i]);
        snprintf(path, sizeof path, "%s/%s", dir, data_files[i]);
        copy_file(from, path);
    }
    snprintf(path, sizeof path, "%s/%s", dir, file);
    write_file(path, text);
    void *data = NULL;
    int rc = f->g->data_load(fc_context_host(f->ctx), fc_rules_values(f->rules), 2, dir, &data, err);
    if (data)
        f->g->data_free(data);
    for (size_t i = 0; i < sizeof data_files / sizeof data_files[0]; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, data_files[i]);
        remove(path);
    }
    rmdir(dir);
    return rc;
}

static void test_data_files_malformed(void **state)
{
    mbfx f;
    mbfx_open(&f, 1, NULL);
    fc_error err;
    assert_int_equal(load_with(&f, "cookies.csv", "position,vp\n1,0\n2,1\n", &err), 0);
    assert_true(load_with(&f, "board.csv", "side,q,r,region,feature\nA,0,0,pink,none\nA,1,0,purple,none\n", &err) < 0);
    assert_non_null(strstr(err.msg, "board.csv:3: column 'region': unknown region 'purple'"));
    assert_true(load_with(&f, "tiles.csv",
                          "id,name,effect,value,count,mandatory,returns\nT1,a,crates,0,2,0,1\nT2,b,vp,0,2,0,1\n",
                          &err) < 0);
    assert_non_null(strstr(err.msg, "tiles.csv:3:"));
    assert_true(load_with(&f, "dice.csv", "die,colour,faces\n1,pink,0;1;7\n", &err) < 0);
    assert_non_null(strstr(err.msg, "dice.csv:"));
    assert_true(load_with(&f, "groups.csv", "player_side,group,crates\nA,A1,2\n", &err) < 0);
    assert_non_null(strstr(err.msg, "missing column 'ability'"));
    assert_true(load_with(&f, "cookies.csv", "position,vp\n1,zero\n", &err) < 0);
    assert_non_null(strstr(err.msg, "cookies.csv:2"));
    mbfx_close(&f);
}

static void test_rule_sets_and_parameters(void **state)
{
    static const char *const files[] = {"first_game", "side_b", "house_rules"};
    for (int i = 0; i < 3; i++) {
        fc_error err;
        char path[512];
        fc_context *ctx = fc_context_new();
        assert_int_equal(fc_context_load(ctx, MARABUNTA_SO, &err), 0);
        fc_rules *r = fc_rules_new(ctx, "marabunta", 2, &err);
        snprintf(path, sizeof path, "%s/config/marabunta/%s.ini", FC_SOURCE_ROOT, files[i]);
        if (fc_rules_load_ini(r, path, &err) != 0 || fc_rules_finish(r, &err) != 0)
            fail_msg("%s: %s", files[i], err.msg);
        assert_string_equal(fc_rules_name(r), files[i]);
        const fc_value *v = fc_rules_values(r);
        assert_int_equal(v[P_BOARD_SIDE].i, i == 1);
        assert_int_equal(v[P_PLAYER_SIDE].i, i == 1);
        assert_int_equal(v[P_NO_ANT_HILLS].i, i == 2);
        const mb_data *D = fc_rules_data(r);
        assert_int_equal(D->ant_hills, i == 2 ? 0 : 2);
        fc_rules_free(r);
        fc_context_free(ctx);
    }
    /* parameters overriding component data */
    static const char *const sets[] = {"cookie_values=5,6", "leaf_circles=6", "ant_hills=3", NULL};
    mbfx f;
    mbfx_open(&f, 1, sets);
    assert_int_equal(f.D->ncookies, 2);
    assert_int_equal(f.D->cookie_vp[1], 6);
    assert_int_equal(f.D->leaf_empty[0], 2);
    assert_int_equal(f.st.seat[0].hills, 3);
    mbfx_close(&f);
}

static void test_notation_strict(void **state)
{
    int faces[6] = {FACE_2, FACE_0, FACE_0, FACE_0, FACE_0, FACE_0};
    mbfx f;
    open_resolve(&f, NULL, PINK | TILE, faces, "T3");
    mbfx_put(&f, 0, 0, 0, 1);
    fc_decision d;
    assert_int_equal(f.g->decision_parse(&f.st, f.env, "use pink", &d), 0);
    assert_int_equal(d, MB_D(D_USE, 0, 0));
    assert_int_not_equal(f.g->decision_parse(&f.st, f.env, "use  pink", &d), 0);
    assert_int_not_equal(f.g->decision_parse(&f.st, f.env, "USE pink", &d), 0);
    assert_int_not_equal(f.g->decision_parse(&f.st, f.env, "use purple", &d), 0);
    mbfx_play(&f, "use pink");
    char t[64];
    f.g->decision_text(&f.st, f.env, MB_D(D_WRITE, mbfx_hex(&f, -1, 2), 1), t, sizeof t);
    assert_string_equal(t, "write -1,2 hill");
    assert_int_not_equal(f.g->decision_parse(&f.st, f.env, "write 1,0 ", &d), 0);
    fc_decision_info info;
    f.g->decision_describe(&f.st, f.env, MB_D(D_WRITE, mbfx_hex(&f, 2, 0), 0), &info);
    assert_true(info.has_hex);
    assert_int_equal(info.hex.q, 2);
    assert_non_null(strstr(info.label, "cookie"));
    assert_string_equal(info.group, "write");
    mbfx_close(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_S01_S03_R40_board_and_player_sides),
        cmocka_unit_test(test_S04_S05_S06_initial_state),
        cmocka_unit_test(test_S07_starting_player),
        cmocka_unit_test(test_R01_R03_R04_R05_R06_R10_D03_D04_round_flow),
        cmocka_unit_test(test_R02_R09_special_tile_from_round_8),
        cmocka_unit_test(test_R07_R08_ignore_and_D02_items),
        cmocka_unit_test(test_R20_R30_R31_D05_D06_adjacency_and_region),
        cmocka_unit_test(test_R21_R32_R34_zero_and_ant_hills),
        cmocka_unit_test(test_V3_no_ant_hills_first_number_free),
        cmocka_unit_test(test_R22_R41_crate_face),
        cmocka_unit_test(test_R23_A15_flag_face),
        cmocka_unit_test(test_R35_R44_R45_A11_D07_rewards),
        cmocka_unit_test(test_R50_R53_T3_a_one),
        cmocka_unit_test(test_R36_R54_A09_T4_two_zeros),
        cmocka_unit_test(test_R12_R13_R37_R38_R55_T5_cross_out_two),
        cmocka_unit_test(test_R56_D08_T6_free_zero),
        cmocka_unit_test(test_R57_A08_T7_encore),
        cmocka_unit_test(test_R58_A14_T8_cookie_raid),
        cmocka_unit_test(test_data_files_malformed),
        cmocka_unit_test(test_rule_sets_and_parameters),
        cmocka_unit_test(test_notation_strict),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
