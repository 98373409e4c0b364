/* V-5 ancient species: setup, the unique actions (once per worker phase, as a turn action)
 * with their global reactions, and the frames they use. The traits live where the rules use
 * them: Egg Keepers' ferocity cost in battle.c, Visionary Queen's goal limit and extra cost in
 * cards.c / cards_play.c, Chaos Dancers' Forage in worker.c. Numbers come from species.csv. */
#include <string.h>

#include "marsz.h"

void mz_species_setup(const fc_env *env, mz_state *s, fc_rng *rng)
{
    if (!MZ_D_(env)->species)
        return;
    uint8_t deal[MZ_SEATS] = {SP_EGG_KEEPERS, SP_HORIZON, SP_VISIONARY, SP_CHAOS, SP_NONE};
    /* four species: with 5 players one random seat keeps the standard side */
    mz_shuffle(rng, deal, s->nseats < MZ_SEATS ? SP_COUNT - 1 : MZ_SEATS);
    for (int p = 0; p < s->nseats; p++) {
        s->seat[p].species = deal[p];
        s->seat[p].ritual[0] = s->seat[p].ritual[1] = MZ_NONE;
    }
}

static bool any_card(const fc_env *env, const mz_state *s, int seat, int lo, int hi)
{
    for (int c = lo; c <= hi; c++)
        if (s->card_loc[c] == CL_HAND && s->card_seat[c] == seat && mz_card_playable(env, s, seat, c))
            return true;
    return false;
}

bool mz_unique_legal(const fc_env *env, const mz_state *s, int seat)
{
    const mz_seat *P = &s->seat[seat];
    if (!P->species || P->unique_used || P->rested)
        return false;
    switch (P->species) {
    case SP_EGG_KEEPERS: return any_card(env, s, seat, HD01, AB10);
    case SP_HORIZON: return mz_action_legal(env, s, seat, AC_EXPLORE, false);
    case SP_VISIONARY: return any_card(env, s, seat, CG01, CG10);
    default: return true;
    }
}

void mz_unique_start(const fc_env *env, mz_state *s, int seat)
{
    const mz_data *D = MZ_D_(env);
    mz_seat *P = &s->seat[seat];
    const mz_species *S = &D->sp[P->species];
    P->unique_used = 1;
    switch (P->species) {
    case SP_EGG_KEEPERS:
        P->ritual[0] = P->ritual[1] = MZ_NONE;
        mz_push(s, F_RITUAL, seat, 0, 0, 0, S->n);
        break;
    case SP_HORIZON: { /* one Explore for every card and effect: one food, one tile at a time */
        P->food--;
        int t = s->stack[--s->nstack];
        if (s->peeked)
            s->peeked--;
        if (S->n > 1)
            mz_push(s, F_EXPAND, seat, t, 0, 0, S->n - 1);
        mz_push(s, F_PLACE, seat, t, 0, 0, 0);
        break;
    }
    case SP_VISIONARY: mz_push(s, F_PROPHECY, seat, 0, 0, 0, 0); break;
    default:
        mz_push(s, F_WILD, seat, 0, 0, 0, 0);
        mz_push_steps(s, seat, S->n, 0);
        break;
    }
}

int mz_legal_species(const fc_env *env, const mz_state *s, const mz_frame *f, fc_decision *out)
{
    int n = 0, seat = f->seat;
    switch (f->kind) {
    case F_RITUAL:
    case F_WILD:
    case F_PROPHECY: {
        int lo = f->kind == F_RITUAL ? HD01 : f->kind == F_PROPHECY ? CG01 : 0;
        int hi = f->kind == F_RITUAL ? AB10 : CG10;
        for (int c = lo; c <= hi; c++)
            if (s->card_loc[c] == CL_HAND && s->card_seat[c] == seat && mz_card_playable(env, s, seat, c))
                out[n++] = MZ_D(DK_CARD, c, 0, 0);
        if (f->kind != F_PROPHECY || n == 0)
            out[n++] = MZ_D(DK_DONE, 0, 0, 0);
        return n;
    }
    case F_EXPAND:
        if (s->nstack && mz_placements_ref(MZ_D_(env), s, seat, s->stack[s->nstack - 1], 3, f->a, NULL) > 0)
            out[n++] = MZ_D(DK_OPTION, 1, 0, 0);
        out[n++] = MZ_D(DK_DONE, 0, 0, 0);
        return n;
    default: return 0;
    }
}

void mz_apply_species(const fc_env *env, mz_state *s, mz_frame *f, fc_decision d)
{
    int seat = f->seat, k = MZ_DK(d), a = MZ_DA(d);
    mz_seat *P = &s->seat[seat];
    switch (f->kind) {
    case F_RITUAL:
        if (k == DK_DONE) {
            mz_pop(s);
            return;
        }
        P->ritual[P->ritual[0] == MZ_NONE ? 0 : 1] = (uint8_t)a;
        if (--f->n == 0)
            mz_pop(s);
        mz_play_card(env, s, seat, a, false);
        return;
    case F_WILD:
    case F_PROPHECY: {
        bool prophecy = f->kind == F_PROPHECY; /* read before the pop clears the frame */
        mz_pop(s);
        if (k == DK_CARD)
            mz_play_card_ex(env, s, seat, a, false, prophecy);
        return;
    }
    case F_EXPAND: {
        int first = f->a;
        if (k == DK_DONE || --f->n == 0)
            mz_pop(s);
        if (k == DK_DONE)
            return;
        int t = s->stack[--s->nstack];
        if (s->peeked)
            s->peeked--;
        /* "after you explore" abilities apply to the first tile only: c = 1 skips them */
        mz_push(s, F_AFTEREXP, seat, t, 0, 1, 0);
        mz_push(s, F_ENTER, seat, t, 0, 0, 0);
        mz_push(s, F_PLACE, seat, t, 3, first, 0);
        return;
    }
    default: return;
    }
}

bool mz_species_reaction_possible(const fc_env *env, const mz_state *s, int seat, int kind)
{
    fc_decision tmp[MZ_MAX_DECISIONS];
    const mz_seat *A = &s->seat[s->active];
    switch (kind) {
    case RK_RITUAL: return s->seat[seat].eggs > 0 && (A->ritual[0] != MZ_NONE || A->ritual[1] != MZ_NONE);
    case RK_PROPHECY: return s->ndeck + s->ndisc > 0;
    case RK_DANCE: return mz_step_moves(env, s, seat, STEP_ANT_ONLY, tmp) > 0;
    default: return false;
    }
}

void mz_species_react(const fc_env *env, mz_state *s, int seat, int kind)
{
    const mz_data *D = MZ_D_(env);
    const mz_seat *A = &s->seat[s->active];
    switch (kind) {
    case RK_RITUAL: { /* the larger printed cost: choosing the smaller one is never better */
        int best = 0;
        for (int i = 0; i < 2; i++)
            if (A->ritual[i] != MZ_NONE && D->card[A->ritual[i]].cost > best)
                best = D->card[A->ritual[i]].cost;
        mz_gain_larvae(s, seat, best);
        break;
    }
    case RK_PROPHECY: mz_draw_to_hand(s, seat, 1); break;
    case RK_DANCE: mz_push_steps(s, seat, 1, STEP_ANT_ONLY); break;
    default: break;
    }
}
