/* Records: deterministic text, atomic save, load-and-continue, and an error with the line
 * number for every kind of corruption (docs/record-format.md). */
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


/* Parses text and expects success with the same final state as f->m. */
static void expect_same(fx *f, const char *what, const char *text)
{
    fc_rules *r;
    fc_match *m;
    fc_error err;
    if (fc_record_parse(f->ctx, "le.fcr", text, &r, &m, NULL, &err) != 0)
        fail_msg("%s: %s", what, err.msg);
    assert_true(fc_match_state_hash(m) == fc_match_state_hash(f->m));
    fc_match_free(m);
    fc_rules_free(r);
}

/* Every line ending a record may arrive with: "\n", "\r\n", a bare "\r", none at the end, and a
 * final "\r" without "\n" (which used to make the reader loop forever). */
static void test_line_endings(void **state)
{
    fx *f = *state;
    size_t len = strlen(f->text);
    char *t = malloc(2 * len + 4);
    /* \r\n everywhere */
    size_t n = 0;
    for (size_t i = 0; i < len; i++) {
        if (f->text[i] == '\n')
            t[n++] = '\r';
        t[n++] = f->text[i];
    }
    t[n] = '\0';
    expect_same(f, "CRLF", t);
    /* \r\n everywhere, the last line without its \n: ends in a bare \r */
    t[n - 1] = '\0';
    expect_same(f, "CRLF, final CR", t);
    /* \n, the last line without its newline */
    memcpy(t, f->text, len + 1);
    t[len - 1] = '\0';
    expect_same(f, "no final newline", t);
    /* \n, the last newline replaced by \r */
    t[len - 1] = '\r';
    expect_same(f, "final CR", t);
    /* an extra line holding only \r, or \r\r, at the end */
    memcpy(t, f->text, len);
    strcpy(t + len, "\r");
    expect_same(f, "trailing CR line", t);
    strcpy(t + len, "\r\r\n\r");
    expect_same(f, "trailing CR CRLF CR lines", t);
    /* a bare CR ends a line too (old Mac text): the whole record that way */
    for (size_t i = 0; i < len; i++)
        t[i] = f->text[i] == '\n' ? '\r' : f->text[i];
    t[len] = '\0';
    expect_same(f, "CR only", t);
    free(t);
}

/* A record truncated right after a decision line ending in \r (no newline) is refused with its
 * line number: the first shape of the hang. */
static void test_truncated_at_cr(void **state)
{
    fx *f = *state;
    const char *d = strstr(f->text, "decisions\n") + 10;
    size_t pre = (size_t)(strchr(d, '\n') - f->text);
    char *t = malloc(pre + 2);
    memcpy(t, f->text, pre);
    t[pre] = '\r';
    t[pre + 1] = '\0';
    fc_rules *r;
    fc_match *m;
    fc_error err;
    assert_int_equal(fc_record_parse(f->ctx, "cr.fcr", t, &r, &m, NULL, &err), FC_ERECORD);
    char want[64];
    snprintf(want, sizeof want, "cr.fcr:%d: no 'end' line", line_of(f->text, "decisions\n") + 1);
    assert_non_null(strstr(err.msg, want));
    free(t);
}

