/* Termity custom board built in the game (scenario custom): neutral mounds placed one at a
 * time from the first player, then tile drafting in pairs from the visible pool
 * under the layout limits (R-46, switch of R-47), tiles that fit nowhere going back to
 * the box. Everything here is public, so determinization never touches it. */
#include <stdio.h>
#include <string.h>

#include "termity.h"

static bool is_neutral(uint8_t p) { return TM_IS_MOUND(p) && TM_M_OWNER(p) == TM_NEUTRAL; }

/* Size of the tile group `cell` would join showing `terrain` (same: only tiles of that
 * terrain), counted up to cap + 1. */
static int group_size(const tm_data *D, const tm_state *s, int cell, int terrain, bool same, int cap)
{
    uint64_t seen[2] = {0, 0};
    uint8_t queue[TM_MAX_CELLS];
    int n = 0, head = 0;
    queue[n++] = (uint8_t)cell;
    seen[cell >> 6] |= 1ull << (cell & 63);
    while (head < n && n <= cap) {
        int x = queue[head++];
        for (int k = 0; k < D->nnb[x] && n <= cap; k++) {
            int y = D->nb[x][k], t = s->terrain[y];
            if ((seen[y >> 6] >> (y & 63) & 1) || t == TR_OPEN || (same && t != terrain))
                continue;
            seen[y >> 6] |= 1ull << (y & 63);
            queue[n++] = (uint8_t)y;
        }
    }
    return n;
}

/* The tile groups of the board, labelled once for a whole listing (R-46 a, b): ids from 1,
 * 0 = no tile; `all` links any tiles, `same` only tiles of one terrain. */
typedef struct groups {
    uint8_t all[TM_MAX_CELLS], same[TM_MAX_CELLS];
    uint8_t nall[TM_MAX_CELLS + 1], nsame[TM_MAX_CELLS + 1];
} groups;

static void label(const tm_data *D, const tm_state *s, bool same, uint8_t *id, uint8_t *size)
{
    uint8_t queue[TM_MAX_CELLS];
    int next = 0;
    memset(id, 0, TM_MAX_CELLS);
    for (int c = 0; c < D->ncells; c++) {
        if (s->terrain[c] == TR_OPEN || id[c])
            continue;
        int n = 0, head = 0;
        id[c] = (uint8_t)++next;
        queue[n++] = (uint8_t)c;
        while (head < n) {
            int x = queue[head++];
            for (int k = 0; k < D->nnb[x]; k++) {
                int y = D->nb[x][k];
                if (!id[y] && s->terrain[y] != TR_OPEN && (!same || s->terrain[y] == s->terrain[c])) {
                    id[y] = (uint8_t)next;
                    queue[n++] = (uint8_t)y;
                }
            }
        }
        size[next] = (uint8_t)n;
    }
}

static void groups_make(const tm_data *D, const tm_state *s, groups *G)
{
    label(D, s, false, G->all, G->nall);
    label(D, s, true, G->same, G->nsame);
}

/* R-46 a, b from the labelled groups: the groups `cell` would join, each counted once. */
static bool limits_ok(const tm_data *D, const tm_state *s, const groups *G, int cell, int terrain)
{
    uint8_t seen_all[6], seen_same[6];
    int na = 0, ns = 0, all = 1, same = 1;
    for (int k = 0; k < D->nnb[cell]; k++) {
        int y = D->nb[cell][k], g = G->all[y], j = 0;
        if (!g)
            continue;
        while (j < na && seen_all[j] != g)
            j++;
        if (j == na) {
            seen_all[na++] = (uint8_t)g;
            all += G->nall[g];
        }
        if (s->terrain[y] != terrain)
            continue;
        g = G->same[y];
        for (j = 0; j < ns && seen_same[j] != g;)
            j++;
        if (j == ns) {
            seen_same[ns++] = (uint8_t)g;
            same += G->nsame[g];
        }
    }
    return all <= 4 && same <= 2;
}

