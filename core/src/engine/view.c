/* View builder functions handed to plugins through fc_host. They copy and truncate strings and
 * silently drop entries past the fixed capacities, so a game can never overflow a view. A text a
 * player reads (title, track text, panel and text values, legend text, item name) that does not
 * fit ends in "..." so every front end shows it was cut; short codes (names, keys, glyphs) are
 * cut plainly. */
#include <ctype.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formicary/view.h"
#include "view_build.h"

static void copy_str(char *dst, size_t n, const char *src)
{
    if (!src)
        src = "";
    snprintf(dst, n, "%s", src);
}

/* Ends a text cut at its field's size n in "...", not inside a UTF-8 character. */
static void mark_cut(char *dst, size_t n)
{
    if (n < 8)
        return;
    size_t k = n - 4;
    while (k > 0 && ((unsigned char)dst[k] & 0xC0) == 0x80)
        k--; /* dst[k] starts the character the dots replace */
    memcpy(dst + k, "...", 4);
}

static void text_vset(char *dst, size_t n, const char *fmt, va_list ap)
{
    if (vsnprintf(dst, n, fmt ? fmt : "", ap) >= (int)n)
        mark_cut(dst, n);
}

void fc_view_reset(fc_view *v, int seat, int nseats)
{
    memset(v, 0, sizeof *v);
    v->seat = seat;
    v->nseats = nseats;
}

void fc_view_title(fc_view *v, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    text_vset(v->title, sizeof v->title, fmt, ap);
    va_end(ap);
}

fc_view_cell *fc_view_cell_add(fc_view *v, fc_hex h, int terrain_class, const char *terrain_name)
{
    fc_view_cell *c = v->ncells < FC_VIEW_MAX_CELLS ? &v->cells[v->ncells++] : &v->scratch;
    memset(c, 0, sizeof *c);
    c->hex = h;
    c->terrain = (uint8_t)(terrain_class >= 0 && terrain_class < FC_TERRAIN_COUNT ? terrain_class : FC_TERRAIN_PLAIN);
    c->owner = -1;
    c->region = -1;
    copy_str(c->terrain_name, sizeof c->terrain_name, terrain_name);
    return c;
}

void fc_view_link_add(fc_view *v, fc_hex a, fc_hex b, int owner, const char *kind)
{
    if (v->nlinks >= FC_VIEW_MAX_LINKS)
        return;
    fc_view_link *l = &v->links[v->nlinks++];
    l->a = a;
    l->b = b;
    l->owner = (int8_t)owner;
    copy_str(l->kind, sizeof l->kind, kind);
}

void fc_view_track_add(fc_view *v, const char *name, int value, int max, const char *fmt, ...)
{
    if (v->ntracks >= FC_VIEW_MAX_TRACKS)
        return;
    fc_view_track *t = &v->tracks[v->ntracks++];
    copy_str(t->name, sizeof t->name, name);
    t->value = value;
    t->max = max;
    t->text[0] = '\0';
    if (fmt) {
        va_list ap;
        va_start(ap, fmt);
        text_vset(t->text, sizeof t->text, fmt, ap);
        va_end(ap);
    }
}

static void entry_vset(fc_view_entry *e, int seat, const char *key, const char *fmt, va_list ap)
{
    e->seat = (int8_t)seat;
    copy_str(e->key, sizeof e->key, key);
    text_vset(e->value, sizeof e->value, fmt, ap);
}

void fc_view_panel_add(fc_view *v, int seat, const char *key, const char *fmt, ...)
{
    if (v->npanel >= (int)(sizeof v->panel / sizeof v->panel[0]))
        return;
    va_list ap;
    va_start(ap, fmt);
    entry_vset(&v->panel[v->npanel++], seat, key, fmt, ap);
    va_end(ap);
}

void fc_view_text_add(fc_view *v, const char *key, const char *fmt, ...)
{
    if (v->ntext >= FC_VIEW_MAX_TEXT)
        return;
    va_list ap;
    va_start(ap, fmt);
    entry_vset(&v->text[v->ntext++], -1, key, fmt, ap);
    va_end(ap);
}

void fc_view_legend_add(fc_view *v, const char *glyph, const char *fmt, ...)
{
    if (!glyph || !*glyph || v->nlegend >= FC_VIEW_MAX_LEGEND)
        return;
    for (int i = 0; i < v->nlegend; i++)
        if (strncmp(v->legend[i].glyph, glyph, sizeof v->legend[i].glyph - 1) == 0)
            return;
    fc_view_legend *e = &v->legend[v->nlegend++];
    copy_str(e->glyph, sizeof e->glyph, glyph);
    e->text[0] = 0;
    if (!fmt)
        return;
    va_list ap;
    va_start(ap, fmt);
    text_vset(e->text, sizeof e->text, fmt, ap);
    va_end(ap);
}

const char *fc_piece_kind_name(int kind)
{
    static const char *const names[] = {
#define FC_X_NAME(name, text) text,
        FC_PIECES(FC_X_NAME)
#undef FC_X_NAME
    };
    return kind >= 0 && kind < FC_PIECE_COUNT ? names[kind] : "token";
}

/* The index of a cell of v, or -1 for the scratch cell and foreign pointers. */
static int cell_index(const fc_view *v, const fc_view_cell *c)
{
    if (!c || c < v->cells || c >= v->cells + v->ncells)
        return -1;
    return (int)(c - v->cells);
}

