/* Meadow geometry (R-04 .. ), pieces on locations (R-02, R-11 .. R-17) and tile
 * placement (R-09, R-10, R-28 step 3). Locations: 0 = Great Tunnel, n = tile T-n. */
#include <string.h>

#include "marsz.h"

static const int8_t DQ[6] = {0, 1, 1, 0, -1, -1}, DR[6] = {-1, -1, 0, 1, 1, 0};

bool mz_is_gt_cell(const mz_data *D, int q, int r)
{
    for (int i = 0; i < MZ_GT_CELLS; i++)
        if (D->gt_q[i] == q && D->gt_r[i] == r)
            return true;
    return false;
}

int mz_adj_index(const mz_data *D, int q, int r)
{
    for (int i = 0; i < MZ_ADJ_CELLS; i++)
        if (D->adj_q[i] == q && D->adj_r[i] == r)
            return i;
    return -1;
}

static bool in_win(int q, int r) { return q >= -MZ_WIN / 2 && q < MZ_WIN / 2 && r >= -MZ_WIN / 2 && r < MZ_WIN / 2; }

/* Marks cell (q, r) occupied in the window (cells outside it are always scanned). */
static void occ_set(mz_state *s, int q, int r)
{
    if (in_win(q, r))
        s->occ[r + MZ_WIN / 2] |= 1u << (q + MZ_WIN / 2);
}

/* Whether cell (q, r), inside the window, is marked occupied. */
static bool occ_get(const mz_state *s, int q, int r) { return s->occ[r + MZ_WIN / 2] >> (q + MZ_WIN / 2) & 1u; }

/* Location occupying cell (q, r): 0 Great Tunnel, tile id, or -1 when empty. */
static int cell_loc(const mz_data *D, const mz_state *s, int q, int r)
{
    if (in_win(q, r) && !occ_get(s, q, r))
        return -1;
    if (mz_is_gt_cell(D, q, r))
        return MZ_GT;
    for (int t = 1; t <= MZ_TILES; t++)
        if (s->loc[t].placed && s->loc[t].q == q && s->loc[t].r == r)
            return t;
    return -1;
}

/* cell_loc's answer for every cell of the window, built once by a function that looks up many
 * cells (the placements and exploration checks: their scans of the Great Tunnel and the tiles
 * were a fifth of March of the Ants' playout time). Cells outside the window go to cell_loc. */
typedef struct cell_map {
    int8_t loc[MZ_WIN][MZ_WIN];
} cell_map;

static void cell_map_build(const mz_data *D, const mz_state *s, cell_map *m)
{
    memset(m->loc, -1, sizeof m->loc);
    /* as cell_loc: an empty cell in the bitmap is empty; else the Great Tunnel, else the tile of
     * lowest number there */
    for (int t = MZ_TILES; t >= 1; t--) {
        int q = s->loc[t].q, r = s->loc[t].r;
        if (s->loc[t].placed && in_win(q, r) && occ_get(s, q, r))
            m->loc[r + MZ_WIN / 2][q + MZ_WIN / 2] = (int8_t)t;
    }
    for (int i = 0; i < MZ_GT_CELLS; i++) {
        int q = D->gt_q[i], r = D->gt_r[i];
        if (in_win(q, r) && occ_get(s, q, r))
            m->loc[r + MZ_WIN / 2][q + MZ_WIN / 2] = MZ_GT;
    }
}

static inline int cell_map_loc(const mz_data *D, const mz_state *s, const cell_map *m, int q, int r)
{
    return in_win(q, r) ? m->loc[r + MZ_WIN / 2][q + MZ_WIN / 2] : cell_loc(D, s, q, r);
}

int mz_tile_at(const mz_state *s, int q, int r)
{
    for (int t = 1; t <= MZ_TILES; t++)
        if (s->loc[t].placed && s->loc[t].q == q && s->loc[t].r == r)
            return t;
    return -1;
}

static uint8_t rotate(uint8_t mask, int k)
{
    k %= 6;
    return (uint8_t)(((mask << k) | (mask >> (6 - k))) & 0x3F);
}

uint8_t mz_placed_mask(const mz_data *D, const mz_state *s, int t) { return rotate(D->tile[t].mask, s->loc[t].rot); }

/* Whether a location lets seat's ants leave toward a new cell: it holds a movable ant. */
static bool source_ok(const mz_data *D, const mz_state *s, int seat, int l)
{
    return mz_ants_at(s, l, seat) > 0 && mz_may_leave(D, s, seat, l);
}

bool mz_adjacent(const mz_data *D, const mz_state *s, int a, int b)
{
    (void)D;
    return a != b && (s->adj[a] >> b & 1u);
}

