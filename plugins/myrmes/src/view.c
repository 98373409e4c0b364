/* Myrmes view, scores, invariant checks and determinization (the evaluation: eval.c). */
#include <stdio.h>
#include <string.h>

#include "myrmes.h"

static const char *const seat_names[] = {"Red", "Blue", "Yellow", "Black"};
static const char *const phase_names[] = {"phase 1 Event", "phase 2 Births", "phase 3 Workers", "phase 4 Harvest",
                                          "phase 5 Workshop", "phase 6 End of round", "winter", "new year",
                                          "game over"};
static const char *const terrain_names[] = {"grass", "dirt", "stone", "mushroom", "water"};
static const int terrain_class[] = {FC_TERRAIN_GRASS, FC_TERRAIN_DIRT, FC_TERRAIN_STONE, FC_TERRAIN_MUSHROOM,
                                    FC_TERRAIN_WATER};
static const char cube_glyph[] = {'f', 'd', 'r'}; /* food, dirt, rock: 's' is the spider */

void my_objective_text(const my_data *D, const my_objective *o, char *buf, size_t n)
{
    static const char *const what[] = {"discard %d food", "discard %d stone", "discard %d dirt/stone",
                                       "discard %d larvae", "discard %d prey", "discard %d soldiers",
                                       "have %d marked special tiles, unmark %d", "have %d nurses, discard %d",
                                       "have level %d, lower it by %d", "%d connected pheromones, empty them"};
    (void)D;
    snprintf(buf, n, what[o->kind], o->amount, o->extra);
}

/* What the map's glyphs and the panels' codes mean (the glossary of docs/rules/myrmes.md). */
static void legend(const fc_host *h, fc_view *v)
{
    h->view_legend(v, "2..6", "a hex of a pheromone tile of that size (PH2 ... PH6)");
    h->view_legend(v, "A", "a hex of an aphid farm (SA)");
    h->view_legend(v, "S", "a hex of a scavenging tile (SS)");
    h->view_legend(v, "C", "a hex of a subcolony (SC)");
    h->view_legend(v, "f d r", "after a tile glyph: the hex still holds its food, dirt or rock (stone) cube");
    h->view_legend(v, "l t s", "a prey: ladybug, termite, spider (hunt with soldiers)");
    h->view_legend(v, "O", "a tunnel exit (workers go out there)");
    h->view_legend(v, "@", "the worker now outside (on every hex of its tile)");
    h->view_legend(v, "L S W K", "nurses on the larvae, soldier and worker tracks and in the workshop");
    h->view_legend(v, "O1..O20", "objectives; 'done by' names who completed one this round");
    h->view_legend(v, "VP", "victory points");
}

const char *my_phase_topic(const void *vst, const fc_env *env)
{
    static const char *const topics[] = {"Phase 1 — Event",    "Phase 2 — Births",       "Phase 3 — Workers",
                                         "Phase 4 — Harvest",  "Phase 5 — Workshop",     "Phase 6 — End of round",
                                         "Winter",             "Structure of the game",  "Scoring and end of game"};
    (void)env;
    const my_state *st = vst;
    return st->phase < sizeof topics / sizeof topics[0] ? topics[st->phase] : NULL;
}

