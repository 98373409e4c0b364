/* Hive move generation: placements (H-04..H-07), the bugs' moves (H-12..H-19), the Pillbug's
 * ability (H-20, H-21) and the One Hive rule (H-08) through one articulation-point search per
 * position, or the previous position's result carried over (hive.h, hv_pinned). Nothing is allocated: destination sets are 1024-bit maps on the stack, and a move
 * is found once per (piece, destination) however many ways lead there (a Mosquito copying two
 * bugs, a piece that can walk or be thrown to the same cell). */
#include <string.h>

#include "hive.h"

const int8_t hv_dq[6] = {1, 1, 0, -1, -1, 0};
const int8_t hv_dr[6] = {0, -1, -1, 0, 1, 1};

typedef struct cellset {
    uint64_t w[HV_CELLS / 64];
} cellset;

static inline void cs_add(cellset *s, int c) { s->w[c >> 6] |= 1ull << (c & 63); }
static inline bool cs_has(const cellset *s, int c) { return (s->w[c >> 6] >> (c & 63)) & 1u; }

/* One generation: the state, the lifted piece (its cell reads one lower) and the pinned set. */
typedef struct gen {
    const hv_state *s;
    int from;         /* cell of the lifted piece, -1 if none */
    uint32_t pinned;  /* ground pieces whose removal splits the hive (bit = piece) */
    uint32_t used;    /* pieces whose destination set has been cleared and written */
    cellset *dst;     /* per piece destinations (valid for the pieces in `used`) */
    /* The words of a cell set that can hold a destination: every destination is next to the
     * hive, so in its rows or one row beyond (a word is two rows). No other word of a set is
     * cleared, written or read. */
    uint8_t wl[HV_CELLS / 64];
    int nw;
    /* occupied cells as rows (bit q of occ[r]), a lifted ground piece's cell empty (lift) */
    uint32_t occ[HV_W];
} gen;

static inline void cs_clear(const gen *g, cellset *cs)
{
    for (int i = 0; i < g->nw; i++)
        cs->w[g->wl[i]] = 0;
}

/* Piece p's destination set, cleared on first use (most pieces never get one). */
static cellset *dst_of(gen *g, int p)
{
    if (!((g->used >> p) & 1u)) {
        cs_clear(g, &g->dst[p]);
        g->used |= 1u << p;
    }
    return &g->dst[p];
}

static inline int height_at(const gen *g, int c) { return hv_height(g->s, c) - (c == g->from); }
static inline bool occ(const gen *g, int c) { return height_at(g, c) > 0; }

bool hv_queen_in_play(const hv_state *s, int color) { return s->cell[color * HV_KINDS] != HV_OFF; }

int hv_to_move(const hv_state *s)
{
    if (s->result != GS_NOT_STARTED && s->result != GS_IN_PROGRESS)
        return FC_NOBODY;
    return s->turn & 1;
}

/* ---- One Hive: articulation points of the ground graph (one node per occupied cell) ---- */

/* Nodes are cells, named by their top piece (unique per cell). A stack's top piece may leave
 * whatever the result, so only single pieces' bits matter. */
typedef struct tarjan {
    const hv_state *s;
    int8_t disc[HV_PIECES], low[HV_PIECES];
    int time;
    uint32_t cut;
} tarjan;

static void dfs(tarjan *t, int p, int parent)
{
    t->disc[p] = t->low[p] = (int8_t)++t->time;
    int children = 0, nb[6];
    hv_nbs(t->s->cell[p], nb);
    for (int d = 0; d < 6; d++) {
        int q = t->s->top[nb[d]];
        if (q == HV_NONE)
            continue;
        if (t->disc[q] == 0) {
            children++;
            dfs(t, q, p);
            if (t->low[q] < t->low[p])
                t->low[p] = t->low[q];
            if (parent >= 0 && t->low[q] >= t->disc[p])
                t->cut |= 1u << p;
        } else if (q != parent && t->disc[q] < t->low[p]) {
            t->low[p] = t->disc[q];
        }
    }
    if (parent < 0 && children > 1)
        t->cut |= 1u << p;
}

