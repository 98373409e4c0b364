/* Termity positions as text (docs/positions/termity.md), reading: the lines are found in one
 * pass (unknown and duplicate keys refused), then read in a fixed order (position_keys.c) into a
 * state cleared as init leaves it, so that a written position reads back into the very same
 * bytes. Every error is one line naming its line number; counts that do not add up (tokens,
 * mounds, tiles) are refused while reading, the rest by the game's check that the core runs
 * afterwards. This file: the lines, words and numbers, and the checks of the whole position. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formicary/textbuf.h"
#include "position_read.h"

#define D_(env) ((const tm_data *)(env)->data)

int tm_pos_fail(reader *rd, int code, int no, const char *fmt, ...)
{
    char msg[240];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return rd->env->host->error_set(rd->err, code, "termity: line %d: %s", no, msg);
}

/* Reads the next line of r into L (comment cut, split into words): 1, 0 at the end of the text,
 * or an error. */
static int read_line(reader *rd, fc_textlines *r, line *L)
{
    int got = fc_textlines_next(r, L->buf, sizeof L->buf);
    L->no = r->no;
    L->n = got > 0 ? fc_text_words(L->buf, L->w, WORDS_MAX) : 0;
    if (got < 0)
        return tm_pos_fail(rd, FC_EPARSE, L->no, "line too long (at most %d characters)", LINE_MAX_ - 1);
    if (L->n < 0)
        return tm_pos_fail(rd, FC_EPARSE, L->no, "too many words (at most %d)", WORDS_MAX);
    return got;
}

int tm_pos_int_word(reader *rd, const char *w, int lo, int hi, const char *what, int *out)
{
    char *end;
    long v = strtol(w, &end, 10);
    if (end == w || *end)
        return tm_pos_fail(rd, FC_EPARSE, rd->L.no, "%s: bad number '%s'", what, w);
    if (v < lo || v > hi)
        return tm_pos_fail(rd, FC_EINVAL, rd->L.no, "%s %ld out of range %d..%d", what, v, lo, hi);
    *out = (int)v;
    return 0;
}

int tm_pos_hex_word(reader *rd, const char *w, int *cell)
{
    char *end;
    long q = strtol(w, &end, 10);
    if (end == w || *end != ',')
        return tm_pos_fail(rd, FC_EPARSE, rd->L.no, "bad hex '%s' (expected q,r)", w);
    const char *p = end + 1;
    long r = strtol(p, &end, 10);
    if (end == p || *end)
        return tm_pos_fail(rd, FC_EPARSE, rd->L.no, "bad hex '%s' (expected q,r)", w);
    int c = q < -99 || q > 99 || r < -99 || r > 99 ? -1 : tm_cell_at(rd->D, (int)q, (int)r);
    if (c < 0)
        return tm_pos_fail(rd, FC_EINVAL, rd->L.no, "hex %s is not on the board (radius %d)", w, rd->D->radius);
    *cell = c;
    return 0;
}

int tm_pos_seat_word(reader *rd, const char *w, const char *what, int *seat)
{
    int v = 0;
    int rc = tm_pos_int_word(rd, w, 1, rd->s->nseats, what, &v);
    if (rc == 0)
        *seat = v - 1;
    return rc;
}

/* The list after the key (words from `first`): "none" alone, or at least one item. */
int tm_pos_list_words(reader *rd, int first, int *count)
{
    line *L = &rd->L;
    *count = L->n - first;
    if (*count == 1 && strcmp(L->w[first], "none") == 0)
        *count = 0;
    else if (*count == 0)
        return tm_pos_fail(rd, FC_EPARSE, L->no, "'%s' needs its items, or 'none'", L->w[first - 1]);
    else
        for (int i = first; i < L->n; i++)
            if (strcmp(L->w[i], "none") == 0)
                return tm_pos_fail(rd, FC_EPARSE, L->no, "'none' stands alone: the list is empty or names its items");
    return 0;
}

/* Exactly `want` words after the key. */
int tm_pos_arity(reader *rd, int want, const char *usage)
{
    if (rd->L.n != want + 1)
        return tm_pos_fail(rd, FC_EPARSE, rd->L.no, "expected '%s'", usage);
    return 0;
}

