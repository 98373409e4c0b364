/* Myrmes legal decisions, phase by phase, and the rule helpers they share with apply.
 * Lists are generated in a fixed order so that seeds replay identically. */
#include <string.h>

#include "myrmes.h"

typedef struct list {
    fc_decision *out;
    int n;
} list;

static void push(list *l, fc_decision d)
{
    if (l->n < MY_MAX_DECISIONS)
        l->out[l->n++] = d;
}

int my_effect(const my_state *st, const my_data *D, int s)
{
    return D->event_effect[st->seat[s].event];
}

int my_effective_level(const my_state *st, const my_data *D, int s)
{
    int l = st->seat[s].level;
    if (my_effect(st, D, s) == EV_LEVEL && st->phase < PH_WINTER)
        l += D->event_amount[st->seat[s].event];
    return l < D->nlevels ? l : D->nlevels - 1;
}

int my_size_limit(const my_state *st, const my_data *D, int s)
{
    int lim = D->max_size[my_effective_level(st, D, s)];
    if (my_effect(st, D, s) == EV_HEX)
        lim += D->event_amount[st->seat[s].event];
    return lim;
}

int my_storage_limit(const my_state *st, const my_data *D, int s)
{
    return D->storage[my_effective_level(st, D, s)];
}

int my_nurses_in_play(const my_seat *p)
{
    int n = p->nursery + p->ws_spent + p->obj_nurses;
    for (int t = 0; t < TRACKS; t++)
        n += p->track[t];
    return n;
}

int my_ants(const my_state *st, int s)
{
    const my_seat *p = &st->seat[s];
    return p->soldiers + p->workers + p->room_workers + (st->out_seat == s ? 1 : 0);
}

int my_storage(const my_seat *p) { return p->res[R_FOOD] + p->res[R_DIRT] + p->res[R_STONE]; }

bool my_over_limit(const my_state *st, const my_data *D, int s)
{
    const my_seat *p = &st->seat[s];
    int n = my_storage(p) + p->p_sac - p->p_disc[0] - p->p_disc[1] - p->p_disc[2];
    return n > my_storage_limit(st, D, s);
}

bool my_tile_costs_soldier(const my_tile *t, int s) { return t->owner >= 0 && t->owner != s; }

bool my_own_pher(const my_state *st, const my_data *D, int t, int s)
{
    const my_tile *T = &st->tile[t];
    return T->kind && T->kind - 1 < D->npher && T->owner == s;
}

int my_harvest_stage(const my_state *st, const my_data *D, int s, int *tile)
{
    const my_seat *p = &st->seat[s];
    bool extra_left = false;
    for (int t = 0; t < st->tile_hi; t++) {
        if (!my_own_pher(st, D, t, s))
            continue;
        const my_tile *T = &st->tile[t];
        bool cube = false, taken = false;
        for (int i = 0; i < T->n; i++) {
            bool c = my_bit(st->cube, T->cell[i]), pend = my_bit(p->p_cells, T->cell[i]);
            cube |= c && !pend;
            taken |= pend;
        }
        if (cube && !taken) {
            *tile = t;
            return 0;
        }
        extra_left |= cube;
    }
    int nscav = 0;
    for (int t = 0; t < st->tile_hi; t++) {
        const my_tile *T = &st->tile[t];
        if (T->kind && T->owner == s && T->marked && D->kind[T->kind - 1].harvest == ROOM_CHOICE)
            nscav++;
    }
    if (p->p_scav[0] + p->p_scav[1] < nscav)
        return 1;
    if (extra_left && !p->p_any && my_effect(st, D, s) == EV_HARVEST &&
        p->p_extra < D->event_amount[p->event])
        return 2;
    return -1;
}

int my_pher_group(const my_state *st, const my_data *D, int s, int seed, uint8_t *order)
{
    uint8_t seen[(MY_MAX_TILES + 7) / 8] = {0};
    int n = 0;
    order[n++] = (uint8_t)seed;
    my_bit_set(seen, seed);
    for (int i = 0; i < n; i++) {
        const my_tile *T = &st->tile[order[i]];
        for (int j = 0; j < T->n; j++)
            for (int d = 0; d < 6; d++) {
                int c = D->nb[T->cell[j]][d];
                if (c == MY_NO_CELL || !st->cell_tile[c])
                    continue;
                int u = st->cell_tile[c] - 1;
                if (!my_bit(seen, u) && my_own_pher(st, D, u, s)) {
                    my_bit_set(seen, u);
                    order[n++] = (uint8_t)u;
                }
            }
    }
    return n;
}

