/* Agents: programs that choose decisions for a seat. Generic over the game vtable and
 * configured by a spec string NAME[:key=value,...] ("random", "random:seed=7", later
 * "mcts:iters=2000,c=0.7"). An agent sees only what the seat to move may see. Agents are
 * deterministic: the same spec, seed and sequence of positions give the same choices. An agent
 * is used by one thread at a time; create one per thread. */
#ifndef FORMICARY_AGENT_H
#define FORMICARY_AGENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "formicary/match.h"

typedef struct fc_agent fc_agent;

/* Creates an agent from spec with seed. Unknown names or keys and bad values are errors that
 * list the known ones. Caller owns the agent (fc_agent_free). */
fc_agent *fc_agent_new(const char *spec, uint64_t seed, fc_error *err);
void fc_agent_free(fc_agent *a);

/* Chooses a legal decision for whoever moves in m (a seat; at a chance point an outcome by
 * weight); does not play it. m is not changed except for its cached legal list. FC_ESTATE when
 * the game is over. */
int fc_agent_choose(fc_agent *a, fc_match *m, fc_decision *out, fc_error *err);

/* The agent's ranking of the legal decisions of the seat to move in m, best first: up to max
 * decisions into out[] and, when score is not NULL, the agent's score of each (larger is better:
 * random gives every decision 1/n in a random order, greedy the value it sees one step ahead,
 * mcts the root visits). out[0] is a decision the agent could choose. A kind without a ranking
 * gives only its choice (count 1). Returns the count (>= 1), or a negative error (err set); FC_ESTATE
 * at a chance point or when the game is over. */
int fc_agent_rank(fc_agent *a, fc_match *m, fc_decision *out, double *score, int max, fc_error *err);

/* Evaluation weights (games whose plugin offers eval_weights, API minor 7; formicary/weights.h):
 * every evaluation a's searches make (greedy, mcts's playout cut-off and policy=eval, ab) then
 * uses w[0..n-1] in place of the game's weights, in the order of its eval_weights. This replaces
 * a weights=FILE key; n == 0 returns to the game's own evaluation. Here the values are only
 * checked to be finite: the count and each range are checked against the game when a meets a
 * match (its next decision then fails with one line). FC_EINVAL for a kind that does not
 * evaluate (random). */
int fc_agent_set_weights(fc_agent *a, const double *w, int n, fc_error *err);
/* Reads and checks, for the game of rules, what a's spec names (weights=FILE) now rather than
 * at a's first decision, so a front end reports a bad file before any game is played; 0 when
 * there is nothing to check. */
int fc_agent_check_rules(fc_agent *a, const fc_rules *rules, fc_error *err);

/* What an agent's last search did, for benchmarks and the UHP engine's info: filled by the
 * searching kinds (ab; mcts gives nodes and seconds), zero for the others. */
#define FC_AGENT_STATS_DEPTHS 64
typedef struct fc_agent_search_stats {
    uint64_t nodes;        /* positions searched (every thread) */
    double seconds;        /* wall time of the search */
    int depth;             /* alpha-beta: the deepest completed iteration */
    int score;             /* alpha-beta: the root's value for the seat to move: -10000..10000 from the
                            * game's evaluation, about +-30000 for a won / lost game */
    double first_cut;      /* alpha-beta: share of cut-offs made by the first decision tried (ordering) */
    uint64_t depth_nodes[FC_AGENT_STATS_DEPTHS];   /* alpha-beta: nodes when iteration d was done */
    double depth_seconds[FC_AGENT_STATS_DEPTHS];   /* and the time */
} fc_agent_search_stats;

/* The statistics of a's last search; 0, or FC_EINVAL for a kind that keeps none. */
int fc_agent_stats(const fc_agent *a, fc_agent_search_stats *out);

/* Restriction from kinds of decision (any kind of agent; docs/cli.md, "Agents"): the key
 * restrict=KIND+KIND makes the agent never choose a decision of those kinds (the names a game
 * gives them, fc_plugin_kinds) while a decision of another kind is legal. Searches (mcts, ab)
 * apply it at their root only. fc_agent_spec_restrict writes spec with restrict=kinds added
 * (kinds '+'- or ','-separated) to out; FC_EINVAL when spec has restrict= already or out is
 * too small. */
int fc_agent_spec_restrict(const char *spec, const char *kinds, char *out, size_t n, fc_error *err);
/* Whether spec gives the key restrict=. */
bool fc_agent_spec_restricted(const char *spec);

/* The normalised spec ("random:seed=7"); valid while a lives. */
const char *fc_agent_spec(const fc_agent *a);
/* The agent's kind name ("random"). */
const char *fc_agent_name(const fc_agent *a);

/* The known agent kinds, for help texts: names and a one-line description with their keys. */
int fc_agent_kind_count(void);
const char *fc_agent_kind_name(int i);
const char *fc_agent_kind_doc(int i);

#endif
