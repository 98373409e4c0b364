/* The hex board: pointy-top axial hexes filled by terrain class, region (tile) borders, links,
 * pieces (pieces.c), and the marks: hexes a legal decision concerns, the hovered hex, the previewed decision's hexes and
 * the hexes of the last decisions played. Zoom and pan scale and move the fitted board. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "gui_int.h"

#define SQRT3 1.7320508f

/* Edge k joins corners k and k+1 (corner k at angle 60k-30 degrees, y down) and faces the
 * neighbour gui_edge_dir[k]. */
static const int gui_edge_dir[6][2] = {{1, 0}, {0, 1}, {-1, 1}, {-1, 0}, {0, -1}, {1, -1}};

static const unsigned gui_terrain_rgb[FC_TERRAIN_COUNT] = {
    0xE8E2D0, /* plain */
    0x9CC47A, /* grass */
    0xB89468, /* dirt */
    0xA3A3A3, /* stone */
    0x6FA8DC, /* water */
    0xD9A6C8, /* mushroom */
    0x5E9A50, /* vegetation */
    0xE6D28C, /* sand */
    0x6B5340, /* tunnel */
    0x2B2B2B, /* blocked */
};

float gui_hex_radius(const gui *g) { return g->hex * g->zoom; }

SDL_Color gui_terrain_col(int terrain) { return gui_rgb(gui_terrain_rgb[terrain >= 0 && terrain < FC_TERRAIN_COUNT ? terrain : 0]); }

/* A cell's fill: its terrain class's colour, unless the game names the terrain after a colour
 * (Marabunta's regions "pink" .. "yellow", as its rules call them): then a light tint of that
 * colour, light enough for the pieces on it. As with seats named after colours. */
unsigned gui_cell_rgb(const fc_view_cell *c)
{
    static const struct {
        const char *name;
        unsigned rgb;
    } tab[] = {{"pink", 0xF4B6D2},   {"blue", 0x9CC3E6},   {"orange", 0xF5B971}, {"green", 0x9CCF8A},
               {"grey", 0xB5B5B5},   {"gray", 0xB5B5B5},   {"yellow", 0xF3E07A}, {"red", 0xEBA0A0},
               {"purple", 0xC9A8DE}, {"violet", 0xC9A8DE}, {"brown", 0xB8916B},  {"white", 0xF4F4F4},
               {"black", 0x555555},  {"cyan", 0x9FDCEB}};
    if (c->terrain == FC_TERRAIN_BLOCKED)
        return gui_terrain_rgb[FC_TERRAIN_BLOCKED]; /* a crossed-out hex stays dark */
    char low[sizeof c->terrain_name];
    size_t i = 0;
    for (; i + 1 < sizeof low && c->terrain_name[i]; i++)
        low[i] = (char)(c->terrain_name[i] >= 'A' && c->terrain_name[i] <= 'Z' ? c->terrain_name[i] + 32 : c->terrain_name[i]);
    low[i] = 0;
    for (size_t k = 0; k < sizeof tab / sizeof tab[0]; k++)
        if (strcmp(low, tab[k].name) == 0)
            return tab[k].rgb;
    return gui_terrain_rgb[c->terrain < FC_TERRAIN_COUNT ? c->terrain : 0];
}

/* The terrain key: each terrain name on the board with its fill, in the order first seen (at
 * most max); returns how many. */
int gui_terrain_key(const gui *g, const fc_view_cell **out, int max)
{
    const fc_view *v = g->view;
    int n = 0;
    for (int i = 0; i < v->ncells; i++) {
        const fc_view_cell *c = &v->cells[i];
        bool seen = false;
        for (int k = 0; k < n && !seen; k++)
            seen = strncmp(out[k]->terrain_name, c->terrain_name, sizeof c->terrain_name) == 0 &&
                   gui_cell_rgb(out[k]) == gui_cell_rgb(c);
        if (!seen && n < max)
            out[n++] = c;
    }
    return n;
}

void gui_hex_center(const gui *g, fc_hex h, float *x, float *y)
{
    float s = gui_hex_radius(g);
    *x = g->org_x + g->pan_x + s * SQRT3 * ((float)h.q + (float)h.r / 2.0f);
    *y = g->org_y + g->pan_y + s * 1.5f * (float)h.r;
}

