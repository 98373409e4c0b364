/* `formicary uhp`: the Universal Hive Protocol engine mode (H-24) on stdin/stdout, so Hive
 * viewers and arenas can drive our agents. Every answer ends with a line "ok"; a bad command is
 * answered "err ..." and an illegal move "invalidmove ...", and the session goes on.
 *
 * The game is the `hive` plugin; newgame builds a rule set for the GameTypeString (plus any
 * --set given on the command line) and replays a GameString's moves one by one, so undo can go
 * back to the start. bestmove runs MCTS for `time HH:MM:SS` (the whole limit minus a margin)
 * and a depth-limited alpha-beta search on the game's evaluation for `depth N`. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

const cli_optdef cli_opts_uhp[] = {
    {"--set", "KEY=VALUE", true, "override one hive parameter for every game (e.g. draw_turns=200)"},
    {"--seed", "N", false, "seed of the agents (default 1)"},
    {NULL, NULL, false, NULL},
};

#define UHP_LINE_MAX 16384
#define UHP_MAX_DEPTH 8

typedef struct uhp {
    cli *c;
    fc_context *ctx;
    fc_rules *rules;
    fc_match *m;
    uint64_t seed;
    long iters; /* option MctsIterations: bestmove without limits */
    double explore;
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
static void uhp_game_string(uhp *u)
{
    fc_error err;
    fc_error_clear(&err);
    fc_transcript t;
    if (fc_transcript_make(u->m, &t, &err) != 0) {
        uhp_err("%s", err.msg);
        return;
    }
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
    printf("%s;%s;%s[%zu]", type, state, ply % 2 ? "Black" : "White", ply / 2 + 1);
    for (size_t i = 0; i < t.n; i++)
        printf(";%s", t.text[i]);
    printf("\n");
    fc_transcript_free(&t);
}

static void uhp_info(void)
{
    printf("id Formicary %s\nMosquito;Ladybug;Pillbug\n", FC_VERSION);
}

/* A rule set for game type `type` with the command line's --set values. */
static fc_rules *uhp_rules(uhp *u, const char *type, fc_error *err)
{
    fc_rules *r = fc_rules_new(u->ctx, "hive", 2, err);
    if (!r)
        return NULL;
    int rc = 0;
    for (int i = 0; rc == 0 && i < cli_opt_count(u->c, "--set"); i++)
        rc = fc_rules_set(r, cli_opt_at(u->c, "--set", i), err);
    char set[80];
    snprintf(set, sizeof set, "game_type=%s", type);
    if (rc == 0 && (rc = fc_rules_set(r, set, err)) != 0)
        fc_error_set(err, rc, "'%s' is not a GameTypeString (Base, Base+M, ..., Base+MLP)", type);
    if (rc == 0)
        rc = fc_rules_finish(r, err);
    if (rc != 0) {
        fc_rules_free(r);
        return NULL;
    }
    return r;
}

