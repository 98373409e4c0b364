/* The Lua sandbox (see sandbox.h). Design notes:
 * - The allocator counts bytes and refuses growth past the cap; Lua then raises LUA_ERRMEM.
 *   Where it happened is recorded in the allocator, because no message handler runs for
 *   memory errors and the stack is gone by the time lua_pcall returns.
 * - Fatal conditions (budget, memory) set sb->fatal; the count hook re-raises on every tick
 *   and the pcall/xpcall wrappers re-raise, so a script cannot swallow them.
 * - The message handler writes the one-line message into a C buffer instead of pushing a new
 *   string, so reporting works even when the state is out of memory.
 * - setmetatable refuses __gc: finalizers run with hooks disabled (lgc.c GCTM), so a looping
 *   __gc could hang the host where no budget applies.
 * - Work done inside C is metered against the same budget (docs/lua-api.md, "Cost"): the
 *   allocator charges every byte a call makes (string results, concatenation, table growth),
 *   the library wrappers charge elements and scanned bytes (fc_sandbox_charge), and a
 *   wall-clock deadline checked on every charge and every hook tick stops anything that still
 *   slips through (string comparison, vararg copies, traversal of sparse tables). */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <lauxlib.h>
#include <luaconf.h>
#include <lualib.h>

#include "formicary/escape.h"
#include "formicary/rng.h"
#include "formicary/variant.h"
#include "sandbox.h"

#define SB_HOOK_STEP 200 /* VM instructions between budget and clock checks */
#define SB_WHERE_MAX (LUA_IDSIZE + 24)
#define SB_TRACE_MAX 1024
#define SB_RNG_STREAM 0x4C7561u /* "Lua" */

enum { SB_FATAL_NONE, SB_FATAL_BUDGET, SB_FATAL_MEM, SB_FATAL_WALL };

struct fc_sandbox {
    lua_State *L;
    size_t used, limit;
    long budget, budget_total;
    long wall_ms;         /* deadline of the call in progress, in ms after its start */
    long wall_override;   /* fc_sandbox_set_wall_ms, 0 = from the budget */
    int wall_scale;       /* FC_UNDER_VALGRIND / FC_UNDER_SANITIZER slow everything down */
    int64_t deadline;     /* CLOCK_MONOTONIC ns; 0 until the first check (short calls never read the clock) */
    int fatal;
    int frozen;           /* fc_sandbox_freeze found upvalues: calls are checked for kept state */
    int raising;          /* sb_raise_fatal may allocate its message */
    int in_call; /* inside fc_sandbox_call: the allocator may look at the Lua stack */
    int gc_paused;        /* after fc_sandbox_freeze: no collection inside calls (weak tables unobservable) */
    int over_cap;         /* a call went over the memory cap: every later growth fails too */
    size_t call_alloc;    /* bytes allocated by the call in progress (the GC steps by this after it) */
    long spent;           /* budget units used by the last call */
    fc_rng rng;
    /* Lazy seed (fc_sandbox_seed_lazy): hashed on the first math.random of a call only, so hooks
     * that never draw do not pay for hashing the state. */
    const void *lazy_data;
    size_t lazy_len;
    const int64_t *lazy_args;
    int lazy_nargs, lazy_pending;
    uint64_t lazy_salt;
    char chunk[FC_ERROR_MSG_MAX / 2]; /* as given, for loading */
    char name[LUA_IDSIZE];            /* as Lua shows it (long paths shortened), for messages */
    char fatal_msg[FC_ERROR_MSG_MAX];
    char errmsg[FC_ERROR_MSG_MAX];
    char mem_where[SB_WHERE_MAX];
    char trace[SB_TRACE_MAX];
};

static int64_t sb_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

fc_sandbox *fc_sandbox_of(lua_State *L)
{
    void *ud = NULL;
    lua_getallocf(L, &ud);
    return ud;
}

lua_State *fc_sandbox_lua(fc_sandbox *sb) { return sb->L; }
const char *fc_sandbox_chunkname(const fc_sandbox *sb) { return sb->name; }
size_t fc_sandbox_mem_used(const fc_sandbox *sb) { return sb->used; }
const char *fc_sandbox_traceback(const fc_sandbox *sb) { return sb->trace; }

