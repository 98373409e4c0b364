/* The rules pane ('r'): the part of the game's rules reference (fc_plugin.rules_text, the
 * text `formicary rules GAME --text` prints: docs/rules/GAME.md compiled into the plugin) that
 * the game names for the current step (fc_match_phase_topic) then the glossary, as in the
 * terminal; 'a' the whole reference, 'g' the glossary. Markdown is drawn readably: headings in the heading colour
 * without their '#', list items with a bullet and a hanging indent, emphasis and code marks
 * dropped, table rule rows skipped. It scrolls by paragraph (wheel, arrows, PgUp/PgDn,
 * Home/End), so a frame lays out only what it shows. */
#include <stdio.h>
#include <string.h>

#include "formicary/rules_text.h"
#include "gui_int.h"

#define C_TEXT 0xECEFF1
#define C_DIM 0x9AA5AD
#define C_HEAD 0x56B4E9

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
    const char *topic = g->rules_mode == 0 ? fc_match_phase_topic(*g->m) : NULL;
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

void gui_rules_open(gui *g)
{
    fc_rules_span sp[2];
    char title[8];
    g->rules_mode = 0;
    g->rules_top = 0;
    if (!gui_rules_spans(g, sp, title, sizeof title)) {
        gui_msg(g, true, "%s ships no rules text", g->game_name);
        return;
    }
    g->overlay = GUI_OV_RULES;
}

/* Keys while the pane is open (SDL_KEYDOWN): scrolling. True when the key was the pane's. */
bool gui_rules_key(gui *g, SDL_Keycode k)
{
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
 * whole reference, 'g' the glossary, 'r' or 'q' close; the rest do nothing here. */
void gui_rules_char(gui *g, char ch)
{
    if (ch == 'a' || ch == 'g') {
        g->rules_mode = ch == 'a' ? 1 : 2;
        g->rules_top = 0;
    } else if (ch == 'r' || ch == 'q') {
        g->overlay = GUI_OV_NONE;
    }
}

void gui_rules_draw(gui *g, SDL_Rect r, int pad)
{
    fc_rules_span sp[2];
    char title[160], para[4096], kind;
    int nsp = gui_rules_spans(g, sp, title, sizeof title), count = 0, indent, at = 0;
    size_t pos = 0;
    while (gui_md_walk(sp, nsp, &at, &pos, para, sizeof para, &kind, &indent))
        count++;
    if (g->rules_top > count - 1)
        g->rules_top = count > 0 ? count - 1 : 0;
    snprintf(para, sizeof para, "%s - paragraph %d of %d (arrows, PgUp/PgDn scroll; a all, g glossary; Esc closes)",
             title, g->rules_top + 1, count);
    gui_text(g, &g->font, r.x + pad, r.y + pad, r.w - 2 * pad, gui_rgb(C_HEAD), para);
    int y = r.y + pad + g->font.h * 3 / 2, bottom = r.y + r.h - pad, sl = g->small.h, shown = 0;
    SDL_Rect clip = {r.x, y, r.w, bottom - y};
    gui_clip(g, &clip);
    at = 0;
    pos = 0;
    for (int i = 0; i < count && y < bottom && gui_md_walk(sp, nsp, &at, &pos, para, sizeof para, &kind, &indent); i++) {
        if (i < g->rules_top)
            continue;
        if (shown == 0)
            snprintf(g->rules_first, sizeof g->rules_first, "%.79s", para);
        int x = r.x + pad + indent * 2 * sl, w = r.x + r.w - pad - x;
        if (kind == 'h') {
            y += shown ? sl / 2 : 0;
            y += gui_text_wrap(g, &g->font, x, y, w, 0, gui_rgb(C_HEAD), para) + sl / 3;
        } else if (kind == '-') {
            gui_text(g, &g->small, x, y, 0, gui_rgb(C_DIM), "\xe2\x80\xa2"); /* a bullet, hanging */
            y += gui_text_wrap(g, &g->small, x + sl, y, w - sl, 0, gui_rgb(C_TEXT), para);
        } else {
            y += gui_text_wrap(g, &g->small, x, y, w, 0, gui_rgb(kind == 't' ? C_DIM : C_TEXT), para) +
                 (kind == 'p' ? sl / 3 : 0);
        }
        shown++;
    }
    g->rules_shown = shown;
    gui_clip(g, NULL);
}
