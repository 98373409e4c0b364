/* March of the Ants positions as text (docs/positions/marsz.md), the reader: turns a state
 * fresh from init into the written position, or fails with one line naming the text's line.
 * Every card and rest tile must be somewhere exactly once; what the game derives (hand and
 * goal counts, the meadow's adjacency caches) is derived here the same way. The game's check,
 * which the core runs after reading, covers the pieces and the meadow's cells. The values
 * and the keys of the meadow, frames and seats are read in position_values.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formicary/textbuf.h"
#include "position_read.h"

static const char *const fixed_keys[] = {
    "position", "seats", "game_state", "centipede_track", "rng", "great_tunnel", "soldier_done", "tile_stack",
    "stack_known_bottom", "peeked", "rest_row", "rest_taken", "rest_stack", "rest_discard", "reward",
    "reward_stack", "deck", "draft_bottom", "discard", "limbo", "drawn", "battle", "battle_ferocity"};


static int key_tile_stack(mzr_reader *rd)
{
    mz_state *s = rd->s;
    if (mzr_is_none(rd, 1))
        return 0;
    if (rd->nw - 1 > MZ_TILES)
        return mzr_fail(rd, rd->line, "more than %d tiles", MZ_TILES);
    int n = rd->nw - 1, rc, t = 0;
    for (int i = 0; i < n; i++) {
        if ((rc = mzr_loc(rd, rd->w[1 + i], false, &t)) != 0 || (rc = mzr_take_tile(rd, t)) != 0)
            return rc;
        s->stack[n - 1 - i] = (uint8_t)t;
    }
    s->nstack = (uint8_t)n;
    return 0;
}

static int key_rest(mzr_reader *rd, int key)
{
    mz_state *s = rd->s;
    int rc, r = 0;
    long v;
    if (mzr_is_none(rd, 1))
        return 0;
    int n = rd->nw - 1;
    if (n > MZ_REST)
        return mzr_fail(rd, rd->line, "more than %d rest tiles", MZ_REST);
    for (int i = 0; i < n; i++) {
        char *w = rd->w[1 + i], *eq = key == K_REST_TAKEN ? strchr(w, '=') : NULL;
        if (key == K_REST_TAKEN && !eq)
            return mzr_fail(rd, rd->line, "expected RT-nn=SEAT, not '%s'", w);
        if (eq)
            *eq = '\0';
        if ((rc = mzr_take_rest(rd, w, &r)) != 0)
            return rc;
        if (r == 0 && (key == K_REST_STACK || key == K_REST_DISC))
            return mzr_fail(rd, rd->line, "RT-00 never leaves the row (S-06)");
        switch (key) {
        case K_REST_ROW: s->rest_row[r] = 1; break;
        case K_REST_TAKEN:
            if ((rc = mzr_num(rd, eq + 1, 1, s->nseats, &v, "seat")) != 0)
                return rc;
            s->rest_owner[r] = (uint8_t)v;
            break;
        case K_REST_STACK: s->rest_stack[n - 1 - i] = (uint8_t)r; break;
        default: s->rest_disc[i] = (uint8_t)r; break;
        }
    }
    if (key == K_REST_STACK)
        s->nrest_stack = (uint8_t)n;
    if (key == K_REST_DISC)
        s->nrest_disc = (uint8_t)n;
    return 0;
}

static int key_cards(mzr_reader *rd, int key)
{
    mz_state *s = rd->s;
    int rc;
    if (key == K_LIMBO) {
        if (mzr_is_none(rd, 1))
            return 0;
        for (int i = 1; i < rd->nw; i++) {
            char *at = strchr(rd->w[i], '@');
            uint8_t seat = MZ_NONE;
            if (at) {
                *at = '\0';
                if ((rc = mzr_seat(rd, at + 1, V_SEAT, &seat)) != 0)
                    return rc;
            }
            int c = 0;
            if ((rc = mzr_card(rd, rd->w[i], &c)) != 0 || (rc = mzr_put_card(rd, c, CL_LIMBO, seat)) != 0)
                return rc;
        }
        return 0;
    }
    uint8_t list[MZ_CARDS];
    int n = mzr_card_list(rd, 1, list, key == K_DRAWN ? 4 : MZ_CARDS);
    if (n < 0)
        return n;
    for (int i = 0; i < n; i++) {
        if (key == K_DRAWN) {
            s->drawn[i] = list[i];
            continue;
        }
        if ((rc = mzr_put_card(rd, list[i], key == K_DECK ? CL_DECK : CL_DISCARD, MZ_NONE)) != 0)
            return rc;
        if (key == K_DECK)
            s->deck[n - 1 - i] = list[i];
    }
    if (key == K_DECK)
        s->ndeck = (uint8_t)n;
    else if (key == K_DRAWN)
        s->ndrawn = (uint8_t)n;
    else
        s->ndisc = (uint8_t)n;
    return 0;
}

static int key_rewards(mzr_reader *rd, int key)
{
    mz_state *s = rd->s;
    int rc, r = 0;
    if (key == K_REWARD) {
        if (rd->nw != 2 || (rc = mzr_take_reward(rd, rd->w[1], &r)) != 0)
            return rd->nw != 2 ? mzr_fail(rd, rd->line, "expected 'reward RW-n'") : rc;
        s->reward_cur = (uint8_t)r;
        return 0;
    }
    if (mzr_is_none(rd, 1))
        return 0;
    int n = rd->nw - 1;
    if (n > MZ_REWARDS)
        return mzr_fail(rd, rd->line, "more than %d reward tiles", MZ_REWARDS);
    for (int i = 0; i < n; i++) {
        if ((rc = mzr_take_reward(rd, rd->w[1 + i], &r)) != 0)
            return rc;
        s->reward_stack[n - 1 - i] = (uint8_t)r;
    }
    s->nreward = (uint8_t)n;
    return 0;
}

static int key_misc(mzr_reader *rd, int key)
{
    mz_state *s = rd->s;
    long v = 0;
    int rc, l = 0;
    switch (key) {
    case K_STATE:
        if (rd->nw == 2 && (strcmp(rd->w[1], "playing") == 0 || strcmp(rd->w[1], "over") == 0)) {
            s->over = rd->w[1][0] == 'o';
            return 0;
        }
        return mzr_fail(rd, rd->line, "expected 'game_state playing' or 'game_state over'");
    case K_TRACK:
        if (rd->nw != 2 || strncmp(rd->w[1], "CT-", 3) != 0)
            return mzr_fail(rd, rd->line, "expected 'centipede_track CT-n' (n = 1..%d)", MZ_TRACK);
        if ((rc = mzr_num(rd, rd->w[1] + 3, 1, MZ_TRACK, &v, "centipede track position")) != 0)
            return rc;
        s->size_pos = (uint8_t)(v - 1);
        return 0;
    case K_RNG:
        if (rd->nw != 5)
            return mzr_fail(rd, rd->line, "expected 'rng' and four 16-digit hexadecimal words");
        for (int i = 0; i < 4; i++) {
            char *end;
            unsigned long long x = strtoull(rd->w[1 + i], &end, 16);
            if (strlen(rd->w[1 + i]) != 16 || *end || rd->w[1 + i][0] == '-' || rd->w[1 + i][0] == '+')
                return mzr_fail(rd, rd->line, "bad rng word '%s' (16 hexadecimal digits)", rd->w[1 + i]);
            s->rng.s[i] = x;
        }
        if (!(s->rng.s[0] | s->rng.s[1] | s->rng.s[2] | s->rng.s[3]))
            return mzr_fail(rd, rd->line, "the rng state cannot be all zero");
        return 0;
    case K_SOLDIER:
        if (mzr_is_none(rd, 1))
            return 0;
        for (int i = 1; i < rd->nw; i++) {
            if ((rc = mzr_loc(rd, rd->w[i], true, &l)) != 0)
                return rc;
            s->soldier_done[l] = 1;
        }
        return 0;
    case K_KNOWN:
    case K_DRAFT_BOTTOM:
        if (rd->nw != 2)
            return mzr_fail(rd, rd->line, "expected '%s N'", rd->w[0]);
        if ((rc = mzr_num(rd, rd->w[1], 0, key == K_KNOWN ? MZ_TILES : MZ_CARDS, &v, rd->w[0])) != 0)
            return rc;
        *(key == K_KNOWN ? &s->bottom_known : &s->draft_bottom) = (uint8_t)v;
        return 0;
    case K_PEEKED:
        if (mzr_is_none(rd, 1))
            return 0;
        if (rd->nw != 4 || strcmp(rd->w[2], "by") != 0)
            return mzr_fail(rd, rd->line, "expected 'peeked none' or 'peeked N by SEAT'");
        if ((rc = mzr_num(rd, rd->w[1], 1, MZ_TILES, &v, "peeked tiles")) != 0 ||
            (rc = mzr_seat(rd, rd->w[3], V_SEAT, &s->peek_seat)) != 0)
            return rc;
        s->peeked = (uint8_t)v;
        return 0;
    case K_BATTLE: return mzr_fields(rd, &s->bt, mz_battle_fields, MZ_NBATTLE, 1, "battle");
    case K_BATTLE_FER: return mzr_fields(rd, &s->bt, mz_simul_fields, MZ_NSIMUL, 1, "battle_ferocity");
    default: break;
    }
    if (key >= K_G0 && key < K_G0 + MZ_NGKEYS) {
        const mz_fdef *f = &mz_gkeys[key - K_G0];
        if (rd->nw != 2)
            return mzr_fail(rd, rd->line, "expected '%s' and one value", f->name);
        return mzr_value(rd, s, f->type, f->off, f->lo, f->hi, rd->w[1], f->name);
    }
    /* the battle arrays: seats 1..5, then the Old Guard */
    const mz_barray *A = &mz_battle_arrays[key - K_BARRAY];
    if (rd->nw != 2 + MZ_SEATS)
        return mzr_fail(rd, rd->line, "expected '%s' and %d values (seats 1..%d, then the Old Guard)", A->name,
                    MZ_SEATS + 1, MZ_SEATS);
    size_t size = A->type == V_I16 ? 2 : 1;
    for (int i = 0; i <= MZ_SEATS; i++)
        if ((rc = mzr_value(rd, &s->bt, A->type, (uint16_t)(A->off + i * size), A->lo, A->hi, rd->w[1 + i],
                              A->name)) != 0)
            return rc;
    return 0;
}

