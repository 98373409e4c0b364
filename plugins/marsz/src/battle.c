/* Battles (R-53 .. R-65): ant battles on tiles and in the Great Tunnel (with the Old Guard,
 * R-79 .. R-81), centipede battles, HD-05 shooting, and the choice frames they use (ferocity
 * cards, which ants are lost, spoils). Battle index MZ_OG (5) is the Old Guard. Ranking and
 * casualties use the core's combat helpers on a virtual clockwise ring that starts at the
 * reference seat (the Old Guard sits right after the defender, R-80). */
#include <string.h>

#include "marsz.h"

static bool is_placed(const mz_state *s, int l) { return l == MZ_GT || s->loc[l].placed; }

int mz_strength_base(const fc_env *env, const mz_state *s, int seat, int loc, bool centipede)
{
    const mz_data *D = MZ_D_(env);
    const mz_seat *P = &s->seat[seat];
    int v = mz_ants_at(s, loc, seat) + P->npile[SEG_HEAD] + P->rest_strength + P->call_to_arms; /* */
    if (mz_has_evo(s, seat, HD08))
        v += D->card[HD08].n;
    if (loc == MZ_GT && mz_has_evo(s, seat, HD10))
        v += D->card[HD10].n;
    if (centipede && mz_has_evo(s, seat, HD11))
        v += D->card[HD11].n;
    if (FC_HOOKED(env, H_STRENGTH)) {
        int64_t args[4] = {seat, loc, centipede, v};
        v = (int)env->host->hook_int(env, H_STRENGTH, (void *)s, args, 4, v);
    }
    return v;
}

/* Removes n ants of seat at loc (MZ_NONE: anywhere): automatically when there is no choice,
 * else through an F_REMOVE frame. */
static void push_remove(const fc_env *env, mz_state *s, int seat, int loc, int n, int why)
{
    const mz_data *D = MZ_D_(env);
    int have = loc == MZ_NONE ? mz_ants_total(s, seat) : mz_ants_at(s, loc, seat);
    if (n > have)
        n = have;
    if (n <= 0)
        return;
    if (n == have) {
        for (int l = 0; l < MZ_LOCS; l++) {
            if ((loc != MZ_NONE && l != loc) || !is_placed(s, l))
                continue;
            for (int k = 0; k <= MZ_OUT; k++)
                while (mz_take(s, seat, MZ_POS(l, k)))
                    s->seat[seat].eggs++;
        }
        return;
    }
    (void)D;
    mz_push(s, F_REMOVE, seat, loc, why, 0, n);
}

/* ---- ant battles ---- */

/* Clockwise ring of participants from the reference seat, the Old Guard right after ref. */
static int build_ring(const mz_state *s, int ref, uint8_t part, uint8_t *ring)
{
    int k = 0;
    for (int i = 0; i < s->nseats; i++) {
        int p = (ref + i) % s->nseats;
        if (part >> p & 1)
            ring[k++] = (uint8_t)p;
        if (i == 0 && (part >> MZ_OG & 1))
            ring[k++] = MZ_OG;
    }
    return k;
}

static uint8_t participants(const mz_state *s, int loc, bool og)
{
    uint8_t m = 0;
    for (int p = 0; p < s->nseats; p++)
        if (mz_ants_at(s, loc, p))
            m |= (uint8_t)(1u << p);
    if (og && s->og_ants)
        m |= 1u << MZ_OG;
    return m;
}

void mz_battle_start(const fc_env *env, mz_state *s, int loc, bool from_card)
{
    (void)env;
    memset(&s->bt, 0, sizeof s->bt);
    s->bt.loc = (uint8_t)loc;
    s->bt.from_card = from_card;
    s->bt.winner = MZ_NONE;
    mz_push(s, F_BATTLE, s->active, loc, 0, from_card, 0);
}

static void gain_reward(const fc_env *env, mz_state *s, int seat, const int8_t *give)
{
    mz_gain(env, s, seat, give[RW_F], give[RW_L1] + 2 * give[RW_L2], give[RW_C], give[RW_P]);
}

