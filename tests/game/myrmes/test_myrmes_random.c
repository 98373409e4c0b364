/* Myrmes random-play tests: whole games with check() after every decision (all player
 * counts), notation round-trip of every legal decision, determinism, determinize hiding,
 * and a speed report. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "myrmes_fixture.h"

static int games_per_count(void)
{
    if (getenv("FC_UNDER_VALGRIND") || getenv("FC_UNDER_SANITIZER"))
        return 30;
    const char *e = getenv("MYRMES_GAMES");
    return e ? atoi(e) : 10000;
}

/* Decision counts by kind over the random games (to show the rules were exercised). */
static long kind_count[32];

/* A biased random policy for odd seeds so games reach levels, objectives and specials:
 * weights by decision kind; plain uniform choice otherwise. */
static int pick(const fc_decision *buf, int n, fc_rng *rng, bool biased)
{
    if (!biased)
        return (int)fc_rng_below(rng, (uint32_t)n);
    static const uint32_t wk[32] = {[D_SACRIFICE] = 1, [D_STOP] = 2, [D_DONE] = 1, [D_PLACE] = 40, [D_LEVEL] = 400,
                                    [D_OBJECTIVE] = 400, [D_NURSE] = 60, [D_TUNNEL] = 5, [D_HUNT] = 60,
                                    [D_CLEAR] = 60, [D_STEP] = 20, [D_EXIT] = 20, [D_ROOM] = 10, [D_EVENT] = 10,
                                    [D_BIRTHS] = 10, [D_HARVEST] = 10, [D_SCAVENGE] = 10, [D_DISCARD] = 10,
                                    [D_PAY] = 10, [D_PICK] = 10};
    uint32_t w[MY_MAX_DECISIONS];
    for (int i = 0; i < n; i++)
        w[i] = wk[MY_DKIND(buf[i]) & 31];
    return fc_rng_weighted(rng, w, n);
}

/* Plays one game from the match's initial state; returns the number of decisions. When
 * `round_trip`, every legal decision at every point is rendered and parsed back. */
static long play_game(mfx *f, uint64_t seed, bool check, bool round_trip, uint64_t *hash)
{
    fc_rng rng;
    fc_rng_seed(&rng, seed, 7);
    fc_decision buf[MY_MAX_DECISIONS];
    uint32_t w[MY_MAX_DECISIONS];
    char msg[256], text[160];
    memcpy(&f->st, fc_match_state(f->m), sizeof f->st);
    long plies = 0;
    uint64_t h = 0;
    for (;;) {
        int who = f->g->to_move(&f->st, f->env);
        if (who == FC_NOBODY)
            break;
        int n = f->g->legal(&f->st, f->env, buf, w);
        if (n <= 0)
            fail_msg("no legal decision (phase %d, seat %d)", f->st.phase, who);
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
        if (round_trip && who >= 0 && f->st.phase != PH_WORKERS && f->st.phase != PH_WORKSHOP) {
            /* determinize keeps what `who` knows: its own choices and its legal decisions */
            my_state copy = f->st;
            fc_decision again[MY_MAX_DECISIONS];
            f->g->determinize(&copy, f->env, who, &rng);
            assert_memory_equal(&copy.seat[who], &f->st.seat[who], sizeof(my_seat));
            assert_int_equal(f->g->to_move(&copy, f->env), who);
            assert_int_equal(f->g->legal(&copy, f->env, again, NULL), n);
            assert_memory_equal(again, buf, sizeof(fc_decision) * (size_t)n);
            if (f->g->check(&copy, f->env, msg, sizeof msg) != 0)
                fail_msg("determinize broke the state: %s", msg);
        }
        if (round_trip && seed < 2 && f->st.phase == PH_BIRTHS) {
            /* apply's fast births check accepts exactly the listed assignments */
            for (uint32_t a = 0; a < (1u << 15); a++) {
                my_state copy = f->st;
                bool listed = false;
                for (int j = 0; j < n && !listed; j++)
                    listed = buf[j] == MY_D(D_BIRTHS, a);
                if ((f->g->apply(&copy, f->env, MY_D(D_BIRTHS, a)) == 0) != listed)
                    fail_msg("births code %u: apply and legal disagree", a);
            }
        }
        int i = who == FC_CHANCE ? fc_rng_weighted(&rng, w, n) : pick(buf, n, &rng, seed & 1);
        kind_count[MY_DKIND(buf[i]) & 31]++;
        if (f->g->apply(&f->st, f->env, buf[i]) != 0) {
            f->g->decision_text(&f->st, f->env, buf[i], text, sizeof text);
            fail_msg("apply refused the legal decision '%s' (phase %d)", text, f->st.phase);
        }
        plies++;
        if (hash)
            h = fc_hash64(&f->st, sizeof f->st, h ^ buf[i]);
        if (check && f->g->check(&f->st, f->env, msg, sizeof msg) != 0)
            fail_msg("seed %llu ply %ld: %s", (unsigned long long)seed, plies, msg);
        if (plies > 200000)
            fail_msg("game does not end");
    }
    assert_int_equal(f->st.phase, PH_OVER);
    assert_int_equal(f->st.year, f->D->years);
    if (hash)
        *hash = h;
    return plies;
}

static void random_games(int nseats)
{
    int games = games_per_count();
    long plies = 0;
    for (int g = 0; g < games; g++) {
        mfx f;
        mfx_open(&f, nseats, (uint64_t)g * 7919 + (uint64_t)nseats, NULL);
        plies += play_game(&f, (uint64_t)g, true, g < 20, NULL);
        mfx_close(&f);
    }
    printf("# %d players: %d games, %.1f decisions per game\n", nseats, games, (double)plies / games);
    printf("# decisions by kind:");
    for (int k = 1; k <= D_PICK; k++)
        printf(" %ld", kind_count[k]);
    printf("\n");
}

static void test_random_2p(void **state) { (void)state; random_games(2); }
static void test_random_3p(void **state) { (void)state; random_games(3); }
static void test_random_4p(void **state) { (void)state; random_games(4); }

/* The same seed gives the same decision sequence and state hashes. */
static void test_deterministic(void **state)
{
    (void)state;
    for (int n = 2; n <= 4; n++) {
        uint64_t h1, h2, h3;
        mfx a, b;
        mfx_open(&a, n, 99, NULL);
        mfx_open(&b, n, 99, NULL);
        assert_memory_equal(fc_match_state(a.m), fc_match_state(b.m), sizeof(my_state));
        long p1 = play_game(&a, 5, false, false, &h1);
        long p2 = play_game(&b, 5, false, false, &h2);
        play_game(&b, 6, false, false, &h3);
        assert_int_equal(p1, p2);
        assert_true(h1 == h2);
        assert_true(h1 != h3);
        mfx_close(&a);
        mfx_close(&b);
    }
}

/* Speed: complete random 4-player games per second on one core (goal >= 2000). */
static void test_speed(void **state)
{
    (void)state;
    mfx f;
    mfx_open(&f, 4, 1, NULL);
    int games = getenv("FC_UNDER_VALGRIND") || getenv("FC_UNDER_SANITIZER") ? 5 : 2000;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    long plies = 0;
    for (int g = 0; g < games; g++)
        plies += play_game(&f, (uint64_t)g + 1000, false, false, NULL);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double sec = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    printf("# speed: %.0f games/s, %.0f ns per decision\n", games / sec, sec * 1e9 / (double)plies);
    mfx_close(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_deterministic),
        cmocka_unit_test(test_random_2p),
        cmocka_unit_test(test_random_3p),
        cmocka_unit_test(test_random_4p),
        cmocka_unit_test(test_speed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
