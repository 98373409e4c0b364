/* March of the Ants evaluation (plugins/marsz/src/eval.c, data/eval.csv): evaluate is
 * evaluate_weighted with the file's weights, bit for bit, over random positions of 2 to 5
 * players; with the new features at 0 it is the evaluation the plugin had before; values stay
 * in [0, 1]; the weights are offered by name through the match (API minor 7); the features push
 * the right way; and a broken eval.csv is refused with file:line. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "formicary/weights.h"
#include "mz_fixture.h"

/* The evaluation before eval.csv: score plus material against the best rival, over 5 points. */
static void old_evaluate(const mz_state *s, double *value)
{
    double base[MZ_SEATS];
    for (int p = 0; p < s->nseats; p++) {
        const mz_seat *P = &s->seat[p];
        base[p] = P->score + 0.3 * mz_ants_total(s, p) + 0.15 * P->larvae + 0.3 * P->food + 0.25 * P->hand +
                  0.5 * (P->npile[0] + P->npile[1] + P->npile[2]);
    }
    for (int p = 0; p < s->nseats; p++) {
        double best = -1e9;
        for (int q = 0; q < s->nseats; q++)
            if (q != p && base[q] > best)
                best = base[q];
        value[p] = 1.0 / (1.0 + exp(-(base[p] - best) / 5.0));
    }
}

/* The weights of tests/game/marsz/eval_old.csv (the six material weights and scale as they
 * were, every new feature 0), read as the agent key weights=FILE reads them: the file of the
 * measurement in docs/metrics.md. */
static void old_weights(mfx *f, double *w)
{
    const fc_eval_weight *defs;
    int n = fc_match_eval_weights(f->m, &defs);
    fc_error err;
    if (fc_weights_read(FC_SOURCE_ROOT "/tests/game/marsz/eval_old.csv", defs, n, w, &err) != 0)
        fail_msg("%s", err.msg);
    static const double first[MZW_SPACE] = {5, 1, 0.3, 0.15, 0.3, 0.25, 0.5};
    for (int i = 0; i < MZW_COUNT; i++)
        assert_true(w[i] == (i < MZW_SPACE ? first[i] : 0));
}

/* Random games; at every position: evaluate == evaluate_weighted(file values) ==
 * evaluate_weighted(the values eval_weights reports), the old weights give the old evaluation,
 * all bit for bit, and every value is in [0, 1]. */
static void test_evaluate_is_weighted_over_random_positions(void **state)
{
    (void)state;
    long positions = 0, differ = 0;
    for (int nseats = 2; nseats <= 5; nseats++) {
        mfx f;
        mfx_open(&f, nseats, 1, NULL);
        const fc_eval_weight *ew;
        int nw = fc_match_eval_weights(f.m, &ew);
        assert_int_equal(nw, MZW_COUNT);
        double file[MZW_COUNT], old[MZW_COUNT];
        for (int i = 0; i < nw; i++)
            file[i] = ew[i].value;
        old_weights(&f, old);
        mz_state init = f.st;
        fc_rng rng;
        fc_rng_seed(&rng, 77, (uint64_t)nseats);
        for (int game = 0; game < 4; game++) {
            f.st = init;
            static fc_decision buf[MZ_MAX_DECISIONS];
            for (int ply = 0; f.g->to_move(&f.st, f.env) != FC_NOBODY; ply++) {
                double a[MZ_SEATS], b[MZ_SEATS], c[MZ_SEATS], o[MZ_SEATS], o2[MZ_SEATS];
                size_t sz = sizeof(double) * (size_t)nseats;
                f.g->evaluate(&f.st, f.env, a);
                mz_evaluate_weighted(&f.st, f.env, f.D->w, b);
                f.g->evaluate_weighted(&f.st, f.env, file, c);
                assert_memory_equal(a, b, sz);
                assert_memory_equal(a, c, sz);
                mz_evaluate_weighted(&f.st, f.env, old, o);
                old_evaluate(&f.st, o2);
                assert_memory_equal(o, o2, sz);
                for (int p = 0; p < nseats; p++)
                    assert_true(a[p] >= 0 && a[p] <= 1);
                differ += a[0] != o[0];
                positions++;
                int n = f.g->legal(&f.st, f.env, buf, NULL);
                assert_true(n > 0 && ply < 20000);
                assert_int_equal(f.g->apply(&f.st, f.env, buf[fc_rng_below(&rng, (uint32_t)n)]), 0);
            }
        }
        mfx_close(&f);
    }
    assert_true(positions > 2000);
    assert_true(differ > positions / 2); /* the new features do change the judgement */
}

