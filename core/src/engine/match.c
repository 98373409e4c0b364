/* Matches: a rule set, a seed, an initial state and the decisions applied since.
 * Undo re-plays from the initial state (exact, no snapshots); chance draws use an RNG stream
 * derived from (seed, ply) so a re-drawn outcome after undo is the same one. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "events.h"
#include "formicary/match.h"
#include "formicary/variant.h"
#include "view_build.h"

/* RNG stream ids: setup uses 0; chance at ply p uses CHANCE_STREAM + p. */
#define SETUP_STREAM 0u
#define CHANCE_STREAM 0x100000000ull

struct fc_match {
    const fc_rules *rules;
    const fc_plugin *plugin;
    const fc_game *game;
    fc_env env;        /* events on: used for the match's own decisions */
    fc_env search_env; /* events off: handed to agents and tools */
    fc_hooks *hooks;
    unsigned long hook_calls_listed; /* fc_hooks_calls before the legal decisions were listed */
    uint64_t seed;
    unsigned char *init_state, *state, *backup;
    fc_history_entry *hist;
    size_t nhist, caphist;
    size_t *pend; /* hidden decisions the game may still reveal (indices into hist) */
    size_t npend, cappend;
    fc_decision *legal;
    uint32_t *weights;
    int nlegal;
    int legal_valid;
    fc_events events;
    char script_error[FC_ERROR_MSG_MAX];
    char *position; /* text the match started from (fc_match_new_from_position), or NULL */
    /* a sourced match (fc_match_new_sourced): each chance source's seed and the draws of each
     * so far; nsrc == 0 for a match of one seed */
    int nsrc, src_setup;
    uint64_t src_seed[FC_CHANCE_SOURCES_MAX];
    uint32_t src_draws[FC_CHANCE_SOURCES_MAX];
};

void fc_events_push(fc_events *ev, uint32_t audience, const char *text)
{
    if (ev->n == ev->cap) {
        size_t cap = ev->cap ? ev->cap * 2 : 64;
        fc_match_event *v = realloc(ev->v, cap * sizeof *v);
        if (!v)
            return; /* the log is best effort; the game state never depends on it */
        ev->v = v;
        ev->cap = cap;
    }
    fc_match_event *e = &ev->v[ev->n++];
    e->ply = ev->ply;
    e->audience = audience;
    size_t len = strlen(text);
    if (len >= sizeof e->text)
        len = sizeof e->text - 1;
    memcpy(e->text, text, len);
    e->text[len] = '\0';
}

void fc_events_truncate(fc_events *ev, size_t n)
{
    if (n < ev->n)
        ev->n = n;
}

void fc_events_free(fc_events *ev)
{
    free(ev->v);
    memset(ev, 0, sizeof *ev);
}

/* Takes over a script error recorded during a callback; returns FC_ESCRIPT if there was one. */
static int take_script_error(fc_match *m, fc_error *err)
{
    if (!m->hooks)
        return FC_OK;
    const char *e = fc_hooks_error(m->hooks);
    if (!e || !*e)
        return FC_OK;
    snprintf(m->script_error, sizeof m->script_error, "%s", e);
    fc_hooks_clear_error(m->hooks);
    return fc_error_set(err, FC_ESCRIPT, "%s", m->script_error);
}

/* apply refused a decision legal() listed. A hook error explains it; otherwise, when hooks ran
 * while it was listed or applied, the message names the last one's script and line. */
static int refused(fc_match *m, fc_decision d, fc_error *err)
{
    if (take_script_error(m, err) != 0)
        return FC_ESCRIPT;
    char text[128], where[FC_ERROR_MSG_MAX / 2];
    if (m->game->decision_text(m->backup, &m->search_env, d, text, sizeof text) < 0)
        snprintf(text, sizeof text, "#%u", (unsigned)d);
    if (m->hooks && fc_hooks_calls(m->hooks) != m->hook_calls_listed) {
        fc_hooks_last(m->hooks, where, sizeof where);
        return fc_error_set(err, FC_ESCRIPT,
                            "%s: the game refused the decision '%s' it listed as legal (a hook must answer the "
                            "same for the same state and arguments)",
                            where, text);
    }
    return fc_error_set(err, FC_EILLEGAL, "%s: the game refused the decision '%s'", m->plugin->id, text);
}

