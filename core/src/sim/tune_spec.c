/* Tuning specification: parameter ranges and targets as text, their check against a rule set's
 * schema, the rule set of a candidate, and the per-game values the targets are measured on. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formicary/suggest.h"
#include "tune_int.h"

/* A whole-string signed integer. */
static bool tune_int(const char *s, size_t len, int64_t *out)
{
    char buf[32];
    if (len == 0 || len >= sizeof buf)
        return false;
    memcpy(buf, s, len);
    buf[len] = '\0';
    char *end;
    errno = 0;
    long long v = strtoll(buf, &end, 10);
    if (errno || *end || isspace((unsigned char)buf[0]))
        return false;
    *out = v;
    return true;
}

#define TUNE_VALUE_MAX 1e12
#define TUNE_SCALE_MIN 1e-6

int fc_tune_param_parse(const char *text, fc_tune_param *out, fc_error *err)
{
    memset(out, 0, sizeof *out);
    const char *eq = strchr(text, '=');
    const char *dots = eq ? strstr(eq + 1, "..") : NULL;
    if (!eq || eq == text || !dots)
        return fc_error_set(err, FC_EPARSE, "--param '%.64s': expected NAME=LO..HI[:STEP]", text);
    if ((size_t)(eq - text) >= sizeof out->name)
        return fc_error_set(err, FC_EPARSE, "--param '%.64s': name too long", text);
    snprintf(out->name, sizeof out->name, "%.*s", (int)(eq - text), text);
    const char *hi = dots + 2, *colon = strchr(hi, ':');
    size_t hilen = colon ? (size_t)(colon - hi) : strlen(hi);
    out->step = 1;
    if (!tune_int(eq + 1, (size_t)(dots - eq - 1), &out->lo) || !tune_int(hi, hilen, &out->hi) ||
        (colon && !tune_int(colon + 1, strlen(colon + 1), &out->step)))
        return fc_error_set(err, FC_EPARSE, "--param '%.64s': expected NAME=LO..HI[:STEP] with integers", text);
    if (out->step <= 0)
        return fc_error_set(err, FC_ERANGE, "--param '%.64s': step %lld must be > 0", text, (long long)out->step);
    if (out->lo > out->hi)
        return fc_error_set(err, FC_ERANGE, "--param '%.64s': empty range (%lld > %lld)", text, (long long)out->lo,
                            (long long)out->hi);
    /* the span in unsigned arithmetic: hi - lo overflows int64 for ranges like -9e18..9e18 */
    uint64_t count = ((uint64_t)out->hi - (uint64_t)out->lo) / (uint64_t)out->step + 1;
    if (count > FC_TUNE_MAX_VALUES)
        return fc_error_set(err, FC_ERANGE, "--param '%.64s': more than %d values (use a larger step)", text,
                            FC_TUNE_MAX_VALUES);
    out->nvalues = (int)count;
    return 0;
}

/* lo + k * step lies in lo..hi, but k * step alone may not fit int64: computed modulo 2^64 */
int64_t fc_tune_param_value(const fc_tune_param *p, int k)
{
    uint64_t u = (uint64_t)p->lo + (uint64_t)k * (uint64_t)p->step;
    return u <= (uint64_t)INT64_MAX ? (int64_t)u : -(int64_t)(~u) - 1;
}

const char *fc_tune_kind_name(int kind)
{
    if (kind == FC_TUNE_BALANCE)
        return "balance";
    if (kind == FC_TUNE_FIRST_PLAYER)
        return "first_player_advantage";
    return fc_sim_metric_name((fc_sim_metric)kind);
}

int fc_tune_kind_arg(int kind) { return kind < FC_SIM_NMETRICS ? fc_sim_metric_arg((fc_sim_metric)kind) : 0; }

/* Metrics whose values lie in [0, 1] (shares and rates) get an absolute default scale. */
static bool tune_kind_bounded(int kind)
{
    return kind == FC_TUNE_BALANCE || kind == FC_TUNE_FIRST_PLAYER ||
           (kind >= 0 && kind < FC_SIM_NMETRICS && fc_sim_metric_is_share((fc_sim_metric)kind));
}

static bool tune_number(const char *s, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (end == s || *end || errno || !isfinite(v) || isspace((unsigned char)s[0]))
        return false;
    *out = v;
    return true;
}

