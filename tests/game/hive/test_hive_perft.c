/* Hive perft (issue 18): the published leaf counts of all eight game types to depth 5, depth 6
 * of Base and Base+MLP, counted through the vtable exactly as `formicary perft` does; perft
 * from a GameString position; undo of a match started from a position. Under valgrind or a
 * sanitizer the depths drop by one (the counts checked are still the published ones). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "hv_fixture.h"

static const struct {
    const char *type;
    uint64_t n[7]; /* perft(1..6); 0 = not published */
} table[] = {
    {"Base", {4, 96, 1440, 21600, 516240, 12219480}},
    {"Base+M", {5, 150, 2610, 45414, 1252800, 34233432}},
    {"Base+L", {5, 150, 2610, 45414, 1252800, 34233672}},
    {"Base+P", {5, 150, 2610, 45414, 1255932, 34395984}},
    {"Base+ML", {6, 216, 4320, 86400, 2725920, 85201200}},
    {"Base+MP", {6, 216, 4320, 86400, 2730888, 85492248}},
    {"Base+LP", {6, 216, 4320, 86400, 2730240, 85457136}},
    {"Base+MLP", {7, 294, 6678, 151686, 5427108, 192353904}},
};

static void check_type(int i, int depth)
{
    hfx f;
    hfx_open(&f, table[i].type, NULL);
    const hv_state *s = fc_match_state(f.m);
    for (int d = 1; d <= depth; d++) {
        uint64_t n = hfx_perft(&f, s, d);
        if (n != table[i].n[d - 1])
            fail_msg("%s perft(%d) = %llu, published %llu", table[i].type, d, (unsigned long long)n,
                     (unsigned long long)table[i].n[d - 1]);
    }
    hfx_close(&f);
}

static void test_table_depth5(void **state)
{
    (void)state;
    for (int i = 0; i < 8; i++)
        check_type(i, hfx_slow() ? 4 : 5);
}

static void test_depth6_base_and_mlp(void **state)
{
    (void)state;
    if (hfx_slow()) {
        check_type(0, 5);
        return;
    }
    hfx f;
    hfx_open(&f, "Base", NULL);
    assert_int_equal(hfx_perft(&f, fc_match_state(f.m), 6), table[0].n[5]);
    hfx_close(&f);
    hfx_open(&f, "Base+MLP", NULL);
    assert_int_equal(hfx_perft(&f, fc_match_state(f.m), 6), table[7].n[5]);
    hfx_close(&f);
}

/* From a GameString: after White's first piece (any of the 4 Base openings is equivalent) the
 * rest of perft(4) is a quarter; after two plies, 1440 / 96. */
static void test_perft_from_position(void **state)
{
    (void)state;
    hfx f;
    hfx_open(&f, "Base", NULL);
    hv_state s;
    hfx_position(&f, "Base;InProgress;Black[1];wS1", &s);
    assert_int_equal(hfx_perft(&f, &s, 3), 21600 / 4);
    hfx_position(&f, "Base;InProgress;White[2];wS1;bS1 wS1-", &s);
    assert_int_equal(hfx_perft(&f, &s, 2), 21600 / 96);
    hfx_close(&f);
}

/* Mid-game positions (40 and 50 random decisions of seeded games): the moves of every bug,
 * Beetles on stacks, the Pillbug and Mosquito abilities and pinned pieces, which the opening
 * counts barely reach. The counts are those of the move generator before the speed work of
 * issue 23 (commit 888ebb8). */
static const char mid_mlp[] =
    "Base+MLP;InProgress;White[21];wP;bP wP/;wB1 wP\\;bG1 bP/;wG1 -wB1;bL bG1\\;wQ /wG1;bQ \\bG1"
    ";wM -wQ;bQ -bG1;wG2 wQ\\;bA1 bQ/;wA1 -wM;bG1 -bP;wL -wG1;bG2 -bG1;wA1 bA1/;bL -bA1"
    ";wL -wG2;bB1 bP-;wS1 wA1/;bM /bG2;wG3 wS1\\;bB2 bA1\\;wG2 -wG1;bS1 bB1\\;wG1 -wG2;bS2 -bL"
    ";wS2 wL\\;bG3 bB1-;wB2 /wB1;bG1 wS1/;wM wB2\\;bB2 bA1;wA2 wM\\;bA2 bS1\\;wA3 -wS2;bA2 -wA2"
    ";wA2 \\bG1;bB2 bA1\\";
