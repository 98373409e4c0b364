/* Myrmes decision notation (see docs/rulings-myrmes.md) and human-facing descriptions.
 * Parsing renders every legal decision and compares, so text and parse agree by design. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "myrmes.h"

static const char *const res_name[] = {"food", "dirt", "stone"};

static int hexfmt(const my_data *D, int c, char *buf, size_t n)
{
    if (c < 0 || c >= D->ncells)
        return snprintf(buf, n, "?");
    return snprintf(buf, n, "%d,%d", D->hex[c].q, D->hex[c].r);
}

int my_text(const void *vst, const fc_env *env, fc_decision d, char *buf, size_t n)
{
    const my_state *st = vst;
    const my_data *D = MY_DATA(env);
    uint32_t a = MY_DARG(d);
    char h[16], h2[16];
    hexfmt(D, (int)(a & 0xFF), h, sizeof h);
    switch (MY_DKIND(d)) {
    case D_SACRIFICE:
        return snprintf(buf, n, "sacrifice");
    case D_EVENT:
        return snprintf(buf, n, "event %u", a);
    case D_BIRTHS: {
        int len = snprintf(buf, n, "births L%u S%u W%u K%u", a & 7, (a >> 3) & 7, (a >> 6) & 7, (a >> 9) & 7);
        if ((a >> 12) & 7)
            len += snprintf(buf + len, n > (size_t)len ? n - (size_t)len : 0, " A%u", ((a >> 12) & 7) - 1);
        return len;
    }
    case D_ROOM:
        if (a >> 2)
            return snprintf(buf, n, "room %u %s", a & 3, res_name[a >> 2]);
        return snprintf(buf, n, "room %u", a & 3);
    case D_EXIT:
        return snprintf(buf, n, "exit %s", h);
    case D_STEP:
        return snprintf(buf, n, "step %s", h);
    case D_HUNT:
        return snprintf(buf, n, "hunt %s", h);
    case D_CLEAR:
        return snprintf(buf, n, "clear %s", h);
    case D_PLACE: {
        int k = a & 0xF;
        hexfmt(D, (int)((a >> 8) & 0xFF), h, sizeof h);
        return snprintf(buf, n, "place %s/%u %s", k < D->nkinds ? D->kind[k].id : "?", (a >> 4) & 0xF, h);
    }
    case D_STOP:
        return snprintf(buf, n, "stop");
    case D_HARVEST:
        return snprintf(buf, n, "harvest %s", h);
    case D_SCAVENGE:
        return snprintf(buf, n, "scavenge %s", res_name[a == 1 ? 1 : 2]);
    case D_DONE:
        return snprintf(buf, n, "done");
    case D_TUNNEL:
        return snprintf(buf, n, "tunnel %s", h);
    case D_LEVEL:
        return snprintf(buf, n, "level");
    case D_NURSE:
        return snprintf(buf, n, "nurse");
    case D_OBJECTIVE: {
        int slot = a & 0xF, pay = (int)(a >> 4);
        const my_objective *o = &D->obj[st->obj[slot % MY_SLOTS]];
        if (o->kind == OK_DIRTSTONE)
            return snprintf(buf, n, "objective %s dirt=%d", o->id, pay);
        if (o->kind == OK_SPECIALS) {
            const my_tile *t1 = &st->tile[(pay & 0xFF) % MY_MAX_TILES], *t2 = &st->tile[(pay >> 8) % MY_MAX_TILES];
            hexfmt(D, t1->cell[0], h, sizeof h);
            if (o->extra == 2) {
                hexfmt(D, t2->cell[0], h2, sizeof h2);
                return snprintf(buf, n, "objective %s %s %s", o->id, h, h2);
            }
            return snprintf(buf, n, "objective %s %s", o->id, h);
        }
        return snprintf(buf, n, "objective %s", o->id);
    }
    case D_DISCARD:
        return snprintf(buf, n, "discard %s", res_name[a % 3]);
    case D_PAY:
        return snprintf(buf, n, "pay");
    case D_DIE:
        return snprintf(buf, n, "die %u", a);
    case D_PICK: /* a tile is written by its first hex; parsing accepts any of its hexes */
        hexfmt(D, st->tile[a % MY_MAX_TILES].cell[0], h, sizeof h);
        return snprintf(buf, n, "pick %s", h);
    default:
        return FC_EINVAL;
    }
}

