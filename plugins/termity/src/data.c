/* Termity data: reads the CSV files in plugins/termity/data (board, terrain, castes, swarms,
 * mounds, tiles, scenarios and their maps) and a user's map file, and validates maps against
 * the building rules. Every error is one line naming file:line or hexes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "termity.h"

typedef struct loader {
    const fc_host *h;
    const char *dir;
    fc_error *err;
    char path[1024];
} loader;

static fc_table *open_table(loader *L, const char *name, const char *const *cols, int ncols)
{
    snprintf(L->path, sizeof L->path, "%s/%s", L->dir, name);
    fc_table *t = L->h->table_load(L->path, L->err);
    if (!t)
        return NULL;
    for (int i = 0; i < ncols; i++)
        if (L->h->table_col(t, cols[i]) < 0) {
            L->h->error_set(L->err, FC_EDATA, "%s: missing column '%s'", L->path, cols[i]);
            L->h->table_free(t);
            return NULL;
        }
    return t;
}

static int fail_row(loader *L, const fc_table *t, int row, const char *what, const char *text)
{
    return L->h->error_set(L->err, FC_EDATA, "%s:%d: %s, found '%s'", L->path, L->h->table_line(t, row), what,
                           text);
}

int tm_cell_at(const tm_data *D, int q, int r)
{
    if (q < -D->radius || q > D->radius || r < -D->radius || r > D->radius)
        return -1;
    return D->index[r + D->radius][q + D->radius];
}

/* ---- board geometry (docs/rules/termity.md, Components: Board) ---- */

static int load_board(loader *L, tm_data *D)
{
    static const char *const cols[] = {"radius"};
    fc_table *t = open_table(L, "board.csv", cols, 1);
    if (!t)
        return L->err->code;
    int64_t radius = 0;
    int rc = L->h->table_rows(t) != 1 ? L->h->error_set(L->err, FC_EDATA, "%s: expected one row", L->path)
                                      : L->h->table_int(t, 0, "radius", 2, TM_MAX_RADIUS, &radius, L->err);
    L->h->table_free(t);
    if (rc < 0)
        return rc;
    int R = D->radius = (int)radius;
    memset(D->index, 0xFF, sizeof D->index);
    for (int r = -R; r <= R; r++)
        for (int q = -R; q <= R; q++)
            if (fc_hex_distance(fc_hex_make(q, r), fc_hex_make(0, 0)) <= R) {
                D->index[r + R][q + R] = (int16_t)D->ncells;
                D->cell[D->ncells++] = fc_hex_make(q, r);
            }
    for (int c = 0; c < D->ncells; c++) {
        for (int dir = 0; dir < 6; dir++) {
            fc_hex n = fc_hex_neighbour(D->cell[c], dir);
            int k = tm_cell_at(D, n.q, n.r);
            if (k >= 0)
                D->nb[c][D->nnb[c]++] = (uint8_t)k;
        }
        D->edge[c] = D->nnb[c] < 6;
        for (int k = 0; k < D->ncells; k++)
            D->dist[c][k] = (uint8_t)fc_hex_distance(D->cell[c], D->cell[k]);
    }
    return 0;
}

/* ---- terrain, castes ---- */

static int load_terrain(loader *L, tm_data *D)
{
    static const char *const cols[] = {"code", "name", "defence", "slime", "view"};
    static const char *const classes[] = {
#define FC_X_NAME(name, text) text,
        FC_TERRAINS(FC_X_NAME)
#undef FC_X_NAME
    };
    static const char codes[TM_TERRAINS] = {'O', 'W', 'V', 'S'};
    fc_table *t = open_table(L, "terrain.csv", cols, 5);
    if (!t)
        return L->err->code;
    int rc = 0;
    if (L->h->table_rows(t) != TM_TERRAINS)
        rc = L->h->error_set(L->err, FC_EDATA, "%s: expected %d terrain rows (O, W, V, S), found %d", L->path,
                             TM_TERRAINS, L->h->table_rows(t));
    for (int i = 0; rc == 0 && i < TM_TERRAINS; i++) {
        tm_terrain *T = &D->terrain_def[i];
        const char *code = L->h->table_str(t, i, L->h->table_col(t, "code"));
        int64_t def, slime;
        int cls;
        if (code[0] != codes[i] || code[1]) {
            char want[32];
            snprintf(want, sizeof want, "expected terrain code %c", codes[i]);
            rc = fail_row(L, t, i, want, code);
            break;
        }
        if ((rc = L->h->table_int(t, i, "defence", 0, 9, &def, L->err)) < 0 ||
            (rc = L->h->table_int(t, i, "slime", 0, 1, &slime, L->err)) < 0 ||
            (rc = L->h->table_enum(t, i, "view", classes, FC_TERRAIN_COUNT, &cls, L->err)) < 0)
            break;
        T->code = code[0];
        snprintf(T->name, sizeof T->name, "%s", L->h->table_str(t, i, L->h->table_col(t, "name")));
        T->defence = (uint8_t)def;
        T->slime = (uint8_t)slime;
        T->view_class = (uint8_t)cls;
    }
    L->h->table_free(t);
    return rc;
}

