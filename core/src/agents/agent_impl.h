/* Private interface between the agent table (agent.c) and the agent kinds (agent_greedy.c,
 * agent_mcts.c with its parts mcts_*.c): the agent struct, option helpers and helpers every
 * search shares. */
#ifndef FC_AGENT_IMPL_H
#define FC_AGENT_IMPL_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>

#include "formicary/agent.h"
#include "formicary/seats.h"

#define AGENT_SPEC_MAX 256
#define AGENT_MAX_OPTS 16
#define AGENT_KEY_MAX 32
#define AGENT_VALUE_MAX 160 /* room for a path (weights=FILE) */
/* Stream of the RNG used at chance points (seats use their own number). */
#define AGENT_CHANCE_STREAM FC_MAX_SEATS

typedef struct agent_opt {
    char key[AGENT_KEY_MAX];
    char value[AGENT_VALUE_MAX];
} agent_opt;

typedef struct agent_kind {
    const char *name;
    const char *doc;
    const char *const *keys; /* NULL-terminated */
    int (*init)(fc_agent *a, fc_error *err);
    int (*choose)(fc_agent *a, fc_match *m, fc_decision *out, fc_error *err);
    void (*done)(fc_agent *a);
    /* optional: a score for each of the n legal decisions (fc_agent_rank, agent_rank.c) */
    int (*rank)(fc_agent *a, fc_match *m, const fc_decision *legal, int n, double *score, fc_error *err);
    int (*stats)(const fc_agent *a, fc_agent_search_stats *out); /* NULL: keeps none */
} agent_kind;

struct fc_agent {
    const agent_kind *kind;
    char spec[AGENT_SPEC_MAX];
    uint64_t seed;
    int nopts;
    agent_opt opts[AGENT_MAX_OPTS];
    /* one stream per seat (and one for chance), seeded on first use so one agent may serve
     * several seats without the seats' sequences depending on each other */
    fc_rng rng[FC_MAX_SEATS + 1];
    uint32_t seeded;
    void *impl; /* kind-specific data */
    struct agent_weights *weights; /* weights=FILE or fc_agent_set_weights; NULL: the game's own */
    struct agent_restrict *restrict_; /* restrict=KIND+KIND (agent_restrict.c); NULL: none */
};

/* restrict=KIND+KIND, any kind (agent_restrict.c): the agent never chooses a decision of those
 * kinds when one of another kind is legal. The names are those a game gives (fc_plugin_kinds),
 * bound to the game's indices on the agent's first decision in it (or fc_agent_check_rules). */
int fc_agent_restrict_init(fc_agent *a, fc_error *err);
int fc_agent_restrict_check(fc_agent *a, const fc_plugin *p, fc_error *err);
void fc_agent_restrict_free(fc_agent *a);
/* Calls fn(a, m, ctx, err) with m's legal list narrowed to what a may choose (the whole list
 * for an agent without restrict=, at a chance point, or when only excluded kinds are legal). */
typedef int (*fc_agent_restricted_fn)(fc_agent *a, fc_match *m, void *ctx, fc_error *err);
int fc_agent_restricted_call(fc_agent *a, fc_match *m, fc_agent_restricted_fn fn, void *ctx, fc_error *err);

/* The evaluation a search uses: the game's evaluate (fn NULL) or evaluate_weighted with w. */
typedef struct fc_agent_eval {
    fc_evaluate_weighted_fn fn;
    const double *w;
} fc_agent_eval;

/* An agent's evaluation weights: a file (path) or values given in memory, checked against a
 * game's weights when the agent first meets it (and again when the game's weights change). */
typedef struct agent_weights {
    char path[AGENT_VALUE_MAX]; /* "" when given in memory */
    int n;                      /* values in w (in memory: as given; from a file: the game's count) */
    double w[FC_EVAL_WEIGHTS_MAX];
    /* what they were checked against: the game's weights array, count and values */
    const fc_eval_weight *defs;
    int ndefs;
    double seen[FC_EVAL_WEIGHTS_MAX][3];
} agent_weights;

