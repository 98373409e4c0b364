/* Ladders: a round robin between agents and ratings fitted to its results, with 95% intervals
 * (docs/metrics.md, "Ladder"). With two players every pair of agents plays the same deals twice
 * with the seats exchanged; with more, every set of `players` agents forms a table that plays
 * each deal once per rotation of its seats. Ratings are fitted by maximum likelihood: the
 * Plackett-Luce model of the finishing order, which for two players is Bradley-Terry (Elo) with
 * a draw counted as half a win each way. Ratings are on the Elo scale (400/ln 10 per unit of
 * log-strength), anchored at one agent (0). Everything lives in the structs; no global state. */
#ifndef FORMICARY_LADDER_H
#define FORMICARY_LADDER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "formicary/match.h"
#include "formicary/seats.h"
#include "formicary/sim.h"

#define FC_LADDER_MAX_AGENTS 32
#define FC_LADDER_MAX_TABLES 4096
#define FC_ELO_PER_NAT 173.71779276130073 /* 400 / ln 10 */
/* Games per table in a round of the ladder (rounded up to whole deals). */
#define FC_LADDER_ROUND_GAMES 10
/* Sd, in Elo, of the weak normal prior around the anchor that keeps the fit finite when an
 * agent won (or lost) every game. */
#define FC_RATING_PRIOR_ELO 1000.0

/* ---- the rating fit (rating.c) ---- */

/* Finishing orders of games: each game's ranks expanded into strict orders of item indices
 * (ties become every order of the tied items, with weights summing to 1). */
typedef struct fc_rating_data {
    int nitems;    /* agents */
    int width;     /* seats per game (the longest order) */
    size_t n, cap; /* orders */
    int *order;    /* n * width item indices, best first; -1 pads shorter orders */
    double *weight;
} fc_rating_data;

typedef struct fc_rating {
    double elo, lo, hi; /* estimate and 95% interval, Elo relative to the anchor */
    double se;          /* standard error in Elo (0 for the anchor) */
    int games;          /* games played */
    double games_w;     /* the same, as the sum of the orders' weights */
    double score;       /* share of opponents beaten over its games (a tie counts half) */
} fc_rating;

void fc_rating_data_init(fc_rating_data *d, int nitems, int width);
void fc_rating_data_free(fc_rating_data *d);
/* Adds one game: item[s] sits in seat s (0..nseats-1) and finished at rank[s] (0 = first; equal
 * ranks tie). */
int fc_rating_add(fc_rating_data *d, const int *item, const int *rank, int nseats, fc_error *err);
/* Adds `count` two-player games of a against b in which a scored `points` (win 1, draw 1/2). */
int fc_rating_add_pair(fc_rating_data *d, int a, int b, double points, double count, fc_error *err);
/* Fits ratings (Newton's method on the penalised log-likelihood) with item `anchor` at 0; out
 * has nitems entries (games and score are counted from the data). The interval is estimate +-
 * 1.96 standard errors from the inverse of the observed information. */
int fc_rating_fit(const fc_rating_data *d, int anchor, fc_rating *out, fc_error *err);
/* Whether the intervals of neighbours in the order of the estimates are disjoint. */
bool fc_rating_separated(const fc_rating *r, int n);

/* ---- the ladder (ladder.c) ---- */

typedef struct fc_ladder_config {
    const fc_rules *rules;  /* finished, with `players` seats; shared read-only by the threads */
    int nagents;            /* 2..FC_LADDER_MAX_AGENTS, >= the seat count */
    const char *agents[FC_LADDER_MAX_AGENTS];
    int anchor;             /* agent rated 0; -1: "random" when present, else agent 0 */
    uint64_t seed;
    int threads;            /* >= 1; the results do not depend on it */
    int games;              /* games per table at most (rounded up to whole deals), >= 1 */
    bool until_separated;   /* stop after the first round whose ratings are separated */
    long max_decisions;     /* per game; 0: FC_SIM_DEFAULT_MAX_DECISIONS */
    int opening;            /* random first decisions of every game (fc_sim_config.opening) */
    /* optional: called after each game with (games done, games at most) under a lock */
    void (*progress)(void *ud, long done, long total);
    void *progress_ud;
    /* optional: plays games in place of the ladder's own threads (a front end's distributed
     * runner, as `formicary ladder` under mpirun): fills out[0..count-1] exactly as fc_sim_run
     * (cfg, first, count, out, err) would. Each (table, rotation) of a round is then one call for
     * the round's deals, with cfg->threads = threads. */
    int (*play)(void *ud, const fc_sim_config *cfg, int first, int count, fc_sim_game *out, fc_error *err);
    void *play_ud;
} fc_ladder_config;

