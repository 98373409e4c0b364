/* Importing boardspace.net Hive SGF files. A file holds a game tree "(; ... )": the root node
 * names the variant (SU[hive], SU[hive-plm], ...) and the players (P0[id "name"], P1[id "name"]);
 * every later node is one command of player 0 or 1, numbered: "; P0[7 Dropb wG1 O 14 wL/]".
 * Commands (any case; old files write pieces without colour, "dropb s1", "move W L1"):
 *
 *   Start P0               the game starts (ignored)
 *   Pick C N P / Pickb C R P   a piece taken from the rack or the board (ignored: the drop says all)
 *   Dropb P C R REF        P lands on column C, row R, REF being where relative to a piece
 *                          ("wL/", "-bQ", "wG1\" (written "wG1\\" in SGF), "." for the first
 *                          piece or a climb onto an occupied cell)
 *   Pdropb ...             the same for a piece the Pillbug moved
 *   Move COLOR P C R REF, Pmove ...   a robot's move (or a Pillbug's) in one command
 *   Pass, Done             a pass; the end of the player's turn
 *   Resign, AcceptDraw     the game ends (OfferDraw, DeclineDraw, Edit are ignored)
 *   Drop ...               a piece put back on the rack: the turn's drop so far is undone
 *
 * A reference ending in '.' ("wQ.") is the top of that piece's stack; RE[...] ("won by NAME",
 * localized) gives the result when it names one player or says draw, else Resign/AcceptDraw,
 * else the board.
 * A player may drop a piece, pick it up again and drop it elsewhere before Done: the last drop
 * of the turn counts, and a piece dropped back where it stood is no move. Boardspace numbers
 * pieces by identity (wA2 may come down before wA1); UHP numbers them in placement order, so
 * pieces are renumbered as they are placed. Destinations are found from the reference piece and
 * cross-checked against the absolute coordinates (column, row), which also place a climb whose
 * reference is "."; the position is tracked with the plugin's own rules, and every move is
 * reported as a canonical UHP MoveString. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "hv_import.h"

#define COLS 26
#define ROWS 100
#define NONE16 (-1)
#define MAX_SEEN 64

typedef struct pending {
    int have, player, line, pass;
    int color; /* the colour a Move command names (a Pillbug moves the other's pieces), or -1 */
    char piece[16], ref[24], text[96];
    int col, row;
} pending;

typedef struct sgf {
    fc_import_sink *sink;
    hv_import_game g;
    hv_state s;
    int started;
    int16_t coord_cell[COLS * ROWS]; /* cell of each (column, row) seen, or -1 */
    int16_t seen[MAX_SEEN][3]; /* column, row, cell of the first coordinates seen (calibration) */
    int nseen;
    uint8_t ident[2][BUG_COUNT][4]; /* boardspace identity -> piece, HV_NONE */
    uint8_t assigned[HV_PIECES];
    char names[2][64];
    char re[96]; /* RE[...], the site's result */
    int first_player, su_exp, used_exp;
    const char *result;
    pending pend;
    int depth, lineno, node_line;
    fc_decision buf[HV_MAX_DECISIONS];
} sgf;

static const char bug_letters[] = "QSBGAMLP";

static int bug_of(char c)
{
    const char *p = strchr(bug_letters, toupper((unsigned char)c));
    return c && p ? (int)(p - bug_letters) : -1;
}

/* A boardspace piece name: [colour] bug [number]; false if it is not one. */
static bool parse_bs_piece(const char *t, int *color, int *bug, int *num)
{
    *color = -1;
    size_t n = strlen(t);
    if (n >= 2 && strchr("wWbB", t[0]) && bug_of(t[1]) >= 0) {
        *color = tolower((unsigned char)t[0]) == 'b';
        t++;
        n--;
    }
    if (n < 1 || n > 2 || (*bug = bug_of(t[0])) < 0)
        return false;
    *num = n == 2 ? t[1] - '0' : 0;
    if (n == 2 && (*num < 1 || *num > 3))
        return false;
    if (*bug == BUG_Q || *bug >= BUG_M)
        *num = 0;
    else if (*num == 0)
        *num = 1;
    return true;
}

static void sgf_game_begin(sgf *x, int line)
{
    fc_import_sink *sink = x->sink;
    memset(x, 0, sizeof *x);
    x->sink = sink;
    x->depth = 1;
    x->lineno = line;
    x->first_player = -1;
    x->su_exp = -1;
    memset(x->coord_cell, 0xFF, sizeof x->coord_cell);
    memset(x->ident, HV_NONE, sizeof x->ident);
    hv_import_begin(&x->g, sink, x->lineno);
    hv_import_meta(&x->g, "source", "boardspace.net SGF");
}

