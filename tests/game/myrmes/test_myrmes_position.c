/* Myrmes positions as text (docs/positions/myrmes.md): hand-edited mistakes are refused with
 * their line, a position the game's check refuses is refused, and rule scenarios read from
 * tests/game/myrmes/positions/ are played out with decisions (rule ids as in
 * docs/rules/myrmes.md). The write -> read round trip over random games is
 * tests/game/positions. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "formicary/match.h"
#include "formicary/rules.h"
#include "../game_fixture.h"
#include "myrmes.h"

#define POS_DIR FC_SOURCE_ROOT "/tests/game/myrmes/positions/"
enum { TEXT_MAX = 1 << 16 };

typedef struct pos {
    fc_context *ctx;
    fc_rules *rules;
    fc_match *m; /* a match of the rule set, only to own the context */
    fc_match *p; /* the match read from the position */
    const my_data *D;
} pos;

static void load_file(const char *name, char *text)
{
    char path[512];
    snprintf(path, sizeof path, "%s%s", POS_DIR, name);
    FILE *f = fopen(path, "rb");
    if (!f)
        fail_msg("cannot open %s", path);
    size_t n = fread(text, 1, TEXT_MAX - 1, f);
    fclose(f);
    text[n] = '\0';
}

static void open_rules(pos *x, int nseats, const char *const *sets)
{
    memset(x, 0, sizeof *x);
    gfx_start(MYRMES_SO, "myrmes", nseats, 1, sets, NULL, &x->ctx, &x->rules, &x->m);
    x->D = fc_match_search_env(x->m)->data;
}

static void close_rules(pos *x)
{
    if (x->p)
        fc_match_free(x->p);
    gfx_stop(x->ctx, x->rules, x->m);
}

/* Reads a position text; NULL and the message in err on error. */
static fc_match *read_text(pos *x, const char *text, fc_error *err)
{
    if (x->p)
        fc_match_free(x->p);
    x->p = fc_match_new_from_position(x->rules, 1, text, err);
    return x->p;
}

static void read_file(pos *x, const char *name)
{
    static char text[TEXT_MAX];
    fc_error err;
    load_file(name, text);
    if (!read_text(x, text, &err))
        fail_msg("%s: %s", name, err.msg);
}

static const my_state *S(const pos *x) { return fc_match_state(x->p); }

static int cell(const pos *x, int q, int r)
{
    int c = x->D->index[r][q];
    if (c < 0)
        fail_msg("hex %d,%d is not active", q, r);
    return c;
}

static bool legal(pos *x, const char *text)
{
    const fc_decision *d;
    char t[128];
    int n = fc_match_legal(x->p, &d, NULL);
    for (int i = 0; i < n; i++)
        if (fc_match_decision_text(x->p, d[i], t, sizeof t) >= 0 && strcmp(t, text) == 0)
            return true;
    return false;
}

static int count_legal(pos *x, const char *prefix)
{
    const fc_decision *d;
    char t[128];
    int n = fc_match_legal(x->p, &d, NULL), k = 0;
    for (int i = 0; i < n; i++)
        k += fc_match_decision_text(x->p, d[i], t, sizeof t) >= 0 && strncmp(t, prefix, strlen(prefix)) == 0;
    return k;
}

static void play(pos *x, const char *text)
{
    fc_error err;
    if (fc_match_play_text(x->p, text, &err) != 0)
        fail_msg("'%s': %s", text, err.msg);
}

/* The state of x->p written, read into a new match: the same bytes and the same text. */
static void same_after_round_trip(pos *x, const char *want)
{
    static char a[TEXT_MAX], b[TEXT_MAX];
    fc_error err;
    int la = fc_match_position_write(x->p, a, sizeof a, &err);
    assert_true(la > 0);
    if (want && !strstr(a, want))
        fail_msg("no '%s' in\n%s", want, a);
    fc_match *r = fc_match_new_from_position(x->rules, 1, a, &err);
    if (!r)
        fail_msg("%s\n%s", err.msg, a);
    assert_memory_equal(fc_match_state(x->p), fc_match_state(r), sizeof(my_state));
    int lb = fc_match_position_write(r, b, sizeof b, &err);
    assert_int_equal(la, lb);
    assert_memory_equal(a, b, (size_t)la);
    fc_match_free(r);
}

