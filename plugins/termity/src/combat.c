/* Termity combat and movement: mound hexes, attack and defence strength (R-26 … R-29),
 * legal paths (R-19 … R-25) by a small bucket BFS over the precomputed neighbour table, and
 * retreat hexes. Run for one unit at a time, which keeps random playouts cheap. */
#include <string.h>

#include "termity.h"

#define MAX_MP 15

int tm_unit_strength(const tm_data *D, const tm_state *s, int seat, int tok)
{
    (void)s;
    return tm_token_of(D, s, seat, tok)->strength;
}

int tm_mound_value(const tm_data *D, int code)
{
    return TM_M_OWNER(code) == TM_NEUTRAL ? D->neutral_value : D->mound_value[TM_M_IDX(code)];
}

/* a mound may stand on `cell` (ignore_unit: as if the unit there were gone, R-37). */
bool tm_mound_hex_ok(const tm_data *D, const tm_state *s, int cell, bool ignore_unit)
{
    if (D->edge[cell] || s->terrain[cell] != TR_OPEN) /* a, e */
        return false;
    uint8_t p = s->piece[cell];
    if (p && !(ignore_unit && TM_IS_UNIT(p))) /* b */
        return false;
    int water = 0;
    for (int k = 0; k < D->nnb[cell]; k++) {
        int x = D->nb[cell][k];
        if (TM_IS_MOUND(s->piece[x])) /* c */
            return false;
        water += s->terrain[x] == TR_WATER;
    }
    return water <= 1; /* d */
}

/* R-28 (with A-12 … A-14): mover + every other own unit adjacent to the target or a Nasute at
 * distance 2, + the slime bonus of supporters on Vegetation. */
int tm_attack_strength(const tm_data *D, const tm_state *s, const fc_env *env, int seat, int mover_tok, int target)
{
    const tm_seat *P = &s->seat[seat];
    int total = tm_token_of(D, s, seat, mover_tok)->strength;
    for (uint32_t m = P->board & ~(1u << mover_tok); m; m &= m - 1) {
        int k = tm_lowest(m), c = P->tok_cell[k];
        const tm_caste *C = tm_caste_of(D, s, seat, k);
        if (D->dist[c][target] > C->support_range)
            continue;
        total += tm_token_of(D, s, seat, k)->strength;
        if (C->slime && D->terrain_def[s->terrain[c]].slime)
            total += 1;
    }
    if (FC_HOOKED(env, H_ATTACK_STRENGTH)) {
        int64_t args[4] = {seat, tm_token_of(D, s, seat, mover_tok)->caste, TM_IS_MOUND(s->piece[target]), total};
        total = (int)env->host->hook_int(env, H_ATTACK_STRENGTH, (void *)s, args, 4, total);
    }
    return total;
}

/* a unit's strength (+ terrain defence, Stones +1), or a mound's printed value. */
int tm_defence_strength(const tm_data *D, const tm_state *s, const fc_env *env, int seat, int target)
{
    uint8_t p = s->piece[target];
    int v;
    if (TM_IS_MOUND(p))
        v = tm_mound_value(D, p);
    else
        v = tm_token_of(D, s, TM_U_SEAT(p), TM_U_TOK(p))->strength + D->terrain_def[s->terrain[target]].defence;
    if (FC_HOOKED(env, H_DEFENCE_STRENGTH)) {
        int64_t args[3] = {seat, TM_IS_MOUND(p), v};
        v = (int)env->host->hook_int(env, H_DEFENCE_STRENGTH, (void *)s, args, 3, v);
    }
    return v;
}

/* ---- movement (R-19 … R-26) ---- */

/* All legal plain moves and attacks of the unit on `start`. With any_only, stops at the first;
 * with want != 0, stops (returning 1) when that decision turns up, else returns 0. */
