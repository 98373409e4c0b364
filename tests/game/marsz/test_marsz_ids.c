/* March of the Ants rules by id, part 2: one test per R- rule id not named in
 * test_marsz_rules.c (R-01 .. R-77) and S-09. Each builds a position with the fixture, applies
 * a decision or a phase and asserts what the rule demands. Rulings (A-xx), TX-10, AB-09,
 * HD-02 (b), V-3 and the casualties hook are in test_marsz_rulings.c. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "mz_fixture.h"

static fc_decision buf[MZ_MAX_DECISIONS];

static int hex_dist(int q1, int r1, int q2, int r2)
{
    int dq = q1 - q2, dr = r1 - r2, ds = -dq - dr;
    dq = abs(dq), dr = abs(dr), ds = abs(ds);
    return dq > dr ? (dq > ds ? dq : ds) : (dr > ds ? dr : ds);
}

/* the Great Tunnel is seven cells with twelve adjacent cells; it is not a tile:
 * no tile on its cells, never inhabited, controlled, contested or inner meadow. */
static void test_r01_r05_a03_great_tunnel_is_not_a_tile(void **state)
{
    mfx f;
    mfx_open(&f, 3, 201, NULL);
    static const int gt[7][2] = {{0, 0}, {0, -1}, {1, -1}, {1, 0}, {0, 1}, {-1, 1}, {-1, 0}};
    for (int i = 0; i < 7; i++)
        assert_true(mz_is_gt_cell(f.D, gt[i][0], gt[i][1]));
    int adj = 0;
    for (int q = -3; q <= 3; q++)
        for (int r = -3; r <= 3; r++)
            if (mz_adj_index(f.D, q, r) >= 0) {
                adj++;
                assert_int_equal(hex_dist(q, r, 0, 0), 2);
            }
    assert_int_equal(adj, 12);
    mfx_ants(&f, 1, MZ_POS(MZ_GT, MZ_OUT), 2); /* two players there */
    assert_false(mz_inhabits(f.D, &f.st, 0, MZ_GT));
    assert_false(mz_contested(&f.st, MZ_GT));
    assert_int_equal(mz_controller(&f.st, MZ_GT), -1);
    assert_false(mz_inner(f.D, &f.st, MZ_GT));
    int n = mz_placements(f.D, &f.st, 0, 13, 1, buf);
    assert_true(n > 0);
    for (int i = 0; i < n; i++) {
        int q = MZ_DA(buf[i]) - 64, r = MZ_DB(buf[i]) - 64;
        assert_false(mz_is_gt_cell(f.D, q, r));
        assert_int_equal(hex_dist(q, r, 0, 0), 2); /* only the tunnel is on the meadow */
    }
    mfx_close(&f);
}

/* a larva goes to the Great Tunnel or onto a tile the player inhabits; ants only
 * on the outskirts do not inhabit. */
static void test_r03_r14_larva_needs_inhabited_tile(void **state)
{
    mfx f;
    mfx_open(&f, 3, 202, NULL);
    mfx_clear_ants(&f);
    mfx_place(&f, 12, 0, -2, 0); /* Pebble: F (control), L1 */
    mfx_ants(&f, 1, MZ_POS(12, 0), 1);
    mfx_ants(&f, 0, MZ_POS(12, MZ_OUT), 1);
    assert_false(mz_inhabits(f.D, &f.st, 0, 12));
    mfx_frame_on(&f, PS_THORAX, F_STEPS, 0, 0, 0, 6);
    assert_true(mfx_legal(&f, "larva to GT"));
    assert_false(mfx_legal(&f, "larva to T12.s1"));
    /* an ant of seat 0 on a harvest space: now it inhabits the tile */
    mz_put(&f.st, 0, MZ_POS(12, 1));
    f.st.seat[0].eggs--;
    assert_true(mz_inhabits(f.D, &f.st, 0, 12));
    mfx_frame_on(&f, PS_THORAX, F_STEPS, 0, 0, 0, 6);
    assert_true(mfx_legal(&f, "larva to T12.out")); /* full tile: the larva settles outside */
    int larvae = f.st.seat[0].larvae;
    mfx_play(&f, "larva to T12.out");
    assert_int_equal(f.st.seat[0].larvae, larvae - 1);
    assert_int_equal(f.st.loc[12].out[0], 2);
    mfx_close(&f);
}

/* rotation k moves printed edge e to edge (e + k) mod 6. */
static void test_r04_rotation_maps_edges(void **state)
{
    mfx f;
    mfx_open(&f, 3, 203, NULL);
    assert_int_equal(f.D->tile[12].mask, 0x09); /* Pebble: N, S */
    mfx_place(&f, 12, 0, -3, 1);
    assert_int_equal(mz_placed_mask(f.D, &f.st, 12), 0x12); /* NE, SW */
    mfx_place(&f, 19, 3, -3, 5);
    assert_int_equal(f.D->tile[19].mask, 0x03); /* Seed Cache: N, NE */
    assert_int_equal(mz_placed_mask(f.D, &f.st, 19), 0x21); /* NW, N */
    mfx_close(&f);
}

/* a tile next to the Great Tunnel whose edges facing it are closed is
 * adjacent but not connected (ants cannot step in), and still an inner-meadow tile. */
