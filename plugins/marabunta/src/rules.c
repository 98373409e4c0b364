/* Marabunta rules during resolution: items, marks (R-11..R-38), the player board
 * (R-40..R-49), tiles (R-50..R-58), abilities (R-60..R-70) and end triggers.
 *
 * Every effect becomes a task on a stack in the state; a task needing a choice waits for a
 * sub-decision of the acting player, one without choices runs at once. Consequences (cookie
 * and crate rewards, unlocked abilities) are pushed on top of the task that caused them, so
 * they resolve depth-first before it continues. */
#include <stdio.h>
#include <string.h>

#include "marabunta.h"

#define DATA(env) ((const mb_data *)(env)->data)

/* ---- marks and end triggers (R-35, R-37, R-80, R-81) ---- */

static void trigger(mb_state *s, const fc_env *env, int seat, const char *why)
{
    if (s->trigger >= 0)
        return;
    s->trigger = (int8_t)seat;
    FC_EMIT(env, FC_ALL_SEATS, "seat %d triggers the end of the game (%s); the round is finished", seat + 1, why);
}

static void hex_filled(mb_state *s, const fc_env *env, int seat, int c)
{
    const mb_data *D = DATA(env);
    if (mb_par(env, P_END_REGION) && mb_empty(mb_and(s->avail, D->region_hexes[D->region[c]])))
        trigger(s, env, seat, "E-1 region filled");
    if (mb_par(env, P_END_COOKIES) && D->feature[c] == FEAT_COOKIE && mb_empty(mb_and(s->avail, D->cookie_hexes)))
        trigger(s, env, seat, "E-3 last cookie hex done");
}

static void write_number(mb_state *s, const fc_env *env, int seat, int c, int v)
{
    const mb_data *D = DATA(env);
    s->hex[c] = (uint8_t)HX_NUM(seat, v);
    mb_del(&s->avail, c);
    mb_add(&s->own[seat], c);
    s->near[seat] = mb_or(s->near[seat], D->nbset[c]);
    s->sum[D->region[c]][seat] = (uint8_t)(s->sum[D->region[c]][seat] + v);
    s->seat[seat].numbers++;
    FC_EMIT(env, FC_ALL_SEATS, "seat %d writes %d at %d,%d (%s)", seat + 1, v, D->hex[c].q, D->hex[c].r,
            D->region_name[D->region[c]]);
    hex_filled(s, env, seat, c);
}

static void cross_hex(mb_state *s, const fc_env *env, int seat, int c)
{
    const mb_data *D = DATA(env);
    s->hex[c] = HX_CROSSED;
    mb_del(&s->avail, c);
    FC_EMIT(env, FC_ALL_SEATS, "seat %d crosses out %d,%d", seat + 1, D->hex[c].q, D->hex[c].r);
    hex_filled(s, env, seat, c);
}

static void colour_leaf(mb_state *s, const fc_env *env, int seat, int r)
{
    if (mb_leaf_empty(s, env, r) <= 0)
        return; /* a full leaf takes nothing */
    s->leaf[r][seat]++;
    FC_EMIT(env, FC_ALL_SEATS, "seat %d colours a circle on the %s leaf", seat + 1, DATA(env)->region_name[r]);
    if (mb_leaf_empty(s, env, r) == 0 && mb_par(env, P_END_LEAF))
        trigger(s, env, seat, "E-2 leaf full");
}

int mb_cookie_vp(const fc_env *env, int position) { return DATA(env)->cookie_vp[position]; }

/* the leftmost uncrossed cookie and its VP. */
static void cross_cookie(mb_state *s, const fc_env *env, int seat)
{
    mb_seat *p = &s->seat[seat];
    if (p->cookies >= DATA(env)->ncookies)
        return;
    int vp = mb_cookie_vp(env, p->cookies);
    p->cookies++;
    p->vp = (int16_t)(p->vp + vp);
    FC_EMIT(env, FC_ALL_SEATS, "seat %d crosses cookie %d of its row: +%d VP", seat + 1, (int)p->cookies, vp);
}

