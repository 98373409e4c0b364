/* Myrmes data loader: reads the CSV tables under the data directory (T-01..T-13) through the
 * host's table functions and precomputes the active garden, neighbour tables and every
 * statically valid tile placement for the match's player count and parameters. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formicary/loader.h"
#include "myrmes.h"

/* A text field copied into out (n bytes). */
static int get_str(fc_loader *L, int row, const char *col, char *out, size_t n)
{
    const char *s = fc_loader_str(L, row, col);
    if (!s)
        return L->err ? L->err->code : FC_EDATA;
    snprintf(out, n, "%s", s);
    return 0;
}

/* ---- shapes: our own rotation/normalisation so orientation numbers are stable ---- */

static int cmp_hex(const void *a, const void *b)
{
    const fc_hex *x = a, *y = b;
    if (x->r != y->r)
        return x->r - y->r;
    return x->q - y->q;
}

static void normalize(fc_hex *c, int n)
{
    qsort(c, (size_t)n, sizeof *c, cmp_hex);
    fc_hex o = c[0];
    for (int i = 0; i < n; i++)
        c[i] = fc_hex_sub(c[i], o);
}

/* Distinct orientations: rotations 0..5, then (if mirror) the reflected shape's rotations. */
static int orientations(const fc_hex *cells, int n, bool mirror, fc_hex out[][FC_SHAPE_MAX])
{
    int k = 0;
    for (int m = 0; m < (mirror ? 2 : 1); m++)
        for (int rot = 0; rot < 6; rot++) {
            fc_hex c[FC_SHAPE_MAX];
            for (int i = 0; i < n; i++) {
                fc_hex h = m ? fc_hex_make(cells[i].r, cells[i].q) : cells[i];
                for (int j = 0; j < rot; j++)
                    h = fc_hex_make(-h.r, h.q + h.r);
                c[i] = h;
            }
            normalize(c, n);
            bool dup = false;
            for (int j = 0; j < k && !dup; j++)
                dup = memcmp(out[j], c, sizeof(fc_hex) * (size_t)n) == 0;
            if (!dup)
                memcpy(out[k++], c, sizeof(fc_hex) * (size_t)n);
        }
    return k;
}

static int read_shape(fc_loader *L, int row, my_kind *k, bool mirror)
{
    int32_t v[2 * FC_SHAPE_MAX + 2];
    int n = L->h->table_ints(L->t, row, "offsets", v, 2 * FC_SHAPE_MAX + 2, L->err);
    if (n < 0) {
        fc_loader_close(L);
        return n;
    }
    if (n % 2 || n < 4 || n > 12)
        return fc_loader_bad(L, row, "offsets: expected 2 to 6 q;r pairs");
    fc_hex c[FC_SHAPE_MAX];
    for (int i = 0; i < n / 2; i++)
        c[i] = fc_hex_make(v[2 * i], v[2 * i + 1]);
    k->size = (uint8_t)(n / 2);
    for (int i = 0; i < k->size; i++)
        for (int j = 0; j < i; j++)
            if (fc_hex_eq(c[i], c[j]))
                return fc_loader_bad(L, row, "offsets: repeated cell");
    k->norient = (uint8_t)orientations(c, k->size, mirror, k->orient);
    return 0;
}

/* ---- tables ---- */

