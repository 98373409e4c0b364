/* The plugin ABI: what a game plugin exports and what the host hands it.
 *
 * A plugin is a shared object exporting exactly one symbol, FC_PLUGIN_ENTRY
 * ("fc_plugin_query"), that returns a const fc_plugin descriptor. Every struct crossing the
 * boundary starts with {struct_version, struct_size} and only grows at the end. Host services
 * reach the plugin as a const fc_host function table (env->host), never through symbols of
 * the executable, so plugins do not link libformicary.
 *
 * Versioning: FC_ABI_MAJOR must be equal on both sides; a plugin built against API minor m
 * loads in a host whose minor is >= m.
 *
 * States are plain values: a game's whole state is one fixed-size struct with no pointers
 * (game_state_size bytes), so copying is memcpy and undo, search, save and threads follow.
 * Immutable data (maps, catalogues read from data files) lives in the game data object made
 * by data_load and reached through env->data. Games must memset their state to 0 in init so
 * padding bytes are deterministic (states are hashed and compared bytewise). */
#ifndef FORMICARY_GAME_H
#define FORMICARY_GAME_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "formicary/combat.h"
#include "formicary/error.h"
#include "formicary/hex.h"
#include "formicary/params.h"
#include "formicary/rng.h"
#include "formicary/seats.h"
#include "formicary/table.h"
#include "formicary/view.h"

#define FC_ABI_MAJOR 1
#define FC_API_MINOR 13 /* 1: fc_hook_def gained lo, hi; fc_host gained param_text, table_parse; 2: fc_game gained
                        * position_write, position_read; 3: fc_plugin gained rules_text, fc_game phase_topic and
                        * params_check,
                        * fc_host view_legend, fc_decision_info nhexes/hexes, fc_view the legend;
                        * 4: fc_host hook_ints (docs/plugin-abi.md);
                        * 5: fc_host view_piece, view_highlight, fc_view pieces[] and highlight[];
                        * 6: fc_game hash, apply_legal; fc_plugin imports, nimports;
                        * 7: fc_game eval_weights, evaluate_weighted (fc_eval_weight);
                        * 8: fc_host view_item, fc_view items[], fc_decision_info has_from, from,
                        * from_item (trays and select-then-destination);
                        * 9: fc_game legal_count;
                        * 10: fc_game kinds, nkinds, decision_kind (mechanic probes);
                        * 11: fc_game chance_source (named sources of chance);
                        * 12: fc_game noisy (quiescence moves for alpha-beta);
                        * 13: fc_game decision_revealed (when a hidden decision becomes public) */
#define FC_PLUGIN_ENTRY "fc_plugin_query"

#if defined(_WIN32)
#define FC_EXPORT __declspec(dllexport)
#else
#define FC_EXPORT __attribute__((visibility("default")))
#endif

/* A decision: a game-defined compact code. Its text notation (decision_text/parse) must
 * round-trip exactly and is what records, the CLI and the line protocol use. */
typedef uint32_t fc_decision;

/* Who decides now: a seat number >= 0, or one of these. */
#define FC_CHANCE (-1) /* the match's RNG picks one of the legal outcomes by weight */
#define FC_NOBODY (-2) /* game over */

/* Event audiences: bit i = seat i may see it. */
#define FC_ALL_SEATS 0xFFFFFFFFu
#define FC_SEAT_BIT(s) (1u << (s))

typedef struct fc_host fc_host;

/* What every game callback receives besides the state. Built by the core per match. */
typedef struct fc_env {
    const fc_host *host;
    const void *data;        /* from fc_game.data_load, or NULL */
    const fc_value *params;  /* resolved parameters, schema order */
    int nseats;
    uint64_t hooks_mask;     /* bit h set when a variant registered hook point h */
    void *hooks;             /* core's variant runtime; opaque to games */
    void *events;            /* core's event sink or NULL (search, bench): then emit nothing */
} fc_env;

/* Whether hook point h has a registered function: the one flag check on the hot path. */
#define FC_HOOKED(env, h) (((env)->hooks_mask >> (h)) & 1u)