static int terrain_of_letter(const tm_data *D, char c)
{
    for (int i = 0; i < TM_TERRAINS; i++)
        if (D->terrain_def[i].code == c)
            return i;
    return -1;
}

static int terrain_mask(loader *L, const tm_data *D, const fc_table *t, int row, const char *col, uint8_t *out)
{
    const char *s = L->h->table_str(t, row, L->h->table_col(t, col));
    *out = 0;
    for (const char *p = s; *p; p++) {
        int k = terrain_of_letter(D, *p);
        if (k < 0) {
            char what[64];
            snprintf(what, sizeof what, "column '%s': expected terrain letters from terrain.csv", col);
            return fail_row(L, t, row, what, s);
        }
        *out = (uint8_t)(*out | (1u << k));
    }
    return 0;
}

static int load_castes(loader *L, tm_data *D, const fc_value *params)
{
    static const char *const cols[] = {"code",      "name",      "flyer",     "mp",         "strength",
                                       "support",   "slime",     "grip",      "cost_open",  "cost_water",
                                       "cost_vegetation", "cost_stones", "stand", "retreat"};
    static const char *const cost_cols[TM_TERRAINS] = {"cost_open", "cost_water", "cost_vegetation", "cost_stones"};
    fc_table *t = open_table(L, "castes.csv", cols, 14);
    if (!t)
        return L->err->code;
    int rc = 0, n = L->h->table_rows(t);
    if (n < 1 || n > TM_MAX_CASTES)
        rc = L->h->error_set(L->err, FC_EDATA, "%s: expected 1..%d castes, found %d", L->path, TM_MAX_CASTES, n);
    for (int i = 0; rc == 0 && i < n; i++) {
        tm_caste *C = &D->caste[i];
        const char *code = L->h->table_str(t, i, 0 + L->h->table_col(t, "code"));
        int64_t v[7];
        static const char *const num[7] = {"flyer", "mp", "strength", "support", "slime", "grip", NULL};
        if (!code[0] || code[1]) {
            rc = fail_row(L, t, i, "column 'code': expected one letter", code);
            break;
        }
        for (int k = 0; k < i; k++)
            if (D->caste[k].code == code[0]) {
                rc = fail_row(L, t, i, "column 'code': duplicate caste", code);
                break;
            }
        static const int64_t hi[6] = {1, 9, 9, 3, 9, 1};
        for (int k = 0; rc == 0 && num[k]; k++)
            rc = L->h->table_int(t, i, num[k], k == 3 ? 1 : 0, hi[k], &v[k], L->err);
        for (int k = 0; rc == 0 && k < TM_TERRAINS; k++) {
            int64_t c;
            rc = L->h->table_int(t, i, cost_cols[k], -1, 9, &c, L->err);
            C->cost[k] = (int8_t)c;
        }
        if (rc == 0)
            rc = terrain_mask(L, D, t, i, "stand", &C->stand);
        if (rc == 0)
            rc = terrain_mask(L, D, t, i, "retreat", &C->retreat);
        if (rc < 0)
            break;
        C->code = code[0];
        snprintf(C->name, sizeof C->name, "%s", L->h->table_str(t, i, L->h->table_col(t, "name")));
        C->flyer = (uint8_t)v[0];
        C->mp = (uint8_t)v[1];
        C->per_termite = (uint8_t)v[2];
        C->support_range = (uint8_t)v[3];
        C->slime = (uint8_t)v[4];
        C->grip = (uint8_t)v[5];
    }
    D->ncastes = n;
    L->h->table_free(t);
    if (rc < 0)
        return rc;
    /* Parameters override movement and strength per caste (list in castes.csv order). */
    const fc_value *mp = &params[P_CASTE_MP], *st = &params[P_CASTE_STRENGTH];
    for (int k = 0; k < 2; k++) {
        const fc_value *v = k ? st : mp;
        if (v->n == 1 && v->list[0] < 0)
            continue;
        if (v->n != n)
            return L->h->error_set(L->err, FC_ERANGE, "termity: %s needs %d values (one per caste), found %d",
                                   k ? "caste_strength" : "caste_mp", n, v->n);
        for (int i = 0; i < n; i++) {
            if (v->list[i] < 0)
                continue;
            if (k)
                D->caste[i].per_termite = (uint8_t)v->list[i];
            else
                D->caste[i].mp = (uint8_t)v->list[i];
        }
    }
    return 0;
}