static void test_r06_r07_r18_adjacent_not_connected(void **state)
{
    mfx f;
    mfx_open(&f, 3, 204, NULL);
    mfx_place(&f, 12, 0, -2, 1); /* openings NE, SW; edge S (toward the tunnel) closed */
    assert_true(mz_adjacent(f.D, &f.st, 12, MZ_GT));
    assert_false(mz_connected(f.D, &f.st, 12, MZ_GT));
    assert_true(mz_inner(f.D, &f.st, 12));
    mfx_frame_on(&f, PS_THORAX, F_STEPS, 0, 0, 0, 6);
    assert_false(mfx_legal(&f, "ant GT to T12.s0"));
    mfx_place(&f, 14, 0, -3, 0); /* Clover Patch: NE, SE, SW, NW; (0,-3) is outer meadow */
    assert_false(mz_inner(f.D, &f.st, 14));
    mfx_close(&f);
    mfx_open(&f, 3, 204, NULL);
    mfx_place(&f, 12, 0, -2, 0); /* edge S open toward the tunnel */
    assert_true(mz_connected(f.D, &f.st, 12, MZ_GT));
    mfx_frame_on(&f, PS_THORAX, F_STEPS, 0, 0, 0, 6);
    assert_true(mfx_legal(&f, "ant GT to T12.s0"));
    mfx_close(&f);
}

/* wormholes link tiles for ant steps only: exploring from a wormhole tile places the
 * new tile next to that tile, never next to the other wormhole tile. */
static void test_r08_wormholes_only_for_steps(void **state)
{
    mfx f;
    mfx_open(&f, 3, 205, NULL);
    mfx_clear_ants(&f);
    mfx_place(&f, 16, 0, -2, 0);
    mfx_place(&f, 18, 0, 2, 0);
    f.st.loc[16].wormhole = f.st.loc[18].wormhole = 1;
    assert_false(mz_connected(f.D, &f.st, 16, 18));
    mfx_ants(&f, 0, MZ_POS(16, 0), 1);
    int n = mz_placements(f.D, &f.st, 0, 13, 0, buf);
    assert_true(n > 0);
    for (int i = 0; i < n; i++)
        assert_int_equal(hex_dist(MZ_DA(buf[i]) - 64, MZ_DB(buf[i]) - 64, 0, -2), 1);
    mfx_close(&f);
}

/* a placement needs one opening against an opening of an adjacent location. */
static void test_r09_placement_needs_facing_opening(void **state)
{
    mfx f;
    mfx_open(&f, 3, 206, NULL);
    mfx_place(&f, 19, 0, -2, 0); /* Seed Cache: N, NE open; its S edge toward the tunnel closed */
    int n = mz_placements(f.D, &f.st, 0, 12, 1, buf);
    bool rot0 = false, rot1 = false;
    for (int i = 0; i < n; i++)
        if (MZ_DA(buf[i]) - 64 == 0 && MZ_DB(buf[i]) - 64 == -3) {
            rot0 |= MZ_DC(buf[i]) % 3 == 0; /* S faces the Seed Cache's N opening */
            rot1 |= MZ_DC(buf[i]) % 3 == 1; /* NE, SW: nothing faces an opening */
        }
    assert_true(rot0);
    assert_false(rot1);
    /* (-1,-2) touches only the Seed Cache's closed SW... and NW edges: no placement there */
    for (int i = 0; i < n; i++)
        assert_false(MZ_DA(buf[i]) - 64 == -1 && MZ_DB(buf[i]) - 64 == -2);
    mfx_close(&f);
}

/* an arriving ant takes an empty harvest space (never the outskirts while one is
 * free); a space holds one ant, so with none free it goes to the outskirts. */
static void test_r11_r12_settling(void **state)
{
    mfx f;
    mfx_open(&f, 3, 207, NULL);
    mfx_place(&f, 13, 0, -2, 0); /* Moss Carpet: L1 (control), L1, F, C */
    mfx_frame_on(&f, PS_THORAX, F_STEPS, 0, 0, 0, 6);
    assert_false(mfx_legal(&f, "ant GT to T13.out"));
    assert_true(mfx_legal(&f, "ant GT to T13.s0"));
    assert_true(mfx_legal(&f, "ant GT to T13.s3"));
    for (int i = 0; i < 4; i++)
        mfx_ants(&f, 1, MZ_POS(13, i), 1);
    mfx_frame_on(&f, PS_THORAX, F_STEPS, 0, 0, 0, 6);
    assert_false(mfx_legal(&f, "ant GT to T13.s0"));
    mfx_play(&f, "ant GT to T13.out");
    assert_int_equal(f.st.loc[13].out[0], 1);
    assert_int_equal(f.st.loc[13].space[0], 2); /* still seat 1's ant */
    mfx_close(&f);
}

/* control is the control space; a shared tile without outskirts ants has
 * no battle in the soldier phase. */
static void test_r15_r16_shared_tile_no_battle(void **state)
{
    mfx f;
    mfx_open(&f, 3, 208, NULL);
    mfx_clear_ants(&f);
    mfx_place(&f, 12, 0, -2, 0);
    mfx_ants(&f, 0, MZ_POS(12, 1), 1);
    mfx_ants(&f, 1, MZ_POS(12, 0), 1);
    assert_int_equal(mz_controller(&f.st, 12), 1);
    assert_true(mz_inhabits(f.D, &f.st, 0, 12) && mz_inhabits(f.D, &f.st, 1, 12));
    assert_false(mz_contested(&f.st, 12));
    mfx_soldier_at(&f, 2, 2);
    assert_int_not_equal(mfx_top_kind(&f), F_FEROCITY);
    assert_int_equal(mz_ants_at(&f.st, 12, 0), 1);
    assert_int_equal(mz_ants_at(&f.st, 12, 1), 1);
    mfx_close(&f);
}

