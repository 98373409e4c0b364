/* March of the Ants rules by id: component data (tiles and cards), setup for 2-5 players (S-xx,
 * S-2P-x), explore, rest (R-38 .. R-40), reactions, Old Guard. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "mz_fixture.h"

/* Tile and card totals: 84 harvest spaces (31 F, 17 L1, 12 L2, 12 C, 12 P); 66 cards split
 * 22/12/12/10/10 with ferocity 11/30/14/10/1, costs 17/37/10/2 and kinds A16 E39 L11. */
static void test_data_totals(void **state)
{
    mfx f;
    mfx_open(&f, 3, 1, NULL);
    int sp[RW_KINDS] = {0}, total = 0;
    for (int t = 1; t <= MZ_TILES; t++)
        for (int i = 0; i < f.D->tile[t].nspaces; i++, total++)
            sp[f.D->tile[t].space[i]]++;
    assert_int_equal(total, 84);
    assert_int_equal(sp[RW_F], 31);
    assert_int_equal(sp[RW_L1], 17);
    assert_int_equal(sp[RW_L2], 12);
    assert_int_equal(sp[RW_C], 12);
    assert_int_equal(sp[RW_P], 12);
    int fer[6] = {0}, cost[5] = {0}, kind[3] = {0}, seg[4] = {0}, type[3] = {0};
    for (int c = 0; c < MZ_CARDS; c++) {
        const mz_card *C = &f.D->card[c];
        fer[C->ferocity]++, cost[C->cost]++, kind[C->kind]++, seg[C->seg]++, type[C->type]++;
    }
    assert_int_equal(type[CT_EVENT], 22);
    assert_int_equal(seg[SEG_HEAD], 12);
    assert_int_equal(seg[SEG_THORAX], 12);
    assert_int_equal(seg[SEG_ABDOMEN], 10);
    assert_int_equal(type[CT_GOAL], 10);
    assert_int_equal(fer[1], 11);
    assert_int_equal(fer[2], 30);
    assert_int_equal(fer[3], 14);
    assert_int_equal(fer[4], 10);
    assert_int_equal(fer[5], 1);
    assert_int_equal(cost[1], 17);
    assert_int_equal(cost[2], 37);
    assert_int_equal(cost[3], 10);
    assert_int_equal(cost[4], 2);
    assert_int_equal(kind[CK_ANTS], 16);
    assert_int_equal(kind[CK_EITHER], 39);
    assert_int_equal(kind[CK_LARVAE], 11);
    assert_string_equal(f.D->card[HD05].id, "HD-05");
    assert_int_equal(f.D->card[HD05].n, 2);
    mfx_close(&f);
}

/* S-01 .. S-15 for 3-5 players. */
static void setup_n(int n)
{
    mfx f;
    mfx_open(&f, n, 7, NULL);
    const mz_state *s = &f.st;
    int off = n <= 3 ? 2 : 3;
    assert_int_equal(s->nstack, 2 * n + 13 + off); /* S-03, S-04 */
    for (int i = 0; i < 2 * n; i++)
        assert_true(s->stack[s->nstack - 1 - i] <= 10); /* start pile on top */
    int row = 0;
    for (int i = 0; i < MZ_REST; i++)
        row += s->rest_row[i];
    assert_int_equal(row, n); /* S-06 */
    assert_int_equal(s->rest_row[0], 1);
    assert_int_equal(f.D->track_size[s->size_pos], n <= 3 ? 2 : 1); /* S-02 */
    assert_int_equal(s->nreward, 3); /* S-07, S-08 */
    assert_false(f.D->reward[s->reward_cur].high);
    for (int p = 0; p < n; p++) { /* S-11 .. S-15 */
        assert_int_equal(s->seat[p].larvae, 4);
        assert_int_equal(mz_ants_at(s, MZ_GT, p), 2);
        assert_int_equal(s->seat[p].eggs, 30);
        assert_int_equal(s->seat[p].food, 2);
        assert_int_equal(s->seat[p].hand, 3);
        assert_int_equal(s->seat[p].score, 0);
    }
    assert_int_equal(s->ndeck, 66 - 3 * n); /* S-10 */
    assert_int_equal(mfx_to_move(&f), s->active);
    mfx_close(&f);
}

static void test_s01_s15_setup_3(void **state) { setup_n(3); }
static void test_s01_s15_setup_4(void **state) { setup_n(4); }
static void test_s01_s15_setup_5(void **state) { setup_n(5); }

/* S-2P-1 .. S-2P-3 and R-78: each player chooses one of two start tiles, places it next to the
 * Great Tunnel, 3 ants settle on it; rest row of 3. */
static void test_s2p_setup_2(void **state)
{
    mfx f;
    mfx_open(&f, 2, 5, NULL);
    assert_int_equal(f.st.nstack, 4 + 13 + 2);
    int row = 0;
    for (int i = 0; i < MZ_REST; i++)
        row += f.st.rest_row[i];
    assert_int_equal(row, 3);
    fc_rng rng;
    fc_rng_seed(&rng, 3, 3);
    for (int k = 0; k < 2; k++) {
        int p = mfx_to_move(&f);
        assert_int_equal(f.st.frame[f.st.nframes - 1].kind, F_SETUP2P);
        int tile = f.st.frame[f.st.nframes - 1].a;
        char t[32];
        snprintf(t, sizeof t, "tile T-%d", tile);
        mfx_play(&f, t);
        assert_int_equal(f.st.frame[f.st.nframes - 1].kind, F_PLACE);
        static fc_decision buf[MZ_MAX_DECISIONS];
        int n = f.g->legal(&f.st, f.env, buf, NULL);
        assert_true(n > 0);
        assert_int_equal(f.g->apply(&f.st, f.env, buf[fc_rng_below(&rng, (uint32_t)n)]), 0);
        mfx_check(&f);
        assert_true(f.st.loc[tile].placed);
        assert_true(mz_inner(f.D, &f.st, tile));
        assert_true(mz_connected(f.D, &f.st, tile, MZ_GT));
        assert_int_equal(mz_ants_at(&f.st, tile, p), 3);
        assert_int_equal(f.st.seat[p].eggs, 27);
    }
    assert_int_equal(f.st.frame[f.st.nframes - 1].kind, F_TURN);
    mfx_close(&f);
}

