/* Hive positions as text (docs/positions/hive.md): the pieces on the board cell by cell with
 * their stacking order, both hands, the turn, the game state and the piece moved last (H-21).
 * The game type, the Queen deadline, the opening rule and the draw limit are parameters: they
 * come from the rule set the position is read into. position_read also takes a UHP GameString
 * (one line starting with a GameTypeString), which `formicary uhp` and perft hand it. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formicary/textbuf.h"
#include "hive.h"

#define POS_LINE_MAX 1024
#define POS_COORD_MAX 64 /* |q|, |r| on read: the board is 32 cells around, a hive spans < 29 */

static const char *const color_name[2] = {"white", "black"};
static const char *const color_title[2] = {"White", "Black"};

/* ---- writing ---- */

typedef fc_textbuf wbuf; /* formicary/textbuf.h */

static int hex_dist(int q, int r) { return (abs(q) + abs(r) + abs(q + r)) / 2; }

/* Coordinates of the occupied cells as one piece of the plane: the cell nearest the origin
 * keeps its signed coordinates and the others follow by steps through the hive, so a hive that
 * drifted across the edge of the 32 x 32 torus is still written in one piece. */
static int unwrap(const hv_state *s, int cells[HV_PIECES], int q[HV_PIECES], int r[HV_PIECES])
{
    int n = 0, anchor = -1;
    for (int c = 0; c < HV_CELLS; c++)
        if (s->top[c] != HV_NONE) {
            if (anchor < 0 || hex_dist(hv_sq(c), hv_sr(c)) < hex_dist(hv_sq(anchor), hv_sr(anchor)))
                anchor = c;
        }
    if (anchor < 0)
        return 0;
    static const int8_t dq[6] = {1, 1, 0, -1, -1, 0}, dr[6] = {0, -1, -1, 0, 1, 1};
    cells[0] = anchor;
    q[0] = hv_sq(anchor);
    r[0] = hv_sr(anchor);
    n = 1;
    for (int i = 0; i < n; i++)
        for (int d = 0; d < 6; d++) {
            int y = hv_nb(cells[i], d);
            bool seen = s->top[y] == HV_NONE;
            for (int j = 0; j < n && !seen; j++)
                seen = cells[j] == y;
            if (seen || n == HV_PIECES)
                continue;
            cells[n] = y;
            q[n] = q[i] + dq[d];
            r[n] = r[i] + dr[d];
            n++;
        }
    /* rows from the top (r ascending), west to east within a row */
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && (r[j] < r[j - 1] || (r[j] == r[j - 1] && q[j] < q[j - 1])); j--) {
            int t;
            t = cells[j], cells[j] = cells[j - 1], cells[j - 1] = t;
            t = q[j], q[j] = q[j - 1], q[j - 1] = t;
            t = r[j], r[j] = r[j - 1], r[j - 1] = t;
        }
    return n;
}

int hv_position_write(const hv_state *s, char *buf, size_t n)
{
    wbuf b = {buf, n, 0};
    char type[16], name[8];
    hv_type_text(s->exp, type, sizeof type);
    fc_textbuf_put(&b, "# hive position - see docs/positions/hive.md\n");
    fc_textbuf_put(&b, "position hive\nseats 2\n");
    fc_textbuf_put(&b, "# game type %s (the game_type parameter)\n", type);
    char line[64];
    snprintf(line, sizeof line, "turn %s[%d]", color_title[s->turn % 2], s->turn / 2 + 1);
    fc_textbuf_put(&b, "%-24s# %d decision%s made\n", line, s->turn, s->turn == 1 ? "" : "s");
    fc_textbuf_put(&b, "game_state %s\n", hv_state_names[s->result]);
    if (s->last == HV_NONE)
        snprintf(line, sizeof line, "last_moved none");
    else {
        hv_piece_name(s->last, name, sizeof name);
        snprintf(line, sizeof line, "last_moved %s", name);
    }
    fc_textbuf_put(&b, "%-24s# H-21: moved or placed by the last decision\n", line);
    for (int color = 0; color < 2; color++) {
        fc_textbuf_put(&b, "hand %s", color_name[color]);
        int k = 0;
        for (int p = color * HV_KINDS; p < (color + 1) * HV_KINDS; p++)
            if (hv_kind_used(s->exp, p % HV_KINDS) && s->cell[p] == HV_OFF) {
                hv_piece_name(p, name, sizeof name);
                fc_textbuf_put(&b, " %s", name);
                k++;
            }
        fc_textbuf_put(&b, "%s\n", k ? "" : " none");
    }
    int cells[HV_PIECES], q[HV_PIECES], r[HV_PIECES];
    int nc = unwrap(s, cells, q, r);
    if (nc)
        fc_textbuf_put(&b, "# cell Q,R and its pieces, bottom first\n");
    for (int i = 0; i < nc; i++) {
        int stack[HV_PIECES], h = 0;
        for (int p = s->top[cells[i]]; p != HV_NONE && h < HV_PIECES; p = s->below[p])
            stack[h++] = p;
        fc_textbuf_put(&b, "cell %d,%d", q[i], r[i]);
        while (h > 0) {
            hv_piece_name(stack[--h], name, sizeof name);
            fc_textbuf_put(&b, " %s", name);
        }
        fc_textbuf_put(&b, "\n");
    }
    return b.len < n ? (int)b.len : FC_ERANGE;
}

