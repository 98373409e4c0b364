/* Myrmes positions, reading: the value of each key (docs/positions/myrmes.md), checked for
 * range and names and put into the state; the reader (position_read.c) calls them line by line. */
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "myrmes_position_read.h"

const char *const my_pos_key_names[K_COUNT] = {
    "position", "seats", "year", "season", "phase", "first_player", "turn", "dice", "die", "step_seats", "waiting",
    "outing", "objectives", "picking", "prey_discarded", "prey", "cubes", "tile_slots", "tile", "seat", "score",
    "food", "dirt", "stone", "larvae", "soldiers", "workers", "rooms", "hunted", "nursery", "nurses",
    "workshop_spent", "objective_nurses", "level", "event", "workshop_done", "exits", "laid", "completed", "owed",
    "pending_sacrifice", "pending_event", "pending_births", "pending_discard", "pending_harvest", "pending_scavenge",
    "pending_extra", "pending_any"};

int my_pos_fail(reader *rd, int line, const char *fmt, ...)
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
        return my_pos_fail(rd, rd->line, "bad number '%s' for %s", w, what);
    v *= sign;
    if (v < lo || v > hi)
        return my_pos_fail(rd, rd->line, "%s %ld out of range (%d..%d)", what, v, lo, hi);
    *out = (int)v;
    return 0;
}

/* Exactly `n` words after the key. */
int my_pos_arity(reader *rd, int n, const char *form)
{
    if (rd->nw - 1 != n)
        return my_pos_fail(rd, rd->line, "expected '%s'", form);
    return 0;
}

static int hex_word(reader *rd, const char *w, int *cell)
{
    int q = 0, r = 0, k = 0;
    char tail;
    if (sscanf(w, "%3d,%3d%n%c", &q, &r, &k, &tail) != 2 || w[k] || w[0] == '+' || w[0] == '-')
        return my_pos_fail(rd, rd->line, "bad hex '%s' (hexes are written q,r as in the notation)", w);
    if (q < 0 || q >= 32 || r < 0 || r >= 32 || rd->D->index[r][q] < 0)
        return my_pos_fail(rd, rd->line, "hex %s is not in the garden for %d players", w, rd->env->nseats);
    *cell = rd->D->index[r][q];
    return 0;
}

int my_pos_seat(reader *rd, const char *w, int *s)
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
        return my_pos_fail(rd, rd->line, "expected '%s SEAT...' or '%s none'", rd->w[0], rd->w[0]);
    for (int i = 1; i < rd->nw; i++) {
        int s, rc = my_pos_seat(rd, rd->w[i], &s);
        if (rc)
            return rc;
        if (*mask & (1u << s))
            return my_pos_fail(rd, rd->line, "seat %d named twice", s + 1);
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
    return my_pos_fail(rd, rd->line, "unknown objective '%s' (O1..O%d)", w, rd->D->nobj);
}

/* A token (exit or prey) on a hex that holds none yet. */
static int put_token(reader *rd, int c, int tok, const char *w)
{
    if (rd->l_tok[c])
        return my_pos_fail(rd, rd->line, "hex %s already holds a token (line %d)", w, rd->l_tok[c]);
    rd->l_tok[c] = rd->line;
    rd->st->cell_tok[c] = (uint8_t)tok;
    return 0;
}

/* ---- game-wide keys ---- */

