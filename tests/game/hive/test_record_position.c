/* Records of matches that start from a position (docs/record-format.md): the position's text
 * is embedded and the record round-trips byte for byte and replays exactly; a corrupt position
 * block is refused with the record's line; clones, undo and transcripts keep the position. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "formicary/record.h"
#include "formicary/rng.h"
#include "hv_fixture.h"

static const fc_record_seats seats = {{"random", "human"}};

/* Plays up to n random decisions (fewer when the game ends). */
static void play_random(fc_match *m, fc_rng *rng, int n)
{
    for (int i = 0; i < n && fc_match_to_move(m) != FC_NOBODY; i++) {
        const fc_decision *d;
        int k = fc_match_legal(m, &d, NULL);
        fc_error err;
        assert_true(k > 0);
        assert_int_equal(fc_match_play(m, d[fc_rng_below(rng, (uint32_t)k)], &err), 0);
    }
}

/* A position text of a game some random decisions in. */
static char *position_after(hfx *f, uint64_t seed, int plies)
{
    fc_error err;
    fc_match *m = fc_match_new(f->rules, seed, &err);
    assert_non_null(m);
    fc_rng rng;
    fc_rng_seed(&rng, seed, 1);
    play_random(m, &rng, plies);
    char *text = malloc(FC_POSITION_MAX);
    assert_non_null(text);
    assert_true(fc_match_position_write(m, text, FC_POSITION_MAX, &err) > 0);
    fc_match_free(m);
    return text;
}

/* format -> parse -> format gives the same bytes, and the parsed match is the same match. */
static void round_trip(hfx *f, fc_match *m)
{
    fc_error err;
    char *a = NULL, *b = NULL;
    assert_int_equal(fc_record_format(m, &seats, &a, &err), 0);
    assert_non_null(strstr(a, "\nvariant none\nposition\n| "));
    fc_rules *r2 = NULL;
    fc_match *m2 = NULL;
    fc_record_info info;
    if (fc_record_parse(f->ctx, "pos.fcr", a, &r2, &m2, &info, &err) != 0)
        fail_msg("%s\n%s", err.msg, a);
    assert_int_equal(info.decisions, fc_match_ply(m));
    assert_int_equal(info.finished, fc_match_to_move(m) == FC_NOBODY);
    assert_int_equal(fc_match_state_hash(m2), fc_match_state_hash(m));
    assert_non_null(fc_match_position(m2));
    assert_int_equal(fc_record_format(m2, &seats, &b, &err), 0);
    assert_string_equal(a, b);
    /* the loaded match undoes back to the position: the same state as the original's start */
    fc_match *start = fc_match_new_at_start(m, &err);
    assert_non_null(start);
    while (fc_match_ply(m2) > 0)
        assert_int_equal(fc_match_undo(m2, &err), 0);
    assert_int_equal(fc_match_state_hash(m2), fc_match_state_hash(start));
    fc_match_free(start);
    free(a);
    free(b);
    fc_match_free(m2);
    fc_rules_free(r2);
}

/* Games from positions of several depths, finished and not, round-trip and replay exactly; so
 * does a position given with "\r\n" line ends and no final line end (the record keeps its
 * canonical line form) and one given as a UHP GameString. */
static void test_round_trip(void **state)
{
    (void)state;
    hfx f;
    hfx_open(&f, "Base+MLP", NULL);
    int games = hfx_slow() ? 4 : 24;
    for (int g = 0; g < games; g++) {
        char *pos = position_after(&f, 100u + (uint64_t)g, 2 + 3 * g);
        fc_error err;
        fc_match *m = fc_match_new_from_position(f.rules, 7u + (uint64_t)g, pos, &err);
        if (!m)
            fail_msg("%s\n%s", err.msg, pos);
        fc_rng rng;
        fc_rng_seed(&rng, (uint64_t)g, 2);
        play_random(m, &rng, g % 3 == 0 ? 1000 : 5 + g);
        round_trip(&f, m);
        fc_match_free(m);
        free(pos);
    }
    const char *crlf = "position hive\r\nseats 2\r\nturn Black[1]\r\nhand white wQ wS2 wB1 wB2 wG1 wG2 wG3 wA1 wA2 "
                       "wA3 wM wL wP\r\nhand black bQ bS1 bS2 bB1 bB2 bG1 bG2 bG3 bA1 bA2 bA3 bM bL bP\r\n\r\ncell 0,0 "
                       "wS1";
    fc_error err;
    fc_match *m = fc_match_new_from_position(f.rules, 3, crlf, &err);
    if (!m)
        fail_msg("%s", err.msg);
    assert_int_equal(fc_match_play_text(m, "bQ wS1-", &err), FC_EILLEGAL); /* H-06: tournament opening */
    assert_int_equal(fc_match_play_text(m, "bA1 wS1-", &err), 0);
    round_trip(&f, m);
    fc_match_free(m);
    m = fc_match_new_from_position(f.rules, 3, "Base+MLP;InProgress;White[2];wS1;bG1 -wS1", &err);
    assert_non_null(m);
    assert_int_equal(fc_match_play_text(m, "wQ wS1/", &err), 0);
    round_trip(&f, m);
    char *text = NULL;
    assert_int_equal(fc_record_format(m, &seats, &text, &err), 0);
    assert_non_null(strstr(text, "\nposition\n| Base+MLP;InProgress;White[2];wS1;bG1 -wS1\nposition-end\n"
                                 "decisions\n1 wQ wS1/\nend\n"));
    free(text);
    fc_match_free(m);
    hfx_close(&f);
}

