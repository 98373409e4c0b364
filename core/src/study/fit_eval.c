/* Fitting evaluation weights to recorded games (fit_eval.h). Records are replayed over the
 * threads, each into its own slot, and the chosen positions copied out as plain state bytes;
 * the loss is summed over fixed chunks of positions, each chunk into its own slot, and the
 * chunks added in order, so neither the positions nor the sums depend on the thread count. */
#include "formicary/fit_eval.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "formicary/rng.h"
#include "formicary/weights.h"
#include "fit_model.h"
#include "pool.h"

#define FE_STREAM 0x666974ull /* "fit": which positions are kept */
#define FE_CHUNK 1024         /* positions per loss job */
#define FE_H 1e-4             /* forward-difference step, in range units */
#define FE_INNER 2000         /* steps of the linearised model's fit */
#define FE_HALVINGS 6         /* a step the true loss does not confirm is halved this often */
#define FE_GAIN 1e-7          /* an outer step must lower the objective by this much */
#define FE_EPS 1e-6           /* estimates are kept within eps..1-eps for the logarithm */

typedef struct fe_pos {
    const void *st;
    const fc_env *env;
    float result; /* the first seat's */
    uint8_t held; /* from a held-out record */
} fe_pos;

typedef struct fe_record {
    unsigned char *states; /* kept positions, state_size bytes each */
    long n;
} fe_record;

typedef struct fe_sum {
    double loss, held;
    long right, decided; /* held-out positions on the winner's side, of the decided ones */
} fe_sum;

typedef struct fe_run {
    const fc_fit_eval_config *c;
    fc_evaluate_weighted_fn eval;
    size_t size;
    double keep;         /* probability a candidate position is kept */
    fe_record *rec;
    fe_pos *pos;
    long npos;
    const double *w;     /* the weights of the loss being summed */
    fe_sum *sums;        /* per chunk */
    const fc_eval_weight *defs;
    double u[FC_EVAL_WEIGHTS_MAX]; /* where the model is linearised */
    fc_fit_model model;
    float *z0, *jac, *y;
    uint8_t *held;
} fe_run;

static double fe_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double fc_fit_eval_record_result(const fc_match *m, const char *meta_result)
{
    if (fc_match_to_move(m) == FC_NOBODY) {
        int32_t score[FC_MAX_SEATS];
        int rank[FC_MAX_SEATS];
        fc_match_scores(m, score, rank);
        return rank[0] < rank[1] ? 1.0 : rank[0] > rank[1] ? 0.0 : 0.5;
    }
    if (!meta_result)
        return -1;
    if (strcmp(meta_result, "1-0") == 0)
        return 1.0;
    if (strcmp(meta_result, "0-1") == 0)
        return 0.0;
    if (strcmp(meta_result, "1/2-1/2") == 0)
        return 0.5;
    return -1;
}

/* Whether record r's position before decision i is kept: from (seed, r, i) alone. */
static bool fe_kept(const fe_run *run, int r, size_t i)
{
    if (run->keep >= 1.0)
        return true;
    fc_rng g;
    fc_rng_seed(&g, run->c->seed ^ FE_STREAM, ((uint64_t)r << 32) | (uint64_t)i);
    return (double)(fc_rng_next(&g) >> 11) * 0x1.0p-53 < run->keep;
}

/* Candidate positions of record r: before each seat decision from the skip-th on. */
static long fe_candidates(const fe_run *run, int r)
{
    const fc_match *m = run->c->matches[r];
    long n = 0;
    for (size_t i = (size_t)run->c->skip; i < fc_match_ply(m); i++)
        n += fc_match_history(m, i)->seat >= 0;
    return n;
}

/* Whether the position before decision i of record r is fitted to. */
static bool fe_used(const fe_run *run, int r, size_t i)
{
    return i >= (size_t)run->c->skip && fc_match_history(run->c->matches[r], i)->seat >= 0 && fe_kept(run, r, i);
}

