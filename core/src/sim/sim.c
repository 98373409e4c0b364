/* Simulation over threads (see sim.h) through the core's pool (pool.h); each game builds its
 * own match and agents from seeds derived from (seed, index), so the results and the reported
 * error do not depend on the thread count. */
#include "formicary/sim.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "agent_impl.h"
#include "formicary/rng.h"
#include "pool.h"

#define SIM_MATCH_STREAM 0x73696d6d61746368ull /* "simmatch" */
#define SIM_AGENT_STREAM 0x73696d6167656e74ull /* "simagent" */

uint64_t fc_sim_match_seed(uint64_t seed, int index)
{
    fc_rng r;
    fc_rng_seed(&r, seed ^ SIM_MATCH_STREAM, (uint64_t)index);
    return fc_rng_next(&r);
}

uint64_t fc_sim_agent_seed(uint64_t seed, int index)
{
    fc_rng r;
    fc_rng_seed(&r, seed ^ SIM_AGENT_STREAM, (uint64_t)index);
    return fc_rng_next(&r);
}

int fc_sim_agent_at(const fc_sim_config *c, int index, int seat)
{
    int n = c->nagents;
    if (c->fixed_seats || n <= 0)
        return seat;
    /* agent k sits in seat (k + index) mod n */
    return ((seat - index) % n + n) % n;
}

int fc_sim_check(const fc_sim_config *c, fc_error *err)
{
    if (!c || !c->rules)
        return fc_error_set(err, FC_EINVAL, "sim: no rule set");
    int n = fc_rules_nseats(c->rules);
    if (c->nagents != n)
        return fc_error_set(err, FC_EINVAL, "sim: %d agents for %d seats", c->nagents, n);
    if (c->threads < 1 || c->threads > 1024)
        return fc_error_set(err, FC_ERANGE, "sim: %d threads, expected 1..1024", c->threads);
    if (c->opening < 0 || c->opening > 10000)
        return fc_error_set(err, FC_ERANGE, "sim: %d random opening decisions, expected 0..10000", c->opening);
    for (int k = 0; k < n; k++) {
        fc_error e;
        fc_error_clear(&e);
        fc_agent *a = c->agents[k] ? fc_agent_new(c->agents[k], 0, &e) : NULL;
        if (!a)
            return fc_error_set(err, e.code ? e.code : FC_EINVAL, "agent %d: %s", k + 1,
                                c->agents[k] ? e.msg : "missing spec");
        int rc = fc_agent_check_rules(a, c->rules, &e); /* a weights file: before any game */
        fc_agent_free(a);
        if (rc < 0)
            return fc_error_set(err, rc, "agent %d: %s", k + 1, e.msg);
    }
    if (c->game_seeds && (c->position || c->nsources < 0 || c->nsources > FC_CHANCE_SOURCES_MAX))
        return fc_error_set(err, FC_EINVAL, "sim: per-source seeds need games from the start and 0..%d sources",
                            FC_CHANCE_SOURCES_MAX);
    if (c->position) {
        fc_error e;
        fc_error_clear(&e);
        fc_match *m = fc_match_new_from_position(c->rules, 0, c->position, &e);
        if (!m)
            return fc_error_set(err, e.code ? e.code : FC_EINVAL, "%s", e.msg);
        fc_match_free(m);
    }
    return 0;
}

static double sim_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Evaluations of every position of one game, nseats values each. */
typedef struct sim_evals {
    double *v;
    size_t n, cap;
} sim_evals;

static int sim_eval_push(sim_evals *e, const fc_match *m, int nseats)
{
    if (e->n == e->cap) {
        size_t cap = e->cap ? e->cap * 2 : 256;
        double *v = realloc(e->v, cap * (size_t)nseats * sizeof *v);
        if (!v)
            return FC_ENOMEM;
        e->v = v;
        e->cap = cap;
    }
    fc_agent_rewards(fc_match_game(m), NULL, fc_match_state(m), fc_match_search_env(m), 0, e->v + e->n * (size_t)nseats);
    e->n++;
    return 0;
}

/* Lead changes and drama from the evaluations (definitions in docs/metrics.md). */
static void sim_drama(const sim_evals *e, fc_sim_game *g, int nseats)
{
    int leader = -1;
    g->lead_changes = 0;
    for (size_t t = 0; t < e->n; t++) {
        const double *v = e->v + t * (size_t)nseats;
        int best = 0, ties = 1;
        for (int s = 1; s < nseats; s++) {
            if (v[s] > v[best]) {
                best = s;
                ties = 1;
            } else if (v[s] == v[best]) {
                ties++;
            }
        }
        if (ties > 1)
            continue; /* a shared lead keeps the previous leader */
        if (leader >= 0 && best != leader)
            g->lead_changes++;
        leader = best;
    }
    g->drama = 0;
    if (g->timeout || g->winners == 0 || g->winners == nseats)
        return;
    double sum = 0;
    long trailing = 0;
    for (size_t t = 0; t < e->n; t++) {
        const double *v = e->v + t * (size_t)nseats;
        double wv = -1, lv = -1;
        for (int s = 0; s < nseats; s++) {
            if (g->rank[s] == 0)
                wv = v[s] > wv ? v[s] : wv;
            else
                lv = v[s] > lv ? v[s] : lv;
        }
        if (lv > wv) {
            trailing++;
            sum += sqrt(lv - wv);
        }
    }
    g->drama = trailing ? sum / (double)trailing : 0;
}

