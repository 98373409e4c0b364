/* March of the Ants rulings by id (A-xx, section 6 of the rules) and the cards and variants
 * that lacked assertions of their own (TX-10, AB-09, HD-02 b, V-3), plus the casualties hook's
 * seat argument. Each builds a position with the fixture, applies a decision or a phase and
 * asserts what the ruling demands. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "mz_fixture.h"

static fc_decision buf[MZ_MAX_DECISIONS];

/* a player who chooses not to feed an ant starves too (-2 points) and loses it. */
static void test_a05_voluntary_starvation(void **state)
{
    mfx f;
    mfx_open(&f, 3, 226, NULL);
    mfx_clear_ants(&f);
    mfx_ants(&f, 0, MZ_POS(MZ_GT, MZ_OUT), 2);
    f.st.seat[0].food = 5;
    f.st.seat[0].score = 5;
    f.st.round = 2;
    f.st.active = 0;
    mfx_frame_on(&f, PS_DORMANCY, F_FEED, 0, 0, 0, 0);
    mfx_play(&f, "feed 1");
    mfx_play_forced(&f);
    assert_int_equal(f.st.seat[0].score, 3);
    assert_int_equal(f.st.seat[0].food, 4);
    assert_int_equal(mz_ants_total(&f.st, 0), 1);
    mfx_close(&f);
}

/* the Old Guard is reset to the round number; with no player in the
 * Great Tunnel there is no battle. */
static void test_a06_a07_old_guard_reset_and_no_attacker(void **state)
{
    mfx f;
    mfx_open(&f, 2, 227, NULL);
    mfx_play_forced(&f);
    mfx_clear_ants(&f);
    f.st.og_ants = 7;
    f.st.gt_defender = 0;
    mfx_soldier_at(&f, 3, 1);
    assert_int_not_equal(mfx_top_kind(&f), F_FEROCITY); /* */
    mfx_ants(&f, 0, MZ_POS(MZ_GT, MZ_OUT), 1);
    f.st.og_ants = 7;
    mfx_soldier_at(&f, 3, 1);
    assert_int_equal(mfx_top_kind(&f), F_FEROCITY); /* a lone player fights the Old Guard */
    assert_int_equal(f.st.bt.og, 3);                /* exactly the round number */
    mfx_close(&f);
}

/* Rest on the first turn is allowed with no food and no cards. */
static void test_a09_rest_first_turn_without_options(void **state)
{
    mfx f;
    mfx_open(&f, 3, 228, NULL);
    int p = mfx_to_move(&f);
    assert_false(mfx_legalf(&f, "rest RT-00"));
    for (int c = 0; c < MZ_CARDS; c++)
        if (f.st.card_loc[c] == CL_HAND && f.st.card_seat[c] == p)
            mfx_deck_top(&f, c);
    f.st.seat[p].food = 0;
    assert_true(mfx_legal(&f, "rest RT-00"));
    mfx_close(&f);
}

/* an award needs at least 1 of the resource: with nobody holding food or larvae
 * those awards go to nobody (no tie points); the sole leader in cards gets 3. */
static void test_a13_award_needs_one(void **state)
{
    mfx f;
    mfx_open(&f, 3, 229, NULL);
    mfx_clear_ants(&f);
    for (int p = 0; p < 3; p++) {
        f.st.seat[p].eggs = (uint8_t)(f.st.seat[p].eggs + f.st.seat[p].larvae);
        f.st.seat[p].larvae = 0;
        f.st.seat[p].food = 0;
    }
    mfx_to_hand(&f, 1, EV05);
    f.st.round = (uint8_t)f.D->rounds;
    int s0 = f.st.seat[0].score, s1 = f.st.seat[1].score, s2 = f.st.seat[2].score;
    mfx_frame_on(&f, PS_DORMANCY, F_QUEEN, 0, 0, 3, 0);
    assert_int_equal(mfx_to_move(&f), FC_NOBODY);
    assert_int_equal(f.st.seat[0].score, s0);
    assert_int_equal(f.st.seat[1].score, s1 + 3);
    assert_int_equal(f.st.seat[2].score, s2);
    mfx_close(&f);
}

/* with deck and discard pile both empty a draw does not happen. */
static void test_a18_no_draw_without_cards(void **state)
{
    mfx f;
    mfx_open(&f, 3, 230, NULL);
    while (f.st.ndeck)
        mfx_take_card(&f, f.st.deck[f.st.ndeck - 1]);
    assert_int_equal(f.st.ndisc, 0);
    int hand = f.st.seat[0].hand;
    assert_int_equal(mz_draw_card(&f.st), -1);
    mz_draw_to_hand(&f.st, 0, 2);
    assert_int_equal(f.st.seat[0].hand, hand);
    mfx_close(&f);
}

/* a player without ants on the meadow keeps playing: a larva can enter the tunnel. */
static void test_a23_no_ants_keeps_playing(void **state)
{
    mfx f;
    mfx_open(&f, 3, 231, NULL);
    mfx_clear_ants(&f);
    mfx_turn(&f, 0);
    assert_false(mfx_legal(&f, "explore")); /* no ant to explore from */
    mfx_play(&f, "march");
    mfx_play(&f, "larva to GT");
    assert_int_equal(mz_ants_at(&f.st, MZ_GT, 0), 1);
    mfx_close(&f);
}

