/* Tuning a game's evaluation weights by self-play (`formicary train-eval`, docs/search.md,
 * "Tuning the evaluation"): SPSA (simultaneous perturbation stochastic approximation, Spall
 * 1992) on the weights normalised by their ranges. Each step k draws a random direction
 * delta (every coordinate +1 or -1), plays `games` deals twice with seats swapped between the
 * agent with weights theta + c_k delta and the same agent with theta - c_k delta, and moves
 * theta along the estimated gradient: theta_i += a_k * (share+ - share-) / (2 c_k delta_i), where
 * share+ is the first side's win share (draws and unfinished games count half); a deal's first
 * `opening` decisions are random, the same in both of its games. Gains decay
 * as a_k = a / (k + 1 + A)^0.602, c_k = c / (k + 1)^0.101 with A = iterations / 10; values stay
 * within each weight's range. Two-player games only. Every game's seeds derive from (seed, step,
 * deal), and results are stored by index, so the tuned weights depend on the seed alone, never
 * on the thread count. */
#ifndef FORMICARY_TRAIN_EVAL_H
#define FORMICARY_TRAIN_EVAL_H

#include <stdint.h>

#include "formicary/game.h"
#include "formicary/rules.h"
#include "formicary/sim.h"

#define FC_TRAIN_EVAL_DEFAULT_C 0.1     /* perturbation: a tenth of each weight's range */
#define FC_TRAIN_EVAL_DEFAULT_STEP 0.05 /* first step per unit of win-share difference (share of the range) */

typedef struct fc_train_eval_config {
    const fc_rules *rules;  /* finished, two seats; shared read-only by the threads */
    const char *agent;      /* spec of the agent whose weights are tuned (NULL: "greedy") */
    const double *start;    /* start weights in the game's order (NULL: the game's own) */
    int nstart;             /* their count */
    int iterations;         /* SPSA steps, >= 1 */
    int games;              /* deals per step, each played twice with seats swapped, >= 1 */
    int check;              /* deals of tuned against start weights after tuning (0: none) */
    const char *check_agent; /* the agent of the check (NULL: agent) */
    int opening;            /* the first `opening` seat decisions of every game uniform random, drawn
                             * from the deal's seed (both games of a deal play the same opening), so
                             * deterministic agents (ab) meet varied positions */
    uint64_t seed;
    int threads;            /* >= 1 */
    long max_decisions;     /* per game before it counts as a draw; 0: 100000 */
    double c;               /* perturbation in normalised units (0: FC_TRAIN_EVAL_DEFAULT_C) */
    double step;            /* a_0 / (2 c_0) (0: FC_TRAIN_EVAL_DEFAULT_STEP) */
    /* optional: after each step (done of total), with the first side's win share; and during
     * the check (step == total, done games of the check's). Called on the calling thread. */
    void (*progress)(void *ud, int step, int total, double share);
    void *progress_ud;
    /* optional: plays each step's games in place of the threads alone (a front end's
     * distributed runner, `formicary train-eval` under mpirun; sim.h), in batches of `threads`
     * games */
    fc_spread_fn spread;
    void *spread_ud;
} fc_train_eval_config;

typedef struct fc_train_eval_result {
    int n;                       /* weights */
    const fc_eval_weight *defs;  /* the game's (names, ranges): valid while the rules live */
    double start[FC_EVAL_WEIGHTS_MAX], tuned[FC_EVAL_WEIGHTS_MAX];
    long games;                  /* games played while tuning */
    double mean_share;           /* mean first-side win share over the steps (0.5 = no signal) */
    /* the check: tuned against start over check deals (2 games each) */
    int check_deals;
    double check_share, check_lo, check_hi; /* tuned's win share (draws half), 95% Wilson interval over
                                             * the games (ignoring the pairing: on the safe side) */
    long check_unfinished;       /* check games stopped at max_decisions (counted as draws) */
    double seconds;              /* wall time */
} fc_train_eval_result;

/* Checks the configuration: two seats, agents that evaluate (greedy, mcts, ab) without a
 * weights key, a game with weights, start weights in range. err: one line. */
int fc_train_eval_check(const fc_train_eval_config *c, fc_error *err);
/* Tunes; fills r. */
int fc_train_eval_run(const fc_train_eval_config *c, fc_train_eval_result *r, fc_error *err);
/* The comment for the weights file: what made it and the check's result (lines separated by
 * '\n'); `from` names the start weights ("the game's", a file). */
void fc_train_eval_comment(const fc_train_eval_config *c, const fc_train_eval_result *r, const char *game,
                           const char *from, char *buf, size_t n);

#endif
