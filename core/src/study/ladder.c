/* The ladder (ladder.h): tables of agents, their games over threads, ratings after each round.
 * Game (table t, rotation q, deal d) seats table member (s + q) mod P in seat s and plays sim
 * game index d (fc_sim_run with fixed seats), so every table and rotation of a deal shares its
 * match seed: with two players the pair's two games of a deal are the same deal with the seats
 * exchanged. Each game's result has its own slot, so nothing depends on the thread count. */
#include "formicary/ladder.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "formicary/agent.h"
#include "formicary/stats.h"
#include "pool.h"

static double ladder_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int fc_ladder_anchor(const fc_ladder_config *c)
{
    if (c->anchor >= 0 && c->anchor < c->nagents)
        return c->anchor;
    for (int k = 0; k < c->nagents; k++)
        if (c->agents[k] && strncmp(c->agents[k], "random", 6) == 0 && (!c->agents[k][6] || c->agents[k][6] == ':'))
            return k;
    return 0;
}

/* C(n, p), or -1 past FC_LADDER_MAX_TABLES. */
static long ladder_ntables(int n, int p)
{
    long c = 1;
    for (int i = 1; i <= p; i++) {
        c = c * (n - p + i) / i;
        if (c > FC_LADDER_MAX_TABLES)
            return -1;
    }
    return c;
}

