/* March of the Ants random games (check() after every decision) for 2-5 players, notation
 * round trips and hidden information (views, determinize), byte-identical replays and undo. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "formicary/record.h"
#include "mz_fixture.h"
#include "../match_checks.h"

static int games(void)
{
    const char *e = getenv("MARSZ_GAMES");
    if (e)
        return atoi(e);
    return getenv("FC_UNDER_VALGRIND") || getenv("FC_UNDER_SANITIZER") ? 30 : 10000;
}

static void random_games(int nseats, const char *const *sets)
{
    mfx f;
    mfx_open(&f, nseats, 1, sets);
    mz_state init = f.st;
    fc_rng rng;
    fc_rng_seed(&rng, 1234, (uint64_t)nseats);
    long decisions = 0;
    int rounds = f.D->rounds;
    for (int g = 0; g < games(); g++) {
        f.st = init;
        decisions += mfx_random_game(&f, &rng);
        assert_int_equal(f.st.round, rounds); /* */
        double v[MZ_SEATS];
        f.g->evaluate(&f.st, f.env, v);
        for (int i = 0; i < nseats; i++)
            assert_true(v[i] >= 0.0 && v[i] <= 1.0);
    }
    assert_true(decisions > (long)games() * 50);
    mfx_close(&f);
}

static void test_random_games_2(void **state) { random_games(2, NULL); }
static void test_random_games_3(void **state) { random_games(3, NULL); }
static void test_random_games_4(void **state) { random_games(4, NULL); }
static void test_random_games_5(void **state) { random_games(5, NULL); }
static void test_random_games_variants(void **state)
{
    static const char *const epic[] = {"epic=true", "draft_start=true", NULL};
    static const char *const v14[] = {"reactions_enabled=false", "feed_base=3", "open_hands=true",
                                      "centipede_fixed_bonus=3", NULL};
    static const char *const species[] = {"species=true", NULL};
    random_games(3, epic);
    random_games(4, v14);
    random_games(2, epic);
    for (int n = 2; n <= 5; n++) /* V-5 */
        random_games(n, species);
}

/* Every legal decision round-trips through its text; other seats' hands and face-down
 * ferocity cards never appear in a view; determinize keeps the invariants and the own hand. */
static void test_notation_views_determinize(void **state)
{
    fc_view *v = calloc(1, sizeof *v);
    static fc_decision buf[MZ_MAX_DECISIONS];
    for (int nseats = 2; nseats <= 5; nseats++) {
        mfx f;
        mfx_open(&f, nseats, 3, NULL);
        fc_rng rng;
        fc_rng_seed(&rng, 77, (uint64_t)nseats);
        int games_n = getenv("FC_UNDER_VALGRIND") ? 1 : 8;
        for (int g = 0; g < games_n; g++) {
            memcpy(&f.st, fc_match_state(f.m), sizeof f.st);
            while (mfx_to_move(&f) != FC_NOBODY) {
                int n = f.g->legal(&f.st, f.env, buf, NULL);
                for (int i = 0; i < n; i++) {
                    char t[96];
                    fc_decision back;
                    assert_true(f.g->decision_text(&f.st, f.env, buf[i], t, sizeof t) > 0);
                    assert_int_equal(f.g->decision_parse(&f.st, f.env, t, &back), 0);
                    assert_int_equal(back, buf[i]);
                    fc_decision_info info;
                    f.g->decision_describe(&f.st, f.env, buf[i], &info);
                    assert_true(info.label[0] != '\0');
                }
                fc_decision bad;
                assert_int_equal(f.g->decision_parse(&f.st, f.env, "fly away", &bad), FC_EPARSE);
                int seat = (int)fc_rng_below(&rng, (uint32_t)nseats);
                f.g->view(&f.st, f.env, seat, memset(v, 0, sizeof *v));
                for (int i = 0; i < v->npanel; i++)
                    if (!strcmp(v->panel[i].key, "hand") && v->panel[i].seat != seat)
                        assert_non_null(strstr(v->panel[i].value, "hidden"));
                mz_state copy = f.st;
                f.g->determinize(&copy, f.env, seat, &rng);
                char msg[200];
                if (f.g->check(&copy, f.env, msg, sizeof msg) != 0)
                    fail_msg("after determinize: %s", msg);
                for (int c = 0; c < MZ_CARDS; c++)
                    if (f.st.card_loc[c] == CL_HAND && f.st.card_seat[c] == seat)
                        assert_true(copy.card_loc[c] == CL_HAND && copy.card_seat[c] == seat);
                mz_state before = f.st;
                assert_int_equal(f.g->apply(&f.st, f.env, MZ_D(DK_COUNT, 0, 0, 0)), FC_EILLEGAL);
                assert_memory_equal(&before, &f.st, sizeof before);
                int i = (int)fc_rng_below(&rng, (uint32_t)n);
                assert_int_equal(f.g->apply(&f.st, f.env, buf[i]), 0);
                mfx_check(&f);
            }
        }
        mfx_close(&f);
    }
    free(v);
}

