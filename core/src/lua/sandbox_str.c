/* String library of the sandbox: a metered pattern matcher and address-free formatting.
 *
 * Lua's own matcher backtracks inside C, where the instruction counter cannot see it: a `%b`,
 * a back-reference or a long plain needle over megabytes runs unbounded within one call. So
 * find, match, gmatch and gsub are replaced by this implementation of the same pattern
 * language (Lua 5.4 manual, section 6.4.1), which charges one budget unit per matcher step (a
 * recursion, a character tested, a balance or back-reference byte) and one per
 * FC_LUA_BYTES_PER_UNIT bytes compared by plain search, through fc_sandbox_charge. Character
 * classes are ASCII-only (%a, %l, ... do not depend on the host's locale).
 *
 * string.byte charges its results; results made by other functions are charged by the
 * allocator. Addresses are not deterministic, so tostring() of a table or function without
 * __tostring gives its __name or type name, string.format's %s does the same, and %p is
 * refused. string.pack, unpack and packsize are removed (their padding loops are unmetered). */
#include <string.h>

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>

#include "formicary/variant.h"
#include "sandbox.h"

#define MAXCAPTURES 32
#define MAXDEPTH 200 /* matcher recursion, as Lua's MAXCCALLS */
#define CAP_UNFINISHED (-1)
#define CAP_POSITION (-2)
#define CHARGE_EVERY 4096

typedef struct mstate {
    const char *src, *src_end, *p_end;
    lua_State *L;
    int level, depth;
    long steps; /* not yet charged */
    struct {
        const char *init;
        ptrdiff_t len;
    } cap[MAXCAPTURES];
} mstate;

static void tick(mstate *ms, long n)
{
    ms->steps += n;
    if (ms->steps >= CHARGE_EVERY) {
        long s = ms->steps;
        ms->steps = 0;
        fc_sandbox_charge(ms->L, s);
    }
}

static void flush(mstate *ms)
{
    long s = ms->steps;
    ms->steps = 0;
    fc_sandbox_charge(ms->L, s);
}

static int ascii_class(int c, int cl)
{
    int r;
    switch (cl | 0x20) {
    case 'a': r = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); break;
    case 'c': r = c < 32 || c == 127; break;
    case 'd': r = c >= '0' && c <= '9'; break;
    case 'g': r = c > 32 && c < 127; break;
    case 'l': r = c >= 'a' && c <= 'z'; break;
    case 'p': r = c > 32 && c < 127 && !ascii_class(c, 'w'); break;
    case 's': r = c == ' ' || (c >= '\t' && c <= '\r'); break;
    case 'u': r = c >= 'A' && c <= 'Z'; break;
    case 'w': r = ascii_class(c, 'a') || ascii_class(c, 'd'); break;
    case 'x': r = ascii_class(c, 'd') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'f'); break;
    default: return cl == c;
    }
    return (cl >= 'A' && cl <= 'Z') ? !r : r;
}

/* End of the single-character class starting at p. */
static const char *class_end(mstate *ms, const char *p)
{
    char c = *p++;
    if (c == '%') {
        if (p >= ms->p_end)
            luaL_error(ms->L, "malformed pattern (ends with '%%')");
        return p + 1;
    }
    if (c == '[') {
        if (p < ms->p_end && *p == '^')
            p++;
        do { /* the first character may be a literal ']' */
            if (p >= ms->p_end)
                luaL_error(ms->L, "malformed pattern (missing ']')");
            c = *p++;
            if (c == '%' && p < ms->p_end)
                p++;
        } while (p >= ms->p_end || *p != ']');
        return p + 1;
    }
    return p;
}

