/* CSV data tables (see table.h). The whole table is parsed once at load time; accessors only
 * convert fields, so every message can name the file, the row's source line and the column. */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formicary/table.h"
#include "textfile.h"

typedef struct fc_table_row {
    int line;
    int n;    /* fields present (may be fewer than the header's) */
    char **f;
} fc_table_row;

struct fc_table {
    char *name;
    int header_line;
    int ncols;
    char **cols;
    int nrows, cap;
    fc_table_row *rows;
};

static void free_fields(char **f, int n)
{
    for (int i = 0; i < n; i++)
        free(f[i]);
    free(f);
}

void fc_table_free(fc_table *t)
{
    if (!t)
        return;
    for (int r = 0; r < t->nrows; r++)
        free_fields(t->rows[r].f, t->rows[r].n);
    free(t->rows);
    free_fields(t->cols, t->ncols);
    free(t->name);
    free(t);
}

static int is_blank(char c)
{
    return c == ' ' || c == '\t';
}

/* Appends a copy of s[0..len) to the field array. */
static int push_field(char ***f, int *n, int *cap, const char *s, size_t len)
{
    if (*n == *cap) {
        int nc = *cap ? *cap * 2 : 8;
        char **nf = realloc(*f, (size_t)nc * sizeof *nf);
        if (!nf)
            return FC_ENOMEM;
        *f = nf;
        *cap = nc;
    }
    char *copy = malloc(len + 1);
    if (!copy)
        return FC_ENOMEM;
    memcpy(copy, s, len);
    copy[len] = '\0';
    (*f)[(*n)++] = copy;
    return 0;
}

/* Splits one line (without its line ending) into fields. Unquoted fields are trimmed; a
 * quoted field keeps its inner text verbatim, with "" standing for one quote. */
static int split_line(const char *name, int line, const char *s, size_t len, char ***out, int *nout,
                      fc_error *err)
{
    char **f = NULL;
    int n = 0, cap = 0, rc = 0;
    char *buf = malloc(len + 1); /* unquoting never grows the text */
    if (!buf)
        return fc_error_set(err, FC_ENOMEM, "%s:%d: out of memory", name, line);
    size_t i = 0;
    for (;;) {
        while (i < len && is_blank(s[i]))
            i++;
        size_t blen = 0;
        if (i < len && s[i] == '"') {
            i++;
            for (;;) {
                if (i >= len) {
                    rc = fc_error_set(err, FC_EDATA, "%s:%d: field %d: unterminated quoted field", name, line,
                                      n + 1);
                    goto fail;
                }
                if (s[i] == '"') {
                    if (i + 1 < len && s[i + 1] == '"') {
                        buf[blen++] = '"';
                        i += 2;
                        continue;
                    }
                    i++;
                    break;
                }
                buf[blen++] = s[i++];
            }
            while (i < len && is_blank(s[i]))
                i++;
            if (i < len && s[i] != ',') {
                rc = fc_error_set(err, FC_EDATA, "%s:%d: field %d: unexpected '%c' after closing quote", name,
                                  line, n + 1, s[i]);
                goto fail;
            }
        } else {
            size_t start = i;
            while (i < len && s[i] != ',')
                i++;
            size_t end = i;
            while (end > start && is_blank(s[end - 1]))
                end--;
            blen = end - start;
            memcpy(buf, s + start, blen);
        }
        if (push_field(&f, &n, &cap, buf, blen) < 0) {
            rc = fc_error_set(err, FC_ENOMEM, "%s:%d: out of memory", name, line);
            goto fail;
        }
        if (i >= len)
            break;
        i++; /* the ',' */
    }
    free(buf);
    *out = f;
    *nout = n;
    return 0;
fail:
    free(buf);
    free_fields(f, n);
    return rc;
}

static int add_row(fc_table *t, int line, char **f, int n, fc_error *err)
{
    if (n > t->ncols) {
        free_fields(f, n);
        return fc_error_set(err, FC_EDATA, "%s:%d: %d fields, but the header names %d columns", t->name, line, n,
                            t->ncols);
    }
    if (t->nrows == t->cap) {
        int nc = t->cap ? t->cap * 2 : 16;
        fc_table_row *nr = realloc(t->rows, (size_t)nc * sizeof *nr);
        if (!nr) {
            free_fields(f, n);
            return fc_error_set(err, FC_ENOMEM, "%s:%d: out of memory", t->name, line);
        }
        t->rows = nr;
        t->cap = nc;
    }
    t->rows[t->nrows++] = (fc_table_row){.line = line, .n = n, .f = f};
    return 0;
}

