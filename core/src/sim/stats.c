/* Statistics for simulations (see stats.h). */
#include "formicary/stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void fc_stats_wilson(double successes, double n, double z, double *lo, double *hi)
{
    if (!(n > 0)) {
        *lo = 0;
        *hi = 1;
        return;
    }
    double p = successes / n, z2 = z * z;
    double den = 1 + z2 / n;
    double centre = (p + z2 / (2 * n)) / den;
    double half = z * sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / den;
    *lo = centre - half < 0 ? 0 : centre - half;
    *hi = centre + half > 1 ? 1 : centre + half;
}

static int stats_cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double fc_stats_quantile_sorted(const double *sorted, size_t n, double p)
{
    if (n == 0)
        return 0;
    double h = (double)(n - 1) * p;
    size_t i = (size_t)floor(h);
    if (i + 1 >= n)
        return sorted[n - 1];
    return sorted[i] + (h - (double)i) * (sorted[i + 1] - sorted[i]);
}

void fc_stats_describe(const double *x, size_t n, fc_stats_summary *out)
{
    memset(out, 0, sizeof *out);
    out->n = n;
    if (n == 0)
        return;
    double sum = 0;
    for (size_t i = 0; i < n; i++)
        sum += x[i];
    out->mean = sum / (double)n;
    double ss = 0;
    for (size_t i = 0; i < n; i++)
        ss += (x[i] - out->mean) * (x[i] - out->mean);
    out->sd = n > 1 ? sqrt(ss / (double)(n - 1)) : 0;
    double *s = malloc(n * sizeof *s);
    if (!s) { /* quantiles need a sorted copy; without memory report the mean for them */
        out->min = out->q1 = out->median = out->q3 = out->max = out->mean;
        return;
    }
    memcpy(s, x, n * sizeof *s);
    qsort(s, n, sizeof *s, stats_cmp);
    out->min = s[0];
    out->q1 = fc_stats_quantile_sorted(s, n, 0.25);
    out->median = fc_stats_quantile_sorted(s, n, 0.5);
    out->q3 = fc_stats_quantile_sorted(s, n, 0.75);
    out->max = s[n - 1];
    free(s);
}

double fc_stats_t975(size_t df)
{
    static const double table[31] = {0,      12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365,
                                     2.306,  2.262,  2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
                                     2.120,  2.110,  2.101, 2.093, 2.086, 2.080, 2.074, 2.069,
                                     2.064,  2.060,  2.056, 2.052, 2.048, 2.045, 2.042};
    if (df == 0)
        return INFINITY;
    if (df <= 30)
        return table[df];
    double z = FC_Z95, v = (double)df, z3 = z * z * z, z5 = z3 * z * z;
    return z + (z3 + z) / (4 * v) + (5 * z5 + 16 * z3 + 3 * z) / (96 * v * v);
}

void fc_stats_paired(const double *a, const double *b, size_t n, fc_stats_diff *out)
{
    memset(out, 0, sizeof *out);
    out->n = n;
    out->p = 1;
    if (n == 0)
        return;
    double sa = 0, sb = 0, sd = 0;
    for (size_t i = 0; i < n; i++) {
        sa += a[i];
        sb += b[i];
        sd += b[i] - a[i];
    }
    out->mean_a = sa / (double)n;
    out->mean_b = sb / (double)n;
    out->diff = sd / (double)n;
    double ss = 0;
    for (size_t i = 0; i < n; i++) {
        double e = b[i] - a[i] - out->diff;
        ss += e * e;
    }
    out->sd = n > 1 ? sqrt(ss / (double)(n - 1)) : 0;
    out->se = out->sd / sqrt((double)n);
    if (n < 2) {
        out->lo = -INFINITY;
        out->hi = INFINITY;
        return;
    }
    double t = fc_stats_t975(n - 1);
    out->lo = out->diff - t * out->se;
    out->hi = out->diff + t * out->se;
    if (out->se > 0) {
        out->z = out->diff / out->se;
        out->p = erfc(fabs(out->z) / sqrt(2.0));
    } else if (out->diff != 0) {
        out->z = out->diff > 0 ? INFINITY : -INFINITY;
        out->p = 0;
    }
    out->significant = out->lo > 0 || out->hi < 0;
}

double fc_stats_mde(double sd, size_t n)
{
    if (n < 2 || !(sd > 0) || !isfinite(sd))
        return NAN;
    return (fc_stats_t975(n - 1) + FC_Z80) * sd / sqrt((double)n);
}

long fc_stats_pairs_needed(double sd, double effect)
{
    if (!(sd > 0) || !(effect > 0) || !isfinite(sd) || !isfinite(effect))
        return 0;
    double k = (FC_Z95 + FC_Z80) * sd / effect, n0 = ceil(k * k); /* the normal approximation */
    if (!(n0 < (double)FC_STATS_PAIRS_MAX))
        return FC_STATS_PAIRS_MAX;
    long n = n0 < 2 ? 2 : (long)n0;
    while (n < FC_STATS_PAIRS_MAX && fc_stats_mde(sd, (size_t)n) > effect) /* t > z: a few more when n is small */
        n++;
    return n;
}

int fc_stats_sequential(double z, int look, int looks)
{
    double az = fabs(z);
    if (look < looks)
        return az >= FC_SEQ_INTERIM_Z ? FC_SEQ_SIGNIFICANT : FC_SEQ_CONTINUE;
    return az >= FC_Z95 ? FC_SEQ_SIGNIFICANT : FC_SEQ_NOT_SIGNIFICANT;
}

/* An index sorted by p (ascending), stable, for the adjustments. */
typedef struct stats_pi {
    double p;
    size_t i;
} stats_pi;

static int stats_pi_cmp(const void *a, const void *b)
{
    const stats_pi *x = a, *y = b;
    if (x->p != y->p)
        return (x->p > y->p) - (x->p < y->p);
    return (x->i > y->i) - (x->i < y->i);
}

int fc_stats_adjust(const double *p, size_t n, fc_stats_correction method, double *adj)
{
    if (n == 0)
        return 0;
    stats_pi *s = malloc(n * sizeof *s);
    if (!s)
        return -1;
    for (size_t i = 0; i < n; i++)
        s[i] = (stats_pi){isnan(p[i]) ? 1.0 : p[i], i};
    qsort(s, n, sizeof *s, stats_pi_cmp);
    double m = (double)n;
    if (method == FC_CORRECT_HOLM) {
        double run = 0; /* the running maximum keeps the adjusted values in the order of p */
        for (size_t k = 0; k < n; k++) {
            double v = fmin(1.0, (m - (double)k) * s[k].p);
            run = v > run ? v : run;
            adj[s[k].i] = run;
        }
    } else if (method == FC_CORRECT_BH) {
        double run = 1; /* the running minimum from the largest p down */
        for (size_t k = n; k-- > 0;) {
            double v = fmin(1.0, m * s[k].p / (double)(k + 1));
            run = v < run ? v : run;
            adj[s[k].i] = run;
        }
    } else {
        for (size_t k = 0; k < n; k++)
            adj[s[k].i] = s[k].p;
    }
    free(s);
    return 0;
}

static const char *const stats_correction_names[3] = {"none", "holm", "bh"};

const char *fc_stats_correction_name(fc_stats_correction method)
{
    return (int)method >= 0 && (int)method < 3 ? stats_correction_names[method] : NULL;
}

int fc_stats_correction_parse(const char *name)
{
    for (int i = 0; name && i < 3; i++)
        if (strcmp(name, stats_correction_names[i]) == 0)
            return i;
    return -1;
}
