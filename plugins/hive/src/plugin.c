/* Hive plugin descriptor: parameters, hook points, the vtable, view and evaluation. */
#include <stdio.h>
#include <string.h>

#include "hive.h"
#include "hv_import.h"
#include "hive_rules_text.h"

/* draw_turns 0 (no limit): the state's counter stops short of this many decisions */
#define HV_NO_DRAW_LIMIT UINT16_MAX

/* Game types in the order of the game_type parameter's choices. */
static const uint8_t type_exp[8] = {0, EXP_M, EXP_L, EXP_P, EXP_M | EXP_L, EXP_M | EXP_P, EXP_L | EXP_P,
                                    EXP_M | EXP_L | EXP_P};

static const fc_param_def params[P_COUNT] = {
    [P_GAME_TYPE] = {"game_type", FC_PARAM_ENUM, 0, 0, 7, NULL,
                     "Base|Base+M|Base+L|Base+P|Base+ML|Base+MP|Base+LP|Base+MLP", 0, 0,
                     "UHP game type: the base game and the expansion pieces in use (H-01, H-02)"},
    [P_QUEEN_TURN] = {"queen_turn", FC_PARAM_INT, 4, 2, 10, NULL, NULL, 0, 0,
                      "each player's Queen must be in play by this turn of theirs (H-06)"},
    [P_TOURNAMENT] = {"tournament", FC_PARAM_BOOL, 1, 0, 1, NULL, NULL, 0, 0,
                      "tournament opening: no Queen on a player's first turn (H-06)"},
    [P_DRAW_TURNS] = {"draw_turns", FC_PARAM_INT, 300, 0, HV_MAX_PLIES - 12, NULL, NULL, 0, 0,
                      "a game without result after this many decisions (both players) is a draw; 0: no limit (H-22)"},
    [P_REPETITION] = {"repetition", FC_PARAM_BOOL, 0, 0, 1, NULL, NULL, 0, 0,
                      "house rule, not in the official rules: a position that occurs for the third time with the same "
                      "player to move is a draw (positions since the last placement, the newest 32)"},
};

static const fc_hook_def hooks[H_COUNT] = {
    [H_QUEEN_TURN] = {"queen_turn", "(seat, turn) -> the seat's turn by which its Queen must be in play; at setup",
                      2, 1u, 0, 2, 10},
    [H_OPENING] = {"opening", "(seat, 0/1) -> 1 if the seat may not place its Queen on its first turn; at setup", 2,
                   1u, 0, 0, 1},
    [H_DRAW_TURNS] = {"draw_turns", "(decisions) -> decisions after which the game is a draw, 0 for no limit; at setup",
                      1, 0, 0, 0, HV_MAX_PLIES - 12},
    [H_SURROUND] = {"surround", "(seat, 6) -> occupied neighbours of the seat's Queen that lose; at setup", 2, 1u, 0,
                    3, 6},
};

static int q_turn(void *vst, const fc_env *env, const int64_t *args, int64_t *result)
{
    (void)env, (void)args;
    *result = ((const hv_state *)vst)->turn;
    return 0;
}

static int q_in_hand(void *vst, const fc_env *env, const int64_t *args, int64_t *result)
{
    (void)env;
    const hv_state *s = vst;
    if (args[0] < 0 || args[0] > 1)
        return FC_ERANGE;
    int n = 0;
    for (int k = 0; k < HV_KINDS; k++)
        n += hv_kind_used(s->exp, k) && s->cell[args[0] * HV_KINDS + k] == HV_OFF;
    *result = n;
    return 0;
}

static int q_queen_neighbours(void *vst, const fc_env *env, const int64_t *args, int64_t *result)
{
    (void)env;
    if (args[0] < 0 || args[0] > 1)
        return FC_ERANGE;
    *result = hv_surrounded(vst, (int)args[0]);
    return 0;
}

static const fc_lua_fn queries[] = {
    {"turn", "() -> decisions made so far", 0, 0, q_turn},
    {"in_hand", "(seat) -> pieces the seat still has in hand", 1, 1u, q_in_hand},
    {"queen_neighbours", "(seat) -> occupied cells around the seat's Queen (0 if not placed)", 1, 1u,
     q_queen_neighbours},
};

static int64_t hook(const fc_env *env, int h, hv_state *s, int64_t a, int64_t b, int nargs, int64_t dflt)
{
    if (!FC_HOOKED(env, h))
        return dflt;
    int64_t args[2] = {a, b};
    return env->host->hook_int(env, h, s, args, nargs, dflt);
}

