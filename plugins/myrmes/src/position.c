/* Myrmes positions as text (docs/positions/myrmes.md): the whole state in the game's terms,
 * hidden parts included (prey under their spots, the objectives, the season dice, the choices
 * seats have committed in a simultaneous step). Writing is here; reading is position_read.c.
 * Hexes are written q,r as in the decision notation. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "formicary/textbuf.h"
#include "myrmes_position.h"

const char *const my_phase_names[MY_PHASES] = {"event",     "births", "workers", "harvest", "workshop",
                                               "end_round", "winter", "dice",    "over"};
const char *const my_ws_names[4] = {"tunnel", "level", "nurse", "objective"};

typedef fc_textbuf wbuf; /* formicary/textbuf.h */

/* A line with a trailing comment aligned at column 32. */
static void put_c(wbuf *b, const char *line, const char *comment)
{
    if (comment && *comment)
        fc_textbuf_put(b, "%-31s # %s\n", line, comment);
    else
        fc_textbuf_put(b, "%s\n", line);
}

static void hex(const my_data *D, int c, char *out, size_t n) { snprintf(out, n, "%d,%d", D->hex[c].q, D->hex[c].r); }

/* Appends " q,r" to a line buffer. */
static void cat_hex(char *line, size_t n, const my_data *D, int c)
{
    size_t len = strlen(line);
    if (len < n)
        snprintf(line + len, n - len, " %d,%d", D->hex[c].q, D->hex[c].r);
}

static void cat(char *line, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void cat(char *line, size_t n, const char *fmt, ...)
{
    size_t len = strlen(line);
    if (len >= n)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line + len, n - len, fmt, ap);
    va_end(ap);
}

static void seat_list(char *line, size_t n, uint32_t mask, int nseats)
{
    int k = 0;
    for (int s = 0; s < nseats; s++)
        if (mask & (1u << s))
            cat(line, n, " %d", s + 1), k++;
    if (!k)
        cat(line, n, " none");
}

static void write_game(wbuf *b, const my_state *st, const fc_env *env)
{
    const my_data *D = MY_DATA(env);
    int n = env->nseats;
    char line[MY_POS_LINE], c[64];
    fc_textbuf_put(b, "year %d\n", st->year);
    fc_textbuf_put(b, "season %s\n", st->season < MY_SEASONS ? D->season_name[st->season] : "winter");
    static const char *const what[MY_PHASES] = {
        "1: event (R-09)",    "2: births (R-13)",       "3: workers (R-17)", "4: harvest (R-39)",
        "5: workshop (R-42)", "6: end of round (R-50)", "winter (R-56)",     "dice for the next year (R-59)",
        "the game is over"};
    snprintf(line, sizeof line, "phase %s", my_phase_names[st->phase % MY_PHASES]);
    put_c(b, line, what[st->phase % MY_PHASES]);
    snprintf(line, sizeof line, "first_player %d", st->first + 1);
    put_c(b, line, my_seat_name(st->first));
    snprintf(line, sizeof line, "turn %d", st->turn + 1);
    put_c(b, line,
          st->phase == PH_WORKERS || st->phase == PH_WORKSHOP ? my_seat_name(st->turn)
                                                              : "seat of the last turn in phase 3 or 5");
    snprintf(line, sizeof line, "dice %d %d %d", st->dice[0], st->dice[1], st->dice[2]);
    put_c(b, line, "spring summer autumn (S-05, R-59)");
    snprintf(line, sizeof line, "die %d", st->die);
    put_c(b, line, "dice rolled so far in the dice phase");
    snprintf(line, sizeof line, "step_seats");
    seat_list(line, sizeof line, st->simul_mask, n);
    put_c(b, line, "in the current (or last) simultaneous step");
    snprintf(line, sizeof line, "waiting");
    seat_list(line, sizeof line, st->simul.waiting, n);
    put_c(b, line, "yet to commit (R-02)");
    if (st->out_seat >= 0) {
        hex(D, st->out_cell, c, sizeof c);
        snprintf(line, sizeof line, "outing %d %s %d", st->out_seat + 1, c, st->out_mp);
        put_c(b, line, "seat, hex, movement points left");
    } else if (st->out_cell || st->out_mp) {
        hex(D, st->out_cell, c, sizeof c);
        snprintf(line, sizeof line, "outing none %s %d", c, st->out_mp);
        put_c(b, line, "where the last outing ended");
    } else {
        fc_textbuf_put(b, "outing none\n");
    }
    snprintf(line, sizeof line, "objectives");
    for (int i = 0; i < MY_SLOTS; i++)
        cat(line, sizeof line, " %s", D->obj[st->obj[i]].id);
    put_c(b, line, "two per level 1, 2, 3 (S-04)");
    if (st->pick_slot) {
        snprintf(line, sizeof line, "picking %s", D->obj[st->obj[st->pick_slot - 1]].id);
        for (int t = 0; t < st->tile_hi; t++)
            if (my_bit(st->picked, t))
                cat_hex(line, sizeof line, D, st->tile[t].cell[0]);
        put_c(b, line, "pheromones picked so far (A-19)");
    }
}