static int key_objectives(reader *rd)
{
    int rc = my_pos_arity(rd, MY_SLOTS, "objectives O.. O.. O.. O.. O.. O.. (two per level 1, 2, 3)");
    for (int i = 0; i < MY_SLOTS && !rc; i++) {
        int o = 0;
        if ((rc = objective_word(rd, rd->w[i + 1], &o)) != 0)
            return rc;
        if (rd->D->obj[o].level != i / 2 + 1)
            return my_pos_fail(rd, rd->line, "objective %s is of level %d, not %d (two per level in order, S-04)",
                               rd->w[i + 1], rd->D->obj[o].level, i / 2 + 1);
        for (int j = 0; j < i; j++)
            if (rd->st->obj[j] == o)
                return my_pos_fail(rd, rd->line, "objective %s named twice", rd->w[i + 1]);
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
        return my_pos_fail(rd, rd->line, "expected 'outing SEAT HEX MP', 'outing none' or 'outing none HEX MP'");
    if (strcmp(rd->w[1], "none") != 0 && (rc = my_pos_seat(rd, rd->w[1], &s)) != 0)
        return rc;
    if ((rc = hex_word(rd, rd->w[2], &c)) != 0 ||
        (rc = number(rd, rd->w[3], 0, D->moves + D->event_moves, "movement points", &mp)) != 0)
        return rc;
    st->out_seat = (int8_t)s;
    st->out_cell = (uint8_t)c;
    st->out_mp = (uint8_t)mp;
    return 0;
}

static int key_picking(reader *rd)
{
    if (rd->nw < 2)
        return my_pos_fail(rd, rd->line, "expected 'picking OBJECTIVE HEX...'");
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
        return my_pos_fail(rd, rd->line, "expected 'prey KIND HEX...'");
    if (k == MY_PREY)
        return my_pos_fail(rd, rd->line, "unknown prey '%s' (%s, %s, %s)", rd->w[1], rd->D->prey_name[0],
                           rd->D->prey_name[1], rd->D->prey_name[2]);
    if (rd->l_prey[k])
        return my_pos_fail(rd, rd->line, "duplicate 'prey %s' (first on line %d)", rd->w[1], rd->l_prey[k]);
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
            return my_pos_fail(rd, rd->line, "hex %s has a cube already (one cube a hex, R-30)", rd->w[i]);
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
            fc_hex x = fc_hex_add(
                base, fc_hex_make(K->orient[o][i].q - K->orient[o][0].q, K->orient[o][i].r - K->orient[o][0].r));
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
        return my_pos_fail(rd, rd->line, "expected 'tile SLOT KIND OWNER HEX...' (OWNER: a seat or none)");
    if ((rc = number(rd, rd->w[1], 0, MY_MAX_TILES - 1, "tile slot", &slot)) != 0)
        return rc;
    if (rd->l_tile[slot])
        return my_pos_fail(rd, rd->line, "duplicate 'tile %d' (first on line %d)", slot, rd->l_tile[slot]);
    while (k < D->nkinds && strcmp(D->kind[k].id, rd->w[2]))
        k++;
    if (k == D->nkinds)
        return my_pos_fail(rd, rd->line, "unknown tile kind '%s'", rd->w[2]);
    const my_kind *K = &D->kind[k];
    if (strcmp(rd->w[3], "none") != 0 && (rc = my_pos_seat(rd, rd->w[3], &owner)) != 0)
        return rc;
    if (owner < 0 && !K->special)
        return my_pos_fail(rd, rd->line, "a pheromone has an owner (only special tiles may be unmarked: none)");
    if (rd->nw - 4 != K->size)
        return my_pos_fail(rd, rd->line, "%s covers %d hexes, %d given", K->id, K->size, rd->nw - 4);
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
            return my_pos_fail(rd, rd->line, "hex %s is under tile %d already", rd->w[4 + i], st->cell_tile[c] - 1);
        T->cell[i] = (uint8_t)c;
        st->cell_tile[c] = (uint8_t)(slot + 1);
    }
    if (!shape_ok(D, K, T))
        return my_pos_fail(rd, rd->line, "the hexes do not form %s in any orientation (hexes in the shape's order)",
                           K->id);
    if (K->special) {
        st->group_used[K->group]++;
        if (owner >= 0)
            st->seat[owner].markers++;
    }
    return 0;
}

