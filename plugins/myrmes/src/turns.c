/* Myrmes turn phases: effects of the public decisions of phase 3 (colony rooms, outings in the
 * garden, placing tiles) and phase 5 (workshop actions and objectives). These apply at once;
 * the flow between turns and the simultaneous phases are in rules.c. */
#include <string.h>

#include "myrmes.h"

/* ---- phase 3: workers ---- */

static void apply_room(my_state *st, const fc_env *env, int s, uint32_t a) /* */
{
    const my_data *D = MY_DATA(env);
    my_seat *p = &st->seat[s];
    int r = a & 3, ch = (int)(a >> 2);
    p->workers--;
    p->room_workers++;
    p->rooms = (uint8_t)(p->rooms | 1u << r);
    my_add_res(p, R_FOOD, -D->room_food[r]);
    switch (D->room[r]) {
    case ROOM_LARVAE:
        my_add_u8(&p->larvae, D->room_amount[r]);
        break;
    case ROOM_FOOD:
        my_add_res(p, R_FOOD, D->room_amount[r]);
        break;
    case ROOM_CHOICE:
        my_add_res(p, ch == 1 ? R_DIRT : R_STONE, D->room_amount[r]);
        break;
    default:
        my_gain_vp(st, env, s, D->room_amount[r]);
        break;
    }
    my_end_worker_turn(st, env);
}

static void place_tile(my_state *st, const fc_env *env, int s, uint32_t a)
{
    const my_data *D = MY_DATA(env);
    my_seat *p = &st->seat[s];
    int k = a & 0xF, o = (a >> 4) & 0xF, anchor = (a >> 8) & 0xFF, slot = 0;
    const my_kind *K = &D->kind[k];
    while (st->tile[slot].kind)
        slot++;
    if (slot >= st->tile_hi)
        st->tile_hi = (uint8_t)(slot + 1);
    my_tile *T = &st->tile[slot];
    T->kind = (uint8_t)(k + 1);
    T->owner = (int8_t)s;
    T->n = K->size;
    for (int i = 0; i < K->size; i++) {
        fc_hex x = fc_hex_add(D->hex[anchor], K->orient[o][i]);
        int c = D->index[x.r][x.q];
        T->cell[i] = (uint8_t)c;
        st->cell_tile[c] = (uint8_t)(slot + 1);
        if (!K->special && D->terrain[c] <= T_STONE) /* */
            my_bit_set(st->cube, c);
    }
    int vp = K->vp;
    if (!K->special) {
        p->pher_used[k]++;
        vp = (int)my_hook(st, env, H_PHEROMONE_POINTS, s, K->size, vp, vp); /* */
    } else {
        for (int r = 0; r < 3; r++) /* */
            my_add_res(p, r, -K->cost[r]);
        st->group_used[K->group]++;
        p->markers++;
        T->marked = 1;
    }
    my_gain_vp(st, env, s, vp);
    FC_EMIT(env, FC_ALL_SEATS, "%s places %s at (%d,%d)", my_seat_name(s), K->id, D->hex[anchor].q,
            D->hex[anchor].r);
}

