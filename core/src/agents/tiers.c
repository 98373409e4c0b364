/* Difficulty tiers (tiers.h): a game's bots.ini read with inih, and seat specs that name a tier
 * turned into the tier's agent spec. */
#include "formicary/tiers.h"

#include <ini.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formicary/agent.h"
#include "formicary/suggest.h"
#include "ini_lines.h"
#include "textfile.h"

#define TIERS_FILE_MAX (64 * 1024)
#define TIERS_LINE_MAX 512

static const char *const standard_names[FC_TIER_REQUIRED] = FC_TIER_NAMES;

bool fc_tier_name_is_standard(const char *name)
{
    for (int i = 0; i < FC_TIER_REQUIRED; i++)
        if (strcmp(name, standard_names[i]) == 0)
            return true;
    return false;
}

typedef struct tiers_ctx {
    fc_tiers *t;
    const char *path;
    fc_ini_lines in;   /* the line source: the text not read yet, the line last read */
    int rc;
    fc_error *err;
    fc_tier *cur;      /* the section being read */
    bool has_agent[FC_TIERS_MAX], has_interval[FC_TIERS_MAX], has_elo[FC_TIERS_MAX];
} tiers_ctx;

static int tiers_fail(tiers_ctx *c, const char *fmt, ...)
{
    if (c->rc < 0)
        return 0;
    char msg[FC_ERROR_MSG_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    c->rc = fc_error_set(c->err, FC_EPARSE, "%s:%d: %s", c->path, c->in.line, msg);
    return 0;
}

static bool is_word(const char *s, size_t max)
{
    size_t n = strlen(s);
    if (n == 0 || n >= max || !(s[0] >= 'a' && s[0] <= 'z'))
        return false;
    for (const char *p = s; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '_'))
            return false;
    return true;
}

static bool is_kind_name(const char *s)
{
    if (strcmp(s, "human") == 0)
        return true;
    for (int i = 0; i < fc_agent_kind_count(); i++)
        if (strcmp(s, fc_agent_kind_name(i)) == 0)
            return true;
    return false;
}

/* A new section: a tier name not seen before. */
static fc_tier *tiers_section(tiers_ctx *c, const char *name)
{
    if (!is_word(name, sizeof c->t->tier[0].name))
        return tiers_fail(c, "tier [%.40s]: expected a name of a-z, 0-9 and _", name), NULL;
    if (is_kind_name(name))
        return tiers_fail(c, "tier [%s]: the name of an agent kind cannot name a tier", name), NULL;
    if (fc_tiers_find(c->t, name))
        return tiers_fail(c, "tier [%s] is defined twice", name), NULL;
    if (c->t->n == FC_TIERS_MAX)
        return tiers_fail(c, "more than %d tiers", FC_TIERS_MAX), NULL;
    fc_tier *tr = &c->t->tier[c->t->n++];
    memset(tr, 0, sizeof *tr);
    memcpy(tr->name, name, strlen(name) + 1); /* is_word checked that it fits */
    return tr;
}

static int parse_number(const char *s, double *out)
{
    char *end = NULL;
    double x = strtod(s, &end);
    if (end == s || !isfinite(x) || fabs(x) > 1e6)
        return -1;
    while (*end == ' ')
        end++;
    *out = x;
    return *end ? -1 : 0;
}