/* Stage 3 of an ant battle: strengths, ranking, casualties (R-54 .. R-58). */
static void battle_resolve(const fc_env *env, mz_state *s, mz_frame *f)
{
    const mz_data *D = MZ_D_(env);
    mz_battle *B = &s->bt;
    int loc = B->loc;
    uint8_t ring[MZ_SEATS + 1];
    int k = build_ring(s, B->ref, B->part, ring);
    int str2[MZ_SEATS + 1] = {0}, order[MZ_SEATS + 1] = {0};
    for (int i = 0; i < k; i++) {
        int p = ring[i];
        if (p == MZ_OG) {
            int c = mz_draw_card(s); /* one card, no redraw */
            B->og_fer = (int8_t)(c >= 0 ? D->card[c].ferocity : 0);
            if (c >= 0)
                mz_discard(s, c);
            B->strength[p] = (int16_t)(B->og + B->og_fer);
        } else {
            int v = mz_strength_base(env, s, p, loc, false);
            if (mz_has_evo(s, p, HD02) && p != B->defender)
                v += D->card[HD02].m;
            for (int j = 0; j < 2; j++)
                if (s->seat[p].fer[j] != MZ_NONE)
                    v += D->card[s->seat[p].fer[j]].ferocity;
            B->strength[p] = (int16_t)v;
        }
        str2[i] = 2 * B->strength[p] + (p != MZ_OG); /* a player beats the Old Guard on a tie */
        B->ants0[p] = (uint8_t)(p == MZ_OG ? B->og : mz_ants_at(s, loc, p));
    }
    int nrank = env->host->rank_clockwise(str2, NULL, k, 0, order);
    for (int i = 0; i < nrank; i++)
        B->order[i] = ring[order[i]];
    B->norder = (uint8_t)nrank;
    int wv = order[0], w = ring[wv];
    B->winner = (uint8_t)w;
    /* */
    bool recv[MZ_SEATS + 1];
    int cap[MZ_SEATS + 1], got[MZ_SEATS + 1];
    int L = 0;
    for (int i = 0; i < k; i++) {
        int p = ring[i];
        B->prevent[p] = (uint8_t)(p == MZ_OG ? 0
                                             : (mz_has_evo(s, p, HD04) ? D->card[HD04].n : 0) +
                                                   s->seat[p].rest_prevent);
        recv[i] = i != wv;
        cap[i] = B->ants0[p] + B->prevent[p];
        if (i != wv)
            L += B->ants0[p];
    }
    int to_winner = L / 2;
    for (int i = 0; i < k; i++)
        if (i != wv && ring[i] != MZ_OG && mz_has_evo(s, ring[i], HD09))
            to_winner += D->card[HD09].n;
    int wcap = B->ants0[w] - 1 + B->prevent[w];
    if (to_winner > wcap)
        to_winner = wcap < 0 ? 0 : wcap;
    int W = B->ants0[w];
    if (FC_HOOKED(env, H_CASUALTIES)) {
        int64_t args[3] = {w == MZ_OG ? -1 : w, loc, W};
        W = (int)env->host->hook_int(env, H_CASUALTIES, s, args, 3, W);
        if (W < 0)
            W = 0;
    }
    env->host->casualties_round_robin(W, wv, recv, cap, k, got);
    got[wv] = to_winner;
    for (int i = 0; i < k; i++) {
        int p = ring[i], lose = got[i] - B->prevent[p];
        B->assigned[p] = (uint8_t)got[i];
        if (lose <= 0)
            continue;
        if (p == MZ_OG)
            B->og = (uint8_t)(B->og > lose ? B->og - lose : 0);
        else
            push_remove(env, s, p, loc, lose, RM_BATTLE);
    }
    FC_EMIT(env, FC_ALL_SEATS, "battle at %s%d: winner %s with strength %d", loc ? "T-" : "GT", loc,
            w == MZ_OG ? "the Old Guard" : "a player", B->strength[w]);
    (void)f;
}

