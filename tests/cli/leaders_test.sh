#!/usr/bin/env bash
# Runaway leaders and openings (`formicary leaders` and `formicary openings`, docs/metrics.md
# "Runaway leaders and kingmakers" and "Openings"): bad input gives one line and exit 2; the
# table, CSV, JSON and HTML of small runs on the bidrace fixture and Hive; the same JSON on 1
# and 2 threads; the forced-win search flags a position one move from a win.
# usage: leaders_test.sh FORMICARY PLUGIN_DIR FIXTURE_DIR
set -u
EXE=$(realpath "$1")
export FORMICARY_PLUGIN_PATH=$(realpath "$2"):$(realpath "$3")
export FORMICARY_CONFIG=
export FORMICARY_DB=
SRC=$(cd "$(dirname "$0")/../.." && pwd)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
. "$(dirname "$0")/lib.sh"
cd "$TMP" || exit 1
jqt() { jq -e "$1" "${2:-$TMP/out}" >/dev/null 2>&1; }
have_game() { "$EXE" list 2>/dev/null | grep -q "^$1 "; }

fc --help
check "formicary --help lists leaders and openings" eval '[ $rc -eq 0 ] && has "^  leaders GAME" && has "^  openings GAME"'

# ---- bad input: one line, exit 2 ----
fc leaders nosuchgame
check "leaders: unknown game" eval '[ $rc -eq 2 ] && one_line_err'
fc leaders bidrace --agent grdy
check "leaders: unknown agent" eval '[ $rc -eq 2 ] && one_line_err && has "grdy" err'
fc leaders bidrace --kingmakers
check "leaders: kingmakers with two players" eval '[ $rc -eq 2 ] && one_line_err && has "kingmakers need 3 players" err'
fc leaders bidrace --seats 3 --threshold 2
check "leaders: threshold out of range" eval '[ $rc -eq 2 ] && one_line_err && has "threshold" err'
fc leaders bidrace --games 0
check "leaders: --games 0" eval '[ $rc -eq 2 ] && one_line_err && has "--games" err'
fc leaders bidrace --agents 'greedy;;random'
check "leaders: an empty agent" eval '[ $rc -eq 2 ] && one_line_err && has "empty agent" err'
fc leaders bidrace --set nosuch=1
check "leaders: unknown parameter" eval '[ $rc -eq 2 ] && one_line_err && has "nosuch" err'
fc leaders bidrace --csv - --json -
check "leaders: two outputs on stdout" eval '[ $rc -eq 2 ] && one_line_err'
fc leaders bidrace --seats 3 --judge search:9
check "leaders: a judge of 9 plies" eval '[ $rc -eq 2 ] && one_line_err && has "\-\-judge: .search:9., expected eval, search or search:PLIES" err'
fc leaders bidrace --judge search
check "leaders: a search judge with two players" eval '[ $rc -eq 2 ] && one_line_err && has "kingmakers need 3 players" err'
fc openings bidrace --forced-depth 3
check "openings: forced-win search in a game with dice and hidden bids" eval '[ $rc -eq 2 ] && one_line_err && has "deterministic two-player game" err'
fc openings bidrace --depth 0
check "openings: --depth 0" eval '[ $rc -eq 2 ] && one_line_err && has "--depth" err'
fc openings bidrace --agent 'mcts:nosuchkey=1'
check "openings: unknown agent key" eval '[ $rc -eq 2 ] && one_line_err && has "nosuchkey" err'

# ---- leaders: table, files, threads ----
fc leaders bidrace --agents 'greedy;random;random' --games 16 --seed 4 --threads 1 --json l1.json --csv l.csv --html l.html
check "leaders: the curve, comeback rates and kingmakers in the table" eval '[ $rc -eq 0 ] && has "^leaders bidrace: 3 players, 16 games" && [ $(grep -Ec "^  [1-9]0%  " out) -eq 9 ] && has "^comeback rate: won by a seat not leading at 50%" && has "^kingmakers \(judged by the evaluation after the option\): games with a kingmaker decision: "'
check "leaders JSON: nine points, shares in their intervals, kingmakers measured" eval 'jqt "(.lead_curve | length) == 9 and .players == 3 and all(.lead_curve[].leader_wins | select(.games > 0); .lo <= .value and .value <= .hi) and .kingmakers.threshold == 0.05 and (.kingmakers.by_tenth | length) == 10" l1.json'
check "leaders CSV: a comment, a header and one row per game" eval '[ $(grep -vc "^#" l.csv) -eq 17 ] && grep -q "^game,timeout,decisions,winners,leader10," l.csv'
check "leaders HTML: the curve with its band and the histogram" eval 'grep -q "P(the seat leading at x% wins)" l.html && grep -q "fill-opacity=\"0.18\" stroke=\"none\"" l.html && grep -q "Kingmaker decisions by tenth" l.html'
if command -v xmllint >/dev/null; then
    check "leaders HTML: well-formed" xmllint --noout l.html