/* Human-facing information about one legal decision. The core zeroes it before calling
 * decision_describe, so fields a plugin does not fill (or does not know: an older plugin) are
 * empty. */
#define FC_DECISION_MAX_HEXES 16
typedef struct fc_decision_info {
    char label[160];  /* with its effect and cost: "step to (7,4): hunt spider, 2 soldiers"; may be
                       * longer than a terminal line (front ends wrap it) */
    fc_hex hex;       /* the hex the decision concerns, valid when has_hex */
    uint8_t has_hex;
    char group[24];   /* coarse kind for menus: "step", "place", "pass" … */
    /* API minor 3: every hex the decision covers when it is more than one (the hexes of a tile
     * laid, a move's path, an attack's target and supporters, the placements of an explore);
     * `hex` stays the main one and may also be listed. Front ends highlight them all. Fill it
     * with fc_decision_info_add_hex. */
    uint8_t nhexes;
    fc_hex hexes[FC_DECISION_MAX_HEXES];
    /* API minor 8: where the piece the decision places or moves comes from, so a front end can
     * offer the piece first and then its destination (`hex`): the hex of a piece on the board
     * (has_from) or the id of a view item (from_item > 0: a piece in the hand, a drawn tile).
     * Zero (the core zeroes the info) when the decision has no such source. */
    uint8_t has_from;
    fc_hex from;
    int32_t from_item;
} fc_decision_info;

/* Adds h to info->hexes unless it is there already or the list is full (then it is dropped:
 * the list is for highlighting only). */
static inline void fc_decision_info_add_hex(fc_decision_info *info, fc_hex h)
{
    for (int i = 0; i < info->nhexes; i++)
        if (info->hexes[i].q == h.q && info->hexes[i].r == h.r)
            return;
    if (info->nhexes < FC_DECISION_MAX_HEXES)
        info->hexes[info->nhexes++] = h;
}

/* The game vtable. Required callbacks are marked; the loader refuses a plugin missing one. */
/* One weight of a game's evaluation (API minor 7): a name of [a-z0-9_] unique in the game, the
 * value in use, the range a weights file or tuning may give it, and an optional one-line doc. */
#define FC_EVAL_WEIGHTS_MAX 256
typedef struct fc_eval_weight {
    const char *name;
    double value;
    double lo, hi;
    const char *doc;
} fc_eval_weight;

