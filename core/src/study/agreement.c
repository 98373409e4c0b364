/* Agreement of an agent with recorded decisions (agreement.h). Records are replayed over
 * threads, one agent per record seeded from (seed, record index), each into its own slot, so the
 * counts do not depend on the thread count. */
#include "formicary/agreement.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "formicary/agent.h"
#include "formicary/rng.h"
#include "formicary/stats.h"
#include "pool.h"

#define AGREEMENT_STREAM 0x6167726565ull /* "agree" */

/* Seat decisions in the record (for the phases). */
static long agreement_seat_plies(const fc_match *rec)
{
    long n = 0;
    for (size_t i = 0; i < fc_match_ply(rec); i++)
        n += fc_match_history(rec, i)->seat >= 0;
    return n;
}

static int agreement_compare(fc_agent *a, fc_match *m, fc_decision d, fc_agreement_count *c, fc_error *err)
{
    fc_decision top[FC_AGREEMENT_TOPK];
    int k = fc_agent_rank(a, m, top, NULL, FC_AGREEMENT_TOPK, err);
    if (k < 0)
        return k;
    c->decisions++;
    c->top1 += top[0] == d;
    for (int i = 0; i < k; i++)
        if (top[i] == d)
            c->top3++;
    if (k < FC_AGREEMENT_TOPK && fc_match_legal(m, NULL, NULL) > k)
        c->ranked_short++;
    return 0;
}

/* Replays one record from its start into out. */
static int agreement_record(const fc_agreement_config *c, int index, fc_agreement *out, fc_error *err)
{
    const fc_match *rec = c->matches[index];
    fc_rng r;
    fc_rng_seed(&r, c->seed ^ AGREEMENT_STREAM, (uint64_t)index);
    fc_agent *a = fc_agent_new(c->agent, fc_rng_next(&r), err);
    fc_match *m = a ? fc_match_new_at_start(rec, err) : NULL;
    int rc = m ? 0 : (err && err->code ? err->code : FC_EINVAL);
    if (m)
        fc_match_set_log(m, 0);
    long total = agreement_seat_plies(rec), seen = 0;
    for (size_t i = 0; rc == 0 && i < fc_match_ply(rec); i++) {
        const fc_history_entry *h = fc_match_history(rec, i);
        if (h->seat == FC_CHANCE) {
            out->chance++;
        } else if (h->seat >= 0 && h->seat < FC_MAX_SEATS && fc_match_legal(m, NULL, NULL) <= 1) {
            out->forced++;
            seen++;
        } else if (h->seat >= 0 && h->seat < FC_MAX_SEATS) {
            int phase = (int)(seen * FC_AGREEMENT_PHASES / (total ? total : 1));
            rc = agreement_compare(a, m, h->decision, &out->count[h->seat][phase], err);
            seen++;
        }
        if (rc == 0)
            rc = fc_match_play(m, h->decision, err);
    }
    fc_match_free(m);
    fc_agent_free(a);
    return rc;
}

typedef struct agreement_run {
    const fc_agreement_config *c;
    fc_agreement *slot; /* of the records from `first` on */
    int first;
    bool progress;
} agreement_run;

static int agreement_item(void *ud, int i, fc_error *err)
{
    agreement_run *r = ud;
    return agreement_record(r->c, r->first + i, &r->slot[i], err);
}

static void agreement_finished(void *ud, int i, int rc, int done, int total)
{
    (void)i;
    (void)rc;
    const agreement_run *r = ud;
    if (r->progress && r->c->progress)
        r->c->progress(r->c->progress_ud, done, total);
}

