/* Worker phase (R-25 .. R-42): the five actions, steps, reactions, Rest and the end-of-phase
 * thorax reactions; also the generic choice frames they use (placing a tile, moving ants in,
 * steps, larva moves, paying a cost, discarding). */
#include <string.h>

#include "marsz.h"

static int nsp(const mz_data *D, int loc) { return loc == MZ_GT ? 0 : D->tile[loc].nspaces; }
static int cls(const mz_data *D, int t, int i) { return i == 0 ? 99 : D->tile[t].space[i]; }

/* where an arriving ant may settle: one empty space per kind (the control space is its
 * own kind), or the outskirts when no space is empty. Returns the number of slots. */
int mz_settle_opts(const mz_data *D, const mz_state *s, int loc, uint8_t *slots)
{
    if (loc == MZ_GT) {
        slots[0] = MZ_OUT;
        return 1;
    }
    int n = 0, seen = 0;
    for (int i = 0; i < nsp(D, loc); i++)
        if (!s->loc[loc].space[i]) {
            int c = cls(D, loc, i) % 31;
            if (!(seen >> c & 1)) {
                seen |= 1 << c;
                slots[n++] = (uint8_t)i;
            }
        }
    if (!n)
        slots[n++] = MZ_OUT;
    return n;
}

/* Distinct positions of seat's ants at loc (spaces of the same kind once, outskirts once). */
int mz_ant_sources(const mz_data *D, const mz_state *s, int seat, int loc, uint8_t *pos)
{
    int n = 0, seen = 0;
    if (loc != MZ_GT)
        for (int i = 0; i < nsp(D, loc); i++)
            if (s->loc[loc].space[i] == seat + 1) {
                int c = cls(D, loc, i) % 31;
                if (!(seen >> c & 1)) {
                    seen |= 1 << c;
                    pos[n++] = (uint8_t)MZ_POS(loc, i);
                }
            }
    if (s->loc[loc].out[seat])
        pos[n++] = (uint8_t)MZ_POS(loc, MZ_OUT);
    return n;
}

static bool placed(const mz_state *s, int l) { return l == MZ_GT || s->loc[l].placed; }

/* Moves of ants from every source of seat into `to`, settling. */
static int moves_into(const mz_data *D, const mz_state *s, int seat, int from, int to, fc_decision *out, int n)
{
    uint8_t src[8], dst[5];
    int ns = mz_ant_sources(D, s, seat, from, src), nd = mz_settle_opts(D, s, to, dst);
    for (int i = 0; i < ns; i++)
        for (int j = 0; j < nd && n < MZ_MAX_DECISIONS - 8; j++)
            out[n++] = MZ_D(DK_ANT, src[i], MZ_POS(to, dst[j]), 0);
    return n;
}

static int larva_moves(const mz_data *D, const mz_state *s, int seat, int rule, fc_decision *out, int n)
{
    if (!s->seat[seat].larvae)
        return n;
    uint8_t dst[5];
    for (int l = 0; l < MZ_LOCS; l++) {
        if (!placed(s, l))
            continue;
        bool ok = l == MZ_GT ? rule != LV_TILE_ANY : rule == LV_INHABIT ? mz_inhabits(D, s, seat, l) : false;
        if (!ok)
            continue;
        int nd = mz_settle_opts(D, s, l, dst);
        for (int j = 0; j < nd; j++)
            out[n++] = MZ_D(DK_LARVA, 0, MZ_POS(l, dst[j]), 0);
    }
    return n;
}