typedef struct fc_game {
    uint32_t struct_version; /* 1 */
    uint32_t struct_size;    /* sizeof(fc_game) */
    size_t state_size;       /* bytes of the plain-value state */
    int max_decisions;       /* capacity legal() may fill, > 0 */

    /* optional: loads immutable data (data files under datadir) for these parameters.
     * *data is owned by the core and released with data_free. */
    int (*data_load)(const fc_host *host, const fc_value *params, int nseats, const char *datadir, void **data,
                     fc_error *err);
    void (*data_free)(void *data);

    /* required: sets up a new game in st (state_size bytes, zeroed by the caller). Setup
     * randomness uses `rng` (seeded from the match seed), so a seed fixes the setup. */
    int (*init)(void *st, const fc_env *env, fc_rng *rng, fc_error *err);
    /* required: a seat, FC_CHANCE or FC_NOBODY. */
    int (*to_move)(const void *st, const fc_env *env);
    /* required: fills out[0..k-1] (capacity max_decisions) with the legal decisions and
     * returns k (>= 1 unless FC_NOBODY). At chance points weights (if not NULL) gets each
     * outcome's weight. Order must be deterministic. */
    int (*legal)(const void *st, const fc_env *env, fc_decision *out, uint32_t *weights);
    /* required: applies a legal decision; returns 0, or FC_EILLEGAL leaving st unchanged. */
    int (*apply)(void *st, const fc_env *env, fc_decision d);
    /* required: notation, e.g. "step 7,4"; returns length or negative error. */
    int (*decision_text)(const void *st, const fc_env *env, fc_decision d, char *buf, size_t n);
    /* required: inverse of decision_text in this state; 0, FC_EPARSE (the text cannot be read)
     * or, from API minor 3, FC_EILLEGAL (well-formed notation of the game that is not legal in
     * this state; see fc_notation_match). Front ends then say "illegal decision 'X' now". */
    int (*decision_parse)(const void *st, const fc_env *env, const char *text, fc_decision *out);
    /* optional: label, hex and group for front ends (defaults to the notation). */
    void (*decision_describe)(const void *st, const fc_env *env, fc_decision d, fc_decision_info *out);
    /* required: scores and ranks (0 = first; tied seats share a rank) with the game's own
     * tie-breaks. Meaningful at any time; final when to_move is FC_NOBODY. */
    void (*scores)(const void *st, const fc_env *env, int32_t *score, int *rank);
    /* optional: heuristic value per seat in [0, 1], higher is better (an estimate of winning);
     * used by greedy play, search cut-offs and design metrics. */
    void (*evaluate)(const void *st, const fc_env *env, double *value);
    /* optional (NULL = perfect information): resamples everything `seat` cannot see
     * (opponents' hands, draw piles, uncommitted hidden choices) consistently with what it
     * has seen, using rng. */
    void (*determinize)(void *st, const fc_env *env, int seat, fc_rng *rng);
    /* required: fills the view for `seat` (-1 = spectator: public information only) through
     * the host's view functions. */
    void (*view)(const void *st, const fc_env *env, int seat, fc_view *view);
    /* optional: current round number (1-based) for metrics; 0 if unknown. */
    int (*round)(const void *st, const fc_env *env);
    /* optional: checks internal invariants; returns 0 or writes a message and returns < 0.
     * Tests call it after every decision of random games. */
    int (*check)(const void *st, const fc_env *env, char *msg, size_t n);
    /* optional (NULL = everyone): the seats (bitmask) that may see decision d's notation when
     * it is made in st. Simultaneous hidden choices return the deciding seat only; private
     * draws return the drawer. Front ends print other seats' decisions only when allowed. */
    uint32_t (*decision_audience)(const void *st, const fc_env *env, fc_decision d);

    /* API minor 2, optional: a position as text (docs/positions.md). The core uses them only for
     * plugins built against minor >= 2 (fc_match_new_from_position). position_write returns the
     * length written (< n) or a negative error; position_read turns a state fresh from init into
     * the position, or returns an error (err: one line, "line N: ..." when a line is at fault)
     * leaving it unusable. */
    int (*position_write)(const void *st, const fc_env *env, char *buf, size_t n);
    int (*position_read)(void *st, const fc_env *env, const char *text, fc_error *err);

    /* API minor 3, optional: what the rules call the current step, as a rule id ("R-17") or a
     * heading of the plugin's rules_text ("Phase 3 — Workers"), a static string, or NULL. A
     * front end's rules key opens that part of the rules (fc_rules_text_find). */
    const char *(*phase_topic)(const void *st, const fc_env *env);
    /* API minor 3, optional: checks that the resolved parameters agree with each other before
     * data_load (winter_food needs one amount per year). given[i] != 0 when parameter i was
     * set by a rule set, a variant or --set rather than left at its default, so a check can
     * accept defaults that adapt. Returns 0, or an error whose one-line message names the
     * parameters and says what fits ("winter_food has 2 amounts but years is 3: give one per
     * year"); the rule set then refuses to finish. */
    int (*params_check)(const fc_host *host, const fc_value *params, const uint8_t *given, int nseats, fc_error *err);

    /* API minor 6, optional: a 64-bit hash of the state for transposition tables, equal for
     * states that play alike and (with high probability) different otherwise; a game keeps it
     * incrementally (Zobrist keys updated in apply) so it costs nothing to read. NULL: searches
     * hash the state's bytes (fc_hash64), which is correct but costs a pass over the state. */
    uint64_t (*hash)(const void *st, const fc_env *env);
    /* API minor 6, optional: apply for a decision that legal() listed for this very state: the
     * same effect as apply (hooks included) without checking legality and without events.
     * Search and perft call it on decisions they took from legal(); NULL: they call apply. */
    void (*apply_legal)(void *st, const fc_env *env, fc_decision d);

    /* API minor 7, optional (both or neither): the evaluation's weights by name, so that an agent
     * can play with weights other than the game's data files (agent key weights=FILE) and
     * `formicary train-eval` can tune them. eval_weights points *out at the weights evaluate
     * uses (read from the game's data files at data_load, so they live in env->data) and returns
     * their count, 0..FC_EVAL_WEIGHTS_MAX. evaluate_weighted is evaluate with w[i] in place of
     * weight i's value (w holds that count); with the weights' own values it gives exactly what
     * evaluate gives. */
    int (*eval_weights)(const fc_env *env, const fc_eval_weight **out);
    void (*evaluate_weighted)(const void *st, const fc_env *env, const double *w, double *value);

    /* API minor 9, optional: what legal() would return for this state (the number of decisions,
     * chance outcomes included), without writing them; perft counts its last ply with it, where
     * a game can count (cells times pieces) what it would otherwise list one by one. NULL:
     * callers run legal. */
    int (*legal_count)(const void *st, const fc_env *env);

    /* API minor 10, optional (all three or none): the kinds of decision the game has, named as
     * decision_describe names their `group` ("place", "move", "pass"), at most FC_MAX_KINDS, and
     * the kind of a legal decision d in st as an index into kinds[] (-1: none of them). It must
     * agree with decision_describe's group and format nothing: agents restricted from a kind
     * (agent key restrict=) ask it for every legal decision they choose among. */
    const char *const *kinds;
    int nkinds;
    int (*decision_kind)(const void *st, const fc_env *env, fc_decision d);
    /* API minor 11, optional: where the game's chance comes from, so a study can draw each
     * source from its own RNG stream (fc_match_new_sourced, `formicary luck`). Points *names at
     * the game's sources, a static NULL-terminated list of at most FC_CHANCE_SOURCES_MAX words of
     * [a-z0-9_] ("setup", "deck", "dice", "draft"), and returns the index of the source of the
     * chance point at st, or with st NULL the source of what init draws from its rng. An empty
     * list (return -1) says the game has no chance at all. NULL: one source, "chance". A plain
     * match never calls it, so naming sources changes no seed's game. */
    int (*chance_source)(const void *st, const fc_env *env, const char *const **names);
    /* API minor 12, optional: the game's "noisy" decisions, after which a position is too sharp
     * for its evaluation to be trusted (in Hive, moves that add pressure on the enemy Queen).
     * Keeps in d[0..k-1], in their order, those of d[0..n-1] (legal in st, as legal() listed
     * them) and returns k. Alpha-beta searches them past its depth (quiescence, agent key
     * quiesce=N) so that a line does not end just before the answer to a threat. Hot path:
     * formats and allocates nothing. NULL: no quiescence search. */
    int (*noisy)(const void *st, const fc_env *env, fc_decision *d, int n);
    /* API minor 13, optional: whether a hidden decision has become public. After every decision
     * of a match the core asks about each earlier decision still hidden (decision_audience was
     * not FC_ALL_SEATS) and about the one just made: d, made by `seat` (FC_CHANCE for a private
     * draw) with that audience, st the state now. 1: everyone may see its notation from now on
     * (the bids are revealed, the drawn token was played); 0: not yet; -1: never (a card kept
     * from a draft): the core stops asking. Asked in order from the first decision on, so
     * "is seat's d still hidden in st" is the question even when the same code recurs (a bid
     * each round). Not called in search; formats nothing. NULL: hidden decisions stay hidden. */
    int (*decision_revealed)(const void *st, const fc_env *env, int seat, uint32_t audience, fc_decision d);
} fc_game;

