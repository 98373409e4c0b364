/* Layout and everything around the board: the title line, one panel per seat (shape and
 * colour, role, score and rank, the view's entries), tracks as bars, text lines, the decision
 * list grouped by kind, the log, the status line, the hex tooltip, the menu of the decisions
 * at a hex and the overlays (help, legend, hot-seat cover, final scores, file prompt). */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "gui_int.h"

#define C_BG 0x20262B
#define C_PANEL 0x2C343A
#define C_TEXT 0xECEFF1
#define C_DIM 0x9AA5AD
#define C_HEAD 0x56B4E9
#define C_SEL 0x3F5B6E

void gui_msg(gui *g, bool error, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(g->msg, sizeof g->msg, fmt, ap);
    va_end(ap);
    g->msg_error = error;
}

bool gui_human_turn(const gui *g)
{
    return !g->rec && g->mover >= 0 && g->mover < g->nseats && !g->agents[g->mover];
}

bool gui_sees(const gui *g, uint32_t audience)
{
    return g->viewer >= 0 ? (audience & FC_SEAT_BIT(g->viewer)) != 0 : audience == FC_ALL_SEATS;
}

bool gui_move_seen(const gui *g, const gui_move *mv)
{
    return gui_sees(g, fc_match_move_audience(*g->m, mv->ply, mv->seat, mv->d, mv->audience));
}

void gui_layout(gui *g)
{
    int u = (int)lroundf(g->ui), line = g->font.h;
    int head = line + 10 * u, status = line + 8 * u;
    int side = g->w * 32 / 100;
    if (side < 300 * u)
        side = 300 * u;
    if (side > g->w / 2)
        side = g->w / 2;
    int logh = g->h / 6 < 4 * line ? 4 * line : g->h / 6;
    int slider = g->rec ? line + 12 * u : 0;
    g->tray_rows = gui_tray_rows(g);
    int tray = g->tray_rows * gui_tray_row_h(g);
    g->r_head = (SDL_Rect){0, 0, g->w, head};
    g->r_status = (SDL_Rect){0, g->h - status, g->w, status};
    g->r_board = (SDL_Rect){0, head, g->w - side, g->h - head - status - logh - slider - tray};
    g->r_tray = (SDL_Rect){0, head + g->r_board.h, g->w - side, tray};
    g->r_slider = (SDL_Rect){0, head + g->r_board.h + tray, g->w - side, slider};
    g->r_log = (SDL_Rect){0, head + g->r_board.h + tray + slider, g->w - side, logh};
    int sh = g->h - head - status;
    g->r_side = (SDL_Rect){g->w - side, head, side, sh * 55 / 100};
    g->r_list = (SDL_Rect){g->w - side, head + g->r_side.h, side, sh - g->r_side.h};
    gui_board_fit(g);
}

static void gui_draw_head(gui *g)
{
    gui_fill(g, g->r_head, gui_rgb(0x0F1417));
    char buf[256];
    const char *who = g->mover == FC_NOBODY ? "game over"
                      : g->mover >= 0 && g->mover < g->nseats ? g->names[g->mover]
                                                              : "chance";
    snprintf(buf, sizeof buf, "%s  |  %s", g->game_name, g->view->title);
    int y = g->r_head.y + (g->r_head.h - g->font.h) / 2, pad = (int)(8 * g->ui);
    char right[160];
    snprintf(right, sizeof right, "ply %zu  |  %s%s%s", fc_match_ply(*g->m), g->mover >= 0 ? "to move: " : "", who,
             g->rec ? "  |  replay" : "");
    int rw = gui_text_width(&g->font, right);
    gui_text(g, &g->font, pad, y, g->w - rw - 4 * pad, gui_rgb(C_TEXT), buf);
    gui_text(g, &g->font, g->w - rw - pad, y, 0, gui_rgb(C_HEAD), right);
}

