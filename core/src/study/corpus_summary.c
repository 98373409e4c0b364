/* The summary of a corpus replay (formicary/corpus.h): outcomes, the kinds of refused
 * decisions, score changes per seat with their intervals, the most common rule differences and
 * line-ups. */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "corpus_sum.h"
#include "formicary/stats.h"


/* A text of a record and the record's index, sorted by text then index. */
typedef struct corpus_said_ref {
    const char *text;
    int i;
} corpus_said_ref;

static int said_cmp(const void *a, const void *b)
{
    const corpus_said_ref *x = a, *y = b;
    int c = strcmp(x->text, y->text);
    return c ? c : (x->i > y->i) - (x->i < y->i);
}

/* The most common texts at offset `field` of the readable records into g[FC_CORPUS_GROUPS], most
 * common first (the one seen first wins a tie: deterministic); returns how many, *other the
 * records left out. Sorted, so a corpus of many records costs n log n. */
static int corpus_groups(const fc_corpus *cp, size_t field, struct fc_corpus_group *g, int *other)
{
    int n = 0, ng = 0;
    corpus_said_ref *ref = malloc((size_t)(cp->nrec ? cp->nrec : 1) * sizeof *ref);
    for (int i = 0; ref && i < cp->nrec; i++)
        if (cp->rec[i].status != FC_CORPUS_ERROR)
            ref[n++] = (corpus_said_ref){(const char *)&cp->rec[i] + field, i};
    *other = n;
    if (!ref)
        return 0;
    qsort(ref, (size_t)n, sizeof *ref, said_cmp);
    /* one entry per distinct text, in place: text, first record (.i), count (.n) */
    struct run {
        const char *text;
        int first, n;
    } *run = malloc((size_t)(n ? n : 1) * sizeof *run);
    int runs = 0;
    for (int k = 0; run && k < n;) {
        int e = k;
        while (e < n && strcmp(ref[e].text, ref[k].text) == 0)
            e++;
        run[runs++] = (struct run){ref[k].text, ref[k].i, e - k};
        k = e;
    }
    for (; run && ng < FC_CORPUS_GROUPS; ng++) {
        int best = -1;
        for (int r = 0; r < runs; r++)
            if (run[r].n > 0 && (best < 0 || run[r].n > run[best].n ||
                                 (run[r].n == run[best].n && run[r].first < run[best].first)))
                best = r;
        if (best < 0)
            break;
        snprintf(g[ng].text, sizeof g[ng].text, "%s", run[best].text);
        g[ng].n = run[best].n;
        *other -= g[ng].n;
        run[best].n = 0;
    }
    free(run);
    free(ref);
    return ng;
}

static void corpus_group_said(fc_corpus *cp)
{
    fc_corpus_summary *sm = &cp->sum;
    sm->ndiffs = corpus_groups(cp, offsetof(fc_corpus_rec, diff), sm->diffs, &sm->diffs_other);
    sm->nlineups = corpus_groups(cp, offsetof(fc_corpus_rec, agents), sm->lineups, &sm->lineups_other);
}

bool fc_corpus_compared(const fc_corpus_rec *r) { return r->status != FC_CORPUS_ERROR && r->old_over && r->new_over; }

bool fc_corpus_winners_changed(const fc_corpus_rec *r)
{
    if (!fc_corpus_compared(r))
        return false;
    for (int s = 0; s < r->nseats; s++)
        if ((r->old_rank[s] == 0) != (r->new_rank[s] == 0))
            return true;
    return false;
}

static void corpus_kinds(fc_corpus *cp)
{
    fc_corpus_summary *sm = &cp->sum;
    struct {
        const char *kind;
        int n;
    } all[64];
    int nall = 0;
    for (int i = 0; i < cp->nrec; i++) {
        const fc_corpus_rec *r = &cp->rec[i];
        if (r->status != FC_CORPUS_DIVERGED)
            continue;
        int k = 0;
        while (k < nall && strcmp(all[k].kind, r->kind) != 0)
            k++;
        if (k == nall && nall == 64)
            continue; /* more kinds than anyone reads: the rare ones are dropped */
        if (k == nall) {
            all[k].kind = r->kind;
            all[k].n = 0;
            nall++;
        }
        all[k].n++;
    }
    for (sm->nkinds = 0; sm->nkinds < FC_CORPUS_KINDS; sm->nkinds++) {
        int best = -1;
        for (int k = 0; k < nall; k++) /* first seen wins ties: deterministic */
            if (all[k].n > 0 && (best < 0 || all[k].n > all[best].n))
                best = k;
        if (best < 0)
            break;
        snprintf(sm->kinds[sm->nkinds].kind, sizeof sm->kinds[0].kind, "%s", all[best].kind);
        sm->kinds[sm->nkinds].n = all[best].n;
        all[best].n = 0;
    }
}

void fc_corpus_summarize(fc_corpus *cp)
{
    fc_corpus_summary *sm = &cp->sum;
    memset(sm, 0, sizeof *sm);
    sm->records = cp->nrec;
    double *at = malloc((size_t)(cp->nrec ? cp->nrec : 1) * sizeof *at);
    double *dv = malloc((size_t)(cp->nrec ? cp->nrec : 1) * sizeof *dv);
    int nat = 0;
    for (int i = 0; i < cp->nrec; i++) {
        const fc_corpus_rec *r = &cp->rec[i];
        sm->maxseats = r->nseats > sm->maxseats ? r->nseats : sm->maxseats;
        sm->errors += r->status == FC_CORPUS_ERROR;
        sm->legal += r->status == FC_CORPUS_LEGAL;
        sm->diverged += r->status == FC_CORPUS_DIVERGED;
        if (r->status == FC_CORPUS_ERROR)
            continue;
        if (r->status == FC_CORPUS_DIVERGED && at)
            at[nat++] = (double)r->at;
        sm->compared += fc_corpus_compared(r);
        sm->winners_changed += fc_corpus_winners_changed(r);
        sm->continued += r->continued;
        sm->timeouts += r->timeout;
        sm->unfinished += !r->new_over;
    }
    fc_stats_summary s;
    fc_stats_describe(at ? at : (double[1]){0}, at ? (size_t)nat : 0, &s);
    sm->at_min = s.min;
    sm->at_median = s.median;
    sm->at_max = s.max;
    for (int seat = 0; seat < sm->maxseats && dv; seat++) {
        int k = 0;
        for (int i = 0; i < cp->nrec; i++) {
            const fc_corpus_rec *r = &cp->rec[i];
            if (fc_corpus_compared(r) && seat < r->nseats)
                dv[k++] = (double)r->new_score[seat] - (double)r->old_score[seat];
        }
        fc_stats_describe(dv, (size_t)k, &s);
        double half = k > 1 ? fc_stats_t975((size_t)k - 1) * s.sd / sqrt((double)k) : 0;
        sm->score_n[seat] = k;
        sm->score_change[seat] = s.mean;
        sm->score_lo[seat] = k > 1 ? s.mean - half : NAN;
        sm->score_hi[seat] = k > 1 ? s.mean + half : NAN;
        sm->score_mde[seat] = fc_stats_mde(s.sd, (size_t)k);
    }
    free(at);
    free(dv);
    corpus_kinds(cp);
    corpus_group_said(cp);
}