/* Cell c: its tile (with the cube still on it), prey or tunnel exit, and the worker outside. */
static void view_cell(const my_state *st, const my_data *D, const fc_host *h, fc_view *v, int c)
{
    char buf[64];
    fc_view_cell *cell = h->view_cell(v, D->hex[c], terrain_class[D->terrain[c]], terrain_names[D->terrain[c]]);
    int g = 0, t = st->cell_tile[c], tok = st->cell_tok[c];
    cell->owner = -1;
    cell->region = -1;
    buf[0] = 0;
    if (t) {
        const my_tile *T = &st->tile[t - 1];
        const my_kind *K = &D->kind[T->kind - 1];
        cell->owner = T->owner;
        cell->region = (int16_t)(t - 1);
        cell->glyphs[g++] = K->special ? K->id[1] : (char)('0' + K->size);
        h->view_piece(v, cell, FC_PIECE_TILE, T->owner, 1, (char[2]){cell->glyphs[0], 0});
        if (my_bit(st->cube, c)) {
            cell->glyphs[g++] = cube_glyph[D->terrain[c]];
            h->view_piece(v, cell, FC_PIECE_FOOD, -1, 1, (char[2]){cube_glyph[D->terrain[c]], 0});
        }
        snprintf(buf, sizeof buf, "%s of %s%s", K->id, T->owner >= 0 ? seat_names[T->owner] : "nobody",
                 my_bit(st->cube, c) ? " + cube" : "");
    } else if (tok & MY_TOK_PREY) {
        cell->glyphs[g++] = D->prey_name[tok & 0xF][0];
        h->view_piece(v, cell, FC_PIECE_PREY, -1, 1, (char[2]){cell->glyphs[0], 0});
        snprintf(buf, sizeof buf, "%s", D->prey_name[tok & 0xF]);
    } else if (tok) {
        cell->owner = (int8_t)(tok - 1);
        cell->glyphs[g++] = 'O';
        h->view_piece(v, cell, FC_PIECE_BUILDING, tok - 1, 1, "O");
        h->view_highlight(v, cell, FC_HL_START);
        snprintf(buf, sizeof buf, "tunnel exit of %s", seat_names[tok - 1]);
    }
    if (st->out_seat >= 0 && (c == st->out_cell || (t && t == st->cell_tile[st->out_cell])) && g < 7) {
        cell->glyphs[g++] = '@';
        if (c == st->out_cell) /* one worker: drawn on its hex, the rest of its tile lit */
            h->view_piece(v, cell, FC_PIECE_WORKER, st->out_seat, 1, "@");
        h->view_highlight(v, cell, FC_HL_ACTIVE);
    }
    cell->glyphs[g] = 0;
    snprintf(cell->label, sizeof cell->label, "%.*s", (int)sizeof cell->label - 1, buf);
}

/* Seat s's name, score track and panel lines; what only s knows when s is the viewer. */
static void view_seat(const my_state *st, const fc_env *env, fc_view *v, int s, int seat)
{
    const my_data *D = MY_DATA(env);
    const fc_host *h = env->host;
    const my_seat *p = &st->seat[s];
    snprintf(v->seat_names[s], sizeof v->seat_names[s], "%s", seat_names[s]);
    h->view_track(v, seat_names[s], p->score, 150, "%s: %d VP", seat_names[s], p->score);
    h->view_panel(v, s, "storage", "%d food, %d dirt, %d stone", p->res[0], p->res[1], p->res[2]);
    h->view_panel(v, s, "larvae", "%d", p->larvae);
    h->view_panel(v, s, "nurses", "nursery %d, L%d S%d W%d, workshop %d+%d, objectives %d", p->nursery,
                  p->track[0], p->track[1], p->track[2], p->track[3], p->ws_spent, p->obj_nurses);
    h->view_panel(v, s, "ants", "%d workers, %d in rooms, %d soldiers", p->workers, p->room_workers, p->soldiers);
    h->view_panel(v, s, "level", "%d (storage %d)", p->level, my_storage_limit(st, D, s));
    h->view_panel(v, s, "tunnels", "%d of %d", p->exits, MY_P(env, P_TUNNELS));
    h->view_panel(v, s, "prey", "%d %s, %d %s, %d %s", p->prey[0], D->prey_name[0], p->prey[1], D->prey_name[1],
                  p->prey[2], D->prey_name[2]);
    h->view_panel(v, s, "event", "%d (%s)", p->event, D->event_name[p->event]);
    char done[64] = "";
    for (int i = 0; i < MY_SLOTS; i++)
        if (st->obj_round[i][s]) {
            size_t l = strlen(done);
            snprintf(done + l, sizeof done - l, "%s%s", l ? " " : "", D->obj[st->obj[i]].id);
        }
    h->view_panel(v, s, "objectives", "%s", done[0] ? done : "none");
    if (s == seat && (p->p_sac || st->phase == PH_HARVEST || st->phase == PH_ENDROUND))
        h->view_panel(v, s, "pending", "sacrifices %d, discards %d/%d/%d, scavenge %d/%d", p->p_sac, p->p_disc[0],
                      p->p_disc[1], p->p_disc[2], p->p_scav[0], p->p_scav[1]);
    if (st->pick_slot && s == st->turn && st->phase == PH_WORKSHOP) /* public (A-19) */
        h->view_panel(v, s, "picking", "%s: %d of %d pheromones picked", D->obj[st->obj[st->pick_slot - 1]].id,
                      st->pick_n, D->obj[st->obj[st->pick_slot - 1]].amount);
    if (s == seat && st->phase == PH_WINTER)
        h->view_panel(v, s, "winter", "%d food owed", p->owed);
}

