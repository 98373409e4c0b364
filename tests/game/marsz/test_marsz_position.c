/* March of the Ants positions as text (docs/positions/marsz.md): every state of random games
 * under the variant parameters reads back to the same bytes; hand-edited mistakes are refused
 * with their line; a position that breaks piece conservation fails the game's check; damaged
 * text never crashes the reader; and rule scenarios from tests/game/marsz/positions/NAME.pos,
 * checked with decisions (rule ids of docs/rules/marsz.md). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "formicary/rng.h"
#include "mz_fixture.h"

enum { POS_MAX = 1 << 16 };

static bool slow_env(void) { return getenv("FC_UNDER_VALGRIND") || getenv("FC_UNDER_SANITIZER"); }

static fc_match *read_text(const mfx *f, const char *text, fc_error *err)
{
    fc_error_clear(err);
    return fc_match_new_from_position(f->rules, 1, text, err);
}

static const mz_state *st_of(const fc_match *m) { return fc_match_state(m); }

/* Write, read back, compare the state bytes and the text written again. */
static void round_trip(const mfx *f, fc_match *m, char *text, char *again, const char *what)
{
    fc_error err;
    int len = fc_match_position_write(m, text, POS_MAX, &err);
    if (len < 0)
        fail_msg("%s: write: %s", what, err.msg);
    fc_match *r = read_text(f, text, &err);
    if (!r)
        fail_msg("%s: read: %s\n%s", what, err.msg, text);
    if (memcmp(fc_match_state(m), fc_match_state(r), sizeof(mz_state)) != 0)
        fail_msg("%s: the state read back differs\n%s", what, text);
    int len2 = fc_match_position_write(r, again, POS_MAX, &err);
    if (len2 != len || memcmp(text, again, (size_t)len) != 0)
        fail_msg("%s: written again differs", what);
    fc_match_free(r);
}

/* Random games to the end under rule sets the default round trip (tests/game/positions) does
 * not play: ancient species (V-5), the draft (R-83), the epic game (R-82), open hands. */
static void test_round_trip_variants(void **state)
{
    (void)state;
    static const char *const sets[][4] = {
        {"species=1", NULL},
        {"draft_start=1", NULL},
        {"epic=1", "open_hands=1", "centipede_fixed_bonus=2", NULL},
        {"species=1", "draft_start=1", "epic=1", NULL},
    };
    char *text = malloc(POS_MAX), *again = malloc(POS_MAX);
    assert_non_null(text);
    assert_non_null(again);
    int games = slow_env() ? 1 : 6;
    long states = 0;
    for (int v = 0; v < 4; v++)
        for (int nseats = 2; nseats <= MZ_SEATS; nseats += 3)
            for (int g = 0; g < games; g++) {
                mfx f;
                mfx_open(&f, nseats, 500u + (uint64_t)g, sets[v]);
                fc_match_set_log(f.m, 0);
                fc_rng pick;
                fc_rng_seed(&pick, 31u + (uint64_t)g, 0);
                char what[64];
                for (int ply = 0; fc_match_to_move(f.m) != FC_NOBODY; ply++) {
                    snprintf(what, sizeof what, "%s %dp game %d ply %d", sets[v][0], nseats, g, ply);
                    round_trip(&f, f.m, text, again, what);
                    states++;
                    const fc_decision *d;
                    int n = fc_match_legal(f.m, &d, NULL);
                    assert_true(n > 0 && ply < 20000);
                    fc_error err;
                    assert_int_equal(fc_match_play(f.m, d[fc_rng_below(&pick, (uint32_t)n)], &err), 0);
                }
                round_trip(&f, f.m, text, again, "game over");
                mfx_close(&f);
            }
    print_message("%ld positions under variant rules read back\n", states);
    free(text);
    free(again);
}

/* ---- hand-edited mistakes ---- */