#define FC_MAX_KINDS 64 /* kinds of decision a game may name (a 64-bit mask holds a set of them) */

/* The most sources of chance a game may name (fc_game.chance_source). */
#define FC_CHANCE_SOURCES_MAX 8

/* The size of the vtable a plugin built against API minor m has (the loader checks it). */
#define FC_GAME_SIZE_MINOR_3 (offsetof(fc_game, params_check) + sizeof(void (*)(void)))
#define FC_GAME_SIZE_MINOR_6 (offsetof(fc_game, apply_legal) + sizeof(void (*)(void)))
#define FC_GAME_SIZE_MINOR_7 (offsetof(fc_game, evaluate_weighted) + sizeof(void (*)(void)))
#define FC_GAME_SIZE_MINOR_9 (offsetof(fc_game, legal_count) + sizeof(void (*)(void)))
#define FC_GAME_SIZE_MINOR_10 (offsetof(fc_game, decision_kind) + sizeof(void (*)(void)))
#define FC_GAME_SIZE_MINOR_11 (offsetof(fc_game, chance_source) + sizeof(void (*)(void)))
#define FC_GAME_SIZE_MINOR_12 (offsetof(fc_game, noisy) + sizeof(void (*)(void)))
#define FC_GAME_SIZE_MINOR_13 (offsetof(fc_game, decision_revealed) + sizeof(void (*)(void)))

