/* Termity results and information: scores and tie-breaks (R-40, R-41) (the evaluation:
 * eval.c), determinization of hidden hands, the front-end view and the invariant check. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "termity.h"

#define D_(env) ((const tm_data *)(env)->data)


/* R-40 without hooks or bonuses: own mounds on the board and in reserve, trophies (V-3 doubles
 * held mounds). */
static int base_score(const tm_data *D, const tm_state *s, int seat, bool doubling)
{
    const tm_seat *P = &s->seat[seat];
    int v = P->trophy_sum;
    for (int i = 0; i < D->nmounds; i++) {
        if (P->reserve >> i & 1)
            v += D->mound_value[i];
        else if (P->mound_cell[i] != TM_NO_CELL)
            v += D->mound_value[i] * (doubling && D->held_double ? 2 : 1);
    }
    return v;
}

int tm_score(const tm_state *s, const fc_env *env, int seat)
{
    int v = base_score(D_(env), s, seat, true) + s->seat[seat].bonus;
    if (FC_HOOKED(env, H_FINAL_SCORE)) {
        int64_t args[2] = {seat, v};
        v = (int)env->host->hook_int(env, H_FINAL_SCORE, (void *)s, args, 2, v);
    }
    return v;
}

int tm_units_on_board(const tm_state *s, int seat) { return __builtin_popcount(s->seat[seat].board); }

/* Rank: higher score, then more own units on the board; still tied share. */
void tm_scores(const void *st, const fc_env *env, int32_t *score, int *rank)
{
    const tm_state *s = st;
    int units[TM_SEATS];
    for (int i = 0; i < s->nseats; i++) {
        score[i] = tm_score(s, env, i);
        units[i] = tm_units_on_board(s, i);
    }
    for (int i = 0; i < s->nseats; i++) {
        rank[i] = 0;
        for (int j = 0; j < s->nseats; j++)
            rank[i] += score[j] > score[i] || (score[j] == score[i] && units[j] > units[i]);
    }
}

/* Other seats' hands are resampled from their hand + stack tokens (stacks are unordered
 * multisets here, so nobody's stack order needs resampling). */
void tm_determinize(void *st, const fc_env *env, int seat, fc_rng *rng)
{
    tm_state *s = st;
    const tm_data *D = D_(env);
    if (D->open_hands)
        return;
    for (int i = 0; i < s->nseats; i++) {
        if (i == seat)
            continue;
        tm_seat *P = &s->seat[i];
        uint32_t keep = 0; /* a token chosen for deployment is public */
        if (s->phase == PH_DEPLOY_HEX && s->turn == i)
            keep = 1u << s->sel;
        uint32_t pool = (P->hand | P->stack) & ~keep;
        int want = __builtin_popcount(P->hand & ~keep), n = 0;
        uint8_t list[TM_MAX_TOK];
        for (uint32_t m = pool; m; m &= m - 1)
            list[n++] = (uint8_t)__builtin_ctz(m);
        env->host->rng_shuffle(rng, list, (size_t)n, 1);
        P->hand = keep;
        P->stack = 0;
        for (int k = 0; k < n; k++) {
            bool h = k < want;
            if (h)
                P->hand |= 1u << list[k];
            else
                P->stack |= 1u << list[k];
            P->tok_st[list[k]] = h ? TK_HAND : TK_STACK;
        }
    }
}

int tm_round(const void *st, const fc_env *env) { return ((const tm_state *)st)->round; }

static const char *phase_name(int ph)
{
    static const char *const names[] = {"draw",    "setup mound", "deploy",    "deploy hex",     "discard",
                                        "move",    "move",        "retreat",   "capture",        "replacement",
                                        "game over", "neutral mound", "take a tile", "lay the tile"};
    return ph >= 0 && ph <= PH_TILE_HEX ? names[ph] : "?";
}

static void hand_text(const tm_data *D, const tm_state *s, int seat, uint32_t mask, char *buf, size_t n)
{
    size_t len = 0;
    buf[0] = '\0';
    for (uint32_t m = mask; m && len + 6 < n; m &= m - 1) {
        const tm_token *T = tm_token_of(D, s, seat, __builtin_ctz(m));
        len += (size_t)snprintf(buf + len, n - len, "%s%c%d", len ? " " : "", D->caste[T->caste].code, T->termites);
    }
}

