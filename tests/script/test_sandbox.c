/* Tests for sandbox.c: escapes refused with exact "file:line: message" errors, budget and
 * memory caps that pcall cannot swallow, one-line messages, deterministic pairs, math.random
 * bound to the sandbox stream. After every failure the same state must still run code. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "formicary/variant.h"
#include "sandbox.h"

#define BUDGET 200000L

static int setup(void **state)
{
    fc_error err;
    fc_sandbox *sb = fc_sandbox_new("t.lua", 0, &err);
    if (!sb)
        return -1;
    *state = sb;
    return 0;
}

static int teardown(void **state)
{
    fc_sandbox_free(*state);
    return 0;
}

/* Runs code expecting one result; returns it as a string in buf ("" on error, err set). */
static int eval_budget(fc_sandbox *sb, const char *code, long budget, char *buf, size_t n, fc_error *err)
{
    buf[0] = '\0';
    int rc = fc_sandbox_load(sb, code, strlen(code), err);
    if (rc == 0)
        rc = fc_sandbox_call(sb, 0, 1, budget, err);
    if (rc == 0) {
        lua_State *L = fc_sandbox_lua(sb);
        const char *s = lua_tostring(L, -1);
        snprintf(buf, n, "%s", s ? s : "(not a string)");
        lua_pop(L, 1);
    }
    return rc;
}

static int eval(fc_sandbox *sb, const char *code, char *buf, size_t n, fc_error *err)
{
    return eval_budget(sb, code, BUDGET, buf, n, err);
}

/* The state still works: a fresh chunk runs and allocates a little. */
static void assert_alive(fc_sandbox *sb)
{
    char out[64];
    fc_error err;
    int top = lua_gettop(fc_sandbox_lua(sb));
    assert_int_equal(eval(sb, "local s = string.rep('ab', 1000)\nreturn #s + 6 * 7", out, sizeof out, &err), 0);
    assert_string_equal(out, "2042");
    assert_int_equal(lua_gettop(fc_sandbox_lua(sb)), top);
}

static void expect_error_budget(fc_sandbox *sb, const char *code, long budget, const char *msg)
{
    char out[64];
    fc_error err;
    fc_error_clear(&err);
    int top = lua_gettop(fc_sandbox_lua(sb));
    assert_int_equal(eval_budget(sb, code, budget, out, sizeof out, &err), FC_ESCRIPT);
    assert_int_equal(err.code, FC_ESCRIPT);
    assert_string_equal(err.msg, msg);
    assert_null(strchr(err.msg, '\n'));
    assert_int_equal(lua_gettop(fc_sandbox_lua(sb)), top);
    assert_alive(sb);
}

static void expect_error(fc_sandbox *sb, const char *code, const char *msg)
{
    expect_error_budget(sb, code, BUDGET, msg);
}

static void expect_result(fc_sandbox *sb, const char *code, const char *want)
{
    char out[256];
    fc_error err;
    if (eval(sb, code, out, sizeof out, &err) != 0)
        fail_msg("%s: %s", code, err.msg);
    if (strcmp(out, want) != 0)
        fail_msg("%s: got \"%s\", expected \"%s\"", code, out, want);
}

static void test_no_io_os_require(void **state)
{
    fc_sandbox *sb = *state;
    expect_error(sb, "local f = io.open('/etc/passwd')\nreturn f:read('a')",
                 "t.lua:1: attempt to index a nil value (global 'io')");
    expect_error(sb, "\nreturn os.execute('echo pwned')", "t.lua:2: attempt to index a nil value (global 'os')");
    expect_error(sb, "local x = 1\n\nreturn require('io')", "t.lua:3: attempt to call a nil value (global 'require')");
    expect_error(sb, "return package.loaded", "t.lua:1: attempt to index a nil value (global 'package')");
    expect_error(sb, "return debug.getinfo(1)", "t.lua:1: attempt to index a nil value (global 'debug')");
    expect_error(sb, "return coroutine.create(print)",
                 "t.lua:1: attempt to index a nil value (global 'coroutine')");
    expect_error(sb, "return dofile('/etc/passwd')", "t.lua:1: attempt to call a nil value (global 'dofile')");
    expect_error(sb, "return loadfile('x.lua')", "t.lua:1: attempt to call a nil value (global 'loadfile')");
    expect_error(sb, "collectgarbage()", "t.lua:1: attempt to call a nil value (global 'collectgarbage')");
}

