/* The alpha-beta agent: a depth-first minimax search for two-player games without chance and
 * without hidden information (Hive; any game that qualifies).
 *
 * Negamax with iterative deepening and aspiration windows, principal-variation search, late
 * move reductions, a transposition table keyed by the game's hash (its Zobrist key where the
 * plugin offers one, API minor 6; else a hash of the state bytes) and move ordering by the
 * table's move, two killers per ply and the history heuristic (ab_search.c). Leaves are scored
 * with the game's evaluation (evaluate in [0, 1], else the score lead), finished games by their
 * result, past the depth by a quiescence search over the game's noisy decisions where it names
 * them (quiesce=N, API minor 12). Reverse futility pruning (rfp=D, rfpmargin=M): a null-window
 * node of depth D or less whose evaluation stands M a ply of depth above beta is not searched.
 *
 * Budget: depth=D plies, time=S seconds per decision, or both (whichever ends first); neither
 * given: depth 4. threads=N is lazy SMP: N searchers share the table and the first one's
 * result is played; a fixed depth on one thread gives the same decision on every run, more
 * threads or a time budget need not. clock=cpu counts the time on this thread's CPU clock
 * (equal CPU in comparisons on a loaded machine). soft=F: no new depth starts once the share F
 * of time= is spent (default 0.5: the next depth would rarely finish; 1 spends the whole budget,
 * keeping a better root move the unfinished depth found). hash=MB sizes the table (kept between
 * decisions).
 * blunder=P plays a uniformly random legal decision instead of searching with probability P
 * (drawn from the seat's stream of the agent's seed): a continuous knob for weaker difficulty
 * tiers between two depths.
 *
 * Refused with one line, never searched wrongly: games whose plugin hides information
 * (determinize), a seat count other than two, and chance points met during the search. */
#include <stdlib.h>
#include <string.h>

#include "ab.h"

const char *const fc_agent_ab_keys[] = {"depth", "time", "threads", "hash", "seed", "lmr", "weights", "blunder", "clock", "quiesce", "soft", "rfp", "rfpmargin", NULL};

