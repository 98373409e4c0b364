/* Sensitivity screening (docs/metrics.md, "Sensitivity"): which parameters of a design move
 * which metrics, and by how much. Two methods:
 *
 *  - one at a time (OAT): every parameter alone is moved to the low and to the high end of its
 *    range, the others kept at the base rule set's values; each point plays the same game
 *    indices as the baseline (common random numbers: game i of every point uses the seeds of
 *    sim game i), so an effect is a paired difference point - baseline with a 95% t interval.
 *  - elementary effects (Morris): r trajectories over a grid of L levels per parameter; a
 *    trajectory starts at a random grid point and moves every parameter once, in random order,
 *    by L/2 levels. Each move gives an elementary effect: the change of the metric divided by
 *    the share of the parameter's range moved, i.e. the change over the whole range lo..hi if
 *    the response were linear. mu* (mean |effect|) ranks importance, sigma (their standard
 *    deviation) shows interactions or curvature; both with 95% bootstrap intervals over the
 *    trajectories.
 *
 * Metrics are sim metrics measured per game (fc_sim_value: rounds, seat_win:S, score:A, ...).
 * Parameters are int, bool or enum (choice indices) ones, of the game or a variant. Everything
 * is a pure function of the configuration: the thread count changes nothing. */
#ifndef FORMICARY_SENSITIVITY_H
#define FORMICARY_SENSITIVITY_H

#include <stdbool.h>
#include <stdint.h>

#include "formicary/context.h"
#include "formicary/error.h"
#include "formicary/rules.h"
#include "formicary/seats.h"
#include "formicary/sim.h"
#include "formicary/tune.h"

#define FC_SENS_MAX_PARAMS 64
#define FC_SENS_MAX_METRICS 16
#define FC_SENS_LEVELS_DEFAULT 4
#define FC_SENS_TRAJECTORIES_DEFAULT 10
#define FC_SENS_BOOT 1000 /* bootstrap resamples of the Morris intervals */
#define FC_SENS_MAX_VALUES 100000000.0 /* points x games x metrics kept (8 bytes each) */

typedef enum fc_sens_method { FC_SENS_OAT, FC_SENS_MORRIS } fc_sens_method;

/* One measured metric: a sim metric and its agent or seat (0-based). */
typedef struct fc_sens_metric {
    char name[48]; /* "rounds", "seat_win:1" */
    fc_sim_metric kind;
    int arg;
} fc_sens_metric;

/* "rounds", "seat_win:2", "score:1" for a rule set of nseats seats; an unknown name suggests
 * the closest. */
int fc_sens_metric_parse(const char *text, int nseats, fc_sens_metric *out, fc_error *err);
/* "oat" or "morris"; -1 for another name. */
int fc_sens_method_parse(const char *name);
const char *fc_sens_method_name(fc_sens_method m);

/* "NAME" (its whole declared range, filled by fc_sens_check) or "NAME=LO..HI" (no step: OAT
 * uses the ends, Morris its own levels). */
int fc_sens_param_parse(const char *text, fc_tune_param *out, fc_error *err);

typedef struct fc_sens_progress {
    long games, total;
} fc_sens_progress;

