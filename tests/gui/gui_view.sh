#!/usr/bin/env bash
# Trays and piece-then-destination in the GUI (issue 27 item 2), with real X input:
#   hive:  each seat's hand is a tray under the board (the view's items); a click on a tray
#          piece picks it and marks only its destinations, a click on one plays that placement
#          (no menu of MoveStrings); a piece on the board is picked the same way and moved; the
#          empty places are targets, not view cells; the first pieces do not fill the board.
#   marsz: the drawn tile is a tray item named in the dump, picked by itself (the only source),
#          and its places are marked; hovering a place previews the tile there, in the rotation
#          of the hovered menu item, with the edges that rotation opens.
#   marabunta: the regions are filled in the colours the rules name (yellow yellow, orange
#          orange), and the legend (l) has a terrain key with those colours; r opens the rules
#          pane (the step's rules, scrolling, g glossary, a all, Esc / r close) and its search
#          (/ a rule id or topic, typed query shown, matches highlighted, n / N, no match, p).
# usage: gui_view.sh FORMICARY FIXTURE_DIR GAME       (exit 77 = skipped)
HERE=$(dirname "$(realpath "$0")")
. "$HERE/gui_lib.sh"

# tray_at SEAT GLYPH: "X Y COUNT ID" of that tray item
tray_at() { awk -v s="$1" -v g="$2" '$1 == "tray" && $3 == s && $7 == g { print $4, $5, $6, $2; exit }' dump/state.txt; }
ndest() { grep -c '^dest ' dump/state.txt; }
# pick_and_play SEAT GLYPH DESC: picks the tray item, checks only its destinations are marked,
# clicks the first one and checks exactly that placement was played, without a menu
pick_and_play() {
    local x y cnt id q r dx dy text ply0
    read -r x y cnt id <<<"$(tray_at "$1" "$2")"
    if [ -z "$x" ]; then fail "$3: no tray item $2 of seat $1"; return 1; fi
    click "$x" "$y"
    if wait_grep "^pick item $id\$" 5; then pass "$3: a click on tray $2 picks it"; else fail "$3: pick item $id"; return 1; fi
    local bad
    bad=$(awk '$1 == "dest" { print $6 }' dump/state.txt | grep -v "^[wb]$2" | head -1)
    [ "$(ndest)" -gt 0 ] && [ -z "$bad" ] && pass "$3: only $2's destinations marked ($(ndest))" \
        || fail "$3: marked destinations ($(ndest)) include '$bad'"
    read -r _ q r dx dy text <<<"$(grep -m1 '^dest ' dump/state.txt)"
    # the status line says what a click on the hovered destination plays (it repeated the pick)
    x mousemove --window "$WID" "$dx" "$dy"
    if wait_grep "^status $(printf '%s' "$text" | sed 's/[][\.*^$+?(){}|\\/]/\\&/g') .*\[click: play\]\$" 5; then
        pass "$3: hovering ($q,$r) the status line names '$text'"
    else fail "$3: hovering ($q,$r) the status line says '$(field status)'"; fi
    ply0=$(field ply)
    click "$dx" "$dy"
    if wait_grep "^played $ply0 0 $(printf '%s' "$text" | sed 's/[][\.*^$+?(){}|\\/]/\\&/g')\$" 10; then
        pass "$3: a click on ($q,$r) played '$text'"
    else
        fail "$3: a click on ($q,$r) did not play '$text' (last: $(field last); menu: $(grep -c '^menu ' dump/state.txt))"
    fi
}

