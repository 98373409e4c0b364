/* Statistics for simulations and design comparisons: Wilson intervals for shares, summaries
 * (mean, sd, quartiles), paired differences with 95% confidence intervals, and a group
 * sequential test for stopping an A/B comparison early. Pure functions, no state. */
#ifndef FORMICARY_STATS_H
#define FORMICARY_STATS_H

#include <stddef.h>

#define FC_Z95 1.959963984540054 /* two-sided 95% normal quantile */

/* Wilson score interval for a share of `successes` out of n (successes may be fractional,
 * e.g. a shared win counted 1/k). z = FC_Z95 for 95%. n == 0 gives [0, 1]. */
void fc_stats_wilson(double successes, double n, double z, double *lo, double *hi);

typedef struct fc_stats_summary {
    size_t n;
    double mean, sd; /* sd: sample standard deviation (n - 1), 0 when n < 2 */
    double min, q1, median, q3, max;
} fc_stats_summary;

/* Summary of x[0..n-1] (not modified). Quantiles interpolate linearly between order
 * statistics (Hyndman & Fan type 7, R's default). n == 0 gives all zeros. */
void fc_stats_describe(const double *x, size_t n, fc_stats_summary *out);
/* The p-quantile (0 <= p <= 1) of sorted x[0..n-1], type 7. */
double fc_stats_quantile_sorted(const double *sorted, size_t n, double p);

/* Two-sided 97.5% quantile of Student's t with df degrees of freedom (df >= 1; exact table
 * to 30, then a Cornish-Fisher expansion). */
double fc_stats_t975(size_t df);

/* Paired difference of b - a over n pairs. */
typedef struct fc_stats_diff {
    size_t n;
    double mean_a, mean_b;
    double diff, sd, se; /* mean of b[i] - a[i], its sample sd, standard error */
    double lo, hi;       /* 95% t interval for the mean difference */
    double z;            /* diff / se (0 when se == 0 and diff == 0, +-inf when only se == 0) */
    double p;            /* two-sided p-value, normal approximation */
    int significant;     /* the interval excludes 0 */
} fc_stats_diff;

void fc_stats_paired(const double *a, const double *b, size_t n, fc_stats_diff *out);

/* Planning a paired comparison (or a one-sample one: a per-game value against a fixed one) at
 * 95% confidence (two-sided) and 80% power, from the standard deviation `sd` of the per-pair
 * differences (fc_stats_diff.sd). fc_stats_mde: the smallest true mean difference n pairs
 * detect with that power, (t(0.975, n - 1) + z(0.8)) sd / sqrt(n); NaN when n < 2 or sd is not
 * positive (no variation seen: nothing can be said). fc_stats_pairs_needed: the fewest pairs n
 * (at least 2) with fc_stats_mde(sd, n) <= effect; 0 when sd or effect is not positive and
 * finite; at most FC_STATS_PAIRS_MAX. */
#define FC_Z80 0.8416212335729143 /* one-sided 80% normal quantile (power) */
#define FC_STATS_PAIRS_MAX 1000000000000L
double fc_stats_mde(double sd, size_t n);
long fc_stats_pairs_needed(double sd, double effect);

/* Group sequential test with the Haybittle-Peto boundary: at an interim look (look < looks)
 * stop when |z| >= 3.0; at the final look the difference is significant when |z| >= 1.96.
 * Returns FC_SEQ_CONTINUE, FC_SEQ_SIGNIFICANT or FC_SEQ_NOT_SIGNIFICANT (final look). Looks
 * are numbered 1..looks. */
enum { FC_SEQ_CONTINUE = 0, FC_SEQ_SIGNIFICANT = 1, FC_SEQ_NOT_SIGNIFICANT = 2 };
#define FC_SEQ_INTERIM_Z 3.0
int fc_stats_sequential(double z, int look, int looks);

/* Multiple-comparison correction of n p-values tested together (the rows of one A/B table):
 * adj[i] is p[i] adjusted so that "adj[i] < alpha" is the procedure's decision at level alpha.
 * FC_CORRECT_HOLM: Holm's step-down, controls the family-wise error rate (the chance of any
 * false positive): sorted ascending, adj(k) = max over j <= k of min(1, (n - j) p(j)), k from 0.
 * FC_CORRECT_BH: Benjamini-Hochberg, controls the false discovery rate (the expected share of
 * false positives among the positives), for many metrics: adj(k) = min over j >= k of
 * min(1, n p(j) / (j + 1)). FC_CORRECT_NONE copies p. Ties keep their input order; NaN p-values
 * count as 1. p and adj may be the same array. */
typedef enum fc_stats_correction { FC_CORRECT_NONE, FC_CORRECT_HOLM, FC_CORRECT_BH } fc_stats_correction;
int fc_stats_adjust(const double *p, size_t n, fc_stats_correction method, double *adj);
/* "none", "holm", "bh"; NULL for a bad value. fc_stats_correction_parse: -1 for an unknown name. */
const char *fc_stats_correction_name(fc_stats_correction method);
int fc_stats_correction_parse(const char *name);

#endif
