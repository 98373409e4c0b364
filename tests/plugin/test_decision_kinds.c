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

#include "random_games.h"

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

typedef struct kinds_seen {
    const char *const *kinds;
    int nk;
    uint64_t seen;
} kinds_seen;

static void before_decision(fc_match *m, int who, int ply, void *arg)
{
    (void)ply;
    kinds_seen *k = arg;
    if (who >= 0)
        k->seen |= check_legal(m, k->kinds, k->nk);
}

static void run_game(const char *id, int nseats, int want_seen)
{
    fc_context *ctx;
    fc_rules *rules = rg_rules(id, nseats, &ctx);
    kinds_seen k = {0};
    k.nk = fc_plugin_kinds(fc_rules_plugin(rules), &k.kinds);
    assert_true(k.nk >= 2 && k.nk <= FC_MAX_KINDS);
    rg_play(rules, &(rg_games){.games = rg_quick() ? 1 : 4, .seed = 21, .max_plies = 3000,
                               .before = before_decision, .arg = &k});
    int count = __builtin_popcountll(k.seen);
    print_message("%s: %d of %d kinds seen\n", id, count, k.nk);
    assert_true(count >= want_seen);
    rg_close(ctx, rules);
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
