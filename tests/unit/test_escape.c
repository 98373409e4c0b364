/* fc_escape_text (formicary/escape.h): text from files and scripts made safe for a terminal. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "formicary/escape.h"

static void expect(const char *in, size_t len, const char *want)
{
    char out[256];
    size_t n = fc_escape_text(in, len, out, sizeof out);
    assert_string_equal(out, want);
    assert_int_equal(n, strlen(want));
    assert_int_equal(fc_escape_needed(in, len), strcmp(in, want) != 0 || strlen(in) != len);
}

static void test_controls(void **state)
{
    (void)state;
    expect("plain text", 10, "plain text");
    expect("\x1b]0;pwned\x07", 10, "\\x1b]0;pwned\\x07");
    expect("a\nb\tc\rd", 7, "a\\x0ab\\x09c\\x0dd");
    expect("del\x7f", 4, "del\\x7f");
    expect("nul\0x", 5, "nul\\x00x");
}

static void test_utf8(void **state)
{
    (void)state;
    expect("zażółć ✓ 🐜", strlen("zażółć ✓ 🐜"), "zażółć ✓ 🐜"); /* printable UTF-8 kept */
    expect("\xc2\x9b" "2J", 4, "\\x9b2J");                        /* C1 CSI, UTF-8 encoded */
    expect("\x9b" "2J", 3, "\\x9b2J");                            /* raw C1 byte */
    expect("\xff\xfe", 2, "\\xff\\xfe");                          /* invalid bytes */
    expect("\xc0\xaf", 2, "\\xc0\\xaf");                          /* overlong */
    expect("\xed\xa0\x80", 3, "\\xed\\xa0\\x80");                 /* surrogate */
    expect("\xe2\x9c", 2, "\\xe2\\x9c");                          /* cut short */
}

static void test_truncation(void **state)
{
    (void)state;
    char out[6];
    assert_int_equal(fc_escape_text("ab\x1b" "cd", 5, out, sizeof out), 2); /* no half escape */
    assert_string_equal(out, "ab");
    assert_int_equal(fc_escape_text("ab", 2, out, 1), 0);
    assert_string_equal(out, "");
    assert_string_equal(fc_escape(NULL, out, sizeof out), "");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_controls),
        cmocka_unit_test(test_utf8),
        cmocka_unit_test(test_truncation),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
