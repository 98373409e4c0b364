/* The tuner's search (docs/tuning.md): an N-tuple bandit (NTBEA) proposes grid points, every
 * candidate plays the same game indices (common random numbers), then the best candidates race
 * with doubling games and are dropped only on a paired bootstrap bound. Everything but the
 * wall-clock budget is a function of the configuration: the bandit and the bootstrap draw from
 * streams of the seed, and fc_sim_run's games do not depend on the thread count. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "formicary/rng.h"
#include "formicary/stats.h"
#include "tune_int.h"

static double tune_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Seconds since the start by the budget's clock (fc_tune_config.clock), read afresh: called
 * only where the search decides, so that every process handed the same readings decides alike. */
static double tune_elapsed(tune_run *r)
{
    const fc_tune_config *c = r->c;
    r->el = (c->clock ? c->clock(c->clock_ud) : tune_now()) - r->t0;
    return r->el;
}

/* The share of the budget used so far. */
static double tune_used(tune_run *r)
{
    const fc_tune_config *c = r->c;
    if (c->budget_games > 0)
        return (double)r->games / (double)c->budget_games;
    return tune_elapsed(r) / c->budget_seconds;
}

/* Games the budget still allows at `el` seconds: exact with a budget in games; in seconds,
 * estimated from the speed so far (a phase ends at `share` of the budget). */
static long tune_left_at(const tune_run *r, double share, double el)
{
    const fc_tune_config *c = r->c;
    if (c->budget_games > 0)
        return (long)((double)c->budget_games * share) - r->games;
    double end = c->budget_seconds * share;
    if (el >= end)
        return 0;
    if (r->games == 0 || el <= 0)
        return 1L << 30;
    double left = (end - el) * (double)r->games / el;
    return left > (double)(1L << 30) ? 1L << 30 : (long)left;
}

/* tune_left_at now (a decision: the clock is read in seconds mode). */
static long tune_left(tune_run *r, double share)
{
    return tune_left_at(r, share, r->c->budget_games > 0 ? 0 : tune_elapsed(r));
}

/* ---- candidates and their games ---- */

/* Room for games up to `upto` in t's matrix and `count` in the game buffer. */
static int tune_grow(tune_run *r, tune_cand *t, int upto, int count)
{
    if (upto > t->cap) {
        int cap = upto > 2 * t->cap ? upto : 2 * t->cap;
        double *nf = realloc(t->feat, (size_t)cap * (size_t)r->nf * sizeof *nf);
        if (!nf)
            return FC_ENOMEM;
        t->feat = nf, t->cap = cap;
    }
    if (count > r->bufcap) {
        fc_sim_game *nb = realloc(r->buf, (size_t)count * sizeof *nb);
        if (!nb)
            return FC_ENOMEM;
        r->buf = nb, r->bufcap = count;
    }
    return 0;
}

/* Plays games t->games .. upto-1 of candidate t. A rule set the game refuses marks the
 * candidate invalid (not an error); a failing game is an error. */
