/* Shared helpers for unit tests that need the "bidrace" fixture game
 * (tests/fixtures/bidrace.c; FORMICARY_PLUGIN_PATH points at its build dir). */
#ifndef FC_TEST_FIXTURE_H
#define FC_TEST_FIXTURE_H

#include <stdio.h>
#include <stdlib.h>

#include "formicary/match.h"
#include "formicary/rules.h"

static inline fc_context *fixture_context(void)
{
    fc_context *ctx = fc_context_new();
    if (!ctx)
        abort();
    fc_context_add_default_paths(ctx);
    fc_context_scan(ctx);
    return ctx;
}

/* Finished bidrace rules with optional "k=v" settings (NULL-terminated). Aborts on error. */
static inline fc_rules *fixture_rules(fc_context *ctx, int nseats, const char *const *sets)
{
    fc_error err;
    fc_rules *r = fc_rules_new(ctx, "bidrace", nseats, &err);
    if (!r) {
        fprintf(stderr, "fixture_rules: %s\n", err.msg);
        abort();
    }
    for (int i = 0; sets && sets[i]; i++)
        if (fc_rules_set(r, sets[i], &err) != 0) {
            fprintf(stderr, "fixture_rules: %s\n", err.msg);
            abort();
        }
    if (fc_rules_finish(r, &err) != 0) {
        fprintf(stderr, "fixture_rules: %s\n", err.msg);
        abort();
    }
    return r;
}

/* Plays one random decision (chance by the match RNG). Returns 0, or <0 at game end/error. */
static inline int fixture_step(fc_match *m, fc_rng *rng)
{
    int who = fc_match_to_move(m);
    if (who == FC_NOBODY)
        return -1;
    fc_error err;
    if (who == FC_CHANCE)
        return fc_match_play_chance(m, &err);
    const fc_decision *d;
    int n = fc_match_legal(m, &d, NULL);
    if (n <= 0)
        return -2;
    return fc_match_play(m, d[fc_rng_below(rng, (uint32_t)n)], &err);
}

#endif
