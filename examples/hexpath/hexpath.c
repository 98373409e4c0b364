/* Hex Path: the example out-of-tree game of docs/writing-a-game.md. The game of Hex on a
 * size x size rhombus of hexes: Black (seat 1) joins the top and bottom rows, White (seat 2)
 * the left and right columns; a full board always has exactly one winner. With `swap` on,
 * White's first decision may be "swap": it takes Black's first stone as its own (the pie rule
 * that balances the first move). A variant may give extra stones per turn through the hook
 * `stones_per_turn` (result 1..3).
 *
 * Built against the installed SDK only (pkg-config formicary-plugin): it includes the public
 * header formicary/game.h, reaches host services through env->host, and exports one symbol. */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "formicary/game.h"

#define HP_MAX 11 /* largest board side */
#define HP_CELLS (HP_MAX * HP_MAX)
#define HP_SWAP 0xFFFFu /* the decision code of "swap" (cells are 0..HP_CELLS-1) */

enum { P_SIZE, P_SWAP, P_COUNT };
enum { H_STONES, H_COUNT };

typedef struct hp_state {
    uint8_t cell[HP_CELLS]; /* 0 empty, 1 Black, 2 White */
    int32_t seat;           /* seat to move */
    int32_t left;           /* stones the seat still places this turn */
    int32_t turn;           /* 1-based turn counter */
    int32_t stones;         /* stones on the board */
    int32_t winner;         /* seat, or -1 */
    int32_t swapped;        /* 1 once White used the pie rule */
} hp_state;

static const fc_param_def hp_params[P_COUNT] = {
    {"size", FC_PARAM_INT, 7, 3, HP_MAX, NULL, NULL, 0, 0, "side of the rhombus board, in hexes"},
    {"swap", FC_PARAM_BOOL, 1, 0, 1, NULL, NULL, 0, 0, "pie rule: White's first decision may take Black's stone"},
};

static const fc_hook_def hp_hooks[H_COUNT] = {
    {"stones_per_turn", "(seat, turn) -> stones the seat places this turn (1..3)", 2, 1u, 0, 1, 3},
};

static int hp_size(const fc_env *env) { return (int)env->params[P_SIZE].i; }

/* ---- rules ---- */

static int hp_stones_for(hp_state *s, const fc_env *env)
{
    if (!FC_HOOKED(env, H_STONES))
        return 1;
    int64_t args[2] = {s->seat, s->turn};
    return (int)env->host->hook_int(env, H_STONES, s, args, 2, 1);
}

static int hp_init(void *st, const fc_env *env, fc_rng *rng, fc_error *err)
{
    hp_state *s = st;
    memset(s, 0, sizeof *s);
    if (env->nseats != 2)
        return env->host->error_set(err, FC_ERANGE, "hexpath: %d seats, expected 2", env->nseats);
    s->turn = 1;
    s->winner = -1;
    s->left = hp_stones_for(s, env);
    return 0;
}

static int hp_to_move(const void *st, const fc_env *env)
{
    const hp_state *s = st;
    return s->winner >= 0 ? FC_NOBODY : s->seat;
}

static bool hp_can_swap(const hp_state *s, const fc_env *env)
{
    return env->params[P_SWAP].i && s->seat == 1 && s->turn == 2 && s->stones == 1 && !s->swapped;
}

static int hp_legal(const void *st, const fc_env *env, fc_decision *out, uint32_t *weights)
{
    const hp_state *s = st;
    int k = 0, n = hp_size(env);
    if (s->winner >= 0)
        return 0;
    for (int i = 0; i < n * n; i++)
        if (!s->cell[i])
            out[k++] = (fc_decision)i;
    if (hp_can_swap(s, env))
        out[k++] = HP_SWAP;
    return k;
}

