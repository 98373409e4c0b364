/* `formicary leaders GAME`: runaway leaders and kingmakers (core/include/formicary/leaders.h;
 * method in docs/metrics.md, "Runaway leaders and kingmakers"). This file parses the command
 * line and prints the table, CSV, JSON and HTML. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "cli.h"
#include "html.h"
#include "sim_mpi.h"
#include "study.h"
#include "formicary/fit_eval.h"
#include "formicary/leaders.h"
#include "formicary/record.h"

const cli_optdef cli_opts_leaders[] = {
    {"--agents", "'SPEC;SPEC;...'", false,
     "one agent spec or tier per seat, separated by ';' (rotated around the seats)"},
    {"--agent", "SPEC", false, "the agent of every seat (default greedy)"},
    {"--seats", "N", false, "players with --agent (default: the game's minimum)"},
    {"--games", "N", false, "games to play (default 100)"},
    {"--corpus", "DIR", false,
     "measure the records (*.fcr) in DIR instead of playing games: a sim's --record-dir, imported games"},
    {"--threads", "K", false, "worker threads (default 1); results do not depend on K"},
    {"--seed", "S", false, "base seed (default 1): game i uses seeds derived from (S, i)"},
    {"--max-decisions", "N", false, "decisions before a game counts as a timeout (default 100000)"},
    {"--opening", "N", false, "the first N decisions of every game are random (varied openings)"},
    {"--kingmakers", NULL, false, "also look for kingmaker decisions (3 players or more; the default there)"},
    {"--no-kingmakers", NULL, false, "skip the kingmaker test (it costs one evaluation per option of a trailing seat)"},
    {"--threshold", "P", false, "kingmakers: a seat evaluated below P can no longer win (default 0.05)"},
    {"--margin", "M", false, "kingmakers: an option's judged winner leads the next other seat by M (default 0.02)"},
    {"--judge", "eval|search[:PLIES]", false,
     "kingmakers: judge each option by the evaluation after it (eval, the default) or by a lookahead of "
     "PLIES seat decisions, each seat taking its best (search: 2 plies; at most 4)"},
    {"--rules", "F.ini|NAME", false, "rule set: a file, or a shipped one by name (config/GAME/NAME.ini)"},
    {"--variant", "F.lua", false, "Lua variant"},
    {"--set", "KEY=VALUE", true, "override one parameter"},
    {"--csv", "F", false, "write one row per game to F"},
    {"--json", "F", false, "write the study as JSON to F ('-' for stdout instead of the table)"},
    {"--html", "F", false, "write a report page (lead curve, kingmaker histogram) to F"},
    {"--progress", NULL, false, "show the progress line even when stderr is not a terminal"},
    CLI_RUNS_DB_OPTS,
    {NULL, NULL, false, NULL},
};

typedef struct leaders_cli {
    const char *game;
    int nseats;
    char spec[FC_MAX_SEATS][256];
    cli_seat seat[FC_MAX_SEATS];
    fc_rules *rules;
    fc_leaders_config cfg;
    fc_leaders_result res;
    const char *corpus;  /* --corpus: the records measured, each with its own rules */
    char **path;
    int npath;
    fc_rules **rrules;
    fc_match **rm;
    double *result;      /* each record's first-seat result when it did not end (meta result) */
} leaders_cli;

/* The rule set shown: the one played, or the first record's. */
static const fc_rules *leaders_shown(const leaders_cli *l) { return l->rules ? l->rules : fc_match_rules(l->rm[0]); }

/* "1 greedy, 2 greedy (rotated around the seats)" or "as recorded in DIR". */
static void leaders_agents_text(const leaders_cli *l, char *buf, size_t n)
{
    if (l->corpus) {
        snprintf(buf, n, "as recorded in %s", l->corpus);
        return;
    }
    cli_seats_text(l->seat, l->nseats, buf, n);
    size_t len = strlen(buf);
    snprintf(buf + len, n > len ? n - len : 0, " (rotated around the seats)");
}

