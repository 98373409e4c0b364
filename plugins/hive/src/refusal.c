/* Why a MoveString is refused: the notation (an unknown piece, a form that is not a MoveString),
 * a piece or reference that is not there, the game over, or the rule of H-03..H-21 that the move
 * breaks. Only the error path calls this, so it may list a piece's moves and walk the hive. */
#include <stdio.h>
#include <string.h>

#include "refusal.h"

#define ANY_EXP (EXP_M | EXP_L | EXP_P)

static const char *const color_title[2] = {"White", "Black"};

static void name(int p, char buf[8]) { hv_piece_name(p, buf, 8); }

/* A whole word that names a piece of some game type, or -1. */
static int word_piece(const char *w, size_t len)
{
    char t[8];
    int p;
    if (len == 0 || len >= sizeof t)
        return -1;
    memcpy(t, w, len);
    t[len] = '\0';
    return hv_parse_piece(t, ANY_EXP, &p) == (int)len ? p : -1;
}

static void game_over(const hv_state *s, char *why, size_t n)
{
    bool limit = s->result == GS_DRAW && s->turn >= s->draw_turns && hv_surrounded(s, 0) < s->surround[0] &&
                 hv_surrounded(s, 1) < s->surround[1];
    if (limit)
        snprintf(why, n, "the game is already over: a Draw at the limit of %d decisions (parameter draw_turns, 0 for "
                         "no limit; H-22)", s->draw_turns);
    else
        snprintf(why, n, "the game is already over (%s after %d decisions)", hv_state_names[s->result], s->turn);
}

/* For a text hv_move_parse cannot read: which word is wrong. */
static void not_read(const char *t, char *why, size_t n)
{
    size_t k = strcspn(t, " ");
    if (word_piece(t, k) < 0) {
        snprintf(why, n, "unknown piece '%.*s' (pieces: wQ, wS1, wS2, wB1, wB2, wG1..wG3, wA1..wA3, wM, wL, wP; "
                         "b for Black)", (int)k, t);
        return;
    }
    const char *r = t + k + (t[k] == ' ');
    size_t a = strspn(r, "-/\\"), len = strcspn(r + a, "-/\\");
    if (t[k] == ' ' && a <= 1 && len > 0 && word_piece(r + a, len) < 0) {
        snprintf(why, n, "unknown reference piece '%.*s'", (int)len, r + a);
        return;
    }
    snprintf(why, n, "not a MoveString: a piece, one space and a reference piece with at most one mark (- / \\) "
                     "before or after it, as in 'wA1 -bQ'");
}

/* For a well-formed text hv_move_parse refuses: a piece not in the game type, a lone piece after
 * the first move, a reference piece not on the board. */
static void not_playable(const hv_state *s, const char *t, char *why, size_t n)
{
    char type[16];
    hv_type_text(s->exp, type, sizeof type);
    size_t k = strcspn(t, " ");
    int p = word_piece(t, k);
    if (p >= 0 && !hv_kind_used(s->exp, p % HV_KINDS)) {
        snprintf(why, n, "no piece %.*s in game type %s", (int)k, t, type);
        return;
    }
    if (!t[k]) {
        snprintf(why, n, "a piece alone is only the first move of the game (name a reference piece next to the "
                         "destination)");
        return;
    }
    const char *r = t + k + 1;
    r += strspn(r, "-/\\");
    size_t len = strcspn(r, "-/\\");
    int ref = word_piece(r, len);
    if (ref >= 0 && !hv_kind_used(s->exp, ref % HV_KINDS))
        snprintf(why, n, "no piece %.*s in game type %s", (int)len, r, type);
    else if (ref >= 0 && s->cell[ref] == HV_OFF)
        snprintf(why, n, "the reference piece %.*s is not on the board", (int)len, r);
    else
        snprintf(why, n, "it cannot be played now");
}