/* ---- lines ---- */

static int key_index(const char *w)
{
    for (int i = 0; i < (int)(sizeof fixed_keys / sizeof fixed_keys[0]); i++)
        if (strcmp(w, fixed_keys[i]) == 0)
            return i < 3 ? i : i - 3 + K_TRACK;
    for (int k = 0; k < MZ_NGKEYS; k++)
        if (strcmp(w, mz_gkeys[k].name) == 0)
            return K_G0 + k;
    for (int k = 0; k < MZ_NBARRAYS; k++)
        if (strcmp(w, mz_battle_arrays[k].name) == 0)
            return K_BARRAY + k;
    return -1;
}

static const char *key_name(int k)
{
    if (k < K_G0)
        return fixed_keys[k];
    if (k < K_TRACK)
        return mz_gkeys[k - K_G0].name;
    if (k < K_BARRAY)
        return fixed_keys[k - K_TRACK + 3];
    return mz_battle_arrays[k - K_BARRAY].name;
}

/* Edit distance, for "did you mean" (keys are short). */
static int distance(const char *a, const char *b)
{
    int la = (int)strlen(a), lb = (int)strlen(b), row[40];
    if (la > 38 || lb > 38)
        return 99;
    for (int j = 0; j <= lb; j++)
        row[j] = j;
    for (int i = 1; i <= la; i++) {
        int prev = row[0];
        row[0] = i;
        for (int j = 1; j <= lb; j++) {
            int cur = row[j], best = prev + (a[i - 1] != b[j - 1]);
            if (row[j] + 1 < best)
                best = row[j] + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            prev = cur;
            row[j] = best;
        }
    }
    return row[lb];
}

