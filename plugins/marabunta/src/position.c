/* Marabunta positions as text (docs/positions/marabunta.md), writing: the territory (numbers and crossed
 * hexes as "q,r"), both player boards (leaves, ant hills, cookies, crates, VP), the hidden order
 * of the tile pile, the round (tile, rolled dice, split, groups, who resolves, the items left)
 * and the stack of pending effects. Sets and sums that follow from the hexes (available hexes,
 * own and adjacent sets, region sums, number counts) are recomputed as the game keeps them.
 * Parameters are not in the position: they come from the rule set it is read into. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "formicary/textbuf.h"
#include "position.h"

#define DATA(env) ((const mb_data *)(env)->data)

/* ---- writing ---- */

typedef fc_textbuf wbuf; /* formicary/textbuf.h */

/* A trailing comment, at column 24 when the line is shorter (then the line ends). */
static void note(wbuf *b, const char *text) { fc_textbuf_note(b, 23, text); }

static void put_hex(wbuf *b, const mb_data *D, int c)
{
    if (c >= 0 && c < D->nhex)
        fc_textbuf_put(b, "%d,%d", D->hex[c].q, D->hex[c].r);
    else
        fc_textbuf_put(b, "?");
}

/* "pink,blue,tile", or "none". */
static void put_items(wbuf *b, const mb_data *D, int mask)
{
    char name[MB_NAME];
    int k = 0;
    for (int i = 0; i < mb_nitems(D); i++)
        if (mask >> i & 1) {
            mb_item_name(D, i, name, sizeof name);
            fc_textbuf_put(b, "%s%s", k++ ? "," : "", name);
        }
    if (!k)
        fc_textbuf_put(b, "none");
}

static void put_task(wbuf *b, const mb_data *D, const mb_task *t, int no)
{
    fc_textbuf_put(b, "task %d %s value %d count %d done %d region %s flags", no, t->kind < TK_KINDS ? task_names[t->kind] : "?",
        t->value, t->count, t->done, t->region == MB_ANY ? "any" : t->region < D->nregions ? D->region_name[t->region] : "?");
    int k = 0;
    for (int f = 0; f < 3; f++)
        if (t->flags >> f & 1)
            fc_textbuf_put(b, "%s%s", k++ ? "," : " ", flag_names[f]);
    fc_textbuf_put(b, "%s used", k ? "" : " none");
    k = 0;
    for (int r = 0; r < D->nregions; r++)
        if (t->used >> r & 1)
            fc_textbuf_put(b, "%s%s", k++ ? "," : " ", D->region_name[r]);
    fc_textbuf_put(b, "%s hexes", k ? "" : " none");
    int nh = t->kind == TK_CONS ? t->count : t->done;
    for (int i = 0; i < nh && i < 3; i++) {
        fc_textbuf_put(b, " ");
        put_hex(b, D, t->hex[i]);
    }
    fc_textbuf_put(b, "%s\n", nh ? "" : " none");
}

static void write_seat(wbuf *b, const mb_data *D, const mb_state *s, int p)
{
    const mb_seat *q = &s->seat[p];
    fc_textbuf_put(b, "seat %d numbers", p + 1);
    int k = 0;
    for (int c = 0; c < D->nhex; c++)
        if (s->hex[c] >= 2 && HX_SEAT(s->hex[c]) == p) {
            fc_textbuf_put(b, " ");
            put_hex(b, D, c);
            fc_textbuf_put(b, ":%d", HX_VALUE(s->hex[c]));
            k++;
        }
    fc_textbuf_put(b, "%s\n", k ? "" : " none");
    fc_textbuf_put(b, "seat %d leaves", p + 1);
    for (int r = 0; r < D->nregions; r++)
        fc_textbuf_put(b, " %s:%d", D->region_name[r], s->leaf[r][p]);
    note(b, "circles coloured (R-48)");
    fc_textbuf_put(b, "seat %d ant_hills %d\n", p + 1, q->hills);
    fc_textbuf_put(b, "seat %d cookies %d\n", p + 1, q->cookies);
    fc_textbuf_put(b, "seat %d vp %d\n", p + 1, q->vp);
    fc_textbuf_put(b, "seat %d crates", p + 1);
    for (int g = 0; g < D->ngroups; g++)
        fc_textbuf_put(b, " %s:%d", D->group_id[g], q->crates[g]);
    fc_textbuf_put(b, "%s\n", D->ngroups ? "" : " none");
    fc_textbuf_put(b, "seat %d counter_cut_used %s\n", p + 1, q->cut_used ? "yes" : "no");
    fc_textbuf_put(b, "seat %d items ", p + 1);
    put_items(b, D, s->group[p]);
    fc_textbuf_put(b, "\n");
}

