/* Lua variants from bytes (fc_rules_load_variant_text: the path of `--variant` and of records,
 * which embed their variant) and a short smoke game with the variant's hooks. Input: a header
 * line "GAME [SEATS]", then the Lua text. A variant that loads must give a match that plays;
 * a clone (which re-plays the history in its own Lua state) must reach the same state, and
 * undo must go back to the states seen on the way. Script errors are clean refusals.
 * Hardening surfaces: every error message and the input itself go through fc_escape_text, whose
 * output must hold no control byte and be valid UTF-8 (what reaches a terminal); half of the
 * matches run under a small total hook budget (the replay budget), which must end in clean
 * refusals too. */
#include "fuzz_common.h" /* first: it defines _GNU_SOURCE (memmem) */

#include "formicary/escape.h"

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

/* fc_escape_text's promise: no C0 control or DEL byte, valid UTF-8 without C1 controls. */
static void check_escaped(const char *in, size_t len)
{
    size_t cap = len * 4 + 1;
    char *out = malloc(cap);
    FZ_CHECK(out, "out of memory");
    size_t n = fc_escape_text(in, len, out, cap);
    FZ_CHECK(n < cap && out[n] == '\0', "escaped text not terminated");
    for (size_t i = 0; i < n;) {
        uint32_t cp = 0;
        size_t k = fc_utf8_seq(out + i, n - i, &cp);
        FZ_CHECK(k > 0, "escaped text is not valid UTF-8 at byte %zu", i);
        FZ_CHECK(cp >= 0x20 && (cp < 0x7f || cp > 0x9f), "escaped text holds control U+%04X", (unsigned)cp);
        i += k;
    }
    free(out);
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
    check_escaped((const char *)data, size);
    if (fc_rules_load_variant_text(r, "fuzz.lua", lua, &err) != 0) {
        FZ_CHECK(err.msg[0], "variant refused without a message");
        check_escaped(err.msg, strlen(err.msg));
    } else if (fc_rules_finish(r, &err) == 0) {
        fc_match *m = fc_match_new(r, 3, &err);
        if (m) {
            if (fz_hash(data, size) & 1)
                fc_match_set_hook_budget(m, 20000000L);
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
