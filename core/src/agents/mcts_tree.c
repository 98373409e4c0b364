/* One MCTS tree: its buffers, its node pool, the legal list of the position being searched
 * matched to a node's children, and one iteration's selection and expansion (UCT over the
 * children legal in this determinization, their availability count in place of the parent's
 * visits). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mcts.h"

static void mcts_release_buffers(mcts_tree *t)
{
    free(t->work);
    free(t->legal);
    free(t->weights);
    free(t->found);
    free(t->soft);
    free(t->scratch);
    free(t->index);
    t->index = NULL;
    t->work = NULL;
    t->legal = NULL;
    t->weights = NULL;
    t->found = NULL;
    t->soft = NULL;
    t->scratch = NULL;
    t->state_size = 0;
    t->cap = 0;
}

/* n bytes (at least 1) on cache lines of their own; zeroed when asked. */
static void *mcts_line_alloc(size_t n, bool zero)
{
    n = (n + MCTS_LINE - 1) / MCTS_LINE * MCTS_LINE;
    void *p = aligned_alloc(MCTS_LINE, n ? n : MCTS_LINE);
    if (p && zero)
        memset(p, 0, n ? n : MCTS_LINE);
    return p;
}

int fc_mcts_buffers(mcts_tree *t, const fc_game *g, int policy)
{
    if (policy == MCTS_MAST && !t->mast && !(t->mast = mcts_line_alloc((size_t)FC_MAX_SEATS * MAST_SLOTS * sizeof *t->mast, false)))
        return FC_ENOMEM;
    if (t->work && t->state_size == g->state_size && t->cap == g->max_decisions)
        return 0;
    mcts_release_buffers(t);
    size_t n = (size_t)g->max_decisions;
    t->work = mcts_line_alloc(g->state_size, false);
    t->scratch = mcts_line_alloc(g->state_size, false);
    t->legal = mcts_line_alloc(n * sizeof *t->legal, false);
    t->weights = mcts_line_alloc(n * sizeof *t->weights, true);
    t->wdirty = 0;
    t->found = mcts_line_alloc(n * sizeof *t->found, false);
    t->soft = mcts_line_alloc(n * sizeof *t->soft, false);
    for (t->index_bits = 4; (1u << t->index_bits) < 2 * n && t->index_bits < 30; t->index_bits++)
        ;
    t->index_mask = (1u << t->index_bits) - 1;
    t->index = mcts_line_alloc(((size_t)t->index_mask + 1) * sizeof *t->index, true);
    t->stamp = 0;
    if (!t->work || !t->scratch || !t->legal || !t->weights || !t->found || !t->soft || !t->index) {
        mcts_release_buffers(t);
        return FC_ENOMEM;
    }
    t->state_size = g->state_size;
    t->cap = g->max_decisions;
    return 0;
}

void fc_mcts_tree_free(mcts_tree *t)
{
    mcts_release_buffers(t);
    free(t->nodes);
    free(t->spare);
    free(t->path);
    free(t->mast);
    free(t->trail);
}

void *fc_mcts_grow(void *array, int32_t *cap, size_t size, int32_t first)
{
    int32_t n = *cap ? *cap * 2 : first;
    void *v = realloc(array, (size_t)n * size);
    if (v)
        *cap = n;
    return v;
}

/* A new node, or MCTS_NONE when the pool is full (or cannot grow). */
int32_t fc_mcts_node_new(mcts_tree *t, int32_t parent, fc_decision d, int seat)
{
    if (t->nnodes == t->capnodes) {
        mcts_node *v = t->capnodes < MCTS_MAX_NODES ? fc_mcts_grow(t->nodes, &t->capnodes, sizeof *v, 1024) : NULL;
        if (!v)
            return MCTS_NONE;
        t->nodes = v;
    }
    int32_t i = t->nnodes++;
    mcts_node *n = &t->nodes[i];
    n->child = MCTS_NONE;
    n->sibling = MCTS_NONE;
    n->d = d;
    n->seat = seat;
    n->visits = 0;
    n->avail = 1; /* available when it was opened */
    n->w = 0;
    n->prior = 0;
    if (parent != MCTS_NONE) {
        n->sibling = t->nodes[parent].child;
        t->nodes[parent].child = i;
    }
    return i;
}