int tm_gen_moves(const tm_data *D, const tm_state *s, const fc_env *env, int start, tm_moves *mv, bool any_only,
                     fc_decision want)
{
    int seat = TM_U_SEAT(s->piece[start]), tok = TM_U_TOK(s->piece[start]);
    const tm_caste *C = tm_caste_of(D, s, seat, tok);
    const int8_t *cost = C->cost; /* by terrain */
    unsigned stand = C->stand;
    int mp = C->mp > MAX_MP ? MAX_MP : C->mp;
    uint8_t best[TM_MAX_CELLS], bucket[MAX_MP + 1][TM_MAX_CELLS];
    int bn[MAX_MP + 1] = {0};
    uint64_t known[2] = {0, 0}, good[2] = {0, 0}; /* per target: strength compared, attack legal */
    memset(best, 0xFF, sizeof best);
    mv->nto = mv->natk = 0;
    best[start] = 0;
    bucket[0][bn[0]++] = (uint8_t)start;
    for (int k = 0; k <= mp; k++) {
        for (int i = 0; i < bn[k]; i++) {
            int x = bucket[k][i];
            if (best[x] != k)
                continue;
            for (int j = 0; j < D->nnb[x]; j++) {
                int y = D->nb[x][j], ec = cost[s->terrain[y]], nk = k + ec;
                if (ec < 0 || nk > mp)
                    continue;
                uint8_t p = s->piece[y];
                bool pass = p == 0;
                if (TM_IS_UNIT(p) && TM_U_SEAT(p) == seat) {
                    pass = true; /* R-22 a */
                } else if (p && !(TM_IS_MOUND(p) && TM_M_OWNER(p) == seat)) {
                    /* enemy unit or hostile mound: the end of an attack path */
                    uint64_t bit = 1ull << (y & 63);
                    if (!(known[y >> 6] & bit)) {
                        int def = tm_defence_strength(D, s, env, seat, y);
                        known[y >> 6] |= bit;
                        if (tm_attack_strength(D, s, env, seat, tok, y) > def) /* */
                            good[y >> 6] |= bit;
                    }
                    if (good[y >> 6] & bit) {
                        mv->atk_t[mv->natk] = (uint8_t)y;
                        mv->atk_f[mv->natk++] = (uint8_t)x;
                        if (any_only || want == TM_D(D_ATTACK, 0, y, x))
                            return 1;
                    }
                    /* R-22 b: an Alate flies over enemy non-flyers */
                    pass = TM_IS_UNIT(p) && C->flyer && !tm_token_of(D, s, TM_U_SEAT(p), TM_U_TOK(p))->flyer;
                }
                if (pass && nk < best[y]) {
                    if (p == 0 && best[y] == 0xFF && (stand >> s->terrain[y] & 1)) {
                        mv->to[mv->nto++] = (uint8_t)y; /* */
                        if (any_only || want == TM_D(D_TO, 0, y, 0))
                            return 1;
                    }
                    best[y] = (uint8_t)nk;
                    mv->prev[y] = (uint8_t)x;
                    bucket[nk][bn[nk]++] = (uint8_t)y;
                }
            }
        }
    }
    return want ? 0 : mv->nto + mv->natk;
}

bool tm_unit_can_move(const tm_data *D, const tm_state *s, const fc_env *env, int cell)
{
    int seat = TM_U_SEAT(s->piece[cell]), tok = TM_U_TOK(s->piece[cell]), ca = tm_token_of(D, s, seat, tok)->caste;
    const int8_t *cost = D->caste[ca].cost; /* by terrain */
    unsigned stand = D->caste[ca].stand;
    int mp = D->caste[ca].mp;
    for (int j = 0; j < D->nnb[cell]; j++) { /* the common case: a free neighbour */
        int y = D->nb[cell][j], t = s->terrain[y];
        if (s->piece[y] == 0 && cost[t] >= 0 && cost[t] <= mp && (stand >> t & 1))
            return true;
    }
    tm_moves mv;
    return tm_gen_moves(D, s, env, cell, &mv, true, 0) > 0;
}

/* R-31 (+ V-4): legal retreat hexes of the unit on `target` attacked from `from`. lethal[i]
 * marks a Vegetation choice that destroys an Alate. */
int tm_retreat_opts(const tm_data *D, const tm_state *s, const fc_env *env, int target, int from, uint8_t *out,
                        uint8_t *lethal)
{
    uint8_t p = s->piece[target];
    int seat = TM_U_SEAT(p), tok = TM_U_TOK(p), n = 0;
    const tm_caste *C = tm_caste_of(D, s, seat, tok);
    for (int j = 0; j < D->nnb[target]; j++) {
        int y = D->nb[target][j], t = s->terrain[y];
        if (y == from || s->piece[y])
            continue;
        int ok = C->retreat >> t & 1, kill = 0;
        if (!ok && D->lethal_thickets && C->flyer && t == TR_VEGETATION)
            ok = kill = 1;
        if (FC_HOOKED(env, H_RETREAT_LEGAL)) {
            int64_t args[4] = {seat, tm_token_of(D, s, seat, tok)->caste, t, ok};
            ok = env->host->hook_int(env, H_RETREAT_LEGAL, (void *)s, args, 4, ok) != 0;
        }
        if (ok) {
            lethal[n] = (uint8_t)kill;
            out[n++] = (uint8_t)y;
        }
    }
    return n;
}

/* A move or attack of a single step from the selected unit: checked without a search. */
bool tm_one_step_ok(const tm_data *D, const tm_state *s, const fc_env *env, fc_decision d)
{
    int start = s->sel, b = TM_DB(d), seat = TM_U_SEAT(s->piece[start]), tok = TM_U_TOK(s->piece[start]);
    int ca = tm_token_of(D, s, seat, tok)->caste;
    int cost = D->caste[ca].cost[s->terrain[b]];
    if (D->dist[start][b] != 1 || cost < 0 || cost > D->caste[ca].mp)
        return false;
    uint8_t p = s->piece[b];
    if (TM_DK(d) == D_TO)
        return TM_DC(d) == 0 && p == 0 && (D->caste[ca].stand >> s->terrain[b] & 1);
    if (TM_DC(d) != start || !p || (TM_IS_UNIT(p) ? TM_U_SEAT(p) == seat : TM_M_OWNER(p) == seat))
        return false;
    return tm_attack_strength(D, s, env, seat, tok, b) > tm_defence_strength(D, s, env, seat, b);
}