if [ "$GAME" = hive ]; then
    start play hive --seats human,random --seed 5 --ui gui --bot-delay 0
    if wait_state to_move 0 20 && wait_grep '^tray ' 10; then pass "window up, trays drawn"; else fail "trays (no 'tray' in the dump)"; fi
    [ "$(tray_at 0 A | cut -d' ' -f3)" = 3 ] && [ "$(tray_at 1 a | cut -d' ' -f3)" = 3 ] && [ "$(tray_at 0 Q | cut -d' ' -f3)" = 1 ] \
        && pass "White's and Black's hands: 3 ants each, one Queen" || fail "hands: $(grep '^tray ' dump/state.txt | paste -sd' ')"
    [ "$(field cells)" = 0 ] && pass "no view cells for empty places" || fail "cells at ply 0: $(field cells)"
    read -r _ _ bw _ <<<"$(field board)"
    rad=$(field hex_radius)
    awk -v r="$rad" -v w="$bw" 'BEGIN { exit !(r > 0 && r * 1.732 * 6 <= w) }' \
        && pass "the first move's zoom: hex radius $rad in a board $bw wide" || fail "zoom: hex radius $rad, board $bw"
    # the Queen may not be placed first (H-04): picking it says so and picks nothing
    read -r x y _ _ <<<"$(tray_at 0 Q)"
    click "$x" "$y"
    sleep 0.5
    [ "$(field pick)" = "-" ] && pass "the Queen, not placeable now, is not picked" || fail "pick after Q: $(field pick)"
    pick_and_play 0 G "first move"
    wait_state to_move 0 20
    [ "$(tray_at 0 G | cut -d' ' -f3)" = 2 ] && pass "the tray shows one Grasshopper less" || fail "tray G: $(tray_at 0 G)"
    [ "$(field cells)" = 2 ] && pass "two pieces, two cells (no empty cells)" || fail "cells at ply 2: $(field cells)"
    # a picked item is dropped by a second click and by Esc
    read -r x y _ id <<<"$(tray_at 0 A)"
    click "$x" "$y"
    wait_grep "^pick item $id\$" 5 && click "$x" "$y" && wait_grep '^pick -$' 5 && pass "a second click drops the pick" \
        || fail "second click: pick $(field pick)"
    click "$x" "$y"
    wait_grep "^pick item $id\$" 5 && key Escape && wait_grep '^pick -$' 5 && pass "Esc drops the pick" || fail "Esc: pick $(field pick)"
    pick_and_play 0 Q "second move"
    wait_state to_move 0 20
    # a piece on the board: its hex picks it, its destinations are marked, a click moves it
    src=$(grep -m1 '^source ' dump/state.txt)
    if [ -z "$src" ]; then
        fail "no piece to move at ply $(field ply)"
    else
        read -r _ q r x y <<<"$src"
        click "$x" "$y"
        if wait_grep "^pick hex $q $r\$" 5; then pass "a click on the piece at ($q,$r) picks it"; else fail "pick hex $q $r: $(field pick)"; fi
        read -r _ dq dr dx dy text <<<"$(grep -m1 '^dest ' dump/state.txt)"
        ply0=$(field ply)
        if [ -n "$text" ]; then
            click "$dx" "$dy"
            wait_grep "^played $ply0 0 $(printf '%s' "$text" | sed 's/[][\.*^$+?(){}|\\/]/\\&/g')\$" 10 \
                && pass "a click on ($dq,$dr) moved it: '$text'" || fail "move to ($dq,$dr) '$text' not played"
        else
            fail "no destination marked for the piece at ($q,$r)"
        fi
    fi
    key q
    wait_state prompt 3 5 && key q
    finish "quit"
elif [ "$GAME" = marsz ]; then
    start play marsz --seats human,random --seed 7 --ui gui --bot-delay 0
    wait_state to_move 0 20 && wait_grep '^row ' 10
    read -r _ _ x y text <<<"$(grep -m1 '^row ' dump/state.txt)" # tile T-2: it is drawn, then placed
    click "$x" "$y"
    if wait_grep '^tray [0-9]+ -1 .* T2$' 10; then pass "the drawn tile T-2 is a pending tray item"; else fail "no pending tile: $(grep '^tray ' dump/state.txt)"; fi
    wait_grep '^pick item 2$' 5 && pass "the only source, the drawn tile, is picked" || fail "pick: $(field pick)"
    [ "$(ndest)" -gt 0 ] && pass "its places are marked ($(ndest))" || fail "no places marked"
    # the tile previewed where it would go: at the hovered place in the list's first rotation,
    # then in the rotation of the hovered menu item, its openings as that decision's label says
    read -r _ q r dx dy text <<<"$(grep -m1 '^dest ' dump/state.txt)"
    x mousemove --window "$WID" "$dx" "$dy"
    if wait_grep "^drawn_preview $q $r T2 " 5; then pass "hovering the place ($q,$r) previews T2 there: $(field drawn_preview)"
    else fail "no tile preview at the hovered place ($q,$r): $(field drawn_preview)"; fi
    state_has "^drawn_preview 0 -2 T2 place 0,-2 rot 0 E SE W NW\$" && pass "in the first rotation, open NW E SE W" \
        || fail "first rotation: $(field drawn_preview)"
    # several rotations at the place: the status line says so and names the one previewed
    wait_grep "^status [0-9]+ decisions here, the first previewed: place 0,-2 rot 0: open NW E SE W .*\[click: choose\]\$" 5 &&
        pass "the status line counts the rotations at the place" || fail "status at the place: '$(field status)'"
    k=$(field shots) # F12 without moving the pointer away (key moves it to a corner)
    x key --window "$WID" F12 && wait_state shots $((k + 1)) 5 && cp "dump/shot-$(printf %03d "$k").bmp" drawn_preview.bmp
    # green_near BMP X Y: pixels of the tile's green fill within 12 px of (X, Y)
    green_near() {
        python3 -c 'import sys; sys.path.insert(0, sys.argv[1]); import shot_check as s
w, h, rows = s.read_bmp(sys.argv[2]); X, Y = int(sys.argv[3]), int(sys.argv[4])
print(sum(1 for y in range(Y - 12, Y + 13) for x in range(X - 12, X + 13)
          if rows[y][3 * x + 1] > rows[y][3 * x] + 20 and rows[y][3 * x + 1] > rows[y][3 * x + 2] + 40))' "$HERE" "$@"
    }
    gp=$(green_near drawn_preview.bmp "$dx" "$dy")
    [ "${gp:-0}" -gt 150 ] && pass "the tile is drawn green at the place ($gp of 625 pixels)" || fail "tile fill at the place: ${gp:-0} green pixels"
    click "$dx" "$dy"
    if wait_grep '^menu 1 ' 5; then
        read -r _ _ mx my mtext <<<"$(grep -m1 '^menu 1 ' dump/state.txt)"
        x mousemove --window "$WID" "$mx" "$my"
        if wait_grep "^drawn_preview 0 -2 T2 $mtext " 5 && state_has "^drawn_preview 0 -2 T2 place 0,-2 rot 1 SE SW NW NE\$"; then
            pass "the hovered menu item's rotation is previewed: $(field drawn_preview)"
        else
            fail "menu item '$mtext' hovered: $(field drawn_preview)"
        fi
        key Escape
    else
        fail "no menu of rotations at ($q,$r)"
    fi
    key q
    wait_state prompt 3 5 && key q
    finish "quit"
