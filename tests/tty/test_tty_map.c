/* The tty front end's map cursor and decision-list logic (frontends/tty/map.c, decisions.c,
 * panels.c), without a terminal: hex columns, cursor moves across rows and gaps, jumps between
 * the hexes decisions concern (also where the view has no cell), the one selection that the
 * cursor and the list share (no wrap-around, kept across a rebuilt list), which decision the
 * map previews, and label wrapping. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tty_int.h"

/* The test map (x = 4q + 2r):
 *   r=0:  q 0..3          x 0, 4, 8, 12
 *   r=1:  q -1..2         x -2, 2, 6, 10
 *   r=2:  q -1 and 1      x 0, 8 (a gap at q=0) */
static const int cells[][2] = {{0, 0}, {1, 0}, {2, 0}, {3, 0}, {-1, 1}, {0, 1}, {1, 1}, {2, 1}, {-1, 2}, {1, 2}};

typedef struct fixture {
    tty t;
    fc_view view;
    tty_dec decs[4];
} fixture;

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    if (!f)
        return -1;
    f->view.ncells = (int)(sizeof cells / sizeof cells[0]);
    for (int i = 0; i < f->view.ncells; i++) {
        f->view.cells[i].hex = fc_hex_make(cells[i][0], cells[i][1]);
        f->view.cells[i].owner = -1;
        f->view.cells[i].region = -1;
    }
    f->t.view = &f->view;
    f->t.list.h = 3; /* a title and two rows */
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    free(*state);
    return 0;
}

/* Decisions: 0 at (3,0), 1 and 2 both at (0,1), 3 without a hex. */
static void add_decisions(fixture *f)
{
    memset(f->decs, 0, sizeof f->decs);
    f->decs[0].info.has_hex = 1;
    f->decs[0].info.hex = fc_hex_make(3, 0);
    f->decs[1].info.has_hex = 1;
    f->decs[1].info.hex = fc_hex_make(0, 1);
    f->decs[2].info.has_hex = 1;
    f->decs[2].info.hex = fc_hex_make(0, 1);
    f->t.decs = f->decs;
    f->t.ndecs = 4;
}

static void assert_cursor(const tty *t, int q, int r)
{
    assert_true(t->has_cursor);
    assert_int_equal(t->cursor.q, q);
    assert_int_equal(t->cursor.r, r);
}

static void test_hex_columns(void **state)
{
    (void)state;
    assert_int_equal(tty_hex_x(fc_hex_make(2, 1)), 10);
    assert_int_equal(tty_hex_x(fc_hex_make(-1, 2)), 0);
    assert_int_equal(tty_hex_x(fc_hex_make(0, -3)), -6);
}

static void test_map_size(void **state)
{
    fixture *f = *state;
    int w = 0, h = 0;
    tty_map_size(&f->t, &w, &h);
    assert_int_equal(w, 19); /* x from -2 to 12, plus a hex's 4 columns and the closing one */
    assert_int_equal(h, 3);
}

static void test_cursor_starts_near_the_centre(void **state)
{
    fixture *f = *state;
    tty_map_ensure_cursor(&f->t); /* centre x 7, row 1: (1,1) at x 6 is nearest */
    assert_cursor(&f->t, 1, 1);
    assert_int_equal(f->t.want_x, 6);
}

static void test_cursor_moves(void **state)
{
    fixture *f = *state;
    tty *t = &f->t;
    tty_map_ensure_cursor(t);
    tty_map_move(t, 1, 0);
    assert_cursor(t, 2, 1);
    assert_int_equal(t->want_x, 10);
    tty_map_move(t, 1, 0); /* nothing right of (2,1) */
    assert_cursor(t, 2, 1);
    tty_map_move(t, -1, 0);
    assert_cursor(t, 1, 1);
    tty_map_move(t, 0, -1); /* x 6: (1,0) at 4 and (2,0) at 8 tie, the first wins */
    assert_cursor(t, 1, 0);
    tty_map_move(t, 0, 1); /* the wanted column 6 is kept */
    assert_cursor(t, 1, 1);
    tty_map_move(t, 0, 1); /* row 2: x 0 or 8, 8 is nearer */
    assert_cursor(t, 1, 2);
    tty_map_move(t, 0, 1); /* no row 3 */
    assert_cursor(t, 1, 2);
    tty_map_move(t, -1, 0); /* over the gap at q=0 */
    assert_cursor(t, -1, 2);
    assert_int_equal(t->want_x, 0);
    tty_map_move(t, 0, -1); /* row 1 near x 0: (-1,1) at -2 and (0,1) at 2 tie */
    assert_cursor(t, -1, 1);
}

