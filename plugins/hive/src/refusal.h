/* Hive plugin: why a MoveString is refused (refusal.c), for the error texts of GameString
 * readers. Private to the plugin; kept out of hive.h, which the move generator's rewrite owns. */
#ifndef HIVE_REFUSAL_H
#define HIVE_REFUSAL_H

#include <stddef.h>

#include "hive.h"

/* Writes into why (one phrase, no trailing period) the reason the MoveString text cannot be
 * played in s: not a MoveString, an unknown piece or one not in the game type, a reference piece
 * not on the board, the game over, or the rule the move breaks (H-xx). Call it only for a text
 * that hv_move_parse or hv_apply_checked refused. */
void hv_refusal(const hv_state *s, const char *text, char *why, size_t n);

#endif
