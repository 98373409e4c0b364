/* March of the Ants card effects by id (EV-xx, HD-xx, TX-xx, AB-xx, CG-xx), rest tiles
 * (RT-xx) and off-meadow tiles (T-24 .. T-28), each on a position built for it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "mz_fixture.h"

/* seat's turn in the worker phase (round `round`), with the card in hand and 10 larvae. */
static void turn_with(mfx *f, int seat, int card, int round)
{
    mz_state *s = &f->st;
    memset(s->frame, 0, sizeof s->frame);
    s->nframes = 0;
    s->round = (uint8_t)round;
    s->active = (uint8_t)seat;
    s->seat[seat].turns = 1;
    mz_push(s, F_PHASE, 0, 0, PS_THORAX, 0, 0);
    mz_push(s, F_TURN, seat, 0, 0, 0, 0);
    int more = 10 - s->seat[seat].larvae;
    if (more > 0)
        mz_gain_larvae(s, seat, more);
    if (card >= 0) {
        mfx_take_card(f, card);
        mz_to_hand(s, seat, card);
    }
    mfx_check(f);
}

static void play(mfx *f, int card)
{
    char t[32];
    snprintf(t, sizeof t, "play %s", f->D->card[card].id);
    mfx_play(f, t);
    while (mfx_top_kind(f) == F_PAY)
        mfx_play(f, "pay larva");
}

static void place(mfx *f, int tile, int q, int r, int rot)
{
    mz_place_tile(f->env, &f->st, -1, tile, q, r, rot, false);
}

static char *pos(int t, int slot)
{
    static char b[4][16];
    static int i;
    i = (i + 1) % 4;
    mz_pos_text(MZ_POS(t, slot), b[i], sizeof b[i]);
    return b[i];
}

static void playf(mfx *f, const char *fmt, ...)
{
    char t[96];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(t, sizeof t, fmt, ap);
    va_end(ap);
    mfx_play(f, t);
}

/* EV-15, EV-16, EV-20, EV-21: the card's numbers (cost paid in larvae). */
static void test_ev15_ev16_ev20_ev21_gains(void **state)
{
    static const int cards[] = {EV15, EV16, EV20, EV21};
    for (int i = 0; i < 4; i++) {
        mfx f;
        mfx_open(&f, 3, 30 + (uint64_t)i, NULL);
        int c = cards[i];
        turn_with(&f, 0, c, 1);
        mz_seat before = f.st.seat[0];
        play(&f, c);
        const mz_card *C = &f.D->card[c];
        assert_int_equal(f.st.seat[0].food, before.food + C->food);
        assert_int_equal(f.st.seat[0].larvae, before.larvae - C->cost + C->larvae);
        assert_int_equal(f.st.seat[0].hand, before.hand - 1 + C->cards);
        assert_int_equal(f.st.seat[0].score, before.score + C->points);
        assert_int_equal(f.st.card_loc[c], CL_DISCARD); /* */
        mfx_close(&f);
    }
}

/* EV-09: opponents with a larva lose one; you gain one per larva lost. */
static void test_ev09_egg_stealer(void **state)
{
    mfx f;
    mfx_open(&f, 3, 40, NULL);
    turn_with(&f, 0, EV09, 1);
    f.st.seat[1].eggs = (uint8_t)(f.st.seat[1].eggs + f.st.seat[1].larvae);
    f.st.seat[1].larvae = 0;
    int l0 = f.st.seat[0].larvae, l2 = f.st.seat[2].larvae;
    play(&f, EV09);
    assert_int_equal(f.st.seat[0].larvae, l0 - 1 + 1);
    assert_int_equal(f.st.seat[2].larvae, l2 - 1);
    assert_int_equal(f.st.seat[1].larvae, 0);
    mfx_close(&f);
}

/* EV-14: two different options, both resolved. */
static void test_ev14_royal_jelly(void **state)
{
    mfx f;
    mfx_open(&f, 3, 41, NULL);
    turn_with(&f, 0, EV14, 1);
    int food = f.st.seat[0].food, score = f.st.seat[0].score;
    play(&f, EV14);
    mfx_play(&f, "option 0");
    assert_false(mfx_legal(&f, "option 0"));
    mfx_play(&f, "option 3");
    assert_int_equal(f.st.seat[0].food, food + 2);
    assert_int_equal(f.st.seat[0].score, score + 1);
    mfx_close(&f);
}

/* EV-05 (half rounded up, you too) and EV-11 (2 each) on a tile. */
static void test_ev05_ev11_losses(void **state)
{
    for (int k = 0; k < 2; k++) {
        mfx f;
        mfx_open(&f, 3, 42, NULL);
        mfx_clear_ants(&f);
        place(&f, 13, 0, -2, 0);
        mfx_ants(&f, 0, MZ_POS(13, 1), 1);
        mfx_ants(&f, 0, MZ_POS(13, MZ_OUT), 2);
        mfx_ants(&f, 1, MZ_POS(13, 0), 1);
        mfx_ants(&f, 1, MZ_POS(13, MZ_OUT), 4);
        int c = k ? EV11 : EV05;
        turn_with(&f, 0, c, 1);
        play(&f, c);
        mfx_play(&f, "target T13");
        mfx_play_forced(&f);
        while (mfx_top_kind(&f) == F_REMOVE)
            mfx_play(&f, "lose T13.out");
        assert_int_equal(mz_ants_at(&f.st, 13, 0), k ? 1 : 1);
        assert_int_equal(mz_ants_at(&f.st, 13, 1), k ? 3 : 2);
        mfx_close(&f);
    }
}

/* EV-12: a wormhole (then a larva there) or a centipede without moving the size track. */
static void test_ev12_mysterious_hole(void **state)
{
    mfx f;
    mfx_open(&f, 3, 43, NULL);
    place(&f, 12, 0, -2, 0);
    turn_with(&f, 0, EV12, 1);
    int size = f.st.size_pos;
    play(&f, EV12);
    mfx_play(&f, "target T12");
    mfx_play(&f, "option 0");
    assert_true(f.st.loc[12].wormhole);
    playf(&f, "larva to %s", pos(12, 0));
    assert_int_equal(f.st.loc[12].space[0], 1);
    turn_with(&f, 0, EV12, 1);
    f.st.loc[12].wormhole = 1;
    play(&f, EV12);
    mfx_play(&f, "target T12");
    mfx_play_forced(&f);
    assert_true(f.st.loc[12].centipede);
    assert_int_equal(f.st.size_pos, size);
    mfx_close(&f);
}

