/* The pieces on the board from the view's piece list (API minor 5): each piece kind is its own
 * figure (worker circle, soldier shield, queen star, larva capsule, egg oval, food cube, prey
 * triangle, building house, number square, token octagon; tiles tint their hexes; a cross
 * strikes the hex), filled with the owner's colour and carrying the owner's seat mark, so
 * colour is never the only cue; a count badge shows stacks. A view without pieces (a plugin
 * older than minor 5, or one that fills only glyphs) is drawn from the cells' glyphs: the
 * owner's seat shape, glyph runs as counts. Also the cell highlight classes (FC_HL_*). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "gui_int.h"

#define PI_F 3.14159265f

/* Per cell: its first piece and how many, in the view's order (a counting sort by cell). */
void gui_pieces_index(gui *g)
{
    const fc_view *v = g->view;
    /* a game older than minor 5 (or one that gives no pieces) is drawn from its glyphs */
    const fc_plugin *pl = fc_rules_plugin(*g->rules);
    g->has_pieces = pl && pl->api_minor >= 5 && v->npieces > 0;
    memset(g->pc_n, 0, sizeof g->pc_n);
    int n = v->npieces < FC_VIEW_MAX_PIECES ? v->npieces : FC_VIEW_MAX_PIECES;
    for (int i = 0; i < n; i++)
        if (v->pieces[i].cell >= 0 && v->pieces[i].cell < v->ncells)
            g->pc_n[v->pieces[i].cell]++;
    int at = 0;
    for (int c = 0; c < v->ncells; c++) {
        g->pc_first[c] = (int16_t)at;
        at += g->pc_n[c];
    }
    int fill[FC_VIEW_MAX_CELLS] = {0};
    for (int i = 0; i < n; i++) {
        int c = v->pieces[i].cell;
        if (c >= 0 && c < v->ncells)
            g->pc_order[g->pc_first[c] + fill[c]++] = (int16_t)i;
    }
}

static void gui_ellipse(gui *g, float cx, float cy, float rx, float ry, SDL_Color c)
{
    SDL_Vertex m = {{cx, cy}, c, {0, 0}};
    for (int i = 0; i < 16; i++) {
        float a0 = 2 * PI_F * i / 16, a1 = 2 * PI_F * (i + 1) / 16;
        SDL_Vertex p0 = {{cx + rx * cosf(a0), cy + ry * sinf(a0)}, c, {0, 0}};
        SDL_Vertex p1 = {{cx + rx * cosf(a1), cy + ry * sinf(a1)}, c, {0, 0}};
        gui_tri(g, m, p0, p1);
    }
}

static void gui_quad(gui *g, float x0, float y0, float x1, float y1, SDL_Color c)
{
    SDL_Vertex a = {{x0, y0}, c, {0, 0}}, b = {{x1, y0}, c, {0, 0}}, d = {{x1, y1}, c, {0, 0}},
               e = {{x0, y1}, c, {0, 0}};
    gui_tri(g, a, b, d);
    gui_tri(g, a, d, e);
}

/* A five-pointed star of outer radius r. */
static void gui_star(gui *g, float cx, float cy, float r, SDL_Color c)
{
    SDL_Vertex m = {{cx, cy}, c, {0, 0}};
    for (int i = 0; i < 10; i++) {
        float a0 = -PI_F / 2 + PI_F * i / 5, a1 = -PI_F / 2 + PI_F * (i + 1) / 5;
        float r0 = i % 2 ? r * 0.5f : r, r1 = i % 2 ? r : r * 0.5f;
        SDL_Vertex p0 = {{cx + r0 * cosf(a0), cy + r0 * sinf(a0)}, c, {0, 0}};
        SDL_Vertex p1 = {{cx + r1 * cosf(a1), cy + r1 * sinf(a1)}, c, {0, 0}};
        gui_tri(g, m, p0, p1);
    }
}

/* The figure of kind k at (cx, cy), radius r, filled with c; grow > 0 draws it larger (the
 * outline pass). */
