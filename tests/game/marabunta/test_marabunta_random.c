/* Marabunta random-play tests: whole games on every board/player-board side combination with
 * check() after every decision, notation round trip of every legal decision, R-87
 * termination, byte-identical records, undo to the exact state hash, determinize hiding only
 * the tile pile, and a speed report. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "formicary/record.h"
#include "mb_fixture.h"
#include "../match_checks.h"

static int games_total(void)
{
    if (getenv("FC_UNDER_VALGRIND") || getenv("FC_UNDER_SANITIZER"))
        return 30;
    const char *e = getenv("MARABUNTA_GAMES");
    return e ? atoi(e) : 10000;
}

static const char *const side_sets[4][3] = {
    {"board_side=A", "player_side=A", NULL},
    {"board_side=B", "player_side=B", NULL},
    {"board_side=A", "player_side=B", NULL},
    {"board_side=B", "player_side=A", NULL},
};

static long kind_count[16];

/* Plays one game from a fresh init with setup seed `seed`; returns the number of decisions. */
static long play_game(mbfx *f, uint64_t seed, bool round_trip)
{
    fc_rng rng, setup;
    fc_rng_seed(&rng, seed, 7);
    fc_rng_seed(&setup, seed, 0);
    fc_decision buf[MB_MAX_DECISIONS];
    uint32_t w[MB_MAX_DECISIONS];
    char msg[256], text[200];
    fc_error err;
    memset(&f->st, 0, sizeof f->st);
    assert_int_equal(f->g->init(&f->st, f->env, &setup, &err), 0);
    long plies = 0;
    for (;;) {
        int who = f->g->to_move(&f->st, f->env);
        if (who == FC_NOBODY)
            break;
        int n = f->g->legal(&f->st, f->env, buf, w);
        if (n <= 0 || n > MB_MAX_DECISIONS)
            fail_msg("%d legal decisions (phase %d, seat %d)", n, f->st.phase, who);
        if (round_trip)
            for (int i = 0; i < n; i++) {
                fc_decision back = 0;
                int len = f->g->decision_text(&f->st, f->env, buf[i], text, sizeof text);
                assert_true(len > 0);
                if (f->g->decision_parse(&f->st, f->env, text, &back) != 0 || back != buf[i])
                    fail_msg("notation '%s' does not round-trip", text);
                for (int j = 0; j < i; j++)
                    assert_true(buf[j] != buf[i]);
                fc_decision_info info;
                f->g->decision_describe(&f->st, f->env, buf[i], &info);
                assert_true(info.label[0] != 0);
            }
        int i = who == FC_CHANCE ? fc_rng_weighted(&rng, w, n) : (int)fc_rng_below(&rng, (uint32_t)n);
        kind_count[MB_DK(buf[i]) & 15]++;
        if (f->g->apply(&f->st, f->env, buf[i]) != 0)
            fail_msg("apply refused a legal decision");
        plies++;
        if (f->g->check(&f->st, f->env, msg, sizeof msg) != 0) {
            f->g->decision_text(&f->st, f->env, buf[i], text, sizeof text);
            fail_msg("seed %llu ply %ld after '%s': %s", (unsigned long long)seed, plies, text, msg);
        }
    }
    /* the game ends by round 19 with a triggering player (E-3 at the latest). */
    assert_true(f->st.round <= 19);
    assert_true(f->st.trigger == 0 || f->st.trigger == 1);
    int32_t score[2];
    int rank[2];
    f->g->scores(&f->st, f->env, score, rank);
    assert_true(rank[0] + rank[1] == 1); /* never a shared rank with a trigger */
    return plies;
}

static void test_R87_random_games_invariants(void **state)
{
    int total = games_total();
    long plies = 0, rounds = 0;
    int wins[2] = {0, 0};
    for (int cfg = 0; cfg < 4; cfg++) {
        mbfx f;
        mbfx_open(&f, 1, side_sets[cfg]);
        for (int gm = cfg; gm < total; gm += 4) {
            plies += play_game(&f, (uint64_t)gm, gm < 24);
            rounds += f.st.round;
            int32_t score[2];
            int rank[2];
            f.g->scores(&f.st, f.env, score, rank);
            wins[rank[1] == 0]++;
        }
        mbfx_close(&f);
    }
    fprintf(stderr, "%d games, %.1f decisions and %.1f rounds per game, red %d / blue %d wins\n", total,
            (double)plies / total, (double)rounds / total, wins[0], wins[1]);
    /* every kind of decision happened */
    for (int k = D_DRAW; k <= D_FORFEIT; k++)
        if (total >= 1000)
            assert_true(kind_count[k] > 0);
}

/* A match played by seeded random choices through the public API. */
static fc_match *random_match(fc_rules *rules, uint64_t seed, int max_plies)
{
    fc_error err;
    fc_match *m = fc_match_new(rules, seed, &err);
    assert_non_null(m);
    fc_rng rng;
    fc_rng_seed(&rng, seed, 99);
    for (int i = 0; i < max_plies; i++) {
        int who = fc_match_to_move(m);
        if (who == FC_NOBODY)
            break;
        if (who == FC_CHANCE) {
            assert_int_equal(fc_match_play_chance(m, &err), 0);
            continue;
        }
        const fc_decision *legal;
        int n = fc_match_legal(m, &legal, NULL);
        assert_true(n > 0);
        assert_int_equal(fc_match_play(m, legal[fc_rng_below(&rng, (uint32_t)n)], &err), 0);
    }
    return m;
}

