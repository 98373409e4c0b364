/* Records (docs/record-format.md). Writing is deterministic: the same match gives the same
 * bytes. Reading rebuilds the rule set from the recorded parameters and embedded variant text
 * (no INI or script file is needed), then re-plays every decision through the match, which
 * checks its legality; any problem is reported with the record's line number. */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "formicary/record.h"
#include "textfile.h"

typedef struct sbuf {
    char *s;
    size_t n, cap;
    int oom;
} sbuf;

static void sb_printf(sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void sb_printf(sbuf *b, const char *fmt, ...)
{
    if (b->oom)
        return;
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        size_t room = b->cap - b->n;
        int k = vsnprintf(b->s ? b->s + b->n : NULL, room, fmt, ap);
        va_end(ap);
        if (k < 0) {
            b->oom = 1;
            return;
        }
        if ((size_t)k < room) {
            b->n += (size_t)k;
            return;
        }
        size_t cap = b->cap ? b->cap * 2 : 4096;
        while (cap - b->n <= (size_t)k)
            cap *= 2;
        char *s = realloc(b->s, cap);
        if (!s) {
            b->oom = 1;
            return;
        }
        b->s = s;
        b->cap = cap;
    }
}

static int seat_label_ok(const char *s)
{
    for (; s && *s; s++)
        if (*s == '\n' || *s == '\r')
            return 0;
    return 1;
}

int fc_record_format(const fc_match *m, const fc_record_seats *seats, char **out, fc_error *err)
{
    const fc_rules *r = fc_match_rules(m);
    const fc_plugin *p = fc_rules_plugin(r);
    const fc_value *vals = fc_rules_values(r);
    int n = fc_rules_nseats(r);
    sbuf b = {0};
    sb_printf(&b, "%s %d\n", FC_RECORD_MAGIC, FC_RECORD_VERSION);
    sb_printf(&b, "game %s %s\n", p->id, p->version);
    sb_printf(&b, "ruleset %s\n", fc_rules_name(r));
    sb_printf(&b, "seats %d\n", n);
    for (int s = 0; s < n; s++) {
        const char *a = seats && seats->agent[s] && seat_label_ok(seats->agent[s]) ? seats->agent[s] : "unknown";
        sb_printf(&b, "agent %d %s\n", s + 1, a);
    }
    sb_printf(&b, "seed %" PRIu64 "\n", fc_match_seed(m));
    for (int i = 0; i < p->nparams; i++) {
        char v[FC_PARAM_STR_MAX + 64];
        fc_param_format(&p->params[i], &vals[i], v, sizeof v);
        sb_printf(&b, "param %s %s\n", p->params[i].name, v);
    }
    const char *vt = fc_rules_variant_text(r);
    if (vt) {
        sb_printf(&b, "variant %s %016" PRIx64 "\n", fc_rules_variant_name(r), fc_rules_variant_hash(r));
        /* The text is embedded line by line behind "| " so the record replays on its own. */
        const char *line = vt;
        while (*line) {
            const char *nl = strchr(line, '\n');
            size_t len = nl ? (size_t)(nl - line) : strlen(line);
            sb_printf(&b, "| %.*s\n", (int)len, line);
            line += len + (nl ? 1 : 0);
        }
        sb_printf(&b, "variant-end\n");
    } else {
        sb_printf(&b, "variant none\n");
    }
    sb_printf(&b, "decisions\n");
    /* Decisions are re-printed against the state they were made in, so replay from the start. */
    fc_error e2;
    fc_match *tmp = fc_match_new(r, fc_match_seed(m), &e2);
    if (!tmp) {
        free(b.s);
        return fc_error_set(err, e2.code, "cannot write record: %s", e2.msg);
    }
    for (size_t i = 0; i < fc_match_ply(m); i++) {
        const fc_history_entry *h = fc_match_history(m, i);
        char text[256];
        if (fc_match_decision_text(tmp, h->decision, text, sizeof text) < 0)
            snprintf(text, sizeof text, "#%u", (unsigned)h->decision);
        if (h->seat == FC_CHANCE)
            sb_printf(&b, "chance %s\n", text);
        else
            sb_printf(&b, "%d %s\n", h->seat + 1, text);
        if (fc_match_play(tmp, h->decision, &e2) != 0) {
            fc_match_free(tmp);
            free(b.s);
            return fc_error_set(err, FC_ERECORD, "cannot write record: decision %zu does not replay: %s", i + 1, e2.msg);
        }
    }
    fc_match_free(tmp);
    sb_printf(&b, "end\n");
    if (fc_match_to_move(m) == FC_NOBODY) {
        int32_t score[FC_MAX_SEATS];
        int rank[FC_MAX_SEATS];
        fc_match_scores(m, score, rank);
        sb_printf(&b, "result scores");
        for (int s = 0; s < n; s++)
            sb_printf(&b, " %" PRId32, score[s]);
        sb_printf(&b, " ranks");
        for (int s = 0; s < n; s++)
            sb_printf(&b, " %d", rank[s] + 1);
        sb_printf(&b, "\n");
    }
    if (b.oom) {
        free(b.s);
        return fc_error_set(err, FC_ENOMEM, "out of memory writing record");
    }
    *out = b.s;
    return FC_OK;
}