static const char mid_base[] =
    "Base;InProgress;White[26];wG1;bB1 wG1\\;wG2 -wG1;bG1 bB1-;wG3 /wG2;bS1 bG1-;wQ wG2/"
    ";bQ /bG1;wG3 wQ/;bS2 -bQ;wA1 wG3-;bA1 bG1/;wG2 -bA1;bA1 bS1\\;wB1 wG3/;bA2 bA1-;wS1 wA1-"
    ";bB2 /bQ;wA2 \\wB1;bA2 \\wA2;wA3 wS1-;bA1 /bS1;wB2 -wB1;bA2 wA3\\;wA2 wB1-;bA2 wG2-"
    ";wA3 -wG1;bG1 wS1\\;wG1 bG1\\;bA3 bS1\\;wB1 wB2;bA3 \\wA2;wG1 /bA1;bG2 bS1-;wA3 -wG2"
    ";bA1 bA3-;wA3 -wB1;bG3 /bG2;wA3 wG1\\;bB2 -wA3;wA3 -bB2;bA1 -wG3;wA3 -bA1;bA3 wG1\\"
    ";wA3 -wB1;bA1 -bB1;wS2 wB1/;bA1 bG1-;wA3 bG2-;bA3 -wG3";

static void test_perft_midgame(void **state)
{
    (void)state;
    hfx f;
    hv_state s;
    int depth = hfx_slow() ? 2 : 3;
    hfx_open(&f, "Base+MLP", NULL);
    hfx_position(&f, mid_mlp, &s);
    assert_int_equal(hfx_perft(&f, &s, 1), 122);
    assert_int_equal(hfx_perft(&f, &s, depth), depth == 3 ? 715547 : 7594);
    hfx_close(&f);
    hfx_open(&f, "Base", NULL);
    hfx_position(&f, mid_base, &s);
    assert_int_equal(hfx_perft(&f, &s, 1), 65);
    assert_int_equal(hfx_perft(&f, &s, depth), depth == 3 ? 246689 : 3957);
    hfx_close(&f);
}

/* A match started from a GameString: its position text reads back to the same state, it plays
 * on, and undo returns to the position but not before it. */
static void test_match_from_position(void **state)
{
    (void)state;
    hfx f;
    hfx_open(&f, "Base+MLP", NULL);
    const char *gs = "Base+MLP;InProgress;White[3];wS1;bG1 -wS1;wQ wS1/;bQ /bG1";
    fc_error err;
    fc_match *m = fc_match_new_from_position(f.rules, 5, gs, &err);
    if (!m)
        fail_msg("%s", err.msg);
    assert_true(fc_match_has_positions(m));
    assert_string_equal(fc_match_position(m), gs);
    char buf[2048];
    uint64_t h0 = fc_match_state_hash(m);
    assert_true(fc_match_position_write(m, buf, sizeof buf, &err) > 0);
    fc_match *back = fc_match_new_from_position(f.rules, 5, buf, &err);
    assert_non_null(back);
    assert_int_equal(fc_match_state_hash(back), h0);
    fc_match_free(back);
    assert_int_equal(fc_match_play_text(m, "wA1 wQ\\", &err), 0);
    fc_match *after = fc_match_new_from_position(f.rules, 5, "Base+MLP;InProgress;Black[3];wS1;bG1 -wS1;wQ wS1/;bQ /bG1;wA1 wQ\\", &err);
    assert_non_null(after);
    assert_true(fc_match_position_write(m, buf, sizeof buf, &err) > 0);
    back = fc_match_new_from_position(f.rules, 5, buf, &err);
    assert_non_null(back);
    assert_int_equal(fc_match_state_hash(back), fc_match_state_hash(after));
    fc_match_free(back);
    fc_match_free(after);
    assert_int_equal(fc_match_undo(m, &err), 0);
    assert_int_equal(fc_match_state_hash(m), h0);
    assert_int_equal(fc_match_undo(m, &err), FC_ESTATE);
    fc_match *c = fc_match_clone(m, &err);
    assert_non_null(c);
    assert_int_equal(fc_match_state_hash(c), h0);
    fc_match_free(c);
    fc_match_free(m);
    /* bad positions: one line naming the problem */
    const char *bad[] = {"Base;InProgress;White[3];wS1;bG1 -wS1;wQ wS1/;bQ /bG1", /* wrong type */
                         "Base+MLP;InProgress;White[2];wS1;bG1 -wS1;wQ wS1/;bQ /bG1", /* wrong turn */
                         "Base+MLP;InProgress;Black[1];wQ", /* tournament opening */
                         "Base+MLP;Nonsense;White[1]", "Base+X", "Base+MLP;InProgress;Black[2];wS1;bG1 -wS1;zz"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        fc_error_clear(&err);
        assert_null(fc_match_new_from_position(f.rules, 5, bad[i], &err));
        assert_non_null(strstr(err.msg, "hive: "));
        assert_null(strchr(err.msg, '\n'));
    }
    hfx_close(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table_depth5),
        cmocka_unit_test(test_depth6_base_and_mlp),
        cmocka_unit_test(test_perft_from_position),
        cmocka_unit_test(test_perft_midgame),
        cmocka_unit_test(test_match_from_position),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
