/* Openings (docs/metrics.md, "Openings"): what an agent plays at the start of a rule set. Game
 * i starts from the match seed of sim game i (fc_sim_match_seed) with one agent of the spec per
 * seat (seeded as sim seeds them) and stops after `depth` seat decisions; chance outcomes are
 * drawn from the match as in play. The first k seat decisions (their notation) form the game's
 * line of length k; the study gives the entropy in bits of the lines of every length 1..depth
 * (the plug-in estimate over the games: at most log2 games, biased low when lines are many),
 * and the most common lines of full length with their counts.
 *
 * In a deterministic two-player game (no chance point met, nothing hidden: Hive) it also asks
 * an alpha-beta search (the `ab` agent, depth plies, no late move reductions, one thread) whether
 * the seat to move has a forced win within `forced_depth` plies of the start, and of the
 * position after each of the `forced_lines` most common lines. A won or lost score of ab is a
 * result proved by the search; a score from the evaluation proves nothing within the depth.
 * Everything is a pure function of the configuration: the thread count changes nothing. */
#ifndef FORMICARY_OPENINGS_H
#define FORMICARY_OPENINGS_H

#include <stdbool.h>
#include <stdint.h>

#include "formicary/error.h"
#include "formicary/rules.h"
#include "formicary/sim.h"

#define FC_OPENINGS_MAX_DEPTH 16
#define FC_OPENINGS_MAX_FORCED_DEPTH 12
#define FC_OPENINGS_TOP 10          /* lines kept in the result */
#define FC_OPENINGS_TEXT 64         /* one decision's notation */
#define FC_OPENINGS_LINE (FC_OPENINGS_MAX_DEPTH * FC_OPENINGS_TEXT)

typedef struct fc_openings_config {
    const fc_rules *rules;          /* finished; shared read-only by the threads */
    const char *agent;              /* the spec every seat plays */
    uint64_t seed;
    int threads;                    /* >= 1; the results do not depend on it */
    int games;                      /* >= 1 */
    int depth;                      /* seat decisions of a line, 1..FC_OPENINGS_MAX_DEPTH */
    const char *position;           /* optional: every game starts from this position text */
    int forced_depth;               /* 0: no search; else plies, 1..FC_OPENINGS_MAX_FORCED_DEPTH */
    int forced_lines;               /* most common lines also searched, 0..FC_OPENINGS_TOP */
    /* optional: after each game, (done, total) under a lock */
    void (*progress)(void *ud, int done, int total);
    void *progress_ud;
    /* optional: plays the games in place of the threads alone (a front end's distributed
     * runner, `formicary openings` under mpirun; sim.h), in batches of `threads` games; progress
     * is then not called. The forced-win search stays in the calling process. */
    fc_spread_fn spread;
    void *spread_ud;
} fc_openings_config;

typedef struct fc_openings_line {
    char text[FC_OPENINGS_LINE];    /* the decisions' notation joined by " | " (notations may hold '/') */
    int len;                        /* decisions in it (less than depth when games ended) */
    long count;
    double share, lo, hi;           /* of the games, with the 95% Wilson interval */
} fc_openings_line;

typedef enum fc_openings_verdict {
    FC_OPENINGS_NONE,               /* no forced result within the depth */
    FC_OPENINGS_WIN,                /* the seat to move wins by force */
    FC_OPENINGS_LOSS,               /* the seat to move loses by force */
    FC_OPENINGS_OVER                /* the game is over there already */
} fc_openings_verdict;

typedef struct fc_openings_forced {
    int line;                       /* -1: the start; else the index into lines */
    int to_move;                    /* the seat to move there (0-based) */
    fc_openings_verdict verdict;
    int plies;                      /* win or loss: plies to the end with best play */
    int winner;                     /* the seat that wins by force, -1 for none */
    int depth;                      /* plies searched */
    uint64_t nodes;
    double seconds;
} fc_openings_forced;

typedef struct fc_openings_result {
    long games;
    int depth;
    long ended;                     /* games that ended before depth decisions */
    double entropy[FC_OPENINGS_MAX_DEPTH];  /* bits, of the lines of length 1..depth */
    long distinct[FC_OPENINGS_MAX_DEPTH];   /* distinct lines of each length */
    double max_entropy;             /* log2 games: what the sample can show at most */
    int nlines;                     /* kept, most common first (ties by text) */
    fc_openings_line lines[FC_OPENINGS_TOP];
    bool forced_searched;
    int nforced;
    fc_openings_forced forced[FC_OPENINGS_TOP + 1];
    bool flagged;                   /* a forced win or loss was found somewhere */
    double seconds;
} fc_openings_result;

/* The entropy in bits of counts c[0..n-1] (plug-in: -sum p log2 p). */
double fc_openings_entropy(const long *c, int n);
/* "none", "win", "loss", "over". */
const char *fc_openings_verdict_name(fc_openings_verdict v);

/* Checks the configuration and the agent spec; with forced_depth, whether the game suits
 * alpha-beta (two seats, nothing hidden). One line naming the problem. */
int fc_openings_check(const fc_openings_config *c, fc_error *err);
int fc_openings_run(const fc_openings_config *c, fc_openings_result *out, fc_error *err);

#endif
