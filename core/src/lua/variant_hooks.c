/* Lua variants at run time: a game's calls of its hook points (fc_hooks_call, one value;
 * fc_hooks_call_many, a list), each within its budget, with purity checks and memoized results
 * of pure hooks (variant_impl.h); a failing hook records its first error and the game gets the
 * default. The script API that registers hooks is variant.c. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

#include "formicary/rng.h"
#include "variant_impl.h"

unsigned long fc_hooks_calls(const fc_hooks *h) { return h ? h->calls : 0; }

const char *fc_hooks_error(const fc_hooks *h) { return h ? h->error : ""; }

void fc_hooks_clear_error(fc_hooks *h)
{
    if (h)
        h->error[0] = '\0';
}

static void vr_record(fc_hooks *h, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void vr_record(fc_hooks *h, const char *fmt, ...)
{
    if (h->error[0])
        return; /* keep the first */
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(h->error, sizeof h->error, fmt, ap);
    va_end(ap);
}

/* "file:line" of hook point `hook`'s function definition (the chunk name if unknown). */
static void vr_hook_where(fc_hooks *h, lua_State *L, int hook, char *buf, size_t n)
{
    lua_Debug ar;
    lua_rawgeti(L, LUA_REGISTRYINDEX, h->rt.hooks_ref);
    lua_rawgeti(L, -1, hook + 1);
    lua_remove(L, -2);
    if (lua_getinfo(L, ">S", &ar) && ar.linedefined > 0)
        snprintf(buf, n, "%s:%d", ar.short_src, ar.linedefined);
    else
        snprintf(buf, n, "%s", fc_sandbox_chunkname(h->rt.sb));
}

/* Whether hook's results may be memoized: a Lua function without upvalues (see vr_memo) on a
 * point that is not mutable, with few enough arguments. Such a function reaches nothing but its
 * arguments and, through any string's metatable, the string library, which is read-only from
 * the start (sandbox.c): its answers depend on its arguments alone. */
static int vr_pure(fc_hooks *h, lua_State *L, int hook, int nargs)
{
    if (!h->pure[hook]) {
        lua_Debug ar;
        const fc_hook_def *def = &h->rt.plugin->hooks[hook];
        lua_rawgeti(L, LUA_REGISTRYINDEX, h->rt.hooks_ref);
        lua_rawgeti(L, -1, hook + 1);
        lua_remove(L, -2);
        /* a Lua function: a C function without upvalues may still read hidden state
         * (math.random draws from a stream seeded by the game state) */
        int ok = lua_getinfo(L, ">Su", &ar) && ar.nups == 0 && strcmp(ar.what, "C") != 0;
        h->pure[hook] = ok && !(def->flags & FC_HOOK_MUTABLE) && nargs <= VR_MEMO_ARGS ? 1 : -1;
    }
    return h->pure[hook] > 0;
}

/* The two-entry set of (hook, args): a mixed hash (the arguments are small integers that a
 * weak hash would send to the same sets), then the entry holding the key or the one to
 * replace (the other one of the set after a hit on the first, so two hot keys can share). */
static vr_memo *vr_memo_find(fc_hooks *h, int hook, const int64_t *args, int nargs, int *hit)
{
    uint64_t k = (uint64_t)hook + 1;
    for (int i = 0; i < nargs; i++) {
        k = (k ^ (uint64_t)args[i]) * 0xbf58476d1ce4e5b9u;
        k ^= k >> 31;
    }
    k = (k ^ (k >> 29)) * 0x94d049bb133111ebu;
    k ^= k >> 32;
    vr_memo *set = &h->memo[(k % (VR_MEMO_SIZE / 2)) * 2];
    for (int w = 0; w < 2; w++) {
        vr_memo *m = &set[w];
        int same = m->hook == hook;
        for (int i = 0; same && i < nargs; i++)
            same = m->args[i] == args[i];
        if (same) {
            *hit = 1;
            return m;
        }
    }
    *hit = 0;
    return set[0].hook < 0 ? &set[0] : set[1].hook < 0 ? &set[1] : &set[(k >> 40) & 1];
}

/* Converts the hook's result on top of the stack and checks it against the point's declared
 * range; 0 or -1 after recording an error located at the hook function's definition. */
