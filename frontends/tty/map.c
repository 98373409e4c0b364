/* The hex map: pointy-top axial hexes, 4 columns per hex and half a hex of shift per row, so
 * (q, r) sits at column 4q + 2r of row r. Each hex is a separator column and 3 columns of
 * content: piece glyphs in the owner's colour, or the terrain's fill in the terrain colour.
 * Hexes some decision concerns are highlighted (an empty one shows '+'), also where the view
 * has no cell yet (a tile's place), so the cursor can go to every one of them; the cursor is a
 * pair of brackets. Every hex the selected decision covers (a tile, a path, an attack and its
 * supporters) is framed in braces, a run of them in one row shares its braces: "{ 1   1 }".
 * The map is centred when it fits and pans with the cursor when it does not. */
#include <curses.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "tty_int.h"

int tty_hex_x(fc_hex h) { return 4 * h.q + 2 * h.r; }

const fc_view_cell *tty_map_cell(const tty *t, fc_hex h)
{
    const fc_view *v = t->view;
    int n = v->ncells < FC_VIEW_MAX_CELLS ? v->ncells : FC_VIEW_MAX_CELLS;
    for (int i = 0; i < n; i++)
        if (fc_hex_eq(v->cells[i].hex, h))
            return &v->cells[i];
    return NULL;
}

bool tty_map_has(const tty *t, fc_hex h) { return tty_map_cell(t, h) || tty_decs_at(t, h, NULL, 0) > 0; }

/* The map's places: i < ncells the view's cells, then the hexes decisions concern that are no
 * cell (each once). Sets *h and returns true when place i exists. */
static bool tty_place(const tty *t, int i, fc_hex *h)
{
    int n = t->view->ncells < FC_VIEW_MAX_CELLS ? t->view->ncells : FC_VIEW_MAX_CELLS, idx[1];
    if (i < n) {
        *h = t->view->cells[i].hex;
        return true;
    }
    i -= n;
    if (i >= t->ndecs || !t->decs[i].info.has_hex)
        return false;
    *h = t->decs[i].info.hex;
    return !tty_map_cell(t, *h) && tty_decs_at(t, *h, idx, 1) > 0 && idx[0] == i;
}

static int tty_places(const tty *t)
{
    return (t->view->ncells < FC_VIEW_MAX_CELLS ? t->view->ncells : FC_VIEW_MAX_CELLS) + t->ndecs;
}

static bool tty_linked(const fc_view *v, fc_hex a, fc_hex b, int *owner)
{
    int n = v->nlinks < FC_VIEW_MAX_LINKS ? v->nlinks : FC_VIEW_MAX_LINKS;
    for (int i = 0; i < n; i++) {
        const fc_view_link *l = &v->links[i];
        if ((fc_hex_eq(l->a, a) && fc_hex_eq(l->b, b)) || (fc_hex_eq(l->a, b) && fc_hex_eq(l->b, a))) {
            *owner = l->owner;
            return true;
        }
    }
    return false;
}

typedef struct tty_bounds {
    int minx, maxx, miny, maxy;
} tty_bounds;

static tty_bounds tty_map_bounds(const tty *t, bool *any)
{
    tty_bounds b = {0, 0, 0, 0};
    bool first = true;
    fc_hex h;
    for (int i = 0; i < tty_places(t); i++) {
        if (!tty_place(t, i, &h))
            continue;
        int x = tty_hex_x(h), y = h.r;
        if (first || x < b.minx)
            b.minx = x;
        if (first || x + 4 > b.maxx)
            b.maxx = x + 4;
        if (first || y < b.miny)
            b.miny = y;
        if (first || y > b.maxy)
            b.maxy = y;
        first = false;
    }
    if (any)
        *any = !first;
    return b;
}

void tty_map_size(const tty *t, int *w, int *h)
{
    bool any;
    tty_bounds b = tty_map_bounds(t, &any);
    *w = any ? b.maxx - b.minx + 1 : 0;
    *h = any ? b.maxy - b.miny + 1 : 0;
}

/* Keeps the cursor inside the window with a margin; centres a map that fits. Sets the screen
 * offsets of map coordinate (minx, miny). */
