/* Balance contracts (formicary/check.h): the design file with file:line errors, the verdict of an
 * interval against a tolerance, the intervals, and runs on the bidrace fixture: a contract met,
 * one not met, seatings of a deal, early stopping and the same result on any thread count. */
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
#include "formicary/check.h"

static fc_check_contract *parsed(const char *text, const fc_tiers *tiers)
{
    fc_check_contract *c = calloc(1, sizeof *c);
    assert_non_null(c);
    fc_error err;
    fc_error_clear(&err);
    if (fc_check_parse(c, text, "d.ini", "bidrace", tiers, &err) != 0)
        fail_msg("refused: %s", err.msg);
    return c;
}

/* Parsing text fails with one line "d.ini:LINE: ...want..." (line 0: "d.ini: "). */
static void refused(const char *text, int line, const char *want)
{
    fc_check_contract *c = calloc(1, sizeof *c);
    assert_non_null(c);
    fc_error err;
    fc_error_clear(&err);
    assert_true(fc_check_parse(c, text, "d.ini", "bidrace", NULL, &err) < 0);
    char where[32];
    snprintf(where, sizeof where, line > 0 ? "d.ini:%d: " : "d.ini: ", line);
    if (strncmp(err.msg, where, strlen(where)) != 0 || !strstr(err.msg, want))
        fail_msg("expected '%s...%s', got '%s'", where, want, err.msg);
    assert_null(strchr(err.msg, '\n'));
    assert_int_equal(c->ntargets, 0);
    free(c);
}

static void test_parse(void **state)
{
    (void)state;
    fc_check_contract *c = parsed("; a contract\n"
                                  "[contract]\n"
                                  "agents = greedy, mcts:iters=20,depth=4 ; two seats\n"
                                  "games = 60\n"
                                  "  looks = 3\n"
                                  "[target first]\nmetric = seat_win:1\nmax = 0.7\n"
                                  "[target length]\nmetric = rounds\nmin = 2\nmax = 40\ndoc = not too long\n"
                                  "[target strength]\nmetric = beats:greedy,random\nmin = 0.6\n"
                                  "[target mine]\nmetric = win_share:2\nagents = random,greedy\nmax = 0.9\n",
                                  NULL);
    assert_int_equal(c->nseats, 2);
    assert_int_equal(c->games, 60);
    assert_int_equal(c->looks, 3);
    assert_int_equal(c->agents_line, 3);
    assert_string_equal(c->lineup[0].spec[1], "mcts:iters=20,depth=4");
    assert_int_equal(c->ntargets, 4);
    assert_int_equal(c->target[0].metric, FC_SIM_SEAT_WIN);
    assert_int_equal(c->target[0].arg, 0);
    assert_true(c->target[0].has_max && !c->target[0].has_min);
    assert_int_equal(c->target[1].metric, FC_SIM_ROUNDS);
    assert_string_equal(c->target[1].doc, "not too long");
    assert_int_equal(c->target[2].metric, FC_CHECK_BEATS);
    assert_true(c->lineup[c->target[2].lineup].beats);
    assert_string_equal(c->lineup[c->target[2].lineup].spec[0], "greedy");
    assert_int_equal(c->target[3].arg, 1);
    assert_int_equal(c->target[3].lineup, 2);
    assert_int_equal(c->nlineups, 3);
    assert_int_equal(c->target[1].line, 9);
    free(c);
}

static void test_tiers(void **state)
{
    (void)state;
    fc_tiers t;
    memset(&t, 0, sizeof t);
    t.n = 2;
    snprintf(t.tier[0].name, sizeof t.tier[0].name, "medium");
    snprintf(t.tier[0].agent, sizeof t.tier[0].agent, "mcts:iters=30");
    snprintf(t.tier[1].name, sizeof t.tier[1].name, "expert");
    snprintf(t.tier[1].agent, sizeof t.tier[1].agent, "mcts:iters=300");
    fc_check_contract *c = parsed("[contract]\nagents = medium,medium:seed=3\n"
                                  "[target x]\nmetric = beats:expert,medium\nmin = 0.6\n",
                                  &t);
    assert_string_equal(c->lineup[0].given[0], "medium");
    assert_string_equal(c->lineup[0].spec[0], "mcts:iters=30");
    assert_string_equal(c->lineup[0].spec[1], "mcts:iters=30,seed=3");
    assert_string_equal(c->lineup[1].spec[0], "mcts:iters=300");
    free(c);
    fc_error err;
    fc_error_clear(&err);
    c = calloc(1, sizeof *c);
    assert_true(fc_check_parse(c, "[contract]\nagents = medium,expret\n[target x]\nmetric = rounds\nmax = 9\n", "d.ini",
                               "bidrace", &t, &err) < 0);
    assert_non_null(strstr(err.msg, "d.ini:2: agents: unknown agent or tier 'expret'"));
    assert_non_null(strstr(err.msg, "did you mean 'expert'?"));
    free(c);
}