int fc_agent_ab_init(fc_agent *a, fc_error *err)
{
    ab *t = calloc(1, sizeof *t);
    if (!t)
        return fc_error_set(err, FC_ENOMEM, "out of memory");
    a->impl = t;
    t->threads = 1;
    t->hash_mb = AB_DEFAULT_HASH_MB;
    t->lmr = 1;
    t->quiesce = AB_DEFAULT_QUIESCE;
    t->soft = AB_DEFAULT_SOFT;
    t->rfp = AB_DEFAULT_RFP;
    t->rfp_margin = AB_DEFAULT_RFP_MARGIN;
    if (fc_agent_opt_u64(a, "depth", &t->depth, err) < 0 || fc_agent_opt_u64(a, "threads", &t->threads, err) < 0 ||
        fc_agent_opt_u64(a, "hash", &t->hash_mb, err) < 0 || fc_agent_opt_u64(a, "seed", &a->seed, err) < 0 ||
        fc_agent_opt_u64(a, "lmr", &t->lmr, err) < 0 || fc_agent_opt_u64(a, "quiesce", &t->quiesce, err) < 0 || fc_agent_opt_double(a, "time", 0.001, 86400, &t->time, err) < 0 ||
        fc_agent_opt_double(a, "blunder", 0, 1, &t->blunder, err) < 0 || fc_agent_opt_double(a, "soft", 0.05, 1, &t->soft, err) < 0 || fc_agent_opt_clock(a, &t->cpu_clock, err) < 0 ||
        fc_agent_opt_u64(a, "rfp", &t->rfp, err) < 0 || fc_agent_opt_u64(a, "rfpmargin", &t->rfp_margin, err) < 0)
        return FC_EPARSE;
    if (fc_agent_opt_get(a, "depth") && (t->depth < 1 || t->depth > AB_MAX_PLY - 4))
        return fc_error_set(err, FC_ERANGE, "agent ab: depth: %llu is out of range 1..%d", (unsigned long long)t->depth,
                            AB_MAX_PLY - 4);
    if (!fc_agent_opt_get(a, "depth"))
        t->depth = fc_agent_opt_get(a, "time") ? AB_MAX_PLY - 4 : 4;
    if (t->threads < 1 || t->threads > AB_MAX_THREADS)
        return fc_error_set(err, FC_ERANGE, "agent ab: threads: %llu is out of range 1..%d",
                            (unsigned long long)t->threads, AB_MAX_THREADS);
    if (t->hash_mb < 1 || t->hash_mb > AB_MAX_HASH_MB)
        return fc_error_set(err, FC_ERANGE, "agent ab: hash: %llu MB is out of range 1..%d",
                            (unsigned long long)t->hash_mb, AB_MAX_HASH_MB);
    if (t->quiesce > AB_MAX_QUIESCE)
        return fc_error_set(err, FC_ERANGE, "agent ab: quiesce: %llu is out of range 0..%d",
                            (unsigned long long)t->quiesce, AB_MAX_QUIESCE);
    if (t->rfp > AB_MAX_RFP)
        return fc_error_set(err, FC_ERANGE, "agent ab: rfp: %llu is out of range 0..%d", (unsigned long long)t->rfp,
                            AB_MAX_RFP);
    if (t->rfp_margin > AB_EVAL_SCALE)
        return fc_error_set(err, FC_ERANGE, "agent ab: rfpmargin: %llu is out of range 0..%d",
                            (unsigned long long)t->rfp_margin, AB_EVAL_SCALE);
    if (t->lmr > 1)
        return fc_error_set(err, FC_ERANGE, "agent ab: lmr: expected 0 or 1, found %llu", (unsigned long long)t->lmr);
    return 0;
}

void fc_agent_ab_done(fc_agent *a)
{
    ab *t = a->impl;
    if (!t)
        return;
    for (int i = 0; i < AB_MAX_THREADS; i++)
        fc_ab_worker_free(&t->w[i]);
    fc_ab_tt_free(&t->tt);
    free(t);
    a->impl = NULL;
}

/* The game's shape must suit alpha-beta; one line saying why not. */
static int ab_check_game(const fc_match *m, const fc_game *g, const fc_env *env, fc_error *err)
{
    const char *id = fc_rules_plugin(fc_match_rules(m))->id;
    if (env->nseats != 2)
        return fc_error_set(err, FC_EINVAL,
                            "agent ab: %s is played by %d seats here; alpha-beta searches two-player games (use mcts)",
                            id, env->nseats);
    if (g->determinize)
        return fc_error_set(err, FC_EINVAL,
                            "agent ab: %s hides information from the players; alpha-beta would read it (use mcts)", id);
    return 0;
}

/* Buffers and table sized for the game (kept while it stays the same). */
static int ab_prepare(fc_agent *a, ab *t, fc_match *m, fc_error *err)
{
    const fc_game *g = fc_match_game(m);
    if (fc_agent_eval_of(a, m, &t->ev, err) < 0)
        return err->code;
    int nw = (int)t->threads;
    bool resize = t->state_size != g->state_size || t->cap != g->max_decisions;
    t->state_size = g->state_size;
    t->cap = g->max_decisions;
    for (int i = 0; i < nw; i++) {
        if ((resize || !t->w[i].states) && fc_ab_worker_buffers(&t->w[i], t, err) < 0)
            return FC_ENOMEM;
        t->w[i].cfg = t;
        t->w[i].id = i;
    }
    if (fc_ab_tt_resize(&t->tt, t->hash_mb, err) < 0)
        return FC_ENOMEM;
    t->tt.gen++;
    t->g = g;
    t->env = fc_match_search_env(m);
    t->hash = fc_match_hash_fn(m);
    t->apply_legal = fc_match_apply_legal_fn(m);
    t->noisy = t->quiesce ? fc_match_noisy_fn(m) : NULL;
    t->root = fc_match_state(m);
    t->root_seat = fc_match_to_move(m);
    atomic_store(&t->stop, false);
    atomic_store(&t->failure, 0);
    t->failure_msg[0] = 0;
    memset(&t->stats, 0, sizeof t->stats);
    return 0;
}

