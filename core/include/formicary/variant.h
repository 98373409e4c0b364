/* Lua 5.4 variants in a sandbox (docs/lua-api.md). A variant script declares metadata with
 * variant{name=…, description=…, game=…}, sets parameters with set(name, value), declares its
 * own integer parameters with param(name, default, lo, hi, doc) and registers
 * hook functions with hook(name, fn) on the hook points its game declares. The sandbox offers
 * only pruned base, string, table, math and utf8; text chunks only; a memory cap; an
 * instruction budget that the script's own pcall cannot swallow; math.random bound to a
 * deterministic stream; deterministic pairs(). Every error is "file:line: message". */
#ifndef FORMICARY_VARIANT_H
#define FORMICARY_VARIANT_H

#include <stddef.h>
#include <stdint.h>

#include "formicary/game.h"

#define FC_LUA_MEM_LIMIT (32u << 20)        /* bytes per Lua state */
#define FC_LUA_LOAD_BUDGET 50000000L       /* VM instructions for running the script body */
#define FC_LUA_CALL_BUDGET 5000000L        /* VM instructions per hook call */
/* Work inside C library calls is charged against the same budget (docs/lua-api.md, "Cost"):
 * one unit per FC_LUA_BYTES_PER_UNIT bytes allocated or scanned, one per element moved or
 * compared, one per pattern-matcher step. */
#define FC_LUA_BYTES_PER_UNIT 8
/* Wall-clock backstop of a call: FC_LUA_WALL_MS_PER_MINSTR ms per million budget units, at
 * least FC_LUA_WALL_MS_MIN (1 s per hook call, 10 s for a script body); x30 under
 * FC_UNDER_VALGRIND, x4 under FC_UNDER_SANITIZER. */
#define FC_LUA_WALL_MS_PER_MINSTR 200L
#define FC_LUA_WALL_MS_MIN 1000L
/* Budget units all hook calls of one replayed record may use together (fc_hooks_set_total_budget):
 * a record, whose parameter lines anyone can edit, cannot make a replay run for ever. */
#define FC_LUA_REPLAY_BUDGET 2000000000L

typedef struct fc_variant_meta {
    char name[64];
    char description[256];
    char game[64];
    int line; /* line of the variant{} call */
} fc_variant_meta;

typedef struct fc_variant_setting {
    char key[FC_PARAM_NAME_MAX];
    char value[FC_PARAM_STR_MAX]; /* as text, parsed against the schema by the caller */
    int line;
} fc_variant_setting;

#define FC_VARIANT_MAX_SETTINGS 64

/* An integer parameter the variant declares with param(name, default, lo, hi, doc): it joins
 * the rule set's schema after the game's own (fc_rules_param_def) and hooks read its resolved
 * value as params.<name>. Integers only: hooks take and return integers. */
typedef struct fc_variant_param {
    char name[FC_PARAM_NAME_MAX];
    int64_t def, lo, hi;
    char doc[160];
    int line;
} fc_variant_param;

#define FC_VARIANT_MAX_PARAMS 16

typedef struct fc_variant_probe_result {
    fc_variant_meta meta;
    int nsettings;
    fc_variant_setting settings[FC_VARIANT_MAX_SETTINGS];
    uint64_t hooks_mask; /* hook points registered */
    /* Per registered hook point h (bit h of hooks_mask): the line of the hook() call and the
     * Lua function's declared parameters, for `formicary variant check`. */
    int hook_line[64];
    unsigned char hook_nparams[64];
    unsigned char hook_vararg[64];
    int nparams; /* param() declarations, in order */
    fc_variant_param params[FC_VARIANT_MAX_PARAMS];
} fc_variant_probe_result;

/* Runs a variant's body in a fresh sandbox to collect metadata, settings and registered
 * hooks. `chunkname` names the file in messages. plugin may be NULL (then hook names are not
 * checked and game() accessors are unavailable). */
int fc_variant_probe(const fc_plugin *plugin, const char *chunkname, const char *text, fc_variant_probe_result *out,
                     fc_error *err);

/* A match's variant runtime: one lua_State with the script's hooks registered. */
typedef struct fc_hooks fc_hooks;

fc_hooks *fc_hooks_new(const fc_plugin *plugin, const char *chunkname, const char *text, fc_error *err);
void fc_hooks_free(fc_hooks *h);
uint64_t fc_hooks_mask(const fc_hooks *h);
/* The resolved values of the variant's declared parameters (params.<name> in hooks), in
 * declaration order; n must be the number declared. Until called, hooks read the defaults.
 * Call before the first hook call (a match's values are constant). */
int fc_hooks_set_params(fc_hooks *h, const fc_value *values, int n, fc_error *err);
/* Calls hook point `hook` (see fc_host.hook_int). The script's math.random stream is seeded
 * from the state's bytes, so a hook is a pure function of the state and its arguments. */
int64_t fc_hooks_call(fc_hooks *h, const fc_env *env, int hook, void *st, const int64_t *args, int nargs,
                      int64_t dflt);
/* out[i] = fc_hooks_call(..., args + i * nargs, nargs, dflt) for i < count, the same results,
 * errors and reports; a memoizable hook's answers to a whole list are kept, so asking about
 * the same list again costs one comparison (fc_host.hook_ints). Returns 0, or -1 when a call
 * recorded an error. */
int fc_hooks_call_many(fc_hooks *h, const fc_env *env, int hook, void *st, const int64_t *args, int nargs, int count,
                       int64_t dflt, int64_t *out);
/* Number of hook calls so far, and "file:line: hook NAME" (the function's definition) of the
 * last one ("" if none): the core names the script when the game refuses a decision it listed
 * while hooks were running. */
unsigned long fc_hooks_calls(const fc_hooks *h);
void fc_hooks_last(fc_hooks *h, char *buf, size_t n);
/* The first error since the last clear ("" if none), as "file:line: message". */
const char *fc_hooks_error(const fc_hooks *h);
void fc_hooks_clear_error(fc_hooks *h);
/* Limits the budget units all later hook calls may use together (0 = no limit, the default).
 * Once used up, every call fails with "file: the hooks' budget of N units for this replay is
 * used up" and the game gets the default answer. */
void fc_hooks_set_total_budget(fc_hooks *h, long units);

#endif
