/* Random games for the plugin suite's tests (random_games.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>

#include <cmocka.h>

#include "random_games.h"

fc_rules *rg_rules(const char *id, int nseats, fc_context **ctx)
{
    fc_error err;
    fc_error_clear(&err);
    *ctx = fc_context_new();
    fc_context_add_default_paths(*ctx);
    fc_context_scan(*ctx);
    fc_rules *rules = fc_rules_new(*ctx, id, nseats, &err);
    if (!rules) {
        fc_context_free(*ctx);
        print_message("skipped %s: %s\n", id, err.msg);
        skip();
    }
    assert_int_equal(fc_rules_finish(rules, &err), 0);
    return rules;
}

void rg_play(fc_rules *rules, const rg_games *spec)
{
    fc_error err;
    fc_error_clear(&err);
    for (int gi = 0; gi < spec->games; gi++) {
        fc_match *m = fc_match_new(rules, spec->seed + (uint64_t)gi, &err);
        assert_non_null(m);
        uint64_t x = 88172645463325252ull + (uint64_t)gi; /* xorshift64: the same games everywhere */
        for (int ply = 0; ply < spec->max_plies; ply++) {
            int who = fc_match_to_move(m);
            if (who == FC_NOBODY)
                break;
            if (spec->before)
                spec->before(m, who, ply, spec->arg);
            if (who == FC_CHANCE) {
                assert_int_equal(fc_match_play_chance(m, &err), 0);
                continue;
            }
            const fc_decision *legal = NULL;
            int n = fc_match_legal(m, &legal, NULL);
            assert_true(n > 0);
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            assert_int_equal(fc_match_play(m, legal[x % (uint64_t)n], &err), 0);
        }
        if (spec->after)
            spec->after(m, spec->arg);
        fc_match_free(m);
    }
}

void rg_close(fc_context *ctx, fc_rules *rules)
{
    fc_rules_free(rules);
    fc_context_free(ctx);
}

bool rg_quick(void)
{
    return getenv("FC_UNDER_VALGRIND") || getenv("FC_UNDER_SANITIZER");
}