static int load_garden(fc_loader *L, my_data *D, int nseats)
{
    static const char *const terr[] = {"grass", "dirt", "stone", "mushroom", "water"};
    static const char *const zones[] = {"A", "B", "C", "D"};
    int active[4] = {0};
    char col[16];
    FC_TRY(fc_loader_open(L, "zones.csv", NULL));
    snprintf(col, sizeof col, "players%d", nseats);
    for (int i = 0; i < L->h->table_rows(L->t); i++) {
        int z, a;
        FC_TRY(fc_loader_enum(L, i, "zone", zones, 4, &z));
        FC_TRY(fc_loader_int(L, i, col, 0, 1, &a));
        active[z] = a;
    }
    fc_loader_close(L);

    FC_TRY(fc_loader_open(L, "garden.csv", NULL));
    memset(D->index, 0xFF, sizeof D->index);
    memset(D->start, MY_NO_CELL, sizeof D->start);
    snprintf(col, sizeof col, "start%d", nseats);
    for (int i = 0; i < L->h->table_rows(L->t); i++) {
        int q, r, t, z, prey, st;
        FC_TRY(fc_loader_int(L, i, "q", 0, 31, &q));
        FC_TRY(fc_loader_int(L, i, "r", 0, 31, &r));
        FC_TRY(fc_loader_enum(L, i, "terrain", terr, 5, &t));
        FC_TRY(fc_loader_enum(L, i, "zone", zones, 4, &z));
        FC_TRY(fc_loader_int(L, i, "prey", 0, 1, &prey));
        FC_TRY(fc_loader_int(L, i, col, 0, MY_MAX_SEATS, &st));
        if (!active[z])
            continue;
        if (D->index[r][q] >= 0)
            return fc_loader_bad(L, i, "duplicate hex");
        if (D->ncells >= MY_MAX_CELLS)
            return fc_loader_bad(L, i, "too many active hexes");
        if (t == T_WATER && (prey || st))
            return fc_loader_bad(L, i, "water hex cannot be a prey spot or start hex");
        int c = D->ncells++;
        D->hex[c] = fc_hex_make(q, r);
        D->terrain[c] = (uint8_t)t;
        D->zone[c] = (uint8_t)z;
        D->prey_spot[c] = (uint8_t)prey;
        D->index[r][q] = (int16_t)c;
        if (prey)
            D->spots[D->nspots++] = (uint8_t)c;
        if (st) {
            if (st > nseats || D->start[st - 1] != MY_NO_CELL)
                return fc_loader_bad(L, i, "bad or repeated start-hex number");
            if (prey)
                return fc_loader_bad(L, i, "a start hex cannot be a prey spot");
            D->start[st - 1] = (uint8_t)c;
        }
    }
    for (int s = 0; s < nseats; s++)
        if (D->start[s] == MY_NO_CELL) {
            int rc = L->h->error_set(L->err, FC_EDATA, "%s: no start hex #%d for %d players", L->path, s + 1,
                                     nseats);
            fc_loader_close(L);
            return rc;
        }
    fc_loader_close(L);
    for (int c = 0; c < D->ncells; c++)
        for (int d = 0; d < 6; d++) {
            fc_hex n = fc_hex_neighbour(D->hex[c], d);
            int k = (n.q >= 0 && n.q < 32 && n.r >= 0 && n.r < 32) ? D->index[n.r][n.q] : -1;
            D->nb[c][d] = k < 0 ? MY_NO_CELL : (uint8_t)k;
        }
    return 0;
}

