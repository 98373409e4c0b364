/* Shared by the game test fixtures: loads one game plugin by path and starts a match with
 * optional --set style settings and an optional Lua variant text. Fails the test with the
 * core's message on any error. Include after <cmocka.h>. */
#ifndef FC_TEST_GAME_FIXTURE_H
#define FC_TEST_GAME_FIXTURE_H

#include "formicary/match.h"
#include "formicary/rules.h"

static inline void gfx_start(const char *so, const char *id, int nseats, uint64_t seed, const char *const *sets,
                             const char *lua, fc_context **ctx, fc_rules **rules, fc_match **m)
{
    fc_error err;
    *ctx = fc_context_new();
    if (!*ctx || fc_context_load(*ctx, so, &err) < 0)
        fail_msg("load: %s", err.msg);
    *rules = fc_rules_new(*ctx, id, nseats, &err);
    if (!*rules)
        fail_msg("rules: %s", err.msg);
    for (int i = 0; sets && sets[i]; i++)
        if (fc_rules_set(*rules, sets[i], &err) != 0)
            fail_msg("set %s: %s", sets[i], err.msg);
    if (lua && fc_rules_load_variant_text(*rules, "test.lua", lua, &err) != 0)
        fail_msg("variant: %s", err.msg);
    if (fc_rules_finish(*rules, &err) != 0)
        fail_msg("finish: %s", err.msg);
    *m = fc_match_new(*rules, seed, &err);
    if (!*m)
        fail_msg("match: %s", err.msg);
}

static inline void gfx_stop(fc_context *ctx, fc_rules *rules, fc_match *m)
{
    fc_match_free(m);
    fc_rules_free(rules);
    fc_context_free(ctx);
}

#endif
