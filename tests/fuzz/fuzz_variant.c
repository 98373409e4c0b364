/* Lua variants from bytes (fc_rules_load_variant_text: the path of `--variant` and of records,
 * which embed their variant) and a short smoke game with the variant's hooks. Input: a header
 * line "GAME [SEATS]", then the Lua text. A variant that loads must give a match that plays;
 * a clone (which re-plays the history in its own Lua state) must reach the same state, and
 * undo must go back to the states seen on the way. Script errors are clean refusals. */
#include "fuzz_common.h"

#define FZ_PLIES 40

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    fz_get();
    return 0;
}

static void smoke(fc_match *m, uint64_t pick)
{
    uint64_t seen[FZ_PLIES + 1];
    seen[0] = fc_match_state_hash(m);
    int plies = 0;
    for (; plies < FZ_PLIES; plies++) {
        if (fz_play_some(m, 1, pick + (uint64_t)plies) != 0 || (int)fc_match_ply(m) != plies + 1)
            break; /* game over or a script error (a clean refusal) */
        seen[plies + 1] = fc_match_state_hash(m);
    }
    fc_error err;
    fc_error_clear(&err);
    fc_match *c = fc_match_clone(m, &err);
    if (c) {
        FZ_CHECK(fc_match_state_hash(c) == fc_match_state_hash(m), "a clone re-plays to another state");
        fc_match_free(c);
    }
    for (int i = plies; i > 0 && i > plies - 6; i--) {
        fc_error_clear(&err);
        if (fc_match_undo(m, &err) != 0)
            break; /* a hook failing on the re-play is reported, not a crash */
        FZ_CHECK(fc_match_state_hash(m) == seen[i - 1], "undo to ply %d gives another state", i - 1);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_env *env = fz_get();
    char *text = fz_strndup(data, size);
    int nseats = 0;
    const char *lua = NULL;
    const fc_plugin *p = fz_pick_game(env, text, &nseats, &lua);
    fc_error err;
    fc_error_clear(&err);
    fc_rules *r = fc_rules_new(env->ctx, p->id, nseats, &err);
    FZ_CHECK(r, "rules_new %s %d: %s", p->id, nseats, err.msg);
    if (fc_rules_load_variant_text(r, "fuzz.lua", lua, &err) != 0) {
        FZ_CHECK(err.msg[0], "variant refused without a message");
    } else if (fc_rules_finish(r, &err) == 0) {
        fc_match *m = fc_match_new(r, 3, &err);
        if (m) {
            smoke(m, fz_hash(data, size));
            fc_match_free(m);
        } else {
            FZ_CHECK(err.msg[0], "match_new failed without a message");
        }
    }
    fc_rules_free(r);
    free(text);
    return 0;
}
