/* `formicary shell GAME`: the line protocol of docs/protocol.md. One command per input line,
 * exactly one response per command ("ok", "error: ...", one JSON value, or for `position` the
 * line "ok position N" and N lines of text); `setup` alone reads the lines up to "end" as a
 * position. Errors never end the session. */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "formicary/rules_text.h"
#include "formicary/rng.h"
#include "formicary/view.h"

const cli_optdef cli_opts_shell[] = {
    {"--seats", "N", false, "number of players of the first match (default: the game's minimum)"},
    {"--seed", "N", false, "seed of the first match (default 1)"},
    {"--set", "KEY=VALUE", true, "override one parameter (for every match of the session)"},
    {"--rules", "F.ini|NAME", false, "rule set: a file, or a shipped one by name (config/GAME/NAME.ini)"},
    {"--variant", "F.lua", false, "Lua variant"},
    {NULL, NULL, false, NULL},
};

typedef cli_shell shell;

/* Longer input lines are refused (no command needs more; a record path is at most PATH_MAX). */
#define SHELL_LINE_MAX 65536
#define SHELL_LINE_MAX_TEXT "65536"
#define SHELL_POSITION_MAX_TEXT "65536"
_Static_assert(FC_POSITION_MAX == 65536, "SHELL_POSITION_MAX_TEXT is FC_POSITION_MAX");

static const char *const shell_commands[] = {"new",  "legal", "play", "chance", "agent",    "undo",  "state", "view",
                                             "log",  "save",  "load", "rules",  "position", "setup", "help",  "quit"};

static int shell_ok(void) { return fputs("ok\n", stdout) < 0; }

/* Error messages are one line whatever the core put in them. */
static int shell_error(const char *msg)
{
    fputs("error: ", stdout);
    for (const char *p = msg; *p; p++)
        fputc(*p == '\n' || *p == '\r' ? ' ' : *p, stdout);
    fputc('\n', stdout);
    return 0;
}

static int shell_err(const fc_error *err, const char *fallback)
{
    return shell_error(err->msg[0] ? err->msg : fallback);
}

/* Replaces the match (and the rules when nseats changes) after a successful build only. */
static int shell_new(shell *s, const char *args)
{
    fc_error err;
    fc_error_clear(&err);
    int nseats = fc_rules_nseats(s->rules);
    uint64_t seed = fc_match_seed(s->m);
    char a[64] = "", b[64] = "", extra[8] = "";
    int n = sscanf(args, "%63s %63s %7s", a, b, extra);
    if (n >= 1 && !cli_parse_int(a, 1, FC_MAX_SEATS, &nseats))
        return shell_error("new: SEATS must be a number of players");
    if (n >= 2 && !cli_parse_u64(b, &seed))
        return shell_error("new: SEED must be a non-negative integer");
    if (n >= 3)
        return shell_error("new: usage: new [SEATS] [SEED]");
    fc_rules *rules = s->rules;
    if (nseats != fc_rules_nseats(s->rules) &&
        !(rules = cli_rules_err(s->c, s->ctx, fc_rules_plugin(s->rules)->id, nseats, &err)))
        return shell_err(&err, "cannot build the rule set");
    fc_match *m = fc_match_new(rules, seed, &err);
    if (!m) {
        if (rules != s->rules)
            fc_rules_free(rules);
        return shell_err(&err, "cannot create the match");
    }
    fc_match_free(s->m);
    if (rules != s->rules)
        fc_rules_free(s->rules);
    s->m = m;
    s->rules = rules;
    return shell_ok();
}

static void shell_played(shell *s, int seat, const char *text)
{
    cli_json_obj(&s->j);
    cli_json_key(&s->j, "seat");
    cli_json_int(&s->j, seat);
    cli_json_key(&s->j, "notation");
    cli_json_str(&s->j, text);
    cli_json_key(&s->j, "ply");
    cli_json_int(&s->j, (long long)fc_match_ply(s->m));
    cli_json_end_obj(&s->j);
    fputc('\n', stdout);
}

