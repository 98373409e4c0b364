/* The help screen (keys and the game's own turn summary) and the final scores. */
#include <curses.h>
#include <stdlib.h>
#include <string.h>

#include "tty_int.h"

#define TTY_HELP_MAX 80

static const char *const tty_keys_help[] = {
    "Keys",
    "  arrows       move the map cursor (map) or the selection (list)",
    "  Tab          switch between the map and the decision list",
    "  n / N        cursor to the next / previous hex a decision concerns",
    "  Enter        choose: the selected decision, or the one at the cursor",
    "               (a sub-list opens when several share the hex)",
    "  PgUp / PgDn  scroll the decision list",
    "  p            side panel: next seat expanded / board page",
    "  u            undo back to your previous decision",
    "  s / o        save the record / load (open) a record",
    "  + / -        bots play slower / faster; space skips their pacing",
    "  ?            this help        q  quit (asks if the game is not saved)",
    "",
    "Map: terrain in colour (fill . grass , dirt : stone ^ water ~ mushroom *),",
    "pieces as glyphs on their owner's colour, '+' marks a hex you can choose,",
    "[ ] is the cursor, '=' a link between two hexes.",
};

/* Appends text to lines[], one entry per line, wrapped at w columns on spaces; the pieces
 * are written into buf (size n). Returns the new line count. */
static int tty_help_wrap(const char *text, int w, const char **lines, int k, char *buf, size_t n, size_t *used)
{
    const char *p = text;
    while (*p && k < TTY_HELP_MAX) {
        size_t len = strcspn(p, "\n"), cut = len;
        if ((int)len > w) {
            cut = (size_t)w;
            while (cut > (size_t)w / 2 && p[cut] != ' ')
                cut--;
            if (p[cut] != ' ')
                cut = (size_t)w;
        }
        if (*used + cut + 1 > n)
            break;
        memcpy(buf + *used, p, cut);
        buf[*used + cut] = 0;
        lines[k++] = buf + *used;
        *used += cut + 1;
        p += cut;
        while (*p == ' ')
            p++;
        if (*p == '\n')
            p++;
    }
    return k;
}

void tty_help(tty *t)
{
    const fc_plugin *pl = fc_rules_plugin(*t->rules);
    const char *lines[TTY_HELP_MAX];
    size_t cap = 8192, used = 0;
    char *buf = malloc(cap);
    if (!buf)
        return;
    int w = COLS - 8 < 100 ? COLS - 8 : 100, n = 0;
    char head[256];
    snprintf(head, sizeof head, "%s: %s", pl ? pl->name : "game", pl && pl->summary ? pl->summary : "");
    n = tty_help_wrap(head, w, lines, n, buf, cap, &used);
    lines[n++] = "";
    for (size_t i = 0; i < sizeof tty_keys_help / sizeof tty_keys_help[0]; i++)
        lines[n++] = tty_keys_help[i];
    if (pl && pl->help && pl->help[0]) {
        lines[n++] = "";
        lines[n++] = "Turn structure";
        n = tty_help_wrap(pl->help, w, lines, n, buf, cap, &used);
    }
    tty_popup(t, "Help - any key closes", lines, n, NULL);
    free(buf);
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
