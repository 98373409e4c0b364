/* Sensitivity screening (core/src/study/sens*.c): metric and parameter text, the Morris grid,
 * one-at-a-time and elementary effects on synthetic designs with known effects (through
 * fc_sens_config.play), the ranking, and on the bidrace fixture the schema checks, the default
 * parameters and the same result on 1 and 3 threads. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "fixture.h"
#include "formicary/rng.h"
#include "formicary/sensitivity.h"

static const fc_param_def syn_defs[3] = {
    {"x", FC_PARAM_INT, 2, 0, 4, NULL, NULL, 0, 0, "synthetic"},
    {"y", FC_PARAM_INT, 5, 0, 10, NULL, NULL, 0, 0, "synthetic"},
    {"b", FC_PARAM_BOOL, 0, 0, 1, NULL, NULL, 0, 0, "synthetic"},
};

/* Synthetic game i of a design (x, y, b): rounds = 10 + 3x (+ x y when `cross`) + noise(i),
 * decisions = 100 + 7y - 4b; the noise depends on i alone, so paired differences are exact. */
typedef struct syn {
    bool cross;
    long calls;
} syn;

static int syn_play(void *ud, const int64_t *v, int first, int count, fc_sim_game *out, fc_error *err)
{
    (void)err;
    syn *s = ud;
    for (int i = 0; i < count; i++) {
        fc_rng rng;
        fc_rng_seed(&rng, (uint64_t)(first + i), 7);
        memset(&out[i], 0, sizeof out[i]);
        out[i].index = first + i;
        out[i].rounds = 10 + 3 * (int)v[0] + (s->cross ? (int)(v[0] * v[1]) : 0) + fc_rng_range(&rng, -5, 5);
        out[i].decisions = 100 + 7 * v[1] - 4 * v[2];
        out[i].winners = 1;
    }
    s->calls += count;
    return 0;
}

static void syn_config(fc_sens_config *c, syn *s, fc_sens_method method)
{
    memset(c, 0, sizeof *c);
    fc_error err;
    c->nseats = 2;
    c->nparams = 3;
    const char *names[3] = {"x", "y", "b"};
    for (int p = 0; p < 3; p++) {
        assert_int_equal(fc_sens_param_parse(names[p], &c->param[p], &err), 0);
        c->param[p].def = &syn_defs[p];
    }
    c->nmetrics = 2;
    assert_int_equal(fc_sens_metric_parse("rounds", 2, &c->metric[0], &err), 0);
    assert_int_equal(fc_sens_metric_parse("decisions", 2, &c->metric[1], &err), 0);
    c->method = method;
    c->games = 12;
    c->seed = 5;
    c->threads = 1;
    c->play = syn_play;
    c->play_ud = s;
    assert_int_equal(fc_sens_check(c, &err), 0);
}

static void test_metric_parse(void **state)
{
    (void)state;
    fc_sens_metric m;
    fc_error err;
    assert_int_equal(fc_sens_metric_parse("rounds", 2, &m, &err), 0);
    assert_int_equal(m.kind, FC_SIM_ROUNDS);
    assert_string_equal(m.name, "rounds");
    assert_int_equal(fc_sens_metric_parse("seat_win:2", 2, &m, &err), 0);
    assert_int_equal(m.kind, FC_SIM_SEAT_WIN);
    assert_int_equal(m.arg, 1);
    assert_string_equal(m.name, "seat_win:2");
    assert_int_equal(fc_sens_metric_parse("seat_win", 3, &m, &err), 0);
    assert_string_equal(m.name, "seat_win:1");
    assert_int_not_equal(fc_sens_metric_parse("seat_win:3", 2, &m, &err), 0);
    assert_non_null(strstr(err.msg, "1..players"));
    assert_int_not_equal(fc_sens_metric_parse("rounds:1", 2, &m, &err), 0);
    assert_non_null(strstr(err.msg, "takes no"));
    assert_int_equal(fc_sens_metric_parse("roundz", 2, &m, &err), FC_EUNKNOWN);
    assert_non_null(strstr(err.msg, "did you mean 'rounds'"));
    assert_int_not_equal(fc_sens_metric_parse("", 2, &m, &err), 0);
    assert_int_equal(fc_sens_method_parse("oat"), FC_SENS_OAT);
    assert_int_equal(fc_sens_method_parse("morris"), FC_SENS_MORRIS);
    assert_int_equal(fc_sens_method_parse("sobol"), -1);
}