/* The kind named by name (with its ":K" cut off); -1 after setting err. */
static int tune_find_kind(const char *text, const char *name, fc_error *err)
{
    const char *names[FC_TUNE_NKINDS];
    for (int k = 0; k < FC_TUNE_NKINDS; k++) {
        names[k] = fc_tune_kind_name(k);
        if (strcmp(names[k], name) == 0)
            return k;
    }
    const char *near = fc_suggest(name, names, FC_TUNE_NKINDS);
    if (near)
        fc_error_set(err, FC_EUNKNOWN, "--target '%.64s': unknown metric '%.48s' (did you mean '%s'?)", text, name, near);
    else
        fc_error_set(err, FC_EUNKNOWN,
                     "--target '%.64s': unknown metric '%.48s' (balance, first_player_advantage, rounds, margin, "
                     "decisions, lead_changes, drama, timeout, seat_win:S, win_share:A, score:A, ...; docs/tuning.md)",
                     text, name);
    return -1;
}

int fc_tune_target_parse(const char *text, int nseats, fc_tune_target *out, fc_error *err)
{
    memset(out, 0, sizeof *out);
    size_t op = strcspn(text, "<>=");
    if (!text[op] || op == 0 || op >= sizeof out->name)
        return fc_error_set(err, FC_EPARSE, "--target '%.64s': expected METRIC=VALUE, METRIC<=VALUE or METRIC>=VALUE",
                            text);
    snprintf(out->text, sizeof out->text, "%s", text);
    const char *v = text + op;
    if (v[0] == '=')
        out->rel = FC_TUNE_EQ, v += 1;
    else if (v[1] == '=')
        out->rel = v[0] == '<' ? FC_TUNE_LE : FC_TUNE_GE, v += 2;
    else
        return fc_error_set(err, FC_EPARSE, "--target '%.64s': '%c' alone is not a relation (use <=, >= or =)", text,
                            v[0]);
    char name[48], num[64];
    snprintf(name, sizeof name, "%.*s", (int)op, text);
    char *colon = strchr(name, ':');
    int arg = 1;
    if (colon)
        *colon = '\0';
    int kind = tune_find_kind(text, name, err);
    if (kind < 0)
        return FC_EUNKNOWN;
    int argkind = fc_tune_kind_arg(kind);
    if (colon) {
        int64_t a;
        if (!argkind || !tune_int(colon + 1, strlen(colon + 1), &a) || a < 1 || a > nseats)
            return fc_error_set(err, FC_EPARSE, "--target '%.64s': %s", text,
                                argkind ? "the seat/agent after ':' must be 1..seats" : "this metric takes no ':K'");
        arg = (int)a;
    }
    const char *tilde = strchr(v, '~');
    size_t vlen = tilde ? (size_t)(tilde - v) : strlen(v);
    snprintf(num, sizeof num, "%.*s", (int)(vlen < sizeof num ? vlen : sizeof num - 1), v);
    if (vlen >= sizeof num || !tune_number(num, &out->value))
        return fc_error_set(err, FC_EPARSE, "--target '%.64s': '%.32s' is not a number", text, num);
    if (!(fabs(out->value) <= TUNE_VALUE_MAX))
        return fc_error_set(err, FC_ERANGE, "--target '%.64s': the value must be within -%g..%g", text, TUNE_VALUE_MAX,
                            TUNE_VALUE_MAX);
    if (tilde && (!tune_number(tilde + 1, &out->scale) || !(out->scale >= TUNE_SCALE_MIN && out->scale <= TUNE_VALUE_MAX)))
        return fc_error_set(err, FC_EPARSE, "--target '%.64s': the scale after '~' must be a number in %g..%g", text,
                            TUNE_SCALE_MIN, TUNE_VALUE_MAX);
    if (!tilde)
        out->scale = tune_kind_bounded(kind) ? 0.1 : 0.1 * (fabs(out->value) > 1 ? fabs(out->value) : 1);
    out->kind = kind;
    out->arg = arg - 1;
    if (argkind)
        snprintf(out->name, sizeof out->name, "%.36s:%d", name, arg);
    else
        snprintf(out->name, sizeof out->name, "%s", name);
    return 0;
}

/* Bounded target values and scales keep every loss finite, so sums and comparisons stay exact
 * in order; a value that is not a number (no games) costs the most, never nothing. */
