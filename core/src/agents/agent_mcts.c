/* The MCTS agent: UCT over the game vtable, as single-observer information-set MCTS.
 *
 * Each iteration copies the match state into a preallocated buffer (memcpy of state_size) and,
 * when the game has determinize, resamples everything the searching seat cannot see, so the
 * search never reads hidden information: its choices depend only on the seat's information
 * set and the agent's RNG. Children are keyed by decision and kept in sibling lists, so
 * different determinizations may open different children under one node; selection considers
 * only the children legal in the current determinization and uses their availability count
 * in place of the parent's visits (Cowling, Powley & Whitehouse 2012). Chance points are
 * sampled by weight, never chosen. A playout plays at most
 * `depth` decisions (default MCTS_DEFAULT_DEPTH; 0 = to the end) and is then scored with the
 * game's evaluation, and every node on the path is credited with the reward of the seat that
 * chose it. Most of a full playout's cost is the long random tail whose result is nearly
 * noise; the cut-off keeps the informative part (measured in docs/metrics.md, "MCTS speed and
 * strength"). `legacy=1` restores issue 6's search (uniform playouts to the end).
 *
 * Playout decisions follow `policy`: MAST by default (Finnsson & Bjornsson 2008, with
 * epsilon-greedy selection as in Tak, Winands & Bjornsson 2012): each seat keeps the mean
 * reward of every decision code it played in this search's iterations, and a playout plays
 * the best one (codes not seen yet count as 1) except for a share `eps` of uniform decisions;
 * `random` is uniform, `eval` the best by the game's evaluation one decision ahead.
 *
 * reuse=1 keeps, between decisions, the subtree of the decisions the seat saw since its last
 * search (mcts_reuse below).
 *
 * threads=N is root parallelism: N independent trees over the same root, each with its own
 * buffers and RNG stream (stream 0 is the seat's, the others are seeded from it), whose root
 * visits are summed; with an iteration budget, the result depends only on seed and N. Variant
 * hooks run in the match's single Lua state, so a match with hooks searches on one thread.
 * The only allocations are the buffers sized once per game (the MAST table among them) and
 * the node pools, paths and playout trails, which grow geometrically and are kept between
 * decisions. */
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "agent_impl.h"

const char *const fc_agent_mcts_keys[] = {"iters",  "time",  "c",      "depth", "seed",
                                          "threads", "legacy", "reuse", "policy", "eps", NULL};

#define MCTS_MAX_NODES (1 << 22)       /* beyond this the tree stops growing; playouts go on */
#define MCTS_MAX_PLAYOUT 1000000L       /* a playout longer than this is cut off and evaluated */
#define MCTS_CLOCK_EVERY 16             /* iterations between clock readings under a time budget */
#define MCTS_DEFAULT_DEPTH 16           /* playout decisions before the evaluation (not legacy) */
#define MCTS_MAX_THREADS 64
#define MCTS_NONE (-1)
#define MCTS_SCAN_MAX 8                 /* legal lists up to this long are matched by a scan */
#define MCTS_DEFAULT_EPS 0.4            /* random share of policy=mast|eval playout decisions */
#define MAST_BITS 12                    /* MAST table: 4096 decision codes per seat */
#define MAST_SLOTS (1 << MAST_BITS)
#define MAST_PROBES 32                  /* a code not placed within this many slots is not kept */

/* Playout policies (policy=): uniform; MAST (epsilon-greedy on each decision code's mean
 * reward for its seat over this search's iterations); one-step evaluation (epsilon-greedy on
 * the game's evaluation after each legal decision). */
enum { MCTS_RANDOM, MCTS_MAST, MCTS_EVAL };

/* One decision code's statistics for one seat; n == 0 marks a free slot. */
typedef struct mast_slot {
    fc_decision d;
    uint32_t n;
    double w;
} mast_slot;

/* One entry of the hash from a legal list's decisions to their indices. */
typedef struct mcts_index {
    fc_decision d;
    int32_t i;
    uint32_t stamp; /* the list it belongs to; older stamps are free slots */
} mcts_index;

/* A decision taken during a playout, for the MAST update. */
typedef struct mcts_step {
    fc_decision d;
    int32_t seat;
} mcts_step;

typedef struct mcts_node {
    int32_t child, sibling; /* first child / next sibling, MCTS_NONE at the end */
    fc_decision d;          /* the decision leading here */
    int32_t seat;           /* who chose d: a seat, or FC_CHANCE */
    uint32_t visits, avail;
    double w; /* summed rewards of `seat` */
} mcts_node;

