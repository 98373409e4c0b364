/* Termity rules: setup, the turn (reproduction, movement, attacks, retreats, mound captures)
 * and the end of the game, as atomic decisions (paths and strengths are in combat.c). */
#include <string.h>

#include "termity.h"

#define D_(env) ((const tm_data *)(env)->data)
static int popcount(uint32_t x) { return __builtin_popcount(x); }

/* ---- turn flow ---- */

static int setup_steps(const tm_state *s) { return s->nseats == 2 ? 4 : s->nseats; }

/* 2 players P1, P2, P2, P1; otherwise clockwise from the first player. */
static int setup_seat(const tm_state *s, int step)
{
    static const int two[4] = {0, 1, 1, 0};
    return (s->first + (s->nseats == 2 ? two[step] : step)) % s->nseats;
}

static bool any_mound_hex(const tm_data *D, const tm_state *s)
{
    for (int c = 0; c < D->ncells; c++)
        if (tm_mound_hex_ok(D, s, c, false))
            return true;
    return false;
}

static bool any_free_hex(const tm_data *D, const tm_state *s, uint8_t stand)
{
    for (int c = 0; c < D->ncells; c++)
        if (!s->piece[c] && (stand >> s->terrain[c] & 1))
            return true;
    return false;
}

static void begin_turn(const tm_data *D, tm_state *s, int seat);

/* Next setup mound placement, skipping seats that cannot place; then round 1 starts. */
static void next_setup(const tm_data *D, tm_state *s)
{
    while (s->setup_step < setup_steps(s)) {
        int seat = setup_seat(s, s->setup_step);
        if (s->seat[seat].reserve && any_mound_hex(D, s)) {
            s->phase = PH_SETUP;
            s->turn = (uint8_t)seat;
            return;
        }
        s->setup_step++;
    }
    s->round = 1;
    begin_turn(D, s, s->first);
}

/* opening hands, drawn seat by seat from the first player. */
static void next_opening_draw(const tm_data *D, tm_state *s)
{
    for (int k = 0; k < s->nseats; k++) {
        int seat = (s->first + k) % s->nseats;
        const tm_seat *P = &s->seat[seat];
        if (P->stack && popcount(P->hand) < D->hand_size) {
            s->phase = PH_DRAW;
            s->drawer = (uint8_t)seat;
            s->after_draw = PH_SETUP;
            return;
        }
    }
    next_setup(D, s);
}

static bool hand_deployable(const tm_data *D, const tm_state *s, int seat)
{
    uint8_t stands = 0;
    for (uint32_t m = s->seat[seat].hand; m; m &= m - 1)
        stands |= tm_caste_of(D, s, seat, tm_lowest(m))->stand;
    for (int t = 0; t < TM_TERRAINS; t++)
        if ((stands >> t & 1) && any_free_hex(D, s, (uint8_t)(1u << t)))
            return true;
    return false;
}

static void begin_turn(const tm_data *D, tm_state *s, int seat)
{
    s->turn = (uint8_t)seat;
    s->sel = TM_NO_CELL;
    if (!s->seat[seat].hand)
        s->phase = PH_MOVE; /* empty hand, no reproduction */
    else
        s->phase = hand_deployable(D, s, seat) ? PH_DEPLOY : PH_DISCARD;
}

static void end_turn(const tm_data *D, tm_state *s, const fc_env *env)
{
    s->seat[s->turn].turns++;
    s->sel = TM_NO_CELL;
    s->replacer = TM_NO_CELL;
    if (FC_HOOKED(env, H_TURN_END)) {
        int64_t args[2] = {s->turn, s->round};
        env->host->hook_int(env, H_TURN_END, s, args, 2, 0);
    }
    bool left = false;
    for (int i = 0; i < s->nseats; i++)
        left |= (s->seat[i].hand | s->seat[i].stack) != 0;
    if (!left) { /* */
        s->phase = PH_OVER;
        FC_EMIT(env, FC_ALL_SEATS, "game over after round %d", (int)s->round);
        return;
    }
    int next = (s->turn + 1) % s->nseats;
    if (next == s->first)
        s->round++;
    begin_turn(D, s, next);
}

