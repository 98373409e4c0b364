/* The replay viewer (formicary replay FILE --ui gui): the record's decisions with their
 * notation, stepped forward by playing them and back by undo (a longer jump back starts again
 * from ply 0); the list pane shows the decisions around the ply shown, the slider under the
 * board jumps anywhere. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gui_int.h"

int gui_replay_open(gui *g, fc_error *err)
{
    gui_record *rec = calloc(1, sizeof *rec);
    if (!rec)
        return fc_error_set(err, FC_ENOMEM, "out of memory");
    g->rec = rec;
    int rc = fc_transcript_make(*g->m, &rec->tr, err);
    if (rc != 0)
        return rc;
    rec->at = rec->tr.n;
    return gui_replay_goto(g, 0, err);
}

void gui_replay_close(gui *g)
{
    gui_record *rec = g->rec;
    if (!rec)
        return;
    fc_transcript_free(&rec->tr);
    free(rec);
    g->rec = NULL;
}

/* The marks: the hexes of the decision that led to the ply shown. */
static void gui_replay_marks(gui *g)
{
    gui_record *rec = g->rec;
    g->nmoves = 0;
    if (rec->at == 0)
        return;
    size_t i = rec->at - 1;
    fc_match *prev = fc_match_clone(*g->m, &(fc_error){0});
    if (!prev)
        return;
    fc_error e;
    fc_error_clear(&e);
    if (fc_match_undo(prev, &e) == 0) {
        fc_decision_info info;
        memset(&info, 0, sizeof info);
        fc_match_decision_describe(prev, rec->tr.d[i], &info);
        gui_move *mv = &g->moves[g->nmoves++];
        memset(mv, 0, sizeof *mv);
        mv->ply = i;
        mv->seat = rec->tr.seat[i];
        mv->d = rec->tr.d[i];
        mv->audience = fc_transcript_audience(&rec->tr, i, rec->at);
        snprintf(mv->text, sizeof mv->text, "%s", rec->tr.text[i]);
        if (info.has_hex)
            mv->hexes[mv->nhexes++] = info.hex;
        for (int k = 0; k < info.nhexes && mv->nhexes < FC_DECISION_MAX_HEXES + 1; k++)
            mv->hexes[mv->nhexes++] = info.hexes[k];
    }
    fc_match_free(prev);
}

int gui_replay_goto(gui *g, size_t k, fc_error *err)
{
    gui_record *rec = g->rec;
    if (k > rec->tr.n)
        k = rec->tr.n;
    if (k + 1 < rec->at) { /* a jump back: start again */
        fc_match *fresh = fc_match_new_at_start(*g->m, err);
        if (!fresh)
            return err->code ? err->code : FC_ESTATE;
        fc_match_free(*g->m);
        *g->m = fresh;
        rec->at = 0;
    }
    while (rec->at > k) {
        if (fc_match_undo(*g->m, err) != 0)
            return err->code;
        rec->at--;
    }
    while (rec->at < k) {
        if (fc_match_play(*g->m, rec->tr.d[rec->at], err) != 0)
            return err->code;
        rec->at++;
    }
    g->gen++;
    gui_replay_marks(g);
    return 0;
}

/* Decision i's notation as the viewer may see it at the ply shown: "(hidden)" until the game
 * reveals it to everyone (or when the viewer is outside its audience). */
const char *gui_replay_text(const gui *g, size_t i)
{
    const gui_record *rec = g->rec;
    uint32_t aud = fc_transcript_audience(&rec->tr, i, rec->at); /* everyone once revealed */
    bool seen = g->viewer >= 0 ? (aud & FC_SEAT_BIT(g->viewer)) != 0 : aud == FC_ALL_SEATS;
    return seen ? rec->tr.text[i] : "(hidden)";
}

/* The list pane (decisions around the ply shown) and the slider. */
void gui_replay_draw(gui *g)
{
    gui_record *rec = g->rec;
    SDL_Rect r = g->r_list;
    int pad = (int)(8 * g->ui), line = g->small.h, y = r.y + 4;
    char buf[200];
    gui_clip(g, &r);
    snprintf(buf, sizeof buf, "Record: ply %zu of %zu", rec->at, rec->tr.n);
    gui_text(g, &g->font, r.x + pad, y, r.w - 2 * pad, gui_rgb(0x56B4E9), buf);
    y += g->font.h + 2;
    int rows = (r.h - (y - r.y)) / line;
    size_t first = rec->at > (size_t)(rows / 2) ? rec->at - (size_t)(rows / 2) : 0;
    for (size_t i = first; i < rec->tr.n && y + line <= r.y + r.h; i++) {
        const char *who = rec->tr.seat[i] >= 0 && rec->tr.seat[i] < g->nseats ? g->names[rec->tr.seat[i]] : "chance";
        snprintf(buf, sizeof buf, "%s%zu %s: %s", i + 1 == rec->at ? "> " : "  ", i + 1, who, gui_replay_text(g, i));
        if (i + 1 == rec->at)
            gui_fill(g, (SDL_Rect){r.x + 2, y, r.w - 4, line}, gui_rgb(0x3F5B6E));
        gui_text(g, &g->small, r.x + pad, y, r.w - 2 * pad, i < rec->at ? gui_rgb(0xECEFF1) : gui_rgb(0x9AA5AD), buf);
        y += line;
    }
    gui_clip(g, NULL);
    SDL_Rect s = g->r_slider;
    gui_fill(g, s, gui_rgb(0x171C20));
    int x0 = s.x + 2 * pad, x1 = s.x + s.w - 2 * pad, cy = s.y + s.h / 2;
    gui_fill(g, (SDL_Rect){x0, cy - 2, x1 - x0, 4}, gui_rgb(0x5A6770));
    int kx = rec->tr.n ? x0 + (int)((long)(x1 - x0) * (long)rec->at / (long)rec->tr.n) : x0;
    gui_fill(g, (SDL_Rect){x0, cy - 2, kx - x0, 4}, gui_rgb(0x56B4E9));
    gui_fill(g, (SDL_Rect){kx - 5, s.y + 3, 10, s.h - 6}, gui_rgb(0xECEFF1));
}