/* Whether c is in the set [p .. ec] (p at '[', ec at the closing ']'). */
static int in_set(mstate *ms, int c, const char *p, const char *ec)
{
    int yes = 1;
    tick(ms, 1 + (long)(ec - p) / FC_LUA_BYTES_PER_UNIT);
    if (p[1] == '^') {
        yes = 0;
        p++;
    }
    while (++p < ec) {
        if (*p == '%') {
            p++;
            if (ascii_class(c, (unsigned char)*p))
                return yes;
        } else if (p[1] == '-' && p + 2 < ec) {
            if ((unsigned char)p[0] <= c && c <= (unsigned char)p[2])
                return yes;
            p += 2;
        } else if ((unsigned char)*p == c) {
            return yes;
        }
    }
    return !yes;
}

/* One character test: one step. */
static int single(mstate *ms, const char *s, const char *p, const char *ep)
{
    tick(ms, 1);
    if (s >= ms->src_end)
        return 0;
    int c = (unsigned char)*s;
    switch (*p) {
    case '.': return 1;
    case '%': return ascii_class(c, (unsigned char)p[1]);
    case '[': return in_set(ms, c, p, ep - 1);
    default: return (unsigned char)*p == c;
    }
}

static const char *do_match(mstate *ms, const char *s, const char *p);

static const char *balance(mstate *ms, const char *s, const char *p)
{
    if (p + 1 >= ms->p_end)
        luaL_error(ms->L, "malformed pattern (missing arguments to '%%b')");
    if (s >= ms->src_end || *s != p[0])
        return NULL;
    int open = p[0], close = p[1], depth = 1;
    while (++s < ms->src_end) {
        tick(ms, 1);
        if (*s == close) {
            if (--depth == 0)
                return s + 1;
        } else if (*s == open) {
            depth++;
        }
    }
    return NULL;
}

static const char *max_expand(mstate *ms, const char *s, const char *p, const char *ep)
{
    ptrdiff_t i = 0;
    while (single(ms, s + i, p, ep))
        i++;
    for (; i >= 0; i--) {
        const char *r = do_match(ms, s + i, ep + 1);
        if (r)
            return r;
    }
    return NULL;
}

static const char *min_expand(mstate *ms, const char *s, const char *p, const char *ep)
{
    for (;;) {
        const char *r = do_match(ms, s, ep + 1);
        if (r)
            return r;
        if (!single(ms, s, p, ep))
            return NULL;
        s++;
    }
}

static const char *start_capture(mstate *ms, const char *s, const char *p, ptrdiff_t what)
{
    if (ms->level >= MAXCAPTURES)
        luaL_error(ms->L, "too many captures");
    ms->cap[ms->level].init = s;
    ms->cap[ms->level].len = what;
    ms->level++;
    const char *r = do_match(ms, s, p);
    if (!r)
        ms->level--;
    return r;
}

static const char *end_capture(mstate *ms, const char *s, const char *p)
{
    int l = ms->level - 1;
    while (l >= 0 && ms->cap[l].len != CAP_UNFINISHED)
        l--;
    if (l < 0)
        luaL_error(ms->L, "invalid pattern capture");
    ms->cap[l].len = s - ms->cap[l].init;
    const char *r = do_match(ms, s, p);
    if (!r)
        ms->cap[l].len = CAP_UNFINISHED;
    return r;
}

static int capture_index(mstate *ms, int l)
{
    l -= '1';
    if (l < 0 || l >= ms->level || ms->cap[l].len == CAP_UNFINISHED)
        luaL_error(ms->L, "invalid capture index %%%d", l + 1);
    return l;
}

static const char *back_ref(mstate *ms, const char *s, int l)
{
    l = capture_index(ms, l);
    size_t len = (size_t)ms->cap[l].len;
    tick(ms, 1 + (long)len / FC_LUA_BYTES_PER_UNIT);
    if ((size_t)(ms->src_end - s) >= len && memcmp(ms->cap[l].init, s, len) == 0)
        return s + len;
    return NULL;
}

/* The item results of the helpers below: the match goes on with the next item (*s and *p
 * advanced), or it is decided (*s is the end of the match, or NULL). */
enum { ITEM_NEXT, ITEM_DONE };