/* no Rest on the first turn while other actions are possible; R-28: explore places a
 * connected tile and at least one ant must enter it; R-27: the left neighbour reacts first. */
static void test_r26_r27_r28_r38_first_turn_explore(void **state)
{
    mfx f;
    mfx_open(&f, 4, 11, NULL);
    int p = mfx_to_move(&f);
    assert_false(mfx_legal(&f, "rest RT-00"));
    assert_true(mfx_legal(&f, "explore"));
    mfx_play(&f, "explore");
    assert_int_equal(f.st.seat[p].food, 1);
    const mz_frame *fr = &f.st.frame[f.st.nframes - 1];
    assert_int_equal(fr->kind, F_PLACE);
    int tile = fr->a;
    static fc_decision buf[MZ_MAX_DECISIONS];
    int n = f.g->legal(&f.st, f.env, buf, NULL);
    assert_true(n > 0);
    assert_int_equal(f.g->apply(&f.st, f.env, buf[0]), 0);
    assert_true(mz_connected(f.D, &f.st, tile, MZ_GT));
    assert_int_equal(f.st.frame[f.st.nframes - 1].kind, F_ENTER);
    assert_false(mfx_legal(&f, "done")); /* at least one ant */
    char t[32];
    snprintf(t, sizeof t, "ant GT to T%d.s0", tile);
    mfx_play(&f, t);
    assert_int_equal(f.st.loc[tile].space[0], p + 1);
    mfx_play(&f, "done");
    fr = &f.st.frame[f.st.nframes - 1];
    assert_int_equal(fr->kind, F_REACT);
    assert_int_equal(fr->seat, (p + 1) % 4); /* left neighbour first */
    mfx_play(&f, "react explore");
    mfx_play(&f, "larva to GT");
    assert_int_equal(f.st.seat[(p + 1) % 4].larvae, 3);
    fr = &f.st.frame[f.st.nframes - 1];
    assert_int_equal(fr->kind, F_REACT);
    assert_int_equal(fr->seat, (p + 3) % 4); /* then the right neighbour */
    mfx_play(&f, "done");
    assert_int_equal(mfx_to_move(&f), (p + 1) % 4); /* R-26 step 6 */
    mfx_close(&f);
}

/* in the Great Tunnel: ferocity order from the left of the defender,
 * the defender last; ties clockwise from the defender; casualties counted before removal and
 * assigned round robin from the first loser after the winner; places 1-3 get the reward. */
static void test_r55_r56_r57_r59_great_tunnel_battle(void **state)
{
    mfx f;
    mfx_open(&f, 3, 21, NULL);
    mfx_clear_ants(&f);
    mfx_ants(&f, 0, MZ_POS(MZ_GT, MZ_OUT), 3);
    mfx_ants(&f, 1, MZ_POS(MZ_GT, MZ_OUT), 3);
    mfx_ants(&f, 2, MZ_POS(MZ_GT, MZ_OUT), 2);
    f.st.gt_defender = 1;
    f.st.active = 0;
    mfx_soldier_at(&f, 1, 1);
    int order[3];
    for (int i = 0; i < 3; i++) {
        assert_int_equal(mfx_top_kind(&f), F_FEROCITY);
        order[i] = mfx_to_move(&f);
        mfx_play(&f, "ferocity none");
    }
    assert_int_equal(order[0], 2); /* left of the defender */
    assert_int_equal(order[1], 0);
    assert_int_equal(order[2], 1); /* the defender decides last */
    assert_int_equal(f.st.bt.winner, 1); /* 3 = 3: the defender ranks first */
    assert_int_equal(f.st.bt.order[1], 0);
    assert_int_equal(f.st.bt.order[2], 2);
    assert_int_equal(f.st.bt.assigned[1], 2); /* floor(5 / 2) */
    assert_int_equal(f.st.bt.assigned[2], 2); /* W = 3: seat 2, seat 0, seat 2 */
    assert_int_equal(f.st.bt.assigned[0], 1);
    mfx_play_forced(&f);
    assert_int_equal(mz_ants_at(&f.st, MZ_GT, 0), 2);
    assert_int_equal(mz_ants_at(&f.st, MZ_GT, 1), 1);
    assert_int_equal(mz_ants_at(&f.st, MZ_GT, 2), 0);
    const mz_rewarddef *R = &f.D->reward[f.st.reward_cur];
    assert_int_equal(f.st.seat[1].score, R->give[0][RW_P]);
    assert_int_equal(f.st.seat[0].score, R->give[1][RW_P]);
    assert_int_equal(f.st.seat[2].score, R->give[2][RW_P]);
    mfx_close(&f);
}

/* Armoured Head prevents one casualty but a loser's cap is ants + P, so with enough
 * casualties the last ant still goes; the lone survivor rule caps the winner at ants - 1. */
