/* The decision list: every legal decision of the human to move with its label (effect or
 * cost, from fc_match_decision_describe), the selection that the map cursor follows, the info
 * line, and the sub-list when several decisions share the hex under the cursor. Only legal
 * decisions are ever offered, so a human cannot enter an illegal one. */
#include <curses.h>
#include <stdlib.h>
#include <string.h>

#include "tty_int.h"

static bool tty_human_turn(const tty *t)
{
    return t->mover >= 0 && t->mover < t->nseats && !t->agents[t->mover];
}

int tty_decs_refresh(tty *t, fc_error *err)
{
    if (!tty_human_turn(t)) {
        t->ndecs = 0;
        t->decs_valid = false;
        return 0;
    }
    if (t->decs_valid && t->dec_gen == t->gen)
        return 0;
    const fc_decision *legal = NULL;
    int n = fc_match_legal(*t->m, &legal, NULL);
    if (n <= 0)
        return fc_error_set(err, FC_ESTATE, "no legal decision for %s", t->names[t->mover]);
    if (n > t->cap) {
        tty_dec *d = realloc(t->decs, (size_t)n * sizeof *d);
        if (!d)
            return fc_error_set(err, FC_ENOMEM, "out of memory");
        t->decs = d;
        t->cap = n;
    }
    for (int i = 0; i < n; i++) {
        t->decs[i].d = legal[i];
        memset(&t->decs[i].info, 0, sizeof t->decs[i].info);
    }
    for (int i = 0; i < n; i++) {
        tty_dec *e = &t->decs[i];
        if (fc_match_decision_text(*t->m, e->d, e->text, sizeof e->text) < 0)
            snprintf(e->text, sizeof e->text, "#%u", (unsigned)e->d);
        fc_match_decision_describe(*t->m, e->d, &e->info);
        e->info.label[sizeof e->info.label - 1] = 0;
        if (!e->info.label[0])
            snprintf(e->info.label, sizeof e->info.label, "%s", e->text);
    }
    t->ndecs = n;
    t->dec_gen = t->gen;
    t->decs_valid = true;
    t->sel = t->top = 0;
    bool any_hex = false;
    for (int i = 0; i < n && !any_hex; i++)
        any_hex = t->decs[i].info.has_hex && tty_map_cell(t, t->decs[i].info.hex);
    t->focus = any_hex ? TTY_FOCUS_MAP : TTY_FOCUS_LIST; /* Tab overrides it for this decision only */
    if (any_hex && (!t->has_cursor || tty_decs_at(t, t->cursor, NULL, 0) == 0)) {
        t->has_cursor = false;
        tty_map_ensure_cursor(t);
    }
    if (t->focus == TTY_FOCUS_MAP)
        tty_list_follow_cursor(t);
    return 0;
}

int tty_decs_at(const tty *t, fc_hex h, int *idx, int max)
{
    int k = 0;
    for (int i = 0; i < t->ndecs; i++)
        if (t->decs[i].info.has_hex && fc_hex_eq(t->decs[i].info.hex, h)) {
            if (idx && k < max)
                idx[k] = i;
            k++;
        }
    return k;
}

static void tty_list_scroll(tty *t)
{
    int rows = t->list.h - 1;
    if (rows < 1)
        rows = 1;
    if (t->sel < t->top)
        t->top = t->sel;
    if (t->sel >= t->top + rows)
        t->top = t->sel - rows + 1;
    if (t->top < 0)
        t->top = 0;
}

void tty_list_move(tty *t, int delta)
{
    if (t->ndecs == 0)
        return;
    t->sel += delta;
    if (t->sel < 0)
        t->sel = delta < -1 ? 0 : t->ndecs - 1; /* a single step wraps around, a page stops */
    if (t->sel >= t->ndecs)
        t->sel = delta > 1 ? t->ndecs - 1 : 0;
    tty_list_scroll(t);
}

void tty_list_follow_cursor(tty *t)
{
    int idx[1];
    if (t->has_cursor && tty_decs_at(t, t->cursor, idx, 1) > 0) {
        t->sel = idx[0];
        tty_list_scroll(t);
    }
}

void tty_cursor_follow_list(tty *t)
{
    if (t->sel < t->ndecs && t->decs[t->sel].info.has_hex && tty_map_cell(t, t->decs[t->sel].info.hex)) {
        t->cursor = t->decs[t->sel].info.hex;
        t->has_cursor = true;
        t->want_x = tty_hex_x(t->cursor);
    }
}

/* The info line: what is under the cursor, or the selected decision's notation. */
static void tty_draw_info(tty *t)
{
    tty_fill(&t->info, A_NORMAL);
    const tty_rect *r = &t->info;
    char buf[400] = "";
    if (t->focus == TTY_FOCUS_LIST && t->ndecs > 0) {
        const tty_dec *e = &t->decs[t->sel];
        int len = snprintf(buf, sizeof buf, "[%s]", e->text);
        if (e->info.has_hex)
            len += snprintf(buf + len, sizeof buf - (size_t)len, " at (%d,%d)", e->info.hex.q, e->info.hex.r);
        if (strcmp(e->info.label, e->text) != 0) /* the whole label, which the list may cut */
            snprintf(buf + len, sizeof buf - (size_t)len, " %s", e->info.label);
    } else if (t->has_cursor) {
        const fc_view_cell *c = tty_map_cell(t, t->cursor);
        int k = tty_decs_at(t, t->cursor, NULL, 0);
        size_t len = (size_t)snprintf(buf, sizeof buf, "(%d,%d) %.16s", t->cursor.q, t->cursor.r,
                                      c ? c->terrain_name : "");
        if (c && c->label[0] && strcmp(c->label, c->terrain_name) != 0 && len < sizeof buf)
            len += (size_t)snprintf(buf + len, sizeof buf - len, ": %.48s", c->label);
        const fc_view *v = t->view;
        for (int i = 0; i < v->nlinks && i < FC_VIEW_MAX_LINKS && len < sizeof buf; i++) {
            const fc_view_link *l = &v->links[i];
            if (fc_hex_eq(l->a, t->cursor) || fc_hex_eq(l->b, t->cursor)) {
                fc_hex o = fc_hex_eq(l->a, t->cursor) ? l->b : l->a;
                len += (size_t)snprintf(buf + len, sizeof buf - len, " | %.16s to (%d,%d)", l->kind, o.q, o.r);
            }
        }
        if (k == 1 && len < sizeof buf) {
            int idx[1];
            tty_decs_at(t, t->cursor, idx, 1);
            snprintf(buf + len, sizeof buf - len, " | Enter: %s", t->decs[idx[0]].text);
        } else if (k > 1 && len < sizeof buf) {
            snprintf(buf + len, sizeof buf - len, " | Enter: %d decisions", k);
        }
    }
    tty_put(r->y, r->x, r->w, A_BOLD, " %s", buf);
}