static void test_no_load_or_bytecode(void **state)
{
    fc_sandbox *sb = *state;
    expect_error(sb, "local x = 2\nlocal f = load('return 1')\nreturn f()",
                 "t.lua:2: attempt to call a nil value (global 'load')");
    expect_error(sb, "return string.dump(function() end)", "t.lua:1: attempt to call a nil value (field 'dump')");
    /* a binary chunk never reaches the VM */
    static const char bin[] = "\x1bLua\x54\x00\x19\x93\r\n\x1a\n";
    fc_error err;
    assert_int_equal(fc_sandbox_load(sb, bin, sizeof bin - 1, &err), FC_ESCRIPT);
    assert_string_equal(err.msg, "t.lua: binary chunks are not allowed (text only)");
    assert_alive(sb);
    /* syntax errors are one line with the line number */
    expect_error(sb, "local a = 1\nlocal b = = 2", "t.lua:2: unexpected symbol near '='");
}

static void test_budget(void **state)
{
    fc_sandbox *sb = *state;
    expect_error(sb, "local x = 0\nwhile true do end", "t.lua:2: instruction budget of 200000 exceeded");
    /* the script's own pcall cannot swallow it, nor a loop around pcall */
    expect_error(sb, "local ok = pcall(function()\n  while true do end\nend)\nreturn 'swallowed'",
                 "t.lua:2: instruction budget of 200000 exceeded");
    expect_error(sb, "for i = 1, 1e9 do\n  pcall(function() while true do end end)\nend\nreturn 'swallowed'",
                 "t.lua:2: instruction budget of 200000 exceeded");
    /* nor xpcall with a handler that loops too */
    expect_error(sb,
                 "return xpcall(function() while true do end end,\n"
                 "  function(m) while true do end end)",
                 "t.lua:1: instruction budget of 200000 exceeded");
    /* a to-be-closed variable's __close runs but cannot keep going */
    expect_error(sb,
                 "do\n  local c <close> = setmetatable({}, {__close = function()\n"
                 "    while true do end end})\n  while true do end\nend",
                 "t.lua:4: instruction budget of 200000 exceeded");
}

static void test_memory(void **state)
{
    fc_sandbox *sb = *state;
    /* bytes made are charged (one unit per 16), so these get the load budget */
    const long big = FC_LUA_LOAD_BUDGET;
    expect_error_budget(sb, "local n = 30\nlocal s = string.rep('x', 1 << n)\nreturn #s", big,
                        "t.lua:2: memory limit of 32 MiB exceeded");
    expect_error_budget(sb, "local s = 'x'\nwhile true do\n  s = s .. s\nend", big,
                        "t.lua:3: memory limit of 32 MiB exceeded");
    expect_error_budget(sb, "local t = {}\nfor i = 1, 1e9 do\n  t[i] = string.rep('y', 10000) .. i\nend", big,
                        "t.lua:3: memory limit of 32 MiB exceeded");
    /* pcall catches LUA_ERRMEM internally but re-raises it */
    expect_error_budget(sb, "local ok = pcall(string.rep, 'x', 1 << 30)\nreturn 'swallowed'", big,
                        "t.lua:1: memory limit of 32 MiB exceeded");
    /* with the small budget the same doubling stops on the budget, which counts the copies */
    expect_error(sb, "local s = 'x'\nwhile true do\n  s = s .. s\nend", "t.lua:3: instruction budget of 200000 exceeded");
    /* memory is back after a failure */
    assert_true(fc_sandbox_mem_used(sb) < (4u << 20));
}

