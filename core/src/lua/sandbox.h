/* The Lua 5.4 sandbox shared by variants (variant.c) and the `variant check` command.
 *
 * One fc_sandbox owns one lua_State made with a counting allocator (memory cap), with only
 * pruned base, string, table, math and utf8 opened; deterministic pairs(); math.random bound
 * to an fc_rng; pcall/xpcall that cannot swallow fatal conditions (instruction budget or
 * memory cap); text chunks only. Every error comes back as one line "file:line: message". */
#ifndef FORMICARY_SANDBOX_H
#define FORMICARY_SANDBOX_H

#include <stddef.h>
#include <stdint.h>

#include <lua.h>

#include "formicary/error.h"

typedef struct fc_sandbox fc_sandbox;

/* Creates a sandbox whose chunks are named `chunkname` (a path: messages read
 * "path:line: message"). mem_limit is the allocator cap in bytes (0 = FC_LUA_MEM_LIMIT). */
fc_sandbox *fc_sandbox_new(const char *chunkname, size_t mem_limit, fc_error *err);
void fc_sandbox_free(fc_sandbox *sb);

lua_State *fc_sandbox_lua(fc_sandbox *sb);
/* The sandbox owning L (any lua_State made by fc_sandbox_new). */
fc_sandbox *fc_sandbox_of(lua_State *L);
const char *fc_sandbox_chunkname(const fc_sandbox *sb);
size_t fc_sandbox_mem_used(const fc_sandbox *sb);

/* Compiles text (text chunks only) and pushes the chunk function; 0 or FC_ESCRIPT. */
int fc_sandbox_load(fc_sandbox *sb, const char *text, size_t len, fc_error *err);

/* Calls the function below its nargs arguments with a fresh instruction budget, like
 * lua_pcall. On success leaves nresults results and returns 0; on failure leaves nothing,
 * sets err to one line "file:line: message" and returns FC_ESCRIPT. The state stays usable. */
int fc_sandbox_call(fc_sandbox *sb, int nargs, int nresults, long budget, fc_error *err);

/* Loads and runs text with no results. */
int fc_sandbox_run(fc_sandbox *sb, const char *text, size_t len, long budget, fc_error *err);

/* Seeds the stream behind math.random. */
void fc_sandbox_seed(fc_sandbox *sb, uint64_t seed, uint64_t stream);
/* Seeds math.random from hashes of data[0..len) and args, but only when the script first draws;
 * both must stay valid until the next seeding (a hook call passes its state and arguments). The
 * stream is then exactly fc_sandbox_seed(hash(data, salt), hash(args, salt)). */
void fc_sandbox_seed_lazy(fc_sandbox *sb, const void *data, size_t len, const int64_t *args, int nargs,
                          uint64_t salt);

/* The traceback of the last failed call ("" if none). */
const char *fc_sandbox_traceback(const fc_sandbox *sb);

/* Installs the string-library replacements (sandbox_str.c): a pattern matcher that charges
 * its steps, string.byte charged per result, format without %p and without addresses, tostring
 * without addresses. Called by the sandbox setup. */
void fc_sandbox_guard_strings(lua_State *L);
/* Installs the metered table, utf8 and base wrappers (sandbox_lib.c): table.sort is a stable
 * merge sort, the others charge elements or bytes before calling the original. */
void fc_sandbox_guard_libs(lua_State *L);

/* Charges `units` against the budget of the call in progress and checks the wall clock;
 * raises "file:line: instruction budget of N exceeded" (or the wall-clock limit) like the
 * instruction counter, uncatchable by the script. No-op outside a call. */
void fc_sandbox_charge(lua_State *L, long units);
/* a + b for budget units: negative operands count as 0, the sum saturates at LONG_MAX. */
long fc_sandbox_sat_add(long a, long b);
/* Budget units the last fc_sandbox_call used. */
long fc_sandbox_spent(const fc_sandbox *sb);
/* Overrides the wall-clock limit of the following calls (ms; 0 = derived from the budget). */
void fc_sandbox_set_wall_ms(fc_sandbox *sb, long ms);

/* tostring without addresses: __tostring, else __name, else the type name (tables, functions). */
void fc_sandbox_tostring(lua_State *L, int idx);

/* Freezing (sandbox_freeze.c): after the script body ran, makes every table reachable from the
 * globals and from the values of the table on top of the stack (popped) read-only in place and
 * snapshots upvalues; later calls restore and report changed upvalues. 0 or FC_ESCRIPT. */
int fc_sandbox_freeze(fc_sandbox *sb, fc_error *err);
/* After a call: 0, or -1 with msg "file:line: ... changed upvalue ..." (values put back). */
int fc_sandbox_verify(fc_sandbox *sb, char *msg, size_t n);
/* Internals shared by sandbox.c and sandbox_freeze.c. */
/* libs_only: freezes the tables in the table on top (popped) and nothing else (the library
 * tables, before any script runs); otherwise also everything reachable from the globals. */
int fc_sandbox_freeze_state(fc_sandbox *sb, char *msg, size_t n, int *watched, int libs_only);
int fc_sandbox_verify_state(lua_State *L, const char *chunk, char *msg, size_t n);
int fc_sandbox_is_pairs_iter(lua_CFunction f);
/* The sandbox's deterministic pairs() (sandbox_pairs.c). */
int fc_sandbox_pairs(lua_State *L);
/* Pushes the table whose raw entries a table at idx shows (its shadow if frozen, else itself);
 * returns 1 if it is frozen. */
int fc_sandbox_raw(lua_State *L, int idx);
/* Pushes the metatable a script sees for the value at idx (a frozen table's original one);
 * returns 0 and pushes nothing when there is none. */
int fc_sandbox_getmetatable(lua_State *L, int idx);

#endif