/* Explore is illegal with an empty tile stack; so is Into the Unknown. */
static void test_a25_a26_empty_stack(void **state)
{
    mfx f;
    mfx_open(&f, 3, 232, NULL);
    mfx_to_hand(&f, 0, EV02);
    mfx_turn(&f, 0);
    assert_true(mfx_legal(&f, "explore"));
    assert_true(mfx_legal(&f, "play EV-02"));
    f.st.nstack = 0;
    assert_false(mfx_legal(&f, "explore"));
    assert_false(mfx_legal(&f, "play EV-02"));
    mfx_close(&f);
}

/* thorax reactions count covered thorax cards, at most 4, each kind once. */
static void test_a29_thorax_reactions_count_covered(void **state)
{
    mfx f;
    mfx_open(&f, 3, 233, NULL);
    static const int tx[] = {TX09, TX10, TX11, TX12, TX07};
    for (int i = 0; i < 5; i++)
        mfx_give_evo(&f, 1, tx[i]);
    memset(f.st.rest_row, 0, sizeof f.st.rest_row);
    f.st.rest_row[0] = 1;
    mfx_turn(&f, 0);
    mfx_play(&f, "rest RT-00");
    assert_int_equal(mfx_top_kind(&f), F_THORAX);
    assert_int_equal(mfx_to_move(&f), 1);
    int larvae = f.st.seat[1].larvae;
    mfx_play(&f, "react forage");
    assert_int_equal(f.st.seat[1].larvae, larvae + 1);
    mfx_play(&f, "react explore");
    mfx_play(&f, "larva to GT");
    mfx_play(&f, "react march");
    mfx_play(&f, "larva to GT");
    mfx_play(&f, "react play");
    f.g->legal(&f.st, f.env, buf, NULL);
    assert_int_equal(MZ_DK(buf[0]), DK_DISCARD);
    assert_int_equal(f.g->apply(&f.st, f.env, buf[0]), 0);
    assert_false(mfx_top_kind(&f) == F_THORAX && mfx_to_move(&f) == 1); /* 5 cards, 4 reactions */
    mfx_close(&f);
}

/* goals comparing neighbours count only strictly fewer (Epic Stores). */
static void test_a33_goals_strictly_fewer(void **state)
{
    mfx f;
    mfx_open(&f, 4, 234, NULL);
    for (int p = 0; p < 4; p++)
        f.st.seat[p].food = 3;
    assert_int_equal(mz_goal_points(f.env, &f.st, 0, CG04), 0);
    f.st.seat[1].food = 2; /* left neighbour has fewer */
    assert_int_equal(mz_goal_points(f.env, &f.st, 0, CG04), 1);
    f.st.seat[3].food = 2; /* right too; seat 2 (not a neighbour) equal: not strictly most */
    assert_int_equal(mz_goal_points(f.env, &f.st, 0, CG04), 2);
    f.st.seat[2].food = 2;
    assert_int_equal(mz_goal_points(f.env, &f.st, 0, CG04), 3);
    mfx_close(&f);
}

/* A-41, TX-08: Scout Thorax with one tile left draws that tile only. */
static void test_a41_scout_one_tile_left(void **state)
{
    mfx f;
    mfx_open(&f, 3, 235, NULL);
    mfx_give_evo(&f, 0, TX08);
    f.st.stack[0] = f.st.stack[f.st.nstack - 1];
    f.st.nstack = 1;
    int top = f.st.stack[0];
    mfx_turn(&f, 0);
    mfx_play(&f, "explore");
    assert_int_equal(mfx_top_kind(&f), F_PLACE);
    assert_int_equal(f.st.frame[f.st.nframes - 1].a, top);
    assert_int_equal(f.st.nstack, 0);
    mfx_close(&f);
}

/* TX-10: after your Explore, draw 1 card and gain 1 larva. */
static void test_tx10_pollinator_after_explore(void **state)
{
    mfx f;
    mfx_open(&f, 3, 236, NULL);
    mfx_give_evo(&f, 0, TX10);
    mfx_turn(&f, 0);
    int hand = f.st.seat[0].hand, larvae = f.st.seat[0].larvae;
    mfx_play(&f, "explore");
    f.g->legal(&f.st, f.env, buf, NULL);
    assert_int_equal(f.g->apply(&f.st, f.env, buf[0]), 0);
    int tile = f.st.frame[f.st.nframes - 1].a;
    mfx_playf(&f, "ant GT to T%d.s0", tile);
    assert_int_equal(f.st.seat[0].hand, hand);
    mfx_play(&f, "done");
    while (mfx_to_move(&f) == 0 && mfx_top_kind(&f) != F_REACT)
        mfx_play_forced(&f);
    assert_int_equal(f.st.seat[0].hand, hand + f.D->card[TX10].cards);
    assert_int_equal(f.st.seat[0].larvae, larvae + f.D->card[TX10].larvae);
    assert_int_equal(f.D->card[TX10].cards, 1);
    assert_int_equal(f.D->card[TX10].larvae, 1);
    mfx_close(&f);
}

/* AB-09: a queen phase in which all ants are fed gives 1 point; starving gives none. */
static void test_ab09_frugal_point_when_all_fed(void **state)
{
    mfx f;
    mfx_open(&f, 3, 237, NULL);
    mfx_clear_ants(&f);
    mfx_give_evo(&f, 0, AB09);
    mfx_ants(&f, 0, MZ_POS(MZ_GT, MZ_OUT), 3);
    f.st.seat[0].food = 1;
    f.st.seat[0].score = 4;
    f.st.round = 2;
    f.st.active = 0;
    mfx_frame_on(&f, PS_DORMANCY, F_FEED, 0, 0, 0, 0);
    mfx_play(&f, "feed 3");
    assert_int_equal(f.st.seat[0].score, 5);
    f.st.over = 0;
    mfx_frame_on(&f, PS_DORMANCY, F_FEED, 0, 0, 0, 0);
    mfx_play(&f, "feed 0");
    assert_int_equal(f.st.seat[0].score, 3); /* -2 for starving, no Frugal point */
    mfx_close(&f);
}