/* an inner-meadow tile scores its controller at dormancy even when it is not
 * connected to the Great Tunnel; an outer tile does not. */
static void test_r18_r71_unconnected_inner_tile_scores(void **state)
{
    mfx f;
    mfx_open(&f, 3, 209, NULL);
    mfx_clear_ants(&f);
    mfx_place(&f, 12, 0, -2, 1); /* inner, not connected */
    mfx_place(&f, 14, 0, -3, 0); /* outer */
    mfx_ants(&f, 2, MZ_POS(12, 0), 1);
    mfx_ants(&f, 2, MZ_POS(14, 0), 1);
    f.st.round = 1;
    int score = f.st.seat[2].score;
    mfx_frame_on(&f, PS_DORMANCY, F_QUEEN, 0, 0, 3, 0);
    assert_int_equal(f.st.seat[2].score, score + 1);
    assert_int_equal(f.st.round, 2);
    mfx_close(&f);
}

/* R-19, T-24: the Centipede Nest's extra centipede goes only to an adjacent tile without
 * one; when every adjacent tile has one, none is put (never a second on a tile). A-04: the
 * tile's symbol is resolved before the ants move in, its placement effect after. */
static void test_r19_a04_one_centipede_per_tile(void **state)
{
    mfx f;
    mfx_open(&f, 4, 210, NULL);
    mfx_place(&f, 12, 0, -3, 0);
    mfx_place(&f, 9, 0, -2, 0);
    f.st.loc[9].centipede = 1; /* the only tile next to (1,-2) */
    int i = 0;
    while (f.st.stack[i] != 24 && i < f.st.nstack)
        i++;
    if (i == f.st.nstack)
        f.st.stack[f.st.nstack++] = 24;
    else {
        f.st.stack[i] = f.st.stack[f.st.nstack - 1];
        f.st.stack[f.st.nstack - 1] = 24;
    }
    mfx_turn(&f, 0);
    mfx_play(&f, "explore");
    mfx_play(&f, "place 1,-2 rot 0");
    assert_int_equal(mfx_top_kind(&f), F_ENTER);
    assert_true(f.st.loc[24].centipede); /* symbol first */
    f.g->legal(&f.st, f.env, buf, NULL);
    assert_int_equal(f.g->apply(&f.st, f.env, buf[0]), 0);
    mfx_play(&f, "done");
    assert_true(f.st.loc[24].centipede); /* its own symbol */
    assert_int_not_equal(mfx_top_kind(&f), F_TARGET);
    assert_false(mfx_legal(&f, "target T9"));
    int centipedes = 0;
    for (int t = 1; t <= MZ_TILES; t++)
        centipedes += f.st.loc[t].placed && f.st.loc[t].centipede;
    assert_int_equal(centipedes, 2); /* T-9 and T-24 */
    assert_int_equal(f.st.loc[MZ_GT].centipede, 0);
    mfx_close(&f);
}

/* the owner chooses which ant is lost; it goes back to the egg pool. */
static void test_r21_owner_chooses_losses(void **state)
{
    mfx f;
    mfx_open(&f, 3, 211, NULL);
    mfx_clear_ants(&f);
    mfx_place(&f, 12, 0, -2, 0);
    mfx_ants(&f, 0, MZ_POS(12, 0), 1);
    mfx_ants(&f, 0, MZ_POS(12, MZ_OUT), 2);
    int eggs = f.st.seat[0].eggs;
    mfx_frame_on(&f, PS_THORAX, F_REMOVE, 0, 12, RM_CARD, 1);
    assert_int_equal(mfx_to_move(&f), 0);
    assert_int_equal(f.g->legal(&f.st, f.env, buf, NULL), 2); /* the control space or outskirts */
    mfx_play(&f, "lose T12.s0");
    assert_int_equal(f.st.seat[0].eggs, eggs + 1);
    assert_int_equal(mz_ants_at(&f.st, 12, 0), 2);
    mfx_close(&f);
}

/* harvest gives each occupied space's reward (outskirts and the Great Tunnel give
 * nothing); card draws go in player order from the active player. */
