/* Myrmes evaluation (plugins/myrmes/src/eval.c, data/eval.csv; API minor 7): evaluate is
 * evaluate_weighted with the data file's weights, bit for bit, over random positions, and so
 * with the weights of eval_rich.csv (the richer terms on); the weights of eval_old.csv (new
 * terms at 0) give exactly the evaluation before the data file; every new term changes some
 * position and moves the lead by what it should in a set position; a broken eval.csv is
 * refused with file:line. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "formicary/context.h"
#include "myrmes_fixture.h"

#define OLD_CSV FC_SOURCE_ROOT "/tests/game/myrmes/eval_old.csv"
#define RICH_CSV FC_SOURCE_ROOT "/tests/game/myrmes/eval_rich.csv"

/* The plugin's my_round and my_storage (tests do not link the plugin's sources). */
static int round_of(const my_state *st, const fc_env *env)
{
    (void)env;
    return (st->year - 1) * MY_SEASONS + (st->season < MY_SEASONS ? st->season : MY_SEASONS - 1) + 1;
}
static int storage_of(const my_seat *p) { return p->res[R_FOOD] + p->res[R_DIRT] + p->res[R_STONE]; }

/* The evaluation as it was in C before eval.csv (view.c, commit 888ebb8), kept verbatim
 * (but for the names of the two helpers above). */
static void old_evaluate(const my_state *st, const fc_env *env, double *value)
{
    double w[MY_MAX_SEATS];
    double progress = (round_of(st, env) - 1) / (double)(MY_SEASONS * MY_DATA(env)->years);
    for (int s = 0; s < env->nseats; s++) {
        const my_seat *p = &st->seat[s];
        double assets = 0.4 * storage_of(p) + 0.15 * p->larvae + 1.0 * (p->workers + p->room_workers) +
                        0.8 * p->soldiers + 0.8 * (p->nursery + p->track[0] + p->track[1] + p->track[2] +
                                                   p->track[3] + p->ws_spent) + 2.0 * p->level + 0.5 * p->exits;
        w[s] = p->score + (1.0 - progress) * assets;
    }
    for (int s = 0; s < env->nseats; s++) {
        double best = -1e9;
        for (int t = 0; t < env->nseats; t++)
            if (t != s && w[t] > best)
                best = w[t];
        double x = (w[s] - best) / 10.0;
        value[s] = 0.5 + 0.5 * x / (1.0 + (x < 0 ? -x : x));
    }
}

/* A random policy that favours building (levels, specials, objectives, hunting) so that every
 * term of the evaluation shows up. */
static int pick(const fc_decision *buf, int n, fc_rng *rng)
{
    static const uint32_t wk[32] = {[D_SACRIFICE] = 1, [D_STOP] = 2, [D_DONE] = 1, [D_PLACE] = 40, [D_LEVEL] = 400,
                                    [D_OBJECTIVE] = 400, [D_NURSE] = 60, [D_TUNNEL] = 5, [D_HUNT] = 60,
                                    [D_CLEAR] = 20, [D_STEP] = 20, [D_EXIT] = 20, [D_ROOM] = 10, [D_EVENT] = 10,
                                    [D_BIRTHS] = 10, [D_HARVEST] = 10, [D_SCAVENGE] = 10, [D_DISCARD] = 10,
                                    [D_PAY] = 10, [D_PICK] = 10};
    uint32_t w[MY_MAX_DECISIONS];
    for (int i = 0; i < n; i++)
        w[i] = wk[MY_DKIND(buf[i]) & 31];
    return fc_rng_weighted(rng, w, n);
}

/* Calls visit on every position of a random game (seed), the last one over. */
typedef void (*visit_fn)(const mfx *f, void *ctx);
static void play(mfx *f, uint64_t seed, visit_fn visit, void *ctx)
{
    fc_rng rng;
    fc_rng_seed(&rng, seed, 11);
    fc_decision buf[MY_MAX_DECISIONS];
    uint32_t w[MY_MAX_DECISIONS];
    memcpy(&f->st, fc_match_state(f->m), sizeof f->st);
    for (int ply = 0;; ply++) {
        visit(f, ctx);
        int who = f->g->to_move(&f->st, f->env);
        if (who == FC_NOBODY)
            break;
        int n = f->g->legal(&f->st, f->env, buf, w);
        assert_true(n > 0 && ply < 100000);
        int i = who == FC_CHANCE ? fc_rng_weighted(&rng, w, n) : pick(buf, n, &rng);
        assert_int_equal(f->g->apply(&f->st, f->env, buf[i]), 0);
    }
}

/* Loads the plugin's data with eval.csv replaced by the file at `csv` (NULL: unchanged) or the
 * sed expression `edit` applied to it; returns data_load's code, the error in err. */
