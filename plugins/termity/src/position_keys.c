/* Termity positions, reading: the value of each key (docs/positions/termity.md) in a fixed
 * order, checked for range and names and put into the state, and the counts that must add up
 * (every token once, every taken mound a trophy); position_read.c finds the lines. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "position_read.h"

static int read_header(reader *rd)
{
    tm_state *s = rd->s;
    int rc, v = 0;
    if ((rc = tm_pos_load(rd, &rd->g[G_POSITION], "position", true)) != 0)
        return rc;
    if (rd->L.n != 2 || strcmp(rd->L.w[1], "termity") != 0)
        return tm_pos_fail(rd, FC_EPARSE, rd->L.no, "expected 'position termity'");
    if ((rc = tm_pos_load(rd, &rd->g[G_SEATS], "seats", true)) != 0 || (rc = tm_pos_arity(rd, 1, "seats N")) != 0 ||
        (rc = tm_pos_int_word(rd, rd->L.w[1], 2, TM_SEATS, "seats", &v)) != 0)
        return rc;
    if (v != s->nseats)
        return tm_pos_fail(rd, FC_EINVAL, rd->L.no, "the position has %d seats, the rule set %d", v, s->nseats);
    if ((rc = tm_pos_load(rd, &rd->g[G_FIRST], "first_player", true)) != 0 ||
        (rc = tm_pos_arity(rd, 1, "first_player SEAT")) != 0 ||
        (rc = tm_pos_seat_word(rd, rd->L.w[1], "first_player", &v)) != 0)
        return rc;
    if (rd->D->first_player >= 0 && v != rd->D->first_player)
        return tm_pos_fail(rd, FC_EINVAL, rd->L.no,
                           "first_player %d, but the rule set says seat %d (the first_player parameter)", v + 1,
                           rd->D->first_player + 1);
    s->first = (uint8_t)v;
    if ((rc = tm_pos_load(rd, &rd->g[G_ROUND], "round", true)) != 0 || (rc = tm_pos_arity(rd, 1, "round N")) != 0 ||
        (rc = tm_pos_int_word(rd, rd->L.w[1], 0, 99, "round", &v)) != 0)
        return rc;
    s->round = (uint8_t)v;
    if ((rc = tm_pos_load(rd, &rd->g[G_PHASE], "phase", true)) != 0 || (rc = tm_pos_arity(rd, 1, "phase NAME")) != 0)
        return rc;
    int ph;
    for (ph = 0; ph < NPHASES && strcmp(rd->L.w[1], phase_names[ph]); ph++)
        ;
    if (ph == NPHASES)
        return tm_pos_fail(rd, FC_EPARSE, rd->L.no,
                           "unknown phase '%s' (draw, setup, deploy, deploy_hex, discard, move, move_dest, retreat, "
                           "attack_mound, replace, over, neutral, tile, tile_hex)",
                           rd->L.w[1]);
    if (TM_BUILDING(ph) && !rd->D->custom)
        return tm_pos_fail(rd, FC_EINVAL, rd->L.no, "phase %s is only in scenario custom (R-43)", phase_names[ph]);
    s->phase = (uint8_t)ph;
    if ((rc = tm_pos_load(rd, &rd->g[G_TURN], "turn", true)) != 0 || (rc = tm_pos_arity(rd, 1, "turn SEAT")) != 0 ||
        (rc = tm_pos_seat_word(rd, rd->L.w[1], "turn", &v)) != 0)
        return rc;
    s->turn = (uint8_t)v;
    /* the placement order's step; before the setup it is 0, after it the order's length */
    int steps = s->nseats == 2 ? 4 : s->nseats;
    if (ph != PH_SETUP) {
        s->setup_step = (uint8_t)(s->round ? steps : 0);
        return tm_pos_forbid(rd, G_SETUP_STEP, "only phase setup has a setup_step");
    }
    if ((rc = tm_pos_load(rd, &rd->g[G_SETUP_STEP], "setup_step", true)) != 0 ||
        (rc = tm_pos_arity(rd, 1, "setup_step N")) != 0 ||
        (rc = tm_pos_int_word(rd, rd->L.w[1], 1, steps, "setup_step", &v)) != 0)
        return rc;
    s->setup_step = (uint8_t)(v - 1);
    return 0;
}