/* eval_weights: every weight named, documented, inside its range. */
static void test_eval_weights_by_name(void **state)
{
    (void)state;
    mfx f;
    mfx_open(&f, 3, 1, NULL);
    const fc_eval_weight *ew;
    int n = fc_match_eval_weights(f.m, &ew);
    assert_int_equal(n, MZW_COUNT);
    assert_non_null(fc_match_evaluate_weighted_fn(f.m));
    for (int i = 0; i < n; i++) {
        assert_true(ew[i].name[0] && strspn(ew[i].name, "abcdefghijklmnopqrstuvwxyz0123456789_") == strlen(ew[i].name));
        assert_true(ew[i].doc && ew[i].doc[0]);
        assert_true(ew[i].lo <= ew[i].value && ew[i].value <= ew[i].hi);
        for (int j = 0; j < i; j++)
            assert_string_not_equal(ew[i].name, ew[j].name);
    }
    assert_string_equal(ew[MZW_SCALE].name, "scale");
    assert_true(ew[MZW_SCALE].lo > 0);
    mfx_close(&f);
}

/* The features push the right way: a feeding that cannot be paid, a point harvest space, an
 * inner-meadow tile under control, ants alone in the Great Tunnel before the soldier phase. */
static void test_features_push_the_right_way(void **state)
{
    (void)state;
    mfx f;
    mfx_open(&f, 2, 1, NULL);
    mz_state *s = &f.st;
    assert_true(s->nframes > 0 && s->frame[0].kind == F_PHASE && s->frame[0].b <= PS_QUEEN);
    double v[MZ_SEATS], w[MZ_SEATS];
    mfx_clear_ants(&f);
    s->seat[0].food = 0;
    s->seat[1].food = 0;
    f.g->evaluate(&f.st, f.env, v);
    assert_true(v[0] > 0.49 && v[0] < 0.51);
    /* red: ants in the Great Tunnel but no food to feed them */
    mfx_ants(&f, 0, MZ_POS(MZ_GT, MZ_OUT), 3);
    s->seat[0].food = 0;
    double old[MZW_COUNT];
    old_weights(&f, old);
    f.g->evaluate(&f.st, f.env, w);
    mz_evaluate_weighted(&f.st, f.env, old, v);
    assert_true(w[0] < v[0]); /* starving ants are worth less than the old 0.3 each */
    /* with food for them they lead the tunnel and are fed */
    s->seat[0].food = 1;
    f.g->evaluate(&f.st, f.env, w);
    mz_evaluate_weighted(&f.st, f.env, old, v);
    assert_true(w[0] > v[0]);
    mfx_close(&f);
    /* Dandelion Field (P control space, C, L1) next to the Great Tunnel: an inner-meadow tile */
    mfx_open(&f, 3, 202, NULL);
    s = &f.st;
    mfx_clear_ants(&f);
    mfx_place(&f, 17, 0, -2, 0);
    assert_true(mz_inner(f.D, s, 17) && f.D->tile[17].space[0] == RW_P);
    s->seat[0].food = 3;
    double only_space[MZW_COUNT], only_inner[MZW_COUNT];
    memcpy(only_space, f.D->w, sizeof only_space);
    memcpy(only_inner, f.D->w, sizeof only_inner);
    only_space[MZW_INNER] = 0;
    only_inner[MZW_SPACE] = only_inner[MZW_SPACE_POINT] = 0;
    double on[3][MZ_SEATS], out[3][MZ_SEATS];
    mfx_ants(&f, 0, MZ_POS(17, 0), 1); /* red on the control space */
    f.g->evaluate(&f.st, f.env, on[0]);
    mz_evaluate_weighted(&f.st, f.env, only_space, on[1]);
    mz_evaluate_weighted(&f.st, f.env, only_inner, on[2]);
    mfx_clear_ants(&f);
    mfx_ants(&f, 0, MZ_POS(17, MZ_OUT), 1); /* the same ant on the outskirts */
    f.g->evaluate(&f.st, f.env, out[0]);
    mz_evaluate_weighted(&f.st, f.env, only_space, out[1]);
    mz_evaluate_weighted(&f.st, f.env, only_inner, out[2]);
    for (int i = 0; i < 3; i++)
        assert_true(on[i][0] > out[i][0] && on[i][1] < out[i][1]);
    mfx_close(&f);
}

