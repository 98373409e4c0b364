/* Termity custom board built in the game (scenario custom): neutral mounds,
 * tile drafting in pairs from the first player, layout limits and their switch
 * tiles returned to the box; swarms dealt at random; notation,
 * views, random games with check() and records of games that build their board. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "formicary/record.h"
#include "formicary/rules_text.h"
#include "formicary/view.h"
#include "tm_fixture.h"

static bool slow(void) { return getenv("FC_UNDER_VALGRIND") || getenv("FC_UNDER_SANITIZER"); }

static int pick(tfx *f, fc_rng *rng, fc_decision *out)
{
    fc_decision buf[TM_MAX_DECISIONS];
    int n = f->g->legal(&f->st, f->env, buf, NULL);
    assert_true(n > 0);
    *out = buf[fc_rng_below(rng, (uint32_t)n)];
    return n;
}

static int non_open(const tfx *f)
{
    int n = 0;
    for (int c = 0; c < f->D->ncells; c++)
        n += f->st.terrain[c] != TR_OPEN;
    return n;
}

static const char *view_text(const fc_view *v, const char *key)
{
    for (int i = 0; i < v->ntext; i++)
        if (!strcmp(v->text[i].key, key))
            return v->text[i].value;
    return NULL;
}

/* Builds the board with random choices, asserting who acts at every step: neutral mounds by
 * the seats in turn from the first player, then two tiles per builder from the first
 * player, the last single tile by the next builder. Returns the tiles laid. */
static int build_random(tfx *f, fc_rng *rng)
{
    int n = f->st.nseats, first = f->st.first, want = f->D->neutral_want;
    for (int i = 0; i < want; i++) {
        assert_int_equal(f->st.phase, PH_NEUTRAL);
        assert_int_equal(tfx_to_move(f), (first + i) % n);
        fc_decision d;
        pick(f, rng, &d);
        assert_int_equal(TM_DK(d), D_NEUTRAL);
        assert_int_equal(f->g->apply(&f->st, f->env, d), 0);
        tfx_check(f);
    }
    int laid = 0;
    while (TM_BUILDING(f->st.phase)) {
        int builder = (first + laid / 2) % n;
        fc_decision d;
        assert_int_equal(f->st.phase, PH_TILE);
        assert_int_equal(tfx_to_move(f), builder);
        pick(f, rng, &d);
        assert_int_equal(TM_DK(d), D_TILE);
        assert_int_equal(f->g->apply(&f->st, f->env, d), 0);
        tfx_check(f);
        assert_int_equal(f->st.phase, PH_TILE_HEX);
        assert_int_equal(tfx_to_move(f), builder);
        pick(f, rng, &d);
        assert_int_equal(TM_DK(d), D_LAY);
        assert_int_equal(f->g->apply(&f->st, f->env, d), 0);
        tfx_check(f);
        laid++;
        assert_int_equal(non_open(f), laid);
    }
    return laid;
}

static void drafting(int nseats, int tiles)
{
    char t[32];
    snprintf(t, sizeof t, "custom_tiles=%d", tiles);
    const char *sets[] = {"scenario=custom", "first_player=1", t, NULL};
    tfx f;
    tfx_open(&f, nseats, 7, sets);
    tfx_check(&f);
    assert_int_equal(f.st.first, 1);
    assert_int_equal(f.st.round, 0);
    assert_int_equal(__builtin_popcount(f.st.pool), tiles);
    assert_int_equal(non_open(&f), 0); /* side B is all Open */
    fc_rng rng;
    fc_rng_seed(&rng, 99, (uint64_t)nseats);
    assert_int_equal(build_random(&f, &rng), tiles);
    int neutral = 0;
    for (int k = 0; k < TM_MAX_NEUTRAL; k++)
        neutral += f.st.neutral_cell[k] != TM_NO_CELL;
    assert_int_equal(neutral, nseats - 1); /* */
    assert_int_equal(f.st.pool, 0);
    assert_int_equal(f.st.box, 0);
    /* then R-10 opening hands and R-12 mounds, and a normal game of 18 rounds */
    assert_int_equal(f.st.phase, PH_DRAW);
    assert_int_equal(f.st.drawer, 1);
    tfx_random_game(&f, &rng);
    assert_int_equal(f.st.round, 18);
    tfx_close(&f);
}

