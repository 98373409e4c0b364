/* Evaluation weights files (weights.h): read through the CSV table reader after the size and
 * line-length checks a stranger's file needs, every value checked against the game's range;
 * written through the safe writer with values that read back exactly. */
#include "formicary/weights.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "formicary/escape.h"
#include "formicary/outfile.h"
#include "formicary/rules.h"
#include "formicary/suggest.h"
#include "formicary/table.h"
#include "textfile.h"

int fc_weights_of(const fc_match *m, const fc_eval_weight **defs, fc_error *err)
{
    int n = fc_match_eval_weights(m, defs);
    if (n > 0)
        return n;
    const fc_plugin *p = fc_rules_plugin(fc_match_rules(m));
    return fc_error_set(err, FC_EINVAL, "%s has no evaluation weights (its plugin offers no eval_weights)",
                        p ? p->id : "the game");
}

const char *fc_weights_number(double x, char *buf, size_t n)
{
    /* from the integer digits on, so that 400 is "400", not "4e+02" */
    int first = isfinite(x) && fabs(x) >= 1 && fabs(x) < 1e17 ? (int)floor(log10(fabs(x))) + 1 : 1;
    for (int prec = first > 17 ? 17 : first; prec <= 17; prec++) {
        snprintf(buf, n, "%.*g", prec, x);
        if (strtod(buf, NULL) == x)
            break;
    }
    return buf;
}

/* A weight's value: a plain decimal number (no nan, inf or hex), finite. */
static int weights_value(const char *s, double *out)
{
    if (!*s || strlen(s) > 64)
        return -1;
    for (const char *p = s; *p; p++)
        if (!strchr("0123456789+-.eE", *p))
            return -1;
    char *end = NULL;
    double x = strtod(s, &end);
    if (end == s || *end || !isfinite(x))
        return -1;
    *out = x;
    return 0;
}

/* Every line of text at most FC_WEIGHTS_MAX_LINE bytes long. */
static int weights_lines(const char *name, const char *text, fc_error *err)
{
    int line = 0;
    for (const char *p = text; *p;) {
        const char *next;
        size_t len = fc_text_line(p, &next);
        line++;
        if (len > FC_WEIGHTS_MAX_LINE)
            return fc_error_set(err, FC_EDATA, "%s:%d: line longer than %d characters", name, line,
                                FC_WEIGHTS_MAX_LINE);
        p = next;
    }
    return 0;
}

static int weights_find(const char *name, const fc_eval_weight *defs, int n)
{
    for (int i = 0; i < n; i++)
        if (strcmp(defs[i].name, name) == 0)
            return i;
    return -1;
}

static int weights_unknown(const char *file, int line, const char *name, const fc_eval_weight *defs, int n,
                           fc_error *err)
{
    const char *names[FC_EVAL_WEIGHTS_MAX];
    for (int i = 0; i < n; i++)
        names[i] = defs[i].name;
    char shown[80];
    fc_escape_text(name, strlen(name) > 64 ? 64 : strlen(name), shown, sizeof shown);
    const char *near = fc_suggest(name, names, n);
    if (near)
        return fc_error_set(err, FC_EUNKNOWN, "%s:%d: unknown weight '%s' (did you mean '%s'?)", file, line, shown,
                            near);
    return fc_error_set(err, FC_EUNKNOWN, "%s:%d: unknown weight '%s'", file, line, shown);
}

/* One row: its weight's index and value into out, checked. */
static int weights_row(const fc_table *t, int row, int cn, int cv, const fc_eval_weight *defs, int n, int *line_of,
                       double *out, fc_error *err)
{
    const char *file = fc_table_name(t), *name = fc_table_str(t, row, cn), *text = fc_table_str(t, row, cv);
    int line = fc_table_line(t, row);
    if (!*name)
        return fc_error_set(err, FC_EDATA, "%s:%d: expected a weight name", file, line);
    int i = weights_find(name, defs, n);
    if (i < 0)
        return weights_unknown(file, line, name, defs, n, err);
    if (line_of[i])
        return fc_error_set(err, FC_EDATA, "%s:%d: weight '%s' given twice (first on line %d)", file, line, name,
                            line_of[i]);
    double x;
    if (weights_value(text, &x) < 0) {
        char shown[80];
        fc_escape_text(text, strlen(text) > 64 ? 64 : strlen(text), shown, sizeof shown);
        return fc_error_set(err, FC_EDATA, "%s:%d: weight '%s': expected a finite number, found '%s'", file, line,
                            name, shown);
    }
    if (!(x >= defs[i].lo && x <= defs[i].hi)) {
        char a[32], b[32], c[32];
        return fc_error_set(err, FC_ERANGE, "%s:%d: weight '%s': %s is out of range %s..%s", file, line, name,
                            fc_weights_number(x, a, sizeof a), fc_weights_number(defs[i].lo, b, sizeof b),
                            fc_weights_number(defs[i].hi, c, sizeof c));
    }
    out[i] = x;
    line_of[i] = line;
    return 0;
}

