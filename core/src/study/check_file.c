/* Balance contracts (check.h): the design file read with inih, every error one line naming the
 * file and line, agent names resolved through the game's tiers and checked as agent specs. */
#include "formicary/check.h"

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

#define CHECK_FILE_MAX (256 * 1024)
#define CHECK_LINE_MAX 512

/* Where each key was given, for the checks made after the whole file is read. */
typedef struct check_lines {
    int metric, min, max, agents;
    char agents_text[FC_MAX_SEATS * FC_CHECK_SPEC_MAX];
} check_lines;

typedef struct check_ctx {
    fc_check_contract *c;
    const char *path, *game;
    const fc_tiers *tiers;
    fc_ini_lines in; /* the line source: the text not read yet, the line last read */
    int rc;
    fc_error *err;
    int section;        /* -1 none, 0 [contract], 1 + t for target t */
    int contract_line;
    bool has_contract, has_games, has_looks, has_opening;
    check_lines contract;
    check_lines tl[FC_CHECK_MAX_TARGETS];
} check_ctx;

static int check_fail_at(check_ctx *x, int line, const char *fmt, ...)
{
    if (x->rc < 0)
        return 0;
    char msg[FC_ERROR_MSG_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (line > 0)
        x->rc = fc_error_set(x->err, FC_EPARSE, "%s:%d: %s", x->path, line, msg);
    else
        x->rc = fc_error_set(x->err, FC_EPARSE, "%s: %s", x->path, msg);
    return 0;
}

static bool is_name(const char *s)
{
    size_t n = strlen(s);
    if (n == 0 || n >= FC_CHECK_NAME_MAX)
        return false;
    for (const char *p = s; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '_' ||
              *p == '-'))
            return false;
    return true;
}

/* A new section: [contract] once, or [target NAME] with a new name. */
static void check_section(check_ctx *x, const char *name)
{
    fc_check_contract *c = x->c;
    if (strcmp(name, "contract") == 0) {
        if (x->has_contract)
            check_fail_at(x, x->in.line, "[contract] is given twice");
        x->has_contract = true;
        x->contract_line = x->in.line;
        x->section = 0;
        return;
    }
    if (strncmp(name, "target ", 7) != 0) {
        check_fail_at(x, x->in.line, "unknown section [%.60s] (expected [contract] or [target NAME])", name);
        return;
    }
    const char *tn = name + 7 + strspn(name + 7, " ");
    if (!is_name(tn)) {
        check_fail_at(x, x->in.line, "[target %.60s]: expected a name of letters, digits, '_' and '-'", tn);
        return;
    }
    for (int t = 0; t < c->ntargets; t++)
        if (strcmp(c->target[t].name, tn) == 0) {
            check_fail_at(x, x->in.line, "target [%s] is defined twice (first on line %d)", tn, c->target[t].line);
            return;
        }
    if (c->ntargets == FC_CHECK_MAX_TARGETS) {
        check_fail_at(x, x->in.line, "more than %d targets", FC_CHECK_MAX_TARGETS);
        return;
    }
    fc_check_target *t = &c->target[c->ntargets];
    memset(t, 0, sizeof *t);
    memcpy(t->name, tn, strlen(tn) + 1); /* is_name checked that it fits */
    t->line = x->in.line;
    x->section = 1 + c->ntargets++;
}

static int parse_number(const char *s, double *out)
{
    char *end = NULL;
    double v = strtod(s, &end);
    if (end == s || !isfinite(v) || fabs(v) > 1e12)
        return -1;
    end += strspn(end, " \t");
    *out = v;
    return *end ? -1 : 0;
}

static void check_int(check_ctx *x, const char *key, const char *value, int lo, int hi, int *out)
{
    double v;
    if (parse_number(value, &v) != 0 || v != floor(v) || v < lo || v > hi)
        check_fail_at(x, x->in.line, "%s: expected a whole number in %d..%d, found '%.40s'", key, lo, hi, value);
    else
        *out = (int)v;
}