/* steps of seat under `flags`. */
int mz_step_moves(const fc_env *env, const mz_state *s, int seat, unsigned flags, fc_decision *out)
{
    const mz_data *D = MZ_D_(env);
    int n = 0;
    bool winged = mz_has_evo(s, seat, TX01);
    for (int l = 0; l < MZ_LOCS; l++) {
        if (!placed(s, l) || !mz_ants_at(s, l, seat))
            continue;
        if (mz_may_leave(D, s, seat, l)) {
            uint32_t links = winged ? s->adj[l] : s->conn[l];
            if (l != MZ_GT && s->loc[l].wormhole) /* R-33 (b), R-08 */
                for (int l2 = 1; l2 <= MZ_TILES; l2++)
                    if (l2 != l && s->loc[l2].placed && s->loc[l2].wormhole)
                        links |= 1u << l2;
            for (; links; links &= links - 1)
                n = moves_into(D, s, seat, l, __builtin_ctz(links), out, n);
        }
        if (l != MZ_GT) { /* (c) from a space to an empty space of the same tile */
            uint8_t src[8], dst[5];
            int ns = mz_ant_sources(D, s, seat, l, src), nd = mz_settle_opts(D, s, l, dst);
            for (int i = 0; i < ns; i++)
                for (int j = 0; j < nd; j++)
                    if (MZ_PSLOT(src[i]) != MZ_OUT && dst[j] != MZ_OUT)
                        out[n++] = MZ_D(DK_ANT, src[i], MZ_POS(l, dst[j]), 0);
        }
    }
    if (flags & STEP_REACT)
        n = larva_moves(D, s, seat, LV_GT_ONLY, out, n);
    else if (!(flags & STEP_ANT_ONLY) && !((flags & STEP_LARVA_FIRST) && (flags & STEP_ANT_DONE)))
        n = larva_moves(D, s, seat, LV_INHABIT, out, n);
    if ((flags & STEP_MARCH) && mz_has_evo(s, seat, TX02)) /* TX-02 */
        for (int t = 1; t <= MZ_TILES; t++)
            if (s->loc[t].placed && s->loc[t].centipede)
                for (int t2 = 1; t2 <= MZ_TILES; t2++)
                    if (s->loc[t2].placed && !s->loc[t2].centipede && mz_connected(D, s, t, t2))
                        out[n++] = MZ_D(DK_CENTI, t, t2, 0);
    return n;
}

void mz_push_steps(mz_state *s, int seat, int n, unsigned flags)
{
    if (n > 0)
        mz_push(s, F_STEPS, seat, 0, (int)flags, 0, n);
}

static bool can_explore(const fc_env *env, const mz_state *s, int seat)
{
    return s->nstack && s->seat[seat].food && mz_explore_possible(MZ_D_(env), s, seat); /* */
}

bool mz_action_legal(const fc_env *env, const mz_state *s, int seat, int ac, bool bonus)
{
    (void)bonus;
    switch (ac) {
    case AC_EXPLORE: return can_explore(env, s, seat);
    case AC_FORAGE:
    case AC_MARCH: return s->seat[seat].food > 0;
    default: return false;
    }
}

static int playable_cards(const fc_env *env, const mz_state *s, int seat, fc_decision *out, int n)
{
    for (int c = 0; c < MZ_CARDS; c++)
        if (s->card_loc[c] == CL_HAND && s->card_seat[c] == seat && mz_card_playable(env, s, seat, c))
            out[n++] = MZ_D(DK_ACTION, AC_PLAY, c, 0);
    return n;
}

static int turn_legal(const fc_env *env, const mz_state *s, const mz_frame *f, fc_decision *out, bool bonus)
{
    int seat = f->seat, n = 0;
    const mz_seat *P = &s->seat[seat];
    if (!P->rested) {
        for (int ac = AC_EXPLORE; ac <= AC_MARCH; ac++)
            if (mz_action_legal(env, s, seat, ac, bonus))
                out[n++] = MZ_D(DK_ACTION, ac, 0, 0);
        n = playable_cards(env, s, seat, out, n);
        if (!bonus && mz_unique_legal(env, s, seat)) /* V-5 */
            out[n++] = MZ_D(DK_ACTION, AC_UNIQUE, 0, 0);
    }
    if (bonus) {
        out[n++] = MZ_D(DK_DONE, 0, 0, 0);
        return n;
    }
    /* */
    bool rest_ok = P->rested || P->turns > 0 || (!P->food && !P->hand) || n == 0;
    if (rest_ok)
        for (int r = 0; r < MZ_REST; r++)
            if (s->rest_row[r])
                out[n++] = MZ_D(DK_ACTION, AC_REST, r, 0);
    return n;
}

/* Reactions seat could take now. */
bool mz_reaction_possible(const fc_env *env, const mz_state *s, int seat, int kind)
{
    fc_decision tmp[MZ_MAX_DECISIONS];
    if (kind >= RK_RITUAL)
        return mz_species_reaction_possible(env, s, seat, kind);
    switch (kind) {
    case AC_EXPLORE: return s->seat[seat].larvae > 0;
    case AC_FORAGE: return s->seat[seat].eggs > 0;
    case AC_MARCH: return mz_step_moves(env, s, seat, STEP_REACT, tmp) > 0;
    case AC_PLAY: return s->seat[seat].hand > 0;
    default: return false;
    }
}