static void test_r58_caps_and_prevention(void **state)
{
    mfx f;
    mfx_open(&f, 3, 22, NULL);
    mfx_clear_ants(&f);
    mfx_ants(&f, 0, MZ_POS(MZ_GT, MZ_OUT), 4);
    mfx_ants(&f, 1, MZ_POS(MZ_GT, MZ_OUT), 2);
    mfx_give_evo(&f, 1, HD04);
    f.st.gt_defender = 0;
    mfx_soldier_at(&f, 1, 1);
    while (mfx_top_kind(&f) == F_FEROCITY)
        mfx_play(&f, "ferocity none");
    assert_int_equal(f.st.bt.strength[1], 3); /* 2 ants + 1 head */
    assert_int_equal(f.st.bt.winner, 0);
    assert_int_equal(f.st.bt.assigned[1], 3); /* cap 2 + 1 */
    assert_int_equal(f.st.bt.assigned[0], 1); /* floor(2 / 2) */
    mfx_play_forced(&f);
    assert_int_equal(mz_ants_at(&f.st, MZ_GT, 1), 0);
    assert_int_equal(mz_ants_at(&f.st, MZ_GT, 0), 3);
    mfx_close(&f);
}

/* R-79 ..: with two players the Old Guard (round number of ants, one deck card
 * for ferocity, no redraw) fights in the Great Tunnel, loses ties to a player, and its place
 * gives nobody a reward. */
static void test_r79_r80_r81_a21_old_guard(void **state)
{
    mfx f;
    mfx_open(&f, 2, 23, NULL);
    fc_rng rng;
    fc_rng_seed(&rng, 1, 1);
    assert_true(mfx_random_until(&f, &rng, F_TURN, 40));
    mfx_clear_ants(&f);
    mfx_ants(&f, 0, MZ_POS(MZ_GT, MZ_OUT), 3);
    f.st.gt_defender = 1;
    mfx_deck_top(&f, EV16); /* ferocity 1, must not be drawn too */
    mfx_deck_top(&f, EV08); /* ferocity 1 on top: the Old Guard draws this one */
    int score0 = f.st.seat[0].score;
    mfx_soldier_at(&f, 2, 1);
    assert_int_equal(mfx_top_kind(&f), F_FEROCITY);
    assert_int_equal(mfx_to_move(&f), 0); /* the Old Guard makes no decision */
    mfx_play(&f, "ferocity none");
    assert_int_equal(f.st.bt.strength[MZ_OG], 3); /* 2 ants (round 2) + 1 */
    assert_int_equal(f.st.bt.winner, 0);           /* 3 = 3: the player ranks higher */
    assert_int_equal(f.st.card_loc[EV16], CL_DECK); /* one card only */
    assert_int_equal(f.st.bt.assigned[MZ_OG], 2);
    assert_int_equal(f.st.bt.assigned[0], 1);
    mfx_play_forced(&f);
    assert_int_equal(mz_ants_at(&f.st, MZ_GT, 0), 2);
    assert_int_equal(f.st.seat[0].score - score0, f.D->reward[f.st.reward_cur].give[0][RW_P]);
    assert_int_equal(f.st.seat[1].score, 0); /* second place went to the Old Guard: nobody */
    mfx_close(&f);
}

/* R-61 ..: a centipede fights the player with most ants; its strength is its size
 * plus deck cards, drawing again after each 1 (unpredictable enemy); a loser loses all ants. */
static void test_r62_r63_centipede_chain(void **state)
{
    mfx f;
    mfx_open(&f, 3, 24, NULL);
    mfx_clear_ants(&f);
    mz_place_tile(f.env, &f.st, 0, 12, 0, -2, 0, false); /* Pebble, opening N and S */
    f.st.loc[12].centipede = 1;
    mfx_ants(&f, 0, MZ_POS(12, 0), 1);
    mfx_ants(&f, 0, MZ_POS(12, MZ_OUT), 2);
    mfx_ants(&f, 1, MZ_POS(12, 1), 1);
    mfx_deck_top(&f, EV13); /* ferocity 2, drawn second */
    mfx_deck_top(&f, EV15); /* ferocity 1: draw again */
    int size = mz_size(f.D, &f.st);
    mfx_soldier_at(&f, 2, 2);
    assert_int_equal(mfx_top_kind(&f), F_FEROCITY);
    assert_int_equal(mfx_to_move(&f), 0); /* most ants */
    mfx_play(&f, "ferocity none");
    assert_int_equal(f.st.bt.centi_str, size + 1 + 2);
    assert_int_equal(mz_ants_at(&f.st, 12, 0), 0); /* 3 < size + 3: all lost */
    assert_true(f.st.loc[12].centipede);
    assert_int_equal(mfx_top_kind(&f), F_FEROCITY); /* then it fights the next player */
    assert_int_equal(mfx_to_move(&f), 1);
    mfx_close(&f);
}

/* one food feeds 4 ants; feeding fewer than all costs 2 points once and the
 * player chooses which ants are lost. */
static void test_r68_r69_feeding(void **state)
{
    mfx f;
    mfx_open(&f, 3, 25, NULL);
    mfx_clear_ants(&f);
    mfx_ants(&f, 0, MZ_POS(MZ_GT, MZ_OUT), 6);
    f.st.seat[0].food = 1;
    f.st.seat[0].score = 5;
    f.st.active = 0;
    memset(f.st.frame, 0, sizeof f.st.frame);
    f.st.nframes = 0;
    mz_push(&f.st, F_PHASE, 0, 0, PS_DORMANCY, 0, 0);
    mz_push(&f.st, F_QUEEN, 0, 0, 1, 0, 0);
    mz_run(f.env, &f.st);
    assert_int_equal(mfx_top_kind(&f), F_FEED);
    assert_int_equal(mfx_to_move(&f), 0);
    assert_false(mfx_legal(&f, "feed 6"));
    assert_false(mfx_legal(&f, "feed 5"));
    mfx_play(&f, "feed 4");
    assert_int_equal(f.st.seat[0].food, 0);
    assert_int_equal(f.st.seat[0].score, 3);
    mfx_play_forced(&f);
    assert_int_equal(mz_ants_total(&f.st, 0), 4);
    mfx_close(&f);
}

