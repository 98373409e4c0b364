/* Importing foreign game files (formicary/import.h): the plugin's reader reports games to a
 * sink; each game is buffered, then played through a match under the rule set its "param:"
 * facts give, and written as a record with the other facts as metadata. */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "formicary/import.h"
#include "formicary/match.h"
#include "formicary/record.h"
#include "formicary/rules.h"
#include "textfile.h"

#define MAX_PARAMS 32

/* One game as the reader reported it. */
typedef struct game_buf {
    int active, line;
    fc_record_meta meta;
    char params[MAX_PARAMS][FC_PARAM_NAME_MAX + FC_RECORD_META_VALUE];
    int nparams;
    char *texts; /* the decisions, each NUL-terminated, one after the other */
    size_t used, cap, ndec;
    char why[FC_ERROR_MSG_MAX]; /* set: the game is skipped for this reason */
} game_buf;

typedef struct importer {
    fc_import_sink sink; /* first: the sink pointer is the importer */
    fc_context *ctx;
    const char *game, *path, *outdir;
    const fc_import_options *opt;
    fc_import_result *res;
    const fc_plugin *p;
    const fc_import_format *fmt;
    char base[128];
    game_buf g;
    int failed; /* a whole-file error (out of memory, cannot write): err is set */
    fc_error err;
} importer;

static void game_reset(game_buf *g)
{
    g->active = 0;
    g->line = 0;
    memset(&g->meta, 0, sizeof g->meta);
    g->nparams = 0;
    g->used = 0;
    g->ndec = 0;
    g->why[0] = '\0';
}