static void test_recursion(void **state)
{
    fc_sandbox *sb = *state;
    char out[64];
    fc_error err;
    assert_int_equal(eval_budget(sb, "local function f(n)\n  return f(n + 1) + 1\nend\nreturn f(1)",
                                 FC_LUA_CALL_BUDGET, out, sizeof out, &err),
                     FC_ESCRIPT);
    assert_non_null(strstr(err.msg, "t.lua:2: "));
    /* the stack and call frames it allocates may use up the budget first */
    assert_true(strstr(err.msg, "stack overflow") || strstr(err.msg, "memory limit") ||
                strstr(err.msg, "instruction budget"));
    assert_alive(sb);
    /* a C stack overflow through pcall is an ordinary error the script may catch */
    assert_int_equal(eval_budget(sb, "local function f()\n  local ok, e = pcall(f)\n  return e\nend\nreturn f()",
                                 FC_LUA_CALL_BUDGET, out, sizeof out, &err),
                     0);
    assert_string_equal(out, "C stack overflow");
    assert_alive(sb);
}

static void test_messages(void **state)
{
    fc_sandbox *sb = *state;
    expect_error(sb, "\n\nerror({})", "t.lua:3: (error object is a table value)");
    expect_error(sb, "local a\nerror('plain', 0)", "t.lua:2: plain");
    expect_error(sb, "error('first line\\nsecond line')", "t.lua:1: first line");
    expect_error(sb, "local function f()\n  error('deep')\nend\nf()", "t.lua:2: deep");
    expect_error(sb, "error(42, 0)", "t.lua:1: 42");
    /* traceback kept separately */
    expect_error(sb, "local function g()\n  error('x')\nend\ng()", "t.lua:2: x");
    char out[8];
    fc_error err;
    eval(sb, "local function g()\n  error('x')\nend\ng()", out, sizeof out, &err);
    assert_non_null(strstr(fc_sandbox_traceback(sb), "t.lua:4: in main chunk"));
    assert_non_null(strstr(fc_sandbox_traceback(sb), "t.lua:2: in function <t.lua:1>"));
}

static void test_pairs_deterministic(void **state)
{
    fc_sandbox *sb = *state;
    static const char code[] =
        "local function keys(t)\n"
        "  local out = {}\n"
        "  for k, v in pairs(t) do out[#out + 1] = tostring(k) .. '=' .. tostring(v) end\n"
        "  return table.concat(out, ' ')\n"
        "end\n"
        "local a = {}\n"
        "a.zeta = 1; a[10] = 2; a[true] = 3; a.alpha = 4; a[2.5] = 5; a[-3] = 6; a.Beta = 7; a[false] = 8; a[1] = 9\n"
        "local b = {}\n"
        "b[1] = 9; b[false] = 8; b.Beta = 7; b[-3] = 6; b[2.5] = 5; b.alpha = 4; b[true] = 3; b[10] = 2; b.zeta = 1\n"
        "for i = 100, 200 do b[i] = i; b[i] = nil end\n"
        "local ka, kb = keys(a), keys(b)\n"
        "assert(ka == kb, ka .. ' vs ' .. kb)\n"
        "return ka\n";
    char out[256];
    fc_error err;
    assert_int_equal(eval(sb, code, out, sizeof out, &err), 0);
    assert_string_equal(out, "-3=6 1=9 2.5=5 10=2 Beta=7 alpha=4 zeta=1 false=8 true=3");
    /* removing entries during the traversal is allowed and skips them */
    assert_int_equal(eval(sb,
                          "local t = {a = 1, b = 2, c = 3}\nlocal s = ''\n"
                          "for k in pairs(t) do s = s .. k; t.b = nil end\nreturn s",
                          out, sizeof out, &err),
                     0);
    assert_string_equal(out, "ac");
    expect_error(sb, "local t = {}\nt[{}] = 1\nfor k in pairs(t) do end",
                 "t.lua:3: pairs: table keys of type table have no deterministic order");
    expect_error(sb, "return next({})", "t.lua:1: attempt to call a nil value (global 'next')");
}