static void test_targets(void **state)
{
    fixture *f = *state;
    tty *t = &f->t;
    add_decisions(f);
    int idx[4] = {-1, -1, -1, -1};
    assert_int_equal(tty_decs_at(t, fc_hex_make(0, 1), idx, 4), 2);
    assert_int_equal(idx[0], 1);
    assert_int_equal(idx[1], 2);
    assert_int_equal(tty_decs_at(t, fc_hex_make(1, 1), NULL, 0), 0);
    tty_map_ensure_cursor(t); /* with decisions: the first one's hex */
    assert_cursor(t, 3, 0);
    t->cursor = fc_hex_make(1, 2);
    tty_map_next_target(t, 1); /* nothing after (1,2) in (r, q) order: wraps to (3,0) */
    assert_cursor(t, 3, 0);
    tty_map_next_target(t, 1);
    assert_cursor(t, 0, 1);
    tty_map_next_target(t, -1);
    assert_cursor(t, 3, 0);
    tty_map_next_target(t, -1); /* wraps backwards to the last */
    assert_cursor(t, 0, 1);
}

static void test_list_follows(void **state)
{
    fixture *f = *state;
    tty *t = &f->t;
    add_decisions(f);
    t->sel = 0;
    tty_list_move(t, -1); /* Up at the top stays there: no wrap-around */
    assert_int_equal(t->sel, 0);
    tty_list_move(t, 3);
    assert_int_equal(t->sel, 3);
    assert_int_equal(t->top, 2); /* two rows: 2 and 3 visible */
    tty_list_move(t, 1); /* Down at the bottom stays there */
    assert_int_equal(t->sel, 3);
    tty_list_move(t, -10); /* a page stops at the top */
    assert_int_equal(t->sel, 0);
    assert_int_equal(t->top, 0);
    t->sel = -1; /* nothing selected: Down selects the first entry, Up too */
    tty_list_move(t, 1);
    assert_int_equal(t->sel, 0);
    t->sel = -1;
    tty_list_move(t, -1);
    assert_int_equal(t->sel, 0);
    t->cursor = fc_hex_make(0, 1);
    t->has_cursor = true;
    tty_list_follow_cursor(t); /* the first decision at the cursor */
    assert_int_equal(t->sel, 1);
    t->sel = 2;
    tty_list_follow_cursor(t); /* one of several at the cursor: it stays */
    assert_int_equal(t->sel, 2);
    t->cursor = fc_hex_make(1, 1);
    tty_list_follow_cursor(t); /* no decision at the cursor: none selected */
    assert_int_equal(t->sel, -1);
    t->sel = 0;
    tty_cursor_follow_list(t);
    assert_cursor(t, 3, 0);
    t->sel = 3; /* no hex: the cursor stays */
    tty_cursor_follow_list(t);
    assert_cursor(t, 3, 0);
}

static void test_preview(void **state)
{
    fixture *f = *state;
    tty *t = &f->t;
    add_decisions(f);
    fc_agent *agents[2] = {NULL, NULL};
    t->agents = agents;
    t->nseats = 2;
    t->mover = 0;
    t->decs_valid = true;
    f->decs[1].info.nhexes = 3; /* a tile over (0,1), (1,1), (2,1) */
    f->decs[1].info.hexes[0] = fc_hex_make(0, 1);
    f->decs[1].info.hexes[1] = fc_hex_make(1, 1);
    f->decs[1].info.hexes[2] = fc_hex_make(2, 1);
    t->focus = TTY_FOCUS_LIST;
    t->sel = 1;
    assert_ptr_equal(tty_preview(t), &f->decs[1].info); /* the selection */
    t->sel = 3;
    assert_ptr_equal(tty_preview(t), &f->decs[3].info); /* even without a hex */
    t->focus = TTY_FOCUS_MAP;
    t->cursor = fc_hex_make(0, 1);
    t->has_cursor = true;
    tty_list_follow_cursor(t); /* on the map the selection is the decision at the cursor */
    assert_int_equal(t->sel, 1);
    assert_ptr_equal(tty_preview(t), &f->decs[1].info);
    t->cursor = fc_hex_make(1, 1);
    tty_list_follow_cursor(t);
    assert_null(tty_preview(t)); /* a hex no decision concerns: nothing selected */
    t->sel = 1;
    t->mover = 1;
    agents[1] = (fc_agent *)t; /* any non-NULL: a bot moves, nothing is previewed */
    assert_null(tty_preview(t));
}

/* A rebuilt list keeps the selection on the same decision (by notation) while it is legal;
 * else on the map the decision at the cursor or the first with a hex; else the first entry. */