bool my_tiles_adjacent(const my_state *st, const my_data *D, int a, int b)
{
    const my_tile *T = &st->tile[a];
    for (int j = 0; j < T->n; j++)
        for (int d = 0; d < 6; d++) {
            int c = D->nb[T->cell[j]][d];
            if (c != MY_NO_CELL && st->cell_tile[c] == b + 1)
                return true;
        }
    return false;
}

/* ---- phases ---- */

int my_avail_larvae(const my_state *st, const fc_env *env, int s)
{
    return st->seat[s].larvae - MY_P(env, P_SACRIFICE_LARVAE) * st->seat[s].p_sac;
}

bool my_can_sacrifice(const my_state *st, const fc_env *env, int s)
{
    return my_avail_larvae(st, env, s) >= MY_P(env, P_SACRIFICE_LARVAE);
}

static void legal_event(const my_state *st, const fc_env *env, int s, list *l)
{
    int al = my_avail_larvae(st, env, s), d = st->seat[s].event;
    for (int e = 0; e < MY_SPACES; e++)
        if ((e > d ? e - d : d - e) <= al)
            push(l, MY_D(D_EVENT, e));
}

/* Soldiers and workers born (with the event bonus) for track rows b and c. */
static void births_yield(const my_state *st, const my_data *D, int s, int b, int c, int *ys, int *yw)
{
    int eff = my_effect(st, D, s), amt = D->event_amount[st->seat[s].event];
    *ys = D->birth_yield[TRACK_SOLDIERS][b];
    *yw = D->birth_yield[TRACK_WORKERS][c];
    *ys += (eff == EV_SOLDIER && *ys > 0) ? amt : 0;
    *yw += (eff == EV_WORKER && *yw > 0) ? amt : 0;
}

static int track_row(const my_data *D, int t, int nurses)
{
    for (int j = 0; j < D->birth_n[t]; j++)
        if (D->birth_nurses[t][j] == nurses)
            return j;
    return -1;
}

/* The same test as legal_births for one encoded assignment, without listing them all. */
bool my_births_ok(const my_state *st, const fc_env *env, int s, uint32_t a)
{
    const my_data *D = MY_DATA(env);
    int n[TRACKS], row[TRACKS], sum = 0, arrive = (int)((a >> 12) & 7);
    if (a >> 15)
        return false;
    for (int t = 0; t < TRACKS; t++) {
        n[t] = (int)((a >> (3 * t)) & 7);
        row[t] = track_row(D, t, n[t]);
        if (row[t] < 0)
            return false;
        sum += n[t];
    }
    if (sum > st->seat[s].nursery)
        return false;
    int ys, yw, room = MY_P(env, P_ANT_CAP) - my_ants(st, s);
    room = room < 0 ? 0 : room;
    births_yield(st, D, s, row[1], row[2], &ys, &yw);
    if (!(ys > 0 && yw > 0 && ys + yw > room))
        return arrive == 0;
    int lo = room - yw > 0 ? room - yw : 0, hi = ys < room ? ys : room;
    return arrive >= lo + 1 && arrive <= hi + 1 && arrive < 8;
}

static void legal_births(const my_state *st, const fc_env *env, int s, list *l)
{
    const my_data *D = MY_DATA(env);
    const my_seat *p = &st->seat[s];
    int room = MY_P(env, P_ANT_CAP) - my_ants(st, s);
    room = room < 0 ? 0 : room;
    for (int a = 0; a < D->birth_n[TRACK_LARVAE]; a++)
        for (int b = 0; b < D->birth_n[TRACK_SOLDIERS]; b++)
            for (int c = 0; c < D->birth_n[TRACK_WORKERS]; c++)
                for (int k = 0; k < D->birth_n[TRACK_WORKSHOP]; k++) {
                    int nl = D->birth_nurses[TRACK_LARVAE][a], ns = D->birth_nurses[TRACK_SOLDIERS][b];
                    int nw = D->birth_nurses[TRACK_WORKERS][c], nk = D->birth_nurses[TRACK_WORKSHOP][k];
                    if (nl + ns + nw + nk > p->nursery)
                        continue;
                    uint32_t base = (uint32_t)(nl | ns << 3 | nw << 6 | nk << 9);
                    int ys, yw;
                    births_yield(st, D, s, b, c, &ys, &yw);
                    if (ys > 0 && yw > 0 && ys + yw > room) {
                        int lo = room - yw > 0 ? room - yw : 0, hi = ys < room ? ys : room;
                        for (int x = lo; x <= hi && x < 7; x++)
                            push(l, MY_D(D_BIRTHS, base | (uint32_t)(x + 1) << 12));
                    } else {
                        push(l, MY_D(D_BIRTHS, base));
                    }
                }
}