/* ---- swarms, mounds, tiles, scenarios ---- */

static int load_swarms(loader *L, tm_data *D)
{
    static const char *const cols[] = {"swarm", "id", "caste", "termites"};
    fc_table *t = open_table(L, "swarms.csv", cols, 4);
    if (!t)
        return L->err->code;
    int rc = 0;
    int csw = L->h->table_col(t, "swarm"), cid = L->h->table_col(t, "id"), cca = L->h->table_col(t, "caste");
    for (int row = 0; rc == 0 && row < L->h->table_rows(t); row++) {
        const char *name = L->h->table_str(t, row, csw), *id = L->h->table_str(t, row, cid);
        const char *caste = L->h->table_str(t, row, cca);
        int s = 0;
        while (s < D->nswarms && strcmp(D->swarm[s].name, name))
            s++;
        if (s == D->nswarms) {
            if (s == TM_MAX_SWARMS || !name[0] || strlen(name) >= sizeof D->swarm[s].name) {
                rc = fail_row(L, t, row, "column 'swarm': at most 4 swarms with names of 1..7 characters", name);
                break;
            }
            snprintf(D->swarm[s].name, sizeof D->swarm[s].name, "%s", name);
            D->nswarms++;
        }
        tm_swarm *S = &D->swarm[s];
        if (S->ntok == TM_MAX_TOK) {
            rc = fail_row(L, t, row, "too many tokens in this swarm (at most 24)", name);
            break;
        }
        if (!id[0] || strlen(id) >= sizeof S->tok[0].id || strchr(id, ' ')) {
            rc = fail_row(L, t, row, "column 'id': expected a token id of 1..7 characters", id);
            break;
        }
        int c = 0;
        while (c < D->ncastes && !(caste[0] == D->caste[c].code && !caste[1]))
            c++;
        if (c == D->ncastes) {
            rc = fail_row(L, t, row, "column 'caste': expected a caste code from castes.csv", caste);
            break;
        }
        int64_t n;
        if ((rc = L->h->table_int(t, row, "termites", 1, 9, &n, L->err)) < 0)
            break;
        tm_token *T = &S->tok[S->ntok++];
        snprintf(T->id, sizeof T->id, "%s", id);
        T->caste = (uint8_t)c;
        T->termites = (uint8_t)n;
    }
    if (rc == 0 && D->nswarms < 2)
        rc = L->h->error_set(L->err, FC_EDATA, "%s: expected at least 2 swarms, found %d", L->path, D->nswarms);
    L->h->table_free(t);
    return rc;
}

