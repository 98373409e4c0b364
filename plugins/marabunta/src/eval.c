/* Marabunta evaluation: how the bots judge a position they do not play to the end
 * (docs/rules/marabunta.md, "How the bots judge a position").
 *
 * The base is the projected final margin: VP from play plus the regions as they stand.
 * A region that is still open is not won yet, though: its leader's lead is worth less the
 * more numbers can still go in before the game ends, so region_soft replaces the all-or-nothing
 * region score by a share that grows with the lead and shrinks with the hexes left there
 * (region_doubt). What the remaining rounds can still bring counts in proportion to how much
 * of the game is left (cookie hexes still available, as E-3 ends the game): ant hills left,
 * crates towards abilities not yet unlocked, regions and cookie hexes reachable without an
 * ant hill. The weighted difference x between the two players becomes
 * 0.5 + 0.5 * x / (1 + |x|) with x in units of `scale` VP; no libm.
 *
 * Every number is data (plugins/marabunta/data/eval.csv), read once by data_load. With
 * projected 1, scale 10 and every other feature 0 this is exactly the evaluation the plugin had
 * before (tests/game/marabunta/test_marabunta_eval.c checks that). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formicary/loader.h"
#include "marabunta.h"

#define DATA(env) ((const mb_data *)(env)->data)

/* Names, one-line docs and the hard limits any eval.csv or weights file must keep (the file's
 * own lo..hi must lie inside them), in MBW_* order. */
static const fc_loader_weight_def wdef[MBW_COUNT] = {
    {"scale", "VP of weighted margin that make a 3-to-1 favourite", 0.5, 100},
    {"projected", "per VP of projected final margin (play VP plus regions as they stand)", 0, 10},
    {"region_soft", "per VP of an open region scored as a share of its value instead of all or nothing", 0, 10},
    {"region_doubt", "how much one more hex still open in a region weakens its lead", 0.05, 20},
    {"hill", "per ant hill left, times the share of the game left", -10, 10},
    {"crate", "per crate group filled (as a fraction) but not yet unlocked, times the game left", -10, 10},
    {"access", "per region where a number can go next to an own number, times the game left", -10, 10},
    {"cookie_reach", "per available cookie hex next to an own number (up to 3), times the game left", -10, 10},
};

int mb_eval_load(fc_loader *L, mb_data *D) { return fc_loader_eval_weights(L, wdef, MBW_COUNT, D->w, D->eval); }

int mb_eval_weights(const fc_env *env, const fc_eval_weight **out)
{
    *out = DATA(env)->eval;
    return MBW_COUNT;
}

/* Each seat's features in MBW_* order (scale unused, region_doubt already applied). */
static void features(const mb_state *s, const fc_env *env, const double *w, double f[MB_SEATS][MBW_COUNT])
{
    const mb_data *D = DATA(env);
    int32_t total[MB_SEATS];
    mb_final(s, env, total);
    /* rounds still to come, the current one included: from round 8 on every round takes a cookie
     * hex (T8), and their end ends the game (E-3); after a trigger only this round is left */
    int rounds = 1 + (s->trigger >= 0 ? 0 : mb_count(mb_and(s->avail, D->cookie_hexes)));
    double left = (double)rounds / (double)(mb_count(D->cookie_hexes) + 1);
    for (int p = 0; p < MB_SEATS; p++) {
        const mb_seat *q = &s->seat[p];
        mb_set reach = mb_and(s->avail, s->near[p]);
        double soft = 0, crates = 0;
        int access = 0, cookies = mb_count(mb_and(reach, D->cookie_hexes));
        for (int r = 0; r < D->nregions; r++) {
            int d = s->sum[r][p] - s->sum[r][1 - p], open = mb_count(mb_and(s->avail, D->region_hexes[r]));
            double t = w[MBW_REGION_DOUBT] * (open < rounds ? open : rounds);
            if (t > 0) /* share 0.5 + 0.5 d / (|d| + t) of the region's value instead of 1 or 0 */
                soft += mb_region_value(s, env, r, p) * (0.5 * d / ((d < 0 ? -d : d) + t) + (d > 0 ? -0.5 : 0.5));
            access += !mb_empty(mb_and(reach, D->region_hexes[r]));
        }
        for (int g = 0; g < D->ngroups; g++)
            if (q->crates[g] < D->group_crates[g])
                crates += (double)q->crates[g] / D->group_crates[g];
        f[p][MBW_PROJECTED] = total[p];
        f[p][MBW_REGION_SOFT] = soft;
        f[p][MBW_HILL] = q->hills * left;
        f[p][MBW_CRATE] = crates * left;
        f[p][MBW_ACCESS] = access * left;
        f[p][MBW_COOKIE_REACH] = (cookies < 3 ? cookies : 3) * left;
    }
}

void mb_evaluate_weighted(const void *st, const fc_env *env, const double *w, double *value)
{
    const mb_state *s = st;
    if (s->phase == PH_OVER) {
        int32_t total[MB_SEATS];
        int rank[MB_SEATS];
        mb_scores(s, env, total, rank);
        for (int p = 0; p < MB_SEATS; p++)
            value[p] = rank[p] == 0 ? (rank[1 - p] == 0 ? 0.5 : 1.0) : 0.0;
        return;
    }
    double f[MB_SEATS][MBW_COUNT];
    features(s, env, w, f);
    for (int p = 0; p < MB_SEATS; p++) {
        double x = w[MBW_PROJECTED] * (f[p][MBW_PROJECTED] - f[1 - p][MBW_PROJECTED]);
        for (int i = MBW_REGION_SOFT; i < MBW_COUNT; i++)
            if (i != MBW_REGION_DOUBT)
                x += w[i] * (f[p][i] - f[1 - p][i]);
        x /= w[MBW_SCALE];
        value[p] = 0.5 + 0.5 * x / (1.0 + (x < 0 ? -x : x));
    }
}

void mb_evaluate(const void *st, const fc_env *env, double *value)
{
    mb_evaluate_weighted(st, env, DATA(env)->w, value);
}