/* EV-13: larva steps only before the first ant step. */
static void test_ev13_rapid_mobilization(void **state)
{
    mfx f;
    mfx_open(&f, 3, 44, NULL);
    place(&f, 12, 0, -2, 0);
    turn_with(&f, 0, EV13, 1);
    play(&f, EV13);
    assert_true(mfx_legal(&f, "larva to GT"));
    playf(&f, "ant GT to %s", pos(12, 0));
    assert_false(mfx_legal(&f, "larva to GT"));
    mfx_close(&f);
}

/* EV-17: ant steps only, and 1 larva. */
static void test_ev17_scent_trail(void **state)
{
    mfx f;
    mfx_open(&f, 3, 45, NULL);
    turn_with(&f, 0, EV17, 1);
    int l = f.st.seat[0].larvae;
    play(&f, EV17);
    assert_int_equal(f.st.seat[0].larvae, l - 1 + 1);
    assert_false(mfx_legal(&f, "larva to GT"));
    mfx_close(&f);
}

/* EV-19: +2 strength in your battles this round. */
static void test_ev19_call_to_arms(void **state)
{
    mfx f;
    mfx_open(&f, 3, 46, NULL);
    turn_with(&f, 0, EV19, 1);
    play(&f, EV19);
    assert_int_equal(mz_strength_base(f.env, &f.st, 0, MZ_GT, false), 2 + 2);
    mfx_close(&f);
}

/* EV-22: your ant takes the control space an opponent held; theirs goes to the outskirts. */
static void test_ev22_ambush(void **state)
{
    mfx f;
    mfx_open(&f, 3, 47, NULL);
    place(&f, 12, 0, -2, 0);
    mfx_ants(&f, 1, MZ_POS(12, 0), 1);
    mfx_ants(&f, 0, MZ_POS(12, MZ_OUT), 1);
    turn_with(&f, 0, EV22, 1);
    mfx_play(&f, "play EV-22"); /* ants only: the outskirts ant pays, the GT ants stay */
    mfx_play(&f, "pay GT");
    assert_true(mfx_legal(&f, "target T12") || mfx_top_kind(&f) != F_TARGET);
    mfx_play(&f, "target T12");
    assert_int_equal(mz_controller(&f.st, 12), 0);
    assert_int_equal(f.st.loc[12].out[1], 0); /* refilled onto the free space */
    assert_int_equal(f.st.loc[12].space[1], 2);
    mfx_close(&f);
}

/* EV-01: a contested tile's battle at once (not in round 1, A-16). */
static void test_ev01_a16_surprise_attack(void **state)
{
    for (int round = 1; round <= 2; round++) {
        mfx f;
        mfx_open(&f, 3, 48, NULL);
        place(&f, 12, 0, -2, 0);
        mfx_ants(&f, 1, MZ_POS(12, 0), 1);
        mfx_ants(&f, 2, MZ_POS(12, 1), 1);
        mfx_ants(&f, 2, MZ_POS(12, MZ_OUT), 2);
        turn_with(&f, 0, EV01, round);
        play(&f, EV01);
        mfx_play(&f, "target T12");
        if (round == 1)
            assert_int_not_equal(mfx_top_kind(&f), F_FEROCITY);
        else {
            assert_int_equal(mfx_top_kind(&f), F_FEROCITY);
            assert_int_equal(mfx_to_move(&f), 2); /* left of the defender (seat 1) */
        }
        mfx_close(&f);
    }
}

/* EV-02: the top tile anywhere, a wormhole on it, up to 3 larvae onto it. */
static void test_ev02_into_the_unknown(void **state)
{
    mfx f;
    mfx_open(&f, 3, 49, NULL);
    turn_with(&f, 0, EV02, 1);
    int t = f.st.stack[f.st.nstack - 1];
    play(&f, EV02);
    assert_int_equal(mfx_top_kind(&f), F_PLACE);
    static fc_decision buf[MZ_MAX_DECISIONS];
    int n = f.g->legal(&f.st, f.env, buf, NULL);
    assert_int_equal(f.g->apply(&f.st, f.env, buf[n - 1]), 0);
    assert_true(f.st.loc[t].placed);
    for (int i = 0; i < 3; i++) {
        assert_int_equal(mfx_top_kind(&f), F_TARGET);
        static fc_decision b2[MZ_MAX_DECISIONS];
        f.g->legal(&f.st, f.env, b2, NULL);
        assert_int_equal(MZ_DK(b2[0]), DK_LARVA);
        assert_int_equal(f.g->apply(&f.st, f.env, b2[0]), 0);
    }
    assert_true(f.st.loc[t].wormhole);
    assert_int_equal(mz_ants_at(&f.st, t, 0), 3);
    mfx_check(&f);
    mfx_close(&f);
}

/* EV-03: up to two swaps of ants of different players. */
static void test_ev03_nuptial_flight(void **state)
{
    mfx f;
    mfx_open(&f, 3, 50, NULL);
    place(&f, 12, 0, -2, 0);
    mfx_ants(&f, 1, MZ_POS(12, 0), 1);
    turn_with(&f, 0, EV03, 1);
    play(&f, EV03);
    mfx_play(&f, "swap GT seat 1");
    assert_false(mfx_legal(&f, "swap GT seat 1"));
    mfx_play(&f, "swap T12.s0 seat 2");
    assert_int_equal(mz_controller(&f.st, 12), 0);
    assert_int_equal(mz_ants_at(&f.st, MZ_GT, 1), 3);
    mfx_play(&f, "done");
    mfx_close(&f);
}

/* EV-04: an evolution back to hand, one played free; bodies only by the net change. */
static void test_ev04_adaptive_radiation(void **state)
{
    mfx f;
    mfx_open(&f, 3, 51, NULL);
    mfx_give_evo(&f, 0, HD08);
    mfx_give_evo(&f, 0, TX09);
    mfx_give_evo(&f, 0, AB02);
    mz_bodies_update(f.D, &f.st, 0);
    int score = f.st.seat[0].score;
    turn_with(&f, 0, EV04, 1);
    play(&f, EV04);
    mfx_play(&f, "card TX-09");
    assert_int_equal(f.st.card_loc[TX09], CL_HAND);
    mfx_play(&f, "card TX-09");
    assert_int_equal(f.st.card_loc[TX09], CL_EVO);
    assert_int_equal(f.st.seat[0].score, score);
    mfx_close(&f);
}

