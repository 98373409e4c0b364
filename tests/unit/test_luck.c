/* Luck by source (luck.h) and sourced matches (match.h, fc_match_new_sourced): the design's
 * seeds, the variance decomposition on values of known structure, a sourced match's draws keyed
 * by the source's own count, and a small run on the fixture that is the same on any thread count. */
#include <math.h>
#include <setjmp.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "fixture.h"
#include "formicary/luck.h"
#include "formicary/record.h"

/* A value in [0, 1) from a seed, standing for what one source contributes to an outcome. */
static double unit_of(uint64_t s) { return (double)(fc_hash64(&s, sizeof s, 7) >> 11) / 9007199254740992.0; }

/* Factor f of game j of group g as the design seeds it. */
static void seeds_of(int g, int j, int nsrc, int reps, uint64_t *src, uint64_t *agents)
{
    fc_luck_game_seeds(42, g, j, nsrc, reps, src, agents);
}

static void test_design_seeds(void **state)
{
    (void)state;
    enum { NSRC = 2, REPS = 3 };
    int per = fc_luck_games_per_group(NSRC + 1, REPS);
    assert_int_equal(per, 1 + 2 * 3 * 2);
    assert_int_equal(fc_luck_games_per_group(2, REPS), 1 + 2 * 2); /* two factors: one kind serves both */
    uint64_t base[NSRC], base_a, s[NSRC], a;
    seeds_of(5, 0, NSRC, REPS, base, &base_a);
    for (int j = 1; j < per; j++) { /* game j changes factor (j - 1) / (REPS - 1) only, then keeps it alone */
        seeds_of(5, j, NSRC, REPS, s, &a);
        bool fixing = j > 3 * (REPS - 1);
        int f = (j - 1) / (REPS - 1) % 3;
        for (int k = 0; k < NSRC; k++)
            assert_true((s[k] != base[k]) == ((k == f) != fixing));
        assert_true((a != base_a) == ((f == NSRC) != fixing));
    }
    uint64_t w1[NSRC], w2[NSRC], a1, a2; /* the others' versions: a fresh one per game */
    seeds_of(5, 1 + 3 * (REPS - 1), NSRC, REPS, w1, &a1);
    seeds_of(5, 2 + 3 * (REPS - 1), NSRC, REPS, w2, &a2);
    assert_true(w1[0] == base[0] && w1[1] != w2[1] && a1 != a2);
    uint64_t v1[NSRC], v2[NSRC];
    seeds_of(5, 1, NSRC, REPS, v1, &a);
    seeds_of(5, 2, NSRC, REPS, v2, &a);
    assert_true(v1[0] != v2[0]); /* two variants of one factor differ */
    seeds_of(6, 0, NSRC, REPS, s, &a);
    assert_true(s[0] != base[0] && s[1] != base[1] && a != base_a); /* groups differ in everything */
}

/* y = u(source 0) + 2 u(source 1), the agents change nothing: shares 1/5, 4/5 and 0. Then
 * y = u0 * u1 (an interaction): each share is above its additive part and the sum above 1. */
static void test_estimate_known(void **state)
{
    (void)state;
    enum { G = 3000, NSRC = 2, REPS = 2 };
    int nf = NSRC + 1, per = fc_luck_games_per_group(nf, REPS);
    double *add = malloc((size_t)G * per * sizeof *add), *mul = malloc((size_t)G * per * sizeof *mul);
    assert_non_null(add);
    assert_non_null(mul);
    for (int g = 0; g < G; g++)
        for (int j = 0; j < per; j++) {
            uint64_t s[NSRC], a;
            seeds_of(g, j, NSRC, REPS, s, &a);
            add[g * per + j] = unit_of(s[0]) + 2 * unit_of(s[1]);
            mul[g * per + j] = (unit_of(s[0]) - 0.5) * (unit_of(s[1]) - 0.5);
        }
    double var, share[3];
    fc_luck_estimate(add, G, nf, REPS, NULL, &var, share, NULL);
    assert_true(fabs(var - 5.0 / 12) < 0.03);
    assert_true(fabs(share[0] - 0.2) < 0.03);
    assert_true(fabs(share[1] - 0.8) < 0.05);
    assert_true(share[2] == 0);
    fc_luck_estimate(mul, G, nf, REPS, NULL, &var, share, NULL); /* a pure interaction: each share is 1 */
    assert_true(fabs(share[0] - 1) < 0.1 && fabs(share[1] - 1) < 0.1 && share[2] == 0);
    int count[G];
    for (int g = 0; g < G; g++)
        count[g] = g % 2 ? 0 : 2; /* every even group twice: still close */
    fc_luck_estimate(add, G, nf, REPS, count, &var, share, NULL);
    assert_true(fabs(var - 5.0 / 12) < 0.04 && fabs(share[0] - 0.2) < 0.04);
    int same[2] = {2, 0}; /* one group twice: copies are the same games, not independent ones */
    fc_luck_estimate(add, 2, nf, REPS, same, &var, share, NULL);
    assert_true(var == 0 && isnan(share[0]));
    for (int i = 0; i < G * per; i++)
        add[i] = 1;
    fc_luck_estimate(add, G, nf, REPS, NULL, &var, share, NULL);
    assert_true(var == 0 && isnan(share[0]));
    free(add);
    free(mul);
}

