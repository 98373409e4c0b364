/* March of the Ants data loader: reads the component tables (tiles, Great Tunnel cells, cards,
 * rest tiles, reward tiles, centipede track, constants) from plugins/marsz/data through the
 * host's table functions and applies the parameters over the constants. Every row carries its
 * provenance mark; every problem is one "file:line: ..." error. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formicary/loader.h"
#include "marsz.h"

static const char *get_str(fc_loader *L, int row, const char *col)
{
    const char *s = fc_loader_str(L, row, col);
    return s ? s : "";
}

static int need_provenance(fc_loader *L, int row)
{
    const char *p = get_str(L, row, "provenance");
    if (!strchr(p, '['))
        return fc_loader_bad(L, row, "column 'provenance': expected a mark such as [rulebook], found '%s'", p);
    return 0;
}

/* Reward code: F, L1, L2, C, P. */
static int reward_code(const char *s)
{
    static const char *const names[RW_KINDS] = {"F", "L1", "L2", "C", "P"};
    for (int i = 0; i < RW_KINDS; i++)
        if (!strcmp(s, names[i]))
            return i;
    return -1;
}

static int load_tiles(fc_loader *L, mz_data *D)
{
    static const char *const cols[] = {"id", "name", "kind", "mask", "spaces", "centipede", "wormhole", "effect",
                                       "n", "provenance", NULL};
    static const char *const kinds[] = {"start", "standard", "offmeadow"};
    static const char *const effects[] = {"none", "centipede_nest", "antlion", "spider_lair", "beehive", "sinkhole"};
    FC_TRY(fc_loader_open(L, "tiles.csv", cols));
    if (L->h->table_rows(L->t) != MZ_TILES)
        return fc_loader_bad(L, 0, "expected %d tiles, found %d", MZ_TILES, L->h->table_rows(L->t));
    for (int row = 0; row < MZ_TILES; row++) {
        int id, kind, cen, worm, eff, n;
        FC_TRY(fc_loader_int(L, row, "id", 1, MZ_TILES, &id));
        if (id != row + 1)
            return fc_loader_bad(L, row, "tiles must be listed in order: expected id %d, found %d", row + 1, id);
        mz_tile *T = &D->tile[id];
        snprintf(T->name, sizeof T->name, "%s", get_str(L, row, "name"));
        FC_TRY(fc_loader_enum(L, row, "kind", kinds, 3, &kind));
        const char *m = get_str(L, row, "mask");
        if (strlen(m) != 6 || strspn(m, "01") != 6)
            return fc_loader_bad(L, row, "column 'mask': expected 6 characters 0/1, found '%s'", m);
        T->mask = 0;
        for (int e = 0; e < 6; e++)
            if (m[e] == '1')
                T->mask |= (uint8_t)(1u << e);
        if (__builtin_popcount(T->mask) < 2)
            return fc_loader_bad(L, row, "a tile needs at least 2 openings (A-25)%s", "");
        char buf[64];
        snprintf(buf, sizeof buf, "%s", get_str(L, row, "spaces"));
        T->nspaces = 0;
        for (char *tok = strtok(buf, ";"); tok; tok = strtok(NULL, ";")) {
            int c = reward_code(tok);
            if (c < 0 || T->nspaces >= MZ_SPACES)
                return fc_loader_bad(L, row, "column 'spaces': expected 2-4 of F/L1/L2/C/P separated by ';', found '%s'",
                                     get_str(L, row, "spaces"));
            T->space[T->nspaces++] = (uint8_t)c;
        }
        if (T->nspaces < 2)
            return fc_loader_bad(L, row, "column 'spaces': expected 2-4 harvest spaces, found %d", T->nspaces);
        FC_TRY(fc_loader_int(L, row, "centipede", 0, 1, &cen));
        FC_TRY(fc_loader_int(L, row, "wormhole", 0, 1, &worm));
        FC_TRY(fc_loader_enum(L, row, "effect", effects, 6, &eff));
        FC_TRY(fc_loader_int(L, row, "n", 0, 9, &n));
        FC_TRY(need_provenance(L, row));
        T->kind = (uint8_t)kind;
        T->centipede = (uint8_t)cen;
        T->wormhole = (uint8_t)worm;
        T->effect = (uint8_t)eff;
        T->n = (uint8_t)n;
        if ((kind == 0 && id > 10) || (kind == 1 && (id <= 10 || id > 23)) || (kind == 2 && id <= 23))
            return fc_loader_bad(L, row, "tile %d has the wrong kind (start 1-10, standard 11-23, off-meadow 24-28)",
                                 id);
    }
    fc_loader_close(L);
    return 0;
}

