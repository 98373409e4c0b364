/* Fitting a game's evaluation weights to recorded games (`formicary train-eval --fit DIR`,
 * docs/search.md, "Fitting the evaluation to recorded games"): the positions of two-player
 * records, each labelled with the game's final result for the first seat, and the weights that
 * make the evaluation's first-seat estimate predict those results best (the smallest mean
 * cross-entropy, "Texel tuning" in chess programming). The evaluation is used as the game gives
 * it (evaluate_weighted), so any form works. The weights move in units of their ranges, with a
 * pull `l2` towards the start weights, by Gauss-Newton steps: each step takes every position's
 * log-odds and their forward differences by each weight at the current weights (one call of
 * the evaluation per weight and position), fits that linear model exactly (fit_model.h), and
 * moves towards its answer as far as the true loss falls. An evaluation that is a logistic
 * curve of a weighted sum is linear in the log-odds, so the first step is nearly the whole
 * fit; the others correct for a scale weight and for other forms. Every tenth record is held
 * out and only measured, so an over-fitted result shows. Deterministic: positions are chosen
 * by (seed, record, ply) and sums are taken in a fixed order on every thread count. */
#ifndef FORMICARY_FIT_EVAL_H
#define FORMICARY_FIT_EVAL_H

#include <stdint.h>

#include "formicary/game.h"
#include "formicary/match.h"

#define FC_FIT_EVAL_DEFAULT_POSITIONS 50000L
#define FC_FIT_EVAL_DEFAULT_SKIP 4
#define FC_FIT_EVAL_DEFAULT_ITERATIONS 30
#define FC_FIT_EVAL_DEFAULT_L2 0.0001
#define FC_FIT_EVAL_HOLDOUT 10 /* record i is held out when i % 10 == 9 */

typedef struct fc_fit_eval_config {
    /* the records, each a match at its end (fc_record_load); every one of the same game, with
     * two seats, evaluating with the same weights (the first one's are the start) */
    const fc_match *const *matches;
    int nmatches;
    /* per record the first seat's result (1 win, 0.5 draw, 0 loss), or < 0: left out (no result) */
    const double *result;
    const double *start; /* start weights in the game's order (NULL: the game's own) */
    int nstart;
    int skip;            /* the first `skip` decisions of every record are not used (0..1000) */
    long positions;      /* at most this many positions in all, drawn evenly (0: the default) */
    int iterations;      /* Gauss-Newton steps at most, >= 1 (it stops when a step no longer helps) */
    double l2;           /* pull towards the start weights, per squared range unit, >= 0 */
    uint64_t seed;
    int threads;         /* >= 1 */
    /* optional: after each step, with the training loss; called on the calling thread */
    void (*progress)(void *ud, int step, int total, double loss);
    void *progress_ud;
} fc_fit_eval_config;

typedef struct fc_fit_eval_result {
    int n;                      /* weights */
    const fc_eval_weight *defs; /* the game's names and ranges: valid while the matches live */
    double start[FC_EVAL_WEIGHTS_MAX], tuned[FC_EVAL_WEIGHTS_MAX];
    int records, held_out, left_out; /* records used for fitting, held out, without a result */
    long positions, held_positions;  /* positions fitted to, and measured in the held-out records */
    /* mean cross-entropy (nats) of the first seat's estimate against the result: 0.693 is a
     * coin; and the share of decided positions whose estimate is on the winner's side */
    double loss_start, loss_tuned, held_start, held_tuned;
    double right_start, right_tuned; /* in the held-out records */
    int steps;                       /* steps taken (fewer than iterations when no step helps) */
    double seconds;
} fc_fit_eval_result;

/* Checks the configuration and the records (one line naming the first bad one). */
int fc_fit_eval_check(const fc_fit_eval_config *c, fc_error *err);
/* Fits; fills r. */
int fc_fit_eval_run(const fc_fit_eval_config *c, fc_fit_eval_result *r, fc_error *err);
/* The first seat's result of a record, from its end (a finished game's ranks) or its `meta
 * result` line (1-0, 0-1, 1/2-1/2, as imported games keep it); -1 when it has neither. */
double fc_fit_eval_record_result(const fc_match *m, const char *meta_result);

#endif