/* Y = X1 + 2 X2 + 3 X1 X2 with X uniform on [-1, 1] (variances 1/3 and 1/9): Var(Y) = 8/3,
 * first-order shares S1 = 1/8, S2 = 1/2 and total shares T1 = 1/2, T2 = 7/8; a third factor
 * that changes nothing has 0 and 0. With two factors (the second is "agents") the same. */
static double x_of(uint64_t s) { return 2 * unit_of(s) - 1; }

static void first_total_check(int nsrc, int groups, int reps)
{
    int nf = nsrc + 1, per = fc_luck_games_per_group(nf, reps);
    double *y = malloc((size_t)groups * per * sizeof *y);
    assert_non_null(y);
    for (int g = 0; g < groups; g++)
        for (int j = 0; j < per; j++) {
            uint64_t s[2], a;
            seeds_of(g, j, nsrc, reps, s, &a);
            double x1 = x_of(s[0]), x2 = x_of(nsrc == 2 ? s[1] : a);
            y[g * per + j] = x1 + 2 * x2 + 3 * x1 * x2;
        }
    double var, total[3], first[3];
    fc_luck_estimate(y, groups, nf, reps, NULL, &var, total, first);
    assert_true(fabs(var - 8.0 / 3) < 0.12);
    assert_true(fabs(first[0] - 0.125) < 0.04);
    assert_true(fabs(first[1] - 0.5) < 0.05);
    assert_true(fabs(total[0] - 0.5) < 0.05);
    assert_true(fabs(total[1] - 0.875) < 0.06);
    if (nf == 3)
        assert_true(fabs(first[2]) < 0.03 && total[2] == 0);
    int *count = malloc((size_t)groups * sizeof *count); /* a resample: every even group twice */
    assert_non_null(count);
    for (int g = 0; g < groups; g++)
        count[g] = g % 2 ? 0 : 2;
    fc_luck_estimate(y, groups, nf, reps, count, &var, total, first);
    assert_true(fabs(first[0] - 0.125) < 0.06 && fabs(first[1] - 0.5) < 0.07);
    count[0] = groups; /* one group alone: no spread of group means to measure */
    for (int g = 1; g < groups; g++)
        count[g] = 0;
    fc_luck_estimate(y, groups, nf, reps, count, &var, total, first);
    assert_true(isnan(first[0]) && isnan(first[1]));
    free(count);
    free(y);
}

static void test_estimate_first_order(void **state)
{
    (void)state;
    first_total_check(2, 4000, 4); /* two sources and agents: the games that fix each factor */
    first_total_check(1, 4000, 4); /* one source and agents: the games that vary the other one */
}

/* The rolls of a sourced bidrace match: the k-th draw of the one source comes from (its seed,
 * k), whatever the bids did, so two games with the same chance seed roll the same sequence. */
static int rolls(fc_rules *rules, uint64_t chance_seed, uint64_t bid_seed, int *out, int max)
{
    fc_error err;
    fc_match *m = fc_match_new_sourced(rules, 1, &chance_seed, 1, &err);
    assert_non_null(m);
    fc_rng rng;
    fc_rng_seed(&rng, bid_seed, 0);
    int n = 0;
    while (n < max) {
        int who = fc_match_to_move(m);
        if (who == FC_NOBODY)
            break;
        if (who == FC_CHANCE) {
            assert_int_equal(fc_match_play_chance(m, &err), 0);
            out[n++] = (int)fc_match_history(m, fc_match_ply(m) - 1)->decision;
        } else {
            assert_int_equal(fixture_step(m, &rng), 0);
        }
    }
    fc_match *c = fc_match_clone(m, &err); /* undo and clones keep the sources */
    assert_non_null(c);
    if (n > 0) {
        while (fc_match_ply(c) > 0 && fc_match_history(c, fc_match_ply(c) - 1)->seat != FC_CHANCE)
            assert_int_equal(fc_match_undo(c, &err), 0);
        assert_int_equal(fc_match_undo(c, &err), 0);
        assert_int_equal(fc_match_play_chance(c, &err), 0);
        assert_int_equal((int)fc_match_history(c, fc_match_ply(c) - 1)->decision, out[n - 1]);
    }
    fc_match_free(c);
    fc_match_free(m);
    return n;
}