else
    skip "leaders HTML: well-formed" "no xmllint"
fi
fc leaders bidrace --agents 'greedy;random;random' --games 16 --seed 4 --threads 2 --json l2.json
check "leaders: the same JSON on 2 threads (but the thread count)" eval '[ "$(jq -S "del(.threads)" l1.json)" = "$(jq -S "del(.threads)" l2.json)" ]'
fc leaders bidrace --agents 'greedy;random;random' --games 16 --seed 4 --threshold 1 --margin 0 --json e.json
fc leaders bidrace --agents 'greedy;random;random' --games 16 --seed 4 --threshold 1 --margin 0 --judge search --json s.json --csv s.csv --html s.html
check "leaders: the search judge and, beside it, one ply on the same decisions" eval '[ $rc -eq 0 ] && has "^kingmakers \(judged by a 2-ply search\): " && has "^  the same decisions judged one ply deep: [0-9]+ chose who wins \([0-9]+ by both judges\)"'
check "leaders JSON: the search judge; its one-ply figures are those of the eval judge" eval 'jqt ".kingmakers.judge == \"search\" and .kingmakers.plies == 2" s.json && jqt ".kingmakers.judge == \"eval\" and .kingmakers.plies == 1 and (.kingmakers | has(\"one_ply\") | not)" e.json && [ "$(jq ".kingmakers.one_ply.decisions, .kingmakers.one_ply.games_with.count, .kingmakers.decisions_checked" s.json)" = "$(jq ".kingmakers.decisions, .kingmakers.games_with.count, .kingmakers.decisions_checked" e.json)" ] && [ "$(jq ".lead_curve" s.json)" = "$(jq ".lead_curve" e.json)" ]'
check "leaders: the two judges differ on some decisions here" eval 'jqt ".kingmakers.one_ply.decisions_both < .kingmakers.decisions or .kingmakers.one_ply.decisions_both < .kingmakers.one_ply.decisions" s.json'
check "leaders CSV and HTML: both judgements" eval 'grep -q ",kingmaker,kingmaker_one_ply,kingmaker_both$" s.csv && [ "$(awk -F, "!/^#/ && NR > 2 {k += \$(NF-2); o += \$(NF-1)} END {print k, o}" s.csv)" = "$(jq -r "[.kingmakers.decisions, .kingmakers.one_ply.decisions] | join(\" \")" s.json)" ] && grep -q "judged by a 2-ply search" s.html && grep -q "judged one ply deep" s.html'
fc leaders bidrace --games 6 --json -
check "leaders: two players, kingmakers not measured, JSON alone on stdout" eval '[ $rc -eq 0 ] && jqt ".kingmakers == null and .players == 2"'