static void ensure_started(sgf *x)
{
    if (x->started)
        return;
    x->started = 1;
    hv_setup(&x->s, x->su_exp >= 0 ? x->su_exp : EXP_M | EXP_L | EXP_P);
    /* the import decides these from the game (hv_import_end): allow what the game did */
    x->s.tournament[0] = x->s.tournament[1] = 0;
    x->s.draw_turns = HV_MAX_PLIES - 12;
}

/* The piece a boardspace identity stands for, placing it (the lowest free number) when new. */
static int piece_of(sgf *x, int color, int bug, int num, bool may_place)
{
    uint8_t *id = &x->ident[color][bug][num];
    if (*id != HV_NONE || !may_place)
        return *id;
    for (int k = 0; k < HV_KINDS; k++) {
        int p = color * HV_KINDS + k;
        if (hv_kind_bug[k] == bug && !x->assigned[p] && x->s.cell[p] == HV_OFF) {
            x->assigned[p] = 1;
            *id = (uint8_t)p;
            x->used_exp |= bug == BUG_M ? EXP_M : bug == BUG_L ? EXP_L : bug == BUG_P ? EXP_P : 0;
            return p;
        }
    }
    return HV_NONE;
}

/* The reference text in UHP with our piece names, into out; false (game failed) if unknown. */
static bool uhp_ref(sgf *x, const char *ref, char *out, size_t n)
{
    char body[24];
    size_t len = strlen(ref);
    if (len > 2 && ref[len - 1] == '.')
        len--; /* "wQ." : on top of wQ */
    char lead = len && strchr("-/\\", ref[0]) ? ref[0] : 0;
    char trail = len > 1 && !lead && strchr("-/\\", ref[len - 1]) ? ref[len - 1] : 0;
    snprintf(body, sizeof body, "%.*s", (int)(len - (lead != 0) - (trail != 0)), ref + (lead != 0));
    int color, bug, num;
    if (!parse_bs_piece(body, &color, &bug, &num) || color < 0) {
        hv_import_fail(&x->g, "line %d: '%s': '%s' is not a reference to a piece", x->pend.line, x->pend.text, ref);
        return false;
    }
    int p = piece_of(x, color, bug, num, false);
    if (p == HV_NONE || x->s.cell[p] == HV_OFF) {
        hv_import_fail(&x->g, "line %d: '%s': the reference piece %s is not on the board", x->pend.line,
                       x->pend.text, body);
        return false;
    }
    char name[8];
    hv_piece_name(p, name, sizeof name);
    snprintf(out, n, "%s%s%s", lead ? (char[2]){lead, 0} : "", name, trail ? (char[2]){trail, 0} : "");
    return true;
}

/* One axial coordinate (which = 0: q, 1: r) as a * col + b * row + c through three points with
 * determinant det != 0; false if the coefficients are not integers. */
static bool solve_axis(const sgf *x, const int *k, int det, int which, int out[3])
{
    int dx1 = x->seen[k[1]][0] - x->seen[k[0]][0], dy1 = x->seen[k[1]][1] - x->seen[k[0]][1];
    int dx2 = x->seen[k[2]][0] - x->seen[k[0]][0], dy2 = x->seen[k[2]][1] - x->seen[k[0]][1];
    int v[3];
    for (int i = 0; i < 3; i++) {
        int c = x->seen[k[i]][2];
        v[i] = which ? hv_sr(c) : hv_sq(c);
    }
    int na = (v[1] - v[0]) * dy2 - (v[2] - v[0]) * dy1, nb = (v[2] - v[0]) * dx1 - (v[1] - v[0]) * dx2;
    if (na % det || nb % det)
        return false;
    out[0] = na / det;
    out[1] = nb / det;
    out[2] = v[0] - out[0] * x->seen[k[0]][0] - out[1] * x->seen[k[0]][1];
    return true;
}

/* The cell of (col, row) when the coordinates seen so far are an affine image of the cells
 * (boardspace's grid, whatever its orientation): found from three points not on a line and
 * checked on every point seen; -1 when they are not, or too few are known. */