/* A function a game exposes to Lua variants: a read-only query (game.<name>(...) in Lua) or
 * an action that changes the state while keeping it valid (only inside mutable hooks).
 * Arguments and result are integers; seats are 0-based in C and 1-based in Lua (the core
 * converts arguments declared as seats: bit i of seat_args = argument i is a seat). */
typedef struct fc_lua_fn {
    const char *name;
    const char *doc; /* "(seat) -> food in storage" */
    int nargs;
    uint32_t seat_args;
    int (*fn)(void *st, const fc_env *env, const int64_t *args, int64_t *result);
} fc_lua_fn;

/* A hook point a game offers to variants. The game calls it (through host->hook_int) with
 * integer arguments and a default result; a registered Lua function returns a new integer
 * (or nil to keep the default). The core refuses a result outside lo..hi (the call then
 * returns the default and the match reports "file:line: hook X returned N, expected lo..hi"),
 * so a game may do plain int arithmetic on any result it gets: choose lo..hi so that it
 * cannot overflow. lo < hi is required; FC_HOOK_ANY_LO/HI mark a result that is ignored.
 * Added in API minor 1: the array stride changed, so the loader refuses plugins built against
 * minor 0 that declare hook points. */
#define FC_HOOK_MUTABLE 1u /* the hook may call actions */
#define FC_HOOK_ANY_LO INT64_MIN
#define FC_HOOK_ANY_HI INT64_MAX
typedef struct fc_hook_def {
    const char *name;
    const char *doc;  /* "(seat, year, owed) -> food owed; called once per seat each winter" */
    int nargs;
    uint32_t seat_args;
    uint32_t flags;
    int64_t lo, hi;   /* valid results, inclusive (API minor 1) */
} fc_hook_def;

/* Host services handed to plugins. Only grows at the end. */
struct fc_host {
    uint32_t struct_version; /* 1 */
    uint32_t struct_size;
    uint32_t abi_major, api_minor;

    int (*error_set)(fc_error *err, int code, const char *fmt, ...);
    /* Events for logs and front ends; audience is a seat bitmask (FC_ALL_SEATS = public).
     * Cheap no-op when env->events is NULL. */
    void (*emit)(const fc_env *env, uint32_t audience, const char *fmt, ...);

    /* Calls hook point h if registered: returns its integer result, or dflt when nothing is
     * registered, the function returned nil, or the script failed (the failure is recorded
     * in the match and reported by the core after apply). st may be changed only by actions
     * and only for FC_HOOK_MUTABLE hooks. */
    int64_t (*hook_int)(const fc_env *env, int h, void *st, const int64_t *args, int nargs, int64_t dflt);

    /* rng */
    void (*rng_seed)(fc_rng *rng, uint64_t seed, uint64_t stream);
    uint64_t (*rng_next)(fc_rng *rng);
    uint32_t (*rng_below)(fc_rng *rng, uint32_t n);
    void (*rng_shuffle)(fc_rng *rng, void *base, size_t n, size_t elem_size);
    int (*rng_weighted)(fc_rng *rng, const uint32_t *weights, int n);

