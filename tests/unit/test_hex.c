/* Tests for hex.c: rotation/reflection, rings, shapes and the Myrmes T-04 orientation counts,
 * map building, components and least-cost reachability on Termity- and Myrmes-like rules.
 *
 * Most map tests use a 4 x 3 parallelogram, q = 0..3, r = 0..2, added row by row, so
 * cell index = 4 * r + q:
 *      r=0:  0 (0,0)   1 (1,0)   2 (2,0)   3 (3,0)
 *      r=1:    4 (0,1)   5 (1,1)   6 (2,1)   7 (3,1)
 *      r=2:      8 (0,2)   9 (1,2)  10 (2,2)  11 (3,2)
 * Neighbours of (q,r): (q+1,r) (q+1,r-1) (q,r-1) (q-1,r) (q-1,r+1) (q,r+1). */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "formicary/hex.h"

#define NCELL 12

static void assert_hex(fc_hex h, int q, int r)
{
    assert_int_equal(h.q, q);
    assert_int_equal(h.r, r);
}

static fc_shape make_shape(int n, const int (*qr)[2])
{
    fc_shape s = {0};
    s.n = n;
    for (int i = 0; i < n; i++)
        s.cells[i] = fc_hex_make(qr[i][0], qr[i][1]);
    return s;
}

static void build_grid(fc_hexmap *m, const uint8_t *terrain)
{
    fc_hexmap_init(m);
    for (int r = 0; r < 3; r++)
        for (int q = 0; q < 4; q++)
            assert_int_equal(fc_hexmap_add(m, fc_hex_make(q, r), terrain ? terrain[4 * r + q] : 0), 4 * r + q);
}

static void test_rotate_reflect_distance(void **state)
{
    (void)state;
    fc_hex h = fc_hex_make(1, 0);
    assert_hex(fc_hex_rotate(h, 1), 0, 1);
    assert_hex(fc_hex_rotate(h, 2), -1, 1);
    assert_hex(fc_hex_rotate(h, 3), -1, 0);
    assert_hex(fc_hex_rotate(h, -1), 1, -1);
    assert_hex(fc_hex_rotate(h, -7), 1, -1);
    assert_hex(fc_hex_rotate(h, 6), 1, 0);
    assert_hex(fc_hex_rotate(fc_hex_make(2, -1), 1), 1, 1);
    assert_hex(fc_hex_reflect(fc_hex_make(2, -1)), -1, 2);
    /* rotation preserves distance from the origin */
    for (int k = -6; k <= 6; k++)
        assert_int_equal(fc_hex_distance(fc_hex_make(0, 0), fc_hex_rotate(fc_hex_make(3, -1), k)), 3);
    assert_int_equal(fc_hex_distance(fc_hex_make(2, 1), fc_hex_make(-1, 3)), 3);
    assert_int_equal(fc_hex_distance(fc_hex_make(0, 0), fc_hex_make(2, 2)), 4);
    assert_hex(fc_hex_neighbour(fc_hex_make(0, 0), -1), 0, 1); /* direction -1 is 5 */
}

static void test_ring(void **state)
{
    (void)state;
    fc_hex out[18];
    fc_hex c = fc_hex_make(0, 0);
    assert_int_equal(fc_hex_ring(c, 0, out), 1);
    assert_hex(out[0], 0, 0);
    assert_int_equal(fc_hex_ring(c, 1, out), 6);
    static const int ring1[6][2] = {{-1, 1}, {0, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, 0}};
    for (int i = 0; i < 6; i++)
        assert_hex(out[i], ring1[i][0], ring1[i][1]);
    assert_int_equal(fc_hex_ring(c, -1, out), 0);

    fc_hex c2 = fc_hex_make(1, 1);
    for (int radius = 2; radius <= 3; radius++) {
        int n = fc_hex_ring(c2, radius, out);
        assert_int_equal(n, 6 * radius);
        assert_hex(out[0], 1 - radius, 1 + radius);
        for (int i = 0; i < n; i++) {
            assert_int_equal(fc_hex_distance(c2, out[i]), radius);
            assert_int_equal(fc_hex_distance(out[i], out[(i + 1) % n]), 1); /* a closed walk */
            for (int j = 0; j < i; j++)
                assert_false(fc_hex_eq(out[i], out[j]));
        }
    }
}

