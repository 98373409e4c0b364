/* Writing records (docs/record-format.md): deterministic, so the same match gives the same
 * bytes; the variant and any data files the rules name are embedded, so a record replays on its
 * own. Reading is record.c. */
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

/* Embeds text line by line behind "| " so the record replays on its own. The rule set keeps
 * such texts in canonical line form (fc_text_canonical_lines), which the reader gives back
 * byte for byte. */
static void sb_embed(fc_sbuf *b, const char *text)
{
    const char *line = text;
    while (*line) {
        const char *next;
        size_t len = fc_text_line(line, &next);
        fc_sbuf_printf(b, "| %.*s\n", (int)len, line);
        line = next;
    }
}

/* A name or label as the reader takes it back: no control characters (the reader refuses
 * them), and for a one-word field (the variant name) no spaces either. */
static const char *clean(const char *s, bool word, char *buf, size_t n)
{
    size_t k = 0;
    for (; s && *s && k + 1 < n; s++) {
        unsigned char c = (unsigned char)*s;
        buf[k++] = (char)((c < 0x20 && !(c == '\t' && !word)) || c == 0x7f || (word && c == ' ') ? '_' : c);
    }
    buf[k] = '\0';
    if (!k)
        snprintf(buf, n, "%s", word ? "unnamed" : "");
    return buf;
}

