/* Private to the rule sets (rules.c, rules_ini.c): the rule set's layers and the helpers the
 * layers share. */
#ifndef FC_RULES_IMPL_H
#define FC_RULES_IMPL_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formicary/rules.h"
#include "formicary/variant.h"
#include "textfile.h"

enum { L_INI, L_VARIANT, L_SET, NLAYERS };

#define ORIGIN_MAX 320
#define RULES_NAME_MAX 128

typedef struct slot {
    bool set;
    int line;
    fc_value v;
} slot;

/* An INI key or --set naming no parameter known yet: a variant loaded later may declare it,
 * so it is resolved (or refused as unknown) by fc_rules_finish. */
typedef struct pending {
    int layer, line;
    char key[FC_PARAM_NAME_MAX];
    char value[FC_PARAM_STR_MAX];
    char where[ORIGIN_MAX];
} pending;

struct fc_rules {
    fc_context *ctx;
    const fc_plugin *p;
    int nseats, n;        /* n: the game's parameters */
    int nv;               /* the variant's declared parameters, after the game's (index n + k) */
    fc_param_def *vdefs;  /* nv definitions; names and docs point into vparams */
    fc_variant_param *vparams;
    pending *pend;
    int npend;
    bool ini_loaded, variant_loaded, finished;
    slot *layer[NLAYERS]; /* n + nv slots each */
    fc_value *values;     /* resolved by finish: the game's n (what the plugin sees), then nv */
    char (*origin)[ORIGIN_MAX];
    char *ini_path;
    char name[RULES_NAME_MAX];
    char description[256];
    char *variant_path; /* file path, or the name given with the text */
    char *variant_text;
    char variant_name[64];
    uint64_t variant_hash;
    uint64_t variant_hooks; /* hook points the variant registers */
    char tuned[FC_MAX_SEATS][FC_RULES_TUNED_MAX]; /* [ruleset] tuned_agent_K, "" where not given */
    int ntuned;
    char **path_text;   /* n entries: text of each PATH parameter's file, or NULL */
    bool forbid_files;  /* PATH texts come from fc_rules_set_path_text only (records) */
    fc_host host;       /* the host table handed to data_load, with param_text for this rule set */
    void *data;
};

static inline char *dup_str(const char *s)
{
    size_t len = strlen(s);
    char *d = malloc(len + 1);
    if (d)
        memcpy(d, s, len + 1);
    return d;
}

/* File name without directory and last extension ("cfg/std.ini" -> "std"). */
static inline void path_stem(const char *path, char *out, size_t n)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    const char *dot = strrchr(base, '.');
    size_t len = dot && dot != base ? (size_t)(dot - base) : strlen(base);
    snprintf(out, n, "%.*s", (int)len, base);
}

/* Rule sets and variants are small; anything larger is a mistake, not a rule set. */
static inline int read_text(const char *path, char **out, fc_error *err)
{
    return fc_textfile_read(path, 4u << 20, FC_EPARSE, out, err);
}

/* Definition of parameter i: the game's, then the variant's. */
static inline const fc_param_def *pdef(const fc_rules *r, int i)
{
    return i < r->n ? &r->p->params[i] : &r->vdefs[i - r->n];
}

static inline int nall(const fc_rules *r) { return r->n + r->nv; }

static inline int find_param(const fc_rules *r, const char *name)
{
    int i = fc_param_find(r->p->params, r->n, name);
    if (i < 0 && r->nv > 0 && (i = fc_param_find(r->vdefs, r->nv, name)) >= 0)
        i += r->n;
    return i;
}

static inline slot *new_slots(int n)
{
    return calloc((size_t)(n > 0 ? n : 1), sizeof(slot));
}

static inline int check_open(const fc_rules *r, fc_error *err)
{
    if (!r)
        return fc_error_set(err, FC_EINVAL, "rule set is NULL");
    if (r->finished)
        return fc_error_set(err, FC_ESTATE, "the rule set is finished and can no longer change");
    return 0;
}

/* Keeps a key no parameter answers yet (see pending): 0, -1 when no parameter could have it
 * (too long), or an error code. */
int fc_rules_pending_add(fc_rules *r, int layer, int line, const char *where, const char *key, const char *value,
                         fc_error *err);
/* Writes the "unknown parameter" error with the closest names, or all names if none is close. */
int fc_rules_unknown_param(const fc_rules *r, const char *where, const char *key, fc_error *err);

#endif