/* A single-character class with its optional repetition operator. */
static int plain_item(mstate *ms, const char **s, const char **p)
{
    const char *ep = class_end(ms, *p);
    int op = ep < ms->p_end ? *ep : 0;
    if (!single(ms, *s, *p, ep)) {
        if (op == '*' || op == '?' || op == '-') {
            *p = ep + 1;
            return ITEM_NEXT;
        }
        *s = NULL;
        return ITEM_DONE;
    }
    switch (op) {
    case '?': {
        const char *r = do_match(ms, *s + 1, ep + 1);
        if (r) {
            *s = r;
            return ITEM_DONE;
        }
        *p = ep + 1;
        return ITEM_NEXT;
    }
    case '+': *s = max_expand(ms, *s + 1, *p, ep); return ITEM_DONE;
    case '*': *s = max_expand(ms, *s, *p, ep); return ITEM_DONE;
    case '-': *s = min_expand(ms, *s, *p, ep); return ITEM_DONE;
    default:
        (*s)++;
        *p = ep;
        return ITEM_NEXT;
    }
}

/* %bxy, %f[set] and back-references %1-%9; -1 when the item is an ordinary class. */
static int escape_item(mstate *ms, const char **s, const char **p)
{
    const char *q = *p;
    if (q + 1 >= ms->p_end)
        return -1;
    if (q[1] == 'b') {
        *s = balance(ms, *s, q + 2);
        if (!*s)
            return ITEM_DONE;
        *p = q + 4;
        return ITEM_NEXT;
    }
    if (q[1] == 'f') {
        q += 2;
        if (q >= ms->p_end || *q != '[')
            luaL_error(ms->L, "missing '[' after '%%f' in pattern");
        const char *ep = class_end(ms, q);
        int prev = *s == ms->src ? 0 : (unsigned char)(*s)[-1];
        int cur = *s < ms->src_end ? (unsigned char)**s : 0;
        if (!in_set(ms, prev, q, ep - 1) && in_set(ms, cur, q, ep - 1)) {
            *p = ep;
            return ITEM_NEXT;
        }
        *s = NULL;
        return ITEM_DONE;
    }
    if (q[1] >= '0' && q[1] <= '9') {
        *s = back_ref(ms, *s, (unsigned char)q[1]);
        if (!*s)
            return ITEM_DONE;
        *p = q + 2;
        return ITEM_NEXT;
    }
    return -1;
}

static const char *do_match(mstate *ms, const char *s, const char *p)
{
    if (ms->depth-- == 0)
        luaL_error(ms->L, "pattern too complex");
    tick(ms, 1);
    int r = ITEM_NEXT;
    while (r == ITEM_NEXT && p != ms->p_end) {
        switch (*p) {
        case '(':
            if (p + 1 < ms->p_end && p[1] == ')')
                s = start_capture(ms, s, p + 2, CAP_POSITION);
            else
                s = start_capture(ms, s, p + 1, CAP_UNFINISHED);
            r = ITEM_DONE;
            break;
        case ')':
            s = end_capture(ms, s, p + 1);
            r = ITEM_DONE;
            break;
        case '$':
            if (p + 1 == ms->p_end) {
                s = (s == ms->src_end) ? s : NULL;
                r = ITEM_DONE;
            } else {
                r = plain_item(ms, &s, &p);
            }
            break;
        case '%':
            r = escape_item(ms, &s, &p);
            if (r < 0)
                r = plain_item(ms, &s, &p);
            break;
        default:
            r = plain_item(ms, &s, &p);
            break;
        }
    }
    ms->depth++;
    return s;
}

/* Pushes capture i (or the whole match s..e when there are none). */
static void push_capture(mstate *ms, int i, const char *s, const char *e)
{
    if (i >= ms->level) {
        if (i != 0)
            luaL_error(ms->L, "invalid capture index %%%d", i + 1);
        lua_pushlstring(ms->L, s, (size_t)(e - s));
        return;
    }
    ptrdiff_t l = ms->cap[i].len;
    if (l == CAP_UNFINISHED)
        luaL_error(ms->L, "unfinished capture");
    if (l == CAP_POSITION)
        lua_pushinteger(ms->L, (lua_Integer)(ms->cap[i].init - ms->src) + 1);
    else
        lua_pushlstring(ms->L, ms->cap[i].init, (size_t)l);
}