/* refill after the deployment, then the movement phase. */
static void after_reproduction(const tm_data *D, tm_state *s)
{
    const tm_seat *P = &s->seat[s->turn];
    if (P->stack && popcount(P->hand) < D->hand_size) {
        s->phase = PH_DRAW;
        s->drawer = s->turn;
        s->after_draw = PH_MOVE;
    } else {
        s->phase = PH_MOVE;
    }
}

/* for `owner`, or the end of the turn. */
static void start_replace(const tm_data *D, tm_state *s, const fc_env *env, int owner)
{
    const tm_seat *P = &s->seat[owner];
    if (P->reserve) {
        bool any = any_mound_hex(D, s);
        for (uint32_t m = P->board; !any && m; m &= m - 1)
            any = tm_mound_hex_ok(D, s, P->tok_cell[tm_lowest(m)], true);
        if (any) {
            s->phase = PH_REPLACE;
            s->replacer = (uint8_t)owner;
            return;
        }
        FC_EMIT(env, FC_ALL_SEATS, "seat %d has no hex for a replacement mound (A-15)", owner + 1);
    }
    end_turn(D, s, env);
}

static void place_mound(tm_state *s, int seat, int idx, int cell)
{
    s->seat[seat].reserve = (uint8_t)(s->seat[seat].reserve & ~(1u << idx));
    s->seat[seat].mound_cell[idx] = (uint8_t)cell;
    s->piece[cell] = TM_MOUND(seat, idx);
}

static void remove_unit(tm_state *s, int seat, int tok, int status)
{
    tm_seat *P = &s->seat[seat];
    if (P->tok_cell[tok] != TM_NO_CELL && s->piece[P->tok_cell[tok]] == TM_UNIT(seat, tok))
        s->piece[P->tok_cell[tok]] = 0;
    P->board &= ~(1u << tok);
    P->tok_cell[tok] = TM_NO_CELL;
    P->tok_st[tok] = (uint8_t)status;
}

static void put_unit(tm_state *s, int seat, int tok, int cell)
{
    tm_seat *P = &s->seat[seat];
    P->board |= 1u << tok;
    P->hand &= ~(1u << tok);
    P->tok_cell[tok] = (uint8_t)cell;
    P->tok_st[tok] = TK_BOARD;
    s->piece[cell] = TM_UNIT(seat, tok);
}

/* The mound captured by the active seat's attack: R-34 … R-36. */
static void capture(const tm_data *D, tm_state *s, const fc_env *env, int target)
{
    int seat = s->turn, tok = s->sel;
    uint8_t code = s->piece[target];
    int owner = TM_M_OWNER(code), idx = TM_M_IDX(code), value = tm_mound_value(D, code);
    tm_seat *P = &s->seat[seat];
    P->trophy[P->ntrophy++] = code;
    P->trophy_sum = (int16_t)(P->trophy_sum + value);
    if (owner == TM_NEUTRAL) {
        s->neutral_cell[idx] = TM_NO_CELL;
        s->neutral_taken++;
    } else {
        s->seat[owner].mound_cell[idx] = TM_NO_CELL;
    }
    s->piece[target] = 0;
    remove_unit(s, seat, tok, TK_DEAD); /* */
    FC_EMIT(env, FC_ALL_SEATS, "seat %d captures the %s mound %d at (%d,%d); the attacker is lost", seat + 1,
            owner == TM_NEUTRAL ? "neutral" : "enemy", value, D->cell[target].q, D->cell[target].r);
    s->atk_target = (uint8_t)target;
    s->replacer = (uint8_t)(owner == TM_NEUTRAL ? TM_NO_CELL : owner);
    /* compulsory, the attacker's choice of value; automatic with one distinct value */
    uint32_t distinct = 0;
    int only = -1;
    for (uint32_t m = P->reserve; m; m &= m - 1) {
        int k = tm_lowest(m);
        bool dup = false;
        for (uint32_t o = P->reserve & ((1u << k) - 1u); o; o &= o - 1)
            dup |= D->mound_value[tm_lowest(o)] == D->mound_value[k];
        if (!dup) {
            distinct++;
            if (only < 0)
                only = k;
        }
    }
    if (distinct > 1) {
        s->phase = PH_ATK_MOUND;
        return;
    }
    if (distinct == 1)
        place_mound(s, seat, only, target);
    if (owner != TM_NEUTRAL)
        start_replace(D, s, env, owner);
    else
        end_turn(D, s, env);
}

