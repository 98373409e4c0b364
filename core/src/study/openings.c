/* Openings (openings.h): the first decisions of many games on worker threads (game i's line
 * stored at index i, so the thread count changes nothing), the entropy of the lines of every
 * length, the most common lines, and the alpha-beta search for a short forced result. */
#include "formicary/openings.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "formicary/agent.h"
#include "formicary/match.h"
#include "formicary/rng.h"
#include "formicary/sim.h"
#include "formicary/stats.h"
#include "pool.h"

/* ab scores a won game at ply p as 30000 - p (agent.h, fc_agent_search_stats.score): scores
 * beyond this are proved results, not evaluations (which stay within +-10000). */
#define OPENINGS_AB_WIN 30000
#define OPENINGS_AB_PROVED 29000

static double openings_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double fc_openings_entropy(const long *c, int n)
{
    double total = 0, h = 0;
    for (int i = 0; i < n; i++)
        total += (double)c[i];
    for (int i = 0; i < n && total > 0; i++)
        if (c[i] > 0) {
            double p = (double)c[i] / total;
            h -= p * log2(p);
        }
    return h > 0 ? h : 0;
}

const char *fc_openings_verdict_name(fc_openings_verdict v)
{
    static const char *const names[] = {"none", "win", "loss", "over"};
    return (unsigned)v < 4 ? names[v] : "?";
}

/* One game's line: its decisions' notation and the hash of every prefix. */
typedef struct openings_game {
    int len;
    char text[FC_OPENINGS_MAX_DEPTH][FC_OPENINGS_TEXT];
    uint64_t hash[FC_OPENINGS_MAX_DEPTH]; /* of the first j + 1 decisions (or all, if fewer) */
} openings_game;

static fc_match *openings_match(const fc_openings_config *c, int index, fc_error *err)
{
    uint64_t seed = fc_sim_match_seed(c->seed, index);
    fc_match *m = c->position ? fc_match_new_from_position(c->rules, seed, c->position, err)
                              : fc_match_new(c->rules, seed, err);
    if (m)
        fc_match_set_log(m, 0);
    return m;
}

/* Plays game `index` up to depth seat decisions. */
static int openings_play(const fc_openings_config *c, int index, openings_game *g, fc_error *err)
{
    memset(g, 0, sizeof *g);
    fc_match *m = openings_match(c, index, err);
    if (!m)
        return err && err->code ? err->code : FC_EINVAL;
    int n = fc_rules_nseats(c->rules), rc = 0;
    uint64_t aseed = fc_sim_agent_seed(c->seed, index);
    fc_agent *agent[FC_MAX_SEATS] = {NULL};
    for (int k = 0; k < n && rc == 0; k++)
        if (!(agent[k] = fc_agent_new(c->agent, fc_hash64(&k, sizeof k, aseed), err)))
            rc = err && err->code ? err->code : FC_EINVAL;
    while (rc == 0 && g->len < c->depth) {
        int who = fc_match_to_move(m);
        if (who == FC_NOBODY)
            break;
        if (who == FC_CHANCE) {
            rc = fc_match_play_chance(m, err);
            continue;
        }
        fc_decision d = 0;
        if ((rc = fc_agent_choose(agent[who], m, &d, err)) != 0)
            break;
        char *t = g->text[g->len];
        if (fc_match_decision_text(m, d, t, FC_OPENINGS_TEXT) < 0)
            snprintf(t, FC_OPENINGS_TEXT, "#%u", (unsigned)d);
        rc = fc_match_play(m, d, err);
        uint64_t prev = g->len ? g->hash[g->len - 1] : 0x6c696e65ull;
        g->hash[g->len] = fc_hash64(t, strlen(t) + 1, prev);
        g->len++;
    }
    for (int j = g->len; j < c->depth && j > 0; j++)
        g->hash[j] = g->hash[g->len - 1];
    for (int k = 0; k < n; k++)
        fc_agent_free(agent[k]);
    fc_match_free(m);
    if (rc != 0 && err && err->msg[0]) {
        char msg[FC_ERROR_MSG_MAX];
        snprintf(msg, sizeof msg, "%s", err->msg);
        fc_error_set(err, rc, "game %d: %.400s", index, msg);
    }
    return rc;
}

