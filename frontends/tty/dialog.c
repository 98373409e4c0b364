/* Popups drawn over the game screen: message boxes, menus, a one-line text prompt and the
 * hot-seat cover. Each redraws the screen under it on resize. */
#include <curses.h>
#include <string.h>
#include <strings.h>

#include "tty_int.h"

typedef struct tty_box {
    int y, x, h, w;
} tty_box;

/* A centred box of inner size h x w (shrunk to the screen) with a title. */
static tty_box tty_box_draw(const tty *t, const char *title, int h, int w)
{
    tty_box b;
    b.w = w + 4 < COLS ? w + 4 : COLS;
    b.h = h + 2 < LINES ? h + 2 : LINES;
    b.y = (LINES - b.h) / 2;
    b.x = (COLS - b.w) / 2;
    int attr = t->colour ? (int)COLOR_PAIR(TTY_PAIR_TITLE) : A_NORMAL;
    for (int y = b.y; y < b.y + b.h; y++)
        mvhline(y, b.x, ' ', b.w);
    attrset(attr | A_BOLD);
    mvhline(b.y, b.x, ACS_HLINE, b.w);
    mvhline(b.y + b.h - 1, b.x, ACS_HLINE, b.w);
    mvvline(b.y, b.x, ACS_VLINE, b.h);
    mvvline(b.y, b.x + b.w - 1, ACS_VLINE, b.h);
    mvaddch(b.y, b.x, ACS_ULCORNER);
    mvaddch(b.y, b.x + b.w - 1, ACS_URCORNER);
    mvaddch(b.y + b.h - 1, b.x, ACS_LLCORNER);
    mvaddch(b.y + b.h - 1, b.x + b.w - 1, ACS_LRCORNER);
    attrset(A_NORMAL);
    tty_put(b.y, b.x + 2, b.w - 4, attr | A_BOLD, " %s ", title);
    return b;
}

static int tty_max_len(const char *const *lines, int n)
{
    int w = 0;
    for (int i = 0; i < n; i++) {
        int l = (int)strlen(lines[i]);
        w = l > w ? l : w;
    }
    return w;
}

/* Reverse video on each case-insensitive occurrence of mark in s, drawn at (y, x), w wide. */
static void tty_marks(int y, int x, int w, const char *s, const char *mark)
{
    size_t ml = mark ? strlen(mark) : 0;
    for (int i = 0; ml && s[i] && i + (int)ml <= w; i++)
        if (strncasecmp(s + i, mark, ml) == 0) {
            mvchgat(y, x + i, (int)ml, A_REVERSE | A_BOLD, 0, NULL);
            i += (int)ml - 1;
        }
}

int tty_popup(tty *t, const char *title, const char *const *lines, int nlines, const char *keys)
{
    int top = 0;
    return tty_popup_at(t, title, lines, nlines, keys, &top, NULL);
}

int tty_popup_at(tty *t, const char *title, const char *const *lines, int nlines, const char *keys, int *topp,
                 const char *mark)
{
    int top = *topp < 0 ? 0 : *topp;
    for (;;) {
        tty_draw_screen(t);
        int w = tty_max_len(lines, nlines), tl = (int)strlen(title) + 4;
        tty_box b = tty_box_draw(t, title, nlines, w > tl ? w : tl);
        int rows = b.h - 2;
        if (top > nlines - rows)
            top = nlines - rows > 0 ? nlines - rows : 0;
        for (int i = 0; i < rows && top + i < nlines; i++) {
            tty_put(b.y + 1 + i, b.x + 2, b.w - 4, A_NORMAL, "%s", lines[top + i]);
            tty_marks(b.y + 1 + i, b.x + 2, b.w - 4, lines[top + i], mark);
        }
        if (nlines > rows)
            tty_put(b.y + b.h - 1, b.x + b.w - 24, 22, A_BOLD, " %d/%d, arrows scroll ", top + rows, nlines);
        refresh();
        int ch = tty_key(t, -1);
        if (ch == ERR && tty_interrupted()) {
            *topp = top;
            return ERR;
        }
        if (ch == ERR || ch == KEY_RESIZE)
            continue;
        if (nlines > rows && (ch == KEY_DOWN || ch == KEY_UP || ch == KEY_NPAGE || ch == KEY_PPAGE)) {
            top += ch == KEY_DOWN ? 1 : ch == KEY_UP ? -1 : ch == KEY_NPAGE ? rows - 1 : -(rows - 1);
            top = top < 0 ? 0 : top;
            continue;
        }
        if (!keys || (ch > 0 && ch < 256 && strchr(keys, ch))) {
            *topp = top;
            return ch;
        }
    }
}

int tty_menu(tty *t, const char *title, const char *const *items, int n)
{
    return tty_menu_ex(t, title, items, n, 0, NULL, NULL);
}

typedef struct tty_menu_wrap {
    const tty_box *b;
    int y, end;
} tty_menu_wrap;

static void tty_menu_line(const char *s, int len, void *ctx)
{
    tty_menu_wrap *w = ctx;
    if (w->y < w->end)
        tty_put(w->y++, w->b->x + 2, w->b->w - 4, A_BOLD, "%.*s", len, s);
}

