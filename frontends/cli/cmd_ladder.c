/* `formicary ladder GAME --agents 'SPEC;SPEC;...'`: a round robin between agents and their
 * ratings with 95% intervals (core/include/formicary/ladder.h; method in docs/metrics.md,
 * "Ladder"). This file parses the command line and writes the table, CSV, JSON and HTML. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "html.h"
#include "sim_mpi.h"
#include "study.h"
#include "formicary/ladder.h"

const cli_optdef cli_opts_ladder[] = {
    {"--agents", "'SPEC;SPEC;...'", false, "the agents, separated by ';' (at least 2; specs as in --seats)"},
    {"--games", "N", false, "games per pair (per table with more players) at most (default 20)"},
    {"--players", "N", false, "number of players (default: the game's minimum)"},
    {"--until-separated", NULL, false, "stop after a round in which neighbours' intervals no longer overlap"},
    {"--threads", "K", false, "worker threads (default 1); results do not depend on K"},
    {"--seed", "S", false, "base seed (default 1)"},
    {"--max-decisions", "N", false, "decisions before a game counts as a draw by timeout (default 100000)"},
    {"--opening", "N", false, "the first N decisions of every game are random, the same for both games of a deal (varied openings)"},
    {"--set", "KEY=VALUE", true, "override one parameter"},
    {"--rules", "F.ini|NAME", false, "rule set: a file, or a shipped one by name (config/GAME/NAME.ini)"},
    {"--variant", "F.lua", false, "Lua variant"},
    {"--csv", "F", false, "write one row per agent to F"},
    {"--json", "F", false, "write the ladder as JSON to F ('-' for stdout instead of the table)"},
    {"--html", "F", false, "write a report page to F"},
    {"--progress", NULL, false, "show the progress line even when stderr is not a terminal"},
    CLI_RUNS_DB_OPTS,
    {NULL, NULL, false, NULL},
};

#define LADDER_SPEC_TEXT 4096

typedef struct ladder_cli {
    char text[LADDER_SPEC_TEXT];
    fc_ladder_config cfg;
    fc_ladder_result res;
    int order[FC_LADDER_MAX_AGENTS]; /* agents by rating, best first */
    /* next[k]: what the games of order[k] and order[k + 1] against each other can detect */
    fc_ladder_mde next[FC_LADDER_MAX_AGENTS];
    char spec[FC_LADDER_MAX_AGENTS][256]; /* the agent specs played (tiers resolved) */
    char name[FC_LADDER_MAX_AGENTS][300]; /* as shown: the spec, or "hard (mcts:iters=1000)" */
    const char *game;
} ladder_cli;

static void ladder_progress(void *ud, long done, long total)
{
    (void)ud;
    fprintf(stderr, "\rladder: %ld/%ld games (at most)", done, total);
    fflush(stderr);
}

/* Under mpirun: the games of each (table, rotation) over the ranks (docs/distributed.md). */
static int ladder_play_mpi(void *ud, const fc_sim_config *cfg, int first, int count, fc_sim_game *out,
                           fc_error *err)
{
    (void)ud;
    return cli_sim_run(cfg, first, count, out, NULL, 0, err);
}

/* Splits --agents on ';' into cfg.agents and checks every spec. */
static int ladder_agents(const cli *c, ladder_cli *l)
{
    const char *v = cli_opt(c, "--agents");
    if (!v)
        return cli_usage("ladder: --agents 'SPEC;SPEC;...' is required");
    if (strlen(v) >= sizeof l->text)
        return cli_usage("ladder: --agents is too long");
    snprintf(l->text, sizeof l->text, "%s", v);
    int n = 0;
    for (char *save = NULL, *tok = strtok_r(l->text, ";", &save); tok; tok = strtok_r(NULL, ";", &save)) {
        while (*tok == ' ')
            tok++;
        for (size_t k = strlen(tok); k > 0 && tok[k - 1] == ' '; k--)
            tok[k - 1] = 0;
        if (!*tok)
            continue;
        if (n == FC_LADDER_MAX_AGENTS)
            return cli_usage("ladder: more than %d agents", FC_LADDER_MAX_AGENTS);
        fc_error e;
        fc_error_clear(&e);
        int tier = cli_agent_spec(c->pos[0], tok, l->spec[n], sizeof l->spec[n], &e);
        fc_agent *a = tier < 0 ? NULL : fc_agent_new(l->spec[n], 0, &e);
        if (!a)
            return cli_usage("ladder: agent %d: %s", n + 1, e.msg);
        fc_agent_free(a);
        char label[300]; /* tok lies in l->text: no snprintf from l into l */
        if (tier == 1)
            snprintf(label, sizeof label, "%.40s (%.255s)", tok, l->spec[n]);
        else
            snprintf(label, sizeof label, "%.255s", tok);
        memcpy(l->name[n], label, sizeof label);
        l->cfg.agents[n] = l->spec[n];
        n++;
    }
    if (n < 2)
        return cli_usage("ladder: %d agent%s given, a ladder needs at least 2 (separate them with ';')", n,
                         n == 1 ? "" : "s");
    l->cfg.nagents = n;
    return 0;
}