/* One search tree with its buffers: one per thread, sized for one game, kept across decisions. */
typedef struct mcts_tree {
    size_t state_size;
    int cap;
    unsigned char *work;
    fc_decision *legal;
    uint32_t *weights;
    int32_t wdirty; /* weights[0..wdirty-1] may be non-zero */
    mcts_index *index; /* the legal list's hash: 2 slots per decision or more, a power of 2 */
    uint32_t index_mask, index_bits, stamp;
    int32_t *found; /* per legal decision: its child node or MCTS_NONE */
    unsigned char *scratch; /* policy=eval: the state after one candidate decision */
    mast_slot *mast;        /* policy=mast: MAST_SLOTS per seat, reset at every search */
    mcts_step *trail;       /* policy=mast: the playout's decisions */
    int32_t ntrail, captrail;
    mcts_node *nodes;
    int32_t nnodes, capnodes;
    int32_t *path;
    int32_t npath, cappath;
    mcts_node *spare; /* tree reuse: the kept subtree is copied here, then the pools swap */
    int32_t capspare;
    int reused;       /* this search starts from a kept subtree (node 0 is its root) */
    /* what the last search was about: the hash of (seed, decisions before it), its ply and seat */
    uint64_t last_key;
    size_t last_ply;
    int last_who;
    fc_rng own;   /* the stream of threads after the first */
    fc_rng *rng;  /* the seat's stream (first tree) or &own */
    /* one search's inputs and result, for the thread that runs it */
    const fc_game *g;
    const fc_env *env;
    const void *root;
    int who;
    uint64_t iters;
    double deadline;
    int rc;
} mcts_tree;

typedef struct mcts {
    uint64_t iters, depth, threads, reuse;
    double time, c, eps;
    int policy;
    mcts_tree tree[MCTS_MAX_THREADS];
} mcts;

/* policy= and eps=. MAST is the default (measured stronger at equal CPU time in Marabunta and
 * Termity: docs/metrics.md, "MCTS speed and strength"); legacy=1 keeps uniform playouts. */
static int mcts_policy_init(const fc_agent *a, mcts *t, bool legacy, fc_error *err)
{
    const char *p = fc_agent_opt_get(a, "policy");
    t->policy = legacy ? MCTS_RANDOM : MCTS_MAST;
    t->eps = MCTS_DEFAULT_EPS;
    if (p && strcmp(p, "mast") == 0)
        t->policy = MCTS_MAST;
    else if (p && strcmp(p, "eval") == 0)
        t->policy = MCTS_EVAL;
    else if (p && strcmp(p, "random") == 0)
        t->policy = MCTS_RANDOM;
    else if (p)
        return fc_error_set(err, FC_EPARSE, "agent mcts: policy: '%s' is not random, mast or eval", p);
    if (fc_agent_opt_double(a, "eps", 0, 1, &t->eps, err) < 0)
        return FC_EPARSE;
    if (fc_agent_opt_get(a, "eps") && t->policy == MCTS_RANDOM)
        return fc_error_set(err, FC_EINVAL, "agent mcts: eps applies to policy=mast or policy=eval, not random");
    return 0;
}

