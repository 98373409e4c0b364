/* Termity positions as text (docs/positions/termity.md), reading: the lines are found in one
 * pass (unknown and duplicate keys refused), then read in a fixed order into a state cleared
 * as init leaves it, so that a written position reads back into the very same bytes. Every
 * error is one line naming its line number; counts that do not add up (tokens, mounds, tiles)
 * are refused here, the rest by the game's check that the core runs afterwards. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "formicary/textbuf.h"
#include "position.h"

#define D_(env) ((const tm_data *)(env)->data)

#define LINE_MAX_ 1024
#define WORDS_MAX 48

enum { G_POSITION, G_SEATS, G_FIRST, G_ROUND, G_PHASE, G_TURN, G_SELECTED, G_REPLACER, G_NEUTRAL, G_POOL, G_BOX,
       G_LAID, G_PAIR_LEFT, G_FACE_SEL, G_LAST_MOVE, G_LAST_ATTACK, G_DRAWER, G_SETUP_STEP, G_COUNT };
static const char *const gkeys[G_COUNT] = {"position",  "seats",      "first_player", "round",     "phase",
                                          "turn",      "selected",   "replacer",     "neutral",   "tiles_pool",
                                          "tiles_box", "tiles_laid", "pair_left",    "face_sel",  "last_move",
                                          "last_attack", "drawer",      "setup_step"};
enum { S_SWARM, S_STACK, S_HAND, S_BOARD, S_DEAD, S_DISCARDED, S_MOUNDS, S_TROPHIES, S_TURNS, S_BONUS, S_COUNT };
static const char *const skeys[S_COUNT] = {"swarm", "stack", "hand",     "board", "dead",
                                          "discarded", "mounds", "trophies", "turns", "bonus"};

typedef struct line {
    int no, n;
    char buf[LINE_MAX_];
    char *w[WORDS_MAX];
} line;

typedef struct slot {
    int no;      /* line number, 0: not given */
    size_t off;  /* where the line starts */
} slot;

typedef struct reader {
    const tm_data *D;
    const fc_env *env;
    tm_state *s;
    fc_error *err;
    const char *text;
    slot g[G_COUNT];
    slot sk[TM_SEATS][S_COUNT];
    int tok_line[TM_SEATS][TM_MAX_TOK]; /* where each token was named */
    int cell_line[TM_MAX_CELLS];        /* where each hex got its piece */
    bool taken[TM_SEATS + 1][TM_MAX_MOUNDS]; /* mounds said taken; [TM_SEATS]: neutral */
    bool trophied[TM_SEATS + 1][TM_MAX_MOUNDS];
    line L;
} reader;

static int fail(reader *rd, int code, int no, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static int fail(reader *rd, int code, int no, const char *fmt, ...)
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
        return fail(rd, FC_EPARSE, L->no, "line too long (at most %d characters)", LINE_MAX_ - 1);
    if (L->n < 0)
        return fail(rd, FC_EPARSE, L->no, "too many words (at most %d)", WORDS_MAX);
    return got;
}

static int int_word(reader *rd, const char *w, int lo, int hi, const char *what, int *out)
{
    char *end;
    long v = strtol(w, &end, 10);
    if (end == w || *end)
        return fail(rd, FC_EPARSE, rd->L.no, "%s: bad number '%s'", what, w);
    if (v < lo || v > hi)
        return fail(rd, FC_EINVAL, rd->L.no, "%s %ld out of range %d..%d", what, v, lo, hi);
    *out = (int)v;
    return 0;
}

static int hex_word(reader *rd, const char *w, int *cell)
{
    char *end;
    long q = strtol(w, &end, 10);
    if (end == w || *end != ',')
        return fail(rd, FC_EPARSE, rd->L.no, "bad hex '%s' (expected q,r)", w);
    const char *p = end + 1;
    long r = strtol(p, &end, 10);
    if (end == p || *end)
        return fail(rd, FC_EPARSE, rd->L.no, "bad hex '%s' (expected q,r)", w);
    int c = q < -99 || q > 99 || r < -99 || r > 99 ? -1 : tm_cell_at(rd->D, (int)q, (int)r);
    if (c < 0)
        return fail(rd, FC_EINVAL, rd->L.no, "hex %s is not on the board (radius %d)", w, rd->D->radius);
    *cell = c;
    return 0;
}