    /* hex */
    int (*shape_orientations)(const fc_shape *s, bool allow_reflect, fc_shape *out);
    int (*hexmap_add)(fc_hexmap *m, fc_hex h, int terrain);
    void (*hexmap_init)(fc_hexmap *m);
    int (*hexmap_components)(const fc_hexmap *m, fc_cell_pred in, fc_cell_link link, void *ctx, int16_t *comp);
    int (*hexmap_reach)(const fc_hexmap *m, int start, int budget, const fc_path_rules *rules, int16_t *cost,
                        int16_t *prev);

    /* data tables (CSV) */
    fc_table *(*table_load)(const char *path, fc_error *err);
    void (*table_free)(fc_table *t);
    int (*table_rows)(const fc_table *t);
    int (*table_col)(const fc_table *t, const char *name);
    int (*table_line)(const fc_table *t, int row);
    const char *(*table_str)(const fc_table *t, int row, int col);
    int (*table_int)(const fc_table *t, int row, const char *col, int64_t min, int64_t max, int64_t *out,
                     fc_error *err);
    int (*table_enum)(const fc_table *t, int row, const char *col, const char *const *names, int n, int *out,
                      fc_error *err);
    int (*table_ints)(const fc_table *t, int row, const char *col, int32_t *out, int max, fc_error *err);

    /* view building (copies and truncates strings) */
    void (*view_title)(fc_view *v, const char *fmt, ...);
    fc_view_cell *(*view_cell)(fc_view *v, fc_hex h, int terrain_class, const char *terrain_name);
    void (*view_link)(fc_view *v, fc_hex a, fc_hex b, int owner, const char *kind);
    void (*view_track)(fc_view *v, const char *name, int value, int max, const char *fmt, ...);
    void (*view_panel)(fc_view *v, int seat, const char *key, const char *fmt, ...);
    void (*view_text)(fc_view *v, const char *key, const char *fmt, ...);

    /* seats and turn order (seats.h) */
    int (*seat_order)(int first, int n, int *out);
    void (*simul_begin)(fc_simul *s, int first, int n, uint32_t mask);
    int (*simul_next)(const fc_simul *s);
    bool (*simul_commit)(fc_simul *s, int seat);

    /* combat helpers (combat.h) */
    int (*strength_sum)(const fc_contrib *c, int n, int modifier);
    int (*rank_clockwise)(const int *strength, const bool *participant, int nseats, int ref_seat, int *order_out);
    int (*casualties_round_robin)(int total, int after_seat, const bool *receiver, const int *cap, int nseats,
                                  int *assigned_out);

    /* API minor 1: files named by PATH parameters. The rule set reads such a file (or takes
     * its text from a record) before data_load; param_text(host, i) is the text of parameter
     * i's file, or NULL when the value is empty or the schema default (the game's own data
     * file). Call it in data_load through the host data_load was given. Games parse the text
     * (table_parse) and never open the path themselves, so a record cannot make them read
     * files; the path is only a name for messages. */
    const char *(*param_text)(const fc_host *host, int i, fc_error *err);
    fc_table *(*table_parse)(const char *name, const char *text, fc_error *err);

    /* API minor 3: one legend entry of the view: what a glyph or symbol shown on the map or in
     * the panels means ("2" -> "a hex of a pheromone of size 2"). Games add their legend in
     * every view callback; entries past FC_VIEW_MAX_LEGEND and repeated glyphs are dropped. */
    void (*view_legend)(fc_view *v, const char *glyph, const char *fmt, ...);

    /* API minor 4: hook point h asked about a list of count candidates at once: out[i] is what
     * hook_int(env, h, st, args + i * nargs, nargs, dflt) would return, with the same errors
     * and reports. Cheaper for a game that filters every candidate of a list through one hook
     * point (Marabunta's splits): a hook that depends on its arguments alone answers the same
     * list again from a cache. Check host->struct_size before use (FC_HOST_HAS). */
    void (*hook_ints)(const fc_env *env, int h, void *st, const int64_t *args, int nargs, int count, int64_t dflt,
                      int64_t *out);