static void test_random(void **state)
{
    fc_sandbox *sb = *state;
    static const char code[] = "local t = {}\n"
                               "for i = 1, 5 do t[#t + 1] = math.random(1, 1000000) end\n"
                               "t[#t + 1] = math.random(7)\n"
                               "local f = math.random()\n"
                               "assert(f >= 0 and f < 1)\n"
                               "return table.concat(t, ',')\n";
    char a[128], b[128], c[128];
    fc_error err;
    fc_sandbox_seed(sb, 1234, 1);
    assert_int_equal(eval(sb, code, a, sizeof a, &err), 0);
    fc_sandbox_seed(sb, 1234, 1);
    assert_int_equal(eval(sb, code, b, sizeof b, &err), 0);
    assert_string_equal(a, b);
    fc_sandbox_seed(sb, 1235, 1);
    assert_int_equal(eval(sb, code, c, sizeof c, &err), 0);
    assert_string_not_equal(a, c);
    /* 6 comma-separated numbers */
    int commas = 0;
    for (const char *p = a; *p; p++)
        commas += *p == ',';
    assert_int_equal(commas, 5);
    assert_int_equal(eval(sb, "return tostring(math.random(3, 3)) .. math.type(math.random(-5, 5))", a, sizeof a,
                          &err),
                     0);
    assert_string_equal(a, "3integer");
    assert_int_equal(eval(sb,
                          "local lo, hi = 0, 0\nfor i = 1, 2000 do local r = math.random(-2, 2)\n"
                          "  assert(r >= -2 and r <= 2)\n  if r == -2 then lo = lo + 1 elseif r == 2 then hi = hi + 1 end\n"
                          "end\nreturn tostring(lo > 300 and hi > 300)",
                          a, sizeof a, &err),
                     0);
    assert_string_equal(a, "true");
    expect_error(sb, "\nreturn math.random(5, 1)", "t.lua:2: bad argument #1 to 'random' (interval is empty)");
    expect_error(sb, "math.randomseed(42)",
                 "t.lua:1: math.randomseed is not available: randomness comes from the match");
}

static void test_gc_metamethod_refused(void **state)
{
    fc_sandbox *sb = *state;
    expect_error(sb, "local t = setmetatable({}, {__gc = function() while true do end end})",
                 "t.lua:1: setmetatable: __gc metamethods are not available");
    char out[32];
    fc_error err;
    /* ordinary metatables still work */
    assert_int_equal(eval(sb, "local t = setmetatable({}, {__index = function(_, k) return k .. '!' end})\n"
                              "return t.hi", out, sizeof out, &err), 0);
    assert_string_equal(out, "hi!");
}

/* Hardening, item 1: the charge arithmetic saturates (spans of the whole integer range, a
 * __len of math.maxinteger); the old code overflowed a long here (UBSan: -Db_sanitize=undefined
 * with -fno-sanitize-recover=all stops on it) and its charge went negative. */
static void test_hard_saturation(void **state)
{
    fc_sandbox *sb = *state;
    static const char *const costly[] = {
        "local t = setmetatable({}, {__len = function() return math.maxinteger end})\ntable.insert(t, 1)",
        "local t = setmetatable({}, {__len = function() return math.maxinteger end})\ntable.insert(t, 1, 1)",
        "local x = 1\nreturn table.unpack({}, math.mininteger, math.maxinteger)",
        "local x = 1\nreturn table.concat({}, '', math.mininteger, math.maxinteger)",
        "local x = 1\nreturn table.move({}, math.mininteger, math.maxinteger, 1)",
        "local t = setmetatable({}, {__len = function() return math.maxinteger end})\nreturn table.unpack(t)",
    };
    for (size_t i = 0; i < sizeof costly / sizeof costly[0]; i++)
        expect_error(sb, costly[i], "t.lua:2: instruction budget of 200000 exceeded");
}

/* Hardening, item 1: every C-library call's work is charged, whatever the sizes say. On the old
 * code string.rep('', math.maxinteger) looped in C with no check at all, vararg copies were
 * stopped only by the wall clock, and the charge arithmetic overflowed (UBSan). */