static int vr_result(fc_hooks *h, lua_State *L, int hook, int64_t *out)
{
    const fc_hook_def *def = &h->rt.plugin->hooks[hook];
    int isint = 0;
    lua_Integer v = 0;
    char what[64], where[LUA_IDSIZE + 16];
    switch (lua_type(L, -1)) {
    case LUA_TNIL:
        return 0;
    case LUA_TBOOLEAN:
        v = lua_toboolean(L, -1);
        isint = 1;
        break;
    case LUA_TNUMBER:
        v = lua_tointegerx(L, -1, &isint);
        break;
    default:
        break;
    }
    if (isint && v >= def->lo && v <= def->hi) {
        *out = v;
        return 0;
    }
    if (isint)
        snprintf(what, sizeof what, "%lld", (long long)v);
    else if (lua_type(L, -1) == LUA_TNUMBER)
        snprintf(what, sizeof what, "the non-integral number %.14g", (double)lua_tonumber(L, -1));
    else
        snprintf(what, sizeof what, "a %s", luaL_typename(L, -1));
    vr_hook_where(h, L, hook, where, sizeof where);
    if (isint)
        vr_record(h, "%s: hook %s returned %s, expected %lld..%lld", where, def->name, what, (long long)def->lo,
                  (long long)def->hi);
    else
        vr_record(h, "%s: hook %s returned %s, expected an integer", where, def->name, what);
    return -1;
}

void fc_hooks_last(fc_hooks *h, char *buf, size_t n)
{
    if (n == 0)
        return;
    buf[0] = '\0';
    if (!h || h->last < 0)
        return;
    char where[LUA_IDSIZE + 16];
    lua_State *L = fc_sandbox_lua(h->rt.sb);
    int top = lua_gettop(L);
    vr_hook_where(h, L, h->last, where, sizeof where);
    lua_settop(L, top);
    snprintf(buf, n, "%s: hook %s", where, h->rt.plugin->hooks[h->last].name);
}

void fc_hooks_set_total_budget(fc_hooks *h, long units)
{
    if (h) {
        h->total_budget = units > 0 ? units : 0;
        h->total_spent = 0;
    }
}

/* One hook call with the per-call budget, or less when the total budget has less left. */
static int vr_budgeted_call(fc_hooks *h, int nargs, fc_error *e)
{
    long budget = FC_LUA_CALL_BUDGET, left = h->total_budget - h->total_spent;
    const char *chunk = fc_sandbox_chunkname(h->rt.sb);
    if (h->total_budget > 0 && left <= 0) {
        lua_pop(fc_sandbox_lua(h->rt.sb), nargs + 1);
        return fc_error_set(e, FC_ESCRIPT, "%s: the hooks' budget of %ld units for this replay is used up", chunk,
                            h->total_budget);
    }
    if (h->total_budget > 0 && left < budget)
        budget = left;
    int rc = fc_sandbox_call(h->rt.sb, nargs, 1, budget, e);
    h->total_spent = fc_sandbox_sat_add(h->total_spent, fc_sandbox_spent(h->rt.sb));
    if (rc != 0 && h->total_budget > 0 && h->total_spent >= h->total_budget)
        fc_error_set(e, FC_ESCRIPT, "%s: the hooks' budget of %ld units for this replay is used up", chunk,
                     h->total_budget);
    return rc;
}

