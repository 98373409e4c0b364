/* Option parsing, error reporting and helpers shared by the subcommands. */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <ini.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "formicary/tiers.h"
#include "formicary/agent.h"
#include "formicary/rng.h"
#include "formicary/suggest.h"
#include "formicary/escape.h"
#include "formicary/view.h"

/* Options every subcommand accepts. */
static const cli_optdef cli_common_opts[] = {
    {"--plugin-path", "DIR", true, "also look for game plugins in DIR (before $FORMICARY_PLUGIN_PATH)"},
    {"--help", NULL, false, "show this help"},
    {NULL, NULL, false, NULL},
};

/* Messages carry names and texts from files and scripts: escaped (formicary/escape.h), so a
 * stranger's record or variant cannot send escape sequences to the terminal. */
static void cli_vmsg(const char *fmt, va_list ap)
{
    char raw[4096], shown[4 * sizeof raw];
    vsnprintf(raw, sizeof raw, fmt, ap);
    fc_escape(raw, shown, sizeof shown);
    fprintf(stderr, "formicary: %s\n", shown);
    fflush(stderr);
}

int cli_fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    cli_vmsg(fmt, ap);
    va_end(ap);
    return CLI_EXIT_FAIL;
}

int cli_close_output(FILE *f, const char *path)
{
    errno = 0;
    bool bad = fflush(f) != 0 || ferror(f);
    int e = errno;
    if (f != stdout && fclose(f) != 0 && !bad) {
        bad = true;
        e = errno;
    }
    if (!bad)
        return 0;
    if (f == stdout && !e) {
        /* the write that failed was an earlier one (output past stdio's buffer), its errno long
         * gone: the output is broken anyway, so one more byte asks the system why */
        fflush(f);
        if (write(fileno(f), "\n", 1) < 0)
            e = errno;
    }
    if (f == stdout)
        return cli_fail("write error on standard output: %s", strerror(e ? e : EIO));
    return cli_fail("%s: %s", path, strerror(e ? e : EIO));
}

fc_outfile *cli_open_output(const char *path)
{
    fc_error err;
    fc_error_clear(&err);
    fc_outfile *o = strcmp(path, "-") == 0 ? fc_outfile_wrap(stdout, "-") : fc_outfile_open(path, &err);
    if (!o)
        cli_fail("%s", err.msg[0] ? err.msg : "out of memory");
    return o;
}

int cli_finish_output(fc_outfile *o)
{
    bool out = fc_outfile_stream(o) == stdout;
    FILE *f = fc_outfile_stream(o);
    if (out) { /* standard output stays open for main's final check */
        fc_outfile_discard(o);
        return cli_close_output(f, "-");
    }
    fc_error err;
    fc_error_clear(&err);
    return fc_outfile_close(o, &err) == 0 ? 0 : cli_fail("%s", err.msg);
}

long cli_read_line(FILE *f, char *buf, size_t size, bool *too_long)
{
    size_t n = 0;
    int ch = EOF;
    *too_long = false;
    while ((ch = getc(f)) != EOF) {
        if (n + 1 < size)
            buf[n++] = (char)ch;
        else
            *too_long = true; /* the rest of the line is read and dropped, never stored */
        if (ch == '\n')
            break;
    }
    if (ch == EOF && n == 0 && !*too_long)
        return -1;
    buf[n] = '\0';
    return (long)n;
}

int cli_usage(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    cli_vmsg(fmt, ap);
    va_end(ap);
    return CLI_EXIT_USAGE;
}

static int cli_find(const cli *c, const char *name)
{
    for (int i = 0; i < c->nopts; i++)
        if (strcmp(c->opts[i]->name, name) == 0)
            return i;
    return -1;
}

static int cli_unknown_option(const cli *c, const char *a, size_t nlen)
{
    char given[64];
    snprintf(given, sizeof given, "%.*s", (int)(nlen < sizeof given ? nlen : sizeof given - 1), a);
    const char *names[CLI_MAX_OPTS];
    for (int j = 0; j < c->nopts; j++)
        names[j] = c->opts[j]->name;
    const char *near = fc_suggest(given, names, c->nopts);
    if (near)
        return cli_usage("%s: unknown option '%s'; did you mean %s? (see formicary %s --help)", c->cmd->name, given, near,
                         c->cmd->name);
    return cli_usage("%s: unknown option '%s' (see formicary %s --help)", c->cmd->name, given, c->cmd->name);
}