static void test_param_parse(void **state)
{
    (void)state;
    fc_tune_param p;
    fc_error err;
    assert_int_equal(fc_sens_param_parse("years", &p, &err), 0);
    assert_string_equal(p.name, "years");
    assert_int_equal(p.nvalues, 0);
    assert_int_equal(fc_sens_param_parse("years=1..5", &p, &err), 0);
    assert_int_equal(p.lo, 1);
    assert_int_equal(p.hi, 5);
    assert_int_equal(fc_tune_param_value(&p, p.nvalues - 1), 5);
    assert_int_equal(fc_sens_param_parse("k=-3..-1", &p, &err), 0);
    assert_int_equal(p.lo, -3);
    assert_int_equal(fc_sens_param_parse("k=5..1", &p, &err), FC_ERANGE);
    assert_non_null(strstr(err.msg, "empty range"));
    assert_int_equal(fc_sens_param_parse("k=5..5", &p, &err), FC_ERANGE);
    assert_int_equal(fc_sens_param_parse("k=1..5:2", &p, &err), FC_EPARSE);
    assert_int_equal(fc_sens_param_parse("k=a..5", &p, &err), FC_EPARSE);
    assert_int_equal(fc_sens_param_parse("=1..5", &p, &err), FC_EPARSE);
    assert_int_equal(fc_sens_param_parse("k=1-5", &p, &err), FC_EPARSE);
}

static void test_levels(void **state)
{
    (void)state;
    fc_tune_param p = {.lo = 0, .hi = 1};
    const int64_t b4[4] = {0, 0, 1, 1};
    for (int k = 0; k < 4; k++)
        assert_int_equal(fc_sens_level_value(&p, 4, k), b4[k]);
    p.lo = 2, p.hi = 10;
    const int64_t i4[4] = {2, 5, 7, 10};
    for (int k = 0; k < 4; k++)
        assert_int_equal(fc_sens_level_value(&p, 4, k), i4[k]);
    assert_int_equal(fc_sens_level_value(&p, 2, 0), 2);
    assert_int_equal(fc_sens_level_value(&p, 2, 1), 10);
}

/* One at a time: the exact effects of a linear design, their signs, a zero-width interval
 * where the noise is shared, the base value's end without games, and the ranking per metric. */
/* What on_point saw: points in order, their first value, games, the indices they cover. */
typedef struct seen_points {
    int n, games, refused, next;
    int64_t x[64];
    bool in_order, indices_ok;
} seen_points;

static void on_point(void *ud, int point, const int64_t *values, const char *refused, const fc_sim_game *g, int n)
{
    seen_points *s = ud;
    s->in_order &= point == s->next++;
    if (s->n < 64)
        s->x[s->n] = values[0];
    s->n++;
    s->games += n;
    s->refused += refused != NULL && g == NULL && n == 0;
    for (int i = 0; i < n; i++)
        s->indices_ok &= g[i].index == i;
}

