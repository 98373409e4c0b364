/* Marabunta view for front ends (the territory with regions and marks, the leaves, both
 * player boards, score and round) and the invariant check. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "marabunta.h"

#define DATA(env) ((const mb_data *)(env)->data)

static const char *const seat_colour[MB_SEATS] = {"red", "blue"};
static const char *const phase_name[] = {"tile draw", "dice roll", "split", "choice", "pick", "resolution", "game over"};

/* The items of a group as text ("pink,blue,tile"). */
static void group_names(const mb_state *s, const fc_env *env, int mask, char *buf, size_t n)
{
    char t[160];
    if (mb_decision_text(s, env, MB_D(D_CHOOSE, mask, 0), t, sizeof t) > 7)
        snprintf(buf, n, "%.60s", t + 7);
    else
        snprintf(buf, n, "-");
}

static void view_board(const mb_state *s, const fc_env *env, fc_view *v)
{
    const mb_data *D = DATA(env);
    const fc_host *h = env->host;
    for (int c = 0; c < D->nhex; c++) {
        int r = D->region[c], code = s->hex[c];
        fc_view_cell *cell = h->view_cell(v, D->hex[c], D->region_view[r], D->region_name[r]);
        cell->region = (int16_t)r;
        cell->owner = -1;
        char icon = D->feature[c] == FEAT_COOKIE ? '*' : D->feature[c] == FEAT_CRATE ? '#' : '\0';
        if (code == HX_CROSSED) {
            cell->terrain = FC_TERRAIN_BLOCKED;
            snprintf(cell->glyphs, sizeof cell->glyphs, "X");
            h->view_piece(v, cell, FC_PIECE_CROSS, -1, 1, "X");
            snprintf(cell->label, sizeof cell->label, "%s, crossed out", D->region_name[r]);
        } else if (code >= 2) {
            cell->owner = (int8_t)HX_SEAT(code);
            snprintf(cell->glyphs, sizeof cell->glyphs, "%d%c", HX_VALUE(code), HX_SEAT(code) ? 'b' : 'r');
            h->view_piece(v, cell, FC_PIECE_NUMBER, HX_SEAT(code), 1, (char[2]){(char)('0' + HX_VALUE(code) % 10), 0});
            snprintf(cell->label, sizeof cell->label, "%s, %s %d", D->region_name[r], seat_colour[HX_SEAT(code)],
                     HX_VALUE(code));
        } else {
            snprintf(cell->glyphs, sizeof cell->glyphs, "%c%c", D->region_letter[r], icon ? icon : '.');
            if (icon) /* what crossing the hex earns: a cookie, a crate */
                h->view_piece(v, cell, icon == '*' ? FC_PIECE_FOOD : FC_PIECE_BUILDING, -1, 1, (char[2]){icon, 0});
            snprintf(cell->label, sizeof cell->label, "%s%s", D->region_name[r],
                     icon == '*' ? ", cookie" : icon == '#' ? ", crate" : "");
        }
    }
}

/* What the map's glyphs and the panels' codes mean (the glossary of docs/rules/marabunta.md). */
static void legend(const mb_data *D, const fc_host *h, fc_view *v)
{
    for (int r = 0; r < D->nregions; r++) {
        char g[8];
        snprintf(g, sizeof g, "%c.", D->region_letter[r]);
        h->view_legend(v, g, "available %s hex (%c* a cookie hex, %c# a crate hex)", D->region_name[r],
                       D->region_letter[r], D->region_letter[r]);
    }
    h->view_legend(v, "3r 0b", "a number written: its value, then r red or b blue");
    h->view_legend(v, "X", "a crossed-out hex");
    h->view_legend(v, "T1..T8", "the tiles; one is revealed each round and joins the dice as an item");
    h->view_legend(v, "{..}/{..}", "the split: the splitter's groups of items (dice and tile)");
    h->view_legend(v, "A1..B5", "crate groups of player-board side A or B; crossing all unlocks the ability");
    h->view_legend(v, "AB-1..", "crate abilities (rules AB-1 to AB-10)");
    h->view_legend(v, "laps", "times round the 25-space score track");
    h->view_legend(v, "projected", "VP if the game ended now, regions scored as they stand");
}

/* The rule of the current step in docs/rules/marabunta.md. */
const char *mb_phase_topic(const void *st, const fc_env *env)
{
    static const char *const topics[] = {"R-02", "R-03", "R-04", "R-05", "V-5", "R-07", "Scoring and end of game"};
    (void)env;
    const mb_state *s = st;
    return s->phase < sizeof topics / sizeof topics[0] ? topics[s->phase] : NULL;
}

