#!/usr/bin/env bash
# Runs a command against its own Xvfb server: xvfb.sh COMMAND ARGS...
# Xvfb picks a free display itself and reports it (-displayfd), so several GUI tests can start
# servers at the same time (xvfb-run -a guesses a number from the lock files and races with a
# server that starts at the same moment). Exits with the command's status; 77 (skip) without Xvfb.
set -euo pipefail
command -v Xvfb >/dev/null || { echo "SKIP: Xvfb is not installed"; exit 77; }
dir=$(mktemp -d)
xpid=
cleanup() {
    if [ -n "$xpid" ]; then
        kill "$xpid" 2>/dev/null || true
        wait "$xpid" 2>/dev/null || true
    fi
    rm -rf "$dir"
}
trap cleanup EXIT
mkfifo "$dir/fd"
Xvfb -displayfd 3 -screen 0 "${XVFB_SCREEN:-1280x800x24}" -nolisten tcp -noreset 3>"$dir/fd" 2>"$dir/xvfb.log" &
xpid=$!
# the server writes its display number when it accepts connections; a loaded machine may take
# long to start it, so the deadline is generous (and the test's own timeout still applies)
display=
if ! read -r -t 120 display <"$dir/fd" || [ -z "$display" ]; then
    echo "Xvfb did not start within 120 s:" >&2
    cat "$dir/xvfb.log" >&2
    exit 1
fi
export DISPLAY=":$display"
unset XAUTHORITY
set +e
"$@"
rc=$?
exit $rc