static int load_tiles(fc_loader *L, my_data *D, const fc_value *P)
{
    static const char *const harvest[] = {"larvae", "food", "choice", "vp"};
    FC_TRY(fc_loader_open(L, "pheromones.csv", NULL));
    int rows = L->h->table_rows(L->t);
    if (rows > MY_MAX_PHER)
        return fc_loader_bad(L, rows - 1, "too many pheromone kinds");
    for (int i = 0; i < rows; i++) {
        my_kind *k = &D->kind[D->nkinds++];
        int size, mirror, count, vp;
        FC_TRY(get_str(L, i, "id", k->id, sizeof k->id));
        FC_TRY(get_str(L, i, "name", k->name, sizeof k->name));
        FC_TRY(fc_loader_int(L, i, "size", 2, 6, &size));
        FC_TRY(fc_loader_int(L, i, "mirror", 0, 1, &mirror));
        FC_TRY(fc_loader_int(L, i, "count", 0, 20, &count));
        FC_TRY(fc_loader_int(L, i, "vp", 0, 100, &vp));
        k->mirror = (uint8_t)(mirror && P[P_MIRROR_HOOK].i);
        FC_TRY(read_shape(L, i, k, k->mirror));
        if (k->size != size)
            return fc_loader_bad(L, i, "size does not match the number of offsets");
        k->count = (uint8_t)count;
        k->vp = (int8_t)vp;
    }
    D->npher = D->nkinds;
    fc_loader_close(L);

    FC_TRY(fc_loader_open(L, "specials.csv", NULL));
    rows = L->h->table_rows(L->t);
    if (rows > MY_MAX_SPEC)
        return fc_loader_bad(L, rows - 1, "too many special tile kinds");
    for (int i = 0; i < rows; i++) {
        my_kind *k = &D->kind[D->nkinds++];
        int g, supply, lvl, cf, cd, cs, vp, hv, amt;
        k->special = 1;
        FC_TRY(get_str(L, i, "id", k->id, sizeof k->id));
        FC_TRY(get_str(L, i, "name", k->name, sizeof k->name));
        FC_TRY(read_shape(L, i, k, false));
        FC_TRY(fc_loader_int(L, i, "group", 0, MY_MAX_SPEC - 1, &g));
        FC_TRY(fc_loader_int(L, i, "supply", 0, 16, &supply));
        FC_TRY(fc_loader_int(L, i, "min_level", 0, MY_LEVELS - 1, &lvl));
        FC_TRY(fc_loader_int(L, i, "cost_food", 0, 9, &cf));
        FC_TRY(fc_loader_int(L, i, "cost_dirt", 0, 9, &cd));
        FC_TRY(fc_loader_int(L, i, "cost_stone", 0, 9, &cs));
        FC_TRY(fc_loader_int(L, i, "vp", 0, 100, &vp));
        FC_TRY(fc_loader_enum(L, i, "harvest", harvest, 4, &hv));
        FC_TRY(fc_loader_int(L, i, "amount", 0, 9, &amt));
        if (hv == ROOM_LARVAE)
            return fc_loader_bad(L, i, "harvest: expected food, choice or vp");
        if (g < D->ngroups && D->group_supply[g] != supply)
            return fc_loader_bad(L, i, "supply differs from the other tiles of its group");
        if (g > D->ngroups)
            return fc_loader_bad(L, i, "groups must be numbered 0, 1, ... in order");
        if (g == D->ngroups)
            D->ngroups++;
        D->group_supply[g] = (uint8_t)supply;
        k->group = (uint8_t)g;
        k->count = (uint8_t)supply;
        k->min_level = (uint8_t)lvl;
        k->cost[R_FOOD] = (uint8_t)cf;
        k->cost[R_DIRT] = (uint8_t)cd;
        k->cost[R_STONE] = (uint8_t)cs;
        k->vp = (int8_t)vp;
        k->harvest = (uint8_t)hv;
        k->harvest_amount = (uint8_t)amt;
    }
    fc_loader_close(L);
    return 0;
}

static int load_births_levels(fc_loader *L, my_data *D, const fc_value *P)
{
    static const char *const tracks[] = {"larvae", "soldiers", "workers", "workshop"};
    static const char *const rooms[] = {"larvae", "food", "choice", "vp"};
    static const char *const stor[] = {"low", "high"};
    FC_TRY(fc_loader_open(L, "births.csv", NULL));
    for (int i = 0; i < L->h->table_rows(L->t); i++) {
        int t, n, y;
        FC_TRY(fc_loader_enum(L, i, "track", tracks, TRACKS, &t));
        FC_TRY(fc_loader_int(L, i, "nurses", 0, 7, &n));
        FC_TRY(fc_loader_int(L, i, "yield", 0, 9, &y));
        if (D->birth_n[t] >= 8)
            return fc_loader_bad(L, i, "too many rows for this track");
        for (int j = 0; j < D->birth_n[t]; j++)
            if (D->birth_nurses[t][j] >= n)
                return fc_loader_bad(L, i, "nurse counts must increase within a track");
        D->birth_nurses[t][D->birth_n[t]] = (uint8_t)n;
        D->birth_yield[t][D->birth_n[t]++] = (uint8_t)y;
    }
    for (int t = 0; t < TRACKS; t++)
        if (!D->birth_n[t] || D->birth_nurses[t][0] != 0)
            return fc_loader_bad(L, 0, "every track needs a row with 0 nurses");
    fc_loader_close(L);

    FC_TRY(fc_loader_open(L, "levels.csv", NULL));
    int rows = L->h->table_rows(L->t);
    if (rows > MY_LEVELS)
        return fc_loader_bad(L, rows - 1, "at most 4 colony levels");
    for (int i = 0; i < rows; i++) {
        int lv, cf, cd, cs, room, amt, rf, ms, sto;
        FC_TRY(fc_loader_int(L, i, "level", 0, MY_LEVELS - 1, &lv));
        if (lv != i)
            return fc_loader_bad(L, i, "levels must be listed 0, 1, 2, ... in order");
        FC_TRY(fc_loader_int(L, i, "cost_food", 0, 9, &cf));
        FC_TRY(fc_loader_int(L, i, "cost_dirt", 0, 9, &cd));
        FC_TRY(fc_loader_int(L, i, "cost_stone", 0, 9, &cs));
        FC_TRY(fc_loader_enum(L, i, "room", rooms, 4, &room));
        FC_TRY(fc_loader_int(L, i, "room_amount", 0, 9, &amt));
        FC_TRY(fc_loader_int(L, i, "room_food", 0, 9, &rf));
        FC_TRY(fc_loader_int(L, i, "max_size", 0, 6, &ms));
        FC_TRY(fc_loader_enum(L, i, "storage", stor, 2, &sto));
        D->level_cost[i][R_FOOD] = (uint8_t)cf;
        D->level_cost[i][R_DIRT] = (uint8_t)cd;
        D->level_cost[i][R_STONE] = (uint8_t)cs;
        D->room[i] = (uint8_t)room;
        D->room_amount[i] = (uint8_t)amt;
        D->room_food[i] = (uint8_t)rf;
        D->max_size[i] = (uint8_t)ms;
        D->storage[i] = (uint8_t)(sto ? P[P_STORAGE_HIGH].i : P[P_STORAGE_LOW].i);
    }
    D->nlevels = rows;
    fc_loader_close(L);
    return 0;
}

