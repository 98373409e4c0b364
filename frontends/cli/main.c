/* The `formicary` program: dispatches to one subcommand per file (cmd_*.c). */
#include <string.h>

#include "cli.h"
#include "formicary/suggest.h"

static const cli_cmd cli_cmds[] = {
    {"list", "", "List the games found on the plugin path: id, name, player counts, summary.", 0, 0, cli_opts_list,
     cli_cmd_list},
    {"plugins", "", "Show every plugin file seen: loaded, or refused with the reason.", 0, 0, cli_opts_plugins,
     cli_cmd_plugins},
    {"rules", "GAME", "Show a game's parameters, hook points and Lua queries/actions (and resolved values), or its rules text (--text [ID|TOPIC]).", 1, 2,
     cli_opts_rules, cli_cmd_rules},
    {"play", "GAME", "Play a match in the terminal with agents and/or human seats.", 1, 1, cli_opts_play,
     cli_cmd_play},
    {"replay", "FILE...", "Re-play a record, verifying every decision; exit 0 only if it is valid. Several records, "
     "directories or new rules: replay a corpus under them (docs/corpus.md).", 1, CLI_MAX_POS,
     cli_opts_replay, cli_cmd_replay},
    {"import", "GAME FILE...", "Turn games in foreign formats (Hive: boardspace SGF, PGN, UHP GameStrings) into records "
     "in --out DIR.", 2, CLI_MAX_POS, cli_opts_import, cli_cmd_import},
    {"shell", "GAME", "Drive a match over a line protocol on stdin/stdout (docs/protocol.md).", 1, 1,
     cli_opts_shell, cli_cmd_shell},
    {"bench", "GAME", "Measure raw game speed with random playouts on one thread.", 1, 1, cli_opts_bench,
     cli_cmd_bench},
    {"sim", "GAME", "Play many games between agents over threads: design metrics and A/B comparison.", 1, 1,
     cli_opts_sim, cli_cmd_sim},
    {"skill", "GAME", "Skill versus luck: MCTS at doubling budgets, each against the previous one, and against random.",
     1, 1, cli_opts_skill, cli_cmd_skill},
    {"ladder", "GAME", "Round robin between agents (--agents 'A;B;...'): ratings (Elo) with 95% intervals.", 1, 1,
     cli_opts_ladder, cli_cmd_ladder},
    {"check", "GAME DESIGN.ini", "Check a balance contract (targets with tolerances, docs/metrics.md): paired games until "
     "each target is decided; exit 0 met, 1 not met, 3 undecided, 2 error.", 2, 2, cli_opts_check, cli_cmd_check},
    {"train-eval", "GAME", "Tune the game's evaluation weights by self-play (SPSA) and write a weights file (--out).", 1,
     1, cli_opts_train_eval, cli_cmd_train_eval},
    {"runs", "[list | show ID | compare ID ID | export ID]", "The recorded study runs: list, show one, compare two, export one as CSV (docs/runs.md).",
     0, 3, cli_opts_runs, cli_cmd_runs},
    {"agreement", "GAME", "How often an agent's choice matches the recorded decisions of a corpus (top-1, top-3).", 1,
     1, cli_opts_agreement, cli_cmd_agreement},
    {"tune", "GAME", "Search parameter values toward design targets (balance, rounds, margin, ...): best designs with intervals.",
     1, 1, cli_opts_tune, cli_cmd_tune},
    {"variant", "check FILE.lua | list [GAME]", "Validate a Lua variant without playing it, or list shipped variants.",
     1, 2, cli_opts_variant, cli_cmd_variant},
    {"perft", "GAME", "Count the leaves of the decision tree to a depth (move generator check and speed).", 1, 1,
     cli_opts_perft, cli_cmd_perft},
    {"uhp", "", "Speak the Universal Hive Protocol on stdin/stdout (Hive engine mode for viewers and arenas).", 0,
     0, cli_opts_uhp, cli_cmd_uhp},
    {"sensitivity", "GAME", "Screen parameters (--param, default all): which move which metrics, ranked with 95% "
     "intervals; one at a time or Morris elementary effects; tornado charts (--html).", 1, 1, cli_opts_sensitivity,
     cli_cmd_sensitivity},
    {"leaders", "GAME", "Runaway leaders and kingmakers: P(leader at x% wins) with intervals, comeback rate, kingmaker "
     "decisions (3+ players).", 1, 1, cli_opts_leaders, cli_cmd_leaders},
    {"openings", "GAME", "Openings: entropy of the first K decisions, most common lines, a forced-win search near the "
     "start (deterministic two-player games).", 1, 1, cli_opts_openings, cli_cmd_openings},
    {"probe", "GAME", "Mechanic probes: the win share an agent loses when restricted from each kind of decision, "
     "with intervals (dead / minor / essential), and how often winners use each kind compared with losers.", 1, 1,
     cli_opts_probe, cli_cmd_probe},
    {"luck", "GAME", "Luck by source: the share of the outcome's variance each source of chance (setup, dice, "
     "draws, ...) explains, for a weak and a strong agent.", 1, 1, cli_opts_luck, cli_cmd_luck},
};
#define CLI_NCMDS ((int)(sizeof cli_cmds / sizeof cli_cmds[0]))

