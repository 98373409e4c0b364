/* Runaway leaders and kingmakers (leaders.h): games played by fc_sim_run, each finished game
 * replayed from its start in the sim's on_game callback (on the worker thread, into its own
 * slot of the result), so nothing depends on the thread count. */
#include "formicary/leaders.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "formicary/stats.h"
#include "formicary/variant.h"
#include "pool.h"

#define LEADERS_TIE_EPS 1e-9

static double leaders_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int fc_leaders_point_pct(int i) { return 10 * (i + 1); }

long fc_leaders_point_at(int pct, long d)
{
    if (d <= 0)
        return 0;
    long k = ((long)pct * d + 99) / 100;
    return k < 1 ? 1 : k > d ? d : k;
}

int fc_leaders_top(const double *v, int n, bool lowest)
{
    int best = -1;
    bool tie = false;
    for (int s = 0; s < n; s++) {
        double x = lowest ? -v[s] : v[s], b = best < 0 ? 0 : lowest ? -v[best] : v[best];
        if (best < 0 || x > b + LEADERS_TIE_EPS) {
            best = s;
            tie = false;
        } else if (fabs(x - b) <= LEADERS_TIE_EPS) {
            tie = true;
        }
    }
    return tie ? -1 : best;
}

int fc_leaders_judged(const double *v, int n, int self, double margin)
{
    int best = -1;
    double second = -INFINITY;
    for (int s = 0; s < n; s++) {
        if (s == self)
            continue;
        if (best < 0 || v[s] > v[best]) {
            if (best >= 0)
                second = v[best];
            best = s;
        } else if (v[s] > second) {
            second = v[s];
        }
    }
    if (best < 0)
        return -1;
    double lead = v[best] - second; /* +inf with one other seat */
    return lead > LEADERS_TIE_EPS && lead + LEADERS_TIE_EPS >= margin ? best : -1;
}

/* ---- the judge ---- */

/* Each seat's value of state st: the win shares of a finished game, else the evaluation. */
static void leaders_value(const fc_game *g, const fc_env *env, int nseats, const void *st, double *v)
{
    if (g->to_move(st, env) != FC_NOBODY) {
        g->evaluate(st, env, v);
        return;
    }
    int32_t score[FC_MAX_SEATS];
    int rank[FC_MAX_SEATS], k = 0;
    g->scores(st, env, score, rank);
    for (int s = 0; s < nseats; s++)
        k += rank[s] == 0;
    for (int s = 0; s < nseats; s++)
        v[s] = rank[s] == 0 && k > 0 ? 1.0 / k : 0;
}

/* A lookahead of p plies expands at most p - 1 seat decisions below the option and a chance
 * point after each decision: 2p states below the option's, and a list for each. */
struct fc_leaders_judge {
    const fc_game *g;
    const fc_env *env;
    int nseats, plies, cap;
    size_t size;
    unsigned char *state;  /* 2 plies + 1 states; level 0 is the option's */
    fc_decision *list;     /* 2 plies + 1 lists of cap; the last one the root's options */
    uint32_t *weights;     /* 2 plies lists of cap */
};

#define JUDGE_STATE(j, lv) ((j)->state + (size_t)(lv) * (j)->size)
#define JUDGE_LIST(j, lv) ((j)->list + (size_t)(lv) * (size_t)(j)->cap)

fc_leaders_judge *fc_leaders_judge_new(const fc_game *g, const fc_env *env, int nseats, int plies)
{
    if (plies < 1 || plies > FC_LEADERS_PLIES_MAX || nseats < 1 || nseats > FC_MAX_SEATS || g->max_decisions < 1)
        return NULL;
    fc_leaders_judge *j = calloc(1, sizeof *j);
    if (!j)
        return NULL;
    *j = (fc_leaders_judge){g, env, nseats, plies, g->max_decisions, g->state_size ? g->state_size : 1, NULL, NULL,
                            NULL};
    size_t levels = 2 * (size_t)plies + 1;
    j->state = malloc(levels * j->size);
    j->list = malloc(levels * (size_t)j->cap * sizeof *j->list);
    j->weights = malloc((levels - 1) * (size_t)j->cap * sizeof *j->weights);
    if (!j->state || !j->list || !j->weights) {
        fc_leaders_judge_free(j);
        return NULL;
    }
    return j;
}