static bool meta_key_ok(const char *key)
{
    size_t n = strlen(key);
    return n > 0 && n < FC_RECORD_META_KEY &&
           strspn(key, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_:.-") == n;
}

int fc_record_meta_set(fc_record_meta *m, const char *key, const char *value)
{
    if (!key || !meta_key_ok(key))
        return FC_EINVAL;
    int i = 0;
    while (i < m->n && strcmp(m->key[i], key) != 0)
        i++;
    if (i == m->n) {
        if (m->n >= FC_RECORD_MAX_META)
            return FC_ERANGE;
        m->n++;
    }
    snprintf(m->key[i], sizeof m->key[i], "%s", key);
    clean(value ? value : "", false, m->value[i], sizeof m->value[i]);
    return FC_OK;
}

const char *fc_record_meta_get(const fc_record_meta *m, const char *key)
{
    for (int i = 0; m && i < m->n; i++)
        if (strcmp(m->key[i], key) == 0)
            return m->value[i];
    return NULL;
}

int fc_record_format(const fc_match *m, const fc_record_seats *seats, char **out, fc_error *err)
{
    return fc_record_format_meta(m, seats, NULL, out, err);
}

/* The head: format, game, rule set, seats and their agents, the caller's meta lines, the seed. */
static void record_head(fc_sbuf *b, const fc_match *m, const fc_record_seats *seats, const fc_record_meta *meta)
{
    const fc_rules *r = fc_match_rules(m);
    const fc_plugin *p = fc_rules_plugin(r);
    int n = fc_rules_nseats(r);
    char name[256];
    fc_sbuf_printf(b, "%s %d\n", FC_RECORD_MAGIC, FC_RECORD_VERSION);
    fc_sbuf_printf(b, "game %s %s\n", p->id, p->version);
    fc_sbuf_printf(b, "ruleset %s\n", clean(fc_rules_name(r), false, name, sizeof name));
    fc_sbuf_printf(b, "seats %d\n", n);
    for (int s = 0; s < n; s++) {
        const char *a = seats && seats->agent[s] ? clean(seats->agent[s], false, name, sizeof name) : "unknown";
        fc_sbuf_printf(b, "agent %d %s\n", s + 1, a);
    }
    for (int i = 0; meta && i < meta->n; i++) /* the reader takes back only valid keys */
        if (meta_key_ok(meta->key[i]))
            fc_sbuf_printf(b, "meta %s %s\n", meta->key[i], clean(meta->value[i], false, name, sizeof name));
    fc_sbuf_printf(b, "seed %" PRIu64 "\n", fc_match_seed(m));
}

/* The rules in full: every parameter's value, the embedded PATH files, the variant's text. */
static void record_rules(fc_sbuf *b, const fc_rules *r)
{
    const fc_plugin *p = fc_rules_plugin(r);
    const fc_value *vals = fc_rules_values(r);
    for (int i = 0; i < fc_rules_param_count(r); i++) { /* the game's, then the variant's own */
        const fc_param_def *d = fc_rules_param_def(r, i);
        char v[FC_PARAM_STR_MAX + 64];
        fc_param_format(d, &vals[i], v, sizeof v);
        fc_sbuf_printf(b, "param %s %s\n", d->name, v);
    }
    for (int i = 0; i < p->nparams; i++) {
        const char *ft = fc_rules_path_text(r, i);
        if (!ft)
            continue;
        fc_sbuf_printf(b, "file %s %016" PRIx64 "\n", p->params[i].name, fc_hash64(ft, strlen(ft), 0));
        sb_embed(b, ft);
        fc_sbuf_printf(b, "file-end\n");
    }
    const char *vt = fc_rules_variant_text(r);
    if (vt) {
        char name[256];
        fc_sbuf_printf(b, "variant %s %016" PRIx64 "\n", clean(fc_rules_variant_name(r), true, name, 64),
                       fc_rules_variant_hash(r));
        sb_embed(b, vt);
        fc_sbuf_printf(b, "variant-end\n");
    } else {
        fc_sbuf_printf(b, "variant none\n");
    }
}

/* The decisions, each re-printed against the state it was made in (so replayed from the start). */
static int record_decisions(fc_sbuf *b, const fc_match *m, fc_error *err)
{
    fc_error e2;
    fc_match *tmp = fc_match_new_at_start(m, &e2);
    if (!tmp)
        return fc_error_set(err, e2.code, "cannot write record: %s", e2.msg);
    for (size_t i = 0; i < fc_match_ply(m); i++) {
        const fc_history_entry *h = fc_match_history(m, i);
        char text[256];
        if (fc_match_decision_text(tmp, h->decision, text, sizeof text) < 0)
            snprintf(text, sizeof text, "#%u", (unsigned)h->decision);
        if (h->seat == FC_CHANCE)
            fc_sbuf_printf(b, "chance %s\n", text);
        else
            fc_sbuf_printf(b, "%d %s\n", h->seat + 1, text);
        if (fc_match_play(tmp, h->decision, &e2) != 0) {
            fc_match_free(tmp);
            return fc_error_set(err, FC_ERECORD, "cannot write record: decision %zu does not replay: %s", i + 1, e2.msg);
        }
    }
    fc_match_free(tmp);
    return FC_OK;
}

/* A finished match's scores and ranks. */
static void record_result(fc_sbuf *b, const fc_match *m, int n)
{
    int32_t score[FC_MAX_SEATS];
    int rank[FC_MAX_SEATS];
    fc_match_scores(m, score, rank);
    fc_sbuf_printf(b, "result scores");
    for (int s = 0; s < n; s++)
        fc_sbuf_printf(b, " %" PRId32, score[s]);
    fc_sbuf_printf(b, " ranks");
    for (int s = 0; s < n; s++)
        fc_sbuf_printf(b, " %d", rank[s] + 1);
    fc_sbuf_printf(b, "\n");
}

int fc_record_format_meta(const fc_match *m, const fc_record_seats *seats, const fc_record_meta *meta, char **out,
                          fc_error *err)
{
    const fc_rules *r = fc_match_rules(m);
    if (fc_match_source_seeds(m, NULL) > 0) /* its setup is not the one of its seed */
        return fc_error_set(err, FC_EINVAL, "%s: a match with a seed per chance source cannot be written as a record",
                            fc_rules_plugin(r)->id);
    fc_sbuf b = {0};
    record_head(&b, m, seats, meta);
    record_rules(&b, r);
    const char *pos = fc_match_position(m);
    if (pos) { /* the match started from a position: its text, as the variant's */
        if (strlen(pos) > FC_POSITION_MAX) {
            free(b.s);
            return fc_error_set(err, FC_ERANGE, "cannot write record: the starting position is longer than %d bytes",
                                FC_POSITION_MAX);
        }
        fc_sbuf_printf(&b, "position\n");
        sb_embed(&b, pos);
        fc_sbuf_printf(&b, "position-end\n");
    }
    fc_sbuf_printf(&b, "decisions\n");
    int rc = record_decisions(&b, m, err);
    if (rc != FC_OK) {
        free(b.s);
        return rc;
    }
    fc_sbuf_printf(&b, "end\n");
    if (fc_match_to_move(m) == FC_NOBODY)
        record_result(&b, m, fc_rules_nseats(r));
    if (b.oom) {
        free(b.s);
        return fc_error_set(err, FC_ENOMEM, "out of memory writing record");
    }
    *out = b.s;
    return FC_OK;
}

int fc_record_save(const fc_match *m, const fc_record_seats *seats, const char *path, fc_error *err)
{
    return fc_record_save_meta(m, seats, NULL, path, err);
}

int fc_record_save_meta(const fc_match *m, const fc_record_seats *seats, const fc_record_meta *meta, const char *path,
                        fc_error *err)
{
    char *text = NULL;
    int rc = fc_record_format_meta(m, seats, meta, &text, err);
    if (rc != 0)
        return rc;
    rc = fc_outfile_write(path, text, strlen(text), err);
    free(text);
    return rc;
}