int fc_agent_mcts_init(fc_agent *a, fc_error *err)
{
    mcts *t = calloc(1, sizeof *t);
    if (!t)
        return fc_error_set(err, FC_ENOMEM, "out of memory");
    a->impl = t;
    uint64_t legacy = 0;
    t->iters = 0;
    t->c = 0.7;
    t->threads = 1;
    if (fc_agent_opt_u64(a, "legacy", &legacy, err) < 0)
        return FC_EPARSE;
    if (legacy > 1)
        return fc_error_set(err, FC_ERANGE, "agent mcts: legacy: %llu is not 0 or 1", (unsigned long long)legacy);
    t->depth = legacy ? 0 : MCTS_DEFAULT_DEPTH;
    t->reuse = 0; /* measured: no gain at equal iterations in Marabunta (docs/metrics.md) */
    if (fc_agent_opt_u64(a, "seed", &a->seed, err) < 0 || fc_agent_opt_u64(a, "iters", &t->iters, err) < 0 ||
        fc_agent_opt_u64(a, "reuse", &t->reuse, err) < 0 ||
        fc_agent_opt_u64(a, "depth", &t->depth, err) < 0 || fc_agent_opt_u64(a, "threads", &t->threads, err) < 0 ||
        fc_agent_opt_double(a, "time", 0.0001, 86400, &t->time, err) < 0 ||
        fc_agent_opt_double(a, "c", 0, 100, &t->c, err) < 0)
        return FC_EPARSE;
    if (fc_agent_opt_get(a, "iters") && (t->iters < 1 || t->iters > 100000000))
        return fc_error_set(err, FC_ERANGE, "agent mcts: iters: %llu is out of range 1..100000000",
                            (unsigned long long)t->iters);
    if (t->reuse > 1)
        return fc_error_set(err, FC_ERANGE, "agent mcts: reuse: %llu is not 0 or 1", (unsigned long long)t->reuse);
    if (t->threads < 1 || t->threads > MCTS_MAX_THREADS)
        return fc_error_set(err, FC_ERANGE, "agent mcts: threads: %llu is out of range 1..%d",
                            (unsigned long long)t->threads, MCTS_MAX_THREADS);
    if (legacy && t->threads > 1)
        return fc_error_set(err, FC_EINVAL, "agent mcts: legacy=1 searches on one thread (threads=%llu given)",
                            (unsigned long long)t->threads);
    if (!t->iters && !t->time)
        t->iters = 1000;
    return mcts_policy_init(a, t, legacy != 0, err);
}

static void mcts_release_buffers(mcts_tree *t)
{
    free(t->work);
    free(t->legal);
    free(t->weights);
    free(t->found);
    free(t->scratch);
    free(t->index);
    t->index = NULL;
    t->work = NULL;
    t->legal = NULL;
    t->weights = NULL;
    t->found = NULL;
    t->scratch = NULL;
    t->state_size = 0;
    t->cap = 0;
}

void fc_agent_mcts_done(fc_agent *a)
{
    mcts *t = a->impl;
    if (!t)
        return;
    for (int k = 0; k < MCTS_MAX_THREADS; k++) {
        mcts_release_buffers(&t->tree[k]);
        free(t->tree[k].nodes);
        free(t->tree[k].spare);
        free(t->tree[k].path);
        free(t->tree[k].mast);
        free(t->tree[k].trail);
    }
    free(t);
}

