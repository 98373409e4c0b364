#!/usr/bin/env bash
# End-to-end tests of positions in the product (docs/positions.md): the shell's `position` and
# `setup` (docs/protocol.md), `play --position FILE`, records that start from a position and
# their replay, `perft --position @FILE`. Hive is the game (its plugin is built with the tree);
# the fixture game bidrace has no positions.
# usage: position_test.sh FORMICARY PLUGIN_DIR FIXTURE_DIR
set -u
EXE=$1
PLUGINS=$2
FIX=$3
export FORMICARY_PLUGIN_PATH=$PLUGINS:$FIX
export FORMICARY_CONFIG=
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

RUN=("$EXE")
if [ "${FC_UNDER_VALGRIND:-}" = 1 ] && command -v valgrind >/dev/null; then
    RUN=(valgrind --quiet --error-exitcode=99 --leak-check=full --show-leak-kinds=definite,indirect
         --errors-for-leak-kinds=definite,indirect "$EXE")
fi

fails=0
n=0
pass() { n=$((n + 1)); echo "ok $n - $1"; }
fail() { n=$((n + 1)); fails=$((fails + 1)); echo "not ok $n - $1"; }
check() { local d=$1; shift; if "$@"; then pass "$d"; else fail "$d"; sed 's/^/#   /' "$TMP/out" "$TMP/err" | head -30; fi; }

fc() { "${RUN[@]}" "$@" >"$TMP/out" 2>"$TMP/err" </dev/null; rc=$?; }
# sh INPUT ARGS...: a shell session of hive reading INPUT
sh_in() { local input=$1; shift; printf '%s' "$input" | "${RUN[@]}" shell hive "$@" >"$TMP/out" 2>"$TMP/err"; rc=$?; }
has() { grep -Eq -- "$1" "$TMP/${2:-out}"; }
line() { sed -n "${1}p" "$TMP/out"; }
one_line_err() { [ "$(wc -l <"$TMP/err")" -eq 1 ] && has '^formicary: ' err; }

# ---- shell: position ----
sh_in $'play wS1\nplay bG1 -wS1\nplay wQ wS1/\nposition\nstate\nposition json\nhelp\nquit\n'
count=$(sed -n 4p "$TMP/out" | sed -n 's/^ok position \([0-9]*\)$/\1/p')
check "shell: position answers 'ok position N'" eval '[ $rc -eq 0 ] && [ -n "$count" ] && [ "$count" -gt 5 ]'
sed -n "5,$((4 + count))p" "$TMP/out" >"$TMP/pos"
check "shell: then exactly N lines of position, then the next answer" eval \
    'head -1 "$TMP/pos" | grep -q "^# hive position" && grep -qx "position hive" "$TMP/pos" && grep -q "^turn Black\[2\]" "$TMP/pos" && line $((5 + count)) | grep -q "^{\"game\":\"hive\""'
hash1=$(line $((5 + count)) | sed 's/.*"hash":"\([0-9a-f]*\)".*/\1/')
line $((6 + count)) >"$TMP/json"
check "shell: position json is the same text in one JSON line" \
    python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); sys.exit(0 if d["game"]=="hive" and d["ply"]==3 and d["position"]==open(sys.argv[2]).read() else 1)' "$TMP/json" "$TMP/pos"
check "shell: help lists position and setup" eval 'line $((7 + count)) | grep -q "\"position\",\"setup\""'

# ---- shell: setup ----
sh_in "setup
$(cat "$TMP/pos")

end
state
undo
position
quit
"
check "shell: setup reads the block up to 'end' and answers once" eval '[ "$(line 1)" = ok ] && line 2 | grep -q "\"ply\":0"'
check "shell: the match is the very position (same state hash)" eval 'line 2 | grep -q "\"hash\":\"$hash1\""'
check "shell: undo stops at the position" eval '[ "$(line 3)" = "error: nothing to undo" ]'
check "shell: position writes back the same text" eval 'sed -n "5,$((4 + count))p" "$TMP/out" | cmp -s - "$TMP/pos"'

