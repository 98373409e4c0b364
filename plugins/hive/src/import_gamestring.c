/* Importing UHP GameStrings, one game per line ("Base+MLP;InProgress;White[3];wS1;bG1 -wS1;..."
 * as BoardGameArena tools export them), and the helpers every Hive importer shares
 * (hv_import.h). Lines that are empty or start with '#' are not games. */
#include <stdio.h>
#include <string.h>

#include "hv_import.h"

#define DEFAULT_DRAW_TURNS 300
#define MAX_DRAW_TURNS (HV_MAX_PLIES - 12)

void hv_import_begin(hv_import_game *g, fc_import_sink *sink, int line)
{
    memset(g, 0, sizeof *g);
    g->sink = sink;
    g->active = 1;
    g->exp = -1;
    sink->begin(sink, line);
}

const char *hv_import_result(const char *s)
{
    static const char *const names[][2] = {
        {"1-0", "1-0"}, {"0-1", "0-1"}, {"1/2-1/2", "1/2-1/2"}, {"*", "*"}, {"WhiteWins", "1-0"},
        {"BlackWins", "0-1"}, {"Draw", "1/2-1/2"}, {"InProgress", "*"}, {"NotStarted", "*"},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(s, names[i][0]) == 0)
            return names[i][1];
    return NULL;
}

void hv_import_meta(hv_import_game *g, const char *key, const char *value)
{
    if (!g->active || !value || !value[0])
        return;
    if (strcmp(key, "result") == 0) {
        const char *r = hv_import_result(value);
        if (!r)
            return; /* a result we cannot read is not a fact */
        value = r;
    }
    g->sink->meta(g->sink, key, value);
}

/* Whether a MoveString puts a Queen down ("wQ", "bQ wS1-"). */
static bool is_queen(const char *text)
{
    return (text[0] == 'w' || text[0] == 'b') && text[1] == 'Q' && (text[2] == '\0' || text[2] == ' ');
}

void hv_import_move(hv_import_game *g, const char *text)
{
    if (!g->active || g->why[0])
        return;
    if (g->nmoves < 2 && is_queen(text))
        g->queen_first = 1;
    if (++g->nmoves > MAX_DRAW_TURNS) {
        hv_import_fail(g, "more than %d moves (the longest game the draw limit allows)", MAX_DRAW_TURNS);
        return;
    }
    g->sink->decision(g->sink, text);
}

void hv_import_fail(hv_import_game *g, const char *fmt, ...)
{
    if (g->why[0])
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(g->why, sizeof g->why, fmt, ap);
    va_end(ap);
}

void hv_import_end(hv_import_game *g)
{
    if (!g->active)
        return;
    g->active = 0;
    fc_import_sink *s = g->sink;
    if (g->why[0]) {
        s->end(s, g->why);
        return;
    }
    char type[16];
    hv_type_text(g->exp < 0 ? 0 : g->exp, type, sizeof type);
    s->meta(s, "param:game_type", type);
    if (g->queen_first)
        s->meta(s, "param:tournament", "false");
    if (g->nmoves >= DEFAULT_DRAW_TURNS) {
        char n[16];
        snprintf(n, sizeof n, "%d", MAX_DRAW_TURNS);
        s->meta(s, "param:draw_turns", n);
    }
    s->end(s, NULL);
}

bool hv_import_line(const char *text, size_t len, size_t *pos, const char **line, size_t *n, int *lineno)
{
    size_t p = *pos;
    if (p >= len)
        return false;
    size_t e = p;
    while (e < len && text[e] != '\n' && text[e] != '\r')
        e++;
    *line = text + p;
    *n = e - p;
    if (e < len && text[e] == '\r' && e + 1 < len && text[e + 1] == '\n')
        e++;
    *pos = e < len ? e + 1 : e;
    (*lineno)++;
    return true;
}

/* ---- GameStrings ---- */

/* The next ';'-separated field of s[*i..n), blanks trimmed, into buf; false at the end. */
static bool next_field(const char *s, size_t n, size_t *i, char *buf, size_t cap)
{
    if (*i > n)
        return false;
    size_t b = *i, e = b;
    while (e < n && s[e] != ';')
        e++;
    *i = e + 1;
    while (b < e && (s[b] == ' ' || s[b] == '\t'))
        b++;
    size_t k = e;
    while (k > b && (s[k - 1] == ' ' || s[k - 1] == '\t'))
        k--;
    size_t len = k - b < cap - 1 ? k - b : cap - 1;
    memcpy(buf, s + b, len);
    buf[len] = '\0';
    return true;
}

static void read_game_string(const char *s, size_t n, int lineno, fc_import_sink *sink)
{
    hv_import_game g;
    hv_import_begin(&g, sink, lineno);
    hv_import_meta(&g, "source", "UHP GameString");
    char f[64];
    size_t i = 0;
    next_field(s, n, &i, f, sizeof f);
    if (hv_type_parse(f, &g.exp) != 0) {
        g.exp = -1;
        hv_import_fail(&g, "'%.40s' is not a GameTypeString (Base, Base+M, ..., Base+MLP)", f);
        hv_import_end(&g);
        return;
    }
    if (next_field(s, n, &i, f, sizeof f)) {
        bool state = false;
        for (int k = 0; k < 5; k++)
            state |= strcmp(f, hv_state_names[k]) == 0;
        if (!state)
            hv_import_fail(&g, "'%.40s' is not a GameStateString (NotStarted, InProgress, Draw, WhiteWins, BlackWins)", f);
        hv_import_meta(&g, "result", f);
        next_field(s, n, &i, f, sizeof f); /* the TurnString: the moves say whose turn it is */
    }
    for (int k = 1; next_field(s, n, &i, f, sizeof f); k++) {
        if (!f[0])
            continue; /* an empty field (";;" or a final ';') */
        if (strlen(f) > 24) {
            hv_import_fail(&g, "move %d '%.24s...' is not a MoveString", k, f);
            break;
        }
        hv_import_move(&g, f);
    }
    hv_import_end(&g);
}

static int gs_detect(const char *text, size_t len)
{
    size_t pos = 0, n;
    const char *line;
    int lineno = 0;
    while (hv_import_line(text, len, &pos, &line, &n, &lineno)) {
        if (n == 0 || line[0] == '#')
            continue;
        if (n >= 4 && strncmp(line, "Base", 4) == 0)
            return memchr(line, ';', n) ? 90 : 40;
        return 0;
    }
    return 0;
}

static int gs_read(const fc_host *host, const char *name, const char *text, size_t len, fc_import_sink *sink,
                   fc_error *err)
{
    (void)host, (void)name, (void)err;
    size_t pos = 0, n;
    const char *line;
    int lineno = 0;
    while (hv_import_line(text, len, &pos, &line, &n, &lineno)) {
        size_t b = 0;
        while (b < n && (line[b] == ' ' || line[b] == '\t'))
            b++;
        if (b == n || line[b] == '#')
            continue;
        read_game_string(line + b, n - b, lineno, sink);
    }
    return 0;
}

const fc_import_format hv_import_formats[3] = {
    {"sgf", "boardspace.net Hive SGF game files", ".sgf", hv_import_sgf_detect, hv_import_sgf_read},
    {"pgn", "PGN as Mzinga and hivegame.com write it (UHP MoveStrings)", ".pgn", hv_import_pgn_detect,
     hv_import_pgn_read},
    {"gamestring", "UHP GameStrings, one game per line", ".uhp .txt .gamestring", gs_detect, gs_read},
};