static int set_header(fc_table *t, int line, char **f, int n, fc_error *err)
{
    t->cols = f;
    t->ncols = n;
    t->header_line = line;
    for (int i = 0; i < n; i++) {
        if (!f[i][0])
            return fc_error_set(err, FC_EDATA, "%s:%d: column %d has no name", t->name, line, i + 1);
        for (int j = 0; j < i; j++)
            if (strcmp(f[i], f[j]) == 0)
                return fc_error_set(err, FC_EDATA, "%s:%d: duplicate column '%s' (columns %d and %d)", t->name,
                                    line, f[i], j + 1, i + 1);
    }
    return 0;
}

fc_table *fc_table_parse(const char *name, const char *text, fc_error *err)
{
    if (!name)
        name = "<table>";
    if (!text) {
        fc_error_set(err, FC_EINVAL, "%s: no text", name);
        return NULL;
    }
    fc_table *t = calloc(1, sizeof *t);
    if (t)
        t->name = strdup(name);
    if (!t || !t->name) {
        fc_table_free(t);
        fc_error_set(err, FC_ENOMEM, "%s: out of memory", name);
        return NULL;
    }
    const char *p = text;
    if ((unsigned char)p[0] == 0xEF && (unsigned char)p[1] == 0xBB && (unsigned char)p[2] == 0xBF)
        p += 3; /* UTF-8 byte order mark */
    int line = 0;
    bool have_header = false;
    while (*p) {
        line++;
        const char *next;
        size_t len = fc_text_line(p, &next);
        size_t k = 0;
        while (k < len && is_blank(p[k]))
            k++;
        if (k == len || p[k] == '#') {
            p = next;
            continue;
        }
        char **f = NULL;
        int n = 0;
        if (split_line(t->name, line, p, len, &f, &n, err) < 0)
            goto fail;
        if (!have_header) {
            have_header = true;
            if (set_header(t, line, f, n, err) < 0)
                goto fail;
        } else if (add_row(t, line, f, n, err) < 0) {
            goto fail;
        }
        p = next;
    }
    if (!have_header) {
        fc_error_set(err, FC_EDATA, "%s: no header row", t->name);
        goto fail;
    }
    return t;
fail:
    fc_table_free(t);
    return NULL;
}

fc_table *fc_table_load(const char *path, fc_error *err)
{
    if (!path) {
        fc_error_set(err, FC_EINVAL, "table path is NULL");
        return NULL;
    }
    char *text;
    if (fc_textfile_read(path, 16u << 20, FC_EDATA, &text, err) != 0)
        return NULL;
    fc_table *t = fc_table_parse(path, text, err);
    free(text);
    return t;
}

int fc_table_rows(const fc_table *t)
{
    return t ? t->nrows : 0;
}

int fc_table_col(const fc_table *t, const char *name)
{
    if (!t || !name)
        return -1;
    for (int i = 0; i < t->ncols; i++)
        if (strcmp(t->cols[i], name) == 0)
            return i;
    return -1;
}

int fc_table_line(const fc_table *t, int row)
{
    if (!t || row < 0 || row >= t->nrows)
        return 0;
    return t->rows[row].line;
}

const char *fc_table_name(const fc_table *t)
{
    return t ? t->name : "";
}

const char *fc_table_str(const fc_table *t, int row, int col)
{
    if (!t || row < 0 || row >= t->nrows || col < 0 || col >= t->ncols)
        return "";
    const fc_table_row *r = &t->rows[row];
    return col < r->n ? r->f[col] : "";
}

/* Resolves row and column for the typed accessors; *text gets the field. */
static int field(const fc_table *t, int row, const char *col, const char **text, fc_error *err)
{
    if (!t)
        return fc_error_set(err, FC_EINVAL, "table is NULL");
    if (row < 0 || row >= t->nrows)
        return fc_error_set(err, FC_EINVAL, "%s: row %d out of range (%d rows)", t->name, row, t->nrows);
    int c = fc_table_col(t, col);
    if (c < 0) {
        char cols[256] = "";
        size_t used = 0;
        for (int i = 0; i < t->ncols && used < sizeof cols; i++) {
            int w = snprintf(cols + used, sizeof cols - used, "%s%s", i ? ", " : "", t->cols[i]);
            if (w < 0)
                break;
            used += (size_t)w;
        }
        return fc_error_set(err, FC_EDATA, "%s:%d: unknown column '%s' (columns: %s)", t->name, t->header_line,
                            col ? col : "(null)", cols);
    }
    *text = fc_table_str(t, row, c);
    return 0;
}