static void test_shape_normalize_equal(void **state)
{
    (void)state;
    static const int a[3][2] = {{1, 1}, {0, 1}, {1, 0}};
    fc_shape s = make_shape(3, a);
    fc_shape n = fc_shape_normalize(&s);
    assert_int_equal(n.n, 3);
    assert_hex(n.cells[0], 0, 0);
    assert_hex(n.cells[1], -1, 1);
    assert_hex(n.cells[2], 0, 1);

    static const int tri[3][2] = {{0, 0}, {1, 0}, {0, 1}};
    static const int moved[3][2] = {{5, 6}, {6, 5}, {5, 5}};
    static const int turned[3][2] = {{0, 0}, {1, 0}, {1, -1}};
    fc_shape t = make_shape(3, tri), m = make_shape(3, moved), u = make_shape(3, turned);
    assert_true(fc_shape_equal(&t, &m));
    assert_false(fc_shape_equal(&t, &u)); /* a rotated triangle is a different cell set */
    fc_shape r2 = fc_shape_rotate(&t, 2); /* (0,0) (-1,1) (-1,0) */
    assert_hex(r2.cells[1], -1, 1);
    assert_hex(r2.cells[2], -1, 0);
    fc_shape f = fc_shape_reflect(&t);
    assert_hex(f.cells[1], 0, 1);
    assert_hex(f.cells[2], 1, 0);
    assert_true(fc_shape_equal(&t, &f)); /* the triangle is symmetric about q = r */
}

/* Myrmes T-04: distinct orientations of every pheromone tile. */
static void test_pheromone_orientations(void **state)
{
    (void)state;
    static const int pair[][2] = {{0, 0}, {1, 0}};
    static const int line[][2] = {{0, 0}, {1, 0}, {2, 0}};
    static const int tri[][2] = {{0, 0}, {1, 0}, {0, 1}};
    static const int diamond[][2] = {{0, 0}, {1, 0}, {0, 1}, {1, -1}};
    static const int hook[][2] = {{0, 0}, {0, 1}, {0, 2}, {1, 0}};
    static const int trap[][2] = {{0, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}};
    static const int big[][2] = {{0, 0}, {-1, 1}, {0, 1}, {-2, 2}, {-1, 2}, {0, 2}};
    struct {
        const int (*cells)[2];
        int n, plain, mirrored;
    } tiles[] = {
        {pair, 2, 3, 3}, {line, 3, 3, 3}, {tri, 3, 2, 2},  {diamond, 4, 3, 3},
        {hook, 4, 6, 12}, {trap, 5, 6, 6}, {big, 6, 2, 2},
    };
    fc_shape out[FC_SHAPE_ORIENT_MAX];
    for (size_t t = 0; t < sizeof tiles / sizeof tiles[0]; t++) {
        fc_shape s = make_shape(tiles[t].n, tiles[t].cells);
        assert_int_equal(fc_shape_orientations(&s, false, out), tiles[t].plain);
        int n = fc_shape_orientations(&s, true, out);
        assert_int_equal(n, tiles[t].mirrored);
        for (int i = 0; i < n; i++) {
            assert_int_equal(out[i].n, tiles[t].n);
            assert_hex(out[i].cells[0], 0, 0); /* canonical */
            for (int j = 0; j < i; j++)
                assert_false(fc_shape_equal(&out[i], &out[j]));
        }
    }
    /* fixed order: rotations 0, 1, 2 of the pair */
    fc_shape p = make_shape(2, pair);
    assert_int_equal(fc_shape_orientations(&p, false, out), 3);
    assert_hex(out[0].cells[1], 1, 0);
    assert_hex(out[1].cells[1], 0, 1);
    assert_hex(out[2].cells[1], -1, 1);
}