/* Game ids are lower case: "Myrmes" on the command line names myrmes (also in paths built from
 * it, such as scripts/GAME/). */
static void cli_game_lower(cli *c)
{
    int at = strncmp(c->cmd->usage, "GAME", 4) == 0 ? 0 : -1;
    if (strcmp(c->cmd->name, "variant") == 0 && c->npos == 2 && strcmp(c->pos[0], "list") == 0)
        at = 1;
    if (at < 0 || at >= c->npos || strlen(c->pos[at]) >= sizeof c->game)
        return;
    size_t i = 0;
    for (; c->pos[at][i]; i++)
        c->game[i] = (char)tolower((unsigned char)c->pos[at][i]);
    c->game[i] = '\0';
    c->pos[at] = c->game;
}

int cli_parse(const cli_cmd *cmd, int argc, char **argv, cli *c)
{
    memset(c, 0, sizeof *c);
    c->cmd = cmd;
    c->argc = argc;
    c->argv = argv;
    const cli_optdef *tables[2] = {cmd->opts, cli_common_opts};
    for (int t = 0; t < 2; t++)
        for (const cli_optdef *o = tables[t]; o && o->name; o++)
            if (c->nopts < CLI_MAX_OPTS)
                c->opts[c->nopts++] = o;
    bool only_pos = false;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (!only_pos && strcmp(a, "--") == 0) {
            only_pos = true;
            continue;
        }
        if (only_pos || a[0] != '-' || a[1] == 0) {
            if (c->npos == cmd->max_pos || c->npos == CLI_MAX_POS)
                return cli_usage("%s: unexpected argument '%s' (see formicary %s --help)", cmd->name, a, cmd->name);
            c->pos[c->npos++] = a;
            continue;
        }
        if (strcmp(a, "-h") == 0)
            a = "--help";
        const char *eq = strchr(a, '=');
        size_t nlen = eq ? (size_t)(eq - a) : strlen(a);
        int k = -1;
        for (int j = 0; j < c->nopts; j++)
            if (strlen(c->opts[j]->name) == nlen && strncmp(c->opts[j]->name, a, nlen) == 0)
                k = j;
        if (k < 0)
            return cli_unknown_option(c, a, nlen);
        const cli_optdef *o = c->opts[k];
        const char *v = NULL;
        if (o->arg) {
            if (eq)
                v = eq + 1;
            else if (i + 1 < argc)
                v = argv[++i];
            else
                return cli_usage("%s: option %s needs a value %s", cmd->name, o->name, o->arg);
        } else if (eq) {
            return cli_usage("%s: option %s takes no value", cmd->name, o->name);
        }
        if (c->count[k] > 0 && !o->repeat && o->arg)
            return cli_usage("%s: option %s given twice", cmd->name, o->name);
        if (c->count[k] == CLI_MAX_REPEAT)
            return cli_usage("%s: option %s given too often", cmd->name, o->name);
        c->val[k][c->count[k]++] = v ? v : "";
    }
    if (cli_flag(c, "--help"))
        return 0;
    cli_game_lower(c);
    if (c->npos < cmd->min_pos)
        return cli_usage("%s: missing %s (usage: formicary %s %s)", cmd->name, cmd->usage, cmd->name, cmd->usage);
    return 0;
}

/* What `formicary import --help` prints after the options (cmd_import.c). */
static const char import_more[] =
    "\nEach game becomes DIR/FILE-NNNN.fcr (NNNN: its number in FILE), a record that `formicary replay`\n"
    "verifies; players, result, date and the source file and line are kept as its `meta` lines.\n"
    "A game that cannot be read or played is skipped with one line saying why.\n"
    "\nexit status: 0 when at least one game was imported and every file could be read;\n"
    "1 when no game was imported or a file could not be read (too large, not text, no game,\n"
    "cannot write); 2 for a usage error.\n";

