/* Plugin discovery and loading. Every refusal is one line naming the file, what was expected
 * and what was found; a refused plugin never stops the scan. Loaded plugins stay loaded until
 * the context is freed, because matches point into their code and static data. */
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <stddef.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "formicary/context.h"
#include "formicary/suggest.h"
#include "host.h"

#ifndef FC_SOURCE_ROOT
#define FC_SOURCE_ROOT "."
#endif
#ifndef FC_BUILD_ROOT
#define FC_BUILD_ROOT "."
#endif
#ifndef FC_PLUGIN_INSTALL_DIR
#define FC_PLUGIN_INSTALL_DIR "/usr/local/lib/formicary"
#endif
#ifndef FC_DATA_INSTALL_DIR
#define FC_DATA_INSTALL_DIR "/usr/local/share/formicary"
#endif
/* The install directories relative to the program's own directory (bindir), so a moved prefix
 * still works; empty when meson was configured with absolute dirs outside the prefix. */
#ifndef FC_BINDIR_TO_PLUGINS
#define FC_BINDIR_TO_PLUGINS "../lib/formicary"
#endif
#ifndef FC_BINDIR_TO_DATA
#define FC_BINDIR_TO_DATA "../share/formicary"
#endif

typedef struct loaded_game {
    const fc_plugin *plugin;
    void *handle;
    char path[PATH_MAX];
    char datadir[PATH_MAX + 64];
} loaded_game;

struct fc_context {
    char **paths;
    int npaths;
    loaded_game *games;
    int ngames;
    fc_plugin_report *reports;
    int nreports;
};

fc_context *fc_context_new(void) { return calloc(1, sizeof(fc_context)); }

void fc_context_free(fc_context *ctx)
{
    if (!ctx)
        return;
    for (int i = 0; i < ctx->npaths; i++)
        free(ctx->paths[i]);
    free(ctx->paths);
    for (int i = 0; i < ctx->ngames; i++)
        if (ctx->games[i].handle)
            dlclose(ctx->games[i].handle);
    free(ctx->games);
    free(ctx->reports);
    free(ctx);
}

const fc_host *fc_context_host(const fc_context *ctx)
{
    (void)ctx;
    return fc_host_table();
}

int fc_context_add_path(fc_context *ctx, const char *dir)
{
    if (!ctx || !dir || !*dir)
        return FC_EINVAL;
    for (int i = 0; i < ctx->npaths; i++)
        if (strcmp(ctx->paths[i], dir) == 0)
            return FC_OK;
    char **p = realloc(ctx->paths, (size_t)(ctx->npaths + 1) * sizeof *p);
    if (!p)
        return FC_ENOMEM;
    ctx->paths = p;
    if (!(ctx->paths[ctx->npaths] = strdup(dir)))
        return FC_ENOMEM;
    ctx->npaths++;
    return FC_OK;
}