sed 's/^hand black/hand blak/' "$TMP/pos" >"$TMP/bad.pos"
badline=$(grep -n '^hand blak' "$TMP/bad.pos" | cut -d: -f1)
sh_in "setup
$(cat "$TMP/bad.pos")
end
state
setup Base;InProgress;White[2];wS1;bS1 wS1-
state
setup Base;InProgress;White[9];wS1
quit
"
check "shell: a refused position is one error naming its line; the match is kept" eval \
    '[ "$(line 1)" = "error: setup: hive: line $badline: expected '\''hand white PIECES'\'' or '\''hand black PIECES'\'' ('\''none'\'' for an empty hand)" ] && line 2 | grep -q "\"ply\":0,\"to_move\":0"'
check "shell: setup TEXT reads a one-line position (a UHP GameString)" eval '[ "$(line 3)" = ok ] && line 4 | grep -q "\"to_move\":0,\"round\":2"'
check "shell: a GameString that does not add up is an error" eval 'line 5 | grep -q "^error: setup: hive: the moves lead to"'

sh_in $'setup\nposition hive\nseats 2\n'
check "shell: input ending inside a setup block is one error at the end" eval \
    '[ $rc -eq 0 ] && [ "$(cat "$TMP/out")" = "error: setup: the input ended before the '\''end'\'' line of the position" ]'
{ echo setup; echo "position hive"; for i in $(seq 2000); do printf '# %060d\n' "$i"; done; echo end; echo state; } >"$TMP/long"
sh_in "$(cat "$TMP/long")"$'\n'
check "shell: a position past 64 KiB is refused after its end; the session goes on" eval \
    '[ "$(line 1)" = "error: setup: the position is longer than 65536 bytes" ] && line 2 | grep -q "^{\"game\""'
