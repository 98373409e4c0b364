/* Marabunta data loader: reads the component tables (docs/rules/marabunta.md, Components)
 * from the CSV files under the data directory through the host's table functions, keeps the
 * chosen territory side and player-board side, applies the parameters that override component
 * data, and precomputes neighbour sets. Every problem is one "file:line: ..." error. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formicary/loader.h"
#include "marabunta.h"

const char *const mb_face_names[FACE_KINDS] = {"0", "1", "2", "3", "crate", "flag"};
static const char *const fx_names[FX_KINDS] = {"place", "free",   "crates",  "leaves", "cross_pair",
                                               "cross_cookie", "encore", "cookies", "vp"};
static const char *const side_names[2] = {"A", "B"};
static const char *const feat_names[3] = {"none", "cookie", "crate"};
static const char *const view_names[FC_TERRAIN_COUNT] = {
#define FC_X_NAME(name, text) text,
    FC_TERRAINS(FC_X_NAME)
#undef FC_X_NAME
};

int mb_face_parse(const char *s)
{
    for (int i = 0; i < FACE_KINDS; i++)
        if (!strcmp(s, mb_face_names[i]))
            return i;
    return -1;
}

/* A field's text; the columns were checked when the table was opened. */
static const char *get_str(fc_loader *L, int row, const char *col)
{
    const char *s = fc_loader_str(L, row, col);
    return s ? s : "";
}

/* A name field: non-empty, short, not yet seen among names[0..n-1]. */
static int get_name(fc_loader *L, int row, const char *col, char (*names)[MB_NAME], int n, char *out)
{
    const char *s = get_str(L, row, col);
    if (!s[0] || strlen(s) >= MB_NAME || strchr(s, ' ') || strchr(s, ','))
        return fc_loader_bad(L, row, "column '%s': expected a short name without spaces or commas", col);
    for (int i = 0; i < n; i++)
        if (!strcmp(names[i], s))
            return fc_loader_bad(L, row, "'%s' is listed twice", s);
    snprintf(out, MB_NAME, "%s", s);
    return 0;
}

static int region_of(const mb_data *D, const char *name)
{
    for (int i = 0; i < D->nregions; i++)
        if (!strcmp(D->region_name[i], name))
            return i;
    return -1;
}

static int load_regions(fc_loader *L, mb_data *D, const fc_value *params)
{
    static const char *const cols[] = {"region", "letter", "view", "circles", "red_preprinted", "blue_preprinted",
                                       NULL};
    FC_TRY(fc_loader_open(L, "regions.csv", cols));
    int n = L->h->table_rows(L->t);
    if (n > MB_MAX_REGIONS || n > MB_MAX_DICE - 1)
        return fc_loader_bad(L, n - 1, "too many regions (at most %s)", "6");
    for (int row = 0; row < n; row++) {
        int circles, red, blue, view;
        FC_TRY(get_name(L, row, "region", D->region_name, row, D->region_name[row]));
        const char *letter = get_str(L, row, "letter");
        if (strlen(letter) != 1)
            return fc_loader_bad(L, row, "column 'letter': expected one character, found '%s'", letter);
        FC_TRY(fc_loader_enum(L, row, "view", view_names, FC_TERRAIN_COUNT, &view));
        FC_TRY(fc_loader_int(L, row, "circles", 1, 30, &circles));
        FC_TRY(fc_loader_int(L, row, "red_preprinted", 0, 30, &red));
        FC_TRY(fc_loader_int(L, row, "blue_preprinted", 0, 30, &blue));
        if (params[P_LEAF_CIRCLES].i > 0)
            circles = (int)params[P_LEAF_CIRCLES].i;
        if (red + blue > circles)
            return fc_loader_bad(L, row, "leaf has fewer circles than pre-printed ones%s", "");
        D->region_letter[row] = letter[0];
        D->region_view[row] = (uint8_t)view;
        D->leaf_pre[row][0] = (uint8_t)red;
        D->leaf_pre[row][1] = (uint8_t)blue;
        D->leaf_empty[row] = (uint8_t)(circles - red - blue);
    }
    D->nregions = n;
    fc_loader_close(L);
    return 0;
}