void my_view(const void *vst, const fc_env *env, int seat, fc_view *v)
{
    const my_state *st = vst;
    const my_data *D = MY_DATA(env);
    const fc_host *h = env->host;
    h->view_title(v, "Year %d, %s - %s", st->year, st->season < MY_SEASONS ? D->season_name[st->season] : "winter",
                  phase_names[st->phase]);
    for (int c = 0; c < D->ncells; c++)
        view_cell(st, D, h, v, c);
    for (int s = 0; s < env->nseats; s++)
        view_seat(st, env, v, s, seat);
    h->view_track(v, "year", st->year, D->years, "year %d of %d", st->year, D->years);
    h->view_track(v, "season", st->season + 1, 4, "%s", st->season < MY_SEASONS ? D->season_name[st->season] : "winter");
    for (int i = 0; i < MY_SEASONS; i++)
        if (i >= st->season)
            h->view_track(v, D->season_name[i], st->dice[i], MY_SPACES - 1, "%s die: %d", D->season_name[i], st->dice[i]);
    for (int i = 0; i < MY_SLOTS; i++) {
        const my_objective *o = &D->obj[st->obj[i]];
        char what[64], who[48] = "";
        my_objective_text(D, o, what, sizeof what);
        for (int s = 0; s < env->nseats; s++)
            if (st->obj_round[i][s]) {
                size_t l = strlen(who);
                snprintf(who + l, sizeof who - l, " %s", seat_names[s]);
            }
        h->view_text(v, "objective", "%s (level %d): %s%s%s", o->id, o->level, what, who[0] ? "; done by" : "", who);
    }
    h->view_text(v, "first", "first player: %s", seat_names[st->first]);
    legend(h, v);
}

/* V-5 tie-break key among the seats tied for first: more cubes, then more larvae, then fewer
 * tunnel exits. */
static int64_t key(const my_state *st, const fc_env *env, int s)
{
    (void)env;
    const my_seat *p = &st->seat[s];
    return (int64_t)my_storage(p) << 20 | (int64_t)p->larvae << 8 | (int64_t)(15 - p->exits);
}

void my_scores(const void *vst, const fc_env *env, int32_t *score, int *rank)
{
    const my_state *st = vst;
    for (int s = 0; s < env->nseats; s++) {
        score[s] = st->seat[s].score;
        rank[s] = 0;
        for (int t = 0; t < env->nseats; t++) /* R-68: ties share the rank */
            rank[s] += st->seat[t].score > st->seat[s].score;
    }
    if (!MY_P(env, P_SINGLE_WINNER))
        return;
    /* V-5 breaks ties for first place only. */
    int top[MY_MAX_SEATS];
    for (int s = 0; s < env->nseats; s++) {
        top[s] = 0;
        if (rank[s] == 0)
            for (int t = 0; t < env->nseats; t++)
                top[s] += rank[t] == 0 && key(st, env, t) > key(st, env, s);
    }
    for (int s = 0; s < env->nseats; s++)
        rank[s] = rank[s] ? rank[s] : top[s];
}

#define FAIL(...) \
    do { \
        snprintf(msg, n, __VA_ARGS__); \
        return -1; \
    } while (0)

/* O19/O20 in progress (A-19): only in the turn's phase 5, fewer picks than needed, all own
 * pheromones of the seat in turn, connected, and the objective nurse already placed. */
static int check_picks(const my_state *st, const my_data *D, char *msg, size_t n)
{
    int count = 0;
    for (int t = 0; t < MY_MAX_TILES; t++)
        if (my_bit(st->picked, t)) {
            if (!st->pick_slot || !my_own_pher(st, D, t, st->turn))
                FAIL("picked tile %d is not an own pheromone of the seat in turn", t);
            count++;
        }
    if (count != st->pick_n)
        FAIL("%d pheromones picked, %d counted", count, st->pick_n);
    if (!st->pick_slot)
        return 0;
    if (st->pick_slot > MY_SLOTS || st->phase != PH_WORKSHOP)
        FAIL("objective picks outside phase 5");
    if (st->obj[st->pick_slot - 1] >= D->nobj || st->turn >= D->nseats || st->tile_hi > MY_MAX_TILES)
        FAIL("objective picks: objective %d, seat %d or %d tile slots out of range", st->obj[st->pick_slot - 1],
             st->turn, st->tile_hi);
    const my_objective *o = &D->obj[st->obj[st->pick_slot - 1]];
    if (o->kind != OK_PHEROMONES || st->pick_n >= o->amount || st->obj_round[st->pick_slot - 1][st->turn] ||
        !(st->seat[st->turn].ws_done & (1u << WS_OBJECTIVE)))
        FAIL("objective %s: bad pick state (%d picked)", o->id, st->pick_n);
    uint8_t reach[MY_TILE_BYTES] = {0}, queue[MY_MAX_TILES];
    int nq = 0;
    for (int t = 0; t < st->tile_hi && !nq; t++)
        if (my_bit(st->picked, t)) {
            queue[nq++] = (uint8_t)t;
            my_bit_set(reach, t);
        }
    for (int i = 0; i < nq; i++)
        for (int t = 0; t < st->tile_hi; t++)
            if (my_bit(st->picked, t) && !my_bit(reach, t) && my_tiles_adjacent(st, D, queue[i], t)) {
                my_bit_set(reach, t);
                queue[nq++] = (uint8_t)t;
            }
    if (nq != st->pick_n)
        FAIL("objective %s: the picked pheromones are not connected", o->id);
    return 0;
}

