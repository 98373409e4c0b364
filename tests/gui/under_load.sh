#!/usr/bin/env bash
# Runs the gui suite RUNS times while BUSY busy loops (nice'd shell loops, no other tool) load
# the CPUs, and prints runs, failures and times: the measurement in docs/testing.md.
# usage: tests/gui/under_load.sh BUILD_DIR [RUNS=10] [BUSY=2] [meson test args, e.g. --setup=sanitize]
set -euo pipefail
dir=${1:?usage: under_load.sh BUILD_DIR [RUNS] [BUSY] [meson test args]}
runs=${2:-10}
busy=${3:-2}
shift $(($# < 3 ? $# : 3))
loops=()
stop() {
    local p
    for p in "${loops[@]}"; do kill "$p" 2>/dev/null || true; done
}
trap stop EXIT
for _ in $(seq 1 "$busy"); do
    nice -n 5 bash -c 'while :; do :; done' &
    loops+=($!)
done
echo "gui suite x$runs under $busy busy loops; load before: $(cut -d' ' -f1-3 /proc/loadavg)"
fails=0
total=0
for i in $(seq 1 "$runs"); do
    t0=$SECONDS
    if meson test -C "$dir" --no-rebuild --suite gui --no-suite gui-valgrind --logbase "gui-load-$i" "$@" >"$dir/meson-logs/gui-load-$i.out" 2>&1; then
        r=ok
    else
        r=FAILED
        fails=$((fails + 1))
    fi
    dt=$((SECONDS - t0))
    total=$((total + dt))
    echo "run $i: $r, $dt s, load $(cut -d' ' -f1 /proc/loadavg); $(grep -c ' OK ' "$dir/meson-logs/gui-load-$i.out") OK," \
        "$(grep -Ec ' (FAIL|TIMEOUT) ' "$dir/meson-logs/gui-load-$i.out") failed"
    grep -E ' (FAIL|TIMEOUT) ' "$dir/meson-logs/gui-load-$i.out" || true
done
echo "$runs runs, $fails failed, $total s in all ($((total / runs)) s a run)"
[ "$fails" -eq 0 ]