/* Tiles of `mask` by pair of faces: "WV x5, WS x5, VS x4" (R-43: the pool is public). */
static void tiles_text(const tm_data *D, uint32_t mask, char *buf, size_t n)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int t = 0; t < D->ntiles; t++) {
        int k = 0;
        for (uint32_t m = mask; m; m &= m - 1)
            k += D->tile_type[__builtin_ctz(m)] == t;
        if (k && len + 12 < n)
            len += (size_t)snprintf(buf + len, n - len, "%s%s x%d", len ? ", " : "", D->tile_code[t], k);
    }
    if (!buf[0])
        snprintf(buf, n, "none");
}

/* The board under construction: pool, box, whose step it is (R-43 … ). */
static void building_view(const tm_data *D, const tm_state *s, const fc_host *h, fc_view *v)
{
    char buf[96];
    tiles_text(D, s->pool, buf, sizeof buf);
    h->view_text(v, "tile pool", "%s", buf);
    if (s->box) {
        tiles_text(D, s->box, buf, sizeof buf);
        h->view_text(v, "back in the box", "%s (A-21)", buf);
    }
    h->view_text(v, "layout limits", "%s", D->limits ? "R-46 a, b, c" : "off (R-47), R-46 c kept");
    if (s->phase == PH_NEUTRAL)
        h->view_text(v, "building", "seat %d places neutral mound %d of %d (R-44)", s->turn + 1,
                     s->neutral_placed + 1, D->neutral_want);
    else if (TM_BUILDING(s->phase))
        h->view_text(v, "building", "seat %d lays tile %d of %d (R-45)", s->turn + 1, 3 - s->pair_left,
                     s->pair_left == 2 && __builtin_popcount(s->pool) == 1 ? 1 : 2);
    if (s->phase == PH_TILE_HEX)
        h->view_text(v, "laying", "%s tile showing %s", D->tile_code[s->sel],
                     D->terrain_def[D->tile_face[s->sel][s->face_sel & 1]].name);
}

/* What the map's glyphs and the panels' codes mean (the glossary of docs/rules/termity.md). */
static void legend(const tm_data *D, const fc_host *h, fc_view *v)
{
    for (int k = 0; k < D->ncastes; k++) {
        char g[8];
        snprintf(g, sizeof g, "%c3", D->caste[k].code);
        h->view_legend(v, g, "a %s unit with 3 termites (caste code, then termites)", D->caste[k].name);
    }
    h->view_legend(v, "M7", "a player's mound worth 7, in its owner's colour");
    h->view_legend(v, "m7", "a neutral mound worth 7 (small m: N is the Nasute)");
    h->view_legend(v, "last move", "the link between the start and end hexes of the last move");
    h->view_legend(v, "strength", "attack: own + support of units in range vs defence; more wins (R-26, R-27)");
    h->view_legend(v, "S3!", "the attacker, off the board until its target's retreat is chosen (R-30)");
    h->view_legend(v, "MP", "movement points (R-19)");
    h->view_legend(v, "S3B", "scenario: players, then B basic or A advanced; custom = built in the game");
    h->view_legend(v, "WV WS VS", "terrain tile pairs: Water/Vegetation, Water/Stones, Vegetation/Stones");
    h->view_legend(v, "reserve", "mound values still to place");
    h->view_legend(v, "trophies", "values of mounds captured");
}

/* The shape class of a caste for graphical front ends: workers, fighters (soldiers and
 * nasutes), the rest (alates) as plain tokens; the glyph names the caste. */
static int caste_piece(const tm_data *D, int caste)
{
    switch (D->caste[caste].code) {
    case 'W':
        return FC_PIECE_WORKER;
    case 'S':
    case 'N':
        return FC_PIECE_SOLDIER;
    default:
        return FC_PIECE_TOKEN;
    }
}

