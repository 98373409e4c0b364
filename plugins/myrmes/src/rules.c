/* Myrmes game flow: setup, the phase machine, applying decisions and revealing the
 * simultaneous steps (phases 1, 2, 4, 6, winter). Simultaneous choices are kept in each seat's
 * pending fields (p_*) and only applied to the public state when every participant has
 * committed. The effects of the turn phases 3 and 5 are in turns.c. */
#include <string.h>

#include "myrmes.h"
#include "myrmes_position.h"

/* ---- simultaneous steps (our own copy of fc_simul's logic: plugins do not link the core) ---- */

static void simul_begin(my_state *st, int first, int n, uint32_t mask)
{
    fc_simul *sm = &st->simul;
    st->simul_mask = (uint8_t)(mask & ((1u << n) - 1));
    sm->first = (uint8_t)first;
    sm->n = (uint8_t)n;
    sm->waiting = (uint16_t)(mask & ((1u << n) - 1));
}

static int simul_next(const fc_simul *sm)
{
    for (int i = 0; i < sm->n; i++) {
        int s = (sm->first + i) % sm->n;
        if (sm->waiting & (1u << s))
            return s;
    }
    return -1;
}

static void clear_pending(my_seat *p)
{
    p->p_sac = p->p_event = p->p_arrive = p->p_extra = p->p_any = 0;
    memset(p->p_births, 0, sizeof p->p_births);
    memset(p->p_disc, 0, sizeof p->p_disc);
    memset(p->p_scav, 0, sizeof p->p_scav);
    memset(p->p_cells, 0, sizeof p->p_cells);
}

void my_add_score(my_state *st, int s, int n)
{
    int v = st->seat[s].score + n;
    st->seat[s].score = (int16_t)(v > 30000 ? 30000 : v < -30000 ? -30000 : v);
}

/* A VP gain: +1 VP event adds to every positive gain this round. */
void my_gain_vp(my_state *st, const fc_env *env, int s, int n)
{
    const my_data *D = MY_DATA(env);
    if (n > 0 && st->phase < PH_WINTER && my_effect(st, D, s) == EV_VP)
        n += D->event_amount[st->seat[s].event];
    my_add_score(st, s, n);
}

int64_t my_hook(my_state *st, const fc_env *env, int h, int64_t a, int64_t b, int64_t c, int64_t dflt)
{
    if (!FC_HOOKED(env, h))
        return dflt;
    int64_t args[3] = {a, b, c};
    return env->host->hook_int(env, h, st, args, 3, dflt);
}

int my_hunt_soldiers(const my_state *st, const fc_env *env, int s, int k)
{
    int need = MY_DATA(env)->prey_soldiers[k];
    if (!FC_HOOKED(env, H_HUNT_SOLDIERS))
        return need;
    /* the hook only reads the state (queries), so dropping const is safe */
    int64_t v = my_hook((my_state *)st, env, H_HUNT_SOLDIERS, s, k, need, need);
    return v < 0 ? 0 : v > 16 ? 16 : (int)v;
}

const char *my_seat_name(int s)
{
    static const char *const names[] = {"Red", "Blue", "Yellow", "Black"};
    return names[s & 3];
}

/* ---- phase transitions ---- */

static void begin_workers(my_state *st, const fc_env *env);
static void begin_harvest(my_state *st, const fc_env *env);
static void begin_workshop(my_state *st, const fc_env *env);
static void begin_endround(my_state *st, const fc_env *env);

static void start_round(my_state *st, const fc_env *env)
{
    int n = env->nseats;
    for (int s = 0; s < n; s++) {
        my_seat *p = &st->seat[s];
        p->event = st->dice[st->season]; /* */
        p->rooms = p->ws_done = 0;
        clear_pending(p);
    }
    st->phase = PH_EVENT;
    simul_begin(st, st->first, n, 0xFu);
    FC_EMIT(env, FC_ALL_SEATS, "Year %d, %s: the %s die shows %d", st->year, MY_DATA(env)->season_name[st->season],
            MY_DATA(env)->season_name[st->season], st->dice[st->season]);
}

