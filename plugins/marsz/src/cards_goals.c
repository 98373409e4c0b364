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

static int sc_cards_spaces(const fc_env *env, const mz_state *s, int seat, int card)
{
    return level(&MZ_D_(env)->card[card], count_spaces(env, s, seat, RW_C));
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

static int sc_chain(const fc_env *env, const mz_state *s, int seat, int card)
{
    const mz_data *D = MZ_D_(env);
    uint32_t own = controlled(s, seat);
    int best = 0;
    for (int t = 1; t <= MZ_TILES; t++)
        if (own >> t & 1) {
            int v = chain_from(D, s, own, 1u << t, t);
            if (v > best)
                best = v;
        }
    return level(&D->card[card], best);
}

static int sc_wormholes(const fc_env *env, const mz_state *s, int seat, int card)
{
    int n = 0;
    for (int t = 1; t <= MZ_TILES; t++)
        n += s->loc[t].placed && s->loc[t].wormhole && mz_inhabits(MZ_D_(env), s, seat, t);
    return level(&MZ_D_(env)->card[card], n);
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

static int sc_control(const fc_env *env, const mz_state *s, int seat, int card)
{
    const mz_data *D = MZ_D_(env);
    uint32_t own = controlled(s, seat);
    int n = 0;
    for (int t = 1; t <= MZ_TILES; t++)
        if ((own >> t & 1) && (card == CG07 || !mz_inner(D, s, t)))
            n++;
    return level(&D->card[card], n);
}

static int sc_heads(const fc_env *env, const mz_state *s, int seat, int card)
{
    return level(&MZ_D_(env)->card[card], mz_evo_count(s, seat, SEG_HEAD));
}

static int sc_tunnel(const fc_env *env, const mz_state *s, int seat, int card)
{
    return level(&MZ_D_(env)->card[card], mz_ants_at(s, MZ_GT, seat));
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
    [CG01 - CG01] = {NULL, on_play, NULL, NULL, sc_cards_spaces},
    [CG02 - CG01] = {NULL, on_play, NULL, NULL, sc_chain},
    [CG03 - CG01] = {cg03_playable, on_play, cg03_legal, cg03_apply, sc_wormholes},
    [CG04 - CG01] = {NULL, on_play, NULL, NULL, sc_compare},
    [CG05 - CG01] = {NULL, on_play, NULL, NULL, sc_compare},
    [CG06 - CG01] = {NULL, on_play, NULL, NULL, sc_compare},
    [CG07 - CG01] = {NULL, on_play, NULL, NULL, sc_control},
    [CG08 - CG01] = {NULL, on_play, NULL, NULL, sc_heads},
    [CG09 - CG01] = {NULL, on_play, NULL, NULL, sc_control},
    [CG10 - CG01] = {NULL, on_play, NULL, NULL, sc_tunnel},
};
