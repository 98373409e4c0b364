/* Layout, colours and the text panes of the terminal front end: header, per-seat panels,
 * tracks and text lines, the public log, the info and status lines. */
#include <ctype.h>
#include <curses.h>
#include <langinfo.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "formicary/escape.h"
#include "tty_int.h"

/* Places the panes. At 80x24: map 47x13 (up to 50 wide) beside the side pane, decisions and log
 * below (8 rows), then the info and status lines. A larger terminal gives the map what it
 * needs and the rest to the side pane, the decision list and the log. */
void tty_layout(tty *t)
{
    int rows = LINES, cols = COLS, mw = 0, mh = 0;
    t->too_small = rows < TTY_MIN_LINES || cols < TTY_MIN_COLS;
    tty_map_size(t, &mw, &mh);
    int side_w = cols >= 80 ? 32 : cols / 2 - 8;
    if (cols >= 80 && cols < 110 && cols - mw + 1 < side_w) /* give a slightly wide map its columns */
        side_w = cols - mw + 1 < 30 ? 30 : cols - mw + 1;
    if (cols >= 110) {
        side_w = cols - mw - 3;
        side_w = side_w < 40 ? 40 : side_w > 48 ? 48 : side_w;
    }
    int mid = rows - 3; /* header, info, status */
    int bottom = rows >= 24 ? 8 : rows / 3;
    if (rows > 24) {
        bottom = mid - mh - 1;
        bottom = bottom < 8 ? 8 : bottom > mid / 2 ? mid / 2 : bottom;
    }
    t->header = (tty_rect){0, 0, 1, cols};
    t->map = (tty_rect){1, 0, mid - bottom, cols - side_w - 1};
    t->side = (tty_rect){1, cols - side_w, mid - bottom, side_w};
    t->list = (tty_rect){1 + mid - bottom, 0, bottom, cols - side_w - 1};
    t->log = (tty_rect){1 + mid - bottom, cols - side_w, bottom, side_w};
    t->key = (tty_rect){0, 0, 0, 0};
    if (tty_map_key_count(t) > 0 && t->map.h > 4) { /* the terrain key: the map's last row */
        t->map.h--;
        t->key = (tty_rect){t->map.y + t->map.h, 0, 1, t->map.w};
    }
    t->info = (tty_rect){rows - 2, 0, 1, cols};
    t->status = (tty_rect){rows - 1, 0, 1, cols};
}

/* Seat colours: a seat named after a colour gets it ("Red", "Blue"), the rest by number. */
static short tty_colour_named(const char *name, bool c256)
{
    static const struct {
        const char *name;
        short c8, c256;
    } tab[] = {{"red", COLOR_RED, 160},        {"blue", COLOR_BLUE, 27},        {"yellow", COLOR_YELLOW, 220},
               {"green", COLOR_GREEN, 34},     {"black", COLOR_BLACK, 16},      {"white", COLOR_WHITE, 231},
               {"cyan", COLOR_CYAN, 44},       {"magenta", COLOR_MAGENTA, 165}, {"purple", COLOR_MAGENTA, 93},
               {"violet", COLOR_MAGENTA, 135}, {"orange", COLOR_YELLOW, 208},   {"brown", COLOR_YELLOW, 94},
               {"pink", COLOR_MAGENTA, 205},   {"grey", COLOR_WHITE, 244},      {"gray", COLOR_WHITE, 244}};
    char low[24];
    size_t i = 0;
    for (; name[i] && i + 1 < sizeof low; i++)
        low[i] = (char)tolower((unsigned char)name[i]);
    low[i] = 0;
    for (size_t k = 0; k < sizeof tab / sizeof tab[0]; k++)
        if (strstr(low, tab[k].name))
            return c256 ? tab[k].c256 : tab[k].c8;
    return -1;
}

static bool tty_light(short c)
{
    return c == COLOR_YELLOW || c == COLOR_WHITE || c == COLOR_CYAN || c == COLOR_GREEN || c == 220 || c == 231 ||
           c == 44 || c == 34 || c == 208 || c == 244 || c == 205;
}

