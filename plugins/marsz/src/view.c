/* View for front ends, determinization of hidden information (hands,
 * deck order, uncommitted ferocity cards, tile stack) and the invariant check. */
#include <stdio.h>
#include <string.h>

#include "marsz.h"

static const char *const seat_names[MZ_SEATS] = {"Red", "Blue", "Yellow", "Black", "Purple"};
static const char reward_glyph[RW_KINDS][3] = {"F", "L", "LL", "C", "P"};

static void ants_glyphs(const mz_state *s, int loc, char *g)
{
    int k = 0;
    for (int p = 0; p < s->nseats && k < 6; p++) {
        int a = mz_ants_at(s, loc, p);
        for (int i = 0; i < a && k < 6; i++)
            g[k++] = (char)('1' + p);
    }
    if (loc && s->loc[loc].centipede && k < 7)
        g[k++] = 'C';
    if (loc && s->loc[loc].wormhole && k < 7)
        g[k++] = 'W';
    g[k] = '\0';
}

/* The same content as pieces (API minor 5): each seat's ants as one counted stack. */
static void ants_pieces(const mz_state *s, int loc, const fc_host *h, fc_view *v, const fc_view_cell *c)
{
    for (int p = 0; p < s->nseats; p++) {
        int a = mz_ants_at(s, loc, p);
        if (a > 0)
            h->view_piece(v, c, FC_PIECE_WORKER, p, a, (char[2]){(char)('1' + p), 0});
    }
    if (loc && s->loc[loc].centipede)
        h->view_piece(v, c, FC_PIECE_PREY, -1, 1, "C");
    if (loc && s->loc[loc].wormhole)
        h->view_piece(v, c, FC_PIECE_TOKEN, -1, 1, "W");
}

static int cards_text(const fc_env *env, const mz_state *s, int loc, int seat, char *buf, size_t n)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int c = 0; c < MZ_CARDS && len + 8 < n; c++)
        if (s->card_loc[c] == loc && s->card_seat[c] == seat)
            len += (size_t)snprintf(buf + len, n - len, "%s%s", len ? " " : "", MZ_D_(env)->card[c].id);
    return (int)len;
}

int mz_tile_open_text(const mz_data *D, int t, int rot, char *buf, size_t n)
{
    /* edge e faces (q, r) + DQ/DR[e] (the view's links below): NW NE E SE SW W */
    static const char *const edge_name[6] = {"NW", "NE", "E", "SE", "SW", "W"};
    int r = ((rot % 6) + 6) % 6, len = 0;
    uint8_t m = (uint8_t)(((D->tile[t].mask << r) | (D->tile[t].mask >> (6 - r))) & 0x3F);
    buf[0] = '\0';
    for (int e = 0; e < 6 && (size_t)len < n; e++)
        if (m >> e & 1)
            len += snprintf(buf + len, n - (size_t)len, "%s%s", len ? " " : "", edge_name[e]);
    return len;
}

int mz_tile_text(const mz_data *D, int t, int rot, char *buf, size_t n)
{
    const mz_tile *T = &D->tile[t];
    int len = snprintf(buf, n, "T-%d %s (", t, T->name);
    for (int i = 0; i < T->nspaces && len >= 0 && (size_t)len < n; i++)
        len += snprintf(buf + len, n - (size_t)len, "%s%s%s", i ? " " : "", i == 0 ? "*" : "", reward_glyph[T->space[i]]);
    char open[24];
    mz_tile_open_text(D, t, rot, open, sizeof open);
    if (len >= 0 && (size_t)len < n)
        len += snprintf(buf + len, n - (size_t)len, "), open %s", open);
    return len;
}

int mz_tile_pending(const mz_state *s)
{
    const mz_frame *f = s->nframes ? &s->frame[s->nframes - 1] : NULL;
    return f && f->kind == F_PLACE && f->a >= 1 && f->a <= MZ_TILES ? f->a : 0;
}