static int tune_play(tune_run *r, tune_cand *t, int upto, fc_error *err)
{
    const fc_tune_config *c = r->c;
    int first = t->pub.games, count = upto - first;
    if (count <= 0 || t->pub.status == FC_TUNE_INVALID)
        return 0;
    fc_error e;
    fc_error_clear(&e);
    fc_rules *rules = c->play ? NULL : fc_tune_rules(c, t->pub.value, &e);
    if (!rules && !c->play) {
        t->pub.status = FC_TUNE_INVALID;
        snprintf(t->pub.error, sizeof t->pub.error, "%.127s", e.msg);
        return 0;
    }
    int rc = tune_grow(r, t, upto, count);
    if (rc == 0 && c->play) {
        rc = c->play(c->play_ud, t->pub.value, first, count, r->buf, &e);
    } else if (rc == 0) {
        fc_sim_config sc;
        memset(&sc, 0, sizeof sc);
        sc.rules = rules;
        sc.nagents = c->nseats;
        for (int k = 0; k < c->nseats; k++)
            sc.agents[k] = c->agents[k];
        sc.seed = c->seed; /* the same seeds for every candidate */
        sc.threads = c->threads;
        sc.max_decisions = c->max_decisions;
        rc = c->play_sim ? c->play_sim(c->play_sim_ud, &sc, first, count, r->buf, &e)
                         : fc_sim_run(&sc, first, count, r->buf, &e);
    }
    fc_rules_free(rules);
    if (rc == FC_ENOMEM && !e.msg[0])
        return fc_error_set(err, FC_ENOMEM, "out of memory");
    if (rc != 0) {
        char where[160];
        int len = 0;
        for (int d = 0; d < c->nparams && len >= 0 && (size_t)len < sizeof where; d++)
            len += snprintf(where + len, sizeof where - (size_t)len, "%s%s=%lld", d ? " " : "", c->param[d].name,
                            (long long)t->pub.value[d]);
        return fc_error_set(err, rc, "tune: candidate %s: %s", where, e.msg);
    }
    for (int i = 0; i < count; i++)
        tune_features(c, &r->buf[i], t->feat + (size_t)(first + i) * (size_t)r->nf);
    if (c->on_games)
        c->on_games(c->on_games_ud, t->pub.id, t->pub.value, r->buf, count);
    t->pub.games = upto;
    r->games += count;
    return 0;
}

/* Target values and summed loss of candidate t over games [from, to). */
static double tune_eval(const tune_run *r, const tune_cand *t, int from, int to, double *v, double *per)
{
    double mean[FC_TUNE_MAX_TARGETS * FC_MAX_SEATS];
    memset(mean, 0, sizeof mean);
    for (int i = from; i < to; i++)
        for (int f = 0; f < r->nf; f++)
            mean[f] += t->feat[(size_t)i * (size_t)r->nf + (size_t)f];
    for (int f = 0; f < r->nf; f++)
        mean[f] /= to > from ? to - from : 1;
    tune_values(r->c, mean, v);
    return tune_loss(r->c, v, per);
}

/* Target values and loss of t on the resample idx[0..n-1]. */
static double tune_eval_idx(const tune_run *r, const tune_cand *t, const int *idx, int n, double *v)
{
    double mean[FC_TUNE_MAX_TARGETS * FC_MAX_SEATS];
    memset(mean, 0, sizeof mean);
    for (int i = 0; i < n; i++)
        for (int f = 0; f < r->nf; f++)
            mean[f] += t->feat[(size_t)idx[i] * (size_t)r->nf + (size_t)f];
    for (int f = 0; f < r->nf; f++)
        mean[f] /= n;
    tune_values(r->c, mean, v);
    return tune_loss(r->c, v, NULL);
}

/* The resample buffer for n games; NULL when out of memory. */
static int *tune_idx(tune_run *r, int n)
{
    if (n > r->idxcap) {
        int *ni = realloc(r->idx, (size_t)n * sizeof *ni);
        if (!ni)
            return NULL;
        r->idx = ni, r->idxcap = n;
    }
    return r->idx;
}

static void tune_resample(fc_rng *rng, int *idx, int n)
{
    for (int i = 0; i < n; i++)
        idx[i] = (int)fc_rng_below(rng, (uint32_t)n);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Paired bootstrap over the common games 0..n-1 of loss(a) - loss(b): the one-sided 95% lower
 * bound (the 5% quantile of the resampled differences), the one-sided p-value of "a is no
 * worse than b" ((resamples with a difference <= 0, plus 1) / (resamples + 1)) and, when se is
 * not NULL, the resampled differences' standard deviation (the difference's standard error). */