static int load_mounds(loader *L, tm_data *D, const fc_value *params)
{
    static const char *const cols[] = {"owner", "value", "count"};
    static const char *const owners[] = {"player", "neutral"};
    fc_table *t = open_table(L, "mounds.csv", cols, 3);
    if (!t)
        return L->err->code;
    int rc = 0;
    D->neutral_value = -1;
    for (int row = 0; rc == 0 && row < L->h->table_rows(t); row++) {
        int owner;
        int64_t value, count;
        if ((rc = L->h->table_enum(t, row, "owner", owners, 2, &owner, L->err)) < 0 ||
            (rc = L->h->table_int(t, row, "value", 1, 99, &value, L->err)) < 0 ||
            (rc = L->h->table_int(t, row, "count", 1, TM_MAX_MOUNDS, &count, L->err)) < 0)
            break;
        if (owner == 1) {
            if (D->neutral_value >= 0 || count > TM_MAX_NEUTRAL) {
                rc = fail_row(L, t, row, "expected one neutral row with count <= 5", "neutral");
                break;
            }
            D->neutral_value = (int)value;
            D->box_neutral = (int)count;
            continue;
        }
        for (int k = 0; k < count && rc == 0; k++) {
            if (D->nmounds == TM_MAX_MOUNDS)
                rc = fail_row(L, t, row, "at most 8 mounds per swarm", "player");
            else
                D->mound_value[D->nmounds++] = (int)value;
        }
    }
    if (rc == 0 && (D->nmounds == 0 || D->neutral_value < 0))
        rc = L->h->error_set(L->err, FC_EDATA, "%s: expected player and neutral mound rows", L->path);
    L->h->table_free(t);
    if (rc < 0)
        return rc;
    const fc_value *mv = &params[P_MOUND_VALUES];
    if (!(mv->n == 1 && mv->list[0] < 0)) {
        D->nmounds = mv->n;
        for (int i = 0; i < mv->n; i++) {
            if (mv->list[i] < 1)
                return L->h->error_set(L->err, FC_ERANGE, "termity: mound_values: %d is not a mound value (1..99)",
                                       (int)mv->list[i]);
            D->mound_value[i] = mv->list[i];
        }
    }
    if (params[P_NEUTRAL_VALUE].i >= 0)
        D->neutral_value = (int)params[P_NEUTRAL_VALUE].i;
    return 0;
}

static int load_tiles(loader *L, tm_data *D)
{
    static const char *const cols[] = {"id", "face1", "face2"};
    static const char *const faces[] = {"W", "V", "S"};
    fc_table *t = open_table(L, "tiles.csv", cols, 3);
    if (!t)
        return L->err->code;
    int rc = 0;
    for (int row = 0; rc == 0 && row < L->h->table_rows(t); row++) {
        int a, b;
        if ((rc = L->h->table_enum(t, row, "face1", faces, 3, &a, L->err)) < 0 ||
            (rc = L->h->table_enum(t, row, "face2", faces, 3, &b, L->err)) < 0)
            break;
        if (D->ntiles == TM_MAX_TILES) {
            rc = fail_row(L, t, row, "too many tiles (at most 32)", "");
            break;
        }
        int k = D->ntiles++;
        D->tile_face[k][0] = (uint8_t)(a + 1); /* TR_WATER.. */
        D->tile_face[k][1] = (uint8_t)(b + 1);
        snprintf(D->tile_code[k], sizeof D->tile_code[k], "%s%s", faces[a], faces[b]);
        /* tiles with the same two faces (either way round) are interchangeable */
        D->tile_type[k] = (uint8_t)k;
        for (int j = 0; j < k; j++)
            if ((D->tile_face[j][0] == a + 1 && D->tile_face[j][1] == b + 1) ||
                (D->tile_face[j][0] == b + 1 && D->tile_face[j][1] == a + 1)) {
                D->tile_type[k] = D->tile_type[j];
                break;
            }
    }
    L->h->table_free(t);
    return rc;
}