/* The tiles drawn and waiting (API minor 8): the one being placed, or the two to pick from. */
static void pending_items(const mz_state *s, const mz_data *D, const fc_host *h, fc_view *v)
{
    if (!FC_HOST_HAS(h, view_item) || !s->nframes)
        return;
    const mz_frame *f = &s->frame[s->nframes - 1];
    int tiles[2] = {0, 0};
    if (f->kind == F_PLACE)
        tiles[0] = f->a;
    else if (f->kind == F_PICKTILE)
        tiles[0] = f->a, tiles[1] = f->b;
    for (int i = 0; i < 2; i++) {
        if (tiles[i] < 1 || tiles[i] > MZ_TILES)
            continue;
        char name[FC_VIEW_STR], glyph[6];
        mz_tile_text(D, tiles[i], 0, name, sizeof name);
        snprintf(glyph, sizeof glyph, "T%d", tiles[i] % 100);
        h->view_item(v, tiles[i], -1, FC_PIECE_TILE, -1, 1, glyph, name);
    }
}

/* The Great Tunnel's cells; its centre cell carries the ants, their glyphs and the reward. */
static void view_tunnel(const mz_state *s, const mz_data *D, const fc_host *h, fc_view *v)
{
    char g[8];
    ants_glyphs(s, MZ_GT, g);
    for (int i = 0; i < MZ_GT_CELLS; i++) {
        fc_view_cell *c = h->view_cell(v, fc_hex_make(D->gt_q[i], D->gt_r[i]), FC_TERRAIN_TUNNEL, "Great Tunnel");
        c->owner = -1;
        c->region = 0;
        if (i == 0) {
            snprintf(c->glyphs, sizeof c->glyphs, "%s", g);
            ants_pieces(s, MZ_GT, h, v, c);
            snprintf(c->label, sizeof c->label, "Great Tunnel: %d ants; reward %s", mz_loc_total(s, MZ_GT),
                     D->reward[s->reward_cur].id);
        }
    }
}

/* A placed tile: its cell (controller, ants, contested), its label and its openings. */
static void view_tile(const mz_state *s, const mz_data *D, const fc_host *h, fc_view *v, int t)
{
    const mz_loc *L = &s->loc[t];
    const mz_tile *T = &D->tile[t];
    fc_view_cell *c = h->view_cell(v, fc_hex_make(L->q, L->r), T->kind == 2 ? FC_TERRAIN_DIRT : FC_TERRAIN_GRASS,
                                   T->name);
    c->region = (int16_t)t;
    c->owner = (int8_t)mz_controller(s, t);
    ants_glyphs(s, t, c->glyphs);
    ants_pieces(s, t, h, v, c);
    if (mz_contested(s, t))
        h->view_highlight(v, c, FC_HL_THREATENED);
    char sp[48];
    size_t len = 0;
    for (int i = 0; i < T->nspaces; i++)
        len += (size_t)snprintf(sp + len, sizeof sp - len, "%s%s%s=%c", i ? " " : "", i == 0 ? "*" : "",
                                reward_glyph[T->space[i]], L->space[i] ? '0' + L->space[i] : '-');
    int out = 0;
    for (int p = 0; p < s->nseats; p++)
        out += L->out[p];
    char lab[192];
    snprintf(lab, sizeof lab, "T-%d %s [%s] out %d%s%s%s", t, T->name, sp, out, L->centipede ? " centipede" : "",
             L->wormhole ? " wormhole" : "", mz_contested(s, t) ? " contested" : "");
    snprintf(c->label, sizeof c->label, "%.95s", lab);
    uint8_t m = mz_placed_mask(D, s, t);
    for (int e = 0; e < 6 && v->nlinks < FC_VIEW_MAX_LINKS; e++)
        if (m >> e & 1) {
            static const int8_t DQ[6] = {0, 1, 1, 0, -1, -1}, DR[6] = {-1, -1, 0, 1, 1, 0};
            h->view_link(v, fc_hex_make(L->q, L->r), fc_hex_make(L->q + DQ[e], L->r + DR[e]), -1, "opening");
        }
}

