#!/usr/bin/env bash
# Sensitivity screening (`formicary sensitivity GAME`, docs/metrics.md "Sensitivity") on the
# bidrace fixture: one at a time and Morris, the ranked table, JSON, CSV and the HTML page with a
# tornado chart per metric; the same JSON on 1 and 2 threads; an end Myrmes refuses; the run kept
# in the runs database; bad input as one line and exit 2.
# usage: sensitivity_test.sh FORMICARY PLUGIN_DIR FIXTURE_DIR
set -u
. "$(dirname "$0")/lib.sh"
study_setup "$@"

OAT=(bidrace --param goal=10..30 --param die_sides --metric rounds --metric seat_win:1 --games 12 --seats random)
fc sensitivity "${OAT[@]}" --json oat.json --csv oat.csv --html oat.html
check "one at a time: exit 0, a ranked table per metric" eval '[ $rc -eq 0 ] && has "^sensitivity bidrace: one at a time, 2 parameters, 12 games per point" && has "^rounds: baseline [0-9.]+ \[" && has "^seat_win:1: baseline 0\.[0-9]+ \[" && has "^  rank +parameter +base +low +effect at low"'
check "the track length moves the rounds: goal's high end is significant and positive" eval 'jqt "(.metrics[0].ranking[] | select(.param == \"goal\")) as \$g | \$g.significant and \$g.effect_high.lo > 0 and \$g.effect_low.hi < 0" oat.json'
check "JSON: method, points, games, parameters with their ends" eval 'jqt ".method == \"oat\" and .points == 5 and .games == 60 and .games_per_point == 12 and (.params | length) == 2 and .params[0].lo == \"10\" and .params[1].lo == \"2\" and .params[1].hi == \"12\" and .params[1].base == \"6\"" oat.json'
check "the ranking is by the larger |effect| of the two ends" eval 'jqt "[.metrics[0].ranking[].importance] | (.[0] >= .[1])" oat.json'
check "CSV: a header and one row per metric and parameter" eval 'grep -q "^metric,rank,parameter,lo,hi,base," oat.csv && [ "$(grep -c "^rounds,\|^seat_win:1," oat.csv)" -eq 4 ]'
check "HTML: a tornado per metric with the baseline" eval 'grep -q "Sensitivity" oat.html && [ "$(grep -c "<title>baseline " oat.html)" -eq 2 ] && grep -q "low end" oat.html'
well_formed "HTML: well-formed" oat.html
fc sensitivity "${OAT[@]}" --threads 2 --json t2.json
check "the same on 2 threads" eval '[ $rc -eq 0 ] && diff <(jq -S "del(.seconds, .threads)" oat.json) <(jq -S "del(.seconds, .threads)" t2.json)'

fc sensitivity bidrace --method morris --levels 4 --trajectories 4 --param goal=10..30 --param bid_refund --metric rounds --games 6 --seats random --json -
check "Morris: mu*, mu and sigma with intervals, --json - replaces the table" eval '[ $rc -eq 0 ] && jqt ".method == \"morris\" and .points == 13 and .trajectories == 4 and (.metrics[0].ranking[0] | .mu_star.value >= 0 and .mu_star.lo <= .mu_star.value and .effects == 4 and (.sigma | has(\"hi\")))" && ! has "^sensitivity "'
fc sensitivity bidrace --method morris --trajectories 3 --param goal=10..30 --param die_sides --metric rounds --games 4 --seats random --html m.html
check "Morris: the table by mu* and a mu* chart per metric" eval '[ $rc -eq 0 ] && has "ranked by mu\*" && has "^  rank +parameter +range +mu\* \[95%\]" && grep -q "mu\*, the mean |elementary effect|" m.html'

fc sensitivity bidrace --games 3 --seats random --metric rounds --set tokens=12 --json -
check "no --param: every int and bool parameter the --set does not fix" eval '[ $rc -eq 0 ] && jqt "[.params[].name] == [\"goal\", \"die_sides\", \"max_rounds\", \"bid_refund\"]"'