/* HD-02 (b): +1 strength in an ant battle where you are not the defender. */
static void test_hd02b_treacherous_head_not_defender(void **state)
{
    mfx f;
    mfx_open(&f, 3, 238, NULL);
    mfx_clear_ants(&f);
    mfx_place(&f, 12, 0, -2, 0);
    mfx_give_evo(&f, 0, HD02);
    mfx_give_evo(&f, 1, HD09);
    mfx_ants(&f, 1, MZ_POS(12, 0), 1); /* seat 1 defends */
    mfx_ants(&f, 1, MZ_POS(12, MZ_OUT), 2);
    mfx_ants(&f, 0, MZ_POS(12, 1), 1);
    mfx_ants(&f, 0, MZ_POS(12, MZ_OUT), 1);
    f.st.active = 0;
    mfx_soldier_at(&f, 2, 2);
    while (mfx_top_kind(&f) == F_FEROCITY)
        mfx_play(&f, "ferocity none");
    assert_int_equal(f.st.bt.strength[0], 2 + 1 + f.D->card[HD02].m);
    assert_int_equal(f.st.bt.strength[1], 3 + 1);
    assert_int_equal(f.D->card[HD02].m, 1);
    mfx_close(&f);
    /* the defender gets no bonus from it */
    mfx_open(&f, 3, 238, NULL);
    mfx_clear_ants(&f);
    mfx_place(&f, 12, 0, -2, 0);
    mfx_give_evo(&f, 1, HD02);
    mfx_ants(&f, 1, MZ_POS(12, 0), 1);
    mfx_ants(&f, 0, MZ_POS(12, 1), 1);
    mfx_ants(&f, 0, MZ_POS(12, MZ_OUT), 1);
    mfx_soldier_at(&f, 2, 2);
    while (mfx_top_kind(&f) == F_FEROCITY)
        mfx_play(&f, "ferocity none");
    assert_int_equal(f.st.bt.strength[1], 1 + 1);
    mfx_close(&f);
}

/* V-3 Open Hands: every hand is in every seat's view, ferocity choices are public, and
 * determinize keeps the other hands. Without it other hands are hidden and resampled. */
static void open_hands_case(bool open)
{
    static const char *const on[] = {"open_hands=true", NULL};
    mfx f;
    mfx_open(&f, 3, 239, open ? on : NULL);
    assert_int_equal(f.D->open_hands, open);
    mfx_clear_ants(&f);
    mfx_ants(&f, 0, MZ_POS(MZ_GT, MZ_OUT), 2);
    mfx_ants(&f, 1, MZ_POS(MZ_GT, MZ_OUT), 2);
    f.st.gt_defender = 1;
    mfx_soldier_at(&f, 1, 1);
    assert_int_equal(mfx_to_move(&f), 0); /* left of the defender, seat 2 not a participant */
    int card = -1;
    for (int c = 0; c < MZ_CARDS && card < 0; c++)
        if (f.st.card_loc[c] == CL_HAND && f.st.card_seat[c] == 0)
            card = c;
    fc_decision d;
    char t[32];
    snprintf(t, sizeof t, "ferocity %s", f.D->card[card].id);
    assert_int_equal(f.g->decision_parse(&f.st, f.env, t, &d), 0);
    uint32_t aud = mz_decision_audience(&f.st, f.env, d);
    if (open)
        assert_true(aud & (1u << 1));
    else
        assert_false(aud & (1u << 1));
    /* determinize for seat 1: seat 0's hand is kept only with open hands */
    uint8_t hand0[MZ_CARDS];
    for (int c = 0; c < MZ_CARDS; c++)
        hand0[c] = f.st.card_loc[c] == CL_HAND && f.st.card_seat[c] == 0;
    int changed = 0;
    for (uint64_t k = 1; k <= 8; k++) {
        mz_state copy = f.st;
        fc_rng rng;
        fc_rng_seed(&rng, k, 2);
        mz_determinize(&copy, f.env, 1, &rng);
        for (int c = 0; c < MZ_CARDS; c++)
            changed += hand0[c] != (copy.card_loc[c] == CL_HAND && copy.card_seat[c] == 0);
    }
    if (open)
        assert_int_equal(changed, 0);
    else
        assert_true(changed > 0);
    mfx_close(&f);
}

static void test_v3_open_hands(void **state)
{
    open_hands_case(true);
    open_hands_case(false);
}

/* only starving in the final round excludes a player from the awards. */
static void test_a01_final_round_starvation(void **state)
{
    for (int final = 0; final < 2; final++) {
        mfx f;
        mfx_open(&f, 3, 241, NULL);
        mfx_clear_ants(&f);
        mfx_ants(&f, 0, MZ_POS(MZ_GT, MZ_OUT), 2);
        f.st.seat[0].food = 0;
        f.st.round = (uint8_t)(final ? f.D->rounds : 2);
        f.st.active = 0;
        mfx_frame_on(&f, PS_DORMANCY, F_FEED, 0, 0, 0, 0);
        mfx_play(&f, "feed 0");
        assert_int_equal(f.st.seat[0].starved_final, final);
        mfx_close(&f);
    }
}

