/* Sensitivity screening (sensitivity.h): the design points of a method, their games, and the
 * effects. Every point plays game indices 0..games-1 with the configuration's seed, so point
 * values are paired by game; the Morris trajectories and the bootstrap draw from streams of the
 * seed. Nothing depends on the thread count (fc_sim_run stores game i at index i). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "formicary/rng.h"
#include "formicary/sensitivity.h"
#include "formicary/stats.h"

enum { STREAM_MORRIS = 0x6d6f7272, STREAM_SBOOT = 0x73626f6f };

static double sens_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* One design point: its values and, once played, games x nmetrics per-game values (NULL when
 * the game refused the values). */
typedef struct sens_point {
    int64_t v[FC_SENS_MAX_PARAMS];
    double *y;
    char error[128];
} sens_point;

typedef struct sens_run {
    const fc_sens_config *c;
    fc_tune_config tc;          /* the base layers, for fc_tune_base */
    sens_point *pt;
    int npt;
    fc_sim_game *buf;
    long done, total;
} sens_run;

/* The rule set of point values: the base layers, then every screened value; NULL with e set
 * when the game refuses it. */
static fc_rules *sens_rules(const sens_run *r, const int64_t *v, fc_error *e)
{
    const fc_sens_config *c = r->c;
    fc_rules *rules = fc_tune_base(&r->tc, e);
    int rc = rules ? 0 : FC_EINVAL;
    for (int p = 0; rc == 0 && p < c->nparams; p++) {
        fc_value val;
        memset(&val, 0, sizeof val);
        val.i = v[p];
        char text[FC_PARAM_NAME_MAX + 80];
        int len = snprintf(text, sizeof text, "%s=", c->param[p].name);
        if (fc_param_format(c->param[p].def, &val, text + len, sizeof text - (size_t)len) < 0)
            rc = fc_error_set(e, FC_EINVAL, "cannot write %s = %lld", c->param[p].name, (long long)v[p]);
        else
            rc = fc_rules_set(rules, text, e);
    }
    return fc_rules_finish_or_free(rules, rc, e);
}

/* The values of point k that differ from the base, "goal=5 tokens=3" ("the base" for none). */
static void sens_point_text(const sens_run *r, int k, char *buf, size_t n)
{
    const fc_sens_config *c = r->c;
    size_t len = 0;
    buf[0] = '\0';
    for (int p = 0; p < c->nparams && len + 1 < n; p++) {
        if (r->pt[k].v[p] == c->base[p])
            continue;
        fc_value val;
        memset(&val, 0, sizeof val);
        val.i = r->pt[k].v[p];
        char v[64];
        if (fc_param_format(c->param[p].def, &val, v, sizeof v) < 0)
            snprintf(v, sizeof v, "%lld", (long long)val.i);
        int w = snprintf(buf + len, n - len, "%s%s=%s", len ? " " : "", c->param[p].name, v);
        len += w > 0 ? (size_t)w : 0;
    }
    if (!buf[0])
        snprintf(buf, n, "the base");
}

/* One more point's games counted (a refused point's too: the progress reaches the total). */
static void sens_done(sens_run *r)
{
    r->done += r->c->games;
    if (r->c->progress) {
        fc_sens_progress p = {r->done, r->total};
        r->c->progress(r->c->progress_ud, &p);
    }
}

