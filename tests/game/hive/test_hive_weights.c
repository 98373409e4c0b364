/* Hive's evaluation weights (API minor 7) and the agent key weights=FILE on Hive: the weights by
 * name with their ranges; evaluate and evaluate_weighted with the data file's values agree bit
 * for bit over random positions (and other values do change the result); the data file's
 * errors name file:line, and a written weights file can replace it; agents with a weights file
 * equal to the defaults play exactly the game they play without one; a deliberately bad file
 * (no Queen pressure) loses clearly, so the key is really used. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <unistd.h>

#include <cmocka.h>

#include "formicary/agent.h"
#include "formicary/sim.h"
#include "formicary/weights.h"
#include "hv_fixture.h"

/* The test's own copy of the direction table (the plugin's is not exported). */
const int8_t hv_dq[6] = {1, 1, 0, -1, -1, 0};
const int8_t hv_dr[6] = {0, -1, -1, 0, 1, 1};

static char tmpdir[64];

static int setup(void **state)
{
    (void)state;
    snprintf(tmpdir, sizeof tmpdir, "/tmp/fc_hvweightsXXXXXX");
    return mkdtemp(tmpdir) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    char path[128];
    const char *files[] = {"eval.csv", "default.csv", "bad.csv"};
    for (int i = 0; i < 3; i++) {
        snprintf(path, sizeof path, "%s/%s", tmpdir, files[i]);
        unlink(path);
    }
    return rmdir(tmpdir);
}

static int weights(const hfx *f, const fc_eval_weight **defs)
{
    int n = fc_match_eval_weights(f->m, defs);
    assert_int_equal(n, EV_COUNT);
    assert_non_null(fc_match_evaluate_weighted_fn(f->m));
    return n;
}

static void test_defs(void **state)
{
    (void)state;
    hfx f;
    hfx_open(&f, "Base+MLP", NULL);
    const fc_eval_weight *d;
    int n = weights(&f, &d);
    assert_string_equal(d[0].name, "scale");
    assert_string_equal(d[EV_TEMPO].name, "tempo");
    assert_true(d[EV_SCALE].value == 400 && d[EV_QUEEN_NB + 4].value == 520);
    for (int i = 0; i < n; i++) {
        assert_true(d[i].lo < d[i].hi && d[i].lo <= d[i].value && d[i].value <= d[i].hi);
        assert_non_null(d[i].doc);
        for (int j = 0; j < i; j++)
            assert_true(strcmp(d[i].name, d[j].name) != 0);
    }
    hfx_close(&f);
}

/* Random games: at every position evaluate == evaluate_weighted(defaults) bit for bit, and a
 * changed tempo weight changes some values. */
static void test_bit_identical(void **state)
{
    (void)state;
    hfx f;
    hfx_open(&f, "Base+MLP", NULL);
    const fc_eval_weight *d;
    int n = weights(&f, &d);
    fc_evaluate_weighted_fn ew = fc_match_evaluate_weighted_fn(f.m);
    double w[FC_EVAL_WEIGHTS_MAX], w2[FC_EVAL_WEIGHTS_MAX];
    for (int i = 0; i < n; i++)
        w[i] = w2[i] = d[i].value;
    w2[EV_TEMPO] += 7;
    fc_rng rng;
    fc_rng_seed(&rng, 42, 0);
    long positions = 0, changed = 0;
    fc_decision *buf = malloc(HV_MAX_DECISIONS * sizeof *buf);
    for (int game = 0; game < (hfx_slow() ? 3 : 30); game++) {
        hv_state s;
        memcpy(&s, fc_match_state(f.m), sizeof s);
        for (int ply = 0; ply < 120 && f.g->to_move(&s, f.env) != FC_NOBODY; ply++) {
            double a[2], b[2], c[2];
            f.g->evaluate(&s, f.env, a);
            ew(&s, f.env, w, b);
            ew(&s, f.env, w2, c);
            assert_memory_equal(a, b, sizeof a);
            changed += a[0] != c[0];
            positions++;
            int k = f.g->legal(&s, f.env, buf, NULL);
            assert_int_equal(f.g->apply(&s, f.env, buf[fc_rng_below(&rng, (uint32_t)k)]), 0);
        }
    }
    free(buf);
    assert_true(positions > 100);
    assert_true(changed > positions / 2);
    hfx_close(&f);
}