/* A 3-player game 60 decisions in: a turn in progress, hands, a tile or two on the meadow. */
static void base_position(mfx *f, char *text)
{
    mfx_open(f, 3, 7, NULL);
    fc_rng pick;
    fc_rng_seed(&pick, 3, 0);
    for (int i = 0; i < 60; i++) {
        const fc_decision *d;
        int n = fc_match_legal(f->m, &d, NULL);
        fc_error err;
        assert_int_equal(fc_match_play(f->m, d[fc_rng_below(&pick, (uint32_t)n)], &err), 0);
    }
    fc_error err;
    assert_true(fc_match_position_write(f->m, text, POS_MAX, &err) > 0);
}

/* 1-based number of the first line starting with `prefix`. */
static int line_of(const char *text, const char *prefix)
{
    int line = 1;
    for (const char *p = text; *p; line++) {
        if (strncmp(p, prefix, strlen(prefix)) == 0)
            return line;
        p = strchr(p, '\n');
        if (!p)
            break;
        p++;
    }
    fail_msg("no line starts with '%s'", prefix);
    return 0;
}

/* text with line `at` replaced by `with` (NULL: removed) into out. */
static void replace_line(const char *text, int at, const char *with, char *out)
{
    size_t len = 0;
    int line = 1;
    for (const char *p = text; *p; line++) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p + 1) : strlen(p);
        if (line != at) {
            memcpy(out + len, p, n);
            len += n;
        } else if (with)
            len += (size_t)sprintf(out + len, "%s\n", with);
        p += n;
    }
    out[len] = '\0';
}

/* The first word after `prefix` on its line (a card id of a list, say). */
static void word_after(const char *text, const char *prefix, char *out, size_t n)
{
    const char *p = strstr(text, prefix);
    assert_non_null(p);
    p += strlen(prefix);
    size_t k = strcspn(p, " \n#");
    snprintf(out, n, "%.*s", (int)k, p);
}

static void expect_error(const mfx *f, const char *text, int line, const char *fragment)
{
    fc_error err;
    fc_match *m = read_text(f, text, &err);
    if (m)
        fail_msg("read although it should fail with '%s'", fragment);
    char want[32];
    snprintf(want, sizeof want, "line %d: ", line);
    if (!strstr(err.msg, want) || !strstr(err.msg, fragment))
        fail_msg("error '%s', expected '%s%s'", err.msg, want, fragment);
}

/* Every mistake names its line: unknown key (with the closest), duplicate key, bad number,
 * out of range, unknown card and tile, a card in two places, a card nowhere, counts that do
 * not fit, seats that do not match, a missing key, another game. */