/* Fits the board into its rectangle at zoom 1: the hex radius and the origin. */
void gui_board_fit(gui *g)
{
    const fc_view *v = g->view;
    float minx = 0, maxx = 1, miny = 0, maxy = 1;
    for (int i = 0; i < v->ncells; i++) {
        float x = SQRT3 * ((float)v->cells[i].hex.q + (float)v->cells[i].hex.r / 2.0f), y = 1.5f * v->cells[i].hex.r;
        if (i == 0 || x < minx)
            minx = x;
        if (i == 0 || x > maxx)
            maxx = x;
        if (i == 0 || y < miny)
            miny = y;
        if (i == 0 || y > maxy)
            maxy = y;
    }
    for (int i = 0; i < g->ndecs; i++) {
        if (!g->decs[i].info.has_hex)
            continue;
        fc_hex h = g->decs[i].info.hex;
        float x = SQRT3 * ((float)h.q + (float)h.r / 2.0f), y = 1.5f * h.r;
        if (v->ncells == 0 && i == 0)
            minx = maxx = x, miny = maxy = y;
        minx = fminf(minx, x), maxx = fmaxf(maxx, x), miny = fminf(miny, y), maxy = fmaxf(maxy, y);
    }
    /* at least 7 hexes across and 6 rows, so a board of a few pieces (Hive's first ones) does
     * not fill the window with one hex */
    float wu = fmaxf(maxx - minx + SQRT3 + 0.4f, 7 * SQRT3), hu = fmaxf(maxy - miny + 2.4f, 6 * 1.5f + 0.5f);
    SDL_Rect b = g->r_board;
    float s = fminf((float)b.w / wu, (float)b.h / hu);
    if (s < 4)
        s = 4;
    g->hex = s;
    g->org_x = (float)b.x + (float)b.w / 2 - s * (minx + maxx) / 2;
    g->org_y = (float)b.y + (float)b.h / 2 - s * (miny + maxy) / 2;
}

const fc_view_cell *gui_view_cell(const gui *g, fc_hex h)
{
    const fc_view *v = g->view;
    for (int i = 0; i < v->ncells; i++)
        if (fc_hex_eq(v->cells[i].hex, h))
            return &v->cells[i];
    return NULL;
}

const fc_view_cell *gui_cell_at(const gui *g, int x, int y)
{
    fc_hex h;
    return gui_hex_at(g, x, y, &h) ? gui_view_cell(g, h) : NULL;
}

bool gui_hex_at(const gui *g, int x, int y, fc_hex *out)
{
    SDL_Point p = {x, y};
    if (!SDL_PointInRect(&p, &g->r_board))
        return false;
    float s = gui_hex_radius(g);
    float px = ((float)x - g->org_x - g->pan_x) / s, py = ((float)y - g->org_y - g->pan_y) / s;
    float fq = (SQRT3 / 3 * px - py / 3), fr = 2.0f / 3 * py, fs = -fq - fr;
    float rq = roundf(fq), rr = roundf(fr), rs = roundf(fs);
    float dq = fabsf(rq - fq), dr = fabsf(rr - fr), ds = fabsf(rs - fs);
    if (dq > dr && dq > ds)
        rq = -rr - rs;
    else if (dr > ds)
        rr = -rq - rs;
    *out = fc_hex_make((int)rq, (int)rr);
    return gui_view_cell(g, *out) || gui_decs_at(g, *out, NULL, 0) > 0;
}

int gui_decs_at(const gui *g, fc_hex h, int *idx, int max)
{
    int k = 0;
    for (int i = 0; i < g->ndecs; i++)
        if (g->decs[i].info.has_hex && fc_hex_eq(g->decs[i].info.hex, h)) {
            if (idx && k < max)
                idx[k] = i;
            k++;
        }
    return k;
}

int gui_preview_index(const gui *g)
{
    int i = g->nmenu > 0 && g->menu_hover >= 0 ? g->menu[g->menu_hover] : g->hover_dec;
    return i >= 0 && i < g->ndecs ? i : -1;
}

const fc_decision_info *gui_preview(const gui *g)
{
    int i = gui_preview_index(g);
    return i >= 0 ? &g->decs[i].info : NULL;
}

static void gui_hex_corners(const gui *g, fc_hex h, float inset, float *xs, float *ys)
{
    float cx, cy, s = gui_hex_radius(g) - inset;
    gui_hex_center(g, h, &cx, &cy);
    for (int k = 0; k < 6; k++) {
        float a = (float)M_PI / 180 * (60.0f * k - 30);
        xs[k] = cx + s * cosf(a);
        ys[k] = cy + s * sinf(a);
    }
}

