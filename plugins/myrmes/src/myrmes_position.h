/* Myrmes positions as text (docs/positions/myrmes.md): shared by position.c (write) and
 * position_read.c (read). */
#ifndef MYRMES_POSITION_H
#define MYRMES_POSITION_H

#include "myrmes.h"

#define MY_PHASES (PH_OVER + 1)
#define MY_POS_LINE 1024 /* longest line read or written */

extern const char *const my_phase_names[MY_PHASES];
extern const char *const my_ws_names[4]; /* WS_* */

int my_position_write(const void *st, const fc_env *env, char *buf, size_t n);
int my_position_read(void *st, const fc_env *env, const char *text, fc_error *err);

#endif
