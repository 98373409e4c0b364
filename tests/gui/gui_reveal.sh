#!/usr/bin/env bash
# A live game names a hidden choice from the ply the game reveals it, never before (issue 27):
# bidrace, the human (seat 1) against two bots, seed 7, real clicks on the list. Round 2's
# first bids are the bots' (plies 5 and 6, hidden from the human until the human's bid reveals
# the round); round 3's first is seat 3's (ply 9). The dump's 'played_row PLY TEXT' lines are
# the decisions played as the list of the last decisions (and the marks) name them to the
# viewer: at ply 6 both bids are '(hidden)', at ply 9 both are named and ply 9 is hidden.
# usage: gui_reveal.sh FORMICARY FIXTURE_DIR bidrace       (exit 77 = skipped)
HERE=$(dirname "$(realpath "$0")")
. "$HERE/gui_lib.sh"
[ "$GAME" = bidrace ] || { echo "SKIP: the scenario is bidrace's"; exit 77; }

# bid_first: clicks the list's first row (a bid) and waits until the ply has moved on
bid_first() {
    local x y p0
    read -r _ _ x y _ <<<"$(grep -m1 '^row ' dump/state.txt)"
    p0=$(field ply)
    click "$x" "$y"
    until_ok 10 eval '[ "$(field ply)" != "$p0" ]'
}

start play bidrace --seats human,random,random --seed 7 --ui gui --bot-delay 0
if wait_state to_move 0 20 && wait_grep '^row ' 10; then pass "window up, the human bids first"; else fail "window up"; fi
bid_first
if wait_state ply 6 20 && wait_state to_move 0 10; then pass "the human's turn in round 2, at ply 6"; else fail "ply 6 (at $(field ply))"; fi
wait_grep '^played_row 5 \(hidden\)$' 5 && pass "at ply 6: seat 2's bid (ply 5) hidden before the reveal" ||
    fail "ply 5 at ply 6: $(grep '^played_row 5 ' dump/state.txt)"
wait_grep '^played_row 6 \(hidden\)$' 5 && pass "at ply 6: seat 3's bid (ply 6) hidden before the reveal" ||
    fail "ply 6 at ply 6: $(grep '^played_row 6 ' dump/state.txt)"
wait_grep '^row ' 10
bid_first # reveals round 2's bids
if wait_state ply 9 20 && wait_state to_move 0 10; then pass "the human's turn in round 3, at ply 9"; else fail "ply 9 (at $(field ply))"; fi
wait_grep '^played_row 5 bid [0-9]+$' 5 && pass "at ply 9: seat 2's bid (ply 5) named once revealed" ||
    fail "ply 5 at ply 9: $(grep '^played_row 5 ' dump/state.txt)"
wait_grep '^played_row 6 bid [0-9]+$' 5 && pass "at ply 9: seat 3's bid (ply 6) named once revealed" ||
    fail "ply 6 at ply 9: $(grep '^played_row 6 ' dump/state.txt)"
wait_grep '^played_row 9 \(hidden\)$' 5 && pass "at ply 9: round 3's first bid (ply 9) still hidden" ||
    fail "ply 9 at ply 9: $(grep '^played_row 9 ' dump/state.txt)"
key q
wait_state prompt 3 5 && key q
finish "quit"
echo "1..$n"
[ $fails -eq 0 ]