static int reset_to_initial(fc_match *m, fc_error *err)
{
    size_t sz = m->game->state_size;
    memset(m->init_state, 0, sz);
    fc_rng rng;
    fc_rng_seed(&rng, m->nsrc ? m->src_seed[m->src_setup] : m->seed, SETUP_STREAM);
    memset(m->src_draws, 0, sizeof m->src_draws);
    fc_events_free(&m->events);
    m->events.ply = 0;
    int rc = m->game->init(m->init_state, &m->env, &rng, err);
    if (rc != 0) {
        if (err && err->code == FC_OK)
            fc_error_set(err, rc, "%s: game setup failed", m->plugin->id);
        return rc < 0 ? rc : FC_EINVAL;
    }
    if ((rc = take_script_error(m, err)) != 0)
        return rc;
    if (m->position && (rc = m->game->position_read(m->init_state, &m->env, m->position, err)) != 0) {
        if (err && err->code == FC_OK)
            fc_error_set(err, rc, "%s: cannot read the position", m->plugin->id);
        return rc < 0 ? rc : FC_EINVAL;
    }
    if (m->position && m->game->check) { /* a hand-edited position must still be a valid state */
        char why[200] = "";
        if (m->game->check(m->init_state, &m->env, why, sizeof why) != 0)
            return fc_error_set(err, FC_EINVAL, "%s: the position fails the game's check: %s", m->plugin->id, why);
    }
    if (m->position) { /* a game that is not over must go on from the position */
        int who = m->game->to_move(m->init_state, &m->search_env);
        if (who != FC_NOBODY && m->game->legal(m->init_state, &m->search_env, m->legal, m->weights) <= 0) {
            if (who == FC_CHANCE)
                return fc_error_set(err, FC_EINVAL, "%s: the position is at a chance point with no outcome",
                                    m->plugin->id);
            return fc_error_set(err, FC_EINVAL, "%s: the position leaves seat %d to decide with no legal decision",
                                m->plugin->id, who + 1);
        }
    }
    memcpy(m->state, m->init_state, sz);
    m->nhist = 0;
    m->npend = 0;
    m->legal_valid = 0;
    return FC_OK;
}

static fc_match *alloc_match(const fc_rules *rules, uint64_t seed, fc_error *err)
{
    if (!rules || !fc_rules_values(rules)) {
        fc_error_set(err, FC_ESTATE, "rules are not finished (call fc_rules_finish)");
        return NULL;
    }
    fc_match *m = calloc(1, sizeof *m);
    if (!m) {
        fc_error_set(err, FC_ENOMEM, "out of memory");
        return NULL;
    }
    m->rules = rules;
    m->plugin = fc_rules_plugin(rules);
    m->game = m->plugin->game;
    m->seed = seed;
    size_t sz = m->game->state_size;
    m->init_state = calloc(1, sz);
    m->state = calloc(1, sz);
    m->backup = calloc(1, sz);
    m->legal = calloc((size_t)m->game->max_decisions, sizeof *m->legal);
    m->weights = calloc((size_t)m->game->max_decisions, sizeof *m->weights);
    if (!m->init_state || !m->state || !m->backup || !m->legal || !m->weights) {
        fc_match_free(m);
        fc_error_set(err, FC_ENOMEM, "out of memory");
        return NULL;
    }
    const char *vtext = fc_rules_variant_text(rules);
    if (vtext) {
        m->hooks = fc_hooks_new(m->plugin, fc_rules_variant_path(rules), vtext, err);
        int np = m->plugin->nparams; /* the variant's declared parameters follow the game's */
        if (m->hooks && fc_hooks_set_params(m->hooks, fc_rules_values(rules) + np, fc_rules_param_count(rules) - np,
                                            err) != 0) {
            fc_hooks_free(m->hooks);
            m->hooks = NULL;
        }
        if (!m->hooks) {
            fc_match_free(m);
            return NULL;
        }
    }
    m->env.host = fc_context_host(fc_rules_context(rules));
    m->env.data = fc_rules_data(rules);
    m->env.params = fc_rules_values(rules);
    m->env.nseats = fc_rules_nseats(rules);
    m->env.hooks = m->hooks;
    m->env.hooks_mask = m->hooks ? fc_hooks_mask(m->hooks) : 0;
    m->env.events = &m->events;
    m->search_env = m->env;
    m->search_env.events = NULL;
    return m;
}

