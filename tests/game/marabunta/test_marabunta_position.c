/* Marabunta positions as text (docs/positions/marabunta.md): rule scenarios read from position
 * files (the .pos files in tests/game/marabunta/positions) and checked with decisions, one of
 * them in the middle of a resolution with a pending effect; hand-edited positions with mistakes
 * refused with their line; a position that fails the game's check; CRLF input; every prefix
 * and corrupted bytes of a position (no crash, an error naming a line); and the write -> read
 * round trip under the variants and the B sides, which the generic round-trip test
 * (tests/game/positions) does not play. */
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
#include "formicary/rng.h"
#include "formicary/rules.h"
#include "marabunta.h"
#include "../position_checks.h"

enum { POS_MAX = 1 << 16, NPHASES_TEST = PH_OVER + 1 };

typedef struct pfx {
    fc_context *ctx;
    fc_rules *rules;
} pfx;

static void open_rules(pfx *p, int nseats, const char *const *sets)
{
    fc_error err;
    p->ctx = fc_context_new();
    if (!p->ctx || fc_context_load(p->ctx, MARABUNTA_SO, &err) < 0)
        fail_msg("load: %s", err.msg);
    p->rules = fc_rules_new(p->ctx, "marabunta", nseats, &err);
    if (!p->rules)
        fail_msg("rules: %s", err.msg);
    for (int i = 0; sets && sets[i]; i++)
        if (fc_rules_set(p->rules, sets[i], &err) != 0)
            fail_msg("set %s: %s", sets[i], err.msg);
    if (fc_rules_finish(p->rules, &err) != 0)
        fail_msg("finish: %s", err.msg);
}

static void close_rules(pfx *p)
{
    fc_rules_free(p->rules);
    fc_context_free(p->ctx);
}

static char *slurp(const char *name)
{
    char path[512];
    snprintf(path, sizeof path, "%s/positions/%s", MARABUNTA_TEST_DIR, name);
    FILE *fp = fopen(path, "rb");
    if (!fp)
        fail_msg("cannot open %s", path);
    char *text = calloc(1, POS_MAX);
    assert_non_null(text);
    size_t n = fread(text, 1, POS_MAX - 1, fp);
    fclose(fp);
    text[n] = '\0';
    return text;
}

static fc_match *load_pos(const pfx *p, const char *text)
{
    fc_error err;
    fc_match *m = fc_match_new_from_position(p->rules, 1, text, &err);
    if (!m)
        fail_msg("position refused: %s\n%s", err.msg, text);
    return m;
}

static void play(fc_match *m, const char *text)
{
    fc_error err;
    if (fc_match_play_text(m, text, &err) != 0)
        fail_msg("'%s' refused: %s", text, err.msg);
}

static bool legal(fc_match *m, const char *text)
{
    const fc_decision *d;
    int n = fc_match_legal(m, &d, NULL);
    char buf[96];
    for (int i = 0; i < n; i++)
        if (fc_match_decision_text(m, d[i], buf, sizeof buf) > 0 && strcmp(buf, text) == 0)
            return true;
    return false;
}

static int nlegal(fc_match *m)
{
    const fc_decision *d;
    return fc_match_legal(m, &d, NULL);
}

/* The position now contains `line` (a whole line, up to a comment). */
static void assert_pos_line(const fc_match *m, const char *line)
{
    static char text[POS_MAX];
    fc_error err;
    assert_true(fc_match_position_write(m, text, sizeof text, &err) > 0);
    size_t n = strlen(line);
    for (const char *p = text; (p = strstr(p, line)) != NULL; p++)
        if ((p == text || p[-1] == '\n') && (p[n] == '\n' || p[n] == ' '))
            return;
    fail_msg("no line '%s' in\n%s", line, text);
}

/* ---- mistakes ---- */

/* text with the first `from` replaced by `to` (which must occur once in the result) */
static char *edit(const char *text, const char *from, const char *to)
{
    const char *a = strstr(text, from);
    if (!a)
        fail_msg("'%s' not in the position", from);
    char *out = calloc(1, POS_MAX);
    assert_non_null(out);
    snprintf(out, POS_MAX, "%.*s%s%s", (int)(a - text), text, to, a + strlen(from));
    return out;
}

