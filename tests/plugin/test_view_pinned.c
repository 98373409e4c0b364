/* The whole view of Myrmes and Termity pinned: through seeded random games, every field of the
 * view of every seat and of an onlooker before every decision (title, cells, links, tracks,
 * panels, text, seat names, legend, pieces, highlights, items) is folded into one FNV-1a digest
 * per game and seat count, so reshaping my_view or tm_view cannot change what a player sees.
 * VIEW_PINNED=FILE also writes each view as text, for a diff before and after a change. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "random_games.h"

typedef struct pin {
    uint64_t h;
    long views;
    int nseats;
    fc_view *v;
    FILE *dump; /* NULL: no dump */
} pin;

static void pin_bytes(pin *p, const void *b, size_t n)
{
    const unsigned char *c = b;
    for (size_t i = 0; i < n; i++)
        p->h = (p->h ^ c[i]) * 0x100000001b3u;
}

/* A fixed-size text field up to its first NUL (never trusted to hold one), then a separator. */
static void pin_str(pin *p, const char *tag, const char *s, size_t n)
{
    size_t len = strnlen(s, n);
    pin_bytes(p, s, len);
    pin_bytes(p, "", 1);
    if (p->dump)
        fprintf(p->dump, " %s=%.*s", tag, (int)len, s);
}

static void pin_int(pin *p, const char *tag, long long x)
{
    int64_t v = x;
    pin_bytes(p, &v, sizeof v);
    if (p->dump)
        fprintf(p->dump, " %s=%lld", tag, x);
}

static void pin_line(pin *p, const char *what)
{
    if (p->dump)
        fprintf(p->dump, "\n%s", what);
}

static void pin_cells(pin *p, const fc_view *v)
{
    for (int i = 0; i < v->ncells && i < FC_VIEW_MAX_CELLS; i++) {
        const fc_view_cell *c = &v->cells[i];
        pin_line(p, "cell");
        pin_int(p, "q", c->hex.q), pin_int(p, "r", c->hex.r), pin_int(p, "terrain", c->terrain);
        pin_int(p, "owner", c->owner), pin_int(p, "region", c->region), pin_int(p, "hl", v->highlight[i]);
        pin_str(p, "tname", c->terrain_name, sizeof c->terrain_name);
        pin_str(p, "glyphs", c->glyphs, sizeof c->glyphs);
        pin_str(p, "label", c->label, sizeof c->label);
    }
    for (int i = 0; i < v->nlinks && i < FC_VIEW_MAX_LINKS; i++) {
        const fc_view_link *l = &v->links[i];
        pin_line(p, "link");
        pin_int(p, "aq", l->a.q), pin_int(p, "ar", l->a.r), pin_int(p, "bq", l->b.q), pin_int(p, "br", l->b.r);
        pin_int(p, "owner", l->owner);
        pin_str(p, "kind", l->kind, sizeof l->kind);
    }
    for (int i = 0; i < v->npieces && i < FC_VIEW_MAX_PIECES; i++) {
        const fc_view_piece *q = &v->pieces[i];
        pin_line(p, "piece");
        pin_int(p, "cell", q->cell), pin_int(p, "kind", q->kind), pin_int(p, "owner", q->owner);
        pin_int(p, "count", q->count);
        pin_str(p, "glyph", q->glyph, sizeof q->glyph);
    }
}