static void gui_kind_figure(gui *g, int k, float cx, float cy, float r, SDL_Color c)
{
    switch (k) {
    case FC_PIECE_WORKER:
        gui_poly(g, cx, cy, r, 20, 0, c);
        break;
    case FC_PIECE_SOLDIER: /* a shield: a square on a point with a rounded top */
        gui_poly(g, cx, cy + r * 0.1f, r * 1.1f, 4, PI_F / 2, c);
        gui_quad(g, cx - r * 0.78f, cy - r * 0.75f, cx + r * 0.78f, cy + r * 0.1f, c);
        break;
    case FC_PIECE_QUEEN:
        gui_star(g, cx, cy, r * 1.25f, c);
        gui_poly(g, cx, cy, r * 0.62f, 10, 0, c);
        break;
    case FC_PIECE_LARVA: /* a capsule */
        gui_poly(g, cx - r * 0.45f, cy, r * 0.5f, 12, 0, c);
        gui_poly(g, cx + r * 0.45f, cy, r * 0.5f, 12, 0, c);
        gui_quad(g, cx - r * 0.45f, cy - r * 0.5f, cx + r * 0.45f, cy + r * 0.5f, c);
        break;
    case FC_PIECE_EGG:
        gui_ellipse(g, cx, cy, r * 0.65f, r * 0.9f, c);
        break;
    case FC_PIECE_FOOD:
        gui_quad(g, cx - r * 0.6f, cy - r * 0.6f, cx + r * 0.6f, cy + r * 0.6f, c);
        break;
    case FC_PIECE_PREY:
        gui_poly(g, cx, cy + r * 0.15f, r * 1.15f, 3, PI_F / 2, c);
        break;
    case FC_PIECE_BUILDING: /* a house: walls and a roof */
        gui_quad(g, cx - r * 0.8f, cy - r * 0.15f, cx + r * 0.8f, cy + r * 0.8f, c);
        gui_poly(g, cx, cy - r * 0.2f, r * 0.95f, 3, -PI_F / 2, c);
        break;
    case FC_PIECE_NUMBER:
        gui_quad(g, cx - r * 0.8f, cy - r * 0.8f, cx + r * 0.8f, cy + r * 0.8f, c);
        break;
    default: /* token */
        gui_poly(g, cx, cy, r, 8, PI_F / 8, c);
        break;
    }
}

/* A piece figure with a dark outline, used by the board and the legend overlay. */
void gui_piece_shape(gui *g, int kind, float cx, float cy, float r, SDL_Color c)
{
    float o = fmaxf(1.2f, r / 7);
    SDL_Color dark = gui_rgb(0x111111);
    /* the outline: the same figure, larger (scaled about its centre) */
    gui_kind_figure(g, kind, cx, cy, r + o, dark);
    gui_kind_figure(g, kind, cx, cy, r, c);
}

/* Centred text in font f. */
static void gui_text_c(gui *g, const gui_font *f, float cx, float cy, SDL_Color c, const char *s)
{
    int w = gui_text_width(f, s);
    gui_text(g, f, (int)(cx - (float)w / 2), (int)(cy - (float)f->h / 2), 0, c, s);
}

/* The neutral colour of unowned pieces, by kind (food a warm ochre, prey a dark red ...). */
static SDL_Color gui_neutral(int kind)
{
    switch (kind) {
    case FC_PIECE_FOOD:
        return gui_rgb(0xE8C170);
    case FC_PIECE_PREY:
        return gui_rgb(0x8E3B2E);
    case FC_PIECE_BUILDING:
        return gui_rgb(0xBDB5A6);
    default:
        return gui_rgb(0xF2F2F2);
    }
}