double fc_tune_target_loss(const fc_tune_target *t, double v)
{
    if (isnan(v))
        return FC_TUNE_LOSS_MAX;
    double d = t->rel == FC_TUNE_EQ ? fabs(v - t->value) : t->rel == FC_TUNE_LE ? v - t->value : t->value - v;
    double l = d > 0 ? d / t->scale : 0;
    return l < FC_TUNE_LOSS_MAX ? l : FC_TUNE_LOSS_MAX;
}

/* ---- rule sets ---- */

/* The base layers, then the searched values (values NULL: none); not finished. */
static fc_rules *tune_layers(const fc_tune_config *c, const int64_t *values, fc_error *err)
{
    fc_rules *r = fc_rules_new(c->ctx, c->game, c->nseats, err);
    if (!r)
        return NULL;
    int rc = c->ini ? fc_rules_load_ini(r, c->ini, err) : 0;
    if (rc == 0 && c->variant)
        rc = fc_rules_load_variant(r, c->variant, err);
    for (int i = 0; rc == 0 && i < c->nsets; i++)
        rc = fc_rules_set(r, c->sets[i], err);
    for (int i = 0; rc == 0 && values && i < c->nparams; i++) {
        const fc_param_def *d = c->param[i].def;
        fc_value v;
        memset(&v, 0, sizeof v);
        v.i = values[i];
        char text[FC_PARAM_NAME_MAX + 80];
        int len = snprintf(text, sizeof text, "%s=", c->param[i].name);
        if (!d || fc_param_format(d, &v, text + len, sizeof text - (size_t)len) < 0)
            rc = fc_error_set(err, FC_EINVAL, "tune: cannot write %s = %lld", c->param[i].name, (long long)values[i]);
        else
            rc = fc_rules_set(r, text, err);
    }
    if (rc != 0) {
        fc_rules_free(r);
        return NULL;
    }
    return r;
}

fc_rules *fc_tune_base(const fc_tune_config *c, fc_error *err) { return tune_layers(c, NULL, err); }

fc_rules *fc_tune_rules(const fc_tune_config *c, const int64_t *values, fc_error *err)
{
    fc_rules *r = tune_layers(c, values, err);
    if (r && fc_rules_finish(r, err) != 0) {
        fc_rules_free(r);
        return NULL;
    }
    return r;
}

bool fc_tune_param_bounds(const fc_param_def *d, int64_t *lo, int64_t *hi)
{
    switch (d->type) {
    case FC_PARAM_INT: *lo = d->min, *hi = d->max; return true;
    case FC_PARAM_BOOL: *lo = 0, *hi = 1; return true;
    case FC_PARAM_ENUM: {
        int n = 1;
        for (const char *s = d->choices ? d->choices : ""; *s; s++)
            n += *s == '|';
        *lo = 0, *hi = n - 1;
        return true;
    }
    default: return false;
    }
}

/* The game's parameters, then the variant's declared ones (kept in tp->vdef). */
int fc_tune_param_check(const fc_rules *base, fc_tune_param *tp, fc_error *err)
{
    const fc_plugin *p = fc_rules_plugin(base);
    int np = fc_rules_param_count(base);
    int i = -1;
    for (int k = 0; k < np && i < 0; k++)
        if (strcmp(fc_rules_param_def(base, k)->name, tp->name) == 0)
            i = k;
    if (i < 0) {
        const char *names[256];
        int n = np < 256 ? np : 256;
        for (int k = 0; k < n; k++)
            names[k] = fc_rules_param_def(base, k)->name;
        const char *near = fc_suggest(tp->name, names, n);
        if (near)
            return fc_error_set(err, FC_EUNKNOWN, "--param: unknown parameter '%s' of %s (did you mean '%s'?)", tp->name,
                                p->id, near);
        return fc_error_set(err, FC_EUNKNOWN, "--param: unknown parameter '%s' of %s (formicary rules %s lists them)",
                            tp->name, p->id, p->id);
    }
    const fc_param_def *d = fc_rules_param_def(base, i);
    if (i >= p->nparams) {
        tp->vdef = *d;
        tp->vdef.name = tp->name;
        tp->vdef.doc = "";
        d = &tp->vdef;
    }
    int64_t lo, hi;
    if (!fc_tune_param_bounds(d, &lo, &hi)) {
        static const char *const type_names[] = {
#define FC_X_NAME(name, text) text,
            FC_PARAM_TYPES(FC_X_NAME)
#undef FC_X_NAME
        };
        return fc_error_set(err, FC_EINVAL,
                            "--param %s: a %s parameter cannot be tuned (int, bool and enum parameters only)", tp->name,
                            type_names[d->type]);
    }
    if (tp->lo < lo || fc_tune_param_value(tp, tp->nvalues - 1) > hi)
        return fc_error_set(err, FC_ERANGE, "--param %s=%lld..%lld: outside the declared range %lld..%lld", tp->name,
                            (long long)tp->lo, (long long)tp->hi, (long long)lo, (long long)hi);
    tp->def = d;
    return 0;
}