static void leaders_corpus_free(leaders_cli *l)
{
    for (int i = 0; i < l->npath; i++) {
        if (l->rm)
            fc_match_free(l->rm[i]);
        if (l->rrules)
            fc_rules_free(l->rrules[i]);
        free(l->path[i]);
    }
    free(l->rm);
    free(l->rrules);
    free(l->result);
    free(l->path);
}

/* --corpus DIR: the records, all of this game; options that choose games to play are refused. */
static int leaders_corpus(const cli *c, leaders_cli *l, fc_context *ctx, const fc_plugin *p)
{
    const char *played[] = {"--agents", "--agent", "--seats", "--games", "--seed", "--max-decisions", "--opening",
                            "--rules", "--variant", "--set"};
    for (size_t i = 0; i < sizeof played / sizeof *played; i++)
        if (cli_opt(c, played[i]))
            return cli_usage("leaders: --corpus measures recorded games: %s does not apply", played[i]);
    int rc = cli_record_paths("leaders", "--corpus", l->corpus, &l->path, &l->npath);
    if (rc != 0)
        return rc;
    l->rrules = calloc((size_t)l->npath, sizeof *l->rrules);
    l->rm = calloc((size_t)l->npath, sizeof *l->rm);
    l->result = calloc((size_t)l->npath, sizeof *l->result);
    if (!l->rrules || !l->rm || !l->result)
        return cli_fail("out of memory");
    for (int i = 0; i < l->npath; i++) {
        fc_record_info info;
        fc_error e;
        fc_error_clear(&e);
        if (fc_record_load(ctx, l->path[i], &l->rrules[i], &l->rm[i], &info, &e) != 0)
            return cli_usage("leaders: %s: %s", l->path[i], e.msg);
        if (strcasecmp(info.game, p->id) != 0)
            return cli_usage("leaders: %s is a record of %s, not %s", l->path[i], info.game, p->id);
        l->result[i] = fc_fit_eval_record_result(l->rm[i], fc_record_meta_get(&info.meta, "result"));
    }
    l->nseats = fc_rules_nseats(l->rrules[0]);
    l->cfg.nmatches = l->npath;
    l->cfg.matches = (const fc_match *const *)l->rm;
    l->cfg.result = l->result;
    return 0;
}

static void leaders_progress(void *ud, int done, int total)
{
    (void)ud;
    fprintf(stderr, "\rleaders: %d/%d games", done, total);
    fflush(stderr);
}

/* One seat's spec, tiers resolved and checked; `given` names it in messages. */
static int leaders_spec(const char *game, const char *given, int seat, leaders_cli *l)
{
    fc_error e;
    fc_error_clear(&e);
    char resolved[256];
    int tier = cli_agent_spec(game, given, resolved, sizeof resolved, &e);
    fc_agent *a = tier < 0 ? NULL : fc_agent_new(resolved, 0, &e);
    if (!a)
        return cli_usage("leaders: seat %d: %s", seat + 1, e.msg);
    snprintf(l->spec[seat], sizeof l->spec[seat], "%s", fc_agent_spec(a));
    fc_agent_free(a);
    cli_seat_from(game, given, l->spec[seat], &l->seat[seat]);
    l->cfg.agents[seat] = l->spec[seat];
    return 0;
}