static void test_drafting_2(void **state) { drafting(2, 18); }
static void test_drafting_3(void **state) { drafting(3, 15); }
static void test_drafting_4(void **state) { drafting(4, 17); }

/* R-44 with R-11: never on an edge hex, never next to another mound. */
static void test_r44_neutral_constraints(void **state)
{
    const char *sets[] = {"scenario=custom", "first_player=0", NULL};
    tfx f;
    tfx_open(&f, 3, 1, sets);
    assert_int_equal(tfx_to_move(&f), 0);
    assert_false(tfx_legal(&f, "neutral at 5,0"));  /* edge (R-11 a) */
    assert_false(tfx_legal(&f, "neutral at -2,5")); /* edge */
    tm_state before = f.st;
    assert_int_equal(f.g->apply(&f.st, f.env, TM_D(D_NEUTRAL, 0, tfx_cell(&f, 5, 0), 0)), FC_EILLEGAL);
    assert_memory_equal(&before, &f.st, sizeof before);
    assert_int_equal(tfx_nlegal(&f), 61); /* the 61 interior hexes of a radius-5 board */
    tfx_play(&f, "neutral at 0,0");
    assert_int_equal(tfx_to_move(&f), 1);
    assert_false(tfx_legal(&f, "neutral at 1,0"));  /* adjacent (R-11 c) */
    assert_false(tfx_legal(&f, "neutral at 0,-1")); /* adjacent */
    assert_false(tfx_legal(&f, "neutral at 0,0"));  /* occupied (R-11 b) */
    assert_true(tfx_legal(&f, "neutral at 2,0"));
    assert_int_equal(tfx_nlegal(&f), 61 - 7);
    tfx_play(&f, "neutral at 2,0");
    assert_int_equal(f.st.phase, PH_TILE); /* two neutral mounds with 3 players */
    assert_int_equal(tfx_to_move(&f), 0);  /* drafting starts with the first player */
    assert_false(tfx_legal(&f, "neutral at -2,0"));
    fc_decision_info info;
    tfx_describe(&f, "tile WV water", &info);
    assert_false(info.has_hex);
    assert_string_equal(info.group, "tile");
    assert_non_null(strstr(info.label, "tile 1 of 2: a WV tile showing water (6 WV in the pool)"));
    tfx_play(&f, "tile WV water");
    assert_false(tfx_legal(&f, "lay 0,0")); /* never on a neutral mound */
    tfx_describe(&f, "lay 2,3", &info);
    assert_true(info.has_hex);
    assert_int_equal(info.hex.q, 2);
    assert_int_equal(info.hex.r, 3);
    assert_string_equal(info.label, "lay the WV tile showing water at (2,3) (R-45)");
    tfx_play(&f, "lay 2,3");
    assert_int_equal(tfx_to_move(&f), 0); /* the second tile of the pair */
    tfx_play(&f, "tile WS stones");
    assert_false(tfx_legal(&f, "lay 2,3")); /* a tile lies there */
    tfx_play(&f, "lay -3,3");
    assert_int_equal(tfx_to_move(&f), 1);
    tfx_check(&f);
    tfx_close(&f);
}

/* The placements of the limits test: tile, face, hex, and whether R-46 (with limits) allows it. */
typedef struct step {
    const char *tile, *hex; /* tile NULL: another hex for the tile taken in the step before */
    bool ok;
} step;