void fc_leaders_judge_free(fc_leaders_judge *j)
{
    if (!j)
        return;
    free(j->state);
    free(j->list);
    free(j->weights);
    free(j);
}

static void judge_search(fc_leaders_judge *j, int lv, int d, bool chance_ok, double *v);

/* The expectation over the k outcomes listed at level lv (weights w) of the chance point there. */
static void judge_chance(fc_leaders_judge *j, int lv, int d, int k, double *v)
{
    const uint32_t *w = j->weights + (size_t)lv * (size_t)j->cap;
    double wsum = 0, x[FC_MAX_SEATS];
    for (int i = 0; i < k; i++)
        wsum += w[i];
    for (int s = 0; s < j->nseats; s++)
        v[s] = 0;
    for (int i = 0; i < k; i++) {
        double p = wsum > 0 ? w[i] / wsum : 1.0 / k;
        if (p <= 0)
            continue;
        memcpy(JUDGE_STATE(j, lv + 1), JUDGE_STATE(j, lv), j->size);
        if (j->g->apply(JUDGE_STATE(j, lv + 1), j->env, JUDGE_LIST(j, lv)[i]) != 0)
            continue;
        judge_search(j, lv + 1, d, false, x);
        for (int s = 0; s < j->nseats; s++)
            v[s] += p * x[s];
    }
}

/* The values of the state at level lv with d more seat decisions to look at: the seat to move
 * takes its best (the first of equals), a chance point right after a decision its expectation;
 * otherwise the state is valued as it stands. */
static void judge_search(fc_leaders_judge *j, int lv, int d, bool chance_ok, double *v)
{
    const unsigned char *st = JUDGE_STATE(j, lv);
    int who = j->g->to_move(st, j->env);
    if (who == FC_NOBODY || (who == FC_CHANCE && !chance_ok) || (who >= 0 && d == 0)) {
        leaders_value(j->g, j->env, j->nseats, st, v);
        return;
    }
    uint32_t *w = who == FC_CHANCE ? j->weights + (size_t)lv * (size_t)j->cap : NULL;
    if (w)
        memset(w, 0, (size_t)j->cap * sizeof *w);
    int k = j->g->legal(st, j->env, JUDGE_LIST(j, lv), w);
    k = k > j->cap ? j->cap : k;
    if (w) {
        judge_chance(j, lv, d, k, v);
        return;
    }
    double best = -INFINITY, x[FC_MAX_SEATS];
    for (int i = 0; i < k; i++) {
        memcpy(JUDGE_STATE(j, lv + 1), st, j->size);
        if (j->g->apply(JUDGE_STATE(j, lv + 1), j->env, JUDGE_LIST(j, lv)[i]) != 0)
            continue;
        judge_search(j, lv + 1, d - 1, true, x);
        if (x[who] > best + 1e-12) {
            best = x[who];
            memcpy(v, x, (size_t)j->nseats * sizeof *v);
        }
    }
    if (best == -INFINITY) /* nothing applied */
        leaders_value(j->g, j->env, j->nseats, st, v);
}

bool fc_leaders_judge_option(fc_leaders_judge *j, const void *st, fc_decision d, double *v)
{
    memcpy(JUDGE_STATE(j, 0), st, j->size);
    if (j->g->apply(JUDGE_STATE(j, 0), j->env, d) != 0)
        return false;
    judge_search(j, 0, j->plies - 1, true, v);
    return true;
}

bool fc_leaders_judge_kingmaker(fc_leaders_judge *j, const void *st, int who, double margin)
{
    fc_decision *opt = JUDGE_LIST(j, 2 * j->plies); /* the level no search reaches */
    int n = j->g->legal(st, j->env, opt, NULL), first = -1;
    n = n > j->cap ? j->cap : n;
    double v[FC_MAX_SEATS];
    for (int i = 0; i < n; i++) {
        if (!fc_leaders_judge_option(j, st, opt[i], v))
            continue;
        int w = fc_leaders_judged(v, j->nseats, who, margin);
        if (w < 0)
            continue;
        if (first >= 0 && w != first)
            return true;
        first = w;
    }
    return false;
}