static int hv_init(void *st, const fc_env *env, fc_rng *rng, fc_error *err)
{
    (void)rng, (void)err;
    hv_state *s = st;
    hv_setup(s, type_exp[env->params[P_GAME_TYPE].i]);
    for (int seat = 0; seat < 2; seat++) {
        int qt = (int)env->params[P_QUEEN_TURN].i, tr = (int)env->params[P_TOURNAMENT].i;
        s->queen_turn[seat] = (uint8_t)hook(env, H_QUEEN_TURN, s, seat, qt, 2, qt);
        s->tournament[seat] = (uint8_t)hook(env, H_OPENING, s, seat, tr, 2, tr);
        s->surround[seat] = (uint8_t)hook(env, H_SURROUND, s, seat, 6, 2, 6);
    }
    int64_t dt = hook(env, H_DRAW_TURNS, s, env->params[P_DRAW_TURNS].i, 0, 1, env->params[P_DRAW_TURNS].i);
    s->draw_turns = dt > 0 ? (uint16_t)dt : HV_NO_DRAW_LIMIT;
    s->repetition = (uint8_t)env->params[P_REPETITION].i;
    return 0;
}

static int vt_to_move(const void *st, const fc_env *env)
{
    (void)env;
    return hv_to_move(st);
}

static int vt_legal(const void *st, const fc_env *env, fc_decision *out, uint32_t *weights)
{
    (void)env, (void)weights;
    return hv_legal(st, out, -1);
}

static int vt_legal_count(const void *st, const fc_env *env)
{
    (void)env;
    return hv_legal_count(st);
}

static int vt_apply(void *st, const fc_env *env, fc_decision d)
{
    hv_state *s = st;
    int rc = hv_apply_checked(s, d);
    /* a move is all that happens: the front ends already show the decision, so only the end is
     * an event of its own */
    if (rc == 0 && env->events && hv_to_move(s) == FC_NOBODY)
        FC_EMIT(env, FC_ALL_SEATS, "game over: %s", hv_state_names[s->result]);
    return rc;
}

static int vt_text(const void *st, const fc_env *env, fc_decision d, char *buf, size_t n)
{
    (void)env;
    return hv_move_text(st, d, buf, n);
}

static int vt_parse(const void *st, const fc_env *env, const char *text, fc_decision *out)
{
    (void)env;
    return hv_move_parse(st, text, out);
}

static uint64_t vt_hash(const void *st, const fc_env *env)
{
    (void)env;
    return hv_hash(st);
}

static void vt_apply_legal(void *st, const fc_env *env, fc_decision d)
{
    (void)env;
    hv_apply(st, d);
}

static fc_hex view_hex(int c) { return (fc_hex){(int16_t)hv_sq(c), (int16_t)hv_sr(c)}; }

/* The view item of a colour's bugs of one kind in the hand (ids 1..16). */
static int hand_item_id(int color, int bug) { return color * BUG_COUNT + bug + 1; }

/* Kinds of decision (API minor 10): the groups vt_describe gives. */
enum { K_PLACE, K_MOVE, K_CLIMB, K_THROW, K_PASS, K_COUNT };
static const char *const kinds[K_COUNT] = {"place", "move", "climb", "throw", "pass"};

static int vt_decision_kind(const void *st, const fc_env *env, fc_decision d)
{
    (void)env;
    const hv_state *s = st;
    if (d == HV_PASS)
        return K_PASS;
    int p = HV_D_PIECE(d), c = HV_D_CELL(d);
    return s->cell[p] == HV_OFF ? K_PLACE : hv_color(p) != hv_to_move(s) ? K_THROW : hv_height(s, c) > 0 ? K_CLIMB : K_MOVE;
}

static void vt_describe(const void *st, const fc_env *env, fc_decision d, fc_decision_info *out)
{
    const hv_state *s = st;
    char t[32];
    hv_move_text(s, d, t, sizeof t);
    if (d == HV_PASS) {
        snprintf(out->label, sizeof out->label, "pass (no placement or move possible)");
        snprintf(out->group, sizeof out->group, "pass");
        return;
    }
    int p = HV_D_PIECE(d), c = HV_D_CELL(d);
    const char *how = kinds[vt_decision_kind(st, env, d)];
    snprintf(out->label, sizeof out->label, "%s (%s to %d,%d)", t, how, hv_sq(c), hv_sr(c));
    snprintf(out->group, sizeof out->group, "%s", how);
    out->hex = view_hex(c);
    out->has_hex = 1;
    /* the source, for picking the piece first: its hex, or its bug in the hand (view_hand) */
    if (s->cell[p] == HV_OFF) {
        out->from_item = hand_item_id(hv_color(p), hv_bug(p));
    } else {
        out->has_from = 1;
        out->from = view_hex(s->cell[p]);
    }
}

