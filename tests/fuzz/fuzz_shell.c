/* The shell's line protocol (frontends/cli/cmd_shell.c, docs/protocol.md) on a session like
 * `formicary shell GAME --seats N`. Input: a header line "GAME [SEATS]", then protocol lines
 * (at most FZ_LINES). Responses go to /dev/null: what is checked is that no command crashes,
 * hangs or leaks, whatever the order. Two rewrites keep the harness self-contained and quick:
 * `save`/`load` always use one scratch file (so sessions can save then load their own record,
 * and the fuzzer never writes elsewhere), and `agent` runs only cheap specs (random, greedy
 * with its default samples, mcts with at most 99 iterations and a playout depth of 1..20): a
 * long search is not a hang. */
#include "fuzz_common.h"

#include <ctype.h>

#include "cli.h"

#define FZ_LINES 128

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    fz_get();
    if (!freopen("/dev/null", "w", stdout))
        abort();
    return 0;
}

/* An MCTS spec is cheap with at most 99 iterations and playouts cut at depth 1..20 (a whole
 * random playout of some games is long); keys it does not know are left to the parser. */
static bool cheap_mcts(const char *keys)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", keys);
    bool iters = false, depth = false;
    for (char *save = NULL, *kv = strtok_r(buf, ",", &save); kv; kv = strtok_r(NULL, ",", &save)) {
        char *end = NULL;
        if (strncmp(kv, "iters=", 6) == 0) {
            long n = strtol(kv + 6, &end, 10);
            if (iters || *end || n < 0 || n > 99)
                return false;
            iters = true;
        } else if (strncmp(kv, "depth=", 6) == 0) {
            long n = strtol(kv + 6, &end, 10);
            if (depth || *end || n < 1 || n > 20)
                return false;
            depth = true;
        } else if (strncmp(kv, "time", 4) == 0) {
            return false;
        }
    }
    return iters && depth;
}

static bool cheap_agent(const char *spec)
{
    if (strncmp(spec, "random", 6) == 0)
        return true;
    if (strncmp(spec, "greedy", 6) == 0)
        return !strstr(spec, "samples");
    if (strncmp(spec, "mcts:", 5) == 0)
        return strlen(spec) < 200 && cheap_mcts(spec + 5);
    return false;
}

/* Applies the rewrites above; false drops the line. */
static bool rewrite(const fz_env *env, char *line, char *buf, size_t n)
{
    while (isspace((unsigned char)*line))
        line++;
    size_t w = strcspn(line, " \t");
    char *args = line + w;
    while (isspace((unsigned char)*args))
        args++;
    if ((w == 4 && (strncmp(line, "save", 4) == 0 || strncmp(line, "load", 4) == 0)) && *args) {
        char path[128];
        fz_scratch_path(env, "shell.fcr", path, sizeof path);
        snprintf(buf, n, "%.4s %s", line, path);
        return true;
    }
    if (w == 5 && strncmp(line, "agent", 5) == 0 && *args && !cheap_agent(args))
        return false;
    snprintf(buf, n, "%s", line);
    return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (fz_names_special_file(data, size))
        return 0;
    fz_env *env = fz_get();
    char *text = fz_strndup(data, size);
    int nseats = 0;
    const char *rest = NULL;
    const fc_plugin *p = fz_pick_game(env, text, &nseats, &rest);

    cli c;
    memset(&c, 0, sizeof c);
    cli_shell s;
    memset(&s, 0, sizeof s);
    s.c = &c;
    s.ctx = env->ctx;
    fc_error err;
    fc_error_clear(&err);
    s.view = malloc(sizeof *s.view);
    s.rules = cli_rules_err(&c, env->ctx, p->id, nseats, &err);
    FZ_CHECK(s.view && s.rules, "rules %s %d: %s", p->id, nseats, err.msg);
    s.m = fc_match_new(s.rules, 1, &err);
    FZ_CHECK(s.m, "match %s: %s", p->id, err.msg);
    cli_json_init(&s.j, stdout);

    int lines = 0;
    for (char *save = NULL, *line = strtok_r((char *)rest, "\n", &save); line && lines < FZ_LINES;
         line = strtok_r(NULL, "\n", &save), lines++) {
        size_t n = strlen(line) + 160;
        char *buf = malloc(n);
        if (!buf)
            abort();
        bool more = !rewrite(env, line, buf, n) || cli_shell_line(&s, buf);
        free(buf);
        if (!more)
            break;
    }
    cli_shell_finish(&s); /* a setup block the input left open: answered and freed */
    fflush(stdout);
    fc_match_free(s.m);
    fc_rules_free(s.rules);
    free(s.view);
    free(text);
    return 0;
}