void mb_view(const void *st, const fc_env *env, int seat, fc_view *v)
{
    snprintf(v->seat_names[0], sizeof v->seat_names[0], "Red"); /* the marker colours (S-02) */
    snprintf(v->seat_names[1], sizeof v->seat_names[1], "Blue");
    const mb_state *s = st;
    const mb_data *D = DATA(env);
    const fc_host *h = env->host;
    int who = mb_to_move(s, env);
    if (s->phase == PH_OVER)
        h->view_title(v, "Game over after round %d", (int)s->round);
    else
        h->view_title(v, "Round %d - %s, %s to act", (int)s->round, phase_name[s->phase],
                      who >= 0 ? seat_colour[who] : "chance");
    view_board(s, env, v);
    int32_t total[MB_SEATS];
    mb_final(s, env, total);
    h->view_track(v, "round", s->round, (int)mb_par(env, P_MAX_ROUNDS), "round %d", (int)s->round);
    for (int p = 0; p < MB_SEATS; p++) {
        int vp = s->seat[p].vp, laps = vp >= 1 ? (vp - 1) / D->track_max : 0; /* */
        char name[24];
        snprintf(name, sizeof name, "vp %s", seat_colour[p]);
        h->view_track(v, name, vp - laps * D->track_max, D->track_max, "%d VP in play (%d laps), %d projected",
                      vp, laps, (int)total[p]);
    }
    for (int r = 0; r < D->nregions; r++)
        h->view_text(v, D->region_name[r], "leaf red %d, blue %d, empty %d; sums red %d, blue %d",
                     mb_region_value(s, env, r, 0), mb_region_value(s, env, r, 1), mb_leaf_empty(s, env, r),
                     (int)s->sum[r][0], (int)s->sum[r][1]);
    if (s->phase >= PH_ROLL && s->phase < PH_OVER) {
        char line[160];
        size_t used = (size_t)snprintf(line, sizeof line, "%s %s;", D->tile[s->tile].id, D->tile[s->tile].name);
        for (int d = 0; d < s->nrolled && used < sizeof line; d++)
            used += (size_t)snprintf(line + used, sizeof line - used, " %s %s", D->die_name[d],
                                     mb_face_names[s->face[d]]);
        h->view_text(v, "items", "%s", line);
    }
    if (s->phase >= PH_CHOOSE && s->phase < PH_OVER && s->nparts) {
        char g[3][64];
        for (int i = 0; i < 3; i++)
            group_names(s, env, i < s->nparts ? s->part[i] : 0, g[i], sizeof g[i]);
        h->view_text(v, "split", "{%s} / {%s}%s%s%s", g[0], g[1], s->nparts == 3 ? " / {" : "",
                     s->nparts == 3 ? g[2] : "", s->nparts == 3 ? "}" : "");
    }
    if (s->cut)
        h->view_text(v, "counter", "%s counter-cut this round", seat_colour[mb_split_seat(s)]);
    h->view_text(v, "tiles", "%d regular tiles face down", (int)s->npile);
    if (s->trigger >= 0)
        h->view_text(v, "end", "triggered by %s: last round", seat_colour[s->trigger]);
    for (int p = 0; p < MB_SEATS; p++) {
        const mb_seat *q = &s->seat[p];
        h->view_panel(v, p, "colour", "%s", seat_colour[p]);
        h->view_panel(v, p, "ant hills", "%d of %d", (int)q->hills, D->ant_hills);
        h->view_panel(v, p, "cookies", "%d of %d crossed", (int)q->cookies, D->ncookies);
        if (mb_par(env, P_COUNTER_CUT))
            h->view_panel(v, p, "counter-cut", "%s", q->cut_used ? "used" : "available");
        for (int g = 0; g < D->ngroups; g++)
            h->view_panel(v, p, D->group_id[g], "%d/%d crates: %s %s", (int)q->crates[g], (int)D->group_crates[g],
                          D->abil[D->group_abil[g]].id, D->abil[D->group_abil[g]].name);
        h->view_panel(v, p, "score", "%d", (int)total[p]);
        if (s->phase == PH_RESOLVE && s->group[p]) {
            char g[64];
            group_names(s, env, s->group[p], g, sizeof g);
            h->view_panel(v, p, "group", "%s", g);
        }
    }
    legend(D, h, v);
}

static int fail(char *msg, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(char *msg, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, n, fmt, ap);
    va_end(ap);
    return -1;
}

