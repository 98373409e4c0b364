/* `formicary uhp`: the Universal Hive Protocol engine mode (H-24) on stdin/stdout, so Hive
 * viewers and arenas can drive our agents. Every answer ends with a line "ok"; a bad command is
 * answered "err ..." and an illegal move "invalidmove ...", and the session goes on.
 *
 * The game is the `hive` plugin; newgame builds a rule set for the GameTypeString (plus any
 * --set given on the command line) and replays a GameString's moves one by one, so undo can go
 * back to the start. bestmove searches with the settings of `options` (uhp_opts.c): the core's
 * alpha-beta agent `ab` (MCTS under the option Search mcts), with depth and time limits. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "formicary/textbuf.h"
#include "uhp_opts.h"

const cli_optdef cli_opts_uhp[] = {
    {"--set", "KEY=VALUE", true, "override one hive parameter for every game (e.g. draw_turns=200; the default here is 0, no limit)"},
    {"--seed", "N", false, "seed of the agents (default 1)"},
    {NULL, NULL, false, NULL},
};

#define UHP_LINE_MAX 16384
#define UHP_TEXT_MAX (4 * UHP_LINE_MAX) /* a GameString written or read back */

typedef struct uhp {
    cli *c;
    fc_context *ctx;
    fc_rules *rules;
    fc_match *m;
    uint64_t seed;
    uhp_opts opt; /* `options` */
    fc_agent *agent; /* bestmove's, kept while its spec stays the same (uhp_agent) */
    char agent_spec[160];
} uhp;

static void uhp_ok(void) { fputs("ok\n", stdout); }

static void uhp_err(const char *fmt, ...) CLI_PRINTF;
static void uhp_err(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("err ", stdout);
    vprintf(fmt, ap);
    va_end(ap);
    fputs("\n", stdout);
}

/* The GameString of the match: GameTypeString;GameStateString;TurnString;MoveString... (H-23),
 * written from the match's history (uhp matches start from the beginning: newgame replays a
 * GameString's moves). */
static int uhp_game_text(uhp *u, fc_textbuf *b, fc_error *err)
{
    fc_transcript t;
    if (fc_transcript_make(u->m, &t, err) != 0)
        return err->code;
    const fc_plugin *p = fc_rules_plugin(u->rules);
    int gt = fc_param_find(p->params, p->nparams, "game_type");
    char type[FC_PARAM_STR_MAX + 64] = "Base";
    if (gt >= 0)
        fc_param_format(&p->params[gt], &fc_rules_values(u->rules)[gt], type, sizeof type);
    size_t ply = fc_match_ply(u->m);
    const char *state = "InProgress";
    if (ply == 0) {
        state = "NotStarted";
    } else if (fc_match_to_move(u->m) == FC_NOBODY) {
        int32_t score[FC_MAX_SEATS];
        int rank[FC_MAX_SEATS];
        fc_match_scores(u->m, score, rank);
        state = rank[0] == rank[1] ? "Draw" : rank[0] == 0 ? "WhiteWins" : "BlackWins";
    }
    fc_textbuf_put(b, "%s;%s;%s[%zu]", type, state, ply % 2 ? "Black" : "White", ply / 2 + 1);
    for (size_t i = 0; i < t.n; i++)
        fc_textbuf_put(b, ";%s", t.text[i]);
    fc_transcript_free(&t);
    return 0;
}

/* The GameString in a buffer of its own with `extra` bytes to spare (NULL and err set, or
 * ENOMEM), however long the game. */
static char *uhp_game_alloc(uhp *u, size_t extra, fc_error *err)
{
    size_t n = UHP_TEXT_MAX;
    for (int pass = 0; pass < 2; pass++) {
        char *buf = malloc(n + extra);
        fc_textbuf b = {buf, n, 0};
        if (!buf) {
            fc_error_set(err, FC_ENOMEM, "out of memory");
            return NULL;
        }
        if (uhp_game_text(u, &b, err) != 0) {
            free(buf);
            return NULL;
        }
        if (b.len < n)
            return buf;
        free(buf);
        n = b.len + 1;
    }
    fc_error_set(err, FC_ERANGE, "the GameString changed while written");
    return NULL;
}

