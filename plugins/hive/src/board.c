/* Hive board: setup, applying decisions, the end of the game (H-22) and invariants. */
#include <stdio.h>
#include <string.h>

#include "hive.h"

const uint8_t hv_kind_bug[HV_KINDS] = {BUG_Q, BUG_S, BUG_S, BUG_B, BUG_B, BUG_G, BUG_G,
                                       BUG_G, BUG_A, BUG_A, BUG_A, BUG_M, BUG_L, BUG_P};
const uint8_t hv_kind_num[HV_KINDS] = {0, 1, 2, 1, 2, 1, 2, 3, 1, 2, 3, 0, 0, 0};

bool hv_kind_used(int exp, int kind)
{
    switch (hv_kind_bug[kind]) {
    case BUG_M:
        return exp & EXP_M;
    case BUG_L:
        return exp & EXP_L;
    case BUG_P:
        return exp & EXP_P;
    default:
        return true;
    }
}

void hv_setup(hv_state *s, int exp)
{
    memset(s, 0, sizeof *s);
    memset(s->top, HV_NONE, sizeof s->top);
    memset(s->below, HV_NONE, sizeof s->below);
    for (int p = 0; p < HV_PIECES; p++)
        s->cell[p] = HV_OFF;
    s->exp = (uint8_t)exp;
    s->result = GS_NOT_STARTED;
    s->last = HV_NONE;
    s->tournament[0] = s->tournament[1] = 1;
    s->queen_turn[0] = s->queen_turn[1] = 4;
    s->surround[0] = s->surround[1] = 6;
    s->draw_turns = 300;
}

/* Occupied neighbours of a colour's Queen (0 when not in play). */
int hv_surrounded(const hv_state *s, int color)
{
    int c = s->cell[color * HV_KINDS];
    if (c == HV_OFF)
        return 0;
    int n = 0, nb[6];
    hv_nbs(c, nb);
    for (int d = 0; d < 6; d++)
        n += s->top[nb[d]] != HV_NONE;
    return n;
}

void hv_rekey(hv_state *s)
{
    s->key = 0;
    s->onboard = 0;
    memset(s->tops, 0, sizeof s->tops);
    for (int p = 0; p < HV_PIECES; p++)
        if (s->cell[p] != HV_OFF) {
            int c = s->cell[p];
            s->key ^= hv_piece_key(p, c, s->level[p]);
            s->onboard |= 1u << p;
            if (s->top[c] == p)
                s->tops[hv_color(p)][hv_r(c)] |= 1u << hv_q(c);
        }
    hv_pin_clear(s);
}

uint64_t hv_hash(const hv_state *s)
{
    uint64_t h = s->key ^ hv_mix(0x5100000000ull | ((uint64_t)s->last << 1) | (uint64_t)(s->turn & 1));
    if (s->cell[0] == HV_OFF || s->cell[HV_KINDS] == HV_OFF)
        h ^= hv_mix(0x7700000000ull | s->turn);
    return h;
}

/* The repetition draw: this position's key (board and player to move) is compared with the
 * ones since the last placement. */
static bool third_time(hv_state *s, bool placed)
{
    uint64_t k = s->key ^ (s->turn & 1 ? 0x9E3779B97F4A7C15ull : 0);
    int seen = 0;
    if (placed)
        s->nrep = s->rep_next = 0;
    for (int i = 0; i < s->nrep; i++)
        seen += s->rep[i] == k;
    s->rep[s->rep_next] = k;
    s->rep_next = (uint8_t)((s->rep_next + 1) % HV_REP);
    if (s->nrep < HV_REP)
        s->nrep++;
    return seen >= 2;
}

/* Whether the colour's Queen may have more occupied neighbours after piece p arrived at `to`:
 * the Queen moved, or `to` is next to it. */
static bool queen_touched(const hv_state *s, int color, int p, int to)
{
    int q = s->cell[color * HV_KINDS];
    if (q == HV_OFF)
        return false;
    return p == color * HV_KINDS || hv_adjacent(to, q);
}

/* The result once it is known whether each Queen is surrounded (w: White's, b: Black's): both
 * at once, or the turn limit reached, is a draw. */
