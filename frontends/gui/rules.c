/* The rules pane ('r'): the part of the game's rules reference (fc_plugin.rules_text, the
 * text `formicary rules GAME --text` prints: docs/rules/GAME.md compiled into the plugin) that
 * the game names for the current step (fc_match_phase_topic) then the glossary, as in the
 * terminal; 'a' the whole reference, 'g' the glossary, 'p' the step's rules again. '/' finds a
 * rule id or a topic as the terminal's '/' does (fc_rules_text_find; a suggestion when there
 * is none), highlights it wherever the pane shows it, and n / N step through the paragraphs
 * that contain it. Markdown is drawn readably: headings in the heading colour without their
 * '#', list items with a bullet and a hanging indent, emphasis and code marks dropped, table
 * rule rows skipped. It scrolls by paragraph (wheel, arrows, PgUp/PgDn, Home/End), so a frame
 * lays out only what it shows. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "formicary/rules_text.h"
#include "gui_int.h"

#define C_TEXT 0xECEFF1
#define C_DIM 0x9AA5AD
#define C_HEAD 0x56B4E9
#define C_FIND 0xF0E442 /* the typed query */
#define C_ERR 0xFF8C69
#define C_MARK 0x8A6D00 /* behind a match */
#define C_CUR 0xE69F00  /* the current match: a bar beside it */

static bool gui_md_blank(const char *s, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (s[i] != ' ' && s[i] != '\r')
            return false;
    return true;
}

/* The paragraph at *pos of span (a heading, a list item, a table row, a paragraph's joined
 * lines), without emphasis marks; blank lines are skipped. Returns false at the end. *kind:
 * 'h' heading, '-' list item, 't' table row, 'p' paragraph; *indent: the list item's level. */
static bool gui_md_next(const fc_rules_span *sp, size_t *pos, char *out, size_t n, char *kind, int *indent)
{
    const char *s = sp->start, *end = sp->start + sp->len;
    size_t k = 0;
    bool first = true, code = false;
    *kind = 'p';
    *indent = 0;
    while (s + *pos < end) {
        const char *l = s + *pos, *nl = memchr(l, '\n', (size_t)(end - l));
        size_t len = nl ? (size_t)(nl - l) : (size_t)(end - l);
        if (first && (gui_md_blank(l, len) || (l[0] == '|' && strspn(l, "|-: ") == len))) {
            *pos += len + (nl != NULL); /* blank lines and table rules ("|---|---|") */
            continue;
        }
        if (!first && (gui_md_blank(l, len) || fc_rules_text_line_starts(l, len) || (*kind != 'p' && *kind != '-')))
            break;
        size_t i = 0;
        while (i < len && l[i] == ' ')
            i++;
        if (first) {
            if (l[i] == '#') {
                *kind = 'h';
                while (i < len && (l[i] == '#' || l[i] == ' '))
                    i++;
            } else if (l[i] == '|') {
                *kind = 't';
            } else if ((l[i] == '-' || l[i] == '*' || l[i] == '+') && i + 1 < len && l[i + 1] == ' ') {
                *kind = '-';
                *indent = (int)i / 2;
                i += 2;
            }
        } else if (k + 1 < n) {
            out[k++] = ' ';
        }
        for (; i < len && k + 1 < n; i++) {
            if (l[i] == '`')
                code = !code;
            else if (l[i] == '*' && !code)
                continue; /* emphasis */
            else if (l[i] != '\r')
                out[k++] = l[i];
        }
        *pos += len + (nl != NULL);
        first = false;
        if (*kind == 'h' || *kind == 't')
            break; /* one line each */
    }
    out[k] = 0;
    if (*kind == 't') { /* a table row without its outer bars: "draw T3 | chance: ..." */
        size_t a = strspn(out, "| ");
        while (k > a && (out[k - 1] == '|' || out[k - 1] == ' '))
            out[--k] = 0;
        memmove(out, out + a, k - a + 1);
    }
    return !first;
}

/* The spans to show for the pane's mode (as the tty's pane: the step's topic then the
 * glossary; everything; the glossary alone) and the title; returns how many (0: no text). */
