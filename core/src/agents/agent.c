/* Agents behind one interface: a table of kinds, a spec parser shared by all of them, helpers
 * shared by the searches (agent_impl.h), and the random agent. Greedy and MCTS live in
 * agent_greedy.c and agent_mcts.c. */
#include "formicary/agent.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agent_impl.h"
#include "formicary/seats.h"
#include "formicary/suggest.h"
#include "formicary/variant.h"

/* ---- option helpers shared by the kinds ---- */

const char *fc_agent_opt_get(const fc_agent *a, const char *key)
{
    for (int i = 0; i < a->nopts; i++)
        if (strcmp(a->opts[i].key, key) == 0)
            return a->opts[i].value;
    return NULL;
}

int fc_agent_opt_u64(const fc_agent *a, const char *key, uint64_t *out, fc_error *err)
{
    const char *v = fc_agent_opt_get(a, key);
    if (!v)
        return 0;
    char *end = NULL;
    errno = 0;
    unsigned long long x = strtoull(v, &end, 10);
    if (errno || end == v || *end || v[0] == '-')
        return fc_error_set(err, FC_EPARSE, "agent %s: %s: '%s' is not a non-negative integer", a->kind->name, key, v);
    *out = (uint64_t)x;
    return 0;
}

int fc_agent_opt_double(const fc_agent *a, const char *key, double lo, double hi, double *out, fc_error *err)
{
    const char *v = fc_agent_opt_get(a, key);
    if (!v)
        return 0;
    char *end = NULL;
    errno = 0;
    double x = strtod(v, &end);
    if (errno || end == v || *end || x != x)
        return fc_error_set(err, FC_EPARSE, "agent %s: %s: '%s' is not a number in %g..%g", a->kind->name, key, v, lo,
                            hi);
    if (!(x >= lo && x <= hi)) /* a number, but not one the key takes: say so, as the integer keys do */
        return fc_error_set(err, FC_ERANGE, "agent %s: %s: %s is out of range %g..%g", a->kind->name, key, v, lo, hi);
    *out = x;
    return 0;
}

int fc_agent_opt_clock(const fc_agent *a, bool *cpu, fc_error *err)
{
    const char *v = fc_agent_opt_get(a, "clock");
    *cpu = false;
    if (!v || strcmp(v, "wall") == 0)
        return 0;
    if (strcmp(v, "cpu") == 0) {
        *cpu = true;
        return 0;
    }
    return fc_error_set(err, FC_EPARSE, "agent %s: clock: '%s' is not wall or cpu", a->kind->name, v);
}

fc_rng *fc_agent_rng(fc_agent *a, int stream)
{
    if (!(a->seeded & (1u << stream))) {
        fc_rng_seed(&a->rng[stream], a->seed, (uint64_t)stream);
        a->seeded |= 1u << stream;
    }
    return &a->rng[stream];
}

int fc_agent_chance(fc_agent *a, fc_match *m, fc_decision *out, fc_error *err)
{
    const fc_decision *legal = NULL;
    const uint32_t *weights = NULL;
    int n = fc_match_legal(m, &legal, &weights);
    if (n <= 0 || !legal)
        return fc_error_set(err, FC_ESTATE, "agent %s: no chance outcome", a->kind->name);
    int i = weights ? fc_rng_weighted(fc_agent_rng(a, AGENT_CHANCE_STREAM), weights, n) : -1;
    if (i < 0) /* no weights given: uniform, as the match does */
        i = (int)fc_rng_below(fc_agent_rng(a, AGENT_CHANCE_STREAM), (uint32_t)n);
    *out = legal[i];
    return 0;
}

/* ---- values shared by the searches ---- */

static void agent_terminal_share(const int *rank, int nseats, double *reward)
{
    int winners = 0;
    for (int s = 0; s < nseats; s++)
        winners += rank[s] == 0;
    for (int s = 0; s < nseats; s++)
        reward[s] = rank[s] == 0 && winners ? 1.0 / winners : 0.0;
}

/* 0.5 + a squashed lead (score minus the best other score), so games without evaluate still
 * give values in [0, 1] that order positions by their score lead. */