/* each new round the rest row again holds one tile per player with the Great
 * Defender (2 players: 3). */
static void test_a02_rest_row_refilled(void **state)
{
    for (int n = 2; n <= 5; n++) {
        mfx f;
        mfx_open(&f, n, 242, NULL);
        mfx_clear_ants(&f);
        memset(f.st.rest_row, 0, sizeof f.st.rest_row);
        f.st.round = 1;
        mfx_frame_on(&f, PS_DORMANCY, F_QUEEN, 0, 0, 3, 0);
        int row = 0;
        for (int i = 0; i < MZ_REST; i++)
            row += f.st.rest_row[i];
        assert_int_equal(row, n == 2 ? 3 : n);
        assert_true(f.st.rest_row[0]);
        assert_int_equal(f.st.round, 2);
        mfx_close(&f);
    }
}

/* A-27, EV-10: Frenzied Activity's extra actions cannot be a Rest. */
static void test_a27_frenzy_no_rest(void **state)
{
    mfx f;
    mfx_open(&f, 3, 243, NULL);
    mfx_to_hand(&f, 0, EV10); /* 3 ants */
    mfx_ants(&f, 0, MZ_POS(MZ_GT, MZ_OUT), 2);
    mfx_turn(&f, 0);
    mfx_play(&f, "play EV-10");
    while (mfx_top_kind(&f) == F_PAY)
        mfx_play(&f, "pay GT");
    assert_int_equal(mfx_top_kind(&f), F_BONUS);
    assert_true(mfx_legal(&f, "forage"));
    for (int i = 0; i < MZ_REST; i++)
        if (f.st.rest_row[i])
            assert_false(mfx_legalf(&f, "rest %s", f.D->rest[i].id));
    mfx_close(&f);
}

/* A-28, TX-06: Weaver Thorax also stops an opponent's reaction from moving an ant out of the
 * tile its owner controls. */
static void test_a28_weaver_blocks_reactions(void **state)
{
    mfx f;
    mfx_open(&f, 3, 244, NULL);
    mfx_clear_ants(&f);
    mfx_place(&f, 12, 0, -2, 0);
    mfx_give_evo(&f, 0, TX06);
    mfx_ants(&f, 0, MZ_POS(12, 0), 1);
    mfx_ants(&f, 1, MZ_POS(12, 1), 1);
    mfx_ants(&f, 1, MZ_POS(MZ_GT, MZ_OUT), 1);
    mfx_turn(&f, 2);
    mfx_play(&f, "march");
    mfx_play(&f, "done");
    assert_int_equal(mfx_to_move(&f), 0); /* left of seat 2 */
    mfx_play(&f, "done");
    assert_int_equal(mfx_to_move(&f), 1);
    mfx_play(&f, "react march");
    assert_false(mfx_legal(&f, "ant T12.s1 to GT"));
    assert_true(mfx_legal(&f, "larva to GT"));
    mfx_close(&f);
    /* without the Weaver the same step is legal */
    mfx_open(&f, 3, 244, NULL);
    mfx_clear_ants(&f);
    mfx_place(&f, 12, 0, -2, 0);
    mfx_ants(&f, 0, MZ_POS(12, 0), 1);
    mfx_ants(&f, 1, MZ_POS(12, 1), 1);
    mfx_turn(&f, 2);
    mfx_play(&f, "march");
    mfx_play(&f, "done");
    mfx_play(&f, "done");
    mfx_play(&f, "react march");
    assert_true(mfx_legal(&f, "ant T12.s1 to GT"));
    mfx_close(&f);
}

/* A-30, TX-04: Parasite Thorax steals nothing when no opponent has a larva. */
static void test_a30_parasite_needs_a_larva(void **state)
{
    mfx f;
    mfx_open(&f, 3, 245, NULL);
    mfx_give_evo(&f, 0, TX04);
    for (int p = 1; p < 3; p++) {
        f.st.seat[p].eggs = (uint8_t)(f.st.seat[p].eggs + f.st.seat[p].larvae);
        f.st.seat[p].larvae = 0;
    }
    f.st.seat[2].larvae = 1, f.st.seat[2].eggs--;
    mfx_turn(&f, 0);
    int l0 = f.st.seat[0].larvae;
    mfx_play(&f, "forage");
    f.g->legal(&f.st, f.env, buf, NULL);
    assert_int_equal(f.g->apply(&f.st, f.env, buf[0]), 0);
    assert_int_equal(f.st.seat[0].larvae, l0 + 1); /* only from seat 2 */
    assert_int_equal(f.st.seat[1].larvae, 0);
    assert_int_equal(f.st.seat[2].larvae, 0);
    mfx_close(&f);
}

/* the Great Defender's holder is the reference seat of the Great Tunnel battle
 * even without ants there: ferocity from its left, ties clockwise from it. */
static void test_a32_great_defender_without_ants(void **state)
{
    mfx f;
    mfx_open(&f, 3, 246, NULL);
    mfx_clear_ants(&f);
    mfx_ants(&f, 0, MZ_POS(MZ_GT, MZ_OUT), 2);
    mfx_ants(&f, 2, MZ_POS(MZ_GT, MZ_OUT), 2);
    f.st.gt_defender = 1;
    f.st.active = 0;
    mfx_soldier_at(&f, 1, 1);
    assert_int_equal(mfx_to_move(&f), 2);
    mfx_play(&f, "ferocity none");
    assert_int_equal(mfx_to_move(&f), 0);
    mfx_play(&f, "ferocity none");
    assert_int_equal(f.st.bt.winner, 2); /* 2 = 2: seat 2 comes first after the defender */
    mfx_close(&f);
}