static int ladder_options(const cli *c, ladder_cli *l, int *players)
{
    fc_ladder_config *cfg = &l->cfg;
    cfg->anchor = -1;
    int md = 0;
    if (!cli_opt_int(c, "--games", 1, 10000000, 20, &cfg->games) ||
        !cli_opt_int(c, "--players", 2, 7, 0, players) || !cli_opt_int(c, "--threads", 1, 1024, 1, &cfg->threads) ||
        !cli_opt_u64(c, "--seed", 1, &cfg->seed) || !cli_opt_int(c, "--max-decisions", 1, 100000000, 0, &md))
        return CLI_EXIT_USAGE;
    cfg->max_decisions = md;
    if (!cli_opt_int(c, "--opening", 0, 10000, 0, &cfg->opening))
        return CLI_EXIT_USAGE;
    cfg->until_separated = cli_flag(c, "--until-separated");
    const char *outs[3] = {cli_opt(c, "--csv"), cli_opt(c, "--json"), cli_opt(c, "--html")};
    int stdout_uses = 0;
    for (int i = 0; i < 3; i++)
        stdout_uses += outs[i] && strcmp(outs[i], "-") == 0;
    if (stdout_uses > 1)
        return cli_usage("ladder: only one of --csv, --json and --html may go to standard output");
    return ladder_agents(c, l);
}

/* The agents by rating, and each one's detectable difference with the next below it. */
static int ladder_sort(ladder_cli *l)
{
    const fc_ladder_result *r = &l->res;
    for (int i = 0; i < r->nagents; i++) {
        int j = i;
        while (j > 0 && r->rating[l->order[j - 1]].elo < r->rating[i].elo) {
            l->order[j] = l->order[j - 1];
            j--;
        }
        l->order[j] = i;
    }
    fc_error err;
    fc_error_clear(&err);
    for (int k = 0; k < r->nagents; k++)
        l->next[k] = (fc_ladder_mde){0, NAN, NAN, NAN, NAN};
    for (int k = 0; k + 1 < r->nagents; k++)
        if (fc_ladder_pair_mde(r, l->order[k], l->order[k + 1], &l->next[k], &err) != 0)
            return cli_fail("ladder: %s", err.msg);
    return 0;
}

/* "0.123" and "85" (Elo); "n/a" when nothing is detectable, "unbounded" for no finite Elo. */
static void ladder_mde_text(const fc_ladder_mde *m, char *score, char *elo, size_t n)
{
    snprintf(score, n, isnan(m->mde) ? "n/a" : "%.3f", m->mde);
    snprintf(elo, n, isnan(m->elo) ? "n/a" : isinf(m->elo) ? "unbounded" : "%.0f", m->elo);
}

/* Neighbours' detectable differences: a table of the pairs by rating. */
static void ladder_print_neighbours(const ladder_cli *l)
{
    const fc_ladder_result *r = &l->res;
    printf("detectable between neighbours: the smallest true difference of score from 0.5 (and in Elo) their deals "
           "against each other detect with 80%% power at 95%% confidence, from the spread measured (n/a: fewer than "
           "2 deals or no variation; unbounded: not even a sure win would be detected)\n");
    cli_table t;
    cli_table_init(&t, 5);
    cli_table_add(&t, "neighbours", "deals", "score", "detectable", "Elo");
    for (int k = 0; k + 1 < r->nagents; k++) {
        const fc_ladder_mde *m = &l->next[k];
        char pair[64], deals[16], sc[16], ms[24], me[24];
        snprintf(pair, sizeof pair, "%d-%d", k + 1, k + 2);
        snprintf(deals, sizeof deals, "%d", m->deals);
        snprintf(sc, sizeof sc, isnan(m->score) ? "-" : "%.3f", m->score);
        ladder_mde_text(m, ms, me, sizeof ms);
        cli_table_add(&t, pair, deals, sc, ms, me);
    }
    cli_table_print(&t, stdout, "  ");
    cli_table_free(&t);
}

