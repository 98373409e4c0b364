#!/usr/bin/env bash
# Scripted sessions of the tty front end: runs `formicary play GAME --ui tty` inside a private
# tmux server (80x24), sends keys and asserts on the captured screen.
# usage: tty_test.sh FORMICARY FIXTURE_DIR GAME      (exit 77 = skipped)
. "$(dirname "$(realpath "$0")")/tty_lib.sh"

# a human against bots, as many seats as the game allows (at most 4)
players=$(FORMICARY_CONFIG= "$EXE" list | awk -v g="$GAME" '$1 == g { for (i = 2; i <= NF; i++) if ($i ~ /^[0-9]+(-[0-9]+)?$/) { print $i; exit } }')
nb=${players##*-}
[ -n "$nb" ] && [ "$nb" -le 4 ] || nb=4
seats=human
for ((k = 1; k < nb; k++)); do seats+=,random; done

# ---- a human game: decide, undo, save, load, quit ----
start 80 24 --seats "$seats" --seed 7 --bot-delay 0
expect "$GAME: the screen shows a human decision list" "$human_turn" 20
expect "$GAME: header names the game, rule set, variant and the seat to move" "^ .* \[default rules, no variant\] \| .*ply [0-9]+ \| "
expect "$GAME: status line shows the keys" "u undo +s save +o load +r rules +\? help +q quit"
keys '?'
expect "$GAME: ? opens the help with the keys" "Help - any key closes"
if [ "$GAME" != bidrace ]; then
    expect "$GAME: ? shows the game's legend" "Legend \(what the game's glyphs and codes mean\)"
    # the first legend entry of the game's view (as the shell's view JSON gives it) is shown
    leg=$(printf 'view\nquit\n' | FORMICARY_CONFIG= "$EXE" shell "$GAME" --seats "$nb" 2>/dev/null |
        grep -o '"legend":\[{"glyph":"[^"]*","text":"[^"\\]*' | sed 's/.*"text":"//' | cut -c1-30)
    if [ -n "$leg" ] && screen | grep -qF -- "$leg"; then pass "$GAME: the legend shows the game's entries ('$leg')"; else fail "$GAME: the legend shows the game's entries ('$leg')"; fi
fi
wait_for "undo back to your previous decision" 2 || keys NPage
expect "$GAME: help lists the undo key" "undo back to your previous decision"
keys Escape
wait_for "$human_turn" 5

# ---- the rules key: the current phase's rules, the glossary, finding a rule ----
keys r
if [ "$GAME" = bidrace ]; then
    expect "bidrace: r says the game has no rules text" "ships no rules text"
else
    expect "$GAME: r opens the rules of the current phase" "Rules: .* - / find, a all, g glossary, Esc close"
    expect "$GAME: the rules pane shows rule text" "│ +R-[0-9]+|│ +[A-Z]+-[0-9]+" 5
    keys g
    expect "$GAME: g shows the glossary" "glossary - / find, a all, Esc close"
    expect "$GAME: the glossary section" "Notation and glossary"
    keys /
    expect "$GAME: / asks for a rule or topic" "Find in the rules"
    keys R-1 Enter
    expect "$GAME: a rule found by id" "Rules: R-1 .*- / find" 5
    expect "$GAME: the rule's own text" "│ +R-0?1[ .]" 5
    # as in the GUI: the rule found is marked (reverse video), n / N step through the lines
    # holding it, p goes back to this step's rules
    expect "$GAME: the title names the marked rule id" "Rules: R-1 \\('R-0?1': n / N\\) - / find" 5
    "${TM[@]}" capture-pane -e -p -t fc | grep -Eq $'\033\\[[0-9;]*7mR-0?1' && pass "$GAME: R-1 is marked in reverse video" \
        || fail "$GAME: R-1 is not marked"
    pos0=$(screen | grep -Eo '[0-9]+/[0-9]+, arrows scroll' | head -1)
    keys n
    sleep 0.5
    pos1=$(screen | grep -Eo '[0-9]+/[0-9]+, arrows scroll' | head -1)
    if [ "$pos1" != "$pos0" ] || screen | grep -q "'R-0\?1': from the top again"; then
        pass "$GAME: n goes to the next line holding R-1 ($pos0 -> $pos1) or says it wrapped"
    else
        fail "$GAME: n: the pane stayed at $pos0 without a note"
    fi
    keys N
    expect "$GAME: N after n: the first line holding R-1 again, or a note that it wrapped" "│ +R-0?1[ .]|from the (top|bottom) again" 5
    keys p
    expect_gone "$GAME: p: this step's rules again (not R-1)" "Rules: R-1 " 5
    expect "$GAME: p: the rules pane stays open" "Rules: " 5
    keys /
    wait_for "Find in the rules" 5
    keys zzqx Enter
    expect "$GAME: an unknown topic is a one-line message" "no rule or topic 'zzqx'" 5
    keys r
    wait_for "Rules: " 5
    keys Escape
fi
expect_gone "$GAME: the rules pane closed" "Esc close" 5
wait_for "$human_turn" 5

if [ "$GAME" = myrmes ]; then
    # event and births from the list (Home: the list keeps the focus after each decision),
    # until the worker phase offers a tunnel exit on the map
    for ((k = 0; k < 6; k++)); do
        wait_for "$human_turn" 20
        if [ $k -eq 1 ]; then # births: the selected label wraps onto an indented row
            keys Home
            wait_for "decisions \[list" 5
            if screen | sed -n 17,22p | grep -Eq '^     [^ ]'; then pass "myrmes: the selected births label wraps at 80x24"; else fail "myrmes: the selected births label wraps at 80x24"; fi
        fi
        if [ $k -gt 0 ]; then
            expect "myrmes: the list keeps the focus after a decision ($k)" "decisions \[list"
            keys Tab
            wait_for "decisions \[map" 5
        fi
        screen | grep -Eq 'Enter: exit' && break
        play_first 1
    done
    expect "myrmes: phase 3, the cursor is on the tunnel exit" "Enter: exit [0-9]+,[0-9]+" 20
    expect "myrmes: the map focus is announced" "decisions \[map"
    p0=$(ply)
    keys Enter
    expect "myrmes: the worker is outside (@ on the map)" "@" 10
    expect "myrmes: step targets are marked on the map" "\+ " 5
    keys n
    expect "myrmes: n puts the cursor on a step hex" "Enter: step [0-9]+,[0-9]+" 5
    p1=$(ply)
    keys Enter
    wait_ply_change "$p1"
    wait_for "$human_turn" 20
    p2=$(ply)
    if [ "$p2" -ge $((p0 + 2)) ]; then pass "myrmes: exit and step played (ply $p0 -> $p2)"; else fail "myrmes: exit and step played (ply $p0 -> $p2)"; fi
    keys u
    expect "myrmes: undo takes back the step" "undone back to ply $((p2 - 1))"
    keys u
    expect "myrmes: undo again takes back the exit" "undone back to ply $p0"
    expect "myrmes: the exit decision is offered again" "Enter: exit [0-9]+,[0-9]+"
    keys Enter
    expect "myrmes: exit again" "@" 10
else
    p0=$(ply)
    play_first 1
    wait_for "$human_turn" 20
    p1=$(ply)
    if [ -n "$p1" ] && [ "$p1" -gt "$p0" ]; then pass "$GAME: Enter plays a decision (ply $p0 -> $p1)"; else fail "$GAME: Enter plays a decision (ply $p0 -> $p1)"; fi
    keys u
    expect "$GAME: undo returns to the human decision" "undone back to ply $p0"
    play_first 1
fi

wait_for "$human_turn" 20
saved_ply=$(ply)
keys s
expect "$GAME: s asks for a file name" "Save the record"
keys C-u "$TMP/game.rec" Enter
expect "$GAME: saved" "saved $saved_ply decisions to $TMP/game.rec"
if FORMICARY_CONFIG= "$EXE" replay "$TMP/game.rec" >/dev/null 2>&1; then pass "$GAME: the saved record replays"; else fail "$GAME: the saved record replays"; fi
play_first 1
wait_for "$human_turn" 20
keys o
expect "$GAME: o asks for a record" "Load a record"
keys C-u "$TMP/game.rec" Enter
expect "$GAME: loaded back" "loaded $TMP/game.rec: $saved_ply decisions"
expect "$GAME: ply is back to the saved one" "ply $saved_ply \|"
keys o C-u "$TMP/nothing.rec" Enter
expect "$GAME: a missing record is a one-line error" "nothing.rec"
expect_not "$GAME: still playing after the error" "EXIT="
# records from elsewhere: bare CR line ends load; one cut inside a line ending in CR (which
# once hung the loader) is an error naming its line
tr '\n' '\r' <"$TMP/game.rec" >"$TMP/cr.rec"
keys o C-u "$TMP/cr.rec" Enter
expect "$GAME: a record with bare CR line ends loads" "loaded $TMP/cr.rec: $saved_ply decisions"
head -c "$(( $(wc -c <"$TMP/game.rec") - 20 ))" "$TMP/cr.rec" >"$TMP/cut.rec"
keys o C-u "$TMP/cut.rec" Enter
expect "$GAME: a truncated CR record is an error with its line" "cut\.rec:[0-9]+:"
expect_not "$GAME: still playing after the truncated record" "EXIT="
play_first 1
wait_for "$human_turn" 20
keys q
expect "$GAME: quit asks about the unsaved game" "not saved"
keys Escape
expect "$GAME: Esc keeps playing" "$human_turn"
keys q
wait_for "not saved" 5
keys q
expect "$GAME: quit exits with status 0" "EXIT=0" 20
expect "$GAME: the terminal is restored" "TERM=sane"
expect "$GAME: the autosave is reported" "autosaved to $TMP/state/formicary/autosave.rec"
if [ -f "$TMP/state/formicary/autosave.rec" ] && FORMICARY_CONFIG= "$EXE" replay "$TMP/state/formicary/autosave.rec" >/dev/null 2>&1; then
    pass "$GAME: the autosave is a valid record"
else
    fail "$GAME: the autosave is a valid record"
fi

# ---- watching a record, the multi-hex preview and wrapped labels at 80x24 ----
# A bot game's record; the text viewer finds the first decision of seat 1 that covers several
# hexes (a tile, a move, an attack with supporters).
bots=random
for ((k = 1; k < nb; k++)); do bots+=,random; done
FORMICARY_CONFIG= "$EXE" play "$GAME" --ui text --quiet --seats "$bots" --seed 5 --record "$TMP/bots.rec" >/dev/null 2>&1
total=$(awk '$1 == "decisions" { on = 1; next } $1 == "end" { on = 0 } on { n++ } END { print n + 0 }' "$TMP/bots.rec")
yes n | head -n $((total + 5)) | FORMICARY_CONFIG= "$EXE" replay "$TMP/bots.rec" --ui text >"$TMP/replay.txt" 2>&1
if grep -q "^--- ply $total of $total | " "$TMP/replay.txt" && grep -q "^end of the record" "$TMP/replay.txt"; then
    pass "$GAME: the text replay steps from ply 0 to the last ($total)"
else
    fail "$GAME: the text replay steps from ply 0 to the last ($total)"
fi
printf 'last\nb\n3\nfirst\nview 1\nbogus\nquit\n' | FORMICARY_CONFIG= "$EXE" replay "$TMP/bots.rec" --ui text >"$TMP/replay2.txt" 2>&1
if grep -q "^--- ply $((total - 1)) of $total" "$TMP/replay2.txt" && grep -q "^--- ply 3 of $total" "$TMP/replay2.txt" &&
    grep -q "view of ${GAME:+.*}" "$TMP/replay2.txt" && grep -q "unknown command 'bogus'" "$TMP/replay2.txt" &&
    grep -Eq "^--- ply 0 of $total .*\| view of [^a]" "$TMP/replay2.txt"; then
    pass "$GAME: text replay: last, back, a ply number, first, a seat's view, an unknown command"
else
    fail "$GAME: text replay: last, back, a ply number, first, a seat's view, an unknown command"
fi
multi=$(grep -m1 -E "^next: [0-9]+ .*\(seat 1\): .*\(covers [0-9]+ hexes" "$TMP/replay.txt")
mply=$(sed -E 's/^next: ([0-9]+) .*/\1/' <<<"$multi")
mnot=$(sed -E 's/.*\[([^]]*)\] \(covers [0-9]+ hexes.*/\1/' <<<"$multi")
mlabel=$(sed -E 's/^next: [0-9]+ [^:]*: (.*) \[[^]]*\] \(covers [0-9]+ hexes.*/\1/' <<<"$multi")

# the tty viewer: start, steps, end, a ply by number, back to the start, a seat's view
startr() {
    "${TM[@]}" kill-server 2>/dev/null
    sleep 0.2
    "${TM[@]}" new-session -d -s fc -x 80 -y 24 \
        "cd $TMP && env TERM=screen $RUN replay $TMP/bots.rec --ui tty; echo EXIT=\$?; echo =TTY-TEST-END=; sleep 600"
}
startr
expect "$GAME: replay starts at ply 0" "replay: ply 0 of $total" 20
expect "$GAME: replay header names the rule set and variant" "^ .* \[default rules, no variant\] "
expect "$GAME: replay list pane" "Record: ply 0 of $total, view of a spectator"
expect_not "$GAME: no hot-seat cover in a replay" "to play$"
keys Right Right
expect "$GAME: right steps forward" "replay: ply 2 of $total" 5
keys Left
expect "$GAME: left steps back" "replay: ply 1 of $total" 5
keys End
expect "$GAME: End goes to the last ply" "replay: ply $total of $total" 10
expect "$GAME: the end of the record is announced" "end of the record \(game over\)" 5
keys g C-u 3 Enter
expect "$GAME: g goes to a ply" "replay: ply 3 of $total" 10
keys Home
expect "$GAME: Home goes back to the start" "replay: ply 0 of $total" 10
if [ "$GAME" = bidrace ]; then
    # the list names a bid from the ply the round's bids are revealed (the last of nb), not before:
    # bid nb-1 (the one before the last, still on the screen) at ply nb-1 and at ply nb
    for ((k = 1; k < nb; k++)); do keys Right; done
    expect "bidrace: replay list: bid $((nb - 1)) hidden from a spectator at ply $((nb - 1))" "^ +$((nb - 1)) [^:]+: \(hidden\)" 5
    keys Right
    expect "bidrace: replay list: bid $((nb - 1)) named once the bids are revealed (ply $nb)" "^ +$((nb - 1)) [^:]+: bid [0-9]+" 5
    keys Home
    wait_for "replay: ply 0 of $total" 10
fi
keys v
expect "$GAME: v shows a seat's view" "view of [A-Z][a-z]+|view of Seat 1" 5
keys r
if [ "$GAME" = bidrace ]; then expect "bidrace: replay r without rules" "ships no rules text" 5; else expect "$GAME: replay r opens the rules" "Rules: |rules - / find" 5; fi
keys Escape
if [ -n "$multi" ]; then
    keys v v v v v v v v v
    wait_for "view of a spectator" 5
    keys g C-u $((mply - 1)) Enter
    expect "$GAME: replay at ply $((mply - 1)): the next decision covers several hexes" "next, ply $mply, [^:]* \{[0-9]+ hexes marked\}: " 10
    braces=$(screen | sed -n 2,13p | cut -c1-47 | grep -o '[{}]' | wc -l)
    if [ "$braces" -ge 2 ]; then pass "$GAME: replay: the next decision's hexes framed on the map ($braces braces)"; else fail "$GAME: replay: the next decision's hexes framed on the map ($braces braces)"; fi
fi
keys q
expect "$GAME: q leaves the replay with 0" "EXIT=0" 10

if [ -n "$multi" ]; then
    # play: load the record cut before that decision; the human (seat 1) selects it in the list
    awk -v k="$((mply - 1))" '$1 == "decisions" { print; on = 1; next } on && $1 == "end" { print "end"; exit }
        on { if (n++ < k) print; next } { print }' "$TMP/bots.rec" >"$TMP/cut-multi.rec"
    start 80 24 --seats "$seats" --seed 7 --bot-delay 0
    wait_for "$human_turn" 20
    keys o C-u "$TMP/cut-multi.rec" Enter
    expect "$GAME: the cut record loads" "loaded $TMP/cut-multi.rec: $((mply - 1)) decisions" 20
    wait_for "$human_turn" 20
    keys Home
    found=0
    for ((k = 0; k < 200; k++)); do
        if screen | tail -2 | head -1 | grep -qF "[$mnot]"; then found=1; break; fi
        keys Down
        sleep 0.05
    done
    if [ $found = 1 ]; then pass "$GAME: the decision [$mnot] selected in the list"; else fail "$GAME: the decision [$mnot] selected in the list"; fi
    expect "$GAME: the info line says it covers several hexes" "covers [0-9]+ hexes \{marked\}" 5
    braces=$(screen | sed -n 2,13p | cut -c1-47 | grep -o '[{}]' | wc -l)
    if [ "$braces" -ge 2 ]; then pass "$GAME: every hex of the selected decision is framed before Enter ($braces braces)"; else fail "$GAME: every hex of the selected decision is framed before Enter ($braces braces)"; fi
    # 80x24: the whole label is in the list, wrapped (its last word is there)
    last=$(awk '{ print $NF }' <<<"$mlabel")
    rows=$(screen | sed -n 16,22p | cut -c1-47 | cut -c6- | tr '\n' ' ')
    if [ ${#mlabel} -le 42 ] || grep -qF -- "$last" <<<"$rows"; then
        pass "$GAME: the selected label is whole at 80x24 (${#mlabel} columns, ends '$last')"
    else
        fail "$GAME: the selected label is whole at 80x24 (${#mlabel} columns, ends '$last')"
    fi
    keys Tab
    expect "$GAME: Tab moves to the map" "decisions \[map" 5
    keys Tab
    expect "$GAME: Tab back to the list" "decisions \[list" 5
    if screen | tail -2 | head -1 | grep -qF "[$mnot]"; then pass "$GAME: the selection stays after Tab and Tab"; else fail "$GAME: the selection stays after Tab and Tab"; fi
    for ((k = 0; k < 30; k++)); do keys +; done # bots slow, so the log still shows it
    wait_for "bot delay 3000 ms" 5
    keys Enter
    expect "$GAME: the previewed decision is played and logged" "│ $mply [^:]*: $mnot" 10
    keys q
    wait_for "not saved" 5 && keys q
    expect "$GAME: quit" "EXIT=0" 20
elif [ "$GAME" = myrmes ] || [ "$GAME" = termity ]; then
    fail "$GAME: the bot game has no decision of seat 1 covering several hexes"
fi

# wrapped labels at the first human decision: the longest label, selected, ends on screen
long=$(echo quit | FORMICARY_CONFIG= "$EXE" play "$GAME" --ui text --seats "$seats" --seed 7 2>/dev/null |
    sed -n 's/^ *\([0-9]*\)\. \(.*\)  \[.*$/\1\t\2/p' | awk -F'\t' 'length($2) > 42 { print length($2) "\t" $1 "\t" $2 }' |
    sort -rn | head -1)
if [ -n "$long" ]; then
    idx=$(cut -f2 <<<"$long")
    label=$(cut -f3 <<<"$long")
    start 80 24 --seats "$seats" --seed 7 --bot-delay 0
    wait_for "$human_turn" 20
    keys Home
    for ((k = 1; k < idx; k++)); do keys Down; done
    sleep 0.3
    wait_for "^ *$idx " 5
    last=$(awk '{ print (NF > 1 ? $(NF - 1) " " : "") $NF }' <<<"$label")
    # the list panel's text runs to column 48 (49 is its margin, 50 the border)
    rows=$(screen | sed -n 16,22p | cut -c1-48 | cut -c6- | tr '\n' ' ' | tr -s ' ')
    if grep -qF -- "$last" <<<"$rows"; then pass "$GAME: a ${#label}-column label wraps in the list at 80x24 (ends '$last')"; else fail "$GAME: a ${#label}-column label wraps in the list at 80x24 (ends '$last')"; fi
    keys q
    wait_for "not saved" 5 && keys q
    wait_for "EXIT=" 20
fi

# ---- a bot game to the end, paced at first, then skipped ----
start 80 24 --seats "$nb" --seed 11 --bot-delay 300
expect "$GAME: bots play with visible pacing" "is playing - paced" 20
keys -- - -
expect "$GAME: - makes bots faster" "bot delay 100 ms"
keys Space
expect "$GAME: a bot game reaches the end" "Game over - final scores" 120
keys Enter
expect "$GAME: after the scores the board stays" "Game over - u undo, q quit"
keys q
expect "$GAME: quit after the end exits 0" "EXIT=0" 20
expect "$GAME: the final scores are printed" "final scores after [0-9]+ decisions"

# ---- interrupt, resize and a small terminal ----
start 80 24 --seats "$seats" --seed 3 --bot-delay 0
wait_for "$human_turn" 20
"${TM[@]}" resize-window -t fc -x 130 -y 45
i=0
while ! screen | sed -n 45p | grep -q "help" && [ $i -lt $((50 * SLOW)) ]; do sleep 0.1; i=$((i + 1)); done
if screen | sed -n 45p | grep -q "help"; then pass "$GAME: the layout follows a resize to 130x45"; else fail "$GAME: the layout follows a resize to 130x45"; fi
if screen | head -1 | grep -Eq '^.{100,}ply [0-9]+'; then pass "$GAME: the header uses the width"; else fail "$GAME: the header uses the width"; fi
"${TM[@]}" resize-window -t fc -x 50 -y 12
expect "$GAME: a too small terminal says so" "terminal too small" 5
"${TM[@]}" resize-window -t fc -x 80 -y 24
expect "$GAME: back to 80x24" "$human_turn" 5
play_first 1
keys C-c
expect "$GAME: Ctrl-C stops with a one-line error" "interrupted by signal 2; game autosaved" 20
expect "$GAME: Ctrl-C exits 1" "EXIT=1" 10
expect "$GAME: the terminal is restored after Ctrl-C" "TERM=sane"

# ---- bidrace: hidden bids stay hidden; two humans never see each other's screen ----
if [ "$GAME" = bidrace ]; then
    start 80 24 --seats human,random,random --seed 5 --bot-delay 3000
    wait_for "$human_turn" 20
    keys Home Enter
    expect "recent decisions: the bot pane shows the delay" "bot delay 3000 ms" 10
    expect "recent decisions: my own bid is shown to me" "Seat 1: bid [0-9]+" 10
    expect "recent decisions: a bot's secret bid is hidden" "Seat 2: \(hidden\)" 20
    keys q
    wait_for "not saved" 10 && keys q
    expect "quit while bots play" "EXIT=0" 20


    start 80 24 --seats human,human --seed 5
    expect "hot seat: the first human gets a cover" "Seat 1 to play" 10
    expect_not "hot seat: the cover hides the decisions" "decisions \["
    keys Enter
    expect "hot seat: seat 1 sees its list" "Seat 1: [0-9]+ decisions" 5
    keys Home Enter
    expect "hot seat: the screen is hidden before seat 2" "Seat 2 to play" 10
    expect_not "hot seat: seat 1's bid is not on seat 2's cover" "bid [0-9]"
    keys Enter
    expect "hot seat: seat 2 sees its own view" "Seat 2 \(you\)" 5
    keys q
    wait_for "not saved" 5 && keys q
    expect "hot seat: quit" "EXIT=0" 20
fi

if cat "$TMP"/vg.* 2>/dev/null | grep -q .; then
    cat "$TMP"/vg.*
    fail "$GAME: valgrind reported errors"
fi
echo "1..$n"
[ $fails -eq 0 ]