typedef struct fe_copy {
    const fe_run *run;
    int r;
    fe_record *out;
} fe_copy;

static void fe_copy_position(void *ud, const fc_match *before, size_t i, const fc_history_entry *h)
{
    (void)h;
    fe_copy *c = ud;
    if (fe_used(c->run, c->r, i))
        memcpy(c->out->states + (size_t)c->out->n++ * c->run->size, fc_match_state(before), c->run->size);
}

/* Replays record r and copies out its kept positions (room for exactly those). */
static int fe_collect(void *ud, int r, fc_error *err)
{
    fe_run *run = ud;
    fe_record *out = &run->rec[r];
    if (run->c->result[r] < 0)
        return 0;
    long kept = 0;
    for (size_t i = 0; i < fc_match_ply(run->c->matches[r]); i++)
        kept += fe_used(run, r, i);
    if (kept == 0)
        return 0;
    if (!(out->states = malloc((size_t)kept * run->size)))
        return fc_error_set(err, FC_ENOMEM, "out of memory");
    fe_copy c = {run, r, out};
    return fc_match_replay_each(run->c->matches[r], fe_copy_position, &c, err);
}

/* The loss over chunk k of the positions with weights run->w. */
static int fe_chunk(void *ud, int k, fc_error *err)
{
    (void)err;
    fe_run *run = ud;
    fe_sum s = {0};
    long end = (long)(k + 1) * FE_CHUNK < run->npos ? (long)(k + 1) * FE_CHUNK : run->npos;
    for (long i = (long)k * FE_CHUNK; i < end; i++) {
        const fe_pos *p = &run->pos[i];
        double v[FC_MAX_SEATS] = {0};
        run->eval(p->st, p->env, run->w, v);
        double e = v[0] < FE_EPS ? FE_EPS : v[0] > 1 - FE_EPS ? 1 - FE_EPS : v[0];
        double ce = -(p->result * log(e) + (1 - p->result) * log(1 - e));
        if (!p->held) {
            s.loss += ce;
            continue;
        }
        s.held += ce;
        if (p->result != 0.5f) {
            s.decided++;
            s.right += (e > 0.5) == (p->result > 0.5f);
        }
    }
    run->sums[k] = s;
    return 0;
}

/* Sums the loss of weights w over every position. */
static int fe_loss(fe_run *run, const double *w, fe_sum *total, fc_error *err)
{
    int chunks = (int)((run->npos + FE_CHUNK - 1) / FE_CHUNK);
    run->w = w;
    fc_pool pool = {.count = chunks, .threads = run->c->threads, .item = fe_chunk, .ud = run};
    int rc = fc_pool_run(&pool, NULL, err);
    *total = (fe_sum){0};
    for (int k = 0; rc == 0 && k < chunks; k++) {
        total->loss += run->sums[k].loss;
        total->held += run->sums[k].held;
        total->right += run->sums[k].right;
        total->decided += run->sums[k].decided;
    }
    return rc;
}

