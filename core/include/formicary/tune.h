/* Tuning: a search for parameter values of a rule set that meet design targets measured by
 * simulation (docs/tuning.md). The grid of candidate values is explored by an N-tuple bandit
 * (NTBEA), every candidate plays the same games (common random numbers: game i of every
 * candidate uses the seeds of sim game i), then the promising candidates race: each round
 * doubles their games, and a candidate is dropped only when a paired bootstrap shows its loss
 * worse than the leader's at one-sided 95%. Targets that conflict leave a Pareto front.
 * With a budget in games the result is a pure function of the configuration, whatever the
 * thread count; a budget in seconds depends on the machine's speed (through the clock's
 * readings: the same readings give the same result). */
#ifndef FORMICARY_TUNE_H
#define FORMICARY_TUNE_H

#include <stdbool.h>
#include <stdint.h>

#include "formicary/context.h"
#include "formicary/error.h"
#include "formicary/params.h"
#include "formicary/rules.h"
#include "formicary/seats.h"
#include "formicary/sim.h"

#define FC_TUNE_MAX_PARAMS 8
#define FC_TUNE_MAX_TARGETS 8
#define FC_TUNE_MAX_VALUES 10000 /* grid values of one parameter */

/* One searched parameter: "name=lo..hi[:step]" (integers; a bool is 0..1, an enum its choice
 * indices). `def` is set by fc_tune_check from the rule set's schema. */
typedef struct fc_tune_param {
    char name[FC_PARAM_NAME_MAX];
    int64_t lo, hi, step;
    int nvalues;                /* (hi - lo) / step + 1 */
    const fc_param_def *def;    /* after fc_tune_check: the game's, or vdef */
    fc_param_def vdef;          /* a variant's declared parameter (its name is `name`) */
} fc_tune_param;

/* Parses "name=lo..hi[:step]" (the syntax only; the schema is checked by fc_tune_check). */
int fc_tune_param_parse(const char *text, fc_tune_param *out, fc_error *err);
/* The grid value k (0 <= k < nvalues) of a parameter. */
int64_t fc_tune_param_value(const fc_tune_param *p, int k);

/* The index range a parameter's schema allows: [min, max] for int, 0..1 for bool, the choice
 * indices for an enum; false for the types that cannot be searched (string, list, path). */
bool fc_tune_param_bounds(const fc_param_def *d, int64_t *lo, int64_t *hi);
/* Checks one parsed parameter against the schema of `base` (fc_tune_base): an unknown name
 * suggests the closest, the type must be searchable and the range inside the declared bounds.
 * Fills tp->def (a variant's parameter is copied into tp->vdef, so base may be freed after).
 * fc_tune_check calls it for every --param; sensitivity.h too. */
int fc_tune_param_check(const fc_rules *base, fc_tune_param *tp, fc_error *err);

/* What a target measures: a sim metric (fc_sim_metric, with its agent/seat `arg`) or one of the
 * run-level metrics below. */
enum {
    FC_TUNE_BALANCE = FC_SIM_NMETRICS, /* 1 - (max - min) seat win share */
    FC_TUNE_FIRST_PLAYER,             /* seat 1 win share - 1/n */
    FC_TUNE_NKINDS
};

typedef enum fc_tune_rel { FC_TUNE_EQ, FC_TUNE_LE, FC_TUNE_GE } fc_tune_rel;

/* One target: "metric[:K] (= | <= | >=) value [~scale]". The loss of a measured value v is its
 * distance outside the allowed region divided by scale (|v - x|, v - x or x - v, at least 0). */
typedef struct fc_tune_target {
    char text[96];  /* as given */
    char name[48];  /* "balance", "rounds", "seat_win:2" */
    int kind;       /* fc_sim_metric or FC_TUNE_BALANCE / FC_TUNE_FIRST_PLAYER */
    int arg;        /* agent or seat, 0-based */
    fc_tune_rel rel;
    double value;
    double scale;   /* > 0: given with ~S, else the default of docs/tuning.md */
} fc_tune_target;

/* Parses a target for a rule set of nseats seats (agent and seat numbers are 1..nseats). An
 * unknown metric names the closest one. */
int fc_tune_target_parse(const char *text, int nseats, fc_tune_target *out, fc_error *err);
/* The loss of value v for target t (0 inside the region). */
double fc_tune_target_loss(const fc_tune_target *t, double v);
/* The largest loss of one target (a value that is not a number, or farther than any real
 * miss): losses stay finite so summing and comparing them never gives inf or NaN. */
#define FC_TUNE_LOSS_MAX 1e30

typedef struct fc_tune_progress {
    long games, budget_games;   /* played so far; the budget (estimated from the speed in seconds mode) */
    int candidates;
    double best_loss;           /* summed loss of the current best candidate */
    const char *phase;          /* "explore" or "race" */
} fc_tune_progress;

