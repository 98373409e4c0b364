/* What two rule sets differ by (rules_diff.h): compared on the resolved values, as the games
 * see them, so a value set in an INI and the same value set by --set are no difference, and two
 * rule-set files differ by exactly the keys whose values differ. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formicary/rules_diff.h"

/* One side of a comparison: a rule set, or the game's defaults (r == NULL). */
typedef struct side {
    const fc_rules *r;
    const fc_plugin *p;
} side;

static int side_count(side s) { return s.r ? fc_rules_param_count(s.r) : s.p->nparams; }

static const fc_param_def *side_def(side s, int i) { return s.r ? fc_rules_param_def(s.r, i) : &s.p->params[i]; }

static int side_find(side s, const char *name)
{
    for (int i = 0; i < side_count(s); i++)
        if (strcmp(side_def(s, i)->name, name) == 0)
            return i;
    return -1;
}

static void side_value(side s, int i, char *buf, size_t n)
{
    const fc_param_def *d = side_def(s, i);
    fc_value def;
    const fc_value *v = s.r ? &fc_rules_values(s.r)[i] : (fc_param_default(d, &def, NULL) == 0 ? &def : NULL);
    if (!v || fc_param_format(d, v, buf, n) < 0)
        snprintf(buf, n, "?");
}

/* The origin with its file's directory left out ("config/myrmes/std.ini:4" -> "std.ini:4"). */
static void side_origin(side s, int i, char *buf, size_t n)
{
    const char *o = s.r ? fc_rules_origin(s.r, i) : "default";
    const char *colon = strrchr(o, ':'), *slash = NULL;
    for (const char *q = o; *q && (!colon || q < colon); q++)
        slash = *q == '/' ? q : slash;
    snprintf(buf, n, "%s", slash ? slash + 1 : o);
}

/* Whether parameter i of side s was set by that side's variant. */
static bool side_by_variant(side s, int i)
{
    const char *path = s.r ? fc_rules_variant_path(s.r) : NULL;
    if (!path || !fc_rules_variant_text(s.r))
        return false;
    const char *o = fc_rules_origin(s.r, i);
    size_t len = strlen(path);
    return strncmp(o, path, len) == 0 && o[len] == ':';
}

static const char *side_file_text(side s, int i) { return s.r && i < s.p->nparams ? fc_rules_path_text(s.r, i) : NULL; }

static void base_name(const char *path, char *buf, size_t n)
{
    const char *slash = path ? strrchr(path, '/') : NULL;
    snprintf(buf, n, "%s", slash ? slash + 1 : path ? path : "");
}

static void side_meta(side s, char *rules, char *variant, size_t n, uint64_t *hash, uint64_t *hooks)
{
    snprintf(rules, n, "%s", s.r ? fc_rules_name(s.r) : "default");
    bool has = s.r && fc_rules_variant_text(s.r);
    base_name(has ? fc_rules_variant_path(s.r) : NULL, variant, n);
    *hash = has ? fc_rules_variant_hash(s.r) : 0;
    *hooks = has ? fc_rules_variant_hooks(s.r) : 0;
}

/* Adds a change for parameter ia of a and ib of b (either may be -1: missing) when they differ. */
static void add_change(fc_rules_diff *d, side a, int ia, side b, int ib)
{
    fc_rules_change *c = &d->change[d->n];
    memset(c, 0, sizeof *c);
    c->in_a = ia >= 0;
    c->in_b = ib >= 0;
    if (c->in_a)
        side_value(a, ia, c->a, sizeof c->a);
    if (c->in_b)
        side_value(b, ib, c->b, sizeof c->b);
    if (c->in_a && c->in_b && strcmp(c->a, c->b) == 0) {
        const char *ta = side_file_text(a, ia), *tb = side_file_text(b, ib);
        if ((!ta && !tb) || (ta && tb && strcmp(ta, tb) == 0))
            return; /* the same value */
        c->file_text = true;
    }
    snprintf(c->name, sizeof c->name, "%s", side_def(c->in_a ? a : b, c->in_a ? ia : ib)->name);
    if (c->in_a)
        side_origin(a, ia, c->origin_a, sizeof c->origin_a);
    if (c->in_b)
        side_origin(b, ib, c->origin_b, sizeof c->origin_b);
    c->variant_param = (c->in_a ? ia : ib) >= a.p->nparams;
    c->by_variant = d->variant_differs &&
                    (c->variant_param || (c->in_a && side_by_variant(a, ia)) || (c->in_b && side_by_variant(b, ib)));
    d->n++;
}

