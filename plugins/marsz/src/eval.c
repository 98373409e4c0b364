/* March of the Ants evaluation: how the bots judge a position they do not play to the end
 * (docs/rules/marsz.md, "How the bots judge a position").
 *
 * Each seat gets a value in points: its score, plus what its pieces and cards are worth (ants
 * on the meadow, larvae, food, cards in hand, evolutions), plus what the rest of the round and
 * the game are likely to pay out: ants on harvest spaces (R-67; point spaces extra), inner-meadow
 * tiles it controls and its colony goals at their current level (both score at every dormancy
 * left, R-71, R-72), a feeding it cannot pay for (R-68, R-69: the starvation penalty and the ants
 * lost), the Great Tunnel place its ants and heads would take before the soldier phase,
 * and in the final round the end-game awards as they stand. A seat's winning estimate is
 * 1 / (1 + exp(-(own value - best other value) / scale)).
 *
 * Every number is data (plugins/marsz/data/eval.csv), read once by data_load. With the six
 * first weights at 1, 0.3, 0.15, 0.3, 0.25, 0.5, scale 5 and the rest 0 this is exactly the
 * evaluation the plugin had before (tests/game/marsz/test_marsz_eval.c checks that). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formicary/loader.h"
#include "marsz.h"

/* Names, one-line docs and the hard limits any eval.csv or weights file must keep (the file's
 * own lo..hi must lie inside them), in MZW_* order. */
static const fc_loader_weight_def wdef[MZW_COUNT] = {
    {"scale", "points of lead over the best rival that make a 2.7-to-1 favourite", 0.5, 100},
    {"score", "per point scored", 0, 10},
    {"ants", "per ant on the meadow", -10, 10},
    {"larvae", "per larva in the chamber", -10, 10},
    {"food", "per food in the pantry", -10, 10},
    {"hand", "per card in hand", -10, 10},
    {"evolution", "per evolution in play", -10, 10},
    {"space", "per harvest space an own ant occupies", -10, 10},
    {"space_point", "per point harvest space an own ant occupies, on top of space", -10, 10},
    {"inner", "per inner-meadow tile controlled, times the dormancies left", -10, 10},
    {"goal", "per point an own colony goal would score now, times the dormancies left", -10, 10},
    {"starve", "when this round's feeding cannot feed every ant on the meadow", -20, 20},
    {"unfed", "per ant this round's feeding cannot feed", -10, 10},
    {"award", "per end-game award point as the awards stand, in the final round", -10, 10},
    {"tunnel", "per point of the Great Tunnel place the ants there would take this round", -10, 10},
    {"ferocity", "per ferocity point of the cards in hand", -10, 10},
    {"battle", "per battle point a contested tile would give its strongest seat this round", -10, 10},
    {"threat", "per own ant on a contested tile where another seat is stronger", -10, 10},
    {"reach", "per free harvest space on a tile where the seat has ants", -10, 10},
    {"ants_round", "per ant on the meadow, times the dormancies left", -10, 10},
    {"goal_next", "per own colony goal, its progress to its next level (0..1), times the dormancies left", -10, 10},
    {"evo_cost", "per cost point of the evolution on top of each own pile (its ability in play)", -10, 10},
    {"battle_fer", "per ferocity point of the best card in hand, added to the strength battle and threat see", 0, 10},
    {"march", "per free harvest space on a tile without own ants connected to one with them", -10, 10},
};

int mz_eval_load(fc_loader *L, mz_data *D) { return fc_loader_eval_weights(L, wdef, MZW_COUNT, D->w, D->eval); }

int mz_eval_weights(const fc_env *env, const fc_eval_weight **out)
{
    *out = MZ_D_(env)->eval;
    return MZW_COUNT;
}

/* R-75 as it stands: award points per seat (3 to a sole leader, 2 to each tied leader). */
static void award_points(const mz_data *D, const mz_state *s, int *pts)
{
    for (int p = 0; p < s->nseats; p++)
        pts[p] = 0;
    for (int k = 0; k < 3; k++) {
        int best = 0, nbest = 0, v[MZ_SEATS];
        for (int p = 0; p < s->nseats; p++) {
            const mz_seat *P = &s->seat[p];
            v[p] = P->starved_final ? -1 : k == 0 ? P->larvae : k == 1 ? P->food : P->hand;
            nbest = v[p] > best ? 1 : v[p] == best ? nbest + 1 : nbest;
            best = v[p] > best ? v[p] : best;
        }
        for (int p = 0; best > 0 && p < s->nseats; p++)
            pts[p] += v[p] == best ? (nbest == 1 ? D->award_points : D->award_tie) : 0;
    }
}