static int mcts_path_push(mcts_tree *t, int32_t node)
{
    if (t->npath == t->cappath) {
        int32_t *v = fc_mcts_grow(t->path, &t->cappath, sizeof *v, 256);
        if (!v)
            return FC_ENOMEM;
        t->path = v;
    }
    t->path[t->npath++] = node;
    return 0;
}

/* Legal decisions of t->work (with weights at a chance point, unset ones 0). Only the entries
 * a previous call may have written are cleared, not the whole buffer (measured: clearing
 * max_decisions weights at every chance point was up to 13% of a search). */
int fc_mcts_legal(mcts_tree *t, const fc_game *g, const fc_env *env, bool chance)
{
    if (chance && t->wdirty)
        memset(t->weights, 0, (size_t)t->wdirty * sizeof *t->weights);
    int n = g->legal(t->work, env, t->legal, chance ? t->weights : NULL);
    n = n > t->cap ? t->cap : n;
    if (chance && n > t->wdirty)
        t->wdirty = n;
    return n;
}

/* The first index of decision d in the legal list indexed by the current stamp, or -1. */
static int mcts_index_find(const mcts_tree *t, fc_decision d)
{
    for (uint32_t h = (uint32_t)(d * 0x9e3779b1u) >> (32 - t->index_bits);; h = (h + 1) & t->index_mask) {
        const mcts_index *x = &t->index[h];
        if (x->stamp != t->stamp)
            return -1;
        if (x->d == d)
            return x->i;
    }
}

/* Legal decisions of t->work and, for each, its child under node (or MCTS_NONE): each child
 * takes the first unclaimed legal entry with its decision. Long lists are matched through a
 * hash of the list (a child-by-entry scan was up to a quarter of a search in Termity). */
static int mcts_expand_info(mcts_tree *t, const fc_game *g, const fc_env *env, int32_t node, bool chance)
{
    int n = fc_mcts_legal(t, g, env, chance);
    for (int i = 0; i < n; i++)
        t->found[i] = MCTS_NONE;
    int32_t first = t->nodes[node].child;
    if (first == MCTS_NONE)
        return n;
    if (n <= MCTS_SCAN_MAX) {
        for (int32_t c = first; c != MCTS_NONE; c = t->nodes[c].sibling)
            for (int i = 0; i < n; i++)
                if (t->found[i] == MCTS_NONE && t->legal[i] == t->nodes[c].d) {
                    t->found[i] = c;
                    break;
                }
        return n;
    }
    if (++t->stamp == 0) { /* stamps wrapped: forget every old entry */
        memset(t->index, 0, (t->index_mask + 1) * sizeof *t->index);
        t->stamp = 1;
    }
    for (int i = 0; i < n; i++) {
        uint32_t h = (uint32_t)(t->legal[i] * 0x9e3779b1u) >> (32 - t->index_bits);
        while (t->index[h].stamp == t->stamp && t->index[h].d != t->legal[i])
            h = (h + 1) & t->index_mask;
        if (t->index[h].stamp != t->stamp) /* a repeated decision keeps its first index */
            t->index[h] = (mcts_index){t->legal[i], i, t->stamp};
    }
    for (int32_t c = first; c != MCTS_NONE; c = t->nodes[c].sibling) {
        fc_decision d = t->nodes[c].d;
        int i = mcts_index_find(t, d);
        if (i < 0)
            continue;
        while (i < n && (t->legal[i] != d || t->found[i] != MCTS_NONE))
            i++;
        if (i < n)
            t->found[i] = c;
    }
    return n;
}

/* prior=eval: opens a child, with its prior, for every legal decision of this determinization
 * that has none yet (a full pool leaves the rest unopened). */
