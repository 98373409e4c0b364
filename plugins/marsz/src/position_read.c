/* March of the Ants positions as text (docs/positions/marsz.md), the reader: turns a state
 * fresh from init into the written position, or fails with one line naming the text's line.
 * Every card and rest tile must be somewhere exactly once; what the game derives (hand and
 * goal counts, the meadow's adjacency caches) is derived here the same way. The game's check,
 * which the core runs after reading, covers the pieces and the meadow's cells. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "position_text.h"

#define LINE_MAX_ 2048
#define WORDS_MAX 160
#define COORD_MAX 40

/* keys of the whole position, in the order position_write writes them */
enum {
    K_POSITION, K_SEATS, K_STATE, K_G0, /* K_G0 .. K_G0 + MZ_NGKEYS - 1: mz_gkeys */
    K_TRACK = K_G0 + MZ_NGKEYS, K_RNG, K_GT, K_SOLDIER, K_TSTACK, K_KNOWN, K_PEEKED, K_REST_ROW, K_REST_TAKEN,
    K_REST_STACK, K_REST_DISC, K_REWARD, K_REWARD_STACK, K_DECK, K_DRAFT_BOTTOM, K_DISCARD, K_LIMBO, K_DRAWN,
    K_BATTLE, K_BATTLE_FER, K_BARRAY, /* K_BARRAY .. + MZ_NBARRAYS - 1 */
    K_COUNT = K_BARRAY + MZ_NBARRAYS
};
static const char *const fixed_keys[] = {
    "position", "seats", "game_state", "centipede_track", "rng", "great_tunnel", "soldier_done", "tile_stack",
    "stack_known_bottom", "peeked", "rest_row", "rest_taken", "rest_stack", "rest_discard", "reward",
    "reward_stack", "deck", "draft_bottom", "discard", "limbo", "drawn", "battle", "battle_ferocity"};

enum { SK_NEST, SK_HAND, SK_HEADS, SK_THORAXES, SK_ABDOMENS, SK_GOALS, SK_ROUND, SK_FEROCITY, SK_SPECIES, SK_COUNT };
static const char *const seat_keys[SK_COUNT] = {"nest",  "hand",  "heads",    "thoraxes", "abdomens",
                                                "goals", "round", "ferocity", "species"};

typedef struct reader {
    mz_state *s;
    const fc_env *env;
    const mz_data *D;
    fc_error *err;
    int line;
    int l_key[K_COUNT];
    int l_seat[MZ_SEATS][SK_COUNT];
    int card_line[MZ_CARDS]; /* where each card was put somewhere */
    int tile_line[MZ_LOCS];  /* where each tile was put on the meadow or the stack */
    int rest_line[MZ_REST];
    int reward_line[MZ_REWARDS];
    int frame_line[MZ_FRAMES];
    int ntiles; /* placed so far: the placement order */
    char *w[WORDS_MAX];
    int nw;
} reader;

