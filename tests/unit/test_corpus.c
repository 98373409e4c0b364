/* Corpus replay (formicary/corpus.h): records of the bidrace fixture (goal 20) replayed under
 * their own rules, a shorter race (the game ends early: the next recorded decision is refused),
 * a longer one (every decision legal, the game unfinished until an agent continues it), an
 * unknown set (the run stops naming it), an unreadable record, 1 against 2 threads, and the
 * rules kept of the first record replayed. */
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
#include "formicary/corpus.h"
#include "formicary/record.h"
#include "formicary/rules.h"

#define NREC 3

typedef struct fx {
    fc_context *ctx;
    char dir[32];
    char path[NREC + 1][96]; /* the last one is missing */
    const char *paths[NREC + 1];
} fx;

static int setup(void **state)
{
    fx *f = calloc(1, sizeof *f);
    f->ctx = fixture_context();
    snprintf(f->dir, sizeof f->dir, "/tmp/fccorpusXXXXXX");
    if (!mkdtemp(f->dir))
        return -1;
    const char *sets[] = {"goal=20", NULL};
    fc_rules *r = fixture_rules(f->ctx, 2, sets);
    const fc_record_seats seats = {{"random", "random"}};
    for (int i = 0; i <= NREC; i++) {
        snprintf(f->path[i], sizeof f->path[i], "%s/game-%d.fcr", f->dir, i + 1);
        f->paths[i] = f->path[i];
        if (i == NREC)
            break;
        fc_error err;
        fc_match *m = fc_match_new(r, 100 + (uint64_t)i, &err);
        fc_rng rng;
        fc_rng_seed(&rng, 7, (uint64_t)i);
        while (m && fixture_step(m, &rng) == 0)
            ;
        if (!m || fc_match_to_move(m) != FC_NOBODY || fc_record_save(m, &seats, f->path[i], &err) != 0)
            return -1;
        fc_match_free(m);
    }
    fc_rules_free(r);
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fx *f = *state;
    for (int i = 0; i < NREC; i++)
        unlink(f->path[i]);
    rmdir(f->dir);
    fc_context_free(f->ctx);
    free(f);
    return 0;
}

static int run(fx *f, const char *set, const char *agent, int threads, int n, fc_corpus *out, fc_error *err)
{
    const char *sets[1] = {set};
    fc_corpus_config c = {.sets = sets, .nsets = set ? 1 : 0, .agent = agent, .max_decisions = 100000,
                          .threads = threads};
    fc_error_clear(err);
    return fc_corpus_run(f->ctx, &c, f->paths, n, out, err);
}

static void test_own_rules_change_nothing(void **state)
{
    fx *f = *state;
    fc_corpus out;
    fc_error err;
    assert_int_equal(run(f, "goal=20", NULL, 1, NREC, &out, &err), 0);
    assert_string_equal(out.game, "bidrace");
    assert_int_equal(out.sum.legal, NREC);
    assert_int_equal(out.sum.compared, NREC);
    assert_int_equal(out.sum.winners_changed, 0);
    for (int i = 0; i < NREC; i++) {
        const fc_corpus_rec *r = &out.rec[i];
        assert_true(r->old_over && r->new_over && fc_corpus_compared(r));
        assert_memory_equal(r->old_score, r->new_score, sizeof r->old_score);
        assert_string_equal(r->agents, "1 random, 2 random");
    }
    fc_corpus_free(&out);
}

/* A shorter race ends before the record does: the first decision after the end is refused. */
static void test_shorter_race_refuses_after_the_end(void **state)
{
    fx *f = *state;
    fc_corpus out;
    fc_error err;
    assert_int_equal(run(f, "goal=5", NULL, 1, NREC, &out, &err), 0);
    assert_int_equal(out.sum.diverged, NREC);
    for (int i = 0; i < NREC; i++) {
        const fc_corpus_rec *r = &out.rec[i];
        assert_int_equal(r->status, FC_CORPUS_DIVERGED);
        assert_string_equal(r->kind, "game over");
        assert_string_equal(r->reason, "the game is over under the new rules");
        assert_true(r->at >= 2 && r->at <= r->decisions);
        assert_true(r->new_over);
        assert_non_null(strstr(r->diff, "goal 20 -> 5"));
    }
    assert_int_equal(out.sum.nkinds, 1);
    assert_int_equal(out.sum.kinds[0].n, NREC);
    fc_corpus_free(&out);
}