static int load_gt(fc_loader *L, mz_data *D)
{
    static const char *const cols[] = {"q", "r", "kind", "edges", "provenance", NULL};
    static const char *const kinds[] = {"cell", "corner", "side"};
    FC_TRY(fc_loader_open(L, "great_tunnel.csv", cols));
    int ncell = 0, nadj = 0;
    for (int row = 0; row < L->h->table_rows(L->t); row++) {
        int q, r, kind;
        FC_TRY(fc_loader_int(L, row, "q", -3, 3, &q));
        FC_TRY(fc_loader_int(L, row, "r", -3, 3, &r));
        FC_TRY(fc_loader_enum(L, row, "kind", kinds, 3, &kind));
        FC_TRY(need_provenance(L, row));
        if (kind == 0) {
            if (ncell >= MZ_GT_CELLS)
                return fc_loader_bad(L, row, "more than %d Great Tunnel cells", MZ_GT_CELLS);
            D->gt_q[ncell] = (int8_t)q;
            D->gt_r[ncell++] = (int8_t)r;
            continue;
        }
        if (nadj >= MZ_ADJ_CELLS)
            return fc_loader_bad(L, row, "more than %d Great-Tunnel-adjacent cells", MZ_ADJ_CELLS);
        int32_t e[6];
        int ne = L->h->table_ints(L->t, row, "edges", e, 6, L->err);
        if (ne < 1 || ne > 2) {
            fc_loader_close(L);
            return ne < 0 ? ne : L->h->error_set(L->err, FC_EDATA, "%s:%d: column 'edges': expected 1 or 2 edges", L->path, row + 2);
        }
        D->adj_q[nadj] = (int8_t)q;
        D->adj_r[nadj] = (int8_t)r;
        D->adj_edges[nadj] = 0;
        for (int i = 0; i < ne; i++) {
            if (e[i] < 0 || e[i] > 5)
                return fc_loader_bad(L, row, "column 'edges': edge %d is not 0..5", (int)e[i]);
            D->adj_edges[nadj] |= (uint8_t)(1u << e[i]);
        }
        nadj++;
    }
    if (ncell != MZ_GT_CELLS || nadj != MZ_ADJ_CELLS)
        return fc_loader_bad(L, 0, "expected %d cells and %d adjacent cells, found %d and %d", MZ_GT_CELLS,
                             MZ_ADJ_CELLS, ncell, nadj);
    fc_loader_close(L);
    return 0;
}

