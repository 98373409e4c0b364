/* Lua variants: the script API (what a variant may call while it loads) on top of the sandbox;
 * the hook calls of a match are variant_hooks.c.
 *
 * What a variant script may call (besides the pruned standard libraries, see sandbox.c):
 *
 *   variant{ name = "...", description = "...", game = "myrmes" }
 *       Required exactly once. name and game are non-empty strings, description is an
 *       optional string. When the core knows the game, `game` must be its id.
 *   set(name, value)
 *       Sets parameter `name`. value is a number, a boolean, a string, or a table of
 *       integers for list parameters ({4, 5, 6} is recorded as "4,5,6"). Recorded as text
 *       with its line; range checks are done by the caller (fc_param_parse). Each parameter
 *       may be set once; with a game, an unknown name is an error.
 *   param(name, default, lo, hi [, doc])
 *       Declares an integer parameter of the variant: name is [a-z][a-z0-9_]*, shorter than
 *       FC_PARAM_NAME_MAX, not a parameter of the game, declared once; lo <= default <= hi.
 *       It joins the rule set's schema after the game's (INI rule sets and --set set it);
 *       hooks read the resolved value as params.<name>. No real type: hooks deal in integers.
 *   hook(name, fn)
 *       Registers fn on the game's hook point `name` (needs a game; once per point). The
 *       game calls it with integer arguments (seats 1-based) and fn returns an integer, a
 *       boolean (true = 1, false = 0), an integral float, or nil to keep the default.
 *   params.<name>
 *       The resolved value of a declared parameter (read-only; only inside a hook call, as
 *       the values are known only when the rule set is finished).
 *   game.<query>(...)
 *       The game's read-only queries; only inside a hook call.
 *   action.<name>(...)
 *       The game's state-changing actions; only inside hooks declared FC_HOOK_MUTABLE.
 *   Accessors take exactly their declared number of integer arguments; seat arguments are
 *   1-based (1..number of seats) and the result is an integer. A failing accessor raises
 *   "game.x failed".
 *
 * Inside a hook call math.random draws from a stream seeded by the state's bytes, the hook
 * index and the arguments, so a hook is a pure function of them. A failing hook records its
 * first error (fc_hooks_error) and the game gets the default; the Lua state stays usable. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

#include "formicary/params.h"
#include "formicary/rng.h"
#include "formicary/variant.h"
#include "sandbox.h"

#include "variant_impl.h"

static fc_vrt *vr_self(lua_State *L) { return lua_touserdata(L, lua_upvalueindex(1)); }

static int vr_line(lua_State *L)
{
    lua_Debug ar;
    if (lua_getstack(L, 1, &ar) && lua_getinfo(L, "l", &ar))
        return ar.currentline;
    return 0;
}

/* variant(), set() and hook() declare the variant: only while the script body runs. */
static void vr_body_only(lua_State *L, fc_vrt *rt, const char *fn)
{
    if (rt->loaded)
        luaL_error(L, "%s() is only available in the script body, not inside a hook", fn);
}

static const char *vr_game_id(const fc_vrt *rt) { return rt->plugin && rt->plugin->id ? rt->plugin->id : "?"; }

/* Copies the string field `key` of the table at 1 into buf. */
static void vr_meta_field(lua_State *L, const char *key, char *buf, size_t n, int required)
{
    int t = lua_getfield(L, 1, key);
    buf[0] = '\0';
    if (t == LUA_TNIL && !required) {
        lua_pop(L, 1);
        return;
    }
    size_t len = 0;
    if (t == LUA_TSTRING)
        lua_tolstring(L, -1, &len);
    if (t != LUA_TSTRING || (required && len == 0))
        luaL_error(L, "variant{}: %s must be a %sstring, not %s", key, required ? "non-empty " : "",
                   t == LUA_TSTRING ? "an empty string" : luaL_typename(L, -1));
    if (len >= n)
        luaL_error(L, "variant{}: %s is longer than %d characters", key, (int)n - 1);
    memcpy(buf, lua_tostring(L, -1), len + 1);
    lua_pop(L, 1);
}

