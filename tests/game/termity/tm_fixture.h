/* Test fixture for the Termity plugin: loads it through the core API, lets tests build
 * positions in a copy of the plain state (private header) and play decisions by notation. */
#ifndef TM_FIXTURE_H
#define TM_FIXTURE_H

#include <stdbool.h>

#include "formicary/match.h"
#include "formicary/rules.h"
#include "termity.h"

typedef struct tfx {
    fc_context *ctx;
    fc_rules *rules;
    fc_match *m;
    const fc_game *g;
    const fc_env *env;
    const tm_data *D;
    tm_state st; /* a working copy of the match state */
} tfx;

/* Opens a match with nseats, seed and NULL-terminated "key=value" settings (and an optional
 * Lua variant text); aborts the test on error. */
void tfx_open(tfx *f, int nseats, uint64_t seed, const char *const *sets);
void tfx_open_variant(tfx *f, int nseats, uint64_t seed, const char *const *sets, const char *lua);
/* Like tfx_open but returns the error code of a failing rule set (err filled). */
int tfx_try_open(tfx *f, int nseats, const char *const *sets, fc_error *err);
void tfx_close(tfx *f);
int tfx_cell(const tfx *f, int q, int r);
/* Empties the board (no units, no mounds, tokens back in stacks, full reserves) and makes it
 * `seat`'s movement phase in round 1. */
void tfx_empty(tfx *f, int seat);
/* Puts token `id` (e.g. "BLU-05") of seat on hex (q, r); returns the token index. */
int tfx_unit(tfx *f, int seat, const char *id, int q, int r);
/* Puts seat's mound of `value` (seat -1: a neutral mound) on (q, r). */
void tfx_mound(tfx *f, int seat, int value, int q, int r);
/* Whether `text` is a legal decision now; plays it (asserting success). */
bool tfx_legal(tfx *f, const char *text);
void tfx_play(tfx *f, const char *text);
int tfx_nlegal(tfx *f);
int tfx_to_move(const tfx *f);
void tfx_check(tfx *f);
/* Plays random decisions (chance by weight) until game over; checks after every decision. */
int tfx_random_game(tfx *f, fc_rng *rng);
/* The unit code at (q, r): seat * 100 + token, or -1. */
int tfx_unit_at(const tfx *f, int q, int r);
/* Label of the decision `text` (must be legal). */
void tfx_describe(tfx *f, const char *text, fc_decision_info *out);

#endif