static double sim_thread_cpu(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + t.tv_nsec * 1e-9;
}

/* One agent decision for `seat`, timed on this thread's CPU clock when the config asks. */
static int sim_choose(const fc_sim_config *c, fc_agent *a, fc_match *m, fc_sim_game *g, int seat, fc_decision *d,
                      fc_error *err)
{
    if (!c->agent_cpu)
        return fc_agent_choose(a, m, d, err);
    double t0 = sim_thread_cpu();
    int rc = fc_agent_choose(a, m, d, err);
    g->cpu[seat] += sim_thread_cpu() - t0;
    g->agent_decisions[seat]++;
    return rc;
}

/* Game `index`'s match (g->seed set) and its agents' seed in *aseed: per chance source when the
 * config gives game seeds, else from its position or its start. */
static fc_match *sim_match_new(const fc_sim_config *c, int index, const fc_sim_game *g, uint64_t *aseed,
                               fc_error *err)
{
    uint64_t src[FC_CHANCE_SOURCES_MAX];
    *aseed = fc_sim_agent_seed(c->seed, index);
    if (c->game_seeds)
        c->game_seeds(c->game_seeds_ud, index, src, aseed);
    fc_match *m = c->game_seeds ? fc_match_new_sourced(c->rules, g->seed, src, c->nsources, err)
                  : c->position ? fc_match_new_from_position(c->rules, g->seed, c->position, err)
                                : fc_match_new(c->rules, g->seed, err);
    if (m)
        fc_match_set_log(m, 0); /* nobody reads it, and formatting it costs more than the game */
    return m;
}

/* The figures of a game that ended (or timed out), then the config's on_game. */
static int sim_finish(const fc_sim_config *c, int index, fc_match *m, fc_sim_game *g, const sim_evals *ev,
                      double legal_sum, fc_error *err)
{
    int n = c->nagents;
    fc_match_scores(m, g->score, g->rank);
    g->rounds = fc_match_round(m);
    g->branching = g->decisions ? legal_sum / (double)g->decisions : 0;
    for (int s = 0; s < n; s++)
        g->winners += !g->timeout && g->rank[s] == 0;
    sim_drama(ev, g, n);
    return c->on_game ? c->on_game(c->on_game_ud, index, m, err) : 0;
}

static int sim_game(const fc_sim_config *c, int index, fc_sim_game *g, fc_error *err)
{
    int n = c->nagents, rc = 0;
    long limit = c->max_decisions > 0 ? c->max_decisions : FC_SIM_DEFAULT_MAX_DECISIONS;
    double t0 = sim_now();
    memset(g, 0, sizeof *g);
    g->index = index;
    g->seed = fc_sim_match_seed(c->seed, index);
    uint64_t aseed;
    fc_agent *agent[FC_MAX_SEATS] = {NULL};
    sim_evals ev = {NULL, 0, 0};
    fc_match *m = sim_match_new(c, index, g, &aseed, err);
    if (!m)
        return err && err->code ? err->code : FC_EINVAL;
    for (int k = 0; k < n && rc == 0; k++) {
        uint64_t s = fc_hash64(&k, sizeof k, aseed);
        if (!(agent[k] = fc_agent_new(c->agents[k], s, err)))
            rc = err && err->code ? err->code : FC_EINVAL;
    }
    for (int s = 0; s < n; s++)
        g->agent_at[s] = fc_sim_agent_at(c, index, s);
    double legal_sum = 0;
    fc_rng opening; /* the opening's own stream of the match seed: agents' streams untouched */
    fc_rng_seed(&opening, g->seed, 0x6f70656e696e67ull);
    if (rc == 0)
        rc = sim_eval_push(&ev, m, n);
    while (rc == 0) {
        int who = fc_match_to_move(m);
        if (who == FC_NOBODY)
            break;
        if (g->decisions + g->chance >= limit) {
            g->timeout = true;
            break;
        }
        if (who == FC_CHANCE) {
            rc = fc_match_play_chance(m, err);
            g->chance++;
        } else if (who < 0 || who >= n) {
            rc = fc_error_set(err, FC_EPLUGIN, "the game reported seat %d to move (%d seats)", who, n);
        } else {
            const fc_decision *legal = NULL;
            int k = fc_match_legal(m, &legal, NULL);
            fc_decision d = 0;
            legal_sum += k;
            g->choice_points += k > 1;
            if (g->decisions++ < c->opening && k > 0 && legal)
                d = legal[fc_rng_below(&opening, (uint32_t)k)];
            else
                rc = sim_choose(c, agent[g->agent_at[who]], m, g, who, &d, err);
            if (rc == 0)
                rc = fc_match_play(m, d, err);
        }
        if (rc == 0)
            rc = sim_eval_push(&ev, m, n);
    }
    if (rc == 0)
        rc = sim_finish(c, index, m, g, &ev, legal_sum, err);
    if (rc != 0 && err && err->msg[0]) {
        char msg[FC_ERROR_MSG_MAX];
        snprintf(msg, sizeof msg, "%s", err->msg);
        fc_error_set(err, rc, "game %d (seed %llu): %.400s", index, (unsigned long long)g->seed, msg);
    }
    g->seconds = sim_now() - t0;
    free(ev.v);
    for (int k = 0; k < n; k++)
        fc_agent_free(agent[k]);
    fc_match_free(m);
    return rc;
}

