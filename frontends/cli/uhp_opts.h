/* The settings of `formicary uhp` (UHP `options`, uhp_opts.c) and how bestmove turns them into
 * a search: the line format is UHP's `Name;Type;Value;Default;Min;Max` (an enum lists its
 * choices after the default). */
#ifndef UHP_OPTS_H
#define UHP_OPTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define UHP_MAX_DEPTH 8 /* MaxDepth and `bestmove depth N`: 1..8, answered within TimeLimit */
enum { UHP_SEARCH_AB, UHP_SEARCH_MCTS };

enum {
    UHP_TIME_LIMIT, /* TimeLimit: seconds for a bestmove without arguments, and the cap of depth N */
    UHP_DEPTH,      /* MaxDepth: plies for a bestmove without arguments */
    UHP_THREADS,    /* Threads: search threads */
    UHP_HASH,       /* HashMB: transposition table size */
    UHP_TIER,       /* Tier: none|easy|medium|hard|expert: a tier plays bestmove without arguments */
    UHP_SEARCH,     /* Search: ab (alpha-beta) or mcts for bestmove without depth */
    UHP_ITERS,      /* MctsIterations: bestmove without arguments under Search mcts */
    UHP_EXPLORE,    /* Exploration: MCTS */
    UHP_QUIESCE,    /* Quiescence: plies of alpha-beta's quiescence (agent key quiesce=) */
    UHP_NOPTS
};

typedef struct uhp_opts {
    double v[UHP_NOPTS];
} uhp_opts;

void uhp_opts_default(uhp_opts *o);
/* `options`, `options get NAME`, `options set NAME VALUE` (arg is what follows `options`, or
 * NULL): prints the option lines and returns true, or writes the error into err. */
bool uhp_opts_command(uhp_opts *o, char *arg, char *err, size_t n);
/* The tier in force ("hard"), or NULL for none. */
const char *uhp_opts_tier(const uhp_opts *o);

#endif