/* Whether `seat` joins its two sides: a flood fill from its first side (no allocation). */
static bool hp_connected(const hp_state *s, int n, int seat)
{
    static const int dq[6] = {1, -1, 0, 0, 1, -1}, dr[6] = {0, 0, 1, -1, -1, 1};
    int stack[HP_CELLS], top = 0;
    bool seen[HP_CELLS] = {false};
    uint8_t mine = (uint8_t)(seat + 1);
    for (int i = 0; i < n; i++) {
        int c = seat == 0 ? i : i * n; /* Black: row 0; White: column 0 */
        if (s->cell[c] == mine && !seen[c])
            seen[c] = true, stack[top++] = c;
    }
    while (top > 0) {
        int c = stack[--top], q = c % n, r = c / n;
        if ((seat == 0 ? r : q) == n - 1)
            return true;
        for (int d = 0; d < 6; d++) {
            int nq = q + dq[d], nr = r + dr[d];
            if (nq < 0 || nr < 0 || nq >= n || nr >= n)
                continue;
            int o = nr * n + nq;
            if (s->cell[o] == mine && !seen[o])
                seen[o] = true, stack[top++] = o;
        }
    }
    return false;
}

static int hp_apply(void *st, const fc_env *env, fc_decision d)
{
    hp_state *s = st;
    int n = hp_size(env);
    if (s->winner >= 0)
        return FC_EILLEGAL;
    if (d == HP_SWAP) {
        if (!hp_can_swap(s, env))
            return FC_EILLEGAL;
        for (int i = 0; i < n * n; i++)
            if (s->cell[i])
                s->cell[i] = 2; /* the stone changes colour; a swap is a whole turn */
        s->swapped = 1;
        s->left = 1;
        FC_EMIT(env, FC_ALL_SEATS, "White swaps: the first stone is White's");
    } else {
        if (d >= (fc_decision)(n * n) || s->cell[d])
            return FC_EILLEGAL;
        s->cell[d] = (uint8_t)(s->seat + 1);
        s->stones++;
        FC_EMIT(env, FC_ALL_SEATS, "%s places at %c%d", s->seat ? "White" : "Black", 'a' + (int)(d % (unsigned)n),
                (int)(d / (unsigned)n) + 1);
        if (hp_connected(s, n, s->seat)) {
            s->winner = s->seat;
            FC_EMIT(env, FC_ALL_SEATS, "%s joins its sides and wins", s->seat ? "White" : "Black");
            return 0;
        }
    }
    if (--s->left > 0 && s->stones < n * n)
        return 0;
    s->seat = 1 - s->seat;
    s->turn++;
    s->left = hp_stones_for(s, env);
    return 0;
}

/* ---- notation: "c4" (column letter, row number) or "swap" ---- */

static int hp_decision_text(const void *st, const fc_env *env, fc_decision d, char *buf, size_t len)
{
    int n = hp_size(env);
    if (d == HP_SWAP)
        return snprintf(buf, len, "swap");
    if (d >= (fc_decision)(n * n))
        return FC_EINVAL;
    return snprintf(buf, len, "%c%d", 'a' + (int)(d % (unsigned)n), (int)(d / (unsigned)n) + 1);
}

static int hp_decision_parse(const void *st, const fc_env *env, const char *text, fc_decision *out)
{
    int n = hp_size(env);
    if (strcmp(text, "swap") == 0) {
        *out = HP_SWAP;
        return hp_can_swap(st, env) ? 0 : FC_EILLEGAL;
    }
    if (text[0] < 'a' || text[0] > 'z' || text[1] < '1' || text[1] > '9')
        return FC_EPARSE;
    int row = text[1] - '0';
    if (text[2] >= '0' && text[2] <= '9')
        row = row * 10 + (text[2] - '0');
    if (text[row >= 10 ? 3 : 2] != '\0')
        return FC_EPARSE;
    int col = text[0] - 'a';
    if (col >= n || row > n)
        return FC_EILLEGAL; /* well-formed, off this board */
    *out = (fc_decision)((row - 1) * n + col);
    return ((const hp_state *)st)->cell[*out] ? FC_EILLEGAL : 0;
}