static void game_fail(game_buf *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void game_fail(game_buf *g, const char *fmt, ...)
{
    if (g->why[0])
        return; /* the first problem is the one reported */
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(g->why, sizeof g->why, fmt, ap);
    va_end(ap);
}

static void skip_game(importer *im, const char *why)
{
    im->res->skipped++;
    if (im->opt && im->opt->skipped) {
        char line[FC_ERROR_MSG_MAX + 64];
        snprintf(line, sizeof line, "game %d (line %d): %s", im->res->games, im->g.line, why);
        for (char *c = line; *c; c++) /* the reason quotes the file, and is printed: no control bytes */
            if ((unsigned char)*c < 0x20 || *c == 0x7f)
                *c = '?';
        im->opt->skipped(im->opt->ctx, im->path, line);
    }
}

static void finish_game(importer *im);

static void sink_begin(fc_import_sink *s, int line)
{
    importer *im = (importer *)s;
    if (im->g.active) { /* a reader that forgot end(): the game it left is not trusted */
        game_fail(&im->g, "the reader began another game before ending this one");
        finish_game(im);
    }
    game_reset(&im->g);
    if (im->failed)
        return;
    if (im->res->games >= FC_IMPORT_MAX_GAMES) { /* bounded work per file, whatever it holds */
        fc_error_set(&im->err, FC_ERANGE, "%s:%d: more than %d games in one file (split it)", im->path, line,
                     FC_IMPORT_MAX_GAMES);
        im->failed = 1;
        return;
    }
    im->g.active = 1;
    im->g.line = line > 0 ? line : 1;
    im->res->games++;
}

static void sink_meta(fc_import_sink *s, const char *key, const char *value)
{
    importer *im = (importer *)s;
    game_buf *g = &im->g;
    if (!g->active || !key)
        return;
    if (!value)
        value = "";
    if (strncmp(key, "param:", 6) == 0) {
        const char *name = key + 6;
        size_t nlen = strlen(name);
        if (nlen == 0 || nlen >= FC_PARAM_NAME_MAX || strlen(value) >= FC_RECORD_META_VALUE) {
            game_fail(g, "parameter '%.40s' is not a parameter name and value", name);
            return;
        }
        for (int i = 0; i < g->nparams; i++)
            if (strncmp(g->params[i], name, nlen) == 0 && g->params[i][nlen] == '=') {
                snprintf(g->params[i], sizeof g->params[i], "%s=%s", name, value);
                return;
            }
        if (g->nparams >= MAX_PARAMS) {
            game_fail(g, "more than %d parameters", MAX_PARAMS);
            return;
        }
        snprintf(g->params[g->nparams++], sizeof g->params[0], "%s=%s", name, value);
        return;
    }
    if (!fc_record_meta_get(&g->meta, key) && g->meta.n >= FC_RECORD_MAX_META - 3) {
        game_fail(g, "more than %d facts about the game", FC_RECORD_MAX_META - 3);
        return;
    }
    fc_record_meta_set(&g->meta, key, value);
    /* a key that is not one word is dropped: it is the reader's, not the file's */
}

static void sink_decision(fc_import_sink *s, const char *text)
{
    importer *im = (importer *)s;
    game_buf *g = &im->g;
    if (!g->active || g->why[0])
        return;
    size_t len = text ? strlen(text) : 0;
    if (len == 0 || len >= FC_IMPORT_MAX_TEXT) {
        game_fail(g, "move %zu: empty or longer than %d bytes", g->ndec + 1, FC_IMPORT_MAX_TEXT - 1);
        return;
    }
    if (g->ndec >= FC_IMPORT_MAX_DECISIONS) {
        game_fail(g, "more than %d moves", FC_IMPORT_MAX_DECISIONS);
        return;
    }
    if (g->cap - g->used < len + 1) {
        size_t cap = g->cap ? g->cap * 2 : 4096;
        char *t = realloc(g->texts, cap);
        if (!t) {
            game_fail(g, "out of memory");
            return;
        }
        g->texts = t;
        g->cap = cap;
    }
    memcpy(g->texts + g->used, text, len + 1);
    g->used += len + 1;
    g->ndec++;
}

static void sink_end(fc_import_sink *s, const char *why_skipped)
{
    importer *im = (importer *)s;
    if (!im->g.active)
        return;
    if (why_skipped)
        game_fail(&im->g, "%s", why_skipped[0] ? why_skipped : "the reader skipped it");
    finish_game(im);
}

/* ---- writing ---- */

/* Writes text to dir/name through a temporary file in dir: renamed over a regular file with
 * force, else linked into place so an existing name is never replaced. 0, 1 when the file
 * exists (kept), or an error. */
static int write_new(const char *dir, const char *name, const char *text, int force, fc_error *err)
{
    char path[4096], tmp[4096];
    if ((size_t)snprintf(path, sizeof path, "%s/%s", dir, name) >= sizeof path ||
        (size_t)snprintf(tmp, sizeof tmp, "%s/.%s.tmpXXXXXX", dir, name) >= sizeof tmp)
        return fc_error_set(err, FC_ERANGE, "%s: path too long", dir);
    struct stat st;
    if (lstat(path, &st) == 0) {
        if (!S_ISREG(st.st_mode))
            return fc_error_set(err, FC_EIO, "%s exists and is not a regular file: not replaced", path);
        if (!force)
            return 1;
    }
    int fd = mkstemp(tmp);
    if (fd < 0)
        return fc_error_set(err, FC_EIO, "%s: cannot create a temporary file: %s", dir, strerror(errno));
    size_t len = strlen(text), off = 0;
    while (off < len) {
        ssize_t k = write(fd, text + off, len - off);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            break;
        off += (size_t)k;
    }
    int ok = off == len && fsync(fd) == 0;
    ok = close(fd) == 0 && ok;
    int rc = 0;
    if (!ok) {
        rc = fc_error_set(err, FC_EIO, "%s: cannot write: %s", path, strerror(errno));
    } else if (force) {
        if (lstat(path, &st) == 0 && !S_ISREG(st.st_mode))
            rc = fc_error_set(err, FC_EIO, "%s exists and is not a regular file: not replaced", path);
        else if (rename(tmp, path) != 0)
            rc = fc_error_set(err, FC_EIO, "%s: cannot write: %s", path, strerror(errno));
    } else if (link(tmp, path) != 0) {
        if (errno == EEXIST)
            rc = 1;
        else if (errno != EPERM && errno != ENOTSUP && errno != ENOSYS)
            rc = fc_error_set(err, FC_EIO, "%s: cannot write: %s", path, strerror(errno));
        else if (lstat(path, &st) == 0) /* no hard links here: check, then rename */
            rc = 1;
        else if (rename(tmp, path) != 0)
            rc = fc_error_set(err, FC_EIO, "%s: cannot write: %s", path, strerror(errno));
    }
    unlink(tmp); /* after a rename it is gone already */
    return rc;
}

/* ---- one game ---- */

/* The rule set of the game's parameters; NULL with g->why set. */
static fc_rules *game_rules(importer *im)
{
    game_buf *g = &im->g;
    fc_error e;
    fc_rules *rules = fc_rules_new(im->ctx, im->game, im->p->min_seats, &e);
    if (!rules) {
        game_fail(g, "%s", e.msg);
        return NULL;
    }
    fc_rules_forbid_files(rules); /* a foreign file names no file we open */
    for (int i = 0; i < g->nparams; i++)
        if (fc_rules_set(rules, g->params[i], &e) != 0) {
            game_fail(g, "parameter %s: %s", g->params[i], e.msg);
            fc_rules_free(rules);
            return NULL;
        }
    if (fc_rules_finish(rules, &e) != 0) {
        game_fail(g, "%s", e.msg);
        fc_rules_free(rules);
        return NULL;
    }
    return rules;
}

/* Plays the buffered decisions; 0 or -1 with g->why set. */
static int game_play(game_buf *g, fc_match *m)
{
    const char *t = g->texts;
    for (size_t i = 0; i < g->ndec; i++, t += strlen(t) + 1) {
        if (fc_match_to_move(m) == FC_NOBODY) {
            game_fail(g, "move %zu '%s' comes after the end of the game (%zu moves decide it)", i + 1, t, i);
            return -1;
        }
        fc_error e;
        if (fc_match_play_text(m, t, &e) != 0) {
            game_fail(g, "move %zu '%s' is illegal: %s", i + 1, t, e.msg);
            return -1;
        }
    }
    return 0;
}

/* The record's text, checked by reading it back as replay will; NULL with g->why set. */
static char *game_record(importer *im, fc_match *m, const char *name)
{
    game_buf *g = &im->g;
    char line[16];
    snprintf(line, sizeof line, "%d", g->line);
    fc_record_meta_set(&g->meta, "import_file", im->path);
    fc_record_meta_set(&g->meta, "import_line", line);
    fc_record_meta_set(&g->meta, "import_format", im->fmt->name);
    fc_record_seats seats;
    memset(&seats, 0, sizeof seats);
    for (int s = 0; s < FC_MAX_SEATS; s++)
        seats.agent[s] = "imported";
    char *text = NULL;
    fc_error e;
    if (fc_record_format_meta(m, &seats, &g->meta, &text, &e) != 0) {
        game_fail(g, "%s", e.msg);
        return NULL;
    }
    fc_rules *r2 = NULL;
    fc_match *m2 = NULL;
    if (fc_record_parse(im->ctx, name, text, &r2, &m2, NULL, &e) != 0) {
        game_fail(g, "the record does not replay: %s", e.msg);
        free(text);
        text = NULL;
    }
    fc_match_free(m2);
    fc_rules_free(r2);
    return text;
}

static void finish_game(importer *im)
{
    game_buf *g = &im->g;
    g->active = 0;
    if (im->failed)
        return; /* the file's import has stopped: a record could not be written */
    fc_rules *rules = NULL;
    fc_match *m = NULL;
    char *text = NULL;
    char name[192];
    snprintf(name, sizeof name, "%s-%04d.fcr", im->base, im->res->games);
    if (!g->why[0] && g->ndec == 0)
        game_fail(g, "no moves");
    if (!g->why[0] && (rules = game_rules(im)) != NULL) {
        fc_error e;
        if (!(m = fc_match_new(rules, 0, &e)))
            game_fail(g, "%s", e.msg);
        else if (game_play(g, m) == 0)
            text = game_record(im, m, name);
    }
    if (text && !(im->opt && im->opt->dry_run)) {
        int rc = write_new(im->outdir, name, text, im->opt && im->opt->force, &im->err);
        if (rc == 1)
            game_fail(g, "%s/%s exists (--force replaces it)", im->outdir, name);
        else if (rc != 0)
            im->failed = 1;
    }
    if (g->why[0])
        skip_game(im, g->why);
    else if (!im->failed)
        im->res->imported++;
    free(text);
    fc_match_free(m);
    fc_rules_free(rules);
}

/* ---- files ---- */

/* Whether the plugin has the import formats of API minor 6 (the loader checked them). */
static bool has_imports(const fc_plugin *p)
{
    return p && p->api_minor >= 6 && p->struct_size >= FC_PLUGIN_SIZE_MINOR_6 && p->imports && p->nimports > 0;
}

const fc_import_format *fc_import_format_find(const fc_plugin *p, const char *name)
{
    if (!has_imports(p) || !name)
        return NULL;
    for (int i = 0; i < p->nimports; i++)
        if (p->imports[i].name && strcasecmp(p->imports[i].name, name) == 0)
            return &p->imports[i];
    return NULL;
}

/* Whether path ends in one of exts (space-separated, case-insensitive). */
static bool ext_match(const char *path, const char *exts)
{
    size_t plen = strlen(path);
    for (const char *e = exts ? exts : ""; *e;) {
        size_t n = strcspn(e, " ");
        if (n > 0 && n <= plen && strncasecmp(path + plen - n, e, n) == 0)
            return true;
        e += n;
        e += strspn(e, " ");
    }
    return false;
}

static void format_names(const fc_plugin *p, char *buf, size_t n)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; has_imports(p) && i < p->nimports && used < n; i++)
        used += (size_t)snprintf(buf + used, n - used, "%s%s", i ? ", " : "", p->imports[i].name);
}

