/* Freezing a variant after its body ran, so hooks cannot keep state between calls.
 *
 * A hook must be a function of its arguments and the game state: the same call must give the
 * same result in `play`, in the legal-decision listing, in `replay` and in search. So once the
 * script body has run, everything it can reach afterwards is made read-only:
 * - every table reachable from the globals, the registered hook functions and their upvalues
 *   (and from those tables' keys, values and metatables) is frozen in place: its entries move
 *   to a hidden shadow table, and it gets a protected metatable whose __index reads the shadow
 *   and whose __newindex raises "attempt to modify a frozen table". The table keeps its
 *   identity, so `==`, table keys and upvalues still see the same object; the copied
 *   metamethods keep behaving as before; pairs, rawget, rawlen, getmetatable and setmetatable
 *   see through the proxy (sandbox.c);
 * - plain upvalues (a counter captured by a hook) cannot be made read-only, so their values
 *   are snapshotted and checked after every call (fc_sandbox_verify): a changed one is put back
 *   and the call fails with "file:line: hook changed upvalue 'n' ...";
 * - a full userdata still reachable (a string.gmatch iterator kept in a global) carries C state
 *   no check can see: the variant is refused.
 * Tables and closures made during a hook call are the hook's own and stay writable. */
#include <stdio.h>
#include <string.h>

#include <lauxlib.h>

#include "formicary/variant.h"
#include "sandbox.h"

/* Keys of the metatable of a frozen table (light userdata: invisible to scripts). */
static const char key_shadow = 0, key_orig = 0;
#define REG_SNAP "fc.sandbox.snapshot"   /* {fn, upvalue index, value, ...} */
#define REG_PROXY "fc.sandbox.proxy_of"  /* shadow -> frozen table */

static int frozen_newindex(lua_State *L)
{
    if (lua_toboolean(L, lua_upvalueindex(1)))
        return luaL_error(L, "attempt to modify a standard library table (string, table, math and utf8 are shared "
                             "by every script and hook and are read-only)");
    return luaL_error(L, "attempt to modify a frozen table (what the script body made is read-only in hooks: "
                         "a hook may not keep state between calls)");
}

/* __index of a frozen table whose original metatable had an __index (upvalue 2): the shadow
 * first, then the original fallback called with the frozen table itself, never the shadow. */
static int frozen_index(lua_State *L)
{
    lua_settop(L, 2);
    lua_pushvalue(L, 2);
    if (lua_rawget(L, lua_upvalueindex(1)) != LUA_TNIL)
        return 1;
    lua_pop(L, 1);
    if (lua_type(L, lua_upvalueindex(2)) == LUA_TFUNCTION) {
        lua_pushvalue(L, lua_upvalueindex(2));
        lua_insert(L, 1);
        lua_call(L, 2, 1);
        return 1;
    }
    lua_pushvalue(L, lua_upvalueindex(2));
    lua_insert(L, 2);
    lua_gettable(L, 2);
    return 1;
}

static int frozen_len(lua_State *L)
{
    fc_sandbox_raw(L, 1);
    lua_pushinteger(L, (lua_Integer)lua_rawlen(L, -1));
    return 1;
}

int fc_sandbox_raw(lua_State *L, int idx)
{
    idx = lua_absindex(L, idx);
    if (lua_getmetatable(L, idx)) {
        if (lua_rawgetp(L, -1, &key_shadow) == LUA_TTABLE) {
            lua_remove(L, -2);
            return 1;
        }
        lua_pop(L, 2);
    }
    lua_pushvalue(L, idx);
    return 0;
}