    /* API minor 5: a piece on cell c (a cell view_cell returned): its shape class (fc_piece_kind),
     * owner seat or -1, how many (a stack of equal pieces), the glyph(s) a text front end shows;
     * and highlight classes of a cell (FC_HL_* bits, or-ed). Graphical front ends draw pieces as
     * shapes from these; cells of an older plugin have none (front ends fall back to glyphs). */
    void (*view_piece)(fc_view *v, const fc_view_cell *c, int kind, int owner, int count, const char *glyph);
    void (*view_highlight)(fc_view *v, const fc_view_cell *c, unsigned bits);

    /* API minor 8: an item off the board (fc_view_item): id > 0 (what decisions name in
     * fc_decision_info.from_item), the seat whose tray holds it or -1 for an item pending for
     * all (a drawn tile), its figure (fc_piece_kind), colour (seat or -1), count, glyph(s) and a
     * name. Dropped when id < 1, count < 1 or the view holds FC_VIEW_MAX_ITEMS. */
    void (*view_item)(fc_view *v, int id, int seat, int kind, int owner, int count, const char *glyph,
                      const char *name);
};

/* Whether the host table offers member `m` (added in a later API minor than the core's). */
#define FC_HOST_HAS(host, m) ((host)->struct_size >= offsetof(fc_host, m) + sizeof((host)->m))

/* API minor 6: games written in formats foreign to Formicary (a Hive site's SGF files, PGN,
 * UHP GameStrings), read by the plugin, which knows their notation, and turned into records by
 * the core (formicary/import.h). The plugin reports what it reads to a sink, game by game. */
typedef struct fc_import_sink fc_import_sink;
struct fc_import_sink {
    void *ctx; /* the core's */
    /* A game starts at line `line` (1-based) of the file. */
    void (*begin)(fc_import_sink *s, int line);
    /* A fact about the game, kept as record metadata: "white", "black", "result" (one of
     * "1-0", "0-1", "1/2-1/2", "*"), "date", "event", "site", "round", "source"; or
     * "param:NAME" = a value of the game's parameter NAME ("param:game_type" = "Base+MLP").
     * Any time between begin and end: the core keeps the game until end (docs/plugin-abi.md). */
    void (*meta)(fc_import_sink *s, const char *key, const char *value);
    /* The game's next decision in the plugin's own notation (what decision_parse reads; at
     * most FC_IMPORT_MAX_TEXT - 1 bytes, formicary/import.h). */
    void (*decision)(fc_import_sink *s, const char *text);
    /* The game ends; why_skipped NULL keeps it, else one line saying why it cannot be read. */
    void (*end)(fc_import_sink *s, const char *why_skipped);
};

typedef struct fc_import_format {
    const char *name; /* "sgf", "pgn", "gamestring": lower case, for --format */
    const char *doc;  /* one line: "boardspace.net SGF game files" */
    const char *exts; /* file name endings, space-separated: ".sgf" */
    /* How sure the plugin is that text is in this format, 0 (no) .. 100; len bytes. */
    int (*detect)(const char *text, size_t len);
    /* Reads every game of text (len bytes, NUL-terminated, from the file `name`), calling the
     * sink for each; returns 0, or an error for the whole file (not one game's: that goes to
     * sink->end). Must finish on any text and keep no state between calls. */
    int (*read)(const fc_host *host, const char *name, const char *text, size_t len, fc_import_sink *sink,
                fc_error *err);
} fc_import_format;

/* The plugin descriptor returned by the entry point. */
typedef struct fc_plugin {
    uint32_t struct_version; /* 1 */
    uint32_t struct_size;    /* sizeof(fc_plugin) */
    uint32_t abi_major;      /* FC_ABI_MAJOR the plugin was built with */
    uint32_t api_minor;      /* FC_API_MINOR the plugin was built with */
    const char *id;          /* "myrmes": lower-case, used on the command line */
    const char *name;        /* "Myrmes" */
    const char *version;     /* plugin version "1.0.0", written into records */
    const char *summary;     /* one line */
    const char *help;        /* a few lines on the turn structure, for help screens */
    int min_seats, max_seats;
    const fc_param_def *params;
    int nparams;
    const fc_hook_def *hooks;
    int nhooks; /* <= 64 */
    const fc_lua_fn *queries;
    int nqueries;
    const fc_lua_fn *actions;
    int nactions;
    const fc_game *game;
    /* optional: called once after loading; a non-zero return refuses the plugin (the message
     * in err is shown). */
    int (*init)(const fc_host *host, fc_error *err);

    /* API minor 3, optional: the game's rules reference as Markdown (docs/rules/<id>.md,
     * embedded at build time): rules carry bold ids ("**R-12 Title.**", "- **S-03** …"),
     * sections are headings, and a section "## Notation and glossary" explains every code of
     * the notation and the view. NULL = none. Read it with fc_plugin_rules_text (rules_text.h). */
    const char *rules_text;

    /* API minor 6, optional: the foreign formats this game's plugin reads (formicary import). */
    const fc_import_format *imports;
    int nimports;
} fc_plugin;