static void uhp_game_string(uhp *u)
{
    fc_error err;
    fc_error_clear(&err);
    char *buf = uhp_game_alloc(u, 0, &err);
    if (!buf)
        uhp_err("%s", err.msg);
    else
        printf("%s\n", buf);
    free(buf);
}

/* Answers a move the match refused, with the game's reason: the GameString with the move
 * appended is read as a position, whose reader names the refused move and why. */
static void uhp_invalid(uhp *u, const char *move, int code)
{
    const char *what = code == FC_EPARSE ? "is not a valid MoveString here" : "is not a legal move now";
    size_t mlen = strlen(move);
    fc_error err;
    fc_error_clear(&err);
    char *buf = uhp_game_alloc(u, mlen + 2, &err);
    const char *why = NULL;
    if (buf) {
        size_t len = strlen(buf);
        buf[len] = ';';
        memcpy(buf + len + 1, move, mlen + 1);
        fc_match *m = fc_match_new_from_position(u->rules, u->seed, buf, &err);
        fc_match_free(m);
        why = m ? NULL : strstr(err.msg, " refused: ");
    }
    if (why)
        printf("invalidmove '%s' %s: %s\n", move, what, why + 10);
    else
        printf("invalidmove '%s' %s\n", move, what);
    free(buf);
}

static void uhp_info(void)
{
    printf("id Formicary v%s\nMosquito;Ladybug;Pillbug\n", FC_VERSION);
}

/* A rule set for game type `type` with the command line's --set values. */
static fc_rules *uhp_rules(uhp *u, const char *type, fc_error *err)
{
    fc_rules *r = fc_rules_new(u->ctx, "hive", 2, err);
    if (!r)
        return NULL;
    int rc = fc_rules_set(r, "draw_turns=0", err); /* engines play on: no draw limit unless --set */
    for (int i = 0; rc == 0 && i < cli_opt_count(u->c, "--set"); i++)
        rc = fc_rules_set(r, cli_opt_at(u->c, "--set", i), err);
    char set[80];
    snprintf(set, sizeof set, "game_type=%s", type);
    if (rc == 0 && (rc = fc_rules_set(r, set, err)) != 0)
        fc_error_set(err, rc, "'%s' is not a GameTypeString (Base, Base+M, ..., Base+MLP)", type);
    return fc_rules_finish_or_free(r, rc, err);
}

static void uhp_drop(uhp *u)
{
    fc_agent_free(u->agent); /* its table holds positions of the game dropped */
    u->agent = NULL;
    fc_match_free(u->m);
    fc_rules_free(u->rules);
    u->m = NULL;
    u->rules = NULL;
}

/* newgame [GameTypeString | GameString] */
static void uhp_newgame(uhp *u, char *arg)
{
    char type[32] = "Base";
    if (arg && *arg) {
        size_t k = strcspn(arg, ";");
        if (k >= sizeof type) {
            uhp_err("'%.40s' is not a GameTypeString", arg);
            return;
        }
        memcpy(type, arg, k);
        type[k] = '\0';
    }
    fc_error err;
    fc_error_clear(&err);
    fc_rules *r = uhp_rules(u, type, &err);
    if (!r) {
        uhp_err("%s", err.msg);
        return;
    }
    fc_match *m = NULL;
    if (arg && strchr(arg, ';')) {
        /* checked whole by the game (moves, state and turn), then replayed move by move */
        fc_match *check = fc_match_new_from_position(r, u->seed, arg, &err);
        if (!check) {
            fc_rules_free(r);
            uhp_err("%s", err.msg);
            return;
        }
        fc_match_free(check);
        m = fc_match_new(r, u->seed, &err);
        char *save = NULL, *f = strtok_r(arg, ";", &save);
        for (int i = 0; m && (f = strtok_r(NULL, ";", &save)) != NULL; i++)
            if (i >= 2 && fc_match_play_text(m, f, &err) != 0) {
                fc_match_free(m);
                m = NULL;
            }
    } else {
        m = fc_match_new(r, u->seed, &err);
    }
    if (!m) {
        fc_rules_free(r);
        uhp_err("%s", err.msg);
        return;
    }
    uhp_drop(u);
    u->rules = r;
    u->m = m;
    uhp_game_string(u);
}