/* Records first..first+n-1 over the threads into out[0..n); the error names the record. */
static int agreement_batch(void *ud, int first, int n, void *out, fc_error *err)
{
    const agreement_run *all = ud;
    agreement_run r = {.c = all->c, .slot = out, .first = first, .progress = all->progress};
    fc_pool pool = {.count = n, .threads = all->c->threads, .item = agreement_item, .ud = &r,
                    .finished = agreement_finished, .finished_ud = &r};
    fc_error e;
    int failed_at;
    if (fc_pool_run(&pool, &failed_at, &e) != 0)
        return fc_error_set(err, e.code, "record %d: %s", first + failed_at + 1, e.msg);
    return 0;
}

static void agreement_add(fc_agreement *to, const fc_agreement *from)
{
    for (int s = 0; s < FC_MAX_SEATS; s++)
        for (int p = 0; p < FC_AGREEMENT_PHASES; p++) {
            fc_agreement_count *t = &to->count[s][p];
            const fc_agreement_count *f = &from->count[s][p];
            t->decisions += f->decisions;
            t->top1 += f->top1;
            t->top3 += f->top3;
            t->ranked_short += f->ranked_short;
        }
    to->chance += from->chance;
    to->forced += from->forced;
}

static int agreement_check(const fc_agreement_config *c, fc_error *err)
{
    if (!c || c->nmatches < 1 || !c->matches)
        return fc_error_set(err, FC_EINVAL, "agreement: no records");
    if (c->threads < 1 || c->threads > 1024)
        return fc_error_set(err, FC_ERANGE, "agreement: %d threads, expected 1..1024", c->threads);
    fc_agent *a = fc_agent_new(c->agent, 0, err);
    if (!a)
        return err && err->code ? err->code : FC_EINVAL;
    fc_agent_free(a);
    const char *id = fc_rules_plugin(fc_match_rules(c->matches[0]))->id;
    for (int i = 1; i < c->nmatches; i++) {
        const char *other = fc_rules_plugin(fc_match_rules(c->matches[i]))->id;
        if (strcmp(other, id) != 0)
            return fc_error_set(err, FC_EINVAL, "agreement: record %d is of %s, not %s", i + 1, other, id);
    }
    return 0;
}

int fc_agreement_run(const fc_agreement_config *c, fc_agreement *out, fc_error *err)
{
    memset(out, 0, sizeof *out);
    int rc = agreement_check(c, err);
    if (rc != 0)
        return rc;
    agreement_run r = {.c = c, .slot = calloc((size_t)c->nmatches, sizeof(fc_agreement)), .progress = !c->spread};
    if (!r.slot)
        return fc_error_set(err, FC_ENOMEM, "out of memory");
    rc = c->spread ? c->spread(c->spread_ud, c->nmatches, c->threads, sizeof(fc_agreement), r.slot, agreement_batch,
                               &r, err)
                   : agreement_batch(&r, 0, c->nmatches, r.slot, err);
    if (rc == 0) {
        out->nseats = fc_rules_nseats(fc_match_rules(c->matches[0]));
        out->records = c->nmatches;
        for (int i = 0; i < c->nmatches; i++)
            agreement_add(out, &r.slot[i]);
    }
    free(r.slot);
    return rc;
}

void fc_agreement_sum(const fc_agreement *a, int seat, int phase, fc_agreement_count *out)
{
    memset(out, 0, sizeof *out);
    for (int s = 0; s < FC_MAX_SEATS; s++)
        for (int p = 0; p < FC_AGREEMENT_PHASES; p++)
            if ((seat < 0 || s == seat) && (phase < 0 || p == phase)) {
                out->decisions += a->count[s][p].decisions;
                out->top1 += a->count[s][p].top1;
                out->top3 += a->count[s][p].top3;
                out->ranked_short += a->count[s][p].ranked_short;
            }
}

void fc_agreement_share(const fc_agreement_count *c, int k, double *share, double *lo, double *hi)
{
    double x = (double)(k == 1 ? c->top1 : c->top3), n = (double)c->decisions;
    *share = n > 0 ? x / n : 0;
    fc_stats_wilson(x, n, FC_Z95, lo, hi);
}
