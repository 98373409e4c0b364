/* Marabunta positions as text (docs/positions/marabunta.md), reading: the lines are found in
 * one pass (unknown and duplicate keys refused), then read in a fixed order into a cleared
 * state; the sets and sums that follow from the hexes are recomputed as write_number and
 * cross_hex keep them, so a written position reads back into the very same bytes. Every error
 * is one line naming its line number; the game's check runs afterwards (in the core). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formicary/textbuf.h"
#include "position.h"

#define DATA(env) ((const mb_data *)(env)->data)

#define LINE_MAX_ 2048
#define WORDS_MAX 160

enum { G_POSITION, G_SEATS, G_ROUND, G_PHASE, G_SPLITTER, G_CUT, G_TRIGGER, G_PILE, G_TILE, G_DICE, G_SPLIT,
       G_RESOLVER, G_LEFT, G_CROSSED, G_COUNT };
static const char *const gkeys[G_COUNT] = {"position", "seats", "round", "phase",    "splitter", "counter_cut", "trigger",
                                          "pile",     "tile",  "dice",  "split",    "resolver", "left",        "crossed"};
enum { S_NUMBERS, S_LEAVES, S_HILLS, S_COOKIES, S_VP, S_CRATES, S_CUT_USED, S_ITEMS, S_COUNT };
static const char *const skeys[S_COUNT] = {"numbers", "leaves", "ant_hills", "cookies",
                                          "vp",      "crates", "counter_cut_used", "items"};
/* keys for the closest-key hint: the global ones, "task" and "seat" */
static const char *const hint_keys[] = {"position", "seats", "round", "phase", "splitter", "counter_cut", "trigger",
                                        "pile",     "tile",  "dice",  "split", "resolver", "left",        "crossed",
                                        "task",     "seat"};

typedef struct line {
    int no, n;
    char buf[LINE_MAX_];
    char *w[WORDS_MAX];
} line;

typedef struct slot {
    int no;
    size_t off;
} slot;

