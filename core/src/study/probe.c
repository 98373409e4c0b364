/* Mechanic probes (probe.h). Jobs: the baseline games (deal d: every seat the unrestricted
 * agent), then for each probed kind, rotation q and deal d the game whose seat q is the agent
 * restricted from that kind. Each is sim game index d with fixed seats, so every game of a deal
 * shares the match seed and the agents' seeds. After a game its history is replayed once to ask
 * the kind of each decision (baseline: who used what; restricted: where the restriction bound).
 * Every job has its own slot: nothing depends on the thread count. */
#include "formicary/probe.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "formicary/agent.h"
#include "formicary/sim.h"
#include "formicary/stats.h"
#include "formicary/suggest.h"
#include "pool.h"

const char *fc_probe_verdict_name(fc_probe_verdict v)
{
    static const char *const names[] = {"unclear", "dead", "minor", "essential", "gain", "unbound"};
    return v >= FC_PROBE_UNCLEAR && v <= FC_PROBE_UNBOUND ? names[v] : "?";
}

int fc_probe_kinds_parse(const fc_rules *rules, const char *list, uint64_t *mask, fc_error *err)
{
    const fc_plugin *p = fc_rules_plugin(rules);
    const char *const *names;
    int nk = fc_plugin_kinds(p, &names);
    *mask = 0;
    if (nk <= 0)
        return fc_error_set(err, FC_EINVAL, "%s does not name its kinds of decision (API minor 10): nothing to probe", p->id);
    char known[512];
    size_t len = 0;
    known[0] = 0;
    for (int i = 0; i < nk && len < sizeof known; i++)
        len += (size_t)snprintf(known + len, sizeof known - len, "%s%s", i ? ", " : "", names[i]);
    for (const char *s = list;;) {
        size_t n = strcspn(s, ",+");
        int k = 0;
        while (k < nk && (strlen(names[k]) != n || strncmp(names[k], s, n) != 0))
            k++;
        if (n == 0)
            return fc_error_set(err, FC_EINVAL, "empty kind in '%s' (kinds of %s: %s)", list, p->id, known);
        if (k == nk) {
            char given[41];
            snprintf(given, sizeof given, "%.*s", (int)(n > 40 ? 40 : n), s);
            const char *near = fc_suggest(given, names, nk);
            if (near)
                return fc_error_set(err, FC_EUNKNOWN, "%s has no kind '%s'; did you mean '%s'? (kinds: %s)", p->id, given,
                                    near, known);
            return fc_error_set(err, FC_EUNKNOWN, "%s has no kind '%s' (kinds: %s)", p->id, given, known);
        }
        *mask |= 1ull << k;
        if (!s[n])
            return 0;
        s += n + 1;
    }
}

int fc_probe_check(const fc_probe_config *c, fc_error *err)
{
    if (!c || !c->rules || !c->agent)
        return fc_error_set(err, FC_EINVAL, "probe: no rule set or agent");
    const fc_plugin *p = fc_rules_plugin(c->rules);
    const char *const *names;
    int nk = fc_plugin_kinds(p, &names), np = fc_rules_nseats(c->rules);
    if (nk <= 0)
        return fc_error_set(err, FC_EINVAL, "probe: %s does not name its kinds of decision (API minor 10)", p->id);
    if (nk < 2)
        return fc_error_set(err, FC_EINVAL, "probe: %s has one kind of decision: nothing to restrict", p->id);
    if (np < 2 || np > FC_MAX_SEATS)
        return fc_error_set(err, FC_ERANGE, "probe: %d players, expected 2..%d", np, FC_MAX_SEATS);
    if (nk < 64 && (c->kinds >> nk))
        return fc_error_set(err, FC_ERANGE, "probe: a kind past the %d kinds of %s", nk, p->id);
    if (c->deals < 2 || c->deals > 1000000)
        return fc_error_set(err, FC_ERANGE, "probe: %d deal%s, expected 2..1000000 (an interval needs two)", c->deals,
                            c->deals == 1 ? "" : "s");
    if (c->threads < 1 || c->threads > 1024)
        return fc_error_set(err, FC_ERANGE, "probe: %d threads, expected 1..1024", c->threads);
    if (c->opening < 0 || c->opening > 10000)
        return fc_error_set(err, FC_ERANGE, "probe: %d random opening decisions, expected 0..10000", c->opening);
    if (fc_agent_spec_restricted(c->agent))
        return fc_error_set(err, FC_EINVAL, "probe: agent '%s' is restricted already (give it without restrict=)",
                            c->agent);
    fc_error e;
    fc_error_clear(&e);
    fc_agent *a = fc_agent_new(c->agent, 0, &e);
    int rc = a ? fc_agent_check_rules(a, c->rules, &e) : (e.code ? e.code : FC_EINVAL);
    fc_agent_free(a);
    return rc < 0 ? fc_error_set(err, rc, "probe: %s", e.msg) : 0;
}