static int load_scenarios(loader *L, tm_data *D)
{
    static const char *const cols[] = {"id", "players", "file", "recommended", "description"};
    fc_table *t = open_table(L, "scenarios.csv", cols, 5);
    if (!t)
        return L->err->code;
    int rc = 0;
    for (int row = 0; rc == 0 && row < L->h->table_rows(t); row++) {
        tm_scenario *S = &D->scen[D->nscen];
        int64_t players, rec;
        const char *id = L->h->table_str(t, row, L->h->table_col(t, "id"));
        const char *file = L->h->table_str(t, row, L->h->table_col(t, "file"));
        if (D->nscen == TM_MAX_SCEN || !id[0] || strlen(id) >= sizeof S->id) {
            rc = fail_row(L, t, row, "column 'id': expected a scenario id of 1..7 characters (16 at most)", id);
            break;
        }
        if (!file[0] || strlen(file) >= sizeof S->file || strchr(file, '/')) {
            rc = fail_row(L, t, row, "column 'file': expected a file name in maps/", file);
            break;
        }
        if ((rc = L->h->table_int(t, row, "players", 2, TM_SEATS, &players, L->err)) < 0 ||
            (rc = L->h->table_int(t, row, "recommended", 0, 1, &rec, L->err)) < 0)
            break;
        snprintf(S->id, sizeof S->id, "%s", id);
        snprintf(S->file, sizeof S->file, "%s", file);
        snprintf(S->description, sizeof S->description, "%s",
                 L->h->table_str(t, row, L->h->table_col(t, "description")));
        S->players = (int)players;
        S->recommended = (int)rec;
        D->nscen++;
    }
    L->h->table_free(t);
    return rc;
}

/* ---- maps and the building rules ---- */

/* Appends " (q,r)" for every cell of `cells` to buf. */
static void hex_list(const tm_data *D, const uint8_t *cells, int n, char *buf, size_t size)
{
    size_t len = strlen(buf);
    for (int i = 0; i < n && len + 12 < size; i++)
        len += (size_t)snprintf(buf + len, size - len, " (%d,%d)", D->cell[cells[i]].q, D->cell[cells[i]].r);
}

/* Flood fill of tile hexes from `start` (same terrain only when same). */
static int tile_group(const tm_data *D, const uint8_t *terrain, int start, bool same, uint8_t *seen, uint8_t *out)
{
    int n = 0, head = 0;
    out[n++] = (uint8_t)start;
    seen[start] = 1;
    while (head < n) {
        int c = out[head++];
        for (int k = 0; k < D->nnb[c]; k++) {
            int x = D->nb[c][k];
            if (seen[x] || terrain[x] == TR_OPEN || (same && terrain[x] != terrain[start]))
                continue;
            seen[x] = 1;
            out[n++] = (uint8_t)x;
        }
    }
    return n;
}

/* Hall's condition: every set of terrains needs no more hexes than the tiles offering one of
 * those terrains on a face, which is exactly when the tile set can cover the layout. */
static bool tiles_suffice(const tm_data *D, const int *need)
{
    for (int set = 1; set < 8; set++) {
        int demand = 0, supply = 0;
        for (int k = 0; k < 3; k++)
            if (set & (1 << k))
                demand += need[k + 1];
        for (int i = 0; i < D->ntiles; i++)
            if ((set & (1 << (D->tile_face[i][0] - 1))) || (set & (1 << (D->tile_face[i][1] - 1))))
                supply++;
        if (demand > supply)
            return false;
    }
    return true;
}

/* The rows of a map table into b: each hex on the board once, at most TM_MAX_NEUTRAL neutral
 * mounds; a negative code with file:line otherwise. */
static int map_rows(const fc_host *h, const tm_data *D, const char *path, fc_table *t, tm_board *b, fc_error *err)
{
    static const char *const kinds[] = {"open", "water", "vegetation", "stones", "neutral"};
    uint8_t listed[TM_MAX_CELLS] = {0};
    int rc = 0;
    if (h->table_col(t, "q") < 0 || h->table_col(t, "r") < 0 || h->table_col(t, "terrain") < 0)
        return h->error_set(err, FC_EDATA, "%s: expected columns q,r,terrain", path);
    for (int row = 0; row < h->table_rows(t); row++) {
        int64_t q, r;
        int kind;
        if ((rc = h->table_int(t, row, "q", -99, 99, &q, err)) < 0 || (rc = h->table_int(t, row, "r", -99, 99, &r, err)) < 0 ||
            (rc = h->table_enum(t, row, "terrain", kinds, 5, &kind, err)) < 0)
            return rc;
        int c = tm_cell_at(D, (int)q, (int)r);
        if (c < 0)
            return h->error_set(err, FC_EDATA, "%s:%d: hex (%d,%d) is off the board (R-03)", path,
                                h->table_line(t, row), (int)q, (int)r);
        if (listed[c])
            return h->error_set(err, FC_EDATA, "%s:%d: hex (%d,%d) is listed twice", path, h->table_line(t, row),
                                (int)q, (int)r);
        listed[c] = 1;
        if (kind == 4) {
            if (b->nneutral == TM_MAX_NEUTRAL)
                return h->error_set(err, FC_EDATA, "%s:%d: more than %d neutral mounds", path, h->table_line(t, row),
                                    TM_MAX_NEUTRAL);
            b->neutral[b->nneutral++] = (uint8_t)c;
        } else {
            b->terrain[c] = (uint8_t)kind;
        }
    }
    return rc;
}

