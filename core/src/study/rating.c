/* Ratings by maximum likelihood (ladder.h): the Plackett-Luce model of finishing orders, which
 * for two seats is Bradley-Terry. Item i has log-strength r_i; a strict order o_0, o_1, ... has
 * probability prod_k exp(r_{o_k}) / sum_{m >= k} exp(r_{o_m}). Tied places are expanded into
 * every order of the tied items, weighted equally (a two-player draw is half a win each way).
 * The fit maximises the weighted log-likelihood plus a weak normal prior (sd FC_RATING_PRIOR_ELO)
 * on every item but the anchor, by Newton's method with step halving; the standard errors come
 * from the inverse of the observed information at the optimum. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "formicary/ladder.h"
#include "formicary/stats.h"

#define RATING_MAX_ITERS 200
#define RATING_TOL 1e-10

void fc_rating_data_init(fc_rating_data *d, int nitems, int width)
{
    memset(d, 0, sizeof *d);
    d->nitems = nitems;
    d->width = width;
}

void fc_rating_data_free(fc_rating_data *d)
{
    free(d->order);
    free(d->weight);
    memset(d, 0, sizeof *d);
}

static int rating_push(fc_rating_data *d, const int *order, int len, double w, fc_error *err)
{
    if (d->n == d->cap) {
        size_t cap = d->cap ? d->cap * 2 : 256;
        int *o = realloc(d->order, cap * (size_t)d->width * sizeof *o);
        if (o)
            d->order = o;
        double *wt = realloc(d->weight, cap * sizeof *wt);
        if (wt)
            d->weight = wt;
        if (!o || !wt)
            return fc_error_set(err, FC_ENOMEM, "out of memory");
        d->cap = cap;
    }
    int *dst = d->order + d->n * (size_t)d->width;
    for (int k = 0; k < d->width; k++)
        dst[k] = k < len ? order[k] : -1;
    d->weight[d->n++] = w;
    return 0;
}

/* Every permutation of the seats (recursively), keeping those whose ranks never decrease. */
typedef struct rating_perm {
    const int *item, *rank;
    int n, seat[FC_MAX_SEATS];
    int count;
    int out[5040][FC_MAX_SEATS > 7 ? 7 : FC_MAX_SEATS];
} rating_perm;

static void rating_permute(rating_perm *p, int k)
{
    if (k >= 2 && p->rank[p->seat[k - 2]] > p->rank[p->seat[k - 1]])
        return; /* a worse place before a better one */
    if (k == p->n) {
        for (int i = 0; i < p->n; i++)
            p->out[p->count][i] = p->item[p->seat[i]];
        p->count++;
        return;
    }
    for (int i = k; i < p->n; i++) {
        int t = p->seat[k];
        p->seat[k] = p->seat[i];
        p->seat[i] = t;
        rating_permute(p, k + 1);
        p->seat[i] = p->seat[k];
        p->seat[k] = t;
    }
}

int fc_rating_add(fc_rating_data *d, const int *item, const int *rank, int nseats, fc_error *err)
{
    if (nseats < 2 || nseats > d->width || nseats > 7)
        return fc_error_set(err, FC_EINVAL, "rating: %d seats (2..%d)", nseats, d->width < 7 ? d->width : 7);
    for (int s = 0; s < nseats; s++)
        if (item[s] < 0 || item[s] >= d->nitems)
            return fc_error_set(err, FC_EINVAL, "rating: item %d out of range", item[s]);
    rating_perm *p = malloc(sizeof *p);
    if (!p)
        return fc_error_set(err, FC_ENOMEM, "out of memory");
    p->item = item;
    p->rank = rank;
    p->n = nseats;
    p->count = 0;
    for (int s = 0; s < nseats; s++)
        p->seat[s] = s;
    rating_permute(p, 0);
    int rc = 0;
    for (int i = 0; rc == 0 && i < p->count; i++)
        rc = rating_push(d, p->out[i], nseats, 1.0 / p->count, err);
    free(p);
    return rc;
}