static void uhp_drop(uhp *u)
{
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
        if (err.code == FC_EPARSE)
            printf("invalidmove '%s' is not a valid MoveString here\n", move);
        else
            printf("invalidmove '%s' is not a legal move now\n", move);
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

/* ---- alpha-beta on the game's evaluation for `bestmove depth N` ---- */

typedef struct ab {
    const fc_game *g;
    const fc_env *env;
    unsigned char *st; /* one state per ply */
    fc_decision *dec;  /* one decision list per ply */
} ab;

/* Value in [0, 1] for the seat to move at level ply, searched `depth` plies deep; at ply 0 the
 * best decision goes to *best_d. */
static double ab_search(ab *a, int ply, int depth, double alpha, double beta, fc_decision *best_d)
{
    size_t sz = a->g->state_size;
    unsigned char *st = a->st + (size_t)ply * sz, *child = st + sz;
    int who = a->g->to_move(st, a->env);
    double v[FC_MAX_SEATS];
    if (who < 0 || depth == 0) {
        a->g->evaluate(st, a->env, v);
        return v[who < 0 ? 0 : who];
    }
    fc_decision *d = a->dec + (size_t)ply * (size_t)a->g->max_decisions;
    int n = a->g->legal(st, a->env, d, NULL);
    double best = -1;
    for (int i = 0; i < n; i++) {
        memcpy(child, st, sz);
        if (a->g->apply(child, a->env, d[i]) != 0)
            continue;
        int next = a->g->to_move(child, a->env);
        double x;
        if (next < 0 || depth == 1) {
            a->g->evaluate(child, a->env, v);
            x = v[who];
        } else if (next == who) {
            x = ab_search(a, ply + 1, depth - 1, alpha, beta, NULL);
        } else {
            x = 1 - ab_search(a, ply + 1, depth - 1, 1 - beta, 1 - alpha, NULL);
        }
        if (x > best) {
            best = x;
            if (best_d)
                *best_d = d[i];
        }
        if (best > alpha)
            alpha = best;
        if (alpha >= beta)
            break;
    }
    return best;
}

static int ab_choose(uhp *u, int depth, fc_decision *out)
{
    ab a = {.g = fc_match_game(u->m), .env = fc_match_search_env(u->m)};
    size_t sz = a.g->state_size;
    if (!a.g->evaluate)
        return FC_EINVAL;
    a.st = malloc((size_t)(depth + 1) * sz);
    a.dec = malloc((size_t)depth * (size_t)a.g->max_decisions * sizeof *a.dec);
    int rc = 0;
    if (!a.st || !a.dec) {
        rc = FC_ENOMEM;
    } else {
        memcpy(a.st, fc_match_state(u->m), sz);
        ab_search(&a, 0, depth, 0, 1, out);
    }
    free(a.st);
    free(a.dec);
    return rc;
}

static bool parse_hms(const char *s, double *sec)
{
    int h, m, x;
    char tail;
    if (sscanf(s, "%d:%d:%d%c", &h, &m, &x, &tail) != 3 || h < 0 || m < 0 || m > 59 || x < 0 || x > 59)
        return false;
    *sec = h * 3600.0 + m * 60.0 + x;
    return true;
}

static void uhp_bestmove(uhp *u, char *arg)
{
    if (!uhp_need_game(u))
        return;
    if (fc_match_to_move(u->m) == FC_NOBODY) {
        uhp_err("the game is over");
        return;
    }
    char *save = NULL, *kind = arg ? strtok_r(arg, " ", &save) : NULL, *val = kind ? strtok_r(NULL, " ", &save) : NULL;
    fc_decision d;
    fc_error err;
    fc_error_clear(&err);
    char spec[128];
    if (kind && strcmp(kind, "depth") == 0) {
        int depth;
        if (!val || !cli_parse_int(val, 1, UHP_MAX_DEPTH, &depth)) {
            uhp_err("bestmove depth: expected a depth 1..%d", UHP_MAX_DEPTH);
            return;
        }
        if (ab_choose(u, depth, &d) != 0) {
            uhp_err("bestmove depth: out of memory");
            return;
        }
    } else {
        double sec = 0;
        if (kind && strcmp(kind, "time") == 0) {
            if (!val || !parse_hms(val, &sec) || sec <= 0) {
                uhp_err("bestmove time: expected HH:MM:SS greater than 0");
                return;
            }
            sec = sec > 1 ? sec - 0.2 : sec * 0.8; /* leave a margin for the answer */
            snprintf(spec, sizeof spec, "mcts:time=%.3f,c=%g", sec, u->explore);
        } else if (kind) {
            uhp_err("bestmove: expected 'time HH:MM:SS' or 'depth N'");
            return;
        } else {
            snprintf(spec, sizeof spec, "mcts:iters=%ld,c=%g", u->iters, u->explore);
        }
        fc_agent *a = fc_agent_new(spec, u->seed + fc_match_ply(u->m), &err);
        if (!a || fc_agent_choose(a, u->m, &d, &err) != 0) {
            fc_agent_free(a);
            uhp_err("%s", err.msg);
            return;
        }
        fc_agent_free(a);
    }
    char t[64];
    fc_match_decision_text(u->m, d, t, sizeof t);
    printf("%s\n", t);
}

static void uhp_options(uhp *u, char *arg)
{
    char *save = NULL, *verb = arg ? strtok_r(arg, " ", &save) : NULL;
    char *name = verb ? strtok_r(NULL, " ", &save) : NULL, *val = name ? strtok_r(NULL, " ", &save) : NULL;
    bool all = !verb;
    if (verb && strcmp(verb, "get") && strcmp(verb, "set")) {
        uhp_err("options: expected 'options', 'options get NAME' or 'options set NAME VALUE'");
        return;
    }
    if (verb && (!name || (strcmp(name, "MctsIterations") && strcmp(name, "Exploration")))) {
        uhp_err("options: unknown option '%s' (MctsIterations, Exploration)", name ? name : "");
        return;
    }
    if (verb && !strcmp(verb, "set")) {
        int iv;
        double dv;
        if (!strcmp(name, "MctsIterations")) {
            if (!val || !cli_parse_int(val, 1, 10000000, &iv)) {
                uhp_err("options set MctsIterations: expected 1..10000000");
                return;
            }
            u->iters = iv;
        } else {
            if (!val || !cli_parse_double(val, 0, 10, &dv)) {
                uhp_err("options set Exploration: expected 0..10");
                return;
            }
            u->explore = dv;
        }
    }
    if (all || !strcmp(name, "MctsIterations"))
        printf("MctsIterations;int;%ld;1000;1;10000000\n", u->iters);
    if (all || !strcmp(name, "Exploration"))
        printf("Exploration;double;%g;0.7;0;10\n", u->explore);
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
    uhp u = {.c = c, .iters = 1000, .explore = 0.7};
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
