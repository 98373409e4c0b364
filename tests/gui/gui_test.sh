#!/usr/bin/env bash
# The graphical front end in a real window under Xvfb, driven by real X input (xdotool): a
# click on a marked hex (or a list row) plays a decision, undo, save and load, a bot game to
# the end, the replay viewer; screenshots must not be blank and must change after a move.
# The program's FORMICARY_GUI_DUMP hook writes DIR/state.txt after every frame (position, last
# decision, where the marked hexes and list rows are on screen) and DIR/shot-NNN.bmp on F12.
# usage: gui_test.sh FORMICARY FIXTURE_DIR GAME       (exit 77 = skipped)
HERE=$(dirname "$(realpath "$0")")
. "$HERE/gui_lib.sh"

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
# save (the prompt offers GAME-SEED.rec), undo, load (typing the file: that prompt starts empty)
key s
wait_state prompt 1 5 && key Return
if wait_state prompt 0 5 && [ -s "$GAME-5.rec" ] && "$EXE" replay "$GAME-5.rec" --quiet; then pass "saved a valid record"; else fail "save"; fi
key u
if wait_state hash "$hash0" 10; then pass "undo went back to the position before the click"; else fail "undo"; fi
key o # the load prompt starts empty: type the file
wait_state prompt 2 5 && POS=(5 5) && send ${#GAME} type "$GAME-5.rec" && key Return
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
if [ "$GAME" = bidrace ]; then # a bid is named from the ply the round's bids are revealed
    key Right
    wait_grep '^replay_row 1 \(hidden\)$' 5 && pass "replay list: the first bid hidden at ply 1" ||
        fail "first bid at ply 1: $(field replay_row)"
    for _ in $(seq 2 "$nseats"); do key Right; done
    wait_grep '^replay_row 1 bid [0-9]+$' 5 && pass "replay list: the first bid named once revealed (ply $nseats)" ||
        fail "first bid at ply $nseats: $(field replay_row)"
    key Home
    wait_grep '^replay 0 ' 5 || fail "Home"
fi
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
