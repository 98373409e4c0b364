/* Hive rules by id (docs/rules/hive.md), on positions given as UHP GameStrings. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "hv_fixture.h"

/* Decisions of s that move or place piece p. */
static int count_piece(const hfx *f, const hv_state *s, int p)
{
    fc_decision buf[HV_MAX_DECISIONS];
    int n = f->g->legal(s, f->env, buf, NULL), k = 0;
    for (int i = 0; i < n; i++)
        k += buf[i] != HV_PASS && HV_D_PIECE(buf[i]) == p;
    return k;
}

#define WQ 0
#define WG1 5
#define BQ HV_KINDS

/* H-04, H-06: White's first piece is not the Queen (tournament), Black's first goes on one of
 * six cells; the house rule switch lets the Queen open. */
static void test_h04_h06_opening(void **state)
{
    (void)state;
    hfx f;
    hfx_open(&f, "Base", NULL);
    hv_state s;
    hfx_position(&f, "Base", &s);
    assert_int_equal(hfx_count(&f, &s), 4);
    assert_false(hfx_legal_text(&f, &s, "wQ"));
    assert_true(hfx_legal_text(&f, &s, "wG1"));
    hfx_position(&f, "Base;InProgress;Black[1];wG1", &s);
    assert_int_equal(hfx_count(&f, &s), 4 * 6);
    assert_false(hfx_legal_text(&f, &s, "bQ wG1-"));
    hfx_close(&f);
    const char *sets[] = {"tournament=false", NULL};
    fc_context *ctx;
    fc_rules *rules;
    fc_match *m;
    gfx_start(HIVE_SO, "hive", 2, 1, sets, NULL, &ctx, &rules, &m);
    fc_decision d;
    assert_int_equal(fc_match_game(m)->decision_parse(fc_match_state(m), fc_match_search_env(m), "wQ", &d), 0);
    fc_error err;
    assert_int_equal(fc_match_play(m, d, &err), 0);
    gfx_stop(ctx, rules, m);
}

/* H-05, H-06, H-07: placements touch only the own colour; without the Queen only placements;
 * the fourth turn must place the Queen. */
static void test_h05_h07_queen_by_fourth_turn(void **state)
{
    (void)state;
    hfx f;
    hfx_open(&f, "Base", NULL);
    hv_state s;
    hfx_position(&f, "Base;InProgress;White[3];wS1;bS1 wS1-;wA1 -wS1;bA1 bS1-", &s);
    fc_decision buf[HV_MAX_DECISIONS];
    int n = f.g->legal(&s, f.env, buf, NULL);
    for (int i = 0; i < n; i++) {
        int p = HV_D_PIECE(buf[i]), c = HV_D_CELL(buf[i]);
        assert_int_equal(s.cell[p], HV_OFF); /* H-07: placements only */
        for (int d = 0; d < 6; d++) { /* H-05 */
            int t = s.top[hv_cell(hv_q(c) + (int[]){1, 1, 0, -1, -1, 0}[d], hv_r(c) + (int[]){0, -1, -1, 0, 1, 1}[d])];
            assert_true(t == HV_NONE || t < HV_KINDS);
        }
    }
    assert_false(hfx_legal_text(&f, &s, "wA1 -bS1")); /* next to Black */
    hfx_position(&f, "Base;InProgress;White[4];wS1;bS1 wS1-;wA1 -wS1;bA1 bS1-;wG1 -wA1;bG1 bA1-", &s);
    n = f.g->legal(&s, f.env, buf, NULL);
    assert_true(n > 0);
    for (int i = 0; i < n; i++)
        assert_int_equal(HV_D_PIECE(buf[i]), WQ);
    hfx_close(&f);
}

/* H-14: the Grasshopper jumps the whole line to the first empty cell; H-08: a cut point of the
 * line cannot move. */