/* complete bodies score 3 each when the minimum over the segments rises. */
static void test_r48_complete_body(void **state)
{
    mfx f;
    mfx_open(&f, 3, 26, NULL);
    mfx_give_evo(&f, 0, HD08);
    mfx_give_evo(&f, 0, TX09);
    mz_bodies_update(f.D, &f.st, 0);
    assert_int_equal(f.st.seat[0].score, 0);
    mfx_give_evo(&f, 0, AB02);
    mz_bodies_update(f.D, &f.st, 0);
    assert_int_equal(f.st.seat[0].score, 3);
    assert_int_equal(f.st.seat[0].bodies, 1);
    mfx_check(&f);
    mfx_close(&f);
}

/* contested needs two players and an outskirts ant, or a centipede and any ant. */
static void test_r17_contested(void **state)
{
    mfx f;
    mfx_open(&f, 3, 27, NULL);
    mfx_clear_ants(&f);
    mz_place_tile(f.env, &f.st, 0, 12, 0, -2, 0, false);
    mfx_ants(&f, 0, MZ_POS(12, 0), 1);
    mfx_ants(&f, 1, MZ_POS(12, 1), 1);
    assert_false(mz_contested(&f.st, 12)); /* shared, no outskirts */
    mfx_ants(&f, 0, MZ_POS(12, MZ_OUT), 1);
    assert_true(mz_contested(&f.st, 12));
    mfx_clear_ants(&f);
    mfx_ants(&f, 2, MZ_POS(12, MZ_OUT), 2);
    assert_false(mz_contested(&f.st, 12)); /* one player alone */
    f.st.loc[12].centipede = 1;
    assert_true(mz_contested(&f.st, 12));
    mfx_close(&f);
}

static void frames2(mfx *f, int phase_stage, int kind, int seat, int a, int b)
{
    memset(f->st.frame, 0, sizeof f->st.frame);
    f->st.nframes = 0;
    mz_push(&f->st, F_PHASE, 0, 0, phase_stage, 0, 0);
    mz_push(&f->st, kind, seat, a, b, 0, 0);
    mz_run(f->env, &f->st);
}

/* outskirts ants refill empty spaces at the end of an action, player by player from
 * the active player, each choosing among the kinds of free spaces. */
static void test_r13_refill(void **state)
{
    mfx f;
    mfx_open(&f, 3, 31, NULL);
    mfx_clear_ants(&f);
    mz_place_tile(f.env, &f.st, -1, 13, 0, -2, 0, false); /* L1 (control), L1, F, C */
    mfx_ants(&f, 1, MZ_POS(13, MZ_OUT), 1);
    mfx_ants(&f, 2, MZ_POS(13, MZ_OUT), 5);
    f.st.active = 1;
    frames2(&f, PS_THORAX, F_REFILL, 1, MZ_NONE, 0);
    assert_int_equal(mfx_to_move(&f), 1); /* the active player first */
    static fc_decision buf[MZ_MAX_DECISIONS];
    assert_int_equal(f.g->legal(&f.st, f.env, buf, NULL), 4); /* control, L1, F, C */
    mfx_play(&f, "fill T13.s3");
    /* seat 2 has more ants than free spaces: no choice, all filled */
    assert_int_equal(f.st.loc[13].space[0], 3);
    assert_int_equal(f.st.loc[13].space[3], 2);
    assert_int_equal(f.st.loc[13].out[2], 2);
    mfx_close(&f);
}

/* R-33 (b), R-08: a step between two wormhole tiles that are not adjacent. */
static void test_r33_wormhole_step(void **state)
{
    mfx f;
    mfx_open(&f, 3, 32, NULL);
    mz_place_tile(f.env, &f.st, -1, 16, 0, -2, 0, false);
    mz_place_tile(f.env, &f.st, -1, 18, 0, 2, 0, false);
    f.st.loc[16].wormhole = f.st.loc[18].wormhole = 1;
    assert_false(mz_adjacent(f.D, &f.st, 16, 18));
    mfx_ants(&f, 0, MZ_POS(16, 1), 1);
    frames2(&f, PS_THORAX, F_STEPS, 0, 0, 0);
    f.st.frame[1].n = 1;
    assert_true(mfx_legal(&f, "ant T16.s1 to T18.s0"));
    mfx_close(&f);
}

/* the Rest taking the last rest tile ends the worker phase; the marker passes to
 * the left; the Great Defender's holder defends the Great Tunnel. R-41 follows. */
static void test_r40_r41_r42_end_of_worker_phase(void **state)
{
    mfx f;
    mfx_open(&f, 3, 33, NULL);
    memset(f.st.rest_row, 0, sizeof f.st.rest_row);
    f.st.rest_row[0] = 1;
    mfx_give_evo(&f, 1, TX09);
    mfx_give_evo(&f, 1, TX10); /* seat 1: 2 thorax cards, 2 different reactions */
    f.st.active = 0;
    f.st.seat[0].turns = 1;
    frames2(&f, PS_THORAX, F_TURN, 0, 0, 0);
    mfx_play(&f, "rest RT-00");
    assert_int_equal(f.st.gt_defender, 0);
    assert_int_equal(f.st.active, 1);
    assert_int_equal(mfx_top_kind(&f), F_THORAX);
    assert_int_equal(mfx_to_move(&f), 1);
    mfx_play(&f, "react forage");
    assert_false(mfx_legal(&f, "react forage")); /* not twice */
    mfx_play(&f, "react play");
    static fc_decision buf[MZ_MAX_DECISIONS];
    while (mfx_top_kind(&f) == F_DISCARD) {
        f.g->legal(&f.st, f.env, buf, NULL);
        assert_int_equal(f.g->apply(&f.st, f.env, buf[0]), 0);
    }
    assert_int_not_equal(mfx_top_kind(&f), F_THORAX); /* at most its 2 reactions */
    mfx_close(&f);
}

