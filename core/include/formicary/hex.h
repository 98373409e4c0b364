/* Hex geometry on axial coordinates (q, r), pointy-top, the system every game plugin uses.
 * Neighbour order (direction 0..5): (+1,0) (+1,-1) (0,-1) (-1,0) (-1,+1) (0,+1).
 * Trivial geometry is inline so game hot paths pay no call; maps, shapes, components and
 * least-cost reachability live in hex.c and are also handed to plugins through fc_host. */
#ifndef FORMICARY_HEX_H
#define FORMICARY_HEX_H

#include <stdbool.h>
#include <stdint.h>

#include "formicary/error.h"

typedef struct fc_hex {
    int16_t q, r;
} fc_hex;

static const fc_hex FC_HEX_DIRS[6] = {{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}};

static inline fc_hex fc_hex_make(int q, int r)
{
    fc_hex h = {(int16_t)q, (int16_t)r};
    return h;
}
static inline fc_hex fc_hex_add(fc_hex a, fc_hex b) { return fc_hex_make(a.q + b.q, a.r + b.r); }
static inline fc_hex fc_hex_sub(fc_hex a, fc_hex b) { return fc_hex_make(a.q - b.q, a.r - b.r); }
static inline bool fc_hex_eq(fc_hex a, fc_hex b) { return a.q == b.q && a.r == b.r; }
static inline fc_hex fc_hex_neighbour(fc_hex h, int dir) { return fc_hex_add(h, FC_HEX_DIRS[((dir % 6) + 6) % 6]); }
static inline int fc_hex_distance(fc_hex a, fc_hex b)
{
    int dq = a.q - b.q, dr = a.r - b.r, ds = -dq - dr;
    dq = dq < 0 ? -dq : dq;
    dr = dr < 0 ? -dr : dr;
    ds = ds < 0 ? -ds : ds;
    return (dq + dr + ds) / 2;
}
/* Rotation by k * 60 degrees about the origin: one step is (q, r) -> (-r, q + r). */
fc_hex fc_hex_rotate(fc_hex h, int k);
/* Reflection across the q = r axis: (q, r) -> (r, q). */
fc_hex fc_hex_reflect(fc_hex h);
/* The 6 * radius hexes at exactly `radius` from center (1 for radius 0), in a fixed order
 * starting at center + radius * dir 4 and walking dirs 0..5. Returns the count; out must hold
 * max(1, 6 * radius). */
int fc_hex_ring(fc_hex center, int radius, fc_hex *out);

/* ---- multi-hex shapes (pheromones, tiles) ---- */

#define FC_SHAPE_MAX 8
#define FC_SHAPE_ORIENT_MAX 12

typedef struct fc_shape {
    int n;
    fc_hex cells[FC_SHAPE_MAX];
} fc_shape;

/* Rotate / reflect every cell about the origin (in place on a copy). */
fc_shape fc_shape_rotate(const fc_shape *s, int k);
fc_shape fc_shape_reflect(const fc_shape *s);
/* Canonical form: cells sorted by (r, q) and translated so the first cell is (0,0). Two
 * shapes cover the same set of relative cells iff their canonical forms are equal. */
fc_shape fc_shape_normalize(const fc_shape *s);
bool fc_shape_equal(const fc_shape *a, const fc_shape *b);
/* Distinct orientations (canonical forms) under the 6 rotations, and reflections when
 * allow_reflect; in a fixed, deterministic order. Returns the count (<= 12). */
int fc_shape_orientations(const fc_shape *s, bool allow_reflect, fc_shape *out);

/* ---- maps: a bounded set of hexes with per-hex terrain ---- */

#define FC_HEXMAP_MAX 512    /* cells */
#define FC_HEXMAP_SPAN 64    /* q and r each in [-32, 31] */

typedef struct fc_hexmap {
    int n;
    fc_hex cell[FC_HEXMAP_MAX];
    uint8_t terrain[FC_HEXMAP_MAX];
    int16_t nb[FC_HEXMAP_MAX][6];                  /* neighbour cell index or -1 */
    int16_t index[FC_HEXMAP_SPAN][FC_HEXMAP_SPAN]; /* [r+32][q+32] -> cell or -1 */
} fc_hexmap;

void fc_hexmap_init(fc_hexmap *m);
/* Adds a cell; returns its index, or FC_ERANGE (coordinates / capacity) / FC_EINVAL (duplicate). */
int fc_hexmap_add(fc_hexmap *m, fc_hex h, int terrain);
/* Cell index of h or -1. */
static inline int fc_hexmap_find(const fc_hexmap *m, fc_hex h)
{
    if (h.q < -32 || h.q > 31 || h.r < -32 || h.r > 31)
        return -1;
    return m->index[h.r + 32][h.q + 32];
}

/* Connected components among the cells with in(ctx, cell) true; two adjacent included cells
 * are joined when link is NULL or link(ctx, a, b) is true. comp[cell] gets the component id
 * (0..count-1, numbered in cell order) or -1 for excluded cells. Returns the count. */
typedef bool (*fc_cell_pred)(void *ctx, int cell);
typedef bool (*fc_cell_link)(void *ctx, int a, int b);
int fc_hexmap_components(const fc_hexmap *m, fc_cell_pred in, fc_cell_link link, void *ctx, int16_t *comp);

/* Least-cost reachability from `start` with a movement budget.
 * enter_cost(ctx, from, to): cost of stepping from cell `from` into adjacent cell `to`; negative
 *   means the step is impossible. 0 is allowed (e.g. moving inside one Myrmes tile).
 * can_leave(ctx, cell): whether a path may continue out of `cell` after entering it (the
 *   start cell is always leavable); NULL means always. Cells that cannot be left are
 *   reachable end points (Termity: an enemy unit ends a path as an attack).
 * cost[cell] gets the least total cost (<= budget) or -1 if unreachable; cost[start] = 0.
 * prev[cell] (optional) gets the predecessor on one least-cost path, -1 for start/unreached;
 * ties prefer the lower predecessor index, so results are deterministic. Returns the number
 * of reachable cells including start. */
typedef struct fc_path_rules {
    int (*enter_cost)(void *ctx, int from, int to);
    bool (*can_leave)(void *ctx, int cell);
    void *ctx;
} fc_path_rules;
int fc_hexmap_reach(const fc_hexmap *m, int start, int budget, const fc_path_rules *rules, int16_t *cost,
                    int16_t *prev);

#endif
