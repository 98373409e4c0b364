/* fc_agent_rank: the agent's ranking of the legal decisions (agent.h). Each kind scores the
 * legal decisions (the `rank` entry of its row in agent.c's kind table); here they are ordered,
 * best first, ties in a random order drawn from the seat's stream. The random agent's scores
 * live here too. */
#include <stdlib.h>
#include <string.h>

#include "agent_impl.h"

int fc_agent_random_rank(fc_agent *a, fc_match *m, const fc_decision *legal, int n, double *score, fc_error *err)
{
    (void)a;
    (void)m;
    (void)legal;
    (void)err;
    for (int i = 0; i < n; i++)
        score[i] = 1.0 / n;
    return 0;
}

/* Sorts idx[0..n-1] by score, best first; equal scores keep the (shuffled) order. */
static void rank_sort(int *idx, const double *score, int n)
{
    for (int i = 1; i < n; i++) {
        int v = idx[i], j = i;
        while (j > 0 && score[idx[j - 1]] < score[v]) {
            idx[j] = idx[j - 1];
            j--;
        }
        idx[j] = v;
    }
}

static int rank_fallback(fc_agent *a, fc_match *m, fc_decision *out, double *score, fc_error *err)
{
    int rc = fc_agent_choose(a, m, out, err);
    if (rc != 0)
        return rc;
    if (score)
        score[0] = 1;
    return 1;
}

typedef struct rank_args {
    fc_decision *out;
    double *score;
    int max;
} rank_args;

static int rank_legal(fc_agent *a, fc_match *m, void *ctx, fc_error *err);

int fc_agent_rank(fc_agent *a, fc_match *m, fc_decision *out, double *score, int max, fc_error *err)
{
    if (!a || !m || !out || max < 1)
        return fc_error_set(err, FC_EINVAL, "fc_agent_rank: bad argument");
    int who = fc_match_to_move(m);
    if (who == FC_NOBODY || who == FC_CHANCE || who < 0 || who >= FC_MAX_SEATS)
        return fc_error_set(err, FC_ESTATE, "agent %s: no seat to move", a->kind->name);
    if (!a->kind->rank)
        return rank_fallback(a, m, out, score, err);
    rank_args r = {out, score, max};
    return fc_agent_restricted_call(a, m, rank_legal, &r, err); /* a restricted agent ranks what it may choose */
}

static int rank_legal(fc_agent *a, fc_match *m, void *ctx, fc_error *err)
{
    const rank_args *r = ctx;
    fc_decision *out = r->out;
    double *score = r->score;
    int max = r->max, who = fc_match_to_move(m);
    const fc_decision *legal = NULL;
    int n = fc_match_legal(m, &legal, NULL);
    if (n <= 0 || !legal)
        return fc_error_set(err, FC_ESTATE, "agent %s: no legal decision", a->kind->name);
    fc_decision *copy = malloc((size_t)n * sizeof *copy);
    double *s = malloc((size_t)n * sizeof *s);
    int *idx = malloc((size_t)n * sizeof *idx);
    int rc = copy && s && idx ? 0 : fc_error_set(err, FC_ENOMEM, "out of memory");
    if (rc == 0) {
        memcpy(copy, legal, (size_t)n * sizeof *copy); /* the search may refresh the match's list */
        rc = a->kind->rank(a, m, copy, n, s, err);
    }
    if (rc == 0) {
        fc_rng *rng = fc_agent_rng(a, who);
        for (int i = 0; i < n; i++)
            idx[i] = i;
        for (int i = n - 1; i > 0; i--) {
            int j = (int)fc_rng_below(rng, (uint32_t)(i + 1)), t = idx[i];
            idx[i] = idx[j];
            idx[j] = t;
        }
        rank_sort(idx, s, n);
        rc = n < max ? n : max;
        for (int i = 0; i < rc; i++) {
            out[i] = copy[idx[i]];
            if (score)
                score[i] = s[idx[i]];
        }
    }
    free(copy);
    free(s);
    free(idx);
    return rc;
}