static int gui_draw_seat(gui *g, int s, int y, const int32_t *score, const int *rank)
{
    const fc_view *v = g->view;
    SDL_Rect r = g->r_side;
    int pad = (int)(8 * g->ui), line = g->font.h, sl = g->small.h;
    if (s == g->mover)
        gui_fill(g, (SDL_Rect){r.x + 2, y, r.w - 4, line + 2}, gui_rgb(C_SEL));
    gui_seat_shape(g, s, (float)(r.x + pad + line / 2), (float)y + (float)line / 2 + 1, (float)line * 0.38f,
                   g->seat_col[s]);
    const char *role = g->rec ? (g->labels && g->labels->agent[s] ? g->labels->agent[s] : "?")
                       : !g->agents[s] ? (s == g->viewer ? "you" : "human")
                                       : fc_agent_spec(g->agents[s]);
    char buf[160];
    snprintf(buf, sizeof buf, "%d %s (%s)%s", s + 1, g->names[s], role, s == g->mover ? "  to move" : "");
    gui_text(g, &g->font, r.x + pad + line + 4, y, r.w - 2 * pad - line - 90, gui_rgb(C_TEXT), buf);
    snprintf(buf, sizeof buf, "%d pts  #%d", (int)score[s], rank[s] + 1);
    int bw = gui_text_width(&g->font, buf);
    gui_text(g, &g->font, r.x + r.w - pad - bw, y, 0, gui_rgb(C_HEAD), buf);
    y += line + 2;
    int n = v->npanel < FC_VIEW_MAX_PANEL * 4 ? v->npanel : FC_VIEW_MAX_PANEL * 4;
    int kw = (int)(90 * g->ui);
    for (int i = 0; i < n; i++) {
        const fc_view_entry *e = &v->panel[i];
        if (e->seat != s)
            continue;
        gui_text(g, &g->small, r.x + pad + line + 4, y, kw - 4, gui_rgb(C_DIM), e->key);
        y += gui_text_wrap(g, &g->small, r.x + pad + line + 4 + kw, y, r.w - 2 * pad - line - 4 - kw, 2,
                           gui_rgb(C_TEXT), e->value);
    }
    (void)sl;
    return y + 4;
}

static void gui_draw_side(gui *g)
{
    const fc_view *v = g->view;
    SDL_Rect r = g->r_side;
    gui_fill(g, r, gui_rgb(C_PANEL));
    gui_clip(g, &r);
    int32_t score[FC_MAX_SEATS] = {0};
    int rank[FC_MAX_SEATS] = {0};
    fc_match_scores(*g->m, score, rank);
    int pad = (int)(8 * g->ui), y = r.y + 4 - g->side_top;
    for (int s = 0; s < g->nseats; s++)
        y = gui_draw_seat(g, s, y, score, rank);
    for (int i = 0; i < v->ntracks && i < FC_VIEW_MAX_TRACKS; i++) {
        const fc_view_track *t = &v->tracks[i];
        int bw = r.w / 3, bx = r.x + r.w - pad - bw, bh = g->small.h - 4;
        gui_text(g, &g->small, r.x + pad, y, r.w - bw - 3 * pad, gui_rgb(C_DIM), t->name);
        gui_fill(g, (SDL_Rect){bx, y + 2, bw, bh}, gui_rgb(0x141A1E));
        if (t->max > 0) {
            int fw = (int)((long)bw * (t->value < 0 ? 0 : t->value > t->max ? t->max : t->value) / t->max);
            gui_fill(g, (SDL_Rect){bx, y + 2, fw, bh}, gui_rgb(0x009E73));
        }
        char val[32];
        snprintf(val, sizeof val, "%d/%d", (int)t->value, (int)t->max);
        gui_text(g, &g->small, bx + 3, y, bw - 6, gui_rgb(C_TEXT), val);
        y += g->small.h;
        if (t->text[0])
            y += gui_text_wrap(g, &g->small, r.x + 2 * pad, y, r.w - 3 * pad, 2, gui_rgb(C_TEXT), t->text);
    }
    for (int i = 0; i < v->ntext && i < FC_VIEW_MAX_TEXT; i++) {
        const fc_view_entry *e = &v->text[i];
        char buf[FC_VIEW_STR + 32];
        snprintf(buf, sizeof buf, "%s%s%.*s", e->key, e->key[0] ? ": " : "", FC_VIEW_STR, e->value);
        y += gui_text_wrap(g, &g->small, r.x + pad, y, r.w - 2 * pad, 3, gui_rgb(C_TEXT), buf);
    }
    if (y + g->side_top > r.y + r.h) /* more below: the wheel scrolls */
        gui_text(g, &g->small, r.x + r.w - pad - 10, r.y + r.h - g->small.h, 0, gui_rgb(C_HEAD), "\xE2\x86\x93");
    gui_clip(g, NULL);
}

