/* Hex geometry: rotations, rings, multi-hex shapes, bounded maps, connected components and
 * least-cost reachability. All work buffers live on the stack; nothing is global. */
#include <string.h>

#include "formicary/hex.h"

fc_hex fc_hex_rotate(fc_hex h, int k)
{
    k %= 6;
    if (k < 0)
        k += 6;
    for (int i = 0; i < k; i++)
        h = fc_hex_make(-h.r, h.q + h.r);
    return h;
}

fc_hex fc_hex_reflect(fc_hex h) { return fc_hex_make(h.r, h.q); }

int fc_hex_ring(fc_hex center, int radius, fc_hex *out)
{
    if (radius < 0 || !out)
        return 0;
    if (radius == 0) {
        out[0] = center;
        return 1;
    }
    fc_hex h = fc_hex_make(center.q + FC_HEX_DIRS[4].q * radius, center.r + FC_HEX_DIRS[4].r * radius);
    int n = 0;
    for (int dir = 0; dir < 6; dir++)
        for (int j = 0; j < radius; j++) {
            out[n++] = h;
            h = fc_hex_neighbour(h, dir);
        }
    return n;
}

/* ---- shapes ---- */

static int shape_count(const fc_shape *s)
{
    if (s->n < 0)
        return 0;
    return s->n > FC_SHAPE_MAX ? FC_SHAPE_MAX : s->n;
}

fc_shape fc_shape_rotate(const fc_shape *s, int k)
{
    fc_shape out;
    memset(&out, 0, sizeof out);
    out.n = shape_count(s);
    for (int i = 0; i < out.n; i++)
        out.cells[i] = fc_hex_rotate(s->cells[i], k);
    return out;
}

fc_shape fc_shape_reflect(const fc_shape *s)
{
    fc_shape out;
    memset(&out, 0, sizeof out);
    out.n = shape_count(s);
    for (int i = 0; i < out.n; i++)
        out.cells[i] = fc_hex_reflect(s->cells[i]);
    return out;
}

static bool hex_before(fc_hex a, fc_hex b) { return a.r != b.r ? a.r < b.r : a.q < b.q; }

fc_shape fc_shape_normalize(const fc_shape *s)
{
    fc_shape out;
    memset(&out, 0, sizeof out); /* unused cells zeroed so shapes compare bytewise too */
    out.n = shape_count(s);
    for (int i = 0; i < out.n; i++) {
        /* Insertion sort: at most FC_SHAPE_MAX cells. */
        fc_hex h = s->cells[i];
        int j = i;
        while (j > 0 && hex_before(h, out.cells[j - 1])) {
            out.cells[j] = out.cells[j - 1];
            j--;
        }
        out.cells[j] = h;
    }
    if (out.n > 0) {
        fc_hex origin = out.cells[0];
        for (int i = 0; i < out.n; i++)
            out.cells[i] = fc_hex_sub(out.cells[i], origin);
    }
    return out;
}

static bool shape_same_cells(const fc_shape *a, const fc_shape *b)
{
    if (a->n != b->n)
        return false;
    for (int i = 0; i < a->n; i++)
        if (!fc_hex_eq(a->cells[i], b->cells[i]))
            return false;
    return true;
}

bool fc_shape_equal(const fc_shape *a, const fc_shape *b)
{
    fc_shape na = fc_shape_normalize(a), nb = fc_shape_normalize(b);
    return shape_same_cells(&na, &nb);
}

int fc_shape_orientations(const fc_shape *s, bool allow_reflect, fc_shape *out)
{
    if (!s || !out)
        return 0;
    int count = 0;
    fc_shape base = *s;
    for (int mirror = 0; mirror < (allow_reflect ? 2 : 1); mirror++) {
        if (mirror)
            base = fc_shape_reflect(s);
        for (int k = 0; k < 6; k++) {
            fc_shape rot = fc_shape_rotate(&base, k);
            fc_shape cand = fc_shape_normalize(&rot);
            bool seen = false;
            for (int i = 0; i < count && !seen; i++)
                seen = shape_same_cells(&out[i], &cand);
            if (!seen)
                out[count++] = cand;
        }
    }
    return count;
}

/* ---- maps ---- */

void fc_hexmap_init(fc_hexmap *m)
{
    m->n = 0;
    memset(m->cell, 0, sizeof m->cell);
    memset(m->terrain, 0, sizeof m->terrain);
    /* All-ones bytes are -1 in every int16_t. */
    memset(m->nb, 0xff, sizeof m->nb);
    memset(m->index, 0xff, sizeof m->index);
}

int fc_hexmap_add(fc_hexmap *m, fc_hex h, int terrain)
{
    if (!m)
        return FC_EINVAL;
    if (h.q < -32 || h.q > 31 || h.r < -32 || h.r > 31 || terrain < 0 || terrain > UINT8_MAX)
        return FC_ERANGE;
    if (m->n >= FC_HEXMAP_MAX)
        return FC_ERANGE;
    if (fc_hexmap_find(m, h) >= 0)
        return FC_EINVAL;
    int i = m->n++;
    m->cell[i] = h;
    m->terrain[i] = (uint8_t)terrain;
    m->index[h.r + 32][h.q + 32] = (int16_t)i;
    for (int d = 0; d < 6; d++) {
        int j = fc_hexmap_find(m, fc_hex_neighbour(h, d));
        m->nb[i][d] = (int16_t)j;
        if (j >= 0)
            m->nb[j][(d + 3) % 6] = (int16_t)i; /* direction d + 3 is the opposite of d */
    }
    return i;
}

