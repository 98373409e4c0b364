/* Importing foreign game files (formicary/import.h) through every import format of every game
 * plugin that has one (Hive: boardspace SGF, PGN, UHP GameStrings), in dry-run mode: nothing is
 * written, but every game read is built, played through a match, formatted as a record and read
 * back. Input: the first byte picks the format (mod the count), the rest is the file's text; the
 * same text is also given with the format left to detection. Any text must give an import
 * result or one clear error, never a crash, a hang or a leak. */
#include "fuzz_common.h"

#include "formicary/import.h"

#define FZ_MAX_FORMATS 16

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct fz_format {
    const fc_plugin *p;
    const fc_import_format *f;
} fz_format;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    fz_get();
    return 0;
}

static void on_skipped(void *ctx, const char *file, const char *line)
{
    (void)ctx, (void)file;
    FZ_CHECK(line && line[0] && !strchr(line, '\n'), "a skipped game's reason is not one line");
}

static int formats(const fz_env *env, fz_format *out)
{
    int n = 0;
    for (int i = 0; i < env->ngames; i++) {
        const fc_plugin *p = env->games[i];
        if (p->struct_size < FC_PLUGIN_SIZE_MINOR_6)
            continue;
        for (int k = 0; k < p->nimports && n < FZ_MAX_FORMATS; k++)
            out[n++] = (fz_format){p, &p->imports[k]};
    }
    return n;
}

static void import_once(const fz_env *env, const fz_format *f, const char *format, const char *text, size_t len)
{
    fc_import_options opt = {format, 0, 1, on_skipped, NULL};
    fc_import_result res;
    fc_error err;
    fc_error_clear(&err);
    int rc = fc_import_text(env->ctx, f->p->id, "fuzz.txt", text, len, env->scratch, &opt, &res, &err);
    FZ_CHECK(rc != 0 || res.imported + res.skipped == res.games, "%d games but %d imported, %d skipped", res.games,
             res.imported, res.skipped);
    FZ_CHECK(rc == 0 || (err.msg[0] && !strchr(err.msg, '\n')), "import error without one line: '%s'", err.msg);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_env *env = fz_get();
    fz_format all[FZ_MAX_FORMATS];
    int n = formats(env, all);
    if (n == 0 || size < 1)
        return 0;
    const fz_format *f = &all[data[0] % n];
    import_once(env, f, f->f->name, (const char *)data + 1, size - 1);
    import_once(env, f, NULL, (const char *)data + 1, size - 1);
    return 0;
}