static int load_events_dice(fc_loader *L, my_data *D, const fc_value *P)
{
    static const char *const eff[] = {"level", "vp", "larvae", "harvest", "moves", "soldier", "hex", "worker"};
    FC_TRY(fc_loader_open(L, "events.csv", NULL));
    if (L->h->table_rows(L->t) != MY_SPACES)
        return fc_loader_bad(L, 0, "the event track needs exactly 8 spaces");
    for (int i = 0; i < MY_SPACES; i++) {
        int sp, e, a;
        FC_TRY(fc_loader_int(L, i, "space", 0, MY_SPACES - 1, &sp));
        if (sp != i)
            return fc_loader_bad(L, i, "spaces must be listed 0..7 in order");
        FC_TRY(fc_loader_enum(L, i, "effect", eff, 8, &e));
        FC_TRY(fc_loader_int(L, i, "amount", 0, 9, &a));
        FC_TRY(get_str(L, i, "name", D->event_name[i], sizeof D->event_name[i]));
        D->event_effect[i] = (uint8_t)e;
        D->event_amount[i] = (uint8_t)a;
        if (e == EV_MOVES)
            D->event_moves = P[P_EVENT_MOVES].i >= 0 ? (int)P[P_EVENT_MOVES].i : a;
    }
    fc_loader_close(L);

    FC_TRY(fc_loader_open(L, "dice.csv", NULL));
    if (L->h->table_rows(L->t) != MY_SEASONS)
        return fc_loader_bad(L, 0, "expected one die per season (3 rows)");
    for (int i = 0; i < MY_SEASONS; i++) {
        int s;
        int32_t f[MY_MAX_FACES];
        FC_TRY(fc_loader_int(L, i, "season", 0, MY_SEASONS - 1, &s));
        if (s != i)
            return fc_loader_bad(L, i, "seasons must be listed 0, 1, 2 in order");
        FC_TRY(get_str(L, i, "name", D->season_name[i], sizeof D->season_name[i]));
        int n = L->h->table_ints(L->t, i, "faces", f, MY_MAX_FACES, L->err);
        if (n < 0) {
            fc_loader_close(L);
            return n;
        }
        if (n < 1)
            return fc_loader_bad(L, i, "faces: at least one face");
        for (int j = 0; j < n; j++) {
            if (f[j] < 0 || f[j] >= MY_SPACES)
                return fc_loader_bad(L, i, "faces: each face must be an event space 0..7");
            D->faces[i][j] = (uint8_t)f[j];
        }
        D->nfaces[i] = (uint8_t)n;
    }
    fc_loader_close(L);
    return 0;
}