void gui_move_line(const gui *g, const gui_move *mv, char *buf, size_t n)
{
    snprintf(buf, n, "%zu %s: %s", mv->ply + 1, mv->seat >= 0 && mv->seat < g->nseats ? g->names[mv->seat] : "chance",
             gui_move_seen(g, mv) ? mv->text : "(hidden)");
}

/* The block of the last decisions at the foot of the list pane in a human's turn: its height
 * comes from the pane alone (at most GUI_RECENT rows and a third of the pane), never from how
 * many decisions there are, so the decision rows above it stay where they are. */
static SDL_Rect gui_recent_rect(const gui *g)
{
    SDL_Rect r = g->r_list;
    int sl = g->small.h, rows = (r.h / 3 - 6) / sl - 1; /* one for the heading */
    rows = rows > GUI_RECENT ? GUI_RECENT : rows;
    if (rows < 1)
        return (SDL_Rect){0, 0, 0, 0};
    int h = (rows + 1) * sl + 6;
    return (SDL_Rect){r.x, r.y + r.h - h, r.w, h};
}

/* The decision list's rows: grouped by kind in order of first appearance, scrolled by
 * list_top rows (headings count as rows), only whole rows above the last decisions (a heading
 * only with a row under it). */
void gui_list_layout(gui *g)
{
    g->nlist_hits = g->nlist_heads = g->list_below = 0;
    g->r_recent = (SDL_Rect){0, 0, 0, 0};
    if (!gui_human_turn(g))
        return;
    g->r_recent = gui_recent_rect(g);
    SDL_Rect r = g->r_list;
    int line = g->font.h, y = r.y + 4 + line + 2, row = 0, above = 0;
    int bottom = g->r_recent.w ? g->r_recent.y : r.y + r.h;
    int max_hits = (int)(sizeof g->list_hits / sizeof g->list_hits[0]);
    int max_heads = (int)(sizeof g->list_heads / sizeof g->list_heads[0]);
    for (int i = 0; i < g->ndecs && y + line <= bottom; i++) {
        bool first = true;
        for (int j = 0; j < i && first; j++)
            first = strcmp(g->decs[j].info.group, g->decs[i].info.group) != 0;
        if (!first)
            continue;
        if (row++ >= g->list_top) {
            if (y + g->small.h + line > bottom)
                break;
            if (g->nlist_heads < max_heads)
                g->list_heads[g->nlist_heads++] = (gui_hit){{r.x, y, r.w, g->small.h}, i};
            y += g->small.h;
        }
        for (int k = i; k < g->ndecs; k++) {
            if (strcmp(g->decs[k].info.group, g->decs[i].info.group) != 0)
                continue;
            if (row++ < g->list_top)
                above++;
            if (row <= g->list_top || y + line > bottom || g->nlist_hits == max_hits)
                continue;
            g->list_hits[g->nlist_hits++] = (gui_hit){{r.x + 2, y, r.w - 4, line}, k};
            y += line;
        }
    }
    g->list_below = g->ndecs - above - g->nlist_hits;
}

/* The last decisions played, newest first, in the block gui_list_layout set aside. */
static void gui_draw_recent(gui *g)
{
    SDL_Rect b = g->r_recent;
    if (!b.w)
        return;
    int pad = (int)(8 * g->ui), sl = g->small.h, rows = (b.h - 6) / sl - 1, y = b.y + 4;
    gui_fill(g, b, gui_rgb(C_PANEL));
    gui_fill(g, (SDL_Rect){b.x, b.y, b.w, 1}, gui_rgb(0x5A6770));
    char buf[128];
    int more = 0;
    if (g->list_below > 0) { /* more decisions than the rows show: say so on the heading */
        snprintf(buf, sizeof buf, "%d more \xE2\x86\x93 (wheel)", g->list_below);
        more = gui_text_width(&g->small, buf) + pad;
        gui_text(g, &g->small, b.x + b.w - more, y, 0, gui_rgb(C_DIM), buf);
    }
    gui_text(g, &g->small, b.x + pad, y, b.w - 2 * pad - more, gui_rgb(C_HEAD), "Last decisions (newest first)");
    y += sl;
    if (g->nmoves == 0) {
        snprintf(g->recent_shown[g->nrecent_shown++], sizeof g->recent_shown[0], "none yet");
        gui_text(g, &g->small, b.x + 2 * pad, y, b.w - 3 * pad, gui_rgb(C_DIM), "none yet");
    }
    for (int i = g->nmoves - 1; i >= 0 && g->nmoves - i <= rows; i--, y += sl) {
        gui_move_line(g, &g->moves[i], buf, sizeof buf);
        gui_text(g, &g->small, b.x + 2 * pad, y, b.w - 3 * pad, gui_rgb(C_TEXT), buf);
        snprintf(g->recent_shown[g->nrecent_shown++], sizeof g->recent_shown[0], "%s", buf);
    }
}