static void test_replay_byte_identical(void **state)
{
    mbfx f;
    static const char *const sets[] = {"board_side=B", NULL};
    mbfx_open(&f, 5, sets);
    for (uint64_t seed = 1; seed <= 5; seed++) {
        fc_match *a = random_match(f.rules, seed, 100000), *b = random_match(f.rules, seed, 100000);
        assert_int_equal(fc_match_to_move(a), FC_NOBODY);
        mcx_records_agree(f.ctx, a, b);
        fc_match_free(a);
        fc_match_free(b);
    }
    mbfx_close(&f);
}

static void test_undo_restores_hash(void **state)
{
    mbfx f;
    mbfx_open(&f, 3, NULL);
    fc_match *m = fc_match_new(f.rules, 11, NULL);
    uint64_t hash[400];
    fc_rng rng;
    fc_rng_seed(&rng, 3, 3);
    fc_error err;
    int n = 0;
    for (; n < 400 && fc_match_to_move(m) != FC_NOBODY; n++) {
        hash[n] = fc_match_state_hash(m);
        if (fc_match_to_move(m) == FC_CHANCE) {
            assert_int_equal(fc_match_play_chance(m, &err), 0);
        } else {
            const fc_decision *legal;
            int k = fc_match_legal(m, &legal, NULL);
            assert_int_equal(fc_match_play(m, legal[fc_rng_below(&rng, (uint32_t)k)], &err), 0);
        }
    }
    assert_true(n > 100);
    for (int i = n - 1; i >= 0; i--) {
        assert_int_equal(fc_match_undo(m, &err), 0);
        assert_int_equal(fc_match_state_hash(m), hash[i]);
    }
    assert_int_equal(fc_match_undo(m, &err), FC_ESTATE);
    fc_match_free(m);
    mbfx_close(&f);
}

/* Only the pile order is hidden: determinize keeps the set of tiles and all public state. */
static void test_determinize_hides_pile_order(void **state)
{
    mbfx f;
    mbfx_open(&f, 8, NULL);
    mb_state a = f.st;
    assert_int_equal(a.npile, 7);
    fc_rng rng;
    fc_rng_seed(&rng, 1, 1);
    int differs = 0;
    for (int k = 0; k < 20; k++) {
        mb_state b = a;
        f.g->determinize(&b, f.env, 0, &rng);
        int seen = 0;
        for (int i = 0; i < b.npile; i++)
            seen |= 1 << b.pile[i];
        int want = 0;
        for (int i = 0; i < a.npile; i++)
            want |= 1 << a.pile[i];
        assert_int_equal(seen, want);
        differs += memcmp(a.pile, b.pile, sizeof a.pile) != 0;
        b.pile[0] = a.pile[0];
        memcpy(b.pile, a.pile, sizeof a.pile);
        assert_memory_equal(&a, &b, sizeof a);
        /* the chance outcomes do not depend on the order */
        fc_decision la[MB_MAX_DECISIONS], lb[MB_MAX_DECISIONS];
        mb_state c = a;
        f.g->determinize(&c, f.env, 1, &rng);
        int na = f.g->legal(&a, f.env, la, NULL), nb = f.g->legal(&c, f.env, lb, NULL);
        assert_int_equal(na, nb);
        assert_memory_equal(la, lb, sizeof la[0] * (size_t)na);
    }
    assert_true(differs > 10);
    /* and the view does not show it */
    fc_view *v = calloc(1, sizeof *v);
    fc_match_view(f.m, 0, v);
    assert_true(v->ncells == f.D->nhex);
    free(v);
    mbfx_close(&f);
}

static void test_speed_report(void **state)
{
    mbfx f;
    mbfx_open(&f, 1, NULL);
    int n = getenv("FC_UNDER_VALGRIND") || getenv("FC_UNDER_SANITIZER") ? 20 : 3000;
    clock_t t0 = clock();
    for (int i = 0; i < n; i++) {
        fc_rng rng, setup;
        fc_rng_seed(&rng, (uint64_t)i, 7);
        fc_rng_seed(&setup, (uint64_t)i, 0);
        fc_decision buf[MB_MAX_DECISIONS];
        uint32_t w[MB_MAX_DECISIONS];
        memset(&f.st, 0, sizeof f.st);
        f.g->init(&f.st, f.env, &setup, NULL);
        for (int who; (who = f.g->to_move(&f.st, f.env)) != FC_NOBODY;) {
            int k = f.g->legal(&f.st, f.env, buf, w);
            int j = who == FC_CHANCE ? fc_rng_weighted(&rng, w, k) : (int)fc_rng_below(&rng, (uint32_t)k);
            f.g->apply(&f.st, f.env, buf[j]);
        }
    }
    double sec = (double)(clock() - t0) / CLOCKS_PER_SEC;
    fprintf(stderr, "%d random games in %.3f s: %.0f games/s\n", n, sec, sec > 0 ? n / sec : 0.0);
    mbfx_close(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_R87_random_games_invariants),
        cmocka_unit_test(test_replay_byte_identical),
        cmocka_unit_test(test_undo_restores_hash),
        cmocka_unit_test(test_determinize_hides_pile_order),
        cmocka_unit_test(test_speed_report),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
