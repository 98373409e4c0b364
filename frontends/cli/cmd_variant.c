/* `formicary variant check FILE.lua [--game GAME]` and `formicary variant list [GAME]`.
 *
 * check validates a variant without playing it for real: it compiles and runs the body in the
 * sandbox (syntax, metadata, known hook names), compares each hook function's parameters with
 * the hook point's arguments, resolves the parameters against the schema through the rule-set
 * loader (names and ranges), then plays a few short random games under the sandbox limits so
 * that errors inside hook bodies show up. Every problem is printed as "file:line: message";
 * the exit status is 0 only if the script is valid. */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "formicary/variant.h"

const cli_optdef cli_opts_variant[] = {
    {"--game", "GAME", false, "check: the game (default: the game named in variant{})"},
    {"--games", "N", false, "check: random games of the smoke run (default 3; 0 skips it)"},
    {"--seed", "S", false, "check: seed of the smoke run (default 1)"},
    {NULL, NULL, false, NULL},
};

/* Decisions after which a smoke game is cut short: the point is to run the hooks, not to
 * finish (every shipped game ends well before this). */
#define VC_MAX_DECISIONS 200000L

/* The script's text, or NULL with err holding "PATH: reason" (missing file, read error, too
 * large, NUL byte). */
static char *vc_read(const char *path, fc_error *err)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fc_error_set(err, FC_EIO, "%s: %s", path, strerror(errno));
        return NULL;
    }
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    size_t got;
    while (buf && (got = fread(buf + n, 1, cap - n - 1, f)) > 0) {
        n += got;
        if (n + 1 == cap) {
            char *bigger = cap < (8u << 20) ? realloc(buf, cap * 2) : NULL;
            if (!bigger) {
                free(buf);
                buf = NULL;
                fc_error_set(err, FC_ENOMEM, "%s: larger than 8 MiB", path);
                break;
            }
            buf = bigger;
            cap *= 2;
        }
    }
    if (buf && ferror(f)) {
        fc_error_set(err, FC_EIO, "%s: %s", path, strerror(errno));
        free(buf);
        buf = NULL;
    }
    fclose(f);
    if (buf) {
        buf[n] = '\0';
        if (strlen(buf) != n) {
            fc_error_set(err, FC_EPARSE, "%s: contains a NUL byte (not a text file)", path);
            free(buf);
            buf = NULL;
        }
    } else if (!err->msg[0]) {
        fc_error_set(err, FC_ENOMEM, "out of memory");
    }
    return buf;
}

/* Plays one random game; 0, or -1 with the error in err. */
static int vc_smoke_game(const fc_rules *rules, uint64_t seed, long *decisions, fc_error *err)
{
    fc_match *m = fc_match_new(rules, seed, err);
    if (!m)
        return -1;
    fc_agent *a = fc_agent_new("random", seed ^ 0x9e3779b97f4a7c15ull, err);
    int rc = a ? 0 : -1;
    long n = 0;
    while (rc == 0 && n < VC_MAX_DECISIONS) {
        int who = fc_match_to_move(m);
        if (who == FC_NOBODY)
            break;
        if (who == FC_CHANCE) {
            rc = fc_match_play_chance(m, err);
        } else {
            fc_decision d;
            rc = fc_agent_choose(a, m, &d, err);
            if (rc == 0)
                rc = fc_match_play(m, d, err);
        }
        n++;
    }
    if (rc == 0) { /* end-of-game hooks (scores) may record errors without refusing a move */
        int32_t score[FC_MAX_SEATS];
        int rank[FC_MAX_SEATS];
        fc_match_scores(m, score, rank);
        const char *e = fc_match_script_error(m);
        if (e && e[0])
            rc = fc_error_set(err, FC_ESCRIPT, "%s", e);
    }
    *decisions += n;
    fc_agent_free(a);
    fc_match_free(m);
    return rc < 0 ? -1 : rc;
}

/* One line to stderr, escaped: paths, names and messages come from the script. */
static void vc_err(const char *msg)
{
    char shown[4 * FC_ERROR_MSG_MAX];
    fprintf(stderr, "%s\n", fc_escape(msg, shown, sizeof shown));
}

