/* Simulation: many matches of one rule set between agents, over threads. Game i always uses
 * seeds derived from (seed, i) and its result is stored at index i, so results do not depend
 * on the number of threads. Seats rotate (agent k sits in seat (k + i) mod n in game i)
 * unless fixed_seats. Per-game metrics are defined in docs/metrics.md. */
#ifndef FORMICARY_SIM_H
#define FORMICARY_SIM_H

#include <stdbool.h>
#include <stdint.h>

#include "formicary/agent.h"
#include "formicary/match.h"
#include "formicary/seats.h"

#define FC_SIM_DEFAULT_MAX_DECISIONS 100000L

typedef struct fc_sim_config {
    const fc_rules *rules;             /* finished; shared read-only by the threads */
    int nagents;                       /* == the rule set's seat count */
    const char *agents[FC_MAX_SEATS];  /* agent specs, in seat order of game 0 */
    uint64_t seed;
    int threads;                       /* >= 1 */
    bool fixed_seats;
    long max_decisions;                /* per game before it counts as a timeout; 0: default */
    /* optional: called after each finished game with (done, total) under a lock */
    void (*progress)(void *ud, int done, int total);
    void *progress_ud;
    /* optional (NULL: every game from the start): a position text (fc_match_new_from_position)
     * every game starts from; a game without positions makes fc_sim_check fail */
    const char *position;
    /* optional (0: none): the first `opening` seat decisions of every game are uniform random
     * choices drawn from the game's match seed, not the agents': every line-up of a deal plays
     * the same opening, and deterministic agents (ab) meet varied positions */
    int opening;
    /* optional: called for every game that finished without error, with its match (read-only,
     * valid only during the call; its history, scores and position are final). Called from the
     * worker threads, several at once and in no particular order, with no lock held: it must be
     * thread-safe and touch only what belongs to `index`. A non-zero return (err set) fails the
     * game, so the run stops with that error like any failing game. */
    int (*on_game)(void *ud, int index, const fc_match *m, fc_error *err);
    void *on_game_ud;
    /* optional (NULL: the seeds of (seed, index) above): the caller's seeds for game `index`, one
     * per chance source of the game (nsources of them, fc_match_new_sourced) and the agents'
     * seed; a pure function of index, called from the worker threads (formicary luck) */
    void (*game_seeds)(void *ud, int index, uint64_t *source_seed, uint64_t *agent_seed);
    void *game_seeds_ud;
    int nsources;
    /* optional (false: not measured): time every agent decision on the playing thread's CPU
     * clock into fc_sim_game.cpu, so a report can show that agents given "equal CPU" got it.
     * Two clock reads a decision (microseconds on some machines: noticeable only for agents
     * that decide in microseconds); helper threads of an agent (ab:threads=N) are not counted. */
    bool agent_cpu;
} fc_sim_config;

/* The result of one game. Everything but `seconds` is a pure function of (config, index). */
typedef struct fc_sim_game {
    int index;
    uint64_t seed;                   /* match seed */
    int agent_at[FC_MAX_SEATS];      /* agent index sitting in each seat */
    int32_t score[FC_MAX_SEATS];     /* per seat */
    int rank[FC_MAX_SEATS];          /* per seat, 0 = first */
    int winners;                     /* seats ranked 0; 0 after a timeout */
    bool timeout;                    /* stopped at max_decisions */
    int rounds;                      /* game->round at the end, 0 if the game gives none */
    long decisions;                  /* seat decisions */
    long chance;                     /* chance outcomes drawn */
    long choice_points;              /* seat decisions with more than one legal option */
    double branching;                /* mean legal decisions at seat decisions */
    int lead_changes;
    double drama;
    double seconds;
    /* with fc_sim_config.agent_cpu: per seat, the agent's decisions (the opening's random ones
     * not counted) and the CPU seconds they took; not a pure function of (config, index) */
    long agent_decisions[FC_MAX_SEATS];
    double cpu[FC_MAX_SEATS];
} fc_sim_game;

/* Seeds of game `index`: the match seed and the seed given to its agents. */
uint64_t fc_sim_match_seed(uint64_t seed, int index);
uint64_t fc_sim_agent_seed(uint64_t seed, int index);
/* The agent index sitting in `seat` in game `index`. */
int fc_sim_agent_at(const fc_sim_config *c, int index, int seat);

/* Checks the configuration and every agent spec (err names the bad one). */
int fc_sim_check(const fc_sim_config *c, fc_error *err);
/* Plays games first..first+count-1 into out[0..count-1]. On failure err holds the error of
 * the lowest failing game index. */
int fc_sim_run(const fc_sim_config *c, int first, int count, fc_sim_game *out, fc_error *err);

/* Work that is not sim games, spread by a front end (`formicary agreement` under mpirun): a
 * study's batch runs its items first..first+n-1 on its threads and writes item i's result, a
 * plain value of `size` bytes, at out + (i - first) * size; 0, or the error of the batch's
 * lowest failing item (named in err's message). */
typedef int (*fc_spread_batch)(void *ud, int first, int n, void *out, fc_error *err);
/* A runner fills out[0..count) (size bytes each) exactly as batch(batch_ud, 0, count, out, err)
 * would, calling batch on batches of at most `chunk` items in any process; on failure err is
 * the error of the batch holding the lowest failing item. */
typedef int (*fc_spread_fn)(void *ud, int count, int chunk, size_t size, void *out, fc_spread_batch batch,
                            void *batch_ud, fc_error *err);

/* Per-game values of the metrics, for summaries and paired comparisons. `arg` is the agent
 * (agent metrics) or seat (seat metrics). */
typedef enum fc_sim_metric {
    FC_SIM_WIN_SHARE,  /* agent: 1/k if among k winners, else 0 */
    FC_SIM_SCORE,      /* agent: final score */
    FC_SIM_AGENT_MARGIN, /* agent: score minus the best other seat's score */
    FC_SIM_SEAT_WIN,   /* seat: 1/k if among k winners, else 0 */
    FC_SIM_DECISIONS,
    FC_SIM_ROUNDS,
    FC_SIM_BRANCHING,
    FC_SIM_DECISION_SHARE, /* choice points / decisions */
    FC_SIM_LEAD_CHANGES,
    FC_SIM_DRAMA,
    FC_SIM_MARGIN,     /* best score minus second best */
    FC_SIM_SHARED,     /* 1 if more than one seat ranked first */
    FC_SIM_TIMEOUT,    /* 1 if the game was stopped */
    FC_SIM_NMETRICS
} fc_sim_metric;

double fc_sim_value(const fc_sim_game *g, int nseats, fc_sim_metric metric, int arg);
/* "win_share", "score", ... ; NULL for a bad id. */
const char *fc_sim_metric_name(fc_sim_metric metric);
/* Whether the metric takes an agent (1), a seat (2) or nothing (0). */
int fc_sim_metric_arg(fc_sim_metric metric);
/* True for the metrics whose per-game values are shares or rates in [0, 1]. */
bool fc_sim_metric_is_share(fc_sim_metric metric);

#endif
