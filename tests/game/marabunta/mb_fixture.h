/* Test fixture for the Marabunta plugin: loads it through the core API, keeps a working copy
 * of the plain state (private header) to set up positions, and plays decisions by notation. */
#ifndef MB_FIXTURE_H
#define MB_FIXTURE_H

#include <stdbool.h>

#include "formicary/match.h"
#include "formicary/rules.h"
#include "marabunta.h"

typedef struct mbfx {
    fc_context *ctx;
    fc_rules *rules;
    fc_match *m;
    const fc_game *g;
    const fc_env *env;
    const mb_data *D;
    mb_state st; /* a working copy of the match state */
} mbfx;

/* Opens a match with seed and NULL-terminated "key=value" settings (and an optional Lua
 * variant text); aborts the test on error. */
void mbfx_open(mbfx *f, uint64_t seed, const char *const *sets);
void mbfx_open_variant(mbfx *f, uint64_t seed, const char *const *sets, const char *lua);
void mbfx_close(mbfx *f);
/* Hex index of (q, r); fails the test when it is not on the board. */
int mbfx_hex(const mbfx *f, int q, int r);
/* Die item of a region name ("pink"). */
int mbfx_die(const mbfx *f, const char *region);
int mbfx_region(const mbfx *f, const char *region);
int mbfx_tile(const mbfx *f, const char *id);
int mbfx_group(const mbfx *f, const char *id);
/* Puts the state into resolution: `seat` resolves, its group is `mask`, with faces (FACE_*
 * per die, ndice entries) and tile id; the other seat gets the rest and is the splitter when
 * `chooser` is true. */
void mbfx_resolve(mbfx *f, int seat, bool chooser, int mask, const int *faces, const char *tile);
/* Writes number v of seat directly (no rewards). */
void mbfx_put(mbfx *f, int seat, int q, int r, int v);
void mbfx_cross(mbfx *f, int q, int r);
/* Whether `text` is legal now; plays it (asserting success and the invariants). */
bool mbfx_legal(mbfx *f, const char *text);
void mbfx_play(mbfx *f, const char *text);
void mbfx_check(mbfx *f);
int mbfx_to_move(const mbfx *f);
/* Number of legal decisions now. */
int mbfx_nlegal(mbfx *f);

#endif
