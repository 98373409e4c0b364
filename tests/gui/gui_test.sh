#!/usr/bin/env bash
# The graphical front end in a real window under Xvfb, driven by real X input (xdotool): a
# click on a marked hex (or a list row) plays a decision, undo, save and load, a bot game to
# the end, the replay viewer; screenshots must not be blank and must change after a move.
# The program's FORMICARY_GUI_DUMP hook writes DIR/state.txt after every frame (position, last
# decision, where the marked hexes and list rows are on screen) and DIR/shot-NNN.bmp on F12.
# usage: gui_test.sh FORMICARY FIXTURE_DIR GAME       (exit 77 = skipped)
set -u
EXE=$(realpath "$1")
FIX=$(realpath "$2")
GAME=$3
HERE=$(dirname "$(realpath "$0")")
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
fail() { n=$((n + 1)); fails=$((fails + 1)); echo "not ok $n - $1"; sed 's/^/    /' dump/state.txt 2>/dev/null | head -20; }
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

seats=human
nseats=2
[ "$GAME" = marsz ] && nseats=2
for _ in $(seq 2 $nseats); do seats=$seats,random; done

# 1. a human against bots: click a marked hex (or a list row), check the decision was played
start play "$GAME" --seats "$seats" --seed 5 --ui gui --bot-delay 0
if wait_state to_move 0 20 && wait_grep '^(target|row) ' 10; then pass "window up, human to move"; else fail "window up, human to move"; fi
grep '^gui-bench\|^draw' err.txt dump/state.txt 2>/dev/null | head -3
# the static board layer is drawn once: hovering the board redraws the frame, not the layer
sd0=$(field static_draws)
frames_above() { [ "$(field frames)" -gt "$1" ] 2>/dev/null; }
for p in "300 300" "400 350" "200 250"; do # each motion is drawn before the next
    f0=$(field frames)
    x mousemove --window "$WID" $p
    until_ok 5 frames_above "$f0"
done
[ -n "$sd0" ] && [ "$(field static_draws)" = "$sd0" ] && pass "hovering reuses the cached board layer ($sd0 draws)" \
    || fail "cached board layer ($sd0 -> $(field static_draws))"
shot before && python3 "$HERE/shot_check.py" blank before.bmp && pass "screenshot before the move is not blank" \
    || fail "screenshot before the move"
ply0=$(field ply)
hash0=$(field hash)
line=$(grep -m1 '^target ' dump/state.txt)
if [ -n "$line" ]; then
    read -r _ q r x y cnt text <<<"$line"
    click "$x" "$y"
    if [ "$cnt" -gt 1 ]; then
        wait_grep '^menu ' 5 && pass "a hex with $cnt decisions opens a menu" || fail "menu at ($q,$r)"
        read -r _ _ x y text <<<"$(grep -m1 '^menu ' dump/state.txt)"
        click "$x" "$y"
    fi
    what="a click on the marked hex ($q,$r)"
else
    read -r _ _ x y text <<<"$(grep -m1 '^row ' dump/state.txt)"
    click "$x" "$y"
    what="a click on the list row '$text'"
fi
if wait_grep "^played $ply0 0 $(printf '%s' "$text" | sed 's/[][\.*^$+?(){}|]/\\&/g')\$" 10; then pass "$what played '$text'"; else fail "$what played '$text'"; fi
wait_state to_move 0 20
ply1=$(field ply)
hash1=$(field hash)
[ "$ply1" -gt "$ply0" ] && pass "ply $ply0 -> $ply1" || fail "ply did not advance ($ply0 -> $ply1)"
shot after && python3 "$HERE/shot_check.py" blank after.bmp && python3 "$HERE/shot_check.py" differ before.bmp after.bmp \
    && pass "screenshot after the move differs" || fail "screenshot after the move"
# save (the prompt offers GAME-SEED.rec), undo, load
key s
wait_state prompt 1 5 && key Return
if wait_state prompt 0 5 && [ -s "$GAME-5.rec" ] && "$EXE" replay "$GAME-5.rec" --quiet; then pass "saved a valid record"; else fail "save"; fi
key u
if wait_state hash "$hash0" 10; then pass "undo went back to the position before the click"; else fail "undo"; fi
key o
wait_state prompt 2 5 && key Return
if wait_state hash "$hash1" 10; then pass "load restored the saved position"; else fail "load"; fi
key q
finish "quit after load"

