#!/usr/bin/env bash
# What is highlighted is what a click plays (issue 27): a human clicks a row of the decision
# list and clicks again without moving the pointer while the list changes under it (Myrmes'
# worker outing: exit, steps, pheromones, seed 5, so the positions are the same every run).
# After every click the row highlighted on screen (read from a screenshot: the selection
# colour on the row's centre line), the row the pointer is over (the dump's row positions) and
# the decision previewed on the map (the dump's 'preview') must be one and the same, and the
# next click at the same place must play exactly the highlighted decision. Then the load
# prompt (empty, ~ expanded) and --ui gui without a display.
# usage: gui_select.sh FORMICARY FIXTURE_DIR GAME       (exit 77 = skipped)
HERE=$(dirname "$(realpath "$0")")
. "$HERE/gui_lib.sh"

SEL=3F5B6E # the highlight's colour (C_SEL in frontends/gui/panels.c)
# row_at Y: the notation of the list row whose rectangle holds screen row Y (rows are one line
# high around their centre: the dump's row_height; a dump without it, the smallest distance
# between two rows), or nothing
row_at() {
    awk -v py="$1" '$1 == "row_height" { h = $2 } $1 == "row" { y[n] = $4; t[n] = $0; n++ }
        END { for (i = 1; i < n && !h; i++) { d = y[i] - y[i - 1]; if (d > 0 && (m == 0 || d < m)) m = d }
              if (!h) h = m ? m : 16
              for (i = 0; i < n; i++) { top = y[i] - int(h / 2)
                  if (py >= top && py < top + h) { sub(/^row [0-9]+ [0-9]+ [0-9]+ /, "", t[i]); print t[i]; exit } } }' dump/state.txt
}
# shot_here NAME: a screenshot (F12) with the pointer left where it is
shot_here() {
    local k
    k=$(field shots)
    POS=("$PX" "$PY")
    send 1 key F12 && wait_state shots $((k + 1)) 5 && cp "dump/shot-$(printf %03d "$k").bmp" "$1.bmp"
}
# highlighted NAME: the notations of the list rows drawn in the highlight colour in NAME.bmp
highlighted() {
    local ys
    ys=$(awk '$1 == "row" { print $4 }' dump/state.txt)
    [ -n "$ys" ] || return 0
    # shellcheck disable=SC2086
    paste -d' ' <(python3 "$HERE/shot_check.py" count "$1.bmp" $SEL $ys) <(grep '^row ' dump/state.txt | cut -d' ' -f5-) |
        awk '$1 > 40 { $1 = ""; sub(/^ /, ""); print }'
}
# check_pointer DESC: highlighted row = row under the pointer = previewed decision
check_pointer() {
    local name=p$n hl under
    if ! shot_here "$name"; then fail "$1: screenshot"; return; fi
    hl=$(highlighted "$name" | paste -sd'|')
    under=$(row_at "$PY")
    if [ "$hl" = "$under" ]; then
        pass "$1: the highlighted row is the row under the pointer ('$under')"
    else
        fail "$1: the highlighted row '$hl' is not the row under the pointer '$under'"
    fi
    if [ "$(field highlight)" = "${under:--}" ] && [ "$(field preview)" = "${under:--}" ]; then
        pass "$1: the map previews the same decision"
    else
        fail "$1: highlight '$(field highlight)', preview '$(field preview)', under the pointer '$under'"
    fi
    HL=$hl
}
human_ready() { state_is to_move 0 && state_has '^row '; }

# --ui gui without a display: one line at once (it used to fall back to a driver that shows
# nothing and wait for input)
out=$(env -u DISPLAY -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER timeout 60 "$EXE" play "$GAME" --seats human,random --ui gui \
    </dev/null 2>&1)
rc=$?
if [ $rc -ne 0 ] && [ $rc -ne 124 ] && [ "$(wc -l <<<"$out")" = 1 ] && grep -q "needs a display" <<<"$out"; then
    pass "--ui gui without a display: exit $rc, one line ($out)"
