#!/usr/bin/env bash
# End-to-end tests of the play surfaces of issue 27 outside the terminal and GUI front ends:
#   the line protocol's view items (docs/protocol.md: Hive's hands, March of the Ants' drawn
#   tile, each decision's source); the text UI at Hive's first move (an empty board: what to place
#   and the hands, not "no map"); play --load FILE (a record continued; bad files, clashes);
#   hidden choices named once revealed (a text replay, a live text game).
# usage: play_test.sh FORMICARY PLUGIN_DIR FIXTURE_DIR     (needs jq)
set -u
EXE=$1
export FORMICARY_PLUGIN_PATH=$2:$3
export FORMICARY_CONFIG= FORMICARY_DB=
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
if [ "${FC_UNDER_VALGRIND:-}" = 1 ] && command -v valgrind >/dev/null; then # every run under valgrind
    printf '#!/bin/sh\nexec valgrind --quiet --error-exitcode=99 --leak-check=full --show-leak-kinds=definite,indirect --errors-for-leak-kinds=definite,indirect "%s" "$@"\n' \
        "$(realpath "$EXE")" >"$TMP/fx"
    chmod +x "$TMP/fx"
    EXE=$TMP/fx
fi
. "$(dirname "$(realpath "$0")")/lib.sh"
# sh_in GAME INPUT ARGS...: a shell session reading INPUT; its responses in $TMP/out
sh_in() { local game=$1 input=$2; shift 2; printf '%s' "$input" | timeout 60 "$EXE" shell "$game" "$@" >"$TMP/out" 2>"$TMP/err"; rc=$?; }
# jline K FILTER: jq FILTER on response K (1-based) is true
jline() { sed -n "$1p" "$TMP/out" | jq -e "$2" >/dev/null 2>&1; }
built() { "$EXE" list 2>/dev/null | grep -q "^$1 "; }

# ---- the line protocol: view items ----
if built hive; then
    sh_in hive $'view 0\nlegal\nplay wA1\nview 1\nview\nquit\n'
    check "shell hive: the view's items are the two hands, piece by piece" jline 1 \
        '(.items | length) == 10 and .items[0] == {"id":1,"seat":0,"kind":"queen","owner":0,"count":1,"glyph":"Q","name":"Queen Bee"} and (.items | map(select(.seat == 1)) | length) == 5'
    check "shell hive: hands as the front ends' tray lines, nothing pending" jline 1 '.hands == ["Q SS BB GGG AAA","q ss bb ggg aaa"] and .pending == ""'
    check "shell hive: each placement names the hand item it takes its piece from" jline 2 \
        'map(.from_item) == [2,3,4,5] and (.[3] | .notation == "wA1" and .hex == [0,0])'
    check "shell hive: one Ant less in White's hand after wA1" jline 4 '.hands == ["Q SS BB GGG AA","q ss bb ggg aaa"] and (.items[] | select(.id == 5) | .count) == 2'
    check "shell hive: the spectator sees both hands too" jline 5 '.hands == ["Q SS BB GGG AA","q ss bb ggg aaa"]'
    sh_in hive $'play wA1\nplay bA1 -wA1\nplay wQ wA1-\nplay bQ -bA1\nlegal\nquit\n'
    check "shell hive: a move names the hex it starts from" jline 5 \
        'any(.[]; .notation == "wQ wA1\\" and .group == "move" and .from == [1,0]) and all(.[]; (.group == "move") == (.from != null))'
else
    skip "shell hive: view items" "the hive plugin is not built"
