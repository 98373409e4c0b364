/* Typed parameters: defaults, parsing of each type with its error messages, formatting that
 * round-trips, range descriptions and schema validation. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "formicary/params.h"

static const fc_param_def schema[] = {
    {.name = "years", .type = FC_PARAM_INT, .def = 3, .min = 1, .max = 5, .doc = "years played"},
    {.name = "winter", .type = FC_PARAM_BOOL, .def = 1, .doc = "winter phase"},
    {.name = "mode", .type = FC_PARAM_ENUM, .def = 1, .choices = "short|long|epic", .doc = "length"},
    {.name = "map", .type = FC_PARAM_STRING, .def_text = "maps/garden.csv", .doc = "map file"},
    {.name = "dice", .type = FC_PARAM_INT_LIST, .def_text = "4, 5,6", .min = 0, .max = 9, .list_min = 1,
     .list_max = 3, .doc = "dice faces"},
    {.name = "offset", .type = FC_PARAM_INT, .def = -2, .min = -10, .max = 10, .doc = "signed"},
};
#define NSCHEMA ((int)(sizeof schema / sizeof schema[0]))

static void expect_error(int idx, const char *text, int code, const char *msg)
{
    fc_error err;
    fc_error_clear(&err);
    fc_value v;
    memset(&v, 0x5A, sizeof v);
    assert_int_equal(fc_param_parse(&schema[idx], text, "std.ini:4", &v, &err), code);
    assert_int_equal(err.code, code);
    assert_string_equal(err.msg, msg);
    assert_int_equal((unsigned char)v.s[0], 0x5A); /* output untouched on error */
}

static void test_find(void **state)
{
    (void)state;
    assert_int_equal(fc_param_find(schema, NSCHEMA, "years"), 0);
    assert_int_equal(fc_param_find(schema, NSCHEMA, "dice"), 4);
    assert_int_equal(fc_param_find(schema, NSCHEMA, "year"), -1);
    assert_int_equal(fc_param_find(schema, NSCHEMA, NULL), -1);
}

static void test_defaults(void **state)
{
    (void)state;
    fc_error err;
    fc_value v;
    assert_int_equal(fc_param_default(&schema[0], &v, &err), 0);
    assert_int_equal(v.i, 3);
    assert_int_equal(fc_param_default(&schema[1], &v, &err), 0);
    assert_int_equal(v.i, 1);
    assert_int_equal(fc_param_default(&schema[2], &v, &err), 0);
    assert_int_equal(v.i, 1);
    assert_int_equal(fc_param_default(&schema[3], &v, &err), 0);
    assert_string_equal(v.s, "maps/garden.csv");
    assert_int_equal(fc_param_default(&schema[4], &v, &err), 0);
    assert_int_equal(v.n, 3);
    assert_int_equal(v.list[0], 4);
    assert_int_equal(v.list[1], 5);
    assert_int_equal(v.list[2], 6);

    fc_param_def bad = schema[0];
    bad.def = 9;
    assert_int_equal(fc_param_default(&bad, &v, &err), FC_ERANGE);
    assert_string_equal(err.msg, "default: years: 9 is out of range 1..5");
}

static void test_parse_int(void **state)
{
    (void)state;
    fc_error err;
    fc_value v;
    assert_int_equal(fc_param_parse(&schema[0], "5", "x", &v, &err), 0);
    assert_int_equal(v.i, 5);
    assert_int_equal(fc_param_parse(&schema[0], "+1", "x", &v, &err), 0);
    assert_int_equal(v.i, 1);
    assert_int_equal(fc_param_parse(&schema[5], "-10", "x", &v, &err), 0);
    assert_int_equal(v.i, -10);
    expect_error(0, "9", FC_ERANGE, "std.ini:4: years: 9 is out of range 1..5");
    expect_error(0, "0", FC_ERANGE, "std.ini:4: years: 0 is out of range 1..5");
    expect_error(0, "3x", FC_EPARSE, "std.ini:4: years: expected an integer, found '3x'");
    expect_error(0, " 3", FC_EPARSE, "std.ini:4: years: expected an integer, found ' 3'");
    expect_error(0, "", FC_EPARSE, "std.ini:4: years: expected an integer, found ''");
    expect_error(0, "-", FC_EPARSE, "std.ini:4: years: expected an integer, found '-'");
    expect_error(0, "99999999999999999999", FC_ERANGE,
                 "std.ini:4: years: 99999999999999999999 is out of range 1..5");
}

