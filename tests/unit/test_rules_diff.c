/* What two rule sets differ by (rules_diff.h), against the bidrace fixture: --set values, values
 * set alike in other layers, variants added, removed and with their own parameters, two rule-set
 * files, one rule set described on its own, long texts cut. */
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
#include "formicary/rules_diff.h"

static const char variant_text[] = "variant{name = \"boost\", game = \"bidrace\"}\n"
                                   "param(\"bonus\", 2, 0, 9, \"extra steps\")\n"
                                   "set(\"tokens\", 12)\n"
                                   "hook(\"move_bonus\", function(seat, roll) return params.bonus end)\n";

typedef struct spec {
    const char *ini;     /* a file's text, or NULL */
    const char *variant; /* NULL, or variant_text */
    const char *sets[6];
} spec;

static char dir[64];

static fc_rules *build(fc_context *ctx, const spec *s, const char *ini_name)
{
    fc_error err;
    fc_error_clear(&err);
    fc_rules *r = fc_rules_new(ctx, "bidrace", 2, &err);
    assert_non_null(r);
    if (s->ini) {
        char path[128];
        snprintf(path, sizeof path, "%s/%s", dir, ini_name);
        FILE *f = fopen(path, "w");
        assert_non_null(f);
        fputs(s->ini, f);
        fclose(f);
        if (fc_rules_load_ini(r, path, &err) != 0)
            fail_msg("%s", err.msg);
    }
    if (s->variant && fc_rules_load_variant_text(r, "scripts/boost.lua", s->variant, &err) != 0)
        fail_msg("%s", err.msg);
    for (int i = 0; s->sets[i]; i++)
        if (fc_rules_set(r, s->sets[i], &err) != 0)
            fail_msg("%s", err.msg);
    if (fc_rules_finish(r, &err) != 0)
        fail_msg("%s", err.msg);
    return r;
}

/* The text of B from A, and the diff in *d (freed by the caller). */
static const char *diff_text(const spec *a, const spec *b, fc_rules_diff *d)
{
    static char text[1024];
    fc_context *ctx = fixture_context();
    fc_rules *ra = build(ctx, a, "a.ini"), *rb = build(ctx, b, "b.ini");
    fc_error err;
    fc_error_clear(&err);
    if (fc_rules_compare(ra, rb, d, &err) != 0)
        fail_msg("%s", err.msg);
    size_t len = fc_rules_diff_text(d, text, sizeof text);
    assert_int_equal(len, strlen(text));
    fc_rules_free(ra);
    fc_rules_free(rb);
    fc_context_free(ctx);
    return text;
}

static void test_set_value(void **state)
{
    (void)state;
    fc_rules_diff d;
    spec a = {0}, b = {.sets = {"goal=30"}};
    assert_string_equal(diff_text(&a, &b, &d), "A with goal 20 -> 30");
    assert_int_equal(d.n, 1);
    assert_string_equal(d.change[0].name, "goal");
    assert_string_equal(d.change[0].a, "20");
    assert_string_equal(d.change[0].b, "30");
    assert_string_equal(d.change[0].origin_a, "default");
    assert_string_equal(d.change[0].origin_b, "--set");
    assert_false(d.variant_differs);
    assert_false(fc_rules_diff_empty(&d));
    fc_rules_diff_free(&d);
    /* several values, in schema order, of every type */
    spec c = {.sets = {"tie_rule=nobody", "goal=30", "start_positions=1,2", "bid_refund=true"}};
    assert_string_equal(diff_text(&a, &c, &d), "A with goal 20 -> 30, bid_refund false -> true, tie_rule clockwise -> "
                                               "nobody, start_positions 0,0,0,0 -> 1,2");
    fc_rules_diff_free(&d);
}

/* The same value from an INI on one side and --set on the other is no difference. */
static void test_same_values(void **state)
{
    (void)state;
    fc_rules_diff d;
    spec a = {.ini = "[ruleset]\nname = default\n[params]\ngoal = 30\n"}, b = {.sets = {"goal=30"}};
    assert_string_equal(diff_text(&a, &b, &d), "A (the same rules, variant and values)");
    assert_int_equal(d.n, 0);
    assert_true(fc_rules_diff_empty(&d));
    fc_rules_diff_free(&d);
}

static void test_variant_added(void **state)
{
    (void)state;
    fc_rules_diff d;
    spec a = {0}, b = {.variant = variant_text};
    assert_string_equal(diff_text(&a, &b, &d),
                        "A + variant boost.lua (hooks move_bonus; parameter bonus=2; sets tokens 10 -> 12)");
    assert_true(d.variant_differs);
    assert_string_equal(d.variant_a, "");
    assert_string_equal(d.variant_b, "boost.lua");
    assert_int_equal(d.hooks_b, 1);
    assert_int_equal(d.n, 2);
    assert_string_equal(d.change[0].origin_b, "boost.lua:3");
    assert_true(d.change[1].variant_param);
    assert_false(d.change[1].in_a);
    fc_rules_diff_free(&d);
    /* with a --set beside it: the value outside the variant's clause */
    spec c = {.variant = variant_text, .sets = {"goal=30"}};
    assert_string_equal(diff_text(&a, &c, &d),
                        "A + variant boost.lua (hooks move_bonus; parameter bonus=2; sets tokens 10 -> 12), with goal "
                        "20 -> 30");
    fc_rules_diff_free(&d);
    /* and removed */
    assert_string_equal(diff_text(&b, &a, &d), "A without variant boost.lua (hooks move_bonus; sets tokens 12 -> 10)");
    fc_rules_diff_free(&d);
}

