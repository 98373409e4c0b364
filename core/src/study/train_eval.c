/* SPSA tuning of a game's evaluation weights by self-play (train_eval.h). A step's games are
 * jobs 0..2*games-1 (deal j/2, seats swapped when j is odd) taken by the threads from a shared
 * counter; each job's result is stored at its index and the step's update reads them in
 * order, so the thread count changes nothing. */
#include "formicary/train_eval.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "formicary/agent.h"
#include "formicary/match.h"
#include "formicary/rng.h"
#include "formicary/stats.h"
#include "formicary/weights.h"
#include "pool.h"

#define TE_ALPHA 0.602 /* Spall's decay exponents */
#define TE_GAMMA 0.101
#define TE_STREAM_DIR 0x7465646972ull   /* "tedir": the steps' directions */
#define TE_STREAM_STEP 0x74657374ull    /* "test": a step's games */
#define TE_STREAM_OPENING 0x6f70656e696e67ull /* "opening" */
#define TE_CHECK_STEP (-1)              /* the step number of the check's games */
#define TE_DEFAULT_MAX_DECISIONS 100000L

/* One game's result: a plain value, so a distributed runner can ship it (fc_spread_fn). */
typedef struct te_result {
    double score;       /* A's result, 1 / 0.5 / 0 */
    uint8_t unfinished;
} te_result;

/* One batch of games between side A (weights wa) and side B (wb). */
typedef struct te_batch {
    const fc_train_eval_config *c;
    const char *spec;
    int n;
    const double *wa, *wb;
    uint64_t seed;   /* the batch's: from (config seed, step) */
    int njobs;
    te_result *res;  /* per job from `first` on */
    int first;
} te_batch;

static double te_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static uint64_t te_derive(uint64_t seed, uint64_t stream, uint64_t k)
{
    fc_rng r;
    fc_rng_seed(&r, seed ^ stream, k);
    return fc_rng_next(&r);
}

/* Plays job j of b: deal j/2 with A in seat j % 2. */
static int te_game(te_batch *b, int j, fc_error *err)
{
    uint64_t deal = te_derive(b->seed, 0, (uint64_t)(j / 2));
    int a_seat = j % 2, rc = 0;
    fc_match *m = fc_match_new(b->c->rules, deal, err);
    if (!m)
        return err->code ? err->code : FC_EINVAL;
    fc_match_set_log(m, 0);
    fc_agent *ag[2] = {NULL, NULL};
    for (int s = 0; s < 2 && rc == 0; s++) {
        if (!(ag[s] = fc_agent_new(b->spec, te_derive(deal, 1, (uint64_t)s), err)))
            rc = err->code ? err->code : FC_EINVAL;
        else
            rc = fc_agent_set_weights(ag[s], s == a_seat ? b->wa : b->wb, b->n, err);
    }
    long limit = b->c->max_decisions > 0 ? b->c->max_decisions : TE_DEFAULT_MAX_DECISIONS, steps = 0, seat_steps = 0;
    fc_rng opening; /* the deal's random opening: the same in both games of the deal */
    fc_rng_seed(&opening, deal, TE_STREAM_OPENING);
    while (rc == 0 && fc_match_to_move(m) != FC_NOBODY && steps < limit) {
        int who = fc_match_to_move(m);
        const fc_decision *legal = NULL;
        fc_decision d = 0;
        if (who == FC_CHANCE)
            rc = fc_match_play_chance(m, err);
        else if (who < 0 || who > 1)
            rc = fc_error_set(err, FC_EPLUGIN, "the game reported seat %d to move (2 seats)", who);
        else if (seat_steps++ < b->c->opening) {
            int k = fc_match_legal(m, &legal, NULL);
            rc = k > 0 && legal ? fc_match_play(m, legal[fc_rng_below(&opening, (uint32_t)k)], err)
                                : fc_error_set(err, FC_ESTATE, "no legal decision in the opening");
        } else if ((rc = fc_agent_choose(ag[who], m, &d, err)) == 0)
            rc = fc_match_play(m, d, err);
        steps++;
    }
    if (rc == 0) {
        int32_t score[FC_MAX_SEATS];
        int rank[FC_MAX_SEATS];
        bool done = fc_match_to_move(m) == FC_NOBODY;
        fc_match_scores(m, score, rank);
        int mine = rank[a_seat], theirs = rank[1 - a_seat];
        b->res[j - b->first].score = !done || mine == theirs ? 0.5 : mine < theirs ? 1.0 : 0.0;
        b->res[j - b->first].unfinished = !done;
    }
    fc_agent_free(ag[0]);
    fc_agent_free(ag[1]);
    fc_match_free(m);
    return rc;
}