static int calibrated_cell(const sgf *x, int col, int row)
{
    int k[3] = {0, -1, -1}, det = 0;
    for (int i = 1; i < x->nseen && k[2] < 0; i++) {
        if (k[1] < 0) {
            k[1] = i;
            continue;
        }
        det = (x->seen[k[1]][0] - x->seen[0][0]) * (x->seen[i][1] - x->seen[0][1]) -
              (x->seen[i][0] - x->seen[0][0]) * (x->seen[k[1]][1] - x->seen[0][1]);
        if (det)
            k[2] = i;
    }
    int q[3], r[3];
    if (k[2] < 0 || !solve_axis(x, k, det, 0, q) || !solve_axis(x, k, det, 1, r))
        return -1;
    for (int i = 0; i < x->nseen; i++) {
        int c = x->seen[i][0], w = x->seen[i][1];
        if (hv_cell(q[0] * c + q[1] * w + q[2], r[0] * c + r[1] * w + r[2]) != x->seen[i][2])
            return -1;
    }
    return hv_cell(q[0] * col + q[1] * row + q[2], r[0] * col + r[1] * row + r[2]);
}

/* The destination cell from the reference or, for ".", from the coordinates. */
static int dest_cell(sgf *x, int piece, int coord)
{
    pending *m = &x->pend;
    bool empty = true;
    for (int p = 0; p < HV_PIECES; p++)
        empty &= x->s.cell[p] == HV_OFF;
    if (empty)
        return 0; /* the first piece: the origin */
    if (!m->ref[0] || strcmp(m->ref, ".") == 0) {
        int cell = x->coord_cell[coord] != NONE16 ? x->coord_cell[coord] : calibrated_cell(x, m->col, m->row);
        if (cell < 0)
            hv_import_fail(&x->g, "line %d: '%s': no reference piece, and %c %d cannot be placed from the "
                           "coordinates seen so far", m->line, m->text, 'A' + m->col, m->row);
        return cell;
    }
    char ref[24], me[8], text[40];
    if (!uhp_ref(x, m->ref, ref, sizeof ref))
        return -1;
    hv_piece_name(piece, me, sizeof me);
    snprintf(text, sizeof text, "%s %s", me, ref);
    fc_decision d;
    if (hv_move_parse(&x->s, text, &d) != 0) {
        hv_import_fail(&x->g, "line %d: '%s' (%s) is not a move here", m->line, m->text, text);
        return -1;
    }
    return HV_D_CELL(d);
}

/* The pending drop or move as a decision; -1 (failed) or 1 (no move: dropped where it was). */
static int pending_decision(sgf *x, fc_decision *d)
{
    pending *m = &x->pend;
    if (m->pass) {
        *d = HV_PASS;
        return 0;
    }
    int color, bug, num;
    if (!parse_bs_piece(m->piece, &color, &bug, &num)) {
        hv_import_fail(&x->g, "line %d: '%s': unknown piece '%s'", m->line, m->text, m->piece);
        return -1;
    }
    if (color < 0) /* an old colourless name: the colour the command names, else the mover's */
        color = m->color >= 0 ? m->color : hv_to_move(&x->s) == 1;
    int p = piece_of(x, color, bug, num, true);
    if (p == HV_NONE) {
        hv_import_fail(&x->g, "line %d: '%s': no %s left to place", m->line, m->text, m->piece);
        return -1;
    }
    int coord = m->col * ROWS + m->row;
    int cell = dest_cell(x, p, coord);
    if (cell < 0)
        return -1;
    /* a coordinate is always the same cell; a cell (on the 32 x 32 torus) may be met again under
     * other coordinates after the hive has drifted far, so that direction is not checked */
    if (x->coord_cell[coord] != NONE16 && x->coord_cell[coord] != cell) {
        hv_import_fail(&x->g, "line %d: '%s': the reference and the coordinates %c %d disagree", m->line, m->text,
                       'A' + m->col, m->row);
        return -1;
    }
    if (x->coord_cell[coord] == NONE16 && x->nseen < MAX_SEEN) {
        int16_t *e = x->seen[x->nseen++];
        e[0] = (int16_t)m->col, e[1] = (int16_t)m->row, e[2] = (int16_t)cell;
    }
    x->coord_cell[coord] = (int16_t)cell;
    *d = HV_D(p, cell);
    return x->s.cell[p] == cell ? 1 : 0;
}

static bool only_pass(sgf *x)
{
    int n = hv_legal(&x->s, x->buf, -1);
    return n == 1 && x->buf[0] == HV_PASS;
}