static void test_hard_budget(void **state)
{
    fc_sandbox *sb = *state;
    static const char *const costly[] = {
        "local x = 1\nreturn #string.rep('', math.maxinteger)",
        "local x = 1\nreturn #string.rep('', 1 << 40, '')",
        /* vararg copies: into a C function, a Lua vararg function, string.format, select */
        "local t = {string.byte(string.rep('a', 10000), 1, -1)}\n"
        "local function f(...) for i = 1, 1e9 do local n = type(...) end end f(table.unpack(t))",
        "local t = {string.byte(string.rep('a', 10000), 1, -1)}\n"
        "local function g(...) return 1 end local function f(...) for i = 1, 1e9 do g(...) end end f(table.unpack(t))",
        "local t = {string.byte(string.rep('a', 10000), 1, -1)}\n"
        "local function f(...) for i = 1, 1e9 do local s = string.format('%d', ...) end end f(table.unpack(t))",
        "local t = {string.byte(string.rep('a', 10000), 1, -1)}\n"
        "local function f(...) for i = 1, 1e9 do local n = select('#', ...) end end f(table.unpack(t))",
        "local t = {string.byte(string.rep('a', 10000), 1, -1)}\n"
        "local function f(...) return ... end for i = 1, 1e9 do f(table.unpack(t)) end",
    };
    fc_sandbox_set_wall_ms(sb, 100); /* the budget, not the clock, must stop each one */
    for (size_t i = 0; i < sizeof costly / sizeof costly[0]; i++) {
        char out[64];
        fc_error err;
        if (eval(sb, costly[i], out, sizeof out, &err) != FC_ESCRIPT ||
            strcmp(err.msg, "t.lua:2: instruction budget of 200000 exceeded") != 0)
            fail_msg("costly %d: %s", (int)i, err.msg);
        assert_alive(sb);
    }
    fc_sandbox_set_wall_ms(sb, 0);
    expect_result(sb, "return string.rep('', 5) .. string.rep('ab', 3, ',')", "ab,ab,ab");
    expect_result(sb, "local function f(...) return select('#', ...) end return f(1, 2, 3)", "3");
}

/* Hardening, item 2: the library tables are shared by every string and hook: read-only. */
static void test_hard_libs_frozen(void **state)
{
    fc_sandbox *sb = *state;
    const char *msg = "t.lua:1: attempt to modify a standard library table (string, table, math and utf8 are shared "
                      "by every script and hook and are read-only)";
    expect_error(sb, "string.g = 1", msg);
    expect_error(sb, "getmetatable('').g = 1", msg);
    expect_error(sb, "math.pi = 3", msg);
    expect_error(sb, "table.insert = print", msg);
    expect_error(sb, "local s = utf8\ns.x = 1", "t.lua:2: attempt to modify a standard library table (string, table, "
                                               "math and utf8 are shared by every script and hook and are read-only)");
    expect_error(sb, "rawset(string, 'g', 1)", "t.lua:1: attempt to modify a frozen table (what the script body made "
                                              "is read-only in hooks: a hook may not keep state between calls)");
    expect_result(sb, "return ('%d-%s'):format(4, 'x') .. string.upper('a') .. math.max(1, 2) .. #table.pack(1, 2)",
                  "4-xA22");
    /* weak tables are refused where they are made (what a collection removes must not show) */
    expect_error(sb, "local t = setmetatable({}, {__mode = 'k'})",
                 "t.lua:1: setmetatable: weak tables (__mode) are not available");
    expect_error(sb, "return collectgarbage('count')", "t.lua:1: attempt to call a nil value (global 'collectgarbage')");
}

static void test_small_limit(void **state)
{
    (void)state;
    /* a cap below what the libraries need fails cleanly */
    fc_error err;
    fc_sandbox *sb = fc_sandbox_new("tiny.lua", 4096, &err);
    assert_null(sb);
    assert_non_null(strstr(err.msg, "tiny.lua"));
}

/* Pattern matching runs in C: the matcher charges its steps, so costly patterns stop on the
 * budget at their line, whatever makes them costly. */