/* EV-07: opponents discard one each; you may play one of them paying its cost. */
static void test_ev07_cultural_theft(void **state)
{
    mfx f;
    mfx_open(&f, 3, 52, NULL);
    turn_with(&f, 0, EV07, 1);
    mfx_take_card(&f, EV15);
    mz_to_hand(&f.st, 1, EV15);
    play(&f, EV07);
    assert_int_equal(mfx_top_kind(&f), F_DISCARD);
    assert_int_equal(mfx_to_move(&f), 1);
    mfx_play(&f, "discard EV-15");
    static fc_decision buf[MZ_MAX_DECISIONS];
    f.g->legal(&f.st, f.env, buf, NULL);
    assert_int_equal(f.g->apply(&f.st, f.env, buf[0]), 0);
    int food = f.st.seat[0].food;
    mfx_play(&f, "card EV-15");
    while (mfx_top_kind(&f) == F_PAY)
        mfx_play(&f, "pay larva");
    assert_int_equal(f.st.seat[0].food, food + 2);
    mfx_close(&f);
}

/* EV-08: rewards of up to 2 of your occupied spaces now. */
static void test_ev08_early_harvest(void **state)
{
    mfx f;
    mfx_open(&f, 3, 53, NULL);
    place(&f, 20, 0, -2, 0); /* P, P, F */
    mfx_ants(&f, 0, MZ_POS(20, 0), 1);
    mfx_ants(&f, 0, MZ_POS(20, 2), 1);
    turn_with(&f, 0, EV08, 1);
    int score = f.st.seat[0].score, food = f.st.seat[0].food;
    play(&f, EV08);
    mfx_play(&f, "harvest T20.s0");
    assert_false(mfx_legal(&f, "harvest T20.s0"));
    mfx_play(&f, "harvest T20.s2");
    assert_int_equal(f.st.seat[0].score, score + 1);
    assert_int_equal(f.st.seat[0].food, food + 1);
    mfx_close(&f);
}

/* EV-10: two more actions (not Rest). */
static void test_ev10_frenzied_activity(void **state)
{
    mfx f;
    mfx_open(&f, 3, 54, NULL);
    mfx_ants(&f, 0, MZ_POS(MZ_GT, MZ_OUT), 3);
    turn_with(&f, 0, EV10, 1);
    mfx_play(&f, "play EV-10");
    while (mfx_top_kind(&f) == F_PAY)
        mfx_play(&f, "pay GT");
    assert_int_equal(mfx_top_kind(&f), F_BONUS);
    assert_false(mfx_legal(&f, "rest RT-00"));
    mfx_play(&f, "march");
    mfx_play(&f, "done");
    mfx_close(&f);
}

/* EV-18: turn a tile next to your ants to another opening pattern that still meets one. */
static void test_ev18_tunnel_collapse(void **state)
{
    mfx f;
    mfx_open(&f, 3, 55, NULL);
    place(&f, 13, 0, -2, 0); /* five openings, S among them */
    assert_true(mz_connected(f.D, &f.st, 13, MZ_GT));
    turn_with(&f, 0, EV18, 1);
    mfx_ants(&f, 0, MZ_POS(MZ_GT, MZ_OUT), 2);
    mfx_play(&f, "play EV-18");
    mfx_play(&f, "pay GT");
    mfx_play(&f, "pay GT");
    assert_false(mfx_legal(&f, "rotate T13 0")); /* unchanged */
    assert_false(mfx_legal(&f, "rotate T13 4")); /* S closed: no opening meets another */
    mfx_play(&f, "rotate T13 1");
    assert_int_equal(f.st.loc[13].rot, 1);
    assert_true(mz_connected(f.D, &f.st, 13, MZ_GT));
    mfx_close(&f);
}

/* TX-05: cards cost 1 less, never below 1. */
static void test_tx05_spinner(void **state)
{
    mfx f;
    mfx_open(&f, 3, 56, NULL);
    mfx_give_evo(&f, 0, TX05);
    assert_int_equal(mz_card_cost(f.D, &f.st, 0, EV21), 3);
    assert_int_equal(mz_card_cost(f.D, &f.st, 0, EV20), 1);
    mfx_close(&f);
}

/* TX-11: Forage draws 4; TX-12: March has 8 steps. */
static void test_tx11_tx12(void **state)
{
    mfx f;
    mfx_open(&f, 3, 57, NULL);
    mfx_give_evo(&f, 0, TX11);
    turn_with(&f, 0, -1, 1);
    int hand = f.st.seat[0].hand;
    mfx_play(&f, "forage");
    assert_int_equal(f.st.seat[0].hand, hand + 4);
    mfx_close(&f);
    mfx_open(&f, 3, 57, NULL);
    mfx_give_evo(&f, 0, TX12);
    turn_with(&f, 0, -1, 1);
    mfx_play(&f, "march");
    assert_int_equal(f.st.frame[f.st.nframes - 1].n, 8);
    mfx_close(&f);
}

/* AB-04, AB-05, AB-07, AB-08 in the harvest. */
static void test_ab04_ab05_ab07_ab08_harvest(void **state)
{
    mfx f;
    mfx_open(&f, 3, 58, NULL);
    mfx_clear_ants(&f);
    place(&f, 13, 0, -2, 0); /* L1, L1, F, C */
    place(&f, 14, 1, -2, 0); /* F, F, L1 */
    place(&f, 20, 2, -2, 0); /* P, P, F */
    for (int i = 0; i < 4; i++)
        mfx_ants(&f, 0, MZ_POS(13, i), 1);
    mfx_ants(&f, 0, MZ_POS(20, 0), 1);
    mfx_give_evo(&f, 0, AB04);
    mz_state base = f.st;
    static const int ev[] = {AB04, AB05, AB07, AB08};
    for (int k = 0; k < 4; k++) {
        f.st = base;
        f.st.seat[0].npile[SEG_ABDOMEN] = 0;
        f.st.card_loc[AB04] = CL_DISCARD;
        f.st.ndisc++;
        mfx_give_evo(&f, 0, ev[k]);
        mz_seat b = f.st.seat[0];
        memset(f.st.frame, 0, sizeof f.st.frame);
        f.st.nframes = 0;
        f.st.active = 0;
        mz_push(&f.st, F_PHASE, 0, 0, PS_DORMANCY, 0, 0);
        mz_push(&f.st, F_QUEEN, 0, 0, 1, 0, 0);
        mz_run(f.env, &f.st);
        const mz_seat *a = &f.st.seat[0];
        assert_int_equal(a->larvae - b.larvae, ev[k] == AB04 ? 4 : 2);
        assert_int_equal(a->food - b.food, 1 + (ev[k] == AB05 ? 0 : 0));
        assert_int_equal(a->hand - b.hand, ev[k] == AB07 ? 2 : 1);
        assert_int_equal(a->score - b.score, ev[k] == AB08 ? 2 : 1);
    }
    mfx_close(&f);
}