static int shell_chance(shell *s)
{
    fc_error err;
    fc_error_clear(&err);
    char text[256];
    if (fc_match_to_move(s->m) != FC_CHANCE)
        return shell_error("chance: not at a chance point");
    if (cli_play_chance(s->m, text, sizeof text, &err) != 0)
        return shell_err(&err, "chance failed");
    shell_played(s, FC_CHANCE, text);
    return 0;
}

/* The agent is created per call and seeded from (match seed, ply), so a session replays the
 * same way. At a chance point the match's own stream decides, as in `chance`. */
static int shell_agent(shell *s, const char *spec)
{
    int who = fc_match_to_move(s->m);
    if (!*spec)
        return shell_error("agent: usage: agent SPEC");
    if (who == FC_NOBODY)
        return shell_error("agent: the game is over");
    fc_error err;
    fc_error_clear(&err);
    uint64_t mix[2] = {fc_match_seed(s->m), (uint64_t)fc_match_ply(s->m)};
    fc_agent *a = fc_agent_new(spec, fc_hash64(mix, sizeof mix, 0x7368656c6cu), &err);
    if (!a)
        return shell_err(&err, "bad agent spec");
    if (who == FC_CHANCE) {
        fc_agent_free(a);
        return shell_chance(s);
    }
    fc_decision d = 0;
    char text[256];
    int rc = fc_agent_choose(a, s->m, &d, &err);
    fc_agent_free(a);
    if (rc != 0)
        return shell_err(&err, "the agent failed");
    if (fc_match_decision_text(s->m, d, text, sizeof text) < 0)
        snprintf(text, sizeof text, "#%u", (unsigned)d);
    if (fc_match_play(s->m, d, &err) != 0)
        return shell_err(&err, "illegal decision");
    shell_played(s, who, text);
    return 0;
}

static int shell_view(shell *s, const char *args)
{
    int seat = -1;
    int nseats = fc_rules_nseats(s->rules);
    if (*args && !cli_parse_int(args, -1, nseats - 1, &seat)) {
        char msg[96];
        snprintf(msg, sizeof msg, "view: SEAT must be -1 (spectator) or 0..%d", nseats - 1);
        return shell_error(msg);
    }
    memset(s->view, 0, sizeof *s->view);
    fc_match_view(s->m, seat, s->view);
    cli_json_view(&s->j, s->view);
    fputc('\n', stdout);
    return 0;
}

static void shell_log(shell *s)
{
    size_t n = fc_match_event_count(s->m);
    cli_json_arr(&s->j);
    for (size_t i = 0; i < n; i++) {
        const fc_match_event *e = fc_match_event_get(s->m, i);
        if (!e || e->audience != FC_ALL_SEATS)
            continue;
        char text[sizeof e->text + 1];
        memcpy(text, e->text, sizeof e->text);
        text[sizeof e->text] = 0;
        cli_json_obj(&s->j);
        cli_json_key(&s->j, "ply");
        cli_json_int(&s->j, (long long)e->ply);
        cli_json_key(&s->j, "text");
        cli_json_str(&s->j, text);
        cli_json_end_obj(&s->j);
    }
    cli_json_end_arr(&s->j);
    fputc('\n', stdout);
}

static int shell_load(shell *s, const char *path)
{
    fc_error err;
    fc_error_clear(&err);
    fc_rules *rules = NULL;
    fc_match *m = NULL;
    fc_record_info *info = calloc(1, sizeof *info);
    if (!info)
        return shell_error("out of memory");
    int rc = fc_record_load(s->ctx, path, &rules, &m, info, &err);
    free(info);
    if (rc != 0)
        return shell_err(&err, "invalid record");
    fc_match_free(s->m);
    fc_rules_free(s->rules);
    s->m = m;
    s->rules = rules;
    return shell_ok();
}

/* `rules [ID|TOPIC]`: {"topic":…,"text":…} from the game's rules text; without an argument the
 * current phase's rules (the game's phase_topic), else the glossary. */
