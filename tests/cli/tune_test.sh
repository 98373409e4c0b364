#!/usr/bin/env bash
# End-to-end tests of `formicary tune` (docs/tuning.md) against the built plugins: real searches
# on Myrmes and Marabunta with small budgets, the winner's INI read back by sim --rules, CSV and
# JSON well-formed (jq, python3), determinism across thread counts, and bad input.
# usage: tune_test.sh FORMICARY PLUGIN_DIR FIXTURE_DIR
set -u
. "$(dirname "$0")/lib.sh"
study_setup "$@"

BUDGET=300
FC_GUARD=120 # a tune of BUDGET Myrmes games on a loaded machine
if [ "${FC_UNDER_VALGRIND:-}" = 1 ] && command -v valgrind >/dev/null; then
    FC_WRAP=(valgrind --quiet --error-exitcode=99 --leak-check=full --show-leak-kinds=definite,indirect
             --errors-for-leak-kinds=definite,indirect)
    BUDGET=120
    FC_GUARD=1200
fi

fc tune --help
check "tune --help names the options" eval '[ $rc -eq 0 ] && has "^usage: formicary tune GAME" && has "--param" && has "--target" && has "--budget-seconds" && has "--ini F"'
fc --help
check "formicary --help lists tune" eval '[ $rc -eq 0 ] && has "^  tune GAME"'

# ---- bad input (fixture game: fast) ----
fc tune bidrace --param gaol=5..40 --target 'rounds<=5'
check "unknown parameter: one line, did you mean" eval '[ $rc -eq 1 ] && one_line_err && has "unknown parameter .gaol.*did you mean .goal." err'
fc tune bidrace --param goal=40..5 --target 'rounds<=5'
check "reversed range: empty range" eval '[ $rc -eq 2 ] && one_line_err && has "empty range" err'
fc tune bidrace --param goal=5..40:0 --target 'rounds<=5'
check "step 0 refused" eval '[ $rc -eq 2 ] && one_line_err && has "step 0 must be > 0" err'
fc tune bidrace --param goal=5to40 --target 'rounds<=5'
check "range syntax" eval '[ $rc -eq 2 ] && one_line_err && has "NAME=LO..HI" err'
fc tune bidrace --param goal=1..40 --target 'rounds<=5'
check "range outside the declared bounds" eval '[ $rc -eq 1 ] && one_line_err && has "outside the declared range 5\.\.200" err'
fc tune bidrace --param start_positions=0..3 --target 'rounds<=5'
check "a list parameter cannot be tuned" eval '[ $rc -eq 1 ] && one_line_err && has "int-list parameter cannot be tuned" err'
fc tune bidrace --param goal=5..40 --target 'rounds<5'
check "malformed target: relation" eval '[ $rc -eq 2 ] && one_line_err && has "not a relation" err'
fc tune bidrace --param goal=5..40 --target 'rounds<=few'
check "malformed target: value" eval '[ $rc -eq 2 ] && one_line_err && has "not a number" err'
fc tune bidrace --param goal=5..40 --target 'rouns=5'
check "unknown metric: did you mean" eval '[ $rc -eq 2 ] && one_line_err && has "did you mean .rounds." err'
fc tune bidrace --param goal=5..40
check "no target" eval '[ $rc -eq 2 ] && one_line_err && has "--target" err'
fc tune bidrace --target 'rounds<=5'
check "no parameter" eval '[ $rc -eq 2 ] && one_line_err && has "--param" err'
fc tune bidrace --param goal=5..40 --target 'rounds<=5' --budget-games 10 --budget-seconds 1
check "two budgets" eval '[ $rc -eq 2 ] && one_line_err'
check "two budgets: the message" has "^formicary: tune: give --budget-games or --budget-seconds, not both$" err
fc tune bidrace --param goal=5..40 --target 'rounds<=5' --budget-seconds soon
check "a budget that is not seconds" eval '[ $rc -eq 2 ] && one_line_err && has "^formicary: tune: option --budget-seconds: .soon. is not a number of seconds in 0\.001\.\.1e7$" err'
fc tune bidrace --param goal=5..40 --target 'rounds<=5' --csv - --json -
check "two files on stdout refused" eval '[ $rc -eq 2 ] && one_line_err && has "standard output" err'
fc tune bidrace --param goal=5..40 --target 'rounds<=5' --agents random,random,random
check "more agents than players" eval '[ $rc -eq 2 ] && one_line_err && has "agents" err'

# ---- a search on the fixture: bool and enum parameters, unreachable target ----
fc tune bidrace --param goal=5..40:5 --param bid_refund=0..1 --target 'rounds<=2' --target 'rounds>=1000' \
    --agents random --budget-games 200 --seed 4 --csv "$TMP/b.csv" --json "$TMP/b.json"
