/* `formicary probe GAME`: mechanic probes (core/include/formicary/probe.h; method and verdicts
 * in docs/metrics.md, "Mechanic probes"): for each kind of decision the game names, the agent
 * restricted from it against the unrestricted one, the win share it loses and how often winners
 * use the kind compared with losers. This file parses the command line and writes the table,
 * CSV, JSON and HTML. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "html.h"
#include "sim_mpi.h"
#include "study.h"
#include "formicary/probe.h"

const cli_optdef cli_opts_probe[] = {
    {"--agent", "SPEC", false, "the agent probed (a spec or tier as in --seats; default greedy)"},
    {"--kinds", "K,K,...", false, "the kinds of decision to probe (default: every kind formicary rules GAME lists)"},
    {"--deals", "N", false, "deals per kind (default 20); each is played once with the restricted agent in every seat"},
    {"--players", "N", false, "players per game, in the game's range (default: its fewest); the baseline share is 1/N"},
    {"--threads", "K", false, "worker threads (default 1); results do not depend on K"},
    {"--seed", "S", false, "base seed (default 1)"},
    {"--max-decisions", "N", false, "decisions before a game counts as a timeout (default 100000)"},
    {"--opening", "N", false,
     "the first N decisions of every game are random, the same in every game of a deal (varied deals for ab)"},
    {"--set", "KEY=VALUE", true, "override one parameter"},
    {"--rules", "F.ini|NAME", false, "rule set: a file, or a shipped one by name (config/GAME/NAME.ini)"},
    {"--variant", "F.lua", false, "Lua variant"},
    {"--csv", "F", false, "write one row per kind to F"},
    {"--json", "F", false, "write the probe as JSON to F ('-' for stdout instead of the table)"},
    {"--html", "F", false, "write a report page (loss per kind with intervals) to F"},
    {"--progress", NULL, false, "show the progress line even when stderr is not a terminal"},
    CLI_RUNS_DB_OPTS,
    {NULL, NULL, false, NULL},
};

typedef struct probe_cli {
    fc_probe_config cfg;
    fc_probe_result res;
    char spec[256];  /* the agent (tier resolved) */
    char label[320]; /* as shown: the spec, or "medium (mcts:iters=...)" */
    const char *game;
} probe_cli;

static void probe_progress(void *ud, long done, long total)
{
    (void)ud;
    fprintf(stderr, "\rprobe: %ld/%ld games", done, total);
    fflush(stderr);
}

static int probe_options(const cli *c, probe_cli *p, int *players)
{
    fc_probe_config *cfg = &p->cfg;
    int md = 0;
    if (!cli_opt_int(c, "--deals", 2, 1000000, 20, &cfg->deals) || !cli_opt_int(c, "--players", 2, 8, 0, players) ||
        !cli_opt_int(c, "--threads", 1, 1024, 1, &cfg->threads) || !cli_opt_u64(c, "--seed", 1, &cfg->seed) ||
        !cli_opt_int(c, "--max-decisions", 1, 100000000, 0, &md) ||
        !cli_opt_int(c, "--opening", 0, 10000, 0, &cfg->opening))
        return CLI_EXIT_USAGE;
    cfg->max_decisions = md;
    const char *outs[3] = {cli_opt(c, "--csv"), cli_opt(c, "--json"), cli_opt(c, "--html")};
    int stdout_uses = 0;
    for (int i = 0; i < 3; i++)
        stdout_uses += outs[i] && strcmp(outs[i], "-") == 0;
    if (stdout_uses > 1)
        return cli_usage("probe: only one of --csv, --json and --html may go to standard output");
    const char *agent = cli_opt(c, "--agent") ? cli_opt(c, "--agent") : "greedy";
    fc_error e;
    fc_error_clear(&e);
    int tier = cli_agent_spec(c->pos[0], agent, p->spec, sizeof p->spec, &e);
    if (tier < 0)
        return cli_usage("probe: --agent: %s", e.msg);
    if (tier == 1)
        snprintf(p->label, sizeof p->label, "%.40s (%.255s)", agent, p->spec);
    else
        snprintf(p->label, sizeof p->label, "%.255s", p->spec);
    cfg->agent = p->spec;
    return 0;
}

/* --players against the seats the game takes: bad input (exit 2), like the other options. */
static int probe_players_check(fc_context *ctx, const char *game, int players)
{
    fc_error err;
    fc_error_clear(&err);
    const fc_plugin *gp = fc_context_find(ctx, game, &err);
    if (!gp)
        return 0; /* cli_rules says so */
    if (players && (players < gp->min_seats || players > gp->max_seats))
        return cli_usage("probe: --players: %s takes %d..%d players, not %d", game, gp->min_seats, gp->max_seats,
                         players);
    return 0;
}