static const char *closest(const char *w, const char *const *keys, int n)
{
    const char *best = NULL;
    size_t best_n = 0;
    for (int i = 0; i < n; i++) {
        size_t k = 0;
        while (w[k] && w[k] == keys[i][k])
            k++;
        if (k > best_n)
            best_n = k, best = keys[i];
    }
    return best;
}

static int unknown_key(reader *rd, const char *w, const char *const *keys, int n, const char *pre)
{
    const char *c = closest(w, keys, n);
    if (c)
        return tm_pos_fail(rd, FC_EPARSE, rd->L.no, "unknown key '%s%s' (did you mean '%s%s'?)", pre, w, pre, c);
    return tm_pos_fail(rd, FC_EPARSE, rd->L.no, "unknown key '%s%s'", pre, w);
}

static int mark(reader *rd, slot *sl, const char *what, size_t off)
{
    if (sl->no)
        return tm_pos_fail(rd, FC_EPARSE, rd->L.no, "duplicate '%s' (first on line %d)", what, sl->no);
    sl->no = rd->L.no;
    sl->off = off;
    return 0;
}

/* Pass 1: finds the line of every key, refusing unknown and duplicate keys. */
static int scan(reader *rd)
{
    fc_textlines r = {rd->text, 0, 0};
    int first = 1;
    char what[40];
    for (;;) {
        size_t start = r.off;
        int got = read_line(rd, &r, &rd->L);
        if (got <= 0)
            return got;
        line *L = &rd->L;
        int no = L->no;
        if (!L->n)
            continue;
        if (first && strcmp(L->w[0], "position") != 0)
            return tm_pos_fail(rd, FC_EPARSE, no, "a position starts with 'position termity'");
        first = 0;
        int rc;
        if (strcmp(L->w[0], "seat") == 0) {
            int seat, k;
            if (L->n < 3)
                return tm_pos_fail(rd, FC_EPARSE, no, "expected 'seat N KEY ...'");
            if ((rc = tm_pos_seat_word(rd, L->w[1], "seat", &seat)) != 0)
                return rc;
            for (k = 0; k < S_COUNT && strcmp(L->w[2], skeys[k]); k++)
                ;
            if (k == S_COUNT)
                return unknown_key(rd, L->w[2], skeys, S_COUNT, "seat N ");
            snprintf(what, sizeof what, "seat %d %s", seat + 1, skeys[k]);
            if ((rc = mark(rd, &rd->sk[seat][k], what, start)) != 0)
                return rc;
            continue;
        }
        int k;
        for (k = 0; k < G_COUNT && strcmp(L->w[0], gkeys[k]); k++)
            ;
        if (k == G_COUNT)
            return unknown_key(rd, L->w[0], gkeys, G_COUNT, "");
        if ((rc = mark(rd, &rd->g[k], gkeys[k], start)) != 0)
            return rc;
    }
}

/* Loads the line of a key for pass 2; 1 when the key is absent. */
int tm_pos_load(reader *rd, const slot *sl, const char *key, bool required)
{
    if (!sl->no) {
        if (required)
            return tm_pos_fail(rd, FC_EPARSE, 0, "missing '%s'", key);
        return 1;
    }
    fc_textlines r = {rd->text, sl->off, sl->no - 1};
    int rc = read_line(rd, &r, &rd->L);
    return rc < 0 ? rc : 0;
}

/* tm_pos_load() for a seat's key: a missing one is named with its seat ("missing 'seat 2 bonus'"). */
int tm_pos_sload(reader *rd, int seat, int key)
{
    char name[40];
    snprintf(name, sizeof name, "seat %d %s", seat + 1, skeys[key]);
    return tm_pos_load(rd, &rd->sk[seat][key], name, true);
}

int tm_pos_forbid(reader *rd, int key, const char *why)
{
    if (rd->g[key].no)
        return tm_pos_fail(rd, FC_EINVAL, rd->g[key].no, "'%s' does not belong here: %s", gkeys[key], why);
    return 0;
}

