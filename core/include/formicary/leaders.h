/* Runaway leaders and kingmakers (docs/metrics.md, "Runaway leaders and kingmakers"): how often
 * the seat the game's evaluation puts ahead at x% of a game goes on to win, how often a game is
 * won by a seat that was not ahead, and, with three players or more, how often a seat that can
 * no longer win chooses which other seat does.
 *
 * Records keep no evaluation, so the study plays its own games (fc_sim_run, seats rotated), or
 * takes recorded ones (`matches`: a sim's records, imported games), and replays each game from
 * its start, evaluating the true state after every seat decision (an omniscient judge: hidden
 * hands included). At x% of a game with D seat decisions
 * the state is the one after decision ceil(x D / 100); the leader is the seat with the highest
 * evaluation, none on a tie. A decision is a kingmaker decision when the seat to move is
 * evaluated below `threshold`, has two or more options, and its options, each judged, put
 * different other seats ahead by at least `margin`. The judge values an option by a max^n
 * lookahead of `judge_plies` seat decisions (1, the default: the evaluation right after the
 * option): after the option, each seat to move picks the decision best for itself by the same
 * lookahead, a chance point that follows a decision is the expectation over its outcomes, and
 * the states where the lookahead stops are evaluated (a finished game: its win shares). With
 * more than one ply the one-ply judgement of the same decisions is reported beside it.
 * Everything is a pure function of (config, game index): the thread count changes nothing. */
#ifndef FORMICARY_LEADERS_H
#define FORMICARY_LEADERS_H

#include <stdbool.h>
#include <stdint.h>

#include "formicary/error.h"
#include "formicary/game.h"
#include "formicary/rules.h"
#include "formicary/seats.h"
#include "formicary/sim.h"

#define FC_LEADERS_POINTS 9   /* the lead curve at 10%, 20%, ..., 90% of a game */
#define FC_LEADERS_BINS 10    /* where kingmaker decisions fall: tenths of a game */
#define FC_LEADERS_THRESHOLD_DEFAULT 0.05
#define FC_LEADERS_MARGIN_DEFAULT 0.02
#define FC_LEADERS_PLIES_MAX 4   /* the judge's deepest lookahead */

typedef struct fc_leaders_config {
    const fc_rules *rules;             /* finished; shared read-only by the threads */
    int nagents;                       /* == the rule set's seat count */
    const char *agents[FC_MAX_SEATS];  /* agent specs, rotated around the seats as sim does */
    uint64_t seed;
    int threads;                       /* >= 1; the results do not depend on it */
    int games;                         /* >= 1 */
    long max_decisions;                /* per game; 0: FC_SIM_DEFAULT_MAX_DECISIONS */
    int opening;                       /* random first decisions (fc_sim_config.opening) */
    bool kingmakers;                   /* look for kingmaker decisions (3 players or more) */
    double threshold;                  /* a seat evaluated below this can no longer win (0..1) */
    double margin;                     /* a judged winner leads the next other seat by this (0..1) */
    int judge_plies;                   /* the judge's lookahead: 0 or 1 one ply, up to FC_LEADERS_PLIES_MAX */
    /* optional: after each game, (done, total) under a lock */
    void (*progress)(void *ud, int done, int total);
    void *progress_ud;
    /* optional: plays and replays the games in place of the threads alone (a front end's
     * distributed runner, `formicary leaders` under mpirun; sim.h), in batches of `threads`
     * games, each game's fc_leaders_game the result; progress is then not called */
    fc_spread_fn spread;
    void *spread_ud;
    /* optional: measure these recorded matches (fc_record_load; one game, one seat count) instead
     * of playing: games, agents, seed, max_decisions and opening are then not used, rules may be
     * NULL (the first match's are taken), and a match that did not end counts as a timeout */
    int nmatches;
    const fc_match *const *matches;
    /* optional, with matches: the first seat's recorded result (1, 0.5 or 0; below 0 none) of a
     * two-player match that did not end under the rules (an imported game that ended by
     * resignation: fc_fit_eval_record_result); such a match then counts as decided by it */
    const double *result;
} fc_leaders_config;