/* ---- converted rule scenarios ---- */

/* */
static void test_clear_R26(void **unused)
{
    (void)unused;
    pos x;
    open_rules(&x, 4, NULL);
    read_file(&x, "clear_R26.pos");
    assert_int_equal(fc_match_to_move(x.p), 0);
    assert_false(legal(&x, "clear 7,2")); /* the worker must stand on the tile */
    play(&x, "step 6,2");                 /* an opponent's tile costs a soldier */
    assert_int_equal(S(&x)->seat[0].soldiers, 0);
    assert_int_equal(S(&x)->out_mp, 2);
    assert_int_equal(count_legal(&x, "clear "), 3); /* from any of its hexes */
    play(&x, "clear 7,2");
    const my_state *st = S(&x);
    assert_int_equal(st->seat[0].res[R_DIRT], 0);  /* 1 dirt */
    assert_int_equal(st->seat[0].score, 12);       /* the opponent's tile VP */
    assert_int_equal(st->seat[1].score, 10);       /* the owner keeps its points */
    assert_int_equal(st->seat[1].pher_used[1], 1); /* and the tile is not returned */
    assert_int_equal(st->cell_tile[cell(&x, 6, 2)], 0);
    assert_int_equal(st->out_cell, cell(&x, 7, 2)); /* the worker stands where it cleared */
    assert_true(legal(&x, "place PH2/0 7,2"));      /* the cleared hexes are free again */
    close_rules(&x);
}

/* */
static void test_hunt_R24(void **unused)
{
    (void)unused;
    pos x;
    static char text[TEXT_MAX];
    open_rules(&x, 4, NULL);
    load_file("hunt_R24.pos", text);
    /* one soldier short: the spider's hex can be neither hunted nor entered */
    char *sold = strstr(text, "\nsoldiers 2");
    assert_non_null(sold);
    sold[10] = '1';
    fc_error err;
    if (!read_text(&x, text, &err))
        fail_msg("%s", err.msg);
    assert_false(legal(&x, "hunt 7,4"));
    assert_false(legal(&x, "step 7,4"));
    read_file(&x, "hunt_R24.pos");
    assert_true(legal(&x, "hunt 7,4"));
    play(&x, "hunt 7,4");
    const my_seat *p = &S(&x)->seat[0];
    assert_int_equal(p->soldiers, 0);
    assert_int_equal(p->prey[2], 1);
    assert_int_equal(p->res[R_FOOD], 1);
    assert_int_equal(p->score, 14);
    assert_int_equal(S(&x)->out_mp, 2);
    assert_int_equal(S(&x)->out_cell, cell(&x, 7, 4));
    assert_int_equal(S(&x)->cell_tok[cell(&x, 7, 4)], 0);
    close_rules(&x);
}

/* */
static void test_harvest_R39(void **unused)
{
    (void)unused;
    pos x;
    open_rules(&x, 4, NULL);
    read_file(&x, "harvest_R39.pos");
    assert_int_equal(fc_match_to_move(x.p), 0);
    assert_int_equal(count_legal(&x, "harvest "), 2); /* one cube of the pair with cubes */
    play(&x, "harvest 7,4");
    assert_true(legal(&x, "scavenge stone")); /* the scavenging tile */
    play(&x, "scavenge stone");
    assert_int_equal(fc_match_to_move(x.p), 1);
    assert_true(my_bit(S(&x)->cube, cell(&x, 7, 4))); /* hidden until all committed */
    assert_int_equal(S(&x)->seat[0].res[R_FOOD], 0);
    play(&x, "harvest 14,2");
    const my_state *st = S(&x);
    assert_int_equal(st->seat[0].res[R_FOOD], 2); /* the cube and the aphid farm */
    assert_int_equal(st->seat[0].res[R_STONE], 1);
    assert_int_equal(st->seat[0].res[R_DIRT], 0);
    assert_int_equal(st->seat[0].score, 12); /* the subcolony */
    assert_false(my_bit(st->cube, cell(&x, 7, 4)));
    assert_true(my_bit(st->cube, cell(&x, 6, 4)));
    assert_int_equal(st->seat[1].res[R_FOOD], 1);
    assert_int_not_equal(st->phase, PH_HARVEST); /* revealed: the game moved on */
    close_rules(&x);
}

