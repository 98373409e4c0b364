/* `formicary rules GAME`: a game's parameter schema, hook points and Lua functions, and with
 * --rules/--variant/--set the resolved values and where each came from; with --text [ID|TOPIC]
 * the game's rules reference (compiled into the plugin), whole or one rule or topic. */
#include <string.h>

#include "cli.h"
#include "formicary/tiers.h"
#include "formicary/rules_text.h"

const cli_optdef cli_opts_rules[] = {
    {"--seats", "N", false, "number of players to resolve for (default: the game's minimum)"},
    {"--rules", "F.ini|NAME", false, "rule set to resolve: a file, or a shipped one by name (config/GAME/NAME.ini)"},
    {"--variant", "F.lua", false, "Lua variant to resolve"},
    {"--set", "KEY=VALUE", true, "override one parameter"},
    {"--text", NULL, false, "print the rules reference instead; formicary rules GAME --text ID|TOPIC prints one rule "
                            "(R-12) or topic (a heading: births, glossary)"},
    {NULL, NULL, false, NULL},
};

static const char *const cli_param_type_names[] = {
#define FC_X_NAME(name, text) text,
    FC_PARAM_TYPES(FC_X_NAME)
#undef FC_X_NAME
};

static void cli_rules_fns(const char *title, const fc_lua_fn *fns, int n)
{
    printf("\n%s:\n", title);
    if (n == 0) {
        printf("  (none)\n");
        return;
    }
    cli_table t;
    cli_table_init(&t, 2);
    for (int i = 0; i < n; i++)
        cli_table_add(&t, fns[i].name, fns[i].doc);
    cli_table_print(&t, stdout, "  ");
    cli_table_free(&t);
}

/* --text: the whole reference, or the rule or section a query names. */
static int cli_rules_text(const fc_plugin *p, const char *query)
{
    const char *text = fc_plugin_rules_text(p);
    if (!text)
        return cli_fail("rules %s --text: the %s plugin carries no rules text", p->id, p->id);
    if (!query) {
        fputs(text, stdout);
        if (text[0] && text[strlen(text) - 1] != '\n')
            fputc('\n', stdout);
        return CLI_EXIT_OK;
    }
    fc_rules_span span;
    if (fc_rules_text_find(text, query, &span) != 0) {
        char hint[64];
        if (fc_rules_text_suggest(text, query, hint, sizeof hint) == 0)
            return cli_fail("rules %s --text: no rule or topic '%s' in the %s rules; did you mean '%s'?", p->id, query,
                            p->name, hint);
        return cli_fail("rules %s --text: no rule or topic '%s' in the %s rules (try a rule id like R-12, a heading "
                        "word, or glossary)",
                        p->id, query, p->name);
    }
    fwrite(span.start, 1, span.len, stdout);
    fputc('\n', stdout);
    return CLI_EXIT_OK;
}

/* The game's difficulty tiers with their agents and measured ratings. */
static int cli_rules_tiers(const char *game)
{
    fc_tiers tiers;
    fc_error err;
    fc_error_clear(&err);
    int rc = cli_tiers(game, &tiers, &err);
    if (rc < 0)
        return cli_fail("%s", err.msg);
    if (rc == 1)
        return 0;
    printf("\ndifficulty tiers (--seats human,hard; Elo on the game's ladder, random = 0, 95%% interval):\n");
    cli_table t;
    cli_table_init(&t, 4);
    cli_table_add(&t, "tier", "agent", "Elo", "doc");
    for (int i = 0; i < tiers.n; i++) {
        const fc_tier *tr = &tiers.tier[i];
        char elo[64] = "not measured";
        if (tr->rated)
            snprintf(elo, sizeof elo, "%+.0f [%+.0f, %+.0f]", tr->elo, tr->elo_lo, tr->elo_hi);
        cli_table_add(&t, tr->name, tr->agent, elo, tr->doc);
    }
    cli_table_print(&t, stdout, "  ");
    cli_table_free(&t);
    return 0;
}

/* The parameter table: with a rule set r (NULL: the plugin's schema alone), each value and where
 * it came from, the variant's declared parameters after the game's. */
static void cli_rules_params(const fc_plugin *p, const fc_rules *r)
{
    printf("\nparameters:\n");
    cli_table t;
    cli_table_init(&t, r ? 7 : 5);
    if (r)
        cli_table_add(&t, "name", "type", "default", "range", "value", "origin", "doc");
    else
        cli_table_add(&t, "name", "type", "default", "range", "doc");
    /* with a rule set, the variant's declared parameters follow the game's */
    int np = r ? fc_rules_param_count(r) : p->nparams;
    for (int i = 0; i < np; i++) {
        const fc_param_def *d = r ? fc_rules_param_def(r, i) : &p->params[i];
        char def[FC_PARAM_STR_MAX + 8] = "?", range[128] = "?", val[FC_PARAM_STR_MAX + 8] = "";
        fc_value v;
        memset(&v, 0, sizeof v);
        if (fc_param_default(d, &v, NULL) == 0)
            fc_param_format(d, &v, def, sizeof def);
        fc_param_range_text(d, range, sizeof range);
        const char *type = (unsigned)d->type < sizeof cli_param_type_names / sizeof cli_param_type_names[0]
                               ? cli_param_type_names[d->type]
                               : "?";
        if (r) {
            fc_param_format(d, &fc_rules_values(r)[i], val, sizeof val);
            const char *origin = fc_rules_origin(r, i);
            char vorigin[400];
            if (i >= p->nparams && strcmp(origin, "default") == 0) { /* say whose default it is */
                snprintf(vorigin, sizeof vorigin, "default (variant %s)", fc_rules_variant_name(r));
                origin = vorigin;
            }
            cli_table_add(&t, d->name, type, def, range, val, origin, d->doc);
        } else {
            cli_table_add(&t, d->name, type, def, range, d->doc);
        }
    }
    if (np == 0)
        printf("  (none)\n");
    else
        cli_table_print(&t, stdout, "  ");
    cli_table_free(&t);
}

