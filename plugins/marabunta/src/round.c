/* Marabunta round flow: set-up (S-05..S-07), tile draw and dice roll as chance decisions
 * the split and the choice (R-04, R-05; variants V-1 counter_cut and V-5
 * three_way_split), end of round and game, scoring and tie-breaks
 * (R-83..R-85, V-4). Resolution itself is in rules.c. */
#include <stdio.h>
#include <string.h>

#include "marabunta.h"

#define DATA(env) ((const mb_data *)(env)->data)

static void begin_round(mb_state *s, const fc_env *env)
{
    const mb_data *D = DATA(env);
    s->nrolled = 0;
    memset(s->face, 0, sizeof s->face);
    memset(s->part, 0, sizeof s->part);
    s->nparts = 0;
    s->cut = 0;
    s->group[0] = s->group[1] = 0;
    s->left = 0;
    if (s->npile > 0) {
        s->phase = PH_DRAW;
    } else {
        s->tile = (uint8_t)D->special; /* from round 8 on only the special tile is left */
        s->phase = PH_ROLL;
        FC_EMIT(env, FC_ALL_SEATS, "round %d: seat %d splits; tile %s (%s)", (int)s->round, s->splitter + 1,
                D->tile[s->tile].id, D->tile[s->tile].name);
    }
}

void mb_end_round(mb_state *s, const fc_env *env)
{
    if (FC_HOOKED(env, H_ROUND_END)) {
        int64_t arg = s->round;
        env->host->hook_int(env, H_ROUND_END, s, &arg, 1, 0);
    }
    /* a regular tile left the pile when drawn; the special one simply stays. */
    if (s->trigger >= 0 || s->round >= mb_par(env, P_MAX_ROUNDS)) {
        s->phase = PH_OVER;
        int32_t total[2];
        mb_final(s, env, total);
        FC_EMIT(env, FC_ALL_SEATS, "game over after round %d: red %d, blue %d", (int)s->round, (int)total[0],
                (int)total[1]);
        return;
    }
    s->round++;
    s->splitter = (uint8_t)(1 - s->splitter); /* R-01, also after a counter-cut (V-1) */
    begin_round(s, env);
}

int mb_init(void *st, const fc_env *env, fc_rng *rng, fc_error *err)
{
    mb_state *s = st;
    const mb_data *D = DATA(env);
    memset(s, 0, sizeof *s);
    if (!D)
        return env->host->error_set(err, FC_EDATA, "marabunta: no game data");
    if (env->nseats != MB_SEATS)
        return env->host->error_set(err, FC_ERANGE, "marabunta: %d seats, expected 2", env->nseats);
    if (mb_par(env, P_COUNTER_CUT) && mb_par(env, P_THREE_WAY_SPLIT))
        return env->host->error_set(err, FC_EINVAL, "marabunta: counter_cut and three_way_split cannot be combined");
    s->avail = D->all; /* S-05 */
    for (int i = 0; i < MB_SEATS; i++)
        s->seat[i].hills = (uint8_t)D->ant_hills;
    /* S-06: the regular tiles shuffled face down; the special tile is the bottom one. */
    for (int t = 0; t < D->ntiles; t++)
        if (t != D->special)
            s->pile[s->npile++] = (uint8_t)t;
    env->host->rng_shuffle(rng, s->pile, s->npile, 1);
    int first = (int)mb_par(env, P_START_PLAYER); /* S-07, A-16 */
    if (first < 0)
        first = (int)env->host->rng_below(rng, 2);
    s->splitter = (uint8_t)first;
    s->trigger = -1;
    s->round = 1;
    begin_round(s, env);
    return 0;
}

int mb_to_move(const void *st, const fc_env *env)
{
    const mb_state *s = st;
    switch (s->phase) {
    case PH_DRAW:
    case PH_ROLL: return FC_CHANCE;
    case PH_SPLIT:
    case PH_PICK: return mb_split_seat(s);
    case PH_CHOOSE: return mb_choose_seat(s);
    case PH_RESOLVE: return s->resolver;
    default: return FC_NOBODY;
    }
}

/* ---- splits (R-04, V-5) ---- */

static bool split_hooked_ok(const mb_state *s, const fc_env *env, int a, int b)
{
    int64_t args[3] = {a, mb_split_seat(s), b};
    return env->host->hook_int(env, H_SPLIT_LEGAL, (void *)s, args, 3, 1) != 0;
}

/* The split_legal hook's verdict on every candidate at once (one host call: a hook that
 * depends on its arguments alone answers a list it has seen from a cache). */
static void split_filter(const mb_state *s, const fc_env *env, const int *a, const int *b, int n, bool *ok)
{
    const fc_host *host = env->host;
    if (n <= 0)
        return;
    if (!FC_HOST_HAS(host, hook_ints)) {
        for (int i = 0; i < n; i++)
            ok[i] = split_hooked_ok(s, env, a[i], b[i]);
        return;
    }
    int64_t args[MB_MAX_SPLITS * 3], verdict[MB_MAX_SPLITS];
    int splitter = mb_split_seat(s);
    for (int i = 0; i < n; i++) {
        args[3 * i] = a[i];
        args[3 * i + 1] = splitter;
        args[3 * i + 2] = b[i];
    }
    host->hook_ints(env, H_SPLIT_LEGAL, (void *)s, args, 3, n, 1, verdict);
    for (int i = 0; i < n; i++)
        ok[i] = verdict[i] != 0;
}