/* Ends an attack on a unit: the beaten unit goes to `to` (or dies), the mover takes the hex. */
static void finish_unit_attack(const tm_data *D, tm_state *s, const fc_env *env, int to, bool lethal)
{
    int target = s->atk_target;
    uint8_t p = s->piece[target];
    int ds = TM_U_SEAT(p), dt = TM_U_TOK(p);
    if (to < 0 || lethal) {
        remove_unit(s, ds, dt, TK_DEAD);
        FC_EMIT(env, FC_ALL_SEATS, "the unit of seat %d at (%d,%d) is destroyed", ds + 1, D->cell[target].q,
                D->cell[target].r);
    } else {
        s->piece[target] = 0;
        put_unit(s, ds, dt, to);
        FC_EMIT(env, FC_ALL_SEATS, "the unit of seat %d retreats to (%d,%d)", ds + 1, D->cell[to].q, D->cell[to].r);
    }
    put_unit(s, s->turn, s->sel, target);
    s->last_move_to = (uint8_t)target;
    end_turn(D, s, env);
}

static void attack(const tm_data *D, tm_state *s, const fc_env *env, int start, int target, int from)
{
    int seat = s->turn, tok = TM_U_TOK(s->piece[start]);
    s->sel = (uint8_t)tok;
    s->atk_target = (uint8_t)target;
    s->atk_from = (uint8_t)from;
    s->atk_start = (uint8_t)start;
    s->last_move_from = (uint8_t)start;
    s->last_move_to = (uint8_t)target;
    FC_EMIT(env, FC_ALL_SEATS, "seat %d attacks (%d,%d) from (%d,%d): %d against %d", seat + 1, D->cell[target].q,
            D->cell[target].r, D->cell[from].q, D->cell[from].r, tm_attack_strength(D, s, env, seat, tok, target),
            tm_defence_strength(D, s, env, seat, target));
    /* the mover leaves its hex (it is off the board until it lands) */
    s->piece[start] = 0;
    s->seat[seat].board &= ~(1u << tok);
    s->seat[seat].tok_cell[tok] = TM_NO_CELL;
    if (TM_IS_MOUND(s->piece[target])) {
        s->seat[seat].tok_st[tok] = TK_BOARD;
        capture(D, s, env, target);
        return;
    }
    if (tm_caste_of(D, s, seat, tok)->grip) { /* */
        finish_unit_attack(D, s, env, -1, false);
        return;
    }
    uint8_t opt[6], lethal[6];
    int n = tm_retreat_opts(D, s, env, target, from, opt, lethal);
    if (n >= 2) {
        s->phase = PH_RETREAT;
        return;
    }
    finish_unit_attack(D, s, env, n ? opt[0] : -1, n ? lethal[0] : false);
}

/* ---- init, to_move, legal, apply ---- */

/* the parameter's swarms, or a random deal of distinct swarms from the setup RNG. */
static void deal_swarms(const tm_data *D, tm_state *s, const fc_env *env, fc_rng *rng)
{
    uint8_t all[TM_MAX_SWARMS];
    for (int k = 0; k < D->nswarms; k++)
        all[k] = (uint8_t)k;
    if (D->fixed_swarm[0] < 0)
        env->host->rng_shuffle(rng, all, (size_t)D->nswarms, 1);
    for (int i = 0; i < env->nseats && i < TM_SEATS; i++)
        s->swarm[i] = D->fixed_swarm[0] < 0 ? all[i] : (uint8_t)D->fixed_swarm[i];
}