static uint32_t pinned_pieces(const hv_state *s)
{
    tarjan t;
    memset(&t, 0, sizeof t);
    t.s = s;
    if (s->onboard)
        dfs(&t, s->top[s->cell[__builtin_ctz(s->onboard)]], -1);
    return t.cut;
}

/* ---- the pinned set kept across one decision ----
 *
 * A decision lifts its piece from one cell (`from`, left empty when the piece was alone) and
 * puts it on another (`to`, new to the hive when it was empty). The cut cells change only near
 * those two, and simply whenever the occupied neighbours of the cell that leaves or joins the
 * hive form one run around it (those neighbours are linked along the run without it):
 * - a cell joins with one run of neighbours: no cell becomes a cut (one that was keeps its
 *   parts apart, as the run lies in one of them), except the sole neighbour of a leaf, which
 *   becomes one when it has others; a cut in the middle of the run may stop being one;
 * - a cell leaves with one run: no cut stops being one (the cell was not a whole part), except
 *   the sole neighbour of a leaf, no longer one when its other neighbours form one run; a
 *   non-cut in the middle of the run may become one.
 * A cell in doubt whose own neighbours form one run after the change is no cut. Anything else
 * (two runs, a cell in doubt not settled so, a hive of one) is found afresh. */

/* The occupied neighbours of c as bits by direction, `skip` counted empty. */
static inline unsigned occ_around(const hv_state *s, int c, int skip, int nb[6])
{
    unsigned m = 0;
    hv_nbs(c, nb);
    for (int d = 0; d < 6; d++)
        m |= (unsigned)(s->top[nb[d]] != HV_NONE && nb[d] != skip) << d;
    return m;
}

/* Direction bits turned by one: bit d to d + 1 (rot6_up), bit d to d - 1 (rot6_down). */
static inline unsigned rot6_up(unsigned m) { return ((m << 1) | (m >> 5)) & 63u; }
static inline unsigned rot6_down(unsigned m) { return ((m >> 1) | (m << 5)) & 63u; }

/* Neighbours forming one run, not all six (a ring has no ends). */
static inline bool one_run(unsigned m)
{
    unsigned starts = m & ~rot6_up(m);
    return m != 0 && m != 63u && (starts & (starts - 1)) == 0;
}

/* The cells in the middle of run m (both sides in the run) around a cell that joined the hive
 * (a cut among them in doubt) or left it (a non-cut in doubt): one whose own occupied
 * neighbours (`skip` not counted) now form one run, or all six, is no cut; false when one in
 * doubt is not settled so. */
static bool middles_settle(const hv_state *s, unsigned m, const int nb[6], int skip, bool joined, uint32_t *pin)
{
    for (unsigned mid = m & rot6_up(m) & rot6_down(m); mid; mid &= mid - 1) {
        int v = nb[__builtin_ctz(mid)], t = s->top[v], nb2[6];
        if ((bool)((*pin >> t) & 1u) != joined)
            continue;
        unsigned around = occ_around(s, v, skip, nb2);
        if (around != 63u && !one_run(around))
            return false;
        *pin &= ~(1u << t);
    }
    return true;
}

/* Cell a (now empty) left the hive; `skip`, a cell that joined after it, is not counted. */
static bool pin_leave(const hv_state *s, int a, int skip, uint32_t *pin)
{
    int nb[6], nb2[6];
    unsigned m = occ_around(s, a, skip, nb);
    if (!one_run(m))
        return false;
    if (m & (m - 1))
        return middles_settle(s, m, nb, skip, false, pin);
    int n = nb[__builtin_ctz(m)];
    unsigned m2 = occ_around(s, n, skip, nb2);
    if (m2 != 0 && !one_run(m2))
        return false;
    *pin &= ~(1u << s->top[n]);
    return true;
}