/* Seat p's panel as `seat` sees it: score, species, colony, hand (hidden but for its owner or
 * open hands), evolutions, goals and face-down ferocity cards. */
static void view_seat_panel(const fc_env *env, const mz_state *s, int seat, int p, fc_view *v)
{
    const mz_data *D = MZ_D_(env);
    const fc_host *h = env->host;
    const mz_seat *P = &s->seat[p];
    char buf[96];
    h->view_panel(v, p, "score", "%d", P->score);
    if (P->species)
        h->view_panel(v, p, "species", "%s (%s%s)", D->sp[P->species].name, D->sp[P->species].action,
                      P->unique_used ? ", used" : "");
    h->view_panel(v, p, "colony", "%d ants, %d larvae, %d eggs, %d food", mz_ants_total(s, p), P->larvae, P->eggs,
                  P->food);
    if (p == seat || D->open_hands) {
        cards_text(env, s, CL_HAND, p, buf, sizeof buf);
        h->view_panel(v, p, "hand", "%d cards: %s", P->hand, buf);
    } else
        h->view_panel(v, p, "hand", "%d cards (hidden)", P->hand);
    size_t len = 0;
    buf[0] = '\0';
    static const char *const segn[3] = {"head", "thorax", "abdomen"};
    for (int sg = 0; sg < 3; sg++) {
        int top = mz_top_evo(s, p, sg);
        len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%s %d%s%s", sg ? ", " : "", segn[sg], P->npile[sg],
                                top >= 0 ? " top " : "", top >= 0 ? D->card[top].id : "");
    }
    h->view_panel(v, p, "evolutions", "%s", buf);
    cards_text(env, s, CL_GOAL, p, buf, sizeof buf);
    h->view_panel(v, p, "goals", "%s", buf[0] ? buf : "none");
    int nf = (P->fer[0] != MZ_NONE) + (P->fer[1] != MZ_NONE);
    if (nf)
        h->view_panel(v, p, "ferocity", "%d card(s) face down", nf);
}

/* The shared texts (rest row, supply, defender) and the legend. */
static void view_texts(const mz_state *s, const mz_data *D, const fc_host *h, fc_view *v)
{
    char row[96];
    size_t len = 0;
    row[0] = '\0';
    for (int i = 0; i < MZ_REST && len + 24 < sizeof row; i++)
        if (s->rest_row[i])
            len += (size_t)snprintf(row + len, sizeof row - len, "%s%s", len ? " " : "", D->rest[i].id);
    h->view_text(v, "rest row", "%s", row[0] ? row : "empty");
    h->view_text(v, "supply", "deck %d, discard %d, tile stack %d", s->ndeck, s->ndisc, s->nstack);
    h->view_text(v, "defender", "%s", s->gt_defender == MZ_NONE ? "nobody" : seat_names[s->gt_defender]);
    h->view_legend(v, "1-5", "an ant of seat 1-5 (one glyph per ant, up to 6)");
    h->view_legend(v, "C", "a centipede on the tile");
    h->view_legend(v, "W", "a wormhole marker on the tile");
    h->view_legend(v, "*F=2", "a tile's harvest spaces in labels: * control space, reward, occupying seat (- empty)");
}