/* HD-08, HD-10, HD-11 strength; HD-02 (b) when not the defender. */
static void test_head_strength(void **state)
{
    mfx f;
    mfx_open(&f, 3, 59, NULL);
    mfx_give_evo(&f, 0, HD10);
    assert_int_equal(mz_strength_base(f.env, &f.st, 0, MZ_GT, false), 2 + 1 + 2);
    mfx_give_evo(&f, 0, HD08);
    assert_int_equal(mz_strength_base(f.env, &f.st, 0, MZ_GT, false), 2 + 2 + 1);
    mfx_give_evo(&f, 0, HD11);
    assert_int_equal(mz_strength_base(f.env, &f.st, 0, 5, true), 0 + 3 + 2);
    mfx_close(&f);
}

/* CG-01 .. CG-10 dormancy levels. */
static void test_goal_scoring(void **state)
{
    mfx f;
    mfx_open(&f, 3, 60, NULL);
    mfx_clear_ants(&f);
    place(&f, 16, 0, -2, 0); /* C, L1; wormhole symbol not resolved here */
    place(&f, 18, 1, -2, 0);
    place(&f, 23, 2, -2, 0);
    place(&f, 12, 0, -3, 0);
    f.st.loc[16].wormhole = f.st.loc[18].wormhole = f.st.loc[23].wormhole = 1;
    mfx_ants(&f, 0, MZ_POS(16, 0), 1); /* card space */
    mfx_ants(&f, 0, MZ_POS(18, 1), 1); /* card space */
    mfx_ants(&f, 0, MZ_POS(23, 1), 1); /* card space */
    mfx_ants(&f, 0, MZ_POS(12, 0), 1);
    assert_int_equal(mz_goal_points(f.env, &f.st, 0, CG01), 2); /* 3 card spaces */
    assert_int_equal(mz_goal_points(f.env, &f.st, 0, CG03), 2); /* 3 wormhole tiles */
    assert_int_equal(mz_goal_points(f.env, &f.st, 0, CG09), 1); /* T-12 is outer */
    assert_int_equal(mz_goal_points(f.env, &f.st, 0, CG07), 1); /* controls T-16 and T-12 */
    mfx_ants(&f, 0, MZ_POS(MZ_GT, MZ_OUT), 4);
    assert_int_equal(mz_goal_points(f.env, &f.st, 0, CG10), 2);
    f.st.seat[0].food = 5, f.st.seat[1].food = 1, f.st.seat[2].food = 5;
    assert_int_equal(mz_goal_points(f.env, &f.st, 0, CG04), 1); /* 5 is not fewer */
    f.st.seat[2].food = 2;
    assert_int_equal(mz_goal_points(f.env, &f.st, 0, CG04), 3);
    mfx_give_evo(&f, 0, HD01);
    mfx_give_evo(&f, 0, HD02);
    assert_int_equal(mz_goal_points(f.env, &f.st, 0, CG08), 2);
    mfx_close(&f);
}

/* RT-01 .. RT-05, RT-11 immediate; RT-08 .. RT-10 lasting; RT-00 defender. */
static void test_rest_tiles(void **state)
{
    for (int rt = 0; rt < MZ_REST; rt++) {
        mfx f;
        mfx_open(&f, 5, 61, NULL);
        turn_with(&f, 0, -1, 1);
        memset(f.st.rest_row, 0, sizeof f.st.rest_row);
        f.st.rest_row[rt] = 1;
        f.st.rest_row[rt == 0 ? 1 : 0] = 1;
        mz_seat b = f.st.seat[0];
        char t[32];
        snprintf(t, sizeof t, "rest %s", f.D->rest[rt].id);
        mfx_play(&f, t);
        const mz_restdef *R = &f.D->rest[rt];
        const mz_seat *a = &f.st.seat[0];
        assert_int_equal(a->food - b.food, R->food);
        assert_int_equal(a->larvae - b.larvae, R->larvae);
        assert_int_equal(a->hand - b.hand, R->cards);
        assert_int_equal(a->score - b.score, R->points);
        assert_int_equal(a->rest_strength, R->strength);
        assert_int_equal(a->rest_prevent, R->prevent);
        assert_int_equal(a->rest_feed, R->feed);
        if (R->steps)
            assert_int_equal(mfx_top_kind(&f), F_STEPS);
        if (R->larva_moves)
            assert_int_equal(mfx_top_kind(&f), F_LARVA);
        if (R->peek)
            assert_int_equal(mfx_top_kind(&f), F_PEEK);
        if (rt == 0)
            assert_int_equal(f.st.gt_defender, 0);
        assert_true(a->rested);
        mfx_close(&f);
    }
}

/* A tile battle on T-12 between seat 0 (control space + outskirts) and seat 1, round 2. */
static void tile_battle(mfx *f, int a0, int a1)
{
    mfx_clear_ants(f);
    place(f, 12, 0, -2, 0);
    mfx_ants(f, 0, MZ_POS(12, 0), 1);
    mfx_ants(f, 0, MZ_POS(12, MZ_OUT), a0 - 1);
    mfx_ants(f, 1, MZ_POS(12, 1), 1);
    mfx_ants(f, 1, MZ_POS(12, MZ_OUT), a1 - 1);
    mfx_soldier_at(f, 2, 2);
}

