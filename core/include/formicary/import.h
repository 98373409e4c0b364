/* Importing games written in foreign formats (a Hive site's SGF files, PGN, UHP GameStrings):
 * the game's plugin reads the text (fc_plugin.imports, game.h) and reports each game to a sink;
 * the core builds the rule set from the game's "param:" facts, plays every decision through a
 * match (so an illegal move is found and named) and writes one record per game
 * (docs/record-format.md) with the other facts as `meta` lines. Nothing here knows a game.
 *
 * Files are bounded: at most FC_IMPORT_MAX_BYTES, no line longer than FC_IMPORT_MAX_LINE, no
 * NUL byte, at most FC_IMPORT_MAX_GAMES games; a game of more than FC_IMPORT_MAX_DECISIONS
 * decisions is skipped. Records are
 * written as DIR/BASE-NNNN.fcr (BASE: the file's name without its extension, NNNN: the game's
 * number in the file, from 1), through a temporary file in DIR renamed into place; an existing
 * file is kept unless `force`, and only a regular file is ever replaced. */
#ifndef FORMICARY_IMPORT_H
#define FORMICARY_IMPORT_H

#include <stddef.h>

#include "formicary/context.h"
#include "formicary/game.h"

#define FC_IMPORT_MAX_BYTES (64u << 20)
#define FC_IMPORT_MAX_LINE (1 << 20)
#define FC_IMPORT_MAX_DECISIONS 100000
#define FC_IMPORT_MAX_GAMES 100000 /* a file of more games is refused from that game on: split it */
#define FC_IMPORT_MAX_TEXT 128 /* bytes of one decision's notation */

typedef struct fc_import_options {
    const char *format; /* a format's name (--format), or NULL: detect it */
    int force;          /* replace existing records */
    int dry_run;        /* check and count, write nothing (tests, fuzzing) */
    /* Called once per skipped game with one line ("game 3 (line 40): move 17 'wA1 -bQ' is
     * illegal: ..."); may be NULL. */
    void (*skipped)(void *ctx, const char *file, const char *line);
    void *ctx;
} fc_import_options;

typedef struct fc_import_result {
    int games, imported, skipped;
    char format[16]; /* the format read */
} fc_import_result;

/* The import format of plugin p named `name` (case-insensitive), or NULL. */
const fc_import_format *fc_import_format_find(const fc_plugin *p, const char *name);

/* The format of text (len bytes) from file `path`: the highest detect() score, the file's
 * extension breaking ties and adding weight. NULL (err set: the formats known) when no format
 * claims it. */
const fc_import_format *fc_import_format_detect(const fc_plugin *p, const char *path, const char *text, size_t len,
                                                fc_error *err);

/* Imports the games of text (len bytes, named `path` in messages and records) for game `game`
 * into the folder outdir (not written when opt->dry_run). Returns 0 when the file could be
 * read, else an error for the whole file (one line naming it; nothing is written). Per-game
 * problems go to opt->skipped and res->skipped. */
int fc_import_text(fc_context *ctx, const char *game, const char *path, const char *text, size_t len,
                   const char *outdir, const fc_import_options *opt, fc_import_result *res, fc_error *err);

/* Reads the file at path (bounded) and imports it as fc_import_text. */
int fc_import_file(fc_context *ctx, const char *game, const char *path, const char *outdir,
                   const fc_import_options *opt, fc_import_result *res, fc_error *err);

#endif
