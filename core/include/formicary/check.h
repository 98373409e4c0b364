/* Balance contracts (docs/metrics.md, "Balance contracts"): a design file that writes down what
 * "balanced" means for a design, as targets with tolerances and the agents they hold for, and a
 * check that plays just enough games to decide each target at 95%.
 *
 *   [contract]
 *   agents = medium,medium        ; the seats (tiers or agent specs); their number = players
 *   games = 400                   ; the most games per line-up (sequential stopping before)
 *   [target first_seat]
 *   metric = seat_win:1
 *   max = 0.56
 *   [target tiers]
 *   metric = beats:expert,medium  ; expert's win share against medium, seats swapped
 *   min = 0.65
 *
 * Games come in deals: a deal is one sim game index (its match and agent seeds) played once per
 * distinct seating of a line-up (every rotation of its agents; the two seat-swapped seatings of
 * a `beats` pair), so luck shared by a deal cancels. A target's estimate is the mean of its
 * per-deal values with a Student-t interval over the deals. The check looks `looks` times; at
 * an interim look a target is decided when its 99.7% interval (z = 3, Haybittle-Peto, as sim
 * --until-significant) lies wholly inside or wholly outside the tolerance, at the last look
 * when its 95% interval does; a target still straddling a bound is undecided. Everything is a
 * pure function of (contract, rules, seed, games): the thread count changes nothing. */
#ifndef FORMICARY_CHECK_H
#define FORMICARY_CHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "formicary/error.h"
#include "formicary/rules.h"
#include "formicary/seats.h"
#include "formicary/sim.h"
#include "formicary/tiers.h"

#define FC_CHECK_MAX_TARGETS 32
#define FC_CHECK_MAX_LINEUPS 16
#define FC_CHECK_SPEC_MAX 256
#define FC_CHECK_NAME_MAX 48
#define FC_CHECK_GAMES_DEFAULT 400
#define FC_CHECK_LOOKS_DEFAULT 10
/* Interim looks decide only from this many deals on (the z = 3 rule is a normal one). */
#define FC_CHECK_MIN_INTERIM_UNITS 20

/* A target's metric: a sim metric (fc_sim_metric) or a win share between two agents. */
#define FC_CHECK_BEATS FC_SIM_NMETRICS

/* The agents a target holds for. Rotating line-ups seat agent k in seat (k + r) mod n in
 * rotation r; a `beats` line-up seats its first agent in the even seats and its second in the
 * odd ones, then the other way round. */
typedef struct fc_check_lineup {
    int nagents;                                 /* the seats (rotating) or 2 (beats) */
    bool beats;
    char given[FC_MAX_SEATS][FC_CHECK_SPEC_MAX]; /* as written: "medium", "greedy" */
    char spec[FC_MAX_SEATS][FC_CHECK_SPEC_MAX];  /* tiers resolved: the agent specs played */
} fc_check_lineup;

typedef struct fc_check_target {
    char name[FC_CHECK_NAME_MAX];   /* [target NAME] */
    char metric_text[160];          /* as written: "seat_win:1", "beats:expert,medium" */
    int metric;                     /* fc_sim_metric or FC_CHECK_BEATS */
    int arg;                        /* agent or seat of the metric, 0-based */
    bool has_min, has_max;
    double min, max;                /* the tolerance: min <= value <= max */
    int lineup;                     /* index into fc_check_contract.lineup */
    char doc[160];
    int line;                       /* of the [target] line, for messages */
} fc_check_target;

typedef struct fc_check_contract {
    char path[512];
    char doc[160];
    int nseats;                     /* players of every game */
    int agents_line;                /* of [contract] agents, for messages */
    int games;                      /* the most games per line-up */
    int looks;                      /* interim looks + the final one */
    int opening;                    /* random first decisions of every game (fc_sim_config.opening) */
    int nlineups;                   /* lineup[0] is the contract's */
    fc_check_lineup lineup[FC_CHECK_MAX_LINEUPS];
    int ntargets;
    fc_check_target target[FC_CHECK_MAX_TARGETS];
} fc_check_contract;

