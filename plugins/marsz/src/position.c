/* March of the Ants positions as text (docs/positions/marsz.md), the writer: the whole state in
 * the game's terms (tiles T5 at q,r with the seats on their harvest spaces, cards and rest tiles
 * by id, seats 1-based), including what is hidden (hands, the order of the deck, the tile stack
 * and the rest-tile stack, the reshuffle generator) and the turn in progress (the frame stack,
 * the battle being fought). Parameters are not in the position: they come from the rule set the
 * position is read into. The reader is position_read.c; the tables are shared. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "formicary/textbuf.h"
#include "position_text.h"

const mz_fdef mz_gkeys[MZ_NGKEYS] = {
    MZ_FD(mz_state, "round", round, V_U8, 1, 20),
    MZ_FD(mz_state, "first_player", first_player, V_SEAT, 0, 0),
    MZ_FD(mz_state, "active", active, V_SEAT, 0, 0),
    MZ_FD(mz_state, "worker_ended", worker_ended, V_U8, 0, 1),
    MZ_FD(mz_state, "old_guard", og_ants, V_U8, 0, 20),
    MZ_FD(mz_state, "gt_defender", gt_defender, V_SEATN, 0, 0),
};

const mz_fdef mz_nest_fields[MZ_NNEST] = {
    MZ_FD(mz_seat, "eggs", eggs, V_U8, 0, 200),      MZ_FD(mz_seat, "larvae", larvae, V_U8, 0, 200),
    MZ_FD(mz_seat, "food", food, V_U8, 0, 250),      MZ_FD(mz_seat, "score", score, V_I16, -9999, 9999),
    MZ_FD(mz_seat, "bodies", bodies, V_U8, 0, 12),   MZ_FD(mz_seat, "starved_final", starved_final, V_U8, 0, 1),
};

const mz_fdef mz_round_fields[MZ_NROUND] = {
    MZ_FD(mz_seat, "rested", rested, V_U8, 0, 1),
    MZ_FD(mz_seat, "turns", turns, V_U8, 0, 255),
    MZ_FD(mz_seat, "rest_strength", rest_strength, V_U8, 0, 50),
    MZ_FD(mz_seat, "rest_prevent", rest_prevent, V_U8, 0, 50),
    MZ_FD(mz_seat, "rest_feed", rest_feed, V_U8, 0, 50),
    MZ_FD(mz_seat, "call_to_arms", call_to_arms, V_U8, 0, 100),
    MZ_FD(mz_seat, "unique_used", unique_used, V_U8, 0, 1),
};

const mz_fdef mz_battle_fields[MZ_NBATTLE] = {
    MZ_FD(mz_battle, "at", loc, V_LOC, 0, 0),
    MZ_FD(mz_battle, "defender", defender, V_SEATN, 0, 0),
    MZ_FD(mz_battle, "ref", ref, V_SEATN, 0, 0),
    MZ_FD(mz_battle, "participants", part, V_MASK, 0, 0),
    MZ_FD(mz_battle, "old_guard", og, V_U8, 0, 50),
    MZ_FD(mz_battle, "og_ferocity", og_fer, V_I8, -20, 20),
    MZ_FD(mz_battle, "stage", stage, V_U8, 0, 10),
    MZ_FD(mz_battle, "winner", winner, V_BSEAT, 0, 0),
    MZ_FD(mz_battle, "faced", faced, V_MASK, 0, 0),
    MZ_FD(mz_battle, "centipede_seat", centi_seat, V_SEAT, 0, 0),
    MZ_FD(mz_battle, "centipede_strength", centi_str, V_U8, 0, 255),
    MZ_FD(mz_battle, "centipede_cards", centi_cards, V_U8, 0, 255),
    MZ_FD(mz_battle, "from_card", from_card, V_U8, 0, 1),
    MZ_FD(mz_battle, "hd06_done", hd06_done, V_U8, 0, 255),
    MZ_FD(mz_battle, "nparts", nparts, V_U8, 0, MZ_SEATS + 1),
    MZ_FD(mz_battle, "norder", norder, V_U8, 0, MZ_SEATS + 1),
};

const mz_fdef mz_simul_fields[MZ_NSIMUL] = {
    MZ_FD(mz_battle, "first", fer.first, V_U8, 0, 2 * MZ_SEATS),
    MZ_FD(mz_battle, "n", fer.n, V_U8, 0, MZ_SEATS),
    MZ_FD(mz_battle, "waiting", fer.waiting, V_MASK16, 0, 0),
};

const mz_barray mz_battle_arrays[MZ_NBARRAYS] = {
    {"battle_strength", V_I16, (uint16_t)offsetof(mz_battle, strength), -999, 9999},
    {"battle_assigned", V_U8, (uint16_t)offsetof(mz_battle, assigned), 0, 255},
    {"battle_prevent", V_U8, (uint16_t)offsetof(mz_battle, prevent), 0, 255},
    {"battle_ants", V_U8, (uint16_t)offsetof(mz_battle, ants0), 0, 255},
    {"battle_order", V_BSEAT, (uint16_t)offsetof(mz_battle, order), 0, 0},
};

const mz_fkind mz_fkinds[F_COUNT] = {
    [F_NONE] = {"none", "nnn"},          [F_TURN] = {"turn", "nnn"},
    [F_PICKTILE] = {"pick_tile", "TTn"}, [F_PLACE] = {"place", "Tnt"},
    [F_ENTER] = {"enter", "Tnn"},        [F_AFTEREXP] = {"after_explore", "Tnn"},
    [F_STEPS] = {"steps", "nnn"},        [F_DISCARD] = {"discard", "nnn"},
    [F_PAY] = {"pay", "Cnn"},            [F_CARD] = {"card", "Cnn"},
    [F_TARGET] = {"target", "XnL"},      [F_REFILL] = {"refill", "Lnn"},
    [F_REACT] = {"react", "Knn"},        [F_REACT_DO] = {"react_do", "Knn"},
    [F_THORAX] = {"thorax", "nnn"},      [F_SOLDIER] = {"soldier", "nnn"},
    [F_SHOOT] = {"shoot", "nnn"},        [F_SHOOT_LOSE] = {"shoot_lose", "nnS"},
    [F_BATTLE] = {"battle", "Lnn"},      [F_CENTI] = {"centipede", "Tnn"},
    [F_REMOVE] = {"remove", "Lnn"},      [F_SPOIL] = {"spoils", "Lnn"},
    [F_QUEEN] = {"queen", "nnn"},        [F_FEED] = {"feed", "nnn"},
    [F_QCHOICE] = {"queen_choice", "nnn"}, [F_ANTLION] = {"antlion", "nnn"},
    [F_SETUP2P] = {"setup_2p", "TTn"},   [F_DRAFT] = {"draft", "nnn"},
    [F_LARVA] = {"larva", "nnn"},        [F_OPTION] = {"option", "Cnn"},
    [F_SWAP] = {"swap", "CPS"},          [F_EVO_FREE] = {"free_evolution", "Cnn"},
    [F_PEEK] = {"peek", "nnn"},          [F_LAIR] = {"lair", "nnn"},
    [F_CTHEFT] = {"theft", "Cnn"},       [F_GOALDROP] = {"goal_drop", "Cnn"},
    [F_HD06] = {"hd06", "Lnn"},          [F_FEROCITY] = {"ferocity", "nnn"},
    [F_CENTI_ASK] = {"centipede_ask", "Lnn"}, [F_PHASE] = {"round", "nnn"},
    [F_NEXTTURN] = {"next_turn", "nnn"}, [F_BONUS] = {"bonus", "nnn"},
    [F_RITUAL] = {"ritual", "nnn"},      [F_EXPAND] = {"expand", "Tnn"},
    [F_WILD] = {"wild_dance", "nnn"},    [F_PROPHECY] = {"prophecy", "nnn"},
};

const char *const mz_seg_keys[3] = {"heads", "thoraxes", "abdomens"};

int mz_species_key(const mz_data *D, int sp, char *buf, size_t n)
{
    if (sp <= SP_NONE || sp >= SP_COUNT)
        return snprintf(buf, n, "standard");
    size_t k = 0;
    for (const char *p = D->sp[sp].name; *p && k + 1 < n; p++)
        buf[k++] = *p == ' ' ? '_' : (*p >= 'A' && *p <= 'Z') ? (char)(*p - 'A' + 'a') : *p;
    buf[k < n ? k : n - 1] = '\0';
    return (int)k;
}

bool mz_battle_on(const mz_state *s)
{
    for (int i = 0; i < s->nframes && i < MZ_FRAMES; i++)
        if (s->frame[i].kind == F_BATTLE || s->frame[i].kind == F_CENTI)
            return true;
    return false;
}

bool mz_battle_kept(const mz_state *s)
{
    static const mz_battle none;
    return mz_battle_on(s) || memcmp(&s->bt, &none, sizeof none) != 0;
}

/* ---- writing ---- */

