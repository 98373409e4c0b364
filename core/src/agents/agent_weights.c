/* An agent's evaluation weights (agent key weights=FILE, fc_agent_set_weights): agents do not
 * know their game when they are made, so a file is read, or values given in memory checked,
 * when the agent first meets a match of a game, and again only when that game's weights change
 * (another rule set). The searches then evaluate through fc_agent_eval (agent_impl.h). */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agent_impl.h"
#include "formicary/weights.h"

/* Whether the kind evaluates positions (it takes the weights key). */
static bool agent_evaluates(const fc_agent *a)
{
    for (int i = 0; a->kind->keys && a->kind->keys[i]; i++)
        if (strcmp(a->kind->keys[i], "weights") == 0)
            return true;
    return false;
}

int fc_agent_weights_init(fc_agent *a, fc_error *err)
{
    const char *path = fc_agent_opt_get(a, "weights");
    if (!path)
        return 0;
    if (!(a->weights = calloc(1, sizeof *a->weights)))
        return fc_error_set(err, FC_ENOMEM, "out of memory");
    snprintf(a->weights->path, sizeof a->weights->path, "%s", path);
    return 0;
}

int fc_agent_set_weights(fc_agent *a, const double *w, int n, fc_error *err)
{
    if (!a || n < 0 || n > FC_EVAL_WEIGHTS_MAX || (n > 0 && !w))
        return fc_error_set(err, FC_EINVAL, "fc_agent_set_weights: bad argument");
    if (!agent_evaluates(a))
        return fc_error_set(err, FC_EINVAL, "agent %s: does not evaluate positions, so takes no weights",
                            a->kind->name);
    for (int i = 0; i < n; i++)
        if (!isfinite(w[i]))
            return fc_error_set(err, FC_ERANGE, "agent %s: weight %d is not a finite number", a->kind->name, i + 1);
    if (n == 0) {
        free(a->weights);
        a->weights = NULL;
        return 0;
    }
    if (!a->weights && !(a->weights = calloc(1, sizeof *a->weights)))
        return fc_error_set(err, FC_ENOMEM, "out of memory");
    agent_weights *aw = a->weights;
    aw->path[0] = 0;
    aw->n = n;
    memcpy(aw->w, w, (size_t)n * sizeof *w);
    aw->defs = NULL; /* check again at the next match */
    return 0;
}

/* Whether aw was checked against exactly these weights of the game. */
static bool weights_bound(const agent_weights *aw, const fc_eval_weight *defs, int n)
{
    if (aw->defs != defs || aw->ndefs != n)
        return false;
    for (int i = 0; i < n; i++)
        if (aw->seen[i][0] != defs[i].value || aw->seen[i][1] != defs[i].lo || aw->seen[i][2] != defs[i].hi)
            return false;
    return true;
}

static int weights_bind(fc_agent *a, const fc_match *m, fc_error *err)
{
    agent_weights *aw = a->weights;
    const fc_eval_weight *defs = NULL;
    fc_error e;
    fc_error_clear(&e);
    int n = fc_weights_of(m, &defs, &e);
    if (n < 0)
        return fc_error_set(err, e.code, "agent %s: weights%s%s: %s", a->kind->name, aw->path[0] ? "=" : " in memory",
                            aw->path, e.msg);
    if (weights_bound(aw, defs, n))
        return 0;
    aw->defs = NULL;
    int rc = aw->path[0] ? fc_weights_read(aw->path, defs, n, aw->w, &e) : fc_weights_check(defs, n, aw->w, aw->n, &e);
    if (rc < 0)
        return fc_error_set(err, e.code, "agent %s: %s", a->kind->name, e.msg);
    aw->n = n;
    aw->defs = defs;
    aw->ndefs = n;
    for (int i = 0; i < n; i++) {
        aw->seen[i][0] = defs[i].value;
        aw->seen[i][1] = defs[i].lo;
        aw->seen[i][2] = defs[i].hi;
    }
    return 0;
}

int fc_agent_eval_of(fc_agent *a, const fc_match *m, fc_agent_eval *out, fc_error *err)
{
    out->fn = NULL;
    out->w = NULL;
    if (!a->weights)
        return 0;
    int rc = weights_bind(a, m, err);
    if (rc < 0)
        return rc;
    out->fn = fc_match_evaluate_weighted_fn(m);
    out->w = a->weights->w;
    return 0;
}

int fc_agent_check_rules(fc_agent *a, const fc_rules *rules, fc_error *err)
{
    if (!a || !rules)
        return fc_error_set(err, FC_EINVAL, "fc_agent_check_rules: NULL argument");
    int rrc = fc_agent_restrict_check(a, fc_rules_plugin(rules), err); /* restrict=: the game's kinds */
    if (rrc < 0)
        return rrc;
    if (!a->weights)
        return 0;
    fc_match *m = fc_match_new(rules, 0, err);
    if (!m)
        return err && err->code ? err->code : FC_EINVAL;
    fc_agent_eval ev;
    int rc = fc_agent_eval_of(a, m, &ev, err);
    fc_match_free(m);
    return rc;
}