/* The screened terms (default 0 in eval.csv), each alone on top of the shipped weights, push
 * the right way: a battle the seat would win, ants it would lose in one, free harvest spaces
 * its ants may take, ferocity in hand, ants early in the game. */
static void test_screened_terms_push_the_right_way(void **state)
{
    (void)state;
    mfx f;
    mfx_open(&f, 3, 202, NULL);
    mz_state *s = &f.st;
    mfx_clear_ants(&f);
    mfx_place(&f, 17, 0, -2, 0);
    assert_true(s->frame[0].b <= PS_SOLDIER && !s->loc[17].centipede);
    mfx_ants(&f, 0, MZ_POS(17, MZ_OUT), 2); /* red stronger than blue on a contested tile */
    mfx_ants(&f, 1, MZ_POS(17, MZ_OUT), 1);
    assert_true(mz_contested(s, 17));
    const int terms[] = {MZW_BATTLE, MZW_THREAT, MZW_ANTS_ROUND, MZW_REACH};
    const double amount[] = {0.5, -0.15, 0.05, 0.1};
    double base[MZ_SEATS], v[MZ_SEATS], w[MZW_COUNT];
    f.g->evaluate(&f.st, f.env, base);
    for (int i = 0; i < 4; i++) {
        if (terms[i] == MZW_REACH) { /* red alone on the tile: only red may take its spaces */
            mfx_clear_ants(&f);
            mfx_ants(&f, 0, MZ_POS(17, MZ_OUT), 1);
            f.g->evaluate(&f.st, f.env, base);
        }
        memcpy(w, f.D->w, sizeof w);
        assert_true(w[terms[i]] == 0);
        w[terms[i]] = amount[i];
        mz_evaluate_weighted(&f.st, f.env, w, v);
        if (terms[i] == MZW_THREAT) /* blue's ant is at risk, red's are not */
            assert_true(v[1] < base[1] && v[0] > base[0]);
        else /* red wins the battle, has more ants, reaches the free spaces */
            assert_true(v[0] > base[0]);
    }
    mfx_close(&f);
    /* two seats: the value moves with the difference of the hands' ferocity alone */
    mfx_open(&f, 2, 1, NULL);
    s = &f.st;
    int fer[2] = {0, 0};
    for (int k = 0; k < 5 && fer[0] == fer[1]; k++) {
        mz_draw_to_hand(s, 0, 1); /* red one card ahead, so that the ferocities differ */
        fer[0] = fer[1] = 0;
        for (int c = 0; c < MZ_CARDS; c++)
            if (s->card_loc[c] == CL_HAND)
                fer[s->card_seat[c]] += f.D->card[c].ferocity;
    }
    assert_true(fer[0] != fer[1]);
    f.g->evaluate(&f.st, f.env, base);
    memcpy(w, f.D->w, sizeof w);
    w[MZW_FEROCITY] = 0.15;
    mz_evaluate_weighted(&f.st, f.env, w, v);
    assert_true(v[0] != base[0] && (v[0] > base[0]) == (fer[0] > fer[1]));
    mfx_close(&f);
}

/* The evening's levers (default 0), each alone: a colony goal closer to its next level, a dearer
 * evolution on top of a pile, a ferocity card in hand that turns a tied battle, free spaces one
 * March step from the seat's ants. */
