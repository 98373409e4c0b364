/* Mechanic probes (docs/metrics.md, "Mechanic probes"): how much an agent loses when it may not
 * use one kind of decision (agent key restrict=, agent.h), kind by kind. For each probed kind
 * the agent restricted from it plays the unrestricted agent on the same deals (paired seeds:
 * deal d is sim game index d, fixed seats), once in every seat (seats rotated); baseline games
 * of the unrestricted agent against itself, one per deal, give the share the restricted one
 * would have with no effect and, by whom the game ranked first, how often winners use each kind
 * compared with losers. Every game's result has its own slot, so the figures do not depend on
 * the thread count. No global state. */
#ifndef FORMICARY_PROBE_H
#define FORMICARY_PROBE_H

#include <stdbool.h>
#include <stdint.h>

#include "formicary/match.h"
#include "formicary/sim.h"

/* Verdict thresholds, as shares of the baseline share B (1/players when every game has a
 * winner): the loss L = B - (the restricted agent's win share), with its 95% interval. */
#define FC_PROBE_ESSENTIAL 0.5 /* essential: L >= 0.5 B and the interval is above 0 */
#define FC_PROBE_DEAD 0.1      /* dead: the interval lies within -0.1 B .. 0.1 B */

typedef enum fc_probe_verdict {
    FC_PROBE_UNCLEAR,   /* none of the below: more deals would tell (or B is 0: every baseline game timed out) */
    FC_PROBE_DEAD_KIND, /* no loss worth naming */
    FC_PROBE_MINOR,     /* a loss (interval above 0) under the essential threshold */
    FC_PROBE_ESSENTIAL_KIND,
    FC_PROBE_GAIN,      /* the restricted agent wins more (interval below 0): the agent misuses the kind */
    FC_PROBE_UNBOUND,   /* the kind never competed with another at the agent's decisions: nothing to learn */
} fc_probe_verdict;

typedef struct fc_probe_config {
    const fc_rules *rules; /* finished; its plugin names its kinds (API minor 10) */
    const char *agent;     /* the unrestricted agent spec (tiers resolved), without restrict= */
    uint64_t kinds;        /* bit k: probe kind k of the game; 0: every kind */
    int deals;             /* >= 1; games per kind = deals x players */
    uint64_t seed;
    int threads;           /* >= 1; the results do not depend on it */
    long max_decisions;    /* per game; 0: FC_SIM_DEFAULT_MAX_DECISIONS */
    int opening;           /* the first `opening` seat decisions of every game are random, drawn
                            * from the deal's seed (fc_sim_config.opening): the same in every game
                            * of a deal, so that a deterministic agent (ab) meets varied deals; no
                            * agent makes them, so they count in no figure (0..10000) */
    /* optional: called after each game with (games done, games in all) under a lock */
    void (*progress)(void *ud, long done, long total);
    void *progress_ud;
    /* optional: plays the games in place of the threads alone (a front end's distributed
     * runner, `formicary probe` under mpirun; sim.h): the baseline games, then the restricted
     * ones, in batches of `threads` games; progress is then not called */
    fc_spread_fn spread;
    void *spread_ud;
} fc_probe_config;

typedef struct fc_probe_kind {
    int kind;           /* index into the game's kinds */
    const char *name;   /* the game's name for it */
    long games;         /* games of the restricted agent */
    double share, share_lo, share_hi; /* its win share (1/k of a k-way first place) and 95% interval */
    double base;        /* the baseline share B on the same deals */
    double loss, loss_lo, loss_hi;    /* B - share: mean of the per-deal differences, 95% t interval */
    fc_probe_verdict verdict;
    double binding;     /* share of the restricted agent's decisions where the restriction removed a choice */
    /* in the baseline games: the share of winners' decisions of this kind and of losers' */
    double used_win, used_lose;
    double ratio;       /* used_win / used_lose; 0 when used_lose is 0 (then see used_win) */
} fc_probe_kind;

typedef struct fc_probe_result {
    int nseats, deals, nkinds; /* kinds probed */
    fc_probe_kind kind[FC_MAX_KINDS];
    long games;              /* every game played, baseline included */
    long timeouts;
    double base;             /* baseline share over every deal */
    double seconds;          /* wall time */
} fc_probe_result;

/* Parses a list of kind names separated by ',' or '+' for rules' game into a mask; err names an
 * unknown or missing kind with the game's list. */
int fc_probe_kinds_parse(const fc_rules *rules, const char *list, uint64_t *mask, fc_error *err);
/* Checks the configuration and the agent spec (err: one line). */
int fc_probe_check(const fc_probe_config *c, fc_error *err);
int fc_probe_run(const fc_probe_config *c, fc_probe_result *out, fc_error *err);
/* "dead", "minor", "essential", "gain", "unbound", "unclear" */
const char *fc_probe_verdict_name(fc_probe_verdict v);

#endif