void tty_colours_init(tty *t)
{
    t->colour = has_colors();
    if (!t->colour)
        return;
    start_color();
    use_default_colors();
    bool c256 = COLORS >= 256;
    /* fg, bg per terrain class (view.h order) */
    static const short ter8[FC_TERRAIN_COUNT][2] = {
        {COLOR_WHITE, -1},          {COLOR_BLACK, COLOR_GREEN},  {COLOR_BLACK, COLOR_YELLOW},
        {COLOR_BLACK, COLOR_WHITE}, {COLOR_WHITE, COLOR_BLUE},   {COLOR_WHITE, COLOR_MAGENTA},
        {COLOR_BLACK, COLOR_GREEN}, {COLOR_BLACK, COLOR_YELLOW}, {COLOR_WHITE, COLOR_BLACK},
        {COLOR_RED, COLOR_BLACK}};
    static const short ter256[FC_TERRAIN_COUNT][2] = {{250, -1},  {22, 71},  {230, 94},  {235, 248}, {153, 25},
                                                      {231, 133}, {193, 28}, {94, 186}, {250, 236}, {124, 234}};
    for (int i = 0; i < FC_TERRAIN_COUNT; i++)
        init_pair((short)(TTY_PAIR_TERRAIN + i), c256 ? ter256[i][0] : ter8[i][0], c256 ? ter256[i][1] : ter8[i][1]);
    static const short fallback[FC_MAX_SEATS] = {COLOR_RED,     COLOR_BLUE, COLOR_YELLOW, COLOR_GREEN,
                                                 COLOR_MAGENTA, COLOR_CYAN, COLOR_WHITE,  COLOR_BLACK};
    for (int s = 0; s < FC_MAX_SEATS; s++) {
        short c = tty_colour_named(t->names[s], c256);
        if (c < 0)
            c = fallback[s];
        t->seat_colour[s] = c;
        bool dark = c == COLOR_BLACK || c == 16;
        init_pair((short)(TTY_PAIR_OWNER + s), tty_light(c) ? COLOR_BLACK : COLOR_WHITE, c);
        init_pair((short)(TTY_PAIR_SEAT + s), dark ? COLOR_BLACK : c, dark ? COLOR_WHITE : -1);
    }
    init_pair(TTY_PAIR_HEADER, COLOR_BLACK, COLOR_CYAN);
    init_pair(TTY_PAIR_TITLE, COLOR_CYAN, -1);
    init_pair(TTY_PAIR_SELECT, COLOR_BLACK, COLOR_CYAN);
    init_pair(TTY_PAIR_ERROR, COLOR_WHITE, COLOR_RED);
    init_pair(TTY_PAIR_OK, COLOR_GREEN, -1);
    init_pair(TTY_PAIR_DIM, c256 ? 244 : COLOR_WHITE, -1);
    tty_map_colours_init(c256);
}

int tty_seat_attr(const tty *t, int seat)
{
    if (seat < 0 || seat >= FC_MAX_SEATS)
        return A_NORMAL;
    return t->colour ? (int)(COLOR_PAIR(TTY_PAIR_SEAT + seat) | A_BOLD) : (int)A_BOLD;
}

void tty_fill(const tty_rect *r, int attr)
{
    attrset(attr);
    for (int y = r->y; y < r->y + r->h; y++)
        mvhline(y, r->x, ' ', r->w);
    attrset(A_NORMAL);
}

/* Writes formatted text at (y, x), cut to w columns. Non-printable bytes become '?'. */
bool tty_utf8(void)
{
    const char *cs = nl_langinfo(CODESET);
    return cs && (strcmp(cs, "UTF-8") == 0 || strcmp(cs, "utf8") == 0);
}

void tty_label_seats(const tty *t, fc_decision_info *info)
{
    char buf[sizeof info->label];
    info->label[sizeof info->label - 1] = 0;
    fc_seat_text(info->label, (const char(*)[24])t->names, t->nseats, buf, sizeof buf);
    memcpy(info->label, buf, sizeof buf);
}

void tty_put(int y, int x, int w, int attr, const char *fmt, ...)
{
    char raw[512], buf[4 * sizeof raw];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(raw, sizeof raw, fmt, ap);
    va_end(ap);
    if (w <= 0 || y < 0 || y >= LINES)
        return;
    fc_escape(raw, buf, sizeof buf); /* controls shown as \xNN (formicary/escape.h), the rest as '?' */
    int n = 0;
    for (; buf[n] && n < (int)sizeof buf - 1; n++)
        if ((unsigned char)buf[n] < 32 || (unsigned char)buf[n] > 126)
            buf[n] = '?';
    /* text cut at w ends in an ellipsis (padding cut off is no loss) */
    bool cut = false;
    for (int i = w; i < n && !cut; i++)
        cut = buf[i] != ' ';
    const char *ell = tty_utf8() ? "\xe2\x80\xa6" : "...";
    int ew = tty_utf8() ? 1 : 3;
    attrset(attr);
    if (cut && w > ew) {
        mvaddnstr(y, x, buf, w - ew);
        addstr(ell);
    } else {
        mvaddnstr(y, x, buf, n < w ? n : w);
    }
    attrset(A_NORMAL);
}