/* the reward points of each seat's place in the Great Tunnel, ranking the seats
 * there (and the two-player Old Guard, round ants) by ants plus head evolutions. */
static void tunnel_points(const mz_data *D, const mz_state *s, int *pts)
{
    int str[MZ_SEATS];
    for (int p = 0; p < s->nseats; p++) {
        int a = s->loc[MZ_GT].out[p];
        str[p] = a ? a + mz_evo_count(s, p, SEG_HEAD) : -1;
    }
    int og = s->nseats == 2 ? s->round : 0; /* */
    for (int p = 0; p < s->nseats; p++) {
        pts[p] = 0;
        if (str[p] < 0)
            continue;
        int place = og > str[p]; /* a player tied with the Old Guard ranks above it */
        for (int q = 0; q < s->nseats; q++)
            place += q != p && str[q] > str[p];
        if (place < 3) /* a sole occupant takes the first place without a fight */
            pts[p] = D->reward[s->reward_cur].give[place][RW_P];
    }
}

/* before the soldier phase: per seat, the battle points of the contested tiles
 * (no centipede) where its base strength (ants, heads, rest tile; plus fer times its best
 * ferocity card in hand, R-55) beats every other seat's, and its ants on those where another
 * seat's is higher (the casualties' share). */
static void battle_outlook(const fc_env *env, const mz_state *s, double fer, int *won, int *risk)
{
    const mz_data *D = MZ_D_(env);
    double bonus[MZ_SEATS] = {0};
    for (int p = 0; p < s->nseats; p++)
        won[p] = risk[p] = 0;
    for (int c = 0; fer != 0 && c < MZ_CARDS; c++)
        if (s->card_loc[c] == CL_HAND && fer * D->card[c].ferocity > bonus[s->card_seat[c]])
            bonus[s->card_seat[c]] = fer * D->card[c].ferocity;
    for (int t = 1; t <= MZ_TILES; t++) {
        if (!s->loc[t].placed || s->loc[t].centipede || s->soldier_done[t] || !mz_contested(s, t))
            continue;
        double str[MZ_SEATS], best = -1;
        int nbest = 0, who = -1;
        for (int p = 0; p < s->nseats; p++) {
            str[p] = mz_ants_at(s, t, p) ? mz_strength_base(env, s, p, t, false) + bonus[p] : -1;
            nbest = str[p] > best ? 1 : str[p] == best ? nbest + 1 : nbest;
            who = str[p] > best ? p : who;
            best = str[p] > best ? str[p] : best;
        }
        if (nbest == 1)
            won[who] += D->battle_points;
        for (int p = 0; p < s->nseats; p++)
            risk[p] += str[p] >= 0 && str[p] < best ? mz_ants_at(s, t, p) : 0;
    }
}

