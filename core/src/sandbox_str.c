/* String-library guards for the sandbox.
 *
 * Lua's pattern matcher backtracks inside C, where the instruction budget cannot interrupt
 * it: string.find(("a"):rep(1e4), ".-.-.-x") would hang the host. So the pattern functions
 * check a cost bound before matching: with k repetition operators (* + - ?) in the pattern
 * and a subject of n bytes, the matcher does at most about n^(k+1) steps (n^k when the
 * pattern is anchored with ^), and that must stay under PATTERN_STEPS.
 *
 * Addresses are not deterministic, so tostring() of a table or function without __tostring
 * or __name gives just its type name, and string.format refuses %p. */
#include <math.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>

#include "sandbox.h"

#define PATTERN_STEPS 1e8

/* Counts repetition operators outside sets and escapes. */
static int pattern_repetitions(const char *p, size_t len)
{
    int k = 0;
    for (size_t i = 0; i < len; i++) {
        char c = p[i];
        if (c == '%') {
            i++; /* escaped char or class */
        } else if (c == '[') {
            i++;
            if (i < len && p[i] == '^')
                i++;
            if (i < len && p[i] == ']')
                i++; /* a leading ] is a literal */
            while (i < len && p[i] != ']') {
                if (p[i] == '%')
                    i++;
                i++;
            }
        } else if (c == '*' || c == '+' || c == '-' || c == '?') {
            k++;
        }
    }
    return k;
}

static int guarded(lua_State *L)
{
    const char *fname = lua_tostring(L, lua_upvalueindex(2));
    size_t n = 0, pl = 0;
    const char *s = luaL_checklstring(L, 1, &n);
    const char *p = luaL_checklstring(L, 2, &pl);
    (void)s;
    int plain = strcmp(fname, "find") == 0 && lua_toboolean(L, 4);
    if (!plain) {
        int k = pattern_repetitions(p, pl);
        int anchored = pl > 0 && p[0] == '^';
        double steps = pow((double)(n ? n : 1), (double)(k + (anchored ? 0 : 1)));
        if (k > 0 && steps > PATTERN_STEPS)
            return luaL_error(L,
                              "string.%s: a pattern with %d repetitions on a %d-byte string may not finish; "
                              "use a shorter string or a simpler pattern (length^(repetitions+1) <= 1e8)",
                              fname, k, (int)n);
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

static int safe_format(lua_State *L)
{
    size_t len;
    const char *f = luaL_checklstring(L, 1, &len);
    for (size_t i = 0; i < len; i++) {
        if (f[i] != '%')
            continue;
        i++;
        if (i < len && f[i] == '%')
            continue;
        while (i < len && strchr("-+ #0123456789.", f[i]))
            i++;
        if (i < len && f[i] == 'p')
            return luaL_error(L, "string.format: %%p is not available (addresses differ between runs)");
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

static int safe_tostring(lua_State *L)
{
    luaL_checkany(L, 1);
    int t = lua_type(L, 1);
    if ((t == LUA_TTABLE || t == LUA_TFUNCTION || t == LUA_TUSERDATA || t == LUA_TTHREAD ||
         t == LUA_TLIGHTUSERDATA) &&
        luaL_getmetafield(L, 1, "__tostring") == LUA_TNIL) {
        if (luaL_getmetafield(L, 1, "__name") == LUA_TSTRING)
            return 1;
        lua_pushstring(L, lua_typename(L, t));
        return 1;
    }
    luaL_tolstring(L, 1, NULL);
    return 1;
}

void fc_sandbox_guard_strings(lua_State *L)
{
    static const char *const fns[] = {"find", "match", "gmatch", "gsub", NULL};
    lua_getglobal(L, "string");
    for (const char *const *f = fns; *f; f++) {
        lua_getfield(L, -1, *f);
        lua_pushstring(L, *f);
        lua_pushcclosure(L, guarded, 2);
        lua_setfield(L, -2, *f);
    }
    lua_getfield(L, -1, "format");
    lua_pushcclosure(L, safe_format, 1);
    lua_setfield(L, -2, "format");
    lua_pop(L, 1);
    lua_pushcfunction(L, safe_tostring);
    lua_setglobal(L, "tostring");
}
