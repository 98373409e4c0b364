/* Myrmes evaluation: how the bots judge a position they do not play to the end.
 *
 * Every point is scored during play, so a seat's worth starts from its score. Its
 * colony (cubes, larvae, workers, soldiers, nurses, level, tunnel exits) is what earns the
 * points still to come and counts in proportion to the share of the game left. On top of that
 * come what is already promised or threatened in the game's own terms: the food the coming
 * winter will lack, the cubes own pheromones still hold and the yields of own
 * marked special tiles at the harvests to come, and the best objective the seat
 * could complete now. A seat's lead over its best opponent is squashed into
 * [0, 1]. The new terms are separate sums, so with their weights at 0 the evaluation is exactly
 * the earlier one (tests/game/myrmes/test_myrmes_eval.c checks this).
 *
 * The weights are data (plugins/myrmes/data/eval.csv, Formicary's own design), read once by
 * data_load; agents may play with others (evaluate_weighted, API minor 7). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formicary/loader.h"
#include "myrmes.h"

/* Names, one-line docs and the hard limits any eval.csv or weights file must keep (the file's
 * own lo..hi must lie inside them; scale divides, so it stays above 0), in MY_W_* order. */
static const fc_loader_weight_def wdef[MY_W_COUNT] = {
    {"scale", "the VP lead that counts as a clear advantage", 0.1, 1000},
    {"storage", "each cube in storage, fading with the game", -100, 100},
    {"larva", "each larva, fading with the game", -100, 100},
    {"worker", "each worker, fading with the game", -100, 100},
    {"soldier", "each soldier, fading with the game", -100, 100},
    {"nurse", "each nurse not on an objective, fading with the game", -100, 100},
    {"level", "each colony level, fading with the game", -100, 100},
    {"exit", "each tunnel exit, fading with the game", -100, 100},
    {"winter_short", "share of the winter penalty expected for the food the coming winter will lack", -10, 10},
    {"pher_cube", "each cube an own pheromone will still bring in", -100, 100},
    {"special_cube", "each cube own marked aphid farms and scavenging tiles will still yield", -100, 100},
    {"special_vp", "each VP own marked subcolonies will still yield", -100, 100},
    {"objective_ready", "share of the VP of the best objective the seat could complete now", -10, 10},
};

int my_eval_load(const fc_host *host, const char *datadir, my_data *D, fc_error *err)
{
    fc_loader L = {.h = host, .dir = datadir, .err = err};
    int rc = fc_loader_eval_weights(&L, wdef, MY_W_COUNT, D->eval_w, D->eval);
    fc_loader_close(&L); /* still open after an error */
    return rc;
}

int my_eval_weights(const fc_env *env, const fc_eval_weight **out)
{
    *out = MY_DATA(env)->eval;
    return MY_W_COUNT;
}

/* Food the coming winter will lack for seat s after its soldiers, its storage and
 * sacrificing every free larva, times how near that winter is. */
static double winter_short(const my_state *st, const fc_env *env, const my_data *D, int s)
{
    const my_seat *p = &st->seat[s];
    int rate = MY_P(env, P_SACRIFICE_LARVAE), due, year = st->phase == PH_DICE ? st->year + 1 : st->year;
    if (st->phase == PH_OVER || year > D->years)
        return 0;
    if (st->phase == PH_WINTER) {
        due = p->owed;
    } else {
        int w = D->winter[year - 1], red = p->soldiers;
        if (MY_P(env, P_WINTER_SOLDIER_HALF) && red > w / 2)
            red = w / 2;
        due = w - red;
    }
    int avail = p->res[R_FOOD] + p->p_sac + my_avail_larvae(st, env, s) / rate, short_ = due - avail;
    if (short_ <= 0)
        return 0;
    double near = st->phase == PH_WINTER ? 1.0 : st->phase == PH_DICE ? 1.0 / 3 : (st->season + 1) / 3.0;
    return short_ * MY_P(env, P_WINTER_PENALTY) * near;
}

/* Whether seat s may complete objective o now (R-47, T-10), given its marked special tiles and
 * its pheromones (a pheromone objective counts them whether connected or not). */
static bool objective_met(const my_seat *p, const my_objective *o, int specials, int pheromones)
{
    if ((o->level == 2 && !(p->obj_levels & 1)) || (o->level == 3 && !(p->obj_levels & 2)))
        return false;
    int a = o->amount, inplay = my_nurses_in_play(p);
    switch (o->kind) {
    case OK_FOOD: return p->res[R_FOOD] >= a;
    case OK_STONE: return p->res[R_STONE] >= a;
    case OK_DIRTSTONE: return p->res[R_DIRT] + p->res[R_STONE] >= a;
    case OK_LARVAE: return p->larvae >= a;
    case OK_PREY: return p->prey[0] + p->prey[1] + p->prey[2] >= a;
    case OK_SOLDIERS: return p->soldiers >= a;
    case OK_SPECIALS: return specials >= a;
    case OK_NURSES: return inplay >= a && inplay - p->obj_nurses - 1 >= o->extra;
    case OK_LEVEL: return p->level >= a;
    case OK_PHEROMONES: return pheromones >= a;
    default: return false;
    }
}