fi
if built marsz; then
    sh_in marsz $'view\nplay tile T-1\nview\nlegal\nquit\n' --seed 1
    check "shell marsz: no tile pending before the explore" jline 1 '.pending == "" and ([.items[] | select(.seat == -1)] | length) == 0'
    check "shell marsz: the drawn tile is a pending item" jline 3 \
        '.items == [{"id":1,"seat":-1,"kind":"tile","owner":-1,"count":1,"glyph":"T1","name":"T-1 Leaf Litter (*F L C), open NW NE SE SW"}] and .pending == "T1: T-1 Leaf Litter (*F L C), open NW NE SE SW" and .hands == ["",""]'
    check "shell marsz: every placement takes the drawn tile" jline 4 'length > 1 and all(.[]; .from_item == 1 and (.notation | startswith("place ")))'
else
    skip "shell marsz: view items" "the marsz plugin is not built"
fi

# ---- the text UI: Hive's first move on an empty board ----
if built hive; then
    printf 'map\n1\nmap\nquit\n' | timeout 60 "$EXE" play hive --ui text --seats human,random --seed 1 >"$TMP/out" 2>"$TMP/err"
    rc=$?
    check "play hive --ui text: the first move says the board is empty and what to place" eval \
        '[ $rc -eq 0 ] && grep -A1 "^Hive (Base) - White\[1\] to play" "$TMP/out" | grep -qx "  no pieces on the board yet; place one from your hand: Q SS BB GGG AAA"'
    check "play hive --ui text: then both hands" eval 'has "^  White: hand Q SS BB GGG AAA, " && has "^  Black: hand q ss bb ggg aaa, "'
    check "play hive --ui text: map on the empty board: what the glyphs are and the hands, not 'no map'" eval \
        'has "^White>   no pieces on the board yet; place one from your hand: Q SS BB GGG AAA$" && has "^  \(Q Queen Bee, S Spider, B Beetle, G Grasshopper, A Soldier Ant\)$" && has "^  hands: White Q SS BB GGG AAA \| Black q ss bb ggg aaa$" && ! has "shows no map"'
    check "play hive --ui text: once a piece is down, the map and no such line" eval \
        '[ "$(grep -c "no pieces on the board yet" "$TMP/out")" = 2 ] && has "^     0,0    S +hive +White: wS1"'
    printf 'wS1\nbS1 wS1-\nquit\n' | timeout 60 "$EXE" play hive --ui text --seats human,human --seed 1 --record "$TMP/h.rec" >/dev/null 2>&1
    printf 'first\nview 2\nquit\n' | timeout 60 "$EXE" replay "$TMP/h.rec" --ui text >"$TMP/out" 2>"$TMP/err"
    rc=$?
    check "replay --ui text at ply 0: the spectator is told each player places from their hand" eval \
        '[ $rc -eq 0 ] && has "^  no pieces on the board yet; each player places one from their hand$" && has "^  hands: White Q SS BB GGG AAA \| Black q ss bb ggg aaa$"'
    check "replay --ui text at ply 0, Black's view: Black's own hand" eval \
        'has "^  no pieces on the board yet; place one from your hand: q ss bb ggg aaa$" && has "^  \(q Queen Bee, s Spider"'
else
    skip "play hive --ui text: the empty board" "the hive plugin is not built"
fi
if built marsz; then
    printf 'map\nquit\n' | timeout 60 "$EXE" play marsz --ui text --seats human,random --seed 1 >"$TMP/out" 2>"$TMP/err"
    check "play marsz --ui text: a board with cells is drawn, no empty-board line" eval '! has "no pieces on the board" && has "^White|^Red> "'
fi

