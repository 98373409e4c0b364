/* pool.c (private): every item once, results by index, the lowest failing index's error on
 * every thread count, cancellation, progress calls that never overlap. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "pool.h"

enum { N = 200 };

typedef struct job {
    atomic_int runs[N];
    int64_t out[N];
    int fail_from;      /* items at or above it fail (-1: none) */
    int fail_only;      /* this item alone fails too (-1: none) */
    atomic_int *cancel; /* set by item 10 */
    int last_done, calls, overlap;
    atomic_int in_finished;
} job;

static int item(void *ud, int i, fc_error *err)
{
    job *j = ud;
    atomic_fetch_add(&j->runs[i], 1);
    j->out[i] = (int64_t)i * i + 7;
    if (i % 7 == 0) { /* uneven work, so threads overtake each other */
        struct timespec ts = {0, 200000};
        nanosleep(&ts, NULL);
    }
    if (i == j->fail_only) { /* slow: higher items fail first on the other threads */
        struct timespec ts = {0, 20000000};
        nanosleep(&ts, NULL);
    }
    if (j->cancel && i == 10)
        atomic_store(j->cancel, 1);
    if ((j->fail_from >= 0 && i >= j->fail_from) || i == j->fail_only)
        return fc_error_set(err, FC_ERANGE, "item %d failed", i);
    return 0;
}

static void finished(void *ud, int i, int rc, int done, int total)
{
    (void)i;
    (void)rc;
    job *j = ud;
    j->overlap += atomic_fetch_add(&j->in_finished, 1) != 0;
    j->calls++;
    assert_int_equal(total, N);
    j->overlap += done != j->last_done + 1;
    j->last_done = done;
    atomic_fetch_sub(&j->in_finished, 1);
}

static void reset(job *j)
{
    memset(j, 0, sizeof *j);
    j->fail_from = j->fail_only = -1;
}

static void test_every_item_once(void **state)
{
    (void)state;
    for (int t = 1; t <= 8; t *= 2) {
        job j;
        reset(&j);
        fc_pool p = {.count = N, .threads = t, .item = item, .ud = &j, .finished = finished, .finished_ud = &j};
        fc_error err;
        int at = 5;
        assert_int_equal(fc_pool_run(&p, &at, &err), 0);
        assert_int_equal(at, -1);
        for (int i = 0; i < N; i++) {
            assert_int_equal(atomic_load(&j.runs[i]), 1);
            assert_true(j.out[i] == (int64_t)i * i + 7);
        }
        assert_int_equal(j.calls, N);
        assert_int_equal(j.overlap, 0);
    }
}

static void test_lowest_failure_wins(void **state)
{
    (void)state;
    for (int t = 1; t <= 8; t *= 2)
        for (int rep = 0; rep < 5; rep++) {
            job j;
            reset(&j);
            j.fail_from = 62; /* many failures, the later ones done first on other threads */
            j.fail_only = 61;
            fc_pool p = {.count = N, .threads = t, .item = item, .ud = &j};
            fc_error err;
            int at = -1;
            assert_int_equal(fc_pool_run(&p, &at, &err), FC_ERANGE);
            assert_int_equal(at, 61);
            assert_string_equal(err.msg, "item 61 failed");
            for (int i = 0; i <= 61; i++) /* everything below the failure ran */
                assert_int_equal(atomic_load(&j.runs[i]), 1);
            int later = 0;
            for (int i = 62; i < N; i++)
                later += atomic_load(&j.runs[i]);
            assert_true(later < t); /* at most the items already started on other threads */
        }
}

static void test_cancel(void **state)
{
    (void)state;
    for (int t = 1; t <= 4; t *= 2) {
        job j;
        reset(&j);
        atomic_int stop = 0;
        j.cancel = &stop;
        fc_pool p = {.count = N, .threads = t, .item = item, .ud = &j, .cancel = &stop};
        fc_error err;
        int at = 0;
        assert_int_equal(fc_pool_run(&p, &at, &err), FC_ESTATE);
        assert_int_equal(at, -1);
        assert_string_equal(err.msg, "cancelled");
        int ran = 0;
        for (int i = 0; i < N; i++)
            ran += atomic_load(&j.runs[i]);
        assert_true(ran >= 11 && ran < 11 + t);
    }
}

static void test_edges(void **state)
{
    (void)state;
    job j;
    reset(&j);
    fc_error err;
    fc_pool none = {.count = 0, .threads = 4, .item = item, .ud = &j};
    assert_int_equal(fc_pool_run(&none, NULL, &err), 0);
    fc_pool bad = {.count = 3, .threads = 0, .item = item, .ud = &j};
    assert_int_equal(fc_pool_run(&bad, NULL, &err), FC_EINVAL);
    bad.threads = 1025;
    assert_int_equal(fc_pool_run(&bad, NULL, &err), FC_EINVAL);
    fc_pool more = {.count = 3, .threads = 64, .item = item, .ud = &j}; /* more threads than items */
    assert_int_equal(fc_pool_run(&more, NULL, &err), 0);
    for (int i = 0; i < 3; i++)
        assert_int_equal(atomic_load(&j.runs[i]), 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_item_once),
        cmocka_unit_test(test_lowest_failure_wins),
        cmocka_unit_test(test_cancel),
        cmocka_unit_test(test_edges),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