static void vt_scores(const void *st, const fc_env *env, int32_t *score, int *rank)
{
    (void)env;
    const hv_state *s = st;
    for (int seat = 0; seat < 2; seat++)
        score[seat] = hv_surrounded(s, 1 - seat); /* pressure on the other Queen */
    if (s->result == GS_WHITE_WINS || s->result == GS_BLACK_WINS) {
        int w = s->result == GS_BLACK_WINS;
        rank[w] = 0;
        rank[1 - w] = 1;
    } else if (s->result == GS_DRAW) {
        rank[0] = rank[1] = 0;
    } else {
        rank[0] = score[0] < score[1];
        rank[1] = score[1] < score[0];
    }
}

/* The evaluation and its weights: eval.c. */
static void vt_evaluate(const void *st, const fc_env *env, double *value) { hv_evaluate(st, env->data, value); }
static int vt_eval_weights(const fc_env *env, const fc_eval_weight **out) { return hv_eval_weights(env->data, out); }
static void vt_evaluate_weighted(const void *st, const fc_env *env, const double *w, double *value)
{
    (void)env;
    hv_evaluate_weighted(st, w, value);
}

/* A colour's hand as view items (API minor 8): one per bug with the number left, in the order
 * of the notation (Q S B G A M L P); a decision placing that bug names the item as its source. */
static void view_hand(const hv_state *s, const fc_host *h, fc_view *v, int color)
{
    static const char *const bug_name[BUG_COUNT] = {"Queen Bee", "Spider",   "Beetle",  "Grasshopper",
                                                    "Soldier Ant", "Mosquito", "Ladybug", "Pillbug"};
    static const char bug_glyph[BUG_COUNT] = {'Q', 'S', 'B', 'G', 'A', 'M', 'L', 'P'};
    int left[BUG_COUNT] = {0};
    for (int k = 0; k < HV_KINDS; k++)
        if (hv_kind_used(s->exp, k) && s->cell[color * HV_KINDS + k] == HV_OFF)
            left[hv_kind_bug[k]]++;
    for (int b = 0; b < BUG_COUNT; b++) {
        if (!left[b])
            continue;
        char glyph[2] = {(char)(color ? bug_glyph[b] - 'A' + 'a' : bug_glyph[b]), 0};
        h->view_item(v, hand_item_id(color, b), color, b == BUG_Q ? FC_PIECE_QUEEN : FC_PIECE_WORKER, color, left[b],
                     glyph, bug_name[b]);
    }
}

/* A colour's hand as one text line (a host older than API minor 8 has no trays). */
static void view_hand_text(const hv_state *s, const fc_host *h, fc_view *v, int color)
{
    char hand[96] = "";
    size_t len = 0;
    for (int k = 0; k < HV_KINDS; k++) {
        int p = color * HV_KINDS + k;
        if (!hv_kind_used(s->exp, k) || s->cell[p] != HV_OFF)
            continue;
        char name[8];
        hv_piece_name(p, name, sizeof name);
        len += (size_t)snprintf(hand + len, sizeof hand - len, "%s%s", len ? " " : "", name);
        if (len >= sizeof hand)
            break;
    }
    h->view_panel(v, color, "hand", "%s", hand[0] ? hand : "(empty)");
}

/* The hands, the Queens, the game type and the draw limit (side panels of the view). */
static void view_panels(const hv_state *s, const fc_host *h, fc_view *v)
{
    for (int color = 0; color < 2; color++) {
        if (FC_HOST_HAS(h, view_item))
            view_hand(s, h, v, color);
        else
            view_hand_text(s, h, v, color);
        if (hv_queen_in_play(s, color))
            h->view_panel(v, color, "queen", "%d of 6 neighbours occupied", hv_surrounded(s, color));
        else
            h->view_panel(v, color, "queen", "in hand: must be placed by turn %d", s->queen_turn[color]);
    }
    char gs[64];
    hv_type_text(s->exp, gs, sizeof gs);
    h->view_text(v, "type", "%s", gs);
    if (s->draw_turns == HV_NO_DRAW_LIMIT)
        h->view_text(v, "draw", "no draw limit");
    else
        h->view_text(v, "draw", "drawn after %d decisions", s->draw_turns);
}