/* A-36, HD-05: Shooting Head targets only a tile with at least 2 ants, one of them yours. */
static void test_a36_shooting_head_targets(void **state)
{
    mfx f;
    mfx_open(&f, 3, 247, NULL);
    mfx_give_evo(&f, 0, HD05);
    mfx_clear_ants(&f);
    mfx_place(&f, 12, 0, -2, 0);
    mfx_place(&f, 13, 0, 2, 0);
    mfx_place(&f, 14, 2, -2, 0);
    mfx_ants(&f, 1, MZ_POS(12, 0), 1); /* none of seat 0's */
    mfx_ants(&f, 1, MZ_POS(12, 1), 1);
    mfx_ants(&f, 0, MZ_POS(13, 0), 1); /* only 1 ant */
    mfx_ants(&f, 0, MZ_POS(14, 0), 1);
    mfx_ants(&f, 2, MZ_POS(14, 1), 1);
    mfx_soldier_at(&f, 1, 0);
    assert_int_equal(mfx_top_kind(&f), F_SHOOT);
    assert_false(mfx_legal(&f, "target T12"));
    assert_false(mfx_legal(&f, "target T13"));
    assert_true(mfx_legal(&f, "target T14"));
    mfx_close(&f);
}

/* A-42, EV-08: Early Harvest ignores harvest modifiers (Brood Abdomen gives no extra larva). */
static void test_a42_early_harvest_no_modifiers(void **state)
{
    mfx f;
    mfx_open(&f, 3, 248, NULL);
    mfx_clear_ants(&f);
    mfx_place(&f, 13, 0, -2, 0); /* L1 (control), L1, F, C */
    mfx_ants(&f, 0, MZ_POS(13, 0), 1);
    mfx_give_evo(&f, 0, AB04);
    mfx_to_hand(&f, 0, EV08);
    mfx_turn(&f, 0);
    mfx_play(&f, "play EV-08");
    while (mfx_top_kind(&f) == F_PAY)
        mfx_play(&f, "pay larva");
    int larvae = f.st.seat[0].larvae;
    mfx_play(&f, "harvest T13.s0");
    assert_int_equal(f.st.seat[0].larvae, larvae + 1);
    mfx_close(&f);
}

/* A-10, HD-06: Military Head brings an ant from an adjacent location even when it is not
 * connected; a player not taking part in the battle is not asked. */
static void test_a10_military_head(void **state)
{
    mfx f;
    mfx_open(&f, 3, 250, NULL);
    mfx_clear_ants(&f);
    mfx_place(&f, 12, 0, -2, 1); /* adjacent to the tunnel, not connected */
    mfx_give_evo(&f, 0, HD06);
    mfx_ants(&f, 0, MZ_POS(MZ_GT, MZ_OUT), 1);
    mfx_ants(&f, 0, MZ_POS(12, 0), 1);
    mfx_ants(&f, 2, MZ_POS(MZ_GT, MZ_OUT), 2);
    f.st.gt_defender = 1;
    mfx_soldier_at(&f, 1, 1);
    assert_int_equal(mfx_top_kind(&f), F_HD06);
    assert_int_equal(mfx_to_move(&f), 0);
    mfx_play(&f, "ant T12.s0 to GT");
    assert_int_equal(mz_ants_at(&f.st, MZ_GT, 0), 2);
    mfx_close(&f);
    mfx_open(&f, 3, 250, NULL);
    mfx_clear_ants(&f);
    mfx_give_evo(&f, 1, HD06); /* seat 1 has no ant in the tunnel */
    mfx_ants(&f, 0, MZ_POS(MZ_GT, MZ_OUT), 1);
    mfx_ants(&f, 2, MZ_POS(MZ_GT, MZ_OUT), 2);
    f.st.gt_defender = 1;
    mfx_soldier_at(&f, 1, 1);
    assert_int_equal(mfx_top_kind(&f), F_FEROCITY);
    assert_int_not_equal(mfx_to_move(&f), 1);
    mfx_close(&f);
}

/* a complete body that is broken (an evolution leaves play) costs its points;
 * completing it again gives them back, so only the net change counts. */
static void test_a17_broken_body_loses_points(void **state)
{
    mfx f;
    mfx_open(&f, 3, 251, NULL);
    mfx_give_evo(&f, 0, HD09);
    mfx_give_evo(&f, 0, TX09);
    mfx_give_evo(&f, 0, AB06);
    f.st.seat[0].score = 5;
    mz_bodies_update(f.D, &f.st, 0);
    assert_int_equal(f.st.seat[0].score, 8);
    /* the thorax card goes back to the hand */
    f.st.seat[0].npile[SEG_THORAX]--;
    f.st.card_loc[TX09] = CL_LIMBO;
    mz_to_hand(&f.st, 0, TX09);
    mz_bodies_update(f.D, &f.st, 0);
    assert_int_equal(f.st.seat[0].score, 5);
    assert_int_equal(f.st.seat[0].bodies, 0);
    mfx_close(&f);
}

/* with a lone participant the Old Guard's card is revealed only after the player
 * has decided; a stronger Old Guard wins and its place gives nobody the reward. */
