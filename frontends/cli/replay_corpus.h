/* Private to `formicary replay` in corpus mode (docs/corpus.md): replaying many records under
 * other rules (the study itself: formicary/corpus.h). replay_corpus.c reads the options and runs
 * it; replay_corpus_out.c writes the table, CSV, JSON and HTML; replay_corpus_runs.c records it
 * in the runs database. */
#ifndef FC_CLI_REPLAY_CORPUS_H
#define FC_CLI_REPLAY_CORPUS_H

#include <stdbool.h>

#include "cli.h"
#include "formicary/corpus.h"

typedef struct corpus {
    const cli *c;
    const char *agent; /* --continue-with, or NULL */
    int threads;       /* --threads, kept by the runs database */
    char changes[512]; /* the new-rules options as text, for reports */
    fc_corpus r;       /* the records and the summary */
} corpus;

/* Whether the command line asks for corpus mode rather than showing one record. */
bool cli_replay_is_corpus(const cli *c);
/* `formicary replay` in corpus mode; returns the exit code. */
int cli_replay_corpus(cli *c);

/* replay_corpus_out.c; 0 or CLI_EXIT_FAIL after printing the error. */
void corpus_print(const corpus *cp, FILE *f, bool per_record);
int corpus_write_csv(const corpus *cp, const char *path);
int corpus_write_json(const corpus *cp, const char *path);
int corpus_write_html(const corpus *cp, const char *path);
/* replay_corpus_runs.c: the replay as a run of the runs database, with one games row per
 * record and design (complete: replayed and reported). */
void corpus_record(const corpus *cp, const cli *c, bool complete);

#endif