static void vt_view(const void *st, const fc_env *env, int seat, fc_view *v)
{
    (void)seat;
    const hv_state *s = st;
    const fc_host *h = env->host;
    char type[16];
    hv_type_text(s->exp, type, sizeof type);
    if (hv_to_move(s) == FC_NOBODY)
        h->view_title(v, "Hive (%s) - %s after %d decisions", type, hv_state_names[s->result], s->turn);
    else
        h->view_title(v, "Hive (%s) - %s[%d] to play", type, s->turn % 2 ? "Black" : "White", s->turn / 2 + 1);
    snprintf(v->seat_names[0], sizeof v->seat_names[0], "White");
    snprintf(v->seat_names[1], sizeof v->seat_names[1], "Black");
    for (int c = 0; c < HV_CELLS; c++) {
        int t = s->top[c];
        if (t == HV_NONE)
            continue;
        fc_view_cell *cell = h->view_cell(v, view_hex(c), FC_TERRAIN_PLAIN, "hive");
        cell->owner = (int8_t)hv_color(t);
        int stack[HV_PIECES], n = 0;
        for (int p = t; p != HV_NONE && n < HV_PIECES; p = s->below[p])
            stack[n++] = p;
        /* glyphs from the top piece down (front ends showing one glyph show the top): upper
         * case White, lower case Black */
        int g = 0;
        for (int i = 0; i < n && g < (int)sizeof cell->glyphs - 1; i++) {
            char name[8];
            hv_piece_name(stack[i], name, sizeof name);
            cell->glyphs[g++] = (char)(hv_color(stack[i]) ? name[1] - 'A' + 'a' : name[1]);
        }
        cell->glyphs[g] = '\0';
        /* the pieces from the top down: the Queen as a queen, the other bugs as moving units */
        for (int i = 0; i < n; i++)
            h->view_piece(v, cell, hv_bug(stack[i]) == BUG_Q ? FC_PIECE_QUEEN : FC_PIECE_WORKER, hv_color(stack[i]), 1,
                          (char[2]){cell->glyphs[i < g ? i : 0], 0});
        if (s->last != HV_NONE && s->cell[s->last] == (uint16_t)c)
            h->view_highlight(v, cell, FC_HL_LAST);
        for (int i = 0; i < n; i++) /* a Queen with 4 or more of its 6 neighbours taken */
            if (hv_bug(stack[i]) == BUG_Q && hv_surrounded(s, hv_color(stack[i])) >= 4)
                h->view_highlight(v, cell, FC_HL_THREATENED);
        char top[8];
        hv_piece_name(t, top, sizeof top);
        snprintf(cell->label, sizeof cell->label, "%s (height %d)", top, n);
    }
    /* no cells for the empty places: front ends draw the decisions' destinations as targets
     * (a view cell would be drawn like a laid tile) */
    view_panels(s, h, v);
    /* the legend: piece letters as in UHP MoveStrings (wQ1, bA2) */
    h->view_legend(v, "Q q", "Queen Bee of White (upper case) or Black (lower case)");
    h->view_legend(v, "A a", "Soldier Ant");
    h->view_legend(v, "G g", "Grasshopper");
    h->view_legend(v, "B b", "Beetle (on top of a stack: the first glyph is the top piece)");
    h->view_legend(v, "S s", "Spider");
    h->view_legend(v, "M m", "Mosquito (expansion M)");
    h->view_legend(v, "L l", "Ladybug (expansion L)");
    h->view_legend(v, "P p", "Pillbug (expansion P)");
    h->view_legend(v, "wQ bA2", "a piece in UHP notation: colour, bug, number (none for Q, M, L, P)");
}

/* The rule that governs the decision now (for the rules key of front ends). */
static const char *vt_phase_topic(const void *st, const fc_env *env)
{
    (void)env;
    const hv_state *s = st;
    int color = hv_to_move(s);
    if (color < 0)
        return "H-22";
    if (s->turn < 2)
        return "H-04"; /* the first two pieces */
    if (!hv_queen_in_play(s, color))
        return s->turn / 2 + 1 >= s->queen_turn[color] ? "H-06" : "H-07";
    return "H-03";
}

static int vt_round(const void *st, const fc_env *env)
{
    (void)env;
    return ((const hv_state *)st)->turn / 2 + 1;
}

