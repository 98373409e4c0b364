/* Marabunta evaluation (plugins/marabunta/src/eval.c, data/eval.csv): evaluate is
 * evaluate_weighted with the file's weights, bit for bit, over random positions; with the new
 * features at 0 it is the evaluation the plugin had before; values stay in [0, 1]; the weights
 * are offered by name through the match (API minor 7); the features push the right way; and a
 * broken eval.csv is refused with file:line. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "formicary/weights.h"
#include "mb_fixture.h"

/* The evaluation before eval.csv: the projected margin over 10 VP, squashed (scores are the
 * projected totals, R-85). */
static void old_evaluate(const fc_game *g, const mb_state *s, const fc_env *env, double *value)
{
    int32_t total[MB_SEATS];
    int rank[MB_SEATS];
    g->scores(s, env, total, rank);
    for (int p = 0; p < MB_SEATS; p++) {
        double x = (total[p] - total[1 - p]) / 10.0;
        value[p] = 0.5 + 0.5 * x / (1.0 + (x < 0 ? -x : x));
    }
}

/* The weights of tests/game/marabunta/eval_old.csv (every feature added by eval.csv at 0), read
 * as the agent key weights=FILE reads them: the file of the measurement in docs/metrics.md. */
static void old_weights(mbfx *f, double *w)
{
    const fc_eval_weight *defs;
    int n = fc_match_eval_weights(f->m, &defs);
    fc_error err;
    if (fc_weights_read(MARABUNTA_TEST_DIR "/eval_old.csv", defs, n, w, &err) != 0)
        fail_msg("%s", err.msg);
    assert_true(w[MBW_SCALE] == 10 && w[MBW_PROJECTED] == 1 && w[MBW_REGION_SOFT] == 0 && w[MBW_HILL] == 0);
}

static const char *const side_sets[2][3] = {{"board_side=A", "player_side=A", NULL},
                                            {"board_side=B", "player_side=B", NULL}};

/* Random games; at every position before the end: evaluate == evaluate_weighted(file values)
 * == evaluate_weighted(the values eval_weights reports), the old weights give the old
 * evaluation, all bit for bit, and every value is in [0, 1]. */
static void test_evaluate_is_weighted_over_random_positions(void **state)
{
    (void)state;
    long positions = 0, differ = 0;
    for (int side = 0; side < 2; side++) {
        mbfx f;
        mbfx_open(&f, 1, side_sets[side]);
        const fc_eval_weight *ew;
        int nw = fc_match_eval_weights(f.m, &ew);
        assert_int_equal(nw, MBW_COUNT);
        double file[MBW_COUNT], old[MBW_COUNT];
        for (int i = 0; i < nw; i++)
            file[i] = ew[i].value;
        old_weights(&f, old);
        for (uint64_t seed = 1; seed <= 25; seed++) {
            fc_rng rng, setup;
            fc_rng_seed(&rng, seed, 3);
            fc_rng_seed(&setup, seed, 0);
            fc_error err;
            static fc_decision buf[MB_MAX_DECISIONS];
            uint32_t w[MB_MAX_DECISIONS];
            memset(&f.st, 0, sizeof f.st);
            assert_int_equal(f.g->init(&f.st, f.env, &setup, &err), 0);
            for (int who; (who = f.g->to_move(&f.st, f.env)) != FC_NOBODY;) {
                double a[2], b[2], c[2], o[2], o2[2];
                f.g->evaluate(&f.st, f.env, a);
                f.g->evaluate_weighted(&f.st, f.env, f.D->w, b);
                f.g->evaluate_weighted(&f.st, f.env, file, c);
                assert_memory_equal(a, b, sizeof a);
                assert_memory_equal(a, c, sizeof a);
                f.g->evaluate_weighted(&f.st, f.env, old, o);
                old_evaluate(f.g, &f.st, f.env, o2);
                assert_memory_equal(o, o2, sizeof o);
                for (int p = 0; p < 2; p++)
                    assert_true(a[p] >= 0 && a[p] <= 1 && a[p] + a[1 - p] > 0.999999 && a[p] + a[1 - p] < 1.000001);
                differ += a[0] != o[0];
                positions++;
                int n = f.g->legal(&f.st, f.env, buf, w);
                int i = who == FC_CHANCE ? fc_rng_weighted(&rng, w, n) : (int)fc_rng_below(&rng, (uint32_t)n);
                assert_int_equal(f.g->apply(&f.st, f.env, buf[i]), 0);
            }
        }
        mbfx_close(&f);
    }
    /* the new features do change the judgement */
    assert_true(positions > 5000);
    assert_true(differ > positions / 2);
}