int64_t fc_hooks_call(fc_hooks *h, const fc_env *env, int hook, void *st, const int64_t *args, int nargs,
                      int64_t dflt)
{
    if (!h || hook < 0 || hook >= 64 || !((h->res.hooks_mask >> hook) & 1u))
        return dflt;
    h->calls++;
    h->last = hook;
    fc_vrt *rt = &h->rt;
    const fc_plugin *p = rt->plugin;
    const fc_hook_def *def = &p->hooks[hook];
    const char *chunk = fc_sandbox_chunkname(rt->sb);
    if (rt->cur_hook >= 0) {
        vr_record(h, "%s: hook %s called from inside hook %s", chunk, def->name, p->hooks[rt->cur_hook].name);
        return dflt;
    }
    if (nargs != def->nargs || nargs < 0 || nargs > VR_MAX_ARGS || (nargs > 0 && !args)) {
        vr_record(h, "%s: hook %s called with %d arguments, expected %d", chunk, def->name, nargs, def->nargs);
        return dflt;
    }
    lua_State *L = fc_sandbox_lua(rt->sb);
    vr_memo *memo = NULL;
    if (vr_pure(h, L, hook, nargs)) {
        int hit = 0;
        memo = vr_memo_find(h, hook, args, nargs, &hit);
        if (hit)
            return memo->nil ? dflt : memo->out;
    }
    int top = lua_gettop(L);
    if (!lua_checkstack(L, nargs + 8)) {
        vr_record(h, "%s: hook %s: Lua stack exhausted", chunk, def->name);
        return dflt;
    }
    size_t size = st && p->game ? p->game->state_size : 0;
    fc_sandbox_seed_lazy(rt->sb, st, size, args, nargs, (uint64_t)hook);
    lua_rawgeti(L, LUA_REGISTRYINDEX, rt->hooks_ref);
    lua_rawgeti(L, -1, hook + 1);
    lua_remove(L, -2);
    for (int i = 0; i < nargs; i++)
        lua_pushinteger(L, (lua_Integer)(args[i] + (i < 32 && ((def->seat_args >> i) & 1u) ? 1 : 0)));
    rt->cur_hook = hook;
    rt->st = st;
    rt->env = env;
    fc_error e;
    int rc = vr_budgeted_call(h, nargs, &e);
    rt->cur_hook = -1;
    rt->st = NULL;
    rt->env = NULL;
    int64_t out = dflt;
    if (rc != 0)
        vr_record(h, "%s", e.msg);
    else if (vr_result(h, L, hook, &out) != 0)
        out = dflt;
    else if (memo) { /* a successful result of a memoizable hook */
        memo->hook = (int16_t)hook;
        memcpy(memo->args, args, (size_t)nargs * sizeof *args);
        memo->nil = lua_isnil(L, -1);
        memo->out = out;
    }
    lua_settop(L, top);
    return out;
}

/* ---- lists ---- */

/* A memoizable hook's earlier answers to exactly this list, or NULL. */
static const vr_batch *vr_batch_find(const fc_hooks *h, int hook, const int64_t *args, int nargs, int count,
                                     int64_t dflt)
{
    for (int i = 0; i < VR_BATCH_SLOTS; i++) {
        const vr_batch *b = &h->batch[i];
        /* lists that differ usually differ in their first items: memcmp stops there */
        if (b->hook == hook && b->nargs == nargs && b->count == count && b->dflt == dflt &&
            memcmp(b->args, args, (size_t)nargs * (size_t)count * sizeof *args) == 0)
            return b;
    }
    return NULL;
}

int fc_hooks_call_many(fc_hooks *h, const fc_env *env, int hook, void *st, const int64_t *args, int nargs, int count,
                       int64_t dflt, int64_t *out)
{
    if (count <= 0)
        return 0;
    if (!h || hook < 0 || hook >= 64 || !((h->res.hooks_mask >> hook) & 1u)) {
        for (int i = 0; i < count; i++)
            out[i] = dflt;
        return 0;
    }
    int n = nargs * count;
    bool cacheable = nargs >= 0 && nargs <= VR_MEMO_ARGS && count <= VR_BATCH_COUNT && n <= VR_BATCH_ARGS &&
                     h->rt.cur_hook < 0 && !h->error[0] && vr_pure(h, fc_sandbox_lua(h->rt.sb), hook, nargs);
    if (cacheable) {
        const vr_batch *b = vr_batch_find(h, hook, args, nargs, count, dflt);
        if (b) {
            h->calls += (unsigned long)count;
            h->last = hook;
            memcpy(out, b->out, (size_t)count * sizeof *out);
            return 0;
        }
    }
    /* One call per item (each memoized as usual); the list is kept only when no call failed,
     * so failures are reported every time, as for single calls. */
    for (int i = 0; i < count; i++)
        out[i] = fc_hooks_call(h, env, hook, st, args + (size_t)i * (size_t)nargs, nargs, dflt);
    if (!cacheable || h->error[0])
        return h->error[0] ? -1 : 0;
    vr_batch *b = &h->batch[h->batch_next];
    h->batch_next = (h->batch_next + 1) % VR_BATCH_SLOTS;
    b->hook = (int16_t)hook;
    b->nargs = (int16_t)nargs;
    b->count = count;
    b->dflt = dflt;
    memcpy(b->args, args, (size_t)n * sizeof *args);
    memcpy(b->out, out, (size_t)count * sizeof *out);
    return 0;
}