/* Stage 4: spoils and winner abilities. */
static void battle_spoils(const fc_env *env, mz_state *s)
{
    const mz_data *D = MZ_D_(env);
    mz_battle *B = &s->bt;
    int w = B->winner, loc = B->loc;
    if (loc == MZ_GT) {
        for (int i = 0; i < 3 && i < B->norder; i++)
            if (B->order[i] != MZ_OG) /* */
                gain_reward(env, s, B->order[i], D->reward[s->reward_cur].give[i]);
    } else if (w != MZ_OG) {
        mz_add_points(s, w, D->battle_points);
        if (mz_has_evo(s, w, HD12))
            mz_gain(env, s, w, D->card[HD12].food, 0, 0, 0);
        if (mz_ants_at(s, loc, w))
            mz_push(s, F_SPOIL, w, loc, 0, 0, 0);
    }
    if (w != MZ_OG && mz_has_evo(s, w, HD01)) { /* HD-01 */
        mz_gain_larvae(s, w, D->card[HD01].larvae);
        for (int i = 1; i < B->norder; i++) {
            int p = B->order[i];
            if (p != MZ_OG && s->seat[p].larvae) {
                s->seat[p].larvae--;
                s->seat[p].eggs++;
            }
        }
    }
}

/* cleanup: ferocity cards to the discard pile, HD-07 in player order. */
static void battle_cleanup(const fc_env *env, mz_state *s)
{
    const mz_data *D = MZ_D_(env);
    for (int i = 0; i < s->nseats; i++) {
        int p = (s->active + i) % s->nseats;
        mz_seat *P = &s->seat[p];
        bool played = false;
        for (int j = 0; j < 2; j++)
            if (P->fer[j] != MZ_NONE) {
                mz_discard(s, P->fer[j]);
                P->fer[j] = MZ_NONE;
                played = true;
            }
        if (P->species == SP_EGG_KEEPERS && s->bt.loc != MZ_GT) /* V-5 trait */
            mz_add_points(s, p, -D->sp[SP_EGG_KEEPERS].m * P->fer_committed);
        P->fer_committed = 0;
        if (played && mz_has_evo(s, p, HD07))
            mz_add_points(s, p, D->card[HD07].points);
    }
}

/* R-55 through the core's simultaneous-choice helper: the participants in `mask` commit in
 * clockwise order from the seat left of the reference seat, so the reference seat (the
 * defender) comes last; each choice stays hidden until all have committed. */
static void push_ferocity(const fc_env *env, mz_state *s, int ref, uint32_t mask)
{
    fc_simul *sm = &s->bt.fer;
    env->host->simul_begin(sm, (ref + 1) % s->nseats, s->nseats, mask);
    int first = env->host->simul_next(sm);
    if (first >= 0)
        mz_push(s, F_FEROCITY, first, 0, 0, 0, 0);
}

void mz_battle_step(const fc_env *env, mz_state *s, mz_frame *f)
{
    mz_battle *B = &s->bt;
    int loc = f->a;
    bool og = s->nseats == 2 && loc == MZ_GT;
    switch (f->b) {
    case 0: { /* start-of-battle abilities (HD-06, A-10) in player order */
        f->b = 1;
        uint8_t part = participants(s, loc, og);
        for (int i = s->nseats - 1; i >= 0; i--) {
            int p = (s->active + i) % s->nseats;
            if ((part >> p & 1) && mz_has_evo(s, p, HD06))
                mz_push(s, F_HD06, p, loc, 0, 0, 0);
        }
        return;
    }
    case 1: {
        B->og = og ? s->og_ants : 0;
        B->part = participants(s, loc, og);
        int np = __builtin_popcount(B->part);
        if (loc == MZ_GT) {
            if (np == 0) {
                mz_pop(s);
                return;
            }
            if (np == 1 && !(B->part >> MZ_OG & 1)) { /* sole occupant */
                gain_reward(env, s, __builtin_ctz(B->part), MZ_D_(env)->reward[s->reward_cur].give[0]);
                mz_pop(s);
                return;
            }
            if (np == 1) {
                mz_pop(s);
                return;
            }
            B->defender = s->gt_defender;
            B->ref = s->gt_defender != MZ_NONE ? s->gt_defender : s->active;
        } else {
            if (np < 2 || !mz_contested(s, loc)) {
                mz_pop(s);
                return;
            }
            int c = mz_controller(s, loc);
            B->defender = c >= 0 ? (uint8_t)c : MZ_NONE; /* */
            B->ref = c >= 0 ? (uint8_t)c : s->active;
        }
        f->b = 2;
        push_ferocity(env, s, B->ref, B->part & ((1u << s->nseats) - 1)); /* the Old Guard never decides */
        return;
    }
    case 2:
        battle_resolve(env, s, f);
        f->b = 3;
        return;
    case 3:
        battle_spoils(env, s);
        f->b = 4;
        return;
    default: {
        battle_cleanup(env, s);
        if (!f->c)
            s->soldier_done[loc] = 1;
        int first = B->winner == MZ_OG ? (B->ref + 1) % s->nseats : B->winner;
        mz_pop(s);
        if (loc != MZ_GT)
            mz_push_refill(s, first, loc);
        return;
    }
    }
}

