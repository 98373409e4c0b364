/* Soldier phase sequence (R-50 .. ), queen phase (R-67 .. R-70), dormancy (R-71 ..
 * R-73), end of the game (R-74 .. R-76) and scores. */
#include <string.h>

#include "marsz.h"

/* F_SOLDIER: b = stage, a = next tile number. */
void mz_soldier_step(const fc_env *env, mz_state *s, mz_frame *f)
{
    const mz_data *D = MZ_D_(env);
    switch (f->b) {
    case 0: /* start-of-soldier-phase abilities (HD-05) in player order */
        f->b = 1;
        for (int i = s->nseats - 1; i >= 0; i--) {
            int p = (s->active + i) % s->nseats;
            if (mz_has_evo(s, p, HD05))
                mz_push(s, F_SHOOT, p, 0, 0, 0, 0);
        }
        return;
    case 1: /* R-50 step 2 */
        s->og_ants = s->nseats == 2 ? s->round : 0;
        f->b = 2;
        f->a = 1;
        mz_battle_start(env, s, MZ_GT, false);
        return;
    case 2:
        s->og_ants = 0;
        if (s->round == 1) { /* */
            mz_pop(s);
            return;
        }
        while (f->a <= MZ_TILES) {
            int t = f->a++;
            if (!s->loc[t].placed || !mz_contested(s, t)) /* */
                continue;
            if (s->loc[t].centipede)
                mz_push(s, F_CENTI, s->active, t, 0, 0, 0);
            else if (!s->soldier_done[t])
                mz_battle_start(env, s, t, false);
            else
                continue;
            return;
        }
        mz_pop(s);
        return;
    default: mz_pop(s); return;
    }
    (void)D;
}

/* R-67 harvest for one seat (AB-04, AB-05, AB-07, AB-08). */
static void harvest(const fc_env *env, mz_state *s, int p)
{
    const mz_data *D = MZ_D_(env);
    int got[RW_KINDS] = {0};
    for (int t = 1; t <= MZ_TILES; t++)
        if (s->loc[t].placed)
            for (int i = 0; i < D->tile[t].nspaces; i++)
                if (s->loc[t].space[i] == p + 1)
                    got[D->tile[t].space[i]]++;
    int food = got[RW_F], larvae = got[RW_L1] + 2 * got[RW_L2], cards = got[RW_C], pts = got[RW_P];
    if (mz_has_evo(s, p, AB04))
        larvae += got[RW_L1] * (D->card[AB04].n - 1);
    if (mz_has_evo(s, p, AB05) && got[RW_F] >= D->card[AB05].n)
        food += D->card[AB05].food;
    if (mz_has_evo(s, p, AB07))
        cards += got[RW_C] * (D->card[AB07].n - 1);
    if (mz_has_evo(s, p, AB08))
        pts += got[RW_P] * (D->card[AB08].n - 1);
    mz_gain(env, s, p, food, larvae, cards, pts);
}

int mz_feed_capacity(const fc_env *env, const mz_state *s, int p)
{
    const mz_data *D = MZ_D_(env);
    int base = D->epic && s->round >= 4 ? D->feed_late : D->feed_base; /* V-2 */
    int cap = base + mz_evo_count(s, p, SEG_ABDOMEN) + s->seat[p].rest_feed;
    if (mz_has_evo(s, p, AB02))
        cap += D->card[AB02].n;
    if (FC_HOOKED(env, H_FEED_CAPACITY)) {
        int64_t args[2] = {p, cap};
        cap = (int)env->host->hook_int(env, H_FEED_CAPACITY, (void *)s, args, 2, cap);
    }
    return cap < 1 ? 1 : cap;
}

static bool final_round(const fc_env *env, const mz_state *s) { return s->round >= MZ_D_(env)->rounds; }

