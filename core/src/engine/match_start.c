/* The other ways to start a match than fc_match_new (match.c): from a position as text (API
 * minor 2, docs/positions.md; with writing the current position and the line a position error
 * names), with a seed per source of chance (API minor 11, for formicary luck: the game's list of
 * sources, checked), and at another match's start, for replaying it. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match_impl.h"

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

fc_match *fc_match_new_from_position(const fc_rules *rules, uint64_t seed, const char *text, fc_error *err)
{
    if (!rules || !fc_rules_plugin(rules) || !has_positions(fc_rules_plugin(rules))) {
        fc_error_set(err, FC_EINVAL, "%s: this game does not read positions",
                     rules && fc_rules_plugin(rules) ? fc_rules_plugin(rules)->id : "?");
        return NULL;
    }
    fc_match *m = fc_match_alloc(rules, seed, err);
    if (!m)
        return NULL;
    return fc_match_start(m, text ? text : "", err);
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
    fc_match *m = fc_match_alloc(rules, seed, err);
    if (!m)
        return NULL;
    m->nsrc = n;
    m->src_setup = setup;
    memcpy(m->src_seed, source_seed, (size_t)n * sizeof *source_seed);
    return fc_match_start(m, NULL, err);
}

int fc_match_source_seeds(const fc_match *m, const uint64_t **seeds)
{
    if (seeds)
        *seeds = m->nsrc ? m->src_seed : NULL;
    return m->nsrc;
}
