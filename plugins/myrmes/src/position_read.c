/* Myrmes positions as text, reading (docs/positions/myrmes.md). The state handed in is fresh
 * from init; it is cleared and rebuilt from the lines, with the counts the game keeps twice
 * (exits, markers, rooms used, objective levels, special supply used, hex -> tile) derived the
 * way apply keeps them. Every error names its line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formicary/textbuf.h"
#include "myrmes_position_read.h"

/* Keys the writer always writes: a position must give them. */
static bool required(int k)
{
    return k <= K_PREY_GONE ? k != K_PICKING : k == K_TILE_SLOTS || (k >= K_SCORE && k <= K_COMPLETED);
}

/* ---- lines ---- */

/* Edit distance (insertions, deletions, substitutions, swaps of neighbours) of two short words. */
static int distance(const char *a, const char *b)
{
    int la = (int)strlen(a), lb = (int)strlen(b), d[24][24] = {{0}};
    if (la > 22 || lb > 22)
        return 99;
    for (int i = 0; i <= la; i++)
        for (int j = 0; j <= lb; j++) {
            if (!i || !j) {
                d[i][j] = i + j;
                continue;
            }
            int v = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            v = d[i - 1][j] + 1 < v ? d[i - 1][j] + 1 : v;
            v = d[i][j - 1] + 1 < v ? d[i][j - 1] + 1 : v;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < v)
                v = d[i - 2][j - 2] + 1;
            d[i][j] = v;
        }
    return d[la][lb];
}

/* The known key closest to an unknown one: within two edits, or sharing its first four letters. */
static const char *closest_key(const char *word)
{
    const char *best = NULL;
    int best_d = 3;
    for (int i = 0; i < K_COUNT; i++) {
        int d = distance(word, my_pos_key_names[i]);
        if (d < best_d || (!best && strlen(word) >= 4 && strncmp(word, my_pos_key_names[i], 4) == 0))
            best_d = d < best_d ? d : best_d, best = my_pos_key_names[i];
    }
    return best;
}

static int one_line(reader *rd, char *line)
{
    rd->nw = fc_text_words(line, rd->w, MAX_WORDS);
    if (rd->nw < 0)
        return my_pos_fail(rd, rd->line, "more than %d words", MAX_WORDS);
    if (!rd->nw)
        return 0;
    int key = 0;
    while (key < K_COUNT && strcmp(rd->w[0], my_pos_key_names[key]))
        key++;
    if (!rd->l_key[K_POSITION]) {
        if (key != K_POSITION)
            return my_pos_fail(rd, rd->line, "expected 'position myrmes' first, found '%s'", rd->w[0]);
        if (rd->nw != 2 || strcmp(rd->w[1], "myrmes"))
            return my_pos_fail(rd, rd->line, "a position of '%s', not of myrmes", rd->nw > 1 ? rd->w[1] : "");
        rd->l_key[K_POSITION] = rd->line;
        return 0;
    }
    if (key == K_COUNT) {
        const char *near = closest_key(rd->w[0]);
        if (near)
            return my_pos_fail(rd, rd->line, "unknown key '%s' (did you mean '%s'?)", rd->w[0], near);
        return my_pos_fail(rd, rd->line, "unknown key '%s'", rd->w[0]);
    }
    if (key == K_SEAT) {
        int s, rc;
        if ((rc = my_pos_arity(rd, 1, "seat N")) != 0 || (rc = my_pos_seat(rd, rd->w[1], &s)) != 0)
            return rc;
        if (rd->l_seat_key[s][K_SEAT])
            return my_pos_fail(rd, rd->line, "duplicate 'seat %d' (first on line %d)", s + 1,
                               rd->l_seat_key[s][K_SEAT]);
        rd->l_seat_key[s][K_SEAT] = rd->line;
        rd->seat = s;
        return 0;
    }
    int *seen = &rd->l_key[key];
    if (key >= K_FIRST_SEAT_KEY) {
        if (rd->seat < 0)
            return my_pos_fail(rd, rd->line, "'%s' belongs to a seat: put it after a 'seat N' line", rd->w[0]);
        seen = &rd->l_seat_key[rd->seat][key];
    }
    if (key != K_PREY && key != K_TILE) {
        if (*seen)
            return my_pos_fail(rd, rd->line, "duplicate '%s' (first on line %d)", rd->w[0], *seen);
        *seen = rd->line;
    }
    return key >= K_FIRST_SEAT_KEY ? my_pos_seat_key(rd, key) : my_pos_game_key(rd, key);
}