static void tty_map_pan(tty *t, const tty_bounds *b, int *ox, int *oy)
{
    const tty_rect *r = &t->map;
    int w = b->maxx - b->minx + 1, h = b->maxy - b->miny + 1;
    if (w <= r->w + 2) { /* the outer separator columns may be cut: they only hold the cursor */
        t->pan_x = 0;
        *ox = (r->w - w) / 2;
    } else {
        *ox = 0;
        if (t->has_cursor) {
            int cx = tty_hex_x(t->cursor) - b->minx, margin = r->w / 4;
            if (cx - t->pan_x < margin)
                t->pan_x = cx - margin;
            if (cx + 5 - t->pan_x > r->w - margin)
                t->pan_x = cx + 5 - (r->w - margin);
        }
        if (t->pan_x > w - r->w)
            t->pan_x = w - r->w;
        if (t->pan_x < 0)
            t->pan_x = 0;
    }
    if (h <= r->h) {
        t->pan_y = 0;
        *oy = (r->h - h) / 2;
    } else {
        *oy = 0;
        if (t->has_cursor) {
            int cy = t->cursor.r - b->miny, margin = r->h / 4;
            if (cy - t->pan_y < margin)
                t->pan_y = cy - margin;
            if (cy - t->pan_y > r->h - 1 - margin)
                t->pan_y = cy - (r->h - 1 - margin);
        }
        if (t->pan_y > h - r->h)
            t->pan_y = h - r->h;
        if (t->pan_y < 0)
            t->pan_y = 0;
    }
}

/* Draws one character if it falls inside the map pane. */
static void tty_map_ch(const tty *t, int y, int x, chtype ch)
{
    const tty_rect *r = &t->map;
    if (y >= r->y && y < r->y + r->h && x >= r->x && x < r->x + r->w)
        mvaddch(y, x, ch);
}

static const char *const tty_fill_text[FC_TERRAIN_COUNT] = {" . ", " , ", " : ", " ^ ", "~~~",
                                                             " * ", " & ", " . ", " # ", "XXX"};

/* Terrains a game names after a colour (Marabunta's regions "pink" .. "yellow", as its rules
 * call them) are filled in that colour, as the GUI does (gui_cell_rgb): a light tint on 256
 * colours, else the nearest of the 8 (orange and yellow then share yellow; the key line and
 * the cells' glyphs tell them apart). Black text, white on the dark ones. */
static const struct {
    const char *name;
    short bg8, fg8, bg256;
} tty_named[] = {{"pink", COLOR_MAGENTA, COLOR_BLACK, 218}, {"blue", COLOR_BLUE, COLOR_WHITE, 117},
                 {"orange", COLOR_YELLOW, COLOR_BLACK, 215}, {"green", COLOR_GREEN, COLOR_BLACK, 150},
                 {"grey", COLOR_WHITE, COLOR_BLACK, 250},    {"gray", COLOR_WHITE, COLOR_BLACK, 250},
                 {"yellow", COLOR_YELLOW, COLOR_BLACK, 228}, {"red", COLOR_RED, COLOR_WHITE, 217},
                 {"purple", COLOR_MAGENTA, COLOR_WHITE, 183}, {"violet", COLOR_MAGENTA, COLOR_WHITE, 183},
                 {"brown", COLOR_YELLOW, COLOR_BLACK, 180},  {"white", COLOR_WHITE, COLOR_BLACK, 255},
                 {"black", COLOR_BLACK, COLOR_WHITE, 240},   {"cyan", COLOR_CYAN, COLOR_BLACK, 159}};
#define TTY_NAMED ((int)(sizeof tty_named / sizeof tty_named[0]))
_Static_assert(TTY_NAMED <= TTY_PAIR_COUNT - TTY_PAIR_NAMED, "a pair for each named colour");

void tty_map_colours_init(bool c256)
{
    for (int i = 0; i < TTY_NAMED; i++)
        init_pair((short)(TTY_PAIR_NAMED + i), c256 ? 16 : tty_named[i].fg8,
                  c256 ? tty_named[i].bg256 : tty_named[i].bg8);
}

/* The index of the colour a cell's terrain is named after, or -1 (crossed-out hexes keep the
 * blocked fill, as in the GUI). */