static void test_evening_levers_push_the_right_way(void **state)
{
    (void)state;
    mfx f;
    mfx_open(&f, 2, 1, NULL);
    mz_state *s = &f.st;
    mfx_clear_ants(&f);
    double w[MZW_COUNT], base[MZ_SEATS], v[MZ_SEATS], u[MZ_SEATS];
    /* CG-10 (2 / 4 / 6 ants in the Great Tunnel) for red, 3 ants there: level 1, halfway to 2 */
    mfx_take_card(&f, CG10);
    s->card_loc[CG10] = CL_GOAL;
    s->card_seat[CG10] = 0;
    mfx_ants(&f, 0, MZ_POS(MZ_GT, MZ_OUT), 3);
    assert_int_equal(mz_goal_points(f.env, s, 0, CG10), 1);
    assert_true(fabs(mz_goal_progress(f.env, s, 0, CG10) - 0.5) < 1e-12);
    assert_true(mz_goal_progress(f.env, s, 1, CG10) == 0);
    f.g->evaluate(&f.st, f.env, base);
    memcpy(w, f.D->w, sizeof w);
    assert_true(w[MZW_GOAL_NEXT] == 0 && w[MZW_EVO_COST] == 0 && w[MZW_BATTLE_FER] == 0);
    w[MZW_GOAL_NEXT] = 0.25;
    mz_evaluate_weighted(&f.st, f.env, w, v);
    assert_true(v[0] > base[0]);
    mfx_ants(&f, 0, MZ_POS(MZ_GT, MZ_OUT), 3); /* 6: the top level, nothing left to progress */
    assert_true(mz_goal_progress(f.env, s, 0, CG10) == 0);
    mfx_close(&f);
    /* Soldier Head (cost 3) against Acid Head (cost 1) on red's head pile */
    mfx_open(&f, 2, 1, NULL);
    s = &f.st;
    mfx_give_evo(&f, 0, HD09);
    memcpy(w, f.D->w, sizeof w);
    w[MZW_EVO_COST] = 0.15;
    mz_evaluate_weighted(&f.st, f.env, w, u);
    f.g->evaluate(&f.st, f.env, base);
    assert_true(u[0] > base[0]);
    mfx_give_evo(&f, 0, HD08);
    mz_evaluate_weighted(&f.st, f.env, w, v);
    assert_true(v[0] > u[0]);
    mfx_close(&f);
    /* one red and one blue ant on a contested tile: a tie, until blue's ferocity card counts */
    mfx_open(&f, 3, 202, NULL);
    s = &f.st;
    mfx_clear_ants(&f);
    mfx_place(&f, 17, 0, -2, 0);
    mfx_ants(&f, 0, MZ_POS(17, MZ_OUT), 1);
    mfx_ants(&f, 1, MZ_POS(17, MZ_OUT), 1);
    for (int c = 0; c < MZ_CARDS; c++)
        if (s->card_loc[c] == CL_HAND)
            s->card_loc[c] = CL_DISCARD; /* every hand empty of ferocity */
    mfx_to_hand(&f, 1, HD08);
    assert_true(f.D->card[HD08].ferocity > 0 && mz_contested(s, 17));
    memcpy(w, f.D->w, sizeof w);
    w[MZW_BATTLE] = 0.25;
    mz_evaluate_weighted(&f.st, f.env, w, u);
    w[MZW_BATTLE_FER] = 1;
    mz_evaluate_weighted(&f.st, f.env, w, v);
    assert_true(v[1] > u[1] && v[0] < u[0]);
    /* red in the Great Tunnel, connected to the free tile: one March step from its spaces */
    mfx_clear_ants(&f);
    mfx_ants(&f, 0, MZ_POS(MZ_GT, MZ_OUT), 1);
    s->conn[17] |= 1u; /* the fixture's tile has no paths: connect it to the tunnel */
    s->conn[MZ_GT] |= 1u << 17;
    assert_true(f.D->tile[17].nspaces > 1);
    f.g->evaluate(&f.st, f.env, base);
    memcpy(w, f.D->w, sizeof w);
    assert_true(w[MZW_MARCH] == 0);
    w[MZW_MARCH] = 0.1;
    mz_evaluate_weighted(&f.st, f.env, w, v);
    assert_true(v[0] > base[0]);
    mfx_clear_ants(&f); /* on the tile itself: reach's spaces, not march's */
    mfx_ants(&f, 0, MZ_POS(17, MZ_OUT), 1);
    f.g->evaluate(&f.st, f.env, base);
    mz_evaluate_weighted(&f.st, f.env, w, v);
    assert_true(v[0] == base[0]);
    mfx_close(&f);
}

static void copy_file(const char *from, const char *to)
{
    FILE *a = fopen(from, "r"), *b = fopen(to, "w");
    assert_non_null(a);
    assert_non_null(b);
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, a)) > 0)
        fwrite(buf, 1, n, b);
    fclose(a);
    fclose(b);
}

