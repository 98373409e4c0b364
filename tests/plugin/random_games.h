/* Random games through the core's public API, shared by the plugin suite's tests: the rules of a
 * game (the test is skipped when the game is not built) and seeded games whose decisions a
 * xorshift generator picks among the legal ones, with a look at the match before each decision. */
#ifndef RANDOM_GAMES_H
#define RANDOM_GAMES_H

#include <stdbool.h>
#include <stdint.h>

#include "formicary/context.h"
#include "formicary/match.h"
#include "formicary/rules.h"

typedef struct rg_games {
    int games;     /* game g plays from match seed seed + g */
    uint64_t seed;
    int max_plies; /* a game stops there if it has not ended */
    /* when given, called before each decision (chance ones too) with the seat to move and the
     * ply, and at the end of each game */
    void (*before)(fc_match *m, int who, int ply, void *arg);
    void (*after)(fc_match *m, void *arg);
    void *arg;
} rg_games;

/* The finished rules of game `id` for nseats, with their context in *ctx; skips the test (with
 * the reason) when they cannot be made. */
fc_rules *rg_rules(const char *id, int nseats, fc_context **ctx);
void rg_play(fc_rules *rules, const rg_games *spec);
void rg_close(fc_context *ctx, fc_rules *rules);
/* Whether the test runs under valgrind or a sanitizer, where it plays less. */
bool rg_quick(void);

#endif
