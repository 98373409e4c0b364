/* Reading records (docs/record-format.md; writing is record_write.c). Reading rebuilds the
 * rule set from the recorded parameters and embedded variant text (no INI or script file is
 * needed), starts from the recorded position if there is one, then re-plays every decision
 * through the match, which checks its legality; any problem is reported with the record's line
 * number. A record may come from a stranger: every field is checked before it is used. */
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formicary/record.h"
#include "formicary/variant.h"
#include "formicary/outfile.h"
#include "sbuf.h"
#include "textfile.h"

/* ---- reading ---- */

typedef struct reader {
    const char *name;
    const char *p;
    int line;
    char *buf; /* the current line, NUL-terminated, without its line ending */
    size_t cap;
} reader;

/* Next line into r->buf without its ending (fc_text_line); 0 at the end of the text, -1 out of
 * memory. The reader advances by the raw line, ending included, so no input can make it stall;
 * lines of any length are read whole (the file size is already bounded). */
static int next_line(reader *r)
{
    if (!*r->p)
        return 0;
    const char *next;
    size_t len = fc_text_line(r->p, &next);
    if (len + 1 > r->cap) {
        size_t cap = r->cap ? r->cap : 256;
        while (cap < len + 1)
            cap *= 2;
        char *b = realloc(r->buf, cap);
        if (!b)
            return -1;
        r->buf = b;
        r->cap = cap;
    }
    memcpy(r->buf, r->p, len);
    r->buf[len] = '\0';
    r->p = next;
    r->line++;
    return 1;
}

#define RERR(...) fc_error_set(err, FC_ERECORD, __VA_ARGS__)

/* Header and decision lines are printed back (agent labels, rule-set and variant names, a map
 * path): a control character (terminal escapes) is refused rather than passed on. Tabs pass. */
static int check_plain(const reader *r, fc_error *err)
{
    for (const unsigned char *c = (const unsigned char *)r->buf; *c; c++)
        if ((*c < 0x20 && *c != '\t') || *c == 0x7f)
            return RERR("%s:%d: control character 0x%02x in the line", r->name, r->line, *c);
    return FC_OK;
}

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

/* One embedded text: the variant, or the file of a PATH parameter. */
typedef struct embedded {
    char name[64];
    uint64_t hash;
    fc_sbuf text;
    int line;
} embedded;

typedef struct header {
    char game[64], version[32], ruleset[128];
    int nseats;
    uint64_t seed;
    /* line of each header field (0 = not seen): a field given twice is refused */
    int game_line, ruleset_line, seats_line, seed_line, variant_line, position_line, agent_line[FC_MAX_SEATS];
    int have_variant;
    embedded variant;
    embedded position; /* the starting position's text (position_line != 0) */
    embedded *files;
    int nfiles;
    char **params; /* "NAME=VALUE" */
    int *plines;
    int nparams;
} header;

static void header_free(header *h)
{
    free(h->variant.text.s);
    free(h->position.text.s);
    for (int i = 0; i < h->nfiles; i++)
        free(h->files[i].text.s);
    free(h->files);
    for (int i = 0; i < h->nparams; i++)
        free(h->params[i]);
    free(h->params);
    free(h->plines);
}

/* Refuses a second line for a header field that may appear once. */
static int once(reader *r, int *seen, const char *what, fc_error *err)
{
    if (*seen)
        return RERR("%s:%d: duplicate '%s' line (first on line %d)", r->name, r->line, what, *seen);
    *seen = r->line;
    return FC_OK;
}

static int add_param(reader *r, header *h, const char *rest, fc_error *err)
{
    char name[FC_PARAM_NAME_MAX];
    int off = 0;
    if (sscanf(rest, "%47s %n", name, &off) < 1)
        return RERR("%s:%d: expected 'param NAME VALUE'", r->name, r->line);
    size_t nlen = strlen(name);
    for (int i = 0; i < h->nparams; i++)
        if (strncmp(h->params[i], name, nlen) == 0 && h->params[i][nlen] == '=')
            return RERR("%s:%d: duplicate 'param %s' line (first on line %d)", r->name, r->line, name, h->plines[i]);
    size_t need = nlen + strlen(rest + off) + 2;
    char **np = realloc(h->params, (size_t)(h->nparams + 1) * sizeof *np);
    if (np)
        h->params = np;
    int *nl = realloc(h->plines, (size_t)(h->nparams + 1) * sizeof *nl);
    if (nl)
        h->plines = nl;
    if (!np || !nl || !(np[h->nparams] = malloc(need)))
        return fc_error_set(err, FC_ENOMEM, "out of memory");
    snprintf(np[h->nparams], need, "%s=%s", name, rest + off);
    nl[h->nparams++] = r->line;
    return FC_OK;
}

