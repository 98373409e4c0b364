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
rm -f dump/* # the bot game's last dump must not pass for the viewer's (it has no replay line)
"${VG[@]}" --log-file=vg-replay.log "$EXE" replay g.rec --ui gui >out.txt 2>err.txt &
PID=$!
WID=
# Waits poll the program's dump against wall-clock deadlines (valgrind starts slowly and draws
# a frame in seconds on a loaded machine); a step that arrives returns at once.
end=$((SECONDS + 600))
while [ $SECONDS -lt $end ]; do # the window mapped (viewable) and a frame of the record drawn
    WID=$(xdotool search --onlyvisible --name '^formicary' 2>/dev/null | head -1)
    [ -n "$WID" ] && grep -q '^replay ' dump/state.txt 2>/dev/null && break # the record is shown
    kill -0 $PID 2>/dev/null || break
    sleep 0.1
done
if [ -z "$WID" ] || ! grep -q '^replay ' dump/state.txt 2>/dev/null; then
    kill -0 $PID 2>/dev/null && echo "not ok - no replay window after 10 minutes" \
        || { echo "not ok - the replay viewer ended before its window showed"; tail -5 err.txt; }
    exit 1
fi
inputs() { awk '$1 == "inputs" { print $2 }' dump/state.txt 2>/dev/null; }
ply() { awk '$1 == "replay" { print $2 }' dump/state.txt 2>/dev/null; }
arrived() { [ "$(inputs)" != "$1" ]; }
ply_is() { [ "$(ply)" = "$1" ]; }
ply_above() { [ "$(ply)" -gt "$1" ] 2>/dev/null; }
gone() { ! kill -0 $PID 2>/dev/null; }
# wait_for SECONDS TEST...: polls TEST every 0.1 s until it holds (0), the wall-clock deadline
# passes or the program ends without it holding (1)
wait_for() {
    local end=$((SECONDS + $1))
    shift
    while ! "$@"; do
        gone && { "$@"; return; }
        [ $SECONDS -lt $end ] || return 1
        sleep 0.1
    done
}
stop_test() { # one line saying what failed, and the test ends at once
    echo "not ok - $1"
    tail -3 err.txt | sed 's/^/#   /'
    kill -9 $PID 2>/dev/null
    PID=
    exit 1
}
where_keys_go() { echo "window $WID, focus $(xdotool getwindowfocus 2>/dev/null), pointer $(xdotool getmouselocation 2>/dev/null)"; }
# step KEY TEST...: sends KEY until the dump's inputs count shows it arrived (a key lost under
# load is sent again, up to 4 times 60 s; one that arrived is never repeated), then waits until
# TEST holds for the state it produced. A key that never arrives, or a wrong state, ends the test
# with one line (not a stall until meson's timeout); every resend is logged with where the
# keyboard focus was.
step() {
    local key=$1 before try
    shift
    before=$(inputs)
    for try in 1 2 3 4; do
        # no window manager: the keyboard focus follows the pointer into the window
        xdotool mousemove --window "$WID" 5 5 key "$key" 2>>xdotool.err || echo "# xdotool: $(tail -1 xdotool.err)"
        wait_for 60 arrived "$before" && break
        gone && stop_test "the replay viewer ended while key $key was sent"
        echo "# key $key did not arrive within 60 s of send $try (inputs $before; $(where_keys_go))"
    done
    arrived "$before" || stop_test "key $key did not arrive after 4 sends (inputs $before -> $(inputs))"
    wait_for 120 "$@" || stop_test "after key $key the viewer shows '$(grep '^replay' dump/state.txt)', expected: $*"
}
n=$(awk '$1 == "replay" { print $3 }' dump/state.txt)
for i in $(seq 1 12); do # forward until a step is animated (chance and hidden decisions are not)
    step Right ply_above "$(ply)"
    animated=$(ply)
    grep -q '^anim [01] [1-9]' dump/state.txt && break
done
step End ply_is "$n"
step Home ply_is 0
echo "ok - replay viewer: Right $i times (ply $animated), End (ply $n), Home (ply 0)"
# quit: q, sent again only when it did not arrive; memcheck's leak check at exit takes a while
before=$(inputs)
for try in 1 2 3 4; do
    xdotool mousemove --window "$WID" 5 5 key q 2>>xdotool.err || echo "# xdotool: $(tail -1 xdotool.err)"
    wait_for 60 gone && break
    arrived "$before" && break
    echo "# key q did not arrive within 60 s of send $try (inputs $before; $(where_keys_go))"
done
wait_for 300 gone || stop_test "the replay viewer did not quit within 300 s of the q key"
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