static int leaders_seats(const cli *c, leaders_cli *l, const fc_plugin *p)
{
    const char *agents = cli_opt(c, "--agents"), *agent = cli_opt(c, "--agent");
    if (agents && (agent || cli_opt(c, "--seats")))
        return cli_usage("leaders: give --agents, or --agent with --seats, not both");
    if (!agents) {
        if (!cli_opt_int(c, "--seats", 1, FC_MAX_SEATS, p->min_seats, &l->nseats))
            return CLI_EXIT_USAGE;
        for (int s = 0; s < l->nseats; s++)
            if (leaders_spec(p->id, agent ? agent : "greedy", s, l) != 0)
                return CLI_EXIT_USAGE;
        return 0;
    }
    char text[4096];
    if (strlen(agents) >= sizeof text)
        return cli_usage("leaders: --agents is too long");
    snprintf(text, sizeof text, "%s", agents);
    for (char *tok = text, *end; tok; tok = end ? end + 1 : NULL) {
        if ((end = strchr(tok, ';')))
            *end = '\0';
        while (*tok == ' ')
            tok++;
        for (size_t k = strlen(tok); k > 0 && tok[k - 1] == ' '; k--)
            tok[k - 1] = 0;
        if (!*tok)
            return cli_usage("leaders: --agents: an empty agent in '%s'", agents);
        if (l->nseats == FC_MAX_SEATS)
            return cli_usage("leaders: --agents: more than %d seats", FC_MAX_SEATS);
        if (leaders_spec(p->id, tok, l->nseats, l) != 0)
            return CLI_EXIT_USAGE;
        l->nseats++;
    }
    if (l->nseats == 0)
        return cli_usage("leaders: --agents: no agent in '%s'", agents);
    return 0;
}

/* --judge eval | search | search:PLIES -> the judge's plies (1: the evaluation after the option). */
static int leaders_judge_option(const char *v, int *plies)
{
    *plies = 1;
    if (!v || !strcmp(v, "eval"))
        return 0;
    const char *n = !strcmp(v, "search") ? "2" : !strncmp(v, "search:", 7) ? v + 7 : NULL;
    char *end = NULL;
    long k = n ? strtol(n, &end, 10) : 0;
    if (!n || !*n || *end || k < 1 || k > FC_LEADERS_PLIES_MAX)
        return cli_usage("leaders: option --judge: '%s', expected eval, search or search:PLIES with PLIES 1..%d", v,
                         FC_LEADERS_PLIES_MAX);
    *plies = (int)k;
    return 0;
}

/* "the evaluation after the option" or "a 2-ply search". */
static const char *judge_text(int plies, char *buf, size_t n)
{
    if (plies <= 1)
        snprintf(buf, n, "the evaluation after the option");
    else
        snprintf(buf, n, "a %d-ply search", plies);
    return buf;
}

static int leaders_options(const cli *c, leaders_cli *l)
{
    fc_leaders_config *cfg = &l->cfg;
    int md = 0;
    if (!cli_opt_int(c, "--games", 1, 10000000, 100, &cfg->games) ||
        !cli_opt_int(c, "--threads", 1, 1024, 1, &cfg->threads) || !cli_opt_u64(c, "--seed", 1, &cfg->seed) ||
        !cli_opt_int(c, "--max-decisions", 1, 100000000, 0, &md) ||
        !cli_opt_int(c, "--opening", 0, 10000, 0, &cfg->opening))
        return CLI_EXIT_USAGE;
    cfg->max_decisions = md;
    cfg->threshold = FC_LEADERS_THRESHOLD_DEFAULT;
    cfg->margin = FC_LEADERS_MARGIN_DEFAULT;
    const char *t = cli_opt(c, "--threshold"), *m = cli_opt(c, "--margin");
    if (t && !cli_parse_double(t, 0, 1, &cfg->threshold))
        return cli_usage("leaders: option --threshold: '%s' is not a number in 0..1", t);
    if (m && !cli_parse_double(m, 0, 1, &cfg->margin))
        return cli_usage("leaders: option --margin: '%s' is not a number in 0..1", m);
    if (cli_flag(c, "--kingmakers") && cli_flag(c, "--no-kingmakers"))
        return cli_usage("leaders: --kingmakers and --no-kingmakers together");
    if (leaders_judge_option(cli_opt(c, "--judge"), &cfg->judge_plies) != 0)
        return CLI_EXIT_USAGE;
    const char *outs[3] = {cli_opt(c, "--csv"), cli_opt(c, "--json"), cli_opt(c, "--html")};
    int std = 0;
    for (int i = 0; i < 3; i++)
        std += outs[i] && !strcmp(outs[i], "-");
    if (std > 1)
        return cli_usage("leaders: only one of --csv, --json and --html may go to standard output");
    return 0;
}

