/* The generic view a game gives to front ends: what one seat (or a spectator) may see, as
 * hex cells, links, tracks, per-seat panels and text lines. Front ends draw only this, so they
 * work for every game. Games fill it through the fc_host view functions; front ends read the
 * struct. Strings are copied and truncated to the field sizes. */
#ifndef FORMICARY_VIEW_H
#define FORMICARY_VIEW_H

#include <stdint.h>

#include "formicary/hex.h"

/* Terrain classes front ends know how to colour; games map their terrains onto these and
 * give the precise name in the cell. */
#define FC_TERRAINS(X) \
    X(FC_TERRAIN_PLAIN, "plain") \
    X(FC_TERRAIN_GRASS, "grass") \
    X(FC_TERRAIN_DIRT, "dirt") \
    X(FC_TERRAIN_STONE, "stone") \
    X(FC_TERRAIN_WATER, "water") \
    X(FC_TERRAIN_MUSHROOM, "mushroom") \
    X(FC_TERRAIN_VEGETATION, "vegetation") \
    X(FC_TERRAIN_SAND, "sand") \
    X(FC_TERRAIN_TUNNEL, "tunnel") \
    X(FC_TERRAIN_BLOCKED, "blocked")

typedef enum fc_terrain_class {
#define FC_X_ENUM(name, text) name,
    FC_TERRAINS(FC_X_ENUM)
#undef FC_X_ENUM
    FC_TERRAIN_COUNT
} fc_terrain_class;

#define FC_VIEW_MAX_CELLS 512
#define FC_VIEW_MAX_LINKS 128
#define FC_VIEW_MAX_TRACKS 32
#define FC_VIEW_MAX_PANEL 48
#define FC_VIEW_MAX_TEXT 32
#define FC_VIEW_MAX_LEGEND 48
#define FC_VIEW_STR 96 /* text fields; longer strings are cut (a view is for display only) */

typedef struct fc_view_cell {
    fc_hex hex;
    uint8_t terrain;          /* fc_terrain_class */
    int8_t owner;             /* seat whose colour the cell's content has, or -1 */
    int16_t region;           /* region / tile id for borders, or -1 */
    char terrain_name[16];    /* the game's own terrain name */
    char glyphs[8];           /* up to 7 ASCII glyphs of pieces stacked here */
    char label[FC_VIEW_STR];  /* short description ("pheromone PH3L of Red, 1 food") */
} fc_view_cell;

typedef struct fc_view_link {
    fc_hex a, b;
    int8_t owner;
    char kind[16];
} fc_view_link;

typedef struct fc_view_track {
    char name[24];
    int32_t value, max;
    char text[FC_VIEW_STR];
} fc_view_track;

typedef struct fc_view_entry {
    int8_t seat; /* -1 for general text */
    char key[24];
    char value[FC_VIEW_STR];
} fc_view_entry;

/* A legend entry (API minor 3): what a glyph or symbol means. */
typedef struct fc_view_legend {
    char glyph[24]; /* "2", "&", "m7", "last move" (up to 23 bytes) */
    char text[80];  /* "a hex of a pheromone of size 2" */
} fc_view_legend;

typedef struct fc_view {
    int seat; /* the seat this view is for, -1 = spectator */
    int nseats;
    char title[FC_VIEW_STR];  /* e.g. "Year 1, spring - phase 3 Workers" */
    int ncells, nlinks, ntracks, npanel, ntext;
    fc_view_cell cells[FC_VIEW_MAX_CELLS];
    fc_view_link links[FC_VIEW_MAX_LINKS];
    fc_view_track tracks[FC_VIEW_MAX_TRACKS];
    fc_view_entry panel[FC_VIEW_MAX_PANEL * 4]; /* per-seat resource lines */
    fc_view_entry text[FC_VIEW_MAX_TEXT];        /* general lines (supply, objectives, …) */
    char seat_names[8][24];
    fc_view_cell scratch; /* returned by view_cell when the view is full, so it is never NULL */
    /* API minor 3: the legend, filled by the game through host->view_legend (empty when the
     * plugin is older). Front ends show it on request (the tty's `?`). */
    int nlegend;
    fc_view_legend legend[FC_VIEW_MAX_LEGEND];
} fc_view;

#endif