static void test_r22_r67_harvest_in_player_order(void **state)
{
    mfx f;
    mfx_open(&f, 3, 212, NULL);
    mfx_clear_ants(&f);
    mfx_place(&f, 13, 0, -2, 0); /* L1 (control), L1, F, C */
    mfx_place(&f, 16, 0, 2, 0);  /* Root Tangle: C (control), L1 */
    mfx_ants(&f, 0, MZ_POS(13, 0), 1);
    mfx_ants(&f, 0, MZ_POS(13, 2), 1);
    mfx_ants(&f, 0, MZ_POS(13, 3), 1);
    mfx_ants(&f, 0, MZ_POS(13, MZ_OUT), 3);
    mfx_ants(&f, 0, MZ_POS(MZ_GT, MZ_OUT), 3);
    mfx_ants(&f, 2, MZ_POS(16, 0), 1);
    mfx_deck_top(&f, EV05);
    mfx_deck_top(&f, EV09); /* top: drawn first, by the active player */
    f.st.active = 2;
    f.st.round = 2;
    int larvae = f.st.seat[0].larvae, food = f.st.seat[0].food, hand0 = f.st.seat[0].hand;
    mfx_frame_on(&f, PS_DORMANCY, F_QUEEN, 2, 0, 1, 0);
    assert_int_equal(f.st.seat[0].larvae, larvae + 1);
    assert_int_equal(f.st.seat[0].food, food + 1);
    assert_int_equal(f.st.seat[0].hand, hand0 + 1);
    assert_int_equal(f.st.card_loc[EV09], CL_HAND);
    assert_int_equal(f.st.card_seat[EV09], 2);
    assert_int_equal(f.st.card_seat[EV05], 0);
    mfx_close(&f);
}

/* scores are unbounded upwards (past the track's 49) and never below 0. */
static void test_r23_a14_score_bounds(void **state)
{
    mfx f;
    mfx_open(&f, 3, 213, NULL);
    f.st.seat[0].score = 1;
    mz_add_points(&f.st, 0, -5);
    assert_int_equal(f.st.seat[0].score, 0);
    mz_add_points(&f.st, 0, 60);
    assert_int_equal(f.st.seat[0].score, 60);
    mfx_close(&f);
}

/* Rest takes a rest tile and applies it at once without reactions; a player who
 * rested still gets turns, and each must be a Rest. */
static void test_r25_r39_rest_then_only_rest(void **state)
{
    mfx f;
    mfx_open(&f, 3, 214, NULL);
    memset(f.st.rest_row, 0, sizeof f.st.rest_row);
    f.st.rest_row[0] = f.st.rest_row[1] = f.st.rest_row[2] = 1;
    mfx_turn(&f, 0);
    int food = f.st.seat[0].food;
    mfx_play(&f, "rest RT-01"); /* Full Pantry: 2 food */
    assert_int_equal(f.st.seat[0].food, food + 2);
    assert_false(f.st.rest_row[1]);
    assert_int_equal(mfx_top_kind(&f), F_TURN); /* no reactions */
    assert_int_equal(mfx_to_move(&f), 1);
    f.st.seat[1].turns = f.st.seat[2].turns = 1;
    mfx_play(&f, "forage");
    mfx_until_turn(&f, 2);
    mfx_play(&f, "forage");
    mfx_until_turn(&f, 0);
    assert_true(f.st.seat[0].food > 0);
    assert_false(mfx_legal(&f, "forage"));
    assert_false(mfx_legal(&f, "march"));
    assert_true(mfx_legal(&f, "rest RT-02"));
    mfx_close(&f);
}

/* every round runs worker phase, thorax reactions, soldier phase, queen phase (with
 * dormancy) in this order; the game has 4 rounds. */
static int phase_rank(const mfx *f)
{
    for (int i = 1; i < f->st.nframes; i++)
        switch (f->st.frame[i].kind) {
        case F_TURN:
        case F_NEXTTURN: return 0;
        case F_THORAX: return 1;
        case F_SOLDIER: return 2;
        case F_QUEEN: return 3;
        default: break;
        }
    return -1;
}

static void test_r24_round_structure(void **state)
{
    mfx f;
    mfx_open(&f, 3, 215, NULL);
    fc_rng rng;
    fc_rng_seed(&rng, 215, 1);
    int round = 1, rank = 0, seen = 0;
    while (mfx_to_move(&f) != FC_NOBODY) {
        int k = phase_rank(&f);
        assert_true(k >= 0);
        if (f.st.round != round) {
            assert_int_equal(f.st.round, round + 1);
            assert_int_equal(rank, 3); /* the previous round ended in its queen phase */
            assert_int_equal(k, 0);    /* and the new one starts with the worker phase */
            round = f.st.round;
        } else
            assert_true(k >= rank);
        rank = k;
        seen |= 1 << k;
        int n = f.g->legal(&f.st, f.env, buf, NULL);
        assert_int_equal(f.g->apply(&f.st, f.env, buf[fc_rng_below(&rng, (uint32_t)n)]), 0);
    }
    assert_int_equal(round, 4);
    assert_int_equal(seen & 0x9, 0x9);
    mfx_close(&f);
}

/* the explore reaction moves a larva onto any tile the reacting player inhabits (not
 * only the new tile) or to the Great Tunnel; not onto a tile it does not inhabit. */
