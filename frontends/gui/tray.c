/* Trays and picking a piece before its destination. The view's items off the board
 * (fc_view.items, API minor 8: a seat's hand, a drawn tile) are drawn in rows under the board,
 * one row per seat that has items and one for the pending ones. When decisions name their
 * source (fc_decision_info.from_item or from), a click on a tray item or on a piece picks the
 * source, its destinations are marked, and a click on one plays it: the menu opens only when
 * several decisions of that source share the hex. No game-specific code: all from the view. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "gui_int.h"

/* Whether any decision names its source: then the board is played piece first. */
bool gui_two_step(const gui *g)
{
    for (int i = 0; i < g->ndecs; i++)
        if (g->decs[i].info.from_item > 0 || g->decs[i].info.has_from)
            return true;
    return false;
}

bool gui_picked(const gui *g) { return g->sel_item > 0 || g->sel_hex_on; }

/* Whether decision i comes from the picked source. */
bool gui_dec_picked(const gui *g, int i)
{
    const fc_decision_info *in = &g->decs[i].info;
    if (g->sel_item > 0)
        return in->from_item == g->sel_item;
    return g->sel_hex_on && in->has_from && fc_hex_eq(in->from, g->sel_hex);
}

/* The decisions at hex h that a click there may play now: with a picked source only its own,
 * else all (a game without sources, or a click straight on a destination). */
int gui_click_decs(const gui *g, fc_hex h, int *idx, int max)
{
    int k = 0;
    for (int i = 0; i < g->ndecs; i++) {
        const fc_decision_info *in = &g->decs[i].info;
        if (!in->has_hex || !fc_hex_eq(in->hex, h) || (gui_picked(g) && !gui_dec_picked(g, i)))
            continue;
        if (idx && k < max)
            idx[k] = i;
        k++;
    }
    return k;
}

/* Whether decision i's hex is marked as a destination: all of them in a one-step game; in a
 * two-step game those of the picked source, and those with no source (nothing to pick). */
bool gui_dec_marked(const gui *g, int i, bool two_step)
{
    const fc_decision_info *in = &g->decs[i].info;
    if (!in->has_hex)
        return false;
    if (!two_step)
        return true;
    if (gui_picked(g))
        return gui_dec_picked(g, i);
    return in->from_item <= 0 && !in->has_from;
}

bool gui_source_hex(const gui *g, fc_hex h)
{
    for (int i = 0; i < g->ndecs; i++)
        if (g->decs[i].info.has_from && fc_hex_eq(g->decs[i].info.from, h))
            return true;
    return false;
}

static bool gui_source_item(const gui *g, int id)
{
    for (int i = 0; i < g->ndecs; i++)
        if (g->decs[i].info.from_item == id)
            return true;
    return false;
}

void gui_pick_clear(gui *g)
{
    g->sel_item = 0;
    g->sel_hex_on = false;
}

/* A new list: nothing picked, unless every decision that names a source names the same one
 * (March of the Ants' one drawn tile): then there is nothing to choose and it is picked. */
void gui_pick_reset(gui *g)
{
    gui_pick_clear(g);
    int first = -1;
    for (int i = 0; i < g->ndecs; i++) {
        const fc_decision_info *in = &g->decs[i].info;
        if (in->from_item <= 0 && !in->has_from)
            continue;
        if (first < 0) {
            first = i;
            continue;
        }
        const fc_decision_info *f = &g->decs[first].info;
        if (in->from_item != f->from_item || in->has_from != f->has_from ||
            (in->has_from && !fc_hex_eq(in->from, f->from)))
            return;
    }
    if (first < 0)
        return;
    g->sel_item = g->decs[first].info.from_item;
    g->sel_hex_on = g->decs[first].info.has_from && g->sel_item <= 0;
    g->sel_hex = g->decs[first].info.from;
}

/* A click on the board at h with sources: picks the piece there, drops or changes the pick.
 * Returns true when the click was about picking (nothing to play). */
bool gui_pick_hex(gui *g, fc_hex h)
{
    bool here = g->sel_hex_on && fc_hex_eq(g->sel_hex, h);
    if (gui_picked(g) && !here && gui_click_decs(g, h, NULL, 0) > 0)
        return false; /* a destination of the picked source: play it */
    if (here || (!gui_source_hex(g, h) && gui_picked(g))) {
        gui_pick_clear(g); /* the picked piece again, or a hex it cannot go to */
        return true;
    }
    if (!gui_source_hex(g, h))
        return false;
    gui_pick_clear(g);
    g->sel_hex_on = true;
    g->sel_hex = h;
    return true;
}