static void placement(const hv_state *s, int p, int dest, char *why, size_t n)
{
    int color = hv_to_move(s), k = p % HV_KINDS, pturn = s->turn / 2 + 1;
    char me[8], other[8];
    name(p, me);
    if (hv_color(p) != color) {
        snprintf(why, n, "%s is %s's piece, and %s is to play", me, color_title[!color], color_title[color]);
    } else if (hv_kind_num[k] > 1 && s->cell[p - 1] == HV_OFF) {
        name(p - 1, other);
        snprintf(why, n, "%s before %s: the pieces of a bug enter in number order (H-23)", me, other);
    } else if (hv_bug(p) == BUG_Q && pturn == 1 && s->tournament[color]) {
        snprintf(why, n, "the tournament opening forbids the Queen on a player's first turn (H-06)");
    } else if (hv_bug(p) != BUG_Q && !hv_queen_in_play(s, color) && pturn >= s->queen_turn[color]) {
        snprintf(why, n, "%s must place the Queen now, on their turn %d (H-06)", color_title[color], pturn);
    } else if (s->top[dest] != HV_NONE) {
        name(s->top[dest], other);
        snprintf(why, n, "%s is placed on an empty cell, not on top of %s (H-05)", me, other);
    } else if (s->turn == 1) {
        snprintf(why, n, "Black's first piece goes next to White's (H-04)");
    } else {
        int touch = -1;
        for (int e = 0; e < 6; e++) {
            int t = s->top[hv_nb(dest, e)];
            if (t != HV_NONE && hv_color(t) != color)
                touch = t;
        }
        if (touch >= 0) {
            name(touch, other);
            snprintf(why, n, "that cell touches %s: a piece from hand touches only its own colour (H-05)", other);
        } else {
            snprintf(why, n, "that cell is not next to a %s piece (H-05)", color_title[color]);
        }
    }
}

/* Whether lifting the single piece on cell c splits the hive (H-08). */
static bool splits(const hv_state *s, int c)
{
    int stack[HV_PIECES], sp = 0, reached = 0, cells = 0, start = -1;
    uint8_t mark[HV_CELLS] = {0};
    for (int x = 0; x < HV_CELLS; x++)
        if (s->top[x] != HV_NONE && x != c) {
            cells++;
            start = x;
        }
    if (start < 0)
        return false;
    mark[start] = 1;
    stack[sp++] = start;
    while (sp > 0) {
        int x = stack[--sp];
        reached++;
        for (int d = 0; d < 6; d++) {
            int y = hv_nb(x, d);
            if (y != c && s->top[y] != HV_NONE && !mark[y] && sp < HV_PIECES) {
                mark[y] = 1;
                stack[sp++] = y;
            }
        }
    }
    return reached != cells;
}

static void movement(const hv_state *s, int p, int dest, char *why, size_t n)
{
    int color = hv_to_move(s), c = s->cell[p];
    char me[8], other[8];
    name(p, me);
    fc_decision buf[HV_MAX_DECISIONS];
    int k = hv_legal(s, buf, p);
    if (hv_color(p) != color && k == 0) {
        snprintf(why, n, "%s is %s's piece, and %s is to play (no Pillbug can throw it now, H-20)", me,
                 color_title[!color], color_title[color]);
    } else if (!hv_queen_in_play(s, color)) {
        snprintf(why, n, "%s moves no piece before their Queen is in play (H-07)", color_title[color]);
    } else if (s->top[c] != p) {
        name(s->top[c], other);
        snprintf(why, n, "%s is covered by %s and cannot move (H-11)", me, other);
    } else if (p == s->last) {
        snprintf(why, n, "%s was moved or placed on the last turn and cannot move now (H-21)", me);
    } else if (dest == c) {
        snprintf(why, n, "%s is already there", me);
    } else if (k > 0) {
        snprintf(why, n, "%s cannot reach that cell now (it has %d other destination%s)", me, k, k == 1 ? "" : "s");
    } else if (s->level[p] == 0 && splits(s, c)) {
        snprintf(why, n, "moving %s would split the hive (H-08)", me);
    } else {
        snprintf(why, n, "%s has no legal move now (it cannot slide out, H-09)", me);
    }
}

void hv_refusal(const hv_state *s, const char *text, char *why, size_t n)
{
    char t[32];
    text += strspn(text, " \t");
    size_t len = strlen(text);
    while (len > 0 && strchr(" \t\r\n", text[len - 1]))
        len--;
    if (len == 0 || len >= sizeof t) {
        snprintf(why, n, "not a MoveString (%s)", len ? "too long" : "empty");
        return;
    }
    memcpy(t, text, len);
    t[len] = '\0';
    fc_decision d;
    int rc = hv_move_parse(s, t, &d);
    if (rc == FC_EPARSE)
        not_read(t, why, n);
    else if (rc != 0)
        not_playable(s, t, why, n);
    else if (hv_to_move(s) < 0)
        game_over(s, why, n);
    else if (d == HV_PASS)
        snprintf(why, n, "a pass is legal only when no piece can be placed or moved (H-03)");
    else if (s->cell[HV_D_PIECE(d)] == HV_OFF)
        placement(s, HV_D_PIECE(d), HV_D_CELL(d), why, n);
    else
        movement(s, HV_D_PIECE(d), HV_D_CELL(d), why, n);
}