static int leaders_setup(cli *c, leaders_cli *l, fc_context *ctx)
{
    fc_error err;
    fc_error_clear(&err);
    const fc_plugin *p = fc_context_find(ctx, c->pos[0], &err);
    if (!p)
        return cli_fail("%s", err.msg) + 1;
    l->game = p->id;
    l->corpus = cli_opt(c, "--corpus");
    int rc = leaders_options(c, l);
    if (rc == 0)
        rc = l->corpus ? leaders_corpus(c, l, ctx, p) : leaders_seats(c, l, p);
    if (rc != 0)
        return rc;
    if (l->nseats < p->min_seats || l->nseats > p->max_seats)
        return cli_usage("leaders: %d seats, but %s plays with %d to %d", l->nseats, p->id, p->min_seats,
                         p->max_seats);
    l->cfg.nagents = l->nseats;
    bool explicit_km = cli_flag(c, "--kingmakers") || cli_opt(c, "--threshold") || cli_opt(c, "--margin") ||
                       cli_opt(c, "--judge");
    l->cfg.kingmakers = !cli_flag(c, "--no-kingmakers") && (explicit_km || l->nseats >= 3);
    if (!l->corpus && !(l->rules = cli_rules(c, ctx, p->id, l->nseats)))
        return CLI_EXIT_USAGE;
    l->cfg.rules = l->rules;
    if (fc_leaders_check(&l->cfg, &err) != 0)
        return cli_usage("%s", err.msg);
    return 0;
}

/* "0.734 (0.61..0.83), 64 games" or "n/a (no games)". */
static void share_text(const fc_leaders_share *s, char *buf, size_t n)
{
    if (s->n <= 0)
        snprintf(buf, n, "n/a (no games)");
    else
        snprintf(buf, n, "%.3f (%.3f..%.3f) of %ld games", s->value, s->lo, s->hi, s->n);
}

static void leaders_print(const leaders_cli *l)
{
    const fc_leaders_result *r = &l->res;
    char text[4096];
    if (l->corpus)
        printf("leaders %s: %d players, %ld recorded games, %ld without a result (left out)\n", l->game, r->nseats,
               r->games, r->timeouts);
    else
        printf("leaders %s: %d players, %ld games, seed %llu, %ld timed out\n", l->game, r->nseats, r->games,
               (unsigned long long)l->cfg.seed, r->timeouts);
    cli_rules_text(leaders_shown(l), text, sizeof text);
    printf("rules: %s%s\n", l->corpus ? "each record's own; the first's: " : "", text);
    leaders_agents_text(l, text, sizeof text);
    printf("agents: %s\n", text);
    printf("lead curve: the share of games won by the seat the evaluation puts ahead at x%% of the game's "
           "decisions (chance: %.3f)\n", 1.0 / r->nseats);
    cli_table t;
    cli_table_init(&t, 5);
    cli_table_add(&t, "at", "P(leader wins)", "95% interval", "games", "tied lead");
    for (int p = 0; p < FC_LEADERS_POINTS; p++) {
        const fc_leaders_share *s = &r->lead[p];
        char at[16], v[24], iv[40], n[24], tie[24];
        snprintf(at, sizeof at, "%d%%", fc_leaders_point_pct(p));
        snprintf(v, sizeof v, s->n ? "%.3f" : "n/a", s->value);
        snprintf(iv, sizeof iv, s->n ? "%.3f..%.3f" : "n/a", s->lo, s->hi);
        snprintf(n, sizeof n, "%ld", s->n);
        snprintf(tie, sizeof tie, "%ld", r->no_leader[p]);
        cli_table_add(&t, at, v, iv, n, tie);
    }
    cli_table_print(&t, stdout, "  ");
    cli_table_free(&t);
    share_text(&r->comeback50, text, sizeof text);
    printf("comeback rate: won by a seat not leading at 50%%: %s\n", text);
    share_text(&r->comeback75, text, sizeof text);
    printf("               not leading at 75%%: %s\n", text);
    share_text(&r->from_last50, text, sizeof text);
    printf("               last at 50%%: %s\n", text);
    if (!r->kingmakers) {
        printf("kingmakers: not measured (%s)\n",
               r->nseats < 3 ? "two players: nobody else to choose" : "--no-kingmakers");
    } else {
        char jt[64];
        share_text(&r->km_games, text, sizeof text);
        printf("kingmakers (judged by %s): games with a kingmaker decision: %s\n",
               judge_text(r->judge_plies, jt, sizeof jt), text);
        printf("  %ld decisions of seats evaluated below %.3f examined, %ld chose who wins (margin %.3f)\n",
               r->km_checked, l->cfg.threshold, r->km_decisions, l->cfg.margin);
        if (r->judge_plies > 1) {
            share_text(&r->km_games_ply, text, sizeof text);
            printf("  the same decisions judged one ply deep: %ld chose who wins (%ld by both judges); games: %s\n",
                   r->km_decisions_ply, r->km_both, text);
        }
        printf("  where, by tenth of the game:");
        for (int b = 0; b < FC_LEADERS_BINS; b++)
            printf(" %ld", r->km_bins[b]);
        printf("\n");
    }
    printf("%.1f s\n", r->seconds);
}