static int token_id(reader *rd, int seat, const char *w, int *tok)
{
    const tm_swarm *W = &rd->D->swarm[rd->s->swarm[seat]];
    for (int k = 0; k < W->ntok; k++)
        if (strcmp(W->tok[k].id, w) == 0) {
            *tok = k;
            return 0;
        }
    return tm_pos_fail(rd, FC_EINVAL, rd->L.no, "unknown token '%s' for seat %d (swarm %s)", w, seat + 1, W->name);
}

static int put_piece(reader *rd, int cell, uint8_t piece, const char *w)
{
    if (rd->s->piece[cell])
        return tm_pos_fail(rd, FC_EINVAL, rd->L.no, "hex %s already holds a piece (line %d)", w, rd->cell_line[cell]);
    rd->s->piece[cell] = piece;
    rd->cell_line[cell] = rd->L.no;
    return 0;
}

static int read_swarm(reader *rd, int i)
{
    int rc = tm_pos_sload(rd, i, S_SWARM);
    if (rc == 0)
        rc = tm_pos_arity(rd, 3, "seat N swarm NAME");
    if (rc)
        return rc;
    for (int k = 0; k < rd->D->nswarms; k++)
        if (strcasecmp(rd->D->swarm[k].name, rd->L.w[3]) == 0) {
            rd->s->swarm[i] = (uint8_t)k;
            return 0;
        }
    return tm_pos_fail(rd, FC_EINVAL, rd->L.no, "unknown swarm '%s'", rd->L.w[3]);
}

/* seat N stack|hand|board|dead|discarded TOKENS: every token of the swarm exactly once. */
static int read_tokens(reader *rd, int i)
{
    tm_state *s = rd->s;
    tm_seat *P = &s->seat[i];
    int rc, n;
    for (int st = TK_STACK; st <= TK_DISCARDED; st++) {
        if ((rc = tm_pos_sload(rd, i, S_STACK + st)) != 0 || (rc = tm_pos_list_words(rd, 3, &n)) != 0)
            return rc;
        for (int j = 3; j < 3 + n; j++) {
            char w[LINE_MAX_];
            snprintf(w, sizeof w, "%s", rd->L.w[j]);
            char *at = strchr(w, '@');
            if ((st == TK_BOARD) != (at != NULL))
                return tm_pos_fail(rd, FC_EPARSE, rd->L.no,
                                   st == TK_BOARD ? "expected TOKEN@q,r, not '%s'" : "expected a token id, not '%s'",
                                   w);
            if (at)
                *at = '\0';
            int k = 0, cell = 0;
            if ((rc = token_id(rd, i, w, &k)) != 0)
                return rc;
            if (rd->tok_line[i][k])
                return tm_pos_fail(rd, FC_EINVAL, rd->L.no, "token %s is already named on line %d", w,
                                   rd->tok_line[i][k]);
            rd->tok_line[i][k] = rd->L.no;
            P->tok_st[k] = (uint8_t)st;
            if (st == TK_STACK)
                P->stack |= 1u << k;
            else if (st == TK_HAND)
                P->hand |= 1u << k;
            else if (st == TK_BOARD) {
                if ((rc = tm_pos_hex_word(rd, at + 1, &cell)) != 0 ||
                    (rc = put_piece(rd, cell, TM_UNIT(i, k), at + 1)) != 0)
                    return rc;
                P->board |= 1u << k;
                P->tok_cell[k] = (uint8_t)cell;
            }
        }
    }
    return 0;
}