/* One game, as the study saw it. */
typedef struct fc_leaders_game {
    bool timeout;                      /* stopped: no winner, left out of every figure */
    long decisions;                    /* seat decisions */
    double win[FC_MAX_SEATS];          /* 1/k for each of k winners */
    int leader[FC_LEADERS_POINTS];     /* at 10%..90%: the seat evaluated highest, -1 on a tie */
    int leader75;                      /* the same at 75% */
    int last50;                        /* the seat evaluated lowest at 50%, -1 on a tie */
    int checked;                       /* decisions of a seat below the threshold with options */
    int kingmaker;                     /* of those, kingmaker decisions (by the judge) */
    int kingmaker_ply;                 /* judged one ply deep (judge_plies > 1; else == kingmaker) */
    int both;                          /* kingmaker decisions by both judgements */
    int bins[FC_LEADERS_BINS];         /* kingmaker decisions by tenth of the game */
} fc_leaders_game;

/* A share over games with its 95% Wilson interval. */
typedef struct fc_leaders_share {
    long n;                            /* games behind it */
    double k;                          /* of which counted (win shares may be fractional) */
    double value, lo, hi;              /* NaN when n == 0 */
} fc_leaders_share;

typedef struct fc_leaders_result {
    int nseats;
    long games, timeouts;
    fc_leaders_game *games_list;       /* games entries, by index */
    fc_leaders_share lead[FC_LEADERS_POINTS];  /* P(the leader at x% wins) */
    long no_leader[FC_LEADERS_POINTS]; /* decided games left out for a tie at the top */
    fc_leaders_share comeback50, comeback75;   /* won by a seat not leading at 50%, 75% */
    fc_leaders_share from_last50;      /* won by the seat evaluated last at 50% */
    bool kingmakers;                   /* the kingmaker figures below were measured */
    fc_leaders_share km_games;         /* share of games with a kingmaker decision */
    long km_checked, km_decisions;     /* decisions examined, kingmaker decisions */
    long km_bins[FC_LEADERS_BINS];     /* kingmaker decisions by tenth of the game */
    int judge_plies;                   /* 1: one ply; more: km_* by the lookahead, km_ply_* one ply */
    fc_leaders_share km_games_ply;     /* the same decisions judged one ply deep */
    long km_decisions_ply, km_both;    /* kingmaker decisions one ply deep; by both judgements */
    double seconds;
} fc_leaders_result;

/* The percent of the game of curve point i (10 * (i + 1)). */
int fc_leaders_point_pct(int i);
/* The state index of point pct in a game of d seat decisions: ceil(pct d / 100), 1..d (0 when
 * d is 0). */
long fc_leaders_point_at(int pct, long d);
/* The seat with the highest (lowest when `lowest`) of v[0..n-1], -1 when two share it. */
int fc_leaders_top(const double *v, int n, bool lowest);
/* The judged winner among the seats other than `self` of v[0..n-1]: the highest, when it leads
 * the next one by at least margin; else -1. */
int fc_leaders_judged(const double *v, int n, int self, double margin);

/* The judge on its own (test_leaders and the study): an option's value to each seat by a
 * max^n lookahead of `plies` (1..FC_LEADERS_PLIES_MAX) seat decisions over the game's vtable,
 * with the buffers it needs allocated once here, so judging allocates nothing. NULL when out of
 * memory or plies is out of range. */
typedef struct fc_leaders_judge fc_leaders_judge;
fc_leaders_judge *fc_leaders_judge_new(const fc_game *g, const fc_env *env, int nseats, int plies);
void fc_leaders_judge_free(fc_leaders_judge *j);
/* Each seat's value (v[0..nseats-1]) of decision d in state st; false when d cannot be applied. */
bool fc_leaders_judge_option(fc_leaders_judge *j, const void *st, fc_decision d, double *v);
/* Whether seat `who`, to move in st, chooses who wins: two of its options judge different other
 * seats ahead by at least margin. */
bool fc_leaders_judge_kingmaker(fc_leaders_judge *j, const void *st, int who, double margin);

/* Checks the configuration and every agent spec; one line naming the problem. */
int fc_leaders_check(const fc_leaders_config *c, fc_error *err);
/* Plays and measures; free the result with fc_leaders_result_free. */
int fc_leaders_run(const fc_leaders_config *c, fc_leaders_result *out, fc_error *err);
void fc_leaders_result_free(fc_leaders_result *r);

#endif
