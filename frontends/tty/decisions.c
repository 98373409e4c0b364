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

static void tty_list_scroll(tty *t);

/* Remembers the selection's notation before the list is rebuilt. */
void tty_decs_keep_sel(tty *t)
{
    if (!t->decs_valid)
        return;
    t->sel_seat = t->dec_seat;
    if (t->sel >= 0 && t->sel < t->ndecs)
        snprintf(t->sel_text, sizeof t->sel_text, "%s", t->decs[t->sel].text);
    else
        t->sel_text[0] = 0;
}

/* The selection in a rebuilt list: the same decision (same notation, the same seat's) when it
 * is still legal; else on the map the first decision at the cursor, else the first that
 * concerns a hex; else the first entry. On the map the selection always concerns a hex; the
 * cursor follows it. */
void tty_decs_reselect(tty *t)
{
    bool map = t->focus == TTY_FOCUS_MAP;
    int found = -1, idx[1];
    bool same_seat = t->sel_seat == t->dec_seat; /* hot seat: not another player's choice */
    for (int i = 0; i < t->ndecs && found < 0 && t->sel_text[0] && same_seat; i++)
        if (strcmp(t->decs[i].text, t->sel_text) == 0 && (!map || t->decs[i].info.has_hex))
            found = i;
    if (found < 0 && map && t->has_cursor && tty_decs_at(t, t->cursor, idx, 1) > 0)
        found = idx[0];
    for (int i = 0; i < t->ndecs && found < 0 && map; i++)
        if (t->decs[i].info.has_hex)
            found = i;
    t->sel = found >= 0 ? found : 0;
    t->top = 0;
    tty_list_scroll(t);
    tty_cursor_follow_list(t);
}

int tty_decs_refresh(tty *t, fc_error *err)
{
    if (!tty_human_turn(t)) {
        tty_decs_keep_sel(t);
        t->ndecs = 0;
        t->decs_valid = false;
        return 0;
    }
    if (t->decs_valid && t->dec_gen == t->gen)
        return 0;
    tty_decs_keep_sel(t);
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
        tty_label_seats(t, &e->info);
        if (!e->info.label[0])
            snprintf(e->info.label, sizeof e->info.label, "%s", e->text);
    }
    t->ndecs = n;
    t->dec_seat = t->mover;
    t->dec_gen = t->gen;
    t->decs_valid = true;
    bool any_hex = false; /* every decision's hex is on the map (tty_map_has) */
    for (int i = 0; i < n && !any_hex; i++)
        any_hex = t->decs[i].info.has_hex;
    /* The focus the user chose with Tab stays (the map only while some decision is on it);
     * before any choice it starts on the map when a decision concerns a hex. */
    if (!any_hex)
        t->focus = TTY_FOCUS_LIST;
    else
        t->focus = t->focus_user >= 0 ? t->focus_user : TTY_FOCUS_MAP;
    /* a cursor on no target goes to the first one: Tab to the map lands on a decision */
    if (!t->has_cursor || (any_hex && tty_decs_at(t, t->cursor, NULL, 0) == 0)) {
        t->has_cursor = false;
        tty_map_ensure_cursor(t);
    }
    tty_decs_reselect(t);
    return 0;
}

const fc_decision_info *tty_preview(const tty *t)
{
    if (t->rec) {
        const tty_record *rec = t->rec;
        if (!t->decs_valid || rec->at >= rec->tr.n || t->ndecs != 1)
            return NULL;
        return &t->decs[0].info;
    }
    if (!tty_human_turn(t) || !t->decs_valid || t->sel < 0 || t->sel >= t->ndecs)
        return NULL;
    return &t->decs[t->sel].info;
}