static int vr_variant(lua_State *L)
{
    fc_vrt *rt = vr_self(L);
    fc_variant_meta *m = &rt->res->meta;
    vr_body_only(L, rt, "variant");
    luaL_checktype(L, 1, LUA_TTABLE);
    if (rt->declared)
        return luaL_error(L, "variant{} declared twice (first at line %d)", m->line);
    fc_variant_meta tmp;
    memset(&tmp, 0, sizeof tmp);
    vr_meta_field(L, "name", tmp.name, sizeof tmp.name, 1);
    vr_meta_field(L, "game", tmp.game, sizeof tmp.game, 1);
    vr_meta_field(L, "description", tmp.description, sizeof tmp.description, 0);
    if (rt->plugin && strcmp(tmp.game, vr_game_id(rt)) != 0)
        return luaL_error(L, "variant is for game '%s', not %s", tmp.game, vr_game_id(rt));
    tmp.line = vr_line(L);
    *m = tmp;
    rt->declared = 1;
    return 0;
}

/* Formats a set() value as the text fc_param_parse reads. */
static void vr_value_text(lua_State *L, const char *name, char *buf, size_t n)
{
    int isint;
    lua_Integer v;
    switch (lua_type(L, 2)) {
    case LUA_TNUMBER:
        v = lua_tointegerx(L, 2, &isint);
        if (isint)
            snprintf(buf, n, "%lld", (long long)v);
        else
            snprintf(buf, n, "%.17g", (double)lua_tonumber(L, 2));
        return;
    case LUA_TBOOLEAN:
        snprintf(buf, n, "%s", lua_toboolean(L, 2) ? "true" : "false");
        return;
    case LUA_TSTRING: {
        size_t len;
        const char *s = lua_tolstring(L, 2, &len);
        if (len >= n || strlen(s) != len)
            luaL_error(L, "set: value of '%s' is too long or holds a NUL byte", name);
        memcpy(buf, s, len + 1);
        return;
    }
    case LUA_TTABLE: {
        lua_Integer count = (lua_Integer)lua_rawlen(L, 2);
        size_t k = 0;
        buf[0] = '\0';
        for (lua_Integer i = 1; i <= count; i++) {
            lua_rawgeti(L, 2, i);
            v = lua_tointegerx(L, -1, &isint);
            if (!isint || lua_type(L, -1) != LUA_TNUMBER)
                luaL_error(L, "set: element %d of list '%s' is not an integer", (int)i, name);
            lua_pop(L, 1);
            int w = snprintf(buf + k, n - k, "%s%lld", i > 1 ? "," : "", (long long)v);
            if (w < 0 || (size_t)w >= n - k)
                luaL_error(L, "set: list '%s' is too long", name);
            k += (size_t)w;
        }
        return;
    }
    default:
        luaL_error(L, "set: value of '%s' must be a number, boolean, string or list of integers, not %s", name,
                   luaL_typename(L, 2));
    }
}

static int vr_set(lua_State *L)
{
    fc_vrt *rt = vr_self(L);
    fc_variant_probe_result *res = rt->res;
    vr_body_only(L, rt, "set");
    luaL_checktype(L, 1, LUA_TSTRING);
    luaL_checkany(L, 2);
    const char *name = lua_tostring(L, 1);
    if (strlen(name) >= FC_PARAM_NAME_MAX || name[0] == '\0')
        return luaL_error(L, "set: bad parameter name '%s'", name);
    for (int i = 0; i < res->nparams; i++)
        if (strcmp(res->params[i].name, name) == 0)
            return luaL_error(L, "set: '%s' is this variant's own parameter (declared at line %d: its default is "
                                 "param()'s second argument)",
                              name, res->params[i].line);
    if (rt->plugin && fc_param_find(rt->plugin->params, rt->plugin->nparams, name) < 0)
        return luaL_error(L, "unknown parameter '%s' for game %s", name, vr_game_id(rt));
    for (int i = 0; i < res->nsettings; i++)
        if (strcmp(res->settings[i].key, name) == 0)
            return luaL_error(L, "parameter '%s' already set at line %d", name, res->settings[i].line);
    if (res->nsettings >= FC_VARIANT_MAX_SETTINGS)
        return luaL_error(L, "too many set() calls (at most %d)", FC_VARIANT_MAX_SETTINGS);
    fc_variant_setting *s = &res->settings[res->nsettings];
    vr_value_text(L, name, s->value, sizeof s->value);
    snprintf(s->key, sizeof s->key, "%s", name);
    s->line = vr_line(L);
    res->nsettings++;
    return 0;
}

