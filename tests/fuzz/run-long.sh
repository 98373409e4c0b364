#!/usr/bin/env bash
# Longer fuzzing runs (docs/fuzzing.md):
#   tests/fuzz/run-long.sh [SECONDS] [TARGET...]      (default 600 s each, every target)
# Each target fuzzes until it has used SECONDS of CPU time (not wall time: the machine may be
# shared), in slices: a crash, timeout or out-of-memory input ends a slice and is kept, and the
# next slice goes on from the grown corpus. It starts from its committed corpus and
# its tests/regress inputs, with its dictionary, -timeout=5 per input and -rss_limit_mb=2048.
# FZ_PARALLEL targets run at once (default 2). Needs a fuzz build (FZ_BUILD, default
# build-fuzz: CC=clang meson setup build-fuzz -Dfuzz=true -Dtests=false). Prints per target:
# inputs executed, CPU-minutes, corpus size, crashes/timeouts/ooms found and where they are.
# The grown corpora stay in BUILD/fuzz-long/TARGET (merge new inputs into the committed corpus
# only with -merge=1, keeping it small).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=$(cd "${FZ_BUILD:-$root/build-fuzz}" && pwd)
secs=${1:-600}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(record rules_ini termity_map notation set shell variant position)
par=${FZ_PARALLEL:-2}
out=$build/fuzz-long
mkdir -p "$out"
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

# CPU seconds used by the finished children of this shell (user + system).
# (Read in this shell: a $(...) would be a new process with no children of its own.)
child_cpu() { local st; read -r -a st </proc/$BASHPID/stat; cpu_ticks=$((st[15] + st[16])); }

one() { # one TARGET: fuzz until SECONDS of CPU are spent, then write TARGET.summary
    local t=$1 exe=$build/tests/fuzz/fuzz_$1
    local work=$out/$t art=$out/artifacts/$t log=$out/$t.log
    [ -x "$exe" ] || { echo "$t: $exe not built" >"$out/$t.summary"; return; }
    mkdir -p "$work" "$art"
    : >"$log"
    local dirs=("$work" "$here/corpus/$t")
    [ -d "$root/tests/regress/$t" ] && dirs+=("$root/tests/regress/$t")
    local opts=(-timeout=5 -rss_limit_mb=2048
                -artifact_prefix="$art/" -print_final_stats=1)
    [ -f "$here/dict/$t.dict" ] && opts+=(-dict="$here/dict/$t.dict")
    local tick
    tick=$(getconf CLK_TCK)
    local cpu=0 execs=0 rounds=0 start=$SECONDS
    # Wall time is not CPU time on a shared machine: run in slices until the CPU is spent. A
    # finding ends a slice (its input is kept) and the next slice goes on from the corpus.
    while [ "$cpu" -lt "$secs" ] && [ "$rounds" -lt 200 ]; do
        local slice=$((secs - cpu))
        [ "$slice" -ge 20 ] || slice=20
        local before n cpu_ticks
        child_cpu
        before=$cpu_ticks
        "$exe" "${opts[@]}" -max_total_time="$slice" "${dirs[@]}" >>"$log" 2>&1
        child_cpu
        cpu=$((cpu + (cpu_ticks - before) / tick))
        n=$(grep -oE '^#[0-9]+' "$log" | tail -n 1 | tr -d '#')
        execs=$((execs + ${n:-0}))
        echo "#0 slice done" >>"$log"
        rounds=$((rounds + 1))
    done
    local cov crashes timeouts ooms
    cov=$(grep -oE 'cov: [0-9]+' "$log" | tail -n 1 | cut -d' ' -f2)
    crashes=$(find "$art" -name 'crash-*' -o -name 'leak-*' | wc -l)
    timeouts=$(find "$art" -name 'timeout-*' | wc -l)
    ooms=$(find "$art" -name 'oom-*' | wc -l)
    printf '%-12s %6d s wall %11d inputs %6.1f CPU-min  cov %5d  corpus %5d  crashes %d  timeouts %d  ooms %d\n' \
        "$t" $((SECONDS - start)) "$execs" "$(echo "$cpu" | awk '{ print $1 / 60 }')" "${cov:-0}" "$(ls "$work" | wc -l)" \
        "$crashes" "$timeouts" "$ooms" >"$out/$t.summary"
}

running=0
for t in "${targets[@]}"; do
    one "$t" &
    running=$((running + 1))
    if [ "$running" -ge "$par" ]; then wait -n; running=$((running - 1)); fi
done
wait
echo "fuzzing run of $secs CPU-seconds per target ($(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, $par at once):"
for t in "${targets[@]}"; do cat "$out/$t.summary"; done
found=$(find "$out/artifacts" -type f \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' -o -name 'oom-*' \) | sort)
if [ -n "$found" ]; then
    echo "inputs kept (replay one with: BUILD/tests/fuzz/fuzz_TARGET FILE):"
    echo "$found" | sed 's/^/  /'
fi