/* Cell c (occupied now) joined the hive. */
static bool pin_join(const hv_state *s, int c, uint32_t *pin)
{
    int nb[6], nb2[6];
    unsigned m = occ_around(s, c, -1, nb);
    if (m == 0) { /* the first piece: a hive of one */
        *pin = 0;
        return (s->onboard & (s->onboard - 1)) == 0;
    }
    if (!one_run(m))
        return false;
    if (m & (m - 1))
        return middles_settle(s, m, nb, -1, true, pin);
    int n = nb[__builtin_ctz(m)];
    if (occ_around(s, n, c, nb2))
        *pin |= 1u << s->top[n];
    return true;
}

/* The pinned set of s from its predecessor's (s->pinned, PIN_PENDING): false when it needs the
 * full search. Bits name a cell's top piece, so a cell whose top changed passes its bit on. */
static bool pin_carry(const hv_state *s, uint32_t *out)
{
    int p = s->last, from = s->pin_from;
    if (p == HV_NONE)
        return false;
    int to = s->cell[p];
    uint32_t pin = s->pinned, pb = 1u << p;
    bool joined = s->level[p] == 0, left = from != HV_OFF && s->top[from] == HV_NONE;
    if (left && (pin & pb))
        return false; /* a pinned piece left (not by a legal decision) */
    if (from != HV_OFF && !left) /* from keeps its stack: its bit goes to the new top */
        pin = (pin & ~pb) | ((pin & pb) ? 1u << s->top[from] : 0);
    else
        pin &= ~pb;
    if (!joined) { /* to had a stack: its bit goes to p */
        uint32_t tb = 1u << s->below[p];
        pin = (pin & ~tb) | ((pin & tb) ? pb : 0);
    }
    if (left && !pin_leave(s, from, joined ? to : -1, &pin))
        return false;
    if (joined && !pin_join(s, to, &pin))
        return false;
    *out = pin;
    return true;
}

uint32_t hv_pinned_fresh(const hv_state *s) { return pinned_pieces(s); }

uint32_t hv_pinned(const hv_state *s)
{
    if (s->pin_ok == PIN_VALID)
        return s->pinned;
    if (s->pin_ok == PIN_NONE) /* a match's state: nothing kept */
        return pinned_pieces(s);
    uint32_t pin;
    if (s->pin_ok != PIN_PENDING || !pin_carry(s, &pin))
        pin = pinned_pieces(s);
    hv_state *w = (hv_state *)s; /* a search's own copy (hive.h): the cache only */
    w->pinned = pin;
    w->pin_ok = PIN_VALID;
    return pin;
}

void hv_pin_clear(hv_state *s)
{
    s->pinned = 0;
    s->pin_ok = PIN_NONE;
    s->pin_from = 0;
}

/* A piece may leave its cell without splitting the hive: on a stack, or not a cut point. */
static inline bool free_to_lift(const gen *g, int p)
{
    return g->s->level[p] > 0 || !((g->pinned >> p) & 1u);
}

/* ---- steps ---- */

/* Piece p at x is lifted (its moves are generated): a ground piece leaves its cell empty. */
static inline void lift(gen *g, int p, int x)
{
    g->from = x;
    if (g->s->level[p] == 0)
        g->occ[x >> 5] &= ~(1u << (x & 31));
}

static inline void put_back(gen *g, int x)
{
    g->from = -1;
    g->occ[x >> 5] |= 1u << (x & 31);
}

static inline uint32_t rotr32(uint32_t x, unsigned n) { return (x >> n) | (x << ((32 - n) & 31)); }

/* Occupancy of the six neighbours of c (bit d), the lifted piece's cell empty: ground sliders
 * are single pieces. From three rows of occ turned so that column q - 1 (or q) is bit 0: E and
 * W in row r, NE and NW in row r - 1, SW and SE in row r + 1 (hive.h). */
static inline unsigned ground_mask(const gen *g, int c)
{
    unsigned q = (unsigned)c & (HV_W - 1), qm = (q - 1) & (HV_W - 1), r = (unsigned)c >> 5;
    uint32_t a = rotr32(g->occ[(r - 1) & (HV_W - 1)], q), b = rotr32(g->occ[r], qm),
             d = rotr32(g->occ[(r + 1) & (HV_W - 1)], qm);
    return ((b >> 2) & 1u) | ((a >> 1) & 1u) << 1 | (a & 1u) << 2 | (b & 1u) << 3 | (d & 1u) << 4 |
           ((d >> 1) & 1u) << 5;
}