/* The attacker off the board during a retreat choice is in no list; all others are. */
static int tokens_conserved(reader *rd)
{
    tm_state *s = rd->s;
    for (int i = 0; i < s->nseats; i++) {
        const tm_swarm *W = &rd->D->swarm[s->swarm[i]];
        for (int k = 0; k < W->ntok; k++) {
            bool flying = s->phase == PH_RETREAT && i == s->turn && k == s->sel;
            if (flying && rd->tok_line[i][k])
                return tm_pos_fail(rd, FC_EINVAL, rd->tok_line[i][k],
                                   "token %s attacks (selected): it is off the board, in no list (R-30.1)",
                                   W->tok[k].id);
            if (flying)
                s->seat[i].tok_st[k] = TK_BOARD;
            else if (!rd->tok_line[i][k])
                return tm_pos_fail(rd, FC_EINVAL, rd->sk[i][S_STACK].no,
                                   "token %s of seat %d is in none of its stack, hand, board, dead, discarded",
                                   W->tok[k].id, i + 1);
        }
    }
    return 0;
}

static int read_neutral(reader *rd)
{
    const tm_data *D = rd->D;
    tm_state *s = rd->s;
    int rc, n;
    if ((rc = tm_pos_load(rd, &rd->g[G_NEUTRAL], "neutral", true)) != 0 || (rc = tm_pos_list_words(rd, 1, &n)) != 0)
        return rc;
    int want = D->custom ? D->neutral_want : D->board.nneutral;
    if (D->custom ? n > want : n != want)
        return tm_pos_fail(rd, FC_EINVAL, rd->L.no, "%d neutral mounds, the board has %s%d (R-08, R-44)", n,
                           D->custom ? "at most " : "", want);
    for (int k = 0; k < n; k++) {
        const char *w = rd->L.w[1 + k];
        if (strcmp(w, "taken") == 0) {
            s->neutral_taken++;
            rd->taken[TM_SEATS][k] = true;
            continue;
        }
        int cell;
        if ((rc = tm_pos_hex_word(rd, w, &cell)) != 0 || (rc = put_piece(rd, cell, TM_MOUND(TM_NEUTRAL, k), w)) != 0)
            return rc;
        s->neutral_cell[k] = (uint8_t)cell;
    }
    if (D->custom)
        s->neutral_placed = (uint8_t)n;
    return 0;
}

static int read_mounds(reader *rd, int i)
{
    const tm_data *D = rd->D;
    tm_seat *P = &rd->s->seat[i];
    int rc = tm_pos_sload(rd, i, S_MOUNDS);
    if (rc)
        return rc;
    if (rd->L.n - 3 != D->nmounds)
        return tm_pos_fail(rd, FC_EINVAL, rd->L.no,
                           "%d mounds, a swarm has %d (VALUE:reserve, VALUE:taken or VALUE:q,r each)", rd->L.n - 3,
                           D->nmounds);
    P->reserve = 0;
    for (int k = 0; k < D->nmounds; k++) {
        char *w = rd->L.w[3 + k], *colon = strchr(w, ':');
        int v, cell;
        if (!colon)
            return tm_pos_fail(rd, FC_EPARSE, rd->L.no, "expected VALUE:reserve, VALUE:taken or VALUE:q,r, not '%s'",
                               w);
        *colon = '\0';
        if ((rc = tm_pos_int_word(rd, w, 0, 99, "mound value", &v)) != 0)
            return rc;
        if (v != D->mound_value[k])
            return tm_pos_fail(rd, FC_EINVAL, rd->L.no, "mound %d is worth %d under these parameters, not %d (R-40)",
                               k + 1, D->mound_value[k], v);
        const char *where = colon + 1;
        if (strcmp(where, "reserve") == 0)
            P->reserve |= (uint8_t)(1u << k);
        else if (strcmp(where, "taken") == 0)
            rd->taken[i][k] = true;
        else if ((rc = tm_pos_hex_word(rd, where, &cell)) != 0 ||
                 (rc = put_piece(rd, cell, TM_MOUND(i, k), where)) != 0)
            return rc;
        else
            P->mound_cell[k] = (uint8_t)cell;
    }
    return 0;
}