static void test_mistakes_name_their_line(void **state)
{
    (void)state;
    mfx f;
    char *base = malloc(POS_MAX), *t = malloc(POS_MAX), *t2 = malloc(POS_MAX);
    assert_non_null(base);
    assert_non_null(t);
    assert_non_null(t2);
    base_position(&f, base);
    int l;

    l = line_of(base, "worker_ended");
    replace_line(base, l, "worker_ende 0", t);
    expect_error(&f, t, l, "unknown key 'worker_ende' (did you mean 'worker_ended'?)");

    l = line_of(base, "reward_stack");
    replace_line(base, l, "round 1", t); /* a second 'round' */
    expect_error(&f, t, l, "duplicate 'round' (first on line 5)");

    l = line_of(base, "round");
    replace_line(base, l, "round two", t);
    expect_error(&f, t, l, "bad number 'two' for round");
    replace_line(base, l, "round 0", t);
    expect_error(&f, t, l, "round 0 out of range 1..20");

    l = line_of(base, "seat 1 nest");
    replace_line(base, l, "seat 1 nest eggs 30 larvae 4 food 2 score 0 bodies 0 starved_final 0 hunger 1", t);
    expect_error(&f, t, l, "unknown field 'hunger' in 'seat 1 nest'");

    char card[16], line[1024];
    word_after(base, "\ndeck ", card, sizeof card);
    l = line_of(base, "seat 1 hand");
    snprintf(line, sizeof line, "seat 1 hand %s", card); /* the deck's top card in a hand too */
    replace_line(base, l, line, t);
    assert_true(line_of(base, "deck") < l);
    expect_error(&f, t, l, "is already named on line");
    replace_line(base, l, "seat 1 hand HD-13", t);
    expect_error(&f, t, l, "unknown card 'HD-13'");

    l = line_of(base, "deck");
    const char *deck = strstr(base, "\ndeck ") + 6;
    snprintf(line, sizeof line, "deck%.*s", (int)(strchr(deck, '#') - deck - 1 - (long)strlen(card)),
             deck + strlen(card));
    replace_line(base, l, line, t); /* the top card is gone */
    snprintf(line, sizeof line, "%s is nowhere", card);
    expect_error(&f, t, l, line);

    l = line_of(base, "tile_stack");
    replace_line(base, l, "tile_stack T29", t);
    expect_error(&f, t, l, "unknown tile 'T29'");

    l = line_of(base, "soldier_done"); /* right after the meadow's tiles */
    replace_line(base, l, "tile T12 0,-2 rot 0 spaces - out 0 0 0", t); /* Pebble has two spaces */
    expect_error(&f, t, l, "then 2 harvest spaces");

    l = line_of(base, "seats");
    replace_line(base, l, "seats 4", t);
    expect_error(&f, t, l, "seats 4, but the rule set has 3 seats");

    l = line_of(base, "frame");
    replace_line(base, l, "frame dance seat 1 a 0 b 0 c 0 n 0", t);
    expect_error(&f, t, l, "unknown frame kind 'dance'");
    replace_line(base, l, "frame battle seat 1 a 40 b 0 c 0 n 0", t);
    expect_error(&f, t, l, "frame a 40 does not fit a 'battle' frame");
    replace_line(base, l, "frame option seat 1 a 11 b 1 c 200 n 0", t); /* c: the tile EV-12 chose */
    expect_error(&f, t, l, "frame c 200 does not fit a 'option' frame of EV-12");
    replace_line(base, l, "frame peek seat 1 a 0 b 0 c 0 n 40", t); /* RT-12 */
    expect_error(&f, t, l, "a 'peek' frame with 40 tiles to put back, but the stack has");

    replace_line(base, line_of(base, "rng"), NULL, t);
    expect_error(&f, t, 0, "missing 'rng'");

    l = line_of(base, "position");
    replace_line(base, l, "position hive", t);
    expect_error(&f, t, l, "a position of 'hive', not of marsz");

    l = line_of(base, "seat 2 ferocity");
    replace_line(base, l, "seat 2 ferocity none none committed 1", t);
    replace_line(t, line_of(t, "rest_row"), "rest_row RT-00 RT-00", t2);
    expect_error(&f, t2, line_of(t2, "rest_row"), "RT-00 is already named on line");
    expect_error(&f, t, l, "the ferocity cards and the committed count disagree");

    free(base);
    free(t);
    free(t2);
    mfx_close(&f);
}

/* The reader counts pieces nowhere: one egg too many is the game's check's to refuse (R-02:
 * 36 pieces per colony), which the core runs on every position read. */
static void test_check_runs_on_read(void **state)
{
    (void)state;
    mfx f;
    char *base = malloc(POS_MAX), *t = malloc(POS_MAX);
    base_position(&f, base);
    const mz_seat *P = &st_of(f.m)->seat[0];
    char line[160];
    snprintf(line, sizeof line, "seat 1 nest eggs %d larvae %d food %d score %d bodies %d starved_final %d", P->eggs + 1,
             P->larvae, P->food, P->score, P->bodies, P->starved_final);
    replace_line(base, line_of(base, "seat 1 nest"), line, t);
    fc_error err;
    assert_null(read_text(&f, t, &err));
    assert_non_null(strstr(err.msg, "the position fails the game's check: seat 0 has 37 pieces"));
    free(base);
    free(t);
    mfx_close(&f);
}