static int line_of(const char *text, const char *needle)
{
    const char *a = strstr(text, needle);
    assert_non_null(a);
    int line = 1;
    for (const char *p = text; p < a; p++)
        line += *p == '\n';
    return line;
}

/* The position is refused with an error naming `line` (0: none) and containing `what`. */
static void refused(const pfx *p, const char *text, int line, const char *what)
{
    fc_error err;
    fc_match *m = fc_match_new_from_position(p->rules, 1, text, &err);
    if (m)
        fail_msg("accepted, expected '%s':\n%s", what, text);
    char rest[256];
    int got = fc_position_error_line(err.msg, rest, sizeof rest);
    if (got != line || !strstr(err.msg, what))
        fail_msg("expected line %d '%s', got: %s", line, what, err.msg);
}

static void mistake(const pfx *p, const char *text, const char *from, const char *to, const char *what)
{
    char *bad = edit(text, from, to);
    refused(p, bad, to[0] ? line_of(bad, to) : 0, what);
    free(bad);
}

/* ---- rule scenarios from position files ---- */

/* D-05, D-06: adjacency to an own number, the die's region, ant hills. */
static void test_r20_r30_r31_adjacency_from_file(void **unused)
{
    (void)unused;
    pfx p;
    open_rules(&p, 2, NULL);
    char *text = slurp("r30_adjacency.pos");
    fc_match *m = load_pos(&p, text);
    assert_int_equal(fc_match_to_move(m), 0);
    play(m, "use pink");
    /* next to the 1 at 4,0 in pink: 3,0 and 3,1; with an ant hill any of the 12 other free pink hexes */
    assert_int_equal(nlegal(m), 2 + 12);
    assert_true(legal(m, "write 3,0"));
    assert_true(legal(m, "write 3,1"));
    assert_false(legal(m, "write 0,0"));      /* pink but not adjacent */
    assert_false(legal(m, "write 5,0"));      /* adjacent but orange */
    assert_false(legal(m, "write 1,0 hill")); /* Blue's number */
    assert_false(legal(m, "write 2,2 hill")); /* crossed out */
    assert_true(legal(m, "write 0,0 hill"));
    play(m, "write 3,0");
    assert_pos_line(m, "seat 1 numbers 3,0:2 4,0:1");
    assert_pos_line(m, "seat 1 ant_hills 2");
    fc_match_free(m);
    free(text);
    close_rules(&p);
}

/* D-07: a cookie hex crosses the next cookie; a crate hex asks which crate. */
static void test_r35_r44_r45_rewards_from_file(void **unused)
{
    (void)unused;
    pfx p;
    open_rules(&p, 2, NULL);
    char *text = slurp("r35_rewards.pos");
    fc_match *m = load_pos(&p, text);
    play(m, "use pink");
    play(m, "write 2,0"); /* cookie hex: the first cookie, 0 VP */
    assert_pos_line(m, "seat 1 cookies 1");
    assert_pos_line(m, "seat 1 vp 0");
    play(m, "use tile");
    play(m, "write 3,1 hill"); /* crate hex */
    assert_pos_line(m, "task 1 crate value 0 count 1 done 0 region any flags none used none hexes none");
    assert_int_equal(nlegal(m), 5);
    fc_match_free(m);
    /* a second cookie is worth 1 VP */
    char *second = edit(text, "seat 1 cookies 0", "seat 1 cookies 1");
    m = load_pos(&p, second);
    play(m, "use pink");
    play(m, "write 2,0");
    assert_pos_line(m, "seat 1 cookies 2");
    assert_pos_line(m, "seat 1 vp 1");
    fc_match_free(m);
    free(second);
    free(text);
    close_rules(&p);
}

/* read mid-resolution with the crate reward pending on the stack. */
static void test_r44_pending_crate_from_file(void **unused)
{
    (void)unused;
    pfx p;
    open_rules(&p, 2, NULL);
    char *text = slurp("r44_crate_pending.pos");
    fc_match *m = load_pos(&p, text);
    assert_int_equal(fc_match_to_move(m), 0);
    assert_int_equal(nlegal(m), 5); /* one crate of each group */
    assert_false(legal(m, "ignore tile"));
    play(m, "crate A2");
    assert_pos_line(m, "seat 1 crates A1:0 A2:1 A3:0 A4:0 A5:0");
    /* Red has nothing left: the splitter, Blue, resolves its group */
    assert_pos_line(m, "resolver 2");
    assert_int_equal(fc_match_to_move(m), 1);
    fc_match_free(m);
    free(text);
    close_rules(&p);
}

