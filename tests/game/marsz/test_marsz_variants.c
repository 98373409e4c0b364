/* March of the Ants variants (V-1 .. V-4, R-82, R-83) as parameters, the shipped rule sets and
 * Lua scripts, and the hook points (battle strength, casualties, feeding capacity, goal score,
 * round end). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "formicary/match.h"
#include "formicary/rules.h"
#include "mz_fixture.h"

static void frames(mfx *f, int phase_stage, int kind, int stage)
{
    memset(f->st.frame, 0, sizeof f->st.frame);
    f->st.nframes = 0;
    mz_push(&f->st, F_PHASE, 0, 0, phase_stage, 0, 0);
    mz_push(&f->st, kind, f->st.active, 1, stage, 0, 0);
    mz_run(f->env, &f->st);
}

/* V-1: no reactions after an action (R-27 off). */
static void test_v1_silent_meadow(void **state)
{
    static const char *const sets[] = {"reactions_enabled=false", NULL};
    mfx f;
    mfx_open(&f, 3, 4, sets);
    int p = mfx_to_move(&f);
    mfx_play(&f, "forage");
    while (mfx_top_kind(&f) == F_DISCARD) {
        static fc_decision buf[MZ_MAX_DECISIONS];
        f.g->legal(&f.st, f.env, buf, NULL);
        assert_int_equal(f.g->apply(&f.st, f.env, buf[0]), 0);
    }
    assert_int_equal(mfx_top_kind(&f), F_TURN); /* no F_REACT */
    assert_int_equal(mfx_to_move(&f), (p + 1) % 3);
    mfx_close(&f);
}

/* V-2 and R-68: one food feeds feed_base ants. */
static void test_v2_lean_seasons(void **state)
{
    static const char *const sets[] = {"feed_base=3", NULL};
    mfx f;
    mfx_open(&f, 3, 5, sets);
    mfx_clear_ants(&f);
    mfx_ants(&f, 0, MZ_POS(MZ_GT, MZ_OUT), 4);
    f.st.seat[0].food = 1;
    f.st.active = 0;
    frames(&f, PS_DORMANCY, F_QUEEN, 1);
    assert_int_equal(mfx_top_kind(&f), F_FEED);
    assert_false(mfx_legal(&f, "feed 4"));
    assert_true(mfx_legal(&f, "feed 3"));
    mfx_close(&f);
}

/* V-4: a centipede's strength is its size + 3 and it draws no card. */
static void test_v4_fixed_centipedes(void **state)
{
    static const char *const sets[] = {"centipede_fixed_bonus=3", NULL};
    mfx f;
    mfx_open(&f, 3, 6, sets);
    mfx_clear_ants(&f);
    mz_place_tile(f.env, &f.st, 0, 12, 0, -2, 0, false);
    f.st.loc[12].centipede = 1;
    mfx_ants(&f, 0, MZ_POS(12, 0), 1);
    int deck = f.st.ndeck;
    f.st.round = 2;
    frames(&f, PS_QUEEN, F_SOLDIER, 2);
    mfx_play(&f, "ferocity none");
    assert_int_equal(f.st.bt.centi_str, mz_size(f.D, &f.st) + 3);
    assert_int_equal(f.st.ndeck, deck);
    mfx_close(&f);
}

/* epic mode has 5 rounds and 5 reward tiles; the drafted hand keeps 3 cards of
 * 2 + position drawn, the rest going under the deck (hidden choices). */
static void test_r82_r83_epic_draft(void **state)
{
    static const char *const sets[] = {"epic=true", "draft_start=true", NULL};
    mfx f;
    mfx_open(&f, 3, 7, sets);
    assert_int_equal(f.D->rounds, 5);
    assert_int_equal(f.st.nreward, 4);
    for (int i = 0; i < 3; i++) {
        assert_int_equal(mfx_top_kind(&f), F_DRAFT);
        int p = mfx_to_move(&f);
        int offered = 0;
        for (int c = 0; c < MZ_CARDS; c++)
            offered += f.st.card_loc[c] == CL_LIMBO && f.st.card_seat[c] == p;
        assert_int_equal(offered, 3 + i);
        static fc_decision buf[MZ_MAX_DECISIONS];
        f.g->legal(&f.st, f.env, buf, NULL);
        assert_int_equal(f.g->decision_audience(&f.st, f.env, buf[0]), FC_SEAT_BIT(p));
        for (int k = 0; k < 3; k++) {
            f.g->legal(&f.st, f.env, buf, NULL);
            assert_int_equal(f.g->apply(&f.st, f.env, buf[0]), 0);
        }
        assert_int_equal(f.st.seat[p].hand, 3);
        mfx_check(&f);
    }
    assert_int_equal(f.st.draft_bottom, 0 + 1 + 2);
    assert_int_equal(mfx_top_kind(&f), F_TURN);
    mfx_close(&f);
}

