/* Rule sets (see rules.h). Each layer (INI in rules_ini.c, variant, --set) is parsed and
 * checked when it is given, so errors name their file and line at once, but kept apart from
 * the others; only fc_rules_finish merges them, which is what makes the precedence independent
 * of call order. */
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formicary/rng.h"
#include "formicary/seats.h"
#include "rules_impl.h"

/* ---- helpers of the layers (rules_impl.h) ---- */

int fc_rules_pending_add(fc_rules *r, int layer, int line, const char *where, const char *key, const char *value,
                         fc_error *err)
{
    if (strlen(key) >= FC_PARAM_NAME_MAX || strlen(value) >= FC_PARAM_STR_MAX)
        return -1; /* no parameter can have it: the caller reports it unknown or too long */
    pending *np = realloc(r->pend, (size_t)(r->npend + 1) * sizeof *np);
    if (!np)
        return fc_error_set(err, FC_ENOMEM, "out of memory");
    r->pend = np;
    pending *e = &np[r->npend++];
    memset(e, 0, sizeof *e);
    e->layer = layer;
    e->line = line;
    snprintf(e->key, sizeof e->key, "%s", key);
    snprintf(e->value, sizeof e->value, "%s", value);
    snprintf(e->where, sizeof e->where, "%s", where);
    return 0;
}