int fc_fit_eval_check(const fc_fit_eval_config *c, fc_error *err)
{
    if (!c->matches || c->nmatches < 1 || !c->result)
        return fc_error_set(err, FC_EINVAL, "no records to fit to");
    if (c->iterations < 1 || c->skip < 0 || c->skip > 1000 || c->positions < 0 || !(c->l2 >= 0) ||
        c->threads < 1)
        return fc_error_set(err, FC_EINVAL, "fit: iterations >= 1, skip 0..1000, positions >= 0, l2 >= 0, threads >= 1");
    const fc_match *m0 = c->matches[0];
    const fc_eval_weight *d0;
    int n = fc_match_eval_weights(m0, &d0);
    if (n <= 0 || !fc_match_evaluate_weighted_fn(m0))
        return fc_error_set(err, FC_EINVAL, "the game has no evaluation weights (its plugin offers no eval_weights)");
    for (int r = 0; r < c->nmatches; r++) {
        const fc_match *m = c->matches[r];
        const fc_eval_weight *d;
        if (fc_match_game(m) != fc_match_game(m0) || fc_rules_nseats(fc_match_rules(m)) != 2)
            return fc_error_set(err, FC_EINVAL, "record %d: not a two-player record of the first record's game", r + 1);
        if (fc_match_eval_weights(m, &d) != n)
            return fc_error_set(err, FC_EINVAL, "record %d: its rule set evaluates with other weights", r + 1);
        for (int i = 0; i < n; i++)
            if (strcmp(d[i].name, d0[i].name) != 0)
                return fc_error_set(err, FC_EINVAL, "record %d: its rule set evaluates with other weights", r + 1);
    }
    if (c->start && c->nstart != n)
        return fc_error_set(err, FC_EINVAL, "start weights: %d given, the game has %d", c->nstart, n);
    for (int i = 0; c->start && i < n; i++)
        if (!(c->start[i] >= d0[i].lo && c->start[i] <= d0[i].hi))
            return fc_error_set(err, FC_ERANGE, "start weight '%s': %g is out of range %g..%g", d0[i].name,
                                c->start[i], d0[i].lo, d0[i].hi);
    return 0;
}

/* Replays the records and lays out the kept positions. */
static int fe_positions(fe_run *run, fc_fit_eval_result *r, fc_error *err)
{
    const fc_fit_eval_config *c = run->c;
    long total = 0;
    for (int i = 0; i < c->nmatches; i++)
        if (c->result[i] >= 0)
            total += fe_candidates(run, i);
    long want = c->positions > 0 ? c->positions : FC_FIT_EVAL_DEFAULT_POSITIONS;
    run->keep = total > want ? (double)want / (double)total : 1.0;
    fc_pool pool = {.count = c->nmatches, .threads = c->threads, .item = fe_collect, .ud = run};
    int failed_at;
    fc_error e;
    if (fc_pool_run(&pool, &failed_at, &e) != 0)
        return fc_error_set(err, e.code, "record %d: %s", failed_at + 1, e.msg);
    long n = 0;
    for (int i = 0; i < c->nmatches; i++)
        n += run->rec[i].n;
    run->pos = calloc(n ? (size_t)n : 1, sizeof *run->pos);
    run->sums = calloc((size_t)(n / FE_CHUNK + 1), sizeof *run->sums);
    if (!run->pos || !run->sums)
        return fc_error_set(err, FC_ENOMEM, "out of memory");
    for (int i = 0; i < c->nmatches; i++) {
        bool held = i % FC_FIT_EVAL_HOLDOUT == FC_FIT_EVAL_HOLDOUT - 1;
        if (c->result[i] < 0)
            r->left_out++;
        else if (held)
            r->held_out++;
        else
            r->records++;
        for (long k = 0; k < run->rec[i].n; k++) {
            run->pos[run->npos++] = (fe_pos){run->rec[i].states + (size_t)k * run->size,
                                             fc_match_search_env(c->matches[i]), (float)c->result[i], held};
            if (held)
                r->held_positions++;
            else
                r->positions++;
        }
    }
    if (r->positions == 0)
        return fc_error_set(err, FC_EINVAL, "no positions to fit to (records without results, or shorter than --skip)");
    return 0;
}

/* The training objective at normalised weights u: mean loss plus the pull to u0. */
static int fe_objective(fe_run *run, const fc_fit_eval_result *r, const double *u, const double *u0, double *obj,
                        fc_error *err)
{
    double w[FC_EVAL_WEIGHTS_MAX];
    fe_sum s;
    for (int i = 0; i < r->n; i++)
        w[i] = r->defs[i].lo + u[i] * (r->defs[i].hi - r->defs[i].lo);
    int rc = fe_loss(run, w, &s, err);
    double pull = 0;
    for (int i = 0; i < r->n; i++)
        pull += (u[i] - u0[i]) * (u[i] - u0[i]);
    *obj = s.loss / (double)r->positions + run->c->l2 * pull;
    return rc;
}

