/* Every game plugin fills the view's pieces and highlights (API minor 5) consistently with its
 * glyphs: through a random game, each piece names a cell of the view, a known kind, a seat or
 * -1, a count >= 1 and a glyph shown on its cell; every owned cell with glyphs has a piece; and
 * over the game pieces appear (with stacks counted where the game has them). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "random_games.h"

typedef struct totals {
    long pieces, stacked, highlighted;
    unsigned kinds; /* bit per fc_piece_kind seen */
} totals;

static void check_view(const fc_view *v, int nseats, totals *t)
{
    assert_true(v->npieces >= 0 && v->npieces <= FC_VIEW_MAX_PIECES);
    int per_cell[FC_VIEW_MAX_CELLS] = {0};
    for (int i = 0; i < v->npieces; i++) {
        const fc_view_piece *p = &v->pieces[i];
        assert_true(p->cell >= 0 && p->cell < v->ncells);
        assert_true(p->kind < FC_PIECE_COUNT);
        assert_true(p->owner >= -1 && p->owner < nseats);
        assert_true(p->count >= 1);
        const fc_view_cell *c = &v->cells[p->cell];
        /* the piece's glyph is on its cell (a cell shows at most 7 glyphs: a full one may cut) */
        if (p->glyph[0] && !strstr(c->glyphs, p->glyph) && strlen(c->glyphs) < 6)
            fail_msg("piece '%s' (%s) on cell %d,%d whose glyphs are '%s'", p->glyph, fc_piece_kind_name(p->kind),
                     c->hex.q, c->hex.r, c->glyphs);
        per_cell[p->cell]++;
        t->pieces++;
        t->stacked += p->count > 1;
        t->kinds |= 1u << p->kind;
    }
    for (int i = 0; i < v->ncells; i++) {
        const fc_view_cell *c = &v->cells[i];
        if (c->owner >= 0 && c->glyphs[0] && !per_cell[i])
            fail_msg("cell %d,%d of seat %d shows '%s' but has no piece", c->hex.q, c->hex.r, c->owner, c->glyphs);
        assert_true((v->highlight[i] & ~0x1Fu) == 0);
        t->highlighted += v->highlight[i] != 0;
    }
}

typedef struct views {
    int nseats;
    fc_view *v;
    totals t;
} views;

/* Every third decision, the views of every seat and of an onlooker. */
static void before_decision(fc_match *m, int who, int ply, void *arg)
{
    (void)who;
    views *w = arg;
    if (ply % 3 == 0)
        for (int s = -1; s < w->nseats; s++) {
            fc_match_view(m, s, w->v);
            check_view(w->v, w->nseats, &w->t);
        }
}

static void game_over(fc_match *m, void *arg)
{
    views *w = arg;
    fc_match_view(m, -1, w->v);
    check_view(w->v, w->nseats, &w->t);
}

static void run_game(const char *id, int nseats, bool want_stacks, unsigned want_kinds)
{
    fc_context *ctx;
    fc_rules *rules = rg_rules(id, nseats, &ctx);
    assert_true(fc_rules_plugin(rules)->api_minor >= 5);
    views w = {.nseats = nseats, .v = malloc(sizeof(fc_view))};
    assert_non_null(w.v);
    bool quick = rg_quick();
    rg_play(rules, &(rg_games){.games = quick ? 1 : 3, .seed = 11, .max_plies = quick ? 300 : 3000,
                               .before = before_decision, .after = game_over, .arg = &w});
    const totals *t = &w.t;
    print_message("%s: %ld pieces, %ld stacks, %ld highlighted cells in the views\n", id, t->pieces, t->stacked,
                  t->highlighted);
    assert_true(t->pieces > 0);
    if (want_stacks)
        assert_true(t->stacked > 0);
    if ((t->kinds & want_kinds) != want_kinds)
        fail_msg("%s: piece kinds seen %#x, expected at least %#x", id, t->kinds, want_kinds);
    free(w.v);
    rg_close(ctx, rules);
}

#define K(k) (1u << (k))
static void test_myrmes(void **s)
{
    (void)s;
    run_game("myrmes", 4, false, K(FC_PIECE_TILE) | K(FC_PIECE_BUILDING) | K(FC_PIECE_PREY));
}
static void test_hive(void **s)
{
    (void)s;
    run_game("hive", 2, false, K(FC_PIECE_QUEEN) | K(FC_PIECE_WORKER));
}
static void test_termity(void **s)
{
    (void)s;
    run_game("termity", 2, true, K(FC_PIECE_BUILDING));
}
static void test_marabunta(void **s)
{
    (void)s;
    run_game("marabunta", 2, false, K(FC_PIECE_NUMBER));
}
static void test_marsz(void **s)
{
    (void)s;
    run_game("marsz", 5, true, K(FC_PIECE_WORKER));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_myrmes), cmocka_unit_test(test_hive),  cmocka_unit_test(test_termity),
        cmocka_unit_test(test_marabunta), cmocka_unit_test(test_marsz),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