void tty_msg(tty *t, bool error, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(t->msg, sizeof t->msg, fmt, ap);
    va_end(ap);
    t->msg_error = error;
    t->msg_time = tty_now_ms();
}

/* A pane title: " Title ───────" in the title colour. */
static void tty_title(const tty *t, const tty_rect *r, const char *title)
{
    int attr = t->colour ? (int)COLOR_PAIR(TTY_PAIR_TITLE) : A_NORMAL;
    attrset(attr);
    mvhline(r->y, r->x, ACS_HLINE, r->w);
    attrset(A_NORMAL);
    tty_put(r->y, r->x + 1, r->w - 2, attr | A_BOLD, " %s ", title);
}

static const char *tty_mover_name(const tty *t, char *buf, size_t n)
{
    if (t->mover == FC_NOBODY)
        snprintf(buf, n, "game over");
    else if (t->mover == FC_CHANCE)
        snprintf(buf, n, "chance");
    else if (t->mover >= 0 && t->mover < t->nseats)
        snprintf(buf, n, "%s %s", t->names[t->mover],
                 !t->agents[t->mover] ? (t->mover == t->viewer ? "(you)" : "(human)") : "(bot)");
    else
        snprintf(buf, n, "?");
    return buf;
}

/* The header: game, rule set and variant, the view's title, the ply and who is to move. The
 * title gives way first, then the role after the mover's name. */
void tty_draw_frame(tty *t)
{
    int hattr = t->colour ? (int)COLOR_PAIR(TTY_PAIR_HEADER) : A_REVERSE;
    tty_fill(&t->header, hattr);
    char who[64], right[128];
    tty_mover_name(t, who, sizeof who);
    if (t->rec)
        snprintf(right, sizeof right, " replay: ply %zu of %zu ", t->rec->at, t->rec->tr.n);
    else
        snprintf(right, sizeof right, " ply %zu | %s ", fc_match_ply(*t->m), who);
    /* a title that starts with the game's name ("March of the Ants - round 1 of 4, setup")
     * without it: the header names the game already, and 80 columns have no room to spare */
    const char *title = t->view->title;
    size_t gl = strlen(t->game_name), tl = strnlen(title, sizeof t->view->title);
    if (tl > gl + 3 && strncmp(title, t->game_name, gl) == 0 && strncmp(title + gl, " - ", 3) == 0)
        title += gl + 3, tl -= gl + 3;
    int gw = (int)strlen(t->game_name) + (int)strlen(t->ruleset) + 8 + (int)tl;
    if (!t->rec && gw + (int)strlen(right) > t->header.w && t->mover >= 0 && t->mover < t->nseats)
        snprintf(right, sizeof right, " ply %zu | %s ", fc_match_ply(*t->m), t->names[t->mover]);
    int rw = (int)strlen(right);
    if (gw + rw > t->header.w && rw > 1) /* still tight: the last column too */
        right[--rw] = 0;
    tty_put(0, 0, t->header.w - rw, hattr | A_BOLD, " %s ", t->game_name);
    int gx = (int)strlen(t->game_name) + 2;
    tty_put(0, gx, t->header.w - rw - gx, hattr, "[%s] ", t->ruleset);
    gx += (int)strlen(t->ruleset) + 3;
    tty_put(0, gx, t->header.w - rw - gx, hattr, "| %.*s", (int)tl, title);
    tty_put(0, t->header.w - rw, rw, hattr | A_BOLD, "%s", right);
    /* the line between map and side pane */
    int vx = t->side.x - 1;
    attrset(t->colour ? (int)COLOR_PAIR(TTY_PAIR_TITLE) : A_NORMAL);
    mvvline(t->map.y, vx, ACS_VLINE, t->side.h + t->list.h); /* the map may lend a row to the key */
    attrset(A_NORMAL);
}

/* Where a value of len columns breaks to fit w: at the last space, else at w. */
static int tty_break(const char *s, int len, int w)
{
    if (len <= w)
        return len;
    for (int i = w; i > w / 2; i--)
        if (s[i] == ' ')
            return i;
    return w;
}