int fc_record_save(const fc_match *m, const fc_record_seats *seats, const char *path, fc_error *err)
{
    char *text = NULL;
    int rc = fc_record_format(m, seats, &text, err);
    if (rc != 0)
        return rc;
    size_t plen = strlen(path);
    char *tmp = malloc(plen + 16);
    if (!tmp) {
        free(text);
        return fc_error_set(err, FC_ENOMEM, "out of memory");
    }
    snprintf(tmp, plen + 16, "%s.tmpXXXXXX", path);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        rc = fc_error_set(err, FC_EIO, "%s: cannot create temporary file: %s", path, strerror(errno));
        goto done;
    }
    size_t len = strlen(text), off = 0;
    while (off < len) {
        ssize_t k = write(fd, text + off, len - off);
        if (k < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        off += (size_t)k;
    }
    int ok = off == len && fsync(fd) == 0;
    ok = close(fd) == 0 && ok;
    if (!ok || rename(tmp, path) != 0) {
        rc = fc_error_set(err, FC_EIO, "%s: cannot write: %s", path, strerror(errno));
        unlink(tmp);
    }
done:
    free(tmp);
    free(text);
    return rc;
}

/* ---- reading ---- */

typedef struct reader {
    const char *name;
    const char *p;
    int line;
    char buf[4096];
} reader;

/* Next line into r->buf without the newline; 0 at end of text. Lines longer than the buffer
 * are an error reported by the caller through the returned -1. */
static int next_line(reader *r)
{
    if (!*r->p)
        return 0;
    const char *nl = strchr(r->p, '\n');
    size_t len = nl ? (size_t)(nl - r->p) : strlen(r->p);
    r->line++;
    if (len >= sizeof r->buf) {
        r->p += len + (nl ? 1 : 0);
        return -1;
    }
    memcpy(r->buf, r->p, len);
    if (len && r->buf[len - 1] == '\r')
        len--;
    r->buf[len] = '\0';
    r->p += (nl ? (size_t)(nl - r->p) + 1 : len);
    return 1;
}

#define RERR(...) fc_error_set(err, FC_ERECORD, __VA_ARGS__)

static int parse_u64(const char *s, uint64_t *out)
{
    if (!*s)
        return -1;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || *end || *s == '-')
        return -1;
    *out = v;
    return 0;
}

typedef struct header {
    char game[64], version[32], ruleset[128];
    int nseats;
    int game_line, seats_line;
    uint64_t seed;
    int have_seed;
    char vname[64];
    uint64_t vhash;
    int have_variant;
    sbuf vtext;
    int vline;
} header;

