/* Hive positions as text (docs/positions/hive.md): a hand-written position is the very state
 * the moves give; hand-edited mistakes are refused with their line; a split hive fails the
 * game's check; and rule scenarios from the files tests/game/hive/positions/NAME.pos, checked
 * with decisions (rule ids H-xx of docs/rules/hive.md). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "hv_fixture.h"

/* A Base position after 'wS1' and 'bS1 wS1-'; the mistakes below edit its lines. */
static const char *const base_lines[] = {
    "position hive",                                       /* 1 */
    "seats 2",                                             /* 2 */
    "turn White[2]",                                       /* 3 */
    "game_state InProgress",                               /* 4 */
    "last_moved bS1",                                      /* 5 */
    "hand white wQ wS2 wB1 wB2 wG1 wG2 wG3 wA1 wA2 wA3",   /* 6 */
    "hand black bQ bS2 bB1 bB2 bG1 bG2 bG3 bA1 bA2 bA3",   /* 7 */
    "cell 0,0 wS1",                                        /* 8 */
    "cell 1,0 bS1",                                        /* 9 */
};
enum { NBASE = sizeof base_lines / sizeof base_lines[0] };

/* The base text with line `at` (1-based; 0: none) replaced by `with`, and a second edit. */
static void edited(char *buf, size_t n, int at, const char *with, int at2, const char *with2)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 1; i <= NBASE; i++) {
        const char *l = i == at ? with : i == at2 ? with2 : base_lines[i - 1];
        len += (size_t)snprintf(buf + len, n - len, "%s\n", l);
    }
}

static fc_match *read_text(hfx *f, const char *text, fc_error *err)
{
    fc_error_clear(err);
    return fc_match_new_from_position(f->rules, 1, text, err);
}

/* The hand-written position is byte for byte the state the two decisions give, whatever its
 * line ends; written again it reads back the same. */
static void test_written_by_hand_is_the_played_state(void **state)
{
    (void)state;
    hfx f;
    hfx_open(&f, "Base", NULL);
    char text[2048], crlf[2048];
    edited(text, sizeof text, 0, NULL, 0, NULL);
    fc_error err;
    fc_match *m = read_text(&f, text, &err);
    if (!m)
        fail_msg("%s", err.msg);
    assert_int_equal(fc_match_play_text(f.m, "wS1", &err), 0);
    assert_int_equal(fc_match_play_text(f.m, "bS1 wS1-", &err), 0);
    assert_memory_equal(fc_match_state(m), fc_match_state(f.m), sizeof(hv_state));
    /* "\r\n" line ends, comments, blank lines and no final line end: the same state */
    size_t k = 0;
    for (int i = 0; i < NBASE; i++)
        k += (size_t)snprintf(crlf + k, sizeof crlf - k, "%s  # note %d\r\n\r\n", base_lines[i], i);
    crlf[k - 4] = '\0';
    fc_match *m2 = read_text(&f, crlf, &err);
    if (!m2)
        fail_msg("%s", err.msg);
    assert_int_equal(fc_match_state_hash(m2), fc_match_state_hash(m));
    char out[4096];
    assert_true(fc_match_position_write(m, out, sizeof out, &err) > 0);
    fc_match *m3 = read_text(&f, out, &err);
    assert_non_null(m3);
    assert_int_equal(fc_match_state_hash(m3), fc_match_state_hash(m));
    fc_match_free(m3);
    fc_match_free(m2);
    fc_match_free(m);
    hfx_close(&f);
}

typedef struct mistake {
    int at;
    const char *with;
    int at2;
    const char *with2;
    int line; /* the line the error names, 0 for none */
    const char *says;
} mistake;