static void test_long_lines_and_nul(void **state)
{
    fx *f = *state;
    enum { BIG = 1 << 20 };
    size_t len = strlen(f->text);
    char *t = malloc(len + BIG + 64);
    /* a 1 MiB comment line in the header is skipped like any comment */
    const char *at = strstr(f->text, "seed ");
    size_t pre = (size_t)(at - f->text);
    memcpy(t, f->text, pre);
    t[pre] = '#';
    memset(t + pre + 1, 'x', BIG);
    t[pre + 1 + BIG] = '\n';
    strcpy(t + pre + 2 + BIG, at);
    expect_same(f, "long comment", t);
    /* a 1 MiB decision is refused with its line, and the message stays one bounded line */
    const char *d = strstr(f->text, "decisions\n") + 10;
    pre = (size_t)(d - f->text);
    memcpy(t, f->text, pre);
    memcpy(t + pre, "1 bid ", 6);
    memset(t + pre + 6, '9', BIG);
    strcpy(t + pre + 6 + BIG, strchr(d, '\n'));
    fc_rules *r;
    fc_match *m;
    fc_error err;
    assert_int_equal(fc_record_parse(f->ctx, "big.fcr", t, &r, &m, NULL, &err), FC_ERECORD);
    char want[64];
    snprintf(want, sizeof want, "big.fcr:%d:", line_of(f->text, "decisions\n") + 1);
    assert_non_null(strstr(err.msg, want));
    assert_true(strlen(err.msg) < FC_ERROR_MSG_MAX);
    free(t);
    /* a NUL byte makes the file not a record */
    char dir[] = "/tmp/fcnulXXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[64];
    snprintf(path, sizeof path, "%s/nul.fcr", dir);
    FILE *fp = fopen(path, "wb");
    fwrite(f->text, 1, 30, fp);
    fputc('\0', fp);
    fputs(f->text + 30, fp);
    fclose(fp);
    assert_int_equal(fc_record_load(f->ctx, path, &r, &m, NULL, &err), FC_ERECORD);
    assert_non_null(strstr(err.msg, "contains a NUL byte"));
    unlink(path);
    rmdir(dir);
}

/* Every header field that may appear once is refused the second time, with both lines. */
static void test_duplicate_header_lines(void **state)
{
    fx *f = *state;
    char tag[96];
    int seed = line_of(f->text, "\nseed 4242") + 1;
    snprintf(tag, sizeof tag, "bad.fcr:%d: duplicate 'seed' line (first on line %d)", seed + 1, seed);
    expect_corrupt(f, "\nseed 4242\n", "\nseed 4242\nseed 7\n", tag);
    int goal = line_of(f->text, "param goal 12");
    snprintf(tag, sizeof tag, "bad.fcr:%d: duplicate 'param goal' line (first on line %d)", goal + 1, goal);
    expect_corrupt(f, "param goal 12\n", "param goal 12\nparam goal 13\n", tag);
    /* the same value twice is still refused: one line per parameter */
    expect_corrupt(f, "param goal 12\n", "param goal 12\nparam  goal 12\n", tag);
    expect_corrupt(f, "seats 2\n", "seats 2\nseats 2\n", "bad.fcr:5: duplicate 'seats' line (first on line 4)");
    expect_corrupt(f, "\ngame bidrace", "\ngame bidrace 1.0.0\ngame bidrace", "bad.fcr:3: duplicate 'game' line");
    expect_corrupt(f, "\nruleset ", "\nruleset other\nruleset ", "duplicate 'ruleset' line");
    expect_corrupt(f, "agent 2 human\n", "agent 2 human\nagent 2 random\n", "duplicate 'agent 2' line");
    expect_corrupt(f, "agent 2 human\n", "agent 2 human\nagent 3 random\n", "agent for seat 3, but the record has 2 seats");
    expect_corrupt(f, "variant none\n", "variant none\nvariant none\n", "duplicate 'variant' line");
}

/* Metadata lines (an imported game's players, result, source): written in order, read back,
 * a key once, keys one word; a record without them is unchanged. */
