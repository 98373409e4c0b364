/* `formicary openings GAME`: what an agent plays at the start of a rule set, and whether a short
 * forced win exists there (core/include/formicary/openings.h; method in docs/metrics.md,
 * "Openings"). This file parses the command line and prints the table, CSV, JSON and HTML. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "html.h"
#include "sim_mpi.h"
#include "study.h"
#include "formicary/openings.h"

#define OPENINGS_FORCED_DEFAULT 4

const cli_optdef cli_opts_openings[] = {
    {"--agent", "SPEC", false, "the agent (or tier) of every seat (default greedy)"},
    {"--seats", "N", false, "players (default: the game's minimum)"},
    {"--depth", "K", false, "seat decisions of an opening line, 1..16 (default 4)"},
    {"--games", "N", false, "games to start (default 100)"},
    {"--threads", "K", false, "worker threads (default 1); results do not depend on K"},
    {"--seed", "S", false, "base seed (default 1): game i uses seeds derived from (S, i)"},
    {"--forced-depth", "D", false,
     "plies of the forced-win search, 0..12 (default 4 in a deterministic two-player game, "
     "else none); 0 turns it off"},
    {"--forced-lines", "N", false, "also search after the N most common lines, 0..10 (default 3)"},
    {"--position", "FILE", false, "every game starts from the position in FILE (games with positions)"},
    {"--rules", "F.ini|NAME", false, "rule set: a file, or a shipped one by name (config/GAME/NAME.ini)"},
    {"--variant", "F.lua", false, "Lua variant"},
    {"--set", "KEY=VALUE", true, "override one parameter"},
    {"--csv", "F", false, "write the most common lines to F"},
    {"--json", "F", false, "write the study as JSON to F ('-' for stdout instead of the table)"},
    {"--html", "F", false, "write a report page (bar chart of the lines) to F"},
    {"--progress", NULL, false, "show the progress line even when stderr is not a terminal"},
    CLI_RUNS_DB_OPTS,
    {NULL, NULL, false, NULL},
};

typedef struct openings_cli {
    const char *game;
    int nseats;
    bool deterministic; /* two seats, nothing hidden: the forced-win search applies */
    char spec[256];
    cli_seat seat[FC_MAX_SEATS];
    char *position;
    fc_rules *rules;
    fc_openings_config cfg;
    fc_openings_result res;
} openings_cli;

static void openings_progress(void *ud, int done, int total)
{
    (void)ud;
    fprintf(stderr, "\ropenings: %d/%d games", done, total);
    fflush(stderr);
}

static int openings_options(const cli *c, openings_cli *o)
{
    fc_openings_config *cfg = &o->cfg;
    if (!cli_opt_int(c, "--games", 1, 10000000, 100, &cfg->games) ||
        !cli_opt_int(c, "--threads", 1, 1024, 1, &cfg->threads) || !cli_opt_u64(c, "--seed", 1, &cfg->seed) ||
        !cli_opt_int(c, "--depth", 1, FC_OPENINGS_MAX_DEPTH, 4, &cfg->depth) ||
        !cli_opt_int(c, "--forced-depth", 0, FC_OPENINGS_MAX_FORCED_DEPTH, 0, &cfg->forced_depth) ||
        !cli_opt_int(c, "--forced-lines", 0, FC_OPENINGS_TOP, 3, &cfg->forced_lines))
        return CLI_EXIT_USAGE;
    const char *outs[3] = {cli_opt(c, "--csv"), cli_opt(c, "--json"), cli_opt(c, "--html")};
    int std = 0;
    for (int i = 0; i < 3; i++)
        std += outs[i] && !strcmp(outs[i], "-");
    if (std > 1)
        return cli_usage("openings: only one of --csv, --json and --html may go to standard output");
    return 0;
}

/* The position text of --position, read and checked by the game (file:line errors). */
static int openings_position(const cli *c, openings_cli *o)
{
    const char *path = cli_opt(c, "--position");
    if (!path)
        return 0;
    fc_error err;
    fc_error_clear(&err);
    fc_match *m = cli_position_match(o->rules, 1, path, &err);
    if (!m)
        return cli_usage("openings: option --position: %s", err.msg);
    const char *text = fc_match_position(m);
    o->position = text ? strdup(text) : NULL;
    fc_match_free(m);
    if (!o->position)
        return cli_fail("out of memory");
    o->cfg.position = o->position;
    return 0;
}