/* Next seat in phase-3 order after `from` that still has a worker, or -1. */
static int next_worker_seat(const my_state *st, const fc_env *env, int from)
{
    int n = env->nseats;
    for (int i = 1; i <= n; i++) {
        int s = (from + i) % n;
        if (st->seat[s].workers)
            return s;
    }
    return -1;
}

static void begin_workers(my_state *st, const fc_env *env)
{
    st->phase = PH_WORKERS;
    int s = next_worker_seat(st, env, (st->first + env->nseats - 1) % env->nseats);
    if (s < 0)
        begin_harvest(st, env);
    else
        st->turn = (uint8_t)s;
}

void my_end_worker_turn(my_state *st, const fc_env *env)
{
    if (st->out_seat >= 0) /* told, since the worker just disappears from the map */
        FC_EMIT(env, FC_ALL_SEATS, "%s's worker goes back to the supply (R-37)", my_seat_name(st->out_seat));
    st->out_seat = -1;
    int s = next_worker_seat(st, env, st->turn);
    if (s < 0)
        begin_harvest(st, env);
    else
        st->turn = (uint8_t)s;
}

static void reveal_harvest(my_state *st, const fc_env *env)
{
    const my_data *D = MY_DATA(env);
    for (int s = 0; s < env->nseats; s++) {
        my_seat *p = &st->seat[s];
        int got[3] = {0};
        for (int c = 0; c < D->ncells; c++) {
            if (!p->p_cells[c >> 3]) {
                c |= 7; /* skip an empty byte */
                continue;
            }
            if (my_bit(p->p_cells, c)) {
                my_bit_clr(st->cube, c);
                got[D->terrain[c]]++;
            }
        }
        for (int t = 0; t < st->tile_hi; t++) {
            const my_tile *T = &st->tile[t];
            if (!T->kind || T->owner != s || !T->marked)
                continue;
            const my_kind *K = &D->kind[T->kind - 1];
            if (K->harvest == ROOM_FOOD)
                got[R_FOOD] += K->harvest_amount;
            else if (K->harvest == ROOM_VP)
                my_gain_vp(st, env, s, K->harvest_amount);
        }
        got[R_DIRT] += p->p_scav[0];
        got[R_STONE] += p->p_scav[1];
        got[R_FOOD] += p->p_sac;
        my_add_u8(&p->larvae, -MY_P(env, P_SACRIFICE_LARVAE) * p->p_sac);
        for (int r = 0; r < 3; r++)
            my_add_res(p, r, got[r]);
        FC_EMIT(env, FC_ALL_SEATS, "%s harvests %d food, %d dirt, %d stone", my_seat_name(s), got[0], got[1],
                got[2]);
        clear_pending(p);
    }
    begin_workshop(st, env);
}

static void begin_harvest(my_state *st, const fc_env *env)
{
    const my_data *D = MY_DATA(env);
    uint32_t mask = 0;
    st->phase = PH_HARVEST;
    for (int s = 0; s < env->nseats; s++) {
        int t;
        clear_pending(&st->seat[s]);
        if (my_harvest_stage(st, D, s, &t) >= 0 || my_can_sacrifice(st, env, s)) /* R-07, D-10 */
            mask |= 1u << s;
    }
    simul_begin(st, st->first, env->nseats, mask);
    if (!mask)
        reveal_harvest(st, env);
}

static int next_workshop_seat(const my_state *st, const fc_env *env, int after_steps)
{
    for (int i = after_steps + 1; i < env->nseats; i++) {
        int s = (st->first + i) % env->nseats;
        if (st->seat[s].track[TRACK_WORKSHOP])
            return s;
    }
    return -1;
}

static void begin_workshop(my_state *st, const fc_env *env)
{
    st->phase = PH_WORKSHOP;
    int s = next_workshop_seat(st, env, -1);
    if (s < 0)
        begin_endround(st, env);
    else
        st->turn = (uint8_t)s;
}

void my_end_workshop_turn(my_state *st, const fc_env *env)
{
    int s = next_workshop_seat(st, env, fc_seat_steps(st->first, st->turn, env->nseats));
    if (s < 0)
        begin_endround(st, env);
    else
        st->turn = (uint8_t)s;
}

