/* Luck by source (luck.h): the design (a base game per group and, per factor, games that
 * change only that factor's seed), the games of both strengths through fc_sim_run with the
 * caller's seeds, and the variance decomposition with its bootstrap over groups. */
#include "formicary/luck.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "formicary/match.h"
#include "formicary/sim.h"
#include "formicary/stats.h"

#define LUCK_SEED_STREAM 0x6c75636b5365656dull /* "luckSeem": the design's seeds */
#define LUCK_BOOT_STREAM 0x6c75636b426f6f74ull /* "luckBoot": the resamples */

static double luck_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

const char *fc_luck_metric_name(int metric)
{
    return metric == FC_LUCK_WIN ? "win" : metric == FC_LUCK_MARGIN ? "margin" : NULL;
}

int fc_luck_games_per_group(int nfactors, int reps)
{
    return 1 + (nfactors >= 3 ? 2 : 1) * nfactors * (reps - 1);
}

/* Factor f's seed in group g, version v (0 = the base game's). */
static uint64_t luck_seed(uint64_t seed, int g, int f, int v)
{
    int32_t key[3] = {g, f, v};
    return fc_hash64(key, sizeof key, seed ^ LUCK_SEED_STREAM);
}

void fc_luck_game_seeds(uint64_t seed, int g, int j, int nsources, int reps, uint64_t *source_seed,
                        uint64_t *agent_seed)
{
    int nf = nsources + 1, t = j - 1, f0 = -1, v = 0;
    bool fixing = false; /* the second kind: f0 keeps its base seed, the others take version v */
    if (j > 0) {
        fixing = t >= nf * (reps - 1);
        t -= fixing ? nf * (reps - 1) : 0;
        f0 = t / (reps - 1);
        v = t % (reps - 1) + 1;
    }
    for (int f = 0; f <= nsources; f++) {
        uint64_t s = luck_seed(seed, g, f, f0 < 0 || (f == f0) == fixing ? 0 : v);
        if (f < nsources)
            source_seed[f] = s;
        else
            *agent_seed = s;
    }
}

/* Game i of the group that varies factor f alone (i = 0 the base game, 1 .. reps - 1 its
 * variants), as an offset in a design group. */
static int luck_slot(int f, int i, int reps) { return i == 0 ? 0 : 1 + f * (reps - 1) + i - 1; }

/* Game i of the group that fixes factor f and varies the others: with two factors those are the
 * games that vary the other factor alone. */
static int luck_fixed_slot(int f, int i, int nfactors, int reps)
{
    if (nfactors == 2)
        return luck_slot(1 - f, i, reps);
    return i == 0 ? 0 : 1 + (nfactors + f) * (reps - 1) + i - 1;
}

/* Group k's games: their sum, sum of squares and the sum over their pairs of (yi - yj)^2. */
static double luck_group(const double *v, int per, double *s, double *s2)
{
    *s = *s2 = 0;
    for (int j = 0; j < per; j++) {
        *s += v[j];
        *s2 += v[j] * v[j];
    }
    return per * *s2 - *s * *s;
}

/* Var(Y) from the pairs of games of different groups; a group counted c times is c copies of
 * the same games, so its copies' pairs are pairs of one group too. *used: the groups counted. */
static double luck_variance(const double *y, int groups, int per, const int *count, double *used)
{
    double sw = 0, swy = 0, swy2 = 0, within = 0, same = 0;
    *used = 0;
    for (int k = 0; k < groups; k++) {
        double c = count ? count[k] : 1, s, s2;
        if (c <= 0)
            continue;
        double pairs = luck_group(y + (size_t)k * (size_t)per, per, &s, &s2);
        sw += c * per;
        swy += c * s;
        swy2 += c * s2;
        within += c * c * pairs;
        same += c * c * per * per;
        *used += c;
    }
    double cross = (sw * sw - same) / 2;  /* pairs of games of different groups */
    double total = sw * swy2 - swy * swy; /* sum over all pairs of (yi - yj)^2 */
    double var = cross > 0 ? (total - within) / (2 * cross) : 0;
    return var < 1e-12 ? 0 : var;
}

/* Factor f's first-order variance Var(E[Y | f]): the variance of the means of the groups that
 * fix f, less the part of it that is their within-group noise (mean within variance / reps). */
