/* Marabunta positions (docs/positions/marabunta.md): the words that position.c (writing) and
 * position_read.c (reading) share. Private to the plugin. */
#ifndef MARABUNTA_POSITION_H
#define MARABUNTA_POSITION_H

#include "marabunta.h"

static const char *const phase_names[] = {"draw", "roll", "split", "choose", "pick", "resolve", "over"};
static const char *const phase_rule[] = {"R-02", "R-03", "R-04", "R-05", "V-5", "R-06..R-08", "R-82"};
#define NPHASES 7
static const char *const task_names[TK_KINDS] = {"place", "consequences", "crate", "leaves",
                                                 "flag",  "pair",         "cookie_hex", "encore"};
static const char *const flag_names[3] = {"constrained", "ability", "mandatory"};

#endif