static int fail(reader *rd, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(reader *rd, int line, const char *fmt, ...)
{
    char msg[240];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return rd->env->host->error_set(rd->err, FC_EPARSE, "marsz: line %d: %s", line, msg);
}

/* ---- single values ---- */

static int parse_num(reader *rd, const char *w, long lo, long hi, long *out, const char *what)
{
    const char *p = w;
    long v = 0;
    int sign = 1, digits = 0;
    if (*p == '-' || *p == '+')
        sign = *p++ == '-' ? -1 : 1;
    while (*p >= '0' && *p <= '9' && digits < 9)
        v = v * 10 + (*p++ - '0'), digits++;
    if (!digits || *p)
        return fail(rd, rd->line, "bad number '%s' for %s", w, what);
    v *= sign;
    if (v < lo || v > hi)
        return fail(rd, rd->line, "%s %ld out of range %ld..%ld", what, v, lo, hi);
    *out = v;
    return 0;
}

static int parse_card(reader *rd, const char *w, int *out)
{
    for (int c = 0; c < MZ_CARDS; c++)
        if (strcmp(w, rd->D->card[c].id) == 0) {
            *out = c;
            return 0;
        }
    return fail(rd, rd->line, "unknown card '%s' (cards are written EV-01..EV-22, HD-01, TX-01, AB-01, CG-01 ...)", w);
}

static int parse_card_or_none(reader *rd, const char *w, uint8_t *out)
{
    int c = 0;
    if (strcmp(w, "none") == 0) {
        *out = MZ_NONE;
        return 0;
    }
    int rc = parse_card(rd, w, &c);
    *out = (uint8_t)c;
    return rc;
}

/* "GT" or "T5" (tiles only: GT refused) */
static int parse_loc(reader *rd, const char *w, bool gt, int *out)
{
    if (gt && strcmp(w, "GT") == 0) {
        *out = MZ_GT;
        return 0;
    }
    long t;
    if (w[0] != 'T' || w[1] < '1' || w[1] > '9' || parse_num(rd, w + 1, 1, MZ_TILES, &t, "tile") != 0)
        return fail(rd, rd->line, "unknown %s '%s' (tiles are written T1 .. T%d%s)", gt ? "location" : "tile", w,
                    MZ_TILES, gt ? ", the Great Tunnel GT" : "");
    *out = (int)t;
    return 0;
}

static int parse_seat(reader *rd, const char *w, uint8_t type, uint8_t *out)
{
    long v;
    if (type != V_SEAT && strcmp(w, "none") == 0) {
        *out = MZ_NONE;
        return 0;
    }
    if (type == V_BSEAT && strcmp(w, "og") == 0) {
        *out = MZ_OG;
        return 0;
    }
    if (w[0] < '0' || w[0] > '9')
        return fail(rd, rd->line, "expected a seat 1..%d%s, not '%s'", rd->s->nseats,
                    type == V_SEAT ? "" : type == V_SEATN ? " or none" : ", og or none", w);
    int rc = parse_num(rd, w, 1, rd->s->nseats, &v, "seat");
    *out = (uint8_t)(v - 1);
    return rc;
}

static int parse_mask(reader *rd, char *w, unsigned *out)
{
    *out = 0;
    if (strcmp(w, "none") == 0)
        return 0;
    for (char *save = NULL, *p = strtok_r(w, "+", &save); p; p = strtok_r(NULL, "+", &save)) {
        uint8_t seat;
        int rc = parse_seat(rd, p, V_BSEAT, &seat);
        if (rc)
            return rc;
        if (seat == MZ_NONE)
            return fail(rd, rd->line, "'none' inside a set of seats");
        *out |= 1u << seat;
    }
    return 0;
}

/* A value of a field table into base + off. */
static int parse_value(reader *rd, void *base, uint8_t type, uint16_t off, int lo, int hi, char *w, const char *what)
{
    uint8_t *p = (uint8_t *)base + off;
    long v;
    int rc = 0;
    switch (type) {
    case V_SEAT:
    case V_SEATN:
    case V_BSEAT: return parse_seat(rd, w, type, p);
    case V_LOC: {
        int l = 0;
        if ((rc = parse_loc(rd, w, true, &l)) == 0)
            *p = (uint8_t)l;
        return rc;
    }
    case V_MASK:
    case V_MASK16: {
        unsigned m;
        if ((rc = parse_mask(rd, w, &m)) != 0)
            return rc;
        if (type == V_MASK)
            *p = (uint8_t)m;
        else {
            uint16_t m16 = (uint16_t)m;
            memcpy(p, &m16, sizeof m16);
        }
        return 0;
    }
    default:
        if ((rc = parse_num(rd, w, lo, hi, &v, what)) != 0)
            return rc;
        if (type == V_I16) {
            int16_t v16 = (int16_t)v;
            memcpy(p, &v16, sizeof v16);
        } else if (type == V_I8)
            *(int8_t *)p = (int8_t)v;
        else
            *p = (uint8_t)v;
        return 0;
    }
}

/* "name value name value ...": every field of the table exactly once, in any order. */
static int parse_fields(reader *rd, void *base, const mz_fdef *f, int n, int from, const char *what)
{
    int seen[24] = {0};
    for (int i = from; i < rd->nw; i += 2) {
        int k = 0;
        while (k < n && strcmp(rd->w[i], f[k].name) != 0)
            k++;
        if (k == n) {
            char list[200] = "";
            for (int j = 0; j < n; j++)
                snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", j ? ", " : "", f[j].name);
            return fail(rd, rd->line, "unknown field '%s' in '%s' (fields: %s)", rd->w[i], what, list);
        }
        if (seen[k])
            return fail(rd, rd->line, "'%s' given twice in '%s'", f[k].name, what);
        seen[k] = 1;
        if (i + 1 >= rd->nw)
            return fail(rd, rd->line, "'%s' without a value in '%s'", f[k].name, what);
        int rc = parse_value(rd, base, f[k].type, f[k].off, f[k].lo, f[k].hi, rd->w[i + 1], f[k].name);
        if (rc)
            return rc;
    }
    for (int k = 0; k < n; k++)
        if (!seen[k])
            return fail(rd, rd->line, "missing '%s' in '%s'", f[k].name, what);
    return 0;
}

/* ---- cards, tiles, rest tiles ---- */

static int put_card(reader *rd, int c, int loc, int seat)
{
    if (rd->card_line[c])
        return fail(rd, rd->line, "%s is already named on line %d (every card is in one place)", rd->D->card[c].id,
                    rd->card_line[c]);
    rd->card_line[c] = rd->line;
    rd->s->card_loc[c] = (uint8_t)loc;
    rd->s->card_seat[c] = (uint8_t)seat;
    return 0;
}

/* Words from..nw-1 as a list of cards ("none" alone for an empty list); returns the count. */
static int card_list(reader *rd, int from, uint8_t *out, int max)
{
    int n = rd->nw - from;
    if (n == 1 && strcmp(rd->w[from], "none") == 0)
        return 0;
    if (n <= 0)
        return fail(rd, rd->line, "no cards listed ('none' for none)");
    if (n > max)
        return fail(rd, rd->line, "%d cards listed, at most %d fit", n, max);
    for (int i = 0; i < n; i++) {
        int c = 0, rc = parse_card(rd, rd->w[from + i], &c);
        if (rc)
            return rc;
        out[i] = (uint8_t)c;
    }
    return n;
}

static int take_tile(reader *rd, int t)
{
    if (rd->tile_line[t])
        return fail(rd, rd->line, "T%d is already named on line %d (a tile is in one place)", t, rd->tile_line[t]);
    rd->tile_line[t] = rd->line;
    return 0;
}

static int parse_id(reader *rd, const char *w, int n, const char *(*id)(const mz_data *, int), const char *what,
                    int *out)
{
    for (int i = 0; i < n; i++)
        if (strcmp(w, id(rd->D, i)) == 0) {
            *out = i;
            return 0;
        }
    return fail(rd, rd->line, "unknown %s '%s' (%s .. %s)", what, w, id(rd->D, 0), id(rd->D, n - 1));
}
static const char *rest_id(const mz_data *D, int i) { return D->rest[i].id; }
static const char *reward_id(const mz_data *D, int i) { return D->reward[i].id; }

static int take_rest(reader *rd, const char *w, int *out)
{
    int rc = parse_id(rd, w, MZ_REST, rest_id, "rest tile", out);
    if (rc)
        return rc;
    if (rd->rest_line[*out])
        return fail(rd, rd->line, "%s is already named on line %d (a rest tile is in one place)", w,
                    rd->rest_line[*out]);
    rd->rest_line[*out] = rd->line;
    return 0;
}

static int take_reward(reader *rd, const char *w, int *out)
{
    int rc = parse_id(rd, w, MZ_REWARDS, reward_id, "reward tile", out);
    if (rc)
        return rc;
    if (rd->reward_line[*out])
        return fail(rd, rd->line, "%s is already named on line %d", w, rd->reward_line[*out]);
    rd->reward_line[*out] = rd->line;
    return 0;
}

static bool is_none(const reader *rd, int from) { return rd->nw - from == 1 && strcmp(rd->w[from], "none") == 0; }

/* ---- keys ---- */

static int key_tile(reader *rd)
{
    mz_state *s = rd->s;
    int t = 0, rc = 0;
    if (rd->nw < 2 || (rc = parse_loc(rd, rd->w[1], false, &t)) != 0)
        return rd->nw < 2 ? fail(rd, rd->line, "expected 'tile Tn q,r rot R spaces ... out ...'") : rc;
    if ((rc = take_tile(rd, t)) != 0)
        return rc;
    const mz_tile *T = &rd->D->tile[t];
    mz_loc *L = &s->loc[t];
    int ns = T->nspaces, need = 7 + ns + s->nseats;
    if (rd->nw < need || strcmp(rd->w[3], "rot") != 0 || strcmp(rd->w[5], "spaces") != 0 ||
        strcmp(rd->w[6 + ns], "out") != 0)
        return fail(rd, rd->line, "expected 'tile T%d q,r rot R spaces' then %d harvest spaces (seat or -), 'out' and "
                    "%d outskirts counts", t, ns, s->nseats);
    char *comma = strchr(rd->w[2], ',');
    long q, r, rot, v;
    if (!comma)
        return fail(rd, rd->line, "expected the cell as q,r, not '%s'", rd->w[2]);
    *comma = '\0';
    if ((rc = parse_num(rd, rd->w[2], -COORD_MAX, COORD_MAX, &q, "q")) != 0 ||
        (rc = parse_num(rd, comma + 1, -COORD_MAX, COORD_MAX, &r, "r")) != 0 ||
        (rc = parse_num(rd, rd->w[4], 0, 5, &rot, "rotation")) != 0)
        return rc;
    L->q = (int8_t)q;
    L->r = (int8_t)r;
    L->rot = (uint8_t)rot;
    L->placed = (uint8_t)++rd->ntiles;
    for (int i = 0; i < ns; i++) {
        const char *w = rd->w[6 + i];
        if (strcmp(w, "-") == 0)
            continue;
        if ((rc = parse_num(rd, w, 1, s->nseats, &v, "harvest space seat")) != 0)
            return rc;
        L->space[i] = (uint8_t)v;
    }
    for (int p = 0; p < s->nseats; p++) {
        if ((rc = parse_num(rd, rd->w[7 + ns + p], 0, rd->D->pieces, &v, "outskirts ants")) != 0)
            return rc;
        L->out[p] = (uint8_t)v;
    }
    for (int i = need; i < rd->nw; i++) {
        if (strcmp(rd->w[i], "centipede") == 0 && !L->centipede)
            L->centipede = 1;
        else if (strcmp(rd->w[i], "wormhole") == 0 && !L->wormhole)
            L->wormhole = 1;
        else
            return fail(rd, rd->line, "unexpected '%s' after the outskirts (flags: centipede, wormhole)", rd->w[i]);
    }
    return 0;
}

static int key_gt(reader *rd)
{
    mz_state *s = rd->s;
    mz_loc *L = &s->loc[MZ_GT];
    long v;
    int rc;
    if (rd->nw < 1 + s->nseats)
        return fail(rd, rd->line, "expected 'great_tunnel' and the ants of the %d seats", s->nseats);
    for (int p = 0; p < s->nseats; p++) {
        if ((rc = parse_num(rd, rd->w[1 + p], 0, rd->D->pieces, &v, "Great Tunnel ants")) != 0)
            return rc;
        L->out[p] = (uint8_t)v;
    }
    for (int i = 1 + s->nseats; i < rd->nw; i++) {
        if (strcmp(rd->w[i], "centipede") == 0 && !L->centipede)
            L->centipede = 1;
        else if (strcmp(rd->w[i], "wormhole") == 0 && !L->wormhole)
            L->wormhole = 1;
        else
            return fail(rd, rd->line, "unexpected '%s' after the Great Tunnel's ants", rd->w[i]);
    }
    return 0;
}

static int key_frame(reader *rd)
{
    mz_state *s = rd->s;
    if (s->nframes >= MZ_FRAMES)
        return fail(rd, rd->line, "more than %d frames", MZ_FRAMES);
    if (rd->nw != 12 || strcmp(rd->w[2], "seat") || strcmp(rd->w[4], "a") || strcmp(rd->w[6], "b") ||
        strcmp(rd->w[8], "c") || strcmp(rd->w[10], "n"))
        return fail(rd, rd->line, "expected 'frame KIND seat S a A b B c C n N'");
    int kind = 1;
    while (kind < F_COUNT && strcmp(rd->w[1], mz_fkinds[kind].name) != 0)
        kind++;
    if (kind == F_COUNT)
        return fail(rd, rd->line, "unknown frame kind '%s'", rd->w[1]);
    mz_frame *f = &s->frame[s->nframes];
    uint8_t *arg[4] = {&f->a, &f->b, &f->c, &f->n};
    int rc = parse_seat(rd, rd->w[3], V_SEAT, &f->seat);
    if (rc)
        return rc;
    for (int i = 0; i < 4; i++) {
        long v;
        char spec = i < 3 ? mz_fkinds[kind].args[i] : 'n';
        static const char *const names[4] = {"frame a", "frame b", "frame c", "frame n"};
        if ((rc = parse_num(rd, rd->w[5 + 2 * i], 0, 255, &v, names[i])) != 0)
            return rc;
        bool ok = spec == 'n' || (spec == 'T' && v >= 1 && v <= MZ_TILES) || (spec == 't' && v <= MZ_TILES) ||
                  (spec == 'L' && (v < MZ_LOCS || v == MZ_NONE)) || (spec == 'C' && v < MZ_CARDS) ||
                  (spec == 'X' && (v < MZ_CARDS || (v >= 100 + TE_CENTI_NEST && v <= 100 + TE_SINKHOLE))) ||
                  (spec == 'K' && v < RK_COUNT) || (spec == 'P' && (v < MZ_LOCS * 5 || v == MZ_NONE)) ||
                  (spec == 'S' && v < s->nseats);
        if (!ok)
            return fail(rd, rd->line, "%s %ld does not fit a '%s' frame", names[i], v, mz_fkinds[kind].name);
        *arg[i] = (uint8_t)v;
    }
    f->kind = (uint8_t)kind;
    rd->frame_line[s->nframes++] = rd->line;
    return 0;
}

static int key_seat_cards(reader *rd, int p, int sk)
{
    mz_state *s = rd->s;
    mz_seat *P = &s->seat[p];
    uint8_t list[MZ_CARDS];
    int n = card_list(rd, 3, list, sk == SK_HAND || sk == SK_GOALS ? MZ_CARDS : MZ_PILE), rc;
    if (n < 0)
        return n;
    for (int i = 0; i < n; i++) {
        const mz_card *C = &rd->D->card[list[i]];
        if (sk == SK_HAND) {
            if ((rc = put_card(rd, list[i], CL_HAND, p)) != 0)
                return rc;
            P->hand++;
        } else if (sk == SK_GOALS) {
            if (C->type != CT_GOAL)
                return fail(rd, rd->line, "%s is not a colony goal", C->id);
            if ((rc = put_card(rd, list[i], CL_GOAL, p)) != 0)
                return rc;
            P->ngoals++;
        } else {
            int sg = sk - SK_HEADS;
            if (C->type != CT_EVO || C->seg != sg)
                return fail(rd, rd->line, "%s is not a %s evolution", C->id,
                            sg == SEG_HEAD ? "head" : sg == SEG_THORAX ? "thorax" : "abdomen");
            if ((rc = put_card(rd, list[i], CL_EVO, p)) != 0)
                return rc;
            P->pile[sg][n - 1 - i] = list[i]; /* written top first */
        }
    }
    if (sk >= SK_HEADS && sk <= SK_ABDOMENS)
        P->npile[sk - SK_HEADS] = (uint8_t)n;
    return 0;
}

static int key_seat(reader *rd)
{
    mz_state *s = rd->s;
    long v;
    int rc;
    if (rd->nw < 3)
        return fail(rd, rd->line, "expected 'seat N KEY ...'");
    if ((rc = parse_num(rd, rd->w[1], 1, s->nseats, &v, "seat")) != 0)
        return rc;
    int p = (int)v - 1, sk = 0;
    while (sk < SK_COUNT && strcmp(rd->w[2], seat_keys[sk]) != 0)
        sk++;
    if (sk == SK_COUNT)
        return fail(rd, rd->line, "unknown seat key '%s' (nest, hand, heads, thoraxes, abdomens, goals, round, "
                    "ferocity, species)", rd->w[2]);
    if (rd->l_seat[p][sk])
        return fail(rd, rd->line, "duplicate 'seat %d %s' (first on line %d)", p + 1, seat_keys[sk], rd->l_seat[p][sk]);
    rd->l_seat[p][sk] = rd->line;
    mz_seat *P = &s->seat[p];
    char what[32];
    snprintf(what, sizeof what, "seat %d %s", p + 1, seat_keys[sk]);
    switch (sk) {
    case SK_NEST: return parse_fields(rd, P, mz_nest_fields, MZ_NNEST, 3, what);
    case SK_ROUND: return parse_fields(rd, P, mz_round_fields, MZ_NROUND, 3, what);
    case SK_FEROCITY:
        if (rd->nw != 7 || strcmp(rd->w[5], "committed") != 0)
            return fail(rd, rd->line, "expected 'seat %d ferocity CARD|none CARD|none committed N'", p + 1);
        for (int j = 0; j < 2; j++) {
            if ((rc = parse_card_or_none(rd, rd->w[3 + j], &P->fer[j])) != 0)
                return rc;
            if (P->fer[j] != MZ_NONE && (rc = put_card(rd, P->fer[j], CL_FEROCITY, p)) != 0)
                return rc;
        }
        if ((rc = parse_num(rd, rd->w[6], 0, 2, &v, "committed")) != 0)
            return rc;
        P->fer_committed = (uint8_t)v;
        return 0;
    case SK_SPECIES: {
        if (rd->nw != 7 || strcmp(rd->w[4], "ritual") != 0)
            return fail(rd, rd->line, "expected 'seat %d species NAME ritual CARD|none CARD|none'", p + 1);
        char name[32];
        int sp = 0;
        while (sp < SP_COUNT && (mz_species_key(rd->D, sp, name, sizeof name), strcmp(name, rd->w[3]) != 0))
            sp++;
        if (sp == SP_COUNT)
            return fail(rd, rd->line, "unknown species '%s' (standard, egg_keepers, horizon_researchers, "
                        "visionary_queen, chaos_dancers)", rd->w[3]);
        if (sp != SP_NONE && !rd->D->species)
            return fail(rd, rd->line, "species '%s', but the rule set plays without species (V-5)", rd->w[3]);
        P->species = (uint8_t)sp;
        for (int j = 0; j < 2; j++)
            if ((rc = parse_card_or_none(rd, rd->w[5 + j], &P->ritual[j])) != 0)
                return rc;
        return 0;
    }
    default: return key_seat_cards(rd, p, sk);
    }
}

static int key_tile_stack(reader *rd)
{
    mz_state *s = rd->s;
    if (is_none(rd, 1))
        return 0;
    if (rd->nw - 1 > MZ_TILES)
        return fail(rd, rd->line, "more than %d tiles", MZ_TILES);
    int n = rd->nw - 1, rc, t = 0;
    for (int i = 0; i < n; i++) {
        if ((rc = parse_loc(rd, rd->w[1 + i], false, &t)) != 0 || (rc = take_tile(rd, t)) != 0)
            return rc;
        s->stack[n - 1 - i] = (uint8_t)t;
    }
    s->nstack = (uint8_t)n;
    return 0;
}

static int key_rest(reader *rd, int key)
{
    mz_state *s = rd->s;
    int rc, r = 0;
    long v;
    if (is_none(rd, 1))
        return 0;
    int n = rd->nw - 1;
    if (n > MZ_REST)
        return fail(rd, rd->line, "more than %d rest tiles", MZ_REST);
    for (int i = 0; i < n; i++) {
        char *w = rd->w[1 + i], *eq = key == K_REST_TAKEN ? strchr(w, '=') : NULL;
        if (key == K_REST_TAKEN && !eq)
            return fail(rd, rd->line, "expected RT-nn=SEAT, not '%s'", w);
        if (eq)
            *eq = '\0';
        if ((rc = take_rest(rd, w, &r)) != 0)
            return rc;
        if (r == 0 && (key == K_REST_STACK || key == K_REST_DISC))
            return fail(rd, rd->line, "RT-00 never leaves the row (S-06)");
        switch (key) {
        case K_REST_ROW: s->rest_row[r] = 1; break;
        case K_REST_TAKEN:
            if ((rc = parse_num(rd, eq + 1, 1, s->nseats, &v, "seat")) != 0)
                return rc;
            s->rest_owner[r] = (uint8_t)v;
            break;
        case K_REST_STACK: s->rest_stack[n - 1 - i] = (uint8_t)r; break;
        default: s->rest_disc[i] = (uint8_t)r; break;
        }
    }
    if (key == K_REST_STACK)
        s->nrest_stack = (uint8_t)n;
    if (key == K_REST_DISC)
        s->nrest_disc = (uint8_t)n;
    return 0;
}

static int key_cards(reader *rd, int key)
{
    mz_state *s = rd->s;
    int rc;
    if (key == K_LIMBO) {
        if (is_none(rd, 1))
            return 0;
        for (int i = 1; i < rd->nw; i++) {
            char *at = strchr(rd->w[i], '@');
            uint8_t seat = MZ_NONE;
            if (at) {
                *at = '\0';
                if ((rc = parse_seat(rd, at + 1, V_SEAT, &seat)) != 0)
                    return rc;
            }
            int c = 0;
            if ((rc = parse_card(rd, rd->w[i], &c)) != 0 || (rc = put_card(rd, c, CL_LIMBO, seat)) != 0)
                return rc;
        }
        return 0;
    }
    uint8_t list[MZ_CARDS];
    int n = card_list(rd, 1, list, key == K_DRAWN ? 4 : MZ_CARDS);
    if (n < 0)
        return n;
    for (int i = 0; i < n; i++) {
        if (key == K_DRAWN) {
            s->drawn[i] = list[i];
            continue;
        }
        if ((rc = put_card(rd, list[i], key == K_DECK ? CL_DECK : CL_DISCARD, MZ_NONE)) != 0)
            return rc;
        if (key == K_DECK)
            s->deck[n - 1 - i] = list[i];
    }
    if (key == K_DECK)
        s->ndeck = (uint8_t)n;
    else if (key == K_DRAWN)
        s->ndrawn = (uint8_t)n;
    else
        s->ndisc = (uint8_t)n;
    return 0;
}

static int key_rewards(reader *rd, int key)
{
    mz_state *s = rd->s;
    int rc, r = 0;
    if (key == K_REWARD) {
        if (rd->nw != 2 || (rc = take_reward(rd, rd->w[1], &r)) != 0)
            return rd->nw != 2 ? fail(rd, rd->line, "expected 'reward RW-n'") : rc;
        s->reward_cur = (uint8_t)r;
        return 0;
    }
    if (is_none(rd, 1))
        return 0;
    int n = rd->nw - 1;
    if (n > MZ_REWARDS)
        return fail(rd, rd->line, "more than %d reward tiles", MZ_REWARDS);
    for (int i = 0; i < n; i++) {
        if ((rc = take_reward(rd, rd->w[1 + i], &r)) != 0)
            return rc;
        s->reward_stack[n - 1 - i] = (uint8_t)r;
    }
    s->nreward = (uint8_t)n;
    return 0;
}

static int key_misc(reader *rd, int key)
{
    mz_state *s = rd->s;
    long v = 0;
    int rc, l = 0;
    switch (key) {
    case K_STATE:
        if (rd->nw == 2 && (strcmp(rd->w[1], "playing") == 0 || strcmp(rd->w[1], "over") == 0)) {
            s->over = rd->w[1][0] == 'o';
            return 0;
        }
        return fail(rd, rd->line, "expected 'game_state playing' or 'game_state over'");
    case K_TRACK:
        if (rd->nw != 2 || strncmp(rd->w[1], "CT-", 3) != 0)
            return fail(rd, rd->line, "expected 'centipede_track CT-n' (n = 1..%d)", MZ_TRACK);
        if ((rc = parse_num(rd, rd->w[1] + 3, 1, MZ_TRACK, &v, "centipede track position")) != 0)
            return rc;
        s->size_pos = (uint8_t)(v - 1);
        return 0;
    case K_RNG:
        if (rd->nw != 5)
            return fail(rd, rd->line, "expected 'rng' and four 16-digit hexadecimal words");
        for (int i = 0; i < 4; i++) {
            char *end;
            unsigned long long x = strtoull(rd->w[1 + i], &end, 16);
            if (strlen(rd->w[1 + i]) != 16 || *end || rd->w[1 + i][0] == '-' || rd->w[1 + i][0] == '+')
                return fail(rd, rd->line, "bad rng word '%s' (16 hexadecimal digits)", rd->w[1 + i]);
            s->rng.s[i] = x;
        }
        if (!(s->rng.s[0] | s->rng.s[1] | s->rng.s[2] | s->rng.s[3]))
            return fail(rd, rd->line, "the rng state cannot be all zero");
        return 0;
    case K_SOLDIER:
        if (is_none(rd, 1))
            return 0;
        for (int i = 1; i < rd->nw; i++) {
            if ((rc = parse_loc(rd, rd->w[i], true, &l)) != 0)
                return rc;
            s->soldier_done[l] = 1;
        }
        return 0;
    case K_KNOWN:
    case K_DRAFT_BOTTOM:
        if (rd->nw != 2)
            return fail(rd, rd->line, "expected '%s N'", rd->w[0]);
        if ((rc = parse_num(rd, rd->w[1], 0, key == K_KNOWN ? MZ_TILES : MZ_CARDS, &v, rd->w[0])) != 0)
            return rc;
        *(key == K_KNOWN ? &s->bottom_known : &s->draft_bottom) = (uint8_t)v;
        return 0;
    case K_PEEKED:
        if (is_none(rd, 1))
            return 0;
        if (rd->nw != 4 || strcmp(rd->w[2], "by") != 0)
            return fail(rd, rd->line, "expected 'peeked none' or 'peeked N by SEAT'");
        if ((rc = parse_num(rd, rd->w[1], 1, MZ_TILES, &v, "peeked tiles")) != 0 ||
            (rc = parse_seat(rd, rd->w[3], V_SEAT, &s->peek_seat)) != 0)
            return rc;
        s->peeked = (uint8_t)v;
        return 0;
    case K_BATTLE: return parse_fields(rd, &s->bt, mz_battle_fields, MZ_NBATTLE, 1, "battle");
    case K_BATTLE_FER: return parse_fields(rd, &s->bt, mz_simul_fields, MZ_NSIMUL, 1, "battle_ferocity");
    default: break;
    }
    if (key >= K_G0 && key < K_G0 + MZ_NGKEYS) {
        const mz_fdef *f = &mz_gkeys[key - K_G0];
        if (rd->nw != 2)
            return fail(rd, rd->line, "expected '%s' and one value", f->name);
        return parse_value(rd, s, f->type, f->off, f->lo, f->hi, rd->w[1], f->name);
    }
    /* the battle arrays: seats 1..5, then the Old Guard */
    const mz_barray *A = &mz_battle_arrays[key - K_BARRAY];
    if (rd->nw != 2 + MZ_SEATS)
        return fail(rd, rd->line, "expected '%s' and %d values (seats 1..%d, then the Old Guard)", A->name,
                    MZ_SEATS + 1, MZ_SEATS);
    size_t size = A->type == V_I16 ? 2 : 1;
    for (int i = 0; i <= MZ_SEATS; i++)
        if ((rc = parse_value(rd, &s->bt, A->type, (uint16_t)(A->off + i * size), A->lo, A->hi, rd->w[1 + i],
                              A->name)) != 0)
            return rc;
    return 0;
}

/* ---- lines ---- */

static int key_index(const char *w)
{
    for (int i = 0; i < (int)(sizeof fixed_keys / sizeof fixed_keys[0]); i++)
        if (strcmp(w, fixed_keys[i]) == 0)
            return i < 3 ? i : i - 3 + K_TRACK;
    for (int k = 0; k < MZ_NGKEYS; k++)
        if (strcmp(w, mz_gkeys[k].name) == 0)
            return K_G0 + k;
    for (int k = 0; k < MZ_NBARRAYS; k++)
        if (strcmp(w, mz_battle_arrays[k].name) == 0)
            return K_BARRAY + k;
    return -1;
}

static const char *key_name(int k)
{
    if (k < K_G0)
        return fixed_keys[k];
    if (k < K_TRACK)
        return mz_gkeys[k - K_G0].name;
    if (k < K_BARRAY)
        return fixed_keys[k - K_TRACK + 3];
    return mz_battle_arrays[k - K_BARRAY].name;
}

/* Edit distance, for "did you mean" (keys are short). */
static int distance(const char *a, const char *b)
{
    int la = (int)strlen(a), lb = (int)strlen(b), row[40];
    if (la > 38 || lb > 38)
        return 99;
    for (int j = 0; j <= lb; j++)
        row[j] = j;
    for (int i = 1; i <= la; i++) {
        int prev = row[0];
        row[0] = i;
        for (int j = 1; j <= lb; j++) {
            int cur = row[j], best = prev + (a[i - 1] != b[j - 1]);
            if (row[j] + 1 < best)
                best = row[j] + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            prev = cur;
            row[j] = best;
        }
    }
    return row[lb];
}

static int unknown_key(reader *rd, const char *w)
{
    const char *best = NULL;
    int bd = 4;
    static const char *const extra[] = {"tile", "frame", "seat"};
    for (int k = 0; k < K_COUNT + 3; k++) {
        const char *name = k < K_COUNT ? key_name(k) : extra[k - K_COUNT];
        int d = distance(w, name);
        if (d < bd)
            bd = d, best = name;
    }
    if (best)
        return fail(rd, rd->line, "unknown key '%s' (did you mean '%s'?)", w, best);
    return fail(rd, rd->line, "unknown key '%s' (see docs/positions/marsz.md)", w);
}

static int one_line(reader *rd, char *line)
{
    char *hash = strchr(line, '#');
    if (hash)
        *hash = '\0';
    rd->nw = 0;
    for (char *save = NULL, *w = strtok_r(line, " \t", &save); w; w = strtok_r(NULL, " \t", &save)) {
        if (rd->nw == WORDS_MAX)
            return fail(rd, rd->line, "more than %d words", WORDS_MAX);
        rd->w[rd->nw++] = w;
    }
    if (!rd->nw)
        return 0;
    const char *key = rd->w[0];
    if (!rd->l_key[K_POSITION]) {
        if (strcmp(key, "position") != 0)
            return fail(rd, rd->line, "expected 'position marsz' first, found '%s'", key);
        if (rd->nw != 2 || strcmp(rd->w[1], "marsz") != 0)
            return fail(rd, rd->line, "a position of '%s', not of marsz", rd->nw > 1 ? rd->w[1] : "");
        rd->l_key[K_POSITION] = rd->line;
        return 0;
    }
    if (strcmp(key, "tile") == 0)
        return key_tile(rd);
    if (strcmp(key, "frame") == 0)
        return key_frame(rd);
    if (strcmp(key, "seat") == 0)
        return key_seat(rd);
    int k = key_index(key);
    if (k < 0)
        return unknown_key(rd, key);
    if (rd->l_key[k])
        return fail(rd, rd->line, "duplicate '%s' (first on line %d)", key, rd->l_key[k]);
    rd->l_key[k] = rd->line;
    if (k != K_SEATS && !rd->l_key[K_SEATS])
        return fail(rd, rd->line, "'seats N' must come before '%s'", key);
    if (rd->nw < 2)
        return fail(rd, rd->line, "'%s' without a value", key);
    switch (k) {
    case K_SEATS: {
        long v;
        int rc = parse_num(rd, rd->w[1], 1, 99, &v, "seats");
        if (rc)
            return rc;
        if (rd->nw != 2 || v != rd->s->nseats)
            return fail(rd, rd->line, "seats %s, but the rule set has %d seats", rd->w[1], rd->s->nseats);
        return 0;
    }
    case K_GT: return key_gt(rd);
    case K_TSTACK: return key_tile_stack(rd);
    case K_REST_ROW:
    case K_REST_TAKEN:
    case K_REST_STACK:
    case K_REST_DISC: return key_rest(rd, k);
    case K_REWARD:
    case K_REWARD_STACK: return key_rewards(rd, k);
    case K_DECK:
    case K_DISCARD:
    case K_LIMBO:
    case K_DRAWN: return key_cards(rd, k);
    default: return key_misc(rd, k);
    }
}

static int read_lines(reader *rd, const char *text)
{
    char line[LINE_MAX_];
    const char *p = text;
    while (*p) {
        size_t len = strcspn(p, "\r\n");
        rd->line++;
        if (len >= sizeof line)
            return fail(rd, rd->line, "longer than %d characters", LINE_MAX_ - 1);
        memcpy(line, p, len);
        line[len] = '\0';
        p += len;
        if (*p == '\r' && p[1] == '\n')
            p += 2;
        else if (*p)
            p++;
        int rc = one_line(rd, line);
        if (rc != 0)
            return rc;
    }
    return 0;
}

/* ---- the whole position ---- */

static int missing(reader *rd, const char *what) { return fail(rd, 0, "missing '%s'", what); }

static int check_whole(reader *rd)
{
    mz_state *s = rd->s;
    const mz_data *D = rd->D;
    for (int k = 0; k < K_COUNT; k++)
        if (!rd->l_key[k] && k != K_BATTLE && k != K_BATTLE_FER && k < K_BARRAY)
            return missing(rd, key_name(k));
    for (int p = 0; p < s->nseats; p++)
        for (int sk = 0; sk < SK_COUNT; sk++)
            if (!rd->l_seat[p][sk]) {
                char what[32];
                snprintf(what, sizeof what, "seat %d %s", p + 1, seat_keys[sk]);
                return missing(rd, what);
            }
    for (int c = 0; c < MZ_CARDS; c++)
        if (!rd->card_line[c])
            return fail(rd, rd->l_key[K_DECK], "%s is nowhere (not in the deck, the discard pile, limbo or a seat's "
                        "cards): every card is somewhere", D->card[c].id);
    for (int r = 0; r < MZ_REST; r++)
        if (!rd->rest_line[r])
            return fail(rd, rd->l_key[K_REST_STACK], "%s is nowhere (rest_row, rest_taken, rest_stack or "
                        "rest_discard)", D->rest[r].id);
    for (int i = 0; i < s->ndrawn; i++)
        if (s->card_loc[s->drawn[i]] != CL_DISCARD && s->card_loc[s->drawn[i]] != CL_LIMBO)
            return fail(rd, rd->l_key[K_DRAWN], "drawn %s is neither in limbo nor in the discard pile",
                        D->card[s->drawn[i]].id);
    if (s->draft_bottom > s->ndeck)
        return fail(rd, rd->l_key[K_DRAFT_BOTTOM], "draft_bottom %d, but the deck has %d cards", s->draft_bottom,
                    s->ndeck);
    if (s->bottom_known > s->nstack)
        return fail(rd, rd->l_key[K_KNOWN], "stack_known_bottom %d, but the stack has %d tiles", s->bottom_known,
                    s->nstack);
    if (s->peeked > s->nstack)
        return fail(rd, rd->l_key[K_PEEKED], "%d tiles peeked, but the stack has %d", s->peeked, s->nstack);
    for (int p = 0; p < s->nseats; p++) {
        const mz_seat *P = &s->seat[p];
        if ((P->fer[0] == MZ_NONE && P->fer[1] != MZ_NONE) ||
            P->fer_committed != (P->fer[0] != MZ_NONE) + (P->fer[1] != MZ_NONE))
            return fail(rd, rd->l_seat[p][SK_FEROCITY], "the ferocity cards and the committed count disagree");
    }
    if (s->over && s->nframes)
        return fail(rd, rd->frame_line[0], "a frame in a game that is over");
    if (!s->over && !s->nframes)
        return fail(rd, rd->l_key[K_STATE], "a game in play needs its frames (at least 'frame round ...')");
    /* the battle lines come together; a battle or centipede frame needs them */
    int given = 0;
    for (int k = K_BATTLE; k < K_COUNT; k++)
        given += rd->l_key[k] != 0;
    for (int k = K_BATTLE; k < K_COUNT && (given || mz_battle_on(s)); k++)
        if (!rd->l_key[k])
            return missing(rd, key_name(k));
    return 0;
}

int mz_position_read(void *st, const fc_env *env, const char *text, fc_error *err)
{
    mz_state *s = st;
    uint8_t nseats = s->nseats;
    memset(s, 0, sizeof *s);
    s->nseats = nseats;
    reader rdv;
    memset(&rdv, 0, sizeof rdv);
    reader *rd = &rdv;
    rd->s = s;
    rd->env = env;
    rd->D = MZ_D_(env);
    rd->err = err;
    int rc = read_lines(rd, text ? text : "");
    if (rc == 0 && !rd->l_key[K_POSITION])
        rc = fail(rd, 0, "no 'position marsz' line: not a position");
    if (rc == 0)
        rc = check_whole(rd);
    if (rc != 0)
        return rc;
    for (int p = nseats; p < MZ_SEATS; p++) /* unused seats: as init leaves them */
        memset(&s->seat[p], 0, sizeof s->seat[p]);
    mz_links_update(rd->D, s);
    /* A hand-written position may stop at a step that runs by itself ('frame soldier' starts
     * the soldier phase): the game runs on to the first decision, as after a decision. */
    if (s->nframes && mz_frame_automatic(s->frame[s->nframes - 1].kind))
        mz_run(env, s);
    mz_tidy(s);
    return 0;
}
