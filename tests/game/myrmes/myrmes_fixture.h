/* Test fixture for the Myrmes plugin: loads it through the core API and lets tests edit the
 * plain state (private header) and play decisions by notation. */
#ifndef MYRMES_FIXTURE_H
#define MYRMES_FIXTURE_H

#include <stdbool.h>

#include "formicary/match.h"
#include "formicary/rules.h"
#include "myrmes.h"

typedef struct mfx {
    fc_context *ctx;
    fc_rules *rules;
    fc_match *m;
    const fc_game *g;
    const fc_env *env;
    const my_data *D;
    my_state st; /* a working copy of the match state */
} mfx;

/* Opens a match with nseats, seed and NULL-terminated "key=value" settings; aborts on error. */
void mfx_open(mfx *f, int nseats, uint64_t seed, const char *const *sets);
void mfx_open_variant(mfx *f, int nseats, uint64_t seed, const char *const *sets, const char *lua);
void mfx_close(mfx *f);
/* Sets the phase: turn seat for phases 3/5, simultaneous participants `mask` otherwise. */
void mfx_phase(mfx *f, int phase, int seat, uint32_t mask);
/* Catalogue index of objective "O7". */
int mfx_obj(const mfx *f, const char *id);
/* Cell index of hex (q, r) (must be active). */
int mfx_cell(const mfx *f, int q, int r);
/* Whether `text` is a legal decision now; plays it (asserting success). */
bool mfx_legal(mfx *f, const char *text);
void mfx_play(mfx *f, const char *text);
/* Plays random legal decisions (seat choices from rng) until phase `ph` (or game over). */
void mfx_until(mfx *f, int ph, fc_rng *rng);
/* Checks invariants, failing the test with the message. */
void mfx_check(mfx *f);
int mfx_to_move(const mfx *f);
/* Empties the garden of tiles/prey and resets every seat's stock to zero (keeps exits). */
void mfx_clear_board(mfx *f);
/* Places a tile directly: kind id, orientation, anchor hex, owner. Returns its slot. */
int mfx_put_tile(mfx *f, const char *id, int orient, int q, int r, int owner, bool cubes);

#endif
