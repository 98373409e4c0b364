/* The INI layer of a rule set (docs/rulesets.md): a [ruleset] section with the set's name,
 * description and the agents it was tuned with, and a [params] section of parameter values,
 * each checked as it is read so an error names its file:line. Keys no parameter answers yet
 * wait for a variant (rules_impl.h, pending). */
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ini.h>

#include "ini_lines.h"
#include "rules_impl.h"

typedef struct ini_ctx {
    fc_rules *r;
    const char *path;
    fc_ini_lines in;        /* the line source: position, line last read and its raw text */
    char prev_key[FC_PARAM_NAME_MAX + 16];
    char prev_section[16];
    slot *staged;
    int npend0; /* r->npend before this file: its own pending keys follow */
    char name[RULES_NAME_MAX];
    char description[256];
    char tuned[FC_MAX_SEATS][FC_RULES_TUNED_MAX];
    int tuned_line[FC_MAX_SEATS], ntuned;
    int rc, err_line;
    fc_error *err;
} ini_ctx;

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static void ini_fail(ini_ctx *c, int code, const char *fmt, ...)
{
    if (c->rc < 0)
        return;
    char msg[FC_ERROR_MSG_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    c->rc = fc_error_set(c->err, code, "%s:%d: %s", c->path, c->in.line, msg);
    c->err_line = c->in.line;
}

/* The line source's callbacks (ini_lines.h): a section other than [ruleset] or [params] is
 * refused where it appears, even when it holds no keys (inih would accept it silently). */
static bool ini_failed(void *ud) { return ((ini_ctx *)ud)->rc < 0; }

static void ini_too_long(void *ud, int line, int limit)
{
    (void)line;
    ini_fail(ud, FC_EPARSE, "line longer than %d characters", limit);
}

static bool ini_section(void *ud, int line, const char *name, size_t n)
{
    ini_ctx *c = ud;
    (void)line;
    if (name && !((n == 7 && strncmp(name, "ruleset", 7) == 0) || (n == 6 && strncmp(name, "params", 6) == 0)))
        ini_fail(c, FC_EPARSE, "unknown section [%.*s] (expected [ruleset] or [params])", (int)(n < 64 ? n : 64), name);
    c->prev_key[0] = '\0';
    return c->rc == 0;
}

/* tuned_agent_K = SPEC: the agent of seat K the values were tuned with (tune --ini). */
static void ini_tuned_key(ini_ctx *c, const char *key, const char *value)
{
    int k = 0, used = 0;
    if (sscanf(key + 12, "%d%n", &k, &used) != 1 || key[12 + used] || k < 1 || k > FC_MAX_SEATS || key[12] == '+' ||
        key[12] == '0') {
        ini_fail(c, FC_EUNKNOWN, "unknown key '%.64s' in [ruleset] (tuned_agent_K takes a seat K in 1..%d)", key,
                 FC_MAX_SEATS);
    } else if (c->tuned_line[k - 1]) {
        ini_fail(c, FC_EPARSE, "'%s' is set twice (first on line %d)", key, c->tuned_line[k - 1]);
    } else if (!*value || strlen(value) >= FC_RULES_TUNED_MAX) {
        ini_fail(c, FC_EPARSE, "%s must be an agent spec of 1 to %d characters", key, FC_RULES_TUNED_MAX - 1);
    } else {
        snprintf(c->tuned[k - 1], FC_RULES_TUNED_MAX, "%s", value);
        c->tuned_line[k - 1] = c->in.line;
    }
}

static void ini_ruleset_key(ini_ctx *c, const char *key, const char *value)
{
    if (strcmp(key, "name") == 0) {
        if (!*value || strlen(value) >= sizeof c->name)
            ini_fail(c, FC_EPARSE, "name must be 1 to %d characters", (int)sizeof c->name - 1);
        else
            snprintf(c->name, sizeof c->name, "%s", value);
    } else if (strcmp(key, "description") == 0) {
        snprintf(c->description, sizeof c->description, "%s", value);
    } else if (strncmp(key, "tuned_agent_", 12) == 0) {
        ini_tuned_key(c, key, value);
    } else if (strcmp(key, "game") == 0) {
        if (strcmp(value, c->r->p->id) != 0)
            ini_fail(c, FC_EINVAL, "rule set is for game '%.64s', not '%s'", value, c->r->p->id);
    } else {
        ini_fail(c, FC_EUNKNOWN, "unknown key '%.64s' in [ruleset] (expected name, description, game or tuned_agent_K)", key);
    }
}

static void ini_param_key(ini_ctx *c, const char *key, const char *value)
{
    fc_rules *r = c->r;
    char where[FC_ERROR_MSG_MAX];
    snprintf(where, sizeof where, "%s:%d", c->path, c->in.line);
    int i = find_param(r, key);
    if (i < 0) {
        for (int k = c->npend0; k < r->npend; k++)
            if (strcmp(r->pend[k].key, key) == 0) {
                ini_fail(c, FC_EPARSE, "'%s' is set twice (first on line %d)", key, r->pend[k].line);
                return;
            }
        int rc = r->variant_loaded ? -1 : fc_rules_pending_add(r, L_INI, c->in.line, where, key, value, c->err);
        if (rc != 0) {
            c->rc = rc == -1 ? fc_rules_unknown_param(r, where, key, c->err) : rc;
            c->err_line = c->in.line;
        }
        return;
    }
    if (c->staged[i].set) {
        ini_fail(c, FC_EPARSE, "'%s' is set twice (first on line %d)", key, c->staged[i].line);
        return;
    }
    const fc_param_def *d = pdef(r, i);
    char joined[FC_PARAM_STR_MAX + 512];
    const char *slash = strrchr(c->path, '/');
    if (d->type == FC_PARAM_PATH && *value && value[0] != '/' && slash) {
        /* relative to the INI file, so a rule set and its map travel together */
        snprintf(joined, sizeof joined, "%.*s%s", (int)(slash - c->path + 1), c->path, value);
        value = joined;
    }
    int rc = fc_param_parse(d, value, where, &c->staged[i].v, c->err);
    if (rc < 0) {
        c->rc = rc;
        c->err_line = c->in.line;
        return;
    }
    c->staged[i].set = true;
    c->staged[i].line = c->in.line;
}

static int ini_on_key(void *user, const char *section, const char *key, const char *value)
{
    ini_ctx *c = user;
    if (c->rc < 0)
        return 0;
    /* inih reads an indented line after a key as more of that key's value */
    if (c->prev_key[0] && strcmp(key, c->prev_key) == 0 && strcmp(section, c->prev_section) == 0 &&
        (c->in.line_start[0] == ' ' || c->in.line_start[0] == '\t')) {
        ini_fail(c, FC_EPARSE, "indented line continues '%s' (multi-line values are not allowed)", key);
        return 0;
    }
    snprintf(c->prev_key, sizeof c->prev_key, "%s", key);
    snprintf(c->prev_section, sizeof c->prev_section, "%s", section);
    if (strcmp(section, "ruleset") == 0)
        ini_ruleset_key(c, key, value);
    else if (strcmp(section, "params") == 0)
        ini_param_key(c, key, value);
    else if (!*section)
        ini_fail(c, FC_EPARSE, "key '%.64s' outside a section (expected [ruleset] or [params])", key);
    else
        ini_fail(c, FC_EPARSE, "unknown section [%.64s] (expected [ruleset] or [params])", section);
    return c->rc < 0 ? 0 : 1;
}

/* The text of line `line` (1-based), trimmed and shortened, for syntax messages. */
static void line_text(const char *text, int line, char *out, size_t n)
{
    const char *p = text;
    for (int l = 1; l < line && *p; l++)
        fc_text_line(p, &p);
    p += strspn(p, " \t");
    size_t len = strcspn(p, "\r\n");
    while (len > 0 && (p[len - 1] == ' ' || p[len - 1] == '\t'))
        len--;
    if (len > 60)
        snprintf(out, n, "%.57s...", p);
    else
        snprintf(out, n, "%.*s", (int)len, p);
}

int fc_rules_load_ini(fc_rules *r, const char *path, fc_error *err)
{
    int rc = check_open(r, err);
    if (rc < 0)
        return rc;
    if (!path)
        return fc_error_set(err, FC_EINVAL, "rule set path is NULL");
    if (r->ini_loaded)
        return fc_error_set(err, FC_ESTATE, "%s: a rule set is already loaded (%s)", path, r->ini_path);
    char *text;
    if ((rc = read_text(path, &text, err)) < 0)
        return rc;
    ini_ctx c = {.r = r, .path = path, .err = err, .npend0 = r->npend};
    c.in = (fc_ini_lines){.pos = text, .max = INT_MAX, .ud = &c, .failed = ini_failed, .too_long = ini_too_long,
                          .section = ini_section};
    c.staged = new_slots(nall(r));
    if (!c.staged) {
        free(text);
        return fc_error_set(err, FC_ENOMEM, "out of memory");
    }
    int bad_line = ini_parse_stream(fc_ini_lines_read, &c.in, ini_on_key, &c);
    if (bad_line > 0 && (c.rc == 0 || bad_line < c.err_line)) {
        char found[64];
        line_text(text, bad_line, found, sizeof found);
        c.rc = fc_error_set(err, FC_EPARSE, "%s:%d: syntax error: expected 'key = value' or '[section]', found '%s'",
                            path, bad_line, found);
    } else if (bad_line < 0 && c.rc == 0) {
        c.rc = fc_error_set(err, FC_ENOMEM, "%s: out of memory", path);
    }
    free(text);
    for (int k = 0; k < FC_MAX_SEATS && c.rc == 0; k++) { /* tuned_agent_1..N without a gap */
        if (c.tuned_line[k] && k > c.ntuned) {
            c.in.line = c.tuned_line[k];
            ini_fail(&c, FC_EPARSE, "tuned_agent_%d given without tuned_agent_%d", k + 1, c.ntuned + 1);
        }
        c.ntuned = c.tuned_line[k] && k == c.ntuned ? k + 1 : c.ntuned;
    }
    if (c.rc == 0 && !(r->ini_path = dup_str(path)))
        c.rc = fc_error_set(err, FC_ENOMEM, "out of memory");
    if (c.rc < 0) {
        free(c.staged);
        r->npend = c.npend0;
        return c.rc;
    }
    free(r->layer[L_INI]);
    r->layer[L_INI] = c.staged;
    r->ini_loaded = true;
    if (c.name[0])
        snprintf(r->name, sizeof r->name, "%s", c.name);
    else
        path_stem(path, r->name, sizeof r->name);
    snprintf(r->description, sizeof r->description, "%s", c.description);
    memcpy(r->tuned, c.tuned, sizeof r->tuned);
    r->ntuned = c.ntuned;
    return 0;
}