/* A cost paid piece by piece (frame F_PAY, kind CK_*): a larva, or an ant from any place. */
static int pay_legal(const mz_data *D, const mz_state *s, int seat, int kind, fc_decision *out)
{
    int n = 0;
    if (kind != CK_ANTS && s->seat[seat].larvae)
        out[n++] = MZ_D(DK_PAY, MZ_NONE, 0, 0);
    if (kind != CK_LARVAE)
        for (int l = 0; l < MZ_LOCS; l++) {
            uint8_t src[8];
            if (!placed(s, l))
                continue;
            int ns = mz_ant_sources(D, s, seat, l, src);
            for (int i = 0; i < ns; i++)
                out[n++] = MZ_D(DK_PAY, src[i], 0, 0);
        }
    return n;
}

int mz_legal_worker(const fc_env *env, const mz_state *s, const mz_frame *f, fc_decision *out)
{
    const mz_data *D = MZ_D_(env);
    int n = 0, seat = f->seat;
    switch (f->kind) {
    case F_TURN: return turn_legal(env, s, f, out, false);
    case F_BONUS: return turn_legal(env, s, f, out, true);
    case F_PICKTILE:
    case F_SETUP2P:
        out[n++] = MZ_D(DK_TILE, f->a, 0, 0);
        out[n++] = MZ_D(DK_TILE, f->b, 0, 0);
        return n;
    case F_PLACE: return mz_placements_ref(D, s, seat, f->a, f->b, f->c, out);
    case F_ENTER: {
        bool winged = mz_has_evo(s, seat, TX01);
        for (int l = 0; l < MZ_LOCS; l++)
            if (placed(s, l) && l != f->a && mz_may_leave(D, s, seat, l) &&
                (winged ? mz_adjacent(D, s, l, f->a) : mz_connected(D, s, l, f->a)))
                n = moves_into(D, s, seat, l, f->a, out, n);
        if (f->n > 0 || n == 0)
            out[n++] = MZ_D(DK_DONE, 0, 0, 0);
        return n;
    }
    case F_STEPS:
        /* every step may be left out, a reaction's too: stopping there is declining the
         * rest of it (docs/rulings-marsz.md, "Decisions taken by the implementation") */
        n = mz_step_moves(env, s, seat, f->b, out);
        out[n++] = MZ_D(DK_DONE, 0, 0, 0);
        return n;
    case F_LARVA:
        n = larva_moves(D, s, seat, f->b, out, 0);
        out[n++] = MZ_D(DK_DONE, 0, 0, 0);
        return n;
    case F_DISCARD:
    case F_DRAFT:
        for (int c = 0; c < MZ_CARDS; c++)
            if (s->card_seat[c] == seat &&
                s->card_loc[c] == (f->kind == F_DRAFT ? CL_LIMBO : CL_HAND))
                out[n++] = MZ_D(f->kind == F_DRAFT ? DK_CARD : DK_DISCARD, c, 0, 0);
        return n;
    case F_PAY: return pay_legal(D, s, seat, f->b, out);
    case F_REACT:
        if (mz_reaction_possible(env, s, seat, f->a))
            out[n++] = MZ_D(DK_REACT, f->a, 0, 0);
        out[n++] = MZ_D(DK_DONE, 0, 0, 0);
        return n;
    case F_REACT_DO: /* explore reaction: a larva onto a tile you inhabit or the Great Tunnel */
        return larva_moves(D, s, seat, LV_INHABIT, out, 0);
    case F_THORAX: {
        int most = mz_evo_count(s, seat, SEG_THORAX);
        if (most > D->max_thorax)
            most = D->max_thorax;
        if (f->n < most)
            for (int k = AC_EXPLORE; k <= AC_PLAY; k++)
                if (!(f->c >> k & 1) && mz_reaction_possible(env, s, seat, k))
                    out[n++] = MZ_D(DK_REACT, k, 0, 0);
        out[n++] = MZ_D(DK_DONE, 0, 0, 0);
        return n;
    }
    case F_PEEK:
        for (int i = 0; i < f->n; i++)
            out[n++] = MZ_D(DK_TILE, s->stack[s->nstack - 1 - i], 0, 0);
        return n;
    default: return 0;
    }
}