typedef struct reader {
    const mb_data *D;
    const fc_env *env;
    mb_state *s;
    fc_error *err;
    const char *text;
    slot g[G_COUNT];
    slot sk[MB_SEATS][S_COUNT];
    slot task[MB_MAX_TASKS];
    int hex_line[MB_MAX_HEX];
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
    return rd->env->host->error_set(rd->err, code, "marabunta: line %d: %s", no, msg);
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

static int hex_word(reader *rd, const char *w, int *hex)
{
    char *end;
    long q = strtol(w, &end, 10);
    if (end == w || *end != ',')
        return fail(rd, FC_EPARSE, rd->L.no, "bad hex '%s' (expected q,r)", w);
    const char *p = end + 1;
    long r = strtol(p, &end, 10);
    if (end == p || *end)
        return fail(rd, FC_EPARSE, rd->L.no, "bad hex '%s' (expected q,r)", w);
    int c = q >= -16 && q < 16 && r >= -16 && r < 16 ? rd->D->index[r + 16][q + 16] : -1;
    if (c < 0)
        return fail(rd, FC_EINVAL, rd->L.no, "hex %s is not in the territory (the board_side parameter)", w);
    *hex = c;
    return 0;
}

static int yes_no(reader *rd, const char *w, const char *what, int *out)
{
    if (strcmp(w, "yes") == 0 || strcmp(w, "no") == 0) {
        *out = w[0] == 'y';
        return 0;
    }
    return fail(rd, FC_EPARSE, rd->L.no, "%s is 'yes' or 'no', not '%s'", what, w);
}

static int region_word(reader *rd, const char *w, int *r)
{
    for (int i = 0; i < rd->D->nregions; i++)
        if (strcmp(rd->D->region_name[i], w) == 0) {
            *r = i;
            return 0;
        }
    return fail(rd, FC_EINVAL, rd->L.no, "unknown region '%s'", w);
}

/* "pink,blue,tile" (items of the dice and the tile) or "none". */
static int items_word(reader *rd, const char *w, int *mask)
{
    *mask = 0;
    if (strcmp(w, "none") == 0)
        return 0;
    char copy[LINE_MAX_], name[MB_NAME];
    snprintf(copy, sizeof copy, "%s", w);
    char *save = NULL;
    for (char *x = strtok_r(copy, ",", &save); x; x = strtok_r(NULL, ",", &save)) {
        int i;
        for (i = 0; i < mb_nitems(rd->D); i++) {
            mb_item_name(rd->D, i, name, sizeof name);
            if (strcmp(name, x) == 0)
                break;
        }
        if (i == mb_nitems(rd->D))
            return fail(rd, FC_EINVAL, rd->L.no, "unknown item '%s' (a die colour or 'tile')", x);
        if (*mask >> i & 1)
            return fail(rd, FC_EINVAL, rd->L.no, "item '%s' named twice", x);
        *mask |= 1 << i;
    }
    if (!*mask)
        return fail(rd, FC_EPARSE, rd->L.no, "bad item list '%s'", w);
    return 0;
}

static int tile_word(reader *rd, const char *w, int *t)
{
    for (int i = 0; i < rd->D->ntiles; i++)
        if (strcmp(rd->D->tile[i].id, w) == 0) {
            *t = i;
            return 0;
        }
    return fail(rd, FC_EINVAL, rd->L.no, "unknown tile '%s'", w);
}

static int arity(reader *rd, int want, const char *usage)
{
    if (rd->L.n != want + 1)
        return fail(rd, FC_EPARSE, rd->L.no, "expected '%s'", usage);
    return 0;
}

/* A list after `first` words: "none" alone or its items; returns the count. */
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

static int unknown_key(reader *rd, const char *w, const char *const *keys, int n, const char *pre)
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
    if (best)
        return fail(rd, FC_EPARSE, rd->L.no, "unknown key '%s%s' (did you mean '%s%s'?)", pre, w, pre, best);
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

static int scan(reader *rd)
{
    fc_textlines r = {rd->text, 0, 0};
    int first = 1, rc, k;
    char what[40];
    for (;;) {
        size_t start = r.off;
        if ((rc = read_line(rd, &r, &rd->L)) <= 0)
            return rc;
        line *L = &rd->L;
        int no = L->no;
        if (!L->n)
            continue;
        if (first && strcmp(L->w[0], "position") != 0)
            return fail(rd, FC_EPARSE, no, "a position starts with 'position marabunta'");
        first = 0;
        if (strcmp(L->w[0], "seat") == 0 || strcmp(L->w[0], "task") == 0) {
            bool seat = L->w[0][0] == 's';
            int x;
            if (L->n < 3)
                return fail(rd, FC_EPARSE, no, seat ? "expected 'seat N KEY ...'" : "expected 'task N KIND ...'");
            if ((rc = int_word(rd, L->w[1], 1, seat ? MB_SEATS : MB_MAX_TASKS, L->w[0], &x)) != 0)
                return rc;
            if (!seat) {
                snprintf(what, sizeof what, "task %d", x);
                if ((rc = mark(rd, &rd->task[x - 1], what, start)) != 0)
                    return rc;
                continue;
            }
            for (k = 0; k < S_COUNT && strcmp(L->w[2], skeys[k]); k++)
                ;
            if (k == S_COUNT)
                return unknown_key(rd, L->w[2], skeys, S_COUNT, "seat N ");
            snprintf(what, sizeof what, "seat %d %s", x, skeys[k]);
            if ((rc = mark(rd, &rd->sk[x - 1][k], what, start)) != 0)
                return rc;
            continue;
        }
        for (k = 0; k < G_COUNT && strcmp(L->w[0], gkeys[k]); k++)
            ;
        if (k == G_COUNT)
            return unknown_key(rd, L->w[0], hint_keys, (int)(sizeof hint_keys / sizeof hint_keys[0]), "");
        if ((rc = mark(rd, &rd->g[k], gkeys[k], start)) != 0)
            return rc;
    }
}

static int load(reader *rd, const slot *sl, const char *key)
{
    if (!sl->no)
        return fail(rd, FC_EPARSE, 0, "missing '%s'", key);
    fc_textlines r = {rd->text, sl->off, sl->no - 1};
    int rc = read_line(rd, &r, &rd->L);
    return rc < 0 ? rc : 0;
}

/* load() for a seat's key: a missing one is named with its seat ("missing 'seat 2 bonus'"). */
static int sload(reader *rd, int seat, int key)
{
    char name[40];
    snprintf(name, sizeof name, "seat %d %s", seat + 1, skeys[key]);
    return load(rd, &rd->sk[seat][key], name);
}

static int read_header(reader *rd)
{
    mb_state *s = rd->s;
    line *L = &rd->L;
    int rc, v;
    if ((rc = load(rd, &rd->g[G_POSITION], "position")) != 0)
        return rc;
    if (L->n != 2 || strcmp(L->w[1], "marabunta") != 0)
        return fail(rd, FC_EPARSE, L->no, "expected 'position marabunta'");
    if ((rc = load(rd, &rd->g[G_SEATS], "seats")) != 0 || (rc = arity(rd, 1, "seats 2")) != 0 ||
        (rc = int_word(rd, L->w[1], 1, 8, "seats", &v)) != 0)
        return rc;
    if (v != MB_SEATS)
        return fail(rd, FC_EINVAL, L->no, "the position has %d seats, marabunta is for 2", v);
    if ((rc = load(rd, &rd->g[G_ROUND], "round")) != 0 || (rc = arity(rd, 1, "round N")) != 0 ||
        (rc = int_word(rd, L->w[1], 1, 99, "round", &v)) != 0)
        return rc;
    if (v > mb_par(rd->env, P_MAX_ROUNDS))
        return fail(rd, FC_EINVAL, L->no, "round %d is past the last round %d (the max_rounds parameter)", v,
                    (int)mb_par(rd->env, P_MAX_ROUNDS));
    s->round = (uint8_t)v;
    if ((rc = load(rd, &rd->g[G_PHASE], "phase")) != 0 || (rc = arity(rd, 1, "phase NAME")) != 0)
        return rc;
    for (v = 0; v < NPHASES && strcmp(L->w[1], phase_names[v]); v++)
        ;
    if (v == NPHASES)
        return fail(rd, FC_EPARSE, L->no, "unknown phase '%s' (draw, roll, split, choose, pick, resolve, over)", L->w[1]);
    s->phase = (uint8_t)v;
    if ((rc = load(rd, &rd->g[G_SPLITTER], "splitter")) != 0 || (rc = arity(rd, 1, "splitter SEAT")) != 0 ||
        (rc = int_word(rd, L->w[1], 1, 2, "splitter", &v)) != 0)
        return rc;
    s->splitter = (uint8_t)(v - 1);
    if ((rc = load(rd, &rd->g[G_CUT], "counter_cut")) != 0 || (rc = arity(rd, 1, "counter_cut yes|no")) != 0 ||
        (rc = yes_no(rd, L->w[1], "counter_cut", &v)) != 0)
        return rc;
    s->cut = (uint8_t)v;
    if ((rc = load(rd, &rd->g[G_TRIGGER], "trigger")) != 0 || (rc = arity(rd, 1, "trigger SEAT|none")) != 0)
        return rc;
    s->trigger = -1;
    if (strcmp(L->w[1], "none") != 0) {
        if ((rc = int_word(rd, L->w[1], 1, 2, "trigger", &v)) != 0)
            return rc;
        s->trigger = (int8_t)(v - 1);
    }
    return 0;
}

static int read_round(reader *rd)
{
    const mb_data *D = rd->D;
    mb_state *s = rd->s;
    line *L = &rd->L;
    int rc, n, v;
    if ((rc = load(rd, &rd->g[G_PILE], "pile")) != 0 || (rc = list_words(rd, 1, &n)) != 0)
        return rc;
    if (n >= D->ntiles)
        return fail(rd, FC_EINVAL, L->no, "%d tiles in the pile, there are %d regular tiles", n, D->ntiles - 1);
    for (int i = 0; i < n; i++) {
        if ((rc = tile_word(rd, L->w[1 + i], &v)) != 0)
            return rc;
        if (v == D->special)
            return fail(rd, FC_EINVAL, L->no, "tile %s is the special tile: it is not in the pile (S-06)", L->w[1 + i]);
        for (int j = 0; j < i; j++)
            if (s->pile[j] == v)
                return fail(rd, FC_EINVAL, L->no, "tile %s is in the pile twice", L->w[1 + i]);
        s->pile[i] = (uint8_t)v;
    }
    s->npile = (uint8_t)n;
    if ((rc = load(rd, &rd->g[G_TILE], "tile")) != 0 || (rc = arity(rd, 1, "tile ID")) != 0 ||
        (rc = tile_word(rd, L->w[1], &v)) != 0)
        return rc;
    for (int j = 0; j < s->npile; j++)
        if (s->pile[j] == v && s->phase != PH_DRAW)
            return fail(rd, FC_EINVAL, L->no, "tile %s is the round's tile and still in the pile", L->w[1]);
    s->tile = (uint8_t)v;
    if ((rc = load(rd, &rd->g[G_DICE], "dice")) != 0 || (rc = list_words(rd, 1, &n)) != 0)
        return rc;
    if (n > D->ndice)
        return fail(rd, FC_EINVAL, L->no, "%d dice, the game has %d", n, D->ndice);
    for (int i = 0; i < n; i++) {
        char *w = L->w[1 + i], *colon = strchr(w, ':');
        if (!colon)
            return fail(rd, FC_EPARSE, L->no, "expected DIE:FACE, not '%s'", w);
        *colon = '\0';
        if (strcmp(w, D->die_name[i]) != 0)
            return fail(rd, FC_EINVAL, L->no, "die %d is %s, not '%s' (dice are rolled in order, R-03)", i + 1,
                        D->die_name[i], w);
        int f = mb_face_parse(colon + 1), on = 0;
        for (int j = 0; f >= 0 && j < D->nfaces[i]; j++)
            on |= D->face[i][j] == f;
        if (!on)
            return fail(rd, FC_EINVAL, L->no, "the %s die has no face '%s'", w, colon + 1);
        s->face[i] = (uint8_t)f;
    }
    s->nrolled = (uint8_t)n;
    bool rolled = s->phase >= PH_SPLIT && s->phase <= PH_RESOLVE;
    if ((s->phase == PH_DRAW && n) || (rolled && n != D->ndice) || (s->phase == PH_ROLL && n >= D->ndice))
        return fail(rd, FC_EINVAL, L->no, "%d dice rolled in phase %s (R-03)", n, phase_names[s->phase]);
    if ((rc = load(rd, &rd->g[G_SPLIT], "split")) != 0)
        return rc;
    n = 0;
    if (!(L->n == 2 && strcmp(L->w[1], "none") == 0)) {
        if (L->n != 4 && L->n != 6)
            return fail(rd, FC_EPARSE, L->no, "expected 'split ITEMS / ITEMS' (three groups under V-5) or 'split none'");
        for (int i = 1; i < L->n; i += 2) {
            if (i > 1 && strcmp(L->w[i - 1], "/") != 0)
                return fail(rd, FC_EPARSE, L->no, "groups of a split are separated by ' / '");
            if ((rc = items_word(rd, L->w[i], &v)) != 0)
                return rc;
            if (!v)
                return fail(rd, FC_EINVAL, L->no, "a group of a split is not empty (R-04)");
            s->part[n++] = (uint8_t)v;
        }
    }
    s->nparts = (uint8_t)n;
    if ((rc = load(rd, &rd->g[G_RESOLVER], "resolver")) != 0 || (rc = arity(rd, 1, "resolver SEAT")) != 0 ||
        (rc = int_word(rd, L->w[1], 1, 2, "resolver", &v)) != 0)
        return rc;
    s->resolver = (uint8_t)(v - 1);
    if ((rc = load(rd, &rd->g[G_LEFT], "left")) != 0 || (rc = arity(rd, 1, "left ITEMS|none")) != 0 ||
        (rc = items_word(rd, L->w[1], &v)) != 0)
        return rc;
    s->left = (uint8_t)v;
    return 0;
}

static int flags_word(reader *rd, const char *w, uint8_t *flags)
{
    *flags = 0;
    if (strcmp(w, "none") == 0)
        return 0;
    char copy[LINE_MAX_];
    snprintf(copy, sizeof copy, "%s", w);
    char *save = NULL;
    for (char *x = strtok_r(copy, ",", &save); x; x = strtok_r(NULL, ",", &save)) {
        int f;
        for (f = 0; f < 3 && strcmp(flag_names[f], x); f++)
            ;
        if (f == 3)
            return fail(rd, FC_EINVAL, rd->L.no, "unknown task flag '%s' (constrained, ability, mandatory)", x);
        *flags = (uint8_t)(*flags | 1u << f);
    }
    return 0;
}

/* task N KIND value V count C done D region R flags F used U hexes H... */
static int read_task(reader *rd, int no, mb_task *t)
{
    static const char *const labels[] = {"value", "count", "done", "region", "flags", "used", "hexes"};
    static const char *const usage =
        "task N KIND value V count C done D region R|any flags F|none used REGIONS|none hexes HEXES|none";
    line *L = &rd->L;
    int rc, v, k;
    if (L->n < 16)
        return fail(rd, FC_EPARSE, L->no, "expected '%s'", usage);
    for (int i = 0; i < 7; i++)
        if (strcmp(L->w[3 + 2 * i], labels[i]) != 0)
            return fail(rd, FC_EPARSE, L->no, "expected '%s' (word %d is '%s', not '%s')", usage, 4 + 2 * i,
                        labels[i], L->w[3 + 2 * i]);
    for (k = 0; k < TK_KINDS && strcmp(task_names[k], L->w[2]); k++)
        ;
    if (k == TK_KINDS)
        return fail(rd, FC_EINVAL, L->no,
                    "unknown task '%s' (place, consequences, crate, leaves, flag, pair, cookie_hex, encore)", L->w[2]);
    t->kind = (uint8_t)k;
    if ((rc = int_word(rd, L->w[4], 0, 3, "value", &v)) != 0)
        return rc;
    t->value = (uint8_t)v;
    if ((rc = int_word(rd, L->w[6], 0, 9, "count", &v)) != 0)
        return rc;
    t->count = (uint8_t)v;
    if ((rc = int_word(rd, L->w[8], 0, 9, "done", &v)) != 0)
        return rc;
    t->done = (uint8_t)v;
    t->region = MB_ANY;
    if (strcmp(L->w[10], "any") != 0) {
        if ((rc = region_word(rd, L->w[10], &v)) != 0)
            return rc;
        t->region = (uint8_t)v;
    }
    if ((rc = flags_word(rd, L->w[12], &t->flags)) != 0)
        return rc;
    t->used = 0;
    if (strcmp(L->w[14], "none") != 0) {
        char copy[LINE_MAX_];
        snprintf(copy, sizeof copy, "%s", L->w[14]);
        char *save = NULL;
        for (char *x = strtok_r(copy, ",", &save); x; x = strtok_r(NULL, ",", &save)) {
            if ((rc = region_word(rd, x, &v)) != 0)
                return rc;
            t->used = (uint8_t)(t->used | 1u << v);
        }
    }
    int nh = L->n - 16;
    if (nh == 1 && strcmp(L->w[16], "none") == 0)
        nh = 0;
    else if (nh == 0)
        return fail(rd, FC_EPARSE, L->no, "'hexes' needs its hexes, or 'none'");
    /* the hexes a task holds: those written (place, pair) or whose consequences follow */
    int want = k == TK_CONS ? t->count : t->done;
    bool ranged = k == TK_PLACE ? t->count >= 1 && t->count <= 3 && t->done < t->count
                  : k == TK_CONS ? t->count >= 1 && t->count <= 3 && t->done < t->count
                  : k == TK_PAIR ? t->done <= 1
                                 : t->done == 0;
    if (k == TK_FLAG && t->region == MB_ANY)
        return fail(rd, FC_EINVAL, L->no, "task %d: a flag colours the leaf of its die's region, not 'any' (R-23)", no);
    if (!ranged || (k != TK_PLACE && k != TK_CONS && k != TK_PAIR && want))
        return fail(rd, FC_EINVAL, L->no, "task %d: count %d and done %d do not fit a %s task", no, t->count, t->done,
                    task_names[k]);
    if (nh != want)
        return fail(rd, FC_EINVAL, L->no, "task %d holds %d hexes, its count and done say %d", no, nh, want);
    for (int i = 0; i < nh; i++) {
        if ((rc = hex_word(rd, L->w[16 + i], &v)) != 0)
            return rc;
        t->hex[i] = (uint8_t)v;
    }
    return 0;
}

static int read_tasks(reader *rd)
{
    mb_state *s = rd->s;
    int n = 0, rc;
    while (n < MB_MAX_TASKS && rd->task[n].no)
        n++;
    for (int i = n; i < MB_MAX_TASKS; i++)
        if (rd->task[i].no)
            return fail(rd, FC_EINVAL, rd->task[i].no, "task %d without task %d: tasks are numbered 1, 2, ... bottom first",
                        i + 1, n + 1);
    if (n && s->phase != PH_RESOLVE)
        return fail(rd, FC_EINVAL, rd->task[0].no, "pending effects only while a player resolves (phase resolve)");
    for (int i = 0; i < n; i++) {
        char key[16];
        snprintf(key, sizeof key, "task %d", i + 1);
        if ((rc = load(rd, &rd->task[i], key)) != 0 || (rc = read_task(rd, i + 1, &s->task[i])) != 0)
            return rc;
    }
    s->ntask = (uint8_t)n;
    return 0;
}

/* Marks a hex as written or crossed; each hex at most once. */
static int claim(reader *rd, int c, const char *w)
{
    if (rd->hex_line[c])
        return fail(rd, FC_EINVAL, rd->L.no, "hex %s is already marked on line %d", w, rd->hex_line[c]);
    rd->hex_line[c] = rd->L.no;
    return 0;
}

static int read_board(reader *rd)
{
    const mb_data *D = rd->D;
    mb_state *s = rd->s;
    line *L = &rd->L;
    int rc, n, c;
    if ((rc = load(rd, &rd->g[G_CROSSED], "crossed")) != 0 || (rc = list_words(rd, 1, &n)) != 0)
        return rc;
    for (int i = 0; i < n; i++) {
        if ((rc = hex_word(rd, L->w[1 + i], &c)) != 0 || (rc = claim(rd, c, L->w[1 + i])) != 0)
            return rc;
        s->hex[c] = HX_CROSSED;
    }
    for (int p = 0; p < MB_SEATS; p++) {
        if ((rc = sload(rd, p, S_NUMBERS)) != 0 || (rc = list_words(rd, 3, &n)) != 0)
            return rc;
        for (int i = 0; i < n; i++) {
            char *w = L->w[3 + i], *colon = strchr(w, ':');
            int v;
            if (!colon)
                return fail(rd, FC_EPARSE, L->no, "expected q,r:NUMBER, not '%s'", w);
            *colon = '\0';
            if ((rc = hex_word(rd, w, &c)) != 0 || (rc = claim(rd, c, w)) != 0 ||
                (rc = int_word(rd, colon + 1, 0, 3, "number", &v)) != 0)
                return rc;
            s->hex[c] = (uint8_t)HX_NUM(p, v);
        }
    }
    /* what the game keeps alongside the hexes (write_number, cross_hex) */
    s->avail = D->all;
    for (c = 0; c < D->nhex; c++) {
        uint8_t code = s->hex[c];
        if (code == HX_AVAIL)
            continue;
        mb_del(&s->avail, c);
        if (code == HX_CROSSED)
            continue;
        int p = HX_SEAT(code);
        mb_add(&s->own[p], c);
        s->near[p] = mb_or(s->near[p], D->nbset[c]);
        s->sum[D->region[c]][p] = (uint8_t)(s->sum[D->region[c]][p] + HX_VALUE(code));
        s->seat[p].numbers++;
    }
    return 0;
}

static int read_seat(reader *rd, int p)
{
    const mb_data *D = rd->D;
    mb_state *s = rd->s;
    mb_seat *q = &s->seat[p];
    line *L = &rd->L;
    int rc, v;
    if ((rc = sload(rd, p, S_LEAVES)) != 0)
        return rc;
    if (L->n - 3 != D->nregions)
        return fail(rd, FC_EINVAL, L->no, "%d leaves, the territory has %d regions (REGION:N each)", L->n - 3,
                    D->nregions);
    for (int r = 0; r < D->nregions; r++) {
        char *w = L->w[3 + r], *colon = strchr(w, ':');
        if (!colon)
            return fail(rd, FC_EPARSE, L->no, "expected REGION:N, not '%s'", w);
        *colon = '\0';
        if (strcmp(w, D->region_name[r]) != 0)
            return fail(rd, FC_EINVAL, L->no, "leaf %d is %s, not '%s' (regions in their order)", r + 1,
                        D->region_name[r], w);
        if ((rc = int_word(rd, colon + 1, 0, D->leaf_empty[r], "coloured circles", &v)) != 0)
            return rc;
        s->leaf[r][p] = (uint8_t)v;
    }
    if ((rc = sload(rd, p, S_HILLS)) != 0 || (rc = arity(rd, 3, "seat N ant_hills N")) != 0 ||
        (rc = int_word(rd, L->w[3], 0, D->ant_hills, "ant_hills (the ant_hills parameter)", &v)) != 0)
        return rc;
    q->hills = (uint8_t)v;
    if ((rc = sload(rd, p, S_COOKIES)) != 0 || (rc = arity(rd, 3, "seat N cookies N")) != 0 ||
        (rc = int_word(rd, L->w[3], 0, D->ncookies, "cookies", &v)) != 0)
        return rc;
    q->cookies = (uint8_t)v;
    if ((rc = sload(rd, p, S_VP)) != 0 || (rc = arity(rd, 3, "seat N vp N")) != 0 ||
        (rc = int_word(rd, L->w[3], 0, 9999, "vp", &v)) != 0)
        return rc;
    q->vp = (int16_t)v;
    if ((rc = sload(rd, p, S_CRATES)) != 0)
        return rc;
    if (L->n - 3 != (D->ngroups ? D->ngroups : 1))
        return fail(rd, FC_EINVAL, L->no, "%d crate groups, the player board has %d (GROUP:N each)", L->n - 3,
                    D->ngroups);
    for (int g = 0; g < D->ngroups; g++) {
        char *w = L->w[3 + g], *colon = strchr(w, ':');
        if (!colon)
            return fail(rd, FC_EPARSE, L->no, "expected GROUP:N, not '%s'", w);
        *colon = '\0';
        if (strcmp(w, D->group_id[g]) != 0)
            return fail(rd, FC_EINVAL, L->no, "crate group %d is %s, not '%s'", g + 1, D->group_id[g], w);
        if ((rc = int_word(rd, colon + 1, 0, D->group_crates[g], "crates", &v)) != 0)
            return rc;
        q->crates[g] = (uint8_t)v;
    }
    if ((rc = sload(rd, p, S_CUT_USED)) != 0 ||
        (rc = arity(rd, 3, "seat N counter_cut_used yes|no")) != 0 ||
        (rc = yes_no(rd, L->w[3], "counter_cut_used", &v)) != 0)
        return rc;
    q->cut_used = (uint8_t)v;
    if ((rc = sload(rd, p, S_ITEMS)) != 0 || (rc = arity(rd, 3, "seat N items ITEMS|none")) != 0 ||
        (rc = items_word(rd, L->w[3], &v)) != 0)
        return rc;
    s->group[p] = (uint8_t)v;
    return 0;
}

/* Items conserved: the split covers the dice and the tile, the groups are parts of it, the
 * items left belong to the resolver. */
static int read_consistency(reader *rd)
{
    const mb_data *D = rd->D;
    mb_state *s = rd->s;
    int full = mb_full(D), all = 0;
    for (int i = 0; i < s->nparts; i++) {
        if (all & s->part[i])
            return fail(rd, FC_EINVAL, rd->g[G_SPLIT].no, "an item is in two groups of the split");
        all |= s->part[i];
    }
    if (s->nparts && all != full)
        return fail(rd, FC_EINVAL, rd->g[G_SPLIT].no, "the split leaves items out: every die and the tile are in it (R-04)");
    if (s->left & ~s->group[s->resolver])
        return fail(rd, FC_EINVAL, rd->g[G_LEFT].no, "items left that are not in the resolver's items");
    if (s->phase == PH_RESOLVE && !s->ntask && !s->left)
        return fail(rd, FC_EINVAL, rd->g[G_LEFT].no, "phase resolve with no item left and no pending effect");
    for (int p = 0; p < MB_SEATS; p++)
        if (s->group[p] & ~full)
            return fail(rd, FC_EINVAL, rd->sk[p][S_ITEMS].no, "items outside the round's dice and tile");
    return 0;
}

int mb_position_read(void *st, const fc_env *env, const char *text, fc_error *err)
{
    const mb_data *D = DATA(env);
    mb_state *s = st;
    if (!D)
        return env->host->error_set(err, FC_EDATA, "marabunta: no game data");
    reader *rd = calloc(1, sizeof *rd);
    if (!rd)
        return env->host->error_set(err, FC_ENOMEM, "marabunta: out of memory reading a position");
    rd->D = D;
    rd->env = env;
    rd->s = s;
    rd->err = err;
    rd->text = text;
    memset(s, 0, sizeof *s);
    int rc = scan(rd);
    if (rc == 0)
        rc = read_header(rd);
    if (rc == 0)
        rc = read_round(rd);
    if (rc == 0)
        rc = read_tasks(rd);
    if (rc == 0)
        rc = read_board(rd);
    for (int p = 0; rc == 0 && p < MB_SEATS; p++)
        rc = read_seat(rd, p);
    if (rc == 0)
        rc = read_consistency(rd);
    free(rd);
    return rc;
}
