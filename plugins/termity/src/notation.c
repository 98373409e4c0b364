/* Termity notation (docs/rulings-termity.md lists it): hexes as "q,r", tokens by caste code and
 * termite count ("W3"), mounds by value. Parsing matches the text of every legal decision, so
 * text and code round-trip exactly and anything else is refused. */
#include <stdio.h>
#include <string.h>

#include "termity.h"

#define D_(env) ((const tm_data *)(env)->data)

int tm_token_text(const tm_data *D, const tm_state *s, int seat, int tok, char *buf, size_t n)
{
    const tm_token *T = tm_token_of(D, s, seat, tok);
    return snprintf(buf, n, "%s %s x%d (strength %d)", T->id, D->caste[T->caste].name, T->termites, T->strength);
}

static int token_code(const tm_data *D, const tm_state *s, int seat, int tok, char *buf, size_t n)
{
    const tm_token *T = tm_token_of(D, s, seat, tok);
    return snprintf(buf, n, "%c%d", D->caste[T->caste].code, T->termites);
}

static int hex_seat_of(const tm_state *s, int k)
{
    if (k == D_DRAW)
        return s->drawer;
    return s->turn;
}

/* "water", "vegetation", "stones": the terrain a tile face shows, in lower case. */
static const char *face_word(const tm_data *D, int tile, int face)
{
    static const char *const words[TM_TERRAINS] = {"open", "water", "vegetation", "stones"};
    return words[D->tile_face[tile][face] & 3];
}

int tm_decision_text(const void *st, const fc_env *env, fc_decision d, char *buf, size_t n)
{
    const tm_state *s = st;
    const tm_data *D = D_(env);
    int k = TM_DK(d), a = TM_DA(d), b = TM_DB(d), c = TM_DC(d);
    char t[16];
    bool tok_ok = a < TM_MAX_TOK && a < D->swarm[s->swarm[hex_seat_of(s, k) % TM_SEATS]].ntok;
    bool b_ok = b < D->ncells, c_ok = c < D->ncells;
    switch (k) {
    case D_DRAW:
    case D_TOKEN:
    case D_DISCARD:
        if (!tok_ok)
            return FC_EINVAL;
        token_code(D, s, hex_seat_of(s, k), a, t, sizeof t);
        return snprintf(buf, n, "%s %s", k == D_DRAW ? "draw" : k == D_TOKEN ? "deploy" : "discard", t);
    case D_MOUND:
    case D_MOUND_RM:
        if (a >= D->nmounds || !b_ok)
            return FC_EINVAL;
        return snprintf(buf, n, "mound %d %s %d,%d", D->mound_value[a], k == D_MOUND ? "at" : "remove", D->cell[b].q,
                        D->cell[b].r);
    case D_HEX:
    case D_UNIT:
    case D_TO:
        if (!b_ok)
            return FC_EINVAL;
        return snprintf(buf, n, "%s %d,%d", k == D_HEX ? "at" : k == D_UNIT ? "unit" : "to", D->cell[b].q, D->cell[b].r);
    case D_PASS: return snprintf(buf, n, "pass");
    case D_ATTACK:
        if (!b_ok || !c_ok)
            return FC_EINVAL;
        return snprintf(buf, n, "attack %d,%d from %d,%d", D->cell[b].q, D->cell[b].r, D->cell[c].q, D->cell[c].r);
    case D_RETREAT:
        if (!b_ok)
            return FC_EINVAL;
        return snprintf(buf, n, "retreat %d,%d%s", D->cell[b].q, D->cell[b].r, c ? " destroyed" : "");
    case D_ATK_MOUND:
        if (a >= D->nmounds)
            return FC_EINVAL;
        return snprintf(buf, n, "mound %d", D->mound_value[a]);
    case D_NEUTRAL:
    case D_LAY:
        if (!b_ok)
            return FC_EINVAL;
        return snprintf(buf, n, "%s %d,%d", k == D_NEUTRAL ? "neutral at" : "lay", D->cell[b].q, D->cell[b].r);
    case D_TILE:
        if (a >= D->ntiles || c > 1)
            return FC_EINVAL;
        return snprintf(buf, n, "tile %s %s", D->tile_code[a], face_word(D, a, c));
    default: return FC_EINVAL;
    }
}