static int leaders_write_csv(const leaders_cli *l, const char *path)
{
    fc_outfile *o = cli_open_output(path);
    if (!o)
        return CLI_EXIT_FAIL;
    FILE *f = fc_outfile_stream(o);
    const fc_leaders_result *r = &l->res;
    if (l->corpus)
        cli_csv_comment(f, "formicary leaders %s: %d players, %ld records in %s; seats 1-based, 0 = tied lead",
                        l->game, r->nseats, r->games, l->corpus);
    else
        cli_csv_comment(f, "formicary leaders %s: %d players, %ld games, seed %llu; seats 1-based, 0 = tied lead",
                        l->game, r->nseats, r->games, (unsigned long long)l->cfg.seed);
    fputs("game,timeout,decisions,winners", f);
    for (int p = 0; p < FC_LEADERS_POINTS; p++)
        fprintf(f, ",leader%d", fc_leaders_point_pct(p));
    fputs(",leader75,last50,kingmaker_checked,kingmaker,kingmaker_one_ply,kingmaker_both\n", f);
    for (long i = 0; i < r->games; i++) {
        const fc_leaders_game *g = &r->games_list[i];
        fprintf(f, "%ld,%d,%ld,", i, g->timeout, g->decisions);
        for (int s = 0, first = 1; s < r->nseats; s++)
            if (g->win[s] > 0) {
                fprintf(f, "%s%d", first ? "" : " ", s + 1);
                first = 0;
            }
        for (int p = 0; p < FC_LEADERS_POINTS; p++)
            fprintf(f, ",%d", g->leader[p] + 1);
        fprintf(f, ",%d,%d,%d,%d,%d,%d\n", g->leader75 + 1, g->last50 + 1, g->checked, g->kingmaker,
                g->kingmaker_ply, g->both);
    }
    return cli_finish_output(o);
}

static void json_share(cli_json *j, const char *key, const fc_leaders_share *s)
{
    cli_json_key(j, key);
    cli_json_obj(j);
    cli_json_key(j, "games");
    cli_json_int(j, s->n);
    const char *k[4] = {"count", "value", "lo", "hi"};
    double v[4] = {s->k, s->value, s->lo, s->hi};
    for (int i = 0; i < 4; i++) {
        cli_json_key(j, k[i]);
        isfinite(v[i]) ? cli_json_num(j, v[i]) : cli_json_null(j);
    }
    cli_json_end_obj(j);
}