/* Cell c: a unit, a mound or the attacker off the board, and its highlights. */
static void view_cell(const tm_data *D, const tm_state *s, const fc_host *h, fc_view *v, int c)
{
    const tm_terrain *T = &D->terrain_def[s->terrain[c]];
    fc_view_cell *cell = h->view_cell(v, D->cell[c], T->view_class, T->name);
    uint8_t p = s->piece[c];
    cell->owner = -1;
    cell->region = -1;
    if (TM_IS_UNIT(p)) {
        const tm_token *K = tm_token_of(D, s, TM_U_SEAT(p), TM_U_TOK(p));
        cell->owner = (int8_t)TM_U_SEAT(p);
        snprintf(cell->glyphs, sizeof cell->glyphs, "%c%d", D->caste[K->caste].code, K->termites);
        h->view_piece(v, cell, caste_piece(D, K->caste), TM_U_SEAT(p), K->termites,
                      (char[2]){D->caste[K->caste].code, 0});
        snprintf(cell->label, sizeof cell->label, "%s of seat %d, %s x%d, strength %d", K->id, TM_U_SEAT(p) + 1,
                 D->caste[K->caste].name, K->termites, K->strength);
    } else if (TM_IS_MOUND(p)) {
        int owner = TM_M_OWNER(p), val = tm_mound_value(D, p);
        cell->owner = (int8_t)(owner == TM_NEUTRAL ? -1 : owner);
        /* 'm' for a neutral mound: 'N' is the Nasute caste */
        snprintf(cell->glyphs, sizeof cell->glyphs, "%c%d", owner == TM_NEUTRAL ? 'm' : 'M', val);
        h->view_piece(v, cell, FC_PIECE_BUILDING, owner == TM_NEUTRAL ? -1 : owner, 1, cell->glyphs);
        if (owner == TM_NEUTRAL)
            snprintf(cell->label, sizeof cell->label, "neutral mound %d", val);
        else
            snprintf(cell->label, sizeof cell->label, "mound %d of seat %d", val, owner + 1);
    } else if (s->phase == PH_RETREAT && c == s->atk_start) {
        /* took the attacker off the board until it lands: drawn where it was, marked */
        const tm_token *K = tm_token_of(D, s, s->turn, s->sel);
        cell->owner = (int8_t)s->turn;
        snprintf(cell->glyphs, sizeof cell->glyphs, "%c%d!", D->caste[K->caste].code, K->termites);
        h->view_piece(v, cell, caste_piece(D, K->caste), s->turn, K->termites, (char[2]){D->caste[K->caste].code, 0});
        h->view_highlight(v, cell, FC_HL_ACTIVE);
        snprintf(cell->label, sizeof cell->label, "%s of seat %d attacking (%d,%d), off the board until the retreat is chosen",
                 K->id, s->turn + 1, D->cell[s->atk_target].q, D->cell[s->atk_target].r);
    } else {
        snprintf(cell->label, sizeof cell->label, "%s", T->name);
    }
    if (c == s->last_move_from || c == s->last_move_to)
        h->view_highlight(v, cell, FC_HL_LAST);
    if (s->phase == PH_RETREAT && c == s->atk_target)
        h->view_highlight(v, cell, FC_HL_THREATENED);
}

/* Seat i's name (its swarm's colour) and panel lines; its hand hidden from the other seats
 * unless hands are open. */
static void view_seat(const tm_state *s, const fc_env *env, fc_view *v, int i, int seat)
{
    const tm_data *D = D_(env);
    const fc_host *h = env->host;
    const tm_seat *P = &s->seat[i];
    char buf[64];
    /* the seat is named by its swarm's colour ("Blue"), which front ends also draw in */
    const char *sw = D->swarm[s->swarm[i]].name;
    for (int k = 0; sw[k] && k < (int)sizeof v->seat_names[i] - 1; k++)
        v->seat_names[i][k] = (char)(k ? tolower((unsigned char)sw[k]) : toupper((unsigned char)sw[k]));
    h->view_panel(v, i, "swarm", "%s", D->swarm[s->swarm[i]].name);
    h->view_panel(v, i, "score", "%d", tm_score(s, env, i));
    h->view_panel(v, i, "units", "%d", tm_units_on_board(s, i));
    h->view_panel(v, i, "stack", "%d tokens", __builtin_popcount(P->stack));
    if (i == seat || D->open_hands) {
        hand_text(D, s, i, P->hand, buf, sizeof buf);
        h->view_panel(v, i, "hand", "%s", buf[0] ? buf : "empty");
    } else {
        h->view_panel(v, i, "hand", "%d hidden tokens", __builtin_popcount(P->hand));
    }
    size_t len = 0;
    buf[0] = '\0';
    for (int k = 0; k < D->nmounds; k++)
        if (P->reserve >> k & 1)
            len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%d", len ? " " : "", D->mound_value[k]);
    h->view_panel(v, i, "reserve", "%s", buf[0] ? buf : "none");
    len = 0;
    buf[0] = '\0';
    for (int k = 0; k < P->ntrophy && len + 4 < sizeof buf; k++)
        len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%d", len ? " " : "", tm_mound_value(D, P->trophy[k]));
    h->view_panel(v, i, "trophies", "%s", buf[0] ? buf : "none");
}