static void hp_decision_describe(const void *st, const fc_env *env, fc_decision d, fc_decision_info *out)
{
    int n = hp_size(env);
    if (d == HP_SWAP) {
        snprintf(out->label, sizeof out->label, "swap: take Black's first stone as White's");
        snprintf(out->group, sizeof out->group, "swap");
        return;
    }
    snprintf(out->label, sizeof out->label, "place a stone at %c%d", 'a' + (int)(d % (unsigned)n),
             (int)(d / (unsigned)n) + 1);
    snprintf(out->group, sizeof out->group, "place");
    out->hex = fc_hex_make((int)(d % (unsigned)n), (int)(d / (unsigned)n));
    out->has_hex = 1;
}

/* ---- results ---- */

static void hp_scores(const void *st, const fc_env *env, int32_t *score, int *rank)
{
    const hp_state *s = st;
    for (int i = 0; i < 2; i++) {
        score[i] = s->winner == i;
        rank[i] = s->winner >= 0 && s->winner != i;
    }
}

/* Stones still needed to join the sides (0-1 shortest path: own stones free, empty cost 1),
 * by Bellman-Ford relaxation on the small board; HP_CELLS when blocked. */
static int hp_distance(const hp_state *s, int n, int seat)
{
    static const int dq[6] = {1, -1, 0, 0, 1, -1}, dr[6] = {0, 0, 1, -1, -1, 1};
    int dist[HP_CELLS];
    uint8_t mine = (uint8_t)(seat + 1);
    for (int c = 0; c < n * n; c++) {
        int q = c % n, r = c / n;
        bool start = (seat == 0 ? r : q) == 0;
        dist[c] = s->cell[c] && s->cell[c] != mine ? -1 : start ? (s->cell[c] ? 0 : 1) : HP_CELLS;
    }
    for (bool changed = true; changed;) {
        changed = false;
        for (int c = 0; c < n * n; c++) {
            if (dist[c] < 0)
                continue;
            int q = c % n, r = c / n, step = s->cell[c] ? 0 : 1;
            for (int d = 0; d < 6; d++) {
                int nq = q + dq[d], nr = r + dr[d];
                if (nq < 0 || nr < 0 || nq >= n || nr >= n || dist[nr * n + nq] < 0)
                    continue;
                if (dist[nr * n + nq] + step < dist[c])
                    dist[c] = dist[nr * n + nq] + step, changed = true;
            }
        }
    }
    int best = HP_CELLS;
    for (int i = 0; i < n; i++) {
        int c = seat == 0 ? (n - 1) * n + i : i * n + n - 1;
        if (dist[c] >= 0 && dist[c] < best)
            best = dist[c];
    }
    return best;
}

static void hp_evaluate(const void *st, const fc_env *env, double *value)
{
    const hp_state *s = st;
    if (s->winner >= 0) {
        value[0] = s->winner == 0, value[1] = s->winner == 1;
        return;
    }
    int n = hp_size(env);
    double a = hp_distance(s, n, 0), b = hp_distance(s, n, 1);
    value[0] = (b + 0.5) / (a + b + 1.0); /* fewer stones needed than the opponent: better */
    value[1] = 1.0 - value[0];
}

static int hp_round(const void *st, const fc_env *env) { return (((const hp_state *)st)->turn + 1) / 2; }

static void hp_view(const void *st, const fc_env *env, int seat, fc_view *v)
{
    const hp_state *s = st;
    const fc_host *h = env->host;
    int n = hp_size(env);
    if (s->winner >= 0)
        h->view_title(v, "%s wins after %d stones", s->winner ? "White" : "Black", (int)s->stones);
    else
        h->view_title(v, "Turn %d - %s places (%d left this turn)", (int)s->turn, s->seat ? "White" : "Black",
                      (int)s->left);
    for (int c = 0; c < n * n; c++) {
        int q = c % n, r = c / n;
        bool edge = r == 0 || r == n - 1 || q == 0 || q == n - 1;
        fc_view_cell *cell = h->view_cell(v, fc_hex_make(q, r), edge ? FC_TERRAIN_SAND : FC_TERRAIN_PLAIN,
                                          edge ? "edge" : "board");
        cell->owner = (int8_t)(s->cell[c] ? s->cell[c] - 1 : -1);
        snprintf(cell->glyphs, sizeof cell->glyphs, "%s", s->cell[c] == 1 ? "X" : s->cell[c] == 2 ? "O" : "");
        snprintf(cell->label, sizeof cell->label, "%c%d%s", 'a' + q, r + 1,
                 s->cell[c] == 1 ? ": Black" : s->cell[c] == 2 ? ": White" : "");
    }
    h->view_legend(v, "X", "a Black stone (seat 1: joins the top and bottom rows)");
    h->view_legend(v, "O", "a White stone (seat 2: joins the left and right columns)");
    for (int i = 0; i < 2; i++) {
        h->view_panel(v, i, "colour", "%s", i ? "White (left-right)" : "Black (top-bottom)");
        if (s->winner < 0)
            h->view_panel(v, i, "stones to connect", "%d", hp_distance(s, n, i));
    }
}