static const mistake mistakes[] = {
    {3, "colour white", 0, NULL, 3, "unknown key 'colour'"},
    {5, "turn White[2]", 0, NULL, 5, "duplicate 'turn' (first on line 3)"},
    {3, "turn White[x]", 0, NULL, 3, "expected 'turn White[N]' or 'turn Black[N]'"},
    {3, "turn White[400]", 0, NULL, 3, "out of range: the game is drawn after 300 decisions"},
    {8, "cell 0,0 wZ1", 0, NULL, 8, "unknown piece 'wZ1'"},
    {6, "hand white wQ wS2 wB1 wB2 wG1 wG2 wG3 wA1 wA2 wA3 wM", 0, NULL, 6, "no piece 'wM' in game type Base"},
    {7, "", 0, NULL, 0, "missing 'hand black'"},
    {8, "cell 0,0 wS2", 0, NULL, 8, "wS2 is already named on line 6"},
    {6, "hand white wQ wS2 wB1 wB2 wG1 wG2 wG3 wA1 wA2", 0, NULL, 6, "wA3 is neither on the board nor in its hand"},
    {8, "cell 0,0 bS1 wS1", 0, NULL, 8, "wS1 cannot be on top of another piece"},
    {9, "cell 32,0 bS1", 0, NULL, 9, "cell 32,0 is the board cell of 0,0 on line 8"},
    {4, "game_state WhiteWins", 0, NULL, 4, "game_state WhiteWins, but the board and turn give InProgress"},
    {2, "seats 3", 0, NULL, 2, "Hive has 2 seats"},
    {1, "seats 2", 0, NULL, 1, "expected 'position hive' first"},
    {1, "position myrmes", 0, NULL, 1, "a position of 'myrmes', not of hive"},
    {3, "turn Black[1]", 0, NULL, 3, "1 Black pieces on the board after 0 decisions of Black"},
    {9, "cell 1;0 bS1", 0, NULL, 9, "expected 'cell Q,R PIECES'"},
    {6, "hand white wQ wS1 wB1 wB2 wG1 wG2 wG3 wA1 wA2 wA3", 8, "cell 0,0 wS2", 8,
     "wS2 is on the board but wS1 is still in hand"},
    {5, "last_moved bQ", 0, NULL, 5, "last_moved bQ is not on the board"},
    {9, "cell 28,0 bS1", 0, NULL, 9, "is 28 cells from another one"},
    {7, "hand black", 0, NULL, 7, "a hand lists its pieces, or says 'none'"},
    {5, "last_moved wS1 bS1", 0, NULL, 5, "expected 'last_moved PIECE' or 'last_moved none'"},
    {7, "hand black bQ bS1 bS2 bB1 bB2 bG1 bG2 bG3 bA1 bA2 bA3", 9, "", 3,
     "no black piece on the board after Black's first turn (H-04)"},
    {6, "hand white wS1 wS2 wB1 wB2 wG1 wG2 wG3 wA1 wA2 wA3", 8, "cell 0,0 wQ", 8,
     "wQ on the board after White's first turn: the tournament opening forbids it (H-06)"},
};

/* Hand-edited mistakes: one line naming the line and the problem, prefixed "hive: ". */
static void test_mistakes_name_their_line(void **state)
{
    (void)state;
    hfx f;
    hfx_open(&f, "Base", NULL);
    char text[4096];
    for (size_t i = 0; i < sizeof mistakes / sizeof mistakes[0]; i++) {
        const mistake *k = &mistakes[i];
        edited(text, sizeof text, k->at, k->with, k->at2, k->with2);
        fc_error err;
        fc_match *m = read_text(&f, text, &err);
        if (m)
            fail_msg("mistake %zu ('%s') was accepted", i, k->with);
        char want[64];
        snprintf(want, sizeof want, "hive: line %d: ", k->line);
        if ((k->line && strncmp(err.msg, want, strlen(want)) != 0) || (!k->line && strstr(err.msg, "line ")) ||
            !strstr(err.msg, k->says) || strchr(err.msg, '\n'))
            fail_msg("mistake %zu: expected line %d and '%s', got '%s'", i, k->line, k->says, err.msg);
    }
    /* a line too long, an empty text, a position of only comments */
    char longline[1200];
    memset(longline, 'x', sizeof longline - 1);
    longline[0] = '#';
    longline[sizeof longline - 1] = '\0';
    edited(text, sizeof text, 4, longline, 0, NULL);
    fc_error err;
    assert_null(read_text(&f, text, &err));
    assert_non_null(strstr(err.msg, "hive: line 4: longer than 1023 characters"));
    assert_null(read_text(&f, "", &err));
    assert_non_null(strstr(err.msg, "no 'position hive' line"));
    assert_null(read_text(&f, "# nothing\n\n   \n", &err));
    assert_non_null(strstr(err.msg, "no 'position hive' line"));
    hfx_close(&f);
}

/* H-08: a hive in two pieces passes the reader (each line is fine) and fails the game's check,
 * which the core runs on every position read. */
static void test_split_hive_fails_the_check(void **state)
{
    (void)state;
    hfx f;
    hfx_open(&f, "Base", NULL);
    char text[2048];
    edited(text, sizeof text, 9, "cell 2,0 bS1", 0, NULL);
    fc_error err;
    assert_null(read_text(&f, text, &err));
    assert_string_equal(err.msg,
                        "hive: the position fails the game's check: the hive is split: 1 of 2 cells connected (H-08)");
    hfx_close(&f);
}

/* ---- rule scenarios from position files ---- */

static fc_match *from_file(hfx *f, const char *name)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", HIVE_POS_DIR, name);
    FILE *in = fopen(path, "rb");
    if (!in)
        fail_msg("cannot open %s", path);
    static char text[FC_POSITION_MAX + 1];
    size_t n = fread(text, 1, FC_POSITION_MAX, in);
    fclose(in);
    text[n] = '\0';
    fc_error err;
    fc_match *m = read_text(f, text, &err);
    if (!m)
        fail_msg("%s: %s", name, err.msg);
    return m;
}

static bool legal_now(fc_match *m, const char *notation)
{
    fc_decision d;
    if (fc_match_game(m)->decision_parse(fc_match_state(m), fc_match_search_env(m), notation, &d) != 0)
        return false;
    const fc_decision *ds;
    int n = fc_match_legal(m, &ds, NULL);
    for (int i = 0; i < n; i++)
        if (ds[i] == d)
            return true;
    return false;
}