/* One game's slot. */
typedef struct probe_game {
    double share[FC_MAX_SEATS]; /* 1/k for each of k first places; all 0 after a timeout */
    bool timeout;
    long dec, binding; /* restricted games: the restricted seat's decisions, those the restriction bound */
} probe_game;

typedef struct probe_run {
    const fc_probe_config *c;
    int p, nk, nprobe, njobs;
    int probe_kind[FC_MAX_KINDS];
    char (*spec)[512]; /* restricted spec of each probed kind */
    probe_game *games;
    long *used;
} probe_run;

typedef struct probe_job {
    probe_run *r;
    probe_game *g;
    long *used;      /* baseline games: decisions per (seat, kind), nseats x nk */
    int probe, seat; /* -1, -1 for a baseline game */
} probe_job;

/* Replays the finished match m from its start, asking the kind of each decision; the random
 * opening's seat decisions (c->opening) are no agent's and count in nothing. */
static int probe_on_game(void *ud, int index, const fc_match *m, fc_error *err)
{
    (void)index;
    probe_job *j = ud;
    fc_match *x = fc_match_new_at_start(m, err);
    if (!x)
        return err->code ? err->code : FC_ENOMEM;
    uint64_t excluded = j->probe >= 0 ? 1ull << j->r->probe_kind[j->probe] : 0;
    int rc = 0, nk = j->r->nk, opening = j->r->c->opening;
    for (size_t i = 0, n = fc_match_ply(m); rc == 0 && i < n; i++) {
        const fc_history_entry *h = fc_match_history(m, i);
        if (h->seat >= 0 && opening > 0) {
            opening--;
        } else if (h->seat >= 0 && j->probe < 0) {
            int k = fc_match_decision_kind(x, h->decision);
            if (k >= 0)
                j->used[h->seat * nk + k]++;
        } else if (h->seat >= 0 && h->seat == j->seat) {
            const fc_decision *legal;
            int nl = fc_match_legal(x, &legal, NULL), in = 0, out = 0;
            for (int l = 0; l < nl; l++) {
                int k = fc_match_decision_kind(x, legal[l]);
                if (k >= 0 && ((excluded >> k) & 1u))
                    in++;
                else
                    out++;
            }
            j->g->dec++;
            j->g->binding += in > 0 && out > 0;
        }
        rc = fc_match_play(x, h->decision, err);
    }
    fc_match_free(x);
    return rc;
}

/* Job `job` into *out (and, a baseline game, its kind counts into used: zeroed, nseats x nk). */
static int probe_game_play(probe_run *r, int job, probe_game *out, long *used, fc_error *err)
{
    const fc_probe_config *c = r->c;
    int deal = job % c->deals, probe = job < c->deals ? -1 : (job - c->deals) / c->deals / r->p;
    int seat = probe < 0 ? -1 : (job - c->deals) / c->deals % r->p;
    probe_job j = {r, out, probe < 0 ? used : NULL, probe, seat};
    fc_sim_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.rules = c->rules;
    cfg.nagents = r->p;
    for (int s = 0; s < r->p; s++)
        cfg.agents[s] = s == seat ? r->spec[probe] : c->agent;
    cfg.seed = c->seed;
    cfg.threads = 1;
    cfg.fixed_seats = true;
    cfg.max_decisions = c->max_decisions;
    cfg.opening = c->opening;
    cfg.on_game = probe_on_game;
    cfg.on_game_ud = &j;
    fc_sim_game g;
    int rc = fc_sim_run(&cfg, deal, 1, &g, err);
    if (rc != 0)
        return rc;
    j.g->timeout = g.timeout;
    for (int s = 0; s < r->p; s++)
        j.g->share[s] = !g.timeout && g.rank[s] == 0 && g.winners > 0 ? 1.0 / g.winners : 0;
    return 0;
}

static int probe_item(void *ud, int job, fc_error *err)
{
    probe_run *r = ud;
    return probe_game_play(r, job, &r->games[job], r->used + (size_t)(job % r->c->deals) * (size_t)(r->p * r->nk),
                           err);
}

