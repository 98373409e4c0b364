/* restrict=KIND+KIND on any agent: the agent never chooses a decision of those kinds while a
 * decision of another kind is legal (mechanic probes, formicary probe). The names are bound to
 * the game's kind indices (fc_match_kinds, API minor 10) once per game; each choice then asks
 * the game the kind of every legal decision (an index, nothing formatted), narrows the match's
 * cached list to the allowed ones and lets the agent's kind choose among them. Searches (mcts,
 * ab) honour the restriction at the root only: inside their trees and playouts every decision
 * stays open, so they still expect the opponent (and their own later turns) to use the kind. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agent_impl.h"
#include "formicary/suggest.h"

#define RESTRICT_MAX_NAMES 16

typedef struct agent_restrict {
    char names[RESTRICT_MAX_NAMES][24]; /* as given, '+'-separated in the spec */
    int nnames;
    const fc_plugin *bound; /* the game the mask was made for */
    uint64_t mask;          /* bit k: kind k of that game is excluded */
    fc_decision *saved;     /* the whole legal list while a choice is made (max_decisions) */
    int cap;
} agent_restrict;

int fc_agent_restrict_init(fc_agent *a, fc_error *err)
{
    const char *v = fc_agent_opt_get(a, "restrict");
    if (!v)
        return 0;
    agent_restrict *r = calloc(1, sizeof *r);
    if (!r)
        return fc_error_set(err, FC_ENOMEM, "out of memory");
    a->restrict_ = r;
    for (const char *p = v;;) {
        size_t len = strcspn(p, "+");
        if (len == 0)
            return fc_error_set(err, FC_EPARSE, "agent %s: restrict: empty kind in '%s' (give KIND+KIND)", a->kind->name, v);
        if (len >= sizeof r->names[0])
            return fc_error_set(err, FC_EPARSE, "agent %s: restrict: kind '%.*s' is too long", a->kind->name, (int)len, p);
        if (r->nnames == RESTRICT_MAX_NAMES)
            return fc_error_set(err, FC_EPARSE, "agent %s: restrict: more than %d kinds", a->kind->name,
                                RESTRICT_MAX_NAMES);
        memcpy(r->names[r->nnames], p, len);
        r->names[r->nnames++][len] = 0;
        if (!p[len])
            return 0;
        p += len + 1;
    }
}

static int restrict_unknown(const fc_agent *a, const char *name, const char *game, const char *const *kinds, int nk,
                            fc_error *err)
{
    char known[512];
    size_t len = 0;
    known[0] = 0;
    for (int i = 0; i < nk && len < sizeof known; i++)
        len += (size_t)snprintf(known + len, sizeof known - len, "%s%s", i ? ", " : "", kinds[i]);
    const char *near = fc_suggest(name, kinds, nk);
    if (near)
        return fc_error_set(err, FC_EUNKNOWN, "agent %s: restrict: %s has no kind '%s'; did you mean '%s'? (kinds: %s)",
                            a->kind->name, game, name, near, known);
    return fc_error_set(err, FC_EUNKNOWN, "agent %s: restrict: %s has no kind '%s' (kinds: %s)", a->kind->name, game,
                        name, known);
}

int fc_agent_restrict_check(fc_agent *a, const fc_plugin *p, fc_error *err)
{
    agent_restrict *r = a->restrict_;
    if (!r || r->bound == p)
        return 0;
    const char *const *kinds;
    int nk = fc_plugin_kinds(p, &kinds);
    if (nk <= 0)
        return fc_error_set(err, FC_EINVAL, "agent %s: restrict: %s does not name its kinds of decision (API minor 10)",
                            a->kind->name, p->id);
    uint64_t mask = 0;
    for (int i = 0; i < r->nnames; i++) {
        int k = 0;
        while (k < nk && strcmp(kinds[k], r->names[i]) != 0)
            k++;
        if (k == nk)
            return restrict_unknown(a, r->names[i], p->id, kinds, nk, err);
        mask |= 1ull << k;
    }
    if (mask == (nk == 64 ? ~0ull : (1ull << nk) - 1))
        return fc_error_set(err, FC_EINVAL, "agent %s: restrict: every kind of %s is excluded: nothing is left to play",
                            a->kind->name, p->id);
    if (r->cap < p->game->max_decisions) { /* once per game, never per decision */
        fc_decision *s = realloc(r->saved, (size_t)p->game->max_decisions * sizeof *s);
        if (!s)
            return fc_error_set(err, FC_ENOMEM, "out of memory");
        r->saved = s;
        r->cap = p->game->max_decisions;
    }
    r->mask = mask;
    r->bound = p;
    return 0;
}

void fc_agent_restrict_free(fc_agent *a)
{
    if (a->restrict_)
        free(a->restrict_->saved);
    free(a->restrict_);
    a->restrict_ = NULL;
}

int fc_agent_restricted_call(fc_agent *a, fc_match *m, fc_agent_restricted_fn fn, void *ctx, fc_error *err)
{
    agent_restrict *r = a->restrict_;
    if (!r || fc_match_to_move(m) < 0)
        return fn(a, m, ctx, err);
    int rc = fc_agent_restrict_check(a, fc_rules_plugin(fc_match_rules(m)), err);
    if (rc < 0)
        return rc;
    int kept, n = fc_match_legal_restrict(m, r->mask, r->saved, &kept);
    rc = fn(a, m, ctx, err);
    fc_match_legal_unrestrict(m, r->saved, n);
    return rc;
}

bool fc_agent_spec_restricted(const char *spec)
{
    const char *colon = spec ? strchr(spec, ':') : NULL;
    for (const char *p = colon; p && *p; p = strchr(p + 1, ','))
        if (strncmp(p + 1, "restrict=", 9) == 0)
            return true;
    return false;
}

int fc_agent_spec_restrict(const char *spec, const char *kinds, char *out, size_t n, fc_error *err)
{
    if (!spec || !*spec || !kinds || !*kinds)
        return fc_error_set(err, FC_EINVAL, "restrict: no agent or no kinds given");
    if (fc_agent_spec_restricted(spec))
        return fc_error_set(err, FC_EINVAL, "restrict: agent '%s' is restricted already", spec);
    int len = snprintf(out, n, "%s%crestrict=%s", spec, strchr(spec, ':') ? ',' : ':', kinds);
    if (len < 0 || (size_t)len >= n)
        return fc_error_set(err, FC_EINVAL, "restrict: agent spec '%s' with restrict=%s is too long", spec, kinds);
    for (char *p = out + len - strlen(kinds); *p; p++)
        if (*p == ',') /* the CLI's KIND,KIND; ',' separates an agent's keys */
            *p = '+';
    return 0;
}