void fc_sandbox_seed(fc_sandbox *sb, uint64_t seed, uint64_t stream)
{
    sb->lazy_pending = 0;
    fc_rng_seed(&sb->rng, seed, stream ^ SB_RNG_STREAM);
}

void fc_sandbox_seed_lazy(fc_sandbox *sb, const void *data, size_t len, const int64_t *args, int nargs,
                          uint64_t salt)
{
    sb->lazy_data = data;
    sb->lazy_len = len;
    sb->lazy_args = args;
    sb->lazy_nargs = nargs;
    sb->lazy_salt = salt;
    sb->lazy_pending = 1;
}

static void sb_seed_now(fc_sandbox *sb)
{
    if (!sb->lazy_pending)
        return;
    fc_sandbox_seed(sb, fc_hash64(sb->lazy_data, sb->lazy_len, sb->lazy_salt),
                    fc_hash64(sb->lazy_args, (size_t)sb->lazy_nargs * sizeof *sb->lazy_args, sb->lazy_salt));
}

/* "path:line" of the innermost Lua function on the stack; 0 if there is none. Allocates
 * nothing, so it is safe inside the allocator and the message handler. */
static int sb_where(lua_State *L, char *buf, size_t n)
{
    lua_Debug ar;
    for (int level = 0; lua_getstack(L, level, &ar); level++) {
        if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0) {
            snprintf(buf, n, "%s:%d", ar.short_src, ar.currentline);
            return 1;
        }
    }
    return 0;
}

static void sb_set_budget_fatal(fc_sandbox *sb, lua_State *L, int kind);

static void *sb_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    fc_sandbox *sb = ud;
    size_t old = ptr ? osize : 0; /* without ptr, osize is a type tag */
    if (nsize == 0) {
        free(ptr);
        sb->used -= old;
        return NULL;
    }
    if (nsize > old && (sb->over_cap || sb->used - old + nsize > sb->limit)) {
        if (sb->in_call && sb->L && !sb->over_cap && !sb_where(sb->L, sb->mem_where, sizeof sb->mem_where))
            sb->mem_where[0] = '\0';
        /* Lua answers NULL with an emergency collection and tries again: inside a call whose
         * collector is paused, that would make weak tables observable, so the retry fails too */
        sb->over_cap = sb->in_call && sb->gc_paused;
        return NULL;
    }
    if (nsize > old && sb->in_call && !sb->raising) { /* every byte made costs: meters copies in C */
        if (sb->fatal == SB_FATAL_BUDGET || sb->fatal == SB_FATAL_WALL)
            return NULL;
        sb->call_alloc += nsize - old;
        long units = (long)((nsize - old + FC_LUA_BYTES_PER_UNIT - 1) / FC_LUA_BYTES_PER_UNIT);
        sb->budget = units >= sb->budget ? 0 : sb->budget - units;
        if (sb->budget <= 0 && sb->L) {
            sb_set_budget_fatal(sb, sb->L, SB_FATAL_BUDGET);
            return NULL; /* Lua raises a memory error; the call reports the budget */
        }
    }
    void *p = realloc(ptr, nsize);
    if (p)
        sb->used = sb->used - old + nsize;
    return p;
}

/* Records the budget or wall-clock failure at the innermost Lua line. Allocates nothing. */
static void sb_set_budget_fatal(fc_sandbox *sb, lua_State *L, int kind)
{
    char where[SB_WHERE_MAX];
    if (sb->fatal)
        return;
    sb->fatal = kind;
    if (!sb_where(L, where, sizeof where))
        snprintf(where, sizeof where, "%s", sb->name);
    if (kind == SB_FATAL_WALL)
        snprintf(sb->fatal_msg, sizeof sb->fatal_msg, "%s: wall-clock limit of %ld ms exceeded", where, sb->wall_ms);
    else
        snprintf(sb->fatal_msg, sizeof sb->fatal_msg, "%s: instruction budget of %ld exceeded", where,
                 sb->budget_total);
}

