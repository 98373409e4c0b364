/* Evaluation weights files (core/src/agents/weights.c) against a made-up game's weights: the
 * format, every refusal with its FILE:LINE, limits, exact round trips through the writer; and
 * the agents' weights key on a game without weights (the bidrace fixture). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "fixture.h"
#include "formicary/agent.h"
#include "formicary/sim.h"
#include "formicary/weights.h"

static const fc_eval_weight defs[] = {
    {"alpha", 1, 0, 10, NULL},
    {"beta", -2, -5, 5, NULL},
    {"gamma_x", 0.5, 0, 1, NULL},
};
#define NDEFS 3

/* Parses text; on success 0 and w filled; else the error message in err. */
static int parse(const char *text, double *w, fc_error *err)
{
    fc_error_clear(err);
    return fc_weights_parse("w.csv", text, defs, NDEFS, w, err);
}

static void expect_error(const char *text, const char *msg)
{
    double w[NDEFS];
    fc_error err;
    assert_true(parse(text, w, &err) < 0);
    assert_string_equal(err.msg, msg);
}

static void test_format(void **state)
{
    (void)state;
    double w[NDEFS];
    fc_error err;
    /* comments, blank lines, lo,hi columns (ignored), a weight left out keeps the game's value */
    assert_int_equal(parse("# tuned\n\nname,value,lo,hi\nbeta,-4.25,-100,100\n  # note\nalpha, 7 ,0,10\n", w, &err), 0);
    assert_true(w[0] == 7 && w[1] == -4.25 && w[2] == 0.5);
    /* only name,value; other columns allowed; the range's ends themselves */
    assert_int_equal(parse("value,name,doc\n10,alpha,\"x, y\"\n-5,beta,z\n1,gamma_x,\n", w, &err), 0);
    assert_true(w[0] == 10 && w[1] == -5 && w[2] == 1);
    /* an empty file of weights: every value the game's */
    assert_int_equal(parse("name,value\n", w, &err), 0);
    assert_true(w[0] == 1 && w[1] == -2 && w[2] == 0.5);
}

static void test_errors(void **state)
{
    (void)state;
    expect_error("name,value\nalpha,1\nalpah,2\n", "w.csv:3: unknown weight 'alpah' (did you mean 'alpha'?)");
    expect_error("name,value\nzzzzzz,2\n", "w.csv:2: unknown weight 'zzzzzz'");
    expect_error("# c\nname,value\nalpha,11\n", "w.csv:3: weight 'alpha': 11 is out of range 0..10");
    expect_error("name,value\nbeta,-5.5\n", "w.csv:2: weight 'beta': -5.5 is out of range -5..5");
    expect_error("name,value\nalpha,1\n\nalpha,2\n", "w.csv:4: weight 'alpha' given twice (first on line 2)");
    expect_error("name,value\nalpha,nan\n", "w.csv:2: weight 'alpha': expected a finite number, found 'nan'");
    expect_error("name,value\nalpha,inf\n", "w.csv:2: weight 'alpha': expected a finite number, found 'inf'");
    expect_error("name,value\nalpha,1e999\n", "w.csv:2: weight 'alpha': expected a finite number, found '1e999'");
    expect_error("name,value\nalpha,0x1p2\n", "w.csv:2: weight 'alpha': expected a finite number, found '0x1p2'");
    expect_error("name,value\nalpha,\n", "w.csv:2: weight 'alpha': expected a finite number, found ''");
    expect_error("name,value\n,3\n", "w.csv:2: expected a weight name");
    expect_error("name,val\nalpha,1\n", "w.csv: expected a header line naming the columns name,value");
    expect_error("# nothing\n", "w.csv: no header row");
    expect_error("name,value\n\x1b[2Jx,1\n", "w.csv:2: unknown weight '\\x1b[2Jx'");
    /* a line longer than the limit, wherever it is (here a comment) */
    size_t n = FC_WEIGHTS_MAX_LINE + 40;
    char *text = malloc(n + 64);
    assert_non_null(text);
    strcpy(text, "name,value\nalpha,1\n# ");
    size_t len = strlen(text);
    memset(text + len, 'x', FC_WEIGHTS_MAX_LINE);
    strcpy(text + len + FC_WEIGHTS_MAX_LINE, "\nbeta,1\n");
    expect_error(text, "w.csv:3: line longer than 1000 characters");
    free(text);
}