static void test_r29_explore_reaction_any_inhabited_tile(void **state)
{
    mfx f;
    mfx_open(&f, 3, 216, NULL);
    mfx_place(&f, 12, 0, 2, 0);  /* Pebble south of the tunnel, seat 1 inhabits it */
    mfx_place(&f, 20, -2, 2, 0); /* Thorn Thicket, seat 2 inhabits it */
    mfx_ants(&f, 1, MZ_POS(12, 1), 1);
    mfx_ants(&f, 2, MZ_POS(20, 1), 1);
    mfx_turn(&f, 0);
    mfx_play(&f, "explore");
    f.g->legal(&f.st, f.env, buf, NULL);
    assert_int_equal(f.g->apply(&f.st, f.env, buf[0]), 0);
    int tile = f.st.frame[f.st.nframes - 1].a;
    mfx_playf(&f, "ant GT to T%d.s0", tile);
    mfx_play(&f, "done");
    assert_int_equal(mfx_to_move(&f), 1);
    mfx_play(&f, "react explore");
    assert_true(mfx_legal(&f, "larva to T12.s0"));
    assert_true(mfx_legal(&f, "larva to GT"));
    assert_false(mfx_legal(&f, "larva to T20.s0"));
    assert_false(mfx_legalf(&f, "larva to T%d.s1", tile));
    int larvae = f.st.seat[1].larvae;
    mfx_play(&f, "larva to T12.s0");
    assert_int_equal(f.st.seat[1].larvae, larvae - 1);
    assert_int_equal(f.st.loc[12].space[0], 2);
    mfx_close(&f);
}

/* Forage costs 1 food, draws 3 and discards 1; the reaction gains 1 larva. */
static void test_r30_r31_forage(void **state)
{
    mfx f;
    mfx_open(&f, 3, 217, NULL);
    mfx_turn(&f, 0);
    int food = f.st.seat[0].food, hand = f.st.seat[0].hand, disc = f.st.ndisc, deck = f.st.ndeck;
    mfx_play(&f, "forage");
    assert_int_equal(f.st.seat[0].food, food - 1);
    assert_int_equal(f.st.ndeck, deck - 3);
    assert_int_equal(mfx_top_kind(&f), F_DISCARD);
    f.g->legal(&f.st, f.env, buf, NULL);
    assert_int_equal(f.g->apply(&f.st, f.env, buf[0]), 0);
    assert_int_equal(f.st.seat[0].hand, hand + 2);
    assert_int_equal(f.st.ndisc, disc + 1);
    assert_int_equal(mfx_to_move(&f), 1);
    int larvae = f.st.seat[1].larvae, eggs = f.st.seat[1].eggs;
    mfx_play(&f, "react forage");
    assert_int_equal(f.st.seat[1].larvae, larvae + 1);
    assert_int_equal(f.st.seat[1].eggs, eggs - 1);
    mfx_close(&f);
}

/* March costs 1 food and gives up to 6 steps; 0 steps is legal; after 6 it ends. */
static void test_r32_march_up_to_six_steps(void **state)
{
    mfx f;
    mfx_open(&f, 3, 218, NULL);
    mz_gain_larvae(&f.st, 0, 6);
    mfx_turn(&f, 0);
    int food = f.st.seat[0].food, larvae = f.st.seat[0].larvae;
    mfx_play(&f, "march");
    assert_int_equal(f.st.seat[0].food, food - 1);
    assert_true(mfx_legal(&f, "done"));
    for (int i = 0; i < 6; i++) {
        assert_int_equal(mfx_top_kind(&f), F_STEPS);
        mfx_play(&f, "larva to GT");
    }
    assert_int_not_equal(mfx_top_kind(&f), F_STEPS);
    assert_int_equal(f.st.seat[0].larvae, larvae - 6);
    assert_int_equal(mz_ants_at(&f.st, MZ_GT, 0), 8);
    mfx_close(&f);
}

/* ant steps cannot move larvae. */
static void test_r34_ant_steps_move_no_larvae(void **state)
{
    mfx f;
    mfx_open(&f, 3, 219, NULL);
    mfx_place(&f, 13, 0, -2, 0);
    mfx_frame_on(&f, PS_THORAX, F_STEPS, 0, 0, STEP_ANT_ONLY, 2);
    assert_false(mfx_legal(&f, "larva to GT"));
    assert_true(mfx_legal(&f, "ant GT to T13.s0"));
    mfx_frame_on(&f, PS_THORAX, F_STEPS, 0, 0, 0, 2);
    assert_true(mfx_legal(&f, "larva to GT"));
    mfx_close(&f);
}

/* playing a card costs its cost, no food; an event goes to the discard pile; a
 * card whose cost cannot be paid is not offered. */
static void test_r36_r44_play_a_card(void **state)
{
    mfx f;
    mfx_open(&f, 3, 220, NULL);
    mfx_clear_ants(&f);
    mfx_to_hand(&f, 0, EV16);
    mfx_to_hand(&f, 0, HD08); /* 3 ants only: no ants on the meadow */
    mfx_turn(&f, 0);
    assert_false(mfx_legal(&f, "play HD-08"));
    int food = f.st.seat[0].food, larvae = f.st.seat[0].larvae;
    mfx_play(&f, "play EV-16");
    for (int i = 0; i < f.D->card[EV16].cost; i++)
        mfx_play(&f, "pay larva");
    assert_int_equal(f.st.seat[0].food, food + f.D->card[EV16].food);
    assert_int_equal(f.st.card_loc[EV16], CL_DISCARD);
    assert_int_equal(f.st.seat[0].larvae, larvae - f.D->card[EV16].cost + f.D->card[EV16].larvae);
    mfx_close(&f);
}

/* strength = ants + head evolutions (covered ones too) + rest tiles + printed
 * modifiers; abdomen evolutions feed one more ant per food. */