/* the encore tile repeats a die of the group, even an ignored one. */
static void test_r57_encore_from_file(void **unused)
{
    (void)unused;
    pfx p;
    open_rules(&p, 2, NULL);
    char *text = slurp("r57_encore.pos");
    fc_match *m = load_pos(&p, text);
    play(m, "ignore pink");
    play(m, "use tile");
    assert_int_equal(nlegal(m), 2);
    play(m, "encore pink");
    play(m, "write 1,0");
    assert_pos_line(m, "seat 1 numbers 0,0:1 1,0:2");
    play(m, "use blue"); /* the flag colours a circle of the blue leaf */
    assert_pos_line(m, "seat 1 leaves pink:0 blue:1 orange:0 green:0 grey:0 yellow:0");
    fc_match_free(m);
    close_rules(&p);
    /* without a die in the group the encore has no effect to repeat */
    open_rules(&p, 2, NULL);
    char *e1 = edit(text, "split pink,blue,tile / orange,green,grey,yellow", "split tile / pink,blue,orange,green,grey,yellow");
    char *e2 = edit(e1, "left pink,blue,tile", "left tile");
    char *e3 = edit(e2, "seat 1 items pink,blue,tile", "seat 1 items tile");
    char *e4 = edit(e3, "seat 2 items orange,green,grey,yellow", "seat 2 items pink,blue,orange,green,grey,yellow");
    m = load_pos(&p, e4);
    assert_false(legal(m, "use tile"));
    assert_true(legal(m, "ignore tile"));
    fc_match_free(m);
    free(e1);
    free(e2);
    free(e3);
    free(e4);
    free(text);
    close_rules(&p);
}

static void test_mistakes_refused_with_their_line(void **unused)
{
    (void)unused;
    pfx p;
    open_rules(&p, 2, NULL);
    char *text = slurp("r30_adjacency.pos");
    mistake(&p, text, "tile T6", "tiles T6", "unknown key 'tiles' (did you mean 'tile'?)");
    mistake(&p, text, "seat 1 cookies 0", "seat 1 cookie 0", "unknown key 'seat N cookie' (did you mean 'seat N cookies'?)");
    mistake(&p, text, "round 1", "round first", "round: bad number 'first'");
    mistake(&p, text, "seat 1 ant_hills 2", "seat 1 ant_hills 7", "ant_hills (the ant_hills parameter) 7 out of range 0..2");
    mistake(&p, text, "seat 1 numbers 4,0:1", "seat 1 numbers 40,0:1", "hex 40,0 is not in the territory");
    mistake(&p, text, "seat 1 numbers 4,0:1", "seat 1 numbers 4,0:5", "number 5 out of range 0..3");
    mistake(&p, text, "tile T6", "tile T9", "unknown tile 'T9'");
    mistake(&p, text, "pile T1 T2", "pile T1 T8 T2", "tile T8 is the special tile");
    mistake(&p, text, "pile T1 T2", "pile T1 T1", "tile T1 is in the pile twice");
    char *twice = edit(text, "crossed 2,2", "crossed 4,0"); /* crossed and numbered */
    refused(&p, twice, line_of(twice, "seat 1 numbers"), "hex 4,0 is already marked on line");
    free(twice);
    mistake(&p, text, "blue:0", "blue:7", "the blue die has no face '7'");
    mistake(&p, text, "dice pink:2 blue:0", "dice blue:0 pink:2", "die 1 is pink, not 'blue'");
    mistake(&p, text, "split blue,orange,green,grey,yellow,tile / pink", "split blue,orange,green,grey,tile / pink",
            "the split leaves items out");
    mistake(&p, text, "seat 1 items pink", "seat 1 items pinkk", "unknown item 'pinkk'");
    mistake(&p, text, "left pink", "left blue", "items left that are not in the resolver's items");
    mistake(&p, text, "seats 2", "seats 3", "the position has 3 seats, marabunta is for 2");
    mistake(&p, text, "phase resolve", "phase resolving", "unknown phase 'resolving'");
    mistake(&p, text, "seat 1 leaves pink:0", "seat 1 leaves blue:0", "leaf 1 is pink, not 'blue'");
    mistake(&p, text, "crossed 2,2", "task 2 crate value 0 count 1 done 0 region any flags none used none hexes none\ncrossed 2,2",
            "task 2 without task 1");
    mistake(&p, text, "crossed 2,2", "task 1 place value 2 count 1 done 0 region pink flags sticky used none hexes none\ncrossed 2,2",
            "unknown task flag 'sticky'");
    mistake(&p, text, "crossed 2,2", "task 1 place value 2 count 1 done 1 region pink flags none used none hexes 3,0\ncrossed 2,2",
            "count 1 and done 1 do not fit a place task");
    mistake(&p, text, "crossed 2,2", "task 1 flag value 0 count 1 done 0 region any flags none used none hexes none\ncrossed 2,2",
            "a flag colours the leaf of its die's region, not 'any'");
    /* a missing key has no line */
    mistake(&p, text, "seat 2 vp 0\n", "", "missing 'seat 2 vp'");
    /* a duplicate key names both lines */
    size_t n = strlen(text);
    char *bad = calloc(1, n + 16);
    assert_non_null(bad);
    snprintf(bad, n + 16, "%sround 2\n", text);
    refused(&p, bad, line_of(bad, "round 2"), "duplicate 'round' (first on line");
    free(bad);
    mistake(&p, text, "position marabunta", "round 1\nposition marabunta", "a position starts with 'position marabunta'");
    free(text);
    close_rules(&p);
}

