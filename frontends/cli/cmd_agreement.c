/* `formicary agreement GAME --corpus DIR --agent SPEC`: how often an agent picks the recorded
 * decision (core/include/formicary/agreement.h; docs/metrics.md, "Agreement"). This file reads
 * the corpus and writes the table, CSV and JSON. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "cli.h"
#include "study.h"
#include "sim_mpi.h"
#include "formicary/agreement.h"

const cli_optdef cli_opts_agreement[] = {
    {"--corpus", "DIR", false, "the records: every *.fcr file in DIR (docs/corpus.md)"},
    {"--agent", "SPEC", false, "the agent whose choices are compared (random, greedy, mcts:iters=N, ...)"},
    {"--threads", "K", false, "worker threads (default 1); results do not depend on K"},
    {"--seed", "S", false, "base seed of the agent (default 1)"},
    {"--csv", "F", false, "write one row per seat and phase to F"},
    {"--json", "F", false, "write the shares as JSON to F ('-' for stdout instead of the table)"},
    {"--progress", NULL, false, "show the progress line even when stderr is not a terminal"},
    {NULL, NULL, false, NULL},
};

static const char *const agreement_phase_names[FC_AGREEMENT_PHASES] = {"opening", "middle", "end"};

typedef struct agreement_cli {
    int n;
    char **path;
    fc_rules **rules;
    fc_match **m;
    fc_agreement res;
} agreement_cli;

/* Loads every record; all must be of `game`. */
static int agreement_load(agreement_cli *a, fc_context *ctx, const char *game)
{
    a->rules = calloc((size_t)a->n, sizeof *a->rules);
    a->m = calloc((size_t)a->n, sizeof *a->m);
    if (!a->rules || !a->m)
        return cli_fail("out of memory");
    for (int i = 0; i < a->n; i++) {
        fc_record_info info;
        fc_error e;
        fc_error_clear(&e);
        if (fc_record_load(ctx, a->path[i], &a->rules[i], &a->m[i], &info, &e) != 0)
            return cli_usage("agreement: %s: %s", a->path[i], e.msg);
        if (strcasecmp(info.game, game) != 0)
            return cli_usage("agreement: %s is a record of %s, not %s", a->path[i], info.game, game);
    }
    return 0;
}

static void agreement_progress(void *ud, int done, int total)
{
    (void)ud;
    fprintf(stderr, "\ragreement: %d/%d records", done, total);
    fflush(stderr);
}

/* "0.412 [0.380, 0.445]" */
static void agreement_cell(char *buf, size_t n, const fc_agreement_count *c, int k)
{
    double s, lo, hi;
    fc_agreement_share(c, k, &s, &lo, &hi);
    if (c->decisions)
        snprintf(buf, n, "%.3f [%.3f, %.3f]", s, lo, hi);
    else
        snprintf(buf, n, "-");
}

static void agreement_row(cli_table *t, const char *label, const fc_agreement_count *c)
{
    char d[24], t1[48], t3[48];
    snprintf(d, sizeof d, "%ld", c->decisions);
    agreement_cell(t1, sizeof t1, c, 1);
    agreement_cell(t3, sizeof t3, c, 3);
    cli_table_add(t, label, d, t1, t3);
}

static void agreement_print(const agreement_cli *a, const char *game, const char *agent)
{
    const fc_agreement *r = &a->res;
    printf("agreement %s: agent %s, %d records; %ld chance points and %ld forced decisions skipped\n", game, agent,
           r->records, r->chance, r->forced);
    printf("share of recorded decisions the agent ranks first (top-1) or among its first 3, 95%% Wilson intervals\n");
    cli_table t;
    cli_table_init(&t, 4);
    cli_table_add(&t, "", "decisions", "top-1", "top-3");
    fc_agreement_count c;
    fc_agreement_sum(r, -1, -1, &c);
    agreement_row(&t, "all", &c);
    for (int s = 0; s < r->nseats; s++) {
        char label[24];
        snprintf(label, sizeof label, "seat %d", s + 1);
        fc_agreement_sum(r, s, -1, &c);
        agreement_row(&t, label, &c);
    }
    for (int p = 0; p < FC_AGREEMENT_PHASES; p++) {
        fc_agreement_sum(r, -1, p, &c);
        agreement_row(&t, agreement_phase_names[p], &c);
    }
    cli_table_print(&t, stdout, "  ");
    cli_table_free(&t);
}