/* The decision list as laid out by gui_list_layout; the row under the pointer highlighted. */
static void gui_draw_list(gui *g)
{
    SDL_Rect r = g->r_list;
    gui_fill(g, r, gui_rgb(C_BG));
    gui_clip(g, &r);
    int pad = (int)(8 * g->ui), line = g->font.h, y = r.y + 4;
    char buf[256];
    g->nrecent_shown = 0;
    if (g->rec) {
        gui_clip(g, NULL);
        gui_replay_draw(g);
        return;
    }
    if (!gui_human_turn(g)) {
        snprintf(buf, sizeof buf, "%s", g->mover == FC_NOBODY ? "The game is over." : "Bots are playing");
        gui_text(g, &g->font, r.x + pad, y, r.w - 2 * pad, gui_rgb(C_HEAD), buf);
        y += line;
        if (g->mover >= 0) {
            snprintf(buf, sizeof buf, "pace %d ms (+/- to change, space: %s)", g->delay_ms,
                     g->fast ? "paced again" : "skip the pacing");
            gui_text(g, &g->small, r.x + pad, y, r.w - 2 * pad, gui_rgb(C_DIM), buf);
            y += g->small.h;
        }
        for (int i = g->nmoves - 1; i >= 0 && y < r.y + r.h; i--) {
            gui_move_line(g, &g->moves[i], buf, sizeof buf);
            gui_text(g, &g->small, r.x + pad, y, r.w - 2 * pad, gui_rgb(C_TEXT), buf);
            y += g->small.h;
        }
        gui_clip(g, NULL);
        return;
    }
    snprintf(buf, sizeof buf, "%s: %d decisions (click one, or a marked hex)", g->names[g->mover], g->ndecs);
    gui_text(g, &g->font, r.x + pad, y, r.w - 2 * pad, gui_rgb(C_HEAD), buf);
    for (int i = 0; i < g->nlist_heads; i++) {
        const gui_dec *d = &g->decs[g->list_heads[i].idx];
        gui_text(g, &g->small, r.x + pad, g->list_heads[i].r.y, r.w - 2 * pad, gui_rgb(C_DIM),
                 d->info.group[0] ? d->info.group : "other");
    }
    for (int i = 0; i < g->nlist_hits; i++) {
        const gui_hit *h = &g->list_hits[i];
        if (h->idx == g->hover_dec)
            gui_fill(g, h->r, gui_rgb(C_SEL));
        gui_text(g, &g->font, r.x + 2 * pad, h->r.y, r.w - 3 * pad, gui_rgb(C_TEXT), g->decs[h->idx].info.label);
    }
    gui_draw_recent(g);
    gui_clip(g, NULL);
}

static void gui_draw_log(gui *g)
{
    SDL_Rect r = g->r_log;
    gui_fill(g, r, gui_rgb(0x171C20));
    gui_clip(g, &r);
    int pad = (int)(8 * g->ui), rows = (r.h - 4) / g->small.h, y = r.y + r.h - g->small.h - 2;
    size_t n = fc_match_event_count(*g->m);
    g->nlog_shown = 0;
    for (size_t i = n; i > 0 && rows > 0; i--) {
        const fc_match_event *e = fc_match_event_get(*g->m, i - 1);
        if (!e || !(g->viewer >= 0 ? (e->audience & FC_SEAT_BIT(g->viewer)) : e->audience == FC_ALL_SEATS))
            continue;
        char text[sizeof e->text + 64]; /* seats named as the panels name them */
        fc_seat_text(e->text, (const char(*)[24])g->names, g->nseats, text, sizeof text);
        gui_text(g, &g->small, r.x + pad, y, r.w - 2 * pad,
                 e->audience == FC_ALL_SEATS ? gui_rgb(C_TEXT) : gui_rgb(0xF0E442), text);
        if (g->nlog_shown < 12)
            snprintf(g->log_shown[g->nlog_shown++], sizeof g->log_shown[0], "%s", text);
        y -= g->small.h;
        rows--;
    }
    gui_clip(g, NULL);
}