/* */
static void test_winter_R56(void **unused)
{
    (void)unused;
    pos x;
    open_rules(&x, 2, NULL);
    read_file(&x, "winter_R56.pos");
    assert_int_equal(fc_match_to_move(x.p), 1); /* Blue is first player */
    play(&x, "pay");
    assert_int_equal(S(&x)->seat[1].res[R_FOOD], 4); /* hidden until Red commits */
    play(&x, "pay");
    const my_state *st = S(&x);
    assert_int_equal(st->seat[0].res[R_FOOD], 0);
    assert_int_equal(st->seat[0].score, 7); /* 1 food short, 3 VP */
    assert_int_equal(st->seat[0].soldiers, 1);
    assert_int_equal(st->seat[0].res[R_DIRT], 2); /* */
    assert_int_equal(st->seat[1].res[R_FOOD], 0);
    assert_int_equal(st->seat[1].score, 10);
    assert_int_equal(fc_match_to_move(x.p), FC_CHANCE); /* new dice */
    const fc_decision *d;
    assert_int_equal(fc_match_legal(x.p, &d, NULL), 6);
    close_rules(&x);
}

/* The round trip under other parameters (tests/game/positions plays the defaults): the shipped
 * short and harsh rule sets and extreme values, 15 random games each. */
static void test_round_trip_parameters(void **unused)
{
    (void)unused;
    static const char *const sets[][12] = {
        {"years=2", "winter_food=4,6", NULL},
        {"winter_food=5,6,7", "winter_penalty=4", "winter_soldier_half=true", NULL},
        {"sacrifice_larvae=1", "start_larvae=40", "base_moves=20", "event_moves=20", "ant_cap=16", "nurse_cap=16",
         "start_nurses=16", "start_workers=16", NULL},
        {"years=5", "winter_food=-1,-1,-1,2,2", "markers=8", "tunnels=8", "guarded_exits=true", "mirror_hook=false",
         "first_player=1", NULL},
    };
    int games = getenv("FC_UNDER_VALGRIND") ? 1 : 15;
    for (size_t k = 0; k < sizeof sets / sizeof sets[0]; k++)
        for (int g = 0; g < games; g++) {
            pos x;
            open_rules(&x, 2 + (g + (int)k) % 3, sets[k]);
            x.p = x.m;
            x.m = NULL;
            fc_match_set_log(x.p, 0);
            uint64_t r = 77u + (uint64_t)g;
            while (fc_match_to_move(x.p) != FC_NOBODY) {
                same_after_round_trip(&x, NULL);
                fc_error err;
                if (fc_match_to_move(x.p) == FC_CHANCE) {
                    assert_int_equal(fc_match_play_chance(x.p, &err), 0);
                    continue;
                }
                const fc_decision *d;
                int n = fc_match_legal(x.p, &d, NULL);
                r = r * 6364136223846793005u + 1442695040888963407u;
                assert_int_equal(fc_match_play(x.p, d[(r >> 33) % (uint64_t)n], &err), 0);
            }
            same_after_round_trip(&x, NULL);
            x.m = x.p;
            x.p = NULL;
            close_rules(&x);
        }
}

/* ---- mistakes ---- */

/* Replaces the first line of `text` that starts with `old` by `new` (NULL: deletes it) and
 * returns its 1-based number. */
static int edit(char *text, const char *old, const char *new)
{
    int line = 1;
    for (char *p = text; *p;) {
        char *end = strchr(p, '\n');
        size_t len = end ? (size_t)(end - p) + 1 : strlen(p);
        if (strncmp(p, old, strlen(old)) == 0) {
            char rest[TEXT_MAX];
            snprintf(rest, sizeof rest, "%s", p + len);
            snprintf(p, TEXT_MAX - (size_t)(p - text), "%s%s%s", new ? new : "", new ? "\n" : "", rest);
            return line;
        }
        p += len;
        line++;
    }
    fail_msg("no line starting '%s'", old);
    return 0;
}

/* D-09: O19 paid by picks, each touching the pheromones picked before; a
 * position taken between picks reads back (the picks so far are part of it). */