static void sb_set_mem_fatal(fc_sandbox *sb)
{
    if (sb->fatal)
        return;
    sb->fatal = SB_FATAL_MEM;
    const char *where = sb->mem_where[0] ? sb->mem_where : sb->name;
    if (sb->limit % (1u << 20) == 0)
        snprintf(sb->fatal_msg, sizeof sb->fatal_msg, "%s: memory limit of %zu MiB exceeded", where,
                 sb->limit >> 20);
    else
        snprintf(sb->fatal_msg, sizeof sb->fatal_msg, "%s: memory limit of %zu bytes exceeded", where,
                 sb->limit);
}

static int sb_raise_fatal(lua_State *L, fc_sandbox *sb)
{
    sb->raising = 1;
    lua_pushstring(L, sb->fatal_msg);
    sb->raising = 0;
    return lua_error(L);
}

/* The deadline starts at the first check, at most one hook step or charge into the call. */
static int sb_past_deadline(fc_sandbox *sb)
{
    int64_t now = sb_now();
    if (!sb->deadline) {
        sb->deadline = now + (int64_t)sb->wall_ms * 1000000;
        return 0;
    }
    return now > sb->deadline;
}

long fc_sandbox_sat_add(long a, long b)
{
    if (a < 0)
        a = 0;
    if (b < 0)
        b = 0;
    return a > LONG_MAX - b ? LONG_MAX : a + b;
}

/* Takes units off the budget (saturating); 0, or the kind of fatal condition now set. */
static int sb_take(fc_sandbox *sb, lua_State *L, long units)
{
    if (units < 0)
        units = 0;
    sb->budget = units >= sb->budget ? 0 : sb->budget - units;
    if (sb->budget <= 0)
        sb_set_budget_fatal(sb, L, SB_FATAL_BUDGET);
    else if (sb_past_deadline(sb))
        sb_set_budget_fatal(sb, L, SB_FATAL_WALL);
    return sb->fatal;
}

/* The extra arguments a vararg Lua function received (lua_getlocal answers -1..-n): found by
 * doubling then bisection, so a million-value call costs about forty probes. */
static long sb_count_varargs(lua_State *L, lua_Debug *ar)
{
    long lo = 0, hi = 1;
    while (hi <= LUAI_MAXSTACK && lua_getlocal(L, ar, (int)-hi)) {
        lua_pop(L, 1);
        lo = hi;
        hi *= 2;
    }
    while (hi - lo > 1) { /* lo present, hi absent */
        long mid = lo + (hi - lo) / 2;
        if (lua_getlocal(L, ar, (int)-mid)) {
            lua_pop(L, 1);
            lo = mid;
        } else {
            hi = mid;
        }
    }
    return lo;
}

/* Values copied by the VM in one instruction (`...` passed on, multiple results fed to a call)
 * are charged at the call they feed, one unit per 4 values: the arguments of a C function
 * (ntransfer), the extra arguments of a Lua vararg function. A million-value vararg passed on
 * in a loop then costs 250000 units each time, not one instruction. Returns need no hook: a
 * function returns at most what it was given, made (charged by the allocator) or got from a
 * charged call. */
static long sb_transfer_units(lua_State *L, lua_Debug *ar)
{
    if (!lua_getinfo(L, "ru", ar))
        return 0;
    long n = ar->ntransfer;
    if (ar->isvararg) /* C functions: no probe answers, ntransfer has all */
        n += sb_count_varargs(L, ar);
    return n / 4;
}

static void sb_hook(lua_State *L, lua_Debug *ar)
{
    fc_sandbox *sb = fc_sandbox_of(L);
    if (!sb->fatal) {
        long units = ar->event == LUA_HOOKCOUNT ? SB_HOOK_STEP : sb_transfer_units(L, ar);
        if (units == 0 || !sb_take(sb, L, units))
            return;
    }
    sb_raise_fatal(L, sb);
}

void fc_sandbox_charge(lua_State *L, long units)
{
    fc_sandbox *sb = fc_sandbox_of(L);
    if (!sb->in_call)
        return;
    if (!sb->fatal && !sb_take(sb, L, units))
        return;
    sb_raise_fatal(L, sb);
}

