/* Agreement: how often an agent chooses what was recorded. Every seat decision of a corpus of
 * recorded matches is replayed; at each one with more than one legal decision the agent ranks
 * the legal decisions (fc_agent_rank) and the recorded decision counts as a top-1 match when it
 * is ranked first and a top-3 match when it is among the first three. Chance points and forced
 * decisions (one legal option) are skipped and counted. Counts are kept per seat and per phase:
 * the thirds of the record's seat decisions. docs/metrics.md, "Agreement". */
#ifndef FORMICARY_AGREEMENT_H
#define FORMICARY_AGREEMENT_H

#include <stdint.h>

#include "formicary/match.h"
#include "formicary/seats.h"
#include "formicary/sim.h"

#define FC_AGREEMENT_PHASES 3
#define FC_AGREEMENT_TOPK 3

typedef struct fc_agreement_count {
    long decisions; /* compared decisions */
    long top1, top3;
    long ranked_short; /* decisions at which the agent ranked fewer than 3 of more legal options */
} fc_agreement_count;

typedef struct fc_agreement {
    int nseats, records;
    fc_agreement_count count[FC_MAX_SEATS][FC_AGREEMENT_PHASES];
    long chance, forced; /* skipped */
} fc_agreement;

typedef struct fc_agreement_config {
    const char *agent;  /* spec (fc_agent_new) */
    uint64_t seed;      /* record i's agent gets a seed derived from (seed, i) */
    int threads;        /* >= 1; the counts do not depend on it */
    int nmatches;
    const fc_match *const *matches; /* recorded matches of one game, as loaded (fc_record_load) */
    /* optional: called after each record with (done, total) under a lock */
    void (*progress)(void *ud, int done, int total);
    void *progress_ud;
    /* optional: runs the records' replays in place of the threads alone (a front end's
     * distributed runner, `formicary agreement` under mpirun; sim.h), in batches of `threads`
     * records; progress is then not called */
    fc_spread_fn spread;
    void *spread_ud;
} fc_agreement_config;

/* Replays every match of c and fills out. On failure err names the record (its index). */
int fc_agreement_run(const fc_agreement_config *c, fc_agreement *out, fc_error *err);
/* Sums over a seat (-1: every seat) and a phase (-1: every phase). */
void fc_agreement_sum(const fc_agreement *a, int seat, int phase, fc_agreement_count *out);
/* Share of top-1 (k = 1) or top-3 (k = 3) matches with its 95% Wilson interval. */
void fc_agreement_share(const fc_agreement_count *c, int k, double *share, double *lo, double *hi);

#endif
