/* Event cards EV-01 .. EV-22 (cards.h describes the interface). */
#include <string.h>

#include "marsz.h"

static void gains(const fc_env *env, mz_state *s, int seat, int card)
{
    const mz_card *C = &MZ_D_(env)->card[card];
    mz_gain(env, s, seat, C->food, C->larvae, C->cards, C->points);
}

/* EV-15, EV-16, EV-20, EV-21: the card's numbers. EV-09 / EV-17 / EV-19 below. */
static void fx_gain(const fc_env *env, mz_state *s, int seat, int card) { gains(env, s, seat, card); }

/* EV-19: +n strength in your battles this round. */
static void fx_call(const fc_env *env, mz_state *s, int seat, int card)
{
    s->seat[seat].call_to_arms = (uint8_t)(s->seat[seat].call_to_arms + MZ_D_(env)->card[card].n);
}

/* EV-09 (A-30 style: no larva, no loss). */
static void fx_egg_stealer(const fc_env *env, mz_state *s, int seat, int card)
{
    int got = 0, per = MZ_D_(env)->card[card].n;
    for (int p = 0; p < s->nseats; p++)
        if (p != seat && s->seat[p].larvae) {
            int k = per < s->seat[p].larvae ? per : s->seat[p].larvae;
            s->seat[p].larvae = (uint8_t)(s->seat[p].larvae - k);
            s->seat[p].eggs = (uint8_t)(s->seat[p].eggs + k);
            got += k;
        }
    mz_gain_larvae(s, seat, got * MZ_D_(env)->card[card].larvae);
}

/* EV-13: up to 4 steps, larva steps before the first ant step. */
static void fx_rapid(const fc_env *env, mz_state *s, int seat, int card)
{
    mz_push_steps(s, seat, MZ_D_(env)->card[card].steps, STEP_LARVA_FIRST);
}

/* EV-17: up to 3 ant steps, then 1 larva (gaining it first changes nothing: ant steps cannot
 * move larvae). */
static void fx_scent(const fc_env *env, mz_state *s, int seat, int card)
{
    mz_gain_larvae(s, seat, MZ_D_(env)->card[card].larvae);
    mz_push_steps(s, seat, MZ_D_(env)->card[card].steps, STEP_ANT_ONLY);
}

/* ---- targeted events: F_TARGET frames with a = card ---- */

static bool any_tile(const mz_state *s, int seat, bool inhabit, bool own_ant)
{
    uint32_t m;
    return mz_tiles_where(s, seat, own_ant, inhabit, &m) > 0;
}

static bool play_inhabit(const fc_env *env, const mz_state *s, int seat, int card)
{
    (void)card;
    for (int t = 1; t <= MZ_TILES; t++) /* Digger Thorax inhabits wormhole tiles */
        if (s->loc[t].placed && mz_inhabits(MZ_D_(env), s, seat, t))
            return true;
    return false;
}

static bool play_ant(const fc_env *env, const mz_state *s, int seat, int card)
{
    (void)env, (void)card;
    return any_tile(s, seat, false, true);
}

static bool play_hole(const fc_env *env, const mz_state *s, int seat, int card)
{
    (void)env, (void)seat, (void)card;
    for (int t = 1; t <= MZ_TILES; t++)
        if (s->loc[t].placed && (!s->loc[t].wormhole || !s->loc[t].centipede))
            return true;
    return false;
}

static bool play_ambush(const fc_env *env, const mz_state *s, int seat, int card)
{
    (void)env, (void)card;
    for (int t = 1; t <= MZ_TILES; t++) {
        int c = s->loc[t].placed ? mz_controller(s, t) : -1;
        if (c >= 0 && c != seat && mz_ants_at(s, t, seat) > 0)
            return true;
    }
    return false;
}

static void push_target(const fc_env *env, mz_state *s, int seat, int card)
{
    (void)env;
    mz_push(s, F_TARGET, seat, card, 0, 0, 0);
}