static int read_trophies(reader *rd, int i)
{
    const tm_data *D = rd->D;
    tm_seat *P = &rd->s->seat[i];
    int rc, n;
    if ((rc = tm_pos_sload(rd, i, S_TROPHIES)) != 0 || (rc = tm_pos_list_words(rd, 3, &n)) != 0)
        return rc;
    for (int j = 0; j < n; j++) {
        const char *w = rd->L.w[3 + j];
        int owner, idx;
        char *end;
        if (strncmp(w, "neutral:", 8) == 0) {
            owner = TM_NEUTRAL;
            idx = (int)strtol(w + 8, &end, 10) - 1;
            if (end == w + 8 || *end || idx < 0 || idx >= TM_MAX_NEUTRAL)
                return tm_pos_fail(rd, FC_EPARSE, rd->L.no, "bad trophy '%s' (neutral:K or seatN:K)", w);
        } else if (strncmp(w, "seat", 4) == 0) {
            owner = (int)strtol(w + 4, &end, 10) - 1;
            if (end == w + 4 || *end != ':' || owner < 0 || owner >= rd->s->nseats)
                return tm_pos_fail(rd, FC_EPARSE, rd->L.no, "bad trophy '%s' (neutral:K or seatN:K, N a seat)", w);
            const char *p = end + 1;
            idx = (int)strtol(p, &end, 10) - 1;
            if (end == p || *end || idx < 0 || idx >= D->nmounds)
                return tm_pos_fail(rd, FC_EPARSE, rd->L.no, "bad trophy '%s' (seatN:K, K a mound 1..%d)", w,
                                   D->nmounds);
        } else {
            return tm_pos_fail(rd, FC_EPARSE, rd->L.no, "bad trophy '%s' (neutral:K or seatN:K)", w);
        }
        int o = owner == TM_NEUTRAL ? TM_SEATS : owner;
        if (owner == i)
            return tm_pos_fail(rd, FC_EINVAL, rd->L.no, "trophy %s: a seat does not capture its own mound (R-34)", w);
        if (!rd->taken[o][idx])
            return tm_pos_fail(rd, FC_EINVAL, rd->L.no, "trophy %s: that mound is not marked taken", w);
        if (rd->trophied[o][idx])
            return tm_pos_fail(rd, FC_EINVAL, rd->L.no, "trophy %s is named twice", w);
        rd->trophied[o][idx] = true;
        uint8_t code = TM_MOUND(owner, idx);
        P->trophy[P->ntrophy++] = code;
        P->trophy_sum = (int16_t)(P->trophy_sum + tm_mound_value(D, code));
    }
    return 0;
}

static int trophies_conserved(reader *rd)
{
    for (int o = 0; o <= TM_SEATS; o++)
        for (int k = 0; k < TM_MAX_MOUNDS; k++)
            if (rd->taken[o][k] && !rd->trophied[o][k]) {
                int no = o == TM_SEATS ? rd->g[G_NEUTRAL].no : rd->sk[o][S_MOUNDS].no;
                if (o == TM_SEATS)
                    return tm_pos_fail(rd, FC_EINVAL, no, "neutral mound %d is taken but in no seat's trophies", k + 1);
                return tm_pos_fail(rd, FC_EINVAL, no, "mound %d of seat %d is taken but in no seat's trophies", k + 1,
                                   o + 1);
            }
    return 0;
}

static int read_counters(reader *rd, int i)
{
    tm_seat *P = &rd->s->seat[i];
    int rc, v = 0;
    if ((rc = tm_pos_sload(rd, i, S_TURNS)) != 0 || (rc = tm_pos_arity(rd, 3, "seat N turns N")) != 0 ||
        (rc = tm_pos_int_word(rd, rd->L.w[3], 0, 99, "turns", &v)) != 0)
        return rc;
    P->turns = (uint8_t)v;
    if ((rc = tm_pos_sload(rd, i, S_BONUS)) != 0 || (rc = tm_pos_arity(rd, 3, "seat N bonus N")) != 0 ||
        (rc = tm_pos_int_word(rd, rd->L.w[3], -5000, 5000, "bonus", &v)) != 0)
        return rc;
    P->bonus = (int16_t)v;
    return 0;
}