/* A position that reads but breaks the rules: the core runs the game's check. */
static void test_position_failing_the_check(void **unused)
{
    (void)unused;
    pfx p;
    open_rules(&p, 2, NULL);
    char *text = slurp("r30_adjacency.pos");
    /* roles swapped by a counter-cut (V-1) that the rule set does not have */
    char *bad = edit(text, "counter_cut no", "counter_cut yes");
    fc_error err;
    assert_null(fc_match_new_from_position(p.rules, 1, bad, &err));
    assert_non_null(strstr(err.msg, "the position fails the game's check"));
    assert_non_null(strstr(err.msg, "counter-cut"));
    free(bad);
    /* the tile drawn is the special one while regular tiles remain */
    bad = edit(text, "tile T6", "tile T8");
    assert_null(fc_match_new_from_position(p.rules, 1, bad, &err));
    assert_non_null(strstr(err.msg, "the position fails the game's check"));
    free(bad);
    free(text);
    close_rules(&p);
}

/* CRLF line ends and no final newline read the same; every prefix and corrupted bytes are
 * refused (or read) without a crash, every error naming a line or the game's check. */
static void test_crlf_prefixes_and_corruption(void **unused)
{
    (void)unused;
    pfx p;
    open_rules(&p, 2, NULL);
    char *text = slurp("r44_crate_pending.pos");
    pcx_crlf(p.rules, text);
    pcx_prefixes_and_corruption(p.rules, text, "@,:/#-0 9\n\t\rxZ", "marabunta");
    free(text);
    close_rules(&p);
}

/* ---- round trip under variants and the B sides ---- */

/* Round trip on every state of random games; returns what they reached: bit p for phase p,
 * bit 8 + k for a task of kind k on the stack of pending effects. */