/* What `formicary check --help` prints after the options (cmd_check.c). */
static const char check_more[] =
    "\nDESIGN.ini (docs/metrics.md, \"Balance contracts\"; each game ships config/GAME/design.ini):\n"
    "  [contract]\n  agents = medium,medium        ; one agent or tier per seat\n"
    "  games = 400                   ; the most games per line-up\n"
    "  [target first_seat]\n  metric = seat_win:1\n  max = 0.56\n"
    "  [target tiers]\n  metric = beats:expert,medium  ; expert's win share against medium, seats swapped\n"
    "  min = 0.65\n"
    "Each deal is played once per distinct seating; after each of `looks` (default 10) blocks a target is\n"
    "decided when its interval lies wholly inside the tolerance (met) or outside it (not met).\n"
    "\nexit status: 0 every target met; 1 a target not met; 3 none failed but some undecided after the\n"
    "most games; 2 the check could not be made (usage, a broken contract file, a failing game or output).\n";

void cli_help(const cli_cmd *cmd, FILE *f)
{
    fprintf(f, "usage: formicary %s%s%s [options]\n\n%s\n\noptions:\n", cmd->name, cmd->usage[0] ? " " : "",
            cmd->usage, cmd->summary);
    const cli_optdef *tables[2] = {cmd->opts, cli_common_opts};
    cli_table t;
    cli_table_init(&t, 2);
    for (int k = 0; k < 2; k++)
        for (const cli_optdef *o = tables[k]; o && o->name; o++) {
            char name[64];
            snprintf(name, sizeof name, "%s%s%s%s", o->name, o->arg ? " " : "", o->arg ? o->arg : "",
                     o->repeat ? " ..." : "");
            cli_table_add(&t, name, o->help);
        }
    cli_table_print(&t, f, "  ");
    cli_table_free(&t);
    if (strcmp(cmd->name, "import") == 0)
        fputs(import_more, f);
    if (strcmp(cmd->name, "check") == 0)
        fputs(check_more, f);
}

const char *cli_opt(const cli *c, const char *name)
{
    int k = cli_find(c, name);
    return k >= 0 && c->count[k] ? c->val[k][c->count[k] - 1] : NULL;
}

bool cli_flag(const cli *c, const char *name) { return cli_opt(c, name) != NULL; }

int cli_opt_count(const cli *c, const char *name)
{
    int k = cli_find(c, name);
    return k >= 0 ? c->count[k] : 0;
}

const char *cli_opt_at(const cli *c, const char *name, int i)
{
    int k = cli_find(c, name);
    return k >= 0 && i >= 0 && i < c->count[k] ? c->val[k][i] : NULL;
}

bool cli_parse_u64(const char *s, uint64_t *out)
{
    if (!s || *s < '0' || *s > '9')
        return false;
    char *end = NULL;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || *end)
        return false;
    *out = (uint64_t)v;
    return true;
}

bool cli_parse_int(const char *s, long lo, long hi, int *out)
{
    if (!s || !*s)
        return false;
    char *end = NULL;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || *end || v < lo || v > hi)
        return false;
    *out = (int)v;
    return true;
}