/* eval_weights: every weight named, documented, inside its range, in the file's order of use. */
static void test_eval_weights_by_name(void **state)
{
    (void)state;
    mbfx f;
    mbfx_open(&f, 1, NULL);
    const fc_eval_weight *ew;
    int n = fc_match_eval_weights(f.m, &ew);
    assert_int_equal(n, MBW_COUNT);
    assert_non_null(fc_match_evaluate_weighted_fn(f.m));
    for (int i = 0; i < n; i++) {
        assert_true(ew[i].name[0] && strspn(ew[i].name, "abcdefghijklmnopqrstuvwxyz0123456789_") == strlen(ew[i].name));
        assert_true(ew[i].doc && ew[i].doc[0]);
        assert_true(ew[i].lo <= ew[i].value && ew[i].value <= ew[i].hi);
        for (int j = 0; j < i; j++)
            assert_string_not_equal(ew[i].name, ew[j].name);
    }
    assert_string_equal(ew[MBW_SCALE].name, "scale");
    assert_true(ew[MBW_SCALE].lo > 0);
    mbfx_close(&f);
}

/* The features push the right way: an ant hill, a lead in a region still open (worth less than
 * the same lead once the region is closed), crates on the way to an ability. */
static void test_features_push_the_right_way(void **state)
{
    (void)state;
    mbfx f;
    mbfx_open(&f, 1, NULL);
    int faces[6] = {FACE_0, FACE_0, FACE_0, FACE_0, FACE_0, FACE_0};
    mbfx_resolve(&f, 0, true, 1, faces, "T1");
    double v[2], w[2], old[MBW_COUNT];
    old_weights(&f, old);
    f.st.seat[1].hills = 0;
    f.g->evaluate(&f.st, f.env, v);
    f.st.seat[1].hills = 2;
    f.g->evaluate(&f.st, f.env, w);
    assert_true(w[1] > v[1]);
    /* red leads pink 3 to 0 with pink open: the old evaluation counts the region in full */
    mbfx_put(&f, 0, 0, 0, 3);
    f.g->evaluate_weighted(&f.st, f.env, old, v);
    f.g->evaluate(&f.st, f.env, w);
    assert_true(w[0] > 0.5 && w[0] < v[0]);
    /* the same lead with the rest of pink crossed out is (nearly) certain */
    double open = w[0];
    int pink = mbfx_region(&f, "pink");
    for (int c = 0; c < f.D->nhex; c++)
        if (f.D->region[c] == pink && mb_has(&f.st.avail, c))
            mbfx_cross(&f, f.D->hex[c].q, f.D->hex[c].r);
    f.g->evaluate(&f.st, f.env, w);
    assert_true(w[0] > open);
    /* a crate crossed towards an ability */
    f.g->evaluate(&f.st, f.env, v);
    f.st.seat[0].crates[0] = 1;
    f.g->evaluate(&f.st, f.env, w);
    assert_true(w[0] > v[0]);
    /* a closed region with equal sums (0 to 0): nothing to share, and no 0 / 0 */
    int orange = mbfx_region(&f, "orange");
    for (int c = 0; c < f.D->nhex; c++)
        if (f.D->region[c] == orange && mb_has(&f.st.avail, c))
            mbfx_cross(&f, f.D->hex[c].q, f.D->hex[c].r);
    f.g->evaluate(&f.st, f.env, w);
    assert_true(w[0] >= 0 && w[0] <= 1 && w[1] >= 0 && w[1] <= 1);
    f.g->evaluate_weighted(&f.st, f.env, old, v);
    old_evaluate(f.g, &f.st, f.env, w);
    assert_memory_equal(v, w, sizeof v);
    mbfx_close(&f);
}