static int gui_rules_spans(const gui *g, fc_rules_span sp[2], char *title, size_t n)
{
    const char *text = fc_plugin_rules_text(fc_rules_plugin(*g->rules));
    if (!text)
        return 0;
    const char *topic = g->rules_mode != 0 ? NULL : g->rules_query[0] ? g->rules_query : fc_match_phase_topic(*g->m);
    int k = 0;
    if (g->rules_mode == 1) {
        sp[k++] = (fc_rules_span){text, strlen(text)};
        snprintf(title, n, "%s rules", g->game_name);
        return k;
    }
    if (topic && fc_rules_text_find(text, topic, &sp[k]) == 0) {
        snprintf(title, n, "Rules: %s, then the glossary", topic);
        k++;
    } else {
        snprintf(title, n, "%s glossary", g->game_name);
    }
    if (fc_rules_text_glossary(text, &sp[k]) == 0)
        k++;
    if (k == 0) { /* no topic and no glossary: everything */
        sp[k++] = (fc_rules_span){text, strlen(text)};
        snprintf(title, n, "%s rules", g->game_name);
    }
    return k;
}

/* The next paragraph across the spans (*at: span index, *pos: offset in it). */
static bool gui_md_walk(const fc_rules_span *sp, int nsp, int *at, size_t *pos, char *out, size_t n, char *kind,
                        int *indent)
{
    for (; *at < nsp; (*at)++, *pos = 0)
        if (gui_md_next(&sp[*at], pos, out, n, kind, indent))
            return true;
    return false;
}

/* Whether para contains term (case-insensitive). */
static bool gui_has_term(const char *para, const char *term)
{
    size_t tl = strlen(term);
    for (const char *p = para; tl && *p; p++) {
        size_t i = 0;
        while (i < tl && p[i] && tolower((unsigned char)p[i]) == tolower((unsigned char)term[i]))
            i++;
        if (i == tl)
            return true;
    }
    return false;
}

/* The paragraphs shown and which contain the search term: returns how many paragraphs there
 * are, sets *nmatch, the first match after / before `from` (dir +1 / -1, wrapping; -1 none)
 * and *cur, the number of the current match (g->rules_match) among them (0: none). */
static int gui_rules_scan(const gui *g, int from, int dir, int *nmatch, int *next, int *cur)
{
    fc_rules_span sp[2];
    char title[8], para[4096], kind;
    int nsp = gui_rules_spans(g, sp, title, sizeof title), at = 0, indent, count = 0;
    int first = -1, last = -1, after = -1, before = -1;
    size_t pos = 0;
    *nmatch = *cur = 0;
    while (gui_md_walk(sp, nsp, &at, &pos, para, sizeof para, &kind, &indent)) {
        if (g->rules_term[0] && gui_has_term(para, g->rules_term)) {
            (*nmatch)++;
            *cur = count == g->rules_match ? *nmatch : *cur;
            first = first < 0 ? count : first;
            last = count;
            after = after < 0 && count > from ? count : after;
            before = count < from ? count : before;
        }
        count++;
    }
    *next = dir > 0 ? (after >= 0 ? after : first) : (before >= 0 ? before : last);
    return count;
}

void gui_rules_open(gui *g)
{
    fc_rules_span sp[2];
    char title[8];
    g->rules_mode = 0;
    g->rules_top = 0;
    g->rules_typing = false;
    g->rules_query[0] = g->rules_term[0] = g->rules_note[0] = 0;
    g->rules_match = -1;
    if (!gui_rules_spans(g, sp, title, sizeof title)) {
        gui_msg(g, true, "%s ships no rules text", g->game_name);
        return;
    }
    g->overlay = GUI_OV_RULES;
}

static void gui_rules_note(gui *g, bool err, const char *fmt, const char *a, const char *b)
{
    snprintf(g->rules_note, sizeof g->rules_note, fmt, a, b);
    g->rules_note_err = err;
}

/* n / N: the next / previous paragraph that contains the term, scrolled to the top. */
static void gui_rules_step(gui *g, int dir)
{
    if (!g->rules_term[0]) {
        gui_rules_note(g, true, "nothing to find yet: / then a rule id (R-12) or a topic%s%s", "", "");
        return;
    }
    int from = g->rules_match >= 0 ? g->rules_match : dir > 0 ? g->rules_top - 1 : g->rules_top, next, cur;
    gui_rules_scan(g, from, dir, &g->rules_nmatch, &next, &cur);
    if (next < 0) {
        gui_rules_note(g, true, "no '%s' in what is shown%s; a shows the whole reference", g->rules_term, "");
        return;
    }
    bool wrapped = dir > 0 ? next <= from : next >= from;
    if (wrapped)
        gui_rules_note(g, false, "'%s': %s", g->rules_term, dir > 0 ? "from the top again" : "from the bottom again");
    else
        g->rules_note[0] = 0;
    g->rules_match = g->rules_top = next;
}