typedef fc_textbuf wbuf; /* formicary/textbuf.h */

/* A line with a trailing comment at column 32. */
static void put_note(wbuf *b, size_t start, const char *note)
{
    size_t w = b->len - start;
    fc_textbuf_put(b, "%*s# %s\n", w < 31 ? (int)(31 - w) : 1, "", note);
}

static void put_mask(wbuf *b, unsigned m)
{
    if (!m) {
        fc_textbuf_put(b, "none");
        return;
    }
    bool first = true;
    for (int i = 0; i < 16; i++)
        if (m >> i & 1u) {
            fc_textbuf_put(b, first ? "" : "+");
            if (i == MZ_OG)
                fc_textbuf_put(b, "og");
            else
                fc_textbuf_put(b, "%d", i + 1);
            first = false;
        }
}

static void put_seat(wbuf *b, int v)
{
    if (v == MZ_NONE)
        fc_textbuf_put(b, "none");
    else if (v == MZ_OG)
        fc_textbuf_put(b, "og");
    else
        fc_textbuf_put(b, "%d", v + 1);
}

static void put_value(wbuf *b, const void *base, uint8_t type, uint16_t off)
{
    const uint8_t *p = (const uint8_t *)base + off;
    switch (type) {
    case V_I8: fc_textbuf_put(b, "%d", *(const int8_t *)p); break;
    case V_I16: {
        int16_t v;
        memcpy(&v, p, sizeof v);
        fc_textbuf_put(b, "%d", v);
        break;
    }
    case V_SEAT:
    case V_SEATN:
    case V_BSEAT: put_seat(b, *p); break;
    case V_LOC:
        if (*p == MZ_GT)
            fc_textbuf_put(b, "GT");
        else
            fc_textbuf_put(b, "T%d", *p);
        break;
    case V_MASK: put_mask(b, *p); break;
    case V_MASK16: {
        uint16_t v;
        memcpy(&v, p, sizeof v);
        put_mask(b, v);
        break;
    }
    default: fc_textbuf_put(b, "%d", *p); break;
    }
}

