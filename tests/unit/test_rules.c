/* Rule sets against the bidrace fixture plugin: fixed layer precedence in any call order,
 * value origins, INI and --set errors naming their source, seat range, variants. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "formicary/rng.h"
#include "formicary/rules.h"

/* bidrace's schema, in order (tests/fixtures/bidrace.c) */
enum { GOAL, TOKENS, DIE, MAX_ROUNDS, REFUND, TIE, START, TRACK, NPARAMS };

typedef struct fixture {
    fc_context *ctx;
    char dir[64];
    char paths[32][128];
    int npaths;
} fixture;

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    if (!f)
        return -1;
    f->ctx = fc_context_new();
    fc_context_add_default_paths(f->ctx);
    fc_context_scan(f->ctx);
    snprintf(f->dir, sizeof f->dir, "/tmp/fc_rules_XXXXXX");
    if (!mkdtemp(f->dir))
        return -1;
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    for (int i = f->npaths - 1; i >= 0; i--)
        if (unlink(f->paths[i]) != 0)
            rmdir(f->paths[i]);
    rmdir(f->dir);
    fc_context_free(f->ctx);
    free(f);
    return 0;
}

/* Writes dir/name (name may hold one subdirectory) and returns its path. */
static const char *put_file(fixture *f, const char *name, const char *text)
{
    const char *slash = strchr(name, '/');
    if (slash) {
        char *sub = f->paths[f->npaths++];
        snprintf(sub, 128, "%s/%.*s", f->dir, (int)(slash - name), name);
        mkdir(sub, 0700);
    }
    char *path = f->paths[f->npaths++];
    snprintf(path, 128, "%s/%s", f->dir, name);
    FILE *fp = fopen(path, "w");
    assert_non_null(fp);
    fputs(text, fp);
    fclose(fp);
    return path;
}

static fc_rules *new_rules(fixture *f, int nseats)
{
    fc_error err;
    fc_error_clear(&err);
    fc_rules *r = fc_rules_new(f->ctx, "bidrace", nseats, &err);
    if (!r)
        fail_msg("fc_rules_new: %s", err.msg);
    return r;
}

static void finish_ok(fc_rules *r)
{
    fc_error err;
    fc_error_clear(&err);
    if (fc_rules_finish(r, &err) != 0)
        fail_msg("fc_rules_finish: %s", err.msg);
}

static void test_defaults(void **state)
{
    fixture *f = *state;
    fc_rules *r = new_rules(f, 3);
    assert_null(fc_rules_values(r)); /* not resolved before finish */
    assert_string_equal(fc_rules_origin(r, GOAL), "");
    finish_ok(r);
    const fc_value *v = fc_rules_values(r);
    assert_non_null(v);
    assert_int_equal(fc_rules_plugin(r)->nparams, NPARAMS);
    assert_string_equal(fc_rules_plugin(r)->id, "bidrace");
    assert_ptr_equal(fc_rules_context(r), f->ctx);
    assert_int_equal(fc_rules_nseats(r), 3);
    assert_int_equal(v[GOAL].i, 20);
    assert_int_equal(v[TOKENS].i, 10);
    assert_int_equal(v[TIE].i, 0);
    assert_int_equal(v[START].n, 4);
    assert_string_equal(v[TRACK].s, "track.csv");
    for (int i = 0; i < NPARAMS; i++)
        assert_string_equal(fc_rules_origin(r, i), "default");
    assert_string_equal(fc_rules_origin(r, NPARAMS), "");
    assert_string_equal(fc_rules_name(r), "default");
    assert_string_equal(fc_rules_variant_name(r), "none");
    assert_null(fc_rules_variant_text(r));
    assert_int_equal(fc_rules_variant_hash(r), 0);
    assert_non_null(fc_rules_data(r)); /* track.csv from the game's data dir */

    /* read-only after finish */
    fc_error err;
    assert_int_equal(fc_rules_set(r, "goal=30", &err), FC_ESTATE);
    assert_int_equal(fc_rules_load_ini(r, "x.ini", &err), FC_ESTATE);
    assert_int_equal(fc_rules_load_variant_text(r, "v", "", &err), FC_ESTATE);
    assert_int_equal(fc_rules_finish(r, &err), FC_ESTATE);
    assert_int_equal(v[GOAL].i, 20);
    fc_rules_free(r);
}