static int te_item(void *ud, int i, fc_error *err)
{
    te_batch *b = ud;
    return te_game(b, b->first + i, err);
}

/* Jobs first..first+n-1 of the batch over the threads into out[0..n) (an fc_spread_batch). */
static int te_part(void *ud, int first, int n, void *out, fc_error *err)
{
    te_batch b = *(const te_batch *)ud;
    b.res = out;
    b.first = first;
    fc_pool pool = {.count = n, .threads = b.c->threads, .item = te_item, .ud = &b};
    fc_error e;
    if (fc_pool_run(&pool, NULL, &e) != 0)
        return fc_error_set(err, e.code, "train-eval: %s", e.msg);
    return 0;
}

/* Plays the batch's jobs on c->threads threads (or through c->spread); A's mean result, or a
 * negative error. */
static int te_play(te_batch *b, double *share, fc_error *err)
{
    const fc_train_eval_config *c = b->c;
    b->first = 0;
    int rc = c->spread ? c->spread(c->spread_ud, b->njobs, c->threads, sizeof *b->res, b->res, te_part, b, err)
                       : te_part(b, 0, b->njobs, b->res, err);
    if (rc != 0)
        return rc;
    double sum = 0;
    for (int j = 0; j < b->njobs; j++)
        sum += b->res[j].score;
    *share = sum / b->njobs;
    return 0;
}

/* ---- configuration ---- */

static const char *te_spec(const fc_train_eval_config *c) { return c->agent && *c->agent ? c->agent : "greedy"; }

/* The game's weights, through a match of the rules. */
static int te_weights(const fc_train_eval_config *c, const fc_eval_weight **defs, fc_error *err)
{
    fc_match *m = fc_match_new(c->rules, 0, err);
    if (!m)
        return err->code ? err->code : FC_EINVAL;
    fc_error e;
    fc_error_clear(&e);
    int n = fc_weights_of(m, defs, &e);
    fc_match_free(m);
    return n < 0 ? fc_error_set(err, n, "train-eval: %s", e.msg) : n;
}

/* An agent that evaluates (it takes weights) and names no weights file itself. */
static int te_check_agent(const char *spec, const char *what, fc_error *err)
{
    fc_error e;
    fc_error_clear(&e);
    fc_agent *a = fc_agent_new(spec, 0, &e);
    if (!a)
        return fc_error_set(err, e.code, "train-eval: %s: %s", what, e.msg);
    double one = 0;
    int rc = fc_agent_set_weights(a, &one, 1, &e);
    fc_agent_free(a);
    if (rc < 0)
        return fc_error_set(err, rc, "train-eval: %s: %s", what, e.msg);
    if (strstr(spec, "weights="))
        return fc_error_set(err, FC_EINVAL, "train-eval: %s takes no weights= key (start weights: --from FILE)", what);
    return 0;
}