/* Plays and reports the move of the turn that ends. */
static void flush(sgf *x)
{
    pending *m = &x->pend;
    if (!m->have || x->g.why[0])
        return;
    m->have = 0;
    ensure_started(x);
    if (x->first_player < 0)
        x->first_player = m->player;
    int seat = m->player == x->first_player ? 0 : 1, tm = hv_to_move(&x->s);
    if (tm < 0) {
        hv_import_fail(&x->g, "line %d: '%s' comes after the end of the game", m->line, m->text);
        return;
    }
    if (seat != tm && only_pass(x)) { /* boardspace passes for a player who cannot move */
        hv_apply(&x->s, HV_PASS);
        hv_import_move(&x->g, "pass");
        tm = hv_to_move(&x->s);
    }
    if (seat != tm) {
        hv_import_fail(&x->g, "line %d: '%s' is played out of turn", m->line, m->text);
        return;
    }
    fc_decision d;
    int rc = pending_decision(x, &d);
    if (rc != 0)
        return;
    char text[32];
    if (hv_move_text(&x->s, d, text, sizeof text) < 0 || hv_apply_checked(&x->s, d) != 0) {
        hv_import_fail(&x->g, "line %d: '%s' (%s) is not legal here (move %d)", m->line, m->text,
                       hv_move_text(&x->s, d, text, sizeof text) < 0 ? "?" : text, x->g.nmoves + 1);
        return;
    }
    hv_import_move(&x->g, text);
}

/* "C R" arguments: column letter, row number. */
static bool parse_coord(const char *c, const char *r, int *col, int *row)
{
    char *end;
    long v = strtol(r, &end, 10);
    if (strlen(c) != 1 || !isalpha((unsigned char)c[0]) || *end || end == r || v < 0 || v >= ROWS)
        return false;
    *col = toupper((unsigned char)c[0]) - 'A';
    *row = (int)v;
    return true;
}

/* A drop or move command becomes the pending move of the player's turn. */
static void set_pending(sgf *x, int player, char **arg, int nargs, bool with_color, const char *text)
{
    pending *m = &x->pend;
    if (m->have && m->player != player)
        flush(x); /* no Done in old files: the other player's command ends the turn */
    int k = with_color ? 1 : 0;
    memset(m, 0, sizeof *m);
    snprintf(m->text, sizeof m->text, "%s", text);
    m->line = x->node_line;
    m->player = player;
    if (nargs < k + 3 || !parse_coord(arg[k + 1], arg[k + 2], &m->col, &m->row)) {
        hv_import_fail(&x->g, "line %d: '%s' is not 'Dropb PIECE COL ROW REF' or 'Move COLOR PIECE COL ROW REF'",
                       m->line, text);
        return;
    }
    int c = with_color ? tolower((unsigned char)arg[0][0]) : 0;
    m->color = c == 'w' ? 0 : c == 'b' ? 1 : -1;
    snprintf(m->piece, sizeof m->piece, "%.14s", arg[k]);
    snprintf(m->ref, sizeof m->ref, "%.22s", nargs > k + 3 ? arg[k + 3] : ".");
    m->have = 1;
}

static void command(sgf *x, int player, char *value)
{
    char text[96];
    snprintf(text, sizeof text, "%.95s", value);
    char *arg[8], *save = NULL;
    int n = 0;
    for (char *t = strtok_r(value, " \t\r\n", &save); t && n < 8; t = strtok_r(NULL, " \t\r\n", &save))
        arg[n++] = t;
    if (n < 2)
        return;
    char cmd[16];
    snprintf(cmd, sizeof cmd, "%s", arg[1]);
    for (char *c = cmd; *c; c++)
        *c = (char)tolower((unsigned char)*c);
    size_t off = (size_t)(arg[1] - value); /* the command as written, for messages */
    const char *body = off < strlen(text) ? text + off : "";
    if (strcmp(cmd, "dropb") == 0 || strcmp(cmd, "pdropb") == 0) {
        set_pending(x, player, arg + 2, n - 2, false, body);
    } else if (strcmp(cmd, "move") == 0 || strcmp(cmd, "pmove") == 0) {
        set_pending(x, player, arg + 2, n - 2, true, body);
    } else if (strcmp(cmd, "pass") == 0) {
        if (x->pend.have && x->pend.player != player)
            flush(x);
        x->pend = (pending){.have = 1, .pass = 1, .player = player, .line = x->node_line};
        snprintf(x->pend.text, sizeof x->pend.text, "%s", body);
    } else if (strcmp(cmd, "done") == 0) {
        flush(x);
    } else if (strcmp(cmd, "resign") == 0 || strcmp(cmd, "acceptdraw") == 0) {
        flush(x);
        if (x->first_player < 0)
            x->first_player = player ^ (cmd[0] == 'r');
        x->result = cmd[0] == 'a' ? "1/2-1/2" : player == x->first_player ? "0-1" : "1-0";
    } else if (strcmp(cmd, "drop") == 0) {
        if (x->pend.have && x->pend.player == player)
            x->pend.have = 0; /* a piece put back on the rack: no move yet */
    } else if (strcmp(cmd, "start") != 0 && strcmp(cmd, "edit") != 0 && strcmp(cmd, "pick") != 0 &&
               strcmp(cmd, "pickb") != 0 && strcmp(cmd, "offerdraw") != 0 && strcmp(cmd, "declinedraw") != 0) {
        hv_import_fail(&x->g, "line %d: unknown boardspace command '%.40s'", x->node_line, body);
    }
}