bool mz_connected(const mz_data *D, const mz_state *s, int a, int b)
{
    (void)D;
    return a != b && (s->conn[a] >> b & 1u);
}

/* Recomputes the adjacency / connection cache after a tile is placed or turned. */
void mz_links_update(const mz_data *D, mz_state *s)
{
    memset(s->occ, 0, sizeof s->occ);
    for (int i = 0; i < MZ_GT_CELLS; i++)
        occ_set(s, D->gt_q[i], D->gt_r[i]);
    for (int t = 1; t <= MZ_TILES; t++)
        if (s->loc[t].placed)
            occ_set(s, s->loc[t].q, s->loc[t].r);
    memset(s->adj, 0, sizeof s->adj);
    memset(s->conn, 0, sizeof s->conn);
    for (int t = 1; t <= MZ_TILES; t++) {
        if (!s->loc[t].placed)
            continue;
        uint8_t m = mz_placed_mask(D, s, t);
        for (int e = 0; e < 6; e++) {
            int b = cell_loc(D, s, s->loc[t].q + DQ[e], s->loc[t].r + DR[e]);
            if (b < 0)
                continue;
            bool other = b == MZ_GT ? true : (mz_placed_mask(D, s, b) >> ((e + 3) % 6)) & 1u;
            s->adj[t] |= 1u << b;
            s->adj[b] |= 1u << t;
            if ((m >> e & 1u) && other) {
                s->conn[t] |= 1u << b;
                s->conn[b] |= 1u << t;
            }
        }
    }
}

/* R-09 for tile t turned to rotation rot: some opening meets an opening of a neighbour. */
bool mz_rotation_ok(const mz_data *D, const mz_state *s, int t, int rot)
{
    uint8_t m = rotate(D->tile[t].mask, rot);
    for (int e = 0; e < 6; e++) {
        if (!(m >> e & 1u))
            continue;
        int b = cell_loc(D, s, s->loc[t].q + DQ[e], s->loc[t].r + DR[e]);
        if (b == MZ_GT || (b > 0 && (mz_placed_mask(D, s, b) >> ((e + 3) % 6) & 1u)))
            return true;
    }
    return false;
}

/* R-28 legality without looking at the (hidden) top tile: an empty cell next to a
 * location holding a movable ant of seat, that location showing an opening toward the cell
 * (TX-01: any adjacent location showing an opening toward it). */
bool mz_explore_possible(const mz_data *D, const mz_state *s, int seat)
{
    bool winged = mz_has_evo(s, seat, TX01), mapped = false;
    cell_map map;
    for (int l = 0; l < MZ_LOCS; l++) {
        if (!(l == MZ_GT || s->loc[l].placed) || !source_ok(D, s, seat, l))
            continue;
        if (!mapped) { /* only once a location could be a source */
            cell_map_build(D, s, &map);
            mapped = true;
        }
        int cells = l == MZ_GT ? MZ_GT_CELLS : 1;
        for (int c = 0; c < cells; c++) {
            int q0 = l == MZ_GT ? D->gt_q[c] : s->loc[l].q, r0 = l == MZ_GT ? D->gt_r[c] : s->loc[l].r;
            for (int e = 0; e < 6; e++) {
                int q = q0 + DQ[e], r = r0 + DR[e];
                if (cell_map_loc(D, s, &map, q, r) >= 0)
                    continue;
                if (l == MZ_GT || (mz_placed_mask(D, s, l) >> e & 1u))
                    return true;
                if (!winged)
                    continue;
                for (int e2 = 0; e2 < 6; e2++) { /* another location showing an opening */
                    int l2 = cell_map_loc(D, s, &map, q + DQ[e2], r + DR[e2]);
                    if (l2 == MZ_GT || (l2 > 0 && (mz_placed_mask(D, s, l2) >> ((e2 + 3) % 6) & 1u)))
                        return true;
                }
            }
        }
    }
    return false;
}

bool mz_inner(const mz_data *D, const mz_state *s, int t)
{
    return t != MZ_GT && s->loc[t].placed && mz_adj_index(D, s->loc[t].q, s->loc[t].r) >= 0;
}

int mz_ants_at(const mz_state *s, int loc, int seat)
{
    const mz_loc *L = &s->loc[loc];
    int n = L->out[seat];
    if (loc != MZ_GT)
        for (int i = 0; i < MZ_SPACES; i++)
            n += L->space[i] == seat + 1;
    return n;
}

int mz_ants_total(const mz_state *s, int seat)
{
    int n = 0;
    for (int l = 0; l < MZ_LOCS; l++)
        if (l == MZ_GT || s->loc[l].placed)
            n += mz_ants_at(s, l, seat);
    return n;
}