/* Argument `arg` of param() as an integer. */
static int64_t vr_param_int(lua_State *L, int arg, const char *name, const char *what)
{
    int isint = 0;
    lua_Integer v = lua_tointegerx(L, arg, &isint);
    if (!isint || lua_type(L, arg) != LUA_TNUMBER)
        luaL_error(L, "param: '%s': %s must be an integer, not %s", name, what,
                   lua_type(L, arg) == LUA_TNUMBER ? "a fraction" : luaL_typename(L, arg));
    return (int64_t)v;
}

static int vr_param(lua_State *L)
{
    fc_vrt *rt = vr_self(L);
    fc_variant_probe_result *res = rt->res;
    vr_body_only(L, rt, "param");
    if (lua_type(L, 1) != LUA_TSTRING)
        return luaL_error(L, "param: the name must be a string, not %s", luaL_typename(L, 1));
    size_t len;
    const char *name = lua_tolstring(L, 1, &len);
    int ok = len > 0 && len < FC_PARAM_NAME_MAX && strlen(name) == len && name[0] >= 'a' && name[0] <= 'z';
    for (size_t i = 1; ok && i < len; i++)
        ok = (name[i] >= 'a' && name[i] <= 'z') || (name[i] >= '0' && name[i] <= '9') || name[i] == '_';
    if (!ok) {
        char shown[68];
        snprintf(shown, sizeof shown, "%.64s", name);
        return luaL_error(L, "param: bad name '%s' (expected [a-z][a-z0-9_]*, at most %d bytes)", shown,
                          FC_PARAM_NAME_MAX - 1);
    }
    if (rt->plugin && fc_param_find(rt->plugin->params, rt->plugin->nparams, name) >= 0)
        return luaL_error(L, "param: '%s' is a parameter of game %s (set it with set())", name, vr_game_id(rt));
    for (int i = 0; i < res->nparams; i++)
        if (strcmp(res->params[i].name, name) == 0)
            return luaL_error(L, "param: '%s' declared twice (first at line %d)", name, res->params[i].line);
    for (int i = 0; i < res->nsettings; i++)
        if (strcmp(res->settings[i].key, name) == 0)
            return luaL_error(L, "param: '%s' is already set at line %d", name, res->settings[i].line);
    if (res->nparams >= FC_VARIANT_MAX_PARAMS)
        return luaL_error(L, "param: too many parameters (at most %d)", FC_VARIANT_MAX_PARAMS);
    fc_variant_param *vp = &res->params[res->nparams];
    int64_t def = vr_param_int(L, 2, name, "the default");
    int64_t lo = vr_param_int(L, 3, name, "lo");
    int64_t hi = vr_param_int(L, 4, name, "hi");
    if (lo > hi) /* luaL_error formats lua_Integer with %I */
        return luaL_error(L, "param: '%s': empty range %I..%I", name, (lua_Integer)lo, (lua_Integer)hi);
    if (def < lo || def > hi)
        return luaL_error(L, "param: '%s': default %I is outside %I..%I", name, (lua_Integer)def, (lua_Integer)lo,
                          (lua_Integer)hi);
    const char *doc = "";
    if (!lua_isnoneornil(L, 5)) {
        size_t dlen;
        if (lua_type(L, 5) != LUA_TSTRING)
            return luaL_error(L, "param: '%s': doc must be a string, not %s", name, luaL_typename(L, 5));
        doc = lua_tolstring(L, 5, &dlen);
        if (dlen >= sizeof vp->doc || strlen(doc) != dlen || strpbrk(doc, "\r\n"))
            return luaL_error(L, "param: '%s': doc must be one line of at most %d bytes", name,
                              (int)sizeof vp->doc - 1);
    }
    if (lua_gettop(L) > 5)
        return luaL_error(L, "param: '%s': expected (name, default, lo, hi [, doc]), got %d arguments", name,
                          lua_gettop(L));
    memset(vp, 0, sizeof *vp);
    snprintf(vp->name, sizeof vp->name, "%s", name);
    snprintf(vp->doc, sizeof vp->doc, "%s", doc);
    vp->def = def;
    vp->lo = lo;
    vp->hi = hi;
    vp->line = vr_line(L);
    rt->pvals[res->nparams] = def;
    res->nparams++;
    return 0;
}