/* Agent a's results against every opponent it met: wins, ties (draws) and losses, counted per
 * opponent at the table (with two players: per game). */
static void ladder_wdl(const fc_ladder_result *r, int a, int *w, int *d, int *l)
{
    *w = *d = *l = 0;
    for (int b = 0; b < r->nagents; b++) {
        int i = a * r->nagents + b, won = (int)(r->pair[i] - 0.5 * r->tie[i] + 0.5);
        *w += won;
        *d += r->tie[i];
        *l += r->meet[i] - won - r->tie[i];
    }
}

static void ladder_print(const ladder_cli *l)
{
    const fc_ladder_result *r = &l->res;
    printf("ladder %s: %d agents, %d players, %d table%s, %ld games (%d per table) in %d round%s, seed %llu\n", l->game,
           r->nagents, r->nseats, r->ntables, r->ntables == 1 ? "" : "s", r->ngames, r->deals * r->nseats, r->rounds,
           r->rounds == 1 ? "" : "s", (unsigned long long)l->cfg.seed);
    if (l->cfg.opening > 0)
        printf("openings: the first %d decisions of every game are random, the same in both games of a deal\n",
               l->cfg.opening);
    printf("Elo relative to %s (0); 95%% intervals; score: share of opponents beaten, ties half; W-D-L: wins, draws "
           "(level finishes, games stopped at the decision limit) and losses%s\n",
           l->name[r->anchor], r->nseats > 2 ? " against each opponent at the table" : "");
    cli_table t;
    cli_table_init(&t, 7);
    cli_table_add(&t, "#", "agent", "Elo", "95% interval", "games", "score", "W-D-L");
    for (int k = 0; k < r->nagents; k++) {
        const fc_rating *g = &r->rating[l->order[k]];
        char n[16], e[24], iv[48], gm[16], sc[16];
        snprintf(n, sizeof n, "%d", k + 1);
        snprintf(e, sizeof e, "%+.0f", g->elo);
        if (l->order[k] == r->anchor)
            snprintf(iv, sizeof iv, "(anchor)");
        else
            snprintf(iv, sizeof iv, "[%+.0f, %+.0f]", g->lo, g->hi);
        snprintf(gm, sizeof gm, "%d", g->games);
        snprintf(sc, sizeof sc, "%.3f", g->score);
        int w, d, lo;
        char wdl[48];
        ladder_wdl(r, l->order[k], &w, &d, &lo);
        snprintf(wdl, sizeof wdl, "%d-%d-%d", w, d, lo);
        cli_table_add(&t, n, l->name[l->order[k]], e, iv, gm, sc, wdl);
    }
    cli_table_print(&t, stdout, "  ");
    cli_table_free(&t);
    printf("neighbours separated: %s%s\n", r->separated ? "yes" : "no",
           l->cfg.until_separated && r->separated && r->deals * r->nseats < l->cfg.games ? " (stopped early)" : "");
    ladder_print_neighbours(l);
}

/* A quoted CSV field (specs contain commas; quotes are doubled). */
static void ladder_csv_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++)
        fputs(*s == '"' ? "\"\"" : (char[2]){*s, 0}, f);
    fputc('"', f);
}

