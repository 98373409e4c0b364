/* The frame machine: setup (S-01 .. S-15, S-2P-1 .. S-2P-3, R-83), the round iterator
 * refill, and legal/apply dispatch on the top frame. */
#include <string.h>

#include "marsz.h"

mz_frame *mz_push(mz_state *s, int kind, int seat, int a, int b, int c, int n)
{
    if (s->nframes >= MZ_FRAMES) /* cannot happen with the rules' nesting; refuse quietly */
        return &s->frame[MZ_FRAMES - 1];
    mz_frame *f = &s->frame[s->nframes++];
    f->kind = (uint8_t)kind;
    f->seat = (uint8_t)seat;
    f->a = (uint8_t)a;
    f->b = (uint8_t)b;
    f->c = (uint8_t)c;
    f->n = (uint8_t)n;
    return f;
}

void mz_pop(mz_state *s)
{
    if (s->nframes)
        memset(&s->frame[--s->nframes], 0, sizeof(mz_frame));
}

/* ---- refill (R-13) ---- */

static int space_class(const mz_data *D, int t, int i) { return i == 0 ? 99 : D->tile[t].space[i]; }

/* Auto-refills what needs no choice for seat on tile t; returns true if a choice remains. */
static bool refill_tile(const mz_data *D, mz_state *s, int seat, int t)
{
    mz_loc *L = &s->loc[t];
    for (;;) {
        if (!L->out[seat])
            return false;
        int nempty = 0, cls = -1;
        bool same = true;
        for (int i = 0; i < D->tile[t].nspaces; i++)
            if (!L->space[i]) {
                int c = space_class(D, t, i);
                same &= cls < 0 || c == cls;
                cls = c;
                nempty++;
            }
        if (nempty == 0)
            return false;
        if (L->out[seat] < nempty && !same)
            return true;
        for (int i = 0; i < D->tile[t].nspaces; i++)
            if (!L->space[i]) {
                L->space[i] = (uint8_t)(seat + 1);
                L->out[seat]--;
                break;
            }
    }
}

/* Runs the refill frame until a seat has to choose; returns true when the frame is done. */
static bool refill_run(const mz_data *D, mz_state *s, mz_frame *f)
{
    while (f->n < s->nseats) {
        for (int t = 1; t <= MZ_TILES; t++) {
            if (!s->loc[t].placed || (f->a != MZ_NONE && f->a != t))
                continue;
            if (refill_tile(D, s, f->seat, t))
                return false;
        }
        f->seat = (uint8_t)((f->seat + 1) % s->nseats);
        f->n++;
    }
    return true;
}

void mz_push_refill(mz_state *s, int first, int loc) { mz_push(s, F_REFILL, first, loc, 0, 0, 0); }

static int refill_legal(const mz_data *D, const mz_state *s, const mz_frame *f, fc_decision *out)
{
    int n = 0;
    for (int t = 1; t <= MZ_TILES && !n; t++) {
        if (!s->loc[t].placed || (f->a != MZ_NONE && f->a != t) || !s->loc[t].out[f->seat])
            continue;
        int seen = 0;
        for (int i = 0; i < D->tile[t].nspaces; i++)
            if (!s->loc[t].space[i] && !(seen >> space_class(D, t, i) % 31 & 1)) {
                seen |= 1 << space_class(D, t, i) % 31;
                out[n++] = MZ_D(DK_FILL, MZ_POS(t, i), 0, 0);
            }
    }
    return n;
}

/* ---- setup ---- */

/* S-06, R-73: rest tiles from the stack into the row up to its size, the discards reshuffled
 * into the stack when it runs out. */
void mz_deal_rest_row(const mz_data *D, mz_state *s)
{
    int want = s->nseats == 2 ? D->rest_row_2p : s->nseats;
    int have = 0;
    for (int i = 0; i < MZ_REST; i++)
        have += s->rest_row[i];
    while (have < want) {
        if (!s->nrest_stack) {
            if (!s->nrest_disc)
                break;
            memcpy(s->rest_stack, s->rest_disc, s->nrest_disc);
            s->nrest_stack = s->nrest_disc;
            s->nrest_disc = 0;
            mz_shuffle(&s->rng, s->rest_stack, s->nrest_stack);
        }
        s->rest_row[s->rest_stack[--s->nrest_stack]] = 1;
        have++;
    }
}