static void test_h14_grasshopper_h08_one_hive(void **state)
{
    (void)state;
    hfx f;
    hfx_open(&f, "Base", NULL);
    hv_state s;
    hfx_position(&f, "Base;InProgress;White[4];wS1;bG1 wS1-;wQ -wS1;bQ bG1-;wG1 -wQ;bA1 bQ-", &s);
    assert_true(hfx_legal_text(&f, &s, "wG1 bA1-"));
    assert_int_equal(count_piece(&f, &s, WG1), 1);
    assert_int_equal(count_piece(&f, &s, WQ), 0);      /* in the middle of the line */
    assert_int_equal(count_piece(&f, &s, 1), 0);       /* wS1 too */
    hfx_close(&f);
}

/* H-20, H-21: the Pillbug throws an adjacent piece to an empty neighbour (found once even when
 * the piece could walk there), not the piece moved last turn. */
static void test_h20_h21_pillbug(void **state)
{
    (void)state;
    hfx f;
    hfx_open(&f, "Base+P", NULL);
    hv_state s;
    hfx_position(&f, "Base+P;InProgress;White[3];wP;bS1 wP-;wQ -wP;bQ bS1-", &s);
    /* wQ: walks to NW and SW of wP, is thrown to NE, NW, SW, SE of wP: 4 distinct moves */
    assert_int_equal(count_piece(&f, &s, WQ), 4);
    assert_true(hfx_legal_text(&f, &s, "wQ wP/"));
    assert_true(hfx_legal_text(&f, &s, "wQ wP\\"));
    assert_int_equal(count_piece(&f, &s, HV_KINDS + 1), 0); /* bS1 holds the hive together */
    /* Black's Pillbug may not throw the Queen White just threw next to it, ... */
    hfx_position(&f, "Base+P;InProgress;Black[3];wP;bP wP-;wQ -wP;bQ bP-;wQ wP\\", &s);
    assert_int_equal(count_piece(&f, &s, WQ), 0);
    /* ... but may a turn later */
    hfx_position(&f, "Base+P;InProgress;Black[4];wP;bP wP-;wQ -wP;bQ bP-;wQ wP\\;bA1 bQ-;wA1 -wP", &s);
    assert_true(hfx_legal_text(&f, &s, "wQ bP/"));
    assert_int_equal(count_piece(&f, &s, WQ), 3);
    hfx_close(&f);
}

/* H-18: a Mosquito next to a Grasshopper jumps; next to only a Mosquito it cannot move. */
static void test_h18_mosquito(void **state)
{
    (void)state;
    hfx f;
    hfx_open(&f, "Base+M", NULL);
    hv_state s;
    hfx_position(&f, "Base+M;InProgress;White[4];wG1;bM wG1-;wQ -wG1;bQ bM-;wM -wQ;bA1 bQ-", &s);
    assert_false(hfx_legal_text(&f, &s, "wM bA1-")); /* touches only wQ: moves as a Queen */
    assert_true(hfx_legal_text(&f, &s, "wM \\wQ"));
    hfx_position(&f, "Base+M;InProgress;White[5];wS1;bM wS1-;wG1 -wS1;bQ bM-;wQ \\wS1;bA1 bQ-;wM -wG1;bB1 bA1/", &s);
    assert_true(hfx_legal_text(&f, &s, "wM bA1-")); /* touches wG1: jumps the line */
    hfx_close(&f);
}