/* Lines a value takes when wrapped to w columns. */
static int tty_wrapped_lines(const char *s, int w)
{
    int len = (int)strlen(s), k = 0;
    for (int off = 0; off < len || k == 0; k++) {
        off += tty_break(s + off, len - off, w);
        while (s[off] == ' ')
            off++;
    }
    return k;
}

/* Entry i of a seat's block: i = -1 is the seat's tray ("hand") when the view has items
 * there, then the panel entries. TTY_PENDING is the block of the items pending for all (a
 * drawn tile: "drawn"), shown first in the pane because it is what the decision is about. */
#define TTY_PENDING (-2)
static bool tty_entry(const fc_view *v, int seat, int i, const char **key, char *val, size_t n)
{
    if (i < 0) {
        *key = seat >= 0 ? "hand" : "drawn";
        return seat != -1 && fc_view_items_text(v, seat >= 0 ? seat : -1, val, n) > 0;
    }
    if (seat == TTY_PENDING || v->panel[i].seat != seat)
        return false;
    *key = v->panel[i].key;
    snprintf(val, n, "%.*s", FC_VIEW_STR, v->panel[i].value);
    return true;
}

/* One seat's entries (or the general ones for seat -1), up to max lines from y. Long values
 * wrap onto further lines when every entry still fits, else they are cut. */
static int tty_seat_entries(const tty *t, int seat, int y, int max)
{
    const fc_view *v = t->view;
    const tty_rect *r = &t->side;
    int n = v->npanel < FC_VIEW_MAX_PANEL * 4 ? v->npanel : FC_VIEW_MAX_PANEL * 4;
    int vw = r->w - 12, need = 0;
    if (vw < 4)
        return 0;
    char val[256];
    const char *key;
    for (int i = -1; i < n; i++)
        if (tty_entry(v, seat, i, &key, val, sizeof val))
            need += tty_wrapped_lines(val, vw);
    bool wrap = need <= max;
    int used = 0;
    for (int i = -1; i < n && used < max; i++) {
        if (!tty_entry(v, seat, i, &key, val, sizeof val))
            continue;
        tty_put(y + used, r->x + 1, 10, t->colour ? (int)COLOR_PAIR(TTY_PAIR_DIM) : A_DIM, "%-10s", key);
        int len = (int)strlen(val), off = 0;
        do {
            int cut = wrap ? tty_break(val + off, len - off, vw) : vw;
            /* cut rather than wrapped: the whole rest, which tty_put ends in an ellipsis */
            tty_put(y + used++, r->x + 12, vw, A_NORMAL, "%.*s", wrap ? cut : len - off, val + off);
            off += cut;
            while (val[off] == ' ')
                off++;
        } while (wrap && off < len && used < max);
    }
    return used;
}

static int tty_count_entries(const fc_view *v, int seat)
{
    int k = 0, n = v->npanel < FC_VIEW_MAX_PANEL * 4 ? v->npanel : FC_VIEW_MAX_PANEL * 4;
    for (int i = 0; i < n && seat != TTY_PENDING; i++)
        k += v->panel[i].seat == seat;
    char buf[8];
    return k + (seat != -1 && fc_view_items_text(v, seat >= 0 ? seat : -1, buf, sizeof buf) > 0);
}

static void tty_seat_header(const tty *t, int s, int y, const int32_t *score, const int *rank, bool open)
{
    const tty_rect *r = &t->side;
    int attr = tty_seat_attr(t, s);
    tty_put(y, r->x, 2, t->colour ? (int)COLOR_PAIR(TTY_PAIR_OWNER + s) : A_REVERSE, "%d ", s + 1);
    const char *role = t->rec ? (t->labels && t->labels->agent[s] ? t->labels->agent[s] : "?")
                       : !t->agents[s] ? (s == t->viewer ? "you" : "human")
                                       : fc_agent_name(t->agents[s]);
    char left[64];
    snprintf(left, sizeof left, "%s%s %s (%s)", s == t->mover ? ">" : " ", open ? "" : "+", t->names[s], role);
    tty_put(y, r->x + 2, r->w - 2, attr, "%s", left);
    char sc[32];
    snprintf(sc, sizeof sc, "%d pts #%d", (int)score[s], rank[s] + 1);
    int sw = (int)strlen(sc);
    if ((int)strlen(left) + 3 + sw <= r->w)
        tty_put(y, r->x + r->w - sw, sw, A_NORMAL, "%s", sc);
}

