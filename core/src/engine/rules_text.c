/* Finding rules and topics in a game's Markdown rules reference (rules_text.h). The text is
 * read line by line in place; nothing is allocated, so front ends may call this freely. */
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formicary/error.h"
#include "formicary/rules_text.h"
#include "formicary/suggest.h"

#define NORM_MAX 512   /* a normalized heading or rule title */
#define BODY_MAX 4096  /* how much of a rule body a topic search reads */
#define WORDS_MAX 8

const char *fc_plugin_rules_text(const fc_plugin *p)
{
    if (!p || p->api_minor < 3 || p->struct_size < offsetof(fc_plugin, rules_text) + sizeof p->rules_text)
        return NULL;
    return p->rules_text && *p->rules_text ? p->rules_text : NULL;
}

/* ---- lines ---- */

static const char *line_end(const char *s)
{
    const char *e = strchr(s, '\n');
    return e ? e : s + strlen(s);
}

static const char *next_line(const char *s)
{
    const char *e = line_end(s);
    return *e ? e + 1 : e;
}

/* Heading level 1..6 of the line, or 0; *title is set to its text. */
static int heading_level(const char *s, const char **title)
{
    int n = 0;
    while (s[n] == '#')
        n++;
    if (n < 1 || n > 6 || s[n] != ' ')
        return 0;
    *title = s + n + 1;
    return n;
}

/* A rule id: 1-3 upper-case letters, '-', digits, an optional lower-case letter; the prefix may
 * carry a group ("S-2P-1": prefix "S-2P", number 1). */
typedef struct rule_id {
    char prefix[12];
    long num;
    char suffix;
} rule_id;

/* Parses an id at s; returns the bytes read or 0. Lenient (any case, '-' optional) for queries,
 * strict for the text. */
static size_t parse_id(const char *s, rule_id *id, bool lenient)
{
    size_t i = 0, k = 0;
    while (isalpha((unsigned char)s[i]) && k < 3) {
        if (!lenient && !isupper((unsigned char)s[i]))
            return 0;
        id->prefix[k++] = (char)toupper((unsigned char)s[i++]);
    }
    id->prefix[k] = '\0';
    if (k == 0 || isalpha((unsigned char)s[i]))
        return 0;
    if (s[i] == '-')
        i++;
    else if (!lenient)
        return 0;
    if (!isdigit((unsigned char)s[i]))
        return 0;
    /* a group such as "2P-" between the letters and the number */
    size_t g = i;
    while (isdigit((unsigned char)s[g]))
        g++;
    if (g > i && isalpha((unsigned char)s[g]) && (lenient || isupper((unsigned char)s[g])) && s[g + 1] == '-' &&
        isdigit((unsigned char)s[g + 2]) && g + 1 - i + k + 1 < sizeof id->prefix) {
        id->prefix[k++] = '-';
        while (i <= g)
            id->prefix[k++] = (char)toupper((unsigned char)s[i++]);
        id->prefix[k] = '\0';
        i++; /* the '-' before the number */
    }
    id->num = 0;
    while (isdigit((unsigned char)s[i]) && id->num < 100000)
        id->num = id->num * 10 + (s[i++] - '0');
    id->suffix = 0;
    if (islower((unsigned char)s[i]) && !isalnum((unsigned char)s[i + 1])) /* "R-24b" */
        id->suffix = s[i++];
    if (isalnum((unsigned char)s[i]))
        return 0;
    return i;
}

static bool id_eq(const rule_id *a, const rule_id *b)
{
    return strcmp(a->prefix, b->prefix) == 0 && a->num == b->num && a->suffix == b->suffix;
}

/* Whether the line defines a rule ("**R-12 …", "- **S-03** …"): fills id and *title (the text
 * after the id, up to the closing "**", may be empty). */
static bool rule_line(const char *s, rule_id *id, const char **title, size_t *title_len)
{
    while (*s == ' ')
        s++;
    if ((*s == '-' || *s == '*') && s[1] == ' ')
        s += 2;
    if (s[0] != '*' || s[1] != '*')
        return false;
    s += 2;
    size_t n = parse_id(s, id, false);
    if (!n)
        return false;
    s += n;
    const char *e = line_end(s);
    const char *close = strstr(s, "**");
    if (!close || close > e)
        close = s;
    while (s < close && (*s == ' ' || *s == '.' || *s == ':'))
        s++;
    *title = s;
    *title_len = (size_t)(close - s);
    return true;
}

static bool boundary(const char *s)
{
    const char *t;
    rule_id id;
    size_t tl;
    return heading_level(s, &t) > 0 || rule_line(s, &id, &t, &tl);
}