/* H-23: several MoveStrings for one move, bad ones refused. */
static void test_h23_notation(void **state)
{
    (void)state;
    hfx f;
    hfx_open(&f, "Base", NULL);
    hv_state s;
    hfx_position(&f, "Base;InProgress;White[3];wS1;bG1 wS1-;wQ -wS1;bQ bG1-", &s);
    fc_decision a, b;
    /* the cell north-east of wS1 is also north-west of bG1 */
    assert_int_equal(f.g->decision_parse(&s, f.env, "wA1 wS1/", &a), 0);
    assert_int_equal(f.g->decision_parse(&s, f.env, "wA1 \\bG1", &b), 0);
    assert_int_equal(a, b);
    const char *bad[] = {"", "wA1  wS1/", "wA1 /wS1/", "wX1 wS1/", "wA4 wS1/", "wA1 wS1|", "pass pass", "wQ2 wS1-",
                         "wM0 wS1-", "wS wS1-"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        if (f.g->decision_parse(&s, f.env, bad[i], &a) != FC_EPARSE)
            fail_msg("'%s' was accepted", bad[i]);
    /* well-formed MoveStrings that cannot be played here and now: "illegal decision 'X' now" */
    const char *illegal[] = {"wA1", "wA1 bB1", "wA1 wA1-", "wM wS1-"};
    for (size_t i = 0; i < sizeof illegal / sizeof illegal[0]; i++)
        if (f.g->decision_parse(&s, f.env, illegal[i], &a) != FC_EILLEGAL)
            fail_msg("'%s' is not refused as illegal now", illegal[i]);
    char t[32];
    assert_true(f.g->decision_text(&s, f.env, HV_PASS, t, sizeof t) > 0);
    assert_string_equal(t, "pass");
    hfx_close(&f);
}

/* Whether two MoveStrings read as the same decision, and a legal one. */
static void same_legal(const hfx *f, const hv_state *s, const char *x, const char *y)
{
    fc_decision a, b;
    if (f->g->decision_parse(s, f->env, x, &a) != 0 || f->g->decision_parse(s, f->env, y, &b) != 0 || a != b)
        fail_msg("'%s' and '%s' are not the same move", x, y);
    if (!hfx_legal_text(f, s, x))
        fail_msg("'%s' is not legal", x);
}

/* H-23, HR-11: a reference to the moving piece itself names a neighbour of its cell before the
 * move (as Mzinga reads it); single pieces may carry the number 1 (wQ1), written without it. */
static void test_h23_own_cell_and_numbered_singles(void **state)
{
    (void)state;
    hfx f;
    hfx_open(&f, "Base+MLP", NULL);
    hv_state s, t;
    /* wS1 0,0; bS1 1,0; wQ -1,0; bQ 2,0; wB1 -1,1; bB1 1,1 */
    hfx_position(&f, "Base+MLP;InProgress;White[4];wS1;bS1 wS1-;wQ -wS1;bQ bS1-;wB1 /wS1;bB1 bS1\\", &s);
    same_legal(&f, &s, "wQ wQ/", "wQ \\wS1");
    same_legal(&f, &s, "wB1 wB1/", "wB1 wS1"); /* the cell north-east of wB1 holds wS1: a climb */
    same_legal(&f, &s, "wB1 -wB1", "wB1 /wQ");
    same_legal(&f, &s, "wQ1 wQ1/", "wQ wQ/");
    assert_false(hfx_legal_text(&f, &s, "wB1 wB1")); /* onto its own cell: no move */
    fc_decision d;
    char text[32];
    assert_int_equal(f.g->decision_parse(&s, f.env, "wQ1 wQ/", &d), 0);
    assert_true(f.g->decision_text(&s, f.env, d, text, sizeof text) > 0);
    assert_string_equal(text, "wQ \\wS1"); /* written canonically: no own-cell reference, no wQ1 */
    /* numbered singles in GameStrings and in the position text */
    hfx_position(&f, "Base+MLP;InProgress;White[4];wS1;bS1 wS1-;wQ1 -wS1;bQ1 bS1-;wB1 /wS1;bB1 bS1\\", &t);
    assert_memory_equal(&s, &t, sizeof s);
    hfx_position(&f, "Base+MLP;InProgress;Black[3];wM1;bL1 wM-;wP1 -wM1;bQ1 bL-;wQ1 /wM", &t);
    assert_int_equal(f.g->decision_parse(&t, f.env, "bP1 bQ1-", &d), 0);
    assert_int_equal(HV_D_PIECE(d), 2 * HV_KINDS - 1);
    hfx_close(&f);
}

/* H-03: pass is legal only when nothing else is. */
static void test_h03_pass(void **state)
{
    (void)state;
    hfx f;
    hfx_open(&f, "Base", NULL);
    hv_state s;
    hfx_position(&f, "Base;InProgress;White[3];wS1;bG1 wS1-;wQ -wS1;bQ bG1-", &s);
    assert_false(hfx_legal_text(&f, &s, "pass"));
    assert_int_equal(f.g->apply(&s, f.env, HV_PASS), FC_EILLEGAL);
    hfx_close(&f);
}


/* Hook points (scripts/hive): the Queen's deadline, the opening rule per seat, the surround
 * count and the draw limit reach the state at setup. */
static char *read_script(const char *name)
{
    char path[512];
    snprintf(path, sizeof path, "%s/scripts/hive/%s.lua", FC_SOURCE_ROOT, name);
    FILE *fp = fopen(path, "rb");
    assert_non_null(fp);
    char *text = calloc(1, 8192);
    assert_true(fread(text, 1, 8191, fp) > 0);
    fclose(fp);
    return text;
}

static void test_house_rule_hooks(void **state)
{
    (void)state;
    hfx f;
    char *lua = read_script("early_queen");
    hfx_open(&f, "Base", lua);
    hv_state s;
    hfx_position(&f, "Base;InProgress;White[3];wS1;bS1 wS1-;wA1 -wS1;bA1 bS1-", &s);
    fc_decision buf[HV_MAX_DECISIONS];
    int n = f.g->legal(&s, f.env, buf, NULL);
    for (int i = 0; i < n; i++)
        assert_int_equal(HV_D_PIECE(buf[i]), WQ); /* the third turn already */
    hfx_close(&f);
    free(lua);
    lua = read_script("open_queen");
    hfx_open(&f, "Base", lua);
    hfx_position(&f, "Base;InProgress;Black[1];wS1", &s);
    assert_true(hfx_legal_text(&f, &s, "bQ wS1-"));
    hfx_position(&f, "Base", &s);
    assert_false(hfx_legal_text(&f, &s, "wQ"));
    hfx_close(&f);
    free(lua);
    lua = read_script("five_sides");
    hfx_open(&f, "Base", lua);
    assert_int_equal(((const hv_state *)fc_match_state(f.m))->surround[0], 5);
    hfx_close(&f);
    free(lua);
    lua = read_script("quick_draw");
    hfx_open(&f, "Base", lua);
    assert_int_equal(((const hv_state *)fc_match_state(f.m))->draw_turns, 120);
    hfx_close(&f);
    free(lua);
}

/* House rule `repetition` (off by default): the third occurrence of a position with the same
 * player to move is a draw; without the rule the same moves go on. The Queens step back and
 * forth: the position after decision 4 recurs after 8 and 12. */
static void test_house_rule_repetition(void **state)
{
    (void)state;
    static const char *const cycle[4] = {"wQ /wS1", "bQ bS1/", "wQ -wS1", "bQ bS1-"};
    for (int on = 0; on <= 1; on++) {
        const char *sets[] = {"game_type=Base", on ? "repetition=1" : "repetition=0", NULL};
        fc_context *ctx;
        fc_rules *rules;
        fc_match *m;
        gfx_start(HIVE_SO, "hive", 2, 1, sets, NULL, &ctx, &rules, &m);
        fc_error err;
        const char *open[4] = {"wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-"};
        for (int i = 0; i < 4; i++)
            assert_int_equal(fc_match_play_text(m, open[i], &err), 0);
        for (int i = 0; i < 8; i++) {
            assert_int_equal(fc_match_to_move(m), i % 2);
            if (fc_match_play_text(m, cycle[i % 4], &err) != 0)
                fail_msg("%s: %s", cycle[i % 4], err.msg);
        }
        const hv_state *s = fc_match_state(m);
        assert_int_equal(s->result, on ? GS_DRAW : GS_IN_PROGRESS);
        assert_int_equal(fc_match_to_move(m), on ? FC_NOBODY : 0);
        gfx_stop(ctx, rules, m);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_h04_h06_opening),   cmocka_unit_test(test_h05_h07_queen_by_fourth_turn),
        cmocka_unit_test(test_h14_grasshopper_h08_one_hive), cmocka_unit_test(test_h20_h21_pillbug),
        cmocka_unit_test(test_h18_mosquito),      cmocka_unit_test(test_h23_notation),
        cmocka_unit_test(test_h03_pass),          cmocka_unit_test(test_house_rule_hooks),
        cmocka_unit_test(test_house_rule_repetition),
        cmocka_unit_test(test_h23_own_cell_and_numbered_singles),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