static void test_ini_values_and_origins(void **state)
{
    fixture *f = *state;
    put_file(f, "tracks/t.csv", "pos,bonus\n2,1\n");
    const char *ini = put_file(f, "std.ini",
                               "# a rule set\n"
                               "[ruleset]\n"
                               "name = quick\n"
                               "description = a shorter race\n"
                               "game = bidrace\n"
                               "\n"
                               "[params]\n"
                               "  goal = 30\n"
                               "bid_refund = yes ; inline comment\n"
                               "tie_rule = nobody\n"
                               "start_positions = 1, 2\n"
                               "track = tracks/t.csv\r\n");
    fc_rules *r = new_rules(f, 2);
    fc_error err;
    assert_int_equal(fc_rules_load_ini(r, ini, &err), 0);
    finish_ok(r);
    const fc_value *v = fc_rules_values(r);
    char want[256];
    assert_int_equal(v[GOAL].i, 30);
    snprintf(want, sizeof want, "%s:8", ini);
    assert_string_equal(fc_rules_origin(r, GOAL), want);
    assert_int_equal(v[REFUND].i, 1);
    snprintf(want, sizeof want, "%s:9", ini);
    assert_string_equal(fc_rules_origin(r, REFUND), want);
    assert_int_equal(v[TIE].i, 1);
    assert_int_equal(v[START].n, 2);
    assert_int_equal(v[START].list[0], 1);
    assert_int_equal(v[START].list[1], 2);
    /* a STRING from an INI is relative to the INI's directory */
    snprintf(want, sizeof want, "%s/tracks/t.csv", f->dir);
    assert_string_equal(v[TRACK].s, want);
    snprintf(want, sizeof want, "%s:12", ini);
    assert_string_equal(fc_rules_origin(r, TRACK), want);
    assert_int_equal(v[TOKENS].i, 10);
    assert_string_equal(fc_rules_origin(r, TOKENS), "default");
    assert_string_equal(fc_rules_name(r), "quick");

    /* a second INI is refused */
    fc_rules *r2 = new_rules(f, 2);
    assert_int_equal(fc_rules_load_ini(r2, ini, &err), 0);
    assert_int_equal(fc_rules_load_ini(r2, ini, &err), FC_ESTATE);
    fc_rules_free(r2);
    fc_rules_free(r);
}

static void test_name_from_stem(void **state)
{
    fixture *f = *state;
    const char *ini = put_file(f, "fast-race.v2.ini", "[params]\ngoal = 5\n");
    fc_rules *r = new_rules(f, 2);
    fc_error err;
    assert_int_equal(fc_rules_load_ini(r, ini, &err), 0);
    finish_ok(r);
    assert_string_equal(fc_rules_name(r), "fast-race.v2");
    assert_int_equal(fc_rules_values(r)[GOAL].i, 5);
    fc_rules_free(r);
}