static int unknown_key(mzr_reader *rd, const char *w)
{
    const char *best = NULL;
    int bd = 4;
    static const char *const extra[] = {"tile", "frame", "seat"};
    for (int k = 0; k < K_COUNT + 3; k++) {
        const char *name = k < K_COUNT ? key_name(k) : extra[k - K_COUNT];
        int d = distance(w, name);
        if (d < bd)
            bd = d, best = name;
    }
    if (best)
        return mzr_fail(rd, rd->line, "unknown key '%s' (did you mean '%s'?)", w, best);
    return mzr_fail(rd, rd->line, "unknown key '%s' (see docs/positions/marsz.md)", w);
}

static int one_line(mzr_reader *rd, char *line)
{
    rd->nw = fc_text_words(line, rd->w, MZR_WORDS_MAX);
    if (rd->nw < 0)
        return mzr_fail(rd, rd->line, "more than %d words", MZR_WORDS_MAX);
    if (!rd->nw)
        return 0;
    const char *key = rd->w[0];
    if (!rd->l_key[K_POSITION]) {
        if (strcmp(key, "position") != 0)
            return mzr_fail(rd, rd->line, "expected 'position marsz' first, found '%s'", key);
        if (rd->nw != 2 || strcmp(rd->w[1], "marsz") != 0)
            return mzr_fail(rd, rd->line, "a position of '%s', not of marsz", rd->nw > 1 ? rd->w[1] : "");
        rd->l_key[K_POSITION] = rd->line;
        return 0;
    }
    if (strcmp(key, "tile") == 0)
        return mzr_key_tile(rd);
    if (strcmp(key, "frame") == 0)
        return mzr_key_frame(rd);
    if (strcmp(key, "seat") == 0)
        return mzr_key_seat(rd);
    int k = key_index(key);
    if (k < 0)
        return unknown_key(rd, key);
    if (rd->l_key[k])
        return mzr_fail(rd, rd->line, "duplicate '%s' (first on line %d)", key, rd->l_key[k]);
    rd->l_key[k] = rd->line;
    if (k != K_SEATS && !rd->l_key[K_SEATS])
        return mzr_fail(rd, rd->line, "'seats N' must come before '%s'", key);
    if (rd->nw < 2)
        return mzr_fail(rd, rd->line, "'%s' without a value", key);
    switch (k) {
    case K_SEATS: {
        long v;
        int rc = mzr_num(rd, rd->w[1], 1, 99, &v, "seats");
        if (rc)
            return rc;
        if (rd->nw != 2 || v != rd->s->nseats)
            return mzr_fail(rd, rd->line, "seats %s, but the rule set has %d seats", rd->w[1], rd->s->nseats);
        return 0;
    }
    case K_GT: return mzr_key_gt(rd);
    case K_TSTACK: return key_tile_stack(rd);
    case K_REST_ROW:
    case K_REST_TAKEN:
    case K_REST_STACK:
    case K_REST_DISC: return key_rest(rd, k);
    case K_REWARD:
    case K_REWARD_STACK: return key_rewards(rd, k);
    case K_DECK:
    case K_DISCARD:
    case K_LIMBO:
    case K_DRAWN: return key_cards(rd, k);
    default: return key_misc(rd, k);
    }
}