/* ---- threads: the core's pool, each game into its own slot ---- */

typedef struct openings_pool {
    const fc_openings_config *c;
    openings_game *games; /* of the games from `first` on */
    int first;
} openings_pool;

static int openings_item(void *ud, int i, fc_error *err)
{
    openings_pool *p = ud;
    return openings_play(p->c, p->first + i, &p->games[i], err);
}

static void openings_finished(void *ud, int i, int rc, int done, int total)
{
    (void)i;
    const fc_openings_config *c = ud;
    if (rc == 0 && c->progress && !c->spread)
        c->progress(c->progress_ud, done, total);
}

/* Games first..first+n-1 over the threads into out[0..n) (an fc_spread_batch). */
static int openings_batch(void *ud, int first, int n, void *out, fc_error *err)
{
    const fc_openings_config *c = ud;
    openings_pool p = {.c = c, .games = out, .first = first};
    fc_pool pool = {.count = n, .threads = c->threads, .item = openings_item, .ud = &p,
                    .finished = openings_finished, .finished_ud = (void *)c};
    return fc_pool_run(&pool, NULL, err);
}

static int openings_play_all(const fc_openings_config *c, openings_game *games, fc_error *err)
{
    if (c->spread)
        return c->spread(c->spread_ud, c->games, c->threads, sizeof *games, games, openings_batch, (void *)c, err);
    return openings_batch((void *)c, 0, c->games, games, err);
}

/* ---- entropy and lines ---- */

typedef struct openings_key {
    uint64_t h;
    int game;
} openings_key;

static int by_key(const void *a, const void *b)
{
    const openings_key *x = a, *y = b;
    return x->h != y->h ? (x->h < y->h ? -1 : 1) : (x->game > y->game) - (x->game < y->game);
}

static void line_text(const openings_game *g, char *buf, size_t n)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int j = 0; j < g->len && len < n; j++)
        len += (size_t)snprintf(buf + len, n - len, "%s%s", j ? " | " : "", g->text[j]);
}

static int by_count(const void *a, const void *b)
{
    const fc_openings_line *x = a, *y = b;
    if (x->count != y->count)
        return x->count > y->count ? -1 : 1;
    return strcmp(x->text, y->text);
}

/* The entropy of each length, then the most common lines (keys sorted by the full line). */
static int openings_summary(const fc_openings_config *c, const openings_game *games, fc_openings_result *out,
                            int *rep)
{
    long n = c->games;
    openings_key *k = malloc((size_t)n * sizeof *k);
    long *counts = malloc((size_t)n * sizeof *counts);
    fc_openings_line *all = calloc((size_t)n, sizeof *all);
    if (!k || !counts || !all) {
        free(k);
        free(counts);
        free(all);
        return FC_ENOMEM;
    }
    int runs = 0;
    for (int j = 0; j < c->depth; j++) {
        for (long i = 0; i < n; i++)
            k[i] = (openings_key){games[i].len ? games[i].hash[j] : 0, (int)i};
        qsort(k, (size_t)n, sizeof *k, by_key);
        runs = 0;
        for (long i = 0; i < n; i++) {
            if (i == 0 || k[i].h != k[i - 1].h) {
                counts[runs] = 0;
                if (j == c->depth - 1) { /* the full lines: keep each with its first game */
                    line_text(&games[k[i].game], all[runs].text, sizeof all[runs].text);
                    all[runs].len = games[k[i].game].len;
                    rep[runs] = k[i].game;
                }
                runs++;
            }
            counts[runs - 1]++;
            if (j == c->depth - 1)
                all[runs - 1].count = counts[runs - 1];
        }
        out->entropy[j] = fc_openings_entropy(counts, runs);
        out->distinct[j] = runs;
    }
    for (int i = 0; i < runs; i++) /* the representative game travels with its line */
        all[i].share = (double)rep[i];
    qsort(all, (size_t)runs, sizeof *all, by_count);
    out->nlines = runs < FC_OPENINGS_TOP ? runs : FC_OPENINGS_TOP;
    for (int i = 0; i < out->nlines; i++) {
        rep[i] = (int)all[i].share;
        out->lines[i] = all[i];
        out->lines[i].share = (double)all[i].count / (double)n;
        fc_stats_wilson((double)all[i].count, (double)n, FC_Z95, &out->lines[i].lo, &out->lines[i].hi);
    }
    free(k);
    free(counts);
    free(all);
    return 0;
}