static void apply_outing(my_state *st, const fc_env *env, int s, fc_decision d)
{
    const my_data *D = MY_DATA(env);
    my_seat *p = &st->seat[s];
    int c = (int)MY_DARG(d);
    switch (MY_DKIND(d)) {
    case D_STEP: { /* R-20..R-23 */
        int t = st->cell_tile[c];
        if (t && my_tile_costs_soldier(&st->tile[t - 1], s))
            p->soldiers--;
        st->out_cell = (uint8_t)c;
        st->out_mp--;
        break;
    }
    case D_HUNT: { /* */
        int k = st->cell_tok[c] & 0xF;
        int need = my_hunt_soldiers(st, env, s, k);
        p->soldiers = (uint8_t)(p->soldiers > need ? p->soldiers - need : 0);
        p->prey[k]++;
        st->cell_tok[c] = 0;
        int64_t food = my_hook(st, env, H_HUNT_FOOD, s, k, D->prey_food[k], D->prey_food[k]);
        my_add_res(p, R_FOOD, (int)(food < 0 ? 0 : food > 20 ? 20 : food));
        my_gain_vp(st, env, s, (int)my_hook(st, env, H_HUNT_REWARD, s, k, D->prey_vp[k], D->prey_vp[k]));
        st->out_cell = (uint8_t)c;
        st->out_mp--;
        FC_EMIT(env, FC_ALL_SEATS, "%s hunts a %s at (%d,%d)", my_seat_name(s), D->prey_name[k], D->hex[c].q,
                D->hex[c].r);
        break;
    }
    case D_CLEAR: { /* */
        int t = st->cell_tile[c] - 1;
        my_tile *T = &st->tile[t];
        my_add_res(p, R_DIRT, -MY_P(env, P_CLEAR_COST));
        if (T->owner != s)
            my_gain_vp(st, env, s, D->kind[T->kind - 1].vp);
        for (int i = 0; i < T->n; i++)
            st->cell_tile[T->cell[i]] = 0;
        FC_EMIT(env, FC_ALL_SEATS, "%s clears a %s pheromone", my_seat_name(s), my_seat_name(T->owner));
        memset(T, 0, sizeof *T);
        st->out_cell = (uint8_t)c;
        break;
    }
    case D_PLACE:
        place_tile(st, env, s, MY_DARG(d));
        my_end_worker_turn(st, env); /* the worker goes back to the supply */
        break;
    case D_STOP:
        my_end_worker_turn(st, env);
        break;
    default:
        break;
    }
}

void my_apply_workers(my_state *st, const fc_env *env, int s, fc_decision d)
{
    const my_data *D = MY_DATA(env);
    my_seat *p = &st->seat[s];
    uint32_t a = MY_DARG(d);
    if (MY_DKIND(d) == D_ROOM) {
        apply_room(st, env, s, a);
    } else if (MY_DKIND(d) == D_EXIT) { /* */
        p->workers--;
        st->out_seat = (int8_t)s;
        st->out_cell = (uint8_t)a;
        st->out_mp = (uint8_t)(D->moves + (my_effect(st, D, s) == EV_MOVES ? D->event_moves : 0));
    } else {
        apply_outing(st, env, s, d);
    }
}

/* ---- phase 5: workshop and objectives ---- */

/* Pays objective o (T-10); O19/O20 pay through their picks instead. */
static void pay_objective(my_state *st, const fc_env *env, int s, const my_objective *o, int pay)
{
    my_seat *p = &st->seat[s];
    int amt = o->amount;
    switch (o->kind) {
    case OK_FOOD:
        my_add_res(p, R_FOOD, -amt);
        break;
    case OK_STONE:
        my_add_res(p, R_STONE, -amt);
        break;
    case OK_DIRTSTONE:
        my_add_res(p, R_DIRT, -pay);
        my_add_res(p, R_STONE, -(amt - pay));
        break;
    case OK_LARVAE:
        my_add_u8(&p->larvae, -amt);
        break;
    case OK_SOLDIERS:
        my_add_u8(&p->soldiers, -amt);
        break;
    case OK_PREY:
        for (int k = 0, left = amt; k < MY_PREY && left; k++) {
            int x = p->prey[k] < left ? p->prey[k] : left;
            p->prey[k] = (uint8_t)(p->prey[k] - x);
            left -= x;
        }
        st->prey_gone = (uint8_t)(st->prey_gone + amt);
        break;
    case OK_LEVEL:
        p->level = (uint8_t)(p->level - o->extra);
        break;
    case OK_NURSES: { /* A-21 and our ruling: returning nurses go first */
        int left = o->extra;
        uint8_t *from[] = {&p->nursery, &p->track[0], &p->track[1], &p->track[2], &p->ws_spent,
                           &p->track[TRACK_WORKSHOP]};
        for (int i = 0; i < 6 && left; i++) {
            int x = *from[i] < left ? *from[i] : left;
            *from[i] = (uint8_t)(*from[i] - x);
            left -= x;
        }
        break;
    }
    case OK_SPECIALS: /* */
        for (int i = 0; i < o->extra; i++) {
            my_tile *T = &st->tile[(pay >> (8 * i)) & 0xFF];
            T->marked = 0;
            T->owner = -1;
            p->markers--;
        }
        break;
    default:
        break;
    }
}