/* Strict decimal integer: optional sign, digits only, no surrounding text. */
static int parse_i64(const char *s, const char **end, int64_t *out)
{
    const char *p = s;
    if (*p == '+' || *p == '-')
        p++;
    if (*p < '0' || *p > '9')
        return -1;
    errno = 0;
    char *e;
    long long v = strtoll(s, &e, 10);
    if (errno == ERANGE)
        return -2;
    *end = e;
    *out = v;
    return 0;
}

int fc_table_int(const fc_table *t, int row, const char *col, int64_t min, int64_t max, int64_t *out,
                 fc_error *err)
{
    const char *s;
    int rc = field(t, row, col, &s, err);
    if (rc < 0)
        return rc;
    int line = t->rows[row].line;
    const char *end;
    int64_t v;
    int prc = parse_i64(s, &end, &v);
    if (prc == -2 || (prc == 0 && !*end && (v < min || v > max)))
        return fc_error_set(err, FC_EDATA, "%s:%d: column '%s': %s is out of range %lld..%lld", t->name, line, col,
                            s, (long long)min, (long long)max);
    if (prc < 0 || *end)
        return fc_error_set(err, FC_EDATA, "%s:%d: column '%s': expected integer, found '%s'", t->name, line, col,
                            s);
    if (out)
        *out = v;
    return 0;
}

int fc_table_enum(const fc_table *t, int row, const char *col, const char *const *names, int n, int *out,
                  fc_error *err)
{
    const char *s;
    int rc = field(t, row, col, &s, err);
    if (rc < 0)
        return rc;
    for (int i = 0; i < n; i++) {
        if (names[i] && strcmp(names[i], s) == 0) {
            if (out)
                *out = i;
            return 0;
        }
    }
    char list[256] = "";
    size_t used = 0;
    for (int i = 0; i < n && used < sizeof list; i++) {
        int w = snprintf(list + used, sizeof list - used, "%s%s", i ? ", " : "", names[i] ? names[i] : "");
        if (w < 0)
            break;
        used += (size_t)w;
    }
    return fc_error_set(err, FC_EDATA, "%s:%d: column '%s': expected one of %s, found '%s'", t->name,
                        t->rows[row].line, col, list, s);
}

static int is_sep(char c)
{
    return c == ' ' || c == '\t' || c == ';' || c == '|';
}

int fc_table_ints(const fc_table *t, int row, const char *col, int32_t *out, int max, fc_error *err)
{
    const char *s;
    int rc = field(t, row, col, &s, err);
    if (rc < 0)
        return rc;
    int line = t->rows[row].line;
    int n = 0;
    const char *p = s;
    for (;;) {
        while (is_blank(*p))
            p++;
        if (!*p)
            break;
        const char *end;
        int64_t v;
        int prc = parse_i64(p, &end, &v);
        if (prc == -2 || (prc == 0 && (v < INT32_MIN || v > INT32_MAX)))
            return fc_error_set(err, FC_EDATA, "%s:%d: column '%s': value %d is out of range for a 32-bit integer",
                                t->name, line, col, n + 1);
        if (prc < 0 || (*end && !is_sep(*end)))
            return fc_error_set(err, FC_EDATA,
                                "%s:%d: column '%s': expected integers separated by ' ', ';' or '|', found '%s'",
                                t->name, line, col, s);
        if (n >= max)
            return fc_error_set(err, FC_EDATA, "%s:%d: column '%s': more than %d values in '%s'", t->name, line,
                                col, max, s);
        out[n++] = (int32_t)v;
        p = end;
        while (is_blank(*p))
            p++;
        if (*p == ';' || *p == '|') {
            p++;
            while (is_blank(*p))
                p++;
            if (!*p || *p == ';' || *p == '|') /* "4;;5" or a trailing separator */
                return fc_error_set(err, FC_EDATA, "%s:%d: column '%s': missing value in '%s'", t->name, line, col,
                                    s);
        }
    }
    return n;
}