/* A new match m from its starting position (NULL: the game's own start) to its initial state;
 * m is freed on failure. */
static fc_match *start_match(fc_match *m, const char *position, fc_error *err)
{
    if (position && !(m->position = strdup(position))) {
        fc_match_free(m);
        fc_error_set(err, FC_ENOMEM, "out of memory");
        return NULL;
    }
    if (reset_to_initial(m, err) != 0) {
        fc_match_free(m);
        return NULL;
    }
    return m;
}

fc_match *fc_match_new(const fc_rules *rules, uint64_t seed, fc_error *err)
{
    fc_match *m = alloc_match(rules, seed, err);
    return m ? start_match(m, NULL, err) : NULL;
}

void fc_match_free(fc_match *m)
{
    if (!m)
        return;
    fc_hooks_free(m->hooks);
    free(m->init_state);
    free(m->state);
    free(m->backup);
    free(m->legal);
    free(m->weights);
    free(m->hist);
    free(m->pend);
    free(m->position);
    fc_events_free(&m->events);
    free(m);
}

static void refresh_legal(fc_match *m)
{
    if (m->legal_valid)
        return;
    m->nlegal = 0;
    m->hook_calls_listed = fc_hooks_calls(m->hooks);
    if (m->game->to_move(m->state, &m->search_env) != FC_NOBODY) {
        memset(m->weights, 0, (size_t)m->game->max_decisions * sizeof *m->weights);
        int n = m->game->legal(m->state, &m->search_env, m->legal, m->weights);
        m->nlegal = n < 0 ? 0 : n > m->game->max_decisions ? m->game->max_decisions : n;
    }
    m->legal_valid = 1;
}

const fc_rules *fc_match_rules(const fc_match *m) { return m->rules; }
uint64_t fc_match_seed(const fc_match *m) { return m->seed; }
int fc_match_to_move(const fc_match *m) { return m->game->to_move(m->state, &m->search_env); }

int fc_match_legal(fc_match *m, const fc_decision **out, const uint32_t **weights)
{
    refresh_legal(m);
    if (out)
        *out = m->legal;
    if (weights)
        *weights = m->weights;
    return m->nlegal;
}

/* The index of the source of the chance point now (a sourced match), or -1 when the game names
 * none in range. A game without chance_source has one source for everything. */
static int chance_source_now(const fc_match *m)
{
    if (!fc_match_chance_source_fn(m))
        return 0;
    const char *const *names = NULL;
    int s = m->game->chance_source(m->state, &m->search_env, &names);
    return s >= 0 && s < m->nsrc ? s : -1;
}

static int push_history(fc_match *m, int seat, fc_decision d, uint32_t audience)
{
    if (m->nhist == m->caphist) {
        size_t cap = m->caphist ? m->caphist * 2 : 256;
        fc_history_entry *h = realloc(m->hist, cap * sizeof *h);
        if (!h)
            return FC_ENOMEM;
        m->hist = h;
        m->caphist = cap;
    }
    m->hist[m->nhist].seat = seat;
    m->hist[m->nhist].decision = d;
    m->hist[m->nhist].audience = audience;
    m->hist[m->nhist].public_at = audience == FC_ALL_SEATS ? m->nhist + 1 : FC_PLY_HIDDEN;
    m->nhist++;
    return FC_OK;
}

typedef int (*revealed_fn)(const void *st, const fc_env *env, int seat, uint32_t audience, fc_decision d);

/* After a decision: asks the game (API minor 13) which hidden decisions, the new one included,
 * are public now. Best effort like the log: without memory a decision stays hidden. */
