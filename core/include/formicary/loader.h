/* Reading a game's CSV data files from a plugin, through the host's table functions.
 * Header-only, because plugins do not link libformicary. Every helper that fails closes the
 * open table and leaves one line "file:line: message" in the error, so a loader can simply
 * `return` the negative code. Typical use:
 *
 *     fc_loader L = {.h = host, .dir = datadir, .err = err};
 *     static const char *const cols[] = {"kind", "tokens", NULL};
 *     if ((rc = fc_loader_open(&L, "prey.csv", cols)) < 0) return rc;
 *     for (int row = 0; row < host->table_rows(L.t); row++)
 *         if ((rc = fc_loader_int(&L, row, "tokens", 0, 99, &n)) < 0) return rc;
 *     fc_loader_close(&L);
 */
#ifndef FORMICARY_LOADER_H
#define FORMICARY_LOADER_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formicary/game.h"

/* Returns from the calling function when x is a negative error code. */
#define FC_TRY(x) \
    do { \
        int fc_try_rc_ = (x); \
        if (fc_try_rc_ < 0) \
            return fc_try_rc_; \
    } while (0)

typedef struct fc_loader {
    const fc_host *h;
    const char *dir; /* the game's data directory */
    fc_error *err;
    char path[1024]; /* of the open table, for messages */
    fc_table *t;     /* the open table or NULL */
} fc_loader;

static inline void fc_loader_close(fc_loader *L)
{
    if (L->t)
        L->h->table_free(L->t);
    L->t = NULL;
}

/* Opens dir/name; it must have at least one row and every column in cols (NULL-terminated,
 * or NULL for none). */
static inline int fc_loader_open(fc_loader *L, const char *name, const char *const *cols)
{
    snprintf(L->path, sizeof L->path, "%s/%s", L->dir, name);
    L->t = L->h->table_load(L->path, L->err);
    if (!L->t)
        return L->err && L->err->code < 0 ? L->err->code : FC_EIO;
    for (int i = 0; cols && cols[i]; i++)
        if (L->h->table_col(L->t, cols[i]) < 0) {
            fc_loader_close(L);
            return L->h->error_set(L->err, FC_EDATA, "%s: missing column '%s'", L->path, cols[i]);
        }
    if (L->h->table_rows(L->t) < 1) {
        fc_loader_close(L);
        return L->h->error_set(L->err, FC_EDATA, "%s: no rows", L->path);
    }
    return 0;
}

/* A data error at `row` of the open table (printf-style message). */
static inline int fc_loader_bad(fc_loader *L, int row, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static inline int fc_loader_bad(fc_loader *L, int row, const char *fmt, ...)
{
    char what[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    int rc = L->h->error_set(L->err, FC_EDATA, "%s:%d: %s", L->path, L->t ? L->h->table_line(L->t, row) : 0, what);
    fc_loader_close(L);
    return rc;
}

/* Integer field in [min, max]. */
static inline int fc_loader_int(fc_loader *L, int row, const char *col, int64_t min, int64_t max, int *out)
{
    int64_t v = 0;
    int rc = L->h->table_int(L->t, row, col, min, max, &v, L->err);
    if (rc < 0) {
        fc_loader_close(L);
        return rc;
    }
    *out = (int)v;
    return 0;
}

/* Field that must be one of names[0..n-1]; *out gets the index. */
static inline int fc_loader_enum(fc_loader *L, int row, const char *col, const char *const *names, int n, int *out)
{
    int rc = L->h->table_enum(L->t, row, col, names, n, out, L->err);
    if (rc < 0)
        fc_loader_close(L);
    return rc;
}

/* Raw text of a field; NULL (with the error set and the table closed) if the column is missing. */
static inline const char *fc_loader_str(fc_loader *L, int row, const char *col)
{
    int c = L->h->table_col(L->t, col);
    if (c < 0) {
        fc_loader_bad(L, row, "missing column '%s'", col);
        return NULL;
    }
    return L->h->table_str(L->t, row, c);
}

/* A game's evaluation weight as its plugin declares it: name, one-line doc and the hard limits
 * any eval.csv row's own lo..hi must lie within (fc_loader_eval_weights). */
typedef struct fc_loader_weight_def {
    const char *name, *doc;
    double min, max;
} fc_loader_weight_def;

/* A finite decimal number filling the whole field of column col. */
static inline int fc_loader_number(fc_loader *L, int row, const char *col, double *out)
{
    const char *s = fc_loader_str(L, row, col);
    if (!s)
        return FC_EDATA;
    char *end = NULL;
    double v = strtod(s, &end);
    if (!s[0] || *end || !(v > -1e12 && v < 1e12))
        return fc_loader_bad(L, row, "column '%s': expected a number, found '%s'", col, s);
    *out = v;
    return 0;
}

/* Reads data/eval.csv (name,value,lo,hi; API minor 7): every weight of def[0..n-1] once, its
 * range ordered and within the def's limits, its value within its range; w[i] and out[i] (the
 * fc_eval_weight the game's eval_weights hands out) get weight i. Errors name file:line. */
static inline int fc_loader_eval_weights(fc_loader *L, const fc_loader_weight_def *def, int n, double *w,
                                         fc_eval_weight *out)
{
    static const char *const cols[] = {"name", "value", "lo", "hi", NULL};
    int rc = fc_loader_open(L, "eval.csv", cols);
    if (rc != 0)
        return rc;
    int line_of[FC_EVAL_WEIGHTS_MAX] = {0}, rows = L->h->table_rows(L->t);
    for (int row = 0; row < rows; row++) {
        const char *name = fc_loader_str(L, row, "name");
        if (!name)
            return FC_EDATA;
        int i = 0;
        while (i < n && strcmp(def[i].name, name))
            i++;
        if (i == n)
            return fc_loader_bad(L, row, "unknown weight '%s'", name);
        if (line_of[i])
            return fc_loader_bad(L, row, "weight '%s' given twice (first on line %d)", name, line_of[i]);
        double v = 0, lo = 0, hi = 0;
        if ((rc = fc_loader_number(L, row, "value", &v)) != 0 || (rc = fc_loader_number(L, row, "lo", &lo)) != 0 ||
            (rc = fc_loader_number(L, row, "hi", &hi)) != 0)
            return rc;
        if (lo > hi || lo < def[i].min || hi > def[i].max)
            return fc_loader_bad(L, row, "weight '%s': range %g..%g must be ordered and within %g..%g", name, lo, hi,
                                 def[i].min, def[i].max);
        if (v < lo || v > hi)
            return fc_loader_bad(L, row, "weight '%s' = %g is outside its range %g..%g", name, v, lo, hi);
        w[i] = v;
        out[i] = (fc_eval_weight){def[i].name, v, lo, hi, def[i].doc};
        line_of[i] = L->h->table_line(L->t, row);
    }
    for (int i = 0; i < n; i++)
        if (!line_of[i])
            return fc_loader_bad(L, rows - 1, "missing weight '%s' (every weight must be given once)", def[i].name);
    fc_loader_close(L);
    return 0;
}

#endif
