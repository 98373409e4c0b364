/* The MCTS iteration: copy and determinize the root, descend (mcts_tree.c), play out under
 * the policy, back up. Playout policies (mcts:policy=): uniform; MAST, epsilon-greedy on each
 * decision code's mean reward for its seat over this search's iterations (Finnsson &
 * Bjornsson 2008; Tak, Winands & Bjornsson 2012); one-step evaluation, epsilon-greedy on the
 * game's evaluation after each legal decision. */
#include <stdlib.h>
#include <string.h>

#include "mcts.h"

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
        mcts_step *v = fc_mcts_grow(t->trail, &t->captrail, sizeof *v, 256);
        if (!v)
            return FC_ENOMEM;
        t->trail = v;
    }
    t->trail[t->ntrail++] = (mcts_step){d, seat};
    return 0;
}

double fc_mcts_after(mcts_tree *t, const fc_game *g, const fc_agent_eval *ev, const fc_env *env, int i, int who)
{
    double r[FC_MAX_SEATS];
    memcpy(t->scratch, t->work, t->state_size);
    if (g->apply(t->scratch, env, t->legal[i]) != 0)
        return FC_EILLEGAL;
    fc_agent_rewards(g, ev, t->scratch, env, g->to_move(t->scratch, env) == FC_NOBODY, r);
    return r[who];
}

/* Index of the playout decision of seat who among t->legal[0..n-1]: with probability eps (or
 * always under policy=random) uniform, else the best by the policy's value (MAST mean, unseen
 * codes 1; or the evaluation after the decision), ties uniform. Negative on error. */
static int mcts_pick(mcts_tree *t, const fc_game *g, const fc_env *env, fc_rng *rng, const mcts *cfg, int who, int n)
{
    int policy = cfg->policy;
    double eps = cfg->eps;
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
        } else if ((v = fc_mcts_after(t, g, &cfg->ev, env, i, who)) < 0)
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
            fc_agent_rewards(g, &cfg->ev, t->work, env, 1, reward);
            return 0;
        }
        if (steps == limit) {
            fc_agent_rewards(g, &cfg->ev, t->work, env, 0, reward);
            return 0;
        }
        int n;
        int i;
        if (who == FC_CHANCE) {
            n = fc_mcts_legal(t, g, env, true);
            i = n > 0 ? fc_rng_weighted(rng, t->weights, n) : FC_ESTATE;
            if (i == -1) /* no weights: uniform */
                i = (int)fc_rng_below(rng, (uint32_t)n);
        } else {
            n = fc_mcts_legal(t, g, env, false);
            i = n > 0 ? mcts_pick(t, g, env, rng, cfg, who, n) : FC_ESTATE;
            if (i >= 0 && cfg->policy == MCTS_MAST && who < env->nseats && mcts_trail_push(t, t->legal[i], who) != 0)
                return FC_ENOMEM;
        }
        if (i < 0)
            return i;
        if (g->apply(t->work, env, t->legal[i]) != 0)
            return FC_EILLEGAL;
    }
}

/* stop=S: whether the most visited root child leads the next by more than S times the
 * iterations left (`left`), so that (for S >= 1) the final choice can no longer change. */
static bool mcts_settled(const mcts_tree *t, double stop, double left)
{
    uint32_t top = 0, second = 0;
    for (int32_t c = t->nodes[0].child; c != MCTS_NONE; c = t->nodes[c].sibling) {
        uint32_t v = t->nodes[c].visits;
        if (v > top) {
            second = top;
            top = v;
        } else if (v > second)
            second = v;
    }
    return (double)(top - second) > stop * left;
}

/* Iterations left at iteration `it`: the rest of an iteration budget, or, under a time budget,
 * as many as the time left would give at the pace so far (the smaller when both are set). */
static double mcts_left(const mcts_tree *t, uint64_t it, double start, double now, double deadline)
{
    double left = t->iters ? (double)(t->iters - it) : 1e300;
    if (deadline > 0 && now > start) {
        double pace = (double)it * (deadline - now) / (now - start);
        left = pace < left ? pace : left;
    }
    return left;
}

/* t->iters iterations (0: until t->budget is spent) from t->root; sets t->rc, t->done and
 * t->spent. */
void fc_mcts_search(mcts_tree *t, const mcts *cfg)
{
    const fc_game *g = t->g;
    const fc_env *env = t->env;
    double reward[FC_MAX_SEATS];
    t->rc = 0;
    /* every search starts from empty MAST tables: carrying them (halved) from the seat's last
     * search, screened as a key mastkeep, did not win in March of the Ants (docs/metrics.md) */
    if (cfg->policy == MCTS_MAST)
        memset(t->mast, 0, (size_t)env->nseats * MAST_SLOTS * sizeof *t->mast);
    t->ntrail = 0;
    /* read here, on the thread that searches: a CPU clock is per thread */
    double start = fc_agent_clock(t->cpu_clock);
    double deadline = t->budget > 0 ? start + t->budget : 0;
    t->done = 0;
    if (!t->reused) {
        t->nnodes = 0;
        if (fc_mcts_node_new(t, MCTS_NONE, 0, t->who) == MCTS_NONE) {
            t->rc = FC_ENOMEM;
            return;
        }
    }
    uint64_t it = 0;
    for (; !t->iters || it < t->iters; it++) {
        if (it % MCTS_CLOCK_EVERY == 0 && it > 0 && (deadline > 0 || cfg->stop > 0)) {
            double now = deadline > 0 ? fc_agent_clock(t->cpu_clock) : 0;
            if (deadline > 0 && now >= deadline)
                break;
            if (cfg->stop > 0 && mcts_settled(t, cfg->stop, mcts_left(t, it, start, now, deadline)))
                break;
        }
        memcpy(t->work, t->root, t->state_size);
        if (g->determinize)
            g->determinize(t->work, env, t->who, t->rng);
        int end = fc_mcts_descend(t, cfg, t->rng);
        if (end < 0) {
            t->rc = end;
            return;
        }
        if (end == 1) {
            t->ntrail = 0;
            fc_agent_rewards(g, &cfg->ev, t->work, env, 1, reward);
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
    t->done = it;
    t->spent = fc_agent_clock(t->cpu_clock) - start;
}