/* Hooks: battle_strength and feeding_capacity change the numbers the rules use. */
static void test_hooks_strength_feeding(void **state)
{
    const char *lua = "variant{ name = 'h', game = 'marsz' }\n"
                      "hook('battle_strength', function(seat, loc, centi, s) return s + 10 end)\n"
                      "hook('feeding_capacity', function(seat, c) return 1 end)\n";
    mfx f;
    mfx_open_variant(&f, 3, 8, NULL, lua);
    mfx_clear_ants(&f);
    mfx_ants(&f, 0, MZ_POS(MZ_GT, MZ_OUT), 2);
    mfx_ants(&f, 1, MZ_POS(MZ_GT, MZ_OUT), 2);
    f.st.gt_defender = 0;
    f.st.round = 1;
    frames(&f, PS_QUEEN, F_SOLDIER, 1);
    while (mfx_top_kind(&f) == F_FEROCITY)
        mfx_play(&f, "ferocity none");
    assert_int_equal(f.st.bt.strength[0], 12);
    f.st.seat[2].food = 1;
    mfx_clear_ants(&f);
    mfx_ants(&f, 2, MZ_POS(MZ_GT, MZ_OUT), 3);
    f.st.active = 2;
    frames(&f, PS_DORMANCY, F_QUEEN, 1);
    assert_int_equal(mfx_to_move(&f), 2);
    assert_true(mfx_legal(&f, "feed 1"));
    assert_false(mfx_legal(&f, "feed 2"));
    mfx_close(&f);
}

static char *read_text(const char *path)
{
    FILE *fp = fopen(path, "rb");
    if (!fp)
        fail_msg("cannot open %s", path);
    static char buf[8192];
    size_t n = fread(buf, 1, sizeof buf - 1, fp);
    buf[n] = '\0';
    fclose(fp);
    return buf;
}

/* Every shipped script (V-1 .. V-4 and the hook-based house rules) plays complete games. */
static void test_shipped_scripts(void **state)
{
    static const char *const names[] = {"silent_meadow", "lean_seasons", "open_hands", "fixed_centipedes",
                                        "tunnel_garrison", "hungry_winter"};
    fc_rng rng;
    fc_rng_seed(&rng, 3, 3);
    for (int i = 0; i < 6; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s/scripts/marsz/%s.lua", FC_SOURCE_ROOT, names[i]);
        for (int n = 2; n <= 5; n++) {
            mfx f;
            mfx_open_variant(&f, n, (uint64_t)(i * 10 + n), NULL, read_text(path));
            for (int g = 0; g < 5; g++) {
                memcpy(&f.st, fc_match_state(f.m), sizeof f.st);
                mfx_random_game(&f, &rng);
            }
            mfx_close(&f);
        }
    }
}

/* The shipped rule sets load and play. */
static void test_rule_sets(void **state)
{
    static const char *const ini[] = {"standard", "two_player", "epic"};
    for (int i = 0; i < 3; i++) {
        fc_error err;
        fc_context *ctx = fc_context_new();
        if (fc_context_load(ctx, MARSZ_SO, &err) < 0)
            fail_msg("%s", err.msg);
        fc_rules *r = fc_rules_new(ctx, "marsz", i == 1 ? 2 : 4, &err);
        assert_non_null(r);
        char path[512];
        snprintf(path, sizeof path, "%s/config/marsz/%s.ini", FC_SOURCE_ROOT, ini[i]);
        if (fc_rules_load_ini(r, path, &err) != 0 || fc_rules_finish(r, &err) != 0)
            fail_msg("%s: %s", ini[i], err.msg);
        fc_match *m = fc_match_new(r, 5, &err);
        assert_non_null(m);
        fc_match_free(m);
        fc_rules_free(r);
        fc_context_free(ctx);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_v1_silent_meadow),   cmocka_unit_test(test_v2_lean_seasons),
        cmocka_unit_test(test_v4_fixed_centipedes), cmocka_unit_test(test_r82_r83_epic_draft),
        cmocka_unit_test(test_hooks_strength_feeding), cmocka_unit_test(test_shipped_scripts),
        cmocka_unit_test(test_rule_sets),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