static int read_header(reader *r, header *h, fc_record_info *info, char ***params, int **plines, int *nparams,
                       fc_error *err)
{
    int k = next_line(r);
    int version = 0;
    char magic[32];
    if (k <= 0 || sscanf(r->buf, "%31s %d", magic, &version) != 2 || strcmp(magic, FC_RECORD_MAGIC) != 0)
        return RERR("%s:1: not a Formicary record (expected '%s %d')", r->name, FC_RECORD_MAGIC, FC_RECORD_VERSION);
    if (version < 1 || version > FC_RECORD_VERSION)
        return RERR("%s:1: record version %d is not supported (this program reads version %d)", r->name, version,
                    FC_RECORD_VERSION);
    int in_variant = 0;
    while ((k = next_line(r)) != 0) {
        if (k < 0)
            return RERR("%s:%d: line too long", r->name, r->line);
        char *line = r->buf;
        if (in_variant) {
            if (strcmp(line, "variant-end") == 0) {
                in_variant = 0;
                continue;
            }
            if (line[0] != '|' || (line[1] != ' ' && line[1] != '\0'))
                return RERR("%s:%d: expected '| ' variant text or 'variant-end'", r->name, r->line);
            sb_printf(&h->vtext, "%s\n", line[1] ? line + 2 : "");
            continue;
        }
        if (!line[0] || line[0] == '#')
            continue;
        char key[32];
        int off = 0;
        if (sscanf(line, "%31s %n", key, &off) < 1)
            continue;
        const char *rest = line + off;
        if (strcmp(key, "decisions") == 0)
            break;
        if (strcmp(key, "game") == 0) {
            if (sscanf(rest, "%63s %31s", h->game, h->version) != 2)
                return RERR("%s:%d: expected 'game ID VERSION'", r->name, r->line);
            h->game_line = r->line;
        } else if (strcmp(key, "ruleset") == 0) {
            snprintf(h->ruleset, sizeof h->ruleset, "%s", rest);
        } else if (strcmp(key, "seats") == 0) {
            if (sscanf(rest, "%d", &h->nseats) != 1 || h->nseats < 1 || h->nseats > FC_MAX_SEATS)
                return RERR("%s:%d: expected 'seats N' with N in 1..%d", r->name, r->line, FC_MAX_SEATS);
            h->seats_line = r->line;
        } else if (strcmp(key, "agent") == 0) {
            int s = 0, o2 = 0;
            if (sscanf(rest, "%d %n", &s, &o2) < 1 || s < 1 || s > FC_MAX_SEATS)
                return RERR("%s:%d: expected 'agent SEAT SPEC'", r->name, r->line);
            snprintf(info->agent[s - 1], sizeof info->agent[s - 1], "%s", rest + o2);
        } else if (strcmp(key, "seed") == 0) {
            if (parse_u64(rest, &h->seed) != 0)
                return RERR("%s:%d: expected 'seed N' with an unsigned integer", r->name, r->line);
            h->have_seed = 1;
        } else if (strcmp(key, "param") == 0) {
            char name[FC_PARAM_NAME_MAX];
            int o2 = 0;
            if (sscanf(rest, "%47s %n", name, &o2) < 1)
                return RERR("%s:%d: expected 'param NAME VALUE'", r->name, r->line);
            size_t need = strlen(name) + strlen(rest + o2) + 2;
            char **np = realloc(*params, (size_t)(*nparams + 1) * sizeof *np);
            int *nl = realloc(*plines, (size_t)(*nparams + 1) * sizeof *nl);
            if (np)
                *params = np;
            if (nl)
                *plines = nl;
            if (!np || !nl || !(np[*nparams] = malloc(need)))
                return fc_error_set(err, FC_ENOMEM, "out of memory");
            snprintf(np[*nparams], need, "%s=%s", name, rest + o2);
            nl[*nparams] = r->line;
            (*nparams)++;
        } else if (strcmp(key, "variant") == 0) {
            if (strcmp(rest, "none") == 0)
                continue;
            char hex[32];
            if (sscanf(rest, "%63s %31s", h->vname, hex) != 2 || strlen(hex) != 16)
                return RERR("%s:%d: expected 'variant none' or 'variant NAME HASH'", r->name, r->line);
            h->vhash = strtoull(hex, NULL, 16);
            h->have_variant = 1;
            h->vline = r->line;
            in_variant = 1;
        } else {
            return RERR("%s:%d: unknown header line '%s'", r->name, r->line, key);
        }
    }
    if (in_variant)
        return RERR("%s:%d: variant text without 'variant-end'", r->name, r->line);
    if (k == 0)
        return RERR("%s:%d: no 'decisions' line (truncated record?)", r->name, r->line);
    if (!h->game[0] || !h->nseats || !h->have_seed)
        return RERR("%s:%d: header lacks %s", r->name, r->line,
                    !h->game[0] ? "'game'" : !h->nseats ? "'seats'" : "'seed'");
    return FC_OK;
}

