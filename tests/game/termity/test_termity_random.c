/* Termity random games (invariants after every decision, R-39 game length), notation round
 * trips, hidden information in views and determinization, byte-identical
 * replays and undo. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "formicary/record.h"
#include "tm_fixture.h"
#include "../match_checks.h"

static int games(void) { return getenv("FC_UNDER_VALGRIND") || getenv("FC_UNDER_SANITIZER") ? 30 : 10000; }

/* 10,000 random games per player count, check() after every decision; every game ends after
 * exactly 18 rounds with every seat having had 18 turns. */
static void random_games(int nseats)
{
    tfx f;
    tfx_open(&f, nseats, 1, NULL);
    tm_state init = f.st;
    fc_rng rng;
    fc_rng_seed(&rng, 1234, (uint64_t)nseats);
    long decisions = 0;
    for (int g = 0; g < games(); g++) {
        f.st = init;
        f.st.first = (uint8_t)(g % nseats); /* every first player */
        decisions += tfx_random_game(&f, &rng);
        assert_int_equal(f.st.round, 18);
        for (int i = 0; i < nseats; i++)
            assert_int_equal(f.st.seat[i].turns, 18);
        double v[TM_SEATS];
        f.g->evaluate(&f.st, f.env, v);
        for (int i = 0; i < nseats; i++)
            assert_true(v[i] >= 0.0 && v[i] <= 1.0);
    }
    assert_true(decisions > (long)games() * 100);
    tfx_close(&f);
}

static void test_random_games_2(void **state) { random_games(2); }
static void test_random_games_3(void **state) { random_games(3); }
static void test_random_games_4(void **state) { random_games(4); }

/* for every legal decision in many random positions parse(text(d)) == d; other seats'
 * hands never appear in a view; determinize keeps the invariants. */
static void test_r38_notation_views_determinize(void **state)
{
    fc_view *v = calloc(1, sizeof *v);
    for (int nseats = 2; nseats <= 4; nseats++) {
        tfx f;
        tfx_open(&f, nseats, 3, NULL);
        fc_rng rng;
        fc_rng_seed(&rng, 77, (uint64_t)nseats);
        fc_decision buf[TM_MAX_DECISIONS];
        uint32_t w[TM_MAX_DECISIONS];
        int games_n = getenv("FC_UNDER_VALGRIND") ? 2 : 40;
        for (int g = 0; g < games_n; g++) {
            memcpy(&f.st, fc_match_state(f.m), sizeof f.st);
            for (int who; (who = tfx_to_move(&f)) != FC_NOBODY;) {
                int n = f.g->legal(&f.st, f.env, buf, w);
                for (int i = 0; i < n; i++) {
                    char t[80];
                    fc_decision back;
                    assert_true(f.g->decision_text(&f.st, f.env, buf[i], t, sizeof t) > 0);
                    assert_int_equal(f.g->decision_parse(&f.st, f.env, t, &back), 0);
                    assert_int_equal(back, buf[i]);
                    fc_decision_info info;
                    f.g->decision_describe(&f.st, f.env, buf[i], &info);
                    assert_true(info.label[0] != '\0');
                }
                fc_decision bad;
                /* known verbs not legal now are illegal (API minor 3), other text unreadable */
                assert_int_equal(f.g->decision_parse(&f.st, f.env, "to 9,9", &bad), FC_EILLEGAL);
                assert_true(f.g->decision_parse(&f.st, f.env, "pass ", &bad) < 0); /* never read as pass */
                assert_int_equal(f.g->decision_parse(&f.st, f.env, "walk 1,1", &bad), FC_EPARSE);
                /* hidden hands: a seat's view shows no other seat's tokens */
                int seat = (int)fc_rng_below(&rng, (uint32_t)nseats);
                f.g->view(&f.st, f.env, seat, memset(v, 0, sizeof *v));
                for (int i = 0; i < v->npanel; i++)
                    if (!strcmp(v->panel[i].key, "hand") && v->panel[i].seat != seat)
                        assert_non_null(strstr(v->panel[i].value, "hidden tokens"));
                tm_state copy = f.st;
                f.g->determinize(&copy, f.env, seat, &rng);
                char msg[200];
                if (f.g->check(&copy, f.env, msg, sizeof msg) != 0)
                    fail_msg("after determinize: %s", msg);
                assert_int_equal(copy.seat[seat].hand, f.st.seat[seat].hand);
                int i = who == FC_CHANCE ? fc_rng_weighted(&rng, w, n) : (int)fc_rng_below(&rng, (uint32_t)n);
                tm_state before = f.st;
                assert_int_equal(f.g->apply(&f.st, f.env, TM_D(D_TO, 0, 0xFE, 0)), FC_EILLEGAL);
                assert_memory_equal(&before, &f.st, sizeof before); /* refused: unchanged */
                assert_int_equal(f.g->apply(&f.st, f.env, buf[i]), 0);
                tfx_check(&f);
            }
        }
        tfx_close(&f);
    }
    free(v);
}

/* Byte-identical records for the same seed, a record that replays, and undo restoring the exact
 * state hash at every ply. */
static void test_replay_and_undo(void **state)
{
    for (int nseats = 2; nseats <= 4; nseats++) {
        tfx a, b;
        tfx_open(&a, nseats, 42, NULL);
        tfx_open(&b, nseats, 42, NULL);
        mcx_play(a.m, 5, 100000);
        mcx_play(b.m, 5, 100000);
        assert_int_equal(fc_match_to_move(a.m), FC_NOBODY);
        mcx_records_agree(a.ctx, a.m, b.m);
        tfx c;
        tfx_open(&c, nseats, 43, NULL);
        mcx_undo_exact(c.m, 400);
        tfx_close(&c);
        tfx_close(&a);
        tfx_close(&b);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_games_2),
        cmocka_unit_test(test_random_games_3),
        cmocka_unit_test(test_random_games_4),
        cmocka_unit_test(test_r38_notation_views_determinize),
        cmocka_unit_test(test_replay_and_undo),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