/* "meta KEY VALUE": a key once, at most FC_RECORD_MAX_META of them. */
static int add_meta(reader *r, fc_record_meta *meta, const char *rest, fc_error *err)
{
    size_t klen = strcspn(rest, " \t");
    char key[FC_RECORD_META_KEY];
    if (klen == 0 || klen >= sizeof key)
        return RERR("%s:%d: expected 'meta KEY VALUE' with a key of 1..%d characters", r->name, r->line,
                    FC_RECORD_META_KEY - 1);
    memcpy(key, rest, klen);
    key[klen] = '\0';
    const char *value = rest + klen + strspn(rest + klen, " \t");
    if (fc_record_meta_get(meta, key))
        return RERR("%s:%d: duplicate 'meta %s' line", r->name, r->line, key);
    int rc = fc_record_meta_set(meta, key, value);
    if (rc == FC_EINVAL)
        return RERR("%s:%d: meta key '%s' is not one word of letters, digits and _:.-", r->name, r->line, key);
    if (rc != 0)
        return RERR("%s:%d: more than %d meta lines", r->name, r->line, FC_RECORD_MAX_META);
    return FC_OK;
}

/* "NAME HASH" opening an embedded text. */
static int open_embedded(reader *r, const char *rest, const char *usage, embedded *e, fc_error *err)
{
    char hex[32];
    char *end = NULL;
    if (sscanf(rest, "%63s %31s", e->name, hex) != 2 || strlen(hex) != 16 ||
        strspn(hex, "0123456789abcdefABCDEF") != 16)
        return RERR("%s:%d: expected '%s'", r->name, r->line, usage);
    e->hash = strtoull(hex, &end, 16);
    e->line = r->line;
    return FC_OK;
}

static int add_file(reader *r, header *h, const char *rest, embedded **out, fc_error *err)
{
    embedded e;
    memset(&e, 0, sizeof e);
    int rc = open_embedded(r, rest, "file PARAM HASH", &e, err);
    if (rc != 0)
        return rc;
    for (int i = 0; i < h->nfiles; i++)
        if (strcmp(h->files[i].name, e.name) == 0)
            return RERR("%s:%d: duplicate 'file %s' (first on line %d)", r->name, r->line, e.name, h->files[i].line);
    embedded *nf = realloc(h->files, (size_t)(h->nfiles + 1) * sizeof *nf);
    if (!nf)
        return fc_error_set(err, FC_ENOMEM, "out of memory");
    h->files = nf;
    nf[h->nfiles] = e;
    *out = &nf[h->nfiles++];
    return FC_OK;
}

