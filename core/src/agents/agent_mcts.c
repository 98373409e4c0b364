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
 * prior=eval opens every legal child of a node at once with the evaluation after its decision as
 * its prior, tries unvisited children best prior first and adds the progressive bias
 * pb * prior / (visits + 1) to UCT (mcts_tree.c); off by default (not measured stronger).
 * prior=puct opens them the same way and selects by PUCT (Silver et al. 2017): mean reward (the
 * prior while unvisited) plus pb * P * sqrt(visits of the legal children + 1) / (visits + 1), P
 * the softmax of the legal children's priors at temperature `temp`; `c` is then unused.
 *
 * reuse=1 keeps, between decisions, the subtree of the decisions the seat saw since its last
 * search (mcts_reuse.c).
 *
 * stop=S ends a search once its most visited root child leads the next by more than S times
 * the iterations left (S = 1: the choice can no longer change; mcts_search.c). bank=X keeps
 * per seat what such searches left of their budget and lets a search add up to X budgets of
 * it: time moves from decisions that settle early to those that do not, and a match's mean per
 * decision stays within the budget (equal mean CPU per decision is how bots are compared).
 *
 * threads=N is root parallelism: N independent trees over the same root, each with its own
 * buffers and RNG stream (stream 0 is the seat's, the others are seeded from it), whose root
 * visits are summed; with an iteration budget, the result depends only on seed and N. Trees
 * after the first run on worker threads started at the first such search and kept until the
 * agent is freed. Variant hooks run in the match's single Lua state, so a match with hooks
 * searches on one thread.
 *
 * The parts: options, workers and the final choice here; the tree in mcts_tree.c, reuse in
 * mcts_reuse.c, playouts and the iteration loop in mcts_search.c (mcts.h between them).
 * The only allocations are the buffers sized once per game (the MAST table among them) and
 * the node pools, paths and playout trails, which grow geometrically and are kept between
 * decisions. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mcts.h"

const char *const fc_agent_mcts_keys[] = {"iters",  "time",  "c",      "depth", "seed",
                                          "threads", "legacy", "reuse", "policy", "eps", "weights", "clock",
                                          "prior", "pb", "temp", "stop", "bank", NULL};

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

/* prior= and pb=: evaluation priors in the tree, off by default (docs/metrics.md, "Stronger
 * bots at equal CPU"). */
static int mcts_prior_init(const fc_agent *a, mcts *t, fc_error *err)
{
    const char *p = fc_agent_opt_get(a, "prior");
    t->prior = MCTS_PRIOR_NONE;
    t->pb = 1;
    t->temp = 0.05;
    if (p && strcmp(p, "eval") == 0)
        t->prior = MCTS_PRIOR_EVAL;
    else if (p && strcmp(p, "puct") == 0)
        t->prior = MCTS_PRIOR_PUCT;
    else if (p && strcmp(p, "none") != 0)
        return fc_error_set(err, FC_EPARSE, "agent mcts: prior: '%s' is not none, eval or puct", p);
    if (fc_agent_opt_double(a, "pb", 0, 1000, &t->pb, err) < 0 || fc_agent_opt_double(a, "temp", 0.001, 100, &t->temp, err) < 0)
        return FC_EPARSE;
    if (fc_agent_opt_get(a, "pb") && t->prior == MCTS_PRIOR_NONE)
        return fc_error_set(err, FC_EINVAL, "agent mcts: pb applies to prior=eval or prior=puct");
    if (fc_agent_opt_get(a, "temp") && t->prior != MCTS_PRIOR_PUCT)
        return fc_error_set(err, FC_EINVAL, "agent mcts: temp applies to prior=puct");
    return 0;
}

/* stop= and bank=: how a search uses its budget. */
static int mcts_budget_init(const fc_agent *a, mcts *t, fc_error *err)
{
    if (fc_agent_opt_double(a, "stop", 0, 1, &t->stop, err) < 0 || fc_agent_opt_double(a, "bank", 0, 100, &t->bank_max, err) < 0)
        return FC_EPARSE;
    if (t->bank_max > 0 && t->stop == 0)
        return fc_error_set(err, FC_EINVAL, "agent mcts: bank needs stop (only a search that stops early leaves budget to keep)");
    if (t->bank_max > 0 && t->threads > 1)
        return fc_error_set(err, FC_EINVAL, "agent mcts: bank searches on one thread (threads=%llu given)",
                            (unsigned long long)t->threads);
    return 0;
}

int fc_agent_mcts_init(fc_agent *a, fc_error *err)
{
    mcts *t = aligned_alloc(MCTS_LINE, sizeof *t); /* sizeof is a multiple of MCTS_LINE */
    if (!t)
        return fc_error_set(err, FC_ENOMEM, "out of memory");
    memset(t, 0, sizeof *t);
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
        fc_agent_opt_double(a, "c", 0, 100, &t->c, err) < 0 || fc_agent_opt_clock(a, &t->cpu_clock, err) < 0)
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
    int rc = mcts_policy_init(a, t, legacy != 0, err);
    if (rc < 0 || (rc = mcts_prior_init(a, t, err)) < 0)
        return rc;
    return mcts_budget_init(a, t, err);
}