static int tty_named_index(const fc_view_cell *c)
{
    if (c->terrain == FC_TERRAIN_BLOCKED)
        return -1;
    for (int i = 0; i < TTY_NAMED; i++)
        if (strncasecmp(c->terrain_name, tty_named[i].name, sizeof c->terrain_name) == 0)
            return i;
    return -1;
}

/* The cells whose terrain names a colour, one per name in the table's order (the rules' order
 * for Marabunta: pink, blue, orange, green, grey, yellow); returns how many. */
static int tty_key_cells(const fc_view *v, const fc_view_cell **out)
{
    const fc_view_cell *first[TTY_NAMED] = {NULL};
    int n = 0, nc = v->ncells < FC_VIEW_MAX_CELLS ? v->ncells : FC_VIEW_MAX_CELLS;
    for (int i = 0; i < nc; i++) {
        int k = tty_named_index(&v->cells[i]);
        if (k >= 0 && !first[k])
            first[k] = &v->cells[i];
    }
    for (int k = 0; k < TTY_NAMED; k++)
        if (first[k])
            out[n++] = first[k];
    return n;
}

int tty_map_key_count(const tty *t)
{
    const fc_view_cell *cells[TTY_NAMED];
    return tty_key_cells(t->view, cells);
}

static int tty_cell_attr(const tty *t, const fc_view_cell *c)
{
    if (!t->colour)
        return c->owner >= 0 ? A_BOLD : A_NORMAL;
    if (c->owner >= 0 && c->owner < FC_MAX_SEATS)
        return (int)(COLOR_PAIR(TTY_PAIR_OWNER + c->owner) | A_BOLD);
    int k = tty_named_index(c);
    if (k >= 0)
        return (int)COLOR_PAIR(TTY_PAIR_NAMED + k);
    return (int)COLOR_PAIR(TTY_PAIR_TERRAIN + (c->terrain < FC_TERRAIN_COUNT ? c->terrain : 0));
}

/* One entry of the key line: "P pink" (the glyph its cells show first, when it has one), or
 * the name alone. */
static int tty_key_item(const fc_view_cell *c, bool glyph, char *buf, size_t n)
{
    bool g = glyph && c->glyphs[0] > ' ' && c->glyphs[0] < 127;
    return g ? snprintf(buf, n, "%c %.16s", c->glyphs[0], c->terrain_name) : snprintf(buf, n, "%.16s", c->terrain_name);
}

/* The key line under the map: each colour-named terrain on its own fill, in the order of the
 * rules, "key: P pink  B blue ..." when the row has room, else shorter forms. */
static void tty_draw_key(tty *t)
{
    const tty_rect *r = &t->key;
    const fc_view_cell *cells[TTY_NAMED];
    int n = tty_key_cells(t->view, cells);
    if (r->h < 1 || n == 0)
        return;
    char item[40];
    int form = 0; /* 0: "key:" and glyphs, gap 2; 1: glyphs, gap 1; 2: names, gap 1 */
    for (; form < 2; form++) {
        int w = form == 0 ? 5 : 1;
        for (int i = 0; i < n; i++)
            w += tty_key_item(cells[i], form < 2, item, sizeof item) + (form == 0 ? 2 : 1);
        if (w <= r->w)
            break;
    }
    int x = r->x + 1, end = r->x + r->w;
    if (form == 0) {
        tty_put(r->y, x, end - x, A_BOLD, "key:");
        x += 5;
    }
    for (int i = 0; i < n && x < end; i++) {
        int w = tty_key_item(cells[i], form < 2, item, sizeof item);
        tty_put(r->y, x, end - x, tty_cell_attr(t, cells[i]), "%s", item);
        x += w + (form == 0 ? 2 : 1);
    }
}

/* The view's links from a cell to a hex without one (March of the Ants' openings of a laid
 * tile: where a tile can join) as a stub on the side they leave by, as the GUI draws them:
 * '-' in the separator east or west, '\\' or '/' in the blank column of the empty (or '+')
 * place next to it above or below. Two stubs into one column of a place make '<' or '>'. */
