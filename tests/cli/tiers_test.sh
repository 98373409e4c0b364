#!/usr/bin/env bash
# End-to-end tests of the difficulty tiers (config/GAME/bots.ini, docs/cli.md "Difficulty
# tiers"): tier names in sim, play, ladder and tune seat lists become the tier's agent (with
# the seat's extra options), `rules GAME` lists them, `play GAME` without --seats seats the user
# against medium bots, and a tier name where a game has none or a misspelt one is one line.
# usage: tiers_test.sh FORMICARY PLUGIN_DIR FIXTURE_DIR
set -u
EXE=$1
PLUGINS=$2
FIX=$3
SRC=$(cd "$(dirname "$0")/../.." && pwd)
export FORMICARY_PLUGIN_PATH=$PLUGINS:$FIX
export FORMICARY_CONFIG=
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

fails=0
n=0
pass() { n=$((n + 1)); echo "ok $n - $1"; }
fail() { n=$((n + 1)); fails=$((fails + 1)); echo "not ok $n - $1"; sed 's/^/#   /' "$TMP/out" "$TMP/err" | head -30; }
check() { local d=$1; shift; if "$@"; then pass "$d"; else fail "$d"; fi; }
fc() { "$EXE" "$@" >"$TMP/out" 2>"$TMP/err" </dev/null; rc=$?; }
has() { grep -Eq -- "$1" "$TMP/${2:-out}"; }
one_line_err() { [ "$(wc -l <"$TMP/err")" -eq 1 ] && has '^formicary: ' err; }
tier() { sed -n "/^\[$2\]/,/^\[/s/^agent = //p" "$SRC/config/$1/bots.ini"; }

EASY=$(tier marabunta easy)
MEDIUM=$(tier marabunta medium)
HARD=$(tier marabunta hard)
check "marabunta's bots.ini names an agent per tier" eval '[ -n "$EASY" ] && [ -n "$MEDIUM" ] && [ -n "$HARD" ]'

fc rules marabunta
check "rules lists the four tiers with their agents" eval '[ $rc -eq 0 ] && has "^difficulty tiers" && has "^  easy +$EASY " && has "^  medium +$MEDIUM " && has "^  hard " && has "^  expert "'

fc sim marabunta --seats easy,hard --games 2 --record-dir "$TMP/rec"
check "sim: tiers play their agents" eval '[ $rc -eq 0 ] && has " $EASY " && has " $HARD "'
check "sim: records name the agents, not the tiers" eval 'grep -qx "agent [12] $EASY" "$TMP"/rec/*.fcr && ! grep -q "^agent [12] easy" "$TMP"/rec/*.fcr'

fc sim marabunta --seats easy:seed=7,random --games 1 --json -
check "sim: a tier with extra options keeps the tier's own" eval '[ $rc -eq 0 ] && has "$EASY,seed=7"'

fc sim marabunta --seats hardd,easy --games 1
check "sim: a misspelt tier is one line with a suggestion" eval '[ $rc -eq 2 ] && one_line_err && has "unknown agent .hardd." err && has "did you mean .hard.\?" err && has "easy, medium, hard, expert" err'

fc sim bidrace --seats medium,random --games 1
check "sim: a tier in a game without tiers is one line" eval '[ $rc -eq 2 ] && one_line_err && has "difficulty tier, but bidrace has none" err'

fc ladder marabunta --agents 'easy;random' --games 2
check "ladder: tiers shown with their agents" eval '[ $rc -eq 0 ] && has "easy \($EASY\)"'

fc play marabunta --ui text --seed 3 --record "$TMP/p.fcr"
check "play without --seats: you against the medium bot" eval 'grep -qx "agent 1 human" "$TMP/p.fcr" && grep -qx "agent 2 $MEDIUM" "$TMP/p.fcr"'

fc play bidrace --ui text --seed 3 --record "$TMP/b.fcr"
check "play without --seats, a game without tiers: you against mcts" eval 'grep -qx "agent 1 human" "$TMP/b.fcr" && grep -qx "agent 2 mcts" "$TMP/b.fcr"'

fc play marabunta --seats human,legend
check "play: an unknown tier lists the tiers" eval '[ $rc -eq 2 ] && one_line_err && has "unknown agent .legend." err && has "expert" err'

fc sim marabunta --rules bots --games 1
check "bots.ini is not a rule set" eval '[ $rc -ne 0 ] && one_line_err && has "no shipped marabunta rule set" err && ! has "shipped: .*bots" err'

# ---- --opening: random first decisions drawn from the game's seed (varied openings for ab) ----
moves() { sed -n '/^decisions$/,$p' "$1" | grep -E '^[0-9]+ ' | head -"$2"; }
fc sim hive --seats ab:depth=1,ab:depth=1 --games 3 --record-dir "$TMP/o0"
check "sim without --opening: deterministic agents play one game again and again" eval '[ $rc -eq 0 ] && [ "$(moves "$TMP/o0/game-00001.fcr" 40)" = "$(moves "$TMP/o0/game-00003.fcr" 40)" ]'
fc sim hive --seats ab:depth=1,ab:depth=1 --games 3 --opening 4 --record-dir "$TMP/o4"
check "sim --opening 4: other games" eval '[ $rc -eq 0 ] && has "^openings: the first 4 decisions" && [ "$(moves "$TMP/o4/game-00001.fcr" 40)" != "$(moves "$TMP/o4/game-00003.fcr" 40)" ]'
fc sim hive --seats random,ab:depth=2 --games 1 --opening 4 --record-dir "$TMP/o4b"
check "sim --opening 4: the opening depends on the game's seed only, not on the agents" eval '[ "$(moves "$TMP/o4/game-00001.fcr" 4)" = "$(moves "$TMP/o4b/game-00001.fcr" 4)" ] && [ "$(moves "$TMP/o4/game-00001.fcr" 5)" != "$(moves "$TMP/o4b/game-00001.fcr" 5)" ]'
fc ladder hive --agents 'easy;medium' --games 4 --opening 3 --json -
check "ladder --opening: stated in the JSON" eval '[ $rc -eq 0 ] && has "\"opening\": *3"'
fc sim hive --seats easy,easy --opening -1 --games 1
check "sim --opening -1: one line" eval '[ $rc -eq 2 ] && one_line_err'

echo "1..$n"
[ $fails -eq 0 ]