static void check_contract_key(check_ctx *x, const char *key, const char *value)
{
    fc_check_contract *c = x->c;
    if (strcmp(key, "agents") == 0) {
        if (x->contract.agents)
            check_fail_at(x, x->in.line, "agents is given twice in [contract]");
        x->contract.agents = x->in.line;
        snprintf(x->contract.agents_text, sizeof x->contract.agents_text, "%s", value);
    } else if (strcmp(key, "games") == 0) {
        if (x->has_games)
            check_fail_at(x, x->in.line, "games is given twice in [contract]");
        x->has_games = true;
        check_int(x, "games", value, 1, 10000000, &c->games);
    } else if (strcmp(key, "looks") == 0) {
        if (x->has_looks)
            check_fail_at(x, x->in.line, "looks is given twice in [contract]");
        x->has_looks = true;
        check_int(x, "looks", value, 1, 100, &c->looks);
    } else if (strcmp(key, "opening") == 0) {
        if (x->has_opening)
            check_fail_at(x, x->in.line, "opening is given twice in [contract]");
        x->has_opening = true;
        check_int(x, "opening", value, 0, 10000, &c->opening);
    } else if (strcmp(key, "doc") == 0) {
        snprintf(c->doc, sizeof c->doc, "%s", value);
    } else {
        check_fail_at(x, x->in.line, "[contract]: unknown key '%.40s' (expected agents, games, looks, opening or doc)",
                      key);
    }
}

static void check_bound(check_ctx *x, fc_check_target *t, int *line, bool *has, double *v, const char *key,
                        const char *value)
{
    if (*has)
        check_fail_at(x, x->in.line, "target [%s]: %s is given twice", t->name, key);
    *has = true;
    *line = x->in.line;
    if (parse_number(value, v) != 0)
        check_fail_at(x, x->in.line, "target [%s]: %s: expected a number, found '%.40s'", t->name, key, value);
}

static void check_target_key(check_ctx *x, int k, const char *key, const char *value)
{
    fc_check_target *t = &x->c->target[k];
    check_lines *l = &x->tl[k];
    if (strcmp(key, "metric") == 0) {
        if (l->metric)
            check_fail_at(x, x->in.line, "target [%s]: metric is given twice", t->name);
        l->metric = x->in.line;
        if (strlen(value) >= sizeof t->metric_text)
            check_fail_at(x, x->in.line, "target [%s]: metric longer than %d characters", t->name,
                          (int)sizeof t->metric_text - 1);
        snprintf(t->metric_text, sizeof t->metric_text, "%s", value);
    } else if (strcmp(key, "min") == 0) {
        check_bound(x, t, &l->min, &t->has_min, &t->min, "min", value);
    } else if (strcmp(key, "max") == 0) {
        check_bound(x, t, &l->max, &t->has_max, &t->max, "max", value);
    } else if (strcmp(key, "agents") == 0) {
        if (l->agents)
            check_fail_at(x, x->in.line, "target [%s]: agents is given twice", t->name);
        l->agents = x->in.line;
        snprintf(l->agents_text, sizeof l->agents_text, "%s", value);
    } else if (strcmp(key, "doc") == 0) {
        snprintf(t->doc, sizeof t->doc, "%s", value);
    } else {
        check_fail_at(x, x->in.line, "target [%s]: unknown key '%.40s' (expected metric, min, max, agents or doc)",
                      t->name, key);
    }
}

static int check_on_key(void *user, const char *section, const char *key, const char *value)
{
    check_ctx *x = user;
    (void)section; /* the reader opened it */
    if (x->rc < 0)
        return 0;
    if (x->section < 0)
        return check_fail_at(x, x->in.line, "key '%.40s' outside a section ([contract], [target NAME])", key);
    if (x->section == 0)
        check_contract_key(x, key, value);
    else
        check_target_key(x, x->section - 1, key, value);
    return x->rc < 0 ? 0 : 1;
}

/* The line source's callbacks (ini_lines.h; leading blanks dropped: an indented line is not a
 * continuation): sections are opened as they are read, so an empty one still counts. */
