/* The rules pane ('r'): the part of the game's rules reference (fc_plugin.rules_text) that
 * the game names for the current step (fc_match_phase_topic), then the glossary of its
 * notation, wrapped to the terminal and scrollable. '/' finds any rule id or topic, 'a' shows
 * the whole reference. Markdown emphasis is dropped; headings are underlined ('=' for # and
 * ##, '-' below), list items hang under their bullet, tables lose their rule rows and outer
 * bars. */
#include <curses.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "formicary/rules_text.h"
#include "tty_int.h"

/* Lines as offsets into one growing buffer (pointers are made once it stops moving). */
typedef struct tty_text {
    char *buf;
    size_t used, cap;
    size_t *off;
    int n, ncap;
    int indent; /* of the continuation lines of the source line being added */
    bool oom;
} tty_text;

static void tty_text_push(tty_text *x, const char *s, int len, int indent)
{
    if (x->oom)
        return;
    if (x->n == x->ncap) {
        int nc = x->ncap ? 2 * x->ncap : 256;
        size_t *o = realloc(x->off, (size_t)nc * sizeof *o);
        if (!o) {
            x->oom = true;
            return;
        }
        x->off = o;
        x->ncap = nc;
    }
    size_t need = x->used + (size_t)len + (size_t)indent + 1;
    if (need > x->cap) {
        size_t nc = x->cap ? x->cap : 8192;
        while (nc < need)
            nc *= 2;
        char *b = realloc(x->buf, nc);
        if (!b) {
            x->oom = true;
            return;
        }
        x->buf = b;
        x->cap = nc;
    }
    x->off[x->n++] = x->used;
    memset(x->buf + x->used, ' ', (size_t)indent);
    memcpy(x->buf + x->used + indent, s, (size_t)len);
    x->buf[x->used + (size_t)indent + (size_t)len] = 0;
    x->used = need;
}

typedef struct tty_text_wrap {
    tty_text *x;
    int k, indent;
} tty_text_wrap;

static void tty_text_line(const char *s, int len, void *ctx)
{
    tty_text_wrap *w = ctx;
    tty_text_push(w->x, s, len, w->k++ ? w->indent : 0);
}

/* ASCII for the non-ASCII characters of the rules texts (the screen is drawn in ASCII). */
static const struct {
    const char *utf8, *ascii;
} tty_translit[] = {
    {"\xe2\x80\x94", "-"},   {"\xe2\x80\x93", "-"}, {"\xe2\x88\x92", "-"},   {"\xe2\x80\xa6", "..."},
    {"\xe2\x86\x92", "->"},  {"\xc3\x97", "x"},      {"\xc2\xb1", "+-"},       {"\xe2\x8c\x8a", "floor("},
    {"\xe2\x8c\x8b", ")"},   {"\xc5\x82", "l"},      {"\xc3\xb3", "o"},        {"\xc5\xbc", "z"},
    {"\xc4\x85", "a"},        {"\xc5\x9a", "S"},      {"\xc3\xa9", "e"},        {"\xe2\x80\x99", "'"},
    {"\xe2\x80\x9c", "\""}, {"\xe2\x80\x9d", "\""}, {"\xe2\x89\xa4", "<="}, {"\xe2\x89\xa5", ">="},
};

/* Copies a logical line into out (size n): ASCII only, without Markdown emphasis (** * `)
 * except a list bullet. */
static void tty_text_clean(const char *s, size_t len, char *out, size_t n)
{
    size_t k = 0;
    bool code = false;
    for (size_t i = 0; i < len && k + 8 < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '`') {
            code = !code;
            continue;
        }
        if (c == '*' && !code) {
            bool bullet = (k == 0 || out[k - 1] == ' ') && i + 1 < len && s[i + 1] == ' ';
            for (size_t j = 0; bullet && j < k; j++)
                bullet = out[j] == ' ';
            if (!bullet)
                continue;
        }
        if (c >= 128) {
            const char *rep = "?";
            size_t skip = 1;
            for (size_t t = 0; t < sizeof tty_translit / sizeof tty_translit[0]; t++) {
                size_t l = strlen(tty_translit[t].utf8);
                if (i + l <= len && memcmp(s + i, tty_translit[t].utf8, l) == 0) {
                    rep = tty_translit[t].ascii;
                    skip = l;
                    break;
                }
            }
            if (skip == 1)
                while (i + skip < len && ((unsigned char)s[i + skip] & 0xC0) == 0x80)
                    skip++;
            for (const char *r = rep; *r && k + 8 < n; r++)
                out[k++] = *r;
            i += skip - 1;
            continue;
        }
        out[k++] = c == '\t' ? ' ' : (char)c;
    }
    out[k] = 0;
}

/* Adds one logical line: headings without their #, wrapped to w with list items and table rows
 * continuing under their text. */