/* Decisions that move (or place, or throw) piece p. */
static int piece_decisions(fc_match *m, int p)
{
    const fc_decision *ds;
    int n = fc_match_legal(m, &ds, NULL), k = 0;
    for (int i = 0; i < n; i++)
        k += ds[i] != HV_PASS && HV_D_PIECE(ds[i]) == p;
    return k;
}

enum { WQ = 0, WS1 = 1, WG1 = 5, WM = 11, BQ = HV_KINDS };

/* H-06, H-07: the fourth turn without the Queen places the Queen, and only it. */
static void test_h06_queen_by_fourth_turn(void **state)
{
    (void)state;
    hfx f;
    hfx_open(&f, "Base", NULL);
    fc_match *m = from_file(&f, "h06-queen-by-fourth-turn.pos");
    const fc_decision *ds;
    int n = fc_match_legal(m, &ds, NULL);
    assert_true(n > 0);
    for (int i = 0; i < n; i++)
        assert_int_equal(HV_D_PIECE(ds[i]), WQ);
    fc_match_free(m);
    hfx_close(&f);
}

/* H-14 and H-08: the Grasshopper jumps the line; the middle of the line cannot move. */
static void test_h14_grasshopper_h08_one_hive(void **state)
{
    (void)state;
    hfx f;
    hfx_open(&f, "Base", NULL);
    fc_match *m = from_file(&f, "h14-grasshopper.pos");
    assert_true(legal_now(m, "wG1 bA1-"));
    assert_int_equal(piece_decisions(m, WG1), 1);
    assert_int_equal(piece_decisions(m, WQ), 0);
    assert_int_equal(piece_decisions(m, WS1), 0);
    fc_match_free(m);
    hfx_close(&f);
}

/* H-18: the Mosquito touching the Grasshopper jumps like it. */
static void test_h18_mosquito(void **state)
{
    (void)state;
    hfx f;
    hfx_open(&f, "Base+M", NULL);
    fc_match *m = from_file(&f, "h18-mosquito.pos");
    assert_true(legal_now(m, "wM bA1-"));
    fc_match_free(m);
    hfx_close(&f);
}

/* H-20, H-21: the piece thrown last turn may not be thrown back; edit last_moved and it may. */
static void test_h21_just_thrown(void **state)
{
    (void)state;
    hfx f;
    hfx_open(&f, "Base+P", NULL);
    fc_match *m = from_file(&f, "h21-just-thrown.pos");
    assert_int_equal(piece_decisions(m, WQ), 0);
    char text[4096];
    fc_error err;
    assert_true(fc_match_position_write(m, text, sizeof text, &err) > 0);
    char *last = strstr(text, "last_moved wQ");
    assert_non_null(last);
    char edited_text[4096];
    snprintf(edited_text, sizeof edited_text, "%.*slast_moved none%s", (int)(last - text), text,
             strchr(last, '\n'));
    fc_match *m2 = read_text(&f, edited_text, &err);
    if (!m2)
        fail_msg("%s", err.msg);
    assert_true(piece_decisions(m2, WQ) > 0);
    assert_true(legal_now(m2, "wQ bP/"));
    fc_match_free(m2);
    fc_match_free(m);
    hfx_close(&f);
}

/* H-22: the Ant closes the sixth side of Black's Queen: White wins, and the position written
 * after it says so. */
static void test_h22_queen_surrounded(void **state)
{
    (void)state;
    hfx f;
    hfx_open(&f, "Base", NULL);
    fc_match *m = from_file(&f, "h22-queen-surrounded.pos");
    fc_error err;
    assert_int_equal(fc_match_play_text(m, "wA2 bQ\\", &err), 0);
    assert_int_equal(fc_match_to_move(m), FC_NOBODY);
    int32_t score[2];
    int rank[2];
    fc_match_scores(m, score, rank);
    assert_int_equal(rank[0], 0);
    assert_int_equal(rank[1], 1);
    char text[4096];
    assert_true(fc_match_position_write(m, text, sizeof text, &err) > 0);
    assert_non_null(strstr(text, "\ngame_state WhiteWins\n"));
    assert_non_null(strstr(text, "\ncell 0,1 wA2\n"));
    /* undo goes back to the position, not before it */
    assert_int_equal(fc_match_undo(m, &err), 0);
    assert_int_equal(fc_match_undo(m, &err), FC_ESTATE);
    fc_match_free(m);
    hfx_close(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_written_by_hand_is_the_played_state),
        cmocka_unit_test(test_mistakes_name_their_line),
        cmocka_unit_test(test_split_hive_fails_the_check),
        cmocka_unit_test(test_h06_queen_by_fourth_turn),
        cmocka_unit_test(test_h14_grasshopper_h08_one_hive),
        cmocka_unit_test(test_h18_mosquito),
        cmocka_unit_test(test_h21_just_thrown),
        cmocka_unit_test(test_h22_queen_surrounded),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