static int agreement_write_csv(const agreement_cli *a, const char *path)
{
    fc_outfile *o = cli_open_output(path); /* safe write (outfile.h): FIFOs, links, errno */
    if (!o)
        return CLI_EXIT_FAIL;
    FILE *f = fc_outfile_stream(o);
    const fc_agreement *r = &a->res;
    fputs("seat,phase,decisions,top1,top1_share,top1_lo,top1_hi,top3,top3_share,top3_lo,top3_hi\n", f);
    for (int s = -1; s < r->nseats; s++)
        for (int p = -1; p < FC_AGREEMENT_PHASES; p++) {
            fc_agreement_count c;
            fc_agreement_sum(r, s, p, &c);
            double v1, l1, h1, v3, l3, h3;
            fc_agreement_share(&c, 1, &v1, &l1, &h1);
            fc_agreement_share(&c, 3, &v3, &l3, &h3);
            if (s < 0)
                fputs("all", f);
            else
                fprintf(f, "%d", s + 1);
            fprintf(f, ",%s,%ld,%ld,%.4f,%.4f,%.4f,%ld,%.4f,%.4f,%.4f\n", p < 0 ? "all" : agreement_phase_names[p],
                    c.decisions, c.top1, v1, l1, h1, c.top3, v3, l3, h3);
        }
    return cli_finish_output(o);
}

static void agreement_json_count(cli_json *j, const fc_agreement_count *c)
{
    cli_json_obj(j);
    cli_json_key(j, "decisions");
    cli_json_int(j, c->decisions);
    for (int k = 1; k <= 3; k += 2) {
        double v, lo, hi;
        fc_agreement_share(c, k, &v, &lo, &hi);
        cli_json_key(j, k == 1 ? "top1" : "top3");
        cli_json_obj(j);
        cli_json_key(j, "count");
        cli_json_int(j, k == 1 ? c->top1 : c->top3);
        cli_json_key(j, "share");
        cli_json_num(j, v);
        cli_json_key(j, "lo");
        cli_json_num(j, lo);
        cli_json_key(j, "hi");
        cli_json_num(j, hi);
        cli_json_end_obj(j);
    }
    cli_json_end_obj(j);
}

static int agreement_write_json(const agreement_cli *a, const char *game, const char *agent, const char *path)
{
    fc_outfile *o = cli_open_output(path); /* safe write (outfile.h): FIFOs, links, errno */
    if (!o)
        return CLI_EXIT_FAIL;
    FILE *f = fc_outfile_stream(o);
    const fc_agreement *r = &a->res;
    cli_json j;
    cli_json_init(&j, f);
    cli_json_obj(&j);
    cli_json_key(&j, "game");
    cli_json_str(&j, game);
    cli_json_key(&j, "agent");
    cli_json_str(&j, agent);
    const char *ik[4] = {"records", "seats", "chance_skipped", "forced_skipped"};
    long iv[4] = {r->records, r->nseats, r->chance, r->forced};
    for (int i = 0; i < 4; i++) {
        cli_json_key(&j, ik[i]);
        cli_json_int(&j, iv[i]);
    }
    fc_agreement_count c;
    fc_agreement_sum(r, -1, -1, &c);
    cli_json_key(&j, "all");
    agreement_json_count(&j, &c);
    cli_json_key(&j, "seats"); /* per seat: the whole game, then each phase */
    cli_json_arr(&j);
    for (int s = 0; s < r->nseats; s++) {
        cli_json_obj(&j);
        fc_agreement_sum(r, s, -1, &c);
        cli_json_key(&j, "all");
        agreement_json_count(&j, &c);
        for (int p = 0; p < FC_AGREEMENT_PHASES; p++) {
            fc_agreement_sum(r, s, p, &c);
            cli_json_key(&j, agreement_phase_names[p]);
            agreement_json_count(&j, &c);
        }
        cli_json_end_obj(&j);
    }
    cli_json_end_arr(&j);
    cli_json_key(&j, "phases");
    cli_json_obj(&j);
    for (int p = 0; p < FC_AGREEMENT_PHASES; p++) {
        fc_agreement_sum(r, -1, p, &c);
        cli_json_key(&j, agreement_phase_names[p]);
        agreement_json_count(&j, &c);
    }
    cli_json_end_obj(&j);
    cli_json_end_obj(&j);
    fputc('\n', f);
    return cli_finish_output(o);
}