static void test_hexmap_add(void **state)
{
    (void)state;
    fc_hexmap *m = malloc(sizeof *m);
    assert_non_null(m);
    fc_hexmap_init(m);
    assert_int_equal(m->n, 0);
    assert_int_equal(fc_hexmap_find(m, fc_hex_make(0, 0)), -1);
    assert_int_equal(fc_hexmap_find(m, fc_hex_make(-32, 31)), -1);
    assert_int_equal(fc_hexmap_find(m, fc_hex_make(40, 0)), -1);
    assert_int_equal(m->nb[FC_HEXMAP_MAX - 1][5], -1);

    assert_int_equal(fc_hexmap_add(m, fc_hex_make(0, 0), 3), 0);
    assert_int_equal(fc_hexmap_add(m, fc_hex_make(1, 0), 0), 1);
    assert_int_equal(fc_hexmap_add(m, fc_hex_make(0, 1), 0), 2);
    assert_int_equal(fc_hexmap_add(m, fc_hex_make(0, 1), 0), FC_EINVAL);
    assert_int_equal(fc_hexmap_add(m, fc_hex_make(32, 0), 0), FC_ERANGE);
    assert_int_equal(fc_hexmap_add(m, fc_hex_make(0, -33), 0), FC_ERANGE);
    assert_int_equal(fc_hexmap_add(m, fc_hex_make(5, 5), 256), FC_ERANGE);
    assert_int_equal(fc_hexmap_add(NULL, fc_hex_make(5, 5), 0), FC_EINVAL);
    assert_int_equal(m->n, 3);
    assert_int_equal(m->terrain[0], 3);
    assert_int_equal(fc_hexmap_find(m, fc_hex_make(0, 1)), 2);
    /* links both ways: 0 -dir0-> 1, 0 -dir5-> 2, 2 -dir1-> 1 */
    assert_int_equal(m->nb[0][0], 1);
    assert_int_equal(m->nb[1][3], 0);
    assert_int_equal(m->nb[0][5], 2);
    assert_int_equal(m->nb[2][2], 0);
    assert_int_equal(m->nb[2][1], 1);
    assert_int_equal(m->nb[1][4], 2);
    assert_int_equal(m->nb[0][1], -1);
    assert_int_equal(m->nb[0][3], -1);
    assert_int_equal(m->nb[1][0], -1);

    /* corners of the coordinate range, then capacity */
    assert_int_equal(fc_hexmap_add(m, fc_hex_make(31, -32), 0), 3);
    assert_int_equal(fc_hexmap_add(m, fc_hex_make(-32, 31), 0), 4);
    for (int i = m->n; i < FC_HEXMAP_MAX; i++)
        assert_int_equal(fc_hexmap_add(m, fc_hex_make(-20 + i % 40, -20 + i / 40), 0), i);
    assert_int_equal(fc_hexmap_add(m, fc_hex_make(30, 30), 0), FC_ERANGE);
    assert_int_equal(m->n, FC_HEXMAP_MAX);
    free(m);
}

enum { OPEN, WATER, STONES };

static bool not_water(void *ctx, int cell) { return ((const fc_hexmap *)ctx)->terrain[cell] != WATER; }
static bool avoid_5(void *ctx, int a, int b) { return a != 5 && b != 5; }

static void test_components(void **state)
{
    (void)state;
    fc_hexmap m;
    /* column q = 2 is water: splits the grid into {q <= 1} and {q = 3} */
    static const uint8_t terr[NCELL] = {0, 0, WATER, 0, 0, 0, WATER, 0, 0, 0, WATER, 0};
    build_grid(&m, terr);
    int16_t comp[NCELL];
    assert_int_equal(fc_hexmap_components(&m, not_water, NULL, &m, comp), 2);
    static const int16_t want2[NCELL] = {0, 0, -1, 1, 0, 0, -1, 1, 0, 0, -1, 1};
    assert_memory_equal(comp, want2, sizeof comp);

    /* a link that refuses every edge of cell 5 isolates it; ids stay in cell order */
    assert_int_equal(fc_hexmap_components(&m, not_water, avoid_5, &m, comp), 3);
    static const int16_t want3[NCELL] = {0, 0, -1, 1, 0, 2, -1, 1, 0, 0, -1, 1};
    assert_memory_equal(comp, want3, sizeof comp);

    assert_int_equal(fc_hexmap_components(&m, NULL, NULL, NULL, comp), 1);
    for (int i = 0; i < NCELL; i++)
        assert_int_equal(comp[i], 0);
}

