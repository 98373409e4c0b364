/* Records: the plain-text, versioned account of a match (docs/record-format.md): game and
 * plugin version, seats, seed, every parameter, the rule-set name, the variant (name, hash and
 * its embedded text), the starting position's text when the match began from one
 * (fc_match_new_from_position), then one decision per line in notation. Saving is atomic (temporary
 * file + rename). Loading re-plays and verifies every decision and returns a match ready to
 * continue; any corruption or mismatch is an error naming the line. */
#ifndef FORMICARY_RECORD_H
#define FORMICARY_RECORD_H

#include <stddef.h>

#include "formicary/match.h"
#include "formicary/seats.h"

#define FC_RECORD_VERSION 1
#define FC_RECORD_MAGIC "formicary-record"

/* Per-seat labels written into the record (agent spec strings or "human"); may be NULL. */
typedef struct fc_record_seats {
    const char *agent[FC_MAX_SEATS];
} fc_record_seats;

/* Writes the record text into a malloc'd string (*out, caller frees). */
int fc_record_format(const fc_match *m, const fc_record_seats *seats, char **out, fc_error *err);
/* Saves to path as fc_outfile_write does (formicary/outfile.h): a regular file atomically, a
 * device or FIFO written through, a symbolic link's target written. */
int fc_record_save(const fc_match *m, const fc_record_seats *seats, const char *path, fc_error *err);

/* Metadata: facts about the match from outside it, kept as `meta KEY VALUE` header lines (an
 * imported game's players, result, date, source file and line). Keys are one word of letters,
 * digits and "_:.-"; values are one line (control characters are written as '_'). */
#define FC_RECORD_MAX_META 24
#define FC_RECORD_META_KEY 32
#define FC_RECORD_META_VALUE 256
typedef struct fc_record_meta {
    int n;
    char key[FC_RECORD_MAX_META][FC_RECORD_META_KEY];
    char value[FC_RECORD_MAX_META][FC_RECORD_META_VALUE];
} fc_record_meta;

/* Adds or replaces key's value (truncated to fit); FC_EINVAL for a key that is not one word of
 * the allowed characters, FC_ERANGE when the table is full. */
int fc_record_meta_set(fc_record_meta *m, const char *key, const char *value);
/* The value of key, or NULL. */
const char *fc_record_meta_get(const fc_record_meta *m, const char *key);

/* fc_record_format and fc_record_save with metadata lines (meta may be NULL). */
int fc_record_format_meta(const fc_match *m, const fc_record_seats *seats, const fc_record_meta *meta, char **out,
                          fc_error *err);
int fc_record_save_meta(const fc_match *m, const fc_record_seats *seats, const fc_record_meta *meta, const char *path,
                        fc_error *err);

/* What a loaded record said besides the match. */
typedef struct fc_record_info {
    char game[64];
    char plugin_version[32];
    int nseats;
    char agent[FC_MAX_SEATS][64];
    size_t decisions;
    int finished; /* the record says the game ended (a result line) */
    fc_record_meta meta; /* its `meta` lines, in order */
} fc_record_info;

/* Loads and verifies a record; on success *rules_out and *match_out are new objects the
 * caller frees (match first). `name` is used in messages. */
int fc_record_parse(fc_context *ctx, const char *name, const char *text, fc_rules **rules_out,
                    fc_match **match_out, fc_record_info *info, fc_error *err);
int fc_record_load(fc_context *ctx, const char *path, fc_rules **rules_out, fc_match **match_out,
                   fc_record_info *info, fc_error *err);

/* A record read without running it and without its variant (a corpus replay that replaces the
 * variant, docs/corpus.md): the recorded variant is never loaded nor run. `rules` is the
 * record's game, rule set and game parameters, finished (the variant's own parameters are
 * skipped); the decisions are the recorded texts, unchecked; the result is the recorded one. */
typedef struct fc_record_move {
    int seat; /* 0-based, or FC_CHANCE */
    char *text;
} fc_record_move;

typedef struct fc_record_moves {
    fc_rules *rules;
    uint64_t seed;
    char *position; /* the starting position's text, or NULL */
    size_t n;
    fc_record_move *move;
    int finished; /* a result line: score[] and rank[] (0 = first) */
    int32_t score[FC_MAX_SEATS];
    int rank[FC_MAX_SEATS];
    char agent[FC_MAX_SEATS][64]; /* the seats' agent lines (as fc_record_info.agent) */
    char variant[64];             /* the recorded variant's name, not loaded ("" without one) */
} fc_record_moves;

int fc_record_parse_moves(fc_context *ctx, const char *name, const char *text, fc_record_moves *mv, fc_error *err);
int fc_record_load_moves(fc_context *ctx, const char *path, fc_record_moves *mv, fc_error *err);
/* Frees what mv holds (rules included) and clears it. */
void fc_record_moves_free(fc_record_moves *mv);

#endif