/* Every distinct split, filtered by the split_legal hook when `hooked`. Two-way: the group
 * holding the tile (63 with six dice). Three-way: the group holding item 0, then the group
 * holding the lowest remaining item (S(7,3) = 301). */
static int split_list(const mb_state *s, const fc_env *env, fc_decision *out, bool hooked)
{
    const mb_data *D = DATA(env);
    int full = mb_full(D), n = 0;
    int a[MB_MAX_SPLITS], b[MB_MAX_SPLITS];
    if (!mb_par(env, P_THREE_WAY_SPLIT)) {
        for (int m = 1 << mb_tile_item(D); m < full; m++)
            a[n] = m, b[n++] = 0;
    } else {
        for (int x = 1; x < full; x += 2) {
            int rest = full & ~x, low = rest & -rest;
            for (int y = rest; y; y = (y - 1) & rest)
                if ((y & low) && y != rest)
                    a[n] = x, b[n++] = y;
        }
    }
    bool ok[MB_MAX_SPLITS];
    if (hooked)
        split_filter(s, env, a, b, n, ok);
    int k = 0;
    for (int i = 0; i < n; i++)
        if (!hooked || ok[i])
            out[k++] = MB_D(D_SPLIT, a[i], b[i]);
    return k;
}

static bool split_canonical(const mb_state *s, const fc_env *env, int a, int b)
{
    const mb_data *D = DATA(env);
    int full = mb_full(D);
    if (a <= 0 || a >= full)
        return false;
    if (!mb_par(env, P_THREE_WAY_SPLIT))
        return b == 0 && (a >> mb_tile_item(D) & 1);
    int rest = full & ~a;
    return (a & 1) && b && b != rest && !(b & ~rest) && (b & rest & -rest);
}

/* R-04 plus the split_legal hook; if the hook refuses every split, R-04 alone applies. */
static bool split_ok(const mb_state *s, const fc_env *env, int a, int b)
{
    if (!split_canonical(s, env, a, b))
        return false;
    if (!FC_HOOKED(env, H_SPLIT_LEGAL) || split_hooked_ok(s, env, a, b))
        return true;
    fc_decision buf[MB_MAX_DECISIONS];
    return split_list(s, env, buf, true) == 0;
}

static bool counter_allowed(const mb_state *s, const fc_env *env)
{
    return mb_par(env, P_COUNTER_CUT) && !s->cut && !s->seat[mb_choose_seat(s)].cut_used;
}

static void start_resolution(mb_state *s)
{
    s->resolver = (uint8_t)mb_choose_seat(s); /* the chooser first */
    s->left = s->group[s->resolver];
    s->phase = PH_RESOLVE;
}

/* ---- legal and apply ---- */

int mb_legal(const void *st, const fc_env *env, fc_decision *out, uint32_t *weights)
{
    const mb_state *s = st;
    const mb_data *D = DATA(env);
    int k = 0;
    switch (s->phase) {
    case PH_DRAW:
        /* Listed in tile order, so the hidden pile order never shows. */
        for (int t = 0; t < D->ntiles; t++)
            for (int i = 0; i < s->npile; i++)
                if (s->pile[i] == t) {
                    if (weights)
                        weights[k] = 1;
                    out[k++] = MB_D(D_DRAW, t, 0);
                }
        break;
    case PH_ROLL: {
        int die = s->nrolled;
        for (int f = 0; f < FACE_KINDS; f++) {
            uint32_t w = 0;
            for (int i = 0; i < D->nfaces[die]; i++)
                w += D->face[die][i] == f;
            if (!w)
                continue;
            if (weights)
                weights[k] = w;
            out[k++] = MB_D(D_ROLL, die, f);
        }
        break;
    }
    case PH_SPLIT:
        k = split_list(s, env, out, FC_HOOKED(env, H_SPLIT_LEGAL));
        if (k == 0)
            k = split_list(s, env, out, false);
        break;
    case PH_CHOOSE:
        for (int i = 0; i < s->nparts; i++)
            out[k++] = MB_D(D_CHOOSE, s->part[i], 0);
        if (counter_allowed(s, env))
            out[k++] = MB_D(D_COUNTER, 0, 0);
        break;
    case PH_PICK:
        for (int i = 0; i < s->nparts; i++)
            if (s->part[i] != s->group[mb_choose_seat(s)])
                out[k++] = MB_D(D_CHOOSE, s->part[i], 0);
        break;
    case PH_RESOLVE: return mb_legal_resolve(s, env, out);
    }
    return k;
}

static void emit_decision(const mb_state *s, const fc_env *env, int seat, fc_decision d)
{
    char t[160];
    if (env->events && mb_decision_text(s, env, d, t, sizeof t) > 0)
        FC_EMIT(env, FC_ALL_SEATS, "seat %d: %s", seat + 1, t);
}