/* R-46 a, b, c refused tile by tile; the refused placement leaves the state unchanged. */
static void test_r46_limits(void **state)
{
    const char *sets[] = {"scenario=custom", "first_player=0", NULL};
    static const step steps[] = {
        {"tile WV water", "lay 1,-1", true},     /* the neutral mound's one Water neighbour */
        {"tile WS water", "lay -1,1", false},   /* R-46 c: a second Water next to it */
        {NULL, "lay 3,0", true},
        {"tile VS vegetation", "lay -3,0", true},
        {"tile WV vegetation", "lay -3,1", true}, /* two Vegetation tiles together */
        {"tile VS vegetation", "lay -2,0", false}, /* R-46 a: three */
        {NULL, "lay 2,-4", true},
        {"tile VS stones", "lay -2,0", true},    /* a group of 3 */
        {"tile WS stones", "lay -4,1", true},    /* 4 */
        {"tile WS stones", "lay -2,1", false},   /* R-46 b: 5 */
        {NULL, "lay -5,5", true},
    };
    tfx f;
    tfx_open(&f, 2, 3, sets);
    tfx_play(&f, "neutral at 0,0");
    for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++) {
        const step *S = &steps[i];
        if (S->tile)
            tfx_play(&f, S->tile);
        if (tfx_legal(&f, S->hex) != S->ok)
            fail_msg("step %zu (%s %s): expected %s", i, S->tile ? S->tile : "", S->hex, S->ok ? "legal" : "refused");
        if (S->ok) {
            tfx_play(&f, S->hex);
            tfx_check(&f);
            continue;
        }
        tm_state before = f.st;
        int q = 0, r = 0;
        assert_int_equal(sscanf(S->hex, "lay %d,%d", &q, &r), 2);
        assert_int_equal(f.g->apply(&f.st, f.env, TM_D(D_LAY, 0, tfx_cell(&f, q, r), 0)), FC_EILLEGAL);
        assert_memory_equal(&before, &f.st, sizeof before);
    }
    tfx_close(&f);
}

/* without the limits R-46 a and b go, R-46 c (R-11 d for the neutral mound) stays. */
static void test_r47_limits_off(void **state)
{
    const char *sets[] = {"scenario=custom", "first_player=0", "build_limits=false", NULL};
    tfx f;
    tfx_open(&f, 2, 3, sets);
    tfx_play(&f, "neutral at 0,0");
    tfx_play(&f, "tile WV water");
    tfx_play(&f, "lay 1,-1");
    tfx_play(&f, "tile WS water");
    assert_false(tfx_legal(&f, "lay -1,1")); /* R-46 c stays: it is R-11 d for the mound */
    tfx_play(&f, "lay 3,0");
    tfx_play(&f, "tile VS vegetation");
    tfx_play(&f, "lay -3,0");
    tfx_play(&f, "tile WV vegetation");
    tfx_play(&f, "lay -3,1");
    tfx_play(&f, "tile VS vegetation");
    assert_true(tfx_legal(&f, "lay -2,0")); /* three Vegetation: R-46 a off */
    tfx_play(&f, "lay -2,0");
    tfx_play(&f, "tile WS stones");
    tfx_play(&f, "lay -4,1");
    tfx_play(&f, "tile WS stones");
    assert_true(tfx_legal(&f, "lay -2,1")); /* a group of five: R-46 b off */
    tfx_play(&f, "lay -2,1");
    tfx_check(&f);
    tfx_close(&f);
}