static void write_board(wbuf *b, const my_state *st, const fc_env *env)
{
    const my_data *D = MY_DATA(env);
    char line[MY_POS_LINE];
    snprintf(line, sizeof line, "prey_discarded %d", st->prey_gone);
    put_c(b, line, "prey tokens paid for objectives");
    for (int k = 0; k < MY_PREY; k++) {
        snprintf(line, sizeof line, "prey %s", D->prey_name[k]);
        int m = 0;
        for (int c = 0; c < D->ncells; c++)
            if (st->cell_tok[c] == (MY_TOK_PREY | k))
                cat_hex(line, sizeof line, D, c), m++;
        if (m)
            fc_textbuf_put(b, "%s\n", line);
    }
    snprintf(line, sizeof line, "cubes");
    int m = 0;
    for (int c = 0; c < D->ncells; c++)
        if (my_bit(st->cube, c))
            cat_hex(line, sizeof line, D, c), m++;
    if (m)
        put_c(b, line, "resource cubes on pheromones (R-30)");
    snprintf(line, sizeof line, "tile_slots %d", st->tile_hi);
    put_c(b, line, st->tile_hi ? "tile SLOT KIND OWNER HEXES" : NULL);
    for (int t = 0; t < st->tile_hi; t++) {
        const my_tile *T = &st->tile[t];
        if (!T->kind)
            continue;
        snprintf(line, sizeof line, "tile %d %s", t, D->kind[T->kind - 1].id);
        if (T->owner >= 0)
            cat(line, sizeof line, " %d", T->owner + 1);
        else
            cat(line, sizeof line, " none");
        for (int i = 0; i < T->n; i++)
            cat_hex(line, sizeof line, D, T->cell[i]);
        fc_textbuf_put(b, "%s\n", line);
    }
}

static void write_pending(wbuf *b, const my_seat *p, const my_data *D)
{
    char line[MY_POS_LINE];
    if (p->p_sac)
        fc_textbuf_put(b, "pending_sacrifice %d\n", p->p_sac);
    if (p->p_event)
        fc_textbuf_put(b, "pending_event %d\n", p->p_event);
    if (p->p_births[0] | p->p_births[1] | p->p_births[2] | p->p_births[3] | p->p_arrive) {
        snprintf(line, sizeof line, "pending_births L%d S%d W%d K%d", p->p_births[0], p->p_births[1], p->p_births[2],
                 p->p_births[3]);
        if (p->p_arrive)
            cat(line, sizeof line, " A%d", p->p_arrive - 1);
        fc_textbuf_put(b, "%s\n", line);
    }
    if (p->p_disc[0] | p->p_disc[1] | p->p_disc[2])
        fc_textbuf_put(b, "pending_discard %d %d %d\n", p->p_disc[0], p->p_disc[1], p->p_disc[2]);
    int m = 0;
    snprintf(line, sizeof line, "pending_harvest");
    for (int c = 0; c < D->ncells; c++)
        if (my_bit(p->p_cells, c))
            cat_hex(line, sizeof line, D, c), m++;
    if (m)
        fc_textbuf_put(b, "%s\n", line);
    if (p->p_scav[0] | p->p_scav[1])
        fc_textbuf_put(b, "pending_scavenge %d %d\n", p->p_scav[0], p->p_scav[1]);
    if (p->p_extra)
        fc_textbuf_put(b, "pending_extra %d\n", p->p_extra);
    if (p->p_any)
        fc_textbuf_put(b, "pending_any %d\n", p->p_any);
}