static void put_fields(wbuf *b, const void *base, const mz_fdef *f, int n)
{
    for (int i = 0; i < n; i++) {
        fc_textbuf_put(b, " %s ", f[i].name);
        put_value(b, base, f[i].type, f[i].off);
    }
}

static void put_cards(wbuf *b, const mz_data *D, const uint8_t *c, int n, bool top_first)
{
    for (int i = 0; i < n; i++)
        fc_textbuf_put(b, " %s", D->card[c[top_first ? n - 1 - i : i]].id);
    if (!n)
        fc_textbuf_put(b, " none");
}

/* Cards of one location (and seat, MZ_NONE: any) in card order. */
static void put_card_set(wbuf *b, const mz_data *D, const mz_state *s, int loc, int seat, bool owner)
{
    int k = 0;
    for (int c = 0; c < MZ_CARDS; c++)
        if (s->card_loc[c] == loc && (seat == MZ_NONE || s->card_seat[c] == seat)) {
            fc_textbuf_put(b, " %s", D->card[c].id);
            if (owner && s->card_seat[c] != MZ_NONE)
                fc_textbuf_put(b, "@%d", s->card_seat[c] + 1);
            k++;
        }
    if (!k)
        fc_textbuf_put(b, " none");
}

static void write_meadow(wbuf *b, const mz_data *D, const mz_state *s)
{
    size_t st = b->len;
    fc_textbuf_put(b, "great_tunnel");
    for (int p = 0; p < s->nseats; p++)
        fc_textbuf_put(b, " %d", s->loc[MZ_GT].out[p]);
    if (s->loc[MZ_GT].centipede)
        fc_textbuf_put(b, " centipede");
    if (s->loc[MZ_GT].wormhole)
        fc_textbuf_put(b, " wormhole");
    put_note(b, st, "ants of seat 1, 2, ... in the Great Tunnel");
    /* tiles in the order they were placed */
    for (int order = 1; order <= MZ_TILES; order++)
        for (int t = 1; t <= MZ_TILES; t++) {
            const mz_loc *L = &s->loc[t];
            if (L->placed != order)
                continue;
            st = b->len;
            fc_textbuf_put(b, "tile T%d %d,%d rot %d spaces", t, L->q, L->r, L->rot);
            for (int i = 0; i < D->tile[t].nspaces; i++) {
                if (L->space[i])
                    fc_textbuf_put(b, " %d", L->space[i]);
                else
                    fc_textbuf_put(b, " -");
            }
            fc_textbuf_put(b, " out");
            for (int p = 0; p < s->nseats; p++)
                fc_textbuf_put(b, " %d", L->out[p]);
            if (L->centipede)
                fc_textbuf_put(b, " centipede");
            if (L->wormhole)
                fc_textbuf_put(b, " wormhole");
            put_note(b, st, D->tile[t].name);
        }
    fc_textbuf_put(b, "soldier_done");
    int k = 0;
    for (int l = 0; l < MZ_LOCS; l++)
        if (s->soldier_done[l]) {
            fc_textbuf_put(b, l == MZ_GT ? " GT" : " T%d", l);
            k++;
        }
    fc_textbuf_put(b, "%s\n", k ? "" : " none");
}

