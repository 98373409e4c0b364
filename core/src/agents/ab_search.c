/* The alpha-beta search proper: negamax over copies of the state (one per ply, memcpy of
 * state_size, then apply_legal), principal-variation search with null windows, late move
 * reductions, reverse futility pruning, and iterative deepening from the root with aspiration
 * windows.
 *
 * Values are from the view of the seat to move at a node: the game's evaluation in [0, 1]
 * scaled to -AB_EVAL_SCALE..AB_EVAL_SCALE, a finished game AB_WIN - ply for a win (sooner is
 * better), 0 for a draw. A game whose seat moves twice in a row is searched without negating
 * across that step. Decisions are tried in this order: the transposition table's move, the two
 * killers of the ply (moves that cut off in a sibling), then by the history heuristic (how
 * often and how deep each decision code cut off before), ties in the game's own order, so a
 * search to a fixed depth on one thread depends on nothing but the position and the options. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ab.h"

/* ab_play's answer when the game refused a decision its own legal() listed (a plugin bug). */
#define AB_REFUSED (FC_CHANCE - 100)

/* ---- buffers ---- */

int fc_ab_worker_buffers(ab_worker *w, const ab *cfg, fc_error *err)
{
    fc_ab_worker_free(w);
    w->states = malloc((size_t)(AB_MAX_PLY + 1) * cfg->state_size);
    w->moves = malloc((size_t)AB_MAX_PLY * (size_t)cfg->cap * sizeof *w->moves);
    w->order = malloc((size_t)AB_MAX_PLY * (size_t)cfg->cap * sizeof *w->order);
    if (!w->states || !w->moves || !w->order) {
        fc_ab_worker_free(w);
        return fc_error_set(err, FC_ENOMEM, "agent ab: out of memory for the search stacks");
    }
    return 0;
}

void fc_ab_worker_free(ab_worker *w)
{
    free(w->states);
    free(w->moves);
    free(w->order);
    w->states = NULL;
    w->moves = NULL;
    w->order = NULL;
}

/* ---- values ---- */

static void ab_fail(ab *cfg, const char *msg)
{
    int expected = 0;
    if (atomic_compare_exchange_strong(&cfg->failure, &expected, 1))
        snprintf(cfg->failure_msg, sizeof cfg->failure_msg, "%s", msg);
    atomic_store(&cfg->stop, true);
}

/* A finished game for `seat`, ply plies below the root. */
static int ab_terminal(const ab *cfg, const void *st, int seat, int ply)
{
    int32_t score[FC_MAX_SEATS] = {0};
    int rank[FC_MAX_SEATS] = {0};
    cfg->g->scores(st, cfg->env, score, rank);
    int other = 1 - seat;
    if (rank[seat] == rank[other])
        return 0;
    return rank[seat] < rank[other] ? AB_WIN - ply : -(AB_WIN - ply);
}

static int ab_eval(const ab *cfg, const void *st, int seat)
{
    double r[FC_MAX_SEATS];
    fc_agent_rewards(cfg->g, &cfg->ev, st, cfg->env, 0, r);
    double v = r[seat] < 0 ? 0 : r[seat] > 1 ? 1 : r[seat];
    return (int)((v - 0.5) * 2 * AB_EVAL_SCALE);
}

/* ---- ordering ---- */

static inline int32_t *history_of(ab_worker *w, int seat, fc_decision d)
{
    uint32_t h = (d ^ (d >> 15) ^ (d >> 23)) & ((1u << AB_HISTORY_BITS) - 1);
    return &w->history[seat & 1][h];
}

/* Scores moves[0..n-1] and sorts them best first (insertion sort: stable, and fast on lists
 * whose scores are mostly equal). */
static void ab_order(ab_worker *w, int ply, int seat, fc_decision *mv, int n, bool has_tt, fc_decision tt_move)
{
    int32_t *sc = w->order + (size_t)ply * (size_t)w->cfg->cap;
    for (int i = 0; i < n; i++) {
        fc_decision d = mv[i];
        sc[i] = has_tt && d == tt_move ? 1 << 30
                : d == w->killer[ply][0] ? (1 << 29) + 1
                : d == w->killer[ply][1] ? 1 << 29
                                         : *history_of(w, seat, d);
    }
    for (int i = 1; i < n; i++) {
        fc_decision d = mv[i];
        int32_t s = sc[i];
        int j = i - 1;
        while (j >= 0 && sc[j] < s) {
            sc[j + 1] = sc[j];
            mv[j + 1] = mv[j];
            j--;
        }
        sc[j + 1] = s;
        mv[j + 1] = d;
    }
}