printf 'setup\nposition hive\nseats 2\nquit\nend\nstate\n' | "${RUN[@]}" shell hive >"$TMP/out" 2>"$TMP/err"
check "shell: inside a block every line is position text (even quit)" eval 'line 1 | grep -q "^error: setup: hive: line 3: unknown key '\''quit'\''" && line 2 | grep -q "^{\"game\""'
printf 'position\nsetup\nposition bidrace\nend\nstate\n' | "${RUN[@]}" shell bidrace >"$TMP/out" 2>"$TMP/err"
check "shell: a game without positions says so" eval \
    '[ "$(line 1)" = "error: position: bidrace: this game does not write positions" ] && [ "$(line 2)" = "error: setup: bidrace: this game does not read positions" ] && line 3 | grep -q "^{\"game\""'

# ---- records from positions: shell save/load, play --position, replay ----
sh_in "setup
$(cat "$TMP/pos")
end
play bA1 -bG1
save $TMP/shell.fcr
state
load $TMP/shell.fcr
state
quit
"
check "shell: save after setup writes the position into the record" eval \
    '[ "$(line 2)" = ok ] && grep -qx "position" "$TMP/shell.fcr" && grep -qx "position-end" "$TMP/shell.fcr" && grep -qx "| position hive" "$TMP/shell.fcr"'
check "shell: load of that record gives the same match" eval '[ "$(line 5)" = ok ] && [ "$(line 4)" = "$(line 6)" ]'
fc replay "$TMP/shell.fcr"
check "replay of a record from a position verifies it" eval '[ $rc -eq 0 ] && has "^decisions: 1$" && has "^valid"'

fc play hive --position "$TMP/pos" --seats random,random --ui text --quiet --seed 5 --record "$TMP/play.fcr"
check "play --position FILE plays from it and records the position" eval \
    '[ $rc -eq 0 ] && has "^final scores" && grep -qx "| turn Black\[2\]           # 3 decisions made" "$TMP/play.fcr"'
fc replay "$TMP/play.fcr"
check "replay of play's record: valid, game finished" eval '[ $rc -eq 0 ] && has "^valid, game finished"'
sed "s/^| cell 0,0 wS1\$/| cell 0,0 wX1/" "$TMP/play.fcr" >"$TMP/corrupt.fcr"
recline=$(grep -n '^| cell 0,0 wX1$' "$TMP/corrupt.fcr" | cut -d: -f1)
fc replay "$TMP/corrupt.fcr"
check "a corrupt position in a record: one error with the record's line" eval \
    '[ $rc -ne 0 ] && one_line_err && has "^formicary: $TMP/corrupt.fcr:$recline: starting position: hive: unknown piece '\''wX1'\''" err'

fc play hive --position "$TMP/bad.pos" --seats random,random --ui text
check "play --position with a bad file: one line with the file and line" eval \
    '[ $rc -eq 1 ] && one_line_err && has "^formicary: $TMP/bad.pos:$badline: hive: expected '\''hand white PIECES'\''" err'
fc play hive --position "$TMP/none.pos" --ui text
check "play --position with a missing file: one line" eval '[ $rc -eq 1 ] && one_line_err && has "none.pos: No such file" err'
head -c 70000 /dev/zero | tr '\0' '#' >"$TMP/huge.pos"
fc play hive --position "$TMP/huge.pos" --ui text
check "play --position with a file past 64 KiB: one line" eval '[ $rc -eq 1 ] && one_line_err && has "a position is at most 65536 bytes" err'

printf 'position\nposition %s\nquit\n' "$TMP/human.pos" | "${RUN[@]}" play hive --seats human,random --ui text --seed 2 >"$TMP/out" 2>"$TMP/err"
check "play: a human's 'position' prints it, 'position FILE' writes it" eval \
    'grep -qx "position hive" "$TMP/out" && has "position written to $TMP/human.pos" && grep -qx "turn White\[1\]           # 0 decisions made" "$TMP/human.pos"'

# ---- every game with positions: position -> setup -> play -> save -> replay and load ----
for g in $(FORMICARY_PLUGIN_PATH=$PLUGINS "${RUN[@]}" list 2>/dev/null | awk 'NR > 1 && NF { print $1 }'); do
    { for i in $(seq 25); do echo "agent random"; done; echo position; } | "${RUN[@]}" shell "$g" >"$TMP/g.out" 2>&1
    grep -q '^ok position' "$TMP/g.out" || continue
    sed -n '/^ok position/,$p' "$TMP/g.out" | tail -n +2 >"$TMP/g.pos"
    { echo setup; cat "$TMP/g.pos"; echo end; for i in $(seq 25); do echo "agent random"; done
      echo "save $TMP/g.fcr"; echo state; echo "load $TMP/g.fcr"; echo state; } | "${RUN[@]}" shell "$g" >"$TMP/out" 2>"$TMP/err"
    last=$(wc -l <"$TMP/out")
    check "$g: a written position is read by setup, and a record from it saves, loads and replays" eval \
        '[ "$(line 1)" = ok ] && [ "$(line $((last - 1)))" = ok ] && [ "$(line $last)" = "$(line $((last - 2)))" ] && "${RUN[@]}" replay "$TMP/g.fcr" >/dev/null 2>&1'
done

# ---- perft --position ----
fc perft hive --position "@$TMP/pos" --depth 2
a=$(grep '^perft(2)' "$TMP/out")
fc perft hive --position "$TMP/pos" --depth 2
b=$(grep '^perft(2)' "$TMP/out")
fc perft hive --position 'Base;InProgress;Black[2];wS1;bG1 -wS1;wQ wS1/' --depth 2
c=$(grep '^perft(2)' "$TMP/out")
check "perft --position @FILE, FILE and a GameString agree" eval '[ -n "$a" ] && [ "$a" = "$b" ] && [ "$a" = "$c" ]'
fc perft hive --position "@$TMP/bad.pos"
check "perft --position @FILE with a bad file names its line" eval '[ $rc -eq 1 ] && has "bad.pos:$badline: hive:" err'

echo "1..$n"
[ $fails -eq 0 ]