/* ---- resolution ---- */

static void draw_tiles_for_explore(const fc_env *env, mz_state *s, int seat)
{
    const mz_data *D = MZ_D_(env);
    int want = mz_has_evo(s, seat, TX08) ? D->card[TX08].n : 1;
    if (want >= 2 && s->nstack >= 2) {
        int a = s->stack[--s->nstack], b = s->stack[--s->nstack];
        if (s->peeked)
            s->peeked = (uint8_t)(s->peeked > 2 ? s->peeked - 2 : 0);
        mz_push(s, F_PICKTILE, seat, a, b, 0, 0);
        return;
    }
    int t = s->stack[--s->nstack];
    if (s->peeked)
        s->peeked--;
    mz_push(s, F_PLACE, seat, t, 0, 0, 0);
}

void mz_rest_apply(const fc_env *env, mz_state *s, int seat, int rt)
{
    const mz_data *D = MZ_D_(env);
    const mz_restdef *R = &D->rest[rt];
    mz_seat *P = &s->seat[seat];
    s->rest_row[rt] = 0;
    s->rest_owner[rt] = (uint8_t)(seat + 1);
    P->rested = 1;
    if (rt == 0)
        s->gt_defender = (uint8_t)seat; /* */
    mz_gain(env, s, seat, R->food, R->larvae, R->cards, R->points);
    P->rest_strength = (uint8_t)(P->rest_strength + R->strength);
    P->rest_prevent = (uint8_t)(P->rest_prevent + R->prevent);
    P->rest_feed = (uint8_t)(P->rest_feed + R->feed);
    bool empty = true;
    for (int i = 0; i < MZ_REST; i++)
        empty &= !s->rest_row[i];
    if (empty)
        s->worker_ended = 1; /* */
    if (R->peek && s->nstack) {
        int k = R->peek < s->nstack ? R->peek : s->nstack;
        mz_push(s, F_PEEK, seat, 0, 0, 0, k);
    }
    if (R->larva_moves)
        mz_push(s, F_LARVA, seat, 0, LV_INHABIT, 0, R->larva_moves);
    mz_push_steps(s, seat, R->steps, 0);
}

void mz_start_action(const fc_env *env, mz_state *s, int seat, int ac, int arg, bool turn)
{
    const mz_data *D = MZ_D_(env);
    (void)turn;
    switch (ac) {
    case AC_EXPLORE:
        s->seat[seat].food--;
        draw_tiles_for_explore(env, s, seat);
        break;
    case AC_FORAGE: {
        s->seat[seat].food--;
        int k = mz_has_evo(s, seat, TX11)                      ? D->card[TX11].n
                : s->seat[seat].species == SP_CHAOS ? D->sp[SP_CHAOS].m /* V-5 trait */
                                                       : D->forage_draw;
        mz_draw_to_hand(s, seat, k);
        if (s->seat[seat].hand)
            mz_push(s, F_DISCARD, seat, 0, DW_FORAGE, 0, 1);
        else
            mz_push(s, F_DISCARD, seat, 0, DW_FORAGE, 0, 0);
        break;
    }
    case AC_MARCH:
        s->seat[seat].food--;
        mz_push(s, F_STEPS, seat, 0, STEP_MARCH, 0, mz_has_evo(s, seat, TX12) ? D->card[TX12].n : D->march_steps);
        break;
    case AC_PLAY: mz_play_card(env, s, seat, arg, false); break;
    case AC_REST: mz_rest_apply(env, s, seat, arg); break;
    case AC_UNIQUE: mz_unique_start(env, s, seat); break;
    default: break;
    }
}

/* Reactions for an action of `seat` (R-27, R-78 / A-08; V-1 switches them off). */
static void push_reactions(const fc_env *env, mz_state *s, int seat, int ac)
{
    const mz_data *D = MZ_D_(env);
    if (!D->reactions)
        return;
    int n = s->nseats, left = (seat + 1) % n, right = (seat + n - 1) % n;
    if (n > 2 && right != left)
        mz_push(s, F_REACT, right, ac, 0, 0, 1);
    mz_push(s, F_REACT, left, ac, 0, 0, 0);
}