static int read_lines(mzr_reader *rd, const char *text)
{
    char line[MZR_LINE_MAX];
    fc_textlines r = {text, 0, 0};
    int got, rc = 0;
    while (!rc && (got = fc_textlines_next(&r, line, sizeof line)) != 0) {
        rd->line = r.no;
        rc = got > 0 ? one_line(rd, line) : mzr_fail(rd, rd->line, "longer than %d characters", MZR_LINE_MAX - 1);
    }
    return rc;
}

/* ---- the whole position ---- */

static int missing(mzr_reader *rd, const char *what) { return mzr_fail(rd, 0, "missing '%s'", what); }

static int check_whole(mzr_reader *rd)
{
    mz_state *s = rd->s;
    const mz_data *D = rd->D;
    for (int k = 0; k < K_COUNT; k++)
        if (!rd->l_key[k] && k != K_BATTLE && k != K_BATTLE_FER && k < K_BARRAY)
            return missing(rd, key_name(k));
    for (int p = 0; p < s->nseats; p++)
        for (int sk = 0; sk < SK_COUNT; sk++)
            if (!rd->l_seat[p][sk]) {
                char what[32];
                snprintf(what, sizeof what, "seat %d %s", p + 1, mzr_seat_keys[sk]);
                return missing(rd, what);
            }
    for (int c = 0; c < MZ_CARDS; c++)
        if (!rd->card_line[c])
            return mzr_fail(rd, rd->l_key[K_DECK], "%s is nowhere (not in the deck, the discard pile, limbo or a seat's "
                        "cards): every card is somewhere", D->card[c].id);
    for (int r = 0; r < MZ_REST; r++)
        if (!rd->rest_line[r])
            return mzr_fail(rd, rd->l_key[K_REST_STACK], "%s is nowhere (rest_row, rest_taken, rest_stack or "
                        "rest_discard)", D->rest[r].id);
    for (int i = 0; i < s->ndrawn; i++)
        if (s->card_loc[s->drawn[i]] != CL_DISCARD && s->card_loc[s->drawn[i]] != CL_LIMBO)
            return mzr_fail(rd, rd->l_key[K_DRAWN], "drawn %s is neither in limbo nor in the discard pile",
                        D->card[s->drawn[i]].id);
    if (s->draft_bottom > s->ndeck)
        return mzr_fail(rd, rd->l_key[K_DRAFT_BOTTOM], "draft_bottom %d, but the deck has %d cards", s->draft_bottom,
                    s->ndeck);
    if (s->bottom_known > s->nstack)
        return mzr_fail(rd, rd->l_key[K_KNOWN], "stack_known_bottom %d, but the stack has %d tiles", s->bottom_known,
                    s->nstack);
    if (s->peeked > s->nstack)
        return mzr_fail(rd, rd->l_key[K_PEEKED], "%d tiles peeked, but the stack has %d", s->peeked, s->nstack);
    for (int p = 0; p < s->nseats; p++) {
        const mz_seat *P = &s->seat[p];
        if ((P->fer[0] == MZ_NONE && P->fer[1] != MZ_NONE) ||
            P->fer_committed != (P->fer[0] != MZ_NONE) + (P->fer[1] != MZ_NONE))
            return mzr_fail(rd, rd->l_seat[p][SK_FEROCITY], "the ferocity cards and the committed count disagree");
    }
    for (int i = 0; i < s->nframes; i++)
        if (s->frame[i].kind == F_PEEK && s->frame[i].n > s->nstack) /* RT-12 puts tiles back */
            return mzr_fail(rd, rd->frame_line[i], "a 'peek' frame with %d tiles to put back, but the stack has %d",
                            s->frame[i].n, s->nstack);
    if (s->over && s->nframes)
        return mzr_fail(rd, rd->frame_line[0], "a frame in a game that is over");
    if (!s->over && !s->nframes)
        return mzr_fail(rd, rd->l_key[K_STATE], "a game in play needs its frames (at least 'frame round ...')");
    /* the battle lines come together; a battle or centipede frame needs them */
    int given = 0;
    for (int k = K_BATTLE; k < K_COUNT; k++)
        given += rd->l_key[k] != 0;
    for (int k = K_BATTLE; k < K_COUNT && (given || mz_battle_on(s)); k++)
        if (!rd->l_key[k])
            return missing(rd, key_name(k));
    return 0;
}