/* with an odd count the last builder lays a single tile, then the game sets up. */
static void test_r45_single_last_tile(void **state)
{
    const char *sets[] = {"scenario=custom", "first_player=0", "custom_tiles=3", NULL};
    tfx f;
    tfx_open(&f, 2, 5, sets);
    tfx_play(&f, "neutral at 0,0");
    assert_int_equal(tfx_to_move(&f), 0);
    tfx_play(&f, "tile WV vegetation");
    tfx_play(&f, "lay 2,2");
    assert_int_equal(tfx_to_move(&f), 0); /* the same builder's second tile */
    tfx_play(&f, "tile WS stones");
    tfx_play(&f, "lay -2,-2");
    assert_int_equal(tfx_to_move(&f), 1);
    assert_int_equal(__builtin_popcount(f.st.pool), 1);
    fc_decision_info info;
    tfx_describe(&f, "tile VS stones", &info);
    assert_non_null(strstr(info.label, "tile 1 of 1: "));
    assert_false(tfx_legal(&f, "tile WV water")); /* none of that pair left */
    tfx_play(&f, "tile VS stones");
    tfx_play(&f, "lay 4,-1");
    assert_int_equal(f.st.phase, PH_DRAW); /* the board is done: opening hands */
    assert_int_equal(f.st.turn, 1);        /* whoever laid last; the draws start at the first player */
    assert_int_equal(f.st.drawer, 0);
    assert_int_equal(non_open(&f), 3);
    tfx_check(&f);
    /* the normal game then begins with the first player chosen before building */
    fc_rng rng;
    fc_rng_seed(&rng, 3, 3);
    while (tfx_to_move(&f) == FC_CHANCE) {
        fc_decision d;
        pick(&f, &rng, &d);
        assert_int_equal(f.g->apply(&f.st, f.env, d), 0);
    }
    assert_int_equal(f.st.phase, PH_SETUP);
    assert_int_equal(tfx_to_move(&f), 0);
    tfx_close(&f);
}

/* R-11 on the built board: the setup mounds see the tiles (d: one Water neighbour at most,
 * e: Open ground only). */
static void test_r11_on_built_board(void **state)
{
    const char *sets[] = {"scenario=custom", "first_player=0", "custom_tiles=3", NULL};
    tfx f;
    tfx_open(&f, 2, 5, sets);
    tfx_play(&f, "neutral at 0,0");
    tfx_play(&f, "tile WV water");
    tfx_play(&f, "lay 3,1");
    tfx_play(&f, "tile WS water");
    tfx_play(&f, "lay 2,2");
    tfx_play(&f, "tile VS stones");
    tfx_play(&f, "lay -2,-2");
    fc_rng rng;
    fc_rng_seed(&rng, 3, 4);
    while (tfx_to_move(&f) == FC_CHANCE) {
        fc_decision d;
        pick(&f, &rng, &d);
        assert_int_equal(f.g->apply(&f.st, f.env, d), 0);
    }
    assert_int_equal(f.st.phase, PH_SETUP);
    assert_false(tfx_legal(&f, "mound 9 at 2,1"));  /* two Water neighbours (R-11 d) */
    assert_false(tfx_legal(&f, "mound 9 at -2,-2")); /* on Stones (R-11 e) */
    assert_true(tfx_legal(&f, "mound 9 at 3,0"));    /* one Water neighbour */
    tfx_play(&f, "mound 9 at 3,0");
    tfx_check(&f);
    tfx_close(&f);
}

/* a tile that fits nowhere with either face goes back to the box. The position is made
 * by hand: everything but a flower of seven Open hexes around (2,-1) is covered, so the first
 * tile fits only in its centre and the rest of the pool fits nowhere after it. */