static void tty_text_add(tty_text *x, const char *s, size_t len, int w)
{
    char *line = malloc(len * 6 + 16);
    if (!line) {
        x->oom = true;
        return;
    }
    tty_text_clean(s, len, line, len * 6 + 16);
    char *p = line;
    int indent = 0, level = 0;
    if (*p == '|' && strspn(p, "|-: ") == strlen(p)) { /* a table's rule row: "|---|---|" */
        free(line);
        return;
    }
    if (*p == '#') {
        while (*p == '#')
            p++, level++;
        while (*p == ' ')
            p++;
        if (x->n > 0 && x->buf[x->off[x->n - 1]] != 0)
            tty_text_push(x, "", 0, 0);
    } else if (*p == '|') { /* a table row without its outer bars */
        p += strspn(p, "| ");
        size_t k = strlen(p);
        while (k > 0 && (p[k - 1] == '|' || p[k - 1] == ' '))
            p[--k] = 0;
        indent = 2;
    } else {
        while (p[indent] == ' ')
            indent++;
        if ((p[indent] == '-' || p[indent] == '*') && p[indent + 1] == ' ')
            indent += 2;
    }
    if (!*p) {
        tty_text_push(x, "", 0, 0);
    } else {
        tty_text_wrap tw = {x, 0, indent};
        int rows = tty_wrap_text(p, w, indent, tty_text_line, &tw);
        if (level > 0 && rows == 1) { /* a heading underlined: '=' for # and ##, '-' below */
            char rule[256];
            int n = (int)strlen(p) < (int)sizeof rule - 1 ? (int)strlen(p) : (int)sizeof rule - 1;
            memset(rule, level <= 2 ? '=' : '-', (size_t)n);
            tty_text_push(x, rule, n, 0);
        }
    }
    free(line);
}

static void tty_text_span(tty_text *x, const char *s, size_t len, int w)
{
    const char *end = s + len;
    char *para = malloc(len + 1);
    size_t plen = 0;
    bool open = false; /* para holds a paragraph or item that may go on */
    if (!para) {
        x->oom = true;
        return;
    }
    while (s < end) {
        const char *nl = memchr(s, '\n', (size_t)(end - s));
        size_t l = nl ? (size_t)(nl - s) : (size_t)(end - s);
        bool blank = true;
        for (size_t i = 0; i < l && blank; i++)
            blank = s[i] == ' ' || s[i] == '\r';
        if (open && !blank && !fc_rules_text_line_starts(s, l)) { /* a continuation: join with one space */
            size_t i = 0;
            while (i < l && s[i] == ' ')
                i++;
            para[plen++] = ' ';
            memcpy(para + plen, s + i, l - i);
            plen += l - i;
        } else {
            if (open)
                tty_text_add(x, para, plen, w);
            memcpy(para, s, l);
            plen = l;
            while (plen > 0 && para[plen - 1] == '\r')
                plen--;
            open = !blank && s[0] != '#' && s[0] != '|';
            if (!open)
                tty_text_add(x, para, plen, w);
        }
        s += l + (nl != NULL);
    }
    if (open)
        tty_text_add(x, para, plen, w);
    free(para);
}

static bool tty_has_term(const char *s, const char *term)
{
    size_t tl = strlen(term);
    for (; tl && *s; s++)
        if (strncasecmp(s, term, tl) == 0)
            return true;
    return false;
}

/* Shows the lines from *top with term marked; returns the key that closed the pane. */
static int tty_text_show(tty *t, tty_text *x, const char *title, int *top, const char *term)
{
    if (x->oom || x->n == 0) {
        tty_msg(t, true, "out of memory");
        return 27;
    }
    const char **lines = malloc((size_t)x->n * sizeof *lines);
    if (!lines) {
        tty_msg(t, true, "out of memory");
        return 27;
    }
    for (int i = 0; i < x->n; i++)
        lines[i] = x->buf + x->off[i];
    int ch = '?';
    char shown[320]; /* the title, after a note on the last n / N (the status line is covered) */
    snprintf(shown, sizeof shown, "%s", title);
    while (ch != ERR) {
        ch = tty_popup_at(t, shown, lines, x->n, "/agnNpqr\033\r\n", top, term);
        if (ch != 'n' && ch != 'N')
            break;
        /* n / N: the next / previous line holding the term at the top (after the last, the first) */
        int from = *top, at = -1;
        for (int k = 1; term[0] && k <= x->n && at < 0; k++) {
            int i = ((from + (ch == 'n' ? k : -k)) % x->n + x->n) % x->n;
            if (tty_has_term(lines[i], term))
                at = i;
        }
        if (at < 0 && term[0])
            snprintf(shown, sizeof shown, "[no '%s' here; a: all] %s", term, title);
        else if (at < 0)
            snprintf(shown, sizeof shown, "[/ finds first] %s", title);
        else if ((ch == 'n') != (at > from))
            snprintf(shown, sizeof shown, "['%s': from the %s again] %s", term, ch == 'n' ? "top" : "bottom", title);
        else
            snprintf(shown, sizeof shown, "%s", title);
        if (at >= 0)
            *top = at;
    }
    free(lines);
    return ch;
}