static int key_seats(reader *rd)
{
    int v = 0, rc;
    if ((rc = my_pos_arity(rd, 1, "seats N")) != 0 || (rc = number(rd, rd->w[1], 2, MY_MAX_SEATS, "seats", &v)) != 0)
        return rc;
    if (v != rd->env->nseats)
        return my_pos_fail(rd, rd->line, "seats %d, but the rule set has %d seats", v, rd->env->nseats);
    return 0;
}

/* The season by name; past the last named season, winter. */
static int key_season(reader *rd)
{
    const my_data *D = rd->D;
    int v, rc;
    if ((rc = my_pos_arity(rd, 1, "season NAME")) != 0)
        return rc;
    for (v = 0; v < MY_SEASONS && strcmp(rd->w[1], D->season_name[v]); v++)
        ;
    if (v == MY_SEASONS && strcmp(rd->w[1], "winter"))
        return my_pos_fail(rd, rd->line, "unknown season '%s' (%s, %s, %s, winter)", rd->w[1], D->season_name[0],
                           D->season_name[1], D->season_name[2]);
    rd->st->season = (uint8_t)v;
    return 0;
}

static int key_phase(reader *rd)
{
    int v, rc;
    if ((rc = my_pos_arity(rd, 1, "phase NAME")) != 0)
        return rc;
    for (v = 0; v < MY_PHASES && strcmp(rd->w[1], my_phase_names[v]); v++)
        ;
    if (v == MY_PHASES)
        return my_pos_fail(rd, rd->line,
                           "unknown phase '%s' (event, births, workers, harvest, workshop, end_round, "
                           "winter, dice, over)",
                           rd->w[1]);
    rd->st->phase = (uint8_t)v;
    return 0;
}

/* One die per season, each showing one of its faces. */
static int key_dice(reader *rd)
{
    const my_data *D = rd->D;
    int v = 0, rc;
    if ((rc = my_pos_arity(rd, MY_SEASONS, "dice SPRING SUMMER AUTUMN")) != 0)
        return rc;
    for (int i = 0; i < MY_SEASONS; i++) {
        if ((rc = number(rd, rd->w[i + 1], 0, MY_SPACES - 1, "die", &v)) != 0)
            return rc;
        bool face = false;
        for (int f = 0; f < D->nfaces[i]; f++)
            face |= D->faces[i][f] == v;
        if (!face)
            return my_pos_fail(rd, rd->line, "the %s die has no face %d", D->season_name[i], v);
        rd->st->dice[i] = (uint8_t)v;
    }
    return 0;
}

/* "KEY N" with N in lo..hi (what names it in a message), into *out. */
static int key_number(reader *rd, const char *usage, int lo, int hi, const char *what, int *out)
{
    int rc;
    if ((rc = my_pos_arity(rd, 1, usage)) == 0)
        rc = number(rd, rd->w[1], lo, hi, what, out);
    return rc;
}

int my_pos_game_key(reader *rd, int key)
{
    my_state *st = rd->st;
    const my_data *D = rd->D;
    int v = 0, rc = 0;
    uint32_t mask;
    switch (key) {
    case K_SEATS: return key_seats(rd);
    case K_YEAR:
        if ((rc = key_number(rd, "year N", 1, D->years, "year (parameter years)", &v)) == 0)
            st->year = (uint8_t)v;
        return rc;
    case K_SEASON: return key_season(rd);
    case K_PHASE: return key_phase(rd);
    case K_FIRST:
    case K_TURN:
        if ((rc = my_pos_arity(rd, 1, key == K_FIRST ? "first_player SEAT" : "turn SEAT")) == 0 &&
            (rc = my_pos_seat(rd, rd->w[1], &v)) == 0)
            *(key == K_FIRST ? &st->first : &st->turn) = (uint8_t)v;
        return rc;
    case K_DICE: return key_dice(rd);
    case K_DIE:
        if ((rc = key_number(rd, "die N", 0, MY_SEASONS, "die", &v)) == 0)
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
    case K_OUTING: return key_outing(rd);
    case K_OBJECTIVES: return key_objectives(rd);
    case K_PICKING: return key_picking(rd);
    case K_PREY_GONE:
        if ((rc = key_number(rd, "prey_discarded N", 0, st->prey_placed, "prey_discarded", &v)) == 0)
            st->prey_gone = (uint8_t)v;
        return rc;
    case K_PREY: return key_prey(rd);
    case K_CUBES: return key_cubes(rd);
    case K_TILE_SLOTS:
        if ((rc = key_number(rd, "tile_slots N", 0, MY_MAX_TILES, "tile_slots", &v)) == 0)
            rd->tile_slots = v;
        return rc;
    case K_TILE: return key_tile(rd);
    default: return 0;
    }
}