const fc_import_format *fc_import_format_detect(const fc_plugin *p, const char *path, const char *text, size_t len,
                                                fc_error *err)
{
    if (!has_imports(p)) {
        fc_error_set(err, FC_EUNKNOWN, "%s reads no foreign game files", p ? p->id : "the game");
        return NULL;
    }
    const fc_import_format *best = NULL;
    int best_score = 0;
    for (int i = 0; i < p->nimports; i++) {
        const fc_import_format *f = &p->imports[i];
        int score = f->detect ? f->detect(text, len) : 0;
        score = score < 0 ? 0 : score > 100 ? 100 : score;
        if (ext_match(path, f->exts))
            score += 25;
        if (score > best_score) {
            best = f;
            best_score = score;
        }
    }
    if (!best || best_score < 25) {
        char names[256];
        format_names(p, names, sizeof names);
        fc_error_set(err, FC_EPARSE, "%s: cannot tell its format (give --format: %s)", path, names);
        return NULL;
    }
    return best;
}

/* Refuses NUL bytes and over-long lines with one line naming the file (and line). */
static int check_text(const char *path, const char *text, size_t len, fc_error *err)
{
    if (len > FC_IMPORT_MAX_BYTES)
        return fc_error_set(err, FC_ERANGE, "%s: larger than %u bytes", path, FC_IMPORT_MAX_BYTES);
    if (memchr(text, '\0', len))
        return fc_error_set(err, FC_EPARSE, "%s: contains a NUL byte (not a text file)", path);
    int line = 1;
    const char *p = text, *end = text + len;
    while (p < end) {
        const char *next;
        size_t n = fc_text_line(p, &next);
        if (n > FC_IMPORT_MAX_LINE)
            return fc_error_set(err, FC_ERANGE, "%s:%d: line longer than %d bytes", path, line, FC_IMPORT_MAX_LINE);
        p = next;
        line++;
    }
    return FC_OK;
}