static void begin_winter(my_state *st, const fc_env *env)
{
    const my_data *D = MY_DATA(env);
    uint32_t mask = 0;
    st->phase = PH_WINTER;
    for (int s = 0; s < env->nseats; s++) {
        my_seat *p = &st->seat[s];
        int w = D->winter[st->year - 1], red = p->soldiers; /* */
        if (MY_P(env, P_WINTER_SOLDIER_HALF) && red > w / 2)
            red = w / 2;
        int due = w - red > 0 ? w - red : 0;
        int64_t owed = my_hook(st, env, H_WINTER_COST, s, st->year, due, due);
        p->owed = (uint8_t)(owed < 0 ? 0 : owed > 250 ? 250 : owed);
        clear_pending(p);
        if (p->owed || my_can_sacrifice(st, env, s)) /* R-07, D-10 */
            mask |= 1u << s;
    }
    simul_begin(st, st->first, env->nseats, mask);
}

static void finish_round(my_state *st, const fc_env *env)
{
    for (int s = 0; s < env->nseats; s++) {
        my_seat *p = &st->seat[s];
        if (p->room_workers)
            FC_EMIT(env, FC_ALL_SEATS, "%s: %d worker%s come%s home from the colony rooms (R-52)", my_seat_name(s),
                    p->room_workers, p->room_workers == 1 ? "" : "s", p->room_workers == 1 ? "s" : "");
        p->workers = (uint8_t)(p->workers + p->room_workers); /* */
        p->room_workers = 0;
        p->rooms = 0;
        int back = p->ws_spent; /* */
        for (int t = 0; t < TRACKS; t++)
            back += p->track[t];
        p->nursery = (uint8_t)(p->nursery + back);
        memset(p->track, 0, sizeof p->track);
        p->ws_spent = 0;
    }
    my_hook(st, env, H_ON_ROUND_END, st->year, st->season, my_round(st, env), 0);
    st->first = (uint8_t)fc_seat_next(st->first, env->nseats); /* */
    st->season++;
    if (st->season < MY_SEASONS)
        start_round(st, env);
    else
        begin_winter(st, env);
    if (st->phase == PH_WINTER && !st->simul.waiting) {
        /* nobody owes food: winter resolves at once */
        st->phase = st->year < MY_DATA(env)->years ? PH_DICE : PH_OVER;
        st->die = 0;
    }
}

static void begin_endround(my_state *st, const fc_env *env)
{
    const my_data *D = MY_DATA(env);
    uint32_t mask = 0;
    st->phase = PH_ENDROUND;
    for (int s = 0; s < env->nseats; s++) {
        clear_pending(&st->seat[s]);
        if (my_over_limit(st, D, s) || my_can_sacrifice(st, env, s)) /* R-51; R-07, D-10 */
            mask |= 1u << s;
    }
    simul_begin(st, st->first, env->nseats, mask);
    if (!mask)
        finish_round(st, env);
}