static bool check_failed(void *ud) { return ((check_ctx *)ud)->rc < 0; }

static void check_too_long(void *ud, int line, int limit)
{
    check_fail_at(ud, line, "line longer than %d characters", limit);
}

static bool check_open(void *ud, int line, const char *s, size_t n)
{
    check_ctx *x = ud;
    char name[128];
    if (!s || n >= sizeof name) {
        check_fail_at(x, line, "expected a section [contract] or [target NAME]");
        return false;
    }
    snprintf(name, sizeof name, "%.*s", (int)n, s);
    check_section(x, name);
    return x->rc == 0;
}

/* ---- agents ---- */

/* One agent name or spec made an agent spec: a tier resolved, anything else checked. */
static int check_agent(check_ctx *x, int line, const char *given, char *spec)
{
    size_t nlen = strcspn(given, ":");
    char name[32];
    snprintf(name, sizeof name, "%.*s", (int)(nlen < sizeof name ? nlen : sizeof name - 1), given);
    bool kind = false;
    for (int i = 0; i < fc_agent_kind_count(); i++)
        kind = kind || strcmp(name, fc_agent_kind_name(i)) == 0;
    if (strcmp(name, "human") == 0)
        return check_fail_at(x, line, "agents: a human cannot play in a check"), FC_EINVAL;
    fc_error e;
    fc_error_clear(&e);
    if (!kind && !fc_tiers_find(x->tiers, name)) {
        if (!x->tiers && fc_tier_name_is_standard(name))
            return check_fail_at(x, line, "agents: '%s' is a difficulty tier, but %s has none (no config/%s/bots.ini)",
                                 name, x->game, x->game), FC_EINVAL;
        char known[400];
        fc_tiers_known_text(x->tiers, name, known, sizeof known);
        return check_fail_at(x, line, "agents: unknown agent or tier '%s'%s", name, known), FC_EINVAL;
    }
    if (fc_tiers_resolve(x->tiers, given, spec, FC_CHECK_SPEC_MAX, &e) < 0)
        return check_fail_at(x, line, "agents: %s", e.msg), FC_EINVAL;
    fc_agent *a = fc_agent_new(spec, 0, &e);
    if (!a)
        return check_fail_at(x, line, "agents: '%s': %s", given, e.msg), FC_EINVAL;
    fc_agent_free(a);
    return 0;
}

/* A comma-separated list of agents into l (the grammar of --seats: a piece "key=value" without
 * ':' before the '=' continues the previous spec, so "mcts:iters=30,depth=8" is one agent). */
static int check_agents(check_ctx *x, int line, const char *text, fc_check_lineup *l)
{
    memset(l, 0, sizeof *l);
    for (const char *p = text;;) {
        size_t len = strcspn(p, ",");
        while (len > 0 && (*p == ' ' || *p == '\t'))
            p++, len--;
        size_t tl = len;
        while (tl > 0 && (p[tl - 1] == ' ' || p[tl - 1] == '\t'))
            tl--;
        const char *eq = memchr(p, '=', tl), *colon = memchr(p, ':', tl);
        if (tl == 0)
            return check_fail_at(x, line, "agents: an empty agent in '%.80s'", text), FC_EINVAL;
        if (eq && (!colon || colon > eq) && l->nagents > 0) {
            char *prev = l->given[l->nagents - 1];
            size_t have = strlen(prev);
            if (have + 1 + tl >= FC_CHECK_SPEC_MAX)
                return check_fail_at(x, line, "agents: a spec longer than %d characters", FC_CHECK_SPEC_MAX - 1),
                       FC_EINVAL;
            snprintf(prev + have, FC_CHECK_SPEC_MAX - have, ",%.*s", (int)tl, p);
        } else {
            if (l->nagents == FC_MAX_SEATS)
                return check_fail_at(x, line, "agents: more than %d", FC_MAX_SEATS), FC_EINVAL;
            if (tl >= FC_CHECK_SPEC_MAX)
                return check_fail_at(x, line, "agents: a spec longer than %d characters", FC_CHECK_SPEC_MAX - 1),
                       FC_EINVAL;
            snprintf(l->given[l->nagents++], FC_CHECK_SPEC_MAX, "%.*s", (int)tl, p);
        }
        p += len;
        p += strspn(p, " \t");
        if (!*p)
            break;
        p++; /* the comma */
    }
    for (int k = 0; k < l->nagents; k++)
        if (check_agent(x, line, l->given[k], l->spec[k]) < 0)
            return FC_EINVAL;
    return 0;
}