static void write_text(const char *name, const char *text)
{
    char path[128];
    snprintf(path, sizeof path, "%s/%s", tmpdir, name);
    FILE *o = fopen(path, "w");
    assert_non_null(o);
    fputs(text, o);
    fclose(o);
}

/* data_load on tmpdir/eval.csv = text: 0, or the error message (compared without the folder). */
static int load_data(const hfx *f, const char *text, char *msg, size_t n)
{
    write_text("eval.csv", text);
    void *data = NULL;
    fc_error err;
    fc_error_clear(&err);
    int rc = f->g->data_load(f->env->host, f->env->params, 2, tmpdir, &data, &err);
    if (rc == 0)
        f->g->data_free(data);
    size_t skip = strlen(tmpdir) + 1;
    snprintf(msg, n, "%s", strlen(err.msg) > skip ? err.msg + skip : err.msg);
    return rc;
}

static void test_data_file(void **state)
{
    (void)state;
    hfx f;
    hfx_open(&f, "Base", NULL);
    const fc_eval_weight *d;
    int n = weights(&f, &d);
    char msg[FC_ERROR_MSG_MAX];
    assert_true(load_data(&f, "name,value\nscale,400\n", msg, sizeof msg) < 0);
    assert_string_equal(msg, "eval.csv: expected columns name,value,lo,hi");
    assert_true(load_data(&f, "name,value,lo,hi\n# c\nscale,50,100,1600\n", msg, sizeof msg) < 0);
    assert_string_equal(msg, "eval.csv:3: weight 'scale': 50 is out of its range 100..1600");
    assert_true(load_data(&f, "name,value,lo,hi\nscale,400,0,1600\n", msg, sizeof msg) < 0);
    assert_string_equal(msg, "eval.csv:2: weight 'scale': range 0..1600 is empty or not above 0");
    assert_true(load_data(&f, "name,value,lo,hi\ntempo,1,5,5\n", msg, sizeof msg) < 0);
    assert_string_equal(msg, "eval.csv:2: weight 'tempo': range 5..5 is empty");
    assert_true(load_data(&f, "name,value,lo,hi\ntempo,x1,0,5\n", msg, sizeof msg) < 0);
    assert_string_equal(msg, "eval.csv:2: column 'value': expected a number in -10000..10000, found 'x1'");
    assert_true(load_data(&f, "name,value,lo,hi\ntempo,nan,0,5\n", msg, sizeof msg) < 0);
    assert_string_equal(msg, "eval.csv:2: column 'value': expected a number in -10000..10000, found 'nan'");
    assert_true(load_data(&f, "name,value,lo,hi\ntempo,1,0,5\ntempo,1,0,5\n", msg, sizeof msg) < 0);
    assert_string_equal(msg, "eval.csv:3: weight 'tempo' given twice (first on line 2)");
    assert_true(load_data(&f, "name,value,lo,hi\ntempo,1,0,5\n", msg, sizeof msg) < 0);
    assert_string_equal(msg, "eval.csv: missing weight 'scale'");
    /* a written weights file (fractions included) is a valid data file with those values */
    double w[FC_EVAL_WEIGHTS_MAX];
    for (int i = 0; i < n; i++)
        w[i] = d[i].value + (d[i].hi - d[i].value) / 3;
    char path[128];
    snprintf(path, sizeof path, "%s/eval.csv", tmpdir);
    fc_error err;
    assert_int_equal(fc_weights_write(path, "test", d, n, w, &err), 0);
    void *data = NULL;
    assert_int_equal(f.g->data_load(f.env->host, f.env->params, 2, tmpdir, &data, &err), 0);
    fc_env env = *f.env;
    env.data = data;
    const fc_eval_weight *d2;
    assert_int_equal(f.g->eval_weights(&env, &d2), n);
    for (int i = 0; i < n; i++)
        assert_true(d2[i].value == w[i] && d2[i].lo == d[i].lo && d2[i].hi == d[i].hi);
    f.g->data_free(data);
    hfx_close(&f);
}