/* Enter on the search line: the rule or topic found, as the terminal's '/' finds it. */
static void gui_rules_find(gui *g)
{
    const char *text = fc_plugin_rules_text(fc_rules_plugin(*g->rules));
    const char *q = g->rules_input;
    fc_rules_span found;
    g->rules_typing = false;
    if (!q[0])
        return;
    if (!text || fc_rules_text_find(text, q, &found) != 0) {
        char sug[64] = "";
        if (text && fc_rules_text_suggest(text, q, sug, sizeof sug) == 0)
            snprintf(g->rules_note, sizeof g->rules_note, "no rule or topic '%s' in the %s rules; did you mean '%s'?", q,
                     g->game_name, sug);
        else
            snprintf(g->rules_note, sizeof g->rules_note, "no rule or topic '%s' in the %s rules", q, g->game_name);
        g->rules_note_err = true;
        return;
    }
    snprintf(g->rules_query, sizeof g->rules_query, "%s", q);
    /* the term to highlight: a rule id as the text writes it ("r5" finds "R-05"), else the query */
    const char *b = found.start;
    while (b < found.start + found.len && (*b == ' ' || *b == '-'))
        b++;
    size_t idl = 0;
    if (strncmp(b, "**", 2) == 0 && strpbrk(q, "0123456789")) {
        b += 2;
        while (b[idl] && b[idl] != ' ' && b[idl] != '*' && b[idl] != '.' && idl + 1 < sizeof g->rules_term)
            idl++;
    }
    if (idl)
        snprintf(g->rules_term, sizeof g->rules_term, "%.*s", (int)idl, b);
    else
        snprintf(g->rules_term, sizeof g->rules_term, "%s", q);
    g->rules_mode = 0;
    g->rules_match = -1;
    g->rules_top = 0;
    g->rules_note[0] = 0;
    gui_rules_step(g, +1);
}

bool gui_rules_type(gui *g, const char *text)
{
    if (g->overlay != GUI_OV_RULES || !g->rules_typing)
        return false;
    size_t n = strlen(g->rules_input), add = strlen(text);
    if (n + add < sizeof g->rules_input)
        memcpy(g->rules_input + n, text, add + 1);
    return true;
}

/* Keys while the pane is open (SDL_KEYDOWN): the search line's editing, else scrolling. True
 * when the key was the pane's. */
bool gui_rules_key(gui *g, SDL_Keycode k)
{
    if (g->rules_typing) {
        size_t n = strlen(g->rules_input);
        if (k == SDLK_ESCAPE)
            g->rules_typing = false;
        else if (k == SDLK_RETURN || k == SDLK_KP_ENTER)
            gui_rules_find(g);
        else if (k == SDLK_BACKSPACE && n > 0) {
            while (n > 1 && ((unsigned char)g->rules_input[n - 1] & 0xC0) == 0x80)
                n--;
            g->rules_input[n - 1] = 0;
        }
        return true; /* every other key types (SDL_TEXTINPUT) or does nothing */
    }
    int page = g->rules_shown > 1 ? g->rules_shown - 1 : 1;
    if (k == SDLK_DOWN)
        g->rules_top++;
    else if (k == SDLK_UP)
        g->rules_top--;
    else if (k == SDLK_PAGEDOWN)
        g->rules_top += page;
    else if (k == SDLK_PAGEUP)
        g->rules_top -= page;
    else if (k == SDLK_HOME)
        g->rules_top = 0;
    else if (k == SDLK_END)
        g->rules_top = 1 << 20; /* clamped when drawn */
    else
        return false;
    if (g->rules_top < 0)
        g->rules_top = 0;
    return true;
}

/* Letters while the pane is open (SDL_TEXTINPUT, which follows the key's SDL_KEYDOWN): 'a' the
 * whole reference, 'g' the glossary, 'p' the step's rules, '/' the search line, 'n' / 'N' the
 * next / previous match, 'r' or 'q' close; the rest do nothing here. */
void gui_rules_char(gui *g, char ch)
{
    if (ch == 'a' || ch == 'g' || ch == 'p') {
        g->rules_mode = ch == 'a' ? 1 : ch == 'g' ? 2 : 0;
        if (ch == 'p')
            g->rules_query[0] = 0;
        g->rules_top = 0;
        g->rules_match = -1;
        g->rules_note[0] = 0;
    } else if (ch == '/') {
        g->rules_typing = true;
        g->rules_input[0] = 0;
        g->rules_note[0] = 0;
    } else if (ch == 'n' || ch == 'N') {
        gui_rules_step(g, ch == 'n' ? +1 : -1);
    } else if (ch == 'r' || ch == 'q') {
        g->overlay = GUI_OV_NONE;
    }
}