static int load_objectives(fc_loader *L, my_data *D)
{
    static const char *const kinds[] = {"food", "stone", "dirtstone", "larvae", "prey", "soldiers", "specials",
                                        "nurses", "level", "pheromones"};
    FC_TRY(fc_loader_open(L, "objectives.csv", NULL));
    int rows = L->h->table_rows(L->t), per[3] = {0};
    if (rows > MY_MAX_OBJ)
        return fc_loader_bad(L, rows - 1, "too many objectives");
    for (int i = 0; i < rows; i++) {
        my_objective *o = &D->obj[i];
        int lv, k, a, x;
        FC_TRY(get_str(L, i, "id", o->id, sizeof o->id));
        FC_TRY(fc_loader_int(L, i, "level", 1, 3, &lv));
        FC_TRY(fc_loader_enum(L, i, "kind", kinds, 10, &k));
        FC_TRY(fc_loader_int(L, i, "amount", 0, 30, &a));
        FC_TRY(fc_loader_int(L, i, "extra", 0, 9, &x));
        if (k == OK_SPECIALS && (x < 1 || x > 2 || x > a))
            return fc_loader_bad(L, i, "specials: extra must be 1 or 2 and at most amount");
        if (k == OK_LEVEL && x > a)
            return fc_loader_bad(L, i, "level: cannot lower below 0");
        if (k == OK_PHEROMONES && a < 1)
            return fc_loader_bad(L, i, "pheromones: amount must be at least 1");
        o->level = (uint8_t)lv;
        o->kind = (uint8_t)k;
        o->amount = (uint8_t)a;
        o->extra = (uint8_t)x;
        per[lv - 1]++;
    }
    D->nobj = rows;
    for (int l = 0; l < 3; l++)
        if (per[l] < 2)
            return fc_loader_bad(L, 0, "each level needs at least 2 objectives");
    fc_loader_close(L);
    return 0;
}

static int load_prey(fc_loader *L, my_data *D)
{
    FC_TRY(fc_loader_open(L, "prey.csv", NULL));
    if (L->h->table_rows(L->t) != MY_PREY)
        return fc_loader_bad(L, 0, "expected 3 prey kinds");
    int tokens = 0;
    for (int i = 0; i < MY_PREY; i++) {
        int k, t, s, f, v;
        FC_TRY(fc_loader_int(L, i, "kind", 0, MY_PREY - 1, &k));
        if (k != i)
            return fc_loader_bad(L, i, "kinds must be listed 0, 1, 2 in order");
        FC_TRY(get_str(L, i, "name", D->prey_name[i], sizeof D->prey_name[i]));
        FC_TRY(fc_loader_int(L, i, "tokens", 0, 30, &t));
        FC_TRY(fc_loader_int(L, i, "soldiers", 0, 8, &s));
        FC_TRY(fc_loader_int(L, i, "food", 0, 9, &f));
        FC_TRY(fc_loader_int(L, i, "vp", 0, 50, &v));
        D->prey_tokens[i] = (uint8_t)t;
        D->prey_soldiers[i] = (uint8_t)s;
        D->prey_food[i] = (uint8_t)f;
        D->prey_vp[i] = (uint8_t)v;
        tokens += t;
    }
    if (tokens < D->nspots)
        return fc_loader_bad(L, 0, "fewer prey tokens than active prey spots");
    fc_loader_close(L);
    return 0;
}

/* The winter food of each year: the parameter winter_food, else winter.csv. */
static int load_winter(fc_loader *L, my_data *D, const fc_value *P)
{
    FC_TRY(fc_loader_open(L, "winter.csv", NULL));
    uint8_t file[MY_MAX_YEARS] = {0};
    int nfile = L->h->table_rows(L->t);
    if (nfile > MY_MAX_YEARS)
        return fc_loader_bad(L, MY_MAX_YEARS, "too many years");
    for (int i = 0; i < nfile; i++) {
        int y, f;
        FC_TRY(fc_loader_int(L, i, "year", 1, MY_MAX_YEARS, &y));
        if (y != i + 1)
            return fc_loader_bad(L, i, "years must be listed 1, 2, ... in order");
        FC_TRY(fc_loader_int(L, i, "food", 0, 50, &f));
        file[i] = (uint8_t)f;
    }
    fc_loader_close(L);
    const fc_value *wf = &P[P_WINTER_FOOD];
    for (int y = 0; y < D->years; y++) {
        int v = y < wf->n ? wf->list[y] : -1;
        if (v < 0 && y >= nfile)
            return L->h->error_set(L->err, FC_EDATA, "winter_food: no food amount for year %d (winter.csv has %d)",
                                   y + 1, nfile);
        D->winter[y] = (uint8_t)(v < 0 ? file[y] : v);
    }
    return 0;
}

static int load_objectives_prey(fc_loader *L, my_data *D, const fc_value *P)
{
    FC_TRY(load_objectives(L, D));
    FC_TRY(load_prey(L, D));
    return load_winter(L, D, P);
}

