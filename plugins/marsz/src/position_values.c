/* March of the Ants positions as text (docs/positions/marsz.md): the reader's values (numbers,
 * seats, locations, cards, field lists), its bookkeeping of where each card, tile and rest tile
 * was put, and the keys of the meadow, the frames and the seats. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "position_read.h"

const char *const mzr_seat_keys[SK_COUNT] = {"nest",  "hand",  "heads",    "thoraxes", "abdomens",
                                             "goals", "round", "ferocity", "species"};

int mzr_fail(mzr_reader *rd, int line, const char *fmt, ...)
{
    char msg[240];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return rd->env->host->error_set(rd->err, FC_EPARSE, "marsz: line %d: %s", line, msg);
}

/* ---- single values ---- */

int mzr_num(mzr_reader *rd, const char *w, long lo, long hi, long *out, const char *what)
{
    const char *p = w;
    long v = 0;
    int sign = 1, digits = 0;
    if (*p == '-' || *p == '+')
        sign = *p++ == '-' ? -1 : 1;
    while (*p >= '0' && *p <= '9' && digits < 9)
        v = v * 10 + (*p++ - '0'), digits++;
    if (!digits || *p)
        return mzr_fail(rd, rd->line, "bad number '%s' for %s", w, what);
    v *= sign;
    if (v < lo || v > hi)
        return mzr_fail(rd, rd->line, "%s %ld out of range %ld..%ld", what, v, lo, hi);
    *out = v;
    return 0;
}

int mzr_card(mzr_reader *rd, const char *w, int *out)
{
    for (int c = 0; c < MZ_CARDS; c++)
        if (strcmp(w, rd->D->card[c].id) == 0) {
            *out = c;
            return 0;
        }
    return mzr_fail(rd, rd->line, "unknown card '%s' (cards are written EV-01..EV-22, HD-01, TX-01, AB-01, CG-01 ...)", w);
}

int mzr_card_or_none(mzr_reader *rd, const char *w, uint8_t *out)
{
    int c = 0;
    if (strcmp(w, "none") == 0) {
        *out = MZ_NONE;
        return 0;
    }
    int rc = mzr_card(rd, w, &c);
    *out = (uint8_t)c;
    return rc;
}

/* "GT" or "T5" (tiles only: GT refused) */
int mzr_loc(mzr_reader *rd, const char *w, bool gt, int *out)
{
    if (gt && strcmp(w, "GT") == 0) {
        *out = MZ_GT;
        return 0;
    }
    long t;
    if (w[0] != 'T' || w[1] < '1' || w[1] > '9' || mzr_num(rd, w + 1, 1, MZ_TILES, &t, "tile") != 0)
        return mzr_fail(rd, rd->line, "unknown %s '%s' (tiles are written T1 .. T%d%s)", gt ? "location" : "tile", w,
                    MZ_TILES, gt ? ", the Great Tunnel GT" : "");
    *out = (int)t;
    return 0;
}

int mzr_seat(mzr_reader *rd, const char *w, uint8_t type, uint8_t *out)
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
        return mzr_fail(rd, rd->line, "expected a seat 1..%d%s, not '%s'", rd->s->nseats,
                    type == V_SEAT ? "" : type == V_SEATN ? " or none" : ", og or none", w);
    int rc = mzr_num(rd, w, 1, rd->s->nseats, &v, "seat");
    *out = (uint8_t)(v - 1);
    return rc;
}

static int parse_mask(mzr_reader *rd, char *w, unsigned *out)
{
    *out = 0;
    if (strcmp(w, "none") == 0)
        return 0;
    for (char *save = NULL, *p = strtok_r(w, "+", &save); p; p = strtok_r(NULL, "+", &save)) {
        uint8_t seat;
        int rc = mzr_seat(rd, p, V_BSEAT, &seat);
        if (rc)
            return rc;
        if (seat == MZ_NONE)
            return mzr_fail(rd, rd->line, "'none' inside a set of seats");
        *out |= 1u << seat;
    }
    return 0;
}