/* With a piece picked and the pointer on hexes it may go to: what a click there plays (the
 * hovered hex is often empty, so no tooltip says it). False when that is not the case. */
static bool gui_pick_status(const gui *g, char *buf, size_t n)
{
    if (!gui_picked(g) || !g->has_hover || g->nmenu || g->tray_hover >= 0)
        return false;
    int idx[GUI_MENU_MAX], k = gui_decs_at(g, g->hover, idx, GUI_MENU_MAX), first = -1, marked = 0;
    for (int j = 0; j < k && j < GUI_MENU_MAX; j++)
        if (gui_dec_marked(g, idx[j], true) && marked++ == 0)
            first = idx[j];
    if (marked == 1)
        snprintf(buf, n, "%s  [click: play]", g->decs[first].info.label);
    else if (marked > 1)
        snprintf(buf, n, "%d decisions here, the first previewed: %s  [click: choose]", marked,
                 g->decs[first].info.label);
    return marked > 0;
}

/* The status line: a message, what is picked or hovered, or the keys. */
void gui_status_text(const gui *g, char *buf, size_t n)
{
    const fc_decision_info *p = gui_preview(g);
    const fc_view_cell *c = g->has_hover ? gui_view_cell(g, g->hover) : NULL;
    if (g->msg[0])
        snprintf(buf, n, "%s", g->msg);
    else if (gui_pick_status(g, buf, n) || gui_tray_status(g, buf, n))
        ;
    else if (p)
        snprintf(buf, n, "%s", p->label);
    else if (c)
        snprintf(buf, n, "(%d,%d) %s%s%s", c->hex.q, c->hex.r, c->terrain_name, c->label[0] ? ": " : "",
                 c->label);
    else if (g->rec)
        snprintf(buf, n, "left/right step  PgUp/PgDn 10  Home/End  v whose view  ? help  q quit");
    else if (gui_two_step(g))
        snprintf(buf, n, "click a piece (in a tray or on the board), then a marked hex; or a decision  "
                         "u undo  s save  o load  l legend  ? help  q quit");
    else
        snprintf(buf, n, "click a marked hex or a decision  u undo  s save  o load  l legend  ? help  "
                         "q quit  wheel zoom, drag pan, 0 reset");
}

static void gui_draw_status(gui *g)
{
    SDL_Rect r = g->r_status;
    gui_fill(g, r, gui_rgb(0x0F1417));
    int pad = (int)(8 * g->ui), y = r.y + (r.h - g->font.h) / 2;
    char buf[400];
    gui_status_text(g, buf, sizeof buf);
    gui_text(g, &g->font, pad, y, r.w - 2 * pad, g->msg[0] && g->msg_error ? gui_rgb(0xFF8C69) : gui_rgb(C_TEXT), buf);
}

/* The hovered hex's label next to the pointer. */
static void gui_draw_tooltip(gui *g)
{
    const fc_view_cell *c = g->has_hover ? gui_view_cell(g, g->hover) : NULL;
    if (!c || g->nmenu || g->drag_moved)
        return;
    char buf[200];
    int idx[4], k = gui_decs_at(g, c->hex, idx, 4);
    snprintf(buf, sizeof buf, "(%d,%d) %s%s%s%s", c->hex.q, c->hex.r, c->terrain_name, c->label[0] ? " - " : "",
             c->label, k > 1 ? "  [click: choose]" : k == 1 ? "  [click: play]" : "");
    int w = gui_text_width(&g->small, buf) + 12, h = g->small.h + 6;
    int maxw = g->r_board.w - 20;
    if (w > maxw)
        w = maxw;
    int x = g->mx + 16, y = g->my + 18;
    if (x + w > g->r_board.x + g->r_board.w)
        x = g->r_board.x + g->r_board.w - w - 2;
    if (y + h > g->r_board.y + g->r_board.h)
        y = g->my - h - 8;
    gui_fill(g, (SDL_Rect){x, y, w, h}, gui_alpha(gui_rgb(0x0F1417), 230));
    gui_text(g, &g->small, x + 6, y + 3, w - 12, gui_rgb(C_TEXT), buf);
}