int fc_hexmap_components(const fc_hexmap *m, fc_cell_pred in, fc_cell_link link, void *ctx, int16_t *comp)
{
    if (!m || !comp)
        return 0;
    bool incl[FC_HEXMAP_MAX];
    int16_t queue[FC_HEXMAP_MAX];
    int n = m->n;
    for (int i = 0; i < n; i++) {
        incl[i] = !in || in(ctx, i); /* each predicate is asked once per cell */
        comp[i] = -1;
    }
    int count = 0;
    for (int seed = 0; seed < n; seed++) {
        if (!incl[seed] || comp[seed] >= 0)
            continue;
        int head = 0, tail = 0;
        comp[seed] = (int16_t)count;
        queue[tail++] = (int16_t)seed;
        while (head < tail) {
            int a = queue[head++];
            for (int d = 0; d < 6; d++) {
                int b = m->nb[a][d];
                if (b < 0 || !incl[b] || comp[b] >= 0)
                    continue;
                if (link && !link(ctx, a, b))
                    continue;
                comp[b] = (int16_t)count;
                queue[tail++] = (int16_t)b;
            }
        }
        count++;
    }
    return count;
}

/* ---- least-cost reachability (Dijkstra with a binary heap of packed (cost, cell) keys) ---- */

#define KEY_SHIFT 10 /* 2^10 > FC_HEXMAP_MAX cells */

typedef struct reach_heap {
    int n;
    int32_t key[FC_HEXMAP_MAX * 6 + 1]; /* lazy insertion: at most one push per edge + start */
} reach_heap;

static void heap_push(reach_heap *hp, int32_t key)
{
    int i = hp->n++;
    while (i > 0) {
        int parent = (i - 1) / 2;
        if (hp->key[parent] <= key)
            break;
        hp->key[i] = hp->key[parent];
        i = parent;
    }
    hp->key[i] = key;
}

static int32_t heap_pop(reach_heap *hp)
{
    int32_t top = hp->key[0];
    int32_t last = hp->key[--hp->n];
    int i = 0;
    for (;;) {
        int c = 2 * i + 1;
        if (c >= hp->n)
            break;
        if (c + 1 < hp->n && hp->key[c + 1] < hp->key[c])
            c++;
        if (last <= hp->key[c])
            break;
        hp->key[i] = hp->key[c];
        i = c;
    }
    if (hp->n > 0)
        hp->key[i] = last;
    return top;
}

int fc_hexmap_reach(const fc_hexmap *m, int start, int budget, const fc_path_rules *rules, int16_t *cost,
                    int16_t *prev)
{
    if (!m || !rules || !rules->enter_cost || !cost || start < 0 || start >= m->n || budget < 0)
        return FC_EINVAL;
    /* Packed keys need cost * 2^10 + cell to fit an int32; costs must also fit int16_t. */
    if (budget > INT16_MAX)
        budget = INT16_MAX;

    bool settled[FC_HEXMAP_MAX];
    reach_heap heap; /* ~12 KiB on the stack */
    int n = m->n;
    for (int i = 0; i < n; i++) {
        cost[i] = -1;
        settled[i] = false;
        if (prev)
            prev[i] = -1;
    }
    heap.n = 0;
    cost[start] = 0;
    heap_push(&heap, start);

    int reached = 0;
    while (heap.n > 0) {
        int32_t key = heap_pop(&heap);
        int u = key & ((1 << KEY_SHIFT) - 1);
        int cu = key >> KEY_SHIFT;
        if (settled[u] || cu != cost[u])
            continue; /* stale entry */
        settled[u] = true;
        reached++;
        if (u != start && rules->can_leave && !rules->can_leave(rules->ctx, u))
            continue; /* an end point: the path stops here */
        for (int d = 0; d < 6; d++) {
            int v = m->nb[u][d];
            /* Settled cells are final; skipping them also keeps prev acyclic when 0-cost
             * edges give two cells the same cost (each prev is settled before its cell). */
            if (v < 0 || settled[v])
                continue;
            int c = rules->enter_cost(rules->ctx, u, v);
            if (c < 0 || c > budget - cu)
                continue;
            int cv = cu + c;
            if (cost[v] < 0 || cv < cost[v]) {
                cost[v] = (int16_t)cv;
                if (prev)
                    prev[v] = (int16_t)u;
                heap_push(&heap, (int32_t)(cv << KEY_SHIFT) | v);
            } else if (cv == cost[v] && prev && u < prev[v]) {
                prev[v] = (int16_t)u; /* deterministic tie-break: lower predecessor index */
            }
        }
    }
    return reached;
}
