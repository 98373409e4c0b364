/* Importing PGN as Mzinga and hivegame.com write it: tag pairs ([GameType "Base+MLP"], [White],
 * [Black], [Result], [Date], [Event], [Site], [Round]) then movetext of UHP MoveStrings with move
 * numbers ("1. wS1", "2. bG1 -wS1", or several on a line), comments in braces or after ';',
 * variations in parentheses (skipped), NAGs ($1) and a result token that ends the game. A game
 * begins at its first tag or move; several games may follow each other in one file. */
#include <stdio.h>
#include <string.h>

#include "hv_import.h"

typedef struct pgn {
    fc_import_sink *sink;
    hv_import_game g;
    int in_moves;   /* movetext seen: the next tag begins another game */
    int comment;    /* inside { } */
    int variation;  /* depth of ( ) */
    char piece[32]; /* a piece waiting for its reference */
    int lineno;
} pgn;

static void pgn_start(pgn *p)
{
    if (p->g.active)
        return;
    hv_import_begin(&p->g, p->sink, p->lineno);
    hv_import_meta(&p->g, "source", "PGN");
    p->in_moves = 0;
    p->piece[0] = '\0';
}

static void pgn_finish(pgn *p)
{
    if (!p->g.active)
        return;
    if (p->piece[0]) {
        if (p->g.nmoves == 0)
            hv_import_move(&p->g, p->piece);
        else
            hv_import_fail(&p->g, "move %d '%s' has no reference piece", p->g.nmoves + 1, p->piece);
    }
    p->piece[0] = '\0';
    p->comment = p->variation = 0;
    hv_import_end(&p->g);
}

static void pgn_tag(pgn *p, const char *line, size_t n)
{
    if (p->g.active && p->in_moves)
        pgn_finish(p);
    pgn_start(p);
    char name[32], value[256];
    size_t i = 1, k = 0;
    while (i < n && line[i] != ' ' && line[i] != '\t' && line[i] != ']' && k + 1 < sizeof name)
        name[k++] = line[i++];
    name[k] = '\0';
    const char *q1 = memchr(line, '"', n);
    const char *q2 = NULL;
    for (const char *c = line + n; q1 && c > q1 + 1; c--)
        if (c[-1] == '"') {
            q2 = c - 1;
            break;
        }
    size_t vlen = q1 && q2 ? (size_t)(q2 - q1 - 1) : 0;
    if (vlen >= sizeof value)
        vlen = sizeof value - 1;
    memcpy(value, q1 ? q1 + 1 : "", vlen);
    value[vlen] = '\0';
    static const char *const keys[][2] = {{"White", "white"}, {"Black", "black"}, {"Date", "date"},
                                           {"Event", "event"}, {"Site", "site"},   {"Round", "round"},
                                           {"Result", "result"}};
    for (size_t j = 0; j < sizeof keys / sizeof keys[0]; j++)
        if (strcmp(name, keys[j][0]) == 0 && strcmp(value, "?") != 0)
            hv_import_meta(&p->g, keys[j][1], value);
    if (strcmp(name, "GameType") == 0 && hv_type_parse(value, &p->g.exp) != 0) {
        p->g.exp = -1;
        hv_import_fail(&p->g, "GameType '%.40s' is not Base, Base+M, ..., Base+MLP", value);
    }
}

/* One word of movetext. */
static void pgn_word(pgn *p, const char *w)
{
    if (strcmp(w, "1-0") == 0 || strcmp(w, "0-1") == 0 || strcmp(w, "1/2-1/2") == 0 || strcmp(w, "*") == 0) {
        pgn_start(p);
        hv_import_meta(&p->g, "result", w); /* the tag, if any, came first and wins */
        pgn_finish(p);
        return;
    }
    if (w[0] == '$')
        return; /* a NAG */
    size_t d = strspn(w, "0123456789");
    if (d > 0 && w[d] == '.') { /* a move number, maybe with the move glued on: "1.wS1" */
        w += d + strspn(w + d, ".");
        if (!*w)
            return;
    }
    pgn_start(p);
    p->in_moves = 1;
    if (p->piece[0]) {
        char text[72];
        snprintf(text, sizeof text, "%s %s", p->piece, w);
        p->piece[0] = '\0';
        hv_import_move(&p->g, text);
    } else if (strcmp(w, "pass") == 0 || p->g.nmoves == 0) {
        hv_import_move(&p->g, w); /* the first piece stands alone */
    } else {
        snprintf(p->piece, sizeof p->piece, "%.30s", w);
    }
}

static void pgn_movetext(pgn *p, const char *line, size_t n)
{
    size_t i = 0;
    while (i < n) {
        char c = line[i];
        if (p->comment) {
            p->comment = c != '}';
            i++;
        } else if (c == '{') {
            p->comment = 1;
            i++;
        } else if (c == ';') {
            return; /* a comment to the end of the line */
        } else if (c == '(' || c == ')') {
            p->variation += c == '(' ? 1 : p->variation > 0 ? -1 : 0;
            i++;
        } else if (c == ' ' || c == '\t' || c == '}') { /* a stray '}' closes nothing */
            i++;
        } else {
            size_t e = i;
            while (e < n && line[e] != ' ' && line[e] != '\t' && !strchr("{};()", line[e]))
                e++;
            if (!p->variation) {
                char w[40];
                size_t len = e - i < sizeof w - 1 ? e - i : sizeof w - 1;
                memcpy(w, line + i, len);
                w[len] = '\0';
                pgn_word(p, w);
            }
            i = e;
        }
    }
}

int hv_import_pgn_detect(const char *text, size_t len)
{
    size_t pos = 0, n;
    const char *line;
    int lineno = 0, tags = 0;
    while (hv_import_line(text, len, &pos, &line, &n, &lineno) && lineno < 50) {
        if (n >= 11 && strncmp(line, "[GameType \"", 11) == 0)
            return 95;
        tags += n > 2 && line[0] == '[' && line[n - 1] == ']';
    }
    return tags >= 2 ? 50 : 0;
}

int hv_import_pgn_read(const fc_host *host, const char *name, const char *text, size_t len, fc_import_sink *sink,
                       fc_error *err)
{
    (void)host, (void)name, (void)err;
    pgn p;
    memset(&p, 0, sizeof p);
    p.sink = sink;
    size_t pos = 0, n;
    const char *line;
    while (hv_import_line(text, len, &pos, &line, &n, &p.lineno)) {
        size_t b = 0;
        while (b < n && (line[b] == ' ' || line[b] == '\t'))
            b++;
        if (b < n && line[b] == '[' && !p.comment)
            pgn_tag(&p, line + b, n - b);
        else if (b < n && !(line[b] == '%' && b == 0))
            pgn_movetext(&p, line + b, n - b);
    }
    if (p.g.active && p.comment)
        hv_import_fail(&p.g, "a comment '{' that never closes");
    pgn_finish(&p);
    return 0;
}