static int openings_setup(cli *c, openings_cli *o, fc_context *ctx)
{
    fc_error err;
    fc_error_clear(&err);
    const fc_plugin *p = fc_context_find(ctx, c->pos[0], &err);
    if (!p)
        return cli_fail("%s", err.msg) + 1;
    o->game = p->id;
    int rc = openings_options(c, o);
    if (rc != 0)
        return rc;
    if (!cli_opt_int(c, "--seats", p->min_seats, p->max_seats, p->min_seats, &o->nseats))
        return CLI_EXIT_USAGE;
    const char *given = cli_opt(c, "--agent") ? cli_opt(c, "--agent") : "greedy";
    char resolved[256];
    int tier = cli_agent_spec(p->id, given, resolved, sizeof resolved, &err);
    fc_agent *a = tier < 0 ? NULL : fc_agent_new(resolved, 0, &err);
    if (!a)
        return cli_usage("openings: option --agent: %s", err.msg);
    snprintf(o->spec, sizeof o->spec, "%s", fc_agent_spec(a));
    fc_agent_free(a);
    for (int s = 0; s < o->nseats; s++)
        cli_seat_from(p->id, given, o->spec, &o->seat[s]);
    o->cfg.agent = o->spec;
    if (!(o->rules = cli_rules(c, ctx, p->id, o->nseats)))
        return CLI_EXIT_USAGE;
    o->cfg.rules = o->rules;
    o->deterministic = o->nseats == 2 && !p->game->determinize;
    if (!cli_opt(c, "--forced-depth") && o->deterministic)
        o->cfg.forced_depth = OPENINGS_FORCED_DEFAULT;
    if ((rc = openings_position(c, o)) != 0)
        return rc;
    if (fc_openings_check(&o->cfg, &err) != 0)
        return cli_usage("%s", err.msg);
    return 0;
}

/* "White (seat 1) wins in 3 plies" and the like, for the table and the page. */
static void forced_text(const fc_openings_forced *f, char *buf, size_t n)
{
    switch (f->verdict) {
    case FC_OPENINGS_WIN:
    case FC_OPENINGS_LOSS:
        snprintf(buf, n, "FORCED: seat %d wins in %d plies (seat %d to move %s)", f->winner + 1, f->plies,
                 f->to_move + 1, f->verdict == FC_OPENINGS_WIN ? "wins" : "loses");
        break;
    case FC_OPENINGS_OVER:
        snprintf(buf, n, "the game is over there");
        break;
    default:
        snprintf(buf, n, "no forced result within %d plies", f->depth);
    }
}