void tm_view(const void *st, const fc_env *env, int seat, fc_view *v)
{
    const tm_state *s = st;
    const tm_data *D = D_(env);
    const fc_host *h = env->host;
    int who = tm_to_move(s, env);
    if (s->phase == PH_OVER)
        h->view_title(v, "Termity (%s) - game over after round %d", D->board_name, (int)s->round);
    else
        h->view_title(v, "Termity (%s) - round %d, seat %d: %s", D->board_name, (int)s->round,
                      (who >= 0 ? who : s->drawer) + 1, phase_name(s->phase));
    for (int c = 0; c < D->ncells; c++)
        view_cell(D, s, h, v, c);
    if (s->last_move_from != TM_NO_CELL && s->last_move_to != TM_NO_CELL)
        h->view_link(v, D->cell[s->last_move_from], D->cell[s->last_move_to], -1, "last move");
    /* one token per turn, so the game lasts as many rounds as a swarm has tokens */
    h->view_track(v, "round", s->round, D->swarm[s->swarm[0]].ntok, "round %d", (int)s->round);
    for (int i = 0; i < s->nseats; i++)
        view_seat(s, env, v, i, seat);
    if (s->phase == PH_DEPLOY_HEX) {
        const tm_token *K = tm_token_of(D, s, s->turn, s->sel);
        h->view_text(v, "deploying", "%s %s x%d", K->id, D->caste[K->caste].name, K->termites);
    }
    if (D->custom)
        building_view(D, s, h, v);
    h->view_text(v, "swarms", "%s", D->fixed_swarm[0] < 0 ? "dealt at random (R-09)" : "chosen by the rule set (R-09)");
    h->view_text(v, "first player", "seat %d", s->first + 1);
    legend(D, h, v);
}

static int fail(char *msg, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(char *msg, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, n, fmt, ap);
    va_end(ap);
    return -1;
}

/* Every piece on the board recorded where it stands, units on terrain they may stand on,
 * mounds on Open ground; *pieces counts them. */
static int check_board(const tm_state *s, const tm_data *D, int *pieces, char *msg, size_t n)
{
    for (int c = 0; c < D->ncells; c++) {
        uint8_t p = s->piece[c];
        if (!p)
            continue;
        (*pieces)++;
        if (TM_IS_UNIT(p)) {
            int i = TM_U_SEAT(p), k = TM_U_TOK(p);
            if (i >= s->nseats || k >= TM_MAX_TOK || s->seat[i].tok_cell[k] != c || s->seat[i].tok_st[k] != TK_BOARD)
                return fail(msg, n, "cell (%d,%d): unit %d/%d not recorded there", D->cell[c].q, D->cell[c].r, i, k);
            /* tm_check vets the swarms after the board: a unit's caste needs its swarm now */
            if (s->swarm[i] >= D->nswarms)
                return fail(msg, n, "seat %d plays no swarm", i + 1);
            if (s->terrain[c] >= TM_TERRAINS || !(D->caste[tm_token_of(D, s, i, k)->caste].stand >> s->terrain[c] & 1))
                return fail(msg, n, "cell (%d,%d): unit on forbidden terrain (R-15)", D->cell[c].q, D->cell[c].r);
        } else {
            int o = TM_M_OWNER(p), k = TM_M_IDX(p);
            if (o == TM_NEUTRAL ? k >= TM_MAX_NEUTRAL || s->neutral_cell[k] != c
                                : o >= s->nseats || k >= D->nmounds || s->seat[o].mound_cell[k] != c)
                return fail(msg, n, "cell (%d,%d): mound not recorded there", D->cell[c].q, D->cell[c].r);
            if (s->terrain[c] != TR_OPEN)
                return fail(msg, n, "mound on (%d,%d) is not on Open ground (A-09)", D->cell[c].q, D->cell[c].r);
        }
    }
    return 0;
}

/* Seat i: each token in one place with the status and cell that place means, at most a hand of
 * tokens, mounds in reserve or on the board, one token used per turn; *total
 * counts its pieces on the board. */