/* V-5: a unique action's global reaction for every other player, in player order. */
static void push_global_reactions(const fc_env *env, mz_state *s, int seat)
{
    static const int kind[SP_COUNT] = {0, RK_RITUAL, AC_EXPLORE, RK_PROPHECY, RK_DANCE};
    if (!MZ_D_(env)->reactions)
        return;
    for (int i = s->nseats - 1; i >= 1; i--)
        mz_push(s, F_REACT, (seat + i) % s->nseats, kind[s->seat[seat].species], 0, 0, 0);
}

static void do_action(const fc_env *env, mz_state *s, int seat, int ac, int arg)
{
    if (ac == AC_UNIQUE)
        push_global_reactions(env, s, seat);
    else if (ac != AC_REST)
        push_reactions(env, s, seat, ac);
    mz_push_refill(s, s->active, MZ_NONE);
    mz_start_action(env, s, seat, ac, arg, true);
}

/* TX-04 after Forage: steal from the opponent(s) with the most larvae. */
static void parasite(const fc_env *env, mz_state *s, int seat)
{
    const mz_data *D = MZ_D_(env);
    int most = 0;
    for (int p = 0; p < s->nseats; p++)
        if (p != seat && s->seat[p].larvae > most)
            most = s->seat[p].larvae;
    if (!most)
        return;
    for (int p = 0; p < s->nseats; p++)
        if (p != seat && s->seat[p].larvae == most) {
            int k = D->card[TX04].n < s->seat[p].larvae ? D->card[TX04].n : s->seat[p].larvae;
            s->seat[p].larvae = (uint8_t)(s->seat[p].larvae - k);
            s->seat[p].eggs = (uint8_t)(s->seat[p].eggs + k);
            mz_gain_larvae(s, seat, k);
        }
}

/* Placement effects (R-10 c), TX-03 (b), TX-09, TX-10: stage in f->b; f->c = 1 for a card. */
void mz_after_explore(const fc_env *env, mz_state *s, mz_frame *f)
{
    const mz_data *D = MZ_D_(env);
    int seat = f->seat, t = f->a;
    if (f->b == 0) {
        f->b = 1;
        switch (D->tile[t].effect) {
        case TE_BEEHIVE: mz_gain(env, s, seat, D->tile[t].n, 0, 0, 0); break;
        case TE_CENTI_NEST: mz_push(s, F_TARGET, seat, 100 + TE_CENTI_NEST, t, 0, 0); break;
        case TE_SINKHOLE: mz_push(s, F_TARGET, seat, 100 + TE_SINKHOLE, t, 0, 0); break;
        case TE_SPIDER_LAIR: {
            s->ndrawn = 0;
            for (int i = 0; i < D->tile[t].n && i < 3; i++) {
                int c = mz_draw_card(s);
                if (c >= 0)
                    s->drawn[s->ndrawn++] = (uint8_t)c;
            }
            mz_push(s, F_LAIR, seat, 0, 0, 0, 0);
            break;
        }
        default: break;
        }
        return;
    }
    if (f->b == 1) {
        f->b = 2;
        if (!f->c && mz_has_evo(s, seat, TX03) && !s->loc[t].wormhole)
            mz_push(s, F_OPTION, seat, TX03, t, 0, 0);
        return;
    }
    if (!f->c && mz_has_evo(s, seat, TX09))
        mz_gain(env, s, seat, D->card[TX09].food, 0, 0, 0);
    if (!f->c && mz_has_evo(s, seat, TX10))
        mz_gain(env, s, seat, 0, D->card[TX10].larvae, D->card[TX10].cards, 0);
    mz_pop(s);
}

static void do_step(const fc_env *env, mz_state *s, int seat, fc_decision d)
{
    (void)env;
    if (MZ_DK(d) == DK_ANT) {
        mz_take(s, seat, MZ_DA(d));
        mz_put(s, seat, MZ_DB(d));
    } else if (MZ_DK(d) == DK_LARVA) {
        s->seat[seat].larvae--;
        mz_put(s, seat, MZ_DB(d));
    } else if (MZ_DK(d) == DK_CENTI) {
        s->loc[MZ_DA(d)].centipede = 0;
        s->loc[MZ_DB(d)].centipede = 1;
    }
}