static int shell_rules(shell *s, const char *args)
{
    const fc_plugin *p = fc_rules_plugin(s->rules);
    const char *text = fc_plugin_rules_text(p);
    if (!text)
        return shell_error("rules: this game carries no rules text");
    const char *topic = *args ? args : fc_match_phase_topic(s->m);
    fc_rules_span span;
    int rc = topic ? fc_rules_text_find(text, topic, &span) : fc_rules_text_glossary(text, &span);
    if (rc != 0) {
        char hint[64], msg[256];
        if (fc_rules_text_suggest(text, topic, hint, sizeof hint) == 0)
            snprintf(msg, sizeof msg, "rules: no rule or topic '%.80s'; did you mean '%s'?", topic, hint);
        else
            snprintf(msg, sizeof msg, "rules: no rule or topic '%.80s'", topic);
        return shell_error(msg);
    }
    char *copy = malloc(span.len + 1);
    if (!copy)
        return shell_error("out of memory");
    memcpy(copy, span.start, span.len);
    copy[span.len] = '\0';
    cli_json_obj(&s->j);
    cli_json_key(&s->j, "topic");
    cli_json_str(&s->j, topic ? topic : "glossary");
    cli_json_key(&s->j, "text");
    cli_json_str(&s->j, copy);
    cli_json_end_obj(&s->j);
    fputc('\n', stdout);
    free(copy);
    return 0;
}

/* `position`: "ok position N" and the N lines of the current position (docs/protocol.md);
 * `position json`: {"game":…,"ply":…,"position":"…"} on one line. */
static int shell_position(shell *s, const char *args)
{
    bool json = strcmp(args, "json") == 0;
    if (*args && !json)
        return shell_error("position: usage: position [json]");
    fc_error err;
    fc_error_clear(&err);
    char *buf = malloc(FC_POSITION_MAX);
    if (!buf)
        return shell_error("out of memory");
    int len = fc_match_position_write(s->m, buf, FC_POSITION_MAX, &err);
    if (len < 0) {
        free(buf);
        char msg[FC_ERROR_MSG_MAX + 16];
        snprintf(msg, sizeof msg, "position: %s", err.msg[0] ? err.msg : "cannot write the position");
        return shell_error(msg);
    }
    if (json) {
        cli_json_obj(&s->j);
        cli_json_key(&s->j, "game");
        cli_json_str(&s->j, fc_rules_plugin(s->rules)->id);
        cli_json_key(&s->j, "ply");
        cli_json_int(&s->j, (long long)fc_match_ply(s->m));
        cli_json_key(&s->j, "position");
        cli_json_str(&s->j, buf);
        cli_json_end_obj(&s->j);
        fputc('\n', stdout);
    } else {
        /* one line per line of the text; a line end inside it is always "\n" */
        int lines = 0;
        for (int i = 0; i < len; i++)
            lines += buf[i] == '\n' || buf[i] == '\r';
        bool open_end = len > 0 && buf[len - 1] != '\n';
        printf("ok position %d\n", lines + open_end);
        for (int i = 0; i < len; i++)
            fputc(buf[i] == '\r' ? '\n' : buf[i], stdout);
        if (open_end)
            fputc('\n', stdout);
    }
    free(buf);
    return 0;
}

/* A new match of the session's rules and seed at the position text. */
static int shell_setup_text(shell *s, const char *text)
{
    fc_error err;
    fc_error_clear(&err);
    fc_match *m = fc_match_new_from_position(s->rules, fc_match_seed(s->m), text, &err);
    if (!m) {
        char msg[FC_ERROR_MSG_MAX + 16];
        snprintf(msg, sizeof msg, "setup: %s", err.msg[0] ? err.msg : "the game refused the position");
        return shell_error(msg);
    }
    fc_match_free(s->m);
    s->m = m;
    return shell_ok();
}

/* One line of a `setup` block: "end" reads the block, anything else is position text. */
static void shell_setup_line(shell *s, const char *line)
{
    const char *t = line + strspn(line, " \t");
    size_t n = strlen(t);
    while (n && isspace((unsigned char)t[n - 1]))
        n--;
    if (n == 3 && strncmp(t, "end", 3) == 0) {
        if (s->setup_refused) {
            char msg[160];
            snprintf(msg, sizeof msg, "setup: %s", s->setup_refused);
            shell_error(msg);
        } else
            shell_setup_text(s, s->setup);
        free(s->setup);
        s->setup = NULL;
        return;
    }
    size_t len = strlen(line);
    while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
        len--;
    if (!s->setup_refused && s->setup_len + len + 1 > FC_POSITION_MAX)
        s->setup_refused = "the position is longer than " SHELL_POSITION_MAX_TEXT " bytes";
    if (s->setup_refused)
        return;
    memcpy(s->setup + s->setup_len, line, len);
    s->setup_len += len;
    s->setup[s->setup_len++] = '\n';
    s->setup[s->setup_len] = '\0';
}