/* ---- one game's replay ---- */

/* What a replay needs, allocated per game (not in a hot path: once per game). */
typedef struct leaders_work {
    const fc_game *g;
    const fc_env *env;
    int nseats;
    size_t size;
    unsigned char *st;
    fc_leaders_judge *judge, *ply;  /* the configured judge; one ply beside a deeper one */
    double (*eval)[FC_MAX_SEATS]; /* after seat decision k (1-based), eval[k - 1] */
} leaders_work;

static void leaders_work_free(leaders_work *w)
{
    free(w->st);
    fc_leaders_judge_free(w->judge);
    fc_leaders_judge_free(w->ply);
    free(w->eval);
}

static int leaders_work_alloc(leaders_work *w, const fc_match *m, long decisions, int plies, fc_error *err)
{
    memset(w, 0, sizeof *w);
    w->g = fc_match_game(m);
    w->env = fc_match_search_env(m);
    w->nseats = fc_rules_nseats(fc_match_rules(m));
    w->size = w->g->state_size ? w->g->state_size : 1;
    w->st = malloc(w->size);
    w->eval = malloc((size_t)(decisions > 0 ? decisions : 1) * sizeof *w->eval);
    if (plies > 0) {
        w->judge = fc_leaders_judge_new(w->g, w->env, w->nseats, plies);
        w->ply = plies > 1 ? fc_leaders_judge_new(w->g, w->env, w->nseats, 1) : NULL;
    }
    if (!w->st || !w->eval || (plies > 0 && !w->judge) || (plies > 1 && !w->ply))
        return fc_error_set(err, FC_ENOMEM, "out of memory");
    return 0;
}

typedef struct leaders_run {
    const fc_leaders_config *cfg;
    fc_leaders_game *games; /* of the games from `first` on */
    int first;
} leaders_run;

/* The kingmaker test of seat `who` to move in w->st, decision k of the game: by the judge and,
 * when it looks deeper, one ply deep too. */
static void leaders_test(const leaders_run *r, leaders_work *w, int who, long k, fc_leaders_game *lg)
{
    bool deep = fc_leaders_judge_kingmaker(w->judge, w->st, who, r->cfg->margin);
    bool one = w->ply ? fc_leaders_judge_kingmaker(w->ply, w->st, who, r->cfg->margin) : deep;
    lg->checked++;
    lg->kingmaker_ply += one;
    lg->both += deep && one;
    if (deep) {
        lg->kingmaker++;
        long b = lg->decisions > 0 ? k * FC_LEADERS_BINS / lg->decisions : 0;
        lg->bins[b < FC_LEADERS_BINS ? b : FC_LEADERS_BINS - 1]++;
    }
    if (w->env->hooks)
        fc_hooks_clear_error((fc_hooks *)w->env->hooks);
}

/* Replays m from its start: the values after every seat decision and, when asked, the
 * kingmaker test before the decisions of seats below the threshold. */
static int leaders_replay(const leaders_run *r, const fc_match *m, fc_leaders_game *lg, leaders_work *w, fc_error *err)
{
    fc_match *re = fc_match_new_at_start(m, err);
    if (!re)
        return err && err->code ? err->code : FC_EINVAL;
    fc_match_set_log(re, 0);
    size_t ply = fc_match_ply(m);
    long k = 0;
    int rc = 0;
    double v[FC_MAX_SEATS];
    for (size_t i = 0; i < ply && rc == 0; i++) {
        const fc_history_entry *h = fc_match_history(m, i);
        if (h->seat >= 0 && r->cfg->kingmakers) {
            memcpy(w->st, fc_match_state(re), w->size);
            leaders_value(w->g, w->env, w->nseats, w->st, v);
            const fc_decision *legal = NULL;
            if (v[h->seat] < r->cfg->threshold && fc_match_legal(re, &legal, NULL) > 1)
                leaders_test(r, w, h->seat, k, lg);
        }
        rc = fc_match_play(re, h->decision, err);
        if (rc == 0 && h->seat >= 0 && k < lg->decisions)
            leaders_value(w->g, w->env, w->nseats, fc_match_state(re), w->eval[k++]);
    }
    fc_match_free(re);
    return rc;
}

