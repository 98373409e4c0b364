/* Notation (docs/rulings-marsz.md lists it). Positions: "GT" (Great Tunnel), "T5.s0" (harvest
 * space 0 of tile T-5, the control space), "T5.out" (its outskirts); cards and rest tiles by
 * id. Parsing matches the text of every legal decision, so text and code round-trip exactly. */
#include <stdio.h>
#include <string.h>

#include "marsz.h"

static const char *const action_names[RK_COUNT] = {"explore", "forage", "march", "play", "rest", "unique",
                                                   "ritual", "prophecy", "dance"};

int mz_pos_text(int pos, char *buf, size_t n)
{
    int l = MZ_PLOC(pos), k = MZ_PSLOT(pos);
    if (l == MZ_GT)
        return snprintf(buf, n, "GT");
    if (l >= MZ_LOCS)
        return snprintf(buf, n, "?");
    if (k == MZ_OUT)
        return snprintf(buf, n, "T%d.out", l);
    return snprintf(buf, n, "T%d.s%d", l, k);
}

static const char *card_id(const fc_env *env, int c) { return c >= 0 && c < MZ_CARDS ? MZ_D_(env)->card[c].id : "?"; }

/* Whether the decision in progress is Shooting Head's choice of the opponent (HD-05), whose
 * DK_OPTION argument is a 0-based seat. */
static bool shoot_seat_choice(const mz_state *s)
{
    return s && s->nframes > 0 && s->frame[s->nframes - 1].kind == F_SHOOT && s->frame[s->nframes - 1].b != 0;
}

int mz_decision_text(const void *st, const fc_env *env, fc_decision d, char *buf, size_t n)
{
    const mz_data *D = MZ_D_(env);
    int k = MZ_DK(d), a = MZ_DA(d), b = MZ_DB(d), c = MZ_DC(d);
    char p1[16], p2[16];
    switch (k) {
    case DK_ACTION:
        if (a >= AC_COUNT)
            return FC_EINVAL;
        if (a == AC_PLAY)
            return snprintf(buf, n, "play %s", card_id(env, b));
        if (a == AC_REST)
            return b < MZ_REST ? snprintf(buf, n, "rest %s", D->rest[b].id) : FC_EINVAL;
        return snprintf(buf, n, "%s", action_names[a]);
    case DK_PLACE: return snprintf(buf, n, "place %d,%d rot %d", a - 64, b - 64, c);
    case DK_TILE: return snprintf(buf, n, "tile T-%d", a);
    case DK_ANT:
        mz_pos_text(a, p1, sizeof p1);
        mz_pos_text(b, p2, sizeof p2);
        return snprintf(buf, n, "ant %s to %s", p1, p2);
    case DK_LARVA: mz_pos_text(b, p2, sizeof p2); return snprintf(buf, n, "larva to %s", p2);
    case DK_DONE: return snprintf(buf, n, "done");
    case DK_PAY:
        if (a == MZ_NONE)
            return snprintf(buf, n, "pay larva");
        mz_pos_text(a, p1, sizeof p1);
        return snprintf(buf, n, "pay %s", p1);
    case DK_DISCARD: return snprintf(buf, n, "discard %s", card_id(env, a));
    case DK_REACT:
        return a < RK_COUNT && a != AC_REST && a != AC_UNIQUE ? snprintf(buf, n, "react %s", action_names[a]) : FC_EINVAL;
    case DK_FER: return a == MZ_NONE ? snprintf(buf, n, "ferocity none") : snprintf(buf, n, "ferocity %s", card_id(env, a));
    case DK_LOSE: mz_pos_text(a, p1, sizeof p1); return snprintf(buf, n, "lose %s", p1);
    case DK_FEED: return snprintf(buf, n, "feed %d", a);
    case DK_QUEEN: return snprintf(buf, n, "queen %s", a ? "larvae" : "food");
    case DK_FILL: mz_pos_text(a, p1, sizeof p1); return snprintf(buf, n, "fill %s", p1);
    case DK_TARGET: return snprintf(buf, n, "target T%d", a);
    case DK_OPTION: /* HD-05 names a seat, 1-based like every other seat in the notation */
        return shoot_seat_choice(st) ? snprintf(buf, n, "seat %d", a + 1) : snprintf(buf, n, "option %d", a);
    case DK_CENTI: return snprintf(buf, n, "centipede T%d to T%d", a, b);
    case DK_CARD: return snprintf(buf, n, "card %s", card_id(env, a));
    case DK_ROTATE: return snprintf(buf, n, "rotate T%d %d", a, b);
    case DK_SACRIFICE: return snprintf(buf, n, "sacrifice");
    case DK_SWAP: mz_pos_text(a, p1, sizeof p1); return snprintf(buf, n, "swap %s seat %d", p1, b + 1);
    case DK_HARVEST: mz_pos_text(a, p1, sizeof p1); return snprintf(buf, n, "harvest %s", p1);
    default: return FC_EINVAL;
    }
}

