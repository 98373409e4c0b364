/* Private to `formicary replay` in corpus mode (docs/corpus.md): replaying many records under
 * other rules. replay_corpus.c loads and replays; replay_corpus_out.c writes the table, CSV,
 * JSON and HTML. */
#ifndef FC_CLI_REPLAY_CORPUS_H
#define FC_CLI_REPLAY_CORPUS_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cli.h"

#define CORPUS_TEXT 128
#define CORPUS_KINDS 5
#define CORPUS_GROUPS 5   /* distinct rule differences and line-ups shown */
#define CORPUS_SAID 512   /* a difference or a line-up as text */

typedef enum corpus_status {
    CORPUS_ERROR,    /* the record could not be loaded (or rebuilt under the new rules) */
    CORPUS_LEGAL,    /* every recorded decision is legal under the new rules */
    CORPUS_DIVERGED, /* a recorded decision is refused under the new rules */
} corpus_status;

/* One record of the corpus and what happened to it. Seats are in the record's order. */
typedef struct corpus_rec {
    const char *path;
    corpus_status status;
    char error[FC_ERROR_MSG_MAX]; /* CORPUS_ERROR: why */
    int nseats;
    uint64_t seed;
    size_t decisions;             /* recorded decisions, chance outcomes included */
    bool old_over;                /* the recorded game ended */
    int32_t old_score[FC_MAX_SEATS];
    int old_rank[FC_MAX_SEATS];
    /* CORPUS_DIVERGED: the first refused decision, numbered from 1 like the record's decision
     * lines; its recorded seat (FC_CHANCE for a chance outcome), notation, kind and why */
    size_t at;
    int seat;
    char text[CORPUS_TEXT], kind[24], reason[FC_ERROR_MSG_MAX];
    /* under the new rules: after the recorded decisions (up to the refused one), then the
     * --continue-with agent's decisions when it finished the game */
    bool new_over, continued, timeout;
    long continued_decisions;
    int32_t new_score[FC_MAX_SEATS];
    int new_rank[FC_MAX_SEATS];
    /* what was compared: the new rules described from the record's own (fc_rules_diff_text,
     * "B = A with board_side A -> B"), and the recorded agents ("1 greedy, 2 random") */
    char diff[CORPUS_SAID], agents[CORPUS_SAID];
    char agent[FC_MAX_SEATS][64]; /* each seat's recorded agent ("" unknown) */
} corpus_rec;

/* Whether both games have a result and their winners (the seats ranked first) differ. */
bool corpus_compared(const corpus_rec *r);
bool corpus_winners_changed(const corpus_rec *r);

/* The summary over the corpus. */
typedef struct corpus_summary {
    int records, errors, legal, diverged, compared, winners_changed, continued, unfinished, timeouts;
    int maxseats;
    double at_min, at_median, at_max; /* decision numbers of the divergences */
    int nkinds;
    struct {
        char kind[24];
        int n;
    } kinds[CORPUS_KINDS]; /* the most common kinds of refused decisions, most common first */
    /* per seat, over the records where both games ended: new score - recorded score */
    int score_n[FC_MAX_SEATS];
    double score_change[FC_MAX_SEATS], score_lo[FC_MAX_SEATS], score_hi[FC_MAX_SEATS];
    double score_mde[FC_MAX_SEATS]; /* the smallest mean change these records detect (95%, 80% power); NaN: none */
    /* the most common differences and line-ups over the readable records, most common first;
     * *_other: records in none of the groups shown */
    struct corpus_group {
        char text[CORPUS_SAID];
        int n;
    } diffs[CORPUS_GROUPS], lineups[CORPUS_GROUPS];
    int ndiffs, nlineups, diffs_other, lineups_other;
} corpus_summary;

typedef struct corpus {
    const cli *c;
    char game[64];
    const char *agent; /* --continue-with, or NULL */
    int threads;
    char changes[512]; /* the new-rules options as text, for reports */
    int nrec;
    corpus_rec *rec;
    corpus_summary sum;
    /* the rules of the lowest-numbered record replayed, as recorded and under the new rules, for
     * the runs database's designs (rules[0] NULL: none); first: that record's index */
    fc_rules *first_rules[2];
    int first;
} corpus;

/* Whether the command line asks for corpus mode rather than showing one record. */
bool cli_replay_is_corpus(const cli *c);
/* `formicary replay` in corpus mode; returns the exit code. */
int cli_replay_corpus(cli *c);

/* replay_corpus_out.c: the summary's most common differences and line-ups (corpus_summary). */
void corpus_group_said(corpus *cp);
/* replay_corpus_out.c; 0 or CLI_EXIT_FAIL after printing the error. */
void corpus_print(const corpus *cp, FILE *f, bool per_record);
int corpus_write_csv(const corpus *cp, const char *path);
int corpus_write_json(const corpus *cp, const char *path);
int corpus_write_html(const corpus *cp, const char *path);
/* replay_corpus_runs.c: the replay as a run of the runs database, with one games row per
 * record and design (complete: replayed and reported). */
void corpus_record(const corpus *cp, const cli *c, bool complete);
/* Keeps the rules of the lowest-numbered record replayed so far (corpus.first_rules, under
 * lock: records are replayed by several threads), taking *orig and *nr when it keeps them. */
void corpus_keep_rules(corpus *cp, pthread_mutex_t *lock, const corpus_rec *rec, fc_rules **orig, fc_rules **nr);

#endif