/* Reads a design file. Agent names are resolved with `tiers` (NULL: the game has none) and
 * checked as agent specs; `game` names the game in messages. Every error is one line naming
 * "PATH:LINE: ..." (or "PATH: ..."): unknown sections or keys, a key given twice, an unknown
 * metric (with the closest name), a seat or agent number out of range, a bad number, a
 * tolerance that is empty (min > max), outside the metric's range or always met, an unknown
 * agent or tier, line-ups of different sizes, a target without metric or bounds. */
int fc_check_load(fc_check_contract *c, const char *path, const char *game, const fc_tiers *tiers, fc_error *err);
/* The same from text (path only names it in messages). */
int fc_check_parse(fc_check_contract *c, const char *text, const char *path, const char *game,
                   const fc_tiers *tiers, fc_error *err);

typedef enum fc_check_verdict { FC_CHECK_UNDECIDED, FC_CHECK_MET, FC_CHECK_NOT_MET } fc_check_verdict;

/* "met", "not met", "undecided". */
const char *fc_check_verdict_name(fc_check_verdict v);
/* The verdict of an interval lo..hi against t's tolerance: met when it lies wholly inside,
 * not met when wholly outside (above max or below min), else undecided. */
fc_check_verdict fc_check_decide(const fc_check_target *t, double lo, double hi);
/* The tolerance as text: "<= 0.56", ">= 0.65", "8..10". */
void fc_check_tolerance_text(const fc_check_target *t, char *buf, size_t n);

/* Mean of x[0..n-1] and its interval: Student's t at 95% (final), or mean +- 3 se (interim);
 * when every value is the same and the metric is a share (values in 0..1), the Wilson interval
 * of that share over the n units instead (z 1.96 or 3), so a clean sweep still has a width.
 * Shares are clipped to 0..1. */
void fc_check_interval(const double *x, int n, bool share, bool final, double *mean, double *lo, double *hi);
/* Whether a metric's per-game values are shares in 0..1. */
bool fc_check_metric_is_share(int metric);

typedef struct fc_check_config {
    const fc_check_contract *contract;
    const fc_rules *rules;          /* finished, contract->nseats seats; shared by the threads */
    uint64_t seed;
    int threads;                    /* >= 1; results do not depend on it */
    int games;                      /* the most games per line-up; 0: the contract's */
    long max_decisions;             /* per game; 0: FC_SIM_DEFAULT_MAX_DECISIONS */
    /* optional: after each batch of games, (games played, games at most) */
    void (*progress)(void *ud, long done, long total);
    void *progress_ud;
    /* optional: each batch of games as it is played (from the calling thread): line-up
     * `lineup`, seating `seating` of `nseatings` per deal, at[s] the line-up agent in seat s;
     * g[i].index is the deal (a front end keeps them: the runs database). */
    void (*on_games)(void *ud, int lineup, int seating, int nseatings, const int *at, const fc_sim_game *g, int n);
    void *on_games_ud;
    /* optional: plays games in place of fc_sim_run (a front end's distributed runner, as
     * `formicary check` under mpirun): fills out[0..count-1] exactly as fc_sim_run(cfg, first,
     * count, out, err) would, called from the check's thread only, one call per seating and batch. */
    int (*play)(void *ud, const fc_sim_config *cfg, int first, int count, fc_sim_game *out, fc_error *err);
    void *play_ud;
} fc_check_config;

typedef struct fc_check_estimate {
    double value, lo, hi;           /* mean of the deal values and its 95% interval */
    int units;                      /* deals (pairs for beats) behind it */
    long games;
    int look;                       /* the look that decided it (1-based), or the last one */
    fc_check_verdict verdict;
} fc_check_estimate;

typedef struct fc_check_result {
    int ntargets;
    fc_check_estimate est[FC_CHECK_MAX_TARGETS];
    int nlineups;
    int seatings[FC_CHECK_MAX_LINEUPS];   /* games per deal (distinct seatings) */
    int deals[FC_CHECK_MAX_LINEUPS];      /* deals played */
    int deals_max[FC_CHECK_MAX_LINEUPS];
    long games;                           /* in all */
    int looks;                            /* looks taken */
    double seconds;
    fc_check_verdict verdict;             /* not met if any is, else undecided if any is, else met */
} fc_check_result;

/* Checks the configuration and the agents against the rules, then plays. */
int fc_check_run(const fc_check_config *c, fc_check_result *out, fc_error *err);

#endif