/* The evaluation for m's game: the agent's weights (read or checked for this game on first
 * use) or the game's own. Errors name the agent and the file. */
int fc_agent_eval_of(fc_agent *a, const fc_match *m, fc_agent_eval *out, fc_error *err);
/* The weights key of a's spec, if given, noted for the first match (agent_weights.c). */
int fc_agent_weights_init(fc_agent *a, fc_error *err);

/* Option value of key, or NULL when not given. */
const char *fc_agent_opt_get(const fc_agent *a, const char *key);
/* Parse an option if given (out keeps its default otherwise); errors name the agent and key. */
int fc_agent_opt_u64(const fc_agent *a, const char *key, uint64_t *out, fc_error *err);
int fc_agent_opt_double(const fc_agent *a, const char *key, double lo, double hi, double *out, fc_error *err);
/* clock=wall|cpu (default wall): *cpu set when a time budget runs on the searching thread's CPU
 * clock. */
int fc_agent_opt_clock(const fc_agent *a, bool *cpu, fc_error *err);

/* Seconds on the clock a time budget runs on: monotonic wall time (a player's clock, UHP), or
 * the calling thread's CPU time, so that agents compared on a loaded machine get the same CPU
 * per decision whatever else runs. Each searching thread reads its own CPU clock, so a budget
 * on it starts on the thread that checks it. */
static inline double fc_agent_clock(bool cpu)
{
    struct timespec ts;
    clock_gettime(cpu ? CLOCK_THREAD_CPUTIME_ID : CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
fc_rng *fc_agent_rng(fc_agent *a, int stream);

/* At a chance point: an outcome by weight from the agent's chance stream. */
int fc_agent_chance(fc_agent *a, fc_match *m, fc_decision *out, fc_error *err);

/* Value of a state for seat in [0, 1]: 1/k for each of k winners at the end, else the game's
 * evaluation (ev: with other weights; NULL or ev->fn NULL: evaluate), else a squashed score
 * lead over the best other seat. */
double fc_agent_value(const fc_game *g, const fc_agent_eval *ev, const void *st, const fc_env *env, int seat);
/* Search rewards for every seat: the terminal share, or the evaluation (as above) or the score
 * lead when cut off. */
void fc_agent_rewards(const fc_game *g, const fc_agent_eval *ev, const void *st, const fc_env *env, int terminal,
                      double *reward);
/* Variant hooks run in the match's Lua state during search; a script error there must not be
 * reported later as the failure of a real decision. */
void fc_agent_search_done(const fc_env *env);

/* Rankings (agent_rank.c and the kinds): score[i] of legal[i] for the seat to move. */
int fc_agent_random_rank(fc_agent *a, fc_match *m, const fc_decision *legal, int n, double *score, fc_error *err);
int fc_agent_greedy_rank(fc_agent *a, fc_match *m, const fc_decision *legal, int n, double *score, fc_error *err);
int fc_agent_mcts_rank(fc_agent *a, fc_match *m, const fc_decision *legal, int n, double *score, fc_error *err);

/* Kinds (agent_greedy.c, agent_mcts.c, agent_ab.c). */
extern const char *const fc_agent_greedy_keys[], *const fc_agent_mcts_keys[];
int fc_agent_greedy_init(fc_agent *a, fc_error *err);
int fc_agent_greedy_choose(fc_agent *a, fc_match *m, fc_decision *out, fc_error *err);
void fc_agent_greedy_done(fc_agent *a);
int fc_agent_mcts_init(fc_agent *a, fc_error *err);
int fc_agent_mcts_choose(fc_agent *a, fc_match *m, fc_decision *out, fc_error *err);
void fc_agent_mcts_done(fc_agent *a);
extern const char *const fc_agent_ab_keys[];
int fc_agent_ab_init(fc_agent *a, fc_error *err);
int fc_agent_ab_choose(fc_agent *a, fc_match *m, fc_decision *out, fc_error *err);
void fc_agent_ab_done(fc_agent *a);
int fc_agent_ab_stats(const fc_agent *a, fc_agent_search_stats *out);

#endif