int fc_ladder_check(const fc_ladder_config *c, fc_error *err)
{
    if (!c || !c->rules)
        return fc_error_set(err, FC_EINVAL, "ladder: no rule set");
    int p = fc_rules_nseats(c->rules);
    if (c->nagents < 2 || c->nagents > FC_LADDER_MAX_AGENTS)
        return fc_error_set(err, FC_EINVAL, "ladder: %d agents, expected 2..%d", c->nagents, FC_LADDER_MAX_AGENTS);
    if (p < 2 || p > 7)
        return fc_error_set(err, FC_ERANGE, "ladder: %d players, expected 2..7", p);
    if (c->nagents < p)
        return fc_error_set(err, FC_EINVAL, "ladder: %d agents for tables of %d players (give at least %d)",
                            c->nagents, p, p);
    if (ladder_ntables(c->nagents, p) < 0)
        return fc_error_set(err, FC_ERANGE, "ladder: more than %d tables", FC_LADDER_MAX_TABLES);
    if (c->games < 1 || c->games > 10000000)
        return fc_error_set(err, FC_ERANGE, "ladder: %d games per table, expected 1..10000000", c->games);
    if (c->threads < 1 || c->threads > 1024)
        return fc_error_set(err, FC_ERANGE, "ladder: %d threads, expected 1..1024", c->threads);
    for (int k = 0; k < c->nagents; k++) {
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
    return 0;
}

/* A run: the tables, the jobs of the current round and the shared counters. */
typedef struct ladder_run {
    const fc_ladder_config *c;
    int p, ntables;
    int (*table)[FC_MAX_SEATS]; /* members, in table order */
    fc_ladder_game *games;      /* the round's slots */
    int njobs, deal0, ndeals;   /* the round: jobs = tables x rotations x deals */
    long done, total;
} ladder_run;

/* The sim configuration of (table, rotation): fixed seats, agent_at filled. */
static void ladder_cfg(const ladder_run *r, int table, int rotation, fc_sim_config *cfg, int *agent_at)
{
    const fc_ladder_config *c = r->c;
    memset(cfg, 0, sizeof *cfg);
    cfg->rules = c->rules;
    cfg->nagents = r->p;
    for (int s = 0; s < r->p; s++) {
        agent_at[s] = r->table[table][(s + rotation) % r->p];
        cfg->agents[s] = c->agents[agent_at[s]];
    }
    cfg->seed = c->seed;
    cfg->threads = 1;
    cfg->fixed_seats = true;
    cfg->max_decisions = c->max_decisions;
    cfg->opening = c->opening;
}

static void ladder_store(fc_ladder_game *lg, const fc_sim_game *g, int p)
{
    for (int s = 0; s < p; s++) {
        lg->rank[s] = g->timeout ? 0 : g->rank[s];
        lg->score[s] = g->score[s];
    }
    lg->timeout = g->timeout;
    lg->decisions = g->decisions;
    lg->seconds = g->seconds;
}

/* Job j of the round: (table, rotation, deal) in that order of nesting. */
static void ladder_job(const ladder_run *r, int job, fc_ladder_game *lg)
{
    int per_table = r->p * r->ndeals;
    lg->table = job / per_table;
    lg->rotation = job % per_table / r->ndeals;
    lg->deal = r->deal0 + job % r->ndeals;
}

static int ladder_game(ladder_run *r, int job, fc_error *err)
{
    fc_ladder_game *lg = &r->games[job];
    ladder_job(r, job, lg);
    fc_sim_config cfg;
    ladder_cfg(r, lg->table, lg->rotation, &cfg, lg->agent_at);
    fc_sim_game g;
    int rc = fc_sim_run(&cfg, lg->deal, 1, &g, err);
    if (rc == 0)
        ladder_store(lg, &g, r->p);
    return rc;
}

/* A round through the config's play hook: one call per (table, rotation) for the round's deals. */
static int ladder_round_hook(ladder_run *r, fc_error *err)
{
    const fc_ladder_config *c = r->c;
    fc_sim_game *g = calloc((size_t)r->ndeals, sizeof *g);
    if (!g)
        return fc_error_set(err, FC_ENOMEM, "out of memory");
    int rc = 0;
    for (int job = 0; rc == 0 && job < r->njobs; job += r->ndeals) {
        fc_sim_config cfg;
        int agent_at[FC_MAX_SEATS] = {0};
        ladder_job(r, job, &r->games[job]);
        ladder_cfg(r, r->games[job].table, r->games[job].rotation, &cfg, agent_at);
        cfg.threads = c->threads;
        rc = c->play(c->play_ud, &cfg, r->deal0, r->ndeals, g, err);
        for (int k = 0; rc == 0 && k < r->ndeals; k++) {
            fc_ladder_game *lg = &r->games[job + k];
            ladder_job(r, job + k, lg);
            memcpy(lg->agent_at, agent_at, sizeof agent_at);
            ladder_store(lg, &g[k], r->p);
        }
        r->done += r->ndeals;
        if (rc == 0 && c->progress)
            c->progress(c->progress_ud, r->done, r->total);
    }
    free(g);
    return rc;
}

static int ladder_item(void *ud, int job, fc_error *err) { return ladder_game(ud, job, err); }

static void ladder_finished(void *ud, int job, int rc, int done, int total)
{
    (void)job;
    (void)rc;
    (void)done;
    (void)total;
    ladder_run *r = ud;
    r->done++;
    if (r->c->progress)
        r->c->progress(r->c->progress_ud, r->done, r->total);
}

/* Plays one round's jobs over the threads. */
static int ladder_round(ladder_run *r, fc_error *err)
{
    if (r->c->play)
        return ladder_round_hook(r, err);
    fc_pool pool = {.count = r->njobs, .threads = r->c->threads, .item = ladder_item, .ud = r,
                    .finished = ladder_finished, .finished_ud = r};
    return fc_pool_run(&pool, NULL, err);
}

/* Every p-subset of 0..n-1 in lexicographic order. */
static int ladder_tables(ladder_run *r, int n)
{
    int p = r->p, idx[FC_MAX_SEATS];
    r->ntables = (int)ladder_ntables(n, p);
    r->table = malloc((size_t)r->ntables * sizeof *r->table);
    if (!r->table)
        return FC_ENOMEM;
    for (int i = 0; i < p; i++)
        idx[i] = i;
    for (int t = 0; t < r->ntables; t++) {
        memcpy(r->table[t], idx, sizeof idx);
        int i = p - 1;
        while (i >= 0 && idx[i] == n - p + i)
            i--;
        if (i < 0)
            break;
        idx[i]++;
        for (int j = i + 1; j < p; j++)
            idx[j] = idx[j - 1] + 1;
    }
    return 0;
}

/* Ratings, pair results and separation from the games so far. */
static int ladder_fit(fc_ladder_result *res, fc_error *err)
{
    int n = res->nagents, p = res->nseats;
    fc_rating_data d;
    fc_rating_data_init(&d, n, p);
    memset(res->pair, 0, sizeof res->pair);
    memset(res->meet, 0, sizeof res->meet);
    memset(res->tie, 0, sizeof res->tie);
    int rc = 0;
    for (long g = 0; rc == 0 && g < res->ngames; g++) {
        const fc_ladder_game *lg = &res->games[g];
        rc = fc_rating_add(&d, lg->agent_at, lg->rank, p, err);
        for (int s = 0; s < p; s++)
            for (int t = 0; t < p; t++) {
                int a = lg->agent_at[s], b = lg->agent_at[t];
                if (s == t || a == b)
                    continue;
                res->meet[a * n + b]++;
                res->tie[a * n + b] += lg->rank[s] == lg->rank[t];
                res->pair[a * n + b] += lg->rank[s] < lg->rank[t] ? 1.0 : lg->rank[s] == lg->rank[t] ? 0.5 : 0.0;
            }
    }
    if (rc == 0)
        rc = fc_rating_fit(&d, res->anchor, res->rating, err);
    fc_rating_data_free(&d);
    res->separated = rc == 0 && fc_rating_separated(res->rating, n);
    return rc;
}

static int ladder_start(const fc_ladder_config *c, ladder_run *r, fc_ladder_result *out, fc_error *err)
{
    memset(r, 0, sizeof *r);
    r->c = c;
    r->p = fc_rules_nseats(c->rules);
    if (ladder_tables(r, c->nagents) != 0)
        return fc_error_set(err, FC_ENOMEM, "out of memory");
    int deals = (c->games + r->p - 1) / r->p;
    r->total = (long)r->ntables * r->p * deals;
    out->nagents = c->nagents;
    out->nseats = r->p;
    out->anchor = fc_ladder_anchor(c);
    out->ntables = r->ntables;
    out->games = calloc((size_t)r->total, sizeof *out->games);
    if (!out->games)
        return fc_error_set(err, FC_ENOMEM, "out of memory");
    return 0;
}

int fc_ladder_run(const fc_ladder_config *c, fc_ladder_result *out, fc_error *err)
{
    memset(out, 0, sizeof *out);
    int rc = fc_ladder_check(c, err);
    if (rc != 0)
        return rc;
    double t0 = ladder_now();
    ladder_run r;
    rc = ladder_start(c, &r, out, err);
    if (rc != 0) {
        free(r.table);
        return rc;
    }
    int deals = (c->games + r.p - 1) / r.p;
    int per_round = (FC_LADDER_ROUND_GAMES + r.p - 1) / r.p;
    for (int d0 = 0; rc == 0 && d0 < deals; d0 += per_round) {
        r.deal0 = d0;
        r.ndeals = deals - d0 < per_round ? deals - d0 : per_round;
        r.njobs = r.ntables * r.p * r.ndeals;
        r.games = out->games + out->ngames;
        rc = ladder_round(&r, err);
        if (rc != 0)
            break;
        out->ngames += r.njobs;
        out->rounds++;
        out->deals = d0 + r.ndeals;
        rc = ladder_fit(out, err);
        if (rc == 0 && c->until_separated && out->separated)
            break;
    }
    free(r.table);
    out->seconds = ladder_now() - t0;
    return rc;
}

int fc_ladder_pair_mde(const fc_ladder_result *r, int a, int b, fc_ladder_mde *out, fc_error *err)
{
    *out = (fc_ladder_mde){0, NAN, NAN, NAN, NAN};
    if (a < 0 || b < 0 || a >= r->nagents || b >= r->nagents || a == b)
        return fc_error_set(err, FC_EINVAL, "ladder: agents %d and %d are not a pair of the ladder", a + 1, b + 1);
    size_t units = (size_t)r->ntables * (size_t)(r->deals > 0 ? r->deals : 1);
    double *sum = calloc(units, sizeof *sum), *x = calloc(units, sizeof *x);
    int *cnt = calloc(units, sizeof *cnt);
    if (!sum || !x || !cnt) {
        free(sum);
        free(x);
        free(cnt);
        return fc_error_set(err, FC_ENOMEM, "out of memory");
    }
    for (long g = 0; g < r->ngames; g++) {
        const fc_ladder_game *lg = &r->games[g];
        int sa = -1, sb = -1;
        for (int s = 0; s < r->nseats; s++) {
            sa = lg->agent_at[s] == a ? s : sa;
            sb = lg->agent_at[s] == b ? s : sb;
        }
        if (sa < 0 || sb < 0 || lg->table < 0 || lg->table >= r->ntables || lg->deal < 0 || lg->deal >= r->deals)
            continue;
        size_t u = (size_t)lg->table * (size_t)r->deals + (size_t)lg->deal;
        sum[u] += lg->rank[sa] < lg->rank[sb] ? 1.0 : lg->rank[sa] == lg->rank[sb] ? 0.5 : 0.0;
        cnt[u]++;
    }
    size_t n = 0;
    for (size_t u = 0; u < units; u++)
        if (cnt[u] > 0)
            x[n++] = sum[u] / cnt[u];
    if (n > 0) {
        fc_stats_summary sm;
        fc_stats_describe(x, n, &sm);
        out->deals = (int)n;
        out->score = sm.mean;
        out->sd = sm.sd;
        out->mde = fc_stats_mde(sm.sd, n);
        out->elo = isnan(out->mde) ? NAN
                   : out->mde >= 0.5 ? INFINITY
                                     : FC_ELO_PER_NAT * log((0.5 + out->mde) / (0.5 - out->mde));
    }
    free(sum);
    free(x);
    free(cnt);
    return 0;
}

void fc_ladder_result_free(fc_ladder_result *r)
{
    if (!r)
        return;
    free(r->games);
    r->games = NULL;
    r->ngames = 0;
}