static int check_seat(const tm_state *s, const tm_data *D, int i, int *total, char *msg, size_t n)
{
    bool limbo = s->phase == PH_RETREAT; /* the attacker is off the board until it lands */
    const tm_seat *P = &s->seat[i];
    int ntok = D->swarm[s->swarm[i]].ntok;
    if ((P->hand & P->stack) || (P->hand & P->board) || (P->stack & P->board))
        return fail(msg, n, "seat %d: a token in two places", i + 1);
    if (__builtin_popcount(P->hand) > D->hand_size)
        return fail(msg, n, "seat %d holds %d tokens (R-16)", i + 1, __builtin_popcount(P->hand));
    for (int k = 0; k < ntok; k++) {
        int want = P->stack >> k & 1 ? TK_STACK : P->hand >> k & 1 ? TK_HAND : P->board >> k & 1 ? TK_BOARD : -1;
        bool mover = limbo && i == s->turn && k == s->sel;
        if (want >= 0 ? P->tok_st[k] != want : (P->tok_st[k] != TK_DEAD && P->tok_st[k] != TK_DISCARDED && !mover))
            return fail(msg, n, "seat %d token %d: status %d", i + 1, k, P->tok_st[k]);
        if (want == TK_BOARD && (P->tok_cell[k] >= D->ncells || s->piece[P->tok_cell[k]] != TM_UNIT(i, k)))
            return fail(msg, n, "seat %d token %d: cell mismatch", i + 1, k);
        if (want != TK_BOARD && P->tok_cell[k] != TM_NO_CELL)
            return fail(msg, n, "seat %d token %d: off-board token has a cell", i + 1, k);
        if (want == TK_BOARD)
            (*total)++;
    }
    for (int k = 0; k < D->nmounds; k++) {
        bool res = P->reserve >> k & 1;
        if (res && P->mound_cell[k] != TM_NO_CELL)
            return fail(msg, n, "seat %d mound %d both in reserve and on the board", i + 1, k);
        if (P->mound_cell[k] != TM_NO_CELL)
            (*total)++;
    }
    /* every turn uses exactly one token (deployed or discarded) */
    int left = __builtin_popcount(P->hand | P->stack), used = ntok - left;
    int ph = s->phase;
    int done = P->turns + (i == s->turn && s->round > 0 &&
                           ((ph >= PH_MOVE && ph <= PH_REPLACE) || (ph == PH_DRAW && s->after_draw == PH_MOVE)));
    if (used != done && !(left == 0 && used < done))
        return fail(msg, n, "seat %d: %d turns with %d tokens used", i + 1, P->turns, used);
    return 0;
}

int tm_check(const void *st, const fc_env *env, char *msg, size_t n)
{
    const tm_state *s = st;
    const tm_data *D = D_(env);
    int pieces = 0, total = 0;
    if (s->nseats != env->nseats || s->turn >= s->nseats || s->first >= s->nseats)
        return fail(msg, n, "seat bookkeeping: nseats %d turn %d first %d", s->nseats, s->turn, s->first);
    if (check_board(s, D, &pieces, msg, n) < 0 || tm_build_check(D, s, msg, n) < 0)
        return -1;
    for (int i = 0; i < s->nseats; i++) {
        if (s->swarm[i] >= D->nswarms)
            return fail(msg, n, "seat %d plays no swarm", i + 1);
        for (int j = 0; j < i; j++)
            if (s->swarm[j] == s->swarm[i])
                return fail(msg, n, "seats %d and %d play the same swarm (R-09)", j + 1, i + 1);
        if (D->fixed_swarm[0] >= 0 && s->swarm[i] != D->fixed_swarm[i])
            return fail(msg, n, "seat %d plays swarm %d, the rule set says %d", i + 1, s->swarm[i], D->fixed_swarm[i]);
    }
    for (int i = 0; i < s->nseats; i++)
        if (check_seat(s, D, i, &total, msg, n) < 0)
            return -1;
    for (int k = 0; k < TM_MAX_NEUTRAL; k++)
        total += s->neutral_cell[k] != TM_NO_CELL;
    if (total != pieces)
        return fail(msg, n, "%d pieces on the board, %d recorded", pieces, total);
    /* all scores sum to the mounds dealt plus the neutral mounds captured */
    int sum = 0, per = 0;
    for (int k = 0; k < D->nmounds; k++)
        per += D->mound_value[k];
    for (int i = 0; i < s->nseats; i++)
        sum += base_score(D, s, i, false);
    int expect = per * s->nseats + D->neutral_value * s->neutral_taken;
    if (sum != expect)
        return fail(msg, n, "scores add up to %d, expected %d (R-42)", sum, expect);
    if (s->phase == PH_OVER)
        for (int i = 0; i < s->nseats; i++)
            if (s->seat[i].hand | s->seat[i].stack)
                return fail(msg, n, "game over with tokens left for seat %d (R-39)", i + 1);
    return 0;
}