/* The text to mark for a query found: a rule id as the text writes it ("r5" finds "R-05"), else
 * the query. */
static void tty_rules_term(const fc_rules_span *found, const char *q, char *term, size_t n)
{
    const char *b = found->start;
    size_t idl = 0;
    while (b < found->start + found->len && (*b == ' ' || *b == '-'))
        b++;
    if (strncmp(b, "**", 2) == 0 && strpbrk(q, "0123456789")) {
        b += 2;
        while (b[idl] && b[idl] != ' ' && b[idl] != '*' && b[idl] != '.' && idl + 1 < n)
            idl++;
    }
    if (idl)
        snprintf(term, n, "%.*s", (int)idl, b);
    else
        snprintf(term, n, "%s", q);
}

/* The pane's lines and title for mode 0 (the query's rule or topic, then the glossary), 1
 * (everything) or 2 (the glossary); the title names the marked term when there is one. */
static void tty_rules_build(const tty *t, const char *text, int mode, const char *query, const char *term,
                            tty_text *x, char *title, size_t n)
{
    int w = COLS - 8 < 100 ? COLS - 8 : 100;
    char mark[96] = "", q[128];
    fc_rules_span sp, gl;
    bool has_gl = fc_rules_text_glossary(text, &gl) == 0;
    if (term[0])
        snprintf(mark, sizeof mark, " ('%.40s': n / N)", term);
    if (mode == 1) {
        snprintf(title, n, "%s rules%s - / find, g glossary, Esc close", t->game_name, mark);
        tty_text_span(x, text, strlen(text), w);
        return;
    }
    if (mode == 0 && query[0] && fc_rules_text_find(text, query, &sp) == 0) {
        tty_text_clean(query, strlen(query), q, sizeof q);
        snprintf(title, n, "Rules: %.60s%s - / find, a all, g glossary, Esc close", q, mark);
        tty_text_span(x, sp.start, sp.len, w);
    } else if (mode == 0) {
        snprintf(title, n, "%s rules - / find, a all, Esc close", t->game_name);
        tty_text_add(x, "The game names no rule for this step; / finds a rule id or a topic, a shows all.", 81, w);
    } else {
        snprintf(title, n, "%s glossary%s - / find, a all, Esc close", t->game_name, mark);
    }
    if (has_gl) {
        if (mode == 0)
            tty_text_push(x, "", 0, 0);
        tty_text_span(x, gl.start, gl.len, w);
    }
}

void tty_rules(tty *t)
{
    const fc_plugin *pl = fc_rules_plugin(*t->rules);
    const char *text = pl ? fc_plugin_rules_text(pl) : NULL;
    if (!text) {
        tty_msg(t, true, "%s ships no rules text", t->game_name);
        return;
    }
    const char *topic = fc_match_phase_topic(*t->m);
    char query[64] = "", term[64] = "";
    if (topic)
        snprintf(query, sizeof query, "%s", topic);
    int mode = 0, top = 0; /* mode 0: a topic and the glossary, 1: everything, 2: the glossary alone */
    for (;;) {
        tty_text x = {0};
        char title[200];
        tty_rules_build(t, text, mode, query, term, &x, title, sizeof title);
        int ch = tty_text_show(t, &x, title, &top, term);
        free(x.buf);
        free(x.off);
        if (ch == 'a' || ch == 'g' || ch == 'p') {
            mode = ch == 'a' ? 1 : ch == 'g' ? 2 : 0;
            if (ch == 'p') /* this step's rules again */
                snprintf(query, sizeof query, "%s", topic ? topic : "");
            top = 0;
        } else if (ch == '/') {
            char q[64] = "";
            if (!tty_prompt(t, "Find in the rules", "a rule id (R-12) or a topic (births, glossary):", q, sizeof q))
                continue;
            fc_rules_span found;
            if (fc_rules_text_find(text, q, &found) != 0) {
                char sug[64];
                if (fc_rules_text_suggest(text, q, sug, sizeof sug) == 0)
                    tty_msg(t, true, "no rule or topic '%s' in the %s rules; did you mean '%s'?", q, t->game_name, sug);
                else
                    tty_msg(t, true, "no rule or topic '%s' in the %s rules", q, t->game_name);
                return;
            }
            snprintf(query, sizeof query, "%s", q);
            tty_rules_term(&found, q, term, sizeof term);
            mode = 0;
            top = 0;
        } else {
            return;
        }
    }
}
