/* Termity evaluation (plugins/termity/src/eval.c, data/eval.csv; API minor 7): evaluate is
 * evaluate_weighted with the file's weights, bit for bit, over random positions; the weights
 * of eval_old.csv (new terms at 0) give exactly the evaluation before the data file; every
 * new term changes some position; a capture threat counts for the attacker and against the
 * owner, more for the seat moving next; a broken eval.csv is refused with file:line. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "formicary/context.h"
#include "tm_fixture.h"

#define OLD_CSV FC_SOURCE_ROOT "/tests/game/termity/eval_old.csv"

/* The evaluation as it was in C before eval.csv (view.c, commit 888ebb8), kept verbatim but for
 * the score, read through the game's scores (tests do not link the plugin's tm_score). */
static void old_evaluate(const fc_game *g, const tm_state *s, const fc_env *env, double *value)
{
    const tm_data *D = env->data;
    double base[TM_SEATS];
    int32_t score[TM_SEATS];
    int rank[TM_SEATS];
    g->scores(s, env, score, rank);
    for (int i = 0; i < s->nseats; i++) {
        int str = 0;
        for (uint32_t m = s->seat[i].board; m; m &= m - 1)
            str += tm_token_of(D, s, i, __builtin_ctz(m))->strength;
        base[i] = score[i] + 0.25 * str;
    }
    for (int i = 0; i < s->nseats; i++) {
        double best = -1e9;
        for (int j = 0; j < s->nseats; j++)
            if (j != i && base[j] > best)
                best = base[j];
        value[i] = 1.0 / (1.0 + exp(-(base[i] - best) / 6.0));
    }
}

/* Loads the plugin's data with eval.csv replaced by the file at `csv` (NULL: unchanged) or the
 * sed expression `edit` applied to it; returns data_load's code, the error in err. */
static int load_with(const tfx *f, const char *csv, const char *edit, void **data, fc_error *err)
{
    char dir[] = "/tmp/termity-eval-XXXXXX", cmd[1200];
    assert_non_null(mkdtemp(dir));
    snprintf(cmd, sizeof cmd, "cp -r %s/plugins/termity/data/. '%s'", FC_SOURCE_ROOT, dir);
    assert_int_equal(system(cmd), 0);
    if (csv) {
        snprintf(cmd, sizeof cmd, "cp '%s' '%s/eval.csv'", csv, dir);
        assert_int_equal(system(cmd), 0);
    }
    if (edit) {
        snprintf(cmd, sizeof cmd, "sed -i '%s' '%s/eval.csv'", edit, dir);
        assert_int_equal(system(cmd), 0);
    }
    memset(err, 0, sizeof *err);
    *data = NULL;
    int rc = f->g->data_load(fc_context_host(f->ctx), fc_rules_values(f->rules), f->env->nseats, dir, data, err);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
    return rc;
}

typedef struct probe {
    double w[TM_W_COUNT];                 /* the file's weights */
    const fc_env *env_old;                /* env whose data holds eval_old.csv */
    double w_one[TM_W_COUNT][TM_W_COUNT]; /* old weights with term i at its file value */
    long positions, changed[TM_W_COUNT];
} probe;

static void visit(const tfx *f, probe *p)
{
    double a[TM_SEATS], b[TM_SEATS], old[TM_SEATS];
    size_t n = sizeof(double) * (size_t)f->env->nseats;
    f->g->evaluate(&f->st, f->env, a);
    f->g->evaluate_weighted(&f->st, f->env, p->w, b);
    assert_memory_equal(a, b, n);
    for (int s = 0; s < f->env->nseats; s++)
        assert_true(a[s] >= 0.0 && a[s] <= 1.0);
    old_evaluate(f->g, &f->st, f->env, old);
    f->g->evaluate(&f->st, p->env_old, b);
    assert_memory_equal(old, b, n);
    for (int i = TM_W_FADE; i < TM_W_COUNT; i++) {
        f->g->evaluate_weighted(&f->st, f->env, p->w_one[i], b);
        p->changed[i] += memcmp(old, b, n) != 0;
    }
    p->positions++;
}