static void *ab_thread(void *arg)
{
    fc_ab_iterate(arg);
    return NULL;
}

/* Runs the search on every thread; hooks run in the match's one Lua state, so a match with a
 * variant searches on one thread. */
static void ab_run(ab *t)
{
    int nt = t->env->hooks ? 1 : (int)t->threads, started = 1;
    for (int i = 1; i < nt; i++)
        if (pthread_create(&t->w[i].th, NULL, ab_thread, &t->w[i]) == 0)
            started = i + 1;
        else
            break;
    fc_ab_iterate(&t->w[0]);
    atomic_store(&t->stop, true);
    for (int i = 1; i < started; i++)
        pthread_join(t->w[i].th, NULL);
    t->stats.nodes = 0;
    for (int i = 0; i < started; i++)
        t->stats.nodes += t->w[i].nodes;
}

int fc_agent_ab_choose(fc_agent *a, fc_match *m, fc_decision *out, fc_error *err)
{
    ab *t = a->impl;
    int who = fc_match_to_move(m);
    const fc_game *g = fc_match_game(m);
    if (who == FC_CHANCE)
        return fc_error_set(err, FC_EINVAL,
                            "agent ab: %s has chance points (dice, draws): alpha-beta needs a game without chance; use mcts",
                            fc_rules_plugin(fc_match_rules(m))->id);
    if (ab_check_game(m, g, fc_match_search_env(m), err) < 0 || ab_prepare(a, t, m, err) < 0)
        return err->code;
    const fc_decision *legal = NULL;
    int n = fc_match_legal(m, &legal, NULL);
    if (n <= 0 || !legal)
        return fc_error_set(err, FC_ESTATE, "agent ab: no legal decision");
    t->root_legal = legal;
    t->nroot_legal = n;
    double start = fc_ab_now();
    /* worker 0 runs on this thread, so its CPU clock is this thread's */
    t->deadline = t->time > 0 ? fc_agent_clock(t->cpu_clock) + t->time : 0;
    if (n == 1) {
        *out = legal[0];
        return 0;
    }
    if (t->blunder > 0) { /* drawn at every decision, so the stream does not depend on n */
        fc_rng *r = fc_agent_rng(a, who);
        bool blunder = (double)(fc_rng_next(r) >> 11) * 0x1p-53 < t->blunder;
        uint32_t pick = fc_rng_below(r, (uint32_t)n);
        if (blunder) {
            *out = legal[pick];
            return 0;
        }
    }
    ab_run(t);
    fc_agent_search_done(t->env);
    if (atomic_load(&t->failure))
        return fc_error_set(err, FC_EINVAL, "agent ab: %s: %s", fc_rules_plugin(fc_match_rules(m))->id, t->failure_msg);
    ab_worker *w = &t->w[0];
    *out = w->best;
    t->stats.seconds = fc_ab_now() - start;
    t->stats.depth = w->depth_done;
    t->stats.score = w->best_score;
    t->stats.first_cut = w->cuts ? (double)w->first_cuts / (double)w->cuts : 0;
    for (int d = 1; d <= w->depth_done && d < FC_AGENT_STATS_DEPTHS; d++)
        t->stats.depth_seconds[d] -= start;
    return 0;
}

int fc_agent_ab_stats(const fc_agent *a, fc_agent_search_stats *out)
{
    const ab *t = a->impl;
    *out = t->stats;
    return 0;
}