/* ---- the forced-result search ---- */

/* The seat ranked first alone in a finished game, else -1. */
static int openings_winner(const fc_match *m)
{
    int32_t score[FC_MAX_SEATS];
    int rank[FC_MAX_SEATS], n = fc_rules_nseats(fc_match_rules(m)), w = -1, k = 0;
    fc_match_scores(m, score, rank);
    for (int s = 0; s < n; s++)
        if (rank[s] == 0) {
            w = s;
            k++;
        }
    return k == 1 ? w : -1;
}

/* Searches m (owned, consumed) to depth plies: a forced move is played and the search goes on
 * below it, so the plies counted are from the position given. */
static int openings_search(fc_match *m, int depth, fc_openings_forced *f, fc_error *err)
{
    f->to_move = fc_match_to_move(m);
    f->winner = -1;
    f->depth = depth;
    double t0 = openings_now();
    int used = 0, rc = 0;
    for (;;) {
        int who = fc_match_to_move(m);
        if (who == FC_NOBODY) {
            f->winner = openings_winner(m);
            f->verdict = used == 0 ? FC_OPENINGS_OVER : FC_OPENINGS_NONE;
            f->plies = used;
            break;
        }
        if (who == FC_CHANCE) {
            rc = fc_error_set(err, FC_EINVAL, "a chance point %d plies in: the forced-win search needs a game "
                                              "without chance", used);
            break;
        }
        const fc_decision *legal = NULL;
        if (depth - used < 1)
            break;
        if (fc_match_legal(m, &legal, NULL) == 1) { /* ab plays a lone move without searching */
            if ((rc = fc_match_play(m, legal[0], err)) != 0)
                break;
            used++;
            continue;
        }
        char spec[96]; /* full width to the depth (no reductions, no pruning): a forced result is not missed */
        snprintf(spec, sizeof spec, "ab:depth=%d,lmr=0,rfp=0,threads=1,hash=64", depth - used);
        fc_agent *a = fc_agent_new(spec, 0, err);
        fc_decision d;
        fc_agent_search_stats st;
        if (!a || (rc = fc_agent_choose(a, m, &d, err)) != 0 || fc_agent_stats(a, &st) != 0) {
            rc = rc ? rc : err && err->code ? err->code : FC_EINVAL;
            fc_agent_free(a);
            break;
        }
        fc_agent_free(a);
        f->nodes += st.nodes;
        if (st.score >= OPENINGS_AB_PROVED || st.score <= -OPENINGS_AB_PROVED) {
            int plies = OPENINGS_AB_WIN - (st.score > 0 ? st.score : -st.score);
            f->winner = st.score > 0 ? who : 1 - who;
            f->plies = used + plies;
        }
        break;
    }
    if (rc == 0 && f->winner >= 0 && f->verdict != FC_OPENINGS_OVER)
        f->verdict = f->winner == f->to_move ? FC_OPENINGS_WIN : FC_OPENINGS_LOSS;
    f->seconds = openings_now() - t0;
    fc_match_free(m);
    return rc;
}

/* The match after the line of game g (its decisions replayed, chance drawn from its seed). */
static fc_match *openings_line_match(const fc_openings_config *c, int g, const openings_game *og, fc_error *err)
{
    fc_match *m = openings_match(c, g, err);
    for (int j = 0; m && j < og->len;) {
        int rc = fc_match_to_move(m) == FC_CHANCE ? fc_match_play_chance(m, err)
                                                  : fc_match_play_text(m, og->text[j++], err);
        if (rc != 0) {
            fc_match_free(m);
            return NULL;
        }
    }
    return m;
}