static void note_reveals(fc_match *m)
{
    revealed_fn fn = m->plugin->api_minor >= 13 && m->game->struct_size >= FC_GAME_SIZE_MINOR_13
                         ? m->game->decision_revealed
                         : NULL;
    if (!fn)
        return;
    if (m->hist[m->nhist - 1].public_at == FC_PLY_HIDDEN) {
        if (m->npend == m->cappend) {
            size_t cap = m->cappend ? m->cappend * 2 : 16;
            size_t *p = realloc(m->pend, cap * sizeof *p);
            if (p) {
                m->pend = p;
                m->cappend = cap;
            }
        }
        if (m->npend < m->cappend)
            m->pend[m->npend++] = m->nhist - 1;
    }
    size_t kept = 0;
    for (size_t i = 0; i < m->npend; i++) {
        fc_history_entry *h = &m->hist[m->pend[i]];
        int r = fn(m->state, &m->search_env, h->seat, h->audience, h->decision);
        if (r > 0)
            h->public_at = m->nhist;
        else if (r == 0)
            m->pend[kept++] = m->pend[i];
    }
    m->npend = kept;
}

/* Applies d (already known to be legal) with events on; restores everything on failure. */
static int apply_checked(fc_match *m, int seat, fc_decision d, fc_error *err)
{
    size_t sz = m->game->state_size;
    size_t nev = m->events.n;
    uint32_t audience = fc_match_decision_audience(m, d);
    int src = seat == FC_CHANCE && m->nsrc ? chance_source_now(m) : -1;
    memcpy(m->backup, m->state, sz);
    m->events.ply = m->nhist;
    int rc = m->game->apply(m->state, &m->env, d);
    if (rc == 0)
        rc = take_script_error(m, err);
    else
        rc = refused(m, d, err);
    if (rc == 0)
        rc = push_history(m, seat, d, audience);
    if (rc != 0) {
        memcpy(m->state, m->backup, sz);
        fc_events_truncate(&m->events, nev);
        if (rc == FC_ENOMEM)
            fc_error_set(err, rc, "out of memory");
        return rc;
    }
    if (src >= 0)
        m->src_draws[src]++;
    note_reveals(m);
    m->legal_valid = 0;
    return FC_OK;
}

int fc_match_play(fc_match *m, fc_decision d, fc_error *err)
{
    int seat = fc_match_to_move(m);
    if (seat == FC_NOBODY)
        return fc_error_set(err, FC_ESTATE, "the game is over");
    refresh_legal(m);
    int found = 0;
    for (int i = 0; i < m->nlegal && !found; i++)
        found = m->legal[i] == d;
    if (!found) {
        char buf[128];
        if (m->game->decision_text(m->state, &m->search_env, d, buf, sizeof buf) < 0)
            snprintf(buf, sizeof buf, "#%u", (unsigned)d);
        return fc_error_set(err, FC_EILLEGAL, "illegal decision '%s' now", buf);
    }
    return apply_checked(m, seat, d, err);
}

static int count_words(const char *s)
{
    int n = 0;
    for (bool in = false; *s; s++) {
        n += *s != ' ' && !in;
        in = *s != ' ';
    }
    return n;
}

/* Whether a text the game could not read has the first word and the number of words of a
 * decision legal now ("bid 11" when "bid 0" … "bid 10" are legal): then it is well-formed but
 * not legal now. Games that parse by matching the legal decisions say so themselves for their
 * other forms by returning FC_EILLEGAL from decision_parse (API minor 3, fc_notation_match).
 * Only on errors: not a hot path. */
static bool verb_legal_now(fc_match *m, const char *text)
{
    while (*text == ' ')
        text++;
    size_t n = strcspn(text, " ");
    if (n == 0 || fc_match_to_move(m) == FC_NOBODY)
        return false;
    int words = count_words(text);
    refresh_legal(m);
    char buf[256];
    for (int i = 0; i < m->nlegal; i++) {
        if (m->game->decision_text(m->state, &m->search_env, m->legal[i], buf, sizeof buf) < 0)
            continue;
        size_t k = strcspn(buf, " ");
        if (k == n && k < strlen(buf) && strncmp(buf, text, n) == 0 && count_words(buf) == words)
            return true;
    }
    return false;
}

