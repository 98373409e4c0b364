/* The greedy agent: tries every legal decision on a copy of the state and keeps the one whose
 * resulting position the game values most for the seat (fc_agent_value: evaluate, else the
 * score lead; a finished game counts as a win share). When the decision leads to a chance
 * point the value is the expectation over its outcomes. Where the game hides information the
 * copies are first determinized for the seat, averaged over `samples` draws, so the agent never
 * looks at what its seat cannot see. Ties are broken at random. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "agent_impl.h"

const char *const fc_agent_greedy_keys[] = {"seed", "samples", "weights", NULL};

#define GREEDY_EPS 1e-12

typedef struct greedy {
    uint64_t samples;
    size_t state_size;
    int cap; /* max_decisions of the game the buffers were sized for */
    unsigned char *base, *work, *inner;
    fc_decision *legal, *outcomes;
    uint32_t *weights;
    double *sum;
    fc_agent_eval ev; /* the evaluation of the current decision */
} greedy;

int fc_agent_greedy_init(fc_agent *a, fc_error *err)
{
    greedy *g = calloc(1, sizeof *g);
    if (!g)
        return fc_error_set(err, FC_ENOMEM, "out of memory");
    a->impl = g;
    g->samples = 4;
    if (fc_agent_opt_u64(a, "seed", &a->seed, err) < 0 || fc_agent_opt_u64(a, "samples", &g->samples, err) < 0)
        return FC_EPARSE;
    if (g->samples < 1 || g->samples > 1000)
        return fc_error_set(err, FC_ERANGE, "agent greedy: samples: %llu is out of range 1..1000",
                            (unsigned long long)g->samples);
    return 0;
}

static void greedy_release(greedy *g)
{
    free(g->base);
    free(g->work);
    free(g->inner);
    free(g->legal);
    free(g->outcomes);
    free(g->weights);
    free(g->sum);
    g->base = g->work = g->inner = NULL;
    g->legal = g->outcomes = NULL;
    g->weights = NULL;
    g->sum = NULL;
    g->cap = 0;
    g->state_size = 0;
}

void fc_agent_greedy_done(fc_agent *a)
{
    greedy *g = a->impl;
    if (!g)
        return;
    greedy_release(g);
    free(g);
}

/* Buffers sized for the game; reallocated only when the agent moves to another game. */
static int greedy_buffers(greedy *g, const fc_game *game)
{
    if (g->base && g->state_size == game->state_size && g->cap == game->max_decisions)
        return 0;
    greedy_release(g);
    size_t sz = game->state_size ? game->state_size : 1, n = (size_t)game->max_decisions;
    g->base = malloc(sz);
    g->work = malloc(sz);
    g->inner = malloc(sz);
    g->legal = malloc(n * sizeof *g->legal);
    g->outcomes = malloc(n * sizeof *g->outcomes);
    g->weights = malloc(n * sizeof *g->weights);
    g->sum = malloc(n * sizeof *g->sum);
    if (!g->base || !g->work || !g->inner || !g->legal || !g->outcomes || !g->weights || !g->sum) {
        greedy_release(g);
        return FC_ENOMEM;
    }
    g->state_size = game->state_size;
    g->cap = game->max_decisions;
    return 0;
}

/* Value for seat of g->work after a decision: expected over one chance point. */
static double greedy_value(greedy *g, const fc_game *game, const fc_env *env, int seat)
{
    if (game->to_move(g->work, env) != FC_CHANCE)
        return fc_agent_value(game, &g->ev, g->work, env, seat);
    memset(g->weights, 0, (size_t)g->cap * sizeof *g->weights);
    int k = game->legal(g->work, env, g->outcomes, g->weights);
    k = k > g->cap ? g->cap : k;
    double total = 0, wsum = 0;
    for (int i = 0; i < k; i++)
        wsum += g->weights[i];
    for (int i = 0; i < k; i++) {
        double w = wsum > 0 ? g->weights[i] / wsum : 1.0 / k;
        if (w <= 0)
            continue;
        memcpy(g->inner, g->work, g->state_size);
        if (game->apply(g->inner, env, g->outcomes[i]) != 0)
            continue;
        total += w * fc_agent_value(game, &g->ev, g->inner, env, seat);
    }
    return k > 0 ? total : fc_agent_value(game, &g->ev, g->work, env, seat);
}

/* g->sum[i]: the summed value over the determinizations of legal[i] for the seat to move. */
static int greedy_scores(fc_agent *a, fc_match *m, const fc_decision *legal, int n, fc_error *err)
{
    greedy *g = a->impl;
    int who = fc_match_to_move(m);
    const fc_game *game = fc_match_game(m);
    const fc_env *env = fc_match_search_env(m);
    if (greedy_buffers(g, game) != 0)
        return fc_error_set(err, FC_ENOMEM, "out of memory");
    if (fc_agent_eval_of(a, m, &g->ev, err) < 0)
        return err->code;
    memcpy(g->legal, legal, (size_t)n * sizeof *legal);
    fc_rng *rng = fc_agent_rng(a, who);
    int samples = game->determinize ? (int)g->samples : 1;
    for (int i = 0; i < n; i++)
        g->sum[i] = 0;
    for (int k = 0; k < samples; k++) {
        memcpy(g->base, fc_match_state(m), g->state_size);
        if (game->determinize)
            game->determinize(g->base, env, who, rng);
        for (int i = 0; i < n; i++) {
            memcpy(g->work, g->base, g->state_size);
            /* a determinized world may not allow a decision the real one does: worst value */
            g->sum[i] += game->apply(g->work, env, g->legal[i]) == 0 ? greedy_value(g, game, env, who) : 0.0;
        }
    }
    fc_agent_search_done(env);
    return 0;
}

int fc_agent_greedy_rank(fc_agent *a, fc_match *m, const fc_decision *legal, int n, double *score, fc_error *err)
{
    greedy *g = a->impl;
    int rc = greedy_scores(a, m, legal, n, err);
    int samples = fc_match_game(m)->determinize ? (int)g->samples : 1;
    for (int i = 0; rc == 0 && i < n; i++)
        score[i] = g->sum[i] / samples;
    return rc;
}

int fc_agent_greedy_choose(fc_agent *a, fc_match *m, fc_decision *out, fc_error *err)
{
    int who = fc_match_to_move(m);
    if (who == FC_CHANCE)
        return fc_agent_chance(a, m, out, err);
    greedy *g = a->impl;
    const fc_decision *legal = NULL;
    int n = fc_match_legal(m, &legal, NULL);
    if (n <= 0 || !legal)
        return fc_error_set(err, FC_ESTATE, "agent greedy: no legal decision");
    if (n == 1) {
        *out = legal[0];
        return 0;
    }
    int rc = greedy_scores(a, m, legal, n, err);
    if (rc != 0)
        return rc;
    fc_rng *rng = fc_agent_rng(a, who);
    /* reservoir choice among the best so ties are uniform */
    int best = 0, ties = 1;
    for (int i = 1; i < n; i++) {
        if (g->sum[i] > g->sum[best] + GREEDY_EPS) {
            best = i;
            ties = 1;
        } else if (fabs(g->sum[i] - g->sum[best]) <= GREEDY_EPS && fc_rng_below(rng, (uint32_t)++ties) == 0) {
            best = i;
        }
    }
    *out = g->legal[best];
    return 0;
}