check "unreachable target reported, not an error" eval '[ $rc -eq 0 ] && has "^target rounds>=1000: not reached; closest [0-9.]+ \[" && has "^winner: goal=[0-9]+ bid_refund=(true|false)"'
check "bool values written as the schema writes them" eval 'grep -Eq ",(true|false),[0-9]+,[0-9]+,(winner|survivor|dropped|explored)," "$TMP/b.csv"'
check "detectable difference from the winner: a column in the table, none for the winner, positive for the others" eval '
    has "^  rank +goal +bid_refund +games +rounds +rounds +loss +detectable +status" && has "^  1 .* - +winner" &&
    has "^detectable: the smallest true difference of loss from the winner" &&
    jq -e ".winner.mde == null and ([.candidates[] | select(.status != \"winner\") | .mde | select(. != null)] | length) >= 2 and all(.candidates[]; .mde == null or .mde > 0)" "$TMP/b.json" >/dev/null'
check "CSV: mde after the loss interval, the same as the JSON" eval 'python3 -c "
import csv, json, sys
rows = list(csv.reader(l for l in open(sys.argv[1]) if not l.startswith(\"#\")))
doc = json.load(open(sys.argv[2]))
h = rows[0]
assert h[h.index(\"loss_hi\") + 1] == \"mde\", h
byid = {c[\"id\"]: c[\"mde\"] for c in doc[\"candidates\"]}
for r in rows[1:]:
    m, j = r[h.index(\"mde\")], byid[int(r[0])]
    assert (m == \"\") == (j is None) and (j is None or abs(float(m) - j) < 1e-4 * j), (r[0], m, j)
" "$TMP/b.csv" "$TMP/b.json" && grep -q "^# mde: the smallest true difference of loss" "$TMP/b.csv"'

have_game myrmes && {
    # years=2 gives 6 rounds (3 per year): a reachable target with one answer
    fc tune myrmes --param years=1..3 --param winter_penalty=0..6:2 --target rounds=6 --target 'balance>=0.8' \
        --budget-games $BUDGET --seed 2 --csv "$TMP/m.csv" --json "$TMP/m.json" --ini "$TMP/best.ini" --html "$TMP/m.html"
    check "myrmes: a reachable target met by the winner" eval '[ $rc -eq 0 ] && has "^winner: years=2 winter_penalty=[0-9]+" && has "^  1 +2 +[0-9]+ +[0-9]+ +6\.000 \[6\.000, 6\.000\] met" && has "^target rounds=6: met by [1-9]"'
    check "myrmes: budget respected" eval 'jq -e ".games <= $BUDGET and .games > 0 and .deterministic == true" "$TMP/m.json" >/dev/null'
    check "JSON: candidates, winner, targets, progress" eval 'jq -e "(.candidates | length) > 1 and .winner.values.years == 2 and .winner.status == \"winner\" and (.targets | length) == 2 and (.progress | length) > 0 and ([.candidates[] | select(.front)] | length) >= 1" "$TMP/m.json" >/dev/null'
    check "CSV: one row per candidate, every row as wide as the header" eval 'python3 -c "
import csv, json, sys
rows = list(csv.reader(l for l in open(sys.argv[1]) if not l.startswith(\"#\")))
doc = json.load(open(sys.argv[2]))
assert len(rows) - 1 == len(doc[\"candidates\"]), (len(rows), len(doc[\"candidates\"]))
assert all(len(r) == len(rows[0]) for r in rows)
assert rows[0][:3] == [\"id\", \"years\", \"winter_penalty\"]
assert sum(r[5] == \"winner\" for r in rows[1:]) == 1
" "$TMP/m.csv" "$TMP/m.json"'
    check "INI of the winner" eval 'grep -q "^game = myrmes" "$TMP/best.ini" && grep -q "^years = 2" "$TMP/best.ini" && grep -q "^\[params\]" "$TMP/best.ini"'
    fc sim myrmes --rules "$TMP/best.ini" --games 20 --json -
    check "sim --rules reads the winner's INI: its rule set, 6 rounds a game" eval '[ $rc -eq 0 ] && jq -e ".designs[0].rules == \"best\" and .designs[0].metrics.rounds.min == 6 and .designs[0].metrics.rounds.max == 6" "$TMP/out" >/dev/null'
    check "HTML report written" eval 'grep -q "formicary tune: myrmes" "$TMP/m.html" && grep -q "<svg" "$TMP/m.html"'
    # the same search with 2 threads: the same result (the time aside)
    fc tune myrmes --param years=1..3 --param winter_penalty=0..6:2 --target rounds=6 --target 'balance>=0.8' \
        --budget-games $BUDGET --seed 2 --threads 2 --json "$TMP/m2.json"
    check "the result does not depend on the thread count" eval '[ $rc -eq 0 ] && diff <(jq -S "del(.seconds, .threads)" "$TMP/m.json") <(jq -S "del(.seconds, .threads)" "$TMP/m2.json") >/dev/null'
    fc tune myrmes --param years=1..3 --target rounds=6 --budget-games 100 --seed 3 --json -
    check "--json - writes only JSON to stdout" eval '[ $rc -eq 0 ] && jq -e ".winner.values.years == 2" "$TMP/out" >/dev/null'
    fc tune myrmes --param years=1..3 --target rounds=6 --budget-games 100 --seed 3 --ini -
    check "--ini - writes only the rule set to stdout" eval '[ $rc -eq 0 ] && has "^name = tuned$" && has "^years = 2$" && ! has "^winner"'
    fc tune myrmes --param years=1..3 --target rounds=100 --budget-games 100
    check "myrmes: unreachable rounds=100 reported with the closest value" eval '[ $rc -eq 0 ] && has "^target rounds=100: not reached; closest 9\.000 .* with years=3"'
    # the base (short: 2 years; harsh_winter: 3 winter amounts) is refused as it stands, but the
    # search finds the valid design, and its INI with the variant plays
    fc tune myrmes --rules short --variant harsh_winter --players 3 --agents random --param years=1..3 \
        --target rounds=9 --budget-games 100 --ini "$TMP/hw.ini"
    check "a base the game refuses is searched into a valid design" eval '[ $rc -eq 0 ] && has "^winner: years=3" && has "^2 candidates refused by the game.s parameter check"'
    fc sim myrmes --rules "$TMP/hw.ini" --variant harsh_winter --seats 3 --games 6
    check "its INI plays with the variant" eval '[ $rc -eq 0 ] && has "^rules: rule set .hw., variant harsh_winter\.lua" && grep -q "^; tuned under the variant .harsh_winter." "$TMP/hw.ini"'
    fc tune myrmes --param years=1..3 --target rounds=6 --budget-seconds 0.5
    # half a second of wall time may not reach every candidate (valgrind, a sanitizer build on a
    # loaded machine): the winner is checked only when all three were played
    check "budget in seconds says the result depends on speed" eval '[ $rc -eq 0 ] && has "depends on this machine.s speed" && { ! has " of 3 candidates" || has "^winner: years=2"; }'
}

have_game marabunta && {
    fc tune marabunta --param no_ant_hills=0..1 --param start_player=-1..1 --target 'first_player_advantage=0' \
        --target 'margin<=10' --budget-games $BUDGET --seed 1 --agents random --ini "$TMP/mb.ini"
    check "marabunta: bool and int parameters, two targets" eval '[ $rc -eq 0 ] && has "^winner: no_ant_hills=(true|false) start_player=-?[01]" && has "^target margin<=10"'
    fc sim marabunta --rules "$TMP/mb.ini" --games 10
    check "marabunta: sim --rules reads the winner's INI" eval '[ $rc -eq 0 ] && has "^rules: rule set .mb., no variant"'
    # a variant's own knob (param() in raid_bonus.lua): searched like a game parameter, written
    # to the INI, which sim reads back together with the variant
    fc tune marabunta --variant raid_bonus --param raid_bonus=0..8:4 --target 'margin<=6' --budget-games 60 \
        --seed 1 --agents random --ini "$TMP/rb.ini" --json "$TMP/rb.json"
    check "marabunta: a variant's declared parameter is tuned" eval '[ $rc -eq 0 ] && jq -e ".winner.values.raid_bonus >= 0 and (.candidates | length) >= 2" "$TMP/rb.json" >/dev/null'
    best=$(jq -r ".winner.values.raid_bonus" "$TMP/rb.json")
    check "its INI sets the knob" eval 'grep -q "^raid_bonus = $best\$" "$TMP/rb.ini" && grep -q "^; tuned under the variant .raid_bonus." "$TMP/rb.ini"'
    fc rules marabunta --rules "$TMP/rb.ini" --variant raid_bonus
    check "rules --rules INI --variant: the knob from the INI" eval '[ $rc -eq 0 ] && has "^  raid_bonus +int +3 +0\.\.10 +$best +.*rb\.ini:[0-9]+ "'
    fc sim marabunta --rules "$TMP/rb.ini" --variant raid_bonus --games 6
    check "sim --rules INI --variant plays the design" eval '[ $rc -eq 0 ] && has "^rules: rule set .rb., variant raid_bonus\.lua \(hooks region_score\), raid_bonus=[0-9]+ \(rb\.ini:[0-9]+\)"'
    fc sim marabunta --rules "$TMP/rb.ini" --games 6
    check "without the variant the knob is unknown: one line naming the INI line" eval '[ $rc -eq 1 ] && one_line_err && has "rb\.ini:[0-9]+: unknown parameter .raid_bonus." err'
    fc tune marabunta --variant raid_bonus --param raid_bonus=0..11 --target 'margin<=6'
    check "a variant parameter's declared range bounds the search" eval '[ $rc -eq 1 ] && one_line_err && has "outside the declared range 0\.\.10" err'
    fc tune marabunta --param raid_bonus=0..8 --target 'margin<=6'
    check "a variant parameter without its variant is unknown" eval '[ $rc -eq 1 ] && one_line_err && has "unknown parameter .raid_bonus." err'
}

finish