static void agreement_free(agreement_cli *a)
{
    for (int i = 0; i < a->n; i++) {
        if (a->m)
            fc_match_free(a->m[i]);
        if (a->rules)
            fc_rules_free(a->rules[i]);
        free(a->path[i]);
    }
    free(a->m);
    free(a->rules);
    free(a->path);
}

/* Reads the options into cfg; the agent spec (a tier resolved) goes into spec[n]. */
static int agreement_setup(const cli *c, fc_agreement_config *cfg, char *spec, size_t n)
{
    cfg->agent = cli_opt(c, "--agent");
    const char *csv = cli_opt(c, "--csv"), *json = cli_opt(c, "--json");
    if (!cli_opt_int(c, "--threads", 1, 1024, 1, &cfg->threads) || !cli_opt_u64(c, "--seed", 1, &cfg->seed))
        return CLI_EXIT_USAGE;
    if (!cli_opt(c, "--corpus"))
        return cli_usage("agreement: --corpus DIR is required");
    if (!cfg->agent)
        return cli_usage("agreement: --agent SPEC is required");
    if (csv && json && !strcmp(csv, "-") && !strcmp(json, "-"))
        return cli_usage("agreement: only one of --csv and --json may go to standard output");
    fc_error e;
    fc_error_clear(&e);
    if (cli_agent_spec(c->pos[0], cfg->agent, spec, n, &e) < 0)
        return cli_usage("agreement: --agent: %s", e.msg);
    cfg->agent = spec;
    fc_agent *ag = fc_agent_new(cfg->agent, 0, &e);
    if (!ag)
        return cli_usage("agreement: %s", e.msg);
    fc_agent_free(ag);
    return 0;
}

int cli_cmd_agreement(cli *c)
{
    agreement_cli a;
    memset(&a, 0, sizeof a);
    fc_agreement_config cfg;
    memset(&cfg, 0, sizeof cfg);
    char spec[256];
    int rc = agreement_setup(c, &cfg, spec, sizeof spec);
    if (rc != 0)
        return rc;
    if (cli_mpi_begin() != 0) /* under mpirun every rank runs this with the same arguments */
        return CLI_EXIT_FAIL;
    const char *game = c->pos[0];
    fc_context *ctx = NULL;
    if ((rc = cli_record_paths("agreement", "--corpus", cli_opt(c, "--corpus"), &a.path, &a.n)) == 0) {
        ctx = cli_context(c, NULL, 0);
        rc = ctx ? agreement_load(&a, ctx, game) : CLI_EXIT_FAIL;
    }
    if ((rc = cli_mpi_agree(rc)) != 0)
        goto out;
    cfg.nmatches = a.n;
    cfg.matches = (const fc_match *const *)a.m;
    if (cli_mpi_size() > 1) /* the records' replays are spread over the ranks */
        cfg.spread = cli_mpi_spread;
    bool progress = cli_mpi_rank() == 0 && (cli_flag(c, "--progress") || isatty(STDERR_FILENO));
    if (progress)
        cfg.progress = agreement_progress;
    fc_error err;
    fc_error_clear(&err);
    rc = fc_agreement_run(&cfg, &a.res, &err);
    if (progress)
        fputc('\n', stderr);
    if (cli_mpi_rank() != 0) { /* rank 0 alone reports and gives the exit status (distributed.md) */
        rc = 0;
        goto out;
    }
    if (rc != 0) {
        rc = cli_fail("agreement: %s", err.msg);
        goto out;
    }
    const char *csv = cli_opt(c, "--csv"), *json = cli_opt(c, "--json");
    if (!(csv && !strcmp(csv, "-")) && !(json && !strcmp(json, "-")))
        agreement_print(&a, game, cfg.agent);
    if (csv && (rc = agreement_write_csv(&a, csv)) != 0)
        goto out;
    if (json && (rc = agreement_write_json(&a, game, cfg.agent, json)) != 0)
        goto out;
out:
    agreement_free(&a);
    fc_context_free(ctx);
    cli_mpi_end();
    return rc;
}