static void legal_outing(const my_state *st, const fc_env *env, int s, list *l)
{
    const my_data *D = MY_DATA(env);
    const my_seat *p = &st->seat[s];
    int cur = st->out_cell, T = st->cell_tile[cur];
    push(l, MY_D(D_STOP, 0));
    if (st->out_mp >= 1) {
        uint8_t seen[MY_CELL_BYTES] = {0}, seen_t[(MY_MAX_TILES + 7) / 8] = {0};
        int nsrc = T ? st->tile[T - 1].n : 1;
        for (int i = 0; i < nsrc; i++) {
            int src = T ? st->tile[T - 1].cell[i] : cur;
            for (int d = 0; d < 6; d++) {
                int n = D->nb[src][d];
                if (n == MY_NO_CELL || D->terrain[n] == T_WATER || (T && st->cell_tile[n] == T) || my_bit(seen, n))
                    continue;
                my_bit_set(seen, n);
                int tok = st->cell_tok[n], t2 = st->cell_tile[n];
                if (t2) {
                    if (my_bit(seen_t, t2 - 1))
                        continue;
                    my_bit_set(seen_t, t2 - 1);
                    const my_tile *X = &st->tile[t2 - 1];
                    if (my_tile_costs_soldier(X, s) && p->soldiers < 1)
                        continue;
                    push(l, MY_D(D_STEP, X->cell[0]));
                } else if (tok & MY_TOK_PREY) {
                    if (p->soldiers >= my_hunt_soldiers(st, env, s, tok & 0xF))
                        push(l, MY_D(D_HUNT, n));
                } else if (!(tok && tok - 1 != s && MY_P(env, P_GUARDED_EXITS))) {
                    push(l, MY_D(D_STEP, n));
                }
            }
        }
    }
    if (T && st->tile[T - 1].kind - 1 < D->npher && p->res[R_DIRT] >= MY_P(env, P_CLEAR_COST)) {
        const my_tile *X = &st->tile[T - 1];
        bool cube = false;
        for (int i = 0; i < X->n; i++)
            cube |= my_bit(st->cube, X->cell[i]);
        for (int i = 0; i < X->n && !cube; i++)
            push(l, MY_D(D_CLEAR, X->cell[i]));
    }
    if (T || st->cell_tok[cur])
        return;
    bool ok[MY_MAX_KINDS];
    int lim = my_size_limit(st, D, s), eff = my_effective_level(st, D, s);
    for (int k = 0; k < D->nkinds; k++) {
        const my_kind *K = &D->kind[k];
        if (!K->special)
            ok[k] = p->pher_used[k] < K->count && K->size <= lim;
        else
            ok[k] = eff >= K->min_level && st->group_used[K->group] < D->group_supply[K->group] &&
                    p->markers < MY_P(env, P_MARKERS) && p->res[R_FOOD] >= K->cost[R_FOOD] &&
                    p->res[R_DIRT] >= K->cost[R_DIRT] && p->res[R_STONE] >= K->cost[R_STONE];
    }
    for (int i = D->place_first[cur]; i < D->place_first[cur + 1]; i++) {
        const my_place *P = &D->place[i];
        if (!ok[P->kind])
            continue;
        bool free = true;
        for (int j = 0; j < P->n && free; j++)
            free = !st->cell_tile[P->cell[j]] && !st->cell_tok[P->cell[j]];
        if (free)
            push(l, MY_D(D_PLACE, (uint32_t)(P->kind | P->orient << 4 | P->anchor << 8)));
    }
}

static void legal_workers(const my_state *st, const fc_env *env, int s, list *l)
{
    const my_data *D = MY_DATA(env);
    const my_seat *p = &st->seat[s];
    if (st->out_seat == s) {
        legal_outing(st, env, s, l);
        return;
    }
    int maxr = my_effective_level(st, D, s);
    for (int r = 0; r <= maxr; r++) {
        if (p->rooms & (1u << r))
            continue;
        if (D->room[r] == ROOM_CHOICE) {
            push(l, MY_D(D_ROOM, r | 1 << 2));
            push(l, MY_D(D_ROOM, r | 2 << 2));
        } else if (p->res[R_FOOD] >= D->room_food[r]) {
            push(l, MY_D(D_ROOM, r));
        }
    }
    for (int c = 0; c < D->ncells; c++)
        if (st->cell_tok[c] == s + 1)
            push(l, MY_D(D_EXIT, c));
}