int fc_tune_check(fc_tune_config *c, fc_error *err)
{
    if (c->nparams < 1 || c->nparams > FC_TUNE_MAX_PARAMS)
        return fc_error_set(err, FC_EINVAL, "tune: %d parameters, expected 1..%d (--param)", c->nparams,
                            FC_TUNE_MAX_PARAMS);
    if (c->ntargets < 1 || c->ntargets > FC_TUNE_MAX_TARGETS)
        return fc_error_set(err, FC_EINVAL, "tune: %d targets, expected 1..%d (--target)", c->ntargets,
                            FC_TUNE_MAX_TARGETS);
    if (c->budget_games <= 0 && !(c->budget_seconds > 0))
        return fc_error_set(err, FC_EINVAL, "tune: no budget (games or seconds)");
    fc_rules *base = fc_tune_base(c, err);
    if (!base)
        return err && err->code ? err->code : FC_EINVAL;
    int rc = 0;
    for (int i = 0; rc == 0 && i < c->nparams; i++) {
        rc = fc_tune_param_check(base, &c->param[i], err);
        for (int j = 0; rc == 0 && j < i; j++)
            if (strcmp(c->param[j].name, c->param[i].name) == 0)
                rc = fc_error_set(err, FC_EINVAL, "--param %s given twice", c->param[i].name);
    }
    fc_sim_config sc;
    memset(&sc, 0, sizeof sc);
    sc.rules = base;
    sc.nagents = c->nseats;
    for (int k = 0; k < c->nseats && k < FC_MAX_SEATS; k++)
        sc.agents[k] = c->agents[k];
    sc.threads = c->threads;
    if (rc == 0)
        rc = fc_sim_check(&sc, err);
    fc_rules_free(base);
    return rc;
}

/* ---- per-game values ---- */

int tune_nfeatures(const fc_tune_config *c)
{
    int n = 0;
    for (int t = 0; t < c->ntargets; t++)
        n += c->target[t].kind == FC_TUNE_BALANCE ? c->nseats : 1;
    return n;
}

void tune_features(const fc_tune_config *c, const fc_sim_game *g, double *f)
{
    for (int t = 0; t < c->ntargets; t++) {
        const fc_tune_target *tg = &c->target[t];
        if (tg->kind == FC_TUNE_BALANCE)
            for (int s = 0; s < c->nseats; s++)
                *f++ = fc_sim_value(g, c->nseats, FC_SIM_SEAT_WIN, s);
        else if (tg->kind == FC_TUNE_FIRST_PLAYER)
            *f++ = fc_sim_value(g, c->nseats, FC_SIM_SEAT_WIN, 0);
        else
            *f++ = fc_sim_value(g, c->nseats, (fc_sim_metric)tg->kind, tg->arg);
    }
}

void tune_values(const fc_tune_config *c, const double *mean, double *v)
{
    for (int t = 0; t < c->ntargets; t++) {
        const fc_tune_target *tg = &c->target[t];
        if (tg->kind == FC_TUNE_BALANCE) {
            double lo = mean[0], hi = mean[0];
            for (int s = 1; s < c->nseats; s++) {
                lo = mean[s] < lo ? mean[s] : lo;
                hi = mean[s] > hi ? mean[s] : hi;
            }
            v[t] = 1 - (hi - lo);
            mean += c->nseats;
        } else if (tg->kind == FC_TUNE_FIRST_PLAYER) {
            v[t] = *mean++ - 1.0 / c->nseats;
        } else {
            v[t] = *mean++;
        }
    }
}

double tune_loss(const fc_tune_config *c, const double *v, double *per_target)
{
    double sum = 0;
    for (int t = 0; t < c->ntargets; t++) {
        double l = fc_tune_target_loss(&c->target[t], v[t]);
        if (per_target)
            per_target[t] = l;
        sum += l;
    }
    return sum;
}
