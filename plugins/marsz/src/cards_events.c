/* Event cards EV-01 .. EV-22 (cards.h describes the interface). An entry without resolve is
 * not implemented yet and cannot be played (it still serves as a ferocity card). */
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
    (void)env, (void)card;
    return any_tile(s, seat, true, true);
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

const mz_card_fx mz_fx_events[22] = {
    [EV01 - EV01] = {NULL, fx_surprise, target_legal, target_apply, NULL},
    [EV02 - EV01] = {play_tile, fx_tile, tile_legal, tile_apply, NULL},
    [EV05 - EV01] = {play_inhabit, push_target, target_legal, target_apply, NULL},
    [EV06 - EV01] = {play_tile, fx_tile, tile_legal, tile_apply, NULL},
    [EV09 - EV01] = {NULL, fx_egg_stealer, NULL, NULL, NULL},
    [EV10 - EV01] = {NULL, fx_frenzy, NULL, NULL, NULL},
    [EV11 - EV01] = {play_ant, push_target, target_legal, target_apply, NULL},
    [EV12 - EV01] = {play_hole, push_target, hole_legal2, hole_apply2, NULL},
    [EV13 - EV01] = {NULL, fx_rapid, NULL, NULL, NULL},
    [EV14 - EV01] = {NULL, fx_jelly, jelly_legal, jelly_apply, NULL},
    [EV15 - EV01] = {NULL, fx_gain, NULL, NULL, NULL},
    [EV16 - EV01] = {NULL, fx_gain, NULL, NULL, NULL},
    [EV17 - EV01] = {NULL, fx_scent, NULL, NULL, NULL},
    [EV19 - EV01] = {NULL, fx_call, NULL, NULL, NULL},
    [EV20 - EV01] = {NULL, fx_gain, NULL, NULL, NULL},
    [EV21 - EV01] = {NULL, fx_gain, NULL, NULL, NULL},
    [EV22 - EV01] = {play_ambush, push_target, target_legal, target_apply, NULL},
};