/* SU[...]: hive, hive-m, hive-l, hive-p, hive-plm, ... */
static void variant(sgf *x, const char *su)
{
    int e = 0;
    const char *v = su + 4;
    bool ok = strncasecmp(su, "hive", 4) == 0 && (*v == '\0' || (*v == '-' && v[1]));
    for (v += *v == '-'; ok && *v; v++) {
        int c = tolower((unsigned char)*v);
        int bit = c == 'm' ? EXP_M : c == 'l' ? EXP_L : c == 'p' ? EXP_P : 0;
        ok = bit != 0;
        e |= bit;
    }
    if (!ok)
        hv_import_fail(&x->g, "SU[%.40s] is not a boardspace Hive variant (hive, hive-m, ..., hive-plm)", su);
    else
        x->su_exp = e;
}

/* Whether the player name appears in text, also without the digits boardspace appends to its
 * robots' names ("Dumbot0" wins as "Dumbot"). */
static bool names_player(const char *text, const char *name)
{
    size_t n = strlen(name);
    while (n > 0 && isdigit((unsigned char)name[n - 1]))
        n--;
    for (const char *t = text; n > 0 && *t; t++)
        if (strncmp(t, name, n) == 0)
            return true;
    return false;
}

/* The result the site wrote, RE[...] ("won by NAME", localized), or NULL. */
static const char *site_result(const sgf *x, int white)
{
    static const char *const draws[] = {"draw", "Draw", "nulle", "Nulle", "empate", "remis", "Remis", "unentschieden"};
    if (!x->re[0])
        return NULL;
    for (size_t i = 0; i < sizeof draws / sizeof draws[0]; i++)
        if (strstr(x->re, draws[i]))
            return "1/2-1/2";
    bool w = names_player(x->re, x->names[white]), b = names_player(x->re, x->names[1 - white]);
    return w == b ? NULL : w ? "1-0" : "0-1";
}

/* The game's tree closes: the last turn, the players, the result and the parameters. */
static void sgf_game_end(sgf *x)
{
    flush(x); /* a move without Done at the very end still counts */
    int w = x->first_player < 0 ? 0 : x->first_player;
    hv_import_meta(&x->g, "white", x->names[w]);
    hv_import_meta(&x->g, "black", x->names[1 - w]);
    const char *re = site_result(x, w);
    if (re || x->result)
        hv_import_meta(&x->g, "result", re ? re : x->result);
    else if (x->started)
        hv_import_meta(&x->g, "result", hv_state_names[x->s.result]);
    x->g.exp = x->su_exp >= 0 ? x->su_exp : x->used_exp;
    hv_import_end(&x->g);
}

/* One property IDENT[value] of a node of the main line. */
static void property(sgf *x, const char *id, char *value)
{
    if ((strcmp(id, "P0") == 0 || strcmp(id, "P1") == 0) && x->g.active) {
        int player = id[1] - '0';
        value += strspn(value, " ");
        if (strncmp(value, "id ", 3) == 0) {
            char *q = strchr(value, '"'), *q2 = q ? strrchr(q + 1, '"') : NULL;
            if (q && q2)
                snprintf(x->names[player], sizeof x->names[player], "%.*s", (int)(q2 - q - 1), q + 1);
            else
                snprintf(x->names[player], sizeof x->names[player], "%.63s", value + 3 + strspn(value + 3, " "));
        } else if (isdigit((unsigned char)value[0]) && !x->g.why[0]) {
            command(x, player, value);
        }
    } else if (strcmp(id, "SU") == 0) {
        variant(x, value);
    } else if (strcmp(id, "RE") == 0) {
        snprintf(x->re, sizeof x->re, "%.95s", value);
    } else if (strcmp(id, "GN") == 0) {
        hv_import_meta(&x->g, "event", value);
    } else if (strcmp(id, "DT") == 0 || strcmp(id, "DA") == 0) {
        hv_import_meta(&x->g, "date", value);
    }
}