void gui_hex_ring(gui *g, fc_hex h, float inset, float width, SDL_Color c)
{
    float xs[6], ys[6];
    gui_hex_corners(g, h, inset, xs, ys);
    for (int k = 0; k < 6; k++)
        gui_line(g, xs[k], ys[k], xs[(k + 1) % 6], ys[(k + 1) % 6], width, c);
}

/* All cell fills in one geometry call (six triangles a hex). */
static void gui_board_fills(gui *g)
{
    SDL_Vertex *v = g->verts;
    const fc_view *v_ = g->view;
    int k = 0;
    for (int i = 0; i < v_->ncells; i++) {
        const fc_view_cell *c = &v_->cells[i];
        SDL_Color col = gui_rgb(gui_cell_rgb(c));
        float xs[6], ys[6], cx, cy;
        gui_hex_corners(g, c->hex, 0.5f, xs, ys);
        gui_hex_center(g, c->hex, &cx, &cy);
        for (int e = 0; e < 6; e++) {
            SDL_Vertex a = {{cx, cy}, col, {0, 0}}, b = {{xs[e], ys[e]}, col, {0, 0}},
                       d = {{xs[(e + 1) % 6], ys[(e + 1) % 6]}, col, {0, 0}};
            v[k++] = a;
            v[k++] = b;
            v[k++] = d;
        }
    }
    gui_flush(g);
    SDL_RenderGeometry(g->ren, NULL, v, k, NULL, 0);
}

/* Thin edges between hexes; thick ones between regions and around the board. */
static void gui_board_edges(gui *g)
{
    const fc_view *v = g->view;
    float s = gui_hex_radius(g), thin = s > 24 ? 1.5f : 1.0f, thick = fmaxf(2.0f, s / 9);
    SDL_Color c_thin = gui_rgb(0x5A5347), c_thick = gui_rgb(0x1E1A16);
    for (int i = 0; i < v->ncells; i++) {
        const fc_view_cell *c = &v->cells[i];
        float xs[6], ys[6];
        gui_hex_corners(g, c->hex, 0, xs, ys);
        for (int e = 0; e < 6; e++) {
            fc_hex n = fc_hex_make(c->hex.q + gui_edge_dir[e][0], c->hex.r + gui_edge_dir[e][1]);
            const fc_view_cell *o = gui_view_cell(g, n);
            bool border = !o || (o->region != c->region && (o->region >= 0 || c->region >= 0));
            if (o && !border && (n.r < c->hex.r || (n.r == c->hex.r && n.q < c->hex.q)))
                continue; /* thin shared edges once */
            gui_line(g, xs[e], ys[e], xs[(e + 1) % 6], ys[(e + 1) % 6], border ? thick : thin,
                     border ? c_thick : c_thin);
        }
    }
}

static void gui_board_links(gui *g)
{
    const fc_view *v = g->view;
    float s = gui_hex_radius(g);
    for (int i = 0; i < v->nlinks && i < FC_VIEW_MAX_LINKS; i++) {
        const fc_view_link *l = &v->links[i];
        float x0, y0, x1, y1;
        gui_hex_center(g, l->a, &x0, &y0);
        gui_hex_center(g, l->b, &x1, &y1);
        SDL_Color c = l->owner >= 0 && l->owner < FC_MAX_SEATS ? g->seat_col[l->owner] : gui_rgb(0x3A3024);
        gui_line(g, x0, y0, x1, y1, fmaxf(3, s / 5), gui_rgb(0x1E1A16));
        gui_line(g, x0, y0, x1, y1, fmaxf(1.5f, s / 8), c);
    }
}

/* A seat's piece shape: circle, square, triangle, diamond, pentagon, hexagon, down triangle,
 * octagon. With the colour this makes two cues per seat. */
void gui_seat_shape(gui *g, int seat, float cx, float cy, float rad, SDL_Color c)
{
    static const int corners[8] = {20, 4, 3, 4, 5, 6, 3, 8};
    static const float rot[8] = {0, 0.785398f, -1.570796f, 0, -1.570796f, 0, 1.570796f, 0.392699f};
    int k = seat >= 0 && seat < 8 ? seat : 0;
    float r = corners[k] == 3 ? rad * 1.25f : corners[k] == 4 && k == 1 ? rad * 1.1f : rad;
    gui_poly(g, cx, cy, r + fmaxf(1.5f, rad / 8), corners[k], rot[k], gui_rgb(0x111111));
    gui_poly(g, cx, cy, r, corners[k], rot[k], c);
}

