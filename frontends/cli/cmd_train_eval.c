/* `formicary train-eval GAME --out FILE`: tunes a game's evaluation weights by self-play
 * (core/include/formicary/train_eval.h; docs/search.md, "Tuning the evaluation"). This file
 * parses the options, shows progress and writes the weights file and the summary. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "sim_mpi.h"
#include "formicary/train_eval.h"
#include "formicary/weights.h"

const cli_optdef cli_opts_train_eval[] = {
    {"--out", "FILE", false, "write the tuned weights to FILE (required; the format of the game's data/eval.csv)"},
    {"--agent", "SPEC", false, "the agent whose weights are tuned (default greedy; e.g. ab:depth=2, mcts:iters=200, "
                               "or a tier name)"},
    {"--iterations", "N", false, "SPSA steps (default 50; with --fit: steps at most, default 30)"},
    {"--games", "N", false, "deals per step, each played twice with seats swapped (default 8)"},
    {"--from", "FILE", false, "start from the weights in FILE (default: the game's)"},
    {"--check", "N", false, "after tuning, N deals (2N games) of tuned against start weights (default 0)"},
    {"--check-agent", "SPEC", false, "the agent of the check (default: --agent), e.g. a deeper search"},
    {"--opening", "N", false, "the first N decisions of every game random, the same in both games of a deal "
                              "(default 4; 0: from the start)"},
    {"--seed", "S", false, "base seed (default 1)"},
    {"--threads", "K", false, "worker threads (default 1); results do not depend on K"},
    {"--max-decisions", "N", false, "decisions before a game counts as a draw (default 100000)"},
    {"--perturbation", "C", false, "SPSA perturbation c as a share of each weight's range (default 0.1)"},
    {"--step", "A", false, "first step per unit of win-share difference, share of the range (default 0.05)"},
    {"--set", "KEY=VALUE", true, "override one parameter"},
    {"--rules", "F.ini|NAME", false, "rule set: a file, or a shipped one by name (config/GAME/NAME.ini)"},
    {"--variant", "F.lua", false, "Lua variant"},
    {"--progress", NULL, false, "show the progress line even when stderr is not a terminal"},
    {"--fit", "DIR", false, "instead of self-play: fit the weights to the results of the records (*.fcr) in DIR "
                            "(docs/search.md)"},
    {"--skip", "N", false, "--fit: leave out each record's first N decisions (default 4)"},
    {"--positions", "N", false, "--fit: at most N positions, drawn evenly from the records (default 50000)"},
    {"--l2", "X", false, "--fit: pull towards the start weights, per squared range (default 0.0001)"},
    {NULL, NULL, false, NULL},
};

static void train_progress(void *ud, int step, int total, double share)
{
    (void)ud;
    fprintf(stderr, "\rtrain-eval: step %d/%d, first side's win share %.3f   ", step, total, share);
    fflush(stderr);
}

/* Agent specs with tier names resolved ("hard" -> the tier's agent, config/GAME/bots.ini). */
typedef struct train_specs {
    char agent[256], check[256];
} train_specs;

static int train_agent(const cli *c, const char *opt, char *buf, size_t n, const char **out)
{
    const char *v = cli_opt(c, opt);
    if (!v)
        return 0;
    fc_error e;
    fc_error_clear(&e);
    if (cli_agent_spec(c->pos[0], v, buf, n, &e) < 0)
        return cli_usage("train-eval: %s: %s", opt, e.msg);
    *out = buf;
    return 0;
}

