#!/usr/bin/env bash
# Failed writes of every output file (hardening): each writer (sim, tune, skill, ladder,
# agreement and corpus replay reports, records, the shell's save) goes through the safe writer
# (formicary/outfile.h) and, when the disk is full or the file too large, stops with exit 1 and
# one line "formicary: PATH: cannot write: REASON" naming the real errno (once EIO for every
# HTML page); a regular file that could not be written keeps its old contents; a FIFO with no
# reader is refused, not waited for.
# usage: writefail_test.sh FORMICARY PLUGIN_DIR FIXTURE_DIR
set -u
EXE=$(realpath "$1")
export FORMICARY_PLUGIN_PATH=$(realpath "$3"):$(realpath "$2")
export FORMICARY_CONFIG=
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
. "$(dirname "$0")/lib.sh"

mkdir "$TMP/corpus"
for s in 1 2; do
    fc play bidrace --seats random,random --seed $s --quiet --record "$TMP/corpus/g$s.fcr"
done
check "a corpus of two records" eval '[ $rc -eq 0 ] && [ -s "$TMP/corpus/g2.fcr" ]'

# every writer: NAME, then the command line with @ where the output path goes
WRITERS=(
    "sim --html|sim bidrace --games 4 --seed 3 --html @"
    "sim --svg|sim bidrace --games 4 --seed 3 --svg @"
    "sim --json|sim bidrace --games 4 --seed 3 --json @"
    "sim --csv|sim bidrace --games 4 --seed 3 --csv @"
    "tune --html|tune bidrace --param goal=5..6 --target rounds<=5 --budget-games 8 --html @"
    "tune --json|tune bidrace --param goal=5..6 --target rounds<=5 --budget-games 8 --json @"
    "tune --csv|tune bidrace --param goal=5..6 --target rounds<=5 --budget-games 8 --csv @"
    "tune --ini|tune bidrace --param goal=5..6 --target rounds<=5 --budget-games 8 --ini @"
    "skill --csv|skill bidrace --games 2 --from 2 --to 4 --csv @"
    "skill --json|skill bidrace --games 2 --from 2 --to 4 --json @"
    "skill --svg|skill bidrace --games 2 --from 2 --to 4 --svg @"
    "skill --html|skill bidrace --games 2 --from 2 --to 4 --html @"
    "ladder --html|ladder bidrace --agents random;greedy --games 2 --html @"
    "ladder --json|ladder bidrace --agents random;greedy --games 2 --json @"
    "ladder --csv|ladder bidrace --agents random;greedy --games 2 --csv @"
    "agreement --json|agreement bidrace --corpus $TMP/corpus --agent random --json @"
    "agreement --csv|agreement bidrace --corpus $TMP/corpus --agent random --csv @"
    "replay --html|replay $TMP/corpus --corpus --html @"
    "replay --json|replay $TMP/corpus --corpus --json @"
    "replay --csv|replay $TMP/corpus --corpus --csv @"
    "play --record|play bidrace --seats random,random --seed 1 --quiet --record @"
)
# runs writer $1 with the output path $2 (the rest of the shell's environment as it is)
run_writer() {
    local cmd=${1#*|}
    read -r -a argv <<<"${cmd//@/$2}"
    fc "${argv[@]}"
}
# the one line a failed write must give
failed_line() { [ $rc -eq 1 ] && one_line_err && has "^formicary: $1: cannot write: $2\$" err; }

# ---- a full disk (ENOSPC), through a character device ----
if [ -w /dev/full ]; then
    for w in "${WRITERS[@]}"; do
        run_writer "$w" /dev/full
        check "${w%%|*} /dev/full: exit 1, one line naming the file and ENOSPC" failed_line /dev/full "No space left on device"
    done
    fc_in() { timeout 60 "$EXE" "$@" >"$TMP/out" 2>"$TMP/err" <<<"save /dev/full"; rc=$?; }
    fc_in shell bidrace
    check "shell save /dev/full: the error line names the file and ENOSPC" has '^error: /dev/full: cannot write: No space left on device$'
else
    skip "writers to /dev/full" "/dev/full is not writable here"
fi

# ---- a file size limit (EFBIG), through the temporary file renamed over a regular target ----
for w in "${WRITERS[@]}"; do
    f=$TMP/out.keep
    echo "old contents" >"$f"
    # SIGXFSZ ignored, so the write returns EFBIG; 0 blocks: no write to a file may succeed,
    # so the messages go through a pipe
    cmd=${w#*|}
    read -r -a argv <<<"${cmd//@/$f}"
    (trap '' XFSZ; ulimit -f 0; exec timeout 60 "$EXE" "${argv[@]}" </dev/null >/dev/null) 2>&1 | cat >"$TMP/err"
    rc=${PIPESTATUS[0]}
    check "${w%%|*} beyond the file size limit: exit 1, one line naming the file and EFBIG" failed_line "$f" "File too large"
    check "${w%%|*} beyond the file size limit: the old file is kept, no temporary file left" \
        eval '[ "$(cat "$f")" = "old contents" ] && [ -z "$(ls "$TMP" | grep "\.tmp")" ]'
done

# ---- a FIFO with no reader: refused at once, not waited for ----
mkfifo "$TMP/fifo"
for w in "${WRITERS[@]}"; do
    run_writer "$w" "$TMP/fifo"
    check "${w%%|*} to a FIFO with no reader: one line, no wait" failed_line "$TMP/fifo" "a FIFO with no reader"
done

finish