typedef struct fc_sens_config {
    /* the base rule set: game defaults < ini < variant < sets, then the screened values */
    fc_context *ctx;
    const char *game;
    int nseats;
    const char *ini;            /* NULL or a rule-set INI path */
    const char *variant;        /* NULL or a Lua variant path */
    const char *const *sets;    /* "key=value" below the screened values */
    int nsets;
    /* nparams == 0: fc_sens_check fills in every int and bool parameter of the game and the
     * variant whose range has two values or more, except those a --set fixes */
    int nparams;
    fc_tune_param param[FC_SENS_MAX_PARAMS];
    int64_t base[FC_SENS_MAX_PARAMS]; /* filled by fc_sens_check: each one's value in the base */
    /* nmetrics == 0: seat_win:1, rounds, margin, lead_changes */
    int nmetrics;
    fc_sens_metric metric[FC_SENS_MAX_METRICS];
    fc_sens_method method;
    int levels;                 /* Morris: an even number 2..20 (0: 4) */
    int trajectories;           /* Morris: 2..1000 (0: 10) */
    int games;                  /* games per design point, >= 2 */
    const char *agents[FC_MAX_SEATS]; /* one spec per seat; seats rotate as in sim */
    uint64_t seed;
    int threads;
    long max_decisions;
    int opening;                /* random first seat decisions of every game (fc_sim_config.opening):
                                 * drawn from the deal's seed, the same at every point, so that a
                                 * deterministic agent (ab) meets varied deals (0..10000) */
    void (*progress)(void *ud, const fc_sens_progress *p);
    void *progress_ud;
    /* optional (tests, other evaluators): plays games first..first+count-1 of the design with
     * these values (one per param) instead of building its rule set; game i must depend only
     * on (values, i). With play, ctx may be NULL and every param[i].def must be set. */
    int (*play)(void *ud, const int64_t *values, int first, int count, fc_sim_game *out, fc_error *err);
    void *play_ud;
    /* optional: each design point once played, in order, from the screening's thread (a front
     * end keeps them: the runs database): its number (0: the base values), its values (one per
     * param), and its games 0..n-1, or for a point the game refused why (g NULL, n 0). */
    void (*on_point)(void *ud, int point, const int64_t *values, const char *refused, const fc_sim_game *g, int n);
    void *on_point_ud;
    /* optional: plays games in place of fc_sim_run (a front end's distributed runner, as
     * `formicary sensitivity` under mpirun): fills out[0..count-1] exactly as fc_sim_run(cfg, first,
     * count, out, err) would, called from the screening's thread only, one call per design point (play, above, takes precedence). */
    int (*play_sim)(void *ud, const fc_sim_config *cfg, int first, int count, fc_sim_game *out, fc_error *err);
    void *play_sim_ud;
} fc_sens_config;

/* Checks the configuration: the base layers, every parameter against the schema (unknown names
 * suggest the closest; ranges inside the declared bounds; a range of one value, or a parameter
 * given twice, is refused), the metrics, levels, trajectories, games and agents, and that the
 * values kept (points x games x metrics) stay within FC_SENS_MAX_VALUES. Fills in the
 * default parameters and metrics, param[i].def and base[]. One line in err on failure. */
int fc_sens_check(fc_sens_config *c, fc_error *err);

/* One estimate with its 95% interval (NaN when there is none). */
typedef struct fc_sens_est {
    double value, lo, hi;
} fc_sens_est;

/* One parameter against one metric. */
typedef struct fc_sens_cell {
    /* OAT: the metric's mean at the low and high end, and the effect (end - baseline, paired
     * over the games) with its 95% t interval; NaN at an end the game refused */
    double mean_low, mean_high;
    fc_sens_est low, high;
    /* Morris: mean |elementary effect|, mean effect, standard deviation; intervals by
     * bootstrap over the trajectories; `effects` finite ones behind them */
    fc_sens_est mu_star, mu, sigma;
    int effects;
    /* what the ranking sorts by (descending): OAT the larger |effect| of the two ends, Morris
     * mu*; NaN sorts last */
    double importance;
    /* OAT: an end's interval excludes 0; Morris: mu's interval excludes 0 (a consistent sign;
     * mu*'s lower bound is above 0 for any noisy metric) */
    bool significant;
} fc_sens_cell;

typedef struct fc_sens_result {
    fc_sens_method method;
    int nparams, nmetrics;
    int64_t low[FC_SENS_MAX_PARAMS], high[FC_SENS_MAX_PARAMS];
    char low_error[FC_SENS_MAX_PARAMS][128]; /* OAT: why the game refused that end, "" */
    char high_error[FC_SENS_MAX_PARAMS][128];
    fc_sens_est baseline[FC_SENS_MAX_METRICS]; /* the metric at the base values (mean, 95% t) */
    fc_sens_cell *cell;   /* [param * nmetrics + metric] */
    int *rank;            /* [metric * nparams + k]: the parameter ranked k-th for that metric */
    int points;           /* design points played (the baseline included) */
    int invalid;          /* points the game refused */
    long games;
    double seconds;
} fc_sens_result;

/* Runs the screening (after fc_sens_check). NULL with err set if a game fails or the base
 * values themselves are refused. */
fc_sens_result *fc_sens_run(const fc_sens_config *c, fc_error *err);
void fc_sens_result_free(fc_sens_result *r);
static inline const fc_sens_cell *fc_sens_at(const fc_sens_result *r, int param, int metric)
{
    return &r->cell[param * r->nmetrics + metric];
}

/* The grid value of level k (0..levels-1) of a parameter lo..hi: lo + round(k (hi - lo) /
 * (levels - 1)). */
int64_t fc_sens_level_value(const fc_tune_param *p, int levels, int k);

#endif