/* a sole occupant of the Great Tunnel takes the first-place reward without a battle;
 * no tile battles in round 1. */
static void test_r50_r51_sole_occupant_round1(void **state)
{
    mfx f;
    mfx_open(&f, 3, 34, NULL);
    mfx_clear_ants(&f);
    mfx_ants(&f, 2, MZ_POS(MZ_GT, MZ_OUT), 1);
    mz_place_tile(f.env, &f.st, -1, 12, 0, -2, 0, false);
    mfx_ants(&f, 0, MZ_POS(12, 0), 1);
    mfx_ants(&f, 1, MZ_POS(12, 1), 1);
    mfx_ants(&f, 1, MZ_POS(12, MZ_OUT), 1);
    assert_true(mz_contested(&f.st, 12));
    int score = f.st.seat[2].score;
    mfx_soldier_at(&f, 1, 1);
    assert_int_equal(f.st.seat[2].score, score + f.D->reward[f.st.reward_cur].give[0][RW_P]);
    assert_int_not_equal(mfx_top_kind(&f), F_FEROCITY); /* no battle on T-12 in round 1 */
    assert_int_equal(mz_ants_at(&f.st, 12, 1), 2);
    mfx_close(&f);
}

/* a location has one ant battle per soldier phase even if still contested. */
static void test_r52_one_battle_per_location(void **state)
{
    mfx f;
    mfx_open(&f, 3, 35, NULL);
    mfx_clear_ants(&f);
    mz_place_tile(f.env, &f.st, -1, 12, 0, -2, 0, false);
    mfx_ants(&f, 0, MZ_POS(12, 0), 1);
    mfx_ants(&f, 1, MZ_POS(12, 1), 1);
    mfx_ants(&f, 1, MZ_POS(12, MZ_OUT), 1);
    f.st.soldier_done[12] = 1;
    mfx_soldier_at(&f, 2, 2);
    assert_int_not_equal(mfx_top_kind(&f), F_FEROCITY);
    mfx_close(&f);
}

/* inner-meadow control scores at dormancy; the next round gets a fresh rest row
 * (the Great Defender back), the next reward tile and round + 1. */
static void test_r71_r73_dormancy_and_next_round(void **state)
{
    mfx f;
    mfx_open(&f, 3, 36, NULL);
    mfx_clear_ants(&f);
    mz_place_tile(f.env, &f.st, -1, 12, 0, -2, 0, false); /* inner */
    mz_place_tile(f.env, &f.st, -1, 14, 0, -3, 0, false); /* outer */
    mfx_ants(&f, 0, MZ_POS(12, 0), 1);
    mfx_ants(&f, 0, MZ_POS(14, 0), 1);
    memset(f.st.rest_row, 0, sizeof f.st.rest_row);
    f.st.rest_owner[0] = 1;
    f.st.rest_owner[5] = 2;
    int reward = f.st.reward_cur, score = f.st.seat[0].score;
    frames2(&f, PS_DORMANCY, F_QUEEN, 0, 0, 3);
    assert_int_equal(f.st.seat[0].score, score + 1);
    assert_int_equal(f.st.round, 2);
    assert_int_equal(f.st.rest_row[0], 1);
    int row = 0;
    for (int i = 0; i < MZ_REST; i++)
        row += f.st.rest_row[i];
    assert_int_equal(row, 3);
    assert_int_not_equal(f.st.reward_cur, reward);
    assert_int_equal(mfx_top_kind(&f), F_TURN);
    mfx_close(&f);
}

/* awards to the sole leader (3) or each tied leader (2), none without the
 * resource, none for a final-round starver; the winner by points, then ants on the meadow. */
static void test_r75_r76_awards_and_winner(void **state)
{
    mfx f;
    mfx_open(&f, 3, 37, NULL);
    mfx_clear_ants(&f);
    for (int p = 0; p < 3; p++) {
        f.st.seat[p].eggs = (uint8_t)(f.st.seat[p].eggs + f.st.seat[p].larvae);
        f.st.seat[p].larvae = 0;
        f.st.seat[p].score = 10;
    }
    mz_gain_larvae(&f.st, 0, 5);
    mz_gain_larvae(&f.st, 1, 5);
    f.st.seat[0].food = 0, f.st.seat[1].food = 0, f.st.seat[2].food = 9;
    f.st.seat[2].starved_final = 1;
    /* hands: equal, so that award is shared by all three */
    f.st.round = (uint8_t)f.D->rounds;
    frames2(&f, PS_DORMANCY, F_QUEEN, 0, 0, 3);
    assert_int_equal(mfx_to_move(&f), FC_NOBODY);
    assert_int_equal(f.st.seat[0].score, 10 + 2 + 2); /* tied larvae, tied hands */
    assert_int_equal(f.st.seat[1].score, 10 + 2 + 2);
    assert_int_equal(f.st.seat[2].score, 10 + 0 + 0); /* starved: no award, even for food */
    int32_t sc[3];
    int rank[3];
    mfx_ants(&f, 1, MZ_POS(MZ_GT, MZ_OUT), 1);
    f.g->scores(&f.st, f.env, sc, rank);
    assert_int_equal(rank[1], 0); /* ties broken by ants on the meadow */
    assert_int_equal(rank[0], 1);
    mfx_close(&f);
}

/* R-55 hidden ferocity: a placed card is seen only by its owner (audience, view) and
 * determinize resamples it for the others while keeping it for the owner. */