static void test_a40_old_guard_card_after_decision(void **state)
{
    mfx f;
    mfx_open(&f, 2, 252, NULL);
    mfx_play_forced(&f);
    mfx_clear_ants(&f);
    mfx_ants(&f, 0, MZ_POS(MZ_GT, MZ_OUT), 2);
    f.st.gt_defender = 0;
    mfx_deck_top(&f, HD08); /* ferocity 4 */
    int score = f.st.seat[0].score;
    mfx_soldier_at(&f, 2, 1);
    assert_int_equal(mfx_top_kind(&f), F_FEROCITY);
    assert_int_equal(f.st.card_loc[HD08], CL_DECK); /* not yet revealed */
    mfx_play(&f, "ferocity none");
    assert_int_equal(f.st.card_loc[HD08], CL_DISCARD);
    assert_int_equal(f.st.bt.strength[MZ_OG], 2 + 4);
    assert_int_equal(f.st.bt.winner, MZ_OG);
    mfx_play_forced(&f);
    assert_int_equal(f.st.seat[0].score - score, f.D->reward[f.st.reward_cur].give[1][RW_P]);
    mfx_close(&f);
}

/* The casualties hook gets the winner as a 1-based seat like every seat argument, 0 for the
 * Old Guard (docs/lua-api.md). */
static void test_hook_casualties_winner_seat(void **state)
{
    const char *lua = "variant{ name = 'c', game = 'marsz' }\n"
                      "hook('casualties', function(winner, loc, c) if winner == 2 or winner == 0 then return 0 end end)\n";
    mfx f;
    mfx_open_variant(&f, 3, 253, NULL, lua);
    mfx_clear_ants(&f);
    mfx_ants(&f, 0, MZ_POS(MZ_GT, MZ_OUT), 2);
    mfx_ants(&f, 1, MZ_POS(MZ_GT, MZ_OUT), 3);
    f.st.gt_defender = 1;
    mfx_soldier_at(&f, 1, 1);
    while (mfx_top_kind(&f) == F_FEROCITY)
        mfx_play(&f, "ferocity none");
    assert_int_equal(f.st.bt.winner, 1); /* seat 2 in Lua */
    assert_int_equal(f.st.bt.assigned[0], 0);
    mfx_close(&f);
    mfx_open_variant(&f, 2, 254, NULL, lua);
    mfx_play_forced(&f);
    mfx_clear_ants(&f);
    mfx_ants(&f, 0, MZ_POS(MZ_GT, MZ_OUT), 2);
    f.st.gt_defender = 0;
    mfx_deck_top(&f, HD08);
    mfx_soldier_at(&f, 2, 1);
    mfx_play(&f, "ferocity none");
    assert_int_equal(f.st.bt.winner, MZ_OG);
    assert_int_equal(f.st.bt.assigned[0], 0);
    mfx_close(&f);
}

/* whether a tile is contested is checked when its turn comes: a Military Head
 * ant leaving T-13 for the battle on T-12 leaves T-13 uncontested, so it has no battle. */
static void test_a12_contested_checked_at_its_turn(void **state)
{
    mfx f;
    mfx_open(&f, 3, 256, NULL);
    mfx_clear_ants(&f);
    mfx_place(&f, 12, 0, -2, 0);
    mfx_place(&f, 13, 1, -3, 0); /* adjacent to T-12 */
    mfx_give_evo(&f, 0, HD06);
    mfx_ants(&f, 0, MZ_POS(12, 0), 1);
    mfx_ants(&f, 1, MZ_POS(12, 1), 1);
    mfx_ants(&f, 1, MZ_POS(12, MZ_OUT), 1);
    mfx_ants(&f, 2, MZ_POS(13, 0), 1);
    mfx_ants(&f, 0, MZ_POS(13, MZ_OUT), 1);
    assert_true(mz_contested(&f.st, 12) && mz_contested(&f.st, 13));
    f.st.active = 0;
    mfx_soldier_at(&f, 2, 2);
    assert_int_equal(mfx_top_kind(&f), F_HD06);
    mfx_play(&f, "ant T13.out to T12.out");
    assert_false(mz_contested(&f.st, 13));
    bool battle13 = false;
    for (int k = 0; k < 200 && mfx_to_move(&f) != FC_NOBODY; k++) {
        bool soldier = false;
        for (int i = 0; i < f.st.nframes; i++)
            soldier |= f.st.frame[i].kind == F_SOLDIER;
        if (!soldier)
            break;
        battle13 |= mfx_top_kind(&f) == F_FEROCITY && f.st.bt.loc == 13;
        int n = f.g->legal(&f.st, f.env, buf, NULL);
        fc_decision d = buf[0];
        for (int i = 0; i < n; i++)
            if (MZ_DK(buf[i]) == DK_DONE || (MZ_DK(buf[i]) == DK_FER && MZ_DA(buf[i]) == MZ_NONE))
                d = buf[i];
        assert_int_equal(f.g->apply(&f.st, f.env, d), 0);
    }
    assert_false(battle13);
    assert_int_equal(mz_ants_at(&f.st, 13, 2), 1);
    assert_int_equal(f.st.seat[2].score, 0);
    mfx_close(&f);
}

/* casualties use the counts before any removal: the winner (4 ants) takes
 * floor(3 / 2) = 1 and deals 4, capped at the loser's 3. */
