/* Tests for combat.c, with the worked examples of the games' rules references (docs/rules/). */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "formicary/combat.h"

/* Termity R-27..R-29: a 2-termite Soldier (2 x 2 = 4) attacks, supported by a 1-termite Nasute
 * at distance 2 standing on Vegetation (1 + 1 slime = 2): attack 6. The defender is a 3-termite
 * Worker on Stones: 3 + 1 = 4. 6 > 4, so the attack is legal under R-26. */
static void test_termity_r28(void **state)
{
    (void)state;
    const fc_contrib attack[2] = {{2, 2, 0}, {1, 1, 1}};
    const fc_contrib defence[1] = {{3, 1, 0}};
    int a = fc_strength_sum(attack, 2, 0);
    int d = fc_strength_sum(defence, 1, 1); /* +1 for Stones */
    assert_int_equal(a, 6);
    assert_int_equal(d, 4);
    assert_true(fc_strength_beats(a, d, FC_CMP_STRICT));
    assert_false(fc_strength_beats(d, a, FC_CMP_STRICT));

    /* Without the Nasute only the Soldier's 4 remains: 4 vs 4 is not enough under R-26. */
    assert_int_equal(fc_strength_sum(attack, 1, 0), 4);
    assert_false(fc_strength_beats(fc_strength_sum(attack, 1, 0), d, FC_CMP_STRICT));

    assert_int_equal(fc_strength_sum(NULL, 3, 7), 7);
    assert_int_equal(fc_strength_sum(attack, 0, -2), -2);
}

/* A tie 5 vs 5: Termity (strict) refuses it, a March of the Ants centipede fight (R-63,
 * "greater than or equal") is won by the player. */
static void test_tie_modes(void **state)
{
    (void)state;
    const fc_contrib ants[2] = {{3, 1, 0}, {1, 1, 1}}; /* 3 ants + head evolution 1 + card 1 */
    int player = fc_strength_sum(ants, 2, 0);
    assert_int_equal(player, 5);
    assert_false(fc_strength_beats(player, 5, FC_CMP_STRICT));
    assert_true(fc_strength_beats(player, 5, FC_CMP_AT_LEAST));
    assert_false(fc_strength_beats(player, 6, FC_CMP_AT_LEAST));
}

/* March of the Ants R-56, 4 players in the Great Tunnel, the defender is seat 2.
 * Strengths 7, 5, 7, 7: seats 0, 2, 3 tie. Clockwise from the defender itself: 2, 3, 0, so
 * the ranking is 2, 3, 0 and then seat 1 with 5. */
static void test_rank_three_way_tie(void **state)
{
    (void)state;
    const int strength[4] = {7, 5, 7, 7};
    int order[4];
    assert_int_equal(fc_rank_clockwise(strength, NULL, 4, 2, order), 4);
    static const int want[4] = {2, 3, 0, 1};
    assert_memory_equal(order, want, sizeof want);

    /* Reference seat 3: the tie goes 3, 0, 2. */
    assert_int_equal(fc_rank_clockwise(strength, NULL, 4, 3, order), 4);
    static const int want3[4] = {3, 0, 2, 1};
    assert_memory_equal(order, want3, sizeof want3);

    /* Seat 3 does not take part: 2, 0, then 1. */
    const bool part[4] = {true, true, true, false};
    assert_int_equal(fc_rank_clockwise(strength, part, 4, 2, order), 3);
    static const int want_p[3] = {2, 0, 1};
    assert_memory_equal(order, want_p, sizeof want_p);

    /* A non-participating reference seat (an empty control space, R-53/A-19: the active
     * player, seat 1, who has no ants there) still fixes where the clockwise count starts. */
    const bool no1[4] = {true, false, true, true};
    assert_int_equal(fc_rank_clockwise(strength, no1, 4, 1, order), 3);
    static const int want_n[3] = {2, 3, 0};
    assert_memory_equal(order, want_n, sizeof want_n);
}

