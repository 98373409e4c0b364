/* Hive evaluation: how the bots judge a position they do not search to the end.
 *
 * Hive is won by surrounding a Queen, so the pressure on each Queen dominates: a Queen's
 * occupied neighbours cost its owner more with every one (queen_nb_1..5), less for an own
 * piece that can step away again (queen_nb_free). Next comes what each side can still do: a
 * piece free to move (on top of its cell and not pinned by the One Hive rule, H-08) is worth
 * its bug's weight, a pinned or covered one nothing; pieces in hand keep options; a Beetle or
 * Mosquito on the enemy Queen holds it in place and stops the pieces under it; an own piece
 * pinned next to the enemy Queen is pressure that cannot be taken back; places to put pieces
 * down (spawn cells) and the move itself (tempo) count a little. The sum x of White's features
 * minus Black's becomes White's winning estimate 1 / (1 + exp(-x / scale)).
 *
 * The weights are data (plugins/hive/data/eval.csv, Formicary's own design, tuned by measured
 * play in docs/search.md), read once by data_load with the range each may take; the game
 * offers them by name (eval_weights) and evaluates with others (evaluate_weighted) for the
 * agent key weights=FILE and `formicary train-eval`. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hive.h"

static const char *const bug_letter = "QSBGAMLP";

/* The weight names in EV_* order. */
static void weight_name(int i, char *buf, size_t n)
{
    if (i == EV_SCALE)
        snprintf(buf, n, "scale");
    else if (i < EV_QUEEN_NB_FREE)
        snprintf(buf, n, "queen_nb_%d", i - EV_QUEEN_NB + 1);
    else if (i == EV_QUEEN_NB_FREE)
        snprintf(buf, n, "queen_nb_free");
    else if (i < EV_HAND)
        snprintf(buf, n, "free_%c", bug_letter[i - EV_FREE]);
    else if (i < EV_ON_QUEEN)
        snprintf(buf, n, "hand_%c", bug_letter[i - EV_HAND]);
    else
        snprintf(buf, n, "%s", (const char *[]){"on_queen", "pinned_at_queen", "spawn", "tempo"}[i - EV_ON_QUEEN]);
}

/* A one-line description of weight i, for listings of the weights (fc_eval_weight.doc). */
static const char *weight_doc(int i)
{
    if (i == EV_SCALE)
        return "the logistic curve's scale: White's estimate is 1 / (1 + exp(-x / scale))";
    if (i < EV_QUEEN_NB_FREE)
        return "cost of an own Queen with this many occupied neighbours";
    if (i == EV_QUEEN_NB_FREE)
        return "less cost for each of those neighbours that is an own piece free to move away";
    if (i < EV_HAND)
        return "an own piece of this bug on the board, on top and free to move";
    if (i < EV_ON_QUEEN)
        return "an own piece of this bug still in hand";
    return (const char *[]){"an own Beetle or Mosquito on top of the enemy Queen",
                            "an own pinned piece touching the enemy Queen",
                            "each cell (up to three) where the player may place, while pieces remain in hand",
                            "having the move"}[i - EV_ON_QUEEN];
}

/* A number field of the weights file (a tuned file has fractions): finite, within -10000..10000. */
static int read_number(const fc_host *h, fc_table *t, int row, const char *col, const char *path, double *out,
                       fc_error *err)
{
    const char *s = h->table_str(t, row, h->table_col(t, col));
    char *end = NULL;
    double x = strtod(s, &end);
    if (!*s || end == s || *end || !isfinite(x) || x < -10000 || x > 10000)
        return h->error_set(err, FC_EDATA, "%s:%d: column '%s': expected a number in -10000..10000, found '%.40s'",
                            path, h->table_line(t, row), col, s);
    *out = x;
    return 0;
}

/* Row `row`: weight i's value and range, checked. */
static int read_row(const fc_host *h, fc_table *t, int row, int i, const char *path, hv_data *D, fc_error *err)
{
    double v, lo, hi;
    int line = h->table_line(t, row), rc;
    if ((rc = read_number(h, t, row, "value", path, &v, err)) < 0 ||
        (rc = read_number(h, t, row, "lo", path, &lo, err)) < 0 || (rc = read_number(h, t, row, "hi", path, &hi, err)) < 0)
        return rc;
    if (!(lo < hi) || (i == EV_SCALE && lo <= 0))
        return h->error_set(err, FC_EDATA, "%s:%d: weight '%s': range %g..%g is empty%s", path, line, D->names[i], lo,
                            hi, i == EV_SCALE ? " or not above 0" : "");
    if (v < lo || v > hi)
        return h->error_set(err, FC_EDATA, "%s:%d: weight '%s': %g is out of its range %g..%g", path, line,
                            D->names[i], v, lo, hi);
    D->w[i] = v;
    D->defs[i] = (fc_eval_weight){D->names[i], v, lo, hi, weight_doc(i)};
    return 0;
}