static uint8_t result_of(const hv_state *s, bool w, bool b)
{
    if (w && b)
        return GS_DRAW;
    if (w || b)
        return w ? GS_BLACK_WINS : GS_WHITE_WINS;
    return s->turn >= s->draw_turns ? GS_DRAW : GS_IN_PROGRESS;
}

/* hv_set_result after decision d from a game in progress, where neither Queen was surrounded:
 * leaving a cell never adds a neighbour, so only a Queen touched by the arrival is counted. */
static void result_after(hv_state *s, fc_decision d)
{
    bool w = false, b = false;
    if (d != HV_PASS) {
        int p = HV_D_PIECE(d), to = HV_D_CELL(d);
        w = queen_touched(s, 0, p, to) && hv_surrounded(s, 0) >= s->surround[0];
        b = queen_touched(s, 1, p, to) && hv_surrounded(s, 1) >= s->surround[1];
    }
    s->result = result_of(s, w, b);
}

int hv_apply(hv_state *s, fc_decision d)
{
    bool in_progress = s->result == GS_IN_PROGRESS;
    bool placed = d != HV_PASS && s->cell[HV_D_PIECE(d)] == HV_OFF;
    if (d == HV_PASS) {
        s->last = HV_NONE;
        if (s->pin_ok != PIN_VALID) /* PIN_PENDING needs the piece moved last */
            s->pin_ok = PIN_STALE;
    } else {
        int p = HV_D_PIECE(d), to = HV_D_CELL(d), from = s->cell[p];
        /* the pinned set is carried over lazily (hv_pinned) from a known one */
        s->pin_ok = s->pin_ok == PIN_VALID ? PIN_PENDING : PIN_STALE;
        s->pin_from = (uint16_t)from;
        if (from != HV_OFF) {
            int b = s->below[p];
            s->top[from] = (uint8_t)b;
            s->key ^= hv_piece_key(p, from, s->level[p]);
            s->tops[hv_color(p)][hv_r(from)] &= ~(1u << hv_q(from));
            if (b != HV_NONE)
                s->tops[hv_color(b)][hv_r(from)] |= 1u << hv_q(from);
        }
        if (s->top[to] != HV_NONE)
            s->tops[hv_color(s->top[to])][hv_r(to)] &= ~(1u << hv_q(to));
        s->tops[hv_color(p)][hv_r(to)] |= 1u << hv_q(to);
        s->below[p] = s->top[to];
        s->level[p] = (uint8_t)hv_height(s, to);
        s->key ^= hv_piece_key(p, to, s->level[p]);
        s->onboard |= 1u << p;
        s->top[to] = (uint8_t)p;
        s->cell[p] = (uint16_t)to;
        s->last = (uint8_t)p;
    }
    s->turn++;
    if (in_progress)
        result_after(s, d);
    else
        hv_set_result(s);
    if (s->repetition && s->result == GS_IN_PROGRESS && third_time(s, placed))
        s->result = GS_DRAW;
    return 0;
}

void hv_set_result(hv_state *s)
{
    bool w = hv_surrounded(s, 0) >= s->surround[0], b = hv_surrounded(s, 1) >= s->surround[1];
    s->result = s->turn == 0 ? GS_NOT_STARTED : result_of(s, w, b);
}

/* A match's decision: nothing kept of the pinned set (hive.h). */
static int apply_for_match(hv_state *s, fc_decision d)
{
    hv_apply(s, d);
    hv_pin_clear(s);
    return 0;
}

/* Checks d against the legal decisions of its piece only (or the pass rule); the state it leaves
 * keeps no pinned set (hive.h: PIN_NONE). */
int hv_apply_checked(hv_state *s, fc_decision d)
{
    fc_decision buf[HV_MAX_DECISIONS];
    if (hv_to_move(s) < 0)
        return FC_EILLEGAL;
    if (d == HV_PASS) {
        int n = hv_legal(s, buf, -1);
        if (n != 1 || buf[0] != HV_PASS)
            return FC_EILLEGAL;
        return apply_for_match(s, d);
    }
    if ((d & ~0x7FFFu) != 0 || HV_D_PIECE(d) >= HV_PIECES)
        return FC_EILLEGAL;
    int n = hv_legal(s, buf, HV_D_PIECE(d));
    for (int i = 0; i < n; i++)
        if (buf[i] == d)
            return apply_for_match(s, d);
    return FC_EILLEGAL;
}