static void test_refused(void **state)
{
    (void)state;
    const char *head = "[contract]\nagents = random,random\n";
    char text[512];
#define WITH(body) (snprintf(text, sizeof text, "%s%s", head, body), text)
    refused(WITH("[target a]\nmetric = seat_wn:1\nmax = 0.6\n"), 4, "unknown metric 'seat_wn' (did you mean 'seat_win'?");
    refused(WITH("[target a]\nmetric = seat_win:3\nmax = 0.6\n"), 4, "seat '3' is not seat 1..2");
    refused(WITH("[target a]\nmetric = seat_win\nmax = 0.6\n"), 4, "seat_win needs a seat number");
    refused(WITH("[target a]\nmetric = rounds:1\nmax = 6\n"), 4, "rounds takes no argument");
    refused(WITH("[target a]\nmetric = rounds\nmin = 9\nmax = 6\n"), 6, "min 9 is above max 6");
    refused(WITH("[target a]\nmetric = seat_win:1\nmax = 1.5\n"), 5, "max 1.5 is outside seat_win:1's range 0..1");
    refused(WITH("[target a]\nmetric = seat_win:1\nmin = 0\n"), 5, "holds for every value");
    refused(WITH("[target a]\nmetric = rounds\nmax = abc\n"), 5, "max: expected a number, found 'abc'");
    refused(WITH("[target a]\nmetric = rounds\n"), 3, "target [a] has no tolerance");
    refused(WITH("[target a]\nmax = 3\n"), 3, "target [a] has no metric");
    refused(WITH("[target a]\nmetric = rounds\nmax = 3\nmax = 4\n"), 6, "max is given twice");
    refused(WITH("[target a]\nmetric = rounds\nmaxx = 3\n"), 5, "unknown key 'maxx'");
    refused(WITH("[target a]\nmetric = rounds\nmax = 3\n[target a]\n"), 6, "target [a] is defined twice");
    refused(WITH("[target a]\nmetric = rounds\nagents = random\nmax = 3\n"), 5, "1 agents, but the contract seats 2");
    refused(WITH("[target a]\nmetric = beats:random\nmin = 0.6\n"), 4, "beats needs two agents, found 1");
    refused(WITH("[tagret a]\n"), 3, "unknown section [tagret a]");
    refused(WITH("[target a]\nmetric = rounds\nmax = 3\nthis is not a key\n"), 6, "syntax error");
    refused("[contract]\nagents = random,medium\n[target a]\nmetric = rounds\nmax = 3\n", 2,
            "'medium' is a difficulty tier, but bidrace has none");
    refused("[contract]\nagents = random,human\n[target a]\nmetric = rounds\nmax = 3\n", 2, "a human cannot play");
    refused("[contract]\nagents = random,mcts:iters=x\n[target a]\nmetric = rounds\nmax = 3\n", 2, "agents: 'mcts:iters=x'");
    refused("[contract]\ngames = 0\n", 2, "games: expected a whole number in 1..10000000");
    refused("[contract]\ngames = 10\n[target a]\nmetric = rounds\nmax = 3\n", 1, "[contract] has no agents");
    refused("[target a]\nmetric = rounds\nmax = 3\n", 0, "no [contract] section");
    refused(head, 0, "no [target NAME] section");
#undef WITH
}

static void test_decide(void **state)
{
    (void)state;
    fc_check_target t;
    memset(&t, 0, sizeof t);
    t.has_min = t.has_max = true;
    t.min = 8;
    t.max = 10;
    assert_int_equal(fc_check_decide(&t, 8.5, 9.5), FC_CHECK_MET);
    assert_int_equal(fc_check_decide(&t, 8, 10), FC_CHECK_MET);
    assert_int_equal(fc_check_decide(&t, 7.5, 9), FC_CHECK_UNDECIDED);
    assert_int_equal(fc_check_decide(&t, 9, 10.5), FC_CHECK_UNDECIDED);
    assert_int_equal(fc_check_decide(&t, 7, 12), FC_CHECK_UNDECIDED);
    assert_int_equal(fc_check_decide(&t, 10.1, 11), FC_CHECK_NOT_MET);
    assert_int_equal(fc_check_decide(&t, 5, 7.9), FC_CHECK_NOT_MET);
    t.has_min = false; /* <= 10 */
    assert_int_equal(fc_check_decide(&t, -5, 9.9), FC_CHECK_MET);
    assert_int_equal(fc_check_decide(&t, 9, 10.1), FC_CHECK_UNDECIDED);
    char buf[32];
    fc_check_tolerance_text(&t, buf, sizeof buf);
    assert_string_equal(buf, "<= 10");
    t.has_min = true;
    fc_check_tolerance_text(&t, buf, sizeof buf);
    assert_string_equal(buf, "8..10");
}