static void test_pick_O19_A19(void **unused)
{
    (void)unused;
    pos x;
    open_rules(&x, 4, NULL);
    read_file(&x, "pick_O19_A19.pos");
    assert_int_equal(count_legal(&x, "objective "), 1);
    play(&x, "objective O19"); /* the nurse goes on the objective, the picks follow */
    assert_int_equal(S(&x)->pick_slot, 1);
    assert_int_equal(S(&x)->seat[0].obj_nurses, 6);
    assert_int_equal(count_legal(&x, "pick "), 6);
    assert_false(legal(&x, "done"));
    play(&x, "pick 2,12");                /* a tile is named by any of its hexes */
    assert_false(legal(&x, "pick 7,12")); /* D-09: does not touch the first pick */
    assert_false(legal(&x, "pick 3,13"));
    play(&x, "pick 3,12");
    same_after_round_trip(&x, "picking O19 1,12 3,12");
    play(&x, "pick 6,12");
    assert_int_equal(S(&x)->seat[0].score, 10);
    play(&x, "pick 8,12"); /* the fourth pick completes it */
    const my_state *st = S(&x);
    assert_int_equal(st->seat[0].score, 16);
    assert_int_equal(st->obj_round[0][0], 1);
    assert_int_equal(st->pick_slot, 0);
    assert_true(my_bit(st->cube, cell(&x, 3, 14))); /* Q and R keep their cubes */
    assert_true(my_bit(st->cube, cell(&x, 7, 10)));
    assert_true(my_bit(st->cube, cell(&x, 6, 11)));
    assert_int_not_equal(st->phase, PH_WORKSHOP); /* the last nurse is used: the turn ended */
    close_rules(&x);
}

/* the ant cap; the hidden choice of a seat that has committed reads back. */
static void test_births_cap_R04(void **unused)
{
    (void)unused;
    pos x;
    open_rules(&x, 2, NULL);
    read_file(&x, "births_cap_R04.pos");
    assert_false(legal(&x, "births L0 S2 W2 K0")); /* over the cap: say who arrives */
    assert_true(legal(&x, "births L0 S2 W2 K0 A0"));
    assert_false(legal(&x, "births L0 S2 W2 K0 A2")); /* only one ant fits */
    play(&x, "births L0 S2 W2 K0 A1");
    same_after_round_trip(&x, "pending_births L0 S2 W2 K0 A1");
    assert_int_equal(S(&x)->seat[0].soldiers, 0); /* not yet revealed */
    play(&x, "births L0 S0 W0 K0");
    assert_int_equal(S(&x)->seat[0].soldiers, 1);
    assert_int_equal(S(&x)->seat[0].workers, 7);
    close_rules(&x);
}

/* a special tile whose marker paid an objective stays, owned by nobody. */
static void test_unmarked_special_R38(void **unused)
{
    (void)unused;
    pos x;
    static char text[TEXT_MAX];
    fc_error err;
    open_rules(&x, 4, NULL);
    load_file("clear_R26.pos", text);
    edit(text, "tile_slots 1", "tile_slots 2\ntile 1 SA none 11,9 12,9 11,10");
    if (!read_text(&x, text, &err))
        fail_msg("%s", err.msg);
    const my_tile *T = &S(&x)->tile[1];
    assert_int_equal(T->owner, -1);
    assert_int_equal(T->marked, 0);
    assert_int_equal(S(&x)->group_used[0], 1);
    assert_int_equal(S(&x)->seat[0].markers, 0);
    same_after_round_trip(&x, "tile 1 SA none 11,9 12,9 11,10");
    close_rules(&x);
}

typedef struct mistake {
    const char *old, *new; /* the edit */
    const char *want;      /* in the message */
    int line;              /* 0: the edited line; -1: no line */
} mistake;