int fc_weights_parse(const char *name, const char *text, const fc_eval_weight *defs, int n, double *out,
                     fc_error *err)
{
    if (!name)
        name = "<weights>";
    if (!text || !defs || n < 1 || n > FC_EVAL_WEIGHTS_MAX || !out)
        return fc_error_set(err, FC_EINVAL, "%s: no weights to read", name);
    if (strlen(text) > FC_WEIGHTS_MAX_BYTES)
        return fc_error_set(err, FC_EDATA, "%s: larger than %d bytes", name, FC_WEIGHTS_MAX_BYTES);
    if (weights_lines(name, text, err) < 0)
        return FC_EDATA;
    fc_table *t = fc_table_parse(name, text, err);
    if (!t)
        return err && err->code ? err->code : FC_EDATA;
    int cn = fc_table_col(t, "name"), cv = fc_table_col(t, "value"), rc = 0;
    if (cn < 0 || cv < 0)
        rc = fc_error_set(err, FC_EDATA, "%s: expected a header line naming the columns name,value", name);
    int line_of[FC_EVAL_WEIGHTS_MAX] = {0};
    for (int i = 0; i < n; i++)
        out[i] = defs[i].value;
    for (int row = 0; rc == 0 && row < fc_table_rows(t); row++)
        rc = weights_row(t, row, cn, cv, defs, n, line_of, out, err);
    fc_table_free(t);
    return rc;
}

int fc_weights_read(const char *path, const fc_eval_weight *defs, int n, double *out, fc_error *err)
{
    if (!path || !*path)
        return fc_error_set(err, FC_EINVAL, "no weights file named");
    char *text = NULL;
    int rc = fc_textfile_read_ex(path, FC_WEIGHTS_MAX_BYTES, FC_EDATA, true, &text, err);
    if (rc == 0)
        rc = fc_weights_parse(path, text, defs, n, out, err);
    free(text);
    return rc;
}

int fc_weights_check(const fc_eval_weight *defs, int n, const double *w, int nw, fc_error *err)
{
    if (nw != n)
        return fc_error_set(err, FC_EINVAL, "%d weights given, the game has %d", nw, n);
    for (int i = 0; i < n; i++)
        if (!isfinite(w[i]) || w[i] < defs[i].lo || w[i] > defs[i].hi) {
            char a[32], b[32], c[32];
            return fc_error_set(err, FC_ERANGE, "weight '%s': %s is out of range %s..%s", defs[i].name,
                                fc_weights_number(w[i], a, sizeof a), fc_weights_number(defs[i].lo, b, sizeof b),
                                fc_weights_number(defs[i].hi, c, sizeof c));
        }
    return 0;
}

int fc_weights_print(FILE *f, const char *comment, const fc_eval_weight *defs, int n, const double *w)
{
    for (const char *p = comment; p && *p;) {
        const char *nl = strchr(p, '\n');
        int len = nl ? (int)(nl - p) : (int)strlen(p);
        fprintf(f, "# %.*s\n", len, p);
        p += len + (nl != NULL);
    }
    fputs("name,value,lo,hi\n", f);
    for (int i = 0; i < n; i++) {
        char a[32], b[32], c[32];
        fprintf(f, "%s,%s,%s,%s\n", defs[i].name, fc_weights_number(w[i], a, sizeof a),
                fc_weights_number(defs[i].lo, b, sizeof b), fc_weights_number(defs[i].hi, c, sizeof c));
    }
    return ferror(f) ? FC_EIO : 0;
}

int fc_weights_write(const char *path, const char *comment, const fc_eval_weight *defs, int n, const double *w,
                     fc_error *err)
{
    fc_outfile *o = fc_outfile_open(path, err);
    if (!o)
        return err && err->code ? err->code : FC_EIO;
    fc_weights_print(fc_outfile_stream(o), comment, defs, n, w);
    return fc_outfile_close(o, err);
}

void fc_weights_round(const fc_eval_weight *d, int n, double *w)
{
    for (int i = 0; i < n; i++) {
        double span = d[i].hi - d[i].lo, e = floor(log10(span * 1e-4)), x = w[i];
        double g = pow(10, fabs(e)); /* a whole number, so the rounding below is exact */
        x = e < 0 ? round(x * g) / g : round(x / g) * g;
        w[i] = x < d[i].lo ? d[i].lo : x > d[i].hi ? d[i].hi : x;
    }
}