static int tile_word(reader *rd, const char *w, int *tile)
{
    char nm[16];
    for (int k = 0; k < rd->D->ntiles; k++) {
        tile_name(rd->D, k, nm, sizeof nm);
        if (strcmp(nm, w) == 0) {
            if (!(rd->D->custom_pool >> k & 1))
                return tm_pos_fail(rd, FC_EINVAL, rd->L.no, "tile %s is not laid out for this game (custom_tiles)", w);
            *tile = k;
            return 0;
        }
    }
    return tm_pos_fail(rd, FC_EINVAL, rd->L.no, "unknown tile '%s' (WV1, WS3, VS2 ...)", w);
}

/* scenario custom: the pool, the box, the laid tiles (the terrain follows from them). */
static int read_building(reader *rd)
{
    const tm_data *D = rd->D;
    tm_state *s = rd->s;
    int rc, n, v, line_of[TM_MAX_TILES] = {0};
    if (!D->custom) {
        static const int keys[] = {G_POOL, G_BOX, G_LAID, G_PAIR_LEFT, G_FACE_SEL};
        for (size_t j = 0; j < sizeof keys / sizeof keys[0]; j++)
            if ((rc = tm_pos_forbid(rd, keys[j], "the board is not built in the game (scenario custom)")) != 0)
                return rc;
        return 0;
    }
    for (int key = G_POOL; key <= G_LAID; key++) {
        if ((rc = tm_pos_load(rd, &rd->g[key], gkeys[key], true)) != 0 || (rc = tm_pos_list_words(rd, 1, &n)) != 0)
            return rc;
        for (int j = 1; j <= n; j++) {
            char w[LINE_MAX_];
            snprintf(w, sizeof w, "%s", rd->L.w[j]);
            char *colon = strchr(w, ':'), *at = colon ? strchr(colon, '@') : NULL;
            if ((key == G_LAID) != (colon != NULL) || (colon && !at))
                return tm_pos_fail(rd, FC_EPARSE, rd->L.no,
                                   key == G_LAID ? "expected TILE:FACE@q,r, not '%s'" : "expected a tile, not '%s'", w);
            if (colon)
                *colon = *at = '\0';
            int k, cell, f;
            if ((rc = tile_word(rd, w, &k)) != 0)
                return rc;
            if (line_of[k])
                return tm_pos_fail(rd, FC_EINVAL, rd->L.no, "tile %s is already named on line %d", w, line_of[k]);
            line_of[k] = rd->L.no;
            if (key == G_POOL)
                s->pool |= 1u << k;
            else if (key == G_BOX)
                s->box |= 1u << k;
            else {
                for (f = 0; f < 2 && strcmp(colon + 1, face_words[D->tile_face[k][f] & 3]); f++)
                    ;
                if (f == 2)
                    return tm_pos_fail(rd, FC_EINVAL, rd->L.no, "tile %s has no face '%s'", w, colon + 1);
                if ((rc = tm_pos_hex_word(rd, at + 1, &cell)) != 0)
                    return rc;
                for (int j2 = 0; j2 < D->ntiles; j2++)
                    if (s->tile_cell[j2] == cell)
                        return tm_pos_fail(rd, FC_EINVAL, rd->L.no, "hex %s already has a tile", at + 1);
                s->tile_cell[k] = (uint8_t)cell;
                s->face2 |= (uint32_t)f << k;
                s->terrain[cell] = D->tile_face[k][f];
            }
        }
    }
    for (int k = 0; k < D->ntiles; k++)
        if ((D->custom_pool >> k & 1) && !line_of[k]) {
            char nm[16];
            tile_name(D, k, nm, sizeof nm);
            return tm_pos_fail(rd, FC_EINVAL, rd->g[G_POOL].no,
                               "tile %s is in none of tiles_pool, tiles_box, tiles_laid", nm);
        }
    if ((rc = tm_pos_load(rd, &rd->g[G_PAIR_LEFT], "pair_left", true)) != 0 ||
        (rc = tm_pos_arity(rd, 1, "pair_left N")) != 0 ||
        (rc = tm_pos_int_word(rd, rd->L.w[1], 0, 2, "pair_left", &v)) != 0)
        return rc;
    s->pair_left = (uint8_t)v;
    if ((rc = tm_pos_load(rd, &rd->g[G_FACE_SEL], "face_sel", true)) != 0 ||
        (rc = tm_pos_arity(rd, 1, "face_sel 0|1")) != 0 ||
        (rc = tm_pos_int_word(rd, rd->L.w[1], 0, 1, "face_sel", &v)) != 0)
        return rc;
    s->face_sel = (uint8_t)v;
    return 0;
}