static void openings_print(const openings_cli *o)
{
    const fc_openings_result *r = &o->res;
    char text[4096];
    printf("openings %s: %d players, %ld games, first %d decisions, seed %llu\n", o->game, o->nseats, r->games,
           r->depth, (unsigned long long)o->cfg.seed);
    cli_rules_text(o->rules, text, sizeof text);
    printf("rules: %s\n", text);
    cli_seat_text(&o->seat[0], text, sizeof text);
    printf("agent: %s in every seat%s\n", text, o->position ? "; from the position of --position" : "");
    printf("entropy of the first k decisions (bits; at most %.2f with %ld games):\n", r->max_entropy, r->games);
    cli_table t;
    cli_table_init(&t, 3);
    cli_table_add(&t, "k", "entropy", "distinct lines");
    for (int j = 0; j < r->depth; j++) {
        char k[16], e[24], d[24];
        snprintf(k, sizeof k, "%d", j + 1);
        snprintf(e, sizeof e, "%.3f", r->entropy[j]);
        snprintf(d, sizeof d, "%ld", r->distinct[j]);
        cli_table_add(&t, k, e, d);
    }
    cli_table_print(&t, stdout, "  ");
    cli_table_free(&t);
    if (r->ended)
        printf("%ld games ended before %d decisions (their shorter lines count as they are)\n", r->ended, r->depth);
    printf("most common lines:\n");
    cli_table_init(&t, 4);
    cli_table_add(&t, "#", "games", "share (95%)", "line");
    for (int i = 0; i < r->nlines; i++) {
        const fc_openings_line *l = &r->lines[i];
        char k[16], cnt[24], sh[48], line[FC_OPENINGS_LINE];
        snprintf(k, sizeof k, "%d", i + 1);
        snprintf(cnt, sizeof cnt, "%ld", l->count);
        snprintf(sh, sizeof sh, "%.3f (%.3f..%.3f)", l->share, l->lo, l->hi);
        fc_escape(l->text, line, sizeof line);
        cli_table_add(&t, k, cnt, sh, line);
    }
    cli_table_print(&t, stdout, "  ");
    cli_table_free(&t);
    if (!r->forced_searched) {
        printf("forced win: not searched (%s)\n",
               o->deterministic ? "--forced-depth 0" : "not a deterministic two-player game");
    } else {
        for (int i = 0; i < r->nforced; i++) {
            const fc_openings_forced *f = &r->forced[i];
            forced_text(f, text, sizeof text);
            char where[32];
            snprintf(where, sizeof where, f->line < 0 ? "the start" : "after line %d", f->line + 1);
            printf("forced win from %s: %s (%llu nodes, %.2f s)\n", where, text, (unsigned long long)f->nodes,
                   f->seconds);
        }
        printf("%s\n", r->flagged ? "FLAG: a short forced win exists near the start of this rule set"
                                  : "no short forced win found");
    }
    printf("%.1f s\n", r->seconds);
}

static void csv_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

static int openings_write_csv(const openings_cli *o, const char *path)
{
    fc_outfile *out = cli_open_output(path);
    if (!out)
        return CLI_EXIT_FAIL;
    FILE *f = fc_outfile_stream(out);
    const fc_openings_result *r = &o->res;
    cli_csv_comment(f, "formicary openings %s: %ld games, first %d decisions, agent %s, seed %llu", o->game, r->games,
                    r->depth, o->spec, (unsigned long long)o->cfg.seed);
    fputs("rank,games,share,lo,hi,decisions,line\n", f);
    for (int i = 0; i < r->nlines; i++) {
        const fc_openings_line *l = &r->lines[i];
        fprintf(f, "%d,%ld,%.4f,%.4f,%.4f,%d,", i + 1, l->count, l->share, l->lo, l->hi, l->len);
        csv_str(f, l->text);
        fputc('\n', f);
    }
    return cli_finish_output(out);
}

static void openings_json_forced(cli_json *j, const fc_openings_result *r)
{
    cli_json_key(j, "forced");
    if (!r->forced_searched) {
        cli_json_null(j);
        return;
    }
    cli_json_obj(j);
    cli_json_key(j, "flagged");
    cli_json_bool(j, r->flagged);
    cli_json_key(j, "searches");
    cli_json_arr(j);
    for (int i = 0; i < r->nforced; i++) {
        const fc_openings_forced *f = &r->forced[i];
        cli_json_obj(j);
        cli_json_key(j, "line");
        f->line < 0 ? cli_json_null(j) : cli_json_int(j, f->line + 1);
        cli_json_key(j, "verdict");
        cli_json_str(j, fc_openings_verdict_name(f->verdict));
        const char *k[5] = {"to_move", "winner", "plies", "depth", "nodes"};
        long long v[5] = {f->to_move + 1, f->winner + 1, f->plies, f->depth, (long long)f->nodes};
        for (int m = 0; m < 5; m++) {
            cli_json_key(j, k[m]);
            m < 2 && v[m] < 1 ? cli_json_null(j) : cli_json_int(j, v[m]); /* seats 1-based, null: none */
        }
        cli_json_end_obj(j);
    }
    cli_json_end_arr(j);
    cli_json_end_obj(j);
}

