/* A match's record of what happened: the history of decisions with who may see each and from
 * which ply everyone may (the reveals the game reports, API minor 13), and the event log the
 * game's callbacks emit. Both are best effort only where memory runs out: a log line is lost,
 * a hidden decision stays hidden; the game state never depends on them. */
#include <stdlib.h>
#include <string.h>

#include "match_impl.h"

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

int fc_match_history_push(fc_match *m, int seat, fc_decision d, uint32_t audience)
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

/* After a decision: asks the game (API minor 13) about each decision still hidden, the new one
 * included, in order; public_at is the ply after the revealing decision. The core stops asking
 * about one the game says it never reveals (-1). */
void fc_match_note_reveals(fc_match *m)
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

const fc_history_entry *fc_match_history(const fc_match *m, size_t i) { return i < m->nhist ? &m->hist[i] : NULL; }

uint32_t fc_match_history_audience(const fc_match *m, size_t i)
{
    return i < m->nhist ? fc_audience_at(m->hist[i].audience, m->hist[i].public_at, m->nhist) : FC_ALL_SEATS;
}

uint32_t fc_match_move_audience(const fc_match *m, size_t i, int seat, fc_decision d, uint32_t audience)
{
    const fc_history_entry *h = fc_match_history(m, i);
    return h && h->seat == seat && h->decision == d ? fc_match_history_audience(m, i) : audience;
}

size_t fc_match_event_count(const fc_match *m) { return m->events.n; }

const fc_match_event *fc_match_event_get(const fc_match *m, size_t i) { return i < m->events.n ? &m->events.v[i] : NULL; }

int fc_match_replay_each(const fc_match *m, fc_match_replay_fn fn, void *ud, fc_error *err)
{
    fc_match *r = fc_match_new_at_start(m, err);
    if (!r)
        return err && err->code ? err->code : FC_ENOMEM;
    fc_match_set_log(r, 0);
    int rc = 0;
    for (size_t i = 0; rc == 0 && i < fc_match_ply(m); i++) {
        const fc_history_entry *h = fc_match_history(m, i);
        fn(ud, r, i, h);
        rc = fc_match_play(r, h->decision, err);
    }
    fc_match_free(r);
    return rc;
}
