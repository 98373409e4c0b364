#!/usr/bin/env bash
# The graphical front end under valgrind memcheck in a real window (Xvfb): a short bot game (the
# program quits by itself after ply 20 through the FORMICARY_GUI_BENCH hooks, writing its
# record), then the replay viewer of that record stepped with real keys (xdotool): steps
# forward until one is animated, End, Home, quit. Fails on any memcheck error or definite leak outside the library
# noise of tests/gui/valgrind.supp. usage: valgrind_gui.sh FORMICARY FIXTURE_DIR GAME (77 = skip)
set -u
EXE=$(realpath "$1")
FIX=$(realpath "$2")
GAME=$3
HERE=$(dirname "$(realpath "$0")")
if [ -n "${FC_UNDER_SANITIZER:-}" ]; then
    echo "SKIP: an AddressSanitizer build does not run under valgrind"
    exit 77
fi
if [ -z "${GUI_VG_INNER:-}" ]; then
    for t in Xvfb xdotool valgrind; do
        command -v $t >/dev/null || { echo "SKIP: $t is not installed"; exit 77; }
    done
    export GUI_VG_INNER=1
    exec bash "$HERE/xvfb.sh" bash "$0" "$@"
fi
export FORMICARY_PLUGIN_PATH=$FIX FORMICARY_CONFIG= SDL_RENDER_DRIVER=software FORMICARY_GUI_SIZE=1280x800
if ! "$EXE" list 2>/dev/null | grep -q "^$GAME "; then
    echo "SKIP: no $GAME game"
    exit 77
fi
TMP=$(mktemp -d)
PID=
trap '[ -n "$PID" ] && kill -9 $PID 2>/dev/null; rm -rf "$TMP"' EXIT
cd "$TMP" || exit 1
export XDG_STATE_HOME=$TMP/state FORMICARY_GUI_DUMP=$TMP/dump
mkdir -p dump
VG=(valgrind --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite --num-callers=30
    --child-silent-after-fork=yes --suppressions="$HERE/valgrind.supp")
fails=0
check() { # check NAME STATUS LOG
    local sum
    sum=$(grep -m1 'ERROR SUMMARY' "$3")
    if [ "$2" -eq 0 ] && [ -n "$sum" ]; then echo "ok - $1: $sum"
    else fails=$((fails + 1)); echo "not ok - $1 (exit $2): ${sum:-no summary}"; grep -A25 'definitely lost in\|Invalid\|uninitialised' "$3" | head -60; fi
}

# 1. bots play to ply 20; the bench hook draws two frames there and quits
FORMICARY_GUI_BENCH=2 FORMICARY_GUI_BENCH_PLY=20 FORMICARY_GUI_BENCH_EXIT=1 timeout 1200 \
    "${VG[@]}" --log-file=vg-play.log "$EXE" play "$GAME" --seats random,random --seed 9 --ui gui --bot-delay 0 \
    --record g.rec >out.txt 2>err.txt
check "bot game to ply 20 under memcheck" $? vg-play.log
grep gui-bench err.txt

# 2. the replay viewer: five animated steps, End, Home, quit
"${VG[@]}" --log-file=vg-replay.log "$EXE" replay g.rec --ui gui >out.txt 2>err.txt &
PID=$!
WID=
# Waits poll the program's dump against wall-clock deadlines (valgrind starts slowly and draws
# a frame in seconds on a loaded machine); a step that arrives returns at once.
end=$((SECONDS + 600))
while [ $SECONDS -lt $end ]; do # the window mapped (viewable) and its first frame drawn
    WID=$(xdotool search --onlyvisible --name '^formicary' 2>/dev/null | head -1)
    [ -n "$WID" ] && [ -s dump/state.txt ] && break
    kill -0 $PID 2>/dev/null || break
    sleep 0.1
done
if [ -z "$WID" ] || [ ! -f dump/state.txt ]; then
    kill -0 $PID 2>/dev/null && echo "not ok - no replay window after 10 minutes" \
        || { echo "not ok - the replay viewer ended before its window showed"; tail -5 err.txt; }
    exit 1
fi
inputs() { awk '$1 == "inputs" { print $2 }' dump/state.txt 2>/dev/null; }
step() { # step KEY PLY: the key, then wait until the viewer shows that ply; the key is sent
    local before try end # again only when it did not arrive (the dump's inputs count)
    before=$(inputs)
    for try in 1 2 3; do
        # no window manager: the keyboard focus follows the pointer into the window
        xdotool mousemove --window "$WID" 5 5 key "$1" 2>/dev/null
        end=$((SECONDS + 120))
        while [ $SECONDS -lt $end ] && [ "$(inputs)" = "$before" ]; do sleep 0.1; done
        [ "$(inputs)" != "$before" ] && break
        kill -0 $PID 2>/dev/null || return
    done
    end=$((SECONDS + 300))
    while [ $SECONDS -lt $end ]; do
        grep -q "^replay $2 " dump/state.txt 2>/dev/null && return
        kill -0 $PID 2>/dev/null || return
        sleep 0.1
    done
}
n=$(awk '$1 == "replay" { print $3 }' dump/state.txt)
for i in $(seq 1 12); do # forward until a step is animated (chance and hidden decisions are not)
    step Right "$i"
    grep -q '^anim [01] [1-9]' dump/state.txt && break
done
step End "$n"
step Home 0
xdotool mousemove --window "$WID" 5 5 key q 2>/dev/null
end=$((SECONDS + 300))
while [ $SECONDS -lt $end ]; do kill -0 $PID 2>/dev/null || break; sleep 0.1; done
kill -0 $PID 2>/dev/null && { echo "not ok - the replay viewer did not quit"; kill -9 $PID; }
wait $PID
rc=$?
PID=
# Xlib's default handler exits with 1 on a BadWindow for the window that was closing: the X
# server raced, not the program (memcheck's own findings exit with 99)
if [ $rc -eq 1 ] && grep -q BadWindow err.txt; then echo "# X error on the closing window: $(grep -m1 BadWindow err.txt)"; rc=0; fi
grep -q '^anim 0 [1-9]' dump/state.txt && echo "ok - replay steps were animated ($(grep '^anim' dump/state.txt))" \
    || { fails=$((fails + 1)); echo "not ok - no animated replay step"; }
check "replay viewer under memcheck" $rc vg-replay.log
[ $fails -eq 0 ]