static double luck_first(const double *y, int groups, int nf, int reps, int f, const int *count)
{
    int per = fc_luck_games_per_group(nf, reps);
    double n = 0, sm = 0, sm2 = 0, ssw = 0;
    for (int k = 0; k < groups; k++) {
        double c = count ? count[k] : 1, mean = 0;
        const double *v = y + (size_t)k * (size_t)per;
        if (c <= 0)
            continue;
        for (int i = 0; i < reps; i++)
            mean += v[luck_fixed_slot(f, i, nf, reps)] / reps;
        for (int i = 0; i < reps; i++) {
            double d = v[luck_fixed_slot(f, i, nf, reps)] - mean;
            ssw += c * d * d;
        }
        n += c;
        sm += c * mean;
        sm2 += c * mean * mean;
    }
    if (n < 2)
        return NAN;
    double between = (sm2 - sm * sm / n) / (n - 1), within = ssw / (n * (reps - 1));
    return between - within / reps;
}

void fc_luck_estimate(const double *y, int groups, int nfactors, int reps, const int *count, double *var,
                      double *share, double *first)
{
    int per = fc_luck_games_per_group(nfactors, reps);
    double used;
    *var = luck_variance(y, groups, per, count, &used);
    for (int f = 0; f < nfactors; f++) {
        double ss = 0;
        for (int k = 0; k < groups; k++) {
            double c = count ? count[k] : 1, mean = 0;
            const double *v = y + (size_t)k * (size_t)per;
            for (int i = 0; c > 0 && i < reps; i++)
                mean += v[luck_slot(f, i, reps)] / reps;
            for (int i = 0; c > 0 && i < reps; i++)
                ss += c * (v[luck_slot(f, i, reps)] - mean) * (v[luck_slot(f, i, reps)] - mean);
        }
        share[f] = *var > 0 && used > 0 ? ss / (used * (reps - 1)) / *var : NAN;
        if (first)
            first[f] = *var > 0 ? luck_first(y, groups, nfactors, reps, f, count) / *var : NAN;
    }
}

typedef struct luck_run {
    const fc_luck_config *c;
    int nsources, per;
    long done_before, total;
} luck_run;

static void luck_seeds(void *ud, int index, uint64_t *source_seed, uint64_t *agent_seed)
{
    const luck_run *r = ud;
    fc_luck_game_seeds(r->c->seed, index / r->per, index % r->per, r->nsources, r->c->reps, source_seed, agent_seed);
}

static void luck_progress(void *ud, int done, int total)
{
    const luck_run *r = ud;
    (void)total;
    if (r->c->progress)
        r->c->progress(r->c->progress_ud, r->done_before + done, r->total);
}

static int luck_config(const fc_luck_config *c, fc_error *err)
{
    if (!c || !c->rules || !c->spec[0] || !c->spec[1])
        return fc_error_set(err, FC_EINVAL, "luck: no rule set or agents");
    if (c->threads < 1 || c->threads > 1024)
        return fc_error_set(err, FC_ERANGE, "luck: %d threads, expected 1..1024", c->threads);
    if (c->groups < 2 || c->groups > 1000000)
        return fc_error_set(err, FC_ERANGE, "luck: %d groups, expected 2..1000000", c->groups);
    if (c->reps < 2 || c->reps > 16)
        return fc_error_set(err, FC_ERANGE, "luck: %d games per group, expected 2..16", c->reps);
    if (c->boot < 0 || c->boot > 100000)
        return fc_error_set(err, FC_ERANGE, "luck: %d bootstrap resamples, expected 0..100000", c->boot);
    for (int k = 0; k < 2; k++)
        if (strlen(c->spec[k]) >= FC_LUCK_SPEC_MAX)
            return fc_error_set(err, FC_ERANGE, "luck: agent spec longer than %d bytes", FC_LUCK_SPEC_MAX - 1);
    return 0;
}