/* Plays pending casualty choices, outskirts ants first. */
static void resolve_losses(mfx *f)
{
    static fc_decision buf[MZ_MAX_DECISIONS];
    while (mfx_top_kind(f) == F_REMOVE || mfx_top_kind(f) == F_SPOIL) {
        int n = f->g->legal(&f->st, f->env, buf, NULL), pick = 0;
        for (int i = 0; i < n; i++)
            if (MZ_DK(buf[i]) == DK_DONE || (MZ_DK(buf[i]) == DK_LOSE && MZ_PSLOT(MZ_DA(buf[i])) == MZ_OUT))
                pick = i;
        assert_int_equal(f->g->apply(&f->st, f->env, buf[pick]), 0);
        mfx_check(f);
    }
}

/* HD-01, HD-12, HD-07 on winning a tile battle; R-59 battle point; R-60 refill. */
static void test_hd01_hd12_hd07_r59_tile_win(void **state)
{
    mfx f;
    mfx_open(&f, 3, 70, NULL);
    mfx_give_evo(&f, 0, HD07); /* covered by HD-01 below: HD-07 inactive */
    mfx_give_evo(&f, 0, HD01);
    int larvae0 = f.st.seat[0].larvae, larvae1 = f.st.seat[1].larvae, score0 = f.st.seat[0].score;
    tile_battle(&f, 4, 2);
    while (mfx_top_kind(&f) == F_FEROCITY)
        mfx_play(&f, "ferocity none");
    resolve_losses(&f);
    assert_int_equal(f.st.bt.winner, 0);
    assert_int_equal(f.st.loc[12].space[1], 1); /* the winner refilled the free space */
    assert_int_equal(mfx_top_kind(&f), F_FEED); /* the queen phase has harvested it (1 larva) */
    assert_int_equal(f.st.seat[0].larvae, larvae0 + 1 + 1);
    assert_int_equal(f.st.seat[1].larvae, larvae1 - 1);
    assert_int_equal(f.st.seat[0].score, score0 + 1 + 3 * 0);
    mfx_close(&f);
    mfx_open(&f, 3, 71, NULL);
    mfx_give_evo(&f, 0, HD12);
    int food0 = f.st.seat[0].food;
    tile_battle(&f, 4, 2);
    while (mfx_top_kind(&f) == F_FEROCITY)
        mfx_play(&f, "ferocity none");
    resolve_losses(&f);
    assert_int_equal(mfx_top_kind(&f), F_FEED); /* the queen phase has harvested T-12's food space */
    assert_int_equal(f.st.seat[0].food, food0 + 1 + 1);
    mfx_close(&f);
}

/* HD-07: +1 point after a battle in which you played a ferocity card. */
static void test_hd07_trap_head(void **state)
{
    mfx f;
    mfx_open(&f, 3, 72, NULL);
    mfx_give_evo(&f, 1, HD07);
    tile_battle(&f, 2, 2);
    int score1 = f.st.seat[1].score;
    while (mfx_top_kind(&f) == F_FEROCITY) {
        static fc_decision buf[MZ_MAX_DECISIONS];
        f.g->legal(&f.st, f.env, buf, NULL);
        assert_int_equal(f.g->apply(&f.st, f.env, buf[0]), 0); /* the first hand card */
    }
    resolve_losses(&f);
    assert_true(f.st.seat[1].score >= score1 + 1);
    mfx_close(&f);
}

/* HD-09: the loser with Acid Head gives the winner one more casualty. */
static void test_hd09_acid_head(void **state)
{
    mfx f;
    mfx_open(&f, 3, 73, NULL);
    mfx_give_evo(&f, 1, HD09);
    tile_battle(&f, 6, 2);
    while (mfx_top_kind(&f) == F_FEROCITY)
        mfx_play(&f, "ferocity none");
    assert_int_equal(f.st.bt.winner, 0);
    assert_int_equal(f.st.bt.assigned[0], 2 / 2 + 1);
    mfx_close(&f);
}

/* HD-03: a second face-down card decided at once. */
static void test_hd03_fire_head(void **state)
{
    mfx f;
    mfx_open(&f, 3, 74, NULL);
    mfx_give_evo(&f, 1, HD03);
    tile_battle(&f, 2, 2);
    assert_int_equal(mfx_to_move(&f), 1); /* left of the defender (seat 0) */
    static fc_decision buf[MZ_MAX_DECISIONS];
    f.g->legal(&f.st, f.env, buf, NULL);
    assert_int_equal(f.g->apply(&f.st, f.env, buf[0]), 0);
    assert_int_equal(mfx_to_move(&f), 1); /* again: the second card */
    f.g->legal(&f.st, f.env, buf, NULL);
    assert_int_equal(f.g->apply(&f.st, f.env, buf[0]), 0);
    assert_int_equal(f.st.seat[1].fer_committed, 2);
    mfx_close(&f);
}

/* HD-02 (a) / AB-01: lose 1 ant instead of fighting the centipede. */
static void test_hd02_ab01_sacrifice(void **state)
{
    mfx f;
    mfx_open(&f, 3, 75, NULL);
    mfx_give_evo(&f, 0, AB01);
    mfx_clear_ants(&f);
    place(&f, 12, 0, -2, 0);
    f.st.loc[12].centipede = 1;
    mfx_ants(&f, 0, MZ_POS(12, MZ_OUT), 3);
    mfx_soldier_at(&f, 2, 2);
    assert_int_equal(mfx_top_kind(&f), F_CENTI_ASK);
    mfx_play(&f, "sacrifice");
    mfx_play_forced(&f);
    assert_int_equal(mz_ants_at(&f.st, 12, 0), 2);
    assert_true(f.st.loc[12].centipede); /* nobody else fought it */
    mfx_close(&f);
}