static int tm_init(void *st, const fc_env *env, fc_rng *rng, fc_error *err)
{
    const tm_data *D = D_(env);
    tm_state *s = st;
    memset(s, 0, sizeof *s);
    if (!D)
        return env->host->error_set(err, FC_EDATA, "termity: no game data");
    s->nseats = (uint8_t)env->nseats;
    memset(s->neutral_cell, TM_NO_CELL, sizeof s->neutral_cell);
    memcpy(s->terrain, D->board.terrain, sizeof s->terrain);
    memset(s->tile_cell, TM_NO_CELL, sizeof s->tile_cell);
    deal_swarms(D, s, env, rng);
    for (int i = 0; i < env->nseats && i < TM_SEATS; i++) {
        tm_seat *P = &s->seat[i];
        int n = D->swarm[s->swarm[i]].ntok;
        P->stack = (1u << n) - 1u; /* n <= TM_MAX_TOK = 24 */
        for (int k = 0; k < TM_MAX_TOK; k++)
            P->tok_st[k] = k < n ? TK_STACK : TK_NONE;
        memset(P->tok_cell, TM_NO_CELL, sizeof P->tok_cell);
        memset(P->mound_cell, TM_NO_CELL, sizeof P->mound_cell);
        P->reserve = (uint8_t)((1u << D->nmounds) - 1u);
    }
    for (int i = 0; i < D->board.nneutral; i++) {
        s->neutral_cell[i] = D->board.neutral[i];
        s->piece[D->board.neutral[i]] = TM_MOUND(TM_NEUTRAL, i);
    }
    s->first = (uint8_t)(D->first_player >= 0 ? D->first_player : (int)env->host->rng_below(rng, (uint32_t)env->nseats));
    s->sel = s->atk_target = s->atk_from = s->atk_start = s->replacer = TM_NO_CELL;
    s->last_move_from = s->last_move_to = TM_NO_CELL;
    /* the first player is chosen before a custom board is built. */
    if (!D->custom || tm_build_start(D, s, env))
        next_opening_draw(D, s);
    return 0;
}

int tm_to_move(const void *st, const fc_env *env)
{
    const tm_state *s = st;
    const tm_data *D = D_(env);
    switch (s->phase) {
    case PH_DRAW: return FC_CHANCE;
    case PH_OVER: return FC_NOBODY;
    case PH_REPLACE: return s->replacer;
    case PH_RETREAT: return D->defender_retreats ? TM_U_SEAT(s->piece[s->atk_target]) : s->turn; /* V-5 */
    default: return s->turn;
    }
}

/* Mound indices of `seat`'s reserve with distinct values (lowest index per value). */
static int distinct_mounds(const tm_data *D, const tm_seat *P, int *out)
{
    int n = 0;
    for (uint32_t m = P->reserve; m; m &= m - 1) {
        int k = tm_lowest(m), j = 0;
        while (j < n && D->mound_value[out[j]] != D->mound_value[k])
            j++;
        if (j == n)
            out[n++] = k;
    }
    return n;
}

/* Hand or stack tokens of distinct type (caste, termites), lowest index per type; counts. */
static int distinct_tokens(const tm_data *D, const tm_state *s, int seat, uint32_t mask, int *out, uint32_t *count)
{
    const tm_token *tok = D->swarm[s->swarm[seat]].tok;
    uint8_t slot[TM_MAX_TOK];
    uint32_t seen = 0;
    int n = 0;
    for (uint32_t m = mask; m; m &= m - 1) {
        int k = tm_lowest(m), t = tok[k].type;
        if (!(seen >> t & 1)) {
            seen |= 1u << t;
            slot[t] = (uint8_t)n;
            out[n] = k;
            if (count)
                count[n] = 0;
            n++;
        }
        if (count)
            count[slot[t]]++;
    }
    return n;
}

/* Whether token k is the lowest of its type in mask (the one legal() offers). */
static bool first_of_type(const tm_data *D, const tm_state *s, int seat, uint32_t mask, int k)
{
    if (k >= TM_MAX_TOK || !(mask >> k & 1))
        return false;
    const tm_token *tok = D->swarm[s->swarm[seat]].tok;
    for (uint32_t m = mask & ((1u << k) - 1u); m; m &= m - 1)
        if (tok[tm_lowest(m)].type == tok[k].type)
            return false;
    return true;
}

