/* The host table handed to plugins. It is immutable (static const), so sharing it between
 * contexts and threads is safe; everything mutable is reached through the fc_env argument. */
#include <stdarg.h>
#include <stdio.h>

#include "events.h"
#include "formicary/game.h"
#include "formicary/variant.h"
#include "host.h"
#include "view_build.h"

static int host_error_set(fc_error *err, int code, const char *fmt, ...)
{
    char buf[FC_ERROR_MSG_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    return fc_error_set(err, code, "%s", buf);
}

static void host_emit(const fc_env *env, uint32_t audience, const char *fmt, ...)
{
    if (!env || !env->events)
        return;
    char buf[sizeof(((fc_match_event *)0)->text)];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    fc_events_push(env->events, audience, buf);
}

static int64_t host_hook_int(const fc_env *env, int h, void *st, const int64_t *args, int nargs, int64_t dflt)
{
    if (!env || !env->hooks || h < 0 || h >= 64 || !FC_HOOKED(env, h))
        return dflt;
    return fc_hooks_call(env->hooks, env, h, st, args, nargs, dflt);
}

static void host_hook_ints(const fc_env *env, int h, void *st, const int64_t *args, int nargs, int count,
                           int64_t dflt, int64_t *out)
{
    if (!env || !env->hooks || h < 0 || h >= 64 || !FC_HOOKED(env, h)) {
        for (int i = 0; i < count; i++)
            out[i] = dflt;
        return;
    }
    fc_hooks_call_many(env->hooks, env, h, st, args, nargs, count, dflt, out);
}

static void host_view_title(fc_view *v, const char *fmt, ...)
{
    char buf[4 * FC_VIEW_STR]; /* longer than the field: the view marks the cut (view.c) */
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    fc_view_title(v, "%s", buf);
}

static void host_view_track(fc_view *v, const char *name, int value, int max, const char *fmt, ...)
{
    char buf[4 * FC_VIEW_STR] = "";
    if (fmt) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(buf, sizeof buf, fmt, ap);
        va_end(ap);
    }
    fc_view_track_add(v, name, value, max, "%s", buf);
}

static void host_view_panel(fc_view *v, int seat, const char *key, const char *fmt, ...)
{
    char buf[4 * FC_VIEW_STR]; /* longer than the field: the view marks the cut (view.c) */
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    fc_view_panel_add(v, seat, key, "%s", buf);
}

static void host_view_text(fc_view *v, const char *key, const char *fmt, ...)
{
    char buf[4 * FC_VIEW_STR]; /* longer than the field: the view marks the cut (view.c) */
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    fc_view_text_add(v, key, "%s", buf);
}

static void host_view_legend(fc_view *v, const char *glyph, const char *fmt, ...)
{
    char buf[4 * sizeof v->legend[0].text] = "";
    if (fmt) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(buf, sizeof buf, fmt, ap);
        va_end(ap);
    }
    fc_view_legend_add(v, glyph, "%s", buf);
}

/* The rule set hands data_load its own copy of this table whose param_text knows the rule set;
 * this one has none to answer from. */
static const char *host_param_text(const fc_host *host, int i, fc_error *err)
{
    (void)host;
    fc_error_set(err, FC_ESTATE, "param_text(%d): only the host handed to data_load has parameter files", i);
    return NULL;
}

static const fc_host host_table = {
    .struct_version = 1,
    .struct_size = sizeof(fc_host),
    .abi_major = FC_ABI_MAJOR,
    .api_minor = FC_API_MINOR,
    .error_set = host_error_set,
    .emit = host_emit,
    .hook_int = host_hook_int,
    .rng_seed = fc_rng_seed,
    .rng_next = fc_rng_next,
    .rng_below = fc_rng_below,
    .rng_shuffle = fc_rng_shuffle,
    .rng_weighted = fc_rng_weighted,
    .shape_orientations = fc_shape_orientations,
    .hexmap_add = fc_hexmap_add,
    .hexmap_init = fc_hexmap_init,
    .hexmap_components = fc_hexmap_components,
    .hexmap_reach = fc_hexmap_reach,
    .table_load = fc_table_load,
    .table_free = fc_table_free,
    .table_rows = fc_table_rows,
    .table_col = fc_table_col,
    .table_line = fc_table_line,
    .table_str = fc_table_str,
    .table_int = fc_table_int,
    .table_enum = fc_table_enum,
    .table_ints = fc_table_ints,
    .view_title = host_view_title,
    .view_cell = fc_view_cell_add,
    .view_link = fc_view_link_add,
    .view_track = host_view_track,
    .view_panel = host_view_panel,
    .view_text = host_view_text,
    .seat_order = fc_seat_order,
    .simul_begin = fc_simul_begin,
    .simul_next = fc_simul_next,
    .simul_commit = fc_simul_commit,
    .strength_sum = fc_strength_sum,
    .rank_clockwise = fc_rank_clockwise,
    .casualties_round_robin = fc_casualties_round_robin,
    .param_text = host_param_text,
    .table_parse = fc_table_parse,
    .view_legend = host_view_legend,
    .hook_ints = host_hook_ints,
    .view_piece = fc_view_piece_add,
    .view_highlight = fc_view_highlight,
    .view_item = fc_view_item_add,
};

const fc_host *fc_host_table(void) { return &host_table; }