static int seat_word(reader *rd, const char *w, const char *what, int *seat)
{
    int v = 0;
    int rc = int_word(rd, w, 1, rd->s->nseats, what, &v);
    if (rc == 0)
        *seat = v - 1;
    return rc;
}

/* The list after the key (words from `first`): "none" alone, or at least one item. */
static int list_words(reader *rd, int first, int *count)
{
    line *L = &rd->L;
    *count = L->n - first;
    if (*count == 1 && strcmp(L->w[first], "none") == 0)
        *count = 0;
    else if (*count == 0)
        return fail(rd, FC_EPARSE, L->no, "'%s' needs its items, or 'none'", L->w[first - 1]);
    else
        for (int i = first; i < L->n; i++)
            if (strcmp(L->w[i], "none") == 0)
                return fail(rd, FC_EPARSE, L->no, "'none' stands alone: the list is empty or names its items");
    return 0;
}

/* Exactly `want` words after the key. */
static int arity(reader *rd, int want, const char *usage)
{
    if (rd->L.n != want + 1)
        return fail(rd, FC_EPARSE, rd->L.no, "expected '%s'", usage);
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
        return fail(rd, FC_EPARSE, rd->L.no, "unknown key '%s%s' (did you mean '%s%s'?)", pre, w, pre, c);
    return fail(rd, FC_EPARSE, rd->L.no, "unknown key '%s%s'", pre, w);
}

