/* Hive plugin: importers of foreign game files (fc_import_format, game.h): boardspace.net SGF
 * (import_sgf.c), PGN as Mzinga and hivegame.com write it (import_pgn.c) and UHP GameStrings
 * one per line (import_gamestring.c, which also holds the helpers below). Every reader reports
 * UHP MoveStrings, the plugin's own notation, to the core's sink. */
#ifndef HV_IMPORT_H
#define HV_IMPORT_H

#include <stdarg.h>
#include <stddef.h>

#include "hive.h"

/* One game being reported: counts the moves, notices a Queen put down on a player's first turn
 * (the game then needs tournament=false) and a game longer than the default draw limit, and
 * reports those parameters with the game type when the game ends. */
typedef struct hv_import_game {
    fc_import_sink *sink;
    int active;
    int nmoves;
    int exp;        /* game type (EXP_* bits), or -1 if not known yet */
    int queen_first;
    char why[240];  /* set: the game is skipped for this reason */
} hv_import_game;

void hv_import_begin(hv_import_game *g, fc_import_sink *sink, int line);
/* A fact (meta); for "result", any of 1-0, 0-1, 1/2-1/2, *, WhiteWins, BlackWins, Draw, InProgress. */
void hv_import_meta(hv_import_game *g, const char *key, const char *value);
void hv_import_move(hv_import_game *g, const char *text);
void hv_import_fail(hv_import_game *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Reports the parameters and ends the game (skipped if hv_import_fail was called). */
void hv_import_end(hv_import_game *g);

/* The next line of text[*pos..len) (without its end: \n, \r\n or \r) as (*line, *n); false at
 * the end. Lines are counted in *lineno. */
bool hv_import_line(const char *text, size_t len, size_t *pos, const char **line, size_t *n, int *lineno);

/* Canonical UHP result text of a result or a GameStateString; NULL if unknown. */
const char *hv_import_result(const char *s);

extern const fc_import_format hv_import_formats[3];

/* The readers (import_*.c). */
int hv_import_sgf_detect(const char *text, size_t len);
int hv_import_sgf_read(const fc_host *host, const char *name, const char *text, size_t len, fc_import_sink *sink,
                       fc_error *err);
int hv_import_pgn_detect(const char *text, size_t len);
int hv_import_pgn_read(const fc_host *host, const char *name, const char *text, size_t len, fc_import_sink *sink,
                       fc_error *err);

#endif
