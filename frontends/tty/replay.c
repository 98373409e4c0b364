/* The replay viewer (formicary replay FILE --ui tty): a record's decisions with their notation,
 * stepped forward by playing them and back by undo (or, for a longer jump, by starting again
 * from ply 0, which costs no more than one undo: the core's undo re-plays from the start). The
 * list pane shows the decisions around the ply shown, the map previews the next one's hexes. */
#include <curses.h>
#include <stdlib.h>
#include <string.h>

#include "tty_int.h"

int tty_replay_open(tty *t, fc_error *err)
{
    tty_record *rec = calloc(1, sizeof *rec);
    if (!rec)
        return fc_error_set(err, FC_ENOMEM, "out of memory");
    t->rec = rec;
    int rc = fc_transcript_make(*t->m, &rec->tr, err);
    if (rc != 0)
        return rc;
    rec->at = rec->tr.n;
    return tty_replay_goto(t, 0, err);
}

void tty_replay_close(tty *t)
{
    tty_record *rec = t->rec;
    if (!rec)
        return;
    fc_transcript_free(&rec->tr);
    free(rec);
    t->rec = NULL;
}

int tty_replay_goto(tty *t, size_t k, fc_error *err)
{
    tty_record *rec = t->rec;
    if (k > rec->tr.n)
        k = rec->tr.n;
    if (k + 1 < rec->at) { /* a jump back: start again */
        fc_match *fresh = fc_match_new_at_start(*t->m, err);
        if (!fresh)
            return err->code ? err->code : FC_ESTATE;
        fc_match_free(*t->m);
        *t->m = fresh;
        rec->at = 0;
    }
    while (rec->at > k) {
        if (fc_match_undo(*t->m, err) != 0)
            return err->code;
        rec->at--;
    }
    while (rec->at < k) {
        if (fc_match_play(*t->m, rec->tr.d[rec->at], err) != 0)
            return err->code;
        rec->at++;
    }
    t->gen++;
    t->has_cursor = false; /* onto the next decision's hex */
    return 0;
}

int tty_replay_refresh(tty *t)
{
    tty_record *rec = t->rec;
    t->ndecs = 0;
    t->decs_valid = true;
    t->sel = 0;
    t->focus = TTY_FOCUS_LIST;
    if (rec->at < rec->tr.n && tty_sees(t, fc_transcript_audience(&rec->tr, rec->at, rec->at))) {
        if (t->cap < 1) {
            tty_dec *d = malloc(sizeof *d);
            if (!d)
                return -1;
            t->decs = d;
            t->cap = 1;
        }
        tty_dec *e = &t->decs[0];
        memset(e, 0, sizeof *e);
        e->d = rec->tr.d[rec->at];
        snprintf(e->text, sizeof e->text, "%s", rec->tr.text[rec->at]);
        fc_match_decision_describe(*t->m, e->d, &e->info);
        tty_label_seats(t, &e->info);
        if (!e->info.label[0])
            snprintf(e->info.label, sizeof e->info.label, "%s", e->text);
        t->ndecs = 1;
    }
    /* the log's decision lines: the last ones up to the ply shown */
    size_t first = rec->at > TTY_MOVES ? rec->at - TTY_MOVES : 0;
    t->nmoves = 0;
    for (size_t i = first; i < rec->at; i++) {
        tty_move *mv = &t->moves[t->nmoves++];
        mv->ply = i;
        mv->seat = rec->tr.seat[i];
        mv->d = rec->tr.d[i];
        mv->audience = fc_transcript_audience(&rec->tr, i, rec->at);
        snprintf(mv->text, sizeof mv->text, "%s", rec->tr.text[i]);
    }
    return 0;
}

static const char *tty_rec_who(const tty *t, int seat)
{
    return seat >= 0 && seat < t->nseats ? t->names[seat] : "chance";
}

