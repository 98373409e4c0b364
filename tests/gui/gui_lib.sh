# Shared by the GUI tests (gui_test.sh, gui_select.sh), sourced with the caller's arguments
# FORMICARY FIXTURE_DIR GAME: re-runs the caller under its own Xvfb (xvfb.sh), sets up the
# program's environment and a scratch directory, and defines the helpers: waits on the dump
# (FORMICARY_GUI_DUMP) and on X, real X input through xdotool, screenshots, and the checks.
# Exits 77 (skip) without Xvfb, xdotool or python3, or when the game is not built.
set -u
EXE=$(realpath "$1")
FIX=$(realpath "$2")
GAME=$3
HERE=${HERE:-$(dirname "$(realpath "$0")")}
if [ -z "${GUI_TEST_INNER:-}" ]; then
    for t in Xvfb xdotool python3; do
        command -v $t >/dev/null || { echo "SKIP: $t is not installed"; exit 77; }
    done
    export GUI_TEST_INNER=1
    exec bash "$HERE/xvfb.sh" bash "$0" "$@"
fi
export FORMICARY_PLUGIN_PATH=$FIX FORMICARY_CONFIG= SDL_RENDER_DRIVER=software FORMICARY_GUI_SIZE=1280x800
export FORMICARY_GUI_ANIM=0 # no move animation but where section 4 tests it
if ! "$EXE" list 2>/dev/null | grep -q "^$GAME "; then
    echo "SKIP: no $GAME game: its plugin is not built or was refused"
    exit 77
fi
# Every wait polls the program's state (its dump) or the X server, never a fixed time: a check
# that passes returns as soon as the state shows, so the deadlines are generous (SLOW times the
# figure given, in wall-clock seconds) and only a failing check waits them out. On a loaded
# machine or in a sanitizer build a frame can take hundreds of milliseconds.
SLOW=${GUI_TEST_SLOW:-3}
if [ -n "${FC_UNDER_SANITIZER:-}" ]; then
    SLOW=${GUI_TEST_SLOW:-10}
    # leak checking stays on; lsan.supp names the library leaks (libdbus, through SDL), so a
    # leak in our code still fails the test
    export LSAN_OPTIONS="${LSAN_OPTIONS:+$LSAN_OPTIONS:}suppressions=$HERE/lsan.supp:print_suppressions=0"
fi
TMP=$(mktemp -d)
PID=
trap '[ -n "$PID" ] && kill -9 $PID 2>/dev/null; rm -rf "$TMP"' EXIT
cd "$TMP" || exit 1
export XDG_STATE_HOME=$TMP/state FORMICARY_GUI_DUMP=$TMP/dump
mkdir -p dump