static int push_captures(mstate *ms, const char *s, const char *e)
{
    int n = (ms->level == 0 && s) ? 1 : ms->level;
    luaL_checkstack(ms->L, n, "too many captures");
    for (int i = 0; i < n; i++)
        push_capture(ms, i, s, e);
    return n;
}

static void ms_init(mstate *ms, lua_State *L, const char *s, size_t ls, const char *p, size_t lp)
{
    ms->L = L;
    ms->src = s;
    ms->src_end = s + ls;
    ms->p_end = p + lp;
    ms->steps = 0;
}

static void ms_reset(mstate *ms)
{
    ms->level = 0;
    ms->depth = MAXDEPTH;
}

/* Start position from a 1-based, possibly negative init (Lua's posrelatI). */
static size_t start_pos(lua_Integer pos, size_t len)
{
    if (pos > 0)
        return (size_t)pos;
    if (pos == 0 || pos < -(lua_Integer)len)
        return 1;
    return len + (size_t)pos + 1;
}

/* Plain search, charged by the bytes scanned and compared. */
static const char *plain_find(mstate *ms, const char *s, size_t ls, const char *p, size_t lp)
{
    if (lp == 0)
        return s;
    if (lp > ls)
        return NULL;
    const char *end = s + (ls - lp) + 1; /* last start + 1 */
    while (s < end) {
        const char *hit = memchr(s, p[0], (size_t)(end - s));
        tick(ms, 1 + (long)((hit ? hit : end) - s) / FC_LUA_BYTES_PER_UNIT);
        if (!hit)
            return NULL;
        tick(ms, 1 + (long)lp / FC_LUA_BYTES_PER_UNIT);
        if (memcmp(hit + 1, p + 1, lp - 1) == 0)
            return hit;
        s = hit + 1;
    }
    return NULL;
}

static int no_specials(const char *p, size_t lp)
{
    for (size_t i = 0; i < lp; i++)
        if (strchr("^$*+?.([%-", p[i]) && p[i])
            return 0;
    return 1;
}

static int find_aux(lua_State *L, int find)
{
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    size_t init = start_pos(luaL_optinteger(L, 3, 1), ls) - 1;
    if (init > ls) {
        luaL_pushfail(L);
        return 1;
    }
    mstate ms;
    ms_init(&ms, L, s, ls, p, lp);
    if (find && (lua_toboolean(L, 4) || no_specials(p, lp))) {
        const char *hit = plain_find(&ms, s + init, ls - init, p, lp);
        flush(&ms);
        if (hit) {
            lua_pushinteger(L, (lua_Integer)(hit - s) + 1);
            lua_pushinteger(L, (lua_Integer)(hit - s + (ptrdiff_t)lp));
            return 2;
        }
        luaL_pushfail(L);
        return 1;
    }
    int anchor = lp > 0 && *p == '^';
    if (anchor) {
        p++;
        ms.p_end = p + lp - 1;
    }
    const char *s1 = s + init;
    do {
        ms_reset(&ms);
        const char *e = do_match(&ms, s1, p);
        if (e) {
            flush(&ms);
            if (find) {
                lua_pushinteger(L, (lua_Integer)(s1 - s) + 1);
                lua_pushinteger(L, (lua_Integer)(e - s));
                return push_captures(&ms, NULL, NULL) + 2;
            }
            return push_captures(&ms, s1, e);
        }
    } while (s1++ < ms.src_end && !anchor);
    flush(&ms);
    luaL_pushfail(L);
    return 1;
}

static int str_find(lua_State *L) { return find_aux(L, 1); }
static int str_match(lua_State *L) { return find_aux(L, 0); }

typedef struct gmatch_state {
    const char *next, *last;
    mstate ms;
} gmatch_state;

