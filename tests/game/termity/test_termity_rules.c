/* Termity rules by id (docs/rules/termity.md). Positions are built on the S2 board
 * (2 players: seat 0 BLUE, seat 1 RED) after emptying it. S2 terrain used below: water
 * (-2,-2) (-3,-1); vegetation (-3,0) (-2,1) (-1,3) (2,-1) (1,-3); stones (-2,-1) (2,-3).
 * Every other hex named here is Open. */
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

/* Plays the opening draws (chance) of a fresh match. */
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

/* hands of 3, stacks of 15, 2-player order P1 P2 P2 P1. */
static void test_r01_r08_r09_r10_r12_setup_two_players(void **state)
{
    tfx f;
    open2(&f);
    assert_int_equal(f.st.first, 0);
    assert_int_equal(tfx_to_move(&f), FC_CHANCE);
    draw_until_setup(&f);
    for (int i = 0; i < 2; i++) {
        assert_int_equal(__builtin_popcount(f.st.seat[i].hand), 3);
        assert_int_equal(__builtin_popcount(f.st.seat[i].stack), 15);
        assert_int_equal(f.st.seat[i].reserve, 0x1F);
    }
    assert_int_equal(f.st.piece[tfx_cell(&f, 0, 0)], TM_MOUND(TM_NEUTRAL, 0)); /* S2 neutral */
    const int order[4] = {0, 1, 1, 0};
    const char *moves[4] = {"mound 9 at -2,0", "mound 5 at 2,-2", "mound 6 at -3,2", "mound 8 at 1,2"};
    for (int i = 0; i < 4; i++) {
        assert_int_equal(f.st.phase, PH_SETUP);
        assert_int_equal(tfx_to_move(&f), order[i]);
        tfx_play(&f, moves[i]);
        tfx_check(&f);
    }
    assert_int_equal(f.st.phase, PH_DEPLOY); /* round 1 starts with the first player */
    assert_int_equal(tfx_to_move(&f), 0);
    assert_int_equal(f.st.round, 1);
    assert_int_equal(__builtin_popcount(f.st.seat[0].reserve), 3);
    assert_int_equal(__builtin_popcount(f.st.seat[1].reserve), 3);
    tfx_close(&f);

    static const char *const first1[] = {"first_player=1", NULL};
    tfx_open(&f, 2, 7, first1);
    draw_until_setup(&f);
    assert_int_equal(tfx_to_move(&f), 1);
    tfx_play(&f, "mound 9 at -2,0");
    assert_int_equal(tfx_to_move(&f), 0);
    tfx_play(&f, "mound 5 at 2,-2");
    assert_int_equal(tfx_to_move(&f), 0);
    tfx_close(&f);
}

/* with 3 and 4 players: players - 1 neutral mounds, one placement each. */
static void test_r08_r12_setup_three_four(void **state)
{
    for (int n = 3; n <= 4; n++) {
        tfx f;
        tfx_open(&f, n, 3, first0);
        int neutral = 0;
        for (int c = 0; c < f.D->ncells; c++)
            neutral += TM_IS_MOUND(f.st.piece[c]);
        assert_int_equal(neutral, n - 1);
        draw_until_setup(&f);
        for (int i = 0; i < n; i++) {
            assert_int_equal(tfx_to_move(&f), i);
            fc_decision buf[TM_MAX_DECISIONS];
            f.g->legal(&f.st, f.env, buf, NULL);
            assert_int_equal(f.g->apply(&f.st, f.env, buf[0]), 0);
        }
        assert_int_equal(f.st.phase, PH_DEPLOY);
        for (int i = 0; i < n; i++)
            assert_int_equal(__builtin_popcount(f.st.seat[i].reserve), 4);
        tfx_close(&f);
    }
}