int fc_rules_compare(const fc_rules *a, const fc_rules *b, fc_rules_diff *out, fc_error *err)
{
    memset(out, 0, sizeof *out);
    if (!b || !fc_rules_values(b) || (a && !fc_rules_values(a)))
        return fc_error_set(err, FC_EINVAL, "compare rule sets: a rule set is missing or not finished");
    const fc_plugin *p = fc_rules_plugin(b);
    if (a && fc_rules_plugin(a) != p)
        return fc_error_set(err, FC_EINVAL, "compare rule sets: one is for %s, the other for %s",
                            fc_rules_plugin(a)->id, p->id);
    side sa = {a, p}, sb = {b, p};
    out->plugin = p;
    side_meta(sa, out->rules_a, out->variant_a, sizeof out->rules_a, &out->variant_hash_a, &out->hooks_a);
    side_meta(sb, out->rules_b, out->variant_b, sizeof out->rules_b, &out->variant_hash_b, &out->hooks_b);
    out->variant_differs = out->variant_hash_a != out->variant_hash_b || strcmp(out->variant_a, out->variant_b) != 0;
    int na = side_count(sa), nb = side_count(sb);
    if (!(out->change = calloc((size_t)(na + nb > 0 ? na + nb : 1), sizeof *out->change)))
        return fc_error_set(err, FC_ENOMEM, "out of memory");
    for (int i = 0; i < na; i++) /* the game's own parameters have the same index on both sides */
        add_change(out, sa, i, sb, i < p->nparams ? i : side_find(sb, side_def(sa, i)->name));
    for (int i = p->nparams; i < nb; i++)
        if (side_find(sa, side_def(sb, i)->name) < 0)
            add_change(out, sa, -1, sb, i);
    return 0;
}

void fc_rules_diff_free(fc_rules_diff *d)
{
    if (!d)
        return;
    free(d->change);
    d->change = NULL;
    d->n = 0;
}

bool fc_rules_diff_empty(const fc_rules_diff *d)
{
    return d->n == 0 && !d->variant_differs && strcmp(d->rules_a, d->rules_b) == 0;
}

/* ---- text ---- */

/* Text written into buf[n] that counts the whole length and marks a cut with "...". */
typedef struct tbuf {
    char *buf;
    size_t n, len;
} tbuf;

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void tb_add(tbuf *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int w = vsnprintf(t->len < t->n ? t->buf + t->len : NULL, t->len < t->n ? t->n - t->len : 0, fmt, ap);
    va_end(ap);
    if (w > 0)
        t->len += (size_t)w;
}

static size_t tb_end(tbuf *t)
{
    if (t->n == 0)
        return t->len;
    if (t->len >= t->n && t->n >= 4)
        memcpy(t->buf + t->n - 4, "...", 4);
    else if (t->len < t->n)
        t->buf[t->len] = '\0';
    return t->len;
}

size_t fc_rules_hook_names(const fc_plugin *p, uint64_t mask, char *buf, size_t n)
{
    tbuf t = {buf, n, 0};
    if (n)
        buf[0] = '\0';
    for (int h = 0, k = 0; p && h < p->nhooks && h < 64; h++)
        if ((mask >> h) & 1u)
            tb_add(&t, "%s%s", k++ ? ", " : "", p->hooks[h].name);
    return tb_end(&t);
}

/* "name a -> b", "name=b" (only in b), "map m.csv (file text differs)". */
static void tb_change(tbuf *t, const fc_rules_change *c)
{
    if (c->file_text)
        tb_add(t, "%s %s (file text differs)", c->name, c->b);
    else if (!c->in_a)
        tb_add(t, "%s=%s", c->name, c->b);
    else if (!c->in_b)
        tb_add(t, "%s=%s gone", c->name, c->a);
    else
        tb_add(t, "%s %s -> %s", c->name, c->a, c->b);
}