/* Neutral mounds: R-11 a, c, d, e (R-44, R-46 c). */
static int map_neutrals(const fc_host *h, const tm_data *D, const char *path, const tm_board *b, fc_error *err)
{
    char hexes[FC_ERROR_MSG_MAX / 2] = "";
    for (int i = 0; i < b->nneutral; i++) {
        int c = b->neutral[i], water = 0;
        uint8_t bad[8];
        int nbad = 0;
        const char *why = NULL;
        if (D->edge[c])
            why = "is on an edge hex (R-11 a)";
        for (int k = 0; k < D->nnb[c]; k++) {
            int x = D->nb[c][k];
            for (int j = 0; j < b->nneutral; j++)
                if (b->neutral[j] == x && !why) {
                    why = "is adjacent to another mound (R-11 c)";
                    bad[nbad++] = (uint8_t)x;
                }
            if (b->terrain[x] == TR_WATER)
                water++;
        }
        if (!why && water > 1) {
            why = "is adjacent to more than one water hex (R-11 d, R-46 c)";
            for (int k = 0; k < D->nnb[c]; k++)
                if (b->terrain[D->nb[c][k]] == TR_WATER)
                    bad[nbad++] = D->nb[c][k];
        }
        if (why) {
            hex_list(D, bad, nbad, hexes, sizeof hexes);
            return h->error_set(err, FC_EDATA, "%s: neutral mound at (%d,%d) %s%s", path, D->cell[c].q, D->cell[c].r,
                                why, hexes);
        }
    }
    return 0;
}

/* R-46 a and b: connected groups of tile hexes, of one terrain (at most 2) and of any (at most 4). */
static int map_groups(const fc_host *h, const tm_data *D, const char *path, const tm_board *b, fc_error *err)
{
    char hexes[FC_ERROR_MSG_MAX / 2] = "";
    uint8_t seen[TM_MAX_CELLS], group[TM_MAX_CELLS];
    for (int pass = 0; pass < 2; pass++) {
        memset(seen, 0, sizeof seen);
        for (int c = 0; c < D->ncells; c++) {
            if (seen[c] || b->terrain[c] == TR_OPEN)
                continue;
            int n = tile_group(D, b->terrain, c, pass == 0, seen, group);
            if (pass == 0 && n > 2) {
                hex_list(D, group, n, hexes, sizeof hexes);
                return h->error_set(err, FC_EDATA, "%s: %d connected %s tiles, at most 2 allowed (R-46 a):%s", path, n,
                                    D->terrain_def[b->terrain[c]].name, hexes);
            }
            if (pass == 1 && n > 4) {
                hex_list(D, group, n, hexes, sizeof hexes);
                return h->error_set(err, FC_EDATA, "%s: %d connected terrain tiles, at most 4 allowed (R-46 b):%s",
                                    path, n, hexes);
            }
        }
    }
    return 0;
}

int tm_map_read(const fc_host *h, const tm_data *D, const char *path, const char *text, int want_neutral, bool limits,
                tm_board *b, fc_error *err)
{
    fc_table *t = text ? h->table_parse(path, text, err) : h->table_load(path, err);
    if (!t)
        return err ? err->code : FC_EDATA;
    memset(b, 0, sizeof *b);
    int rc = map_rows(h, D, path, t, b, err);
    h->table_free(t);
    if (rc < 0)
        return rc;
    if (want_neutral >= 0 && b->nneutral != want_neutral)
        return h->error_set(err, FC_EDATA, "%s: %d neutral mounds, expected %d (R-08)", path, b->nneutral,
                            want_neutral);
    int need[TM_TERRAINS] = {0};
    for (int c = 0; c < D->ncells; c++)
        need[b->terrain[c]]++;
    if (!tiles_suffice(D, need))
        return h->error_set(err, FC_EDATA,
                            "%s: %d water, %d vegetation, %d stones cannot be laid with the %d tiles (tiles.csv)",
                            path, need[TR_WATER], need[TR_VEGETATION], need[TR_STONES], D->ntiles);
    if ((rc = map_neutrals(h, D, path, b, err)) != 0)
        return rc;
    return limits ? map_groups(h, D, path, b, err) : 0;
}