/* The board, sums and player boards against the hex codes. */
static int check_board(const mb_state *s, const fc_env *env, char *msg, size_t n)
{
    const mb_data *D = DATA(env);
    mb_set avail = {{0, 0}}, own[2] = {{{0, 0}}, {{0, 0}}}, near[2] = {{{0, 0}}, {{0, 0}}};
    int sum[MB_MAX_REGIONS][2], numbers[2] = {0, 0};
    memset(sum, 0, sizeof sum);
    for (int c = 0; c < MB_MAX_HEX; c++) {
        int code = s->hex[c];
        if (c >= D->nhex) {
            if (code)
                return fail(msg, n, "hex slot %d beyond the board holds %d", c, code);
            continue;
        }
        if (code == HX_AVAIL) {
            mb_add(&avail, c);
        } else if (code >= 2) {
            if (code > HX_NUM(1, 3))
                return fail(msg, n, "hex %d has code %d", c, code);
            int p = HX_SEAT(code);
            mb_add(&own[p], c);
            near[p] = mb_or(near[p], D->nbset[c]);
            sum[D->region[c]][p] += HX_VALUE(code);
            numbers[p]++;
        }
    }
    if (memcmp(&avail, &s->avail, sizeof avail))
        return fail(msg, n, "available set differs from the hexes");
    for (int p = 0; p < MB_SEATS; p++) {
        const mb_seat *q = &s->seat[p];
        if (memcmp(&own[p], &s->own[p], sizeof own[p]) || memcmp(&near[p], &s->near[p], sizeof near[p]))
            return fail(msg, n, "seat %d number sets are stale", p + 1);
        if (numbers[p] != q->numbers)
            return fail(msg, n, "seat %d has %d numbers, counted %d", p + 1, q->numbers, numbers[p]);
        for (int r = 0; r < D->nregions; r++)
            if (sum[r][p] != s->sum[r][p])
                return fail(msg, n, "seat %d sum in %s is %d, counted %d", p + 1, D->region_name[r], s->sum[r][p],
                            sum[r][p]);
        if (q->hills > D->ant_hills || q->cookies > D->ncookies || q->vp < 0 || q->cut_used > 1)
            return fail(msg, n, "seat %d board out of range: hills %d cookies %d vp %d", p + 1, q->hills, q->cookies,
                        q->vp);
        for (int g = 0; g < MB_MAX_GROUPS; g++)
            if (q->crates[g] > (g < D->ngroups ? D->group_crates[g] : 0))
                return fail(msg, n, "seat %d group %d has %d crates", p + 1, g, q->crates[g]);
    }
    for (int r = 0; r < D->nregions; r++)
        if (mb_leaf_empty(s, env, r) < 0)
            return fail(msg, n, "leaf %s over-coloured", D->region_name[r]);
    /* without a triggering player no enabled end condition may hold. */
    if (s->trigger < 0) {
        for (int r = 0; r < D->nregions; r++) {
            if (mb_par(env, P_END_REGION) && mb_empty(mb_and(s->avail, D->region_hexes[r])))
                return fail(msg, n, "region %s filled without a trigger", D->region_name[r]);
            if (mb_par(env, P_END_LEAF) && mb_leaf_empty(s, env, r) == 0 && D->leaf_empty[r] > 0)
                return fail(msg, n, "leaf %s full without a trigger", D->region_name[r]);
        }
        if (mb_par(env, P_END_COOKIES) && mb_empty(mb_and(s->avail, D->cookie_hexes)))
            return fail(msg, n, "cookie hexes done without a trigger");
    } else if (s->trigger > 1) {
        return fail(msg, n, "trigger %d", s->trigger);
    }
    return 0;
}