/* The leader (or last seat) at pct% of a game of d seat decisions; -1 on a tie or when empty. */
static int leaders_at(const leaders_work *w, long d, int pct, int n, bool lowest)
{
    long at = fc_leaders_point_at(pct, d);
    return at > 0 ? fc_leaders_top(w->eval[at - 1], n, lowest) : -1;
}

static int leaders_on_game(void *ud, int index, const fc_match *m, fc_error *err)
{
    const leaders_run *r = ud;
    fc_leaders_game *lg = &r->games[index - r->first];
    const fc_game *g = fc_match_game(m);
    int n = fc_rules_nseats(fc_match_rules(m));
    memset(lg, 0, sizeof *lg);
    for (size_t i = 0; i < fc_match_ply(m); i++)
        lg->decisions += fc_match_history(m, i)->seat >= 0;
    lg->timeout = g->to_move(fc_match_state(m), fc_match_search_env(m)) != FC_NOBODY;
    leaders_work w;
    int plies = !r->cfg->kingmakers ? 0 : r->cfg->judge_plies > 1 ? r->cfg->judge_plies : 1;
    int rc = leaders_work_alloc(&w, m, lg->decisions, plies, err);
    if (rc == 0)
        rc = leaders_replay(r, m, lg, &w, err);
    double result = r->cfg->nmatches > 0 && r->cfg->result && n == 2 ? r->cfg->result[index] : -1;
    if (lg->timeout && result >= 0 && result <= 1) { /* a recorded result: a resignation */
        lg->timeout = false;
        lg->win[0] = result;
        lg->win[1] = 1 - result;
    } else if (rc == 0 && !lg->timeout) {
        leaders_value(w.g, w.env, w.nseats, fc_match_state(m), lg->win);
    }
    if (rc == 0 && !lg->timeout) {
        for (int p = 0; p < FC_LEADERS_POINTS; p++)
            lg->leader[p] = leaders_at(&w, lg->decisions, fc_leaders_point_pct(p), n, false);
        lg->leader75 = leaders_at(&w, lg->decisions, 75, n, false);
        lg->last50 = leaders_at(&w, lg->decisions, 50, n, true);
    }
    leaders_work_free(&w);
    return rc;
}

/* ---- summary ---- */

static void leaders_share(fc_leaders_share *s, double k, long n)
{
    s->n = n;
    s->k = k;
    if (n <= 0) {
        s->value = s->lo = s->hi = NAN;
        return;
    }
    s->value = k / (double)n;
    fc_stats_wilson(k, (double)n, FC_Z95, &s->lo, &s->hi);
}

