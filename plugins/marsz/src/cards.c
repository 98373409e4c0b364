/* The ant deck, hands and evolution piles (R-20, R-43 .. R-49) and the card-effect dispatch
 * (cards.h). */
#include <string.h>

#include "marsz.h"

/* top card of the deck; an empty deck is refilled from the shuffled discard pile; with
 * both empty there is no draw. The card is left in CL_LIMBO for the caller. */
int mz_draw_card(mz_state *s)
{
    if (s->ndeck == 0) {
        int n = 0;
        for (int c = 0; c < MZ_CARDS; c++)
            if (s->card_loc[c] == CL_DISCARD)
                s->deck[n++] = (uint8_t)c;
        if (n == 0)
            return -1;
        mz_shuffle(&s->rng, s->deck, n);
        for (int i = 0; i < n; i++)
            s->card_loc[s->deck[i]] = CL_DECK;
        s->ndeck = (uint8_t)n;
        s->ndisc = 0;
        s->draft_bottom = 0;
    }
    int c = s->deck[--s->ndeck];
    if (s->draft_bottom > s->ndeck)
        s->draft_bottom = s->ndeck;
    s->card_loc[c] = CL_LIMBO;
    return c;
}

void mz_to_hand(mz_state *s, int seat, int card)
{
    s->card_loc[card] = CL_HAND;
    s->card_seat[card] = (uint8_t)seat;
    s->seat[seat].hand++;
}

void mz_draw_to_hand(mz_state *s, int seat, int n)
{
    for (int i = 0; i < n; i++) {
        int c = mz_draw_card(s);
        if (c < 0)
            return;
        mz_to_hand(s, seat, c);
    }
}

/* From anywhere (hand, limbo, ferocity) to the discard pile. */
void mz_discard(mz_state *s, int card)
{
    if (s->card_loc[card] == CL_HAND)
        s->seat[s->card_seat[card]].hand--;
    s->card_loc[card] = CL_DISCARD;
    s->card_seat[card] = MZ_NONE;
    s->ndisc++;
}

int mz_top_evo(const mz_state *s, int seat, int seg)
{
    const mz_seat *P = &s->seat[seat];
    return P->npile[seg] ? P->pile[seg][P->npile[seg] - 1] : -1;
}

/* only the topmost card of a pile is active. */
bool mz_has_evo(const mz_state *s, int seat, int card)
{
    int seg = card >= HD01 && card <= HD12 ? SEG_HEAD : card >= TX01 && card <= TX12 ? SEG_THORAX : SEG_ABDOMEN;
    return card >= HD01 && card <= AB10 && mz_top_evo(s, seat, seg) == card;
}

int mz_evo_count(const mz_state *s, int seat, int seg) { return s->seat[seat].npile[seg]; }

/* compare complete bodies with the recorded number and score the difference. */
void mz_bodies_update(const mz_data *D, mz_state *s, int seat)
{
    mz_seat *P = &s->seat[seat];
    int b = P->npile[0];
    if (P->npile[1] < b)
        b = P->npile[1];
    if (P->npile[2] < b)
        b = P->npile[2];
    if (b != P->bodies)
        mz_add_points(s, seat, (b - P->bodies) * D->body_points);
    P->bodies = (uint8_t)b;
}

/* R-43 with TX-05 (never below 1, R-47: not itself). */
int mz_card_cost(const mz_data *D, const mz_state *s, int seat, int card)
{
    int c = D->card[card].cost;
    if (card != TX05 && mz_has_evo(s, seat, TX05))
        c -= D->card[TX05].n;
    return c < 1 ? 1 : c;
}

/* V-5 Visionary Queen: each evolution beyond the first in a segment costs m more pieces. */
int mz_card_extra(const mz_data *D, const mz_state *s, int seat, int card)
{
    const mz_card *C = &D->card[card];
    if (s->seat[seat].species != SP_VISIONARY || C->type != CT_EVO || !s->seat[seat].npile[C->seg])
        return 0;
    return D->sp[SP_VISIONARY].m;
}

bool mz_can_pay(const mz_data *D, const mz_state *s, int seat, int card)
{
    int need = mz_card_cost(D, s, seat, card), kind = D->card[card].kind;
    int larvae = s->seat[seat].larvae, ants = mz_ants_total(s, seat);
    int have = (kind != CK_ANTS ? larvae : 0) + (kind != CK_LARVAE ? ants : 0);
    return have >= need && larvae + ants >= need + mz_card_extra(D, s, seat, card);
}

void mz_gain(const fc_env *env, mz_state *s, int seat, int food, int larvae, int cards, int points)
{
    (void)env;
    s->seat[seat].food = (uint8_t)(s->seat[seat].food + food > 250 ? 250 : s->seat[seat].food + food);
    mz_gain_larvae(s, seat, larvae);
    mz_draw_to_hand(s, seat, cards);
    mz_add_points(s, seat, points);
}

/* Placed tiles where seat has an ant (need_ant) / inhabits (need_inhabit); bit t of *mask. */
int mz_tiles_where(const mz_state *s, int seat, bool need_ant, bool need_inhabit, uint32_t *mask)
{
    int n = 0;
    *mask = 0;
    for (int t = 1; t <= MZ_TILES; t++) {
        if (!s->loc[t].placed)
            continue;
        if (need_ant && mz_ants_at(s, t, seat) == 0)
            continue;
        bool inh = false;
        for (int i = 0; i < MZ_SPACES; i++)
            inh |= s->loc[t].space[i] == seat + 1;
        if (need_inhabit && !inh)
            continue;
        *mask |= 1u << t;
        n++;
    }
    return n;
}

const mz_card_fx *mz_card_fx_of(int card)
{
    if (card < HD01)
        return &mz_fx_events[card];
    if (card < CG01)
        return &mz_fx_evolutions[card - HD01];
    return &mz_fx_goals[card - CG01];
}

/* Events and goals need a resolve function; evolutions are complete once placed (their
 * abilities live in the rules code). */
bool mz_card_implemented(int card)
{
    if (card >= HD01 && card <= AB10)
        return true;
    return mz_card_fx_of(card)->resolve != NULL;
}
