/* The linearised evaluation's fit (fit_model.h): logistic regression on the columns of the
 * Jacobian, by projected gradient steps scaled by the diagonal of the Hessian (a column of
 * counts up to 10 and one of fractions then move alike), with a step that doubles while the
 * objective falls enough (Armijo) and halves when it does not. Sums run in row order on one
 * thread: the result depends on the input alone. */
#include "fit_model.h"

#include <math.h>
#include <string.h>

#define FM_ARMIJO 1e-4
#define FM_TOL 1e-10   /* stop when a step gains less than this */
#define FM_HALVINGS 30

static double fm_clip(double x) { return x < 0 ? 0 : x > 1 ? 1 : x; }

static double fm_log1pexp(double z) { return z > 0 ? z + log1p(exp(-z)) : log1p(exp(z)); }

/* The objective at u; with g and h, its gradient and the Hessian's diagonal (Gauss-Newton). */
static double fm_eval(const fc_fit_model *m, const double *u0, double l2, const double *u, double *g, double *h)
{
    int n = m->n;
    double du[FC_EVAL_WEIGHTS_MAX], sum = 0;
    for (int i = 0; i < n; i++)
        du[i] = u[i] - m->base[i];
    if (g) {
        memset(g, 0, (size_t)n * sizeof *g);
        memset(h, 0, (size_t)n * sizeof *h);
    }
    for (long p = 0; p < m->npos; p++) {
        if (m->held[p])
            continue;
        const float *j = m->jac + (size_t)p * (size_t)n;
        double z = m->z0[p];
        for (int i = 0; i < n; i++)
            z += j[i] * du[i];
        /* cross-entropy of sigmoid(z) against y: log(1 + e^z) - y z */
        sum += fm_log1pexp(z) - m->y[p] * z;
        if (g) {
            double s = 1.0 / (1.0 + exp(-z)), r = s - m->y[p], w = s * (1 - s);
            for (int i = 0; i < n; i++) {
                g[i] += r * j[i];
                h[i] += w * j[i] * j[i];
            }
        }
    }
    double obj = sum / (double)m->ntrain;
    for (int i = 0; i < n; i++) {
        obj += l2 * (u[i] - u0[i]) * (u[i] - u0[i]);
        if (g) {
            g[i] = g[i] / (double)m->ntrain + 2 * l2 * (u[i] - u0[i]);
            h[i] = h[i] / (double)m->ntrain + 2 * l2 + 1e-12;
        }
    }
    return obj;
}

double fc_fit_model_solve(const fc_fit_model *m, const double *u0, double l2, double *u, int iterations)
{
    int n = m->n;
    double g[FC_EVAL_WEIGHTS_MAX], h[FC_EVAL_WEIGHTS_MAX], t[FC_EVAL_WEIGHTS_MAX], step = 1;
    double obj = fm_eval(m, u0, l2, u, g, h);
    for (int k = 0; k < iterations; k++) {
        double o = obj, gain = 0;
        int halvings = 0;
        for (; halvings < FM_HALVINGS; halvings++, step *= 0.5) {
            gain = 0;
            for (int i = 0; i < n; i++) {
                t[i] = fm_clip(u[i] - step * g[i] / h[i]);
                gain += g[i] * (u[i] - t[i]);
            }
            o = fm_eval(m, u0, l2, t, NULL, NULL);
            if (o <= obj - FM_ARMIJO * gain)
                break;
        }
        if (halvings == FM_HALVINGS || obj - o < FM_TOL)
            break;
        memcpy(u, t, (size_t)n * sizeof *u);
        obj = fm_eval(m, u0, l2, u, g, h);
        step = step * 2 > 1 ? 1 : step * 2;
    }
    return obj;
}