static int openings_forced(const fc_openings_config *c, const openings_game *games, const int *rep,
                           fc_openings_result *out, fc_error *err)
{
    int nl = c->forced_lines < out->nlines ? c->forced_lines : out->nlines;
    for (int i = -1; i < nl; i++) {
        fc_match *m = i < 0 ? openings_match(c, 0, err) : openings_line_match(c, rep[i], &games[rep[i]], err);
        fc_openings_forced *f = &out->forced[out->nforced];
        memset(f, 0, sizeof *f);
        f->line = i;
        int rc = m ? openings_search(m, c->forced_depth, f, err) : err && err->code ? err->code : FC_EINVAL;
        if (rc != 0) {
            char msg[FC_ERROR_MSG_MAX];
            snprintf(msg, sizeof msg, "%s", err ? err->msg : "");
            return fc_error_set(err, rc, "openings: forced-win search %s%d: %.400s",
                                i < 0 ? "from the start" : "after line ", i < 0 ? 0 : i + 1, msg);
        }
        out->nforced++;
        out->flagged = out->flagged || f->verdict == FC_OPENINGS_WIN || f->verdict == FC_OPENINGS_LOSS;
    }
    out->forced_searched = true;
    return 0;
}

/* ---- the run ---- */

int fc_openings_check(const fc_openings_config *c, fc_error *err)
{
    if (!c || !c->rules || !c->agent)
        return fc_error_set(err, FC_EINVAL, "openings: no rule set or agent");
    const fc_plugin *p = fc_rules_plugin(c->rules);
    if (c->games < 1 || c->games > 10000000)
        return fc_error_set(err, FC_ERANGE, "openings: %d games, expected 1..10000000", c->games);
    if (c->threads < 1 || c->threads > 1024)
        return fc_error_set(err, FC_ERANGE, "openings: %d threads, expected 1..1024", c->threads);
    if (c->depth < 1 || c->depth > FC_OPENINGS_MAX_DEPTH)
        return fc_error_set(err, FC_ERANGE, "openings: depth %d, expected 1..%d", c->depth, FC_OPENINGS_MAX_DEPTH);
    if (c->forced_depth < 0 || c->forced_depth > FC_OPENINGS_MAX_FORCED_DEPTH || c->forced_lines < 0 ||
        c->forced_lines > FC_OPENINGS_TOP)
        return fc_error_set(err, FC_ERANGE, "openings: forced depth %d and lines %d, expected 0..%d and 0..%d",
                            c->forced_depth, c->forced_lines, FC_OPENINGS_MAX_FORCED_DEPTH, FC_OPENINGS_TOP);
    if (c->forced_depth > 0 && (fc_rules_nseats(c->rules) != 2 || p->game->determinize))
        return fc_error_set(err, FC_EINVAL,
                            "openings: the forced-win search needs a deterministic two-player game; %s is played by %d "
                            "here%s",
                            p->id, fc_rules_nseats(c->rules), p->game->determinize ? " and hides information" : "");
    fc_agent *a = fc_agent_new(c->agent, 0, err);
    if (!a)
        return err && err->code ? err->code : FC_EINVAL;
    int rc = fc_agent_check_rules(a, c->rules, err);
    fc_agent_free(a);
    return rc;
}

int fc_openings_run(const fc_openings_config *c, fc_openings_result *out, fc_error *err)
{
    memset(out, 0, sizeof *out);
    int rc = fc_openings_check(c, err);
    if (rc != 0)
        return rc;
    double t0 = openings_now();
    openings_game *games = calloc((size_t)c->games, sizeof *games);
    int *rep = calloc((size_t)c->games, sizeof *rep);
    if (!games || !rep) {
        free(games);
        free(rep);
        return fc_error_set(err, FC_ENOMEM, "out of memory");
    }
    out->games = c->games;
    out->depth = c->depth;
    out->max_entropy = log2((double)c->games);
    rc = openings_play_all(c, games, err);
    for (int i = 0; rc == 0 && i < c->games; i++)
        out->ended += games[i].len < c->depth;
    if (rc == 0 && openings_summary(c, games, out, rep) != 0)
        rc = fc_error_set(err, FC_ENOMEM, "out of memory");
    if (rc == 0 && c->forced_depth > 0)
        rc = openings_forced(c, games, rep, out, err);
    free(games);
    free(rep);
    out->seconds = openings_now() - t0;
    return rc;
}