static const char *probe_ratio_text(const fc_probe_kind *k, char *buf, size_t n)
{
    if (k->used_lose > 0)
        snprintf(buf, n, "%.2f", k->ratio);
    else
        snprintf(buf, n, k->used_win > 0 ? "winners only" : "-");
    return buf;
}

static void probe_print(const probe_cli *p)
{
    const fc_probe_result *r = &p->res;
    printf("probe %s: agent %s, %d players, %d kinds, %d deals each (%d games a kind), %ld games, seed %llu\n",
           p->game, p->label, r->nseats, r->nkinds, r->deals, r->deals * r->nseats, r->games,
           (unsigned long long)p->cfg.seed);
    if (p->cfg.opening > 0)
        printf("opening: the first %d decisions of every game random, the same in every game of a deal\n",
               p->cfg.opening);
    printf("share: the restricted agent's win share (95%% interval); loss: baseline %.3f minus it, paired by deal;\n"
           "bound: its decisions where the restriction removed a choice; winners/losers: share of their decisions\n"
           "of the kind in unrestricted games, and the ratio (docs/metrics.md, \"Mechanic probes\")\n",
           r->base);
    if (r->timeouts)
        printf("timeouts: %ld games (no winner)\n", r->timeouts);
    cli_table t;
    cli_table_init(&t, 9);
    cli_table_add(&t, "kind", "share", "95% interval", "loss", "95% interval", "verdict", "bound", "winners/losers",
                  "ratio");
    for (int i = 0; i < r->nkinds; i++) {
        const fc_probe_kind *k = &r->kind[i];
        char sh[16], si[32], lo[16], li[32], bd[16], wl[32], ra[32];
        snprintf(sh, sizeof sh, "%.3f", k->share);
        snprintf(si, sizeof si, "[%.3f, %.3f]", k->share_lo, k->share_hi);
        snprintf(lo, sizeof lo, "%+.3f", k->loss);
        snprintf(li, sizeof li, "[%+.3f, %+.3f]", k->loss_lo, k->loss_hi);
        snprintf(bd, sizeof bd, "%.3f", k->binding);
        snprintf(wl, sizeof wl, "%.3f / %.3f", k->used_win, k->used_lose);
        cli_table_add(&t, k->name, sh, si, lo, li, fc_probe_verdict_name(k->verdict), bd, wl,
                      probe_ratio_text(k, ra, sizeof ra));
    }
    cli_table_print(&t, stdout, "  ");
    cli_table_free(&t);
    printf("verdicts: essential = loss >= %.1f x baseline and above 0; minor = above 0; dead = within +-%.1f x baseline;\n"
           "gain = below 0 (the agent does better without the kind); unbound = the kind never competed with another\n"
           "at the restricted agent's decisions (a step where only it is legal: nothing to learn); unclear = more deals needed\n",
           FC_PROBE_ESSENTIAL, FC_PROBE_DEAD);
}

static int probe_write_csv(const probe_cli *p, const char *path)
{
    fc_outfile *o = cli_open_output(path);
    if (!o)
        return CLI_EXIT_FAIL;
    FILE *f = fc_outfile_stream(o);
    fputs("kind,games,share,share_lo,share_hi,base,loss,loss_lo,loss_hi,verdict,binding,used_win,used_lose,ratio\n", f);
    for (int i = 0; i < p->res.nkinds; i++) {
        const fc_probe_kind *k = &p->res.kind[i];
        fprintf(f, "%s,%ld,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%s,%.4f,%.4f,%.4f,%.4f\n", k->name, k->games, k->share,
                k->share_lo, k->share_hi, k->base, k->loss, k->loss_lo, k->loss_hi, fc_probe_verdict_name(k->verdict),
                k->binding, k->used_win, k->used_lose, k->ratio);
    }
    return cli_finish_output(o);
}

static void probe_json_kind(cli_json *j, const fc_probe_kind *k)
{
    cli_json_obj(j);
    cli_json_key(j, "kind");
    cli_json_str(j, k->name);
    cli_json_key(j, "games");
    cli_json_int(j, k->games);
    const char *keys[11] = {"share", "share_lo", "share_hi", "base", "loss", "loss_lo", "loss_hi",
                            "binding", "used_win", "used_lose", "ratio"};
    double v[11] = {k->share, k->share_lo, k->share_hi, k->base, k->loss, k->loss_lo, k->loss_hi,
                    k->binding, k->used_win, k->used_lose, k->ratio};
    for (int i = 0; i < 11; i++) {
        cli_json_key(j, keys[i]);
        cli_json_num(j, v[i]);
    }
    cli_json_key(j, "verdict");
    cli_json_str(j, fc_probe_verdict_name(k->verdict));
    cli_json_end_obj(j);
}

