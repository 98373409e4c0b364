/* Balance contracts (check.h): the games of every line-up in deals, looks at growing numbers of
 * deals, and the sequential decision of every target. Deal d of a line-up is sim game index d
 * played once per distinct seating with fixed seats (fc_sim_run), so the seatings of a deal share
 * its match seed and the results do not depend on the thread count. */
#include "formicary/check.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "formicary/stats.h"

static double check_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void fc_check_interval(const double *x, int n, bool share, bool final, double *mean, double *lo, double *hi)
{
    fc_stats_summary s;
    fc_stats_describe(x, n > 0 ? (size_t)n : 0, &s);
    *mean = s.mean;
    double z = final ? (n > 1 ? fc_stats_t975((size_t)(n - 1)) : INFINITY) : 3.0;
    if (n < 1) {
        *lo = -INFINITY;
        *hi = INFINITY;
    } else if (s.sd == 0 && share) { /* a clean sweep: the Wilson width of n units at that share */
        fc_stats_wilson(s.mean * n, n, final ? FC_Z95 : 3.0, lo, hi);
    } else {
        double half = n > 1 ? z * s.sd / sqrt((double)n) : INFINITY;
        *lo = s.mean - half;
        *hi = s.mean + half;
    }
    if (share) {
        *lo = fmax(*lo, 0);
        *hi = fmin(*hi, 1);
    }
}

/* One line-up's seatings: seat s of seating q holds agent at[q][s]; same[q] is the first
 * seating with the same specs in every seat (the same game: only that one is played). */
typedef struct check_seating {
    int n;
    int at[FC_MAX_SEATS][FC_MAX_SEATS];
    int same[FC_MAX_SEATS];
} check_seating;

static void check_seatings(const fc_check_lineup *l, int nseats, check_seating *q)
{
    memset(q, 0, sizeof *q);
    q->n = l->beats ? 2 : nseats;
    for (int r = 0; r < q->n; r++)
        for (int s = 0; s < nseats; s++)
            q->at[r][s] = l->beats ? (s + r) % 2 : ((s - r) % nseats + nseats) % nseats;
    for (int r = 0; r < q->n; r++) {
        q->same[r] = r;
        for (int o = 0; o < r && q->same[r] == r; o++) {
            bool eq = true;
            for (int s = 0; s < nseats && eq; s++)
                eq = strcmp(l->spec[q->at[r][s]], l->spec[q->at[o][s]]) == 0;
            if (eq)
                q->same[r] = o;
        }
    }
}

static int check_distinct(const check_seating *q)
{
    int k = 0;
    for (int r = 0; r < q->n; r++)
        k += q->same[r] == r;
    return k;
}

/* The run's state: per line-up its seatings and the games of every played seating by deal. */
typedef struct check_run {
    const fc_check_config *cfg;
    const fc_check_contract *c;
    int nseats, games_cap;
    check_seating seat[FC_CHECK_MAX_LINEUPS];
    fc_sim_game *games[FC_CHECK_MAX_LINEUPS][FC_MAX_SEATS]; /* [lineup][seating][deal] */
    bool open[FC_CHECK_MAX_LINEUPS];                         /* some target still undecided */
    double *values;                                          /* scratch: one value per deal */
    long done, total;
} check_run;

/* The value of one game of a beats line-up: the first agent's win share per seat against the
 * second's, S/ns / (S/ns + W/nw); 0.5 when nobody wins (as `formicary skill`). */
static double check_beats_value(const fc_sim_game *g, const int *at, int nseats)
{
    double w[2] = {0, 0};
    int ns[2] = {0, 0};
    for (int s = 0; s < nseats; s++) {
        ns[at[s]]++;
        w[at[s]] += fc_sim_value(g, nseats, FC_SIM_SEAT_WIN, s);
    }
    double a = ns[0] ? w[0] / ns[0] : 0, b = ns[1] ? w[1] / ns[1] : 0;
    return a + b > 0 ? a / (a + b) : 0.5;
}

