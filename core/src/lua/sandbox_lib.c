/* Metered table, utf8 and base functions of the sandbox (see sandbox.h and docs/lua-api.md,
 * "Cost").
 *
 * Each wrapper charges the work its original does in C before calling it, at rates measured to
 * make a unit cost about as much time as a VM instruction: two units per element shifted or
 * moved, one per element read or returned, one per few bytes scanned (docs/lua-api.md).
 * Bytes a call creates are charged by the allocator, so they are not counted here again.
 * table.sort is replaced by a stable merge sort (at most n log2 n comparisons, whatever the
 * order function does; Lua's quicksort is quadratic on some inputs and picks pivots from the
 * clock) that compares strings bytewise, not by locale. rawget, rawset and rawlen see through
 * frozen tables (sandbox_freeze.c). */
#include <limits.h>
#include <string.h>

#include <lauxlib.h>
#include <lualib.h>

#include "formicary/variant.h"
#include "sandbox.h"

static long span(lua_Integer from, lua_Integer to)
{
    if (to < from)
        return 0;
    lua_Unsigned d = (lua_Unsigned)to - (lua_Unsigned)from;
    return d >= (lua_Unsigned)LONG_MAX ? LONG_MAX : (long)d + 1;
}

/* Calls upvalue 1 (the original) with the arguments. */
static int call_original(lua_State *L)
{
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

static lua_Integer len_of(lua_State *L, int idx)
{
    return lua_type(L, idx) == LUA_TTABLE ? luaL_len(L, idx) : 0;
}

/* Elements read and written one by one through the API: 2 units each (measured). All the
 * arithmetic on counts saturates (fc_sandbox_sat_add): a __len of math.maxinteger or a span
 * of the whole integer range charges LONG_MAX, never overflows. */
static long moves(long n) { return fc_sandbox_sat_add(n, n); }

/* n + 1 without overflow (Lua's own table.insert wraps the same way) */
static lua_Integer next_of(lua_Integer n) { return (lua_Integer)((lua_Unsigned)n + 1u); }

/* table.insert(t, [pos,] v): shifts #t - pos + 1 elements. */
static int m_insert(lua_State *L)
{
    lua_Integer n = len_of(L, 1);
    lua_Integer pos = lua_gettop(L) == 3 ? luaL_optinteger(L, 2, next_of(n)) : next_of(n);
    fc_sandbox_charge(L, fc_sandbox_sat_add(1, moves(span(pos, n))));
    return call_original(L);
}

/* table.remove(t [, pos]): shifts #t - pos elements. */
static int m_remove(lua_State *L)
{
    lua_Integer n = len_of(L, 1);
    fc_sandbox_charge(L, fc_sandbox_sat_add(1, moves(span(luaL_optinteger(L, 2, n), n))));
    return call_original(L);
}

/* table.move(a1, f, e, t [, a2]): e - f + 1 elements. */
static int m_move(lua_State *L)
{
    fc_sandbox_charge(L, fc_sandbox_sat_add(1, moves(span(luaL_checkinteger(L, 2), luaL_checkinteger(L, 3)))));
    return call_original(L);
}

/* table.concat(t [, sep [, i [, j]]]) and table.unpack(t [, i [, j]]): j - i + 1 elements. */
static int m_range(lua_State *L, int iarg)
{
    lua_Integer i = luaL_optinteger(L, iarg, 1);
    lua_Integer j = lua_isnoneornil(L, iarg + 1) ? len_of(L, 1) : luaL_checkinteger(L, iarg + 1);
    fc_sandbox_charge(L, fc_sandbox_sat_add(1, span(i, j)));
    return call_original(L);
}

static int m_concat(lua_State *L) { return m_range(L, 3); }
static int m_unpack(lua_State *L) { return m_range(L, 2); }

/* One unit per argument: table.pack, utf8.char, select (the vararg copies that feed them are
 * charged again by the sandbox's call hook). */
static int m_nargs(lua_State *L)
{
    fc_sandbox_charge(L, fc_sandbox_sat_add(1, lua_gettop(L)));
    return call_original(L);
}

/* The bytes a function may scan in its first argument, at upvalue 2 bytes per unit (measured:
 * decoding UTF-8 costs about an instruction per 2 bytes, reading digits one per 4). */
static int m_scan(lua_State *L)
{
    size_t len = 0;
    if (lua_type(L, 1) == LUA_TSTRING)
        lua_tolstring(L, 1, &len);
    fc_sandbox_charge(L, 1 + (long)(len / (size_t)lua_tointeger(L, lua_upvalueindex(2))));
    return call_original(L);
}

/* string.rep(s, n [, sep]): one unit per 4 repetitions (the result's bytes are charged by the
 * allocator). Repetitions are counted, not bytes: Lua loops n times even when s and sep are
 * empty, so string.rep("", math.maxinteger) runs out of budget at once. A result larger than the
 * memory cap fails on its allocation before any copy, so it is not charged. */
static int m_rep(lua_State *L)
{
    size_t l = 0, lsep = 0;
    luaL_checklstring(L, 1, &l);
    lua_Integer n = luaL_checkinteger(L, 2);
    luaL_optlstring(L, 3, "", &lsep);
    if (n > 0 && (l + lsep == 0 || (lua_Unsigned)n <= (lua_Unsigned)(FC_LUA_MEM_LIMIT / (l + lsep))))
        fc_sandbox_charge(L, fc_sandbox_sat_add(1, n / 4 > LONG_MAX ? LONG_MAX : (long)(n / 4)));
    return call_original(L);
}

/* utf8.codepoint(s, i, j): one unit per byte of the range (decoding and results). */
static int m_codepoint(lua_State *L)
{
    size_t len = 0;
    if (lua_type(L, 1) == LUA_TSTRING)
        lua_tolstring(L, 1, &len);
    lua_Integer i = luaL_optinteger(L, 2, 1);
    lua_Integer j = luaL_optinteger(L, 3, i);
    long n = span(i, j);
    fc_sandbox_charge(L, fc_sandbox_sat_add(1, n < (long)len ? n : (long)len));
    return call_original(L);
}

/* --- table.sort: stable bottom-up merge sort ------------------------------------------- */

typedef struct msort {
    lua_State *L;
    int comp; /* stack index of the order function, 0 for < */
    long pending;
} msort;

static void ms_tick(msort *m)
{
    if (++m->pending >= 1024) {
        fc_sandbox_charge(m->L, m->pending);
        m->pending = 0;
    }
}

/* Whether the value at a sorts before the one at b. */
static int ms_less(msort *m, int a, int b)
{
    lua_State *L = m->L;
    ms_tick(m);
    if (m->comp) {
        lua_pushvalue(L, m->comp);
        lua_pushvalue(L, a);
        lua_pushvalue(L, b);
        lua_call(L, 2, 1);
        int r = lua_toboolean(L, -1);
        lua_pop(L, 1);
        return r;
    }
    if (lua_type(L, a) == LUA_TSTRING && lua_type(L, b) == LUA_TSTRING) { /* bytes, not locale */
        size_t la, lb;
        const char *x = lua_tolstring(L, a, &la), *y = lua_tolstring(L, b, &lb);
        size_t k = la < lb ? la : lb;
        m->pending += (long)(k / FC_LUA_BYTES_PER_UNIT);
        int c = memcmp(x, y, k);
        return c < 0 || (c == 0 && la < lb);
    }
    return lua_compare(L, a, b, LUA_OPLT);
}

/* Merges src[lo..mid) and src[mid..hi) into dst. */
static void ms_merge(msort *m, int src, int dst, lua_Integer lo, lua_Integer mid, lua_Integer hi)
{
    lua_State *L = m->L;
    lua_Integer i = lo, j = mid, k = lo;
    while (i < mid && j < hi) {
        lua_rawgeti(L, src, i);
        lua_rawgeti(L, src, j);
        int top = lua_gettop(L);
        m->pending += 3; /* two reads and a write besides the comparison */
        if (ms_less(m, top, top - 1)) { /* right strictly first: keeps equal elements in order */
            lua_rawseti(L, dst, k++);
            lua_pop(L, 1);
            j++;
        } else {
            lua_pop(L, 1);
            lua_rawseti(L, dst, k++);
            i++;
        }
    }
    for (; i < mid; i++, k++) {
        ms_tick(m);
        lua_rawgeti(L, src, i);
        lua_rawseti(L, dst, k);
    }
    for (; j < hi; j++, k++) {
        ms_tick(m);
        lua_rawgeti(L, src, j);
        lua_rawseti(L, dst, k);
    }
}

static int m_sort(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_Integer n = luaL_len(L, 1);
    luaL_argcheck(L, n < INT_MAX, 1, "array too big");
    if (!lua_isnoneornil(L, 2))
        luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_settop(L, 2);
    msort m = {L, lua_isnil(L, 2) ? 0 : 2, 0};
    if (n < 2)
        return 0;
    fc_sandbox_charge(L, 2 * (long)n); /* read and write back */
    lua_createtable(L, (int)n, 0);     /* 3 */
    lua_createtable(L, (int)n, 0);     /* 4 */
    for (lua_Integer i = 1; i <= n; i++) {
        lua_geti(L, 1, i);
        lua_rawseti(L, 3, i);
    }
    int src = 3, dst = 4;
    for (lua_Integer w = 1; w < n; w *= 2) {
        for (lua_Integer lo = 1; lo <= n; lo += 2 * w) {
            lua_Integer mid = lo + w > n + 1 ? n + 1 : lo + w;
            lua_Integer hi = lo + 2 * w > n + 1 ? n + 1 : lo + 2 * w;
            ms_merge(&m, src, dst, lo, mid, hi);
        }
        int t = src;
        src = dst;
        dst = t;
    }
    for (lua_Integer i = 1; i <= n; i++) {
        lua_rawgeti(L, src, i);
        lua_seti(L, 1, i);
    }
    fc_sandbox_charge(L, m.pending);
    return 0;
}

/* --- raw access that sees through frozen tables ---------------------------------------- */

static int m_rawget(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_checkany(L, 2);
    lua_settop(L, 2);
    fc_sandbox_raw(L, 1);
    lua_insert(L, 2);
    lua_rawget(L, 2);
    return 1;
}

static int m_rawset(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_checkany(L, 2);
    luaL_checkany(L, 3);
    lua_settop(L, 3);
    if (fc_sandbox_raw(L, 1))
        return luaL_error(L, "attempt to modify a frozen table (what the script body made is read-only in hooks: "
                             "a hook may not keep state between calls)");
    lua_pop(L, 1);
    lua_rawset(L, 1);
    return 1;
}

static int m_rawlen(lua_State *L)
{
    int t = lua_type(L, 1);
    luaL_argexpected(L, t == LUA_TTABLE || t == LUA_TSTRING, 1, "table or string");
    if (t == LUA_TTABLE) {
        fc_sandbox_raw(L, 1);
        lua_replace(L, 1);
    }
    lua_pushinteger(L, (lua_Integer)lua_rawlen(L, 1));
    return 1;
}

static void wrap(lua_State *L, int lib, const char *name, lua_CFunction f)
{
    lua_getfield(L, lib, name);
    lua_pushcclosure(L, f, 1);
    lua_setfield(L, lib, name);
}

static void wrap_scan(lua_State *L, int lib, const char *name, int bytes_per_unit)
{
    lua_getfield(L, lib, name);
    lua_pushinteger(L, bytes_per_unit);
    lua_pushcclosure(L, m_scan, 2);
    lua_setfield(L, lib, name);
}

void fc_sandbox_guard_libs(lua_State *L)
{
    lua_getglobal(L, LUA_TABLIBNAME);
    int t = lua_gettop(L);
    wrap(L, t, "insert", m_insert);
    wrap(L, t, "remove", m_remove);
    wrap(L, t, "move", m_move);
    wrap(L, t, "concat", m_concat);
    wrap(L, t, "unpack", m_unpack);
    wrap(L, t, "pack", m_nargs);
    lua_pushcfunction(L, m_sort);
    lua_setfield(L, t, "sort");
    lua_getglobal(L, LUA_UTF8LIBNAME);
    int u = lua_gettop(L);
    wrap_scan(L, u, "len", 2);
    wrap_scan(L, u, "offset", 2);
    wrap_scan(L, u, "codes", 2);
    wrap(L, u, "codepoint", m_codepoint);
    wrap(L, u, "char", m_nargs);
    lua_pushglobaltable(L);
    int g = lua_gettop(L);
    wrap_scan(L, g, "tonumber", 4);
    lua_getglobal(L, LUA_STRLIBNAME);
    int s = lua_gettop(L);
    wrap(L, s, "rep", m_rep);
    wrap_scan(L, s, "upper", 8);
    wrap_scan(L, s, "lower", 8);
    wrap_scan(L, s, "reverse", 8);
    lua_settop(L, g);
    wrap(L, g, "select", m_nargs);
    static const luaL_Reg raw[] = {{"rawget", m_rawget}, {"rawset", m_rawset}, {"rawlen", m_rawlen}, {NULL, NULL}};
    luaL_setfuncs(L, raw, 0);
    lua_settop(L, t - 1);
}