/* Every tile in a slot in use, of a known kind and size, owned as its kind requires, on hexes
 * that point back at it; counts the special tiles of each group and each seat's markers. */
static int check_tiles(const my_state *st, const fc_env *env, int *group, int *markers, char *msg, size_t n)
{
    const my_data *D = MY_DATA(env);
    for (int t = 0; t < MY_MAX_TILES; t++) {
        const my_tile *T = &st->tile[t];
        if (!T->kind)
            continue;
        if (t >= st->tile_hi)
            FAIL("tile %d beyond the slots in use", t);
        if (T->kind > D->nkinds || T->n != D->kind[T->kind - 1].size)
            FAIL("tile %d: bad kind or size", t);
        const my_kind *K = &D->kind[T->kind - 1];
        if (K->special) {
            group[K->group]++;
            if (T->marked && (T->owner < 0 || T->owner >= env->nseats))
                FAIL("tile %d: marked without owner", t);
            if (T->marked)
                markers[T->owner]++;
            else if (T->owner != -1)
                FAIL("tile %d: unmarked special tile with an owner", t);
        } else if (T->owner < 0 || T->owner >= env->nseats) {
            FAIL("tile %d: pheromone without owner", t);
        }
        for (int i = 0; i < T->n; i++) {
            int c = T->cell[i];
            if (c >= D->ncells || D->terrain[c] == T_WATER || st->cell_tile[c] != t + 1 || st->cell_tok[c])
                FAIL("tile %d: illegal hex %d", t, c);
        }
    }
    return 0;
}

/* Every hex: cubes on pheromones only, tokens (prey, tunnel exits) valid and off the water;
 * counts each seat's exits and the prey on the board. */
static int check_cells(const my_state *st, const fc_env *env, int *exits, int *prey_board, char *msg, size_t n)
{
    const my_data *D = MY_DATA(env);
    for (int c = 0; c < D->ncells; c++) {
        int t = st->cell_tile[c], tok = st->cell_tok[c];
        /* check_tiles vetted the kind of every tile in use; an empty slot has none to look up */
        bool slot = t && t <= MY_MAX_TILES && st->tile[t - 1].kind;
        if (my_bit(st->cube, c) && (!slot || D->kind[st->tile[t - 1].kind - 1].special || D->terrain[c] > T_STONE))
            FAIL("cube on hex %d,%d without a pheromone", D->hex[c].q, D->hex[c].r);
        if (t && !slot)
            FAIL("hex %d points at an empty tile slot", c);
        if (tok & MY_TOK_PREY)
            (*prey_board)++;
        else if (tok && tok <= env->nseats)
            exits[tok - 1]++;
        else if (tok)
            FAIL("bad token on hex %d", c);
        if (tok && D->terrain[c] == T_WATER)
            FAIL("token on water");
    }
    return 0;
}

/* Seat s: the caps (R-04, R-05), markers and exits as counted on the board, stocks in range,
 * pheromones placed and on the board within those owned. */