int mz_goal_points(const fc_env *env, const mz_state *s, int seat, int card)
{
    const mz_card_fx *fx = mz_card_fx_of(card);
    int v = fx->score ? fx->score(env, s, seat, card) : 0;
    if (FC_HOOKED(env, H_GOAL_SCORE)) {
        int64_t args[3] = {seat, card, v};
        v = (int)env->host->hook_int(env, H_GOAL_SCORE, (void *)s, args, 3, v);
    }
    return v;
}

/* */
static void dormancy(const fc_env *env, mz_state *s)
{
    const mz_data *D = MZ_D_(env);
    for (int i = 0; i < s->nseats; i++) {
        int p = (s->active + i) % s->nseats;
        for (int t = 1; t <= MZ_TILES; t++)
            if (mz_inner(D, s, t) && mz_controller(s, t) == p)
                mz_add_points(s, p, D->inner_points);
        for (int c = CG01; c <= CG10; c++)
            if (s->card_loc[c] == CL_GOAL && s->card_seat[c] == p)
                mz_add_points(s, p, mz_goal_points(env, s, p, c));
    }
}

/* R-75 awards. */
static void awards(const fc_env *env, mz_state *s)
{
    const mz_data *D = MZ_D_(env);
    for (int k = 0; k < 3; k++) {
        int best = 0, nbest = 0, v[MZ_SEATS];
        for (int p = 0; p < s->nseats; p++) {
            v[p] = s->seat[p].starved_final ? -1 : k == 0 ? s->seat[p].larvae : k == 1 ? s->seat[p].food : s->seat[p].hand;
            if (v[p] > best) {
                best = v[p];
                nbest = 1;
            } else if (v[p] == best && best > 0)
                nbest++;
        }
        if (best < 1) /* */
            continue;
        for (int p = 0; p < s->nseats; p++)
            if (v[p] == best)
                mz_add_points(s, p, nbest == 1 ? D->award_points : D->award_tie);
    }
}

/* */
static void prepare_round(const fc_env *env, mz_state *s)
{
    const mz_data *D = MZ_D_(env);
    s->round++;
    for (int i = 1; i < MZ_REST; i++) {
        if (s->rest_row[i] || s->rest_owner[i])
            s->rest_disc[s->nrest_disc++] = (uint8_t)i;
        s->rest_row[i] = 0;
        s->rest_owner[i] = 0;
    }
    s->rest_row[0] = 1;
    s->rest_owner[0] = 0;
    s->gt_defender = MZ_NONE;
    mz_deal_rest_row(D, s);
    if (s->nreward)
        s->reward_cur = s->reward_stack[--s->nreward];
}

/* F_QUEEN: b = stage, a = seats done in the current stage. */
void mz_queen_step(const fc_env *env, mz_state *s, mz_frame *f)
{
    const mz_data *D = MZ_D_(env);
    switch (f->b) {
    case 0: /* T-25 Antlion Pit, in player order */
        f->b = 1;
        if (s->loc[25].placed)
            for (int i = s->nseats - 1; i >= 0; i--) {
                int p = (s->active + i) % s->nseats, k = 0;
                for (int j = 0; j < D->tile[25].nspaces; j++)
                    k += s->loc[25].space[j] == p + 1;
                if (k > s->seat[p].hand)
                    k = s->seat[p].hand;
                if (k)
                    mz_push(s, F_DISCARD, p, 0, DW_ANTLION, 0, k);
            }
        return;
    case 1:
        for (int i = 0; i < s->nseats; i++)
            harvest(env, s, (s->active + i) % s->nseats);
        f->b = 2;
        for (int i = s->nseats - 1; i >= 0; i--) {
            int p = (s->active + i) % s->nseats;
            mz_push(s, F_FEED, p, 0, 0, 0, 0);
        }
        return;
    case 2:
        f->b = 3;
        for (int i = s->nseats - 1; i >= 0; i--) { /* R-70, AB-06 */
            int p = (s->active + i) % s->nseats;
            int k = !final_round(env, s) ? D->queen_choices : mz_has_evo(s, p, AB06) ? D->card[AB06].n : 0;
            if (k)
                mz_push(s, F_QCHOICE, p, 0, 0, 0, k);
        }
        mz_push_refill(s, s->active, MZ_NONE); /* refill after feeding, before the choices */
        return;
    case 3:
        dormancy(env, s);
        if (FC_HOOKED(env, H_ROUND_END)) {
            int64_t args[1] = {s->round};
            env->host->hook_int(env, H_ROUND_END, s, args, 1, 0);
        }
        mz_pop(s);
        if (final_round(env, s)) {
            awards(env, s);
            s->over = 1;
            s->nframes = 0;
            memset(s->frame, 0, sizeof s->frame);
            return;
        }
        prepare_round(env, s);
        /* back to the round iterator: worker phase next */
        if (mz_top(s) && mz_top(s)->kind == F_PHASE)
            mz_top(s)->b = PS_WORKER;
        return;
    default: mz_pop(s); return;
    }
}

