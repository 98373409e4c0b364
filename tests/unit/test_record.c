/* Records: deterministic text, atomic save, load-and-continue, and an error with the line
 * number for every kind of corruption (docs/record-format.md). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "fixture.h"
#include "formicary/record.h"

typedef struct fx {
    fc_context *ctx;
    fc_rules *rules;
    fc_match *m;   /* a finished game */
    char *text;    /* its record */
} fx;

static const fc_record_seats seats = {{"random", "human"}};

static int setup(void **state)
{
    fx *f = calloc(1, sizeof *f);
    f->ctx = fixture_context();
    const char *sets[] = {"goal=12", NULL};
    f->rules = fixture_rules(f->ctx, 2, sets);
    fc_error err;
    f->m = fc_match_new(f->rules, 4242, &err);
    fc_rng rng;
    fc_rng_seed(&rng, 8, 0);
    while (fixture_step(f->m, &rng) == 0)
        ;
    if (fc_record_format(f->m, &seats, &f->text, &err) != 0)
        return -1;
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fx *f = *state;
    free(f->text);
    fc_match_free(f->m);
    fc_rules_free(f->rules);
    fc_context_free(f->ctx);
    free(f);
    return 0;
}

static void test_format_header_and_result(void **state)
{
    fx *f = *state;
    assert_true(strncmp(f->text, "formicary-record 1\ngame bidrace ", 32) == 0);
    assert_non_null(strstr(f->text, "\nseats 2\nagent 1 random\nagent 2 human\nseed 4242\n"));
    assert_non_null(strstr(f->text, "\nparam goal 12\n"));
    assert_non_null(strstr(f->text, "\nparam tie_rule clockwise\n"));
    assert_non_null(strstr(f->text, "\nvariant none\ndecisions\n"));
    assert_non_null(strstr(f->text, "\nchance roll "));
    assert_non_null(strstr(f->text, "\nend\nresult scores "));
}

static void test_parse_replays_to_same_state_and_bytes(void **state)
{
    fx *f = *state;
    fc_rules *r;
    fc_match *m;
    fc_record_info info;
    fc_error err;
    assert_int_equal(fc_record_parse(f->ctx, "t.fcr", f->text, &r, &m, &info, &err), 0);
    assert_int_equal(fc_match_ply(m), fc_match_ply(f->m));
    assert_true(fc_match_state_hash(m) == fc_match_state_hash(f->m));
    assert_int_equal(info.nseats, 2);
    assert_string_equal(info.agent[1], "human");
    assert_true(info.finished);
    assert_string_equal(fc_rules_name(r), fc_rules_name(f->rules));
    assert_int_equal(info.decisions, fc_match_ply(f->m));
    char *again;
    assert_int_equal(fc_record_format(m, &seats, &again, &err), 0);
    assert_string_equal(again, f->text);
    free(again);
    fc_match_free(m);
    fc_rules_free(r);
}

static void test_save_is_atomic_and_loads(void **state)
{
    fx *f = *state;
    char dir[] = "/tmp/fcrecXXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[128];
    snprintf(path, sizeof path, "%s/game.fcr", dir);
    fc_error err;
    assert_int_equal(fc_record_save(f->m, &seats, path, &err), 0);
    /* Nothing but the record is left in the directory (the temporary file was renamed). */
    char cmd[200];
    snprintf(cmd, sizeof cmd, "test $(ls -A %s | wc -l) -eq 1", dir);
    assert_int_equal(system(cmd), 0);
    fc_rules *r;
    fc_match *m;
    assert_int_equal(fc_record_load(f->ctx, path, &r, &m, NULL, &err), 0);
    assert_true(fc_match_state_hash(m) == fc_match_state_hash(f->m));
    fc_match_free(m);
    fc_rules_free(r);
    unlink(path);
    rmdir(dir);
    assert_int_equal(fc_record_load(f->ctx, path, &r, &m, NULL, &err), FC_EIO);
    assert_non_null(strstr(err.msg, "game.fcr"));
}

static void test_unfinished_record_continues(void **state)
{
    fx *f = *state;
    fc_error err;
    fc_match *m = fc_match_new(f->rules, 99, &err);
    fc_rng rng;
    fc_rng_seed(&rng, 1, 0);
    for (int i = 0; i < 7; i++)
        fixture_step(m, &rng);
    char *text;
    assert_int_equal(fc_record_format(m, NULL, &text, &err), 0);
    assert_null(strstr(text, "result"));
    fc_rules *r2;
    fc_match *m2;
    fc_record_info info;
    assert_int_equal(fc_record_parse(f->ctx, "u.fcr", text, &r2, &m2, &info, &err), 0);
    assert_false(info.finished);
    assert_int_equal(fc_match_ply(m2), 7);
    assert_true(fc_match_to_move(m2) != FC_NOBODY);
    /* Continue both the same way: they stay identical. */
    fc_rng a, b;
    fc_rng_seed(&a, 5, 0);
    b = a;
    while (fixture_step(m, &a) == 0)
        assert_int_equal(fixture_step(m2, &b), 0);
    assert_true(fc_match_state_hash(m) == fc_match_state_hash(m2));
    free(text);
    fc_match_free(m2);
    fc_rules_free(r2);
    fc_match_free(m);
}