static int read_selected(reader *rd)
{
    tm_state *s = rd->s;
    int ph = s->phase, rc, v;
    if (!has_sel(ph))
        return tm_pos_forbid(
            rd, G_SELECTED,
            "only the phases deploy_hex, move_dest, retreat, attack_mound, replace and tile_hex select");
    if ((rc = tm_pos_load(rd, &rd->g[G_SELECTED], "selected", true)) != 0 ||
        (rc = tm_pos_arity(rd, 1, "selected TOKEN|q,r|TILE")) != 0)
        return rc;
    const char *w = rd->L.w[1];
    if (ph == PH_MOVE_DEST) {
        if ((rc = tm_pos_hex_word(rd, w, &v)) != 0)
            return rc;
        uint8_t p = s->piece[v];
        if (!TM_IS_UNIT(p) || TM_U_SEAT(p) != s->turn)
            return tm_pos_fail(rd, FC_EINVAL, rd->L.no, "selected %s: no unit of seat %d there to move", w,
                               s->turn + 1);
    } else if (ph == PH_TILE_HEX) {
        if ((rc = tile_word(rd, w, &v)) != 0)
            return rc;
        if (!(s->pool >> v & 1))
            return tm_pos_fail(rd, FC_EINVAL, rd->L.no, "selected %s: the taken tile must be in tiles_pool", w);
    } else {
        if ((rc = token_id(rd, s->turn, w, &v)) != 0)
            return rc;
        int st = s->seat[s->turn].tok_st[v];
        if (ph == PH_DEPLOY_HEX && st != TK_HAND)
            return tm_pos_fail(rd, FC_EINVAL, rd->L.no, "selected %s: the token deployed must be in seat %d's hand", w,
                               s->turn + 1);
        if ((ph == PH_ATK_MOUND || ph == PH_REPLACE) && st != TK_DEAD)
            return tm_pos_fail(rd, FC_EINVAL, rd->L.no,
                               "selected %s: the attacker that captured a mound is dead (R-34)", w);
    }
    s->sel = (uint8_t)v;
    return 0;
}

static int read_replacer(reader *rd)
{
    tm_state *s = rd->s;
    int rc, v = 0;
    if (!has_replacer(s->phase))
        return tm_pos_forbid(rd, G_REPLACER, "only the phases attack_mound and replace have a replacer");
    if ((rc = tm_pos_load(rd, &rd->g[G_REPLACER], "replacer", true)) != 0 ||
        (rc = tm_pos_arity(rd, 1, "replacer SEAT|none")) != 0)
        return rc;
    if (s->phase == PH_ATK_MOUND && strcmp(rd->L.w[1], "none") == 0)
        return 0;
    if ((rc = tm_pos_seat_word(rd, rd->L.w[1], "replacer", &v)) != 0)
        return rc;
    s->replacer = (uint8_t)v;
    return 0;
}