static void vc_errf(const char *fmt, ...) CLI_PRINTF;
static void vc_errf(const char *fmt, ...)
{
    char raw[2 * FC_ERROR_MSG_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(raw, sizeof raw, fmt, ap);
    va_end(ap);
    vc_err(raw);
}

/* Hook functions that declare more parameters than the game passes would see nil. */
static int vc_check_signatures(const char *path, const fc_plugin *p, const fc_variant_probe_result *res)
{
    int bad = 0;
    for (int h = 0; h < p->nhooks && h < 64; h++) {
        if (!((res->hooks_mask >> h) & 1u) || res->hook_vararg[h] || res->hook_nparams[h] <= p->hooks[h].nargs)
            continue;
        vc_errf("%s:%d: hook %s: the function takes %d parameters but the game passes %d %s", path,
                res->hook_line[h], p->hooks[h].name, res->hook_nparams[h], p->hooks[h].nargs,
                p->hooks[h].doc ? p->hooks[h].doc : "");
        bad++;
    }
    return bad;
}

/* A rules set of the game with the variant at n seats (NULL after printing why not). */
static fc_rules *vc_rules(fc_context *ctx, const char *path, const char *game_id, int n, fc_error *err)
{
    fc_rules *rules = fc_rules_new(ctx, game_id, n, err);
    if (!rules || fc_rules_load_variant(rules, path, err) != 0 || fc_rules_finish(rules, err) != 0) {
        fc_rules_free(rules);
        return NULL;
    }
    return rules;
}

/* What can be checked without playing: the description, the hooks' signatures and the parameter
 * values against the schema's ranges at every seat count; the number of problems printed. */
static int vc_check_static(fc_context *ctx, const char *path, const char *game_id, const fc_plugin *p,
                           const fc_variant_probe_result *res)
{
    int bad = 0;
    if (!res->meta.description[0]) {
        vc_errf("%s:%d: variant{}: description is missing (shown by `formicary variant list`)", path,
                res->meta.line);
        bad++;
    }
    bad += vc_check_signatures(path, p, res);
    for (int n = p->min_seats; !bad && n <= p->max_seats; n++) {
        fc_error err;
        fc_error_clear(&err);
        fc_rules *rules = vc_rules(ctx, path, game_id, n, &err);
        if (!rules) {
            vc_err(err.msg);
            bad++;
        }
        fc_rules_free(rules);
    }
    return bad;
}

/* `games` smoke games with the variant, seat counts in turn; 0 or -1 after printing the failure. */
static int vc_smoke(fc_context *ctx, const char *path, const char *game_id, const fc_plugin *p, int games,
                    uint64_t seed, long *decisions)
{
    for (int i = 0; i < games; i++) {
        int n = p->min_seats + i % (p->max_seats - p->min_seats + 1);
        fc_error err;
        fc_error_clear(&err);
        fc_rules *rules = vc_rules(ctx, path, game_id, n, &err);
        int rc = rules ? vc_smoke_game(rules, seed + (uint64_t)i, decisions, &err) : -1;
        fc_rules_free(rules);
        if (rc != 0) {
            vc_err(err.msg);
            vc_errf("%s: smoke game %d (%d seats, seed %llu) failed", path, i + 1, n,
                    (unsigned long long)(seed + (uint64_t)i));
            return -1;
        }
    }
    return 0;
}

/* "PATH: ok: variant NAME for GAME: N parameters, declares ..., hooks: ...; smoke run: ..." */
static void vc_print_ok(const char *path, const fc_plugin *p, const fc_variant_probe_result *res, int games,
                        long decisions)
{
    char shown_path[4 * 512], shown_name[4 * sizeof res->meta.name];
    printf("%s: ok: variant %s for %s: %d parameter%s", fc_escape(path, shown_path, sizeof shown_path),
           fc_escape(res->meta.name, shown_name, sizeof shown_name), p->id, res->nsettings,
           res->nsettings == 1 ? "" : "s");
    for (int k = 0; k < res->nparams && k < FC_VARIANT_MAX_PARAMS; k++) /* its own, from param() */
        printf("%s%s %lld (%lld..%lld)", k ? ", " : ", declares ", res->params[k].name, (long long)res->params[k].def,
               (long long)res->params[k].lo, (long long)res->params[k].hi);
    printf(", hooks:");
    int nh = 0;
    for (int h = 0; h < p->nhooks && h < 64; h++)
        if ((res->hooks_mask >> h) & 1u)
            printf("%s%s", nh++ ? ", " : " ", p->hooks[h].name);
    printf("%s; smoke run: %d game%s, %ld decisions\n", nh ? "" : " none", games, games == 1 ? "" : "s", decisions);
}

static int vc_check(cli *c, const char *path)
{
    fc_error err;
    fc_error_clear(&err);
    char shipped[1024];
    const char *found = NULL;
    if (cli_opt(c, "--game") && access(path, F_OK) != 0) /* a shipped variant's name */
        found = cli_variant_path(cli_opt(c, "--game"), path, shipped, sizeof shipped, NULL);
    if (found)
        path = found;
    char *text = vc_read(path, &err);
    if (!text)
        return cli_fail("%s", err.msg);
    int games = 3;
    uint64_t seed = 1;
    if (!cli_opt_int(c, "--games", 0, 1000, 3, &games) || !cli_opt_u64(c, "--seed", 1, &seed)) {
        free(text);
        return CLI_EXIT_USAGE;
    }
    /* Without a game only the metadata can be read (hook() needs a game and fails, but
     * variant{} normally runs first and fills the result anyway). */
    fc_variant_probe_result *res = calloc(1, sizeof *res);
    fc_context *ctx = res ? cli_context(c, NULL, 0) : NULL;
    int rc = CLI_EXIT_FAIL;
    if (!ctx)
        goto done;
    fc_variant_probe(NULL, path, text, res, &err);
    const char *game = cli_opt(c, "--game");
    if (!game && !res->meta.game[0]) {
        if (err.msg[0]) /* typically a syntax error */
            vc_err(err.msg);
        else
            vc_errf("%s: cannot tell the game: pass --game GAME or call variant{ game = ... } first", path);
        goto done;
    }
    if (!game)
        game = res->meta.game;
    char game_id[64];
    snprintf(game_id, sizeof game_id, "%s", game);
    const fc_plugin *p = fc_context_find(ctx, game_id, &err);
    if (!p) {
        vc_errf("%s: %s", path, err.msg);
        goto done;
    }
    /* syntax, metadata, hook names, parameter names: messages carry file:line */
    fc_error_clear(&err);
    if (fc_variant_probe(p, path, text, res, &err) != 0) {
        vc_err(err.msg);
        goto done;
    }
    long decisions = 0;
    if (vc_check_static(ctx, path, game_id, p, res) == 0 &&
        vc_smoke(ctx, path, game_id, p, games, seed, &decisions) == 0) {
        vc_print_ok(path, p, res, games, decisions);
        rc = CLI_EXIT_OK;
    }
done:
    fc_context_free(ctx);
    free(res);
    free(text);
    return rc;
}

static int vc_cmp(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* Lists the .lua files of DIR/GAME in name order; names already shown (from an earlier dir) are skipped. */
static int vc_list_dir(fc_context *ctx, const char *dir, const char *game, cli_table *t, char ***seen, int *nseen)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, game);
    DIR *d = opendir(path);
    if (!d)
        return 0;
    char *names[256];
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) && n < 256) {
        size_t len = strlen(e->d_name);
        if (len > 4 && strcmp(e->d_name + len - 4, ".lua") == 0)
            names[n++] = strdup(e->d_name);
    }
    closedir(d);
    qsort(names, (size_t)n, sizeof names[0], vc_cmp);
    const fc_plugin *p = fc_context_find(ctx, game, NULL);
    fc_variant_probe_result *res = calloc(1, sizeof *res);
    int shown = 0;
    for (int i = 0; i < n; i++) {
        int dup = !names[i] || !res;
        for (int k = 0; !dup && k < *nseen; k++)
            dup = strcmp((*seen)[k], names[i]) == 0;
        char *grown = dup ? NULL : (char *)realloc(*seen, (size_t)(*nseen + 1) * sizeof **seen);
        if (dup || !grown) {
            free(names[i]);
            continue;
        }
        *seen = (char **)grown;
        (*seen)[(*nseen)++] = names[i];
        snprintf(path, sizeof path, "%s/%s/%s", dir, game, names[i]);
        fc_error err;
        fc_error_clear(&err);
        char *text = vc_read(path, &err);
        char stem[128];
        snprintf(stem, sizeof stem, "%.*s", (int)strlen(names[i]) - 4, names[i]);
        if (text && fc_variant_probe(p, path, text, res, &err) == 0)
            cli_table_add(t, game, stem, res->meta.description[0] ? res->meta.description : "(no description)");
        else
            cli_table_add(t, game, stem, "(invalid: run formicary variant check)");
        free(text);
        shown++;
    }
    free(res);
    return shown;
}