/* The three layers applied in every call order must give the same result. */
static void test_precedence_any_order(void **state)
{
    fixture *f = *state;
    const char *ini = put_file(f, "layers.ini", "[params]\ngoal = 30\ntokens = 12\nmax_rounds = 40\n");
    const char *lua = put_file(f, "layers.lua",
                               "variant{name = \"layered\", game = \"bidrace\"}\n"
                               "set(\"goal\", 50)\n"
                               "set(\"tokens\", 15)\n"
                               "set(\"die_sides\", 8)\n");
    static const int orders[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    char ini_line[256], lua_line[256];
    for (int o = 0; o < 6; o++) {
        fc_rules *r = new_rules(f, 2);
        fc_error err;
        for (int k = 0; k < 3; k++) {
            int rc = 0;
            switch (orders[o][k]) {
            case 0:
                rc = fc_rules_load_ini(r, ini, &err);
                break;
            case 1:
                rc = fc_rules_load_variant(r, lua, &err);
                break;
            default:
                rc = fc_rules_set(r, "goal=61", &err) | fc_rules_set(r, "goal=60", &err) |
                     fc_rules_set(r, "bid_refund=on", &err);
                break;
            }
            if (rc != 0)
                fail_msg("order %d step %d: %s", o, k, err.msg);
        }
        finish_ok(r);
        const fc_value *v = fc_rules_values(r);
        assert_int_equal(v[GOAL].i, 60); /* default 20 < ini 30 < variant 50 < --set 60 (last of 61, 60) */
        assert_string_equal(fc_rules_origin(r, GOAL), "--set");
        assert_int_equal(v[TOKENS].i, 15); /* ini 12 < variant 15 */
        snprintf(lua_line, sizeof lua_line, "%s:3", lua);
        assert_string_equal(fc_rules_origin(r, TOKENS), lua_line);
        assert_int_equal(v[MAX_ROUNDS].i, 40); /* ini only */
        snprintf(ini_line, sizeof ini_line, "%s:4", ini);
        assert_string_equal(fc_rules_origin(r, MAX_ROUNDS), ini_line);
        assert_int_equal(v[DIE].i, 8); /* variant only */
        assert_int_equal(v[REFUND].i, 1);
        assert_string_equal(fc_rules_origin(r, REFUND), "--set");
        assert_int_equal(v[TIE].i, 0);
        assert_string_equal(fc_rules_origin(r, TIE), "default");
        assert_string_equal(fc_rules_name(r), "layers");
        assert_string_equal(fc_rules_variant_name(r), "layered");
        assert_string_equal(fc_rules_variant_path(r), lua);
        fc_rules_free(r);
    }
}

static void expect_ini_error(fixture *f, const char *name, const char *text, int code, int line, const char *msg)
{
    const char *ini = put_file(f, name, text);
    fc_rules *r = new_rules(f, 2);
    fc_error err;
    fc_error_clear(&err);
    int rc = fc_rules_load_ini(r, ini, &err);
    /* a key no game parameter answers may be a variant's (loaded later): refused by finish */
    bool deferred = rc == 0 && code == FC_EUNKNOWN;
    if (deferred)
        rc = fc_rules_finish(r, &err);
    assert_int_equal(rc, code);
    char want[FC_ERROR_MSG_MAX];
    snprintf(want, sizeof want, "%s:%d: %s", ini, line, msg);
    assert_string_equal(err.msg, want);
    if (deferred) {
        fc_rules_free(r);
        return;
    }
    /* a refused INI leaves nothing behind: the values it set before failing are dropped */
    finish_ok(r);
    assert_int_equal(fc_rules_values(r)[GOAL].i, 20);
    assert_string_equal(fc_rules_name(r), "default");
    fc_rules_free(r);
}

static void test_ini_errors(void **state)
{
    fixture *f = *state;
    expect_ini_error(f, "e1.ini", "[params]\ngoal = 30\ngaol = 3\n", FC_EUNKNOWN, 3,
                     "unknown parameter 'gaol' (did you mean goal?)");
    expect_ini_error(f, "e2.ini", "[params]\ngoal = 30\nzzzzzzzz = 1\n", FC_EUNKNOWN, 3,
                     "unknown parameter 'zzzzzzzz' (parameters: goal, tokens, die_sides, max_rounds, bid_refund, "
                     "tie_rule, start_positions, track)");
    expect_ini_error(f, "e3.ini", "[params]\ngoal = 30\n\ntokens = 300\n", FC_ERANGE, 4,
                     "tokens: 300 is out of range 1..50");
    expect_ini_error(f, "e4.ini", "[params]\ngoal = 30\ntokens 30\ngaol = 3\n", FC_EPARSE, 3,
                     "syntax error: expected 'key = value' or '[section]', found 'tokens 30'");
    expect_ini_error(f, "e5.ini", "[params]\ngoal = 30\n[extra]\n", FC_EPARSE, 3,
                     "unknown section [extra] (expected [ruleset] or [params])");
    expect_ini_error(f, "e6.ini", "goal = 30\n[params]\n", FC_EPARSE, 1,
                     "key 'goal' outside a section (expected [ruleset] or [params])");
    expect_ini_error(f, "e7.ini", "[ruleset]\nname = x\ngame = termity\n[params]\ngoal = 30\n", FC_EINVAL, 3,
                     "rule set is for game 'termity', not 'bidrace'");
    expect_ini_error(f, "e8.ini", "[ruleset]\nauthor = me\n", FC_EUNKNOWN, 2,
                     "unknown key 'author' in [ruleset] (expected name, description, game or tuned_agent_K)");
    expect_ini_error(f, "e9.ini", "[params]\ngoal = 30\n\ngoal = 31\n", FC_EPARSE, 4,
                     "'goal' is set twice (first on line 2)");
    expect_ini_error(f, "e10.ini", "[params]\ngoal = 30\n   40\n", FC_EPARSE, 3,
                     "indented line continues 'goal' (multi-line values are not allowed)");
    expect_ini_error(f, "e11.ini", "[params]\ngoal = 30\n[params\n", FC_EPARSE, 3,
                     "syntax error: expected 'key = value' or '[section]', found '[params'");
    char longline[400];
    snprintf(longline, sizeof longline, "[params]\ntrack = %0300d\n", 0);
    expect_ini_error(f, "e12.ini", longline, FC_EPARSE, 2, "line longer than 198 characters");

    fc_rules *r = new_rules(f, 2);
    fc_error err;
    char path[128], want[256];
    snprintf(path, sizeof path, "%s/missing.ini", f->dir);
    assert_int_equal(fc_rules_load_ini(r, path, &err), FC_EIO);
    snprintf(want, sizeof want, "%s: cannot read: No such file or directory", path);
    assert_string_equal(err.msg, want);
    fc_rules_free(r);
}

/* INI line endings: "\r\n", a bare "\r", no final newline; NUL bytes. */
static void test_ini_line_endings(void **state)
{
    fixture *f = *state;
    static const char *const texts[] = {"[params]\r\ngoal = 30\r\ntokens = 5\r\n", "[params]\ngoal = 30\ntokens = 5",
                                        "[params]\r\ngoal = 30\r\ntokens = 5\r", "[params]\ngoal = 30\ntokens = 5\r\r"};
    for (size_t k = 0; k < sizeof texts / sizeof texts[0]; k++) {
        char name[32];
        snprintf(name, sizeof name, "le%zu.ini", k);
        const char *ini = put_file(f, name, texts[k]);
        fc_rules *r = new_rules(f, 2);
        fc_error err;
        if (fc_rules_load_ini(r, ini, &err) != 0)
            fail_msg("%s: %s", name, err.msg);
        finish_ok(r);
        assert_int_equal(fc_rules_values(r)[GOAL].i, 30);
        assert_int_equal(fc_rules_values(r)[TOKENS].i, 5);
        fc_rules_free(r);
    }
    /* a NUL byte: not a rule set */
    char nul[128];
    snprintf(nul, sizeof nul, "%s/nul.ini", f->dir);
    snprintf(f->paths[f->npaths++], 128, "%s", nul);
    FILE *fp = fopen(nul, "wb");
    fwrite("[params]\ngoal = 3\0000\n", 1, 20, fp);
    fclose(fp);
    fc_rules *rn = new_rules(f, 2);
    fc_error en;
    assert_int_equal(fc_rules_load_ini(rn, nul, &en), FC_EPARSE);
    assert_non_null(strstr(en.msg, "contains a NUL byte"));
    fc_rules_free(rn);
    const char *ini = put_file(f, "mac.ini", "[params]\rgoal = 30\r");
    fc_rules *r = new_rules(f, 2);
    fc_error err;
    /* a bare CR ends a line like everywhere else (inih alone would drop the key silently) */
    if (fc_rules_load_ini(r, ini, &err) != 0)
        fail_msg("mac.ini: %s", err.msg);
    finish_ok(r);
    assert_int_equal(fc_rules_values(r)[GOAL].i, 30);
    fc_rules_free(r);
}

static void test_data_load_error(void **state)
{
    fixture *f = *state;
    const char *ini = put_file(f, "nomap.ini", "[params]\ntrack = nowhere.csv\n");
    fc_rules *r = new_rules(f, 2);
    fc_error err;
    assert_int_equal(fc_rules_load_ini(r, ini, &err), 0);
    assert_int_equal(fc_rules_finish(r, &err), FC_EIO);
    char want[256];
    /* the rule set reads the files PATH parameters name, and says where the path was set */
    snprintf(want, sizeof want, "%s:2: track: %s/nowhere.csv: cannot read: No such file or directory", ini, f->dir);
    assert_string_equal(err.msg, want);
    assert_null(fc_rules_values(r));
    assert_null(fc_rules_data(r));
    fc_rules_free(r);
}

static void test_seats_and_game(void **state)
{
    fixture *f = *state;
    fc_error err;
    assert_null(fc_rules_new(f->ctx, "bidrace", 5, &err));
    assert_int_equal(err.code, FC_ERANGE);
    assert_string_equal(err.msg, "bidrace takes 2-4 seats, got 5");
    assert_null(fc_rules_new(f->ctx, "bidrace", 1, &err));
    assert_string_equal(err.msg, "bidrace takes 2-4 seats, got 1");
    assert_null(fc_rules_new(f->ctx, "nosuchgame", 2, &err));
    assert_int_equal(err.code, FC_EUNKNOWN);
    assert_non_null(strstr(err.msg, "unknown game 'nosuchgame'"));
    fc_rules *r = new_rules(f, 4);
    assert_int_equal(fc_rules_nseats(r), 4);
    fc_rules_free(r);
}

static void expect_set_error(fixture *f, const char *assignment, int code, const char *msg)
{
    fc_rules *r = new_rules(f, 2);
    fc_error err;
    fc_error_clear(&err);
    int rc = fc_rules_set(r, assignment, &err);
    if (rc == 0 && code == FC_EUNKNOWN) /* maybe a variant's parameter: refused by finish */
        rc = fc_rules_finish(r, &err);
    assert_int_equal(rc, code);
    assert_string_equal(err.msg, msg);
    fc_rules_free(r);
}

static void test_set(void **state)
{
    fixture *f = *state;
    expect_set_error(f, "goal", FC_EPARSE, "--set: expected key=value, found 'goal'");
    expect_set_error(f, " = 5", FC_EPARSE, "--set: expected key=value, found ' = 5'");
    expect_set_error(f, "gaol=5", FC_EUNKNOWN, "--set: unknown parameter 'gaol' (did you mean goal?)");
    expect_set_error(f, "token=5", FC_EUNKNOWN, "--set: unknown parameter 'token' (did you mean tokens?)");
    expect_set_error(f, "goal=abc", FC_EPARSE, "--set: goal: expected an integer, found 'abc'");
    expect_set_error(f, "tie_rule=random", FC_EUNKNOWN,
                     "--set: tie_rule: unknown choice 'random' (choices: clockwise|nobody)");
    expect_set_error(f, "start_positions=1,2,3,4,5", FC_ERANGE, "--set: start_positions: 5 values, expected 1 to 4");

    char big[400];
    snprintf(big, sizeof big, "track=%0300d", 0);
    expect_set_error(f, big, FC_ERANGE, "--set: track: text of 300 bytes is too long (at most 255)");

    fc_rules *r = new_rules(f, 2);
    fc_error err;
    assert_int_equal(fc_rules_set(r, " goal = 25 ", &err), 0);
    assert_int_equal(fc_rules_set(r, "track=" FC_SOURCE_ROOT "/tests/fixtures/data/track.csv", &err), 0);
    assert_int_equal(fc_rules_set(r, "goal=500", &err), FC_ERANGE); /* a bad value keeps the previous one */
    finish_ok(r);
    assert_int_equal(fc_rules_values(r)[GOAL].i, 25);
    assert_string_equal(fc_rules_values(r)[TRACK].s, FC_SOURCE_ROOT "/tests/fixtures/data/track.csv");
    fc_rules_free(r);
}

static void test_variant_text(void **state)
{
    fixture *f = *state;
    static const char text[] = "variant{name = \"quick\", description = \"short\", game = \"bidrace\"}\n"
                               "set(\"goal\", 12)\n"
                               "set(\"start_positions\", {3, 4})\n";
    fc_rules *r = new_rules(f, 2);
    fc_error err;
    if (fc_rules_load_variant_text(r, "quick.lua", text, &err) != 0)
        fail_msg("%s", err.msg);
    assert_int_equal(fc_rules_load_variant_text(r, "again.lua", text, &err), FC_ESTATE);
    finish_ok(r);
    assert_string_equal(fc_rules_variant_name(r), "quick");
    assert_string_equal(fc_rules_variant_path(r), "quick.lua");
    assert_string_equal(fc_rules_variant_text(r), text);
    assert_true(fc_rules_variant_text(r) != text); /* kept as a copy */
    assert_int_equal(fc_rules_variant_hash(r), fc_hash64(text, strlen(text), 0));
    assert_true(fc_rules_variant_hash(r) != 0);
    const fc_value *v = fc_rules_values(r);
    assert_int_equal(v[GOAL].i, 12);
    assert_string_equal(fc_rules_origin(r, GOAL), "quick.lua:2");
    assert_int_equal(v[START].n, 2);
    assert_int_equal(v[START].list[1], 4);
    assert_string_equal(fc_rules_origin(r, START), "quick.lua:3");
    fc_rules_free(r);
}

static void test_variant_errors(void **state)
{
    fixture *f = *state;
    fc_error err;
    fc_rules *r = new_rules(f, 2);
    /* a value out of the schema's range: our parse, named by the set() line */
    assert_int_equal(fc_rules_load_variant_text(r, "v.lua",
                                                "variant{name = \"x\", game = \"bidrace\"}\n\nset(\"goal\", 999)\n",
                                                &err),
                     FC_ERANGE);
    assert_string_equal(err.msg, "v.lua:3: goal: 999 is out of range 5..200");
    /* wrong game: refused (by the probe or by us), naming the file and line */
    assert_true(fc_rules_load_variant_text(r, "w.lua", "variant{name = \"x\", game = \"termity\"}\n", &err) < 0);
    assert_non_null(strstr(err.msg, "w.lua:1:"));
    assert_non_null(strstr(err.msg, "termity"));
    /* failed loads leave no variant behind */
    finish_ok(r);
    assert_string_equal(fc_rules_variant_name(r), "none");
    assert_null(fc_rules_variant_text(r));
    assert_int_equal(fc_rules_values(r)[GOAL].i, 20);
    fc_rules_free(r);

    r = new_rules(f, 2);
    char path[128], want[256];
    snprintf(path, sizeof path, "%s/absent.lua", f->dir);
    assert_int_equal(fc_rules_load_variant(r, path, &err), FC_EIO);
    snprintf(want, sizeof want, "%s: cannot read: No such file or directory", path);
    assert_string_equal(err.msg, want);
    fc_rules_free(r);
}

/* A variant's param() joins the schema after the game's: default < INI < --set in any call
 * order (keys given before the variant are resolved at finish), range and name errors. */
static void test_variant_params(void **state)
{
    fixture *f = *state;
    const char *ini = put_file(f, "knob.ini", "[params]\ngoal = 30\nknob = 5\n");
    const char *lua = put_file(f, "knob.lua",
                               "variant{name = \"knobbed\", game = \"bidrace\"}\n"
                               "param(\"knob\", 4, 0, 9, \"a house rule's size\")\n");
    static const int orders[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    char ini_line[256];
    snprintf(ini_line, sizeof ini_line, "%s:3", ini);
    for (int with_set = 0; with_set < 2; with_set++)
        for (int o = 0; o < 6; o++) {
            fc_rules *r = new_rules(f, 2);
            fc_error err;
            for (int k = 0; k < 3; k++) {
                int rc = 0;
                if (orders[o][k] == 0)
                    rc = fc_rules_load_ini(r, ini, &err);
                else if (orders[o][k] == 1)
                    rc = fc_rules_load_variant(r, lua, &err);
                else if (with_set)
                    rc = fc_rules_set(r, "knob=8", &err) | fc_rules_set(r, "knob = 7", &err);
                if (rc != 0)
                    fail_msg("order %d step %d: %s", o, k, err.msg);
            }
            finish_ok(r);
            assert_int_equal(fc_rules_param_count(r), NPARAMS + 1);
            const fc_param_def *d = fc_rules_param_def(r, NPARAMS);
            assert_non_null(d);
            assert_string_equal(d->name, "knob");
            assert_int_equal(d->type, FC_PARAM_INT);
            assert_int_equal(d->def, 4);
            assert_int_equal(d->min, 0);
            assert_int_equal(d->max, 9);
            assert_string_equal(d->doc, "a house rule's size");
            assert_string_equal(fc_rules_param_def(r, GOAL)->name, "goal");
            assert_null(fc_rules_param_def(r, NPARAMS + 1));
            assert_int_equal(fc_rules_values(r)[NPARAMS].i, with_set ? 7 : 5);
            assert_string_equal(fc_rules_origin(r, NPARAMS), with_set ? "--set" : ini_line);
            assert_int_equal(fc_rules_values(r)[GOAL].i, 30);
            fc_rules_free(r);
        }

    /* the default, and a rule set without the variant keeps the game's schema only */
    fc_rules *r = new_rules(f, 2);
    fc_error err;
    assert_int_equal(fc_rules_load_variant(r, lua, &err), 0);
    finish_ok(r);
    assert_int_equal(fc_rules_values(r)[NPARAMS].i, 4);
    assert_string_equal(fc_rules_origin(r, NPARAMS), "default");
    fc_rules_free(r);
    r = new_rules(f, 2);
    finish_ok(r);
    assert_int_equal(fc_rules_param_count(r), NPARAMS);
    fc_rules_free(r);

    /* out of range: named, before the variant (at finish) or after it (at once) */
    r = new_rules(f, 2);
    assert_int_equal(fc_rules_set(r, "knob=10", &err), 0);
    assert_int_equal(fc_rules_load_variant(r, lua, &err), 0);
    assert_int_equal(fc_rules_finish(r, &err), FC_ERANGE);
    assert_string_equal(err.msg, "--set: knob: 10 is out of range 0..9");
    fc_rules_free(r);
    r = new_rules(f, 2);
    assert_int_equal(fc_rules_load_variant(r, lua, &err), 0);
    assert_int_equal(fc_rules_set(r, "knob=-1", &err), FC_ERANGE);
    assert_string_equal(err.msg, "--set: knob: -1 is out of range 0..9");
    assert_int_equal(fc_rules_set(r, "knbo=1", &err), FC_EUNKNOWN);
    assert_string_equal(err.msg, "--set: unknown parameter 'knbo' (did you mean knob?)");
    fc_rules_free(r);
    const char *bad = put_file(f, "knob-bad.ini", "[params]\n\nknob = 99\n");
    r = new_rules(f, 2);
    assert_int_equal(fc_rules_load_ini(r, bad, &err), 0);
    assert_int_equal(fc_rules_load_variant(r, lua, &err), 0);
    assert_int_equal(fc_rules_finish(r, &err), FC_ERANGE);
    char want[512];
    snprintf(want, sizeof want, "%s:3: knob: 99 is out of range 0..9", bad);
    assert_string_equal(err.msg, want);
    fc_rules_free(r);
    /* an undeclared key is refused by finish, naming where it was given */
    r = new_rules(f, 2);
    assert_int_equal(fc_rules_set(r, "knobs=1", &err), 0);
    assert_int_equal(fc_rules_load_variant(r, lua, &err), 0);
    assert_int_equal(fc_rules_finish(r, &err), FC_EUNKNOWN);
    assert_string_equal(err.msg, "--set: unknown parameter 'knobs' (did you mean knob?)");
    fc_rules_free(r);
    /* twice in one INI, even before the variant is known */
    const char *twice = put_file(f, "knob-twice.ini", "[params]\nknob = 1\nknob = 2\n");
    r = new_rules(f, 2);
    assert_int_equal(fc_rules_load_ini(r, twice, &err), FC_EPARSE);
    snprintf(want, sizeof want, "%s:3: 'knob' is set twice (first on line 2)", twice);
    assert_string_equal(err.msg, want);
    /* a refused INI leaves no key behind */
    finish_ok(r);
    fc_rules_free(r);
    /* a variant may not declare a game parameter */
    r = new_rules(f, 2);
    assert_int_equal(fc_rules_load_variant_text(r, "g.lua",
                                                "variant{name = \"x\", game = \"bidrace\"}\nparam(\"goal\", 1, 0, 9)\n",
                                                &err),
                     FC_ESCRIPT);
    assert_string_equal(err.msg, "g.lua:2: param: 'goal' is a parameter of game bidrace (set it with set())");
    finish_ok(r);
    assert_int_equal(fc_rules_param_count(r), NPARAMS);
    fc_rules_free(r);
}

/* [ruleset] tuned_agent_K: the agents a tuned rule set was tuned with, kept for the front ends. */
static void test_tuned_agents(void **state)
{
    fixture *f = *state;
    const char *ini = put_file(f, "tuned.ini",
                               "[ruleset]\nname = t\ntuned_agent_2 = mcts:iters=50,c=1.2\ntuned_agent_1 = greedy\n"
                               "[params]\ngoal = 30\n");
    fc_rules *r = new_rules(f, 2);
    fc_error err;
    fc_error_clear(&err);
    assert_int_equal(fc_rules_tuned_seats(r), 0);
    assert_null(fc_rules_tuned_agent(r, 0));
    if (fc_rules_load_ini(r, ini, &err) != 0)
        fail_msg("%s", err.msg);
    finish_ok(r);
    assert_int_equal(fc_rules_tuned_seats(r), 2);
    assert_string_equal(fc_rules_tuned_agent(r, 0), "greedy");
    assert_string_equal(fc_rules_tuned_agent(r, 1), "mcts:iters=50,c=1.2");
    assert_null(fc_rules_tuned_agent(r, 2));
    assert_null(fc_rules_tuned_agent(r, -1));
    assert_int_equal(fc_rules_values(r)[GOAL].i, 30);
    fc_rules_free(r);
    expect_ini_error(f, "t1.ini", "[ruleset]\ntuned_agent_1 = greedy\ntuned_agent_3 = random\n", FC_EPARSE, 3,
                     "tuned_agent_3 given without tuned_agent_2");
    expect_ini_error(f, "t2.ini", "[ruleset]\ntuned_agent_9 = greedy\n", FC_EUNKNOWN, 2,
                     "unknown key 'tuned_agent_9' in [ruleset] (tuned_agent_K takes a seat K in 1..8)");
    expect_ini_error(f, "t3.ini", "[ruleset]\ntuned_agent_01 = greedy\n", FC_EUNKNOWN, 2,
                     "unknown key 'tuned_agent_01' in [ruleset] (tuned_agent_K takes a seat K in 1..8)");
    expect_ini_error(f, "t4.ini", "[ruleset]\ntuned_agent_1 = greedy\n\ntuned_agent_1 = random\n", FC_EPARSE, 4,
                     "'tuned_agent_1' is set twice (first on line 2)");
    expect_ini_error(f, "t5.ini", "[ruleset]\ntuned_agent_1 =\n", FC_EPARSE, 2,
                     "tuned_agent_1 must be an agent spec of 1 to 255 characters");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_defaults, setup, teardown),
        cmocka_unit_test_setup_teardown(test_ini_values_and_origins, setup, teardown),
        cmocka_unit_test_setup_teardown(test_name_from_stem, setup, teardown),
        cmocka_unit_test_setup_teardown(test_precedence_any_order, setup, teardown),
        cmocka_unit_test_setup_teardown(test_ini_errors, setup, teardown),
        cmocka_unit_test_setup_teardown(test_ini_line_endings, setup, teardown),
        cmocka_unit_test_setup_teardown(test_data_load_error, setup, teardown),
        cmocka_unit_test_setup_teardown(test_seats_and_game, setup, teardown),
        cmocka_unit_test_setup_teardown(test_set, setup, teardown),
        cmocka_unit_test_setup_teardown(test_variant_text, setup, teardown),
        cmocka_unit_test_setup_teardown(test_variant_errors, setup, teardown),
        cmocka_unit_test_setup_teardown(test_variant_params, setup, teardown),
        cmocka_unit_test_setup_teardown(test_tuned_agents, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
