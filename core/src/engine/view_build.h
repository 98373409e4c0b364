/* Private: view builder functions (exposed to plugins through fc_host). */
#ifndef FC_VIEW_BUILD_H
#define FC_VIEW_BUILD_H

#include "formicary/view.h"

void fc_view_reset(fc_view *v, int seat, int nseats);
void fc_view_title(fc_view *v, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Never NULL: past capacity it returns the view's scratch cell, which is not shown. */
fc_view_cell *fc_view_cell_add(fc_view *v, fc_hex h, int terrain_class, const char *terrain_name);
void fc_view_link_add(fc_view *v, fc_hex a, fc_hex b, int owner, const char *kind);
void fc_view_track_add(fc_view *v, const char *name, int value, int max, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
void fc_view_panel_add(fc_view *v, int seat, const char *key, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void fc_view_text_add(fc_view *v, const char *key, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Adds a legend entry; a glyph already in the legend keeps its first meaning. */
void fc_view_legend_add(fc_view *v, const char *glyph, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Adds a piece (API minor 5) to cell c, a cell fc_view_cell_add returned; dropped when c is the
 * scratch cell, count < 1 or the view is full. */
void fc_view_piece_add(fc_view *v, const fc_view_cell *c, int kind, int owner, int count, const char *glyph);
/* Sets highlight bits (FC_HL_*) on cell c (API minor 5). */
void fc_view_highlight(fc_view *v, const fc_view_cell *c, unsigned bits);
/* Adds an item off the board (API minor 8); dropped when id < 1, count < 1 or the view is full. */
void fc_view_item_add(fc_view *v, int id, int seat, int kind, int owner, int count, const char *glyph,
                      const char *name);

/* After the game's view: every "seat N" in the texts a player reads (title, cell labels, track
 * texts, panel and text values, item names) becomes the view's name of seat N (fc_seat_text), so
 * every front end names a seat as the panels do. */
void fc_view_name_seats(fc_view *v);

#endif