static void test_interval(void **state)
{
    (void)state;
    double x[40], m, lo, hi;
    for (int i = 0; i < 40; i++)
        x[i] = i % 2;
    fc_check_interval(x, 40, true, true, &m, &lo, &hi);
    /* mean 0.5, sd 0.5064, t(39) 2.0227: half-width 0.162 */
    assert_true(fabs(m - 0.5) < 1e-12);
    assert_true(fabs(hi - m - 2.0227 * 0.50637 / sqrt(40)) < 1e-3);
    fc_check_interval(x, 40, true, false, &m, &lo, &hi); /* interim: 3 se */
    assert_true(fabs(hi - m - 3 * 0.50637 / sqrt(40)) < 1e-3);
    for (int i = 0; i < 40; i++)
        x[i] = 1;
    fc_check_interval(x, 40, true, true, &m, &lo, &hi); /* a sweep: Wilson, 40/40 */
    assert_true(m == 1 && hi == 1 && lo > 0.9 && lo < 0.92);
    fc_check_interval(x, 40, false, true, &m, &lo, &hi); /* not a share: no spread, a point */
    assert_true(lo == 1 && hi == 1);
    for (int i = 0; i < 40; i++)
        x[i] = 0.9 + 0.2 * (i % 2);
    fc_check_interval(x, 40, true, true, &m, &lo, &hi); /* shares are clipped to 0..1 */
    assert_true(hi <= 1);
}

static void run(const char *text, int threads, fc_check_result *r)
{
    fc_context *ctx = fixture_context();
    fc_rules *rules = fixture_rules(ctx, 2, NULL);
    fc_check_contract *c = parsed(text, NULL);
    fc_check_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.contract = c;
    cfg.rules = rules;
    cfg.seed = 3;
    cfg.threads = threads;
    fc_error err;
    fc_error_clear(&err);
    if (fc_check_run(&cfg, r, &err) != 0)
        fail_msg("run: %s", err.msg);
    free(c);
    fc_rules_free(rules);
    fc_context_free(ctx);
}

static const char *const strong =
    "[contract]\nagents = mcts:iters=40,random\ngames = 200\nlooks = 5\n"
    "[target length]\nmetric = rounds\nmin = 1\n"            /* met at once: every game has rounds */
    "[target search]\nmetric = win_share:1\nmin = 0.6\n"     /* a searching bot beats random */
    "[target pair]\nmetric = beats:mcts:iters=40,random\nmin = 0.6\n"
    "[target even]\nmetric = seat_win:1\nmin = 0.05\nmax = 0.95\n";

static void test_run_met(void **state)
{
    (void)state;
    fc_check_result r;
    run(strong, 1, &r);
    for (int t = 0; t < r.ntargets; t++)
        if (r.est[t].verdict != FC_CHECK_MET)
            fail_msg("target %d: %s, %.3f [%.3f, %.3f] after %d deals", t, fc_check_verdict_name(r.est[t].verdict),
                     r.est[t].value, r.est[t].lo, r.est[t].hi, r.est[t].units);
    assert_int_equal(r.verdict, FC_CHECK_MET);
    assert_int_equal(r.seatings[0], 2); /* greedy,random: both rotations */
    assert_int_equal(r.seatings[1], 2); /* the beats pair: seats swapped */
    assert_true(r.looks < 5);          /* decided before the cap */
    assert_true(r.games < 2 * 200);
    assert_int_equal(r.est[0].look, 1);
    fc_check_result r2;
    run(strong, 3, &r2);
    assert_memory_equal(r.est, r2.est, sizeof r.est);
    assert_int_equal(r.games, r2.games);
}

static void test_run_not_met(void **state)
{
    (void)state;
    fc_check_result r;
    run("[contract]\nagents = random,random\ngames = 40\nlooks = 2\n"
        "[target short]\nmetric = rounds\nmax = 0.5\n"      /* not met: games last rounds */
        "[target fair]\nmetric = seat_win:1\nmin = 0.45\nmax = 0.55\n", /* undecided after 40 games */
        2, &r);
    assert_int_equal(r.seatings[0], 1); /* identical agents: one game a deal */
    assert_int_equal(r.est[0].verdict, FC_CHECK_NOT_MET);
    assert_int_equal(r.est[0].look, 1);
    assert_int_equal(r.est[1].verdict, FC_CHECK_UNDECIDED);
    assert_int_equal(r.est[1].look, 2);
    assert_int_equal(r.est[1].units, 40);
    assert_int_equal(r.verdict, FC_CHECK_NOT_MET);
    assert_int_equal(r.games, 40);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse),     cmocka_unit_test(test_tiers),   cmocka_unit_test(test_refused),
        cmocka_unit_test(test_decide),    cmocka_unit_test(test_interval), cmocka_unit_test(test_run_met),
        cmocka_unit_test(test_run_not_met),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