static int train_options(const cli *c, fc_train_eval_config *cfg, train_specs *sp)
{
    int md = 0;
    if (!cli_opt_int(c, "--iterations", 1, 1000000, 50, &cfg->iterations) ||
        !cli_opt_int(c, "--games", 1, 100000, 8, &cfg->games) ||
        !cli_opt_int(c, "--check", 0, 1000000, 0, &cfg->check) || !cli_opt_int(c, "--threads", 1, 64, 1, &cfg->threads) ||
        !cli_opt_u64(c, "--seed", 1, &cfg->seed) || !cli_opt_int(c, "--max-decisions", 1, 100000000, 0, &md) ||
        !cli_opt_int(c, "--opening", 0, 10000, 4, &cfg->opening))
        return CLI_EXIT_USAGE;
    cfg->max_decisions = md;
    const char *pc = cli_opt(c, "--perturbation"), *ps = cli_opt(c, "--step");
    if (pc && !cli_parse_double(pc, 0.001, 0.5, &cfg->c))
        return cli_usage("train-eval: option --perturbation: '%s' is not a number in 0.001..0.5", pc);
    if (ps && !cli_parse_double(ps, 0.0001, 10, &cfg->step))
        return cli_usage("train-eval: option --step: '%s' is not a number in 0.0001..10", ps);
    if (!cli_opt(c, "--out"))
        return cli_usage("train-eval: --out FILE is required (where the tuned weights go)");
    int rc = train_agent(c, "--agent", sp->agent, sizeof sp->agent, &cfg->agent);
    return rc ? rc : train_agent(c, "--check-agent", sp->check, sizeof sp->check, &cfg->check_agent);
}

/* --from FILE into start[] (checked against the game's weights). */
static int train_from(const cli *c, const fc_rules *rules, double *start, int *n)
{
    const char *from = cli_opt(c, "--from");
    if (!from)
        return 0;
    fc_error err;
    fc_error_clear(&err);
    fc_match *m = fc_match_new(rules, 0, &err);
    const fc_eval_weight *defs = NULL;
    int k = m ? fc_weights_of(m, &defs, &err) : FC_EINVAL;
    if (k > 0 && fc_weights_read(from, defs, k, start, &err) < 0)
        k = FC_EDATA;
    fc_match_free(m);
    if (k < 0)
        return cli_fail("train-eval: --from: %s", err.msg);
    *n = k;
    return 0;
}

void cli_weights_table(const fc_eval_weight *defs, int n, const double *start, const double *end, const char *name)
{
    cli_table t;
    cli_table_init(&t, 4);
    cli_table_add(&t, "weight", "start", name, "range");
    for (int i = 0; i < n; i++) {
        char a[32], b[32], lo[32], hi[32], range[72];
        snprintf(range, sizeof range, "%s..%s", fc_weights_number(defs[i].lo, lo, sizeof lo),
                 fc_weights_number(defs[i].hi, hi, sizeof hi));
        cli_table_add(&t, defs[i].name, fc_weights_number(start[i], a, sizeof a),
                      fc_weights_number(end[i], b, sizeof b), range);
    }
    cli_table_print(&t, stdout, "  ");
    cli_table_free(&t);
}

static void train_print(const fc_train_eval_config *cfg, const fc_train_eval_result *r, const char *game,
                        const char *out)
{
    printf("train-eval %s: agent %s, %d steps x %d deals (%ld games), seed %llu, %.1f s\n", game,
           cfg->agent ? cfg->agent : "greedy", cfg->iterations, cfg->games, r->games,
           (unsigned long long)cfg->seed, r->seconds);
    cli_weights_table(r->defs, r->n, r->start, r->tuned, "tuned");
    if (r->check_deals)
        printf("check: tuned against start, agent %s, %d deals (%d games): tuned's win share %.3f (95%% interval "
               "%.3f-%.3f)%s\n",
               cfg->check_agent ? cfg->check_agent : cfg->agent ? cfg->agent : "greedy", r->check_deals,
               2 * r->check_deals, r->check_share, r->check_lo, r->check_hi,
               r->check_lo > 0.5   ? ", tuned is stronger"
               : r->check_hi < 0.5 ? ", tuned is weaker"
                                   : ", no significant difference");
    printf("wrote %s\n", out);
}