static int load_cards(fc_loader *L, mz_data *D)
{
    static const char *const cols[] = {"id", "name", "type", "segment", "cost", "kind", "ferocity", "food",
                                       "larvae", "cards", "points", "steps", "n", "m", "levels", "summary",
                                       "provenance", NULL};
    static const char *const types[] = {"event", "evolution", "goal"};
    static const char *const segs[] = {"head", "thorax", "abdomen", "-"};
    static const char *const kinds[] = {"A", "L", "E"};
    static const char *const prefix[] = {"EV", "HD", "TX", "AB", "CG"};
    static const int first[] = {EV01, HD01, TX01, AB01, CG01, MZ_CARDS};
    FC_TRY(fc_loader_open(L, "cards.csv", cols));
    if (L->h->table_rows(L->t) != MZ_CARDS)
        return fc_loader_bad(L, 0, "expected %d cards, found %d", MZ_CARDS, L->h->table_rows(L->t));
    for (int row = 0; row < MZ_CARDS; row++) {
        mz_card *C = &D->card[row];
        int g = 0;
        while (row >= first[g + 1])
            g++;
        char want[8];
        snprintf(want, sizeof want, "%s-%02d", prefix[g], row - first[g] + 1);
        const char *id = get_str(L, row, "id");
        if (strcmp(id, want))
            return fc_loader_bad(L, row, "cards must be listed in id order: expected %s, found '%s'", want, id);
        snprintf(C->id, sizeof C->id, "%s", id);
        snprintf(C->name, sizeof C->name, "%s", get_str(L, row, "name"));
        snprintf(C->summary, sizeof C->summary, "%s", get_str(L, row, "summary"));
        int type, seg, cost, kind, fer, v;
        FC_TRY(fc_loader_enum(L, row, "type", types, 3, &type));
        FC_TRY(fc_loader_enum(L, row, "segment", segs, 4, &seg));
        int want_type = g == 0 ? CT_EVENT : g == 4 ? CT_GOAL : CT_EVO;
        int want_seg = g >= 1 && g <= 3 ? g - 1 : SEG_NONE;
        if (type != want_type || seg != want_seg)
            return fc_loader_bad(L, row, "%s: type/segment do not match its id", id);
        FC_TRY(fc_loader_int(L, row, "cost", 1, 4, &cost));
        FC_TRY(fc_loader_enum(L, row, "kind", kinds, 3, &kind));
        FC_TRY(fc_loader_int(L, row, "ferocity", 1, 5, &fer));
        C->type = (uint8_t)type, C->seg = (uint8_t)seg, C->cost = (uint8_t)cost, C->kind = (uint8_t)kind;
        C->ferocity = (uint8_t)fer;
        static const char *const nums[] = {"food", "larvae", "cards", "points", "steps", "n", "m"};
        int8_t *dst[] = {&C->food, &C->larvae, &C->cards, &C->points, &C->steps, &C->n, &C->m};
        for (int i = 0; i < 7; i++) {
            FC_TRY(fc_loader_int(L, row, nums[i], 0, 20, &v));
            *dst[i] = (int8_t)v;
        }
        int32_t lv[4];
        int nl = 0;
        if (get_str(L, row, "levels")[0]) {
            nl = L->h->table_ints(L->t, row, "levels", lv, 4, L->err);
            if (nl < 0) {
                fc_loader_close(L);
                return nl;
            }
        }
        if ((type == CT_GOAL) != (nl == 3))
            return fc_loader_bad(L, row, "column 'levels': goals need exactly 3 values, other cards none%s", "");
        for (int i = 0; i < nl; i++)
            C->levels[i] = (int8_t)lv[i];
        FC_TRY(need_provenance(L, row));
    }
    fc_loader_close(L);
    return 0;
}