/* ---- the SGF text ---- */

typedef struct scan {
    const char *t;
    size_t len, i;
    int line;
} scan;

/* Moves one character on, counting line ends (\n, \r\n, \r). */
static char next_char(scan *sc)
{
    char c = sc->t[sc->i++];
    if (c == '\n' || (c == '\r' && (sc->i >= sc->len || sc->t[sc->i] != '\n')))
        sc->line++;
    return c;
}

/* A value after '[' up to the unescaped ']' (kept up to cap - 1 bytes); false if it never ends. */
static bool read_value(scan *sc, char *buf, size_t cap)
{
    size_t k = 0;
    while (sc->i < sc->len) {
        char c = next_char(sc);
        if (c == ']') {
            buf[k] = '\0';
            return true;
        }
        if (c == '\\' && sc->i < sc->len) {
            c = next_char(sc);
            if (c == '\n' || c == '\r')
                continue; /* a soft line break */
        }
        if (k + 1 < cap)
            buf[k++] = c == '\n' || c == '\r' || c == '\t' ? ' ' : c;
    }
    buf[k] = '\0';
    return false;
}

/* IDENT[value][value]...: properties outside the main line (variations) are ignored. */
static bool read_property(sgf *x, scan *sc)
{
    char id[12], value[256];
    size_t k = 0;
    while (sc->i < sc->len && isalnum((unsigned char)sc->t[sc->i])) {
        char c = next_char(sc);
        if (k + 1 < sizeof id)
            id[k++] = c;
    }
    id[k] = '\0';
    while (sc->i < sc->len && isspace((unsigned char)sc->t[sc->i]))
        next_char(sc);
    while (sc->i < sc->len && sc->t[sc->i] == '[') {
        next_char(sc);
        if (!read_value(sc, value, sizeof value))
            return false;
        if (x->depth == 1 && x->g.active)
            property(x, id, value);
        while (sc->i < sc->len && isspace((unsigned char)sc->t[sc->i]))
            next_char(sc);
    }
    return true;
}

static void read_tree(sgf *x, scan *sc)
{
    while (sc->i < sc->len) {
        char c = sc->t[sc->i];
        if (isalpha((unsigned char)c)) {
            int line = sc->line;
            if (!read_property(x, sc)) {
                if (x->g.active)
                    hv_import_fail(&x->g, "line %d: a property value '[' that never closes", line);
                break;
            }
            continue;
        }
        next_char(sc);
        if (c == '(' && ++x->depth == 1) {
            sgf_game_begin(x, sc->line);
        } else if (c == ')' && x->depth > 0 && --x->depth == 0) {
            sgf_game_end(x);
        } else if (c == ';') {
            x->node_line = sc->line;
        }
    }
    if (x->g.active) {
        hv_import_fail(&x->g, "the file ends inside the game (no closing ')')");
        sgf_game_end(x);
    }
}

int hv_import_sgf_detect(const char *text, size_t len)
{
    size_t i = 0;
    while (i < len && isspace((unsigned char)text[i]))
        i++;
    if (i + 1 >= len || text[i] != '(' || text[i + 1] != ';')
        return 0;
    size_t n = len - i < 4096 ? len - i : 4096;
    for (size_t k = i; k + 7 < i + n; k++)
        if (strncasecmp(text + k, "SU[hive", 7) == 0)
            return 95;
    return 40;
}

int hv_import_sgf_read(const fc_host *host, const char *name, const char *text, size_t len, fc_import_sink *sink,
                       fc_error *err)
{
    sgf *x = calloc(1, sizeof *x);
    if (!x)
        return host->error_set(err, FC_ENOMEM, "%s: out of memory", name);
    x->sink = sink;
    scan sc = {text, len, 0, 1};
    read_tree(x, &sc);
    free(x);
    return 0;
}