/* A longer race: every decision is legal and the game goes on, until an agent finishes it. */
static void test_longer_race_continued(void **state)
{
    fx *f = *state;
    fc_corpus out;
    fc_error err;
    assert_int_equal(run(f, "goal=60", NULL, 1, NREC, &out, &err), 0);
    assert_int_equal(out.sum.legal, NREC);
    assert_int_equal(out.sum.unfinished, NREC);
    assert_int_equal(out.sum.compared, 0);
    fc_corpus_free(&out);
    assert_int_equal(run(f, "goal=60", "random", 1, NREC, &out, &err), 0);
    assert_int_equal(out.sum.continued, NREC);
    assert_int_equal(out.sum.unfinished, 0);
    assert_int_equal(out.sum.compared, NREC);
    for (int i = 0; i < NREC; i++)
        assert_true(out.rec[i].continued_decisions > 0);
    fc_corpus_free(&out);
}

static void test_unknown_set_stops_the_run(void **state)
{
    fx *f = *state;
    fc_corpus out;
    fc_error err;
    assert_int_not_equal(run(f, "nosuch=1", NULL, 2, NREC, &out, &err), 0);
    assert_int_equal(out.failed_at, 0);
    assert_int_equal(out.failed_set, 0);
    assert_non_null(strstr(err.msg, "unknown parameter 'nosuch'"));
    fc_corpus_free(&out);
    assert_int_not_equal(run(f, "goal=1000000", NULL, 1, NREC, &out, &err), 0); /* out of range */
    assert_int_equal(out.failed_set, -1);
    assert_non_null(strstr(err.msg, "bidrace (2 seats): "));
    fc_corpus_free(&out);
}

static void test_missing_record_and_threads(void **state)
{
    fx *f = *state;
    fc_corpus one, two;
    fc_error err;
    assert_int_equal(run(f, "goal=5", NULL, 1, NREC + 1, &one, &err), 0);
    assert_int_equal(run(f, "goal=5", NULL, 2, NREC + 1, &two, &err), 0);
    assert_int_equal(one.sum.errors, 1);
    assert_int_equal(one.rec[NREC].status, FC_CORPUS_ERROR);
    assert_non_null(strstr(one.rec[NREC].error, "game-4.fcr"));
    for (int i = 0; i <= NREC; i++) {
        assert_int_equal(one.rec[i].status, two.rec[i].status);
        assert_int_equal(one.rec[i].at, two.rec[i].at);
        assert_string_equal(one.rec[i].error, two.rec[i].error);
        assert_memory_equal(one.rec[i].new_score, two.rec[i].new_score, sizeof one.rec[i].new_score);
    }
    assert_memory_equal(&one.sum, &two.sum, sizeof one.sum);
    fc_corpus_free(&one);
    fc_corpus_free(&two);
}

/* The value of bidrace's goal in r. */
static int64_t goal_of(const fc_rules *r)
{
    for (int i = 0; i < fc_rules_param_count(r); i++)
        if (strcmp(fc_rules_param_def(r, i)->name, "goal") == 0)
            return fc_rules_values(r)[i].i;
    return -1;
}

/* The rules of the lowest-numbered record replayed are kept, as recorded and under the new
 * rules, whatever the thread that finished first; an unreadable record before it is skipped. */
static void test_first_rules_kept(void **state)
{
    fx *f = *state;
    const char *paths[NREC + 1] = {f->path[NREC], f->path[2], f->path[0], f->path[1]};
    const char *sets[1] = {"goal=5"};
    for (int threads = 1; threads <= 3; threads++) {
        fc_corpus_config c = {.sets = sets, .nsets = 1, .max_decisions = 100000, .threads = threads};
        fc_corpus out;
        fc_error err;
        fc_error_clear(&err);
        assert_int_equal(fc_corpus_run(f->ctx, &c, paths, NREC + 1, &out, &err), 0);
        assert_int_equal(out.first, 1);
        assert_non_null(out.first_rules[0]);
        assert_non_null(out.first_rules[1]);
        assert_int_equal(goal_of(out.first_rules[0]), 20);
        assert_int_equal(goal_of(out.first_rules[1]), 5);
        fc_corpus_free(&out);
        assert_null(out.first_rules[0]);
    }
    fc_corpus out;
    fc_error err;
    assert_int_equal(run(f, "goal=5", NULL, 1, 0, &out, &err), 0); /* no record: none kept */
    assert_null(out.first_rules[0]);
    fc_corpus_free(&out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_own_rules_change_nothing, setup, teardown),
        cmocka_unit_test_setup_teardown(test_shorter_race_refuses_after_the_end, setup, teardown),
        cmocka_unit_test_setup_teardown(test_longer_race_continued, setup, teardown),
        cmocka_unit_test_setup_teardown(test_unknown_set_stops_the_run, setup, teardown),
        cmocka_unit_test_setup_teardown(test_missing_record_and_threads, setup, teardown),
        cmocka_unit_test_setup_teardown(test_first_rules_kept, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