/* Hook points, Lua queries and actions, and the kinds of decision the game names. */
static void cli_rules_hooks_and_kinds(const fc_plugin *p)
{
    cli_table t;
    printf("\nhook points:\n");
    cli_table_init(&t, 3);
    if (p->nhooks > 0)
        cli_table_add(&t, "name", "valid result", "doc");
    for (int i = 0; i < p->nhooks; i++) {
        char range[48];
        if (p->hooks[i].lo == FC_HOOK_ANY_LO && p->hooks[i].hi == FC_HOOK_ANY_HI)
            snprintf(range, sizeof range, "any (ignored)");
        else
            snprintf(range, sizeof range, "%lld..%lld", (long long)p->hooks[i].lo, (long long)p->hooks[i].hi);
        cli_table_add(&t, p->hooks[i].name, range, p->hooks[i].doc);
    }
    if (p->nhooks == 0)
        printf("  (none)\n");
    cli_table_print(&t, stdout, "  ");
    cli_table_free(&t);
    cli_rules_fns("Lua queries", p->queries, p->nqueries);
    cli_rules_fns("Lua actions", p->actions, p->nactions);
    const char *const *kinds;
    int nkinds = fc_plugin_kinds(p, &kinds);
    printf("\nkinds of decision (agent key restrict=KIND+KIND, --restrict, formicary probe):\n");
    if (nkinds == 0)
        printf("  (none named: the plugin predates API minor 10)\n");
    for (int i = 0; i < nkinds; i++)
        printf("%s%s", i == 0 ? "  " : i % 8 ? ", " : ",\n  ", kinds[i]);
    printf("%s", nkinds ? "\n" : "");
}

int cli_cmd_rules(cli *c)
{
    if (c->npos > 1 && !cli_flag(c, "--text"))
        return cli_usage("rules: unexpected argument '%s' (a rule or topic goes with --text: formicary rules %s --text %s)",
                         c->pos[1], c->pos[0], c->pos[1]);
    int nseats = 0;
    if (!cli_opt_int(c, "--seats", 1, FC_MAX_SEATS, 0, &nseats))
        return CLI_EXIT_USAGE;
    fc_context *ctx = cli_context(c, NULL, 0);
    if (!ctx)
        return CLI_EXIT_FAIL;
    fc_error err;
    fc_error_clear(&err);
    const fc_plugin *p = fc_context_find(ctx, c->pos[0], &err);
    if (!p) {
        fc_context_free(ctx);
        return cli_fail("%s", err.msg);
    }
    if (cli_flag(c, "--text")) {
        int rc = cli_rules_text(p, c->npos > 1 ? c->pos[1] : NULL);
        fc_context_free(ctx);
        return rc;
    }
    bool resolve = cli_opt(c, "--rules") || cli_opt(c, "--variant") || cli_opt_count(c, "--set") > 0 ||
                   cli_opt(c, "--seats");
    fc_rules *r = NULL;
    if (resolve && !(r = cli_rules(c, ctx, p->id, nseats))) {
        fc_context_free(ctx);
        return CLI_EXIT_FAIL;
    }

    printf("%s - %s (%s), %d-%d players\n%s\n", p->id, p->name, p->version, p->min_seats, p->max_seats,
           p->summary ? p->summary : "");
    if (p->help && p->help[0])
        printf("\n%s%s", p->help, p->help[strlen(p->help) - 1] == '\n' ? "" : "\n");
    if (r)
        printf("\nrule set %s, variant %s, %d seats\n", fc_rules_name(r), fc_rules_variant_name(r),
               fc_rules_nseats(r));

    char shipped[1024];
    cli_shipped_rulesets(p->id, shipped, sizeof shipped);
    printf("\nshipped rule sets (--rules NAME): %s\n", shipped[0] ? shipped : "none");
    cli_shipped_variants(p->id, shipped, sizeof shipped);
    printf("shipped variants (--variant NAME; formicary variant list %s): %s\n", p->id, shipped[0] ? shipped : "none");

    if (cli_rules_tiers(p->id) != 0) {
        fc_rules_free(r);
        fc_context_free(ctx);
        return CLI_EXIT_FAIL;
    }

    cli_rules_params(p, r);
    cli_rules_hooks_and_kinds(p);

    if (r)
        fc_rules_free(r);
    fc_context_free(ctx);
    return CLI_EXIT_OK;
}