/* ---- spread (c->spread): jobs as plain records, a baseline game's kind counts after it ---- */

typedef struct probe_part {
    probe_run *r;
    int from;    /* the phase's first job: 0 (baseline games) or deals (restricted ones) */
    size_t size; /* bytes of one record */
} probe_part;

static int probe_part_item(void *ud, int i, fc_error *err)
{
    const probe_part *pp = ud; /* a batch's view: r->games is its records, from its first job */
    unsigned char *rec = (unsigned char *)pp->r->games + (size_t)i * pp->size;
    return probe_game_play(pp->r, pp->from + i, (probe_game *)rec, (long *)(rec + sizeof(probe_game)), err);
}

static int probe_batch(void *ud, int first, int n, void *out, fc_error *err)
{
    const probe_part *all = ud;
    probe_run view = *all->r;
    view.games = out;
    probe_part pp = {&view, all->from + first, all->size};
    fc_pool pool = {.count = n, .threads = all->r->c->threads, .item = probe_part_item, .ud = &pp};
    return fc_pool_run(&pool, NULL, err);
}

/* The baseline games, then the restricted ones, through c->spread; the lowest failing job's
 * error either way (the baseline's jobs come first). */
static int probe_spread(probe_run *r, fc_error *err)
{
    const fc_probe_config *c = r->c;
    size_t counts = (size_t)(r->p * r->nk) * sizeof(long), size = sizeof(probe_game) + counts;
    unsigned char *base = calloc((size_t)c->deals, size);
    if (!base)
        return fc_error_set(err, FC_ENOMEM, "out of memory");
    probe_part pp = {r, 0, size};
    int rc = c->spread(c->spread_ud, c->deals, c->threads, size, base, probe_batch, &pp, err);
    for (int d = 0; rc == 0 && d < c->deals; d++) {
        memcpy(&r->games[d], base + (size_t)d * size, sizeof(probe_game));
        memcpy(r->used + (size_t)d * (size_t)(r->p * r->nk), base + (size_t)d * size + sizeof(probe_game), counts);
    }
    free(base);
    pp = (probe_part){r, c->deals, sizeof(probe_game)};
    if (rc == 0)
        rc = c->spread(c->spread_ud, r->njobs - c->deals, c->threads, sizeof(probe_game), r->games + c->deals,
                       probe_batch, &pp, err);
    return rc;
}

static void probe_finished(void *ud, int job, int rc, int done, int total)
{
    (void)job;
    const fc_probe_config *c = ud;
    if (rc == 0 && c->progress)
        c->progress(c->progress_ud, done, total);
}

static fc_probe_verdict probe_verdict(double base, const fc_stats_diff *d)
{
    if (d->hi < 0)
        return FC_PROBE_GAIN;
    if (!(base > 0)) /* every baseline game timed out: the thresholds (shares of B) are 0 */
        return FC_PROBE_UNCLEAR;
    if (d->lo >= -FC_PROBE_DEAD * base && d->hi <= FC_PROBE_DEAD * base)
        return FC_PROBE_DEAD_KIND;
    if (d->lo > 0)
        return d->diff >= FC_PROBE_ESSENTIAL * base ? FC_PROBE_ESSENTIAL_KIND : FC_PROBE_MINOR;
    return FC_PROBE_UNCLEAR;
}

/* Who used kind k in the baseline games: the share of winners' decisions and of losers'. */
static void probe_usage(const probe_run *r, int k, fc_probe_kind *out)
{
    double w = 0, wt = 0, l = 0, lt = 0;
    for (int d = 0; d < r->c->deals; d++) {
        const probe_game *g = &r->games[d];
        if (g->timeout)
            continue;
        for (int s = 0; s < r->p; s++) {
            const long *u = r->used + ((size_t)d * (size_t)r->p + (size_t)s) * (size_t)r->nk;
            long all = 0;
            for (int i = 0; i < r->nk; i++)
                all += u[i];
            *(g->share[s] > 0 ? &w : &l) += (double)u[k];
            *(g->share[s] > 0 ? &wt : &lt) += (double)all;
        }
    }
    out->used_win = wt > 0 ? w / wt : 0;
    out->used_lose = lt > 0 ? l / lt : 0;
    out->ratio = out->used_lose > 0 ? out->used_win / out->used_lose : 0;
}