/* The size of the descriptor a plugin built against API minor m has (the loader checks it). */
#define FC_PLUGIN_SIZE_MINOR_3 (offsetof(fc_plugin, rules_text) + sizeof(const char *))
#define FC_PLUGIN_SIZE_MINOR_6 (offsetof(fc_plugin, nimports) + sizeof(int))

typedef const fc_plugin *(*fc_plugin_query_fn)(uint32_t host_abi_major, uint32_t host_api_minor);

/* Defines the plugin's entry point returning `descriptor` (a static const fc_plugin). The host
 * compares the versions in the descriptor itself and reports a mismatch. */
#define FC_PLUGIN_ENTRY_POINT(descriptor) \
    FC_EXPORT const fc_plugin *fc_plugin_query(uint32_t host_abi_major, uint32_t host_api_minor); \
    FC_EXPORT const fc_plugin *fc_plugin_query(uint32_t host_abi_major, uint32_t host_api_minor) \
    { \
        (void)host_abi_major; \
        (void)host_api_minor; \
        return &(descriptor); \
    }

/* For decision_parse (API minor 3): whether text has the shape of one of patterns (NULL-
 * terminated), i.e. is well-formed notation of the game. A pattern is words separated by single
 * spaces, matched against the text's words (runs of blanks separate them): '#' matches a number
 * (digits, optionally after '-'), '*' a whole word, "..." any remaining words, other characters
 * themselves ("births L# S# W# K#", "step #,#", "attack #,# from #,#", "play ..."). A game that
 * reads a decision by matching the legal ones returns FC_EILLEGAL (well-formed, not legal now)
 * rather than FC_EPARSE (cannot be read) when this holds. Only on errors: not a hot path. */
static inline bool fc_notation_word_match(const char *w, size_t wn, const char *p, size_t pn)
{
    if (pn == 1 && p[0] == '*')
        return wn > 0;
    size_t i = 0, k = 0;
    while (k < pn) {
        if (p[k] == '#') {
            if (i < wn && w[i] == '-')
                i++;
            size_t digits = i;
            while (i < wn && w[i] >= '0' && w[i] <= '9')
                i++;
            if (i == digits)
                return false;
            k++;
        } else if (i < wn && w[i] == p[k]) {
            i++;
            k++;
        } else {
            return false;
        }
    }
    return i == wn;
}

static inline bool fc_notation_match(const char *text, const char *const *patterns)
{
    for (; *patterns; patterns++) {
        const char *t = text, *p = *patterns;
        bool ok = true;
        for (;;) {
            while (*t == ' ')
                t++;
            if (!*p) {
                ok = !*t;
                break;
            }
            size_t pn = 0, wn = 0;
            while (p[pn] && p[pn] != ' ')
                pn++;
            if (pn == 3 && p[0] == '.' && p[1] == '.' && p[2] == '.')
                break; /* the rest is free */
            while (t[wn] && t[wn] != ' ')
                wn++;
            if (!wn || !fc_notation_word_match(t, wn, p, pn)) {
                ok = false;
                break;
            }
            t += wn;
            p += pn;
            if (*p == ' ')
                p++;
        }
        if (ok)
            return true;
    }
    return false;
}

/* Convenience for plugins. */
#define FC_EMIT(env, audience, ...) \
    do { \
        if ((env)->events) \
            (env)->host->emit((env), (audience), __VA_ARGS__); \
    } while (0)

#endif