static bool uhp_need_game(uhp *u)
{
    if (!u->m) {
        uhp_err("no game in progress (use newgame)");
        return false;
    }
    return true;
}

static void uhp_play(uhp *u, const char *move)
{
    if (!uhp_need_game(u))
        return;
    if (!move || !*move) {
        uhp_err("play needs a MoveString");
        return;
    }
    fc_error err;
    fc_error_clear(&err);
    if (fc_match_to_move(u->m) == FC_NOBODY) {
        printf("invalidmove the game is over\n");
        return;
    }
    if (fc_match_play_text(u->m, move, &err) != 0) {
        uhp_invalid(u, move, err.code);
        return;
    }
    uhp_game_string(u);
}

static void uhp_validmoves(uhp *u)
{
    if (!uhp_need_game(u))
        return;
    if (fc_match_to_move(u->m) == FC_NOBODY) {
        uhp_err("the game is over");
        return;
    }
    const fc_decision *d;
    int n = fc_match_legal(u->m, &d, NULL);
    for (int i = 0; i < n; i++) {
        char t[64];
        fc_match_decision_text(u->m, d[i], t, sizeof t);
        printf("%s%s", i ? ";" : "", t);
    }
    printf("\n");
}

static void uhp_undo(uhp *u, const char *arg)
{
    if (!uhp_need_game(u))
        return;
    int n = 1;
    if (arg && *arg && !cli_parse_int(arg, 1, 100000, &n)) {
        uhp_err("undo: '%s' is not a number of moves", arg);
        return;
    }
    if ((size_t)n > fc_match_ply(u->m)) {
        uhp_err("undo: only %zu moves to undo", fc_match_ply(u->m));
        return;
    }
    fc_error err;
    for (int i = 0; i < n; i++)
        if (fc_match_undo(u->m, &err) != 0) {
            uhp_err("%s", err.msg);
            return;
        }
    uhp_game_string(u);
}

/* ---- bestmove: the core's agents with the options' settings ---- */

static bool parse_hms(const char *s, double *sec)
{
    int h, m, x;
    char tail;
    if (sscanf(s, "%d:%d:%d%c", &h, &m, &x, &tail) != 3 || h < 0 || m < 0 || m > 59 || x < 0 || x > 59)
        return false;
    *sec = h * 3600.0 + m * 60.0 + x;
    return true;
}

/* The limits of a bestmove: depth (0: as deep as the time allows) and seconds (less a margin
 * for the answer). */
static bool bestmove_limits(uhp *u, char *arg, int *depth, double *sec, bool *by_depth)
{
    char *save = NULL, *kind = arg ? strtok_r(arg, " \t", &save) : NULL;
    char *val = kind ? strtok_r(NULL, " \t", &save) : NULL, *extra = val ? strtok_r(NULL, " \t", &save) : NULL;
    *depth = (int)u->opt.v[UHP_DEPTH];
    *sec = u->opt.v[UHP_TIME_LIMIT];
    *by_depth = kind && strcmp(kind, "depth") == 0;
    if (*by_depth) {
        if (!val || extra || !cli_parse_int(val, 1, UHP_MAX_DEPTH, depth)) {
            uhp_err("bestmove depth: expected a depth 1..%d", UHP_MAX_DEPTH);
            return false;
        }
    } else if (kind && strcmp(kind, "time") == 0) {
        if (!val || extra || !parse_hms(val, sec) || *sec <= 0) {
            uhp_err("bestmove time: expected HH:MM:SS greater than 0");
            return false;
        }
        *depth = 0;
    } else if (kind) {
        uhp_err("bestmove: expected 'time HH:MM:SS' or 'depth N'");
        return false;
    }
    *sec = *sec > 1 ? *sec - 0.2 : *sec * 0.8;
    return true;
}