void tty_replay_draw_list(tty *t)
{
    const tty_record *rec = t->rec;
    tty_rect *r = &t->list;
    tty_fill(r, A_NORMAL);
    int tattr = t->colour ? (int)COLOR_PAIR(TTY_PAIR_TITLE) : A_NORMAL;
    attrset(tattr);
    mvhline(r->y, r->x, ACS_HLINE, r->w);
    attrset(A_NORMAL);
    tty_put(r->y, r->x + 1, r->w - 2, tattr | A_BOLD, " Record: ply %zu of %zu, view of %s ", rec->at, rec->tr.n,
            t->viewer < 0 ? "a spectator" : t->names[t->viewer]);
    /* the decisions around the ply shown: the last one played, then the next ones */
    int rows = r->h - 1;
    size_t first = rec->at > (size_t)(rows / 2) ? rec->at - (size_t)(rows / 2) : 0;
    if (rec->tr.n > (size_t)rows && first + (size_t)rows > rec->tr.n)
        first = rec->tr.n - (size_t)rows;
    for (int k = 0; k < rows; k++) {
        size_t i = first + (size_t)k;
        int y = r->y + 1 + k;
        if (i > rec->tr.n)
            break;
        if (i == rec->tr.n) {
            tty_put(y, r->x, r->w, i == rec->at ? A_REVERSE : A_DIM, "%s     end of the record",
                    i == rec->at ? ">" : " ");
            break;
        }
        bool next = i == rec->at;
        int attr = next ? (t->colour ? (int)(COLOR_PAIR(TTY_PAIR_SELECT) | A_BOLD) : A_REVERSE)
                        : i < rec->at ? A_NORMAL : (t->colour ? (int)COLOR_PAIR(TTY_PAIR_DIM) : A_DIM);
        tty_put(y, r->x, r->w, attr, "%s%4zu %s: %-*s", next ? ">" : " ", i + 1, tty_rec_who(t, rec->tr.seat[i]), r->w,
                tty_sees(t, fc_transcript_audience(&rec->tr, i, rec->at)) ? rec->tr.text[i] : "(hidden)");
    }
    /* the info line: the next decision with its label */
    tty_fill(&t->info, A_NORMAL);
    if (rec->at >= rec->tr.n) {
        int32_t score[FC_MAX_SEATS] = {0};
        int rank[FC_MAX_SEATS] = {0};
        fc_match_scores(*t->m, score, rank);
        char buf[256];
        int len = snprintf(buf, sizeof buf, "end of the record (%s):",
                           fc_match_to_move(*t->m) == FC_NOBODY ? "game over" : "game not finished");
        for (int s = 0; s < t->nseats && len < (int)sizeof buf; s++)
            len += snprintf(buf + len, sizeof buf - (size_t)len, " %s %d", t->names[s], (int)score[s]);
        tty_put(t->info.y, t->info.x, t->info.w, A_BOLD, " %s", buf);
    } else if (t->ndecs == 1) {
        const tty_dec *e = &t->decs[0];
        char hexes[32] = "";
        if (e->info.nhexes > 1)
            snprintf(hexes, sizeof hexes, " {%d hexes marked}", e->info.nhexes);
        tty_put(t->info.y, t->info.x, t->info.w, A_BOLD, " next, ply %zu, %s%s: %s", rec->at + 1,
                tty_rec_who(t, rec->tr.seat[rec->at]), hexes, e->info.label);
    } else {
        tty_put(t->info.y, t->info.x, t->info.w, A_BOLD, " next, ply %zu, %s: (hidden from this view; v changes it)",
                rec->at + 1, tty_rec_who(t, rec->tr.seat[rec->at]));
    }
}

/* The replay loop: keys step through the record. */
int tty_replay_loop(tty *t, fc_error *err)
{
    for (;;) {
        if (tty_interrupted())
            return TTY_QUIT;
        t->mover = fc_match_to_move(*t->m);
        memset(t->view, 0, sizeof *t->view);
        fc_match_view(*t->m, t->viewer, t->view);
        if (tty_replay_refresh(t) != 0)
            return fc_error_set(err, FC_ENOMEM, "out of memory"), -1;
        tty_map_ensure_cursor(t);
        tty_draw_screen(t);
        int ch = tty_key(t, -1);
        tty_record *rec = t->rec;
        size_t to = rec->at;
        switch (ch) {
        case KEY_RIGHT:
        case ' ':
            to = rec->at < rec->tr.n ? rec->at + 1 : rec->tr.n;
            break;
        case KEY_LEFT:
        case KEY_BACKSPACE:
            to = rec->at > 0 ? rec->at - 1 : 0;
            break;
        case KEY_NPAGE:
            to = rec->at + 10 < rec->tr.n ? rec->at + 10 : rec->tr.n;
            break;
        case KEY_PPAGE:
            to = rec->at > 10 ? rec->at - 10 : 0;
            break;
        case KEY_HOME:
            to = 0;
            break;
        case KEY_END:
            to = rec->tr.n;
            break;
        case KEY_UP:
        case KEY_DOWN:
            tty_map_move(t, 0, ch == KEY_UP ? -1 : 1);
            break;
        case 'g': {
            char buf[32] = "";
            if (tty_prompt(t, "Go to a ply", "ply number (0 = the start):", buf, sizeof buf)) {
                char *end = NULL;
                unsigned long long k = strtoull(buf, &end, 10);
                if (end == buf || *end)
                    tty_msg(t, true, "'%s' is not a ply number (0..%zu)", buf, rec->tr.n);
                else
                    to = k > rec->tr.n ? rec->tr.n : (size_t)k;
            }
            break;
        }
        case 'v': /* whose view: the spectator, then each seat */
            t->viewer = t->viewer + 1 >= t->nseats ? -1 : t->viewer + 1;
            tty_msg(t, false, "view of %s", t->viewer < 0 ? "a spectator (public information only)"
                                                           : t->names[t->viewer]);
            break;
        case '?':
        case KEY_F(1):
            tty_help(t);
            break;
        case 'r':
            tty_rules(t);
            break;
        case 'p':
            t->page = (t->page + 1) % (t->nseats + 1);
            break;
        case 'q':
        case 27:
            return TTY_QUIT;
        default:
            break;
        }
        if (to != rec->at && tty_replay_goto(t, to, err) != 0)
            return -1;
    }
}