/* `setup` alone opens a block read up to a line `end`; `setup TEXT` is a one-line position
 * (a Hive GameString). */
static int shell_setup(shell *s, const char *args)
{
    if (*args)
        return shell_setup_text(s, args);
    if (!(s->setup = malloc(FC_POSITION_MAX + 1)))
        return shell_error("out of memory");
    s->setup[0] = '\0';
    s->setup_len = 0;
    s->setup_refused = NULL;
    return 0; /* the block's response comes after its end */
}

void cli_shell_finish(cli_shell *s)
{
    if (!s->setup)
        return;
    shell_error("setup: the input ended before the 'end' line of the position");
    free(s->setup);
    s->setup = NULL;
}

/* Splits a line into its command word and argument, both trimmed; false for a blank line or a
 * comment, which get no response. */
static bool shell_split(char *line, char **cmd, char **args)
{
    size_t len = strlen(line);
    while (len && isspace((unsigned char)line[len - 1]))
        line[--len] = 0;
    while (isspace((unsigned char)*line))
        line++;
    if (!*line || *line == '#')
        return false;
    char *a = line + strcspn(line, " \t");
    if (*a)
        *a++ = 0;
    while (isspace((unsigned char)*a))
        a++;
    *cmd = line;
    *args = a;
    return true;
}

static void shell_play(shell *s, const char *args)
{
    fc_error err;
    fc_error_clear(&err);
    if (!*args)
        shell_error("play: usage: play NOTATION");
    else if (fc_match_to_move(s->m) == FC_NOBODY)
        shell_error("play: the game is over");
    else if (fc_match_play_text(s->m, args, &err) != 0)
        shell_err(&err, "illegal decision");
    else
        shell_ok();
}

/* save FILE, load FILE. */
static void shell_file(shell *s, const char *cmd, const char *args)
{
    fc_error err;
    fc_error_clear(&err);
    if (!*args)
        shell_error(cmd[0] == 's' ? "save: usage: save FILE" : "load: usage: load FILE");
    else if (cmd[0] == 'l')
        shell_load(s, args);
    else if (fc_record_save(s->m, NULL, args, &err) != 0)
        shell_err(&err, "cannot save");
    else
        shell_ok();
}

static void shell_help(shell *s)
{
    cli_json_arr(&s->j);
    for (size_t i = 0; i < sizeof shell_commands / sizeof shell_commands[0]; i++)
        cli_json_str(&s->j, shell_commands[i]);
    cli_json_end_arr(&s->j);
    fputc('\n', stdout);
}

/* A command that is unknown, or known but refusing the argument it was given. */
static void shell_refused(const char *cmd)
{
    bool known = false;
    for (size_t i = 0; i < sizeof shell_commands / sizeof shell_commands[0]; i++)
        known |= strcmp(cmd, shell_commands[i]) == 0;
    char msg[160];
    if (known)
        snprintf(msg, sizeof msg, "%s takes no arguments", cmd);
    else
        snprintf(msg, sizeof msg, "unknown command '%.64s' (try help)", cmd);
    shell_error(msg);
}

