/* Every game plugin names its kinds of decision (API minor 10) consistently with the group its
 * decision_describe gives: through random games, the kind of every legal decision of a seat is
 * the index of that group among the plugin's kinds; and over the games most kinds are seen. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "formicary/context.h"
#include "formicary/match.h"
#include "formicary/rules.h"

/* Checks every legal decision now; returns the kinds seen as bits. */
static uint64_t check_legal(fc_match *m, const char *const *kinds, int nk)
{
    const fc_decision *legal = NULL;
    int n = fc_match_legal(m, &legal, NULL);
    uint64_t seen = 0;
    for (int i = 0; i < n; i++) {
        fc_decision_info info;
        fc_match_decision_describe(m, legal[i], &info);
        int k = fc_match_decision_kind(m, legal[i]);
        if (k < 0 || k >= nk || strcmp(kinds[k], info.group) != 0)
            fail_msg("decision '%s': kind %d (%s), described as group '%s'", info.label, k,
                     k >= 0 && k < nk ? kinds[k] : "none", info.group);
        seen |= 1ull << k;
    }
    return seen;
}

static void run_game(const char *id, int nseats, int want_seen)
{
    fc_error err;
    fc_error_clear(&err);
    fc_context *ctx = fc_context_new();
    fc_context_add_default_paths(ctx);
    fc_context_scan(ctx);
    fc_rules *rules = fc_rules_new(ctx, id, nseats, &err);
    if (!rules) {
        fc_context_free(ctx);
        print_message("skipped %s: %s\n", id, err.msg);
        skip();
    }
    assert_int_equal(fc_rules_finish(rules, &err), 0);
    const char *const *kinds;
    int nk = fc_plugin_kinds(fc_rules_plugin(rules), &kinds);
    assert_true(nk >= 2 && nk <= FC_MAX_KINDS);
    bool quick = getenv("FC_UNDER_VALGRIND") || getenv("FC_UNDER_SANITIZER");
    uint64_t seen = 0;
    for (int gi = 0; gi < (quick ? 1 : 4); gi++) {
        fc_match *m = fc_match_new(rules, 21 + (uint64_t)gi, &err);
        assert_non_null(m);
        uint64_t x = 88172645463325252ull + (uint64_t)gi;
        for (int ply = 0; ply < 3000; ply++) {
            int who = fc_match_to_move(m);
            if (who == FC_NOBODY)
                break;
            if (who == FC_CHANCE) {
                assert_int_equal(fc_match_play_chance(m, &err), 0);
                continue;
            }
            seen |= check_legal(m, kinds, nk);
            const fc_decision *legal = NULL;
            int n = fc_match_legal(m, &legal, NULL);
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            assert_int_equal(fc_match_play(m, legal[x % (uint64_t)n], &err), 0);
        }
        fc_match_free(m);
    }
    int count = __builtin_popcountll(seen);
    print_message("%s: %d of %d kinds seen\n", id, count, nk);
    assert_true(count >= want_seen);
    fc_rules_free(rules);
    fc_context_free(ctx);
}

static void test_myrmes(void **s)
{
    (void)s;
    run_game("myrmes", 2, 12);
}
static void test_hive(void **s)
{
    (void)s;
    run_game("hive", 2, 3);
}
static void test_termity(void **s)
{
    (void)s;
    run_game("termity", 2, 8);
}
static void test_marabunta(void **s)
{
    (void)s;
    run_game("marabunta", 2, 6);
}
static void test_marsz(void **s)
{
    (void)s;
    run_game("marsz", 2, 8);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_myrmes), cmocka_unit_test(test_hive),  cmocka_unit_test(test_termity),
        cmocka_unit_test(test_marabunta), cmocka_unit_test(test_marsz),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
