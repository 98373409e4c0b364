#!/usr/bin/env bash
# What a player needs on the terminal screen (issue 27 item 2), from the view's items:
#   hive:  each seat's hand as a tray line ("hand  Q SS BB GGG AAA"), one piece less after a
#          placement; play --load of the autosave continues it;
#   marabunta: the regions in the colours the rules name (pink .. yellow, as in the GUI) and a
#          key line under the map, on 256 colours and on 8; the rules pane's Markdown (an
#          underlined heading, table rows without bars); the log names seats as the panels do;
#   marsz: during an explore the drawn tile is named with its spaces and openings ("drawn  T2:
#          T-2 Mycelium (*LL F L), open ..."), each placement says which edges it opens, the
#          selected place shows the tile's glyph on its hex and the info line names the tile;
#          a laid tile's open edges towards empty places are stubs beside it ('-', '\', '/');
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
    # play --load continues the autosave (the record of that game) in the terminal too
    cp "$TMP/state/formicary/autosave.rec" "$TMP/hive-auto.rec"
    start 80 24 --seats human,random --bot-delay 0 --load "$TMP/hive-auto.rec"
    expect "hive: --load continues the autosaved game: White's hand after the Ant" "│ hand +Q SS BB GGG AA( |$)" 20
    screen | head -1 | grep -Eq "ply [2-9]" && pass "hive: --load: the header's ply is past the record's" || fail "hive: --load: header $(screen | head -1)"
    keys q
    wait_for "not saved" 5 && keys q
    expect "hive: quit after --load" "EXIT=0" 20