int mz_loc_total(const mz_state *s, int loc)
{
    int n = 0;
    for (int p = 0; p < s->nseats; p++)
        n += mz_ants_at(s, loc, p);
    return n;
}

/* R-14 (A-39: Digger Thorax inhabits every wormhole tile). */
bool mz_inhabits(const mz_data *D, const mz_state *s, int seat, int loc)
{
    (void)D;
    if (loc == MZ_GT || !s->loc[loc].placed)
        return false;
    for (int i = 0; i < MZ_SPACES; i++)
        if (s->loc[loc].space[i] == seat + 1)
            return true;
    return s->loc[loc].wormhole && mz_has_evo(s, seat, TX03);
}

int mz_controller(const mz_state *s, int t) { return t == MZ_GT ? -1 : (int)s->loc[t].space[0] - 1; }

/* */
bool mz_contested(const mz_state *s, int t)
{
    if (t == MZ_GT || !s->loc[t].placed)
        return false;
    int players = 0, out = 0, any = 0;
    for (int p = 0; p < s->nseats; p++) {
        int a = mz_ants_at(s, t, p);
        players += a > 0;
        out += s->loc[t].out[p];
        any += a;
    }
    return (players >= 2 && out > 0) || (s->loc[t].centipede && any > 0);
}

void mz_put(mz_state *s, int seat, int pos)
{
    int l = MZ_PLOC(pos), k = MZ_PSLOT(pos);
    if (k == MZ_OUT || l == MZ_GT)
        s->loc[l].out[seat]++;
    else
        s->loc[l].space[k] = (uint8_t)(seat + 1);
}

bool mz_has_ant(const mz_state *s, int seat, int pos)
{
    int l = MZ_PLOC(pos), k = MZ_PSLOT(pos);
    if (l >= MZ_LOCS || seat < 0)
        return false;
    if (k == MZ_OUT)
        return s->loc[l].out[seat] > 0;
    return l != MZ_GT && s->loc[l].space[k] == seat + 1;
}

bool mz_take(mz_state *s, int seat, int pos)
{
    if (!mz_has_ant(s, seat, pos))
        return false;
    int l = MZ_PLOC(pos), k = MZ_PSLOT(pos);
    if (k == MZ_OUT)
        s->loc[l].out[seat]--;
    else
        s->loc[l].space[k] = 0;
    return true;
}

/* TX-06: an opponent controlling the tile with an active Weaver Thorax forbids moving out. */
bool mz_may_leave(const mz_data *D, const mz_state *s, int seat, int loc)
{
    (void)D;
    if (loc == MZ_GT)
        return true;
    int c = mz_controller(s, loc);
    return c < 0 || c == seat || !mz_has_evo(s, c, TX06);
}

/* larvae come from the egg pool; missing eggs are simply not gained. */
int mz_gain_larvae(mz_state *s, int seat, int n)
{
    mz_seat *P = &s->seat[seat];
    if (n > P->eggs)
        n = P->eggs;
    P->eggs = (uint8_t)(P->eggs - n);
    P->larvae = (uint8_t)(P->larvae + n);
    return n;
}

/* never below 0. */
void mz_add_points(mz_state *s, int seat, int n)
{
    int v = s->seat[seat].score + n;
    s->seat[seat].score = (int16_t)(v < 0 ? 0 : v > 30000 ? 30000 : v);
}

int mz_size(const mz_data *D, const mz_state *s) { return D->track_size[s->size_pos]; }

/* at most one centipede per tile; the supply is unlimited. */
void mz_put_centipede(mz_state *s, int t)
{
    if (t != MZ_GT && s->loc[t].placed)
        s->loc[t].centipede = 1;
}

/* Every legal (cell, rotation) for `tile`: mode 0 explore by seat (R-28: connected, or with
 * TX-01 adjacent, to a location with a movable ant of seat), 1 anywhere (R-09 only), 2 the
 * 2-player setup (a Great-Tunnel-adjacent cell connected to the Great Tunnel, S-2P-1).
 * Rotations giving the same openings are listed once. out may be NULL: then 1 as soon as one
 * placement exists, else 0 (the callers only ask whether a tile can be placed; counting every
 * placement there was a tenth of March of the Ants' legal-list time). */
int mz_placements(const mz_data *D, const mz_state *s, int seat, int tile, int mode, fc_decision *out)
{
    return mz_placements_ref(D, s, seat, tile, mode, 0, out);
}

/* Mode 3 (V-5 Expansion's second tile): as mode 0, and connected to a tile (never the Great
 * Tunnel) that the first tile `ref` is connected to. */