static void test_r46_r54_segment_bonuses_and_strength(void **state)
{
    mfx f;
    mfx_open(&f, 3, 221, NULL);
    mfx_clear_ants(&f);
    mfx_place(&f, 12, 0, -2, 0);
    mfx_ants(&f, 0, MZ_POS(MZ_GT, MZ_OUT), 3);
    mfx_ants(&f, 0, MZ_POS(12, 0), 1);
    mfx_give_evo(&f, 0, HD09); /* no strength of its own */
    mfx_give_evo(&f, 0, HD10); /* +2 in the Great Tunnel */
    f.st.seat[0].rest_strength = 2;
    assert_int_equal(mz_strength_base(f.env, &f.st, 0, MZ_GT, false), 3 + 2 + 2 + f.D->card[HD10].n);
    assert_int_equal(mz_strength_base(f.env, &f.st, 0, 12, false), 1 + 2 + 2);
    /* abdomen: 5 ants, 1 food, one abdomen card (Royal Abdomen, no feeding text) */
    mfx_give_evo(&f, 0, AB06);
    mfx_ants(&f, 0, MZ_POS(MZ_GT, MZ_OUT), 1);
    f.st.seat[0].food = 1;
    f.st.round = 2;
    f.st.active = 0;
    mfx_frame_on(&f, PS_DORMANCY, F_FEED, 0, 0, 0, 0);
    assert_true(mfx_legal(&f, "feed 5"));
    assert_false(mfx_legal(&f, "feed 6"));
    mfx_close(&f);
}

/* after a tile battle the outskirts ants refill starting with the winner and going
 * clockwise (not from the active player); ferocity cards go to the discard pile. */
static void test_r60_cleanup_from_winner(void **state)
{
    mfx f;
    mfx_open(&f, 3, 222, NULL);
    mfx_clear_ants(&f);
    mfx_place(&f, 13, 0, -2, 0); /* 4 spaces */
    for (int i = 0; i < 4; i++)
        mfx_ants(&f, 0, MZ_POS(13, i), 1);
    mfx_ants(&f, 1, MZ_POS(13, MZ_OUT), 6);
    mfx_ants(&f, 2, MZ_POS(13, MZ_OUT), 5);
    mfx_to_hand(&f, 1, EV13); /* ferocity 2 */
    f.st.active = 2;
    mfx_soldier_at(&f, 2, 2);
    while (mfx_top_kind(&f) == F_FEROCITY)
        mfx_play(&f, mfx_to_move(&f) == 1 ? "ferocity EV-13" : "ferocity none");
    assert_int_equal(f.st.bt.winner, 1); /* 8 against 4 and 5 */
    /* L = 9: the winner loses 4; W = 6 alternate seat 2, seat 0: 3 each */
    while (mfx_top_kind(&f) == F_REMOVE || mfx_top_kind(&f) == F_SPOIL || mfx_top_kind(&f) == F_REFILL) {
        int n = f.g->legal(&f.st, f.env, buf, NULL);
        fc_decision d = buf[0];
        for (int i = 0; i < n; i++)
            if (MZ_DK(buf[i]) == DK_DONE)
                d = buf[i];
        assert_int_equal(f.g->apply(&f.st, f.env, d), 0);
        mfx_check(&f);
    }
    int sp[3] = {0};
    for (int i = 0; i < 4; i++)
        if (f.st.loc[13].space[i])
            sp[f.st.loc[13].space[i] - 1]++;
    assert_int_equal(sp[0], 1);
    assert_int_equal(sp[1], 2); /* the winner's 2 survivors fill first */
    assert_int_equal(sp[2], 1); /* then seat 2 takes the last space */
    assert_int_equal(f.st.loc[13].out[1], 0);
    assert_int_equal(f.st.loc[13].out[2], 1);
    assert_int_equal(f.st.card_loc[EV13], CL_DISCARD);
    mfx_close(&f);
}

/* when the centipede is defeated and the tile is still contested, one ant battle
 * follows on it; the centipede's card goes to the discard pile. */
static void test_r65_centipede_then_ant_battle(void **state)
{
    mfx f;
    mfx_open(&f, 3, 223, NULL);
    mfx_clear_ants(&f);
    mfx_place(&f, 12, 0, -2, 0);
    f.st.loc[12].centipede = 1;
    mfx_ants(&f, 0, MZ_POS(12, 0), 1);
    mfx_ants(&f, 1, MZ_POS(12, 1), 1);
    mfx_ants(&f, 1, MZ_POS(12, MZ_OUT), 7);
    mfx_deck_top(&f, EV13);
    f.st.active = 0;
    mfx_soldier_at(&f, 2, 2);
    assert_int_equal(mfx_to_move(&f), 1);
    mfx_play(&f, "ferocity none");
    assert_false(f.st.loc[12].centipede);
    assert_int_equal(f.st.card_loc[EV13], CL_DISCARD);
    while (mfx_top_kind(&f) == F_REMOVE)
        mfx_play(&f, "lose T12.out");
    assert_int_equal(mz_ants_at(&f.st, 12, 1), 4); /* lost ceil(8 / 2) */
    assert_int_equal(mfx_top_kind(&f), F_SPOIL);
    mfx_play(&f, "done");
    mfx_play_forced(&f);
    assert_true(mz_contested(&f.st, 12));
    assert_int_equal(mfx_top_kind(&f), F_FEROCITY);
    assert_int_equal(f.st.bt.loc, 12);
    mfx_close(&f);
}