/* The notation's first words: a text starting with one is taken as well-formed (API minor 3). */
static const char *const mz_verbs[] = {"explore ...", "forage ...", "march ...", "play ...", "rest ...", "unique ...", "ritual ...", "prophecy ...", "dance ...", "ant ...", "card ...", "centipede ...", "discard ...", "done ...", "feed ...", "ferocity ...", "fill ...", "harvest ...", "larva ...", "lose ...", "option ...", "pay ...", "place ...", "queen ...", "react ...", "rotate ...", "sacrifice ...", "seat ...", "swap ...", "target ...", "tile ...", NULL};

int mz_decision_parse(const void *st, const fc_env *env, const char *text, fc_decision *out)
{
    fc_decision buf[MZ_MAX_DECISIONS];
    int n = mz_legal(st, env, buf, NULL);
    char t[96];
    for (int i = 0; i < n; i++)
        if (mz_decision_text(st, env, buf[i], t, sizeof t) > 0 && !strcmp(t, text)) {
            *out = buf[i];
            return 0;
        }
    /* Records written before the seat became 1-based say "option N" with N counted from 0 for
     * Shooting Head (docs/rulings-marsz.md): still read, never written. */
    int old = -1, len = 0;
    if (shoot_seat_choice(st) && sscanf(text, "option %d%n", &old, &len) == 1 && text[len] == '\0' && old >= 0)
        for (int i = 0; i < n; i++)
            if (MZ_DK(buf[i]) == DK_OPTION && MZ_DA(buf[i]) == old) {
                *out = buf[i];
                return 0;
            }
    return fc_notation_match(text, mz_verbs) ? FC_EILLEGAL : FC_EPARSE;
}

/* Kinds of decision (API minor 10): the groups mz_decision_describe gives, by decision kind. */
enum { MK_ACTION, MK_PLACE, MK_MOVE, MK_REFILL, MK_PASS, MK_PAY, MK_REACTION, MK_FEROCITY, MK_LOSS, MK_FEED,
       MK_QUEEN, MK_TARGET, MK_CARD, MK_CHOICE, MK_COUNT };
const char *const mz_kinds[MK_COUNT] = {"action",   "place", "move", "refill", "pass",   "pay",  "reaction",
                                        "ferocity", "loss",  "feed", "queen",  "target", "card", "choice"};
const int mz_nkinds = MK_COUNT;

int mz_decision_kind(const void *st, const fc_env *env, fc_decision d)
{
    (void)st;
    (void)env;
    switch (MZ_DK(d)) {
    case DK_ACTION: return MK_ACTION;
    case DK_PLACE: return MK_PLACE;
    case DK_ANT:
    case DK_LARVA: return MK_MOVE;
    case DK_FILL: return MK_REFILL;
    case DK_DONE: return MK_PASS;
    case DK_PAY: return MK_PAY;
    case DK_REACT: return MK_REACTION;
    case DK_FER: return MK_FEROCITY;
    case DK_LOSE: return MK_LOSS;
    case DK_FEED: return MK_FEED;
    case DK_QUEEN: return MK_QUEEN;
    case DK_TARGET: return MK_TARGET;
    case DK_CARD: return MK_CARD;
    default: return MK_CHOICE;
    }
}

static const char *const reward_names[RW_KINDS] = {"1 food", "1 larva", "2 larvae", "1 card", "1 point"};

/* An action: a card played with its cost and summary, the rest tile taken, the species' action,
 * or a plain action and its food. */