/* ---- tasks ---- */

static mb_task *top(mb_state *s) { return s->ntask ? &s->task[s->ntask - 1] : NULL; }
/* A popped task is cleared: the state holds no stale bytes, so a position (which lists the
 * live tasks only) reads back into the very same state. */
static void pop(mb_state *s) { memset(&s->task[--s->ntask], 0, sizeof s->task[0]); }

static void push(mb_state *s, mb_task t)
{
    if (s->ntask < MB_MAX_TASKS)
        s->task[s->ntask++] = t;
}

static mb_task task_make(int kind, int value, int count, int region, unsigned flags)
{
    mb_task t;
    memset(&t, 0, sizeof t);
    t.kind = (uint8_t)kind;
    t.value = (uint8_t)value;
    t.count = (uint8_t)count;
    t.region = (uint8_t)region;
    t.flags = (uint8_t)flags;
    return t;
}

/* The task of a tile or ability effect; false for effects without choices. */
static bool effect_task(const mb_effect *e, unsigned flags, mb_task *t)
{
    switch (e->kind) {
    case FX_PLACE: *t = task_make(TK_PLACE, e->value, e->count, MB_ANY, flags | TF_CONSTRAINED); return true;
    case FX_FREE: *t = task_make(TK_PLACE, e->value, 1, MB_ANY, flags); return true;
    case FX_CRATES: *t = task_make(TK_CRATE, 0, e->count, MB_ANY, flags); return true;
    case FX_LEAVES: *t = task_make(TK_LEAVES, 0, e->count, MB_ANY, flags); return true;
    case FX_CROSS_PAIR: *t = task_make(TK_PAIR, 0, 2, MB_ANY, flags); return true;
    case FX_CROSS_COOKIE: *t = task_make(TK_COOKIE_HEX, 0, 1, MB_ANY, flags | TF_MANDATORY); return true;
    case FX_ENCORE: *t = task_make(TK_ENCORE, 0, 1, MB_ANY, flags); return true;
    default: return false;
    }
}

/* A tile or ability effect: a task, or done at once when it needs no choice (R-65..R-67). */
static void push_effect(mb_state *s, const fc_env *env, const mb_effect *e, unsigned flags)
{
    int seat = s->resolver;
    mb_task t;
    if (effect_task(e, flags, &t)) {
        push(s, t);
    } else if (e->kind == FX_COOKIES) {
        for (int i = 0; i < e->count; i++)
            cross_cookie(s, env, seat);
    } else if (e->kind == FX_VP) {
        s->seat[seat].vp = (int16_t)(s->seat[seat].vp + e->value);
        FC_EMIT(env, FC_ALL_SEATS, "seat %d gains %d VP", seat + 1, (int)e->value);
    }
}

/* A die's face effect (R-20..R-23). */
static mb_task die_task(const mb_state *s, const fc_env *env, int die)
{
    const mb_data *D = DATA(env);
    int f = s->face[die];
    if (f == FACE_CRATE)
        return task_make(TK_CRATE, 0, 1, MB_ANY, 0);
    if (f == FACE_FLAG && D->die_region[die] == MB_ANY)
        return task_make(TK_LEAVES, 0, 1, MB_ANY, 0); /* V-2: the white flag, any leaf */
    if (f == FACE_FLAG)
        return task_make(TK_FLAG, 0, 1, D->die_region[die], 0);
    return task_make(TK_PLACE, f, 1, f == FACE_0 ? MB_ANY : D->die_region[die], TF_CONSTRAINED);
}

/* The third number of a three-number effect given the first two. */
static mb_set third_targets(const mb_state *s, const fc_env *env, int a, int b)
{
    const mb_data *D = DATA(env);
    if (mb_par(env, P_THREE_ONES_CHAIN)) {
        mb_set t = mb_and(mb_or(D->nbset[a], D->nbset[b]), s->avail);
        mb_del(&t, a);
        mb_del(&t, b);
        return t;
    }
    return mb_and(mb_and(D->nbset[a], D->nbset[b]), s->avail);
}