static void setup_tiles(const mz_data *D, mz_state *s, fc_rng *rng)
{
    uint8_t start[10], off[5];
    for (int i = 0; i < 10; i++)
        start[i] = (uint8_t)(i + 1);
    for (int i = 0; i < 5; i++)
        off[i] = (uint8_t)(24 + i);
    mz_shuffle(rng, start, 10);
    mz_shuffle(rng, off, 5);
    int noff = s->nseats <= 3 ? D->off_small : D->off_large;
    int n = 0;
    for (int t = 11; t <= 23; t++)
        s->stack[n++] = (uint8_t)t;
    for (int i = 0; i < noff; i++)
        s->stack[n++] = off[i];
    mz_shuffle(rng, s->stack, n); /* S-04: bottom part */
    int nstart = D->start_tiles_pp * s->nseats;
    for (int i = 0; i < nstart; i++)
        s->stack[n++] = start[i]; /* S-03: start pile on top */
    s->nstack = (uint8_t)n;
    /* S-2P-1: the unused start tiles give the two offers (A-43: the second from those not drawn) */
    if (s->nseats == 2)
        for (int i = 1; i >= 0; i--)
            mz_push(s, F_SETUP2P, (s->active + i) % 2, start[nstart + 2 * i], start[nstart + 2 * i + 1], 0, 0);
}

int mz_init(void *st, const fc_env *env, fc_rng *rng, fc_error *err)
{
    (void)err;
    mz_state *s = st;
    const mz_data *D = MZ_D_(env);
    s->nseats = (uint8_t)env->nseats;
    mz_rng_seed(&s->rng, mz_rng_next(rng) ^ 77);
    s->round = 1;
    s->size_pos = D->track_start[s->nseats];
    mz_links_update(D, s); /* the Great Tunnel's cells in the occupancy window */
    s->active = (uint8_t)(D->first_player >= 0 && D->first_player < s->nseats ? D->first_player
                                                                               : (int)mz_below(rng, s->nseats));
    s->first_player = s->active;
    mz_push(s, F_PHASE, 0, 0, PS_WORKER, 0, 0);
    /* S-06 rest tiles */
    s->rest_row[0] = 1;
    for (int i = 1; i < MZ_REST; i++)
        s->rest_stack[s->nrest_stack++] = (uint8_t)i;
    mz_shuffle(rng, s->rest_stack, s->nrest_stack);
    mz_deal_rest_row(D, s);
    /* S-07, S-08 rewards (R-82: a third III+ tile in epic) */
    uint8_t low[3] = {0, 1, 2}, high[3] = {3, 4, 5};
    mz_shuffle(rng, low, 3);
    mz_shuffle(rng, high, 3);
    int nh = D->rewards_high + (D->epic ? 1 : 0);
    for (int i = 0; i < nh && i < 3; i++)
        s->reward_stack[s->nreward++] = high[i];
    for (int i = 0; i < D->rewards_low; i++)
        s->reward_stack[s->nreward++] = low[i];
    s->reward_cur = s->reward_stack[--s->nreward];
    /* S-10 deck */
    for (int c = 0; c < MZ_CARDS; c++) {
        s->deck[c] = (uint8_t)c;
        s->card_loc[c] = CL_DECK;
        s->card_seat[c] = MZ_NONE;
    }
    mz_shuffle(rng, s->deck, MZ_CARDS);
    s->ndeck = MZ_CARDS;
    s->gt_defender = MZ_NONE;
    for (int p = 0; p < s->nseats; p++) {
        mz_seat *P = &s->seat[p];
        P->larvae = (uint8_t)D->start_larvae;
        s->loc[MZ_GT].out[p] = (uint8_t)D->start_ants;
        P->eggs = (uint8_t)(D->pieces - D->start_larvae - D->start_ants);
        P->food = (uint8_t)D->start_food;
        P->fer[0] = P->fer[1] = MZ_NONE;
        P->ritual[0] = P->ritual[1] = MZ_NONE; /* V-5: no evolution played by Brood Ritual */
    }
    /* R-83 or S-15 */
    if (D->draft) {
        for (int i = s->nseats - 1; i >= 0; i--) {
            int p = (s->active + i) % s->nseats;
            mz_push(s, F_DRAFT, p, 0, 0, 0, D->start_cards);
        }
    }
    for (int i = 0; i < s->nseats; i++) {
        int p = (s->active + i) % s->nseats;
        int n = D->draft ? 2 + i + 1 : D->start_cards;
        for (int k = 0; k < n; k++) {
            int c = mz_draw_card(s);
            if (c < 0)
                break;
            if (D->draft) {
                s->card_loc[c] = CL_LIMBO;
                s->card_seat[c] = (uint8_t)p;
            } else
                mz_to_hand(s, p, c);
        }
    }
    setup_tiles(D, s, rng); /* S-03, S-04 and the 2-player offers (run before the draft) */
    mz_species_setup(env, s, rng); /* V-5 */
    mz_run(env, s);
    mz_tidy(s);
    return 0;
}

/* ---- round iterator ---- */