static void test_pattern_metered(void **state)
{
    fc_sandbox *sb = *state;
    const char *budget = "instruction budget of 200000 exceeded";
    char want[128];
    static const char *const costly[] = {
        "local s = string.rep('a', 20000)\nreturn s:find('.-.-.-x')",                  /* repetitions */
        "local s = string.rep('(', 20000)\nreturn s:find('%b()')",                     /* %b */
        "local s = string.rep('a', 1 << 16)\nreturn s:find(string.rep('.', 500) .. 'b')", /* . */
        "local s = string.rep('a', 20000)\nreturn s:find('(a*)%1b')",                 /* back-reference */
        "local s = string.rep('^', 20000)\nfor m in s:gmatch('^.-.-b') do end",      /* ^ is literal in gmatch */
        "local s = string.rep('aaaaaaaa', 1 << 15)\nreturn s:find(string.rep('a', 4000) .. 'b', 1, true)", /* plain */
        "local s = string.rep('ab', 20000)\nreturn s:gsub('(a*)b*(a*)b*(a*)b*x', '')",
    };
    for (size_t i = 0; i < sizeof costly / sizeof costly[0]; i++) {
        snprintf(want, sizeof want, "t.lua:2: %s", budget);
        expect_error(sb, costly[i], want);
    }
    /* the same searches on short strings are cheap */
    expect_result(sb, "local s = string.rep('a', 30)\nreturn tostring(s:find('.-.-.-x'))", "nil");
    expect_result(sb, "return tostring(string.rep('x', 50000):find('.-.-y', 1, true))", "nil");
}