/* Collapses runs of blanks and trims, so "step  7,4 " parses like "step 7,4". */
static void squeeze(const char *in, char *out, size_t n)
{
    size_t k = 0;
    bool blank = true;
    for (; *in && k + 1 < n; in++) {
        if (isspace((unsigned char)*in)) {
            blank = true;
            continue;
        }
        if (blank && k)
            out[k++] = ' ';
        if (k + 1 < n)
            out[k++] = *in;
        blank = false;
    }
    out[k] = 0;
}

/* "pick q,r" may name any hex of the tile (A-19): rewrite it to the tile's first hex. */
static void pick_first_hex(const my_state *st, const my_data *D, char *text, size_t n)
{
    int q, r, len = 0;
    if (strncmp(text, "pick ", 5) || sscanf(text + 5, "%d,%d%n", &q, &r, &len) != 2 || text[5 + len] || q < 0 ||
        q >= 32 || r < 0 || r >= 32 || D->index[r][q] < 0)
        return;
    int t = st->cell_tile[D->index[r][q]];
    if (t)
        snprintf(text, n, "pick %d,%d", D->hex[st->tile[t - 1].cell[0]].q, D->hex[st->tile[t - 1].cell[0]].r);
}

/* The shapes of the notation: a text of one of them is well-formed (API minor 3). */
static const char *const my_verbs[] = {
    "sacrifice",
    "event #",
    "births L# S# W# K#",
    "births L# S# W# K# A#",
    "room #",
    "room # *",
    "exit #,#",
    "step #,#",
    "hunt #,#",
    "clear #,#",
    "place * #,#",
    "stop",
    "harvest #,#",
    "scavenge *",
    "done",
    "tunnel #,#",
    "level",
    "nurse",
    "objective *",
    "objective * ...",
    "pick #,#",
    "discard *",
    "pay",
    "die #",
    NULL,
};

int my_parse(const void *vst, const fc_env *env, const char *text, fc_decision *out)
{
    const my_state *st = vst;
    fc_decision buf[MY_MAX_DECISIONS];
    char want[128], got[128];
    squeeze(text, want, sizeof want);
    pick_first_hex(st, MY_DATA(env), want, sizeof want);
    int n = my_legal_seat(st, env, my_to_move(st, env), buf);
    for (int i = 0; i < n; i++) {
        my_text(st, env, buf[i], got, sizeof got);
        if (!strcmp(got, want)) {
            *out = buf[i];
            return 0;
        }
    }
    return fc_notation_match(text, my_verbs) ? FC_EILLEGAL : FC_EPARSE;
}

/* Kinds of decision (API minor 10): my_describe's group is the notation's first word, so the
 * kind of decision code D_x (x = 1..) is its verb. */
const char *const my_kinds[MY_NKINDS] = {"sacrifice", "event",  "births", "room",      "exit",    "step",    "hunt",
                                         "clear",     "place",  "stop",   "harvest",   "scavenge", "done",   "tunnel",
                                         "level",     "nurse",  "objective", "discard", "pay",     "die",    "pick"};

int my_decision_kind(const void *st, const fc_env *env, fc_decision d)
{
    (void)st;
    (void)env;
    int k = MY_DKIND(d);
    return k >= 1 && k <= MY_NKINDS ? k - 1 : -1;
}

/* What event space e does this round, as the rules apply it (R-15, R-41, R-61..R-66), for the
 * label of the choice: an event's name ("+1 VP") alone hides when it pays and when it does not. */
static void my_event_effect_text(const my_data *D, const my_seat *p, int e, char *buf, size_t n)
{
    int k = D->event_amount[e];
    switch (D->event_effect[e]) {
    case EV_LEVEL:
        if (p->level + 1 >= D->nlevels)
            snprintf(buf, n, "nothing at the top level (A-04)");
        else
            snprintf(buf, n, "counts as level %d this round: rooms, pheromone size, specials, storage (R-61)",
                     p->level + k < D->nlevels ? p->level + k : D->nlevels - 1);
        break;
    case EV_VP: snprintf(buf, n, "+%d VP on each VP gain this round (R-62)", k); break;
    case EV_LARVAE: snprintf(buf, n, "+%d larvae only if your larvae track produces (R-15)", k); break;
    case EV_SOLDIER: snprintf(buf, n, "+%d soldier only if your soldier track produces (R-15)", k); break;
    case EV_WORKER: snprintf(buf, n, "+%d worker only if your worker track produces (R-15)", k); break;
    case EV_HARVEST: snprintf(buf, n, "up to %d extra cubes from your pheromones at harvest (R-41)", k); break;
    case EV_MOVES: snprintf(buf, n, "workers go out with %d MP instead of %d (R-64)", D->moves + D->event_moves, D->moves); break;
    case EV_HEX: snprintf(buf, n, "pheromones one hex larger this round (R-65)"); break;
    default: snprintf(buf, n, "?"); break;
    }
}