static void test_r55_hidden_ferocity(void **state)
{
    mfx f;
    mfx_open(&f, 3, 38, NULL);
    mfx_clear_ants(&f);
    for (int p = 0; p < 3; p++)
        mfx_ants(&f, p, MZ_POS(MZ_GT, MZ_OUT), 2);
    f.st.gt_defender = 1;
    mfx_soldier_at(&f, 1, 1);
    assert_int_equal(mfx_to_move(&f), 2);
    static fc_decision buf[MZ_MAX_DECISIONS];
    f.g->legal(&f.st, f.env, buf, NULL);
    int card = MZ_DA(buf[0]);
    assert_int_equal(f.g->decision_audience(&f.st, f.env, buf[0]), FC_SEAT_BIT(2));
    assert_int_equal(f.g->apply(&f.st, f.env, buf[0]), 0);
    assert_int_equal(f.st.seat[2].fer[0], card);
    fc_view *v = calloc(1, sizeof *v);
    f.g->view(&f.st, f.env, 0, v);
    for (int i = 0; i < v->npanel; i++)
        assert_null(strstr(v->panel[i].value, f.D->card[card].id));
    free(v);
    fc_rng rng;
    fc_rng_seed(&rng, 8, 8);
    bool changed = false;
    for (int i = 0; i < 20; i++) {
        mz_state copy = f.st;
        f.g->determinize(&copy, f.env, 0, &rng);
        changed |= copy.seat[2].fer[0] != card;
        assert_int_equal(copy.card_loc[copy.seat[2].fer[0]], CL_FEROCITY);
        copy = f.st;
        f.g->determinize(&copy, f.env, 2, &rng);
        assert_int_equal(copy.seat[2].fer[0], card);
    }
    assert_true(changed);
    mfx_close(&f);
}

/* R-56, R-57 (b), R-59 with four participants: casualties cycle over the three losers from
 * the first one after the winner, skipping capped ones; only places 1-3 are rewarded. */
static void test_r57_casualties_round_robin_four(void **state)
{
    mfx f;
    mfx_open(&f, 4, 39, NULL);
    mfx_clear_ants(&f);
    static const int n[4] = {4, 2, 2, 1};
    for (int p = 0; p < 4; p++) {
        mfx_ants(&f, p, MZ_POS(MZ_GT, MZ_OUT), n[p]);
        f.st.seat[p].score = 0;
    }
    f.st.gt_defender = 0;
    mfx_soldier_at(&f, 1, 1);
    while (mfx_top_kind(&f) == F_FEROCITY)
        mfx_play(&f, "ferocity none");
    assert_int_equal(f.st.bt.order[0], 0);
    assert_int_equal(f.st.bt.order[1], 1); /* 2 = 2: seat 1 is reached first from the defender */
    assert_int_equal(f.st.bt.order[2], 2);
    assert_int_equal(f.st.bt.order[3], 3);
    assert_int_equal(f.st.bt.assigned[0], 2); /* floor(5 / 2) */
    assert_int_equal(f.st.bt.assigned[1], 2); /* W = 4: seats 1, 2, 3, 1 */
    assert_int_equal(f.st.bt.assigned[2], 1);
    assert_int_equal(f.st.bt.assigned[3], 1);
    mfx_play_forced(&f);
    const mz_rewarddef *R = &f.D->reward[f.st.reward_cur];
    assert_int_equal(f.st.seat[0].score, R->give[0][RW_P]);
    assert_int_equal(f.st.seat[1].score, R->give[1][RW_P]);
    assert_int_equal(f.st.seat[2].score, R->give[2][RW_P]);
    assert_int_equal(f.st.seat[3].score, 0);
    assert_int_equal(mz_ants_at(&f.st, MZ_GT, 0), 2);
    assert_int_equal(mz_ants_at(&f.st, MZ_GT, 1), 0);
    mfx_close(&f);
}

/* gaining larvae stops when the egg pool is empty. R-45: only the top card of a pile is
 * active; covered cards still count for the segment. */
static void test_r02_r45_pieces_and_piles(void **state)
{
    mfx f;
    mfx_open(&f, 3, 120, NULL);
    f.st.seat[0].eggs = 1;
    f.st.seat[0].larvae = (uint8_t)(f.st.seat[0].larvae + 29);
    assert_int_equal(mz_gain_larvae(&f.st, 0, 3), 1);
    assert_int_equal(f.st.seat[0].eggs, 0);
    mfx_check(&f);
    mfx_give_evo(&f, 1, HD08);
    mfx_give_evo(&f, 1, HD10);
    assert_false(mz_has_evo(&f.st, 1, HD08));
    assert_true(mz_has_evo(&f.st, 1, HD10));
    assert_int_equal(mz_evo_count(&f.st, 1, SEG_HEAD), 2);
    assert_int_equal(mz_strength_base(f.env, &f.st, 1, MZ_GT, false), 2 + 2 + 2); /* HD-10 only */
    mfx_close(&f);
}

/* placing a tile with a centipede symbol puts a centipede there and moves the
 * size track one position; R-12: arriving ants take a free harvest space first. */
static void test_r10_r12_r66_explore_symbols(void **state)
{
    mfx f;
    mfx_open(&f, 4, 121, NULL);
    int size = f.st.size_pos;
    f.st.stack[f.st.nstack++] = 0; /* placeholder replaced below */
    f.st.nstack--;
    int i = 0;
    while (f.st.stack[i] != 11)
        i++;
    f.st.stack[i] = f.st.stack[f.st.nstack - 1];
    f.st.stack[f.st.nstack - 1] = 11; /* Bark (centipede) on top */
    f.st.seat[f.st.active].turns = 1;
    mfx_play(&f, "explore");
    static fc_decision buf[MZ_MAX_DECISIONS];
    f.g->legal(&f.st, f.env, buf, NULL);
    assert_int_equal(f.g->apply(&f.st, f.env, buf[0]), 0);
    assert_true(f.st.loc[11].centipede);
    assert_int_equal(f.st.size_pos, size + 1);
    assert_false(mfx_legal(&f, "ant GT to T11.out")); /* free spaces first */
    mfx_close(&f);
}