/* The garden and objective terms of every seat, in weight order from MY_W_WINTER_SHORT. */
typedef struct garden {
    int pher_cubes, special_cubes, special_vp, specials, pheromones;
} garden;

static void read_garden(const my_state *st, const my_data *D, int harvests, garden *g)
{
    for (int t = 0; t < st->tile_hi; t++) {
        const my_tile *T = &st->tile[t];
        if (!T->kind || T->owner < 0 || T->owner >= MY_MAX_SEATS)
            continue;
        const my_kind *K = &D->kind[T->kind - 1];
        garden *G = &g[T->owner];
        if (K->special) {
            if (!T->marked)
                continue;
            G->specials++;
            if (K->harvest == ROOM_VP)
                G->special_vp += K->harvest_amount * harvests;
            else
                G->special_cubes += K->harvest_amount * harvests;
            continue;
        }
        G->pheromones++;
        int cubes = 0;
        for (int i = 0; i < T->n; i++)
            cubes += my_bit(st->cube, T->cell[i]);
        G->pher_cubes += cubes < harvests ? cubes : harvests;
    }
}

void my_evaluate_weighted(const void *vst, const fc_env *env, const double *w, double *value)
{
    const my_state *st = vst;
    const my_data *D = MY_DATA(env);
    double v[MY_MAX_SEATS];
    int round = my_round(st, env), total = MY_SEASONS * D->years;
    double progress = (round - 1) / (double)total;
    /* harvests still to come (phase 4 of this round counts until it is over) */
    int harvests = st->phase == PH_OVER ? 0 : total - round + (st->phase <= PH_HARVEST);
    /* an objective needs a phase 5 still to come; terms weighted 0 are not computed */
    bool workshop =
        w[MY_W_OBJECTIVE_READY] != 0 && st->phase != PH_OVER && (round < total || st->phase <= PH_WORKSHOP);
    garden g[MY_MAX_SEATS];
    memset(g, 0, sizeof g);
    if (workshop || w[MY_W_PHER_CUBE] != 0 || w[MY_W_SPECIAL_CUBE] != 0 || w[MY_W_SPECIAL_VP] != 0)
        read_garden(st, D, harvests, g);
    for (int s = 0; s < env->nseats; s++) {
        const my_seat *p = &st->seat[s];
        double assets = w[MY_W_STORAGE] * my_storage(p) + w[MY_W_LARVA] * p->larvae +
                        w[MY_W_WORKER] * (p->workers + p->room_workers) + w[MY_W_SOLDIER] * p->soldiers +
                        w[MY_W_NURSE] * (p->nursery + p->track[0] + p->track[1] + p->track[2] + p->track[3] +
                                         p->ws_spent) +
                        w[MY_W_LEVEL] * p->level + w[MY_W_EXIT] * p->exits;
        int objective = 0;
        for (int i = 0; workshop && i < MY_SLOTS; i++) {
            const my_objective *o = &D->obj[st->obj[i]];
            int vp = D->objective_points[o->level - 1];
            if (!st->obj_round[i][s] && vp > objective && objective_met(p, o, g[s].specials, g[s].pheromones))
                objective = vp;
        }
        double winter = w[MY_W_WINTER_SHORT] != 0 ? winter_short(st, env, D, s) : 0;
        double extra = -w[MY_W_WINTER_SHORT] * winter + w[MY_W_PHER_CUBE] * g[s].pher_cubes +
                       w[MY_W_SPECIAL_CUBE] * g[s].special_cubes + w[MY_W_SPECIAL_VP] * g[s].special_vp +
                       w[MY_W_OBJECTIVE_READY] * objective;
        v[s] = p->score + (1.0 - progress) * assets + extra;
    }
    for (int s = 0; s < env->nseats; s++) {
        double best = -1e9;
        for (int t = 0; t < env->nseats; t++)
            if (t != s && v[t] > best)
                best = v[t];
        double x = (v[s] - best) / w[MY_W_SCALE];
        value[s] = 0.5 + 0.5 * x / (1.0 + (x < 0 ? -x : x));
    }
}

void my_evaluate(const void *st, const fc_env *env, double *value)
{
    my_evaluate_weighted(st, env, MY_DATA(env)->eval_w, value);
}
