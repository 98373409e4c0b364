/* Text and shapes: the font is found through fontconfig (DejaVu Sans unless
 * FORMICARY_GUI_FONT names a file), rasterised once per size into a glyph atlas; polygons and
 * thick lines are SDL_RenderGeometry triangles, which the software renderer draws quickly. */
#include <fontconfig/fontconfig.h>
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "gui_int.h"

static const Uint32 gui_extra[GUI_GLYPHS - 224] = {0x2026, 0x2014, 0x2013, 0x2192, 0x2190, 0x2191, 0x2193, 0x2022,
                                                   0x2264, 0x2265, 0x2212, 0x2018, 0x2019, 0x201C, 0x201D, 0x25CF};

SDL_Color gui_rgb(unsigned hex)
{
    SDL_Color c = {(Uint8)(hex >> 16), (Uint8)(hex >> 8), (Uint8)hex, 255};
    return c;
}

SDL_Color gui_alpha(SDL_Color c, int a)
{
    c.a = (Uint8)a;
    return c;
}

bool gui_light(SDL_Color c) { return 299 * c.r + 587 * c.g + 114 * c.b > 140000; }

static int gui_find_font(gui *g, fc_error *err)
{
    const char *env = getenv("FORMICARY_GUI_FONT");
    if (env && env[0]) {
        snprintf(g->font_path, sizeof g->font_path, "%s", env);
        return 0;
    }
    FcConfig *cfg = FcInitLoadConfigAndFonts();
    FcPattern *pat = cfg ? FcNameParse((const FcChar8 *)"DejaVu Sans") : NULL;
    int rc = -1;
    if (pat) {
        FcConfigSubstitute(cfg, pat, FcMatchPattern);
        FcDefaultSubstitute(pat);
        FcResult res;
        FcPattern *match = FcFontMatch(cfg, pat, &res);
        FcChar8 *file = NULL;
        if (match && FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch) {
            snprintf(g->font_path, sizeof g->font_path, "%s", (const char *)file);
            rc = 0;
        }
        if (match)
            FcPatternDestroy(match);
        FcPatternDestroy(pat);
    }
    if (cfg)
        FcConfigDestroy(cfg);
    if (rc != 0)
        fc_error_set(err, FC_EIO, "no font found through fontconfig (install fonts-dejavu-core, or set "
                                        "FORMICARY_GUI_FONT to a .ttf file)");
    return rc;
}

static Uint32 gui_glyph_code(int i) { return i < 224 ? (Uint32)(i + 32) : gui_extra[i - 224]; }

int gui_font_build(gui *g, gui_font *f, int pt)
{
    if (f->ttf && f->pt == pt)
        return 0;
    if (f->tex)
        SDL_DestroyTexture(f->tex);
    if (f->ttf)
        TTF_CloseFont(f->ttf);
    memset(f, 0, sizeof *f);
    f->ttf = TTF_OpenFont(g->font_path, pt);
    if (!f->ttf)
        return -1;
    f->pt = pt;
    f->h = TTF_FontLineSkip(f->ttf);
    int cell = f->h + 2, cols = 16, rows = (GUI_GLYPHS + cols - 1) / cols;
    int cw = pt * 2 + 4;
    SDL_Surface *atlas = SDL_CreateRGBSurfaceWithFormat(0, cols * cw, rows * cell, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!atlas)
        return -1;
    SDL_FillRect(atlas, NULL, 0);
    SDL_Color white = {255, 255, 255, 255};
    for (int i = 0; i < GUI_GLYPHS; i++) {
        Uint32 cp = gui_glyph_code(i);
        int minx, maxx, miny, maxy, adv = 0;
        if (!TTF_GlyphIsProvided32(f->ttf, cp) || TTF_GlyphMetrics32(f->ttf, cp, &minx, &maxx, &miny, &maxy, &adv))
            continue;
        f->adv[i] = adv;
        SDL_Surface *s = cp == ' ' ? NULL : TTF_RenderGlyph32_Blended(f->ttf, cp, white);
        SDL_Rect dst = {(i % cols) * cw, (i / cols) * cell, 0, 0};
        if (s) {
            SDL_SetSurfaceBlendMode(s, SDL_BLENDMODE_NONE);
            dst.w = s->w < cw ? s->w : cw;
            dst.h = s->h < cell ? s->h : cell;
            SDL_Rect src = {0, 0, dst.w, dst.h};
            SDL_BlitSurface(s, &src, atlas, &dst);
            SDL_FreeSurface(s);
        }
        f->g[i] = dst;
    }
    f->tex = SDL_CreateTextureFromSurface(g->ren, atlas);
    SDL_FreeSurface(atlas);
    if (!f->tex)
        return -1;
    SDL_SetTextureBlendMode(f->tex, SDL_BLENDMODE_BLEND);
    return 0;
}