static int legal_mounds(const tm_data *D, const tm_state *s, int seat, fc_decision *out)
{
    int idx[TM_MAX_MOUNDS], nm = distinct_mounds(D, &s->seat[seat], idx), n = 0;
    bool any = false;
    for (int c = 0; c < D->ncells; c++)
        if (tm_mound_hex_ok(D, s, c, false)) {
            any = true;
            for (int i = 0; i < nm; i++)
                out[n++] = TM_D(D_MOUND, idx[i], c, 0);
        }
    if (any || s->phase == PH_SETUP)
        return n;
    for (int c = 0; c < D->ncells; c++) { /* remove one of the own units */
        uint8_t p = s->piece[c];
        if (TM_IS_UNIT(p) && TM_U_SEAT(p) == seat && tm_mound_hex_ok(D, s, c, true))
            for (int i = 0; i < nm; i++)
                out[n++] = TM_D(D_MOUND_RM, idx[i], c, 0);
    }
    return n;
}

int tm_legal(const void *st, const fc_env *env, fc_decision *out, uint32_t *weights)
{
    const tm_state *s = st;
    const tm_data *D = D_(env);
    int n = 0, seat = s->turn;
    const tm_seat *P = &s->seat[seat];
    int idx[TM_MAX_TOK];
    uint32_t cnt[TM_MAX_TOK];
    switch (s->phase) {
    case PH_DRAW: {
        int k = distinct_tokens(D, s, s->drawer, s->seat[s->drawer].stack, idx, cnt);
        for (int i = 0; i < k; i++) {
            if (weights)
                weights[i] = cnt[i];
            out[n++] = TM_D(D_DRAW, idx[i], 0, 0);
        }
        return n;
    }
    case PH_SETUP: return legal_mounds(D, s, seat, out);
    case PH_REPLACE: return legal_mounds(D, s, s->replacer, out);
    case PH_DEPLOY: {
        int k = distinct_tokens(D, s, seat, P->hand, idx, NULL);
        for (int i = 0; i < k; i++)
            if (any_free_hex(D, s, tm_caste_of(D, s, seat, idx[i])->stand))
                out[n++] = TM_D(D_TOKEN, idx[i], 0, 0);
        return n;
    }
    case PH_DEPLOY_HEX: {
        uint8_t stand = tm_caste_of(D, s, seat, s->sel)->stand;
        for (int c = 0; c < D->ncells; c++) { /* branch-free: this is the hottest loop */
            out[n] = TM_D(D_HEX, 0, c, 0);
            n += (s->piece[c] == 0) & (stand >> s->terrain[c]);
        }
        return n;
    }
    case PH_DISCARD: {
        int k = distinct_tokens(D, s, seat, P->hand, idx, NULL);
        for (int i = 0; i < k; i++)
            out[n++] = TM_D(D_DISCARD, idx[i], 0, 0);
        return n;
    }
    case PH_MOVE:
        out[n++] = TM_D(D_PASS, 0, 0, 0);
        for (uint32_t m = P->board; m; m &= m - 1) {
            int c = P->tok_cell[tm_lowest(m)];
            if (tm_unit_can_move(D, s, env, c))
                out[n++] = TM_D(D_UNIT, 0, c, 0);
        }
        return n;
    case PH_MOVE_DEST: {
        tm_moves mv;
        tm_gen_moves(D, s, env, s->sel, &mv, false, 0);
        for (int i = 0; i < mv.nto; i++)
            out[n++] = TM_D(D_TO, 0, mv.to[i], 0);
        for (int i = 0; i < mv.natk; i++)
            out[n++] = TM_D(D_ATTACK, 0, mv.atk_t[i], mv.atk_f[i]);
        return n;
    }
    case PH_RETREAT: {
        uint8_t opt[6], lethal[6];
        int k = tm_retreat_opts(D, s, env, s->atk_target, s->atk_from, opt, lethal);
        for (int i = 0; i < k; i++)
            out[n++] = TM_D(D_RETREAT, 0, opt[i], lethal[i]);
        return n;
    }
    case PH_ATK_MOUND: {
        int k = distinct_mounds(D, P, idx);
        for (int i = 0; i < k; i++)
            out[n++] = TM_D(D_ATK_MOUND, idx[i], 0, 0);
        return n;
    }
    case PH_NEUTRAL:
    case PH_TILE:
    case PH_TILE_HEX: return tm_build_legal(D, s, out);
    default: return 0;
    }
}

