/* The view builder that plugins use through fc_host: copies, truncation, capacities. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "formicary/context.h"
#include "view_build.h"

static void test_host_builds_a_view(void **state)
{
    (void)state;
    fc_context *ctx = fc_context_new();
    const fc_host *h = fc_context_host(ctx);
    fc_view *v = malloc(sizeof *v);
    fc_view_reset(v, 1, 3);
    assert_int_equal(v->seat, 1);
    assert_int_equal(v->nseats, 3);
    h->view_title(v, "Year %d, %s", 2, "summer");
    assert_string_equal(v->title, "Year 2, summer");
    fc_view_cell *c = h->view_cell(v, fc_hex_make(3, -2), FC_TERRAIN_WATER, "pond");
    assert_int_equal(v->ncells, 1);
    assert_int_equal(c->hex.q, 3);
    assert_int_equal(c->hex.r, -2);
    assert_int_equal(c->terrain, FC_TERRAIN_WATER);
    assert_int_equal(c->owner, -1);
    assert_int_equal(c->region, -1);
    assert_string_equal(c->terrain_name, "pond");
    /* An unknown terrain class falls back to plain rather than indexing out of a table. */
    c = h->view_cell(v, fc_hex_make(0, 0), 99, NULL);
    assert_int_equal(c->terrain, FC_TERRAIN_PLAIN);
    assert_string_equal(c->terrain_name, "");
    h->view_link(v, fc_hex_make(0, 0), fc_hex_make(1, 0), 2, "tunnel");
    assert_int_equal(v->nlinks, 1);
    assert_string_equal(v->links[0].kind, "tunnel");
    h->view_track(v, "score", 7, 150, "%d VP", 7);
    assert_string_equal(v->tracks[0].text, "7 VP");
    assert_int_equal(v->tracks[0].max, 150);
    h->view_panel(v, 2, "food", "%d", 4);
    assert_int_equal(v->panel[0].seat, 2);
    assert_string_equal(v->panel[0].value, "4");
    h->view_text(v, "first", "first player: %s", "Red");
    assert_int_equal(v->text[0].seat, -1);
    assert_string_equal(v->text[0].value, "first player: Red");
    free(v);
    fc_context_free(ctx);
}

