#!/usr/bin/env bash
# One selection in the terminal front end (issue 27), with fixed seeds so the positions are the
# same every run: the list marks one entry (a '>' before its number and the selection colour,
# never the two on different entries) and it is the decision the info line names and Enter
# plays; Up at the top of the list stays there (no wrap-around); keys that move the cursor on
# the map move it visibly, onto the hex of the decision they select; Tab keeps the selection.
#   myrmes: the list 'room 0' / 'exit ...' (where '>' and the colour once disagreed and Up
#           wrapped to the exit, which Enter then played);
#   marsz:  a tile's places, Tab n n Tab (which once moved the selection to a place while the
#           cursor stayed where it was, as the places were not on the map).
# usage: tty_select.sh FORMICARY FIXTURE_DIR GAME      (exit 77 = skipped)
. "$(dirname "$(realpath "$0")")/tty_lib.sh"

# list_marks: one line per list entry on screen, "N GT COLOUR TEXT": GT 1 when a '>' stands
# before its number, COLOUR 1 when its row starts in the selection colour (cyan background)
list_marks() {
    "${TM[@]}" capture-pane -e -p -t fc 2>/dev/null | awk -v E=$'\033' '
        { raw = $0; plain = raw; gsub(E "\\[[0-9;]*m", "", plain) }
        plain ~ /decisions? \[(list|map)/ { on = 1; next }
        on && plain ~ /^[> ][ 0-9][ 0-9][0-9] / {
            match(raw, "^(" E "\\[[0-9;]*m)*")
            col = index(substr(raw, 1, RLENGTH), "46m") > 0
            text = substr(plain, 6); sub(/ *│.*$/, "", text); sub(/(\.\.\.|…)? *[v^]?$/, "", text)
            print substr(plain, 2, 3) + 0, substr(plain, 1, 1) == ">", col, text
        }'
}
# marked: the entries marked by '>' and those marked by the colour, as "GT-SET | COLOUR-SET"
marked() {
    local m
    m=$(list_marks)
    echo "$(awk '$2 == 1 { print $1 }' <<<"$m" | paste -sd,) | $(awk '$3 == 1 { print $1 }' <<<"$m" | paste -sd,)"
}
# selected_text: the text of the one entry both cues mark (empty when none or when they differ)
selected_text() {
    local m
    m=$(list_marks)
    [ "$(awk '$2 == 1 && $3 == 1' <<<"$m" | wc -l)" = 1 ] && [ "$(awk '$2 == 1 || $3 == 1' <<<"$m" | wc -l)" = 1 ] &&
        awk '$2 == 1 && $3 == 1 { $1 = $2 = $3 = ""; sub(/^ +/, ""); print }' <<<"$m"
}
# one_marker DESC: exactly one entry is marked, by both cues
one_marker() {
    if [ -n "$(selected_text)" ]; then pass "$1: one entry marked ('$(selected_text)')"
    else fail "$1: the '>' and the selection colour mark entries $(marked)"; fi
}
# cursor: "ROW COL" of the map cursor '[' on screen (rows above the list), or nothing
cursor() {
    screen | awk '/decisions? \[(list|map)/ { exit } NR > 1 { p = match(substr($0, 1, 48), /\[...\]/); if (p) { print NR, p; exit } }'
}
info() { screen | tail -2 | head -1; }

if [ "$GAME" = myrmes ]; then
    start 80 24 --seats human,random,random,random --seed 7 --bot-delay 0
    play_first 2 # the event, the births
    expect "myrmes: the list offers room 0 and a tunnel exit" "Red: 2 decisions \[list\]" 20
    wait_for "room 0" 5
    one_marker "myrmes: room 0 / exit"
    expect "myrmes: the info line names room 0" "^ \[room 0\]" 2
    # a panel value cut at the pane's edge ends in an ellipsis (it was cut silently)
    expect "myrmes: a cut panel value ends in an ellipsis" "│ storage +[0-9]+ food, [0-9]+ dirt, [0-9]*(…|\\.\\.\\.)\$" 2
    if [ -z "$(cursor)" ]; then pass "myrmes: no map cursor while the selection concerns no hex"
    else fail "myrmes: a map cursor at $(cursor) while room 0 (no hex) is selected"; fi
    keys Up
    sleep 0.3
    expect "myrmes: Up at the top of the list stays on room 0 (no wrap-around)" "^ \[room 0\]" 2
    one_marker "myrmes: after Up"
    for ((k = 0; k < 30; k++)); do keys +; done # bots slow, so the log still shows it
    wait_for "bot delay 3000 ms" 5
    p0=$(ply)
    keys Enter
    wait_ply_change "$p0"
    expect "myrmes: Enter played room 0" "│ +$((p0 + 1)) Red: room 0" 10
    expect_not "myrmes: not the exit" "│ +$((p0 + 1)) Red: exit"
    # save with ~ (HOME is the scratch directory here); the load prompt starts empty
    wait_for "$human_turn" 30
    keys s C-u "~/sel.rec" Enter
    expect "myrmes: ~ is the home directory when saving" "saved [0-9]+ decisions to $TMP/sel.rec" 5
    keys o
    expect "myrmes: o asks for a record" "Load a record" 5
    expect_not "myrmes: the load prompt starts empty" "sel\.rec"
    keys "~/sel.rec" Enter
    expect "myrmes: ~ is the home directory when loading" "loaded $TMP/sel.rec: [0-9]+ decisions" 5
    keys q
    wait_for "not saved" 5 && keys q
    expect "myrmes: quit" "EXIT=0" 20
elif [ "$GAME" = marsz ]; then
    start 80 24 --seats human,random --seed 7 --bot-delay 0
    wait_for "$human_turn" 20
    keys Home Enter # a tile: its places follow
    expect "marsz: the places of the tile" "Red: 30 decisions \[(list|map)" 20
    wait_for "place " 5
    sel0=$(selected_text)
    prev=$(cursor)
    k=0
    for key in Tab n n Tab; do
        k=$((k + 1))
        before=$(selected_text)
        keys "$key"
        sleep 0.3
        one_marker "marsz: key $k ($key)"
        now=$(selected_text)
        pos=$(cursor)
        # the hex of the selected decision: "at (q,r)" in the list, "(q,r)" of the cursor on the map
        hex=$(info | grep -Eo '^ \((-?[0-9]+),(-?[0-9]+)\)|at \((-?[0-9]+),(-?[0-9]+)\)' | grep -Eo -- '-?[0-9]+,-?[0-9]+')
        if [ "$key" = n ]; then
            if [ -n "$pos" ] && [ "$pos" != "$prev" ]; then pass "marsz: n moved the cursor visibly ($prev -> $pos)"
            else fail "marsz: n did not move the cursor visibly ($prev -> '$pos'; info '$(info)')"; fi
            if [ -n "${lasthex:-}" ] && [ -n "$hex" ] && [ -n "$pos" ] && [ -n "${lastpos:-}" ]; then
                # the cursor moved on screen by the hexes between the two selected decisions
                read -r q1 r1 <<<"${lasthex/,/ }"
                read -r q2 r2 <<<"${hex/,/ }"
                read -r y1 x1 <<<"$lastpos"
                read -r y2 x2 <<<"$pos"
                if [ $((x2 - x1)) = $((4 * (q2 - q1) + 2 * (r2 - r1))) ] && [ $((y2 - y1)) = $((r2 - r1)) ]; then
                    pass "marsz: the cursor is on the selected decision's hex ($lasthex -> $hex)"
                else
                    fail "marsz: the cursor went $lastpos -> $pos, the selection ($lasthex) -> ($hex)"
                fi
            fi
            lasthex=$hex
            lastpos=$pos
        else
            if [ -n "$before" ] && [ "$now" = "$before" ]; then pass "marsz: Tab keeps the selection ('$now')"
            else fail "marsz: Tab changed the selection '$before' -> '$now'"; fi
        fi
        prev=$pos
    done
    for ((k = 0; k < 30; k++)); do keys +; done
    wait_for "bot delay 3000 ms" 5
    p0=$(ply)
    want=$(selected_text | awk '{ print $1, $2, $3, $4 }' | sed 's/:$//') # "place 1,-2 rot 1: open ..."
    keys Enter
    wait_for "Decisions at " 2 && keys Enter # several at the hex: the sub-list starts on the selection
    wait_ply_change "$p0"
    if [ -z "$want" ]; then fail "marsz: no one decision selected before Enter ($(marked))"
    else expect "marsz: Enter played the selected '$want'" "│ +$((p0 + 1)) Red: $want" 10; fi
    keys q
    wait_for "not saved" 5 && keys q
    expect "marsz: quit" "EXIT=0" 20
else
    echo "SKIP: no selection scenario for $GAME"
    exit 77
fi
echo "1..$n"
[ $fails -eq 0 ]
