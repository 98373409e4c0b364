/* The generic view a game gives to front ends: what one seat (or a spectator) may see, as
 * hex cells, links, tracks, per-seat panels and text lines. Front ends draw only this, so they
 * work for every game. Games fill it through the fc_host view functions; front ends read the
 * struct. Strings are copied and truncated to the field sizes. */
#ifndef FORMICARY_VIEW_H
#define FORMICARY_VIEW_H

#include <stddef.h>
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

/* API minor 5: what a piece on a cell is, as a shape class front ends know how to draw (the GUI
 * draws each class as its own figure; the terminal keeps the glyphs). */
#define FC_PIECES(X) \
    X(FC_PIECE_TOKEN, "token")       /* anything else: a marker, a counter */ \
    X(FC_PIECE_WORKER, "worker")     /* a worker ant or termite, a unit that moves */ \
    X(FC_PIECE_SOLDIER, "soldier")   /* a fighting unit */ \
    X(FC_PIECE_QUEEN, "queen")       /* the piece whose loss ends the game */ \
    X(FC_PIECE_LARVA, "larva") \
    X(FC_PIECE_EGG, "egg") \
    X(FC_PIECE_FOOD, "food")         /* food, a cube, a resource on the board */ \
    X(FC_PIECE_PREY, "prey")         /* a creature to hunt, a neutral threat */ \
    X(FC_PIECE_BUILDING, "building") /* a mound, a nest, a tunnel exit */ \
    X(FC_PIECE_TILE, "tile")         /* a tile laid on the hex (its glyph names it) */ \
    X(FC_PIECE_NUMBER, "number")     /* a value written on the hex */ \
    X(FC_PIECE_CROSS, "cross")       /* the hex is crossed out */

typedef enum fc_piece_kind {
#define FC_X_ENUM(name, text) name,
    FC_PIECES(FC_X_ENUM)
#undef FC_X_ENUM
    FC_PIECE_COUNT
} fc_piece_kind;

/* API minor 5: highlight classes a game sets on cells (bits of fc_view.highlight[i]). */
#define FC_HL_LAST 0x01       /* concerned by the last decision played */
#define FC_HL_THREATENED 0x02 /* a piece here is in danger (attacked, nearly surrounded) */
#define FC_HL_SELECTABLE 0x04 /* the game's current step picks among such hexes */
#define FC_HL_START 0x08      /* a start or entry hex (a tunnel exit, where pieces arrive) */
#define FC_HL_ACTIVE 0x10     /* the piece now acting (the worker outside, the attacker) */

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

/* A piece on a cell (API minor 5): pieces[] of fc_view in the order added, each naming its cell
 * by index into cells[]; a stack of equal pieces is one entry with its count. */
#define FC_VIEW_MAX_PIECES 1024
typedef struct fc_view_piece {
    int16_t cell;   /* index into fc_view.cells */
    uint8_t kind;   /* fc_piece_kind */
    int8_t owner;   /* seat, or -1 for neutral */
    uint16_t count; /* >= 1: how many such pieces */
    char glyph[6];  /* the glyph(s) the terminal shows for it ("W", "M7") */
} fc_view_piece;

/* An item off the board (API minor 8): a piece in a seat's hand or tray (Hive's bugs still to
 * place) or an item pending for everyone (March of the Ants' drawn tile, seat -1). Front ends
 * draw the trays beside the board; a decision whose fc_decision_info.from_item is the item's id
 * takes its piece from it, so the player can pick the item first and then its destination. */
#define FC_VIEW_MAX_ITEMS 64
typedef struct fc_view_item {
    int32_t id;     /* the game's id of the item, > 0, unique within the view */
    int8_t seat;    /* whose tray, or -1: pending (drawn, to be placed) */
    uint8_t kind;   /* fc_piece_kind: the figure a graphical front end draws */
    int8_t owner;   /* the colour: a seat, or -1 for neutral */
    uint8_t spare;  /* zero */
    uint16_t count; /* >= 1: how many equal pieces */
    char glyph[6];  /* what a text front end shows ("A", "T7") */
    char name[FC_VIEW_STR]; /* "Soldier Ant", "T-7 Forest: F and L spaces, open NE E" */
} fc_view_item;

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
    /* API minor 5 (empty when the plugin is older; fc_view_cell keeps its size because games
     * write seat_names[] directly, so these come last): the pieces on the cells, filled through
     * host->view_piece, and a highlight class per cell (FC_HL_* bits, host->view_highlight). */
    int npieces;
    fc_view_piece pieces[FC_VIEW_MAX_PIECES];
    uint8_t highlight[FC_VIEW_MAX_CELLS];
    /* API minor 8 (empty when the plugin is older): items off the board, in the order added
     * (host->view_item). */
    int nitems;
    fc_view_item items[FC_VIEW_MAX_ITEMS];
} fc_view;

/* The items of a seat's tray (seat >= 0) as one line of text, the same in every front end:
 * each item's glyph repeated for its count up to 5 ("Q SS BB GGG AAA"), else glyph and "x"
 * count ("Ax12"); for the pending items (seat -1) each glyph with its name ("T7: T-7 Forest,
 * ..."), separated by "; ". Returns the number of items (0: buf is ""). Not for hot paths. */
int fc_view_items_text(const fc_view *v, int seat, char *buf, size_t n);

/* A game's text (an event, a label) with each seat named the way the view names it: every "seat
 * N" or "Seat N" (a word, 1 <= N <= nseats) becomes names[N-1] when that is not empty ("seat 2
 * places mound 5" -> "Gold places mound 5"), so logs, panels and labels of every front end
 * name a seat alike. Writes at most n bytes (cut text ends in "..."); returns out. Not for hot
 * paths. */
char *fc_seat_text(const char *in, const char (*names)[24], int nseats, char *out, size_t n);

/* The name of a piece kind ("worker"), or "token" when out of range. */
const char *fc_piece_kind_name(int kind);

#endif