static void write_tiles_and_rest(wbuf *b, const mz_data *D, const mz_state *s)
{
    size_t st = b->len;
    fc_textbuf_put(b, "tile_stack");
    for (int i = s->nstack - 1; i >= 0; i--)
        fc_textbuf_put(b, " T%d", s->stack[i]);
    fc_textbuf_put(b, "%s", s->nstack ? "" : " none");
    put_note(b, st, "top first");
    st = b->len;
    fc_textbuf_put(b, "stack_known_bottom %d", s->bottom_known);
    put_note(b, st, "TX-08: tiles put under the stack, seen");
    st = b->len;
    if (s->peeked)
        fc_textbuf_put(b, "peeked %d by %d", s->peeked, s->peek_seat + 1);
    else
        fc_textbuf_put(b, "peeked none");
    put_note(b, st, "RT-12: top tiles of the stack a seat has seen");
    fc_textbuf_put(b, "rest_row");
    int k = 0;
    for (int i = 0; i < MZ_REST; i++)
        if (s->rest_row[i]) {
            fc_textbuf_put(b, " %s", D->rest[i].id);
            k++;
        }
    fc_textbuf_put(b, "%s\nrest_taken", k ? "" : " none");
    k = 0;
    for (int i = 0; i < MZ_REST; i++)
        if (s->rest_owner[i]) {
            fc_textbuf_put(b, " %s=%d", D->rest[i].id, s->rest_owner[i]);
            k++;
        }
    fc_textbuf_put(b, "%s\n", k ? "" : " none");
    st = b->len;
    fc_textbuf_put(b, "rest_stack");
    for (int i = s->nrest_stack - 1; i >= 0; i--)
        fc_textbuf_put(b, " %s", D->rest[s->rest_stack[i]].id);
    fc_textbuf_put(b, "%s", s->nrest_stack ? "" : " none");
    put_note(b, st, "top first");
    st = b->len;
    fc_textbuf_put(b, "rest_discard");
    for (int i = 0; i < s->nrest_disc; i++)
        fc_textbuf_put(b, " %s", D->rest[s->rest_disc[i]].id);
    fc_textbuf_put(b, "%s", s->nrest_disc ? "" : " none");
    put_note(b, st, "in the order discarded");
    st = b->len;
    fc_textbuf_put(b, "reward %s", D->reward[s->reward_cur].id);
    put_note(b, st, "this round's Great Tunnel reward");
    st = b->len;
    fc_textbuf_put(b, "reward_stack");
    for (int i = s->nreward - 1; i >= 0; i--)
        fc_textbuf_put(b, " %s", D->reward[s->reward_stack[i]].id);
    fc_textbuf_put(b, "%s", s->nreward ? "" : " none");
    put_note(b, st, "top first");
}

