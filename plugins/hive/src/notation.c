/* UHP notation (H-23): piece names, MoveStrings (any valid form read, one canonical form
 * written), GameTypeStrings and reading GameStrings (`formicary uhp` writes them from the
 * match's history). */
#include <stdio.h>
#include <string.h>

#include "hive.h"
#include "refusal.h"

static const char bug_letter[BUG_COUNT] = {'Q', 'S', 'B', 'G', 'A', 'M', 'L', 'P'};
const char *const hv_state_names[5] = {"NotStarted", "InProgress", "Draw", "WhiteWins", "BlackWins"};

int hv_piece_name(int p, char *buf, size_t n)
{
    int k = p % HV_KINDS;
    if (hv_kind_num[k])
        return snprintf(buf, n, "%c%c%d", hv_color(p) ? 'b' : 'w', bug_letter[hv_kind_bug[k]], hv_kind_num[k]);
    return snprintf(buf, n, "%c%c", hv_color(p) ? 'b' : 'w', bug_letter[hv_kind_bug[k]]);
}

/* Reads a piece name at s; returns the characters used, or -1. A single piece may also carry
 * the number 1 (wQ1, wM1, wL1, wP1), as some programs write it; names are written without. */
int hv_parse_piece(const char *s, int exp, int *piece)
{
    int color;
    if (s[0] == 'w')
        color = 0;
    else if (s[0] == 'b')
        color = 1;
    else
        return -1;
    int bug = -1;
    for (int b = 0; b < BUG_COUNT; b++)
        if (s[1] == bug_letter[b])
            bug = b;
    if (bug < 0)
        return -1;
    int num = 0, len = 2;
    if (s[2] >= '1' && s[2] <= '9') {
        num = s[2] - '0';
        len = 3;
    }
    for (int k = 0; k < HV_KINDS; k++)
        if (hv_kind_bug[k] == bug && (hv_kind_num[k] == num || (hv_kind_num[k] == 0 && num == 1)) &&
            hv_kind_used(exp, k)) {
            *piece = color * HV_KINDS + k;
            return len;
        }
    return -1;
}

static bool board_empty(const hv_state *s)
{
    for (int p = 0; p < HV_PIECES; p++)
        if (s->cell[p] != HV_OFF)
            return false;
    return true;
}

/* The piece that identifies cell c once `mover` has left it (HV_NONE if c is then empty). */
static int reference_at(const hv_state *s, int c, int mover)
{
    int t = s->top[c];
    return t == mover ? s->below[mover] : t;
}

int hv_move_text(const hv_state *s, fc_decision d, char *buf, size_t n)
{
    if (d == HV_PASS)
        return snprintf(buf, n, "pass");
    if ((d & ~0x7FFFu) != 0 || HV_D_PIECE(d) >= HV_PIECES)
        return FC_EINVAL;
    int p = HV_D_PIECE(d), dest = HV_D_CELL(d);
    char me[8], ref[8];
    hv_piece_name(p, me, sizeof me);
    if (board_empty(s))
        return snprintf(buf, n, "%s", me);
    int t = s->top[dest];
    if (t != HV_NONE && t != p) {
        hv_piece_name(t, ref, sizeof ref);
        return snprintf(buf, n, "%s %s", me, ref);
    }
    for (int e = 0; e < 6; e++) {
        int r = reference_at(s, hv_nb(dest, e), p);
        if (r == HV_NONE)
            continue;
        hv_piece_name(r, ref, sizeof ref);
        switch ((e + 3) % 6) { /* dest lies in this direction from the reference */
        case 0: return snprintf(buf, n, "%s %s-", me, ref);
        case 1: return snprintf(buf, n, "%s %s/", me, ref);
        case 2: return snprintf(buf, n, "%s \\%s", me, ref);
        case 3: return snprintf(buf, n, "%s -%s", me, ref);
        case 4: return snprintf(buf, n, "%s /%s", me, ref);
        default: return snprintf(buf, n, "%s %s\\", me, ref);
        }
    }
    return FC_EINVAL;
}

static int mark_dir(char c, bool before)
{
    if (c == '-')
        return before ? 3 : 0;
    if (c == '/')
        return before ? 4 : 1;
    if (c == '\\')
        return before ? 2 : 5;
    return -1;
}

/* A MoveString of any game type is well-formed (FC_EPARSE only for text that is not one); one
 * that cannot be played here and now (a bug of an expansion not in this game, a lone piece on a
 * board that is not empty, a reference piece not on the board) is FC_EILLEGAL, so the shell
 * answers "illegal decision 'X' now" rather than "cannot read". The reference may be the moving
 * piece itself ('wQ wQ/', 'wB1 /wB1'): it names a neighbour of the piece's cell before the move,
 * as Mzinga reads it (HR-11). */