/* The span from line `from` to the line before `to` (NULL = end), without trailing blanks. */
static void span_set(fc_rules_span *out, const char *from, const char *to)
{
    if (!to)
        to = from + strlen(from);
    while (to > from && isspace((unsigned char)to[-1]))
        to--;
    out->start = from;
    out->len = (size_t)(to - from);
}

static const char *rule_end(const char *line)
{
    for (const char *s = next_line(line); *s; s = next_line(s))
        if (boundary(s))
            return s;
    return NULL;
}

static const char *section_end(const char *line, int level)
{
    const char *t;
    for (const char *s = next_line(line); *s; s = next_line(s)) {
        int l = heading_level(s, &t);
        if (l > 0 && l <= level)
            return s;
    }
    return NULL;
}

/* ---- words ---- */

/* Lower-case alphanumerics, every other run of bytes one space (UTF-8 dashes included). */
static void normalize(const char *s, size_t len, char *out, size_t n)
{
    size_t k = 0;
    bool space = true;
    for (size_t i = 0; i < len && s[i] && k + 1 < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (isalnum(c)) {
            out[k++] = (char)tolower(c);
            space = false;
        } else if (!space) {
            out[k++] = ' ';
            space = true;
        }
    }
    while (k > 0 && out[k - 1] == ' ')
        k--;
    out[k] = '\0';
}

typedef struct words {
    char buf[NORM_MAX];
    const char *w[WORDS_MAX];
    int n;
} words;

static void words_split(const char *query, words *q)
{
    normalize(query, strlen(query), q->buf, sizeof q->buf);
    q->n = 0;
    for (char *s = q->buf; *s && q->n < WORDS_MAX;) {
        q->w[q->n++] = s;
        char *sp = strchr(s, ' ');
        if (!sp)
            break;
        *sp = '\0';
        s = sp + 1;
    }
}

static bool has_words(const char *norm, const words *q)
{
    for (int i = 0; i < q->n; i++)
        if (!strstr(norm, q->w[i]))
            return false;
    return q->n > 0;
}

/* ---- finding ---- */

static int find_id(const char *text, const rule_id *want, fc_rules_span *out)
{
    const char *t;
    size_t tl;
    rule_id id;
    for (const char *s = text; *s; s = next_line(s))
        if (rule_line(s, &id, &t, &tl) && id_eq(&id, want)) {
            span_set(out, s, rule_end(s));
            return 0;
        }
    return FC_EUNKNOWN;
}

static int find_heading(const char *text, const words *q, const char *exact, fc_rules_span *out)
{
    const char *first = NULL;
    int first_level = 0;
    char norm[NORM_MAX];
    for (const char *s = text; *s; s = next_line(s)) {
        const char *t;
        int l = heading_level(s, &t);
        if (!l)
            continue;
        normalize(t, (size_t)(line_end(t) - t), norm, sizeof norm);
        if (strcmp(norm, exact) == 0) {
            span_set(out, s, section_end(s, l));
            return 0;
        }
        if (!first && has_words(norm, q)) {
            first = s;
            first_level = l;
        }
    }
    if (!first)
        return FC_EUNKNOWN;
    span_set(out, first, section_end(first, first_level));
    return 0;
}

/* The first rule whose title (in_body false) or text (true) has every word. */
static int find_rule_words(const char *text, const words *q, bool in_body, fc_rules_span *out)
{
    static const size_t cap = BODY_MAX;
    char norm[BODY_MAX];
    for (const char *s = text; *s; s = next_line(s)) {
        const char *t;
        size_t tl;
        rule_id id;
        if (!rule_line(s, &id, &t, &tl))
            continue;
        const char *end = rule_end(s);
        if (in_body) {
            size_t len = end ? (size_t)(end - s) : strlen(s);
            normalize(s, len < cap ? len : cap, norm, sizeof norm);
        } else {
            normalize(t, tl, norm, sizeof norm);
        }
        if (has_words(norm, q)) {
            span_set(out, s, end);
            return 0;
        }
    }
    return FC_EUNKNOWN;
}

int fc_rules_text_find(const char *text, const char *query, fc_rules_span *out)
{
    out->start = NULL;
    out->len = 0;
    if (!text || !query)
        return FC_EUNKNOWN;
    while (isspace((unsigned char)*query))
        query++;
    rule_id want;
    size_t n = parse_id(query, &want, true);
    if (n && query[n + strspn(query + n, " \t")] == '\0')
        return find_id(text, &want, out);
    words q;
    words_split(query, &q);
    if (q.n == 0)
        return FC_EUNKNOWN;
    char exact[NORM_MAX];
    normalize(query, strlen(query), exact, sizeof exact);
    if (find_heading(text, &q, exact, out) == 0)
        return 0;
    if (find_rule_words(text, &q, false, out) == 0)
        return 0;
    return find_rule_words(text, &q, true, out);
}