static void leaders_json_kingmakers(cli_json *j, const leaders_cli *l)
{
    const fc_leaders_result *r = &l->res;
    cli_json_key(j, "kingmakers");
    if (!r->kingmakers) {
        cli_json_null(j);
        return;
    }
    cli_json_obj(j);
    cli_json_key(j, "threshold");
    cli_json_num(j, l->cfg.threshold);
    cli_json_key(j, "margin");
    cli_json_num(j, l->cfg.margin);
    cli_json_key(j, "judge");
    cli_json_str(j, r->judge_plies > 1 ? "search" : "eval");
    cli_json_key(j, "plies");
    cli_json_int(j, r->judge_plies);
    json_share(j, "games_with", &r->km_games);
    cli_json_key(j, "decisions_checked");
    cli_json_int(j, r->km_checked);
    cli_json_key(j, "decisions");
    cli_json_int(j, r->km_decisions);
    cli_json_key(j, "by_tenth");
    cli_json_arr(j);
    for (int b = 0; b < FC_LEADERS_BINS; b++)
        cli_json_int(j, r->km_bins[b]);
    cli_json_end_arr(j);
    if (r->judge_plies > 1) { /* the same decisions judged one ply deep */
        cli_json_key(j, "one_ply");
        cli_json_obj(j);
        json_share(j, "games_with", &r->km_games_ply);
        cli_json_key(j, "decisions");
        cli_json_int(j, r->km_decisions_ply);
        cli_json_key(j, "decisions_both");
        cli_json_int(j, r->km_both);
        cli_json_end_obj(j);
    }
    cli_json_end_obj(j);
}

static int leaders_write_json(const leaders_cli *l, const char *path)
{
    const fc_leaders_result *r = &l->res;
    cli_json j;
    fc_outfile *o = cli_json_report_begin(path, &j, l->game);
    if (!o)
        return CLI_EXIT_FAIL;
    FILE *f = fc_outfile_stream(o);
    const char *ik[6] = {"players", "games", "timeouts", "threads", "opening", "seed"};
    long long iv[6] = {r->nseats, r->games, r->timeouts, l->cfg.threads, l->cfg.opening, (long long)l->cfg.seed};
    for (int i = 0; i < 6; i++) {
        cli_json_key(&j, ik[i]);
        cli_json_int(&j, iv[i]);
    }
    cli_json_key(&j, "corpus");
    l->corpus ? cli_json_str(&j, l->corpus) : cli_json_null(&j);
    cli_rules_json(&j, "rule_set", leaders_shown(l));
    cli_json_key(&j, "agents_by_seat");
    cli_json_arr(&j);
    for (int s = 0; !l->corpus && s < l->nseats; s++) {
        cli_json_obj(&j);
        cli_seat_json_members(&j, &l->seat[s]);
        cli_json_end_obj(&j);
    }
    cli_json_end_arr(&j);
    cli_json_key(&j, "lead_curve");
    cli_json_arr(&j);
    for (int p = 0; p < FC_LEADERS_POINTS; p++) {
        cli_json_obj(&j);
        cli_json_key(&j, "percent");
        cli_json_int(&j, fc_leaders_point_pct(p));
        json_share(&j, "leader_wins", &r->lead[p]);
        cli_json_key(&j, "tied_lead");
        cli_json_int(&j, r->no_leader[p]);
        cli_json_end_obj(&j);
    }
    cli_json_end_arr(&j);
    json_share(&j, "comeback50", &r->comeback50);
    json_share(&j, "comeback75", &r->comeback75);
    json_share(&j, "from_last50", &r->from_last50);
    leaders_json_kingmakers(&j, l);
    cli_json_end_obj(&j);
    fputc('\n', f);
    return cli_finish_output(o);
}