/* The label of each kind of decision, by family, each with the same arguments: `txt` is the
 * decision's notation, `s` the seat to move (negative at a chance point) and `p` its seat. */
typedef struct my_desc {
    const my_state *st;
    const fc_env *env;
    const my_data *D;
    uint32_t a;
    int s;
    const my_seat *p;
    const char *txt;
    fc_decision_info *out;
} my_desc;

/* R-09..R-16: the event chosen (its cost in larvae and what it does) and the births. */
static void label_event_births(const my_desc *c, int kind)
{
    const my_data *D = c->D;
    if (kind == D_EVENT) {
        int e = (int)c->a, dd = c->p->event, cost = e > dd ? e - dd : dd - e;
        char eff[112];
        my_event_effect_text(D, c->p, e % MY_SPACES, eff, sizeof eff);
        snprintf(c->out->label, sizeof c->out->label, "event %d: %s (%d larvae): %s", e,
                 D->event_name[e % MY_SPACES], cost, eff);
        return;
    }
    int y[3] = {0}, used = 0;
    for (int t = 0; t < 3; t++)
        for (int j = 0; j < D->birth_n[t]; j++)
            if (D->birth_nurses[t][j] == (int)((c->a >> (3 * t)) & 7))
                y[t] = D->birth_yield[t][j];
    for (int t = 0; t < 4; t++)
        used += (int)((c->a >> (3 * t)) & 7);
    snprintf(c->out->label, sizeof c->out->label,
             "%.40s: uses %d of %d nurses; +%d larvae, +%d soldiers, +%d workers before event and cap", c->txt, used,
             c->p->nursery, y[0], y[1], y[2]);
}

/* The colony's own choices: sacrifice, rooms, workshop buys, storage and winter. */
static void label_colony(const my_desc *c, int kind)
{
    const my_data *D = c->D;
    const fc_env *env = c->env;
    char *label = c->out->label;
    size_t n = sizeof c->out->label;
    switch (kind) {
    case D_SACRIFICE: snprintf(label, n, "sacrifice %d larvae for 1 food", MY_P(env, P_SACRIFICE_LARVAE)); break;
    case D_ROOM: {
        static const char *const gain[] = {"larvae", "food", "", "VP"};
        int r = c->a & 3;
        if (D->room[r] == ROOM_CHOICE)
            snprintf(label, n, "%s: +%d %s", c->txt, D->room_amount[r], res_name[(c->a >> 2) % 3]);
        else
            snprintf(label, n, "%s: +%d %s%s", c->txt, D->room_amount[r], gain[D->room[r]],
                     D->room_food[r] ? " for food" : "");
        break;
    }
    case D_DISCARD:
        snprintf(label, n, "discard 1 %s (storage limit %d)", res_name[c->a % 3],
                 c->s >= 0 ? my_storage_limit(c->st, D, c->s) : 0);
        break;
    case D_LEVEL: { /* R-45: the cost of the level reached */
        const uint8_t *cost = D->level_cost[(c->p->level + 1) % MY_LEVELS];
        snprintf(label, n, "raise the colony to level %d for %d food, %d dirt, %d stone", c->p->level + 1,
                 cost[R_FOOD], cost[R_DIRT], cost[R_STONE]);
        break;
    }
    case D_NURSE:
        snprintf(label, n, "new nurse for %d food and %d larvae", MY_P(env, P_NURSE_FOOD), MY_P(env, P_NURSE_LARVAE));
        break;
    case D_PAY: snprintf(label, n, "pay winter food (%d owed)", c->p->owed); break;
    case D_DONE: {
        static const char *const what[] = {[PH_HARVEST] = "end your harvest", [PH_WORKSHOP] = "end your workshop turn",
                                           [PH_ENDROUND] = "keep your storage as it is"};
        int ph = c->st->phase <= PH_ENDROUND ? c->st->phase : PH_EVENT;
        snprintf(label, n, "done: %s", what[ph] ? what[ph] : "end");
        break;
    }
    default: break; /* the notation says it all (stop, scavenge, die) */
    }
}