static void describe_action(const mz_data *D, const mz_state *s, int a, int b, const char *t, fc_decision_info *out)
{
    if (a == AC_PLAY) {
        const mz_card *C = &D->card[b];
        snprintf(out->label, sizeof out->label, "play %s %s (cost %d %s): %s", C->id, C->name,
                 mz_card_cost(D, s, s->frame[s->nframes - 1].seat, b),
                 C->kind == CK_ANTS ? "ants" : C->kind == CK_LARVAE ? "larvae" : "ants/larvae", C->summary);
    } else if (a == AC_REST)
        snprintf(out->label, sizeof out->label, "rest: take %s %s", D->rest[b].id, D->rest[b].name);
    else if (a == AC_UNIQUE) {
        const mz_frame *f = &s->frame[s->nframes - 1];
        snprintf(out->label, sizeof out->label, "unique action: %s", D->sp[s->seat[f->seat].species].action);
    } else
        snprintf(out->label, sizeof out->label, "%s (1 food)", t);
}

/* A tile placed: its hex and what the rotation does (the edges it opens). */
static void describe_place(const mz_data *D, const mz_state *s, fc_decision d, const char *t, fc_decision_info *out)
{
    out->hex = fc_hex_make(MZ_DA(d) - 64, MZ_DB(d) - 64);
    out->has_hex = 1;
    int tile = mz_tile_pending(s);
    char open[24] = "";
    if (tile) {
        mz_tile_open_text(D, tile, MZ_DC(d), open, sizeof open);
        snprintf(out->label, sizeof out->label, "%s: open %s (T-%d %s)", t, open, tile, D->tile[tile].name);
    } else {
        snprintf(out->label, sizeof out->label, "%s", t);
    }
    out->from_item = tile; /* the drawn tile (the view's pending item) */
}

/* An ant, larva or refill to pos: the space's reward (and control), on the tile's one cell; the
 * Great Tunnel is clicked on its centre cell (0,0). */
static void describe_move(const mz_data *D, const mz_state *s, int pos, const char *t, fc_decision_info *out)
{
    int l = MZ_PLOC(pos), sl = MZ_PSLOT(pos);
    if (l > 0 && sl < MZ_OUT)
        snprintf(out->label, sizeof out->label, "%s (%s%s)", t, sl == 0 ? "control, " : "",
                 reward_names[D->tile[l].space[sl]]);
    else
        snprintf(out->label, sizeof out->label, "%s", t);
    out->hex = l > 0 ? fc_hex_make(s->loc[l].q, s->loc[l].r) : fc_hex_make(0, 0);
    out->has_hex = 1;
}