static int ladder_write_csv(const ladder_cli *l, const char *path)
{
    fc_outfile *o = cli_open_output(path); /* safe write (outfile.h): FIFOs, links, errno */
    if (!o)
        return CLI_EXIT_FAIL;
    FILE *f = fc_outfile_stream(o);
    const fc_ladder_result *r = &l->res;
    /* next_*: against the next agent below (docs/metrics.md, "Ladder"); empty: none */
    fputs("rank,agent,elo,lo,hi,se,games,score,anchor,wins,draws,losses,next_deals,next_score,next_mde,next_mde_elo\n",
          f);
    for (int k = 0; k < r->nagents; k++) {
        const fc_rating *g = &r->rating[l->order[k]];
        fprintf(f, "%d,", k + 1);
        ladder_csv_str(f, l->name[l->order[k]]);
        int w, d, lo;
        ladder_wdl(r, l->order[k], &w, &d, &lo);
        fprintf(f, ",%.2f,%.2f,%.2f,%.2f,%d,%.4f,%d,%d,%d,%d", g->elo, g->lo, g->hi, g->se, g->games, g->score,
                l->order[k] == r->anchor, w, d, lo);
        const fc_ladder_mde *m = k + 1 < r->nagents ? &l->next[k] : NULL;
        if (m)
            fprintf(f, ",%d", m->deals);
        else
            fputc(',', f);
        double nv[3] = {m ? m->score : NAN, m ? m->mde : NAN, m ? m->elo : NAN};
        for (int i = 0; i < 3; i++)
            isfinite(nv[i]) ? (void)fprintf(f, ",%.4f", nv[i]) : (void)fputc(',', f);
        fputc('\n', f);
    }
    return cli_finish_output(o);
}

static void ladder_json_agent(cli_json *j, const ladder_cli *l, int k)
{
    const fc_ladder_result *r = &l->res;
    int a = l->order[k];
    const fc_rating *g = &r->rating[a];
    cli_json_obj(j);
    cli_json_key(j, "agent");
    cli_json_str(j, l->name[a]);
    const char *keys[5] = {"elo", "lo", "hi", "se", "score"};
    double v[5] = {g->elo, g->lo, g->hi, g->se, g->score};
    for (int i = 0; i < 5; i++) {
        cli_json_key(j, keys[i]);
        cli_json_num(j, v[i]);
    }
    cli_json_key(j, "games");
    cli_json_int(j, g->games);
    cli_json_key(j, "anchor");
    cli_json_bool(j, a == r->anchor);
    int w, d, lo;
    ladder_wdl(r, a, &w, &d, &lo);
    const char *wk[3] = {"wins", "draws", "losses"};
    int wv[3] = {w, d, lo};
    for (int i = 0; i < 3; i++) {
        cli_json_key(j, wk[i]);
        cli_json_int(j, wv[i]);
    }
    cli_json_key(j, "points_against"); /* per opponent, in --agents order: points, games and draws */
    cli_json_arr(j);
    for (int b = 0; b < r->nagents; b++) {
        cli_json_arr(j);
        cli_json_num(j, r->pair[a * r->nagents + b]);
        cli_json_int(j, r->meet[a * r->nagents + b]);
        cli_json_int(j, r->tie[a * r->nagents + b]);
        cli_json_end_arr(j);
    }
    cli_json_end_arr(j);
    cli_json_end_obj(j);
}

/* "neighbours": per pair of agents next to each other by rating, what their deals detect
 * (elo_mde null when infinite or none). */
static void ladder_json_neighbours(cli_json *j, const ladder_cli *l)
{
    const fc_ladder_result *r = &l->res;
    cli_json_key(j, "neighbours");
    cli_json_arr(j);
    for (int k = 0; k + 1 < r->nagents; k++) {
        const fc_ladder_mde *m = &l->next[k];
        cli_json_obj(j);
        cli_json_key(j, "upper");
        cli_json_str(j, l->name[l->order[k]]);
        cli_json_key(j, "lower");
        cli_json_str(j, l->name[l->order[k + 1]]);
        cli_json_key(j, "deals");
        cli_json_int(j, m->deals);
        const char *keys[4] = {"score", "sd", "mde", "mde_elo"};
        double v[4] = {m->score, m->sd, m->mde, m->elo};
        for (int i = 0; i < 4; i++) {
            cli_json_key(j, keys[i]);
            cli_json_num(j, v[i]);
        }
        cli_json_end_obj(j);
    }
    cli_json_end_arr(j);
}