static int load_with(const mfx *f, const char *csv, const char *edit, void **data, fc_error *err)
{
    char dir[] = "/tmp/myrmes-eval-XXXXXX", cmd[1200];
    assert_non_null(mkdtemp(dir));
    snprintf(cmd, sizeof cmd, "cp %s/plugins/myrmes/data/*.csv '%s'", FC_SOURCE_ROOT, dir);
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
    const double *w;                      /* the data file's weights */
    const fc_env *env_old, *env_rich;     /* envs whose data hold eval_old.csv, eval_rich.csv */
    double w_one[MY_W_COUNT][MY_W_COUNT]; /* old weights with term i at its eval_rich.csv value */
    long positions, changed[MY_W_COUNT];
} probe;

static void visit(const mfx *f, void *vctx)
{
    probe *p = vctx;
    double a[MY_MAX_SEATS], b[MY_MAX_SEATS], old[MY_MAX_SEATS];
    f->g->evaluate(&f->st, f->env, a);
    f->g->evaluate_weighted(&f->st, f->env, p->w, b);
    assert_memory_equal(a, b, sizeof(double) * (size_t)f->env->nseats);
    f->g->evaluate(&f->st, p->env_rich, a);
    f->g->evaluate_weighted(&f->st, f->env, ((const my_data *)p->env_rich->data)->eval_w, b);
    assert_memory_equal(a, b, sizeof(double) * (size_t)f->env->nseats);
    for (int s = 0; s < f->env->nseats; s++)
        assert_true(a[s] >= 0.0 && a[s] <= 1.0);
    /* eval_old.csv reproduces the earlier evaluation exactly */
    old_evaluate(&f->st, f->env, old);
    f->g->evaluate(&f->st, p->env_old, b);
    assert_memory_equal(old, b, sizeof(double) * (size_t)f->env->nseats);
    for (int i = MY_W_WINTER_SHORT; i < MY_W_COUNT; i++) {
        f->g->evaluate_weighted(&f->st, f->env, p->w_one[i], b);
        p->changed[i] += memcmp(old, b, sizeof(double) * (size_t)f->env->nseats) != 0;
    }
    p->positions++;
}

static void test_weighted_and_old(void **state)
{
    (void)state;
    long total[MY_W_COUNT] = {0};
    for (int n = 2; n <= 4; n++) {
        mfx f;
        mfx_open(&f, n, 40 + (uint64_t)n, NULL);
        const fc_eval_weight *ew;
        assert_int_equal(f.g->eval_weights(f.env, &ew), MY_W_COUNT);
        probe *p = calloc(1, sizeof *p);
        assert_non_null(p);
        double w[MY_W_COUNT];
        for (int i = 0; i < MY_W_COUNT; i++) {
            w[i] = ew[i].value;
            assert_true(ew[i].lo <= ew[i].value && ew[i].value <= ew[i].hi);
            assert_non_null(ew[i].doc);
        }
        assert_string_equal(ew[MY_W_OBJECTIVE_READY].name, "objective_ready");
        p->w = w;
        void *old_data = NULL, *rich_data = NULL;
        fc_error err;
        if (load_with(&f, OLD_CSV, NULL, &old_data, &err) != 0 ||
            load_with(&f, RICH_CSV, NULL, &rich_data, &err) != 0)
            fail_msg("eval_old.csv or eval_rich.csv: %s", err.msg);
        fc_env env_old = *f.env, env_rich = *f.env;
        env_old.data = old_data;
        env_rich.data = rich_data;
        p->env_old = &env_old;
        p->env_rich = &env_rich;
        for (int i = MY_W_WINTER_SHORT; i < MY_W_COUNT; i++) {
            memcpy(p->w_one[i], ((const my_data *)old_data)->eval_w, sizeof p->w_one[i]);
            p->w_one[i][i] = ((const my_data *)rich_data)->eval_w[i];
            assert_true(p->w_one[i][i] != 0);
        }
        for (uint64_t seed = 0; seed < 6; seed++)
            play(&f, seed * 31 + (uint64_t)n, visit, p);
        printf("# %d players: %ld positions; changed by", n, p->positions);
        for (int i = MY_W_WINTER_SHORT; i < MY_W_COUNT; i++) {
            printf(" %s %ld", ew[i].name, p->changed[i]);
            total[i] += p->changed[i];
        }
        printf("\n");
        f.g->data_free(old_data);
        f.g->data_free(rich_data);
        free(p);
        mfx_close(&f);
    }
    for (int i = MY_W_WINTER_SHORT; i < MY_W_COUNT; i++)
        if (i != MY_W_SPECIAL_VP && !total[i]) /* subcolonies are rare in random play: test_terms */
            fail_msg("term %d never changes the evaluation", i);
}

/* Puts tile `id` of owner (cubes on a pheromone) on the first free place the data lists. */
static void put_any(mfx *f, const char *id, int owner)
{
    const my_data *D = f->D;
    for (int i = 0; i < D->place_first[D->ncells]; i++) {
        const my_place *P = &D->place[i];
        bool free = strcmp(D->kind[P->kind].id, id) == 0;
        for (int j = 0; free && j < P->n; j++)
            free = !f->st.cell_tile[P->cell[j]] && !f->st.cell_tok[P->cell[j]];
        if (free) {
            mfx_put_tile(f, id, P->orient, D->hex[P->anchor].q, D->hex[P->anchor].r, owner, true);
            return;
        }
    }
    fail_msg("no room for %s", id);
}