/* ---- centipedes (R-61 .. R-65) ---- */

static int next_opponent(const mz_state *s, int t)
{
    int ref = mz_controller(s, t);
    if (ref < 0)
        ref = s->active;
    int best = -1, bestn = 0;
    for (int i = 0; i < s->nseats; i++) {
        int p = (ref + i) % s->nseats;
        int a = mz_ants_at(s, t, p);
        if (a > bestn && !(s->bt.faced >> p & 1)) {
            best = p;
            bestn = a;
        }
    }
    return best;
}

/* The centipede's fight on tile t against the seat it faces (R-62..R-64): the seat's strength
 * with its ferocity cards against the size track plus drawn cards (or V-4's fixed value). */
static void centi_fight(const fc_env *env, mz_state *s, mz_frame *f, int t)
{
    const mz_data *D = MZ_D_(env);
    mz_battle *B = &s->bt;
    int p = B->centi_seat;
    int v = mz_strength_base(env, s, p, t, true);
    for (int j = 0; j < 2; j++)
        if (s->seat[p].fer[j] != MZ_NONE)
            v += D->card[s->seat[p].fer[j]].ferocity;
    int cv = mz_size(D, s);
    if (D->centi_fixed > 0)
        cv += D->centi_fixed; /* V-4 */
    else
        for (;;) { /* R-62 unpredictable enemy */
            int c = mz_draw_card(s);
            if (c < 0)
                break;
            int fer = D->card[c].ferocity;
            mz_discard(s, c);
            cv += fer;
            if (fer != 1)
                break;
        }
    int a = mz_ants_at(s, t, p);
    B->strength[p] = (int16_t)v;
    B->centi_str = (uint8_t)(cv > 255 ? 255 : cv);
    if (v >= cv) { /* */
        s->loc[t].centipede = 0;
        mz_gain(env, s, p, D->track_food[s->size_pos], 0, 0, D->track_points[s->size_pos]);
        if (mz_has_evo(s, p, HD11))
            mz_add_points(s, p, D->card[HD11].points);
        f->b = 4;
        if ((a + 1) / 2 < a) /* spoils after the losses: pushed first, runs after them */
            mz_push(s, F_SPOIL, p, t, 0, 0, 0);
        push_remove(env, s, p, t, (a + 1) / 2, RM_CENTI);
    } else {
        push_remove(env, s, p, t, a, RM_CENTI);
        f->b = 4;
    }
    FC_EMIT(env, FC_ALL_SEATS, "centipede on T-%d: strength %d against %d", t, cv, v);
}

void mz_centi_step(const fc_env *env, mz_state *s, mz_frame *f)
{
    mz_battle *B = &s->bt;
    int t = f->a;
    switch (f->b) {
    case 0:
        memset(B, 0, sizeof *B);
        B->loc = (uint8_t)t;
        f->b = 1;
        return;
    case 1: {
        int p = s->loc[t].centipede ? next_opponent(s, t) : -1;
        if (p < 0) {
            f->b = 5;
            return;
        }
        B->faced |= (uint8_t)(1u << p);
        B->centi_seat = (uint8_t)p;
        B->stage = 0;
        f->b = 2;
        if (mz_has_evo(s, p, HD02) || mz_has_evo(s, p, AB01))
            mz_push(s, F_CENTI_ASK, p, t, 0, 0, 0);
        return;
    }
    case 2: {
        if (B->stage == 1) { /* sacrificed an ant instead */
            f->b = 1;
            return;
        }
        f->b = 6;
        if (mz_has_evo(s, B->centi_seat, HD06)) /* start-of-battle ability */
            mz_push(s, F_HD06, B->centi_seat, t, 0, 0, 0);
        return;
    }
    case 6:
        f->b = 3;
        push_ferocity(env, s, B->centi_seat + s->nseats - 1, 1u << B->centi_seat);
        return;
    case 3:
        centi_fight(env, s, f, t);
        return;
    case 4:
        battle_cleanup(env, s);
        f->b = 1;
        mz_push_refill(s, B->centi_seat, t);
        return;
    default: {
        bool card = f->c;
        mz_pop(s);
        if (!s->loc[t].centipede && mz_contested(s, t) && (card || !s->soldier_done[t]))
            mz_battle_start(env, s, t, card);
        return;
    }
    }
}

