#!/usr/bin/env bash
# During a human's turn the list pane also shows the last decisions played (issue 27 item 3),
# newest first, seats named as the panels name them, a hidden one as '(hidden)' until the game
# reveals it, in a block of its own under the decision rows, which never overlaps them and does
# not move them. Read from the dump: 'recent I TEXT' (I = 0 the newest; the rows drawn),
# 'recent_box X Y W H', and the decision rows ('row I X Y NOTATION', 'row_height H').
#   bidrace: the human (seat 1) against two bots, seed 7 (the scenario of gui_reveal.sh). At
#            ply 6 the bots' round-2 bids (plies 5, 6) are '(hidden)' and seat 3's round-1 bid
#            (ply 3) is named; a click on the last row (just above the block) plays that row;
#            at ply 9 the round-2 bids are named and ply 9's is hidden; saved there and continued
#            with play --load, the record's decisions are listed at once (ply 9's still hidden).
#   hive:    a bot (White) moves first: at ply 1 its move is listed during Black's turn; a
#            click on the list's last row plays it; at ply 3 both bots' moves and Black's are
#            listed, newest first.
# usage: gui_recent.sh FORMICARY FIXTURE_DIR GAME       (exit 77 = skipped)
HERE=$(dirname "$(realpath "$0")")
. "$HERE/gui_lib.sh"