static void test_a21_unplaceable_tile(void **state)
{
    const char *sets[] = {"scenario=custom", "first_player=0", "custom_tiles=4", NULL};
    tfx f;
    tfx_open(&f, 2, 5, sets);
    tfx_play(&f, "neutral at -2,0");
    int centre = tfx_cell(&f, 2, -1), mound = tfx_cell(&f, -2, 0);
    for (int c = 0; c < f.D->ncells; c++)
        if (c != mound && f.D->dist[c][centre] > 1)
            f.st.terrain[c] = TR_STONES;
    assert_int_equal(f.st.phase, PH_TILE);
    assert_int_equal(tfx_nlegal(&f), 6); /* 3 pairs x 2 faces: the centre takes any of them */
    tfx_play(&f, "tile WS water");
    assert_int_equal(tfx_nlegal(&f), 1);
    assert_true(tfx_legal(&f, "lay 2,-1"));
    assert_false(tfx_legal(&f, "lay 3,-1")); /* joins the covered area (R-46 b) */
    tfx_play(&f, "lay 2,-1");
    /* the 3 tiles left fit nowhere: the box takes them and the board is done */
    assert_int_equal(f.st.pool, 0);
    assert_int_equal(__builtin_popcount(f.st.box), 3);
    assert_int_equal(f.st.phase, PH_DRAW);
    fc_view *v = calloc(1, sizeof *v);
    f.g->view(&f.st, f.env, -1, v);
    assert_string_equal(view_text(v, "back in the box"), "WV x2, VS x1 (A-21)");
    free(v);
    tfx_close(&f);
}

/* without the parameter the swarms are dealt from the setup RNG: distinct, decided by
 * the seed, varied across seeds; the parameter still assigns them. */
static void test_r09_swarm_deal(void **state)
{
    const char *rnd[] = {"swarms=-1", NULL};
    int deals[64] = {0}, distinct = 0;
    for (int seed = 1; seed <= 40; seed++) {
        tfx f;
        tfx_open(&f, 3, (uint64_t)seed, rnd);
        int code = 0;
        for (int i = 0; i < 3; i++) {
            assert_true(f.st.swarm[i] < 4);
            for (int j = 0; j < i; j++)
                assert_int_not_equal(f.st.swarm[i], f.st.swarm[j]);
            code = code * 4 + f.st.swarm[i];
        }
        distinct += deals[code]++ == 0;
        tfx g;
        tfx_open(&g, 3, (uint64_t)seed, rnd); /* the same seed deals the same */
        assert_memory_equal(g.st.swarm, f.st.swarm, sizeof f.st.swarm);
        tfx_check(&f);
        tfx_close(&g);
        tfx_close(&f);
    }
    assert_true(distinct >= 10); /* 24 possible deals of 4 swarms to 3 seats */
    const char *fixed[] = {"swarms=2,3", NULL};
    fc_view *v = calloc(1, sizeof *v);
    for (int seed = 1; seed <= 10; seed++) {
        tfx f;
        tfx_open(&f, 2, (uint64_t)seed, fixed);
        assert_int_equal(f.st.swarm[0], 2);
        assert_int_equal(f.st.swarm[1], 3);
        f.g->view(&f.st, f.env, 0, memset(v, 0, sizeof *v));
        assert_string_equal(view_text(v, "swarms"), "chosen by the rule set (R-09)");
        tfx_close(&f);
    }
    tfx f;
    tfx_open(&f, 2, 11, rnd);
    f.g->view(&f.st, f.env, 0, memset(v, 0, sizeof *v));
    assert_string_equal(view_text(v, "swarms"), "dealt at random (R-09)");
    int shown = 0;
    for (int i = 0; i < v->npanel; i++)
        if (!strcmp(v->panel[i].key, "swarm")) {
            assert_string_equal(v->panel[i].value, f.D->swarm[f.st.swarm[v->panel[i].seat]].name);
            shown++;
        }
    assert_int_equal(shown, 2);
    tfx_close(&f);
    free(v);
    fc_error err;
    const char *bad[] = {"swarms=1,1", NULL}, *few[] = {"swarms=2", NULL}, *neg[] = {"swarms=0,-1", NULL};
    assert_int_equal(tfx_try_open(&f, 2, bad, &err), FC_ERANGE);
    assert_non_null(strstr(err.msg, "given to two seats"));
    fc_rules_free(f.rules);
    fc_context_free(f.ctx);
    assert_int_equal(tfx_try_open(&f, 2, few, &err), FC_ERANGE);
    fc_rules_free(f.rules);
    fc_context_free(f.ctx);
    assert_int_equal(tfx_try_open(&f, 2, neg, &err), FC_ERANGE);
    fc_rules_free(f.rules);
    fc_context_free(f.ctx);
}