static void write_seat(wbuf *b, const my_state *st, const fc_env *env, int s)
{
    const my_data *D = MY_DATA(env);
    const my_seat *p = &st->seat[s];
    char line[MY_POS_LINE];
    snprintf(line, sizeof line, "seat %d", s + 1);
    put_c(b, line, my_seat_name(s));
    fc_textbuf_put(b, "score %d\n", p->score);
    fc_textbuf_put(b, "food %d\ndirt %d\nstone %d\nlarvae %d\nsoldiers %d\n", p->res[R_FOOD], p->res[R_DIRT], p->res[R_STONE],
        p->larvae, p->soldiers);
    snprintf(line, sizeof line, "workers %d", p->workers);
    put_c(b, line, "in the nest");
    snprintf(line, sizeof line, "rooms");
    for (int r = 0; r < MY_LEVELS; r++)
        if (p->rooms & (1u << r))
            cat(line, sizeof line, " %d", r);
    put_c(b, strcmp(line, "rooms") ? line : "rooms none", "colony rooms with a worker this round (R-18)");
    snprintf(line, sizeof line, "hunted %d %d %d", p->prey[0], p->prey[1], p->prey[2]);
    char held[64];
    snprintf(held, sizeof held, "prey held: %s %s %s", D->prey_name[0], D->prey_name[1], D->prey_name[2]);
    put_c(b, line, held);
    fc_textbuf_put(b, "nursery %d\n", p->nursery);
    snprintf(line, sizeof line, "nurses L%d S%d W%d K%d", p->track[0], p->track[1], p->track[2], p->track[3]);
    put_c(b, line, "on the tracks; K: workshop nurses unused");
    snprintf(line, sizeof line, "workshop_spent %d", p->ws_spent);
    put_c(b, line, "nurses spent on workshop actions");
    snprintf(line, sizeof line, "objective_nurses %d", p->obj_nurses);
    put_c(b, line, "nurses left on objectives (R-48)");
    fc_textbuf_put(b, "level %d\n", p->level);
    snprintf(line, sizeof line, "event %d", p->event);
    put_c(b, line, D->event_name[p->event % MY_SPACES]);
    snprintf(line, sizeof line, "workshop_done");
    for (int a = 0; a < 4; a++)
        if (p->ws_done & (1u << a))
            cat(line, sizeof line, " %s", my_ws_names[a]);
    fc_textbuf_put(b, "%s\n", strcmp(line, "workshop_done") ? line : "workshop_done none");
    snprintf(line, sizeof line, "exits");
    for (int c = 0; c < D->ncells; c++)
        if (st->cell_tok[c] == s + 1)
            cat_hex(line, sizeof line, D, c);
    put_c(b, line, "tunnel exits (S-09, R-43)");
    snprintf(line, sizeof line, "laid");
    for (int k = 0; k < D->npher; k++)
        if (p->pher_used[k])
            cat(line, sizeof line, " %s=%d", D->kind[k].id, p->pher_used[k]);
    put_c(b, strcmp(line, "laid") ? line : "laid none", "pheromones of the set used so far");
    snprintf(line, sizeof line, "completed");
    for (int i = 0; i < MY_SLOTS; i++)
        if (st->obj_round[i][s])
            cat(line, sizeof line, " %s@%d", D->obj[st->obj[i]].id, st->obj_round[i][s]);
    put_c(b, strcmp(line, "completed") ? line : "completed none", "objective@round (R-49)");
    if (p->owed)
        fc_textbuf_put(b, "owed %d\n", p->owed);
    write_pending(b, p, D);
}

int my_position_write(const void *vst, const fc_env *env, char *buf, size_t n)
{
    const my_state *st = vst;
    wbuf b = {buf, n, 0};
    fc_textbuf_put(&b, "# myrmes position - see docs/positions/myrmes.md\n");
    fc_textbuf_put(&b, "position myrmes\nseats %d\n", env->nseats);
    write_game(&b, st, env);
    write_board(&b, st, env);
    for (int s = 0; s < env->nseats; s++)
        write_seat(&b, st, env, s);
    return b.len < n ? (int)b.len : FC_ERANGE;
}