/* Plays strength k's games into y[metric][game]. */
static int luck_play(luck_run *r, int k, double *y[FC_LUCK_NMETRICS], fc_luck_strength *st, fc_error *err)
{
    const fc_luck_config *c = r->c;
    int n = fc_rules_nseats(c->rules), count = c->groups * r->per;
    fc_sim_game *g = calloc((size_t)count, sizeof *g);
    if (!g)
        return fc_error_set(err, FC_ENOMEM, "out of memory");
    fc_sim_config sc;
    memset(&sc, 0, sizeof sc);
    sc.rules = c->rules;
    sc.nagents = n;
    for (int s = 0; s < n; s++)
        sc.agents[s] = c->spec[k];
    sc.seed = c->seed;
    sc.threads = c->threads;
    sc.fixed_seats = true;
    sc.max_decisions = c->max_decisions;
    sc.progress = luck_progress;
    sc.progress_ud = r;
    sc.game_seeds = luck_seeds;
    sc.game_seeds_ud = r;
    sc.nsources = r->nsources;
    double t0 = luck_now();
    int rc = c->play ? c->play(c->play_ud, &sc, 0, count, g, err) : fc_sim_run(&sc, 0, count, g, err);
    st->seconds = luck_now() - t0;
    for (int i = 0; rc == 0 && i < count; i++) {
        y[FC_LUCK_WIN][i] = fc_sim_value(&g[i], n, FC_SIM_SEAT_WIN, 0);
        y[FC_LUCK_MARGIN][i] = fc_sim_value(&g[i], n, FC_SIM_AGENT_MARGIN, 0);
        st->timeouts += g[i].timeout;
    }
    st->games = count;
    r->done_before += count;
    free(g);
    return rc;
}

/* The 2.5% and 97.5% points of the finite values among x[0..n-1] (sorted in place); NaN when
 * fewer than half are finite (the outcome did not vary in most resamples). */
static int luck_cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void luck_interval(double *x, int n, double *lo, double *hi)
{
    int m = 0;
    for (int i = 0; i < n; i++)
        if (isfinite(x[i]))
            x[m++] = x[i];
    if (m < 1 || 2 * m < n) {
        *lo = *hi = NAN;
        return;
    }
    qsort(x, (size_t)m, sizeof *x, luck_cmp);
    *lo = fc_stats_quantile_sorted(x, (size_t)m, 0.025);
    *hi = fc_stats_quantile_sorted(x, (size_t)m, 0.975);
}

/* The figures of one strength and outcome, stat q of nq = 2 (nf + 1): the T_f (q < nf), their
 * sum (q == nf), then the S_f and their sum. */
static void luck_stats(const double *y, int groups, int nf, int reps, const int *count, double *var, double *q)
{
    double t[FC_LUCK_MAX_FACTORS], s[FC_LUCK_MAX_FACTORS], st = 0, ss = 0;
    fc_luck_estimate(y, groups, nf, reps, count, var, t, s);
    for (int f = 0; f < nf; f++) {
        q[f] = t[f];
        q[nf + 1 + f] = s[f];
        st += t[f];
        ss += s[f];
    }
    q[nf] = st;
    q[2 * nf + 1] = ss;
}

/* Where stat q of strength k (k == 2: the difference strong - weak, NULL for the sums) and
 * outcome m goes in the result. */
static fc_luck_share *luck_target(fc_luck_result *out, int k, int m, int q)
{
    int nf = out->nfactors;
    bool first = q > nf;
    int f = first ? q - nf - 1 : q;
    if (k == 2)
        return f == nf ? NULL : first ? &out->first_diff[f][m] : &out->diff[f][m];
    fc_luck_strength *st = &out->strength[k];
    if (f == nf)
        return first ? &st->first_sum[m] : &st->sum[m];
    return first ? &st->first[f][m] : &st->share[f][m];
}

/* Point estimates, then the bootstrap: the same group resamples for both strengths. */
static int luck_analyse(const fc_luck_config *c, double *y[2][FC_LUCK_NMETRICS], fc_luck_result *out, fc_error *err)
{
    int nf = out->nfactors, B = out->boot, G = c->groups, nq = 2 * (nf + 1), M = FC_LUCK_NMETRICS;
    /* series (k, m, q) of B resamples; k == 2 the difference strong - weak */
    double *boot = malloc((size_t)3 * M * nq * (size_t)B * sizeof *boot), var;
    int *pick = malloc((size_t)G * sizeof *pick); /* how often each group is drawn */
    if (!boot || !pick) {
        free(boot);
        free(pick);
        return fc_error_set(err, FC_ENOMEM, "out of memory");
    }
#define SERIES(k, m, q) (boot + (((size_t)(k) * M + (size_t)(m)) * (size_t)nq + (size_t)(q)) * (size_t)B)
    double base[2][FC_LUCK_NMETRICS][2 * FC_LUCK_MAX_FACTORS + 2], q[2][2 * FC_LUCK_MAX_FACTORS + 2];
    for (int k = 0; k < 2; k++)
        for (int m = 0; m < M; m++) {
            fc_luck_strength *st = &out->strength[k];
            luck_stats(y[k][m], G, nf, c->reps, NULL, &st->var[m], base[k][m]);
            double mean = 0;
            for (long i = 0; i < st->games; i++)
                mean += y[k][m][i];
            st->mean[m] = st->games ? mean / (double)st->games : 0;
        }
    fc_rng rng;
    fc_rng_seed(&rng, c->seed, LUCK_BOOT_STREAM);
    for (int b = 0; b < B; b++) {
        memset(pick, 0, (size_t)G * sizeof *pick);
        for (int g = 0; g < G; g++)
            pick[fc_rng_below(&rng, (uint32_t)G)]++;
        for (int m = 0; m < M; m++)
            for (int k = 0; k < 3; k++)
                for (int i = 0; i < nq; i++) {
                    if (k < 2 && i == 0)
                        luck_stats(y[k][m], G, nf, c->reps, pick, &var, q[k]);
                    SERIES(k, m, i)[b] = k < 2 ? q[k][i] : q[1][i] - q[0][i];
                }
    }
    for (int k = 0; k < 3; k++)
        for (int m = 0; m < M; m++)
            for (int i = 0; i < nq; i++) {
                fc_luck_share *t = luck_target(out, k, m, i);
                if (!t)
                    continue;
                t->value = k < 2 ? base[k][m][i] : base[1][m][i] - base[0][m][i];
                luck_interval(SERIES(k, m, i), B, &t->lo, &t->hi);
            }
#undef SERIES
    free(boot);
    free(pick);
    return 0;
}

