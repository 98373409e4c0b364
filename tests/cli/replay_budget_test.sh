#!/usr/bin/env bash
# The replay budget against an edited record (hardening): a record made with a variant whose hook
# cost is a parameter (tests/fixtures/costly_hook.lua) has its unhashed `param` line raised;
# its replay must stop with one line about the budget, within a bounded CPU time, instead of
# running for minutes (docs/record-format.md: the hooks of one replay share
# FC_LUA_REPLAY_BUDGET units). The bound is CPU time (ulimit -t), so the machine's load does not
# matter: ~7 CPU seconds with the budget, ~37 without it, against a limit of 20 (x4 under the
# sanitizer).
# usage: replay_budget_test.sh FORMICARY PLUGIN_DIR FIXTURE_SRC_DIR
set -u
EXE=$(realpath "$1")
export FORMICARY_PLUGIN_PATH=$(realpath "$2")
export FORMICARY_CONFIG=
VARIANT=$(realpath "$3")/costly_hook.lua
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
. "$(dirname "$0")/lib.sh"

CPU_LIMIT=20
[ -n "${FC_UNDER_SANITIZER:-}" ] && CPU_LIMIT=80
# replay under the CPU limit (SIGXCPU ends an endless replay: exit 152) and a wall-clock guard
replay_bounded() {
    (ulimit -t $CPU_LIMIT; exec timeout 280 "$EXE" replay "$@" </dev/null >"$TMP/out" 2>"$TMP/err")
    rc=$?
}

fc play marabunta --seats random,random --variant "$VARIANT" --seed 1 --quiet --record "$TMP/r.fcr"
check "a record with the costly variant at work 1" eval '[ $rc -eq 0 ] && grep -q "^param work 1$" "$TMP/r.fcr"'
replay_bounded "$TMP/r.fcr"
check "it replays as it is" eval '[ $rc -eq 0 ]'

# work raised past what one call may spend: the per-call budget stops the first call
sed 's/^param work 1$/param work 1000000000000000/' "$TMP/r.fcr" >"$TMP/huge.fcr"
replay_bounded "$TMP/huge.fcr"
check "param work 10^15: the replay stops with one line about the call's budget" \
    eval '[ $rc -eq 1 ] && one_line_err && has "^formicary: .*huge\.fcr:[0-9]+: costly:[0-9]+: instruction budget of 5000000 exceeded$" err'

# work raised to just under the per-call budget: only the replay's budget can stop it
sed 's/^param work 1$/param work 2400000/' "$TMP/r.fcr" >"$TMP/edited.fcr"
start=$(date +%s)
replay_bounded "$TMP/edited.fcr"
wall=$(($(date +%s) - start))
check "param work 2400000: the replay stops within $CPU_LIMIT CPU seconds (not killed: exit $rc, ${wall} s wall)" \
    eval '[ $rc -ne 152 ] && [ $rc -ne 124 ] && [ $rc -ne 137 ]'
check "param work 2400000: one line naming the record's line and the replay's budget" \
    eval '[ $rc -eq 1 ] && one_line_err && has "^formicary: .*edited\.fcr:[0-9]+: costly: the hooks. budget of 2000000000 units for this replay is used up$" err'

finish