int fc_match_play_text(fc_match *m, const char *text, fc_error *err)
{
    fc_decision d;
    if (fc_match_to_move(m) == FC_NOBODY)
        return fc_error_set(err, FC_ESTATE, "the game is over");
    int rc = m->game->decision_parse(m->state, &m->search_env, text, &d);
    if (rc == FC_EILLEGAL || (rc != 0 && verb_legal_now(m, text)))
        return fc_error_set(err, FC_EILLEGAL, "illegal decision '%s' now (see 'legal')", text);
    if (rc != 0)
        return fc_error_set(err, FC_EPARSE, "cannot read decision '%s' (see 'legal' for the notation)", text);
    return fc_match_play(m, d, err);
}

int fc_match_play_chance(fc_match *m, fc_error *err)
{
    if (fc_match_to_move(m) != FC_CHANCE)
        return fc_error_set(err, FC_ESTATE, "not a chance point");
    refresh_legal(m);
    if (m->nlegal <= 0)
        return fc_error_set(err, FC_ESTATE, "%s: chance point without outcomes", m->plugin->id);
    fc_rng rng;
    if (m->nsrc) { /* the k-th draw of source s: (seed of s, k), whatever the other sources did */
        int s = chance_source_now(m);
        if (s < 0)
            return fc_error_set(err, FC_EPLUGIN, "%s: chance_source named no source of %d for this chance point",
                                m->plugin->id, m->nsrc);
        fc_rng_seed(&rng, m->src_seed[s], CHANCE_STREAM + m->src_draws[s]);
    } else {
        fc_rng_seed(&rng, m->seed, CHANCE_STREAM + m->nhist);
    }
    int i = fc_rng_weighted(&rng, m->weights, m->nlegal);
    if (i < 0)
        i = (int)fc_rng_below(&rng, (uint32_t)m->nlegal); /* game gave no weights: uniform */
    return apply_checked(m, FC_CHANCE, m->legal[i], err);
}

/* Re-plays the first n decisions of the current history from the initial state. */
static int replay_prefix(fc_match *m, size_t n, fc_error *err)
{
    fc_history_entry *h = m->hist;
    m->hist = NULL;
    m->nhist = m->caphist = 0;
    int rc = reset_to_initial(m, err);
    for (size_t i = 0; rc == 0 && i < n; i++)
        rc = apply_checked(m, h[i].seat, h[i].decision, err);
    free(h);
    return rc;
}

int fc_match_undo(fc_match *m, fc_error *err)
{
    if (m->nhist == 0)
        return fc_error_set(err, FC_ESTATE, "nothing to undo");
    return replay_prefix(m, m->nhist - 1, err);
}

fc_match *fc_match_clone(const fc_match *src, fc_error *err)
{
    fc_match *m = alloc_match(src->rules, src->seed, err);
    if (!m)
        return NULL;
    m->nsrc = src->nsrc;
    m->src_setup = src->src_setup;
    memcpy(m->src_seed, src->src_seed, sizeof m->src_seed);
    if (!(m = start_match(m, src->position, err)))
        return NULL;
    for (size_t i = 0; i < src->nhist; i++)
        if (apply_checked(m, src->hist[i].seat, src->hist[i].decision, err) != 0) {
            fc_match_free(m);
            return NULL;
        }
    return m;
}

size_t fc_match_ply(const fc_match *m) { return m->nhist; }

const fc_history_entry *fc_match_history(const fc_match *m, size_t i) { return i < m->nhist ? &m->hist[i] : NULL; }

uint32_t fc_match_history_audience(const fc_match *m, size_t i)
{
    return i < m->nhist ? fc_audience_at(m->hist[i].audience, m->hist[i].public_at, m->nhist) : FC_ALL_SEATS;
}

int fc_match_decision_text(const fc_match *m, fc_decision d, char *buf, size_t n)
{
    return m->game->decision_text(m->state, &m->search_env, d, buf, n);
}

uint32_t fc_match_decision_audience(const fc_match *m, fc_decision d)
{
    return m->game->decision_audience ? m->game->decision_audience(m->state, &m->search_env, d) : FC_ALL_SEATS;
}

void fc_match_decision_describe(const fc_match *m, fc_decision d, fc_decision_info *out)
{
    memset(out, 0, sizeof *out);
    if (m->game->decision_describe)
        m->game->decision_describe(m->state, &m->search_env, d, out);
    if (!out->label[0])
        m->game->decision_text(m->state, &m->search_env, d, out->label, sizeof out->label);
}

