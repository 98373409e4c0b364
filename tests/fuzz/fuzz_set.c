/* `--set KEY=VALUE` values (fc_rules_set) against every game's schema. Input: a header line
 * "GAME [SEATS]", then one assignment per line. A rule set that finishes must start a match
 * that plays, and every resolved value must format to text that parses back to itself. */
#include "fuzz_common.h"

#include "formicary/params.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    fz_get();
    return 0;
}

/* Every value formats and parses back unchanged (records rely on it). */
static void check_values(const fc_rules *r)
{
    const fc_plugin *p = fc_rules_plugin(r);
    const fc_value *v = fc_rules_values(r);
    for (int i = 0; i < p->nparams; i++) {
        char buf[FC_PARAM_STR_MAX + 64];
        fc_value back;
        fc_error err;
        fc_error_clear(&err);
        memset(&back, 0, sizeof back);
        FZ_CHECK(fc_param_format(&p->params[i], &v[i], buf, sizeof buf) >= 0, "%s: format failed", p->params[i].name);
        FZ_CHECK(fc_param_parse(&p->params[i], buf, "check", &back, &err) == 0, "%s: '%s' does not parse back: %s",
                 p->params[i].name, buf, err.msg);
        char buf2[sizeof buf];
        FZ_CHECK(fc_param_format(&p->params[i], &back, buf2, sizeof buf2) >= 0 && strcmp(buf, buf2) == 0,
                 "%s: '%s' formats back as '%s'", p->params[i].name, buf, buf2);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (fz_names_special_file(data, size))
        return 0;
    fz_env *env = fz_get();
    char *text = fz_strndup(data, size);
    int nseats = 0;
    const char *rest = NULL;
    const fc_plugin *p = fz_pick_game(env, text, &nseats, &rest);
    fc_error err;
    fc_error_clear(&err);
    fc_rules *r = fc_rules_new(env->ctx, p->id, nseats, &err);
    FZ_CHECK(r, "rules_new %s %d: %s", p->id, nseats, err.msg);
    int ok = 1;
    char *lines = strdup(rest);
    for (char *save = NULL, *line = strtok_r(lines, "\n", &save); line && ok; line = strtok_r(NULL, "\n", &save)) {
        fc_error_clear(&err);
        if (fc_rules_set(r, line, &err) != 0) {
            FZ_CHECK(err.msg[0], "--set '%s' refused without a message", line);
            ok = 0;
        }
    }
    free(lines);
    free(text);
    if (ok && fc_rules_finish(r, &err) == 0) {
        check_values(r);
        fc_match *m = fc_match_new(r, 7, &err);
        if (m) {
            fz_play_some(m, 30, fz_hash(data, size));
            fc_match_free(m);
        }
    }
    fc_rules_free(r);
    return 0;
}