static double agent_score_value(const int32_t *score, int nseats, int seat)
{
    double best = -1e300;
    for (int t = 0; t < nseats; t++)
        if (t != seat && score[t] > best)
            best = score[t];
    double x = nseats > 1 ? ((double)score[seat] - best) / 10.0 : 0.0;
    return 0.5 + 0.5 * x / (1.0 + fabs(x));
}

void fc_agent_rewards(const fc_game *g, const fc_agent_eval *ev, const void *st, const fc_env *env, int terminal,
                      double *reward)
{
    int n = env->nseats;
    int32_t score[FC_MAX_SEATS] = {0};
    int rank[FC_MAX_SEATS] = {0};
    if (!terminal && g->evaluate) {
        if (ev && ev->fn)
            ev->fn(st, env, ev->w, reward);
        else
            g->evaluate(st, env, reward);
        for (int s = 0; s < n; s++)
            reward[s] = reward[s] < 0 ? 0 : reward[s] > 1 ? 1 : reward[s];
        return;
    }
    g->scores(st, env, score, rank);
    if (terminal) {
        agent_terminal_share(rank, n, reward);
        return;
    }
    for (int s = 0; s < n; s++)
        reward[s] = agent_score_value(score, n, s);
}

double fc_agent_value(const fc_game *g, const fc_agent_eval *ev, const void *st, const fc_env *env, int seat)
{
    double r[FC_MAX_SEATS];
    fc_agent_rewards(g, ev, st, env, g->to_move(st, env) == FC_NOBODY, r);
    return r[seat];
}

void fc_agent_search_done(const fc_env *env)
{
    if (env->hooks)
        fc_hooks_clear_error((fc_hooks *)env->hooks);
}

/* ---- random ---- */

static const char *const random_keys[] = {"seed", NULL};

static int random_init(fc_agent *a, fc_error *err) { return fc_agent_opt_u64(a, "seed", &a->seed, err); }

static int random_choose(fc_agent *a, fc_match *m, fc_decision *out, fc_error *err)
{
    int who = fc_match_to_move(m);
    if (who == FC_CHANCE)
        return fc_agent_chance(a, m, out, err);
    const fc_decision *legal = NULL;
    int n = fc_match_legal(m, &legal, NULL);
    if (n <= 0 || !legal)
        return fc_error_set(err, FC_ESTATE, "agent random: no legal decision");
    *out = legal[fc_rng_below(fc_agent_rng(a, who), (uint32_t)n)];
    return 0;
}

static const agent_kind fc_agent_kinds[] = {
    {"random", "uniform among the legal decisions; keys: seed=N (overrides the seed)", random_keys,
     random_init, random_choose, NULL, fc_agent_random_rank, NULL},
    {"greedy",
     "one step ahead with the game's evaluation (expected over a chance point), random among ties; "
     "keys: seed=N, samples=N (determinizations for hidden information, default 4), weights=FILE (evaluation "
     "weights, docs/search.md)",
     fc_agent_greedy_keys, fc_agent_greedy_init, fc_agent_greedy_choose, fc_agent_greedy_done, fc_agent_greedy_rank, NULL},
    {"mcts",
     "UCT tree search, information-set MCTS where the game hides information; keys: iters=N (default 1000), "
     "time=SECONDS, c=EXPLORATION (default 0.7), depth=N (playout cut-off, 0 = to the end), seed=N, "
     "threads=N, legacy=1, reuse=1, policy=random|mast|eval (playout decisions), eps=E (their random share), weights=FILE (evaluation "
     "weights for the playout cut-off and policy=eval), clock=wall|cpu (what time counts), prior=none|eval|puct "
     "(children opened with the evaluation after their decision, tried best first; puct: PUCT over their "
     "softmax), pb=W (progressive bias weight of those priors, puct's c, default 1), temp=T (puct's softmax "
     "temperature, default 0.05)",
     fc_agent_mcts_keys, fc_agent_mcts_init, fc_agent_mcts_choose, fc_agent_mcts_done, fc_agent_mcts_rank, NULL},
    {"ab",
     "alpha-beta search for two-player games without chance or hidden information (Hive): iterative "
     "deepening, transposition table, killers and history; keys: depth=N (plies, default 4 without time), "
     "time=SECONDS, threads=N (lazy SMP), hash=MB (table size, default 32), lmr=0|1 (late move reductions, "
     "default 1), seed=N, weights=FILE (evaluation weights at the leaves), blunder=P (share of decisions "
     "played at random, for weaker tiers)",
     fc_agent_ab_keys, fc_agent_ab_init, fc_agent_ab_choose, fc_agent_ab_done, NULL, fc_agent_ab_stats},
};
#define AGENT_NKINDS ((int)(sizeof fc_agent_kinds / sizeof fc_agent_kinds[0]))

