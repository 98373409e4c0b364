/* `formicary train-eval GAME --fit DIR --out FILE`: fits a game's evaluation weights to the
 * results of recorded games (core/include/formicary/fit_eval.h; docs/search.md, "Fitting the
 * evaluation to recorded games"). This file loads the records, parses the options, shows
 * progress and writes the weights file and the summary. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "cli.h"
#include "study.h"
#include "formicary/fit_eval.h"
#include "formicary/record.h"
#include "formicary/weights.h"

/* Options of self-play tuning that mean nothing with --fit. */
static const char *const fit_not[] = {"--agent", "--games", "--check", "--check-agent", "--opening",
                                      "--max-decisions", "--perturbation", "--step", "--set", "--rules",
                                      "--variant", NULL};

typedef struct fit_cli {
    int n;
    char **path;
    fc_rules **rules;
    fc_match **m;
    double *result;
} fit_cli;

/* Loads every record (all of `game`) and its first seat's result. */
static int fit_load(fit_cli *f, fc_context *ctx, const char *game, bool progress)
{
    f->rules = calloc((size_t)f->n, sizeof *f->rules);
    f->m = calloc((size_t)f->n, sizeof *f->m);
    f->result = calloc((size_t)f->n, sizeof *f->result);
    if (!f->rules || !f->m || !f->result)
        return cli_fail("out of memory");
    for (int i = 0; i < f->n; i++) {
        fc_record_info info;
        fc_error e;
        fc_error_clear(&e);
        if (fc_record_load(ctx, f->path[i], &f->rules[i], &f->m[i], &info, &e) != 0)
            return cli_usage("train-eval: %s: %s", f->path[i], e.msg);
        if (strcasecmp(info.game, game) != 0)
            return cli_usage("train-eval: %s is a record of %s, not %s", f->path[i], info.game, game);
        f->result[i] = fc_fit_eval_record_result(f->m[i], fc_record_meta_get(&info.meta, "result"));
        if (progress && (i % 100 == 99 || i + 1 == f->n)) {
            fprintf(stderr, "\rtrain-eval: loaded %d/%d records", i + 1, f->n);
            fflush(stderr);
        }
    }
    if (progress)
        fputc('\n', stderr);
    return 0;
}

static void fit_free(fit_cli *f)
{
    for (int i = 0; i < f->n; i++) {
        if (f->m)
            fc_match_free(f->m[i]);
        if (f->rules)
            fc_rules_free(f->rules[i]);
        free(f->path[i]);
    }
    free(f->path);
    free(f->rules);
    free(f->m);
    free(f->result);
}

static void fit_progress(void *ud, int step, int total, double loss)
{
    (void)ud;
    fprintf(stderr, "\rtrain-eval: step %d/%d, loss %.5f   ", step, total, loss);
    fflush(stderr);
}

static int fit_options(const cli *c, fc_fit_eval_config *cfg)
{
    for (int i = 0; fit_not[i]; i++)
        if (cli_opt_count(c, fit_not[i]))
            return cli_usage("train-eval: %s plays games; it does not apply with --fit", fit_not[i]);
    int positions = 0;
    if (!cli_opt_int(c, "--iterations", 1, 1000000, FC_FIT_EVAL_DEFAULT_ITERATIONS, &cfg->iterations) ||
        !cli_opt_int(c, "--skip", 0, 1000, FC_FIT_EVAL_DEFAULT_SKIP, &cfg->skip) ||
        !cli_opt_int(c, "--positions", 1, 100000000, (int)FC_FIT_EVAL_DEFAULT_POSITIONS, &positions) ||
        !cli_opt_int(c, "--threads", 1, 64, 1, &cfg->threads) || !cli_opt_u64(c, "--seed", 1, &cfg->seed))
        return CLI_EXIT_USAGE;
    cfg->positions = positions;
    cfg->l2 = FC_FIT_EVAL_DEFAULT_L2;
    const char *l2 = cli_opt(c, "--l2");
    if (l2 && !cli_parse_double(l2, 0, 1000, &cfg->l2))
        return cli_usage("train-eval: option --l2: '%s' is not a number in 0..1000", l2);
    if (!cli_opt(c, "--out"))
        return cli_usage("train-eval: --out FILE is required (where the fitted weights go)");
    return 0;
}

