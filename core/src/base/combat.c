/* Combat arithmetic shared by games: strength sums, clockwise ranking, round-robin casualties. */
#include <limits.h>
#include <stddef.h>

#include "formicary/combat.h"

int fc_strength_sum(const fc_contrib *c, int n, int modifier)
{
    int sum = modifier;
    for (int i = 0; c && i < n; i++)
        sum += c[i].value * c[i].multiplier + c[i].bonus;
    return sum;
}

/* Reduces seat into 0..n-1 (after_seat may be -1, callers may pass any integer); n > 0. */
static int seat_norm(int seat, int n) { return ((seat % n) + n) % n; }

int fc_rank_clockwise(const int *strength, const bool *participant, int nseats, int ref_seat, int *order_out)
{
    if (!strength || !order_out || nseats <= 0)
        return 0;
    int k = 0, first = seat_norm(ref_seat, nseats);
    /* Collect in clockwise order from ref, then a stable insertion sort by strength keeps
     * tied seats in that order; no comparator on steps needed. */
    for (int i = 0; i < nseats; i++) {
        int seat = (first + i) % nseats;
        if (participant && !participant[seat])
            continue;
        int j = k++;
        while (j > 0 && strength[order_out[j - 1]] < strength[seat]) {
            order_out[j] = order_out[j - 1];
            j--;
        }
        order_out[j] = seat;
    }
    return k;
}

int fc_casualties_round_robin(int total, int after_seat, const bool *receiver, const int *cap, int nseats,
                              int *assigned_out)
{
    if (!assigned_out || nseats <= 0)
        return total > 0 ? total : 0;
    for (int s = 0; s < nseats; s++)
        assigned_out[s] = 0;
    int left = total > 0 ? total : 0;
    int start = seat_norm(after_seat + 1, nseats);
    /* Each pass visits every seat once in clockwise order from `start`, which is exactly the
     * one-by-one cycling of R-57(b); a pass that assigns nothing means everyone is capped. */
    while (left > 0) {
        /* Whole passes in which nobody reaches a cap are done in one step, so a huge total
         * cannot make this loop run `total` times. */
        int active = 0, room = INT_MAX;
        for (int s = 0; s < nseats; s++) {
            if ((receiver && !receiver[s]) || (cap && assigned_out[s] >= cap[s]))
                continue;
            active++;
            if (cap && cap[s] - assigned_out[s] < room)
                room = cap[s] - assigned_out[s];
        }
        if (active == 0)
            break;
        int passes = left / active < room ? left / active : room;
        if (passes > 0) {
            for (int s = 0; s < nseats; s++)
                if (!(receiver && !receiver[s]) && !(cap && assigned_out[s] >= cap[s]))
                    assigned_out[s] += passes;
            left -= passes * active;
            continue;
        }
        for (int i = 0; i < nseats && left > 0; i++) {
            int s = (start + i) % nseats;
            if ((receiver && !receiver[s]) || (cap && assigned_out[s] >= cap[s]))
                continue;
            assigned_out[s]++;
            left--;
        }
    }
    return left;
}