/* ---- decisions ---- */

static int ant_positions(const mz_data *D, const mz_state *s, int seat, int loc, fc_decision *out, int kind, int n)
{
    uint8_t src[8];
    for (int l = 0; l < MZ_LOCS; l++) {
        if ((loc != MZ_NONE && l != loc) || !is_placed(s, l))
            continue;
        int ns = mz_ant_sources(D, s, seat, l, src);
        for (int i = 0; i < ns; i++)
            out[n++] = MZ_D(kind, src[i], 0, 0);
    }
    return n;
}

int mz_legal_battle(const fc_env *env, const mz_state *s, const mz_frame *f, fc_decision *out)
{
    const mz_data *D = MZ_D_(env);
    int n = 0, seat = f->seat;
    switch (f->kind) {
    case F_FEROCITY:
        for (int c = 0; c < MZ_CARDS; c++)
            if (s->card_loc[c] == CL_HAND && s->card_seat[c] == seat)
                out[n++] = MZ_D(DK_FER, c, 0, 0);
        out[n++] = MZ_D(DK_FER, MZ_NONE, 0, 0);
        return n;
    case F_REMOVE: return ant_positions(D, s, seat, f->a, out, DK_LOSE, 0);
    case F_SPOIL: {
        uint8_t src[8];
        int ns = mz_ant_sources(D, s, seat, f->a, src);
        for (int i = 0; i < ns; i++)
            if (MZ_PSLOT(src[i]) != 0)
                out[n++] = MZ_D(DK_ANT, src[i], MZ_POS(f->a, 0), 0);
        out[n++] = MZ_D(DK_DONE, 0, 0, 0);
        return n;
    }
    case F_CENTI_ASK:
        out[n++] = MZ_D(DK_SACRIFICE, 0, 0, 0);
        out[n++] = MZ_D(DK_DONE, 0, 0, 0);
        return n;
    case F_HD06: { /* 1 larva, or 1 ant from an adjacent location */
        uint8_t dst[5];
        int nd = mz_settle_opts(D, s, f->a, dst);
        if (s->seat[seat].larvae)
            for (int j = 0; j < nd; j++)
                out[n++] = MZ_D(DK_LARVA, 0, MZ_POS(f->a, dst[j]), 0);
        for (int l = 0; l < MZ_LOCS; l++) {
            uint8_t src[8];
            if (!is_placed(s, l) || !mz_adjacent(D, s, l, f->a) || !mz_may_leave(D, s, seat, l))
                continue;
            int ns = mz_ant_sources(D, s, seat, l, src);
            for (int i = 0; i < ns; i++)
                for (int j = 0; j < nd; j++)
                    out[n++] = MZ_D(DK_ANT, src[i], MZ_POS(f->a, dst[j]), 0);
        }
        out[n++] = MZ_D(DK_DONE, 0, 0, 0);
        return n;
    }
    case F_SHOOT:
        if (f->b == 0) {
            for (int t = 1; t <= MZ_TILES; t++)
                if (s->loc[t].placed && mz_ants_at(s, t, seat) && mz_loc_total(s, t) >= D->card[HD05].n)
                    out[n++] = MZ_D(DK_TARGET, t, 0, 0);
            out[n++] = MZ_D(DK_DONE, 0, 0, 0);
            return n;
        }
        for (int p = 0; p < s->nseats; p++) {
            int picked = (f->c == p + 1) ? 1 : 0;
            if (p != seat && mz_ants_at(s, f->a, p) > picked)
                out[n++] = MZ_D(DK_OPTION, p, 0, 0);
        }
        return n;
    default: return 0;
    }
}