/* --from FILE into start[] (checked against the first record's weights). */
static int fit_from(const cli *c, const fc_match *m, double *start, int *n)
{
    const char *from = cli_opt(c, "--from");
    if (!from)
        return 0;
    fc_error err;
    fc_error_clear(&err);
    const fc_eval_weight *defs = NULL;
    int k = fc_weights_of(m, &defs, &err);
    if (k > 0 && fc_weights_read(from, defs, k, start, &err) < 0)
        k = FC_EDATA;
    if (k < 0)
        return cli_fail("train-eval: --from: %s", err.msg);
    *n = k;
    return 0;
}

static void fit_print(const fc_fit_eval_config *cfg, const fc_fit_eval_result *r, const char *game, const char *dir,
                      const char *out)
{
    printf("train-eval %s: fit to %s: %d records (%ld positions), %d held out (%ld positions), %d without a "
           "result; %d of %d steps, seed %llu, %.1f s\n",
           game, dir, r->records, r->positions, r->held_out, r->held_positions, r->left_out, r->steps,
           cfg->iterations, (unsigned long long)cfg->seed, r->seconds);
    cli_weights_table(r->defs, r->n, r->start, r->tuned, "fitted");
    printf("loss (mean cross-entropy, 0.693 = a coin): fitted positions %.4f -> %.4f; held out %.4f -> %.4f\n",
           r->loss_start, r->loss_tuned, r->held_start, r->held_tuned);
    printf("held-out decided positions judged for the winner: %.3f -> %.3f\n", r->right_start, r->right_tuned);
    printf("wrote %s\n", out);
}

static int fit_write(const fc_fit_eval_config *cfg, const fc_fit_eval_result *r, const char *game, const char *dir,
                     const char *from, const char *out)
{
    char comment[1024];
    snprintf(comment, sizeof comment,
             "fitted by formicary train-eval %s --fit %s (%d records, %ld positions, skip %d, l2 %g, %d steps, seed "
             "%llu) from %s weights\nloss %.4f -> %.4f; held out (%d records) %.4f -> %.4f",
             game, dir, r->records, r->positions, cfg->skip, cfg->l2, r->steps, (unsigned long long)cfg->seed,
             from ? from : "the game's", r->loss_start, r->loss_tuned, r->held_out, r->held_start, r->held_tuned);
    fc_error err;
    fc_error_clear(&err);
    if (fc_weights_write(out, comment, r->defs, r->n, r->tuned, &err) != 0)
        return cli_fail("%s", err.msg);
    return 0;
}

int cli_train_fit(cli *c)
{
    fc_fit_eval_config cfg = {0};
    int rc = fit_options(c, &cfg);
    if (rc != 0)
        return rc;
    const char *game = c->pos[0], *out = cli_opt(c, "--out"), *dir = cli_opt(c, "--fit");
    fc_error err;
    fc_error_clear(&err);
    if (fc_outfile_check(out, &err) != 0)
        return cli_fail("train-eval: --out %s", err.msg);
    bool progress = cli_flag(c, "--progress") || isatty(STDERR_FILENO);
    fit_cli f = {0};
    double *start = calloc(FC_EVAL_WEIGHTS_MAX, sizeof *start);
    fc_fit_eval_result *r = calloc(1, sizeof *r);
    fc_context *ctx = cli_context(c, NULL, 0);
    if (!start || !r || !ctx) {
        rc = ctx ? cli_fail("out of memory") : CLI_EXIT_FAIL;
        goto done;
    }
    if ((rc = cli_record_paths("train-eval", "--fit", dir, &f.path, &f.n)) != 0 || (rc = fit_load(&f, ctx, game, progress)) != 0 ||
        (rc = fit_from(c, f.m[0], start, &cfg.nstart)) != 0)
        goto done;
    cfg.matches = (const fc_match *const *)f.m;
    cfg.nmatches = f.n;
    cfg.result = f.result;
    cfg.start = cli_opt(c, "--from") ? start : NULL;
    if (fc_fit_eval_check(&cfg, &err) != 0) {
        rc = cli_usage("train-eval: --fit %s: %s", dir, err.msg);
        goto done;
    }
    if (progress)
        cfg.progress = fit_progress;
    rc = fc_fit_eval_run(&cfg, r, &err);
    if (progress)
        fputc('\n', stderr);
    if (rc != 0) {
        rc = cli_fail("train-eval: --fit %s: %s", dir, err.msg);
        goto done;
    }
    if ((rc = fit_write(&cfg, r, game, dir, cli_opt(c, "--from"), out)) == 0)
        fit_print(&cfg, r, game, dir, out);
done:
    fit_free(&f);
    free(r);
    free(start);
    fc_context_free(ctx);
    return rc;
}