int mz_placements_ref(const mz_data *D, const mz_state *s, int seat, int tile, int mode, int ref, fc_decision *out)
{
    int n = 0;
    int8_t cq[256], cr[256];
    int nc = 0;
    uint32_t seen_win[MZ_WIN] = {0};
    cell_map map;
    cell_map_build(D, s, &map);
    /* candidate cells: empty neighbours of every location */
    for (int l = 0; l < MZ_LOCS; l++) {
        int cells = l == MZ_GT ? MZ_GT_CELLS : 1;
        if (l != MZ_GT && !s->loc[l].placed)
            continue;
        for (int c = 0; c < cells; c++) {
            int q0 = l == MZ_GT ? D->gt_q[c] : s->loc[l].q, r0 = l == MZ_GT ? D->gt_r[c] : s->loc[l].r;
            for (int e = 0; e < 6; e++) {
                int q = q0 + DQ[e], r = r0 + DR[e];
                if (q < -60 || q > 60 || r < -60 || r > 60 || cell_map_loc(D, s, &map, q, r) >= 0)
                    continue;
                bool dup = false;
                if (in_win(q, r)) {
                    uint32_t bit = 1u << (q + MZ_WIN / 2);
                    dup = seen_win[r + MZ_WIN / 2] & bit;
                    seen_win[r + MZ_WIN / 2] |= bit;
                } else
                    for (int i = 0; i < nc && !dup; i++)
                        dup = cq[i] == q && cr[i] == r;
                if (!dup && nc < 256) {
                    cq[nc] = (int8_t)q;
                    cr[nc++] = (int8_t)r;
                }
            }
        }
    }
    bool winged = (mode == 0 || mode == 3) && mz_has_evo(s, seat, TX01);
    for (int i = 0; i < nc; i++) {
        if (mode == 2 && mz_adj_index(D, cq[i], cr[i]) < 0)
            continue;
        /* the six neighbours, once per cell: location, its opening toward the cell, and
         * whether seat may bring an ant from it (the rotation loop only reads these) */
        int8_t nl[6];
        bool nopen[6], nsrc[6], nshared[6];
        for (int e = 0; e < 6; e++) {
            int l = cell_map_loc(D, s, &map, cq[i] + DQ[e], cr[i] + DR[e]);
            nl[e] = (int8_t)l;
            nopen[e] = l == MZ_GT || (l > 0 && ((mz_placed_mask(D, s, l) >> ((e + 3) % 6)) & 1u));
            nsrc[e] = l >= 0 && (mode == 0 || mode == 3) && source_ok(D, s, seat, l);
            nshared[e] = l > 0 && mode == 3 && l != ref && mz_connected(D, s, l, ref);
        }
        uint8_t seen[6];
        int nseen = 0;
        for (int k = 0; k < 6; k++) {
            uint8_t m = rotate(D->tile[tile].mask, k);
            bool dup = false;
            for (int j = 0; j < nseen; j++)
                dup |= seen[j] == m;
            if (dup)
                continue;
            seen[nseen++] = m;
            bool facing = false, ok = mode == 1, shared = mode != 3;
            for (int e = 0; e < 6; e++) {
                if (nl[e] < 0)
                    continue;
                bool both = (m >> e & 1u) && nopen[e];
                facing |= both;
                if (nsrc[e] && (both || winged))
                    ok = true;
                if (both && nshared[e])
                    shared = true;
                if (mode == 2 && both && nl[e] == MZ_GT)
                    ok = true;
            }
            if (facing && ok && shared) {
                if (!out)
                    return 1;
                out[n++] = MZ_D(DK_PLACE, cq[i] + 64, cr[i] + 64, k);
            }
        }
    }
    return n;
}

/* Puts tile on the meadow; with symbols resolves R-10 (a)(b) (the size track moves, R-66). */
void mz_place_tile(const fc_env *env, mz_state *s, int seat, int tile, int q, int r, int rot, bool symbols)
{
    const mz_data *D = MZ_D_(env);
    mz_loc *L = &s->loc[tile];
    int order = 0;
    for (int t = 1; t <= MZ_TILES; t++)
        if (s->loc[t].placed > order)
            order = s->loc[t].placed;
    L->q = (int8_t)q;
    L->r = (int8_t)r;
    L->rot = (uint8_t)rot;
    L->placed = (uint8_t)(order + 1);
    mz_links_update(D, s);
    if (symbols) {
        if (D->tile[tile].centipede) {
            L->centipede = 1;
            if (s->size_pos + 1 < MZ_TRACK)
                s->size_pos++;
        }
        if (D->tile[tile].wormhole)
            L->wormhole = 1;
    }
    if (seat >= 0)
        FC_EMIT(env, FC_ALL_SEATS, "seat %d places T-%d %s at %d,%d", seat + 1, tile, D->tile[tile].name, q, r);
}