/* One header line (not inside an embedded text). *block is set when the line opens one. */
static int header_line(reader *r, header *h, fc_record_info *info, const char *key, const char *rest,
                       embedded **block, fc_error *err)
{
    int rc = FC_OK;
    if (strcmp(key, "game") == 0) {
        if ((rc = once(r, &h->game_line, "game", err)) != 0)
            return rc;
        if (sscanf(rest, "%63s %31s", h->game, h->version) != 2)
            return RERR("%s:%d: expected 'game ID VERSION'", r->name, r->line);
    } else if (strcmp(key, "ruleset") == 0) {
        if ((rc = once(r, &h->ruleset_line, "ruleset", err)) != 0)
            return rc;
        snprintf(h->ruleset, sizeof h->ruleset, "%s", rest);
    } else if (strcmp(key, "seats") == 0) {
        if ((rc = once(r, &h->seats_line, "seats", err)) != 0)
            return rc;
        if (sscanf(rest, "%d", &h->nseats) != 1 || h->nseats < 1 || h->nseats > FC_MAX_SEATS)
            return RERR("%s:%d: expected 'seats N' with N in 1..%d", r->name, r->line, FC_MAX_SEATS);
    } else if (strcmp(key, "agent") == 0) {
        int s = 0, o2 = 0;
        if (sscanf(rest, "%d %n", &s, &o2) < 1 || s < 1 || s > FC_MAX_SEATS)
            return RERR("%s:%d: expected 'agent SEAT SPEC'", r->name, r->line);
        char what[16];
        snprintf(what, sizeof what, "agent %d", s);
        if ((rc = once(r, &h->agent_line[s - 1], what, err)) != 0)
            return rc;
        snprintf(info->agent[s - 1], sizeof info->agent[s - 1], "%s", rest + o2);
    } else if (strcmp(key, "seed") == 0) {
        if ((rc = once(r, &h->seed_line, "seed", err)) != 0)
            return rc;
        if (parse_u64(rest, &h->seed) != 0)
            return RERR("%s:%d: expected 'seed N' with an unsigned integer", r->name, r->line);
    } else if (strcmp(key, "param") == 0) {
        return add_param(r, h, rest, err);
    } else if (strcmp(key, "meta") == 0) {
        return add_meta(r, &info->meta, rest, err);
    } else if (strcmp(key, "file") == 0) {
        return add_file(r, h, rest, block, err);
    } else if (strcmp(key, "variant") == 0) {
        if ((rc = once(r, &h->variant_line, "variant", err)) != 0)
            return rc;
        if (strcmp(rest, "none") == 0)
            return FC_OK;
        if ((rc = open_embedded(r, rest, "variant none' or 'variant NAME HASH", &h->variant, err)) != 0)
            return rc;
        h->have_variant = 1;
        *block = &h->variant;
    } else if (strcmp(key, "position") == 0) {
        if ((rc = once(r, &h->position_line, "position", err)) != 0)
            return rc;
        if (*rest)
            return RERR("%s:%d: expected 'position' alone, then the position's text behind '| '", r->name, r->line);
        h->position.line = r->line;
        *block = &h->position;
    } else {
        return RERR("%s:%d: unknown header line '%s'", r->name, r->line, key);
    }
    return rc;
}

/* The line that closes an embedded text. */
static const char *block_end(const header *h, const embedded *block)
{
    return block == &h->variant ? "variant-end" : block == &h->position ? "position-end" : "file-end";
}

static int read_header(reader *r, header *h, fc_record_info *info, fc_error *err)
{
    int k = next_line(r);
    int version = 0;
    char magic[32];
    if (k < 0)
        return fc_error_set(err, FC_ENOMEM, "%s:1: out of memory", r->name);
    if (k == 0 || sscanf(r->buf, "%31s %d", magic, &version) != 2 || strcmp(magic, FC_RECORD_MAGIC) != 0)
        return RERR("%s:1: not a Formicary record (expected '%s %d')", r->name, FC_RECORD_MAGIC, FC_RECORD_VERSION);
    if (version < 1 || version > FC_RECORD_VERSION)
        return RERR("%s:1: record version %d is not supported (this program reads version %d)", r->name, version,
                    FC_RECORD_VERSION);
    embedded *block = NULL; /* inside an embedded text */
    while ((k = next_line(r)) != 0) {
        if (k < 0)
            return fc_error_set(err, FC_ENOMEM, "%s:%d: out of memory", r->name, r->line + 1);
        char *line = r->buf;
        if (block) {
            const char *end = block_end(h, block);
            if (strcmp(line, end) == 0) {
                block = NULL;
                continue;
            }
            if (line[0] != '|' || (line[1] != ' ' && line[1] != '\0'))
                return RERR("%s:%d: expected '| ' text or '%s'", r->name, r->line, end);
            fc_sbuf_printf(&block->text, "%s\n", line[1] ? line + 2 : "");
            if (block->text.oom)
                return fc_error_set(err, FC_ENOMEM, "%s:%d: out of memory", r->name, r->line);
            if (block == &h->position && block->text.n > FC_POSITION_MAX)
                return RERR("%s:%d: the starting position is longer than %d bytes", r->name, r->line, FC_POSITION_MAX);
            continue;
        }
        if (!line[0] || line[0] == '#')
            continue;
        int rc = check_plain(r, err);
        if (rc != 0)
            return rc;
        char key[32];
        int off = 0;
        if (sscanf(line, "%31s %n", key, &off) < 1)
            continue;
        if (strcmp(key, "decisions") == 0)
            break;
        if ((rc = header_line(r, h, info, key, line + off, &block, err)) != 0)
            return rc;
    }
    if (block) {
        const char *end = block_end(h, block);
        return RERR("%s:%d: text of '%.*s' without '%s'", r->name, block->line, (int)(strlen(end) - 4), end, end);
    }
    if (k == 0)
        return RERR("%s:%d: no 'decisions' line (truncated record?)", r->name, r->line);
    if (!h->game[0] || !h->nseats || !h->seed_line)
        return RERR("%s:%d: header lacks %s", r->name, r->line,
                    !h->game[0] ? "'game'" : !h->nseats ? "'seats'" : "'seed'");
    for (int s = h->nseats; s < FC_MAX_SEATS; s++)
        if (h->agent_line[s])
            return RERR("%s:%d: agent for seat %d, but the record has %d seats", r->name, h->agent_line[s], s + 1,
                        h->nseats);
    return FC_OK;
}