static void test_oat_synthetic(void **state)
{
    (void)state;
    syn s = {0};
    fc_sens_config c;
    syn_config(&c, &s, FC_SENS_OAT);
    assert_int_equal(c.base[0], 2);
    assert_int_equal(c.base[2], 0);
    fc_error err;
    fc_sens_result *r = fc_sens_run(&c, &err);
    assert_non_null(r);
    /* baseline, x 0 and 4, y 0 and 10, b 1 (b = 0 is the base) */
    assert_int_equal(r->points, 6);
    assert_int_equal(r->games, 6 * 12);
    assert_int_equal(s.calls, 6 * 12);
    const fc_sens_cell *x = fc_sens_at(r, 0, 0), *yd = fc_sens_at(r, 1, 1), *bd = fc_sens_at(r, 2, 1);
    assert_true(fabs(x->low.value + 6) < 1e-9);
    assert_true(fabs(x->high.value - 6) < 1e-9);
    assert_true(fabs(x->low.hi - x->low.lo) < 1e-9); /* common deals: the noise cancels */
    assert_true(x->significant);
    assert_true(fabs(yd->low.value + 35) < 1e-9 && fabs(yd->high.value - 35) < 1e-9);
    assert_true(fabs(bd->low.value) < 1e-12 && fabs(bd->high.value + 4) < 1e-9);
    assert_true(fabs(fc_sens_at(r, 1, 0)->importance) < 1e-12); /* y does not move rounds */
    assert_false(fc_sens_at(r, 1, 0)->significant);
    assert_int_equal(r->rank[0 * 3 + 0], 0); /* rounds: x first */
    assert_int_equal(r->rank[1 * 3 + 0], 1); /* decisions: y, then b, then x */
    assert_int_equal(r->rank[1 * 3 + 1], 2);
    assert_int_equal(r->rank[1 * 3 + 2], 0);
    assert_true(fabs(r->baseline[1].value - 135) < 1e-9);
    assert_true(isnan(x->mu_star.value));
    fc_sens_result_free(r);
    /* every point reaches on_point once, in order, with its values and all its games */
    seen_points sp = {.in_order = true, .indices_ok = true};
    c.on_point = on_point;
    c.on_point_ud = &sp;
    r = fc_sens_run(&c, &err);
    assert_non_null(r);
    assert_int_equal(sp.n, r->points);
    assert_int_equal(sp.games, r->games);
    assert_true(sp.in_order && sp.indices_ok);
    assert_int_equal(sp.refused, 0);
    assert_int_equal(sp.x[0], 2); /* the base, then x's low and high end */
    assert_int_equal(sp.x[1], 0);
    assert_int_equal(sp.x[2], 4);
    fc_sens_result_free(r);
}

/* Morris: a linear response gives mu* = |slope x range| and sigma 0; an interaction x y gives
 * both parameters a spread. */
static void test_morris_synthetic(void **state)
{
    (void)state;
    syn s = {0};
    fc_sens_config c;
    syn_config(&c, &s, FC_SENS_MORRIS);
    c.trajectories = 6;
    fc_error err;
    assert_int_equal(fc_sens_check(&c, &err), 0);
    fc_sens_result *r = fc_sens_run(&c, &err);
    assert_non_null(r);
    assert_int_equal(r->points, 1 + 6 * 4);
    const fc_sens_cell *x = fc_sens_at(r, 0, 0), *y = fc_sens_at(r, 1, 0), *yd = fc_sens_at(r, 1, 1);
    assert_int_equal(x->effects, 6);
    assert_true(fabs(x->mu_star.value - 12) < 1e-9); /* 3 per unit over 0..4 */
    assert_true(fabs(x->mu.value - 12) < 1e-9);
    assert_true(x->sigma.value == 0); /* every effect the same: exactly 0 */
    assert_true(fabs(x->mu_star.lo - 12) < 1e-9 && fabs(x->mu_star.hi - 12) < 1e-9);
    assert_true(fabs(y->mu_star.value) < 1e-9);
    assert_true(x->significant);  /* mu's interval excludes 0 */
    assert_false(y->significant); /* no effect: mu's interval is [0, 0] */
    assert_true(fabs(yd->mu_star.value - 70) < 1e-9);
    assert_true(fabs(fc_sens_at(r, 2, 1)->mu.value + 4) < 1e-9); /* b lowers decisions by 4 */
    assert_int_equal(r->rank[0], 0);
    assert_int_equal(r->rank[3], 1);
    fc_sens_result_free(r);

    s.cross = true;
    r = fc_sens_run(&c, &err);
    assert_non_null(r);
    x = fc_sens_at(r, 0, 0), y = fc_sens_at(r, 1, 0);
    assert_true(x->sigma.value > 1 && y->sigma.value > 1); /* the effect of each depends on the other */
    assert_true(y->mu_star.value > 1);
    assert_true(fabs(fc_sens_at(r, 2, 0)->mu_star.value) < 1e-9);
    fc_sens_result *again = fc_sens_run(&c, &err); /* same seed, same trajectories */
    assert_non_null(again);
    assert_true(x->mu_star.value == fc_sens_at(again, 0, 0)->mu_star.value);
    assert_true(x->sigma.lo == fc_sens_at(again, 0, 0)->sigma.lo);
    fc_sens_result_free(again);
    fc_sens_result_free(r);
}