static void react_start(const fc_env *env, mz_state *s, int seat, int kind, bool thorax)
{
    const mz_data *D = MZ_D_(env);
    /* the refill after a reaction too goes in player order from the active player,
     * not from the reacting one (docs/rulings-marsz.md, "Refill after a reaction") */
    mz_push_refill(s, s->active, MZ_NONE);
    switch (kind) {
    case AC_EXPLORE: mz_push(s, F_REACT_DO, seat, kind, 0, 0, 0); break;
    case AC_FORAGE: mz_gain_larvae(s, seat, 1); break;
    case AC_MARCH:
        mz_push(s, F_STEPS, seat, 0, STEP_REACT, 0,
                !thorax && mz_has_evo(s, seat, TX07) ? D->card[TX07].n : 1);
        break;
    case AC_PLAY: mz_push(s, F_DISCARD, seat, 0, DW_REACT, 0, 1); break;
    default: mz_species_react(env, s, seat, kind); break;
    }
}

/* TX-08: the tile picked is placed, the other goes to the bottom of the stack. */
static void apply_pick_tile(mz_state *s, mz_frame *f, int seat, int a)
{
    int other = a == f->a ? f->b : f->a;
    mz_pop(s);
    memmove(s->stack + 1, s->stack, s->nstack);
    s->stack[0] = (uint8_t)other;
    s->nstack++;
    s->bottom_known++;
    mz_push(s, F_PLACE, seat, a, 0, 0, 0);
}

/* A tile placed; at the 2-player setup (mode 2) the seat's starting ants settle on it, after a
 * plain exploration (mode 0) ants may enter it. */
static void apply_place(const fc_env *env, mz_state *s, mz_frame *f, int seat, fc_decision d)
{
    const mz_data *D = MZ_D_(env);
    int t = f->a, mode = f->b;
    mz_pop(s);
    mz_place_tile(env, s, seat, t, MZ_DA(d) - 64, MZ_DB(d) - 64, MZ_DC(d), true);
    if (mode == 2) { /* S-2P-2 */
        for (int i = 0; i < D->start_ants_2p && s->seat[seat].eggs; i++) {
            uint8_t sl[5];
            mz_settle_opts(D, s, t, sl);
            s->seat[seat].eggs--;
            mz_put(s, seat, MZ_POS(t, sl[0]));
        }
    } else if (mode == 0) { /* (mode 3, Expansion's second tile, pushed these itself) */
        mz_push(s, F_AFTEREXP, seat, t, 0, 0, 0);
        mz_push(s, F_ENTER, seat, t, 0, 0, 0);
    }
}

/* One card discarded; after the last, what the discard was for follows. */
static void apply_discard(const fc_env *env, mz_state *s, mz_frame *f, int seat, int a)
{
    int why = f->b;
    mz_discard(s, a);
    if (why == DW_OPP && s->ndrawn < 4) /* EV-07 remembers the discarded cards */
        s->drawn[s->ndrawn++] = (uint8_t)a;
    if (--f->n > 0)
        return;
    mz_pop(s);
    if (why == DW_FORAGE && mz_has_evo(s, seat, TX04))
        parasite(env, s, seat);
    if (why == DW_REACT)
        mz_draw_to_hand(s, seat, 1);
}

/* once no seat drafts any more, the cards left are shuffled under the deck. */
static void draft_rest_under_deck(mz_state *s)
{
    for (int i = 0; i < s->nframes; i++)
        if (s->frame[i].kind == F_DRAFT)
            return;
    uint8_t rest[MZ_CARDS];
    int nr = 0;
    for (int c = 0; c < MZ_CARDS; c++)
        if (s->card_loc[c] == CL_LIMBO && s->card_seat[c] != MZ_NONE)
            rest[nr++] = (uint8_t)c;
    mz_shuffle(&s->rng, rest, nr);
    memmove(s->deck + nr, s->deck, s->ndeck);
    for (int i = 0; i < nr; i++) {
        s->deck[i] = rest[i];
        s->card_loc[rest[i]] = CL_DECK;
        s->card_seat[rest[i]] = MZ_NONE;
    }
    s->ndeck = (uint8_t)(s->ndeck + nr);
    s->draft_bottom = (uint8_t)(s->draft_bottom + nr);
}

/* Thorax reactions: a reaction taken, or this seat done and the next in player order. */
static void apply_thorax(const fc_env *env, mz_state *s, mz_frame *f, int seat, int k, int a)
{
    if (k == DK_REACT) {
        f->c |= (uint8_t)(1u << a);
        f->n++;
        react_start(env, s, seat, a, true);
        return;
    }
    f->b++;
    if (f->b >= s->nseats) {
        mz_pop(s);
        return;
    }
    f->seat = (uint8_t)((f->seat + 1) % s->nseats);
    f->c = 0;
    f->n = 0;
}

