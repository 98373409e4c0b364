/* Playing a card (R-36, R-43 .. ): the F_CARD sequence (goal room, placing the card,
 * its effect, discarding an event, complete bodies), and the card/tile-effect choice frames
 * dispatched to the per-card code (cards.h). */
#include <string.h>

#include "marsz.h"

bool mz_card_playable(const fc_env *env, const mz_state *s, int seat, int card)
{
    const mz_data *D = MZ_D_(env);
    if (!mz_card_implemented(card) || !mz_can_pay(D, s, seat, card))
        return false;
    const mz_card_fx *fx = mz_card_fx_of(card);
    return !fx->playable || fx->playable(env, s, seat, card);
}

void mz_play_card(const fc_env *env, mz_state *s, int seat, int card, bool free)
{
    mz_play_card_ex(env, s, seat, card, free, false);
}

/* prophecy: V-5 Visionary Queen's unique action (no limit on goals). */
void mz_play_card_ex(const fc_env *env, mz_state *s, int seat, int card, bool free, bool prophecy)
{
    const mz_data *D = MZ_D_(env);
    if (s->card_loc[card] == CL_HAND)
        s->seat[s->card_seat[card]].hand--;
    if (s->card_loc[card] == CL_DISCARD) /* EV-07 */
        s->ndisc--;
    s->card_loc[card] = CL_LIMBO;
    s->card_seat[card] = (uint8_t)seat;
    mz_push(s, F_CARD, seat, card, 0, prophecy, 0);
    int extra = mz_card_extra(D, s, seat, card);
    if (!free && extra) /* V-5 Visionary Queen: a further evolution costs 1 ant or larva more */
        mz_push(s, F_PAY, seat, card, CK_EITHER, 0, extra);
    if (!free)
        mz_push(s, F_PAY, seat, card, D->card[card].kind, 0, mz_card_cost(D, s, seat, card));
    FC_EMIT(env, FC_ALL_SEATS, "plays %s %s", D->card[card].id, D->card[card].name);
}

/* F_CARD: b = stage (0 goal room, 1 place and resolve, 2 finish). */
void mz_card_step(const fc_env *env, mz_state *s, mz_frame *f)
{
    const mz_data *D = MZ_D_(env);
    int seat = f->seat, c = f->a;
    const mz_card *C = &D->card[c];
    mz_seat *P = &s->seat[seat];
    switch (f->b) {
    case 0:
        f->b = 1;
        if (C->type == CT_GOAL && P->ngoals >= D->max_goals && !f->c) /* R-49; V-5 Prophecy */
            mz_push(s, F_GOALDROP, seat, c, 0, 0, 0);
        return;
    case 1: {
        f->b = 2;
        if (C->type == CT_EVO) {
            P->pile[C->seg][P->npile[C->seg]++] = (uint8_t)c;
            s->card_loc[c] = CL_EVO;
        } else if (C->type == CT_GOAL) {
            P->ngoals++;
            s->card_loc[c] = CL_GOAL;
        }
        const mz_card_fx *fx = mz_card_fx_of(c);
        if (fx->resolve)
            fx->resolve(env, s, seat, c);
        return;
    }
    default:
        mz_pop(s);
        if (C->type == CT_EVENT && s->card_loc[c] == CL_LIMBO)
            mz_discard(s, c);
        mz_bodies_update(D, s, seat); /* net change over the whole card */
        return;
    }
}

/* Tile placement effects needing a target (R-10 c): T-24, T-28. */
static int tile_fx_legal(const fc_env *env, const mz_state *s, const mz_frame *f, fc_decision *out)
{
    const mz_data *D = MZ_D_(env);
    int n = 0, t0 = f->b;
    for (int t = 1; t <= MZ_TILES; t++) {
        if (!s->loc[t].placed || t == t0)
            continue;
        if (f->a == 100 + TE_CENTI_NEST && !s->loc[t].centipede && mz_adjacent(D, s, t, t0))
            out[n++] = MZ_D(DK_TARGET, t, 0, 0);
        if (f->a == 100 + TE_SINKHOLE && !s->loc[t].wormhole)
            out[n++] = MZ_D(DK_TARGET, t, 0, 0);
    }
    return n;
}

int mz_legal_cards(const fc_env *env, const mz_state *s, const mz_frame *f, fc_decision *out)
{
    int n = 0;
    switch (f->kind) {
    case F_TARGET:
    case F_OPTION:
    case F_SWAP:
    case F_EVO_FREE:
    case F_CTHEFT:
        if (f->a >= 100)
            return tile_fx_legal(env, s, f, out);
        if (f->kind == F_OPTION && f->a == TX03) { /* TX-03 (b) */
            out[n++] = MZ_D(DK_OPTION, 1, 0, 0);
            out[n++] = MZ_D(DK_DONE, 0, 0, 0);
            return n;
        }
        if (f->a < MZ_CARDS && mz_card_fx_of(f->a)->legal)
            return mz_card_fx_of(f->a)->legal(env, s, f, out);
        return 0;
    case F_LAIR: /* T-26: play one revealed card paying its cost, or none */
        for (int i = 0; i < s->ndrawn; i++)
            if (mz_card_playable(env, s, f->seat, s->drawn[i]))
                out[n++] = MZ_D(DK_CARD, s->drawn[i], 0, 0);
        out[n++] = MZ_D(DK_DONE, 0, 0, 0);
        return n;
    case F_GOALDROP:
        for (int c = CG01; c <= CG10; c++)
            if (s->card_loc[c] == CL_GOAL && s->card_seat[c] == f->seat)
                out[n++] = MZ_D(DK_DISCARD, c, 0, 0);
        return n;
    default: return 0;
    }
}

void mz_apply_cards(const fc_env *env, mz_state *s, mz_frame *f, fc_decision d)
{
    int seat = f->seat, a = MZ_DA(d);
    switch (f->kind) {
    case F_LAIR: {
        mz_pop(s);
        for (int i = 0; i < s->ndrawn; i++)
            if (s->drawn[i] != a || MZ_DK(d) == DK_DONE)
                mz_discard(s, s->drawn[i]);
        s->ndrawn = 0;
        if (MZ_DK(d) == DK_CARD)
            mz_play_card(env, s, seat, a, false);
        return;
    }
    case F_GOALDROP:
        mz_pop(s);
        s->seat[seat].ngoals--;
        mz_discard(s, a);
        return;
    default:
        if (f->a >= 100) {
            int kind = f->a - 100;
            mz_pop(s);
            if (kind == TE_CENTI_NEST)
                mz_put_centipede(s, a);
            else
                s->loc[a].wormhole = 1;
            return;
        }
        if (f->kind == F_OPTION && f->a == TX03) {
            int t = f->b;
            mz_pop(s);
            if (MZ_DK(d) == DK_OPTION)
                s->loc[t].wormhole = 1;
            return;
        }
        mz_card_fx_of(f->a)->apply(env, s, f, d);
        return;
    }
}