static void gui_board_marks(gui *g)
{
    float s = gui_hex_radius(g), w = fmaxf(2.0f, s / 8);
    /* the last decisions played, newest darkest */
    int shown = 0;
    for (int i = g->nmoves - 1; i >= 0 && shown < GUI_LAST; i--, shown++) {
        const gui_move *mv = &g->moves[i];
        if (!gui_move_seen(g, mv))
            continue;
        SDL_Color c = gui_alpha(gui_rgb(0xCC79A7), 255 - shown * 50);
        for (int k = 0; k < mv->nhexes; k++)
            if (gui_view_cell(g, mv->hexes[k]))
                gui_hex_ring(g, mv->hexes[k], w, w, c);
    }
    /* where a piece may be picked (a game whose decisions name their source, nothing picked
     * yet): a dotted white ring; the picked piece: a thick orange ring */
    bool two = gui_two_step(g);
    for (int i = 0; two && !gui_picked(g) && i < g->ndecs; i++)
        if (g->decs[i].info.has_from && (i == 0 || !fc_hex_eq(g->decs[i - 1].info.from, g->decs[i].info.from))) {
            float cx, cy;
            gui_hex_center(g, g->decs[i].info.from, &cx, &cy);
            for (int k = 0; k < 12; k++) {
                float a = 2 * (float)M_PI * (float)k / 12;
                gui_poly(g, cx + s * 0.8f * cosf(a), cy + s * 0.8f * sinf(a), fmaxf(1.8f, s / 14), 6, 0,
                         gui_rgb(0xFFFFFF));
            }
        }
    if (g->sel_hex_on)
        gui_hex_ring(g, g->sel_hex, w * 0.3f, w * 1.8f, gui_rgb(0xE69F00));
    /* hexes a legal decision concerns (of the picked piece): a white ring with a dark rim; a
     * place without a cell (no piece there yet) a pale hex, drawn as a target, not a tile */
    for (int i = 0; i < g->ndecs; i++) {
        if (!gui_dec_marked(g, i, two)) { /* nothing picked: where pieces may go, pale */
            float cx, cy;
            if (g->decs[i].info.has_hex && !gui_view_cell(g, g->decs[i].info.hex)) {
                gui_hex_center(g, g->decs[i].info.hex, &cx, &cy);
                gui_poly(g, cx, cy, s * 0.9f, 6, (float)M_PI / 6, gui_alpha(gui_rgb(0xFFFFFF), 22));
            }
            continue;
        }
        float cx, cy;
        gui_hex_center(g, g->decs[i].info.hex, &cx, &cy);
        if (!gui_view_cell(g, g->decs[i].info.hex)) /* a hex the board does not have yet */
            gui_poly(g, cx, cy, s * 0.9f, 6, (float)M_PI / 6, gui_alpha(gui_rgb(0xFFFFFF), 40));
        gui_hex_ring(g, g->decs[i].info.hex, w * 0.5f, w * 1.6f, gui_rgb(0x111111));
        gui_hex_ring(g, g->decs[i].info.hex, w * 0.5f, w, gui_rgb(0xFFFFFF));
        gui_poly(g, cx, cy + s * 0.62f, fmaxf(2.5f, s / 9), 12, 0, gui_rgb(0xFFFFFF));
    }
    const fc_decision_info *p = gui_preview(g);
    if (p) {
        SDL_Color c = gui_alpha(gui_rgb(0xF0E442), 110);
        for (int k = 0; k < p->nhexes; k++) {
                float cx, cy;
                gui_hex_center(g, p->hexes[k], &cx, &cy);
                gui_poly(g, cx, cy, s * 0.86f, 6, (float)M_PI / 6, c);
            }
        if (p->has_hex)
            gui_hex_ring(g, p->hex, w, w * 1.5f, gui_rgb(0xE69F00));
    }
    if (g->has_hover)
        gui_hex_ring(g, g->hover, 0, w * 1.2f, gui_rgb(0x0072B2));
}

/* ---- the drawn tile previewed at its place (March of the Ants' explore) ---- */

