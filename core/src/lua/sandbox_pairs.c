/* The sandbox's pairs(): the keys of a table in a fixed order (numbers, then strings bytewise,
 * then booleans), so a variant iterating a table does the same on every run and machine; Lua's
 * own order depends on addresses and insertion history. The iterator walks a sorted snapshot
 * of the keys taken when pairs() is called (see sandbox.h). */
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

#include "formicary/variant.h"
#include "sandbox.h"

/* Deterministic pairs: a sorted snapshot of the keys. */
typedef struct sb_key {
    int cls; /* 0 number, 1 string, 2 boolean: the order between classes */
    int isint;
    lua_Integer i;
    lua_Number n;
    const char *s;
    size_t len;
    int idx; /* position in the unsorted snapshot */
} sb_key;

static int sb_num_cmp(const sb_key *a, const sb_key *b)
{
    if (a->isint && b->isint)
        return (a->i > b->i) - (a->i < b->i);
    lua_Number x = a->isint ? (lua_Number)a->i : a->n;
    lua_Number y = b->isint ? (lua_Number)b->i : b->n;
    if (x != y)
        return x < y ? -1 : 1;
    return b->isint - a->isint; /* equal value: integer first (cannot happen for real keys) */
}

static int sb_key_cmp(const void *pa, const void *pb)
{
    const sb_key *a = pa, *b = pb;
    if (a->cls != b->cls)
        return a->cls - b->cls;
    if (a->cls == 0)
        return sb_num_cmp(a, b);
    if (a->cls == 2)
        return (int)a->i - (int)b->i;
    size_t m = a->len < b->len ? a->len : b->len;
    int c = memcmp(a->s, b->s, m);
    if (c)
        return c;
    return (a->len > b->len) - (a->len < b->len);
}

static int sb_pairs_iter(lua_State *L);
int fc_sandbox_is_pairs_iter(lua_CFunction f) { return f == sb_pairs_iter; }

static int sb_pairs_iter(lua_State *L)
{
    lua_Integer pos = lua_tointeger(L, lua_upvalueindex(2));
    for (;;) {
        pos++;
        if (lua_rawgeti(L, lua_upvalueindex(1), pos) == LUA_TNIL) {
            lua_pushinteger(L, pos - 1);
            lua_replace(L, lua_upvalueindex(2));
            return 1;
        }
        lua_pushvalue(L, -1);
        if (lua_rawget(L, lua_upvalueindex(3)) != LUA_TNIL) {
            lua_pushinteger(L, pos);
            lua_replace(L, lua_upvalueindex(2));
            return 2;
        }
        lua_pop(L, 2); /* removed during the traversal: skip */
    }
}

int fc_sandbox_pairs(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_settop(L, 1);
    fc_sandbox_raw(L, 1); /* 2: a frozen table's entries are in its shadow, never returned */
    lua_insert(L, 1);     /* 1: raw entries, 2: the table itself */
    lua_newtable(L);      /* 3: keys in traversal order */
    int n = 0;
    lua_pushnil(L);
    while (lua_next(L, 1)) {
        lua_pop(L, 1);
        int t = lua_type(L, -1);
        if (t != LUA_TNUMBER && t != LUA_TSTRING && t != LUA_TBOOLEAN)
            return luaL_error(L, "pairs: table keys of type %s have no deterministic order", luaL_typename(L, -1));
        lua_pushvalue(L, -1);
        lua_rawseti(L, 3, ++n);
    }
    sb_key *k = lua_newuserdatauv(L, (size_t)n * sizeof *k + 1, 0); /* 4 */
    for (int i = 0; i < n; i++) {
        lua_rawgeti(L, 3, i + 1);
        memset(&k[i], 0, sizeof k[i]);
        k[i].idx = i + 1;
        switch (lua_type(L, -1)) {
        case LUA_TNUMBER:
            k[i].isint = lua_isinteger(L, -1);
            k[i].i = k[i].isint ? lua_tointeger(L, -1) : 0;
            k[i].n = lua_tonumber(L, -1);
            break;
        case LUA_TSTRING:
            k[i].cls = 1;
            k[i].s = lua_tolstring(L, -1, &k[i].len); /* kept alive by table 3 */
            break;
        default:
            k[i].cls = 2;
            k[i].i = lua_toboolean(L, -1);
            break;
        }
        lua_pop(L, 1);
    }
    /* 2 per key to snapshot, then about n log2 n comparisons at 3 each (measured: a qsort
     * comparison costs about 3 instructions), each reading up to the common prefix */
    long lg = 1, keybytes = 0;
    while ((1L << lg) < n)
        lg++;
    for (int i = 0; i < n; i++)
        keybytes += (long)k[i].len;
    fc_sandbox_charge(L, 2L * n + 3L * n * lg + keybytes / FC_LUA_BYTES_PER_UNIT * lg);
    qsort(k, (size_t)n, sizeof *k, sb_key_cmp);
    lua_createtable(L, n, 0); /* 5: sorted keys */
    for (int i = 0; i < n; i++) {
        lua_rawgeti(L, 3, k[i].idx);
        lua_rawseti(L, 5, i + 1);
    }
    lua_pushinteger(L, 0);
    lua_pushvalue(L, 1);
    lua_pushcclosure(L, sb_pairs_iter, 3);
    lua_pushvalue(L, 2);
    lua_pushnil(L);
    return 3;
}