/* The same variant on both sides: its parameter is an ordinary value. */
static void test_variant_param_set(void **state)
{
    (void)state;
    fc_rules_diff d;
    spec a = {.variant = variant_text}, b = {.variant = variant_text, .sets = {"bonus=5"}};
    assert_string_equal(diff_text(&a, &b, &d), "A with bonus 2 -> 5");
    assert_false(d.variant_differs);
    fc_rules_diff_free(&d);
    /* the variant's text changed: said so */
    static const char other[] = "variant{name = \"boost\", game = \"bidrace\"}\n"
                                "param(\"bonus\", 2, 0, 9, \"extra steps\")\n"
                                "hook(\"move_bonus\", function(seat, roll) return 1 end)\n"
                                "hook(\"on_round_end\", function(round) return 0 end)\n";
    spec c = {.variant = other};
    assert_string_equal(diff_text(&a, &c, &d),
                        "A with variant boost.lua changed (hooks move_bonus, on_round_end; sets tokens 12 -> 10)");
    fc_rules_diff_free(&d);
}

/* Two rule-set files: the keys whose values differ, not the files' lines. */
static void test_two_files(void **state)
{
    (void)state;
    fc_rules_diff d;
    spec a = {.ini = "[ruleset]\nname = std\n[params]\ngoal = 30\ntokens = 12\n"};
    spec b = {.ini = "[ruleset]\nname = alt\n[params]\ntokens = 14\ngoal = 30\ndie_sides = 8\n"};
    assert_string_equal(diff_text(&a, &b, &d), "A with rule set 'std' -> 'alt': tokens 12 -> 14, die_sides 6 -> 8");
    assert_string_equal(d.change[0].origin_a, "a.ini:5");
    assert_string_equal(d.change[0].origin_b, "b.ini:4");
    fc_rules_diff_free(&d);
    spec c = {.ini = "[ruleset]\nname = alt\n[params]\ngoal = 30\ntokens = 12\n"};
    assert_string_equal(diff_text(&a, &c, &d), "A with rule set 'std' -> 'alt' (no value differs)");
    fc_rules_diff_free(&d);
}

static void test_describe_and_errors(void **state)
{
    (void)state;
    fc_context *ctx = fixture_context();
    char text[512];
    spec a = {0}, b = {.variant = variant_text, .sets = {"goal=30"}};
    fc_rules *ra = build(ctx, &a, "a.ini"), *rb = build(ctx, &b, "b.ini");
    fc_rules_describe(ra, text, sizeof text);
    assert_string_equal(text, "rule set 'default', no variant, every parameter at its default");
    fc_rules_describe(rb, text, sizeof text);
    assert_string_equal(text, "rule set 'default', variant boost.lua (hooks move_bonus), goal=30 (--set), tokens=12 "
                              "(boost.lua:3), bonus=2 (default)");
    /* a short buffer: cut with "...", the whole length returned */
    size_t whole = strlen(text);
    char small[16];
    assert_int_equal(fc_rules_describe(rb, small, sizeof small), whole);
    assert_string_equal(small, "rule set 'de...");
    assert_int_equal(fc_rules_describe(NULL, small, sizeof small), 0);
    assert_string_equal(small, "");
    /* an unfinished rule set is refused */
    fc_error err;
    fc_error_clear(&err);
    fc_rules *open = fc_rules_new(ctx, "bidrace", 2, &err);
    fc_rules_diff d;
    assert_int_equal(fc_rules_compare(ra, open, &d, &err), FC_EINVAL);
    assert_string_equal(err.msg, "compare rule sets: a rule set is missing or not finished");
    fc_rules_diff_free(&d);
    /* hook names */
    fc_rules_hook_names(fc_rules_plugin(ra), 3, text, sizeof text);
    assert_string_equal(text, "move_bonus, on_round_end");
    fc_rules_free(open);
    fc_rules_free(ra);
    fc_rules_free(rb);
    fc_context_free(ctx);
}

static int setup(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/fc_rules_diff_XXXXXX");
    return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    char path[128];
    snprintf(path, sizeof path, "%s/a.ini", dir);
    unlink(path);
    snprintf(path, sizeof path, "%s/b.ini", dir);
    unlink(path);
    return rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_set_value),       cmocka_unit_test(test_same_values),
        cmocka_unit_test(test_variant_added),   cmocka_unit_test(test_variant_param_set),
        cmocka_unit_test(test_two_files),       cmocka_unit_test(test_describe_and_errors),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