/* Edit distance, for "did you mean" hints; long keys get no hint. */
static int edit_distance(const char *a, const char *b)
{
    enum { M = 64 };
    size_t la = strlen(a), lb = strlen(b);
    if (la >= M || lb >= M)
        return M;
    int row[M + 1];
    for (size_t j = 0; j <= lb; j++)
        row[j] = (int)j;
    for (size_t i = 1; i <= la; i++) {
        int diag = row[0];
        row[0] = (int)i;
        for (size_t j = 1; j <= lb; j++) {
            int up = row[j];
            int best = diag + (a[i - 1] != b[j - 1]);
            if (up + 1 < best)
                best = up + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[lb];
}

int fc_rules_unknown_param(const fc_rules *r, const char *where, const char *key, fc_error *err)
{
    char hint[256] = "";
    size_t used = 0;
    int best = 1 << 20;
    for (int i = 0; i < nall(r); i++) {
        int d = edit_distance(key, pdef(r, i)->name);
        if (d < best)
            best = d;
    }
    int close = (int)strlen(key) / 3 > 2 ? (int)strlen(key) / 3 : 2;
    bool near = best <= close;
    for (int i = 0; i < nall(r) && used < sizeof hint; i++) {
        if (near && edit_distance(key, pdef(r, i)->name) != best)
            continue;
        int w = snprintf(hint + used, sizeof hint - used, "%s%s", used ? ", " : "", pdef(r, i)->name);
        if (w < 0)
            break;
        used += (size_t)w;
    }
    if (nall(r) == 0)
        return fc_error_set(err, FC_EUNKNOWN, "%s: unknown parameter '%.64s' (%s has no parameters)", where, key,
                            r->p->id);
    if (near)
        return fc_error_set(err, FC_EUNKNOWN, "%s: unknown parameter '%.64s' (did you mean %s?)", where, key, hint);
    return fc_error_set(err, FC_EUNKNOWN, "%s: unknown parameter '%.64s' (parameters: %s)", where, key, hint);
}

/* ---- life cycle ---- */

fc_rules *fc_rules_new(fc_context *ctx, const char *id, int nseats, fc_error *err)
{
    const fc_plugin *p = fc_context_find(ctx, id, err);
    if (!p)
        return NULL;
    if (nseats < p->min_seats || nseats > p->max_seats) {
        if (p->min_seats == p->max_seats)
            fc_error_set(err, FC_ERANGE, "%s takes %d seats, got %d", p->id, p->min_seats, nseats);
        else
            fc_error_set(err, FC_ERANGE, "%s takes %d-%d seats, got %d", p->id, p->min_seats, p->max_seats, nseats);
        return NULL;
    }
    fc_rules *r = calloc(1, sizeof *r);
    if (!r) {
        fc_error_set(err, FC_ENOMEM, "out of memory");
        return NULL;
    }
    r->ctx = ctx;
    r->p = p;
    r->nseats = nseats;
    r->n = p->nparams > 0 ? p->nparams : 0;
    bool ok = true;
    for (int l = 0; l < NLAYERS; l++)
        ok = (r->layer[l] = new_slots(r->n)) != NULL && ok;
    r->values = calloc((size_t)(r->n > 0 ? r->n : 1), sizeof *r->values);
    r->origin = calloc((size_t)(r->n > 0 ? r->n : 1), sizeof *r->origin);
    r->path_text = calloc((size_t)(r->n > 0 ? r->n : 1), sizeof *r->path_text);
    if (!ok || !r->values || !r->origin || !r->path_text) {
        fc_rules_free(r);
        fc_error_set(err, FC_ENOMEM, "out of memory");
        return NULL;
    }
    snprintf(r->name, sizeof r->name, "default");
    snprintf(r->variant_name, sizeof r->variant_name, "none");
    return r;
}

void fc_rules_free(fc_rules *r)
{
    if (!r)
        return;
    if (r->data && r->p->game && r->p->game->data_free)
        r->p->game->data_free(r->data);
    for (int l = 0; l < NLAYERS; l++)
        free(r->layer[l]);
    free(r->values);
    free(r->origin);
    for (int i = 0; r->path_text && i < r->n; i++)
        free(r->path_text[i]);
    free(r->path_text);
    free(r->vdefs);
    free(r->vparams);
    free(r->pend);
    free(r->ini_path);
    free(r->variant_path);
    free(r->variant_text);
    free(r);
}

/* ---- variant layer ---- */

static void drop_variant_params(fc_rules *r)
{
    free(r->vdefs);
    free(r->vparams);
    r->vdefs = NULL;
    r->vparams = NULL;
    r->nv = 0;
}

/* Grows an array of n items of `size` bytes to m, zeroing the new ones. */
static int grow(void **a, size_t size, int n, int m)
{
    void *g = realloc(*a, size * (size_t)(m > 0 ? m : 1));
    if (!g)
        return -1;
    memset((char *)g + size * (size_t)n, 0, size * (size_t)(m - n));
    *a = g;
    return 0;
}

/* The variant's declared parameters join the schema after the game's: INT definitions, and
 * room for them in every layer and in the resolved values. */
static int add_variant_params(fc_rules *r, const char *chunk, const fc_variant_probe_result *res, fc_error *err)
{
    int nv = res->nparams < FC_VARIANT_MAX_PARAMS ? res->nparams : FC_VARIANT_MAX_PARAMS;
    if (nv <= 0)
        return 0;
    r->vparams = calloc((size_t)nv, sizeof *r->vparams);
    r->vdefs = calloc((size_t)nv, sizeof *r->vdefs);
    if (!r->vparams || !r->vdefs)
        return fc_error_set(err, FC_ENOMEM, "out of memory");
    for (int k = 0; k < nv; k++) {
        fc_variant_param *vp = &r->vparams[k];
        *vp = res->params[k];
        vp->name[sizeof vp->name - 1] = '\0';
        vp->doc[sizeof vp->doc - 1] = '\0';
        r->vdefs[k] = (fc_param_def){.name = vp->name, .type = FC_PARAM_INT, .def = vp->def, .min = vp->lo,
                                     .max = vp->hi, .doc = vp->doc};
    }
    fc_error e;
    if (fc_param_schema_check(r->vdefs, nv, &e) != 0)
        return fc_error_set(err, FC_ESCRIPT, "%s: %s", chunk, e.msg);
    int n = r->n, m = r->n + nv;
    bool ok = true;
    for (int l = 0; l < NLAYERS; l++)
        ok = grow((void **)&r->layer[l], sizeof(slot), n, m) == 0 && ok;
    ok = ok && grow((void **)&r->values, sizeof *r->values, n, m) == 0;
    ok = ok && grow((void **)&r->origin, sizeof *r->origin, n, m) == 0;
    if (!ok)
        return fc_error_set(err, FC_ENOMEM, "out of memory");
    r->nv = nv;
    return 0;
}

/* Takes ownership of text. The text is kept (and hashed) in canonical line form, which is what
 * a record embeds and gives back byte for byte; Lua numbers lines the same either way. */
static int load_variant(fc_rules *r, const char *chunk, char *raw, fc_error *err)
{
    int rc;
    char *text = fc_text_canonical_lines(raw);
    free(raw);
    fc_variant_probe_result *res = calloc(1, sizeof *res);
    slot *staged = NULL;
    char *path = dup_str(chunk);
    if (!text || !res || !path) {
        rc = fc_error_set(err, FC_ENOMEM, "out of memory");
        goto fail;
    }
    if ((rc = fc_variant_probe(r->p, chunk, text, res, err)) != 0) {
        if (rc > 0) /* a probe must return 0 or a negative code */
            rc = fc_error_set(err, FC_ESCRIPT, "%s: variant probe failed", chunk);
        goto fail;
    }
    res->meta.game[sizeof res->meta.game - 1] = '\0';
    res->meta.name[sizeof res->meta.name - 1] = '\0';
    if (!res->meta.game[0]) {
        rc = fc_error_set(err, FC_ESCRIPT, "%s:%d: variant does not name its game (expected game = '%s')", chunk,
                          res->meta.line, r->p->id);
        goto fail;
    }
    if (strcmp(res->meta.game, r->p->id) != 0) {
        rc = fc_error_set(err, FC_EINVAL, "%s:%d: variant is for game '%s', not '%s'", chunk, res->meta.line,
                          res->meta.game, r->p->id);
        goto fail;
    }
    if ((rc = add_variant_params(r, chunk, res, err)) < 0)
        goto fail;
    if (!(staged = new_slots(nall(r)))) {
        rc = fc_error_set(err, FC_ENOMEM, "out of memory");
        goto fail;
    }
    int nset = res->nsettings < FC_VARIANT_MAX_SETTINGS ? res->nsettings : FC_VARIANT_MAX_SETTINGS;
    for (int k = 0; k < nset; k++) {
        fc_variant_setting *s = &res->settings[k];
        s->key[sizeof s->key - 1] = '\0';
        s->value[sizeof s->value - 1] = '\0';
        char where[FC_ERROR_MSG_MAX];
        snprintf(where, sizeof where, "%s:%d", chunk, s->line);
        int i = fc_param_find(r->p->params, r->n, s->key);
        if (i < 0) {
            rc = fc_rules_unknown_param(r, where, s->key, err);
            goto fail;
        }
        if ((rc = fc_param_parse(pdef(r, i), s->value, where, &staged[i].v, err)) < 0)
            goto fail;
        staged[i].set = true; /* a later set() of the same key wins */
        staged[i].line = s->line;
    }
    free(r->layer[L_VARIANT]);
    r->layer[L_VARIANT] = staged;
    r->variant_path = path;
    r->variant_text = text;
    r->variant_hash = fc_hash64(text, strlen(text), 0);
    r->variant_hooks = res->hooks_mask;
    if (res->meta.name[0])
        snprintf(r->variant_name, sizeof r->variant_name, "%s", res->meta.name);
    else
        path_stem(chunk, r->variant_name, sizeof r->variant_name);
    r->variant_loaded = true;
    free(res);
    return 0;
fail:
    free(res);
    free(staged);
    free(path);
    free(text);
    drop_variant_params(r);
    return rc;
}

static int check_variant(const fc_rules *r, const char *what, fc_error *err)
{
    int rc = check_open(r, err);
    if (rc < 0)
        return rc;
    if (!what)
        return fc_error_set(err, FC_EINVAL, "variant path is NULL");
    if (r->variant_loaded)
        return fc_error_set(err, FC_ESTATE, "%s: a variant is already loaded (%s)", what, r->variant_path);
    return 0;
}

int fc_rules_load_variant(fc_rules *r, const char *path, fc_error *err)
{
    int rc = check_variant(r, path, err);
    if (rc < 0)
        return rc;
    char *text;
    if ((rc = read_text(path, &text, err)) < 0)
        return rc;
    return load_variant(r, path, text, err);
}

int fc_rules_load_variant_text(fc_rules *r, const char *name, const char *text, fc_error *err)
{
    int rc = check_variant(r, name, err);
    if (rc < 0)
        return rc;
    if (!text)
        return fc_error_set(err, FC_EINVAL, "%s: variant text is NULL", name);
    char *copy = dup_str(text);
    if (!copy)
        return fc_error_set(err, FC_ENOMEM, "out of memory");
    return load_variant(r, name, copy, err);
}

/* ---- command line layer ---- */

int fc_rules_set(fc_rules *r, const char *assignment, fc_error *err)
{
    int rc = check_open(r, err);
    if (rc < 0)
        return rc;
    if (!assignment)
        return fc_error_set(err, FC_EINVAL, "--set: assignment is NULL");
    const char *eq = strchr(assignment, '=');
    const char *k = assignment + strspn(assignment, " \t");
    size_t klen = eq ? (size_t)(eq - k) : 0;
    while (klen > 0 && (k[klen - 1] == ' ' || k[klen - 1] == '\t'))
        klen--;
    if (!eq || klen == 0)
        return fc_error_set(err, FC_EPARSE, "--set: expected key=value, found '%.200s'", assignment);
    char key[FC_PARAM_NAME_MAX + 16];
    snprintf(key, sizeof key, "%.*s", (int)klen, k);
    int i = klen < FC_PARAM_NAME_MAX ? find_param(r, key) : -1;
    if (i < 0 && (r->variant_loaded || klen >= FC_PARAM_NAME_MAX))
        return fc_rules_unknown_param(r, "--set", key, err);
    /* values are trimmed like INI values; a STRING keeps its inner spaces */
    const char *v = eq + 1 + strspn(eq + 1, " \t");
    size_t vlen = strlen(v);
    while (vlen > 0 && (v[vlen - 1] == ' ' || v[vlen - 1] == '\t'))
        vlen--;
    char *value = malloc(vlen + 1);
    if (!value)
        return fc_error_set(err, FC_ENOMEM, "out of memory");
    memcpy(value, v, vlen);
    value[vlen] = '\0';
    if (i < 0) { /* maybe the variant's, loaded later: resolved by finish */
        rc = fc_rules_pending_add(r, L_SET, 0, "--set", key, value, err);
        free(value);
        return rc == -1 ? fc_rules_unknown_param(r, "--set", key, err) : rc;
    }
    fc_value parsed;
    rc = fc_param_parse(pdef(r, i), value, "--set", &parsed, err);
    free(value);
    if (rc < 0)
        return rc;
    r->layer[L_SET][i].v = parsed;
    r->layer[L_SET][i].set = true;
    return 0;
}

/* ---- files named by PATH parameters ---- */

/* A PATH value names a file the rule set reads unless it is empty or the schema default (the
 * game's own data file, looked up in its data dir). */
static bool names_user_file(const fc_rules *r, int i)
{
    const fc_param_def *d = &r->p->params[i];
    return d->type == FC_PARAM_PATH && r->values[i].s[0] && strcmp(r->values[i].s, d->def_text ? d->def_text : "") != 0;
}

int fc_rules_set_path_text(fc_rules *r, const char *name, const char *text, fc_error *err)
{
    int rc = check_open(r, err);
    if (rc < 0)
        return rc;
    if (!name || !text)
        return fc_error_set(err, FC_EINVAL, "fc_rules_set_path_text: NULL argument");
    int i = fc_param_find(r->p->params, r->n, name);
    if (i < 0 || r->p->params[i].type != FC_PARAM_PATH)
        return fc_error_set(err, FC_EUNKNOWN, "%s has no file parameter '%.64s'", r->p->id, name);
    char *copy = fc_text_canonical_lines(text);
    if (!copy)
        return fc_error_set(err, FC_ENOMEM, "out of memory");
    free(r->path_text[i]);
    r->path_text[i] = copy;
    return 0;
}

void fc_rules_forbid_files(fc_rules *r)
{
    if (r)
        r->forbid_files = true;
}

/* Reads the file of every PATH parameter that names one (text given beforehand wins), so the
 * game parses text the rule set holds and a record can embed it. */
static int read_path_files(fc_rules *r, fc_error *err)
{
    for (int i = 0; i < r->n; i++) {
        if (!names_user_file(r, i)) {
            free(r->path_text[i]);
            r->path_text[i] = NULL;
            continue;
        }
        if (r->path_text[i])
            continue;
        const char *name = r->p->params[i].name;
        if (r->forbid_files)
            return fc_error_set(err, FC_EINVAL, "%s: %s: the text of '%s' is not embedded (files are not opened here)",
                                r->origin[i], name, r->values[i].s);
        char *raw;
        fc_error e;
        if (fc_textfile_read(r->values[i].s, 4u << 20, FC_EDATA, &raw, &e) < 0)
            return fc_error_set(err, e.code, "%s: %s: %s", r->origin[i], name, e.msg);
        r->path_text[i] = fc_text_canonical_lines(raw);
        free(raw);
        if (!r->path_text[i])
            return fc_error_set(err, FC_ENOMEM, "out of memory");
    }
    return 0;
}

/* Host service for data_load: reached only through r->host, so the rule set is the object
 * that embeds that table. */
static const char *rules_param_text(const fc_host *h, int i, fc_error *err)
{
    const fc_rules *r = (const fc_rules *)(const void *)((const char *)h - offsetof(fc_rules, host));
    if (i < 0 || i >= r->n || r->p->params[i].type != FC_PARAM_PATH) {
        fc_error_set(err, FC_EINVAL, "%s: param_text: parameter %d is not a file parameter", r->p->id, i);
        return NULL;
    }
    return r->path_text[i];
}

/* ---- resolution ---- */

/* The game's cross-parameter check (API minor 3, optional). */
static int check_params(fc_rules *r, const fc_game *g, fc_error *err)
{
    if (!g || r->p->api_minor < 3 || g->struct_size < offsetof(fc_game, params_check) + sizeof g->params_check ||
        !g->params_check)
        return 0;
    uint8_t *given = calloc((size_t)r->n + 1, 1);
    if (!given)
        return fc_error_set(err, FC_ENOMEM, "out of memory");
    for (int i = 0; i < r->n; i++)
        for (int l = 0; l < NLAYERS; l++)
            given[i] |= r->layer[l][i].set;
    fc_error e;
    fc_error_clear(&e);
    int rc = g->params_check(fc_context_host(r->ctx), r->values, given, r->nseats, &e);
    free(given);
    if (rc == 0)
        return 0;
    return fc_error_set(err, rc < 0 ? rc : FC_ERANGE, "%s", e.msg[0] ? e.msg : "the parameters disagree");
}

/* Keys given before the variant was loaded: now each names a parameter or is unknown. In the
 * order given, so a later --set wins as for known keys. */
static int resolve_pending(fc_rules *r, fc_error *err)
{
    for (int k = 0; k < r->npend; k++) {
        const pending *e = &r->pend[k];
        int i = find_param(r, e->key);
        if (i < 0)
            return fc_rules_unknown_param(r, e->where, e->key, err);
        slot *s = &r->layer[e->layer][i];
        if (e->layer == L_INI && s->set)
            return fc_error_set(err, FC_EPARSE, "%s: '%s' is set twice (first on line %d)", e->where, e->key, s->line);
        int rc = fc_param_parse(pdef(r, i), e->value, e->where, &s->v, err);
        if (rc < 0)
            return rc;
        s->set = true;
        s->line = e->line;
    }
    r->npend = 0;
    return 0;
}

int fc_rules_finish(fc_rules *r, fc_error *err)
{
    int rc = check_open(r, err);
    if (rc < 0)
        return rc;
    if ((rc = resolve_pending(r, err)) < 0)
        return rc;
    for (int i = 0; i < nall(r); i++) {
        if ((rc = fc_param_default(pdef(r, i), &r->values[i], err)) < 0)
            return rc;
        snprintf(r->origin[i], ORIGIN_MAX, "default");
        for (int l = 0; l < NLAYERS; l++) {
            const slot *s = &r->layer[l][i];
            if (!s->set)
                continue;
            r->values[i] = s->v;
            if (l == L_INI)
                snprintf(r->origin[i], ORIGIN_MAX, "%s:%d", r->ini_path, s->line);
            else if (l == L_VARIANT)
                snprintf(r->origin[i], ORIGIN_MAX, "%s:%d", r->variant_path, s->line);
            else
                snprintf(r->origin[i], ORIGIN_MAX, "--set");
        }
    }
    if ((rc = read_path_files(r, err)) < 0)
        return rc;
    const fc_game *g = r->p->game;
    if ((rc = check_params(r, g, err)) < 0)
        return rc;
    if (g && g->data_load) {
        fc_error e;
        fc_error_clear(&e);
        void *data = NULL;
        r->host = *fc_context_host(r->ctx);
        r->host.param_text = rules_param_text;
        rc = g->data_load(&r->host, r->values, r->nseats, fc_context_game_datadir(r->ctx, r->p), &data, &e);
        if (rc != 0) {
            if (data && g->data_free)
                g->data_free(data);
            if (rc > 0)
                rc = FC_EDATA;
            const char *dd = fc_context_game_datadir(r->ctx, r->p);
            if (!dd || !dd[0]) /* say why the files were not found, not only which */
                return fc_error_set(err, rc, "%s: no data folder found for the game (looked for data/ next to its plugin "
                                    "and the install data folder): %.300s", r->p->id, e.msg[0] ? e.msg : fc_error_name(rc));
            if (e.msg[0])
                return fc_error_set(err, rc, "%s", e.msg);
            return fc_error_set(err, rc, "%s: loading the game data failed (%s)", r->p->id, fc_error_name(rc));
        }
        r->data = data;
    }
    r->finished = true;
    return 0;
}

fc_rules *fc_rules_finish_or_free(fc_rules *r, int rc, fc_error *err)
{
    if (rc == 0)
        rc = fc_rules_finish(r, err);
    if (rc == 0)
        return r;
    if (err && !err->msg[0])
        fc_error_set(err, rc, "%s", fc_error_name(rc));
    fc_rules_free(r);
    return NULL;
}

/* ---- accessors ---- */

const fc_plugin *fc_rules_plugin(const fc_rules *r) { return r ? r->p : NULL; }
fc_context *fc_rules_context(const fc_rules *r) { return r ? r->ctx : NULL; }
int fc_rules_nseats(const fc_rules *r) { return r ? r->nseats : 0; }
/* NULL until finish: callers (fc_match_new) use that to refuse unfinished rules. */
const fc_value *fc_rules_values(const fc_rules *r) { return r && r->finished ? r->values : NULL; }

const char *fc_rules_origin(const fc_rules *r, int i)
{
    return r && r->finished && i >= 0 && i < nall(r) ? r->origin[i] : "";
}

int fc_rules_param_count(const fc_rules *r) { return r ? nall(r) : 0; }

const fc_param_def *fc_rules_param_def(const fc_rules *r, int i)
{
    return r && i >= 0 && i < nall(r) ? pdef(r, i) : NULL;
}

const char *fc_rules_name(const fc_rules *r) { return r ? r->name : ""; }

int fc_rules_set_name(fc_rules *r, const char *name, fc_error *err)
{
    if (!r || !name || !*name || strlen(name) >= sizeof r->name || strpbrk(name, "\r\n"))
        return fc_error_set(err, FC_EINVAL, "rule-set name must be one line of 1 to %d characters",
                            r ? (int)sizeof r->name - 1 : 0);
    if (r->finished)
        return fc_error_set(err, FC_ESTATE, "the rule set is finished and can no longer change");
    snprintf(r->name, sizeof r->name, "%s", name);
    return FC_OK;
}
const char *fc_rules_variant_name(const fc_rules *r) { return r ? r->variant_name : "none"; }
const char *fc_rules_variant_path(const fc_rules *r) { return r ? r->variant_path : NULL; }
const char *fc_rules_variant_text(const fc_rules *r) { return r ? r->variant_text : NULL; }
uint64_t fc_rules_variant_hash(const fc_rules *r) { return r ? r->variant_hash : 0; }
uint64_t fc_rules_variant_hooks(const fc_rules *r) { return r ? r->variant_hooks : 0; }
int fc_rules_tuned_seats(const fc_rules *r) { return r ? r->ntuned : 0; }
const char *fc_rules_tuned_agent(const fc_rules *r, int seat)
{
    return r && seat >= 0 && seat < r->ntuned ? r->tuned[seat] : NULL;
}
const void *fc_rules_data(const fc_rules *r) { return r ? r->data : NULL; }

const char *fc_rules_path_text(const fc_rules *r, int i)
{
    return r && r->finished && i >= 0 && i < r->n ? r->path_text[i] : NULL;
}