/* All participants have committed: apply the hidden choices together. */
static void reveal(my_state *st, const fc_env *env)
{
    const my_data *D = MY_DATA(env);
    int rate = MY_P(env, P_SACRIFICE_LARVAE), cap = MY_P(env, P_ANT_CAP);
    if (st->phase == PH_HARVEST) {
        reveal_harvest(st, env);
        return;
    }
    for (int s = 0; s < env->nseats; s++) {
        my_seat *p = &st->seat[s];
        my_add_u8(&p->larvae, -rate * p->p_sac);
        my_add_res(p, R_FOOD, p->p_sac);
        if (st->phase == PH_EVENT) {
            int d = p->event, e = p->p_event; /* */
            my_add_u8(&p->larvae, -(e > d ? e - d : d - e));
            p->event = (uint8_t)e;
            FC_EMIT(env, FC_ALL_SEATS, "%s: event %d (%s)", my_seat_name(s), e, D->event_name[e]);
        } else if (st->phase == PH_BIRTHS) {
            int eff = my_effect(st, D, s), amt = D->event_amount[p->event], y[3] = {0};
            int nurses = 0;
            for (int t = 0; t < TRACKS; t++) {
                p->track[t] = p->p_births[t];
                nurses += p->track[t];
                for (int j = 0; t < 3 && j < D->birth_n[t]; j++)
                    if (D->birth_nurses[t][j] == p->track[t])
                        y[t] = D->birth_yield[t][j];
            }
            p->nursery = (uint8_t)(p->nursery - nurses);
            y[0] += (eff == EV_LARVAE && y[0] > 0) ? amt : 0; /* */
            y[1] += (eff == EV_SOLDIER && y[1] > 0) ? amt : 0;
            y[2] += (eff == EV_WORKER && y[2] > 0) ? amt : 0;
            int room = cap - my_ants(st, s);
            room = room < 0 ? 0 : room;
            int sa = p->p_arrive ? p->p_arrive - 1 : (y[1] < room ? y[1] : room); /* */
            int wa = y[2] < room - sa ? y[2] : room - sa;
            my_add_u8(&p->larvae, y[0]);
            p->soldiers = (uint8_t)(p->soldiers + sa);
            p->workers = (uint8_t)(p->workers + wa);
            FC_EMIT(env, FC_ALL_SEATS, "%s: nurses L%d S%d W%d K%d; +%d larvae, +%d soldiers, +%d workers",
                    my_seat_name(s), p->track[0], p->track[1], p->track[2], p->track[3], y[0], sa, wa);
        } else if (st->phase == PH_ENDROUND) {
            for (int r = 0; r < 3; r++)
                my_add_res(p, r, -p->p_disc[r]);
            if (p->p_disc[0] + p->p_disc[1] + p->p_disc[2])
                FC_EMIT(env, FC_ALL_SEATS, "%s discards %d food, %d dirt, %d stone", my_seat_name(s), p->p_disc[0],
                        p->p_disc[1], p->p_disc[2]);
        } else if (st->phase == PH_WINTER) {
            int pay = p->res[R_FOOD] < p->owed ? p->res[R_FOOD] : p->owed; /* */
            my_add_res(p, R_FOOD, -pay);
            my_add_score(st, s, -(p->owed - pay) * MY_P(env, P_WINTER_PENALTY));
            FC_EMIT(env, FC_ALL_SEATS, "%s pays %d of %d food in winter", my_seat_name(s), pay, p->owed);
        }
        clear_pending(p);
    }
    switch (st->phase) {
    case PH_EVENT:
        st->phase = PH_BIRTHS;
        simul_begin(st, st->first, env->nseats, 0xFu);
        break;
    case PH_BIRTHS:
        begin_workers(st, env);
        break;
    case PH_ENDROUND:
        finish_round(st, env);
        break;
    case PH_WINTER:
        st->phase = st->year < D->years ? PH_DICE : PH_OVER; /* */
        st->die = 0;
        break;
    default:
        break;
    }
}

static void commit(my_state *st, const fc_env *env, int s)
{
    st->simul.waiting = (uint16_t)(st->simul.waiting & ~(1u << s));
    FC_EMIT(env, FC_ALL_SEATS & ~FC_SEAT_BIT(s), "%s has decided", my_seat_name(s));
    if (!st->simul.waiting)
        reveal(st, env);
}

/* ---- setup ---- */