static bool in_legal(const tm_state *s, const fc_env *env, fc_decision d)
{
    fc_decision buf[TM_MAX_DECISIONS];
    int n = tm_legal(s, env, buf, NULL);
    for (int i = 0; i < n; i++)
        if (buf[i] == d)
            return true;
    return false;
}

/* a mound of a value the placing seat still holds, on a hex a mound may take. */
static bool mound_ok(const tm_data *D, const tm_state *s, fc_decision d)
{
    int a = TM_DA(d), b = TM_DB(d);
    if ((s->phase != PH_SETUP && s->phase != PH_REPLACE) || b >= D->ncells || TM_DC(d) || a >= D->nmounds ||
        !tm_mound_hex_ok(D, s, b, false))
        return false;
    int idx[TM_MAX_MOUNDS], nm = distinct_mounds(D, &s->seat[s->phase == PH_REPLACE ? s->replacer : s->turn], idx);
    for (int i = 0; i < nm; i++)
        if (idx[i] == a)
            return true;
    return false;
}

/* Whether apply may take d: cheap checks on the hot kinds, the legal list for the rest (it
 * costs a whole legal() call, so the hot paths of search never go there). */
static bool apply_ok(const tm_data *D, const tm_state *s, const fc_env *env, fc_decision d)
{
    int a = TM_DA(d), b = TM_DB(d), seat = s->turn;
    switch (TM_DK(d)) {
    case D_HEX:
        return s->phase == PH_DEPLOY_HEX && b < D->ncells && !s->piece[b] && !TM_DC(d) && !a &&
               (tm_caste_of(D, s, seat, s->sel)->stand >> s->terrain[b] & 1);
    case D_PASS: return s->phase == PH_MOVE && !(d & 0xFFFFFFu);
    case D_UNIT:
        return s->phase == PH_MOVE && b < D->ncells && !a && !TM_DC(d) && TM_IS_UNIT(s->piece[b]) &&
               TM_U_SEAT(s->piece[b]) == seat && tm_unit_can_move(D, s, env, b);
    case D_DRAW:
        return s->phase == PH_DRAW && !b && !TM_DC(d) && first_of_type(D, s, s->drawer, s->seat[s->drawer].stack, a);
    case D_TOKEN:
        return s->phase == PH_DEPLOY && !b && !TM_DC(d) && first_of_type(D, s, seat, s->seat[seat].hand, a) &&
               any_free_hex(D, s, tm_caste_of(D, s, seat, a)->stand);
    case D_TO:
    case D_ATTACK: {
        tm_moves mv;
        return s->phase == PH_MOVE_DEST && !a && b < D->ncells && TM_DC(d) < D->ncells &&
               (tm_one_step_ok(D, s, env, d) || tm_gen_moves(D, s, env, s->sel, &mv, false, d));
    }
    case D_MOUND: return mound_ok(D, s, d);
    case D_NEUTRAL:
    case D_TILE:
    case D_LAY: return tm_build_valid(D, s, d);
    default: return in_legal(s, env, d);
    }
}

/* the drawer takes token a from its stack into its hand. */
static void apply_draw(const tm_data *D, tm_state *s, const fc_env *env, int a)
{
    tm_seat *Q = &s->seat[s->drawer];
    Q->stack &= ~(1u << a);
    Q->hand |= 1u << a;
    Q->tok_st[a] = TK_HAND;
    if (env->events) { /* the drawn token is seen by the drawer only, or all under V-1 */
        uint32_t me = FC_SEAT_BIT(s->drawer);
        char name[48];
        tm_token_text(D, s, s->drawer, a, name, sizeof name);
        env->host->emit(env, me, "you draw %s", name);
        if (D->open_hands)
            env->host->emit(env, FC_ALL_SEATS & ~me, "seat %d draws %s", s->drawer + 1, name);
        else
            env->host->emit(env, FC_ALL_SEATS & ~me, "seat %d draws a token", s->drawer + 1);
    }
    if (s->after_draw == PH_SETUP)
        next_opening_draw(D, s);
    else
        s->phase = PH_MOVE;
}