void mz_decision_describe(const void *st, const fc_env *env, fc_decision d, fc_decision_info *out)
{
    const mz_state *s = st;
    const mz_data *D = MZ_D_(env);
    int k = MZ_DK(d), a = MZ_DA(d), b = MZ_DB(d);
    char t[96];
    memset(out, 0, sizeof *out);
    mz_decision_text(st, env, d, t, sizeof t);
    const char *group = "choice";
    switch (k) {
    case DK_ACTION:
        group = "action";
        describe_action(D, s, a, b, t, out);
        break;
    case DK_PLACE:
        group = "place";
        describe_place(D, s, d, t, out);
        break;
    case DK_ANT:
    case DK_LARVA:
    case DK_FILL:
        group = k == DK_FILL ? "refill" : "move";
        describe_move(D, s, k == DK_FILL ? a : b, t, out);
        break;
    case DK_FER:
        group = "ferocity";
        if (a != MZ_NONE)
            snprintf(out->label, sizeof out->label, "%s (+%d ferocity)", t, D->card[a].ferocity);
        else
            snprintf(out->label, sizeof out->label, "%s", t);
        break;
    case DK_DONE: group = "pass"; snprintf(out->label, sizeof out->label, "%s", t); break;
    case DK_REACT: {
        static const char *const what[RK_COUNT] = {
            "move 1 larva onto a tile you inhabit or to the Great Tunnel", "gain 1 larva",
            "1 ant step, or 1 larva to the Great Tunnel", "discard 1 card, then draw 1", "", "",
            "gain larvae equal to the cost of an evolution played", "draw 1 card", "1 ant step"};
        group = "reaction";
        snprintf(out->label, sizeof out->label, "%s: %s", t, a < RK_COUNT ? what[a] : "");
        break;
    }
    case DK_LOSE:
        group = "loss";
        snprintf(out->label, sizeof out->label, "%s (the ant goes back to the egg pool)", t);
        break;
    case DK_FEED: {
        const mz_frame *f = mz_ctop(s);
        int ants = f ? mz_ants_total(s, f->seat) : 0;
        snprintf(out->label, sizeof out->label, "%s of %d ants%s", t, ants,
                 a < ants ? " (the others starve: points lost)" : "");
        group = "feed";
        break;
    }
    case DK_QUEEN: group = "queen"; snprintf(out->label, sizeof out->label, "%s", t); break;
    case DK_PAY:
        group = "pay";
        snprintf(out->label, sizeof out->label, "%s (back to the egg pool)", t);
        break;
    case DK_TARGET:
        if (a > 0 && a <= MZ_TILES && s->loc[a].placed) {
            out->hex = fc_hex_make(s->loc[a].q, s->loc[a].r);
            out->has_hex = 1;
            snprintf(out->label, sizeof out->label, "%s %s", t, D->tile[a].name);
        } else
            snprintf(out->label, sizeof out->label, "%s", t);
        group = "target";
        break;
    case DK_CARD:
        snprintf(out->label, sizeof out->label, "%s %s: %s", t, D->card[a].name, D->card[a].summary);
        group = "card";
        break;
    default: snprintf(out->label, sizeof out->label, "%s", t); break;
    }
    snprintf(out->group, sizeof out->group, "%s", group);
}

/* Hidden choices: ferocity cards, draft keeps, the peek order (RT-12), and
 * the TX-08 tile choice (the other tile goes under the stack unseen). */
uint32_t mz_decision_audience(const void *st, const fc_env *env, fc_decision d)
{
    const mz_state *s = st;
    const mz_frame *f = mz_ctop(s);
    if (!f || MZ_D_(env)->open_hands)
        return FC_ALL_SEATS;
    int k = MZ_DK(d);
    if (k == DK_FER || f->kind == F_DRAFT || f->kind == F_PEEK || f->kind == F_PICKTILE)
        return FC_SEAT_BIT(f->seat);
    return FC_ALL_SEATS;
}

/* Whether seat's `ferocity none` may still be a choice of the ferocity round under way: the
 * seat takes part in this battle (bt.part; a centipede's single fighter chooses last, so its
 * round ends with its choice), has chosen, and was asked (a seat with an empty hand is passed
 * without a decision, and choosing none keeps the hand). A none from a battle that resolved as
 * this one began belongs to a seat outside it, still to choose in it, or passed in it: public. */
static bool none_pending(const mz_state *s, int seat)
{
    const fc_simul *sm = &s->bt.fer;
    return sm->waiting != 0 && (s->bt.part >> seat & 1u) && !(sm->waiting >> seat & 1u) && s->seat[seat].hand > 0;
}

/* API minor 13: a ferocity card is public once every participant has chosen (R-55: revealed
 * together), as is a choice of none; the tile kept by TX-08 once it is laid. A card kept from a
 * draft and the order of peeked tiles put back (RT-12; the tile is in the stack) never. */
int mz_decision_revealed(const void *st, const fc_env *env, int seat, uint32_t audience, fc_decision d)
{
    (void)env, (void)audience;
    const mz_state *s = st;
    int k = MZ_DK(d), a = MZ_DA(d);
    bool choosing = s->bt.fer.waiting != 0; /* a ferocity round under way */
    if (k == DK_FER && a != MZ_NONE)
        return a < MZ_CARDS && !(choosing && s->card_loc[a] == CL_FEROCITY);
    if (k == DK_FER) /* none */
        return seat < 0 || seat >= MZ_SEATS || !none_pending(s, seat);
    if (k != DK_TILE || a <= 0 || a >= MZ_LOCS)
        return -1;
    for (int i = 0; i < s->nstack; i++)
        if (s->stack[i] == a)
            return -1;
    return s->loc[a].placed != 0;
}
