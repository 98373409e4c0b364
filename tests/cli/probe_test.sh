#!/usr/bin/env bash
# End-to-end tests of mechanic probes (docs/cli.md "formicary probe", docs/metrics.md "Mechanic
# probes"): kinds listed by `formicary rules`, `sim --restrict` and the agent key restrict=, a
# small probe of Hive (table, CSV, JSON, HTML bar chart), the same output for any --threads, and
# bad input (one line, exit 2). Needs jq.
# usage: probe_test.sh FORMICARY PLUGIN_DIR FIXTURE_DIR
set -u
EXE=$1
export FORMICARY_PLUGIN_PATH=$2:$3
export FORMICARY_CONFIG=
export FORMICARY_DB=
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
. "$(dirname "$0")/lib.sh"

fc --help
check "formicary --help lists probe" eval '[ $rc -eq 0 ] && has "^  probe GAME"'
fc probe --help
check "probe --help names the options" eval '[ $rc -eq 0 ] && has "--kinds" && has "--deals" && has "--html F"'
if ! "$EXE" list 2>/dev/null | grep -q "^hive "; then
    echo "# hive not built: skipping the rest"
    finish
    exit $?
fi

fc rules hive
check "rules lists the kinds of decision" eval '[ $rc -eq 0 ] && has "^kinds of decision" && has "^  place, move, climb, throw, pass$"'
fc rules bidrace
check "rules of a game naming no kinds says so" eval '[ $rc -eq 0 ] && has "none named"'

# ---- the restriction on any agent ----
fc sim hive --seats greedy,greedy --games 4 --restrict move,climb --json -
check "sim --restrict: agent 1 restricted, agent 2 not" eval '[ $rc -eq 0 ] && jq -e ".designs[0].agents[0].agent == \"greedy:restrict=move+climb\" and .designs[0].agents[1].agent == \"greedy\"" "$TMP/out" >/dev/null'
fc sim hive --seats greedy,greedy --games 4 --json "$TMP/free.json"
fc sim hive --seats greedy,greedy --games 4 --restrict move,climb --json "$TMP/restricted.json"
check "sim --restrict changes the games" eval '! cmp -s <(jq -c ".designs[0].metrics" "$TMP/free.json") <(jq -c ".designs[0].metrics" "$TMP/restricted.json")'
fc sim hive --seats 'mcts:iters=10,restrict=place',ab:depth=1,restrict=place --games 2
check "restrict= on mcts and ab" eval '[ $rc -eq 0 ]'
fc sim hive --seats medium,greedy --games 2 --restrict pass
check "--restrict on a tier" eval '[ $rc -eq 0 ] && has "restrict=pass"'
fc sim hive --seats greedy,greedy --games 2 --restrict plce
check "sim --restrict: unknown kind, with the nearest" eval '[ $rc -eq 2 ] && one_line_err && has "no kind .plce.; did you mean .place." err && has "kinds: place, move" err'
fc sim hive --seats greedy,greedy --games 2 --restrict place,move,climb,throw,pass
check "sim --restrict: every kind" eval '[ $rc -eq 2 ] && one_line_err && has "every kind" err'
fc sim hive --seats greedy:restrict=place+,greedy --games 2
check "restrict= with an empty kind" eval '[ $rc -eq 2 ] && one_line_err && has "empty kind" err'
fc sim bidrace --seats greedy,greedy --games 2 --restrict bid
check "restrict in a game naming no kinds" eval '[ $rc -eq 2 ] && one_line_err && has "does not name its kinds" err'

# ---- bad input to probe ----
fc probe hive --kinds place,plce
check "probe: unknown kind" eval '[ $rc -eq 2 ] && one_line_err && has "no kind .plce." err'
fc probe hive --kinds ,
check "probe: empty kind" eval '[ $rc -eq 2 ] && one_line_err && has "empty kind" err'
fc probe hive --deals 1
check "probe: one deal" eval '[ $rc -eq 2 ] && one_line_err && has "an interval needs two" err'
fc probe hive --agent greedy:restrict=place
check "probe: a restricted agent" eval '[ $rc -eq 2 ] && one_line_err && has "restricted already" err'
fc probe hive --agent grdy
check "probe: unknown agent" eval '[ $rc -eq 2 ] && one_line_err && has "unknown agent" err'
fc probe bidrace
check "probe: a game naming no kinds" eval '[ $rc -eq 2 ] && one_line_err && has "does not name its kinds" err'
fc probe hive --csv - --json -
check "probe: two outputs on stdout" eval '[ $rc -eq 2 ] && one_line_err'

# ---- a probe: table, files, determinism across threads ----
fc probe hive --deals 3 --seed 4 --threads 1 --json "$TMP/p1.json" --csv "$TMP/p.csv" --html "$TMP/p.html"
check "table: header and one row per kind with a verdict" eval '[ $rc -eq 0 ] && has "^probe hive: agent greedy, 2 players, 5 kinds, 3 deals each \(6 games a kind\), 33 games" && [ $(grep -Ec "^  (place|move|climb|throw|pass) +[0-9.]+ +\[" "$TMP/out") -eq 5 ] && has "^  pass .* unbound "'
check "CSV: header and one row per kind" eval '[ $(wc -l <"$TMP/p.csv") -eq 6 ] && head -1 "$TMP/p.csv" | grep -q "^kind,games,share,share_lo,share_hi,base,loss,loss_lo,loss_hi,verdict,binding,used_win,used_lose,ratio$"'
check "JSON: intervals around the estimates; an unbound kind has no loss" eval 'jq -e "(.kinds | length) == 5 and .games == 33 and all(.kinds[]; .share_lo <= .share and .share <= .share_hi and .loss_lo <= .loss and .loss <= .loss_hi and .games == 6) and ([.kinds[] | select(.binding == 0) | .verdict == \"unbound\" and .loss == 0] | all)" "$TMP/p1.json" >/dev/null'
check "HTML: the bar chart of loss per kind" eval 'grep -q "<svg" "$TMP/p.html" && grep -q "Win share lost when the agent may not use the kind" "$TMP/p.html" && grep -q "<rect" "$TMP/p.html"'
if command -v xmllint >/dev/null; then
    check "HTML: well-formed" xmllint --noout "$TMP/p.html"
fi
fc probe hive --deals 3 --seed 4 --threads 2 --json "$TMP/p2.json"
check "the same figures with 2 threads" eval '[ $rc -eq 0 ] && cmp -s <(jq -S "del(.threads)" "$TMP/p1.json") <(jq -S "del(.threads)" "$TMP/p2.json")'
fc probe hive --deals 2 --kinds move --agent random --json -
check "--kinds and another agent" eval '[ $rc -eq 0 ] && jq -e "(.kinds | length) == 1 and .kinds[0].kind == \"move\" and .games == 6" "$TMP/out" >/dev/null'
finish
