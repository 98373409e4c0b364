#!/usr/bin/env bash
# Runs one fuzz target the way CI does (meson suite 'fuzz', docs/fuzzing.md):
#   run-target.sh replay EXE NAME   every input of tests/fuzz/corpus/NAME and tests/regress/NAME once
#   run-target.sh smoke EXE NAME    a short fuzzing run (FZ_SMOKE_SECONDS, default 20) from them
# Crashes, sanitizer reports, leaks, timeouts (-timeout=5 per input) and memory over 2 GiB are
# failures; the input that failed is kept as BUILD/tests/fuzz/artifacts/NAME-*.
set -euo pipefail
mode=$1 exe=$2 name=$3
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out=$(cd "$(dirname "$exe")" && pwd)
corpus=$here/corpus/$name
regress=$root/tests/regress/$name
dirs=("$corpus")
[ -d "$regress" ] && dirs+=("$regress")
mkdir -p "$out/artifacts"
opts=(-timeout=5 -rss_limit_mb=2048 -artifact_prefix="$out/artifacts/$name-" -print_final_stats=1)
[ -f "$here/dict/$name.dict" ] && opts+=(-dict="$here/dict/$name.dict")
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0:allocator_may_return_null=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
status=0
case $mode in
replay)
    n=$(find "${dirs[@]}" -type f | wc -l)
    echo "fuzz_$name: replaying $n inputs from ${dirs[*]#$root/}"
    "$exe" "${opts[@]}" -runs=0 "${dirs[@]}" >"$out/$name-replay.log" 2>&1 || status=$?
    log=$out/$name-replay.log
    ;;
smoke)
    work=$out/smoke-corpus/$name
    rm -rf "$work"
    mkdir -p "$work"
    secs=${FZ_SMOKE_SECONDS:-20}
    echo "fuzz_$name: fuzzing for $secs s from ${dirs[*]#$root/}"
    "$exe" "${opts[@]}" -max_total_time="$secs" "$work" "${dirs[@]}" >"$out/$name-smoke.log" 2>&1 || status=$?
    log=$out/$name-smoke.log
    ;;
*)
    echo "usage: run-target.sh replay|smoke EXE NAME" >&2
    exit 2
    ;;
esac
grep -E '^(stat::|Done|INFO: seed corpus|#[0-9]+ +DONE)' "$log" | tail -n 8 || true
if [ "$status" -ne 0 ]; then
    echo "fuzz_$name $mode FAILED (exit $status); the end of $log:"
    tail -n 60 "$log"
    ls -1 "$out/artifacts/$name-"* 2>/dev/null | sed 's/^/  input kept: /'
fi
exit "$status"