/* R-11 a-e: mound hexes are interior, empty, not next to a mound, <= 1 Water neighbour, Open. */
static void test_r11_mound_constraints(void **state)
{
    tfx f;
    open2(&f);
    draw_until_setup(&f);
    assert_false(tfx_legal(&f, "mound 9 at 0,-5"));  /* (a) edge */
    assert_false(tfx_legal(&f, "mound 9 at 1,0"));   /* (c) next to the neutral mound (0,0) */
    assert_false(tfx_legal(&f, "mound 9 at -2,-1")); /* (e) Stones */
    assert_false(tfx_legal(&f, "mound 9 at -3,0"));  /* (e) Vegetation */
    assert_false(tfx_legal(&f, "mound 9 at -2,-2")); /* (e) Water */
    assert_true(tfx_legal(&f, "mound 9 at -1,-2"));  /* one Water neighbour (-2,-2) is allowed */
    int legal = tfx_nlegal(&f) / 5; /* five distinct mound values */
    assert_int_equal(legal, 34);     /* 34 legal mound hexes on S2 (scenario table) */
    tfx_play(&f, "mound 9 at -1,-2");
    assert_false(tfx_legal(&f, "mound 5 at -1,-2")); /* (b) occupied */
    assert_false(tfx_legal(&f, "mound 5 at 0,-2"));  /* (c) adjacent to a mound */
    tfx_close(&f);
    /* (d) on S4A: (-2,-2) is Open and interior but touches Water (-1,-2) and (-2,-1) */
    static const char *const s4a[] = {"scenario=S4A", "first_player=0", NULL};
    tfx_open(&f, 4, 7, s4a);
    draw_until_setup(&f);
    assert_int_equal(f.D->board.terrain[tfx_cell(&f, -2, -2)], TR_OPEN);
    assert_false(tfx_legal(&f, "mound 9 at -2,-2"));
    assert_true(tfx_legal(&f, "mound 9 at 0,-2")); /* one Water neighbour */
    tfx_close(&f);
}

/* deployment terrain per caste, refill to 3, shrinking with an empty stack. */
static void test_r14_r15_r16_deploy(void **state)
{
    tfx f;
    open2(&f);
    tfx_empty(&f, 0);
    tm_seat *P = &f.st.seat[0];
    P->stack = ~((1u << 0) | (1u << 15) | (1u << 11)) & 0x3FFFFu; /* hand: BLU-01 W1, BLU-16 A1, BLU-12 S1 */
    P->hand = (1u << 0) | (1u << 15) | (1u << 11);
    P->tok_st[0] = P->tok_st[15] = P->tok_st[11] = TK_HAND;
    f.st.phase = PH_DEPLOY;
    assert_int_equal(tfx_nlegal(&f), 3);
    tfx_play(&f, "deploy A1");
    assert_true(tfx_legal(&f, "at -2,-2"));  /* Alate on Water */
    assert_true(tfx_legal(&f, "at -2,-1"));  /* Alate on Stones */
    assert_false(tfx_legal(&f, "at -3,0"));  /* never Vegetation */
    assert_int_equal(tfx_nlegal(&f), 91 - 6); /* every hex but the 6 Vegetation hexes */
    f.st.phase = PH_DEPLOY;
    tfx_play(&f, "deploy W1");
    assert_false(tfx_legal(&f, "at -2,-2")); /* ground units never on Water */
    assert_true(tfx_legal(&f, "at -3,0"));
    assert_true(tfx_legal(&f, "at -2,-1"));
    f.st.phase = PH_DEPLOY;
    tfx_play(&f, "deploy S1");
    assert_true(tfx_legal(&f, "at -2,-1")); /* Soldiers may be deployed on Stones */
    tfx_unit(&f, 1, "RED-01", 0, 3);
    assert_true(tfx_legal(&f, "at 0,2"));  /* next to an enemy unit: allowed */
    assert_false(tfx_legal(&f, "at 0,3")); /* occupied */
    tfx_play(&f, "at -2,-1");
    assert_int_equal(f.st.phase, PH_DRAW); /* R-16 refill is a chance decision */
    assert_int_equal(__builtin_popcount(P->hand), 2);
    fc_decision buf[TM_MAX_DECISIONS];
    uint32_t w[TM_MAX_DECISIONS];
    int n = f.g->legal(&f.st, f.env, buf, w);
    uint32_t total = 0;
    for (int i = 0; i < n; i++)
        total += w[i];
    assert_int_equal(total, 15); /* one weight per token left in the stack */
    assert_int_equal(f.g->apply(&f.st, f.env, buf[0]), 0);
    assert_int_equal(__builtin_popcount(P->hand), 3);
    assert_int_equal(f.st.phase, PH_MOVE);
    /* empty stack: no draw, the hand shrinks */
    P->stack = 0;
    f.st.phase = PH_DEPLOY;
    tfx_play(&f, "deploy W1");
    tfx_play(&f, "at 3,-1");
    assert_int_equal(f.st.phase, PH_MOVE);
    assert_int_equal(__builtin_popcount(P->hand), 2);
    tfx_close(&f);
}