static void cli_main_help(FILE *f)
{
    fputs("usage: formicary COMMAND [options]   (formicary COMMAND --help for details)\n\ncommands:\n", f);
    cli_table t;
    cli_table_init(&t, 2);
    for (int i = 0; i < CLI_NCMDS; i++) {
        char name[48];
        snprintf(name, sizeof name, "%s %s", cli_cmds[i].name, cli_cmds[i].usage);
        cli_table_add(&t, name, cli_cmds[i].summary);
    }
    cli_table_print(&t, f, "  ");
    cli_table_free(&t);
    fputs("\nagents (seat specs NAME[:key=value,...]):\n  human  a person at this terminal (play only)\n", f);
    for (int i = 0; i < fc_agent_kind_count(); i++)
        fprintf(f, "  %-6s %s\n", fc_agent_kind_name(i), fc_agent_kind_doc(i));
    fputs("  easy, medium, hard, expert  a game's difficulty tiers: the agents of config/GAME/bots.ini "
          "(formicary rules GAME lists them with their measured ratings)\n",
          f);
    fputs("\nother options: --help, --version\n"
          "plugins are searched in --plugin-path DIR, $FORMICARY_PLUGIN_PATH, the build tree (when run from it),\n"
          "$XDG_DATA_HOME/formicary/plugins (default ~/.local/share/formicary/plugins) and the install directory\n",
          f);
}

/* Output nobody received is an error: a full disk or a closed pipe must not look like success. */
static int cli_exit(int rc)
{
    if (cli_close_output(stdout, "-") != 0)
        return CLI_EXIT_FAIL;
    return rc;
}

static int cli_main(int argc, char **argv);

int main(int argc, char **argv) { return cli_exit(cli_main(argc, argv)); }

static int cli_main(int argc, char **argv)
{
    if (argc < 2)
        return cli_usage("no command given (try formicary --help)");
    const char *name = argv[1];
    if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0 || strcmp(name, "help") == 0) {
        cli_main_help(stdout);
        return CLI_EXIT_OK;
    }
    if (strcmp(name, "--version") == 0) {
        printf("formicary %s (plugin ABI %d.%d)\n", FC_VERSION, FC_ABI_MAJOR, FC_API_MINOR);
        return CLI_EXIT_OK;
    }
    for (int i = 0; i < CLI_NCMDS; i++) {
        if (strcmp(name, cli_cmds[i].name) != 0)
            continue;
        cli c;
        int rc = cli_parse(&cli_cmds[i], argc - 2, argv + 2, &c);
        if (rc != 0)
            return rc;
        if (cli_flag(&c, "--help")) {
            cli_help(&cli_cmds[i], stdout);
            return CLI_EXIT_OK;
        }
        return cli_cmds[i].run(&c);
    }
    if (name[0] == '-')
        return cli_usage("unknown option '%s' (try formicary --help)", name);
    const char *names[CLI_NCMDS];
    for (int i = 0; i < CLI_NCMDS; i++)
        names[i] = cli_cmds[i].name;
    const char *near = fc_suggest(name, names, CLI_NCMDS);
    if (near)
        return cli_usage("unknown command '%s'; did you mean '%s'? (try formicary --help)", name, near);
    return cli_usage("unknown command '%s' (commands: list, plugins, rules, play, replay, import, shell, bench, sim, skill, ladder, check, train-eval, runs, agreement, tune, variant, perft, "
                     "uhp, sensitivity, leaders, openings, probe, luck)",
                     name);
}