/* The decisions of one game between two copies of spec (fixed seeds), at most max of them. */
static int play(const hfx *f, const char *spec, fc_decision *out, int max)
{
    fc_error err;
    fc_match *m = fc_match_new(f->rules, 7, &err);
    assert_non_null(m);
    fc_agent *a[2];
    for (int s = 0; s < 2; s++) {
        a[s] = fc_agent_new(spec, 100 + (uint64_t)s, &err);
        if (!a[s])
            fail_msg("%s: %s", spec, err.msg);
    }
    int n = 0;
    while (n < max && fc_match_to_move(m) != FC_NOBODY) {
        int who = fc_match_to_move(m);
        if (fc_agent_choose(a[who], m, &out[n], &err) != 0)
            fail_msg("%s: %s", spec, err.msg);
        assert_int_equal(fc_match_play(m, out[n], &err), 0);
        n++;
    }
    fc_agent_free(a[0]);
    fc_agent_free(a[1]);
    fc_match_free(m);
    return n;
}

static void test_same_game(void **state)
{
    (void)state;
    hfx f;
    hfx_open(&f, "Base+MLP", NULL);
    const fc_eval_weight *d;
    int n = weights(&f, &d);
    double w[FC_EVAL_WEIGHTS_MAX];
    for (int i = 0; i < n; i++)
        w[i] = d[i].value;
    char path[128], spec[256];
    snprintf(path, sizeof path, "%s/default.csv", tmpdir);
    fc_error err;
    assert_int_equal(fc_weights_write(path, NULL, d, n, w, &err), 0);
    const char *specs[] = {"greedy", "ab:depth=2", "mcts:iters=40", "mcts:iters=30,policy=eval"};
    int max = hfx_slow() ? 12 : 40;
    fc_decision plain[64], weighted[64];
    for (int k = 0; k < 4; k++) {
        snprintf(spec, sizeof spec, "%s%cweights=%s", specs[k], strchr(specs[k], ':') ? ',' : ':', path);
        int n1 = play(&f, specs[k], plain, max), n2 = play(&f, spec, weighted, max);
        assert_int_equal(n1, n2);
        assert_memory_equal(plain, weighted, (size_t)n1 * sizeof *plain);
    }
    hfx_close(&f);
}

/* greedy with no Queen pressure at all against greedy with the defaults: it must lose clearly
 * (with the key ignored the two would be the same agent, about 0.5). */
static void test_bad_weights_lose(void **state)
{
    (void)state;
    hfx f;
    hfx_open(&f, "Base+MLP", NULL);
    write_text("bad.csv", "name,value\nqueen_nb_1,0\nqueen_nb_2,0\nqueen_nb_3,0\nqueen_nb_4,0\nqueen_nb_5,0\n"
                          "on_queen,0\npinned_at_queen,0\n");
    char spec[256];
    snprintf(spec, sizeof spec, "greedy:weights=%s/bad.csv", tmpdir);
    int games = hfx_slow() ? 4 : 24;
    fc_sim_config c = {.rules = f.rules, .nagents = 2, .agents = {spec, "greedy"}, .seed = 3, .threads = 1,
                       .max_decisions = 300};
    fc_sim_game *g = calloc((size_t)games, sizeof *g);
    fc_error err;
    if (fc_sim_run(&c, 0, games, g, &err) != 0)
        fail_msg("%s", err.msg);
    double bad = 0, good = 0; /* a game stopped unfinished counts for neither */
    for (int i = 0; i < games; i++) {
        bad += fc_sim_value(&g[i], 2, FC_SIM_WIN_SHARE, 0);
        good += fc_sim_value(&g[i], 2, FC_SIM_WIN_SHARE, 1);
    }
    print_message("win shares over %d games: bad weights %.3f, defaults %.3f\n", games, bad / games, good / games);
    assert_true(bad <= 0.25 * games && good >= 0.6 * games);
    free(g);
    hfx_close(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_defs),      cmocka_unit_test(test_bit_identical),   cmocka_unit_test(test_data_file),
        cmocka_unit_test(test_same_game), cmocka_unit_test(test_bad_weights_lose),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