int fc_sandbox_getmetatable(lua_State *L, int idx)
{
    idx = lua_absindex(L, idx);
    if (!lua_getmetatable(L, idx))
        return 0;
    if (lua_rawgetp(L, -1, &key_shadow) == LUA_TTABLE) { /* a frozen table: its original metatable */
        lua_pop(L, 1);
        lua_rawgetp(L, -1, &key_orig);
        lua_remove(L, -2);
        return !lua_isnil(L, -1) || (lua_pop(L, 1), 0);
    }
    lua_pop(L, 1);
    /* a shadow set by setmetatable(x, frozen): show the frozen table */
    lua_getfield(L, LUA_REGISTRYINDEX, REG_PROXY);
    if (lua_type(L, -1) == LUA_TTABLE) {
        lua_pushvalue(L, -2);
        if (lua_rawget(L, -2) == LUA_TTABLE) {
            lua_replace(L, -3);
            lua_pop(L, 1);
            return 1;
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return 1;
}

/* --- freezing ---------------------------------------------------------------------------- */

typedef struct fz {
    lua_State *L;
    int libs_only;
    int seen, tables, queue, snap, ids; /* stack indices of work tables */
    int ntables, nqueue, nsnap, nsnap_out;
    char *msg;
    size_t n;
} fz;

static void fz_push(fz *z, int idx)
{
    int t = lua_type(z->L, idx);
    if (t != LUA_TTABLE && t != LUA_TFUNCTION && t != LUA_TUSERDATA && t != LUA_TTHREAD)
        return;
    lua_pushvalue(z->L, idx);
    lua_rawseti(z->L, z->queue, ++z->nqueue);
}

/* Records upvalue i of the function on top (its value just above it) once per upvalue cell. */
static void fz_snapshot(fz *z, int fn, int i)
{
    lua_State *L = z->L;
    lua_pushlightuserdata(L, lua_upvalueid(L, fn, i));
    if (lua_rawget(L, z->ids) != LUA_TNIL) {
        lua_pop(L, 1);
        return;
    }
    lua_pop(L, 1);
    lua_pushlightuserdata(L, lua_upvalueid(L, fn, i));
    lua_pushboolean(L, 1);
    lua_rawset(L, z->ids);
    lua_pushvalue(L, fn);
    lua_rawseti(L, z->snap, ++z->nsnap);
    lua_pushinteger(L, i);
    lua_rawseti(L, z->snap, ++z->nsnap);
    lua_pushvalue(L, -1); /* the value */
    lua_rawseti(L, z->snap, ++z->nsnap);
}

static int fz_already_frozen(lua_State *L, int idx)
{
    int frozen = fc_sandbox_raw(L, idx);
    lua_pop(L, 1);
    return frozen;
}

static int fz_visit(fz *z)
{
    lua_State *L = z->L;
    int v = lua_gettop(L);
    lua_pushvalue(L, v);
    if (lua_rawget(L, z->seen) != LUA_TNIL) {
        lua_pop(L, 1);
        return 0;
    }
    lua_pop(L, 1);
    switch (lua_type(L, v)) {
    case LUA_TTABLE:
        if (fz_already_frozen(L, v)) { /* a library table: its shadow holds only library functions */
            lua_pushvalue(L, v);
            lua_pushboolean(L, 1);
            lua_rawset(L, z->seen);
            return 0;
        }
        lua_pushvalue(L, v);
        lua_pushinteger(L, ++z->ntables);
        lua_rawset(L, z->seen);
        lua_pushvalue(L, v);
        lua_rawseti(L, z->tables, z->ntables);
        lua_pushnil(L);
        while (lua_next(L, v)) {
            fz_push(z, -2);
            fz_push(z, -1);
            lua_pop(L, 1);
        }
        if (lua_getmetatable(L, v)) {
            fz_push(z, -1);
            lua_pop(L, 1);
        }
        return 0;
    case LUA_TFUNCTION: {
        lua_pushvalue(L, v);
        lua_pushboolean(L, 1);
        lua_rawset(L, z->seen);
        int watch = !lua_iscfunction(L, v) || fc_sandbox_is_pairs_iter(lua_tocfunction(L, v));
        for (int i = 1; lua_getupvalue(L, v, i); i++) {
            fz_push(z, -1);
            if (watch)
                fz_snapshot(z, v, i);
            lua_pop(L, 1);
        }
        return 0;
    }
    default:
        snprintf(z->msg, z->n,
                 "a %s (such as a string.gmatch iterator) is still reachable from a global or an upvalue after "
                 "the script body ran: hooks may not keep state between calls",
                 luaL_typename(L, v));
        return -1;
    }
}

/* Copies the metamethods of original metatable O (its shadow at so) into M (at m). */
static void fz_copy_metamethods(lua_State *L, int so, int m)
{
    static const char *const skip[] = {"__index", "__newindex", "__len", "__metatable", "__gc", "__mode", NULL};
    lua_pushnil(L);
    while (lua_next(L, so)) {
        int copy = 0;
        if (lua_type(L, -2) == LUA_TSTRING) {
            const char *k = lua_tostring(L, -2);
            copy = k[0] == '_' && k[1] == '_';
            for (const char *const *s = skip; copy && *s; s++)
                copy = strcmp(k, *s) != 0;
        }
        if (copy) {
            lua_pushvalue(L, -2);
            lua_insert(L, -2);
            lua_rawset(L, m);
        } else {
            lua_pop(L, 1);
        }
    }
}

/* Freezes table number i of the list (shadows already made). */
static void fz_freeze_one(fz *z, int shadows, int i)
{
    lua_State *L = z->L;
    lua_rawgeti(L, z->tables, i);
    int t = lua_gettop(L);
    lua_rawgeti(L, shadows, i);
    int s = t + 1;
    lua_createtable(L, 0, 6);
    int m = t + 2;
    lua_pushvalue(L, s);
    lua_setfield(L, m, "__index"); /* the fast path: a plain table */
    if (lua_getmetatable(L, t)) {  /* original metatable O: frozen too, its shadow holds its fields */
        lua_pushvalue(L, -1);
        lua_rawsetp(L, m, &key_orig);
        lua_pushvalue(L, -1);
        lua_rawget(L, z->seen);
        lua_rawgeti(L, shadows, (lua_Integer)lua_tointeger(L, -1));
        int so = lua_gettop(L);
        fz_copy_metamethods(L, so, m);
        lua_pushvalue(L, s);
        if (lua_getfield(L, so, "__index") != LUA_TNIL) { /* lookups missing the shadow go on as O said */
            lua_pushcclosure(L, frozen_index, 2);
            lua_setfield(L, m, "__index");
        } else {
            lua_pop(L, 2);
        }
        lua_pop(L, 3);
    }
    lua_pushvalue(L, s);
    lua_rawsetp(L, m, &key_shadow);
    lua_pushboolean(L, z->libs_only);
    lua_pushcclosure(L, frozen_newindex, 1);
    lua_setfield(L, m, "__newindex");
    lua_pushcfunction(L, frozen_len);
    lua_setfield(L, m, "__len");
    lua_pushboolean(L, 0);
    lua_setfield(L, m, "__metatable");
    lua_pushnil(L); /* empty t: the shadow has every key */
    while (lua_next(L, s)) {
        lua_pop(L, 1);
        lua_pushvalue(L, -1);
        lua_pushnil(L);
        lua_rawset(L, t);
    }
    lua_pushvalue(L, m);
    lua_setmetatable(L, t);
    lua_getfield(L, LUA_REGISTRYINDEX, REG_PROXY);
    lua_pushvalue(L, s);
    lua_pushvalue(L, t);
    lua_rawset(L, -3);
    lua_settop(L, t - 1);
}

/* Protected: freezes everything reachable from the globals and the values of the table at 1.
 * Upvalue 1 is a light userdata to the fz (message buffer). */
static int fz_run(lua_State *L)
{
    fz *z = lua_touserdata(L, lua_upvalueindex(1));
    z->L = L;
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_newtable(L);
    z->seen = lua_gettop(L);
    lua_newtable(L);
    z->tables = lua_gettop(L);
    lua_newtable(L);
    z->queue = lua_gettop(L);
    lua_newtable(L);
    z->snap = lua_gettop(L);
    lua_newtable(L);
    z->ids = lua_gettop(L);
    if (lua_getfield(L, LUA_REGISTRYINDEX, REG_PROXY) != LUA_TTABLE) { /* kept from the library freeze */
        lua_newtable(L);
        lua_setfield(L, LUA_REGISTRYINDEX, REG_PROXY);
    }
    lua_pop(L, 1);
    if (!z->libs_only) {
        lua_pushglobaltable(L);
        fz_push(z, -1);
        lua_pop(L, 1);
    }
    lua_pushnil(L); /* the root's values (the hook functions); the root itself stays the host's */
    while (lua_next(L, 1)) {
        fz_push(z, -1);
        lua_pop(L, 1);
    }
    while (z->nqueue > 0) {
        lua_rawgeti(L, z->queue, z->nqueue);
        lua_pushnil(L);
        lua_rawseti(L, z->queue, z->nqueue--);
        if (fz_visit(z) != 0)
            return 0;
        lua_settop(L, z->ids);
    }
    lua_createtable(L, z->ntables, 0);
    int shadows = lua_gettop(L);
    for (int i = 1; i <= z->ntables; i++) {
        lua_rawgeti(L, z->tables, i);
        lua_newtable(L);
        lua_pushnil(L);
        while (lua_next(L, -3)) {
            lua_pushvalue(L, -2);
            lua_insert(L, -2);
            lua_rawset(L, -4);
        }
        lua_rawseti(L, shadows, i);
        lua_pop(L, 1);
    }
    for (int i = 1; i <= z->ntables; i++)
        fz_freeze_one(z, shadows, i);
    if (z->nsnap > 0) { /* nothing to check after calls when no function has upvalues */
        lua_pushvalue(L, z->snap);
        lua_setfield(L, LUA_REGISTRYINDEX, REG_SNAP);
    }
    z->nsnap_out = z->nsnap;
    z->msg[0] = '\0';
    return 0;
}

int fc_sandbox_freeze_state(fc_sandbox *sb, char *msg, size_t n, int *watched, int libs_only)
{
    fz z;
    memset(&z, 0, sizeof z);
    z.libs_only = libs_only;
    z.msg = msg;
    z.n = n;
    snprintf(msg, n, "freezing failed");
    lua_State *L = fc_sandbox_lua(sb);
    lua_pushlightuserdata(L, &z);
    lua_pushcclosure(L, fz_run, 1);
    lua_insert(L, -2); /* fz_run, root */
    fc_error err;
    if (fc_sandbox_call(sb, 1, 0, FC_LUA_LOAD_BUDGET, &err) != 0) {
        snprintf(msg, n, "%s", err.msg);
        return -1;
    }
    *watched = z.nsnap_out / 3;
    if (!msg[0])
        return 0;
    char text[FC_ERROR_MSG_MAX];
    snprintf(text, sizeof text, "%s", msg);
    snprintf(msg, n, "%s: %.*s", fc_sandbox_chunkname(sb), (int)(sizeof text - 80), text);
    return -1;
}

int fc_sandbox_verify_state(lua_State *L, const char *chunk, char *msg, size_t n)
{
    int bad = 0;
    if (lua_getfield(L, LUA_REGISTRYINDEX, REG_SNAP) != LUA_TTABLE) {
        lua_pop(L, 1);
        return 0;
    }
    int snap = lua_gettop(L);
    lua_Integer len = (lua_Integer)lua_rawlen(L, snap);
    for (lua_Integer k = 1; k + 2 <= len; k += 3) {
        lua_rawgeti(L, snap, k);
        int fn = lua_gettop(L);
        int i = (int)(lua_rawgeti(L, snap, k + 1), lua_tointeger(L, -1));
        lua_pop(L, 1);
        const char *name = lua_getupvalue(L, fn, i);
        lua_rawgeti(L, snap, k + 2);
        if (name && !lua_rawequal(L, -1, -2)) {
            if (!bad) {
                lua_Debug ar;
                lua_pushvalue(L, fn);
                lua_getinfo(L, ">S", &ar);
                if (ar.linedefined > 0)
                    snprintf(msg, n,
                             "%s:%d: the function defined here changed upvalue '%s' during a hook call "
                             "(a hook may not keep state between calls; the value is put back)",
                             ar.short_src, ar.linedefined, name[0] ? name : "?");
                else
                    snprintf(msg, n,
                             "%s: a pairs() iterator made by the script body was advanced during a hook call "
                             "(a hook may not keep state between calls)",
                             chunk);
            }
            bad = 1;
            lua_setupvalue(L, fn, i); /* pops the old value */
        } else {
            lua_pop(L, 1);
        }
        lua_settop(L, snap);
    }
    lua_pop(L, 1);
    return bad ? -1 : 0;
}