static int load_rest(fc_loader *L, mz_data *D)
{
    static const char *const cols[] = {"id", "name", "timing", "food", "larvae", "cards", "points", "steps",
                                       "larva_moves", "strength", "prevent", "feed", "peek", "provenance", NULL};
    static const char *const timing[] = {"immediate", "round"};
    FC_TRY(fc_loader_open(L, "rest_tiles.csv", cols));
    if (L->h->table_rows(L->t) != MZ_REST)
        return fc_loader_bad(L, 0, "expected %d rest tiles, found %d", MZ_REST, L->h->table_rows(L->t));
    for (int row = 0; row < MZ_REST; row++) {
        mz_restdef *R = &D->rest[row];
        char want[8];
        snprintf(want, sizeof want, "RT-%02d", row);
        if (strcmp(get_str(L, row, "id"), want))
            return fc_loader_bad(L, row, "rest tiles must be listed in order: expected %s", want);
        snprintf(R->id, sizeof R->id, "%s", want);
        snprintf(R->name, sizeof R->name, "%s", get_str(L, row, "name"));
        int t, v;
        FC_TRY(fc_loader_enum(L, row, "timing", timing, 2, &t));
        R->lasting = (uint8_t)t;
        static const char *const nums[] = {"food", "larvae", "cards", "points", "steps", "larva_moves",
                                           "strength", "prevent", "feed", "peek"};
        int8_t *dst[] = {&R->food, &R->larvae, &R->cards, &R->points, &R->steps, &R->larva_moves,
                         &R->strength, &R->prevent, &R->feed, &R->peek};
        for (int i = 0; i < 10; i++) {
            FC_TRY(fc_loader_int(L, row, nums[i], 0, 9, &v));
            *dst[i] = (int8_t)v;
        }
        FC_TRY(need_provenance(L, row));
    }
    fc_loader_close(L);
    return 0;
}

/* "2P;1F" -> counts per reward kind. */
static int parse_gift(fc_loader *L, int row, const char *col, int8_t *give)
{
    char buf[48];
    snprintf(buf, sizeof buf, "%s", get_str(L, row, col));
    memset(give, 0, RW_KINDS);
    for (char *tok = strtok(buf, ";"); tok; tok = strtok(NULL, ";")) {
        int n = 0;
        while (*tok >= '0' && *tok <= '9')
            n = n * 10 + (*tok++ - '0');
        int c = reward_code(tok);
        if (n < 1 || c < 0)
            return fc_loader_bad(L, row, "column '%s': expected items like 2P;1F, found '%s'", col, get_str(L, row, col));
        give[c] = (int8_t)(give[c] + n);
    }
    return 0;
}

static int load_rewards(fc_loader *L, mz_data *D)
{
    static const char *const cols[] = {"id", "level", "first", "second", "third", "provenance", NULL};
    static const char *const levels[] = {"I-II", "III+"};
    static const char *const place[] = {"first", "second", "third"};
    FC_TRY(fc_loader_open(L, "rewards.csv", cols));
    if (L->h->table_rows(L->t) != MZ_REWARDS)
        return fc_loader_bad(L, 0, "expected %d reward tiles", MZ_REWARDS);
    int high = 0;
    for (int row = 0; row < MZ_REWARDS; row++) {
        mz_rewarddef *R = &D->reward[row];
        snprintf(R->id, sizeof R->id, "%s", get_str(L, row, "id"));
        int lv;
        FC_TRY(fc_loader_enum(L, row, "level", levels, 2, &lv));
        R->high = (uint8_t)lv;
        high += lv;
        if (row > 0 && lv < D->reward[row - 1].high)
            return fc_loader_bad(L, row, "list the I-II tiles before the III+ tiles%s", "");
        for (int p = 0; p < 3; p++)
            FC_TRY(parse_gift(L, row, place[p], R->give[p]));
        FC_TRY(need_provenance(L, row));
    }
    if (high != 3)
        return fc_loader_bad(L, 0, "expected 3 tiles of each level, found %d III+", high);
    fc_loader_close(L);
    return 0;
}

