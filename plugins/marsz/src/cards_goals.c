/* Colony goals CG-01 .. CG-10 (R-49, R-72; cards.h): an on-play effect and the dormancy points
 * of the highest level reached (levels column: thresholds for 1, 2 and 3 points; CG-04 .. 06:
 * points per poorer neighbour, points for beating everyone, two-player points). */
#include <string.h>

#include "marsz.h"

static int level(const mz_card *C, int v)
{
    int pts = 0;
    for (int i = 0; i < 3; i++)
        if (v >= C->levels[i])
            pts = i + 1;
    return pts;
}

static void on_play(const fc_env *env, mz_state *s, int seat, int card)
{
    const mz_card *C = &MZ_D_(env)->card[card];
    mz_gain(env, s, seat, C->food, C->larvae, C->cards, C->points);
    if (C->steps) /* CG-02, CG-09: ant steps */
        mz_push_steps(s, seat, C->steps, STEP_ANT_ONLY);
    if (card == CG10) /* larvae to the Great Tunnel */
        mz_push(s, F_LARVA, seat, 0, LV_GT_ONLY, 0, C->n);
    if (card == CG03) /* wormhole on a tile you inhabit that has none */
        mz_push(s, F_TARGET, seat, card, 0, 0, 0);
}

static int cg03_legal(const fc_env *env, const mz_state *s, const mz_frame *f, fc_decision *out)
{
    int n = 0;
    for (int t = 1; t <= MZ_TILES; t++)
        if (s->loc[t].placed && !s->loc[t].wormhole && mz_inhabits(MZ_D_(env), s, f->seat, t))
            out[n++] = MZ_D(DK_TARGET, t, 0, 0);
    return n;
}

static void cg03_apply(const fc_env *env, mz_state *s, mz_frame *f, fc_decision d)
{
    (void)env, (void)f;
    mz_pop(s);
    s->loc[MZ_DA(d)].wormhole = 1;
}

static int count_spaces(const fc_env *env, const mz_state *s, int seat, int kind)
{
    const mz_data *D = MZ_D_(env);
    int n = 0;
    for (int t = 1; t <= MZ_TILES; t++)
        if (s->loc[t].placed)
            for (int i = 0; i < D->tile[t].nspaces; i++)
                n += s->loc[t].space[i] == seat + 1 && D->tile[t].space[i] == kind;
    return n;
}

/* CG-02: longest simple chain of controlled tiles joined by connections (DFS, <= 28 tiles). */
static int chain_from(const mz_data *D, const mz_state *s, uint32_t own, uint32_t used, int t)
{
    int best = 1;
    for (int u = 1; u <= MZ_TILES; u++)
        if ((own >> u & 1) && !(used >> u & 1) && mz_connected(D, s, t, u)) {
            int v = 1 + chain_from(D, s, own, used | 1u << u, u);
            if (v > best)
                best = v;
        }
    return best;
}

static uint32_t controlled(const mz_state *s, int seat)
{
    uint32_t m = 0;
    for (int t = 1; t <= MZ_TILES; t++)
        if (s->loc[t].placed && mz_controller(s, t) == seat)
            m |= 1u << t;
    return m;
}

static int longest_chain(const mz_data *D, const mz_state *s, int seat)
{
    uint32_t own = controlled(s, seat);
    int best = 0;
    for (int t = 1; t <= MZ_TILES; t++)
        if (own >> t & 1) {
            int v = chain_from(D, s, own, 1u << t, t);
            if (v > best)
                best = v;
        }
    return best;
}

/* CG-07: controlled tiles; CG-09: controlled tiles outside the inner meadow. */
static int control_count(const mz_data *D, const mz_state *s, int seat, int card)
{
    uint32_t own = controlled(s, seat);
    int n = 0;
    for (int t = 1; t <= MZ_TILES; t++)
        if ((own >> t & 1) && (card == CG07 || !mz_inner(D, s, t)))
            n++;
    return n;
}

/* What a level goal's thresholds count (-1 for CG-04 .. 06, which compare seats instead). */
static int goal_count(const fc_env *env, const mz_state *s, int seat, int card)
{
    const mz_data *D = MZ_D_(env);
    int n = 0;
    switch (card) {
    case CG01:
        return count_spaces(env, s, seat, RW_C);
    case CG02:
        return longest_chain(D, s, seat);
    case CG03:
        for (int t = 1; t <= MZ_TILES; t++)
            n += s->loc[t].placed && s->loc[t].wormhole && mz_inhabits(D, s, seat, t);
        return n;
    case CG07:
    case CG09:
        return control_count(D, s, seat, card);
    case CG08:
        return mz_evo_count(s, seat, SEG_HEAD);
    case CG10:
        return mz_ants_at(s, MZ_GT, seat);
    default:
        return -1;
    }
}

static int sc_level(const fc_env *env, const mz_state *s, int seat, int card)
{
    return level(&MZ_D_(env)->card[card], goal_count(env, s, seat, card));
}

double mz_goal_progress(const fc_env *env, const mz_state *s, int seat, int card)
{
    const mz_card *C = &MZ_D_(env)->card[card];
    int v = goal_count(env, s, seat, card), i = level(C, v);
    if (v < 0 || i >= 3)
        return 0;
    int from = i ? C->levels[i - 1] : 0;
    return C->levels[i] > from && v > from ? (double)(v - from) / (C->levels[i] - from) : 0;
}

static int resource(const mz_state *s, int p, int card)
{
    return card == CG04 ? s->seat[p].food : card == CG05 ? s->seat[p].larvae : s->seat[p].hand;
}

/* CG-04 .. CG-06 (A-33: strictly fewer). */
static int sc_compare(const fc_env *env, const mz_state *s, int seat, int card)
{
    const mz_card *C = &MZ_D_(env)->card[card];
    int n = s->nseats, mine = resource(s, seat, card);
    if (n == 2)
        return resource(s, 1 - seat, card) < mine ? C->levels[2] : 0;
    bool all = true;
    for (int p = 0; p < n; p++)
        if (p != seat && resource(s, p, card) >= mine)
            all = false;
    if (all)
        return C->levels[1];
    int left = (seat + 1) % n, right = (seat + n - 1) % n, v = 0;
    v += resource(s, left, card) < mine ? C->levels[0] : 0;
    if (right != left)
        v += resource(s, right, card) < mine ? C->levels[0] : 0;
    return v;
}

static bool cg03_playable(const fc_env *env, const mz_state *s, int seat, int card)
{
    (void)card;
    for (int t = 1; t <= MZ_TILES; t++)
        if (s->loc[t].placed && !s->loc[t].wormhole && mz_inhabits(MZ_D_(env), s, seat, t))
            return true;
    return false;
}

const mz_card_fx mz_fx_goals[10] = {
    [CG01 - CG01] = {NULL, on_play, NULL, NULL, sc_level},
    [CG02 - CG01] = {NULL, on_play, NULL, NULL, sc_level},
    [CG03 - CG01] = {cg03_playable, on_play, cg03_legal, cg03_apply, sc_level},
    [CG04 - CG01] = {NULL, on_play, NULL, NULL, sc_compare},
    [CG05 - CG01] = {NULL, on_play, NULL, NULL, sc_compare},
    [CG06 - CG01] = {NULL, on_play, NULL, NULL, sc_compare},
    [CG07 - CG01] = {NULL, on_play, NULL, NULL, sc_level},
    [CG08 - CG01] = {NULL, on_play, NULL, NULL, sc_level},
    [CG09 - CG01] = {NULL, on_play, NULL, NULL, sc_level},
    [CG10 - CG01] = {NULL, on_play, NULL, NULL, sc_level},
};
