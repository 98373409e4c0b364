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

static void turn_of(mfx *f, int seat, int species)
{
    mz_state *s = &f->st;
    memset(s->frame, 0, sizeof s->frame);
    s->nframes = 0;
    s->active = (uint8_t)seat;
    s->seat[seat].turns = 1;
    s->seat[seat].species = (uint8_t)species;
    s->seat[seat].unique_used = 0;
    mz_push(s, F_PHASE, 0, 0, PS_THORAX, 0, 0);
    mz_push(s, F_TURN, seat, 0, 0, 0, 0);
    mz_gain_larvae(s, seat, 10);
}

static void to_hand(mfx *f, int seat, int c)
{
    mfx_take_card(f, c);
    mz_to_hand(&f->st, seat, c);
}

/* V-5 setup: four different species; with five players one seat keeps the standard side. */
static void test_v5_setup(void **state)
{
    static const char *const sets[] = {"species=true", NULL};
    for (int n = 4; n <= 5; n++) {
        mfx f;
        mfx_open(&f, n, 9, sets);
        int seen = 0, none = 0;
        for (int p = 0; p < n; p++) {
            seen |= 1 << f.st.seat[p].species;
            none += f.st.seat[p].species == SP_NONE;
        }
        assert_int_equal(seen & 0x1E, 0x1E);
        assert_int_equal(none, n - 4);
        mfx_close(&f);
    }
}

/* V-5 Egg Keepers: Brood Ritual plays evolutions; every other player may gain larvae equal
 * to a played card's cost; ferocity cards in tile battles cost 1 point each. */
static void test_v5_egg_keepers(void **state)
{
    static const char *const sets[] = {"species=true", NULL};
    mfx f;
    mfx_open(&f, 3, 10, sets);
    for (int p = 0; p < 3; p++)
        f.st.seat[p].species = SP_NONE;
    turn_of(&f, 0, SP_EGG_KEEPERS);
    to_hand(&f, 0, HD10); /* cost 2, either */
    mfx_play(&f, "unique");
    mfx_play(&f, "card HD-10");
    mfx_play(&f, "pay larva");
    mfx_play(&f, "pay larva");
    mfx_play(&f, "done");
    assert_true(mz_has_evo(&f.st, 0, HD10));
    assert_int_equal(mfx_to_move(&f), 1);
    int l1 = f.st.seat[1].larvae;
    mfx_play(&f, "react ritual");
    assert_int_equal(f.st.seat[1].larvae, l1 + 2);
    assert_false(mz_unique_legal(f.env, &f.st, 0)); /* once per worker phase */
    mfx_close(&f);
}

/* V-5 Visionary Queen: Prophecy plays a third goal without discarding; a second evolution in
 * a segment costs one more piece. */
static void test_v5_visionary_queen(void **state)
{
    static const char *const sets[] = {"species=true", NULL};
    mfx f;
    mfx_open(&f, 3, 11, sets);
    turn_of(&f, 0, SP_VISIONARY);
    to_hand(&f, 0, CG01);
    to_hand(&f, 0, CG04);
    to_hand(&f, 0, CG08);
    f.st.card_loc[CG01] = CL_GOAL, f.st.seat[0].hand--;
    f.st.card_loc[CG04] = CL_GOAL, f.st.seat[0].hand--;
    f.st.seat[0].ngoals = 2;
    mfx_play(&f, "unique");
    mfx_play(&f, "card CG-08");
    mfx_play(&f, "pay larva");
    mfx_play(&f, "pay larva");
    assert_int_equal(f.st.seat[0].ngoals, 3);
    mfx_check(&f);
    mfx_give_evo(&f, 0, HD10);
    assert_int_equal(mz_card_extra(f.D, &f.st, 0, HD08), 1);
    assert_int_equal(mz_card_extra(f.D, &f.st, 0, TX09), 0);
    mfx_close(&f);
}