static int tune_paired(tune_run *r, const tune_cand *a, const tune_cand *b, int n, double *bound, double *p,
                       double *se)
{
    int *idx = tune_idx(r, n);
    if (!idx)
        return FC_ENOMEM;
    fc_rng rng;
    fc_rng_seed(&rng, r->c->seed ^ ((uint64_t)a->pub.id << 32 | (uint64_t)b->pub.id),
                STREAM_BOOT + (uint64_t)n * 0x10000u);
    double v[FC_TUNE_MAX_TARGETS];
    int le = 0;
    for (int k = 0; k < TUNE_BOOT; k++) {
        tune_resample(&rng, idx, n);
        r->boot[k] = tune_eval_idx(r, a, idx, n, v) - tune_eval_idx(r, b, idx, n, v);
        le += r->boot[k] <= 0;
    }
    if (se) {
        fc_stats_summary sm;
        fc_stats_describe(r->boot, TUNE_BOOT, &sm);
        *se = sm.sd;
    }
    qsort(r->boot, TUNE_BOOT, sizeof *r->boot, cmp_double);
    *bound = fc_stats_quantile_sorted(r->boot, TUNE_BOOT, 0.05);
    *p = (le + 1.0) / (TUNE_BOOT + 1.0);
    return 0;
}

/* Estimates, 95% percentile intervals and met flags of every target of t over all its games. */
static int tune_summarise(tune_run *r, tune_cand *t)
{
    const fc_tune_config *c = r->c;
    fc_tune_candidate *p = &t->pub;
    int n = p->games, T = c->ntargets, *idx = tune_idx(r, n);
    if (n == 0 || p->status == FC_TUNE_INVALID) {
        p->loss = p->loss_lo = p->loss_hi = INFINITY;
        return 0;
    }
    if (!idx)
        return FC_ENOMEM;
    double v[FC_TUNE_MAX_TARGETS], per[FC_TUNE_MAX_TARGETS];
    p->loss = tune_eval(r, t, 0, n, v, per);
    fc_rng rng;
    fc_rng_seed(&rng, c->seed ^ (uint64_t)p->id, STREAM_BOOT + 1 + (uint64_t)n * 0x10000u);
    double *col = r->boot + TUNE_BOOT; /* TUNE_BOOT x T values after the TUNE_BOOT losses */
    for (int k = 0; k < TUNE_BOOT; k++) {
        double bv[FC_TUNE_MAX_TARGETS];
        tune_resample(&rng, idx, n);
        r->boot[k] = tune_eval_idx(r, t, idx, n, bv);
        for (int i = 0; i < T; i++)
            col[(size_t)i * TUNE_BOOT + (size_t)k] = bv[i];
    }
    qsort(r->boot, TUNE_BOOT, sizeof *r->boot, cmp_double);
    p->loss_lo = fc_stats_quantile_sorted(r->boot, TUNE_BOOT, 0.025);
    p->loss_hi = fc_stats_quantile_sorted(r->boot, TUNE_BOOT, 0.975);
    for (int i = 0; i < T; i++) {
        double *x = col + (size_t)i * TUNE_BOOT;
        qsort(x, TUNE_BOOT, sizeof *x, cmp_double);
        fc_tune_estimate *e = &p->est[i];
        const fc_tune_target *tg = &c->target[i];
        e->value = v[i];
        e->lo = fc_stats_quantile_sorted(x, TUNE_BOOT, 0.025);
        e->hi = fc_stats_quantile_sorted(x, TUNE_BOOT, 0.975);
        e->loss = per[i];
        e->met = tg->rel == FC_TUNE_EQ ? e->lo <= tg->value && tg->value <= e->hi : per[i] == 0;
    }
    return 0;
}

static void tune_report(tune_run *r)
{
    double best = INFINITY;
    for (int i = 0; i < r->ncand; i++)
        if (r->cand[i].pub.loss < best)
            best = r->cand[i].pub.loss;
    if (r->ntrace == r->captrace) {
        int cap = r->captrace ? r->captrace * 2 : 64;
        fc_tune_trace *nt = realloc(r->trace, (size_t)cap * sizeof *nt);
        if (nt)
            r->trace = nt, r->captrace = cap;
    }
    if (r->ntrace < r->captrace)
        r->trace[r->ntrace++] = (fc_tune_trace){r->games, best};
    if (r->c->progress) { /* the last reading: only the process that shows progress calls this */
        long left = tune_left_at(r, 1.0, r->el);
        fc_tune_progress p = {r->games, r->games + (left > 0 ? left : 0), r->ncand, best, r->phase};
        r->c->progress(r->c->progress_ud, &p);
    }
}

static int tune_batch(const tune_run *r)
{
    return r->c->batch > 0 ? r->c->batch : 8 * r->c->nseats;
}