static void test_files(void **state)
{
    (void)state;
    double w[NDEFS];
    fc_error err;
    fc_error_clear(&err);
    assert_true(fc_weights_read("/nonexistent/w.csv", defs, NDEFS, w, &err) < 0);
    assert_string_equal(err.msg, "/nonexistent/w.csv: cannot read: No such file or directory");
    char path[] = "/tmp/fc_weightsXXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    /* values that need 17 digits come back exactly; the comment's lines become '#' lines */
    double v[NDEFS] = {0.1 + 0.2, -1.0 / 3.0, 1e-300};
    assert_int_equal(fc_weights_write(path, "made by a test\nsecond line", defs, NDEFS, v, &err), 0);
    assert_int_equal(fc_weights_read(path, defs, NDEFS, w, &err), 0);
    assert_memory_equal(w, v, sizeof v);
    FILE *f = fopen(path, "r");
    char buf[512] = {0};
    assert_true(fread(buf, 1, sizeof buf - 1, f) > 0);
    fclose(f);
    assert_string_equal(buf, "# made by a test\n# second line\nname,value,lo,hi\nalpha,0.30000000000000004,0,10\n"
                             "beta,-0.3333333333333333,-5,5\ngamma_x,1e-300,0,1\n");
    /* a file larger than the limit is refused before it is parsed */
    f = fopen(path, "w");
    assert_non_null(f);
    fputs("name,value\n", f);
    for (int i = 0; i < FC_WEIGHTS_MAX_BYTES / 8; i++)
        fputs("# ......\n", f);
    fclose(f);
    assert_true(fc_weights_read(path, defs, NDEFS, w, &err) < 0);
    assert_non_null(strstr(err.msg, "larger than"));
    unlink(path);
}

static void test_check(void **state)
{
    (void)state;
    fc_error err;
    double ok[NDEFS] = {0, 5, 1}, bad[NDEFS] = {0, 5.5, 1}, nan[NDEFS] = {0, 0, 0.0 / 0.0};
    assert_int_equal(fc_weights_check(defs, NDEFS, ok, NDEFS, &err), 0);
    assert_true(fc_weights_check(defs, NDEFS, ok, 2, &err) < 0);
    assert_string_equal(err.msg, "2 weights given, the game has 3");
    assert_true(fc_weights_check(defs, NDEFS, bad, NDEFS, &err) < 0);
    assert_string_equal(err.msg, "weight 'beta': 5.5 is out of range -5..5");
    assert_true(fc_weights_check(defs, NDEFS, nan, NDEFS, &err) < 0);
    char buf[32];
    assert_string_equal(fc_weights_number(400, buf, sizeof buf), "400");
    assert_string_equal(fc_weights_number(0.1, buf, sizeof buf), "0.1");
}

/* A game without weights: the key is refused with one line, before any game (fc_sim_check),
 * and a kind that does not evaluate takes no weights. */
static void test_agent_no_weights(void **state)
{
    (void)state;
    fc_context *ctx = fixture_context();
    fc_rules *rules = fixture_rules(ctx, 2, NULL);
    fc_error err;
    fc_agent *a = fc_agent_new("greedy:weights=/nonexistent/w.csv", 1, &err);
    assert_non_null(a);
    assert_true(fc_agent_check_rules(a, rules, &err) < 0);
    assert_string_equal(err.msg, "agent greedy: weights=/nonexistent/w.csv: bidrace has no evaluation weights "
                                 "(its plugin offers no eval_weights)");
    fc_agent_free(a);
    fc_sim_config c = {.rules = rules, .nagents = 2, .agents = {"random", "mcts:iters=10,weights=x.csv"}, .seed = 1,
                       .threads = 1};
    assert_true(fc_sim_check(&c, &err) < 0);
    assert_string_equal(err.msg, "agent 2: agent mcts: weights=x.csv: bidrace has no evaluation weights "
                                 "(its plugin offers no eval_weights)");
    fc_sim_game g;
    assert_true(fc_sim_run(&c, 0, 1, &g, &err) < 0);
    assert_null(fc_agent_new("random:weights=x.csv", 1, &err));
    a = fc_agent_new("random", 1, &err);
    double w[1] = {1};
    assert_int_equal(fc_agent_set_weights(a, w, 1, &err), FC_EINVAL);
    assert_string_equal(err.msg, "agent random: does not evaluate positions, so takes no weights");
    fc_agent_free(a);
    /* weights in memory on a game without weights: the first decision fails with one line */
    a = fc_agent_new("greedy", 1, &err);
    assert_int_equal(fc_agent_set_weights(a, w, 1, &err), 0);
    fc_match *m = fc_match_new(rules, 1, &err);
    fc_decision d;
    while (fc_match_to_move(m) == FC_CHANCE)
        assert_int_equal(fc_match_play_chance(m, &err), 0);
    assert_true(fc_agent_choose(a, m, &d, &err) < 0);
    assert_string_equal(err.msg, "agent greedy: weights in memory: bidrace has no evaluation weights "
                                 "(its plugin offers no eval_weights)");
    assert_int_equal(fc_agent_set_weights(a, NULL, 0, &err), 0); /* back to the game's own */
    assert_int_equal(fc_agent_choose(a, m, &d, &err), 0);
    fc_match_free(m);
    fc_agent_free(a);
    fc_rules_free(rules);
    fc_context_free(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_format), cmocka_unit_test(test_errors),           cmocka_unit_test(test_files),
        cmocka_unit_test(test_check),  cmocka_unit_test(test_agent_no_weights),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