static int ladder_write_json(const ladder_cli *l, const char *path)
{
    fc_outfile *o = cli_open_output(path); /* safe write (outfile.h): FIFOs, links, errno */
    if (!o)
        return CLI_EXIT_FAIL;
    FILE *f = fc_outfile_stream(o);
    const fc_ladder_result *r = &l->res;
    cli_json j;
    cli_json_init(&j, f);
    cli_json_obj(&j);
    cli_json_key(&j, "game");
    cli_json_str(&j, l->game);
    const char *ik[7] = {"players", "tables", "games_per_table_max", "games_per_table", "rounds", "threads", "games"};
    long iv[7] = {r->nseats, r->ntables, l->cfg.games, (long)r->deals * r->nseats, r->rounds, l->cfg.threads,
                  r->ngames};
    for (int i = 0; i < 7; i++) {
        cli_json_key(&j, ik[i]);
        cli_json_int(&j, iv[i]);
    }
    cli_json_key(&j, "seed");
    cli_json_int(&j, (long long)l->cfg.seed);
    cli_json_key(&j, "opening");
    cli_json_int(&j, l->cfg.opening);
    cli_json_key(&j, "until_separated");
    cli_json_bool(&j, l->cfg.until_separated);
    cli_json_key(&j, "separated");
    cli_json_bool(&j, r->separated);
    cli_json_key(&j, "anchor");
    cli_json_str(&j, l->name[r->anchor]);
    cli_json_key(&j, "agents"); /* best first */
    cli_json_arr(&j);
    for (int k = 0; k < r->nagents; k++)
        ladder_json_agent(&j, l, k);
    cli_json_end_arr(&j);
    ladder_json_neighbours(&j, l);
    cli_json_end_obj(&j);
    fputc('\n', f);
    return cli_finish_output(o);
}

/* Points of row agent against column agent as a share of their games, best agents first. */
static void ladder_html_pairs(cli_html *h, const ladder_cli *l)
{
    const fc_ladder_result *r = &l->res;
    int n = r->nagents, nc = n + 1;
    char **cells = calloc((size_t)(nc * nc), sizeof *cells);
    char *buf = calloc((size_t)(nc * nc), 32);
    if (!cells || !buf) {
        free(cells);
        free(buf);
        return;
    }
    for (int i = 0; i < nc * nc; i++)
        cells[i] = buf + 32 * i;
    snprintf(cells[0], 32, "row vs column");
    for (int k = 0; k < n; k++) {
        snprintf(cells[k + 1], 32, "%.31s", l->name[l->order[k]]);
        snprintf(cells[(k + 1) * nc], 32, "%.31s", l->name[l->order[k]]);
        for (int m = 0; m < n; m++) {
            int a = l->order[k], b = l->order[m], g = r->meet[a * n + b];
            if (a == b || g == 0)
                snprintf(cells[(k + 1) * nc + m + 1], 32, "-");
            else
                snprintf(cells[(k + 1) * nc + m + 1], 32, "%.2f (%d)", r->pair[a * n + b] / g, g);
        }
    }
    cli_html_table(h, nc, nc, (const char *const *)cells);
    free(cells);
    free(buf);
}

/* The neighbours' detectable differences as a table. */
static void ladder_html_neighbours(cli_html *h, const ladder_cli *l)
{
    const fc_ladder_result *r = &l->res;
    cli_html_text(h, "Detectable: the smallest true difference of the upper agent's score against the lower one from "
                     "0.5 (and as Elo) that their deals against each other detect with 80%% power at 95%% confidence, "
                     "from the spread they measured (docs/metrics.md, \"Ladder\"; n/a: fewer than 2 deals or no "
                     "variation; unbounded: not even a sure win would be detected).");
    const char *head[5] = {"neighbours", "deals", "score", "detectable", "detectable Elo"};
    const char *cells[FC_LADDER_MAX_AGENTS * 5];
    char txt[FC_LADDER_MAX_AGENTS][5][80];
    memcpy(cells, head, sizeof head);
    for (int k = 0; k + 1 < r->nagents; k++) {
        const fc_ladder_mde *m = &l->next[k];
        snprintf(txt[k][0], 80, "%.36s - %.36s", l->name[l->order[k]], l->name[l->order[k + 1]]);
        snprintf(txt[k][1], 80, "%d", m->deals);
        snprintf(txt[k][2], 80, isnan(m->score) ? "-" : "%.3f", m->score);
        ladder_mde_text(m, txt[k][3], txt[k][4], 80);
        for (int i = 0; i < 5; i++)
            cells[(k + 1) * 5 + i] = txt[k][i];
    }
    cli_html_table(h, 5, r->nagents, cells);
}