/* an empty deck is refilled from the shuffled discard pile. */
static void test_r20_reshuffle(void **state)
{
    mfx f;
    mfx_open(&f, 3, 122, NULL);
    while (f.st.ndeck) {
        int c = mz_draw_card(&f.st);
        mz_discard(&f.st, c);
    }
    mfx_check(&f);
    int before = f.st.ndisc;
    int c = mz_draw_card(&f.st);
    assert_true(c >= 0);
    assert_int_equal(f.st.ndeck, before - 1);
    assert_int_equal(f.st.ndisc, 0);
    mz_discard(&f.st, c);
    mfx_check(&f);
    mfx_close(&f);
}

/* R-27 with two players: the opponent reacts once. R-31: gain 1 larva. */
static void test_r27_r78_a08_two_player_reaction(void **state)
{
    mfx f;
    mfx_open(&f, 2, 123, NULL);
    fc_rng rng;
    fc_rng_seed(&rng, 2, 2);
    assert_true(mfx_random_until(&f, &rng, F_TURN, 40));
    int p = mfx_to_move(&f), o = 1 - p;
    mfx_play(&f, "forage");
    static fc_decision buf[MZ_MAX_DECISIONS];
    f.g->legal(&f.st, f.env, buf, NULL);
    assert_int_equal(f.g->apply(&f.st, f.env, buf[0]), 0);
    assert_int_equal(mfx_to_move(&f), o);
    int l = f.st.seat[o].larvae;
    mfx_play(&f, "react forage");
    assert_int_equal(f.st.seat[o].larvae, l + 1);
    assert_int_equal(mfx_top_kind(&f), F_TURN); /* no second reaction */
    assert_int_equal(mfx_to_move(&f), o);
    mfx_close(&f);
}

/* the march reaction is one ant step or one larva to the Great Tunnel, never a larva
 * onto a tile. R-37: discard 1, then draw 1. */
static void test_r35_r37_reactions(void **state)
{
    mfx f;
    mfx_open(&f, 3, 124, NULL);
    mz_place_tile(f.env, &f.st, -1, 9, 0, -2, 0, false);
    mfx_ants(&f, 1, MZ_POS(9, 0), 1);
    f.st.active = 0;
    f.st.seat[0].turns = 1;
    memset(f.st.frame, 0, sizeof f.st.frame);
    f.st.nframes = 0;
    mz_push(&f.st, F_PHASE, 0, 0, PS_THORAX, 0, 0);
    mz_push(&f.st, F_TURN, 0, 0, 0, 0, 0);
    mfx_play(&f, "march");
    mfx_play(&f, "done");
    assert_int_equal(mfx_to_move(&f), 1);
    mfx_play(&f, "react march");
    assert_true(mfx_legal(&f, "larva to GT"));
    assert_false(mfx_legal(&f, "larva to T9.s1"));
    mfx_play(&f, "larva to GT");
    assert_int_equal(mfx_to_move(&f), 2);
    mfx_play(&f, "done");
    /* R-37 after a Play-a-card action: discard one, draw one */
    f.st.seat[0].turns = 1;
    mfx_take_card(&f, EV16);
    mz_to_hand(&f.st, 1, EV16);
    memset(f.st.frame, 0, sizeof f.st.frame);
    f.st.nframes = 0;
    f.st.active = 1;
    mz_push(&f.st, F_PHASE, 0, 0, PS_THORAX, 0, 0);
    mz_push(&f.st, F_TURN, 1, 0, 0, 0, 0);
    mfx_play(&f, "play EV-16");
    while (mfx_top_kind(&f) == F_PAY)
        mfx_play(&f, "pay larva");
    assert_int_equal(mfx_to_move(&f), 2);
    int hand = f.st.seat[2].hand, disc = f.st.ndisc;
    mfx_play(&f, "react play");
    static fc_decision buf[MZ_MAX_DECISIONS];
    f.g->legal(&f.st, f.env, buf, NULL);
    assert_int_equal(MZ_DK(buf[0]), DK_DISCARD);
    assert_int_equal(f.g->apply(&f.st, f.env, buf[0]), 0);
    assert_int_equal(f.st.seat[2].hand, hand);
    assert_int_equal(f.st.ndisc, disc + 1);
    mfx_close(&f);
}

/* ants-only costs cannot be paid with larvae. */
static void test_r43_cost_kinds(void **state)
{
    mfx f;
    mfx_open(&f, 3, 125, NULL);
    mfx_clear_ants(&f);
    assert_false(mz_can_pay(f.D, &f.st, 0, HD08)); /* 3 ants, none on the meadow */
    assert_true(mz_can_pay(f.D, &f.st, 0, EV16)); /* either: larvae do */
    mfx_ants(&f, 0, MZ_POS(MZ_GT, MZ_OUT), 3);
    assert_true(mz_can_pay(f.D, &f.st, 0, HD08));
    mfx_close(&f);
}

/* a tile battle with an empty control space has no defender; the active player is
 * the reference seat for the ferocity order. */