/* ---- seat keys ---- */

/* "L1 S0 W2 K0 [A1]" as in the births notation. */
static int tracks(reader *rd, uint8_t *t, uint8_t *arrive)
{
    static const char letter[5] = {'L', 'S', 'W', 'K', 'A'};
    int n = rd->nw - 1, lim = arrive ? 5 : 4;
    if (n < 4 || n > lim)
        return my_pos_fail(rd, rd->line, "expected '%s L# S# W# K#%s'", rd->w[0], arrive ? " [A#]" : "");
    for (int i = 0; i < n; i++) {
        const char *w = rd->w[i + 1];
        char what[32];
        snprintf(what, sizeof what, "%c (%s)", letter[i], rd->w[0]);
        int v, rc;
        if (w[0] != letter[i])
            return my_pos_fail(rd, rd->line, "expected %c# as word %d, not '%s'", letter[i], i + 1, w);
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
    int rc = my_pos_arity(rd, n, form);
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
            rc = my_pos_fail(rd, rd->line, "hex %s named twice", rd->w[i]);
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
        return my_pos_fail(rd, rd->line, "expected 'laid KIND=N...' or 'laid none'");
    for (int i = 1; i < rd->nw; i++) {
        char *eq = strchr(rd->w[i], '=');
        int k = 0, v, rc;
        if (!eq)
            return my_pos_fail(rd, rd->line, "expected KIND=N, not '%s'", rd->w[i]);
        *eq = '\0';
        while (k < rd->D->npher && strcmp(rd->D->kind[k].id, rd->w[i]))
            k++;
        if (k == rd->D->npher)
            return my_pos_fail(rd, rd->line, "unknown pheromone '%s'", rd->w[i]);
        if ((rc = number(rd, eq + 1, 1, rd->D->kind[k].count, rd->w[i], &v)) != 0)
            return rc;
        if (p->pher_used[k])
            return my_pos_fail(rd, rd->line, "%s named twice", rd->w[i]);
        p->pher_used[k] = (uint8_t)v;
    }
    return 0;
}

static int key_completed(reader *rd, int s)
{
    if (rd->nw == 2 && strcmp(rd->w[1], "none") == 0)
        return 0;
    if (rd->nw < 2 || rd->nw > MY_SLOTS + 1)
        return my_pos_fail(rd, rd->line, "expected 'completed OBJECTIVE@ROUND...' or 'completed none'");
    for (int i = 1; i < rd->nw; i++) {
        char *at = strchr(rd->w[i], '@');
        int o = 0, r = 0, rc;
        if (!at)
            return my_pos_fail(rd, rd->line, "expected OBJECTIVE@ROUND, not '%s'", rd->w[i]);
        *at = '\0';
        if ((rc = objective_word(rd, rd->w[i], &o)) != 0 ||
            (rc = number(rd, at + 1, 1, rd->D->years * MY_SEASONS, "round", &r)) != 0)
            return rc;
        for (int j = 0; j < rd->n_done[s]; j++)
            if (rd->done_obj[s][j] == o)
                return my_pos_fail(rd, rd->line, "%s named twice", rd->w[i]);
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
        return my_pos_fail(rd, rd->line, "expected '%s %s...' or '%s none'", rd->w[0], rooms ? "ROOM" : "ACTION",
                           rd->w[0]);
    for (int i = 1; i < rd->nw; i++) {
        int v = 0, rc = 0;
        if (rooms)
            rc = number(rd, rd->w[i], 0, rd->D->nlevels - 1, "room", &v);
        else {
            while (v < 4 && strcmp(rd->w[i], my_ws_names[v]))
                v++;
            if (v == 4)
                rc = my_pos_fail(rd, rd->line, "unknown workshop action '%s' (tunnel, level, nurse, objective)",
                                 rd->w[i]);
        }
        if (rc)
            return rc;
        if (*set & (1u << v))
            return my_pos_fail(rd, rd->line, "'%s' named twice", rd->w[i]);
        *set = (uint8_t)(*set | 1u << v);
    }
    if (rooms)
        p->room_workers = (uint8_t)__builtin_popcount(p->rooms);
    return 0;
}

int my_pos_seat_key(reader *rd, int key)
{
    int s = rd->seat, v = 0, rc = 0;
    my_seat *p = &rd->st->seat[s];
    static const struct {
        int key, lo, hi;
        size_t off;
    } num[] = {
        {K_FOOD, 0, 200, offsetof(my_seat, res) + R_FOOD},
        {K_DIRT, 0, 200, offsetof(my_seat, res) + R_DIRT},
        {K_STONE, 0, 200, offsetof(my_seat, res) + R_STONE},
        {K_LARVAE, 0, 200, offsetof(my_seat, larvae)},
        {K_SOLDIERS, 0, 16, offsetof(my_seat, soldiers)},
        {K_WORKERS, 0, 16, offsetof(my_seat, workers)},
        {K_NURSERY, 0, 16, offsetof(my_seat, nursery)},
        {K_WS_SPENT, 0, 16, offsetof(my_seat, ws_spent)},
        {K_OBJ_NURSES, 0, 16, offsetof(my_seat, obj_nurses)},
        {K_EVENT, 0, MY_SPACES - 1, offsetof(my_seat, event)},
        {K_OWED, 0, 250, offsetof(my_seat, owed)},
        {K_P_SAC, 0, 250, offsetof(my_seat, p_sac)},
        {K_P_EVENT, 0, MY_SPACES - 1, offsetof(my_seat, p_event)},
        {K_P_EXTRA, 0, 250, offsetof(my_seat, p_extra)},
        {K_P_ANY, 0, 1, offsetof(my_seat, p_any)},
        {K_LEVEL, 0, MY_LEVELS - 1, offsetof(my_seat, level)},
    };
    for (size_t i = 0; i < sizeof num / sizeof num[0]; i++)
        if (num[i].key == key) {
            char form[48];
            snprintf(form, sizeof form, "%s N", my_pos_key_names[key]);
            int hi = key == K_LEVEL ? rd->D->nlevels - 1 : num[i].hi;
            if ((rc = my_pos_arity(rd, 1, form)) == 0 &&
                (rc = number(rd, rd->w[1], num[i].lo, hi, my_pos_key_names[key], &v)) == 0)
                ((uint8_t *)p)[num[i].off] = (uint8_t)v;
            return rc;
        }
    switch (key) {
    case K_SCORE:
        if ((rc = my_pos_arity(rd, 1, "score N")) == 0 && (rc = number(rd, rd->w[1], -30000, 30000, "score", &v)) == 0)
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
            return my_pos_fail(rd, rd->line, "expected 'exits HEX...' (every seat has its start exit, S-09)");
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
            return my_pos_fail(rd, rd->line, "expected 'pending_harvest HEX...'");
        return hex_set(rd, p->p_cells, 0);
    case K_P_SCAVENGE:
        return numbers(rd, 2, p->p_scav, "pending_scavenge DIRT STONE");
    default:
        return 0;
    }
}