# ---- leaders --corpus: a sim's records give the figures of the same games played ----
fc sim bidrace --seats greedy,random,random --games 16 --seed 4 --record-dir "$TMP/recs" --no-db
check "leaders --corpus: sim wrote the records" eval '[ $rc -eq 0 ] && [ $(ls "$TMP/recs" | grep -c "\.fcr$") -eq 16 ]'
fc leaders bidrace --corpus "$TMP/recs" --json c1.json --csv c.csv --html c.html
check "leaders --corpus: the table names the records" eval '[ $rc -eq 0 ] && has "^leaders bidrace: 3 players, 16 recorded games, 0 without a result" && has "^agents: as recorded in " && has "^kingmakers "'
strip='del(.threads, .seed, .opening, .corpus, .agents_by_seat)'
check "leaders --corpus: the figures of the same games played (l1.json)" eval '[ "$(jq -S "$strip" c1.json)" = "$(jq -S "$strip" l1.json)" ] && jqt ".corpus != null and (.agents_by_seat | length) == 0" c1.json'
check "leaders --corpus: CSV and HTML" eval '[ $(grep -vc "^#" c.csv) -eq 17 ] && grep -q "16 recorded games" c.html'
fc leaders bidrace --corpus "$TMP/recs" --threads 3 --json c2.json
check "leaders --corpus: the same JSON on 3 threads" eval '[ "$(jq -S "del(.threads)" c1.json)" = "$(jq -S "del(.threads)" c2.json)" ]'
fc leaders bidrace --corpus "$TMP/recs" --agent greedy
check "leaders --corpus with --agent: one line" eval '[ $rc -eq 2 ] && one_line_err && has "--corpus measures recorded games: --agent does not apply" err'
mkdir -p "$TMP/empty"
fc leaders bidrace --corpus "$TMP/empty"
check "leaders --corpus: a folder without records" eval '[ $rc -eq 2 ] && one_line_err && has "no records" err'
if have_game hive; then
    fc leaders hive --corpus "$TMP/recs"
    check "leaders --corpus: records of another game" eval '[ $rc -eq 2 ] && one_line_err && has "is a record of bidrace, not hive" err'
    fc import hive "$SRC/tests/fixtures/import/boardspace.sgf" --out "$TMP/real"
    fc leaders hive --corpus "$TMP/real" --json -
    check "leaders --corpus: an imported game that ended by resignation counts by its recorded result" eval '[ $rc -eq 0 ] && jqt ".games == 1 and .timeouts == 0 and .lead_curve[4].leader_wins.games == 1"'
fi

# ---- openings ----
fc openings bidrace --agent random --seats 3 --depth 2 --games 30 --json o1.json --csv o.csv --html o.html
check "openings: entropy table and lines" eval '[ $rc -eq 0 ] && has "^openings bidrace: 3 players, 30 games, first 2 decisions" && has "^  1  [0-9.]+ +[0-9]+$" && has "bid [0-9]+ \| bid [0-9]+" && has "^forced win: not searched \(not a deterministic two-player game\)"'
check "openings JSON: entropies within log2 of the games, lines by count" eval 'jqt "(.entropy | length) == 2 and all(.entropy[]; . >= 0 and . <= 4.91) and .entropy[1] >= .entropy[0] and ([.lines[].games] | . == (sort | reverse)) and .forced == null" o1.json'
check "openings CSV: header and rows" eval 'grep -q "^rank,games,share,lo,hi,decisions,line$" o.csv && [ $(grep -c "^[0-9]" o.csv) -ge 1 ]'
check "openings HTML: the bar chart of lines" eval 'grep -q "Most common opening lines" o.html && grep -q "<rect" o.html'
if command -v xmllint >/dev/null; then
    check "openings HTML: well-formed" xmllint --noout o.html
else
    skip "openings HTML: well-formed" "no xmllint"
fi
fc openings bidrace --agent random --seats 3 --depth 2 --games 30 --threads 3 --json o2.json
check "openings: the same JSON on 3 threads" eval '[ "$(jq -S "del(.threads)" o1.json)" = "$(jq -S "del(.threads)" o2.json)" ]'

if have_game hive; then
    POS=$SRC/tests/game/hive/positions/h22-queen-surrounded.pos
    fc openings hive --position "$POS" --games 3 --depth 1 --forced-depth 2 --json f.json
    check "openings: a won position one move away is flagged" eval '[ $rc -eq 0 ] && has "FORCED: seat 1 wins in 1 plies" && has "^FLAG: " && jqt ".forced.flagged and .forced.searches[0].verdict == \"win\" and .forced.searches[0].plies == 1" f.json'
    fc openings hive --games 4 --depth 2 --forced-depth 2 --forced-lines 1
    check "openings: no forced win in the first plies of Hive" eval '[ $rc -eq 0 ] && has "^forced win from the start: no forced result within 2 plies" && has "^no short forced win found"'
    fc openings hive --position nosuch.pos
    check "openings: a missing position file" eval '[ $rc -eq 2 ] && one_line_err && has "nosuch.pos" err'
else
    skip "openings on Hive" "hive not built"
fi
finish