/* Whether the numbers after the first can all be written when the first goes to c. */
static bool chain_completes(const mb_state *s, const fc_env *env, int c, int count)
{
    const mb_data *D = DATA(env);
    mb_set second = mb_and(D->nbset[c], s->avail);
    if (count < 3)
        return !mb_empty(second);
    for (int b; (b = mb_pop(&second)) >= 0;)
        if (!mb_empty(third_targets(s, env, c, b)))
            return true;
    return false;
}

/* Target hexes of a TK_PLACE task (R-20, R-21, R-30..R-34, R-33 table). */
static void place_targets(const mb_state *s, const fc_env *env, const mb_task *t, mb_set *plain, mb_set *hill)
{
    const mb_data *D = DATA(env);
    int seat = s->resolver;
    mb_set none = {{0, 0}};
    *hill = none;
    if (t->done == 0) {
        mb_set base = s->avail;
        if (t->region != MB_ANY)
            base = mb_and(base, D->region_hexes[t->region]);
        if (t->flags & TF_CONSTRAINED) {
            /* V-3: without ant hills the first number of the game is exempt from R-30. */
            bool exempt = mb_par(env, P_NO_ANT_HILLS) && s->seat[seat].numbers == 0;
            *plain = exempt ? base : mb_and(base, s->near[seat]);
            if (s->seat[seat].hills > 0)
                *hill = base; /* allowed even where adjacency holds */
        } else {
            *plain = base;
        }
        if (t->count > 1) {
            mb_set all = mb_or(*plain, *hill), ok = none;
            for (int c; (c = mb_pop(&all)) >= 0;)
                if (chain_completes(s, env, c, t->count))
                    mb_add(&ok, c);
            *plain = mb_and(*plain, ok);
            *hill = mb_and(*hill, ok);
        }
        return;
    }
    if (t->done == 1) {
        *plain = mb_and(D->nbset[t->hex[0]], s->avail);
        if (t->count == 3) {
            mb_set all = *plain;
            for (int c; (c = mb_pop(&all)) >= 0;)
                if (mb_empty(third_targets(s, env, t->hex[0], c)))
                    mb_del(plain, c);
        }
        return;
    }
    *plain = third_targets(s, env, t->hex[0], t->hex[1]);
}

void mb_place_targets(const mb_state *s, const fc_env *env, mb_set *plain, mb_set *hill)
{
    place_targets(s, env, &s->task[s->ntask - 1], plain, hill);
}

static bool crates_left(const mb_state *s, const fc_env *env, int seat)
{
    const mb_data *D = DATA(env);
    for (int g = 0; g < D->ngroups; g++)
        if (s->seat[seat].crates[g] < D->group_crates[g])
            return true;
    return false;
}

static mb_set pair_firsts(const mb_state *s, const fc_env *env)
{
    const mb_data *D = DATA(env);
    mb_set all = s->avail, out = {{0, 0}};
    for (int c; (c = mb_pop(&all)) >= 0;)
        if (!mb_empty(mb_and(D->nbset[c], s->avail)))
            mb_add(&out, c);
    return out;
}

/* Whether two adjacent available hexes exist (stops at the first). */
static bool pair_exists(const mb_state *s, const fc_env *env)
{
    const mb_data *D = DATA(env);
    mb_set all = s->avail;
    for (int c; (c = mb_pop(&all)) >= 0;)
        if (!mb_empty(mb_and(D->nbset[c], s->avail)))
            return true;
    return false;
}

static bool task_possible(const mb_state *s, const fc_env *env, const mb_task *t);

static bool die_usable(const mb_state *s, const fc_env *env, int die)
{
    mb_task t = die_task(s, env, die);
    if (t.kind == TK_FLAG)
        return mb_leaf_empty(s, env, t.region) > 0;
    return task_possible(s, env, &t);
}