/* The index of a line-up equal to l (same specs, same mode), added when new. */
static int check_lineup_add(check_ctx *x, int line, const fc_check_lineup *l)
{
    fc_check_contract *c = x->c;
    for (int i = 0; i < c->nlineups; i++) {
        const fc_check_lineup *o = &c->lineup[i];
        bool same = o->beats == l->beats && o->nagents == l->nagents;
        for (int k = 0; same && k < l->nagents; k++)
            same = strcmp(o->spec[k], l->spec[k]) == 0;
        if (same)
            return i;
    }
    if (c->nlineups == FC_CHECK_MAX_LINEUPS)
        return check_fail_at(x, line, "more than %d different line-ups of agents", FC_CHECK_MAX_LINEUPS), FC_EINVAL;
    c->lineup[c->nlineups] = *l;
    return c->nlineups++;
}

/* ---- metrics and tolerances ---- */

bool fc_check_metric_is_share(int metric)
{
    return metric == FC_CHECK_BEATS || (metric >= 0 && metric < FC_SIM_NMETRICS && fc_sim_metric_is_share((fc_sim_metric)metric));
}

/* Metrics that cannot be negative (counts, lengths, the margin between the two best). */
static bool metric_nonnegative(int metric)
{
    return fc_check_metric_is_share(metric) || metric == FC_SIM_DECISIONS || metric == FC_SIM_ROUNDS ||
           metric == FC_SIM_BRANCHING || metric == FC_SIM_LEAD_CHANGES || metric == FC_SIM_MARGIN;
}

static const char metric_list[] = "win_share:K, score:K, agent_margin:K, seat_win:S, decisions, rounds, branching, "
                                  "decision_share, lead_changes, drama, margin, shared_win, timeout, beats:A,B";

/* The target's metric from its text; a beats metric gets its own line-up. */
static int check_metric(check_ctx *x, fc_check_target *t, const check_lines *l)
{
    int line = l->metric;
    const char *text = t->metric_text, *colon = strchr(text, ':');
    size_t nlen = colon ? (size_t)(colon - text) : strlen(text);
    while (nlen > 0 && text[nlen - 1] == ' ')
        nlen--;
    char name[48];
    snprintf(name, sizeof name, "%.*s", (int)(nlen < sizeof name ? nlen : sizeof name - 1), text);
    const char *names[FC_SIM_NMETRICS + 1];
    t->metric = -1;
    for (int m = 0; m < FC_SIM_NMETRICS; m++)
        if (strcmp(names[m] = fc_sim_metric_name((fc_sim_metric)m), name) == 0)
            t->metric = m;
    names[FC_SIM_NMETRICS] = "beats";
    if (strcmp(name, "beats") == 0)
        t->metric = FC_CHECK_BEATS;
    if (t->metric < 0) {
        const char *near = fc_suggest(name, names, FC_SIM_NMETRICS + 1);
        char hint[64] = "";
        if (near)
            snprintf(hint, sizeof hint, "did you mean '%s'? ", near);
        return check_fail_at(x, line, "target [%s]: unknown metric '%s' (%sknown: %s)", t->name, name, hint,
                             metric_list), FC_EINVAL;
    }
    const char *arg = colon ? colon + 1 + strspn(colon + 1, " ") : NULL;
    if (t->metric == FC_CHECK_BEATS) {
        fc_check_lineup b;
        if (!arg || !*arg)
            return check_fail_at(x, line, "target [%s]: beats needs two agents: beats:A,B (A's win share against B)",
                                 t->name), FC_EINVAL;
        if (l->agents)
            return check_fail_at(x, l->agents, "target [%s]: a beats target names its own agents (beats:A,B)",
                                 t->name), FC_EINVAL;
        if (check_agents(x, line, arg, &b) < 0)
            return FC_EINVAL;
        if (b.nagents != 2)
            return check_fail_at(x, line, "target [%s]: beats needs two agents, found %d in '%.80s'", t->name,
                                 b.nagents, arg), FC_EINVAL;
        b.beats = true;
        return (t->lineup = check_lineup_add(x, line, &b)) < 0 ? FC_EINVAL : 0;
    }
    int kind = fc_sim_metric_arg((fc_sim_metric)t->metric), hi = x->c->lineup[t->lineup].nagents;
    const char *what = kind == 1 ? "agent" : "seat";
    if (kind == 0 && arg)
        return check_fail_at(x, line, "target [%s]: %s takes no argument, found '%.40s'", t->name, name, text),
               FC_EINVAL;
    if (kind != 0 && !arg)
        return check_fail_at(x, line, "target [%s]: %s needs %s number: %s:1", t->name, name,
                             kind == 1 ? "an agent" : "a seat", name), FC_EINVAL;
    if (kind != 0) {
        char *end = NULL;
        long k = strtol(arg, &end, 10);
        if (end == arg || *end || k < 1 || k > hi)
            return check_fail_at(x, line, "target [%s]: %s '%.40s' is not %s 1..%d", t->name, what, arg, what, hi),
                   FC_EINVAL;
        t->arg = (int)k - 1;
    }
    return 0;
}

