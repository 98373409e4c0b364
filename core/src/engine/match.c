/* Matches: a rule set, a seed, an initial state and the decisions applied since: creating,
 * listing the legal decisions, playing (checked, with a variant's script errors restored),
 * chance draws, undo and clones, and the plain accessors. Undo re-plays from the initial state
 * (exact, no snapshots); chance draws use an RNG stream derived from (seed, ply) so a re-drawn
 * outcome after undo is the same one. The history and the reveals are in match_history.c,
 * other starts (positions, chance sources) in match_start.c, the optional callbacks of newer
 * plugins in match_callbacks.c; the struct they share is in match_impl.h. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match_impl.h"
#include "view_build.h"

/* RNG stream ids: setup uses 0; chance at ply p uses CHANCE_STREAM + p. */
#define SETUP_STREAM 0u
#define CHANCE_STREAM 0x100000000ull
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

fc_match *fc_match_alloc(const fc_rules *rules, uint64_t seed, fc_error *err)
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

fc_match *fc_match_start(fc_match *m, const char *position, fc_error *err)
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
    fc_match *m = fc_match_alloc(rules, seed, err);
    return m ? fc_match_start(m, NULL, err) : NULL;
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

void fc_match_refresh_legal(fc_match *m)
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
    fc_match_refresh_legal(m);
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
        rc = fc_match_history_push(m, seat, d, audience);
    if (rc != 0) {
        memcpy(m->state, m->backup, sz);
        fc_events_truncate(&m->events, nev);
        if (rc == FC_ENOMEM)
            fc_error_set(err, rc, "out of memory");
        return rc;
    }
    if (src >= 0)
        m->src_draws[src]++;
    fc_match_note_reveals(m);
    m->legal_valid = 0;
    return FC_OK;
}

int fc_match_play(fc_match *m, fc_decision d, fc_error *err)
{
    int seat = fc_match_to_move(m);
    if (seat == FC_NOBODY)
        return fc_error_set(err, FC_ESTATE, "the game is over");
    fc_match_refresh_legal(m);
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
    fc_match_refresh_legal(m);
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
    fc_match_refresh_legal(m);
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
    fc_match *m = fc_match_alloc(src->rules, src->seed, err);
    if (!m)
        return NULL;
    m->nsrc = src->nsrc;
    m->src_setup = src->src_setup;
    memcpy(m->src_seed, src->src_seed, sizeof m->src_seed);
    if (!(m = fc_match_start(m, src->position, err)))
        return NULL;
    for (size_t i = 0; i < src->nhist; i++)
        if (apply_checked(m, src->hist[i].seat, src->hist[i].decision, err) != 0) {
            fc_match_free(m);
            return NULL;
        }
    return m;
}

size_t fc_match_ply(const fc_match *m) { return m->nhist; }


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

const fc_game *fc_match_game(const fc_match *m) { return m->game; }
const void *fc_match_state(const fc_match *m) { return m->state; }
const fc_env *fc_match_search_env(const fc_match *m) { return &m->search_env; }
uint64_t fc_match_state_hash(const fc_match *m) { return fc_hash64(m->state, m->game->state_size, 0); }
const char *fc_match_script_error(const fc_match *m) { return m->script_error; }