/* Replaces the first occurrence of `from` by `to` and expects an error naming `line_tag`. */
static void expect_corrupt(fx *f, const char *from, const char *to, const char *needle)
{
    char *p = strstr(f->text, from);
    if (!p)
        fail_msg("pattern '%s' not in record", from);
    size_t len = strlen(f->text) + strlen(to) + 1;
    char *bad = malloc(len);
    size_t pre = (size_t)(p - f->text);
    memcpy(bad, f->text, pre);
    strcpy(bad + pre, to);
    strcat(bad, p + strlen(from));
    fc_rules *r = (fc_rules *)1;
    fc_match *m = (fc_match *)1;
    fc_error err;
    int rc = fc_record_parse(f->ctx, "bad.fcr", bad, &r, &m, NULL, &err);
    if (rc == 0 || !strstr(err.msg, needle))
        fail_msg("replacing '%s' by '%s': rc %d, message '%s', expected '%s'", from, to, rc, rc ? err.msg : "",
                 needle);
    assert_null(r);
    assert_null(m);
    free(bad);
}

/* Line of the first occurrence of s in text. */
static int line_of(const char *text, const char *s)
{
    const char *p = strstr(text, s);
    int line = 1;
    for (const char *q = text; q < p; q++)
        line += *q == '\n';
    return line;
}

static void test_corruptions_name_the_line(void **state)
{
    fx *f = *state;
    char tag[64];
    expect_corrupt(f, "formicary-record 1", "formicary-recorx 1", "bad.fcr:1: not a Formicary record");
    expect_corrupt(f, "formicary-record 1", "formicary-record 7", "bad.fcr:1: record version 7");
    expect_corrupt(f, "game bidrace", "game nosuchgame", "unknown game 'nosuchgame'");
    expect_corrupt(f, "seats 2", "seats 9", "bad.fcr:4: expected 'seats N' with N in 1..8");
    expect_corrupt(f, "seats 2", "seats 5", "bad.fcr:4: bidrace takes 2-4 seats, got 5");
    expect_corrupt(f, "game bidrace 1.0.0", "game bidrace 0.9", "bad.fcr:2: recorded with bidrace 0.9");
    snprintf(tag, sizeof tag, "bad.fcr:%d:", line_of(f->text, "param goal 12"));
    expect_corrupt(f, "param goal 12", "param goal 1000", tag);
    expect_corrupt(f, "param goal 12", "param gaol 12", "gaol");
    expect_corrupt(f, "\nseed 4242", "\nseed -1", "seed");
    expect_corrupt(f, "\nseed 4242", "\nsalt 4242", "unknown header line 'salt'");
    /* The first decision line: a bid that is out of range. */
    const char *d = strstr(f->text, "decisions\n") + 10;
    char first[64];
    snprintf(first, sizeof first, "%.*s", (int)(strchr(d, '\n') - d), d);
    snprintf(tag, sizeof tag, "bad.fcr:%d: illegal decision 'bid 99'", line_of(f->text, "decisions\n") + 1);
    char seat_part[16];
    snprintf(seat_part, sizeof seat_part, "%c bid 99", first[0]);
    expect_corrupt(f, first, seat_part, tag);
    /* Same decision recorded for the wrong seat. */
    char wrong[64];
    snprintf(wrong, sizeof wrong, "%c%s", first[0] == '1' ? '2' : '1', first + 1);
    snprintf(tag, sizeof tag, "bad.fcr:%d: recorded for seat", line_of(f->text, "decisions\n") + 1);
    expect_corrupt(f, first, wrong, tag);
    expect_corrupt(f, "\nend\nresult", "\n# result", "no 'end' line");
    expect_corrupt(f, "result scores ", "result scores 1", "but the replay gives");
    expect_corrupt(f, "\nchance roll ", "\nchance dance ", "cannot read decision 'dance");
}

static void test_record_of_empty_and_binary_text(void **state)
{
    fx *f = *state;
    fc_rules *r;
    fc_match *m;
    fc_error err;
    assert_int_equal(fc_record_parse(f->ctx, "e.fcr", "", &r, &m, NULL, &err), FC_ERECORD);
    assert_non_null(strstr(err.msg, "e.fcr:1:"));
    assert_int_equal(fc_record_parse(f->ctx, "e.fcr", "formicary-record 1\ngame bidrace 1\n", &r, &m, NULL, &err),
                     FC_ERECORD);
    assert_non_null(strstr(err.msg, "truncated"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_format_header_and_result),
        cmocka_unit_test(test_parse_replays_to_same_state_and_bytes),
        cmocka_unit_test(test_save_is_atomic_and_loads),
        cmocka_unit_test(test_unfinished_record_continues),
        cmocka_unit_test(test_corruptions_name_the_line),
        cmocka_unit_test(test_record_of_empty_and_binary_text),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