static int read_weights(const fc_host *h, fc_table *t, const char *path, hv_data *D, fc_error *err)
{
    int line_of[EV_COUNT] = {0};
    if (h->table_col(t, "name") < 0 || h->table_col(t, "value") < 0 || h->table_col(t, "lo") < 0 ||
        h->table_col(t, "hi") < 0)
        return h->error_set(err, FC_EDATA, "%s: expected columns name,value,lo,hi", path);
    for (int i = 0; i < EV_COUNT; i++)
        weight_name(i, D->names[i], sizeof D->names[i]);
    for (int row = 0; row < h->table_rows(t); row++) {
        const char *name = h->table_str(t, row, h->table_col(t, "name"));
        int i = 0;
        while (i < EV_COUNT && strcmp(D->names[i], name) != 0)
            i++;
        if (i == EV_COUNT)
            return h->error_set(err, FC_EDATA, "%s:%d: unknown weight '%.40s'", path, h->table_line(t, row), name);
        if (line_of[i])
            return h->error_set(err, FC_EDATA, "%s:%d: weight '%s' given twice (first on line %d)", path,
                                h->table_line(t, row), name, line_of[i]);
        int rc = read_row(h, t, row, i, path, D, err);
        if (rc < 0)
            return rc;
        line_of[i] = h->table_line(t, row);
    }
    for (int i = 0; i < EV_COUNT; i++)
        if (!line_of[i])
            return h->error_set(err, FC_EDATA, "%s: missing weight '%s'", path, D->names[i]);
    return 0;
}

int hv_data_load(const fc_host *host, const fc_value *params, int nseats, const char *datadir, void **data,
                 fc_error *err)
{
    (void)params, (void)nseats;
    char path[1200];
    snprintf(path, sizeof path, "%s/eval.csv", datadir ? datadir : ".");
    fc_table *t = host->table_load(path, err);
    if (!t)
        return err ? err->code : FC_EDATA;
    hv_data *D = calloc(1, sizeof *D);
    int rc = D ? read_weights(host, t, path, D, err) : host->error_set(err, FC_ENOMEM, "out of memory");
    host->table_free(t);
    if (rc < 0) {
        free(D);
        return rc;
    }
    *data = D;
    return 0;
}

void hv_data_free(void *data) { free(data); }

/* One side's features, in weight units, for `color`. The sums are of doubles so that any weights
 * (a tuned file's fractions) go through the one code; with whole-number weights they are exact,
 * as integer sums were. */
static double side_value(const hv_state *s, const double *w, int color, uint32_t pinned, int spawn)
{
    double v = 0;
    int enemy_q = s->cell[(1 - color) * HV_KINDS], own_q = s->cell[color * HV_KINDS];
    uint32_t hand = hv_hand_mask(s, color);
    /* the terms in kind order, as ever (a sum of fractions depends on its order) */
    for (int k = 0; k < HV_KINDS; k++) {
        int p = color * HV_KINDS + k, c = s->cell[p], bug = hv_kind_bug[k];
        if (!((s->onboard >> p) & 1u)) {
            if ((hand >> k) & 1u) /* a kind of this game type */
                v += w[EV_HAND + bug];
            continue;
        }
        bool top = s->top[c] == p, free = top && (s->level[p] > 0 || !((pinned >> p) & 1u));
        if (free)
            v += w[EV_FREE + bug];
        if (top && enemy_q != HV_OFF && c == enemy_q && s->level[p] > 0)
            v += w[EV_ON_QUEEN];
        if (!free && enemy_q != HV_OFF && s->level[p] == 0 && hv_adjacent(c, enemy_q))
            v += w[EV_PINNED_AT_QUEEN];
    }
    if (own_q != HV_OFF) {
        int n = 0, own_free = 0, nb[6];
        hv_nbs(own_q, nb);
        for (int d = 0; d < 6; d++) {
            int t = s->top[nb[d]];
            if (t == HV_NONE)
                continue;
            n++;
            own_free += hv_color(t) == color && (s->level[t] > 0 || !((pinned >> t) & 1u));
        }
        if (n > 0)
            v -= w[EV_QUEEN_NB + (n > 5 ? 5 : n) - 1] - own_free * w[EV_QUEEN_NB_FREE];
    }
    if (hand != 0)
        v += w[EV_SPAWN] * (spawn > 3 ? 3 : spawn);
    return v;
}

void hv_evaluate_weighted(const hv_state *s, const double *w, double *value)
{
    if (s->result == GS_WHITE_WINS || s->result == GS_BLACK_WINS || s->result == GS_DRAW) {
        value[0] = s->result == GS_WHITE_WINS ? 1.0 : s->result == GS_DRAW ? 0.5 : 0.0;
        value[1] = 1.0 - value[0];
        return;
    }
    uint32_t pinned = hv_pinned(s);
    int spawn[2];
    hv_spawn_counts(s, 3, spawn); /* both colours from one pass over the hive, as many as count */
    double x = side_value(s, w, 0, pinned, spawn[0]) - side_value(s, w, 1, pinned, spawn[1]);
    x += s->turn & 1 ? -w[EV_TEMPO] : w[EV_TEMPO];
    double q = x / w[EV_SCALE];
    value[0] = 1.0 / (1.0 + exp(-q));
    value[1] = 1.0 - value[0];
}

void hv_evaluate(const hv_state *s, const hv_data *D, double *value) { hv_evaluate_weighted(s, D->w, value); }

int hv_eval_weights(const hv_data *D, const fc_eval_weight **out)
{
    *out = D->defs;
    return EV_COUNT;
}
