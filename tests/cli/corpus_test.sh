#!/usr/bin/env bash
# End-to-end tests of corpora (docs/corpus.md): `sim --record-dir` makes one, `replay` replays
# it under new rules (--rules/--variant/--set, --continue-with, CSV/JSON/HTML, corrupt
# records, bad options), `sim --position`, and the multiple-comparison correction of A/B runs.
# usage: corpus_test.sh FORMICARY PLUGIN_DIR FIXTURE_DIR
set -u
EXE=$(cd "$(dirname "$1")" && pwd)/$(basename "$1") # absolute: the test works in a temporary dir
PLUGINS=$2
FIX=$3 # bidrace, a game without positions
export FORMICARY_PLUGIN_PATH=$PLUGINS:$FIX
export FORMICARY_CONFIG=
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
cd "$TMP" || exit 1

RUN=("$EXE")
GAMES=6
if [ "${FC_UNDER_VALGRIND:-}" = 1 ] && command -v valgrind >/dev/null; then
    RUN=(valgrind --quiet --error-exitcode=99 --leak-check=full --show-leak-kinds=definite,indirect
         --errors-for-leak-kinds=definite,indirect "$EXE")
    GAMES=3
fi

fails=0
n=0
pass() { n=$((n + 1)); echo "ok $n - $1"; }
fail() { n=$((n + 1)); fails=$((fails + 1)); echo "not ok $n - $1"; sed 's/^/#   /' "$TMP/err" | head -5; }
check() { local d=$1; shift; if "$@"; then pass "$d"; else fail "$d"; fi; }
fc() { "${RUN[@]}" "$@" >"$TMP/out" 2>"$TMP/err" </dev/null; rc=$?; }
has() { grep -Eq -- "$1" "$TMP/${2:-out}"; }
one_line_err() { [ "$(wc -l <"$TMP/err")" -eq 1 ] && has '^formicary: ' err; }
jqt() { jq -e "$1" "${2:-$TMP/out}" >/dev/null 2>&1; }
# CSV well-formed: a commented header ("# " lines, what was compared), then it parses, every row
# has the header's number of fields, N data rows
csv_ok() { python3 -c '
import csv, sys
lines = open(sys.argv[1], newline="").read().splitlines(True)
if not lines or not lines[0].startswith("# formicary "): sys.exit(1)
rows = list(csv.reader(l for l in lines if not l.startswith("#")))
sys.exit(0 if len(rows) == int(sys.argv[2]) + 1 and all(len(r) == len(rows[0]) for r in rows) else 1)' "$1" "$2"; }

# ---- sim --record-dir ----
fc sim marabunta --games $GAMES --threads 2 --record-dir mb
check "sim --record-dir: one record per game, named game-NNNNN.fcr" eval '[ $rc -eq 0 ] && [ "$(ls mb | wc -l)" -eq $GAMES ] && [ -f mb/game-00001.fcr ] && [ -f mb/game-0000$GAMES.fcr ]'
fc sim marabunta --games $GAMES --threads 1 --record-dir mb1
check "sim --record-dir: the same bytes for 1 and 2 threads" diff -r mb mb1
fc replay mb/game-00002.fcr
check "a record of sim replays (one-record mode unchanged), seat labels are the agent specs" eval '[ $rc -eq 0 ] && has "valid, game finished" && has "\(random\)"'
fc sim myrmes --games 2 --seats random,greedy --record-dir my
check "sim --record-dir myrmes: records with the agent spec of each seat (rotating)" eval '[ $rc -eq 0 ] && grep -q "^agent 2 greedy" my/game-00001.fcr && grep -q "^agent 1 greedy" my/game-00002.fcr'
fc sim marabunta --games 2 --against-set seventh_die=true --record-dir ab
check "sim A/B --record-dir: DIR/A and DIR/B" eval '[ $rc -eq 0 ] && [ -f ab/A/game-00002.fcr ] && [ -f ab/B/game-00002.fcr ] && grep -q "^param seventh_die true" ab/B/game-00001.fcr && grep -q "^param seventh_die false" ab/A/game-00001.fcr'
touch notadir
fc sim marabunta --games 1 --record-dir notadir
check "sim --record-dir on a file: one-line error" eval '[ $rc -eq 1 ] && one_line_err && has "not a directory" err'

# ---- replay: nothing changes ----
fc replay mb --set seventh_die=false --json -
check "replay under a --set that changes nothing: 0 diverged" eval '[ $rc -eq 0 ] && jqt ".summary.records == $GAMES and .summary.diverged == 0 and .summary.all_legal == $GAMES and .summary.winners_changed == 0"'
check "replay under a --set that changes nothing: the same scores and ranks" jqt '[.records[] | .recorded_scores == .new_scores and .recorded_ranks == .new_ranks and .new_over] | all'
# a variant's declared parameter (param() in raid_bonus.lua) keeps its recorded value; the
# options' variant brings its own
fc sim marabunta --games $GAMES --variant raid_bonus --set raid_bonus=9 --record-dir rb
check "sim --record-dir: a variant's declared parameter is recorded" eval '[ $rc -eq 0 ] && grep -q "^param raid_bonus 9$" rb/game-00001.fcr'
fc replay rb --corpus --json -
check "replay under its own rules: a variant parameter keeps its recorded value (the same scores)" eval '[ $rc -eq 0 ] && jqt ".summary.diverged == 0" && jqt "[.records[] | .recorded_scores == .new_scores] | all"'
fc replay rb --variant raid_bonus --set raid_bonus=0 --json -
check "replay with --variant and --set of its parameter: the scores change" eval '[ $rc -eq 0 ] && jqt "[.records[] | .recorded_scores != .new_scores] | any"'
cp out rb_variant.json
fc replay rb --set raid_bonus=0 --json -
check "replay with --set of the record's own variant's parameter (no --variant): the same as with --variant" eval '[ $rc -eq 0 ] && [ "$(jq -c "[.records[].new_scores]" out)" = "$(jq -c "[.records[].new_scores]" rb_variant.json)" ]'
fc replay rb --set raid_bonux=0
check "replay --set of a name neither the game nor the record's variant declares: one-line error, exit 1" eval '[ $rc -eq 1 ] && one_line_err && has "unknown parameter .raid_bonux.: neither marabunta nor the variant of rb/game-0000[0-9].fcr declares it" err'
fc replay mb my/game-00001.fcr --corpus
check "replay: a record of another game in the corpus is a failed line" eval '[ $rc -eq 1 ] && has "a record of myrmes in a corpus of marabunta"'
fc replay my --set mirror_hook=true --summary
check "replay myrmes under its own rules: all legal, summary only" eval '[ $rc -eq 0 ] && has "diverged +0 of 2" && ! has "game-00001"'
fc replay mb --corpus
check "replay --corpus without changes: the records' own rules" eval '[ $rc -eq 0 ] && has "under the records. own rules" && has "diverged +0 of $GAMES"'

# every game present: its own records replay under its own rules with the same results
for g in $("$EXE" list | awk 'NR > 1 && $1 != "bidrace" {print $1}'); do
    fc sim "$g" --games 2 --record-dir "all-$g"
    fc replay "all-$g" --corpus --json -
    check "replay of a $g corpus under its own rules: all legal, same scores" eval '[ $rc -eq 0 ] && jqt "[.records[] | .status == \"legal\" and .recorded_scores == .new_scores and .recorded_ranks == .new_ranks] | all and length == 2"'
done

# ---- replay: decisions become illegal ----
fc replay mb --set board_side=B --json - --csv mb.csv
check "replay under --set board_side=B: every game diverges after its first decision" eval '[ $rc -eq 0 ] && jqt "[.records[] | .status == \"diverged\" and .diverged_at > 1 and (.decision | length) > 0 and (.reason | length) > 0] | all"'
check "replay: the reason counts the legal decisions" jqt '[.records[] | .reason | test("not among the [0-9]+ legal decision")] | any'
check "replay: summary of divergences (share, min <= median <= max, kinds)" jqt ".summary.diverged == $GAMES and .summary.diverged_share == 1 and .summary.diverged_at.min <= .summary.diverged_at.median and .summary.diverged_at.median <= .summary.diverged_at.max and (.summary.refused_kinds | length) >= 1"
check "replay --csv: well-formed, one row per record" csv_ok mb.csv $GAMES
fc replay my --set start_workers=1 --json -
check "replay myrmes under start_workers=1: diverges at a ply > 0" eval '[ $rc -eq 0 ] && jqt "[.records[] | .status == \"diverged\" and .diverged_at > 1] | all"'
fc replay my --set years=2 --json -
check "replay: recorded defaults stay adaptive (Myrmes winter_food follows --set years=2)" eval '[ $rc -eq 0 ] && jqt ".summary.unreadable == 0 and .summary.diverged == 2 and .summary.refused_kinds[0].kind == \"game over\""'
fc replay mb --variant seventh_die --summary
check "replay --variant replaces the record's variant: the split decisions diverge" eval '[ $rc -eq 0 ] && has "diverged +$GAMES of $GAMES" && has "split"'

# The layering: the record's values stay unless the options set them (--rules first_game does
# not set max_rounds, so games capped at 6 rounds stay over; --set max_rounds=30 reopens them).
fc sim marabunta --games 3 --set max_rounds=6 --record-dir cap
fc replay cap --rules first_game --json -
check "replay --rules: parameters it does not set keep the recorded values" eval '[ $rc -eq 0 ] && jqt ".summary.all_legal == 3 and .summary.not_over == 0"'
fc replay cap --rules first_game --set max_rounds=30 --json -
check "replay --set over --rules: the recorded games stop short" eval '[ $rc -eq 0 ] && jqt ".summary.all_legal == 3 and .summary.not_over == 3 and .summary.compared == 0"'

# ---- --continue-with ----
fc replay mb --set board_side=B --continue-with mcts:iters=10 --json c1.json
check "replay --continue-with: diverged games finished by the agent" eval '[ $rc -eq 0 ] && jqt "([.records[] | .continued and .new_over and .continued_decisions > 0] | all) and .summary.compared == $GAMES" c1.json'
check "replay: the smallest score change the records detect, per seat (mde), beside the interval" eval 'jqt "(.summary.score_change | length) == 2 and all(.summary.score_change[]; .mde > 0 and .mde > (.hi - .lo) / 2)" c1.json'
fc replay mb --set board_side=B --continue-with mcts:iters=10 --csv c1.csv --html c1.html
check "replay: the terminal says it too" eval '[ $rc -eq 0 ] && has "^  detectable +seat 1 \+-[0-9.]+, seat 2 \+-[0-9.]+"'
check "replay: and the CSV's header and the HTML page" eval 'grep -Eq "^# detectable score change: seat 1 \+-[0-9.]+, seat 2 \+-[0-9.]+ \(the smallest mean change" c1.csv &&
    grep -Eq "Detectable score change: seat 1 \+-[0-9.]+, seat 2" c1.html'
fc replay mb --set board_side=B --continue-with mcts:iters=10 --json c2.json
check "replay --continue-with: deterministic" cmp c1.json c2.json
fc replay mb --set board_side=B --continue-with mcts:iters=10 --json c3.json --threads 3
check "replay --threads 3: the same report as one thread" cmp c1.json c3.json
fc replay cap --set max_rounds=30 --continue-with random --json -
check "replay --continue-with: records that stop short are finished too" eval '[ $rc -eq 0 ] && jqt ".summary.continued == 3 and .summary.not_over == 0 and .summary.compared == 3"'

# ---- bad input ----
mkdir bad
cp mb/game-00001.fcr mb/game-00002.fcr bad/
head -c 400 mb/game-00003.fcr >bad/game-00003.fcr
printf 'formicary-record 1\ngame marabunta 1.0.0\nbogus line\n' >bad/game-00004.fcr
fc replay bad --set seventh_die=false --json bad.json --csv bad.csv
check "corrupt records: reported with their line, the others replayed, exit 1" eval '[ $rc -eq 1 ] && has "game-00004.fcr:3: " && jqt ".summary.unreadable == 2 and .summary.all_legal == 2" bad.json'
check "corrupt records: their CSV and JSON rows say error" eval 'csv_ok bad.csv 4 && jqt "[.records[] | select(.status == \"error\") | .error | length > 0] | length == 2" bad.json'
fc replay mb --set nosuch=1
check "replay: unknown parameter: one-line error naming it, exit 1" eval '[ $rc -eq 1 ] && one_line_err && has "unknown parameter .nosuch." err && [ ! -s out ]'
fc replay mb --set board_side=Z
check "replay: bad value: one-line error" eval '[ $rc -eq 1 ] && one_line_err && has "board_side" err'
fc replay mb --rules nosuchruleset
check "replay: unknown rule set: one-line error" eval '[ $rc -eq 1 ] && one_line_err'
fc replay mb --continue-with nosuchagent
check "replay: unknown agent for --continue-with: usage error" eval '[ $rc -eq 2 ] && one_line_err && has "nosuchagent" err'
fc replay mb --ui text
check "replay: --ui with a corpus: usage error" eval '[ $rc -eq 2 ] && one_line_err'
mkdir empty
fc replay empty
check "replay: a directory without records: one-line error" eval '[ $rc -eq 1 ] && one_line_err && has "without records" err'
fc replay mb/game-00001.fcr missing.fcr
check "replay: a missing file is a failed record" eval '[ $rc -eq 1 ] && has "missing.fcr" && has "error"'

# ---- HTML ----
fc replay mb --set board_side=B --html r.html
check "replay --html: a page" eval '[ $rc -eq 0 ] && grep -qi "<html" r.html && grep -q "game-00001.fcr" r.html'
if command -v xmllint >/dev/null; then
    check "replay --html: well-formed" xmllint --noout r.html
fi

# ---- sim --position ----
printf 'Base;InProgress;White[2];wS1;bG1 -wS1\n' >hive.pos
fc sim hive --games 3 --position hive.pos --json -
check "sim --position: Hive games from a UHP GameString" eval '[ $rc -eq 0 ] && jqt ".games == 3"'
printf 'Base;InProgress;White[2];wS1;bG1 -wQ\n' >bad.pos
fc sim hive --games 3 --position bad.pos
check "sim --position: a position the game refuses: one-line error with the file" eval '[ $rc -eq 1 ] && one_line_err && has "bad.pos" err'
fc sim bidrace --games 2 --position hive.pos
check "sim --position on a game without positions: one-line error" eval '[ $rc -eq 1 ] && one_line_err && has "does not read positions" err'
fc sim hive --games 2 --position nosuch.pos
check "sim --position: missing file: one-line error" eval '[ $rc -eq 1 ] && one_line_err && has "nosuch.pos" err'
fc sim hive --games 2 --position hive.pos --record-dir hv
if [ $rc -eq 0 ]; then # records carry their starting position: they replay at it
    fc replay hv/game-00001.fcr
    check "sim --position --record-dir: the records replay" eval '[ $rc -eq 0 ] && has "^valid"'
    fc replay hv --corpus --json -
    check "replay of a corpus of games from a position: all legal, same results" eval '[ $rc -eq 0 ] && jqt ".summary.all_legal == 2 and .summary.winners_changed == 0"'
else
    check "sim --position --record-dir: refused while records cannot start from a position" eval 'one_line_err && has "position" err'
fi

# ---- A/B: multiple-comparison correction ----
fc sim marabunta --games 20 --against-set seventh_die=true --json -
check "A/B JSON: Holm by default, adjusted p >= p, significant = adjusted p < 0.05" jqt '.correction == "holm" and ([.comparison[] | .p_adjusted >= .p - 1e-9 and (.significant == (.p_adjusted < 0.05))] | all)'
fc sim marabunta --games 20 --against-set seventh_die=true --correction bh --json -
check "A/B JSON: --correction bh" jqt '.correction == "bh" and ([.comparison[] | .p_adjusted >= .p - 1e-9] | all)'
fc sim marabunta --games 20 --against-set seventh_die=true --correction none --json -
check "A/B JSON: --correction none leaves p" jqt '.correction == "none" and ([.comparison[] | .p_adjusted == .p] | all)'
fc sim marabunta --games 20 --against-set seventh_die=true --compare-csv cmp.csv
check "A/B table names the correction; --compare-csv one row per metric" eval '[ $rc -eq 0 ] && has "p adjusted over the [0-9]+ metrics: Holm" && has "p adj" && csv_ok cmp.csv $(($(grep -vc "^#" cmp.csv) - 1)) && grep -q "^branching,20,.*,holm," cmp.csv'
fc sim marabunta --games 4 --against-set seventh_die=true --correction bonferroni
check "A/B: unknown correction: usage error" eval '[ $rc -eq 2 ] && one_line_err && has "bonferroni" err'
fc sim marabunta --games 4 --correction bh
check "--correction without a B design: usage error" eval '[ $rc -eq 2 ] && one_line_err'
fc sim marabunta --games 4 --html s.html
check "sim --html: a page" eval '[ $rc -eq 0 ] && grep -qi "<html" s.html'

echo "1..$n"
[ $fails -eq 0 ]