static void leaders_summary(const fc_leaders_config *c, fc_leaders_result *out)
{
    double lead[FC_LEADERS_POINTS] = {0}, cb50 = 0, cb75 = 0, last50 = 0, km = 0, km_ply = 0;
    long nlead[FC_LEADERS_POINTS] = {0}, n50 = 0, n75 = 0, nl50 = 0, decided = 0;
    for (long i = 0; i < out->games; i++) {
        const fc_leaders_game *g = &out->games_list[i];
        if (g->timeout) {
            out->timeouts++;
            continue;
        }
        decided++;
        for (int p = 0; p < FC_LEADERS_POINTS; p++) {
            if (g->leader[p] < 0) {
                out->no_leader[p]++;
                continue;
            }
            nlead[p]++;
            lead[p] += g->win[g->leader[p]];
        }
        if (g->leader[4] >= 0) { /* 50% */
            n50++;
            cb50 += 1 - g->win[g->leader[4]];
        }
        if (g->leader75 >= 0) {
            n75++;
            cb75 += 1 - g->win[g->leader75];
        }
        if (g->last50 >= 0) {
            nl50++;
            last50 += g->win[g->last50];
        }
        km += g->kingmaker > 0;
        km_ply += g->kingmaker_ply > 0;
        out->km_checked += g->checked;
        out->km_decisions += g->kingmaker;
        out->km_decisions_ply += g->kingmaker_ply;
        out->km_both += g->both;
        for (int b = 0; b < FC_LEADERS_BINS; b++)
            out->km_bins[b] += g->bins[b];
    }
    for (int p = 0; p < FC_LEADERS_POINTS; p++)
        leaders_share(&out->lead[p], lead[p], nlead[p]);
    leaders_share(&out->comeback50, cb50, n50);
    leaders_share(&out->comeback75, cb75, n75);
    leaders_share(&out->from_last50, last50, nl50);
    out->kingmakers = c->kingmakers;
    leaders_share(&out->km_games, km, c->kingmakers ? decided : 0);
    leaders_share(&out->km_games_ply, km_ply, c->kingmakers ? decided : 0);
    out->judge_plies = c->judge_plies > 1 ? c->judge_plies : 1;
}

/* ---- the run ---- */

static void leaders_sim_config(const fc_leaders_config *c, fc_sim_config *sc)
{
    memset(sc, 0, sizeof *sc);
    sc->rules = c->rules;
    sc->nagents = c->nagents;
    for (int s = 0; s < c->nagents && s < FC_MAX_SEATS; s++)
        sc->agents[s] = c->agents[s];
    sc->seed = c->seed;
    sc->threads = c->threads;
    sc->max_decisions = c->max_decisions;
    sc->opening = c->opening;
    sc->progress = c->progress;
    sc->progress_ud = c->progress_ud;
}

/* The rule set measured: the configuration's, or the first recorded match's. */
static const fc_rules *leaders_rules(const fc_leaders_config *c)
{
    if (c->rules)
        return c->rules;
    return c->nmatches > 0 && c->matches && c->matches[0] ? fc_match_rules(c->matches[0]) : NULL;
}

/* Recorded matches: all there, of one game and one seat count. */
static int leaders_check_matches(const fc_leaders_config *c, const fc_plugin *p, int n, fc_error *err)
{
    for (int i = 0; i < c->nmatches; i++) {
        if (!c->matches[i])
            return fc_error_set(err, FC_EINVAL, "leaders: record %d is missing", i + 1);
        const fc_rules *r = fc_match_rules(c->matches[i]);
        if (strcmp(fc_rules_plugin(r)->id, p->id) != 0)
            return fc_error_set(err, FC_EINVAL, "leaders: record %d is of %s, not %s", i + 1,
                                fc_rules_plugin(r)->id, p->id);
        if (fc_rules_nseats(r) != n)
            return fc_error_set(err, FC_EINVAL, "leaders: record %d has %d players, the first %d", i + 1,
                                fc_rules_nseats(r), n);
    }
    return 0;
}

int fc_leaders_check(const fc_leaders_config *c, fc_error *err)
{
    const fc_rules *rules = c ? leaders_rules(c) : NULL;
    if (!rules)
        return fc_error_set(err, FC_EINVAL, c && c->nmatches > 0 ? "leaders: no records" : "leaders: no rule set");
    const fc_plugin *p = fc_rules_plugin(rules);
    int n = fc_rules_nseats(rules);
    if (!p->game->evaluate)
        return fc_error_set(err, FC_EINVAL, "leaders: %s has no evaluation to tell who leads", p->id);
    if (c->nmatches <= 0 && (c->games < 1 || c->games > 10000000))
        return fc_error_set(err, FC_ERANGE, "leaders: %d games, expected 1..10000000", c->games);
    if (c->threads < 1 || c->threads > 1024)
        return fc_error_set(err, FC_ERANGE, "leaders: %d threads, expected 1..1024", c->threads);
    if (c->kingmakers && n < 3)
        return fc_error_set(err, FC_EINVAL, "leaders: kingmakers need 3 players or more; %s is played by %d here",
                            p->id, n);
    if (c->judge_plies < 0 || c->judge_plies > FC_LEADERS_PLIES_MAX)
        return fc_error_set(err, FC_ERANGE, "leaders: a judge of %d plies, expected 1..%d", c->judge_plies,
                            FC_LEADERS_PLIES_MAX);
    if (!(c->threshold >= 0 && c->threshold <= 1) || !(c->margin >= 0 && c->margin <= 1))
        return fc_error_set(err, FC_ERANGE, "leaders: threshold %g and margin %g, expected 0..1 each", c->threshold,
                            c->margin);
    if (c->nmatches > 0)
        return leaders_check_matches(c, p, n, err);
    fc_sim_config sc;
    leaders_sim_config(c, &sc);
    return fc_sim_check(&sc, err);
}