/* The directions in which a ground slide from a cell with neighbour mask m is allowed: the
 * target empty and exactly one of its two side cells occupied (H-09). */
static inline unsigned slide_dirs(unsigned m)
{
    unsigned left = ((m >> 1) | (m << 5)) & 63u, right = ((m << 1) | (m >> 5)) & 63u;
    return ~m & (left ^ right) & 63u;
}

/* H-10: a step at height hx (after lifting) to a cell of height hy (before arriving) between
 * side cells of heights h1 and h2. */
static inline bool climb_heights(int hx, int hy, int h1, int h2)
{
    if (hx == 0 && hy == 0 && h1 == 0 && h2 == 0)
        return false; /* would leave the hive */
    int lo = h1 < h2 ? h1 : h2, hi = hx > hy ? hx : hy;
    return lo <= hi;
}

/* The same for a step from x to y = nb(x, d). */
static inline bool climb_ok(const gen *g, int x, int d, int hx, int hy)
{
    return climb_heights(hx, hy, height_at(g, hv_nb(x, (d + 5) % 6)), height_at(g, hv_nb(x, (d + 1) % 6)));
}

/* The neighbours of c and their heights (the lifted piece's cell one lower). */
static inline void around(const gen *g, int c, int nb[6], int h[6])
{
    hv_nbs(c, nb);
    for (int d = 0; d < 6; d++)
        h[d] = height_at(g, nb[d]);
}

/* Queen, Pillbug: one slide (six distinct neighbours: nothing is found twice). */
static void step(const gen *g, int x, cellset *out)
{
    for (unsigned dirs = slide_dirs(ground_mask(g, x)); dirs; dirs &= dirs - 1)
        cs_add(out, hv_nb(x, __builtin_ctz(dirs)));
}

/* Ant: every cell reached by slides (breadth first). `seen` holds x and the cells found; it
 * may be `out` itself when out held nothing before (x is taken out again by the caller). The
 * cells around a hive of 28 pieces number far fewer than the queue holds. */
static void ant_flood(const gen *g, int x, cellset *seen, cellset *out)
{
    int queue[HV_CELLS / 4], n = 0, head = 0;
    cs_add(seen, x);
    queue[n++] = x;
    while (head < n) {
        int c = queue[head++];
        for (unsigned dirs = slide_dirs(ground_mask(g, c)); dirs; dirs &= dirs - 1) {
            int y = hv_nb(c, __builtin_ctz(dirs));
            if (cs_has(seen, y))
                continue;
            cs_add(seen, y);
            cs_add(out, y);
            if (n < (int)(sizeof queue / sizeof queue[0]))
                queue[n++] = y;
        }
    }
}

static void ant(const gen *g, int x, cellset *out, bool fresh)
{
    if (fresh) {
        ant_flood(g, x, out, out);
        out->w[x >> 6] &= ~(1ull << (x & 63));
    } else {
        cellset seen;
        cs_clear(g, &seen);
        ant_flood(g, x, &seen, out);
    }
}

static void spider(const gen *g, int start, int c, int depth, int *path, cellset *out)
{
    for (unsigned dirs = slide_dirs(ground_mask(g, c)); dirs; dirs &= dirs - 1) {
        int y = hv_nb(c, __builtin_ctz(dirs));
        bool seen = y == start;
        for (int i = 0; i < depth && !seen; i++)
            seen = path[i] == y;
        if (seen)
            continue;
        if (depth == 2) {
            cs_add(out, y);
        } else {
            path[depth] = y;
            spider(g, start, y, depth + 1, path, out);
        }
    }
}

static void beetle(const gen *g, int x, cellset *out)
{
    int hx = height_at(g, x), nb[6], h[6];
    around(g, x, nb, h);
    for (int d = 0; d < 6; d++)
        if (climb_heights(hx, h[d], h[(d + 5) % 6], h[(d + 1) % 6]))
            cs_add(out, nb[d]);
}

