/* fc_transcript: a match's decisions with their notation, for replay viewers (match.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formicary/match.h"

int fc_transcript_make(const fc_match *m, fc_transcript *t, fc_error *err)
{
    memset(t, 0, sizeof *t);
    size_t n = fc_match_ply(m), alloc = n ? n : 1;
    t->n = n;
    t->d = malloc(alloc * sizeof *t->d);
    t->seat = malloc(alloc * sizeof *t->seat);
    t->audience = malloc(alloc * sizeof *t->audience);
    t->public_at = malloc(alloc * sizeof *t->public_at);
    t->text = malloc(alloc * sizeof *t->text);
    if (!t->d || !t->seat || !t->audience || !t->public_at || !t->text) {
        fc_transcript_free(t);
        return fc_error_set(err, FC_ENOMEM, "out of memory");
    }
    for (size_t i = 0; i < n; i++) {
        const fc_history_entry *h = fc_match_history(m, i);
        if (!h) {
            fc_transcript_free(t);
            return fc_error_set(err, FC_ESTATE, "the record has no decision %zu", i + 1);
        }
        t->d[i] = h->decision;
        t->seat[i] = h->seat;
        t->audience[i] = h->audience;
        t->public_at[i] = h->public_at;
    }
    /* The notation of each decision needs the position before it: play the match again. */
    fc_match *fresh = fc_match_new_at_start(m, err);
    if (!fresh) {
        fc_transcript_free(t);
        return err->code ? err->code : FC_ESTATE;
    }
    int rc = 0;
    for (size_t i = 0; i < n && rc == 0; i++) {
        if (fc_match_decision_text(fresh, t->d[i], t->text[i], sizeof t->text[i]) < 0)
            snprintf(t->text[i], sizeof t->text[i], "#%u", (unsigned)t->d[i]);
        rc = fc_match_play(fresh, t->d[i], err);
    }
    fc_match_free(fresh);
    if (rc != 0)
        fc_transcript_free(t);
    return rc;
}

void fc_transcript_free(fc_transcript *t)
{
    free(t->d);
    free(t->seat);
    free(t->audience);
    free(t->public_at);
    free(t->text);
    memset(t, 0, sizeof *t);
}
