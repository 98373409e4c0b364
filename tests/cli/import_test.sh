#!/usr/bin/env bash
# End-to-end tests of `formicary import` (docs/cli.md, docs/corpus.md): the hand-made Hive files
# of tests/fixtures/import (boardspace SGF, PGN, UHP GameStrings) become records that `replay`
# verifies one by one and as a corpus (--set, --continue-with); skipped games and hostile files
# (empty, binary, over-long lines, unknown format, huge games) give one line each; records are
# never overwritten without --force and never through a symbolic link; exit statuses.
# usage: import_test.sh FORMICARY PLUGIN_DIR FIXTURE_DIR
set -u
EXE=$(cd "$(dirname "$1")" && pwd)/$(basename "$1") # absolute: the test works in a temporary dir
PLUGINS=$2
FIX=$(cd "$3" && pwd)
export FORMICARY_PLUGIN_PATH=$PLUGINS
export FORMICARY_CONFIG=
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
cd "$TMP" || exit 1

RUN=("$EXE")
if [ "${FC_UNDER_VALGRIND:-}" = 1 ] && command -v valgrind >/dev/null; then
    RUN=(valgrind --quiet --error-exitcode=99 --leak-check=full --show-leak-kinds=definite,indirect
         --errors-for-leak-kinds=definite,indirect "$EXE")
fi