bool cli_parse_double(const char *s, double lo, double hi, double *out)
{
    if (!s || !*s)
        return false;
    char *end = NULL;
    errno = 0;
    double v = strtod(s, &end);
    if (errno || *end || !isfinite(v) || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

char *cli_trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    size_t len = strlen(s);
    while (len && isspace((unsigned char)s[len - 1]))
        s[--len] = 0;
    return s;
}

bool cli_opt_u64(const cli *c, const char *name, uint64_t dflt, uint64_t *out)
{
    const char *v = cli_opt(c, name);
    *out = dflt;
    if (v && !cli_parse_u64(v, out)) {
        cli_usage("%s: option %s: '%s' is not a non-negative integer", c->cmd->name, name, v);
        return false;
    }
    return true;
}

bool cli_opt_int(const cli *c, const char *name, long lo, long hi, int dflt, int *out)
{
    const char *v = cli_opt(c, name);
    *out = dflt;
    if (v && !cli_parse_int(v, lo, hi, out)) {
        cli_usage("%s: option %s: '%s' is not an integer in %ld..%ld", c->cmd->name, name, v, lo, hi);
        return false;
    }
    return true;
}

fc_context *cli_context(const cli *c, const char *const *extra, int nextra)
{
    fc_context *ctx = fc_context_new();
    if (!ctx) {
        cli_fail("out of memory");
        return NULL;
    }
    for (int i = 0; i < cli_opt_count(c, "--plugin-path"); i++)
        fc_context_add_path(ctx, cli_opt_at(c, "--plugin-path", i));
    for (int i = 0; i < nextra; i++)
        fc_context_add_path(ctx, extra[i]);
    char conf[1024];
    if (cli_config_get("paths", "plugin_path", conf, sizeof conf))
        for (char *save = NULL, *dir = strtok_r(conf, ":", &save); dir; dir = strtok_r(NULL, ":", &save))
            fc_context_add_path(ctx, dir);
    fc_context_add_default_paths(ctx);
    fc_context_scan(ctx);
    return ctx;
}

bool cli_set_names(const char *set, const char *name)
{
    size_t len = strcspn(set, "=");
    return strlen(name) == len && strncmp(name, set, len) == 0;
}

bool cli_set_is_game_param(const fc_plugin *p, const char *set)
{
    for (int i = 0; i < p->nparams; i++)
        if (cli_set_names(set, p->params[i].name))
            return true;
    return false;
}

fc_rules *cli_rules_err(const cli *c, fc_context *ctx, const char *game, int nseats, fc_error *err)
{
    return cli_rules_build(c, ctx, game, nseats, false, err);
}

fc_rules *cli_rules_build(const cli *c, fc_context *ctx, const char *game, int nseats, bool game_sets_only,
                          fc_error *err)
{
    const fc_plugin *p = fc_context_find(ctx, game, err);
    if (!p)
        return NULL;
    fc_rules *r = fc_rules_new(ctx, game, nseats > 0 ? nseats : p->min_seats, err);
    if (!r)
        return NULL;
    const char *ini = cli_opt(c, "--rules");
    const char *lua = cli_opt(c, "--variant");
    char lua_path[1024], ini_path[1024];
    int rc = 0;
    if (ini)
        rc = (ini = cli_ruleset_path(game, ini, ini_path, sizeof ini_path, err)) ? fc_rules_load_ini(r, ini, err)
                                                                                  : FC_EINVAL;
    if (rc == 0 && lua)
        rc = (lua = cli_variant_path(game, lua, lua_path, sizeof lua_path, err)) ? fc_rules_load_variant(r, lua, err)
                                                                                  : FC_EINVAL;
    for (int i = 0; rc == 0 && i < cli_opt_count(c, "--set"); i++)
        if (!game_sets_only || cli_set_is_game_param(p, cli_opt_at(c, "--set", i)))
            rc = fc_rules_set(r, cli_opt_at(c, "--set", i), err);
    return fc_rules_finish_or_free(r, rc, err);
}

/* The installed scripts/ and config/ dirs, found relative to the program (fc_install_dir) on
 * first use: cli_variant_dir_first() runs before every look into these arrays. */
static char cli_installed_scripts[PATH_MAX + 16], cli_installed_config[PATH_MAX + 16];

const char *const cli_variant_dirs[2] = {FC_SOURCE_ROOT "/scripts", cli_installed_scripts};

int cli_variant_dir_first(void)
{
    if (!cli_installed_scripts[0]) {
        char dir[PATH_MAX];
        fc_install_dir(FC_INSTALL_DATA, dir, sizeof dir);
        snprintf(cli_installed_scripts, sizeof cli_installed_scripts, "%s/scripts", dir);
        snprintf(cli_installed_config, sizeof cli_installed_config, "%s/config", dir);
    }
    return fc_context_from_build_tree() ? 0 : 1;
}

const char *cli_variant_path(const char *game, const char *spec, char *buf, size_t n, fc_error *err)
{
    size_t len = strlen(spec);
    if (!buf || n == 0 || strchr(spec, '/') || (len > 4 && strcmp(spec + len - 4, ".lua") == 0) || access(spec, F_OK) == 0)
        return spec;
    for (int i = cli_variant_dir_first(); i < 2; i++) {
        snprintf(buf, n, "%s/%s/%s.lua", cli_variant_dirs[i], game, spec);
        if (access(buf, R_OK) == 0)
            return buf;
    }
    fc_error_set(err, FC_EINVAL, "--variant %s: no such file and no shipped %s variant of that name (see formicary variant list %s)",
                 spec, game, game);
    return NULL;
}

const char *const cli_ruleset_dirs[2] = {FC_SOURCE_ROOT "/config", cli_installed_config};

/* The INI files of config/GAME/ that are not rule sets: the difficulty tiers and the balance
 * contract (formicary check). */
static bool cli_not_ruleset(const char *file) { return strcmp(file, "bots.ini") == 0 || strcmp(file, "design.ini") == 0; }

/* The shipped files DIR/GAME/NAME.EXT of the first of dirs[2] that has any (the source tree's
 * only from the build tree), not counting those `skip` refuses: their names sorted in list
 * ("harsh, short, standard") and the one closest to spec (near, may be empty). */
static void cli_shipped_names(const char *const *dirs, const char *game, const char *ext, bool (*skip)(const char *),
                              const char *spec, char *list, size_t n, char *near, size_t nn)
{
    char names[32][64];
    const char *ptrs[32];
    int count = 0;
    size_t elen = strlen(ext);
    list[0] = '\0';
    if (near && nn)
        near[0] = '\0';
    for (int i = cli_variant_dir_first(); i < 2 && count == 0; i++) {
        char dir[1024];
        snprintf(dir, sizeof dir, "%s/%s", dirs[i], game);
        DIR *d = opendir(dir);
        if (!d)
            continue;
        struct dirent *e;
        while ((e = readdir(d)) && count < 32) {
            size_t len = strlen(e->d_name);
            if (len > elen && len < 64 && strcmp(e->d_name + len - elen, ext) == 0 && !(skip && skip(e->d_name))) {
                snprintf(names[count], sizeof names[count], "%.*s", (int)(len - elen), e->d_name);
                count++;
            }
        }
        closedir(d);
    }
    qsort(names, (size_t)count, sizeof names[0], (int (*)(const void *, const void *))strcmp);
    size_t len = 0;
    for (int i = 0; i < count; i++) {
        ptrs[i] = names[i];
        len += (size_t)snprintf(list + len, len < n ? n - len : 0, "%s%s", i ? ", " : "", names[i]);
    }
    const char *best = spec && near ? fc_suggest(spec, ptrs, count) : NULL;
    if (best)
        snprintf(near, nn, "%s", best);
}

static void cli_ruleset_names(const char *game, const char *spec, char *list, size_t n, char *near, size_t nn)
{
    cli_shipped_names(cli_ruleset_dirs, game, ".ini", cli_not_ruleset, spec, list, n, near, nn);
}

void cli_shipped_rulesets(const char *game, char *list, size_t n)
{
    cli_shipped_names(cli_ruleset_dirs, game, ".ini", cli_not_ruleset, NULL, list, n, NULL, 0);
}

void cli_shipped_variants(const char *game, char *list, size_t n)
{
    cli_shipped_names(cli_variant_dirs, game, ".lua", NULL, NULL, list, n, NULL, 0);
}

const char *cli_ruleset_path(const char *game, const char *spec, char *buf, size_t n, fc_error *err)
{
    size_t len = strlen(spec);
    if (strchr(spec, '/') || (len > 4 && strcmp(spec + len - 4, ".ini") == 0) || access(spec, F_OK) == 0)
        return spec;
    char lower[128];
    size_t i = 0;
    for (; spec[i] && i + 1 < sizeof lower; i++)
        lower[i] = (char)tolower((unsigned char)spec[i]);
    lower[i] = '\0';
    char file[160];
    snprintf(file, sizeof file, "%s.ini", lower);
    for (int d = cli_variant_dir_first(); d < 2 && !cli_not_ruleset(file); d++) {
        snprintf(buf, n, "%s/%s/%s.ini", cli_ruleset_dirs[d], game, lower);
        if (access(buf, R_OK) == 0)
            return buf;
    }
    char list[512], near[64];
    cli_ruleset_names(game, lower, list, sizeof list, near, sizeof near);
    char hint[96] = "";
    if (near[0])
        snprintf(hint, sizeof hint, "; did you mean '%s'?", near);
    fc_error_set(err, FC_EINVAL, "--rules %s: no such file and no shipped %s rule set of that name%s (shipped: %s)", spec,
                 game, hint, list[0] ? list : "none");
    return NULL;
}

int cli_tiers(const char *game, fc_tiers *t, fc_error *err)
{
    char path[PATH_MAX + 64];
    for (int d = cli_variant_dir_first(); d < 2; d++) {
        snprintf(path, sizeof path, "%s/%s/bots.ini", cli_ruleset_dirs[d], game);
        if (access(path, F_OK) == 0)
            return fc_tiers_load(t, path, err);
    }
    memset(t, 0, sizeof *t);
    return 1;
}

int cli_agent_spec(const char *game, const char *spec, char *out, size_t n, fc_error *err)
{
    size_t nlen = strcspn(spec, ":");
    char name[32];
    snprintf(name, sizeof name, "%.*s", (int)(nlen < sizeof name ? nlen : sizeof name - 1), spec);
    bool maybe_tier = true;
    for (int i = 0; i < fc_agent_kind_count() && maybe_tier; i++)
        maybe_tier = strcmp(name, fc_agent_kind_name(i)) != 0;
    fc_tiers t;
    int rc = maybe_tier ? cli_tiers(game, &t, err) : 1;
    if (rc < 0)
        return rc;
    if (rc == 1 && maybe_tier && fc_tier_name_is_standard(name))
        return fc_error_set(err, FC_EINVAL, "'%s' is a difficulty tier, but %s has none (no config/%s/bots.ini)", name,
                            game, game);
    if (rc == 0 && maybe_tier && strcmp(name, "human") != 0 && !fc_tiers_find(&t, name)) {
        char known[400];
        fc_tiers_known_text(&t, name, known, sizeof known);
        return fc_error_set(err, FC_EUNKNOWN, "unknown agent '%s'%s", name, known);
    }
    return fc_tiers_resolve(rc == 0 ? &t : NULL, spec, out, n, err);
}

fc_rules *cli_rules(const cli *c, fc_context *ctx, const char *game, int nseats)
{
    fc_error err;
    fc_error_clear(&err);
    fc_rules *r = cli_rules_err(c, ctx, game, nseats, &err);
    if (!r)
        cli_fail("%s", err.msg[0] ? err.msg : "cannot build the rule set");
    return r;
}

void cli_seat_names(const fc_match *m, char names[FC_MAX_SEATS][24])
{
    fc_view *v = calloc(1, sizeof *v);
    if (v)
        fc_match_view(m, -1, v);
    for (int i = 0; i < FC_MAX_SEATS; i++) {
        if (v && i < 8 && v->seat_names[i][0])
            snprintf(names[i], 24, "%.23s", v->seat_names[i]);
        else
            snprintf(names[i], 24, "Seat %d", i + 1);
    }
    free(v);
}

uint64_t cli_time_seed(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    uint64_t mix[3] = {(uint64_t)ts.tv_sec, (uint64_t)ts.tv_nsec, (uint64_t)getpid()};
    /* small enough to type back in */
    return fc_hash64(mix, sizeof mix, 0) % 1000000000u;
}

int cli_play_chance(fc_match *m, char *text, size_t n, fc_error *err)
{
    const fc_decision *legal = NULL;
    int k = fc_match_legal(m, &legal, NULL);
    if (k <= 0)
        return fc_error_set(err, FC_ESTATE, "no chance outcome");
    /* the notation depends on the state before the outcome, so take every candidate's now */
    fc_decision *ds = malloc((size_t)k * sizeof *ds);
    char(*texts)[128] = malloc((size_t)k * sizeof *texts);
    if (!ds || !texts) {
        free(ds);
        free(texts);
        return fc_error_set(err, FC_ENOMEM, "out of memory");
    }
    memcpy(ds, legal, (size_t)k * sizeof *ds);
    for (int i = 0; i < k; i++)
        if (fc_match_decision_text(m, ds[i], texts[i], sizeof texts[i]) < 0)
            snprintf(texts[i], sizeof texts[i], "#%u", (unsigned)ds[i]);
    int rc = fc_match_play_chance(m, err);
    if (rc == 0) {
        const fc_history_entry *h = fc_match_history(m, fc_match_ply(m) - 1);
        snprintf(text, n, "?");
        for (int i = 0; h && i < k; i++)
            if (ds[i] == h->decision)
                snprintf(text, n, "%s", texts[i]);
    }
    free(ds);
    free(texts);
    return rc;
}

typedef struct cli_config {
    const char *section, *key;
    char *buf;
    size_t n;
    bool found;
} cli_config;

static int cli_config_line(void *user, const char *section, const char *name, const char *value)
{
    cli_config *cf = user;
    if (strcmp(section, cf->section) == 0 && strcmp(name, cf->key) == 0) {
        snprintf(cf->buf, cf->n, "%s", value);
        cf->found = true;
    }
    return 1;
}

/* inih line reader with the project's line ends ("\n", "\r\n", a lone "\r"; inih's own fgets
 * reader would glue "[play]\rseats = x" into one line and drop the key silently). A line
 * that is too long or holds a NUL byte comes out as a syntax error, never cut short. */
static char *cli_config_read(char *str, int num, void *stream)
{
    FILE *f = stream;
    int c, len = 0;
    bool any = false, bad = false;
    while ((c = getc(f)) != EOF && c != '\n' && c != '\r') {
        any = true;
        if (c == '\0' || len >= num - 2)
            bad = true;
        else
            str[len++] = (char)c;
    }
    if (c == '\r' && (c = getc(f)) != '\n' && c != EOF)
        ungetc(c, f);
    if (!any && c == EOF)
        return NULL;
    if (bad)
        len = snprintf(str, (size_t)num, "%s", "(bad line)"); /* no '=': inih reports the line */
    str[len] = '\n';
    str[len + 1] = '\0';
    return str;
}

static int cli_config_parse(const char *path, cli_config *cf)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    int rc = ini_parse_stream(cli_config_read, f, cli_config_line, cf);
    fclose(f);
    return rc;
}

