/* Fixture for the loader's checks of a descriptor (test_validate): a complete mini game whose
 * descriptor FC_BAD_FIELD=NAME spoils in one way per NAME (see the table of test_validate.c),
 * or none when it is unset. Kept out of tests/fixtures, whose scan (one folder deep) would load it. */
#include <stdlib.h>

#include "../../fixtures/mini_game.h"

static int noop_eval_weights(const fc_env *env, const fc_eval_weight **out)
{
    (void)env, (void)out;
    return 0;
}

static int noop_data_load(const fc_host *host, const fc_value *params, int nseats, const char *datadir, void **data,
                          fc_error *err)
{
    (void)host, (void)params, (void)nseats, (void)datadir, (void)err;
    *data = NULL;
    return 0;
}

static int noop_kind(const void *st, const fc_env *env, fc_decision d)
{
    (void)st, (void)env, (void)d;
    return 0;
}

static fc_game game;
static fc_plugin plugin;
static fc_hook_def hooks[1];
static fc_import_format imports[1];
static fc_param_def params[1];
static const char *kinds[1];

FC_EXPORT const fc_plugin *fc_plugin_query(uint32_t host_abi_major, uint32_t host_api_minor);
FC_EXPORT const fc_plugin *fc_plugin_query(uint32_t host_abi_major, uint32_t host_api_minor)
{
    (void)host_abi_major, (void)host_api_minor;
    static const fc_game g0 = MINI_GAME(mini_apply);
    static const fc_plugin p0 = MINI_PLUGIN(FC_ABI_MAJOR, FC_API_MINOR, "bad_fields", NULL, NULL);
    game = g0;
    plugin = p0;
    plugin.game = &game;
    memset(hooks, 0, sizeof hooks);
    memset(imports, 0, sizeof imports);
    memset(params, 0, sizeof params);
    const char *f = getenv("FC_BAD_FIELD");
    f = f ? f : "";
#define IS(name) (strcmp(f, name) == 0)
    if (IS("struct_size"))
        plugin.struct_size = 16;
    else if (IS("struct_version"))
        plugin.struct_version = 0;
    else if (IS("abi"))
        plugin.abi_major = 999;
    else if (IS("minor_newer"))
        plugin.api_minor = FC_API_MINOR + 1;
    else if (IS("minor6_size"))
        plugin.api_minor = 6, plugin.struct_size = FC_PLUGIN_SIZE_MINOR_6 - 4;
    else if (IS("nimports"))
        plugin.nimports = 17;
    else if (IS("import_read"))
        plugin.nimports = 1, plugin.imports = imports, imports[0].name = "x";
    else if (IS("id_null"))
        plugin.id = NULL;
    else if (IS("id_case"))
        plugin.id = "Bad Id";
    else if (IS("seats"))
        plugin.min_seats = 0;
    else if (IS("nhooks"))
        plugin.nhooks = 65;
    else if (IS("hooks_minor0"))
        plugin.api_minor = 0, plugin.nhooks = 1, plugin.hooks = hooks;
    else if (IS("hook_range"))
        plugin.nhooks = 1, plugin.hooks = hooks, hooks[0].name = "h", hooks[0].lo = 3, hooks[0].hi = 3;
    else if (IS("queries"))
        plugin.nqueries = 1;
    else if (IS("game_null"))
        plugin.game = NULL;
    else if (IS("game_size"))
        game.struct_size = 8;
    else if (IS("state_size"))
        game.state_size = 0;
    else if (IS("init"))
        game.init = NULL;
    else if (IS("view"))
        game.view = NULL;
    else if (IS("weights"))
        game.eval_weights = noop_eval_weights;
    else if (IS("kinds"))
        game.kinds = kinds, game.nkinds = 1, kinds[0] = "k";
    else if (IS("kind_name"))
        game.kinds = kinds, game.nkinds = 1, game.decision_kind = noop_kind, kinds[0] = "";
    else if (IS("data_free"))
        game.data_load = noop_data_load;
    else if (IS("params"))
        plugin.nparams = 1, plugin.params = params;
#undef IS
    return &plugin;
}