static void ab_reward_cut(ab_worker *w, int ply, int seat, fc_decision d, int depth)
{
    if (w->killer[ply][0] != d) {
        w->killer[ply][1] = w->killer[ply][0];
        w->killer[ply][0] = d;
    }
    int32_t *h = history_of(w, seat, d);
    *h += depth * depth;
    if (*h > (1 << 28)) /* keep below the killers' and the hash move's scores */
        for (int s = 0; s < 2; s++)
            for (int i = 0; i < (1 << AB_HISTORY_BITS); i++)
                w->history[s][i] /= 2;
}

/* ---- the search ---- */

static bool ab_time_up(ab_worker *w)
{
    ab *cfg = w->cfg;
    if (atomic_load_explicit(&cfg->stop, memory_order_relaxed))
        return true;
    if (w->id == 0 && cfg->deadline > 0 && (w->nodes % AB_CLOCK_EVERY) == 0 &&
        fc_agent_clock(cfg->cpu_clock) >= cfg->deadline) {
        atomic_store(&cfg->stop, true);
        return true;
    }
    return false;
}

/* Plays d on the state of ply into ply + 1; returns who moves there. With the game's own hash
 * the child's key is taken at once and its table slot fetched into the cache while the caller
 * goes on (the probe is most of a node's memory traffic). */
static int ab_play(ab_worker *w, int ply, fc_decision d)
{
    const ab *cfg = w->cfg;
    size_t sz = cfg->state_size;
    unsigned char *st = w->states + (size_t)ply * sz, *child = st + sz;
    memcpy(child, st, sz);
    if (cfg->apply_legal)
        cfg->apply_legal(child, cfg->env, d);
    else if (cfg->g->apply(child, cfg->env, d) != 0)
        return AB_REFUSED;
    if (cfg->hash) {
        w->keys[ply + 1] = cfg->hash(child, cfg->env);
        __builtin_prefetch(&cfg->tt.e[w->keys[ply + 1] & cfg->tt.mask]);
    }
    return cfg->g->to_move(child, cfg->env);
}

/* The legal decisions of st into mv; 0 (the search failed, said once) when the game lists none
 * or more than it declared. */
static int ab_legal(ab *cfg, const void *st, fc_decision *mv)
{
    int n = cfg->g->legal(st, cfg->env, mv, NULL);
    if (n > 0 && n <= cfg->cap)
        return n;
    ab_fail(cfg, "the game listed no legal decision for a seat to move");
    return 0;
}

static int ab_node(ab_worker *w, int ply, int who, int depth, int alpha, int beta);
static int ab_quiesce(ab_worker *w, int ply, int who, int depth, int alpha, int beta);

/* The value for `seat` of the child at ply + 1 where `who` moves (searched to depth). */
static int ab_child(ab_worker *w, int ply, int seat, int who, int depth, int alpha, int beta)
{
    const ab *cfg = w->cfg;
    const void *child = w->states + (size_t)(ply + 1) * cfg->state_size;
    if (who == FC_NOBODY)
        return ab_terminal(cfg, child, seat, ply + 1);
    if (who == FC_CHANCE) {
        ab_fail(w->cfg, "the game has chance points (dice, draws): alpha-beta needs a game without chance; use mcts");
        return 0;
    }
    if (who < 0 || who > 1) {
        ab_fail(w->cfg, who == AB_REFUSED ? "the game refused a decision it listed as legal"
                                                : "a seat other than the two players moves: use mcts");
        return 0;
    }
    if (who == seat)
        return ab_node(w, ply + 1, who, depth, alpha, beta);
    return -ab_node(w, ply + 1, who, depth, -beta, -alpha);
}