else
    fail "--ui gui without a display: exit $rc, output: $out"
fi

# a DISPLAY no X server answers (a stale one, ssh without forwarding): one line naming it, at
# once (SDL went on to Wayland, whose library printed its own line without XDG_RUNTIME_DIR, and
# to the offscreen driver)
dead=1000
while [ -e /tmp/.X11-unix/X$dead ] || [ -e /tmp/.X$dead-lock ]; do dead=$((dead + 1)); done
out=$(env -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER -u XDG_RUNTIME_DIR DISPLAY=:$dead timeout 60 "$EXE" play "$GAME" \
    --seats human,random --ui gui </dev/null 2>&1)
rc=$?
if [ $rc -ne 0 ] && [ $rc -ne 124 ] && [ "$(wc -l <<<"$out")" = 1 ] && grep -q "cannot open the display ':$dead'" <<<"$out"; then
    pass "--ui gui with a dead DISPLAY: exit $rc, one line ($out)"
else
    fail "--ui gui with a dead DISPLAY: exit $rc, output: $out"
fi

HOME=$TMP start play "$GAME" --seats human,random --seed 5 --ui gui --bot-delay 0
until_ok 20 human_ready && pass "window up, a human decision listed" || fail "window up"
PX=
PY=
clicks=0
again=0
for step in $(seq 1 8); do
    until_ok 20 human_ready || break
    ply=$(field ply)
    under=
    [ -n "$PY" ] && under=$(row_at "$PY")
    # the first five: the list's last row (this path once left the highlight on the row number
    # the pointer had been on); then again at the same place while a row is under the pointer
    if [ "$step" -gt 5 ] && [ -n "$under" ]; then
        want=$HL # as checked after the last click, in this same position
        again=$((again + 1))
    else # the last row of the list
        read -r _ _ PX PY want <<<"$(grep '^row ' dump/state.txt | tail -1)"
    fi
    [ -n "$want" ] || want="(nothing)"
    click "$PX" "$PY"
    clicks=$((clicks + 1))
    esc=$(printf '%s' "$want" | sed 's/[][\.*^$+?(){}|]/\\&/g')
    if wait_grep "^played $ply 0 $esc\$" 10; then pass "ply $ply: the click played '$want'"
    else fail "ply $ply: the click played $(grep "^played $ply " dump/state.txt | cut -d' ' -f4-), not the highlighted '$want'"; fi
    until_ok 20 human_ready || break
    check_pointer "ply $(field ply), after the click"
done
[ $clicks -ge 4 ] && [ $again -ge 1 ] && pass "$clicks clicks, $again of them without moving the pointer" \
    || fail "too few clicks ($clicks, $again without moving)"

# the load prompt starts empty and expands ~ (HOME is the scratch directory here)
until_ok 20 human_ready
key s
wait_state prompt 1 5 && [ "$(field prompt_text)" = "$GAME-5.rec" ] && pass "the save prompt offers $GAME-5.rec" \
    || fail "save prompt ($(field prompt_text))"
key Return
wait_state prompt 0 5
hash_saved=$(field hash)
key u
until_ok 10 eval '[ "$(field hash)" != "$hash_saved" ]' || fail "undo before the load"
key o
if wait_state prompt 2 5 && [ -z "$(field prompt_text)" ]; then pass "the load prompt starts empty"
else fail "the load prompt starts with '$(field prompt_text)'"; fi
POS=(5 5)
send 14 type "~/$GAME-5.rec"
key Return
if wait_state hash "$hash_saved" 10; then pass "loaded ~/$GAME-5.rec (HOME=$TMP)"; else fail "load ~/$GAME-5.rec"; fi
key q
wait_state prompt 3 5 && key q
finish "quit"
echo "1..$n"
[ $fails -eq 0 ]
