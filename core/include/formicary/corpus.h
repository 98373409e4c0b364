/* Corpus replay: recorded games re-played under other rules (docs/corpus.md). Each record gets
 * a new rule set made of its own parameters and variant with the changes of the config layered
 * on top (a rule set file, a variant that replaces the record's, NAME=VALUE sets); its recorded
 * decisions are applied to the new rules in order until one is refused. Per record: the first
 * refused decision with why, or the result under the new rules; an agent may finish the games
 * that stopped short. The summary counts the outcomes, the kinds of refused decisions, the
 * score changes per seat and the most common rule differences and line-ups. */
#ifndef FORMICARY_CORPUS_H
#define FORMICARY_CORPUS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "formicary/context.h"
#include "formicary/error.h"
#include "formicary/game.h"
#include "formicary/rules.h"

#define FC_CORPUS_TEXT 128
#define FC_CORPUS_KINDS 5
#define FC_CORPUS_GROUPS 5   /* distinct rule differences and line-ups kept */
#define FC_CORPUS_SAID 512   /* a difference or a line-up as text */

typedef enum fc_corpus_status {
    FC_CORPUS_ERROR,    /* the record could not be loaded (or rebuilt under the new rules) */
    FC_CORPUS_LEGAL,    /* every recorded decision is legal under the new rules */
    FC_CORPUS_DIVERGED, /* a recorded decision is refused under the new rules */
} fc_corpus_status;

/* One record of the corpus and what happened to it. Seats are in the record's order. */
typedef struct fc_corpus_rec {
    const char *path; /* as given (the caller's string) */
    fc_corpus_status status;
    char error[FC_ERROR_MSG_MAX]; /* FC_CORPUS_ERROR: why */
    int nseats;
    uint64_t seed;
    size_t decisions;             /* recorded decisions, chance outcomes included */
    bool old_over;                /* the recorded game ended */
    int32_t old_score[FC_MAX_SEATS];
    int old_rank[FC_MAX_SEATS];
    /* FC_CORPUS_DIVERGED: the first refused decision, numbered from 1 like the record's decision
     * lines; its recorded seat (FC_CHANCE for a chance outcome), notation, kind and why */
    size_t at;
    int seat;
    char text[FC_CORPUS_TEXT], kind[24], reason[FC_ERROR_MSG_MAX];
    /* under the new rules: after the recorded decisions (up to the refused one), then the
     * continuing agent's decisions when it finished the game */
    bool new_over, continued, timeout;
    long continued_decisions;
    int32_t new_score[FC_MAX_SEATS];
    int new_rank[FC_MAX_SEATS];
    /* what was compared: the new rules described from the record's own (fc_rules_diff_text,
     * "B = A with board_side A -> B"), and the recorded agents ("1 greedy, 2 random") */
    char diff[FC_CORPUS_SAID], agents[FC_CORPUS_SAID];
    char agent[FC_MAX_SEATS][64]; /* each seat's recorded agent ("" unknown) */
} fc_corpus_rec;

/* The summary over the corpus. */
typedef struct fc_corpus_summary {
    int records, errors, legal, diverged, compared, winners_changed, continued, unfinished, timeouts;
    int maxseats;
    double at_min, at_median, at_max; /* decision numbers of the divergences */
    int nkinds;
    struct {
        char kind[24];
        int n;
    } kinds[FC_CORPUS_KINDS]; /* the most common kinds of refused decisions, most common first */
    /* per seat, over the records where both games ended: new score - recorded score */
    int score_n[FC_MAX_SEATS];
    double score_change[FC_MAX_SEATS], score_lo[FC_MAX_SEATS], score_hi[FC_MAX_SEATS];
    double score_mde[FC_MAX_SEATS]; /* the smallest mean change these records detect (95%, 80% power); NaN: none */
    /* the most common differences and line-ups over the readable records, most common first;
     * *_other: records in none of the groups kept */
    struct fc_corpus_group {
        char text[FC_CORPUS_SAID];
        int n;
    } diffs[FC_CORPUS_GROUPS], lineups[FC_CORPUS_GROUPS];
    int ndiffs, nlineups, diffs_other, lineups_other;
} fc_corpus_summary;

/* The file of a rule set (variant false) or variant (true) value that may name a shipped one
 * (a front end's search path, `formicary --rules NAME`); NULL with err set when it names none. */
typedef const char *(*fc_corpus_resolve_fn)(void *ud, const char *game, bool variant, const char *value, char *buf,
                                             size_t n, fc_error *err);

typedef struct fc_corpus_config {
    /* the rule changes, as data; all optional */
    const char *rules;   /* a rule set file (INI) whose name and parameters replace the records' */
    const char *variant; /* a variant file (Lua) that replaces each record's own, which is never run */
    /* NAME=VALUE; without a variant, a name the game does not declare must be a parameter of
     * each record's own variant */
    const char *const *sets;
    int nsets;
    fc_corpus_resolve_fn resolve; /* optional: rules and variant values through it; else paths */
    void *resolve_ud;
    const char *agent;  /* optional (fc_agent_new spec): finishes the games that stopped short */
    long max_decisions; /* of the agent per game; then the game counts as a timeout */
    int threads;        /* 1..1024; the results do not depend on it */
    /* optional: after each record, (done, total), calls never overlapping */
    void (*progress)(void *ud, int done, int total);
    void *progress_ud;
} fc_corpus_config;

typedef struct fc_corpus {
    char game[64]; /* that of the first record (in order) that loads; "" when none does */
    int nrec;
    fc_corpus_rec *rec;
    fc_corpus_summary sum;
    /* on failure: the record whose replay stopped the run (-1: none), and when one of the sets
     * named a parameter neither the game nor that record's variant declares, its index (else -1) */
    int failed_at, failed_set;
    /* the rules of the lowest-numbered record replayed (not an error), as recorded [0] and under
     * the new rules [1], owned here (first_rules[0] NULL: none); first: that record's index */
    fc_rules *first_rules[2];
    int first;
} fc_corpus;

/* Replays the records at paths[0..n) (a record that cannot be read is that record's error) and
 * summarizes them into out (fc_corpus_free it, also on failure). Fails, err saying why, only on
 * an error of the config: a rule set the changes cannot make for the corpus's game and a
 * record's seat count ("hive (2 seats): ..."), an unknown set, no memory. */
int fc_corpus_run(fc_context *ctx, const fc_corpus_config *c, const char *const *paths, int n, fc_corpus *out,
                  fc_error *err);
void fc_corpus_free(fc_corpus *out);

/* Whether both games have a result, and whether their winners (the seats ranked first) differ. */
bool fc_corpus_compared(const fc_corpus_rec *r);
bool fc_corpus_winners_changed(const fc_corpus_rec *r);

#endif