/* The replacement matcher speaks Lua's pattern language. */
static void test_pattern_semantics(void **state)
{
    fc_sandbox *sb = *state;
    static const char *const cases[][2] = {
        {"return table.concat({('hello world'):find('o w')}, ',')", "5,7"},
        {"return table.concat({('hello'):find('l+')}, ',')", "3,4"},
        {"return table.concat({('key = value'):match('(%w+)%s*=%s*(%w+)')}, ',')", "key,value"},
        {"return table.concat({('THE (quick) fox'):find('%((%a+)%)')}, ',')", "5,11,quick"},
        {"return table.concat({string.gsub('hello world', '(%w+)', '<%1>')}, ',')", "<hello> <world>,2"},
        {"return table.concat({string.gsub('abc', '', '-')}, ',')", "-a-b-c-,4"},
        {"return ('  x y  '):match('^%s*(.-)%s*$')", "x y"},
        {"return ('f(a(b)c)d'):match('%b()')", "(a(b)c)"},
        {"return table.concat({('THE end'):find('%f[%a]%a+', 2)}, ',')", "5,7"},
        {"local t = {} for w in ('one two  three'):gmatch('%a+') do t[#t + 1] = w end return table.concat(t, ',')",
         "one,two,three"},
        {"return ('xaab'):match('(a)%1')", "a"},
        {"return table.concat({string.gsub('abc', '%w', {a = '1', c = false})}, ',')", "1bc,3"},
        {"return table.concat({string.gsub('hello', 'l', function(c) return nil end)}, ',')", "hello,2"},
        {"return table.concat({string.gsub('hello', 'l', string.upper, 1)}, ',')", "heLlo,1"},
        {"return table.concat({('x'):find('')}, ',')", "1,0"},
        {"return tostring(('abc'):find('b', -1))", "nil"},
        {"return table.concat({('a.b'):find('.', 1, true)}, ',')", "2,2"},
        {"return ('[x]'):match('%[(.)%]')", "x"},
        {"return tostring(('ab'):match('()b'))", "2"},
        {"return table.concat({('a-b'):gsub('%-', '+')}, ',')", "a+b,1"},
        {"return ('aXb'):match('[%u]') .. ('f00'):match('[a-f]%d+') .. ('a]b'):match('[]]')", "Xf00]"},
        {"return ('^x'):gmatch('^x')()", "^x"},
        {"return table.concat({('aaa'):gsub('^a', 'b')}, ',')", "baa,1"},
        {"return tostring(('abc'):match('^b'))", "nil"},
        {"return ('abc'):match('c$') .. tostring(('abc'):match('b$'))", "cnil"},
        {"return ('  12 '):match('%d+') .. ('x'):rep(3, '-')", "12x-x-x"},
        {"return table.concat({('abc'):byte(1, -1)}, ',')", "97,98,99"},
        {"local t = {} for a, b in ('k=v, x=y'):gmatch('(%w+)=(%w+)') do t[#t + 1] = a .. b end "
         "return table.concat(t, ',')", "kv,xy"},
        {"return ('abc'):gsub('%w', '%0%0')", "aabbcc"},
        {"return select('#', ('x'):find('(x)(y?)'))", "4"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        expect_result(sb, cases[i][0], cases[i][1]);
    expect_error(sb, "return ('x'):find('%')", "t.lua:1: malformed pattern (ends with '%')");
    expect_error(sb, "return ('x'):find('[a')", "t.lua:1: malformed pattern (missing ']')");
    expect_error(sb, "return ('x'):find('(x')", "t.lua:1: unfinished capture");
    expect_error(sb, "return ('x'):match('x)')", "t.lua:1: invalid pattern capture");
    expect_error(sb, "return ('x'):find('%1')", "t.lua:1: invalid capture index %1");
    expect_error(sb, "return ('x'):gsub('x', '%2')", "t.lua:1: invalid capture index %2");
    expect_error(sb, "return ('x'):gsub('x', '%z')", "t.lua:1: invalid use of '%' in replacement string");
    expect_error(sb, "return ('x'):gsub('x', {x = {}})", "t.lua:1: invalid replacement value (a table)");
    expect_error(sb, "return string.pack('i4', 1)", "t.lua:1: attempt to call a nil value (field 'pack')");
}

/* Library calls that loop in C are charged per element or byte; the VM work that no wrapper
 * sees (long string comparisons here) is stopped by the wall clock. */
static void test_library_metered(void **state)
{
    fc_sandbox *sb = *state;
    static const char *const costly[] = {
        "local t = {}\nreturn #table.move({}, 1, 1 << 40, 1, t)",
        "local s = string.rep('aaaaaaaa', 1 << 15)\nfor i = 1, 1e9 do local u = s:upper() end",
        "local t = {}\nfor i = 1, 1e9 do table.insert(t, 1, i) end",
        "local t = {}\nfor i = 1, 1e9 do t[#t + 1] = tostring(i) end",
        "local t = {}\nfor i = 1, 20000 do t[i] = -i end table.sort(t)",
        "local s = string.rep('77777777', 1 << 15)\nfor i = 1, 1e9 do local n = tonumber(s) end",
        "local t = {}\nfor i = 1, 20000 do t['k' .. i] = i end for i = 1, 100 do for k in pairs(t) do end end",
    };
    for (size_t i = 0; i < sizeof costly / sizeof costly[0]; i++)
        expect_error(sb, costly[i], "t.lua:2: instruction budget of 200000 exceeded");
    char out[16];
    fc_error err;
    assert_int_equal(eval_budget(sb,
                                 "big_a = string.rep('a', 1 << 20)\nbig_b = string.rep('a', (1 << 20) - 1) .. 'a'\n"
                                 "return 'made'",
                                 FC_LUA_LOAD_BUDGET, out, sizeof out, &err),
                     0);
    fc_sandbox_set_wall_ms(sb, 100);
    expect_error_budget(sb, "local a, b = big_a, big_b\nwhile true do local same = a == b end", FC_LUA_LOAD_BUDGET,
                        "t.lua:2: wall-clock limit of 100 ms exceeded");
    fc_sandbox_set_wall_ms(sb, 0);
    /* table.sort: a stable merge sort; strings by bytes; any order function terminates */
    expect_result(sb,
                 "local t = {{k = 2, v = 'a'}, {k = 1, v = 'b'}, {k = 2, v = 'c'}, {k = 1, v = 'd'}}\n"
                 "table.sort(t, function(x, y) return x.k < y.k end)\n"
                 "local o = {} for i, e in ipairs(t) do o[i] = e.v end return table.concat(o)",
                 "bdac");
    expect_result(sb, "local t = {'b', 'B', 'a', 'ab', ''} table.sort(t) return table.concat(t, ',')", ",B,a,ab,b");
    expect_result(sb, "local t = {5, 3, 9, 1} table.sort(t, function() return true end) return #t", "4");
    expect_result(sb, "local t = {3, 1, 2} table.sort(t, function(a, b) return a > b end) return table.concat(t)",
                 "321");
    expect_error(sb, "local t = {3, {}, 1}\ntable.sort(t)", "t.lua:2: attempt to compare table with number");
}

/* Addresses differ between runs, so they never reach a script. */
static void test_no_addresses(void **state)
{
    fc_sandbox *sb = *state;
    char out[64];
    fc_error err;
    assert_int_equal(eval(sb, "return tostring({}) .. ' ' .. tostring(print)", out, sizeof out, &err), 0);
    assert_string_equal(out, "table function");
    assert_int_equal(eval(sb, "return tostring(setmetatable({}, {__tostring = function() return 'me' end}))", out,
                          sizeof out, &err),
                     0);
    assert_string_equal(out, "me");
    assert_int_equal(eval(sb, "return string.format('%5.1f|%%p|%s', 2.25, 'x')", out, sizeof out, &err), 0);
    assert_string_equal(out, "  2.2|%p|x");
    expect_error(sb, "return string.format('%p', {})",
                 "t.lua:1: string.format: %p is not available (addresses differ between runs)");
    /* %s formats through the same address-free tostring (Lua's own would print "table: 0x...") */
    expect_result(sb, "return string.format('%s %s %-6s|', {}, print, setmetatable({}, {__name = 'Hex'}))",
                 "table function Hex   |");
    expect_result(sb, "return string.format('%s', setmetatable({}, {__tostring = function() return 'T' end}))", "T");
    expect_result(sb, "return string.format('%d %s %s', 3, nil, true)", "3 nil true");
    /* print writes to stderr through the same conversion */
    char path[] = "/tmp/fc_print_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    fflush(stderr);
    int saved = dup(2);
    dup2(fd, 2);
    expect_result(sb, "print({}, print, setmetatable({}, {__name = 'Hex'}), 1.5, nil) return 'printed'", "printed");
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    char text[128] = "";
    ssize_t got = pread(fd, text, sizeof text - 1, 0);
    close(fd);
    unlink(path);
    assert_true(got > 0);
    text[got] = '\0';
    assert_string_equal(text, "[t.lua] table\tfunction\tHex\t1.5\tnil\n");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_no_io_os_require, setup, teardown),
        cmocka_unit_test_setup_teardown(test_no_load_or_bytecode, setup, teardown),
        cmocka_unit_test_setup_teardown(test_budget, setup, teardown),
        cmocka_unit_test_setup_teardown(test_memory, setup, teardown),
        cmocka_unit_test_setup_teardown(test_recursion, setup, teardown),
        cmocka_unit_test_setup_teardown(test_messages, setup, teardown),
        cmocka_unit_test_setup_teardown(test_pairs_deterministic, setup, teardown),
        cmocka_unit_test_setup_teardown(test_random, setup, teardown),
        cmocka_unit_test_setup_teardown(test_gc_metamethod_refused, setup, teardown),
        cmocka_unit_test(test_small_limit),
        cmocka_unit_test_setup_teardown(test_pattern_metered, setup, teardown),
        cmocka_unit_test_setup_teardown(test_pattern_semantics, setup, teardown),
        cmocka_unit_test_setup_teardown(test_library_metered, setup, teardown),
        cmocka_unit_test_setup_teardown(test_no_addresses, setup, teardown),
        cmocka_unit_test_setup_teardown(test_hard_saturation, setup, teardown),
        cmocka_unit_test_setup_teardown(test_hard_budget, setup, teardown),
        cmocka_unit_test_setup_teardown(test_hard_libs_frozen, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