static int init(void *vst, const fc_env *env, fc_rng *rng, fc_error *err)
{
    my_state *st = vst;
    const my_data *D = MY_DATA(env);
    const fc_host *h = env->host;
    int n = env->nseats;
    memset(st, 0, sizeof *st);
    if (!D)
        return h->error_set(err, FC_EINVAL, "myrmes: game data not loaded");
    if (MY_P(env, P_START_WORKERS) > MY_P(env, P_ANT_CAP) || MY_P(env, P_START_NURSES) > MY_P(env, P_NURSE_CAP))
        return h->error_set(err, FC_ERANGE, "start_workers/start_nurses exceed ant_cap/nurse_cap");
    st->first = (uint8_t)(MY_P(env, P_FIRST_PLAYER) < 0 ? (int)h->rng_below(rng, (uint32_t)n)
                                                         : MY_P(env, P_FIRST_PLAYER)); /* S-06, A-16 */
    st->out_seat = -1;
    st->year = 1;
    for (int s = 0; s < n; s++) {
        my_seat *p = &st->seat[s];
        p->score = (int16_t)MY_P(env, P_START_SCORE); /* S-08 */
        p->nursery = (uint8_t)MY_P(env, P_START_NURSES);
        p->workers = (uint8_t)MY_P(env, P_START_WORKERS);
        p->larvae = (uint8_t)MY_P(env, P_START_LARVAE);
        p->exits = 1;
        st->cell_tok[D->start[fc_seat_steps(st->first, s, n)]] = (uint8_t)(s + 1); /* S-09, A-17 */
    }
    uint8_t tokens[64];
    int nt = 0;
    for (int k = 0; k < MY_PREY; k++)
        for (int i = 0; i < D->prey_tokens[k] && nt < 64; i++)
            tokens[nt++] = (uint8_t)k;
    h->rng_shuffle(rng, tokens, (size_t)nt, 1); /* S-03, A-15 */
    for (int i = 0; i < D->nspots && i < nt; i++)
        st->cell_tok[D->spots[i]] = (uint8_t)(MY_TOK_PREY | tokens[i]);
    st->prey_placed = (uint8_t)(D->nspots < nt ? D->nspots : nt);
    for (int lv = 1; lv <= 3; lv++) { /* S-04 */
        uint8_t pool[MY_MAX_OBJ];
        int np = 0;
        for (int i = 0; i < D->nobj; i++)
            if (D->obj[i].level == lv)
                pool[np++] = (uint8_t)i;
        h->rng_shuffle(rng, pool, (size_t)np, 1);
        st->obj[2 * (lv - 1)] = pool[0];
        st->obj[2 * (lv - 1) + 1] = pool[1];
    }
    for (int i = 0; i < MY_SEASONS; i++) /* S-05 */
        st->dice[i] = D->faces[i][h->rng_below(rng, D->nfaces[i])];
    start_round(st, env);
    return 0;
}

int my_to_move(const void *vst, const fc_env *env)
{
    const my_state *st = vst;
    (void)env;
    switch (st->phase) {
    case PH_OVER:
        return FC_NOBODY;
    case PH_DICE:
        return FC_CHANCE;
    case PH_WORKERS:
    case PH_WORKSHOP:
        return st->turn;
    default:
        return simul_next(&st->simul);
    }
}

int my_round(const void *vst, const fc_env *env)
{
    const my_state *st = vst;
    (void)env;
    return (st->year - 1) * MY_SEASONS + (st->season < MY_SEASONS ? st->season : MY_SEASONS - 1) + 1;
}

static int legal(const void *vst, const fc_env *env, fc_decision *out, uint32_t *weights)
{
    const my_state *st = vst;
    int s = my_to_move(st, env);
    int n = my_legal_seat(st, env, s, out);
    if (st->phase == PH_DICE && weights) {
        const my_data *D = MY_DATA(env);
        for (int i = 0; i < n; i++) {
            weights[i] = 0;
            for (int j = 0; j < D->nfaces[st->die]; j++)
                weights[i] += D->faces[st->die][j] == MY_DARG(out[i]);
        }
    }
    return n;
}

/* ---- applying ---- */