typedef struct fc_tune_config {
    /* the base rule set, built for every candidate with the candidate's values set last */
    fc_context *ctx;
    const char *game;
    int nseats;
    const char *ini;            /* NULL or a rule-set INI path */
    const char *variant;        /* NULL or a Lua variant path */
    const char *const *sets;    /* "key=value" overrides below the searched values */
    int nsets;
    int nparams;
    fc_tune_param param[FC_TUNE_MAX_PARAMS];
    int ntargets;
    fc_tune_target target[FC_TUNE_MAX_TARGETS];
    /* the games */
    const char *agents[FC_MAX_SEATS]; /* one spec per seat (seats rotate as in sim) */
    uint64_t seed;
    int threads;
    long max_decisions;
    /* budget: games (> 0), or seconds when budget_games == 0 */
    long budget_games;
    double budget_seconds;
    int batch;                  /* games of a first evaluation (0: 8 x seats) */
    int race_size;              /* candidates entering the race (0: 8) */
    void (*progress)(void *ud, const fc_tune_progress *p);
    void *progress_ud;
    /* optional: plays games first..first+count-1 of the candidate with these values into out,
     * instead of building its rule set and calling fc_sim_run (synthetic objectives in tests,
     * other evaluators). Game i must depend only on (values, i) for a deterministic result. A
     * non-zero return fails the run with err. */
    int (*play)(void *ud, const int64_t *values, int first, int count, fc_sim_game *out, fc_error *err);
    void *play_ud;
    /* optional: each batch of games as it is played, with the candidate's id (its order of
     * first evaluation, as fc_tune_candidate.id) and values, from the tuning thread (a front end
     * keeps them: the runs database). */
    void (*on_games)(void *ud, int cand, const int64_t *values, const fc_sim_game *g, int n);
    void *on_games_ud;
    /* optional: plays games in place of fc_sim_run (a front end's distributed runner: `formicary
     * tune` under mpirun): fills out[0..count-1] exactly as fc_sim_run(cfg, first, count, out, err)
     * would, from the tuning thread, one call per batch (play, above, takes precedence). */
    int (*play_sim)(void *ud, const fc_sim_config *cfg, int first, int count, fc_sim_game *out, fc_error *err);
    void *play_sim_ud;
    /* optional, a budget in seconds only: the budget's clock in seconds from any origin (default:
     * this process's monotonic clock). The search reads it only where it decides something (a
     * batch's size, the end of a phase): one reading at the start and one per decision, in an
     * order that depends on the readings alone, so processes that run the same search and are
     * handed the same readings (`formicary tune` under mpirun: rank 0's) decide alike. */
    double (*clock)(void *ud);
    void *clock_ud;
} fc_tune_config;

/* Checks the base layers (fc_tune_base), every parameter against the schema (unknown names suggest the
 * closest; ranges inside the declared bounds; int, bool and enum parameters only), the
 * targets and the agents. Fills param[i].def. */
int fc_tune_check(fc_tune_config *c, fc_error *err);
/* The finished rule set of the base layers with param[i] = values[i]; NULL with err set (the
 * game's cross-parameter check may refuse a combination). */
fc_rules *fc_tune_rules(const fc_tune_config *c, const int64_t *values, fc_error *err);
/* The base layers alone (INI, variant, sets), loaded but not finished: its name, variant and
 * schema. A base that the game's cross-parameter check would refuse can still be searched into
 * valid designs, so the base is never finished. */
fc_rules *fc_tune_base(const fc_tune_config *c, fc_error *err);

typedef enum fc_tune_status {
    FC_TUNE_EXPLORED,   /* evaluated during the exploration, not raced */
    FC_TUNE_DROPPED,    /* raced and dropped: significantly worse than the leader */
    FC_TUNE_SURVIVOR,   /* raced and never dropped */
    FC_TUNE_WINNER,     /* the best survivor */
    FC_TUNE_INVALID     /* the rule set refused these values (the game's parameter check) */
} fc_tune_status;

typedef struct fc_tune_estimate {
    double value, lo, hi; /* mean over the candidate's games and 95% bootstrap percentile interval */
    double loss;          /* fc_tune_target_loss of value */
    bool met;             /* <=, >=: value inside the region; =: the interval contains the value */
} fc_tune_estimate;

typedef struct fc_tune_candidate {
    int id;                             /* order of first evaluation, 0-based */
    int64_t value[FC_TUNE_MAX_PARAMS];
    int games;                          /* games played: indices 0..games-1 */
    fc_tune_estimate est[FC_TUNE_MAX_TARGETS];
    double loss, loss_lo, loss_hi;      /* summed loss and its 95% bootstrap interval */
    fc_tune_status status;
    int dropped_round;                  /* race round of the drop (1-based), 0 */
    double drop_bound;                  /* one-sided 95% lower bound of loss - leader's loss at the drop */
    double drop_p;                      /* its one-sided p-value, Holm-adjusted over the round, at the drop */
    int evaluations;                    /* bandit evaluations (batches) */
    bool front;                         /* on the Pareto front of the per-target losses */
    /* the smallest true difference of summed loss from the winner's that the games it shares
     * with the winner (0..min(games, winner's games)-1) detect at 95% confidence with 80% power
     * (fc_stats_mde; the loss is a function of means, not a mean, so the per-pair sd comes from
     * the paired bootstrap's standard error of loss - winner's loss); NaN for the
     * winner, an invalid candidate, fewer than 2 shared games or no variation */
    double mde;
    char error[128];                    /* FC_TUNE_INVALID: why */
} fc_tune_candidate;

/* Progress of the search: the best summed loss after each evaluation. */
typedef struct fc_tune_trace {
    long games;
    double best_loss;
} fc_tune_trace;

typedef struct fc_tune_result {
    int ncandidates;
    fc_tune_candidate *cand;   /* in order of first evaluation */
    int winner;                /* index into cand, -1 when every candidate was invalid */
    long games;                /* games played in all */
    double seconds;
    int race_rounds;
    int ntrace;
    fc_tune_trace *trace;
    /* per target: the candidate closest to the region (smallest loss, then most games) and how
     * many candidates meet it */
    int closest[FC_TUNE_MAX_TARGETS];
    int reached[FC_TUNE_MAX_TARGETS];
} fc_tune_result;

/* Runs the search (after fc_tune_check). NULL with err set if a game fails. */
fc_tune_result *fc_tune_run(const fc_tune_config *c, fc_error *err);
void fc_tune_result_free(fc_tune_result *r);

/* The kind's name ("balance", "rounds", ...) and whether it takes an agent (1) or seat (2). */
const char *fc_tune_kind_name(int kind);
int fc_tune_kind_arg(int kind);

#endif