/* One game: the table (its agents in table order), the seat rotation and the deal (the sim game
 * index whose seeds it used), and the agents' places. */
typedef struct fc_ladder_game {
    int table, rotation, deal;
    int agent_at[FC_MAX_SEATS];
    int rank[FC_MAX_SEATS]; /* per seat; all 0 after a timeout (a draw) */
    int32_t score[FC_MAX_SEATS];
    bool timeout;
    long decisions;
    double seconds;
} fc_ladder_game;

typedef struct fc_ladder_result {
    int nagents, nseats, anchor;
    int ntables, rounds, deals;   /* deals played per table */
    long ngames;
    bool separated;               /* at the last round */
    fc_ladder_game *games;        /* ngames, in (round, table, rotation, deal) order */
    fc_rating rating[FC_LADDER_MAX_AGENTS];
    /* pair[i * nagents + j]: i's points against j (1 per game i finished ahead, 1/2 tied) and
     * meet[...] the games both played at one table */
    double pair[FC_LADDER_MAX_AGENTS * FC_LADDER_MAX_AGENTS];
    int meet[FC_LADDER_MAX_AGENTS * FC_LADDER_MAX_AGENTS];
    /* tie[i * nagents + j]: of those games, the ones i and j finished level (a draw, or a game
     * stopped at the decision limit); i's wins over j are pair - tie / 2 */
    int tie[FC_LADDER_MAX_AGENTS * FC_LADDER_MAX_AGENTS];
    double seconds;
} fc_ladder_result;

/* What the games of agents a and b against each other can tell apart (docs/metrics.md,
 * "Ladder"). The unit is a deal at a table both sat at: a's points against b (1 finished ahead,
 * 1/2 level, 0 behind) averaged over the deal's rotations, so seat order and the deal's luck
 * cancel as the ladder pairs them (two players: the deal's two games with the seats
 * exchanged). */
typedef struct fc_ladder_mde {
    int deals;    /* deals both played */
    double score; /* a's mean points against b over them (1/2: even); NaN without deals */
    double sd;    /* standard deviation of the per-deal points */
    /* the smallest true departure of the score from 1/2 these deals detect at 95% confidence
     * with 80% power (fc_stats_mde); NaN for fewer than 2 deals or no variation */
    double mde;
    /* the same as a rating difference, 400 log10((1/2 + mde) / (1/2 - mde)): Bradley-Terry, and
     * under Plackett-Luce the chance one of two agents finishes ahead of the other is the same;
     * +inf when mde >= 1/2 (no result could tell), NaN with mde */
    double elo;
} fc_ladder_mde;

/* Fills out for agents a and b (a != b) from r's games; FC_ENOMEM or FC_EINVAL with err set. */
int fc_ladder_pair_mde(const fc_ladder_result *r, int a, int b, fc_ladder_mde *out, fc_error *err);

/* The anchor config->anchor resolves to. */
int fc_ladder_anchor(const fc_ladder_config *c);
/* Checks the configuration and every agent spec (err names the bad one). */
int fc_ladder_check(const fc_ladder_config *c, fc_error *err);
/* Runs the ladder and fits the ratings; free the result with fc_ladder_result_free. */
int fc_ladder_run(const fc_ladder_config *c, fc_ladder_result *out, fc_error *err);
void fc_ladder_result_free(fc_ladder_result *r);

#endif