static int mcts_open_all(mcts_tree *t, const mcts *cfg, int32_t node, int who, int n)
{
    for (int i = 0; i < n; i++) {
        if (t->found[i] != MCTS_NONE)
            continue;
        double h = fc_mcts_after(t, t->g, &cfg->ev, t->env, i, who);
        if (h < 0)
            return (int)h;
        int32_t c = fc_mcts_node_new(t, node, t->legal[i], who);
        if (c == MCTS_NONE)
            return 0;
        t->nodes[c].prior = h;
        t->found[i] = c;
    }
    return 0;
}

/* The argmax of a selection: child k with value u replaces the best so far when higher; exact ties
 * are broken uniformly by reservoir sampling (one draw per tie, so the stream stays the same). */
static inline void keep_best(int32_t k, double u, int32_t *best, double *best_u, uint32_t *ties, fc_rng *rng)
{
    if (*best == MCTS_NONE || u > *best_u) {
        *best = k;
        *best_u = u;
        *ties = 1;
    } else if (u == *best_u && fc_rng_below(rng, ++*ties) == 0) {
        *best = k;
    }
}

/* prior=eval: the child to follow among the opened legal ones: an unvisited one with the best
 * prior, else the best by UCT plus the progressive bias pb * prior / (visits + 1) (Chaslot et
 * al. 2008); exact ties uniform. MCTS_NONE when none is open. */
static int32_t mcts_select_prior(mcts_tree *t, const mcts *cfg, fc_rng *rng, int n)
{
    int32_t best = MCTS_NONE;
    double best_u = 0;
    uint32_t ties = 0;
    bool fresh = false; /* best is an unvisited child */
    for (int i = 0; i < n; i++) {
        int32_t k = t->found[i];
        if (k == MCTS_NONE)
            continue;
        const mcts_node *c = &t->nodes[k];
        double u;
        if (c->visits == 0) {
            if (!fresh)
                best = MCTS_NONE;
            fresh = true;
            u = c->prior;
        } else if (fresh) {
            continue;
        } else {
            u = c->w / c->visits + cfg->c * sqrt(log((double)c->avail) / c->visits) +
                cfg->pb * c->prior / (c->visits + 1);
        }
        keep_best(k, u, &best, &best_u, &ties, rng);
    }
    return best;
}

/* prior=puct: the opened legal child with the best mean reward (its prior while unvisited: its
 * first playout replaces it; counting the prior as N visits of the mean instead, screened as a
 * key pv=N with N = 1, 4, 8, did not win in March of the Ants, docs/metrics.md)
 * plus pb * P * sqrt(visits of the legal children + 1) / (visits + 1), P the softmax of their
 * priors at temperature temp; exact ties uniform. MCTS_NONE when none is open. Each child's
 * exp() is taken once (into t->soft) for both the normaliser and its term: the same values,
 * bit for bit, as taking it twice. */
static int32_t mcts_select_puct(mcts_tree *t, const mcts *cfg, fc_rng *rng, int n)
{
    double top = -1, z = 0, total = 1;
    for (int i = 0; i < n; i++)
        if (t->found[i] != MCTS_NONE) {
            const mcts_node *c = &t->nodes[t->found[i]];
            top = c->prior > top ? c->prior : top;
            total += c->visits;
        }
    for (int i = 0; i < n; i++)
        if (t->found[i] != MCTS_NONE)
            z += t->soft[i] = exp((t->nodes[t->found[i]].prior - top) / cfg->temp);
    double scale = cfg->pb * sqrt(total) / z, best_u = 0;
    int32_t best = MCTS_NONE;
    uint32_t ties = 0;
    for (int i = 0; i < n; i++) {
        int32_t k = t->found[i];
        if (k == MCTS_NONE)
            continue;
        const mcts_node *c = &t->nodes[k];
        double q = c->visits ? c->w / c->visits : c->prior;
        double u = q + scale * t->soft[i] / (c->visits + 1);
        keep_best(k, u, &best, &best_u, &ties, rng);
    }
    return best;
}

/* One step of the descent at a seat's node under prior=eval or puct: the next node, or MCTS_NONE when
 * the descent ends here (an expansion: the chosen child is on the path; or nothing open). A
 * child's children are opened at its second visit: waiting for more visits (screened as a
 * key open=K, 2 and 3) saved openings but lost strength in March of the Ants (docs/metrics.md). */