static int target_legal(const fc_env *env, const mz_state *s, const mz_frame *f, fc_decision *out)
{
    (void)env;
    int n = 0, seat = f->seat;
    for (int t = 1; t <= MZ_TILES; t++) {
        if (!s->loc[t].placed)
            continue;
        bool ok = false;
        switch (f->a) {
        case EV05: ok = mz_inhabits(MZ_D_(env), s, seat, t); break;
        case EV11: ok = mz_ants_at(s, t, seat) > 0; break;
        case EV12: ok = !s->loc[t].wormhole || !s->loc[t].centipede; break;
        case EV22: {
            int c = mz_controller(s, t);
            ok = c >= 0 && c != seat && mz_ants_at(s, t, seat) > 0;
            break;
        }
        case EV01: ok = mz_contested(s, t); break;
        default: break;
        }
        if (ok)
            out[n++] = MZ_D(DK_TARGET, t, 0, 0);
    }
    if (f->a == EV01)
        out[n++] = MZ_D(DK_DONE, 0, 0, 0);
    return n;
}

/* Losses for every player with ants on t: half rounded up (EV-05) or n (EV-11). */
static void mass_loss(const fc_env *env, mz_state *s, int card, int t)
{
    const mz_data *D = MZ_D_(env);
    for (int i = s->nseats - 1; i >= 0; i--) {
        int p = (s->active + i) % s->nseats, a = mz_ants_at(s, t, p);
        int k = card == EV05 ? (a + 1) / 2 : D->card[card].n;
        if (k > a)
            k = a;
        if (k == a) {
            for (int slot = 0; slot <= MZ_OUT; slot++)
                while (mz_take(s, p, MZ_POS(t, slot)))
                    s->seat[p].eggs++;
        } else if (k > 0)
            mz_push(s, F_REMOVE, p, t, RM_CARD, 0, k);
    }
}

static void target_apply(const fc_env *env, mz_state *s, mz_frame *f, fc_decision d)
{
    int seat = f->seat, card = f->a, t = MZ_DA(d);
    const mz_data *D = MZ_D_(env);
    if (MZ_DK(d) == DK_DONE) {
        mz_pop(s);
        return;
    }
    switch (card) {
    case EV05:
    case EV11:
        mz_pop(s);
        mz_push_refill(s, s->active, t);
        mass_loss(env, s, card, t);
        return;
    case EV12:
        if (f->b == 0) { /* choose the marker */
            f->b = 1;
            f->c = (uint8_t)t;
            mz_pop(s);
            mz_push(s, F_OPTION, seat, EV12, 1, t, 0);
            return;
        }
        return;
    case EV22: {
        mz_pop(s);
        int occ = s->loc[t].space[0];
        uint8_t src[8];
        int ns = mz_ant_sources(D, s, seat, t, src);
        /* move one of your ants there onto the control space: take the outskirts one first so no
         * space is vacated needlessly (any of yours is equivalent for control) */
        int pick = src[ns - 1];
        mz_take(s, seat, pick);
        s->loc[t].space[0] = 0;
        s->loc[t].out[occ - 1]++;
        mz_put(s, seat, MZ_POS(t, 0));
        mz_push_refill(s, s->active, t);
        return;
    }
    case EV01:
        mz_pop(s);
        if (s->round == 1) /* */
            return;
        if (s->loc[t].centipede)
            mz_push(s, F_CENTI, s->active, t, 0, 1, 0);
        else
            mz_battle_start(env, s, t, true);
        return;
    default: mz_pop(s); return;
    }
}

/* EV-12 option frame: b = 1, c = tile: option 0 wormhole, 1 centipede. */
static int hole_legal(const fc_env *env, const mz_state *s, const mz_frame *f, fc_decision *out)
{
    (void)env;
    int n = 0, t = f->c;
    if (f->kind == F_TARGET)
        return target_legal(env, s, f, out);
    if (!s->loc[t].wormhole)
        out[n++] = MZ_D(DK_OPTION, 0, 0, 0);
    if (!s->loc[t].centipede)
        out[n++] = MZ_D(DK_OPTION, 1, 0, 0);
    return n;
}

static void hole_apply(const fc_env *env, mz_state *s, mz_frame *f, fc_decision d)
{
    if (f->kind == F_TARGET) {
        target_apply(env, s, f, d);
        return;
    }
    int seat = f->seat, t = f->c;
    mz_pop(s);
    if (MZ_DA(d) == 1) {
        s->loc[t].centipede = 1; /* the size track does not move */
        return;
    }
    s->loc[t].wormhole = 1;
    if (s->seat[seat].larvae) /* optional larva onto that tile, inhabiting not required */
        mz_push(s, F_OPTION, seat, EV12, 2, t, 0);
}