static void test_meta_lines(void **state)
{
    fx *f = *state;
    assert_null(strstr(f->text, "\nmeta "));
    fc_record_meta meta;
    memset(&meta, 0, sizeof meta);
    assert_int_equal(fc_record_meta_set(&meta, "white", "Ann \x1b[31mB"), 0);
    assert_int_equal(fc_record_meta_set(&meta, "import_line", "40"), 0);
    assert_int_equal(fc_record_meta_set(&meta, "white", "Ann B"), 0); /* replaced */
    assert_int_equal(fc_record_meta_set(&meta, "two words", "x"), FC_EINVAL);
    char *text = NULL;
    fc_error err;
    assert_int_equal(fc_record_format_meta(f->m, &seats, &meta, &text, &err), 0);
    assert_non_null(strstr(text, "\nmeta white Ann B\nmeta import_line 40\nseed 4242\n"));
    fc_rules *r = NULL;
    fc_match *m = NULL;
    fc_record_info *info = calloc(1, sizeof *info);
    if (fc_record_parse(f->ctx, "meta.fcr", text, &r, &m, info, &err) != 0)
        fail_msg("%s", err.msg);
    assert_int_equal(info->meta.n, 2);
    assert_string_equal(fc_record_meta_get(&info->meta, "import_line"), "40");
    fc_match_free(m);
    fc_rules_free(r);
    free(info);
    free(text);
    expect_corrupt(f, "seed 4242\n", "meta a 1\nmeta a 2\nseed 4242\n", "duplicate 'meta a' line");
    expect_corrupt(f, "seed 4242\n", "meta a/b 1\nseed 4242\n", "meta key 'a/b' is not one word");
    expect_corrupt(f, "seed 4242\n", "meta\nseed 4242\n", "expected 'meta KEY VALUE'");
}

/* Lines printed back (agent labels, names) must not carry terminal escapes. */
static void test_control_characters(void **state)
{
    fx *f = *state;
    expect_corrupt(f, "agent 2 human", "agent 2 hu\x1b]0;x\x07man", "bad.fcr:6: control character 0x1b in the line");
    expect_corrupt(f, "\nend\n", "\nend\x7f\n", "control character 0x7f");
    char tag[64];
    snprintf(tag, sizeof tag, "bad.fcr:%d: control character 0x01", line_of(f->text, "param goal"));
    expect_corrupt(f, "param goal 12", "param goal 1\0012", tag);
    /* what the writer gets is written so that it reads back: labels and names lose control
     * characters, a variant name its spaces (the name is one word in the record) */
    fc_error err;
    fc_rules *r = fc_rules_new(f->ctx, "bidrace", 2, &err);
    assert_int_equal(fc_rules_load_variant_text(r, "v.lua", "variant{name='two words', description='d', game='bidrace'}\n", &err), 0);
    assert_int_equal(fc_rules_finish(r, &err), 0);
    fc_match *m = fc_match_new(r, 1, &err);
    const fc_record_seats odd = {{"ran\x1b[31mdom", "hu\tman"}};
    char *text;
    assert_int_equal(fc_record_format(m, &odd, &text, &err), 0);
    assert_non_null(strstr(text, "\nagent 1 ran_[31mdom\nagent 2 hu\tman\n"));
    assert_non_null(strstr(text, "\nvariant two_words "));
    fc_rules *r2;
    fc_match *m2;
    if (fc_record_parse(f->ctx, "c.fcr", text, &r2, &m2, NULL, &err) != 0)
        fail_msg("%s", err.msg);
    fc_match_free(m2);
    fc_rules_free(r2);
    free(text);
    fc_match_free(m);
    fc_rules_free(r);
}

/* Variant texts with CRLF, a lone CR or no final newline replay: the rule set keeps them in
 * the canonical line form the record gives back byte for byte. */
static void test_variant_text_round_trips(void **state)
{
    fx *f = *state;
    static const char *const texts[] = {
        "variant{name='v', description='d', game='bidrace'}\r\nset('goal', 14)\r\n",
        "variant{name='v', description='d', game='bidrace'}\nset('goal', 14)",
        "variant{name='v', description='d', game='bidrace'}\nset('goal', 14)\r",
        "variant{name='v', description='d', game='bidrace'}\n-- a\r-- b\r\r\nset('goal', 14)\n\n\n",
    };
    for (size_t k = 0; k < sizeof texts / sizeof texts[0]; k++) {
        fc_error err;
        fc_rules *r = fc_rules_new(f->ctx, "bidrace", 2, &err);
        assert_non_null(r);
        if (fc_rules_load_variant_text(r, "v.lua", texts[k], &err) != 0 || fc_rules_finish(r, &err) != 0)
            fail_msg("text %zu: %s", k, err.msg);
        fc_match *m = fc_match_new(r, 5, &err);
        fc_rng rng;
        fc_rng_seed(&rng, 3, 0);
        for (int i = 0; i < 9; i++)
            fixture_step(m, &rng);
        char *text;
        assert_int_equal(fc_record_format(m, NULL, &text, &err), 0);
        fc_rules *r2;
        fc_match *m2;
        if (fc_record_parse(f->ctx, "v.fcr", text, &r2, &m2, NULL, &err) != 0)
            fail_msg("text %zu: %s", k, err.msg);
        assert_true(fc_rules_variant_hash(r2) == fc_rules_variant_hash(r));
        assert_true(fc_match_state_hash(m2) == fc_match_state_hash(m));
        fc_match_free(m2);
        fc_rules_free(r2);
        free(text);
        fc_match_free(m);
        fc_rules_free(r);
    }
}