elif [ "$GAME" = marsz ]; then
    start 100 30 --seats human,random --seed 7 --bot-delay 0
    wait_for "$human_turn" 20
    keys Home Enter # explore: tile T-2
    expect "marsz: the drawn tile is named" "│ drawn +T2: T-2 Mycelium" 20
    screen | grep -A1 "│─ Players" | grep -q "│ drawn " && pass "marsz: first in the side pane" \
        || fail "marsz: the drawn tile is not first in the side pane"
    expect "marsz: with its spaces and openings" "│ +\(\*LL F L\), open NW E" 5
    expect "marsz: a placement says which edges the rotation opens" "place 0,-2 rot 1: open NW NE SE SW \(T-2" 5
    # the selected place shows the tile on its target hex; on the map the info line names it
    expect "marsz: the selected place shows the drawn tile on its hex" "^ +\[T2 \] \+   \+ " 5
    keys Tab n
    expect "marsz: n: the tile moves with the selection to the next place" "^ +\+ \[T2 \] \+ " 5
    expect "marsz: the info line names the tile for the place" "^ \(1,-2\) for T2 T-2 Mycelium \(\*LL F L\) \| Enter: choose among 3 decisions" 5
    [ "$(screen | grep -c 'T2 ')" -ge 1 ] && [ "$(screen | head -12 | grep -o '\[T2 \]\|T2 ' | wc -l)" = 1 ] &&
        pass "marsz: the tile is drawn on one hex only" || fail "marsz: the tile is drawn on one hex only"
    # the tile laid at (1,-2) in rotation 0 opens NW E SE W: stubs on its open edges towards
    # empty places ('-' east and west beside it, '\' above its first column), none into the
    # Great Tunnel (SE)
    keys Enter Enter
    if wait_for "^ +\\\\ *│" 20 && wait_for "-[^ ]{3}- *│" 5; then
        row=$(screen | grep -nE -- "-[^ ]{3}- *│" | head -1 | cut -d: -f1)
        col=$(screen | sed -n "${row}p" | grep -ob -- "-[^ ]\{3\}-" | head -1 | cut -d: -f1)
        above=$(screen | sed -n "$((row - 1))p" | cut -c$((col + 2)))
        below=$(screen | sed -n "$((row + 1))p" | cut -c$((col + 4)))
        [ "$above" = '\' ] && [ "$below" != '\' ] \
            && pass "marsz: the laid tile's open edges: '-' east and west, '\\' north-west, none into the tunnel" \
            || fail "marsz: stubs: above '$above' below '$below' (row $row col $col)"
    else
        fail "marsz: no open-edge stubs beside the laid tile"
    fi
    # a label cut in the list ends in an ellipsis ('..' before)
    expect "marsz: a cut list entry ends in an ellipsis" "^ +[0-9]+ play EV-17 Scent Trail .*(…|\\.\\.\\.) *│" 5
    keys q
    wait_for "not saved" 5 && keys q
    expect "marsz: quit" "EXIT=0" 20
    # at 80x24 the selected entry wraps and the list scrolls: the last row, cut, keeps its
    # ellipsis beside the 'v' marker (the marker covered it)
    start 80 24 --seats human,random --seed 7 --bot-delay 0
    wait_for "$human_turn" 20
    keys Home Enter # explore: tile T-2
    wait_for "drawn +T2" 20
    # the header does not name the game twice, so the round and the phase fit at 80 columns
    # (the title 'March of the Ants - round 1 of 4, setup' was cut to 'March of the Ants…')
    expect "marsz: the header at 80x24 shows the round and the phase" "^ March of the Ants \[default rules, no variant\] \| round 1 of 4, setup +ply 1 \| Red" 5
    keys Enter Enter # laid at the first place in the first rotation
    wait_for "Red: 6 decisions" 20
    keys Down Down Down # play EV-17, wrapped on 3 rows
    expect "marsz: a cut entry under the 'v' scroll marker keeps its ellipsis" "^ +5 play HD-10 .*(…|\\.\\.\\.)v│" 10
    keys q
    wait_for "not saved" 5 && keys q
    expect "marsz: quit at 80x24" "EXIT=0" 20
elif [ "$GAME" = marabunta ]; then
    # bg_of LETTER: the background colour code(s) the map's cells of a region letter are drawn
    # on ("48;5;218" on 256 colours, "45" on 8), from tmux's escape sequences
    bg_of() {
        "${TM[@]}" capture-pane -e -p -t fc | sed -n '2,10p' | grep -Eo $'\033\\[(48;5;[0-9]+|4[0-7])m'"$1[.*#]" |
            grep -Eo '48;5;[0-9]+|4[0-7]' | sort -u | paste -sd,
    }
    region_colours() { # DESC then LETTER=CODE ...
        local desc=$1 lc got bad=""
        shift
        for lc in "$@"; do
            got=$(bg_of "${lc%%=*}")
            [ "$got" = "${lc#*=}" ] || bad="$bad ${lc%%=*}:${got:-none}"
        done
        if [ -z "$bad" ]; then pass "$desc"; else fail "$desc (letter:background$bad)"; fi
    }
    TTY_TERM=screen-256color start 80 24 --seats human,random --seed 3 --bot-delay 0
    wait_for "$human_turn" 20
    region_colours "marabunta: each region in its colour's tint on 256 colours" \
        P=48\;5\;218 B=48\;5\;117 O=48\;5\;215 G=48\;5\;150 S=48\;5\;250 Y=48\;5\;228
    expect "marabunta: a key line under the map at 80x24" "^ P pink B blue O orange G green S grey Y yellow +│" 5
    "${TM[@]}" resize-window -t fc -x 110 -y 30
    expect "marabunta: the key line's long form when there is room" "^ key: P pink  B blue  O orange  G green  S grey  Y yellow +│" 5
    # the game's events say "seat N"; the log names the seats as the panels do
    expect "marabunta: the log names the splitter as the panels do" "│ round 1: (Red|Blue) splits" 5
    expect_not "marabunta: no 'seat N' in the log" "│.*\\b[Ss]eat [12]\\b"
    # the rules pane renders the Markdown readably: an underlined heading, tables without bars
    keys r
    wait_for "Rules: " 5 && keys g
    expect "marabunta: rules: the glossary's heading, underlined" "│ Notation and glossary +│" 5
    screen | grep -A1 "│ Notation and glossary" | tail -1 | grep -Eq "│ ={21} +│" && pass "marabunta: rules: '=' under the heading" \
        || fail "marabunta: rules: no '=' line under the heading"
    expect "marabunta: rules: a table row without its outer bars" "│ draw T3 \| chance: the tile revealed" 5
    expect_not "marabunta: rules: no table rule rows or leading bars" "│ \|"
    keys Escape
    keys q
    wait_for "not saved" 5 && keys q
    expect "marabunta: quit" "EXIT=0" 20
    start 80 24 --seats human,random --seed 3 --bot-delay 0 # TERM=screen: 8 colours
    wait_for "$human_turn" 20
    region_colours "marabunta: the nearest of 8 colours" P=45 B=44 O=43 G=42 S=47 Y=43
    keys q
    wait_for "not saved" 5 && keys q
    expect "marabunta: quit (8 colours)" "EXIT=0" 20
else
    echo "SKIP: no view scenario for $GAME"
    exit 77
fi
echo "1..$n"
[ "$fails" -eq 0 ]