static const char *const data_files[] = {"tiles.csv",  "great_tunnel.csv", "cards.csv",   "rest_tiles.csv",
                                         "rewards.csv", "centipede_track.csv", "constants.csv", "species.csv",
                                         "eval.csv"};
#define NFILES (sizeof data_files / sizeof data_files[0])

/* data_load on a copy of the data directory whose eval.csv is `text`. */
static int load_eval(mfx *f, const char *text, fc_error *err)
{
    char dir[] = "/tmp/mzevalXXXXXX", path[256];
    assert_non_null(mkdtemp(dir));
    for (size_t i = 0; i < NFILES; i++) {
        char from[512];
        snprintf(from, sizeof from, "%s/plugins/marsz/data/%s", FC_SOURCE_ROOT, data_files[i]);
        snprintf(path, sizeof path, "%s/%s", dir, data_files[i]);
        copy_file(from, path);
    }
    snprintf(path, sizeof path, "%s/eval.csv", dir);
    FILE *fp = fopen(path, "w");
    assert_non_null(fp);
    fputs(text, fp);
    fclose(fp);
    void *data = NULL;
    int rc = f->g->data_load(fc_context_host(f->ctx), fc_rules_values(f->rules), 3, dir, &data, err);
    if (data)
        f->g->data_free(data);
    for (size_t i = 0; i < NFILES; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, data_files[i]);
        remove(path);
    }
    rmdir(dir);
    return rc;
}

#define HEAD "name,value,lo,hi\n"
#define MID "larvae,0.15,0,2\nfood,0.3,0,2\nhand,0.25,0,2\nevolution,0.5,0,3\nspace,0.2,0,2\n"
#define REST                                                                                                  \
    "space_point,0.5,0,2\ninner,0.5,0,2\ngoal,0.5,0,2\nstarve,-1.5,-6,0\nunfed,-0.3,-2,0\naward,0.7,0,2\n" \
    "tunnel,0.6,0,2\nferocity,0,0,2\nbattle,0,0,2\nthreat,0,-2,0\nreach,0,0,2\nants_round,0,0,1\n"      \
    "goal_next,0,0,2\nevo_cost,0,0,1\nbattle_fer,0,0,2\nmarch,0,0,2\n"
#define GOOD HEAD "scale,5,1,30\nscore,1,0,2\nants,0.3,0,2\n" MID REST

static void expect_refused(mfx *f, const char *text, const char *msg)
{
    fc_error err;
    memset(&err, 0, sizeof err);
    assert_true(load_eval(f, text, &err) < 0);
    if (!strstr(err.msg, msg))
        fail_msg("expected '%s' in '%s'", msg, err.msg);
}

static void test_broken_eval_csv_refused_with_line(void **state)
{
    (void)state;
    mfx f;
    mfx_open(&f, 3, 1, NULL);
    fc_error err;
    assert_int_equal(load_eval(&f, GOOD, &err), 0);
    expect_refused(&f, GOOD "centipede,1,0,2\n", "eval.csv:26: unknown weight 'centipede'");
    expect_refused(&f, HEAD "scale,5,1,30\nscore,1,0,2\n" MID REST, "eval.csv:24: missing weight 'ants'");
    expect_refused(&f, HEAD "scale,5,1,30\nscore,1,0,2\nants,-1,0,2\n" MID REST,
                   "eval.csv:4: weight 'ants' = -1 is outside its range 0..2");
    expect_refused(&f, HEAD "scale,5,0,30\nscore,1,0,2\nants,0.3,0,2\n" MID REST,
                   "eval.csv:2: weight 'scale': range 0..30 must be ordered and within 0.5..100");
    expect_refused(&f, HEAD "scale,5,1,30\nscore,1,0,2\nants,0.3x,0,2\n" MID REST,
                   "eval.csv:4: column 'value': expected a number, found '0.3x'");
    expect_refused(&f, GOOD "ants,0.3,0,2\n", "eval.csv:26: weight 'ants' given twice (first on line 4)");
    mfx_close(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_evaluate_is_weighted_over_random_positions),
        cmocka_unit_test(test_eval_weights_by_name),
        cmocka_unit_test(test_screened_terms_push_the_right_way),
        cmocka_unit_test(test_evening_levers_push_the_right_way),
        cmocka_unit_test(test_features_push_the_right_way),
        cmocka_unit_test(test_broken_eval_csv_refused_with_line),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
