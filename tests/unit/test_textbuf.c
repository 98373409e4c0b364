/* textbuf.h: the SDK's text helpers for positions, the line cursor and the word splitter the
 * games' readers share (and the writer's buffer). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "formicary/textbuf.h"

/* Reads the next line of r, expecting `want` (NULL: the end of the text) numbered `no`. */
static void expect_line(fc_textlines *r, const char *want, int no)
{
    char buf[16];
    memset(buf, 'x', sizeof buf);
    int got = fc_textlines_next(r, buf, sizeof buf);
    assert_int_equal(got, want ? 1 : 0);
    if (want)
        assert_string_equal(buf, want);
    assert_int_equal(r->no, no);
}

static void test_line_ends(void **state)
{
    (void)state;
    /* "\n", "\r\n" and a lone "\r" each end one line; the same words and numbers for each */
    const char *texts[] = {"a b\nc\n", "a b\r\nc\r\n", "a b\rc\r", "a b\nc\r"};
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        fc_textlines r = {texts[i], 0, 0};
        expect_line(&r, "a b", 1);
        expect_line(&r, "c", 2);
        assert_int_equal(r.off, strlen(texts[i]));
        expect_line(&r, NULL, 2);
        expect_line(&r, NULL, 2); /* the end stays the end */
    }
}

static void test_no_final_newline_and_empty_lines(void **state)
{
    (void)state;
    fc_textlines r = {"\nx\n\n\r\n\ry", 0, 0};
    expect_line(&r, "", 1);
    expect_line(&r, "x", 2);
    expect_line(&r, "", 3);
    expect_line(&r, "", 4); /* "\r\n" is one end */
    expect_line(&r, "", 5); /* "\r" then "y": an empty line */
    expect_line(&r, "y", 6);
    expect_line(&r, NULL, 6);
    /* "\n\r" is two ends, "\r\r\n" too */
    fc_textlines r2 = {"a\n\rb\r\r\nc", 0, 0};
    expect_line(&r2, "a", 1);
    expect_line(&r2, "", 2);
    expect_line(&r2, "b", 3);
    expect_line(&r2, "", 4);
    expect_line(&r2, "c", 5);
    expect_line(&r2, NULL, 5);
}

static void test_empty_text(void **state)
{
    (void)state;
    fc_textlines r = {"", 0, 0}, n = {NULL, 0, 0};
    expect_line(&r, NULL, 0);
    expect_line(&n, NULL, 0);
    assert_int_equal(r.off, 0);
}

static void test_line_length_limit(void **state)
{
    (void)state;
    char buf[4];
    /* cap - 1 characters fit (the end of the line does not count, "\r\n" neither) */
    fc_textlines r = {"abc\r\nabcd\nab", 0, 0};
    assert_int_equal(fc_textlines_next(&r, buf, sizeof buf), 1);
    assert_string_equal(buf, "abc");
    assert_int_equal(r.off, 5);
    /* cap characters do not: the line is named and skipped, buf left empty */
    memset(buf, 'x', sizeof buf);
    assert_int_equal(fc_textlines_next(&r, buf, sizeof buf), -1);
    assert_int_equal(r.no, 2);
    assert_string_equal(buf, "");
    assert_int_equal(r.off, 10);
    assert_int_equal(fc_textlines_next(&r, buf, sizeof buf), 1);
    assert_string_equal(buf, "ab");
    assert_int_equal(r.no, 3);
    assert_int_equal(fc_textlines_next(&r, buf, sizeof buf), 0);
    /* a last line without its end, too long */
    fc_textlines t = {"abcdefg", 0, 0};
    assert_int_equal(fc_textlines_next(&t, buf, sizeof buf), -1);
    assert_int_equal(t.no, 1);
    assert_int_equal(fc_textlines_next(&t, buf, sizeof buf), 0);
    /* no room at all: every line is too long, even an empty one, and nothing is written */
    fc_textlines z = {"\n", 0, 0};
    assert_int_equal(fc_textlines_next(&z, NULL, 0), -1);
    assert_int_equal(z.no, 1);
}

static void test_restart_at_a_line(void **state)
{
    (void)state;
    /* a reader that noted where line 2 starts reads it again later with its number */
    const char *text = "one\r\ntwo words\nthree";
    fc_textlines r = {text, 0, 0};
    expect_line(&r, "one", 1);
    size_t at = r.off;
    expect_line(&r, "two words", 2);
    expect_line(&r, "three", 3);
    fc_textlines again = {text, at, 2 - 1};
    expect_line(&again, "two words", 2);
    expect_line(&again, "three", 3);
}

static void test_words(void **state)
{
    (void)state;
    char *w[8];
    char a[] = "  key\t1,2  \f x\v\r";
    assert_int_equal(fc_text_words(a, w, 8), 3);
    assert_string_equal(w[0], "key");
    assert_string_equal(w[1], "1,2");
    assert_string_equal(w[2], "x");
    /* a '#' anywhere starts a comment, glued to a word or not */
    char b[] = "seat 1 # the # rest";
    assert_int_equal(fc_text_words(b, w, 8), 2);
    assert_string_equal(w[1], "1");
    char c[] = "tile a#b c";
    assert_int_equal(fc_text_words(c, w, 8), 2);
    assert_string_equal(w[1], "a");
    /* nothing but blanks or a comment: no words */
    char d[] = "", e[] = " \t ", f[] = "# position";
    assert_int_equal(fc_text_words(d, w, 8), 0);
    assert_int_equal(fc_text_words(e, w, 8), 0);
    assert_int_equal(fc_text_words(f, w, 8), 0);
}

static void test_too_many_words(void **state)
{
    (void)state;
    char *w[3];
    char a[] = "a b c", b[] = "a b c d", c[] = "a b c # d e f";
    assert_int_equal(fc_text_words(a, w, 3), 3);
    assert_string_equal(w[2], "c");
    assert_int_equal(fc_text_words(b, w, 3), -1);
    assert_string_equal(w[0], "a");
    assert_string_equal(w[2], "c");
    assert_int_equal(fc_text_words(c, w, 3), 3); /* words in a comment do not count */
    char d[] = "x";
    assert_int_equal(fc_text_words(d, w, 0), -1);
}

static void test_writer(void **state)
{
    (void)state;
    char s[12];
    fc_textbuf b = {s, sizeof s, 0};
    fc_textbuf_put(&b, "seats %d", 2);
    fc_textbuf_note(&b, 8, "two");
    assert_string_equal(s, "seats 2  # "); /* the '#' in column 10, cut at the buffer's end */
    assert_int_equal(b.len, strlen("seats 2  # two\n")); /* counts what did not fit */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_line_ends),
        cmocka_unit_test(test_no_final_newline_and_empty_lines),
        cmocka_unit_test(test_empty_text),
        cmocka_unit_test(test_line_length_limit),
        cmocka_unit_test(test_restart_at_a_line),
        cmocka_unit_test(test_words),
        cmocka_unit_test(test_too_many_words),
        cmocka_unit_test(test_writer),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