void fc_sandbox_set_wall_ms(fc_sandbox *sb, long ms) { sb->wall_override = ms > 0 ? ms : 0; }

/* Copies the first line of `s` (length len) into buf. */
static void sb_first_line(char *buf, size_t n, const char *s, size_t len)
{
    size_t k = 0;
    while (k < len && s[k] != '\n' && s[k] != '\r' && k + 1 < n) {
        buf[k] = s[k];
        k++;
    }
    buf[k] = '\0';
}

/* Text of the error object at idx, one line, without allocating. */
static void sb_object_text(lua_State *L, int idx, char *buf, size_t n)
{
    size_t len;
    if (lua_type(L, idx) == LUA_TSTRING) {
        const char *s = lua_tolstring(L, idx, &len);
        sb_first_line(buf, n, s, len);
    } else if (lua_isinteger(L, idx)) {
        snprintf(buf, n, "%lld", (long long)lua_tointeger(L, idx));
    } else if (lua_type(L, idx) == LUA_TNUMBER) {
        snprintf(buf, n, "%.14g", (double)lua_tonumber(L, idx));
    } else {
        snprintf(buf, n, "(error object is a %s value)", luaL_typename(L, idx));
    }
}

/* Whether a message already starts with "something:<digits>:". */
static int sb_has_location(const char *s)
{
    const char *c = strchr(s, ':');
    if (!c || c == s || c[1] < '0' || c[1] > '9')
        return 0;
    c++;
    while (*c >= '0' && *c <= '9')
        c++;
    return *c == ':';
}

static void sb_build_traceback(lua_State *L, fc_sandbox *sb)
{
    lua_Debug ar;
    size_t k = (size_t)snprintf(sb->trace, sizeof sb->trace, "stack traceback:");
    for (int level = 1; k < sizeof sb->trace && lua_getstack(L, level, &ar); level++) {
        if (!lua_getinfo(L, "Sl", &ar) || ar.currentline <= 0)
            continue;
        if (ar.what[0] == 'm')
            k += (size_t)snprintf(sb->trace + k, sizeof sb->trace - k, "\n\t%s:%d: in main chunk", ar.short_src,
                                  ar.currentline);
        else
            k += (size_t)snprintf(sb->trace + k, sizeof sb->trace - k, "\n\t%s:%d: in function <%s:%d>",
                                  ar.short_src, ar.currentline, ar.short_src, ar.linedefined);
    }
}

/* Message handler of top-level calls: records the one-line located message and a traceback
 * in C buffers and returns the error object unchanged. */
static int sb_msgh(lua_State *L)
{
    fc_sandbox *sb = fc_sandbox_of(L);
    char text[FC_ERROR_MSG_MAX - 210]; /* room for "%.200s: " */
    char where[SB_WHERE_MAX];
    sb_object_text(L, 1, text, sizeof text);
    if (sb_has_location(text))
        snprintf(sb->errmsg, sizeof sb->errmsg, "%s", text);
    else if (sb_where(L, where, sizeof where))
        snprintf(sb->errmsg, sizeof sb->errmsg, "%s: %s", where, text);
    else
        snprintf(sb->errmsg, sizeof sb->errmsg, "%s: %s", sb->name, text);
    sb_build_traceback(L, sb);
    return 1;
}

/* --- replacements for base functions ------------------------------------------------ */

static int sb_finish_pcall(lua_State *L, int status, int extra)
{
    fc_sandbox *sb = fc_sandbox_of(L);
    if (status == LUA_ERRMEM)
        sb_set_mem_fatal(sb);
    if (sb->fatal) {
        if (status != LUA_OK)
            return lua_error(L); /* the error object is on top */
        return sb_raise_fatal(L, sb);
    }
    if (status != LUA_OK) {
        lua_pushboolean(L, 0);
        lua_pushvalue(L, -2);
        return 2;
    }
    return lua_gettop(L) - extra;
}

static int sb_pcall(lua_State *L)
{
    luaL_checkany(L, 1);
    lua_pushboolean(L, 1);
    lua_insert(L, 1);
    return sb_finish_pcall(L, lua_pcall(L, lua_gettop(L) - 2, LUA_MULTRET, 0), 0);
}