/* Phase, pile, split and groups. */
static int check_round(const mb_state *s, const fc_env *env, char *msg, size_t n)
{
    const mb_data *D = DATA(env);
    int full = mb_full(D);
    if (s->phase > PH_OVER || s->round < 1 || s->round > mb_par(env, P_MAX_ROUNDS) || s->splitter > 1 || s->cut > 1)
        return fail(msg, n, "phase %d round %d splitter %d cut %d", s->phase, s->round, s->splitter, s->cut);
    if (s->npile >= D->ntiles || s->tile >= D->ntiles)
        return fail(msg, n, "pile %d tile %d", s->npile, s->tile);
    for (int i = 0; i < s->npile; i++) {
        if (s->pile[i] == D->special || s->pile[i] >= D->ntiles)
            return fail(msg, n, "pile holds tile %d", s->pile[i]);
        for (int j = 0; j < i; j++)
            if (s->pile[i] == s->pile[j])
                return fail(msg, n, "pile holds tile %d twice", s->pile[i]);
    }
    if (s->phase >= PH_ROLL && s->phase < PH_OVER && s->tile == D->special && s->npile > 0)
        return fail(msg, n, "special tile drawn while regular tiles remain");
    if (s->cut && (!mb_par(env, P_COUNTER_CUT) || !s->seat[mb_split_seat(s)].cut_used))
        return fail(msg, n, "counter-cut without the variant or its use recorded");
    if (s->phase >= PH_CHOOSE && s->phase < PH_OVER) {
        int all = 0;
        if (s->nparts != (mb_par(env, P_THREE_WAY_SPLIT) ? 3 : 2))
            return fail(msg, n, "%d groups", s->nparts);
        for (int i = 0; i < s->nparts; i++) {
            if (!s->part[i] || (all & s->part[i]))
                return fail(msg, n, "split groups overlap or are empty");
            all |= s->part[i];
        }
        if (all != full)
            return fail(msg, n, "split covers %#x of %#x", all, full);
    }
    if (s->phase == PH_RESOLVE) {
        if ((s->group[0] & s->group[1]) || !s->group[0] || !s->group[1] || ((s->group[0] | s->group[1]) & ~full))
            return fail(msg, n, "groups %#x/%#x are no split", s->group[0], s->group[1]);
        if (s->nparts == 2 && (s->group[0] | s->group[1]) != full)
            return fail(msg, n, "two-way groups %#x/%#x leave items out", s->group[0], s->group[1]);
        if (s->resolver > 1 || (s->left & ~s->group[s->resolver]))
            return fail(msg, n, "resolver %d has items %#x outside its group", s->resolver, s->left);
        if (s->ntask > MB_MAX_TASKS || (!s->ntask && !s->left))
            return fail(msg, n, "task stack %d with items %#x", s->ntask, s->left);
    } else if (s->ntask) {
        return fail(msg, n, "tasks outside resolution");
    }
    return 0;
}

/* The dice rolled so far and their faces. */
static int check_dice(const mb_state *s, const fc_env *env, char *msg, size_t n)
{
    const mb_data *D = DATA(env);
    bool rolled = s->phase >= PH_SPLIT && s->phase <= PH_RESOLVE;
    if ((s->phase == PH_DRAW && s->nrolled) || (rolled && s->nrolled != D->ndice) ||
        (s->phase == PH_ROLL && s->nrolled >= D->ndice) || s->nrolled > D->ndice)
        return fail(msg, n, "%d dice rolled in phase %d (R-03)", s->nrolled, s->phase);
    for (int i = 0; i < s->nrolled; i++) {
        int on = 0;
        for (int j = 0; j < D->nfaces[i]; j++)
            on |= D->face[i][j] == s->face[i];
        if (!on)
            return fail(msg, n, "die %d shows face %d it does not have", i + 1, s->face[i]);
    }
    return 0;
}

/* The pending effects: kinds, regions and the hexes they hold, as a position may state them
 * (position_read.c, read_task), so the legal decisions below look up nothing out of range. */
static int check_tasks(const mb_state *s, const fc_env *env, char *msg, size_t n)
{
    const mb_data *D = DATA(env);
    for (int i = 0; i < s->ntask; i++) {
        const mb_task *t = &s->task[i];
        int k = t->kind;
        if (k >= TK_KINDS)
            return fail(msg, n, "task %d of unknown kind %d", i + 1, k);
        if (t->region == MB_ANY ? k == TK_FLAG : t->region >= D->nregions)
            return fail(msg, n, "task %d: region %d", i + 1, t->region);
        bool ranged = k == TK_PLACE || k == TK_CONS ? t->count >= 1 && t->count <= 3 && t->done < t->count
                      : k == TK_PAIR                ? t->done <= 1
                                                    : t->done == 0;
        if (!ranged)
            return fail(msg, n, "task %d: count %d and done %d do not fit its kind %d", i + 1, t->count, t->done, k);
        int held = k == TK_CONS ? t->count : k == TK_PLACE || k == TK_PAIR ? t->done : 0;
        for (int j = 0; j < held; j++)
            if (t->hex[j] >= D->nhex)
                return fail(msg, n, "task %d holds hex %d", i + 1, t->hex[j]);
    }
    return 0;
}

int mb_check(const void *st, const fc_env *env, char *msg, size_t n)
{
    const mb_state *s = st;
    if (check_board(s, env, msg, n) < 0 || check_round(s, env, msg, n) < 0 || check_dice(s, env, msg, n) < 0 ||
        check_tasks(s, env, msg, n) < 0)
        return -1;
    if (mb_to_move(s, env) != FC_NOBODY) {
        fc_decision buf[MB_MAX_DECISIONS];
        if (mb_legal(s, env, buf, NULL) < 1)
            return fail(msg, n, "no legal decision in phase %d", s->phase);
    }
    return 0;
}