static int vc_list(cli *c, const char *only)
{
    fc_context *ctx = cli_context(c, NULL, 0);
    if (!ctx)
        return CLI_EXIT_FAIL;
    cli_table t;
    cli_table_init(&t, 3);
    cli_table_add(&t, "game", "variant", "description");
    int shown = 0, ngames = fc_context_game_count(ctx);
    char **seen = NULL;
    int nseen = 0;
    for (int g = 0; g < ngames; g++) {
        const char *id = fc_context_game(ctx, g)->id;
        if (only && strcmp(only, id) != 0)
            continue;
        for (int i = 0; i < nseen; i++)
            free(seen[i]);
        nseen = 0;
        for (int k = cli_variant_dir_first(); k < 2; k++)
            shown += vc_list_dir(ctx, cli_variant_dirs[k], id, &t, &seen, &nseen);
    }
    for (int i = 0; i < nseen; i++)
        free(seen[i]);
    free(seen);
    int rc = CLI_EXIT_OK;
    if (only && !fc_context_find(ctx, only, NULL))
        rc = cli_fail("variant list: unknown game '%s'", only);
    else if (shown == 0)
        printf("no shipped variants%s%s\n", only ? " for " : "", only ? only : "");
    else
        cli_table_print(&t, stdout, "");
    cli_table_free(&t);
    fc_context_free(ctx);
    return rc;
}

int cli_cmd_variant(cli *c)
{
    const char *what = c->pos[0];
    if (strcmp(what, "check") == 0) {
        if (c->npos != 2)
            return cli_usage("variant check: expected one FILE.lua");
        return vc_check(c, c->pos[1]);
    }
    if (strcmp(what, "list") == 0)
        return vc_list(c, c->npos == 2 ? c->pos[1] : NULL);
    return cli_usage("variant: unknown action '%s' (expected check or list)", what);
}