/* ---- worker threads ---- */

/* One step of a spin: tells the processor (and a hyperthread sharing its core) that this
 * thread waits. */
static inline void mcts_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

/* Whether worker `seen`'s next round has started (or the pool is closing). */
static bool mcts_round_started(mcts_pool *p, uint64_t seen)
{
    return atomic_load(&p->round) != seen || atomic_load(&p->quit);
}

/* Whether every worker finished the current round. */
static bool mcts_round_done(mcts_pool *p, uint64_t unused)
{
    (void)unused;
    return atomic_load(&p->busy) == 0;
}

/* Waits until ready(p, arg): spinning for up to MCTS_SPIN_NS, then asleep on cond (whoever
 * makes it ready signals cond under p->mu). */
static void mcts_wait(mcts_pool *p, bool (*ready)(mcts_pool *, uint64_t), uint64_t arg, pthread_cond_t *cond)
{
    double until = fc_mcts_now() + MCTS_SPIN_NS * 1e-9;
    for (int k = 1; !ready(p, arg); k++) {
        mcts_relax();
        if (k % 256 == 0 && fc_mcts_now() >= until) {
            pthread_mutex_lock(&p->mu);
            while (!ready(p, arg))
                pthread_cond_wait(cond, &p->mu);
            pthread_mutex_unlock(&p->mu);
            return;
        }
    }
}

static void *mcts_worker_main(void *arg)
{
    mcts_worker *w = arg;
    mcts_pool *p = &w->cfg->pool;
    for (;;) {
        mcts_wait(p, mcts_round_started, w->seen, &p->go);
        if (atomic_load(&p->quit))
            break;
        w->seen = atomic_load(&p->round);
        fc_mcts_search(&w->cfg->tree[w->k], w->cfg);
        pthread_mutex_lock(&p->mu);
        if (atomic_fetch_sub(&p->busy, 1) == 1)
            pthread_cond_signal(&p->done);
        pthread_mutex_unlock(&p->mu);
    }
    return NULL;
}

/* Starts workers until trees 1..want have one; fewer when the system refuses a thread. An
 * agent always asks for the same number (its threads= less one). */
static void mcts_pool_start(mcts *t, int want)
{
    mcts_pool *p = &t->pool;
    if (!p->ready) {
        if (pthread_mutex_init(&p->mu, NULL) != 0)
            return;
        if (pthread_cond_init(&p->go, NULL) != 0 || pthread_cond_init(&p->done, NULL) != 0) {
            pthread_mutex_destroy(&p->mu);
            return;
        }
        p->ready = true;
    }
    while (p->nworkers < want) {
        int k = p->nworkers + 1;
        p->worker[k] = (mcts_worker){t, k, atomic_load(&p->round)};
        if (pthread_create(&p->th[k], NULL, mcts_worker_main, &p->worker[k]) != 0)
            return;
        p->nworkers = k;
    }
}

static void mcts_pool_stop(mcts_pool *p)
{
    if (!p->ready)
        return;
    pthread_mutex_lock(&p->mu);
    atomic_store(&p->quit, true);
    pthread_cond_broadcast(&p->go);
    pthread_mutex_unlock(&p->mu);
    for (int k = 1; k <= p->nworkers; k++)
        pthread_join(p->th[k], NULL);
    pthread_cond_destroy(&p->go);
    pthread_cond_destroy(&p->done);
    pthread_mutex_destroy(&p->mu);
}

void fc_agent_mcts_done(fc_agent *a)
{
    mcts *t = a->impl;
    if (!t)
        return;
    mcts_pool_stop(&t->pool);
    for (int k = 0; k < MCTS_MAX_THREADS; k++)
        fc_mcts_tree_free(&t->tree[k]);
    free(t);
}

/* Runs trees 0..n-1: 0 on this thread, the others on the workers (a tree without a worker runs
 * here too, with the same result); an error of any tree is the result. */