static int probe_summarize(const probe_run *r, fc_probe_result *out, fc_error *err)
{
    int D = r->c->deals, P = r->p;
    double *x = malloc((size_t)D * sizeof *x), *b = malloc((size_t)D * sizeof *b);
    if (!x || !b) {
        free(x);
        free(b);
        return fc_error_set(err, FC_ENOMEM, "out of memory");
    }
    const char *const *names;
    fc_plugin_kinds(fc_rules_plugin(r->c->rules), &names);
    double bsum = 0;
    for (int d = 0; d < D; d++) {
        b[d] = 0;
        for (int s = 0; s < P; s++)
            b[d] += r->games[d].share[s] / P;
        bsum += b[d];
        out->timeouts += r->games[d].timeout;
    }
    out->base = bsum / D;
    for (int j = 0; j < r->nprobe; j++) {
        fc_probe_kind *o = &out->kind[j];
        double wins = 0;
        long dec = 0, binding = 0;
        for (int d = 0; d < D; d++) {
            x[d] = 0;
            for (int q = 0; q < P; q++) {
                const probe_game *g = &r->games[D + (j * P + q) * D + d];
                x[d] += g->share[q] / P;
                wins += g->share[q];
                dec += g->dec;
                binding += g->binding;
                out->timeouts += g->timeout;
            }
        }
        fc_stats_diff diff;
        fc_stats_paired(x, b, (size_t)D, &diff);
        o->kind = r->probe_kind[j];
        o->name = names[o->kind];
        o->games = (long)D * P;
        o->share = wins / (double)o->games;
        fc_stats_wilson(wins, (double)o->games, FC_Z95, &o->share_lo, &o->share_hi);
        o->base = out->base;
        o->loss = diff.diff;
        o->loss_lo = diff.lo;
        o->loss_hi = diff.hi;
        o->binding = dec ? (double)binding / (double)dec : 0;
        /* never bound: the games are the baseline's, which says nothing about the kind's worth */
        o->verdict = binding ? probe_verdict(out->base, &diff) : FC_PROBE_UNBOUND;
        probe_usage(r, o->kind, o);
    }
    free(x);
    free(b);
    return 0;
}

static double probe_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The run's tables: the probed kinds with their restricted specs, the slots. */
static int probe_setup(probe_run *r, const fc_probe_config *c, fc_error *err)
{
    const char *const *names;
    r->c = c;
    r->p = fc_rules_nseats(c->rules);
    r->nk = fc_plugin_kinds(fc_rules_plugin(c->rules), &names);
    for (int k = 0; k < r->nk; k++)
        if (!c->kinds || ((c->kinds >> k) & 1u))
            r->probe_kind[r->nprobe++] = k;
    r->njobs = c->deals * (1 + r->nprobe * r->p);
    r->spec = calloc((size_t)r->nprobe, sizeof *r->spec);
    r->games = calloc((size_t)r->njobs, sizeof *r->games);
    r->used = calloc((size_t)c->deals * (size_t)(r->p * r->nk), sizeof *r->used);
    if (!r->spec || !r->games || !r->used)
        return fc_error_set(err, FC_ENOMEM, "out of memory");
    for (int j = 0; j < r->nprobe; j++)
        if (fc_agent_spec_restrict(c->agent, names[r->probe_kind[j]], r->spec[j], sizeof r->spec[j], err) < 0)
            return err->code;
    return 0;
}

int fc_probe_run(const fc_probe_config *c, fc_probe_result *out, fc_error *err)
{
    memset(out, 0, sizeof *out);
    int rc = fc_probe_check(c, err);
    if (rc != 0)
        return rc;
    double t0 = probe_now();
    probe_run r;
    memset(&r, 0, sizeof r);
    if ((rc = probe_setup(&r, c, err)) == 0) {
        fc_pool pool = {.count = r.njobs, .threads = c->threads, .item = probe_item, .ud = &r,
                        .finished = probe_finished, .finished_ud = (void *)c};
        fc_error e;
        if (c->spread)
            rc = probe_spread(&r, err);
        else if (fc_pool_run(&pool, NULL, &e) != 0)
            rc = fc_error_set(err, e.code, "%s", e.msg);
    }
    if (rc == 0) {
        out->nseats = r.p;
        out->deals = c->deals;
        out->nkinds = r.nprobe;
        out->games = r.njobs;
        rc = probe_summarize(&r, out, err);
        out->seconds = probe_now() - t0;
    }
    free(r.spec);
    free(r.games);
    free(r.used);
    return rc;
}
