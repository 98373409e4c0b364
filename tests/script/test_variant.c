/* Tests for variant.c through a fake plugin: metadata and settings collected by the probe,
 * load-time errors with exact "file:line: message" text, hook calls with game./action.
 * accessors (1-based seats), result conversion, attacks inside hooks (after each, the same
 * runtime must answer a valid hook call), and math.random as a pure function of the state. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "formicary/variant.h"

/* --- the fake game ----------------------------------------------------------------- */

typedef struct tstate {
    int32_t food[4];
    int32_t round;
    int32_t pad;
} tstate;

static int q_food(void *st, const fc_env *env, const int64_t *a, int64_t *r)
{
    *r = ((tstate *)st)->food[a[0]];
    return 0;
}

static int q_round(void *st, const fc_env *env, const int64_t *a, int64_t *r)
{
    *r = ((tstate *)st)->round;
    return 0;
}

static int a_give(void *st, const fc_env *env, const int64_t *a, int64_t *r)
{
    tstate *s = st;
    if (a[1] < 0)
        return -1;
    s->food[a[0]] += (int32_t)a[1];
    *r = s->food[a[0]];
    return 0;
}

static const fc_lua_fn queries[] = {
    {"food", "(seat) -> food", 1, 1u, q_food},
    {"round", "() -> round", 0, 0, q_round},
};
static const fc_lua_fn actions[] = {{"give", "(seat, n) -> food", 2, 1u, a_give}};
enum { H_SCORE, H_ROUND_END };
static const fc_hook_def hooks[] = {
    {"score", "(seat, x) -> score", 2, 1u, 0, -1000000000, 1000000000},
    {"round_end", "(round) -> value", 1, 0, FC_HOOK_MUTABLE, FC_HOOK_ANY_LO, FC_HOOK_ANY_HI},
};
static const fc_param_def params[] = {
    {.name = "years", .type = FC_PARAM_INT, .def = 3, .min = 1, .max = 5, .doc = "years"},
    {.name = "sizes", .type = FC_PARAM_INT_LIST, .min = 0, .max = 9, .def_text = "1,2", .list_min = 1, .list_max = 4,
     .doc = "sizes"},
    {.name = "fast", .type = FC_PARAM_BOOL, .doc = "fast"},
    {.name = "title", .type = FC_PARAM_STRING, .def_text = "", .doc = "title"},
};
static const fc_game game = {.struct_version = 1, .struct_size = sizeof(fc_game), .state_size = sizeof(tstate),
                             .max_decisions = 1};
static const fc_plugin plugin = {
    .struct_version = 1, .struct_size = sizeof(fc_plugin), .abi_major = FC_ABI_MAJOR, .api_minor = FC_API_MINOR,
    .id = "testgame", .name = "Test game", .version = "1.0.0", .min_seats = 2, .max_seats = 4,
    .params = params, .nparams = 4, .hooks = hooks, .nhooks = 2, .queries = queries, .nqueries = 2,
    .actions = actions, .nactions = 1, .game = &game,
};

/* --- helpers ------------------------------------------------------------------------ */