void fc_match_scores(const fc_match *m, int32_t *score, int *rank)
{
    m->game->scores(m->state, &m->search_env, score, rank);
}

int fc_match_round(const fc_match *m) { return m->game->round ? m->game->round(m->state, &m->search_env) : 0; }

void fc_match_view(const fc_match *m, int seat, fc_view *out)
{
    fc_view_reset(out, seat, m->env.nseats);
    m->game->view(m->state, &m->search_env, seat, out);
    fc_view_name_seats(out);
}

void fc_match_set_log(fc_match *m, int on) { m->env.events = on ? &m->events : NULL; }

void fc_match_set_hook_budget(fc_match *m, long units) { fc_hooks_set_total_budget(m->hooks, units); }

size_t fc_match_event_count(const fc_match *m) { return m->events.n; }

const fc_match_event *fc_match_event_get(const fc_match *m, size_t i) { return i < m->events.n ? &m->events.v[i] : NULL; }

const fc_game *fc_match_game(const fc_match *m) { return m->game; }
const void *fc_match_state(const fc_match *m) { return m->state; }
const fc_env *fc_match_search_env(const fc_match *m) { return &m->search_env; }
uint64_t fc_match_state_hash(const fc_match *m) { return fc_hash64(m->state, m->game->state_size, 0); }
const char *fc_match_script_error(const fc_match *m) { return m->script_error; }

/* ---- search callbacks (API minor 6): only in vtables of plugins built against minor >= 6 ---- */

static bool has_minor6(const fc_match *m)
{
    return m->plugin->api_minor >= 6 && m->game->struct_size >= FC_GAME_SIZE_MINOR_6;
}

fc_state_hash_fn fc_match_hash_fn(const fc_match *m) { return has_minor6(m) ? m->game->hash : NULL; }
fc_apply_legal_fn fc_match_apply_legal_fn(const fc_match *m) { return has_minor6(m) ? m->game->apply_legal : NULL; }

fc_noisy_fn fc_match_noisy_fn(const fc_match *m)
{
    return m->plugin->api_minor >= 12 && m->game->struct_size >= FC_GAME_SIZE_MINOR_12 ? m->game->noisy : NULL;
}

/* ---- evaluation weights (API minor 7) ---- */

static bool has_minor7(const fc_match *m)
{
    return m->plugin->api_minor >= 7 && m->game->struct_size >= FC_GAME_SIZE_MINOR_7;
}

int fc_match_eval_weights(const fc_match *m, const fc_eval_weight **out)
{
    *out = NULL;
    if (!has_minor7(m) || !m->game->eval_weights || !m->game->evaluate_weighted)
        return 0;
    int n = m->game->eval_weights(&m->search_env, out);
    return n > 0 && n <= FC_EVAL_WEIGHTS_MAX && *out ? n : 0;
}

fc_evaluate_weighted_fn fc_match_evaluate_weighted_fn(const fc_match *m)
{
    return has_minor7(m) && m->game->eval_weights ? m->game->evaluate_weighted : NULL;
}

/* ---- counting the legal decisions (API minor 9) ---- */

fc_legal_count_fn fc_match_legal_count_fn(const fc_match *m)
{
    return m->plugin->api_minor >= 9 && m->game->struct_size >= FC_GAME_SIZE_MINOR_9 ? m->game->legal_count : NULL;
}

/* ---- kinds of decision (API minor 10) ---- */

int fc_plugin_kinds(const fc_plugin *p, const char *const **names)
{
    const fc_game *g = p ? p->game : NULL;
    *names = NULL;
    if (!g || p->api_minor < 10 || g->struct_size < FC_GAME_SIZE_MINOR_10 || !g->kinds || !g->decision_kind)
        return 0;
    *names = g->kinds;
    return g->nkinds;
}

int fc_match_kinds(const fc_match *m, const char *const **names) { return fc_plugin_kinds(m->plugin, names); }

int fc_match_decision_kind(const fc_match *m, fc_decision d)
{
    const char *const *names;
    int n = fc_plugin_kinds(m->plugin, &names);
    int k = n > 0 ? m->game->decision_kind(m->state, &m->search_env, d) : -1;
    return k >= 0 && k < n ? k : -1;
}