/* HD-05: at the start of the soldier phase remove exactly 2 ants from a tile with yours. */
static void test_hd05_shooting_head(void **state)
{
    mfx f;
    mfx_open(&f, 3, 76, NULL);
    mfx_give_evo(&f, 0, HD05);
    mfx_clear_ants(&f);
    place(&f, 12, 0, -2, 0);
    mfx_ants(&f, 0, MZ_POS(12, 0), 1);
    mfx_ants(&f, 1, MZ_POS(12, 1), 1);
    mfx_ants(&f, 1, MZ_POS(12, MZ_OUT), 1);
    mfx_soldier_at(&f, 1, 0);
    assert_int_equal(mfx_top_kind(&f), F_SHOOT);
    mfx_play(&f, "target T12");
    /* the opponent is named by seat, 1-based like every seat in the notation (rulings-marsz.md) */
    fc_decision buf[MZ_MAX_DECISIONS];
    char text[64];
    assert_int_equal(f.g->legal(&f.st, f.env, buf, NULL), 1);
    assert_true(f.g->decision_text(&f.st, f.env, buf[0], text, sizeof text) > 0);
    assert_string_equal(text, "seat 2");
    assert_false(mfx_legal(&f, "seat 1")); /* not the shooter's own seat */
    mfx_play(&f, "seat 2");
    mfx_play(&f, "option 1"); /* the old 0-based form, in records made before: still read */
    mfx_play_forced(&f);
    assert_int_equal(mz_ants_at(&f.st, 12, 1), 0);
    assert_int_equal(mz_ants_at(&f.st, 12, 0), 1);
    mfx_close(&f);
}

/* HD-06: a participant brings a larva into the battle before strengths are set. */
static void test_hd06_military_head(void **state)
{
    mfx f;
    mfx_open(&f, 3, 77, NULL);
    mfx_give_evo(&f, 1, HD06);
    mfx_clear_ants(&f);
    mfx_ants(&f, 0, MZ_POS(MZ_GT, MZ_OUT), 3);
    mfx_ants(&f, 1, MZ_POS(MZ_GT, MZ_OUT), 2);
    f.st.gt_defender = 0;
    mfx_soldier_at(&f, 1, 1);
    assert_int_equal(mfx_top_kind(&f), F_HD06);
    mfx_play(&f, "larva to GT");
    assert_int_equal(mz_ants_at(&f.st, MZ_GT, 1), 3);
    while (mfx_top_kind(&f) == F_FEROCITY)
        mfx_play(&f, "ferocity none");
    assert_int_equal(f.st.bt.strength[1], 3 + 1);
    mfx_close(&f);
}

/* AB-02 feeding, AB-09 fed everyone, AB-03 / AB-10 queen's choice, AB-06 final round. */
static void test_ab02_ab03_ab06_ab09_ab10_queen(void **state)
{
    mfx f;
    mfx_open(&f, 3, 78, NULL);
    mfx_clear_ants(&f);
    mfx_ants(&f, 0, MZ_POS(MZ_GT, MZ_OUT), 7);
    mfx_give_evo(&f, 0, AB10);
    mfx_give_evo(&f, 0, AB02); /* 4 + 2 abdomens + 2 = 8 per food */
    f.st.seat[0].food = 1;
    f.st.active = 0;
    memset(f.st.frame, 0, sizeof f.st.frame);
    f.st.nframes = 0;
    mz_push(&f.st, F_PHASE, 0, 0, PS_DORMANCY, 0, 0);
    mz_push(&f.st, F_QUEEN, 0, 0, 2, 0, 0);
    mz_push(&f.st, F_FEED, 0, 0, 0, 0, 0);
    mz_run(f.env, &f.st);
    mfx_play(&f, "feed 7");
    assert_int_equal(f.st.seat[0].food, 0);
    assert_int_equal(mfx_top_kind(&f), F_QCHOICE);
    int l = f.st.seat[0].larvae;
    mfx_play(&f, "queen larvae");
    assert_int_equal(f.st.seat[0].larvae, l + 3); /* AB-03 is covered: no bonus */
    mfx_play(&f, "queen food");
    mfx_close(&f);
    mfx_open(&f, 3, 79, NULL);
    mfx_give_evo(&f, 0, AB03);
    mfx_give_evo(&f, 0, AB06);
    f.st.active = 0;
    f.st.round = (uint8_t)f.D->rounds;
    memset(f.st.frame, 0, sizeof f.st.frame);
    f.st.nframes = 0;
    mz_push(&f.st, F_PHASE, 0, 0, PS_DORMANCY, 0, 0);
    mz_push(&f.st, F_QUEEN, 0, 0, 2, 0, 0);
    mz_run(f.env, &f.st);
    assert_int_equal(mfx_top_kind(&f), F_QCHOICE); /* only AB-06's owner chooses, once */
    assert_int_equal(mfx_to_move(&f), 0);
    assert_int_equal(f.st.frame[f.st.nframes - 1].n, 1);
    mfx_close(&f);
}

/* TX-04: after your Forage, steal from the opponent(s) with most larvae (ties: each). */
static void test_tx04_parasite(void **state)
{
    mfx f;
    mfx_open(&f, 3, 80, NULL);
    mfx_give_evo(&f, 0, TX04);
    turn_with(&f, 0, -1, 1);
    int l0 = f.st.seat[0].larvae, l1 = f.st.seat[1].larvae, l2 = f.st.seat[2].larvae;
    mfx_play(&f, "forage");
    static fc_decision buf[MZ_MAX_DECISIONS];
    f.g->legal(&f.st, f.env, buf, NULL);
    assert_int_equal(f.g->apply(&f.st, f.env, buf[0]), 0);
    assert_int_equal(f.st.seat[0].larvae, l0 + 2);
    assert_int_equal(f.st.seat[1].larvae, l1 - 1);
    assert_int_equal(f.st.seat[2].larvae, l2 - 1);
    mfx_close(&f);
}

/* TX-06: opponents may not move ants out of a tile you control. */
static void test_tx06_weaver(void **state)
{
    mfx f;
    mfx_open(&f, 3, 81, NULL);
    mfx_give_evo(&f, 0, TX06);
    mfx_clear_ants(&f);
    place(&f, 12, 0, -2, 0);
    mfx_ants(&f, 0, MZ_POS(12, 0), 1);
    mfx_ants(&f, 1, MZ_POS(12, 1), 1);
    assert_false(mz_may_leave(f.D, &f.st, 1, 12));
    assert_true(mz_may_leave(f.D, &f.st, 0, 12));
    turn_with(&f, 1, -1, 1);
    mfx_play(&f, "march");
    assert_false(mfx_legal(&f, "ant T12.s1 to GT"));
    mfx_close(&f);
}