static int read_decisions(reader *r, fc_match *m, fc_record_info *info, fc_error *err)
{
    int k;
    int ended = 0;
    while ((k = next_line(r)) != 0) {
        if (k < 0)
            return RERR("%s:%d: line too long", r->name, r->line);
        char *line = r->buf;
        if (!line[0] || line[0] == '#')
            continue;
        if (ended) {
            if (strncmp(line, "result ", 7) != 0)
                return RERR("%s:%d: unexpected text after 'end'", r->name, r->line);
            if (fc_match_to_move(m) != FC_NOBODY)
                return RERR("%s:%d: a result is recorded but the game is not over after the recorded decisions",
                            r->name, r->line);
            int32_t score[FC_MAX_SEATS];
            int rank[FC_MAX_SEATS];
            fc_match_scores(m, score, rank);
            char expect[512];
            size_t len = (size_t)snprintf(expect, sizeof expect, "result scores");
            int n = fc_rules_nseats(fc_match_rules(m));
            for (int s = 0; s < n; s++)
                len += (size_t)snprintf(expect + len, sizeof expect - len, " %" PRId32, score[s]);
            len += (size_t)snprintf(expect + len, sizeof expect - len, " ranks");
            for (int s = 0; s < n; s++)
                len += (size_t)snprintf(expect + len, sizeof expect - len, " %d", rank[s] + 1);
            if (strcmp(expect, line) != 0)
                return RERR("%s:%d: recorded '%s' but the replay gives '%s'", r->name, r->line, line, expect);
            info->finished = 1;
            continue;
        }
        if (strcmp(line, "end") == 0) {
            ended = 1;
            continue;
        }
        char who[16];
        int off = 0;
        if (sscanf(line, "%15s %n", who, &off) < 1 || !line[off])
            return RERR("%s:%d: expected 'SEAT NOTATION' or 'chance NOTATION'", r->name, r->line);
        int to_move = fc_match_to_move(m);
        int seat;
        if (strcmp(who, "chance") == 0) {
            seat = FC_CHANCE;
        } else {
            char *end;
            long v = strtol(who, &end, 10);
            if (*end || v < 1 || v > FC_MAX_SEATS)
                return RERR("%s:%d: expected a seat number or 'chance', found '%s'", r->name, r->line, who);
            seat = (int)v - 1;
        }
        if (to_move == FC_NOBODY)
            return RERR("%s:%d: decision after the end of the game", r->name, r->line);
        if (seat != to_move) {
            char a[24], b[24];
            snprintf(a, sizeof a, seat == FC_CHANCE ? "chance" : "seat %d", seat + 1);
            snprintf(b, sizeof b, to_move == FC_CHANCE ? "chance" : "seat %d", to_move + 1);
            return RERR("%s:%d: recorded for %s but %s is to move", r->name, r->line, a, b);
        }
        fc_error e2;
        if (fc_match_play_text(m, line + off, &e2) != 0)
            return RERR("%s:%d: %s", r->name, r->line, e2.msg);
        info->decisions++;
    }
    if (!ended)
        return RERR("%s:%d: no 'end' line (truncated record?)", r->name, r->line);
    return FC_OK;
}