void mz_evaluate_weighted(const void *st, const fc_env *env, const double *w, double *value)
{
    const mz_state *s = st;
    const mz_data *D = MZ_D_(env);
    int stage = s->nframes ? s->frame[0].b : PS_OVER; /* the F_PHASE stage that comes next */
    int dormancies = D->rounds - s->round + 1;
    int awards[MZ_SEATS], tunnel[MZ_SEATS], space[MZ_SEATS] = {0}, points[MZ_SEATS] = {0}, fspace[MZ_SEATS] = {0};
    int inner[MZ_SEATS] = {0}, fer[MZ_SEATS] = {0}, won[MZ_SEATS] = {0}, risk[MZ_SEATS] = {0};
    award_points(D, s, awards);
    tunnel_points(D, s, tunnel);
    if (w[MZW_FEROCITY] != 0)
        for (int c = 0; c < MZ_CARDS; c++)
            if (s->card_loc[c] == CL_HAND) /* card_seat names the holder only then */
                fer[s->card_seat[c]] += D->card[c].ferocity;
    if ((w[MZW_BATTLE] != 0 || w[MZW_THREAT] != 0) && stage <= PS_SOLDIER)
        battle_outlook(env, s, w[MZW_BATTLE_FER], won, risk);
    int reach[MZ_SEATS] = {0}, march[MZ_SEATS] = {0};
    uint32_t home[MZ_SEATS] = {0}; /* the locations with ants of each seat, for march (R-33 a) */
    for (int l = 0; w[MZW_MARCH] != 0 && l <= MZ_TILES; l++)
        for (int p = 0; p < s->nseats; p++)
            home[p] |= mz_ants_at(s, l, p) ? 1u << l : 0;
    for (int t = 1; t <= MZ_TILES; t++) {
        if (!s->loc[t].placed)
            continue;
        int free = 0;
        for (int i = 0; i < D->tile[t].nspaces; i++) {
            int p = s->loc[t].space[i] - 1;
            free += p < 0 && i > 0;
            if (p < 0)
                continue;
            space[p]++;
            points[p] += D->tile[t].space[i] == RW_P;
            fspace[p] += D->tile[t].space[i] == RW_F;
        }
        for (int p = 0; free && w[MZW_REACH] != 0 && p < s->nseats; p++)
            reach[p] += mz_ants_at(s, t, p) ? free : 0;
        for (int p = 0; free && w[MZW_MARCH] != 0 && p < s->nseats; p++)
            march[p] += !(home[p] >> t & 1) && (s->conn[t] & home[p]) ? free : 0;
        int c = mz_controller(s, t);
        if (c >= 0 && mz_inner(D, s, t))
            inner[c]++;
    }
    double base[MZ_SEATS];
    for (int p = 0; p < s->nseats; p++) {
        const mz_seat *P = &s->seat[p];
        int ants = mz_ants_total(s, p), goals = 0, unfed = 0, cost = 0;
        double next = 0;
        for (int c = CG01; c <= CG10; c++)
            if (s->card_loc[c] == CL_GOAL && s->card_seat[c] == p) {
                goals += mz_goal_points(env, s, p, c);
                next += w[MZW_GOAL_NEXT] != 0 ? mz_goal_progress(env, s, p, c) : 0;
            }
        for (int g = 0; w[MZW_EVO_COST] != 0 && g < 3; g++)
            cost += P->npile[g] ? D->card[mz_top_evo(s, p, g)].cost : 0;
        if (stage <= PS_QUEEN) { /* this round's feeding is still to come, after the harvest */
            int fed = (P->food + fspace[p]) * mz_feed_capacity(env, s, p);
            unfed = ants > fed ? ants - fed : 0;
        }
        base[p] = w[MZW_SCORE] * P->score + w[MZW_ANTS] * ants + w[MZW_LARVAE] * P->larvae + w[MZW_FOOD] * P->food +
                  w[MZW_HAND] * P->hand + w[MZW_EVOLUTION] * (P->npile[0] + P->npile[1] + P->npile[2]);
        base[p] += w[MZW_SPACE] * space[p] + w[MZW_SPACE_POINT] * points[p] +
                   w[MZW_INNER] * (inner[p] * dormancies) + w[MZW_GOAL] * (goals * dormancies) +
                   w[MZW_STARVE] * (unfed > 0) + w[MZW_UNFED] * unfed +
                   w[MZW_AWARD] * (s->round >= D->rounds ? awards[p] : 0) +
                   w[MZW_TUNNEL] * (stage <= PS_SOLDIER ? tunnel[p] : 0) + w[MZW_FEROCITY] * fer[p] +
                   w[MZW_BATTLE] * won[p] + w[MZW_THREAT] * risk[p] + w[MZW_REACH] * reach[p] +
                   w[MZW_ANTS_ROUND] * (ants * dormancies) + w[MZW_GOAL_NEXT] * next * dormancies +
                   w[MZW_EVO_COST] * cost + w[MZW_MARCH] * march[p];
    }
    for (int p = 0; p < s->nseats; p++) {
        double best = -1e9;
        for (int q = 0; q < s->nseats; q++)
            if (q != p && base[q] > best)
                best = base[q];
        value[p] = 1.0 / (1.0 + exp(-(base[p] - best) / w[MZW_SCALE]));
    }
}

void mz_evaluate(const void *st, const fc_env *env, double *value)
{
    mz_evaluate_weighted(st, env, MZ_D_(env)->w, value);
}