static void test_mistakes(void **unused)
{
    (void)unused;
    static const mistake cases[] = {
        {"position myrmes", "position hive", "not of myrmes", 0},
        {"seats 4", "seats 3", "seats 3, but the rule set has 4 seats", 0},
        {"year 1", "yaer 1", "unknown key 'yaer' (did you mean 'year'?)", 0},
        {"score 10", "score 10\nscore 11", "duplicate 'score'", 0}, /* reported on the second one */
        {"food 0", "food lots", "bad number 'lots' for food", 0},
        {"year 1", "year 4", "year (parameter years) 4 out of range (1..3)", 0},
        {"level 0", "level 9", "level 9 out of range (0..3)", 0},
        {"exits 6,3", "exits 31,31", "hex 31,31 is not in the garden", 0},
        {"exits 6,3", "exits 6/3", "bad hex '6/3'", 0},
        {"tile 0 PH3L", "tile 0 PH7 2 6,2 7,2 8,2", "unknown tile kind 'PH7'", 0},
        {"tile 0 PH3L", "tile 0 PH3L 2 6,2 7,2 7,3", "do not form PH3L", 0},
        {"tile 0 PH3L", "tile 0 PH3L 2 6,2 7,2", "PH3L covers 3 hexes, 2 given", 0},
        {"tile 0 PH3L", "tile 4 PH3L 2 6,2 7,2 8,2", "tile 4, but tile_slots is 1", 0},
        {"objectives", "objectives O1 O2 O3 O4 O5 O6", "objective O2 is of level 2, not 1", 0},
        {"prey spider", "prey scorpion 7,4", "unknown prey 'scorpion'", 0},
        {"outing", "outing 1 6,3 9", "movement points 9 out of range", 0},
        {"waiting", "waiting 2", "phase workers is not simultaneous", 0},
        {"season", "season monsoon", "unknown season 'monsoon'", 0},
        {"dice", NULL, "missing 'dice'", -1},
        {"completed none", "completed O9@2", "objective O9 is not on the board", 0},
        {"seats 4", "seats 4\nscore 3", "'score' belongs to a seat", 0},
        {"hunted", "hunted 0 0", "expected 'hunted LADYBUG TERMITE SPIDER'", 0},
        /* the game keys' messages word for word (my_pos_game_key and its helpers) */
        {"season spring", "season monsoon", "unknown season 'monsoon' (spring, summer, autumn, winter)", 0},
        {"phase workers", "phase lunch",
         "unknown phase 'lunch' (event, births, workers, harvest, workshop, end_round, winter, dice, over)", 0},
        {"dice 5 2 4", "dice 0 2 4", "the spring die has no face 0", 0},
        {"dice 5 2 4", "dice 5 2", "expected 'dice SPRING SUMMER AUTUMN'", 0},
        {"die 0", "die 4", "die 4 out of range (0..3)", 0},
        {"seats 4", "seats 9", "seats 9 out of range (2..4)", 0},
        {"first_player 1", "first_player 1 2", "expected 'first_player SEAT'", 0},
        {"turn 1", "turn", "expected 'turn SEAT'", 0},
        {"prey_discarded 0", "prey_discarded 99", "prey_discarded 99 out of range", 0},
        {"tile_slots 1", "tile_slots 999", "tile_slots 999 out of range", 0},
    };
    pos x;
    static char base[TEXT_MAX], text[TEXT_MAX];
    open_rules(&x, 4, NULL);
    load_file("clear_R26.pos", base);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const mistake *c = &cases[i];
        memcpy(text, base, sizeof text);
        int line = edit(text, c->old, c->new);
        if (c->new &&strchr(c->new, '\n'))
            line++; /* the mistake is on the added line */
        fc_error err;
        if (read_text(&x, text, &err))
            fail_msg("case %zu (%s) was accepted", i, c->want);
        char want_line[32];
        snprintf(want_line, sizeof want_line, "line %d: ", line);
        if (!strstr(err.msg, c->want) || (c->line == 0 && !strstr(err.msg, want_line)) ||
            (c->line < 0 && strstr(err.msg, "line ")))
            fail_msg("case %zu: expected '%s%s', got '%s'", i, c->line == 0 ? want_line : "", c->want, err.msg);
        char rest[256];
        assert_int_equal(fc_position_error_line(err.msg, rest, sizeof rest), c->line == 0 ? line : 0);
    }
    close_rules(&x);
}

/* The game's check runs on every position read: nine soldiers are over the ant cap,
 * tokens not conserved are caught there too. */