/* One piece p at (cx, cy) with radius r. */
static void gui_piece(gui *g, const fc_view_piece *p, float cx, float cy, float r, const gui_font *f)
{
    bool owned = p->owner >= 0 && p->owner < g->nseats;
    SDL_Color col = owned ? g->seat_col[p->owner] : gui_neutral(p->kind);
    gui_piece_shape(g, p->kind, cx, cy, r, col);
    SDL_Color tc = gui_light(col) ? gui_rgb(0x101010) : gui_rgb(0xFFFFFF);
    if (p->glyph[0] && r >= 5)
        gui_text_c(g, f, cx, cy, tc, p->glyph);
    if (owned && r >= 6) { /* the seat's mark: its shape on a white disc, top right */
        float mx = cx + r * 0.85f, my = cy - r * 0.85f, mr = fmaxf(3, r * 0.32f);
        gui_poly(g, mx, my, mr * 1.55f, 16, 0, gui_rgb(0x111111));
        gui_poly(g, mx, my, mr * 1.4f, 16, 0, gui_rgb(0xFFFFFF));
        gui_seat_shape(g, p->owner, mx, my, mr, col);
    }
    if (p->count > 1 && r >= 5) { /* the stack's count, bottom right */
        char n[16];
        snprintf(n, sizeof n, "%u", (unsigned)p->count);
        const gui_font *cf = &g->board_s;
        float bw = (float)gui_text_width(cf, n) + 4, bh = (float)cf->h;
        float bx = cx + r * 0.55f, by = cy + r * 0.45f;
        gui_flush(g);
        gui_fill(g, (SDL_Rect){(int)bx, (int)by, (int)bw, (int)bh}, gui_rgb(0x111111));
        gui_text(g, cf, (int)bx + 2, (int)by, 0, gui_rgb(0xFFFFFF), n);
    }
}

void gui_piece_draw(gui *g, const fc_view_piece *p, float cx, float cy, float r, const gui_font *f)
{
    gui_piece(g, p, cx, cy, r, f);
}

/* A tile on a hex: the hex tinted with the owner's colour, its glyph in the top corner. */
static void gui_tile(gui *g, const fc_view_piece *p, float cx, float cy, float s)
{
    bool owned = p->owner >= 0 && p->owner < g->nseats;
    SDL_Color col = owned ? g->seat_col[p->owner] : gui_rgb(0xFFFFFF);
    gui_poly(g, cx, cy, s * 0.8f, 6, PI_F / 6, gui_alpha(col, 150));
    if (p->glyph[0] && s >= 8)
        gui_text_c(g, &g->board_s, cx, cy - s * 0.55f, gui_light(col) ? gui_rgb(0x101010) : gui_rgb(0xFFFFFF),
                   p->glyph);
}

/* Slot i of n figures in a hex of radius s: one in the centre, two side by side, up to four
 * in a square; returns the figure radius. */
static float gui_slot(int i, int n, float s, float *dx, float *dy)
{
    if (n <= 1) {
        *dx = *dy = 0;
        return s * 0.5f;
    }
    if (n == 2) {
        *dx = (i ? 0.4f : -0.4f) * s;
        *dy = 0.08f * s;
        return s * 0.34f;
    }
    *dx = (i % 2 ? 0.36f : -0.36f) * s;
    *dy = (i / 2 ? 0.34f : -0.3f) * s;
    return s * 0.29f;
}

static void gui_cell_pieces(gui *g, int c, float cx, float cy, float s)
{
    const fc_view *v = g->view;
    int figures[4], nf = 0, more = 0;
    for (int k = 0; k < g->pc_n[c]; k++) {
        const fc_view_piece *p = &v->pieces[g->pc_order[g->pc_first[c] + k]];
        if (p->kind == FC_PIECE_TILE)
            gui_tile(g, p, cx, cy, s);
        else if (p->kind == FC_PIECE_CROSS) {
            float d = s * 0.55f;
            gui_line(g, cx - d, cy - d, cx + d, cy + d, fmaxf(2, s / 7), gui_rgb(0x111111));
            gui_line(g, cx - d, cy + d, cx + d, cy - d, fmaxf(2, s / 7), gui_rgb(0x111111));
        } else if (nf < 4)
            figures[nf++] = g->pc_order[g->pc_first[c] + k];
        else
            more++;
    }
    for (int i = 0; i < nf; i++) {
        float dx, dy, r = gui_slot(i, nf, s, &dx, &dy);
        gui_piece(g, &v->pieces[figures[i]], cx + dx, cy + dy, r, nf == 1 ? &g->board : &g->board_s);
    }
    if (more) {
        char t[16];
        snprintf(t, sizeof t, "+%d", more);
        gui_text_c(g, &g->board_s, cx, cy + s * 0.7f, gui_rgb(0x101010), t);
    }
}

/* "WWW" -> "W3", "O@" -> "O@": runs of one glyph become the glyph and the count. */
static void gui_glyph_text(const char *glyphs, char *out, size_t n)
{
    size_t o = 0;
    for (size_t i = 0; glyphs[i] && i < 7 && o + 3 < n;) {
        size_t j = i;
        while (glyphs[j] == glyphs[i] && j < 7)
            j++;
        out[o++] = glyphs[i];
        if (j - i > 1)
            o += (size_t)snprintf(out + o, n - o, "%zu", j - i);
        i = j;
    }
    out[o < n ? o : n - 1] = 0;
}

