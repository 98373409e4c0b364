/* CSV tables: parsing (comments, blanks, CRLF, quotes), typed accessors and their messages. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>
#include <string.h>

#include <cmocka.h>

#include "formicary/table.h"

static fc_table *parse_ok(const char *text)
{
    fc_error err;
    fc_error_clear(&err);
    fc_table *t = fc_table_parse("t.csv", text, &err);
    if (!t)
        fail_msg("unexpected error: %s", err.msg);
    return t;
}

static void expect_parse_error(const char *text, int code, const char *msg)
{
    fc_error err;
    fc_error_clear(&err);
    fc_table *t = fc_table_parse("t.csv", text, &err);
    assert_null(t);
    assert_int_equal(err.code, code);
    assert_string_equal(err.msg, msg);
}

static void test_load_file(void **state)
{
    (void)state;
    fc_error err;
    fc_table *t = fc_table_load(FC_TEST_DATA "/terrain.csv", &err);
    assert_non_null(t);
    assert_string_equal(fc_table_name(t), FC_TEST_DATA "/terrain.csv");
    assert_int_equal(fc_table_rows(t), 3);
    assert_int_equal(fc_table_col(t, "name"), 0);
    assert_int_equal(fc_table_col(t, "label"), 3);
    assert_int_equal(fc_table_col(t, "Label"), -1);
    /* lines counted in the file, comments and blanks included; CR stripped */
    assert_int_equal(fc_table_line(t, 0), 4);
    assert_int_equal(fc_table_line(t, 1), 6);
    assert_int_equal(fc_table_line(t, 2), 7);
    assert_string_equal(fc_table_str(t, 0, 3), "Grass, short");
    assert_string_equal(fc_table_str(t, 1, 3), "say \"hi\"");
    assert_string_equal(fc_table_str(t, 1, 2), "");
    /* short row: missing fields read as empty */
    assert_string_equal(fc_table_str(t, 2, 3), "");
    assert_string_equal(fc_table_str(t, 2, 1), "x");

    int64_t v = 0;
    assert_int_equal(fc_table_int(t, 1, "cost", 0, 9, &v, &err), 0);
    assert_int_equal(v, 3);
    assert_int_equal(fc_table_int(t, 2, "cost", 0, 9, &v, &err), FC_EDATA);
    assert_string_equal(err.msg, FC_TEST_DATA "/terrain.csv:7: column 'cost': expected integer, found 'x'");
    fc_table_free(t);
}

static void test_load_missing(void **state)
{
    (void)state;
    fc_error err;
    assert_null(fc_table_load(FC_TEST_DATA "/no-such.csv", &err));
    assert_int_equal(err.code, FC_EIO);
    assert_string_equal(err.msg, FC_TEST_DATA "/no-such.csv: cannot read: No such file or directory");
}

static void test_trim_and_bom(void **state)
{
    (void)state;
    fc_table *t = parse_ok("\xEF\xBB\xBF a , b\n  1 ,  \" x \"  \n\n   \n");
    assert_int_equal(fc_table_col(t, "a"), 0);
    assert_int_equal(fc_table_col(t, "b"), 1);
    assert_int_equal(fc_table_rows(t), 1);
    assert_string_equal(fc_table_str(t, 0, 0), "1");
    assert_string_equal(fc_table_str(t, 0, 1), " x "); /* quoted text kept verbatim */
    /* out-of-range access never crashes */
    assert_string_equal(fc_table_str(t, 1, 0), "");
    assert_string_equal(fc_table_str(t, 0, 2), "");
    assert_int_equal(fc_table_line(t, 5), 0);
    fc_table_free(t);
}

static void test_header_only(void **state)
{
    (void)state;
    fc_table *t = parse_ok("# nothing yet\nid,name");
    assert_int_equal(fc_table_rows(t), 0);
    assert_int_equal(fc_table_col(t, "name"), 1);
    fc_table_free(t);
}