static int load_board(fc_loader *L, mb_data *D, int side)
{
    static const char *const cols[] = {"side", "q", "r", "region", "feature", NULL};
    FC_TRY(fc_loader_open(L, "board.csv", cols));
    for (int i = 0; i < 32; i++)
        for (int j = 0; j < 32; j++)
            D->index[i][j] = -1;
    int seen[2] = {0, 0};
    for (int row = 0; row < L->h->table_rows(L->t); row++) {
        int sd, q, r, feat;
        FC_TRY(fc_loader_enum(L, row, "side", side_names, 2, &sd));
        FC_TRY(fc_loader_int(L, row, "q", -16, 15, &q));
        FC_TRY(fc_loader_int(L, row, "r", -16, 15, &r));
        int reg = region_of(D, get_str(L, row, "region"));
        if (reg < 0)
            return fc_loader_bad(L, row, "column 'region': unknown region '%s' (see regions.csv)", get_str(L, row, "region"));
        FC_TRY(fc_loader_enum(L, row, "feature", feat_names, 3, &feat));
        seen[sd]++;
        if (sd != side)
            continue;
        if (D->nhex >= MB_MAX_HEX)
            return fc_loader_bad(L, row, "more than %s hexes on one side", "128");
        if (D->index[r + 16][q + 16] >= 0)
            return fc_loader_bad(L, row, "hex listed twice on this side%s", "");
        int c = D->nhex++;
        D->index[r + 16][q + 16] = (int16_t)c;
        D->hex[c] = fc_hex_make(q, r);
        D->region[c] = (uint8_t)reg;
        D->feature[c] = (uint8_t)feat;
    }
    if (!seen[side]) {
        int rc = L->h->error_set(L->err, FC_EDATA, "%s: no hexes for board side %s", L->path, side_names[side]);
        fc_loader_close(L);
        return rc;
    }
    fc_loader_close(L);
    for (int c = 0; c < D->nhex; c++) {
        mb_add(&D->all, c);
        mb_add(&D->region_hexes[D->region[c]], c);
        if (D->feature[c] == FEAT_COOKIE)
            mb_add(&D->cookie_hexes, c);
        if (D->feature[c] == FEAT_CRATE)
            mb_add(&D->crate_hexes, c);
        for (int d = 0; d < 6; d++) {
            fc_hex x = fc_hex_neighbour(D->hex[c], d);
            int k = x.q >= -16 && x.q < 16 && x.r >= -16 && x.r < 16 ? D->index[x.r + 16][x.q + 16] : -1;
            D->nb[c][d] = (int16_t)k;
            if (k >= 0)
                mb_add(&D->nbset[c], k);
        }
    }
    for (int r = 0; r < D->nregions; r++)
        if (mb_empty(D->region_hexes[r]))
            return L->h->error_set(L->err, FC_EDATA, "%s/board.csv: region %s has no hex on side %s", L->dir,
                                   D->region_name[r], side_names[side]);
    return 0;
}

static int load_dice(fc_loader *L, mb_data *D, bool seventh)
{
    static const char *const cols[] = {"die", "colour", "region", "faces", "seventh", NULL};
    FC_TRY(fc_loader_open(L, "dice.csv", cols));
    bool used[MB_MAX_REGIONS] = {false};
    int extra = 0, n = 0;
    for (int row = 0; row < L->h->table_rows(L->t); row++) {
        int is7;
        FC_TRY(fc_loader_int(L, row, "seventh", 0, 1, &is7));
        const char *rname = get_str(L, row, "region");
        int reg = strcmp(rname, "any") ? region_of(D, rname) : MB_ANY;
        if (reg < 0 || (reg != MB_ANY && (used[reg] || is7)) || (reg == MB_ANY && !is7))
            return fc_loader_bad(L, row, "column 'region': '%s' is no region, has two dice, or 'any' for a regular die",
                       rname);
        if (is7 && ++extra > 1)
            return fc_loader_bad(L, row, "a second seventh die%s", "");
        if (is7 && !seventh)
            continue;
        if (n >= MB_MAX_DICE)
            return fc_loader_bad(L, row, "too many dice%s", "");
        if (reg != MB_ANY)
            used[reg] = true;
        char names[MB_MAX_DICE][MB_NAME];
        for (int i = 0; i < n; i++)
            memcpy(names[i], D->die_name[i], MB_NAME);
        FC_TRY(get_name(L, row, "colour", names, n, D->die_name[n]));
        if (!strcmp(D->die_name[n], "tile"))
            return fc_loader_bad(L, row, "column 'colour': '%s' is reserved", "tile");
        D->die_region[n] = (uint8_t)reg;
        char buf[128];
        snprintf(buf, sizeof buf, "%s", get_str(L, row, "faces"));
        int k = 0;
        for (char *save = NULL, *tok = strtok_r(buf, ";", &save); tok; tok = strtok_r(NULL, ";", &save)) {
            int f = mb_face_parse(tok);
            if (f < 0 || k >= MB_MAX_FACES)
                return fc_loader_bad(L, row, "column 'faces': bad face '%s' (0, 1, 2, 3, crate, flag; at most 8)", tok);
            D->face[n][k++] = (uint8_t)f;
        }
        if (k < 1)
            return fc_loader_bad(L, row, "column 'faces': no faces%s", "");
        D->nfaces[n++] = k;
    }
    for (int r = 0; r < D->nregions; r++)
        if (!used[r])
            return fc_loader_bad(L, L->h->table_rows(L->t) - 1, "no die for region %s", D->region_name[r]);
    if (seventh && !extra)
        return fc_loader_bad(L, L->h->table_rows(L->t) - 1, "seventh_die is on but no die has seventh=1%s", "");
    D->ndice = n;
    fc_loader_close(L);
    return 0;
}

