/* Private interface of the MCTS agent, shared by its parts:
 *   agent_mcts.c   options, the worker threads of root parallelism, the final choice
 *   mcts_tree.c    buffers, nodes, legal lists matched to children, selection and expansion
 *   mcts_reuse.c   keeping the subtree of the decisions seen since the last search
 *   mcts_search.c  playout policies (uniform, MAST, one-step evaluation) and the iteration loop
 * The method is described at the top of agent_mcts.c. */
#ifndef FC_MCTS_H
#define FC_MCTS_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <time.h>

#include "agent_impl.h"

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

/* Tree priors (prior=): none, or the evaluation of each child after its decision, computed
 * when the child is opened (every legal child of a node at once) and used by progressive bias
 * (eval) or by a PUCT selection over their softmax (puct). */
enum { MCTS_PRIOR_NONE, MCTS_PRIOR_EVAL, MCTS_PRIOR_PUCT };

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
    double w;    /* summed rewards of `seat` */
    double prior; /* prior=eval: the value for `seat` of the state after d; else 0 */
} mcts_node;

/* One search tree with its buffers: one per thread, sized for one game, kept across decisions. */
/* Trees searched on different threads share no cache line: the tree structs and every buffer
 * a search writes are aligned to MCTS_LINE (measured: without it, two threads gave 1.6x the
 * iterations of one in Termity and Marabunta, where two processes give 1.9x). */
#define MCTS_LINE 64

typedef struct mcts_tree {
    _Alignas(MCTS_LINE) size_t state_size;
    int cap;
    unsigned char *work;
    fc_decision *legal;
    uint32_t *weights;
    int32_t wdirty; /* weights[0..wdirty-1] may be non-zero */
    mcts_index *index; /* the legal list's hash: 2 slots per decision or more, a power of 2 */
    uint32_t index_mask, index_bits, stamp;
    int32_t *found; /* per legal decision: its child node or MCTS_NONE */
    double *soft;   /* prior=puct: per legal decision, its child's softmax weight in one selection */
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
    double budget; /* seconds on the chosen clock from this tree's start (0: none) */
    bool cpu_clock;
    int rc;
    /* what the search spent: iterations run, and seconds on the chosen clock */
    uint64_t done;
    double spent;
} mcts_tree;

/* Worker threads for root parallelism, started at the first threaded search and kept until
 * the agent is freed. Worker k runs tree k whenever `round` changes; `busy` counts workers
 * still searching. Both sides spin for up to MCTS_SPIN_NS before sleeping on a condition:
 * waking a sleeping thread costs tens of microseconds on a virtual machine, a share of a 2 ms
 * search (measured in docs/metrics.md, "MCTS speed and strength"). */
#ifndef MCTS_SPIN_NS
#define MCTS_SPIN_NS 200000 /* -DMCTS_SPIN_NS=0 for measurements without spinning */
#endif

struct mcts;
typedef struct mcts_worker {
    struct mcts *cfg;
    int k;         /* the tree it searches */
    uint64_t seen; /* the last round it saw */
} mcts_worker;

typedef struct mcts_pool {
    pthread_mutex_t mu;
    pthread_cond_t go, done;
    pthread_t th[MCTS_MAX_THREADS];
    mcts_worker worker[MCTS_MAX_THREADS];
    int nworkers; /* started: trees 1..nworkers have a thread */
    _Atomic int busy;
    _Atomic uint64_t round;
    _Atomic bool quit;
    bool ready; /* mu and the conditions are initialised */
} mcts_pool;

typedef struct mcts {
    uint64_t iters, depth, threads, reuse;
    double time, c, eps;
    double pb;   /* prior=eval: weight of the progressive bias pb * prior / (visits + 1); puct: c_puct */
    double temp; /* prior=puct: temperature of the softmax over the children's priors */
    bool cpu_clock; /* clock=cpu */
    int policy, prior;
    /* stop=S: a search ends once the most visited root child leads the next by more than S
     * times the iterations left (S = 1: the choice can no longer change); 0 off */
    double stop;
    /* bank=X: the budget (iterations or seconds) a seat's searches leave unspent is kept, and
     * a search may add up to X budgets of it to its own; 0 off. Per seat, for one match. */
    double bank_max;
    double bank[FC_MAX_SEATS];
    uint64_t bank_seed[FC_MAX_SEATS];
    size_t bank_ply[FC_MAX_SEATS];
    fc_agent_eval ev; /* the evaluation of the current search (read by every tree) */
    mcts_tree tree[MCTS_MAX_THREADS];
    mcts_pool pool;
} mcts;

/* mcts_tree.c */
/* Sizes tree t's buffers for game g (kept while the game's sizes stay the same). */
int fc_mcts_buffers(mcts_tree *t, const fc_game *g, int policy);
void fc_mcts_tree_free(mcts_tree *t);
/* The growing array of `size`-byte entries with its capacity doubled (`first` entries at
 * first), *cap updated; NULL (array and *cap unchanged) when memory is short. */
void *fc_mcts_grow(void *array, int32_t *cap, size_t size, int32_t first);
/* A new node under parent (MCTS_NONE: the root), or MCTS_NONE when the pool is full. */
int32_t fc_mcts_node_new(mcts_tree *t, int32_t parent, fc_decision d, int seat);
/* Legal decisions of t->work into t->legal (with weights at a chance point). */
int fc_mcts_legal(mcts_tree *t, const fc_game *g, const fc_env *env, bool chance);
/* Selection and expansion on t->work from the root; fills t->path. 1 when it ended at a
 * finished game in the tree, 0 otherwise, negative on error. */
int fc_mcts_descend(mcts_tree *t, const struct mcts *cfg, fc_rng *rng);
/* Value for seat who of t->work after t->legal[i] (the state left in t->scratch): the
 * evaluation, or the terminal share when it ends the game; negative on error. */
double fc_mcts_after(mcts_tree *t, const fc_game *g, const fc_agent_eval *ev, const fc_env *env, int i, int who);

/* mcts_reuse.c */
/* Hash of the match's seed and its first `ply` decisions: what a search was about. */
uint64_t fc_mcts_history_key(const fc_match *m, size_t ply);
/* Prepares t for a search of seat `who` now: keeps the subtree of the decisions since its last
 * search when allowed and possible (t->reused), else leaves a new tree to be started. */
int fc_mcts_reuse(mcts_tree *t, const fc_match *m, int who, bool allow);

/* mcts_search.c */
/* t->iters iterations (0: until t->budget is spent) from t->root; sets t->rc. */
void fc_mcts_search(mcts_tree *t, const mcts *cfg);

static inline double fc_mcts_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

#endif