/* R-12 (setup) and R-36/R-37 (replacing a captured mound, removing a unit standing there). */
static void apply_mound(const tm_data *D, tm_state *s, const fc_env *env, fc_decision d)
{
    int k = TM_DK(d), a = TM_DA(d), b = TM_DB(d), who = s->phase == PH_REPLACE ? s->replacer : s->turn;
    if (k == D_MOUND_RM)
        remove_unit(s, who, TM_U_TOK(s->piece[b]), TK_DEAD); /* */
    place_mound(s, who, a, b);
    FC_EMIT(env, FC_ALL_SEATS, "seat %d places mound %d at (%d,%d)%s", who + 1, D->mound_value[a], D->cell[b].q,
            D->cell[b].r, k == D_MOUND_RM ? ", removing its unit there (R-37)" : "");
    if (s->phase == PH_SETUP) {
        s->setup_step++;
        next_setup(D, s);
    } else {
        s->replacer = TM_NO_CELL;
        end_turn(D, s, env);
    }
}

/* reproduction, choosing a token, then its hex, or discarding an undeployable one. */
static void apply_deploy(const tm_data *D, tm_state *s, const fc_env *env, fc_decision d)
{
    int a = TM_DA(d), b = TM_DB(d), seat = s->turn;
    char name[48];
    switch (TM_DK(d)) {
    case D_TOKEN:
        s->sel = (uint8_t)a;
        s->phase = PH_DEPLOY_HEX;
        return;
    case D_HEX:
        put_unit(s, seat, s->sel, b);
        if (env->events) {
            tm_token_text(D, s, seat, s->sel, name, sizeof name);
            env->host->emit(env, FC_ALL_SEATS, "seat %d deploys %s at (%d,%d)", seat + 1, name, D->cell[b].q, D->cell[b].r);
        }
        s->sel = TM_NO_CELL;
        break;
    default: /* D_DISCARD */
        s->seat[seat].hand &= ~(1u << a);
        s->seat[seat].tok_st[a] = TK_DISCARDED;
        if (env->events) {
            tm_token_text(D, s, seat, a, name, sizeof name);
            env->host->emit(env, FC_ALL_SEATS, "seat %d cannot deploy and discards %s (R-17)", seat + 1, name);
        }
        break;
    }
    after_reproduction(D, s);
}

/* R-18..R-31: the move, as a unit chosen, then its destination or attack, then a retreat. */
static void apply_move(const tm_data *D, tm_state *s, const fc_env *env, fc_decision d)
{
    int b = TM_DB(d), seat = s->turn;
    switch (TM_DK(d)) {
    case D_PASS:
        FC_EMIT(env, FC_ALL_SEATS, "seat %d passes the move", seat + 1);
        end_turn(D, s, env);
        return;
    case D_UNIT:
        s->sel = (uint8_t)b;
        s->phase = PH_MOVE_DEST;
        return;
    case D_TO: {
        int from = s->sel, tok = TM_U_TOK(s->piece[from]);
        s->piece[from] = 0;
        put_unit(s, seat, tok, b);
        s->last_move_from = (uint8_t)from;
        s->last_move_to = (uint8_t)b;
        FC_EMIT(env, FC_ALL_SEATS, "seat %d moves (%d,%d) to (%d,%d)", seat + 1, D->cell[from].q, D->cell[from].r,
                D->cell[b].q, D->cell[b].r);
        end_turn(D, s, env);
        return;
    }
    case D_ATTACK: attack(D, s, env, s->sel, b, TM_DC(d)); return;
    default: finish_unit_attack(D, s, env, b, TM_DC(d) != 0); return; /* D_RETREAT */
    }
}

