/* Corpus folders (`formicary replay DIR`: frontends/cli/replay_corpus.c over core/src/study/
 * corpus.c; docs/corpus.md). Input:
 * files separated by lines "--- NAME" (NAME up to 32 bytes of [a-z0-9._]; a name ending in
 * ".fcr" is a record the corpus reads, others are skipped like any other file; "--- fifo NAME"
 * makes a FIFO, which must never block the run). They are written to a fresh scratch folder and
 * `replay DIR --corpus` runs over it, every record under its own rules, the table to /dev/null.
 * No crash, hang or leak, whatever the records say. */
#include "fuzz_common.h"

#include <dirent.h>
#include <errno.h>
#include <sys/stat.h>

#include "cli.h"
#include "replay_corpus.h"

#define FZ_FILES 8

int LLVMFuzzerInitialize(int *argc, char ***argv);
/* The corpus replay records itself in the runs database (runs_rec.c) from MPI rank 0; the
 * harness has no MPI, and sets FORMICARY_DB empty so nothing is recorded. */
int cli_mpi_rank(void) { return 0; }

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    fz_env *env = fz_get();
    /* The replay makes its own context from FORMICARY_PLUGIN_PATH. The fixture folder also holds
     * the loader's refused test plugins (bad_*.so), which a scan would map and unmap at every
     * input: libFuzzer keeps reading an unmapped plugin's coverage counters and crashes. So the
     * path is the game plugins (kept loaded by fz_get) and a scratch folder with a link to the
     * one fixture the seed records use. */
    char dir[160], link[200];
    fz_scratch_path(env, "plugins", dir, sizeof dir);
    mkdir(dir, 0700);
    snprintf(link, sizeof link, "%s/bidrace.so", dir);
    if (symlink(FZ_FIXTURE_SO, link) != 0 && errno != EEXIST)
        fz_die(link, strerror(errno));
    char path[400];
    snprintf(path, sizeof path, "%s:%s", FZ_PLUGIN_DIR, dir);
    setenv("FORMICARY_PLUGIN_PATH", path, 1);
    setenv("FORMICARY_CONFIG", "", 1);
    if (!freopen("/dev/null", "w", stdout)) /* the table; stderr stays for the sanitizers */
        abort();
    return 0;
}

static void clear_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        char p[512];
        if (e->d_name[0] != '.' && snprintf(p, sizeof p, "%s/%s", dir, e->d_name) < (int)sizeof p)
            unlink(p);
    }
    closedir(d);
}

static bool good_name(const char *s, size_t n)
{
    if (n == 0 || n > 32 || s[0] == '.')
        return false;
    for (size_t i = 0; i < n; i++)
        if (!strchr("abcdefghijklmnopqrstuvwxyz0123456789._", s[i]))
            return false;
    return true;
}

/* One "--- [fifo ]NAME" header and its text up to the next header. */
static void write_one(const char *dir, const char *head, size_t hlen, const char *body, size_t blen)
{
    bool fifo = hlen > 5 && strncmp(head, "fifo ", 5) == 0;
    if (fifo)
        head += 5, hlen -= 5;
    if (!good_name(head, hlen))
        return;
    char p[512];
    snprintf(p, sizeof p, "%s/%.*s", dir, (int)hlen, head);
    /* a later header of the same name replaces the file: opening a FIFO made by an earlier
     * one for writing would block the harness (no reader), not the replay under test */
    unlink(p);
    if (fifo)
        mkfifo(p, 0600);
    else
        fz_write_file(p, body, blen);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (fz_names_special_file(data, size))
        return 0;
    setenv("FORMICARY_DB", "", 1);
    fz_env *env = fz_get();
    char dir[128];
    fz_scratch_path(env, "corpus", dir, sizeof dir);
    mkdir(dir, 0700);
    clear_dir(dir);
    char *text = fz_strndup(data, size);
    int files = 0;
    for (char *p = strstr(text, "--- "); p && files < FZ_FILES; files++) {
        char *head = p + 4, *eol = strchr(head, '\n');
        if (!eol)
            break;
        char *body = eol + 1, *next = strstr(body, "\n--- ");
        write_one(dir, head, (size_t)(eol - head), body, next ? (size_t)(next + 1 - body) : strlen(body));
        p = next ? next + 1 : NULL;
    }
    cli c;
    memset(&c, 0, sizeof c);
    c.npos = 1;
    c.pos[0] = dir;
    cli_replay_corpus(&c);
    clear_dir(dir);
    free(text);
    return 0;
}