static int load_track(fc_loader *L, mz_data *D)
{
    static const char *const cols[] = {"position", "size", "food", "points", "start_players", "provenance", NULL};
    FC_TRY(fc_loader_open(L, "centipede_track.csv", cols));
    if (L->h->table_rows(L->t) != MZ_TRACK)
        return fc_loader_bad(L, 0, "expected %d track positions", MZ_TRACK);
    memset(D->track_start, MZ_NONE, sizeof D->track_start);
    for (int row = 0; row < MZ_TRACK; row++) {
        int v;
        FC_TRY(fc_loader_int(L, row, "size", 1, 20, &v));
        D->track_size[row] = (uint8_t)v;
        FC_TRY(fc_loader_int(L, row, "food", 0, 9, &v));
        D->track_food[row] = (uint8_t)v;
        FC_TRY(fc_loader_int(L, row, "points", 0, 9, &v));
        D->track_points[row] = (uint8_t)v;
        if (get_str(L, row, "start_players")[0]) {
            int32_t pl[6];
            int n = L->h->table_ints(L->t, row, "start_players", pl, 6, L->err);
            if (n < 0) {
                fc_loader_close(L);
                return n;
            }
            for (int i = 0; i < n; i++) {
                if (pl[i] < 2 || pl[i] > MZ_SEATS)
                    return fc_loader_bad(L, row, "start_players: %d is not 2..5", (int)pl[i]);
                D->track_start[pl[i]] = (uint8_t)row;
            }
        }
        FC_TRY(need_provenance(L, row));
    }
    for (int p = 2; p <= MZ_SEATS; p++)
        if (D->track_start[p] == MZ_NONE)
            return fc_loader_bad(L, 0, "no start position for %d players", p);
    fc_loader_close(L);
    return 0;
}

static int load_constants(fc_loader *L, mz_data *D)
{
    static const char *const cols[] = {"key", "value", "provenance", NULL};
    static const struct {
        const char *key;
        size_t off;
        int lo, hi;
    } K[] = {
#define K_(name, field, lo, hi) {name, offsetof(mz_data, field), lo, hi}
        K_("pieces", pieces, 10, 60), K_("start_larvae", start_larvae, 0, 20),
        K_("start_ants_tunnel", start_ants, 0, 20), K_("start_food", start_food, 0, 20),
        K_("start_cards", start_cards, 0, 10), K_("start_tiles_per_player", start_tiles_pp, 1, 2),
        K_("offmeadow_small", off_small, 0, 5), K_("offmeadow_large", off_large, 0, 5),
        K_("two_player_rest_row", rest_row_2p, 2, 13), K_("two_player_start_ants", start_ants_2p, 0, 10),
        K_("march_steps", march_steps, 0, 20), K_("forage_draw", forage_draw, 1, 10),
        K_("max_thorax_reactions", max_thorax, 0, 4), K_("max_goals", max_goals, 1, 10),
        K_("feed_base", feed_base, 1, 20), K_("feed_base_epic_late", feed_late, 1, 20),
        K_("queen_choices", queen_choices, 0, 5), K_("queen_food", queen_food, 0, 9),
        K_("queen_larvae", queen_larvae, 0, 9), K_("body_points", body_points, 0, 20),
        K_("battle_points", battle_points, 0, 20), K_("starvation_points", starve_points, 0, 20),
        K_("award_points", award_points, 0, 20), K_("award_tie_points", award_tie, 0, 20),
        K_("shoot_ants", shoot_ants, 1, 5), K_("reward_tiles_low", rewards_low, 1, 3),
        K_("reward_tiles_high", rewards_high, 1, 2), K_("inner_points", inner_points, 0, 20),
#undef K_
    };
    int nk = (int)(sizeof K / sizeof K[0]);
    bool seen[sizeof K / sizeof K[0]] = {false};
    FC_TRY(fc_loader_open(L, "constants.csv", cols));
    for (int row = 0; row < L->h->table_rows(L->t); row++) {
        const char *key = get_str(L, row, "key");
        int i = 0;
        while (i < nk && strcmp(K[i].key, key))
            i++;
        if (i == nk)
            return fc_loader_bad(L, row, "unknown constant '%s'", key);
        int v;
        FC_TRY(fc_loader_int(L, row, "value", K[i].lo, K[i].hi, &v));
        FC_TRY(need_provenance(L, row));
        *(int *)((char *)D + K[i].off) = v;
        seen[i] = true;
    }
    for (int i = 0; i < nk; i++)
        if (!seen[i])
            return fc_loader_bad(L, 0, "constant '%s' is missing", K[i].key);
    fc_loader_close(L);
    return 0;
}

