/* INI rule sets (fc_rules_load_ini, `--rules F.ini`). Input: a header line "GAME [SEATS]"
 * (docs/fuzzing.md), then the INI text, written to a scratch file because the loader reads a
 * path. A rule set that finishes must start a match that plays. */
#include "fuzz_common.h"

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
    if (fz_names_special_file(data, size))
        return 0;
    fz_env *env = fz_get();
    char *text = fz_strndup(data, size);
    int nseats = 0;
    const char *ini = NULL;
    const fc_plugin *p = fz_pick_game(env, text, &nseats, &ini);
    char path[128];
    fz_scratch_path(env, "rules.ini", path, sizeof path);
    if (fz_write_file(path, ini, strlen(ini)) != 0)
        abort();
    free(text);

    fc_error err;
    fc_error_clear(&err);
    fc_rules *r = fc_rules_new(env->ctx, p->id, nseats, &err);
    FZ_CHECK(r, "rules_new %s %d: %s", p->id, nseats, err.msg);
    if (fc_rules_load_ini(r, path, &err) != 0) {
        FZ_CHECK(err.msg[0], "INI refused without a message");
    } else if (fc_rules_finish(r, &err) != 0) {
        FZ_CHECK(err.msg[0], "finish failed without a message");
    } else {
        fc_match *m = fc_match_new(r, 1, &err);
        if (m) {
            fz_play_some(m, 30, fz_hash(data, size));
            fc_match_free(m);
        } else {
            FZ_CHECK(err.msg[0], "match_new failed without a message");
        }
    }
    fc_rules_free(r);
    return 0;
}