/* A value of a field table into base + off. */
int mzr_value(mzr_reader *rd, void *base, uint8_t type, uint16_t off, int lo, int hi, char *w, const char *what)
{
    uint8_t *p = (uint8_t *)base + off;
    long v;
    int rc = 0;
    switch (type) {
    case V_SEAT:
    case V_SEATN:
    case V_BSEAT: return mzr_seat(rd, w, type, p);
    case V_LOC: {
        int l = 0;
        if ((rc = mzr_loc(rd, w, true, &l)) == 0)
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
        if ((rc = mzr_num(rd, w, lo, hi, &v, what)) != 0)
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
int mzr_fields(mzr_reader *rd, void *base, const mz_fdef *f, int n, int from, const char *what)
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
            return mzr_fail(rd, rd->line, "unknown field '%s' in '%s' (fields: %s)", rd->w[i], what, list);
        }
        if (seen[k])
            return mzr_fail(rd, rd->line, "'%s' given twice in '%s'", f[k].name, what);
        seen[k] = 1;
        if (i + 1 >= rd->nw)
            return mzr_fail(rd, rd->line, "'%s' without a value in '%s'", f[k].name, what);
        int rc = mzr_value(rd, base, f[k].type, f[k].off, f[k].lo, f[k].hi, rd->w[i + 1], f[k].name);
        if (rc)
            return rc;
    }
    for (int k = 0; k < n; k++)
        if (!seen[k])
            return mzr_fail(rd, rd->line, "missing '%s' in '%s'", f[k].name, what);
    return 0;
}

/* ---- cards, tiles, rest tiles ---- */

int mzr_put_card(mzr_reader *rd, int c, int loc, int seat)
{
    if (rd->card_line[c])
        return mzr_fail(rd, rd->line, "%s is already named on line %d (every card is in one place)", rd->D->card[c].id,
                    rd->card_line[c]);
    rd->card_line[c] = rd->line;
    rd->s->card_loc[c] = (uint8_t)loc;
    rd->s->card_seat[c] = (uint8_t)seat;
    return 0;
}

/* Words from..nw-1 as a list of cards ("none" alone for an empty list); returns the count. */
int mzr_card_list(mzr_reader *rd, int from, uint8_t *out, int max)
{
    int n = rd->nw - from;
    if (n == 1 && strcmp(rd->w[from], "none") == 0)
        return 0;
    if (n <= 0)
        return mzr_fail(rd, rd->line, "no cards listed ('none' for none)");
    if (n > max)
        return mzr_fail(rd, rd->line, "%d cards listed, at most %d fit", n, max);
    for (int i = 0; i < n; i++) {
        int c = 0, rc = mzr_card(rd, rd->w[from + i], &c);
        if (rc)
            return rc;
        out[i] = (uint8_t)c;
    }
    return n;
}

int mzr_take_tile(mzr_reader *rd, int t)
{
    if (rd->tile_line[t])
        return mzr_fail(rd, rd->line, "T%d is already named on line %d (a tile is in one place)", t, rd->tile_line[t]);
    rd->tile_line[t] = rd->line;
    return 0;
}

static int parse_id(mzr_reader *rd, const char *w, int n, const char *(*id)(const mz_data *, int), const char *what,
                    int *out)
{
    for (int i = 0; i < n; i++)
        if (strcmp(w, id(rd->D, i)) == 0) {
            *out = i;
            return 0;
        }
    return mzr_fail(rd, rd->line, "unknown %s '%s' (%s .. %s)", what, w, id(rd->D, 0), id(rd->D, n - 1));
}
static const char *rest_id(const mz_data *D, int i) { return D->rest[i].id; }
static const char *reward_id(const mz_data *D, int i) { return D->reward[i].id; }

int mzr_take_rest(mzr_reader *rd, const char *w, int *out)
{
    int rc = parse_id(rd, w, MZ_REST, rest_id, "rest tile", out);
    if (rc)
        return rc;
    if (rd->rest_line[*out])
        return mzr_fail(rd, rd->line, "%s is already named on line %d (a rest tile is in one place)", w,
                    rd->rest_line[*out]);
    rd->rest_line[*out] = rd->line;
    return 0;
}

int mzr_take_reward(mzr_reader *rd, const char *w, int *out)
{
    int rc = parse_id(rd, w, MZ_REWARDS, reward_id, "reward tile", out);
    if (rc)
        return rc;
    if (rd->reward_line[*out])
        return mzr_fail(rd, rd->line, "%s is already named on line %d", w, rd->reward_line[*out]);
    rd->reward_line[*out] = rd->line;
    return 0;
}