static int tty_draw_tracks(const tty *t, int y, int max)
{
    const fc_view *v = t->view;
    const tty_rect *r = &t->side;
    int used = 0;
    for (int i = 0; i < v->ntracks && i < FC_VIEW_MAX_TRACKS && used < max; i++, used++) {
        const fc_view_track *k = &v->tracks[i];
        if (k->text[0])
            tty_put(y + used, r->x + 1, r->w - 1, A_NORMAL, "%.*s", (int)sizeof k->text, k->text);
        else
            tty_put(y + used, r->x + 1, r->w - 1, A_NORMAL, "%-12.24s %d/%d", k->name, k->value, k->max);
    }
    for (int i = 0; i < v->ntext && i < FC_VIEW_MAX_TEXT && used < max; i++, used++)
        tty_put(y + used, r->x + 1, r->w - 1, t->colour ? (int)COLOR_PAIR(TTY_PAIR_DIM) : A_NORMAL, "%.*s",
                (int)sizeof v->text[i].value, v->text[i].value);
    return used;
}

/* The side pane: every seat with its entries when they fit, else the page's seat expanded
 * and the others on one line; the board page shows tracks and text lines. */
void tty_draw_side(tty *t)
{
    const fc_view *v = t->view;
    tty_rect *r = &t->side;
    tty_fill(r, A_NORMAL);
    int32_t score[FC_MAX_SEATS] = {0};
    int rank[FC_MAX_SEATS] = {0};
    fc_match_scores(*t->m, score, rank);
    int body = r->h - 1, pending = tty_count_entries(v, TTY_PENDING);
    int need_seats = t->nseats + tty_count_entries(v, -1) + pending;
    for (int s = 0; s < t->nseats; s++)
        need_seats += tty_count_entries(v, s);
    int need_board = v->ntracks + v->ntext;
    bool all = need_seats + 1 + need_board <= body;
    bool board = !all && t->page >= t->nseats;
    char title[64];
    snprintf(title, sizeof title, "%s", all ? "Players & board" : board ? "Board [p]" : "Players [p]");
    tty_title(t, &(tty_rect){r->y, r->x, 1, r->w}, title);
    int y = r->y + 1, end = r->y + r->h;
    if (!board) {
        bool fit = need_seats <= body;
        int open = t->page < t->nseats ? t->page : 0;
        if (pending) /* the drawn tile first: the decision is about it */
            y += tty_seat_entries(t, TTY_PENDING, y, end - y > 3 ? 3 : end - y);
        int extra = body - t->nseats - (y - r->y - 1); /* lines for the open seat */
        for (int s = 0; s < t->nseats && y < end; s++) {
            bool expand = fit || s == open;
            tty_seat_header(t, s, y++, score, rank, expand);
            if (expand) {
                int room = fit ? end - y : (extra < end - y ? extra : end - y);
                if (room > 0)
                    y += tty_seat_entries(t, s, y, room);
            }
        }
        if (y < end)
            y += tty_seat_entries(t, -1, y, end - y);
        if (all && y + 1 < end) {
            tty_title(t, &(tty_rect){y, r->x, 1, r->w}, "Board");
            y++;
        }
    }
    if ((all || board) && y < end)
        tty_draw_tracks(t, y, end - y);
}

int tty_wrap_text(const char *text, int w, int indent, void (*fn)(const char *, int, void *), void *ctx)
{
    int n = 0;
    const char *p = text;
    if (w < 8)
        w = 8;
    while (*p) {
        int lw = n ? w - indent : w, len = (int)strcspn(p, "\n"), cut = len <= lw ? len : lw;
        if (len > lw) {
            int sp = cut;
            while (sp > lw / 2 && p[sp] != ' ')
                sp--;
            if (p[sp] == ' ')
                cut = sp;
        }
        if (fn)
            fn(p, cut, ctx);
        n++;
        p += cut;
        while (*p == ' ')
            p++;
        if (*p == '\n' && cut == len)
            p++;
    }
    return n;
}

typedef struct tty_wrap_buf {
    char (*lines)[256];
    int n, max;
} tty_wrap_buf;

static void tty_wrap_line(const char *s, int len, void *ctx)
{
    tty_wrap_buf *b = ctx;
    if (b->n < b->max)
        snprintf(b->lines[b->n], 256, "%s%.*s", b->n ? "  " : "", len, s);
    b->n++;
}

/* Wraps text into lines of at most w columns (continuations indented); returns the count (at
 * most max). */
static int tty_wrap(const char *text, int w, char lines[][256], int max)
{
    tty_wrap_buf b = {lines, 0, max};
    tty_wrap_text(text, w, 2, tty_wrap_line, &b);
    return b.n < max ? b.n : max;
}