/* Scenario custom: side B all Open, built in the game (R-43 … R-47). The pool of n tiles is
 * taken in turn from each pair of faces in tiles.csv order, so any count keeps the mix even. */
static int choose_custom(loader *L, tm_data *D, const fc_value *params, int want)
{
    int n = (int)params[P_CUSTOM_TILES].i;
    if (n > D->ntiles)
        return L->h->error_set(L->err, FC_ERANGE, "termity: custom_tiles %d, the box has %d tiles (R-43)", n,
                               D->ntiles);
    D->custom = true;
    D->neutral_want = want;
    snprintf(D->board_name, sizeof D->board_name, "custom");
    for (int got = 0; got < n;)
        for (int t = 0; t < D->ntiles && got < n; t++) { /* one of each type per lap */
            if (D->tile_type[t] != t)
                continue;
            for (int k = t; k < D->ntiles; k++)
                if (D->tile_type[k] == t && !(D->custom_pool >> k & 1)) {
                    D->custom_pool |= 1u << k;
                    got++;
                    break;
                }
        }
    return 0;
}

static int choose_board(loader *L, tm_data *D, const fc_value *params, int nseats)
{
    int want = params[P_NEUTRAL_COUNT].i >= 0 ? (int)params[P_NEUTRAL_COUNT].i : nseats - 1;
    if (want > D->box_neutral)
        return L->h->error_set(L->err, FC_ERANGE, "termity: %d neutral mounds wanted, the box has %d", want,
                               D->box_neutral);
    const char *map = params[P_MAP].s;
    if (map[0] && !strcmp(params[P_SCENARIO].s, "custom"))
        return L->h->error_set(L->err, FC_EINVAL,
                               "termity: scenario custom builds the board in the game; map=%s gives a finished one",
                               map);
    if (map[0]) {
        /* The rule set read the user's map (or a record embedded it): parse that text, never
         * the path, which is only its name here. */
        const char *text = L->h->param_text(L->h, P_MAP, L->err);
        if (!text)
            return L->h->error_set(L->err, FC_EDATA, "termity: map %s: no text for the map file", map);
        snprintf(D->board_name, sizeof D->board_name, "%s", map);
        return tm_map_read(L->h, D, map, text, want, params[P_BUILD_LIMITS].i != 0, &D->board, L->err);
    }
    const char *id = params[P_SCENARIO].s;
    if (!strcmp(id, "custom"))
        return choose_custom(L, D, params, want);
    const tm_scenario *S = NULL;
    for (int i = 0; i < D->nscen && !S; i++)
        if (strcmp(id, "auto") ? !strcmp(D->scen[i].id, id) : D->scen[i].players == nseats && D->scen[i].recommended)
            S = &D->scen[i];
    if (!S) {
        char known[160] = "";
        for (int i = 0; i < D->nscen; i++)
            snprintf(known + strlen(known), sizeof known - strlen(known), "%s%s", i ? ", " : "", D->scen[i].id);
        return L->h->error_set(L->err, FC_EUNKNOWN, "termity: no scenario '%s' for %d players (known: %s, custom)", id,
                               nseats, known);
    }
    if (S->players != nseats)
        return L->h->error_set(L->err, FC_ERANGE, "termity: scenario %s is for %d players, not %d (R-07)", S->id,
                               S->players, nseats);
    snprintf(D->board_name, sizeof D->board_name, "%s", S->id);
    char path[1024];
    snprintf(path, sizeof path, "%s/maps/%s", L->dir, S->file);
    /* Scenarios are fixed data governed by their own layout: the building limits of R-46
     * apply to custom boards only (ruling T-17). A smaller neutral count uses the first spots. */
    int rc = tm_map_read(L->h, D, path, NULL, -1, false, &D->board, L->err);
    if (rc < 0)
        return rc;
    if (D->board.nneutral < want)
        return L->h->error_set(L->err, FC_EDATA, "%s: %d neutral mounds, %d wanted", path, D->board.nneutral, want);
    D->board.nneutral = want;
    return 0;
}