/* Wraps a script's xpcall handler. An error raised by the count hook reaches the handler
 * with hooks still disabled (luaD_hook never returned), so a looping handler could never be
 * stopped: once a fatal condition is set the script's handler is not called at all. */
static int sb_xpcall_msgh(lua_State *L)
{
    if (fc_sandbox_of(L)->fatal)
        return 1;
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

static int sb_xpcall(lua_State *L)
{
    int n = lua_gettop(L);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_pushvalue(L, 2);
    lua_pushcclosure(L, sb_xpcall_msgh, 1);
    lua_replace(L, 2);
    lua_pushboolean(L, 1);
    lua_pushvalue(L, 1);
    lua_rotate(L, 3, 2); /* handler, true, f, args... */
    return sb_finish_pcall(L, lua_pcall(L, n - 2, LUA_MULTRET, 2), 2);
}

static int sb_print(lua_State *L)
{
    fc_sandbox *sb = fc_sandbox_of(L);
    int n = lua_gettop(L);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (int i = 1; i <= n; i++) {
        if (i > 1)
            luaL_addchar(&b, '\t');
        fc_sandbox_tostring(L, i);
        size_t len;
        const char *arg = lua_tolstring(L, -1, &len);
        if (fc_escape_needed(arg, len)) { /* to a terminal: no escape sequences (formicary/escape.h) */
            size_t cap = len < (SIZE_MAX - 1) / 4 ? len * 4 + 1 : len;
            char *shown = lua_newuserdatauv(L, cap, 0);
            lua_pushlstring(L, shown, fc_escape_text(arg, len, shown, cap));
            lua_replace(L, -3);
            lua_pop(L, 1);
        }
        luaL_addvalue(&b);
    }
    luaL_pushresult(&b);
    size_t len;
    const char *text = lua_tolstring(L, -1, &len);
    fc_sandbox_charge(L, (long)len); /* output is slow: one unit per byte */
    char name[4 * sizeof sb->name];
    fprintf(stderr, "[%s] %s\n", fc_escape(sb->name, name, sizeof name), text);
    return 0;
}

static int sb_setmetatable(lua_State *L)
{
    int t = lua_type(L, 2);
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_argexpected(L, t == LUA_TNIL || t == LUA_TTABLE, 2, "nil or table");
    lua_settop(L, 2);
    if (t == LUA_TTABLE) {
        /* A frozen metatable is used through its shadow, which holds its fields raw as the VM
         * reads them (getmetatable shows the frozen table again). */
        fc_sandbox_raw(L, 2); /* 3 */
        lua_pushliteral(L, "__gc");
        if (lua_rawget(L, 3) != LUA_TNIL)
            return luaL_error(L, "setmetatable: __gc metamethods are not available");
        lua_pushliteral(L, "__mode");
        if (lua_rawget(L, 3) != LUA_TNIL) /* what a collection removes must not change a result */
            return luaL_error(L, "setmetatable: weak tables (__mode) are not available");
        lua_pop(L, 2);
    } else {
        lua_pushnil(L);
    }
    if (luaL_getmetafield(L, 1, "__metatable") != LUA_TNIL)
        return luaL_error(L, "cannot change a protected metatable");
    lua_setmetatable(L, 1);
    lua_settop(L, 1);
    return 1;
}

static int sb_getmetatable(lua_State *L)
{
    luaL_checkany(L, 1);
    if (!fc_sandbox_getmetatable(L, 1)) {
        lua_pushnil(L);
        return 1;
    }
    fc_sandbox_raw(L, 2); /* 3: a frozen metatable's fields are in its shadow */
    lua_pushliteral(L, "__metatable");
    if (lua_rawget(L, 3) != LUA_TNIL) /* the protected value, when there is one */
        return 1;
    lua_settop(L, 2);
    return 1;
}

/* Uniform in [0, span] from the sandbox stream. */
static uint64_t sb_project(fc_rng *rng, uint64_t span)
{
    if (span < UINT32_MAX)
        return fc_rng_below(rng, (uint32_t)(span + 1));
    uint64_t mask = span;
    for (int s = 1; s < 64; s <<= 1)
        mask |= mask >> s;
    uint64_t x;
    while ((x = fc_rng_next(rng) & mask) > span)
        ;
    return x;
}

/* math.random with Lua 5.4's argument semantics, drawing from the sandbox stream. */
static int sb_random(lua_State *L)
{
    fc_sandbox *sb = fc_sandbox_of(L);
    sb_seed_now(sb);
    lua_Integer low, up;
    switch (lua_gettop(L)) {
    case 0:
        lua_pushnumber(L, (lua_Number)fc_rng_unit(&sb->rng));
        return 1;
    case 1:
        low = 1;
        up = luaL_checkinteger(L, 1);
        if (up == 0) { /* math.random(0): all bits */
            lua_pushinteger(L, (lua_Integer)fc_rng_next(&sb->rng));
            return 1;
        }
        break;
    case 2:
        low = luaL_checkinteger(L, 1);
        up = luaL_checkinteger(L, 2);
        break;
    default:
        return luaL_error(L, "wrong number of arguments");
    }
    luaL_argcheck(L, low <= up, 1, "interval is empty");
    uint64_t r = sb_project(&sb->rng, (uint64_t)up - (uint64_t)low);
    lua_pushinteger(L, (lua_Integer)((uint64_t)low + r));
    return 1;
}

static int sb_randomseed(lua_State *L)
{
    return luaL_error(L, "math.randomseed is not available: randomness comes from the match");
}

static void sb_clear_field(lua_State *L, int idx, const char *name)
{
    idx = lua_absindex(L, idx);
    lua_pushnil(L);
    lua_setfield(L, idx, name);
}

/* Opens and prunes the libraries; runs in protected mode. */
static int sb_setup(lua_State *L)
{
    static const luaL_Reg libs[] = {
        {LUA_GNAME, luaopen_base},       {LUA_STRLIBNAME, luaopen_string}, {LUA_TABLIBNAME, luaopen_table},
        {LUA_MATHLIBNAME, luaopen_math}, {LUA_UTF8LIBNAME, luaopen_utf8},  {NULL, NULL},
    };
    for (const luaL_Reg *l = libs; l->name; l++) {
        luaL_requiref(L, l->name, l->func, 1);
        lua_pop(L, 1);
    }
    lua_pushglobaltable(L);
    int g = lua_gettop(L);
    static const char *const removed[] = {"dofile", "loadfile", "load", "require", "collectgarbage",
                                          "next", "warn", "loadstring", NULL};
    for (const char *const *r = removed; *r; r++)
        sb_clear_field(L, g, *r);
    static const luaL_Reg base[] = {
        {"pairs", fc_sandbox_pairs},   {"pcall", sb_pcall}, {"xpcall", sb_xpcall}, {"print", sb_print},
        {"setmetatable", sb_setmetatable}, {"getmetatable", sb_getmetatable}, {NULL, NULL},
    };
    luaL_setfuncs(L, base, 0);

    lua_getfield(L, g, LUA_STRLIBNAME);
    sb_clear_field(L, -1, "dump");
    lua_pop(L, 1);
    lua_getfield(L, g, LUA_MATHLIBNAME);
    lua_pushcfunction(L, sb_random);
    lua_setfield(L, -2, "random");
    lua_pushcfunction(L, sb_randomseed);
    lua_setfield(L, -2, "randomseed");
    lua_pop(L, 2);
    /* getmetatable("") would expose the string metatable, which cannot be frozen (the VM reads
     * it raw) and would be shared state: show the string library instead. */
    lua_pushliteral(L, "");
    lua_getmetatable(L, -1);
    lua_getglobal(L, LUA_STRLIBNAME);
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 2);
    fc_sandbox_guard_strings(L);
    fc_sandbox_guard_libs(L);
    return 0;
}