/* One effect row (tiles.csv, abilities.csv). */
static int load_effect(fc_loader *L, int row, mb_effect *e, bool tile)
{
    int kind, value, count;
    FC_TRY(fc_loader_enum(L, row, "effect", fx_names, tile ? FX_COOKIES : FX_KINDS, &kind));
    FC_TRY(fc_loader_int(L, row, "value", 0, kind == FX_VP ? 50 : 3, &value));
    FC_TRY(fc_loader_int(L, row, "count", 0, 8, &count));
    if ((kind == FX_PLACE && (count < 1 || count > 3)) || (kind == FX_FREE && count != 1) ||
        (kind == FX_CROSS_PAIR && count != 2))
        return fc_loader_bad(L, row, "column 'count': not possible for effect '%s'", fx_names[kind]);
    snprintf(e->name, sizeof e->name, "%.23s", get_str(L, row, "name"));
    e->kind = (uint8_t)kind;
    e->value = (uint8_t)value;
    e->count = (uint8_t)count;
    return 0;
}

static int load_tiles(fc_loader *L, mb_data *D)
{
    static const char *const cols[] = {"id", "name", "effect", "value", "count", "mandatory", "returns", NULL};
    FC_TRY(fc_loader_open(L, "tiles.csv", cols));
    int n = L->h->table_rows(L->t);
    if (n > MB_MAX_TILES)
        return fc_loader_bad(L, n - 1, "too many tiles (at most %s)", "12");
    char ids[MB_MAX_TILES][MB_NAME];
    D->special = -1;
    for (int row = 0; row < n; row++) {
        mb_effect *e = &D->tile[row];
        int mand, ret;
        FC_TRY(get_name(L, row, "id", ids, row, ids[row]));
        memcpy(e->id, ids[row], sizeof e->id);
        FC_TRY(load_effect(L, row, e, true));
        FC_TRY(fc_loader_int(L, row, "mandatory", 0, 1, &mand));
        FC_TRY(fc_loader_int(L, row, "returns", 0, 1, &ret));
        if (ret && D->special >= 0)
            return fc_loader_bad(L, row, "a second special tile (returns=1)%s", "");
        if (ret)
            D->special = row;
        e->mandatory = (uint8_t)mand;
        e->returns = (uint8_t)ret;
    }
    if (D->special < 0)
        return fc_loader_bad(L, n - 1, "no special tile (returns=1)%s", "");
    D->ntiles = n;
    fc_loader_close(L);
    return 0;
}

static int load_abilities(fc_loader *L, mb_data *D)
{
    static const char *const cols[] = {"id", "name", "effect", "value", "count", NULL};
    FC_TRY(fc_loader_open(L, "abilities.csv", cols));
    int n = L->h->table_rows(L->t);
    if (n > MB_MAX_ABIL)
        return fc_loader_bad(L, n - 1, "too many abilities (at most %s)", "16");
    char ids[MB_MAX_ABIL][MB_NAME];
    for (int row = 0; row < n; row++) {
        FC_TRY(get_name(L, row, "id", ids, row, ids[row]));
        memcpy(D->abil[row].id, ids[row], sizeof D->abil[row].id);
        FC_TRY(load_effect(L, row, &D->abil[row], false));
    }
    D->nabil = n;
    fc_loader_close(L);
    return 0;
}