static void base_name(const char *path, char *buf, size_t n)
{
    const char *b = strrchr(path, '/');
    b = b ? b + 1 : path;
    const char *dot = strrchr(b, '.');
    size_t len = dot && dot != b ? (size_t)(dot - b) : strlen(b), k = 0;
    for (size_t i = 0; i < len && k + 1 < n; i++) {
        char c = b[i];
        bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' ||
                  c == '.';
        buf[k++] = ok ? c : '_';
    }
    buf[k] = '\0';
    if (!k || buf[0] == '.') { /* no hidden or nameless records */
        char tmp[128];
        snprintf(tmp, sizeof tmp, "game%.100s", buf);
        snprintf(buf, n, "%s", tmp);
    }
}

/* Runs the reader over the NUL-terminated copy of the text. */
static int run_reader(importer *im, const char *copy, size_t len, fc_error *err)
{
    im->sink.ctx = im;
    im->sink.begin = sink_begin;
    im->sink.meta = sink_meta;
    im->sink.decision = sink_decision;
    im->sink.end = sink_end;
    fc_error e;
    fc_error_clear(&e);
    int rc = im->fmt->read(fc_context_host(im->ctx), im->path, copy, len, &im->sink, &e);
    if (im->g.active && !im->failed) {
        game_fail(&im->g, "the file ends inside the game");
        finish_game(im);
    }
    if (im->failed)
        return fc_error_set(err, im->err.code ? im->err.code : FC_EIO, "%s", im->err.msg);
    if (rc != 0)
        return fc_error_set(err, rc, "%s", e.msg[0] ? e.msg : "cannot read the file");
    if (im->res->games == 0)
        return fc_error_set(err, FC_EPARSE, "%s: no game found (read as %s: %s)", im->path, im->fmt->name,
                            im->fmt->doc ? im->fmt->doc : "");
    return FC_OK;
}