static bool is_dir(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Whether `path` is dir itself or inside it (both resolved). */
static bool path_under(const char *path, const char *dir)
{
    char rp[PATH_MAX], rd[PATH_MAX];
    if (!realpath(path, rp) || !realpath(dir, rd))
        return false;
    size_t n = strlen(rd);
    return strncmp(rp, rd, n) == 0 && (rp[n] == '/' || rp[n] == '\0');
}

bool fc_context_from_build_tree(void)
{
    /* The executable's own location decides, never the working directory or the environment:
     * a program installed elsewhere must not load code from wherever it was once built. */
    return path_under("/proc/self/exe", FC_BUILD_ROOT);
}

const char *fc_install_dir(fc_install_kind kind, char *buf, size_t n)
{
    const char *rel = kind == FC_INSTALL_PLUGINS ? FC_BINDIR_TO_PLUGINS : FC_BINDIR_TO_DATA;
    const char *abs = kind == FC_INSTALL_PLUGINS ? FC_PLUGIN_INSTALL_DIR : FC_DATA_INSTALL_DIR;
    char exe[PATH_MAX], cand[PATH_MAX * 2];
    if (!buf || n == 0)
        return NULL;
    ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (rel[0] && len > 0) {
        exe[len] = '\0';
        char *slash = strrchr(exe, '/');
        if (slash) {
            *slash = '\0';
            snprintf(cand, sizeof cand, "%s/%s", exe, rel);
            if (is_dir(cand) && realpath(cand, exe)) {
                snprintf(buf, n, "%s", exe);
                return buf;
            }
        }
    }
    snprintf(buf, n, "%s", abs); /* the configured place: the program was not moved */
    return buf;
}

/* $XDG_DATA_HOME/formicary/plugins, by default ~/.local/share/formicary/plugins. */
static const char *user_plugin_dir(char *buf, size_t n)
{
    const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
    if (xdg && xdg[0] == '/')
        snprintf(buf, n, "%s/formicary/plugins", xdg);
    else if (home && home[0] == '/')
        snprintf(buf, n, "%s/.local/share/formicary/plugins", home);
    else
        return NULL;
    return buf;
}

int fc_context_add_default_paths(fc_context *ctx)
{
    const char *env = getenv("FORMICARY_PLUGIN_PATH");
    if (env && *env) {
        char *copy = strdup(env), *save = NULL;
        if (!copy)
            return FC_ENOMEM;
        for (char *tok = strtok_r(copy, ":", &save); tok; tok = strtok_r(NULL, ":", &save))
            fc_context_add_path(ctx, tok);
        free(copy);
    }
    if (fc_context_from_build_tree())
        fc_context_add_path(ctx, FC_BUILD_ROOT "/plugins");
    char dir[PATH_MAX];
    if (user_plugin_dir(dir, sizeof dir) && is_dir(dir))
        fc_context_add_path(ctx, dir);
    fc_context_add_path(ctx, fc_install_dir(FC_INSTALL_PLUGINS, dir, sizeof dir));
    return FC_OK;
}

static void add_report(fc_context *ctx, const char *path, bool loaded, const char *msg)
{
    fc_plugin_report *r = realloc(ctx->reports, (size_t)(ctx->nreports + 1) * sizeof *r);
    if (!r)
        return;
    ctx->reports = r;
    fc_plugin_report *e = &ctx->reports[ctx->nreports++];
    snprintf(e->path, sizeof e->path, "%s", path);
    e->loaded = loaded;
    snprintf(e->message, sizeof e->message, "%s", msg ? msg : "");
}

/* The data directory: <dir of .so>/data; the source directory mirroring the build directory
 * the .so sits in (running from a build tree); the source plugins/<id>/data; the install dir. */
static void find_datadir(const char *sopath, const char *id, char *out, size_t n)
{
    char dir[PATH_MAX], cand[PATH_MAX + 64];
    snprintf(dir, sizeof dir, "%s", sopath);
    char *slash = strrchr(dir, '/');
    if (slash)
        *slash = '\0';
    else
        snprintf(dir, sizeof dir, ".");
    snprintf(cand, sizeof cand, "%s/data", dir);
    if (is_dir(cand))
        goto found;
    if (!fc_context_from_build_tree())
        goto installed; /* the source tree is only for programs run from the build tree */
    char real[PATH_MAX], build[PATH_MAX];
    if (realpath(dir, real) && realpath(FC_BUILD_ROOT, build)) {
        size_t bl = strlen(build);
        if (strncmp(real, build, bl) == 0 && (real[bl] == '/' || real[bl] == '\0')) {
            snprintf(cand, sizeof cand, "%s%s/data", FC_SOURCE_ROOT, real + bl);
            if (is_dir(cand))
                goto found;
        }
    }
    snprintf(cand, sizeof cand, "%s/plugins/%s/data", FC_SOURCE_ROOT, id);
    if (is_dir(cand))
        goto found;
installed:;
    char data[PATH_MAX];
    snprintf(cand, sizeof cand, "%s/%s", fc_install_dir(FC_INSTALL_DATA, data, sizeof data), id);
    if (is_dir(cand))
        goto found;
    out[0] = '\0';
    return;
found:
    snprintf(out, n, "%s", cand);
}

#define REQUIRE_CB(field) \
    if (!g->field) \
        return fc_error_set(err, FC_EPLUGIN, "%s: expected callback game->" #field ", found NULL", path)

/* The descriptor: its size for its API minor, the ABI, the import formats, id, seats, hook points
 * and the tables it declares. */
static int validate_descriptor(const char *path, const fc_plugin *p, fc_error *err)
{
    /* Structs grow at the end: a plugin built against an older minor has a shorter descriptor
     * and vtable, and the core reads the newer fields only through accessors that check the
     * minor (fc_plugin_rules_text, fc_match_phase_topic, fc_match_has_positions). */
    size_t plugin_min = offsetof(fc_plugin, rules_text);
    if (p->struct_size < plugin_min || p->struct_version < 1)
        return fc_error_set(err, FC_EABI, "%s: expected plugin descriptor of %zu bytes (version 1), found %u bytes (version %u)",
                            path, plugin_min, p->struct_size, p->struct_version);
    if (p->abi_major != FC_ABI_MAJOR)
        return fc_error_set(err, FC_EABI, "%s: expected ABI %d, found %u", path, FC_ABI_MAJOR, p->abi_major);
    if (p->api_minor > FC_API_MINOR)
        return fc_error_set(err, FC_EABI, "%s: expected API minor <= %d, found %u (plugin is newer than this host)", path,
                            FC_API_MINOR, p->api_minor);
    size_t plugin_need = p->api_minor >= 6 ? FC_PLUGIN_SIZE_MINOR_6 : p->api_minor >= 3 ? FC_PLUGIN_SIZE_MINOR_3 : 0;
    if (p->struct_size < plugin_need)
        return fc_error_set(err, FC_EABI, "%s: expected plugin descriptor of %zu bytes for API minor %u, found %u bytes", path,
                            plugin_need, p->api_minor, p->struct_size);
    if (p->api_minor >= 6 && (p->nimports < 0 || p->nimports > 16 || (p->nimports > 0 && !p->imports)))
        return fc_error_set(err, FC_EPLUGIN, "%s: expected 0..16 import formats with a table, found %d", path,
                            p->nimports);
    for (int i = 0; p->api_minor >= 6 && i < p->nimports; i++)
        if (!p->imports[i].name || !p->imports[i].read || !p->imports[i].detect)
            return fc_error_set(err, FC_EPLUGIN, "%s: expected import format %d with a name, detect and read", path, i);
    if (!p->id || !*p->id || !p->name || !p->version)
        return fc_error_set(err, FC_EPLUGIN, "%s: expected id, name and version strings, found NULL", path);
    for (const char *c = p->id; *c; c++)
        if (!((*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') || *c == '_' || *c == '-'))
            return fc_error_set(err, FC_EPLUGIN, "%s: expected a lower-case id, found '%s'", path, p->id);
    if (p->min_seats < 1 || p->max_seats < p->min_seats || p->max_seats > FC_MAX_SEATS)
        return fc_error_set(err, FC_EPLUGIN, "%s: expected seat range within 1..%d, found %d..%d", path, FC_MAX_SEATS,
                            p->min_seats, p->max_seats);
    if (p->nhooks < 0 || p->nhooks > 64 || (p->nhooks > 0 && !p->hooks))
        return fc_error_set(err, FC_EPLUGIN, "%s: expected 0..64 hook points, found %d", path, p->nhooks);
    if (p->nhooks > 0 && p->api_minor < 1) /* fc_hook_def grew lo, hi in minor 1: another stride */
        return fc_error_set(err, FC_EABI, "%s: expected API minor >= 1 for hook points (result ranges), found %u", path,
                            p->api_minor);
    for (int i = 0; i < p->nhooks; i++)
        if (!p->hooks[i].name || p->hooks[i].lo >= p->hooks[i].hi)
            return fc_error_set(err, FC_EPLUGIN, "%s: expected hook %d with a name and a result range lo < hi, found %lld..%lld",
                                path, i, (long long)p->hooks[i].lo, (long long)p->hooks[i].hi);
    if ((p->nqueries > 0 && !p->queries) || (p->nactions > 0 && !p->actions) || (p->nparams > 0 && !p->params))
        return fc_error_set(err, FC_EPLUGIN, "%s: expected tables for declared queries/actions/params, found NULL", path);
    return FC_OK;
}

/* The game vtable: its size for the plugin's API minor, the state, the required callbacks and the
 * optional ones that come in pairs; then the parameter schema. */
static int validate_game(const char *path, const fc_plugin *p, fc_error *err)
{
    const fc_game *g = p->game;
    size_t game_min = p->api_minor >= 13  ? FC_GAME_SIZE_MINOR_13
                      : p->api_minor >= 12 ? FC_GAME_SIZE_MINOR_12
                      : p->api_minor >= 11 ? FC_GAME_SIZE_MINOR_11
                      : p->api_minor >= 10 ? FC_GAME_SIZE_MINOR_10
                      : p->api_minor >= 9 ? FC_GAME_SIZE_MINOR_9
                      : p->api_minor >= 7 ? FC_GAME_SIZE_MINOR_7
                      : p->api_minor >= 6 ? FC_GAME_SIZE_MINOR_6
                      : p->api_minor >= 3 ? FC_GAME_SIZE_MINOR_3
                      : p->api_minor >= 2 ? offsetof(fc_game, phase_topic)
                                          : offsetof(fc_game, position_write);
    if (g->struct_size < game_min || g->struct_version < 1)
        return fc_error_set(err, FC_EABI, "%s: expected game vtable of %zu bytes, found %u", path, game_min,
                            g->struct_size);
    if (g->state_size == 0 || g->max_decisions <= 0)
        return fc_error_set(err, FC_EPLUGIN, "%s: expected state_size > 0 and max_decisions > 0, found %zu and %d", path,
                            g->state_size, g->max_decisions);
    REQUIRE_CB(init);
    REQUIRE_CB(to_move);
    REQUIRE_CB(legal);
    REQUIRE_CB(apply);
    REQUIRE_CB(decision_text);
    REQUIRE_CB(decision_parse);
    REQUIRE_CB(scores);
    REQUIRE_CB(view);
    if (p->api_minor >= 7 && !g->eval_weights != !g->evaluate_weighted)
        return fc_error_set(err, FC_EPLUGIN, "%s: expected both eval_weights and evaluate_weighted or neither, found one", path);
    if (p->api_minor >= 10 && (!g->kinds != !g->decision_kind || (g->kinds && (g->nkinds < 1 || g->nkinds > FC_MAX_KINDS))))
        return fc_error_set(err, FC_EPLUGIN, "%s: expected kinds (1..%d names) with decision_kind or neither, found %d kinds and %s",
                            path, FC_MAX_KINDS, g->kinds ? g->nkinds : 0, g->decision_kind ? "decision_kind" : "none");
    for (int i = 0; p->api_minor >= 10 && g->kinds && i < g->nkinds; i++)
        if (!g->kinds[i] || !g->kinds[i][0] || strlen(g->kinds[i]) >= sizeof ((fc_decision_info *)0)->group)
            return fc_error_set(err, FC_EPLUGIN, "%s: expected kind %d to be a name of 1..23 characters", path, i);
    if (g->data_load && !g->data_free)
        return fc_error_set(err, FC_EPLUGIN, "%s: expected callback game->data_free with data_load, found NULL", path);
    fc_error perr;
    if (fc_param_schema_check(p->params, p->nparams, &perr) != 0)
        return fc_error_set(err, FC_EPLUGIN, "%s: bad parameter schema: %s", path, perr.msg);
    return FC_OK;
}

static int validate(const char *path, const fc_plugin *p, fc_error *err)
{
    int rc = validate_descriptor(path, p, err);
    if (rc != FC_OK)
        return rc;
    if (!p->game)
        return fc_error_set(err, FC_EPLUGIN, "%s: expected a game vtable, found NULL", path);
    return validate_game(path, p, err);
}

/* A plugin file is code run with our rights: refuse one that another user could have written
 * or replaced (its folder or itself writable by everyone, or owned by someone other than root
 * or the current user). `real` is its resolved path. */
static void dir_of(const char *file, char *dir, size_t n)
{
    snprintf(dir, n, "%s", file);
    char *slash = strrchr(dir, '/');
    if (!slash)
        snprintf(dir, n, ".");
    else
        *(slash == dir ? slash + 1 : slash) = '\0';
}

/* Every folder from `dir` (resolved) up to "/": none may be replaced or filled by another user,
 * so none is writable by everyone (unless sticky, like /tmp: then nobody may rename what is
 * not theirs) nor owned by another user than root or us. A sub-folder of a search folder is
 * checked like the search folder itself and every folder above it. */
static int check_ancestors(const char *path, const char *dir, fc_error *err)
{
    char cur[PATH_MAX];
    if (!realpath(dir, cur))
        return fc_error_set(err, FC_EIO, "%s: cannot open: %s", path, strerror(errno));
    for (;;) {
        struct stat st;
        if (stat(cur, &st) != 0)
            return fc_error_set(err, FC_EIO, "%s: cannot open: %s: %s", path, cur, strerror(errno));
        if ((st.st_mode & S_IWOTH) && !(st.st_mode & S_ISVTX))
            return fc_error_set(err, FC_EPLUGIN, "%s: refused: folder is world-writable (%s)", path, cur);
        if (st.st_uid != 0 && st.st_uid != geteuid())
            return fc_error_set(err, FC_EPLUGIN, "%s: refused: folder %s owned by user %u (not root, not the current user)",
                                path, cur, (unsigned)st.st_uid);
        char *slash = strrchr(cur, '/');
        if (!slash || (slash == cur && !cur[1]))
            return FC_OK;
        *(slash == cur ? slash + 1 : slash) = '\0';
    }
}

static int check_trusted(const char *path, const char *real, fc_error *err)
{
    struct stat st, dst, lst;
    char dir[PATH_MAX], ldir[PATH_MAX];
    dir_of(real, dir, sizeof dir);
    dir_of(path, ldir, sizeof ldir); /* a symbolic link's own folder: whoever may replace the link */
    if (stat(real, &st) != 0 || stat(dir, &dst) != 0 || stat(ldir, &lst) != 0)
        return fc_error_set(err, FC_EIO, "%s: cannot open: %s", path, strerror(errno));
    if (lst.st_mode & S_IWOTH)
        return fc_error_set(err, FC_EPLUGIN, "%s: refused: folder is world-writable (%s)", path, ldir);
    if (dst.st_mode & S_IWOTH)
        return fc_error_set(err, FC_EPLUGIN, "%s: refused: folder is world-writable (%s)", path, dir);
    if (st.st_mode & S_IWOTH)
        return fc_error_set(err, FC_EPLUGIN, "%s: refused: file is world-writable", path);
    if (st.st_uid != 0 && st.st_uid != geteuid())
        return fc_error_set(err, FC_EPLUGIN, "%s: refused: owned by user %u (not root, not the current user)", path,
                            (unsigned)st.st_uid);
    if (dst.st_uid != 0 && dst.st_uid != geteuid())
        return fc_error_set(err, FC_EPLUGIN, "%s: refused: folder owned by user %u (not root, not the current user)",
                            path, (unsigned)dst.st_uid);
    int rc = check_ancestors(path, ldir, err);
    return rc != 0 ? rc : check_ancestors(path, dir, err);
}

int fc_context_load(fc_context *ctx, const char *path, fc_error *err)
{
    fc_error local;
    if (!err)
        err = &local;
    fc_error_clear(err);
    char real[PATH_MAX];
    if (!realpath(path, real)) {
        fc_error_set(err, FC_EIO, "%s: cannot open: %s", path, strerror(errno));
        add_report(ctx, path, false, err->msg);
        return err->code;
    }
    for (int i = 0; i < ctx->ngames; i++)
        if (strcmp(ctx->games[i].path, real) == 0)
            return FC_OK; /* seen through two search paths */
    /* dlopen runs the file's code: first make sure nobody but root or us could have put it there */
    if (check_trusted(path, real, err) != 0) {
        add_report(ctx, path, false, err->msg);
        return err->code;
    }
    void *h = dlopen(real, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        const char *why = dlerror();
        fc_error_set(err, FC_EPLUGIN, "%s: expected a loadable shared object, found: %s", path, why ? why : "?");
        add_report(ctx, path, false, err->msg);
        return err->code;
    }
    int rc;
    fc_plugin_query_fn query;
    /* POSIX guarantees this conversion works for dlsym results. */
    *(void **)(&query) = dlsym(h, FC_PLUGIN_ENTRY);
    const fc_plugin *p = NULL;
    if (!query) {
        rc = fc_error_set(err, FC_EPLUGIN, "%s: expected entry symbol %s, found none", path, FC_PLUGIN_ENTRY);
        goto refuse;
    }
    p = query(FC_ABI_MAJOR, FC_API_MINOR);
    if (!p) {
        rc = fc_error_set(err, FC_EPLUGIN, "%s: expected a plugin descriptor from %s, found NULL", path, FC_PLUGIN_ENTRY);
        goto refuse;
    }
    if ((rc = validate(path, p, err)) != 0)
        goto refuse;
    for (int i = 0; i < ctx->ngames; i++)
        if (strcmp(ctx->games[i].plugin->id, p->id) == 0) {
            rc = fc_error_set(err, FC_EPLUGIN, "%s: expected a new game id, found '%s' already loaded from %s", path, p->id,
                              ctx->games[i].path);
            goto refuse;
        }
    if (p->init) {
        fc_error ierr;
        fc_error_clear(&ierr);
        if (p->init(fc_host_table(), &ierr) != 0) {
            rc = fc_error_set(err, FC_EPLUGIN, "%s: expected init to succeed, found failure: %s", path,
                              ierr.msg[0] ? ierr.msg : "(no message)");
            goto refuse;
        }
    }
    loaded_game *g = realloc(ctx->games, (size_t)(ctx->ngames + 1) * sizeof *g);
    if (!g) {
        rc = fc_error_set(err, FC_ENOMEM, "%s: out of memory", path);
        goto refuse;
    }
    ctx->games = g;
    loaded_game *e = &ctx->games[ctx->ngames++];
    e->plugin = p;
    e->handle = h;
    snprintf(e->path, sizeof e->path, "%s", real);
    find_datadir(real, p->id, e->datadir, sizeof e->datadir);
    char msg[600];
    snprintf(msg, sizeof msg, "game '%s' (%s %s)", p->id, p->name, p->version);
    add_report(ctx, path, true, msg);
    return FC_OK;
refuse:
    add_report(ctx, path, false, err->msg);
    dlclose(h);
    return rc;
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static bool has_so_suffix(const char *name)
{
    size_t n = strlen(name);
    return n > 3 && strcmp(name + n - 3, ".so") == 0;
}

/* Collects DIR/NAME.so and DIR/SUB/NAME.so (sorted, for a deterministic scan order). */
static void collect(const char *dir, int depth, char ***list, int *n)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *de;
    while ((de = readdir(d))) {
        if (de->d_name[0] == '.')
            continue;
        char p[PATH_MAX];
        if (snprintf(p, sizeof p, "%s/%s", dir, de->d_name) >= (int)sizeof p)
            continue;
        if (is_dir(p)) {
            if (depth > 0 && !strstr(de->d_name, ".p")) /* skip meson's object dirs */
                collect(p, depth - 1, list, n);
        } else if (has_so_suffix(de->d_name)) {
            char **l = realloc(*list, (size_t)(*n + 1) * sizeof *l);
            if (!l)
                break;
            *list = l;
            if ((l[*n] = strdup(p)))
                (*n)++;
        }
    }
    closedir(d);
}

int fc_context_scan(fc_context *ctx)
{
    int before = ctx->ngames;
    for (int i = 0; i < ctx->npaths; i++) {
        char **files = NULL;
        int n = 0;
        collect(ctx->paths[i], 1, &files, &n);
        if (n > 0)
            qsort(files, (size_t)n, sizeof *files, cmp_str);
        for (int k = 0; k < n; k++) {
            fc_context_load(ctx, files[k], NULL);
            free(files[k]);
        }
        free(files);
    }
    return ctx->ngames - before;
}

int fc_context_game_count(const fc_context *ctx) { return ctx ? ctx->ngames : 0; }

const fc_plugin *fc_context_game(const fc_context *ctx, int i)
{
    return ctx && i >= 0 && i < ctx->ngames ? ctx->games[i].plugin : NULL;
}

const char *fc_context_game_datadir(const fc_context *ctx, const fc_plugin *p)
{
    for (int i = 0; ctx && i < ctx->ngames; i++)
        if (ctx->games[i].plugin == p)
            return ctx->games[i].datadir;
    return NULL;
}

const fc_plugin *fc_context_find(const fc_context *ctx, const char *id, fc_error *err)
{
    /* ids are lower case (validate), so "Myrmes" and "MYRMES" name the same game */
    for (int i = 0; ctx && i < ctx->ngames; i++)
        if (id && strcasecmp(ctx->games[i].plugin->id, id) == 0)
            return ctx->games[i].plugin;
    char known[400] = "";
    size_t len = 0;
    const char *ids[64] = {0};
    int nids = 0;
    for (int i = 0; ctx && i < ctx->ngames; i++) {
        len += (size_t)snprintf(known + len, len < sizeof known ? sizeof known - len : 0, "%s%s", i ? ", " : "",
                                ctx->games[i].plugin->id);
        if (nids < 64)
            ids[nids++] = ctx->games[i].plugin->id;
    }
    const char *near = fc_suggest(id, ids, nids);
    char hint[96] = "";
    if (near)
        snprintf(hint, sizeof hint, "; did you mean '%s'?", near);
    fc_error_set(err, FC_EUNKNOWN, "unknown game '%s'%s; known games: %s", id ? id : "(none)", hint,
                 ctx && ctx->ngames ? known : "none (no plugin found; see 'formicary plugins')");
    return NULL;
}

int fc_context_report_count(const fc_context *ctx) { return ctx ? ctx->nreports : 0; }

const fc_plugin_report *fc_context_report(const fc_context *ctx, int i)
{
    return ctx && i >= 0 && i < ctx->nreports ? &ctx->reports[i] : NULL;
}