/* TX-07: the march reaction twice; TX-09 / TX-10 after your Explore. */
static void test_tx07_tx09_tx10(void **state)
{
    mfx f;
    mfx_open(&f, 3, 82, NULL);
    mfx_give_evo(&f, 1, TX07);
    mfx_give_evo(&f, 0, TX09);
    turn_with(&f, 0, -1, 1);
    int food = f.st.seat[0].food;
    mfx_play(&f, "explore");
    static fc_decision buf[MZ_MAX_DECISIONS];
    f.g->legal(&f.st, f.env, buf, NULL);
    assert_int_equal(f.g->apply(&f.st, f.env, buf[0]), 0);
    f.g->legal(&f.st, f.env, buf, NULL);
    assert_int_equal(f.g->apply(&f.st, f.env, buf[0]), 0); /* one ant in */
    mfx_play(&f, "done");
    assert_int_equal(f.st.seat[0].food, food - 1 + 1); /* TX-09 */
    mfx_close(&f);
    mfx_open(&f, 3, 83, NULL);
    mfx_give_evo(&f, 1, TX07);
    turn_with(&f, 0, -1, 1);
    mfx_play(&f, "march");
    mfx_play(&f, "done");
    assert_int_equal(mfx_to_move(&f), 1);
    mfx_play(&f, "react march");
    assert_int_equal(f.st.frame[f.st.nframes - 1].n, 2);
    mfx_close(&f);
}

/* TX-08: two tiles drawn, one placed, the other under the stack. */
static void test_tx08_scout(void **state)
{
    mfx f;
    mfx_open(&f, 3, 84, NULL);
    mfx_give_evo(&f, 0, TX08);
    turn_with(&f, 0, -1, 1);
    int a = f.st.stack[f.st.nstack - 1], b = f.st.stack[f.st.nstack - 2], n = f.st.nstack;
    mfx_play(&f, "explore");
    assert_int_equal(mfx_top_kind(&f), F_PICKTILE);
    char t[24];
    snprintf(t, sizeof t, "tile T-%d", b);
    mfx_play(&f, t);
    assert_int_equal(f.st.stack[0], a);
    assert_int_equal(f.st.nstack, n - 1);
    assert_int_equal(f.st.bottom_known, 1);
    mfx_close(&f);
}

/* TX-03: wormhole tiles count as inhabited; TX-02: a march step moves a centipede. */
static void test_tx02_tx03_a39(void **state)
{
    mfx f;
    mfx_open(&f, 3, 85, NULL);
    place(&f, 12, 0, -2, 0);
    f.st.loc[12].wormhole = 1;
    assert_false(mz_inhabits(f.D, &f.st, 0, 12));
    mfx_give_evo(&f, 0, TX03);
    assert_true(mz_inhabits(f.D, &f.st, 0, 12));
    mfx_give_evo(&f, 0, TX02);
    place(&f, 9, 0, -3, 0);
    f.st.loc[12].centipede = 1;
    turn_with(&f, 0, -1, 1);
    mfx_play(&f, "march");
    mfx_play(&f, "centipede T12 to T9");
    assert_true(f.st.loc[9].centipede);
    assert_false(f.st.loc[12].centipede);
    mfx_close(&f);
}

/* TX-01: steps between adjacent locations even without a connection. */
static void test_tx01_winged(void **state)
{
    mfx f;
    mfx_open(&f, 3, 86, NULL);
    place(&f, 12, 0, -2, 1); /* openings NE, SW: not facing the Great Tunnel */
    assert_false(mz_connected(f.D, &f.st, 12, MZ_GT));
    turn_with(&f, 0, -1, 1);
    mfx_play(&f, "march");
    assert_false(mfx_legal(&f, "ant GT to T12.s0"));
    mfx_give_evo(&f, 0, TX01);
    assert_true(mfx_legal(&f, "ant GT to T12.s0"));
    mfx_close(&f);
}

/* T-24 .. T-28 placement effects. */
static void test_t24_t28_offmeadow(void **state)
{
    for (int t = 24; t <= 28; t++) {
        mfx f;
        mfx_open(&f, 4, 90 + (uint64_t)t, NULL);
        place(&f, 12, 0, -3, 0);
        place(&f, 9, 0, -2, 0);
        turn_with(&f, 0, -1, 1);
        /* make t the top tile of the stack */
        int i = 0;
        while (i < f.st.nstack && f.st.stack[i] != t)
            i++;
        if (i == f.st.nstack) {
            f.st.stack[f.st.nstack++] = (uint8_t)t;
        } else {
            f.st.stack[i] = f.st.stack[f.st.nstack - 1];
            f.st.stack[f.st.nstack - 1] = (uint8_t)t;
        }
        int food = f.st.seat[0].food;
        mfx_play(&f, "explore");
        static fc_decision buf[MZ_MAX_DECISIONS];
        int np = f.g->legal(&f.st, f.env, buf, NULL), k = 0;
        while (k < np && !(MZ_DA(buf[k]) == 1 + 64 && MZ_DB(buf[k]) == -2 + 64))
            k++;
        assert_true(k < np); /* next to the Great Tunnel, facing it */
        assert_int_equal(f.g->apply(&f.st, f.env, buf[k]), 0);
        f.g->legal(&f.st, f.env, buf, NULL);
        assert_int_equal(f.g->apply(&f.st, f.env, buf[0]), 0);
        mfx_play(&f, "done");
        switch (t) {
        case 24:
            assert_true(f.st.loc[24].centipede);
            mfx_play(&f, "target T9");
            assert_true(f.st.loc[9].centipede);
            break;
        case 26: assert_int_equal(mfx_top_kind(&f), F_LAIR); break;
        case 27: assert_int_equal(f.st.seat[0].food, food - 1 + 2); break;
        case 28:
            assert_true(f.st.loc[28].wormhole);
            mfx_play(&f, "target T12");
            assert_true(f.st.loc[12].wormhole);
            break;
        default: break;
        }
        mfx_check(&f);
        mfx_close(&f);
    }
}

/* CG-02 (longest connected chain of controlled tiles), CG-05 / CG-06 comparisons, and the
 * on-play effects of CG-03 (wormhole on an inhabited tile) and CG-10 (larvae to the Great
 * Tunnel). */