bool mzr_is_none(const mzr_reader *rd, int from) { return rd->nw - from == 1 && strcmp(rd->w[from], "none") == 0; }

/* ---- keys ---- */

int mzr_key_tile(mzr_reader *rd)
{
    mz_state *s = rd->s;
    int t = 0, rc = 0;
    if (rd->nw < 2 || (rc = mzr_loc(rd, rd->w[1], false, &t)) != 0)
        return rd->nw < 2 ? mzr_fail(rd, rd->line, "expected 'tile Tn q,r rot R spaces ... out ...'") : rc;
    if ((rc = mzr_take_tile(rd, t)) != 0)
        return rc;
    const mz_tile *T = &rd->D->tile[t];
    mz_loc *L = &s->loc[t];
    int ns = T->nspaces, need = 7 + ns + s->nseats;
    if (rd->nw < need || strcmp(rd->w[3], "rot") != 0 || strcmp(rd->w[5], "spaces") != 0 ||
        strcmp(rd->w[6 + ns], "out") != 0)
        return mzr_fail(rd, rd->line, "expected 'tile T%d q,r rot R spaces' then %d harvest spaces (seat or -), 'out' and "
                    "%d outskirts counts", t, ns, s->nseats);
    char *comma = strchr(rd->w[2], ',');
    long q, r, rot, v;
    if (!comma)
        return mzr_fail(rd, rd->line, "expected the cell as q,r, not '%s'", rd->w[2]);
    *comma = '\0';
    if ((rc = mzr_num(rd, rd->w[2], -MZR_COORD_MAX, MZR_COORD_MAX, &q, "q")) != 0 ||
        (rc = mzr_num(rd, comma + 1, -MZR_COORD_MAX, MZR_COORD_MAX, &r, "r")) != 0 ||
        (rc = mzr_num(rd, rd->w[4], 0, 5, &rot, "rotation")) != 0)
        return rc;
    L->q = (int8_t)q;
    L->r = (int8_t)r;
    L->rot = (uint8_t)rot;
    L->placed = (uint8_t)++rd->ntiles;
    for (int i = 0; i < ns; i++) {
        const char *w = rd->w[6 + i];
        if (strcmp(w, "-") == 0)
            continue;
        if ((rc = mzr_num(rd, w, 1, s->nseats, &v, "harvest space seat")) != 0)
            return rc;
        L->space[i] = (uint8_t)v;
    }
    for (int p = 0; p < s->nseats; p++) {
        if ((rc = mzr_num(rd, rd->w[7 + ns + p], 0, rd->D->pieces, &v, "outskirts ants")) != 0)
            return rc;
        L->out[p] = (uint8_t)v;
    }
    for (int i = need; i < rd->nw; i++) {
        if (strcmp(rd->w[i], "centipede") == 0 && !L->centipede)
            L->centipede = 1;
        else if (strcmp(rd->w[i], "wormhole") == 0 && !L->wormhole)
            L->wormhole = 1;
        else
            return mzr_fail(rd, rd->line, "unexpected '%s' after the outskirts (flags: centipede, wormhole)", rd->w[i]);
    }
    return 0;
}

int mzr_key_gt(mzr_reader *rd)
{
    mz_state *s = rd->s;
    mz_loc *L = &s->loc[MZ_GT];
    long v;
    int rc;
    if (rd->nw < 1 + s->nseats)
        return mzr_fail(rd, rd->line, "expected 'great_tunnel' and the ants of the %d seats", s->nseats);
    for (int p = 0; p < s->nseats; p++) {
        if ((rc = mzr_num(rd, rd->w[1 + p], 0, rd->D->pieces, &v, "Great Tunnel ants")) != 0)
            return rc;
        L->out[p] = (uint8_t)v;
    }
    for (int i = 1 + s->nseats; i < rd->nw; i++) {
        if (strcmp(rd->w[i], "centipede") == 0 && !L->centipede)
            L->centipede = 1;
        else if (strcmp(rd->w[i], "wormhole") == 0 && !L->wormhole)
            L->wormhole = 1;
        else
            return mzr_fail(rd, rd->line, "unexpected '%s' after the Great Tunnel's ants", rd->w[i]);
    }
    return 0;
}