if "$EXE" list 2>/dev/null | grep -q '^myrmes '; then
    fc sensitivity myrmes --param years=2..4 --param base_moves=2..4 --metric rounds --games 4 --json ref.json
    check "an end the game refuses is reported, the other end still ranks it" eval '[ $rc -eq 0 ] && has "^refused: years=4: winter_food: no food amount for year 4" && has "^  1 +years +3 +2 +-3\.00 \[-3\.00, -3\.00\] +4 +refused +yes$" && jqt ".refused == 1 and .params[0].high_refused != null and .metrics[0].ranking[0].effect_high.value == null" ref.json'
else
    skip "an end the game refuses is reported" "no myrmes plugin"
fi

FORMICARY_DB=$TMP/runs.db fc sensitivity "${OAT[@]}"
FORMICARY_DB=$TMP/runs.db fc runs show 1
check "the screening is kept in the runs database" eval '[ $rc -eq 0 ] && has "^run 1: sensitivity bidrace, complete" && has "rounds:die_sides .*rank 1, significant" && has "^ *base +rounds "'
check "each design point's values are kept: the base, then each end" eval 'has "^  base +values .* the base values$" && has "^  p1 +values .* goal=10$" && has "^  p2 +values .* goal=30$" && has "^  p4 +values .* die_sides=12$"'
FORMICARY_DB=$TMP/runs.db fc runs export 1 --csv exp.csv
check "runs export: 12 games per design point (base, p1..p4), 60 in all" eval '[ $rc -eq 0 ] && [ "$(grep -c "^base," exp.csv)" -eq 12 ] &&
    for d in p1 p2 p3 p4; do [ "$(grep -c "^$d," exp.csv)" -eq 12 ] || exit 1; done && [ "$(grep -vc "^#\|^design," exp.csv)" -eq 60 ] &&
    grep -q "^# one row per game and design (design base: the base values, pN: design point N" exp.csv'
got=$(awk -F, '/^base,/ { w += $6; r += $13; n++ } END { if (n) printf "%.6f %.6f", w / n, r / n }' exp.csv)
want=$(jq -r '[(.metrics[] | select(.metric == "seat_win:1") | .baseline.value), (.metrics[] | select(.metric == "rounds") | .baseline.value)] | map(tostring) | join(" ")' oat.json)
check "the base games' seat 1 win share and rounds are the screening's baselines ($got / $want)" eval '[ -n "$got" ] && [ -n "$want" ] &&
    awk -v g="$got" -v w="$want" "BEGIN { split(g, a, \" \"); split(w, b, \" \"); exit !((a[1] - b[1])^2 < 1e-8 && (a[2] - b[2])^2 < 1e-8 && b[2] > 0) }"'
if "$EXE" list 2>/dev/null | grep -q '^myrmes '; then
    FORMICARY_DB=$TMP/runs.db fc sensitivity myrmes --param years=2..4 --param base_moves=2..4 --metric rounds --games 4
    FORMICARY_DB=$TMP/runs.db fc runs export 2 --csv ref.csv
    check "a refused point: its values and why, no games; games played counts the rows" eval '[ $rc -eq 0 ] &&
        FORMICARY_DB=$TMP/runs.db fc runs show 2 && has "^  p2 +values .* years=4: refused: winter_food" && has "games 16 of 20" &&
        [ "$(grep -c "^p2," ref.csv)" -eq 0 ] && [ "$(grep -c "^p1," ref.csv)" -eq 4 ]'
fi

fc sensitivity bidrace --param gaol --games 4
check "an unknown parameter: exit 2, one line with the closest name" eval '[ $rc -eq 2 ] && one_line_err && has "unknown parameter .gaol. of bidrace \(did you mean .goal.\?\)" err'
fc sensitivity bidrace --param goal=30..10 --games 4
check "an empty range: exit 2, one line" eval '[ $rc -eq 2 ] && one_line_err && has "empty range" err'
fc sensitivity bidrace --param goal=1..30 --games 4
check "a range outside the declared one: exit 2" eval '[ $rc -eq 2 ] && one_line_err && has "outside the declared range 5..200" err'
fc sensitivity bidrace --param track --games 4
check "a parameter that is not a number: exit 2" eval '[ $rc -eq 2 ] && one_line_err && has "track: a path parameter cannot be tuned" err'
fc sensitivity bidrace --metric roundz --games 4
check "an unknown metric: exit 2, the closest name" eval '[ $rc -eq 2 ] && one_line_err && has "unknown metric .roundz. \(did you mean .rounds.\?\)" err'
fc sensitivity bidrace --method sobol
check "an unknown method: exit 2" eval '[ $rc -eq 2 ] && one_line_err && has "unknown method .sobol." err'
fc sensitivity bidrace --method morris --levels 3
check "odd levels: exit 2" eval '[ $rc -eq 2 ] && one_line_err && has "levels" err'
fc sensitivity bidrace --levels 4
check "Morris options without --method morris: exit 2" eval '[ $rc -eq 2 ] && one_line_err'
fc sensitivity bidrace --games 1
check "one game per point: exit 2" eval '[ $rc -eq 2 ] && one_line_err'
fc sensitivity bidrace --set goal=20 --set tokens=10 --set die_sides=6 --set max_rounds=30 --set bid_refund=false
check "nothing left to screen: exit 2, one line" eval '[ $rc -eq 2 ] && one_line_err && has "declares no int or bool parameter to screen \(besides those --set fixes\)" err'
fc sensitivity bidrace --method morris --trajectories 1000 --games 100000
check "a run too large to keep: exit 2 before any game" eval '[ $rc -eq 2 ] && one_line_err && has "design points x 100000 games" err'
fc sensitivity bidrace --set start_positions=15,15 --param goal=5..30 --games 4 --seats random
check "a game that fails once started: exit 1, one line naming the design point" eval '[ $rc -eq 1 ] && one_line_err && has "design point 1 \(goal=5\): bidrace: start position 15 of seat 1 is not below goal 5" err'
fc sensitivity nogame
check "an unknown game: exit 2, one line" eval '[ $rc -eq 2 ] && one_line_err'
fc sensitivity bidrace --seats grredy
check "an unknown agent: exit 2" eval '[ $rc -eq 2 ] && one_line_err && has "grredy" err'
fc sensitivity bidrace --opening -1
check "a negative opening: exit 2" eval '[ $rc -eq 2 ] && one_line_err && has "--opening" err'
if have_game hive; then
    # ab at a fixed depth plays every deal of Hive the same way: a baseline of zero width; a
    # random opening from each deal's seed varies the deals (the same at every point)
    fc sensitivity hive --seats ab:depth=1 --param queen_turn=2..6 --metric decisions --games 6 --json -
    check "a deterministic agent without an opening: every deal the same game" eval '[ $rc -eq 0 ] && jqt ".opening == 0 and .metrics[0].baseline.lo == .metrics[0].baseline.hi"'
    fc sensitivity hive --seats ab:depth=1 --param queen_turn=2..6 --metric decisions --games 6 --opening 4 --json o1.json
    check "--opening: varied deals, named in the table" eval '[ $rc -eq 0 ] && has "^opening: the first 4 decisions of every game random" && jqt ".opening == 4 and .metrics[0].baseline.lo < .metrics[0].baseline.hi" o1.json'
    fc sensitivity hive --seats ab:depth=1 --param queen_turn=2..6 --metric decisions --games 6 --opening 4 --threads 3 --json o3.json
    check "--opening: the same JSON on 3 threads" eval '[ "$(jq -S "del(.threads, .seconds)" o1.json)" = "$(jq -S "del(.threads, .seconds)" o3.json)" ]'
fi
fc --help
check "the command is listed in --help" eval 'has "^  sensitivity GAME "'
finish