static int check_tolerance(check_ctx *x, fc_check_target *t, const check_lines *l)
{
    char tol[64];
    fc_check_tolerance_text(t, tol, sizeof tol);
    int line = l->max > l->min ? l->max : l->min;
    if (!t->has_min && !t->has_max)
        return check_fail_at(x, t->line, "target [%s] has no tolerance: give min, max or both", t->name), FC_EINVAL;
    if (t->has_min && t->has_max && t->min > t->max)
        return check_fail_at(x, line, "target [%s]: min %g is above max %g: no value can meet it", t->name, t->min,
                             t->max), FC_EINVAL;
    bool share = fc_check_metric_is_share(t->metric), nonneg = metric_nonnegative(t->metric);
    for (int k = 0; k < 2; k++) {
        bool has = k ? t->has_max : t->has_min;
        double v = k ? t->max : t->min;
        if (has && ((share && (v < 0 || v > 1)) || (nonneg && v < 0)))
            return check_fail_at(x, k ? l->max : l->min, "target [%s]: %s %g is outside %s's range %s", t->name,
                                 k ? "max" : "min", v, t->metric_text, share ? "0..1" : "0 and up"), FC_EINVAL;
    }
    bool low_open = !t->has_min || (nonneg && t->min <= 0), high_open = !t->has_max || (share && t->max >= 1);
    if (nonneg && low_open && high_open)
        return check_fail_at(x, line, "target [%s]: %s %s holds for every value the metric can take", t->name,
                             t->metric_text, tol), FC_EINVAL;
    return 0;
}