int mz_legal_queen(const fc_env *env, const mz_state *s, const mz_frame *f, fc_decision *out)
{
    int n = 0, p = f->seat;
    if (f->kind == F_FEED) {
        int ants = mz_ants_total(s, p), cap = mz_feed_capacity(env, s, p);
        for (int k = ants; k >= 0; k--)
            if ((k + cap - 1) / cap <= s->seat[p].food)
                out[n++] = MZ_D(DK_FEED, k, 0, 0);
        return n;
    }
    out[n++] = MZ_D(DK_QUEEN, 0, 0, 0);
    out[n++] = MZ_D(DK_QUEEN, 1, 0, 0);
    return n;
}

void mz_apply_queen(const fc_env *env, mz_state *s, mz_frame *f, fc_decision d)
{
    const mz_data *D = MZ_D_(env);
    int p = f->seat, a = MZ_DA(d);
    if (f->kind == F_FEED) {
        int ants = mz_ants_total(s, p), cap = mz_feed_capacity(env, s, p);
        mz_pop(s);
        s->seat[p].food = (uint8_t)(s->seat[p].food - (a + cap - 1) / cap);
        if (a < ants) { /* */
            mz_add_points(s, p, -D->starve_points);
            if (final_round(env, s))
                s->seat[p].starved_final = 1;
            if (a == 0) {
                for (int l = 0; l < MZ_LOCS; l++)
                    for (int k = 0; k <= MZ_OUT; k++)
                        while (mz_take(s, p, MZ_POS(l, k)))
                            s->seat[p].eggs++;
            } else
                mz_push(s, F_REMOVE, p, MZ_NONE, RM_FEED, 0, ants - a);
        } else if (mz_has_evo(s, p, AB09))
            mz_add_points(s, p, D->card[AB09].points);
        return;
    }
    /* R-70 queen's choice (AB-03, AB-10) */
    if (a == 0)
        mz_gain(env, s, p, D->queen_food, mz_has_evo(s, p, AB10) ? D->card[AB10].larvae : 0, 0, 0);
    else
        mz_gain_larvae(s, p, mz_has_evo(s, p, AB03) ? D->card[AB03].n : D->queen_larvae);
    if (--f->n == 0)
        mz_pop(s);
}

/* points, then ants on the meadow; still tied share. */
void mz_scores(const void *st, const fc_env *env, int32_t *score, int *rank)
{
    (void)env;
    const mz_state *s = st;
    int ants[MZ_SEATS];
    for (int p = 0; p < s->nseats; p++) {
        score[p] = s->seat[p].score;
        ants[p] = mz_ants_total(s, p);
    }
    for (int p = 0; p < s->nseats; p++) {
        rank[p] = 0;
        for (int q = 0; q < s->nseats; q++)
            rank[p] += score[q] > score[p] || (score[q] == score[p] && ants[q] > ants[p]);
    }
}
