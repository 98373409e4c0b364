#!/usr/bin/env bash
# Balance contracts (`formicary check GAME DESIGN.ini`, docs/metrics.md "Balance contracts"): a
# contract that is met exits 0, one not met 1, one the games cannot decide 3, a broken file 2
# with one line naming file:line; JSON and HTML say the same; the thread count changes nothing;
# design.ini is not a rule set; and one shipped contract holds on the current rules.
# usage: check_test.sh FORMICARY PLUGIN_DIR FIXTURE_DIR
set -u
EXE=$(realpath "$1")
export FORMICARY_PLUGIN_PATH=$(realpath "$2"):$(realpath "$3")
export FORMICARY_CONFIG=
SRC=$(cd "$(dirname "$0")/../.." && pwd)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
. "$(dirname "$0")/lib.sh"
cd "$TMP" || exit 1
jqt() { jq -e "$1" "${2:-$TMP/out}" >/dev/null 2>&1; }

cat >met.ini <<'EOF'
[contract]
agents = mcts:iters=40,random   ; a searching bot against random, both rotations of every deal
games = 200
[target length]
metric = rounds
min = 1
[target strength]
metric = beats:mcts:iters=40,random
min = 0.6
doc = search wins most pairs
EOF
fc check bidrace met.ini --json met.json --html met.html
check "a contract that is met: exit 0" eval '[ $rc -eq 0 ] && has "^contract MET: 2 met, 0 not met, 0 undecided"'
check "one line per target with estimate, interval and verdict" eval 'has "^  length +rounds +contract +>= 1 +[0-9.]+ +[0-9.]+\.\.[0-9.]+ +[0-9]+ +[0-9]+ +met$" && has "^  strength +beats:mcts:iters=40,random +seats swapped +>= 0.6 +0\.[0-9]+ +0\.[0-9]+\.\.[01]\.[0-9]+ .* met$"'
check "the terminal says the rules and agents" eval 'has "^rules: rule set .default., no variant" && has "^agents: 1 mcts:iters=40, 2 random"'
check "JSON: verdict, exit status, targets" eval 'jqt ".verdict == \"met\" and .exit_status == 0 and (.targets | length) == 2 and .targets[1].metric == \"beats:mcts:iters=40,random\" and .targets[1].lo >= 0.6 and .targets[1].doc == \"search wins most pairs\"" met.json'
check "HTML: the page with a band per target" eval 'grep -q "Balance contract" met.html && [ "$(grep -o "<title>tolerance</title>" met.html | wc -l)" -eq 2 ]'
if command -v xmllint >/dev/null; then
    check "HTML: well-formed" xmllint --noout met.html
else
    skip "HTML: well-formed" "no xmllint"
fi
FORMICARY_DB=$TMP/runs.db fc check bidrace met.ini --threads 2
FORMICARY_DB=$TMP/runs.db fc runs show 1
check "the check is kept in the runs database with each target's tolerance and verdict, and the contract's" eval '[ $rc -eq 0 ] && has "^run 1: check bidrace, complete" && has "target:strength +0\.[0-9]+ .*beats:mcts:iters=40,random >= 0.6: met \([0-9]+ games, look [0-9]+\)$" &&
    has "^  - +contract +0\.000 .* MET: met\.ini$"'
FORMICARY_DB=$TMP/runs.db fc runs export 1
check "and its games: line-up 1 (the contract's seats) and line-up 2 (beats), agents named" eval '[ $rc -eq 0 ] &&
    [ "$(grep -c "^L1,[0-9]*,\"mcts:iters=40\",.*\"random\"" "$TMP/out")" -ge 2 ] &&
    [ "$(grep -c "^L1,[0-9]*,\"random\",.*\"mcts:iters=40\"" "$TMP/out")" -ge 2 ] && has "^L2,[0-9]+," &&
    has "^# seat 2: random" && has "^# agent [34]: mcts:iters=40"'
fc check bidrace met.ini --threads 3 --json t3.json
check "the same on 3 threads" eval '[ $rc -eq 0 ] && diff <(jq -S "del(.seconds, .threads)" met.json) <(jq -S "del(.seconds, .threads)" t3.json)'