static int read_lines(reader *rd, const char *text)
{
    char line[MY_POS_LINE];
    fc_textlines r = {text, 0, 0};
    int got, rc = 0;
    while (!rc && (got = fc_textlines_next(&r, line, sizeof line)) != 0) {
        rd->line = r.no;
        rc = got > 0 ? one_line(rd, line) : my_pos_fail(rd, rd->line, "longer than %d characters", MY_POS_LINE - 1);
    }
    return rc;
}

/* ---- the whole position ---- */

static int missing(reader *rd)
{
    for (int k = 0; k < K_FIRST_SEAT_KEY; k++)
        if (required(k) && !rd->l_key[k])
            return my_pos_fail(rd, 0, "missing '%s'", my_pos_key_names[k]);
    for (int s = 0; s < rd->env->nseats; s++) {
        if (!rd->l_seat_key[s][K_SEAT])
            return my_pos_fail(rd, 0, "missing 'seat %d'", s + 1);
        for (int k = K_FIRST_SEAT_KEY; k < K_COUNT; k++)
            if (required(k) && !rd->l_seat_key[s][k])
                return my_pos_fail(rd, rd->l_seat_key[s][K_SEAT], "seat %d: missing '%s'", s + 1, my_pos_key_names[k]);
    }
    return 0;
}

/* Completions and picks name objectives and tiles: resolved once all is read. */
static int resolve(reader *rd)
{
    my_state *st = rd->st;
    const my_data *D = rd->D;
    for (int s = 0; s < rd->env->nseats; s++)
        for (int j = 0; j < rd->n_done[s]; j++) {
            int slot = 0;
            while (slot < MY_SLOTS && st->obj[slot] != rd->done_obj[s][j])
                slot++;
            if (slot == MY_SLOTS)
                return my_pos_fail(rd, rd->l_seat_key[s][K_COMPLETED], "objective %s is not on the board",
                                   D->obj[rd->done_obj[s][j]].id);
            st->obj_round[slot][s] = (uint8_t)rd->done_round[s][j];
            st->seat[s].obj_levels = (uint8_t)(st->seat[s].obj_levels | 1u << (D->obj[st->obj[slot]].level - 1));
        }
    if (rd->l_key[K_PICKING]) {
        int slot = 0;
        while (slot < MY_SLOTS && st->obj[slot] != rd->pick_obj)
            slot++;
        if (slot == MY_SLOTS)
            return my_pos_fail(rd, rd->l_key[K_PICKING], "objective %s is not on the board", D->obj[rd->pick_obj].id);
        st->pick_slot = (uint8_t)(slot + 1);
        for (int i = 0; i < rd->n_pick; i++) {
            int t = st->cell_tile[rd->pick_cell[i]] - 1;
            if (t < 0 || st->tile[t].cell[0] != rd->pick_cell[i])
                return my_pos_fail(rd, rd->l_key[K_PICKING], "pick %d is not the first hex of a tile", i + 1);
            if (my_bit(st->picked, t))
                return my_pos_fail(rd, rd->l_key[K_PICKING], "tile %d picked twice", t);
            my_bit_set(st->picked, t);
            st->pick_n++;
        }
    }
    return 0;
}