int fc_match_legal_restrict(fc_match *m, uint64_t excluded, fc_decision *saved, int *kept)
{
    refresh_legal(m);
    int n = m->nlegal, who = m->game->to_move(m->state, &m->search_env);
    *kept = n;
    const char *const *names;
    int nk = fc_plugin_kinds(m->plugin, &names);
    if (n <= 0 || who < 0 || nk <= 0 || !excluded) {
        *kept = n < 0 ? 0 : n;
        return who < 0 ? 0 : n;
    }
    memcpy(saved, m->legal, (size_t)n * sizeof *saved);
    int k = 0;
    for (int i = 0; i < n; i++) {
        int kind = m->game->decision_kind(m->state, &m->search_env, saved[i]);
        if (kind < 0 || kind >= nk || !((excluded >> kind) & 1u))
            m->legal[k++] = saved[i];
    }
    if (k == 0) /* only excluded kinds are legal: the restriction cannot hold, play them */
        memcpy(m->legal, saved, (size_t)n * sizeof *saved);
    m->nlegal = *kept = k ? k : n;
    return n;
}

void fc_match_legal_unrestrict(fc_match *m, const fc_decision *saved, int n)
{
    if (n <= 0 || !m->legal_valid || m->nlegal == n)
        return;
    memcpy(m->legal, saved, (size_t)n * sizeof *saved);
    m->nlegal = n;
}

/* ---- positions as text (API minor 2) ---- */

/* The optional position callbacks exist only in vtables of plugins built against minor >= 2;
 * an older plugin's vtable may end before them. */
static bool has_positions(const fc_plugin *p)
{
    const fc_game *g = p->game;
    return p->api_minor >= 2 && g->struct_size >= offsetof(fc_game, position_read) + sizeof g->position_read &&
           g->position_write && g->position_read;
}

bool fc_match_has_positions(const fc_match *m) { return has_positions(m->plugin); }

/* ---- the current step for the rules key (API minor 3) ---- */

const char *fc_match_phase_topic(const fc_match *m)
{
    const fc_game *g = m->game;
    if (m->plugin->api_minor < 3 || g->struct_size < offsetof(fc_game, phase_topic) + sizeof g->phase_topic ||
        !g->phase_topic)
        return NULL;
    return g->phase_topic(m->state, &m->search_env);
}

fc_match *fc_match_new_from_position(const fc_rules *rules, uint64_t seed, const char *text, fc_error *err)
{
    if (!rules || !fc_rules_plugin(rules) || !has_positions(fc_rules_plugin(rules))) {
        fc_error_set(err, FC_EINVAL, "%s: this game does not read positions",
                     rules && fc_rules_plugin(rules) ? fc_rules_plugin(rules)->id : "?");
        return NULL;
    }
    fc_match *m = alloc_match(rules, seed, err);
    if (!m)
        return NULL;
    return start_match(m, text ? text : "", err);
}

const char *fc_match_position(const fc_match *m) { return m->position; }

fc_match *fc_match_new_at_start(const fc_match *m, fc_error *err)
{
    if (m->nsrc && !m->position)
        return fc_match_new_sourced(m->rules, m->seed, m->src_seed, m->nsrc, err);
    return m->position ? fc_match_new_from_position(m->rules, m->seed, m->position, err)
                       : fc_match_new(m->rules, m->seed, err);
}

int fc_position_error_line(const char *msg, char *out, size_t n)
{
    /* only before any quoted text, which may echo the position's own words */
    const char *quote = strpbrk(msg, "'\"");
    for (const char *p = strstr(msg, "line "); p && (!quote || p < quote); p = strstr(p + 1, "line ")) {
        if (p != msg && p[-1] != ' ')
            continue;
        const char *d = p + 5;
        long line = 0;
        int digits = 0;
        while (*d >= '0' && *d <= '9' && digits < 9)
            line = line * 10 + (*d++ - '0'), digits++;
        if (!digits || *d != ':')
            continue;
        d += *d && d[1] == ' ' ? 2 : 1;
        snprintf(out, n, "%.*s%s", (int)(p - msg), msg, d);
        return (int)line;
    }
    snprintf(out, n, "%s", msg);
    return 0;
}