static int mcts_buffers(mcts_tree *t, const fc_game *g, int policy)
{
    if (policy == MCTS_MAST && !t->mast && !(t->mast = malloc((size_t)FC_MAX_SEATS * MAST_SLOTS * sizeof *t->mast)))
        return FC_ENOMEM;
    if (t->work && t->state_size == g->state_size && t->cap == g->max_decisions)
        return 0;
    mcts_release_buffers(t);
    size_t n = (size_t)g->max_decisions;
    t->work = malloc(g->state_size ? g->state_size : 1);
    t->scratch = malloc(g->state_size ? g->state_size : 1);
    t->legal = malloc(n * sizeof *t->legal);
    t->weights = calloc(n ? n : 1, sizeof *t->weights);
    t->wdirty = 0;
    t->found = malloc(n * sizeof *t->found);
    for (t->index_bits = 4; (1u << t->index_bits) < 2 * n && t->index_bits < 30; t->index_bits++)
        ;
    t->index_mask = (1u << t->index_bits) - 1;
    t->index = calloc((size_t)t->index_mask + 1, sizeof *t->index);
    t->stamp = 0;
    if (!t->work || !t->scratch || !t->legal || !t->weights || !t->found || !t->index) {
        mcts_release_buffers(t);
        return FC_ENOMEM;
    }
    t->state_size = g->state_size;
    t->cap = g->max_decisions;
    return 0;
}
/* A new node, or MCTS_NONE when the pool is full (or cannot grow). */
static int32_t mcts_node_new(mcts_tree *t, int32_t parent, fc_decision d, int seat)
{
    if (t->nnodes == t->capnodes) {
        if (t->capnodes >= MCTS_MAX_NODES)
            return MCTS_NONE;
        int32_t cap = t->capnodes ? t->capnodes * 2 : 1024;
        mcts_node *v = realloc(t->nodes, (size_t)cap * sizeof *v);
        if (!v)
            return MCTS_NONE;
        t->nodes = v;
        t->capnodes = cap;
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
    if (parent != MCTS_NONE) {
        n->sibling = t->nodes[parent].child;
        t->nodes[parent].child = i;
    }
    return i;
}

static int mcts_path_push(mcts_tree *t, int32_t node)
{
    if (t->npath == t->cappath) {
        int32_t cap = t->cappath ? t->cappath * 2 : 256;
        int32_t *v = realloc(t->path, (size_t)cap * sizeof *v);
        if (!v)
            return FC_ENOMEM;
        t->path = v;
        t->cappath = cap;
    }
    t->path[t->npath++] = node;
    return 0;
}

/* Legal decisions of t->work (with weights at a chance point, unset ones 0). Only the entries
 * a previous call may have written are cleared, not the whole buffer (measured: clearing
 * max_decisions weights at every chance point was up to 13% of a search). */
static int mcts_legal(mcts_tree *t, const fc_game *g, const fc_env *env, bool chance)
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
    int n = mcts_legal(t, g, env, chance);
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

/* Selection and expansion on t->work from the root; fills the path. Returns 1 when it ended
 * at a finished game in the tree, 0 otherwise (an expansion that ends the game is scored by
 * the playout's first step), negative on error. */
static int mcts_descend(mcts_tree *t, const fc_game *g, const fc_env *env, fc_rng *rng, double cexp)
{
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
            int32_t c = t->found[i] != MCTS_NONE ? t->found[i] : mcts_node_new(t, node, t->legal[i], FC_CHANCE);
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
        if (untried) {
            int k = (int)fc_rng_below(rng, (uint32_t)untried), i = 0;
            for (;; i++)
                if (t->found[i] == MCTS_NONE && k-- == 0)
                    break;
            int32_t c = mcts_node_new(t, node, t->legal[i], who);
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

/* ---- tree reuse ----
 * The decisions played since this tree's last search (its own choice, then others' decisions
 * and chance outcomes) lead from its root to a node whose subtree already holds statistics
 * for the position now: that subtree becomes the new tree. Only decisions the searching seat
 * saw may be followed (a hidden choice or a private draw ends reuse), so the kept statistics
 * never depend on hidden information; the last search is recognised by a hash of the match's
 * seed and the decisions before it, so an undo, another match or another seat starts afresh. */

static uint64_t mcts_history_key(const fc_match *m, size_t ply)
{
    uint64_t k = fc_match_seed(m) ^ 0x9e3779b97f4a7c15u;
    for (size_t i = 0; i < ply; i++) {
        const fc_history_entry *e = fc_match_history(m, i);
        k = (k ^ (uint64_t)e->decision ^ ((uint64_t)(uint32_t)e->seat << 32)) * 0xbf58476d1ce4e5b9u;
        k ^= k >> 29;
    }
    return k;
}

/* The child of node for decision d chosen by seat (FC_CHANCE for an outcome), or MCTS_NONE. */
static int32_t mcts_child(const mcts_tree *t, int32_t node, fc_decision d, int seat)
{
    for (int32_t c = t->nodes[node].child; c != MCTS_NONE; c = t->nodes[c].sibling)
        if (t->nodes[c].d == d && t->nodes[c].seat == seat)
            return c;
    return MCTS_NONE;
}

/* Copies the subtree under `root` to the front of the spare pool (breadth first, the order of
 * each sibling list kept) and swaps the pools. A copied node's `child` still holds its old
 * first child until the node is processed. */
static int mcts_keep_subtree(mcts_tree *t, int32_t root)
{
    if (t->capspare < t->nnodes) {
        mcts_node *v = realloc(t->spare, (size_t)t->nnodes * sizeof *v);
        if (!v)
            return FC_ENOMEM;
        t->spare = v;
        t->capspare = t->nnodes;
    }
    mcts_node *out = t->spare;
    int32_t n = 1;
    out[0] = t->nodes[root];
    out[0].sibling = MCTS_NONE;
    for (int32_t head = 0; head < n; head++) {
        int32_t c = out[head].child, prev = MCTS_NONE;
        out[head].child = MCTS_NONE;
        for (; c != MCTS_NONE; c = t->nodes[c].sibling) {
            out[n] = t->nodes[c];
            out[n].sibling = MCTS_NONE;
            if (prev == MCTS_NONE)
                out[head].child = n;
            else
                out[prev].sibling = n;
            prev = n++;
        }
    }
    mcts_node *old = t->nodes;
    int32_t oldcap = t->capnodes;
    t->nodes = out;
    t->capnodes = t->capspare;
    t->spare = old;
    t->capspare = oldcap;
    t->nnodes = n;
    return 0;
}

/* Prepares tree t for a search of seat `who` at the match's current ply: keeps the subtree of
 * the decisions since its last search when it can (t->reused), else starts a new tree. */
static int mcts_reuse(mcts_tree *t, const fc_match *m, int who, bool allow)
{
    size_t ply = fc_match_ply(m);
    t->reused = 0;
    if (!allow || t->nnodes == 0 || t->last_who != who || t->last_ply >= ply ||
        mcts_history_key(m, t->last_ply) != t->last_key)
        return 0;
    int32_t node = 0;
    for (size_t i = t->last_ply; i < ply && node != MCTS_NONE; i++) {
        const fc_history_entry *e = fc_match_history(m, i);
        if (!(e->audience >> who & 1u))
            return 0; /* a decision this seat did not see */
        node = mcts_child(t, node, e->decision, e->seat == FC_CHANCE ? FC_CHANCE : e->seat);
    }
    if (node == MCTS_NONE || t->nodes[node].child == MCTS_NONE)
        return 0;
    if (mcts_keep_subtree(t, node) != 0)
        return FC_ENOMEM;
    t->nodes[0].seat = who;
    t->reused = 1;
    return 0;
}

/* ---- playout policies ---- */

/* The slot of decision d in one seat's MAST table: its own, a free one (n == 0), or NULL when
 * neither is within MAST_PROBES slots. */
static mast_slot *mast_find(mast_slot *tab, fc_decision d)
{
    uint32_t h = (uint32_t)(d * 0x9e3779b1u) >> (32 - MAST_BITS);
    for (int k = 0; k < MAST_PROBES; k++) {
        mast_slot *s = &tab[(h + (uint32_t)k) & (MAST_SLOTS - 1)];
        if (s->n == 0 || s->d == d)
            return s;
    }
    return NULL;
}

static void mast_add(mast_slot *tab, fc_decision d, double reward)
{
    mast_slot *s = mast_find(tab, d);
    if (!s)
        return;
    if (s->n == 0) {
        s->d = d;
        s->w = 0;
    }
    s->n++;
    s->w += reward;
}

/* Credits every decision of the iteration (tree path, then playout) to its seat's table. */
static void mast_update(mcts_tree *t, int nseats, const double *reward)
{
    for (int32_t k = 1; k < t->npath; k++) {
        const mcts_node *nd = &t->nodes[t->path[k]];
        if (nd->seat >= 0 && nd->seat < nseats)
            mast_add(t->mast + (size_t)nd->seat * MAST_SLOTS, nd->d, reward[nd->seat]);
    }
    for (int32_t k = 0; k < t->ntrail; k++)
        mast_add(t->mast + (size_t)t->trail[k].seat * MAST_SLOTS, t->trail[k].d, reward[t->trail[k].seat]);
}

static int mcts_trail_push(mcts_tree *t, fc_decision d, int seat)
{
    if (t->ntrail == t->captrail) {
        int32_t cap = t->captrail ? t->captrail * 2 : 256;
        mcts_step *v = realloc(t->trail, (size_t)cap * sizeof *v);
        if (!v)
            return FC_ENOMEM;
        t->trail = v;
        t->captrail = cap;
    }
    t->trail[t->ntrail++] = (mcts_step){d, seat};
    return 0;
}

/* Value for seat `who` of t->work after legal[i] (policy=eval), or a negative error. */
static double mcts_after(mcts_tree *t, const fc_game *g, const fc_env *env, int i, int who)
{
    double r[FC_MAX_SEATS];
    memcpy(t->scratch, t->work, t->state_size);
    if (g->apply(t->scratch, env, t->legal[i]) != 0)
        return FC_EILLEGAL;
    fc_agent_rewards(g, t->scratch, env, g->to_move(t->scratch, env) == FC_NOBODY, r);
    return r[who];
}

/* Index of the playout decision of seat who among t->legal[0..n-1]: with probability eps (or
 * always under policy=random) uniform, else the best by the policy's value (MAST mean, unseen
 * codes 1; or the evaluation after the decision), ties uniform. Negative on error. */
static int mcts_pick(mcts_tree *t, const fc_game *g, const fc_env *env, fc_rng *rng, int policy, double eps,
                     int who, int n)
{
    if (policy == MCTS_RANDOM || fc_rng_unit(rng) < eps)
        return (int)fc_rng_below(rng, (uint32_t)n);
    mast_slot *tab = t->mast + (size_t)who * MAST_SLOTS;
    int best = 0, ties = 0;
    double best_v = -1;
    for (int i = 0; i < n; i++) {
        double v;
        if (policy == MCTS_MAST) {
            const mast_slot *s = mast_find(tab, t->legal[i]);
            v = s && s->n ? s->w / s->n : 1.0;
        } else if ((v = mcts_after(t, g, env, i, who)) < 0)
            return (int)v;
        if (v > best_v) {
            best = i;
            best_v = v;
            ties = 1;
        } else if (v == best_v && fc_rng_below(rng, (uint32_t)++ties) == 0)
            best = i;
    }
    return best;
}

/* Playout from t->work under the policy; writes every seat's reward. */
static int mcts_playout(mcts_tree *t, const fc_game *g, const fc_env *env, fc_rng *rng, const mcts *cfg,
                        double *reward)
{
    uint64_t depth = cfg->depth;
    long limit = depth && depth < (uint64_t)MCTS_MAX_PLAYOUT ? (long)depth : MCTS_MAX_PLAYOUT;
    t->ntrail = 0;
    for (long steps = 0;; steps++) {
        int who = g->to_move(t->work, env);
        if (who == FC_NOBODY) {
            fc_agent_rewards(g, t->work, env, 1, reward);
            return 0;
        }
        if (steps == limit) {
            fc_agent_rewards(g, t->work, env, 0, reward);
            return 0;
        }
        int n;
        int i;
        if (who == FC_CHANCE) {
            n = mcts_legal(t, g, env, true);
            i = n > 0 ? fc_rng_weighted(rng, t->weights, n) : FC_ESTATE;
            if (i == -1) /* no weights: uniform */
                i = (int)fc_rng_below(rng, (uint32_t)n);
        } else {
            n = mcts_legal(t, g, env, false);
            i = n > 0 ? mcts_pick(t, g, env, rng, cfg->policy, cfg->eps, who, n) : FC_ESTATE;
            if (i >= 0 && cfg->policy == MCTS_MAST && who < env->nseats && mcts_trail_push(t, t->legal[i], who) != 0)
                return FC_ENOMEM;
        }
        if (i < 0)
            return i;
        if (g->apply(t->work, env, t->legal[i]) != 0)
            return FC_EILLEGAL;
    }
}

static double mcts_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* t->iters iterations (0: until t->deadline) from t->root; sets t->rc. */
static void mcts_search(mcts_tree *t, const mcts *cfg)
{
    const fc_game *g = t->g;
    const fc_env *env = t->env;
    double reward[FC_MAX_SEATS];
    t->rc = 0;
    if (cfg->policy == MCTS_MAST)
        memset(t->mast, 0, (size_t)env->nseats * MAST_SLOTS * sizeof *t->mast);
    t->ntrail = 0;
    if (!t->reused) {
        t->nnodes = 0;
        if (mcts_node_new(t, MCTS_NONE, 0, t->who) == MCTS_NONE) {
            t->rc = FC_ENOMEM;
            return;
        }
    }
    for (uint64_t it = 0; !t->iters || it < t->iters; it++) {
        if (t->deadline && it % MCTS_CLOCK_EVERY == 0 && it > 0 && mcts_now() >= t->deadline)
            break;
        memcpy(t->work, t->root, t->state_size);
        if (g->determinize)
            g->determinize(t->work, env, t->who, t->rng);
        int end = mcts_descend(t, g, env, t->rng, cfg->c);
        if (end < 0) {
            t->rc = end;
            return;
        }
        if (end == 1) {
            t->ntrail = 0;
            fc_agent_rewards(g, t->work, env, 1, reward);
        } else if ((t->rc = mcts_playout(t, g, env, t->rng, cfg, reward)) != 0)
            return;
        if (cfg->policy == MCTS_MAST)
            mast_update(t, env->nseats, reward);
        for (int32_t k = t->npath - 1; k >= 0; k--) {
            mcts_node *nd = &t->nodes[t->path[k]];
            nd->visits++;
            if (nd->seat >= 0 && nd->seat < env->nseats)
                nd->w += reward[nd->seat];
        }
    }
}

typedef struct mcts_job {
    mcts_tree *tree;
    const mcts *cfg;
} mcts_job;

static void *mcts_thread(void *arg)
{
    mcts_job *j = arg;
    mcts_search(j->tree, j->cfg);
    return NULL;
}

/* Runs trees 0..n-1 (0 on this thread); an error of any tree is the result. */
static int mcts_run(mcts *t, int n)
{
    pthread_t th[MCTS_MAX_THREADS];
    mcts_job job[MCTS_MAX_THREADS];
    int started = 1;
    for (int k = 0; k < n; k++)
        job[k] = (mcts_job){&t->tree[k], t};
    for (int k = 1; k < n; k++, started++)
        if (pthread_create(&th[k], NULL, mcts_thread, &job[k]) != 0)
            break;
    for (int k = started; k < n; k++) /* no thread to spare: run it here, same result */
        mcts_search(&t->tree[k], t);
    mcts_search(&t->tree[0], t);
    for (int k = 1; k < started; k++)
        pthread_join(th[k], NULL);
    for (int k = 0; k < n; k++)
        if (t->tree[k].rc != 0)
            return t->tree[k].rc;
    return 0;
}

/* Visits and summed reward of decision d at the roots of trees 0..n-1. */
static void mcts_root_stats(const mcts *t, int n, fc_decision d, uint64_t *visits, double *w)
{
    *visits = 0;
    *w = 0;
    for (int k = 0; k < n; k++) {
        const mcts_tree *r = &t->tree[k];
        for (int32_t c = r->nnodes ? r->nodes[0].child : MCTS_NONE; c != MCTS_NONE; c = r->nodes[c].sibling)
            if (r->nodes[c].d == d) {
                *visits += r->nodes[c].visits;
                *w += r->nodes[c].w;
                break;
            }
    }
}

int fc_agent_mcts_choose(fc_agent *a, fc_match *m, fc_decision *out, fc_error *err)
{
    int who = fc_match_to_move(m);
    if (who == FC_CHANCE)
        return fc_agent_chance(a, m, out, err);
    mcts *t = a->impl;
    const fc_game *g = fc_match_game(m);
    const fc_env *env = fc_match_search_env(m);
    const fc_decision *legal = NULL;
    int n = fc_match_legal(m, &legal, NULL);
    if (n <= 0 || !legal)
        return fc_error_set(err, FC_ESTATE, "agent mcts: no legal decision");
    if (n == 1) {
        *out = legal[0];
        return 0;
    }
    /* hooks run in the match's one Lua state: no second thread may call them */
    int nt = env->hooks ? 1 : (int)t->threads;
    fc_rng *rng = fc_agent_rng(a, who);
    double deadline = t->time > 0 ? mcts_now() + t->time : 0;
    for (int k = 0; k < nt; k++) {
        mcts_tree *r = &t->tree[k];
        if (mcts_buffers(r, g, t->policy) != 0)
            return fc_error_set(err, FC_ENOMEM, "out of memory");
        if (k == 0)
            r->rng = rng;
        else {
            fc_rng_seed(&r->own, fc_rng_next(rng), (uint64_t)k);
            r->rng = &r->own;
        }
        if (mcts_reuse(r, m, who, t->reuse != 0) != 0)
            return fc_error_set(err, FC_ENOMEM, "out of memory");
        r->last_key = mcts_history_key(m, fc_match_ply(m));
        r->last_ply = fc_match_ply(m);
        r->last_who = who;
        r->g = g;
        r->env = env;
        r->root = fc_match_state(m);
        r->who = who;
        r->iters = t->iters ? t->iters / (uint64_t)nt + ((uint64_t)k < t->iters % (uint64_t)nt) : 0;
        if (t->iters && !r->iters)
            r->iters = 1;
        r->deadline = deadline;
    }
    int rc = mcts_run(t, nt);
    fc_agent_search_done(env);
    if (rc != 0)
        return fc_error_set(err, rc, "agent mcts: the game failed during search (%s)", fc_error_name(rc));
    /* the most visited root child among the real legal decisions; ties by mean, then order */
    int best = 0;
    uint64_t best_v = 0;
    double best_mean = -1;
    for (int i = 0; i < n; i++) {
        uint64_t v;
        double w;
        mcts_root_stats(t, nt, legal[i], &v, &w);
        double mean = v ? w / (double)v : 0;
        if (v > best_v || (v == best_v && mean > best_mean)) {
            best = i;
            best_v = v;
            best_mean = mean;
        }
    }
    *out = legal[best];
    return 0;
}
