/* Termity positions as text (docs/positions/termity.md), writing: the whole state in the
 * game's terms (hexes as "q,r", tokens by their ids BLU-05, mounds by value, terrain tiles by
 * their faces WV2), including the hidden hands and stacks, the step of the turn in progress and
 * the engine's bookkeeping for the view (last move, last attack, last draw). Parameters are not
 * in the position: they come from the rule set the position is read into. Reading is in
 * position_read.c. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "formicary/textbuf.h"
#include "position.h"

#define D_(env) ((const tm_data *)(env)->data)

/* ---- writing ---- */

typedef fc_textbuf wbuf; /* formicary/textbuf.h */

/* A trailing comment, at column 24 when the line is shorter (then the line ends). */
static void note(wbuf *b, const char *text) { fc_textbuf_note(b, 23, text); }

static void put_hex(wbuf *b, const tm_data *D, int c)
{
    if (c < D->ncells)
        fc_textbuf_put(b, "%d,%d", D->cell[c].q, D->cell[c].r);
    else
        fc_textbuf_put(b, "?");
}

static void put_tokens(wbuf *b, const tm_data *D, const tm_state *s, int seat, int status)
{
    const tm_seat *P = &s->seat[seat];
    const tm_swarm *W = &D->swarm[s->swarm[seat]];
    int k = 0;
    for (int t = 0; t < W->ntok; t++) {
        if (P->tok_st[t] != status || (status == TK_BOARD && !(P->board >> t & 1)))
            continue;
        fc_textbuf_put(b, " %s", W->tok[t].id);
        if (status == TK_BOARD) {
            fc_textbuf_put(b, "@");
            put_hex(b, D, P->tok_cell[t]);
        }
        k++;
    }
    fc_textbuf_put(b, "%s\n", k ? "" : " none");
}

static void write_seat(wbuf *b, const tm_data *D, const tm_state *s, int i)
{
    static const char *const lists[] = {"stack", "hand", "board", "dead", "discarded"};
    const tm_seat *P = &s->seat[i];
    fc_textbuf_put(b, "seat %d swarm %s\n", i + 1, D->swarm[s->swarm[i]].name);
    for (int st = TK_STACK; st <= TK_DISCARDED; st++) {
        fc_textbuf_put(b, "seat %d %s", i + 1, lists[st]);
        put_tokens(b, D, s, i, st);
    }
    fc_textbuf_put(b, "seat %d mounds", i + 1);
    for (int k = 0; k < D->nmounds; k++) {
        fc_textbuf_put(b, " %d:", D->mound_value[k]);
        if (P->reserve >> k & 1)
            fc_textbuf_put(b, "reserve");
        else if (P->mound_cell[k] != TM_NO_CELL)
            put_hex(b, D, P->mound_cell[k]);
        else
            fc_textbuf_put(b, "taken");
    }
    fc_textbuf_put(b, "\nseat %d trophies", i + 1);
    for (int k = 0; k < P->ntrophy; k++) {
        int o = TM_M_OWNER(P->trophy[k]), x = TM_M_IDX(P->trophy[k]);
        if (o == TM_NEUTRAL)
            fc_textbuf_put(b, " neutral:%d", x + 1);
        else
            fc_textbuf_put(b, " seat%d:%d", o + 1, x + 1);
    }
    if (P->ntrophy) {
        char worth[64] = "worth";
        size_t len = strlen(worth);
        for (int k = 0; k < P->ntrophy && len + 4 < sizeof worth; k++)
            len += (size_t)snprintf(worth + len, sizeof worth - len, " %d", tm_mound_value(D, P->trophy[k]));
        note(b, worth);
    } else {
        fc_textbuf_put(b, " none\n");
    }
    fc_textbuf_put(b, "seat %d turns %d\n", i + 1, P->turns);
    fc_textbuf_put(b, "seat %d bonus %d\n", i + 1, P->bonus);
}

static void write_building(wbuf *b, const tm_data *D, const tm_state *s)
{
    char nm[16];
    const uint32_t masks[2] = {s->pool, s->box};
    const char *const keys[2] = {"tiles_pool", "tiles_box"};
    for (int j = 0; j < 2; j++) {
        fc_textbuf_put(b, "%s", keys[j]);
        for (int k = 0; k < D->ntiles; k++)
            if (masks[j] >> k & 1) {
                tile_name(D, k, nm, sizeof nm);
                fc_textbuf_put(b, " %s", nm);
            }
        fc_textbuf_put(b, "%s\n", masks[j] ? "" : " none");
    }
    fc_textbuf_put(b, "tiles_laid");
    int n = 0;
    for (int k = 0; k < D->ntiles; k++)
        if (s->tile_cell[k] != TM_NO_CELL) {
            tile_name(D, k, nm, sizeof nm);
            fc_textbuf_put(b, " %s:%s@", nm, face_words[D->tile_face[k][s->face2 >> k & 1] & 3]);
            put_hex(b, D, s->tile_cell[k]);
            n++;
        }
    fc_textbuf_put(b, "%s\n", n ? "" : " none");
    fc_textbuf_put(b, "pair_left %d", s->pair_left);
    note(b, "tiles the builder still lays (R-45)");
    fc_textbuf_put(b, "face_sel %d", s->face_sel);
    note(b, "face of the tile taken last (1: its second face)");
}