/* Whether a waiting task has at least one choice. */
static bool task_possible(const mb_state *s, const fc_env *env, const mb_task *t)
{
    const mb_data *D = DATA(env);
    switch (t->kind) {
    case TK_PLACE: {
        mb_set plain, hill;
        place_targets(s, env, t, &plain, &hill);
        return !mb_empty(mb_or(plain, hill));
    }
    case TK_CRATE: return t->count > 0 && crates_left(s, env, s->resolver);
    case TK_LEAVES:
        for (int r = 0; t->count > 0 && r < D->nregions; r++)
            if (!(t->used >> r & 1u) && mb_leaf_empty(s, env, r) > 0)
                return true;
        return false;
    case TK_PAIR:
        return t->done ? !mb_empty(mb_and(D->nbset[t->hex[0]], s->avail)) : pair_exists(s, env);
    case TK_COOKIE_HEX: return !mb_empty(mb_and(s->avail, D->cookie_hexes));
    case TK_ENCORE:
        for (int d = 0; d < D->ndice; d++)
            if ((s->group[s->resolver] >> d & 1u) && die_usable(s, env, d))
                return true;
        return false;
    default: return true;
    }
}

/* Whether the resolver may use an item now: its effect can be carried out
 * (fully for all-or-nothing effects). The special tile is always used, even without effect. */
static bool item_usable(const mb_state *s, const fc_env *env, int item)
{
    const mb_data *D = DATA(env);
    if (item < D->ndice)
        return die_usable(s, env, item);
    const mb_effect *e = &D->tile[s->tile];
    if (e->mandatory)
        return true;
    mb_task t;
    return effect_task(e, 0, &t) && task_possible(s, env, &t);
}

/* Runs tasks without choices, pops tasks that became impossible (forfeits, A-07), and moves
 * the round on when the resolver has nothing left. */
static void advance(mb_state *s, const fc_env *env)
{
    const mb_data *D = DATA(env);
    for (;;) {
        mb_task *t = top(s);
        if (!t) {
            if (s->left)
                return;
            if (s->resolver == mb_choose_seat(s)) { /* now the splitter */
                s->resolver = (uint8_t)mb_split_seat(s);
                s->left = s->group[s->resolver];
                return;
            }
            mb_end_round(s, env);
            return;
        }
        switch (t->kind) {
        case TK_CONS: {
            /* rewards of the written hexes in writing order; R-35 cookie then crate. */
            int c = t->hex[t->done++];
            if (t->done >= t->count)
                pop(s);
            if (D->feature[c] == FEAT_COOKIE)
                cross_cookie(s, env, s->resolver);
            if (D->feature[c] == FEAT_CRATE)
                push(s, task_make(TK_CRATE, 0, 1, MB_ANY, 0)); /* */
            break;
        }
        case TK_FLAG: {
            int region = t->region;
            pop(s);
            colour_leaf(s, env, s->resolver, region);
            break;
        }
        default:
            if (task_possible(s, env, t))
                return;
            if (t->flags & TF_ABILITY && t->done == 0)
                FC_EMIT(env, FC_ALL_SEATS, "seat %d cannot use the ability: forfeited", s->resolver + 1);
            pop(s);
            break;
        }
    }
}

static int add_hexes(fc_decision *out, int k, mb_set set, int kind, int b)
{
    for (int c; (c = mb_pop(&set)) >= 0;)
        out[k++] = MB_D(kind, c, b);
    return k;
}