int hv_move_parse(const hv_state *s, const char *text, fc_decision *out)
{
    const int any = EXP_M | EXP_L | EXP_P;
    while (*text == ' ' || *text == '\t')
        text++;
    size_t len = strlen(text);
    while (len > 0 && (text[len - 1] == ' ' || text[len - 1] == '\t' || text[len - 1] == '\n' || text[len - 1] == '\r'))
        len--;
    char t[32];
    if (len == 0 || len >= sizeof t)
        return FC_EPARSE;
    memcpy(t, text, len);
    t[len] = '\0';
    if (strcmp(t, "pass") == 0) {
        *out = HV_PASS;
        return 0;
    }
    int p, k = hv_parse_piece(t, any, &p);
    if (k < 0)
        return FC_EPARSE;
    if (t[k] == '\0') { /* the very first piece: the origin */
        if (!board_empty(s) || !hv_kind_used(s->exp, p % HV_KINDS))
            return FC_EILLEGAL;
        *out = HV_D(p, 0);
        return 0;
    }
    if (t[k] != ' ')
        return FC_EPARSE;
    const char *r = t + k + 1;
    int dir = mark_dir(*r, true);
    if (dir >= 0)
        r++;
    int ref, kr = hv_parse_piece(r, any, &ref);
    if (kr < 0)
        return FC_EPARSE;
    r += kr;
    if (*r) {
        if (dir >= 0 || (dir = mark_dir(*r, false)) < 0 || r[1] != '\0')
            return FC_EPARSE;
    }
    if (!hv_kind_used(s->exp, p % HV_KINDS) || s->cell[ref] == HV_OFF)
        return FC_EILLEGAL;
    int dest = dir < 0 ? s->cell[ref] : hv_nb(s->cell[ref], dir);
    *out = HV_D(p, dest);
    return 0;
}

int hv_type_text(int exp, char *buf, size_t n)
{
    if (!exp)
        return snprintf(buf, n, "Base");
    return snprintf(buf, n, "Base+%s%s%s", exp & EXP_M ? "M" : "", exp & EXP_L ? "L" : "", exp & EXP_P ? "P" : "");
}

int hv_type_parse(const char *s, int *exp)
{
    if (strncmp(s, "Base", 4) != 0)
        return FC_EPARSE;
    s += 4;
    int e = 0;
    if (*s == '\0') {
        *exp = 0;
        return 0;
    }
    if (*s++ != '+' || *s == '\0')
        return FC_EPARSE;
    for (; *s; s++) {
        int bit = *s == 'M' ? EXP_M : *s == 'L' ? EXP_L : *s == 'P' ? EXP_P : 0;
        if (!bit || (e & bit))
            return FC_EPARSE;
        e |= bit;
    }
    *exp = e;
    return 0;
}

static int turn_text(const hv_state *s, char *buf, size_t n)
{
    return snprintf(buf, n, "%s[%d]", s->turn % 2 ? "Black" : "White", s->turn / 2 + 1);
}

/* Reads a GameTypeString or a GameString into s (a fresh state of the same game type). */
int hv_game_string_read(hv_state *s, const char *text, char *why, size_t nwhy)
{
    char buf[16384]; /* as long as a line of `formicary uhp` */
    size_t len = strlen(text);
    while (len > 0 && (text[len - 1] == '\n' || text[len - 1] == '\r' || text[len - 1] == ' '))
        len--;
    if (len >= sizeof buf) {
        snprintf(why, nwhy, "GameString longer than %zu characters", sizeof buf - 1);
        return FC_EPARSE;
    }
    memcpy(buf, text, len);
    buf[len] = '\0';
    /* strtok_r below would skip an empty field: a stray ';' is refused here, with its field */
    for (size_t i = 0, field = 1; len > 0 && i <= len; field += buf[i++] == ';')
        if ((buf[i] == ';' || buf[i] == '\0') && (i == 0 || buf[i - 1] == ';')) {
            snprintf(why, nwhy, "GameString field %zu is empty (a stray ';')", field);
            return FC_EPARSE;
        }
    char *save = NULL, *f = strtok_r(buf, ";", &save);
    int exp;
    if (!f || hv_type_parse(f, &exp) != 0) {
        snprintf(why, nwhy, "'%s' is not a GameTypeString (Base, Base+M, ..., Base+MLP)", f ? f : "");
        return FC_EPARSE;
    }
    if (exp != s->exp) {
        char want[16];
        hv_type_text(s->exp, want, sizeof want);
        snprintf(why, nwhy, "game type %s, but these rules play %s", f, want);
        return FC_EINVAL;
    }
    char *state = strtok_r(NULL, ";", &save);
    if (!state)
        return 0; /* a GameTypeString alone: the start */
    char *turn = strtok_r(NULL, ";", &save);
    int gs = -1;
    for (int i = 0; i < 5; i++)
        if (strcmp(state, hv_state_names[i]) == 0)
            gs = i;
    if (gs < 0 || !turn) {
        snprintf(why, nwhy, "'%s' is not a GameStateString followed by a TurnString", state);
        return FC_EPARSE;
    }
    int k = 0;
    for (char *m; (m = strtok_r(NULL, ";", &save)) != NULL; k++) {
        fc_decision d;
        int rc = hv_move_parse(s, m, &d);
        if (rc == 0)
            rc = hv_apply_checked(s, d);
        if (rc != 0) {
            char reason[240];
            hv_refusal(s, m, reason, sizeof reason);
            snprintf(why, nwhy, "move %d '%s' refused: %s", k + 1, m, reason);
            return rc == FC_EPARSE ? FC_EPARSE : FC_EILLEGAL;
        }
    }
    char now[24];
    turn_text(s, now, sizeof now);
    if (gs != s->result || strcmp(now, turn) != 0) {
        snprintf(why, nwhy, "the moves lead to %s;%s, not %s;%s", hv_state_names[s->result], now, state, turn);
        return FC_EINVAL;
    }
    return 0;
}