int gui_fonts_open(gui *g, fc_error *err)
{
    if (gui_find_font(g, err) != 0)
        return -1;
    int pt = (int)lroundf(13 * g->ui);
    if (gui_font_build(g, &g->font, pt) || gui_font_build(g, &g->small, (int)lroundf(11 * g->ui)) ||
        gui_font_build(g, &g->board, pt) || gui_font_build(g, &g->board_s, (int)lroundf(9 * g->ui))) {
        fc_error_set(err, FC_EIO, "cannot open the font %s: %s", g->font_path, TTF_GetError());
        return -1;
    }
    return 0;
}

static void gui_font_free(gui_font *f)
{
    if (f->tex)
        SDL_DestroyTexture(f->tex);
    if (f->ttf)
        TTF_CloseFont(f->ttf);
    memset(f, 0, sizeof *f);
}

void gui_fonts_close(gui *g)
{
    gui_font_free(&g->font);
    gui_font_free(&g->small);
    gui_font_free(&g->board);
    gui_font_free(&g->board_s);
}

/* Next code point of UTF-8 text as a glyph index (unknown ones as '?'). */
static int gui_next_glyph(const char **p)
{
    const unsigned char *s = (const unsigned char *)*p;
    Uint32 cp = *s++;
    if (cp >= 0x80) {
        int more = cp >= 0xF0 ? 3 : cp >= 0xE0 ? 2 : cp >= 0xC0 ? 1 : 0;
        cp &= more == 3 ? 0x07 : more == 2 ? 0x0F : 0x1F;
        for (; more > 0 && (*s & 0xC0) == 0x80; more--)
            cp = (cp << 6) | (*s++ & 0x3F);
    }
    *p = (const char *)s;
    if (cp >= 32 && cp < 256)
        return (int)cp - 32;
    for (int i = 224; i < GUI_GLYPHS; i++)
        if (gui_extra[i - 224] == cp)
            return i;
    return '?' - 32;
}

int gui_text_width(const gui_font *f, const char *s)
{
    int w = 0;
    while (*s)
        w += f->adv[gui_next_glyph(&s)];
    return w;
}

void gui_flush(gui *g)
{
    if (g->nbatch > 0)
        SDL_RenderGeometry(g->ren, NULL, g->batch, g->nbatch, NULL, 0);
    g->nbatch = 0;
}

void gui_tri(gui *g, SDL_Vertex a, SDL_Vertex b, SDL_Vertex c)
{
    if (g->nbatch + 3 > GUI_BATCH)
        gui_flush(g);
    g->batch[g->nbatch++] = a;
    g->batch[g->nbatch++] = b;
    g->batch[g->nbatch++] = c;
}

/* The width of the first n bytes of s. */
static int gui_text_width_n(const gui_font *f, const char *s, size_t n)
{
    const char *end = s + n;
    int w = 0;
    while (*s && s < end)
        w += f->adv[gui_next_glyph(&s)];
    return w;
}

/* Fills g->mark_col behind each case-insensitive occurrence of g->mark in s (drawn at x, y). */
static void gui_text_marks(gui *g, const gui_font *f, int x, int y, int max_w, const char *s)
{
    size_t ml = strlen(g->mark);
    for (const char *p = s; *p; p++) {
        size_t i = 0;
        while (i < ml && p[i] && tolower((unsigned char)p[i]) == tolower((unsigned char)g->mark[i]))
            i++;
        if (i < ml)
            continue;
        int x0 = gui_text_width_n(f, s, (size_t)(p - s)), w = gui_text_width_n(f, p, ml);
        if (max_w > 0 && x0 + w > max_w)
            break; /* cut off */
        gui_fill(g, (SDL_Rect){x + x0 - 1, y, w + 2, f->h}, g->mark_col);
        g->marks++;
        p += ml - 1;
    }
}

