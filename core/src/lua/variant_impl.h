/* Private to core/src/lua: the state of a variant (its sandbox, declared parameters, hook
 * table) and of a match's hook runtime (memoized results), shared by the script API
 * (variant.c) and the hook calls (variant_hooks.c). */
#ifndef FC_VARIANT_IMPL_H
#define FC_VARIANT_IMPL_H

#include <stdint.h>

#include "formicary/params.h"
#include "formicary/variant.h"
#include "sandbox.h"

#define VR_MAX_ARGS 16

typedef struct fc_vrt {
    fc_sandbox *sb;
    const fc_plugin *plugin;
    fc_variant_probe_result *res;
    int declared;
    int loaded; /* the body ran: variant(), set(), param() and hook() are refused from now on */
    int64_t pvals[FC_VARIANT_MAX_PARAMS]; /* params.<name>: the defaults until fc_hooks_set_params */
    int hooks_ref; /* registry: table of hook functions, hook index + 1 -> function */
    /* the hook call in progress (cur_hook < 0: none) */
    int cur_hook;
    void *st;
    const fc_env *env;
} fc_vrt;

/* Results of hook functions without upvalues. Such a function cannot reach _ENV, so no query,
 * no math.random, no action: with the sandbox's purity (lua-api.md) its result depends on its
 * arguments alone and a successful result can be reused; errors and out-of-range results are
 * never stored, so they are raised and reported on every call as before. Direct-mapped. */
#define VR_MEMO_SIZE 2048
#define VR_MEMO_ARGS 6
typedef struct vr_memo {
    int64_t args[VR_MEMO_ARGS];
    int64_t out;
    int16_t hook; /* -1: empty */
    uint8_t nil;  /* the hook returned nil: the caller's default applies */
} vr_memo;

/* Whole-list results of memoizable hooks (fc_hooks_call_many): a game that asks one hook point
 * about every candidate of a list (Marabunta's split filter, 63 or 301 splits per decision)
 * usually asks about the same list again, so the list and its answers are kept and compared
 * exactly. A few slots, replaced in turn. */
#define VR_BATCH_SLOTS 4
#define VR_BATCH_COUNT 512
#define VR_BATCH_ARGS 1024
typedef struct vr_batch {
    int16_t hook; /* -1: empty */
    int16_t nargs;
    int count;
    int64_t dflt; /* a nil answer became this default: lists asked with another are not the same */
    int64_t args[VR_BATCH_ARGS];
    int64_t out[VR_BATCH_COUNT];
} vr_batch;

struct fc_hooks {
    fc_vrt rt;
    fc_variant_probe_result res;
    unsigned long calls;
    long total_budget, total_spent; /* fc_hooks_set_total_budget; 0: no limit */
    int last; /* hook point of the last call, -1 none */
    signed char pure[64]; /* per hook point: 0 not yet known, 1 memoizable, -1 not */
    vr_memo memo[VR_MEMO_SIZE];
    vr_batch batch[VR_BATCH_SLOTS];
    int batch_next; /* the slot replaced next */
    char error[FC_ERROR_MSG_MAX];
};

#endif