/* The agent spec of a bestmove: `ab` with the options (always for `depth N`), or MCTS under
 * Search mcts (for the time given, or MctsIterations without arguments). */
static void bestmove_spec(uhp *u, bool by_depth, int depth, double sec, char *spec, size_t n)
{
    const double *o = u->opt.v;
    char d[32] = "";
    if (depth > 0)
        snprintf(d, sizeof d, "depth=%d,", depth);
    if (by_depth || o[UHP_SEARCH] == UHP_SEARCH_AB)
        snprintf(spec, n, "ab:%stime=%.3f,threads=%.0f,hash=%.0f,quiesce=%.0f", d, sec, o[UHP_THREADS], o[UHP_HASH],
                 o[UHP_QUIESCE]);
    else if (depth == 0)
        snprintf(spec, n, "mcts:time=%.3f,c=%g,threads=%.0f", sec, o[UHP_EXPLORE], o[UHP_THREADS]);
    else
        snprintf(spec, n, "mcts:iters=%.0f,c=%g,threads=%.0f", o[UHP_ITERS], o[UHP_EXPLORE], o[UHP_THREADS]);
}

/* The agent spec of Hive's tier (config/hive/bots.ini), alpha-beta with the Threads and HashMB
 * options. */
static bool tier_spec(uhp *u, const char *tier, char *spec, size_t n, fc_error *err)
{
    if (cli_agent_spec("hive", tier, spec, n, err) != 1) {
        if (!err->msg[0])
            fc_error_set(err, FC_EINVAL, "Tier %s: Hive has no such difficulty tier", tier);
        return false;
    }
    if (strncmp(spec, "ab", 2) == 0 && (spec[2] == ':' || !spec[2])) {
        char with[256];
        snprintf(with, sizeof with, "%s:threads=%.0f,hash=%.0f", tier, u->opt.v[UHP_THREADS], u->opt.v[UHP_HASH]);
        return cli_agent_spec("hive", with, spec, n, err) == 1;
    }
    return true;
}

/* The session's agent for spec: kept from one bestmove to the next while the spec stays the
 * same (the alpha-beta table lives on), made anew when it changes. */
static fc_agent *uhp_agent(uhp *u, const char *spec, fc_error *err)
{
    if (u->agent && strcmp(spec, u->agent_spec) == 0)
        return u->agent;
    fc_agent_free(u->agent);
    u->agent = fc_agent_new(spec, u->seed, err);
    snprintf(u->agent_spec, sizeof u->agent_spec, "%s", u->agent ? spec : "");
    return u->agent;
}

static void uhp_bestmove(uhp *u, char *arg)
{
    if (!uhp_need_game(u))
        return;
    if (fc_match_to_move(u->m) == FC_NOBODY) {
        uhp_err("the game is over");
        return;
    }
    int depth;
    double sec;
    bool by_depth;
    char spec[sizeof u->agent_spec];
    if (!bestmove_limits(u, arg, &depth, &sec, &by_depth))
        return;
    fc_decision d = 0;
    fc_error err;
    fc_error_clear(&err);
    const char *tier = uhp_opts_tier(&u->opt);
    if (tier && !(arg && *arg)) {
        if (!tier_spec(u, tier, spec, sizeof spec, &err)) {
            uhp_err("%s", err.msg);
            return;
        }
    } else {
        bestmove_spec(u, by_depth, depth, sec, spec, sizeof spec);
    }
    fc_agent *a = uhp_agent(u, spec, &err);
    if (!a || fc_agent_choose(a, u->m, &d, &err) != 0) {
        uhp_err("%s", err.msg);
        return;
    }
    char t[64];
    fc_match_decision_text(u->m, d, t, sizeof t);
    printf("%s\n", t);
}