static void test_reselect(void **state)
{
    fixture *f = *state;
    tty *t = &f->t;
    add_decisions(f);
    const char *names[4] = {"a 3,0", "b 0,1", "c 0,1", "d"};
    for (int i = 0; i < 4; i++)
        snprintf(f->decs[i].text, sizeof f->decs[i].text, "%s", names[i]);
    t->decs_valid = true;
    t->sel = 2;
    tty_decs_keep_sel(t);
    assert_string_equal(t->sel_text, "c 0,1");
    t->focus = TTY_FOCUS_LIST;
    t->sel = 0;
    tty_decs_reselect(t); /* found again; the cursor follows */
    assert_int_equal(t->sel, 2);
    assert_cursor(t, 0, 1);
    snprintf(t->sel_text, sizeof t->sel_text, "gone");
    tty_decs_reselect(t); /* not legal any more: the first entry */
    assert_int_equal(t->sel, 0);
    assert_cursor(t, 3, 0);
    t->focus = TTY_FOCUS_MAP;
    t->cursor = fc_hex_make(0, 1);
    tty_decs_reselect(t); /* on the map: the first decision at the cursor */
    assert_int_equal(t->sel, 1);
    assert_cursor(t, 0, 1);
    snprintf(t->sel_text, sizeof t->sel_text, "d");
    t->cursor = fc_hex_make(1, 1);
    tty_decs_reselect(t); /* on the map a decision without a hex is not kept: the first with one */
    assert_int_equal(t->sel, 0);
    assert_cursor(t, 3, 0);
    t->focus = TTY_FOCUS_LIST;
    snprintf(t->sel_text, sizeof t->sel_text, "c 0,1");
    t->sel_seat = 1; /* hot seat: another player's selection is not carried over */
    tty_decs_reselect(t);
    assert_int_equal(t->sel, 0);
    t->sel_seat = 0;
    t->sel = -1;
    tty_decs_keep_sel(t); /* nothing selected: nothing to find again */
    assert_string_equal(t->sel_text, "");
}

/* A hex a decision concerns where the view has no cell (a tile's place) is on the map: the
 * cursor goes there and stays, and the map is wide enough to show it. */
static void test_targets_off_the_view(void **state)
{
    fixture *f = *state;
    tty *t = &f->t;
    add_decisions(f);
    f->decs[3].info.has_hex = 1;
    f->decs[3].info.hex = fc_hex_make(5, 0); /* no cell; (4,0) is a gap */
    assert_null(tty_map_cell(t, fc_hex_make(5, 0)));
    assert_true(tty_map_has(t, fc_hex_make(5, 0)));
    assert_false(tty_map_has(t, fc_hex_make(4, 0)));
    int w = 0, h = 0;
    tty_map_size(t, &w, &h);
    assert_int_equal(w, 27); /* x from -2 to 20 (the target at 20), plus 4 and 1 */
    t->cursor = fc_hex_make(3, 0);
    t->has_cursor = true;
    tty_map_move(t, 1, 0); /* over the gap to the target */
    assert_cursor(t, 5, 0);
    tty_map_ensure_cursor(t); /* a place on the map: it stays */
    assert_cursor(t, 5, 0);
    t->cursor = fc_hex_make(3, 0);
    tty_map_next_target(t, 1); /* (r, q) order: (5,0) after (3,0) */
    assert_cursor(t, 5, 0);
    tty_list_follow_cursor(t);
    assert_int_equal(t->sel, 3);
}

typedef struct wrapped {
    char line[8][64];
    int n;
} wrapped;

static void collect(const char *s, int len, void *ctx)
{
    wrapped *w = ctx;
    if (w->n < 8)
        snprintf(w->line[w->n], sizeof w->line[0], "%.*s", len, s);
    w->n++;
}

static void test_wrap(void **state)
{
    (void)state;
    wrapped w = {{{0}}, 0};
    /* breaks at the last space that fits; continuation lines are narrower by the indent */
    int n = tty_wrap_text("births L1 S0 W2 K0: uses 3 of 3 nurses; +1 larvae, +2 workers", 24, 4, collect, &w);
    assert_int_equal(n, 3);
    assert_int_equal(w.n, 3);
    assert_string_equal(w.line[0], "births L1 S0 W2 K0: uses");
    assert_string_equal(w.line[1], "3 of 3 nurses; +1");
    assert_string_equal(w.line[2], "larvae, +2 workers");
    /* a word longer than the line is cut; a newline ends a line */
    w.n = 0;
    assert_int_equal(tty_wrap_text("abcdefghijklmnopqrstuvwxyz\nend", 10, 0, collect, &w), 4);
    assert_string_equal(w.line[0], "abcdefghij");
    assert_string_equal(w.line[2], "uvwxyz");
    assert_string_equal(w.line[3], "end");
    /* counting only */
    assert_int_equal(tty_wrap_text("short", 40, 0, NULL, NULL), 1);
    assert_int_equal(tty_wrap_text("", 40, 0, NULL, NULL), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hex_columns),
        cmocka_unit_test_setup_teardown(test_map_size, setup, teardown),
        cmocka_unit_test_setup_teardown(test_cursor_starts_near_the_centre, setup, teardown),
        cmocka_unit_test_setup_teardown(test_cursor_moves, setup, teardown),
        cmocka_unit_test_setup_teardown(test_targets, setup, teardown),
        cmocka_unit_test_setup_teardown(test_list_follows, setup, teardown),
        cmocka_unit_test_setup_teardown(test_preview, setup, teardown),
        cmocka_unit_test_setup_teardown(test_reselect, setup, teardown),
        cmocka_unit_test_setup_teardown(test_targets_off_the_view, setup, teardown),
        cmocka_unit_test(test_wrap),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