/* the attacker's mound on the captured hex, then the owner replaces the lost one. */
static void apply_atk_mound(const tm_data *D, tm_state *s, const fc_env *env, int a)
{
    int owner = s->replacer;
    place_mound(s, s->turn, a, s->atk_target);
    FC_EMIT(env, FC_ALL_SEATS, "seat %d places mound %d on the captured hex", s->turn + 1, D->mound_value[a]);
    if (owner != TM_NO_CELL)
        start_replace(D, s, env, owner);
    else
        end_turn(D, s, env);
}

int tm_apply(void *st, const fc_env *env, fc_decision d)
{
    tm_state *s = st;
    const tm_data *D = D_(env);
    if (!apply_ok(D, s, env, d))
        return FC_EILLEGAL;
    switch (TM_DK(d)) {
    case D_DRAW: apply_draw(D, s, env, TM_DA(d)); return 0;
    case D_MOUND:
    case D_MOUND_RM: apply_mound(D, s, env, d); return 0;
    case D_TOKEN:
    case D_HEX:
    case D_DISCARD: apply_deploy(D, s, env, d); return 0;
    case D_PASS:
    case D_UNIT:
    case D_TO:
    case D_ATTACK:
    case D_RETREAT: apply_move(D, s, env, d); return 0;
    case D_NEUTRAL:
    case D_TILE:
    case D_LAY:
        if (tm_build_apply(D, s, env, d) == 1)
            next_opening_draw(D, s); /* the board is built: R-10 hands, then R-12 mounds */
        return 0;
    case D_ATK_MOUND: apply_atk_mound(D, s, env, TM_DA(d)); return 0;
    default: return FC_EILLEGAL;
    }
}

/* The rule that governs the current decision, for a front end's rules key (API minor 3). */
static const char *tm_phase_topic(const void *st, const fc_env *env)
{
    const tm_state *s = st;
    (void)env;
    switch (s->phase) {
    case PH_DRAW: return s->after_draw == PH_SETUP ? "R-10" : "R-16";
    case PH_SETUP: return "R-12";
    case PH_DEPLOY:
    case PH_DEPLOY_HEX: return "R-14";
    case PH_DISCARD: return "R-17";
    case PH_MOVE: return "R-18";
    case PH_MOVE_DEST: return "R-19";
    case PH_RETREAT: return "R-31";
    case PH_ATK_MOUND: return "R-35";
    case PH_REPLACE: return "R-36";
    case PH_OVER: return "R-40";
    case PH_NEUTRAL: return "R-44";
    case PH_TILE: return "R-45";
    case PH_TILE_HEX: return "R-46";
    default: return NULL;
    }
}

/* Sources of chance (API minor 11): the setup (swarms dealt, first player, R-10) and the
 * tokens drawn from the stacks (opening hands R-10, refills R-16). */
static int tm_chance_source(const void *st, const fc_env *env, const char *const **names)
{
    static const char *const sources[] = {"setup", "tokens", NULL};
    (void)env;
    *names = sources;
    return st ? 1 : 0;
}

const fc_game tm_game = {
    .struct_version = 1,
    .struct_size = sizeof(fc_game),
    .state_size = sizeof(tm_state),
    .max_decisions = TM_MAX_DECISIONS,
    .data_load = tm_data_load,
    .data_free = tm_data_free,
    .init = tm_init,
    .to_move = tm_to_move,
    .legal = tm_legal,
    .apply = tm_apply,
    .decision_text = tm_decision_text,
    .decision_parse = tm_decision_parse,
    .decision_describe = tm_decision_describe,
    .scores = tm_scores,
    .evaluate = tm_evaluate,
    .determinize = tm_determinize,
    .view = tm_view,
    .round = tm_round,
    .check = tm_check,
    .decision_audience = tm_decision_audience,
    .decision_revealed = tm_decision_revealed,
    .position_write = tm_position_write,
    .position_read = tm_position_read,
    .eval_weights = tm_eval_weights,
    .evaluate_weighted = tm_evaluate_weighted,
    .phase_topic = tm_phase_topic,
    .kinds = tm_kinds,
    .nkinds = TM_NKINDS,
    .decision_kind = tm_decision_kind,
    .chance_source = tm_chance_source,
};