static bool tunnel_hex(const my_state *st, const my_data *D, int s, int c)
{
    if (st->cell_tile[c] || st->cell_tok[c] || D->terrain[c] == T_WATER)
        return false;
    for (int d = 0; d < 6; d++) {
        int n = D->nb[c][d];
        if (n == MY_NO_CELL)
            continue;
        if (st->cell_tok[n] == s + 1)
            return true;
        if (st->cell_tile[n]) {
            const my_tile *T = &st->tile[st->cell_tile[n] - 1];
            if (T->owner == s && (T->kind - 1 < D->npher || T->marked))
                return true;
        }
    }
    return false;
}

static void legal_objective(const my_state *st, const fc_env *env, int s, int slot, list *l)
{
    const my_data *D = MY_DATA(env);
    const my_seat *p = &st->seat[s];
    const my_objective *o = &D->obj[st->obj[slot]];
    if (st->obj_round[slot][s] || (o->level == 2 && !(p->obj_levels & 1)) || (o->level == 3 && !(p->obj_levels & 2)))
        return;
    int a = o->amount, inplay = my_nurses_in_play(p);
    uint32_t base = (uint32_t)slot;
    switch (o->kind) {
    case OK_FOOD:
    case OK_STONE:
        if (p->res[o->kind == OK_FOOD ? R_FOOD : R_STONE] >= a)
            push(l, MY_D(D_OBJECTIVE, base));
        break;
    case OK_LARVAE:
        if (p->larvae >= a)
            push(l, MY_D(D_OBJECTIVE, base));
        break;
    case OK_SOLDIERS:
        if (p->soldiers >= a)
            push(l, MY_D(D_OBJECTIVE, base));
        break;
    case OK_PREY:
        if (p->prey[0] + p->prey[1] + p->prey[2] >= a)
            push(l, MY_D(D_OBJECTIVE, base));
        break;
    case OK_LEVEL:
        if (p->level >= a)
            push(l, MY_D(D_OBJECTIVE, base));
        break;
    case OK_NURSES:
        if (inplay >= a && inplay - p->obj_nurses - 1 >= o->extra)
            push(l, MY_D(D_OBJECTIVE, base));
        break;
    case OK_DIRTSTONE:
        for (int dd = a - p->res[R_STONE] > 0 ? a - p->res[R_STONE] : 0; dd <= a && dd <= p->res[R_DIRT]; dd++)
            push(l, MY_D(D_OBJECTIVE, base | (uint32_t)dd << 4));
        break;
    case OK_SPECIALS: {
        uint8_t mine[MY_MAX_TILES];
        int n = 0;
        for (int t = 0; t < st->tile_hi; t++)
            if (st->tile[t].kind && st->tile[t].marked && st->tile[t].owner == s)
                mine[n++] = (uint8_t)t;
        if (n < a)
            break;
        for (int i = 0; i < n; i++) {
            if (o->extra == 1)
                push(l, MY_D(D_OBJECTIVE, base | (uint32_t)mine[i] << 4));
            else
                for (int j = i + 1; j < n; j++)
                    push(l, MY_D(D_OBJECTIVE, base | (uint32_t)mine[i] << 4 | (uint32_t)mine[j] << 12));
        }
        break;
    }
    case OK_PHEROMONES: { /* the pheromones are picked afterwards (legal_picks) */
        uint8_t order[MY_MAX_TILES];
        for (int t = 0; t < st->tile_hi; t++)
            if (my_own_pher(st, D, t, s) && my_pher_group(st, D, s, t, order) >= a) {
                push(l, MY_D(D_OBJECTIVE, base));
                break;
            }
        break;
    }
    default:
        break;
    }
}

/* O19/O20 in progress: the first pick lies in a group of at least N own pheromones,
 * every later one touches the picked set (D-09). Such a set can always be completed, since
 * a connected part of a connected group smaller than the group has a neighbour in it. */
static void legal_picks(const my_state *st, const my_data *D, int s, list *l)
{
    int need = D->obj[st->obj[st->pick_slot - 1]].amount;
    uint8_t order[MY_MAX_TILES];
    for (int t = 0; t < st->tile_hi; t++) {
        if (!my_own_pher(st, D, t, s) || my_bit(st->picked, t))
            continue;
        bool ok = false;
        if (!st->pick_n)
            ok = my_pher_group(st, D, s, t, order) >= need;
        for (int u = 0; u < st->tile_hi && !ok; u++)
            ok = my_bit(st->picked, u) && my_tiles_adjacent(st, D, t, u);
        if (ok)
            push(l, MY_D(D_PICK, t));
    }
}