int fc_rules_text_glossary(const char *text, fc_rules_span *out)
{
    out->start = NULL;
    out->len = 0;
    if (!text)
        return FC_EUNKNOWN;
    words q;
    words_split("glossary", &q);
    return find_heading(text, &q, "notation and glossary", out);
}

int fc_rules_text_ids(const char *text, void (*fn)(const char *id, void *ctx), void *ctx)
{
    int count = 0;
    if (!text)
        return 0;
    for (const char *s = text; *s; s = next_line(s)) {
        const char *t;
        size_t tl;
        rule_id id;
        if (!rule_line(s, &id, &t, &tl))
            continue;
        /* as written in the text ("E-1", "R-07") */
        const char *at = strstr(s, "**") + 2;
        rule_id tmp;
        char buf[24];
        snprintf(buf, sizeof buf, "%.*s", (int)parse_id(at, &tmp, false), at);
        count++;
        if (fn)
            fn(buf, ctx);
    }
    return count;
}

/* ---- suggestions ---- */

typedef struct suggest {
    rule_id want;
    bool by_id;
    const char *query;
    long best_gap;    /* by_id: distance in number to the nearest id of the prefix */
    int best_dist;    /* otherwise: edit distance */
    char best[64];
} suggest;

static void consider_word(suggest *sg, const char *w, size_t len)
{
    char word[64];
    if (len < 3 || len >= sizeof word)
        return;
    memcpy(word, w, len);
    word[len] = '\0';
    int d = fc_edit_distance(sg->query, word);
    if (d < sg->best_dist) {
        sg->best_dist = d;
        snprintf(sg->best, sizeof sg->best, "%s", word);
    }
}

static void consider_heading(suggest *sg, const char *title)
{
    char norm[NORM_MAX];
    normalize(title, (size_t)(line_end(title) - title), norm, sizeof norm);
    for (char *s = norm; *s;) {
        size_t len = strcspn(s, " ");
        consider_word(sg, s, len);
        s += len;
        while (*s == ' ')
            s++;
    }
}

int fc_rules_text_suggest(const char *text, const char *query, char *buf, size_t n)
{
    if (n)
        buf[0] = '\0';
    if (!text || !query)
        return FC_EUNKNOWN;
    while (isspace((unsigned char)*query))
        query++;
    suggest sg = {.query = query, .best_gap = -1, .best_dist = 1000};
    sg.by_id = parse_id(query, &sg.want, true) > 0;
    for (const char *s = text; *s; s = next_line(s)) {
        const char *t;
        size_t tl;
        rule_id id;
        if (rule_line(s, &id, &t, &tl)) {
            char idbuf[24];
            snprintf(idbuf, sizeof idbuf, "%s-%02ld", id.prefix, id.num);
            if (sg.by_id && strcmp(id.prefix, sg.want.prefix) == 0) {
                long gap = labs(id.num - sg.want.num);
                if (sg.best_gap < 0 || gap < sg.best_gap) {
                    sg.best_gap = gap;
                    snprintf(sg.best, sizeof sg.best, "%s", idbuf);
                }
            } else if (sg.best_gap < 0) {
                consider_word(&sg, idbuf, strlen(idbuf));
            }
        } else if (heading_level(s, &t) && sg.best_gap < 0) {
            consider_heading(&sg, t);
        }
    }
    int limit = (int)strlen(query) / 3;
    if (limit < 1)
        limit = 1;
    if (sg.best_gap < 0 && sg.best_dist > limit)
        return FC_EUNKNOWN;
    snprintf(buf, n, "%s", sg.best);
    return 0;
}

bool fc_rules_text_line_starts(const char *s, size_t len)
{
    size_t i = 0;
    while (i < len && s[i] == ' ')
        i++;
    if (i == len || s[i] == '#' || s[i] == '|' || s[i] == '>')
        return true;
    if ((s[i] == '-' || s[i] == '*' || s[i] == '+') && i + 1 < len && s[i + 1] == ' ')
        return true;
    size_t d = i;
    while (d < len && s[d] >= '0' && s[d] <= '9')
        d++;
    return d > i && d + 1 < len && s[d] == '.' && s[d + 1] == ' ';
}