#define BAD(...) \
    do { \
        snprintf(msg, n, __VA_ARGS__); \
        return -1; \
    } while (0)

int hv_check(const hv_state *s, char *msg, size_t n)
{
    int onboard = 0;
    for (int p = 0; p < HV_PIECES; p++) {
        if (s->cell[p] == HV_OFF) {
            if (s->below[p] != HV_NONE || s->level[p] != 0)
                BAD("piece %d in hand has a stack link", p);
            continue;
        }
        if (!hv_kind_used(s->exp, p % HV_KINDS))
            BAD("piece %d of an unused expansion is on the board", p);
        onboard++;
        int b = s->below[p];
        if (b == HV_NONE ? s->level[p] != 0
                         : (b >= HV_PIECES || s->cell[b] != s->cell[p] || s->level[b] + 1 != s->level[p]))
            BAD("piece %d: stack link inconsistent", p);
        if (s->level[p] > 0 && hv_bug(p) != BUG_B && hv_bug(p) != BUG_M)
            BAD("piece %d on a stack is neither Beetle nor Mosquito", p);
    }
    int tops = 0, pieces = 0;
    for (int c = 0; c < HV_CELLS; c++) {
        int t = s->top[c];
        if (t == HV_NONE)
            continue;
        if (t >= HV_PIECES || s->cell[t] != c)
            BAD("cell %d: top piece %d is elsewhere", c, t);
        tops++;
        for (int p = t; p != HV_NONE; p = s->below[p])
            pieces++;
    }
    if (pieces != onboard)
        BAD("%d pieces on the board but %d in stacks", onboard, pieces);
    /* H-08: the occupied cells form one group */
    int start = -1, stack[HV_PIECES], sp = 0, reached = 0;
    uint8_t mark[HV_CELLS];
    memset(mark, 0, sizeof mark);
    for (int c = 0; c < HV_CELLS && start < 0; c++)
        if (s->top[c] != HV_NONE)
            start = c;
    if (start >= 0) {
        stack[sp++] = start;
        mark[start] = 1;
        while (sp > 0) {
            int c = stack[--sp];
            reached++;
            for (int d = 0; d < 6; d++) {
                int y = hv_nb(c, d);
                if (s->top[y] != HV_NONE && !mark[y] && sp < HV_PIECES) {
                    mark[y] = 1;
                    stack[sp++] = y;
                }
            }
        }
    }
    if (reached != tops)
        BAD("the hive is split: %d of %d cells connected (H-08)", reached, tops);
    if (s->turn > 0 && hv_to_move(s) >= 0 && s->result != GS_IN_PROGRESS)
        BAD("game state %d after turn %d", s->result, s->turn);
    if (s->last != HV_NONE && (s->last >= HV_PIECES || s->cell[s->last] == HV_OFF))
        BAD("the piece moved last (%d) is not on the board", s->last);
    hv_state k = *s;
    hv_rekey(&k);
    if (memcmp(k.tops, s->tops, sizeof s->tops) != 0)
        BAD("the rows of top pieces by colour disagree with the board");
    if (k.key != s->key || k.onboard != s->onboard)
        BAD("Zobrist key %016llx and board mask %07x, but the pieces give %016llx and %07x", (unsigned long long)s->key,
            s->onboard, (unsigned long long)k.key, k.onboard);
    if (s->pin_ok > PIN_STALE)
        BAD("pin_ok %d is none of PIN_NONE, PIN_VALID, PIN_PENDING, PIN_STALE", s->pin_ok);
    if (s->pin_ok == PIN_NONE && (s->pinned != 0 || s->pin_from != 0))
        BAD("no pinned set kept, but pinned %07x and pin_from %d are not 0", s->pinned, s->pin_from);
    hv_state c = *s; /* the kept (or carried-over) pinned set, on a copy */
    uint32_t fresh = hv_pinned_fresh(s);
    if ((s->pin_ok == PIN_VALID || s->pin_ok == PIN_PENDING) && hv_pinned(&c) != fresh)
        BAD("pinned pieces %07x kept, but the hive gives %07x (H-08)", c.pinned, fresh);
    return 0;
}