static double fe_logit(double v)
{
    v = v < FE_EPS ? FE_EPS : v > 1 - FE_EPS ? 1 - FE_EPS : v;
    return log(v / (1 - v));
}

/* Linearises chunk k's positions around run->u (fit_model.h): log-odds and forward
 * differences of FE_H range units. */
static int fe_linear_chunk(void *ud, int k, fc_error *err)
{
    (void)err;
    fe_run *run = ud;
    const fc_eval_weight *d = run->defs;
    int n = run->model.n;
    double w[FC_EVAL_WEIGHTS_MAX], h[FC_EVAL_WEIGHTS_MAX], v[FC_MAX_SEATS];
    for (int i = 0; i < n; i++) {
        w[i] = d[i].lo + run->u[i] * (d[i].hi - d[i].lo);
        h[i] = run->u[i] + FE_H <= 1 ? FE_H : -FE_H;
    }
    long end = (long)(k + 1) * FE_CHUNK < run->npos ? (long)(k + 1) * FE_CHUNK : run->npos;
    for (long p = (long)k * FE_CHUNK; p < end; p++) {
        const fe_pos *q = &run->pos[p];
        run->eval(q->st, q->env, w, v);
        double z0 = fe_logit(v[0]);
        run->z0[p] = (float)z0;
        float *j = run->jac + (size_t)p * (size_t)n;
        for (int i = 0; i < n; i++) {
            double keep = w[i];
            w[i] += h[i] * (d[i].hi - d[i].lo);
            run->eval(q->st, q->env, w, v);
            w[i] = keep;
            j[i] = (float)((fe_logit(v[0]) - z0) / h[i]);
        }
    }
    return 0;
}

static int fe_linearise(fe_run *run, const double *u, fc_error *err)
{
    memcpy(run->u, u, (size_t)run->model.n * sizeof *u);
    memcpy(run->model.base, u, (size_t)run->model.n * sizeof *u);
    fc_pool pool = {.count = (int)((run->npos + FE_CHUNK - 1) / FE_CHUNK), .threads = run->c->threads,
                    .item = fe_linear_chunk, .ud = run};
    return fc_pool_run(&pool, NULL, err);
}

/* One outer step from u (true objective *obj): fit the model linearised at u, then move towards
 * its answer as far as the true objective falls (halving up to FE_HALVINGS times). Returns 1
 * when it moved, 0 when no move helped, < 0 on error. */
static int fe_step(fe_run *run, const fc_fit_eval_result *r, double *u, const double *u0, double *obj, fc_error *err)
{
    int n = r->n, rc = fe_linearise(run, u, err);
    double t[FC_EVAL_WEIGHTS_MAX], o;
    if (rc < 0)
        return rc;
    memcpy(t, u, (size_t)n * sizeof *t);
    fc_fit_model_solve(&run->model, u0, run->c->l2, t, FE_INNER);
    for (int k = 0; k < FE_HALVINGS; k++) {
        if ((rc = fe_objective(run, r, t, u0, &o, err)) < 0)
            return rc;
        if (o < *obj - FE_GAIN) {
            memcpy(u, t, (size_t)n * sizeof *u);
            *obj = o;
            return 1;
        }
        for (int i = 0; i < n; i++)
            t[i] = (t[i] + u[i]) / 2;
    }
    return 0;
}

/* Fills the held-out figures of weights w. */
static int fe_measure(fe_run *run, const double *w, double *loss, double *held, double *right, long npos, long nheld,
                      fc_error *err)
{
    fe_sum s;
    int rc = fe_loss(run, w, &s, err);
    *loss = s.loss / (double)npos;
    *held = nheld ? s.held / (double)nheld : 0;
    *right = s.decided ? (double)s.right / (double)s.decided : 0;
    return rc;
}