/* The point estimate of t's summed loss over all its games (INFINITY without games). */
static void tune_point_loss(tune_run *r, tune_cand *t)
{
    double v[FC_TUNE_MAX_TARGETS];
    t->pub.loss = t->pub.games && t->pub.status != FC_TUNE_INVALID ? tune_eval(r, t, 0, t->pub.games, v, NULL)
                                                                    : INFINITY;
}

/* NTBEA until `share` of the budget is used: evaluate the current point on a batch of games (its
 * next game indices when it was evaluated before), update the bandit, move to the best
 * neighbour by UCB. */
static int tune_explore(tune_run *r, double share, fc_error *err)
{
    int *cur = r->cur;
    r->phase = "explore";
    /* every step plays games unless the point is invalid, so the step cap only stops a grid of
     * invalid points */
    for (long step = 0; step < 100000; step++) {
        long left = tune_left(r, share);
        if (left <= 0)
            break;
        tune_cand *t = tune_find(r, cur);
        if (!t && !(t = tune_add(r, cur, err)))
            return FC_ENOMEM;
        int from = t->pub.games, n = tune_batch(r) < left ? tune_batch(r) : (int)left;
        int rc = tune_play(r, t, from + n, err);
        if (rc != 0)
            return rc;
        double v[FC_TUNE_MAX_TARGETS], reward = 0;
        if (t->pub.status != FC_TUNE_INVALID)
            reward = 1 / (1 + tune_eval(r, t, from, t->pub.games, v, NULL));
        t->pub.evaluations++;
        tune_bandit_update(r, t, reward);
        tune_point_loss(r, t);
        tune_report(r);
        int next[FC_TUNE_MAX_PARAMS];
        tune_neighbour(r, cur, next);
        memcpy(cur, next, sizeof next);
    }
    return 0;
}

static int cmp_cand_loss(const void *a, const void *b)
{
    const tune_cand *x = *(tune_cand *const *)a, *y = *(tune_cand *const *)b;
    if (x->pub.loss != y->pub.loss)
        return x->pub.loss < y->pub.loss ? -1 : 1;
    if (x->pub.games != y->pub.games)
        return x->pub.games > y->pub.games ? -1 : 1;
    return x->pub.id - y->pub.id;
}