/* each goal in play scores its level at dormancy (Warrior Caste: 2 heads = 2). */
static void test_r72_goal_points_at_dormancy(void **state)
{
    mfx f;
    mfx_open(&f, 3, 224, NULL);
    mfx_clear_ants(&f);
    mfx_give_evo(&f, 1, HD09);
    mfx_give_evo(&f, 1, HD12);
    mfx_take_card(&f, CG08);
    f.st.card_loc[CG08] = CL_GOAL;
    f.st.card_seat[CG08] = 1;
    f.st.seat[1].ngoals = 1;
    f.st.round = 1;
    int score = f.st.seat[1].score;
    mfx_frame_on(&f, PS_DORMANCY, F_QUEEN, 0, 0, 3, 0);
    assert_int_equal(f.st.seat[1].score, score + 2);
    mfx_close(&f);
}

/* R-77, S-2P-1, A-43: the second player is offered start tiles other than the first's; after
 * setup each player has 2 ants in the tunnel, 3 on the start tile, 4 larvae, 27 eggs. */
/* The view's title of the working copy contains `want`. */
static void title_has(mfx *f, const char *want)
{
    fc_view *v = calloc(1, sizeof *v);
    assert_non_null(v);
    mz_view(&f->st, f->env, -1, v);
    if (!strstr(v->title, want))
        fail_msg("title '%s' lacks '%s'", v->title, want);
    free(v);
}

static void test_r77_a43_two_player_setup(void **state)
{
    mfx f;
    mfx_open(&f, 2, 225, NULL);
    int offered[4], k = 0;
    for (int i = 0; i < 2; i++) {
        int p = mfx_to_move(&f);
        const mz_frame *fr = &f.st.frame[f.st.nframes - 1];
        assert_int_equal(fr->kind, F_SETUP2P);
        title_has(&f, "round 1 of 4, setup"); /* not the worker phase, which has not begun */
        offered[k++] = fr->a;
        offered[k++] = fr->b;
        mfx_playf(&f, "tile T-%d", fr->a);
        title_has(&f, "round 1 of 4, setup"); /* the start tile's place */
        f.g->legal(&f.st, f.env, buf, NULL);
        assert_int_equal(f.g->apply(&f.st, f.env, buf[0]), 0);
        assert_int_equal(mz_ants_total(&f.st, p), 5);
        assert_int_equal(mz_ants_at(&f.st, MZ_GT, p), 2);
    }
    title_has(&f, "round 1 of 4, worker phase");
    for (int i = 0; i < 4; i++)
        for (int j = i + 1; j < 4; j++)
            assert_int_not_equal(offered[i], offered[j]);
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < f.st.nstack; j++)
            assert_int_not_equal(offered[i], f.st.stack[j]); /* not from the tile stack */
    for (int p = 0; p < 2; p++) {
        assert_int_equal(f.st.seat[p].larvae, 4);
        assert_int_equal(f.st.seat[p].eggs, 27);
        assert_int_equal(f.st.seat[p].food, 2);
        assert_int_equal(f.st.seat[p].hand, 3);
    }
    mfx_close(&f);
}

/* S-09: the first player is chosen at random (different seeds give different seats); the
 * first_player parameter fixes it. */
static void test_s09_first_player(void **state)
{
    unsigned seen = 0;
    for (uint64_t seed = 1; seed <= 24; seed++) {
        mfx f;
        mfx_open(&f, 4, seed, NULL);
        seen |= 1u << f.st.active;
        assert_int_equal(mfx_to_move(&f), f.st.active);
        mfx_close(&f);
    }
    assert_true(__builtin_popcount(seen) >= 3);
    static const char *const fix[] = {"first_player=2", NULL};
    mfx f;
    mfx_open(&f, 4, 9, fix);
    assert_int_equal(f.st.active, 2);
    mfx_close(&f);
}

/* an evolution never affects itself: Spinner Thorax is paid in full (2), then makes
 * other cards cheaper (never below 1). */
static void test_r47_spinner_pays_its_own_cost(void **state)
{
    mfx f;
    mfx_open(&f, 3, 240, NULL);
    mfx_clear_ants(&f);
    mfx_to_hand(&f, 0, TX05);
    mz_gain_larvae(&f.st, 0, 6);
    mfx_turn(&f, 0);
    assert_int_equal(mz_card_cost(f.D, &f.st, 0, TX05), 2);
    int larvae = f.st.seat[0].larvae;
    mfx_play(&f, "play TX-05");
    int paid = 0;
    while (mfx_top_kind(&f) == F_PAY) {
        mfx_play(&f, "pay larva");
        paid++;
    }
    assert_int_equal(paid, 2);
    assert_int_equal(f.st.seat[0].larvae, larvae - 2);
    assert_true(mz_has_evo(&f.st, 0, TX05));
    assert_int_equal(mz_card_cost(f.D, &f.st, 0, TX09), 1);
    assert_int_equal(mz_card_cost(f.D, &f.st, 0, EV08), 1); /* cost 1 stays 1 */
    mfx_close(&f);
}

/* equal ant counts face the centipede clockwise from the control space's
 * occupant; each player faces it at most once, so a centipede that beats everyone stays. */