int fc_match_position_write(const fc_match *m, char *buf, size_t n, fc_error *err)
{
    if (!has_positions(m->plugin))
        return fc_error_set(err, FC_EINVAL, "%s: this game does not write positions", m->plugin->id);
    int len = m->game->position_write(m->state, &m->search_env, buf, n);
    if (len < 0 || (size_t)len >= n)
        return fc_error_set(err, len < 0 ? len : FC_ERANGE, "%s: the position does not fit in %zu bytes", m->plugin->id, n);
    return len;
}

/* ---- sources of chance (API minor 11) ---- */

fc_chance_source_fn fc_match_chance_source_fn(const fc_match *m)
{
    return m->plugin->api_minor >= 11 && m->game->struct_size >= FC_GAME_SIZE_MINOR_11 ? m->game->chance_source
                                                                                         : NULL;
}

static bool source_name_ok(const char *s)
{
    if (!s || !*s || strlen(s) > 31)
        return false;
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '_'))
            return false;
    return true;
}

int fc_rules_chance_sources(const fc_rules *rules, const char **names, int *setup, fc_error *err)
{
    const fc_plugin *p = fc_rules_plugin(rules);
    const fc_game *g = p->game;
    *setup = 0;
    if (p->api_minor < 11 || g->struct_size < FC_GAME_SIZE_MINOR_11 || !g->chance_source) {
        names[0] = "chance";
        return 1;
    }
    fc_env env = {0};
    env.host = fc_context_host(fc_rules_context(rules));
    env.data = fc_rules_data(rules);
    env.params = fc_rules_values(rules);
    env.nseats = fc_rules_nseats(rules);
    const char *const *list = NULL;
    int s = g->chance_source(NULL, &env, &list);
    int n = 0;
    while (list && n <= FC_CHANCE_SOURCES_MAX && list[n]) {
        if (n < FC_CHANCE_SOURCES_MAX && !source_name_ok(list[n]))
            return fc_error_set(err, FC_EPLUGIN, "%s: chance source %d is not a word of [a-z0-9_]", p->id, n + 1);
        n++;
    }
    if (n > FC_CHANCE_SOURCES_MAX)
        return fc_error_set(err, FC_EPLUGIN, "%s: more than %d chance sources", p->id, FC_CHANCE_SOURCES_MAX);
    if (n == 0)
        return 0; /* the game has no chance */
    if (s < 0 || s >= n)
        return fc_error_set(err, FC_EPLUGIN, "%s: the setup's chance source %d is not one of its %d", p->id, s, n);
    for (int i = 0; i < n; i++) {
        names[i] = list[i];
        for (int j = 0; j < i; j++)
            if (strcmp(list[i], list[j]) == 0)
                return fc_error_set(err, FC_EPLUGIN, "%s: chance source '%s' named twice", p->id, list[i]);
    }
    *setup = s;
    return n;
}

fc_match *fc_match_new_sourced(const fc_rules *rules, uint64_t seed, const uint64_t *source_seed, int nsources,
                               fc_error *err)
{
    const char *names[FC_CHANCE_SOURCES_MAX];
    int setup = 0;
    if (!rules || !fc_rules_plugin(rules)) {
        fc_error_set(err, FC_ESTATE, "rules are not finished (call fc_rules_finish)");
        return NULL;
    }
    int n = fc_rules_chance_sources(rules, names, &setup, err);
    if (n < 0)
        return NULL;
    if (n != nsources || !source_seed) {
        fc_error_set(err, FC_EINVAL, "%s: %d chance seeds given, the game has %d sources", fc_rules_plugin(rules)->id,
                     nsources, n);
        return NULL;
    }
    if (n == 0) /* nothing to draw: a plain match */
        return fc_match_new(rules, seed, err);
    fc_match *m = alloc_match(rules, seed, err);
    if (!m)
        return NULL;
    m->nsrc = n;
    m->src_setup = setup;
    memcpy(m->src_seed, source_seed, (size_t)n * sizeof *source_seed);
    return start_match(m, NULL, err);
}

int fc_match_source_seeds(const fc_match *m, const uint64_t **seeds)
{
    if (seeds)
        *seeds = m->nsrc ? m->src_seed : NULL;
    return m->nsrc;
}