static int gmatch_step(lua_State *L)
{
    gmatch_state *g = lua_touserdata(L, lua_upvalueindex(3));
    g->ms.L = L;
    for (const char *s = g->next; s <= g->ms.src_end; s++) {
        ms_reset(&g->ms);
        const char *e = do_match(&g->ms, s, lua_tostring(L, lua_upvalueindex(2)));
        if (e && e != g->last) {
            g->next = g->last = e;
            flush(&g->ms);
            return push_captures(&g->ms, s, e);
        }
    }
    flush(&g->ms);
    return 0;
}

/* gmatch: '^' is an ordinary character here, as in Lua 5.4. */
static int str_gmatch(lua_State *L)
{
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    size_t init = start_pos(luaL_optinteger(L, 3, 1), ls) - 1;
    if (init > ls)
        init = ls + 1;
    lua_settop(L, 2);
    gmatch_state *g = lua_newuserdatauv(L, sizeof *g, 0);
    ms_init(&g->ms, L, s, ls, p, lp);
    g->next = s + init;
    g->last = NULL;
    lua_pushcclosure(L, gmatch_step, 3);
    return 1;
}

static void add_string(mstate *ms, luaL_Buffer *b, const char *s, const char *e)
{
    size_t l;
    const char *news = lua_tolstring(ms->L, 3, &l);
    tick(ms, 1 + (long)l / FC_LUA_BYTES_PER_UNIT);
    for (size_t i = 0; i < l; i++) {
        if (news[i] != '%') {
            luaL_addchar(b, news[i]);
            continue;
        }
        i++;
        if (i < l && news[i] == '%') {
            luaL_addchar(b, '%');
        } else if (i < l && news[i] >= '0' && news[i] <= '9') {
            if (news[i] == '0') {
                luaL_addlstring(b, s, (size_t)(e - s));
            } else {
                push_capture(ms, news[i] - '1', s, e);
                luaL_tolstring(ms->L, -1, NULL);
                lua_remove(ms->L, -2);
                luaL_addvalue(b);
            }
        } else {
            luaL_error(ms->L, "invalid use of '%%' in replacement string");
        }
    }
}

static void add_value(mstate *ms, luaL_Buffer *b, const char *s, const char *e, int tr)
{
    lua_State *L = ms->L;
    if (tr == LUA_TFUNCTION) {
        lua_pushvalue(L, 3);
        int n = push_captures(ms, s, e);
        lua_call(L, n, 1);
    } else if (tr == LUA_TTABLE) {
        push_capture(ms, 0, s, e);
        lua_gettable(L, 3);
    } else {
        add_string(ms, b, s, e);
        return;
    }
    if (!lua_toboolean(L, -1)) {
        lua_pop(L, 1);
        luaL_addlstring(b, s, (size_t)(e - s));
    } else if (!lua_isstring(L, -1)) {
        luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
    } else {
        luaL_addvalue(b);
    }
}

static int str_gsub(lua_State *L)
{
    size_t ls, lp;
    const char *src = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    int tr = lua_type(L, 3);
    lua_Integer max_n = luaL_optinteger(L, 4, (lua_Integer)ls + 1);
    luaL_argexpected(L, tr == LUA_TNUMBER || tr == LUA_TSTRING || tr == LUA_TFUNCTION || tr == LUA_TTABLE, 3,
                     "string/function/table");
    int anchor = lp > 0 && *p == '^';
    if (anchor) {
        p++;
        lp--;
    }
    mstate ms;
    ms_init(&ms, L, src, ls, p, lp);
    const char *last = NULL;
    lua_Integer n = 0;
    int changed = 0;
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    while (n < max_n) {
        ms_reset(&ms);
        const char *e = do_match(&ms, src, p);
        if (e && e != last) {
            n++;
            add_value(&ms, &b, src, e, tr);
            src = last = e;
            changed = 1;
        } else if (src < ms.src_end) {
            luaL_addchar(&b, *src++);
        } else {
            break;
        }
        if (anchor)
            break;
    }
    flush(&ms);
    if (!changed) {
        lua_pushvalue(L, 1);
    } else {
        luaL_addlstring(&b, src, (size_t)(ms.src_end - src));
        luaL_pushresult(&b);
    }
    lua_pushinteger(L, n);
    return 2;
}

