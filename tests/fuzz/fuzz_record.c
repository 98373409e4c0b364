/* Records from bytes (fc_record_parse, the same path as `replay` and the shell's `load`): any
 * input is refused with an error or loads. A record that loads must format to text that loads
 * again and formats to the same bytes, and its match must keep playing and undoing. */
#include "fuzz_common.h"

#include "formicary/record.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    fz_get();
    return 0;
}

static fc_match *load(fz_env *env, const char *name, const char *text, fc_rules **rules, fc_error *err)
{
    fc_match *m = NULL;
    fc_record_info info;
    memset(&info, 0, sizeof info);
    *rules = NULL;
    fc_error_clear(err);
    if (fc_record_parse(env->ctx, name, text, rules, &m, &info, err) != 0) {
        FZ_CHECK(!*rules && !m, "%s: failed parse left objects behind", name);
        FZ_CHECK(err->msg[0], "%s: failed parse without a message", name);
        return NULL;
    }
    FZ_CHECK(*rules && m, "%s: parse succeeded without a match", name);
    return m;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (fz_names_special_file(data, size))
        return 0;
    fz_env *env = fz_get();
    char *text = fz_strndup(data, size);
    fc_rules *rules = NULL;
    fc_error err;
    fc_match *m = load(env, "fuzz.fcr", text, &rules, &err);
    free(text);
    if (!m)
        return 0;

    /* Round trip: format, load, format again. */
    char *out = NULL, *out2 = NULL;
    FZ_CHECK(fc_record_format(m, NULL, &out, &err) == 0, "format of a loaded record: %s", err.msg);
    fc_rules *rules2 = NULL;
    fc_match *m2 = load(env, "again.fcr", out, &rules2, &err);
    FZ_CHECK(m2, "a formatted record does not load: %s\n%s", err.msg, out);
    FZ_CHECK(fc_match_state_hash(m2) == fc_match_state_hash(m), "reloaded state differs");
    FZ_CHECK(fc_record_format(m2, NULL, &out2, &err) == 0, "format: %s", err.msg);
    FZ_CHECK(strcmp(out, out2) == 0, "format is not stable:\n%s\n---\n%s", out, out2);
    free(out);
    free(out2);
    fc_match_free(m2);
    fc_rules_free(rules2);

    /* The loaded match continues: a few plies, then undo them all back to the loaded state. */
    uint64_t before = fc_match_state_hash(m);
    size_t ply = fc_match_ply(m);
    if (fz_play_some(m, 8, fz_hash(data, size)) == 0) {
        while (fc_match_ply(m) > ply)
            FZ_CHECK(fc_match_undo(m, &err) == 0, "undo: %s", err.msg);
        FZ_CHECK(fc_match_state_hash(m) == before, "undo does not restore the loaded state");
    }
    fc_match_free(m);
    fc_rules_free(rules);
    return 0;
}