static void pin_texts(pin *p, const fc_view *v)
{
    for (int i = 0; i < v->ntracks && i < FC_VIEW_MAX_TRACKS; i++) {
        const fc_view_track *t = &v->tracks[i];
        pin_line(p, "track");
        pin_str(p, "name", t->name, sizeof t->name);
        pin_int(p, "value", t->value), pin_int(p, "max", t->max);
        pin_str(p, "text", t->text, sizeof t->text);
    }
    const fc_view_entry *lists[2] = {v->panel, v->text};
    const int counts[2] = {v->npanel < FC_VIEW_MAX_PANEL * 4 ? v->npanel : FC_VIEW_MAX_PANEL * 4,
                           v->ntext < FC_VIEW_MAX_TEXT ? v->ntext : FC_VIEW_MAX_TEXT};
    for (int k = 0; k < 2; k++)
        for (int i = 0; i < counts[k]; i++) {
            pin_line(p, k ? "text" : "panel");
            pin_int(p, "seat", lists[k][i].seat);
            pin_str(p, "key", lists[k][i].key, sizeof lists[k][i].key);
            pin_str(p, "value", lists[k][i].value, sizeof lists[k][i].value);
        }
    for (int i = 0; i < v->nlegend && i < FC_VIEW_MAX_LEGEND; i++) {
        pin_line(p, "legend");
        pin_str(p, "glyph", v->legend[i].glyph, sizeof v->legend[i].glyph);
        pin_str(p, "text", v->legend[i].text, sizeof v->legend[i].text);
    }
    for (int i = 0; i < v->nitems && i < FC_VIEW_MAX_ITEMS; i++) {
        const fc_view_item *it = &v->items[i];
        pin_line(p, "item");
        pin_int(p, "id", it->id), pin_int(p, "seat", it->seat), pin_int(p, "kind", it->kind);
        pin_int(p, "owner", it->owner), pin_int(p, "count", it->count);
        pin_str(p, "glyph", it->glyph, sizeof it->glyph);
        pin_str(p, "name", it->name, sizeof it->name);
    }
}

static void pin_view(fc_match *m, int seat, int ply, pin *p)
{
    const fc_view *v = p->v;
    fc_match_view(m, seat, p->v);
    if (p->dump)
        fprintf(p->dump, "== ply %d seat %d", ply, seat);
    pin_int(p, "seat", v->seat), pin_int(p, "nseats", v->nseats);
    pin_str(p, "title", v->title, sizeof v->title);
    pin_int(p, "cells", v->ncells), pin_int(p, "links", v->nlinks), pin_int(p, "tracks", v->ntracks);
    pin_int(p, "panel", v->npanel), pin_int(p, "text", v->ntext), pin_int(p, "legend", v->nlegend);
    pin_int(p, "pieces", v->npieces), pin_int(p, "items", v->nitems);
    for (int s = 0; s < 8; s++)
        pin_str(p, "name", v->seat_names[s], sizeof v->seat_names[s]);
    pin_cells(p, v);
    pin_texts(p, v);
    if (p->dump)
        fputc('\n', p->dump);
    p->views++;
}

static void before_decision(fc_match *m, int who, int ply, void *arg)
{
    (void)who;
    pin *p = arg;
    for (int s = -1; s < p->nseats; s++)
        pin_view(m, s, ply, p);
}

static void game_over(fc_match *m, void *arg)
{
    pin *p = arg;
    for (int s = -1; s < p->nseats; s++)
        pin_view(m, s, -1, p);
}

/* Two games of `id` per seat count from lo to hi seats (the same under valgrind: views are
 * cheap), their digest compared with `want`. */
static void run_pinned(const char *id, int lo, int hi, int max_plies, uint64_t want)
{
    pin p = {.h = 0xcbf29ce484222325u, .v = malloc(sizeof(fc_view))};
    assert_non_null(p.v);
    const char *path = getenv("VIEW_PINNED");
    char name[1024];
    if (path) {
        snprintf(name, sizeof name, "%s.%s", path, id);
        assert_non_null(p.dump = fopen(name, "w"));
    }
    for (int n = lo; n <= hi; n++) {
        fc_context *ctx;
        fc_rules *rules = rg_rules(id, n, &ctx);
        p.nseats = n;
        rg_play(rules, &(rg_games){.games = 2, .seed = 5, .max_plies = max_plies, .before = before_decision,
                                   .after = game_over, .arg = &p});
        rg_close(ctx, rules);
    }
    if (p.dump)
        fclose(p.dump);
    free(p.v);
    if (p.h != want)
        fail_msg("%s: %ld views, digest 0x%016llx: a view changed (VIEW_PINNED=FILE before and after to see "
                 "where)",
                 id, p.views, (unsigned long long)p.h);
}

static void test_myrmes(void **s)
{
    (void)s;
    run_pinned("myrmes", 2, 4, 400, UINT64_C(0x798b74f2d259b04e));
}

static void test_termity(void **s)
{
    (void)s;
    run_pinned("termity", 2, 4, 400, UINT64_C(0x33a665282bffbaf2));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_myrmes),
        cmocka_unit_test(test_termity),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