bool tty_sees(const tty *t, uint32_t audience)
{
    return t->viewer >= 0 ? (audience & FC_SEAT_BIT(t->viewer)) != 0 : audience == FC_ALL_SEATS;
}

bool tty_move_seen(const tty *t, const tty_move *mv)
{
    return tty_sees(t, fc_match_move_audience(*t->m, mv->ply, mv->seat, mv->d, mv->audience));
}

/* The log: the decisions played here (dim, "12 Red: step 5,4"; hidden ones unnamed) with the
 * events they caused that the viewer may see, newest at the bottom. */
void tty_draw_log(tty *t)
{
    tty_rect *r = &t->log;
    tty_fill(r, A_NORMAL);
    tty_title(t, &(tty_rect){r->y, r->x, 1, r->w}, "Log");
    int rows = r->h - 1, y = r->y + r->h, mi = t->nmoves - 1;
    size_t ei = fc_match_event_count(*t->m);
    char lines[8][256], text[256];
    int dim = t->colour ? (int)COLOR_PAIR(TTY_PAIR_DIM) : A_DIM;
    while (rows > 0 && (ei > 0 || mi >= 0)) {
        const fc_match_event *e = ei > 0 ? fc_match_event_get(*t->m, ei - 1) : NULL;
        int attr;
        if (e && (mi < 0 || e->ply >= t->moves[mi].ply)) {
            ei--;
            if (!tty_sees(t, e->audience))
                continue;
            fc_seat_text(e->text, (const char(*)[24])t->names, t->nseats, text, sizeof text); /* seats as named */
            attr = e->audience == FC_ALL_SEATS ? A_NORMAL : A_BOLD;
        } else if (mi >= 0) {
            const tty_move *mv = &t->moves[mi--];
            if (mv->ply >= fc_match_ply(*t->m))
                continue; /* taken back */
            snprintf(text, sizeof text, "%zu %s: %s", mv->ply + 1, mv->seat >= 0 ? t->names[mv->seat] : "chance",
                     tty_move_seen(t, mv) ? mv->text : "(hidden)");
            attr = dim;
        } else {
            ei--;
            continue;
        }
        int k = tty_wrap(text, r->w - 1, lines, 8);
        for (int j = k - 1; j >= 0 && rows > 0; j--, rows--)
            tty_put(--y, r->x + 1, r->w - 1, attr, "%s", lines[j]);
    }
}

void tty_draw_status(tty *t)
{
    tty_fill(&t->status, A_NORMAL);
    if (t->msg[0] && tty_now_ms() - t->msg_time > 6000)
        t->msg[0] = 0;
    if (t->msg[0]) {
        int attr = t->msg_error ? (t->colour ? (int)COLOR_PAIR(TTY_PAIR_ERROR) : A_REVERSE)
                                : (t->colour ? (int)(COLOR_PAIR(TTY_PAIR_OK) | A_BOLD) : A_BOLD);
        tty_put(t->status.y, 0, t->status.w, attr, " %s ", t->msg);
        return;
    }
    const char *keys;
    bool human = t->mover >= 0 && t->mover < t->nseats && !t->agents[t->mover];
    if (t->rec)
        keys = "<-/-> step  Home/End  PgUp/PgDn 10  g ply  v view  r rules  ? help  q quit";
    else if (t->mover == FC_NOBODY)
        keys = "game over: u undo  s save  o load  r rules  ? help  q quit";
    else if (!human)
        keys = "space skip  +/- speed  p panel  s save  ? help  q quit";
    else if (t->focus == TTY_FOCUS_MAP)
        keys = "n next  Enter choose  Tab list  u undo  s save  o load  r rules  ? help  q quit";
    else
        keys = "Enter choose  Tab map  u undo  s save  o load  r rules  ? help  q quit";
    tty_put(t->status.y, 0, t->status.w, t->colour ? (int)COLOR_PAIR(TTY_PAIR_DIM) : A_NORMAL, " %s", keys);
}

void tty_draw_screen(tty *t)
{
    erase();
    tty_layout(t);
    if (t->too_small) {
        tty_put(LINES / 2, 0, COLS, A_BOLD, " terminal too small: %dx%d (need %dx%d) - q quits", COLS, LINES,
                TTY_MIN_COLS, TTY_MIN_LINES);
        refresh();
        return;
    }
    tty_draw_frame(t);
    tty_draw_map(t);
    tty_draw_side(t);
    tty_draw_list(t);
    tty_draw_log(t);
    tty_draw_status(t);
    refresh();
}