void mz_view(const void *st, const fc_env *env, int seat, fc_view *v)
{
    const mz_state *s = st;
    const mz_data *D = MZ_D_(env);
    const fc_host *h = env->host;
    static const char *const phases[] = {"worker phase", "thorax reactions", "soldier phase", "queen phase",
                                         "dormancy", "over"};
    int ph = s->nframes ? s->frame[0].b : PS_OVER;
    bool setup = false; /* S-2P-1 start tiles, the R-83 draft: before the first worker phase */
    for (int i = 0; i < s->nframes; i++)
        setup |= s->frame[i].kind == F_SETUP2P || s->frame[i].kind == F_DRAFT ||
                 (s->frame[i].kind == F_PLACE && s->frame[i].b == 2);
    h->view_title(v, "March of the Ants - round %d of %d, %s", s->round, D->rounds,
                  s->over ? "game over" : setup ? "setup" : phases[ph > 0 ? ph - 1 : 0]);
    for (int p = 0; p < s->nseats; p++)
        snprintf(v->seat_names[p], sizeof v->seat_names[p], "%s", seat_names[p]);
    view_tunnel(s, D, h, v);
    for (int t = 1; t <= MZ_TILES; t++)
        if (s->loc[t].placed)
            view_tile(s, D, h, v, t);
    pending_items(s, D, h, v);
    h->view_track(v, "round", s->round, D->rounds, "round %d of %d", s->round, D->rounds);
    h->view_track(v, "centipede size", mz_size(D, s), D->track_size[MZ_TRACK - 1], "CT-%d size %d", s->size_pos + 1,
                  mz_size(D, s));
    for (int p = 0; p < s->nseats; p++)
        view_seat_panel(env, s, seat, p, v);
    view_texts(s, D, h, v);
}

/* The rule (or card) that governs the current decision, for a front end's rules key. */
const char *mz_phase_topic(const void *st, const fc_env *env)
{
    const mz_state *s = st;
    const mz_frame *f = mz_ctop(s);
    if (!f)
        return "R-74";
    switch (f->kind) {
    case F_TURN: return "R-26";
    case F_BONUS: return "EV-10";
    case F_PICKTILE: return "TX-08";
    case F_PLACE: return f->b == 2 ? "S-2P-1" : "R-09";
    case F_ENTER: return "R-28";
    case F_STEPS: return "R-33";
    case F_DISCARD: return f->b == DW_ANTLION ? "T-25" : f->b == DW_REACT ? "R-37" : "R-30";
    case F_PAY: return "R-43";
    case F_REFILL: return "R-13";
    case F_REACT:
    case F_REACT_DO: return "R-27";
    case F_THORAX: return "R-41";
    case F_SHOOT: return "HD-05";
    case F_HD06: return "HD-06";
    case F_FEROCITY: return "R-55";
    case F_REMOVE: return f->b == RM_FEED ? "R-68" : f->b == RM_CENTI ? "R-63" : "R-58";
    case F_SPOIL: return "R-59";
    case F_CENTI_ASK: return "R-61";
    case F_FEED: return "R-68";
    case F_QCHOICE: return "R-70";
    case F_SETUP2P: return "S-2P-1";
    case F_DRAFT: return "R-83";
    case F_LARVA: return "R-03";
    case F_PEEK: return "RT-12";
    case F_LAIR: return "T-26";
    case F_GOALDROP: return "R-49";
    case F_RITUAL:
    case F_EXPAND:
    case F_WILD:
    case F_PROPHECY: return "V-5";
    case F_TARGET:
    case F_OPTION:
    case F_SWAP:
    case F_EVO_FREE:
    case F_CTHEFT:
        if (f->a < MZ_CARDS)
            return MZ_D_(env)->card[f->a].id; /* lives as long as the match's game data */
        return f->a == 100 + TE_CENTI_NEST ? "T-24" : f->a == 100 + TE_SINKHOLE ? "T-28" : NULL;
    default: return NULL;
    }
}

/* Resamples what `seat` cannot see: other hands and face-down ferocity cards (counts kept),
 * the deck order (except the R-83 block at the bottom), the tile stack within start/other
 * tiles (except RT-12 peeked tiles known to seat and TX-08 tiles put under), and the RNG. */