/* no hand token fits anywhere -> discard one, then refill. */
static void test_r17_blocked_deployment_discards(void **state)
{
    tfx f;
    open2(&f);
    tfx_empty(&f, 0);
    for (int c = 0; c < f.D->ncells; c++) /* everything but Water is full */
        if (f.D->board.terrain[c] != TR_WATER)
            f.st.piece[c] = TM_UNIT(0, 0);
    tm_seat *P = &f.st.seat[1];
    P->hand = (1u << 0) | (1u << 2); /* RED-01 W1, RED-03 W2: ground tokens, Water only left */
    P->stack &= ~P->hand;
    P->tok_st[0] = P->tok_st[2] = TK_HAND;
    tfx_play(&f, "pass");
    assert_int_equal(f.st.phase, PH_DISCARD);
    assert_int_equal(tfx_nlegal(&f), 2);
    tfx_play(&f, "discard W2");
    assert_int_equal(P->tok_st[2], TK_DISCARDED);
    assert_int_equal(f.st.phase, PH_DRAW);
    tfx_close(&f);
}

/* pass, or move one unit once; then the next seat deploys. */
static void test_r13_r18_one_move_or_pass(void **state)
{
    tfx f;
    open2(&f);
    tfx_empty(&f, 0);
    tfx_unit(&f, 0, "BLU-01", -1, -1);
    tfx_unit(&f, 0, "BLU-02", 2, -3);
    f.st.seat[1].hand = 1u;
    f.st.seat[1].stack &= ~1u;
    f.st.seat[1].tok_st[0] = TK_HAND;
    assert_int_equal(tfx_nlegal(&f), 3); /* pass + two units */
    tfx_play(&f, "unit -1,-1");
    tfx_play(&f, "to 0,-1");
    assert_int_equal(tfx_to_move(&f), 1);
    assert_int_equal(f.st.phase, PH_DEPLOY);
    assert_int_equal(tfx_unit_at(&f, 0, -1), 0);
    assert_int_equal(tfx_unit_at(&f, -1, -1), -1);
    tfx_close(&f);
}

static void move_from(tfx *f, int q, int r)
{
    f->st.phase = PH_MOVE;
    char t[32];
    snprintf(t, sizeof t, "unit %d,%d", q, r);
    tfx_play(f, t);
}

/* movement allowance and terrain costs of each caste. */
static void test_r19_r20_r21_movement_each_caste(void **state)
{
    tfx f;
    open2(&f);
    tfx_empty(&f, 0);
    /* Worker, 2 MP */
    tfx_unit(&f, 0, "BLU-01", -1, -1);
    move_from(&f, -1, -1);
    assert_true(tfx_legal(&f, "to -2,-1"));  /* Stones for 2 MP, as the single step */
    assert_true(tfx_legal(&f, "to -3,0"));   /* Open then Vegetation */
    assert_true(tfx_legal(&f, "to 1,-3"));   /* Vegetation at distance 2 */
    assert_true(tfx_legal(&f, "to 1,-1"));   /* Open at distance 2 */
    assert_false(tfx_legal(&f, "to -2,-2")); /* Water never */
    assert_false(tfx_legal(&f, "to -3,-1"));
    assert_false(tfx_legal(&f, "to 2,-3"));  /* distance 3 */
    assert_int_equal(tfx_nlegal(&f), 16);    /* 18 hexes within 2 minus the 2 Water hexes */
    tfx_empty(&f, 0);
    /* Soldier and Nasute, 1 MP: never onto Stones */
    tfx_unit(&f, 0, "BLU-12", -1, -1);
    tfx_unit(&f, 0, "BLU-14", -2, 1);
    move_from(&f, -1, -1);
    assert_false(tfx_legal(&f, "to -2,-1"));
    assert_true(tfx_legal(&f, "to -2,0"));
    assert_false(tfx_legal(&f, "to -3,0"));
    assert_int_equal(tfx_nlegal(&f), 5);
    move_from(&f, -2, 1); /* Nasute on Vegetation: onto Vegetation, Open; not Stones (-2,2)? */
    assert_true(tfx_legal(&f, "to -3,1"));
    assert_true(tfx_legal(&f, "to -2,0"));
    tfx_empty(&f, 0);
    /* Alate, 3 MP: Water and Stones for 1, never Vegetation */
    tfx_unit(&f, 0, "BLU-16", -1, -1);
    move_from(&f, -1, -1);
    assert_true(tfx_legal(&f, "to -2,-2"));
    assert_true(tfx_legal(&f, "to -3,-1"));
    assert_true(tfx_legal(&f, "to -2,-1"));
    assert_true(tfx_legal(&f, "to -4,0")); /* over Stones and Water: 3 MP */
    assert_false(tfx_legal(&f, "to -3,0"));
    assert_false(tfx_legal(&f, "to -2,1"));
    assert_true(tfx_legal(&f, "to 1,-4"));  /* (0,-2) (0,-3) (1,-4): 3 MP, around the Vegetation */
    assert_false(tfx_legal(&f, "to 2,-4")); /* distance 3, only through (1,-3) Vegetation */
    tfx_empty(&f, 0);
    /* a ground unit deployed on Stones leaves normally */
    tfx_unit(&f, 0, "BLU-12", -2, -1);
    move_from(&f, -2, -1);
    assert_true(tfx_legal(&f, "to -2,0"));
    assert_true(tfx_legal(&f, "to -1,-1"));
    tfx_close(&f);
}