/* The pending item (seat -1: a drawn tile) decision i lays, or NULL. */
static const fc_view_item *gui_dec_pending(const gui *g, int i)
{
    int id = i >= 0 && i < g->ndecs && g->decs[i].info.has_hex ? g->decs[i].info.from_item : 0;
    for (int k = 0; id > 0 && k < g->view->nitems && k < FC_VIEW_MAX_ITEMS; k++)
        if (g->view->items[k].id == id)
            return g->view->items[k].seat < 0 ? &g->view->items[k] : NULL;
    return NULL;
}

int gui_drawn_preview(const gui *g, const fc_view_item **item)
{
    int i = gui_preview_index(g); /* a hovered list row or menu item: the rotation chosen */
    if (!gui_dec_pending(g, i)) {
        int idx[GUI_MENU_MAX], n = g->has_hover && g->nmenu == 0 ? gui_decs_at(g, g->hover, idx, GUI_MENU_MAX) : 0;
        i = -1; /* else the hovered place, in the first rotation the list gives */
        for (int k = 0; k < n && k < GUI_MENU_MAX && i < 0; k++)
            if (gui_dec_pending(g, idx[k]))
                i = idx[k];
    }
    if (item)
        *item = gui_dec_pending(g, i);
    return i >= 0 && gui_dec_pending(g, i) ? i : -1;
}

int gui_open_edges(const char *label)
{
    static const char *const names[6] = {"E", "SE", "SW", "W", "NW", "NE"}; /* gui_edge_dir order */
    const char *p = strstr(label, "open ");
    int mask = 0;
    for (p = p ? p + 5 : NULL; p && *p;) {
        size_t n = strspn(p, "NESW");
        int e = -1;
        for (int k = 0; k < 6 && n; k++)
            if (strlen(names[k]) == n && strncmp(p, names[k], n) == 0)
                e = k;
        if (e < 0)
            break; /* the edges end at the first word that is none ("(T-2 ...") */
        mask |= 1 << e;
        p += n;
        p += strspn(p, " ");
    }
    return mask;
}

/* The tile on its place before it is laid: a pale tile with its glyph and harvest spaces (the
 * item's name, "(*LL F L)"), and its openings in the previewed rotation (the decision's label,
 * "open NW E SE W") drawn as half of the links the view draws between laid tiles. */
static void gui_board_drawn(gui *g)
{
    const fc_view_item *it;
    int i = gui_drawn_preview(g, &it);
    if (i < 0)
        return;
    fc_hex h = g->decs[i].info.hex;
    float cx, cy, s = gui_hex_radius(g);
    gui_hex_center(g, h, &cx, &cy);
    gui_poly(g, cx, cy, s * 0.92f, 6, (float)M_PI / 6, gui_alpha(gui_terrain_col(FC_TERRAIN_GRASS), 215));
    int open = gui_open_edges(g->decs[i].info.label);
    for (int e = 0; e < 6; e++)
        if (open >> e & 1) {
            float nx, ny;
            gui_hex_center(g, fc_hex_make(h.q + gui_edge_dir[e][0], h.r + gui_edge_dir[e][1]), &nx, &ny);
            /* from half-way out to the edge, clear of the glyph and the spaces */
            float mx = (cx + nx) / 2, my = (cy + ny) / 2, x0 = (cx + mx) / 2, y0 = (cy + my) / 2;
            gui_line(g, x0, y0, mx, my, fmaxf(3, s / 5), gui_rgb(0x1E1A16));
            gui_line(g, x0, y0, mx, my, fmaxf(1.5f, s / 8), gui_rgb(0xFFFFFF));
        }
    gui_hex_ring(g, h, 0, fmaxf(2, s / 12), gui_rgb(0xE69F00));
    char glyph[8], spaces[32] = "";
    snprintf(glyph, sizeof glyph, "%.*s", (int)strnlen(it->glyph, sizeof it->glyph), it->glyph);
    const char *a = memchr(it->name, '(', strnlen(it->name, sizeof it->name)), *b = a ? strchr(a, ')') : NULL;
    if (a && b && b - a < (long)sizeof spaces)
        snprintf(spaces, sizeof spaces, "%.*s", (int)(b - a - 1), a + 1);
    SDL_Color ink = gui_rgb(0x111111);
    gui_flush(g);
    gui_text(g, &g->board, (int)(cx - (float)gui_text_width(&g->board, glyph) / 2), (int)(cy - (float)g->board.h * 0.8f), 0,
             ink, glyph);
    if (spaces[0])
        gui_text(g, &g->board_s, (int)(cx - (float)gui_text_width(&g->board_s, spaces) / 2), (int)(cy + s * 0.1f),
                 (int)(s * 1.7f), ink, spaces);
}