/* Termity-like: 2 MP ground unit; Stones cost 2, Water impossible, an enemy hex can be entered
 * (to attack) but not left. */
typedef struct termity_ctx {
    const fc_hexmap *m;
    bool enemy[NCELL];
} termity_ctx;

static int termity_enter(void *ctx, int from, int to)
{
    const termity_ctx *t = ctx;
    switch (t->m->terrain[to]) {
    case WATER:
        return -1;
    case STONES:
        return 2;
    default:
        return 1;
    }
}

static bool termity_leave(void *ctx, int cell) { return !((const termity_ctx *)ctx)->enemy[cell]; }

static void test_reach_termity(void **state)
{
    (void)state;
    fc_hexmap m;
    static const uint8_t terr[NCELL] = {0, WATER, 0, 0, 0, STONES, 0, 0, 0, 0, 0, 0};
    build_grid(&m, terr);
    termity_ctx t = {.m = &m};
    t.enemy[8] = true;
    fc_path_rules rules = {termity_enter, termity_leave, &t};
    int16_t cost[NCELL], prev[NCELL];

    /* From 4 (0,1): 0 and the enemy at 8 cost 1, stones at 5 cost 2, water at 1 never; 9
     * would be 2 through 8, but the enemy hex ends the path. */
    assert_int_equal(fc_hexmap_reach(&m, 4, 2, &rules, cost, prev), 4);
    static const int16_t c2[NCELL] = {1, -1, -1, -1, 0, 2, -1, -1, 1, -1, -1, -1};
    static const int16_t p2[NCELL] = {4, -1, -1, -1, -1, 4, -1, -1, 4, -1, -1, -1};
    assert_memory_equal(cost, c2, sizeof cost);
    assert_memory_equal(prev, p2, sizeof prev);

    /* Same without can_leave: 9 is reached through 8. */
    fc_path_rules free_rules = {termity_enter, NULL, &t};
    assert_int_equal(fc_hexmap_reach(&m, 4, 2, &free_rules, cost, prev), 5);
    static const int16_t c2f[NCELL] = {1, -1, -1, -1, 0, 2, -1, -1, 1, 2, -1, -1};
    assert_memory_equal(cost, c2f, sizeof cost);
    assert_int_equal(prev[9], 8);

    /* 1 MP: the stones are out of reach. */
    assert_int_equal(fc_hexmap_reach(&m, 4, 1, &rules, cost, NULL), 3);
    static const int16_t c1[NCELL] = {1, -1, -1, -1, 0, -1, -1, -1, 1, -1, -1, -1};
    assert_memory_equal(cost, c1, sizeof cost);

    /* 3 MP: beyond the stones, 2, 6 and 9 cost 3 (9 only via 5, never via the enemy). */
    assert_int_equal(fc_hexmap_reach(&m, 4, 3, &rules, cost, prev), 7);
    static const int16_t c3[NCELL] = {1, -1, 3, -1, 0, 2, 3, -1, 1, 3, -1, -1};
    static const int16_t p3[NCELL] = {4, -1, 5, -1, -1, 4, 5, -1, 4, 5, -1, -1};
    assert_memory_equal(cost, c3, sizeof cost);
    assert_memory_equal(prev, p3, sizeof prev);

    /* starting on an unleavable cell is still allowed: the start is always leavable */
    assert_int_equal(fc_hexmap_reach(&m, 8, 1, &rules, cost, NULL), 3); /* 8, 4, 9 */
    assert_int_equal(cost[4], 1);
    assert_int_equal(cost[9], 1);

    assert_int_equal(fc_hexmap_reach(&m, -1, 2, &rules, cost, prev), FC_EINVAL);
    assert_int_equal(fc_hexmap_reach(&m, NCELL, 2, &rules, cost, prev), FC_EINVAL);
    assert_int_equal(fc_hexmap_reach(&m, 4, 2, NULL, cost, prev), FC_EINVAL);
    assert_int_equal(fc_hexmap_reach(&m, 4, -1, &rules, cost, prev), FC_EINVAL);
}

static int unit_cost(void *ctx, int from, int to) { return 1; }

