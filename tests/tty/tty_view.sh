#!/usr/bin/env bash
# What a player needs on the terminal screen (issue 27 item 2), from the view's items:
#   hive:  each seat's hand as a tray line ("hand  Q SS BB GGG AAA"), one piece less after a
#          placement;
#   marsz: during an explore the drawn tile is named with its spaces and openings ("drawn  T2:
#          T-2 Mycelium (*LL F L), open ..."), and each placement says which edges it opens.
# usage: tty_view.sh FORMICARY FIXTURE_DIR GAME      (exit 77 = skipped)
. "$(dirname "$(realpath "$0")")/tty_lib.sh"

if [ "$GAME" = hive ]; then
    start 80 24 --seats human,random --seed 5 --bot-delay 0
    expect "hive: White's hand" "│ hand +Q SS BB GGG AAA" 20
    expect "hive: Black's hand" "│ hand +q ss bb ggg aaa" 5
    keys Tab End Enter # the list's last entry: wA1 at 0,0
    expect "hive: the Ant placed is gone from the hand" "│ hand +Q SS BB GGG AA( |$)" 20
    keys q
    wait_for "not saved" 5 && keys q
    expect "hive: quit" "EXIT=0" 20
elif [ "$GAME" = marsz ]; then
    start 100 30 --seats human,random --seed 7 --bot-delay 0
    wait_for "$human_turn" 20
    keys Home Enter # explore: tile T-2
    expect "marsz: the drawn tile is named" "│ drawn +T2: T-2 Mycelium" 20
    screen | grep -A1 "│─ Players" | grep -q "│ drawn " && pass "marsz: first in the side pane" \
        || fail "marsz: the drawn tile is not first in the side pane"
    expect "marsz: with its spaces and openings" "│ +\(\*LL F L\), open NW E" 5
    expect "marsz: a placement says which edges the rotation opens" "place 0,-2 rot 1: open NW NE SE SW \(T-2" 5
    keys q
    wait_for "not saved" 5 && keys q
    expect "marsz: quit" "EXIT=0" 20
else
    echo "SKIP: no view scenario for $GAME"
    exit 77
fi
echo "1..$n"
[ "$fails" -eq 0 ]