static void test_r61_a11_centipede_tie_order_once_each(void **state)
{
    mfx f;
    mfx_open(&f, 3, 249, NULL);
    mfx_clear_ants(&f);
    mfx_place(&f, 13, 0, -2, 0);
    f.st.loc[13].centipede = 1;
    mfx_ants(&f, 2, MZ_POS(13, 0), 1); /* seat 2 holds the control space */
    mfx_ants(&f, 2, MZ_POS(13, MZ_OUT), 1);
    mfx_ants(&f, 0, MZ_POS(13, 1), 1);
    mfx_ants(&f, 0, MZ_POS(13, MZ_OUT), 1);
    mfx_deck_top(&f, TX06); /* ferocity 4 for the second fight */
    mfx_deck_top(&f, HD08); /* ferocity 4: 2 + 4 beats 2 + head 0 */
    f.st.active = 0;
    mfx_soldier_at(&f, 2, 2);
    assert_int_equal(mfx_top_kind(&f), F_FEROCITY);
    assert_int_equal(mfx_to_move(&f), 2);
    mfx_play(&f, "ferocity none");
    mfx_play_forced(&f);
    assert_int_equal(mz_ants_at(&f.st, 13, 2), 0); /* the centipede won: all lost */
    assert_int_equal(mfx_top_kind(&f), F_REFILL);   /* refill before the next fight */
    mfx_play(&f, "fill T13.s0");
    assert_int_equal(mfx_top_kind(&f), F_FEROCITY);
    assert_int_equal(mfx_to_move(&f), 0);
    mfx_play(&f, "ferocity none");
    mfx_play_forced(&f);
    assert_int_equal(mz_ants_at(&f.st, 13, 0), 0);
    assert_true(f.st.loc[13].centipede);
    assert_false(mfx_top_kind(&f) == F_FEROCITY && f.st.bt.loc == 13);
    mfx_close(&f);
}

/* S-05, A-15, A-35: the supply of food and centipedes is not a game constraint (more than
 * the 30 tokens and 6 pawns); S-12 .. S-14: each player starts with 4 larvae, 2 ants in the
 * tunnel, 30 eggs, score 0 and 2 food (with the 2-player tiles S-2P-2: 27 eggs). */
static void test_s05_s12_s13_s14_a15_a35_supply_and_start(void **state)
{
    mfx f;
    mfx_open(&f, 5, 255, NULL);
    for (int p = 0; p < 5; p++) {
        assert_int_equal(f.st.seat[p].larvae, 4);
        assert_int_equal(mz_ants_at(&f.st, MZ_GT, p), 2);
        assert_int_equal(f.st.seat[p].eggs, 30);
        assert_int_equal(f.st.seat[p].score, 0);
        assert_int_equal(f.st.seat[p].food, 2);
    }
    mz_gain(f.env, &f.st, 0, 40, 0, 0, 0);
    assert_int_equal(f.st.seat[0].food, 42);
    static const int cell[8][2] = {{0, -2}, {1, -2}, {2, -2}, {2, -1}, {2, 0}, {1, 1}, {0, 2}, {-1, 2}};
    for (int i = 0; i < 8; i++) {
        mfx_place(&f, 11 + i, cell[i][0], cell[i][1], 0);
        mz_put_centipede(&f.st, 11 + i);
    }
    for (int i = 0; i < 8; i++)
        assert_true(f.st.loc[11 + i].centipede);
    mfx_close(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_r01_r05_a03_great_tunnel_is_not_a_tile),
        cmocka_unit_test(test_r03_r14_larva_needs_inhabited_tile),
        cmocka_unit_test(test_r04_rotation_maps_edges),
        cmocka_unit_test(test_r06_r07_r18_adjacent_not_connected),
        cmocka_unit_test(test_r08_wormholes_only_for_steps),
        cmocka_unit_test(test_r09_placement_needs_facing_opening),
        cmocka_unit_test(test_r11_r12_settling),
        cmocka_unit_test(test_r15_r16_shared_tile_no_battle),
        cmocka_unit_test(test_r18_r71_unconnected_inner_tile_scores),
        cmocka_unit_test(test_r19_a04_one_centipede_per_tile),
        cmocka_unit_test(test_r21_owner_chooses_losses),
        cmocka_unit_test(test_r22_r67_harvest_in_player_order),
        cmocka_unit_test(test_r23_a14_score_bounds),
        cmocka_unit_test(test_r25_r39_rest_then_only_rest),
        cmocka_unit_test(test_r24_round_structure),
        cmocka_unit_test(test_r29_explore_reaction_any_inhabited_tile),
        cmocka_unit_test(test_r30_r31_forage),
        cmocka_unit_test(test_r32_march_up_to_six_steps),
        cmocka_unit_test(test_r34_ant_steps_move_no_larvae),
        cmocka_unit_test(test_r36_r44_play_a_card),
        cmocka_unit_test(test_r46_r54_segment_bonuses_and_strength),
        cmocka_unit_test(test_r60_cleanup_from_winner),
        cmocka_unit_test(test_r65_centipede_then_ant_battle),
        cmocka_unit_test(test_r72_goal_points_at_dormancy),
        cmocka_unit_test(test_r77_a43_two_player_setup),
        cmocka_unit_test(test_s09_first_player),
        cmocka_unit_test(test_s05_s12_s13_s14_a15_a35_supply_and_start),
        cmocka_unit_test(test_r47_spinner_pays_its_own_cost),
        cmocka_unit_test(test_r61_a11_centipede_tie_order_once_each),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