/* A click on tray item k (an index into the view's items). */
void gui_pick_item(gui *g, int k)
{
    int id = g->view->items[k].id;
    if (g->sel_item == id) {
        gui_pick_clear(g);
        return;
    }
    if (!gui_source_item(g, id)) {
        gui_msg(g, false, "%s: nothing to play from it now", g->view->items[k].name);
        return;
    }
    gui_pick_clear(g);
    g->sel_item = id;
    g->msg[0] = 0;
}

/* The rows the trays take: one per seat with items, one for the pending items. */
int gui_tray_rows(const gui *g)
{
    const fc_view *v = g->view;
    unsigned seen = 0;
    int rows = 0;
    for (int i = 0; v && i < v->nitems && i < FC_VIEW_MAX_ITEMS; i++) {
        unsigned bit = 1u << (v->items[i].seat + 1);
        if (!(seen & bit))
            rows++;
        seen |= bit;
    }
    return rows;
}

int gui_tray_row_h(const gui *g) { return (int)fmaxf(34 * g->ui, 2.1f * (float)g->small.h); }

/* The label column and each item's box, seats first, the pending row last. */
void gui_tray_layout(gui *g)
{
    const fc_view *v = g->view;
    g->ntray_hits = 0;
    int rh = gui_tray_row_h(g), pad = (int)(6 * g->ui), lw = (int)(96 * g->ui), y = g->r_tray.y;
    for (int seat = 0; seat <= FC_MAX_SEATS; seat++) {
        int s = seat == FC_MAX_SEATS ? -1 : seat, x = g->r_tray.x + lw, any = 0;
        for (int i = 0; i < v->nitems && i < FC_VIEW_MAX_ITEMS; i++) {
            const fc_view_item *it = &v->items[i];
            if (it->seat != s)
                continue;
            /* a hand item is its figure, name and count; a pending one its figure and whole name */
            int w = rh + gui_text_width(&g->small, it->name) + 2 * pad + (it->count > 1 ? 3 * g->small.h / 2 : 0);
            if (s >= 0 && w > rh + (int)(110 * g->ui))
                w = rh + (int)(110 * g->ui);
            g->tray_hits[g->ntray_hits++] = (gui_hit){{x, y, w, rh}, i};
            x += w + pad;
            any = 1;
        }
        y += any ? rh : 0;
    }
}

/* The row's label: the seat's shape and name, or "drawn". */
static void gui_tray_label(gui *g, int seat, int y, int rh)
{
    int pad = (int)(6 * g->ui), x = g->r_tray.x + pad;
    if (seat >= 0) {
        gui_seat_shape(g, seat, (float)x + (float)rh * 0.2f, (float)y + (float)rh / 2, (float)rh * 0.16f,
                       g->seat_col[seat]);
        x += (int)((float)rh * 0.45f);
    }
    gui_text(g, &g->small, x, y + (rh - g->small.h) / 2, (int)(96 * g->ui) - (x - g->r_tray.x) - 2,
             gui_rgb(0xECEFF1), seat >= 0 ? g->names[seat] : "drawn");
}