/* A PATH parameter naming a file: the rule set reads it, the record embeds its text and
 * refuses to replay without it (a record never names a file to open). */
static void test_path_file_embedded(void **state)
{
    fx *f = *state;
    char dir[] = "/tmp/fcpathXXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[96], set[128];
    snprintf(path, sizeof path, "%s/track.csv", dir);
    FILE *fp = fopen(path, "w");
    fputs("pos,bonus\r\n3,2\r\n5,-1", fp); /* CRLF and no final newline */
    fclose(fp);
    snprintf(set, sizeof set, "track=%s", path);
    const char *sets[] = {set, NULL};
    fc_rules *r = fixture_rules(f->ctx, 2, sets);
    fc_error err;
    int ti = fc_param_find(fc_rules_plugin(r)->params, fc_rules_plugin(r)->nparams, "track");
    assert_string_equal(fc_rules_path_text(r, ti), "pos,bonus\n3,2\n5,-1\n");
    fc_match *m = fc_match_new(r, 5, &err);
    char *text;
    assert_int_equal(fc_record_format(m, NULL, &text, &err), 0);
    char block[160];
    snprintf(block, sizeof block, "\nfile track %016llx\n| pos,bonus\n| 3,2\n| 5,-1\nfile-end\n",
             (unsigned long long)fc_hash64("pos,bonus\n3,2\n5,-1\n", 19, 0));
    if (!strstr(text, block))
        fail_msg("no embedded file in:\n%s", text);
    /* the record replays without the file: the game parses the embedded text */
    unlink(path);
    fc_rules *r2;
    fc_match *m2;
    if (fc_record_parse(f->ctx, "p.fcr", text, &r2, &m2, NULL, &err) != 0)
        fail_msg("%s", err.msg);
    assert_string_equal(fc_rules_path_text(r2, ti), fc_rules_path_text(r, ti));
    assert_true(fc_match_state_hash(m2) == fc_match_state_hash(m));
    fc_match_free(m2);
    fc_rules_free(r2);
    /* refusals, each naming its line */
    fx g = *f;
    g.text = text;
    char tag[256];
    snprintf(tag, sizeof tag, "bad.fcr:%d: param track names the file '%s' but its text is not embedded",
             line_of(text, "param track"), path);
    expect_corrupt(&g, "\nfile track ", "\nfile-not track ", "unknown header line 'file-not'");
    char *cut = strdup(text);
    char *b = strstr(cut, "\nfile track ");
    char *e = strstr(cut, "file-end\n");
    memmove(b + 1, e + 9, strlen(e + 9) + 1);
    g.text = cut;
    expect_corrupt(&g, "decisions\n", "decisions\n", tag);
    g.text = text;
    expect_corrupt(&g, "| 3,2\n", "| 3,3\n", "text of file track does not match its recorded hash");
    expect_corrupt(&g, "\nfile track ", "\nfile goal ", "'file goal': bidrace has no file parameter of that name");
    expect_corrupt(&g, "\nfile-end\n", "\n", "expected '| ' text or 'file-end'");
    expect_corrupt(&g, "\nfile-end\n", "\nfile-end\nfile track 0000000000000000\nfile-end\n", "duplicate 'file track'");
    expect_corrupt(&g, "\nfile track ", "\nfile track zz", "expected 'file PARAM HASH'");
    free(cut);
    free(text);
    fc_match_free(m);
    fc_rules_free(r);
    rmdir(dir);
}