/* A worker's outing (R-19..R-26, R-39): the hex it concerns, with what entering it costs or
 * gives. Returns that hex's cell. */
static int label_outing(const my_desc *c, int kind)
{
    const my_state *st = c->st;
    const fc_env *env = c->env;
    const my_data *D = c->D;
    uint32_t a = c->a;
    char *label = c->out->label;
    size_t n = sizeof c->out->label;
    if (kind == D_STEP && st->cell_tile[a] && my_tile_costs_soldier(&st->tile[st->cell_tile[a] - 1], c->s))
        snprintf(label, n, "%s: enter an opponent's tile, 1 soldier", c->txt);
    else if (kind == D_HARVEST)
        snprintf(label, n, "%s: take 1 %s", c->txt, res_name[D->terrain[a] % 3]);
    else if (kind == D_CLEAR)
        snprintf(label, n, "%s: pay %d dirt, remove the pheromone, stand here", c->txt, MY_P(env, P_CLEAR_COST));
    else if (kind == D_TUNNEL)
        snprintf(label, n, "%s: new tunnel exit, +%d dirt", c->txt, MY_P(env, P_TUNNEL_DIRT));
    else if (kind == D_HUNT) {
        int k = st->cell_tok[a] & 0xF;
        /* The costs and rewards a variant's hooks give, as apply will use them (hooks only
         * read the state, so dropping const is safe). */
        my_state *w = (my_state *)st;
        snprintf(label, n, "%s: hunt %s, %d soldiers, +%d food, +%d VP", c->txt, D->prey_name[k],
                 my_hunt_soldiers(st, env, c->s, k),
                 (int)my_hook(w, env, H_HUNT_FOOD, c->s, k, D->prey_food[k], D->prey_food[k]),
                 (int)my_hook(w, env, H_HUNT_REWARD, c->s, k, D->prey_vp[k], D->prey_vp[k]));
    }
    return (int)a;
}

/* R-27..R-38: a pheromone or special tile, its points and cost, and every hex it covers.
 * Returns the cell of its first hex. */
static int label_place(const my_desc *c)
{
    const my_data *D = c->D;
    const my_kind *K = &D->kind[(c->a & 0xF) % MY_MAX_KINDS];
    int cell = (int)((c->a >> 8) & 0xFF);
    int vp = K->special ? K->vp
                        : (int)my_hook((my_state *)c->st, c->env, H_PHEROMONE_POINTS, c->s, K->size, K->vp, K->vp);
    char cost[48] = "";
    if (K->special)
        snprintf(cost, sizeof cost, ", costs %d food, %d dirt, %d stone", K->cost[R_FOOD], K->cost[R_DIRT],
                 K->cost[R_STONE]);
    snprintf(c->out->label, sizeof c->out->label, "%s: %s (%d hexes), +%d VP%s; ends this worker's outing (R-37)",
             c->txt, K->name, K->size, vp, cost);
    /* every hex the tile covers: the orientation's offsets from its first hex */
    unsigned o = (c->a >> 4) & 0xF;
    if (cell >= 0 && cell < D->ncells && o < K->norient)
        for (int i = 0; i < K->size && i < FC_SHAPE_MAX; i++)
            fc_decision_info_add_hex(c->out, fc_hex_add(D->hex[cell], K->orient[o][i]));
    return cell;
}

/* R-47..R-49: an objective (its cost, level and points) and, A-19, each pheromone picked for
 * it with the cubes emptying it costs. Returns the picked tile's first cell, or -1. */
static int label_objective(const my_desc *c, int kind)
{
    const my_state *st = c->st;
    const my_data *D = c->D;
    if (kind == D_OBJECTIVE) {
        const my_objective *o = &D->obj[st->obj[(c->a & 0xF) % MY_SLOTS]];
        char cost[64];
        my_objective_text(D, o, cost, sizeof cost);
        snprintf(c->out->label, sizeof c->out->label, "%.40s: %.50s; level %d, +%d VP%s", c->txt, cost, o->level,
                 D->objective_points[o->level - 1], o->kind == OK_PHEROMONES ? ", then pick the pheromones" : "");
        return -1;
    }
    const my_tile *T = &st->tile[c->a % MY_MAX_TILES];
    int cubes[3] = {0};
    for (int i = 0; i < T->n; i++)
        if (my_bit(st->cube, T->cell[i]))
            cubes[D->terrain[T->cell[i]] % 3]++;
    snprintf(c->out->label, sizeof c->out->label, "%s: empty %s (%d food, %d dirt, %d stone), pick %d of %d", c->txt,
             D->kind[(T->kind + MY_MAX_KINDS - 1) % MY_MAX_KINDS].id, cubes[0], cubes[1], cubes[2], st->pick_n + 1,
             st->pick_slot ? D->obj[st->obj[(st->pick_slot - 1) % MY_SLOTS]].amount : 0);
    return T->cell[0];
}