static void test_cg02_cg03_cg05_cg06_cg10(void **state)
{
    mfx f;
    mfx_open(&f, 3, 100, NULL);
    mfx_clear_ants(&f);
    place(&f, 9, 0, -2, 0);  /* all openings */
    place(&f, 16, 0, -3, 0); /* all openings */
    place(&f, 13, 1, -3, 0);
    mfx_ants(&f, 0, MZ_POS(9, 0), 1);
    mfx_ants(&f, 0, MZ_POS(16, 0), 1);
    assert_int_equal(mz_goal_points(f.env, &f.st, 0, CG02), 0); /* chain of 2 */
    mfx_ants(&f, 0, MZ_POS(13, 0), 1);
    bool chain3 = mz_connected(f.D, &f.st, 16, 13) || mz_connected(f.D, &f.st, 9, 13);
    assert_int_equal(mz_goal_points(f.env, &f.st, 0, CG02), chain3 ? 1 : 0);
    for (int p = 1; p <= 2; p++) {
        f.st.seat[p].eggs = (uint8_t)(f.st.seat[p].eggs + f.st.seat[p].larvae);
        f.st.seat[p].larvae = 0;
    }
    assert_int_equal(mz_goal_points(f.env, &f.st, 0, CG05), 3); /* more than everyone */
    assert_int_equal(mz_goal_points(f.env, &f.st, 0, CG06), 0); /* equal hands */
    turn_with(&f, 0, CG03, 1);
    play(&f, CG03);
    mfx_play(&f, "target T9");
    assert_true(f.st.loc[9].wormhole);
    assert_int_equal(f.st.card_loc[CG03], CL_GOAL);
    turn_with(&f, 0, CG10, 1);
    mfx_ants(&f, 0, MZ_POS(MZ_GT, MZ_OUT), 3);
    mfx_play(&f, "play CG-10");
    while (mfx_top_kind(&f) == F_PAY)
        mfx_play(&f, "pay GT");
    int gt = mz_ants_at(&f.st, MZ_GT, 0);
    mfx_play(&f, "larva to GT");
    mfx_play(&f, "larva to GT");
    assert_int_equal(mz_ants_at(&f.st, MZ_GT, 0), gt + 2);
    mfx_close(&f);
}

/* a third goal replaces one of the two in play. */
static void test_r49_goal_limit(void **state)
{
    mfx f;
    mfx_open(&f, 3, 101, NULL);
    turn_with(&f, 0, CG01, 1);
    play(&f, CG01);
    turn_with(&f, 0, CG04, 1);
    play(&f, CG04);
    turn_with(&f, 0, CG06, 1);
    play(&f, CG06);
    assert_int_equal(mfx_top_kind(&f), F_GOALDROP);
    mfx_play(&f, "discard CG-01");
    assert_int_equal(f.st.seat[0].ngoals, 2);
    assert_int_equal(f.st.card_loc[CG01], CL_DISCARD);
    assert_int_equal(f.st.card_loc[CG06], CL_GOAL);
    mfx_close(&f);
}

/* RT-12: look at the top 3 tiles and put them back in any order (the chosen one deepest). */
static void test_rt12_scouting_report(void **state)
{
    mfx f;
    mfx_open(&f, 3, 102, NULL);
    turn_with(&f, 0, -1, 1);
    memset(f.st.rest_row, 0, sizeof f.st.rest_row);
    f.st.rest_row[12] = 1;
    f.st.rest_row[0] = 1;
    int n = f.st.nstack, top = f.st.stack[n - 1];
    mfx_play(&f, "rest RT-12");
    assert_int_equal(mfx_top_kind(&f), F_PEEK);
    char t[24];
    snprintf(t, sizeof t, "tile T-%d", top);
    mfx_play(&f, t); /* the former top tile goes deepest of the three */
    assert_int_equal(f.st.stack[n - 3], top);
    while (mfx_top_kind(&f) == F_PEEK) {
        static fc_decision buf[MZ_MAX_DECISIONS];
        f.g->legal(&f.st, f.env, buf, NULL);
        assert_int_equal(f.g->apply(&f.st, f.env, buf[0]), 0);
    }
    assert_int_equal(f.st.peeked, 3);
    assert_int_equal(f.st.peek_seat, 0);
    mfx_close(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ev15_ev16_ev20_ev21_gains),
        cmocka_unit_test(test_ev09_egg_stealer),
        cmocka_unit_test(test_ev14_royal_jelly),
        cmocka_unit_test(test_ev05_ev11_losses),
        cmocka_unit_test(test_ev12_mysterious_hole),
        cmocka_unit_test(test_ev13_rapid_mobilization),
        cmocka_unit_test(test_ev17_scent_trail),
        cmocka_unit_test(test_ev19_call_to_arms),
        cmocka_unit_test(test_ev22_ambush),
        cmocka_unit_test(test_ev01_a16_surprise_attack),
        cmocka_unit_test(test_ev02_into_the_unknown),
        cmocka_unit_test(test_ev03_nuptial_flight),
        cmocka_unit_test(test_ev04_adaptive_radiation),
        cmocka_unit_test(test_ev07_cultural_theft),
        cmocka_unit_test(test_ev08_early_harvest),
        cmocka_unit_test(test_ev10_frenzied_activity),
        cmocka_unit_test(test_ev18_tunnel_collapse),
        cmocka_unit_test(test_tx05_spinner),
        cmocka_unit_test(test_tx11_tx12),
        cmocka_unit_test(test_ab04_ab05_ab07_ab08_harvest),
        cmocka_unit_test(test_head_strength),
        cmocka_unit_test(test_goal_scoring),
        cmocka_unit_test(test_rest_tiles),
        cmocka_unit_test(test_hd01_hd12_hd07_r59_tile_win),
        cmocka_unit_test(test_hd07_trap_head),
        cmocka_unit_test(test_hd09_acid_head),
        cmocka_unit_test(test_hd03_fire_head),
        cmocka_unit_test(test_hd02_ab01_sacrifice),
        cmocka_unit_test(test_hd05_shooting_head),
        cmocka_unit_test(test_hd06_military_head),
        cmocka_unit_test(test_ab02_ab03_ab06_ab09_ab10_queen),
        cmocka_unit_test(test_tx04_parasite),
        cmocka_unit_test(test_tx06_weaver),
        cmocka_unit_test(test_tx07_tx09_tx10),
        cmocka_unit_test(test_tx08_scout),
        cmocka_unit_test(test_tx02_tx03_a39),
        cmocka_unit_test(test_tx01_winged),
        cmocka_unit_test(test_t24_t28_offmeadow),
        cmocka_unit_test(test_cg02_cg03_cg05_cg06_cg10),
        cmocka_unit_test(test_r49_goal_limit),
        cmocka_unit_test(test_rt12_scouting_report),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