static void grasshopper(const gen *g, int x, cellset *out)
{
    for (int d = 0; d < 6; d++) {
        int y = hv_nb(x, d);
        if (!occ(g, y))
            continue;
        while (occ(g, y))
            y = hv_nb(y, d);
        cs_add(out, y);
    }
}

/* H-17: two steps on top of the hive, then one down to an empty cell. */
static void ladybug(const gen *g, int x, cellset *out)
{
    int n0[6], h0[6];
    around(g, x, n0, h0);
    for (int d1 = 0; d1 < 6; d1++) {
        int h1 = h0[d1], n1[6], hh1[6];
        if (h1 == 0 || !climb_heights(0, h1, h0[(d1 + 5) % 6], h0[(d1 + 1) % 6]))
            continue;
        around(g, n0[d1], n1, hh1);
        for (int d2 = 0; d2 < 6; d2++) {
            int h2 = hh1[d2], n2[6], hh2[6];
            if (h2 == 0 || !climb_heights(h1, h2, hh1[(d2 + 5) % 6], hh1[(d2 + 1) % 6]))
                continue;
            around(g, n1[d2], n2, hh2);
            for (int d3 = 0; d3 < 6; d3++)
                if (n2[d3] != x && hh2[d3] == 0 && climb_heights(h2, 0, hh2[(d3 + 5) % 6], hh2[(d3 + 1) % 6]))
                    cs_add(out, n2[d3]);
        }
    }
}

/* H-20: the piece (Pillbug, or Mosquito touching one) at u lifts a neighbour onto itself and
 * puts it down on an empty neighbour of u. */
static void pillbug_ability(gen *g, int u, int only)
{
    const hv_state *s = g->s;
    for (int d = 0; d < 6; d++) {
        int t = hv_nb(u, d), p = s->top[t];
        if (p == HV_NONE || s->level[p] != 0 || p == s->last || ((g->pinned >> p) & 1u))
            continue;
        if (only >= 0 && p != only)
            continue;
        int saved = g->from;
        g->from = t;
        /* lift: from t (height 0 once lifted) onto u (the user's height) */
        if (climb_ok(g, t, (d + 3) % 6, 0, height_at(g, u))) {
            int hu = height_at(g, u);
            for (int e = 0; e < 6; e++) {
                int z = hv_nb(u, e);
                if (z != t && height_at(g, z) == 0 && climb_ok(g, u, e, hu, 0))
                    cs_add(dst_of(g, p), z);
            }
        }
        g->from = saved;
    }
}

/* The moves of one bug type for the piece p at x (lifted), into its destination set. */
static void bug_moves(gen *g, int p, int x, int bug)
{
    bool fresh = !((g->used >> p) & 1u);
    cellset *out = dst_of(g, p);
    switch (bug) {
    case BUG_Q:
    case BUG_P:
        step(g, x, out);
        break;
    case BUG_S: {
        int path[3];
        spider(g, x, x, 0, path, out);
        break;
    }
    case BUG_B:
        beetle(g, x, out);
        break;
    case BUG_G:
        grasshopper(g, x, out);
        break;
    case BUG_A:
        ant(g, x, out, fresh);
        break;
    case BUG_L:
        ladybug(g, x, out);
        break;
    default:
        break;
    }
}

/* Everything piece p (the mover's, on top, not immobilised) can do: its own moves when it may
 * leave its cell, and the ability of a Pillbug or of a Mosquito touching one (even when the
 * user itself is pinned, H-18). */
static void piece_moves(gen *g, int p, int only)
{
    const hv_state *s = g->s;
    int x = s->cell[p], bug = hv_bug(p);
    bool may_lift = free_to_lift(g, p);
    if (bug == BUG_M && s->level[p] > 0) {
        if (only < 0 || only == p) {
            g->from = x;
            beetle(g, x, dst_of(g, p));
            g->from = -1;
        }
        return;
    }
    if (bug == BUG_M) {
        uint32_t types = 0;
        for (int d = 0; d < 6; d++) {
            int n = s->top[hv_nb(x, d)];
            if (n != HV_NONE)
                types |= 1u << hv_bug(n);
        }
        if (may_lift && (only < 0 || only == p)) {
            lift(g, p, x);
            for (int b = 0; b < BUG_COUNT; b++)
                if (b != BUG_M && ((types >> b) & 1u))
                    bug_moves(g, p, x, b);
            put_back(g, x);
        }
        if ((types >> BUG_P) & 1u)
            pillbug_ability(g, x, only);
        return;
    }
    if (may_lift && (only < 0 || only == p)) {
        lift(g, p, x);
        bug_moves(g, p, x, bug);
        put_back(g, x);
    }
    if (bug == BUG_P)
        pillbug_ability(g, x, only);
}