/* The shapes of the notation: a text of one of them is well-formed (API minor 3). */
static const char *const tm_verbs[] = {
    "draw *",
    "neutral at #,#",
    "tile * *",
    "lay #,#",
    "mound # at #,#",
    "mound # remove #,#",
    "deploy *",
    "at #,#",
    "discard *",
    "unit #,#",
    "pass",
    "to #,#",
    "attack #,# from #,#",
    "retreat #,#",
    "retreat #,# destroyed",
    "mound #",
    NULL,
};

int tm_decision_parse(const void *st, const fc_env *env, const char *text, fc_decision *out)
{
    fc_decision buf[TM_MAX_DECISIONS];
    char t[64];
    if (strlen(text) >= sizeof t)
        return FC_EPARSE;
    int n = tm_legal(st, env, buf, NULL);
    for (int i = 0; i < n; i++)
        if (tm_decision_text(st, env, buf[i], t, sizeof t) > 0 && !strcmp(t, text)) {
            *out = buf[i];
            return 0;
        }
    return fc_notation_match(text, tm_verbs) ? FC_EILLEGAL : FC_EPARSE;
}

static const char *terrain_name(const tm_data *D, const tm_state *s, int cell)
{
    return D->terrain_def[s->terrain[cell]].name;
}

/* "tile 1 of 2: a WV tile showing water (5 WV in the pool), then its hex" */
static void describe_tile(const tm_data *D, const tm_state *s, int tile, int face, fc_decision_info *out)
{
    int left = 0;
    for (uint32_t m = s->pool; m; m &= m - 1)
        left += D->tile_type[tm_lowest(m)] == D->tile_type[tile];
    snprintf(out->label, sizeof out->label, "tile %d of %d: a %s tile showing %s (%d %s in the pool), then its hex",
             3 - s->pair_left, __builtin_popcount(s->pool) == 1 && s->pair_left == 2 ? 1 : 2, D->tile_code[tile],
             D->terrain_def[D->tile_face[tile][face]].name, left, D->tile_code[tile]);
    snprintf(out->group, sizeof out->group, "tile");
}

/* The hexes of the path the unit on s->sel takes to `to` (the same search as the legality
 * check, R-19 ... R-23), from its hex to `to`, when `to` is a destination or attack-from hex. */
static void add_path(const tm_data *D, const tm_state *s, const fc_env *env, int to, fc_decision_info *out)
{
    if (s->sel >= D->ncells || !TM_IS_UNIT(s->piece[s->sel]))
        return;
    tm_moves mv;
    tm_gen_moves(D, s, env, s->sel, &mv, false, 0);
    bool reached = to == s->sel;
    for (int i = 0; i < mv.nto && !reached; i++)
        reached = mv.to[i] == to;
    for (int i = 0; i < mv.natk && !reached; i++)
        reached = mv.atk_f[i] == to;
    if (!reached)
        return;
    uint8_t path[TM_MAX_CELLS];
    int n = 0;
    for (int c = to; c != s->sel && n < TM_MAX_CELLS; c = mv.prev[c])
        path[n++] = (uint8_t)c;
    fc_decision_info_add_hex(out, D->cell[s->sel]);
    while (n > 0)
        fc_decision_info_add_hex(out, D->cell[path[--n]]);
}

/* Kinds of decision (API minor 10): the groups tm_decision_describe gives, by decision kind. */
enum { TK_DRAW, TK_MOUND, TK_DEPLOY, TK_PLACE, TK_DISCARD, TK_UNIT, TK_PASS, TK_STEP, TK_ATTACK, TK_RETREAT,
       TK_NEUTRAL, TK_TILE, TK_COUNT };
const char *const tm_kinds[TM_NKINDS] = {"draw", "mound", "deploy", "place",   "discard", "unit",
                                         "pass", "step",  "attack", "retreat", "neutral", "tile"};

int tm_decision_kind(const void *st, const fc_env *env, fc_decision d)
{
    (void)st;
    (void)env;
    static const signed char of[] = {-1,      TK_DRAW, TK_MOUND,   TK_MOUND,  TK_DEPLOY,  TK_PLACE, TK_DISCARD, TK_UNIT,
                                     TK_PASS, TK_STEP, TK_ATTACK, TK_RETREAT, TK_MOUND, TK_NEUTRAL, TK_TILE,   TK_PLACE};
    _Static_assert(sizeof of == D_LAY + 1 && TK_COUNT == TM_NKINDS, "one kind per decision code");
    int k = TM_DK(d);
    return k <= D_LAY ? of[k] : -1;
}