# ---- play --load: continue a saved record ----
if built hive; then
    printf 'wS1\nbS1 wS1-\nquit\n' | timeout 60 "$EXE" play hive --ui text --seats human,human --seed 3 --record "$TMP/h.rec" >/dev/null 2>&1
    printf 'map\nwQ -wS1\nquit\n' | timeout 60 "$EXE" play hive --load "$TMP/h.rec" --ui text --seats human,human --record "$TMP/h2.rec" >"$TMP/out" 2>"$TMP/err"
    rc=$?
    check "play --load: continues after the record's 2 decisions with its seed" eval \
        '[ $rc -eq 0 ] && has "^hive: 2 seats, seed 3$" && has "^continuing .*h\.rec after 2 decisions$" && has "^--- White to move \(ply 2, round 2\) ---$"'
    check "play --load: the record's board is there" eval 'has "^     0,0    S +hive +White: wS1" && has "^     1,0    s +hive +Black: bS1"'
    check "play --load: --record keeps the loaded decisions and the new one" eval \
        '"$EXE" replay "$TMP/h2.rec" >"$TMP/out" 2>&1 && has "^decisions: +3$" && [ "$(sed -n "/^decisions$/,/^end$/p" "$TMP/h2.rec" | paste -sd"|")" = "decisions|1 wS1|2 bS1 wS1-|1 wQ -wS1|end" ]'
    for i in 1 2; do # bots finish the loaded game; same record twice
        timeout 120 "$EXE" play hive --load "$TMP/h.rec" --ui text --seats random,random --quiet --record "$TMP/b$i.rec" >"$TMP/out" 2>"$TMP/err"
    done
    check "play --load with bots: played on from ply 2, deterministic" eval \
        'grep -qx "2 bS1 wS1-" "$TMP/b1.rec" && [ "$(grep -c "" "$TMP/b1.rec")" -gt 20 ] && cmp -s "$TMP/b1.rec" "$TMP/b2.rec"'
    fc play hive --load "$TMP/missing.rec" --ui text
    check "play --load: a missing file is one line" eval '[ $rc -eq 1 ] && one_line_err && has "^formicary: play --load: .*missing\.rec: cannot read: No such file or directory$" err'
    printf 'formicary-record 1\ngame hive 1.0.0\nbogus line\n' >"$TMP/bad.rec"
    fc play hive --load "$TMP/bad.rec" --ui text
    check "play --load: a bad record names its file and line" eval '[ $rc -eq 1 ] && one_line_err && has "^formicary: play --load: .*bad\.rec:[0-9]+: " err'
    fc play myrmes --load "$TMP/h.rec" --ui text
    check "play --load: a record of another game" eval '[ $rc -eq 1 ] && one_line_err && has "a record of hive, not myrmes \(formicary play hive --load" err'
    fc play hive --load "$TMP/h.rec" --seed 4 --ui text
    check "play --load: --seed contradicts the record" eval '[ $rc -eq 2 ] && one_line_err && has "drop --seed$" err'
    fc play hive --load "$TMP/h.rec" --seats 3 --ui text
    check "play --load: the seat count must be the record's" eval '[ $rc -eq 2 ] && one_line_err && has "the record .*h\.rec is a 2-seat game" err'
else
    skip "play --load" "the hive plugin is not built"
fi

# ---- seats named alike: a game's events say "seat N"; every front end shows the view's name ----
if built termity; then
    timeout 120 "$EXE" play termity --seats random,random --seed 3 --ui text >"$TMP/out" 2>"$TMP/err"
    check "text UI termity: events name the seats as the decisions' lines do ('Blue places mound')" \
        grep -q '^     > Blue places mound 8 at (-3,4)$' "$TMP/out"
    check "text UI termity: no event line says 'seat N'" eval '! grep -Eq "^     > .*\b[Ss]eat [0-9]" "$TMP/out"'
    # the view's texts (title) and the decisions' labels too, in the text replay of seat 1
    timeout 120 "$EXE" play termity --seats random,random --seed 3 --ui text --record "$TMP/t.rec" >/dev/null 2>&1
    printf 'view 1\nquit\n' | timeout 60 "$EXE" replay "$TMP/t.rec" --ui text >"$TMP/out" 2>"$TMP/err"
    check "text replay termity: the title names the seat ('round 0, Blue: draw')" grep -q '^Termity (S2) - round 0, Blue: draw$' "$TMP/out"
    check "text replay termity: a draw's label names the seat ('Blue draws BLU-17')" grep -q '^next: 1 chance: Blue draws BLU-17 ' "$TMP/out"