/* Parameters: custom_tiles beyond the box, custom with a map file. */
static void test_custom_params(void **state)
{
    tfx f;
    fc_error err;
    const char *many[] = {"scenario=custom", "custom_tiles=19", NULL};
    assert_int_equal(tfx_try_open(&f, 2, many, &err), FC_ERANGE);
    assert_non_null(strstr(err.msg, "custom_tiles 19, the box has 18 tiles"));
    fc_rules_free(f.rules);
    fc_context_free(f.ctx);
    const char *both[] = {"scenario=custom", "map=" TERMITY_TEST_DIR "/../../../plugins/termity/data/maps/S2.csv",
                          NULL};
    assert_int_equal(tfx_try_open(&f, 2, both, &err), FC_EINVAL);
    assert_non_null(strstr(err.msg, "scenario custom builds the board in the game"));
    fc_rules_free(f.rules);
    fc_context_free(f.ctx);
    /* 16 tiles take the pairs in turn: 6, 5, 5 */
    const char *sixteen[] = {"scenario=custom", "custom_tiles=16", NULL};
    tfx_open(&f, 4, 1, sixteen);
    fc_view *v = calloc(1, sizeof *v);
    f.g->view(&f.st, f.env, -1, v);
    assert_string_equal(view_text(v, "tile pool"), "WV x6, WS x5, VS x5");
    assert_string_equal(view_text(v, "layout limits"), "R-46 a, b, c");
    assert_non_null(strstr(v->title, "(custom)"));
    assert_non_null(strstr(v->title, "neutral mound"));
    free(v);
    tfx_close(&f);
}

/* Notation round trip, labels and hexes of every building decision; the view follows the pool
 * and the board under construction. */
static void test_build_notation_and_view(void **state)
{
    fc_view *v = calloc(1, sizeof *v);
    for (int nseats = 2; nseats <= 4; nseats++) {
        const char *sets[] = {"scenario=custom", "swarms=-1", nseats == 3 ? "build_limits=false" : NULL, NULL};
        tfx f;
        tfx_open(&f, nseats, (uint64_t)nseats, sets);
        fc_rng rng;
        fc_rng_seed(&rng, 5, (uint64_t)nseats);
        int laid = 0;
        while (TM_BUILDING(f.st.phase)) {
            fc_decision buf[TM_MAX_DECISIONS];
            int n = f.g->legal(&f.st, f.env, buf, NULL);
            assert_true(n > 0);
            for (int i = 0; i < n; i++) {
                char t[80];
                fc_decision back;
                assert_true(f.g->decision_text(&f.st, f.env, buf[i], t, sizeof t) > 0);
                assert_int_equal(f.g->decision_parse(&f.st, f.env, t, &back), 0);
                assert_int_equal(back, buf[i]);
                fc_decision_info info;
                f.g->decision_describe(&f.st, f.env, buf[i], &info);
                assert_true(info.label[0] != '\0');
                int k = TM_DK(buf[i]);
                assert_int_equal(info.has_hex, k != D_TILE);
                if (info.has_hex) {
                    assert_int_equal(info.hex.q, f.D->cell[TM_DB(buf[i])].q);
                    assert_int_equal(info.hex.r, f.D->cell[TM_DB(buf[i])].r);
                }
                assert_string_equal(info.group, k == D_NEUTRAL ? "neutral" : k == D_TILE ? "tile" : "place");
                assert_int_equal(f.g->decision_audience(&f.st, f.env, buf[i]), FC_ALL_SEATS);
            }
            fc_decision bad;
            assert_int_equal(f.g->decision_parse(&f.st, f.env, "lay 9,9", &bad), FC_EILLEGAL);
            assert_int_equal(f.g->decision_parse(&f.st, f.env, "tile WV lava", &bad), FC_EILLEGAL);
            assert_true(f.g->decision_parse(&f.st, f.env, "neutral at 0,0 ", &bad) < 0);
            assert_int_equal(f.g->decision_parse(&f.st, f.env, "build 0,0", &bad), FC_EPARSE);
            /* the view: terrain as built, the public pool, nothing hidden to determinize */
            f.g->view(&f.st, f.env, -1, memset(v, 0, sizeof *v));
            int tiles = 0;
            for (int c = 0; c < v->ncells; c++)
                tiles += strcmp(v->cells[c].terrain_name, f.D->terrain_def[TR_OPEN].name) != 0;
            assert_int_equal(tiles, laid);
            assert_non_null(view_text(v, "tile pool"));
            assert_non_null(view_text(v, "building"));
            assert_int_equal(view_text(v, "laying") != NULL, f.st.phase == PH_TILE_HEX);
            tm_state copy = f.st;
            f.g->determinize(&copy, f.env, 0, &rng);
            assert_memory_equal(&copy, &f.st, sizeof copy);
            fc_decision d = buf[fc_rng_below(&rng, (uint32_t)n)];
            laid += TM_DK(d) == D_LAY;
            assert_int_equal(f.g->apply(&f.st, f.env, d), 0);
            tfx_check(&f);
        }
        f.g->view(&f.st, f.env, -1, memset(v, 0, sizeof *v));
        assert_string_equal(view_text(v, "tile pool"), "none");
        assert_null(view_text(v, "building"));
        tfx_close(&f);
    }
    free(v);
}