const fc_view_item *tty_dec_item(const tty *t, const fc_decision_info *info)
{
    if (!info || info->from_item <= 0)
        return NULL;
    for (int i = 0; i < t->view->nitems && i < FC_VIEW_MAX_ITEMS; i++)
        if (t->view->items[i].id == info->from_item)
            return &t->view->items[i];
    return NULL;
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

/* Rows the label of entry i takes in the list: the selected entry wraps to show its whole
 * label, the others take one row. */
static int tty_entry_rows(const tty *t, int i)
{
    if (i != t->sel || t->ndecs == 0 || t->list.w < 12 || !t->decs)
        return 1;
    int rows = t->list.h - 1, k = tty_wrap_text(t->decs[i].info.label, t->list.w - 5, 0, NULL, NULL);
    return k < 1 ? 1 : k > rows - 1 && rows > 1 ? rows - 1 : k;
}

static void tty_list_scroll(tty *t)
{
    int rows = t->list.h - 1;
    if (rows < 1)
        rows = 1;
    if (t->sel < 0) { /* nothing selected: the scroll stays */
        if (t->top > t->ndecs - 1)
            t->top = t->ndecs > 0 ? t->ndecs - 1 : 0;
        return;
    }
    if (t->sel < t->top)
        t->top = t->sel;
    int need = tty_entry_rows(t, t->sel);
    if (t->sel + need > t->top + rows)
        t->top = t->sel + need - rows;
    if (t->top > t->sel)
        t->top = t->sel;
    if (t->top < 0)
        t->top = 0;
}

void tty_list_move(tty *t, int delta)
{
    if (t->ndecs == 0)
        return;
    t->sel += delta;
    if (t->sel < 0)
        t->sel = 0;
    if (t->sel >= t->ndecs)
        t->sel = t->ndecs - 1;
    tty_list_scroll(t);
}

void tty_list_follow_cursor(tty *t)
{
    int idx[1];
    bool here = t->sel >= 0 && t->sel < t->ndecs && t->has_cursor && t->decs[t->sel].info.has_hex &&
                fc_hex_eq(t->decs[t->sel].info.hex, t->cursor);
    if (!here)
        t->sel = t->has_cursor && tty_decs_at(t, t->cursor, idx, 1) > 0 ? idx[0] : -1;
    tty_list_scroll(t);
}

void tty_cursor_follow_list(tty *t)
{
    if (t->sel >= 0 && t->sel < t->ndecs && t->decs[t->sel].info.has_hex && tty_map_has(t, t->decs[t->sel].info.hex)) {
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
    if (t->focus == TTY_FOCUS_LIST && t->ndecs > 0 && t->sel < 0) {
        snprintf(buf, sizeof buf, "no decision selected: Up / Down select one");
    } else if (t->focus == TTY_FOCUS_LIST && t->ndecs > 0) {
        const tty_dec *e = &t->decs[t->sel];
        int len = snprintf(buf, sizeof buf, "[%s]", e->text);
        if (e->info.has_hex)
            len += snprintf(buf + len, sizeof buf - (size_t)len, " at (%d,%d)", e->info.hex.q, e->info.hex.r);
        if (e->info.nhexes > 1)
            len += snprintf(buf + len, sizeof buf - (size_t)len, ", covers %d hexes {marked}", e->info.nhexes);
        if (strcmp(e->info.label, e->text) != 0) /* the label, also wrapped in the list */
            snprintf(buf + len, sizeof buf - (size_t)len, " %s", e->info.label);
    } else if (t->has_cursor) {
        const fc_view_cell *c = tty_map_cell(t, t->cursor);
        int k = tty_decs_at(t, t->cursor, NULL, 0);
        int idx[1];
        const fc_view_item *it = !c && k > 0 && tty_decs_at(t, t->cursor, idx, 1) > 0
                                     ? tty_dec_item(t, &t->decs[t->sel >= 0 ? t->sel : idx[0]].info)
                                     : NULL;
        size_t len = (size_t)snprintf(buf, sizeof buf, "(%d,%d) %.16s", t->cursor.q, t->cursor.r,
                                      c ? c->terrain_name : "");
        if (it && it->seat < 0) { /* a place for the drawn tile: name it (its unturned openings
                                   * stay in the side pane; each rotation's are in its label) */
            const char *cut = strstr(it->name, ", open ");
            int nl = cut ? (int)(cut - it->name) : (int)strnlen(it->name, sizeof it->name);
            len += (size_t)snprintf(buf + len, sizeof buf - len, "for %.6s %.*s", it->glyph, nl, it->name);
        }
        if (c && c->label[0] && strcmp(c->label, c->terrain_name) != 0 && len < sizeof buf)
            len += (size_t)snprintf(buf + len, sizeof buf - len, ": %.*s%s", strlen(c->label) > 48 ? 45 : 48, c->label,
                                    strlen(c->label) > 48 ? "..." : ""); /* room for what Enter plays */
        const fc_view *v = t->view;
        for (int i = 0; i < v->nlinks && i < FC_VIEW_MAX_LINKS && len < sizeof buf; i++) {
            const fc_view_link *l = &v->links[i];
            if (fc_hex_eq(l->a, t->cursor) || fc_hex_eq(l->b, t->cursor)) {
                fc_hex o = fc_hex_eq(l->a, t->cursor) ? l->b : l->a;
                len += (size_t)snprintf(buf + len, sizeof buf - len, " | %.16s to (%d,%d)", l->kind, o.q, o.r);
            }
        }
        if (k == 1 && len < sizeof buf && t->sel >= 0) {
            const tty_dec *e = &t->decs[t->sel];
            len += (size_t)snprintf(buf + len, sizeof buf - len, " | Enter: %s", e->text);
            if (e->info.nhexes > 1 && len < sizeof buf)
                snprintf(buf + len, sizeof buf - len, " (covers %d hexes {marked})", e->info.nhexes);
        } else if (k > 1 && len < sizeof buf) {
            snprintf(buf + len, sizeof buf - len, " | Enter: choose among %d decisions", k);
        }
    }
    tty_put(r->y, r->x, r->w, A_BOLD, " %s", buf);
}

/* The latest decisions played here, oldest first; hidden ones are not named until revealed. */
static void tty_draw_moves(const tty *t, int y, int rows)
{
    int first = t->nmoves - rows > 0 ? t->nmoves - rows : 0;
    for (int i = first; i < t->nmoves; i++, y++) {
        const tty_move *mv = &t->moves[i];
        tty_put(y, t->list.x + 2, t->list.w - 3, i == t->nmoves - 1 ? A_BOLD : A_NORMAL, "%4zu %s: %s", mv->ply + 1,
                t->names[mv->seat], tty_move_seen(t, mv) ? mv->text : "(hidden)");
    }
}

/* One list entry being drawn: its first row shows the number, wrapped rows are indented. */
typedef struct tty_list_entry {
    tty *t;
    const tty_rect *r;
    int attr, row, rows;
    bool selected;
    int index, max; /* rows it may take */
    int done;
    bool above, below; /* the scroll markers '^' (first row) and 'v' (last row) are drawn */
} tty_list_entry;

static void tty_list_line(const char *s, int len, void *ctx)
{
    tty_list_entry *e = ctx;
    if (e->row >= e->rows || e->done >= e->max)
        return;
    const tty_rect *r = e->r;
    /* a row with a scroll marker ends a column early, so a cut's ellipsis stays beside it */
    int w = r->w - ((e->row == 0 && e->above) || (e->row == e->rows - 1 && e->below));
    if (e->done == 0)
        tty_put(r->y + 1 + e->row, r->x, w, e->attr, "%s%3d %-*.*s", e->selected ? ">" : " ", e->index + 1, r->w - 5,
                len, s);
    else
        tty_put(r->y + 1 + e->row, r->x, w, e->attr, "     %-*.*s", r->w - 5, len, s);
    e->row++;
    e->done++;
}

/* Whether the entries from t->top on take more than `rows` rows (the list goes on below). */
static bool tty_list_more(const tty *t, int rows)
{
    for (int i = t->top; i < t->ndecs && rows >= 0; i++)
        rows -= tty_entry_rows(t, i);
    return rows < 0;
}

void tty_draw_list(tty *t)
{
    if (t->rec) {
        tty_replay_draw_list(t);
        return;
    }
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
        int k = 0, i = t->top;
        bool below = tty_list_more(t, rows);
        for (; k < rows && i < t->ndecs; i++) {
            const tty_dec *e = &t->decs[i];
            bool selected = i == t->sel; /* the one marker: '>' and the selection colour */
            int attr = selected ? (t->colour ? (int)(COLOR_PAIR(TTY_PAIR_SELECT) | A_BOLD) : A_REVERSE) : A_NORMAL;
            tty_list_entry ent = {t, r, attr, k, rows, selected, i, tty_entry_rows(t, i), 0, t->top > 0, below};
            if (ent.max == 1 && (int)strlen(e->info.label) > r->w - 5) { /* one row: cut with an ellipsis */
                tty_list_line(e->info.label, (int)strlen(e->info.label), &ent);
            } else {
                tty_wrap_text(e->info.label, r->w - 5, 0, tty_list_line, &ent);
            }
            k = ent.row;
        }
        if (t->top > 0)
            tty_put(r->y + 1, r->x + r->w - 1, 1, A_BOLD, "^");
        if (below)
            tty_put(r->y + r->h - 1, r->x + r->w - 1, 1, A_BOLD, "v");
    } else if (t->mover >= 0 && t->mover < t->nseats) {
        tty_put(r->y + 1, r->x + 1, r->w - 2, t->colour ? (int)COLOR_PAIR(TTY_PAIR_DIM) : A_NORMAL,
                "bot delay %d ms (+/-, space skips); last decisions:", t->delay_ms);
        tty_draw_moves(t, r->y + 2, r->h - 2);
    }
    tty_draw_info(t);
}

/* While the sub-list at the cursor is open, the map previews its highlighted decision. */
static void tty_pick_preview(tty *t, int i, void *ctx)
{
    t->sel = ((const int *)ctx)[i];
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
        int keep = t->sel, start = 0;
        for (int i = 0; i < k; i++)
            if (idx[i] == t->sel)
                start = i;
        int c = k == 1 ? 0 : tty_menu_ex(t, title, items, k, start, tty_pick_preview, idx);
        pick = c >= 0 ? idx[c] : -1;
        t->sel = pick >= 0 ? pick : keep;
    }
    free(idx);
    free(items);
    return pick;
}