static int legal_task(const mb_state *s, const fc_env *env, fc_decision *out)
{
    const mb_data *D = DATA(env);
    const mb_task *t = &s->task[s->ntask - 1];
    int k = 0;
    switch (t->kind) {
    case TK_PLACE: {
        mb_set plain, hill;
        place_targets(s, env, t, &plain, &hill);
        k = add_hexes(out, k, plain, D_WRITE, 0);
        k = add_hexes(out, k, hill, D_WRITE, 1);
        if ((t->flags & TF_ABILITY) && mb_empty(plain))
            out[k++] = MB_D(D_FORFEIT, 0, 0); /* a needed ant hill may be withheld */
        break;
    }
    case TK_CRATE:
        for (int g = 0; g < D->ngroups; g++)
            if (s->seat[s->resolver].crates[g] < D->group_crates[g])
                out[k++] = MB_D(D_CRATE, g, 0);
        break;
    case TK_LEAVES:
        for (int r = 0; r < D->nregions; r++)
            if (!(t->used >> r & 1u) && mb_leaf_empty(s, env, r) > 0)
                out[k++] = MB_D(D_LEAF, r, 0);
        break;
    case TK_PAIR:
        k = add_hexes(out, k, t->done ? mb_and(D->nbset[t->hex[0]], s->avail) : pair_firsts(s, env), D_CROSS, 0);
        break;
    case TK_COOKIE_HEX: k = add_hexes(out, k, mb_and(s->avail, D->cookie_hexes), D_CROSS, 0); break;
    case TK_ENCORE:
        for (int d = 0; d < D->ndice; d++)
            if ((s->group[s->resolver] >> d & 1u) && die_usable(s, env, d))
                out[k++] = MB_D(D_ENCORE, d, 0);
        break;
    }
    return k;
}

/* Legal decisions while a player resolves a group or a pending effect. */
int mb_legal_resolve(const mb_state *s, const fc_env *env, fc_decision *out)
{
    const mb_data *D = DATA(env);
    int k = 0;
    if (s->ntask)
        return legal_task(s, env, out);
    for (int i = 0; i < mb_nitems(D); i++) {
        if (!(s->left >> i & 1u))
            continue;
        if (item_usable(s, env, i))
            out[k++] = MB_D(D_USE, i, 0);
        if (i != mb_tile_item(D) || !D->tile[s->tile].mandatory) /* */
            out[k++] = MB_D(D_IGNORE, i, 0);
    }
    return k;
}

/* ---- apply ---- */

/* a number written (on an ant hill if b); once all are, their consequences follow. */
static int task_write(mb_state *s, const fc_env *env, mb_task *t, int seat, int a, int b)
{
    const mb_data *D = DATA(env);
    mb_set plain, hill;
    if (t->kind != TK_PLACE || a >= D->nhex || b > 1)
        return FC_EILLEGAL;
    place_targets(s, env, t, &plain, &hill);
    if (!mb_has(b ? &hill : &plain, a))
        return FC_EILLEGAL;
    if (b) {
        s->seat[seat].hills--; /* */
        FC_EMIT(env, FC_ALL_SEATS, "seat %d spends an ant hill", seat + 1);
    }
    t->hex[t->done++] = (uint8_t)a;
    write_number(s, env, seat, a, t->value);
    if (t->done == t->count) { /* all numbers written, now their consequences */
        t->kind = TK_CONS;
        t->count = t->done;
        t->done = 0;
    }
    return 0;
}

/* A crate of group a crossed; the last one unlocks the group's ability at once. */
static int task_crate(mb_state *s, const fc_env *env, mb_task *t, int seat, int a)
{
    const mb_data *D = DATA(env);
    if (t->kind != TK_CRATE || a >= D->ngroups || s->seat[seat].crates[a] >= D->group_crates[a])
        return FC_EILLEGAL;
    s->seat[seat].crates[a]++;
    FC_EMIT(env, FC_ALL_SEATS, "seat %d crosses a crate of group %s", seat + 1, D->group_id[a]);
    if (--t->count == 0)
        pop(s);
    if (s->seat[seat].crates[a] == D->group_crates[a]) { /* used at once */
        const mb_effect *e = &D->abil[D->group_abil[a]];
        FC_EMIT(env, FC_ALL_SEATS, "seat %d unlocks %s (%s)", seat + 1, e->id, e->name);
        push_effect(s, env, e, TF_ABILITY);
    }
    return 0;
}