static int hole_legal2(const fc_env *env, const mz_state *s, const mz_frame *f, fc_decision *out)
{
    if (f->kind == F_OPTION && f->b == 2) {
        const mz_data *D = MZ_D_(env);
        uint8_t sl[5];
        int n = 0, k = mz_settle_opts(D, s, f->c, sl);
        for (int j = 0; j < k; j++)
            out[n++] = MZ_D(DK_LARVA, 0, MZ_POS(f->c, sl[j]), 0);
        out[n++] = MZ_D(DK_DONE, 0, 0, 0);
        return n;
    }
    return hole_legal(env, s, f, out);
}

static void hole_apply2(const fc_env *env, mz_state *s, mz_frame *f, fc_decision d)
{
    if (f->kind == F_OPTION && f->b == 2) {
        int seat = f->seat;
        mz_pop(s);
        if (MZ_DK(d) == DK_LARVA) {
            s->seat[seat].larvae--;
            mz_put(s, seat, MZ_DB(d));
        }
        return;
    }
    hole_apply(env, s, f, d);
}

/* EV-14: two different options; F_OPTION b = mask of options taken, n = picks left. */
static void fx_jelly(const fc_env *env, mz_state *s, int seat, int card)
{
    mz_push(s, F_OPTION, seat, card, 0, 0, MZ_D_(env)->card[card].n);
}

static int jelly_legal(const fc_env *env, const mz_state *s, const mz_frame *f, fc_decision *out)
{
    (void)env, (void)s;
    int n = 0;
    for (int k = 0; k < 4; k++)
        if (!(f->b >> k & 1))
            out[n++] = MZ_D(DK_OPTION, k, 0, 0);
    return n;
}

static void jelly_apply(const fc_env *env, mz_state *s, mz_frame *f, fc_decision d)
{
    const mz_card *C = &MZ_D_(env)->card[f->a];
    int k = MZ_DA(d), seat = f->seat;
    f->b |= (uint8_t)(1u << k);
    bool last = --f->n == 0;
    int mask = f->b;
    if (last)
        mz_pop(s);
    if (!last)
        return;
    /* A clarification says both options are chosen first, then resolved. */
    for (int i = 0; i < 4; i++)
        if (mask >> i & 1)
            mz_gain(env, s, seat, i == 0 ? C->food : 0, i == 1 ? C->larvae : 0, i == 2 ? C->cards : 0,
                    i == 3 ? C->points : 0);
}

/* EV-02, EV-06: the top tile placed anywhere. F_TARGET b: stage after placing. */
static bool play_tile(const fc_env *env, const mz_state *s, int seat, int card)
{
    (void)seat;
    if (!s->nstack) /* */
        return false;
    if (card == EV06 && mz_ants_total(s, seat) == 0)
        return false;
    return mz_placements(MZ_D_(env), s, seat, s->stack[s->nstack - 1], 1, NULL) > 0;
}

static void fx_tile(const fc_env *env, mz_state *s, int seat, int card)
{
    (void)env;
    int t = s->stack[--s->nstack];
    if (s->peeked)
        s->peeked--;
    /* after placing: placement effect (f->c = 1: no explore abilities), then the card's part */
    mz_push(s, F_TARGET, seat, card, 1, t, 0);
    mz_push(s, F_AFTEREXP, seat, t, 0, 1, 0);
    mz_push(s, F_PLACE, seat, t, 1, 0, 0);
}

static int tile_legal(const fc_env *env, const mz_state *s, const mz_frame *f, fc_decision *out)
{
    const mz_data *D = MZ_D_(env);
    int n = 0, seat = f->seat, t = f->c;
    uint8_t sl[5];
    int k = mz_settle_opts(D, s, t, sl);
    if (f->a == EV02 || f->b == 2) { /* larvae onto it */
        if (s->seat[seat].larvae && f->n < (f->a == EV02 ? D->card[EV02].larvae : D->card[EV06].larvae))
            for (int j = 0; j < k; j++)
                out[n++] = MZ_D(DK_LARVA, 0, MZ_POS(t, sl[j]), 0);
        out[n++] = MZ_D(DK_DONE, 0, 0, 0);
        return n;
    }
    /* EV-06: move 1 of your ants from anywhere onto it (mandatory) */
    for (int l = 0; l < MZ_LOCS; l++) {
        uint8_t src[8];
        if ((l != 0 && !s->loc[l].placed) || l == t || !mz_may_leave(D, s, seat, l))
            continue;
        int ns = mz_ant_sources(D, s, seat, l, src);
        for (int i = 0; i < ns; i++)
            for (int j = 0; j < k; j++)
                out[n++] = MZ_D(DK_ANT, src[i], MZ_POS(t, sl[j]), 0);
    }
    return n;
}