/* c: an empty Open hex, and Water never next to a neutral mound that has one. */
static bool lay_base_ok(const tm_data *D, const tm_state *s, int cell, int terrain)
{
    if (s->terrain[cell] != TR_OPEN || s->piece[cell])
        return false; /* a tile already there, or a neutral mound */
    if (terrain == TR_WATER) /* R-46 c (an R-11 d matter, so never switched off, R-47) */
        for (int k = 0; k < D->nnb[cell]; k++) {
            int x = D->nb[cell][k];
            if (!is_neutral(s->piece[x]))
                continue;
            for (int j = 0; j < D->nnb[x]; j++)
                if (s->terrain[D->nb[x][j]] == TR_WATER)
                    return false;
        }
    return true;
}

/* a tile showing `terrain` may be laid on `cell` (one hex: floods its groups). */
bool tm_lay_ok(const tm_data *D, const tm_state *s, int cell, int terrain)
{
    if (!lay_base_ok(D, s, cell, terrain))
        return false;
    if (!D->limits)
        return true;
    bool alone = true; /* the common case: no tile next to it, a group of one */
    for (int k = 0; k < D->nnb[cell] && alone; k++)
        alone = s->terrain[D->nb[cell][k]] == TR_OPEN;
    if (alone)
        return true;
    int all = group_size(D, s, cell, terrain, false, 4); /* b; a same-terrain group is part of it */
    return all <= 2 || (all <= 4 && group_size(D, s, cell, terrain, true, 2) <= 2);
}

/* Like tm_lay_ok with the groups labelled beforehand (G NULL: no limits). */
static bool lay_ok_g(const tm_data *D, const tm_state *s, const groups *G, int cell, int terrain)
{
    return lay_base_ok(D, s, cell, terrain) && (!G || limits_ok(D, s, G, cell, terrain));
}

static const groups *groups_for(const tm_data *D, const tm_state *s, groups *G)
{
    if (!D->limits)
        return NULL;
    groups_make(D, s, G);
    return G;
}

/* Some hex takes a tile showing `terrain`: usually one of the first hexes tried, so each is
 * flooded on its own rather than labelling the whole board. */
static bool face_fits(const tm_data *D, const tm_state *s, int terrain)
{
    for (int c = 0; c < D->ncells; c++)
        if (tm_lay_ok(D, s, c, terrain))
            return true;
    return false;
}

static int nfaces(const tm_data *D, int tile) { return D->tile_face[tile][0] == D->tile_face[tile][1] ? 1 : 2; }

static bool tile_fits(const tm_data *D, const tm_state *s, int tile)
{
    for (int f = 0; f < nfaces(D, tile); f++)
        if (face_fits(D, s, D->tile_face[tile][f]))
            return true;
    return false;
}

/* The next tile to take, after returning the tiles that fit nowhere (A-21; the limits only
 * tighten as tiles are laid, so such a tile never fits later). Returns 1 when the board is
 * finished. A builder lays two tiles, the next builder the last single one. */
static int next_tile(const tm_data *D, tm_state *s, const fc_env *env)
{
    uint32_t types_bad = 0, types_ok = 0;
    for (uint32_t m = s->pool; m; m &= m - 1) {
        int k = tm_lowest(m), t = D->tile_type[k];
        if (!(types_ok >> t & 1) && !(types_bad >> t & 1)) {
            if (tile_fits(D, s, k))
                types_ok |= 1u << t;
            else
                types_bad |= 1u << t;
        }
        if (types_bad >> t & 1) {
            s->pool &= ~(1u << k);
            s->box |= 1u << k;
            if (env)
                FC_EMIT(env, FC_ALL_SEATS, "the %s tile fits nowhere and goes back to the box (A-21)",
                        D->tile_code[k]);
        }
    }
    s->sel = TM_NO_CELL;
    if (!s->pool)
        return 1;
    if (s->pair_left == 0) {
        s->turn = (uint8_t)((s->turn + 1) % s->nseats);
        s->pair_left = 2;
    }
    s->phase = PH_TILE;
    return 0;
}

/* the next neutral mound (by the seats in turn from the first player), else the tiles. */
static int next_neutral(const tm_data *D, tm_state *s, const fc_env *env)
{
    if (s->neutral_placed < D->neutral_want)
        for (int c = 0; c < D->ncells; c++)
            if (tm_mound_hex_ok(D, s, c, false)) {
                s->phase = PH_NEUTRAL;
                s->turn = (uint8_t)((s->first + s->neutral_placed) % s->nseats);
                return 0;
            }
    s->turn = s->first; /* drafting starts with the first player */
    s->pair_left = 2;
    return next_tile(D, s, env);
}