static void test_rank_by_strength(void **state)
{
    (void)state;
    /* 9 beats everything; the two 3s tie (seat 2 before seat 0 counting from 2); 1 is last. */
    const int strength[4] = {3, 9, 3, 1};
    int order[4];
    assert_int_equal(fc_rank_clockwise(strength, NULL, 4, 2, order), 4);
    static const int want[4] = {1, 2, 0, 3};
    assert_memory_equal(order, want, sizeof want);

    const int two[2] = {4, 4}; /* 2 players, defender seat 1 wins the tie */
    assert_int_equal(fc_rank_clockwise(two, NULL, 2, 1, order), 2);
    assert_int_equal(order[0], 1);
    assert_int_equal(order[1], 0);
    assert_int_equal(fc_rank_clockwise(two, NULL, 0, 0, order), 0);
}

/* March of the Ants R-57(b)/R-58: the winner is seat 1 with W = 7 ants. The losers, clockwise
 * after the winner, are seat 2 (1 ant: cap 1), seat 3 (5 ants: cap 5), seat 0 (5 ants: cap 5).
 * One by one: 2, 3, 0, (2 capped) 3, 0, 3, 0 -> seat 2 gets 1, seats 3 and 0 get 3 each. */
static void test_casualties_marsz(void **state)
{
    (void)state;
    const bool loser[4] = {true, false, true, true};
    const int cap[4] = {5, 0, 1, 5};
    int got[4] = {-9, -9, -9, -9};
    assert_int_equal(fc_casualties_round_robin(7, 1, loser, cap, 4, got), 0);
    static const int want[4] = {3, 0, 1, 3};
    assert_memory_equal(got, want, sizeof want);

    /* W = 12: only 1 + 5 + 5 = 11 can be assigned; 1 is left over with no effect. */
    assert_int_equal(fc_casualties_round_robin(12, 1, loser, cap, 4, got), 1);
    static const int full[4] = {5, 0, 1, 5};
    assert_memory_equal(got, full, sizeof full);

    /* W = 2 from winner seat 3 (seat 1 not involved): the first loser after 3 is 0, then 2. */
    const bool loser3[4] = {true, false, true, false};
    assert_int_equal(fc_casualties_round_robin(2, 3, loser3, NULL, 4, got), 0);
    static const int w3[4] = {1, 0, 1, 0};
    assert_memory_equal(got, w3, sizeof w3);
}

static void test_casualties_edges(void **state)
{
    (void)state;
    int got[3];
    /* after_seat = -1 starts at seat 0; no caps, everyone receives: 0, 1, 2, 0 */
    assert_int_equal(fc_casualties_round_robin(4, -1, NULL, NULL, 3, got), 0);
    static const int want[3] = {2, 1, 1};
    assert_memory_equal(got, want, sizeof want);

    /* every receiver already capped at 0: all 3 are left */
    const int zero[3] = {0, 0, 0};
    assert_int_equal(fc_casualties_round_robin(3, 0, NULL, zero, 3, got), 3);
    static const int none[3] = {0, 0, 0};
    assert_memory_equal(got, none, sizeof none);

    /* no receivers at all */
    const bool nobody[3] = {false, false, false};
    assert_int_equal(fc_casualties_round_robin(5, 0, nobody, NULL, 3, got), 5);
    assert_int_equal(fc_casualties_round_robin(0, 0, NULL, NULL, 3, got), 0);
    assert_int_equal(fc_casualties_round_robin(-4, 0, NULL, NULL, 3, got), 0);

    /* A huge total finishes at once: 2147483647 = 3 * 715827882 + 1, the extra one goes to
     * seat 1, the first after seat 0. */
    assert_int_equal(fc_casualties_round_robin(INT_MAX, 0, NULL, NULL, 3, got), 0);
    static const int huge[3] = {715827882, 715827883, 715827882};
    assert_memory_equal(got, huge, sizeof huge);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_termity_r28),        cmocka_unit_test(test_tie_modes),
        cmocka_unit_test(test_rank_three_way_tie), cmocka_unit_test(test_rank_by_strength),
        cmocka_unit_test(test_casualties_marsz),   cmocka_unit_test(test_casualties_edges),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