static void start_round(const fc_env *env, mz_state *s)
{
    (void)env;
    for (int p = 0; p < s->nseats; p++) {
        mz_seat *P = &s->seat[p];
        P->rested = 0;
        P->turns = 0;
        P->rest_strength = P->rest_prevent = P->rest_feed = 0;
        P->call_to_arms = 0;
        P->unique_used = 0;
    }
    s->worker_ended = 0;
    memset(s->soldier_done, 0, sizeof s->soldier_done);
}

static void phase_step(const fc_env *env, mz_state *s, mz_frame *f)
{
    switch (f->b) {
    case PS_WORKER:
        start_round(env, s);
        f->b = PS_THORAX;
        mz_push(s, F_TURN, s->active, 0, 0, 0, 0);
        break;
    case PS_THORAX:
        f->b = PS_SOLDIER;
        mz_push(s, F_THORAX, s->active, 0, 0, 0, 0);
        break;
    case PS_SOLDIER:
        f->b = PS_QUEEN;
        mz_push(s, F_SOLDIER, s->active, 0, 0, 0, 0);
        break;
    case PS_QUEEN:
        f->b = PS_DORMANCY;
        mz_push(s, F_QUEEN, s->active, 0, 0, 0, 0);
        break;
    default:
        mz_pop(s);
        s->over = 1;
        break;
    }
}

/* Decision frames that always offer something (a pass, "none", or a free choice), so the run
 * loop need not generate their decisions to know that somebody has to decide. */
static bool always_decides(const mz_frame *f)
{
    switch (f->kind) {
    case F_TURN:
    case F_BONUS:
    case F_ENTER:
    case F_STEPS:
    case F_LARVA:
    case F_REACT:
    case F_THORAX:
    case F_SPOIL:
    case F_CENTI_ASK:
    case F_HD06:
    case F_FEROCITY:
    case F_LAIR:
    case F_PICKTILE:
    case F_SETUP2P:
    case F_QCHOICE:
    case F_RITUAL:
    case F_EXPAND:
    case F_WILD:
    case F_PROPHECY:
    case F_FEED: return true;
    case F_SHOOT: return f->b == 0;
    default: return false;
    }
}

/* Resolves, without asking, the frequent frames where the only choice is to pass: a
 * neighbour who cannot react, a seat without thorax reactions, a battle participant with an
 * empty hand. Returns true if it changed the state. */
static bool forced_pass(const fc_env *env, mz_state *s, mz_frame *f)
{
    const mz_data *D = MZ_D_(env);
    switch (f->kind) {
    case F_REACT:
        if (f->a == AC_MARCH || mz_reaction_possible(env, s, f->seat, f->a))
            return false;
        mz_pop(s);
        return true;
    case F_THORAX:
        if (f->n < mz_evo_count(s, f->seat, SEG_THORAX) && f->n < D->max_thorax)
            return false;
        mz_frame_apply(env, s, f, MZ_D(DK_DONE, 0, 0, 0));
        return true;
    case F_FEROCITY:
        if (s->seat[f->seat].hand)
            return false;
        mz_frame_apply(env, s, f, MZ_D(DK_FER, MZ_NONE, 0, 0));
        return true;
    default: return false;
    }
}

int mz_frame_legal(const fc_env *env, const mz_state *s, const mz_frame *f, fc_decision *out);

void mz_run(const fc_env *env, mz_state *s)
{
    const mz_data *D = MZ_D_(env);
    fc_decision buf[MZ_MAX_DECISIONS];
    for (int guard = 0; guard < 100000; guard++) {
        mz_frame *f = mz_top(s);
        if (!f) {
            s->over = 1;
            return;
        }
        switch (f->kind) {
        case F_PHASE: phase_step(env, s, f); continue;
        case F_NEXTTURN:
            s->active = (uint8_t)((s->active + 1) % s->nseats);
            mz_pop(s);
            if (!s->worker_ended)
                mz_push(s, F_TURN, s->active, 0, 0, 0, 0);
            continue;
        case F_REFILL:
            if (refill_run(D, s, f)) {
                mz_pop(s);
                continue;
            }
            return;
        case F_CARD: mz_card_step(env, s, f); continue;
        case F_AFTEREXP: mz_after_explore(env, s, f); continue;
        case F_SOLDIER: mz_soldier_step(env, s, f); continue;
        case F_BATTLE: mz_battle_step(env, s, f); continue;
        case F_CENTI: mz_centi_step(env, s, f); continue;
        case F_QUEEN: mz_queen_step(env, s, f); continue;
        default: break;
        }
        if (forced_pass(env, s, f)) /* cheap tests for the common "nothing to choose" cases */
            continue;
        if (always_decides(f))
            return;
        int n = mz_frame_legal(env, s, f, buf);
        if (n > 0)
            return;
        mz_frame_none(env, s, f); /* nothing to decide: the frame resolves as nothing */
    }
}