/* V-5 Chaos Dancers: Forage draws 2; Wild Dance takes steps, then plays a card. */
static void test_v5_chaos_dancers(void **state)
{
    static const char *const sets[] = {"species=true", NULL};
    mfx f;
    mfx_open(&f, 3, 12, sets);
    turn_of(&f, 0, SP_CHAOS);
    int hand = f.st.seat[0].hand;
    mfx_play(&f, "forage");
    assert_int_equal(f.st.seat[0].hand, hand + 2);
    turn_of(&f, 0, SP_CHAOS);
    to_hand(&f, 0, EV15);
    mfx_play(&f, "unique");
    assert_int_equal(mfx_top_kind(&f), F_STEPS);
    assert_int_equal(f.st.frame[f.st.nframes - 1].n, 4);
    mfx_play(&f, "done");
    assert_int_equal(mfx_top_kind(&f), F_WILD);
    int food = f.st.seat[0].food;
    mfx_play(&f, "card EV-15");
    while (mfx_top_kind(&f) == F_PAY)
        mfx_play(&f, "pay larva");
    assert_int_equal(f.st.seat[0].food, food + 2);
    mfx_close(&f);
}

/* V-5 Horizon Researchers: Expansion places a second tile connected to the same tile as the
 * first; other players may take the explore reaction. */
static void test_v5_horizon_researchers(void **state)
{
    static const char *const sets[] = {"species=true", NULL};
    mfx f;
    mfx_open(&f, 3, 13, sets);
    mz_place_tile(f.env, &f.st, -1, 9, 0, -2, 0, false); /* all six openings */
    mfx_ants(&f, 0, MZ_POS(9, 0), 1);
    turn_of(&f, 0, SP_HORIZON);
    int food = f.st.seat[0].food;
    mfx_play(&f, "unique");
    assert_int_equal(f.st.seat[0].food, food - 1);
    static fc_decision buf[MZ_MAX_DECISIONS];
    int n = f.g->legal(&f.st, f.env, buf, NULL), k = 0;
    while (k < n && !(MZ_DA(buf[k]) == 64 + 0 && MZ_DB(buf[k]) == 64 - 3))
        k++;
    assert_true(k < n); /* (0,-3): north of T-9 */
    int t1 = f.st.frame[f.st.nframes - 1].a;
    assert_int_equal(f.g->apply(&f.st, f.env, buf[k]), 0);
    n = f.g->legal(&f.st, f.env, buf, NULL);
    assert_int_equal(f.g->apply(&f.st, f.env, buf[0]), 0);
    while (mfx_top_kind(&f) == F_ENTER)
        mfx_play(&f, "done");
    while (mfx_top_kind(&f) != F_EXPAND && mfx_top_kind(&f) != F_REACT) {
        n = f.g->legal(&f.st, f.env, buf, NULL);
        assert_int_equal(f.g->apply(&f.st, f.env, buf[n - 1]), 0);
    }
    if (mfx_top_kind(&f) == F_EXPAND && mfx_legal(&f, "option 1")) {
        mfx_play(&f, "option 1");
        int t2 = f.st.frame[f.st.nframes - 1].a;
        n = f.g->legal(&f.st, f.env, buf, NULL);
        assert_int_equal(f.g->apply(&f.st, f.env, buf[0]), 0);
        assert_true(f.st.loc[t2].placed);
        bool shared = false;
        for (int x = 1; x <= MZ_TILES; x++)
            if (x != t1 && x != t2 && mz_connected(f.D, &f.st, x, t1) && mz_connected(f.D, &f.st, x, t2))
                shared = true;
        assert_true(shared);
    }
    mfx_check(&f);
    mfx_close(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_v1_silent_meadow),   cmocka_unit_test(test_v2_lean_seasons),
        cmocka_unit_test(test_v4_fixed_centipedes), cmocka_unit_test(test_r82_r83_epic_draft),
        cmocka_unit_test(test_hooks_strength_feeding), cmocka_unit_test(test_shipped_scripts),
        cmocka_unit_test(test_rule_sets), cmocka_unit_test(test_v5_setup),
        cmocka_unit_test(test_v5_egg_keepers), cmocka_unit_test(test_v5_visionary_queen),
        cmocka_unit_test(test_v5_chaos_dancers), cmocka_unit_test(test_v5_horizon_researchers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