static void tty_draw_stubs(tty *t, int bx, int by)
{
    const fc_view *v = t->view;
    for (int i = 0; i < v->nlinks && i < FC_VIEW_MAX_LINKS; i++) {
        const fc_view_link *l = &v->links[i];
        bool ca = tty_map_cell(t, l->a) != NULL, cb = tty_map_cell(t, l->b) != NULL;
        if (ca == cb)
            continue; /* between two cells (drawn as '=' or as a joined region), or off the map */
        fc_hex a = ca ? l->a : l->b, b = ca ? l->b : l->a;
        int dq = b.q - a.q, dr = b.r - a.r, x = bx + tty_hex_x(a), y = by + a.r, ch;
        if (dr == 0 && (dq == 1 || dq == -1))
            x += dq > 0 ? 4 : 0, ch = '-';
        else if (dr == -1 && (dq == 0 || dq == 1))
            y--, x += dq ? 3 : 1, ch = dq ? '/' : '\\';
        else if (dr == 1 && (dq == 0 || dq == -1))
            y++, x += dq ? 1 : 3, ch = dq ? '/' : '\\';
        else
            continue; /* not a neighbour */
        if (y < t->map.y || y >= t->map.y + t->map.h || x < t->map.x || x >= t->map.x + t->map.w)
            continue;
        int old = (int)(mvinch(y, x) & A_CHARTEXT);
        if ((old == '/' || old == '\\') && old != ch)
            ch = old == '/' ? (dr < 0 ? '<' : '>') : (dr < 0 ? '>' : '<');
        tty_map_ch(t, y, x, (chtype)ch | (chtype)tty_seat_attr(t, l->owner) | A_BOLD);
    }
}

/* Whether h is one of the hexes the previewed decision covers. */
static bool tty_previewed(const fc_decision_info *p, fc_hex h)
{
    if (!p)
        return false;
    if (p->has_hex && fc_hex_eq(p->hex, h))
        return true;
    for (int i = 0; i < p->nhexes && i < FC_DECISION_MAX_HEXES; i++)
        if (fc_hex_eq(p->hexes[i], h))
            return true;
    return false;
}

/* Frames the previewed hexes in braces (after the cells, before the cursor). */
static void tty_draw_preview(tty *t, int bx, int by)
{
    const fc_decision_info *p = tty_preview(t);
    if (!p || (p->nhexes < 2 && !p->has_hex))
        return;
    chtype a = t->colour ? COLOR_PAIR(TTY_PAIR_SELECT) | A_BOLD : A_REVERSE | A_BOLD;
    fc_hex h;
    for (int i = 0; i < tty_places(t); i++) {
        if (!tty_place(t, i, &h) || !tty_previewed(p, h))
            continue;
        int x = bx + tty_hex_x(h), y = by + h.r;
        bool left = tty_previewed(p, fc_hex_make(h.q - 1, h.r)) && tty_map_has(t, fc_hex_make(h.q - 1, h.r));
        bool right = tty_previewed(p, fc_hex_make(h.q + 1, h.r)) && tty_map_has(t, fc_hex_make(h.q + 1, h.r));
        tty_map_ch(t, y, x, (left ? ' ' : '{') | a);
        if (!right)
            tty_map_ch(t, y, x + 4, '}' | a);
        if (t->colour) /* the content keeps its glyphs, on the selection colour */
            for (int k = 1; k <= 3; k++)
                if (y >= t->map.y && y < t->map.y + t->map.h && x + k >= t->map.x && x + k < t->map.x + t->map.w)
                    mvchgat(y, x + k, 1, A_BOLD, TTY_PAIR_SELECT, NULL);
    }
}

/* The selected decision lays the drawn tile (a pending item, March of the Ants' explore): its
 * glyph goes on the target hex ("T2"), on the selection colour, so the map shows which tile
 * goes where; the info line and the side pane name it. */
static void tty_draw_drawn(tty *t, int bx, int by)
{
    const fc_decision_info *p = tty_preview(t);
    const fc_view_item *it = p && p->has_hex ? tty_dec_item(t, p) : NULL;
    if (!it || it->seat >= 0)
        return;
    char text[4] = "   ";
    size_t g = strnlen(it->glyph, sizeof it->glyph);
    memcpy(g == 1 ? text + 1 : text, it->glyph, g > 3 ? 3 : g);
    chtype a = t->colour ? COLOR_PAIR(TTY_PAIR_SELECT) | A_BOLD : A_REVERSE | A_BOLD;
    int x = bx + tty_hex_x(p->hex), y = by + p->hex.r;
    for (int k = 0; k < 3; k++)
        tty_map_ch(t, y, x + 1 + k, (chtype)(unsigned char)text[k] | a);
}

