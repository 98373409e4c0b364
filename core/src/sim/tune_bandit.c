/* The tuner's N-tuple bandit (NTBEA; docs/tuning.md) and its registry of candidates by grid
 * point: the statistics of every 1-tuple, 2-tuple and point, their UCB value, and the step to
 * the best neighbour. Draws only from the run's bandit stream, so it is deterministic. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "formicary/rng.h"
#include "tune_int.h"

/* ---- candidates by grid point ---- */

static uint32_t tune_hash(const int *k) { return (uint32_t)fc_hash64(k, sizeof(int) * FC_TUNE_MAX_PARAMS, 0); }

/* The candidate at grid point k, or NULL (the neighbours of every step are looked up here). */
tune_cand *tune_find(tune_run *r, const int *k)
{
    if (!r->nslot)
        return NULL;
    for (uint32_t h = tune_hash(k);; h++) {
        int s = r->slot[h & (uint32_t)(r->nslot - 1)];
        if (s == 0)
            return NULL;
        if (memcmp(r->cand[s - 1].k, k, sizeof r->cand[s - 1].k) == 0)
            return &r->cand[s - 1];
    }
}

static void tune_index(tune_run *r, int i)
{
    for (uint32_t h = tune_hash(r->cand[i].k);; h++)
        if (r->slot[h & (uint32_t)(r->nslot - 1)] == 0) {
            r->slot[h & (uint32_t)(r->nslot - 1)] = i + 1;
            return;
        }
}

tune_cand *tune_add(tune_run *r, const int *k, fc_error *err)
{
    if (r->ncand == r->capcand) {
        int cap = r->capcand ? r->capcand * 2 : 32;
        tune_cand *nc = realloc(r->cand, (size_t)cap * sizeof *nc);
        int *slot = calloc((size_t)cap * 2, sizeof *slot);
        if (nc)
            r->cand = nc;
        if (!nc || !slot) {
            free(slot);
            fc_error_set(err, FC_ENOMEM, "out of memory");
            return NULL;
        }
        free(r->slot);
        r->slot = slot, r->nslot = cap * 2;
        r->capcand = cap;
        for (int i = 0; i < r->ncand; i++)
            tune_index(r, i);
    }
    tune_cand *t = &r->cand[r->ncand];
    memset(t, 0, sizeof *t);
    memcpy(t->k, k, sizeof t->k);
    t->pub.id = r->ncand++;
    for (int d = 0; d < r->c->nparams; d++)
        t->pub.value[d] = fc_tune_param_value(&r->c->param[d], k[d]);
    t->pub.loss = INFINITY;
    tune_index(r, t->pub.id);
    return t;
}

/* ---- the N-tuple bandit ---- */

int tune_bandit_init(tune_run *r, fc_error *err)
{
    const fc_tune_config *c = r->c;
    for (int d = 0; d < c->nparams; d++) {
        r->sum1[d] = calloc((size_t)c->param[d].nvalues, sizeof(double));
        r->cnt1[d] = calloc((size_t)c->param[d].nvalues, sizeof(int));
        if (!r->sum1[d] || !r->cnt1[d])
            return fc_error_set(err, FC_ENOMEM, "out of memory");
        for (int e = d + 1; e < c->nparams; e++) {
            long cells = (long)c->param[d].nvalues * c->param[e].nvalues;
            if (cells > TUNE_PAIR_MAX)
                continue;
            r->sum2[d][e] = calloc((size_t)cells, sizeof(double));
            r->cnt2[d][e] = calloc((size_t)cells, sizeof(int));
            if (!r->sum2[d][e] || !r->cnt2[d][e])
                return fc_error_set(err, FC_ENOMEM, "out of memory");
        }
    }
    return 0;
}

void tune_bandit_update(tune_run *r, tune_cand *t, double reward)
{
    const fc_tune_config *c = r->c;
    for (int d = 0; d < c->nparams; d++) {
        r->sum1[d][t->k[d]] += reward;
        r->cnt1[d][t->k[d]]++;
        for (int e = d + 1; e < c->nparams; e++)
            if (r->sum2[d][e]) {
                size_t cell = (size_t)t->k[d] * (size_t)c->param[e].nvalues + (size_t)t->k[e];
                r->sum2[d][e][cell] += reward;
                r->cnt2[d][e][cell]++;
            }
    }
    t->rsum += reward;
    t->rcnt++;
    r->updates++;
}

static double tune_ucb(const tune_run *r, double sum, int n, double k)
{
    return (n ? sum / n : 0) + k * sqrt(log((double)r->updates + 1) / (n + 0.5));
}

/* The bandit's value of grid point k: the mean over its 1-tuples, 2-tuples and the point itself
 * of mean reward + ucb_k x exploration bonus (ucb_k = 0: the model's estimate alone). */
double tune_model(tune_run *r, const int *k, double ucb_k)
{
    const fc_tune_config *c = r->c;
    double v = 0;
    int nt = 0;
    for (int d = 0; d < c->nparams; d++) {
        v += tune_ucb(r, r->sum1[d][k[d]], r->cnt1[d][k[d]], ucb_k), nt++;
        for (int e = d + 1; e < c->nparams; e++)
            if (r->sum2[d][e]) {
                size_t cell = (size_t)k[d] * (size_t)c->param[e].nvalues + (size_t)k[e];
                v += tune_ucb(r, r->sum2[d][e][cell], r->cnt2[d][e][cell], ucb_k), nt++;
            }
    }
    if (c->nparams > 1) {
        const tune_cand *t = tune_find(r, k);
        v += tune_ucb(r, t ? t->rsum : 0, t ? t->rcnt : 0, ucb_k), nt++;
    }
    return v / nt;
}

/* NTBEA's step: the best of TUNE_NEIGHBOURS mutations of `cur` by the bandit's UCB. Each
 * parameter mutates with probability 1/D, at least one does, to a different grid value. */
void tune_neighbour(tune_run *r, const int *cur, int *best)
{
    const fc_tune_config *c = r->c;
    double best_v = -INFINITY;
    memcpy(best, cur, sizeof(int) * FC_TUNE_MAX_PARAMS);
    for (int i = 0; i < TUNE_NEIGHBOURS; i++) {
        int k[FC_TUNE_MAX_PARAMS];
        memcpy(k, cur, sizeof k);
        int forced = (int)fc_rng_below(&r->rng, (uint32_t)c->nparams);
        for (int d = 0; d < c->nparams; d++) {
            int nv = c->param[d].nvalues;
            if (nv < 2 || (d != forced && fc_rng_below(&r->rng, (uint32_t)c->nparams) != 0))
                continue;
            int j = (int)fc_rng_below(&r->rng, (uint32_t)(nv - 1));
            k[d] = j >= cur[d] ? j + 1 : j;
        }
        double v = tune_model(r, k, TUNE_UCB_K);
        if (v > best_v) {
            best_v = v;
            memcpy(best, k, sizeof k);
        }
    }
}


void tune_bandit_free(tune_run *r)
{
    for (int d = 0; d < FC_TUNE_MAX_PARAMS; d++) {
        free(r->sum1[d]);
        free(r->cnt1[d]);
        for (int e = 0; e < FC_TUNE_MAX_PARAMS; e++) {
            free(r->sum2[d][e]);
            free(r->cnt2[d][e]);
        }
    }
    free(r->slot);
}