void gui_tray_draw(gui *g)
{
    if (g->r_tray.h <= 0)
        return;
    gui_tray_layout(g);
    gui_clip(g, &g->r_tray);
    gui_fill(g, g->r_tray, gui_rgb(0x283036));
    const fc_view *v = g->view;
    int rh = gui_tray_row_h(g), last_y = -1;
    for (int k = 0; k < g->ntray_hits; k++) {
        SDL_Rect r = g->tray_hits[k].r;
        const fc_view_item *it = &v->items[g->tray_hits[k].idx];
        if (r.y != last_y)
            gui_tray_label(g, it->seat, r.y, rh);
        last_y = r.y;
        bool picked = g->sel_item == it->id, can = gui_human_turn(g) && gui_source_item(g, it->id);
        if (picked)
            gui_fill(g, r, gui_rgb(0x6B4E16));
        else if (g->tray_hover == g->tray_hits[k].idx)
            gui_fill(g, r, gui_rgb(0x3F5B6E));
        if (picked || can) /* what may be picked: a white frame; the picked one orange */
            gui_frame(g, (SDL_Rect){r.x + 1, r.y + 1, r.w - 2, r.h - 2}, picked ? gui_rgb(0xE69F00) : gui_rgb(0xFFFFFF));
        /* the figure alone (the count goes after the name: a badge would leave the row) */
        fc_view_piece p = {.cell = -1, .kind = it->kind, .owner = it->owner, .count = 1};
        memcpy(p.glyph, it->glyph, sizeof p.glyph);
        gui_piece_draw(g, &p, (float)r.x + (float)rh / 2, (float)r.y + (float)rh / 2, (float)rh * 0.33f, &g->small);
        gui_flush(g);
        char label[FC_VIEW_STR + 16];
        if (it->count > 1)
            snprintf(label, sizeof label, "%s \xc3\x97%u", it->name, (unsigned)it->count);
        else
            snprintf(label, sizeof label, "%s", it->name);
        gui_text(g, &g->small, r.x + rh, r.y + (rh - g->small.h) / 2, r.w - rh - 4,
                 can || picked ? gui_rgb(0xECEFF1) : gui_rgb(0x9AA5AD), label);
    }
    gui_flush(g);
    gui_clip(g, NULL);
}

/* The status line while picking: the hovered item, or the picked source. */
bool gui_tray_status(const gui *g, char *buf, size_t n)
{
    const fc_view *v = g->view;
    if (g->tray_hover >= 0 && g->tray_hover < v->nitems) {
        const fc_view_item *it = &v->items[g->tray_hover];
        snprintf(buf, n, "%s (%u)%s", it->name, (unsigned)it->count,
                 gui_human_turn(g) && gui_source_item(g, it->id) ? "  [click: pick it, then a marked hex]" : "");
        return true;
    }
    for (int i = 0; g->sel_item > 0 && i < v->nitems && i < FC_VIEW_MAX_ITEMS; i++)
        if (v->items[i].id == g->sel_item) {
            snprintf(buf, n, "%s picked: click a marked hex to play it there (click it again or Esc: drop)",
                     v->items[i].name);
            return true;
        }
    if (g->sel_hex_on) {
        const fc_view_cell *c = gui_view_cell(g, g->sel_hex);
        snprintf(buf, n, "%s at (%d,%d) picked: click a marked hex to move it there (click it again or Esc: drop)",
                 c && c->label[0] ? c->label : "the piece", g->sel_hex.q, g->sel_hex.r);
        return true;
    }
    return false;
}

/* FORMICARY_GUI_DUMP: every tray item on screen (`tray ID SEAT X Y COUNT GLYPH`, the box's
 * centre), the picked source (`pick item ID`, `pick hex Q R` or `pick -`), every hex a piece
 * may be picked at (`source Q R X Y`) and the marked destinations (`dest Q R X Y NOTATION`). */
void gui_tray_dump(gui *g, FILE *f)
{
    const fc_view *v = g->view;
    for (int k = 0; k < g->ntray_hits; k++) {
        const fc_view_item *it = &v->items[g->tray_hits[k].idx];
        SDL_Rect r = g->tray_hits[k].r;
        fprintf(f, "tray %d %d %d %d %u %s\n", (int)it->id, it->seat, r.x + r.h / 2, r.y + r.h / 2,
                (unsigned)it->count, it->glyph);
    }
    if (g->sel_item > 0)
        fprintf(f, "pick item %d\n", g->sel_item);
    else if (g->sel_hex_on)
        fprintf(f, "pick hex %d %d\n", g->sel_hex.q, g->sel_hex.r);
    else
        fprintf(f, "pick -\n");
    bool two = gui_two_step(g);
    for (int i = 0; i < g->ndecs; i++) {
        const fc_decision_info *in = &g->decs[i].info;
        float x, y;
        if (in->has_from && (i == 0 || !g->decs[i - 1].info.has_from || !fc_hex_eq(g->decs[i - 1].info.from, in->from))) {
            gui_hex_center(g, in->from, &x, &y);
            fprintf(f, "source %d %d %d %d\n", in->from.q, in->from.r, (int)x, (int)y);
        }
        if (gui_dec_marked(g, i, two)) {
            gui_hex_center(g, in->hex, &x, &y);
            fprintf(f, "dest %d %d %d %d %s\n", in->hex.q, in->hex.r, (int)x, (int)y, g->decs[i].text);
        }
    }
}
