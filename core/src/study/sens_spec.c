/* Sensitivity screening (sensitivity.h): metric and parameter text, and the check of a
 * configuration against the game's schema. Parameters are checked by tune's own
 * fc_tune_param_check, so both commands accept and refuse the same names and ranges. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formicary/sensitivity.h"
#include "formicary/suggest.h"

static const char *const sens_default_metrics[] = {"seat_win:1", "rounds", "margin", "lead_changes"};

/* A whole-string signed integer of len characters. */
static bool sens_int(const char *s, size_t len, int64_t *out)
{
    char buf[32];
    if (len == 0 || len >= sizeof buf || isspace((unsigned char)s[0]))
        return false;
    memcpy(buf, s, len);
    buf[len] = '\0';
    char *end;
    errno = 0;
    long long v = strtoll(buf, &end, 10);
    if (errno || *end)
        return false;
    *out = v;
    return true;
}

int fc_sens_metric_parse(const char *text, int nseats, fc_sens_metric *out, fc_error *err)
{
    memset(out, 0, sizeof *out);
    char name[48];
    size_t len = strcspn(text, ":");
    if (len == 0 || len >= sizeof name)
        return fc_error_set(err, FC_EPARSE, "--metric '%.64s': expected a metric name such as rounds or seat_win:1",
                            text);
    snprintf(name, sizeof name, "%.*s", (int)len, text);
    const char *names[FC_SIM_NMETRICS];
    int kind = -1;
    for (int k = 0; k < FC_SIM_NMETRICS; k++) {
        names[k] = fc_sim_metric_name((fc_sim_metric)k);
        if (strcmp(names[k], name) == 0)
            kind = k;
    }
    if (kind < 0) {
        const char *near = fc_suggest(name, names, FC_SIM_NMETRICS);
        if (near)
            return fc_error_set(err, FC_EUNKNOWN, "--metric '%.64s': unknown metric '%s' (did you mean '%s'?)", text,
                                name, near);
        return fc_error_set(err, FC_EUNKNOWN,
                            "--metric '%.64s': unknown metric '%s' (rounds, margin, decisions, lead_changes, drama, "
                            "timeout, seat_win:S, win_share:A, score:A, ...; docs/metrics.md)",
                            text, name);
    }
    int argkind = fc_sim_metric_arg((fc_sim_metric)kind);
    int64_t arg = 1;
    if (text[len] == ':' && (!argkind || !sens_int(text + len + 1, strlen(text + len + 1), &arg) || arg < 1 ||
                             arg > nseats))
        return fc_error_set(err, FC_EPARSE, "--metric '%.64s': %s", text,
                            argkind ? "the seat/agent after ':' must be 1..players" : "this metric takes no ':K'");
    out->kind = (fc_sim_metric)kind;
    out->arg = (int)arg - 1;
    if (argkind)
        snprintf(out->name, sizeof out->name, "%.36s:%d", name, (int)arg);
    else
        snprintf(out->name, sizeof out->name, "%s", name);
    return 0;
}

int fc_sens_method_parse(const char *name)
{
    return strcmp(name, "oat") == 0 ? FC_SENS_OAT : strcmp(name, "morris") == 0 ? FC_SENS_MORRIS : -1;
}

const char *fc_sens_method_name(fc_sens_method m) { return m == FC_SENS_MORRIS ? "morris" : "oat"; }

int fc_sens_param_parse(const char *text, fc_tune_param *out, fc_error *err)
{
    memset(out, 0, sizeof *out);
    const char *eq = strchr(text, '=');
    size_t nlen = eq ? (size_t)(eq - text) : strlen(text);
    if (nlen == 0 || nlen >= sizeof out->name)
        return fc_error_set(err, FC_EPARSE, "--param '%.64s': expected NAME or NAME=LO..HI", text);
    snprintf(out->name, sizeof out->name, "%.*s", (int)nlen, text);
    if (!eq)
        return 0; /* nvalues 0: the declared range, filled by fc_sens_check */
    const char *dots = strstr(eq + 1, "..");
    if (!dots || !sens_int(eq + 1, (size_t)(dots - eq - 1), &out->lo) ||
        !sens_int(dots + 2, strlen(dots + 2), &out->hi))
        return fc_error_set(err, FC_EPARSE, "--param '%.64s': expected NAME or NAME=LO..HI with integers", text);
    if (out->lo >= out->hi)
        return fc_error_set(err, FC_ERANGE, "--param '%.64s': empty range (%lld..%lld: LO must be below HI)", text,
                            (long long)out->lo, (long long)out->hi);
    out->step = (int64_t)((uint64_t)out->hi - (uint64_t)out->lo); /* two grid values for tune's check: lo, hi */
    out->nvalues = out->step > 0 ? 2 : 1;
    if (out->step <= 0)
        return fc_error_set(err, FC_ERANGE, "--param '%.64s': the range is too wide", text);
    return 0;
}

