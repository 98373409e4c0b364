/* Private interface of the alpha-beta agent, shared by its parts:
 *   agent_ab.c   options, refusals, lazy-SMP threads, the final choice and its statistics
 *   ab_tt.c      the transposition table (shared by the threads, lock-free)
 *   ab_search.c  negamax with PVS, move ordering, iterative deepening with aspiration windows
 * The method is described at the top of agent_ab.c. */
#ifndef FC_AB_H
#define FC_AB_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <time.h>

#include "agent_impl.h"

#define AB_MAX_PLY 64        /* search depth bound (depth= is 1..AB_MAX_PLY - 4) */
/* quiesce= default: two plies of the game's noisy decisions won 0.715 (0.620-0.794) of 100 Hive
 * games against none at equal CPU (docs/search.md, "Quiescence") */
#define AB_DEFAULT_QUIESCE 2
/* soft= default: no new depth starts once this share of time= is spent */
#define AB_DEFAULT_SOFT 0.5
/* rfp= and rfpmargin= defaults: reverse futility pruning at depths 1-2 with 200 a ply won 0.675
 * of 200 Hive games against none at equal CPU (docs/search.md, "Forward pruning") */
#define AB_DEFAULT_RFP 2
#define AB_DEFAULT_RFP_MARGIN 200
#define AB_MAX_RFP 8        /* rfp= bound (the depth up to which reverse futility pruning acts) */
#define AB_MAX_QUIESCE 16    /* quiesce= bound (plies past the depth; the stacks still end at AB_MAX_PLY) */
#define AB_MAX_THREADS 16
#define AB_INF 32000
#define AB_WIN 30000         /* a won game at ply p scores AB_WIN - p */
#define AB_WIN_BOUND (AB_WIN - AB_MAX_PLY)
#define AB_EVAL_SCALE 10000  /* the game's evaluation in [0, 1] maps to -SCALE..SCALE */
#define AB_HISTORY_BITS 14   /* history table: 16384 slots per seat, indexed by the decision code */
#define AB_CLOCK_EVERY 1024  /* nodes between clock readings */
#define AB_DEFAULT_HASH_MB 32
#define AB_MAX_HASH_MB 4096

/* Transposition table entry: the key XOR the data word, so a torn write by another thread
 * reads as a miss (Hyatt and Mann's lock-less hashing). */
typedef struct ab_entry {
    _Atomic uint64_t check; /* key ^ data */
    _Atomic uint64_t data;  /* move 32 bits, score 16, depth 7, has-move 1, bound 2, generation 6 */
} ab_entry;

enum { AB_BOUND_NONE, AB_BOUND_UPPER, AB_BOUND_LOWER, AB_BOUND_EXACT };

typedef struct ab_tt {
    ab_entry *e;
    uint64_t mask; /* entries - 1 (a power of two) */
    uint8_t gen;
} ab_tt;

typedef struct ab_probe {
    bool has_move;
    fc_decision move;
    int score, depth, bound;
} ab_probe;

/* ab_tt.c */
int fc_ab_tt_resize(ab_tt *t, uint64_t mb, fc_error *err);
void fc_ab_tt_free(ab_tt *t);
void fc_ab_tt_clear(ab_tt *t);
bool fc_ab_tt_probe(const ab_tt *t, uint64_t key, ab_probe *out);
void fc_ab_tt_store(ab_tt *t, uint64_t key, bool has_move, fc_decision move, int score, int depth, int bound);
/* Mate scores are stored relative to the node, read relative to the root. */
static inline int fc_ab_score_to_tt(int s, int ply) { return s > AB_WIN_BOUND ? s + ply : s < -AB_WIN_BOUND ? s - ply : s; }
static inline int fc_ab_score_from_tt(int s, int ply) { return s > AB_WIN_BOUND ? s - ply : s < -AB_WIN_BOUND ? s + ply : s; }

/* One searcher: its stacks and ordering tables (one per thread). */
typedef struct ab_worker {
    struct ab *cfg;
    int id;
    unsigned char *states;   /* (AB_MAX_PLY + 1) states */
    fc_decision *moves;      /* AB_MAX_PLY lists of max_decisions */
    int32_t *order;          /* AB_MAX_PLY lists of ordering scores */
    uint64_t keys[AB_MAX_PLY + 1]; /* the game's hash of each ply's state (when it has one) */
    fc_decision killer[AB_MAX_PLY][2];
    int32_t history[2][1 << AB_HISTORY_BITS];
    uint64_t nodes;
    /* statistics for bench: nodes with a cut-off, and of those cut by the first move */
    uint64_t cuts, first_cuts;
    fc_decision best;        /* of the last completed iteration */
    int best_score, depth_done;
    fc_decision pv_root;     /* best root move of the iteration under way, once found */
    pthread_t th;
} ab_worker;

typedef struct ab {
    /* options */
    uint64_t depth, threads, hash_mb, lmr;
    uint64_t quiesce; /* plies of quiescence past the depth (the game's noisy decisions only) */
    double time;
    double soft;    /* share of time= after which no new depth starts */
    bool cpu_clock; /* clock=cpu: the budget runs on worker 0's CPU clock */
    double blunder; /* share of decisions played at random (weaker tiers) */
    uint64_t rfp, rfp_margin; /* reverse futility pruning up to depth rfp (0: off), margin a ply of depth */
    /* one search's inputs */
    const fc_game *g;
    const fc_env *env;
    fc_agent_eval ev; /* the game's evaluation or the agent's weights */
    fc_state_hash_fn hash;
    fc_apply_legal_fn apply_legal;
    fc_noisy_fn noisy; /* NULL: no quiescence (quiesce=0 or the game has no noisy()) */
    const void *root;
    int root_seat;
    /* the root's decisions as the match lists them: fewer than the game's when the agent is
     * restricted from some kinds (agent key restrict=), and then searched alone at the root */
    const fc_decision *root_legal;
    int nroot_legal;
    double deadline; /* 0: none */
    _Atomic bool stop;
    _Atomic int failure; /* an error found during search (FC_ECHANCE-like), reported once */
    char failure_msg[160];
    ab_tt tt;
    size_t state_size;
    int cap; /* max_decisions the buffers were sized for */
    ab_worker w[AB_MAX_THREADS];
    int nworkers; /* with buffers */
    /* statistics of the last search */
    fc_agent_search_stats stats;
} ab;

/* ab_search.c */
/* Iterative deepening from cfg->root on worker w to cfg->depth (or until stopped). */
void fc_ab_iterate(ab_worker *w);
/* Sizes worker w's buffers for the current game. */
int fc_ab_worker_buffers(ab_worker *w, const ab *cfg, fc_error *err);
void fc_ab_worker_free(ab_worker *w);

static inline double fc_ab_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

#endif