/* Plays every game of point k; a refused rule set marks it (not an error), a failing game is. */
static int sens_play(sens_run *r, int k, fc_error *err)
{
    const fc_sens_config *c = r->c;
    sens_point *pt = &r->pt[k];
    fc_error e;
    fc_error_clear(&e);
    int rc = 0;
    if (c->play) {
        rc = c->play(c->play_ud, pt->v, 0, c->games, r->buf, &e);
    } else {
        fc_rules *rules = sens_rules(r, pt->v, &e);
        if (!rules) {
            snprintf(pt->error, sizeof pt->error, "%.127s", e.msg[0] ? e.msg : "refused");
            if (c->on_point)
                c->on_point(c->on_point_ud, k, pt->v, pt->error, NULL, 0);
            sens_done(r);
            return 0;
        }
        fc_sim_config sc;
        memset(&sc, 0, sizeof sc);
        sc.rules = rules;
        sc.nagents = c->nseats;
        for (int s = 0; s < c->nseats; s++)
            sc.agents[s] = c->agents[s];
        sc.seed = c->seed; /* every point plays the same deals */
        sc.threads = c->threads;
        sc.max_decisions = c->max_decisions;
        sc.opening = c->opening;
        rc = c->play_sim ? c->play_sim(c->play_sim_ud, &sc, 0, c->games, r->buf, &e)
                         : fc_sim_run(&sc, 0, c->games, r->buf, &e);
        fc_rules_free(rules);
    }
    if (rc != 0) {
        char where[256];
        sens_point_text(r, k, where, sizeof where);
        return fc_error_set(err, rc, "sensitivity: design point %d (%s): %s", k, where, e.msg[0] ? e.msg : "failed");
    }
    if (c->on_point)
        c->on_point(c->on_point_ud, k, pt->v, NULL, r->buf, c->games);
    if (!(pt->y = malloc((size_t)c->games * (size_t)c->nmetrics * sizeof *pt->y)))
        return fc_error_set(err, FC_ENOMEM, "out of memory");
    for (int g = 0; g < c->games; g++)
        for (int m = 0; m < c->nmetrics; m++)
            pt->y[g * c->nmetrics + m] = fc_sim_value(&r->buf[g], c->nseats, c->metric[m].kind, c->metric[m].arg);
    sens_done(r);
    return 0;
}

/* The mean of metric m over point k's games (NaN for a refused point). */
static double sens_mean(const sens_run *r, int k, int m)
{
    const sens_point *pt = &r->pt[k];
    if (!pt->y)
        return NAN;
    double s = 0;
    for (int g = 0; g < r->c->games; g++)
        s += pt->y[g * r->c->nmetrics + m];
    return s / r->c->games;
}

/* ---- one at a time ---- */

/* Points: 0 the baseline, then per parameter its low and high end (the baseline again when an
 * end is the base value: index 0). at[p][0..1] says which point each end is. */
static int sens_oat_points(sens_run *r, int at[][2])
{
    const fc_sens_config *c = r->c;
    r->npt = 1;
    memcpy(r->pt[0].v, c->base, sizeof c->base);
    for (int p = 0; p < c->nparams; p++)
        for (int e = 0; e < 2; e++) {
            int64_t v = e ? c->param[p].hi : c->param[p].lo;
            if (v == c->base[p]) {
                at[p][e] = 0;
                continue;
            }
            at[p][e] = r->npt;
            memcpy(r->pt[r->npt].v, c->base, sizeof c->base);
            r->pt[r->npt++].v[p] = v;
        }
    return r->npt;
}

/* The paired effect of point k against the baseline on metric m. */
static void sens_paired(const sens_run *r, int k, int m, double *a, double *b, fc_sens_est *out)
{
    const fc_sens_config *c = r->c;
    if (!r->pt[k].y) {
        out->value = out->lo = out->hi = NAN;
        return;
    }
    for (int g = 0; g < c->games; g++) {
        a[g] = r->pt[0].y[g * c->nmetrics + m];
        b[g] = r->pt[k].y[g * c->nmetrics + m];
    }
    fc_stats_diff d;
    fc_stats_paired(a, b, (size_t)c->games, &d);
    out->value = d.diff;
    out->lo = d.lo;
    out->hi = d.hi;
}

