/* Test fixture for the March of the Ants plugin: loads it through the core API, keeps a working
 * copy of the plain state (private header) and plays decisions by notation. */
#ifndef MZ_FIXTURE_H
#define MZ_FIXTURE_H

#include <stdbool.h>

#include "formicary/match.h"
#include "formicary/rules.h"
#include "marsz.h"

typedef struct mfx {
    fc_context *ctx;
    fc_rules *rules;
    fc_match *m;
    const fc_game *g;
    const fc_env *env;
    const mz_data *D;
    mz_state st;
} mfx;

void mfx_open(mfx *f, int nseats, uint64_t seed, const char *const *sets);
/* With a Lua variant text (NULL: none). */
void mfx_open_variant(mfx *f, int nseats, uint64_t seed, const char *const *sets, const char *lua);
void mfx_close(mfx *f);
bool mfx_legal(mfx *f, const char *text);
void mfx_play(mfx *f, const char *text);
void mfx_check(mfx *f);
int mfx_to_move(const mfx *f);
/* Plays random decisions until game over; check() after every decision; returns decisions. */
int mfx_random_game(mfx *f, fc_rng *rng);
/* Plays random decisions until the top frame has kind `kind` (returns true) or the game ends. */
bool mfx_random_until(mfx *f, fc_rng *rng, int kind, int limit);

/* Position builders on the working copy (plugin internals). */
void mfx_take_card(mfx *f, int c);            /* from deck, hand or discard into limbo */
void mfx_give_evo(mfx *f, int seat, int c);   /* on top of seat's pile for its segment */
void mfx_deck_top(mfx *f, int c);             /* on top of the deck */
void mfx_ants(mfx *f, int seat, int pos, int n); /* n ants of seat from its egg pool to pos */
void mfx_clear_ants(mfx *f);                  /* every ant back to the egg pools */
void mfx_soldier_at(mfx *f, int round, int stage); /* soldier phase at stage 1 (GT) / 2 (tiles) */
void mfx_play_forced(mfx *f);                 /* plays decisions while exactly one is legal */
int mfx_top_kind(const mfx *f);

/* Shorthands of the rule-id tests. */
void mfx_place(mfx *f, int tile, int q, int r, int rot); /* tile on the meadow, no symbols */
void mfx_to_hand(mfx *f, int seat, int c);
/* A frame of `kind` on top of a round iterator at `stage`; then the automatic part runs. */
void mfx_frame_on(mfx *f, int stage, int kind, int seat, int a, int b, int n);
void mfx_turn(mfx *f, int seat); /* seat's turn in round 2's worker phase, not its first */
void mfx_playf(mfx *f, const char *fmt, ...);
bool mfx_legalf(mfx *f, const char *fmt, ...);
/* Plays "done" where offered, else the first decision, until it is seat's turn. */
void mfx_until_turn(mfx *f, int seat);

#endif