/* string.byte: one unit per result (pushing them allocates nothing once the stack grew). */
static int str_byte(lua_State *L)
{
    size_t l;
    luaL_checklstring(L, 1, &l);
    lua_Integer i = luaL_optinteger(L, 2, 1);
    lua_Integer j = luaL_optinteger(L, 3, i);
    size_t from = start_pos(i, l), to = j < 0 ? (j < -(lua_Integer)l ? 0 : l + (size_t)j + 1)
                                              : ((size_t)j > l ? l : (size_t)j);
    if (to >= from)
        fc_sandbox_charge(L, (long)(to - from + 1));
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

void fc_sandbox_tostring(lua_State *L, int idx)
{
    idx = lua_absindex(L, idx);
    int t = lua_type(L, idx);
    if ((t == LUA_TTABLE || t == LUA_TFUNCTION || t == LUA_TUSERDATA || t == LUA_TTHREAD ||
         t == LUA_TLIGHTUSERDATA) &&
        luaL_getmetafield(L, idx, "__tostring") == LUA_TNIL) {
        int tn = luaL_getmetafield(L, idx, "__name");
        if (tn == LUA_TSTRING)
            return;
        if (tn != LUA_TNIL)
            lua_pop(L, 1);
        lua_pushstring(L, lua_typename(L, t));
        return;
    }
    luaL_tolstring(L, idx, NULL);
}

static int safe_tostring(lua_State *L)
{
    luaL_checkany(L, 1);
    fc_sandbox_tostring(L, 1);
    return 1;
}

/* string.format: refuses %p and turns %s arguments into address-free text first. */
static int safe_format(lua_State *L)
{
    size_t len;
    const char *f = luaL_checklstring(L, 1, &len);
    int arg = 1;
    for (size_t i = 0; i < len; i++) {
        if (f[i] != '%')
            continue;
        i++;
        if (i < len && f[i] == '%')
            continue;
        while (i < len && strchr("-+ #0123456789.", f[i]) && f[i])
            i++;
        if (i >= len)
            break;
        arg++;
        if (f[i] == 'p')
            return luaL_error(L, "string.format: %%p is not available (addresses differ between runs)");
        if (f[i] == 's' && arg <= lua_gettop(L) && lua_type(L, arg) != LUA_TSTRING &&
            lua_type(L, arg) != LUA_TNUMBER) {
            fc_sandbox_tostring(L, arg);
            lua_replace(L, arg);
        }
    }
    fc_sandbox_charge(L, fc_sandbox_sat_add(1, lua_gettop(L))); /* one unit per argument */
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

void fc_sandbox_guard_strings(lua_State *L)
{
    static const luaL_Reg fns[] = {{"find", str_find}, {"match", str_match}, {"gmatch", str_gmatch},
                                   {"gsub", str_gsub},  {NULL, NULL}};
    lua_getglobal(L, LUA_STRLIBNAME);
    luaL_setfuncs(L, fns, 0);
    static const char *const wrapped[] = {"format", "byte", NULL};
    static const lua_CFunction wrappers[] = {safe_format, str_byte};
    for (int i = 0; wrapped[i]; i++) {
        lua_getfield(L, -1, wrapped[i]);
        lua_pushcclosure(L, wrappers[i], 1);
        lua_setfield(L, -2, wrapped[i]);
    }
    static const char *const removed[] = {"pack", "unpack", "packsize", NULL};
    for (int i = 0; removed[i]; i++) {
        lua_pushnil(L);
        lua_setfield(L, -2, removed[i]);
    }
    lua_pop(L, 1);
    lua_pushcfunction(L, safe_tostring);
    lua_setglobal(L, "tostring");
}