/* The two header lines: the title with where the pane is (and the match), then the search line
 * being typed, a note, or the keys. */
static void gui_rules_head(gui *g, SDL_Rect r, int pad, const char *title, int count, int cur)
{
    char line[400], m[120] = "";
    int x = r.x + pad, w = r.w - 2 * pad, y = r.y + pad;
    if (g->rules_term[0]) {
        snprintf(m, sizeof m, "; '%s' in %d paragraph%s", g->rules_term, g->rules_nmatch, g->rules_nmatch == 1 ? "" : "s");
        if (cur > 0)
            snprintf(m + strlen(m), sizeof m - strlen(m), ", match %d", cur);
    }
    snprintf(line, sizeof line, "%s - paragraph %d of %d%s", title, g->rules_top + 1, count, m);
    gui_text(g, &g->font, x, y, w, gui_rgb(C_HEAD), line);
    y += g->font.h;
    if (g->rules_typing) {
        snprintf(line, sizeof line, "Find a rule id (R-12) or a topic: %s_   (Enter finds, Esc cancels)", g->rules_input);
        gui_text(g, &g->small, x, y, w, gui_rgb(C_FIND), line);
    } else if (g->rules_note[0]) {
        gui_text(g, &g->small, x, y, w, gui_rgb(g->rules_note_err ? C_ERR : C_FIND), g->rules_note);
    } else {
        gui_text(g, &g->small, x, y, w, gui_rgb(C_DIM),
                 "/ find   n / N next / previous match   p this step   a all   g glossary   arrows, PgUp/PgDn "
                 "scroll   Esc closes");
    }
}

void gui_rules_draw(gui *g, SDL_Rect r, int pad)
{
    fc_rules_span sp[2];
    char title[160], para[4096], kind;
    int nsp = gui_rules_spans(g, sp, title, sizeof title), indent, at = 0, next, cur;
    int count = gui_rules_scan(g, -1, +1, &g->rules_nmatch, &next, &cur);
    size_t pos = 0;
    if (g->rules_top > count - 1)
        g->rules_top = count > 0 ? count - 1 : 0;
    gui_rules_head(g, r, pad, title, count, cur);
    int y = r.y + pad + g->font.h + g->small.h * 3 / 2, bottom = r.y + r.h - pad, sl = g->small.h, shown = 0;
    SDL_Rect clip = {r.x, y, r.w, bottom - y};
    gui_clip(g, &clip);
    g->mark = g->rules_term; /* every occurrence of the term gets a background (gui_text) */
    g->mark_col = gui_rgb(C_MARK);
    g->marks = 0;
    for (int i = 0; i < count && y < bottom && gui_md_walk(sp, nsp, &at, &pos, para, sizeof para, &kind, &indent); i++) {
        if (i < g->rules_top)
            continue;
        if (shown == 0)
            snprintf(g->rules_first, sizeof g->rules_first, "%.79s", para);
        int x = r.x + pad + indent * 2 * sl, w = r.x + r.w - pad - x, y0 = y;
        if (kind == 'h') {
            y += shown ? sl / 2 : 0;
            y0 = y;
            y += gui_text_wrap(g, &g->font, x, y, w, 0, gui_rgb(C_HEAD), para) + sl / 3;
        } else if (kind == '-') {
            gui_text(g, &g->small, x, y, 0, gui_rgb(C_DIM), "\xe2\x80\xa2"); /* a bullet, hanging */
            y += gui_text_wrap(g, &g->small, x + sl, y, w - sl, 0, gui_rgb(C_TEXT), para);
        } else {
            y += gui_text_wrap(g, &g->small, x, y, w, 0, gui_rgb(kind == 't' ? C_DIM : C_TEXT), para) +
                 (kind == 'p' ? sl / 3 : 0);
        }
        if (i == g->rules_match) /* the current match: a bar in the margin */
            gui_fill(g, (SDL_Rect){r.x + pad / 4, y0, pad / 2, y - y0}, gui_rgb(C_CUR));
        shown++;
    }
    g->mark = NULL;
    g->rules_shown = shown;
    gui_clip(g, NULL);
}