/* ---- reading ---- */

typedef struct reader {
    hv_state *s;
    const fc_env *env;
    fc_error *err;
    int line;
    /* line of each key (0: not given) */
    int l_position, l_seats, l_turn, l_state, l_last, l_hand[2];
    int piece_line[HV_PIECES]; /* where each piece was named (cell or hand) */
    int8_t in_hand[HV_PIECES];
    int ncells;
    int cell[HV_PIECES], cq[HV_PIECES], cr[HV_PIECES], cline[HV_PIECES];
    int turn, state, last;
} reader;

static int fail(reader *rd, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(reader *rd, int line, const char *fmt, ...)
{
    char msg[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (line > 0)
        return rd->env->host->error_set(rd->err, FC_EPARSE, "hive: line %d: %s", line, msg);
    return rd->env->host->error_set(rd->err, FC_EPARSE, "hive: %s", msg);
}

static const char *const keys[] = {"position", "seats", "turn", "game_state", "last_moved", "hand", "cell"};

/* The known key closest to an unknown one (longest shared prefix), or NULL. */
static const char *closest_key(const char *word)
{
    const char *best = NULL;
    size_t best_n = 0;
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        size_t k = 0;
        while (word[k] && word[k] == keys[i][k])
            k++;
        if (k > best_n)
            best_n = k, best = keys[i];
    }
    return best;
}

static int once(reader *rd, int *seen, const char *key)
{
    if (*seen)
        return fail(rd, rd->line, "duplicate '%s' (first on line %d)", key, *seen);
    *seen = rd->line;
    return 0;
}

/* A piece name of this game type, or an error naming the word. */
static int piece_word(reader *rd, const char *w, int *piece)
{
    int p;
    int k = hv_parse_piece(w, rd->s->exp, &p);
    if (k > 0 && w[k] == '\0') {
        *piece = p;
        return 0;
    }
    char type[16];
    hv_type_text(rd->s->exp, type, sizeof type);
    if (hv_parse_piece(w, EXP_M | EXP_L | EXP_P, &p) > 0)
        return fail(rd, rd->line, "no piece '%s' in game type %s (the game_type parameter)", w, type);
    return fail(rd, rd->line, "unknown piece '%s' (pieces are written wQ, bS1, wB2, bG3, wA1, bM, wL, bP)", w);
}

static int name_piece(reader *rd, int p, bool hand)
{
    if (rd->piece_line[p]) {
        char nm[8];
        hv_piece_name(p, nm, sizeof nm);
        return fail(rd, rd->line, "%s is already named on line %d", nm, rd->piece_line[p]);
    }
    rd->piece_line[p] = rd->line;
    rd->in_hand[p] = hand;
    return 0;
}

static int read_int(const char **p, int *out)
{
    const char *s = *p;
    int sign = 1, v = 0, digits = 0;
    if (*s == '-' || *s == '+')
        sign = *s++ == '-' ? -1 : 1;
    while (*s >= '0' && *s <= '9' && digits < 6) {
        v = v * 10 + (*s++ - '0');
        digits++;
    }
    if (!digits || (*s >= '0' && *s <= '9'))
        return -1;
    *out = sign * v;
    *p = s;
    return 0;
}

static int key_turn(reader *rd, char *arg)
{
    int color = strncmp(arg, "White[", 6) == 0 ? 0 : strncmp(arg, "Black[", 6) == 0 ? 1 : -1;
    const char *p = arg + 6;
    int n = 0;
    if (color < 0 || read_int(&p, &n) != 0 || strcmp(p, "]") != 0 || arg[6] == '-' || arg[6] == '+')
        return fail(rd, rd->line, "expected 'turn White[N]' or 'turn Black[N]' (a UHP TurnString), not '%s'", arg);
    int turn = (n - 1) * 2 + color;
    if (n < 1 || turn > rd->s->draw_turns)
        return fail(rd, rd->line, "turn %s out of range: the game is drawn after %d decisions (draw_turns)", arg,
                    rd->s->draw_turns);
    rd->turn = turn;
    return 0;
}

static int key_state(reader *rd, char *arg)
{
    for (int i = 0; i < 5; i++)
        if (strcmp(arg, hv_state_names[i]) == 0) {
            rd->state = i;
            return 0;
        }
    return fail(rd, rd->line, "unknown game_state '%s' (NotStarted, InProgress, Draw, WhiteWins, BlackWins)", arg);
}

static int key_last(reader *rd, char *arg)
{
    if (strcmp(arg, "none") == 0) {
        rd->last = HV_NONE;
        return 0;
    }
    if (strchr(arg, ' '))
        return fail(rd, rd->line, "expected 'last_moved PIECE' or 'last_moved none'");
    return piece_word(rd, arg, &rd->last);
}

static int key_hand(reader *rd, char *arg)
{
    char *save = NULL, *w = strtok_r(arg, " \t", &save);
    int color = !w ? -1 : strcmp(w, "white") == 0 ? 0 : strcmp(w, "black") == 0 ? 1 : -1;
    if (color < 0)
        return fail(rd, rd->line, "expected 'hand white PIECES' or 'hand black PIECES' ('none' for an empty hand)");
    int rc = once(rd, &rd->l_hand[color], color ? "hand black" : "hand white");
    if (rc)
        return rc;
    int k = 0;
    bool none = false;
    while ((w = strtok_r(NULL, " \t", &save)) != NULL) {
        int p;
        if (strcmp(w, "none") == 0) {
            none = true;
            continue;
        }
        if ((rc = piece_word(rd, w, &p)) != 0)
            return rc;
        if (hv_color(p) != color)
            return fail(rd, rd->line, "%s is not a piece of %s", w, color_title[color]);
        if ((rc = name_piece(rd, p, true)) != 0)
            return rc;
        k++;
    }
    if (none == (k > 0))
        return fail(rd, rd->line, "a hand lists its pieces, or says 'none' when it is empty");
    return 0;
}

static int key_cell(reader *rd, char *arg)
{
    const char *p = arg;
    int q, r;
    if (read_int(&p, &q) != 0 || *p++ != ',' || read_int(&p, &r) != 0 || (*p != ' ' && *p != '\t'))
        return fail(rd, rd->line, "expected 'cell Q,R PIECES' (axial coordinates, pieces bottom first)");
    if (q < -POS_COORD_MAX || q > POS_COORD_MAX || r < -POS_COORD_MAX || r > POS_COORD_MAX)
        return fail(rd, rd->line, "cell %d,%d out of range (coordinates -%d..%d)", q, r, POS_COORD_MAX, POS_COORD_MAX);
    int c = hv_cell(q, r);
    for (int i = 0; i < rd->ncells; i++)
        if (rd->cell[i] == c)
            return fail(rd, rd->line, "cell %d,%d is the board cell of %d,%d on line %d (given twice)", q, r, rd->cq[i],
                        rd->cr[i], rd->cline[i]);
    hv_state *s = rd->s;
    int below = HV_NONE, h = 0, rc;
    char copy[POS_LINE_MAX];
    snprintf(copy, sizeof copy, "%s", p);
    char *save = NULL;
    for (char *w = strtok_r(copy, " \t", &save); w; w = strtok_r(NULL, " \t", &save), h++) {
        int pc;
        if ((rc = piece_word(rd, w, &pc)) != 0 || (rc = name_piece(rd, pc, false)) != 0)
            return rc;
        if (h > 0 && hv_bug(pc) != BUG_B && hv_bug(pc) != BUG_M)
            return fail(rd, rd->line,
                        "%s cannot be on top of another piece (only Beetles and Mosquitoes climb, H-13, H-18)", w);
        s->cell[pc] = (uint16_t)c;
        s->below[pc] = (uint8_t)below;
        s->level[pc] = (uint8_t)h;
        below = pc;
    }
    if (h == 0)
        return fail(rd, rd->line, "cell %d,%d names no piece", q, r);
    s->top[c] = (uint8_t)below;
    rd->cell[rd->ncells] = c;
    rd->cq[rd->ncells] = q;
    rd->cr[rd->ncells] = r;
    rd->cline[rd->ncells++] = rd->line;
    return 0;
}

static int one_line(reader *rd, char *line)
{
    char *hash = strchr(line, '#');
    if (hash)
        *hash = '\0';
    size_t len = strlen(line);
    while (len && (line[len - 1] == ' ' || line[len - 1] == '\t'))
        line[--len] = '\0';
    while (*line == ' ' || *line == '\t')
        line++;
    if (!*line)
        return 0;
    char *arg = line + strcspn(line, " \t");
    if (*arg)
        *arg++ = '\0';
    while (*arg == ' ' || *arg == '\t')
        arg++;
    if (!rd->l_position) {
        if (strcmp(line, "position") != 0)
            return fail(rd, rd->line, "expected 'position hive' first, found '%s'", line);
        if (strcmp(arg, "hive") != 0)
            return fail(rd, rd->line, "a position of '%s', not of hive", arg);
        rd->l_position = rd->line;
        return 0;
    }
    int rc;
    if (strcmp(line, "position") == 0)
        return once(rd, &rd->l_position, "position");
    if (strcmp(line, "seats") == 0) {
        if ((rc = once(rd, &rd->l_seats, "seats")) != 0)
            return rc;
        if (strcmp(arg, "2") != 0)
            return fail(rd, rd->line, "seats '%s', but Hive has 2 seats", arg);
        return 0;
    }
    if (strcmp(line, "turn") == 0)
        return (rc = once(rd, &rd->l_turn, "turn")) != 0 ? rc : key_turn(rd, arg);
    if (strcmp(line, "game_state") == 0)
        return (rc = once(rd, &rd->l_state, "game_state")) != 0 ? rc : key_state(rd, arg);
    if (strcmp(line, "last_moved") == 0)
        return (rc = once(rd, &rd->l_last, "last_moved")) != 0 ? rc : key_last(rd, arg);
    if (strcmp(line, "hand") == 0)
        return key_hand(rd, arg);
    if (strcmp(line, "cell") == 0) {
        if (rd->ncells == HV_PIECES)
            return fail(rd, rd->line, "more cells than pieces");
        return key_cell(rd, arg);
    }
    const char *near = closest_key(line);
    if (near)
        return fail(rd, rd->line, "unknown key '%s' (did you mean '%s'?)", line, near);
    return fail(rd, rd->line, "unknown key '%s' (keys: position, seats, turn, game_state, last_moved, hand, cell)",
                line);
}

/* The written coordinates must be those of the cells on the board: a hive of 28 pieces spans at
 * most 28 cells along any axis, so cells further apart would meet around the 32-cell torus and
 * touch there though written apart. Whether the hive is in one piece (H-08) is the game's
 * check, which the core runs on every position read. */
static int check_span(reader *rd)
{
    int lo[3] = {0, 0, 0}, hi[3] = {0, 0, 0};
    for (int i = 0; i < rd->ncells; i++) {
        int v[3] = {rd->cq[i], rd->cr[i], -rd->cq[i] - rd->cr[i]};
        for (int a = 0; a < 3; a++) {
            if (i == 0 || v[a] < lo[a])
                lo[a] = v[a];
            if (i == 0 || v[a] > hi[a])
                hi[a] = v[a];
            if (hi[a] - lo[a] >= HV_PIECES)
                return fail(rd, rd->cline[i],
                            "cell %d,%d is %d cells from another one: a hive of %d pieces spans at most %d", rd->cq[i],
                            rd->cr[i], hi[a] - lo[a], HV_PIECES, HV_PIECES);
        }
    }
    return 0;
}

/* What the whole position must satisfy once every line is read. */
static int check_whole(reader *rd)
{
    const hv_state *s = rd->s;
    const char *need = !rd->l_seats ? "seats" : !rd->l_turn ? "turn" : !rd->l_hand[0] ? "hand white"
                                                              : !rd->l_hand[1]    ? "hand black"
                                                                                  : NULL;
    if (need)
        return fail(rd, 0, "missing '%s'", need);
    char nm[8], nm2[8];
    int onboard[2] = {0, 0};
    for (int p = 0; p < HV_PIECES; p++) {
        if (!hv_kind_used(s->exp, p % HV_KINDS))
            continue;
        hv_piece_name(p, nm, sizeof nm);
        if (!rd->piece_line[p])
            return fail(rd, rd->l_hand[hv_color(p)], "%s is neither on the board nor in its hand", nm);
        onboard[hv_color(p)] += !rd->in_hand[p];
        /* pieces of a bug enter in number order (H-23): S2 only after S1 */
        int k = p % HV_KINDS;
        if (!rd->in_hand[p] && hv_kind_num[k] > 1 && rd->in_hand[p - 1]) {
            hv_piece_name(p - 1, nm2, sizeof nm2);
            return fail(rd, rd->piece_line[p],
                        "%s is on the board but %s is still in hand (numbers are placed in order, H-23)", nm, nm2);
        }
    }
    int moves[2] = {(rd->turn + 1) / 2, rd->turn / 2};
    for (int color = 0; color < 2; color++)
        if (onboard[color] > moves[color])
            return fail(rd, rd->l_turn, "%d %s pieces on the board after %d decisions of %s (one piece a turn)",
                        onboard[color], color_title[color], moves[color], color_title[color]);
    /* each player's first decision places a piece (H-04), not the Queen under the
     * tournament opening (H-06) */
    for (int color = 0; color < 2; color++) {
        if (moves[color] > 0 && onboard[color] == 0)
            return fail(rd, rd->l_turn, "no %s piece on the board after %s's first turn (H-04)", color_name[color],
                        color_title[color]);
        if (moves[color] == 1 && s->tournament[color] && !rd->in_hand[color * HV_KINDS])
            return fail(rd, rd->piece_line[color * HV_KINDS],
                        "%cQ on the board after %s's first turn: the tournament opening forbids it (H-06)",
                        color ? 'b' : 'w', color_title[color]);
    }
    if (rd->last != HV_NONE && rd->in_hand[rd->last]) {
        hv_piece_name(rd->last, nm, sizeof nm);
        return fail(rd, rd->l_last, "last_moved %s is not on the board", nm);
    }
    if (rd->turn == 0 && rd->last != HV_NONE)
        return fail(rd, rd->l_last, "no piece has moved before the first turn");
    return check_span(rd);
}

static int read_lines(reader *rd, const char *text)
{
    char line[POS_LINE_MAX];
    fc_textlines r = {text, 0, 0};
    int got, rc = 0;
    while (!rc && (got = fc_textlines_next(&r, line, sizeof line)) != 0) {
        rd->line = r.no;
        rc = got > 0 ? one_line(rd, line) : fail(rd, rd->line, "longer than %d characters", POS_LINE_MAX - 1);
    }
    return rc;
}

int hv_position_read(hv_state *s, const fc_env *env, const char *text, fc_error *err)
{
    if (s->turn != 0)
        return env->host->error_set(err, FC_ESTATE, "hive: a position is read into a new game only");
    const char *t = text + strspn(text, " \t\r\n");
    if (strncmp(t, "Base", 4) == 0) { /* a UHP GameString */
        char why[400];
        int rc = hv_game_string_read(s, t, why, sizeof why);
        return rc ? env->host->error_set(err, rc, "hive: %s", why) : 0;
    }
    reader rdv;
    memset(&rdv, 0, sizeof rdv);
    reader *rd = &rdv;
    rd->s = s;
    rd->env = env;
    rd->err = err;
    rd->last = HV_NONE;
    rd->state = -1;
    int rc = read_lines(rd, text);
    if (rc == 0 && !rd->l_position)
        rc = fail(rd, 0, "no 'position hive' line: not a position");
    if (rc == 0)
        rc = check_whole(rd);
    if (rc == 0) {
        s->turn = (uint16_t)rd->turn;
        s->last = (uint8_t)rd->last;
        hv_rekey(s);
        hv_set_result(s);
        if (rd->state >= 0 && rd->state != s->result)
            rc = fail(rd, rd->l_state, "game_state %s, but the board and turn give %s (H-22)",
                      hv_state_names[rd->state], hv_state_names[s->result]);
    }
    return rc;
}