static int leaders_write_html(const leaders_cli *l, const char *path)
{
    const fc_leaders_result *r = &l->res;
    char title[160], rules[4096], seats[4096], a[160], b[160];
    snprintf(title, sizeof title, "formicary leaders: %s", l->game);
    cli_html *h = cli_html_begin(path, title);
    if (!h)
        return CLI_EXIT_FAIL;
    cli_rules_text(leaders_shown(l), rules, sizeof rules);
    leaders_agents_text(l, seats, sizeof seats);
    cli_html_heading(h, "Runaway leaders");
    if (l->corpus)
        cli_html_text(h, "%d players, %ld recorded games (%ld without a result, left out), %.1f s. Rules: each record's "
                         "own; the first's: %s. Agents: %s.", r->nseats, r->games, r->timeouts, r->seconds, rules,
                      seats);
    else
        cli_html_text(h, "%d players, %ld games (%ld timed out), seed %llu, %.1f s. Rules: %s. Agents: %s.",
                      r->nseats, r->games, r->timeouts, (unsigned long long)l->cfg.seed, r->seconds, rules, seats);
    double x[FC_LEADERS_POINTS], y[FC_LEADERS_POINTS], lo[FC_LEADERS_POINTS], hi[FC_LEADERS_POINTS];
    for (int p = 0; p < FC_LEADERS_POINTS; p++) {
        x[p] = fc_leaders_point_pct(p);
        y[p] = r->lead[p].value;
        lo[p] = r->lead[p].lo;
        hi[p] = r->lead[p].hi;
    }
    cli_html_band_line(h, "P(the seat leading at x% wins), 95% Wilson band", "% of the game's decisions",
                       "P(leader wins)", x, y, lo, hi, FC_LEADERS_POINTS, 1.0 / r->nseats);
    share_text(&r->comeback50, a, sizeof a);
    share_text(&r->comeback75, b, sizeof b);
    cli_html_text(h, "Comeback rate (won by a seat not leading): at 50%% %s; at 75%% %s. The dashed line is "
                     "chance (1/players). The leader is the seat the game's evaluation puts highest after that "
                     "share of the decisions (docs/metrics.md).", a, b);
    cli_html_heading(h, "Kingmakers");
    if (!r->kingmakers) {
        cli_html_text(h, "Not measured (%s).", r->nseats < 3 ? "two players" : "--no-kingmakers");
    } else {
        char jt[64];
        share_text(&r->km_games, a, sizeof a);
        cli_html_text(h, "Games with a kingmaker decision: %s. %ld decisions of seats evaluated below %.3f "
                         "examined, %ld chose which other seat leads by %.3f or more, judged by %s.",
                      a, r->km_checked, l->cfg.threshold, r->km_decisions, l->cfg.margin,
                      judge_text(r->judge_plies, jt, sizeof jt));
        share_text(&r->km_games_ply, b, sizeof b);
        if (r->judge_plies > 1)
            cli_html_text(h, "The same decisions judged one ply deep (the evaluation after the option): %ld "
                             "kingmaker decisions, %ld of them found by both judges; games: %s.",
                          r->km_decisions_ply, r->km_both, b);
        double v[FC_LEADERS_BINS];
        char lab[FC_LEADERS_BINS][16];
        const char *labels[FC_LEADERS_BINS];
        for (int k = 0; k < FC_LEADERS_BINS; k++) {
            v[k] = (double)r->km_bins[k];
            snprintf(lab[k], sizeof lab[k], "%d-%d%%", 10 * k, 10 * k + 10);
            labels[k] = lab[k];
        }
        cli_html_bars(h, "Kingmaker decisions by tenth of the game", "decisions", labels, v, FC_LEADERS_BINS);
    }
    return cli_html_end(h);
}