static void test_a20_casualties_simultaneous(void **state)
{
    mfx f;
    mfx_open(&f, 3, 257, NULL);
    mfx_clear_ants(&f);
    mfx_ants(&f, 0, MZ_POS(MZ_GT, MZ_OUT), 4);
    mfx_ants(&f, 1, MZ_POS(MZ_GT, MZ_OUT), 3);
    f.st.gt_defender = 0;
    mfx_soldier_at(&f, 1, 1);
    while (mfx_top_kind(&f) == F_FEROCITY)
        mfx_play(&f, "ferocity none");
    assert_int_equal(f.st.bt.winner, 0);
    assert_int_equal(f.st.bt.assigned[0], 1);
    assert_int_equal(f.st.bt.assigned[1], 3);
    mfx_play_forced(&f);
    assert_int_equal(mz_ants_at(&f.st, MZ_GT, 0), 3);
    assert_int_equal(mz_ants_at(&f.st, MZ_GT, 1), 0);
    mfx_close(&f);
}

/* outskirts ants refill in player order from the active player. */
static void test_a24_refill_active_player_first(void **state)
{
    for (int active = 1; active <= 2; active++) {
        mfx f;
        mfx_open(&f, 3, 258, NULL);
        mfx_clear_ants(&f);
        mfx_place(&f, 12, 0, -2, 0); /* 2 spaces */
        mfx_ants(&f, 0, MZ_POS(12, 0), 1);
        mfx_ants(&f, 1, MZ_POS(12, MZ_OUT), 1);
        mfx_ants(&f, 2, MZ_POS(12, MZ_OUT), 1);
        f.st.active = (uint8_t)active;
        mfx_frame_on(&f, PS_THORAX, F_REFILL, active, MZ_NONE, 0, 0);
        assert_int_equal(f.st.loc[12].space[1], active + 1);
        assert_int_equal(f.st.loc[12].out[active], 0);
        assert_int_equal(f.st.loc[12].out[3 - active], 1);
        mfx_close(&f);
    }
}

/* A-24, R-13 (ruling in docs/rulings-marsz.md): the refill after a reaction also goes in player
 * order from the active player, not from the reacting player. Seat 1 reacts to seat 0's March by
 * moving its ant off T12.s1; both have an outskirts ant there: the active seat 0 refills first. */
static void test_a24_refill_after_reaction_active_player_first(void **state)
{
    mfx f;
    mfx_open(&f, 3, 260, NULL);
    mfx_clear_ants(&f);
    mfx_place(&f, 12, 0, -2, 0); /* 2 spaces */
    mfx_ants(&f, 2, MZ_POS(12, 0), 1);
    mfx_ants(&f, 1, MZ_POS(12, 1), 1);
    mfx_ants(&f, 0, MZ_POS(12, MZ_OUT), 1);
    mfx_ants(&f, 1, MZ_POS(12, MZ_OUT), 1);
    mfx_turn(&f, 0);
    mfx_play(&f, "march");
    mfx_play(&f, "done");
    assert_int_equal(mfx_to_move(&f), 1);
    mfx_play(&f, "react march");
    int n = f.g->legal(&f.st, f.env, buf, NULL);
    int pick = -1;
    for (int i = 0; i < n && pick < 0; i++) {
        char text[64];
        if (f.g->decision_text(&f.st, f.env, buf[i], text, sizeof text) >= 0 &&
            strncmp(text, "ant T12.s1 to ", 14) == 0 && strncmp(text + 14, "T12.", 4) != 0)
            pick = i;
    }
    assert_true(pick >= 0);
    assert_int_equal(f.g->apply(&f.st, f.env, buf[pick]), 0);
    while (mfx_top_kind(&f) == F_STEPS && mfx_legal(&f, "done"))
        mfx_play(&f, "done");
    mfx_play_forced(&f);
    assert_int_equal(f.st.loc[12].space[1], 1); /* seat 0's ant (space holds seat + 1) */
    assert_int_equal(f.st.loc[12].out[0], 0);
    assert_int_equal(f.st.loc[12].out[1], 1);
    mfx_close(&f);
}

/* A-37, EV-04: Adaptive Radiation returns the topmost card of a pile; the one beneath is
 * active again. */
static void test_a37_adaptive_radiation_topmost(void **state)
{
    mfx f;
    mfx_open(&f, 3, 259, NULL);
    mfx_give_evo(&f, 0, HD09);
    mfx_give_evo(&f, 0, HD12); /* on top */
    mfx_to_hand(&f, 0, EV04);
    mz_gain_larvae(&f.st, 0, 6);
    mfx_turn(&f, 0);
    mfx_play(&f, "play EV-04");
    while (mfx_top_kind(&f) == F_PAY)
        mfx_play(&f, "pay larva");
    assert_false(mfx_legal(&f, "card HD-09"));
    mfx_play(&f, "card HD-12");
    assert_int_equal(f.st.card_loc[HD12], CL_HAND);
    assert_true(mz_has_evo(&f.st, 0, HD09));
    mfx_close(&f);
}

/* Into the Unknown's larvae need no inhabited tile and no connection, but
 * still settle per R-12 (empty harvest spaces first, then the outskirts); its placement still
 * needs a facing opening. */