int fc_agent_kind_count(void) { return AGENT_NKINDS; }
const char *fc_agent_kind_name(int i) { return i >= 0 && i < AGENT_NKINDS ? fc_agent_kinds[i].name : NULL; }
const char *fc_agent_kind_doc(int i) { return i >= 0 && i < AGENT_NKINDS ? fc_agent_kinds[i].doc : NULL; }

/* ---- spec parsing ---- */

static void agent_join(char *buf, size_t n, const char *const *names, int count)
{
    size_t len = 0;
    buf[0] = 0;
    for (int i = 0; i < count && len < n; i++)
        len += (size_t)snprintf(buf + len, n - len, "%s%s", i ? ", " : "", names[i]);
}

static const agent_kind *agent_kind_find(const char *name, size_t len, fc_error *err)
{
    for (int i = 0; i < AGENT_NKINDS; i++)
        if (strlen(fc_agent_kinds[i].name) == len && memcmp(fc_agent_kinds[i].name, name, len) == 0)
            return &fc_agent_kinds[i];
    const char *names[AGENT_NKINDS];
    for (int i = 0; i < AGENT_NKINDS; i++)
        names[i] = fc_agent_kinds[i].name;
    char known[256];
    agent_join(known, sizeof known, names, AGENT_NKINDS);
    char given[65];
    snprintf(given, sizeof given, "%.*s", (int)(len > 64 ? 64 : len), name);
    const char *near = fc_suggest(given, names, AGENT_NKINDS);
    if (near)
        fc_error_set(err, FC_EUNKNOWN, "unknown agent '%s'; did you mean '%s'? (known: %s)", given, near, known);
    else
        fc_error_set(err, FC_EUNKNOWN, "unknown agent '%s' (known: %s)", given, known);
    return NULL;
}

static int agent_key_known(const agent_kind *k, const char *key)
{
    if (strcmp(key, "restrict") == 0) /* every kind: agent_restrict.c */
        return 1;
    for (int i = 0; k->keys && k->keys[i]; i++)
        if (strcmp(k->keys[i], key) == 0)
            return 1;
    return 0;
}

/* Parses "k=v,k=v" into a->opts, checking each key against the kind. */
static int agent_parse_opts(fc_agent *a, const char *text, fc_error *err)
{
    const agent_kind *k = a->kind;
    const char *p = text;
    if (!*p)
        return fc_error_set(err, FC_EPARSE, "agent %s: empty option list after ':'", k->name);
    while (*p) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        const char *eq = memchr(p, '=', len);
        if (!eq || eq == p || eq == p + len - 1)
            return fc_error_set(err, FC_EPARSE, "agent %s: expected key=value, found '%.*s'", k->name,
                                (int)(len > 64 ? 64 : len), p);
        size_t klen = (size_t)(eq - p), vlen = len - klen - 1;
        if (klen >= AGENT_KEY_MAX || vlen >= AGENT_VALUE_MAX)
            return fc_error_set(err, FC_EPARSE, "agent %s: option '%.*s' is too long", k->name, (int)(len > 64 ? 64 : len),
                                p);
        if (a->nopts == AGENT_MAX_OPTS)
            return fc_error_set(err, FC_EPARSE, "agent %s: too many options", k->name);
        agent_opt *o = &a->opts[a->nopts];
        memcpy(o->key, p, klen);
        o->key[klen] = 0;
        memcpy(o->value, eq + 1, vlen);
        o->value[vlen] = 0;
        if (!agent_key_known(k, o->key)) {
            char known[256];
            int nk = 0;
            const char *keys[AGENT_MAX_OPTS * 2];
            while (k->keys && k->keys[nk] && nk < AGENT_MAX_OPTS * 2 - 1) {
                keys[nk] = k->keys[nk];
                nk++;
            }
            keys[nk++] = "restrict";
            agent_join(known, sizeof known, keys, nk);
            return fc_error_set(err, FC_EUNKNOWN, "agent %s: unknown key '%s' (known: %s)", k->name, o->key, known);
        }
        if (fc_agent_opt_get(a, o->key))
            return fc_error_set(err, FC_EPARSE, "agent %s: key '%s' given twice", k->name, o->key);
        a->nopts++;
        p += len;
        if (*p == ',' && !*++p)
            return fc_error_set(err, FC_EPARSE, "agent %s: trailing ','", k->name);
    }
    return 0;
}