static int import_copy(fc_context *ctx, const fc_plugin *p, const char *game, const char *path, const char *text,
                       size_t len, const char *outdir, const fc_import_options *opt, fc_import_result *res,
                       fc_error *err);

int fc_import_text(fc_context *ctx, const char *game, const char *path, const char *text, size_t len,
                   const char *outdir, const fc_import_options *opt, fc_import_result *res, fc_error *err)
{
    memset(res, 0, sizeof *res);
    const fc_plugin *p = fc_context_find(ctx, game, err);
    if (!p)
        return err ? err->code : FC_EUNKNOWN;
    if (len > FC_IMPORT_MAX_BYTES)
        return fc_error_set(err, FC_ERANGE, "%s: larger than %u bytes", path, FC_IMPORT_MAX_BYTES);
    char *copy = malloc(len + 1); /* text need not end in a NUL; readers and line checks get one */
    if (!copy)
        return fc_error_set(err, FC_ENOMEM, "%s: out of memory", path);
    memcpy(copy, text, len);
    copy[len] = '\0';
    int rc = check_text(path, copy, len, err);
    if (rc == 0)
        rc = import_copy(ctx, p, game, path, copy, len, outdir, opt, res, err);
    free(copy);
    return rc;
}

static int import_copy(fc_context *ctx, const fc_plugin *p, const char *game, const char *path, const char *text,
                       size_t len, const char *outdir, const fc_import_options *opt, fc_import_result *res,
                       fc_error *err)
{
    const fc_import_format *fmt;
    if (opt && opt->format) {
        if (!(fmt = fc_import_format_find(p, opt->format))) {
            char names[256];
            format_names(p, names, sizeof names);
            return fc_error_set(err, FC_EUNKNOWN, "unknown format '%s' for %s (known: %s)", opt->format, p->id,
                                names[0] ? names : "none");
        }
    } else if (!(fmt = fc_import_format_detect(p, path, text, len, err))) {
        return err ? err->code : FC_EPARSE;
    }
    if (!fmt->read)
        return fc_error_set(err, FC_EPLUGIN, "%s: format %s has no reader", p->id, fmt->name);
    snprintf(res->format, sizeof res->format, "%s", fmt->name);
    importer *im = calloc(1, sizeof *im);
    if (!im)
        return fc_error_set(err, FC_ENOMEM, "%s: out of memory", path);
    im->ctx = ctx;
    im->game = game;
    im->path = path;
    im->outdir = outdir ? outdir : ".";
    im->opt = opt;
    im->res = res;
    im->p = p;
    im->fmt = fmt;
    base_name(path, im->base, sizeof im->base);
    int rc = run_reader(im, text, len, err);
    free(im->g.texts);
    free(im);
    return rc;
}

int fc_import_file(fc_context *ctx, const char *game, const char *path, const char *outdir,
                   const fc_import_options *opt, fc_import_result *res, fc_error *err)
{
    memset(res, 0, sizeof *res);
    struct stat st; /* a FIFO or a device could block or never end */
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode))
        return fc_error_set(err, FC_EIO, "%s: not a regular file", path);
    char *text;
    int rc = fc_textfile_read(path, FC_IMPORT_MAX_BYTES, FC_EPARSE, &text, err);
    if (rc != 0)
        return rc;
    rc = fc_import_text(ctx, game, path, text, strlen(text), outdir, opt, res, err);
    free(text);
    return rc;
}