static void write_cards(wbuf *b, const mz_data *D, const mz_state *s)
{
    size_t st = b->len;
    fc_textbuf_put(b, "deck");
    put_cards(b, D, s->deck, s->ndeck, true);
    put_note(b, st, "top first");
    st = b->len;
    fc_textbuf_put(b, "draft_bottom %d", s->draft_bottom);
    put_note(b, st, "R-83: the last cards of the deck, put there by the draft");
    fc_textbuf_put(b, "discard");
    put_card_set(b, D, s, CL_DISCARD, MZ_NONE, false);
    fc_textbuf_put(b, "\n");
    st = b->len;
    fc_textbuf_put(b, "limbo");
    put_card_set(b, D, s, CL_LIMBO, MZ_NONE, true);
    put_note(b, st, "cards in play or drawn, @ the seat holding them");
    st = b->len;
    fc_textbuf_put(b, "drawn");
    put_cards(b, D, s->drawn, s->ndrawn, false);
    put_note(b, st, "T-26, EV-07: cards revealed for a choice");
}

static void write_seat(wbuf *b, const mz_data *D, const mz_state *s, int p)
{
    const mz_seat *P = &s->seat[p];
    char sp[32];
    fc_textbuf_put(b, "seat %d nest", p + 1);
    put_fields(b, P, mz_nest_fields, MZ_NNEST);
    fc_textbuf_put(b, "\nseat %d hand", p + 1);
    put_card_set(b, D, s, CL_HAND, p, false);
    fc_textbuf_put(b, "\n");
    for (int sg = 0; sg < 3; sg++) {
        size_t st = b->len;
        fc_textbuf_put(b, "seat %d %s", p + 1, mz_seg_keys[sg]);
        put_cards(b, D, P->pile[sg], P->npile[sg], true);
        if (P->npile[sg])
            put_note(b, st, "top (active) first");
        else
            fc_textbuf_put(b, "\n");
    }
    fc_textbuf_put(b, "seat %d goals", p + 1);
    put_card_set(b, D, s, CL_GOAL, p, false);
    fc_textbuf_put(b, "\nseat %d round", p + 1);
    put_fields(b, P, mz_round_fields, MZ_NROUND);
    fc_textbuf_put(b, "\nseat %d ferocity", p + 1);
    for (int j = 0; j < 2; j++)
        fc_textbuf_put(b, " %s", P->fer[j] == MZ_NONE ? "none" : P->fer[j] < MZ_CARDS ? D->card[P->fer[j]].id : "?");
    fc_textbuf_put(b, " committed %d\n", P->fer_committed);
    mz_species_key(D, P->species, sp, sizeof sp);
    fc_textbuf_put(b, "seat %d species %s ritual", p + 1, sp);
    for (int j = 0; j < 2; j++)
        fc_textbuf_put(b, " %s", P->ritual[j] == MZ_NONE ? "none" : P->ritual[j] < MZ_CARDS ? D->card[P->ritual[j]].id : "?");
    fc_textbuf_put(b, "\n");
}