static void tile_apply(const fc_env *env, mz_state *s, mz_frame *f, fc_decision d)
{
    int seat = f->seat, t = f->c;
    if (f->a == EV02 && f->b == 1) {
        s->loc[t].wormhole = 1;
        f->b = 2;
    }
    switch (MZ_DK(d)) {
    case DK_DONE: mz_pop(s); return;
    case DK_LARVA:
        s->seat[seat].larvae--;
        mz_put(s, seat, MZ_DB(d));
        f->n++;
        f->b = 2;
        return;
    case DK_ANT:
        mz_take(s, seat, MZ_DA(d));
        mz_put(s, seat, MZ_DB(d));
        f->b = 2;
        if (!s->seat[seat].larvae)
            mz_pop(s);
        return;
    default: return;
    }
    (void)env;
}

/* EV-02 puts the wormhole right after the placement effect: the frame applies it lazily on
 * the first decision; larvae moves see the wormhole either way (R-12 ignores it). */

/* EV-10: up to n more actions (not Rest, A-27), with reactions. */
static void fx_frenzy(const fc_env *env, mz_state *s, int seat, int card)
{
    mz_push(s, F_BONUS, seat, 0, 0, 0, MZ_D_(env)->card[card].n);
}

/* EV-01 may always be played; no contested tile or round 1: no effect. */
static void fx_surprise(const fc_env *env, mz_state *s, int seat, int card)
{
    (void)env;
    mz_push(s, F_TARGET, seat, card, 0, 0, 0);
}

/* ---- EV-03 Nuptial Flight: F_SWAP, n swaps left, b = first pos or MZ_NONE, c = its seat ---- */

/* TX-06: an ant on a tile controlled by an opponent of `seat` with Weaver Thorax is fixed. */
static bool swappable(const mz_state *s, int seat, int loc)
{
    if (loc == MZ_GT)
        return true;
    int c = mz_controller(s, loc);
    return c < 0 || c == seat || !mz_has_evo(s, c, TX06);
}

static void fx_flight(const fc_env *env, mz_state *s, int seat, int card)
{
    mz_push(s, F_SWAP, seat, card, MZ_NONE, 0, MZ_D_(env)->card[card].n);
}

static int flight_legal(const fc_env *env, const mz_state *s, const mz_frame *f, fc_decision *out)
{
    const mz_data *D = MZ_D_(env);
    int n = 0, first = f->b, fseat = f->c;
    for (int l = 0; l < MZ_LOCS; l++) {
        if ((l && !s->loc[l].placed) || !swappable(s, f->seat, l))
            continue;
        for (int p = 0; p < s->nseats; p++) {
            if (first != MZ_NONE && p == fseat) /* two ants of different players */
                continue;
            uint8_t src[8];
            int ns = mz_ant_sources(D, s, p, l, src);
            for (int i = 0; i < ns; i++)
                out[n++] = MZ_D(DK_SWAP, src[i], p, 0);
        }
    }
    out[n++] = MZ_D(DK_DONE, 0, 0, 0);
    return n;
}

static void flight_apply(const fc_env *env, mz_state *s, mz_frame *f, fc_decision d)
{
    (void)env;
    if (MZ_DK(d) == DK_DONE) {
        mz_pop(s);
        return;
    }
    if (f->b == MZ_NONE) {
        f->b = (uint8_t)MZ_DA(d);
        f->c = (uint8_t)MZ_DB(d);
        return;
    }
    int pa = f->b, sa = f->c, pb = MZ_DA(d), sb = MZ_DB(d);
    mz_take(s, sa, pa);
    mz_take(s, sb, pb);
    mz_put(s, sb, pa);
    mz_put(s, sa, pb);
    f->b = MZ_NONE;
    f->c = 0;
    if (--f->n == 0)
        mz_pop(s);
}

/* ---- EV-04 Adaptive Radiation: F_EVO_FREE, b = 0 return an evolution, 1 play one free ---- */

static bool radiation_playable(const fc_env *env, const mz_state *s, int seat, int card)
{
    (void)env, (void)card;
    const mz_seat *P = &s->seat[seat];
    return P->npile[0] + P->npile[1] + P->npile[2] > 0;
}

