/* error.c: one-line messages, names of codes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "formicary/error.h"

static void test_set_returns_code_and_formats(void **state)
{
    (void)state;
    fc_error err;
    assert_int_equal(fc_error_set(&err, FC_EPARSE, "%s:%d: bad '%s'", "a.ini", 12, "x"), FC_EPARSE);
    assert_int_equal(err.code, FC_EPARSE);
    assert_string_equal(err.msg, "a.ini:12: bad 'x'");
    /* NULL is allowed: callers may not want the message. */
    assert_int_equal(fc_error_set(NULL, FC_EIO, "ignored"), FC_EIO);
}

static void test_message_is_one_line(void **state)
{
    (void)state;
    fc_error err;
    fc_error_set(&err, FC_ESCRIPT, "v.lua:3: first\nsecond\r\nthird");
    assert_null(strchr(err.msg, '\n'));
    assert_null(strchr(err.msg, '\r'));
    assert_string_equal(err.msg, "v.lua:3: first second  third");
}

static void test_long_message_truncated(void **state)
{
    (void)state;
    char big[2 * FC_ERROR_MSG_MAX];
    memset(big, 'x', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    fc_error err;
    fc_error_set(&err, FC_EINVAL, "%s", big);
    assert_int_equal(strlen(err.msg), FC_ERROR_MSG_MAX - 1);
}

static void test_names_and_clear(void **state)
{
    (void)state;
    assert_string_equal(fc_error_name(FC_OK), "ok");
    assert_string_equal(fc_error_name(FC_EABI), "plugin ABI mismatch");
    assert_string_equal(fc_error_name(FC_ERECORD), "record error");
    assert_string_equal(fc_error_name(-999), "unknown error");
    fc_error err;
    fc_error_set(&err, FC_EIO, "x");
    fc_error_clear(&err);
    assert_int_equal(err.code, FC_OK);
    assert_string_equal(err.msg, "");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_set_returns_code_and_formats),
        cmocka_unit_test(test_message_is_one_line),
        cmocka_unit_test(test_long_message_truncated),
        cmocka_unit_test(test_names_and_clear),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