/* The largest common game count <= want that the budget up to `share` allows for the pool. */
static int tune_affordable(tune_run *r, tune_cand **pool, int n, int want, double share)
{
    long left = tune_left(r, share);
    int lo = 0, hi = want;
    while (lo < hi) {
        int mid = lo + (hi - lo + 1) / 2;
        long need = 0;
        for (int i = 0; i < n; i++)
            need += mid > pool[i]->pub.games ? mid - pool[i]->pub.games : 0;
        if (need <= left)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

/* The race's entrants, in pool[] by summed loss: the best race_size valid candidates, the
 * bandit's recommendation (best model value) and the incumbent (the last race's winner) when
 * they are not among them. Returns their number. */
static int tune_race_pool(tune_run *r, tune_cand **pool, int incumbent)
{
    int n = 0;
    for (int i = 0; i < r->ncand; i++)
        if (r->cand[i].pub.status != FC_TUNE_INVALID && r->cand[i].pub.games > 0)
            pool[n++] = &r->cand[i];
    qsort(pool, (size_t)n, sizeof *pool, cmp_cand_loss);
    int size = r->c->race_size > 0 ? r->c->race_size : 8;
    size = size < TUNE_RACE_MAX ? size : TUNE_RACE_MAX;
    tune_cand *rec = NULL;
    double rec_v = -INFINITY;
    for (int i = 0; i < n; i++) {
        double v = tune_model(r, pool[i]->k, 0);
        if (v > rec_v)
            rec_v = v, rec = pool[i];
    }
    int np = n < size ? n : size;
    tune_cand *extra[2] = {rec, incumbent >= 0 ? &r->cand[incumbent] : NULL};
    for (int e = 0; e < 2; e++) {
        bool have = false;
        for (int i = 0; i < np; i++)
            have |= pool[i] == extra[e];
        for (int i = np; extra[e] && !have && i < n; i++)
            if (pool[i] == extra[e]) { /* move it up to the end of the entrants */
                pool[i] = pool[np];
                pool[np++] = extra[e];
                break;
            }
    }
    return np;
}

/* One race round: live[0..nl-1] play up to `upto` games, the leader is the lowest summed loss
 * on the common games 0..upto-1, and another is dropped when its paired bootstrap p-value of "no
 * worse than the leader", Holm-adjusted over the round's comparisons, is below TUNE_ALPHA.
 * Returns the leader's id or a negative error. */
static int tune_race_round(tune_run *r, tune_cand **live, int nl, int upto, int round, int *alive, fc_error *err)
{
    for (int i = 0; i < nl; i++) {
        int rc = tune_play(r, live[i], upto, err);
        if (rc != 0)
            return rc;
        tune_point_loss(r, live[i]);
    }
    int lead = 0;
    double lead_loss = INFINITY, v[FC_TUNE_MAX_TARGETS];
    /* ties keep the earlier entrant (the pool is ordered by loss, the incumbent included) */
    for (int i = 0; i < nl; i++) {
        double l = tune_eval(r, live[i], 0, upto, v, NULL);
        if (l < lead_loss)
            lead_loss = l, lead = i;
    }
    double p[TUNE_RACE_MAX + 2], adj[TUNE_RACE_MAX + 2], bound[TUNE_RACE_MAX + 2];
    tune_cand *other[TUNE_RACE_MAX + 2];
    int m = 0;
    for (int i = 0; i < nl; i++) {
        if (i == lead)
            continue;
        if (tune_paired(r, live[i], live[lead], upto, &bound[m], &p[m], NULL) != 0)
            return fc_error_set(err, FC_ENOMEM, "out of memory");
        other[m++] = live[i];
    }
    if (m > 0 && fc_stats_adjust(p, (size_t)m, FC_CORRECT_HOLM, adj) != 0)
        return fc_error_set(err, FC_ENOMEM, "out of memory");
    for (int i = 0; i < m; i++)
        if (adj[i] < TUNE_ALPHA) {
            other[i]->pub.status = FC_TUNE_DROPPED;
            other[i]->pub.dropped_round = round;
            other[i]->pub.drop_bound = bound[i];
            other[i]->pub.drop_p = adj[i];
            (*alive)--;
        }
    return live[lead]->pub.id;
}

/* Racing: the entrants play up to a common game count, doubled each round (successive
 * halving's schedule), dropping the significantly worse after each round, until one survives or
 * the race's share of the budget cannot add games. After the first race, a race that cannot
 * double its entrants' games leaves the last race's verdicts as they are. The winner is the
 * last round's leader (the incumbent, the last race's winner, always races). */
static int tune_race(tune_run *r, int *winner, int *rounds, fc_error *err)
{
    tune_cand **pool = malloc((size_t)(r->ncand ? r->ncand : 1) * sizeof *pool);
    if (!pool)
        return fc_error_set(err, FC_ENOMEM, "out of memory");
    int incumbent = *winner, np = tune_race_pool(r, pool, incumbent), alive = np, rc = 0, played = 0;
    double used = tune_used(r);
    double end = tune_left(r, 1.0) < 8L * tune_batch(r) ? 1.0 : used + (1 - used) * TUNE_RACE_SHARE;
    int target = tune_batch(r), minimum = 1 << 30;
    for (int i = 0; i < np; i++) {
        target = pool[i]->pub.games > target ? pool[i]->pub.games : target;
        minimum = pool[i]->pub.games < minimum ? pool[i]->pub.games : minimum;
    }
    /* entrants were chosen on their first games, which flatter them: a race that cannot at least
     * double the entrants' games (half of the evidence fresh) is not run after the first */
    if (target < 2 * minimum)
        target = 2 * minimum;
    if (np == 0 || (incumbent >= 0 && np > 1 && tune_affordable(r, pool, np, target, end) < 2 * minimum)) {
        free(pool);
        return 0;
    }
    for (int i = 0; i < r->ncand; i++) { /* a new race judges afresh */
        fc_tune_candidate *p = &r->cand[i].pub;
        if (p->status == FC_TUNE_INVALID)
            continue;
        p->status = FC_TUNE_EXPLORED;
        p->dropped_round = 0;
        p->drop_bound = p->drop_p = 0;
    }
    for (int i = 0; i < np; i++)
        pool[i]->pub.status = FC_TUNE_SURVIVOR;
    int lead = pool[0]->pub.id;
    r->phase = "race";
    while (alive > 1) {
        tune_cand *live[TUNE_RACE_MAX + 2];
        int nl = 0;
        minimum = 1 << 30;
        for (int i = 0; i < np; i++)
            if (pool[i]->pub.status == FC_TUNE_SURVIVOR) {
                live[nl++] = pool[i];
                minimum = pool[i]->pub.games < minimum ? pool[i]->pub.games : minimum;
            }
        int upto = tune_affordable(r, live, nl, target, end);
        bool limited = upto < target;
        if (upto <= minimum && played) /* no game to add */
            break;
        if (upto < minimum) /* the first race, nothing affordable: judge the games they share */
            upto = minimum;
        if ((lead = tune_race_round(r, live, nl, upto, ++*rounds, &alive, err)) < 0) {
            rc = lead;
            break;
        }
        played++;
        tune_report(r);
        if (limited)
            break;
        target = target > (1 << 29) ? target : target * 2;
    }
    if (rc == 0)
        *winner = lead;
    free(pool);
    return rc;
}

/* Marks the Pareto front of the per-target losses (point estimates) among valid candidates. */
static void tune_front(fc_tune_result *res, int T)
{
    for (int i = 0; i < res->ncandidates; i++) {
        fc_tune_candidate *a = &res->cand[i];
        a->front = a->games > 0 && a->status != FC_TUNE_INVALID;
        for (int j = 0; a->front && j < res->ncandidates; j++) {
            const fc_tune_candidate *b = &res->cand[j];
            if (j == i || b->games == 0 || b->status == FC_TUNE_INVALID)
                continue;
            bool le = true, lt = false;
            for (int t = 0; t < T; t++) {
                le &= b->est[t].loss <= a->est[t].loss;
                lt |= b->est[t].loss < a->est[t].loss;
            }
            if (le && lt)
                a->front = false;
        }
    }
}

static void tune_free_run(tune_run *r)
{
    tune_bandit_free(r);
    for (int i = 0; i < r->ncand; i++)
        free(r->cand[i].feat);
    free(r->cand);
    free(r->buf);
    free(r->boot);
    free(r->idx);
    free(r->trace);
}

/* Each candidate's detectable difference from the winner (fc_tune_candidate.mde) on the games
 * the two share. The bootstrap is tune_paired's, so a raced candidate's matches its last race
 * round when the counts agree. */
static int tune_mde(tune_run *r, fc_tune_result *res, int winner)
{
    for (int i = 0; i < r->ncand; i++) {
        const fc_tune_candidate *a = &r->cand[i].pub;
        res->cand[i].mde = NAN;
        if (i == winner || winner < 0 || a->status == FC_TUNE_INVALID)
            continue;
        int wg = r->cand[winner].pub.games, n = a->games < wg ? a->games : wg;
        if (n < 2)
            continue;
        double bound, p, se;
        if (tune_paired(r, &r->cand[i], &r->cand[winner], n, &bound, &p, &se) != 0)
            return FC_ENOMEM;
        /* a bootstrap variance of a mean is s^2 (n - 1) / n^2: for a loss linear in the means
         * this gives back the sample sd s of the per-game differences, as sim's A/B table uses */
        res->cand[i].mde = fc_stats_mde(se * n / sqrt(n - 1.0), (size_t)n);
    }
    return 0;
}

/* Copies the public records out, with their summaries, the front and per-target reach. */
static fc_tune_result *tune_finish(tune_run *r, int winner, int rounds, fc_error *err)
{
    fc_tune_result *res = calloc(1, sizeof *res);
    if (!res || !(res->cand = calloc((size_t)(r->ncand ? r->ncand : 1), sizeof *res->cand))) {
        free(res);
        fc_error_set(err, FC_ENOMEM, "out of memory");
        return NULL;
    }
    for (int i = 0; i < r->ncand; i++) {
        if (tune_summarise(r, &r->cand[i]) != 0) {
            fc_tune_result_free(res);
            fc_error_set(err, FC_ENOMEM, "out of memory");
            return NULL;
        }
        res->cand[i] = r->cand[i].pub;
    }
    if (tune_mde(r, res, winner) != 0) {
        fc_tune_result_free(res);
        fc_error_set(err, FC_ENOMEM, "out of memory");
        return NULL;
    }
    res->ncandidates = r->ncand;
    res->winner = winner;
    if (winner >= 0)
        res->cand[winner].status = FC_TUNE_WINNER;
    res->games = r->games;
    res->seconds = tune_now() - r->wall0;
    res->race_rounds = rounds;
    res->trace = r->trace, res->ntrace = r->ntrace;
    r->trace = NULL;
    int T = r->c->ntargets;
    tune_front(res, T);
    for (int t = 0; t < T; t++) {
        res->closest[t] = -1;
        for (int i = 0; i < res->ncandidates; i++) {
            const fc_tune_candidate *a = &res->cand[i];
            if (a->games == 0 || a->status == FC_TUNE_INVALID)
                continue;
            res->reached[t] += a->est[t].met;
            const fc_tune_candidate *b = res->closest[t] >= 0 ? &res->cand[res->closest[t]] : NULL;
            if (!b || a->est[t].loss < b->est[t].loss || (a->est[t].loss == b->est[t].loss && a->games > b->games))
                res->closest[t] = i;
        }
    }
    return res;
}

fc_tune_result *fc_tune_run(const fc_tune_config *c, fc_error *err)
{
    for (int d = 0; d < c->nparams; d++)
        if (!c->param[d].def) {
            fc_error_set(err, FC_EINVAL, "tune: the configuration is not checked (fc_tune_check)");
            return NULL;
        }
    tune_run r;
    memset(&r, 0, sizeof r);
    r.c = c;
    r.nf = tune_nfeatures(c);
    r.wall0 = tune_now();
    if (c->budget_games <= 0) /* the budget's clock is read in seconds mode alone */
        r.t0 = c->clock ? c->clock(c->clock_ud) : r.wall0;
    fc_rng_seed(&r.rng, c->seed, STREAM_BANDIT);
    r.boot = malloc((size_t)TUNE_BOOT * (size_t)(c->ntargets + 1) * sizeof *r.boot);
    int winner = -1, rounds = 0;
    int rc = r.boot ? tune_bandit_init(&r, err) : fc_error_set(err, FC_ENOMEM, "out of memory");
    for (int d = 0; d < c->nparams; d++)
        r.cur[d] = (int)fc_rng_below(&r.rng, (uint32_t)c->param[d].nvalues);
    /* cycles of exploration (half the budget left) and a race, until the budget is spent or a
     * cycle plays nothing (a race ended by one survivor leaves budget for the next cycle) */
    for (int cycle = 0; rc == 0 && (cycle == 0 || tune_left(&r, 1.0) >= tune_batch(&r)); cycle++) {
        long before = r.games;
        double used = tune_used(&r);
        rc = tune_explore(&r, used + (1 - used) * TUNE_EXPLORE_SHARE, err);
        if (rc == 0)
            rc = tune_race(&r, &winner, &rounds, err);
        if (r.games == before)
            break;
    }
    fc_tune_result *res = NULL;
    if (rc == 0) {
        if (winner < 0) /* no race (no valid candidate) */
            for (int i = 0; i < r.ncand; i++)
                if (r.cand[i].pub.status != FC_TUNE_INVALID && r.cand[i].pub.games > 0 &&
                    (winner < 0 || r.cand[i].pub.loss < r.cand[winner].pub.loss))
                    winner = i;
        res = tune_finish(&r, winner, rounds, err);
    }
    tune_free_run(&r);
    return res;
}

void fc_tune_result_free(fc_tune_result *r)
{
    if (!r)
        return;
    free(r->cand);
    free(r->trace);
    free(r);
}