static void legal_workshop(const my_state *st, const fc_env *env, int s, list *l)
{
    const my_data *D = MY_DATA(env);
    const my_seat *p = &st->seat[s];
    if (st->pick_slot) {
        legal_picks(st, D, s, l);
        return;
    }
    push(l, MY_D(D_DONE, 0));
    if (!p->track[TRACK_WORKSHOP])
        return;
    if (!(p->ws_done & (1u << WS_TUNNEL)) && p->exits < MY_P(env, P_TUNNELS))
        for (int c = 0; c < D->ncells; c++)
            if (tunnel_hex(st, D, s, c))
                push(l, MY_D(D_TUNNEL, c));
    if (!(p->ws_done & (1u << WS_LEVEL)) && p->level + 1 < D->nlevels) {
        const uint8_t *cost = D->level_cost[p->level + 1];
        if (p->res[0] >= cost[0] && p->res[1] >= cost[1] && p->res[2] >= cost[2])
            push(l, MY_D(D_LEVEL, 0));
    }
    if (!(p->ws_done & (1u << WS_NURSE)) && my_nurses_in_play(p) < MY_P(env, P_NURSE_CAP) &&
        p->res[R_FOOD] >= MY_P(env, P_NURSE_FOOD) && p->larvae >= MY_P(env, P_NURSE_LARVAE))
        push(l, MY_D(D_NURSE, 0));
    if (!(p->ws_done & (1u << WS_OBJECTIVE)))
        for (int i = 0; i < MY_SLOTS; i++)
            legal_objective(st, env, s, i, l);
}

static void legal_harvest(const my_state *st, const fc_env *env, int s, list *l)
{
    const my_data *D = MY_DATA(env);
    const my_seat *p = &st->seat[s];
    int tile = -1, stage = my_harvest_stage(st, D, s, &tile);
    if (stage < 0) { /* only here for the sacrifice window (ruling 1) */
        push(l, MY_D(D_DONE, 0));
    } else if (stage == 0) {
        const my_tile *T = &st->tile[tile];
        for (int i = 0; i < T->n; i++)
            if (my_bit(st->cube, T->cell[i]))
                push(l, MY_D(D_HARVEST, T->cell[i]));
    } else if (stage == 1) {
        push(l, MY_D(D_SCAVENGE, 1));
        push(l, MY_D(D_SCAVENGE, 2));
    } else if (stage == 2) {
        push(l, MY_D(D_DONE, 0));
        for (int t = 0; t < st->tile_hi; t++) {
            if (!my_own_pher(st, D, t, s))
                continue;
            const my_tile *T = &st->tile[t];
            for (int i = 0; i < T->n; i++)
                if (my_bit(st->cube, T->cell[i]) && !my_bit(p->p_cells, T->cell[i]))
                    push(l, MY_D(D_HARVEST, T->cell[i]));
        }
    }
}

static void legal_endround(const my_state *st, const fc_env *env, int s, list *l)
{
    const my_seat *p = &st->seat[s];
    if (!my_over_limit(st, MY_DATA(env), s)) { /* only here for the sacrifice window (ruling 1) */
        push(l, MY_D(D_DONE, 0));
        return;
    }
    for (int r = 0; r < 3; r++)
        if (p->res[r] + (r == R_FOOD ? p->p_sac : 0) - p->p_disc[r] > 0)
            push(l, MY_D(D_DISCARD, r));
}

int my_legal_seat(const my_state *st, const fc_env *env, int s, fc_decision *out)
{
    const my_data *D = MY_DATA(env);
    list l = {out, 0};
    if (st->phase == PH_DICE) {
        int die = st->die;
        for (int f = 0; f < MY_SPACES; f++)
            for (int j = 0; j < D->nfaces[die]; j++)
                if (D->faces[die][j] == f) {
                    push(&l, MY_D(D_DIE, f));
                    break;
                }
        return l.n;
    }
    if (s < 0 || st->phase == PH_OVER)
        return 0;
    switch (st->phase) {
    case PH_EVENT:
        legal_event(st, env, s, &l);
        break;
    case PH_BIRTHS:
        legal_births(st, env, s, &l);
        break;
    case PH_WORKERS:
        legal_workers(st, env, s, &l);
        break;
    case PH_HARVEST:
        legal_harvest(st, env, s, &l);
        break;
    case PH_WORKSHOP:
        legal_workshop(st, env, s, &l);
        break;
    case PH_ENDROUND:
        legal_endround(st, env, s, &l);
        break;
    case PH_WINTER:
        push(&l, MY_D(D_PAY, 0));
        break;
    default:
        break;
    }
    /* larvae sacrifice in every decision window of the seat */
    if (my_can_sacrifice(st, env, s))
        push(&l, MY_D(D_SACRIFICE, 0));
    return l.n;
}