/* … R-21: one step of each caste onto each terrain. From (-1,-2): Open (-1,-1),
 * Water (-2,-2), Stones (-2,-1); from (2,-2): Vegetation (2,-1). */
static void test_r19_r20_r21_caste_by_terrain_table(void **state)
{
    static const struct {
        const char *id;
        bool open, water, stones, veg;
    } row[] = {{"BLU-01", true, false, true, true}, /* Worker */
               {"BLU-12", true, false, false, true}, /* Soldier */
               {"BLU-14", true, false, false, true}, /* Nasute */
               {"BLU-16", true, true, true, false}}; /* Alate */
    tfx f;
    open2(&f);
    for (size_t i = 0; i < sizeof row / sizeof row[0]; i++) {
        tfx_empty(&f, 0);
        tfx_unit(&f, 0, row[i].id, -1, -2);
        move_from(&f, -1, -2);
        assert_int_equal(tfx_legal(&f, "to -1,-1"), row[i].open);
        assert_int_equal(tfx_legal(&f, "to -2,-2"), row[i].water);
        assert_int_equal(tfx_legal(&f, "to -2,-1"), row[i].stones);
        tfx_empty(&f, 0);
        tfx_unit(&f, 0, row[i].id, 2, -2);
        move_from(&f, 2, -2);
        assert_int_equal(tfx_legal(&f, "to 2,-1"), row[i].veg);
    }
    tfx_close(&f);
}

/* passing own units, Alate over enemy non-flyers, never through mounds. */
static void test_r22_r23_paths(void **state)
{
    tfx f;
    open2(&f);
    tfx_empty(&f, 0);
    tfx_mound(&f, -1, 7, 0, 0);
    tfx_unit(&f, 0, "BLU-01", -1, -1);
    tfx_unit(&f, 0, "BLU-05", -1, 0);
    move_from(&f, -1, -1);
    assert_true(tfx_legal(&f, "to -1,1"));  /* through an own unit */
    assert_false(tfx_legal(&f, "to -1,0")); /* never ends on an own unit */
    tfx_empty(&f, 0);
    tfx_mound(&f, -1, 7, 0, 0);
    tfx_unit(&f, 0, "BLU-01", -1, -1);
    tfx_unit(&f, 1, "RED-03", -1, 0);
    move_from(&f, -1, -1);
    assert_false(tfx_legal(&f, "to -1,1")); /* not through an enemy unit */
    tfx_empty(&f, 0);
    tfx_mound(&f, -1, 7, 0, 0);
    tfx_unit(&f, 0, "BLU-16", -1, -1);
    tfx_unit(&f, 1, "RED-03", -1, 0);
    move_from(&f, -1, -1);
    assert_true(tfx_legal(&f, "to -1,1")); /* an Alate flies over an enemy Worker */
    tfx_empty(&f, 0);
    tfx_mound(&f, -1, 7, 0, 0);
    tfx_unit(&f, 0, "BLU-16", -1, -1);
    tfx_unit(&f, 1, "RED-17", -1, 0);
    move_from(&f, -1, -1);
    assert_false(tfx_legal(&f, "to -1,1")); /* but not over an enemy Alate */
    tfx_empty(&f, 0);
    tfx_mound(&f, 0, 5, -1, 0); /* an own mound blocks too */
    tfx_unit(&f, 0, "BLU-01", -1, -1);
    tfx_mound(&f, -1, 7, 0, 0);
    move_from(&f, -1, -1);
    assert_false(tfx_legal(&f, "to -1,1"));
    tfx_close(&f);
}