/* Recorded match `first + i` of a batch (an fc_pool item). */
static int leaders_item(void *ud, int i, fc_error *err)
{
    leaders_run *r = ud;
    return leaders_on_game(r, r->first + i, r->cfg->matches[r->first + i], err);
}

static void leaders_finished(void *ud, int i, int rc, int done, int total)
{
    const leaders_run *r = ud;
    (void)i;
    (void)rc;
    if (!r->cfg->spread && r->cfg->progress)
        r->cfg->progress(r->cfg->progress_ud, done, total);
}

/* Recorded matches first..first+n-1 replayed over the threads into out[0..n). */
static int leaders_records(const fc_leaders_config *c, int first, int n, void *out, fc_error *err)
{
    leaders_run r = {c, out, first};
    fc_pool pool = {.count = n, .threads = c->threads, .item = leaders_item, .ud = &r,
                    .finished = leaders_finished, .finished_ud = &r};
    fc_error e;
    int failed_at;
    if (fc_pool_run(&pool, &failed_at, &e) != 0)
        return fc_error_set(err, e.code, "record %d: %s", first + failed_at + 1, e.msg);
    return 0;
}

/* Games first..first+n-1 played and replayed over the threads into out[0..n) (an
 * fc_spread_batch: the sim results are dropped, the analysis is the result). */
static int leaders_batch(void *ud, int first, int n, void *out, fc_error *err)
{
    const fc_leaders_config *c = ud;
    if (c->nmatches > 0)
        return leaders_records(c, first, n, out, err);
    fc_sim_game *sg = calloc((size_t)(n > 0 ? n : 1), sizeof *sg);
    if (!sg)
        return fc_error_set(err, FC_ENOMEM, "out of memory");
    leaders_run r = {c, out, first};
    fc_sim_config sc;
    leaders_sim_config(c, &sc);
    if (c->spread)
        sc.progress = NULL; /* the batches' counts would restart at 0 */
    sc.on_game = leaders_on_game;
    sc.on_game_ud = &r;
    int rc = fc_sim_run(&sc, first, n, sg, err);
    free(sg);
    return rc;
}

int fc_leaders_run(const fc_leaders_config *c, fc_leaders_result *out, fc_error *err)
{
    memset(out, 0, sizeof *out);
    int rc = fc_leaders_check(c, err);
    if (rc != 0)
        return rc;
    double t0 = leaders_now();
    int games = c->nmatches > 0 ? c->nmatches : c->games;
    out->nseats = fc_rules_nseats(leaders_rules(c));
    out->games = games;
    out->games_list = calloc((size_t)games, sizeof *out->games_list);
    if (!out->games_list)
        return fc_error_set(err, FC_ENOMEM, "out of memory");
    rc = c->spread ? c->spread(c->spread_ud, games, c->threads, sizeof *out->games_list, out->games_list,
                               leaders_batch, (void *)c, err)
                   : leaders_batch((void *)c, 0, games, out->games_list, err);
    if (rc == 0)
        leaders_summary(c, out);
    out->seconds = leaders_now() - t0;
    return rc;
}

void fc_leaders_result_free(fc_leaders_result *r)
{
    free(r->games_list);
    r->games_list = NULL;
}
