/* Myrmes positions as text, reading (docs/positions/myrmes.md). The state handed in is fresh
 * from init; it is cleared and rebuilt from the lines, with the counts the game keeps twice
 * (exits, markers, rooms used, objective levels, special supply used, hex -> tile) derived the
 * way apply keeps them. Every error names its line. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "myrmes_position.h"

#define MAX_WORDS 200

/* Keys: game-wide first, then those of a seat block. */
enum {
    K_POSITION, K_SEATS, K_YEAR, K_SEASON, K_PHASE, K_FIRST, K_TURN, K_DICE, K_DIE, K_STEP, K_WAITING, K_OUTING,
    K_OBJECTIVES, K_PICKING, K_PREY_GONE, K_PREY, K_CUBES, K_TILE_SLOTS, K_TILE, K_SEAT,
    K_SCORE, K_FOOD, K_DIRT, K_STONE, K_LARVAE, K_SOLDIERS, K_WORKERS, K_ROOMS, K_HUNTED, K_NURSERY, K_NURSES,
    K_WS_SPENT, K_OBJ_NURSES, K_LEVEL, K_EVENT, K_WS_DONE, K_EXITS, K_LAID, K_COMPLETED, K_OWED, K_P_SAC, K_P_EVENT,
    K_P_BIRTHS, K_P_DISCARD, K_P_HARVEST, K_P_SCAVENGE, K_P_EXTRA, K_P_ANY, K_COUNT
};
#define K_FIRST_SEAT_KEY K_SCORE

static const char *const key_names[K_COUNT] = {
    "position", "seats", "year", "season", "phase", "first_player", "turn", "dice", "die", "step_seats", "waiting",
    "outing", "objectives", "picking", "prey_discarded", "prey", "cubes", "tile_slots", "tile", "seat",
    "score", "food", "dirt", "stone", "larvae", "soldiers", "workers", "rooms", "hunted", "nursery", "nurses",
    "workshop_spent", "objective_nurses", "level", "event", "workshop_done", "exits", "laid", "completed", "owed",
    "pending_sacrifice", "pending_event", "pending_births", "pending_discard", "pending_harvest", "pending_scavenge",
    "pending_extra", "pending_any"};

/* Keys the writer always writes: a position must give them. */
static bool required(int k) { return k <= K_PREY_GONE ? k != K_PICKING : k == K_TILE_SLOTS || (k >= K_SCORE && k <= K_COMPLETED); }

typedef struct reader {
    my_state *st;
    const fc_env *env;
    const my_data *D;
    fc_error *err;
    int line, seat;                                 /* current line; current seat block or -1 */
    int l_key[K_COUNT], l_seat_key[MY_MAX_SEATS][K_COUNT];
    int l_prey[MY_PREY], l_tile[MY_MAX_TILES], l_tok[MY_MAX_CELLS], l_cube[MY_MAX_CELLS];
    int tile_slots;
    /* resolved at the end (they name objectives or tiles that may come later) */
    int n_done[MY_MAX_SEATS], done_obj[MY_MAX_SEATS][MY_SLOTS], done_round[MY_MAX_SEATS][MY_SLOTS];
    int pick_obj, n_pick, pick_cell[MY_MAX_TILES];
    char *w[MAX_WORDS];
    int nw;
} reader;