/* A variant's declared parameter: written as a param line after the game's, read back after
 * the variant is loaded, replayed exactly, and the record gives back the same bytes. */
static char *boost_record(fx *f, const char *set, uint64_t *hash)
{
    static const char text[] = "variant{name='boost', description='d', game='bidrace'}\n"
                               "param('boost', 2, 0, 9, 'extra steps for the winner')\n"
                               "hook('move_bonus', function(seat, roll) return params.boost end)\n";
    fc_error err;
    fc_rules *r = fc_rules_new(f->ctx, "bidrace", 2, &err);
    assert_non_null(r);
    if (fc_rules_set(r, set, &err) != 0 || fc_rules_load_variant_text(r, "boost.lua", text, &err) != 0 ||
        fc_rules_finish(r, &err) != 0)
        fail_msg("%s", err.msg);
    fc_match *m = fc_match_new(r, 77, &err);
    assert_non_null(m);
    fc_rng rng;
    fc_rng_seed(&rng, 5, 0);
    while (fixture_step(m, &rng) == 0)
        ;
    *hash = fc_match_state_hash(m);
    char *rec;
    assert_int_equal(fc_record_format(m, &seats, &rec, &err), 0);
    fc_match_free(m);
    fc_rules_free(r);
    return rec;
}

static void test_variant_param_round_trips(void **state)
{
    fx *f = *state;
    uint64_t h7, h0;
    char *rec = boost_record(f, "boost=7", &h7);
    char *rec0 = boost_record(f, "boost=0", &h0);
    assert_true(h7 != h0); /* the knob reaches the hook */
    assert_non_null(strstr(rec, "\nparam track track.csv\nparam boost 7\nvariant boost "));
    fc_rules *r;
    fc_match *m;
    fc_error err;
    if (fc_record_parse(f->ctx, "b.fcr", rec, &r, &m, NULL, &err) != 0)
        fail_msg("%s", err.msg);
    assert_int_equal(fc_rules_param_count(r), fc_rules_plugin(r)->nparams + 1);
    assert_int_equal(fc_rules_values(r)[fc_rules_plugin(r)->nparams].i, 7);
    assert_true(fc_match_state_hash(m) == h7);
    char *again;
    assert_int_equal(fc_record_format(m, &seats, &again, &err), 0);
    assert_string_equal(again, rec);
    free(again);
    fc_match_free(m);
    fc_rules_free(r);

    /* a recorded value out of the declared range, or an undeclared name: the record's line */
    char *bad = strdup(rec);
    char *at = strstr(bad, "param boost 7");
    at[12] = 'x';
    int line = 1;
    for (const char *p = bad; p < at; p++)
        line += *p == '\n';
    assert_true(fc_record_parse(f->ctx, "b.fcr", bad, &r, &m, NULL, &err) < 0);
    char want[256];
    snprintf(want, sizeof want, "b.fcr:%d: --set: boost: expected an integer, found 'x'", line);
    assert_string_equal(err.msg, want);
    memcpy(at, "param boots 7", 13);
    assert_true(fc_record_parse(f->ctx, "b.fcr", bad, &r, &m, NULL, &err) < 0);
    snprintf(want, sizeof want,
             "b.fcr:%d: unknown parameter 'boots' (not a parameter of bidrace or of the variant boost)", line);
    assert_string_equal(err.msg, want);
    free(bad);
    free(rec);
    free(rec0);
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
        cmocka_unit_test(test_line_endings),
        cmocka_unit_test(test_truncated_at_cr),
        cmocka_unit_test(test_long_lines_and_nul),
        cmocka_unit_test(test_duplicate_header_lines),
        cmocka_unit_test(test_meta_lines),
        cmocka_unit_test(test_control_characters),
        cmocka_unit_test(test_variant_text_round_trips),
        cmocka_unit_test(test_path_file_embedded),
        cmocka_unit_test(test_variant_param_round_trips),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
