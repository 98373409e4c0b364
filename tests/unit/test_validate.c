/* The loader's checks of a plugin's descriptor (validate in context.c), each refusal pinned word
 * for word: the fixture tests/unit/validate/bad_fields.so spoils its descriptor in the way
 * FC_BAD_FIELD names (every check validate makes), and each load must give this code and message
 * (the path aside; sizes and limits from the headers), the unspoilt one none. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "formicary/context.h"
#include "formicary/game.h"

#ifndef FC_BUILD_ROOT
#define FC_BUILD_ROOT "."
#endif

typedef struct refusal {
    const char *field; /* FC_BAD_FIELD */
    int code;
    const char *fmt; /* the message after "PATH: ", with the sizes and limits a, b as %zu */
    size_t a, b;
} refusal;

#define PLUGIN_MIN offsetof(fc_plugin, rules_text)
static const refusal refusals[] = {
    {"", 0, "", 0, 0},
    {"struct_size", FC_EABI, "expected plugin descriptor of %zu bytes (version 1), found 16 bytes (version 1)", PLUGIN_MIN, 0},
    {"struct_version", FC_EABI, "expected plugin descriptor of %zu bytes (version 1), found %zu bytes (version 0)",
     PLUGIN_MIN, sizeof(fc_plugin)},
    {"abi", FC_EABI, "expected ABI 1, found 999", 0, 0},
    {"minor_newer", FC_EABI, "expected API minor <= %zu, found %zu (plugin is newer than this host)", FC_API_MINOR,
     FC_API_MINOR + 1},
    {"minor6_size", FC_EABI, "expected plugin descriptor of %zu bytes for API minor 6, found %zu bytes",
     FC_PLUGIN_SIZE_MINOR_6, FC_PLUGIN_SIZE_MINOR_6 - 4},
    {"nimports", FC_EPLUGIN, "expected 0..16 import formats with a table, found 17", 0, 0},
    {"import_read", FC_EPLUGIN, "expected import format 0 with a name, detect and read", 0, 0},
    {"id_null", FC_EPLUGIN, "expected id, name and version strings, found NULL", 0, 0},
    {"id_case", FC_EPLUGIN, "expected a lower-case id, found 'Bad Id'", 0, 0},
    {"seats", FC_EPLUGIN, "expected seat range within 1..%zu, found 0..2", FC_MAX_SEATS, 0},
    {"nhooks", FC_EPLUGIN, "expected 0..64 hook points, found 65", 0, 0},
    {"hooks_minor0", FC_EABI, "expected API minor >= 1 for hook points (result ranges), found 0", 0, 0},
    {"hook_range", FC_EPLUGIN, "expected hook 0 with a name and a result range lo < hi, found 3..3", 0, 0},
    {"queries", FC_EPLUGIN, "expected tables for declared queries/actions/params, found NULL", 0, 0},
    {"game_null", FC_EPLUGIN, "expected a game vtable, found NULL", 0, 0},
    {"game_size", FC_EABI, "expected game vtable of %zu bytes, found 8", FC_GAME_SIZE_MINOR_13, 0},
    {"state_size", FC_EPLUGIN, "expected state_size > 0 and max_decisions > 0, found 0 and 1", 0, 0},
    {"init", FC_EPLUGIN, "expected callback game->init, found NULL", 0, 0},
    {"view", FC_EPLUGIN, "expected callback game->view, found NULL", 0, 0},
    {"weights", FC_EPLUGIN, "expected both eval_weights and evaluate_weighted or neither, found one", 0, 0},
    {"kinds", FC_EPLUGIN, "expected kinds (1..%zu names) with decision_kind or neither, found 1 kinds and none",
     FC_MAX_KINDS, 0},
    {"kind_name", FC_EPLUGIN, "expected kind 0 to be a name of 1..23 characters", 0, 0},
    {"data_free", FC_EPLUGIN, "expected callback game->data_free with data_load, found NULL", 0, 0},
    {"params", FC_EPLUGIN, "bad parameter schema: parameter 1 has no name", 0, 0},};

static void test_refusals(void **state)
{
    (void)state;
    char path[1024];
    snprintf(path, sizeof path, "%s/tests/unit/validate/bad_fields.so", FC_BUILD_ROOT);
    int bad = 0;
    for (size_t i = 0; i < sizeof refusals / sizeof refusals[0]; i++) {
        const refusal *r = &refusals[i];
        setenv("FC_BAD_FIELD", r->field, 1);
        fc_context *ctx = fc_context_new();
        fc_error err;
        fc_error_clear(&err);
        int rc = fc_context_load(ctx, path, &err);
        fc_context_free(ctx);
        size_t plen = strlen(path);
        const char *msg = rc == 0 ? "" : strncmp(err.msg, path, plen) == 0 && err.msg[plen] == ':' ? err.msg + plen + 2 : err.msg;
        char want[512];
        snprintf(want, sizeof want, r->fmt, r->a, r->b);
        if (rc != r->code || strcmp(msg, want) != 0) {
            print_message("%s: %d '%s', expected %d '%s'\n", r->field[0] ? r->field : "(none)", rc, msg, r->code, want);
            bad++;
        }
    }
    unsetenv("FC_BAD_FIELD");
    if (bad)
        fail_msg("%d refusals changed", bad);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