/* Every one of the 66 cards gets played (A-34 playability, all effects implemented) in random
 * games, and every card is used for ferocity somewhere. */
static void test_every_card_played_a34(void **state)
{
    static fc_decision buf[MZ_MAX_DECISIONS];
    int played[MZ_CARDS] = {0}, fer[MZ_CARDS] = {0};
    fc_rng rng;
    fc_rng_seed(&rng, 5, 5);
    int missing = MZ_CARDS;
    for (int g = 0; g < 3000 && missing > 0; g++) {
        mfx f;
        mfx_open(&f, 2 + g % 4, (uint64_t)g, NULL);
        while (mfx_to_move(&f) != FC_NOBODY) {
            int n = f.g->legal(&f.st, f.env, buf, NULL);
            /* prefer playing cards so that effects get exercised */
            int pick = -1;
            for (int i = 0; i < n && pick < 0; i++)
                if (MZ_DK(buf[i]) == DK_ACTION && MZ_DA(buf[i]) == AC_PLAY && fc_rng_below(&rng, 2))
                    pick = i;
            if (pick < 0)
                pick = (int)fc_rng_below(&rng, (uint32_t)n);
            fc_decision d = buf[pick];
            if (MZ_DK(d) == DK_ACTION && MZ_DA(d) == AC_PLAY && !played[MZ_DB(d)]++)
                missing--;
            if (MZ_DK(d) == DK_FER && MZ_DA(d) != MZ_NONE)
                fer[MZ_DA(d)]++;
            assert_int_equal(f.g->apply(&f.st, f.env, d), 0);
            mfx_check(&f);
        }
        mfx_close(&f);
    }
    int fer_total = 0;
    for (int c = 0; c < MZ_CARDS; c++) {
        if (!played[c])
            fail_msg("card %d was never played", c);
        fer_total += fer[c];
    }
    assert_true(fer_total > 0);
}

/* Same seed -> identical record; a record replays to the same state; undo is exact. */
static void test_replay_and_undo(void **state)
{
    static const char *const extra[] = {"epic=true", "draft_start=true", "species=true", NULL};
    for (int cfg = 0; cfg < 8; cfg++) {
        int nseats = 2 + cfg % 4;
        const char *const *sets = cfg >= 4 ? extra : NULL;
        mfx a, b;
        mfx_open(&a, nseats, 42, sets);
        mfx_open(&b, nseats, 42, sets);
        mcx_play(a.m, 5, 100000);
        mcx_play(b.m, 5, 100000);
        assert_int_equal(fc_match_to_move(a.m), FC_NOBODY);
        mcx_records_agree(a.ctx, a.m, b.m);
        mfx c;
        mfx_open(&c, nseats, 43, sets);
        mcx_undo_exact(c.m, 300);
        mfx_close(&c);
        mfx_close(&a);
        mfx_close(&b);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_games_2),        cmocka_unit_test(test_random_games_3),
        cmocka_unit_test(test_random_games_4),        cmocka_unit_test(test_random_games_5),
        cmocka_unit_test(test_random_games_variants), cmocka_unit_test(test_notation_views_determinize),
        cmocka_unit_test(test_replay_and_undo),       cmocka_unit_test(test_every_card_played_a34),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