static char *read_script(const char *name)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", FC_TEST_LUA, name);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    char *buf = calloc(1, 1 << 16);
    assert_non_null(buf);
    size_t n = fread(buf, 1, (1 << 16) - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

static fc_hooks *load_hooks(const char *name)
{
    char *text = read_script(name);
    fc_error err;
    fc_hooks *h = fc_hooks_new(&plugin, name, text, &err);
    free(text);
    if (!h)
        fail_msg("%s: %s", name, err.msg);
    return h;
}

static void expect_load_error(const fc_plugin *p, const char *name, const char *msg)
{
    char *text = read_script(name);
    fc_error err;
    fc_error_clear(&err);
    assert_null(fc_hooks_new(p, name, text, &err));
    assert_int_equal(err.code, FC_ESCRIPT);
    assert_string_equal(err.msg, msg);
    fc_variant_probe_result res;
    fc_error_clear(&err);
    assert_int_equal(fc_variant_probe(p, name, text, &res, &err), FC_ESCRIPT);
    assert_string_equal(err.msg, msg);
    free(text);
    /* the host goes on: a valid variant still loads and answers */
    fc_hooks *h = load_hooks("attacks.lua");
    tstate st = {{1, 2, 3, 4}, 1, 0};
    fc_env env = {.nseats = 3};
    int64_t args[2] = {0, 99};
    assert_int_equal(fc_hooks_call(h, &env, H_SCORE, &st, args, 2, -1), 199);
    fc_hooks_free(h);
}

static void expect_inline_error(const char *text, const char *msg)
{
    fc_error err;
    fc_variant_probe_result res;
    assert_int_equal(fc_variant_probe(&plugin, "inline.lua", text, &res, &err), FC_ESCRIPT);
    assert_string_equal(err.msg, msg);
}

static int64_t score(fc_hooks *h, tstate *st, int seat, int x, int64_t dflt)
{
    fc_env env = {.nseats = 3, .hooks = h};
    int64_t args[2] = {seat, x};
    return fc_hooks_call(h, &env, H_SCORE, st, args, 2, dflt);
}

/* --- tests -------------------------------------------------------------------------- */

static void test_probe(void **state)
{
    char *text = read_script("ok.lua");
    fc_variant_probe_result res;
    fc_error err;
    assert_int_equal(fc_variant_probe(&plugin, "ok.lua", text, &res, &err), 0);
    assert_string_equal(res.meta.name, "Test");
    assert_string_equal(res.meta.description, "exercises the variant API");
    assert_string_equal(res.meta.game, "testgame");
    assert_int_equal(res.meta.line, 2);
    assert_int_equal(res.nsettings, 4);
    const char *keys[] = {"years", "sizes", "fast", "title"};
    const char *values[] = {"4", "4,5,6", "true", "hello"};
    for (int i = 0; i < 4; i++) {
        assert_string_equal(res.settings[i].key, keys[i]);
        assert_string_equal(res.settings[i].value, values[i]);
        assert_int_equal(res.settings[i].line, 3 + i);
    }
    assert_int_equal(res.hooks_mask, 3);
    /* without a game, hooks cannot be checked */
    assert_int_equal(fc_variant_probe(NULL, "ok.lua", text, &res, &err), FC_ESCRIPT);
    assert_string_equal(err.msg, "ok.lua:8: hook 'score': hooks need a game");
    free(text);
    /* but parameters are accepted unchecked */
    assert_int_equal(fc_variant_probe(NULL, "p.lua", "variant{name='n', game='g'}\nset('anything', -2.5)", &res, &err),
                     0);
    assert_int_equal(res.nsettings, 1);
    assert_string_equal(res.settings[0].value, "-2.5");
    assert_int_equal(res.settings[0].line, 2);
    assert_int_equal(res.hooks_mask, 0);
}

static void test_load_errors(void **state)
{
    expect_load_error(&plugin, "bytecode.lua", "bytecode.lua: binary chunks are not allowed (text only)");
    expect_load_error(&plugin, "missing_variant.lua", "missing_variant.lua: missing variant{...} declaration");
    expect_load_error(&plugin, "unknown_param.lua", "unknown_param.lua:5: unknown parameter 'yaers' for game testgame");
    expect_load_error(&plugin, "unknown_hook.lua",
                      "unknown_hook.lua:7: unknown hook point 'winter_cost' for game testgame (known: score, round_end)");
    expect_load_error(&plugin, "hook_twice.lua", "hook_twice.lua:3: hook 'score' registered twice");
    expect_load_error(&plugin, "outside.lua", "outside.lua:3: game.round is only available inside a hook");
    expect_load_error(&plugin, "wrong_game.lua", "wrong_game.lua:1: variant is for game 'termity', not testgame");
}

static void test_load_budget(void **state)
{
    expect_load_error(&plugin, "load_loop.lua", "load_loop.lua:3: instruction budget of 50000000 exceeded");
}

static void test_inline_errors(void **state)
{
    expect_inline_error("variant{ game = 'testgame' }", "inline.lua:1: variant{}: name must be a non-empty string, not nil");
    expect_inline_error("variant{ name = '', game = 'testgame' }",
                        "inline.lua:1: variant{}: name must be a non-empty string, not an empty string");
    expect_inline_error("variant{ name = 'a', game = 'testgame' }\nvariant{ name = 'b', game = 'testgame' }",
                        "inline.lua:2: variant{} declared twice (first at line 1)");
    expect_inline_error("variant{ name = 'a', game = 'testgame' }\nset('years', 2)\nset('years', 3)",
                        "inline.lua:3: parameter 'years' already set at line 2");
    expect_inline_error("variant{ name = 'a', game = 'testgame' }\nset('sizes', {1, 'x'})",
                        "inline.lua:2: set: element 2 of list 'sizes' is not an integer");
    expect_inline_error("variant{ name = 'a', game = 'testgame' }\nset('years', print)",
                        "inline.lua:2: set: value of 'years' must be a number, boolean, string or list of integers, "
                        "not function");
    expect_inline_error("variant{ name = 'a', game = 'testgame' }\nhook('score', 3)",
                        "inline.lua:2: bad argument #2 to 'hook' (function expected, got number)");
}

/* A long path is shortened the same way in Lua's messages and in the core's. */
static void test_long_chunkname(void **state)
{
    const char *path = "/a/rather/long/directory/name/for/variant/scripts/of/testgame/v.lua";
    fc_variant_probe_result res;
    fc_error e1, e2;
    assert_int_equal(fc_variant_probe(&plugin, path, "set('years', 1)", &res, &e1), FC_ESCRIPT);
    assert_int_equal(fc_variant_probe(&plugin, path, "variant{name = 'a', game = 'testgame'}\nset('nope', 1)", &res,
                                      &e2),
                     FC_ESCRIPT);
    const char *tail1 = strstr(e1.msg, ": missing variant{...} declaration");
    const char *tail2 = strstr(e2.msg, ":2: unknown parameter 'nope' for game testgame");
    assert_non_null(tail1);
    assert_non_null(tail2);
    assert_int_equal(tail1 - e1.msg, tail2 - e2.msg);
    assert_memory_equal(e1.msg, e2.msg, (size_t)(tail1 - e1.msg));
    assert_memory_equal(e1.msg, "...", 3);
    assert_non_null(strstr(e1.msg, "testgame/v.lua:"));
}

static void test_accessors(void **state)
{
    fc_hooks *h = load_hooks("ok.lua");
    assert_int_equal(fc_hooks_mask(h), 3);
    tstate st = {{10, 20, 30, 0}, 7, 0};
    assert_int_equal(score(h, &st, 1, 1, -1), 20); /* C seat 1 is Lua seat 2, passed back as 2 */
    assert_int_equal(score(h, &st, 2, 2, -1), 3);
    assert_int_equal(score(h, &st, 0, 5, -1), 70);
    assert_int_equal(score(h, &st, 0, 6, -1), -1); /* nil: the default */
    assert_int_equal(score(h, &st, 0, 7, -1), 1);  /* true */
    assert_int_equal(score(h, &st, 0, 8, -1), 6);  /* 6.0 */
    assert_int_equal(score(h, &st, 2, 50, -1), 350);
    assert_string_equal(fc_hooks_error(h), "");

    fc_env env = {.nseats = 3, .hooks = h};
    int64_t r = 7;
    assert_int_equal(fc_hooks_call(h, &env, H_ROUND_END, &st, &r, 1, -1), 32);
    assert_int_equal(st.food[1], 25);
    assert_string_equal(fc_hooks_error(h), "");

    /* actions refused in a hook that may not change the state; state untouched */
    assert_int_equal(score(h, &st, 0, 4, -9), -9);
    assert_string_equal(fc_hooks_error(h),
                        "ok.lua:12: action.give is not allowed in hook score (it may not change the state)");
    assert_int_equal(st.food[0], 10);
    /* the first error is kept */
    assert_int_equal(score(h, &st, 0, 9, -9), -9);
    assert_string_equal(fc_hooks_error(h),
                        "ok.lua:12: action.give is not allowed in hook score (it may not change the state)");
    fc_hooks_clear_error(h);
    assert_int_equal(score(h, &st, 0, 9, -9), -9);
    assert_string_equal(fc_hooks_error(h), "ok.lua:17: game.food: argument 1 is seat 6, expected 1..3");
    fc_hooks_clear_error(h);
    assert_int_equal(score(h, &st, 0, 10, -9), -9);
    assert_string_equal(fc_hooks_error(h), "ok.lua:18: game.food expects 1 argument, got 0");
    fc_hooks_clear_error(h);
    assert_int_equal(score(h, &st, 0, 11, -9), -9);
    assert_string_equal(fc_hooks_error(h), "ok.lua:19: game.food: argument 1 must be an integer, not string");
    fc_hooks_clear_error(h);
    assert_int_equal(score(h, &st, 0, 12, -9), -9);
    assert_string_equal(fc_hooks_error(h), "ok.lua:20: game.food: argument 1 must be an integer, not a fraction");
    fc_hooks_clear_error(h);
    r = -1;
    assert_int_equal(fc_hooks_call(h, &env, H_ROUND_END, &st, &r, 1, -5), -5);
    assert_string_equal(fc_hooks_error(h), "ok.lua:26: action.give failed");
    fc_hooks_clear_error(h);

    /* calls the script cannot answer */
    assert_int_equal(fc_hooks_call(h, &env, 5, &st, &r, 1, 44), 44); /* no such hook point */
    assert_string_equal(fc_hooks_error(h), "");
    assert_int_equal(fc_hooks_call(h, &env, H_ROUND_END, &st, &r, 0, 45), 45);
    assert_string_equal(fc_hooks_error(h), "ok.lua: hook round_end called with 0 arguments, expected 1");
    fc_hooks_clear_error(h);
    /* still alive */
    r = 1;
    assert_int_equal(fc_hooks_call(h, &env, H_ROUND_END, &st, &r, 1, -1), 36); /* food[1] 30 + 5 + 1 */
    fc_hooks_free(h);
}

static void test_unregistered_hook(void **state)
{
    fc_error err;
    fc_hooks *h = fc_hooks_new(&plugin, "one.lua",
                               "variant{name = 'one', game = 'testgame'}\nhook('round_end', function(r) return r end)",
                               &err);
    assert_non_null(h);
    assert_int_equal(fc_hooks_mask(h), 2);
    tstate st = {{0}, 0, 0};
    assert_int_equal(score(h, &st, 0, 1, 123), 123);
    assert_string_equal(fc_hooks_error(h), "");
    fc_hooks_free(h);
}

/* fc_hooks_call_many (fc_host.hook_ints): the same answers as one call per item; a pure hook's
 * list is answered again from the cache (keyed by the default too), failures are reported on
 * every call, and a hook that reads the state is asked again. */
static void many(fc_hooks *h, tstate *st, const int64_t *args, int count, int64_t dflt, int64_t *out)
{
    fc_env env = {.nseats = 3, .hooks = h};
    fc_hooks_call_many(h, &env, H_SCORE, st, args, 2, count, dflt, out);
}

static void test_call_many(void **state)
{
    (void)state;
    fc_error err;
    const char *pure = "variant{ name = 'many', game = 'testgame' }\n"
                       "hook('score', function(seat, x)\n"
                       "  if x == 7 then return nil end\n"
                       "  if x == 13 then return 1 // (x - 13) end\n"
                       "  return seat * 100 + x\n"
                       "end)\n";
    fc_hooks *h = fc_hooks_new(&plugin, "many.lua", pure, &err);
    if (!h)
        fail_msg("%s", err.msg);
    tstate st = {{1, 2, 3, 4}, 1, 0};
    int64_t args[6] = {0, 1, 1, 7, 2, 3}, out[3];
    for (int round = 0; round < 3; round++) {
        unsigned long before = fc_hooks_calls(h);
        many(h, &st, args, 3, -9, out);
        assert_int_equal(out[0], 101);
        assert_int_equal(out[1], -9);
        assert_int_equal(out[2], 303);
        assert_int_equal(fc_hooks_calls(h) - before, 3);
        for (int i = 0; i < 3; i++)
            assert_int_equal(out[i], score(h, &st, (int)args[2 * i], (int)args[2 * i + 1], -9));
    }
    many(h, &st, args, 3, -5, out); /* a nil answer takes this list's default */
    assert_int_equal(out[1], -5);
    int64_t bad[4] = {0, 1, 1, 13};
    for (int round = 0; round < 2; round++) {
        many(h, &st, bad, 2, -9, out);
        assert_int_equal(out[0], 101);
        assert_int_equal(out[1], -9);
        assert_non_null(strstr(fc_hooks_error(h), "many.lua:4:"));
        fc_hooks_clear_error(h);
    }
    fc_hooks_free(h);

    const char *reads = "variant{ name = 'reads', game = 'testgame' }\n"
                        "hook('score', function(seat, x) return game.food(seat) + x end)\n";
    h = fc_hooks_new(&plugin, "reads.lua", reads, &err);
    if (!h)
        fail_msg("%s", err.msg);
    int64_t two[4] = {0, 10, 1, 20};
    many(h, &st, two, 2, 0, out);
    assert_int_equal(out[0], 11);
    assert_int_equal(out[1], 22);
    st.food[1] = 50;
    many(h, &st, two, 2, 0, out);
    assert_int_equal(out[1], 70);
    fc_hooks_free(h);
}

static void test_random_pure(void **state)
{
    fc_hooks *h = load_hooks("ok.lua");
    fc_hooks *h2 = load_hooks("ok.lua");
    tstate a = {{10, 20, 30, 0}, 7, 0};
    tstate a2 = a;
    tstate b = a;
    b.food[0] = 11;
    int64_t ra = score(h, &a, 0, 3, -1);
    assert_true(ra >= 1 && ra <= 1000000000);
    assert_int_equal(score(h, &a, 0, 3, -1), ra);
    assert_int_equal(score(h, &a2, 0, 3, -1), ra);
    assert_int_equal(score(h2, &a, 0, 3, -1), ra);
    int64_t rb = score(h, &b, 0, 3, -1);
    assert_true(rb >= 1 && rb <= 1000000000);
    assert_int_not_equal(rb, ra);
    assert_string_equal(fc_hooks_error(h), "");
    fc_hooks_free(h);
    fc_hooks_free(h2);
}

typedef struct attack {
    int x;
    const char *msg;
} attack;

static void test_attacks(void **state)
{
    static const attack attacks[] = {
        {1, "attacks.lua:4: attempt to index a nil value (global 'io')"},
        {2, "attacks.lua:5: attempt to index a nil value (global 'os')"},
        {3, "attacks.lua:6: attempt to call a nil value (global 'require')"},
        {4, "attacks.lua:7: attempt to call a nil value (global 'load')"},
        {5, "attacks.lua:8: attempt to call a nil value (field 'dump')"},
        {6, "attacks.lua:9: instruction budget of 5000000 exceeded"},
        {7, "attacks.lua:10: instruction budget of 5000000 exceeded"},
        {8, "attacks.lua:11: memory limit of 32 MiB exceeded"},
        {9, "attacks.lua:12: instruction budget of 5000000 exceeded"}, /* 16 bytes made = 1 unit */
        {10, "attacks.lua:13: instruction budget of 5000000 exceeded"}, /* calls charge their transfers */
        {11, "attacks.lua:3: hook score returned a string, expected an integer"},
        {12, "attacks.lua:3: hook score returned the non-integral number 2.5, expected an integer"},
        {13, "attacks.lua:16: instruction budget of 5000000 exceeded"},
        {14, "attacks.lua:3: hook score returned 9223372036854775807, expected -1000000000..1000000000"},
        {15, "attacks.lua:3: hook score returned 2147483647, expected -1000000000..1000000000"},
        {16, "attacks.lua:3: hook score returned -9223372036854775808, expected -1000000000..1000000000"},
    };
    fc_hooks *h = load_hooks("attacks.lua");
    tstate st = {{1, 2, 3, 4}, 1, 0};
    fc_env env = {.nseats = 3, .hooks = h};
    for (size_t i = 0; i < sizeof attacks / sizeof attacks[0]; i++) {
        assert_int_equal(score(h, &st, 0, attacks[i].x, -77), -77);
        if (strcmp(fc_hooks_error(h), attacks[i].msg) != 0)
            fail_msg("attack %d: got \"%s\", expected \"%s\"", attacks[i].x, fc_hooks_error(h), attacks[i].msg);
        fc_hooks_clear_error(h);
        /* the runtime answers the next valid calls */
        assert_int_equal(score(h, &st, 1, 99, -1), 299);
        int64_t r = 41;
        assert_int_equal(fc_hooks_call(h, &env, H_ROUND_END, &st, &r, 1, -1), 42);
        assert_string_equal(fc_hooks_error(h), "");
    }
    fc_hooks_free(h);
}

/* Every hook call ends within its budget whatever C library work it asks for (issue 12, item 2):
 * each attack stops at its own line with the budget message, and the runtime goes on. */
static void test_cost(void **state)
{
    (void)state;
    fc_hooks *h = load_hooks("cost.lua");
    tstate st = {{1, 2, 3, 4}, 1, 0};
    for (int x = 1; x <= 18; x++) {
        char want[128], mem[128];
        snprintf(want, sizeof want, "cost.lua:%d: instruction budget of 5000000 exceeded", x + 9);
        /* no collection inside a call: a loop making megabytes of garbage meets the memory cap first */
        snprintf(mem, sizeof mem, "cost.lua:%d: memory limit of 32 MiB exceeded", x + 9);
        assert_int_equal(score(h, &st, 0, x, -77), -77);
        if (strcmp(fc_hooks_error(h), want) != 0 && strcmp(fc_hooks_error(h), mem) != 0)
            fail_msg("cost %d: got \"%s\", expected \"%s\"", x, fc_hooks_error(h), want);
        fc_hooks_clear_error(h);
        assert_int_equal(score(h, &st, 1, 99, -1), 299);
        assert_string_equal(fc_hooks_error(h), "");
    }
    fc_hooks_free(h);
}

/* Hooks cannot keep state between calls (issue 12, item 3): writes to what the body made are
 * refused at their line, a changed upvalue is put back and reported at its function, and the
 * same call keeps giving the same answer. */
static void test_stateful(void **state)
{
    (void)state;
    static const char frozen[] = "attempt to modify a frozen table (what the script body made is read-only in "
                                 "hooks: a hook may not keep state between calls)";
    static const char lib[] = "attempt to modify a standard library table (string, table, math and utf8 are "
                              "shared by every script and hook and are read-only)";
    static const struct {
        int x, line;
        const char *msg;
    } cases[] = {
        {1, 12, frozen},
        {2, 11, "the function defined here changed upvalue 'n' during a hook call (a hook may not keep state "
                "between calls; the value is put back)"},
        {3, 14, frozen},
        {4, 15, lib},
        {5, 16, frozen},
        {6, 17, "cannot change a protected metatable"},
        {7, 18, lib},
        {8, 19, "hook() is only available in the script body, not inside a hook"},
        {9, 20, frozen},
        {10, 21, frozen},
    };
    fc_hooks *h = load_hooks("stateful.lua");
    tstate st = {{1, 2, 3, 4}, 1, 0};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char want[FC_ERROR_MSG_MAX];
        snprintf(want, sizeof want, "stateful.lua:%d: %s", cases[i].line, cases[i].msg);
        for (int again = 0; again < 2; again++) { /* the second call fails the same way */
            assert_int_equal(score(h, &st, 0, cases[i].x, -77), -77);
            if (strcmp(fc_hooks_error(h), want) != 0)
                fail_msg("stateful %d: got \"%s\", expected \"%s\"", cases[i].x, fc_hooks_error(h), want);
            fc_hooks_clear_error(h);
        }
        /* reading, fresh tables, metatables and methods still work, with the same answer */
        int64_t r = score(h, &st, 0, 11, -1);
        if (r != 11037)
            fail_msg("after stateful %d: got %lld (%s)", cases[i].x, (long long)r, fc_hooks_error(h));
    }
    fc_hooks_free(h);
    /* a gmatch iterator would carry its position between calls: refused at load */
    expect_load_error(&plugin, "keep_iterator.lua",
                      "keep_iterator.lua: a userdata (such as a string.gmatch iterator) is still reachable from a "
                      "global or an upvalue after the script body ran: hooks may not keep state between calls");
}