static int hp_check(const void *st, const fc_env *env, char *msg, size_t len)
{
    const hp_state *s = st;
    int n = hp_size(env), count = 0;
    for (int c = 0; c < HP_CELLS; c++) {
        if (s->cell[c] > 2 || (c >= n * n && s->cell[c]))
            return snprintf(msg, len, "cell %d holds %d", c, s->cell[c]), -1;
        count += s->cell[c] != 0;
    }
    if (count != s->stones || s->seat < 0 || s->seat > 1 || (s->winner < 0 && count == n * n))
        return snprintf(msg, len, "%d stones counted, %d recorded, seat %d, winner %d", count, (int)s->stones,
                        (int)s->seat, (int)s->winner), -1;
    return 0;
}

/* ---- Lua surface ---- */

static int hp_q_distance(void *st, const fc_env *env, const int64_t *args, int64_t *result)
{
    if (args[0] < 0 || args[0] > 1)
        return FC_EINVAL;
    *result = hp_distance(st, hp_size(env), (int)args[0]);
    return 0;
}

static int hp_q_stones(void *st, const fc_env *env, const int64_t *args, int64_t *result)
{
    *result = ((const hp_state *)st)->stones;
    return 0;
}

static const fc_lua_fn hp_queries[] = {
    {"distance", "(seat) -> stones the seat still needs to join its sides", 1, 1u, hp_q_distance},
    {"stones", "() -> stones on the board", 0, 0u, hp_q_stones},
};

static const fc_game hp_game = {
    .struct_version = 1,
    .struct_size = sizeof(fc_game),
    .state_size = sizeof(hp_state),
    .max_decisions = HP_CELLS + 1,
    .init = hp_init,
    .to_move = hp_to_move,
    .legal = hp_legal,
    .apply = hp_apply,
    .decision_text = hp_decision_text,
    .decision_parse = hp_decision_parse,
    .decision_describe = hp_decision_describe,
    .scores = hp_scores,
    .evaluate = hp_evaluate,
    .view = hp_view,
    .round = hp_round,
    .check = hp_check,
};

static const fc_plugin hp_plugin = {
    .struct_version = 1,
    .struct_size = sizeof(fc_plugin),
    .abi_major = FC_ABI_MAJOR,
    .api_minor = FC_API_MINOR,
    .id = "hexpath",
    .name = "Hex Path",
    .version = "1.0.0",
    .summary = "Example out-of-tree game: Hex, join your two sides of the rhombus with a chain of stones",
    .help = "Black (seat 1) joins the top and bottom rows, White (seat 2) the left and right\n"
            "columns. Each turn place one stone on an empty hex (notation: c4). With swap on,\n"
            "White's first decision may be 'swap' (take Black's first stone).",
    .min_seats = 2,
    .max_seats = 2,
    .params = hp_params,
    .nparams = P_COUNT,
    .hooks = hp_hooks,
    .nhooks = H_COUNT,
    .queries = hp_queries,
    .nqueries = (int)(sizeof hp_queries / sizeof hp_queries[0]),
    .game = &hp_game,
};

FC_PLUGIN_ENTRY_POINT(hp_plugin)