/* Draw, deploy and discard: the token named in full. */
static void describe_token(const tm_data *D, const tm_state *s, int k, int tok, fc_decision_info *out)
{
    char t[48];
    if (k == D_DRAW) {
        tm_token_text(D, s, s->drawer, tok, t, sizeof t);
        snprintf(out->label, sizeof out->label, "seat %d draws %s", s->drawer + 1, t);
        snprintf(out->group, sizeof out->group, "draw");
        return;
    }
    tm_token_text(D, s, s->turn, tok, t, sizeof t);
    snprintf(out->label, sizeof out->label, "%s %s%s", k == D_TOKEN ? "deploy" : "discard (R-17)", t,
             k == D_TOKEN ? ", then choose its hex" : "");
    snprintf(out->group, sizeof out->group, k == D_TOKEN ? "deploy" : "discard");
}

/* "attack (q,r) from (q,r): 4 (own 3 + support 1) vs 3: beat", with the target, the attack-from
 * hex, the unit's hex, the way there and every supporter (R-27). */
static void describe_attack(const tm_data *D, const tm_state *s, const fc_env *env, int b, int c,
                            fc_decision_info *out)
{
    uint8_t p = s->piece[s->sel], tp = s->piece[b];
    if (!TM_IS_UNIT(p) || !tp)
        return;
    int seat = TM_U_SEAT(p), tok = TM_U_TOK(p);
    int as = tm_attack_strength(D, s, env, seat, tok, b), ds = tm_defence_strength(D, s, env, seat, b);
    int own = tm_token_of(D, s, seat, tok)->strength;
    const char *what = TM_IS_MOUND(tp) ? "capture mound" : D->caste[tm_token_of(D, s, seat, tok)->caste].grip ? "destroy"
                                                                                                        : "beat";
    snprintf(out->label, sizeof out->label, "attack (%d,%d) from (%d,%d): %d (own %d + support %d) vs %d: %s",
             out->hex.q, out->hex.r, D->cell[c].q, D->cell[c].r, as, own, as - own, ds, what);
    fc_decision_info_add_hex(out, D->cell[b]);
    fc_decision_info_add_hex(out, D->cell[c]);
    fc_decision_info_add_hex(out, D->cell[s->sel]);
    add_path(D, s, env, c, out);
    for (uint32_t m = s->seat[seat].board & ~(1u << tok); m; m &= m - 1) {
        int u = tm_lowest(m), at = s->seat[seat].tok_cell[u];
        if (D->dist[at][b] <= tm_caste_of(D, s, seat, u)->support_range)
            fc_decision_info_add_hex(out, D->cell[at]);
    }
    snprintf(out->group, sizeof out->group, "attack");
}

/* The building of a custom board: neutral mounds, tiles taken and laid (R-43 ... R-45). */
static void describe_build(const tm_data *D, const tm_state *s, int k, int a, int c, fc_decision_info *out)
{
    if (k == D_NEUTRAL) {
        snprintf(out->label, sizeof out->label, "place neutral mound %d of %d (value %d) at (%d,%d) (R-44)",
                 s->neutral_placed + 1, D->neutral_want, D->neutral_value, out->hex.q, out->hex.r);
        snprintf(out->group, sizeof out->group, "neutral");
    } else if (k == D_TILE) {
        describe_tile(D, s, a, c, out);
    } else {
        if (s->sel < D->ntiles)
            snprintf(out->label, sizeof out->label, "lay the %s tile showing %s at (%d,%d) (R-45)",
                     D->tile_code[s->sel], D->terrain_def[D->tile_face[s->sel][s->face_sel & 1]].name, out->hex.q,
                     out->hex.r);
        snprintf(out->group, sizeof out->group, "place");
    }
}