static int sens_oat_effects(const sens_run *r, const int at[][2], fc_sens_result *res)
{
    const fc_sens_config *c = r->c;
    double *a = malloc((size_t)c->games * 2 * sizeof *a);
    if (!a)
        return FC_ENOMEM;
    for (int p = 0; p < c->nparams; p++) {
        res->low[p] = c->param[p].lo;
        res->high[p] = c->param[p].hi;
        snprintf(res->low_error[p], sizeof res->low_error[p], "%s", r->pt[at[p][0]].error);
        snprintf(res->high_error[p], sizeof res->high_error[p], "%s", r->pt[at[p][1]].error);
        for (int m = 0; m < c->nmetrics; m++) {
            fc_sens_cell *cell = &res->cell[p * c->nmetrics + m];
            cell->mean_low = sens_mean(r, at[p][0], m);
            cell->mean_high = sens_mean(r, at[p][1], m);
            sens_paired(r, at[p][0], m, a, a + c->games, &cell->low);
            sens_paired(r, at[p][1], m, a, a + c->games, &cell->high);
            if (at[p][0] == 0) /* the base value itself: no effect, exactly */
                cell->low.lo = cell->low.hi = cell->low.value = 0;
            if (at[p][1] == 0)
                cell->high.lo = cell->high.hi = cell->high.value = 0;
            double l = fabs(cell->low.value), h = fabs(cell->high.value);
            cell->importance = isnan(l) ? h : isnan(h) ? l : fmax(l, h);
            cell->significant = cell->low.lo > 0 || cell->low.hi < 0 || cell->high.lo > 0 || cell->high.hi < 0;
            cell->mu_star.value = cell->mu_star.lo = cell->mu_star.hi = NAN;
            cell->mu = cell->sigma = cell->mu_star;
        }
    }
    free(a);
    return 0;
}

/* ---- elementary effects ---- */

/* Trajectory t's points start at index 1 + t (P + 1): a random grid point, then each parameter
 * in random order moved by L/2 levels (up from the lower half, down from the upper). moved[t][j]
 * is the parameter the j-th step moves. */
static void sens_morris_points(sens_run *r, int (*moved)[FC_SENS_MAX_PARAMS])
{
    const fc_sens_config *c = r->c;
    int P = c->nparams, L = c->levels;
    fc_rng rng;
    fc_rng_seed(&rng, c->seed, STREAM_MORRIS);
    r->npt = 1;
    memcpy(r->pt[0].v, c->base, sizeof c->base);
    for (int t = 0; t < c->trajectories; t++) {
        int lv[FC_SENS_MAX_PARAMS];
        for (int p = 0; p < P; p++) {
            lv[p] = (int)fc_rng_below(&rng, (uint32_t)L);
            moved[t][p] = p;
        }
        fc_rng_shuffle(&rng, moved[t], (size_t)P, sizeof moved[t][0]);
        for (int j = 0; j <= P; j++) {
            if (j > 0) {
                int p = moved[t][j - 1];
                lv[p] += lv[p] < L / 2 ? L / 2 : -L / 2;
            }
            sens_point *pt = &r->pt[r->npt++];
            memcpy(pt->v, c->base, sizeof c->base);
            for (int p = 0; p < P; p++)
                pt->v[p] = fc_sens_level_value(&c->param[p], L, lv[p]);
        }
    }
}

