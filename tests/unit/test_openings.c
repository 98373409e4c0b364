/* Openings (formicary/openings.h): the entropy of counts, refusals with one line (among them the
 * forced-win search in a game with hidden bids and dice), and runs on the bidrace fixture: the
 * same lines on any thread count, counts and entropies that add up, a deterministic agent in a
 * deterministic setup giving one line. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "fixture.h"
#include "spread_stub.h"
#include "formicary/openings.h"

static void test_entropy(void **state)
{
    (void)state;
    long one[1] = {7}, two[2] = {3, 3}, four[4] = {1, 1, 1, 1}, skew[3] = {2, 1, 1}, none[2] = {0, 0};
    assert_true(fabs(fc_openings_entropy(one, 1)) < 1e-12);
    assert_true(fabs(fc_openings_entropy(two, 2) - 1) < 1e-12);
    assert_true(fabs(fc_openings_entropy(four, 4) - 2) < 1e-12);
    assert_true(fabs(fc_openings_entropy(skew, 3) - 1.5) < 1e-12);
    assert_true(fabs(fc_openings_entropy(none, 2)) < 1e-12);
    assert_string_equal(fc_openings_verdict_name(FC_OPENINGS_WIN), "win");
    assert_string_equal(fc_openings_verdict_name(FC_OPENINGS_NONE), "none");
}

static fc_openings_config config(const fc_rules *rules, const char *agent, int games, int threads)
{
    fc_openings_config c;
    memset(&c, 0, sizeof c);
    c.rules = rules;
    c.agent = agent;
    c.seed = 3;
    c.threads = threads;
    c.games = games;
    c.depth = 3;
    return c;
}

static void refused(const fc_openings_config *c, const char *want)
{
    fc_error err;
    fc_error_clear(&err);
    fc_openings_result r;
    assert_true(fc_openings_run(c, &r, &err) < 0);
    if (!strstr(err.msg, want) || strchr(err.msg, '\n'))
        fail_msg("expected one line with '%s', got '%s'", want, err.msg);
}

static void test_refused(void **state)
{
    (void)state;
    fc_context *ctx = fixture_context();
    fc_rules *rules = fixture_rules(ctx, 2, NULL);
    fc_openings_config c = config(rules, "random", 4, 1);
    c.forced_depth = 3;
    refused(&c, "deterministic two-player game; bidrace is played by 2 here and hides information");
    c = config(rules, "random", 4, 1);
    c.depth = 0;
    refused(&c, "depth 0");
    c.depth = FC_OPENINGS_MAX_DEPTH + 1;
    refused(&c, "expected 1..16");
    c = config(rules, "randm", 4, 1);
    refused(&c, "randm");
    c = config(rules, "random", 0, 1);
    refused(&c, "0 games");
    fc_rules_free(rules);
    fc_context_free(ctx);
}

static void run(const fc_openings_config *c, fc_openings_result *r)
{
    fc_error err;
    fc_error_clear(&err);
    if (fc_openings_run(c, r, &err) != 0)
        fail_msg("run: %s", err.msg);
}

static void test_run(void **state)
{
    (void)state;
    fc_context *ctx = fixture_context();
    fc_rules *rules = fixture_rules(ctx, 3, NULL);
    fc_openings_config c = config(rules, "random", 40, 1);
    fc_openings_result *a = calloc(1, sizeof *a), *b = calloc(1, sizeof *b);
    assert_non_null(a);
    assert_non_null(b);
    run(&c, a);
    c.threads = 3;
    run(&c, b);
    assert_int_equal(a->nlines, b->nlines);
    for (int i = 0; i < a->nlines; i++) {
        assert_string_equal(a->lines[i].text, b->lines[i].text);
        assert_int_equal(a->lines[i].count, b->lines[i].count);
    }
    /* through a runner in chunks of 3 games, last chunk first: the same lines */
    int calls = 0;
    c.spread = reverse_spread;
    c.spread_ud = &calls;
    memset(b, 0, sizeof *b);
    run(&c, b);
    assert_int_equal(calls, 14);
    assert_int_equal(a->nlines, b->nlines);
    for (int i = 0; i < a->nlines; i++) {
        assert_string_equal(a->lines[i].text, b->lines[i].text);
        assert_int_equal(a->lines[i].count, b->lines[i].count);
    }
    for (int j = 0; j < c.depth; j++)
        assert_true(a->entropy[j] == b->entropy[j]);
    c.spread = NULL;
    assert_true(fabs(a->max_entropy - log2(40)) < 1e-12);
    for (int j = 0; j < c.depth; j++) {
        assert_true(a->entropy[j] == b->entropy[j]);
        assert_true(a->entropy[j] >= 0 && a->entropy[j] <= a->max_entropy + 1e-9);
        assert_true(a->entropy[j] <= log2((double)a->distinct[j]) + 1e-9);
        if (j > 0) /* a longer line never has fewer outcomes */
            assert_true(a->entropy[j] >= a->entropy[j - 1] - 1e-9 && a->distinct[j] >= a->distinct[j - 1]);
    }
    /* random bids of 3 seats: more than one first decision, lines of "bid N" */
    assert_true(a->distinct[0] > 1 && a->entropy[0] > 0.5);
    assert_non_null(strstr(a->lines[0].text, "bid "));
    assert_int_equal(a->lines[0].len, 3);
    long sum = 0;
    for (int i = 0; i < a->nlines; i++) {
        sum += a->lines[i].count;
        if (i > 0)
            assert_true(a->lines[i].count <= a->lines[i - 1].count);
    }
    assert_true(sum <= 40 && (a->distinct[c.depth - 1] > FC_OPENINGS_TOP || sum == 40));
    assert_false(a->forced_searched);
    /* one decision of 5 bids: every line kept, most common first, their entropy the one reported */
    const char *const few[] = {"tokens=4", NULL};
    fc_rules *small = fixture_rules(ctx, 3, few);
    c.rules = small;
    c.depth = 1;
    run(&c, a);
    assert_true(a->distinct[0] > 2 && a->distinct[0] <= FC_OPENINGS_TOP);
    assert_int_equal(a->nlines, a->distinct[0]);
    long counts[FC_OPENINGS_TOP];
    sum = 0;
    for (int i = 0; i < a->nlines; i++) {
        counts[i] = a->lines[i].count;
        sum += counts[i];
        if (i > 0)
            assert_true(counts[i] <= counts[i - 1]);
    }
    assert_int_equal(sum, 40);
    assert_true(counts[0] > counts[a->nlines - 1]);
    assert_true(fabs(fc_openings_entropy(counts, a->nlines) - a->entropy[0]) < 1e-12);
    fc_rules_free(small);
    free(a);
    free(b);
    fc_rules_free(rules);
    fc_context_free(ctx);
}

/* A random agent with its seed fixed in the spec (seed=7 overrides the per-game seed) bids the
 * same in every game (the bids come before any die): one line, entropy 0. */
static void test_one_line(void **state)
{
    (void)state;
    fc_context *ctx = fixture_context();
    fc_rules *rules = fixture_rules(ctx, 2, NULL);
    fc_openings_config c = config(rules, "random:seed=7", 10, 2);
    c.depth = 2;
    fc_openings_result *r = calloc(1, sizeof *r);
    assert_non_null(r);
    run(&c, r);
    assert_int_equal(r->distinct[0], 1);
    assert_int_equal(r->distinct[1], 1);
    assert_true(r->entropy[1] == 0);
    assert_int_equal(r->nlines, 1);
    assert_int_equal(r->lines[0].count, 10);
    assert_true(r->lines[0].share == 1 && r->lines[0].hi > 0.999 && r->lines[0].lo < 0.8);
    free(r);
    fc_rules_free(rules);
    fc_context_free(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_entropy),
        cmocka_unit_test(test_refused),
        cmocka_unit_test(test_run),
        cmocka_unit_test(test_one_line),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