# 2. hot seat: two humans; the screen is covered until the player to move clicks
hs=human,human
for _ in $(seq 3 $nseats); do hs=$hs,random; done
start play "$GAME" --seats "$hs" --seed 5 --ui gui --bot-delay 0
if wait_state overlay 3 10; then pass "hot seat: covered before the first human decision"; else fail "hot-seat cover"; fi
hw=$(field to_move)
shot cover && python3 "$HERE/shot_check.py" blank cover.bmp >/dev/null && pass "cover screenshot drawn" || fail "cover screenshot"
click 600 400
wait_state overlay 0 5 && pass "a click shows the board of seat $((hw + 1))" || fail "cover dismissed"
read -r _ _ x y text <<<"$(grep -m1 '^row ' dump/state.txt)"
p0=$(field ply)
click "$x" "$y"
until_ok 5 eval '[ "$(field ply)" != "$p0" ]'
if [ "$(field to_move)" != "$hw" ] && [ "$(field to_move)" -ge 0 ]; then
    wait_state overlay 3 5 && pass "covered again for the other human" || fail "cover for the other human"
    click 600 400
fi
key q
wait_state prompt 3 5 && pass "quit with unsaved decisions asks first" || fail "quit prompt"
key q
finish "quit from the prompt"

# 3. bots only: a whole game, the final screen, the record
bots=random
for _ in $(seq 2 $nseats); do bots=$bots,random; done
start play "$GAME" --seats "$bots" --seed 9 --ui gui --bot-delay 0 --record game.rec
if wait_state to_move -2 $((60)); then pass "bots finished the game ($(field ply) decisions)"; else fail "bots finish the game"; fi
wait_state overlay 2 5 && pass "final screen shown" || fail "final screen"
shot final && python3 "$HERE/shot_check.py" blank final.bmp && pass "final screenshot not blank" || fail "final screenshot"
key q
finish "quit after the bot game"
[ -s game.rec ] && "$EXE" replay game.rec --quiet && pass "the --record file replays" || fail "--record file"

# 4. the replay viewer: step (animated), jump, slider
FORMICARY_GUI_ANIM=30000 start replay game.rec --ui gui
total=$(field replay | cut -d' ' -f2)
wait_grep '^replay 0 ' 10 && pass "replay viewer at ply 0 of $total" || fail "replay viewer starts at 0"
shot r0
# step until a decision the spectator sees is animated (hidden ones are not)
for _ in $(seq 1 30); do
    key Right
    [ "$(field anim | cut -d' ' -f2)" -gt 0 ] 2>/dev/null && break
done
if [ "$(field anim | cut -d' ' -f1)" = 1 ]; then pass "a step forward starts the move animation (anim $(field anim))"
elif [ "$(field cells)" = 0 ]; then pass "no board, no move animation"
else fail "animation (anim $(field anim), replay $(field replay))"; fi
key Escape
wait_grep '^anim 0 ' 5 && pass "a key skips the animation" || fail "skip the animation"
key Home
wait_grep '^replay 0 ' 5 || fail "Home"
key Right Right Right
wait_grep '^replay 3 ' 5 && pass "right arrow steps forward" || fail "right arrow"
key Left
wait_grep '^replay 2 ' 5 && pass "left arrow steps back" || fail "left arrow"
key End
wait_grep "^replay $total " 5 && pass "End goes to the last ply" || fail "End"
read -r _ sx sy sw sh <<<"$(field slider | sed 's/^/x /')"
click $((sx + sw / 2)) $((sy + sh / 2))
mid=$(field replay | cut -d' ' -f1)
[ "$mid" -gt 0 ] && [ "$mid" -lt "$total" ] && pass "slider click jumps to ply $mid" || fail "slider (at $mid of $total)"
shot rmid && python3 "$HERE/shot_check.py" differ r0.bmp rmid.bmp && pass "replay board changes" || fail "replay screenshots"
key q
finish "quit the replay viewer"

[ -n "${GUI_SCREENS:-}" ] && cp after.bmp "$GUI_SCREENS/gui-$GAME.bmp"
echo "1..$n"
[ $fails -eq 0 ]
