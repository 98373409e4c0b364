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

#endif
