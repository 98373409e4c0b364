/* `formicary list` and `formicary plugins`: what the plugin scan found. */
#include <stdio.h>
#include <string.h>

#include "cli.h"

const cli_optdef cli_opts_list[] = {{NULL, NULL, false, NULL}};

const cli_optdef cli_opts_plugins[] = {
    {"--path", "DIR", true, "also scan DIR (like --plugin-path)"},
    {NULL, NULL, false, NULL},
};

int cli_cmd_list(cli *c)
{
    fc_context *ctx = cli_context(c, NULL, 0);
    if (!ctx)
        return CLI_EXIT_FAIL;
    int n = fc_context_game_count(ctx);
    if (n == 0) {
        fc_context_free(ctx);
        return cli_fail("no games found (see formicary plugins; set FORMICARY_PLUGIN_PATH or --plugin-path)");
    }
    cli_table t;
    cli_table_init(&t, 4);
    cli_table_add(&t, "id", "name", "players", "summary");
    for (int i = 0; i < n; i++) {
        const fc_plugin *p = fc_context_game(ctx, i);
        char players[16];
        if (p->min_seats == p->max_seats)
            snprintf(players, sizeof players, "%d", p->min_seats);
        else
            snprintf(players, sizeof players, "%d-%d", p->min_seats, p->max_seats);
        cli_table_add(&t, p->id, p->name, players, p->summary);
    }
    cli_table_print(&t, stdout, "");
    cli_table_free(&t);
    fc_context_free(ctx);
    return CLI_EXIT_OK;
}

int cli_cmd_plugins(cli *c)
{
    const char *extra[CLI_MAX_REPEAT];
    int nextra = cli_opt_count(c, "--path");
    for (int i = 0; i < nextra; i++)
        extra[i] = cli_opt_at(c, "--path", i);
    fc_context *ctx = cli_context(c, extra, nextra);
    if (!ctx)
        return CLI_EXIT_FAIL;
    int n = fc_context_report_count(ctx);
    if (n == 0)
        printf("no plugin files found\n");
    for (int i = 0; i < n; i++) {
        const fc_plugin_report *r = fc_context_report(ctx, i);
        if (r->loaded)
            printf("loaded   %s\n", r->path);
        else if (strncmp(r->message, r->path, strlen(r->path)) == 0) /* already names the file */
            printf("refused  %s\n", r->message);
        else
            printf("refused  %s: %s\n", r->path, r->message);
    }
    fc_context_free(ctx);
    return CLI_EXIT_OK;
}