/* RT-12: the tile chosen goes deepest of the peeked block still to order. */
static void apply_peek(const mz_data *D, mz_state *s, mz_frame *f, int seat, int a)
{
    int i = 0;
    while (s->stack[s->nstack - 1 - i] != a)
        i++;
    int deep = s->nstack - f->n, at = s->nstack - 1 - i;
    uint8_t t = s->stack[at];
    memmove(s->stack + deep + 1, s->stack + deep, (size_t)(at - deep));
    s->stack[deep] = t;
    if (--f->n <= 1) {
        s->peeked = (uint8_t)(D->rest[12].peek < s->nstack ? D->rest[12].peek : s->nstack);
        s->peek_seat = (uint8_t)seat;
        mz_pop(s);
    }
}

/* A step of the worker's walk (frame F_STEPS, f->n left), or its end. */
static void apply_steps(const fc_env *env, mz_state *s, mz_frame *f, int seat, fc_decision d)
{
    if (MZ_DK(d) == DK_DONE) {
        mz_pop(s);
        return;
    }
    do_step(env, s, seat, d);
    if (MZ_DK(d) == DK_ANT)
        f->b |= STEP_ANT_DONE;
    if (--f->n == 0)
        mz_pop(s);
}

/* One piece of a cost (frame F_PAY, f->n left): a larva or the ant at pos becomes an egg. */
static void apply_pay(mz_state *s, mz_frame *f, int seat, int pos)
{
    if (pos == MZ_NONE) {
        s->seat[seat].larvae--;
        s->seat[seat].eggs++;
    } else {
        mz_take(s, seat, pos);
        s->seat[seat].eggs++;
    }
    if (--f->n == 0)
        mz_pop(s);
}

void mz_apply_worker(const fc_env *env, mz_state *s, mz_frame *f, fc_decision d)
{
    const mz_data *D = MZ_D_(env);
    int seat = f->seat, k = MZ_DK(d), a = MZ_DA(d);
    switch (f->kind) {
    case F_TURN:
        mz_pop(s);
        s->seat[seat].turns++;
        mz_push(s, F_NEXTTURN, seat, 0, 0, 0, 0);
        do_action(env, s, seat, a, MZ_DB(d));
        return;
    case F_BONUS:
        if (k == DK_DONE || --f->n == 0)
            mz_pop(s);
        if (k != DK_DONE)
            do_action(env, s, seat, a, MZ_DB(d));
        return;
    case F_PICKTILE: apply_pick_tile(s, f, seat, a); return;
    case F_SETUP2P:
        mz_pop(s);
        mz_push(s, F_PLACE, seat, a, 2, 0, 0);
        return;
    case F_PLACE: apply_place(env, s, f, seat, d); return;
    case F_ENTER:
        if (k == DK_DONE) {
            mz_pop(s);
            return;
        }
        mz_take(s, seat, a);
        mz_put(s, seat, MZ_DB(d));
        f->n++;
        return;
    case F_STEPS: apply_steps(env, s, f, seat, d); return;
    case F_LARVA:
    case F_REACT_DO:
        if (k == DK_DONE) {
            mz_pop(s);
            return;
        }
        do_step(env, s, seat, d);
        if (f->kind == F_REACT_DO || --f->n == 0)
            mz_pop(s);
        return;
    case F_DISCARD: apply_discard(env, s, f, seat, a); return;
    case F_DRAFT:
        mz_to_hand(s, seat, a);
        if (--f->n == 0) { /* after the last player, all the rest shuffled under the deck */
            mz_pop(s);
            draft_rest_under_deck(s);
        }
        return;
    case F_PAY: apply_pay(s, f, seat, a); return;
    case F_REACT:
        mz_pop(s);
        if (k == DK_REACT)
            react_start(env, s, seat, a, false);
        return;
    case F_THORAX: apply_thorax(env, s, f, seat, k, a); return;
    case F_PEEK: apply_peek(D, s, f, seat, a); return;
    default: return;
    }
}

/* A decision frame with nothing to decide resolves as nothing. F_THORAX passes the seat. */
void mz_frame_none(const fc_env *env, mz_state *s, mz_frame *f)
{
    (void)env;
    mz_pop(s);
    (void)f;
}