/* The 1-based line of text where `needle` starts. */
static int line_of(const char *text, const char *needle)
{
    const char *at = strstr(text, needle);
    assert_non_null(at);
    int line = 1;
    for (const char *p = text; p < at; p++)
        line += *p == '\n';
    return line;
}

/* text with the first `from` replaced by `to` (malloc'd). */
static char *replaced(const char *text, const char *from, const char *to)
{
    const char *at = strstr(text, from);
    assert_non_null(at);
    size_t n = strlen(text) - strlen(from) + strlen(to) + 1;
    char *out = malloc(n);
    assert_non_null(out);
    snprintf(out, n, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
    return out;
}

static void expect_error(hfx *f, const char *text, const char *want)
{
    fc_rules *r = NULL;
    fc_match *m = NULL;
    fc_error err;
    fc_error_clear(&err);
    if (fc_record_parse(f->ctx, "pos.fcr", text, &r, &m, NULL, &err) == 0)
        fail_msg("accepted; expected '%s'", want);
    assert_null(m);
    assert_null(r);
    if (strcmp(err.msg, want) != 0)
        fail_msg("expected '%s', got '%s'", want, err.msg);
}

/* A corrupt position block: the error names the record's line. */
static void test_corrupt_position_block(void **state)
{
    (void)state;
    hfx f;
    hfx_open(&f, "Base", NULL);
    fc_error err;
    fc_match *m = fc_match_new_from_position(f.rules, 1, "Base;InProgress;White[2];wS1;bS1 wS1-", &err);
    assert_non_null(m);
    assert_int_equal(fc_match_play_text(m, "wQ -wS1", &err), 0);
    char pos[4096];
    assert_true(fc_match_position_write(m, pos, sizeof pos, &err) > 0);
    fc_match_free(m);
    m = fc_match_new_from_position(f.rules, 1, pos, &err);
    assert_int_equal(fc_match_play_text(m, "bQ bS1-", &err), 0);
    char *text = NULL;
    assert_int_equal(fc_record_format(m, &seats, &text, &err), 0);
    fc_match_free(m);
    char want[512], *bad;
    int opener = line_of(text, "\nposition\n") + 1;

    /* the game refuses a line of the position: the record's line of that position line */
    bad = replaced(text, "| cell 0,0 wS1\n", "| cell 0,0 wZ1\n");
    snprintf(want, sizeof want, "pos.fcr:%d: starting position: hive: unknown piece 'wZ1' (pieces are written wQ, bS1, "
             "wB2, bG3, wA1, bM, wL, bP)", line_of(bad, "| cell 0,0 wZ1"));
    expect_error(&f, bad, want);
    free(bad);
    /* the game's check refuses it: the line of 'position' */
    bad = replaced(text, "| cell 1,0 bS1\n", "| cell 3,0 bS1\n");
    snprintf(want, sizeof want, "pos.fcr:%d: starting position: hive: the position fails the game's check: the hive "
             "is split: 2 of 3 cells connected (H-08)", opener);
    expect_error(&f, bad, want);
    free(bad);
    /* no 'position-end' before 'decisions', and none before the end of the text */
    bad = replaced(text, "position-end\n", "");
    snprintf(want, sizeof want, "pos.fcr:%d: expected '| ' text or 'position-end'", line_of(bad, "\ndecisions\n") + 1);
    expect_error(&f, bad, want);
    bad[strstr(bad, "| hand white") - bad] = '\0';
    snprintf(want, sizeof want, "pos.fcr:%d: text of 'position' without 'position-end'", opener);
    expect_error(&f, bad, want);
    free(bad);
    /* two positions; 'position' with an argument; a block past 64 KiB */
    bad = replaced(text, "decisions\n", "position\n| x\nposition-end\ndecisions\n");
    snprintf(want, sizeof want, "pos.fcr:%d: duplicate 'position' line (first on line %d)",
             line_of(bad, "position-end\nposition\n") + 1, opener);
    expect_error(&f, bad, want);
    free(bad);
    bad = replaced(text, "\nposition\n", "\nposition hive\n");
    snprintf(want, sizeof want, "pos.fcr:%d: expected 'position' alone, then the position's text behind '| '", opener);
    expect_error(&f, bad, want);
    free(bad);
    size_t big = FC_POSITION_MAX + 4096;
    char *filler = malloc(big + 1);
    assert_non_null(filler);
    for (size_t i = 0; i < big; i += 64)
        snprintf(filler + i, big + 1 - i, "| # %59s\n", "filler");
    bad = replaced(text, "| cell 0,0 wS1\n", filler);
    free(filler);
    fc_rules *r = NULL;
    fc_error_clear(&err);
    assert_int_not_equal(fc_record_parse(f.ctx, "pos.fcr", bad, &r, &m, NULL, &err), 0);
    assert_true(strncmp(err.msg, "pos.fcr:", 8) == 0);
    assert_non_null(strstr(err.msg, ": the starting position is longer than 65536 bytes"));
    free(bad);
    free(text);
    hfx_close(&f);
}

/* Clones keep the position; the transcript (replay viewers) starts from it; save and load. */
static void test_clone_transcript_save(void **state)
{
    (void)state;
    hfx f;
    hfx_open(&f, "Base+P", NULL);
    char path[1024];
    snprintf(path, sizeof path, "%s/h21-just-thrown.pos", HIVE_POS_DIR);
    FILE *in = fopen(path, "rb");
    assert_non_null(in);
    char pos[8192];
    size_t n = fread(pos, 1, sizeof pos - 1, in);
    fclose(in);
    pos[n] = '\0';
    fc_error err;
    fc_match *m = fc_match_new_from_position(f.rules, 9, pos, &err);
    if (!m)
        fail_msg("%s", err.msg);
    fc_rng rng;
    fc_rng_seed(&rng, 5, 0);
    play_random(m, &rng, 12);
    fc_match *c = fc_match_clone(m, &err);
    assert_non_null(c);
    assert_string_equal(fc_match_position(c), pos);
    assert_int_equal(fc_match_state_hash(c), fc_match_state_hash(m));
    fc_transcript t;
    assert_int_equal(fc_transcript_make(c, &t, &err), 0);
    assert_int_equal(t.n, fc_match_ply(m));
    fc_match *again = fc_match_new_from_position(f.rules, 9, pos, &err);
    for (size_t i = 0; i < t.n; i++)
        assert_int_equal(fc_match_play_text(again, t.text[i], &err), 0);
    assert_int_equal(fc_match_state_hash(again), fc_match_state_hash(m));
    fc_transcript_free(&t);
    fc_match_free(again);
    char file[] = "/tmp/fc-record-position-XXXXXX";
    int fd = mkstemp(file);
    assert_true(fd >= 0);
    close(fd);
    assert_int_equal(fc_record_save(c, &seats, file, &err), 0);
    fc_rules *r2 = NULL;
    fc_match *m2 = NULL;
    assert_int_equal(fc_record_load(f.ctx, file, &r2, &m2, NULL, &err), 0);
    assert_int_equal(fc_match_state_hash(m2), fc_match_state_hash(m));
    unlink(file);
    fc_match_free(m2);
    fc_rules_free(r2);
    fc_match_free(c);
    fc_match_free(m);
    hfx_close(&f);
}

/* The line a position error names, as records and front ends find it. */
static void test_error_line(void **state)
{
    (void)state;
    char rest[256];
    assert_int_equal(fc_position_error_line("hive: line 3: unknown key 'x'", rest, sizeof rest), 3);
    assert_string_equal(rest, "hive: unknown key 'x'");
    assert_int_equal(fc_position_error_line("line 12: bad number", rest, sizeof rest), 12);
    assert_string_equal(rest, "bad number");
    assert_int_equal(fc_position_error_line("myrmes: missing 'turn'", rest, sizeof rest), 0);
    assert_string_equal(rest, "myrmes: missing 'turn'");
    assert_int_equal(fc_position_error_line("hive: unknown piece 'line 5: x'", rest, sizeof rest), 0);
    assert_int_equal(fc_position_error_line("termity: baseline 4: x", rest, sizeof rest), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_error_line),
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_corrupt_position_block),
        cmocka_unit_test(test_clone_transcript_save),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