/* The cursor is drawn unless it would be a second marker: while the human chooses in the list
 * and the selection concerns another hex or none. */
static bool tty_cursor_shown(const tty *t)
{
    if (!t->has_cursor || !tty_map_has(t, t->cursor))
        return false;
    bool human = !t->rec && t->mover >= 0 && t->mover < t->nseats && !t->agents[t->mover];
    if (!human || t->focus == TTY_FOCUS_MAP)
        return true;
    return t->sel >= 0 && t->sel < t->ndecs && t->decs[t->sel].info.has_hex &&
           fc_hex_eq(t->decs[t->sel].info.hex, t->cursor);
}

void tty_draw_map(tty *t)
{
    const fc_view *v = t->view;
    int n = v->ncells < FC_VIEW_MAX_CELLS ? v->ncells : FC_VIEW_MAX_CELLS;
    bool any;
    tty_bounds b = tty_map_bounds(t, &any);
    if (!any) {
        tty_put(t->map.y + t->map.h / 2, t->map.x + 2, t->map.w - 4, A_DIM, "(this game shows no map)");
        return;
    }
    int ox = 0, oy = 0;
    tty_map_pan(t, &b, &ox, &oy);
    int bx = t->map.x + ox - b.minx - t->pan_x, by = t->map.y + oy - b.miny - t->pan_y;
    for (int i = 0; i < n; i++) {
        const fc_view_cell *c = &v->cells[i];
        int x = bx + tty_hex_x(c->hex), y = by + c->hex.r;
        int attr = tty_cell_attr(t, c);
        bool target = tty_decs_at(t, c->hex, NULL, 0) > 0;
        char text[4];
        size_t g = strnlen(c->glyphs, sizeof c->glyphs);
        if (g == 0)
            memcpy(text, target ? " + " : tty_fill_text[c->terrain < FC_TERRAIN_COUNT ? c->terrain : 0], 4);
        else if (g == 1)
            text[0] = ' ', text[1] = c->glyphs[0], text[2] = ' ';
        else if (g == 2)
            text[0] = c->glyphs[0], text[1] = c->glyphs[1], text[2] = ' ';
        else
            text[0] = c->glyphs[0], text[1] = c->glyphs[1], text[2] = g > 3 ? '>' : c->glyphs[2];
        int cattr = attr | (target ? A_REVERSE | A_BOLD : 0);
        for (int k = 0; k < 3; k++)
            tty_map_ch(t, y, x + 1 + k, (chtype)(unsigned char)text[k] | (chtype)cattr);
        /* the separator to the left neighbour: joined inside a region, '=' for a link */
        const fc_view_cell *left = tty_map_cell(t, fc_hex_make(c->hex.q - 1, c->hex.r));
        int lown = -1;
        if (left && c->region >= 0 && left->region == c->region && left->owner == c->owner)
            tty_map_ch(t, y, x, ' ' | (chtype)attr);
        else if (left && tty_linked(v, left->hex, c->hex, &lown))
            tty_map_ch(t, y, x, '=' | (chtype)tty_seat_attr(t, lown));
    }
    fc_hex th;
    for (int i = n; i < tty_places(t); i++) /* targets where the view has no cell yet */
        if (tty_place(t, i, &th))
            for (int k = 0; k < 3; k++)
                tty_map_ch(t, by + th.r, bx + tty_hex_x(th) + 1 + k, (chtype)(k == 1 ? '+' : ' ') | A_REVERSE | A_BOLD);
    tty_draw_stubs(t, bx, by);
    tty_draw_preview(t, bx, by);
    tty_draw_drawn(t, bx, by);
    tty_draw_key(t);
    if (tty_cursor_shown(t)) {
        int x = bx + tty_hex_x(t->cursor), y = by + t->cursor.r;
        chtype a = t->colour ? COLOR_PAIR(TTY_PAIR_SELECT) | A_BOLD : A_REVERSE | A_BOLD;
        tty_map_ch(t, y, x, '[' | a);
        tty_map_ch(t, y, x + 4, ']' | a);
    }
    /* pan indicators */
    int w = b.maxx - b.minx + 1, h = b.maxy - b.miny + 1, my = t->map.y + t->map.h / 2;
    if (t->pan_x > 0)
        tty_map_ch(t, my, t->map.x, '<' | A_BOLD);
    if (w - t->pan_x > t->map.w + 2)
        tty_map_ch(t, my, t->map.x + t->map.w - 1, '>' | A_BOLD);
    if (t->pan_y > 0)
        tty_map_ch(t, t->map.y, t->map.x + t->map.w / 2, '^' | A_BOLD);
    if (h - t->pan_y > t->map.h)
        tty_map_ch(t, t->map.y + t->map.h - 1, t->map.x + t->map.w / 2, 'v' | A_BOLD);
}