/* What the game's check does not see but the rules need for a position to be playable. */
static int consistent(reader *rd)
{
    my_state *st = rd->st;
    const my_data *D = rd->D;
    int n = rd->env->nseats;
    for (int t = 0; t < MY_MAX_TILES; t++)
        if (rd->l_tile[t] && t >= rd->tile_slots)
            return my_pos_fail(rd, rd->l_tile[t], "tile %d, but tile_slots is %d", t, rd->tile_slots);
    st->tile_hi = (uint8_t)rd->tile_slots;
    for (int c = 0; c < D->ncells; c++)
        if (rd->l_cube[c] &&
            (!st->cell_tile[c] || D->kind[st->tile[st->cell_tile[c] - 1].kind - 1].special || D->terrain[c] > T_STONE))
            return my_pos_fail(rd, rd->l_cube[c],
                               "cube on hex %d,%d, which is not grass, dirt or stone under a pheromone (R-30)",
                               D->hex[c].q, D->hex[c].r);
    bool simul = st->phase != PH_WORKERS && st->phase != PH_WORKSHOP && st->phase != PH_DICE && st->phase != PH_OVER;
    if (simul != (st->simul.waiting != 0))
        return my_pos_fail(rd, rd->l_key[K_WAITING],
                           simul ? "phase %s is simultaneous: some seat must be waiting"
                                 : "phase %s is not simultaneous: waiting must be none",
                           my_phase_names[st->phase]);
    if (st->simul.waiting & ~st->simul_mask)
        return my_pos_fail(rd, rd->l_key[K_WAITING], "a waiting seat must be one of step_seats");
    if ((st->phase == PH_WINTER || st->phase == PH_DICE || st->phase == PH_OVER) != (st->season == MY_SEASONS))
        return my_pos_fail(rd, rd->l_key[K_SEASON], "season %s does not fit phase %s",
                           st->season < MY_SEASONS ? D->season_name[st->season] : "winter", my_phase_names[st->phase]);
    if (st->phase == PH_OVER && st->year != D->years)
        return my_pos_fail(rd, rd->l_key[K_YEAR], "the game is over only after the last year's winter (R-67)");
    if (st->phase == PH_DICE && (st->year == D->years || st->die >= MY_SEASONS))
        return my_pos_fail(rd, rd->l_key[K_DIE], "no dice to roll now (R-59)");
    for (int s = 0; s < n; s++) {
        const my_seat *p = &st->seat[s];
        if (st->phase != PH_HARVEST && (p->p_scav[0] | p->p_scav[1] | p->p_extra | p->p_any))
            return my_pos_fail(rd, rd->l_seat_key[s][K_SEAT], "seat %d: harvest choices outside phase 4", s + 1);
        for (int c = 0; c < D->ncells; c++)
            if (my_bit(p->p_cells, c) && (st->phase != PH_HARVEST || !my_bit(st->cube, c)))
                return my_pos_fail(rd, rd->l_seat_key[s][K_P_HARVEST], "seat %d: hex %d,%d has no cube to harvest",
                                   s + 1, D->hex[c].q, D->hex[c].r);
        if (!simul && (p->p_sac | p->p_event | p->p_disc[0] | p->p_disc[1] | p->p_disc[2] | p->p_arrive |
                       p->p_births[0] | p->p_births[1] | p->p_births[2] | p->p_births[3]))
            return my_pos_fail(rd, rd->l_seat_key[s][K_SEAT], "seat %d: pending choices outside a simultaneous step",
                               s + 1);
        /* a seat that has committed its births assigned nurses it has (resolving them
         * takes them from the nursery) */
        uint32_t births = (uint32_t)(p->p_births[0] | p->p_births[1] << 3 | p->p_births[2] << 6 | p->p_births[3] << 9 |
                                     p->p_arrive << 12);
        if (st->phase == PH_BIRTHS && (st->simul_mask >> s & 1u) && !(st->simul.waiting >> s & 1u) &&
            !my_births_ok(st, rd->env, s, births))
            return my_pos_fail(rd, rd->l_seat_key[s][K_P_BIRTHS] ? rd->l_seat_key[s][K_P_BIRTHS] : rd->l_seat_key[s][K_SEAT],
                               "seat %d: pending_births is not a births decision it can make (nursery %d, R-13)", s + 1,
                               p->nursery);
    }
    if (st->out_seat >= 0 && (st->phase != PH_WORKERS || st->out_seat != st->turn))
        return my_pos_fail(rd, rd->l_key[K_OUTING],
                           "a worker is outside only in the turn of its seat in phase 3 (R-19)");
    fc_decision buf[MY_MAX_DECISIONS];
    int who = my_to_move(st, rd->env);
    if (who != FC_NOBODY && my_legal_seat(st, rd->env, who, buf) <= 0)
        return my_pos_fail(rd, rd->l_key[K_PHASE], "nothing to decide for %s in this position",
                           who >= 0 ? my_seat_name(who) : "the dice");
    return 0;
}

int my_position_read(void *vst, const fc_env *env, const char *text, fc_error *err)
{
    my_state *st = vst;
    uint8_t placed = st->prey_placed; /* prey tokens in the game: fixed by the data */
    reader rdv;
    memset(&rdv, 0, sizeof rdv);
    reader *rd = &rdv;
    rd->st = st;
    rd->env = env;
    rd->D = MY_DATA(env);
    rd->err = err;
    rd->seat = -1;
    memset(st, 0, sizeof *st);
    st->prey_placed = placed;
    st->out_seat = -1;
    int rc = read_lines(rd, text ? text : "");
    if (rc == 0 && !rd->l_key[K_POSITION])
        rc = my_pos_fail(rd, 0, "no 'position myrmes' line: not a position");
    if (rc == 0)
        rc = missing(rd);
    if (rc == 0)
        rc = resolve(rd);
    if (rc == 0) {
        st->simul.first = st->first;
        st->simul.n = (uint8_t)env->nseats;
        rc = consistent(rd);
    }
    return rc;
}