int64_t fc_sens_level_value(const fc_tune_param *p, int levels, int k)
{
    if (levels < 2)
        return p->lo;
    double span = (double)p->hi - (double)p->lo;
    return p->lo + (int64_t)(span * k / (levels - 1) + 0.5);
}

/* Whether a "key=value" text sets parameter name (spaces around the key allowed). */
static bool sens_set_names(const char *set, const char *name)
{
    while (isspace((unsigned char)*set))
        set++;
    size_t n = strlen(name);
    if (strncmp(set, name, n) != 0)
        return false;
    set += n;
    while (isspace((unsigned char)*set))
        set++;
    return *set == '=';
}

/* The declared range of a parameter given by name alone. */
static void sens_fill_range(const fc_param_def *d, fc_tune_param *tp)
{
    int64_t lo, hi;
    if (!d || !fc_tune_param_bounds(d, &lo, &hi))
        return; /* fc_tune_param_check names the problem */
    tp->lo = lo, tp->hi = hi;
    tp->step = hi > lo ? (int64_t)((uint64_t)hi - (uint64_t)lo) : 1;
    tp->nvalues = hi > lo && tp->step > 0 ? 2 : 1;
}

/* Every int and bool parameter of the base schema with two values or more, unless --set fixes it. */
static int sens_default_params(fc_sens_config *c, const fc_rules *base, fc_error *err)
{
    for (int i = 0; i < fc_rules_param_count(base); i++) {
        const fc_param_def *d = fc_rules_param_def(base, i);
        int64_t lo, hi;
        bool set = false;
        for (int s = 0; s < c->nsets && !set; s++)
            set = sens_set_names(c->sets[s], d->name);
        if ((d->type != FC_PARAM_INT && d->type != FC_PARAM_BOOL) || set || !fc_tune_param_bounds(d, &lo, &hi) ||
            lo >= hi)
            continue;
        if (c->nparams == FC_SENS_MAX_PARAMS)
            return fc_error_set(err, FC_ERANGE, "sensitivity: more than %d parameters; name the ones to screen with "
                                "--param", FC_SENS_MAX_PARAMS);
        fc_tune_param *tp = &c->param[c->nparams++];
        memset(tp, 0, sizeof *tp);
        snprintf(tp->name, sizeof tp->name, "%s", d->name);
    }
    if (c->nparams == 0)
        return fc_error_set(err, FC_EINVAL, "sensitivity: %s declares no int or bool parameter to screen%s", c->game,
                            c->nsets ? " (besides those --set fixes)" : "");
    return 0;
}

static const fc_param_def *sens_find_def(const fc_rules *base, const char *name)
{
    for (int i = 0; i < fc_rules_param_count(base); i++)
        if (strcmp(fc_rules_param_def(base, i)->name, name) == 0)
            return fc_rules_param_def(base, i);
    return NULL;
}

/* The base values of the screened parameters, from the base layers finished. */
static int sens_base_values(fc_sens_config *c, const fc_tune_config *tc, fc_error *err)
{
    fc_rules *r = fc_tune_base(tc, err);
    if (!r)
        return err && err->code ? err->code : FC_EINVAL;
    fc_error e;
    fc_error_clear(&e);
    if (fc_rules_finish(r, &e) != 0) {
        fc_rules_free(r);
        return fc_error_set(err, FC_EINVAL, "sensitivity: the base rule set is refused (%s); the screening moves "
                            "one parameter at a time from it", e.msg);
    }
    const fc_value *v = fc_rules_values(r);
    for (int p = 0; p < c->nparams; p++)
        for (int i = 0; i < fc_rules_param_count(r); i++)
            if (strcmp(fc_rules_param_def(r, i)->name, c->param[p].name) == 0)
                c->base[p] = v[i].i;
    fc_sim_config sc;
    memset(&sc, 0, sizeof sc);
    sc.rules = r;
    sc.nagents = c->nseats;
    for (int k = 0; k < c->nseats && k < FC_MAX_SEATS; k++)
        sc.agents[k] = c->agents[k];
    sc.threads = c->threads;
    int rc = fc_sim_check(&sc, err);
    fc_rules_free(r);
    return rc;
}