static int load_groups(fc_loader *L, mb_data *D, int side)
{
    static const char *const cols[] = {"player_side", "group", "crates", "ability", NULL};
    FC_TRY(fc_loader_open(L, "groups.csv", cols));
    char ids[MB_MAX_GROUPS * 2][MB_NAME];
    int nid = 0;
    for (int row = 0; row < L->h->table_rows(L->t); row++) {
        int sd, crates;
        FC_TRY(fc_loader_enum(L, row, "player_side", side_names, 2, &sd));
        if (nid >= MB_MAX_GROUPS * 2)
            return fc_loader_bad(L, row, "too many groups%s", "");
        FC_TRY(get_name(L, row, "group", ids, nid, ids[nid]));
        nid++;
        FC_TRY(fc_loader_int(L, row, "crates", 1, 9, &crates));
        const char *ab = get_str(L, row, "ability");
        int a = 0;
        while (a < D->nabil && strcmp(D->abil[a].id, ab))
            a++;
        if (a == D->nabil)
            return fc_loader_bad(L, row, "column 'ability': unknown ability '%s' (see abilities.csv)", ab);
        if (sd != side)
            continue;
        if (D->ngroups >= MB_MAX_GROUPS || strlen(ids[nid - 1]) >= sizeof D->group_id[0])
            return fc_loader_bad(L, row, "too many groups on one side or group id too long%s", "");
        int g = D->ngroups++;
        snprintf(D->group_id[g], sizeof D->group_id[g], "%s", ids[nid - 1]);
        D->group_crates[g] = (uint8_t)crates;
        D->group_abil[g] = (uint8_t)a;
        D->total_crates += crates;
    }
    if (!D->ngroups)
        return fc_loader_bad(L, 0, "no crate group for player-board side %s", side_names[side]);
    fc_loader_close(L);
    return 0;
}

static int load_cookies(fc_loader *L, mb_data *D, const fc_value *params)
{
    static const char *const cols[] = {"position", "vp", NULL};
    FC_TRY(fc_loader_open(L, "cookies.csv", cols));
    int n = L->h->table_rows(L->t);
    if (n > MB_MAX_COOKIES)
        return fc_loader_bad(L, n - 1, "too many cookies (at most %s)", "16");
    for (int row = 0; row < n; row++) {
        int pos, vp;
        FC_TRY(fc_loader_int(L, row, "position", 1, MB_MAX_COOKIES, &pos));
        FC_TRY(fc_loader_int(L, row, "vp", 0, 50, &vp));
        if (pos != row + 1)
            return fc_loader_bad(L, row, "column 'position': expected positions 1, 2, ... in order%s", "");
        D->cookie_vp[row] = (int8_t)vp;
    }
    D->ncookies = n;
    fc_loader_close(L);
    const fc_value *cv = &params[P_COOKIE_VALUES];
    if (cv->n > 0) {
        D->ncookies = cv->n;
        for (int i = 0; i < cv->n; i++)
            D->cookie_vp[i] = (int8_t)cv->list[i];
    }
    return 0;
}

static int load_player_side(fc_loader *L, mb_data *D, int side, const fc_value *params)
{
    static const char *const cols[] = {"player_side", "ant_hills", "track_max", NULL};
    FC_TRY(fc_loader_open(L, "player_boards.csv", cols));
    bool found = false;
    for (int row = 0; row < L->h->table_rows(L->t); row++) {
        int sd, hills, track;
        FC_TRY(fc_loader_enum(L, row, "player_side", side_names, 2, &sd));
        FC_TRY(fc_loader_int(L, row, "ant_hills", 0, 9, &hills));
        FC_TRY(fc_loader_int(L, row, "track_max", 1, 999, &track));
        if (sd == side) {
            D->ant_hills = hills;
            D->track_max = track;
            found = true;
        }
    }
    if (!found)
        return fc_loader_bad(L, 0, "no row for player-board side %s", side_names[side]);
    fc_loader_close(L);
    if (params[P_ANT_HILLS].i >= 0)
        D->ant_hills = (int)params[P_ANT_HILLS].i;
    if (params[P_NO_ANT_HILLS].i)
        D->ant_hills = 0;
    return 0;
}

int mb_data_load(const fc_host *host, const fc_value *params, int nseats, const char *datadir, void **data,
                 fc_error *err)
{
    if (nseats != MB_SEATS)
        return host->error_set(err, FC_ERANGE, "marabunta: %d seats, expected 2", nseats);
    mb_data *D = calloc(1, sizeof *D);
    if (!D)
        return host->error_set(err, FC_ENOMEM, "marabunta: out of memory");
    fc_loader L = {.h = host, .dir = datadir ? datadir : ".", .err = err};
    int board = (int)params[P_BOARD_SIDE].i, player = (int)params[P_PLAYER_SIDE].i;
    int rc;
    if ((rc = load_regions(&L, D, params)) < 0 || (rc = load_board(&L, D, board)) < 0 ||
        (rc = load_dice(&L, D, params[P_SEVENTH_DIE].i != 0)) < 0 || (rc = load_tiles(&L, D)) < 0 || (rc = load_abilities(&L, D)) < 0 ||
        (rc = load_groups(&L, D, player)) < 0 || (rc = load_cookies(&L, D, params)) < 0 ||
        (rc = load_player_side(&L, D, player, params)) < 0 || (rc = mb_eval_load(&L, D)) < 0) {
        fc_loader_close(&L);
        free(D);
        return rc;
    }
    *data = D;
    return 0;
}

void mb_data_free(void *data) { free(data); }