int my_apply_seat(my_state *st, const fc_env *env, int s, fc_decision d)
{
    const my_data *D = MY_DATA(env);
    int kind = MY_DKIND(d);
    uint32_t a = MY_DARG(d);
    if (st->phase == PH_DICE) { /* */
        st->dice[st->die++] = (uint8_t)a;
        if (st->die >= MY_SEASONS) {
            st->year++;
            st->season = 0;
            start_round(st, env);
        }
        return 0;
    }
    my_seat *p = &st->seat[s];
    bool simul = st->phase != PH_WORKERS && st->phase != PH_WORKSHOP;
    if (kind == D_SACRIFICE) { /* */
        if (simul) {
            p->p_sac++;
        } else {
            my_add_u8(&p->larvae, -MY_P(env, P_SACRIFICE_LARVAE));
            my_add_res(p, R_FOOD, 1);
        }
        return 0;
    }
    switch (st->phase) {
    case PH_EVENT:
        p->p_event = (uint8_t)a;
        FC_EMIT(env, FC_SEAT_BIT(s), "you chose event %d", (int)a);
        commit(st, env, s);
        break;
    case PH_BIRTHS:
        for (int t = 0; t < TRACKS; t++)
            p->p_births[t] = (uint8_t)((a >> (3 * t)) & 7);
        p->p_arrive = (uint8_t)((a >> 12) & 7);
        FC_EMIT(env, FC_SEAT_BIT(s), "you assigned nurses L%d S%d W%d K%d", p->p_births[0], p->p_births[1],
                p->p_births[2], p->p_births[3]);
        commit(st, env, s);
        break;
    case PH_WORKERS:
        my_apply_workers(st, env, s, d);
        break;
    case PH_HARVEST: {
        int tile, stage = my_harvest_stage(st, D, s, &tile);
        if (kind == D_HARVEST) {
            my_bit_set(p->p_cells, (int)a);
            if (stage == 2)
                p->p_extra++;
        } else if (kind == D_SCAVENGE) {
            p->p_scav[a - 1]++;
        } else {
            p->p_any = 1;
        }
        if (my_harvest_stage(st, D, s, &tile) < 0)
            commit(st, env, s);
        break;
    }
    case PH_WORKSHOP:
        my_apply_workshop(st, env, s, d);
        break;
    case PH_ENDROUND: /* a discard that reaches the limit ends the step; so does done (ruling 2) */
        if (kind == D_DISCARD)
            p->p_disc[a]++;
        if (kind == D_DONE || !my_over_limit(st, D, s))
            commit(st, env, s);
        break;
    case PH_WINTER:
        commit(st, env, s);
        break;
    default:
        return FC_EILLEGAL;
    }
    return 0;
}

static int apply(void *vst, const fc_env *env, fc_decision d)
{
    my_state *st = vst;
    fc_decision buf[MY_MAX_DECISIONS];
    int s = my_to_move(st, env);
    if (s == FC_NOBODY)
        return FC_EILLEGAL;
    if (st->phase == PH_BIRTHS && MY_DKIND(d) == D_BIRTHS) /* cheap check of the largest list */
        return my_births_ok(st, env, s, MY_DARG(d)) ? my_apply_seat(st, env, s, d) : FC_EILLEGAL;
    int n = my_legal_seat(st, env, s, buf);
    for (int i = 0; i < n; i++)
        if (buf[i] == d)
            return my_apply_seat(st, env, s, d);
    return FC_EILLEGAL;
}

/* Sources of chance (API minor 11): the setup (first player, prey, objectives, the first
 * year's dice, S-02..S-05) and the season dice rolled before each later year. */
static int my_chance_source(const void *vst, const fc_env *env, const char *const **names)
{
    static const char *const sources[] = {"setup", "dice", NULL};
    (void)vst, (void)env;
    *names = sources;
    return vst ? 1 : 0;
}

const fc_game my_game = {
    .struct_version = 1,
    .struct_size = sizeof(fc_game),
    .state_size = sizeof(my_state),
    .max_decisions = MY_MAX_DECISIONS,
    .data_load = my_data_load,
    .data_free = my_data_free,
    .init = init,
    .to_move = my_to_move,
    .legal = legal,
    .apply = apply,
    .decision_text = my_text,
    .decision_parse = my_parse,
    .decision_describe = my_describe,
    .scores = my_scores,
    .evaluate = my_evaluate,
    .determinize = my_determinize,
    .view = my_view,
    .round = my_round,
    .check = my_check,
    .decision_audience = my_audience,
    .phase_topic = my_phase_topic,
    .params_check = my_params_check,
    .position_write = my_position_write,
    .position_read = my_position_read,
    .eval_weights = my_eval_weights,
    .evaluate_weighted = my_evaluate_weighted,
    .kinds = my_kinds,
    .nkinds = MY_NKINDS,
    .decision_kind = my_decision_kind,
    .chance_source = my_chance_source,
    .decision_revealed = my_revealed,
};
