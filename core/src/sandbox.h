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

/* Installs the string-library guards (sandbox_str.c): pattern cost bound, no %p, tostring
 * without addresses. Called by the sandbox setup. */
void fc_sandbox_guard_strings(lua_State *L);

#endif
