/* Termity positions as text (docs/positions/termity.md): rule scenarios read from position
 * files (the .pos files in tests/game/termity/positions) and checked with decisions, hand-edited positions
 * with mistakes refused with their line, a position that fails the game's check, CRLF input,
 * every prefix and corrupted bytes of a position (no crash, an error naming a line), and the
 * write -> read round trip on the boards built in the game (scenario custom) and variants,
 * which the generic round-trip test (tests/game/positions) does not play. */
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
#include "termity.h"
#include "../position_checks.h"

enum { POS_MAX = 1 << 16 };

typedef struct pfx {
    fc_context *ctx;
    fc_rules *rules;
} pfx;

static void open_rules(pfx *p, int nseats, const char *const *sets)
{
    fc_error err;
    p->ctx = fc_context_new();
    if (!p->ctx || fc_context_load(p->ctx, TERMITY_SO, &err) < 0)
        fail_msg("load: %s", err.msg);
    p->rules = fc_rules_new(p->ctx, "termity", nseats, &err);
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

/* The scenario files have no neutral mound: they are read with neutral_count=0. */
static const char *const no_neutral[] = {"neutral_count=0", NULL};

static char *slurp(const char *name)
{
    char path[512];
    snprintf(path, sizeof path, "%s/positions/%s", TERMITY_TEST_DIR, name);
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

/* ---- rule scenarios from position files ---- */

/* the attacker picks the beaten unit's retreat, never the attack-from hex. */
static void test_r30_r31_retreat_from_file(void **unused)
{
    (void)unused;
    pfx p;
    open_rules(&p, 2, no_neutral);
    char *text = slurp("r30_retreat.pos");
    fc_match *m = load_pos(&p, text);
    assert_int_equal(fc_match_to_move(m), 0);
    play(m, "unit 0,-1");
    play(m, "attack 0,1 from 0,0"); /* W3 against W1 */
    assert_pos_line(m, "phase retreat");
    assert_int_equal(fc_match_to_move(m), 0); /* the attacker chooses */
    assert_int_equal(nlegal(m), 5);           /* six neighbours minus the attack-from hex */
    assert_false(legal(m, "retreat 0,0"));
    play(m, "retreat 1,1");
    assert_pos_line(m, "seat 2 board RED-01@1,1");
    assert_pos_line(m, "seat 1 board BLU-05@0,1"); /* the attacker takes the hex */
    assert_pos_line(m, "phase deploy"); /* Red's turn starts with a deployment */
    assert_int_equal(fc_match_to_move(m), 1);
    fc_match_free(m);
    free(text);
    close_rules(&p);
}

/* written mid-attack: the attacker is off the board until the retreat is chosen; under
 * V-5 (defender_retreats) the beaten unit's owner chooses. */
static void test_r30_retreat_choice_in_progress(void **unused)
{
    (void)unused;
    pfx p;
    open_rules(&p, 2, no_neutral);
    char *text = slurp("r30_retreat_choice.pos");
    fc_match *m = load_pos(&p, text);
    assert_int_equal(fc_match_to_move(m), 0);
    assert_int_equal(nlegal(m), 5);
    assert_false(legal(m, "retreat 0,0"));
    play(m, "retreat -1,1");
    assert_pos_line(m, "seat 2 board RED-01@-1,1");
    assert_pos_line(m, "seat 1 board BLU-05@0,1");
    fc_match_free(m);
    close_rules(&p);
    static const char *const v5[] = {"neutral_count=0", "defender_retreats=true", NULL};
    open_rules(&p, 2, v5);
    m = load_pos(&p, text);
    assert_int_equal(fc_match_to_move(m), 1); /* V-5 */
    fc_match_free(m);
    free(text);
    close_rules(&p);
}

/* Stones give the defender +1; support decides. R-33: a destroyed unit does
 * not support. */
static void test_r29_stones_from_file(void **unused)
{
    (void)unused;
    pfx p;
    open_rules(&p, 2, no_neutral);
    char *text = slurp("r29_stones.pos");
    fc_match *m = load_pos(&p, text);
    play(m, "unit -1,-1");
    assert_true(legal(m, "attack -2,-1 from -1,-1")); /* 3 + 1 support against 2 + 1 */
    fc_decision_info info;
    fc_decision d;
    assert_int_equal(fc_match_game(m)->decision_parse(fc_match_state(m), fc_match_search_env(m),
                                                      "attack -2,-1 from -1,-1", &d),
                     0);
    fc_match_decision_describe(m, d, &info);
    assert_non_null(strstr(info.label, "4 (own 3 + support 1) vs 3"));
    fc_match_free(m);
    /* the supporter destroyed earlier: 3 against 3 is no win */
    char *edit = calloc(1, POS_MAX);
    assert_non_null(edit);
    const char *a = strstr(text, " BLU-01@-2,0"), *b = strstr(text, "seat 1 dead none");
    assert_non_null(a);
    assert_non_null(b);
    snprintf(edit, POS_MAX, "%.*s%.*sseat 1 dead BLU-01%s", (int)(a - text), text, (int)(b - (a + 12)), a + 12,
             b + strlen("seat 1 dead none"));
    m = load_pos(&p, edit);
    play(m, "unit -1,-1");
    assert_false(legal(m, "attack -2,-1 from -1,-1"));
    fc_match_free(m);
    free(edit);
    free(text);
    close_rules(&p);
}

/* the capturing unit is lost, the attacker places a mound of its
 * choice on the hex, the owner places a replacement away from it; scores follow. */
static void test_r34_r35_r36_capture_from_file(void **unused)
{
    (void)unused;
    pfx p;
    open_rules(&p, 2, no_neutral);
    char *text = slurp("r34_capture.pos");
    fc_match *m = load_pos(&p, text);
    play(m, "unit 0,0");
    play(m, "attack 0,1 from 0,0"); /* 3 + 3 against the mound's 5 */
    assert_pos_line(m, "phase attack_mound");
    assert_pos_line(m, "seat 1 dead BLU-05"); /* */
    assert_pos_line(m, "seat 1 trophies seat2:1");
    assert_int_equal(nlegal(m), 5); /* one per value in reserve */
    play(m, "mound 9");
    assert_pos_line(m, "phase replace");
    assert_int_equal(fc_match_to_move(m), 1);
    assert_false(legal(m, "mound 6 at 0,2")); /* next to the new mound */
    play(m, "mound 6 at -3,2");
    assert_pos_line(m, "seat 2 mounds 5:taken 6:-3,2 7:reserve 8:reserve 9:reserve");
    assert_int_equal(fc_match_to_move(m), 1); /* the turn passed on */
    int32_t score[2];
    int rank[2];
    fc_match_scores(m, score, rank);
    assert_int_equal(score[0], 40); /* 35 + the captured 5 */
    assert_int_equal(score[1], 30);
    fc_match_free(m);
    free(text);
    close_rules(&p);
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

/* Seat 1 has discarded its hand and stack, yet it is to discard: nobody can decide. */
static void no_decision(const pfx *p, const char *text)
{
    const char *a = strstr(text, "seat 1 stack "), *b = strstr(text, "seat 1 hand ");
    assert_non_null(a);
    assert_non_null(b);
    char stack[512], hand[128], all[700];
    snprintf(stack, sizeof stack, "%.*s", (int)strcspn(a, "\n"), a);
    snprintf(hand, sizeof hand, "%.*s", (int)strcspn(b, "\n"), b);
    snprintf(all, sizeof all, "seat 1 discarded %s %s", stack + 13, hand + 12);
    char *e1 = edit(text, stack, "seat 1 stack none"), *e2 = edit(e1, hand, "seat 1 hand none");
    char *e3 = edit(e2, "seat 1 discarded none", all), *e4 = edit(e3, "phase move", "phase discard");
    refused(p, e4, line_of(e4, "phase discard"), "phase discard: nothing can be decided here (seat 1)");
    free(e1);
    free(e2);
    free(e3);
    free(e4);
}

static void test_mistakes_refused_with_their_line(void **unused)
{
    (void)unused;
    pfx p;
    open_rules(&p, 2, no_neutral);
    char *text = slurp("r30_retreat.pos");
    mistake(&p, text, "phase move", "phse move", "unknown key 'phse' (did you mean 'phase'?)");
    mistake(&p, text, "seat 2 bonus 0", "seat 2 bonsu 0", "unknown key 'seat N bonsu' (did you mean 'seat N bonus'?)");
    mistake(&p, text, "round 1", "round one", "round: bad number 'one'");
    mistake(&p, text, "turn 1", "turn 3", "turn 3 out of range 1..2");
    mistake(&p, text, "BLU-05@0,-1", "BLU-05@0,-9", "hex 0,-9 is not on the board");
    mistake(&p, text, "BLU-05@0,-1", "BLU-05@0;-1", "bad hex '0;-1'");
    mistake(&p, text, "RED-01@0,1", "RED-99@0,1", "unknown token 'RED-99' for seat 2");
    mistake(&p, text, "RED-01@0,1", "RED-01@0,-1", "hex 0,-1 already holds a piece");
    mistake(&p, text, "seat 1 dead none", "seat 1 dead BLU-18", "token BLU-18 is already named on line");
    mistake(&p, text, "seats 2", "seats 3", "the position has 3 seats, the rule set 2");
    mistake(&p, text, "phase move", "phase moving", "unknown phase 'moving'");
    mistake(&p, text, "seat 2 swarm RED", "seat 2 swarm PURPLE", "unknown swarm 'PURPLE'");
    mistake(&p, text, "seat 1 mounds 5:reserve", "seat 1 mounds 4:reserve", "mound 1 is worth 5 under these parameters");
    mistake(&p, text, "seat 1 trophies none", "seat 1 trophies seat2:1", "trophy seat2:1: that mound is not marked taken");
    mistake(&p, text, "seat 1 hand BLU-07 BLU-12 BLU-16", "seat 1 hand", "'hand' needs its items, or 'none'");
    char *short1 = edit(text, "seat 1 hand BLU-07 BLU-12 BLU-16", "seat 1 hand BLU-07");
    char *short2 = edit(short1, "seat 1 dead none", "seat 1 dead BLU-12 BLU-16");
    refused(&p, short2, line_of(short2, "seat 1 hand"),
            "seat 1 holds 1 tokens with 14 in its stack: hands are refilled to 3 (R-10, R-16)");
    free(short1);
    free(short2);
    no_decision(&p, text);
    mistake(&p, text, "phase move", "phase discard", "a token is discarded only when none can be (R-17)");
    mistake(&p, text, "last_attack none", "last_attack 0,0", "expected 'last_attack START FROM TARGET'");
    char *bad = edit(text, "phase move", "phase retreat"); /* a retreat needs its attacker */
    refused(&p, bad, 0, "missing 'selected'");
    free(bad);
    /* a missing key has no line */
    mistake(&p, text, "seat 2 bonus 0\n", "", "missing 'seat 2 bonus'");
    /* counts that do not add up: a token in no list */
    bad = edit(text, " BLU-18", "");
    refused(&p, bad, line_of(bad, "seat 1 stack"), "token BLU-18 of seat 1 is in none of");
    free(bad);
    /* a duplicate key names both lines */
    size_t n = strlen(text);
    bad = calloc(1, n + 16);
    assert_non_null(bad);
    snprintf(bad, n + 16, "%sround 3\n", text);
    refused(&p, bad, line_of(bad, "round 3"), "duplicate 'round' (first on line");
    free(bad);
    /* the first meaningful line is 'position termity' */
    mistake(&p, text, "position termity", "round 1\nposition termity", "a position starts with 'position termity'");
    mistake(&p, text, "position termity", "position hive", "expected 'position termity'");
    free(text);
    close_rules(&p);
}

/* A position that reads but breaks the rules: the core runs the game's check. */
static void test_position_failing_the_check(void **unused)
{
    (void)unused;
    pfx p;
    open_rules(&p, 2, no_neutral);
    char *text = slurp("r30_retreat.pos");
    char *bad = edit(text, "BLU-05@0,-1", "BLU-05@-2,-2"); /* a Worker on Water */
    fc_error err;
    assert_null(fc_match_new_from_position(p.rules, 1, bad, &err));
    assert_non_null(strstr(err.msg, "the position fails the game's check"));
    assert_non_null(strstr(err.msg, "forbidden terrain"));
    free(bad);
    bad = edit(text, "seat 2 turns 1", "seat 2 turns 5"); /* one token per turn */
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
    open_rules(&p, 2, no_neutral);
    char *text = slurp("r30_retreat.pos");
    pcx_crlf(p.rules, text);
    pcx_prefixes_and_corruption(p.rules, text, "@,:#-0 9\n\t\rxZ", "termity");
    free(text);
    close_rules(&p);
}

/* ---- round trip on boards built in the game and under variants ---- */

/* Round trip on every state of random games; returns what they reached: bit p for phase p,
 * TM_SEEN_NEUTRAL_CAPTURE for a captured neutral mound's hex being filled (no replacer), and
 * TM_SEEN_V5 for a retreat chosen by the beaten unit's owner. */
enum { TM_SEEN_NEUTRAL_CAPTURE = 1 << 20, TM_SEEN_V5 = 1 << 21 };
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
            const tm_state *st = fc_match_state(m);
            seen |= 1u << st->phase;
            if (st->phase == PH_ATK_MOUND && st->replacer == TM_NO_CELL)
                seen |= TM_SEEN_NEUTRAL_CAPTURE;
            if (st->phase == PH_RETREAT && who != st->turn)
                seen |= TM_SEEN_V5;
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

static bool slow_run(void) { return getenv("FC_UNDER_VALGRIND") || getenv("FC_UNDER_SANITIZER"); }

static void print_seen(const char *what, uint32_t seen)
{
    static const char *const names[] = {"draw",    "setup",   "deploy",       "deploy_hex", "discard",
                                        "move",    "move_dest", "retreat",    "attack_mound", "replace",
                                        "over",    "neutral", "tile",         "tile_hex"};
    char buf[256] = "";
    size_t len = 0;
    for (int p = 0; p <= PH_TILE_HEX; p++)
        if (!(seen >> p & 1))
            len += (size_t)snprintf(buf + len, sizeof buf - len, " %s", names[p]);
    print_message("%s: phases not reached:%s%s%s\n", what, len ? buf : " none",
                  seen & TM_SEEN_NEUTRAL_CAPTURE ? "" : "; no neutral capture", seen & TM_SEEN_V5 ? "" : "; no V-5 retreat");
}

/* Boards built in the game: every building step and the whole game after it (R-43 ... R-47). */
static void test_round_trip_custom_board(void **unused)
{
    (void)unused;
    static const char *const custom[] = {"scenario=custom", NULL};
    static const char *const tight[] = {"scenario=custom", "custom_tiles=6", "build_limits=false", NULL};
    uint32_t seen = 0;
    for (int nseats = 2; nseats <= 4; nseats++)
        seen |= round_trip_games(nseats, custom, games_count(40));
    seen |= round_trip_games(3, tight, games_count(20));
    print_seen("custom boards", seen);
    uint32_t building = 1u << PH_NEUTRAL | 1u << PH_TILE | 1u << PH_TILE_HEX;
    assert_int_equal(seen & building, building);
}

/* Variants, fixed swarms and repeated mound values (mounds named by their place in the list). */
static void test_round_trip_variants(void **unused)
{
    (void)unused;
    static const char *const v[] = {"open_hands=true", "held_double=true", "lethal_thickets=true",
                                    "defender_retreats=true", "hand_size=5", "mound_values=4,4,6", NULL};
    static const char *const fixed[] = {"swarms=3,1,0", "first_player=2", "neutral_count=0", NULL};
    static const char *const plain[] = {NULL};
    uint32_t seen = round_trip_games(2, v, games_count(60));
    assert_true(slow_run() || (seen & TM_SEEN_V5));
    seen |= round_trip_games(3, fixed, games_count(40));
    seen |= round_trip_games(4, plain, games_count(60));
    print_seen("variants and plain games", seen);
    /* every step of a turn on a printed board, captures of neutral mounds included */
    uint32_t turn = 0;
    for (int p = PH_DRAW; p <= PH_OVER; p++)
        turn |= 1u << p;
    turn &= ~(1u << PH_DISCARD); /* R-17 is rare in random games: test_termity_rules plays it */
    if (!slow_run()) {
        assert_int_equal(seen & turn, turn);
        assert_true(seen & TM_SEEN_NEUTRAL_CAPTURE);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_r30_r31_retreat_from_file),
        cmocka_unit_test(test_r30_retreat_choice_in_progress),
        cmocka_unit_test(test_r29_stones_from_file),
        cmocka_unit_test(test_r34_r35_r36_capture_from_file),
        cmocka_unit_test(test_mistakes_refused_with_their_line),
        cmocka_unit_test(test_position_failing_the_check),
        cmocka_unit_test(test_crlf_prefixes_and_corruption),
        cmocka_unit_test(test_round_trip_custom_board),
        cmocka_unit_test(test_round_trip_variants),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
