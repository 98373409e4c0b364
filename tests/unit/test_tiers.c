/* Difficulty tiers (formicary/tiers.h): config/GAME/bots.ini read with file:line errors, every
 * shipped file valid, and seat specs naming a tier resolved with their extra options. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "formicary/tiers.h"

static const char *const good =
    "; a comment\n"
    "[easy]\nagent = mcts:iters=30\ndoc = weak\n"
    "[medium]\nagent = mcts:iters=200,c=0.5\nelo = 300\ninterval = 250..350\n"
    "[hard]\nagent = greedy\n"
    "[expert]\nagent = ab:time=1\n";

static char path[64];

static void write_file(const char *text)
{
    snprintf(path, sizeof path, "/tmp/fc_tiers_%d.ini", (int)getpid());
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

/* Loading text fails with a message that holds want (a "path:line:" prefix is checked too). */
static void refused(const char *text, int line, const char *want)
{
    write_file(text);
    fc_tiers t;
    fc_error err;
    fc_error_clear(&err);
    assert_true(fc_tiers_load(&t, path, &err) < 0);
    char where[96];
    if (line > 0)
        snprintf(where, sizeof where, "%s:%d: ", path, line);
    else
        snprintf(where, sizeof where, "%s: ", path);
    if (!strstr(err.msg, where) || !strstr(err.msg, want))
        fail_msg("expected '%s...%s', got '%s'", where, want, err.msg);
    assert_null(strchr(err.msg, '\n'));
    assert_int_equal(t.n, 0);
    unlink(path);
}

static void test_load(void **state)
{
    (void)state;
    write_file(good);
    fc_tiers t;
    fc_error err;
    fc_error_clear(&err);
    assert_int_equal(fc_tiers_load(&t, path, &err), 0);
    unlink(path);
    assert_int_equal(t.n, 4);
    const fc_tier *m = fc_tiers_find(&t, "medium");
    assert_non_null(m);
    assert_string_equal(m->agent, "mcts:iters=200,c=0.5");
    assert_true(m->rated);
    assert_true(m->elo == 300 && m->elo_lo == 250 && m->elo_hi == 350);
    assert_false(fc_tiers_find(&t, "easy")->rated);
    assert_string_equal(fc_tiers_find(&t, "easy")->doc, "weak");
    assert_null(fc_tiers_find(&t, "legend"));

    /* a file saved with a byte-order mark: its first section still opens there (the shared INI
     * line source skips the mark as inih does; the tier reader used to miss it) */
    char bom[1024];
    snprintf(bom, sizeof bom, "\xEF\xBB\xBF%s", good);
    write_file(bom);
    fc_error_clear(&err);
    assert_int_equal(fc_tiers_load(&t, path, &err), 0);
    unlink(path);
    assert_int_equal(t.n, 4);
}

static void test_errors(void **state)
{
    (void)state;
    refused("[easy]\nagent = mcts:iters=30\n[medium]\nagent = mcts\n[hard]\nagent = mcts\n", 0, "tier [expert] is missing");
    refused("[easy]\nagent = mcts:itres=30\n", 2, "unknown key 'itres'");
    refused("[easy]\nagent = minimax\n", 2, "unknown agent 'minimax'");
    refused("[easy]\nagent = random\nstrength = 3\n", 3, "unknown key 'strength'");
    refused("[easy]\nagent = random\n[easy]\nagent = greedy\n", 3, "tier [easy] is defined twice");
    refused("agent = random\n", 1, "outside a tier section");
    refused("[mcts]\nagent = random\n", 1, "the name of an agent kind");
    refused("[Easy One]\nagent = random\n", 1, "expected a name of a-z");
    refused("[easy]\nagent = random\nelo = 12x\n", 3, "elo: expected a number");
    refused("[easy]\nagent = random\nelo = nan\n", 3, "elo: expected a number");
    refused("[easy]\nagent = random\ninterval = 5..1\n", 3, "LO <= HI");
    refused("[easy]\nagent = random\nelo = 10\n[medium]\nagent=random\n[hard]\nagent=random\n[expert]\nagent=random\n", 0,
            "give elo and interval together");
    refused("[easy]\nagent = random\nelo = 10\ninterval = 20..30\n[medium]\nagent=random\n[hard]\nagent=random\n"
            "[expert]\nagent=random\n",
            0, "does not hold elo 10");
    refused("[easy]\n[medium]\nagent=random\n[hard]\nagent=random\n[expert]\nagent=random\n", 0, "tier [easy] has no agent");
    refused("[easy\nagent = random\n", 1, "expected a section [NAME]");
    refused("[easy]\nagent random\n", 2, "syntax error");
    char longline[2048];
    memset(longline, 'x', sizeof longline - 1);
    longline[sizeof longline - 1] = '\0';
    memcpy(longline, "[easy]\ndoc = ", 13);
    refused(longline, 2, "line longer than 198 characters"); /* inih's line buffer, not a bigger made-up bound */

    fc_tiers t;
    fc_error err;
    fc_error_clear(&err);
    assert_true(fc_tiers_load(&t, "/nonexistent/bots.ini", &err) < 0);
    assert_non_null(strstr(err.msg, "/nonexistent/bots.ini"));
}

static void resolves(const fc_tiers *t, const char *spec, int want_rc, const char *want)
{
    char out[FC_TIER_SPEC_MAX];
    fc_error err;
    fc_error_clear(&err);
    assert_int_equal(fc_tiers_resolve(t, spec, out, sizeof out, &err), want_rc);
    assert_string_equal(out, want);
}

static void test_resolve(void **state)
{
    (void)state;
    write_file(good);
    fc_tiers t;
    fc_error err;
    fc_error_clear(&err);
    assert_int_equal(fc_tiers_load(&t, path, &err), 0);
    unlink(path);
    resolves(&t, "medium", 1, "mcts:iters=200,c=0.5");
    resolves(&t, "medium:seed=3", 1, "mcts:iters=200,c=0.5,seed=3");
    resolves(&t, "medium:iters=50,threads=2", 1, "mcts:c=0.5,iters=50,threads=2"); /* the seat's value wins */
    resolves(&t, "hard:seed=1", 1, "greedy:seed=1");
    resolves(&t, "expert", 1, "ab:time=1");
    resolves(&t, "mcts:iters=7", 0, "mcts:iters=7");
    resolves(&t, "human", 0, "human");
    resolves(NULL, "medium", 0, "medium");
    char small[8];
    assert_true(fc_tiers_resolve(&t, "medium", small, sizeof small, &err) < 0);
    assert_true(fc_tier_name_is_standard("expert"));
    assert_false(fc_tier_name_is_standard("legend"));
}

/* Every shipped config/GAME/bots.ini loads, defines the four tiers and plays real agents. */
static void test_shipped(void **state)
{
    (void)state;
    const char *games[] = {"hive", "myrmes", "termity", "marabunta", "marsz"};
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        char p[512];
        snprintf(p, sizeof p, "%s/config/%s/bots.ini", FC_SOURCE_ROOT, games[i]);
        fc_tiers t;
        fc_error err;
        fc_error_clear(&err);
        if (fc_tiers_load(&t, p, &err) != 0)
            fail_msg("%s", err.msg);
        assert_true(t.n >= FC_TIER_REQUIRED);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_load),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_resolve),
        cmocka_unit_test(test_shipped),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