static int check_seat(const my_state *st, const fc_env *env, int s, int markers, int exits, char *msg, size_t n)
{
    const my_data *D = MY_DATA(env);
    const my_seat *p = &st->seat[s];
    int used[MY_MAX_PHER] = {0};
    if (my_ants(st, s) > MY_P(env, P_ANT_CAP))
        FAIL("seat %d: %d ants exceed the cap (R-04)", s, my_ants(st, s));
    if (my_nurses_in_play(p) > MY_P(env, P_NURSE_CAP))
        FAIL("seat %d: %d nurses exceed the cap (R-05)", s, my_nurses_in_play(p));
    if (p->markers != markers || p->markers > MY_P(env, P_MARKERS))
        FAIL("seat %d: %d markers, %d on tiles", s, p->markers, markers);
    if (p->exits != exits || p->exits > MY_P(env, P_TUNNELS) || p->exits < 1)
        FAIL("seat %d: %d exits, %d on the board", s, p->exits, exits);
    if (p->level >= D->nlevels || p->event >= MY_SPACES)
        FAIL("seat %d: bad level or event", s);
    if (p->res[0] > 200 || p->res[1] > 200 || p->res[2] > 200 || p->larvae > 200)
        FAIL("seat %d: stock out of range (negative?)", s);
    if (__builtin_popcount(p->rooms) != p->room_workers)
        FAIL("seat %d: %d workers in %d rooms", s, p->room_workers, __builtin_popcount(p->rooms));
    for (int k = 0; k < D->npher; k++)
        if (p->pher_used[k] > D->kind[k].count)
            FAIL("seat %d: more %s placed than owned", s, D->kind[k].id);
    for (int t = 0; t < MY_MAX_TILES; t++)
        if (st->tile[t].kind && st->tile[t].kind <= D->npher && st->tile[t].owner == s)
            used[st->tile[t].kind - 1]++;
    for (int k = 0; k < D->npher; k++)
        if (used[k] > p->pher_used[k])
            FAIL("seat %d: %s on board exceed those placed", s, D->kind[k].id);
    if (st->phase <= PH_ENDROUND && p->event >= MY_SPACES)
        FAIL("seat %d: event cube off the track", s);
    return 0;
}

int my_check(const void *vst, const fc_env *env, char *msg, size_t n)
{
    const my_state *st = vst;
    const my_data *D = MY_DATA(env);
    int markers[MY_MAX_SEATS] = {0}, exits[MY_MAX_SEATS] = {0};
    int group[MY_MAX_SPEC] = {0}, prey_board = 0, prey_held = 0;
    if (check_tiles(st, env, group, markers, msg, n) < 0 || check_cells(st, env, exits, &prey_board, msg, n) < 0)
        return -1;
    for (int s = 0; s < env->nseats; s++) {
        const my_seat *p = &st->seat[s];
        prey_held += p->prey[0] + p->prey[1] + p->prey[2];
        if (check_seat(st, env, s, markers[s], exits[s], msg, n) < 0)
            return -1;
    }
    for (int g = 0; g < D->ngroups; g++)
        if (group[g] != st->group_used[g] || st->group_used[g] > D->group_supply[g])
            FAIL("special group %d: %d on board, %d used", g, group[g], st->group_used[g]);
    if (prey_board + prey_held + st->prey_gone != st->prey_placed)
        FAIL("prey tokens: %d on board + %d held + %d discarded != %d", prey_board, prey_held, st->prey_gone,
             st->prey_placed);
    if (st->out_seat >= 0) {
        if (st->phase != PH_WORKERS || st->out_seat != st->turn || st->out_cell >= D->ncells)
            FAIL("worker outside at the wrong time");
        if (st->out_mp > D->moves + D->event_moves)
            FAIL("worker has too many MP");
    }
    if (st->phase > PH_OVER || st->year < 1 || st->year > D->years)
        FAIL("bad phase or year");
    return check_picks(st, D, msg, n);
}

/* Re-draws the hidden choices of every seat other than `seat` in the current simultaneous
 * step: their pending choices are dropped and replaced by random legal ones, so an agent of
 * `seat` learns nothing it could not see. The seat to move keeps its window open. */
void my_determinize(void *vst, const fc_env *env, int seat, fc_rng *rng)
{
    my_state *st = vst;
    if (st->phase != PH_EVENT && st->phase != PH_BIRTHS && st->phase != PH_HARVEST && st->phase != PH_ENDROUND &&
        st->phase != PH_WINTER)
        return;
    for (int s = 0; s < env->nseats; s++) {
        my_seat *p = &st->seat[s];
        if (s == seat || !(st->simul_mask & (1u << s)))
            continue;
        memset(&p->p_sac, 0, (size_t)((uint8_t *)(p + 1) - &p->p_sac));
        if (st->simul.waiting & (1u << s))
            continue; /* still deciding: its partial choices are forgotten */
        st->simul.waiting = (uint16_t)(st->simul.waiting | 1u << s);
        fc_decision buf[MY_MAX_DECISIONS];
        for (int guard = 0; guard < 500 && (st->simul.waiting & (1u << s)); guard++) {
            int k = my_legal_seat(st, env, s, buf);
            if (k <= 0)
                break;
            my_apply_seat(st, env, s, buf[env->host->rng_below(rng, (uint32_t)k)]);
        }
    }
}