/* "\r\n" line ends and a last line without one read the same; damaged text is refused or read,
 * never a crash (each byte replaced in turn by characters that matter to the reader). */
static void test_line_ends_and_damage(void **state)
{
    (void)state;
    mfx f;
    char *base = malloc(POS_MAX), *t = malloc(2 * POS_MAX), *out = malloc(POS_MAX);
    base_position(&f, base);
    size_t k = 0;
    for (const char *p = base; *p; p++) {
        if (*p == '\n')
            t[k++] = '\r';
        t[k++] = *p;
    }
    t[k - 2] = '\0'; /* no line end after the last line */
    fc_error err;
    fc_match *m = read_text(&f, t, &err);
    if (!m)
        fail_msg("%s", err.msg);
    assert_memory_equal(fc_match_state(m), fc_match_state(f.m), sizeof(mz_state));
    fc_match_free(m);
    size_t len = strlen(base);
    static const char subst[] = {'0', '9', '-', ' ', '\n', '#', 'T', '@', '+', ',', '=', '\0'};
    int step = slow_env() ? 97 : 3, read_ok = 0;
    for (size_t i = 0; i < len; i += (size_t)step)
        for (size_t j = 0; j < sizeof subst; j++) {
            memcpy(t, base, len + 1);
            t[i] = subst[j];
            m = read_text(&f, t, &err);
            if (m) {
                read_ok++;
                assert_true(fc_match_position_write(m, out, POS_MAX, &err) > 0);
                fc_match_free(m);
            } else
                assert_true(err.msg[0] != '\0');
        }
    assert_true(read_ok > 0); /* damage inside comments is harmless */
    free(base);
    free(t);
    free(out);
    mfx_close(&f);
}

/* ---- rule scenarios from positions/NAME.pos ---- */

static fc_match *from_file(const mfx *f, const char *name)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", MARSZ_POS_DIR, name);
    FILE *in = fopen(path, "rb");
    if (!in)
        fail_msg("cannot open %s", path);
    static char text[POS_MAX];
    size_t n = fread(text, 1, sizeof text - 1, in);
    fclose(in);
    text[n] = '\0';
    fc_error err;
    fc_match *m = read_text(f, text, &err);
    if (!m)
        fail_msg("%s: %s", name, err.msg);
    return m;
}

static int top_kind(const fc_match *m)
{
    const mz_state *s = st_of(m);
    return s->nframes ? s->frame[s->nframes - 1].kind : -1;
}

static bool legal_text(fc_match *m, const char *text)
{
    const fc_decision *d;
    int n = fc_match_legal(m, &d, NULL);
    char t[96];
    for (int i = 0; i < n; i++)
        if (fc_match_decision_text(m, d[i], t, sizeof t) > 0 && strcmp(t, text) == 0)
            return true;
    return false;
}

static void play(fc_match *m, const char *text)
{
    fc_error err;
    if (fc_match_play_text(m, text, &err) != 0)
        fail_msg("%s: %s", text, err.msg);
}

static void play_forced(fc_match *m)
{
    const fc_decision *d;
    fc_error err;
    while (fc_match_to_move(m) != FC_NOBODY && fc_match_legal(m, &d, NULL) == 1)
        assert_int_equal(fc_match_play(m, d[0], &err), 0);
}

