#!/usr/bin/env bash
# Luck by source (`formicary luck GAME`, docs/metrics.md "Luck by source"): the fixture's one
# source ("chance", a game without chance_source) and the agents, both shares (total effect and
# first order) in a table, CSV, JSON and HTML
# that agree, the same on 1 and 3 threads, the runs database; bad input is one line and exit 2
# (Hive has no chance); Marabunta's three named sources in a small run.
# usage: luck_test.sh FORMICARY PLUGIN_DIR FIXTURE_DIR
set -u
. "$(dirname "$0")/lib.sh"
study_setup "$@"

fc luck bidrace --weak random --strong greedy --groups 12 --boot 200 --csv t1.csv --json t1.json --html t1.html
check "a run: exit 0, the header and both strengths" eval '[ $rc -eq 0 ] && has "^luck bidrace: 2 players, 1 source \+ agents, 12 groups x 3 games per strength" && has "^weak: random in every seat; 36 games" && has "^strong: greedy in every seat"'
check "the table: a row per source and outcome, weak, strong and the difference" eval 'has "^  win +chance +[0-9.]+ \[[0-9.]+, [0-9.]+\] +[0-9.]+ \[" && has "^  +agents +" && has "^  margin +chance +" && has "^  +\(sum\) +"'
check "JSON: sources, setup source, shares with intervals per strength" eval 'jqt ".sources == [\"chance\"] and .setup_source == \"chance\" and (.strengths | length) == 2 and .strengths[0].agent == \"random\" and (.strengths[0].win.shares.chance.value | type) == \"number\" and (.strengths[1].margin.strong_minus_weak | has(\"agents\")) and .games == 72" t1.json'
check "CSV: a row per strength, outcome and source (with the sum)" eval '[ "$(grep -c "^weak,\|^strong," t1.csv)" -eq 12 ] && grep -q "^strong,\"greedy\",margin,agents," t1.csv'
check "the first-order table: both strengths, the difference and the sum" eval 'has "^first-order share" && [ "$(sed -n "/^first-order share/,\$p" out | grep -c "^  \(win\|margin\|    \)  *\(chance\|agents\|(sum)\) ")" -eq 6 ]'
check "JSON: first-order shares with intervals, their sum and strong - weak" eval 'jqt "(.strengths[0].win.first_order.chance.value | type) == \"number\" and (.strengths[0].margin.first_order.agents.lo | type) == \"number\" and (.strengths[1].win.first_order_sum.value | type) == \"number\" and (.strengths[1].margin.strong_minus_weak_first_order | has(\"chance\"))" t1.json'
check "JSON and CSV give the same first-order share" eval '[ "$(jq -r ".strengths[1].margin.first_order.agents.value*1000|round" t1.json)" = "$(awk -F, "/^strong,\"greedy\",margin,agents,/ {printf \"%d\", \$8*1000+(\$8<0?-0.5:0.5)}" t1.csv)" ]'
check "JSON and CSV give the same share" eval '[ "$(jq -r ".strengths[0].win.shares.chance.value*1000|round" t1.json)" = "$(awk -F, "/^weak,\"random\",win,chance,/ {printf \"%d\", \$5*1000+0.5}" t1.csv)" ]'
check "HTML: a chart per strength with both shares of each source" eval 'grep -q "Luck by source" t1.html && [ "$(grep -c "<figcaption>\(Weak\|Strong\) agent" t1.html)" -eq 2 ] && [ "$(grep -c "<title>win, chance: first-order: \|<title>win, chance: total: " t1.html)" -eq 4 ] && grep -q "first-order, weak" t1.html'
well_formed "HTML: well-formed" t1.html
fc luck bidrace --weak random --strong greedy --groups 12 --boot 200 --threads 3 --json t3.json
check "the same on 3 threads" eval '[ $rc -eq 0 ] && diff <(jq -S "del(.seconds, .threads)" t1.json) <(jq -S "del(.seconds, .threads)" t3.json)'
fc luck bidrace --weak random --strong greedy --groups 12 --boot 200 --seed 2 --json s2.json
check "another seed, other games" eval '[ $rc -eq 0 ] && ! diff -q <(jq -S "del(.seconds, .seed)" t1.json) <(jq -S "del(.seconds, .seed)" s2.json) >/dev/null'
FORMICARY_DB=$TMP/runs.db fc luck bidrace --weak random --strong greedy --groups 4 --boot 20
FORMICARY_DB=$TMP/runs.db fc runs show 1
check "the run is kept in the runs database with each share" eval '[ $rc -eq 0 ] && has "^run 1: luck bidrace, complete" && has "share:weak:win:chance" && has "first:strong:margin:agents"'

fc luck hive
check "hive has no chance: one line, exit 2" eval '[ $rc -eq 2 ] && one_line_err && has "^formicary: luck: hive has no chance" err'
fc luck bidrace --weak nosuch
check "an unknown agent: one line, exit 2" eval '[ $rc -eq 2 ] && one_line_err && has "nosuch" err'
fc luck bidrace --groups 1
check "fewer than 2 groups: exit 2" eval '[ $rc -eq 2 ] && one_line_err && has "groups" err'
fc luck bidrace --reps 1
check "one game per group: exit 2" eval '[ $rc -eq 2 ] && one_line_err && has "reps" err'
fc luck bidrace --set nosuch=3
check "an unknown parameter: exit 2" eval '[ $rc -eq 2 ] && one_line_err && has "nosuch" err'
fc luck nosuchgame
check "an unknown game: exit 2" eval '[ $rc -eq 2 ] && one_line_err'
fc luck bidrace --json - --csv -
check "two outputs to stdout: exit 2" eval '[ $rc -eq 2 ] && one_line_err'

if "$EXE" list 2>/dev/null | grep -q '^marabunta '; then
    fc luck marabunta --weak random --strong greedy --groups 3 --boot 20 --json m.json
    check "marabunta names its sources: setup, tiles, dice" eval '[ $rc -eq 0 ] && jqt ".sources == [\"setup\",\"tiles\",\"dice\"] and .setup_source == \"setup\" and .games == 2 * 3 * 9" m.json'
else
    skip "marabunta names its sources" "no marabunta plugin"
fi
finish