static uint32_t round_trip_games(int nseats, const char *const *sets, int games)
{
    uint32_t seen = 0;
    pfx p;
    open_rules(&p, nseats, sets);
    char *text = malloc(POS_MAX), *again = malloc(POS_MAX);
    assert_non_null(text);
    assert_non_null(again);
    fc_error err;
    long states = 0;
    for (int g = 0; g < games; g++) {
        fc_match *m = fc_match_new(p.rules, 500u + (uint64_t)g, &err);
        if (!m)
            fail_msg("match: %s", err.msg);
        fc_match_set_log(m, 0);
        fc_rng pick;
        fc_rng_seed(&pick, 900u + (uint64_t)g, 0);
        for (int ply = 0;; ply++) {
            int len = fc_match_position_write(m, text, POS_MAX, &err);
            if (len < 0)
                fail_msg("write: %s", err.msg);
            fc_match *r = fc_match_new_from_position(p.rules, 1, text, &err);
            if (!r)
                fail_msg("game %d ply %d: read: %s\n%s", g, ply, err.msg, text);
            if (memcmp(fc_match_state(m), fc_match_state(r), fc_match_game(m)->state_size) != 0)
                fail_msg("game %d ply %d: state differs after read\n%s", g, ply, text);
            int len2 = fc_match_position_write(r, again, POS_MAX, &err);
            assert_int_equal(len, len2);
            assert_memory_equal(text, again, (size_t)len);
            fc_match_free(r);
            states++;
            int who = fc_match_to_move(m);
            const mb_state *st = fc_match_state(m);
            seen |= 1u << st->phase;
            for (int i = 0; i < st->ntask; i++)
                seen |= 1u << (8 + st->task[i].kind);
            if (who == FC_NOBODY)
                break;
            assert_true(ply < 5000);
            if (who == FC_CHANCE) {
                assert_int_equal(fc_match_play_chance(m, &err), 0);
                continue;
            }
            const fc_decision *d;
            int n = fc_match_legal(m, &d, NULL);
            assert_true(n > 0);
            assert_int_equal(fc_match_play(m, d[fc_rng_below(&pick, (uint32_t)n)], &err), 0);
        }
        fc_match_free(m);
    }
    print_message("%d seats: %d games, %ld positions round-tripped\n", nseats, games, states);
    free(text);
    free(again);
    close_rules(&p);
    return seen;
}

static int games_count(int full)
{
    return getenv("FC_UNDER_VALGRIND") || getenv("FC_UNDER_SANITIZER") ? 2 : full;
}


/* Variants and the B sides; together with the plain games every phase and every kind of pending
 * effect is written and read back. */
static void test_round_trip_variants(void **unused)
{
    (void)unused;
    static const char *const v1[] = {"counter_cut=true", NULL};
    static const char *const v25[] = {"seventh_die=true", "three_way_split=true", "runner_up_half=true", NULL};
    static const char *const sides[] = {"board_side=B", "player_side=B", "three_ones_chain=true", NULL};
    static const char *const v3[] = {"no_ant_hills=true", "end_leaf_full=false", "max_rounds=12", NULL};
    static const char *const plain[] = {NULL};
    uint32_t seen = round_trip_games(2, v1, games_count(150));
    seen |= round_trip_games(2, v25, games_count(60));
    seen |= round_trip_games(2, sides, games_count(150));
    seen |= round_trip_games(2, v3, games_count(100));
    seen |= round_trip_games(2, plain, games_count(100));
    char missing[200] = "";
    size_t len = 0;
    for (int p = 0; p < NPHASES_TEST; p++)
        if (!(seen >> p & 1))
            len += (size_t)snprintf(missing + len, sizeof missing - len, " phase %d", p);
    for (int k = 0; k < TK_KINDS; k++)
        if (!(seen >> (8 + k) & 1))
            len += (size_t)snprintf(missing + len, sizeof missing - len, " task %d", k);
    print_message("not reached:%s\n", len ? missing : " nothing");
    if (!(getenv("FC_UNDER_VALGRIND") || getenv("FC_UNDER_SANITIZER"))) {
        uint32_t want = (1u << NPHASES_TEST) - 1u; /* draw ... over, pick (V-5) included */
        for (int k = 0; k < TK_KINDS; k++)
            if (k != TK_FLAG) /* a flag colours its leaf at once, never waits */
                want |= 1u << (8 + k);
        assert_int_equal(seen & want, want);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_r20_r30_r31_adjacency_from_file),
        cmocka_unit_test(test_r35_r44_r45_rewards_from_file),
        cmocka_unit_test(test_r44_pending_crate_from_file),
        cmocka_unit_test(test_r57_encore_from_file),
        cmocka_unit_test(test_mistakes_refused_with_their_line),
        cmocka_unit_test(test_position_failing_the_check),
        cmocka_unit_test(test_crlf_prefixes_and_corruption),
        cmocka_unit_test(test_round_trip_variants),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
