/* Private to fit_eval.c: the evaluation linearised around a set of weights, and the fit of that
 * model. Each position's log-odds z = log(v / (1 - v)) of the first seat's estimate v is taken
 * as z0 + sum_i J_i (u_i - base_i) over the normalised weights u; for an evaluation that is a
 * logistic curve of a weighted sum (Hive's, with its scale held) this is exact, for others a
 * step of Gauss-Newton that fit_eval.c checks against the true loss and repeats. The model's
 * loss and gradient need no call into the game, so its fit takes milliseconds. */
#ifndef FC_FIT_MODEL_H
#define FC_FIT_MODEL_H

#include <stdint.h>

#include "formicary/game.h"

typedef struct fc_fit_model {
    int n;                 /* weights */
    long npos;             /* positions (rows) */
    const float *y;        /* each position's result for the first seat */
    const uint8_t *held;   /* 1: a held-out position (not fitted to) */
    long ntrain;           /* positions with held 0 */
    const float *z0;       /* log-odds at the base weights */
    const float *jac;      /* npos x n: dz / du_i at the base */
    double base[FC_EVAL_WEIGHTS_MAX];
} fc_fit_model;

/* Minimises the model's mean cross-entropy over the fitted positions plus
 * l2 * |u - u0|^2, starting from u (in/out, every u_i in 0..1) with at most `iterations`
 * diagonally scaled projected gradient steps; returns the objective at the result. */
double fc_fit_model_solve(const fc_fit_model *m, const double *u0, double l2, double *u, int iterations);

#endif