static int probe_write_json(const probe_cli *p, const char *path)
{
    const fc_probe_result *r = &p->res;
    cli_json j;
    fc_outfile *o = cli_json_report_begin(path, &j, p->game);
    if (!o)
        return CLI_EXIT_FAIL;
    FILE *f = fc_outfile_stream(o);
    cli_json_key(&j, "agent");
    cli_json_str(&j, p->label);
    const char *ik[6] = {"players", "deals", "games", "timeouts", "threads", "opening"};
    long iv[6] = {r->nseats, r->deals, r->games, r->timeouts, p->cfg.threads, p->cfg.opening};
    for (int i = 0; i < 6; i++) {
        cli_json_key(&j, ik[i]);
        cli_json_int(&j, iv[i]);
    }
    cli_json_key(&j, "seed");
    cli_json_int(&j, (long long)p->cfg.seed);
    cli_json_key(&j, "base");
    cli_json_num(&j, r->base);
    cli_json_key(&j, "kinds");
    cli_json_arr(&j);
    for (int i = 0; i < r->nkinds; i++)
        probe_json_kind(&j, &r->kind[i]);
    cli_json_end_arr(&j);
    cli_json_end_obj(&j);
    fputc('\n', f);
    return cli_finish_output(o);
}

static int probe_write_html(const probe_cli *p, const char *path)
{
    const fc_probe_result *r = &p->res;
    char title[160];
    snprintf(title, sizeof title, "formicary probe: %s", p->game);
    cli_html *h = cli_html_begin(path, title);
    if (!h)
        return CLI_EXIT_FAIL;
    cli_html_heading(h, "Win share lost per kind of decision");
    cli_html_text(h,
                  "Agent %s, %d players, %d deals per kind, each played with the restricted agent in every seat "
                  "and the unrestricted one in the others; %ld games, seed %llu. Loss = baseline share %.3f minus the restricted "
                  "agent's, paired by deal; whiskers are 95%% intervals (docs/metrics.md, \"Mechanic probes\").",
                  p->label, r->nseats, r->deals, r->games, (unsigned long long)p->cfg.seed, r->base);
    if (p->cfg.opening > 0)
        cli_html_text(h, "The first %d decisions of every game are random, the same in every game of a deal.",
                      p->cfg.opening);
    cli_html_est e[FC_MAX_KINDS];
    enum { NC = 7 };
    const char *cells[(FC_MAX_KINDS + 1) * NC];
    char txt[FC_MAX_KINDS][6][40], label[FC_MAX_KINDS][48];
    const char *head[NC] = {"kind", "share [95%]", "loss [95%]", "verdict", "bound", "winners / losers", "ratio"};
    memcpy(cells, head, sizeof head);
    for (int i = 0; i < r->nkinds; i++) {
        const fc_probe_kind *k = &r->kind[i];
        snprintf(label[i], sizeof label[i], "%s%s", k->name, k->verdict == FC_PROBE_UNBOUND ? " (unbound)" : "");
        e[i] = (cli_html_est){label[i], k->loss, k->loss_lo, k->loss_hi};
        snprintf(txt[i][0], 40, "%.3f [%.3f, %.3f]", k->share, k->share_lo, k->share_hi);
        snprintf(txt[i][1], 40, "%+.3f [%+.3f, %+.3f]", k->loss, k->loss_lo, k->loss_hi);
        snprintf(txt[i][2], 40, "%s", fc_probe_verdict_name(k->verdict));
        snprintf(txt[i][3], 40, "%.3f", k->binding);
        snprintf(txt[i][4], 40, "%.3f / %.3f", k->used_win, k->used_lose);
        probe_ratio_text(k, txt[i][5], 40);
        const char *row[NC] = {k->name, txt[i][0], txt[i][1], txt[i][2], txt[i][3], txt[i][4], txt[i][5]};
        memcpy(cells + (i + 1) * NC, row, sizeof row);
    }
    cli_html_interval_bars(h, "Win share lost when the agent may not use the kind", "loss of win share", e, r->nkinds);
    cli_html_table(h, NC, r->nkinds + 1, cells);
    return cli_html_end(h);
}