static void uhp_options(uhp *u, char *arg)
{
    char err[200];
    if (!uhp_opts_command(&u->opt, arg, err, sizeof err))
        uhp_err("%s", err);
}

/* Runs one command line; false on exit. */
static bool uhp_line(uhp *u, char *line)
{
    char *cmd = line;
    while (*cmd == ' ' || *cmd == '\t')
        cmd++;
    char *arg = cmd + strcspn(cmd, " \t");
    if (*arg) {
        *arg++ = '\0';
        while (*arg == ' ' || *arg == '\t')
            arg++;
    }
    if (!*cmd)
        return true; /* blank lines are ignored */
    if (!strcmp(cmd, "exit") && !*arg)
        return false;
    if ((!strcmp(cmd, "exit") || !strcmp(cmd, "info")) && *arg) /* like every no-argument command */
        uhp_err("%s takes no arguments", cmd);
    else if (!strcmp(cmd, "info"))
        uhp_info();
    else if (!strcmp(cmd, "newgame"))
        uhp_newgame(u, arg);
    else if (!strcmp(cmd, "play"))
        uhp_play(u, arg);
    else if (!strcmp(cmd, "pass") && !*arg)
        uhp_play(u, "pass");
    else if (!strcmp(cmd, "validmoves") && !*arg)
        uhp_validmoves(u);
    else if (!strcmp(cmd, "bestmove"))
        uhp_bestmove(u, *arg ? arg : NULL);
    else if (!strcmp(cmd, "undo"))
        uhp_undo(u, arg);
    else if (!strcmp(cmd, "options"))
        uhp_options(u, *arg ? arg : NULL);
    else
        uhp_err("unknown command '%s' (info, newgame, play, pass, validmoves, bestmove, undo, options, exit)", cmd);
    uhp_ok();
    fflush(stdout);
    return true;
}

int cli_cmd_uhp(cli *c)
{
    uhp u = {.c = c};
    uhp_opts_default(&u.opt);
    if (!cli_opt_u64(c, "--seed", 1, &u.seed))
        return CLI_EXIT_USAGE;
    u.ctx = cli_context(c, NULL, 0);
    if (!u.ctx)
        return CLI_EXIT_FAIL;
    fc_error err;
    if (!fc_context_find(u.ctx, "hive", &err)) {
        fc_context_free(u.ctx);
        return cli_fail("uhp: %s", err.msg);
    }
    uhp_info();
    uhp_ok();
    bool more = fflush(stdout) == 0;
    int rc = more ? CLI_EXIT_OK : cli_fail("write error on standard output: %s", strerror(errno));
    char *line = malloc(UHP_LINE_MAX + 1);
    long got;
    bool too_long = false;
    if (!line)
        more = false, rc = cli_fail("out of memory");
    while (more && (got = cli_read_line(stdin, line, UHP_LINE_MAX + 1, &too_long)) >= 0) {
        if (too_long || memchr(line, '\0', (size_t)got)) {
            uhp_err("line refused: NUL byte or longer than %d characters", UHP_LINE_MAX);
            uhp_ok();
        } else {
            /* a lone CR ends a command too, as in every reader of the project (docs/protocol.md) */
            for (char *p = line, *end; more && *p; p = end) {
                end = p + strcspn(p, "\r\n");
                bool last = !*end;
                if (!last)
                    *end++ = '\0';
                if (*p)
                    more = uhp_line(&u, p);
                if (last)
                    break;
            }
        }
        if (fflush(stdout) != 0) { /* nobody reads the answers: stop, and say why */
            rc = cli_fail("write error on standard output: %s", strerror(errno));
            break;
        }
    }
    clearerr(stdout); /* a write error was reported here, with its reason, not again at exit */
    free(line);
    uhp_drop(&u);
    fc_context_free(u.ctx);
    return rc;
}