void mz_determinize(void *st, const fc_env *env, int seat, fc_rng *rng)
{
    mz_state *s = st;
    const mz_data *D = MZ_D_(env);
    uint8_t pool[MZ_CARDS];
    int np = 0;
    bool hide_hands = !D->open_hands, drafting = false;
    for (int i = 0; i < s->nframes; i++)
        drafting |= s->frame[i].kind == F_DRAFT;
    /* during the draft, other players' offers (in limbo) are hidden like hands */
#define HIDDEN_SLOT(l, who) \
    (hide_hands && (who) != seat && \
     ((l) == CL_HAND || (l) == CL_FEROCITY || ((l) == CL_LIMBO && drafting && (who) != MZ_NONE)))
    for (int c = 0; c < MZ_CARDS; c++) {
        int l = s->card_loc[c], who = s->card_seat[c];
        bool hidden = (l == CL_DECK) || HIDDEN_SLOT(l, who);
        if (l == CL_DECK) {
            int i = 0;
            while (i < s->ndeck && s->deck[i] != c)
                i++;
            if (i < s->draft_bottom)
                hidden = false;
        }
        if (hidden)
            pool[np++] = (uint8_t)c;
    }
    mz_shuffle(rng, pool, np);
    /* the hidden slots, taken from the state before anything is reassigned */
    uint8_t slot_loc[MZ_CARDS], slot_who[MZ_CARDS], slot_card[MZ_CARDS];
    int ns = 0;
    for (int c = 0; c < MZ_CARDS; c++) {
        int l = s->card_loc[c], who = s->card_seat[c];
        if (HIDDEN_SLOT(l, who)) {
            slot_loc[ns] = (uint8_t)l;
            slot_who[ns] = (uint8_t)who;
            slot_card[ns++] = (uint8_t)c;
        }
    }
#undef HIDDEN_SLOT
    int k = 0;
    for (int i = 0; i < ns; i++) {
        int nc = pool[k++], l = slot_loc[i], who = slot_who[i];
        s->card_loc[nc] = (uint8_t)(l | 0x80);
        s->card_seat[nc] = (uint8_t)who;
        if (l == CL_FEROCITY)
            for (int j = 0; j < 2; j++)
                if (s->seat[who].fer[j] == slot_card[i])
                    s->seat[who].fer[j] = (uint8_t)(nc | 0x80); /* marked: cleared below */
    }
    for (int i = s->draft_bottom; i < s->ndeck; i++) {
        int nc = pool[k++];
        s->deck[i] = (uint8_t)nc;
        s->card_loc[nc] = CL_DECK | 0x80;
        s->card_seat[nc] = MZ_NONE;
    }
    for (int p = 0; p < s->nseats; p++)
        for (int j = 0; j < 2; j++)
            if (s->seat[p].fer[j] != MZ_NONE)
                s->seat[p].fer[j] &= 0x7F;
    for (int c = 0; c < MZ_CARDS; c++)
        s->card_loc[c] &= 0x7F;
    /* tiles */
    int lo = s->bottom_known, hi = s->nstack - (s->peek_seat == seat ? s->peeked : 0);
    for (int pass = 0; pass < 2; pass++) {
        uint8_t idx[MZ_TILES], val[MZ_TILES];
        int m = 0;
        for (int i = lo; i < hi; i++)
            if ((s->stack[i] <= 10) == (pass == 0)) {
                idx[m] = (uint8_t)i;
                val[m++] = s->stack[i];
            }
        mz_shuffle(rng, val, m);
        for (int i = 0; i < m; i++)
            s->stack[idx[i]] = val[i];
    }
    mz_rng_seed(&s->rng, mz_rng_next(rng) ^ 78);
}

#define FAIL(...) \
    do { \
        snprintf(msg, n, __VA_ARGS__); \
        return -1; \
    } while (0)