static int probe_outputs(const cli *c, const probe_cli *p)
{
    const char *json = cli_opt(c, "--json"), *csv = cli_opt(c, "--csv"), *html = cli_opt(c, "--html");
    bool quiet = (json && !strcmp(json, "-")) || (csv && !strcmp(csv, "-")) || (html && !strcmp(html, "-"));
    if (!quiet)
        probe_print(p);
    int rc = 0;
    if (csv && (rc = probe_write_csv(p, csv)) != 0)
        return rc;
    if (json && (rc = probe_write_json(p, json)) != 0)
        return rc;
    if (html && (rc = probe_write_html(p, html)) != 0)
        return rc;
    return 0;
}

/* The run in the runs database: the agent as seat 1, then each kind's loss and share. */
static cli_runs *probe_record_begin(const cli *c, const probe_cli *p, const fc_rules *rules)
{
    cli_runs *runs = cli_runs_begin(c, "probe", p->game, fc_rules_nseats(rules), p->cfg.seed, p->cfg.threads, 0);
    char text[8192];
    cli_rules_text(rules, text, sizeof text);
    cli_runs_design(runs, "A", rules, text);
    cli_runs_seat(runs, 1, p->spec, NULL);
    return runs;
}

static void probe_record_end(cli_runs *runs, const probe_cli *p)
{
    for (int i = 0; runs && i < p->res.nkinds; i++) {
        const fc_probe_kind *k = &p->res.kind[i];
        char name[64];
        snprintf(name, sizeof name, "loss:%s", k->name);
        cli_runs_metric(runs, "", name, k->loss, k->loss_lo, k->loss_hi, NAN, fc_probe_verdict_name(k->verdict));
        snprintf(name, sizeof name, "ratio:%s", k->name);
        /* no ratio when losers never used the kind: not 0, which would read "losers only" */
        const char *why = k->used_lose > 0  ? "winners' share of the kind / losers'"
                          : k->used_win > 0 ? "winners only: losers never used the kind"
                                            : "nobody used the kind";
        cli_runs_metric(runs, "", name, k->used_lose > 0 ? k->ratio : NAN, NAN, NAN, NAN, why);
    }
}

int cli_cmd_probe(cli *c)
{
    probe_cli *p = calloc(1, sizeof *p);
    if (!p)
        return cli_fail("out of memory");
    int players = 0, rc = probe_options(c, p, &players);
    if (rc != 0) {
        free(p);
        return rc;
    }
    p->game = c->pos[0];
    cli_runs *runs = NULL;
    if (cli_mpi_begin() != 0) { /* under mpirun every rank runs this with the same arguments */
        free(p);
        return CLI_EXIT_FAIL;
    }
    fc_context *ctx = cli_context(c, NULL, 0);
    int bad = ctx ? probe_players_check(ctx, p->game, players) : 0;
    fc_rules *rules = ctx && !bad ? cli_rules(c, ctx, p->game, players) : NULL;
    fc_error err;
    fc_error_clear(&err);
    if (cli_mpi_agree(rules ? 0 : bad ? bad : CLI_EXIT_FAIL) != 0) {
        rc = bad ? bad : CLI_EXIT_FAIL;
        goto out;
    }
    p->cfg.rules = rules;
    const char *kinds = cli_opt(c, "--kinds");
    if (kinds && fc_probe_kinds_parse(rules, kinds, &p->cfg.kinds, &err) != 0) {
        rc = cli_usage("probe: --kinds: %s", err.msg);
        goto out;
    }
    if (fc_probe_check(&p->cfg, &err) != 0) {
        rc = cli_usage("%s", err.msg);
        goto out;
    }
    if (cli_mpi_size() > 1) /* the games and their replays are spread over the ranks */
        p->cfg.spread = cli_mpi_spread;
    bool progress = cli_mpi_rank() == 0 && (cli_flag(c, "--progress") || isatty(STDERR_FILENO));
    if (progress)
        p->cfg.progress = probe_progress;
    runs = probe_record_begin(c, p, rules);
    rc = fc_probe_run(&p->cfg, &p->res, &err);
    if (progress)
        fputc('\n', stderr);
    if (cli_mpi_rank() != 0) { /* rank 0 alone reports and gives the exit status */
        rc = 0;
        goto out;
    }
    if (rc != 0) {
        rc = cli_fail("probe: %s", err.msg);
        goto out;
    }
    rc = probe_outputs(c, p);
    probe_record_end(runs, p);
out:
    cli_runs_end(runs, rc == 0, rc == 0 ? p->res.games : 0);
    fc_rules_free(rules);
    fc_context_free(ctx);
    free(p);
    cli_mpi_end();
    return rc;
}