/* Random games that build their board, every player count, limits on and off, 15..18 tiles,
 * random first player and swarm deal (init with a fresh setup stream), check() throughout. */
static void test_random_games_with_building(void **state)
{
    int games = slow() ? 2 : 150;
    long decisions = 0, returned = 0;
    for (int nseats = 2; nseats <= 4; nseats++)
        for (int cfg = 0; cfg < 4; cfg++) {
            char t[32];
            snprintf(t, sizeof t, "custom_tiles=%d", 15 + cfg);
            const char *sets[] = {"scenario=custom", "swarms=-1", t, cfg & 1 ? "build_limits=false" : NULL, NULL};
            tfx f;
            tfx_open(&f, nseats, 1, sets);
            fc_rng rng, setup;
            fc_rng_seed(&rng, 4321, (uint64_t)(nseats * 4 + cfg));
            for (int g = 0; g < games; g++) {
                fc_error err;
                fc_rng_seed(&setup, (uint64_t)g, 0);
                memset(&f.st, 0, sizeof f.st);
                assert_int_equal(f.g->init(&f.st, f.env, &setup, &err), 0);
                tfx_check(&f);
                decisions += tfx_random_game(&f, &rng);
                returned += __builtin_popcount(f.st.box);
                assert_int_equal(f.st.round, 18);
                assert_int_equal(non_open(&f) + __builtin_popcount(f.st.box), 15 + cfg);
            }
            tfx_close(&f);
        }
    assert_true(decisions > (long)games * 12 * 150);
    assert_int_equal(returned, 0); /* the full board always has room (A-21 needs a crowded board) */
}

/* A record of a game that builds its board and deals the swarms replays to the same state and
 * formats to the same text. */