static void write_file(const char *path, const char *text)
{
    FILE *fp = fopen(path, "w");
    assert_non_null(fp);
    fputs(text, fp);
    fclose(fp);
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

static const char *const data_files[] = {"board.csv", "regions.csv", "dice.csv", "tiles.csv", "abilities.csv",
                                         "groups.csv", "cookies.csv", "player_boards.csv", "eval.csv"};
#define NFILES (sizeof data_files / sizeof data_files[0])

/* data_load on a copy of the data directory whose eval.csv is `text`. */
static int load_eval(mbfx *f, const char *text, fc_error *err)
{
    char dir[] = "/tmp/mbevalXXXXXX", path[256];
    assert_non_null(mkdtemp(dir));
    for (size_t i = 0; i < NFILES; i++) {
        char from[512];
        snprintf(from, sizeof from, "%s/%s", MARABUNTA_DATA, data_files[i]);
        snprintf(path, sizeof path, "%s/%s", dir, data_files[i]);
        copy_file(from, path);
    }
    snprintf(path, sizeof path, "%s/eval.csv", dir);
    write_file(path, text);
    void *data = NULL;
    int rc = f->g->data_load(fc_context_host(f->ctx), fc_rules_values(f->rules), 2, dir, &data, err);
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
#define REST "region_doubt,1,0.1,5\nhill,1,0,5\ncrate,1,0,5\naccess,0.5,0,3\ncookie_reach,0.5,0,3\n"
#define GOOD HEAD "scale,10,2,40\nprojected,1,0,2\nregion_soft,1,0,2\n" REST

static void expect_refused(mbfx *f, const char *text, const char *msg)
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
    mbfx f;
    mbfx_open(&f, 1, NULL);
    fc_error err;
    assert_int_equal(load_eval(&f, GOOD, &err), 0);
    assert_int_equal(load_eval(&f, "# a comment\n" GOOD, &err), 0);
    expect_refused(&f, GOOD "bonus,1,0,2\n", "eval.csv:10: unknown weight 'bonus'");
    expect_refused(&f, HEAD "scale,10,2,40\nprojected,1,0,2\n" REST, "eval.csv:8: missing weight 'region_soft'");
    expect_refused(&f, HEAD "scale,10,2,40\nprojected,3,0,2\nregion_soft,1,0,2\n" REST,
                   "eval.csv:3: weight 'projected' = 3 is outside its range 0..2");
    expect_refused(&f, HEAD "scale,0,0,40\nprojected,1,0,2\nregion_soft,1,0,2\n" REST,
                   "eval.csv:2: weight 'scale': range 0..40 must be ordered and within 0.5..100");
    expect_refused(&f, HEAD "scale,10,40,2\nprojected,1,0,2\nregion_soft,1,0,2\n" REST,
                   "eval.csv:2: weight 'scale': range 40..2");
    expect_refused(&f, HEAD "scale,ten,2,40\nprojected,1,0,2\nregion_soft,1,0,2\n" REST,
                   "eval.csv:2: column 'value': expected a number, found 'ten'");
    expect_refused(&f, GOOD "scale,10,2,40\n", "eval.csv:10: weight 'scale' given twice (first on line 2)");
    expect_refused(&f, "name,value\nscale,10\n", "eval.csv: missing column 'lo'");
    mbfx_close(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_evaluate_is_weighted_over_random_positions),
        cmocka_unit_test(test_eval_weights_by_name),
        cmocka_unit_test(test_features_push_the_right_way),
        cmocka_unit_test(test_broken_eval_csv_refused_with_line),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