static void test_parse_bool(void **state)
{
    (void)state;
    static const char *const yes[] = {"true", "yes", "on", "1", "TRUE", "Yes"};
    static const char *const no[] = {"false", "no", "off", "0", "Off"};
    fc_error err;
    fc_value v;
    for (size_t i = 0; i < sizeof yes / sizeof yes[0]; i++) {
        v.i = 7;
        assert_int_equal(fc_param_parse(&schema[1], yes[i], "x", &v, &err), 0);
        assert_int_equal(v.i, 1);
    }
    for (size_t i = 0; i < sizeof no / sizeof no[0]; i++) {
        v.i = 7;
        assert_int_equal(fc_param_parse(&schema[1], no[i], "x", &v, &err), 0);
        assert_int_equal(v.i, 0);
    }
    expect_error(1, "2", FC_EPARSE, "std.ini:4: winter: expected true/false, yes/no, on/off or 1/0, found '2'");
}

static void test_parse_enum(void **state)
{
    (void)state;
    fc_error err;
    fc_value v;
    assert_int_equal(fc_param_parse(&schema[2], "epic", "x", &v, &err), 0);
    assert_int_equal(v.i, 2);
    assert_int_equal(fc_param_parse(&schema[2], "short", "x", &v, &err), 0);
    assert_int_equal(v.i, 0);
    expect_error(2, "lon", FC_EUNKNOWN, "std.ini:4: mode: unknown choice 'lon' (choices: short|long|epic)");
    expect_error(2, "long|epic", FC_EUNKNOWN,
                 "std.ini:4: mode: unknown choice 'long|epic' (choices: short|long|epic)");
}

static void test_parse_string(void **state)
{
    (void)state;
    fc_error err;
    fc_value v;
    assert_int_equal(fc_param_parse(&schema[3], "maps/desert map.csv", "x", &v, &err), 0);
    assert_string_equal(v.s, "maps/desert map.csv");
    char big[300];
    memset(big, 'a', sizeof big);
    big[256] = '\0';
    expect_error(3, big, FC_ERANGE, "std.ini:4: map: text of 256 bytes is too long (at most 255)");
    big[255] = '\0';
    assert_int_equal(fc_param_parse(&schema[3], big, "x", &v, &err), 0);
    assert_int_equal(strlen(v.s), 255);
    expect_error(3, "a\nb", FC_EPARSE, "std.ini:4: map: text must be a single line");
    expect_error(3, "a\x1b[2Jb", FC_EPARSE, "std.ini:4: map: text must not contain control characters");
    expect_error(3, "a\x7f", FC_EPARSE, "std.ini:4: map: text must not contain control characters");
}

static void test_parse_list(void **state)
{
    (void)state;
    fc_error err;
    fc_value v;
    assert_int_equal(fc_param_parse(&schema[4], " 9 ,0", "x", &v, &err), 0);
    assert_int_equal(v.n, 2);
    assert_int_equal(v.list[0], 9);
    assert_int_equal(v.list[1], 0);
    expect_error(4, "1,12", FC_ERANGE, "std.ini:4: dice: element 2: 12 is out of range 0..9");
    expect_error(4, "1,,2", FC_EPARSE, "std.ini:4: dice: expected integers separated by ',', found '1,,2'");
    expect_error(4, "1;2", FC_EPARSE, "std.ini:4: dice: expected integers separated by ',', found '1;2'");
    expect_error(4, "1,2,3,4", FC_ERANGE, "std.ini:4: dice: 4 values, expected 1 to 3");
    expect_error(4, "", FC_ERANGE, "std.ini:4: dice: 0 values, expected 1 to 3");
    /* more elements than a value can hold are counted, not stored */
    expect_error(4, "1,1,1,1,1,1,1,1,1,1", FC_ERANGE, "std.ini:4: dice: 10 values, expected 1 to 3");

    fc_param_def exact = schema[4];
    exact.list_min = exact.list_max = 2;
    assert_int_equal(fc_param_parse(&exact, "1", "--set", &v, &err), FC_ERANGE);
    assert_string_equal(err.msg, "--set: dice: 1 values, expected 2");
}

static void test_format_roundtrip(void **state)
{
    (void)state;
    static const struct {
        int idx;
        const char *in, *out;
    } cases[] = {
        {0, "+4", "4"},       {1, "yes", "true"},   {1, "off", "false"}, {2, "epic", "epic"},
        {3, "a b/c", "a b/c"}, {4, " 1 , 2,3", "1,2,3"}, {5, "-7", "-7"},    {3, "", ""},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        const fc_param_def *d = &schema[cases[k].idx];
        fc_error err;
        fc_value v, back;
        char buf[FC_PARAM_STR_MAX + 8];
        assert_int_equal(fc_param_parse(d, cases[k].in, "x", &v, &err), 0);
        int n = fc_param_format(d, &v, buf, sizeof buf);
        assert_int_equal(n, (int)strlen(cases[k].out));
        assert_string_equal(buf, cases[k].out);
        assert_int_equal(fc_param_parse(d, buf, "x", &back, &err), 0);
        assert_memory_equal(&v, &back, sizeof v);
    }
    fc_value v;
    fc_error err;
    char small[4];
    assert_int_equal(fc_param_parse(&schema[4], "1,2,3", "x", &v, &err), 0);
    assert_int_equal(fc_param_format(&schema[4], &v, small, sizeof small), FC_ERANGE);
    v.i = 3; /* no such choice */
    char buf[16];
    assert_int_equal(fc_param_format(&schema[2], &v, buf, sizeof buf), FC_EINVAL);
}

