/* The optional callbacks of newer plugins, each offered only when the plugin was built against
 * the API minor that added it and its vtable is long enough to hold it (an older plugin's
 * vtable may end before it): search callbacks (6), quiescence (12), evaluation weights (7),
 * counting the legal decisions (9), kinds of decision and the legal list restricted by kind
 * (10), the current step for the rules key (3). */
#include <stddef.h>
#include <string.h>

#include "match_impl.h"

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
    fc_match_refresh_legal(m);
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

/* ---- the current step for the rules key (API minor 3) ---- */

const char *fc_match_phase_topic(const fc_match *m)
{
    const fc_game *g = m->game;
    if (m->plugin->api_minor < 3 || g->struct_size < offsetof(fc_game, phase_topic) + sizeof g->phase_topic ||
        !g->phase_topic)
        return NULL;
    return g->phase_topic(m->state, &m->search_env);
}