static int openings_write_json(const openings_cli *o, const char *path)
{
    const fc_openings_result *r = &o->res;
    cli_json j;
    fc_outfile *out = cli_json_report_begin(path, &j, o->game);
    if (!out)
        return CLI_EXIT_FAIL;
    FILE *f = fc_outfile_stream(out);
    cli_json_key(&j, "agent");
    cli_json_str(&j, o->spec);
    const char *ik[6] = {"players", "games", "depth", "ended_early", "threads", "seed"};
    long long iv[6] = {o->nseats, r->games, r->depth, r->ended, o->cfg.threads, (long long)o->cfg.seed};
    for (int i = 0; i < 6; i++) {
        cli_json_key(&j, ik[i]);
        cli_json_int(&j, iv[i]);
    }
    cli_json_key(&j, "from_position");
    cli_json_bool(&j, o->position != NULL);
    cli_rules_json(&j, "rule_set", o->rules);
    cli_json_key(&j, "max_entropy");
    cli_json_num(&j, r->max_entropy);
    cli_json_key(&j, "entropy");
    cli_json_arr(&j);
    for (int k = 0; k < r->depth; k++)
        cli_json_num(&j, r->entropy[k]);
    cli_json_end_arr(&j);
    cli_json_key(&j, "distinct");
    cli_json_arr(&j);
    for (int k = 0; k < r->depth; k++)
        cli_json_int(&j, r->distinct[k]);
    cli_json_end_arr(&j);
    cli_json_key(&j, "lines");
    cli_json_arr(&j);
    for (int i = 0; i < r->nlines; i++) {
        const fc_openings_line *l = &r->lines[i];
        cli_json_obj(&j);
        cli_json_key(&j, "line");
        cli_json_str(&j, l->text);
        cli_json_key(&j, "games");
        cli_json_int(&j, l->count);
        const char *k[3] = {"share", "lo", "hi"};
        double v[3] = {l->share, l->lo, l->hi};
        for (int m = 0; m < 3; m++) {
            cli_json_key(&j, k[m]);
            cli_json_num(&j, v[m]);
        }
        cli_json_end_obj(&j);
    }
    cli_json_end_arr(&j);
    openings_json_forced(&j, r);
    cli_json_end_obj(&j);
    fputc('\n', f);
    return cli_finish_output(out);
}

static int openings_write_html(const openings_cli *o, const char *path)
{
    const fc_openings_result *r = &o->res;
    char title[160], rules[4096], seat[512];
    snprintf(title, sizeof title, "formicary openings: %s", o->game);
    cli_html *h = cli_html_begin(path, title);
    if (!h)
        return CLI_EXIT_FAIL;
    cli_rules_text(o->rules, rules, sizeof rules);
    cli_seat_text(&o->seat[0], seat, sizeof seat);
    cli_html_heading(h, "Openings");
    cli_html_text(h, "%d players, %ld games, the first %d decisions by %s in every seat, seed %llu, %.1f s. Rules: %s.",
                  o->nseats, r->games, r->depth, seat, (unsigned long long)o->cfg.seed, r->seconds, rules);
    const char *cells[(FC_OPENINGS_MAX_DEPTH + 1) * 3] = {"k", "entropy (bits)", "distinct lines"};
    char buf[FC_OPENINGS_MAX_DEPTH][2][24];
    for (int k = 0; k < r->depth; k++) {
        snprintf(buf[k][0], 24, "%.3f", r->entropy[k]);
        snprintf(buf[k][1], 24, "%ld", r->distinct[k]);
        static const char *const ks[] = {"1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14",
                                         "15", "16"};
        cells[(k + 1) * 3] = ks[k];
        cells[(k + 1) * 3 + 1] = buf[k][0];
        cells[(k + 1) * 3 + 2] = buf[k][1];
    }
    cli_html_table(h, 3, r->depth + 1, cells);
    cli_html_text(h, "The sample shows at most %.2f bits (log2 of the games); a plug-in estimate, low when the "
                     "lines are many.", r->max_entropy);
    const char *labels[FC_OPENINGS_TOP];
    double v[FC_OPENINGS_TOP];
    for (int i = 0; i < r->nlines; i++) {
        labels[i] = r->lines[i].text;
        v[i] = (double)r->lines[i].count;
    }
    cli_html_bars(h, "Most common opening lines", "games", labels, v, r->nlines);
    cli_html_heading(h, "Forced win near the start");
    if (!r->forced_searched)
        cli_html_text(h, "Not searched: %s.",
                      o->deterministic ? "--forced-depth 0" : "not a deterministic two-player game");
    for (int i = 0; i < r->nforced; i++) {
        char text[256];
        forced_text(&r->forced[i], text, sizeof text);
        if (r->forced[i].line < 0)
            cli_html_text(h, "From the start: %s.", text);
        else
            cli_html_text(h, "After line %d: %s.", r->forced[i].line + 1, text);
    }
    if (r->forced_searched)
        cli_html_text(h, "%s", r->flagged ? "FLAG: a short forced win exists near the start of this rule set."
                                          : "No short forced win found.");
    return cli_html_end(h);
}