static void test_parse_errors(void **state)
{
    (void)state;
    expect_parse_error("# only comments\n\n", FC_EDATA, "t.csv: no header row");
    expect_parse_error("a,b,a\n", FC_EDATA, "t.csv:1: duplicate column 'a' (columns 1 and 3)");
    expect_parse_error("a,,b\n", FC_EDATA, "t.csv:1: column 2 has no name");
    expect_parse_error("a,b\n1,2\n1,2,3\n", FC_EDATA, "t.csv:3: 3 fields, but the header names 2 columns");
    expect_parse_error("a,b\n\n\"open,2\n", FC_EDATA, "t.csv:3: field 1: unterminated quoted field");
    expect_parse_error("a,b\n\"x\"y,2\n", FC_EDATA, "t.csv:2: field 1: unexpected 'y' after closing quote");
}

/* Line endings: "\n", "\r\n", a bare "\r", a last line without newline; lines of any length. */
static void test_line_endings_and_long_lines(void **state)
{
    (void)state;
    static const char *const texts[] = {
        "a,b\n1,2\n3,4\n", "a,b\r\n1,2\r\n3,4\r\n", "a,b\n1,2\n3,4", "a,b\r\n1,2\r\n3,4\r", "a,b\n1,2\n3,4\r\r",
    };
    for (size_t k = 0; k < sizeof texts / sizeof texts[0]; k++) {
        fc_table *t = parse_ok(texts[k]);
        assert_int_equal(fc_table_rows(t), 2);
        assert_string_equal(fc_table_str(t, 1, 1), "4");
        assert_int_equal(fc_table_line(t, 1), 3);
        fc_table_free(t);
    }
    /* a bare CR ends a line (old Mac text), as in every reader of the project */
    fc_table *t = parse_ok("a,b\r1,2\r3\r");
    assert_int_equal(fc_table_rows(t), 2);
    assert_string_equal(fc_table_str(t, 1, 0), "3");
    assert_int_equal(fc_table_line(t, 1), 3);
    int64_t v;
    fc_error err;
    fc_table_free(t);
    enum { BIG = 1 << 20 };
    char *big = malloc(BIG + 32);
    memcpy(big, "a,b\n1,", 6);
    memset(big + 6, '7', BIG);
    strcpy(big + 6 + BIG, "\n2,3");
    t = parse_ok(big);
    assert_int_equal(fc_table_rows(t), 2);
    assert_int_equal(strlen(fc_table_str(t, 0, 1)), BIG);
    assert_int_equal(fc_table_int(t, 0, "b", 0, 9, &v, &err), FC_EDATA);
    assert_true(strlen(err.msg) < FC_ERROR_MSG_MAX);
    fc_table_free(t);
    free(big);
    /* a NUL byte makes the file not a table (read through fc_table_load, as game data is) */
    char path[] = "/tmp/fc_table_nul_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, "a,b\n1,\0002\n", 9), 9);
    close(fd);
    assert_null(fc_table_load(path, &err));
    assert_int_equal(err.code, FC_EDATA);
    assert_non_null(strstr(err.msg, "contains a NUL byte"));
    unlink(path);
}

static void test_int_and_enum(void **state)
{
    (void)state;
    fc_table *t = parse_ok("kind,n\nant,-7\nbee,12\nwasp,99999999999999999999\n");
    fc_error err;
    int64_t v = 0;
    assert_int_equal(fc_table_int(t, 0, "n", -10, 10, &v, &err), 0);
    assert_int_equal(v, -7);
    assert_int_equal(fc_table_int(t, 1, "n", 0, 9, &v, &err), FC_EDATA);
    assert_string_equal(err.msg, "t.csv:3: column 'n': 12 is out of range 0..9");
    assert_int_equal(fc_table_int(t, 2, "n", 0, 9, &v, &err), FC_EDATA);
    assert_string_equal(err.msg, "t.csv:4: column 'n': 99999999999999999999 is out of range 0..9");
    assert_int_equal(fc_table_int(t, 0, "count", 0, 9, &v, &err), FC_EDATA);
    assert_string_equal(err.msg, "t.csv:1: unknown column 'count' (columns: kind, n)");
    assert_int_equal(fc_table_int(t, 3, "n", 0, 9, &v, &err), FC_EINVAL);
    assert_int_equal(v, -7); /* untouched on error */

    static const char *const kinds[] = {"ant", "bee", "beetle"};
    int k = -1;
    assert_int_equal(fc_table_enum(t, 1, "kind", kinds, 3, &k, &err), 0);
    assert_int_equal(k, 1);
    assert_int_equal(fc_table_enum(t, 2, "kind", kinds, 3, &k, &err), FC_EDATA);
    assert_string_equal(err.msg, "t.csv:4: column 'kind': expected one of ant, bee, beetle, found 'wasp'");
    fc_table_free(t);
}