bool cli_config_get(const char *section, const char *key, char *buf, size_t n)
{
    cli_config cf = {section, key, buf, n, false};
    /* $FORMICARY_CONFIG (empty: none), else the source tree's, else the installed one */
    const char *env = getenv("FORMICARY_CONFIG");
    char installed[PATH_MAX + 16], dir[PATH_MAX];
    snprintf(installed, sizeof installed, "%s/formicary.ini", fc_install_dir(FC_INSTALL_DATA, dir, sizeof dir));
    const char *paths[2] = {FC_SOURCE_ROOT "/config/formicary.ini", installed};
    if (env)
        return env[0] && cli_config_parse(env, &cf) == 0 && cf.found && buf[0];
    for (int i = fc_context_from_build_tree() ? 0 : 1; i < 2; i++) /* the source tree's: build-tree runs only */
        if (access(paths[i], R_OK) == 0)
            return cli_config_parse(paths[i], &cf) == 0 && cf.found && buf[0];
    return false;
}

/* ---- tables ---- */

void cli_table_init(cli_table *t, int ncols) { memset(t, 0, sizeof *t), t->ncols = ncols; }

void cli_table_add(cli_table *t, ...)
{
    if (t->nrows == t->cap) {
        int cap = t->cap ? t->cap * 2 : 16;
        char **cells = realloc(t->cells, (size_t)cap * (size_t)t->ncols * sizeof *cells);
        if (!cells)
            return;
        t->cells = cells;
        t->cap = cap;
    }
    va_list ap;
    va_start(ap, t);
    for (int i = 0; i < t->ncols; i++) {
        const char *s = va_arg(ap, const char *); /* names and descriptions from files: escaped */
        size_t len = s ? strlen(s) : 0, cap = len * 4 + 1;
        char *cell = malloc(cap);
        if (cell)
            fc_escape_text(s, len, cell, cap);
        t->cells[t->nrows * t->ncols + i] = cell;
    }
    va_end(ap);
    t->nrows++;
}

void cli_table_print(const cli_table *t, FILE *f, const char *indent)
{
    int w[16] = {0};
    for (int r = 0; r < t->nrows; r++)
        for (int i = 0; i < t->ncols && i < 16; i++) {
            const char *s = t->cells[r * t->ncols + i];
            int len = s ? (int)strlen(s) : 0;
            if (len > w[i])
                w[i] = len;
        }
    for (int r = 0; r < t->nrows; r++) {
        fputs(indent, f);
        for (int i = 0; i < t->ncols; i++) {
            const char *s = t->cells[r * t->ncols + i];
            if (i == t->ncols - 1 || i >= 16)
                fprintf(f, "%s", s ? s : "");
            else
                fprintf(f, "%-*s  ", w[i], s ? s : "");
        }
        fputc('\n', f);
    }
}

void cli_table_free(cli_table *t)
{
    for (int i = 0; i < t->nrows * t->ncols; i++)
        free(t->cells[i]);
    free(t->cells);
    memset(t, 0, sizeof *t);
}
