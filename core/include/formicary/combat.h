/* Combat helpers shared by games with fights (Termity attacks, March of the Ants battles).
 * Pure functions over small arrays; games decide what counts, these do the arithmetic the
 * rules spell out (comparisons, clockwise tie-breaks, round-robin casualties). */
#ifndef FORMICARY_COMBAT_H
#define FORMICARY_COMBAT_H

#include <stdbool.h>

/* One contribution to a strength: value * multiplier + bonus (e.g. a Termity Soldier with
 * 2 termites: {2, 2, 0}; a supporting Nasute on Vegetation with 1 termite: {1, 1, 1}). */
typedef struct fc_contrib {
    int value;
    int multiplier;
    int bonus;
} fc_contrib;

/* Sum of contributions plus a flat modifier. */
int fc_strength_sum(const fc_contrib *c, int n, int modifier);

typedef enum fc_compare {
    FC_CMP_STRICT,   /* attacker wins only with a > d (Termity R-26) */
    FC_CMP_AT_LEAST  /* attacker wins with a >= d (March of the Ants centipede R-63) */
} fc_compare;

static inline bool fc_strength_beats(int attack, int defence, fc_compare mode)
{
    return mode == FC_CMP_STRICT ? attack > defence : attack >= defence;
}

/* Ranks participants by strength, highest first; ties are broken clockwise starting with
 * `ref_seat` itself (the one reached first ranks higher). participant may be NULL (all).
 * order_out[0..k-1] gets the participating seats best first; returns k. */
int fc_rank_clockwise(const int *strength, const bool *participant, int nseats, int ref_seat, int *order_out);

/* Round-robin casualty allocation: `total` casualties go one at a time to the seats with
 * receiver[s] true, clockwise starting with the first receiver strictly after `after_seat`
 * (pass after_seat = start - 1 to start at `start`), skipping seats whose assigned[s] has
 * reached cap[s] (cap NULL = no cap). assigned_out[0..nseats-1] is zeroed first. Stops when
 * all are assigned or every receiver is capped; returns the number left unassigned. */
int fc_casualties_round_robin(int total, int after_seat, const bool *receiver, const int *cap, int nseats,
                              int *assigned_out);

#endif
