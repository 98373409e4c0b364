#!/usr/bin/env bash
# Hex Path's tests, through the formicary program: rules by fixed records, random games under
# the invariant check, a variant's hook, replay, bench.
# usage: hexpath_test.sh FORMICARY PLUGIN_DIR TESTS_DIR
set -euo pipefail
fc=$1 dir=$2 tests=$3
export FORMICARY_PLUGIN_PATH=$dir # this build, not an installed hexpath
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

"$fc" list | grep -q '^hexpath ' || fail "formicary list does not show hexpath"
"$fc" rules hexpath | grep -q 'stones_per_turn' || fail "hook stones_per_turn missing from formicary rules"

# Rules: on a 3x3 board Black joins top and bottom down column a; White's row 1 is not enough.
printf 'a1\nb1\na2\nc1\na3\n' > "$tmp/black.txt"
"$fc" play hexpath --set size=3 --set swap=false --seats human,human --ui text --record "$tmp/black.fcr" \
    < "$tmp/black.txt" > "$tmp/black.out" 2>&1 || { cat "$tmp/black.out"; fail "playing the column game"; }
grep -q 'Black joins its sides and wins' "$tmp/black.out" || { cat "$tmp/black.out"; fail "Black did not win"; }
"$fc" replay "$tmp/black.fcr" > /dev/null || fail "replay of the column game"

# Swap: White takes Black's first stone, which then counts for White.
printf 'b2\nswap\na1\nc2\nb1\na2\n' > "$tmp/swap.txt"
"$fc" play hexpath --set size=3 --seats human,human --ui text < "$tmp/swap.txt" > "$tmp/swap.out" 2>&1 || {
    cat "$tmp/swap.out"; fail "playing the swap game"; }
grep -q 'White swaps' "$tmp/swap.out" || { cat "$tmp/swap.out"; fail "swap was not played"; }
grep -q 'White joins its sides and wins' "$tmp/swap.out" || { cat "$tmp/swap.out"; fail "White did not win through b2"; }

# Random and greedy games: every game ends with exactly one winner (no draws in Hex).
"$fc" sim hexpath --seats random,greedy --games 40 --seed 3 --csv "$tmp/games.csv" > "$tmp/sim.out" 2>&1 || {
    cat "$tmp/sim.out"; fail "sim"; }
rows=$(($(grep -vc '^#' "$tmp/games.csv") - 1)) # '#' lines: what the run compared (docs/reports.md)
[ "$rows" -eq 40 ] || fail "sim wrote $rows games, expected 40"

# The hook: three stones per turn make the game shorter than one.
cat > "$tmp/three.lua" <<'LUA'
variant{ name = "three", game = "hexpath", description = "three stones per turn" }
hook("stones_per_turn", function(seat, turn) return 3 end)
LUA
"$fc" variant check "$tmp/three.lua" > /dev/null || fail "variant check"
"$fc" play hexpath --seats random,random --seed 5 --variant "$tmp/three.lua" --ui text --record "$tmp/three.fcr" \
    > "$tmp/three.out" 2>&1 || { cat "$tmp/three.out"; fail "playing with the variant"; }
"$fc" replay "$tmp/three.fcr" > /dev/null || fail "replay with the variant"
"$fc" bench hexpath --seconds 0.3 --mcts mcts:iters=50 > "$tmp/bench.out" 2>&1 || { cat "$tmp/bench.out"; fail "bench"; }
grep -q -i "playouts" "$tmp/bench.out" || { cat "$tmp/bench.out"; fail "bench printed no playout speed"; }
echo "hexpath: all checks passed"