void tty_map_move(tty *t, int dx, int dy)
{
    if (!t->has_cursor || !tty_map_has(t, t->cursor)) {
        tty_map_ensure_cursor(t);
        return;
    }
    if (dx) {
        for (int k = 1; k <= 2 * FC_HEXMAP_SPAN; k++) { /* skip gaps in the row */
            fc_hex h = fc_hex_make(t->cursor.q + k * dx, t->cursor.r);
            if (tty_map_has(t, h)) {
                t->cursor = h;
                t->want_x = tty_hex_x(h);
                return;
            }
        }
        return;
    }
    for (int k = 1; k <= 2 * FC_HEXMAP_SPAN; k++) { /* the nearest row that has places */
        int row = t->cursor.r + k * dy, bestd = -1;
        fc_hex h, best = t->cursor;
        for (int i = 0; i < tty_places(t); i++) {
            if (!tty_place(t, i, &h) || h.r != row)
                continue;
            int d = abs(tty_hex_x(h) - t->want_x);
            if (bestd < 0 || d < bestd)
                best = h, bestd = d;
        }
        if (bestd >= 0) {
            t->cursor = best;
            return;
        }
    }
}

static int tty_hex_cmp(fc_hex a, fc_hex b) { return a.r != b.r ? a.r - b.r : a.q - b.q; }

void tty_map_next_target(tty *t, int dir)
{
    bool found = false;
    fc_hex best = {0, 0}, wrap = {0, 0};
    bool have_wrap = false;
    for (int i = 0; i < t->ndecs; i++) {
        if (!t->decs[i].info.has_hex)
            continue;
        fc_hex h = t->decs[i].info.hex;
        int c = t->has_cursor ? tty_hex_cmp(h, t->cursor) * dir : 1;
        if (c > 0 && (!found || tty_hex_cmp(h, best) * dir < 0))
            best = h, found = true;
        if (!have_wrap || tty_hex_cmp(h, wrap) * dir < 0)
            wrap = h, have_wrap = true;
    }
    if (!found && !have_wrap) {
        tty_msg(t, true, "no decision concerns a hex now; use the list (Tab)");
        return;
    }
    if (!found)
        tty_msg(t, false, "%s hex a decision concerns again", dir > 0 ? "the first" : "the last");
    t->cursor = found ? best : wrap;
    t->has_cursor = true;
    t->want_x = tty_hex_x(t->cursor);
}

void tty_map_ensure_cursor(tty *t)
{
    const fc_view *v = t->view;
    int n = v->ncells < FC_VIEW_MAX_CELLS ? v->ncells : FC_VIEW_MAX_CELLS;
    if (t->has_cursor && tty_map_has(t, t->cursor))
        return;
    for (int i = 0; i < t->ndecs; i++)
        if (t->decs[i].info.has_hex) {
            t->cursor = t->decs[i].info.hex;
            t->has_cursor = true;
            t->want_x = tty_hex_x(t->cursor);
            return;
        }
    t->has_cursor = n > 0;
    if (n == 0)
        return;
    tty_bounds b = tty_map_bounds(t, NULL);
    int cx = (b.minx + b.maxx) / 2, cy = (b.miny + b.maxy) / 2, best = 0, bestd = -1;
    for (int i = 0; i < n; i++) {
        int d = abs(tty_hex_x(v->cells[i].hex) - cx) + 4 * abs(v->cells[i].hex.r - cy);
        if (bestd < 0 || d < bestd)
            best = i, bestd = d;
    }
    t->cursor = v->cells[best].hex;
    t->want_x = tty_hex_x(t->cursor);
}