fails=0
n=0
pass() { n=$((n + 1)); echo "ok $n - $1"; }
fail() {
    n=$((n + 1)); fails=$((fails + 1)); echo "not ok $n - $1"
    grep -E '^(ply|to_move|hash|overlay|prompt|inputs|frames|last|pointer|highlight|preview|row|menu|target) ' dump/state.txt 2>/dev/null |
        head -40 | sed 's/^/    /'
}
field() { awk -v k="$1" '$1 == k { $1 = ""; sub(/^ /, ""); print; exit }' dump/state.txt 2>/dev/null; }
now_ms() { local t=${EPOCHREALTIME/./}; echo $((t / 1000)); }
# until_ok SECONDS COMMAND...: polls COMMAND every 50 ms until it succeeds or SECONDS * SLOW of
# wall-clock time have passed; stops early when the program has exited and COMMAND still fails
until_ok() {
    local end=$(( $(now_ms) + $1 * SLOW * 1000 ))
    shift
    while :; do
        "$@" && return 0
        if [ -n "$PID" ] && ! kill -0 "$PID" 2>/dev/null; then "$@"; return; fi
        [ "$(now_ms)" -lt $end ] || return 1
        sleep 0.05
    done
}
state_is() { [ "$(field "$1")" = "$2" ]; }
state_has() { grep -Eq -- "$1" dump/state.txt 2>/dev/null; }
# wait_state KEY VALUE [SECONDS]: polls the dump until field KEY equals VALUE
wait_state() { until_ok "${3:-10}" state_is "$1" "$2"; }
# wait_grep REGEX [SECONDS]: polls the dump until a line matches
wait_grep() { until_ok "${2:-10}" state_has "$1"; }
# X requests can race with the server (a window that is being mapped, or that just closed):
# an xdotool command that fails is tried again a few times before the test gives up on it
x() {
    local _
    for _ in 1 2 3 4 5; do
        xdotool "$@" 2>>xdotool.err && return 0
        sleep 0.2
    done
    echo "xdotool $* failed:"; tail -3 xdotool.err
    return 1
}
viewable() {
    WID=$(xdotool search --onlyvisible --name '^formicary' 2>/dev/null | head -1)
    [ -n "$WID" ] && [ -s dump/state.txt ]
}
inputs_at_least() { [ "$(field inputs)" -ge "$1" ] 2>/dev/null; }
frames_above() { [ "$(field frames)" -gt "$1" ] 2>/dev/null; }
start() {
    rm -f dump/*
    "$EXE" "$@" >out.txt 2>err.txt &
    PID=$!
    WID=
    # the window is mapped (viewable) and the program has drawn its first frame
    if ! until_ok 30 viewable; then echo "no window; stderr:"; cat err.txt; return 1; fi
    # no window manager: keyboard focus follows the pointer, so the pointer goes into the window
    x mousemove --window "$WID" 5 5
}
# send N XDOTOOL-ARGS...: X input that the program counts as N presses; waits until they have
# arrived (the dump's 'inputs'), and sends again if none did (the window was not ready, or the
# input was lost under load: logged with where the keyboard focus was), up to 3 times; then one
# line says it did not arrive and the caller's check fails
send() {
    local want=$1 before try
    shift
    before=$(field inputs)
    for try in 1 2 3; do
        x mousemove --window "$WID" "${POS[@]}" || true
        x "$@" || true
        until_ok 10 inputs_at_least $((before + want)) && return 0
        kill -0 "$PID" 2>/dev/null || return 0 # it quit (the caller's finish judges that)
        [ "$(field inputs)" = "$before" ] || break # some arrived: resending would repeat them
        echo "# input '$*' did not arrive within $((10 * SLOW)) s of send $try (inputs $before;" \
            "window $WID, focus $(xdotool getwindowfocus 2>/dev/null), pointer $(xdotool getmouselocation 2>/dev/null))"
    done
    echo "input '$*' did not arrive (inputs $before -> $(field inputs))"
    return 1
}
click() { POS=("$1" "$2"); send 1 click 1; }
key() { POS=(5 5); send $# key "$@"; }
shot() { # shot NAME: F12, then copy the new screenshot to NAME.bmp
    local k
    k=$(field shots)
    key F12
    wait_state shots $((k + 1)) 5 && cp "dump/shot-$(printf %03d "$k").bmp" "$1.bmp"
}
# x_race: the program's exit status 1 came from Xlib's default handler for a BadWindow error on
# a window that was closing (the server, not the program, raced); anything else is a failure
x_race() { grep -q 'BadWindow' err.txt && grep -q 'X_SendEvent\|X_ConfigureWindow\|X_ChangeProperty' err.txt; }
finish() { # finish DESC: the program exits with status 0 within a few seconds
    if ! until_ok 10 eval '! kill -0 $PID 2>/dev/null'; then
        fail "$1 (still running)"; kill -9 $PID; wait $PID 2>/dev/null
    else
        wait $PID
        local rc=$?
        if [ $rc -eq 0 ]; then pass "$1"
        elif [ $rc -eq 1 ] && x_race; then pass "$1 (X error on the closing window, not the program's: $(grep -m1 BadWindow err.txt))"
        else fail "$1 (exit $rc)"; cat err.txt; fi
    fi
    PID=
}