/* The menu of the decisions at a clicked hex: next to the click, kept inside the window. */
void gui_menu_layout(gui *g)
{
    if (g->nmenu <= 0)
        return;
    int line = g->font.h, pad = 6, w = 0;
    for (int i = 0; i < g->nmenu; i++) {
        int tw = gui_text_width(&g->font, g->decs[g->menu[i]].info.label);
        w = tw > w ? tw : w;
    }
    w += 2 * pad;
    if (w > g->w * 2 / 3)
        w = g->w * 2 / 3;
    int h = g->nmenu * line + 2 * pad;
    int x = g->menu_x, y = g->menu_y;
    if (x + w > g->w)
        x = g->w - w - 2;
    if (y + h > g->h)
        y = g->h - h - 2;
    if (y < 0)
        y = 0;
    g->menu_r = (SDL_Rect){x, y, w, h};
    for (int i = 0; i < g->nmenu; i++)
        g->menu_hits[i] = (gui_hit){{x + 2, y + pad + i * line, w - 4, line}, i};
}

static void gui_draw_menu(gui *g)
{
    if (g->nmenu <= 0)
        return;
    gui_fill(g, g->menu_r, gui_rgb(0x0F1417));
    gui_frame(g, g->menu_r, gui_rgb(C_HEAD));
    for (int i = 0; i < g->nmenu; i++) {
        SDL_Rect hr = g->menu_hits[i].r;
        if (i == g->menu_hover)
            gui_fill(g, hr, gui_rgb(C_SEL));
        gui_text(g, &g->font, g->menu_r.x + 6, hr.y, g->menu_r.w - 12, gui_rgb(C_TEXT), g->decs[g->menu[i]].info.label);
    }
}

static SDL_Rect gui_box(gui *g, int w, int h)
{
    SDL_Rect r = {(g->w - w) / 2, (g->h - h) / 2, w, h};
    gui_fill(g, (SDL_Rect){0, 0, g->w, g->h}, gui_alpha(gui_rgb(0x000000), 150));
    gui_fill(g, r, gui_rgb(0x1B2126));
    gui_frame(g, r, gui_rgb(C_HEAD));
    return r;
}

static const char *const gui_help_lines[] = {
    "Mouse: click a marked hex to play its decision (a menu opens when several share it);",
    "  click a decision in the list; hover a hex for its label; wheel zooms, drag pans.",
    "u  undo back to the previous human decision      s  save the record",
    "o  load a record                                  l  legend of the glyphs",
    "r  the rules of this step (arrows, PgUp/PgDn, wheel; / find, n/N matches, p step, a all, g glossary)",
    "+ / -  bots slower / faster     space  skip the bot pacing     0  reset zoom",
    "a  move animation on/off (a key or click skips one)                               ",
    "F12  screenshot (with FORMICARY_GUI_DUMP=DIR)     ? / F1  this help     q  quit",
    "Replay: left/right (or the slider) step, PgUp/PgDn 10, Home/End, v whose view.",
};