static void fx_radiation(const fc_env *env, mz_state *s, int seat, int card)
{
    (void)env;
    mz_push(s, F_EVO_FREE, seat, card, 0, 0, 0);
}

static int radiation_legal(const fc_env *env, const mz_state *s, const mz_frame *f, fc_decision *out)
{
    int n = 0;
    if (f->b == 0) { /* the topmost card of a pile */
        for (int sg = 0; sg < 3; sg++)
            if (mz_top_evo(s, f->seat, sg) >= 0)
                out[n++] = MZ_D(DK_CARD, mz_top_evo(s, f->seat, sg), 0, 0);
        return n;
    }
    for (int c = HD01; c <= AB10; c++)
        if (s->card_loc[c] == CL_HAND && s->card_seat[c] == f->seat)
            out[n++] = MZ_D(DK_CARD, c, 0, 0);
    out[n++] = MZ_D(DK_DONE, 0, 0, 0);
    (void)env;
    return n;
}

static void radiation_apply(const fc_env *env, mz_state *s, mz_frame *f, fc_decision d)
{
    int seat = f->seat, c = MZ_DA(d);
    if (f->b == 0) {
        int sg = MZ_D_(env)->card[c].seg;
        s->seat[seat].npile[sg]--;
        s->seat[seat].pile[sg][s->seat[seat].npile[sg]] = 0;
        mz_to_hand(s, seat, c); /* bodies are settled when the whole card has resolved */
        f->b = 1;
        return;
    }
    mz_pop(s);
    if (MZ_DK(d) == DK_CARD)
        mz_play_card(env, s, seat, c, true);
}

/* ---- EV-07 Cultural Theft: opponents discard 1, then F_CTHEFT ---- */

static void fx_theft(const fc_env *env, mz_state *s, int seat, int card)
{
    (void)env;
    s->ndrawn = 0;
    mz_push(s, F_CTHEFT, seat, card, 0, 0, 0);
    for (int i = s->nseats - 1; i >= 1; i--) {
        int p = (seat + i) % s->nseats;
        if (s->seat[p].hand)
            mz_push(s, F_DISCARD, p, 0, DW_OPP, 0, 1);
    }
}

static int theft_legal(const fc_env *env, const mz_state *s, const mz_frame *f, fc_decision *out)
{
    int n = 0;
    for (int i = 0; i < s->ndrawn; i++)
        if (s->card_loc[s->drawn[i]] == CL_DISCARD && mz_card_playable(env, s, f->seat, s->drawn[i]))
            out[n++] = MZ_D(DK_CARD, s->drawn[i], 0, 0);
    out[n++] = MZ_D(DK_DONE, 0, 0, 0);
    return n;
}

static void theft_apply(const fc_env *env, mz_state *s, mz_frame *f, fc_decision d)
{
    int seat = f->seat;
    mz_pop(s);
    s->ndrawn = 0;
    if (MZ_DK(d) == DK_CARD)
        mz_play_card(env, s, seat, MZ_DA(d), false);
}

/* ---- EV-08 Early Harvest: F_OPTION, n spaces left, c = first chosen pos + 1 ---- */

static void fx_early(const fc_env *env, mz_state *s, int seat, int card)
{
    mz_push(s, F_OPTION, seat, card, 0, 0, MZ_D_(env)->card[card].n);
}

static int early_legal(const fc_env *env, const mz_state *s, const mz_frame *f, fc_decision *out)
{
    const mz_data *D = MZ_D_(env);
    int n = 0;
    for (int t = 1; t <= MZ_TILES; t++)
        if (s->loc[t].placed)
            for (int i = 0; i < D->tile[t].nspaces; i++)
                if (s->loc[t].space[i] == f->seat + 1 && MZ_POS(t, i) + 1 != f->c)
                    out[n++] = MZ_D(DK_HARVEST, MZ_POS(t, i), 0, 0);
    out[n++] = MZ_D(DK_DONE, 0, 0, 0);
    return n;
}

static void early_apply(const fc_env *env, mz_state *s, mz_frame *f, fc_decision d)
{
    int seat = f->seat, pos = MZ_DA(d);
    if (MZ_DK(d) == DK_DONE) {
        mz_pop(s);
        return;
    }
    int kind = MZ_D_(env)->tile[MZ_PLOC(pos)].space[MZ_PSLOT(pos)]; /* no modifiers */
    mz_gain(env, s, seat, kind == RW_F, kind == RW_L1 ? 1 : kind == RW_L2 ? 2 : 0, kind == RW_C, kind == RW_P);
    f->c = (uint8_t)(pos + 1);
    if (--f->n == 0)
        mz_pop(s);
}