/* The options that do not need the game. */
static int sens_check_options(fc_sens_config *c, fc_error *err)
{
    if (c->method != FC_SENS_OAT && c->method != FC_SENS_MORRIS)
        return fc_error_set(err, FC_EINVAL, "sensitivity: unknown method (oat or morris)");
    c->levels = c->levels ? c->levels : FC_SENS_LEVELS_DEFAULT;
    c->trajectories = c->trajectories ? c->trajectories : FC_SENS_TRAJECTORIES_DEFAULT;
    if (c->levels < 2 || c->levels > 20 || c->levels % 2)
        return fc_error_set(err, FC_ERANGE, "sensitivity: --levels %d: expected an even number 2..20", c->levels);
    if (c->trajectories < 2 || c->trajectories > 1000)
        return fc_error_set(err, FC_ERANGE, "sensitivity: --trajectories %d: expected 2..1000", c->trajectories);
    if (c->games < 2 || c->games > 1000000)
        return fc_error_set(err, FC_ERANGE, "sensitivity: --games %d: expected 2..1000000 per design point", c->games);
    if (c->threads < 1 || c->threads > 1024)
        return fc_error_set(err, FC_ERANGE, "sensitivity: %d threads, expected 1..1024", c->threads);
    if (c->opening < 0 || c->opening > 10000)
        return fc_error_set(err, FC_ERANGE, "sensitivity: %d random opening decisions, expected 0..10000", c->opening);
    if (c->nseats < 1 || c->nseats > FC_MAX_SEATS || c->nparams < 0 || c->nparams > FC_SENS_MAX_PARAMS ||
        c->nmetrics < 0 || c->nmetrics > FC_SENS_MAX_METRICS)
        return fc_error_set(err, FC_ERANGE, "sensitivity: bad seat, parameter or metric count");
    if (c->nmetrics == 0) {
        int n = (int)(sizeof sens_default_metrics / sizeof sens_default_metrics[0]);
        for (int m = 0; m < n; m++)
            if (fc_sens_metric_parse(sens_default_metrics[m], c->nseats, &c->metric[c->nmetrics++], err) != 0)
                return FC_EINVAL;
    }
    for (int m = 0; m < c->nmetrics; m++)
        for (int k = 0; k < m; k++)
            if (strcmp(c->metric[k].name, c->metric[m].name) == 0)
                return fc_error_set(err, FC_EINVAL, "--metric %s given twice", c->metric[m].name);
    return 0;
}

/* One parameter after the schema check: a real range, not given twice. */
static int sens_check_range(const fc_sens_config *c, int p, fc_error *err)
{
    const fc_tune_param *tp = &c->param[p];
    if (tp->lo >= tp->hi)
        return fc_error_set(err, FC_ERANGE, "--param %s: nothing to vary (its range is %lld..%lld)", tp->name,
                            (long long)tp->lo, (long long)tp->hi);
    for (int j = 0; j < p; j++)
        if (strcmp(c->param[j].name, tp->name) == 0)
            return fc_error_set(err, FC_EINVAL, "--param %s given twice", tp->name);
    return 0;
}

/* Bounds the run's memory: per point a value per game and metric. */
static int sens_check_size(const fc_sens_config *c, fc_error *err)
{
    double points = c->method == FC_SENS_MORRIS ? 1.0 + (double)c->trajectories * (c->nparams + 1)
                                                : 1.0 + 2.0 * c->nparams;
    if (points * c->games * c->nmetrics > FC_SENS_MAX_VALUES)
        return fc_error_set(err, FC_ERANGE, "sensitivity: %.0f design points x %d games x %d metrics is more than "
                            "%.0f values; fewer games, trajectories or metrics", points, c->games, c->nmetrics,
                            (double)FC_SENS_MAX_VALUES);
    return 0;
}

int fc_sens_check(fc_sens_config *c, fc_error *err)
{
    int rc = sens_check_options(c, err);
    if (rc != 0)
        return rc;
    if (c->play) { /* synthetic designs: the definitions are given, the base is their default */
        if (c->nparams < 1)
            return fc_error_set(err, FC_EINVAL, "sensitivity: no parameters");
        for (int p = 0; p < c->nparams; p++) {
            if (!c->param[p].def)
                return fc_error_set(err, FC_EINVAL, "sensitivity: parameter %s has no definition", c->param[p].name);
            if (c->param[p].nvalues == 0)
                sens_fill_range(c->param[p].def, &c->param[p]);
            c->base[p] = c->param[p].def->def;
            if ((rc = sens_check_range(c, p, err)) != 0)
                return rc;
        }
        return sens_check_size(c, err);
    }
    fc_tune_config tc;
    memset(&tc, 0, sizeof tc);
    tc.ctx = c->ctx, tc.game = c->game, tc.nseats = c->nseats, tc.ini = c->ini, tc.variant = c->variant;
    tc.sets = c->sets, tc.nsets = c->nsets;
    fc_rules *base = fc_tune_base(&tc, err);
    if (!base)
        return err && err->code ? err->code : FC_EINVAL;
    rc = c->nparams == 0 ? sens_default_params(c, base, err) : 0;
    for (int p = 0; rc == 0 && p < c->nparams; p++) {
        if (c->param[p].nvalues == 0)
            sens_fill_range(sens_find_def(base, c->param[p].name), &c->param[p]);
        rc = fc_tune_param_check(base, &c->param[p], err);
        if (rc == 0)
            rc = sens_check_range(c, p, err);
    }
    fc_rules_free(base);
    if (rc == 0)
        rc = sens_check_size(c, err);
    return rc == 0 ? sens_base_values(c, &tc, err) : rc;
}
