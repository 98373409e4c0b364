/* Private to the tuner (tune.c, tune_spec.c): the per-game values that targets are measured on.
 * Each target reads one value per game (a sim metric, seat 1's win) or, for balance, one per
 * seat; a candidate keeps them as a games x nfeatures matrix, so bootstrap resamples recompute
 * every target from means without replaying anything. */
#ifndef FC_TUNE_INT_H
#define FC_TUNE_INT_H

#include "formicary/tune.h"

/* Values per game for the configuration's targets. */
int tune_nfeatures(const fc_tune_config *c);
/* Writes the tune_nfeatures values of game g to f. */
void tune_features(const fc_tune_config *c, const fc_sim_game *g, double *f);
/* The target values v[ntargets] from the means of the features over some games. */
void tune_values(const fc_tune_config *c, const double *mean, double *v);
/* Summed loss of target values v (per_target may be NULL). */
double tune_loss(const fc_tune_config *c, const double *v, double *per_target);

#endif