int tty_menu_ex(tty *t, const char *title, const char *const *items, int n, int start,
                void (*on_sel)(tty *, int, void *), void *ctx)
{
    int sel = start >= 0 && start < n ? start : 0, top = 0, shown = -1;
    for (;;) {
        if (on_sel && sel != shown)
            on_sel(t, sel, ctx);
        shown = sel;
        tty_draw_screen(t);
        int w = tty_max_len(items, n) + 5, tl = (int)strlen(title) + 4;
        w = w > tl ? w : tl;
        int full = 0; /* rows under the list for the highlighted item's whole label */
        if (w + 4 > COLS) {
            full = tty_wrap_text(items[sel], COLS - 8, 0, NULL, NULL);
            full = full > 3 ? 3 : full;
        }
        tty_box b = tty_box_draw(t, title, n + 1 + full, w);
        int rows = b.h - 3 - full;
        if (rows < 1)
            rows = 1;
        if (sel < top)
            top = sel;
        if (sel >= top + rows)
            top = sel - rows + 1;
        for (int i = 0; i < rows && top + i < n; i++) {
            int k = top + i;
            int attr = k == sel ? (t->colour ? (int)(COLOR_PAIR(TTY_PAIR_SELECT) | A_BOLD) : A_REVERSE) : A_NORMAL;
            tty_put(b.y + 1 + i, b.x + 2, b.w - 4, attr, "%2d %-*s", k + 1, b.w - 7, items[k]);
        }
        if (full > 0) {
            tty_menu_wrap mw = {&b, b.y + 1 + rows, b.y + 1 + rows + full};
            tty_wrap_text(items[sel], b.w - 4, 0, tty_menu_line, &mw);
        }
        tty_put(b.y + b.h - 2, b.x + 2, b.w - 4, A_DIM, "Enter choose, Esc back");
        refresh();
        int ch = tty_key(t, -1);
        if (ch == ERR && tty_interrupted())
            return -1;
        switch (ch) {
        case KEY_UP:
            sel = sel > 0 ? sel - 1 : 0;
            break;
        case KEY_DOWN:
        case '\t':
            sel = sel + 1 < n ? sel + 1 : n - 1;
            break;
        case KEY_PPAGE:
            sel = sel - rows > 0 ? sel - rows : 0;
            break;
        case KEY_NPAGE:
            sel = sel + rows < n ? sel + rows : n - 1;
            break;
        case '\n':
        case '\r':
        case KEY_ENTER:
            return sel;
        case 27:
        case 'q':
            return -1;
        default:
            break;
        }
    }
}

int tty_prompt(tty *t, const char *title, const char *label, char *buf, size_t n)
{
    size_t len = strlen(buf);
    for (;;) {
        tty_draw_screen(t);
        int w = COLS - 8 < 70 ? COLS - 8 : 70;
        tty_box b = tty_box_draw(t, title, 3, w);
        tty_put(b.y + 1, b.x + 2, b.w - 4, A_NORMAL, "%s", label);
        int fw = b.w - 4;
        const char *shown = len + 1 > (size_t)fw ? buf + len + 1 - (size_t)fw : buf; /* keep the end visible */
        tty_put(b.y + 2, b.x + 2, fw, A_UNDERLINE | A_BOLD, "%-*s", fw, shown);
        tty_put(b.y + 3, b.x + 2, b.w - 4, A_DIM, "Enter confirm, Esc cancel, Ctrl-U clear");
        move(b.y + 2, b.x + 2 + (int)strlen(shown));
        curs_set(1);
        refresh();
        int ch = tty_key(t, -1);
        curs_set(0);
        if (ch == ERR && tty_interrupted())
            return 0;
        if (ch == '\n' || ch == '\r' || ch == KEY_ENTER)
            return len > 0;
        if (ch == 27)
            return 0;
        if ((ch == KEY_BACKSPACE || ch == 127 || ch == 8) && len > 0)
            buf[--len] = 0;
        else if (ch == 21) /* Ctrl-U */
            buf[len = 0] = 0;
        else if (ch >= 32 && ch < 127 && len + 1 < n) {
            buf[len++] = (char)ch;
            buf[len] = 0;
        }
    }
}

int tty_cover(tty *t, int seat)
{
    for (;;) {
        erase();
        int y = LINES / 2 - 2;
        char line[96];
        snprintf(line, sizeof line, "%s to play", t->names[seat]);
        tty_put(y, (COLS - (int)strlen(line)) / 2, COLS, tty_seat_attr(t, seat), "%s", line);
        const char *l2 = "The screen is hidden so that no one sees another seat's view.";
        snprintf(line, sizeof line, "%s: press any key when you are ready", t->names[seat]);
        tty_put(y + 2, (COLS - (int)strlen(l2)) / 2, COLS, A_NORMAL, "%s", l2);
        tty_put(y + 3, (COLS - (int)strlen(line)) / 2, COLS, A_BOLD, "%s", line);
        refresh();
        int ch = tty_key(t, -1);
        if (ch == ERR && tty_interrupted())
            return ERR;
        if (ch != ERR && ch != KEY_RESIZE)
            return ch;
    }
}