/* The game's sources as factors, then "agents"; a game without chance is refused. */
static int luck_factors(const fc_luck_config *c, fc_luck_result *out, int *nsources, fc_error *err)
{
    const char *names[FC_CHANCE_SOURCES_MAX];
    int n = fc_rules_chance_sources(c->rules, names, &out->setup, err);
    if (n < 0)
        return n;
    if (n == 0)
        return fc_error_set(err, FC_EINVAL, "%s has no chance: every seed plays the same game",
                            fc_rules_plugin(c->rules)->id);
    for (int i = 0; i < n; i++)
        snprintf(out->factor[i], sizeof out->factor[i], "%s", names[i]);
    snprintf(out->factor[n], sizeof out->factor[n], "agents");
    out->nfactors = n + 1;
    *nsources = n;
    return 0;
}

int fc_luck_run(const fc_luck_config *c, fc_luck_result *out, fc_error *err)
{
    memset(out, 0, sizeof *out);
    luck_run r;
    memset(&r, 0, sizeof r);
    int rc = luck_config(c, err);
    if (rc == 0)
        rc = luck_factors(c, out, &r.nsources, err);
    for (int k = 0; rc == 0 && k < 2; k++) { /* the agents against the rules, before any game */
        fc_sim_config sc;
        memset(&sc, 0, sizeof sc);
        sc.rules = c->rules;
        sc.nagents = fc_rules_nseats(c->rules);
        sc.threads = 1;
        for (int s = 0; s < sc.nagents; s++)
            sc.agents[s] = c->spec[k];
        rc = fc_sim_check(&sc, err);
    }
    if (rc != 0)
        return rc;
    double t0 = luck_now();
    r.c = c;
    r.per = fc_luck_games_per_group(out->nfactors, c->reps);
    if ((long)c->groups * r.per > 100000000L)
        return fc_error_set(err, FC_ERANGE, "luck: %ld games per strength, at most 100000000",
                            (long)c->groups * r.per);
    r.total = 2L * c->groups * r.per;
    out->groups = c->groups;
    out->reps = c->reps;
    out->boot = c->boot > 0 ? c->boot : FC_LUCK_BOOT_DEFAULT;
    double *y[2][FC_LUCK_NMETRICS] = {{NULL}};
    for (int k = 0; k < 2; k++)
        for (int m = 0; m < FC_LUCK_NMETRICS; m++)
            if (!(y[k][m] = calloc((size_t)c->groups * (size_t)r.per, sizeof(double))))
                rc = fc_error_set(err, FC_ENOMEM, "out of memory");
    for (int k = 0; rc == 0 && k < 2; k++) {
        snprintf(out->strength[k].spec, sizeof out->strength[k].spec, "%s", c->spec[k]);
        rc = luck_play(&r, k, y[k], &out->strength[k], err);
    }
    if (rc == 0)
        rc = luck_analyse(c, y, out, err);
    out->games = r.done_before;
    for (int k = 0; k < 2; k++)
        for (int m = 0; m < FC_LUCK_NMETRICS; m++)
            free(y[k][m]);
    out->seconds = luck_now() - t0;
    return rc;
}