/* Every placement whose cells are all active non-water hexes, grouped by covered cell. */
static int build_placements(my_data *D, const fc_host *h, fc_error *err)
{
    int total = 0;
    for (int k = 0; k < D->nkinds; k++)
        total += D->kind[k].norient * D->kind[k].size * D->ncells;
    D->place = calloc((size_t)total + 1, sizeof *D->place);
    if (!D->place)
        return h->error_set(err, FC_ENOMEM, "myrmes: out of memory");
    int n = 0;
    for (int c = 0; c < D->ncells; c++) {
        D->place_first[c] = n;
        if (D->terrain[c] == T_WATER)
            continue;
        for (int k = 0; k < D->nkinds; k++) {
            const my_kind *K = &D->kind[k];
            for (int o = 0; o < K->norient; o++)
                for (int j = 0; j < K->size; j++) {
                    /* cell j of the orientation sits on c: anchor = c - offset j */
                    fc_hex a = fc_hex_sub(D->hex[c], K->orient[o][j]);
                    my_place p = {(uint8_t)k, (uint8_t)o, 0, K->size, {0}};
                    bool ok = a.q >= 0 && a.q < 32 && a.r >= 0 && a.r < 32 && D->index[a.r][a.q] >= 0;
                    if (ok)
                        p.anchor = (uint8_t)D->index[a.r][a.q];
                    for (int i = 0; ok && i < K->size; i++) {
                        fc_hex x = fc_hex_add(a, K->orient[o][i]);
                        int xc = (x.q >= 0 && x.q < 32 && x.r >= 0 && x.r < 32) ? D->index[x.r][x.q] : -1;
                        ok = xc >= 0 && D->terrain[xc] != T_WATER;
                        if (ok)
                            p.cell[i] = (uint8_t)xc;
                    }
                    if (ok)
                        D->place[n++] = p;
                }
        }
    }
    D->place_first[D->ncells] = n;
    return 0;
}

int my_data_load(const fc_host *host, const fc_value *params, int nseats, const char *datadir, void **data,
                 fc_error *err)
{
    *data = NULL;
    if (nseats < 2 || nseats > MY_MAX_SEATS)
        return host->error_set(err, FC_EINVAL, "myrmes: %d players; expected 2 to 4", nseats);
    if (params[P_FIRST_PLAYER].i >= nseats)
        return host->error_set(err, FC_ERANGE, "first_player: seat %d does not exist with %d players",
                               (int)params[P_FIRST_PLAYER].i, nseats);
    if (params[P_OBJECTIVE_BONUS].n < 3 || params[P_OBJECTIVE_POINTS].n < 3)
        return host->error_set(err, FC_ERANGE, "objective_bonus and objective_points need 3 values");
    my_data *D = calloc(1, sizeof *D);
    if (!D)
        return host->error_set(err, FC_ENOMEM, "myrmes: out of memory");
    fc_loader L = {.h = host, .dir = datadir, .err = err};
    D->nseats = nseats;
    D->years = (int)params[P_YEARS].i;
    D->moves = (int)params[P_BASE_MOVES].i;
    D->objective_bonus = params[P_OBJECTIVE_BONUS].list[nseats - 2];
    for (int i = 0; i < 3; i++)
        D->objective_points[i] = params[P_OBJECTIVE_POINTS].list[i];
    int rc = load_garden(&L, D, nseats);
    if (!rc)
        rc = load_tiles(&L, D, params);
    if (!rc)
        rc = load_births_levels(&L, D, params);
    if (!rc)
        rc = load_events_dice(&L, D, params);
    if (!rc)
        rc = load_objectives_prey(&L, D, params);
    if (!rc) {
        int tiles = 0;
        for (int k = 0; k < D->nkinds; k++)
            tiles += D->kind[k].special ? 0 : D->kind[k].count * nseats;
        for (int g = 0; g < D->ngroups; g++)
            tiles += D->group_supply[g];
        if (tiles > MY_MAX_TILES)
            rc = host->error_set(err, FC_EDATA, "%s: %d tiles exceed the capacity %d", datadir, tiles, MY_MAX_TILES);
    }
    if (!rc)
        rc = my_eval_load(host, datadir, D, err);
    if (!rc)
        rc = build_placements(D, host, err);
    if (rc) {
        my_data_free(D);
        return rc;
    }
    *data = D;
    return 0;
}

void my_data_free(void *data)
{
    my_data *D = data;
    if (!D)
        return;
    free(D->place);
    free(D);
}