static int read_decisions(reader *r, fc_match *m, fc_record_info *info, fc_error *err)
{
    int k;
    int ended = 0;
    while ((k = next_line(r)) != 0) {
        if (k < 0)
            return fc_error_set(err, FC_ENOMEM, "%s:%d: out of memory", r->name, r->line + 1);
        char *line = r->buf;
        if (!line[0] || line[0] == '#')
            continue;
        int rc = check_plain(r, err);
        if (rc != 0)
            return rc;
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

/* The embedded files of PATH parameters: each names one, matches its hash, and every PATH
 * parameter set to a file (not empty, not its default) has one, so replay opens no file. */
static int give_files(reader *r, header *h, fc_rules *rules, fc_error *err)
{
    const fc_plugin *p = fc_rules_plugin(rules);
    for (int k = 0; k < h->nfiles; k++) {
        embedded *e = &h->files[k];
        int i = fc_param_find(p->params, p->nparams, e->name);
        if (i < 0 || p->params[i].type != FC_PARAM_PATH)
            return RERR("%s:%d: 'file %s': %s has no file parameter of that name", r->name, e->line, e->name, p->id);
        const char *t = e->text.s ? e->text.s : "";
        if (fc_hash64(t, strlen(t), 0) != e->hash)
            return RERR("%s:%d: text of file %s does not match its recorded hash (edited record?)", r->name, e->line,
                        e->name);
        fc_error e2;
        if (fc_rules_set_path_text(rules, e->name, t, &e2) != 0)
            return RERR("%s:%d: %s", r->name, e->line, e2.msg);
    }
    for (int i = 0; i < h->nparams; i++) {
        const char *eq = strchr(h->params[i], '=');
        char pname[FC_PARAM_NAME_MAX];
        snprintf(pname, sizeof pname, "%.*s", (int)(eq - h->params[i]), h->params[i]);
        int pi = fc_param_find(p->params, p->nparams, pname);
        if (pi < 0 || p->params[pi].type != FC_PARAM_PATH)
            continue;
        fc_value v, dv;
        fc_error e2;
        if (fc_param_parse(&p->params[pi], eq + 1 + strspn(eq + 1, " \t"), "", &v, &e2) != 0 ||
            fc_param_default(&p->params[pi], &dv, &e2) != 0)
            continue; /* fc_rules_set reports it */
        size_t len = strlen(v.s);
        while (len && (v.s[len - 1] == ' ' || v.s[len - 1] == '\t'))
            v.s[--len] = '\0';
        int embedded_text = 0;
        for (int k = 0; k < h->nfiles; k++)
            embedded_text |= strcmp(h->files[k].name, pname) == 0;
        if (v.s[0] && strcmp(v.s, dv.s) != 0 && !embedded_text)
            return RERR("%s:%d: param %s names the file '%s' but its text is not embedded (a record is "
                        "self-contained: 'file %s HASH' and its text)",
                        r->name, h->plines[i], pname, v.s, pname);
    }
    return FC_OK;
}

/* A recorded "name=value" equal to the schema default is not set (a record lists every
 * parameter, and only the name of its rule set), so that the game's params_check sees the parameter as not given, as when the game was
 * played (a default that adapts to other parameters, like Myrmes' winter_food to years, is
 * accepted only then). The value is the same either way. */
static bool param_is_default(const fc_rules *rules, const char *setting)
{
    const fc_plugin *p = fc_rules_plugin(rules);
    const char *eq = strchr(setting, '=');
    if (!eq)
        return false;
    for (int i = 0; i < p->nparams; i++) {
        const fc_param_def *def = &p->params[i];
        if (strlen(def->name) != (size_t)(eq - setting) || strncmp(def->name, setting, (size_t)(eq - setting)) != 0)
            continue;
        fc_value dv;
        fc_error e;
        char text[FC_PARAM_STR_MAX + 8];
        return fc_param_default(def, &dv, &e) == 0 &&
               fc_param_format(def, &dv, text, sizeof text) >= 0 && strcmp(text, eq + 1) == 0;
    }
    return false;
}

/* Whether "name=value" names a parameter of the rule set (the game's or the variant's). */
static bool known_param(const fc_rules *rules, const char *setting)
{
    size_t len = strcspn(setting, "=");
    for (int i = 0; i < fc_rules_param_count(rules); i++) {
        const char *n = fc_rules_param_def(rules, i)->name;
        if (strlen(n) == len && strncmp(n, setting, len) == 0)
            return true;
    }
    return false;
}

/* The record's rule set from its header, finished. Without `with_variant` the recorded variant
 * is neither loaded nor run (a corpus replay that replaces it): its own parameters are then
 * skipped, the game's are set as recorded. */
static int record_rules(fc_context *ctx, reader *r, header *h, bool with_variant, fc_rules **out, fc_error *err)
{
    const char *name = r->name;
    fc_error e2;
    int rc = FC_OK;
    fc_rules *rules = fc_rules_new(ctx, h->game, h->nseats, &e2);
    *out = NULL;
    if (!rules)
        return RERR("%s:%d: %s", name, e2.code == FC_EUNKNOWN ? h->game_line : h->seats_line, e2.msg);
    /* A record may come from anyone: the rule set must not open the files its PATH parameters
     * name; their text comes from the record. */
    fc_rules_forbid_files(rules);
    if (strcmp(fc_rules_plugin(rules)->version, h->version) != 0)
        rc = RERR("%s:%d: recorded with %s %s, but the loaded plugin is version %s", name, h->game_line, h->game,
                  h->version, fc_rules_plugin(rules)->version);
    else if (h->ruleset[0] && fc_rules_set_name(rules, h->ruleset, &e2) != 0)
        rc = RERR("%s:%d: ruleset: %s", name, h->ruleset_line, e2.msg);
    else
        rc = give_files(r, h, rules, err);
    if (rc == 0 && h->have_variant && with_variant) {
        const char *vt = h->variant.text.s ? h->variant.text.s : "";
        if (fc_hash64(vt, strlen(vt), 0) != h->variant.hash)
            rc = RERR("%s:%d: variant text does not match its recorded hash (edited record?)", name, h->variant.line);
        else if (fc_rules_load_variant_text(rules, h->variant.name, vt, &e2) != 0)
            rc = RERR("%s:%d: %s", name, h->variant.line, e2.msg);
    }
    /* after the variant, which may declare some of them; no layer comes later, so an unknown
     * name is refused here, with its line */
    for (int i = 0; rc == 0 && i < h->nparams; i++)
        if (!known_param(rules, h->params[i])) {
            if (!with_variant && h->have_variant)
                continue; /* the replaced variant's own parameter */
            rc = RERR("%s:%d: unknown parameter '%.*s' (not a parameter of %s%s%s)", name, h->plines[i],
                      (int)strcspn(h->params[i], "="), h->params[i], h->game, h->have_variant ? " or of the variant " : "",
                      h->have_variant ? h->variant.name : "");
        } else if (!param_is_default(rules, h->params[i]) && fc_rules_set(rules, h->params[i], &e2) != 0) {
            rc = RERR("%s:%d: %s", name, h->plines[i], e2.msg);
        }
    if (rc == 0 && fc_rules_finish(rules, &e2) != 0)
        rc = RERR("%s: %s", name, e2.msg);
    if (rc != 0) {
        fc_rules_free(rules);
        return rc;
    }
    *out = rules;
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
    if (!text)
        return fc_error_set(err, FC_EINVAL, "%s: no record text", name ? name : "record");
    reader r = {.name = name ? name : "record", .p = text};
    name = r.name;
    header h;
    memset(&h, 0, sizeof h);
    fc_rules *rules = NULL;
    fc_match *m = NULL;
    fc_error e2;
    int rc = read_header(&r, &h, info, err);
    if (rc != 0)
        goto fail;
    snprintf(info->game, sizeof info->game, "%s", h.game);
    snprintf(info->plugin_version, sizeof info->plugin_version, "%s", h.version);
    info->nseats = h.nseats;
    if ((rc = record_rules(ctx, &r, &h, true, &rules, err)) != 0)
        goto fail;
    if (h.position_line) {
        /* errors name the record's line of the position line the game names */
        m = fc_match_new_from_position(rules, h.seed, h.position.text.s ? h.position.text.s : "", &e2);
        if (!m) {
            char rest[FC_ERROR_MSG_MAX];
            int pl = fc_position_error_line(e2.msg, rest, sizeof rest);
            rc = RERR("%s:%d: starting position: %s", name, h.position_line + pl, rest);
            goto fail;
        }
    } else if (!(m = fc_match_new(rules, h.seed, &e2))) {
        rc = RERR("%s: %s", name, e2.msg);
        goto fail;
    }
    /* the recorded parameters are anyone's to edit: whatever they say, the hooks of one replay
     * share one budget (docs/record-format.md) */
    fc_match_set_hook_budget(m, FC_LUA_REPLAY_BUDGET);
    rc = read_decisions(&r, m, info, err);
    fc_match_set_hook_budget(m, 0);
    if (rc != 0)
        goto fail;
    *rules_out = rules;
    *match_out = m;
    goto done;
fail:
    fc_match_free(m);
    fc_rules_free(rules);
done:
    header_free(&h);
    free(r.buf);
    return rc;
}

/* ---- reading without the variant (fc_record_moves) ---- */

static int moves_add(fc_record_moves *mv, int seat, const char *text)
{
    if (mv->n % 64 == 0) {
        fc_record_move *v = realloc(mv->move, (mv->n + 64) * sizeof *v);
        if (!v)
            return -1;
        mv->move = v;
    }
    if (!(mv->move[mv->n].text = strdup(text)))
        return -1;
    mv->move[mv->n++].seat = seat;
    return 0;
}

/* "result scores S... ranks R..." as written by fc_record_format. */
static int moves_result(reader *r, fc_record_moves *mv, int nseats, fc_error *err)
{
    const char *p = r->buf + strlen("result scores");
    char *e;
    for (int s = 0; s < nseats; s++, p = e) {
        long v = strtol(p, &e, 10);
        if (e == p || v < INT32_MIN || v > INT32_MAX)
            return RERR("%s:%d: expected 'result scores S... ranks R...'", r->name, r->line);
        mv->score[s] = (int32_t)v;
    }
    if (strncmp(p, " ranks", 6) != 0)
        return RERR("%s:%d: expected 'result scores S... ranks R...'", r->name, r->line);
    p += 6;
    for (int s = 0; s < nseats; s++, p = e) {
        long v = strtol(p, &e, 10);
        if (e == p || v < 1 || v > nseats)
            return RERR("%s:%d: expected 'result scores S... ranks R...' with ranks 1..%d", r->name, r->line, nseats);
        mv->rank[s] = (int)v - 1;
    }
    if (*p)
        return RERR("%s:%d: unexpected text after the ranks", r->name, r->line);
    mv->finished = 1;
    return FC_OK;
}

/* The decision lines as text, unchecked: the caller applies them under other rules. */
static int read_moves(reader *r, fc_record_moves *mv, int nseats, fc_error *err)
{
    int k, ended = 0;
    while ((k = next_line(r)) != 0) {
        char *line = r->buf, who[16];
        int off = 0, rc;
        if (k < 0)
            return fc_error_set(err, FC_ENOMEM, "%s:%d: out of memory", r->name, r->line + 1);
        if (!line[0] || line[0] == '#')
            continue;
        if ((rc = check_plain(r, err)) != 0)
            return rc;
        if (ended) {
            if (strncmp(line, "result scores", 13) != 0 || mv->finished)
                return RERR("%s:%d: unexpected text after 'end'", r->name, r->line);
            if ((rc = moves_result(r, mv, nseats, err)) != 0)
                return rc;
            continue;
        }
        if (strcmp(line, "end") == 0) {
            ended = 1;
            continue;
        }
        if (sscanf(line, "%15s %n", who, &off) < 1 || !line[off])
            return RERR("%s:%d: expected 'SEAT NOTATION' or 'chance NOTATION'", r->name, r->line);
        char *end;
        long v = strcmp(who, "chance") == 0 ? 0 : strtol(who, &end, 10);
        if (strcmp(who, "chance") != 0 && (*end || v < 1 || v > nseats))
            return RERR("%s:%d: expected a seat number or 'chance', found '%s'", r->name, r->line, who);
        if (moves_add(mv, v ? (int)v - 1 : FC_CHANCE, line + off) != 0)
            return fc_error_set(err, FC_ENOMEM, "%s:%d: out of memory", r->name, r->line);
    }
    if (!ended)
        return RERR("%s:%d: no 'end' line (truncated record?)", r->name, r->line);
    return FC_OK;
}

int fc_record_parse_moves(fc_context *ctx, const char *name, const char *text, fc_record_moves *mv, fc_error *err)
{
    memset(mv, 0, sizeof *mv);
    if (!text)
        return fc_error_set(err, FC_EINVAL, "%s: no record text", name ? name : "record");
    reader r = {.name = name ? name : "record", .p = text};
    header h;
    memset(&h, 0, sizeof h);
    fc_record_info info;
    memset(&info, 0, sizeof info);
    int rc = read_header(&r, &h, &info, err);
    if (rc == 0)
        rc = record_rules(ctx, &r, &h, false, &mv->rules, err);
    if (rc == 0) {
        mv->seed = h.seed;
        memcpy(mv->agent, info.agent, sizeof mv->agent);
        if (h.have_variant)
            snprintf(mv->variant, sizeof mv->variant, "%s", h.variant.name);
        if (h.position_line && !(mv->position = strdup(h.position.text.s ? h.position.text.s : "")))
            rc = fc_error_set(err, FC_ENOMEM, "out of memory");
    }
    if (rc == 0)
        rc = read_moves(&r, mv, h.nseats, err);
    if (rc != 0)
        fc_record_moves_free(mv);
    header_free(&h);
    free(r.buf);
    return rc;
}

int fc_record_load_moves(fc_context *ctx, const char *path, fc_record_moves *mv, fc_error *err)
{
    char *text;
    memset(mv, 0, sizeof *mv);
    int rc = fc_textfile_read_ex(path, 64u << 20, FC_ERECORD, true, &text, err);
    if (rc != 0)
        return rc;
    rc = fc_record_parse_moves(ctx, path, text, mv, err);
    free(text);
    return rc;
}

void fc_record_moves_free(fc_record_moves *mv)
{
    for (size_t i = 0; i < mv->n; i++)
        free(mv->move[i].text);
    free(mv->move);
    free(mv->position);
    fc_rules_free(mv->rules);
    memset(mv, 0, sizeof *mv);
}

int fc_record_load(fc_context *ctx, const char *path, fc_rules **rules_out, fc_match **match_out,
                   fc_record_info *info, fc_error *err)
{
    *rules_out = NULL;
    *match_out = NULL;
    char *text;
    /* A record is text; refuse absurd sizes instead of exhausting memory. */
    int rc = fc_textfile_read_ex(path, 64u << 20, FC_ERECORD, true, &text, err);
    if (rc != 0)
        return rc;
    rc = fc_record_parse(ctx, path, text, rules_out, match_out, info, err);
    free(text);
    return rc;
}