int mzr_key_frame(mzr_reader *rd)
{
    mz_state *s = rd->s;
    if (s->nframes >= MZ_FRAMES)
        return mzr_fail(rd, rd->line, "more than %d frames", MZ_FRAMES);
    if (rd->nw != 12 || strcmp(rd->w[2], "seat") || strcmp(rd->w[4], "a") || strcmp(rd->w[6], "b") ||
        strcmp(rd->w[8], "c") || strcmp(rd->w[10], "n"))
        return mzr_fail(rd, rd->line, "expected 'frame KIND seat S a A b B c C n N'");
    int kind = 1;
    while (kind < F_COUNT && strcmp(rd->w[1], mz_fkinds[kind].name) != 0)
        kind++;
    if (kind == F_COUNT)
        return mzr_fail(rd, rd->line, "unknown frame kind '%s'", rd->w[1]);
    mz_frame *f = &s->frame[s->nframes];
    uint8_t *arg[4] = {&f->a, &f->b, &f->c, &f->n};
    int rc = mzr_seat(rd, rd->w[3], V_SEAT, &f->seat);
    if (rc)
        return rc;
    for (int i = 0; i < 4; i++) {
        long v;
        char spec = i < 3 ? mz_fkinds[kind].args[i] : 'n';
        static const char *const names[4] = {"frame a", "frame b", "frame c", "frame n"};
        if ((rc = mzr_num(rd, rd->w[5 + 2 * i], 0, 255, &v, names[i])) != 0)
            return rc;
        bool ok = spec == 'n' || (spec == 'T' && v >= 1 && v <= MZ_TILES) || (spec == 't' && v <= MZ_TILES) ||
                  (spec == 'L' && (v < MZ_LOCS || v == MZ_NONE)) || (spec == 'C' && v < MZ_CARDS) ||
                  (spec == 'X' && (v < MZ_CARDS || (v >= 100 + TE_CENTI_NEST && v <= 100 + TE_SINKHOLE))) ||
                  (spec == 'K' && v < RK_COUNT) || (spec == 'P' && (v < MZ_LOCS * 5 || v == MZ_NONE)) ||
                  (spec == 'S' && v < s->nseats);
        if (!ok)
            return mzr_fail(rd, rd->line, "%s %ld does not fit a '%s' frame", names[i], v, mz_fkinds[kind].name);
        *arg[i] = (uint8_t)v;
    }
    /* card frames whose b or c name a tile (TX-03, EV-12, a tile effect) or EV-08's space */
    int cmax = f->a == EV08 ? MZ_LOCS * 5 : MZ_TILES;
    if ((kind == F_OPTION || kind == F_TARGET) && (f->b > MZ_TILES || f->c > cmax))
        return mzr_fail(rd, rd->line, "frame %c %d does not fit a '%s' frame of %s", f->b > MZ_TILES ? 'b' : 'c',
                        f->b > MZ_TILES ? f->b : f->c, mz_fkinds[kind].name,
                        f->a < MZ_CARDS ? rd->D->card[f->a].id : "a tile effect");
    /* tiles held off the stack while a seat chooses or places one (S-2P-1, R-31): each is in
     * one place only, as a tile on the meadow or in the stack is */
    if (kind == F_SETUP2P || kind == F_PICKTILE || kind == F_PLACE) {
        if ((rc = mzr_take_tile(rd, f->a)) != 0 || (kind != F_PLACE && (rc = mzr_take_tile(rd, f->b)) != 0))
            return rc;
    }
    f->kind = (uint8_t)kind;
    rd->frame_line[s->nframes++] = rd->line;
    return 0;
}