/* attacks as the end of a move, strictly stronger. */
static void test_r24_r26_r27_r28_attack_and_support(void **state)
{
    tfx f;
    fc_decision_info info;
    open2(&f);
    tfx_empty(&f, 0);
    tfx_unit(&f, 0, "BLU-03", -1, -1); /* W2 */
    tfx_unit(&f, 1, "RED-03", -1, 1);  /* W2 */
    move_from(&f, -1, -1);
    assert_false(tfx_legal(&f, "attack -1,1 from -1,0")); /* 2 vs 2: not strictly greater */
    tfx_unit(&f, 0, "BLU-01", 0, 1); /* adjacent supporter W1 */
    move_from(&f, -1, -1);
    tfx_describe(&f, "attack -1,1 from -1,0", &info);
    assert_non_null(strstr(info.label, "3 (own 2 + support 1) vs 2"));
    tfx_empty(&f, 0);
    tfx_unit(&f, 0, "BLU-03", -1, -1);
    tfx_unit(&f, 1, "RED-03", -1, 1);
    tfx_unit(&f, 0, "BLU-01", -1, 3); /* a Worker at distance 2 does not support */
    move_from(&f, -1, -1);
    assert_false(tfx_legal(&f, "attack -1,1 from -1,0"));
    tfx_empty(&f, 0);
    tfx_unit(&f, 0, "BLU-03", -1, -1);
    tfx_unit(&f, 1, "RED-03", -1, 1);
    tfx_unit(&f, 0, "BLU-14", 1, 0); /* Nasute N1 at distance 2 on Open: +1 */
    move_from(&f, -1, -1);
    tfx_describe(&f, "attack -1,1 from -1,0", &info);
    assert_non_null(strstr(info.label, "3 (own 2 + support 1) vs 2"));
    tfx_empty(&f, 0);
    tfx_unit(&f, 0, "BLU-03", -1, -1);
    tfx_unit(&f, 1, "RED-03", -1, 1);
    tfx_unit(&f, 0, "BLU-15", -1, 3); /* Nasute N2 at distance 2 on Vegetation: 2 + 1 slime */
    move_from(&f, -1, -1);
    tfx_describe(&f, "attack -1,1 from -1,0", &info);
    assert_non_null(strstr(info.label, "5 (own 2 + support 3) vs 2"));
    /* a Soldier token counts double; the mover gets no terrain bonus */
    tfx_empty(&f, 0);
    tfx_unit(&f, 0, "BLU-13", 0, 0);  /* S2: strength 4 */
    tfx_unit(&f, 1, "RED-05", -1, 1); /* W2 */
    move_from(&f, 0, 0);
    tfx_describe(&f, "attack -1,1 from 0,0", &info);
    assert_non_null(strstr(info.label, "4 (own 4 + support 0) vs 2"));
    tfx_close(&f);
}

/* Stones +1 defence; targets on Stones / Water / Vegetation by caste. */
static void test_r29_stones_and_target_terrain(void **state)
{
    tfx f;
    open2(&f);
    tfx_empty(&f, 0);
    tfx_unit(&f, 0, "BLU-05", -1, -1); /* W3 */
    tfx_unit(&f, 1, "RED-03", -2, -1); /* W2 on Stones: defence 3 */
    move_from(&f, -1, -1);
    assert_false(tfx_legal(&f, "attack -2,-1 from -1,-1"));
    tfx_unit(&f, 0, "BLU-01", -2, 0); /* support +1: 4 > 3 */
    move_from(&f, -1, -1);
    assert_true(tfx_legal(&f, "attack -2,-1 from -1,-1"));
    /* a Worker not adjacent to the Stones target cannot pay 1 + 2 MP */
    tfx_empty(&f, 0);
    tfx_unit(&f, 0, "BLU-05", 0, -1);
    tfx_unit(&f, 0, "BLU-06", -2, 0);
    tfx_unit(&f, 1, "RED-01", -2, -1);
    move_from(&f, 0, -1);
    assert_false(tfx_legal(&f, "attack -2,-1 from -1,-1"));
    /* Soldiers never attack onto Stones */
    tfx_empty(&f, 0);
    tfx_unit(&f, 0, "BLU-13", -1, -1);
    tfx_unit(&f, 1, "RED-01", -2, -1);
    move_from(&f, -1, -1);
    assert_false(tfx_legal(&f, "attack -2,-1 from -1,-1"));
    /* only an Alate attacks onto Water; it may attack from a hex with an own unit */
    tfx_empty(&f, 0);
    tfx_unit(&f, 1, "RED-17", -2, -2);
    tfx_unit(&f, 0, "BLU-05", -1, -2);
    move_from(&f, -1, -2);
    assert_false(tfx_legal(&f, "attack -2,-2 from -1,-2"));
    tfx_unit(&f, 0, "BLU-17", -1, -1); /* A2 */
    f.st.seat[0].board &= ~(1u << 4);  /* BLU-05 stays as a piece but does not support */
    move_from(&f, -1, -1);
    assert_true(tfx_legal(&f, "attack -2,-2 from -1,-2"));
    assert_true(tfx_legal(&f, "attack -2,-2 from -2,-1"));
    /* an Alate never attacks onto Vegetation */
    tfx_empty(&f, 0);
    tfx_unit(&f, 1, "RED-01", -3, 0);
    tfx_unit(&f, 0, "BLU-17", -2, 0);
    move_from(&f, -2, 0);
    assert_false(tfx_legal(&f, "attack -3,0 from -2,0"));
    tfx_close(&f);
}