/* A cell of a plugin older than minor 5: the owner's seat shape and the cell's glyphs. */
static void gui_cell_glyphs(gui *g, const fc_view_cell *c, float cx, float cy, float s, SDL_Color terrain)
{
    bool owned = c->owner >= 0 && c->owner < FC_MAX_SEATS;
    SDL_Color col = owned ? g->seat_col[c->owner] : terrain;
    if (owned)
        gui_seat_shape(g, c->owner, cx, cy, s * 0.55f, col);
    char txt[16];
    gui_glyph_text(c->glyphs, txt, sizeof txt);
    const gui_font *f = &g->board;
    int w = gui_text_width(f, txt);
    SDL_Color tc = gui_light(col) ? gui_rgb(0x101010) : gui_rgb(0xFFFFFF);
    gui_text(g, f, (int)(cx - (float)w / 2), (int)(cy - (float)f->h / 2), (int)(s * 1.7f), tc, txt);
}

void gui_board_pieces(gui *g)
{
    const fc_view *v = g->view;
    float s = gui_hex_radius(g);
    for (int i = 0; i < v->ncells; i++) {
        const fc_view_cell *c = &v->cells[i];
        float cx, cy;
        gui_hex_center(g, c->hex, &cx, &cy);
        if (cx < g->r_board.x - s || cx > g->r_board.x + g->r_board.w + s || cy < g->r_board.y - s ||
            cy > g->r_board.y + g->r_board.h + s)
            continue; /* off screen (zoomed in) */
        if (g->has_pieces) {
            gui_anim_slide_pos(g, c->hex, &cx, &cy); /* on its way here from the last move's source */
            gui_cell_pieces(g, i, cx, cy, s);
        }
        else if (c->glyphs[0])
            gui_cell_glyphs(g, c, cx, cy, s, gui_rgb(gui_cell_rgb(c)));
    }
}

/* The highlight classes the game set: last decision (magenta ring), threatened (vermilion
 * ring and a "!"), active piece (yellow ring), start hex (a small dark chevron), selectable
 * (a dotted white ring). Each has its own form, not only its colour. */
void gui_board_highlights(gui *g)
{
    const fc_view *v = g->view;
    float s = gui_hex_radius(g), w = fmaxf(2.0f, s / 9);
    for (int i = 0; i < v->ncells; i++) {
        unsigned hl = v->highlight[i];
        if (!hl)
            continue;
        fc_hex h = v->cells[i].hex;
        float cx, cy;
        gui_hex_center(g, h, &cx, &cy);
        if (hl & FC_HL_LAST)
            gui_hex_ring(g, h, w * 2.2f, w, gui_rgb(0xCC79A7));
        if (hl & FC_HL_ACTIVE)
            gui_hex_ring(g, h, w * 1.2f, w * 1.4f, gui_rgb(0xF0E442));
        if (hl & FC_HL_THREATENED) {
            gui_hex_ring(g, h, w * 3.4f, w, gui_rgb(0xD55E00));
            if (s >= 10) {
                gui_poly(g, cx - s * 0.55f, cy - s * 0.5f, fmaxf(4, s * 0.16f), 12, 0, gui_rgb(0xD55E00));
                gui_text_c(g, &g->board_s, cx - s * 0.55f, cy - s * 0.5f, gui_rgb(0xFFFFFF), "!");
            }
        }
        if (hl & FC_HL_START) /* a dark chevron at the bottom of the hex */
            gui_poly(g, cx, cy + s * 0.7f, fmaxf(3, s * 0.14f), 3, PI_F / 2, gui_rgb(0x1E1A16));
        if (hl & FC_HL_SELECTABLE)
            for (int k = 0; k < 12; k++) {
                float a = 2 * PI_F * k / 12;
                gui_poly(g, cx + s * 0.78f * cosf(a), cy + s * 0.78f * sinf(a), fmaxf(1.5f, s / 16), 6, 0,
                         gui_rgb(0xFFFFFF));
            }
    }
}