/* The library tables are shared by every string (its metatable's __index is `string`) and by
 * every function: frozen before any script runs, so nothing can be kept or passed in them. */
static int sb_freeze_libs(fc_sandbox *sb, fc_error *err)
{
    static const char *const libs[] = {LUA_STRLIBNAME, LUA_TABLIBNAME, LUA_MATHLIBNAME, LUA_UTF8LIBNAME, NULL};
    lua_State *L = sb->L;
    lua_createtable(L, 4, 0);
    for (int i = 0; libs[i]; i++) {
        lua_getglobal(L, libs[i]);
        lua_rawseti(L, -2, i + 1);
    }
    char msg[FC_ERROR_MSG_MAX];
    int watched = 0;
    if (fc_sandbox_freeze_state(sb, msg, sizeof msg, &watched, 1) != 0)
        return fc_error_set(err, FC_ESCRIPT, "%s", msg);
    return 0;
}

fc_sandbox *fc_sandbox_new(const char *chunkname, size_t mem_limit, fc_error *err)
{
    fc_sandbox *sb = calloc(1, sizeof *sb);
    if (!sb) {
        fc_error_set(err, FC_ENOMEM, "out of memory");
        return NULL;
    }
    snprintf(sb->chunk, sizeof sb->chunk, "%s", chunkname ? chunkname : "?");
    snprintf(sb->name, sizeof sb->name, "%.*s", LUA_IDSIZE - 1, sb->chunk);
    sb->limit = mem_limit ? mem_limit : FC_LUA_MEM_LIMIT;
    sb->wall_scale = getenv("FC_UNDER_VALGRIND") ? 30 : getenv("FC_UNDER_SANITIZER") ? 4 : 1;
    fc_sandbox_seed(sb, 0, 0);
    sb->L = lua_newstate(sb_alloc, sb);
    if (!sb->L) {
        fc_error_set(err, FC_ENOMEM, "%s: cannot create a Lua state", sb->name);
        free(sb);
        return NULL;
    }
    lua_pushcfunction(sb->L, sb_setup);
    if (fc_sandbox_call(sb, 0, 0, FC_LUA_LOAD_BUDGET, err) != 0 || sb_freeze_libs(sb, err) != 0) {
        fc_sandbox_free(sb);
        return NULL;
    }
    /* Messages made here name the file exactly as Lua's own "short_src" does. */
    lua_Debug ar;
    if (fc_sandbox_load(sb, "", 0, NULL) == 0 && lua_getinfo(sb->L, ">S", &ar))
        snprintf(sb->name, sizeof sb->name, "%s", ar.short_src);
    return sb;
}