static int key_seat_cards(mzr_reader *rd, int p, int sk)
{
    mz_state *s = rd->s;
    mz_seat *P = &s->seat[p];
    uint8_t list[MZ_CARDS];
    int n = mzr_card_list(rd, 3, list, sk == SK_HAND || sk == SK_GOALS ? MZ_CARDS : MZ_PILE), rc;
    if (n < 0)
        return n;
    for (int i = 0; i < n; i++) {
        const mz_card *C = &rd->D->card[list[i]];
        if (sk == SK_HAND) {
            if ((rc = mzr_put_card(rd, list[i], CL_HAND, p)) != 0)
                return rc;
            P->hand++;
        } else if (sk == SK_GOALS) {
            if (C->type != CT_GOAL)
                return mzr_fail(rd, rd->line, "%s is not a colony goal", C->id);
            if ((rc = mzr_put_card(rd, list[i], CL_GOAL, p)) != 0)
                return rc;
            P->ngoals++;
        } else {
            int sg = sk - SK_HEADS;
            if (C->type != CT_EVO || C->seg != sg)
                return mzr_fail(rd, rd->line, "%s is not a %s evolution", C->id,
                            sg == SEG_HEAD ? "head" : sg == SEG_THORAX ? "thorax" : "abdomen");
            if ((rc = mzr_put_card(rd, list[i], CL_EVO, p)) != 0)
                return rc;
            P->pile[sg][n - 1 - i] = list[i]; /* written top first */
        }
    }
    if (sk >= SK_HEADS && sk <= SK_ABDOMENS)
        P->npile[sk - SK_HEADS] = (uint8_t)n;
    return 0;
}

int mzr_key_seat(mzr_reader *rd)
{
    mz_state *s = rd->s;
    long v;
    int rc;
    if (rd->nw < 3)
        return mzr_fail(rd, rd->line, "expected 'seat N KEY ...'");
    if ((rc = mzr_num(rd, rd->w[1], 1, s->nseats, &v, "seat")) != 0)
        return rc;
    int p = (int)v - 1, sk = 0;
    while (sk < SK_COUNT && strcmp(rd->w[2], mzr_seat_keys[sk]) != 0)
        sk++;
    if (sk == SK_COUNT)
        return mzr_fail(rd, rd->line, "unknown seat key '%s' (nest, hand, heads, thoraxes, abdomens, goals, round, "
                    "ferocity, species)", rd->w[2]);
    if (rd->l_seat[p][sk])
        return mzr_fail(rd, rd->line, "duplicate 'seat %d %s' (first on line %d)", p + 1, mzr_seat_keys[sk], rd->l_seat[p][sk]);
    rd->l_seat[p][sk] = rd->line;
    mz_seat *P = &s->seat[p];
    char what[32];
    snprintf(what, sizeof what, "seat %d %s", p + 1, mzr_seat_keys[sk]);
    switch (sk) {
    case SK_NEST: return mzr_fields(rd, P, mz_nest_fields, MZ_NNEST, 3, what);
    case SK_ROUND: return mzr_fields(rd, P, mz_round_fields, MZ_NROUND, 3, what);
    case SK_FEROCITY:
        if (rd->nw != 7 || strcmp(rd->w[5], "committed") != 0)
            return mzr_fail(rd, rd->line, "expected 'seat %d ferocity CARD|none CARD|none committed N'", p + 1);
        for (int j = 0; j < 2; j++) {
            if ((rc = mzr_card_or_none(rd, rd->w[3 + j], &P->fer[j])) != 0)
                return rc;
            if (P->fer[j] != MZ_NONE && (rc = mzr_put_card(rd, P->fer[j], CL_FEROCITY, p)) != 0)
                return rc;
        }
        if ((rc = mzr_num(rd, rd->w[6], 0, 2, &v, "committed")) != 0)
            return rc;
        P->fer_committed = (uint8_t)v;
        return 0;
    case SK_SPECIES: {
        if (rd->nw != 7 || strcmp(rd->w[4], "ritual") != 0)
            return mzr_fail(rd, rd->line, "expected 'seat %d species NAME ritual CARD|none CARD|none'", p + 1);
        char name[32];
        int sp = 0;
        while (sp < SP_COUNT && (mz_species_key(rd->D, sp, name, sizeof name), strcmp(name, rd->w[3]) != 0))
            sp++;
        if (sp == SP_COUNT)
            return mzr_fail(rd, rd->line, "unknown species '%s' (standard, egg_keepers, horizon_researchers, "
                        "visionary_queen, chaos_dancers)", rd->w[3]);
        if (sp != SP_NONE && !rd->D->species)
            return mzr_fail(rd, rd->line, "species '%s', but the rule set plays without species (V-5)", rd->w[3]);
        P->species = (uint8_t)sp;
        for (int j = 0; j < 2; j++)
            if ((rc = mzr_card_or_none(rd, rd->w[5 + j], &P->ritual[j])) != 0)
                return rc;
        return 0;
    }
    default: return key_seat_cards(rd, p, sk);
    }
}
