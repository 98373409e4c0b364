/* Termity custom map files (`--set map=FILE`, plugins/termity map reader and the
 * building checks). Input: the map CSV, written to a scratch file. The seat count, the
 * building limits and the neutral mound count come from a hash of the input, so each map is
 * tried one deterministic way. A board that loads must start a match that plays. */
#include "fuzz_common.h"

#include "formicary/view.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    fz_get();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_env *env = fz_get();
    const fc_plugin *p = NULL;
    for (int i = 0; i < env->ngames && !p; i++)
        if (strcmp(env->games[i]->id, "termity") == 0)
            p = env->games[i];
    FZ_CHECK(p, "the termity plugin is not loaded");
    char path[128];
    fz_scratch_path(env, "map.csv", path, sizeof path);
    if (fz_write_file(path, data, size) != 0)
        abort();

    uint64_t h = fz_hash(data, size);
    int nseats = p->min_seats + (int)(h % (uint64_t)(p->max_seats - p->min_seats + 1));
    char set_map[160], set_limits[32], set_neutral[32];
    snprintf(set_map, sizeof set_map, "map=%s", path);
    snprintf(set_limits, sizeof set_limits, "build_limits=%d", (int)((h >> 8) & 1));
    snprintf(set_neutral, sizeof set_neutral, "neutral_count=%d", (int)((h >> 9) % 4) - 1);
    fc_error err;
    fc_error_clear(&err);
    fc_rules *r = fc_rules_new(env->ctx, p->id, nseats, &err);
    FZ_CHECK(r, "rules_new: %s", err.msg);
    FZ_CHECK(fc_rules_set(r, set_map, &err) == 0 && fc_rules_set(r, set_limits, &err) == 0 &&
                 fc_rules_set(r, set_neutral, &err) == 0,
             "--set: %s", err.msg);
    if (fc_rules_finish(r, &err) != 0) {
        FZ_CHECK(err.msg[0], "map refused without a message");
    } else {
        fc_match *m = fc_match_new(r, h, &err);
        if (m) {
            fz_play_some(m, 40, h);
            fc_view *v = malloc(sizeof *v);
            if (v) {
                memset(v, 0, sizeof *v);
                fc_match_view(m, -1, v);
                free(v);
            }
            fc_match_free(m);
        }
    }
    fc_rules_free(r);
    return 0;
}