static cli_runs *openings_record_begin(const cli *c, const openings_cli *o)
{
    cli_runs *runs = cli_runs_begin(c, "openings", o->game, o->nseats, o->cfg.seed, o->cfg.threads, o->cfg.games);
    char text[8192];
    cli_rules_text(o->rules, text, sizeof text);
    cli_runs_design(runs, "A", o->rules, text);
    for (int s = 0; runs && s < o->nseats; s++)
        cli_runs_seat(runs, s + 1, o->spec, o->seat[s].tier[0] ? o->seat[s].tier : NULL);
    return runs;
}

static void openings_record_end(cli_runs *runs, const openings_cli *o, bool complete)
{
    const fc_openings_result *r = &o->res;
    for (int k = 0; runs && complete && k < r->depth; k++) {
        char name[32];
        snprintf(name, sizeof name, "entropy:%d", k + 1);
        cli_runs_metric(runs, "", name, r->entropy[k], NAN, NAN, NAN, NULL);
    }
    for (int i = 0; runs && complete && i < r->nlines && i < 3; i++) {
        char name[32];
        snprintf(name, sizeof name, "line:%d", i + 1);
        cli_runs_metric(runs, "", name, r->lines[i].share, r->lines[i].lo, r->lines[i].hi, NAN, r->lines[i].text);
    }
    if (runs && complete && r->forced_searched)
        cli_runs_metric(runs, "", "forced_win", r->flagged, NAN, NAN, NAN,
                        r->flagged ? "a short forced win found" : "none found");
    cli_runs_end(runs, complete, complete ? r->games : 0);
}

static int openings_outputs(const cli *c, const openings_cli *o)
{
    const char *csv = cli_opt(c, "--csv"), *json = cli_opt(c, "--json"), *html = cli_opt(c, "--html");
    bool quiet = (csv && !strcmp(csv, "-")) || (json && !strcmp(json, "-")) || (html && !strcmp(html, "-"));
    if (!quiet)
        openings_print(o);
    if ((csv && openings_write_csv(o, csv) != 0) || (json && openings_write_json(o, json) != 0) ||
        (html && openings_write_html(o, html) != 0))
        return CLI_EXIT_FAIL;
    return 0;
}

int cli_cmd_openings(cli *c)
{
    openings_cli *o = calloc(1, sizeof *o);
    if (!o)
        return cli_fail("out of memory");
    if (cli_mpi_begin() != 0) { /* under mpirun every rank runs this with the same arguments */
        free(o);
        return CLI_EXIT_FAIL;
    }
    fc_context *ctx = cli_context(c, NULL, 0);
    int rc = cli_mpi_agree(ctx ? openings_setup(c, o, ctx) : CLI_EXIT_FAIL);
    if (rc == 0) {
        if (cli_mpi_size() > 1) /* the games are spread over the ranks; each rank searches */
            o->cfg.spread = cli_mpi_spread;
        bool progress = cli_mpi_rank() == 0 && (cli_flag(c, "--progress") || isatty(STDERR_FILENO));
        if (progress)
            o->cfg.progress = openings_progress;
        cli_runs *runs = openings_record_begin(c, o);
        fc_error err;
        fc_error_clear(&err);
        rc = fc_openings_run(&o->cfg, &o->res, &err);
        if (progress)
            fputc('\n', stderr);
        openings_record_end(runs, o, rc == 0);
        if (cli_mpi_rank() != 0) /* rank 0 alone reports and gives the exit status */
            rc = 0;
        else
            rc = rc != 0 ? cli_fail("%s", err.msg) : openings_outputs(c, o);
    }
    fc_rules_free(o->rules);
    fc_context_free(ctx);
    free(o->position);
    free(o);
    cli_mpi_end();
    return rc;
}
