/* Positions from bytes (fc_match_new_from_position: `play --position`, the shell's `setup`,
 * `sim --position` and the position block of records). The first byte picks the game (low
 * nibble, modulo the games that read positions, sorted by id) and the seats (high nibble,
 * modulo the game's range, from its minimum); the rest is the position text, after optional
 * "%set KEY=VALUE" lines for the rule set (input_rules). Any text is refused with a message
 * or read. A position that reads must write back to text that reads to
 * the same state bytes and writes to the same text again (a reader that accepts what its writer
 * cannot reproduce is a finding), and the match must go on: a few legal decisions (seats to
 * move must have one), the round trip again from where they lead, then undo back to the read
 * position. */
#include "fuzz_common.h"

#include "formicary/game.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FZ_SEED 7u
#define FZ_PLIES 12

/* The games that read positions and a rule set per seat count, made once (read-only after). */
typedef struct fz_pos_env {
    fz_env *env;
    int n;
    const fc_plugin *games[FZ_MAX_GAMES];
    fc_rules *rules[FZ_MAX_GAMES][FC_MAX_SEATS + 1];
    int verbose; /* FZ_VERBOSE set: say on stderr what each input did (to check a corpus) */
} fz_pos_env;

/* The game's default rule set for nseats, finished; NULL if refused. */
static fc_rules *make_rules(fz_env *env, const fc_plugin *p, int nseats)
{
    fc_error err;
    fc_error_clear(&err);
    fc_rules *r = fc_rules_new(env->ctx, p->id, nseats, &err);
    if (r && fc_rules_finish(r, &err) != 0) {
        fc_rules_free(r);
        r = NULL;
    }
    return r;
}

static fz_pos_env *pos_env(void)
{
    static fz_pos_env *pe;
    if (pe)
        return pe;
    if (!(pe = calloc(1, sizeof *pe)))
        fz_die("position env", "out of memory");
    pe->env = fz_get();
    pe->verbose = getenv("FZ_VERBOSE") != NULL;
    for (int i = 0; i < pe->env->ngames; i++) {
        const fc_plugin *p = pe->env->games[i];
        fc_error err;
        fc_error_clear(&err);
        fc_rules *r = make_rules(pe->env, p, p->min_seats);
        fc_match *m = r ? fc_match_new(r, FZ_SEED, &err) : NULL;
        bool has = m && fc_match_has_positions(m);
        fc_match_free(m);
        fc_rules_free(r);
        if (!has)
            continue;
        for (int s = p->min_seats; s <= p->max_seats && s <= FC_MAX_SEATS; s++)
            pe->rules[pe->n][s] = make_rules(pe->env, p, s); /* NULL: seats refused */
        pe->games[pe->n++] = p;
    }
    if (pe->n == 0)
        fz_die(FZ_PLUGIN_DIR, "no game plugin reads positions");
    return pe;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    pos_env();
    return 0;
}

/* Writes m's position into a new buffer (caller frees); aborts if the writer fails. */
static char *write_position(const fc_match *m, const char *what)
{
    size_t cap = (size_t)FC_POSITION_MAX * 4;
    char *buf = malloc(cap);
    if (!buf)
        abort();
    fc_error err;
    fc_error_clear(&err);
    int n = fc_match_position_write(m, buf, cap, &err);
    FZ_CHECK(n >= 0 && (size_t)n < cap, "%s: the position does not write: %s", what, err.msg);
    FZ_CHECK(strlen(buf) == (size_t)n, "%s: position_write returned %d for %zu bytes", what, n, strlen(buf));
    return buf;
}

/* Position text -> state -> text -> state: the same state bytes, the same text. */
static void round_trip(const fc_rules *rules, const fc_match *m, const char *what)
{
    char *out = write_position(m, what);
    fc_error err;
    fc_error_clear(&err);
    fc_match *m2 = fc_match_new_from_position(rules, FZ_SEED, out, &err);
    FZ_CHECK(m2, "%s: the written position does not read: %s\n%s", what, err.msg, out);
    size_t sz = fc_match_game(m)->state_size;
    const unsigned char *a = fc_match_state(m), *b = fc_match_state(m2);
    size_t at = 0;
    while (at < sz && a[at] == b[at])
        at++;
    FZ_CHECK(at == sz, "%s: the written position reads to other state bytes (first at offset %zu of %zu)\n%s", what,
             at, sz, out);
    char *out2 = write_position(m2, what);
    FZ_CHECK(strcmp(out, out2) == 0, "%s: the position writes differently once read back:\n%s\n---\n%s", what, out,
             out2);
    free(out2);
    free(out);
    fc_match_free(m2);
}