static int32_t mcts_step_prior(mcts_tree *t, const mcts *cfg, fc_rng *rng, int n, int *rc)
{
    int32_t c = cfg->prior == MCTS_PRIOR_PUCT ? mcts_select_puct(t, cfg, rng, n) : mcts_select_prior(t, cfg, rng, n);
    if (c == MCTS_NONE)
        return MCTS_NONE;
    if (t->g->apply(t->work, t->env, t->nodes[c].d) != 0) {
        *rc = FC_EILLEGAL;
        return MCTS_NONE;
    }
    if ((*rc = mcts_path_push(t, c)) != 0)
        return MCTS_NONE;
    return t->nodes[c].visits == 0 ? MCTS_NONE : c;
}

/* Selection and expansion on t->work from the root; fills the path. Returns 1 when it ended
 * at a finished game in the tree, 0 otherwise (an expansion that ends the game is scored by
 * the playout's first step), negative on error. */
int fc_mcts_descend(mcts_tree *t, const mcts *cfg, fc_rng *rng)
{
    const fc_game *g = t->g;
    const fc_env *env = t->env;
    double cexp = cfg->c;
    int32_t node = 0;
    t->npath = 0;
    if (mcts_path_push(t, node) != 0)
        return FC_ENOMEM;
    for (;;) {
        int who = g->to_move(t->work, env);
        if (who == FC_NOBODY)
            return 1;
        if (who == FC_CHANCE) {
            int n = mcts_expand_info(t, g, env, node, true);
            if (n <= 0)
                return FC_ESTATE;
            int i = fc_rng_weighted(rng, t->weights, n);
            if (i < 0)
                i = (int)fc_rng_below(rng, (uint32_t)n);
            int32_t c = t->found[i] != MCTS_NONE ? t->found[i] : fc_mcts_node_new(t, node, t->legal[i], FC_CHANCE);
            if (g->apply(t->work, env, t->legal[i]) != 0)
                return FC_EILLEGAL;
            if (c == MCTS_NONE)
                return 0; /* pool full: play out from here */
            node = c;
            if (mcts_path_push(t, node) != 0)
                return FC_ENOMEM;
            continue;
        }
        int n = mcts_expand_info(t, g, env, node, false);
        if (n <= 0)
            return FC_ESTATE;
        int untried = 0;
        for (int i = 0; i < n; i++) {
            if (t->found[i] == MCTS_NONE)
                untried++;
            else
                t->nodes[t->found[i]].avail++;
        }
        if (cfg->prior != MCTS_PRIOR_NONE) {
            int rc = mcts_open_all(t, cfg, node, who, n);
            if (rc == 0 && (node = mcts_step_prior(t, cfg, rng, n, &rc)) != MCTS_NONE)
                continue;
            return rc;
        }
        if (untried) {
            int k = (int)fc_rng_below(rng, (uint32_t)untried), i = 0;
            for (;; i++)
                if (t->found[i] == MCTS_NONE && k-- == 0)
                    break;
            int32_t c = fc_mcts_node_new(t, node, t->legal[i], who);
            if (g->apply(t->work, env, t->legal[i]) != 0)
                return FC_EILLEGAL;
            if (c != MCTS_NONE && mcts_path_push(t, c) != 0)
                return FC_ENOMEM;
            return 0; /* the playout sees a finished game at once and scores it */
        }
        int32_t best = MCTS_NONE;
        double best_u = -1;
        for (int i = 0; i < n; i++) {
            const mcts_node *c = &t->nodes[t->found[i]];
            double u = c->w / c->visits + cexp * sqrt(log((double)c->avail) / c->visits);
            if (best == MCTS_NONE || u > best_u) {
                best = t->found[i];
                best_u = u;
            }
        }
        if (g->apply(t->work, env, t->nodes[best].d) != 0)
            return FC_EILLEGAL;
        node = best;
        if (mcts_path_push(t, node) != 0)
            return FC_ENOMEM;
    }
}