static void write_turn(wbuf *b, const mz_data *D, const mz_state *s)
{
    if (s->nframes)
        fc_textbuf_put(b, "# the turn in progress: frames bottom first, the last one decides now\n");
    for (int i = 0; i < s->nframes && i < MZ_FRAMES; i++) {
        const mz_frame *f = &s->frame[i];
        size_t st = b->len;
        fc_textbuf_put(b, "frame %s seat %d a %d b %d c %d n %d", f->kind < F_COUNT ? mz_fkinds[f->kind].name : "?",
            f->seat + 1, f->a, f->b, f->c, f->n);
        char a = f->kind < F_COUNT ? mz_fkinds[f->kind].args[0] : 'n', note[40];
        if ((a == 'C' || a == 'X') && f->a < MZ_CARDS)
            snprintf(note, sizeof note, "a = %s", D->card[f->a].id);
        else if ((a == 'T' || a == 'L') && f->a < MZ_LOCS)
            snprintf(note, sizeof note, f->a == MZ_GT ? "a = GT" : "a = T%d", f->a);
        else if (a == 'K' && f->a < RK_COUNT) {
            static const char *const kinds[RK_COUNT] = {"explore", "forage", "march", "play", "rest", "unique",
                                                        "ritual", "prophecy", "dance"};
            snprintf(note, sizeof note, "a = %s", kinds[f->a]);
        } else
            note[0] = '\0';
        if (note[0])
            put_note(b, st, note);
        else
            fc_textbuf_put(b, "\n");
    }
    if (!mz_battle_kept(s))
        return;
    const mz_battle *B = &s->bt;
    fc_textbuf_put(b, "# %s\n", mz_battle_on(s) ? "the battle being fought" : "the last battle fought (kept until the next one)");
    fc_textbuf_put(b, "battle");
    put_fields(b, B, mz_battle_fields, MZ_NBATTLE);
    fc_textbuf_put(b, "\nbattle_ferocity");
    put_fields(b, B, mz_simul_fields, MZ_NSIMUL);
    fc_textbuf_put(b, "\n");
    for (int k = 0; k < MZ_NBARRAYS; k++) {
        const mz_barray *A = &mz_battle_arrays[k];
        size_t size = A->type == V_I16 ? 2 : 1;
        fc_textbuf_put(b, "%s", A->name);
        for (int i = 0; i <= MZ_SEATS; i++) {
            fc_textbuf_put(b, " ");
            put_value(b, B, A->type, (uint16_t)(A->off + i * size));
        }
        fc_textbuf_put(b, "\n");
    }
}

int mz_position_write(const void *st, const fc_env *env, char *buf, size_t n)
{
    const mz_state *s = st;
    const mz_data *D = MZ_D_(env);
    wbuf b = {buf, n, 0};
    fc_textbuf_put(&b, "# marsz position - see docs/positions/marsz.md\n");
    fc_textbuf_put(&b, "position marsz\nseats %d\n", s->nseats);
    fc_textbuf_put(&b, "game_state %s\n", s->over ? "over" : "playing");
    size_t at;
    for (int k = 0; k < MZ_NGKEYS; k++) {
        static const char *const notes[MZ_NGKEYS] = {"R-24", "S-09", "the active-player marker (R-26)",
                                                     "R-40: the last rest tile is taken",
                                                     "R-79: Old Guard ants (2 players)", "RT-00 holder this round"};
        at = b.len;
        fc_textbuf_put(&b, "%s ", mz_gkeys[k].name);
        put_value(&b, s, mz_gkeys[k].type, mz_gkeys[k].off);
        put_note(&b, at, notes[k]);
    }
    at = b.len;
    fc_textbuf_put(&b, "centipede_track CT-%d", s->size_pos + 1);
    put_note(&b, at, "R-66: the size track");
    fc_textbuf_put(&b, "rng %016llx %016llx %016llx %016llx\n", (unsigned long long)s->rng.s[0],
        (unsigned long long)s->rng.s[1], (unsigned long long)s->rng.s[2], (unsigned long long)s->rng.s[3]);
    fc_textbuf_put(&b, "# the meadow: tile T-n at q,r, rotation, harvest spaces (seat or -), outskirts per seat\n");
    write_meadow(&b, D, s);
    write_tiles_and_rest(&b, D, s);
    write_cards(&b, D, s);
    for (int p = 0; p < s->nseats; p++)
        write_seat(&b, D, s, p);
    write_turn(&b, D, s);
    return b.len < n ? (int)b.len : FC_ERANGE;
}