/* FZ_VERBOSE: the decisions played from the position, in notation (to replay a finding with
 * the shell's setup and play). */
static void print_decisions(const fc_match *m)
{
    fc_transcript t;
    fc_error err;
    fc_error_clear(&err);
    if (fc_transcript_make(m, &t, &err) != 0) {
        fprintf(stderr, "fuzz_position: no transcript: %s\n", err.msg);
        return;
    }
    for (size_t i = 0; i < t.n; i++)
        fprintf(stderr, "fuzz_position: ply %zu seat %d: %s\n", i + 1, t.seat[i], t.text[i]);
    fc_transcript_free(&t);
}

/* Leading "%set KEY=VALUE" lines (as --set) make a rule set of their own for this input: some
 * positions exist only under other parameters (Hive's game type, Termity's neutral mounds).
 * Returns the rule set to read into (*own: the one made here, NULL if the cached one), or NULL
 * if a line or the rule set is refused; *body points after the lines. */
static const fc_rules *input_rules(fz_pos_env *pe, int gi, int seats, const char *text, const char **body,
                                   fc_rules **own)
{
    *own = NULL;
    *body = text;
    if (strncmp(text, "%set ", 5) != 0)
        return pe->rules[gi][seats];
    fc_error err;
    fc_error_clear(&err);
    fc_rules *r = fc_rules_new(pe->env->ctx, pe->games[gi]->id, seats, &err);
    while (r && strncmp(*body, "%set ", 5) == 0) {
        size_t len = strcspn(*body, "\n");
        char *line = fz_strndup((const uint8_t *)*body + 5, len - 5);
        fc_error_clear(&err);
        int rc = fc_rules_set(r, line, &err);
        FZ_CHECK(rc == 0 || err.msg[0], "--set '%s' refused without a message", line);
        free(line);
        *body += len + ((*body)[len] == '\n');
        if (rc != 0) {
            fc_rules_free(r);
            r = NULL;
        }
    }
    if (r && fc_rules_finish(r, &err) != 0) {
        fc_rules_free(r);
        r = NULL;
    }
    *own = r;
    return r;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    fz_pos_env *pe = pos_env();
    int gi = (data[0] & 15) % pe->n;
    const fc_plugin *p = pe->games[gi];
    int seats = p->min_seats + (data[0] >> 4) % (p->max_seats - p->min_seats + 1);
    if (seats > FC_MAX_SEATS || !pe->rules[gi][seats])
        return 0;
    char *text = fz_strndup(data + 1, size - 1);
    const char *body = NULL;
    fc_rules *own = NULL;
    const fc_rules *rules = input_rules(pe, gi, seats, text, &body, &own);
    if (!rules) {
        free(text);
        return 0;
    }
    fc_error err;
    fc_error_clear(&err);
    fc_match *m = fc_match_new_from_position(rules, FZ_SEED, body, &err);
    free(text);
    if (!m) {
        FZ_CHECK(err.msg[0], "%s: a refused position without a message", p->id);
        if (pe->verbose)
            fprintf(stderr, "fuzz_position: %s %d seats: refused: %s\n", p->id, seats, err.msg);
        fc_rules_free(own);
        return 0;
    }
    if (pe->verbose)
        fprintf(stderr, "fuzz_position: %s %d seats%s: read\n", p->id, seats, own ? " (own rules)" : "");
    round_trip(rules, m, "read");

    /* The match goes on from the position, and undo returns to it. */
    uint64_t before = fc_match_state_hash(m);
    int played = fz_play_some(m, FZ_PLIES, fz_hash(data, size));
    if (pe->verbose)
        print_decisions(m);
    if (played == 0) {
        round_trip(rules, m, "after play");
        while (fc_match_ply(m) > 0)
            FZ_CHECK(fc_match_undo(m, &err) == 0, "undo: %s", err.msg);
        FZ_CHECK(fc_match_state_hash(m) == before, "undo does not restore the read position");
    }
    fc_match_free(m);
    fc_rules_free(own);
    return 0;
}
