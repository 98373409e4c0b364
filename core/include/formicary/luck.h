/* Luck by source (docs/metrics.md, "Luck by source"): how much of a game's outcome each source
 * of chance decides, for two agent strengths.
 *
 * The game names its sources (fc_game.chance_source: setup, dice, tiles, ...); the agents' own
 * randomness is one more factor, "agents". A run plays `groups` groups per strength. Group g
 * draws a base seed for every factor and plays its base game with them. Then, for each factor f:
 * reps - 1 games that replace f's seed only (fc_match_new_sourced: every other source draws
 * exactly what it drew in the base game), and reps - 1 games that keep f's base seed and replace
 * every other factor's. With two factors the second kind are the first kind of the other factor
 * and are not played again.
 *
 * For an outcome Y (the winner indicator of seat 1, 1/k when k seats share first place; seat
 * 1's score margin over the best other seat) two shares of each factor f are estimated:
 *
 *     T_f = E[Var(Y | every factor but f)] / Var(Y)    (Sobol's total effect)
 *     S_f = Var(E[Y | f]) / Var(Y)                      (Sobol's first-order effect)
 *
 * T_f's numerator is the pooled within-group variance of the games that vary f alone. S_f's is
 * the variance of the means of the groups that fix f (the base game and its reps - 1 games that
 * vary everything else) less the within-group variance over reps (the noise those means carry:
 * a one-way random-effects ANOVA; it can come out a little below 0). The denominator Var(Y) is
 * estimated without bias from pairs of games of different groups (which are independent).
 * T_f counts f's interactions with the other factors, S_f does not: the S_f add up to at most
 * 1, the T_f to at least 1 (both exactly 1 when the factors act additively); T_f large with S_f
 * small means f matters through its interactions. The 95% intervals are percentile bootstraps
 * over groups (every game of a group resampled together; the same resamples for both strengths,
 * so the differences strong - weak have one too). Every seat plays the strength's agent.
 * Everything is a pure function of (rules, options, seed): the thread count changes nothing. */
#ifndef FORMICARY_LUCK_H
#define FORMICARY_LUCK_H

#include <stdint.h>

#include "formicary/error.h"
#include "formicary/game.h"
#include "formicary/rules.h"
#include "formicary/sim.h"

#define FC_LUCK_MAX_FACTORS (FC_CHANCE_SOURCES_MAX + 1) /* the game's sources + "agents" */
#define FC_LUCK_SPEC_MAX 256
#define FC_LUCK_GROUPS_DEFAULT 40
#define FC_LUCK_REPS_DEFAULT 2
#define FC_LUCK_BOOT_DEFAULT 1000
#define FC_LUCK_WEAK_DEFAULT "greedy"
#define FC_LUCK_STRONG_DEFAULT "mcts:iters=200"

enum { FC_LUCK_WIN, FC_LUCK_MARGIN, FC_LUCK_NMETRICS };
/* "win", "margin". */
const char *fc_luck_metric_name(int metric);

typedef struct fc_luck_config {
    const fc_rules *rules;       /* finished; shared by the threads */
    const char *spec[2];         /* the weak and the strong agent (every seat plays it) */
    uint64_t seed;
    int threads;                 /* >= 1; results do not depend on it */
    int groups;                  /* >= 2 */
    int reps;                    /* games per factor's group, base included: 2..16 */
    int boot;                    /* bootstrap resamples, 0: FC_LUCK_BOOT_DEFAULT */
    long max_decisions;          /* per game; 0: FC_SIM_DEFAULT_MAX_DECISIONS */
    /* optional: (games played, games in all), after each game */
    void (*progress)(void *ud, long done, long total);
    void *progress_ud;
    /* optional: plays games in place of fc_sim_run (a front end's distributed runner, as
     * `formicary luck` under mpirun): fills out[0..count-1] exactly as fc_sim_run(cfg, first,
     * count, out, err) would, called from the study's thread only, one call per strength. */
    int (*play)(void *ud, const fc_sim_config *cfg, int first, int count, fc_sim_game *out, fc_error *err);
    void *play_ud;
} fc_luck_config;

typedef struct fc_luck_share {
    double value, lo, hi;        /* NaN when the outcome never varied */
} fc_luck_share;

typedef struct fc_luck_strength {
    char spec[FC_LUCK_SPEC_MAX];
    double mean[FC_LUCK_NMETRICS], var[FC_LUCK_NMETRICS]; /* of Y over all games; var as above */
    fc_luck_share share[FC_LUCK_MAX_FACTORS][FC_LUCK_NMETRICS]; /* total effect T_f */
    fc_luck_share sum[FC_LUCK_NMETRICS];                  /* of the T_f */
    fc_luck_share first[FC_LUCK_MAX_FACTORS][FC_LUCK_NMETRICS]; /* first-order S_f */
    fc_luck_share first_sum[FC_LUCK_NMETRICS];            /* of the S_f */
    long games, timeouts;
    double seconds;
} fc_luck_strength;

typedef struct fc_luck_result {
    int nfactors;                              /* the game's sources, then "agents" */
    char factor[FC_LUCK_MAX_FACTORS][32];
    int setup;                                 /* the source init draws from */
    int groups, reps, boot;
    long games;                                /* in all */
    fc_luck_strength strength[2];              /* weak, strong */
    fc_luck_share diff[FC_LUCK_MAX_FACTORS][FC_LUCK_NMETRICS];       /* strong - weak, T_f */
    fc_luck_share first_diff[FC_LUCK_MAX_FACTORS][FC_LUCK_NMETRICS]; /* strong - weak, S_f */
    double seconds;
} fc_luck_result;

/* Games per group: the base game, reps - 1 varying each factor alone and, with three factors
 * or more, reps - 1 fixing each factor and varying the others. */
int fc_luck_games_per_group(int nfactors, int reps);
/* The seeds of game j (0 .. per group - 1) of group g: one per source (nsources) and the
 * agents' seed (factor nsources). Game 0 is the base game; 1 + f (reps - 1) + v - 1 (v = 1 ..
 * reps - 1) replaces factor f's seed by its version v; with three factors or more, 1 + (nf + f)
 * (reps - 1) + v - 1 keeps f's base seed and gives every other factor its version v. */
void fc_luck_game_seeds(uint64_t seed, int g, int j, int nsources, int reps, uint64_t *source_seed,
                        uint64_t *agent_seed);
/* The estimators on values y[g * per_group + j] of a design (layout as fc_luck_game_seeds):
 * the total variance, each factor's total-effect share T_f and, when first is not NULL, its
 * first-order share S_f (NaN when the variance is 0). count[g] is how many times group g
 * counts (a bootstrap resample; NULL: each once). */
void fc_luck_estimate(const double *y, int groups, int nfactors, int reps, const int *count, double *var,
                      double *share, double *first);

/* Checks the configuration (err: one line; FC_EINVAL "GAME has no chance" for a game without
 * chance), then plays both strengths. */
int fc_luck_run(const fc_luck_config *c, fc_luck_result *out, fc_error *err);

#endif