fc_agent *fc_agent_new(const char *spec, uint64_t seed, fc_error *err)
{
    if (!spec || !*spec) {
        fc_error_set(err, FC_EINVAL, "empty agent spec");
        return NULL;
    }
    if (strlen(spec) >= AGENT_SPEC_MAX) {
        fc_error_set(err, FC_EINVAL, "agent spec too long (%zu characters)", strlen(spec));
        return NULL;
    }
    const char *colon = strchr(spec, ':');
    size_t nlen = colon ? (size_t)(colon - spec) : strlen(spec);
    const agent_kind *k = agent_kind_find(spec, nlen, err);
    if (!k)
        return NULL;
    fc_agent *a = calloc(1, sizeof *a);
    if (!a) {
        fc_error_set(err, FC_ENOMEM, "out of memory");
        return NULL;
    }
    a->kind = k;
    a->seed = seed;
    if ((colon && agent_parse_opts(a, colon + 1, err) < 0) || (k->init && k->init(a, err) < 0) ||
        fc_agent_weights_init(a, err) < 0 || fc_agent_restrict_init(a, err) < 0) {
        fc_agent_free(a);
        return NULL;
    }
    size_t len = (size_t)snprintf(a->spec, sizeof a->spec, "%s", k->name);
    for (int i = 0; i < a->nopts && len < sizeof a->spec; i++)
        len += (size_t)snprintf(a->spec + len, sizeof a->spec - len, "%c%s=%s", i ? ',' : ':', a->opts[i].key,
                                a->opts[i].value);
    return a;
}

void fc_agent_free(fc_agent *a)
{
    if (!a)
        return;
    if (a->kind && a->kind->done)
        a->kind->done(a);
    free(a->weights);
    fc_agent_restrict_free(a);
    free(a);
}

static int agent_choose_cb(fc_agent *a, fc_match *m, void *out, fc_error *err)
{
    return a->kind->choose(a, m, out, err);
}

int fc_agent_choose(fc_agent *a, fc_match *m, fc_decision *out, fc_error *err)
{
    if (!a || !m || !out)
        return fc_error_set(err, FC_EINVAL, "fc_agent_choose: NULL argument");
    int who = fc_match_to_move(m);
    if (who == FC_NOBODY)
        return fc_error_set(err, FC_ESTATE, "agent %s: the game is over", a->kind->name);
    if (who != FC_CHANCE && (who < 0 || who >= FC_MAX_SEATS))
        return fc_error_set(err, FC_ESTATE, "agent %s: bad seat %d to move", a->kind->name, who);
    if (a->restrict_)
        return fc_agent_restricted_call(a, m, agent_choose_cb, out, err);
    return a->kind->choose(a, m, out, err);
}

int fc_agent_stats(const fc_agent *a, fc_agent_search_stats *out)
{
    if (!a || !out)
        return FC_EINVAL;
    memset(out, 0, sizeof *out);
    return a->kind->stats ? a->kind->stats(a, out) : FC_EINVAL;
}

const char *fc_agent_spec(const fc_agent *a) { return a ? a->spec : ""; }
const char *fc_agent_name(const fc_agent *a) { return a ? a->kind->name : ""; }