/* ---- EV-18 Tunnel Collapse: turn a tile next to a location with your ant (R-09 kept) ---- */

static int collapse_moves(const fc_env *env, const mz_state *s, int seat, fc_decision *out)
{
    const mz_data *D = MZ_D_(env);
    uint32_t near = 0;
    for (int l = 0; l < MZ_LOCS; l++)
        if ((l == MZ_GT || s->loc[l].placed) && mz_ants_at(s, l, seat))
            near |= s->adj[l];
    int n = 0;
    for (int t = 1; t <= MZ_TILES; t++) {
        if (!(near >> t & 1u) || !s->loc[t].placed)
            continue;
        uint8_t now = mz_placed_mask(D, s, t);
        for (int k = 0; k < 6; k++) {
            uint8_t m = (uint8_t)(((D->tile[t].mask << k) | (D->tile[t].mask >> (6 - k))) & 0x3F);
            bool dup = m == now;
            for (int j = 0; j < k && !dup; j++)
                dup = m == (uint8_t)(((D->tile[t].mask << j) | (D->tile[t].mask >> (6 - j))) & 0x3F);
            if (!dup && mz_rotation_ok(D, s, t, k)) {
                if (out)
                    out[n] = MZ_D(DK_ROTATE, t, k, 0);
                n++;
            }
        }
    }
    return n;
}

static bool collapse_playable(const fc_env *env, const mz_state *s, int seat, int card)
{
    (void)card;
    return collapse_moves(env, s, seat, NULL) > 0;
}

static int collapse_legal(const fc_env *env, const mz_state *s, const mz_frame *f, fc_decision *out)
{
    return collapse_moves(env, s, f->seat, out);
}

static void collapse_apply(const fc_env *env, mz_state *s, mz_frame *f, fc_decision d)
{
    (void)f;
    mz_pop(s);
    s->loc[MZ_DA(d)].rot = (uint8_t)MZ_DB(d);
    mz_links_update(MZ_D_(env), s);
}

const mz_card_fx mz_fx_events[22] = {
    [EV01 - EV01] = {NULL, fx_surprise, target_legal, target_apply, NULL},
    [EV02 - EV01] = {play_tile, fx_tile, tile_legal, tile_apply, NULL},
    [EV03 - EV01] = {NULL, fx_flight, flight_legal, flight_apply, NULL},
    [EV04 - EV01] = {radiation_playable, fx_radiation, radiation_legal, radiation_apply, NULL},
    [EV05 - EV01] = {play_inhabit, push_target, target_legal, target_apply, NULL},
    [EV06 - EV01] = {play_tile, fx_tile, tile_legal, tile_apply, NULL},
    [EV07 - EV01] = {NULL, fx_theft, theft_legal, theft_apply, NULL},
    [EV08 - EV01] = {NULL, fx_early, early_legal, early_apply, NULL},
    [EV09 - EV01] = {NULL, fx_egg_stealer, NULL, NULL, NULL},
    [EV10 - EV01] = {NULL, fx_frenzy, NULL, NULL, NULL},
    [EV11 - EV01] = {play_ant, push_target, target_legal, target_apply, NULL},
    [EV12 - EV01] = {play_hole, push_target, hole_legal2, hole_apply2, NULL},
    [EV13 - EV01] = {NULL, fx_rapid, NULL, NULL, NULL},
    [EV14 - EV01] = {NULL, fx_jelly, jelly_legal, jelly_apply, NULL},
    [EV15 - EV01] = {NULL, fx_gain, NULL, NULL, NULL},
    [EV16 - EV01] = {NULL, fx_gain, NULL, NULL, NULL},
    [EV17 - EV01] = {NULL, fx_scent, NULL, NULL, NULL},
    [EV18 - EV01] = {collapse_playable, push_target, collapse_legal, collapse_apply, NULL},
    [EV19 - EV01] = {NULL, fx_call, NULL, NULL, NULL},
    [EV20 - EV01] = {NULL, fx_gain, NULL, NULL, NULL},
    [EV21 - EV01] = {NULL, fx_gain, NULL, NULL, NULL},
    [EV22 - EV01] = {play_ambush, push_target, target_legal, target_apply, NULL},
};
