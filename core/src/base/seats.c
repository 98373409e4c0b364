/* Seat order and simultaneous-choice bookkeeping. */
#include "formicary/seats.h"

/* Reduces seat into 0..n-1 (negative seats count backwards); n > 0. */
static int seat_norm(int seat, int n) { return ((seat % n) + n) % n; }

int fc_seat_order(int first, int n, int *out)
{
    if (n <= 0 || !out)
        return 0;
    first = seat_norm(first, n);
    for (int i = 0; i < n; i++)
        out[i] = (first + i) % n;
    return n;
}

void fc_simul_begin(fc_simul *s, int first, int n, uint32_t mask)
{
    /* `waiting` has 16 bits; seats beyond that (or beyond n) cannot take part. */
    if (n < 1)
        n = 1;
    if (n > 16)
        n = 16;
    s->n = (uint8_t)n;
    s->first = (uint8_t)seat_norm(first, n);
    s->waiting = (uint16_t)(mask & ((1u << n) - 1u));
}

int fc_simul_next(const fc_simul *s)
{
    int n = s->n;
    for (int i = 0; i < n; i++) {
        int seat = (s->first + i) % n;
        if (s->waiting & (1u << seat))
            return seat;
    }
    return -1;
}

bool fc_simul_commit(fc_simul *s, int seat)
{
    if (seat < 0 || seat >= s->n || !(s->waiting & (1u << seat)))
        return false;
    s->waiting = (uint16_t)(s->waiting & ~(1u << seat));
    return true;
}