int mz_check(const void *st, const fc_env *env, char *msg, size_t n)
{
    const mz_state *s = st;
    const mz_data *D = MZ_D_(env);
    if (s->nseats != env->nseats)
        FAIL("%d seats, the match has %d", s->nseats, env->nseats);
    for (int p = 0; p < s->nseats; p++) {
        const mz_seat *P = &s->seat[p];
        int total = P->eggs + P->larvae + mz_ants_total(s, p);
        if (total != D->pieces)
            FAIL("seat %d has %d pieces (eggs %d larvae %d ants %d), expected %d", p, total, P->eggs, P->larvae,
                 mz_ants_total(s, p), D->pieces);
        if (P->food > 200)
            FAIL("seat %d food %d out of range", p, P->food);
        if (P->ngoals > D->max_goals && P->species != SP_VISIONARY)
            FAIL("seat %d has %d goals", p, P->ngoals);
        int hand = 0, goals = 0, evo = 0;
        for (int c = 0; c < MZ_CARDS; c++) {
            hand += s->card_loc[c] == CL_HAND && s->card_seat[c] == p;
            goals += s->card_loc[c] == CL_GOAL && s->card_seat[c] == p;
            evo += s->card_loc[c] == CL_EVO && s->card_seat[c] == p;
        }
        if (hand != P->hand || goals != P->ngoals || evo != P->npile[0] + P->npile[1] + P->npile[2])
            FAIL("seat %d card counts: hand %d/%d goals %d/%d evolutions %d", p, hand, P->hand, goals, P->ngoals, evo);
        for (int sg = 0; sg < 3; sg++)
            for (int i = 0; i < P->npile[sg]; i++) {
                int c = P->pile[sg][i];
                if (i >= MZ_PILE || c >= MZ_CARDS)
                    FAIL("seat %d pile %d: %d cards, card %d at %d", p, sg, P->npile[sg], i < MZ_PILE ? c : -1, i);
                if (s->card_loc[c] != CL_EVO || s->card_seat[c] != p || D->card[c].seg != sg)
                    FAIL("seat %d pile %d holds %s wrongly", p, sg, D->card[c].id);
            }
    }
    int indeck = 0;
    for (int c = 0; c < MZ_CARDS; c++) {
        if (s->card_loc[c] > CL_LIMBO)
            FAIL("card %s has location %d", D->card[c].id, s->card_loc[c]);
        indeck += s->card_loc[c] == CL_DECK;
    }
    int indisc = 0;
    for (int c = 0; c < MZ_CARDS; c++)
        indisc += s->card_loc[c] == CL_DISCARD;
    if (indisc != s->ndisc)
        FAIL("discard pile counted %d but %d cards are there", s->ndisc, indisc);
    if (indeck != s->ndeck)
        FAIL("deck holds %d cards but %d are marked in the deck", s->ndeck, indeck);
    for (int i = 0; i < s->ndeck; i++)
        if (s->deck[i] >= MZ_CARDS)
            FAIL("deck position %d holds card %d", i, s->deck[i]);
        else if (s->card_loc[s->deck[i]] != CL_DECK)
            FAIL("deck position %d holds %s which is not in the deck", i, D->card[s->deck[i]].id);
    for (int t = 1; t <= MZ_TILES; t++) {
        const mz_loc *L = &s->loc[t];
        for (int i = 0; i < MZ_SPACES; i++) {
            if (L->space[i] > s->nseats || (i >= D->tile[t].nspaces && L->space[i]))
                FAIL("T-%d space %d holds %d", t, i, L->space[i]);
            if (!L->placed && L->space[i])
                FAIL("T-%d is not placed but holds ants", t);
        }
        if (L->placed)
            for (int u = t + 1; u <= MZ_TILES; u++)
                if (s->loc[u].placed && s->loc[u].q == L->q && s->loc[u].r == L->r)
                    FAIL("T-%d and T-%d share a cell", t, u);
        if (L->placed && mz_is_gt_cell(D, L->q, L->r))
            FAIL("T-%d lies on the Great Tunnel", t);
    }
    if (s->nframes > MZ_FRAMES)
        FAIL("frame stack overflow");
    return 0;
}