static int cmp_double(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

/* mu*, mu and sigma of the n effects e[], with percentile bootstrap intervals. */
static void sens_morris_stats(const double *e, int n, fc_rng *rng, double *boot, fc_sens_cell *cell)
{
    fc_sens_est *est[3] = {&cell->mu_star, &cell->mu, &cell->sigma};
    for (int s = 0; s < 3; s++)
        est[s]->value = est[s]->lo = est[s]->hi = NAN;
    cell->effects = n;
    if (n < 1)
        return;
    for (int b = -1; b < FC_SENS_BOOT; b++) { /* b = -1: the sample itself */
        double sa = 0, mean = 0, m2 = 0; /* Welford: a constant sample has sigma exactly 0 */
        for (int i = 0; i < n; i++) {
            double x = e[b < 0 ? i : (int)fc_rng_below(rng, (uint32_t)n)], d = x - mean;
            sa += fabs(x);
            mean += d / (i + 1);
            m2 += d * (x - mean);
        }
        double v[3] = {sa / n, mean, n > 1 ? sqrt(fmax(m2, 0) / (n - 1)) : 0};
        for (int k = 0; k < 3; k++) {
            if (b < 0)
                est[k]->value = v[k];
            else
                boot[k * FC_SENS_BOOT + b] = v[k];
        }
    }
    for (int k = 0; k < 3; k++) {
        qsort(boot + k * FC_SENS_BOOT, FC_SENS_BOOT, sizeof *boot, cmp_double);
        est[k]->lo = fc_stats_quantile_sorted(boot + k * FC_SENS_BOOT, FC_SENS_BOOT, 0.025);
        est[k]->hi = fc_stats_quantile_sorted(boot + k * FC_SENS_BOOT, FC_SENS_BOOT, 0.975);
    }
}

/* Elementary effects of every move: (change of the mean) / (share of the range moved). */
static int sens_morris_effects(const sens_run *r, int (*moved)[FC_SENS_MAX_PARAMS], fc_sens_result *res)
{
    const fc_sens_config *c = r->c;
    int P = c->nparams, T = c->trajectories;
    double *e = malloc((size_t)T * sizeof *e), *boot = malloc(3 * FC_SENS_BOOT * sizeof *boot);
    double *ee = malloc((size_t)T * (size_t)P * (size_t)c->nmetrics * sizeof *ee); /* [t][p][m] */
    if (!e || !boot || !ee) {
        free(e), free(boot), free(ee);
        return FC_ENOMEM;
    }
    for (int t = 0; t < T; t++)
        for (int j = 1; j <= P; j++) {
            int k = 1 + t * (P + 1) + j, p = moved[t][j - 1];
            double share = ((double)r->pt[k].v[p] - (double)r->pt[k - 1].v[p]) /
                           ((double)c->param[p].hi - (double)c->param[p].lo);
            for (int m = 0; m < c->nmetrics; m++)
                ee[((size_t)t * P + p) * c->nmetrics + m] = (sens_mean(r, k, m) - sens_mean(r, k - 1, m)) / share;
        }
    for (int p = 0; p < P; p++) {
        res->low[p] = c->param[p].lo;
        res->high[p] = c->param[p].hi;
        for (int m = 0; m < c->nmetrics; m++) {
            int n = 0;
            for (int t = 0; t < T; t++) {
                double x = ee[((size_t)t * P + p) * c->nmetrics + m];
                if (isfinite(x))
                    e[n++] = x;
            }
            fc_rng rng;
            fc_rng_seed(&rng, c->seed ^ ((uint64_t)p << 32 | (uint64_t)m), STREAM_SBOOT);
            fc_sens_cell *cell = &res->cell[p * c->nmetrics + m];
            sens_morris_stats(e, n, &rng, boot, cell);
            cell->mean_low = cell->mean_high = NAN;
            cell->low.value = cell->low.lo = cell->low.hi = NAN;
            cell->high = cell->low;
            cell->importance = cell->mu_star.value;
            /* not mu*'s bound: |noise| keeps it above 0; mu's interval is unbiased */
            cell->significant = cell->mu.lo > 0 || cell->mu.hi < 0;
        }
    }
    free(e), free(boot), free(ee);
    return 0;
}

/* ---- the run ---- */

typedef struct sens_key {
    double v;
    int p;
} sens_key;

/* Descending importance, NaN last, then parameter order. */
static int cmp_key(const void *x, const void *y)
{
    const sens_key *a = x, *b = y;
    bool na = isnan(a->v), nb = isnan(b->v);
    if (na != nb)
        return na ? 1 : -1;
    if (!na && a->v != b->v)
        return a->v < b->v ? 1 : -1;
    return a->p - b->p;
}

static void sens_rank(fc_sens_result *res)
{
    sens_key key[FC_SENS_MAX_PARAMS];
    for (int m = 0; m < res->nmetrics; m++) {
        for (int p = 0; p < res->nparams; p++)
            key[p] = (sens_key){fc_sens_at(res, p, m)->importance, p};
        qsort(key, (size_t)res->nparams, sizeof key[0], cmp_key);
        for (int k = 0; k < res->nparams; k++)
            res->rank[m * res->nparams + k] = key[k].p;
    }
}

/* The metric at the base values: mean and 95% t interval over the baseline's games. */
static void sens_baseline(const sens_run *r, fc_sens_result *res, double *x)
{
    const fc_sens_config *c = r->c;
    for (int m = 0; m < c->nmetrics; m++) {
        for (int g = 0; g < c->games; g++)
            x[g] = r->pt[0].y[g * c->nmetrics + m];
        fc_stats_summary s;
        fc_stats_describe(x, (size_t)c->games, &s);
        double half = fc_stats_t975((size_t)c->games - 1) * s.sd / sqrt((double)c->games);
        res->baseline[m] = (fc_sens_est){s.mean, s.mean - half, s.mean + half};
    }
}

static void sens_free_points(sens_run *r, int n)
{
    for (int k = 0; k < n && r->pt; k++)
        free(r->pt[k].y);
    free(r->pt);
    free(r->buf);
}

/* Plays every point and computes the effects. */
static int sens_main(sens_run *r, fc_sens_result *res, fc_error *err)
{
    const fc_sens_config *c = r->c;
    int (*moved)[FC_SENS_MAX_PARAMS] = NULL;
    int (*ends)[2] = calloc(FC_SENS_MAX_PARAMS, sizeof *ends);
    if (!ends)
        return fc_error_set(err, FC_ENOMEM, "out of memory");
    if (c->method == FC_SENS_MORRIS) {
        if (!(moved = calloc((size_t)c->trajectories, sizeof *moved))) {
            free(ends);
            return fc_error_set(err, FC_ENOMEM, "out of memory");
        }
        sens_morris_points(r, moved);
    } else {
        sens_oat_points(r, ends);
    }
    r->total = (long)r->npt * c->games;
    int rc = 0;
    for (int k = 0; rc == 0 && k < r->npt; k++)
        rc = sens_play(r, k, err);
    if (rc == 0 && !r->pt[0].y)
        rc = fc_error_set(err, FC_EINVAL, "sensitivity: the base rule set is refused: %s", r->pt[0].error);
    res->points = r->npt;
    for (int k = 0; rc == 0 && k < r->npt; k++)
        res->invalid += r->pt[k].y == NULL;
    if (rc == 0)
        rc = c->method == FC_SENS_MORRIS ? sens_morris_effects(r, moved, res) : sens_oat_effects(r, ends, res);
    if (rc == FC_ENOMEM && !(err && err->msg[0]))
        fc_error_set(err, FC_ENOMEM, "out of memory");
    free(ends);
    free(moved);
    return rc;
}

fc_sens_result *fc_sens_run(const fc_sens_config *c, fc_error *err)
{
    double t0 = sens_now();
    sens_run r;
    memset(&r, 0, sizeof r);
    r.c = c;
    r.tc.ctx = c->ctx, r.tc.game = c->game, r.tc.nseats = c->nseats, r.tc.ini = c->ini, r.tc.variant = c->variant;
    r.tc.sets = c->sets, r.tc.nsets = c->nsets;
    int cap = c->method == FC_SENS_MORRIS ? 1 + c->trajectories * (c->nparams + 1) : 1 + 2 * c->nparams;
    fc_sens_result *res = calloc(1, sizeof *res);
    r.pt = calloc((size_t)cap, sizeof *r.pt);
    r.buf = calloc((size_t)c->games, sizeof *r.buf);
    if (res) {
        res->cell = calloc((size_t)c->nparams * (size_t)c->nmetrics, sizeof *res->cell);
        res->rank = calloc((size_t)c->nparams * (size_t)c->nmetrics, sizeof *res->rank);
    }
    int rc = !res || !r.pt || !r.buf || !res->cell || !res->rank ? fc_error_set(err, FC_ENOMEM, "out of memory") : 0;
    if (rc == 0) {
        res->method = c->method;
        res->nparams = c->nparams;
        res->nmetrics = c->nmetrics;
        rc = sens_main(&r, res, err);
    }
    double *x = rc == 0 ? malloc((size_t)c->games * sizeof *x) : NULL;
    if (rc == 0 && !x)
        rc = fc_error_set(err, FC_ENOMEM, "out of memory");
    if (rc == 0) {
        sens_baseline(&r, res, x);
        sens_rank(res);
        res->games = r.done;
        res->seconds = sens_now() - t0;
    }
    free(x);
    sens_free_points(&r, cap);
    if (rc != 0) {
        fc_sens_result_free(res);
        return NULL;
    }
    return res;
}

void fc_sens_result_free(fc_sens_result *r)
{
    if (!r)
        return;
    free(r->cell);
    free(r->rank);
    free(r);
}