int fc_rating_add_pair(fc_rating_data *d, int a, int b, double points, double count, fc_error *err)
{
    if (a < 0 || b < 0 || a >= d->nitems || b >= d->nitems || a == b || d->width < 2)
        return fc_error_set(err, FC_EINVAL, "rating: bad pair %d, %d", a, b);
    if (!(points >= 0 && points <= count))
        return fc_error_set(err, FC_EINVAL, "rating: %g points in %g games", points, count);
    int ab[2] = {a, b}, ba[2] = {b, a};
    int rc = points > 0 ? rating_push(d, ab, 2, points, err) : 0;
    if (rc == 0 && count - points > 0)
        rc = rating_push(d, ba, 2, count - points, err);
    return rc;
}

/* Weighted log-likelihood plus prior at r; with g and h (free x free, row-major, the negative
 * Hessian) also their values. free_of[i] is i's free index, -1 for the anchor. */
typedef struct rating_fit {
    const fc_rating_data *d;
    int n, nfree, free_of[FC_LADDER_MAX_AGENTS];
    double prec; /* prior precision, per nat^2 */
} rating_fit;

static double rating_eval(const rating_fit *f, const double *r, double *g, double *h)
{
    const fc_rating_data *d = f->d;
    int nf = f->nfree, w = d->width;
    double ll = 0;
    if (g) {
        memset(g, 0, (size_t)nf * sizeof *g);
        memset(h, 0, (size_t)nf * (size_t)nf * sizeof *h);
    }
    for (size_t t = 0; t < d->n; t++) {
        const int *o = d->order + t * (size_t)w;
        double wt = d->weight[t];
        int len = 0;
        while (len < w && o[len] >= 0)
            len++;
        for (int k = 0; k + 1 < len; k++) {
            double mx = -1e300, sum = 0, p[FC_MAX_SEATS];
            for (int m = k; m < len; m++)
                mx = r[o[m]] > mx ? r[o[m]] : mx;
            for (int m = k; m < len; m++)
                sum += (p[m] = exp(r[o[m]] - mx));
            ll += wt * (r[o[k]] - mx - log(sum));
            if (!g)
                continue;
            for (int m = k; m < len; m++)
                p[m] /= sum;
            if (f->free_of[o[k]] >= 0)
                g[f->free_of[o[k]]] += wt;
            for (int m = k; m < len; m++) {
                int a = f->free_of[o[m]];
                if (a < 0)
                    continue;
                g[a] -= wt * p[m];
                h[a * nf + a] += wt * p[m];
                for (int q = k; q < len; q++) {
                    int b = f->free_of[o[q]];
                    if (b >= 0)
                        h[a * nf + b] -= wt * p[m] * p[q];
                }
            }
        }
    }
    for (int i = 0; i < f->n; i++) {
        int a = f->free_of[i];
        if (a < 0)
            continue;
        ll -= 0.5 * f->prec * r[i] * r[i];
        if (g) {
            g[a] -= f->prec * r[i];
            h[a * nf + a] += f->prec;
        }
    }
    return ll;
}

/* Cholesky factor of the positive definite a (n x n) in place (lower); -1 if not positive. */
static int rating_cholesky(double *a, int n)
{
    for (int j = 0; j < n; j++) {
        double s = a[j * n + j];
        for (int k = 0; k < j; k++)
            s -= a[j * n + k] * a[j * n + k];
        if (!(s > 0))
            return -1;
        a[j * n + j] = sqrt(s);
        for (int i = j + 1; i < n; i++) {
            double v = a[i * n + j];
            for (int k = 0; k < j; k++)
                v -= a[i * n + k] * a[j * n + k];
            a[i * n + j] = v / a[j * n + j];
        }
    }
    return 0;
}

/* Solves L L^T x = b (x may be b). */
static void rating_solve(const double *l, int n, const double *b, double *x)
{
    for (int i = 0; i < n; i++) {
        double v = b[i];
        for (int k = 0; k < i; k++)
            v -= l[i * n + k] * x[k];
        x[i] = v / l[i * n + i];
    }
    for (int i = n - 1; i >= 0; i--) {
        double v = x[i];
        for (int k = i + 1; k < n; k++)
            v -= l[k * n + i] * x[k];
        x[i] = v / l[i * n + i];
    }
}

