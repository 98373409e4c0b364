/* Typed parameters (see params.h): parsing, formatting and schema validation. Every parse
 * error reads "<where>: <name>: <problem>" so the user sees the file and line that set it. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "formicary/params.h"

/* The number of parameter types (X-macro count: an array used only by sizeof is "unused" for
 * clang -Werror). */
enum {
#define FC_X_COUNT(name, text) +1
    NTYPES = 0 FC_PARAM_TYPES(FC_X_COUNT)
#undef FC_X_COUNT
};

#if defined(__GNUC__)
__attribute__((format(printf, 5, 6)))
#endif
static int perr(fc_error *err, int code, const char *where, const char *name, const char *fmt, ...)
{
    char problem[FC_ERROR_MSG_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(problem, sizeof problem, fmt, ap);
    va_end(ap);
    if (where && *where)
        return fc_error_set(err, code, "%s: %s: %s", where, name, problem);
    return fc_error_set(err, code, "%s: %s", name, problem);
}

/* ENUM choices "a|b|c": the i-th choice as (start, length); false past the end. */
static bool choice_at(const char *choices, int i, const char **s, size_t *len)
{
    const char *p = choices;
    for (int k = 0; k < i; k++) {
        p = strchr(p, '|');
        if (!p)
            return false;
        p++;
    }
    const char *bar = strchr(p, '|');
    *s = p;
    *len = bar ? (size_t)(bar - p) : strlen(p);
    return true;
}

static int choice_count(const char *choices)
{
    if (!choices || !*choices)
        return 0;
    int n = 1;
    for (const char *p = choices; *p; p++)
        n += *p == '|';
    return n;
}

/* Strict decimal: optional sign then digits, nothing else. -1 = not a number, -2 = overflow. */
static int parse_i64(const char *s, size_t len, int64_t *out)
{
    char buf[32];
    if (len == 0 || len >= sizeof buf)
        return len == 0 ? -1 : (strspn(s, "+-0123456789") >= len ? -2 : -1);
    memcpy(buf, s, len);
    buf[len] = '\0';
    const char *p = buf + (buf[0] == '+' || buf[0] == '-');
    if (!*p || strspn(p, "0123456789") != strlen(p))
        return -1;
    errno = 0;
    long long v = strtoll(buf, NULL, 10);
    if (errno == ERANGE)
        return -2;
    *out = v;
    return 0;
}

int fc_param_find(const fc_param_def *defs, int n, const char *name)
{
    if (!defs || !name)
        return -1;
    for (int i = 0; i < n; i++)
        if (defs[i].name && strcmp(defs[i].name, name) == 0)
            return i;
    return -1;
}

int fc_param_default(const fc_param_def *def, fc_value *out, fc_error *err)
{
    if (!def || !out)
        return fc_error_set(err, FC_EINVAL, "fc_param_default: NULL argument");
    const char *name = def->name ? def->name : "(unnamed)";
    fc_value v;
    memset(&v, 0, sizeof v);
    switch (def->type) {
    case FC_PARAM_INT:
        if (def->def < def->min || def->def > def->max)
            return perr(err, FC_ERANGE, "default", name, "%lld is out of range %lld..%lld", (long long)def->def,
                        (long long)def->min, (long long)def->max);
        v.i = def->def;
        break;
    case FC_PARAM_BOOL:
        if (def->def != 0 && def->def != 1)
            return perr(err, FC_ERANGE, "default", name, "%lld is not 0 or 1", (long long)def->def);
        v.i = def->def;
        break;
    case FC_PARAM_ENUM:
        if (def->def < 0 || def->def >= choice_count(def->choices))
            return perr(err, FC_ERANGE, "default", name, "index %lld is not a choice of '%s'", (long long)def->def,
                        def->choices ? def->choices : "");
        v.i = def->def;
        break;
    case FC_PARAM_STRING:
    case FC_PARAM_PATH:
    case FC_PARAM_INT_LIST:
        return fc_param_parse(def, def->def_text ? def->def_text : "", "default", out, err);
    default:
        return perr(err, FC_EINVAL, "default", name, "unknown parameter type %d", (int)def->type);
    }
    *out = v;
    return 0;
}

static int parse_int(const fc_param_def *def, const char *text, const char *where, fc_value *v, fc_error *err)
{
    int64_t x;
    int rc = parse_i64(text, strlen(text), &x);
    if (rc == -1)
        return perr(err, FC_EPARSE, where, def->name, "expected an integer, found '%s'", text);
    if (rc == -2 || x < def->min || x > def->max)
        return perr(err, FC_ERANGE, where, def->name, "%s is out of range %lld..%lld", text, (long long)def->min,
                    (long long)def->max);
    v->i = x;
    return 0;
}

static int parse_bool(const fc_param_def *def, const char *text, const char *where, fc_value *v, fc_error *err)
{
    static const char *const yes[] = {"true", "yes", "on", "1"};
    static const char *const no[] = {"false", "no", "off", "0"};
    for (int i = 0; i < 4; i++) {
        if (strcasecmp(text, yes[i]) == 0) {
            v->i = 1;
            return 0;
        }
        if (strcasecmp(text, no[i]) == 0) {
            v->i = 0;
            return 0;
        }
    }
    return perr(err, FC_EPARSE, where, def->name, "expected true/false, yes/no, on/off or 1/0, found '%s'", text);
}

static int parse_enum(const fc_param_def *def, const char *text, const char *where, fc_value *v, fc_error *err)
{
    const char *s;
    size_t len;
    for (int i = 0; choice_at(def->choices ? def->choices : "", i, &s, &len); i++) {
        if (len == strlen(text) && strncmp(s, text, len) == 0) {
            v->i = i;
            return 0;
        }
    }
    return perr(err, FC_EUNKNOWN, where, def->name, "unknown choice '%s' (choices: %s)", text,
                def->choices ? def->choices : "");
}

static int parse_list(const fc_param_def *def, const char *text, const char *where, fc_value *v, fc_error *err)
{
    const char *p = text;
    while (*p == ' ' || *p == '\t')
        p++;
    int n = 0;
    if (*p) {
        for (;;) {
            const char *comma = strchr(p, ',');
            const char *end = comma ? comma : p + strlen(p);
            const char *s = p;
            while (s < end && (*s == ' ' || *s == '\t'))
                s++;
            const char *e = end;
            while (e > s && (e[-1] == ' ' || e[-1] == '\t'))
                e--;
            int64_t x;
            int rc = parse_i64(s, (size_t)(e - s), &x);
            if (rc == -1)
                return perr(err, FC_EPARSE, where, def->name, "expected integers separated by ',', found '%s'",
                            text);
            if (rc == -2 || x < def->min || x > def->max)
                return perr(err, FC_ERANGE, where, def->name, "element %d: %.*s is out of range %lld..%lld", n + 1,
                            (int)(e - s), s, (long long)def->min, (long long)def->max);
            if (n < FC_PARAM_LIST_MAX)
                v->list[n] = (int32_t)x;
            n++;
            if (!comma)
                break;
            p = comma + 1;
        }
    }
    if (n < def->list_min || n > def->list_max || n > FC_PARAM_LIST_MAX) {
        if (def->list_min == def->list_max)
            return perr(err, FC_ERANGE, where, def->name, "%d values, expected %d", n, def->list_min);
        return perr(err, FC_ERANGE, where, def->name, "%d values, expected %d to %d", n, def->list_min,
                    def->list_max);
    }
    v->n = n;
    return 0;
}

/* Control characters other than tab (terminal escapes): values are printed and recorded. */
static bool has_control(const char *s)
{
    for (; *s; s++)
        if (((unsigned char)*s < 0x20 && *s != '\t') || *s == 0x7f)
            return true;
    return false;
}

int fc_param_parse(const fc_param_def *def, const char *text, const char *where, fc_value *out, fc_error *err)
{
    if (!def || !def->name || !text || !out)
        return fc_error_set(err, FC_EINVAL, "%s: fc_param_parse: NULL argument", where ? where : "?");
    fc_value v;
    memset(&v, 0, sizeof v); /* values are recorded and compared: no stale bytes */
    int rc;
    switch (def->type) {
    case FC_PARAM_INT:
        rc = parse_int(def, text, where, &v, err);
        break;
    case FC_PARAM_BOOL:
        rc = parse_bool(def, text, where, &v, err);
        break;
    case FC_PARAM_ENUM:
        rc = parse_enum(def, text, where, &v, err);
        break;
    case FC_PARAM_STRING:
    case FC_PARAM_PATH: {
        size_t len = strlen(text);
        rc = 0;
        if (len >= FC_PARAM_STR_MAX)
            rc = perr(err, FC_ERANGE, where, def->name, "text of %zu bytes is too long (at most %d)", len,
                      FC_PARAM_STR_MAX - 1);
        else if (strpbrk(text, "\n\r"))
            rc = perr(err, FC_EPARSE, where, def->name, "text must be a single line");
        else if (has_control(text))
            rc = perr(err, FC_EPARSE, where, def->name, "text must not contain control characters");
        else
            memcpy(v.s, text, len + 1);
        break;
    }
    case FC_PARAM_INT_LIST:
        rc = parse_list(def, text, where, &v, err);
        break;
    default:
        rc = perr(err, FC_EINVAL, where, def->name, "unknown parameter type %d", (int)def->type);
        break;
    }
    if (rc == 0)
        *out = v;
    return rc;
}

/* snprintf that reports truncation as FC_ERANGE. */
static int put(char *buf, size_t n, size_t *used, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
static int put(char *buf, size_t n, size_t *used, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int w = vsnprintf(buf ? buf + *used : NULL, buf ? n - *used : 0, fmt, ap);
    va_end(ap);
    if (w < 0 || (size_t)w >= n - *used)
        return FC_ERANGE;
    *used += (size_t)w;
    return 0;
}

int fc_param_format(const fc_param_def *def, const fc_value *v, char *buf, size_t n)
{
    if (!def || !v || !buf || n == 0)
        return FC_EINVAL;
    size_t used = 0;
    buf[0] = '\0';
    switch (def->type) {
    case FC_PARAM_INT:
        if (put(buf, n, &used, "%lld", (long long)v->i) < 0)
            return FC_ERANGE;
        break;
    case FC_PARAM_BOOL:
        if (put(buf, n, &used, "%s", v->i ? "true" : "false") < 0)
            return FC_ERANGE;
        break;
    case FC_PARAM_ENUM: {
        const char *s;
        size_t len;
        if (v->i < 0 || v->i > INT32_MAX || !choice_at(def->choices ? def->choices : "", (int)v->i, &s, &len))
            return FC_EINVAL;
        if (put(buf, n, &used, "%.*s", (int)len, s) < 0)
            return FC_ERANGE;
        break;
    }
    case FC_PARAM_STRING:
    case FC_PARAM_PATH:
        if (memchr(v->s, '\0', sizeof v->s) == NULL)
            return FC_EINVAL;
        if (put(buf, n, &used, "%s", v->s) < 0)
            return FC_ERANGE;
        break;
    case FC_PARAM_INT_LIST:
        if (v->n < 0 || v->n > FC_PARAM_LIST_MAX)
            return FC_EINVAL;
        for (int i = 0; i < v->n; i++)
            if (put(buf, n, &used, "%s%d", i ? "," : "", (int)v->list[i]) < 0)
                return FC_ERANGE;
        break;
    default:
        return FC_EINVAL;
    }
    return (int)used;
}

int fc_param_range_text(const fc_param_def *def, char *buf, size_t n)
{
    if (!def || !buf || n == 0)
        return FC_EINVAL;
    size_t used = 0;
    int rc;
    buf[0] = '\0';
    switch (def->type) {
    case FC_PARAM_INT:
        rc = put(buf, n, &used, "%lld..%lld", (long long)def->min, (long long)def->max);
        break;
    case FC_PARAM_BOOL:
        rc = put(buf, n, &used, "true|false");
        break;
    case FC_PARAM_ENUM:
        rc = put(buf, n, &used, "%s", def->choices ? def->choices : "");
        break;
    case FC_PARAM_STRING:
        rc = put(buf, n, &used, "text");
        break;
    case FC_PARAM_PATH:
        rc = put(buf, n, &used, "file path");
        break;
    case FC_PARAM_INT_LIST:
        if (def->list_min == def->list_max)
            rc = put(buf, n, &used, "%d ints in %lld..%lld", def->list_min, (long long)def->min,
                     (long long)def->max);
        else
            rc = put(buf, n, &used, "%d to %d ints in %lld..%lld", def->list_min, def->list_max,
                     (long long)def->min, (long long)def->max);
        break;
    default:
        return FC_EINVAL;
    }
    return rc < 0 ? rc : (int)used;
}

static int check_choices(const fc_param_def *d, fc_error *err)
{
    int nc = choice_count(d->choices);
    if (nc == 0)
        return fc_error_set(err, FC_EPLUGIN, "parameter '%s': enum without choices", d->name);
    for (int i = 0; i < nc; i++) {
        const char *s, *t;
        size_t len, tlen;
        choice_at(d->choices, i, &s, &len);
        if (len == 0)
            return fc_error_set(err, FC_EPLUGIN, "parameter '%s': empty choice in '%s'", d->name, d->choices);
        for (int j = 0; j < i; j++) {
            choice_at(d->choices, j, &t, &tlen);
            if (tlen == len && strncmp(s, t, len) == 0)
                return fc_error_set(err, FC_EPLUGIN, "parameter '%s': choice '%.*s' appears twice", d->name,
                                    (int)len, s);
        }
    }
    return 0;
}

int fc_param_schema_check(const fc_param_def *defs, int n, fc_error *err)
{
    if (n < 0 || (n > 0 && !defs))
        return fc_error_set(err, FC_EPLUGIN, "parameter schema: %d parameters at %p", n, (const void *)defs);
    for (int k = 0; k < n; k++) {
        const fc_param_def *d = &defs[k];
        const char *name = d->name;
        if (!name)
            return fc_error_set(err, FC_EPLUGIN, "parameter %d has no name", k + 1);
        size_t len = strlen(name);
        if (len >= FC_PARAM_NAME_MAX)
            return fc_error_set(err, FC_EPLUGIN, "parameter '%.20s...': name longer than %d characters", name,
                                FC_PARAM_NAME_MAX - 1);
        if (!(name[0] >= 'a' && name[0] <= 'z') || strspn(name, "abcdefghijklmnopqrstuvwxyz0123456789_") != len)
            return fc_error_set(err, FC_EPLUGIN, "parameter '%s': name must match [a-z][a-z0-9_]*", name);
        for (int j = 0; j < k; j++)
            if (strcmp(defs[j].name, name) == 0)
                return fc_error_set(err, FC_EPLUGIN, "parameter '%s' declared twice (#%d and #%d)", name, j + 1,
                                    k + 1);
        if ((int)d->type < 0 || (int)d->type >= NTYPES)
            return fc_error_set(err, FC_EPLUGIN, "parameter '%s': unknown type %d", name, (int)d->type);
        if ((d->type == FC_PARAM_INT || d->type == FC_PARAM_INT_LIST) && d->min > d->max)
            return fc_error_set(err, FC_EPLUGIN, "parameter '%s': min %lld > max %lld", name, (long long)d->min,
                                (long long)d->max);
        if (d->type == FC_PARAM_ENUM && check_choices(d, err) < 0)
            return FC_EPLUGIN;
        if (d->type == FC_PARAM_INT_LIST) {
            if (d->list_min < 0 || d->list_min > d->list_max || d->list_max > FC_PARAM_LIST_MAX)
                return fc_error_set(err, FC_EPLUGIN, "parameter '%s': list length %d..%d not within 0..%d", name,
                                    d->list_min, d->list_max, FC_PARAM_LIST_MAX);
            if (d->min < INT32_MIN || d->max > INT32_MAX)
                return fc_error_set(err, FC_EPLUGIN, "parameter '%s': element range exceeds 32 bits", name);
        }
        fc_value v;
        fc_error e;
        if (fc_param_default(d, &v, &e) < 0)
            return fc_error_set(err, FC_EPLUGIN, "parameter schema: %s", e.msg);
    }
    return 0;
}
