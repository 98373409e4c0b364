/* Shared by the libFuzzer targets (docs/fuzzing.md): one lazily made context with every game
 * plugin of the build and the Bid Race fixture, the "GAME [SEATS]" header line most inputs
 * start with, a private scratch folder for targets that must hand the core a path, and the
 * rule that keeps fuzz inputs away from special files. Header-only: each target is one C file,
 * which includes it first (it defines _GNU_SOURCE for memmem before any system header).
 *
 * The only mutable state is the context (made once, read-only afterwards, as in a program) and
 * the scratch folder's name; both live until the process ends. */
#ifndef FC_FUZZ_COMMON_H
#define FC_FUZZ_COMMON_H

#define _GNU_SOURCE 1
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "formicary/context.h"
#include "formicary/match.h"
#include "formicary/rules.h"

#ifndef FZ_PLUGIN_DIR
#error "FZ_PLUGIN_DIR (the build's plugins folder) must be defined by tests/fuzz/meson.build"
#endif
#ifndef FZ_FIXTURE_SO
#error "FZ_FIXTURE_SO (the Bid Race fixture) must be defined by tests/fuzz/meson.build"
#endif

#define FZ_MAX_GAMES 16

typedef struct fz_env {
    fc_context *ctx;
    int ngames;
    const fc_plugin *games[FZ_MAX_GAMES]; /* sorted by id: the choice does not depend on readdir */
    char scratch[64];                      /* private folder for files a target writes */
} fz_env;

static inline void fz_die(const char *what, const char *msg)
{
    fprintf(stderr, "fuzz setup: %s: %s\n", what, msg);
    abort();
}

static inline int fz_cmp_game(const void *a, const void *b)
{
    return strcmp((*(const fc_plugin *const *)a)->id, (*(const fc_plugin *const *)b)->id);
}

/* The shared environment, made on first use (call it from LLVMFuzzerInitialize so plugins are
 * loaded, and their coverage counters registered, before the first input). */
static inline fz_env *fz_get(void)
{
    static fz_env *env;
    if (env)
        return env;
    env = calloc(1, sizeof *env);
    fc_error err;
    fc_error_clear(&err);
    if (!env || !(env->ctx = fc_context_new()))
        fz_die("context", "out of memory");
    fc_context_add_path(env->ctx, FZ_PLUGIN_DIR);
    fc_context_scan(env->ctx);
    if (fc_context_load(env->ctx, FZ_FIXTURE_SO, &err) < 0)
        fz_die(FZ_FIXTURE_SO, err.msg);
    int n = fc_context_game_count(env->ctx);
    for (int i = 0; i < n && env->ngames < FZ_MAX_GAMES; i++)
        env->games[env->ngames++] = fc_context_game(env->ctx, i);
    if (env->ngames < 2)
        fz_die(FZ_PLUGIN_DIR, "no game plugin loaded (build the plugins first)");
    qsort(env->games, (size_t)env->ngames, sizeof env->games[0], fz_cmp_game);
    snprintf(env->scratch, sizeof env->scratch, "/tmp/fc-fuzz-%ld-XXXXXX", (long)getpid());
    if (!mkdtemp(env->scratch))
        fz_die("mkdtemp", env->scratch);
    /* Nothing a target runs may wait for a terminal: /dev/stdin reads as empty. */
    if (!freopen("/dev/null", "r", stdin))
        fz_die("stdin", "cannot reopen on /dev/null");
    return env;
}

/* A path inside the scratch folder. */
static inline void fz_scratch_path(const fz_env *env, const char *name, char *buf, size_t n)
{
    snprintf(buf, n, "%s/%s", env->scratch, name);
}

/* Writes bytes to a scratch file; 0 on success. */
static inline int fz_write_file(const char *path, const void *data, size_t size)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return -1;
    size_t w = size ? fwrite(data, 1, size, f) : 0;
    return fclose(f) == 0 && w == size ? 0 : -1;
}

/* A NUL-terminated copy of the input (caller frees). */
static inline char *fz_strndup(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    if (!s)
        abort();
    if (size)
        memcpy(s, data, size);
    s[size] = 0;
    return s;
}