static int ladder_write_html(const ladder_cli *l, const char *path)
{
    const fc_ladder_result *r = &l->res;
    char title[160];
    snprintf(title, sizeof title, "formicary ladder: %s", l->game);
    cli_html *h = cli_html_begin(path, title);
    if (!h)
        return CLI_EXIT_FAIL;
    cli_html_heading(h, "Ratings");
    cli_html_text(h,
                  "%d agents, %d players, %ld games (%d per table) in %d rounds, seed %llu. Elo relative to %s; "
                  "whiskers are 95%% intervals (docs/metrics.md, \"Ladder\"). Neighbours separated: %s.",
                  r->nagents, r->nseats, r->ngames, r->deals * r->nseats, r->rounds,
                  (unsigned long long)l->cfg.seed, l->name[r->anchor], r->separated ? "yes" : "no");
    cli_html_est e[FC_LADDER_MAX_AGENTS];
    const char *cells[(FC_LADDER_MAX_AGENTS + 1) * 5];
    char txt[FC_LADDER_MAX_AGENTS][4][32];
    const char *head[5] = {"agent", "Elo", "95% interval", "games", "score"};
    memcpy(cells, head, sizeof head);
    for (int k = 0; k < r->nagents; k++) {
        int a = l->order[k];
        const fc_rating *g = &r->rating[a];
        e[k] = (cli_html_est){l->name[a], g->elo, g->lo, g->hi};
        snprintf(txt[k][0], 32, "%+.0f", g->elo);
        snprintf(txt[k][1], 32, "[%+.0f, %+.0f]", g->lo, g->hi);
        snprintf(txt[k][2], 32, "%d", g->games);
        snprintf(txt[k][3], 32, "%.3f", g->score);
        const char *row[5] = {l->name[a], txt[k][0], txt[k][1], txt[k][2], txt[k][3]};
        memcpy(cells + (k + 1) * 5, row, sizeof row);
    }
    cli_html_intervals(h, "Elo with 95% intervals", "Elo", e, r->nagents, 0);
    cli_html_table(h, 5, r->nagents + 1, cells);
    ladder_html_neighbours(h, l);
    cli_html_heading(h, "Results by pair");
    cli_html_text(h, "Share of the column agent's games the row agent finished ahead of it (ties half), games in "
                     "brackets.");
    ladder_html_pairs(h, l);
    return cli_html_end(h);
}

static int ladder_outputs(const cli *c, ladder_cli *l)
{
    const char *json = cli_opt(c, "--json"), *csv = cli_opt(c, "--csv"), *html = cli_opt(c, "--html");
    bool quiet = (json && !strcmp(json, "-")) || (csv && !strcmp(csv, "-")) || (html && !strcmp(html, "-"));
    if (!quiet)
        ladder_print(l);
    int rc = 0;
    if (csv && (rc = ladder_write_csv(l, csv)) != 0)
        return rc;
    if (json && (rc = ladder_write_json(l, json)) != 0)
        return rc;
    if (html && (rc = ladder_write_html(l, html)) != 0)
        return rc;
    return 0;
}

/* The run in the runs database: the agents as seats, then each one's rating (docs/runs.md). */
static cli_runs *ladder_record_begin(const cli *c, const ladder_cli *l, const fc_rules *rules, int players)
{
    cli_runs *runs = cli_runs_begin(c, "ladder", l->game, players, l->cfg.seed, l->cfg.threads, 0);
    char text[8192];
    cli_rules_text(rules, text, sizeof text);
    cli_runs_design(runs, "A", rules, text);
    for (int i = 0; runs && i < l->cfg.nagents; i++)
        cli_runs_seat(runs, i + 1, l->spec[i], NULL);
    return runs;
}

/* Every game as a games row of design "A" (game i: the ladder's i-th game; game_seats.agent:
 * which agent, as the seats rows list them), in chunks of one transaction each. */