/* After the whole file: the contract's line-up, then every target's metric, line-up and bounds. */
static int check_finish(check_ctx *x)
{
    fc_check_contract *c = x->c;
    if (!x->has_contract)
        return check_fail_at(x, 0, "no [contract] section (it gives the agents: agents = medium,medium)"), FC_EINVAL;
    if (!x->contract.agents)
        return check_fail_at(x, x->contract_line, "[contract] has no agents (agents = medium,medium: one per seat)"),
               FC_EINVAL;
    fc_check_lineup l;
    if (check_agents(x, x->contract.agents, x->contract.agents_text, &l) < 0)
        return FC_EINVAL;
    c->nseats = l.nagents;
    c->agents_line = x->contract.agents;
    c->lineup[0] = l;
    c->nlineups = 1;
    if (c->ntargets == 0)
        return check_fail_at(x, 0, "no [target NAME] section: a contract needs at least one target"), FC_EINVAL;
    for (int i = 0; i < c->ntargets; i++) {
        fc_check_target *t = &c->target[i];
        const check_lines *tl = &x->tl[i];
        if (!tl->metric)
            return check_fail_at(x, t->line, "target [%s] has no metric (metric = seat_win:1, rounds, ...)", t->name),
                   FC_EINVAL;
        t->lineup = 0;
        if (tl->agents) {
            if (check_agents(x, tl->agents, tl->agents_text, &l) < 0)
                return FC_EINVAL;
            if (l.nagents != c->nseats)
                return check_fail_at(x, tl->agents, "target [%s]: %d agents, but the contract seats %d (every game "
                                     "of a contract has the same players)", t->name, l.nagents, c->nseats), FC_EINVAL;
            if ((t->lineup = check_lineup_add(x, tl->agents, &l)) < 0)
                return FC_EINVAL;
        }
        if (check_metric(x, t, tl) < 0 || check_tolerance(x, t, tl) < 0)
            return FC_EINVAL;
    }
    return 0;
}

int fc_check_parse(fc_check_contract *c, const char *text, const char *path, const char *game,
                   const fc_tiers *tiers, fc_error *err)
{
    memset(c, 0, sizeof *c);
    check_ctx *x = calloc(1, sizeof *x);
    if (!x)
        return fc_error_set(err, FC_ENOMEM, "%s: out of memory", path);
    *x = (check_ctx){.c = c, .path = path, .game = game ? game : "the game", .tiers = tiers, .err = err, .section = -1};
    x->in = (fc_ini_lines){.pos = text, .max = CHECK_LINE_MAX, .strip_indent = true, .ud = x, .failed = check_failed,
                           .too_long = check_too_long, .section = check_open};
    snprintf(c->path, sizeof c->path, "%s", path);
    c->games = FC_CHECK_GAMES_DEFAULT;
    c->looks = FC_CHECK_LOOKS_DEFAULT;
    int bad = ini_parse_stream(fc_ini_lines_read, &x->in, check_on_key, x);
    if (x->rc == 0 && bad > 0)
        check_fail_at(x, bad, "syntax error: expected 'key = value' or a section [contract], [target NAME]");
    else if (x->rc == 0 && bad < 0)
        x->rc = fc_error_set(err, FC_ENOMEM, "%s: out of memory", path);
    if (x->rc == 0)
        check_finish(x);
    int rc = x->rc;
    free(x);
    if (rc < 0) {
        memset(c, 0, sizeof *c);
        snprintf(c->path, sizeof c->path, "%s", path);
    }
    return rc;
}

int fc_check_load(fc_check_contract *c, const char *path, const char *game, const fc_tiers *tiers, fc_error *err)
{
    char *text = NULL;
    int rc = fc_textfile_read(path, CHECK_FILE_MAX, FC_EPARSE, &text, err);
    if (rc < 0) {
        memset(c, 0, sizeof *c);
        return rc;
    }
    rc = fc_check_parse(c, text, path, game, tiers, err);
    free(text);
    return rc;
}

/* ---- verdicts ---- */

const char *fc_check_verdict_name(fc_check_verdict v)
{
    return v == FC_CHECK_MET ? "met" : v == FC_CHECK_NOT_MET ? "not met" : "undecided";
}

fc_check_verdict fc_check_decide(const fc_check_target *t, double lo, double hi)
{
    if ((t->has_min && hi < t->min) || (t->has_max && lo > t->max))
        return FC_CHECK_NOT_MET;
    if ((!t->has_min || lo >= t->min) && (!t->has_max || hi <= t->max))
        return FC_CHECK_MET;
    return FC_CHECK_UNDECIDED;
}

void fc_check_tolerance_text(const fc_check_target *t, char *buf, size_t n)
{
    if (t->has_min && t->has_max)
        snprintf(buf, n, "%g..%g", t->min, t->max);
    else if (t->has_max)
        snprintf(buf, n, "<= %g", t->max);
    else if (t->has_min)
        snprintf(buf, n, ">= %g", t->min);
    else
        snprintf(buf, n, "any");
}