/* hands are refilled up to hand_size while the stack lasts. A hand is short only
 * during the opening draws, or for the seat drawing its refill; otherwise the game would go on
 * without ever drawing (R-39 ends it when hands and stacks are empty). */
static int hands_full(reader *rd)
{
    const tm_state *s = rd->s;
    bool opening = s->phase == PH_DRAW && s->after_draw == PH_SETUP;
    if (TM_BUILDING(s->phase) || opening)
        return 0;
    for (int i = 0; i < s->nseats; i++) {
        const tm_seat *P = &s->seat[i];
        int held = __builtin_popcount(P->hand);
        bool refilling = s->phase == PH_DRAW && i == s->drawer;
        if (P->stack && held < rd->D->hand_size && !refilling)
            return tm_pos_fail(rd, FC_EINVAL, rd->sk[i][S_HAND].no,
                               "seat %d holds %d tokens with %d in its stack: hands are refilled to %d (R-10, R-16)",
                               i + 1, held, __builtin_popcount(P->stack), rd->D->hand_size);
    }
    return 0;
}

/* Whether the active seat can deploy a token of its hand on a free hex. */
static bool deployable(const tm_data *D, const tm_state *s)
{
    uint8_t stands = 0;
    for (uint32_t m = s->seat[s->turn].hand; m; m &= m - 1)
        stands |= tm_caste_of(D, s, s->turn, tm_lowest(m))->stand;
    for (int c = 0; c < D->ncells; c++)
        if (!s->piece[c] && (stands >> s->terrain[c] & 1))
            return true;
    return false;
}

static void reset(const tm_data *D, tm_state *s, int nseats)
{
    memset(s, 0, sizeof *s);
    s->nseats = (uint8_t)nseats;
    memset(s->neutral_cell, TM_NO_CELL, sizeof s->neutral_cell);
    memcpy(s->terrain, D->board.terrain, sizeof s->terrain);
    memset(s->tile_cell, TM_NO_CELL, sizeof s->tile_cell);
    for (int i = 0; i < nseats && i < TM_SEATS; i++) {
        memset(s->seat[i].tok_st, TK_NONE, sizeof s->seat[i].tok_st);
        memset(s->seat[i].tok_cell, TM_NO_CELL, sizeof s->seat[i].tok_cell);
        memset(s->seat[i].mound_cell, TM_NO_CELL, sizeof s->seat[i].mound_cell);
    }
    s->sel = s->atk_target = s->atk_from = s->atk_start = s->replacer = TM_NO_CELL;
    s->last_move_from = s->last_move_to = TM_NO_CELL;
}

int tm_position_read(void *st, const fc_env *env, const char *text, fc_error *err)
{
    const tm_data *D = D_(env);
    tm_state *s = st;
    if (!D)
        return env->host->error_set(err, FC_EDATA, "termity: no game data");
    reader *rd = calloc(1, sizeof *rd);
    if (!rd)
        return env->host->error_set(err, FC_ENOMEM, "termity: out of memory reading a position");
    rd->D = D;
    rd->env = env;
    rd->s = s;
    rd->err = err;
    rd->text = text;
    reset(D, s, env->nseats);
    int rc = scan(rd);
    if (rc == 0)
        rc = tm_pos_read_keys(rd);
    if (rc == 0)
        rc = hands_full(rd);
    if (rc == 0 && s->phase == PH_DISCARD && deployable(D, s))
        rc = tm_pos_fail(rd, FC_EINVAL, rd->g[G_PHASE].no,
                         "phase discard, but seat %d can deploy a token of its hand: a token is discarded only "
                         "when none can be (R-17)",
                         s->turn + 1);
    if (rc == 0 && s->phase != PH_OVER) { /* a step nobody can decide would stall the match */
        fc_decision buf[TM_MAX_DECISIONS];
        if (tm_legal(s, env, buf, NULL) < 1)
            rc = tm_pos_fail(rd, FC_EINVAL, rd->g[G_PHASE].no, "phase %s: nothing can be decided here (seat %d)",
                             phase_names[s->phase], s->phase == PH_DRAW ? s->drawer + 1 : s->turn + 1);
    }
    free(rd);
    return rc;
}