/* All open, unit costs: cost equals hex distance; ties pick the lower predecessor. */
static void test_reach_ties(void **state)
{
    (void)state;
    fc_hexmap m;
    build_grid(&m, NULL);
    fc_path_rules rules = {unit_cost, NULL, NULL};
    int16_t cost[NCELL], prev[NCELL];
    assert_int_equal(fc_hexmap_reach(&m, 0, 3, &rules, cost, prev), 9);
    static const int16_t c[NCELL] = {0, 1, 2, 3, 1, 2, 3, -1, 2, 3, -1, -1};
    assert_memory_equal(cost, c, sizeof cost);
    /* 5 (1,1) via 1 or 4 -> 1; 6 (2,1) via 2 or 5 -> 2; 9 (1,2) via 5 or 8 -> 5 */
    static const int16_t p[NCELL] = {-1, 0, 1, 2, 0, 1, 2, -1, 4, 5, -1, -1};
    assert_memory_equal(prev, p, sizeof prev);
}

/* Myrmes-like: the triangle tile {1, 2, 5} is one space. Entering it costs 1, moving between
 * its hexes costs 0, every other step costs 1. */
static int tile_enter(void *ctx, int from, int to)
{
    const bool *in_tile = ctx;
    return in_tile[from] && in_tile[to] ? 0 : 1;
}

static void check_prev_chains(const fc_hexmap *m, const int16_t *cost, const int16_t *prev, int start,
                              const bool *in_tile)
{
    for (int i = 0; i < m->n; i++) {
        if (cost[i] < 0 || i == start)
            continue;
        int steps = 0;
        for (int v = i; v != start; v = prev[v]) {
            assert_true(prev[v] >= 0);
            assert_int_equal(cost[prev[v]] + tile_enter((void *)in_tile, prev[v], v), cost[v]);
            assert_true(++steps <= m->n); /* no cycle */
        }
    }
}

static void test_reach_myrmes_tile(void **state)
{
    (void)state;
    fc_hexmap m;
    build_grid(&m, NULL);
    bool in_tile[NCELL] = {false};
    in_tile[1] = in_tile[2] = in_tile[5] = true;
    fc_path_rules rules = {tile_enter, NULL, in_tile};
    int16_t cost[NCELL], prev[NCELL];

    /* From 0: the whole tile costs 1, and everything adjacent to the tile or to 4 costs 2. */
    assert_int_equal(fc_hexmap_reach(&m, 0, 2, &rules, cost, prev), 9);
    static const int16_t c[NCELL] = {0, 1, 1, 2, 1, 1, 2, -1, 2, 2, -1, -1};
    static const int16_t p[NCELL] = {-1, 0, 1, 2, 0, 1, 2, -1, 4, 5, -1, -1};
    assert_memory_equal(cost, c, sizeof cost);
    assert_memory_equal(prev, p, sizeof prev);
    check_prev_chains(&m, cost, prev, 0, in_tile);

    /* From 4, next to two tile hexes. Every tile hex costs 1 and has an equal-cost tile
     * neighbour, so "any lower-index predecessor" would make 1 and 2 point at each other;
     * predecessors are settled first, so 1 keeps 4 and 5 takes 1 (lower than 4). */
    assert_int_equal(fc_hexmap_reach(&m, 4, 1, &rules, cost, prev), 6);
    static const int16_t c4[NCELL] = {1, 1, 1, -1, 0, 1, -1, -1, 1, -1, -1, -1};
    static const int16_t p4[NCELL] = {4, 4, 1, -1, -1, 1, -1, -1, 4, -1, -1, -1};
    assert_memory_equal(cost, c4, sizeof cost);
    assert_memory_equal(prev, p4, sizeof prev);
    check_prev_chains(&m, cost, prev, 4, in_tile);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rotate_reflect_distance), cmocka_unit_test(test_ring),
        cmocka_unit_test(test_shape_normalize_equal),   cmocka_unit_test(test_pheromone_orientations),
        cmocka_unit_test(test_hexmap_add),              cmocka_unit_test(test_components),
        cmocka_unit_test(test_reach_termity),           cmocka_unit_test(test_reach_ties),
        cmocka_unit_test(test_reach_myrmes_tile),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