static void shoot_finish(const fc_env *env, mz_state *s, mz_frame *f)
{
    const mz_data *D = MZ_D_(env);
    int seat = f->seat, t = f->a, total = D->card[HD05].n;
    int per[MZ_SEATS] = {0};
    if (f->c)
        per[f->c - 1]++;
    if (f->n >= 1 && f->b >= 2)
        per[f->b - 2]++;
    int given = 0;
    for (int p = 0; p < s->nseats; p++)
        given += per[p];
    per[seat] += total - given; /* own ants make up the difference (HD-05) */
    mz_pop(s);
    for (int p = 0; p < s->nseats; p++)
        push_remove(env, s, p, t, per[p], RM_CARD);
    mz_push_refill(s, s->active, t);
}

/* HD-05 (frame F_SHOOT): the target tile, then the seats whose ants it removes, one decision
 * each (f->c the first, f->b the second); own ants make up the rest (shoot_finish). */
static void apply_shoot(const fc_env *env, mz_state *s, mz_frame *f, int k, int a)
{
    if (f->b == 0) {
        if (k == DK_DONE) {
            mz_pop(s);
            return;
        }
        f->a = (uint8_t)a;
        f->b = 1;
        f->n = 0;
        fc_decision tmp[MZ_SEATS];
        if (mz_legal_battle(env, s, f, tmp) == 0) /* no opponent ants: own ants only */
            shoot_finish(env, s, f);
        return;
    }
    if (f->n == 0) {
        f->c = (uint8_t)(a + 1);
        f->n = 1;
        fc_decision tmp[MZ_SEATS];
        if (MZ_D_(env)->card[HD05].n < 2 || mz_legal_battle(env, s, f, tmp) == 0)
            shoot_finish(env, s, f);
        return;
    }
    f->b = (uint8_t)(a + 2);
    shoot_finish(env, s, f);
}

void mz_apply_battle(const fc_env *env, mz_state *s, mz_frame *f, fc_decision d)
{
    int seat = f->seat, k = MZ_DK(d), a = MZ_DA(d);
    switch (f->kind) {
    case F_FEROCITY: {
        mz_seat *P = &s->seat[seat];
        if (a != MZ_NONE) {
            P->hand--;
            s->card_loc[a] = CL_FEROCITY;
            P->fer[P->fer_committed++] = (uint8_t)a;
            if (P->fer_committed == 1 && mz_has_evo(s, seat, HD03) && P->hand)
                return; /* HD-03: decide a second card at once */
        }
        env->host->simul_commit(&s->bt.fer, seat); /* next participant in ferocity order */
        int next = env->host->simul_next(&s->bt.fer);
        if (next >= 0)
            f->seat = (uint8_t)next;
        else
            mz_pop(s);
        return;
    }
    case F_REMOVE:
        mz_take(s, seat, a);
        s->seat[seat].eggs++;
        if (--f->n == 0)
            mz_pop(s);
        return;
    case F_SPOIL: {
        int t = f->a;
        mz_pop(s);
        if (k == DK_DONE)
            return;
        int occ = s->loc[t].space[0];
        mz_take(s, seat, a);
        if (occ) {
            s->loc[t].space[0] = 0;
            s->loc[t].out[occ - 1]++;
        }
        mz_put(s, seat, MZ_POS(t, 0));
        return;
    }
    case F_CENTI_ASK: {
        int t = f->a;
        mz_pop(s);
        if (k == DK_SACRIFICE) {
            s->bt.stage = 1;
            push_remove(env, s, seat, t, 1, RM_SACRIFICE);
        }
        return;
    }
    case F_HD06:
        mz_pop(s);
        if (k == DK_LARVA) {
            s->seat[seat].larvae--;
            mz_put(s, seat, MZ_DB(d));
        } else if (k == DK_ANT) {
            mz_take(s, seat, a);
            mz_put(s, seat, MZ_DB(d));
        }
        return;
    case F_SHOOT: apply_shoot(env, s, f, k, a); return;
    default: return;
    }
}
