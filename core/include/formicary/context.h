/* The context: plugin registry and host services. One per program (or per test); no global
 * state lives in the core, so several contexts may coexist. Plugins loaded by a context stay
 * loaded until fc_context_free (matches may point into them). */
#ifndef FORMICARY_CONTEXT_H
#define FORMICARY_CONTEXT_H

#include <stdbool.h>

#include "formicary/error.h"
#include "formicary/game.h"

typedef struct fc_context fc_context;

/* What happened to one plugin file during a scan. */
typedef struct fc_plugin_report {
    char path[512];
    bool loaded;
    char message[FC_ERROR_MSG_MAX]; /* why it was refused: "file: expected …, found …" */
} fc_plugin_report;

/* Creates an empty context. Caller owns it. */
fc_context *fc_context_new(void);
void fc_context_free(fc_context *ctx);

/* The host table given to plugins (valid while ctx lives). */
const fc_host *fc_context_host(const fc_context *ctx);

/* Adds a directory to scan for plugins (searched one level deep: DIR/NAME.so and
 * DIR/SUB/NAME.so). */
int fc_context_add_path(fc_context *ctx, const char *dir);
/* Adds the default search path: $FORMICARY_PLUGIN_PATH (':'-separated), the build tree the
 * program was built in (only when the program runs from that build tree, see
 * fc_context_from_build_tree), the user's plugin folder ($XDG_DATA_HOME/formicary/plugins,
 * by default ~/.local/share/formicary/plugins) when it exists, and the install directory
 * (fc_install_dir). */
int fc_context_add_default_paths(fc_context *ctx);
/* The installed plugin directory (LIBDIR/formicary) or data directory (DATADIR/formicary:
 * game data, config/, scripts/), found relative to the running program's own directory so a
 * moved prefix works, else the directory configured at build time. Writes buf and returns it. */
typedef enum fc_install_kind { FC_INSTALL_PLUGINS, FC_INSTALL_DATA } fc_install_kind;
const char *fc_install_dir(fc_install_kind kind, char *buf, size_t n);
/* Whether the running executable (/proc/self/exe) lies inside the build tree it was built in:
 * only then are the build and source trees searched for plugins, game data, shipped variants
 * and formicary.ini. An installed program uses the install directories only. */
bool fc_context_from_build_tree(void);
/* Scans every path; each file is loaded or refused with a report. Returns the number of
 * games loaded. Never fails on a bad plugin. A plugin file is refused before it is opened
 * when its folder or the file is world-writable, or either is owned by a user other than root
 * and the current user ("PATH: refused: folder is world-writable"). */
int fc_context_scan(fc_context *ctx);
/* Loads one plugin file; on refusal returns a negative code and err holds one line naming
 * the file, what was expected and what was found. Also added to the reports. */
int fc_context_load(fc_context *ctx, const char *path, fc_error *err);

int fc_context_game_count(const fc_context *ctx);
const fc_plugin *fc_context_game(const fc_context *ctx, int i);
/* The data directory of a loaded game (where its data files are), or NULL. */
const char *fc_context_game_datadir(const fc_context *ctx, const fc_plugin *p);
/* Finds a game by id; if unknown, err says so and lists the known ids. */
const fc_plugin *fc_context_find(const fc_context *ctx, const char *id, fc_error *err);

int fc_context_report_count(const fc_context *ctx);
const fc_plugin_report *fc_context_report(const fc_context *ctx, int i);

#endif