static void test_bad_config(void **state)
{
    (void)state;
    syn s = {0};
    fc_sens_config c;
    fc_error err;
    syn_config(&c, &s, FC_SENS_MORRIS);
    c.levels = 5;
    assert_int_not_equal(fc_sens_check(&c, &err), 0);
    assert_non_null(strstr(err.msg, "even"));
    syn_config(&c, &s, FC_SENS_MORRIS);
    c.trajectories = 1;
    assert_int_not_equal(fc_sens_check(&c, &err), 0);
    syn_config(&c, &s, FC_SENS_OAT);
    c.games = 1;
    assert_int_not_equal(fc_sens_check(&c, &err), 0);
    syn_config(&c, &s, FC_SENS_OAT);
    snprintf(c.param[1].name, sizeof c.param[1].name, "x");
    assert_int_not_equal(fc_sens_check(&c, &err), 0);
    assert_non_null(strstr(err.msg, "given twice"));
}

static fc_sens_config bidrace_config(fc_context *ctx, const char *const *params, int n)
{
    fc_sens_config c;
    memset(&c, 0, sizeof c);
    fc_error err;
    c.ctx = ctx;
    c.game = "bidrace";
    c.nseats = 2;
    c.nparams = n;
    for (int i = 0; i < n; i++)
        assert_int_equal(fc_sens_param_parse(params[i], &c.param[i], &err), 0);
    c.games = 8;
    c.seed = 3;
    c.threads = 1;
    c.agents[0] = c.agents[1] = "random";
    return c;
}

/* The schema's word on names, types and ranges; the default parameters; threads. */
static void test_bidrace(void **state)
{
    (void)state;
    fc_context *ctx = fixture_context();
    fc_error err;
    const char *unknown[] = {"gaol"};
    fc_sens_config c = bidrace_config(ctx, unknown, 1);
    assert_int_not_equal(fc_sens_check(&c, &err), 0);
    assert_non_null(strstr(err.msg, "did you mean 'goal'"));
    const char *path[] = {"track"};
    c = bidrace_config(ctx, path, 1);
    assert_int_not_equal(fc_sens_check(&c, &err), 0);
    assert_non_null(strstr(err.msg, "cannot be tuned"));
    const char *wide[] = {"goal=1..30"};
    c = bidrace_config(ctx, wide, 1);
    assert_int_not_equal(fc_sens_check(&c, &err), 0);
    assert_non_null(strstr(err.msg, "outside the declared range"));

    c = bidrace_config(ctx, NULL, 0); /* every int and bool parameter */
    const char *sets[] = {"tokens=12"};
    c.sets = sets, c.nsets = 1;
    assert_int_equal(fc_sens_check(&c, &err), 0);
    assert_int_equal(c.nparams, 4); /* goal, die_sides, max_rounds, bid_refund: tokens is --set */
    assert_string_equal(c.param[0].name, "goal");
    assert_int_equal(c.param[0].lo, 5);
    assert_int_equal(c.param[0].hi, 200);
    assert_int_equal(c.base[0], 20);
    assert_string_equal(c.param[3].name, "bid_refund");

    const char *two[] = {"goal=10..30", "die_sides"};
    c = bidrace_config(ctx, two, 2);
    c.nmetrics = 1;
    assert_int_equal(fc_sens_metric_parse("rounds", 2, &c.metric[0], &err), 0);
    assert_int_equal(fc_sens_check(&c, &err), 0);
    fc_sens_result *a = fc_sens_run(&c, &err);
    assert_non_null(a);
    c.threads = 3;
    fc_sens_result *b = fc_sens_run(&c, &err);
    assert_non_null(b);
    assert_int_equal(a->games, 5 * 8);
    for (int p = 0; p < 2; p++) {
        assert_true(fc_sens_at(a, p, 0)->high.value == fc_sens_at(b, p, 0)->high.value);
        assert_true(fc_sens_at(a, p, 0)->low.lo == fc_sens_at(b, p, 0)->low.lo);
    }
    assert_true(fc_sens_at(a, 0, 0)->high.value > 0); /* a longer track takes more rounds */
    assert_true(a->baseline[0].value == b->baseline[0].value);
    fc_sens_result_free(a);
    fc_sens_result_free(b);
    fc_context_free(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_metric_parse),  cmocka_unit_test(test_param_parse),
        cmocka_unit_test(test_levels),        cmocka_unit_test(test_oat_synthetic),
        cmocka_unit_test(test_morris_synthetic), cmocka_unit_test(test_bad_config),
        cmocka_unit_test(test_bidrace),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
