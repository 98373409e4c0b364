/* Evaluation weights files: a game's evaluation weights by name (fc_eval_weight, API minor 7),
 * read for the agent key weights=FILE and written by `formicary train-eval`.
 *
 * Format: the games' own data/eval.csv (so a tuned file can replace one): CSV with a header
 * line naming the columns `name` and `value` (other columns, such as `lo,hi`, are allowed and
 * ignored: the game's own ranges apply), '#' comment lines and blank lines skipped, one row per
 * weight. Every name must be a weight of the game, at most once; its value a finite number
 * within the game's lo..hi. A weight the file does not name keeps the game's value. Files
 * larger than FC_WEIGHTS_MAX_BYTES or with a line longer than FC_WEIGHTS_MAX_LINE are refused.
 * Every error is one line naming FILE:LINE. */
#ifndef FORMICARY_WEIGHTS_H
#define FORMICARY_WEIGHTS_H

#include <stdio.h>

#include "formicary/error.h"
#include "formicary/game.h"
#include "formicary/match.h"

#define FC_WEIGHTS_MAX_BYTES (256 * 1024)
#define FC_WEIGHTS_MAX_LINE 1000

/* The evaluation weights of m's game: their count (1..FC_EVAL_WEIGHTS_MAX) with *defs pointing
 * at them, or FC_EINVAL with err saying the game has none. */
int fc_weights_of(const fc_match *m, const fc_eval_weight **defs, fc_error *err);

/* Reads the weights file path for a game whose weights are defs[0..n-1]: out[i] gets the file's
 * value of weight i, or defs[i].value when the file does not name it. 0, or an error (out may
 * then be partly written). */
int fc_weights_read(const char *path, const fc_eval_weight *defs, int n, double *out, fc_error *err);
/* The same for text already in memory; name is used in messages. */
int fc_weights_parse(const char *name, const char *text, const fc_eval_weight *defs, int n, double *out,
                     fc_error *err);

/* Checks weights given in memory: nw must be n, and each w[i] finite within defs[i].lo..hi. */
int fc_weights_check(const fc_eval_weight *defs, int n, const double *w, int nw, fc_error *err);

/* Writes every weight as "name,value,lo,hi" (values as the shortest text that reads back as
 * the same double) after `comment` (may be NULL; each of its lines becomes a '#' line) and the
 * header. fc_weights_write goes through the safe writer (formicary/outfile.h). */
int fc_weights_print(FILE *f, const char *comment, const fc_eval_weight *defs, int n, const double *w);
int fc_weights_write(const char *path, const char *comment, const fc_eval_weight *defs, int n, const double *w,
                     fc_error *err);

/* Rounds w[0..n-1] to a grid of a ten-thousandth of each weight's range rounded down to a power
 * of ten (a file then shows "412.3", not 17 digits), kept within the range. */
void fc_weights_round(const fc_eval_weight *defs, int n, double *w);

/* The shortest %g text of x that strtod reads back as x exactly ("400", "0.1"); buf of 32. */
const char *fc_weights_number(double x, char *buf, size_t n);

#endif