typedef struct sim_run {
    const fc_sim_config *c;
    int first;
    fc_sim_game *out;
} sim_run;

static int sim_item(void *ud, int i, fc_error *err)
{
    sim_run *r = ud;
    return sim_game(r->c, r->first + i, &r->out[i], err);
}

static void sim_finished(void *ud, int index, int rc, int done, int total)
{
    (void)index;
    (void)rc;
    const fc_sim_config *c = ud;
    if (c->progress)
        c->progress(c->progress_ud, done, total);
}

int fc_sim_run(const fc_sim_config *c, int first, int count, fc_sim_game *out, fc_error *err)
{
    int rc = fc_sim_check(c, err);
    if (rc != 0)
        return rc;
    if (first < 0 || count < 0 || !out)
        return fc_error_set(err, FC_EINVAL, "sim: bad game range %d+%d", first, count);
    sim_run r = {.c = c, .first = first, .out = out};
    fc_pool pool = {.count = count, .threads = c->threads, .item = sim_item, .ud = &r,
                    .finished = sim_finished, .finished_ud = (void *)c};
    return fc_pool_run(&pool, NULL, err);
}

double fc_sim_value(const fc_sim_game *g, int nseats, fc_sim_metric metric, int arg)
{
    int seat = -1;
    if (fc_sim_metric_arg(metric) == 1)
        for (int s = 0; s < nseats; s++)
            if (g->agent_at[s] == arg)
                seat = s;
    if (fc_sim_metric_arg(metric) == 2)
        seat = arg >= 0 && arg < nseats ? arg : -1;
    double best = -1e300, second = -1e300;
    for (int s = 0; s < nseats; s++) {
        if (g->score[s] > best) {
            second = best;
            best = g->score[s];
        } else if (g->score[s] > second) {
            second = g->score[s];
        }
    }
    switch (metric) {
    case FC_SIM_WIN_SHARE:
    case FC_SIM_SEAT_WIN:
        return seat >= 0 && g->winners > 0 && g->rank[seat] == 0 ? 1.0 / g->winners : 0.0;
    case FC_SIM_SCORE: return seat >= 0 ? g->score[seat] : 0;
    case FC_SIM_AGENT_MARGIN: {
        if (seat < 0)
            return 0;
        double other = -1e300;
        for (int s = 0; s < nseats; s++)
            if (s != seat && g->score[s] > other)
                other = g->score[s];
        return nseats > 1 ? g->score[seat] - other : 0;
    }
    case FC_SIM_DECISIONS: return (double)g->decisions;
    case FC_SIM_ROUNDS: return g->rounds;
    case FC_SIM_BRANCHING: return g->branching;
    case FC_SIM_DECISION_SHARE: return g->decisions ? (double)g->choice_points / (double)g->decisions : 0;
    case FC_SIM_LEAD_CHANGES: return g->lead_changes;
    case FC_SIM_DRAMA: return g->drama;
    case FC_SIM_MARGIN: return nseats > 1 ? best - second : 0;
    case FC_SIM_SHARED: return g->winners > 1;
    case FC_SIM_TIMEOUT: return g->timeout;
    default: return 0;
    }
}

static const char *const sim_metric_names[FC_SIM_NMETRICS] = {
    "win_share", "score", "agent_margin", "seat_win", "decisions", "rounds", "branching",
    "decision_share", "lead_changes", "drama", "margin", "shared_win", "timeout",
};

const char *fc_sim_metric_name(fc_sim_metric metric)
{
    return (int)metric >= 0 && metric < FC_SIM_NMETRICS ? sim_metric_names[metric] : NULL;
}

bool fc_sim_metric_is_share(fc_sim_metric metric)
{
    switch (metric) {
    case FC_SIM_WIN_SHARE:
    case FC_SIM_SEAT_WIN:
    case FC_SIM_DECISION_SHARE:
    case FC_SIM_DRAMA:
    case FC_SIM_SHARED:
    case FC_SIM_TIMEOUT: return true;
    default: return false;
    }
}

int fc_sim_metric_arg(fc_sim_metric metric)
{
    switch (metric) {
    case FC_SIM_WIN_SHARE:
    case FC_SIM_SCORE:
    case FC_SIM_AGENT_MARGIN: return 1;
    case FC_SIM_SEAT_WIN: return 2;
    default: return 0;
    }
}