/* Target t's value in deal d: the mean over the line-up's seatings. */
static double check_deal_value(const check_run *r, const fc_check_target *t, int d)
{
    const check_seating *q = &r->seat[t->lineup];
    double sum = 0;
    for (int k = 0; k < q->n; k++) {
        fc_sim_game g = r->games[t->lineup][q->same[k]][d];
        for (int s = 0; s < r->nseats; s++)
            g.agent_at[s] = q->at[k][s]; /* the agents of this seating, in line-up order */
        sum += t->metric == FC_CHECK_BEATS ? check_beats_value(&g, q->at[k], r->nseats)
                                           : fc_sim_value(&g, r->nseats, (fc_sim_metric)t->metric, t->arg);
    }
    return sum / q->n;
}

/* Plays deals [from, to) of line-up i, every distinct seating. */
static int check_play(check_run *r, int i, int from, int to, fc_error *err)
{
    const fc_check_lineup *l = &r->c->lineup[i];
    const check_seating *q = &r->seat[i];
    for (int k = 0; k < q->n; k++) {
        if (q->same[k] != k)
            continue;
        fc_sim_config sc;
        memset(&sc, 0, sizeof sc);
        sc.rules = r->cfg->rules;
        sc.nagents = r->nseats;
        for (int s = 0; s < r->nseats; s++)
            sc.agents[s] = l->spec[q->at[k][s]];
        sc.seed = r->cfg->seed;
        sc.threads = r->cfg->threads;
        sc.fixed_seats = true;
        sc.max_decisions = r->cfg->max_decisions;
        sc.opening = r->c->opening;
        int rc = r->cfg->play ? r->cfg->play(r->cfg->play_ud, &sc, from, to - from, r->games[i][k] + from, err)
                              : fc_sim_run(&sc, from, to - from, r->games[i][k] + from, err);
        if (rc != 0)
            return rc;
        if (r->cfg->on_games)
            r->cfg->on_games(r->cfg->on_games_ud, i, k, q->n, q->at[k], r->games[i][k] + from, to - from);
        r->done += to - from;
        if (r->cfg->progress)
            r->cfg->progress(r->cfg->progress_ud, r->done, r->total);
    }
    return 0;
}

/* Decides what look `look` can: every target still open, from its line-up's deals so far. */
static void check_look(check_run *r, fc_check_result *out, int look)
{
    const fc_check_contract *c = r->c;
    bool final = look == c->looks;
    for (int t = 0; t < c->ntargets; t++) {
        const fc_check_target *tg = &c->target[t];
        fc_check_estimate *e = &out->est[t];
        int n = out->deals[tg->lineup];
        if (e->verdict != FC_CHECK_UNDECIDED || e->look > 0 || n == 0)
            continue;
        for (int d = 0; d < n; d++)
            r->values[d] = check_deal_value(r, tg, d);
        bool share = fc_check_metric_is_share(tg->metric);
        double mean, lo, hi;
        fc_check_interval(r->values, n, share, final, &mean, &lo, &hi); /* interim: z = 3 */
        fc_check_verdict v = n >= FC_CHECK_MIN_INTERIM_UNITS || final ? fc_check_decide(tg, lo, hi)
                                                                       : FC_CHECK_UNDECIDED;
        fc_check_interval(r->values, n, share, true, &e->value, &e->lo, &e->hi); /* the 95% one shown */
        e->units = n;
        e->games = (long)n * check_distinct(&r->seat[tg->lineup]);
        e->verdict = v;
        if (v != FC_CHECK_UNDECIDED || final)
            e->look = look;
    }
    for (int i = 0; i < c->nlineups; i++) {
        r->open[i] = false;
        for (int t = 0; t < c->ntargets; t++)
            r->open[i] = r->open[i] || (c->target[t].lineup == i && out->est[t].look == 0);
    }
}