/* The changes with by_variant == in_variant and variant_param == params, joined by ", ";
 * returns how many were written. */
static int tb_changes(tbuf *t, const fc_rules_diff *d, bool in_variant, bool params, const char *lead)
{
    int k = 0;
    for (int i = 0; i < d->n; i++) {
        const fc_rules_change *c = &d->change[i];
        if (c->by_variant != in_variant || (in_variant && c->variant_param != params) || (in_variant && !c->in_b && params))
            continue;
        tb_add(t, "%s", k++ ? ", " : lead);
        tb_change(t, c);
    }
    return k;
}

/* "+ variant x.lua (hooks h; parameter k=v; sets p 3 -> 4)" and its other forms. */
static void tb_variant(tbuf *t, const fc_rules_diff *d)
{
    const char *va = d->variant_a, *vb = d->variant_b;
    if (!*va)
        tb_add(t, "+ variant %s", vb);
    else if (!*vb)
        tb_add(t, "without variant %s", va);
    else if (strcmp(va, vb) != 0)
        tb_add(t, "with variant %s -> %s", va, vb);
    else
        tb_add(t, "with variant %s changed", vb);
    char hooks[512];
    uint64_t mask = *vb ? d->hooks_b : d->hooks_a;
    fc_rules_hook_names(d->plugin, mask, hooks, sizeof hooks);
    size_t mark = t->len;
    tb_add(t, " (");
    size_t open = t->len;
    if (mask)
        tb_add(t, "hooks %s", hooks);
    tb_changes(t, d, true, true, t->len > open ? "; parameter " : "parameter ");
    tb_changes(t, d, true, false, t->len > open ? "; sets " : "sets ");
    if (t->len == open) { /* nothing to say in parentheses: take " (" back */
        t->len = mark;
        if (mark < t->n)
            t->buf[mark] = '\0';
    } else {
        tb_add(t, ")");
    }
}

size_t fc_rules_diff_text(const fc_rules_diff *d, char *buf, size_t n)
{
    tbuf t = {buf, n, 0};
    tb_add(&t, "A");
    if (fc_rules_diff_empty(d)) {
        tb_add(&t, " (the same rules, variant and values)");
        return tb_end(&t);
    }
    if (d->variant_differs) {
        tb_add(&t, " ");
        tb_variant(&t, d);
    }
    bool renamed = strcmp(d->rules_a, d->rules_b) != 0;
    if (renamed)
        tb_add(&t, "%swith rule set '%s' -> '%s'", d->variant_differs ? ", " : " ", d->rules_a, d->rules_b);
    const char *lead = renamed ? ": " : d->variant_differs ? ", with " : " with ";
    if (tb_changes(&t, d, false, false, lead) == 0 && renamed)
        tb_add(&t, " (no value differs)");
    return tb_end(&t);
}

size_t fc_rules_describe(const fc_rules *r, char *buf, size_t n)
{
    tbuf t = {buf, n, 0};
    fc_rules_diff d;
    if (!r)
        return tb_end(&t);
    if (fc_rules_compare(NULL, r, &d, NULL) != 0) {
        fc_rules_diff_free(&d);
        return tb_end(&t);
    }
    tb_add(&t, "rule set '%s', ", d.rules_b);
    if (*d.variant_b) {
        char hooks[512];
        fc_rules_hook_names(d.plugin, d.hooks_b, hooks, sizeof hooks);
        tb_add(&t, "variant %s", d.variant_b);
        if (d.hooks_b)
            tb_add(&t, " (hooks %s)", hooks);
    } else {
        tb_add(&t, "no variant");
    }
    int k = 0;
    for (int i = 0; i < d.n; i++)
        if (d.change[i].in_b)
            tb_add(&t, ", %s=%s (%s)", d.change[i].name, d.change[i].b, d.change[i].origin_b), k++;
    if (k == 0)
        tb_add(&t, ", every parameter at its default");
    fc_rules_diff_free(&d);
    return tb_end(&t);
}