/* ---- placements ---- */

/* Cell sets as 32 rows of 32 bits (bit q of row r = cell (q, r)). A piece at (q, r) has its
 * neighbours at q-1 and q+1 in row r, q and q+1 in row r-1 (NE, NW), q-1 and q in row r+1
 * (SW, SE): the cells next to a colour are a few word operations per row of its occupied
 * cells, instead of 36 board lookups per piece. */
typedef struct rows {
    uint32_t r[HV_W];
} rows;

static inline uint32_t rotl1(uint32_t x) { return (x << 1) | (x >> 31); }
static inline uint32_t rotr1(uint32_t x) { return (x >> 1) | (x << 31); }

/* Bits set in x (destination words and placement rows hold few: no popcount call, which this
 * build's baseline x86-64 would make a library call). */
static inline int pop64(uint64_t x)
{
    x -= (x >> 1) & 0x5555555555555555ull;
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (int)((x * 0x0101010101010101ull) >> 56);
}

/* The rows that can hold a cell next to the hive: its rows and one more on each side. */
static uint32_t hive_rows(const hv_state *s)
{
    uint32_t m = 0;
    for (uint32_t b = s->onboard; b; b &= b - 1)
        m |= 1u << hv_r(s->cell[__builtin_ctz(b)]);
    return m | rotl1(m) | rotr1(m);
}

/* A walk down the rows of a run (hive_rows) for spawn cells: the tops of both colours in the
 * row above (a), the current row (b), and whether it is Black's first piece (turn 1). */
typedef struct spawn_walk {
    const uint32_t *t0, *t1;
    uint32_t a0, a1, b0, b1;
    int r;
    bool first;
} spawn_walk;

static inline spawn_walk spawn_start(const hv_state *s, uint32_t mask)
{
    int r = __builtin_ctz(mask & ~rotl1(mask)); /* the first row of the run */
    const uint32_t *t0 = s->tops[0], *t1 = s->tops[1];
    return (spawn_walk){t0, t1, t0[(r - 1) & (HV_W - 1)], t1[(r - 1) & (HV_W - 1)], t0[r], t1[r], r, s->turn == 1};
}

/* Row w->r's spawn cells of both colours into row[], then on to the next row. */
static inline void spawn_step(spawn_walk *w, uint32_t row[2])
{
    int nx = (w->r + 1) & (HV_W - 1);
    uint32_t c0 = w->t0[nx], c1 = w->t1[nx], a0 = w->a0, a1 = w->a1, b0 = w->b0, b1 = w->b1;
    uint32_t n0 = rotl1(b0) | rotr1(b0) | a0 | rotr1(a0) | c0 | rotl1(c0);
    uint32_t n1 = rotl1(b1) | rotr1(b1) | a1 | rotr1(a1) | c1 | rotl1(c1);
    uint32_t empty = ~(b0 | b1);
    row[0] = (w->first ? n0 | n1 : n0 & ~n1) & empty;
    row[1] = (w->first ? n0 | n1 : n1 & ~n0) & empty;
    w->a0 = b0, w->a1 = b1, w->b0 = c0, w->b1 = c1;
    w->r = nx;
}

/* Both colours' placement cells (H-04, H-05) in the rows of mask (hive_rows, one cyclic run of
 * rows): empty, next to the colour's own pieces and not to the other's; on turn 1 Black's first
 * piece goes next to White's, so every piece counts as own. One pass down the rows: each row
 * of tops is read once. A cell's neighbours in the row above are q and q+1, in the row below
 * q-1 and q. */
