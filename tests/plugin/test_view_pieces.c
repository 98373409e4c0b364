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

#include "formicary/context.h"
#include "formicary/match.h"
#include "formicary/rules.h"

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

static void run_game(const char *id, int nseats, bool want_stacks, unsigned want_kinds)
{
    fc_error err;
    fc_error_clear(&err);
    fc_context *ctx = fc_context_new();
    fc_context_add_default_paths(ctx);
    fc_context_scan(ctx);
    fc_rules *rules = fc_rules_new(ctx, id, nseats, &err);
    if (!rules) {
        fc_context_free(ctx);
        print_message("skipped %s: %s\n", id, err.msg);
        skip();
    }
    assert_int_equal(fc_rules_finish(rules, &err), 0);
    assert_true(fc_rules_plugin(rules)->api_minor >= 5);
    bool quick = getenv("FC_UNDER_VALGRIND") || getenv("FC_UNDER_SANITIZER");
    fc_view *v = malloc(sizeof *v);
    assert_non_null(v);
    totals t = {0};
    int games = quick ? 1 : 3;
    for (int gi = 0; gi < games; gi++) {
        fc_match *m = fc_match_new(rules, 11 + (uint64_t)gi, &err);
        assert_non_null(m);
        uint64_t x = 88172645463325252ull + (uint64_t)gi;
        for (int ply = 0; ply < (quick ? 300 : 3000); ply++) {
            int who = fc_match_to_move(m);
            if (who == FC_NOBODY)
                break;
            if (ply % 3 == 0)
                for (int s = -1; s < nseats; s++) {
                    fc_match_view(m, s, v);
                    check_view(v, nseats, &t);
                }
            if (who == FC_CHANCE) {
                assert_int_equal(fc_match_play_chance(m, &err), 0);
                continue;
            }
            const fc_decision *legal = NULL;
            int n = fc_match_legal(m, &legal, NULL);
            assert_true(n > 0);
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            assert_int_equal(fc_match_play(m, legal[x % (uint64_t)n], &err), 0);
        }
        fc_match_view(m, -1, v);
        check_view(v, nseats, &t);
        fc_match_free(m);
    }
    print_message("%s: %ld pieces, %ld stacks, %ld highlighted cells in the views\n", id, t.pieces, t.stacked,
                  t.highlighted);
    assert_true(t.pieces > 0);
    if (want_stacks)
        assert_true(t.stacked > 0);
    if ((t.kinds & want_kinds) != want_kinds)
        fail_msg("%s: piece kinds seen %#x, expected at least %#x", id, t.kinds, want_kinds);
    free(v);
    fc_rules_free(rules);
    fc_context_free(ctx);
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