int tm_build_start(const tm_data *D, tm_state *s, const fc_env *env)
{
    s->pool = D->custom_pool;
    s->box = 0;
    memset(s->tile_cell, TM_NO_CELL, sizeof s->tile_cell);
    s->face2 = 0;
    s->neutral_placed = 0;
    return next_neutral(D, s, env);
}

int tm_build_legal(const tm_data *D, const tm_state *s, fc_decision *out)
{
    int n = 0;
    switch (s->phase) {
    case PH_NEUTRAL:
        for (int c = 0; c < D->ncells; c++)
            if (tm_mound_hex_ok(D, s, c, false))
                out[n++] = TM_D(D_NEUTRAL, 0, c, 0);
        return n;
    case PH_TILE: {
        uint32_t seen = 0; /* tiles with the same faces are interchangeable: the lowest is taken */
        for (uint32_t m = s->pool; m; m &= m - 1) {
            int k = tm_lowest(m), t = D->tile_type[k];
            if (seen >> t & 1)
                continue;
            seen |= 1u << t;
            for (int f = 0; f < nfaces(D, k); f++)
                if (face_fits(D, s, D->tile_face[k][f]))
                    out[n++] = TM_D(D_TILE, k, 0, f);
        }
        return n;
    }
    case PH_TILE_HEX: { /* every hex is tried: label the groups once */
        groups buf;
        const groups *G = groups_for(D, s, &buf);
        int terrain = D->tile_face[s->sel][s->face_sel];
        for (int c = 0; c < D->ncells; c++)
            if (lay_ok_g(D, s, G, c, terrain))
                out[n++] = TM_D(D_LAY, 0, c, 0);
        return n;
    }
    default: return 0;
    }
}

/* Whether d is legal now, without listing the legal decisions (apply's check). */
bool tm_build_valid(const tm_data *D, const tm_state *s, fc_decision d)
{
    int a = TM_DA(d), b = TM_DB(d), c = TM_DC(d);
    switch (TM_DK(d)) {
    case D_NEUTRAL: return s->phase == PH_NEUTRAL && !a && !c && b < D->ncells && tm_mound_hex_ok(D, s, b, false);
    case D_LAY:
        return s->phase == PH_TILE_HEX && !a && !c && b < D->ncells &&
               tm_lay_ok(D, s, b, D->tile_face[s->sel][s->face_sel]);
    case D_TILE:
        if (s->phase != PH_TILE || b || a >= D->ntiles || !(s->pool >> a & 1) || c >= nfaces(D, a))
            return false;
        for (uint32_t m = s->pool & ((1u << a) - 1u); m; m &= m - 1)
            if (D->tile_type[tm_lowest(m)] == D->tile_type[a])
                return false; /* the lowest tile of a pair stands for it */
        return face_fits(D, s, D->tile_face[a][c]);
    default: return false;
    }
}

int tm_build_apply(const tm_data *D, tm_state *s, const fc_env *env, fc_decision d)
{
    int a = TM_DA(d), b = TM_DB(d);
    switch (TM_DK(d)) {
    case D_NEUTRAL: {
        int k = s->neutral_placed++;
        s->neutral_cell[k] = (uint8_t)b;
        s->piece[b] = TM_MOUND(TM_NEUTRAL, k);
        FC_EMIT(env, FC_ALL_SEATS, "seat %d places a neutral mound at (%d,%d)", s->turn + 1, D->cell[b].q,
                D->cell[b].r);
        return next_neutral(D, s, env);
    }
    case D_TILE:
        s->sel = (uint8_t)a;
        s->face_sel = (uint8_t)TM_DC(d);
        s->phase = PH_TILE_HEX;
        return 0;
    case D_LAY: {
        int tile = s->sel, terrain = D->tile_face[tile][s->face_sel];
        s->terrain[b] = (uint8_t)terrain;
        s->tile_cell[tile] = (uint8_t)b;
        s->face2 |= (uint32_t)s->face_sel << tile;
        s->pool &= ~(1u << tile);
        s->pair_left--;
        FC_EMIT(env, FC_ALL_SEATS, "seat %d lays a %s tile showing %s at (%d,%d)", s->turn + 1, D->tile_code[tile],
                D->terrain_def[terrain].name, D->cell[b].q, D->cell[b].r);
        return next_tile(D, s, env);
    }
    default: return FC_EILLEGAL;
    }
}