/* Tables and functions are formatted without addresses everywhere (issue 12, item 4). */
static void test_addresses(void **state)
{
    (void)state;
    fc_hooks *h = load_hooks("addresses.lua");
    tstate st = {{1, 2, 3, 4}, 1, 0};
    assert_int_equal(score(h, &st, 0, 1, -1), 20 + 13);
    assert_string_equal(fc_hooks_error(h), "");
    fc_hooks_free(h);
}

/* param(): declarations collected by the probe, errors with their exact text; params.<name>
 * read in hooks (defaults, then the values given), read-only, not in the script body. */
static void test_params(void **state)
{
    char *text = read_script("params.lua");
    fc_variant_probe_result res;
    fc_error err;
    assert_int_equal(fc_variant_probe(&plugin, "params.lua", text, &res, &err), 0);
    assert_int_equal(res.nparams, 2);
    assert_string_equal(res.params[0].name, "bonus");
    assert_int_equal(res.params[0].def, 3);
    assert_int_equal(res.params[0].lo, 0);
    assert_int_equal(res.params[0].hi, 10);
    assert_string_equal(res.params[0].doc, "extra score");
    assert_int_equal(res.params[0].line, 2);
    assert_string_equal(res.params[1].name, "penalty");
    assert_int_equal(res.params[1].def, -2);
    assert_string_equal(res.params[1].doc, "");
    assert_int_equal(res.nsettings, 1);
    free(text);

    fc_hooks *h = load_hooks("params.lua");
    tstate st = {{1, 2, 3, 4}, 1, 0};
    assert_int_equal(score(h, &st, 0, 1, -1), 4); /* 1 + default 3 */
    assert_int_equal(score(h, &st, 0, 2, -1), -2);
    fc_value v[2];
    memset(v, 0, sizeof v);
    v[0].i = 7;
    v[1].i = -5;
    assert_int_equal(fc_hooks_set_params(h, v, 2, &err), 0);
    assert_int_equal(score(h, &st, 0, 1, -1), 8);
    assert_int_equal(score(h, &st, 0, 2, -1), -5);
    assert_string_equal(fc_hooks_error(h), "");
    assert_int_equal(score(h, &st, 0, 3, -9), -9);
    assert_string_equal(fc_hooks_error(h), "params.lua:9: params.nope: no such parameter (declared: bonus, penalty)");
    fc_hooks_clear_error(h);
    assert_int_equal(score(h, &st, 0, 4, -9), -9);
    assert_string_equal(fc_hooks_error(h),
                        "params.lua:10: attempt to modify a frozen table (what the script body made is read-only "
                        "in hooks: a hook may not keep state between calls)");
    fc_hooks_clear_error(h);
    assert_int_equal(score(h, &st, 0, 1, -1), 8); /* unchanged */
    /* values are checked: count and range */
    assert_int_equal(fc_hooks_set_params(h, v, 1, &err), FC_EINVAL);
    assert_string_equal(err.msg, "params.lua: 1 parameter values for 2 declared parameters");
    v[0].i = 11;
    assert_int_equal(fc_hooks_set_params(h, v, 2, &err), FC_ERANGE);
    assert_string_equal(err.msg, "params.lua: bonus: 11 is out of range 0..10");
    fc_hooks_free(h);

    expect_load_error(&plugin, "params_body.lua", "params_body.lua:3: params.bonus is only available inside a hook");
    const char *head = "variant{ name = 'a', game = 'testgame' }\n";
    char buf[512];
    static const struct {
        const char *body, *msg;
    } bad[] = {
        {"param('Bonus', 1, 0, 2)", "inline.lua:2: param: bad name 'Bonus' (expected [a-z][a-z0-9_]*, at most 47 bytes)"},
        {"param('a-b', 1, 0, 2)", "inline.lua:2: param: bad name 'a-b' (expected [a-z][a-z0-9_]*, at most 47 bytes)"},
        {"param('', 1, 0, 2)", "inline.lua:2: param: bad name '' (expected [a-z][a-z0-9_]*, at most 47 bytes)"},
        {"param('a23456789012345678901234567890123456789012345678', 1, 0, 2)",
         "inline.lua:2: param: bad name 'a23456789012345678901234567890123456789012345678' (expected [a-z][a-z0-9_]*, "
         "at most 47 bytes)"},
        {"param(3, 1, 0, 2)", "inline.lua:2: param: the name must be a string, not number"},
        {"param('years', 1, 0, 2)", "inline.lua:2: param: 'years' is a parameter of game testgame (set it with set())"},
        {"param('k', 1, 0, 2)\nparam('k', 1, 0, 2)", "inline.lua:3: param: 'k' declared twice (first at line 2)"},
        {"param('k', 3, 0, 2)", "inline.lua:2: param: 'k': default 3 is outside 0..2"},
        {"param('k', 1, 2, 0)", "inline.lua:2: param: 'k': empty range 2..0"},
        {"param('k', 1.5, 0, 2)", "inline.lua:2: param: 'k': the default must be an integer, not a fraction"},
        {"param('k', 1, nil, 2)", "inline.lua:2: param: 'k': lo must be an integer, not nil"},
        {"param('k', 1, 0, '2')", "inline.lua:2: param: 'k': hi must be an integer, not string"},
        {"param('k', 1, 0, 2, 5)", "inline.lua:2: param: 'k': doc must be a string, not number"},
        {"param('k', 1, 0, 2, 'a\\nb')", "inline.lua:2: param: 'k': doc must be one line of at most 159 bytes"},
        {"param('k', 1, 0, 2, 'd', 1)",
         "inline.lua:2: param: 'k': expected (name, default, lo, hi [, doc]), got 6 arguments"},
        {"param('k', 1, 0, 2)\nset('k', 2)",
         "inline.lua:3: set: 'k' is this variant's own parameter (declared at line 2: its default is param()'s second "
         "argument)"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        snprintf(buf, sizeof buf, "%s%s", head, bad[i].body);
        expect_inline_error(buf, bad[i].msg);
    }
    snprintf(buf, sizeof buf, "%sparams.x = 1", head); /* in the body: our own message */
    expect_inline_error(buf, "inline.lua:2: params.x: params is read-only (declare a parameter with param())");
    /* too many */
    size_t k = (size_t)snprintf(buf, sizeof buf, "%s", head);
    for (int i = 0; i <= FC_VARIANT_MAX_PARAMS; i++)
        k += (size_t)snprintf(buf + k, sizeof buf - k, "param('p%d', 0, 0, 1) ", i);
    expect_inline_error(buf, "inline.lua:2: param: too many parameters (at most 16)");
    /* inside a hook: refused like set() */
    h = fc_hooks_new(&plugin, "inline.lua",
                     "variant{ name = 'a', game = 'testgame' }\nhook('score', function() param('k', 1, 0, 2) end)",
                     &err);
    assert_non_null(h);
    assert_int_equal(score(h, &st, 0, 1, -9), -9);
    assert_string_equal(fc_hooks_error(h),
                        "inline.lua:2: param() is only available in the script body, not inside a hook");
    fc_hooks_free(h);
}

/* Hardening, item 2: nothing a collection does shows in an answer. On the old code a table made
 * weak after its setmetatable lost its entry whenever a collection ran inside the call. */
static void test_hard_gc(void **state)
{
    (void)state;
    fc_hooks *h = load_hooks("gc.lua");
    tstate st = {{1, 2, 3, 4}, 1, 0};
    for (int i = 0; i < 50; i++) {
        int64_t r = score(h, &st, 0, 1, -77);
        if (r != 1)
            fail_msg("call %d: weak entry collected (got %lld, %s)", i, (long long)r, fc_hooks_error(h));
    }
    assert_int_equal(score(h, &st, 0, 2, -77), -77);
    assert_string_equal(fc_hooks_error(h), "gc.lua:12: setmetatable: weak tables (__mode) are not available");
    fc_hooks_clear_error(h);
    assert_int_equal(score(h, &st, 0, 3, -77), -77);
    assert_string_equal(fc_hooks_error(h), "gc.lua:13: attempt to call a nil value (global 'collectgarbage')");
    fc_hooks_free(h);
}

/* Hardening, item 2: a hook without upvalues (memoized as pure) cannot reach the game through
 * the string library shared by every string's metatable: the library tables are read-only from
 * the start, so the script is refused at load with its line. */
static void test_hard_shared_libs(void **state)
{
    (void)state;
    static const char lib[] = "attempt to modify a standard library table (string, table, math and utf8 are shared "
                              "by every script and hook and are read-only)";
    static const char *const bodies[] = {
        "string.g = game\nhook('score', function(s, x) return ('').g.food(1) end)",
        "getmetatable('').g = game\nhook('score', function(s, x) return ('').g.food(1) end)",
        "math.g = game\nhook('score', function(s, x) return 1 end)",
        "table.keep = {}\nhook('score', function(s, x) return 1 end)",
    };
    for (size_t i = 0; i < sizeof bodies / sizeof bodies[0]; i++) {
        char text[512], want[256];
        snprintf(text, sizeof text, "variant{ name = 'a', game = 'testgame' }\n%s", bodies[i]);
        snprintf(want, sizeof want, "inline.lua:2: %s", lib);
        fc_error err;
        fc_error_clear(&err);
        fc_hooks *h = fc_hooks_new(&plugin, "inline.lua", text, &err);
        if (h)
            fail_msg("body %d loaded", (int)i);
        assert_string_equal(err.msg, want);
    }
}

/* Hardening, item 1: the hooks of one replay share one budget (fc_hooks_set_total_budget). */
static void test_hard_total_budget(void **state)
{
    (void)state;
    fc_error err;
    fc_hooks *h = fc_hooks_new(&plugin, "inline.lua",
                               "variant{ name = 'a', game = 'testgame' }\n"
                               "hook('score', function(s, x) for i = 1, x do end return 1 end)",
                               &err);
    assert_non_null(h);
    tstate st = {{1, 2, 3, 4}, 1, 0};
    fc_hooks_set_total_budget(h, 1000000);
    int ok = 0;
    for (int i = 0; i < 10 && score(h, &st, 0, 300000 + i, -77) == 1; i++)
        ok++;
    assert_true(ok >= 2 && ok <= 4);
    assert_string_equal(fc_hooks_error(h), "inline.lua: the hooks' budget of 1000000 units for this replay is used up");
    fc_hooks_clear_error(h);
    assert_int_equal(score(h, &st, 0, 1, -77), -77); /* stays used up */
    assert_string_equal(fc_hooks_error(h), "inline.lua: the hooks' budget of 1000000 units for this replay is used up");
    fc_hooks_clear_error(h);
    fc_hooks_set_total_budget(h, 0); /* lifted: calls answer again */
    assert_int_equal(score(h, &st, 0, 2, -77), 1);
    fc_hooks_free(h);
}

/* Hardening, item 2: only Lua functions without upvalues are memoized; a C function registered
 * as a hook (math.random reads a stream seeded by the game state) answers for each state. On the
 * old code the first state's answer came back for every later state. */
static void test_hard_memo_c_function(void **state)
{
    (void)state;
    fc_error err;
    fc_hooks *h = fc_hooks_new(&plugin, "inline.lua", "variant{ name = 'a', game = 'testgame' }\nhook('score', math.random)",
                               &err);
    assert_non_null(h);
    int differ = 0;
    for (int food = 0; food < 8; food++) {
        tstate st = {{food, 2, 3, 4}, 1, 0};
        fc_hooks *fresh = fc_hooks_new(&plugin, "inline.lua",
                                       "variant{ name = 'a', game = 'testgame' }\nhook('score', math.random)", &err);
        assert_non_null(fresh);
        int64_t a = score(h, &st, 0, 1000000, -77), b = score(fresh, &st, 0, 1000000, -77);
        if (a != b)
            fail_msg("state %d: memoized %lld, fresh %lld", food, (long long)a, (long long)b);
        differ += food > 0 && a != score(fresh, &(tstate){{0, 2, 3, 4}, 1, 0}, 0, 1000000, -77);
        fc_hooks_free(fresh);
    }
    assert_true(differ > 0); /* the answers do depend on the state */
    fc_hooks_free(h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_probe),          cmocka_unit_test(test_load_errors),
        cmocka_unit_test(test_load_budget),    cmocka_unit_test(test_inline_errors),
        cmocka_unit_test(test_accessors),      cmocka_unit_test(test_unregistered_hook),
        cmocka_unit_test(test_random_pure),    cmocka_unit_test(test_call_many),    cmocka_unit_test(test_attacks),
        cmocka_unit_test(test_long_chunkname), cmocka_unit_test(test_cost),
        cmocka_unit_test(test_stateful), cmocka_unit_test(test_params),       cmocka_unit_test(test_addresses),
        cmocka_unit_test(test_hard_gc),  cmocka_unit_test(test_hard_shared_libs), cmocka_unit_test(test_hard_total_budget),
        cmocka_unit_test(test_hard_memo_c_function),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