void fc_sandbox_free(fc_sandbox *sb)
{
    if (!sb)
        return;
    if (sb->L)
        lua_close(sb->L);
    free(sb);
}

int fc_sandbox_load(fc_sandbox *sb, const char *text, size_t len, fc_error *err)
{
    if (len > 0 && text[0] == LUA_SIGNATURE[0])
        return fc_error_set(err, FC_ESCRIPT, "%s: binary chunks are not allowed (text only)", sb->name);
    char name[sizeof sb->chunk + 1];
    snprintf(name, sizeof name, "@%s", sb->chunk);
    int status = luaL_loadbufferx(sb->L, text, len, name, "t");
    if (status == LUA_OK)
        return 0;
    char msg[FC_ERROR_MSG_MAX];
    if (status == LUA_ERRMEM) {
        sb->mem_where[0] = '\0';
        sb_set_mem_fatal(sb);
        snprintf(msg, sizeof msg, "%s", sb->fatal_msg);
        sb->fatal = SB_FATAL_NONE;
    } else {
        sb_object_text(sb->L, -1, msg, sizeof msg);
    }
    lua_pop(sb->L, 1);
    return fc_error_set(err, FC_ESCRIPT, "%s", msg);
}

/* With the collector paused during calls, the garbage a call made is collected after it, in
 * proportion, where no script can see which objects went. */
static void sb_collect_after(fc_sandbox *sb)
{
    if (!sb->gc_paused || sb->call_alloc == 0)
        return;
    size_t kb = sb->call_alloc / 1024 + 1;
    lua_gc(sb->L, LUA_GCSTEP, kb > INT_MAX / 2 ? INT_MAX / 2 : (int)kb);
}

long fc_sandbox_spent(const fc_sandbox *sb) { return sb->spent; }