/* Newton's method with step halving from r = 0; leaves the factor of the information in h. */
static int rating_newton(const rating_fit *f, double *r, double *g, double *h, fc_error *err)
{
    int nf = f->nfree;
    double step[FC_LADDER_MAX_AGENTS], trial[FC_LADDER_MAX_AGENTS];
    double ll = rating_eval(f, r, g, h);
    for (int it = 0; it < RATING_MAX_ITERS; it++) {
        if (rating_cholesky(h, nf) != 0)
            return fc_error_set(err, FC_ERANGE, "rating: the information matrix is singular");
        rating_solve(h, nf, g, step);
        double big = 0;
        for (int a = 0; a < nf; a++)
            big = fabs(step[a]) > big ? fabs(step[a]) : big;
        if (big < RATING_TOL)
            return 0;
        double scale = 1, nll = -INFINITY;
        for (int half = 0; half < 60; half++, scale *= 0.5) {
            memcpy(trial, r, (size_t)f->n * sizeof *r);
            for (int i = 0; i < f->n; i++)
                if (f->free_of[i] >= 0)
                    trial[i] += scale * step[f->free_of[i]];
            nll = rating_eval(f, trial, NULL, NULL);
            if (nll >= ll - 1e-12)
                break;
        }
        memcpy(r, trial, (size_t)f->n * sizeof *r);
        ll = rating_eval(f, r, g, h);
        if (big * scale < RATING_TOL)
            break;
    }
    return rating_cholesky(h, nf) == 0 ? 0 : fc_error_set(err, FC_ERANGE, "rating: the information matrix is singular");
}

/* Games and scores of every item from the data. */
static void rating_counts(const fc_rating_data *d, fc_rating *out)
{
    for (size_t t = 0; t < d->n; t++) {
        const int *o = d->order + t * (size_t)d->width;
        int len = 0;
        while (len < d->width && o[len] >= 0)
            len++;
        for (int k = 0; k < len; k++) {
            out[o[k]].games_w += d->weight[t];
            out[o[k]].score += d->weight[t] * (double)(len - 1 - k) / (double)(len - 1);
        }
    }
}

int fc_rating_fit(const fc_rating_data *d, int anchor, fc_rating *out, fc_error *err)
{
    int n = d->nitems;
    if (n < 2 || n > FC_LADDER_MAX_AGENTS || anchor < 0 || anchor >= n)
        return fc_error_set(err, FC_EINVAL, "rating: %d items, anchor %d", n, anchor);
    rating_fit f = {d, n, n - 1, {0}, 0};
    double sd = FC_RATING_PRIOR_ELO / FC_ELO_PER_NAT;
    f.prec = 1.0 / (sd * sd);
    for (int i = 0, a = 0; i < n; i++)
        f.free_of[i] = i == anchor ? -1 : a++;
    double r[FC_LADDER_MAX_AGENTS] = {0}, g[FC_LADDER_MAX_AGENTS], e[FC_LADDER_MAX_AGENTS];
    double *h = malloc((size_t)(n - 1) * (size_t)(n - 1) * sizeof *h);
    if (!h)
        return fc_error_set(err, FC_ENOMEM, "out of memory");
    int rc = rating_newton(&f, r, g, h, err);
    memset(out, 0, (size_t)n * sizeof *out);
    rating_counts(d, out);
    for (int i = 0; rc == 0 && i < n; i++) {
        int a = f.free_of[i];
        double var = 0;
        if (a >= 0) {
            memset(e, 0, sizeof e);
            e[a] = 1;
            rating_solve(h, n - 1, e, e);
            var = e[a];
        }
        out[i].elo = r[i] * FC_ELO_PER_NAT;
        out[i].se = sqrt(var) * FC_ELO_PER_NAT;
        out[i].lo = out[i].elo - FC_Z95 * out[i].se;
        out[i].hi = out[i].elo + FC_Z95 * out[i].se;
        out[i].games = (int)lround(out[i].games_w);
        out[i].score = out[i].games_w > 0 ? out[i].score / out[i].games_w : 0;
    }
    free(h);
    return rc;
}

bool fc_rating_separated(const fc_rating *r, int n)
{
    int idx[FC_LADDER_MAX_AGENTS];
    for (int i = 0; i < n; i++) {
        int j = i;
        while (j > 0 && r[idx[j - 1]].elo < r[i].elo) {
            idx[j] = idx[j - 1];
            j--;
        }
        idx[j] = i;
    }
    for (int k = 0; k + 1 < n; k++)
        if (!(r[idx[k]].lo > r[idx[k + 1]].hi))
            return false;
    return true;
}