void tm_decision_describe(const void *st, const fc_env *env, fc_decision d, fc_decision_info *out)
{
    const tm_state *s = st;
    const tm_data *D = D_(env);
    int k = TM_DK(d), a = TM_DA(d), b = TM_DB(d), c = TM_DC(d);
    char t[48];
    memset(out, 0, sizeof *out);
    if (tm_decision_text(st, env, d, out->label, sizeof out->label) < 0)
        return;
    if (b < D->ncells && k != D_DRAW && k != D_TOKEN && k != D_DISCARD && k != D_PASS && k != D_ATK_MOUND &&
        k != D_TILE) {
        out->hex = D->cell[b];
        out->has_hex = 1;
    }
    switch (k) {
    case D_DRAW:
    case D_TOKEN:
    case D_DISCARD: describe_token(D, s, k, a, out); break;
    case D_HEX:
        tm_token_text(D, s, s->turn, s->sel, t, sizeof t);
        snprintf(out->label, sizeof out->label, "deploy %s at (%d,%d), %s", t, out->hex.q, out->hex.r,
                 terrain_name(D, s, b));
        snprintf(out->group, sizeof out->group, "place");
        break;
    case D_MOUND:
    case D_MOUND_RM:
        snprintf(out->label, sizeof out->label, "place mound %d at (%d,%d)%s", D->mound_value[a], out->hex.q, out->hex.r,
                 k == D_MOUND_RM ? ", removing your unit there (R-37)" : "");
        snprintf(out->group, sizeof out->group, "mound");
        break;
    case D_UNIT: {
        uint8_t p = s->piece[b];
        if (TM_IS_UNIT(p)) {
            tm_token_text(D, s, TM_U_SEAT(p), TM_U_TOK(p), t, sizeof t);
            snprintf(out->label, sizeof out->label, "move %s from (%d,%d)", t, out->hex.q, out->hex.r);
        }
        snprintf(out->group, sizeof out->group, "unit");
        break;
    }
    case D_PASS:
        snprintf(out->label, sizeof out->label, "pass: no move this turn");
        snprintf(out->group, sizeof out->group, "pass");
        break;
    case D_TO:
        snprintf(out->label, sizeof out->label, "move to (%d,%d), %s", out->hex.q, out->hex.r, terrain_name(D, s, b));
        add_path(D, s, env, b, out); /* every hex from where the unit stands to where it goes */
        snprintf(out->group, sizeof out->group, "step");
        break;
    case D_ATTACK: describe_attack(D, s, env, b, c, out); break;
    case D_RETREAT:
        snprintf(out->label, sizeof out->label, "retreat the beaten unit to (%d,%d)%s", out->hex.q, out->hex.r,
                 c ? ": it is destroyed in the thicket (V-4)" : "");
        snprintf(out->group, sizeof out->group, "retreat");
        break;
    case D_ATK_MOUND:
        snprintf(out->label, sizeof out->label, "place your mound %d on the captured hex (R-35)", D->mound_value[a]);
        snprintf(out->group, sizeof out->group, "mound");
        break;
    case D_NEUTRAL:
    case D_TILE:
    case D_LAY: describe_build(D, s, k, a, c, out); break;
    default: break;
    }
}

/* R-06/R-10/R-16: a drawn token is seen by the drawer only (everyone under the open-hands
 * variant); every other decision is public. */
uint32_t tm_decision_audience(const void *st, const fc_env *env, fc_decision d)
{
    (void)d;
    const tm_state *s = st;
    const tm_data *D = D_(env);
    return s->phase == PH_DRAW && !D->open_hands ? FC_SEAT_BIT(s->drawer) : FC_ALL_SEATS;
}

/* API minor 13: a drawn token is public once the drawer names it in public: deploys it (the
 * "deploy" that picks it, before its hex) or discards it (R-06); one still in hand at the end
 * stays hidden. */
int tm_decision_revealed(const void *st, const fc_env *env, int seat, uint32_t audience, fc_decision d)
{
    (void)env, (void)seat;
    const tm_state *s = st;
    if (TM_DK(d) != D_DRAW || !audience || TM_DA(d) >= TM_MAX_TOK)
        return -1;
    int drawer = __builtin_ctz(audience);
    if (drawer >= TM_SEATS)
        return -1;
    bool picked = s->phase == PH_DEPLOY_HEX && s->turn == drawer && s->sel == TM_DA(d);
    return picked || !(s->seat[drawer].hand >> TM_DA(d) & 1u);
}