/* Inputs may name files through path parameters, `load`/`save` or records. Special files
 * (devices, /proc, /sys, FIFOs under /run) could block or never end, which says nothing about
 * the code under test, so such inputs are skipped: true if the bytes mention one. */
static inline int fz_names_special_file(const uint8_t *data, size_t size)
{
    static const char *const bad[] = {"/dev", "/proc", "/sys", "/run", "kmsg", "fd/", "stdin", "/tmp/fc-fuzz"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        if (memmem(data, size, bad[i], strlen(bad[i])))
            return 1;
    return 0;
}

static inline uint64_t fz_hash(const void *p, size_t n)
{
    const unsigned char *b = p;
    uint64_t h = 1469598103934665603u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 1099511628211u;
    return h;
}

/* Splits off the header line "GAME [SEATS]" (docs/fuzzing.md): a known id there picks that
 * game and *rest points after the line. Without such a header (a plain INI, Lua file or shell
 * transcript dropped into tests/regress/) the whole text is the body and the game is the known
 * id named earliest in it, else one picked by hash, so every input reaches some game. Seats
 * are clamped into the game's range (its minimum when not given). */
static inline const fc_plugin *fz_pick_game(const fz_env *env, const char *text, int *nseats, const char **rest)
{
    size_t len = strcspn(text, "\n");
    char id[64] = "";
    int seats = 0;
    char line[128];
    snprintf(line, sizeof line, "%.*s", (int)(len < sizeof line - 1 ? len : sizeof line - 1), text);
    if (sscanf(line, "%63s %d", id, &seats) < 1)
        id[0] = 0;
    const fc_plugin *p = NULL;
    for (int i = 0; i < env->ngames && !p; i++)
        if (strcmp(env->games[i]->id, id) == 0)
            p = env->games[i];
    if (p) {
        *rest = text + len + (text[len] == '\n');
    } else {
        *rest = text;
        seats = 0;
        const char *first = NULL;
        for (int i = 0; i < env->ngames; i++) {
            const char *at = strstr(text, env->games[i]->id);
            if (at && (!first || at < first))
                first = at, p = env->games[i];
        }
        if (!p)
            p = env->games[fz_hash(line, strlen(line)) % (uint64_t)env->ngames];
    }
    int span = p->max_seats - p->min_seats + 1;
    if (seats < p->min_seats || seats > p->max_seats)
        seats = p->min_seats + (int)((unsigned long)(seats < 0 ? -(long)seats : seats) % (unsigned long)span);
    *nseats = seats;
    return p;
}

/* Aborts (a finding) with a message: for invariants the targets check. */
#define FZ_CHECK(cond, ...) \
    do { \
        if (!(cond)) { \
            fprintf(stderr, "fuzz invariant failed: " __VA_ARGS__); \
            fputc('\n', stderr); \
            abort(); \
        } \
    } while (0)

/* Plays up to `plies` decisions: chance points draw from the match stream, seats take a legal
 * decision picked by the `pick` sequence. Stops at the end of the game (0) or on an error
 * (-1: a variant's script failing is a clean refusal, not a finding). A seat to move with no
 * legal decision is a finding: the game could never go on. */
static inline int fz_play_some(fc_match *m, int plies, uint64_t pick)
{
    fc_error err;
    for (int i = 0; i < plies; i++) {
        fc_error_clear(&err);
        int who = fc_match_to_move(m);
        if (who == FC_NOBODY)
            return 0;
        if (who == FC_CHANCE) {
            if (fc_match_play_chance(m, &err) != 0)
                return -1;
            continue;
        }
        const fc_decision *legal = NULL;
        int n = fc_match_legal(m, &legal, NULL);
        FZ_CHECK(n > 0, "seat %d is to move with %d legal decisions at ply %zu", who, n, fc_match_ply(m));
        pick = pick * 6364136223846793005u + 1442695040888963407u;
        if (fc_match_play(m, legal[(pick >> 33) % (uint64_t)n], &err) != 0)
            return -1;
    }
    return 0;
}

#endif
