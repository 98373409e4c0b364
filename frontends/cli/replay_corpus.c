/* `formicary replay --rules F.ini | --variant F.lua | --set k=v RECORD...`: every record
 * re-played under a new rule set made of the record's own parameters and variant with the
 * options layered on top (docs/corpus.md; the study is formicary/corpus.h). This file reads
 * the options and the list of records, runs the replay and hands the results to the reports
 * (replay_corpus_out.c) and the runs database (replay_corpus_runs.c). */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "replay_corpus.h"

bool cli_replay_is_corpus(const cli *c)
{
    static const char *const opts[] = {"--corpus",  "--rules", "--variant", "--set",     "--continue-with",
                                       "--csv",     "--json",  "--html",    "--summary", "--max-decisions", "--threads"};
    for (size_t i = 0; i < sizeof opts / sizeof opts[0]; i++)
        if (cli_opt_count(c, opts[i]) > 0)
            return true;
    struct stat st;
    return c->npos > 1 || (c->npos == 1 && stat(c->pos[0], &st) == 0 && S_ISDIR(st.st_mode));
}

/* ---- the list of records: files as given, directories as their *.fcr files sorted ---- */

typedef struct corpus_paths {
    char **v;
    int n, cap;
} corpus_paths;

static int paths_add(corpus_paths *p, const char *a, const char *b)
{
    if (p->n == p->cap) {
        int cap = p->cap ? p->cap * 2 : 64;
        char **v = realloc(p->v, (size_t)cap * sizeof *v);
        if (!v)
            return -1;
        p->v = v;
        p->cap = cap;
    }
    size_t need = strlen(a) + (b ? strlen(b) + 2 : 1);
    if (!(p->v[p->n] = malloc(need)))
        return -1;
    snprintf(p->v[p->n], need, b ? "%s/%s" : "%s", a, b);
    p->n++;
    return 0;
}