static int mark(reader *rd, slot *sl, const char *what, size_t off)
{
    if (sl->no)
        return fail(rd, FC_EPARSE, rd->L.no, "duplicate '%s' (first on line %d)", what, sl->no);
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
            return fail(rd, FC_EPARSE, no, "a position starts with 'position termity'");
        first = 0;
        int rc;
        if (strcmp(L->w[0], "seat") == 0) {
            int seat, k;
            if (L->n < 3)
                return fail(rd, FC_EPARSE, no, "expected 'seat N KEY ...'");
            if ((rc = seat_word(rd, L->w[1], "seat", &seat)) != 0)
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
static int load(reader *rd, const slot *sl, const char *key, bool required)
{
    if (!sl->no) {
        if (required)
            return fail(rd, FC_EPARSE, 0, "missing '%s'", key);
        return 1;
    }
    fc_textlines r = {rd->text, sl->off, sl->no - 1};
    int rc = read_line(rd, &r, &rd->L);
    return rc < 0 ? rc : 0;
}

/* load() for a seat's key: a missing one is named with its seat ("missing 'seat 2 bonus'"). */
static int sload(reader *rd, int seat, int key)
{
    char name[40];
    snprintf(name, sizeof name, "seat %d %s", seat + 1, skeys[key]);
    return load(rd, &rd->sk[seat][key], name, true);
}

static int forbid(reader *rd, int key, const char *why)
{
    if (rd->g[key].no)
        return fail(rd, FC_EINVAL, rd->g[key].no, "'%s' does not belong here: %s", gkeys[key], why);
    return 0;
}

static int read_header(reader *rd)
{
    tm_state *s = rd->s;
    int rc, v = 0;
    if ((rc = load(rd, &rd->g[G_POSITION], "position", true)) != 0)
        return rc;
    if (rd->L.n != 2 || strcmp(rd->L.w[1], "termity") != 0)
        return fail(rd, FC_EPARSE, rd->L.no, "expected 'position termity'");
    if ((rc = load(rd, &rd->g[G_SEATS], "seats", true)) != 0 || (rc = arity(rd, 1, "seats N")) != 0 ||
        (rc = int_word(rd, rd->L.w[1], 2, TM_SEATS, "seats", &v)) != 0)
        return rc;
    if (v != s->nseats)
        return fail(rd, FC_EINVAL, rd->L.no, "the position has %d seats, the rule set %d", v, s->nseats);
    if ((rc = load(rd, &rd->g[G_FIRST], "first_player", true)) != 0 || (rc = arity(rd, 1, "first_player SEAT")) != 0 ||
        (rc = seat_word(rd, rd->L.w[1], "first_player", &v)) != 0)
        return rc;
    if (rd->D->first_player >= 0 && v != rd->D->first_player)
        return fail(rd, FC_EINVAL, rd->L.no, "first_player %d, but the rule set says seat %d (the first_player parameter)",
                    v + 1, rd->D->first_player + 1);
    s->first = (uint8_t)v;
    if ((rc = load(rd, &rd->g[G_ROUND], "round", true)) != 0 || (rc = arity(rd, 1, "round N")) != 0 ||
        (rc = int_word(rd, rd->L.w[1], 0, 99, "round", &v)) != 0)
        return rc;
    s->round = (uint8_t)v;
    if ((rc = load(rd, &rd->g[G_PHASE], "phase", true)) != 0 || (rc = arity(rd, 1, "phase NAME")) != 0)
        return rc;
    int ph;
    for (ph = 0; ph < NPHASES && strcmp(rd->L.w[1], phase_names[ph]); ph++)
        ;
    if (ph == NPHASES)
        return fail(rd, FC_EPARSE, rd->L.no,
                    "unknown phase '%s' (draw, setup, deploy, deploy_hex, discard, move, move_dest, retreat, "
                    "attack_mound, replace, over, neutral, tile, tile_hex)",
                    rd->L.w[1]);
    if (TM_BUILDING(ph) && !rd->D->custom)
        return fail(rd, FC_EINVAL, rd->L.no, "phase %s is only in scenario custom (R-43)", phase_names[ph]);
    s->phase = (uint8_t)ph;
    if ((rc = load(rd, &rd->g[G_TURN], "turn", true)) != 0 || (rc = arity(rd, 1, "turn SEAT")) != 0 ||
        (rc = seat_word(rd, rd->L.w[1], "turn", &v)) != 0)
        return rc;
    s->turn = (uint8_t)v;
    /* the placement order's step; before the setup it is 0, after it the order's length */
    int steps = s->nseats == 2 ? 4 : s->nseats;
    if (ph != PH_SETUP) {
        s->setup_step = (uint8_t)(s->round ? steps : 0);
        return forbid(rd, G_SETUP_STEP, "only phase setup has a setup_step");
    }
    if ((rc = load(rd, &rd->g[G_SETUP_STEP], "setup_step", true)) != 0 || (rc = arity(rd, 1, "setup_step N")) != 0 ||
        (rc = int_word(rd, rd->L.w[1], 1, steps, "setup_step", &v)) != 0)
        return rc;
    s->setup_step = (uint8_t)(v - 1);
    return 0;
}

static int token_id(reader *rd, int seat, const char *w, int *tok)
{
    const tm_swarm *W = &rd->D->swarm[rd->s->swarm[seat]];
    for (int k = 0; k < W->ntok; k++)
        if (strcmp(W->tok[k].id, w) == 0) {
            *tok = k;
            return 0;
        }
    return fail(rd, FC_EINVAL, rd->L.no, "unknown token '%s' for seat %d (swarm %s)", w, seat + 1, W->name);
}

static int put_piece(reader *rd, int cell, uint8_t piece, const char *w)
{
    if (rd->s->piece[cell])
        return fail(rd, FC_EINVAL, rd->L.no, "hex %s already holds a piece (line %d)", w, rd->cell_line[cell]);
    rd->s->piece[cell] = piece;
    rd->cell_line[cell] = rd->L.no;
    return 0;
}

static int read_swarm(reader *rd, int i)
{
    int rc = sload(rd, i, S_SWARM);
    if (rc == 0)
        rc = arity(rd, 3, "seat N swarm NAME");
    if (rc)
        return rc;
    for (int k = 0; k < rd->D->nswarms; k++)
        if (strcasecmp(rd->D->swarm[k].name, rd->L.w[3]) == 0) {
            rd->s->swarm[i] = (uint8_t)k;
            return 0;
        }
    return fail(rd, FC_EINVAL, rd->L.no, "unknown swarm '%s'", rd->L.w[3]);
}

/* seat N stack|hand|board|dead|discarded TOKENS: every token of the swarm exactly once. */
static int read_tokens(reader *rd, int i)
{
    tm_state *s = rd->s;
    tm_seat *P = &s->seat[i];
    int rc, n;
    for (int st = TK_STACK; st <= TK_DISCARDED; st++) {
        if ((rc = sload(rd, i, S_STACK + st)) != 0 || (rc = list_words(rd, 3, &n)) != 0)
            return rc;
        for (int j = 3; j < 3 + n; j++) {
            char w[LINE_MAX_];
            snprintf(w, sizeof w, "%s", rd->L.w[j]);
            char *at = strchr(w, '@');
            if ((st == TK_BOARD) != (at != NULL))
                return fail(rd, FC_EPARSE, rd->L.no, st == TK_BOARD ? "expected TOKEN@q,r, not '%s'" : "expected a token id, not '%s'",
                            w);
            if (at)
                *at = '\0';
            int k = 0, cell = 0;
            if ((rc = token_id(rd, i, w, &k)) != 0)
                return rc;
            if (rd->tok_line[i][k])
                return fail(rd, FC_EINVAL, rd->L.no, "token %s is already named on line %d", w, rd->tok_line[i][k]);
            rd->tok_line[i][k] = rd->L.no;
            P->tok_st[k] = (uint8_t)st;
            if (st == TK_STACK)
                P->stack |= 1u << k;
            else if (st == TK_HAND)
                P->hand |= 1u << k;
            else if (st == TK_BOARD) {
                if ((rc = hex_word(rd, at + 1, &cell)) != 0 || (rc = put_piece(rd, cell, TM_UNIT(i, k), at + 1)) != 0)
                    return rc;
                P->board |= 1u << k;
                P->tok_cell[k] = (uint8_t)cell;
            }
        }
    }
    return 0;
}

/* The attacker off the board during a retreat choice is in no list; all others are. */
static int tokens_conserved(reader *rd)
{
    tm_state *s = rd->s;
    for (int i = 0; i < s->nseats; i++) {
        const tm_swarm *W = &rd->D->swarm[s->swarm[i]];
        for (int k = 0; k < W->ntok; k++) {
            bool flying = s->phase == PH_RETREAT && i == s->turn && k == s->sel;
            if (flying && rd->tok_line[i][k])
                return fail(rd, FC_EINVAL, rd->tok_line[i][k],
                            "token %s attacks (selected): it is off the board, in no list (R-30.1)", W->tok[k].id);
            if (flying)
                s->seat[i].tok_st[k] = TK_BOARD;
            else if (!rd->tok_line[i][k])
                return fail(rd, FC_EINVAL, rd->sk[i][S_STACK].no,
                            "token %s of seat %d is in none of its stack, hand, board, dead, discarded", W->tok[k].id,
                            i + 1);
        }
    }
    return 0;
}

static int read_neutral(reader *rd)
{
    const tm_data *D = rd->D;
    tm_state *s = rd->s;
    int rc, n;
    if ((rc = load(rd, &rd->g[G_NEUTRAL], "neutral", true)) != 0 || (rc = list_words(rd, 1, &n)) != 0)
        return rc;
    int want = D->custom ? D->neutral_want : D->board.nneutral;
    if (D->custom ? n > want : n != want)
        return fail(rd, FC_EINVAL, rd->L.no, "%d neutral mounds, the board has %s%d (R-08, R-44)", n,
                    D->custom ? "at most " : "", want);
    for (int k = 0; k < n; k++) {
        const char *w = rd->L.w[1 + k];
        if (strcmp(w, "taken") == 0) {
            s->neutral_taken++;
            rd->taken[TM_SEATS][k] = true;
            continue;
        }
        int cell;
        if ((rc = hex_word(rd, w, &cell)) != 0 || (rc = put_piece(rd, cell, TM_MOUND(TM_NEUTRAL, k), w)) != 0)
            return rc;
        s->neutral_cell[k] = (uint8_t)cell;
    }
    if (D->custom)
        s->neutral_placed = (uint8_t)n;
    return 0;
}

static int read_mounds(reader *rd, int i)
{
    const tm_data *D = rd->D;
    tm_seat *P = &rd->s->seat[i];
    int rc = sload(rd, i, S_MOUNDS);
    if (rc)
        return rc;
    if (rd->L.n - 3 != D->nmounds)
        return fail(rd, FC_EINVAL, rd->L.no, "%d mounds, a swarm has %d (VALUE:reserve, VALUE:taken or VALUE:q,r each)",
                    rd->L.n - 3, D->nmounds);
    P->reserve = 0;
    for (int k = 0; k < D->nmounds; k++) {
        char *w = rd->L.w[3 + k], *colon = strchr(w, ':');
        int v, cell;
        if (!colon)
            return fail(rd, FC_EPARSE, rd->L.no, "expected VALUE:reserve, VALUE:taken or VALUE:q,r, not '%s'", w);
        *colon = '\0';
        if ((rc = int_word(rd, w, 0, 99, "mound value", &v)) != 0)
            return rc;
        if (v != D->mound_value[k])
            return fail(rd, FC_EINVAL, rd->L.no, "mound %d is worth %d under these parameters, not %d (R-40)", k + 1,
                        D->mound_value[k], v);
        const char *where = colon + 1;
        if (strcmp(where, "reserve") == 0)
            P->reserve |= (uint8_t)(1u << k);
        else if (strcmp(where, "taken") == 0)
            rd->taken[i][k] = true;
        else if ((rc = hex_word(rd, where, &cell)) != 0 || (rc = put_piece(rd, cell, TM_MOUND(i, k), where)) != 0)
            return rc;
        else
            P->mound_cell[k] = (uint8_t)cell;
    }
    return 0;
}

static int read_trophies(reader *rd, int i)
{
    const tm_data *D = rd->D;
    tm_seat *P = &rd->s->seat[i];
    int rc, n;
    if ((rc = sload(rd, i, S_TROPHIES)) != 0 || (rc = list_words(rd, 3, &n)) != 0)
        return rc;
    for (int j = 0; j < n; j++) {
        const char *w = rd->L.w[3 + j];
        int owner, idx;
        char *end;
        if (strncmp(w, "neutral:", 8) == 0) {
            owner = TM_NEUTRAL;
            idx = (int)strtol(w + 8, &end, 10) - 1;
            if (end == w + 8 || *end || idx < 0 || idx >= TM_MAX_NEUTRAL)
                return fail(rd, FC_EPARSE, rd->L.no, "bad trophy '%s' (neutral:K or seatN:K)", w);
        } else if (strncmp(w, "seat", 4) == 0) {
            owner = (int)strtol(w + 4, &end, 10) - 1;
            if (end == w + 4 || *end != ':' || owner < 0 || owner >= rd->s->nseats)
                return fail(rd, FC_EPARSE, rd->L.no, "bad trophy '%s' (neutral:K or seatN:K, N a seat)", w);
            const char *p = end + 1;
            idx = (int)strtol(p, &end, 10) - 1;
            if (end == p || *end || idx < 0 || idx >= D->nmounds)
                return fail(rd, FC_EPARSE, rd->L.no, "bad trophy '%s' (seatN:K, K a mound 1..%d)", w, D->nmounds);
        } else {
            return fail(rd, FC_EPARSE, rd->L.no, "bad trophy '%s' (neutral:K or seatN:K)", w);
        }
        int o = owner == TM_NEUTRAL ? TM_SEATS : owner;
        if (owner == i)
            return fail(rd, FC_EINVAL, rd->L.no, "trophy %s: a seat does not capture its own mound (R-34)", w);
        if (!rd->taken[o][idx])
            return fail(rd, FC_EINVAL, rd->L.no, "trophy %s: that mound is not marked taken", w);
        if (rd->trophied[o][idx])
            return fail(rd, FC_EINVAL, rd->L.no, "trophy %s is named twice", w);
        rd->trophied[o][idx] = true;
        uint8_t code = TM_MOUND(owner, idx);
        P->trophy[P->ntrophy++] = code;
        P->trophy_sum = (int16_t)(P->trophy_sum + tm_mound_value(D, code));
    }
    return 0;
}

static int trophies_conserved(reader *rd)
{
    for (int o = 0; o <= TM_SEATS; o++)
        for (int k = 0; k < TM_MAX_MOUNDS; k++)
            if (rd->taken[o][k] && !rd->trophied[o][k]) {
                int no = o == TM_SEATS ? rd->g[G_NEUTRAL].no : rd->sk[o][S_MOUNDS].no;
                if (o == TM_SEATS)
                    return fail(rd, FC_EINVAL, no, "neutral mound %d is taken but in no seat's trophies", k + 1);
                return fail(rd, FC_EINVAL, no, "mound %d of seat %d is taken but in no seat's trophies", k + 1, o + 1);
            }
    return 0;
}

static int read_counters(reader *rd, int i)
{
    tm_seat *P = &rd->s->seat[i];
    int rc, v = 0;
    if ((rc = sload(rd, i, S_TURNS)) != 0 || (rc = arity(rd, 3, "seat N turns N")) != 0 ||
        (rc = int_word(rd, rd->L.w[3], 0, 99, "turns", &v)) != 0)
        return rc;
    P->turns = (uint8_t)v;
    if ((rc = sload(rd, i, S_BONUS)) != 0 || (rc = arity(rd, 3, "seat N bonus N")) != 0 ||
        (rc = int_word(rd, rd->L.w[3], -5000, 5000, "bonus", &v)) != 0)
        return rc;
    P->bonus = (int16_t)v;
    return 0;
}

static int tile_word(reader *rd, const char *w, int *tile)
{
    char nm[16];
    for (int k = 0; k < rd->D->ntiles; k++) {
        tile_name(rd->D, k, nm, sizeof nm);
        if (strcmp(nm, w) == 0) {
            if (!(rd->D->custom_pool >> k & 1))
                return fail(rd, FC_EINVAL, rd->L.no, "tile %s is not laid out for this game (custom_tiles)", w);
            *tile = k;
            return 0;
        }
    }
    return fail(rd, FC_EINVAL, rd->L.no, "unknown tile '%s' (WV1, WS3, VS2 ...)", w);
}

/* scenario custom: the pool, the box, the laid tiles (the terrain follows from them). */
static int read_building(reader *rd)
{
    const tm_data *D = rd->D;
    tm_state *s = rd->s;
    int rc, n, v, line_of[TM_MAX_TILES] = {0};
    if (!D->custom) {
        static const int keys[] = {G_POOL, G_BOX, G_LAID, G_PAIR_LEFT, G_FACE_SEL};
        for (size_t j = 0; j < sizeof keys / sizeof keys[0]; j++)
            if ((rc = forbid(rd, keys[j], "the board is not built in the game (scenario custom)")) != 0)
                return rc;
        return 0;
    }
    for (int key = G_POOL; key <= G_LAID; key++) {
        if ((rc = load(rd, &rd->g[key], gkeys[key], true)) != 0 || (rc = list_words(rd, 1, &n)) != 0)
            return rc;
        for (int j = 1; j <= n; j++) {
            char w[LINE_MAX_];
            snprintf(w, sizeof w, "%s", rd->L.w[j]);
            char *colon = strchr(w, ':'), *at = colon ? strchr(colon, '@') : NULL;
            if ((key == G_LAID) != (colon != NULL) || (colon && !at))
                return fail(rd, FC_EPARSE, rd->L.no, key == G_LAID ? "expected TILE:FACE@q,r, not '%s'" : "expected a tile, not '%s'",
                            w);
            if (colon)
                *colon = *at = '\0';
            int k, cell, f;
            if ((rc = tile_word(rd, w, &k)) != 0)
                return rc;
            if (line_of[k])
                return fail(rd, FC_EINVAL, rd->L.no, "tile %s is already named on line %d", w, line_of[k]);
            line_of[k] = rd->L.no;
            if (key == G_POOL)
                s->pool |= 1u << k;
            else if (key == G_BOX)
                s->box |= 1u << k;
            else {
                for (f = 0; f < 2 && strcmp(colon + 1, face_words[D->tile_face[k][f] & 3]); f++)
                    ;
                if (f == 2)
                    return fail(rd, FC_EINVAL, rd->L.no, "tile %s has no face '%s'", w, colon + 1);
                if ((rc = hex_word(rd, at + 1, &cell)) != 0)
                    return rc;
                for (int j2 = 0; j2 < D->ntiles; j2++)
                    if (s->tile_cell[j2] == cell)
                        return fail(rd, FC_EINVAL, rd->L.no, "hex %s already has a tile", at + 1);
                s->tile_cell[k] = (uint8_t)cell;
                s->face2 |= (uint32_t)f << k;
                s->terrain[cell] = D->tile_face[k][f];
            }
        }
    }
    for (int k = 0; k < D->ntiles; k++)
        if ((D->custom_pool >> k & 1) && !line_of[k]) {
            char nm[16];
            tile_name(D, k, nm, sizeof nm);
            return fail(rd, FC_EINVAL, rd->g[G_POOL].no, "tile %s is in none of tiles_pool, tiles_box, tiles_laid", nm);
        }
    if ((rc = load(rd, &rd->g[G_PAIR_LEFT], "pair_left", true)) != 0 || (rc = arity(rd, 1, "pair_left N")) != 0 ||
        (rc = int_word(rd, rd->L.w[1], 0, 2, "pair_left", &v)) != 0)
        return rc;
    s->pair_left = (uint8_t)v;
    if ((rc = load(rd, &rd->g[G_FACE_SEL], "face_sel", true)) != 0 || (rc = arity(rd, 1, "face_sel 0|1")) != 0 ||
        (rc = int_word(rd, rd->L.w[1], 0, 1, "face_sel", &v)) != 0)
        return rc;
    s->face_sel = (uint8_t)v;
    return 0;
}

static int read_selected(reader *rd)
{
    tm_state *s = rd->s;
    int ph = s->phase, rc, v;
    if (!has_sel(ph))
        return forbid(rd, G_SELECTED, "only the phases deploy_hex, move_dest, retreat, attack_mound, replace and tile_hex select");
    if ((rc = load(rd, &rd->g[G_SELECTED], "selected", true)) != 0 || (rc = arity(rd, 1, "selected TOKEN|q,r|TILE")) != 0)
        return rc;
    const char *w = rd->L.w[1];
    if (ph == PH_MOVE_DEST) {
        if ((rc = hex_word(rd, w, &v)) != 0)
            return rc;
        uint8_t p = s->piece[v];
        if (!TM_IS_UNIT(p) || TM_U_SEAT(p) != s->turn)
            return fail(rd, FC_EINVAL, rd->L.no, "selected %s: no unit of seat %d there to move", w, s->turn + 1);
    } else if (ph == PH_TILE_HEX) {
        if ((rc = tile_word(rd, w, &v)) != 0)
            return rc;
        if (!(s->pool >> v & 1))
            return fail(rd, FC_EINVAL, rd->L.no, "selected %s: the taken tile must be in tiles_pool", w);
    } else {
        if ((rc = token_id(rd, s->turn, w, &v)) != 0)
            return rc;
        int st = s->seat[s->turn].tok_st[v];
        if (ph == PH_DEPLOY_HEX && st != TK_HAND)
            return fail(rd, FC_EINVAL, rd->L.no, "selected %s: the token deployed must be in seat %d's hand", w,
                        s->turn + 1);
        if ((ph == PH_ATK_MOUND || ph == PH_REPLACE) && st != TK_DEAD)
            return fail(rd, FC_EINVAL, rd->L.no, "selected %s: the attacker that captured a mound is dead (R-34)", w);
    }
    s->sel = (uint8_t)v;
    return 0;
}

static int read_replacer(reader *rd)
{
    tm_state *s = rd->s;
    int rc, v = 0;
    if (!has_replacer(s->phase))
        return forbid(rd, G_REPLACER, "only the phases attack_mound and replace have a replacer");
    if ((rc = load(rd, &rd->g[G_REPLACER], "replacer", true)) != 0 || (rc = arity(rd, 1, "replacer SEAT|none")) != 0)
        return rc;
    if (s->phase == PH_ATK_MOUND && strcmp(rd->L.w[1], "none") == 0)
        return 0;
    if ((rc = seat_word(rd, rd->L.w[1], "replacer", &v)) != 0)
        return rc;
    s->replacer = (uint8_t)v;
    return 0;
}

static int read_bookkeeping(reader *rd)
{
    tm_state *s = rd->s;
    line *L = &rd->L;
    int rc, c[3];
    if ((rc = load(rd, &rd->g[G_LAST_MOVE], "last_move", true)) != 0)
        return rc;
    if (!(L->n == 2 && strcmp(L->w[1], "none") == 0)) {
        if (L->n != 3)
            return fail(rd, FC_EPARSE, L->no, "expected 'last_move q,r q,r' or 'last_move none'");
        if ((rc = hex_word(rd, L->w[1], &c[0])) != 0 || (rc = hex_word(rd, L->w[2], &c[1])) != 0)
            return rc;
        s->last_move_from = (uint8_t)c[0];
        s->last_move_to = (uint8_t)c[1];
    }
    if ((rc = load(rd, &rd->g[G_LAST_ATTACK], "last_attack", true)) != 0)
        return rc;
    if (!(L->n == 2 && strcmp(L->w[1], "none") == 0)) {
        if (L->n != 4)
            return fail(rd, FC_EPARSE, L->no, "expected 'last_attack START FROM TARGET' (hexes) or 'last_attack none'");
        for (int j = 0; j < 3; j++)
            if ((rc = hex_word(rd, L->w[1 + j], &c[j])) != 0)
                return rc;
        s->atk_start = (uint8_t)c[0];
        s->atk_from = (uint8_t)c[1];
        s->atk_target = (uint8_t)c[2];
    }
    if (in_attack(s->phase) && s->atk_start == TM_NO_CELL)
        return fail(rd, FC_EINVAL, L->no, "phase %s needs the attack in progress as last_attack", phase_names[s->phase]);
    if (s->phase == PH_RETREAT) {
        uint8_t p = s->piece[s->atk_target];
        if (!TM_IS_UNIT(p) || TM_U_SEAT(p) == s->turn)
            return fail(rd, FC_EINVAL, L->no, "phase retreat: the target hex holds no enemy unit (R-30)");
        if (s->piece[s->atk_start])
            return fail(rd, FC_EINVAL, L->no, "phase retreat: the attacker's start hex must be empty (R-30.1)");
    }
    if (s->phase == PH_ATK_MOUND && s->piece[s->atk_target])
        return fail(rd, FC_EINVAL, L->no, "phase attack_mound: the captured hex must be empty (R-35)");
    if ((rc = load(rd, &rd->g[G_DRAWER], "drawer", true)) != 0)
        return rc;
    if (L->n == 2 && strcmp(L->w[1], "none") == 0) {
        if (s->phase == PH_DRAW)
            return fail(rd, FC_EINVAL, L->no, "phase draw needs 'drawer SEAT opening|refill'");
        return 0;
    }
    int seat;
    if (L->n != 3 || (strcmp(L->w[2], "opening") && strcmp(L->w[2], "refill")))
        return fail(rd, FC_EPARSE, L->no, "expected 'drawer SEAT opening|refill' or 'drawer none'");
    if ((rc = seat_word(rd, L->w[1], "drawer", &seat)) != 0)
        return rc;
    s->drawer = (uint8_t)seat;
    s->after_draw = strcmp(L->w[2], "opening") == 0 ? PH_SETUP : PH_MOVE;
    if (s->phase == PH_DRAW && !s->seat[seat].stack)
        return fail(rd, FC_EINVAL, L->no, "phase draw: seat %d has no token left to draw (R-16)", seat + 1);
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
            return fail(rd, FC_EINVAL, rd->sk[i][S_HAND].no,
                        "seat %d holds %d tokens with %d in its stack: hands are refilled to %d (R-10, R-16)", i + 1,
                        held, __builtin_popcount(P->stack), rd->D->hand_size);
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
        rc = read_header(rd);
    for (int i = 0; rc == 0 && i < s->nseats; i++)
        rc = read_swarm(rd, i);
    for (int i = 0; rc == 0 && i < s->nseats; i++)
        rc = read_tokens(rd, i);
    if (rc == 0)
        rc = read_neutral(rd);
    for (int i = 0; rc == 0 && i < s->nseats; i++)
        rc = read_mounds(rd, i);
    for (int i = 0; rc == 0 && i < s->nseats; i++)
        rc = read_trophies(rd, i);
    if (rc == 0)
        rc = trophies_conserved(rd);
    for (int i = 0; rc == 0 && i < s->nseats; i++)
        rc = read_counters(rd, i);
    if (rc == 0)
        rc = read_building(rd);
    if (rc == 0)
        rc = read_selected(rd);
    if (rc == 0)
        rc = tokens_conserved(rd);
    if (rc == 0)
        rc = read_replacer(rd);
    if (rc == 0)
        rc = read_bookkeeping(rd);
    if (rc == 0)
        rc = hands_full(rd);
    if (rc == 0 && s->phase == PH_DISCARD && deployable(D, s))
        rc = fail(rd, FC_EINVAL, rd->g[G_PHASE].no,
                  "phase discard, but seat %d can deploy a token of its hand: a token is discarded only when none "
                  "can be (R-17)",
                  s->turn + 1);
    if (rc == 0 && s->phase != PH_OVER) { /* a step nobody can decide would stall the match */
        fc_decision buf[TM_MAX_DECISIONS];
        if (tm_legal(s, env, buf, NULL) < 1)
            rc = fail(rd, FC_EINVAL, rd->g[G_PHASE].no, "phase %s: nothing can be decided here (seat %d)",
                      phase_names[s->phase], s->phase == PH_DRAW ? s->drawer + 1 : s->turn + 1);
    }
    free(rd);
    return rc;
}