cat >notmet.ini <<'EOF'
[contract]
agents = random,random
games = 60
[target fair]
metric = seat_win:1
max = 0.1
EOF
fc check bidrace notmet.ini
check "a contract not met: exit 1" eval '[ $rc -eq 1 ] && has "^  fair .* not met$" && has "^contract NOT MET: 0 met, 1 not met"'

printf '[contract]\nagents = random,random\ngames = 20\n[target fair]\nmetric = seat_win:1\nmin = 0.45\nmax = 0.55\n' >undecided.ini
fc check bidrace undecided.ini
check "a contract the games cannot decide: exit 3" eval '[ $rc -eq 3 ] && has "^  fair .* undecided$" && has "more games \(--games N\)"'
fc check bidrace undecided.ini --games 2000 --json -
check "--games raises the cap; --json - replaces the table" eval '[ $rc -ne 2 ] && jqt ".games_max == 2000" && ! has "^contract "'

printf '[contract]\nagents = random,random\n[target fair]\nmetric = seat_wn:1\nmax = 0.6\n' >broken.ini
fc check bidrace broken.ini
check "an unknown metric: exit 2, one line with file:line" eval '[ $rc -eq 2 ] && one_line_err && has "^formicary: broken.ini:4: target \[fair\]: unknown metric .seat_wn. \(did you mean .seat_win.\?" err'
printf '[contract]\nagents = random,random\n[target fair]\nmetric = seat_win:1\nmin = 0.7\nmax = 0.6\n' >tol.ini
fc check bidrace tol.ini
check "a bad tolerance: file:line" eval '[ $rc -eq 2 ] && one_line_err && has "^formicary: tol.ini:6: target \[fair\]: min 0.7 is above max 0.6" err'
printf '[contract]\nagents = random,grredy\n[target fair]\nmetric = seat_win:1\nmax = 0.6\n' >agent.ini
fc check bidrace agent.ini
check "an unknown agent: file:line and the closest name" eval '[ $rc -eq 2 ] && one_line_err && has "^formicary: agent.ini:2: agents: unknown agent or tier .grredy. .*did you mean .greedy.\?" err'
printf '[contract]\nagents = random,random,random,random,random,random,random,random\n[target fair]\nmetric = seat_win:1\nmax = 0.6\n' >seats.ini
fc check bidrace seats.ini
check "more seats than the game: file:line" eval '[ $rc -eq 2 ] && one_line_err && has "^formicary: seats.ini:2: agents: 8 seats, but bidrace plays with" err'
fc check bidrace missing.ini
check "a missing file: exit 2, one line" eval '[ $rc -eq 2 ] && one_line_err && has "missing.ini" err'
fc check bidrace met.ini --games 0
check "a bad option: exit 2" eval '[ $rc -eq 2 ] && one_line_err'

if "$EXE" list 2>/dev/null | grep -q '^marabunta '; then
    fc check marabunta "$SRC/config/marabunta/design.ini" --rules design
    check "design.ini is not a rule set" eval '[ $rc -eq 2 ] && one_line_err && has "no shipped marabunta rule set" err && ! has "shipped: .*design" err'
    printf '[contract]\nagents = medium,expret\n[target fair]\nmetric = seat_win:1\nmax = 0.6\n' >tier.ini
    fc check marabunta tier.ini
    check "the game's tiers are known names: a misspelt one is file:line" eval '[ $rc -eq 2 ] && one_line_err && has "^formicary: tier.ini:2: agents: unknown agent or tier .expret. \(known: .*medium.*\); did you mean .expert.\?" err'
else
    skip "design.ini is not a rule set" "no marabunta plugin"
    skip "tiers" "no marabunta plugin"
fi
# One shipped contract, as a designer's CI would run it (docs/metrics.md "Balance contracts").
if "$EXE" list 2>/dev/null | grep -q '^myrmes '; then
    fc check myrmes "$SRC/config/myrmes/design.ini" --threads 2
    check "the shipped Myrmes contract holds" eval '[ $rc -eq 0 ] && has "^contract MET"'
else
    skip "the shipped Myrmes contract holds" "no myrmes plugin"
fi
finish