static int fail(reader *rd, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(reader *rd, int line, const char *fmt, ...)
{
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (line > 0)
        return rd->env->host->error_set(rd->err, FC_EPARSE, "myrmes: line %d: %s", line, msg);
    return rd->env->host->error_set(rd->err, FC_EPARSE, "myrmes: %s", msg);
}

/* ---- words ---- */

static int number(reader *rd, const char *w, int lo, int hi, const char *what, int *out)
{
    const char *p = w;
    int sign = 1, digits = 0;
    long v = 0;
    if (*p == '-' || *p == '+')
        sign = *p++ == '-' ? -1 : 1;
    while (*p >= '0' && *p <= '9' && digits < 9)
        v = v * 10 + (*p++ - '0'), digits++;
    if (!digits || *p)
        return fail(rd, rd->line, "bad number '%s' for %s", w, what);
    v *= sign;
    if (v < lo || v > hi)
        return fail(rd, rd->line, "%s %ld out of range (%d..%d)", what, v, lo, hi);
    *out = (int)v;
    return 0;
}

/* Exactly `n` words after the key. */
static int arity(reader *rd, int n, const char *form)
{
    if (rd->nw - 1 != n)
        return fail(rd, rd->line, "expected '%s'", form);
    return 0;
}

static int hex_word(reader *rd, const char *w, int *cell)
{
    int q = 0, r = 0, k = 0;
    char tail;
    if (sscanf(w, "%3d,%3d%n%c", &q, &r, &k, &tail) != 2 || w[k] || w[0] == '+' || w[0] == '-')
        return fail(rd, rd->line, "bad hex '%s' (hexes are written q,r as in the notation)", w);
    if (q < 0 || q >= 32 || r < 0 || r >= 32 || rd->D->index[r][q] < 0)
        return fail(rd, rd->line, "hex %s is not in the garden for %d players", w, rd->env->nseats);
    *cell = rd->D->index[r][q];
    return 0;
}

static int seat_word(reader *rd, const char *w, int *s)
{
    int rc = number(rd, w, 1, rd->env->nseats, "seat", s);
    *s -= 1;
    return rc;
}

/* Seats 1..n or "none" as a bit mask. */
static int seat_set(reader *rd, uint32_t *mask)
{
    *mask = 0;
    if (rd->nw == 2 && strcmp(rd->w[1], "none") == 0)
        return 0;
    if (rd->nw < 2)
        return fail(rd, rd->line, "expected '%s SEAT...' or '%s none'", rd->w[0], rd->w[0]);
    for (int i = 1; i < rd->nw; i++) {
        int s, rc = seat_word(rd, rd->w[i], &s);
        if (rc)
            return rc;
        if (*mask & (1u << s))
            return fail(rd, rd->line, "seat %d named twice", s + 1);
        *mask |= 1u << s;
    }
    return 0;
}

static int objective_word(reader *rd, const char *w, int *obj)
{
    for (int i = 0; i < rd->D->nobj; i++)
        if (strcmp(rd->D->obj[i].id, w) == 0) {
            *obj = i;
            return 0;
        }
    return fail(rd, rd->line, "unknown objective '%s' (O1..O%d)", w, rd->D->nobj);
}

/* A token (exit or prey) on a hex that holds none yet. */
static int put_token(reader *rd, int c, int tok, const char *w)
{
    if (rd->l_tok[c])
        return fail(rd, rd->line, "hex %s already holds a token (line %d)", w, rd->l_tok[c]);
    rd->l_tok[c] = rd->line;
    rd->st->cell_tok[c] = (uint8_t)tok;
    return 0;
}

/* ---- game-wide keys ---- */

static int key_objectives(reader *rd)
{
    int rc = arity(rd, MY_SLOTS, "objectives O.. O.. O.. O.. O.. O.. (two per level 1, 2, 3)");
    for (int i = 0; i < MY_SLOTS && !rc; i++) {
        int o = 0;
        if ((rc = objective_word(rd, rd->w[i + 1], &o)) != 0)
            return rc;
        if (rd->D->obj[o].level != i / 2 + 1)
            return fail(rd, rd->line, "objective %s is of level %d, not %d (two per level in order, S-04)", rd->w[i + 1],
                        rd->D->obj[o].level, i / 2 + 1);
        for (int j = 0; j < i; j++)
            if (rd->st->obj[j] == o)
                return fail(rd, rd->line, "objective %s named twice", rd->w[i + 1]);
        rd->st->obj[i] = (uint8_t)o;
    }
    return rc;
}

static int key_outing(reader *rd)
{
    my_state *st = rd->st;
    const my_data *D = rd->D;
    int s = -1, c = 0, mp = 0, rc = 0;
    if (rd->nw == 2 && strcmp(rd->w[1], "none") == 0) {
        st->out_seat = -1;
        return 0;
    }
    if (rd->nw != 4)
        return fail(rd, rd->line, "expected 'outing SEAT HEX MP', 'outing none' or 'outing none HEX MP'");
    if (strcmp(rd->w[1], "none") != 0 && (rc = seat_word(rd, rd->w[1], &s)) != 0)
        return rc;
    if ((rc = hex_word(rd, rd->w[2], &c)) != 0 || (rc = number(rd, rd->w[3], 0, D->moves + D->event_moves,
                                                                "movement points", &mp)) != 0)
        return rc;
    st->out_seat = (int8_t)s;
    st->out_cell = (uint8_t)c;
    st->out_mp = (uint8_t)mp;
    return 0;
}

static int key_picking(reader *rd)
{
    if (rd->nw < 2)
        return fail(rd, rd->line, "expected 'picking OBJECTIVE HEX...'");
    int rc = objective_word(rd, rd->w[1], &rd->pick_obj);
    for (int i = 2; i < rd->nw && !rc; i++)
        rc = hex_word(rd, rd->w[i], &rd->pick_cell[rd->n_pick++]);
    return rc;
}

static int key_prey(reader *rd)
{
    int k = 0, rc;
    while (k < MY_PREY && (rd->nw < 2 || strcmp(rd->D->prey_name[k], rd->w[1])))
        k++;
    if (rd->nw < 3)
        return fail(rd, rd->line, "expected 'prey KIND HEX...'");
    if (k == MY_PREY)
        return fail(rd, rd->line, "unknown prey '%s' (%s, %s, %s)", rd->w[1], rd->D->prey_name[0], rd->D->prey_name[1],
                    rd->D->prey_name[2]);
    if (rd->l_prey[k])
        return fail(rd, rd->line, "duplicate 'prey %s' (first on line %d)", rd->w[1], rd->l_prey[k]);
    rd->l_prey[k] = rd->line;
    for (int i = 2; i < rd->nw; i++) {
        int c;
        if ((rc = hex_word(rd, rd->w[i], &c)) != 0 || (rc = put_token(rd, c, MY_TOK_PREY | k, rd->w[i])) != 0)
            return rc;
    }
    return 0;
}

static int key_cubes(reader *rd)
{
    for (int i = 1; i < rd->nw; i++) {
        int c, rc = hex_word(rd, rd->w[i], &c);
        if (rc)
            return rc;
        if (rd->l_cube[c])
            return fail(rd, rd->line, "hex %s has a cube already (one cube a hex, R-30)", rd->w[i]);
        rd->l_cube[c] = rd->line;
        my_bit_set(rd->st->cube, c);
    }
    return 0;
}

/* The hexes, in order, must be the kind's shape in one of its orientations. */
static bool shape_ok(const my_data *D, const my_kind *K, const my_tile *T)
{
    for (int o = 0; o < K->norient; o++) {
        fc_hex base = D->hex[T->cell[0]];
        bool ok = true;
        for (int i = 0; i < K->size && ok; i++) {
            fc_hex x = fc_hex_add(base, fc_hex_make(K->orient[o][i].q - K->orient[o][0].q,
                                                    K->orient[o][i].r - K->orient[o][0].r));
            ok = x.q == D->hex[T->cell[i]].q && x.r == D->hex[T->cell[i]].r;
        }
        if (ok)
            return true;
    }
    return false;
}

static int key_tile(reader *rd)
{
    my_state *st = rd->st;
    const my_data *D = rd->D;
    int slot, k = 0, owner = -1, rc;
    if (rd->nw < 5)
        return fail(rd, rd->line, "expected 'tile SLOT KIND OWNER HEX...' (OWNER: a seat or none)");
    if ((rc = number(rd, rd->w[1], 0, MY_MAX_TILES - 1, "tile slot", &slot)) != 0)
        return rc;
    if (rd->l_tile[slot])
        return fail(rd, rd->line, "duplicate 'tile %d' (first on line %d)", slot, rd->l_tile[slot]);
    while (k < D->nkinds && strcmp(D->kind[k].id, rd->w[2]))
        k++;
    if (k == D->nkinds)
        return fail(rd, rd->line, "unknown tile kind '%s'", rd->w[2]);
    const my_kind *K = &D->kind[k];
    if (strcmp(rd->w[3], "none") != 0 && (rc = seat_word(rd, rd->w[3], &owner)) != 0)
        return rc;
    if (owner < 0 && !K->special)
        return fail(rd, rd->line, "a pheromone has an owner (only special tiles may be unmarked: none)");
    if (rd->nw - 4 != K->size)
        return fail(rd, rd->line, "%s covers %d hexes, %d given", K->id, K->size, rd->nw - 4);
    rd->l_tile[slot] = rd->line;
    my_tile *T = &st->tile[slot];
    T->kind = (uint8_t)(k + 1);
    T->owner = (int8_t)owner;
    T->marked = K->special && owner >= 0;
    T->n = K->size;
    for (int i = 0; i < K->size; i++) {
        int c;
        if ((rc = hex_word(rd, rd->w[4 + i], &c)) != 0)
            return rc;
        if (st->cell_tile[c])
            return fail(rd, rd->line, "hex %s is under tile %d already", rd->w[4 + i], st->cell_tile[c] - 1);
        T->cell[i] = (uint8_t)c;
        st->cell_tile[c] = (uint8_t)(slot + 1);
    }
    if (!shape_ok(D, K, T))
        return fail(rd, rd->line, "the hexes do not form %s in any orientation (hexes in the shape's order)", K->id);
    if (K->special) {
        st->group_used[K->group]++;
        if (owner >= 0)
            st->seat[owner].markers++;
    }
    return 0;
}

static int key_game(reader *rd, int key)
{
    my_state *st = rd->st;
    const my_data *D = rd->D;
    int v = 0, rc = 0;
    uint32_t mask;
    switch (key) {
    case K_SEATS:
        if ((rc = arity(rd, 1, "seats N")) != 0 || (rc = number(rd, rd->w[1], 2, MY_MAX_SEATS, "seats", &v)) != 0)
            return rc;
        if (v != rd->env->nseats)
            return fail(rd, rd->line, "seats %d, but the rule set has %d seats", v, rd->env->nseats);
        return 0;
    case K_YEAR:
        if ((rc = arity(rd, 1, "year N")) == 0 && (rc = number(rd, rd->w[1], 1, D->years, "year (parameter years)", &v)) == 0)
            st->year = (uint8_t)v;
        return rc;
    case K_SEASON:
        if ((rc = arity(rd, 1, "season NAME")) != 0)
            return rc;
        for (v = 0; v < MY_SEASONS && strcmp(rd->w[1], D->season_name[v]); v++)
            ;
        if (v == MY_SEASONS && strcmp(rd->w[1], "winter"))
            return fail(rd, rd->line, "unknown season '%s' (%s, %s, %s, winter)", rd->w[1], D->season_name[0],
                        D->season_name[1], D->season_name[2]);
        st->season = (uint8_t)v;
        return 0;
    case K_PHASE:
        if ((rc = arity(rd, 1, "phase NAME")) != 0)
            return rc;
        for (v = 0; v < MY_PHASES && strcmp(rd->w[1], my_phase_names[v]); v++)
            ;
        if (v == MY_PHASES)
            return fail(rd, rd->line, "unknown phase '%s' (event, births, workers, harvest, workshop, end_round, "
                                      "winter, dice, over)", rd->w[1]);
        st->phase = (uint8_t)v;
        return 0;
    case K_FIRST:
    case K_TURN:
        if ((rc = arity(rd, 1, key == K_FIRST ? "first_player SEAT" : "turn SEAT")) == 0 &&
            (rc = seat_word(rd, rd->w[1], &v)) == 0)
            *(key == K_FIRST ? &st->first : &st->turn) = (uint8_t)v;
        return rc;
    case K_DICE:
        if ((rc = arity(rd, MY_SEASONS, "dice SPRING SUMMER AUTUMN")) != 0)
            return rc;
        for (int i = 0; i < MY_SEASONS; i++) {
            if ((rc = number(rd, rd->w[i + 1], 0, MY_SPACES - 1, "die", &v)) != 0)
                return rc;
            bool face = false;
            for (int f = 0; f < D->nfaces[i]; f++)
                face |= D->faces[i][f] == v;
            if (!face)
                return fail(rd, rd->line, "the %s die has no face %d", D->season_name[i], v);
            st->dice[i] = (uint8_t)v;
        }
        return 0;
    case K_DIE:
        if ((rc = arity(rd, 1, "die N")) == 0 && (rc = number(rd, rd->w[1], 0, MY_SEASONS, "die", &v)) == 0)
            st->die = (uint8_t)v;
        return rc;
    case K_STEP:
    case K_WAITING:
        if ((rc = seat_set(rd, &mask)) != 0)
            return rc;
        if (key == K_STEP)
            st->simul_mask = (uint8_t)mask;
        else
            st->simul.waiting = (uint16_t)mask;
        return 0;
    case K_OUTING:
        return key_outing(rd);
    case K_OBJECTIVES:
        return key_objectives(rd);
    case K_PICKING:
        return key_picking(rd);
    case K_PREY_GONE:
        if ((rc = arity(rd, 1, "prey_discarded N")) == 0 &&
            (rc = number(rd, rd->w[1], 0, st->prey_placed, "prey_discarded", &v)) == 0)
            st->prey_gone = (uint8_t)v;
        return rc;
    case K_PREY:
        return key_prey(rd);
    case K_CUBES:
        return key_cubes(rd);
    case K_TILE_SLOTS:
        if ((rc = arity(rd, 1, "tile_slots N")) == 0 && (rc = number(rd, rd->w[1], 0, MY_MAX_TILES, "tile_slots", &v)) == 0)
            rd->tile_slots = v;
        return rc;
    case K_TILE:
        return key_tile(rd);
    default:
        return 0;
    }
}

/* ---- seat keys ---- */

/* "L1 S0 W2 K0 [A1]" as in the births notation. */
static int tracks(reader *rd, uint8_t *t, uint8_t *arrive)
{
    static const char letter[5] = {'L', 'S', 'W', 'K', 'A'};
    int n = rd->nw - 1, lim = arrive ? 5 : 4;
    if (n < 4 || n > lim)
        return fail(rd, rd->line, "expected '%s L# S# W# K#%s'", rd->w[0], arrive ? " [A#]" : "");
    for (int i = 0; i < n; i++) {
        const char *w = rd->w[i + 1];
        char what[32];
        snprintf(what, sizeof what, "%c (%s)", letter[i], rd->w[0]);
        int v, rc;
        if (w[0] != letter[i])
            return fail(rd, rd->line, "expected %c# as word %d, not '%s'", letter[i], i + 1, w);
        if ((rc = number(rd, w + 1, 0, i == 4 ? 6 : 7, what, &v)) != 0)
            return rc;
        if (i < 4)
            t[i] = (uint8_t)v;
        else
            *arrive = (uint8_t)(v + 1);
    }
    return 0;
}

static int numbers(reader *rd, int n, uint8_t *out, const char *form)
{
    int rc = arity(rd, n, form);
    for (int i = 0; i < n && !rc; i++) {
        int v;
        if ((rc = number(rd, rd->w[i + 1], 0, 200, rd->w[0], &v)) == 0)
            out[i] = (uint8_t)v;
    }
    return rc;
}

static int hex_set(reader *rd, uint8_t *set, int tok)
{
    for (int i = 1; i < rd->nw; i++) {
        int c, rc = hex_word(rd, rd->w[i], &c);
        if (rc)
            return rc;
        if (tok)
            rc = put_token(rd, c, tok, rd->w[i]);
        else if (my_bit(set, c))
            rc = fail(rd, rd->line, "hex %s named twice", rd->w[i]);
        else
            my_bit_set(set, c);
        if (rc)
            return rc;
    }
    return 0;
}

static int key_laid(reader *rd, my_seat *p)
{
    if (rd->nw == 2 && strcmp(rd->w[1], "none") == 0)
        return 0;
    if (rd->nw < 2)
        return fail(rd, rd->line, "expected 'laid KIND=N...' or 'laid none'");
    for (int i = 1; i < rd->nw; i++) {
        char *eq = strchr(rd->w[i], '=');
        int k = 0, v, rc;
        if (!eq)
            return fail(rd, rd->line, "expected KIND=N, not '%s'", rd->w[i]);
        *eq = '\0';
        while (k < rd->D->npher && strcmp(rd->D->kind[k].id, rd->w[i]))
            k++;
        if (k == rd->D->npher)
            return fail(rd, rd->line, "unknown pheromone '%s'", rd->w[i]);
        if ((rc = number(rd, eq + 1, 1, rd->D->kind[k].count, rd->w[i], &v)) != 0)
            return rc;
        if (p->pher_used[k])
            return fail(rd, rd->line, "%s named twice", rd->w[i]);
        p->pher_used[k] = (uint8_t)v;
    }
    return 0;
}

static int key_completed(reader *rd, int s)
{
    if (rd->nw == 2 && strcmp(rd->w[1], "none") == 0)
        return 0;
    if (rd->nw < 2 || rd->nw > MY_SLOTS + 1)
        return fail(rd, rd->line, "expected 'completed OBJECTIVE@ROUND...' or 'completed none'");
    for (int i = 1; i < rd->nw; i++) {
        char *at = strchr(rd->w[i], '@');
        int o = 0, r = 0, rc;
        if (!at)
            return fail(rd, rd->line, "expected OBJECTIVE@ROUND, not '%s'", rd->w[i]);
        *at = '\0';
        if ((rc = objective_word(rd, rd->w[i], &o)) != 0 ||
            (rc = number(rd, at + 1, 1, rd->D->years * MY_SEASONS, "round", &r)) != 0)
            return rc;
        for (int j = 0; j < rd->n_done[s]; j++)
            if (rd->done_obj[s][j] == o)
                return fail(rd, rd->line, "%s named twice", rd->w[i]);
        rd->done_obj[s][rd->n_done[s]] = o;
        rd->done_round[s][rd->n_done[s]++] = r;
    }
    return 0;
}

static int key_flags(reader *rd, my_seat *p, int key)
{
    bool rooms = key == K_ROOMS;
    uint8_t *set = rooms ? &p->rooms : &p->ws_done;
    if (rd->nw == 2 && strcmp(rd->w[1], "none") == 0)
        return 0;
    if (rd->nw < 2)
        return fail(rd, rd->line, "expected '%s %s...' or '%s none'", rd->w[0], rooms ? "ROOM" : "ACTION", rd->w[0]);
    for (int i = 1; i < rd->nw; i++) {
        int v = 0, rc = 0;
        if (rooms)
            rc = number(rd, rd->w[i], 0, rd->D->nlevels - 1, "room", &v);
        else {
            while (v < 4 && strcmp(rd->w[i], my_ws_names[v]))
                v++;
            if (v == 4)
                rc = fail(rd, rd->line, "unknown workshop action '%s' (tunnel, level, nurse, objective)", rd->w[i]);
        }
        if (rc)
            return rc;
        if (*set & (1u << v))
            return fail(rd, rd->line, "'%s' named twice", rd->w[i]);
        *set = (uint8_t)(*set | 1u << v);
    }
    if (rooms)
        p->room_workers = (uint8_t)__builtin_popcount(p->rooms);
    return 0;
}

static int key_seat(reader *rd, int key)
{
    int s = rd->seat, v = 0, rc = 0;
    my_seat *p = &rd->st->seat[s];
    static const struct { int key, lo, hi; size_t off; } num[] = {
        {K_FOOD, 0, 200, offsetof(my_seat, res) + R_FOOD}, {K_DIRT, 0, 200, offsetof(my_seat, res) + R_DIRT},
        {K_STONE, 0, 200, offsetof(my_seat, res) + R_STONE}, {K_LARVAE, 0, 200, offsetof(my_seat, larvae)},
        {K_SOLDIERS, 0, 16, offsetof(my_seat, soldiers)}, {K_WORKERS, 0, 16, offsetof(my_seat, workers)},
        {K_NURSERY, 0, 16, offsetof(my_seat, nursery)}, {K_WS_SPENT, 0, 16, offsetof(my_seat, ws_spent)},
        {K_OBJ_NURSES, 0, 16, offsetof(my_seat, obj_nurses)}, {K_EVENT, 0, MY_SPACES - 1, offsetof(my_seat, event)},
        {K_OWED, 0, 250, offsetof(my_seat, owed)}, {K_P_SAC, 0, 66, offsetof(my_seat, p_sac)},
        {K_P_EVENT, 0, MY_SPACES - 1, offsetof(my_seat, p_event)}, {K_P_EXTRA, 0, 20, offsetof(my_seat, p_extra)},
        {K_P_ANY, 0, 1, offsetof(my_seat, p_any)}, {K_LEVEL, 0, MY_LEVELS - 1, offsetof(my_seat, level)},
    };
    for (size_t i = 0; i < sizeof num / sizeof num[0]; i++)
        if (num[i].key == key) {
            char form[48];
            snprintf(form, sizeof form, "%s N", key_names[key]);
            int hi = key == K_LEVEL ? rd->D->nlevels - 1 : num[i].hi;
            if ((rc = arity(rd, 1, form)) == 0 && (rc = number(rd, rd->w[1], num[i].lo, hi, key_names[key], &v)) == 0)
                ((uint8_t *)p)[num[i].off] = (uint8_t)v;
            return rc;
        }
    switch (key) {
    case K_SCORE:
        if ((rc = arity(rd, 1, "score N")) == 0 && (rc = number(rd, rd->w[1], -30000, 30000, "score", &v)) == 0)
            p->score = (int16_t)v;
        return rc;
    case K_ROOMS:
    case K_WS_DONE:
        return key_flags(rd, p, key);
    case K_HUNTED:
        return numbers(rd, MY_PREY, p->prey, "hunted LADYBUG TERMITE SPIDER");
    case K_NURSES:
        return tracks(rd, p->track, NULL);
    case K_EXITS:
        if (rd->nw < 2)
            return fail(rd, rd->line, "expected 'exits HEX...' (every seat has its start exit, S-09)");
        if ((rc = hex_set(rd, NULL, s + 1)) == 0)
            p->exits = (uint8_t)(rd->nw - 1);
        return rc;
    case K_LAID:
        return key_laid(rd, p);
    case K_COMPLETED:
        return key_completed(rd, s);
    case K_P_BIRTHS:
        return tracks(rd, p->p_births, &p->p_arrive);
    case K_P_DISCARD:
        return numbers(rd, 3, p->p_disc, "pending_discard FOOD DIRT STONE");
    case K_P_HARVEST:
        if (rd->nw < 2)
            return fail(rd, rd->line, "expected 'pending_harvest HEX...'");
        return hex_set(rd, p->p_cells, 0);
    case K_P_SCAVENGE:
        return numbers(rd, 2, p->p_scav, "pending_scavenge DIRT STONE");
    default:
        return 0;
    }
}

/* ---- lines ---- */

static const char *closest_key(const char *word)
{
    const char *best = NULL;
    size_t best_n = 0;
    for (int i = 0; i < K_COUNT; i++) {
        size_t k = 0;
        while (word[k] && word[k] == key_names[i][k])
            k++;
        if (k > best_n)
            best_n = k, best = key_names[i];
    }
    return best_n >= 2 ? best : NULL;
}

static int one_line(reader *rd, char *line)
{
    char *hash = strchr(line, '#');
    if (hash)
        *hash = '\0';
    rd->nw = 0;
    for (char *save = NULL, *w = strtok_r(line, " \t", &save); w; w = strtok_r(NULL, " \t", &save)) {
        if (rd->nw == MAX_WORDS)
            return fail(rd, rd->line, "more than %d words", MAX_WORDS);
        rd->w[rd->nw++] = w;
    }
    if (!rd->nw)
        return 0;
    int key = 0;
    while (key < K_COUNT && strcmp(rd->w[0], key_names[key]))
        key++;
    if (!rd->l_key[K_POSITION]) {
        if (key != K_POSITION)
            return fail(rd, rd->line, "expected 'position myrmes' first, found '%s'", rd->w[0]);
        if (rd->nw != 2 || strcmp(rd->w[1], "myrmes"))
            return fail(rd, rd->line, "a position of '%s', not of myrmes", rd->nw > 1 ? rd->w[1] : "");
        rd->l_key[K_POSITION] = rd->line;
        return 0;
    }
    if (key == K_COUNT) {
        const char *near = closest_key(rd->w[0]);
        if (near)
            return fail(rd, rd->line, "unknown key '%s' (did you mean '%s'?)", rd->w[0], near);
        return fail(rd, rd->line, "unknown key '%s'", rd->w[0]);
    }
    if (key == K_SEAT) {
        int s, rc;
        if ((rc = arity(rd, 1, "seat N")) != 0 || (rc = seat_word(rd, rd->w[1], &s)) != 0)
            return rc;
        if (rd->l_seat_key[s][K_SEAT])
            return fail(rd, rd->line, "duplicate 'seat %d' (first on line %d)", s + 1, rd->l_seat_key[s][K_SEAT]);
        rd->l_seat_key[s][K_SEAT] = rd->line;
        rd->seat = s;
        return 0;
    }
    int *seen = &rd->l_key[key];
    if (key >= K_FIRST_SEAT_KEY) {
        if (rd->seat < 0)
            return fail(rd, rd->line, "'%s' belongs to a seat: put it after a 'seat N' line", rd->w[0]);
        seen = &rd->l_seat_key[rd->seat][key];
    }
    if (key != K_PREY && key != K_TILE) {
        if (*seen)
            return fail(rd, rd->line, "duplicate '%s' (first on line %d)", rd->w[0], *seen);
        *seen = rd->line;
    }
    return key >= K_FIRST_SEAT_KEY ? key_seat(rd, key) : key_game(rd, key);
}

static int read_lines(reader *rd, const char *text)
{
    char line[MY_POS_LINE];
    const char *p = text;
    while (*p) {
        size_t len = strcspn(p, "\r\n");
        rd->line++;
        if (len >= sizeof line)
            return fail(rd, rd->line, "longer than %d characters", MY_POS_LINE - 1);
        memcpy(line, p, len);
        line[len] = '\0';
        p += len;
        if (*p == '\r' && p[1] == '\n')
            p += 2;
        else if (*p)
            p++;
        int rc = one_line(rd, line);
        if (rc)
            return rc;
    }
    return 0;
}

/* ---- the whole position ---- */

static int missing(reader *rd)
{
    for (int k = 0; k < K_FIRST_SEAT_KEY; k++)
        if (required(k) && !rd->l_key[k])
            return fail(rd, 0, "missing '%s'", key_names[k]);
    for (int s = 0; s < rd->env->nseats; s++) {
        if (!rd->l_seat_key[s][K_SEAT])
            return fail(rd, 0, "missing 'seat %d'", s + 1);
        for (int k = K_FIRST_SEAT_KEY; k < K_COUNT; k++)
            if (required(k) && !rd->l_seat_key[s][k])
                return fail(rd, rd->l_seat_key[s][K_SEAT], "seat %d: missing '%s'", s + 1, key_names[k]);
    }
    return 0;
}

/* Completions and picks name objectives and tiles: resolved once all is read. */
static int resolve(reader *rd)
{
    my_state *st = rd->st;
    const my_data *D = rd->D;
    for (int s = 0; s < rd->env->nseats; s++)
        for (int j = 0; j < rd->n_done[s]; j++) {
            int slot = 0;
            while (slot < MY_SLOTS && st->obj[slot] != rd->done_obj[s][j])
                slot++;
            if (slot == MY_SLOTS)
                return fail(rd, rd->l_seat_key[s][K_COMPLETED], "objective %s is not on the board",
                            D->obj[rd->done_obj[s][j]].id);
            st->obj_round[slot][s] = (uint8_t)rd->done_round[s][j];
            st->seat[s].obj_levels = (uint8_t)(st->seat[s].obj_levels | 1u << (D->obj[st->obj[slot]].level - 1));
        }
    if (rd->l_key[K_PICKING]) {
        int slot = 0;
        while (slot < MY_SLOTS && st->obj[slot] != rd->pick_obj)
            slot++;
        if (slot == MY_SLOTS)
            return fail(rd, rd->l_key[K_PICKING], "objective %s is not on the board", D->obj[rd->pick_obj].id);
        st->pick_slot = (uint8_t)(slot + 1);
        for (int i = 0; i < rd->n_pick; i++) {
            int t = st->cell_tile[rd->pick_cell[i]] - 1;
            if (t < 0 || st->tile[t].cell[0] != rd->pick_cell[i])
                return fail(rd, rd->l_key[K_PICKING], "pick %d is not the first hex of a tile", i + 1);
            if (my_bit(st->picked, t))
                return fail(rd, rd->l_key[K_PICKING], "tile %d picked twice", t);
            my_bit_set(st->picked, t);
            st->pick_n++;
        }
    }
    return 0;
}

/* What the game's check does not see but the rules need for a position to be playable. */
static int consistent(reader *rd)
{
    my_state *st = rd->st;
    const my_data *D = rd->D;
    int n = rd->env->nseats;
    for (int t = 0; t < MY_MAX_TILES; t++)
        if (rd->l_tile[t] && t >= rd->tile_slots)
            return fail(rd, rd->l_tile[t], "tile %d, but tile_slots is %d", t, rd->tile_slots);
    st->tile_hi = (uint8_t)rd->tile_slots;
    for (int c = 0; c < D->ncells; c++)
        if (rd->l_cube[c] && (!st->cell_tile[c] || D->kind[st->tile[st->cell_tile[c] - 1].kind - 1].special ||
                              D->terrain[c] > T_STONE))
            return fail(rd, rd->l_cube[c], "cube on hex %d,%d, which is not grass, dirt or stone under a pheromone (R-30)",
                        D->hex[c].q, D->hex[c].r);
    bool simul = st->phase != PH_WORKERS && st->phase != PH_WORKSHOP && st->phase != PH_DICE && st->phase != PH_OVER;
    if (st->simul.waiting & ~st->simul_mask)
        return fail(rd, rd->l_key[K_WAITING], "a waiting seat must be one of step_seats");
    if (simul != (st->simul.waiting != 0))
        return fail(rd, rd->l_key[K_WAITING], simul ? "phase %s is simultaneous: some seat must be waiting"
                                                    : "phase %s is not simultaneous: waiting must be none",
                    my_phase_names[st->phase]);
    if ((st->phase == PH_WINTER || st->phase == PH_DICE || st->phase == PH_OVER) != (st->season == MY_SEASONS))
        return fail(rd, rd->l_key[K_SEASON], "season %s does not fit phase %s",
                    st->season < MY_SEASONS ? D->season_name[st->season] : "winter", my_phase_names[st->phase]);
    if (st->phase == PH_OVER && st->year != D->years)
        return fail(rd, rd->l_key[K_YEAR], "the game is over only after the last year's winter (R-67)");
    if (st->phase == PH_DICE && (st->year == D->years || st->die >= MY_SEASONS))
        return fail(rd, rd->l_key[K_DIE], "no dice to roll now (R-59)");
    for (int s = 0; s < n; s++) {
        const my_seat *p = &st->seat[s];
        if (st->phase != PH_HARVEST && (p->p_scav[0] | p->p_scav[1] | p->p_extra | p->p_any))
            return fail(rd, rd->l_seat_key[s][K_SEAT], "seat %d: harvest choices outside phase 4", s + 1);
        for (int c = 0; c < D->ncells; c++)
            if (my_bit(p->p_cells, c) && (st->phase != PH_HARVEST || !my_bit(st->cube, c)))
                return fail(rd, rd->l_seat_key[s][K_P_HARVEST], "seat %d: hex %d,%d has no cube to harvest", s + 1,
                            D->hex[c].q, D->hex[c].r);
        if (!simul && (p->p_sac | p->p_event | p->p_disc[0] | p->p_disc[1] | p->p_disc[2] | p->p_arrive |
                       p->p_births[0] | p->p_births[1] | p->p_births[2] | p->p_births[3]))
            return fail(rd, rd->l_seat_key[s][K_SEAT], "seat %d: pending choices outside a simultaneous step", s + 1);
    }
    if (st->out_seat >= 0 && (st->phase != PH_WORKERS || st->out_seat != st->turn))
        return fail(rd, rd->l_key[K_OUTING], "a worker is outside only in the turn of its seat in phase 3 (R-19)");
    fc_decision buf[MY_MAX_DECISIONS];
    int who = my_to_move(st, rd->env);
    if (who != FC_NOBODY && my_legal_seat(st, rd->env, who, buf) <= 0)
        return fail(rd, rd->l_key[K_PHASE], "nothing to decide for %s in this position",
                    who >= 0 ? my_seat_name(who) : "the dice");
    return 0;
}

int my_position_read(void *vst, const fc_env *env, const char *text, fc_error *err)
{
    my_state *st = vst;
    uint8_t placed = st->prey_placed; /* prey tokens in the game: fixed by the data */
    reader rdv;
    memset(&rdv, 0, sizeof rdv);
    reader *rd = &rdv;
    rd->st = st;
    rd->env = env;
    rd->D = MY_DATA(env);
    rd->err = err;
    rd->seat = -1;
    memset(st, 0, sizeof *st);
    st->prey_placed = placed;
    st->out_seat = -1;
    int rc = read_lines(rd, text ? text : "");
    if (rc == 0 && !rd->l_key[K_POSITION])
        rc = fail(rd, 0, "no 'position myrmes' line: not a position");
    if (rc == 0)
        rc = missing(rd);
    if (rc == 0)
        rc = resolve(rd);
    if (rc == 0) {
        st->simul.first = st->first;
        st->simul.n = (uint8_t)env->nseats;
        rc = consistent(rd);
    }
    return rc;
}
