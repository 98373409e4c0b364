/* Move animation: after a bot's decision (or one replay step forward) the moved piece slides
 * from its source hex to its destination for a moment, or the decision's hexes pulse when no
 * single piece moved. The source is found generically: a piece (kind, owner, glyph) that is on
 * the decision's hex now and was not before, and was on another cell of the previous view.
 * Timer wake-ups happen only while an animation runs; a key or a click ends it; bots wait for
 * it (the bot delay bounds its length). FORMICARY_GUI_ANIM=MS sets the length (default 200;
 * 0 or "off" turns animation off, as does the key 'a'). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gui_int.h"

void gui_anim_init(gui *g)
{
    const char *e = getenv("FORMICARY_GUI_ANIM");
    g->anim_len = 200;
    if (e && e[0] >= '0' && e[0] <= '9')
        g->anim_len = atoi(e) > 10000 ? 10000 : atoi(e);
    g->anim_on = g->anim_len > 0 && !(e && strcmp(e, "off") == 0);
}

static bool gui_same_piece(const fc_view_piece *a, const fc_view_piece *b)
{
    return a->kind == b->kind && a->owner == b->owner && a->glyph[0] == b->glyph[0];
}

/* How many of piece p's sort (count included) view v has on the cell at hex h. */
static int gui_count_at(const fc_view *v, fc_hex h, const fc_view_piece *p)
{
    int n = 0;
    for (int i = 0; i < v->npieces && i < FC_VIEW_MAX_PIECES; i++) {
        const fc_view_piece *q = &v->pieces[i];
        if (q->cell >= 0 && q->cell < v->ncells && fc_hex_eq(v->cells[q->cell].hex, h) && gui_same_piece(p, q))
            n += q->count;
    }
    return n;
}

/* A hex of the previous view that lost a piece like p, or false. */
static bool gui_source_of(const gui *g, const fc_view_piece *p, fc_hex dest, fc_hex *src)
{
    const fc_view *old = g->prev_view, *v = g->view;
    for (int i = 0; i < old->npieces && i < FC_VIEW_MAX_PIECES; i++) {
        const fc_view_piece *q = &old->pieces[i];
        if (q->cell < 0 || q->cell >= old->ncells || !gui_same_piece(p, q))
            continue;
        fc_hex h = old->cells[q->cell].hex;
        if (fc_hex_eq(h, dest))
            continue;
        if (gui_count_at(v, h, q) < gui_count_at(old, h, q)) {
            *src = h;
            return true;
        }
    }
    return false;
}

/* Starts the animation of the newest marked move against the previous view (gui_refresh calls
 * it when a bot or a replay step asked for one). */
void gui_anim_start(gui *g)
{
    g->anim_pending = false;
    g->anim_active = false;
    if (!g->anim_on || !g->prev_valid || g->nmoves == 0 || g->anim_ms <= 0)
        return;
    const gui_move *mv = &g->moves[g->nmoves - 1];
    if (!gui_move_seen(g, mv) || mv->nhexes == 0)
        return;
    g->anim_slide = false;
    fc_hex dest = mv->hexes[0];
    const fc_view *v = g->view;
    for (int i = 0; i < v->npieces && i < FC_VIEW_MAX_PIECES && !g->anim_slide; i++) {
        const fc_view_piece *p = &v->pieces[i];
        if (p->cell < 0 || p->cell >= v->ncells || !fc_hex_eq(v->cells[p->cell].hex, dest))
            continue;
        if (gui_count_at(v, dest, p) > gui_count_at(g->prev_view, dest, p) && gui_source_of(g, p, dest, &g->anim_from)) {
            g->anim_slide = true;
            g->anim_to = dest;
        }
    }
    g->anim_n = 0;
    for (int k = 0; k < mv->nhexes && g->anim_n < (int)(sizeof g->anim_hexes / sizeof g->anim_hexes[0]); k++)
        g->anim_hexes[g->anim_n++] = mv->hexes[k];
    g->anim_t0 = gui_now_ms();
    g->anim_dur = g->anim_ms;
    g->anim_active = true;
    g->anim_count++;
    g->anim_slides += g->anim_slide;
}

/* Progress 0..1 of the running animation, or -1 when none runs (and ends a finished one). */
double gui_anim_progress(gui *g)
{
    if (!g->anim_active)
        return -1;
    double t = (gui_now_ms() - g->anim_t0) / g->anim_dur;
    if (t >= 1) {
        g->anim_active = false;
        return -1;
    }
    return t < 0 ? 0 : t;
}

void gui_anim_stop(gui *g) { g->anim_active = g->anim_pending = false; }

/* The milliseconds until the next animation frame, or -1 when nothing animates. */
int gui_anim_timeout(gui *g)
{
    if (gui_anim_progress(g) < 0)
        return -1;
    return 16;
}

/* The animated position of the pieces of cell hex h: true (and *x, *y) while they slide. */
bool gui_anim_slide_pos(gui *g, fc_hex h, float *x, float *y)
{
    double t = gui_anim_progress(g);
    if (t < 0 || !g->anim_slide || !fc_hex_eq(h, g->anim_to))
        return false;
    float e = (float)(1 - (1 - t) * (1 - t)); /* ease out */
    float x0, y0, x1, y1;
    gui_hex_center(g, g->anim_from, &x0, &y0);
    gui_hex_center(g, g->anim_to, &x1, &y1);
    *x = x0 + (x1 - x0) * e;
    *y = y0 + (y1 - y0) * e;
    return true;
}

/* The pulse of the decision's hexes (no slide): a ring growing and fading. */
void gui_anim_draw(gui *g)
{
    double t = gui_anim_progress(g);
    if (t < 0 || g->anim_slide)
        return;
    float s = gui_hex_radius(g), a = (float)sin(t * 3.14159265);
    for (int k = 0; k < g->anim_n; k++) {
        float cx, cy;
        gui_hex_center(g, g->anim_hexes[k], &cx, &cy);
        gui_poly(g, cx, cy, s * (0.55f + 0.35f * (float)t), 6, 3.14159265f / 6,
                 gui_alpha(gui_rgb(0xF0E442), (int)(40 + 120 * a)));
    }
}