bool cli_shell_line(cli_shell *s, char *line)
{
    if (s->setup) {
        shell_setup_line(s, line);
        return true;
    }
    char *cmd, *args;
    if (!shell_split(line, &cmd, &args))
        return true;
    fc_error err;
    fc_error_clear(&err);
    bool noargs = !*args;

    if (strcmp(cmd, "quit") == 0 && noargs) {
        shell_ok();
        return false;
    } else if (strcmp(cmd, "new") == 0) {
        shell_new(s, args);
    } else if (strcmp(cmd, "legal") == 0 && noargs) {
        cli_json_legal(&s->j, s->m);
        fputc('\n', stdout);
    } else if (strcmp(cmd, "play") == 0) {
        shell_play(s, args);
    } else if (strcmp(cmd, "chance") == 0 && noargs) {
        shell_chance(s);
    } else if (strcmp(cmd, "agent") == 0) {
        shell_agent(s, args);
    } else if (strcmp(cmd, "undo") == 0 && noargs) {
        if (fc_match_undo(s->m, &err) != 0)
            shell_err(&err, "nothing to undo");
        else
            shell_ok();
    } else if (strcmp(cmd, "state") == 0 && noargs) {
        cli_json_state(&s->j, s->m);
        fputc('\n', stdout);
    } else if (strcmp(cmd, "view") == 0) {
        shell_view(s, args);
    } else if (strcmp(cmd, "log") == 0 && noargs) {
        shell_log(s);
    } else if (strcmp(cmd, "rules") == 0) {
        shell_rules(s, args);
    } else if (strcmp(cmd, "position") == 0) {
        shell_position(s, args);
    } else if (strcmp(cmd, "setup") == 0) {
        shell_setup(s, args);
    } else if (strcmp(cmd, "save") == 0 || strcmp(cmd, "load") == 0) {
        shell_file(s, cmd, args);
    } else if (strcmp(cmd, "help") == 0 && noargs) {
        shell_help(s);
    } else {
        shell_refused(cmd);
    }
    return true;
}

int cli_cmd_shell(cli *c)
{
    int nseats = 0;
    uint64_t seed = 1;
    if (!cli_opt_int(c, "--seats", 1, FC_MAX_SEATS, 0, &nseats) || !cli_opt_u64(c, "--seed", 1, &seed))
        return CLI_EXIT_USAGE;
    shell s;
    memset(&s, 0, sizeof s);
    s.c = c;
    int rc = CLI_EXIT_OK;
    fc_error err;
    fc_error_clear(&err);
    if (!(s.ctx = cli_context(c, NULL, 0)))
        return CLI_EXIT_FAIL;
    if (!(s.view = malloc(sizeof *s.view))) {
        rc = cli_fail("out of memory");
    } else if (!(s.rules = cli_rules(c, s.ctx, c->pos[0], nseats))) {
        rc = CLI_EXIT_FAIL;
    } else if (!(s.m = fc_match_new(s.rules, seed, &err))) {
        rc = cli_fail("%s", err.msg);
    } else {
        cli_json_init(&s.j, stdout);
        char *line = malloc(SHELL_LINE_MAX + 1);
        long got;
        bool more = line != NULL, too_long = false;
        if (!line)
            rc = cli_fail("out of memory");
        while (more && (got = cli_read_line(stdin, line, SHELL_LINE_MAX + 1, &too_long)) >= 0) {
            if (s.setup && (memchr(line, '\0', (size_t)got) || too_long)) {
                /* inside a setup block: no response before its end */
                if (!s.setup_refused)
                    s.setup_refused = too_long
                                          ? "the position is longer than " SHELL_POSITION_MAX_TEXT " bytes"
                                          : "the position contains a NUL byte";
            } else if (too_long) {
                shell_error("line longer than " SHELL_LINE_MAX_TEXT " bytes");
            } else if (memchr(line, '\0', (size_t)got)) {
                shell_error("the line contains a NUL byte");
            } else {
                /* a lone CR ends a command too, as in every reader of the project; empty
                 * lines go through (they count as lines of a setup block) */
                for (char *p = line, *end; more && *p; p = end) {
                    end = p + strcspn(p, "\r\n");
                    bool last = !*end;
                    if (!last) {
                        bool crlf = end[0] == '\r' && end[1] == '\n';
                        *end++ = '\0';
                        end += crlf;
                    }
                    more = cli_shell_line(&s, p);
                    if (last)
                        break;
                }
            }
            /* exactly one flushed response per command; nobody reading it ends the session */
            if (fflush(stdout) != 0) {
                rc = cli_fail("write error on standard output: %s", strerror(errno));
                clearerr(stdout); /* reported here, with its reason, not again at exit */
                break;
            }
        }
        free(line);
        if (more)
            cli_shell_finish(&s);
        else
            free(s.setup);
    }
    if (s.m)
        fc_match_free(s.m);
    if (s.rules)
        fc_rules_free(s.rules);
    free(s.view);
    fc_context_free(s.ctx);
    return rc;
}