/* The rule set options, appended to the file's comment so it says what the weights were tuned for. */
static void train_rules_line(const cli *c, char *buf, size_t n)
{
    size_t len = strlen(buf);
    const char *r = cli_opt(c, "--rules"), *v = cli_opt(c, "--variant");
    if (!r && !v && !cli_opt_count(c, "--set"))
        return;
    len += (size_t)snprintf(buf + len, len < n ? n - len : 0, "\nrules:%s%s%s%s", r ? " --rules " : "", r ? r : "",
                            v ? " --variant " : "", v ? v : "");
    for (int i = 0; i < cli_opt_count(c, "--set") && len < n; i++)
        len += (size_t)snprintf(buf + len, n - len, " --set %s", cli_opt_at(c, "--set", i));
}

int cli_cmd_train_eval(cli *c)
{
    if (cli_opt(c, "--fit"))
        return cli_train_fit(c);
    for (const char *const *o = (const char *const[]){"--skip", "--positions", "--l2", NULL}; *o; o++)
        if (cli_opt_count(c, *o))
            return cli_usage("train-eval: %s is an option of --fit DIR", *o);
    fc_train_eval_config cfg = {0};
    train_specs sp;
    int rc = train_options(c, &cfg, &sp);
    if (rc != 0)
        return rc;
    const char *game = c->pos[0], *out = cli_opt(c, "--out");
    if (cli_mpi_begin() != 0) /* under mpirun every rank runs this with the same arguments */
        return CLI_EXIT_FAIL;
    fc_context *ctx = cli_context(c, NULL, 0);
    fc_rules *rules = ctx ? cli_rules(c, ctx, game, 2) : NULL;
    if (cli_mpi_agree(rules ? 0 : CLI_EXIT_FAIL) != 0) {
        fc_rules_free(rules);
        fc_context_free(ctx);
        cli_mpi_end();
        return CLI_EXIT_FAIL;
    }
    double *start = calloc(FC_EVAL_WEIGHTS_MAX, sizeof *start);
    fc_train_eval_result *r = calloc(1, sizeof *r);
    fc_error err;
    fc_error_clear(&err);
    if (!rules || !start || !r) {
        rc = rules ? cli_fail("out of memory") : CLI_EXIT_FAIL;
        goto done;
    }
    cfg.rules = rules;
    if ((rc = train_from(c, rules, start, &cfg.nstart)) != 0)
        goto done;
    cfg.start = cli_opt(c, "--from") ? start : NULL;
    if (fc_train_eval_check(&cfg, &err) != 0) {
        rc = cli_usage("%s", err.msg);
        goto done;
    }
    if (cli_mpi_agree(cli_mpi_rank() == 0 && fc_outfile_check(out, &err) != 0)) {
        /* before the long work whose result goes there (rank 0 writes it) */
        rc = cli_mpi_rank() == 0 ? cli_fail("train-eval: --out %s", err.msg) : CLI_EXIT_FAIL;
        goto done;
    }
    if (cli_mpi_size() > 1) /* each step's games are spread over the ranks */
        cfg.spread = cli_mpi_spread;
    bool progress = cli_mpi_rank() == 0 && (cli_flag(c, "--progress") || isatty(STDERR_FILENO));
    if (progress)
        cfg.progress = train_progress;
    rc = fc_train_eval_run(&cfg, r, &err);
    if (progress)
        fputc('\n', stderr);
    if (cli_mpi_rank() != 0) { /* rank 0 alone reports, writes and gives the exit status */
        rc = 0;
        goto done;
    }
    if (rc != 0) {
        rc = cli_fail("%s", err.msg);
        goto done;
    }
    char comment[1024];
    const char *from = cli_opt(c, "--from");
    fc_train_eval_comment(&cfg, r, fc_rules_plugin(rules)->id, from ? from : "the game's", comment, sizeof comment);
    train_rules_line(c, comment, sizeof comment);
    if (fc_weights_write(out, comment, r->defs, r->n, r->tuned, &err) != 0) {
        rc = cli_fail("%s", err.msg);
        goto done;
    }
    train_print(&cfg, r, fc_rules_plugin(rules)->id, out);
done:
    free(r);
    free(start);
    fc_rules_free(rules);
    fc_context_free(ctx);
    cli_mpi_end();
    return rc;
}
