#!/usr/bin/env bash
# End-to-end tests of mechanic probes (docs/cli.md "formicary probe", docs/metrics.md "Mechanic
# probes"): kinds listed by `formicary rules`, `sim --restrict` and the agent key restrict=, a
# small probe of Hive (table, CSV, JSON, HTML bar chart), the same output for any --threads, bad
# input (one line, exit 2), and 3 to 5 seats on the tally fixture, whose every figure is worked
# out by hand in tests/fixtures/probe/README. Needs jq.
# usage: probe_test.sh FORMICARY PLUGIN_DIR FIXTURE_DIR
set -u
EXE=$1
export FORMICARY_PLUGIN_PATH=$2:$3:$3/probe/games # the last: tally
export FORMICARY_CONFIG=
export FORMICARY_DB=
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
. "$(dirname "$0")/lib.sh"

fc --help
check "formicary --help lists probe" eval '[ $rc -eq 0 ] && has "^  probe GAME"'
fc probe --help
check "probe --help names the options" eval '[ $rc -eq 0 ] && has "--kinds" && has "--deals" && has "--html F"'

# ---- three to five seats: tally (tests/fixtures/probe/README), every figure by hand ----
near() { awk -v a="$1" -v b="$2" 'BEGIN { exit !((a - b) < 1e-4 && (b - a) < 1e-4) }'; }
# kind K's field F in the JSON of $TMP/out equals V within 1e-4
kf() {
    local v
    v=$(jq -r ".kinds[] | select(.kind == \"$1\") | .$2" "${4:-$TMP/out}")
    [ -n "$v" ] && [ "$v" != null ] && near "$v" "$3"
}
fc probe tally --players 3 --deals 2 --json "$TMP/t3.json" --csv "$TMP/t3.csv" --html "$TMP/t3.html"
check "3 seats: deals x players games a kind, deals x (1 + kinds x players) in all" eval '[ $rc -eq 0 ] && has "^probe tally: agent greedy, 3 players, 3 kinds, 2 deals each \(6 games a kind\), 20 games" && jqt ".players == 3 and .games == 20 and .timeouts == 0 and all(.kinds[]; .games == 6)" "$TMP/t3.json"'
check "3 seats: baseline share 1/3" eval 'near "$(jq .base "$TMP/t3.json")" 0.333333'
check "3 seats: take lost in every seat: share 0, loss exactly 1/3, essential" eval 'kf take share 0 "$TMP/t3.json" && kf take loss 0.333333 "$TMP/t3.json" && kf take loss_lo 0.333333 "$TMP/t3.json" && kf take loss_hi 0.333333 "$TMP/t3.json" && jqt ".kinds[0].verdict == \"essential\"" "$TMP/t3.json"'
check "3 seats: skip never used: share 1/3, loss 0 with interval [0, 0], dead" eval 'kf skip share 0.333333 "$TMP/t3.json" && kf skip loss_lo 0 "$TMP/t3.json" && kf skip loss_hi 0 "$TMP/t3.json" && jqt ".kinds[1].verdict == \"dead\"" "$TMP/t3.json"'
check "3 seats: pass unbound, the baseline exactly" eval 'kf pass binding 0 "$TMP/t3.json" && kf pass loss 0 "$TMP/t3.json" && kf pass share 0.333333 "$TMP/t3.json" && jqt ".kinds[2].verdict == \"unbound\"" "$TMP/t3.json"'
check "3 seats: bound at 4 of the 7 decisions of its three seats" eval 'kf take binding 0.571429 "$TMP/t3.json" && kf skip binding 0.571429 "$TMP/t3.json"'
check "3 seats: winners/losers with two losers pooled" eval 'kf take used_win 1 "$TMP/t3.json" && kf take used_lose 0.4 "$TMP/t3.json" && kf take ratio 2.5 "$TMP/t3.json" && kf pass used_win 0 "$TMP/t3.json" && kf pass used_lose 0.6 "$TMP/t3.json"'
check "3 seats: table rows" eval 'has "^  take +0\.000 +\[0\.000, 0\.[0-9]+\] +\+0\.333 +\[\+0\.333, \+0\.333\] +essential +0\.571 +1\.000 / 0\.400 +2\.50$" && has "^  pass +0\.333 .* unbound +0\.000 +0\.000 / 0\.600 +0\.00$" && has "baseline 0\.333 minus it"'
check "3 seats: CSV" eval 'grep -Eq "^take,6,0\.0000,0\.0000,0\.[0-9]+,0\.3333,0\.3333,0\.3333,0\.3333,essential,0\.5714,1\.0000,0\.4000,2\.5000$" "$TMP/t3.csv" && grep -Eq "^skip,6,0\.3333,.*,0\.3333,0\.0000,0\.0000,0\.0000,dead,0\.5714,0\.0000,0\.0000,0\.0000$" "$TMP/t3.csv"'
check "3 seats: HTML names them" eval 'grep -q "3 players, 2 deals per kind" "$TMP/t3.html" && grep -q "baseline share 0.333" "$TMP/t3.html"'
well_formed "3 seats: HTML well-formed" "$TMP/t3.html"
fc probe tally --players 3 --deals 2 --threads 3 --json "$TMP/t3b.json"
check "3 seats: the same figures on 3 threads" eval '[ $rc -eq 0 ] && cmp -s <(jq -S "del(.threads)" "$TMP/t3.json") <(jq -S "del(.threads)" "$TMP/t3b.json")'
fc probe tally --players 4 --deals 2 --json -
check "4 seats: 26 games, B 1/4, take loses 1/4, bound 5/11, losers take 1/3" eval '[ $rc -eq 0 ] && jqt ".players == 4 and .games == 26 and all(.kinds[]; .games == 8)" && near "$(jq .base "$TMP/out")" 0.25 && kf take loss_lo 0.25 && kf take loss_hi 0.25 && kf take binding 0.454545 && kf take used_lose 0.333333 && kf pass used_lose 0.666667 && kf skip share 0.25'
fc probe tally --players 5 --deals 3 --json -
check "5 seats: 48 games, B 1/5, take loses 1/5, bound 6/16" eval '[ $rc -eq 0 ] && jqt ".players == 5 and .games == 48 and all(.kinds[]; .games == 15)" && near "$(jq .base "$TMP/out")" 0.2 && kf take loss_lo 0.2 && kf take loss_hi 0.2 && kf take binding 0.375 && kf take used_lose 0.285714 && jqt ".kinds[0].verdict == \"essential\" and .kinds[1].verdict == \"dead\""'
fc probe tally --players 3 --deals 2 --set lead=0 --json -
check "3-way first places: B 1/3, and skip-restricted in a 3-way tie keeps 1/3" eval '[ $rc -eq 0 ] && near "$(jq .base "$TMP/out")" 0.333333 && kf take loss 0.333333 && kf skip share 0.333333 && kf skip loss_hi 0 && kf take used_lose 0 && kf take used_win 0.5'
fc probe tally --players 3 --deals 2 --set lead=0 --db "$TMP/runs.db"
fc runs export 1 --db "$TMP/runs.db"
check "runs database: no ratio for a kind losers never used (take, winners only; skip, nobody)" eval '[ $rc -eq 0 ] && has "^\"\",\"ratio:take\",,,,,\"winners only: losers never used the kind\"$" && has "^\"\",\"ratio:skip\",,,,,\"nobody used the kind\"$" && has "^\"\",\"loss:take\",0\.333"'
fc probe tally --players 3 --deals 2 --max-decisions 1 --json -
check "every game a timeout: B 0, no verdict from the thresholds" eval '[ $rc -eq 0 ] && jqt ".timeouts == 20 and .base == 0 and .kinds[0].verdict == \"unclear\" and .kinds[1].verdict == \"unclear\""'
fc probe tally --players 6
check "probe: more players than the game takes" eval '[ $rc -eq 2 ] && one_line_err && has "tally takes 2..5 players, not 6" err'
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
check "probe: one deal" eval '[ $rc -eq 2 ] && one_line_err && has "2\.\.1000000" err'
fc probe hive --deals 0
check "probe: no deals, the range said as it is (2..)" eval '[ $rc -eq 2 ] && one_line_err && has "2\.\.1000000" err'
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
fc probe hive --deals 2 --kinds place,move,climb --opening 10000 --json -
check "--opening longer than the game: no agent decides, every kind unbound, nobody's usage counted" eval '[ $rc -eq 0 ] && jqt ".opening == 10000 and all(.kinds[]; .verdict == \"unbound\" and .binding == 0 and .used_win == 0 and .used_lose == 0 and .loss == 0)"'
fc probe hive --deals 3 --kinds move --agent ab:depth=1 --opening 4 --threads 1 --json "$TMP/o1.json"
fc probe hive --deals 3 --kinds move --agent ab:depth=1 --opening 4 --threads 3 --json "$TMP/o3.json"
check "--opening: the same figures on 3 threads, the opening named" eval '[ $rc -eq 0 ] && has "^opening: the first 4 decisions of every game random" && cmp -s <(jq -S "del(.threads)" "$TMP/o1.json") <(jq -S "del(.threads)" "$TMP/o3.json")'
fc probe hive --opening -1
check "probe: a negative opening" eval '[ $rc -eq 2 ] && one_line_err && has "--opening" err'
fc probe hive --deals 2 --kinds move --agent random --json -
check "--kinds and another agent" eval '[ $rc -eq 0 ] && jq -e "(.kinds | length) == 1 and .kinds[0].kind == \"move\" and .games == 6" "$TMP/out" >/dev/null'
finish