static int load_species(fc_loader *L, mz_data *D)
{
    static const char *const cols[] = {"id", "name", "action", "reaction", "n", "m", "provenance", NULL};
    FC_TRY(fc_loader_open(L, "species.csv", cols));
    if (L->h->table_rows(L->t) != SP_COUNT - 1)
        return fc_loader_bad(L, 0, "expected %d species, found %d", SP_COUNT - 1, L->h->table_rows(L->t));
    for (int row = 0; row < SP_COUNT - 1; row++) {
        int id, n, m;
        FC_TRY(fc_loader_int(L, row, "id", 1, SP_COUNT - 1, &id));
        if (id != row + 1)
            return fc_loader_bad(L, row, "species must be listed in order: expected id %d", row + 1);
        mz_species *S = &D->sp[id];
        snprintf(S->name, sizeof S->name, "%s", get_str(L, row, "name"));
        snprintf(S->action, sizeof S->action, "%s", get_str(L, row, "action"));
        FC_TRY(fc_loader_int(L, row, "n", 0, 9, &n));
        FC_TRY(fc_loader_int(L, row, "m", 0, 9, &m));
        FC_TRY(need_provenance(L, row));
        S->n = (int8_t)n;
        S->m = (int8_t)m;
    }
    fc_loader_close(L);
    return 0;
}

/* Parameters over the constants: -1 keeps the data value. */
static void apply_params(mz_data *D, const fc_value *p)
{
#define OVR(field, idx) \
    if (p[idx].i >= 0) \
        D->field = (int)p[idx].i
    OVR(feed_base, P_FEED_BASE);
    OVR(feed_late, P_FEED_BASE_EPIC_LATE);
    OVR(start_cards, P_HAND);
    OVR(start_larvae, P_START_LARVAE);
    OVR(start_food, P_START_FOOD);
    OVR(start_ants, P_START_ANTS);
    OVR(battle_points, P_BATTLE_POINTS);
    OVR(body_points, P_BODY_POINTS);
    OVR(starve_points, P_STARVE_POINTS);
#undef OVR
    D->epic = p[P_EPIC].i != 0;
    D->rounds = p[P_ROUNDS].i > 0 ? (int)p[P_ROUNDS].i : D->epic ? 5 : 4;
    D->reactions = p[P_REACTIONS].i != 0;
    D->open_hands = p[P_OPEN_HANDS].i != 0;
    D->draft = p[P_DRAFT].i != 0;
    D->centi_fixed = (int)p[P_CENTI_FIXED].i;
    D->species = (int)p[P_SPECIES].i;
    D->first_player = (int)p[P_FIRST_PLAYER].i;
}

int mz_data_load(const fc_host *host, const fc_value *params, int nseats, const char *datadir, void **data,
                 fc_error *err)
{
    mz_data *D = calloc(1, sizeof *D);
    if (!D)
        return host->error_set(err, FC_ENOMEM, "marsz: out of memory");
    fc_loader L = {.h = host, .dir = datadir, .err = err};
    int rc;
    if ((rc = load_tiles(&L, D)) < 0 || (rc = load_gt(&L, D)) < 0 || (rc = load_cards(&L, D)) < 0 ||
        (rc = load_rest(&L, D)) < 0 || (rc = load_rewards(&L, D)) < 0 || (rc = load_track(&L, D)) < 0 ||
        (rc = load_constants(&L, D)) < 0 || (rc = load_species(&L, D)) < 0 ||
        (rc = mz_eval_load(&L, D)) < 0) {
        free(D);
        return rc;
    }
    apply_params(D, params);
    int pieces = D->pieces;
    if (D->start_larvae + D->start_ants + (nseats == 2 ? D->start_ants_2p : 0) > pieces) {
        free(D);
        return host->error_set(err, FC_EINVAL, "start pieces exceed the %d pieces per player", pieces);
    }
    *data = D;
    return 0;
}

void mz_data_free(void *data) { free(data); }