/* Clears what the state no longer uses (slots past the end of the piles and stacks, an
 * exhausted peek), so equal positions are equal bytes and a position read from text is the very
 * state the game made (docs/positions/marsz.md). The last battle stays: it is read after it
 * ends (its winner, strengths and casualties) until the next one starts. */
void mz_tidy(mz_state *s)
{
    memset(s->stack + s->nstack, 0, sizeof s->stack - s->nstack);
    memset(s->rest_stack + s->nrest_stack, 0, sizeof s->rest_stack - s->nrest_stack);
    memset(s->rest_disc + s->nrest_disc, 0, sizeof s->rest_disc - s->nrest_disc);
    memset(s->reward_stack + s->nreward, 0, sizeof s->reward_stack - s->nreward);
    memset(s->deck + s->ndeck, 0, sizeof s->deck - s->ndeck);
    memset(s->drawn + s->ndrawn, 0, sizeof s->drawn - s->ndrawn);
    /* frames past the top are cleared where they are popped (mz_pop, the game's end); seats
     * past nseats never hold a pile */
    for (int p = 0; p < s->nseats && p < MZ_SEATS; p++)
        for (int sg = 0; sg < 3; sg++)
            memset(s->seat[p].pile[sg] + s->seat[p].npile[sg], 0, MZ_PILE - (size_t)s->seat[p].npile[sg]);
    if (!s->peeked)
        s->peek_seat = 0;
}

int mz_to_move(const void *st, const fc_env *env)
{
    (void)env;
    const mz_state *s = st;
    const mz_frame *f = mz_ctop(s);
    if (s->over || !f)
        return FC_NOBODY;
    return f->seat;
}

int mz_frame_legal(const fc_env *env, const mz_state *s, const mz_frame *f, fc_decision *out)
{
    const mz_data *D = MZ_D_(env);
    switch (f->kind) {
    case F_REFILL: return refill_legal(D, s, f, out);
    case F_SHOOT:
    case F_SHOOT_LOSE:
    case F_HD06:
    case F_FEROCITY:
    case F_REMOVE:
    case F_SPOIL:
    case F_CENTI_ASK: return mz_legal_battle(env, s, f, out);
    case F_FEED:
    case F_QCHOICE: return mz_legal_queen(env, s, f, out);
    case F_TARGET:
    case F_OPTION:
    case F_SWAP:
    case F_EVO_FREE:
    case F_LAIR:
    case F_CTHEFT:
    case F_GOALDROP: return mz_legal_cards(env, s, f, out);
    case F_RITUAL:
    case F_EXPAND:
    case F_WILD:
    case F_PROPHECY: return mz_legal_species(env, s, f, out);
    default: return mz_legal_worker(env, s, f, out);
    }
}

int mz_legal(const void *st, const fc_env *env, fc_decision *out, uint32_t *weights)
{
    (void)weights;
    const mz_state *s = st;
    const mz_frame *f = mz_ctop(s);
    if (s->over || !f)
        return 0;
    return mz_frame_legal(env, s, f, out);
}

int mz_apply(void *st, const fc_env *env, fc_decision d)
{
    mz_state *s = st;
    mz_frame *f = mz_top(s);
    if (s->over || !f)
        return FC_EILLEGAL;
    fc_decision buf[MZ_MAX_DECISIONS];
    int n = mz_frame_legal(env, s, f, buf), i = 0;
    while (i < n && buf[i] != d)
        i++;
    if (i == n)
        return FC_EILLEGAL;
    mz_frame_apply(env, s, f, d);
    mz_run(env, s);
    mz_tidy(s);
    return 0;
}

void mz_frame_apply(const fc_env *env, mz_state *s, mz_frame *f, fc_decision d)
{
    switch (f->kind) {
    case F_REFILL: {
        int seat = f->seat;
        mz_take(s, seat, MZ_POS(MZ_PLOC(MZ_DA(d)), MZ_OUT));
        mz_put(s, seat, MZ_DA(d));
        break;
    }
    case F_SHOOT:
    case F_SHOOT_LOSE:
    case F_HD06:
    case F_FEROCITY:
    case F_REMOVE:
    case F_SPOIL:
    case F_CENTI_ASK: mz_apply_battle(env, s, f, d); break;
    case F_FEED:
    case F_QCHOICE: mz_apply_queen(env, s, f, d); break;
    case F_TARGET:
    case F_OPTION:
    case F_SWAP:
    case F_EVO_FREE:
    case F_LAIR:
    case F_CTHEFT:
    case F_GOALDROP: mz_apply_cards(env, s, f, d); break;
    case F_RITUAL:
    case F_EXPAND:
    case F_WILD:
    case F_PROPHECY: mz_apply_species(env, s, f, d); break;
    default: mz_apply_worker(env, s, f, d); break;
    }
}

int mz_round(const void *st, const fc_env *env)
{
    (void)env;
    return ((const mz_state *)st)->round;
}