int fc_sandbox_call(fc_sandbox *sb, int nargs, int nresults, long budget, fc_error *err)
{
    lua_State *L = sb->L;
    int fn = lua_gettop(L) - nargs;
    sb->fatal = SB_FATAL_NONE;
    sb->raising = 0;
    sb->budget = sb->budget_total = budget;
    /* FC_LUA_WALL_MS_PER_MINSTR per million budget units, at least FC_LUA_WALL_MS_MIN */
    sb->wall_ms = sb->wall_override;
    if (!sb->wall_ms) {
        long ms = budget / 1000000 * FC_LUA_WALL_MS_PER_MINSTR;
        sb->wall_ms = (ms > FC_LUA_WALL_MS_MIN ? ms : FC_LUA_WALL_MS_MIN) * sb->wall_scale;
    }
    sb->deadline = 0;
    sb->over_cap = 0;
    sb->call_alloc = 0;
    sb->errmsg[0] = sb->mem_where[0] = sb->trace[0] = '\0';
    lua_pushcfunction(L, sb_msgh);
    lua_insert(L, fn);
    sb->in_call = 1;
    lua_sethook(L, sb_hook, LUA_MASKCOUNT | LUA_MASKCALL, SB_HOOK_STEP);
    int status = lua_pcall(L, nargs, nresults, fn);
    lua_sethook(L, NULL, 0, 0);
    sb->in_call = 0;
    sb->over_cap = 0;
    sb->spent = sb->budget_total - sb->budget;
    sb_collect_after(sb);
    /* State kept between calls is restored, and reported unless the call failed anyway. */
    char kept[FC_ERROR_MSG_MAX];
    int kept_bad = sb->frozen && fc_sandbox_verify(sb, kept, sizeof kept) != 0;
    if (status == LUA_OK) {
        if (kept_bad) {
            lua_settop(L, fn - 1);
            return fc_error_set(err, FC_ESCRIPT, "%s", kept);
        }
        lua_remove(L, fn);
        return 0;
    }
    if (status == LUA_ERRMEM)
        sb_set_mem_fatal(sb);
    char msg[FC_ERROR_MSG_MAX];
    if (sb->fatal) {
        snprintf(msg, sizeof msg, "%s", sb->fatal_msg);
    } else if (sb->errmsg[0]) {
        snprintf(msg, sizeof msg, "%s", sb->errmsg);
    } else { /* e.g. an error in the message handler itself */
        char text[FC_ERROR_MSG_MAX / 2];
        sb_object_text(L, -1, text, sizeof text);
        snprintf(msg, sizeof msg, "%s: %s", sb->name, text);
    }
    lua_settop(L, fn - 1);
    if (sb->fatal == SB_FATAL_MEM)
        lua_gc(L, LUA_GCCOLLECT, 0); /* give the next call its memory back */
    sb->fatal = SB_FATAL_NONE;
    return fc_error_set(err, FC_ESCRIPT, "%s", msg);
}

int fc_sandbox_freeze(fc_sandbox *sb, fc_error *err)
{
    char msg[FC_ERROR_MSG_MAX];
    int watched = 0;
    if (fc_sandbox_freeze_state(sb, msg, sizeof msg, &watched, 0) != 0)
        return fc_error_set(err, FC_ESCRIPT, "%s", msg);
    sb->frozen = watched > 0; /* upvalues to check after each call */
    /* From now on nothing is collected while a hook runs: weak tables never lose entries where
     * a script could see it, and a call's garbage goes after it (sb_collect_after). */
    lua_gc(sb->L, LUA_GCCOLLECT);
    lua_gc(sb->L, LUA_GCSTOP);
    sb->gc_paused = 1;
    return 0;
}

int fc_sandbox_verify(fc_sandbox *sb, char *msg, size_t n)
{
    return fc_sandbox_verify_state(sb->L, sb->name, msg, n);
}

int fc_sandbox_run(fc_sandbox *sb, const char *text, size_t len, long budget, fc_error *err)
{
    int rc = fc_sandbox_load(sb, text, len, err);
    if (rc == 0)
        rc = fc_sandbox_call(sb, 0, 0, budget, err);
    return rc;
}