static void test_record_replays(void **state)
{
    for (int nseats = 2; nseats <= 4; nseats++) {
        const char *sets[] = {"scenario=custom", "swarms=-1", "custom_tiles=17", NULL};
        tfx a;
        tfx_open(&a, nseats, 1000 + (uint64_t)nseats, sets);
        fc_rng rng;
        fc_error err;
        fc_rng_seed(&rng, 8, (uint64_t)nseats);
        while (fc_match_to_move(a.m) != FC_NOBODY) {
            if (fc_match_to_move(a.m) == FC_CHANCE) {
                assert_int_equal(fc_match_play_chance(a.m, &err), 0);
                continue;
            }
            const fc_decision *d;
            int n = fc_match_legal(a.m, &d, NULL);
            assert_int_equal(fc_match_play(a.m, d[fc_rng_below(&rng, (uint32_t)n)], &err), 0);
        }
        char *ra = NULL, *rb = NULL;
        assert_int_equal(fc_record_format(a.m, NULL, &ra, &err), 0);
        assert_non_null(strstr(ra, "\nparam swarms -1\n"));
        assert_non_null(strstr(ra, "\nparam scenario custom\n"));
        assert_non_null(strstr(ra, " neutral at "));
        assert_non_null(strstr(ra, " tile "));
        assert_non_null(strstr(ra, " lay "));
        fc_rules *rules2;
        fc_match *m2;
        fc_record_info info;
        if (fc_record_parse(a.ctx, "t.rec", ra, &rules2, &m2, &info, &err) != 0)
            fail_msg("replay: %s", err.msg);
        assert_int_equal(fc_match_state_hash(m2), fc_match_state_hash(a.m));
        const tm_state *s1 = fc_match_state(a.m), *s2 = fc_match_state(m2);
        assert_memory_equal(s1->swarm, s2->swarm, sizeof s1->swarm);
        assert_memory_equal(s1->terrain, s2->terrain, sizeof s1->terrain);
        assert_int_equal(fc_record_format(m2, NULL, &rb, &err), 0);
        assert_string_equal(ra, rb);
        fc_match_free(m2);
        fc_rules_free(rules2);
        free(ra);
        free(rb);
        tfx_close(&a);
    }
}

/* Every step of a game that builds its board names a rule the embedded rules text holds
 * (phase_topic, API minor 3): R-44 for neutral mounds, R-45/R-46 for tiles. */
static void test_phase_topics(void **state)
{
    const char *sets[] = {"scenario=custom", NULL};
    tfx f;
    tfx_open(&f, 3, 9, sets);
    const char *text = fc_plugin_rules_text(fc_rules_plugin(f.rules));
    assert_non_null(text);
    assert_non_null(f.g->phase_topic);
    assert_string_equal(f.g->phase_topic(&f.st, f.env), "R-44");
    fc_rng rng;
    fc_rng_seed(&rng, 1, 2);
    bool seen[PH_TILE_HEX + 1] = {false};
    for (int who; (who = tfx_to_move(&f)) != FC_NOBODY;) {
        const char *topic = f.g->phase_topic(&f.st, f.env);
        assert_non_null(topic);
        fc_rules_span span;
        if (fc_rules_text_find(text, topic, &span) != 0)
            fail_msg("phase %d: topic %s not in the rules text", f.st.phase, topic);
        seen[f.st.phase] = true;
        fc_decision d;
        pick(&f, &rng, &d);
        assert_int_equal(f.g->apply(&f.st, f.env, d), 0);
    }
    assert_string_equal(f.g->phase_topic(&f.st, f.env), "R-40");
    assert_true(seen[PH_NEUTRAL] && seen[PH_TILE] && seen[PH_TILE_HEX] && seen[PH_SETUP] && seen[PH_MOVE]);
    tfx_close(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_drafting_2),
        cmocka_unit_test(test_drafting_3),
        cmocka_unit_test(test_drafting_4),
        cmocka_unit_test(test_r44_neutral_constraints),
        cmocka_unit_test(test_r46_limits),
        cmocka_unit_test(test_r47_limits_off),
        cmocka_unit_test(test_r45_single_last_tile),
        cmocka_unit_test(test_r11_on_built_board),
        cmocka_unit_test(test_a21_unplaceable_tile),
        cmocka_unit_test(test_r09_swarm_deal),
        cmocka_unit_test(test_custom_params),
        cmocka_unit_test(test_build_notation_and_view),
        cmocka_unit_test(test_random_games_with_building),
        cmocka_unit_test(test_record_replays),
        cmocka_unit_test(test_phase_topics),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