int fc_record_parse(fc_context *ctx, const char *name, const char *text, fc_rules **rules_out, fc_match **match_out,
                    fc_record_info *info, fc_error *err)
{
    fc_record_info local_info;
    if (!info)
        info = &local_info;
    memset(info, 0, sizeof *info);
    *rules_out = NULL;
    *match_out = NULL;
    reader r = {.name = name, .p = text};
    header h;
    memset(&h, 0, sizeof h);
    char **params = NULL;
    int *plines = NULL, nparams = 0;
    fc_rules *rules = NULL;
    fc_match *m = NULL;
    int rc = read_header(&r, &h, info, &params, &plines, &nparams, err);
    if (rc != 0)
        goto fail;
    snprintf(info->game, sizeof info->game, "%s", h.game);
    snprintf(info->plugin_version, sizeof info->plugin_version, "%s", h.version);
    info->nseats = h.nseats;
    fc_error e2;
    rules = fc_rules_new(ctx, h.game, h.nseats, &e2);
    if (!rules) {
        rc = RERR("%s:%d: %s", name, e2.code == FC_EUNKNOWN ? h.game_line : h.seats_line, e2.msg);
        goto fail;
    }
    if (strcmp(fc_rules_plugin(rules)->version, h.version) != 0) {
        rc = RERR("%s:%d: recorded with %s %s, but the loaded plugin is version %s", name, h.game_line, h.game, h.version,
                  fc_rules_plugin(rules)->version);
        goto fail;
    }
    if (h.ruleset[0] && fc_rules_set_name(rules, h.ruleset, &e2) != 0) {
        rc = RERR("%s: ruleset: %s", name, e2.msg);
        goto fail;
    }
    for (int i = 0; i < nparams; i++)
        if (fc_rules_set(rules, params[i], &e2) != 0) {
            rc = RERR("%s:%d: %s", name, plines[i], e2.msg);
            goto fail;
        }
    if (h.have_variant) {
        if (h.vtext.oom) {
            rc = fc_error_set(err, FC_ENOMEM, "out of memory");
            goto fail;
        }
        const char *vt = h.vtext.s ? h.vtext.s : "";
        if (fc_hash64(vt, strlen(vt), 0) != h.vhash) {
            rc = RERR("%s:%d: variant text does not match its recorded hash (edited record?)", name, h.vline);
            goto fail;
        }
        if (fc_rules_load_variant_text(rules, h.vname, vt, &e2) != 0) {
            rc = RERR("%s:%d: %s", name, h.vline, e2.msg);
            goto fail;
        }
    }
    if (fc_rules_finish(rules, &e2) != 0) {
        rc = RERR("%s: %s", name, e2.msg);
        goto fail;
    }
    m = fc_match_new(rules, h.seed, &e2);
    if (!m) {
        rc = RERR("%s: %s", name, e2.msg);
        goto fail;
    }
    if ((rc = read_decisions(&r, m, info, err)) != 0)
        goto fail;
    *rules_out = rules;
    *match_out = m;
    goto done;
fail:
    fc_match_free(m);
    fc_rules_free(rules);
done:
    for (int i = 0; i < nparams; i++)
        free(params[i]);
    free(params);
    free(plines);
    free(h.vtext.s);
    return rc;
}

int fc_record_load(fc_context *ctx, const char *path, fc_rules **rules_out, fc_match **match_out,
                   fc_record_info *info, fc_error *err)
{
    *rules_out = NULL;
    *match_out = NULL;
    char *text;
    /* A record is text; refuse absurd sizes instead of exhausting memory. */
    int rc = fc_textfile_read(path, 64u << 20, FC_ERECORD, &text, err);
    if (rc != 0)
        return rc;
    rc = fc_record_parse(ctx, path, text, rules_out, match_out, info, err);
    free(text);
    return rc;
}