# recent_is I TEXT DESC: the block's row I (0 the newest) reads TEXT
recent_is() {
    local esc
    esc=$(printf '%s' "$2" | sed 's/[][\.*^$+?(){}|\\/]/\\&/g')
    if wait_grep "^recent $1 $esc\$" 5; then pass "$3: '$2'"
    else fail "$3: row $1 of the last decisions is '$(awk -v i="$1" '$1 == "recent" && $2 == i { $1 = $2 = ""; sub(/^ +/, ""); print }' dump/state.txt)', not '$2'"; grep '^recent' dump/state.txt | sed 's/^/    /'; fi
}
# played_text PLY: the notation of the decision played at ply PLY (0-based), from the dump
played_text() { awk -v p="$1" '$1 == "played" && $2 == p { $1 = $2 = $3 = ""; sub(/^ +/, ""); print; exit }' dump/state.txt; }
# no_overlap DESC: the block is there, and every decision row ends above it
no_overlap() {
    local out
    out=$(awk '$1 == "row_height" { h = $2 } $1 == "recent_box" { by = $3; b = 1 } $1 == "row" { y[n++] = $4 }
        END { if (!b) { print "no recent_box"; exit }
              for (i = 0; i < n; i++) if (y[i] - int(h / 2) + h > by) { print "row " i " at y " y[i] " reaches the block at " by; exit }
              if (!n) print "no rows" }' dump/state.txt)
    [ -z "$out" ] && pass "$1: $(grep -c '^row ' dump/state.txt) rows, all above the last decisions" || fail "$1: $out"
}
# layout: the first row's y and the block's rectangle
layout() { echo "$(awk '$1 == "row" { print $4; exit }' dump/state.txt) $(field recent_box)"; }
# click_last DESC: clicks the last decision row (the one next to the block); it must be played
click_last() {
    local x y text ply0 esc
    read -r _ _ x y text <<<"$(grep '^row ' dump/state.txt | tail -1)"
    ply0=$(field ply)
    click "$x" "$y"
    esc=$(printf '%s' "$text" | sed 's/[][\.*^$+?(){}|\\/]/\\&/g')
    if wait_grep "^played $ply0 $1 $esc\$" 10; then pass "$2: a click on the last row played '$text'"
    else fail "$2: a click on the last row ('$text') played '$(played_text "$ply0")'"; fi
}

if [ "$GAME" = bidrace ]; then
    start play bidrace --seats human,random,random --seed 7 --ui gui --bot-delay 0
    if wait_state to_move 0 20 && wait_grep '^row ' 10; then pass "window up, the human bids first"; else fail "window up"; fi
    recent_is 0 "none yet" "ply 0: nothing played"
    no_overlap "ply 0"
    lay0=$(layout)
    read -r _ _ x y _ <<<"$(grep -m1 '^row ' dump/state.txt)"
    click "$x" "$y"
    if wait_state ply 6 20 && wait_state to_move 0 10; then pass "the human's turn in round 2, at ply 6"; else fail "ply 6 (at $(field ply))"; fi
    recent_is 0 "6 Seat 3: (hidden)" "ply 6: seat 3's bid, before the reveal"
    recent_is 1 "5 Seat 2: (hidden)" "ply 6: seat 2's bid, before the reveal"
    recent_is 2 "3 Seat 3: $(played_text 2)" "ply 6: seat 3's round-1 bid, revealed"
    no_overlap "ply 6"
    [ "$(layout)" = "$lay0" ] && pass "the rows and the block where they were at ply 0 ($lay0)" ||
        fail "layout moved: '$lay0' at ply 0, '$(layout)' at ply 6"
    click_last 0 "ply 6" # reveals round 2's bids
    if wait_state ply 9 20 && wait_state to_move 0 10; then pass "the human's turn in round 3, at ply 9"; else fail "ply 9 (at $(field ply))"; fi
    recent_is 0 "9 Seat 3: (hidden)" "ply 9: round 3's first bid"
    recent_is 1 "7 Seat 1: $(played_text 6)" "ply 9: the human's own bid"
    recent_is 2 "6 Seat 3: $(played_text 5)" "ply 9: seat 3's round-2 bid, revealed"
    recent_is 3 "5 Seat 2: $(played_text 4)" "ply 9: seat 2's round-2 bid, revealed"
    no_overlap "ply 9"
    b5=$(played_text 4) b6=$(played_text 5) b7=$(played_text 6)
    key s
    wait_state prompt 1 5 && key Return
    wait_state prompt 0 5 && [ -s bidrace-7.rec ] && pass "saved at ply 9" || fail "save at ply 9"
    key q
    finish "quit after the save"
    # a game continued from its record lists the record's decisions at once, hidden ones still so
    start play bidrace --load bidrace-7.rec --seats human,random,random --ui gui --bot-delay 0
    if wait_state ply 9 20 && wait_state to_move 0 10; then pass "play --load: the human's turn at ply 9"; else fail "load (at $(field ply))"; fi
    recent_is 0 "9 Seat 3: (hidden)" "after --load: round 3's first bid"
    recent_is 1 "7 Seat 1: $b7" "after --load: the human's bid"
    recent_is 2 "6 Seat 3: $b6" "after --load: seat 3's round-2 bid"
    recent_is 3 "5 Seat 2: $b5" "after --load: seat 2's round-2 bid"
elif [ "$GAME" = hive ]; then
    start play hive --seats random,human --seed 5 --ui gui --bot-delay 0
    if wait_state to_move 1 20 && wait_grep '^row ' 10; then pass "window up, Black to move after White's bot"; else fail "window up"; fi
    recent_is 0 "1 White: $(played_text 0)" "ply 1: the bot's first move"
    no_overlap "ply 1"
    lay1=$(layout)
    click_last 1 "ply 1"
    if wait_state ply 3 20 && wait_state to_move 1 10; then pass "Black's turn again, at ply 3"; else fail "ply 3 (at $(field ply))"; fi
    recent_is 0 "3 White: $(played_text 2)" "ply 3: the bot's second move, newest first"
    recent_is 1 "2 Black: $(played_text 1)" "ply 3: Black's move"
    recent_is 2 "1 White: $(played_text 0)" "ply 3: the bot's first move"
    no_overlap "ply 3"
    [ "$(awk '{ print $2, $3, $4, $5 }' <<<"$(layout)")" = "$(awk '{ print $2, $3, $4, $5 }' <<<"$lay1")" ] &&
        pass "the block where it was at ply 1" || fail "block moved: '$lay1' at ply 1, '$(layout)' at ply 3"
else
    echo "SKIP: the scenarios are bidrace's and hive's"
    exit 77
fi
key q
wait_state prompt 3 5 && key q
finish "quit"
echo "1..$n"
[ $fails -eq 0 ]