/* What the static layer depends on besides the view: size, zoom, pan (FNV-1a over them and over
 * the cells' places, terrains and regions and the links). */
static uint64_t gui_static_key(const gui *g)
{
    uint64_t h = 1469598103934665603ull;
#define MIX(p, n) \
    do { \
        const unsigned char *b_ = (const unsigned char *)(p); \
        for (size_t i_ = 0; i_ < (n); i_++) \
            h = (h ^ b_[i_]) * 1099511628211ull; \
    } while (0)
    float f[5] = {g->hex, g->zoom, g->pan_x + g->org_x, g->pan_y + g->org_y, 0};
    int r[6] = {g->r_board.x, g->r_board.y, g->r_board.w, g->r_board.h, g->w, g->h};
    MIX(f, sizeof f);
    MIX(r, sizeof r);
    const fc_view *v = g->view;
    MIX(&v->ncells, sizeof v->ncells);
    for (int i = 0; i < v->ncells; i++) {
        MIX(&v->cells[i].hex, sizeof v->cells[i].hex);
        MIX(&v->cells[i].terrain, 1);
        MIX(&v->cells[i].region, sizeof v->cells[i].region);
        MIX(v->cells[i].terrain_name, sizeof v->cells[i].terrain_name); /* a colour name fills */
    }
    MIX(&v->nlinks, sizeof v->nlinks);
    for (int i = 0; i < v->nlinks && i < FC_VIEW_MAX_LINKS; i++) {
        MIX(&v->links[i].a, sizeof v->links[i].a);
        MIX(&v->links[i].b, sizeof v->links[i].b);
        MIX(&v->links[i].owner, 1);
    }
#undef MIX
    return h;
}

/* The static layer (background, terrain fills, edges, links) is drawn into a texture the size
 * of the window and copied each frame; it is redrawn only when its key changes (zoom, pan,
 * resize, a new board). Without render targets the layer is drawn directly. */
static void gui_board_static(gui *g)
{
    uint64_t key = gui_static_key(g);
    if (g->static_tex && (g->static_w != g->w || g->static_h != g->h)) {
        SDL_DestroyTexture(g->static_tex);
        g->static_tex = NULL;
    }
    if (!g->static_tex && !g->static_off && SDL_RenderTargetSupported(g->ren)) {
        g->static_tex = SDL_CreateTexture(g->ren, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_TARGET, g->w, g->h);
        g->static_w = g->w;
        g->static_h = g->h;
        g->static_valid = false;
        if (g->static_tex)
            SDL_SetTextureBlendMode(g->static_tex, SDL_BLENDMODE_NONE);
        else
            g->static_off = true; /* no render targets: draw every frame */
    }
    bool direct = !g->static_tex;
    if (direct || !g->static_valid || g->static_key != key) {
        if (!direct && SDL_SetRenderTarget(g->ren, g->static_tex) != 0) {
            SDL_DestroyTexture(g->static_tex);
            g->static_tex = NULL;
            g->static_off = direct = true;
        }
        gui_clip(g, &g->r_board);
        gui_fill(g, g->r_board, gui_rgb(0x3B4A52));
        gui_board_fills(g);
        gui_board_edges(g);
        gui_board_links(g);
        gui_flush(g);
        if (!direct) {
            SDL_SetRenderTarget(g->ren, NULL);
            g->static_key = key;
            g->static_valid = true;
            g->static_draws++;
        }
    }
    gui_clip(g, &g->r_board);
    if (!direct)
        SDL_RenderCopy(g->ren, g->static_tex, &g->r_board, &g->r_board);
}

void gui_board_release(gui *g)
{
    if (g->static_tex)
        SDL_DestroyTexture(g->static_tex);
    g->static_tex = NULL;
    g->static_valid = false;
}

void gui_board_draw(gui *g)
{
    int pt = (int)fmaxf(7, fminf(40, gui_hex_radius(g) * 0.62f));
    gui_font_build(g, &g->board, pt);
    gui_font_build(g, &g->board_s, (int)fmaxf(7, (float)pt * 0.62f));
    gui_board_static(g);
    gui_board_highlights(g);
    gui_board_marks(g);
    gui_board_drawn(g);
    gui_anim_draw(g);
    gui_board_pieces(g);
    gui_flush(g);
    gui_clip(g, NULL);
}