/* the attacker chooses among legal retreat hexes; none -> destroyed. */
static void test_r30_r31_retreats(void **state)
{
    tfx f;
    open2(&f);
    tfx_empty(&f, 0);
    tfx_unit(&f, 0, "BLU-05", 0, -1);
    int red = tfx_unit(&f, 1, "RED-01", 0, 1);
    move_from(&f, 0, -1);
    tfx_play(&f, "attack 0,1 from 0,0");
    assert_int_equal(f.st.phase, PH_RETREAT);
    assert_int_equal(tfx_to_move(&f), 0);
    assert_int_equal(tfx_nlegal(&f), 5); /* 6 neighbours minus the attack-from hex */
    assert_false(tfx_legal(&f, "retreat 0,0"));
    tfx_play(&f, "retreat 1,1");
    assert_int_equal(tfx_unit_at(&f, 1, 1), 100 + red);
    assert_int_equal(tfx_unit_at(&f, 0, 1), 4);
    assert_int_equal(tfx_unit_at(&f, 0, -1), -1);
    /* the attacker's starting hex is free for the retreat; a single choice is automatic */
    tfx_empty(&f, 0);
    tfx_unit(&f, 0, "BLU-05", 1, 0);
    tfx_unit(&f, 1, "RED-01", 0, 1);
    tfx_unit(&f, 0, "BLU-06", 1, 1);
    tfx_unit(&f, 0, "BLU-07", -1, 1);
    tfx_unit(&f, 0, "BLU-08", -1, 2);
    tfx_unit(&f, 0, "BLU-09", 0, 2);
    move_from(&f, 1, 0);
    tfx_play(&f, "attack 0,1 from 0,0");
    assert_int_equal(tfx_unit_at(&f, 1, 0), 100 + red);
    assert_int_equal(f.st.phase, PH_MOVE); /* seat 1 has an empty hand here: no reproduction */
    assert_int_equal(tfx_to_move(&f), 1);
    /* no legal hex: destroyed */
    tfx_empty(&f, 0);
    tfx_unit(&f, 0, "BLU-05", 0, 0);
    tfx_unit(&f, 1, "RED-01", 0, 1);
    tfx_unit(&f, 0, "BLU-06", 1, 1);
    tfx_unit(&f, 0, "BLU-07", -1, 1);
    tfx_unit(&f, 0, "BLU-08", -1, 2);
    tfx_unit(&f, 0, "BLU-09", 0, 2);
    tfx_unit(&f, 0, "BLU-10", 1, 0);
    move_from(&f, 0, 0);
    tfx_play(&f, "attack 0,1 from 0,0");
    assert_int_equal(f.st.seat[1].tok_st[red], TK_DEAD);
    assert_int_equal(__builtin_popcount(f.st.seat[1].board), 0);
    tfx_close(&f);
}

/* Strong Grip destroys even with retreat hexes free; destroyed units are gone. */
static void test_r32_r33_strong_grip(void **state)
{
    tfx f;
    open2(&f);
    tfx_empty(&f, 0);
    tfx_unit(&f, 0, "BLU-12", 0, 0); /* S1: strength 2 */
    int red = tfx_unit(&f, 1, "RED-01", 0, 1);
    move_from(&f, 0, 0);
    tfx_play(&f, "attack 0,1 from 0,0");
    assert_int_equal(f.st.seat[1].tok_st[red], TK_DEAD);
    assert_int_equal(f.st.seat[1].stack >> red & 1, 0);
    assert_int_equal(tfx_unit_at(&f, 0, 1), 11);
    assert_int_equal(tfx_to_move(&f), 1);
    tfx_close(&f);
}

/* A capture position: RED mound 5 on (0,1), BLUE W3 at (0,0) and a W3 supporter at (1,0). */
static void capture_position(tfx *f)
{
    tfx_empty(f, 0);
    tfx_unit(f, 0, "BLU-05", 0, 0);
    tfx_unit(f, 0, "BLU-06", 1, 0);
    tfx_mound(f, 1, 5, 0, 1);
}