static int mcts_run(mcts *t, int n)
{
    mcts_pool *p = &t->pool;
    if (n > 1)
        mcts_pool_start(t, n - 1);
    int nw = n > 1 ? p->nworkers : 0;
    if (nw) {
        pthread_mutex_lock(&p->mu);
        atomic_store(&p->busy, nw);
        atomic_fetch_add(&p->round, 1);
        pthread_cond_broadcast(&p->go);
        pthread_mutex_unlock(&p->mu);
    }
    for (int k = nw + 1; k < n; k++)
        fc_mcts_search(&t->tree[k], t);
    fc_mcts_search(&t->tree[0], t);
    if (nw)
        mcts_wait(p, mcts_round_done, 0, &p->done);
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

/* bank=X: the seat's kept budget, forgotten when the match is another one (another seed) or
 * went back (an undo or a new game); the budget of this search, its own plus up to X more. */
static double mcts_bank_draw(mcts *t, const fc_match *m, int who, double base)
{
    size_t ply = fc_match_ply(m);
    if (t->bank_seed[who] != fc_match_seed(m) || ply < t->bank_ply[who])
        t->bank[who] = 0;
    t->bank_seed[who] = fc_match_seed(m);
    t->bank_ply[who] = ply;
    double extra = t->bank[who] < t->bank_max * base ? t->bank[who] : t->bank_max * base;
    return base + extra;
}

/* Runs the search for the seat to move over the n (> 1) legal decisions; the number of trees. */
static int mcts_search_root(fc_agent *a, fc_match *m, int n, fc_error *err)
{
    (void)n;
    int who = fc_match_to_move(m);
    mcts *t = a->impl;
    const fc_game *g = fc_match_game(m);
    const fc_env *env = fc_match_search_env(m);
    if (fc_agent_eval_of(a, m, &t->ev, err) < 0)
        return err->code;
    /* hooks run in the match's one Lua state: no second thread may call them */
    int nt = env->hooks ? 1 : (int)t->threads;
    fc_rng *rng = fc_agent_rng(a, who);
    size_t ply = fc_match_ply(m);
    uint64_t key = t->reuse ? fc_mcts_history_key(m, ply) : 0; /* read by reuse only */
    for (int k = 0; k < nt; k++) {
        mcts_tree *r = &t->tree[k];
        if (fc_mcts_buffers(r, g, t->policy) != 0)
            return fc_error_set(err, FC_ENOMEM, "out of memory");
        if (k == 0)
            r->rng = rng;
        else {
            fc_rng_seed(&r->own, fc_rng_next(rng), (uint64_t)k);
            r->rng = &r->own;
        }
        if (fc_mcts_reuse(r, m, who, t->reuse != 0) != 0)
            return fc_error_set(err, FC_ENOMEM, "out of memory");
        r->last_key = key;
        r->last_ply = ply;
        r->last_who = who;
        r->g = g;
        r->env = env;
        r->root = fc_match_state(m);
        r->who = who;
        r->iters = t->iters ? t->iters / (uint64_t)nt + ((uint64_t)k < t->iters % (uint64_t)nt) : 0;
        if (t->iters && !r->iters)
            r->iters = 1;
        r->budget = t->time;
        r->cpu_clock = t->cpu_clock;
    }
    /* bank=X (one thread): a time budget banks seconds, else iterations */
    bool banking = t->bank_max > 0 && who >= 0 && who < FC_MAX_SEATS;
    double base = t->time > 0 ? t->time : (double)t->iters;
    if (banking && t->time > 0)
        t->tree[0].budget = mcts_bank_draw(t, m, who, base);
    else if (banking)
        t->tree[0].iters = (uint64_t)mcts_bank_draw(t, m, who, base);
    int rc = mcts_run(t, nt);
    if (banking && rc == 0)
        t->bank[who] += base - (t->time > 0 ? t->tree[0].spent : (double)t->tree[0].done);
    fc_agent_search_done(env);
    if (rc != 0)
        return fc_error_set(err, rc, "agent mcts: the game failed during search (%s)", fc_error_name(rc));
    return nt;
}

/* Score of a root child: its visits, with the mean reward (< 1) breaking ties as choose does. */
int fc_agent_mcts_rank(fc_agent *a, fc_match *m, const fc_decision *legal, int n, double *score, fc_error *err)
{
    int nt = n > 1 ? mcts_search_root(a, m, n, err) : 1;
    if (nt < 0)
        return nt;
    for (int i = 0; i < n; i++) {
        uint64_t v = 0;
        double w = 0;
        if (n > 1)
            mcts_root_stats(a->impl, nt, legal[i], &v, &w);
        score[i] = (double)v + (v ? 0.5 * w / (double)v : 0);
    }
    return 0;
}

int fc_agent_mcts_choose(fc_agent *a, fc_match *m, fc_decision *out, fc_error *err)
{
    int who = fc_match_to_move(m);
    if (who == FC_CHANCE)
        return fc_agent_chance(a, m, out, err);
    mcts *t = a->impl;
    const fc_decision *legal = NULL;
    int n = fc_match_legal(m, &legal, NULL);
    if (n <= 0 || !legal)
        return fc_error_set(err, FC_ESTATE, "agent mcts: no legal decision");
    if (n == 1) {
        *out = legal[0];
        return 0;
    }
    int nt = mcts_search_root(a, m, n, err);
    if (nt < 0)
        return nt;
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