int fc_train_eval_check(const fc_train_eval_config *c, fc_error *err)
{
    if (!c || !c->rules)
        return fc_error_set(err, FC_EINVAL, "train-eval: no rule set");
    const fc_plugin *p = fc_rules_plugin(c->rules);
    if (fc_rules_nseats(c->rules) != 2)
        return fc_error_set(err, FC_EINVAL, "train-eval: tunes two-player games only; %s has %d seats here", p->id,
                            fc_rules_nseats(c->rules));
    if (c->iterations < 1 || c->iterations > 1000000 || c->games < 1 || c->games > 100000 || c->check < 0 ||
        c->check > 1000000 || c->threads < 1 || c->threads > 64)
        return fc_error_set(err, FC_ERANGE, "train-eval: iterations, games, check or threads out of range");
    if (!(c->c >= 0 && c->c <= 0.5) || !(c->step >= 0 && c->step <= 10))
        return fc_error_set(err, FC_ERANGE, "train-eval: perturbation must be in 0..0.5 and step in 0..10");
    if (c->opening < 0 || c->opening > 10000)
        return fc_error_set(err, FC_ERANGE, "train-eval: %d random opening decisions, expected 0..10000", c->opening);
    int rc = te_check_agent(te_spec(c), "--agent", err);
    if (rc == 0 && c->check_agent)
        rc = te_check_agent(c->check_agent, "--check-agent", err);
    if (rc < 0)
        return rc;
    const fc_eval_weight *defs;
    int n = te_weights(c, &defs, err);
    if (n < 0)
        return n;
    fc_error e;
    fc_error_clear(&e);
    if (c->start && fc_weights_check(defs, n, c->start, c->nstart, &e) < 0)
        return fc_error_set(err, e.code, "train-eval: start weights: %s", e.msg);
    return 0;
}

/* ---- SPSA ---- */

static double te_clamp01(double x) { return x < 0 ? 0 : x > 1 ? 1 : x; }

/* Normalised u back to weights, rounded (fc_weights_round: the file then shows "412.3"). */
static void te_weights_of(const fc_eval_weight *d, int n, const double *u, double *w)
{
    for (int i = 0; i < n; i++)
        w[i] = d[i].lo + u[i] * (d[i].hi - d[i].lo);
    fc_weights_round(d, n, w);
}

typedef struct te_state {
    const fc_train_eval_config *c;
    fc_train_eval_result *r;
    te_batch b;
    double u[FC_EVAL_WEIGHTS_MAX], up[FC_EVAL_WEIGHTS_MAX], um[FC_EVAL_WEIGHTS_MAX];
    double wa[FC_EVAL_WEIGHTS_MAX], wb[FC_EVAL_WEIGHTS_MAX];
} te_state;

/* Step k: perturb, play, update s->u. */
static int te_step(te_state *s, int k, fc_error *err)
{
    const fc_train_eval_config *c = s->c;
    const fc_eval_weight *d = s->r->defs;
    int n = s->r->n;
    double cc = c->c > 0 ? c->c : FC_TRAIN_EVAL_DEFAULT_C, step = c->step > 0 ? c->step : FC_TRAIN_EVAL_DEFAULT_STEP;
    double big_a = 0.1 * c->iterations, a = step * 2 * cc * pow(1 + big_a, TE_ALPHA);
    double ck = cc / pow(k + 1, TE_GAMMA), ak = a / pow(k + 1 + big_a, TE_ALPHA);
    fc_rng dir;
    fc_rng_seed(&dir, c->seed ^ TE_STREAM_DIR, (uint64_t)k);
    for (int i = 0; i < n; i++) {
        double delta = (fc_rng_next(&dir) >> 63) ? 1.0 : -1.0;
        s->up[i] = te_clamp01(s->u[i] + ck * delta);
        s->um[i] = te_clamp01(s->u[i] - ck * delta);
    }
    te_weights_of(d, n, s->up, s->wa);
    te_weights_of(d, n, s->um, s->wb);
    s->b.wa = s->wa;
    s->b.wb = s->wb;
    s->b.seed = te_derive(c->seed, TE_STREAM_STEP, (uint64_t)k);
    s->b.njobs = 2 * c->games;
    double share;
    int rc = te_play(&s->b, &share, err);
    if (rc < 0)
        return rc;
    /* share+ - share- over the step's games; the gradient along the perturbation actually made
     * (smaller at a range's end) */
    double diff = 2 * share - 1;
    for (int i = 0; i < n; i++)
        s->u[i] = te_clamp01(s->u[i] + ak * diff / (s->up[i] - s->um[i]));
    s->r->games += s->b.njobs;
    s->r->mean_share += share / c->iterations;
    if (c->progress)
        c->progress(c->progress_ud, k + 1, c->iterations, share);
    return 0;
}