static void test_sourced_match(void **state)
{
    (void)state;
    fc_context *ctx = fixture_context();
    /* tied bids roll nothing: the rolls then come at other plies in games of other bids */
    static const char *const sets[] = {"tie_rule=nobody", NULL};
    fc_rules *rules = fixture_rules(ctx, 2, sets);
    const char *names[FC_CHANCE_SOURCES_MAX];
    int setup = -1;
    fc_error err;
    assert_int_equal(fc_rules_chance_sources(rules, names, &setup, &err), 1); /* no chance_source: one */
    assert_string_equal(names[0], "chance");
    assert_int_equal(setup, 0);
    int a[12], b[12], c[12];
    int na = rolls(rules, 99, 1, a, 12), nb = rolls(rules, 99, 2, b, 12), nc = rolls(rules, 98, 1, c, 12);
    int n = na < nb ? na : nb;
    assert_true(n >= 3);
    assert_memory_equal(a, b, (size_t)n * sizeof *a); /* other bids, the same rolls */
    assert_true(nc < 3 || memcmp(a, c, 3 * sizeof *a) != 0);  /* another chance seed, other rolls */
    uint64_t one = 5;
    fc_match *m = fc_match_new_sourced(rules, 1, &one, 1, &err);
    assert_non_null(m);
    assert_int_equal(fc_match_source_seeds(m, NULL), 1);
    char *text = NULL; /* a record keeps one seed: its setup would not replay */
    assert_int_equal(fc_record_format(m, NULL, &text, &err), FC_EINVAL);
    assert_null(text);
    assert_non_null(strstr(err.msg, "seed per chance source"));
    fc_match_free(m);
    uint64_t two[2] = {1, 2};
    assert_null(fc_match_new_sourced(rules, 1, two, 2, &err)); /* the count must be the game's */
    assert_non_null(strstr(err.msg, "2 chance seeds given, the game has 1"));
    fc_rules_free(rules);
    fc_context_free(ctx);
}

static void test_run_threads(void **state)
{
    (void)state;
    fc_context *ctx = fixture_context();
    fc_rules *rules = fixture_rules(ctx, 2, NULL);
    fc_luck_config c = {.rules = rules, .spec = {"random", "greedy"}, .seed = 3, .threads = 1, .groups = 8,
                        .reps = 2, .boot = 50};
    fc_luck_result one, two;
    fc_error err;
    assert_int_equal(fc_luck_run(&c, &one, &err), 0);
    c.threads = 3;
    assert_int_equal(fc_luck_run(&c, &two, &err), 0);
    assert_int_equal(one.nfactors, 2);
    assert_string_equal(one.factor[0], "chance");
    assert_string_equal(one.factor[1], "agents");
    assert_int_equal(one.games, 2 * 8 * 3);
    for (int s = 0; s < 2; s++) {
        one.strength[s].seconds = two.strength[s].seconds = 0;
        assert_memory_equal(&one.strength[s], &two.strength[s], sizeof one.strength[s]);
    }
    assert_memory_equal(one.diff, two.diff, sizeof one.diff);
    assert_true(one.strength[0].share[1][FC_LUCK_MARGIN].value > 0); /* random play varies with its seed */
    c.reps = 1;
    assert_int_equal(fc_luck_run(&c, &one, &err), FC_ERANGE);
    assert_non_null(strstr(err.msg, "1 games per group, expected 2..16"));
    c.reps = 2;
    c.spec[1] = "nosuchagent";
    assert_true(fc_luck_run(&c, &one, &err) < 0);
    fc_rules_free(rules);
    fc_context_free(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_design_seeds),
        cmocka_unit_test(test_estimate_known),
        cmocka_unit_test(test_estimate_first_order),
        cmocka_unit_test(test_sourced_match),
        cmocka_unit_test(test_run_threads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