/* params.<name>: __index of the read-only params table (upvalue rt). */
static int vr_params_index(lua_State *L)
{
    fc_vrt *rt = vr_self(L);
    const fc_variant_probe_result *res = rt->res;
    const char *name = lua_type(L, 2) == LUA_TSTRING ? lua_tostring(L, 2) : "?";
    if (rt->cur_hook < 0)
        return luaL_error(L, "params.%s is only available inside a hook", name);
    for (int i = 0; i < res->nparams; i++)
        if (strcmp(res->params[i].name, name) == 0) {
            lua_pushinteger(L, (lua_Integer)rt->pvals[i]);
            return 1;
        }
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (int i = 0; i < res->nparams; i++) {
        if (i > 0)
            luaL_addstring(&b, ", ");
        luaL_addstring(&b, res->params[i].name);
    }
    if (res->nparams == 0)
        luaL_addstring(&b, "none");
    luaL_pushresult(&b);
    return luaL_error(L, "params.%s: no such parameter (declared: %s)", name, lua_tostring(L, -1));
}

static int vr_params_newindex(lua_State *L)
{
    const char *name = lua_type(L, 2) == LUA_TSTRING ? lua_tostring(L, 2) : "?";
    return luaL_error(L, "params.%s: params is read-only (declare a parameter with param())", name);
}

static int vr_hook(lua_State *L)
{
    fc_vrt *rt = vr_self(L);
    const fc_plugin *p = rt->plugin;
    vr_body_only(L, rt, "hook");
    const char *name = luaL_checkstring(L, 1);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    if (!p)
        return luaL_error(L, "hook '%s': hooks need a game", name);
    int idx = -1;
    for (int i = 0; i < p->nhooks; i++)
        if (p->hooks[i].name && strcmp(p->hooks[i].name, name) == 0)
            idx = i;
    if (idx < 0) {
        luaL_Buffer b;
        luaL_buffinit(L, &b);
        for (int i = 0; i < p->nhooks; i++) {
            if (i > 0)
                luaL_addstring(&b, ", ");
            luaL_addstring(&b, p->hooks[i].name ? p->hooks[i].name : "?");
        }
        luaL_pushresult(&b);
        return luaL_error(L, "unknown hook point '%s' for game %s (known: %s)", name, vr_game_id(rt),
                          lua_tostring(L, -1));
    }
    if ((rt->res->hooks_mask >> idx) & 1u)
        return luaL_error(L, "hook '%s' registered twice", name);
    lua_Debug ar;
    lua_pushvalue(L, 2);
    if (lua_getinfo(L, ">u", &ar)) {
        rt->res->hook_nparams[idx] = ar.nparams;
        rt->res->hook_vararg[idx] = (unsigned char)(ar.isvararg != 0);
    }
    rt->res->hook_line[idx] = vr_line(L);
    lua_rawgeti(L, LUA_REGISTRYINDEX, rt->hooks_ref);
    lua_pushvalue(L, 2);
    lua_rawseti(L, -2, idx + 1);
    rt->res->hooks_mask |= (uint64_t)1 << idx;
    return 0;
}

