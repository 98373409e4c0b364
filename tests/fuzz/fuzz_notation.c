/* Decision notation with play, undo and chance on every game plugin (Bid Race included).
 * Input: a header line "GAME [SEATS]", then one command per line (at most FZ_LINES):
 *   !        undo; the state must equal the one recorded at that ply
 *   ?        a chance draw (when at a chance point)
 *   #N       the legal decision N (mod the count); its notation must parse back to it
 *   TEXT     the notation TEXT, parsed and played if legal (fc_match_play_text)
 * At the end every seat's view, the spectator's and the scores are built. */
#include "fuzz_common.h"

#include "formicary/view.h"

#define FZ_LINES 256

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    fz_get();
    return 0;
}

static void play_index(fc_match *m, const char *num)
{
    const fc_decision *legal = NULL;
    int n = fc_match_legal(m, &legal, NULL);
    if (n <= 0)
        return;
    fc_decision d = legal[strtoul(num, NULL, 10) % (unsigned long)n];
    char text[256];
    FZ_CHECK(fc_match_decision_text(m, d, text, sizeof text) >= 0, "no notation for legal decision %u", (unsigned)d);
    const fc_game *g = fc_match_game(m);
    fc_decision back = 0;
    FZ_CHECK(g->decision_parse(fc_match_state(m), fc_match_search_env(m), text, &back) == 0 && back == d,
             "'%s' (decision %u) parses back as %u", text, (unsigned)d, (unsigned)back);
    fc_error err;
    fc_error_clear(&err);
    FZ_CHECK(fc_match_play(m, d, &err) == 0, "legal decision '%s' refused: %s", text, err.msg);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_env *env = fz_get();
    char *text = fz_strndup(data, size);
    int nseats = 0;
    const char *rest = NULL;
    const fc_plugin *p = fz_pick_game(env, text, &nseats, &rest);
    fc_error err;
    fc_error_clear(&err);
    fc_rules *r = fc_rules_new(env->ctx, p->id, nseats, &err);
    FZ_CHECK(r && fc_rules_finish(r, &err) == 0, "rules %s %d: %s", p->id, nseats, err.msg);
    fc_match *m = fc_match_new(r, fz_hash(data, size < 8 ? size : 8), &err);
    FZ_CHECK(m, "match %s: %s", p->id, err.msg);

    uint64_t seen[FZ_LINES + 1];
    seen[0] = fc_match_state_hash(m);
    int lines = 0;
    for (char *save = NULL, *line = strtok_r((char *)rest, "\n", &save); line && lines < FZ_LINES;
         line = strtok_r(NULL, "\n", &save), lines++) {
        fc_error_clear(&err);
        size_t ply = fc_match_ply(m);
        int who = fc_match_to_move(m);
        if (strcmp(line, "!") == 0) {
            if (fc_match_undo(m, &err) == 0) {
                FZ_CHECK(fc_match_ply(m) + 1 == ply, "undo went from ply %zu to %zu", ply, fc_match_ply(m));
                FZ_CHECK(fc_match_state_hash(m) == seen[ply - 1], "undo to ply %zu gives another state", ply - 1);
            } else {
                FZ_CHECK(ply == 0, "undo refused at ply %zu: %s", ply, err.msg);
            }
            continue;
        }
        if (who == FC_NOBODY)
            continue;
        if (strcmp(line, "?") == 0) {
            if (who == FC_CHANCE)
                FZ_CHECK(fc_match_play_chance(m, &err) == 0, "chance draw failed: %s", err.msg);
        } else if (line[0] == '#' && who != FC_CHANCE) {
            play_index(m, line + 1);
        } else if (fc_match_play_text(m, line, &err) != 0) {
            FZ_CHECK(err.msg[0], "'%s' refused without a message", line);
            FZ_CHECK(fc_match_ply(m) == ply && fc_match_state_hash(m) == seen[ply], "a refused decision changed the state");
        }
        if (fc_match_ply(m) != ply) {
            FZ_CHECK(fc_match_ply(m) == ply + 1, "one decision moved from ply %zu to %zu", ply, fc_match_ply(m));
            seen[ply + 1] = fc_match_state_hash(m);
        }
    }

    fc_view *v = malloc(sizeof *v);
    if (!v)
        abort();
    for (int seat = -1; seat < nseats; seat++) {
        memset(v, 0, sizeof *v);
        fc_match_view(m, seat, v);
    }
    free(v);
    int32_t score[FC_MAX_SEATS];
    int rank[FC_MAX_SEATS];
    fc_match_scores(m, score, rank);
    fc_match_free(m);
    fc_rules_free(r);
    free(text);
    return 0;
}