void fc_view_piece_add(fc_view *v, const fc_view_cell *c, int kind, int owner, int count, const char *glyph)
{
    int i = cell_index(v, c);
    if (i < 0 || count < 1 || v->npieces >= FC_VIEW_MAX_PIECES)
        return;
    fc_view_piece *p = &v->pieces[v->npieces++];
    p->cell = (int16_t)i;
    p->kind = (uint8_t)(kind >= 0 && kind < FC_PIECE_COUNT ? kind : FC_PIECE_TOKEN);
    p->owner = (int8_t)(owner >= 0 && owner < 8 ? owner : -1);
    p->count = (uint16_t)(count > 65535 ? 65535 : count);
    copy_str(p->glyph, sizeof p->glyph, glyph);
}

void fc_view_highlight(fc_view *v, const fc_view_cell *c, unsigned bits)
{
    int i = cell_index(v, c);
    if (i >= 0)
        v->highlight[i] = (uint8_t)(v->highlight[i] | (bits & 0xFF));
}

void fc_view_item_add(fc_view *v, int id, int seat, int kind, int owner, int count, const char *glyph,
                      const char *name)
{
    if (id < 1 || count < 1 || v->nitems >= FC_VIEW_MAX_ITEMS)
        return;
    fc_view_item *it = &v->items[v->nitems++];
    memset(it, 0, sizeof *it);
    it->id = id;
    it->seat = (int8_t)(seat >= 0 && seat < 8 ? seat : -1);
    it->kind = (uint8_t)(kind >= 0 && kind < FC_PIECE_COUNT ? kind : FC_PIECE_TOKEN);
    it->owner = (int8_t)(owner >= 0 && owner < 8 ? owner : -1);
    it->count = (uint16_t)(count > 65535 ? 65535 : count);
    copy_str(it->glyph, sizeof it->glyph, glyph);
    copy_str(it->name, sizeof it->name, name);
    if (name && strlen(name) >= sizeof it->name)
        mark_cut(it->name, sizeof it->name);
}

int fc_view_items_text(const fc_view *v, int seat, char *buf, size_t n)
{
    if (!n)
        return 0;
    buf[0] = '\0';
    size_t len = 0;
    int k = 0;
    for (int i = 0; i < v->nitems && i < FC_VIEW_MAX_ITEMS; i++) {
        const fc_view_item *it = &v->items[i];
        if (it->seat != seat)
            continue;
        char one[FC_VIEW_STR + 16] = "";
        int glen = (int)strnlen(it->glyph, sizeof it->glyph);
        if (seat < 0)
            snprintf(one, sizeof one, "%.*s: %.*s", glen, it->glyph, (int)sizeof it->name, it->name);
        else if (it->count == 1)
            snprintf(one, sizeof one, "%.*s", glen, it->glyph);
        else if (it->count > 5 || glen != 1)
            snprintf(one, sizeof one, "%.*sx%u", glen, it->glyph, (unsigned)it->count);
        else
            for (unsigned c = 0; c < it->count; c++)
                one[c] = it->glyph[0], one[c + 1] = '\0';
        if (len < n)
            len += (size_t)snprintf(buf + len, n - len, "%s%s", k ? (seat < 0 ? "; " : " ") : "", one);
        k++;
    }
    return k;
}

char *fc_seat_text(const char *in, const char (*names)[24], int nseats, char *out, size_t n)
{
    size_t k = 0;
    const char *p = in;
    if (!n)
        return out;
    while (*p && k + 1 < n) {
        bool word = p == in || !isalnum((unsigned char)p[-1]);
        if (word && (p[0] == 's' || p[0] == 'S') && strncmp(p + 1, "eat ", 4) == 0 && isdigit((unsigned char)p[5])) {
            char *end;
            long s = strtol(p + 5, &end, 10);
            if (s >= 1 && s <= nseats && s <= 8 && !isalnum((unsigned char)*end) && names[s - 1][0]) {
                size_t l = strnlen(names[s - 1], 24);
                if (k + l + 1 > n - 1)
                    break;
                memcpy(out + k, names[s - 1], l);
                k += l;
                p = end;
                continue;
            }
        }
        out[k++] = *p++;
    }
    out[k] = 0;
    if (*p) /* what did not fit */
        mark_cut(out, k + 1); /* the dots end where the text does (none in a tiny buffer) */
    return out;
}

/* A text field rewritten by fc_seat_text in place (n: the field's size). */
static void seat_field(char *f, size_t n, const char (*names)[24], int nseats)
{
    char tmp[4 * FC_VIEW_STR];
    if (!strstr(f, "eat ")) /* nothing to name: the usual case costs one scan */
        return;
    fc_seat_text(f, names, nseats, tmp, n < sizeof tmp ? n : sizeof tmp);
    memcpy(f, tmp, strlen(tmp) + 1);
}

void fc_view_name_seats(fc_view *v)
{
    const char (*names)[24] = (const char(*)[24])v->seat_names;
    int ns = v->nseats < 8 ? v->nseats : 8;
    seat_field(v->title, sizeof v->title, names, ns);
    for (int i = 0; i < v->ncells && i < FC_VIEW_MAX_CELLS; i++)
        seat_field(v->cells[i].label, sizeof v->cells[i].label, names, ns);
    for (int i = 0; i < v->ntracks && i < FC_VIEW_MAX_TRACKS; i++)
        seat_field(v->tracks[i].text, sizeof v->tracks[i].text, names, ns);
    for (int i = 0; i < v->npanel && i < FC_VIEW_MAX_PANEL * 4; i++)
        seat_field(v->panel[i].value, sizeof v->panel[i].value, names, ns);
    for (int i = 0; i < v->ntext && i < FC_VIEW_MAX_TEXT; i++)
        seat_field(v->text[i].value, sizeof v->text[i].value, names, ns);
    for (int i = 0; i < v->nitems && i < FC_VIEW_MAX_ITEMS; i++)
        seat_field(v->items[i].name, sizeof v->items[i].name, names, ns);
}