static void test_int_syntax(void **state)
{
    (void)state;
    fc_table *t = parse_ok("n\n+5\n5x\n\n \"\"\n0x10\n");
    fc_error err;
    int64_t v = 0;
    assert_int_equal(fc_table_int(t, 0, "n", 0, 9, &v, &err), 0);
    assert_int_equal(v, 5);
    assert_int_equal(fc_table_int(t, 1, "n", 0, 9, &v, &err), FC_EDATA);
    assert_string_equal(err.msg, "t.csv:3: column 'n': expected integer, found '5x'");
    assert_int_equal(fc_table_int(t, 2, "n", 0, 9, &v, &err), FC_EDATA);
    assert_string_equal(err.msg, "t.csv:5: column 'n': expected integer, found ''");
    assert_int_equal(fc_table_int(t, 3, "n", 0, 99, &v, &err), FC_EDATA);
    assert_int_equal(v, 5);
    fc_table_free(t);
}

static void test_ints(void **state)
{
    (void)state;
    fc_table *t = parse_ok("v\n4;5;6\n1 2|3 ; -4\n\n4;;5\n1;2;\n7;x\n1;2;3;4\n");
    fc_error err;
    int32_t out[3] = {0};
    assert_int_equal(fc_table_ints(t, 0, "v", out, 3, &err), 3);
    assert_int_equal(out[0], 4);
    assert_int_equal(out[1], 5);
    assert_int_equal(out[2], 6);
    int32_t four[4] = {0};
    assert_int_equal(fc_table_ints(t, 1, "v", four, 4, &err), 4);
    assert_int_equal(four[0], 1);
    assert_int_equal(four[1], 2);
    assert_int_equal(four[2], 3);
    assert_int_equal(four[3], -4);
    assert_int_equal(fc_table_rows(t), 6); /* the blank line is skipped, not an empty row */
    assert_int_equal(fc_table_ints(t, 2, "v", out, 3, &err), FC_EDATA);
    assert_string_equal(err.msg, "t.csv:5: column 'v': missing value in '4;;5'");
    assert_int_equal(fc_table_ints(t, 3, "v", out, 3, &err), FC_EDATA);
    assert_string_equal(err.msg, "t.csv:6: column 'v': missing value in '1;2;'");
    assert_int_equal(fc_table_ints(t, 4, "v", out, 3, &err), FC_EDATA);
    assert_string_equal(err.msg, "t.csv:7: column 'v': expected integers separated by ' ', ';' or '|', found '7;x'");
    assert_int_equal(fc_table_ints(t, 5, "v", out, 3, &err), FC_EDATA);
    assert_string_equal(err.msg, "t.csv:8: column 'v': more than 3 values in '1;2;3;4'");
    fc_table_free(t);

    t = parse_ok("a,v\nx,\n");
    assert_int_equal(fc_table_ints(t, 0, "v", out, 3, &err), 0);
    fc_table_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_load_file),   cmocka_unit_test(test_load_missing), cmocka_unit_test(test_trim_and_bom),
        cmocka_unit_test(test_header_only), cmocka_unit_test(test_parse_errors), cmocka_unit_test(test_int_and_enum),
        cmocka_unit_test(test_int_syntax),  cmocka_unit_test(test_ints),
        cmocka_unit_test(test_line_endings_and_long_lines),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