/* R-55, R-56, R-57, R-59 (three players, seat 2 the Great Defender). */
static void test_r55_r59_great_tunnel_battle(void **state)
{
    (void)state;
    mfx f;
    mfx_open(&f, 3, 1, NULL);
    fc_match *m = from_file(&f, "r55-r59-great-tunnel-battle.pos");
    static const int order[3] = {2, 0, 1}; /* seat 3, seat 1, the defender last (R-55) */
    for (int i = 0; i < 3; i++) {
        assert_int_equal(top_kind(m), F_FEROCITY);
        assert_int_equal(fc_match_to_move(m), order[i]);
        play(m, "ferocity none");
    }
    const mz_battle *B = &st_of(m)->bt;
    assert_int_equal(B->winner, 1);      /* 3 = 3: clockwise from the defender (R-56) */
    assert_int_equal(B->order[1], 0);
    assert_int_equal(B->order[2], 2);
    assert_int_equal(B->assigned[1], 2); /* floor(5 / 2) to the winner (R-57) */
    assert_int_equal(B->assigned[2], 2); /* its 3 casualties: seat 3, seat 1, seat 3 */
    assert_int_equal(B->assigned[0], 1);
    play_forced(m);
    const mz_state *s = st_of(m);
    assert_int_equal(mz_ants_at(s, MZ_GT, 0), 2);
    assert_int_equal(mz_ants_at(s, MZ_GT, 1), 1);
    assert_int_equal(mz_ants_at(s, MZ_GT, 2), 0);
    const mz_rewarddef *R = &f.D->reward[s->reward_cur]; /* R-59: places 1-3 */
    assert_int_equal(s->seat[1].score, R->give[0][RW_P]);
    assert_int_equal(s->seat[0].score, R->give[1][RW_P]);
    assert_int_equal(s->seat[2].score, R->give[2][RW_P]);
    fc_match_free(m);
    mfx_close(&f);
}

/* R-61 .. R-64, R-66: the centipede on T12 fights seat 1 (most ants) with its size plus EV-15
 * (ferocity 1: draw again) and EV-13 (2); seat 1 loses all three ants; seat 2 is next. */
static void test_r61_r64_centipede(void **state)
{
    (void)state;
    mfx f;
    mfx_open(&f, 3, 1, NULL);
    fc_match *m = from_file(&f, "r61-r64-centipede.pos");
    int size = mz_size(f.D, st_of(m));
    assert_int_equal(top_kind(m), F_FEROCITY);
    assert_int_equal(fc_match_to_move(m), 0);
    play(m, "ferocity none");
    const mz_state *s = st_of(m);
    assert_int_equal(s->bt.centi_str, size + 1 + 2);
    assert_int_equal(mz_ants_at(s, 12, 0), 0); /* 3 < size + 3: all lost (R-63) */
    assert_true(s->loc[12].centipede);
    assert_int_equal(s->card_loc[EV15], CL_DISCARD);
    assert_int_equal(s->card_loc[EV13], CL_DISCARD);
    assert_int_equal(top_kind(m), F_FEROCITY); /* then it fights seat 2 */
    assert_int_equal(fc_match_to_move(m), 1);
    fc_match_free(m);
    mfx_close(&f);
}

/* R-68, R-69: one food feeds four of seat 1's six ants; 2 points once; two ants starve. */
static void test_r68_r69_feeding(void **state)
{
    (void)state;
    mfx f;
    mfx_open(&f, 3, 1, NULL);
    fc_match *m = from_file(&f, "r68-r69-feeding.pos");
    assert_int_equal(top_kind(m), F_FEED);
    assert_int_equal(fc_match_to_move(m), 0);
    assert_false(legal_text(m, "feed 6"));
    assert_false(legal_text(m, "feed 5"));
    play(m, "feed 4");
    assert_int_equal(st_of(m)->seat[0].food, 0);
    assert_int_equal(st_of(m)->seat[0].score, 3);
    int eggs = st_of(m)->seat[0].eggs;
    play_forced(m);
    assert_int_equal(mz_ants_total(st_of(m), 0), 4);
    assert_int_equal(st_of(m)->seat[0].eggs, eggs + 2); /* the starved two back in the pool */
    fc_match_free(m);
    mfx_close(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip_variants),
        cmocka_unit_test(test_mistakes_name_their_line),
        cmocka_unit_test(test_check_runs_on_read),
        cmocka_unit_test(test_line_ends_and_damage),
        cmocka_unit_test(test_r55_r59_great_tunnel_battle),
        cmocka_unit_test(test_r61_r64_centipede),
        cmocka_unit_test(test_r68_r69_feeding),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
