#!/usr/bin/env bash
# `formicary variant check` and `variant list` on the shipped variants and on broken ones.
# usage: check_test.sh FORMICARY SOURCE_ROOT
# Under the valgrind setup (FC_UNDER_VALGRIND=1) each formicary run goes through valgrind.
set -u
EXE=$1
SRC=$2
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
RUN=("$EXE")
if [ "${FC_UNDER_VALGRIND:-}" = 1 ] && command -v valgrind >/dev/null; then
    RUN=(valgrind --quiet --error-exitcode=99 --leak-check=full --show-leak-kinds=definite,indirect
         --errors-for-leak-kinds=definite,indirect "$EXE")
fi
fails=0
n=0
pass() { n=$((n + 1)); echo "ok $n - $1"; }
fail() { n=$((n + 1)); fails=$((fails + 1)); echo "not ok $n - $1"; sed 's/^/#   /' "$TMP/err" "$TMP/out"; }
fc() { "${RUN[@]}" "$@" >"$TMP/out" 2>"$TMP/err" </dev/null; rc=$?; }
has() { grep -Eq -- "$1" "$TMP/${2:-out}"; }

# every shipped variant passes the checker
count=0
for f in "$SRC"/scripts/myrmes/*.lua "$SRC"/scripts/termity/*.lua "$SRC"/scripts/marabunta/*.lua; do
    count=$((count + 1))
    fc variant check "$f"
    if [ $rc -eq 0 ] && has ': ok: variant ' && has 'smoke run: 3 games'; then pass "check $f"; else fail "check $f"; fi
done
if [ $count -ge 18 ]; then pass "18 or more shipped variants"; else fail "only $count shipped variants"; fi
fc variant check "$SRC/scripts/marabunta/raid_bonus.lua"
if [ $rc -eq 0 ] && has ', declares raid_bonus 3 \(0\.\.10\), hooks: region_score;'; then pass "check names a declared parameter"; else fail "check names a declared parameter"; fi
# the rules listing: a declared parameter after the game's, with its value and origin
fc rules marabunta --variant raid_bonus
if [ $rc -eq 0 ] && has '^  raid_bonus +int +3 +0\.\.10 +3 +default \(variant raid_bonus\) +extra VP'; then pass "rules lists a declared parameter"; else fail "rules lists a declared parameter"; fi
fc rules marabunta --set raid_bonus=5 --variant raid_bonus
if [ $rc -eq 0 ] && has '^  raid_bonus +int +3 +0\.\.10 +5 +--set '; then pass "--set of a declared parameter"; else fail "--set of a declared parameter"; fi
fc rules marabunta --set raid_bonus=11 --variant raid_bonus
if [ $rc -eq 1 ] && has '^formicary: --set: raid_bonus: 11 is out of range 0\.\.10$' err; then pass "range error names the parameter"; else fail "range error names the parameter"; fi

# broken scripts: exit 1 and a file:line message
bad() { # FILE EXPECTED-REGEX [options]
    local f=$SRC/tests/variants/bad/$1 re=$2; shift 2
    fc variant check "$f" "$@"
    if [ $rc -eq 1 ] && has "^$f:[0-9]+: $re" err; then pass "bad $(basename "$f")"; else fail "bad $(basename "$f")"; fi
}
bad syntax.lua "unexpected symbol near 'end'"
bad range.lua "years: 9 is out of range 1..8"
bad badhook.lua "unknown hook point 'turn_start' for game termity"
bad signature.lua "hook winter_cost: the function takes 4 parameters but the game passes 3"
bad runtime.lua "attempt to perform arithmetic on a nil value"
bad nodesc.lua "unknown parameter 'unknown_flag' for game marabunta"
bad stateful.lua "attempt to modify a frozen table \\(what the script body made is read-only in hooks"
bad overflow.lua "hook region_score returned 9223372036854775807, expected -1000\\.\\.1000"
fc variant check "$SRC/scripts/myrmes/winter_aid.lua" --game termity
if [ $rc -eq 1 ] && has "winter_aid.lua:5: variant is for game 'myrmes', not termity" err; then pass "wrong --game"; else fail "wrong --game"; fi
fc variant check "$TMP/none.lua"
if [ $rc -eq 1 ] && has "^formicary: .*none.lua: No such file or directory$" err; then pass "missing file"; else fail "missing file"; fi
fc variant frobnicate
if [ $rc -eq 2 ]; then pass "unknown action is a usage error"; else fail "unknown action is a usage error"; fi

# list: one line per shipped variant with its description
fc variant list
if [ $rc -eq 0 ] && [ "$(grep -c '^\(myrmes\|termity\|marabunta\) ' "$TMP/out")" -eq $count ] &&
    has '^myrmes +harsh_winter +Winter food 5/6/7' && has '^termity +fortified_mounds +Mounds defend'; then
    pass "list"; else fail "list"; fi
fc variant list marabunta
if [ $rc -eq 0 ] && ! has '^myrmes' && has '^marabunta +shared_ties +Tied non-zero regions'; then pass "list GAME"; else fail "list GAME"; fi
fc variant list nosuchgame
if [ $rc -eq 1 ]; then pass "list unknown game"; else fail "list unknown game"; fi

fc variant check harsh_winter --game myrmes --games 1
if [ $rc -eq 0 ] && has 'scripts/myrmes/harsh_winter.lua: ok: .*smoke run: 1 game,'; then pass "check NAME --game"; else fail "check NAME --game"; fi

# --variant NAME finds the shipped script; an unknown name says where to look
fc rules myrmes --variant harsh_winter
if [ $rc -eq 0 ] && has 'winter_penalty .* 4 +.*scripts/myrmes/harsh_winter.lua:9'; then pass "--variant NAME"; else fail "--variant NAME"; fi
fc rules termity --variant nosuch
if [ $rc -ne 0 ] && has 'no shipped termity variant' err; then pass "--variant unknown NAME"; else fail "--variant unknown NAME"; fi

echo "1..$n"
[ $fails -eq 0 ]