/* Tuned against start over c->check deals: tuned's share with a t interval over the deals. */
static int te_check(te_state *s, fc_error *err)
{
    const fc_train_eval_config *c = s->c;
    fc_train_eval_result *r = s->r;
    s->b.wa = r->tuned;
    s->b.wb = r->start;
    s->b.spec = c->check_agent ? c->check_agent : te_spec(c);
    s->b.seed = te_derive(c->seed, TE_STREAM_STEP, (uint64_t)(int64_t)TE_CHECK_STEP);
    s->b.njobs = 2 * c->check;
    double share;
    int rc = te_play(&s->b, &share, err);
    if (rc < 0)
        return rc;
    for (int j = 0; j < s->b.njobs; j++)
        r->check_unfinished += s->b.res[j].unfinished;
    r->check_deals = c->check;
    r->check_share = share;
    /* Wilson over the games: pairing narrows the true interval, so this one errs on the safe side */
    fc_stats_wilson(share * s->b.njobs, s->b.njobs, FC_Z95, &r->check_lo, &r->check_hi);
    if (c->progress)
        c->progress(c->progress_ud, c->iterations, c->iterations, share);
    return 0;
}

int fc_train_eval_run(const fc_train_eval_config *c, fc_train_eval_result *r, fc_error *err)
{
    memset(r, 0, sizeof *r);
    int rc = fc_train_eval_check(c, err);
    if (rc < 0)
        return rc;
    double t0 = te_now();
    if ((rc = te_weights(c, &r->defs, err)) < 0)
        return rc;
    r->n = rc;
    te_state *s = calloc(1, sizeof *s);
    int most = 2 * (c->games > c->check ? c->games : c->check);
    te_result *res = calloc((size_t)most, sizeof *res); /* zeroed: the padding ships as bytes */
    if (!s || !res) {
        free(s);
        free(res);
        return fc_error_set(err, FC_ENOMEM, "out of memory");
    }
    s->c = c;
    s->r = r;
    s->b = (te_batch){.c = c, .spec = te_spec(c), .n = r->n, .res = res};
    for (int i = 0; i < r->n; i++) {
        const fc_eval_weight *d = &r->defs[i];
        r->start[i] = c->start ? c->start[i] : d->value;
        s->u[i] = (r->start[i] - d->lo) / (d->hi - d->lo);
    }
    rc = 0;
    for (int k = 0; k < c->iterations && rc == 0; k++)
        rc = te_step(s, k, err);
    if (rc == 0) {
        te_weights_of(r->defs, r->n, s->u, r->tuned);
        if (c->check > 0)
            rc = te_check(s, err);
    }
    r->seconds = te_now() - t0;
    free(res);
    free(s);
    return rc;
}

void fc_train_eval_comment(const fc_train_eval_config *c, const fc_train_eval_result *r, const char *game,
                           const char *from, char *buf, size_t n)
{
    int len = snprintf(buf, n,
                       "Evaluation weights of %s tuned by formicary train-eval (SPSA self-play, docs/search.md):\n"
                       "agent %s, %d steps of %d deals played twice with seats swapped (%ld games), seed %llu,\n"
                       "%d random opening decisions; start: %s; perturbation %g, step %g of each weight's range.",
                       game, te_spec(c), c->iterations, c->games, r->games, (unsigned long long)c->seed, c->opening,
                       from, c->c > 0 ? c->c : FC_TRAIN_EVAL_DEFAULT_C,
                       c->step > 0 ? c->step : FC_TRAIN_EVAL_DEFAULT_STEP);
    if (len < 0 || (size_t)len >= n || !r->check_deals)
        return;
    snprintf(buf + len, n - (size_t)len,
             "\ncheck: tuned against start with agent %s over %d deals (%d games, %ld unfinished counted as\n"
             "draws): tuned's win share %.3f, 95%% interval %.3f-%.3f",
             c->check_agent ? c->check_agent : te_spec(c), r->check_deals, 2 * r->check_deals, r->check_unfinished,
             r->check_share, r->check_lo, r->check_hi);
}