int mz_position_read(void *st, const fc_env *env, const char *text, fc_error *err)
{
    mz_state *s = st;
    uint8_t nseats = s->nseats;
    memset(s, 0, sizeof *s);
    s->nseats = nseats;
    mzr_reader rdv;
    memset(&rdv, 0, sizeof rdv);
    mzr_reader *rd = &rdv;
    rd->s = s;
    rd->env = env;
    rd->D = MZ_D_(env);
    rd->err = err;
    int rc = read_lines(rd, text ? text : "");
    if (rc == 0 && !rd->l_key[K_POSITION])
        rc = mzr_fail(rd, 0, "no 'position marsz' line: not a position");
    if (rc == 0)
        rc = check_whole(rd);
    if (rc != 0)
        return rc;
    for (int p = nseats; p < MZ_SEATS; p++) /* unused seats: as init leaves them */
        memset(&s->seat[p], 0, sizeof s->seat[p]);
    mz_links_update(rd->D, s);
    /* A hand-written position may stop at a step that runs by itself ('frame soldier' starts
     * the soldier phase): the game runs on to the first decision, as after a decision. */
    if (s->nframes && mz_frame_automatic(s->frame[s->nframes - 1].kind))
        mz_run(env, s);
    mz_tidy(s);
    return 0;
}