/* game.<query>(...) and action.<name>(...): upvalues rt, index, is_action. */
static int vr_accessor(lua_State *L)
{
    fc_vrt *rt = vr_self(L);
    int i = (int)lua_tointeger(L, lua_upvalueindex(2));
    int is_action = lua_toboolean(L, lua_upvalueindex(3));
    const fc_lua_fn *f = is_action ? &rt->plugin->actions[i] : &rt->plugin->queries[i];
    const char *ns = is_action ? "action" : "game";
    if (rt->cur_hook < 0)
        return luaL_error(L, "%s.%s is only available inside a hook", ns, f->name);
    const fc_hook_def *def = &rt->plugin->hooks[rt->cur_hook];
    if (is_action && !(def->flags & FC_HOOK_MUTABLE))
        return luaL_error(L, "action.%s is not allowed in hook %s (it may not change the state)", f->name,
                          def->name);
    int n = lua_gettop(L);
    if (n != f->nargs)
        return luaL_error(L, "%s.%s expects %d argument%s, got %d", ns, f->name, f->nargs, f->nargs == 1 ? "" : "s",
                          n);
    if (f->nargs > VR_MAX_ARGS)
        return luaL_error(L, "%s.%s has too many arguments", ns, f->name);
    int64_t args[VR_MAX_ARGS];
    for (int k = 0; k < n; k++) {
        int isint = 0;
        lua_Integer v = lua_tointegerx(L, k + 1, &isint);
        if (!isint || lua_type(L, k + 1) != LUA_TNUMBER)
            return luaL_error(L, "%s.%s: argument %d must be an integer, not %s", ns, f->name, k + 1,
                              lua_type(L, k + 1) == LUA_TNUMBER ? "a fraction" : luaL_typename(L, k + 1));
        if (k < 32 && ((f->seat_args >> k) & 1u)) {
            int nseats = rt->env ? rt->env->nseats : 0;
            if (v < 1 || v > nseats)
                return luaL_error(L, "%s.%s: argument %d is seat %I, expected 1..%d", ns, f->name, k + 1,
                                  (lua_Integer)v, nseats);
            v -= 1;
        }
        args[k] = v;
    }
    int64_t result = 0;
    if (f->fn(rt->st, rt->env, args, &result) < 0)
        return luaL_error(L, "%s.%s failed", ns, f->name);
    lua_pushinteger(L, (lua_Integer)result);
    return 1;
}

static void vr_accessor_table(lua_State *L, fc_vrt *rt, const char *global, const fc_lua_fn *fns, int n,
                              int is_action)
{
    lua_createtable(L, 0, n > 0 ? n : 0);
    for (int i = 0; i < n; i++) {
        if (!fns[i].name || !fns[i].fn)
            continue;
        lua_pushlightuserdata(L, rt);
        lua_pushinteger(L, i);
        lua_pushboolean(L, is_action);
        lua_pushcclosure(L, vr_accessor, 3);
        lua_setfield(L, -2, fns[i].name);
    }
    lua_setglobal(L, global);
}

/* Installs the script API (protected: called through fc_sandbox_call). */
static int vr_install(lua_State *L)
{
    fc_vrt *rt = lua_touserdata(L, 1);
    lua_newtable(L);
    rt->hooks_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    static const luaL_Reg api[] = {
        {"variant", vr_variant}, {"set", vr_set}, {"param", vr_param}, {"hook", vr_hook}, {NULL, NULL}};
    lua_pushglobaltable(L);
    lua_pushlightuserdata(L, rt);
    luaL_setfuncs(L, api, 1);
    lua_pop(L, 1);
    /* params: an empty table whose metatable answers every read and refuses every write */
    static const luaL_Reg meta[] = {{"__index", vr_params_index}, {"__newindex", vr_params_newindex}, {NULL, NULL}};
    lua_newtable(L);
    lua_createtable(L, 0, 3);
    lua_pushlightuserdata(L, rt);
    luaL_setfuncs(L, meta, 1);
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, -2);
    lua_setglobal(L, "params");
    const fc_plugin *p = rt->plugin;
    vr_accessor_table(L, rt, "game", p ? p->queries : NULL, p ? p->nqueries : 0, 0);
    vr_accessor_table(L, rt, "action", p ? p->actions : NULL, p ? p->nactions : 0, 1);
    return 0;
}