/* parameter swarms gives each seat's swarm; -1 (the default) deals them at random at
 * setup (tm_init, from the setup RNG). */
static int choose_swarms(const fc_host *host, tm_data *D, const fc_value *sw, int nseats, fc_error *err)
{
    if (sw->n == 1 && sw->list[0] < 0) {
        for (int i = 0; i < TM_SEATS; i++)
            D->fixed_swarm[i] = -1;
        if (D->nswarms < nseats)
            return host->error_set(err, FC_ERANGE, "termity: %d swarms for %d seats (R-09)", D->nswarms, nseats);
        return 0;
    }
    if (sw->n < nseats)
        return host->error_set(err, FC_ERANGE, "termity: swarms lists %d swarms for %d seats", sw->n, nseats);
    for (int i = 0; i < nseats; i++) {
        int k = sw->list[i];
        if (k < 0 || k >= D->nswarms)
            return host->error_set(err, FC_ERANGE, "termity: swarms: no swarm %d (0..%d; -1 alone deals at random)", k,
                                   D->nswarms - 1);
        for (int j = 0; j < i; j++)
            if (sw->list[j] == k)
                return host->error_set(err, FC_ERANGE, "termity: swarms: swarm %d given to two seats (R-09)", k);
        D->fixed_swarm[i] = k;
    }
    return 0;
}

int tm_data_load(const fc_host *host, const fc_value *params, int nseats, const char *datadir, void **data,
                 fc_error *err)
{
    tm_data *D = calloc(1, sizeof *D);
    if (!D)
        return host->error_set(err, FC_ENOMEM, "termity: out of memory");
    loader L = {host, datadir ? datadir : ".", err, {0}};
    int rc;
    if ((rc = load_board(&L, D)) < 0 || (rc = load_terrain(&L, D)) < 0 || (rc = load_castes(&L, D, params)) < 0 ||
        (rc = load_swarms(&L, D)) < 0 || (rc = load_mounds(&L, D, params)) < 0 || (rc = load_tiles(&L, D)) < 0 ||
        (rc = load_scenarios(&L, D)) < 0 || (rc = choose_board(&L, D, params, nseats)) < 0 ||
        (rc = tm_eval_load(host, L.dir, D, err)) < 0)
        goto fail;
    if ((rc = choose_swarms(host, D, &params[P_SWARMS], nseats, err)) < 0)
        goto fail;
    D->limits = params[P_BUILD_LIMITS].i != 0;
    D->hand_size = (int)params[P_HAND_SIZE].i;
    D->first_player = (int)params[P_FIRST_PLAYER].i;
    if (D->first_player >= nseats) {
        rc = host->error_set(err, FC_ERANGE, "termity: first_player %d but only %d seats", D->first_player, nseats);
        goto fail;
    }
    D->open_hands = params[P_OPEN_HANDS].i != 0;
    D->held_double = params[P_HELD_DOUBLE].i != 0;
    D->lethal_thickets = params[P_LETHAL_THICKETS].i != 0;
    D->defender_retreats = params[P_DEFENDER_RETREATS].i != 0;
    /* Strength of each token from the caste's per-termite strength. */
    for (int s = 0; s < D->nswarms; s++)
        for (int k = 0; k < D->swarm[s].ntok; k++) {
            tm_token *T = &D->swarm[s].tok[k];
            T->strength = (uint8_t)(T->termites * D->caste[T->caste].per_termite);
            T->type = (uint8_t)k;
            T->flyer = D->caste[T->caste].flyer;
            for (int j = 0; j < k; j++)
                if (D->swarm[s].tok[j].caste == T->caste && D->swarm[s].tok[j].termites == T->termites) {
                    T->type = (uint8_t)j;
                    break;
                }
        }
    *data = D;
    return 0;
fail:
    free(D);
    return rc;
}

void tm_data_free(void *data) { free(data); }