static void test_r53_a19_no_defender(void **state)
{
    mfx f;
    mfx_open(&f, 3, 126, NULL);
    mfx_clear_ants(&f);
    mz_place_tile(f.env, &f.st, -1, 12, 0, -2, 0, false);
    mfx_ants(&f, 0, MZ_POS(12, 1), 1);
    mfx_ants(&f, 2, MZ_POS(12, MZ_OUT), 2);
    f.st.active = 2;
    mfx_soldier_at(&f, 2, 2);
    assert_int_equal(f.st.bt.defender, MZ_NONE);
    assert_int_equal(f.st.bt.ref, 2);
    assert_int_equal(mfx_to_move(&f), 0); /* left of the active player */
    mfx_close(&f);
}

/* the centipede fights the player with most ants first; R-64: the winner may take the
 * control space. */
static void test_r61_r64_centipede_order_spoils(void **state)
{
    mfx f;
    mfx_open(&f, 3, 127, NULL);
    mfx_clear_ants(&f);
    mz_place_tile(f.env, &f.st, -1, 12, 0, -2, 0, false);
    f.st.loc[12].centipede = 1;
    mfx_ants(&f, 0, MZ_POS(12, 0), 1);
    mfx_ants(&f, 1, MZ_POS(12, 1), 1);
    mfx_ants(&f, 1, MZ_POS(12, MZ_OUT), 7);
    mfx_deck_top(&f, EV13); /* ferocity 2: size + 2 < 8 + 0 */
    mfx_soldier_at(&f, 2, 2);
    assert_int_equal(mfx_to_move(&f), 1); /* most ants */
    mfx_play(&f, "ferocity none");
    assert_false(f.st.loc[12].centipede);
    while (mfx_top_kind(&f) == F_REMOVE)
        mfx_play(&f, "lose T12.out");
    assert_int_equal(mfx_top_kind(&f), F_SPOIL);
    mfx_play(&f, "ant T12.s1 to T12.s0");
    assert_int_equal(mz_controller(&f.st, 12), 1);
    mfx_close(&f);
}

/* no queen's choice in the final round; epic rounds 4-5 feed 3 ants per food. */
static void test_r70_r74_r82_final_round_and_epic_feeding(void **state)
{
    static const char *const epic[] = {"epic=true", NULL};
    mfx f;
    mfx_open(&f, 3, 128, epic);
    mfx_clear_ants(&f);
    mfx_ants(&f, 0, MZ_POS(MZ_GT, MZ_OUT), 4);
    f.st.seat[0].food = 1;
    f.st.active = 0;
    f.st.round = 4;
    memset(f.st.frame, 0, sizeof f.st.frame);
    f.st.nframes = 0;
    mz_push(&f.st, F_PHASE, 0, 0, PS_DORMANCY, 0, 0);
    mz_push(&f.st, F_QUEEN, 0, 0, 2, 0, 0);
    mz_push(&f.st, F_FEED, 0, 0, 0, 0, 0);
    mz_run(f.env, &f.st);
    assert_false(mfx_legal(&f, "feed 4"));
    mfx_play(&f, "feed 3");
    mfx_play_forced(&f);
    assert_int_equal(mfx_top_kind(&f), F_QCHOICE); /* round 4 of 5 still has the choice */
    mfx_close(&f);
    mfx_open(&f, 3, 129, NULL);
    f.st.round = (uint8_t)f.D->rounds;
    f.st.active = 0;
    memset(f.st.frame, 0, sizeof f.st.frame);
    f.st.nframes = 0;
    mz_push(&f.st, F_PHASE, 0, 0, PS_DORMANCY, 0, 0);
    mz_push(&f.st, F_QUEEN, 0, 0, 2, 0, 0);
    mz_run(f.env, &f.st);
    assert_int_equal(mfx_to_move(&f), FC_NOBODY); /* straight to dormancy and the end */
    mfx_close(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_data_totals),
        cmocka_unit_test(test_s01_s15_setup_3),
        cmocka_unit_test(test_s01_s15_setup_4),
        cmocka_unit_test(test_s01_s15_setup_5),
        cmocka_unit_test(test_s2p_setup_2),
        cmocka_unit_test(test_r26_r27_r28_r38_first_turn_explore),
        cmocka_unit_test(test_r55_r56_r57_r59_great_tunnel_battle),
        cmocka_unit_test(test_r58_caps_and_prevention),
        cmocka_unit_test(test_r57_casualties_round_robin_four),
        cmocka_unit_test(test_r79_r80_r81_a21_old_guard),
        cmocka_unit_test(test_r62_r63_centipede_chain),
        cmocka_unit_test(test_r68_r69_feeding),
        cmocka_unit_test(test_r48_complete_body),
        cmocka_unit_test(test_r17_contested),
        cmocka_unit_test(test_r13_refill),
        cmocka_unit_test(test_r02_r45_pieces_and_piles),
        cmocka_unit_test(test_r10_r12_r66_explore_symbols),
        cmocka_unit_test(test_r20_reshuffle),
        cmocka_unit_test(test_r27_r78_a08_two_player_reaction),
        cmocka_unit_test(test_r35_r37_reactions),
        cmocka_unit_test(test_r43_cost_kinds),
        cmocka_unit_test(test_r53_a19_no_defender),
        cmocka_unit_test(test_r61_r64_centipede_order_spoils),
        cmocka_unit_test(test_r70_r74_r82_final_round_and_epic_feeding),
        cmocka_unit_test(test_r55_hidden_ferocity),
        cmocka_unit_test(test_r33_wormhole_step),
        cmocka_unit_test(test_r40_r41_r42_end_of_worker_phase),
        cmocka_unit_test(test_r50_r51_sole_occupant_round1),
        cmocka_unit_test(test_r52_one_battle_per_location),
        cmocka_unit_test(test_r71_r73_dormancy_and_next_round),
        cmocka_unit_test(test_r75_r76_awards_and_winner),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
