/* Seats and turn order. Seats are 0..n-1 in clockwise order; "next"/"left" is seat + 1. */
#ifndef FORMICARY_SEATS_H
#define FORMICARY_SEATS_H

#include <stdbool.h>
#include <stdint.h>

#define FC_MAX_SEATS 8

static inline int fc_seat_next(int seat, int n) { return (seat + 1) % n; }
static inline int fc_seat_prev(int seat, int n) { return (seat + n - 1) % n; }
/* Clockwise steps from `from` to `to` (0..n-1). */
static inline int fc_seat_steps(int from, int to, int n) { return ((to - from) % n + n) % n; }

/* Fills out[0..n-1] with the seats in clockwise order starting at `first`. Returns n. */
int fc_seat_order(int first, int n, int *out);

/* Simultaneous hidden choices serialised in seat order. The game keeps one of these in its
 * state: `waiting` holds the seats that still have to commit. Commitments are collected in
 * clockwise order from `first`; the game keeps each seat's choice hidden (event audience,
 * view, determinize) until fc_simul_done, then reveals and resolves all together. */
typedef struct fc_simul {
    uint8_t first;
    uint8_t n;
    uint16_t waiting; /* bit per seat */
} fc_simul;

/* Starts a simultaneous step for the seats in `mask` (bit i = seat i participates). */
void fc_simul_begin(fc_simul *s, int first, int n, uint32_t mask);
/* The seat that commits next (clockwise from first among waiting), or -1 when all committed. */
int fc_simul_next(const fc_simul *s);
/* Marks seat as committed; returns false if it was not waiting. */
bool fc_simul_commit(fc_simul *s, int seat);
static inline bool fc_simul_done(const fc_simul *s) { return s->waiting == 0; }

#endif