else
    skip "text UI termity: seat names" "the termity plugin is not built"
fi

# ---- play's own option errors, word for word ----
if built bidrace; then
    fc play bidrace --ui web
    check "play --ui: an unknown front end names the known ones" eval '[ $rc -eq 2 ] && one_line_err && has "^formicary: play: option --ui: unknown front end .web. \(known: text, tty, gui, auto\)$" err'
    fc play bidrace --ui text --seats random,nosuch:x=1
    check "play --seats: a bad agent names its seat" eval '[ $rc -eq 2 ] && one_line_err && has "^formicary: play: option --seats: seat 2: " err'
else
    skip "play's option errors" "the bidrace fixture is not built"
fi

# ---- a spectator's text replay shows hidden simultaneous choices once revealed, not before ----
if built bidrace; then
    timeout 60 "$EXE" play bidrace --seats random,random --seed 3 --ui text --record "$TMP/bid.rec" >/dev/null 2>&1
    printf 'n\nn\nquit\n' | timeout 60 "$EXE" replay "$TMP/bid.rec" --ui text >"$TMP/out" 2>"$TMP/err"
    sed -n '/^--- ply 1 of/,/^--- ply 2 of/p' "$TMP/out" >"$TMP/ply1"
    sed -n '/^--- ply 2 of/,$p' "$TMP/out" >"$TMP/ply2"
    check "text replay bidrace: after the first bid the spectator sees neither bid" \
        eval 'grep -q "^last: 1 Seat 1: (hidden)$" "$TMP/ply1" && ! grep -Eq "bid [0-9]" "$TMP/ply1"'
    check "text replay bidrace: after the second, the bids the game revealed ('> bids revealed: Seat 1 bid N; Seat 2 bid M')" \
        grep -Eq '^  > bids revealed: Seat 1 bid [0-9]+; Seat 2 bid [0-9]+;' "$TMP/ply2"
    check "text replay bidrace: the second bid, which revealed both, is named on its 'last:' line" \
        grep -Eq '^last: 2 Seat [12]: bid [0-9]+$' "$TMP/ply2"
else
    skip "text replay bidrace: revealed bids" "the bidrace fixture is not built"
fi

# ---- a live text game names a hidden choice once the game reveals it, not before ----
if built bidrace; then
    # seed 7, a human first in round 1 and last in round 2 (plies 5 and 6 are the bots' bids)
    printf '1\n1\nquit\n' | timeout 60 "$EXE" play bidrace --seats human,random,random --seed 7 --ui text >"$TMP/out" 2>"$TMP/err"
    sed -n '/^--- Seat 1 to move (ply 6,/,/^--- Seat 1 to move (ply 9,/p' "$TMP/out" >"$TMP/r2"
    check "text play bidrace: the bots' bids of round 2 hidden when played" \
        eval 'grep -Eq "^ +5 Seat 2 +: \(hidden until revealed\)$" "$TMP/out" && grep -Eq "^ +6 Seat 3 +: \(hidden until revealed\)$" "$TMP/out"'
    check "text play bidrace: ... and named once, after the human's bid revealed them" \
        eval '[ "$(grep -Ec "^     > revealed: [56] Seat [23]: bid [0-9]+$" "$TMP/out")" = 2 ] && grep -Eq "^     > revealed: 5 Seat 2: bid [0-9]+$" "$TMP/r2" && grep -Eq "^     > revealed: 6 Seat 3: bid [0-9]+$" "$TMP/r2"'
    check "text play bidrace: round 3's first bid is not revealed before the human bids" \
        eval 'grep -Eq "^ +9 Seat 3 +: \(hidden until revealed\)$" "$TMP/out" && ! grep -q "revealed: 9 " "$TMP/out"'
else
    skip "text play bidrace: revealed bids" "the bidrace fixture is not built"
fi

finish
