/* `formicary import GAME FILE... --out DIR`: games written in foreign formats (a Hive site's SGF
 * files, PGN, UHP GameStrings) become one record each (formicary/import.h, docs/cli.md). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "formicary/import.h"

const cli_optdef cli_opts_import[] = {
    {"--out", "DIR", false, "folder for the records, FILE-0001.fcr, ... (made if missing); required"},
    {"--format", "NAME", false, "the files' format (sgf, pgn, gamestring for hive); default: from content and name"},
    {"--force", NULL, false, "replace records that exist already (only regular files)"},
    {"--quiet", NULL, false, "print only problems: skipped games and files that cannot be read"},
    {NULL, NULL, false, NULL},
};

static void on_skipped(void *ctx, const char *file, const char *line)
{
    (void)ctx;
    fprintf(stderr, "formicary: %s: %s\n", file, line);
}

/* The output folder, made when missing. */
static int out_dir(const char *dir)
{
    struct stat st;
    if (stat(dir, &st) == 0)
        return S_ISDIR(st.st_mode) ? 0 : cli_fail("import: --out %s is not a folder", dir);
    if (mkdir(dir, 0777) != 0)
        return cli_fail("import: cannot make the folder %s: %s", dir, strerror(errno));
    return 0;
}

static int check_format(const fc_plugin *p, const char *name)
{
    if (!name || fc_import_format_find(p, name))
        return 0;
    char known[256] = "";
    size_t used = 0;
    for (int i = 0; p->api_minor >= 6 && p->struct_size >= FC_PLUGIN_SIZE_MINOR_6 && i < p->nimports &&
                    used < sizeof known;
         i++)
        used += (size_t)snprintf(known + used, sizeof known - used, "%s%s", i ? ", " : "", p->imports[i].name);
    return cli_usage("import: unknown format '%s' for %s (known: %s)", name, p->id, known[0] ? known : "none");
}

int cli_cmd_import(cli *c)
{
    const char *out = cli_opt(c, "--out");
    if (!out)
        return cli_usage("import: --out DIR is required (the folder for the records)");
    fc_context *ctx = cli_context(c, NULL, 0);
    if (!ctx)
        return CLI_EXIT_FAIL;
    fc_error err;
    fc_error_clear(&err);
    const fc_plugin *p = fc_context_find(ctx, c->pos[0], &err);
    int rc = !p ? cli_fail("%s", err.msg) : check_format(p, cli_opt(c, "--format"));
    if (rc == 0 && (p->api_minor < 6 || p->struct_size < FC_PLUGIN_SIZE_MINOR_6 || p->nimports <= 0))
        rc = cli_fail("import: %s reads no foreign game files", p->id);
    if (rc == 0)
        rc = out_dir(out);
    if (rc != 0) {
        fc_context_free(ctx);
        return rc;
    }
    bool quiet = cli_flag(c, "--quiet"), progress = !quiet && c->npos > 2 && isatty(STDERR_FILENO);
    fc_import_options opt = {cli_opt(c, "--format"), cli_flag(c, "--force"), 0, on_skipped, NULL};
    long imported = 0, skipped = 0;
    int failed = 0, nfiles = c->npos - 1;
    for (int i = 1; i < c->npos; i++) {
        if (progress)
            fprintf(stderr, "\r[%d/%d] %ld imported, %ld skipped ", i, nfiles, imported, skipped);
        fc_import_result res;
        if (fc_import_file(ctx, c->pos[0], c->pos[i], out, &opt, &res, &err) != 0) {
            if (progress)
                fputc('\n', stderr);
            fprintf(stderr, "formicary: %s\n", err.msg);
            failed++;
        } else if (!quiet) {
            printf("%s: imported %d, skipped %d (%s)\n", c->pos[i], res.imported, res.skipped, res.format);
        }
        imported += res.imported;
        skipped += res.skipped;
    }
    if (progress)
        fputc('\n', stderr);
    if (!quiet && nfiles > 1)
        printf("%d files: imported %ld, skipped %ld, %d files not read\n", nfiles, imported, skipped, failed);
    fc_context_free(ctx);
    return imported > 0 && failed == 0 ? CLI_EXIT_OK : CLI_EXIT_FAIL;
}
