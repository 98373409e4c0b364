/* Tests for seats.c: clockwise seat order and simultaneous-commit bookkeeping. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "formicary/seats.h"

static void test_seat_order(void **state)
{
    (void)state;
    int out[FC_MAX_SEATS];
    assert_int_equal(fc_seat_order(0, 2, out), 2);
    assert_int_equal(out[0], 0);
    assert_int_equal(out[1], 1);

    assert_int_equal(fc_seat_order(1, 3, out), 3);
    static const int three[3] = {1, 2, 0};
    assert_memory_equal(out, three, sizeof three);

    assert_int_equal(fc_seat_order(2, 4, out), 4);
    static const int four[4] = {2, 3, 0, 1};
    assert_memory_equal(out, four, sizeof four);

    /* out-of-range first seats wrap instead of producing bad seats */
    assert_int_equal(fc_seat_order(5, 3, out), 3);
    static const int wrapped[3] = {2, 0, 1};
    assert_memory_equal(out, wrapped, sizeof wrapped);
    assert_int_equal(fc_seat_order(-1, 4, out), 4);
    static const int back[4] = {3, 0, 1, 2};
    assert_memory_equal(out, back, sizeof back);

    assert_int_equal(fc_seat_order(0, 0, out), 0);

    assert_int_equal(fc_seat_next(3, 4), 0);
    assert_int_equal(fc_seat_prev(0, 4), 3);
    assert_int_equal(fc_seat_steps(3, 1, 4), 2);
}

static void test_simul_two(void **state)
{
    (void)state;
    fc_simul s;
    fc_simul_begin(&s, 1, 2, 0xff); /* bits beyond n are ignored */
    assert_int_equal(s.waiting, 0x3);
    assert_false(fc_simul_done(&s));
    assert_int_equal(fc_simul_next(&s), 1);
    assert_true(fc_simul_commit(&s, 1));
    assert_int_equal(fc_simul_next(&s), 0);
    assert_true(fc_simul_commit(&s, 0));
    assert_true(fc_simul_done(&s));
    assert_int_equal(fc_simul_next(&s), -1);
    assert_false(fc_simul_commit(&s, 0));
}

static void test_simul_three(void **state)
{
    (void)state;
    fc_simul s;
    fc_simul_begin(&s, 2, 3, 0x7);
    static const int want[3] = {2, 0, 1};
    for (int i = 0; i < 3; i++) {
        int seat = fc_simul_next(&s);
        assert_int_equal(seat, want[i]);
        assert_true(fc_simul_commit(&s, seat));
        assert_false(fc_simul_commit(&s, seat)); /* a second commit is refused */
    }
    assert_true(fc_simul_done(&s));
}

static void test_simul_four_partial(void **state)
{
    (void)state;
    fc_simul s;
    /* seats 0, 1 and 3 take part, first is 2 (not a participant): order 3, 0, 1 */
    fc_simul_begin(&s, 2, 4, 0xb);
    assert_int_equal(fc_simul_next(&s), 3);
    assert_false(fc_simul_commit(&s, 2)); /* not participating */
    assert_false(fc_simul_commit(&s, 4)); /* not a seat */
    assert_false(fc_simul_commit(&s, -1));
    assert_true(fc_simul_commit(&s, 3));
    assert_int_equal(fc_simul_next(&s), 0);
    /* a seat may commit ahead of its turn; the next one is still the first waiting clockwise */
    assert_true(fc_simul_commit(&s, 1));
    assert_int_equal(fc_simul_next(&s), 0);
    assert_true(fc_simul_commit(&s, 0));
    assert_true(fc_simul_done(&s));
    assert_int_equal(fc_simul_next(&s), -1);

    fc_simul_begin(&s, 0, 4, 0); /* nobody participates: done at once */
    assert_true(fc_simul_done(&s));
    assert_int_equal(fc_simul_next(&s), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_seat_order),
        cmocka_unit_test(test_simul_two),
        cmocka_unit_test(test_simul_three),
        cmocka_unit_test(test_simul_four_partial),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
