/* The help screen (the game's legend from the view, the keys, the game's own turn summary)
 * and the final scores. */
#include <curses.h>
#include <stdlib.h>
#include <string.h>

#include "tty_int.h"

#define TTY_HELP_MAX (FC_VIEW_MAX_LEGEND + 120)

static const char *const tty_keys_help[] = {
    "Keys",
    "  arrows       move the map cursor (map) or the selection (list); the other follows",
    "  Tab          switch between the map and the decision list (the selection stays)",
    "  n / N        cursor to the next / previous hex a decision concerns",
    "  Enter        play the selection (marked > in the list)",
    "               (on the map a sub-list opens when several share the hex)",
    "  PgUp / PgDn  the selection a page up / down; Home / End the first / last",
    "  p            side panel: next seat expanded / board page",
    "  r            the rules of the current phase and the glossary",
    "  u            undo back to your previous decision",
    "  s / o        save the record / load (open) a record",
    "  + / -        bots play slower / faster; space skips their pacing",
    "  ?            this help        q  quit (asks if the game is not saved)",
};

static const char *const tty_replay_keys_help[] = {
    "Keys (replay)",
    "  left / right    one decision back / forward (space: forward)",
    "  Home / End      the start / the end of the record",
    "  PgUp / PgDn     ten decisions back / forward",
    "  g               go to a ply by number",
    "  v               whose view: a spectator, then each seat in turn",
    "  up / down       move the map cursor (the info line names the hex)",
    "  p               side panel: next seat expanded / board page",
    "  r               the rules of the current phase and the glossary",
    "  ?  this help    q  quit",
};

static const char *const tty_map_help[] = {
    "Map: terrain in colour (fill . plain , grass : dirt ^ stone ~~~ water * mushroom",
    "& vegetation # tunnel XXX blocked), pieces as glyphs on their owner's colour,",
    "'+' marks a hex you can choose, [ ] is the cursor, '=' a link between two hexes,",
    "{ } frames every hex the selected decision covers (a tile, a path, supporters);",
    "- \\ / beside a hex: a link out of it to an empty place (a tile's open edge).",
};

typedef struct tty_help_buf {
    const char **lines;
    int n;
    char *buf;
    size_t cap, used;
    int indent;
} tty_help_buf;

static void tty_help_line(const char *s, int len, void *ctx)
{
    tty_help_buf *h = ctx;
    int ind = h->indent;
    if (h->n >= TTY_HELP_MAX || h->used + (size_t)len + (size_t)ind + 1 > h->cap)
        return;
    char *p = h->buf + h->used;
    memset(p, ' ', (size_t)ind);
    memcpy(p + ind, s, (size_t)len);
    p[ind + len] = 0;
    h->lines[h->n++] = p;
    h->used += (size_t)len + (size_t)ind + 1;
}

static void tty_help_add(tty_help_buf *h, const char *text, int w, int indent)
{
    h->indent = 0;
    int first = h->n;
    tty_wrap_text(text, w, indent, tty_help_line, h);
    /* continuation lines get their indent: re-wrapping them with it is simpler than tracking */
    for (int i = first + 1; i < h->n; i++) {
        size_t len = strlen(h->lines[i]);
        if (h->used + len + (size_t)indent + 1 > h->cap)
            break;
        char *p = h->buf + h->used;
        memset(p, ' ', (size_t)indent);
        memcpy(p + indent, h->lines[i], len + 1);
        h->lines[i] = p;
        h->used += len + (size_t)indent + 1;
    }
}

void tty_help(tty *t)
{
    const fc_plugin *pl = fc_rules_plugin(*t->rules);
    const char *lines[TTY_HELP_MAX];
    tty_help_buf h = {lines, 0, malloc(16384), 16384, 0, 0};
    if (!h.buf)
        return;
    int w = COLS - 8 < 100 ? COLS - 8 : 100;
    char head[256];
    snprintf(head, sizeof head, "%s: %s", pl ? pl->name : "game", pl && pl->summary ? pl->summary : "");
    tty_help_add(&h, head, w, 2);
    const fc_view *v = t->view;
    int nl = v->nlegend < FC_VIEW_MAX_LEGEND ? v->nlegend : FC_VIEW_MAX_LEGEND;
    if (nl > 0) {
        lines[h.n++] = "";
        lines[h.n++] = "Legend (what the game's glyphs and codes mean)";
        int gw = 2;
        for (int i = 0; i < nl; i++) {
            int l = (int)strnlen(v->legend[i].glyph, sizeof v->legend[i].glyph);
            gw = l > gw ? l : gw;
        }
        for (int i = 0; i < nl && h.n < TTY_HELP_MAX - 40; i++) {
            char line[128];
            snprintf(line, sizeof line, "  %-*.*s  %.*s", gw, (int)sizeof v->legend[i].glyph, v->legend[i].glyph,
                     (int)sizeof v->legend[i].text, v->legend[i].text);
            tty_help_add(&h, line, w, gw + 4);
        }
    }
    lines[h.n++] = "";
    for (size_t i = 0; i < sizeof tty_map_help / sizeof tty_map_help[0]; i++)
        lines[h.n++] = tty_map_help[i];
    lines[h.n++] = "";
    if (t->rec)
        for (size_t i = 0; i < sizeof tty_replay_keys_help / sizeof tty_replay_keys_help[0]; i++)
            lines[h.n++] = tty_replay_keys_help[i];
    else
        for (size_t i = 0; i < sizeof tty_keys_help / sizeof tty_keys_help[0]; i++)
            lines[h.n++] = tty_keys_help[i];
    if (pl && pl->help && pl->help[0] && h.n < TTY_HELP_MAX - 2) {
        lines[h.n++] = "";
        lines[h.n++] = "Turn structure";
        tty_help_add(&h, pl->help, w, 0);
    }
    tty_popup(t, "Help - any key closes", lines, h.n, NULL);
    free(h.buf);
}

void tty_final(tty *t)
{
    int32_t score[FC_MAX_SEATS] = {0};
    int rank[FC_MAX_SEATS] = {0};
    fc_match_scores(*t->m, score, rank);
    char buf[FC_MAX_SEATS + 2][96];
    const char *lines[FC_MAX_SEATS + 2];
    int n = 0;
    for (int r = 0; r < t->nseats; r++) /* seats by rank, then seat number */
        for (int s = 0; s < t->nseats; s++)
            if (rank[s] == r) {
                snprintf(buf[n], sizeof buf[n], "%d. %-12s %6d  (%s)", rank[s] + 1, t->names[s], (int)score[s],
                         t->labels && t->labels->agent[s] ? t->labels->agent[s] : "?");
                lines[n] = buf[n];
                n++;
            }
    snprintf(buf[n], sizeof buf[n], " ");
    lines[n] = buf[n];
    n++;
    snprintf(buf[n], sizeof buf[n], "after %zu decisions - any key to look at the board", fc_match_ply(*t->m));
    lines[n] = buf[n];
    n++;
    tty_popup(t, "Game over - final scores", lines, n, NULL);
}