/* The latest decisions played here, oldest first; hidden ones are not named. */
static void tty_draw_moves(const tty *t, int y, int rows)
{
    int first = t->nmoves - rows > 0 ? t->nmoves - rows : 0;
    for (int i = first; i < t->nmoves; i++, y++) {
        const tty_move *mv = &t->moves[i];
        bool seen = t->viewer >= 0 ? (mv->audience & FC_SEAT_BIT(t->viewer)) != 0 : mv->audience == FC_ALL_SEATS;
        tty_put(y, t->list.x + 2, t->list.w - 3, i == t->nmoves - 1 ? A_BOLD : A_NORMAL, "%4zu %s: %s", mv->ply + 1,
                t->names[mv->seat], seen ? mv->text : "(hidden)");
    }
}

void tty_draw_list(tty *t)
{
    tty_rect *r = &t->list;
    tty_fill(r, A_NORMAL);
    char title[160];
    bool human = tty_human_turn(t);
    if (t->mover == FC_NOBODY)
        snprintf(title, sizeof title, "Game over - u undo, q quit");
    else if (human)
        snprintf(title, sizeof title, "%s: %d decision%s%s", t->names[t->mover], t->ndecs, t->ndecs == 1 ? "" : "s",
                 t->focus == TTY_FOCUS_LIST ? " [list]" : " [map: Tab for list]");
    else if (t->mover >= 0 && t->mover < t->nseats)
        snprintf(title, sizeof title, "%s (%s) is playing - %s", t->names[t->mover], fc_agent_name(t->agents[t->mover]),
                 t->fast ? "fast" : "paced");
    else
        snprintf(title, sizeof title, "Chance");
    int tattr = t->colour ? (int)COLOR_PAIR(TTY_PAIR_TITLE) : A_NORMAL;
    attrset(tattr);
    mvhline(r->y, r->x, ACS_HLINE, r->w);
    attrset(A_NORMAL);
    tty_put(r->y, r->x + 1, r->w - 2, tattr | A_BOLD, " %s ", title);
    if (human) {
        int rows = r->h - 1;
        tty_list_scroll(t);
        for (int k = 0; k < rows && t->top + k < t->ndecs; k++) {
            int i = t->top + k;
            const tty_dec *e = &t->decs[i];
            bool here = t->has_cursor && e->info.has_hex && fc_hex_eq(e->info.hex, t->cursor);
            int attr = A_NORMAL;
            if (i == t->sel && t->focus == TTY_FOCUS_LIST)
                attr = t->colour ? (int)(COLOR_PAIR(TTY_PAIR_SELECT) | A_BOLD) : A_REVERSE;
            else if (here && t->focus == TTY_FOCUS_MAP)
                attr = A_BOLD;
            tty_put(r->y + 1 + k, r->x, r->w, attr, "%s%3d %-*.*s", here ? ">" : " ", i + 1, r->w - 5, r->w - 5,
                    e->info.label);
        }
        if (t->top > 0)
            tty_put(r->y + 1, r->x + r->w - 1, 1, A_BOLD, "^");
        if (t->top + rows < t->ndecs)
            tty_put(r->y + r->h - 1, r->x + r->w - 1, 1, A_BOLD, "v");
    } else if (t->mover >= 0 && t->mover < t->nseats) {
        tty_put(r->y + 1, r->x + 1, r->w - 2, t->colour ? (int)COLOR_PAIR(TTY_PAIR_DIM) : A_NORMAL,
                "bot delay %d ms (+/-, space skips); last decisions:", t->delay_ms);
        tty_draw_moves(t, r->y + 2, r->h - 2);
    }
    tty_draw_info(t);
}

int tty_pick_at_cursor(tty *t)
{
    if (!t->has_cursor)
        return -1;
    int k = tty_decs_at(t, t->cursor, NULL, 0);
    if (k == 0) {
        tty_msg(t, true, "no decision concerns (%d,%d); n jumps to one, Tab opens the list", t->cursor.q,
                t->cursor.r);
        return -1;
    }
    int *idx = malloc((size_t)k * sizeof *idx);
    const char **items = malloc((size_t)k * sizeof *items);
    int pick = -1;
    if (idx && items) {
        tty_decs_at(t, t->cursor, idx, k);
        for (int i = 0; i < k; i++)
            items[i] = t->decs[idx[i]].info.label;
        char title[64];
        snprintf(title, sizeof title, "Decisions at (%d,%d)", t->cursor.q, t->cursor.r);
        int c = k == 1 ? 0 : tty_menu(t, title, items, k);
        pick = c >= 0 ? idx[c] : -1;
    }
    free(idx);
    free(items);
    return pick;
}