static int vt_check(const void *st, const fc_env *env, char *msg, size_t n)
{
    (void)env;
    return hv_check(st, msg, n);
}

static int vt_position_write(const void *st, const fc_env *env, char *buf, size_t n)
{
    (void)env;
    return hv_position_write(st, buf, n);
}

static int vt_position_read(void *st, const fc_env *env, const char *text, fc_error *err)
{
    return hv_position_read(st, env, text, err);
}

/* Sources of chance (API minor 11): none; Hive's setup and play draw nothing. */
static int vt_chance_source(const void *st, const fc_env *env, const char *const **names)
{
    static const char *const none[] = {NULL};
    (void)st, (void)env;
    *names = none;
    return -1;
}

/* Noisy decisions (API minor 12): a move that adds an occupied neighbour to the enemy Queen, or
 * climbs onto it (H-22: six neighbours lose), the moves after which the evaluation's Queen
 * pressure may be one answer from wrong. Placements cannot touch an enemy piece (H-05); a piece
 * already next to the Queen that steps around it, or a Beetle climbing onto a neighbour that is
 * already occupied, adds nothing. */
static int vt_noisy(const void *st, const fc_env *env, fc_decision *d, int n)
{
    (void)env;
    const hv_state *s = st;
    int eq = s->cell[(1 - hv_to_move(s)) * HV_KINDS], k = 0;
    if (eq == HV_OFF)
        return 0;
    for (int i = 0; i < n; i++) {
        if (d[i] == HV_PASS)
            continue;
        int from = s->cell[HV_D_PIECE(d[i])], to = HV_D_CELL(d[i]);
        if (from != HV_OFF && (to == eq || (s->top[to] == HV_NONE && hv_adjacent(to, eq) && from != eq &&
                                            !hv_adjacent(from, eq))))
            d[k++] = d[i];
    }
    return k;
}

const fc_game hv_game = {
    .struct_version = 1,
    .struct_size = sizeof(fc_game),
    .state_size = sizeof(hv_state),
    .max_decisions = HV_MAX_DECISIONS,
    .data_load = hv_data_load,
    .data_free = hv_data_free,
    .init = hv_init,
    .to_move = vt_to_move,
    .legal = vt_legal,
    .apply = vt_apply,
    .decision_text = vt_text,
    .decision_parse = vt_parse,
    .decision_describe = vt_describe,
    .scores = vt_scores,
    .evaluate = vt_evaluate,
    .view = vt_view,
    .round = vt_round,
    .check = vt_check,
    .position_write = vt_position_write,
    .position_read = vt_position_read,
    .phase_topic = vt_phase_topic,
    .hash = vt_hash,
    .apply_legal = vt_apply_legal,
    .eval_weights = vt_eval_weights,
    .evaluate_weighted = vt_evaluate_weighted,
    .legal_count = vt_legal_count,
    .kinds = kinds,
    .nkinds = K_COUNT,
    .decision_kind = vt_decision_kind,
    .chance_source = vt_chance_source,
    .noisy = vt_noisy,
};

static const fc_plugin plugin = {
    .struct_version = 1,
    .struct_size = sizeof(fc_plugin),
    .abi_major = FC_ABI_MAJOR,
    .api_minor = FC_API_MINOR,
    .id = "hive",
    .name = "Hive",
    .version = "1.0.0",
    .summary = "Hive with the Mosquito, Ladybug and Pillbug: surround the enemy Queen Bee (UHP notation)",
    .help = "Each turn place a piece from hand next to your own pieces only, or move a piece once your\n"
            "Queen is in play; the Queen must be in by your fourth turn. Decisions are UHP MoveStrings:\n"
            "'wA1 -bQ' puts White's first Ant west of Black's Queen; 'wB1 bQ' climbs on top of it.\n"
            "Surround the other Queen on all six sides to win.",
    .min_seats = 2,
    .max_seats = 2,
    .params = params,
    .nparams = P_COUNT,
    .hooks = hooks,
    .nhooks = H_COUNT,
    .queries = queries,
    .nqueries = (int)(sizeof queries / sizeof queries[0]),
    .actions = NULL,
    .nactions = 0,
    .game = &hv_game,
    .init = NULL,
    .rules_text = hive_rules_text,
    .imports = hv_import_formats,
    .nimports = (int)(sizeof hv_import_formats / sizeof hv_import_formats[0]),
};

FC_PLUGIN_ENTRY_POINT(plugin)
