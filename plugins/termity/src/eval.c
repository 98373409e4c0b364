/* Termity evaluation: how the bots judge a position they do not play to the end.
 *
 * Only mounds score, and a mound changes hands only by capture, so a seat's
 * worth starts from its score and adds what its termites can still do: combat strength on the
 * board and still to deploy, fading as the seat's tokens run out (they only help to capture or
 * to break up attacks); the best mound it could capture at its next Movement phase (adjacent
 * units, Nasute support from two hexes and the slime bonus stronger than the mound's value,
 * ), worth more for the seat that moves next than for the others, with the owner
 * losing as much; and the strength it has gathered around hostile mounds. A seat's lead over its
 * best opponent is squashed into [0, 1]. The new terms are separate sums, so with their weights
 * at 0 the evaluation is exactly the earlier one (tests/game/termity/test_termity_eval.c).
 *
 * The weights are data (plugins/termity/data/eval.csv, Formicary's own design), read once by
 * data_load; agents may play with others (evaluate_weighted, API minor 7). */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "termity.h"

static const char *const weight_name[TM_W_COUNT] = {"scale",       "strength",      "fade",    "unplayed",
                                                    "capture_now", "capture_later", "pressure"};
static const char *const weight_doc[TM_W_COUNT] = {
    "the lead in points that counts as a clear advantage",
    "each strength point of an own unit on the board",
    "how much of the strength terms is gone once all the seat's tokens are played",
    "each strength point of the tokens still in hand and stack",
    "share of the best mound the seat moving next could capture (the owner loses as much)",
    "share of the best mound another seat could capture at its turn (the owner loses as much)",
    "each strength point gathered against a hostile mound, up to its value + 1"};