/* Negamax value of the state at ply for `who`, who moves there (not finished). */
static int ab_node(ab_worker *w, int ply, int who, int depth, int alpha, int beta)
{
    ab *cfg = w->cfg;
    const void *st = w->states + (size_t)ply * cfg->state_size;
    w->nodes++;
    if (depth <= 0 || ply >= AB_MAX_PLY - 1) {
        if (cfg->noisy && depth > -(int)cfg->quiesce && ply < AB_MAX_PLY - 1)
            return ab_quiesce(w, ply, who, depth, alpha, beta);
        return ab_eval(cfg, st, who);
    }
    if (ab_time_up(w))
        return 0;
    uint64_t key = cfg->hash ? w->keys[ply] : fc_hash64(st, cfg->state_size, 0);
    ab_probe tt = {0};
    bool hit = fc_ab_tt_probe(&cfg->tt, key, &tt);
    if (hit && tt.depth >= depth) {
        int s = fc_ab_score_from_tt(tt.score, ply);
        if (tt.bound == AB_BOUND_EXACT || (tt.bound == AB_BOUND_LOWER && s >= beta) ||
            (tt.bound == AB_BOUND_UPPER && s <= alpha))
            return s;
    }
    /* reverse futility (rfp=D): a null-window node near the leaves whose evaluation stands a
     * margin a ply of depth above beta is taken to hold there; in Hive a cut the search would
     * not have made is 0.3% of the null-window nodes at depth 1, 1.2% at depth 2 (docs/search.md) */
    if (cfg->rfp && depth <= (int)cfg->rfp && beta - alpha == 1 && beta > -AB_WIN_BOUND && beta < AB_WIN_BOUND) {
        int e = ab_eval(cfg, st, who) - (int)cfg->rfp_margin * depth;
        if (e >= beta)
            return e;
    }
    fc_decision *mv = w->moves + (size_t)ply * (size_t)cfg->cap;
    int n = ab_legal(cfg, st, mv);
    if (n == 0)
        return 0;
    ab_order(w, ply, who, mv, n, hit && tt.has_move, tt.move);
    int best = -AB_INF, alpha0 = alpha;
    fc_decision best_move = mv[0];
    for (int i = 0; i < n; i++) {
        int next = ab_play(w, ply, mv[i]), v;
        bool quiet = i >= 3 && mv[i] != w->killer[ply][0] && mv[i] != w->killer[ply][1];
        if (i == 0) {
            v = ab_child(w, ply, who, next, depth - 1, alpha, beta);
        } else {
            int r = cfg->lmr && depth >= 3 && quiet ? 1 + (i >= 12 && depth >= 5) : 0;
            v = ab_child(w, ply, who, next, depth - 1 - r, alpha, alpha + 1);
            if (v > alpha && r > 0)
                v = ab_child(w, ply, who, next, depth - 1, alpha, alpha + 1);
            if (v > alpha && v < beta)
                v = ab_child(w, ply, who, next, depth - 1, alpha, beta);
        }
        if (atomic_load_explicit(&cfg->stop, memory_order_relaxed))
            return 0;
        if (v > best) {
            best = v;
            best_move = mv[i];
        }
        if (v > alpha)
            alpha = v;
        if (alpha >= beta) {
            w->cuts++;
            w->first_cuts += i == 0;
            ab_reward_cut(w, ply, who, mv[i], depth);
            break;
        }
    }
    int bound = best >= beta ? AB_BOUND_LOWER : best > alpha0 ? AB_BOUND_EXACT : AB_BOUND_UPPER;
    fc_ab_tt_store(&cfg->tt, key, true, best_move, fc_ab_score_to_tt(best, ply), depth, bound);
    return best;
}

/* Quiescence (agent key quiesce=N): past the depth, only the game's noisy decisions are
 * searched, for at most N plies, and the seat to move may instead take the evaluation as it is
 * (stand pat: it always has quieter moves). Without it a line that ends just after a move that
 * adds pressure on a Queen is judged before the answer to it. No table and no ordering: the
 * noisy lists are short. */
static int ab_quiesce(ab_worker *w, int ply, int who, int depth, int alpha, int beta)
{
    ab *cfg = w->cfg;
    const void *st = w->states + (size_t)ply * cfg->state_size;
    int best = ab_eval(cfg, st, who);
    if (best >= beta || ab_time_up(w))
        return best;
    fc_decision *mv = w->moves + (size_t)ply * (size_t)cfg->cap;
    int n = ab_legal(cfg, st, mv);
    if (n == 0)
        return 0;
    int k = cfg->noisy(st, cfg->env, mv, n);
    if (best > alpha)
        alpha = best;
    for (int i = 0; i < k && i < n; i++) {
        int v = ab_child(w, ply, who, ab_play(w, ply, mv[i]), depth - 1, alpha, beta);
        if (atomic_load_explicit(&cfg->stop, memory_order_relaxed))
            return 0;
        if (v > best)
            best = v;
        if (v > alpha)
            alpha = v;
        if (alpha >= beta)
            break;
    }
    return best;
}

/* ---- the root and iterative deepening ---- */

/* One iteration at the root over the root list (kept in w->moves[0], best first). Returns the
 * value, or a value outside alpha..beta (fail low or high). */