static void tiers_key(tiers_ctx *c, int k, const char *key, const char *value)
{
    fc_tier *tr = &c->t->tier[k];
    if (strcmp(key, "agent") == 0) {
        fc_error e;
        fc_error_clear(&e);
        fc_agent *a = strlen(value) < sizeof tr->agent ? fc_agent_new(value, 0, &e) : NULL;
        if (!a) {
            tiers_fail(c, "tier [%s]: agent: %s", tr->name, e.msg[0] ? e.msg : "spec too long");
            return;
        }
        fc_agent_free(a);
        snprintf(tr->agent, sizeof tr->agent, "%s", value);
        c->has_agent[k] = true;
    } else if (strcmp(key, "doc") == 0) {
        if (strlen(value) >= sizeof tr->doc)
            tiers_fail(c, "tier [%s]: doc longer than %d characters", tr->name, (int)sizeof tr->doc - 1);
        snprintf(tr->doc, sizeof tr->doc, "%s", value);
    } else if (strcmp(key, "elo") == 0) {
        if (parse_number(value, &tr->elo) != 0)
            tiers_fail(c, "tier [%s]: elo: expected a number, found '%.40s'", tr->name, value);
        c->has_elo[k] = true;
    } else if (strcmp(key, "interval") == 0) {
        char lo[64], hi[64];
        const char *dots = strstr(value, "..");
        if (!dots || (size_t)(dots - value) >= sizeof lo || strlen(dots + 2) >= sizeof hi) {
            tiers_fail(c, "tier [%s]: interval: expected LO..HI, found '%.40s'", tr->name, value);
            return;
        }
        snprintf(lo, sizeof lo, "%.*s", (int)(dots - value), value);
        snprintf(hi, sizeof hi, "%s", dots + 2);
        if (parse_number(lo, &tr->elo_lo) != 0 || parse_number(hi, &tr->elo_hi) != 0 || tr->elo_lo > tr->elo_hi)
            tiers_fail(c, "tier [%s]: interval: expected LO..HI with LO <= HI, found '%.40s'", tr->name, value);
        c->has_interval[k] = true;
    } else {
        tiers_fail(c, "tier [%s]: unknown key '%.40s' (expected agent, doc, elo or interval)", tr->name, key);
    }
}

static int tiers_on_key(void *user, const char *section, const char *key, const char *value)
{
    tiers_ctx *c = user;
    if (c->rc < 0)
        return 0;
    if (!*section)
        return tiers_fail(c, "key '%.40s' outside a tier section ([easy], [medium], ...)", key);
    if (!c->cur || strcmp(c->cur->name, section) != 0)
        return tiers_fail(c, "tier [%.40s] is defined twice", section);
    tiers_key(c, (int)(c->cur - c->t->tier), key, value);
    return c->rc < 0 ? 0 : 1;
}

/* The line source's callbacks (ini_lines.h): sections are opened as they are read, so a
 * section without keys is still a tier and one named twice is caught where it appears. */
static bool tiers_failed(void *ud) { return ((tiers_ctx *)ud)->rc < 0; }

static void tiers_too_long(void *ud, int line, int limit)
{
    (void)line;
    tiers_fail(ud, "line longer than %d characters", limit);
}

static bool tiers_open(void *ud, int line, const char *s, size_t n)
{
    tiers_ctx *c = ud;
    (void)line;
    char name[64];
    if (!s || n >= sizeof name) {
        tiers_fail(c, "expected a section [NAME]");
        return false;
    }
    snprintf(name, sizeof name, "%.*s", (int)n, s);
    return (c->cur = tiers_section(c, name)) != NULL;
}

static int tiers_check(tiers_ctx *c)
{
    for (int k = 0; k < c->t->n; k++) {
        const fc_tier *tr = &c->t->tier[k];
        if (!c->has_agent[k])
            return fc_error_set(c->err, FC_EPARSE, "%s: tier [%s] has no agent", c->path, tr->name);
        if (c->has_interval[k] != c->has_elo[k])
            return fc_error_set(c->err, FC_EPARSE, "%s: tier [%s]: give elo and interval together", c->path, tr->name);
        if (c->has_elo[k] && !(tr->elo_lo <= tr->elo && tr->elo <= tr->elo_hi))
            return fc_error_set(c->err, FC_EPARSE, "%s: tier [%s]: the interval %g..%g does not hold elo %g", c->path,
                                tr->name, tr->elo_lo, tr->elo_hi, tr->elo);
        c->t->tier[k].rated = c->has_elo[k];
    }
    for (int i = 0; i < FC_TIER_REQUIRED; i++)
        if (!fc_tiers_find(c->t, standard_names[i]))
            return fc_error_set(c->err, FC_EPARSE, "%s: tier [%s] is missing (every game defines easy, medium, hard and expert)",
                                c->path, standard_names[i]);
    return 0;
}