/* Random games that prefer attacks, so that threats and captures come up. */
static void play(tfx *f, uint64_t seed, probe *p)
{
    fc_rng rng;
    fc_rng_seed(&rng, seed, 5);
    fc_decision buf[TM_MAX_DECISIONS];
    uint32_t w[TM_MAX_DECISIONS];
    for (int ply = 0;; ply++) {
        visit(f, p);
        int who = tfx_to_move(f);
        if (who == FC_NOBODY)
            break;
        int k = f->g->legal(&f->st, f->env, buf, w);
        assert_true(k > 0 && ply < 10000);
        if (who >= 0)
            for (int i = 0; i < k; i++)
                w[i] = TM_DK(buf[i]) == D_ATTACK ? 40 : TM_DK(buf[i]) == D_PASS ? 1 : 4;
        assert_int_equal(f->g->apply(&f->st, f->env, buf[fc_rng_weighted(&rng, w, k)]), 0);
    }
}

static void test_weighted_and_old(void **state)
{
    (void)state;
    for (int n = 2; n <= 4; n++) {
        tfx f;
        tfx_open(&f, n, 60 + (uint64_t)n, NULL);
        const fc_eval_weight *ew;
        assert_int_equal(f.g->eval_weights(f.env, &ew), TM_W_COUNT);
        probe *p = calloc(1, sizeof *p);
        assert_non_null(p);
        for (int i = 0; i < TM_W_COUNT; i++) {
            p->w[i] = ew[i].value;
            assert_true(ew[i].lo <= ew[i].value && ew[i].value <= ew[i].hi);
            assert_non_null(ew[i].doc);
        }
        assert_string_equal(ew[TM_W_PRESSURE].name, "pressure");
        void *old_data;
        fc_error err;
        if (load_with(&f, OLD_CSV, NULL, &old_data, &err) != 0)
            fail_msg("eval_old.csv: %s", err.msg);
        fc_env env_old = *f.env;
        env_old.data = old_data;
        p->env_old = &env_old;
        for (int i = TM_W_FADE; i < TM_W_COUNT; i++) {
            memcpy(p->w_one[i], ((const tm_data *)old_data)->eval_w, sizeof p->w_one[i]);
            p->w_one[i][i] = p->w[i];
        }
        for (uint64_t seed = 0; seed < 8; seed++) {
            tfx g;
            tfx_open(&g, n, seed * 17 + (uint64_t)n, NULL);
            play(&g, seed, p);
            tfx_close(&g);
        }
        printf("# %d players: %ld positions; changed by", n, p->positions);
        for (int i = TM_W_FADE; i < TM_W_COUNT; i++) {
            printf(" %s %ld", ew[i].name, p->changed[i]);
            if (!p->changed[i])
                fail_msg("term %s never changes the evaluation", ew[i].name);
        }
        printf("\n");
        f.g->data_free(old_data);
        free(p);
        tfx_close(&f);
    }
}

/* BLUE's W3 next to RED's mound 5 with a W3 supporter (6 > 5) threatens it.
 * The threat raises BLUE's estimate, more when BLUE moves next; without the supporter (3 < 5)
 * the capture weights change nothing. */