static int ab_root(ab_worker *w, int n, int depth, int alpha, int beta)
{
    ab *cfg = w->cfg;
    fc_decision *mv = w->moves;
    int best = -AB_INF, who = cfg->root_seat;
    for (int i = 0; i < n; i++) {
        int next = ab_play(w, 0, mv[i]), v;
        if (i == 0) {
            v = ab_child(w, 0, who, next, depth - 1, alpha, beta);
        } else {
            v = ab_child(w, 0, who, next, depth - 1, alpha, alpha + 1);
            if (v > alpha && v < beta)
                v = ab_child(w, 0, who, next, depth - 1, alpha, beta);
        }
        if (atomic_load_explicit(&cfg->stop, memory_order_relaxed))
            break;
        if (v > best) {
            best = v;
            if (i > 0) { /* the new best goes first for the next iteration */
                fc_decision d = mv[i];
                memmove(mv + 1, mv, (size_t)i * sizeof *mv);
                mv[0] = d;
            }
            w->pv_root = mv[0];
        }
        if (v > alpha)
            alpha = v;
        if (alpha >= beta)
            break;
    }
    return best;
}

/* One depth with an aspiration window around the last value, widened on failure. */
static int ab_aspire(ab_worker *w, int n, int depth, int last)
{
    ab *cfg = w->cfg;
    int delta = 150, alpha = -AB_INF, beta = AB_INF;
    if (depth >= 3 && last > -AB_WIN_BOUND && last < AB_WIN_BOUND) {
        alpha = last - delta;
        beta = last + delta;
    }
    for (;;) {
        int v = ab_root(w, n, depth, alpha, beta);
        if (atomic_load_explicit(&cfg->stop, memory_order_relaxed))
            return v;
        if (v <= alpha && alpha > -AB_INF) {
            delta *= 4;
            alpha = v - delta < -AB_INF ? -AB_INF : v - delta;
        } else if (v >= beta && beta < AB_INF) {
            delta *= 4;
            beta = v + delta > AB_INF ? AB_INF : v + delta;
        } else {
            return v;
        }
    }
}

void fc_ab_iterate(ab_worker *w)
{
    ab *cfg = w->cfg;
    memcpy(w->states, cfg->root, cfg->state_size);
    if (cfg->hash)
        w->keys[0] = cfg->hash(w->states, cfg->env);
    memset(w->killer, 0, sizeof w->killer);
    memset(w->history, 0, sizeof w->history);
    w->nodes = w->cuts = w->first_cuts = 0;
    w->depth_done = 0;
    int n = cfg->g->legal(w->states, cfg->env, w->moves, NULL);
    if (n <= 0 || n > cfg->cap) {
        ab_fail(cfg, "the game listed no legal decision for a seat to move");
        return;
    }
    if (cfg->root_legal && cfg->nroot_legal > 0 && cfg->nroot_legal < n) { /* restricted: its own root list */
        n = cfg->nroot_legal;
        memcpy(w->moves, cfg->root_legal, (size_t)n * sizeof *w->moves);
    }
    w->best = w->pv_root = w->moves[0];
    /* helpers of lazy SMP start on other root orders and depths, so the threads fill the
     * table with different subtrees */
    if (w->id > 0 && n > 1) {
        int k = w->id % n;
        fc_decision d = w->moves[k];
        w->moves[k] = w->moves[0];
        w->moves[0] = d;
    }
    int last = 0, maxd = (int)cfg->depth;
    for (int d = 1 + (w->id & 1); d <= maxd; d++) {
        int v = ab_aspire(w, n, d, last);
        if (atomic_load_explicit(&cfg->stop, memory_order_relaxed)) {
            if (w->pv_root != w->best) /* a move that beat the last depth's best, fully searched */
                w->best = w->pv_root;
            break;
        }
        last = v;
        w->best = w->moves[0];
        w->best_score = v;
        w->depth_done = d;
        if (w->id == 0 && d < FC_AGENT_STATS_DEPTHS) {
            cfg->stats.depth_nodes[d] = w->nodes;
            cfg->stats.depth_seconds[d] = fc_ab_now();
        }
        if (last > AB_WIN_BOUND || last < -AB_WIN_BOUND)
            break; /* a forced result: deeper search changes nothing */
        if (w->id == 0 && cfg->deadline > 0 && fc_agent_clock(cfg->cpu_clock) > cfg->deadline - (1 - cfg->soft) * cfg->time)
            break; /* the next depth would not finish in the time left (soft=, default a half) */
    }
}