fails=0
n=0
pass() { n=$((n + 1)); echo "ok $n - $1"; }
fail() { n=$((n + 1)); fails=$((fails + 1)); echo "not ok $n - $1"; sed 's/^/#   /' "$TMP/err" | head -5; sed 's/^/#   /' "$TMP/out" | head -5; }
check() { local d=$1; shift; if "$@"; then pass "$d"; else fail "$d"; fi; }
fc() { "${RUN[@]}" "$@" >"$TMP/out" 2>"$TMP/err" </dev/null; rc=$?; }
has() { grep -Eq -- "$1" "$TMP/${2:-out}"; }
one_line_err() { [ "$(wc -l <"$TMP/err")" -eq 1 ] && has '^formicary: ' err; }
cp "$FIX"/import/* .
ANT='1 wA1 \wS1' # boardspace's wA2, placed first, dropped north-west of wS1 after a tentative drop

# ---- the three formats ----
fc import hive boardspace.sgf mzinga.pgn strings.uhp --out recs
check "import of the three fixtures: exit 1 is not expected (games imported, every file read)" eval '[ $rc -eq 0 ]'
check "per-file lines with the format detected" eval 'has "^boardspace.sgf: imported 1, skipped 0 \(sgf\)" && has "^mzinga.pgn: imported 1, skipped 1 \(pgn\)" && has "^strings.uhp: imported 3, skipped 2 \(gamestring\)" && has "^3 files: imported 5, skipped 3, 0 files not read"'
check "one line per skipped game naming file, game and line" eval '[ "$(wc -l <err)" -eq 3 ] && has "^formicary: mzinga.pgn: game 2 \(line 15\): move 3 .wA1 bS1-. is illegal" err && has "^formicary: strings.uhp: game 3 \(line 4\): .hello world. is not a GameTypeString" err'
check "deterministic names FILE-NNNN.fcr (skipped games keep their number)" eval '[ "$(ls recs | tr "\n" " ")" = "boardspace-0001.fcr mzinga-0001.fcr strings-0001.fcr strings-0004.fcr strings-0005.fcr " ]'
check "boardspace: renumbered, the tentative drop dropped, players and result as meta lines" eval 'grep -qxF "$ANT" recs/boardspace-0001.fcr && grep -qx "meta white alice" recs/boardspace-0001.fcr && grep -qx "meta result 1-0" recs/boardspace-0001.fcr && grep -qx "meta import_line 1" recs/boardspace-0001.fcr'
check "a Queen on the first turn: the record sets tournament false" grep -qx "param tournament false" recs/strings-0004.fcr
check "PGN tags kept: date, event, site, round" eval 'grep -qx "meta date 2024.05.01" recs/mzinga-0001.fcr && grep -qx "meta event Club evening" recs/mzinga-0001.fcr && grep -qx "meta round 1" recs/mzinga-0001.fcr'
for f in recs/*.fcr; do
    fc replay "$f"
    check "replay $f: valid" eval '[ $rc -eq 0 ] && has "^valid"'
done
fc replay recs --summary
check "corpus replay of the imports: all legal, none diverged" eval '[ $rc -eq 0 ] && has "5 replayed, 0 unreadable" && has "diverged +0 of 5" && has "all legal +5"'
fc replay recs --set queen_turn=3 --continue-with random --summary
check "corpus replay under --set with --continue-with: every game finished" eval '[ $rc -eq 0 ] && has "5 replayed" && ! has "not over +[1-9]"'

# ---- existing records, --force, symbolic links ----
fc import hive strings.uhp --out recs --quiet
check "existing records are kept: skipped with a reason, exit 1 (nothing imported)" eval '[ $rc -eq 1 ] && has "strings-0001.fcr exists \(--force replaces it\)" err && [ ! -s out ]'
fc import hive strings.uhp --out recs --force --quiet
check "--force replaces them" eval '[ $rc -eq 0 ] && ! has "exists" err'
rm recs/strings-0001.fcr && ln -s "$TMP/victim" recs/strings-0001.fcr
fc import hive strings.uhp --out recs --force
check "a symbolic link is never written through, even with --force" eval '[ $rc -eq 1 ] && has "not a regular file" err && [ ! -e victim ]'
check "no temporary file is left behind" eval '[ -z "$(ls -a recs | grep tmp)" ]'

# ---- hostile files ----
: >empty.pgn
fc import hive empty.pgn --out h
check "an empty file: one line, exit 1" eval '[ $rc -eq 1 ] && one_line_err && has "empty.pgn: no game found" err'
head -c 3000 /dev/urandom | tr -d '\000' >junk.bin
fc import hive junk.bin --out h
check "binary garbage: one line, exit 1" eval '[ $rc -eq 1 ] && one_line_err && has "junk.bin: cannot tell its format" err'
printf 'Base;InProgress;White[1];wS1\n\000\n' >nul.uhp
fc import hive nul.uhp --out h
check "a NUL byte: not a text file" eval '[ $rc -eq 1 ] && one_line_err && has "NUL byte" err'
{ echo "Base"; head -c 1100000 /dev/zero | tr '\000' x; echo; } >long.uhp
fc import hive long.uhp --out h
check "a line over the bound: refused with file:line" eval '[ $rc -eq 1 ] && one_line_err && has "long.uhp:2: line longer than" err'
{ printf 'Base;InProgress;White[1];wS1;bS1 wS1-'; for i in $(seq 1 3000); do printf ';wQ -wS1'; done; echo; } >many.uhp
fc import hive many.uhp --out h
check "a game of thousands of moves: skipped with its reason" eval '[ $rc -eq 1 ] && one_line_err && has "more than 500 moves" err'
printf '(;SU[hive];P0[1 dropb wZ9 N 13 .];P0[2 done])\n(;SU[hive];P0[1 dropb wS1 N 13 .];P1[2 dropb bS1 O 13 wS1-];P0[3 dropb wS2 N 13 wS1])\n' >bad.sgf
fc import hive bad.sgf --out h
check "unknown pieces and impossible positions: one line per game" eval '[ $rc -eq 1 ] && [ "$(wc -l <err)" -eq 2 ] && has "unknown piece .wZ9." err && has "game 2 \(line 2\)" err'
if mkfifo fifo.uhp 2>/dev/null; then
    timeout 20 "$EXE" import hive fifo.uhp --out h >"$TMP/out" 2>"$TMP/err" </dev/null
    rc=$?
    check "a FIFO: refused at once (no hang)" eval '[ $rc -eq 1 ] && one_line_err && has "fifo.uhp: not a regular file" err'
fi
fc import hive strings.uhp --format chess --out h
check "an unknown --format: usage error listing the formats" eval '[ $rc -eq 2 ] && one_line_err && has "known: sgf, pgn, gamestring" err'
fc import marabunta strings.uhp --out h
check "a game whose plugin reads no foreign files: one line, exit 1" eval '[ $rc -eq 1 ] && one_line_err && has "marabunta reads no foreign game files" err'
fc import hive strings.uhp
check "--out is required" eval '[ $rc -eq 2 ] && one_line_err'
fc import hive nosuchfile.uhp --out h
check "a missing file: one line" eval '[ $rc -eq 1 ] && one_line_err && has "nosuchfile.uhp: cannot read" err'
fc import hive mzinga.pgn --format gamestring --out forced
check "--format overrides detection (a PGN read as GameStrings imports nothing)" eval '[ $rc -eq 1 ] && has "not a GameTypeString" err'
fc import hive --help
check "--help documents formats and exit status" eval '[ $rc -eq 0 ] && has "exit status" && has "--format"'

echo "1..$n"
[ "$fails" -eq 0 ]