/* Red's lead over Blue in VP under weights w (the inverse of the squashing). */
static double lead(const mfx *f, const double *w)
{
    double v[MY_MAX_SEATS];
    f->g->evaluate_weighted(&f->st, f->env, w, v);
    double y = 2 * v[0] - 1;
    return w[MY_W_SCALE] * y / (1 - (y < 0 ? -y : y));
}

/* Each new term in the game's terms, alone against the old weights, in spring of year 1 (9
 * harvests to come): Red's subcolony (2 VP a harvest, R-40), Blue's aphid farm (1 food), Red's
 * pheromone cubes, Blue's empty storage for the winter (R-56, R-57: 4 food owed, 3 VP
 * each, a third of it in spring) and Red's food meeting the level-1 objective O1 (6 VP, R-48). */
static void test_terms(void **state)
{
    (void)state;
    mfx f;
    mfx_open(&f, 2, 3, NULL);
    mfx_clear_board(&f);
    put_any(&f, "SC", 0);
    put_any(&f, "SA", 1);
    for (int i = 0; i < f.st.tile_hi; i++)
        if (f.st.tile[i].kind)
            assert_true(f.D->kind[f.st.tile[i].kind - 1].special); /* no pheromone yet */
    put_any(&f, "PH3L", 0);
    int cubes = 0;
    for (int c = 0; c < f.D->ncells; c++)
        cubes += my_bit(f.st.cube, c);
    assert_true(cubes > 0 && cubes <= 3);
    static const char *const objs[MY_SLOTS] = {"O1", "O7", "O2", "O3", "O4", "O11"};
    for (int i = 0; i < MY_SLOTS; i++)
        f.st.obj[i] = (uint8_t)mfx_obj(&f, objs[i]);
    my_seat *red = &f.st.seat[0];
    red->res[R_FOOD] = red->res[R_DIRT] = red->res[R_STONE] = 9;
    red->larvae = red->soldiers = 9;
    red->prey[0] = 9;
    red->level = 3;
    assert_int_equal(round_of(&f.st, f.env), 1);
    const fc_eval_weight *ew;
    f.g->eval_weights(f.env, &ew);
    void *rich_data;
    fc_error err;
    assert_int_equal(load_with(&f, RICH_CSV, NULL, &rich_data, &err), 0);
    const double *rich = ((const my_data *)rich_data)->eval_w;
    double old[MY_W_COUNT], one[MY_W_COUNT];
    for (int i = 0; i < MY_W_COUNT; i++)
        old[i] = i < MY_W_WINTER_SHORT ? ew[i].value : 0;
    double base = lead(&f, old);
    const double want[MY_W_COUNT] = {[MY_W_SPECIAL_VP] = 2 * 9, [MY_W_SPECIAL_CUBE] = -1 * 9,
                                     [MY_W_PHER_CUBE] = cubes, [MY_W_WINTER_SHORT] = 4 * 3 / 3.0,
                                     [MY_W_OBJECTIVE_READY] = 6};
    for (int i = MY_W_WINTER_SHORT; i < MY_W_COUNT; i++) {
        memcpy(one, old, sizeof one);
        one[i] = rich[i];
        double got = lead(&f, one) - base;
        if (rich[i] == 0 || fabs(got - rich[i] * want[i]) > 1e-9)
            fail_msg("%s: lead moved by %g, expected %g", ew[i].name, got, rich[i] * want[i]);
    }
    f.g->data_free(rich_data);
    mfx_close(&f);
}

static void expect_refused(const mfx *f, const char *edit, const char *want)
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
    mfx f;
    mfx_open(&f, 2, 1, NULL);
    void *data;
    fc_error err;
    assert_int_equal(load_with(&f, NULL, NULL, &data, &err), 0);
    f.g->data_free(data);
    expect_refused(&f, "s/^pher_cube,/pher_cubes,/", "eval.csv:34: unknown weight 'pher_cubes'");
    expect_refused(&f, "/^larva,/d", "missing weight 'larva'");
    expect_refused(&f, "s/^level,[^,]*,/level,12,/", "eval.csv:25: weight 'level' = 12 is outside its range 0..10");
    expect_refused(&f, "s/^worker,[^,]*,0,5/worker,1.0,2,5/", "eval.csv:19: weight 'worker' = 1 is outside its range 2..5");
    expect_refused(&f, "s/^exit,[^,]*,/exit,half,/", "eval.csv:27: column 'value': expected a number");
    expect_refused(&f, "s/^scale,[^,]*,2,/scale,10,0,/", "eval.csv:12: weight 'scale': range 0..40 must be ordered and within 0.1..1000");
    expect_refused(&f, "s/^exit,/soldier,/", "eval.csv:27: weight 'soldier' given twice (first on line 21)");
    expect_refused(&f, "s/^name,value,lo,hi/name,value,lo,high/", "eval.csv: missing column 'hi'");
    mfx_close(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_weighted_and_old),
        cmocka_unit_test(test_terms),
        cmocka_unit_test(test_bad_eval_csv),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
