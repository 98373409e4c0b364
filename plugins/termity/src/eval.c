/* Termity evaluation: how the bots judge a position they do not play to the end.
 *
 * Only mounds score, and a mound changes hands only by capture, so a seat's
 * worth starts from its score and adds what its termites can still do: combat strength on the
 * board and still to deploy, fading as the seat's tokens run out (they only help to capture or
 * to break up attacks); the best mound it could capture at its next Movement phase (adjacent
 * units, Nasute support from two hexes and the slime bonus stronger than the mound's value,
 * ), worth more for the seat that moves next than for the others, with the owner
 * losing as much; and the strength it has gathered around hostile mounds. A seat's lead over its
 * best opponent is squashed into [0, 1]. The new terms are separate sums, so with their weights
 * at 0 the evaluation is exactly the earlier one (tests/game/termity/test_termity_eval.c).
 *
 * The weights are data (plugins/termity/data/eval.csv, Formicary's own design), read once by
 * data_load; agents may play with others (evaluate_weighted, API minor 7). */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formicary/loader.h"
#include "termity.h"

/* Names, one-line docs and the hard limits any eval.csv or weights file must keep (the file's
 * own lo..hi must lie inside them; scale divides, so it stays above 0), in TM_W_* order. */
static const fc_loader_weight_def wdef[TM_W_COUNT] = {
    {"scale", "the lead in points that counts as a clear advantage", 0.1, 1000},
    {"strength", "each strength point of an own unit on the board", -100, 100},
    {"fade", "how much of the strength terms is gone once all the seat's tokens are played", 0, 1},
    {"unplayed", "each strength point of the tokens still in hand and stack", -100, 100},
    {"capture_now", "share of the best mound the seat moving next could capture (the owner loses as much)", -10, 10},
    {"capture_later", "share of the best mound another seat could capture at its turn (the owner loses as much)", -10, 10},
    {"pressure", "each strength point gathered against a hostile mound, up to its value + 1", -100, 100},
};

int tm_eval_load(const fc_host *h, const char *datadir, tm_data *D, fc_error *err)
{
    fc_loader L = {.h = h, .dir = datadir, .err = err};
    int rc = fc_loader_eval_weights(&L, wdef, TM_W_COUNT, D->eval_w, D->eval);
    fc_loader_close(&L); /* still open after an error */
    return rc;
}

int tm_eval_weights(const fc_env *env, const fc_eval_weight **out)
{
    *out = ((const tm_data *)env->data)->eval;
    return TM_W_COUNT;
}

/* The seat whose Movement phase comes next, or -1 (setup, building, game over). */
static int next_mover(const tm_state *s)
{
    switch (s->phase) {
    case PH_DEPLOY:
    case PH_DEPLOY_HEX:
    case PH_DISCARD:
    case PH_MOVE:
    case PH_MOVE_DEST: return s->turn;
    case PH_DRAW: return s->after_draw == PH_MOVE ? s->turn : -1;
    case PH_RETREAT:
    case PH_ATK_MOUND:
    case PH_REPLACE: return (s->turn + 1) % s->nseats;
    default: return -1;
    }
}

/* Capture threats and pressure: for each seat the value of the best hostile mound its units
 * could take (0 = none) and that mound's owner (TM_NEUTRAL for none), and its pressure. */
static void threats(const tm_data *D, const tm_state *s, int *best, int *owner, int *pressure)
{
    uint8_t mc[TM_MAX_CELLS];
    int nm = 0;
    for (int c = 0; c < D->ncells; c++)
        if (TM_IS_MOUND(s->piece[c]))
            mc[nm++] = (uint8_t)c;
    for (int i = 0; i < s->nseats; i++) {
        best[i] = 0, owner[i] = TM_NEUTRAL, pressure[i] = 0;
        for (int m = 0; m < nm; m++) {
            int code = s->piece[mc[m]], own = TM_M_OWNER(code), value = tm_mound_value(D, code), power = 0;
            bool enter = false;
            if (own == i)
                continue;
            for (uint32_t b = s->seat[i].board; b; b &= b - 1) {
                int tok = tm_lowest(b), uc = s->seat[i].tok_cell[tok], d = D->dist[uc][mc[m]];
                const tm_caste *C = tm_caste_of(D, s, i, tok);
                if (d < 1 || d > C->support_range)
                    continue;
                power += tm_token_of(D, s, i, tok)->strength + (C->slime && D->terrain_def[s->terrain[uc]].slime);
                int cost = C->cost[s->terrain[mc[m]]];
                enter |= d == 1 && cost >= 0 && cost <= C->mp;
            }
            pressure[i] += power < value + 1 ? power : value + 1;
            if (enter && power > value && value > best[i])
                best[i] = value, owner[i] = own;
        }
    }
}

void tm_evaluate_weighted(const void *st, const fc_env *env, const double *w, double *value)
{
    const tm_state *s = st;
    const tm_data *D = env->data;
    double base[TM_SEATS], extra[TM_SEATS] = {0};
    int best[TM_SEATS], owner[TM_SEATS], pressure[TM_SEATS], mover = next_mover(s);
    /* threats are not computed when their weights are 0 (the game is over: nothing to capture) */
    bool live = s->phase != PH_OVER &&
                (w[TM_W_CAPTURE_NOW] != 0 || w[TM_W_CAPTURE_LATER] != 0 || w[TM_W_PRESSURE] != 0);
    if (live)
        threats(D, s, best, owner, pressure);
    for (int i = 0; i < s->nseats; i++) {
        int str = 0, unplayed = 0;
        for (uint32_t m = s->seat[i].board; m; m &= m - 1)
            str += tm_token_of(D, s, i, __builtin_ctz(m))->strength;
        uint32_t left = s->seat[i].hand | s->seat[i].stack;
        for (uint32_t m = left; m; m &= m - 1)
            unplayed += tm_token_of(D, s, i, __builtin_ctz(m))->strength;
        int ntok = D->swarm[s->swarm[i]].ntok;
        double fade = 1.0 - w[TM_W_FADE] * (ntok ? 1.0 - __builtin_popcount(left) / (double)ntok : 1.0);
        base[i] = tm_score(s, env, i) + w[TM_W_STRENGTH] * str * fade;
        extra[i] += w[TM_W_UNPLAYED] * unplayed * fade;
        if (!live)
            continue;
        extra[i] += w[TM_W_PRESSURE] * pressure[i] * fade;
        if (best[i]) {
            double cap = (i == mover ? w[TM_W_CAPTURE_NOW] : w[TM_W_CAPTURE_LATER]) * best[i];
            extra[i] += cap;
            if (owner[i] != TM_NEUTRAL)
                extra[owner[i]] -= cap;
        }
    }
    for (int i = 0; i < s->nseats; i++)
        base[i] += extra[i];
    for (int i = 0; i < s->nseats; i++) {
        double top = -1e9;
        for (int j = 0; j < s->nseats; j++)
            if (j != i && base[j] > top)
                top = base[j];
        value[i] = 1.0 / (1.0 + exp(-(base[i] - top) / w[TM_W_SCALE]));
    }
}

void tm_evaluate(const void *st, const fc_env *env, double *value)
{
    tm_evaluate_weighted(st, env, ((const tm_data *)env->data)->eval_w, value);
}