/* Points and earlier-completer bonuses once the objective is paid. */
static void complete_objective(my_state *st, const fc_env *env, int s, int slot)
{
    const my_data *D = MY_DATA(env);
    my_seat *p = &st->seat[s];
    const my_objective *o = &D->obj[st->obj[slot]];
    int round = my_round(st, env);
    st->obj_round[slot][s] = (uint8_t)round;
    p->obj_levels = (uint8_t)(p->obj_levels | 1u << (o->level - 1));
    int vp = D->objective_points[o->level - 1];
    my_gain_vp(st, env, s, (int)my_hook(st, env, H_OBJECTIVE_POINTS, s, o->level, vp, vp));
    FC_EMIT(env, FC_ALL_SEATS, "%s completes objective %s", my_seat_name(s), o->id);
    for (int t = 0; t < env->nseats; t++) /* */
        if (t != s && st->obj_round[slot][t] && st->obj_round[slot][t] < round)
            my_gain_vp(st, env, t, D->objective_bonus);
}

/* One pheromone picked for O19/O20; the N-th pick empties them all and completes. */
static void apply_pick(my_state *st, const fc_env *env, int s, int t)
{
    const my_data *D = MY_DATA(env);
    int slot = st->pick_slot - 1;
    const my_objective *o = &D->obj[st->obj[slot]];
    my_bit_set(st->picked, t);
    st->pick_n++;
    FC_EMIT(env, FC_ALL_SEATS, "%s picks the pheromone at (%d,%d) for %s (%d of %d)", my_seat_name(s),
            D->hex[st->tile[t].cell[0]].q, D->hex[st->tile[t].cell[0]].r, o->id, st->pick_n, o->amount);
    if (st->pick_n < o->amount)
        return;
    for (int u = 0; u < st->tile_hi; u++)
        if (my_bit(st->picked, u))
            for (int j = 0; j < st->tile[u].n; j++)
                my_bit_clr(st->cube, st->tile[u].cell[j]);
    st->pick_slot = st->pick_n = 0;
    memset(st->picked, 0, sizeof st->picked);
    complete_objective(st, env, s, slot);
}

void my_apply_workshop(my_state *st, const fc_env *env, int s, fc_decision d)
{
    const my_data *D = MY_DATA(env);
    my_seat *p = &st->seat[s];
    int kind = MY_DKIND(d);
    uint32_t a = MY_DARG(d);
    if (kind == D_DONE) { /* */
        my_end_workshop_turn(st, env);
        return;
    }
    if (kind == D_PICK) {
        apply_pick(st, env, s, (int)a);
    } else if (kind == D_OBJECTIVE) {
        int slot = a & 0xF;
        const my_objective *o = &D->obj[st->obj[slot]];
        p->ws_done = (uint8_t)(p->ws_done | 1u << WS_OBJECTIVE);
        p->track[TRACK_WORKSHOP]--; /* the nurse stays on the objective */
        p->obj_nurses++;
        if (o->kind == OK_PHEROMONES) {
            st->pick_slot = (uint8_t)(slot + 1); /* the picks follow */
            return;
        }
        pay_objective(st, env, s, o, (int)(a >> 4));
        complete_objective(st, env, s, slot);
    } else {
        int action = kind == D_TUNNEL ? WS_TUNNEL : kind == D_LEVEL ? WS_LEVEL : WS_NURSE;
        p->ws_done = (uint8_t)(p->ws_done | 1u << action);
        p->track[TRACK_WORKSHOP]--;
        p->ws_spent++;
        if (action == WS_TUNNEL) { /* */
            st->cell_tok[a] = (uint8_t)(s + 1);
            p->exits++;
            my_add_res(p, R_DIRT, MY_P(env, P_TUNNEL_DIRT));
            FC_EMIT(env, FC_ALL_SEATS, "%s digs a tunnel at (%d,%d)", my_seat_name(s), D->hex[a].q, D->hex[a].r);
        } else if (action == WS_LEVEL) { /* */
            p->level++;
            for (int r = 0; r < 3; r++)
                my_add_res(p, r, -D->level_cost[p->level][r]);
            FC_EMIT(env, FC_ALL_SEATS, "%s reaches colony level %d", my_seat_name(s), p->level);
        } else { /* */
            my_add_res(p, R_FOOD, -MY_P(env, P_NURSE_FOOD));
            my_add_u8(&p->larvae, -MY_P(env, P_NURSE_LARVAE));
            p->nursery++;
        }
    }
    if (!p->track[TRACK_WORKSHOP] && !st->pick_slot)
        my_end_workshop_turn(st, env);
}
