/* Hive test fixture: a match of the hive plugin for a game type, perft through the vtable and
 * a helper that builds a position from a UHP GameString. */
#ifndef HV_FIXTURE_H
#define HV_FIXTURE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../game_fixture.h"
#include "hive.h"

typedef struct hfx {
    fc_context *ctx;
    fc_rules *rules;
    fc_match *m;
    const fc_game *g;
    const fc_env *env;
} hfx;

static inline void hfx_open(hfx *f, const char *type, const char *lua)
{
    char set[64];
    snprintf(set, sizeof set, "game_type=%s", type);
    const char *sets[] = {set, NULL};
    gfx_start(HIVE_SO, "hive", 2, 1, sets, lua, &f->ctx, &f->rules, &f->m);
    f->g = fc_match_game(f->m);
    f->env = fc_match_search_env(f->m);
}

static inline void hfx_close(hfx *f) { gfx_stop(f->ctx, f->rules, f->m); }

/* A state of the fixture's game type after the GameString (or GameTypeString) text. */
static inline void hfx_position(hfx *f, const char *text, hv_state *out)
{
    fc_error err;
    fc_match *m = fc_match_new_from_position(f->rules, 1, text, &err);
    if (!m)
        fail_msg("position '%s': %s", text, err.msg);
    memcpy(out, fc_match_state(m), sizeof *out);
    fc_match_free(m);
}

/* Leaves to depth, through the vtable as `formicary perft`: the last ply bulk counted by the
 * game's legal_count (API minor 8), so the published counts check it too. */
typedef struct hfx_perft_buf {
    hv_state st[8];
    fc_decision dec[8][HV_MAX_DECISIONS];
    fc_legal_count_fn count;
} hfx_perft_buf;

static inline uint64_t hfx_perft_at(const hfx *f, hfx_perft_buf *b, int ply, int depth)
{
    const hv_state *s = &b->st[ply];
    if (f->g->to_move(s, f->env) == FC_NOBODY)
        return 0;
    if (depth <= 1)
        return (uint64_t)b->count(s, f->env);
    int n = f->g->legal(s, f->env, b->dec[ply], NULL);
    uint64_t sum = 0;
    for (int i = 0; i < n; i++) {
        b->st[ply + 1] = *s;
        assert_int_equal(f->g->apply(&b->st[ply + 1], f->env, b->dec[ply][i]), 0);
        sum += hfx_perft_at(f, b, ply + 1, depth - 1);
    }
    return sum;
}

static inline uint64_t hfx_perft(const hfx *f, const hv_state *s, int depth)
{
    hfx_perft_buf *b = malloc(sizeof *b);
    assert_non_null(b);
    assert_true(depth >= 1 && depth < 8);
    b->st[0] = *s;
    b->count = fc_match_legal_count_fn(f->m);
    assert_non_null(b->count);
    uint64_t n = hfx_perft_at(f, b, 0, depth);
    free(b);
    return n;
}

static inline bool hfx_slow(void) { return getenv("FC_UNDER_VALGRIND") || getenv("FC_UNDER_SANITIZER"); }

/* Whether the legal decisions of s include the MoveString text. */
static inline bool hfx_legal_text(const hfx *f, const hv_state *s, const char *text)
{
    fc_decision d, buf[HV_MAX_DECISIONS];
    if (f->g->decision_parse(s, f->env, text, &d) != 0)
        return false;
    int n = f->g->legal(s, f->env, buf, NULL);
    for (int i = 0; i < n; i++)
        if (buf[i] == d)
            return true;
    return false;
}

static inline int hfx_count(const hfx *f, const hv_state *s)
{
    fc_decision buf[HV_MAX_DECISIONS];
    return f->g->legal(s, f->env, buf, NULL);
}

#endif