static int name_cmp(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static int paths_collect(const cli *c, corpus_paths *p)
{
    for (int i = 0; i < c->npos; i++) {
        struct stat st;
        if (stat(c->pos[i], &st) != 0 || !S_ISDIR(st.st_mode)) {
            if (paths_add(p, c->pos[i], NULL) != 0)
                return cli_fail("out of memory");
            continue; /* a missing file is reported as that record's error */
        }
        DIR *d = opendir(c->pos[i]);
        if (!d)
            return cli_fail("replay: %s: %s", c->pos[i], strerror(errno));
        int first = p->n;
        size_t dl = strlen(c->pos[i]);
        char dir[4096];
        snprintf(dir, sizeof dir, "%.*s", (int)(dl > 1 && c->pos[i][dl - 1] == '/' ? dl - 1 : dl), c->pos[i]);
        for (struct dirent *e; (e = readdir(d)) != NULL;) {
            size_t len = strlen(e->d_name);
            if (len > 4 && strcmp(e->d_name + len - 4, ".fcr") == 0 && e->d_name[0] != '.' &&
                paths_add(p, dir, e->d_name) != 0) {
                closedir(d);
                return cli_fail("out of memory");
            }
        }
        closedir(d);
        if (p->n == first)
            return cli_fail("replay: %s: a directory without records (*.fcr)", c->pos[i]);
        qsort(p->v + first, (size_t)(p->n - first), sizeof *p->v, name_cmp);
    }
    return 0;
}

static void corpus_changes(corpus *cp, const cli *c)
{
    size_t len = 0, n = sizeof cp->changes;
    cp->changes[0] = '\0';
    if (cli_opt(c, "--rules"))
        len += (size_t)snprintf(cp->changes + len, n - len, "--rules %s ", cli_opt(c, "--rules"));
    if (cli_opt(c, "--variant") && len < n)
        len += (size_t)snprintf(cp->changes + len, n - len, "--variant %s ", cli_opt(c, "--variant"));
    for (int i = 0; i < cli_opt_count(c, "--set") && len < n; i++)
        len += (size_t)snprintf(cp->changes + len, n - len, "--set %s ", cli_opt_at(c, "--set", i));
    if (len > 0 && len < n)
        cp->changes[len - 1] = '\0';
    else if (len == 0)
        snprintf(cp->changes, n, "the records' own rules");
}

/* ---- the run ---- */

/* The progress bar on stderr; `done` remembers how far it got, to end its line on a failure. */
typedef struct corpus_bar {
    int done, total;
} corpus_bar;

static void corpus_progress(void *ud, int done, int total)
{
    corpus_bar *bar = ud;
    bar->done = done;
    bar->total = total;
    int width = 40, fill = total ? done * width / total : width;
    fprintf(stderr, "\rreplay [%.*s%*s] %d/%d records", fill, "########################################", width - fill,
            "", done, total);
    if (done == total)
        fputc('\n', stderr);
    fflush(stderr);
}

/* --rules NAME and --variant NAME: the shipped rule set or variant of the corpus's game. */
static const char *corpus_resolve(void *ud, const char *game, bool variant, const char *value, char *buf, size_t n,
                                  fc_error *err)
{
    (void)ud;
    return variant ? cli_variant_path(game, value, buf, n, err) : cli_ruleset_path(game, value, buf, n, err);
}

/* The study's config from the options; CLI_EXIT_USAGE after one line on a bad option. */
static int corpus_config(const cli *c, fc_corpus_config *cfg, const char **sets)
{
    int maxdec = 0, threads = 1;
    if (!cli_opt_int(c, "--max-decisions", 1, 1000000000, 100000, &maxdec) ||
        !cli_opt_int(c, "--threads", 1, 256, 1, &threads))
        return CLI_EXIT_USAGE;
    memset(cfg, 0, sizeof *cfg);
    cfg->rules = cli_opt(c, "--rules");
    cfg->variant = cli_opt(c, "--variant");
    cfg->nsets = cli_opt_count(c, "--set");
    for (int i = 0; i < cfg->nsets; i++)
        sets[i] = cli_opt_at(c, "--set", i);
    cfg->sets = sets;
    cfg->resolve = corpus_resolve;
    cfg->agent = cli_opt(c, "--continue-with");
    cfg->max_decisions = maxdec;
    cfg->threads = threads;
    if (cfg->agent) {
        fc_error e;
        fc_error_clear(&e);
        fc_agent *a = fc_agent_new(cfg->agent, 0, &e);
        if (!a)
            return cli_usage("replay: option --continue-with: %s", e.msg);
        fc_agent_free(a);
    }
    return 0;
}

/* The table and the files asked for, then the runs database. */
static int corpus_report(const corpus *cp, const cli *c)
{
    int rc = 0;
    const char *json = cli_opt(c, "--json"), *csv = cli_opt(c, "--csv"), *html = cli_opt(c, "--html");
    bool to_stdout = json && strcmp(json, "-") == 0;
    if (!cli_flag(c, "--quiet") && !to_stdout)
        corpus_print(cp, stdout, !cli_flag(c, "--summary"));
    if ((csv && corpus_write_csv(cp, csv) != 0) || (json && corpus_write_json(cp, json) != 0) ||
        (html && corpus_write_html(cp, html) != 0))
        rc = CLI_EXIT_FAIL;
    else if (cp->r.sum.errors > 0)
        rc = CLI_EXIT_FAIL; /* every record was reported; the status says some could not be read */
    corpus_record(cp, c, rc == 0 || cp->r.sum.errors > 0);
    return rc;
}

/* The replay's failure (an error of the options) as one line. */
static int corpus_failed(const corpus *cp, const corpus_bar *bar, bool progress, const fc_error *e)
{
    if (progress && bar->done < cp->r.nrec)
        fputc('\n', stderr);
    if (e->code == FC_ENOMEM)
        return cli_fail("out of memory");
    if (cp->r.failed_set >= 0)
        return cli_fail("replay: --set: %s", e->msg);
    return cli_fail("replay: %s", e->msg);
}

int cli_replay_corpus(cli *c)
{
    if (cli_opt(c, "--ui"))
        return cli_usage("replay: --ui shows one record; it does not go with a corpus (several records or new rules)");
    corpus cp;
    memset(&cp, 0, sizeof cp);
    cp.c = c;
    fc_corpus_config cfg;
    const char **sets = calloc((size_t)cli_opt_count(c, "--set") + 1, sizeof *sets);
    if (!sets)
        return cli_fail("out of memory");
    int rc = corpus_config(c, &cfg, sets);
    cp.agent = cfg.agent;
    cp.threads = cfg.threads;
    corpus_paths paths = {NULL, 0, 0};
    fc_context *ctx = NULL;
    if (rc == 0) {
        corpus_changes(&cp, c);
        rc = paths_collect(c, &paths);
    }
    if (rc == 0 && !(ctx = cli_context(c, NULL, 0)))
        rc = CLI_EXIT_FAIL;
    corpus_bar bar = {0, 0};
    bool progress = !cli_flag(c, "--quiet") && paths.n > 1 && (cli_flag(c, "--progress") || isatty(STDERR_FILENO));
    cfg.progress = progress ? corpus_progress : NULL;
    cfg.progress_ud = &bar;
    fc_error e;
    fc_error_clear(&e);
    if (rc == 0)
        rc = fc_corpus_run(ctx, &cfg, (const char *const *)paths.v, paths.n, &cp.r, &e) != 0
                 ? corpus_failed(&cp, &bar, progress, &e)
                 : corpus_report(&cp, c);
    fc_corpus_free(&cp.r);
    for (int i = 0; i < paths.n; i++)
        free(paths.v[i]);
    free(paths.v);
    free(sets);
    fc_context_free(ctx);
    return rc;
}