static int read_bookkeeping(reader *rd)
{
    tm_state *s = rd->s;
    line *L = &rd->L;
    int rc, c[3];
    if ((rc = tm_pos_load(rd, &rd->g[G_LAST_MOVE], "last_move", true)) != 0)
        return rc;
    if (!(L->n == 2 && strcmp(L->w[1], "none") == 0)) {
        if (L->n != 3)
            return tm_pos_fail(rd, FC_EPARSE, L->no, "expected 'last_move q,r q,r' or 'last_move none'");
        if ((rc = tm_pos_hex_word(rd, L->w[1], &c[0])) != 0 || (rc = tm_pos_hex_word(rd, L->w[2], &c[1])) != 0)
            return rc;
        s->last_move_from = (uint8_t)c[0];
        s->last_move_to = (uint8_t)c[1];
    }
    if ((rc = tm_pos_load(rd, &rd->g[G_LAST_ATTACK], "last_attack", true)) != 0)
        return rc;
    if (!(L->n == 2 && strcmp(L->w[1], "none") == 0)) {
        if (L->n != 4)
            return tm_pos_fail(rd, FC_EPARSE, L->no,
                               "expected 'last_attack START FROM TARGET' (hexes) or 'last_attack none'");
        for (int j = 0; j < 3; j++)
            if ((rc = tm_pos_hex_word(rd, L->w[1 + j], &c[j])) != 0)
                return rc;
        s->atk_start = (uint8_t)c[0];
        s->atk_from = (uint8_t)c[1];
        s->atk_target = (uint8_t)c[2];
    }
    if (in_attack(s->phase) && s->atk_start == TM_NO_CELL)
        return tm_pos_fail(rd, FC_EINVAL, L->no, "phase %s needs the attack in progress as last_attack",
                           phase_names[s->phase]);
    if (s->phase == PH_RETREAT) {
        uint8_t p = s->piece[s->atk_target];
        if (!TM_IS_UNIT(p) || TM_U_SEAT(p) == s->turn)
            return tm_pos_fail(rd, FC_EINVAL, L->no, "phase retreat: the target hex holds no enemy unit (R-30)");
        if (s->piece[s->atk_start])
            return tm_pos_fail(rd, FC_EINVAL, L->no, "phase retreat: the attacker's start hex must be empty (R-30.1)");
    }
    if (s->phase == PH_ATK_MOUND && s->piece[s->atk_target])
        return tm_pos_fail(rd, FC_EINVAL, L->no, "phase attack_mound: the captured hex must be empty (R-35)");
    if ((rc = tm_pos_load(rd, &rd->g[G_DRAWER], "drawer", true)) != 0)
        return rc;
    if (L->n == 2 && strcmp(L->w[1], "none") == 0) {
        if (s->phase == PH_DRAW)
            return tm_pos_fail(rd, FC_EINVAL, L->no, "phase draw needs 'drawer SEAT opening|refill'");
        return 0;
    }
    int seat;
    if (L->n != 3 || (strcmp(L->w[2], "opening") && strcmp(L->w[2], "refill")))
        return tm_pos_fail(rd, FC_EPARSE, L->no, "expected 'drawer SEAT opening|refill' or 'drawer none'");
    if ((rc = tm_pos_seat_word(rd, L->w[1], "drawer", &seat)) != 0)
        return rc;
    s->drawer = (uint8_t)seat;
    s->after_draw = strcmp(L->w[2], "opening") == 0 ? PH_SETUP : PH_MOVE;
    if (s->phase == PH_DRAW && !s->seat[seat].stack)
        return tm_pos_fail(rd, FC_EINVAL, L->no, "phase draw: seat %d has no token left to draw (R-16)", seat + 1);
    return 0;
}

int tm_pos_read_keys(reader *rd)
{
    tm_state *s = rd->s;
    int rc = read_header(rd);
    for (int i = 0; rc == 0 && i < s->nseats; i++)
        rc = read_swarm(rd, i);
    for (int i = 0; rc == 0 && i < s->nseats; i++)
        rc = read_tokens(rd, i);
    if (rc == 0)
        rc = read_neutral(rd);
    for (int i = 0; rc == 0 && i < s->nseats; i++)
        rc = read_mounds(rd, i);
    for (int i = 0; rc == 0 && i < s->nseats; i++)
        rc = read_trophies(rd, i);
    if (rc == 0)
        rc = trophies_conserved(rd);
    for (int i = 0; rc == 0 && i < s->nseats; i++)
        rc = read_counters(rd, i);
    if (rc == 0)
        rc = read_building(rd);
    if (rc == 0)
        rc = read_selected(rd);
    if (rc == 0)
        rc = tokens_conserved(rd);
    if (rc == 0)
        rc = read_replacer(rd);
    if (rc == 0)
        rc = read_bookkeeping(rd);
    return rc;
}