int mb_position_write(const void *st, const fc_env *env, char *buf, size_t n)
{
    const mb_state *s = st;
    const mb_data *D = DATA(env);
    wbuf b = {buf, n, 0};
    if (n)
        buf[0] = '\0';
    int ph = s->phase < NPHASES ? s->phase : PH_OVER;
    fc_textbuf_put(&b, "# marabunta position - see docs/positions/marabunta.md\n");
    fc_textbuf_put(&b, "position marabunta\nseats 2\n");
    fc_textbuf_put(&b, "round %d\n", s->round);
    fc_textbuf_put(&b, "phase %s", phase_names[ph]);
    note(&b, phase_rule[ph]);
    fc_textbuf_put(&b, "splitter %d", s->splitter + 1);
    note(&b, "of the round (R-01)");
    fc_textbuf_put(&b, "counter_cut %s", s->cut ? "yes" : "no");
    note(&b, "V-1: roles swapped this round");
    if (s->trigger < 0)
        fc_textbuf_put(&b, "trigger none\n");
    else {
        fc_textbuf_put(&b, "trigger %d", s->trigger + 1);
        note(&b, "R-81");
    }
    fc_textbuf_put(&b, "pile");
    for (int i = 0; i < s->npile && i < MB_MAX_TILES; i++)
        fc_textbuf_put(&b, " %s", s->pile[i] < D->ntiles ? D->tile[s->pile[i]].id : "?");
    if (s->npile)
        note(&b, "hidden order, top last (R-02)");
    else
        fc_textbuf_put(&b, " none\n");
    fc_textbuf_put(&b, "tile %s", s->tile < D->ntiles ? D->tile[s->tile].id : "?");
    if (ph == PH_DRAW)
        note(&b, "the tile drawn last; a new one is drawn now");
    else
        fc_textbuf_put(&b, "\n");
    fc_textbuf_put(&b, "dice");
    for (int i = 0; i < s->nrolled && i < MB_MAX_DICE; i++)
        fc_textbuf_put(&b, " %s:%s", D->die_name[i], s->face[i] < FACE_KINDS ? mb_face_names[s->face[i]] : "?");
    fc_textbuf_put(&b, "%s\n", s->nrolled ? "" : " none");
    fc_textbuf_put(&b, "split");
    for (int i = 0; i < s->nparts && i < 3; i++) {
        fc_textbuf_put(&b, "%s", i ? " / " : " ");
        put_items(&b, D, s->part[i]);
    }
    fc_textbuf_put(&b, "%s\n", s->nparts ? "" : " none");
    fc_textbuf_put(&b, "resolver %d\n", s->resolver + 1);
    fc_textbuf_put(&b, "left ");
    put_items(&b, D, s->left);
    note(&b, "items of the resolver not handled yet");
    if (s->ntask)
        fc_textbuf_put(&b, "# pending effects, bottom first (R-07, R-42, R-47)\n");
    for (int i = 0; i < s->ntask && i < MB_MAX_TASKS; i++)
        put_task(&b, D, &s->task[i], i + 1);
    fc_textbuf_put(&b, "crossed");
    int k = 0;
    for (int c = 0; c < D->nhex; c++)
        if (s->hex[c] == HX_CROSSED) {
            fc_textbuf_put(&b, " ");
            put_hex(&b, D, c);
            k++;
        }
    fc_textbuf_put(&b, "%s\n", k ? "" : " none");
    for (int p = 0; p < MB_SEATS; p++)
        write_seat(&b, D, s, p);
    return b.len < n ? (int)b.len : FC_ERANGE;
}