static void test_long_strings_truncate(void **state)
{
    (void)state;
    fc_view *v = malloc(sizeof *v);
    fc_view_reset(v, -1, 2);
    char big[300];
    memset(big, 'y', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    fc_view_cell *c = fc_view_cell_add(v, fc_hex_make(0, 0), FC_TERRAIN_GRASS, big);
    assert_int_equal(strlen(c->terrain_name), sizeof c->terrain_name - 1);
    fc_view_text_add(v, big, "%s", big);
    assert_int_equal(strlen(v->text[0].key), sizeof v->text[0].key - 1);
    assert_int_equal(strlen(v->text[0].value), FC_VIEW_STR - 1);
    /* a text a player reads says it was cut; through the host too (its buffer is longer) */
    assert_string_equal(v->text[0].value + FC_VIEW_STR - 4, "...");
    fc_view_title(v, "%s", big);
    assert_string_equal(v->title + sizeof v->title - 4, "...");
    fc_view_text_add(v, "k", "%s", "short");
    assert_string_equal(v->text[1].value, "short");
    fc_context *ctx = fc_context_new();
    const fc_host *h = fc_context_host(ctx);
    h->view_panel(v, 0, "k", "%s", big);
    assert_int_equal(strlen(v->panel[0].value), FC_VIEW_STR - 1);
    assert_string_equal(v->panel[0].value + FC_VIEW_STR - 4, "...");
    char utf[FC_VIEW_STR + 8];
    for (size_t i = 0; i + 2 < sizeof utf; i += 2) /* "éé...": the dots never split a character */
        utf[i] = (char)0xC3, utf[i + 1] = (char)0xA9, utf[i + 2] = 0;
    h->view_track(v, "t", 1, 2, "x%s", utf);
    size_t tl = strlen(v->tracks[0].text);
    assert_string_equal(v->tracks[0].text + tl - 3, "...");
    assert_true(((unsigned char)v->tracks[0].text[tl - 4] & 0xC0) == 0x80); /* a whole é before */
    fc_context_free(ctx);
    free(v);
}

/* "seat N" in a game's text becomes the view's name of seat N, as a word only and within the
 * seat count; cut text ends in "...". */
static void test_seat_text(void **state)
{
    (void)state;
    const char names[3][24] = {"Blue", "Gold", ""};
    char out[64];
    assert_string_equal(fc_seat_text("seat 2 places mound 5; Seat 1 bids", names, 3, out, sizeof out),
                        "Gold places mound 5; Blue bids");
    assert_string_equal(fc_seat_text("seat 3 and seat 4, seat 12, myseat 1, seat 1x", names, 3, out, sizeof out),
                        "seat 3 and seat 4, seat 12, myseat 1, seat 1x"); /* no name, no seat, no word */
    assert_string_equal(fc_seat_text("(seat 1)", names, 2, out, sizeof out), "(Blue)");
    char small[12];
    assert_string_equal(fc_seat_text("seat 1 places a mound", names, 2, small, sizeof small), "Blue pla...");
}

/* Past capacity entries are dropped and view_cell returns the scratch cell, never NULL, so a
 * game can write into it without checking. */
static void test_capacity(void **state)
{
    (void)state;
    fc_view *v = malloc(sizeof *v);
    fc_view_reset(v, -1, 2);
    for (int i = 0; i < FC_VIEW_MAX_CELLS + 5; i++) {
        fc_view_cell *c = fc_view_cell_add(v, fc_hex_make(i % 30, i / 30), FC_TERRAIN_DIRT, "d");
        assert_non_null(c);
        c->owner = 1;
        if (i >= FC_VIEW_MAX_CELLS)
            assert_ptr_equal(c, &v->scratch);
    }
    assert_int_equal(v->ncells, FC_VIEW_MAX_CELLS);
    for (int i = 0; i < FC_VIEW_MAX_TEXT + 3; i++)
        fc_view_text_add(v, "k", "%d", i);
    assert_int_equal(v->ntext, FC_VIEW_MAX_TEXT);
    for (int i = 0; i < FC_VIEW_MAX_LINKS + 3; i++)
        fc_view_link_add(v, fc_hex_make(0, 0), fc_hex_make(1, 0), 0, "x");
    assert_int_equal(v->nlinks, FC_VIEW_MAX_LINKS);
    free(v);
}

/* API minor 5: pieces on cells and highlight classes, through the host table. */
static void test_pieces_and_highlights(void **state)
{
    (void)state;
    fc_context *ctx = fc_context_new();
    const fc_host *h = fc_context_host(ctx);
    assert_true(FC_HOST_HAS(h, view_piece));
    assert_true(FC_HOST_HAS(h, view_highlight));
    fc_view *v = malloc(sizeof *v);
    fc_view_reset(v, -1, 2);
    assert_int_equal(v->npieces, 0);
    fc_view_cell *a = h->view_cell(v, fc_hex_make(0, 0), FC_TERRAIN_GRASS, "grass");
    fc_view_cell *b = h->view_cell(v, fc_hex_make(1, 0), FC_TERRAIN_DIRT, "dirt");
    h->view_piece(v, b, FC_PIECE_SOLDIER, 1, 3, "S");
    h->view_piece(v, a, FC_PIECE_QUEEN, 0, 1, "Queen-long-glyph");
    h->view_piece(v, a, 99, 12, 70000, NULL); /* out of range: token, neutral, count capped */
    h->view_piece(v, a, FC_PIECE_FOOD, -1, 0, "f"); /* no piece: count < 1 */
    assert_int_equal(v->npieces, 3);
    assert_int_equal(v->pieces[0].cell, 1);
    assert_int_equal(v->pieces[0].kind, FC_PIECE_SOLDIER);
    assert_int_equal(v->pieces[0].owner, 1);
    assert_int_equal(v->pieces[0].count, 3);
    assert_string_equal(v->pieces[0].glyph, "S");
    assert_int_equal(v->pieces[1].cell, 0);
    assert_string_equal(v->pieces[1].glyph, "Queen"); /* cut to the field */
    assert_int_equal(v->pieces[2].kind, FC_PIECE_TOKEN);
    assert_int_equal(v->pieces[2].owner, -1);
    assert_int_equal(v->pieces[2].count, 65535);
    assert_string_equal(v->pieces[2].glyph, "");
    assert_string_equal(fc_piece_kind_name(FC_PIECE_LARVA), "larva");
    assert_string_equal(fc_piece_kind_name(-3), "token");
    h->view_highlight(v, b, FC_HL_LAST);
    h->view_highlight(v, b, FC_HL_THREATENED);
    assert_int_equal(v->highlight[1], FC_HL_LAST | FC_HL_THREATENED);
    assert_int_equal(v->highlight[0], 0);
    /* a full view hands out the scratch cell: pieces and highlights on it are dropped */
    v->ncells = FC_VIEW_MAX_CELLS;
    fc_view_cell *s = h->view_cell(v, fc_hex_make(9, 9), FC_TERRAIN_PLAIN, "x");
    assert_ptr_equal(s, &v->scratch);
    h->view_piece(v, s, FC_PIECE_WORKER, 0, 1, "W");
    h->view_highlight(v, s, FC_HL_START);
    assert_int_equal(v->npieces, 3);
    for (int i = 0; i < FC_VIEW_MAX_PIECES + 5; i++)
        h->view_piece(v, a, FC_PIECE_EGG, 0, 1, "e");
    assert_int_equal(v->npieces, FC_VIEW_MAX_PIECES);
    free(v);
    fc_context_free(ctx);
}

/* API minor 8: items off the board through the host, their bounds, and the one line every
 * front end shows for a tray (fc_view_items_text). */
static void test_items(void **state)
{
    (void)state;
    fc_context *ctx = fc_context_new();
    const fc_host *h = fc_context_host(ctx);
    assert_true(FC_HOST_HAS(h, view_item));
    fc_view *v = malloc(sizeof *v);
    fc_view_reset(v, -1, 2);
    char buf[64];
    assert_int_equal(fc_view_items_text(v, 0, buf, sizeof buf), 0);
    assert_string_equal(buf, "");
    h->view_item(v, 1, 0, FC_PIECE_QUEEN, 0, 1, "Q", "Queen Bee");
    h->view_item(v, 2, 0, FC_PIECE_WORKER, 0, 3, "A", "Soldier Ant");
    h->view_item(v, 3, 0, FC_PIECE_WORKER, 0, 12, "x", "many");
    h->view_item(v, 4, 1, FC_PIECE_WORKER, 1, 2, "T7", "two-letter glyph");
    h->view_item(v, 5, -1, FC_PIECE_TILE, -1, 1, "T2", "T-2 Mycelium");
    h->view_item(v, 6, 9, 99, 42, 70000, "toolongglyph", NULL); /* bounds: pending, token, neutral */
    h->view_item(v, 0, 0, FC_PIECE_WORKER, 0, 1, "z", "id 0: dropped");
    h->view_item(v, 7, 0, FC_PIECE_WORKER, 0, 0, "z", "count 0: dropped");
    assert_int_equal(v->nitems, 6);
    assert_int_equal(v->items[5].seat, -1);
    assert_int_equal(v->items[5].kind, FC_PIECE_TOKEN);
    assert_int_equal(v->items[5].owner, -1);
    assert_int_equal(v->items[5].count, 65535);
    assert_string_equal(v->items[5].glyph, "toolo");
    assert_string_equal(v->items[5].name, "");
    assert_int_equal(fc_view_items_text(v, 0, buf, sizeof buf), 3);
    assert_string_equal(buf, "Q AAA xx12");
    assert_int_equal(fc_view_items_text(v, 1, buf, sizeof buf), 1);
    assert_string_equal(buf, "T7x2");
    assert_int_equal(fc_view_items_text(v, -1, buf, sizeof buf), 2);
    assert_string_equal(buf, "T2: T-2 Mycelium; toolo: ");
    assert_int_equal(fc_view_items_text(v, -1, buf, 8), 2); /* cut to the buffer, still counted */
    assert_string_equal(buf, "T2: T-2");
    for (int i = 0; i < FC_VIEW_MAX_ITEMS + 3; i++)
        h->view_item(v, 100 + i, 1, FC_PIECE_EGG, 1, 1, "e", "egg");
    assert_int_equal(v->nitems, FC_VIEW_MAX_ITEMS);
    free(v);
    fc_context_free(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_host_builds_a_view),
        cmocka_unit_test(test_long_strings_truncate),
        cmocka_unit_test(test_seat_text),
        cmocka_unit_test(test_capacity),
        cmocka_unit_test(test_pieces_and_highlights),
        cmocka_unit_test(test_items),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