/* A data error at `row`: one line "path:line: message". */
static int fail(const fc_host *h, fc_error *err, const char *path, const fc_table *t, int row, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));
static int fail(const fc_host *h, fc_error *err, const char *path, const fc_table *t, int row, const char *fmt, ...)
{
    char what[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    return h->error_set(err, FC_EDATA, "%s:%d: %s", path, h->table_line(t, row), what);
}

/* A number field; -1 with the error set when it is not one. */
static int read_num(const fc_host *h, const fc_table *t, int row, const char *col, const char *path, double *out,
                    fc_error *err)
{
    const char *s = h->table_str(t, row, h->table_col(t, col));
    char *end;
    double v = strtod(s, &end);
    if (end == s || *end || !isfinite(v) || fabs(v) > 1e4)
        return h->error_set(err, FC_EDATA, "%s:%d: %s: expected a number between -10000 and 10000, found '%s'",
                            path, h->table_line(t, row), col, s);
    *out = v;
    return 0;
}

static int read_weights(const fc_host *h, const fc_table *t, const char *path, tm_data *D, fc_error *err)
{
    int line_of[TM_W_COUNT] = {0};
    for (int row = 0; row < h->table_rows(t); row++) {
        const char *name = h->table_str(t, row, h->table_col(t, "name"));
        int i = 0, rc;
        while (i < TM_W_COUNT && strcmp(weight_name[i], name) != 0)
            i++;
        if (i == TM_W_COUNT)
            return fail(h, err, path, t, row, "unknown weight '%s'", name);
        if (line_of[i])
            return fail(h, err, path, t, row, "weight '%s' given twice (first on line %d)", name, line_of[i]);
        fc_eval_weight *w = &D->eval[i];
        if ((rc = read_num(h, t, row, "value", path, &w->value, err)) < 0 ||
            (rc = read_num(h, t, row, "lo", path, &w->lo, err)) < 0 ||
            (rc = read_num(h, t, row, "hi", path, &w->hi, err)) < 0)
            return rc;
        if (w->lo > w->hi || w->value < w->lo || w->value > w->hi)
            return fail(h, err, path, t, row, "weight '%s': value %g outside lo..hi %g..%g", name, w->value, w->lo,
                        w->hi);
        if (i == TM_W_SCALE && w->lo <= 0)
            return fail(h, err, path, t, row, "weight 'scale': lo must be above 0 (it divides)");
        w->name = weight_name[i];
        w->doc = weight_doc[i];
        D->eval_w[i] = w->value;
        line_of[i] = h->table_line(t, row);
    }
    for (int i = 0; i < TM_W_COUNT; i++)
        if (!line_of[i])
            return h->error_set(err, FC_EDATA, "%s: missing weight '%s'", path, weight_name[i]);
    return 0;
}

int tm_eval_load(const fc_host *h, const char *datadir, tm_data *D, fc_error *err)
{
    char path[1100];
    snprintf(path, sizeof path, "%s/eval.csv", datadir);
    fc_table *t = h->table_load(path, err);
    if (!t)
        return err && err->code < 0 ? err->code : FC_EIO;
    int rc = 0;
    static const char *const cols[] = {"name", "value", "lo", "hi"};
    for (int i = 0; i < 4 && rc == 0; i++)
        if (h->table_col(t, cols[i]) < 0)
            rc = h->error_set(err, FC_EDATA, "%s: missing column '%s'", path, cols[i]);
    if (rc == 0)
        rc = read_weights(h, t, path, D, err);
    h->table_free(t);
    return rc;
}

int tm_eval_weights(const fc_env *env, const fc_eval_weight **out)
{
    *out = ((const tm_data *)env->data)->eval;
    return TM_W_COUNT;
}

/* The seat whose Movement phase comes next, or -1 (setup, building, game over). */
static int next_mover(const tm_state *s)
{
    switch (s->phase) {
    case PH_DEPLOY:
    case PH_DEPLOY_HEX:
    case PH_DISCARD:
    case PH_MOVE:
    case PH_MOVE_DEST: return s->turn;
    case PH_DRAW: return s->after_draw == PH_MOVE ? s->turn : -1;
    case PH_RETREAT:
    case PH_ATK_MOUND:
    case PH_REPLACE: return (s->turn + 1) % s->nseats;
    default: return -1;
    }
}

/* Capture threats and pressure: for each seat the value of the best hostile mound its units
 * could take (0 = none) and that mound's owner (TM_NEUTRAL for none), and its pressure. */
static void threats(const tm_data *D, const tm_state *s, int *best, int *owner, int *pressure)
{
    uint8_t mc[TM_MAX_CELLS];
    int nm = 0;
    for (int c = 0; c < D->ncells; c++)
        if (TM_IS_MOUND(s->piece[c]))
            mc[nm++] = (uint8_t)c;
    for (int i = 0; i < s->nseats; i++) {
        best[i] = 0, owner[i] = TM_NEUTRAL, pressure[i] = 0;
        for (int m = 0; m < nm; m++) {
            int code = s->piece[mc[m]], own = TM_M_OWNER(code), value = tm_mound_value(D, code), power = 0;
            bool enter = false;
            if (own == i)
                continue;
            for (uint32_t b = s->seat[i].board; b; b &= b - 1) {
                int tok = tm_lowest(b), uc = s->seat[i].tok_cell[tok], d = D->dist[uc][mc[m]];
                const tm_caste *C = tm_caste_of(D, s, i, tok);
                if (d < 1 || d > C->support_range)
                    continue;
                power += tm_token_of(D, s, i, tok)->strength + (C->slime && D->terrain_def[s->terrain[uc]].slime);
                int cost = C->cost[s->terrain[mc[m]]];
                enter |= d == 1 && cost >= 0 && cost <= C->mp;
            }
            pressure[i] += power < value + 1 ? power : value + 1;
            if (enter && power > value && value > best[i])
                best[i] = value, owner[i] = own;
        }
    }
}

void tm_evaluate_weighted(const void *st, const fc_env *env, const double *w, double *value)
{
    const tm_state *s = st;
    const tm_data *D = env->data;
    double base[TM_SEATS], extra[TM_SEATS] = {0};
    int best[TM_SEATS], owner[TM_SEATS], pressure[TM_SEATS], mover = next_mover(s);
    /* threats are not computed when their weights are 0 (the game is over: nothing to capture) */
    bool live = s->phase != PH_OVER &&
                (w[TM_W_CAPTURE_NOW] != 0 || w[TM_W_CAPTURE_LATER] != 0 || w[TM_W_PRESSURE] != 0);
    if (live)
        threats(D, s, best, owner, pressure);
    for (int i = 0; i < s->nseats; i++) {
        int str = 0, unplayed = 0;
        for (uint32_t m = s->seat[i].board; m; m &= m - 1)
            str += tm_token_of(D, s, i, __builtin_ctz(m))->strength;
        uint32_t left = s->seat[i].hand | s->seat[i].stack;
        for (uint32_t m = left; m; m &= m - 1)
            unplayed += tm_token_of(D, s, i, __builtin_ctz(m))->strength;
        int ntok = D->swarm[s->swarm[i]].ntok;
        double fade = 1.0 - w[TM_W_FADE] * (ntok ? 1.0 - __builtin_popcount(left) / (double)ntok : 1.0);
        base[i] = tm_score(s, env, i) + w[TM_W_STRENGTH] * str * fade;
        extra[i] += w[TM_W_UNPLAYED] * unplayed * fade;
        if (!live)
            continue;
        extra[i] += w[TM_W_PRESSURE] * pressure[i] * fade;
        if (best[i]) {
            double cap = (i == mover ? w[TM_W_CAPTURE_NOW] : w[TM_W_CAPTURE_LATER]) * best[i];
            extra[i] += cap;
            if (owner[i] != TM_NEUTRAL)
                extra[owner[i]] -= cap;
        }
    }
    for (int i = 0; i < s->nseats; i++)
        base[i] += extra[i];
    for (int i = 0; i < s->nseats; i++) {
        double top = -1e9;
        for (int j = 0; j < s->nseats; j++)
            if (j != i && base[j] > top)
                top = base[j];
        value[i] = 1.0 / (1.0 + exp(-(base[i] - top) / w[TM_W_SCALE]));
    }
}

void tm_evaluate(const void *st, const fc_env *env, double *value)
{
    tm_evaluate_weighted(st, env, ((const tm_data *)env->data)->eval_w, value);
}