elif [ "$GAME" = marabunta ]; then
    start play marabunta --seats human,random --seed 5 --ui gui --bot-delay 0
    wait_state to_move 0 20
    # the game's events say "seat N"; the log names the seats as the panels do
    if wait_grep '^log round 1: (Red|Blue) splits' 5 && ! state_has '^log .*\b[Ss]eat [0-9]'; then
        pass "the log names the splitter as the panels do: $(grep -m1 '^log round 1' dump/state.txt)"
    else
        fail "log: $(grep '^log ' dump/state.txt | paste -sd'|')"
    fi
    shot board
    # pixels of each region's fill on the board's rows (the regions as the rules name them)
    ys=$(seq 60 10 560)
    for c in yellow:F3E07A orange:F5B971 pink:F4B6D2; do
        px=$(python3 "$HERE/shot_check.py" count board.bmp "${c#*:}" $ys | awk '{ t += $1 } END { print t + 0 }')
        [ "${px:-0}" -gt 500 ] && pass "the ${c%%:*} region is painted ${c%%:*} ($px pixels of #${c#*:})" \
            || fail "the ${c%%:*} region: ${px:-0} pixels of #${c#*:}"
    done
    key l
    if wait_grep '^key ' 5 && state_has '^key F3E07A yellow$' && state_has '^key F5B971 orange$'; then
        pass "the legend's terrain key: $(grep '^key ' dump/state.txt | cut -d' ' -f3 | paste -sd' ')"
    else
        fail "terrain key: $(grep '^key ' dump/state.txt | paste -sd' ')"
    fi
    shot legend
    key Escape
    wait_state overlay 0 5
    # r: the rules of this step from the rules reference, scrollable; g glossary, a all
    topic=$("$EXE" rules marabunta --text glossary 2>/dev/null | head -1 | sed 's/^#* *//')
    key r
    if wait_grep '^rules 0 0 ' 5; then pass "r opens the rules pane: $(field rules)"; else fail "r: overlay $(field overlay), rules '$(field rules)'"; fi
    first=$(field rules | cut -d' ' -f4-)
    [ -n "$first" ] && "$EXE" rules marabunta --text | tr -d '*`' | grep -qF -- "${first:0:40}" \
        && pass "the pane shows the rules reference's text ('${first:0:40}')" || fail "first paragraph '$first' not in the rules text"
    shot rules
    python3 "$HERE/shot_check.py" differ legend.bmp rules.bmp >/dev/null && pass "the rules pane is drawn" || fail "the rules pane looks like the legend"
    key Next
    wait_grep '^rules 0 [1-9]' 5 && pass "PgDn scrolls ($(field rules | cut -d' ' -f2) paragraphs down)" || fail "PgDn: $(field rules)"
    key Home
    wait_grep '^rules 0 0 ' 5 && pass "Home goes back to the top" || fail "Home: $(field rules)"
    key g
    wait_grep "^rules 2 0 [0-9]+ ${topic:0:20}" 5 && pass "g shows the glossary ('$topic')" || fail "g: $(field rules) (want '$topic')"
    key a
    wait_grep '^rules 1 0 [0-9]+ Marabunta' 5 && pass "a shows the whole reference from its title" || fail "a: $(field rules)"
    key End
    sleep 0.5
    last=$(field rules | cut -d' ' -f2)
    key Up
    wait_grep "^rules 1 $((last - 1)) " 5 && pass "End, then Up: one paragraph back (of $((last + 1)))" || fail "End/Up: $(field rules) after $last"
    # the terminal's '/' in the GUI: the typed query shown, the rule or topic found, its matches
    # highlighted, n / N through them, a note when nothing is found, p back to this step's rules
    key slash c r a
    wait_grep '^rules_find 1 cra$' 5 && state_has '^rules 1 ' && pass "/ opens the search line; 'cra' typed, 'a' types rather than switching" \
        || fail "typing: find '$(field rules_find)', rules $(field rules)"
    key BackSpace a t e
    wait_grep '^rules_find 1 crate$' 5 && pass "Backspace edits the query ('$(field rules_find | cut -d' ' -f2-)')" || fail "edit: '$(field rules_find)'"
    shot typing
    key Return
    if wait_grep '^rules_find 0 ' 5 && state_is rules_query crate && state_is rules_term crate &&
        state_has '^rules 0 0 [0-9]+ Player board: crates'; then
        pass "Enter finds the topic 'crate' as the terminal does: $(field rules)"
    else
        fail "find crate: rules '$(field rules)', query '$(field rules_query)', term '$(field rules_term)'"
    fi
    read -r m0 nm marks <<<"$(field rules_match)"
    [ "${nm:-0}" -ge 3 ] && [ "${marks:-0}" -ge 3 ] && [ "$m0" = 0 ] \
        && pass "'crate' highlighted: $nm paragraphs match, $marks occurrences marked, the first current" \
        || fail "matches: rules_match '$(field rules_match)'"
    shot found
    px=$(python3 "$HERE/shot_check.py" count found.bmp 8A6D00 $(seq 40 4 780) | awk '{ t += $1 } END { print t + 0 }')
    [ "${px:-0}" -gt 200 ] && pass "the matches are painted behind the text ($px pixels)" || fail "no highlight painted ($px pixels)"
    key n
    wait_grep '^rules_match [1-9]' 5 && m1=$(field rules_match | cut -d' ' -f1) && state_has "^rules 0 $m1 " \
        && pass "n: the next match ($m1) at the top" || fail "n: match '$(field rules_match)', rules '$(field rules)'"
    key N
    wait_grep '^rules_match 0 ' 5 && state_has '^rules 0 0 ' && pass "N: back to the first match" || fail "N: '$(field rules_match)'"
    key N
    if wait_grep '^rules_note .*from the bottom again' 5 && [ "$(field rules_match | cut -d' ' -f1)" -gt "${m1:-0}" ]; then
        pass "N at the first match wraps to the last ($(field rules_match | cut -d' ' -f1)): $(field rules_note)"
    else
        fail "N wrap: '$(field rules_match)', note '$(field rules_note)'"
    fi
    key slash z z q x Return
    wait_grep "^rules_note no rule or topic 'zzqx' in the Marabunta rules" 5 && state_is rules_query crate \
        && pass "an unknown query says so and keeps the pane: $(field rules_note)" || fail "zzqx: note '$(field rules_note)', query '$(field rules_query)'"
    shot nomatch
    python3 "$HERE/shot_check.py" differ found.bmp nomatch.bmp >/dev/null && pass "the note is drawn" || fail "the note is not on screen"
    key slash r 8 7 Return
    wait_grep '^rules 0 0 [0-9]+ R-87 The game always ends' 5 && state_is rules_term R-87 \
        && pass "a rule id 'r87' finds R-87 and highlights it as written ('$(field rules_term)')" || fail "r87: rules '$(field rules)', term '$(field rules_term)'"
    key slash x Escape
    wait_grep '^rules_find 0 ' 5 && state_is overlay 5 && state_is rules_query r87 \
        && pass "Esc on the search line cancels it, the pane stays" || fail "Esc typing: overlay $(field overlay), find '$(field rules_find)'"
    key p
    wait_grep "^rules 0 0 [0-9]+ ${first:0:20}" 5 && state_is rules_query "" \
        && pass "p: this step's rules again" || fail "p: rules '$(field rules)', query '$(field rules_query)'"
    key Escape
    wait_state overlay 0 5 && pass "Esc closes the rules pane" || fail "Esc: overlay $(field overlay)"
    key r
    wait_state overlay 5 5 && key r && wait_state overlay 0 5 && pass "r opens and closes it" || fail "r r: overlay $(field overlay)"
    key q
    wait_state prompt 3 3 && key q
    finish "quit"
else
    echo "SKIP: no view scenario for $GAME"
    exit 77
fi
echo "1..$n"
[ "$fails" = 0 ]