int gui_text(gui *g, const gui_font *f, int x, int y, int max_w, SDL_Color c, const char *s)
{
    if (g->mark && g->mark[0])
        gui_text_marks(g, f, x, y, max_w, s);
    gui_flush(g);
    if (!f->tex)
        return 0;
    SDL_SetTextureColorMod(f->tex, c.r, c.g, c.b);
    SDL_SetTextureAlphaMod(f->tex, c.a);
    int ell = f->adv[224], pen = 0;
    bool cut = max_w > 0 && gui_text_width(f, s) > max_w;
    while (*s) {
        int i = gui_next_glyph(&s);
        if (cut && pen + f->adv[i] + ell > max_w) {
            i = 224;
            s = "";
        }
        SDL_Rect src = f->g[i];
        if (src.w > 0) {
            SDL_Rect dst = {x + pen, y, src.w, src.h};
            SDL_RenderCopy(g->ren, f->tex, &src, &dst);
        }
        pen += f->adv[i];
    }
    return pen;
}

int gui_text_wrap(gui *g, const gui_font *f, int x, int y, int w, int max_lines, SDL_Color c, const char *s)
{
    int lines = 0;
    char buf[512];
    while (*s && (max_lines <= 0 || lines < max_lines)) {
        /* the longest prefix that fits, cut at a space when there is one */
        const char *p = s, *brk = NULL;
        int pen = 0;
        while (*p) {
            const char *q = p;
            int i = gui_next_glyph(&q);
            if (pen + f->adv[i] > w && p > s)
                break;
            pen += f->adv[i];
            if (*p == ' ')
                brk = p;
            p = q;
        }
        const char *end = *p && brk ? brk : p;
        bool last = max_lines > 0 && lines == max_lines - 1 && *end;
        size_t len = (size_t)(end - s) < sizeof buf - 1 ? (size_t)(end - s) : sizeof buf - 1;
        memcpy(buf, s, len);
        buf[len] = 0;
        gui_text(g, f, x, y + lines * f->h, w, c, last ? s : buf);
        lines++;
        s = end;
        while (*s == ' ')
            s++;
    }
    return lines * f->h;
}

void gui_clip(gui *g, const SDL_Rect *r)
{
    gui_flush(g);
    SDL_RenderSetClipRect(g->ren, r);
}

void gui_fill(gui *g, SDL_Rect r, SDL_Color c)
{
    gui_flush(g);
    SDL_SetRenderDrawColor(g->ren, c.r, c.g, c.b, c.a);
    SDL_RenderFillRect(g->ren, &r);
}

void gui_frame(gui *g, SDL_Rect r, SDL_Color c)
{
    gui_flush(g);
    SDL_SetRenderDrawColor(g->ren, c.r, c.g, c.b, c.a);
    SDL_RenderDrawRect(g->ren, &r);
}

void gui_poly(gui *g, float cx, float cy, float rad, int n, float rot, SDL_Color fill)
{
    if (n > 24)
        n = 24;
    for (int i = 0; i < n; i++) {
        float a0 = rot + 2 * (float)M_PI * i / n, a1 = rot + 2 * (float)M_PI * (i + 1) / n;
        SDL_Vertex c = {{cx, cy}, fill, {0, 0}};
        SDL_Vertex p0 = {{cx + rad * cosf(a0), cy + rad * sinf(a0)}, fill, {0, 0}};
        SDL_Vertex p1 = {{cx + rad * cosf(a1), cy + rad * sinf(a1)}, fill, {0, 0}};
        gui_tri(g, c, p0, p1);
    }
}

void gui_line(gui *g, float x0, float y0, float x1, float y1, float width, SDL_Color c)
{
    float dx = x1 - x0, dy = y1 - y0, len = sqrtf(dx * dx + dy * dy);
    if (len < 0.01f)
        return;
    float nx = -dy / len * width / 2, ny = dx / len * width / 2;
    SDL_Vertex v[4] = {{{x0 + nx, y0 + ny}, c, {0, 0}},
                       {{x0 - nx, y0 - ny}, c, {0, 0}},
                       {{x1 - nx, y1 - ny}, c, {0, 0}},
                       {{x1 + nx, y1 + ny}, c, {0, 0}}};
    gui_tri(g, v[0], v[1], v[2]);
    gui_tri(g, v[0], v[2], v[3]);
}