/* Hex a crossed out: a cookie hex or one of a pair of neighbours. */
static int task_cross(mb_state *s, const fc_env *env, mb_task *t, int seat, int a)
{
    const mb_data *D = DATA(env);
    if (a >= D->nhex || !mb_has(&s->avail, a))
        return FC_EILLEGAL;
    if (t->kind == TK_COOKIE_HEX) {
        if (D->feature[a] != FEAT_COOKIE)
            return FC_EILLEGAL;
        pop(s); /* no cookie on the owner's row */
    } else if (t->kind == TK_PAIR) {
        mb_set ok = t->done ? D->nbset[t->hex[0]] : pair_firsts(s, env);
        if (!mb_has(&ok, a))
            return FC_EILLEGAL;
        t->hex[t->done++] = (uint8_t)a;
        if (t->done == 2)
            pop(s);
    } else {
        return FC_EILLEGAL;
    }
    cross_hex(s, env, seat, a);
    return 0;
}

static int apply_task(mb_state *s, const fc_env *env, fc_decision d)
{
    const mb_data *D = DATA(env);
    mb_task *t = top(s);
    int seat = s->resolver, a = MB_DA(d), b = MB_DB(d);
    switch (MB_DK(d)) {
    case D_WRITE: return task_write(s, env, t, seat, a, b);
    case D_FORFEIT: {
        mb_set plain, hill;
        if (t->kind != TK_PLACE || !(t->flags & TF_ABILITY) || t->done)
            return FC_EILLEGAL;
        place_targets(s, env, t, &plain, &hill);
        if (!mb_empty(plain))
            return FC_EILLEGAL;
        FC_EMIT(env, FC_ALL_SEATS, "seat %d keeps its ant hills and forfeits the ability", seat + 1);
        pop(s);
        return 0;
    }
    case D_CRATE: return task_crate(s, env, t, seat, a);
    case D_LEAF:
        if (t->kind != TK_LEAVES || a >= D->nregions || (t->used >> a & 1u) || mb_leaf_empty(s, env, a) <= 0)
            return FC_EILLEGAL;
        t->used = (uint8_t)(t->used | 1u << a);
        if (--t->count == 0)
            pop(s);
        colour_leaf(s, env, seat, a);
        return 0;
    case D_CROSS: return task_cross(s, env, t, seat, a);
    case D_ENCORE:
        if (t->kind != TK_ENCORE || a >= D->ndice || !(s->group[seat] >> a & 1u) || !die_usable(s, env, a))
            return FC_EILLEGAL;
        pop(s);
        FC_EMIT(env, FC_ALL_SEATS, "seat %d repeats the %s die", seat + 1, D->die_name[a]);
        push(s, die_task(s, env, a)); /* */
        return 0;
    }
    return FC_EILLEGAL;
}

int mb_apply_resolve(mb_state *s, const fc_env *env, fc_decision d)
{
    const mb_data *D = DATA(env);
    int a = MB_DA(d), b = MB_DB(d), kind = MB_DK(d);
    if (s->ntask) {
        int rc = apply_task(s, env, d);
        if (rc < 0)
            return rc;
    } else {
        if ((kind != D_USE && kind != D_IGNORE) || a >= mb_nitems(D) || b || !(s->left >> a & 1u))
            return FC_EILLEGAL;
        bool tile = a == mb_tile_item(D);
        if (kind == D_IGNORE && tile && D->tile[s->tile].mandatory)
            return FC_EILLEGAL;
        if (kind == D_USE && !item_usable(s, env, a))
            return FC_EILLEGAL;
        s->left = (uint8_t)(s->left & ~(1u << a));
        if (kind == D_USE && tile)
            push_effect(s, env, &D->tile[s->tile], D->tile[s->tile].mandatory ? TF_MANDATORY : 0);
        else if (kind == D_USE)
            push(s, die_task(s, env, a));
    }
    advance(s, env);
    return 0;
}