/* ---- invariants ---- */

static int fail(char *msg, size_t n, const char *what, const tm_data *D, int cell)
{
    if (cell >= 0)
        snprintf(msg, n, "%s at (%d,%d)", what, D->cell[cell].q, D->cell[cell].r);
    else
        snprintf(msg, n, "%s", what);
    return -1;
}

int tm_build_check(const tm_data *D, const tm_state *s, char *msg, size_t n)
{
    if (!D->custom) {
        for (int c = 0; c < D->ncells; c++)
            if (s->terrain[c] != D->board.terrain[c])
                return fail(msg, n, "terrain differs from the scenario map", D, c);
        return 0;
    }
    uint32_t off = s->pool | s->box;
    if ((off | s->face2) & ~D->custom_pool || (s->pool & s->box) || (s->face2 & off))
        return fail(msg, n, "tile pool and box do not split the laid-out tiles (R-43)", D, -1);
    uint32_t laid = D->custom_pool & ~s->pool & ~s->box;
    int tiles = 0, covered = 0;
    for (int k = 0; k < D->ntiles; k++) {
        int c = s->tile_cell[k];
        if (!(laid >> k & 1)) {
            if (c != TM_NO_CELL)
                return fail(msg, n, "a tile not laid has a hex", D, c);
            continue;
        }
        tiles++;
        if (c >= D->ncells || s->terrain[c] != D->tile_face[k][s->face2 >> k & 1])
            return fail(msg, n, "a laid tile does not show its face", D, c < D->ncells ? c : -1);
    }
    for (int c = 0; c < D->ncells; c++) {
        if (s->terrain[c] == TR_OPEN)
            continue;
        covered++;
        if (D->limits && (group_size(D, s, c, s->terrain[c], true, 2) > 2 || group_size(D, s, c, 0, false, 4) > 4))
            return fail(msg, n, "tile group breaks the layout limits (R-46 a, b)", D, c);
    }
    if (covered != tiles)
        return fail(msg, n, "terrain hexes and laid tiles differ (R-45)", D, -1);
    for (int k = 0; k < TM_MAX_NEUTRAL; k++) {
        int c = s->neutral_cell[k], water = 0;
        if (c == TM_NO_CELL)
            continue;
        if (c >= D->ncells)
            return fail(msg, n, "neutral mound off the board", D, -1);
        for (int j = 0; j < D->nnb[c]; j++)
            water += s->terrain[D->nb[c][j]] == TR_WATER;
        if (water > 1 || D->edge[c] || s->terrain[c] != TR_OPEN)
            return fail(msg, n, "neutral mound breaks R-11 / R-46 c", D, c);
    }
    if (!TM_BUILDING(s->phase)) {
        if (s->pool)
            return fail(msg, n, "tiles left in the pool after building", D, -1);
        return 0;
    }
    if (s->round || s->neutral_placed > D->neutral_want)
        return fail(msg, n, "building bookkeeping: round or neutral count", D, -1);
    for (int i = 0; i < s->nseats; i++)
        if (s->seat[i].hand || s->seat[i].board || s->seat[i].reserve != (uint8_t)((1u << D->nmounds) - 1u))
            return fail(msg, n, "a seat drew, deployed or placed a mound while building", D, -1);
    if (s->phase != PH_NEUTRAL && !s->pool)
        return fail(msg, n, "drafting with an empty pool", D, -1);
    if (s->phase == PH_TILE_HEX && (s->sel >= TM_MAX_TILES || !(s->pool >> s->sel & 1) || s->face_sel > 1))
        return fail(msg, n, "the taken tile is not in the pool", D, -1);
    if (s->phase != PH_NEUTRAL && (s->pair_left < 1 || s->pair_left > 2))
        return fail(msg, n, "a builder lays one or two tiles (R-45)", D, -1);
    return 0;
}