/* The model's arrays over the laid-out positions. */
static int fe_model_init(fe_run *run, int n, fc_error *err)
{
    run->z0 = malloc((size_t)run->npos * sizeof *run->z0);
    run->jac = malloc((size_t)run->npos * (size_t)n * sizeof *run->jac);
    run->y = malloc((size_t)run->npos * sizeof *run->y);
    run->held = malloc((size_t)run->npos);
    if (!run->z0 || !run->jac || !run->y || !run->held)
        return fc_error_set(err, FC_ENOMEM, "out of memory for %ld positions", run->npos);
    long train = 0;
    for (long p = 0; p < run->npos; p++) {
        run->y[p] = run->pos[p].result;
        run->held[p] = run->pos[p].held;
        train += !run->pos[p].held;
    }
    run->model = (fc_fit_model){.n = n, .npos = run->npos, .y = run->y, .held = run->held, .ntrain = train,
                            .z0 = run->z0, .jac = run->jac};
    return 0;
}

static int fe_fit(fe_run *run, fc_fit_eval_result *r, fc_error *err)
{
    double u[FC_EVAL_WEIGHTS_MAX], u0[FC_EVAL_WEIGHTS_MAX], obj;
    for (int i = 0; i < r->n; i++)
        u[i] = u0[i] = (r->start[i] - r->defs[i].lo) / (r->defs[i].hi - r->defs[i].lo);
    int rc = fe_model_init(run, r->n, err);
    if (rc == 0)
        rc = fe_measure(run, r->start, &r->loss_start, &r->held_start, &r->right_start, r->positions,
                        r->held_positions, err);
    if (rc == 0)
        rc = fe_objective(run, r, u, u0, &obj, err);
    for (int k = 0; rc == 0 && k < run->c->iterations; k++) {
        rc = fe_step(run, r, u, u0, &obj, err);
        if (rc == 0)
            break;
        if (rc > 0) {
            r->steps++;
            rc = 0;
        }
        if (run->c->progress)
            run->c->progress(run->c->progress_ud, k + 1, run->c->iterations, obj);
    }
    for (int i = 0; i < r->n; i++)
        r->tuned[i] = r->defs[i].lo + u[i] * (r->defs[i].hi - r->defs[i].lo);
    fc_weights_round(r->defs, r->n, r->tuned);
    if (rc == 0)
        rc = fe_measure(run, r->tuned, &r->loss_tuned, &r->held_tuned, &r->right_tuned, r->positions,
                        r->held_positions, err);
    return rc;
}

int fc_fit_eval_run(const fc_fit_eval_config *c, fc_fit_eval_result *r, fc_error *err)
{
    int rc = fc_fit_eval_check(c, err);
    if (rc < 0)
        return rc;
    double t0 = fe_now();
    memset(r, 0, sizeof *r);
    const fc_match *m0 = c->matches[0];
    r->n = fc_match_eval_weights(m0, &r->defs);
    for (int i = 0; i < r->n; i++)
        r->start[i] = c->start ? c->start[i] : r->defs[i].value;
    fe_run run = {.c = c, .eval = fc_match_evaluate_weighted_fn(m0),
                  .size = fc_match_game(m0)->state_size, .defs = r->defs};
    run.rec = calloc((size_t)c->nmatches, sizeof *run.rec);
    rc = run.rec ? fe_positions(&run, r, err) : fc_error_set(err, FC_ENOMEM, "out of memory");
    if (rc == 0)
        rc = fe_fit(&run, r, err);
    for (int i = 0; run.rec && i < c->nmatches; i++)
        free(run.rec[i].states);
    free(run.rec);
    free(run.pos);
    free(run.sums);
    free(run.z0);
    free(run.jac);
    free(run.y);
    free(run.held);
    r->seconds = fe_now() - t0;
    return rc;
}