/* capture, the attacker's mound, the owner's replacement. */
static void test_r34_r35_r36_capture(void **state)
{
    tfx f;
    open2(&f);
    capture_position(&f);
    move_from(&f, 0, 0);
    tfx_play(&f, "attack 0,1 from 0,0"); /* 6 > 5 */
    assert_int_equal(f.st.seat[0].trophy_sum, 5);
    assert_int_equal(f.st.seat[0].tok_st[4], TK_DEAD); /* the attacker is lost */
    assert_int_equal(f.st.phase, PH_ATK_MOUND);
    assert_int_equal(tfx_nlegal(&f), 5);
    tfx_play(&f, "mound 9");
    assert_int_equal(f.st.piece[tfx_cell(&f, 0, 1)], TM_MOUND(0, 4));
    assert_int_equal(f.st.phase, PH_REPLACE);
    assert_int_equal(tfx_to_move(&f), 1);
    assert_false(tfx_legal(&f, "mound 6 at 0,2"));  /* next to the new mound */
    assert_false(tfx_legal(&f, "mound 6 at 0,-5")); /* edge */
    tfx_play(&f, "mound 6 at -3,2");
    assert_int_equal(tfx_to_move(&f), 1); /* the turn passed to seat 1 */
    assert_int_equal(f.st.phase, PH_MOVE);
    int32_t score[2];
    int rank[2];
    f.g->scores(&f.st, f.env, score, rank);
    assert_int_equal(score[0], 40); /* 35 + trophy 5 */
    assert_int_equal(score[1], 30);
    /* R-35 with an empty reserve: the hex stays empty and is a legal replacement */
    capture_position(&f);
    f.st.seat[0].reserve = 0;
    move_from(&f, 0, 0);
    tfx_play(&f, "attack 0,1 from 0,0");
    assert_int_equal(f.st.phase, PH_REPLACE);
    assert_true(tfx_legal(&f, "mound 6 at 0,1"));
    tfx_close(&f);
}

/* no legal hex -> remove an own unit; no such unit -> skip. */
static void test_r37_no_legal_hex(void **state)
{
    tfx f;
    open2(&f);
    capture_position(&f);
    for (int c = 0; c < f.D->ncells; c++)
        if (!f.st.piece[c])
            f.st.piece[c] = TM_UNIT(0, 0); /* blocking pieces */
    int red = tfx_unit(&f, 1, "RED-01", -3, 2);
    move_from(&f, 0, 0);
    tfx_play(&f, "attack 0,1 from 0,0");
    tfx_play(&f, "mound 9");
    assert_int_equal(f.st.phase, PH_REPLACE);
    assert_int_equal(tfx_nlegal(&f), 4); /* four values x one unit */
    tfx_play(&f, "mound 6 remove -3,2");
    assert_int_equal(f.st.seat[1].tok_st[red], TK_DEAD);
    assert_int_equal(f.st.piece[tfx_cell(&f, -3, 2)], TM_MOUND(1, 1));
    /* no such unit either -> skipped, the mound stays in reserve */
    capture_position(&f);
    for (int c = 0; c < f.D->ncells; c++)
        if (!f.st.piece[c])
            f.st.piece[c] = TM_UNIT(0, 0);
    move_from(&f, 0, 0);
    tfx_play(&f, "attack 0,1 from 0,0");
    tfx_play(&f, "mound 9");
    assert_int_equal(f.st.phase, PH_MOVE);
    assert_int_equal(tfx_to_move(&f), 1);
    assert_int_equal(__builtin_popcount(f.st.seat[1].reserve), 4); /* the 5 was captured */
    tfx_close(&f);
}

/* R-24 d, R-02: no attacks on own units or mounds; neutral mounds are hostile to all. */
static void test_r02_r24d_hostility(void **state)
{
    tfx f;
    open2(&f);
    tfx_empty(&f, 0);
    tfx_unit(&f, 0, "BLU-05", 0, -1);
    tfx_unit(&f, 0, "BLU-06", 1, 0);
    tfx_unit(&f, 0, "BLU-07", 0, 2);
    tfx_mound(&f, 0, 5, 0, 1);
    move_from(&f, 0, -1);
    assert_false(tfx_legal(&f, "attack 0,1 from 0,0"));
    assert_false(tfx_legal(&f, "to 0,1"));
    tfx_empty(&f, 0);
    tfx_unit(&f, 0, "BLU-05", 0, -1);
    tfx_unit(&f, 0, "BLU-06", 1, 0);
    tfx_unit(&f, 0, "BLU-07", 0, 2);
    tfx_mound(&f, -1, 7, 0, 1); /* neutral 7: 3 + 3 + 3 = 9 > 7 */
    move_from(&f, 0, -1);
    assert_true(tfx_legal(&f, "attack 0,1 from 0,0"));
    tfx_play(&f, "attack 0,1 from 0,0");
    tfx_play(&f, "mound 5");
    assert_int_equal(f.st.neutral_taken, 1);
    assert_int_equal(tfx_to_move(&f), 1); /* nobody replaces a neutral mound */
    int32_t score[2];
    int rank[2];
    f.g->scores(&f.st, f.env, score, rank);
    assert_int_equal(score[0] + score[1], 35 * 2 + 7); /* */
    tfx_close(&f);
}