static void ladder_record_games(cli_runs *runs, const ladder_cli *l)
{
    enum { CHUNK = 256 };
    fc_sim_game g[CHUNK];
    for (long first = 0; runs && first < l->res.ngames; first += CHUNK) {
        int n = l->res.ngames - first < CHUNK ? (int)(l->res.ngames - first) : CHUNK;
        for (int i = 0; i < n; i++) {
            const fc_ladder_game *x = &l->res.games[first + i];
            memset(&g[i], 0, sizeof g[i]);
            g[i].index = (int)(first + i);
            g[i].timeout = x->timeout;
            g[i].decisions = x->decisions;
            g[i].seconds = x->seconds;
            for (int k = 0; k < l->res.nseats; k++) {
                g[i].agent_at[k] = x->agent_at[k];
                g[i].rank[k] = x->rank[k];
                g[i].score[k] = x->score[k];
                g[i].winners += !x->timeout && x->rank[k] == 0;
            }
        }
        cli_runs_games(runs, "A", g, n, l->res.nseats);
    }
}

static void ladder_record_end(cli_runs *runs, const ladder_cli *l)
{
    ladder_record_games(runs, l);
    for (int i = 0; runs && i < l->res.nagents; i++) {
        const fc_rating *r = &l->res.rating[i];
        char name[32];
        snprintf(name, sizeof name, "elo:%d", i + 1);
        cli_runs_metric(runs, "", name, r->elo, r->lo, r->hi, NAN, l->name[i]);
        snprintf(name, sizeof name, "score:%d", i + 1);
        cli_runs_metric(runs, "", name, r->score, NAN, NAN, NAN, l->name[i]);
    }
    for (int k = 0; runs && k + 1 < l->res.nagents; k++) { /* neighbours by rating: what their deals detect */
        const fc_ladder_mde *m = &l->next[k];
        char name[32], text[700], sc[24], elo[24];
        snprintf(name, sizeof name, "mde:%d-%d", l->order[k] + 1, l->order[k + 1] + 1);
        ladder_mde_text(m, sc, elo, sizeof sc);
        snprintf(text, sizeof text, "%s - %s: %d deals, score %.3f, Elo %s", l->name[l->order[k]],
                 l->name[l->order[k + 1]], m->deals, m->score, elo);
        cli_runs_metric(runs, "", name, m->mde, NAN, NAN, NAN, text);
    }
}

int cli_cmd_ladder(cli *c)
{
    ladder_cli *l = calloc(1, sizeof *l);
    if (!l)
        return cli_fail("out of memory");
    int players = 0;
    int rc = ladder_options(c, l, &players);
    if (rc != 0) {
        free(l);
        return rc;
    }
    l->game = c->pos[0];
    cli_runs *runs = NULL;
    /* Under mpirun every rank runs this with the same arguments; rank 0 alone reports. */
    if (cli_mpi_begin() != 0) {
        free(l);
        return CLI_EXIT_FAIL;
    }
    fc_context *ctx = cli_context(c, NULL, 0);
    fc_rules *rules = ctx ? cli_rules(c, ctx, l->game, players) : NULL;
    if (cli_mpi_agree(rules ? 0 : CLI_EXIT_FAIL) != 0) {
        rc = CLI_EXIT_FAIL;
        goto out;
    }
    l->cfg.rules = rules;
    fc_error err;
    fc_error_clear(&err);
    if (fc_ladder_check(&l->cfg, &err) != 0) {
        rc = cli_usage("ladder: %s", err.msg);
        goto out;
    }
    if (cli_mpi_size() > 1)
        l->cfg.play = ladder_play_mpi;
    bool progress = cli_mpi_rank() == 0 && (cli_flag(c, "--progress") || isatty(STDERR_FILENO));
    if (progress)
        l->cfg.progress = ladder_progress;
    runs = ladder_record_begin(c, l, rules, fc_rules_nseats(rules));
    rc = fc_ladder_run(&l->cfg, &l->res, &err);
    if (progress)
        fputc('\n', stderr);
    if (rc != 0) {
        rc = cli_mpi_rank() == 0 ? cli_fail("ladder: %s", err.msg) : 0; /* rank 0 gives the status */
        goto out;
    }
    if (cli_mpi_rank() != 0)
        goto out; /* every rank holds every result; rank 0 writes */
    rc = ladder_sort(l);
    if (rc == 0)
        rc = ladder_outputs(c, l);
    ladder_record_end(runs, l);
out:
    cli_runs_end(runs, rc == 0, rc == 0 ? l->res.ngames : 0);
    fc_ladder_result_free(&l->res);
    fc_rules_free(rules);
    fc_context_free(ctx);
    free(l);
    cli_mpi_end();
    return rc;
}