int fc_tiers_load(fc_tiers *t, const char *path, fc_error *err)
{
    memset(t, 0, sizeof *t);
    char *text = NULL;
    int rc = fc_textfile_read(path, TIERS_FILE_MAX, FC_EPARSE, &text, err);
    if (rc < 0)
        return rc;
    tiers_ctx c = {.t = t, .path = path, .err = err};
    c.in = (fc_ini_lines){.pos = text, .max = TIERS_LINE_MAX, .ud = &c, .failed = tiers_failed,
                          .too_long = tiers_too_long, .section = tiers_open};
    int bad = ini_parse_stream(fc_ini_lines_read, &c.in, tiers_on_key, &c);
    if (c.rc == 0 && bad > 0)
        c.rc = fc_error_set(err, FC_EPARSE, "%s:%d: syntax error: expected 'key = value' or '[tier]'", path, bad);
    else if (c.rc == 0 && bad < 0)
        c.rc = fc_error_set(err, FC_ENOMEM, "%s: out of memory", path);
    free(text);
    if (c.rc == 0)
        c.rc = tiers_check(&c);
    if (c.rc < 0)
        memset(t, 0, sizeof *t);
    return c.rc;
}

const fc_tier *fc_tiers_find(const fc_tiers *t, const char *name)
{
    for (int i = 0; t && i < t->n; i++)
        if (strcmp(t->tier[i].name, name) == 0)
            return &t->tier[i];
    return NULL;
}

/* Whether the option list opts ("k=v,k2=v2") sets key. */
static bool opts_have(const char *opts, const char *key, size_t klen)
{
    for (const char *p = opts; *p;) {
        size_t len = strcspn(p, ",");
        if (len > klen && p[klen] == '=' && strncmp(p, key, klen) == 0)
            return true;
        p += len + (p[len] == ',');
    }
    return false;
}

int fc_tiers_resolve(const fc_tiers *t, const char *spec, char *out, size_t n, fc_error *err)
{
    size_t nlen = strcspn(spec, ":");
    char name[sizeof t->tier[0].name];
    const fc_tier *tr = NULL;
    if (nlen < sizeof name) {
        snprintf(name, sizeof name, "%.*s", (int)nlen, spec);
        tr = fc_tiers_find(t, name);
    }
    if (!tr) {
        if ((size_t)snprintf(out, n, "%s", spec) >= n)
            return fc_error_set(err, FC_EINVAL, "agent spec longer than %zu characters", n - 1);
        return 0;
    }
    const char *extra = spec[nlen] == ':' ? spec + nlen + 1 : "";
    /* the tier's own options, minus those the seat spec sets again */
    const char *colon = strchr(tr->agent, ':');
    size_t len = (size_t)snprintf(out, n, "%.*s", (int)(colon ? colon - tr->agent : (ptrdiff_t)strlen(tr->agent)),
                                  tr->agent);
    char sep = ':';
    for (const char *p = colon ? colon + 1 : ""; *p && len < n;) {
        size_t plen = strcspn(p, ","), klen = strcspn(p, "=");
        if (!opts_have(extra, p, klen < plen ? klen : plen)) {
            len += (size_t)snprintf(out + len, n - len, "%c%.*s", sep, (int)plen, p);
            sep = ',';
        }
        p += plen + (p[plen] == ',');
    }
    if (*extra && len < n)
        len += (size_t)snprintf(out + len, n - len, "%c%s", sep, extra);
    if (len >= n)
        return fc_error_set(err, FC_EINVAL, "tier %s: agent spec longer than %zu characters", tr->name, n - 1);
    return 1;
}

void fc_tiers_known_text(const fc_tiers *t, const char *name, char *buf, size_t n)
{
    const char *known[FC_TIERS_MAX + 16];
    int nk = 0;
    for (int i = 0; i < fc_agent_kind_count() && nk < 16; i++)
        known[nk++] = fc_agent_kind_name(i);
    for (int i = 0; t && i < t->n; i++)
        known[nk++] = t->tier[i].name;
    char list[256] = "";
    for (int i = 0, len = 0; i < nk && len < (int)sizeof list; i++)
        len += snprintf(list + len, sizeof list - (size_t)len, "%s%s", i ? ", " : "", known[i]);
    const char *near = fc_suggest(name, known, nk);
    if (near)
        snprintf(buf, n, " (known: %s); did you mean '%s'?", list, near);
    else
        snprintf(buf, n, " (known: %s)", list);
}