static int check_config(const fc_check_config *c, fc_error *err)
{
    if (!c || !c->contract || !c->rules)
        return fc_error_set(err, FC_EINVAL, "check: no contract or rule set");
    const fc_check_contract *k = c->contract;
    if (fc_rules_nseats(c->rules) != k->nseats)
        return fc_error_set(err, FC_EINVAL, "%s: the contract seats %d players, the rule set %d", k->path, k->nseats,
                            fc_rules_nseats(c->rules));
    if (c->threads < 1 || c->threads > 1024)
        return fc_error_set(err, FC_ERANGE, "check: %d threads, expected 1..1024", c->threads);
    if (c->games < 0 || c->games > 10000000 || k->looks < 1 || k->ntargets < 1 || k->nlineups < 1)
        return fc_error_set(err, FC_ERANGE, "check: bad game count, looks or targets");
    for (int i = 0; i < k->nlineups; i++) {
        fc_sim_config sc;
        memset(&sc, 0, sizeof sc);
        sc.rules = c->rules;
        sc.nagents = k->nseats;
        sc.threads = 1;
        for (int s = 0; s < k->nseats; s++)
            sc.agents[s] = k->lineup[i].spec[k->lineup[i].beats ? s % 2 : s];
        if (fc_sim_check(&sc, err) != 0)
            return err ? err->code : FC_EINVAL;
    }
    return 0;
}

static void check_free(check_run *r)
{
    for (int i = 0; i < FC_CHECK_MAX_LINEUPS; i++)
        for (int k = 0; k < FC_MAX_SEATS; k++)
            free(r->games[i][k]);
    free(r->values);
}

/* Room for every game the run may play. */
static int check_alloc(check_run *r, fc_check_result *out, fc_error *err)
{
    const fc_check_contract *c = r->c;
    int most = 0;
    for (int i = 0; i < c->nlineups; i++) {
        check_seatings(&c->lineup[i], r->nseats, &r->seat[i]);
        int per = check_distinct(&r->seat[i]);
        out->seatings[i] = per;
        out->deals_max[i] = (r->games_cap + per - 1) / per;
        r->total += (long)out->deals_max[i] * per;
        most = out->deals_max[i] > most ? out->deals_max[i] : most;
        for (int k = 0; k < r->seat[i].n; k++)
            if (r->seat[i].same[k] == k && !(r->games[i][k] = calloc((size_t)out->deals_max[i], sizeof(fc_sim_game))))
                return fc_error_set(err, FC_ENOMEM, "out of memory");
        r->open[i] = true;
    }
    if (!(r->values = calloc((size_t)most, sizeof *r->values)))
        return fc_error_set(err, FC_ENOMEM, "out of memory");
    return 0;
}

int fc_check_run(const fc_check_config *cfg, fc_check_result *out, fc_error *err)
{
    memset(out, 0, sizeof *out);
    int rc = check_config(cfg, err);
    if (rc != 0)
        return rc;
    double t0 = check_now();
    check_run *r = calloc(1, sizeof *r);
    if (!r)
        return fc_error_set(err, FC_ENOMEM, "out of memory");
    r->cfg = cfg;
    r->c = cfg->contract;
    r->nseats = r->c->nseats;
    r->games_cap = cfg->games > 0 ? cfg->games : r->c->games;
    out->ntargets = r->c->ntargets;
    out->nlineups = r->c->nlineups;
    rc = check_alloc(r, out, err);
    for (int look = 1; rc == 0 && look <= r->c->looks; look++) {
        bool any = false;
        for (int i = 0; rc == 0 && i < r->c->nlineups; i++) {
            if (!r->open[i])
                continue;
            int to = (int)(((long)out->deals_max[i] * look + r->c->looks - 1) / r->c->looks);
            if (to > out->deals[i] && (rc = check_play(r, i, out->deals[i], to, err)) == 0)
                out->deals[i] = to;
            any = true;
        }
        if (rc != 0 || !any)
            break;
        check_look(r, out, look);
        out->looks = look;
    }
    if (rc == 0) {
        out->games = r->done;
        out->verdict = FC_CHECK_MET;
        for (int t = 0; t < out->ntargets; t++)
            if (out->est[t].verdict == FC_CHECK_NOT_MET)
                out->verdict = FC_CHECK_NOT_MET;
            else if (out->est[t].verdict == FC_CHECK_UNDECIDED && out->verdict == FC_CHECK_MET)
                out->verdict = FC_CHECK_UNDECIDED;
    }
    out->seconds = check_now() - t0;
    check_free(r);
    free(r);
    return rc;
}