/* The hex a decision concerns; stepping onto, clearing or emptying a tile concerns all of its
 * hexes. */
static void describe_hexes(const my_state *st, const my_data *D, int kind, int cell, fc_decision_info *out)
{
    if (cell < 0 || cell >= D->ncells)
        return;
    out->hex = D->hex[cell];
    out->has_hex = 1;
    int t = st->cell_tile[cell];
    if (t && (kind == D_STEP || kind == D_CLEAR || kind == D_PICK)) {
        const my_tile *T = &st->tile[t - 1];
        for (int i = 0; i < T->n && i < FC_SHAPE_MAX; i++)
            fc_decision_info_add_hex(out, D->hex[T->cell[i]]);
    }
}

void my_describe(const void *vst, const fc_env *env, fc_decision d, fc_decision_info *out)
{
    const my_state *st = vst;
    int s = my_to_move(st, env), kind = MY_DKIND(d), cell = -1;
    char txt[96];
    my_text(st, env, d, txt, sizeof txt);
    memset(out, 0, sizeof *out);
    snprintf(out->label, sizeof out->label, "%s", txt);
    snprintf(out->group, sizeof out->group, "%.23s", txt);
    char *sp = strchr(out->group, ' ');
    if (sp)
        *sp = 0;
    const my_desc c = {st, env, MY_DATA(env), MY_DARG(d), s, &st->seat[s >= 0 ? s : 0], txt, out};
    switch (kind) {
    case D_EVENT:
    case D_BIRTHS: label_event_births(&c, kind); break;
    case D_EXIT:
    case D_STEP:
    case D_HARVEST:
    case D_TUNNEL:
    case D_CLEAR:
    case D_HUNT: cell = label_outing(&c, kind); break;
    case D_PLACE: cell = label_place(&c); break;
    case D_OBJECTIVE:
    case D_PICK: cell = label_objective(&c, kind); break;
    default: label_colony(&c, kind); break;
    }
    describe_hexes(st, c.D, kind, cell, out);
}

/* R-02: choices in the simultaneous phases stay hidden from the other seats until all have
 * committed, so only the decider sees their notation; worker and workshop turns and the dice
 * are public. */
uint32_t my_audience(const void *vst, const fc_env *env, fc_decision d)
{
    (void)d;
    const my_state *st = vst;
    int s = my_to_move(st, env);
    bool simul = st->phase == PH_EVENT || st->phase == PH_BIRTHS || st->phase == PH_HARVEST ||
                 st->phase == PH_ENDROUND || st->phase == PH_WINTER;
    return simul && s >= 0 ? FC_SEAT_BIT(s) : FC_ALL_SEATS;
}

/* API minor 13 (R-02): a seat's hidden choice is public once its simultaneous step has been
 * revealed, i.e. unless the seat has committed or has a choice pending in a step now under way
 * (reveal() clears every pending choice; a new step starts with every seat waiting). */
int my_revealed(const void *vst, const fc_env *env, int seat, uint32_t audience, fc_decision d)
{
    (void)env, (void)audience, (void)d;
    const my_state *st = vst;
    bool simul = st->phase == PH_EVENT || st->phase == PH_BIRTHS || st->phase == PH_HARVEST ||
                 st->phase == PH_ENDROUND || st->phase == PH_WINTER;
    if (seat < 0 || seat >= MY_MAX_SEATS || !simul || !(st->simul_mask >> seat & 1u))
        return 1;
    if (!(st->simul.waiting >> seat & 1u))
        return 0; /* committed, the others still deciding */
    const my_seat *p = &st->seat[seat];
    int pending = p->p_sac | p->p_event | p->p_arrive | p->p_extra | p->p_any | p->p_scav[0] | p->p_scav[1];
    for (int i = 0; i < TRACKS; i++)
        pending |= p->p_births[i];
    for (int i = 0; i < 3; i++)
        pending |= p->p_disc[i];
    for (size_t i = 0; i < sizeof p->p_cells; i++)
        pending |= p->p_cells[i];
    return !pending;
}
