/* Private to the tuner (tune.c, tune_bandit.c, tune_spec.c): the state of one search, the
 * bandit's entry points, and the per-game values that targets are measured on. Each target
 * reads one value per game (a sim metric, seat 1's win) or, for balance, one per
 * seat; a candidate keeps them as a games x nfeatures matrix, so bootstrap resamples recompute
 * every target from means without replaying anything. */
#ifndef FC_TUNE_INT_H
#define FC_TUNE_INT_H

#include "formicary/rng.h"
#include "formicary/tune.h"

#define TUNE_UCB_K 1.0         /* exploration weight of the bandit (rewards are in (0, 1]) */
#define TUNE_NEIGHBOURS 50     /* mutations of the current point scored per step */
#define TUNE_PAIR_MAX (1 << 20) /* cells of a pair table; larger pairs keep 1-tuples only */
#define TUNE_BOOT 1000         /* bootstrap resamples */
#define TUNE_EXPLORE_SHARE 0.5 /* budget share of the exploration */
#define TUNE_RACE_MAX 64       /* candidates in a race at most (the recommendation comes on top) */
#define TUNE_ALPHA 0.05        /* level of a race round's drops (Holm over its comparisons) */
#define TUNE_RACE_SHARE 0.5    /* budget share of a race (all of it once little is left) */

enum { STREAM_BANDIT = 0x74756e65, STREAM_BOOT = 0x626f6f74 };

typedef struct tune_cand {
    fc_tune_candidate pub;
    int k[FC_TUNE_MAX_PARAMS]; /* grid indices */
    double *feat;              /* games x nf */
    int cap;                   /* games the matrix holds */
    double rsum;               /* bandit rewards of this point */
    int rcnt;
} tune_cand;

typedef struct tune_run {
    const fc_tune_config *c;
    int nf;
    tune_cand *cand;
    int ncand, capcand;
    int *slot;                 /* open-addressing index of cand by grid point: index + 1, 0 empty */
    int nslot;                 /* a power of two, at least twice capcand */
    double *sum1[FC_TUNE_MAX_PARAMS];
    int *cnt1[FC_TUNE_MAX_PARAMS];
    double *sum2[FC_TUNE_MAX_PARAMS][FC_TUNE_MAX_PARAMS]; /* d < e, NULL if too large */
    int *cnt2[FC_TUNE_MAX_PARAMS][FC_TUNE_MAX_PARAMS];
    long updates;
    fc_rng rng;
    long games;
    double t0, el;             /* the budget clock's start and last reading (seconds mode) */
    double wall0;              /* this process's clock at the start (fc_tune_result.seconds) */
    fc_tune_trace *trace;
    int ntrace, captrace;
    fc_sim_game *buf;
    int bufcap;
    double *boot;              /* TUNE_BOOT x (ntargets + 1) scratch */
    int *idx;                  /* a bootstrap resample of game indices */
    int idxcap;
    const char *phase;
    int cur[FC_TUNE_MAX_PARAMS]; /* the bandit's current point */
} tune_run;

/* ---- tune_bandit.c: the candidates by grid point and the N-tuple bandit ---- */

/* The candidate at grid point k (indices into each parameter's values), or NULL. */
tune_cand *tune_find(tune_run *r, const int *k);
/* A new candidate at grid point k (r->cand may move). NULL with err set when out of memory. */
tune_cand *tune_add(tune_run *r, const int *k, fc_error *err);
int tune_bandit_init(tune_run *r, fc_error *err);
/* Adds one evaluation's reward (in (0, 1]) to the tuples of t's point. */
void tune_bandit_update(tune_run *r, tune_cand *t, double reward);
/* The bandit's value of grid point k: the mean over its tuples of mean reward + ucb_k x the
 * exploration bonus (ucb_k = 0: the model's estimate alone). */
double tune_model(tune_run *r, const int *k, double ucb_k);
/* NTBEA's step from cur: the best neighbour by UCB into best. */
void tune_neighbour(tune_run *r, const int *cur, int *best);
/* Frees the bandit's tables and the registry's index (not the candidates). */
void tune_bandit_free(tune_run *r);

/* Values per game for the configuration's targets. */
int tune_nfeatures(const fc_tune_config *c);
/* Writes the tune_nfeatures values of game g to f. */
void tune_features(const fc_tune_config *c, const fc_sim_game *g, double *f);
/* The target values v[ntargets] from the means of the features over some games. */
void tune_values(const fc_tune_config *c, const double *mean, double *v);
/* Summed loss of target values v (per_target may be NULL). */
double tune_loss(const fc_tune_config *c, const double *v, double *per_target);

#endif