static void test_capture_threat(void **state)
{
    (void)state;
    static const char *const first0[] = {"first_player=0", NULL};
    tfx f;
    tfx_open(&f, 2, 7, first0);
    tfx_empty(&f, 0);
    tfx_unit(&f, 0, "BLU-05", 0, 0);
    int sup = tfx_unit(&f, 0, "BLU-06", 1, 0);
    tfx_mound(&f, 1, 5, 0, 1);
    const fc_eval_weight *ew;
    f.g->eval_weights(f.env, &ew);
    double w[TM_W_COUNT], none[TM_W_COUNT], now[TM_SEATS], later[TM_SEATS], base[TM_SEATS];
    for (int i = 0; i < TM_W_COUNT; i++)
        w[i] = none[i] = ew[i].value;
    none[TM_W_CAPTURE_NOW] = none[TM_W_CAPTURE_LATER] = 0;
    f.g->evaluate_weighted(&f.st, f.env, none, base);
    f.g->evaluate_weighted(&f.st, f.env, w, now);
    f.st.turn = 1; /* RED moves next: BLUE's threat can be answered */
    f.g->evaluate_weighted(&f.st, f.env, w, later);
    assert_true(now[0] > later[0] && later[0] > base[0]);
    assert_true(now[1] < later[1] && later[1] < base[1]);
    /* the lead moved by (capture_now - capture_later) * 5 for each side: logit difference */
    double logit_now = log(now[0] / now[1]), logit_later = log(later[0] / later[1]);
    double moved = (logit_now - logit_later) * w[TM_W_SCALE];
    assert_true(fabs(moved - 2 * 5 * (w[TM_W_CAPTURE_NOW] - w[TM_W_CAPTURE_LATER])) < 1e-9);
    f.st.turn = 0;
    f.st.piece[f.st.seat[0].tok_cell[sup]] = 0; /* the supporter leaves: 3 < 5 */
    f.st.seat[0].board &= ~(1u << sup);
    f.st.seat[0].tok_st[sup] = TK_DEAD;
    f.st.seat[0].tok_cell[sup] = TM_NO_CELL;
    f.g->evaluate_weighted(&f.st, f.env, none, base);
    f.g->evaluate_weighted(&f.st, f.env, w, now);
    assert_memory_equal(base, now, 2 * sizeof base[0]);
    tfx_close(&f);
}

static void expect_refused(const tfx *f, const char *edit, const char *want)
{
    void *data;
    fc_error err;
    assert_true(load_with(f, NULL, edit, &data, &err) < 0);
    assert_null(data);
    if (!strstr(err.msg, want))
        fail_msg("'%s' not in '%s'", want, err.msg);
    assert_null(strchr(err.msg, '\n'));
}

/* A broken eval.csv is refused with one line naming file:line (or the missing weight). */
static void test_bad_eval_csv(void **state)
{
    (void)state;
    tfx f;
    tfx_open(&f, 2, 1, NULL);
    void *data;
    fc_error err;
    assert_int_equal(load_with(&f, NULL, NULL, &data, &err), 0);
    f.g->data_free(data);
    expect_refused(&f, "s/^pressure,/presure,/", "eval.csv:25: unknown weight 'presure'");
    expect_refused(&f, "/^fade,/d", "missing weight 'fade'");
    expect_refused(&f, "s/^capture_now,0.6,/capture_now,1.5,/",
                   "eval.csv:20: weight 'capture_now' = 1.5 is outside its range 0..1");
    expect_refused(&f, "s/^unplayed,0.1,0,2/unplayed,0.1,3,2/", "eval.csv:16: weight 'unplayed': range 3..2 must be ordered");
    expect_refused(&f, "s/^strength,0.25,/strength,1e999,/", "eval.csv:11: column 'value': expected a number");
    expect_refused(&f, "s/^scale,6,1,/scale,6,-1,/", "eval.csv:9: weight 'scale': range -1..30 must be ordered and within 0.1..1000");
    expect_refused(&f, "s/^pressure,/fade,/", "eval.csv:25: weight 'fade' given twice (first on line 14)");
    expect_refused(&f, "s/^name,value,lo,hi/name,value,low,hi/", "eval.csv: missing column 'lo'");
    tfx_close(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_weighted_and_old),
        cmocka_unit_test(test_capture_threat),
        cmocka_unit_test(test_bad_eval_csv),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