static void test_fails_check(void **unused)
{
    (void)unused;
    pos x;
    static char text[TEXT_MAX];
    fc_error err;
    open_rules(&x, 4, NULL);
    load_file("clear_R26.pos", text);
    edit(text, "soldiers 1", "soldiers 9");
    assert_null(read_text(&x, text, &err));
    assert_non_null(strstr(err.msg, "fails the game's check"));
    assert_non_null(strstr(err.msg, "exceed the cap (R-04)"));
    load_file("clear_R26.pos", text);
    edit(text, "prey_discarded 0", "prey_discarded 1");
    assert_null(read_text(&x, text, &err));
    assert_non_null(strstr(err.msg, "prey tokens"));
    /* parameters come from the rule set: with ant_cap=2, Red's soldier, worker at home and
     * worker outside are one too many */
    close_rules(&x);
    static const char *const sets[] = {"ant_cap=2", NULL};
    open_rules(&x, 4, sets);
    load_file("clear_R26.pos", text);
    assert_null(read_text(&x, text, &err));
    assert_non_null(strstr(err.msg, "exceed the cap"));
    close_rules(&x);
}

/* CRLF line ends, no final newline, blanks and comments anywhere, keys in another order. */
static void test_lenient_text(void **unused)
{
    (void)unused;
    pos x;
    static char base[TEXT_MAX], text[TEXT_MAX], a[TEXT_MAX], b[TEXT_MAX];
    open_rules(&x, 4, NULL);
    load_file("hunt_R24.pos", base);
    read_file(&x, "hunt_R24.pos");
    fc_error err;
    int la = fc_match_position_write(x.p, a, sizeof a, &err);
    size_t k = 0;
    for (const char *p = base; *p && k + 2 < sizeof text; p++) {
        if (*p == '\n')
            text[k++] = '\r';
        text[k++] = *p;
    }
    while (k && (text[k - 1] == '\n' || text[k - 1] == '\r'))
        k--;
    text[k] = '\0';
    /* the dice line moved to the end, indented and commented */
    int line = edit(text, "dice", NULL);
    (void)line;
    strncat(text, "\r\n   dice 5 2 4   # moved\r\n\r\n# the end", sizeof text - strlen(text) - 1);
    if (!read_text(&x, text, &err))
        fail_msg("%s", err.msg);
    int lb = fc_match_position_write(x.p, b, sizeof b, &err);
    assert_int_equal(la, lb);
    assert_memory_equal(a, b, (size_t)la);
    close_rules(&x);
}

/* Garbage never crashes: truncations of a real position and random bytes. */
static void test_garbage(void **unused)
{
    (void)unused;
    pos x;
    static char base[TEXT_MAX], text[TEXT_MAX], out[TEXT_MAX];
    open_rules(&x, 4, NULL);
    load_file("harvest_R39.pos", base);
    size_t n = strlen(base), last = n - 1;
    while (last && base[last - 1] != '\n')
        last--;
    fc_error err;
    for (size_t cut = 0; cut < last; cut += 7) { /* cuts in the last line may keep all it says */
        memcpy(text, base, cut);
        text[cut] = '\0';
        assert_null(read_text(&x, text, &err));
    }
    uint64_t r = 12345;
    for (int i = 0; i < 300; i++) {
        memcpy(text, base, n + 1);
        for (int j = 0; j < 4; j++) {
            r = r * 6364136223846793005u + 1442695040888963407u;
            size_t at = (size_t)(r >> 33) % n;
            text[at] = " \n#,-09AZaz=@\r"[(r >> 20) % 14];
        }
        if (read_text(&x, text, &err))
            assert_true(fc_match_position_write(x.p, out, sizeof out, &err) > 0);
    }
    close_rules(&x);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_clear_R26),
        cmocka_unit_test(test_hunt_R24),
        cmocka_unit_test(test_harvest_R39),
        cmocka_unit_test(test_winter_R56),
        cmocka_unit_test(test_pick_O19_A19),
        cmocka_unit_test(test_births_cap_R04),
        cmocka_unit_test(test_unmarked_special_R38),
        cmocka_unit_test(test_round_trip_parameters),
        cmocka_unit_test(test_mistakes),
        cmocka_unit_test(test_fails_check),
        cmocka_unit_test(test_lenient_text),
        cmocka_unit_test(test_garbage),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