static void spawn_rows(const hv_state *s, uint32_t mask, rows out[2])
{
    if (s->turn == 0) {
        out[0].r[0] = out[1].r[0] = 1u;
        return;
    }
    int r = __builtin_ctz(mask & ~rotl1(mask)); /* the first row of the run */
    const uint32_t *t0 = s->tops[0], *t1 = s->tops[1];
    uint32_t a0 = t0[(r - 1) & (HV_W - 1)], a1 = t1[(r - 1) & (HV_W - 1)], b0 = t0[r], b1 = t1[r];
    bool first = s->turn == 1;
    while ((mask >> r) & 1u) {
        int nx = (r + 1) & (HV_W - 1);
        uint32_t c0 = t0[nx], c1 = t1[nx];
        uint32_t n0 = rotl1(b0) | rotr1(b0) | a0 | rotr1(a0) | c0 | rotl1(c0);
        uint32_t n1 = rotl1(b1) | rotr1(b1) | a1 | rotr1(a1) | c1 | rotl1(c1);
        uint32_t empty = ~(b0 | b1);
        out[0].r[r] = (first ? n0 | n1 : n0 & ~n1) & empty;
        out[1].r[r] = (first ? n0 | n1 : n1 & ~n0) & empty;
        a0 = b0, a1 = b1, b0 = c0, b1 = c1;
        r = nx;
    }
}

/* Both colours' placement cells counted up to cap, from the first row of the run on: the
 * evaluation counts no more than three, which the first rows usually hold. */
static void spawn_count_capped(const hv_state *s, uint32_t mask, int cap, int n[2])
{
    n[0] = n[1] = 0;
    if (s->turn == 0) {
        n[0] = n[1] = cap < 1 ? cap : 1;
        return;
    }
    spawn_walk w = spawn_start(s, mask);
    while (((mask >> w.r) & 1u) && (n[0] < cap || n[1] < cap)) {
        uint32_t row[2];
        spawn_step(&w, row);
        n[0] += pop64(row[0]);
        n[1] += pop64(row[1]);
    }
    n[0] = n[0] < cap ? n[0] : cap;
    n[1] = n[1] < cap ? n[1] : cap;
}

/* The cells of a set, in increasing cell order, into cl; returns the count. The cells next to
 * one colour's pieces number at most 6 * HV_KINDS, far fewer than cl holds. */
static int list_rows(const rows *cs, uint32_t mask, uint16_t *cl)
{
    int n = 0;
    for (uint32_t m = mask; m; m &= m - 1) {
        int r = __builtin_ctz(m);
        for (uint32_t b = cs->r[r]; b; b &= b - 1)
            cl[n++] = (uint16_t)((r << 5) | __builtin_ctz(b));
    }
    return n;
}

/* The cells of a set, counted two rows at a time. */
static int count_rows(const rows *cs, uint32_t mask)
{
    int n = 0;
    uint64_t pair = 0;
    for (uint32_t m = mask; m; m &= m - 1) {
        pair = pair << 32 | cs->r[__builtin_ctz(m)];
        if (pair >> 32) {
            n += pop64(pair);
            pair = 0;
        }
    }
    return n + pop64(pair);
}

/* The decisions of piece p to the cells of cs, in cell order; with out NULL only counted. */
static int emit_set(const gen *g, const cellset *cs, int p, fc_decision *out, int n)
{
    if (!out) {
        for (int i = 0; i < g->nw; i++)
            if (cs->w[g->wl[i]]) /* most words of a set are empty */
                n += pop64(cs->w[g->wl[i]]);
        return n;
    }
    fc_decision base = HV_D(p, 0);
    for (int i = 0; i < g->nw; i++) {
        int w = g->wl[i];
        for (uint64_t b = cs->w[w]; b && n < HV_MAX_DECISIONS; b &= b - 1)
            out[n++] = base | (fc_decision)(w * 64 + __builtin_ctzll(b));
    }
    return n;
}

