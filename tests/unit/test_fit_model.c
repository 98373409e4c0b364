/* The linearised fit of fit_eval.c (core/src/study/fit_model.c): on data drawn from a known
 * logistic model it finds that model's weights, keeps them in 0..1, and the pull l2 moves the
 * answer towards the start as it should. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "fit_model.h"
#include "formicary/rng.h"

#define NPOS 20000
#define NW 3

typedef struct data {
    float y[NPOS], z0[NPOS], jac[NPOS * NW];
    uint8_t held[NPOS];
    fc_fit_model m;
} data;

/* z = sum_i x_i * (u_i - 0.5) * 8 with x uniform in -1..1, y drawn from sigmoid(z) with the
 * true u; the model linearised at u = 0.5 (exact: z is linear in u). */
static data *make(const double *truth)
{
    data *d = calloc(1, sizeof *d);
    fc_rng r;
    fc_rng_seed(&r, 7, 0);
    for (int p = 0; p < NPOS; p++) {
        double z = 0;
        for (int i = 0; i < NW; i++) {
            double x = (double)(fc_rng_next(&r) >> 11) * 0x1.0p-53 * 2 - 1;
            d->jac[p * NW + i] = (float)(8 * x);
            z += 8 * x * (truth[i] - 0.5);
        }
        d->y[p] = (double)(fc_rng_next(&r) >> 11) * 0x1.0p-53 < 1 / (1 + exp(-z)) ? 1.0f : 0.0f;
        d->held[p] = p % 10 == 9;
    }
    d->m = (fc_fit_model){.n = NW, .npos = NPOS, .y = d->y, .held = d->held, .ntrain = NPOS - NPOS / 10,
                          .z0 = d->z0, .jac = d->jac, .base = {0.5, 0.5, 0.5}};
    return d;
}

static void test_recovers_truth(void **state)
{
    (void)state;
    double truth[NW] = {0.8, 0.3, 0.55}, u0[NW] = {0.5, 0.5, 0.5}, u[NW] = {0.5, 0.5, 0.5};
    data *d = make(truth);
    double start = fc_fit_model_solve(&d->m, u0, 0, u, 0);
    double end = fc_fit_model_solve(&d->m, u0, 0, u, 2000);
    assert_true(end < start - 0.01);
    for (int i = 0; i < NW; i++)
        assert_true(fabs(u[i] - truth[i]) < 0.03);
    free(d);
}

static void test_bounds_and_pull(void **state)
{
    (void)state;
    double truth[NW] = {1.2, -0.2, 0.5}, u0[NW] = {0.5, 0.5, 0.5}, u[NW] = {0.5, 0.5, 0.5};
    data *d = make(truth);
    fc_fit_model_solve(&d->m, u0, 0, u, 2000);
    assert_true(u[0] == 1.0); /* the truth lies outside the range: clamped to its end */
    assert_true(u[1] == 0.0);
    double v[NW] = {0.5, 0.5, 0.5};
    fc_fit_model_solve(&d->m, u0, 10, v, 2000); /* a strong pull keeps it near the start */
    for (int i = 0; i < NW; i++)
        assert_true(fabs(v[i] - 0.5) < fabs(u[i] - 0.5) + 1e-12 && fabs(v[i] - 0.5) < 0.2);
    free(d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_recovers_truth),
        cmocka_unit_test(test_bounds_and_pull),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