static void gui_draw_overlay(gui *g)
{
    int line = g->font.h, pad = (int)(14 * g->ui);
    char buf[GUI_PATH_MAX + 64];
    if (g->overlay == GUI_OV_HELP) {
        int n = (int)(sizeof gui_help_lines / sizeof gui_help_lines[0]);
        SDL_Rect r = gui_box(g, g->w * 3 / 4, (n + 3) * line + 2 * pad);
        gui_text(g, &g->font, r.x + pad, r.y + pad, 0, gui_rgb(C_HEAD), "Help (any key or click closes)");
        for (int i = 0; i < n; i++)
            gui_text(g, &g->font, r.x + pad, r.y + pad + (i + 2) * line, r.w - 2 * pad, gui_rgb(C_TEXT),
                     gui_help_lines[i]);
    } else if (g->overlay == GUI_OV_LEGEND) {
        int n = g->view->nlegend < FC_VIEW_MAX_LEGEND ? g->view->nlegend : FC_VIEW_MAX_LEGEND;
        int rows = n ? n : 1, sl = g->small.h;
        unsigned kinds = 0; /* the piece figures on the board now, explained in one row */
        for (int i = 0; i < g->view->npieces && i < FC_VIEW_MAX_PIECES; i++)
            if (g->view->pieces[i].kind != FC_PIECE_TILE && g->view->pieces[i].kind != FC_PIECE_CROSS)
                kinds |= 1u << g->view->pieces[i].kind;
        const fc_view_cell *key[16];
        int nkey = gui_terrain_key(g, key, 16);
        SDL_Rect r = gui_box(g, g->w * 3 / 4, (rows + 2 + (kinds ? 2 : 0) + (nkey ? 2 : 0)) * sl + line + 2 * pad);
        if (nkey) { /* the terrain key: a swatch of each fill with its name */
            int ky = r.y + pad + line + (rows + 2 + (kinds ? 2 : 0)) * sl, kx = r.x + pad;
            for (int k = 0; k < nkey && kx < r.x + r.w - pad - 2 * sl; k++) {
                gui_fill(g, (SDL_Rect){kx, ky, sl, sl}, gui_rgb(gui_cell_rgb(key[k])));
                gui_frame(g, (SDL_Rect){kx, ky, sl, sl}, gui_rgb(0x111111));
                kx += sl + 4;
                kx += gui_text(g, &g->small, kx, ky, r.x + r.w - pad - kx, gui_rgb(C_TEXT), key[k]->terrain_name) + sl;
            }
        }
        if (kinds && g->has_pieces) {
            float fy = (float)(r.y + pad + line + (rows + 2) * sl), fx = (float)(r.x + pad) + (float)sl / 2;
            for (int k = 0; k < FC_PIECE_COUNT; k++)
                if (kinds >> k & 1) {
                    gui_piece_shape(g, k, fx, fy, (float)sl * 0.45f, gui_rgb(0xF2F2F2));
                    fx += (float)gui_text(g, &g->small, (int)(fx + (float)sl * 0.8f), (int)fy - sl / 2, 0,
                                          gui_rgb(C_TEXT), fc_piece_kind_name(k)) + (float)sl * 2.2f;
                }
            int room = r.x + r.w - pad - (int)fx;
            if (room > 2 * sl)
                gui_text(g, &g->small, (int)fx, (int)fy - sl / 2, room, gui_rgb(C_DIM),
                         "(owner's colour; seat mark top right; count bottom right)");
        }
        gui_text(g, &g->font, r.x + pad, r.y + pad, 0, gui_rgb(C_HEAD), "Legend (any key or click closes)");
        if (!n)
            gui_text(g, &g->small, r.x + pad, r.y + pad + line + sl, 0, gui_rgb(C_TEXT), "this game gives no legend");
        for (int i = 0; i < n; i++) {
            snprintf(buf, sizeof buf, "%-6s %s", g->view->legend[i].glyph, g->view->legend[i].text);
            gui_text(g, &g->small, r.x + pad, r.y + pad + line + (i + 1) * sl, r.w - 2 * pad, gui_rgb(C_TEXT), buf);
        }
    } else if (g->overlay == GUI_OV_RULES) {
        gui_rules_draw(g, gui_box(g, g->w * 3 / 4, g->h - 4 * pad), pad);
    } else if (g->overlay == GUI_OV_COVER) {
        gui_fill(g, (SDL_Rect){0, 0, g->w, g->h}, gui_rgb(0x101417));
        SDL_Rect r = gui_box(g, g->w / 2, 4 * line + 2 * pad);
        snprintf(buf, sizeof buf, "%s to play", g->names[g->cover_seat]);
        gui_seat_shape(g, g->cover_seat, (float)(r.x + pad + line / 2), (float)(r.y + pad + line / 2),
                       (float)line * 0.45f, g->seat_col[g->cover_seat]);
        gui_text(g, &g->font, r.x + pad + line + 6, r.y + pad, 0, gui_rgb(C_TEXT), buf);
        gui_text(g, &g->font, r.x + pad, r.y + pad + 2 * line, r.w - 2 * pad, gui_rgb(C_DIM),
                 "Hot seat: the others look away. Click or press a key to show your view.");
    } else if (g->overlay == GUI_OV_FINAL) {
        int32_t score[FC_MAX_SEATS] = {0};
        int rank[FC_MAX_SEATS] = {0};
        fc_match_scores(*g->m, score, rank);
        SDL_Rect r = gui_box(g, g->w / 2, (g->nseats + 4) * line + 2 * pad);
        snprintf(buf, sizeof buf, "Game over after %zu decisions", fc_match_ply(*g->m));
        gui_text(g, &g->font, r.x + pad, r.y + pad, 0, gui_rgb(C_HEAD), buf);
        for (int k = 0; k < g->nseats; k++) { /* by rank */
            int y = r.y + pad + (k + 2) * line;
            for (int s = 0, shown = 0; s < g->nseats; s++) {
                int before = 0;
                for (int o = 0; o < g->nseats; o++)
                    before += rank[o] < rank[s] || (rank[o] == rank[s] && o < s);
                if (before != k || shown++)
                    continue;
                gui_seat_shape(g, s, (float)(r.x + pad + line / 2), (float)y + (float)line / 2, (float)line * 0.4f,
                               g->seat_col[s]);
                snprintf(buf, sizeof buf, "#%d  %s  %d points", rank[s] + 1, g->names[s], (int)score[s]);
                gui_text(g, &g->font, r.x + pad + line + 6, y, r.w - 2 * pad, gui_rgb(C_TEXT), buf);
            }
        }
        gui_text(g, &g->small, r.x + pad, r.y + r.h - pad - g->small.h, r.w - 2 * pad, gui_rgb(C_DIM),
                 "click or a key: back to the board (u undo, s save, q quit)");
    }
    if (g->prompt != GUI_PROMPT_NONE) {
        SDL_Rect r = gui_box(g, g->w * 2 / 3, 4 * line + 2 * pad);
        const char *title = g->prompt == GUI_PROMPT_SAVE ? "Save the record to (Enter: save, Esc: cancel)"
                            : g->prompt == GUI_PROMPT_LOAD ? "Load a record from (~ for home; Enter: load, Esc: cancel)"
                                                           : "Unsaved decisions: s save and quit, q quit, Esc stay";
        gui_text(g, &g->font, r.x + pad, r.y + pad, r.w - 2 * pad, gui_rgb(C_HEAD), title);
        if (g->prompt != GUI_PROMPT_QUIT) {
            SDL_Rect f = {r.x + pad, r.y + pad + 2 * line, r.w - 2 * pad, line + 4};
            gui_fill(g, f, gui_rgb(0x0A0D10));
            snprintf(buf, sizeof buf, "%s_", g->prompt_buf);
            int tw = gui_text_width(&g->font, buf);
            const char *shown = buf;
            while (tw > f.w - 8 && shown[1]) /* keep the end visible */
                tw = gui_text_width(&g->font, ++shown);
            gui_text(g, &g->font, f.x + 4, f.y + 2, f.w - 8, gui_rgb(C_TEXT), shown);
        } else {
            snprintf(buf, sizeof buf, "autosave: %s", g->autosave_path);
            gui_text(g, &g->small, r.x + pad, r.y + pad + 2 * line, r.w - 2 * pad, gui_rgb(C_DIM), buf);
        }
    }
}

void gui_draw(gui *g)
{
    double t0 = gui_now_ms();
    gui_pointer_sync(g); /* the list or board may have changed under a still pointer */
    SDL_SetRenderDrawBlendMode(g->ren, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(g->ren, 0x20, 0x26, 0x2B, 255);
    SDL_RenderClear(g->ren);
    gui_board_draw(g);
    gui_tray_draw(g);
    gui_draw_head(g);
    gui_draw_side(g);
    gui_draw_list(g);
    gui_draw_log(g);
    gui_draw_status(g);
    gui_draw_tooltip(g);
    gui_draw_menu(g);
    gui_draw_overlay(g);
    gui_flush(g);
    double dt = gui_now_ms() - t0;
    g->draw_ms += dt;
    g->draw_max_ms = dt > g->draw_max_ms ? dt : g->draw_max_ms;
    g->draws++;
}