static void test_range_text(void **state)
{
    (void)state;
    static const char *const want[] = {"1..5", "true|false", "short|long|epic", "text", "1 to 3 ints in 0..9",
                                       "-10..10"};
    char buf[64];
    for (int i = 0; i < NSCHEMA; i++) {
        assert_int_equal(fc_param_range_text(&schema[i], buf, sizeof buf), (int)strlen(want[i]));
        assert_string_equal(buf, want[i]);
    }
    fc_param_def exact = schema[4];
    exact.list_min = exact.list_max = 3;
    fc_param_range_text(&exact, buf, sizeof buf);
    assert_string_equal(buf, "3 ints in 0..9");
}

static void expect_schema_error(const fc_param_def *defs, int n, const char *msg)
{
    fc_error err;
    fc_error_clear(&err);
    assert_int_equal(fc_param_schema_check(defs, n, &err), FC_EPLUGIN);
    assert_string_equal(err.msg, msg);
}

static void test_schema_check(void **state)
{
    (void)state;
    fc_error err;
    assert_int_equal(fc_param_schema_check(schema, NSCHEMA, &err), 0);
    assert_int_equal(fc_param_schema_check(NULL, 0, &err), 0);

    fc_param_def d[2] = {schema[0], schema[1]};
    d[1].name = "years";
    expect_schema_error(d, 2, "parameter 'years' declared twice (#1 and #2)");
    d[1] = schema[1];
    d[0].name = "Years";
    expect_schema_error(d, 2, "parameter 'Years': name must match [a-z][a-z0-9_]*");
    d[0].name = "2years";
    expect_schema_error(d, 2, "parameter '2years': name must match [a-z][a-z0-9_]*");
    d[0].name = "soldier-cap";
    expect_schema_error(d, 2, "parameter 'soldier-cap': name must match [a-z][a-z0-9_]*");
    d[0].name = "abcdefghijklmnopqrstuvwxyz_abcdefghijklmnopqrstu"; /* 48 characters */
    expect_schema_error(d, 2, "parameter 'abcdefghijklmnopqrst...': name longer than 47 characters");
    d[0].name = "abcdefghijklmnopqrstuvwxyz_abcdefghijklmnopqrst"; /* 47: fine */
    assert_int_equal(fc_param_schema_check(d, 2, &err), 0);
    d[0].name = NULL;
    expect_schema_error(d, 2, "parameter 1 has no name");

    d[0] = schema[0];
    d[0].def = 6;
    expect_schema_error(d, 1, "parameter schema: default: years: 6 is out of range 1..5");
    d[0].min = 5;
    d[0].max = 1;
    expect_schema_error(d, 1, "parameter 'years': min 5 > max 1");
    d[0] = schema[1];
    d[0].def = 2;
    expect_schema_error(d, 1, "parameter schema: default: winter: 2 is not 0 or 1");

    d[0] = schema[2];
    d[0].choices = "a||b";
    expect_schema_error(d, 1, "parameter 'mode': empty choice in 'a||b'");
    d[0].choices = "a|b|a";
    expect_schema_error(d, 1, "parameter 'mode': choice 'a' appears twice");
    d[0].choices = "a|b";
    d[0].def = 2;
    expect_schema_error(d, 1, "parameter schema: default: mode: index 2 is not a choice of 'a|b'");

    d[0] = schema[4];
    d[0].list_max = 9;
    expect_schema_error(d, 1, "parameter 'dice': list length 1..9 not within 0..8");
    d[0] = schema[4];
    d[0].def_text = "1,2,3,4";
    expect_schema_error(d, 1, "parameter schema: default: dice: 4 values, expected 1 to 3");
    d[0] = schema[0];
    d[0].type = (fc_param_type)17;
    expect_schema_error(d, 1, "parameter 'years': unknown type 17");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_find),         cmocka_unit_test(test_defaults),
        cmocka_unit_test(test_parse_int),    cmocka_unit_test(test_parse_bool),
        cmocka_unit_test(test_parse_enum),   cmocka_unit_test(test_parse_string),
        cmocka_unit_test(test_parse_list),   cmocka_unit_test(test_format_roundtrip),
        cmocka_unit_test(test_range_text),   cmocka_unit_test(test_schema_check),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