/* and V-3: scores and tie-breaks. */
static void test_r40_r41_scores_and_ties(void **state)
{
    tfx f;
    open2(&f);
    tfx_empty(&f, 0);
    int32_t score[2];
    int rank[2];
    tfx_mound(&f, -1, 7, 0, 0); /* nobody scores it */
    f.g->scores(&f.st, f.env, score, rank);
    assert_int_equal(score[0], 35);
    assert_int_equal(score[1], 35);
    assert_int_equal(rank[0], 0);
    assert_int_equal(rank[1], 0); /* shared victory */
    tfx_unit(&f, 1, "RED-01", 2, 2 - 4);
    f.g->scores(&f.st, f.env, score, rank);
    assert_int_equal(rank[1], 0);
    assert_int_equal(rank[0], 1); /* more units on the board wins the tie */
    tfx_mound(&f, 0, 9, 3, -3);   /* mounds do not count for the tie-break */
    tfx_mound(&f, 0, 8, -3, 3);
    f.g->scores(&f.st, f.env, score, rank);
    assert_int_equal(rank[0], 1);
    f.st.seat[0].trophy_sum = 1;
    f.g->scores(&f.st, f.env, score, rank);
    assert_int_equal(score[0], 36);
    assert_int_equal(rank[0], 0);
    tfx_close(&f);
    static const char *const v3[] = {"first_player=0", "held_double=true", NULL};
    tfx_open(&f, 2, 7, v3);
    tfx_empty(&f, 0);
    tfx_mound(&f, 0, 9, 3, -3);
    f.g->scores(&f.st, f.env, score, rank);
    assert_int_equal(score[0], 44); /* V-3: the 9 on the board counts twice */
    tfx_close(&f);
}

/* the game lasts exactly 18 rounds; the last turn includes its movement. */
static void test_r39_eighteen_rounds(void **state)
{
    tfx f;
    fc_rng rng;
    fc_rng_seed(&rng, 5, 0);
    open2(&f);
    int turns_seen = 0;
    fc_decision buf[TM_MAX_DECISIONS];
    uint32_t w[TM_MAX_DECISIONS];
    while (tfx_to_move(&f) != FC_NOBODY) {
        int who = tfx_to_move(&f), n = f.g->legal(&f.st, f.env, buf, w);
        if (f.st.round == 18 && f.st.turn == 1 && f.st.phase == PH_MOVE)
            turns_seen++; /* the last seat still moves after its last deployment */
        int i = who == FC_CHANCE ? fc_rng_weighted(&rng, w, n) : (int)fc_rng_below(&rng, (uint32_t)n);
        assert_int_equal(f.g->apply(&f.st, f.env, buf[i]), 0);
        tfx_check(&f);
    }
    assert_true(turns_seen >= 1);
    assert_int_equal(f.st.round, 18);
    assert_int_equal(f.st.seat[0].turns, 18);
    assert_int_equal(f.st.seat[1].turns, 18);
    tfx_close(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_r01_r08_r09_r10_r12_setup_two_players),
        cmocka_unit_test(test_r08_r12_setup_three_four),
        cmocka_unit_test(test_r11_mound_constraints),
        cmocka_unit_test(test_r14_r15_r16_deploy),
        cmocka_unit_test(test_r17_blocked_deployment_discards),
        cmocka_unit_test(test_r13_r18_one_move_or_pass),
        cmocka_unit_test(test_r19_r20_r21_movement_each_caste),
        cmocka_unit_test(test_r19_r20_r21_caste_by_terrain_table),
        cmocka_unit_test(test_r22_r23_paths),
        cmocka_unit_test(test_r24_r26_r27_r28_attack_and_support),
        cmocka_unit_test(test_r29_stones_and_target_terrain),
        cmocka_unit_test(test_r30_r31_retreats),
        cmocka_unit_test(test_r32_r33_strong_grip),
        cmocka_unit_test(test_r34_r35_r36_capture),
        cmocka_unit_test(test_r37_no_legal_hex),
        cmocka_unit_test(test_r02_r24d_hostility),
        cmocka_unit_test(test_r40_r41_scores_and_ties),
        cmocka_unit_test(test_r39_eighteen_rounds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
