/* `formicary replay FILE`: loads a record (which re-plays and verifies every decision); with
 * --ui, steps through it with the board at every ply (text_view.c, the tty's replay viewer).
 * With several records, a directory, new rules or a corpus option it replays a corpus under
 * new rules instead (replay_corpus.c, docs/corpus.md). */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "replay_corpus.h"
#ifdef FC_HAVE_TTY
#include "tty.h"
#endif
#ifdef FC_HAVE_GUI
#include "gui.h"
#endif

const cli_optdef cli_opts_replay[] = {
    {"--quiet", NULL, false, "print nothing; only the exit status tells whether the record is valid"},
    {"--ui", "text|tty|gui", false, "watch the record: step forward and back with the board at every ply"},
    {"--corpus", NULL, false, "corpus mode (docs/corpus.md) even for one record under its own rules"},
    {"--rules", "F.ini|NAME", false, "corpus: the parameters this rule set sets replace the recorded ones"},
    {"--variant", "F.lua|NAME", false, "corpus: this variant replaces the record's variant"},
    {"--set", "KEY=VALUE", true, "corpus: set one parameter (over the record, --rules and --variant)"},
    {"--continue-with", "AGENT", false, "corpus: finish the games that stop short with this agent in every seat"},
    {"--max-decisions", "N", false, "corpus: decisions --continue-with may add before it stops (default 100000)"},
    {"--csv", "F", false, "corpus: one row per record to F"},
    {"--json", "F", false, "corpus: records and summary as JSON to F ('-' for stdout instead of the table)"},
    {"--html", "F", false, "corpus: a self-contained HTML report to F"},
    {"--summary", NULL, false, "corpus: print the summary without the table of records"},
    {"--progress", NULL, false, "corpus: show the progress bar even when stderr is not a terminal"},
    {"--threads", "K", false, "corpus: worker threads (default 1); the report does not depend on K"},
    CLI_RUNS_DB_OPTS,
    {NULL, NULL, false, NULL},
};

/* --ui's front end, or a usage/failure status when it is unknown or not built (0: fine). */
static int replay_ui_check(const char *ui)
{
    if (ui && strcmp(ui, "text") != 0 && strcmp(ui, "tty") != 0 && strcmp(ui, "gui") != 0)
        return cli_usage("replay: option --ui: unknown front end '%s' (known: text, tty, gui)", ui);
#ifndef FC_HAVE_GUI
    if (ui && strcmp(ui, "gui") == 0)
        return cli_fail("the gui front end is not built (needs SDL2, SDL2_ttf, fontconfig); use --ui tty or text");
#endif
#ifndef FC_HAVE_TTY
    if (ui && strcmp(ui, "tty") == 0)
        return cli_fail("the tty front end is not built (needs ncursesw); use --ui text");
#endif
    return 0;
}

/* The record watched in the tty or gui front end (whichever ui names and is built). */
static int replay_watch(const char *ui, fc_match **m, fc_rules **rules, const fc_record_info *info)
{
#if defined(FC_HAVE_TTY) || defined(FC_HAVE_GUI)
    fc_record_seats labels;
    memset(&labels, 0, sizeof labels);
    for (int i = 0; i < FC_MAX_SEATS; i++)
        labels.agent[i] = info->agent[i][0] ? info->agent[i] : NULL;
    fc_error err;
    fc_error_clear(&err);
    int rc = 0;
    if (strcmp(ui, "gui") == 0) {
#ifdef FC_HAVE_GUI
        rc = fc_gui_replay(m, rules, &labels, &err);
#endif
    } else {
#ifdef FC_HAVE_TTY
        rc = fc_tty_replay(m, rules, &labels, &err);
#endif
    }
    return rc != 0 ? cli_fail("%s", err.msg) : CLI_EXIT_OK;
#else
    (void)ui, (void)m, (void)rules, (void)info; /* replay_ui_check refused both */
    return CLI_EXIT_FAIL;
#endif
}

/* What the record holds: game, seed, seats and their agents, facts from outside, the scores. */
static void replay_summary(const fc_match *m, const fc_rules *rules, const fc_record_info *info)
{
    const fc_plugin *p = fc_rules_plugin(rules);
    int n = fc_rules_nseats(rules);
    char names[FC_MAX_SEATS][24];
    cli_seat_names(m, names);
    int32_t score[FC_MAX_SEATS] = {0};
    int rank[FC_MAX_SEATS] = {0};
    fc_match_scores(m, score, rank);
    bool over = fc_match_to_move(m) == FC_NOBODY;
    /* names and agents come from the record: escaped for the terminal (formicary/escape.h) */
    char e1[256], e2[256], e3[256], e4[4 * sizeof names[0]];
    printf("game:      %s %s (rule set %s, variant %s)\n", p->id, fc_escape(info->plugin_version, e1, sizeof e1),
           fc_escape(fc_rules_name(rules), e2, sizeof e2), fc_escape(fc_rules_variant_name(rules), e3, sizeof e3));
    printf("seed:      %llu\n", (unsigned long long)fc_match_seed(m));
    printf("seats:    ");
    for (int i = 0; i < n; i++)
        printf("%s%s (%s)", i ? ", " : " ", fc_escape(names[i], e4, sizeof e4),
               fc_escape(info->agent[i][0] ? info->agent[i] : "?", e1, sizeof e1));
    printf("\n");
    for (int i = 0; i < info->meta.n; i++) /* facts from outside the match: an import's players, source */
        printf("%-10s %s %s\n", i ? "" : "meta:", fc_escape(info->meta.key[i], e1, sizeof e1),
               fc_escape(info->meta.value[i], e4, sizeof e4));
    printf("decisions: %zu\n", fc_match_ply(m));
    printf("%s", over ? "final:    " : "scores:   ");
    for (int i = 0; i < n; i++)
        printf("%s%s %d (rank %d)", i ? ", " : " ", fc_escape(names[i], e4, sizeof e4), (int)score[i], rank[i] + 1);
    printf("\n%s\n", over ? "valid, game finished" : "valid, game not finished");
}

int cli_cmd_replay(cli *c)
{
    if (cli_replay_is_corpus(c))
        return cli_replay_corpus(c);
    fc_context *ctx = cli_context(c, NULL, 0);
    if (!ctx)
        return CLI_EXIT_FAIL;
    const char *ui = cli_opt(c, "--ui");
    int rc = replay_ui_check(ui);
    if (rc != 0) {
        fc_context_free(ctx);
        return rc;
    }
    fc_rules *rules = NULL;
    fc_match *m = NULL;
    fc_record_info *info = calloc(1, sizeof *info);
    fc_error err;
    fc_error_clear(&err);
    if (!info)
        rc = cli_fail("out of memory");
    else if (fc_record_load(ctx, c->pos[0], &rules, &m, info, &err) != 0)
        rc = cli_fail("%s", err.msg[0] ? err.msg : "invalid record");
    else if (ui && strcmp(ui, "text") == 0)
        rc = cli_text_replay(m, rules, stdin, stdout);
    else if (ui)
        rc = replay_watch(ui, &m, &rules, info);
    else if (!cli_flag(c, "--quiet"))
        replay_summary(m, rules, info);
    if (m)
        fc_match_free(m);
    if (rules)
        fc_rules_free(rules);
    free(info);
    fc_context_free(ctx);
    return rc;
}