static int placements(const hv_state *s, int color, uint32_t mask, fc_decision *out, int n, int only)
{
    int pturn = s->turn / 2 + 1;
    bool must_queen = !hv_queen_in_play(s, color) && pturn >= s->queen_turn[color];
    /* the piece of each bug type placed next: the lowest-numbered one in hand (the kinds of a
     * bug type, as in hv_kind_bug, are in number order) */
    static const uint16_t bug_kinds[BUG_COUNT] = {0x1, 0x6, 0x18, 0xE0, 0x700, 0x800, 0x1000, 0x2000};
    uint32_t hand = hv_hand_mask(s, color);
    /* the cells are listed once and written for every bug type that may be placed: one store
     * per decision (a placement list is most of a legal list early in the game) */
    uint16_t cl[HV_CELLS / 4];
    int nc = -1;
    for (int bug = 0; bug < BUG_COUNT; bug++) {
        uint32_t kinds = hand & bug_kinds[bug];
        int p = color * HV_KINDS + __builtin_ctz(kinds | 0x8000u);
        if (!kinds || (only >= 0 && p != only))
            continue;
        if (bug == BUG_Q ? pturn == 1 && s->tournament[color] : must_queen)
            continue;
        if (nc < 0) {
            rows cells[2];
            spawn_rows(s, mask, cells);
            uint32_t m = s->turn == 0 ? 1u : mask;
            nc = out ? list_rows(&cells[color], m, cl) : count_rows(&cells[color], m);
        }
        if (!out) { /* counted: cells times bug types */
            n += nc;
            continue;
        }
        int k = n + nc <= HV_MAX_DECISIONS ? nc : HV_MAX_DECISIONS - n;
        fc_decision base = HV_D(p, 0);
        for (int i = 0; i < k; i++)
            out[n + i] = base | cl[i];
        n += k;
    }
    return n;
}

int hv_spawn_cells(const hv_state *s, int color)
{
    int n[2];
    hv_spawn_counts(s, HV_CELLS, n);
    return n[color];
}

void hv_spawn_counts(const hv_state *s, int cap, int n[2])
{
    spawn_count_capped(s, s->turn == 0 ? 1u : hive_rows(s), cap, n);
}

/* The legal decisions into out, or with out NULL their count (the same n, nothing written). */
static int generate(const hv_state *s, fc_decision *out, int only)
{
    int color = hv_to_move(s);
    if (color < 0)
        return 0;
    uint32_t rowmask = hive_rows(s);
    int n = placements(s, color, rowmask, out, 0, only);
    if (hv_queen_in_play(s, color) && (only < 0 || s->cell[only] != HV_OFF)) {
        cellset dst[HV_PIECES];
        gen g = {.s = s, .from = -1, .pinned = hv_pinned(s), .used = 0, .dst = dst, .nw = 0};
        for (int w = 0; w < HV_CELLS / 64; w++)
            if ((rowmask >> (2 * w)) & 3u)
                g.wl[g.nw++] = (uint8_t)w;
        for (uint32_t m = rowmask; m; m &= m - 1) /* the other rows hold nothing: 0 */
            g.occ[__builtin_ctz(m)] = s->tops[0][__builtin_ctz(m)] | s->tops[1][__builtin_ctz(m)];
        for (uint32_t b = s->onboard & (0x3FFFu << (color * HV_KINDS)); b; b &= b - 1) {
            int p = __builtin_ctz(b), c = s->cell[p];
            if (s->top[c] != p || p == s->last)
                continue;
            piece_moves(&g, p, only);
        }
        for (uint32_t b = only < 0 ? g.used : g.used & (1u << only); b; b &= b - 1)
            n = emit_set(&g, &dst[__builtin_ctz(b)], __builtin_ctz(b), out, n);
    }
    if (n > HV_MAX_DECISIONS) /* counted: legal stops listing there */
        n = HV_MAX_DECISIONS;
    if (n == 0 && only < 0) {
        if (out)
            out[n] = HV_PASS;
        n++;
    }
    return n;
}

int hv_legal(const hv_state *s, fc_decision *out, int only) { return generate(s, out, only); }

int hv_legal_count(const hv_state *s) { return generate(s, NULL, -1); }