int mb_apply(void *st, const fc_env *env, fc_decision d)
{
    mb_state *s = st;
    const mb_data *D = DATA(env);
    int a = MB_DA(d), b = MB_DB(d), kind = MB_DK(d);
    if (d & 0xFFu)
        return FC_EILLEGAL;
    switch (s->phase) {
    case PH_DRAW: {
        int i = 0;
        while (i < s->npile && s->pile[i] != a)
            i++;
        if (kind != D_DRAW || b || i == s->npile)
            return FC_EILLEGAL;
        /* The drawn tile becomes the top of the hidden pile and leaves it. */
        s->pile[i] = s->pile[s->npile - 1];
        s->pile[--s->npile] = 0;
        s->tile = (uint8_t)a;
        s->phase = PH_ROLL;
        FC_EMIT(env, FC_ALL_SEATS, "round %d: seat %d splits; tile %s (%s)", (int)s->round, s->splitter + 1,
                D->tile[a].id, D->tile[a].name);
        return 0;
    }
    case PH_ROLL: {
        int w = 0;
        for (int i = 0; kind == D_ROLL && a == s->nrolled && i < D->nfaces[a]; i++)
            w += D->face[a][i] == b;
        if (!w)
            return FC_EILLEGAL;
        s->face[s->nrolled++] = (uint8_t)b; /* */
        FC_EMIT(env, FC_ALL_SEATS, "%s die: %s", D->die_name[a], mb_face_names[b]);
        if (s->nrolled == D->ndice)
            s->phase = PH_SPLIT;
        return 0;
    }
    case PH_SPLIT:
        if (kind != D_SPLIT || !split_ok(s, env, a, b))
            return FC_EILLEGAL;
        emit_decision(s, env, mb_split_seat(s), d);
        s->part[0] = (uint8_t)a;
        s->part[1] = (uint8_t)(b ? b : mb_full(D) & ~a);
        s->part[2] = (uint8_t)(b ? mb_full(D) & ~a & ~b : 0);
        s->nparts = b ? 3 : 2;
        s->phase = PH_CHOOSE;
        return 0;
    case PH_CHOOSE:
        if (kind == D_COUNTER && d == MB_D(D_COUNTER, 0, 0) && counter_allowed(s, env)) {
            s->seat[mb_choose_seat(s)].cut_used = 1; /* V-1: the chooser splits instead */
            emit_decision(s, env, mb_choose_seat(s), d);
            s->cut = 1;
            s->nparts = 0;
            memset(s->part, 0, sizeof s->part);
            s->phase = PH_SPLIT;
            return 0;
        }
        if (kind != D_CHOOSE || b || !a || (a != s->part[0] && a != s->part[1] && a != s->part[2]))
            return FC_EILLEGAL;
        emit_decision(s, env, mb_choose_seat(s), d);
        s->group[mb_choose_seat(s)] = (uint8_t)a; /* */
        if (s->nparts == 3) {
            s->phase = PH_PICK;
            return 0;
        }
        s->group[mb_split_seat(s)] = (uint8_t)(mb_full(D) & ~a);
        start_resolution(s);
        return 0;
    case PH_PICK:
        if (kind != D_CHOOSE || b || !a || a == s->group[mb_choose_seat(s)] ||
            (a != s->part[0] && a != s->part[1] && a != s->part[2]))
            return FC_EILLEGAL;
        emit_decision(s, env, mb_split_seat(s), d);
        s->group[mb_split_seat(s)] = (uint8_t)a; /* V-5: the third group is discarded */
        start_resolution(s);
        return 0;
    case PH_RESOLVE: return mb_apply_resolve(s, env, d);
    default: return FC_EILLEGAL;
    }
}

/* ---- scoring (R-83..R-85) ---- */

void mb_final(const mb_state *s, const fc_env *env, int32_t *total)
{
    const mb_data *D = DATA(env);
    for (int p = 0; p < MB_SEATS; p++) {
        total[p] = s->seat[p].vp;
        for (int r = 0; r < D->nregions; r++) {
            int own = s->sum[r][p], other = s->sum[r][1 - p], value = mb_region_value(s, env, r, p);
            int64_t vp = own > other ? value : 0;
            if (mb_par(env, P_RUNNER_UP_HALF) && own < other && own > 0)
                vp = value / 2; /* V-4 */
            if (FC_HOOKED(env, H_REGION_SCORE)) {
                int64_t args[5] = {r, p, own, other, vp};
                vp = env->host->hook_int(env, H_REGION_SCORE, (void *)s, args, 5, vp);
            }
            total[p] += (int32_t)vp;
        }
    }
}

void mb_scores(const void *st, const fc_env *env, int32_t *score, int *rank)
{
    const mb_state *s = st;
    mb_final(s, env, score);
    int win = -1;
    if (score[0] != score[1])
        win = score[0] > score[1] ? 0 : 1;
    else if (s->seat[0].cookies != s->seat[1].cookies)
        win = s->seat[0].cookies > s->seat[1].cookies ? 0 : 1;
    else if (s->trigger >= 0)
        win = s->trigger;
    rank[0] = win == 1;
    rank[1] = win == 0;
}
