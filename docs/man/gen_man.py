#!/usr/bin/env python3
"""Writes formicary(1) from the program's own --help texts, so the man page is always in step
with the program: one section per subcommand listed by `formicary --help`.

usage: gen_man.py FORMICARY OUTPUT VERSION"""
import re
import subprocess
import sys


def run(exe, *args):
    r = subprocess.run([exe, *args], capture_output=True, text=True, env={"PATH": "/usr/bin:/bin"})
    if r.returncode != 0:
        sys.exit(f"gen_man.py: {exe} {' '.join(args)} exited with {r.returncode}: {r.stderr.strip()}")
    return r.stdout


def esc(line):
    line = line.replace("\\", "\\e").replace("-", "\\-")
    return ("\\&" + line) if line.startswith((".", "'")) else line


def commands(top):
    """The subcommand names of the 'commands:' section of `formicary --help`."""
    names, inside = [], False
    for line in top.splitlines():
        if line.strip() == "commands:":
            inside = True
        elif inside and not line.startswith("  "):
            break
        elif inside:
            names.append(line.split()[0])
    return names


def verbatim(text):
    out = [".nf"]
    out += [esc(line) for line in text.rstrip("\n").splitlines()]
    out.append(".fi")
    return out


def main():
    exe, output, version = sys.argv[1:4]
    top = run(exe, "--help")
    names = commands(top)
    if not names:
        sys.exit("gen_man.py: no 'commands:' section in formicary --help")
    m = [f'.TH FORMICARY 1 "" "formicary {version}" "User Commands"',
         ".SH NAME", "formicary \\- engine, simulator and workbench for insect board games",
         ".SH SYNOPSIS", ".B formicary", ".I COMMAND", "[\\fIoptions\\fR]",
         ".SH DESCRIPTION",
         "Formicary loads each game as a plugin and plays, records, replays, simulates and "
         "benchmarks it. Every command has \\fB\\-\\-help\\fR; the sections below are those texts.",
         ".PP"] + verbatim(top)
    for name in names:
        m += [".SH " + esc(f"formicary {name}".upper())] + verbatim(run(exe, name, "--help"))
    m += [".SH EXIT STATUS",
          ".TP", ".B 0", "the command did what was asked",
          ".TP", ".B 1", "it failed: a file that could not be read or written, a game that failed, a record "
          "that does not replay (one line on stderr names the file or the problem)",
          ".TP", ".B 2", "a usage error: an unknown option, agent, parameter or game, a bad value",
          ".PP", "\\fBformicary check\\fR: 0 every target of the contract met, 1 one not met, "
          "3 one still undecided after the last look, 2 an error.",
          ".SH EXAMPLES",
          ".TP", ".B formicary play marabunta",
          "play Marabunta against a medium bot in the terminal",
          ".TP", ".B formicary sim myrmes \\-\\-seats hard,hard \\-\\-games 200 \\-\\-against\\-set winter_penalty=6",
          "an A/B comparison of one house rule at equal agents, paired games, with intervals",
          ".TP", ".B formicary check termity config/termity/design.ini",
          "check a design against its balance contract (exit 0 when every target is met)",
          ".TP", ".B formicary ladder hive \\-\\-agents 'random;greedy;ab:depth=2'",
          "rate agents against each other with 95% intervals",
          ".TP", ".B formicary runs export 3 \\-\\-csv run3.csv",
          "a kept run's games as CSV",
          ".SH FILES",
          ".TP", ".I LIBDIR/formicary/", "game plugins (NAME.so), found relative to the program",
          ".TP", ".I DATADIR/formicary/", "game data (GAME/), rule sets (config/GAME/NAME.ini), "
          "house rules (scripts/GAME/NAME.lua) and formicary.ini",
          ".TP", ".I $XDG_DATA_HOME/formicary/plugins/",
          "per\\-user game plugins (default ~/.local/share/formicary/plugins)",
          ".TP", ".I $XDG_DATA_HOME/formicary/runs.db",
          "the runs database every study run is kept in (default ~/.local/share/formicary/runs.db; runs.md)",
          ".SH ENVIRONMENT",
          ".TP", ".B FORMICARY_PLUGIN_PATH", "colon\\-separated folders searched for plugins first",
          ".TP", ".B FORMICARY_CONFIG", "engine defaults file instead of the installed formicary.ini (empty: none)",
          ".TP", ".B FORMICARY_DB", "the runs database file instead of the default (set and empty: record nothing)",
          ".SH SEE ALSO", "The documentation in DATADIR/doc/formicary/ (cli.md, plugin\\-abi.md, "
          "writing\\-a\\-game.md, distributed.md, runs.md, metrics.md)."]
    with open(output, "w") as f:
        f.write("\n".join(m) + "\n")


if __name__ == "__main__":
    main()