/* The run in the runs database (docs/runs.md): the seats, the curve and the shares. */
static cli_runs *leaders_record_begin(const cli *c, const leaders_cli *l)
{
    cli_runs *runs = cli_runs_begin(c, "leaders", l->game, l->nseats, l->cfg.seed, l->cfg.threads,
                                    l->corpus ? l->npath : l->cfg.games);
    char text[8192];
    cli_rules_text(leaders_shown(l), text, sizeof text);
    cli_runs_design(runs, "A", leaders_shown(l), text);
    for (int s = 0; runs && !l->corpus && s < l->nseats; s++)
        cli_runs_seat(runs, s + 1, l->spec[s], l->seat[s].tier[0] ? l->seat[s].tier : NULL);
    return runs;
}

static void leaders_record_end(cli_runs *runs, const leaders_cli *l, bool complete)
{
    const fc_leaders_result *r = &l->res;
    for (int p = 0; runs && complete && p < FC_LEADERS_POINTS; p++) {
        char name[32];
        snprintf(name, sizeof name, "leader_wins:%d", fc_leaders_point_pct(p));
        cli_runs_metric(runs, "", name, r->lead[p].value, r->lead[p].lo, r->lead[p].hi, NAN, NULL);
    }
    const fc_leaders_share *s[5] = {&r->comeback50, &r->comeback75, &r->from_last50, &r->km_games,
                                    &r->km_games_ply};
    const char *names[5] = {"comeback:50", "comeback:75", "from_last:50", "kingmaker_games", "kingmaker_games:one_ply"};
    for (int i = 0; runs && complete && i < (!r->kingmakers ? 3 : r->judge_plies > 1 ? 5 : 4); i++)
        cli_runs_metric(runs, "", names[i], s[i]->value, s[i]->lo, s[i]->hi, NAN, NULL);
    cli_runs_end(runs, complete, complete ? r->games : 0);
}

static int leaders_outputs(const cli *c, const leaders_cli *l)
{
    const char *csv = cli_opt(c, "--csv"), *json = cli_opt(c, "--json"), *html = cli_opt(c, "--html");
    bool quiet = (csv && !strcmp(csv, "-")) || (json && !strcmp(json, "-")) || (html && !strcmp(html, "-"));
    if (!quiet)
        leaders_print(l);
    if ((csv && leaders_write_csv(l, csv) != 0) || (json && leaders_write_json(l, json) != 0) ||
        (html && leaders_write_html(l, html) != 0))
        return CLI_EXIT_FAIL;
    return 0;
}

int cli_cmd_leaders(cli *c)
{
    leaders_cli *l = calloc(1, sizeof *l);
    if (!l)
        return cli_fail("out of memory");
    if (cli_mpi_begin() != 0) { /* under mpirun every rank runs this with the same arguments */
        free(l);
        return CLI_EXIT_FAIL;
    }
    fc_context *ctx = cli_context(c, NULL, 0);
    int rc = cli_mpi_agree(ctx ? leaders_setup(c, l, ctx) : CLI_EXIT_FAIL);
    if (rc == 0) {
        if (cli_mpi_size() > 1) /* the games and their replays are spread over the ranks */
            l->cfg.spread = cli_mpi_spread;
        bool progress = cli_mpi_rank() == 0 && (cli_flag(c, "--progress") || isatty(STDERR_FILENO));
        if (progress)
            l->cfg.progress = leaders_progress;
        cli_runs *runs = leaders_record_begin(c, l);
        fc_error err;
        fc_error_clear(&err);
        rc = fc_leaders_run(&l->cfg, &l->res, &err);
        if (progress)
            fputc('\n', stderr);
        leaders_record_end(runs, l, rc == 0);
        if (cli_mpi_rank() != 0) /* rank 0 alone reports and gives the exit status */
            rc = 0;
        else
            rc = rc != 0 ? cli_fail("leaders: %s", err.msg) : leaders_outputs(c, l);
    }
    fc_leaders_result_free(&l->res);
    leaders_corpus_free(l);
    fc_rules_free(l->rules);
    fc_context_free(ctx);
    free(l);
    cli_mpi_end();
    return rc;
}