static void test_a22_a31_a44_card_larvae_settle(void **state)
{
    mfx f;
    mfx_open(&f, 3, 260, NULL);
    int i = 0;
    while (f.st.stack[i] != 19)
        i++;
    f.st.stack[i] = f.st.stack[f.st.nstack - 1];
    f.st.stack[f.st.nstack - 1] = 19; /* Seed Cache: 2 food spaces, openings N and NE */
    mfx_to_hand(&f, 0, EV02);
    mz_gain_larvae(&f.st, 0, 6);
    mfx_turn(&f, 0);
    mfx_play(&f, "play EV-02");
    while (mfx_top_kind(&f) == F_PAY)
        mfx_play(&f, "pay larva");
    assert_int_equal(mfx_top_kind(&f), F_PLACE);
    int n = f.g->legal(&f.st, f.env, buf, NULL);
    for (int k = 0; k < n; k++) { /* every offered placement meets an opening */
        mz_state copy = f.st;
        mz_place_tile(f.env, &copy, -1, 19, MZ_DA(buf[k]) - 64, MZ_DB(buf[k]) - 64, MZ_DC(buf[k]), false);
        assert_true(mz_rotation_ok(f.D, &copy, 19, MZ_DC(buf[k])));
    }
    mfx_play(&f, "place 0,-2 rot 3"); /* N turned to S: faces the tunnel */
    assert_false(mfx_legal(&f, "larva to T19.out"));
    mfx_play(&f, "larva to T19.s0");
    mfx_play(&f, "larva to T19.s1");
    assert_false(mfx_legal(&f, "larva to T19.s0"));
    mfx_play(&f, "larva to T19.out");
    assert_int_equal(f.st.loc[19].space[0], 1);
    assert_int_equal(f.st.loc[19].space[1], 1);
    assert_int_equal(f.st.loc[19].out[0], 1);
    mfx_close(&f);
}

/* A-38, EV-01: Surprise Attack resolves the tile as the soldier phase does: the centipede
 * fights first (most ants first), then one ant battle if the tile is still contested. */
static void test_a38_surprise_attack_like_soldier_phase(void **state)
{
    mfx f;
    mfx_open(&f, 3, 261, NULL);
    mfx_clear_ants(&f);
    mfx_place(&f, 12, 0, -2, 0);
    f.st.loc[12].centipede = 1;
    mfx_ants(&f, 2, MZ_POS(12, 0), 1);
    mfx_ants(&f, 1, MZ_POS(12, 1), 1);
    mfx_ants(&f, 1, MZ_POS(12, MZ_OUT), 7);
    mfx_to_hand(&f, 0, EV01);
    mz_gain_larvae(&f.st, 0, 6);
    mfx_deck_top(&f, EV13); /* ferocity 2: 2 + 2 < 8 */
    mfx_turn(&f, 0);
    mfx_play(&f, "play EV-01");
    while (mfx_top_kind(&f) == F_PAY)
        mfx_play(&f, "pay larva");
    mfx_play(&f, "target T12");
    assert_int_equal(mfx_top_kind(&f), F_FEROCITY);
    assert_int_equal(mfx_to_move(&f), 1); /* the centipede's first opponent */
    mfx_play(&f, "ferocity none");
    assert_false(f.st.loc[12].centipede);
    while (mfx_top_kind(&f) == F_REMOVE)
        mfx_play(&f, "lose T12.out");
    mfx_play(&f, "done"); /* spoils: stay */
    mfx_play_forced(&f);
    assert_int_equal(mfx_top_kind(&f), F_FEROCITY); /* then the ant battle */
    assert_int_equal(f.st.bt.loc, 12);
    assert_int_equal(f.st.soldier_done[12], 0);
    mfx_close(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a05_voluntary_starvation),
        cmocka_unit_test(test_a06_a07_old_guard_reset_and_no_attacker),
        cmocka_unit_test(test_a09_rest_first_turn_without_options),
        cmocka_unit_test(test_a13_award_needs_one),
        cmocka_unit_test(test_a18_no_draw_without_cards),
        cmocka_unit_test(test_a23_no_ants_keeps_playing),
        cmocka_unit_test(test_a25_a26_empty_stack),
        cmocka_unit_test(test_a29_thorax_reactions_count_covered),
        cmocka_unit_test(test_a33_goals_strictly_fewer),
        cmocka_unit_test(test_a41_scout_one_tile_left),
        cmocka_unit_test(test_tx10_pollinator_after_explore),
        cmocka_unit_test(test_ab09_frugal_point_when_all_fed),
        cmocka_unit_test(test_hd02b_treacherous_head_not_defender),
        cmocka_unit_test(test_v3_open_hands),
        cmocka_unit_test(test_a01_final_round_starvation),
        cmocka_unit_test(test_a02_rest_row_refilled),
        cmocka_unit_test(test_a27_frenzy_no_rest),
        cmocka_unit_test(test_a28_weaver_blocks_reactions),
        cmocka_unit_test(test_a30_parasite_needs_a_larva),
        cmocka_unit_test(test_a32_great_defender_without_ants),
        cmocka_unit_test(test_a36_shooting_head_targets),
        cmocka_unit_test(test_a42_early_harvest_no_modifiers),
        cmocka_unit_test(test_a10_military_head),
        cmocka_unit_test(test_a17_broken_body_loses_points),
        cmocka_unit_test(test_a40_old_guard_card_after_decision),
        cmocka_unit_test(test_hook_casualties_winner_seat),
        cmocka_unit_test(test_a12_contested_checked_at_its_turn),
        cmocka_unit_test(test_a20_casualties_simultaneous),
        cmocka_unit_test(test_a24_refill_active_player_first),
        cmocka_unit_test(test_a24_refill_after_reaction_active_player_first),
        cmocka_unit_test(test_a37_adaptive_radiation_topmost),
        cmocka_unit_test(test_a22_a31_a44_card_larvae_settle),
        cmocka_unit_test(test_a38_surprise_attack_like_soldier_phase),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