/* Creates the sandbox, installs the API and runs the script body. */
static int vr_open(fc_vrt *rt, const fc_plugin *plugin, const char *chunkname, const char *text,
                   fc_variant_probe_result *res, fc_error *err)
{
    memset(rt, 0, sizeof *rt);
    memset(res, 0, sizeof *res);
    rt->plugin = plugin;
    rt->res = res;
    rt->cur_hook = -1;
    rt->hooks_ref = LUA_NOREF;
    if (!chunkname)
        chunkname = "variant";
    if (!text)
        return fc_error_set(err, FC_EINVAL, "%s: no script text", chunkname);
    if (plugin && (plugin->nhooks < 0 || plugin->nhooks > 64))
        return fc_error_set(err, FC_EPLUGIN, "%s: plugin declares %d hook points (at most 64)", chunkname,
                            plugin->nhooks);
    for (int i = 0; plugin && i < plugin->nhooks; i++)
        if (!plugin->hooks[i].name || plugin->hooks[i].lo >= plugin->hooks[i].hi)
            return fc_error_set(err, FC_EPLUGIN, "%s: plugin hook point %d has no name or an empty result range",
                                chunkname, i);
    rt->sb = fc_sandbox_new(chunkname, FC_LUA_MEM_LIMIT, err);
    if (!rt->sb)
        return err ? err->code : FC_ESCRIPT;
    lua_State *L = fc_sandbox_lua(rt->sb);
    lua_pushcfunction(L, vr_install);
    lua_pushlightuserdata(L, rt);
    int rc = fc_sandbox_call(rt->sb, 1, 0, FC_LUA_LOAD_BUDGET, err);
    if (rc == 0)
        rc = fc_sandbox_run(rt->sb, text, strlen(text), FC_LUA_LOAD_BUDGET, err);
    if (rc == 0 && !rt->declared)
        rc = fc_error_set(err, FC_ESCRIPT, "%s: missing variant{...} declaration", fc_sandbox_chunkname(rt->sb));
    if (rc == 0) { /* hooks must not keep state between calls: freeze what the body made */
        rt->loaded = 1;
        lua_rawgeti(L, LUA_REGISTRYINDEX, rt->hooks_ref);
        rc = fc_sandbox_freeze(rt->sb, err);
    }
    return rc;
}

int fc_variant_probe(const fc_plugin *plugin, const char *chunkname, const char *text, fc_variant_probe_result *out,
                     fc_error *err)
{
    fc_vrt rt;
    fc_variant_probe_result res;
    if (!out)
        return fc_error_set(err, FC_EINVAL, "fc_variant_probe: no result");
    int rc = vr_open(&rt, plugin, chunkname, text, &res, err);
    fc_sandbox_free(rt.sb);
    *out = res;
    return rc;
}

fc_hooks *fc_hooks_new(const fc_plugin *plugin, const char *chunkname, const char *text, fc_error *err)
{
    fc_hooks *h = calloc(1, sizeof *h);
    if (!h) {
        fc_error_set(err, FC_ENOMEM, "out of memory");
        return NULL;
    }
    h->last = -1;
    for (int i = 0; i < VR_MEMO_SIZE; i++)
        h->memo[i].hook = -1;
    for (int i = 0; i < VR_BATCH_SLOTS; i++)
        h->batch[i].hook = -1;
    if (vr_open(&h->rt, plugin, chunkname, text, &h->res, err) != 0) {
        fc_hooks_free(h);
        return NULL;
    }
    return h;
}

void fc_hooks_free(fc_hooks *h)
{
    if (!h)
        return;
    fc_sandbox_free(h->rt.sb);
    free(h);
}

uint64_t fc_hooks_mask(const fc_hooks *h) { return h ? h->res.hooks_mask : 0; }

int fc_hooks_set_params(fc_hooks *h, const fc_value *values, int n, fc_error *err)
{
    if (!h || (n > 0 && !values))
        return fc_error_set(err, FC_EINVAL, "fc_hooks_set_params: NULL argument");
    if (n != h->res.nparams)
        return fc_error_set(err, FC_EINVAL, "%s: %d parameter values for %d declared parameters",
                            fc_sandbox_chunkname(h->rt.sb), n, h->res.nparams);
    for (int i = 0; i < n; i++) {
        const fc_variant_param *vp = &h->res.params[i];
        if (values[i].i < vp->lo || values[i].i > vp->hi)
            return fc_error_set(err, FC_ERANGE, "%s: %s: %lld is out of range %lld..%lld",
                                fc_sandbox_chunkname(h->rt.sb), vp->name, (long long)values[i].i, (long long)vp->lo,
                                (long long)vp->hi);
        h->rt.pvals[i] = values[i].i;
    }
    /* results remembered with other values would be wrong now */
    for (int i = 0; i < VR_MEMO_SIZE; i++)
        h->memo[i].hook = -1;
    for (int i = 0; i < VR_BATCH_SLOTS; i++)
        h->batch[i].hook = -1;
    return 0;
}