int tm_position_write(const void *st, const fc_env *env, char *buf, size_t n)
{
    const tm_state *s = st;
    const tm_data *D = D_(env);
    wbuf b = {buf, n, 0};
    char nm[16];
    if (n)
        buf[0] = '\0';
    fc_textbuf_put(&b, "# termity position - see docs/positions/termity.md\n");
    fc_textbuf_put(&b, "position termity\nseats %d\n", s->nseats);
    fc_textbuf_put(&b, "# board %s (the scenario parameter)\n", D->board_name);
    fc_textbuf_put(&b, "first_player %d\n", s->first + 1);
    fc_textbuf_put(&b, "round %d\n", s->round);
    int ph = s->phase < NPHASES ? s->phase : PH_OVER;
    fc_textbuf_put(&b, "phase %s", phase_names[ph]);
    note(&b, phase_rule[ph]);
    fc_textbuf_put(&b, "turn %d\n", s->turn + 1);
    if (ph == PH_SETUP) {
        fc_textbuf_put(&b, "setup_step %d", s->setup_step + 1);
        note(&b, "mound placement order (R-12)");
    }
    if (has_sel(ph)) {
        fc_textbuf_put(&b, "selected ");
        if (ph == PH_MOVE_DEST)
            put_hex(&b, D, s->sel);
        else if (ph == PH_TILE_HEX) {
            tile_name(D, s->sel < D->ntiles ? s->sel : 0, nm, sizeof nm);
            fc_textbuf_put(&b, "%s", nm);
        } else
            fc_textbuf_put(&b, "%s", s->sel < TM_MAX_TOK ? tm_token_of(D, s, s->turn, s->sel)->id : "?");
        fc_textbuf_put(&b, "\n");
    }
    if (has_replacer(ph)) {
        if (s->replacer == TM_NO_CELL)
            fc_textbuf_put(&b, "replacer none\n");
        else
            fc_textbuf_put(&b, "replacer %d\n", s->replacer + 1);
    }
    int nn = D->custom ? s->neutral_placed : D->board.nneutral;
    fc_textbuf_put(&b, "neutral");
    for (int k = 0; k < nn && k < TM_MAX_NEUTRAL; k++) {
        fc_textbuf_put(&b, " ");
        if (s->neutral_cell[k] == TM_NO_CELL)
            fc_textbuf_put(&b, "taken");
        else
            put_hex(&b, D, s->neutral_cell[k]);
    }
    fc_textbuf_put(&b, "%s\n", nn ? "" : " none");
    for (int i = 0; i < s->nseats; i++)
        write_seat(&b, D, s, i);
    if (D->custom)
        write_building(&b, D, s);
    fc_textbuf_put(&b, "# bookkeeping for the view and the log\n");
    if (s->last_move_from == TM_NO_CELL)
        fc_textbuf_put(&b, "last_move none\n");
    else {
        fc_textbuf_put(&b, "last_move ");
        put_hex(&b, D, s->last_move_from);
        fc_textbuf_put(&b, " ");
        put_hex(&b, D, s->last_move_to);
        fc_textbuf_put(&b, "\n");
    }
    if (s->atk_start == TM_NO_CELL)
        fc_textbuf_put(&b, "last_attack none\n");
    else {
        fc_textbuf_put(&b, "last_attack ");
        put_hex(&b, D, s->atk_start);
        fc_textbuf_put(&b, " ");
        put_hex(&b, D, s->atk_from);
        fc_textbuf_put(&b, " ");
        put_hex(&b, D, s->atk_target);
        note(&b, "start, attacked from, target");
    }
    if (s->after_draw == PH_DRAW)
        fc_textbuf_put(&b, "drawer none\n");
    else
        fc_textbuf_put(&b, "drawer %d %s\n", s->drawer + 1, s->after_draw == PH_SETUP ? "opening" : "refill");
    return b.len < n ? (int)b.len : FC_ERANGE;
}

