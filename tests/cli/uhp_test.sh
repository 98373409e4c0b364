#!/usr/bin/env bash
# End-to-end tests of `formicary uhp` (the Universal Hive Protocol engine mode, H-24) and of
# `formicary perft` for every game (the Hive table, and regression values of the other games).
# usage: uhp_test.sh FORMICARY PLUGIN_DIR FIXTURE_DIR
set -u
EXE=$1
PLUGINS=$2
FIX=$3
SRC=$(cd "$(dirname "$0")/../.." && pwd)
export FORMICARY_PLUGIN_PATH=$PLUGINS:$FIX
export FORMICARY_CONFIG=
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

RUN=("$EXE")
if [ "${FC_UNDER_VALGRIND:-}" = 1 ] && command -v valgrind >/dev/null; then
    RUN=(valgrind --quiet --error-exitcode=99 --leak-check=full --show-leak-kinds=definite,indirect
         --errors-for-leak-kinds=definite,indirect "$EXE")
fi

fails=0
n=0
pass() { n=$((n + 1)); echo "ok $n - $1"; }
fail() { n=$((n + 1)); fails=$((fails + 1)); echo "not ok $n - $1"; }
check() { local d=$1; shift; if "$@"; then pass "$d"; else fail "$d"; sed 's/^/#   /' "$TMP/out" | head -40; fi; }

# uhp INPUT: runs a session, stdout to $TMP/out, status in $rc
uhp() { printf '%s' "$1" | "${RUN[@]}" uhp >"$TMP/out" 2>"$TMP/err"; rc=$?; }
fc() { "${RUN[@]}" "$@" >"$TMP/out" 2>"$TMP/err" </dev/null; rc=$?; }
has() { grep -Eq -- "$1" "$TMP/${2:-out}"; }
line() { sed -n "${1}p" "$TMP/out"; }
oks() { grep -c '^ok$' "$TMP/out"; }

# ---- start, info, newgame, play, validmoves, undo ----
uhp $'info\nnewgame\nvalidmoves\nplay wS1\nplay bG1 -wS1\nplay wQ wS1/\nundo\nundo 2\nexit\n'
check "uhp: starts with the info answer" eval '[ $rc -eq 0 ] && [[ "$(line 1)" =~ ^"id Formicary v"[0-9]+\.[0-9]+ ]] && [ "$(line 2)" = "Mosquito;Ladybug;Pillbug" ] && [ "$(line 3)" = ok ]'
check "uhp: info answers the id and the capabilities again" eval '[ "$(line 4)" = "$(line 1)" ] && [ "$(line 5)" = "Mosquito;Ladybug;Pillbug" ] && [ "$(line 6)" = ok ]'
check "uhp: one ok per command (and one at start)" eval '[ "$(oks)" -eq 9 ]'
check "uhp: newgame answers the GameString" eval 'has "^Base;NotStarted;White\[1\]$"'
check "uhp: validmoves at the start: the 4 non-Queen bugs" eval 'has "^wS1;wB1;wG1;wA1$"'
check "uhp: play answers the GameString with the canonical moves" eval 'has "^Base;InProgress;Black\[2\];wS1;bG1 -wS1;wQ wS1/$"'
check "uhp: undo and undo 2" eval 'has "^Base;InProgress;White\[2\];wS1;bG1 -wS1$" && [ "$(tail -2 "$TMP/out" | head -1)" = "Base;NotStarted;White[1]" ]'

# ---- GameString round trip and game types ----
GS='Base+MLP;InProgress;Black[4];wS1;bG1 -wS1;wQ wS1/;bQ /bG1;wM wQ\;bL -bG1;wP /wM'
uhp "newgame $GS"$'\nundo 3\nexit\n'
check "uhp: newgame GameString round-trips" eval 'grep -Fxq -- "$GS" "$TMP/out"'
check "uhp: undo goes back before the GameString's moves" eval 'has "^Base\+MLP;InProgress;White\[3\];wS1;bG1 -wS1;wQ wS1/;bQ /bG1$"'
uhp $'newgame Base+ML\nvalidmoves\nexit\n'
check "uhp: newgame with a GameTypeString" eval 'has "^Base\+ML;NotStarted;White\[1\]$" && has "^wS1;wB1;wG1;wA1;wM;wL$"'
uhp $'newgame Base;InProgress;White[2];wS1\nnewgame Base+Q\nnewgame Base;InProgress;Black[1];wQ\nvalidmoves\nexit\n'
check "uhp: bad GameStrings are errors, the session goes on" eval '[ "$(grep -c "^err " "$TMP/out")" -eq 4 ] && has "^err .*no game in progress" && [ "$(oks)" -eq 5 ]'

# ---- MoveStrings relative to the moving piece's own cell, numbered single pieces ----
# wS1 0,0; bS1 1,0; wQ -1,0; bQ 2,0; wB1 -1,1; bB1 1,1 (White to play)
OWN='Base+MLP;InProgress;White[4];wS1;bS1 wS1-;wQ1 -wS1;bQ1 bS1-;wB1 /wS1;bB1 bS1\'
uhp "newgame $OWN"$'\nplay wB1 wB1/\nundo\nplay wB1 -wB1\nundo\nplay wQ1 wQ/\nplay bP1 bQ1-\nplay wB1 wB1\nexit\n'
check "uhp: numbered singles read (wQ1, bQ1), written canonically (wQ, bQ)" eval 'has "^Base\+MLP;InProgress;White\[4\];wS1;bS1 wS1-;wQ -wS1;bQ bS1-;wB1 /wS1;bB1 /bQ$"'
check "uhp: 'wB1 wB1/' is the cell north-east of wB1 before the move: on top of wS1" eval 'has ";bB1 /bQ;wB1 wS1$"'
check "uhp: 'wB1 -wB1' is the cell west of wB1 before the move" eval 'has ";bB1 /bQ;wB1 /wQ$"'
check "uhp: 'wQ1 wQ/' moves the Queen north-east of its cell; 'bP1 bQ1-' places bP" eval 'has ";bB1 /bQ;wQ \\\\wS1$" && has ";wQ \\\\wS1;bP bQ-$"'
check "uhp: 'wB1 wB1' (onto its own cell) is an invalid move, and says why" eval 'has "^invalidmove .wB1 wB1. is not a legal move now: wB1 is already there$" && [ "$(oks)" -eq 9 ]'

# ---- a refused move in a GameString: its number, its text and why ----
B='Base;InProgress;White[3];wS1;bS1 wS1-'
uhp "newgame $B;wX1 -wS1"$'\n'"newgame $B;wA1 -bQ"$'\n'"newgame $B;wM -wS1"$'\n'"newgame $B;wQ bS1-"$'\n'"newgame $B;wA1"$'\n'"newgame $B;bA1 -wS1"$'\n'"newgame $B;wA1 -wS1;bA1 bS1-;wS1 wA1/"$'\n'"newgame Base;InProgress;White[2];wQ"$'\n'"newgame $B;wA1 wS1//"$'\n'"newgame Base;InProgress;White[2];wA1;bS1 wA1-;wA3 -wA1"$'\nexit\n'
check "uhp: GameString errors: an unknown piece" eval 'has "^err hive: move 3 .wX1 -wS1. refused: unknown piece .wX1."'
check "uhp: GameString errors: a reference piece not on the board" eval 'has "^err hive: move 3 .wA1 -bQ. refused: the reference piece bQ is not on the board$"'
check "uhp: GameString errors: a piece not in the game type" eval 'has "^err hive: move 3 .wM -wS1. refused: no piece wM in game type Base$"'
check "uhp: GameString errors: a placement touching the other colour (H-05)" eval 'has "^err hive: move 3 .wQ bS1-. refused: that cell touches bS1: .*H-05"'
check "uhp: GameString errors: a lone piece after the first move" eval 'has "^err hive: move 3 .wA1. refused: a piece alone is only the first move"'
check "uhp: GameString errors: the wrong colour" eval 'has "^err hive: move 3 .bA1 -wS1. refused: bA1 is Black.s piece, and White is to play$"'
check "uhp: GameString errors: a move before the Queen (H-07)" eval 'has "^err hive: move 5 .wS1 wA1/. refused: White moves no piece before their Queen is in play \(H-07\)$"'
check "uhp: GameString errors: the tournament opening (H-06)" eval 'has "^err hive: move 1 .wQ. refused: the tournament opening forbids the Queen"'
check "uhp: GameString errors: not a MoveString" eval 'has "^err hive: move 3 .wA1 wS1//. refused: not a MoveString"'
check "uhp: GameString errors: a piece placed out of order (H-23)" eval 'has "^err hive: move 3 .wA3 -wA1. refused: wA3 before wA2: the pieces of a bug enter in number order \(H-23\)$" && [ "$(grep -c "^err hive: move" "$TMP/out")" -eq 10 ]'

# ---- invalid moves, bad commands ----
uhp $'play wS1\nnewgame\nplay wQ\nplay bS1\nplay zz\nplay wS2\nplay\npass\nfrobnicate\nundo 5\nundo x\nbestmove sideways\nbestmove depth 99\nbestmove time 1:2\noptions set Nope 1\nplay wA1\nexit\n'
check "uhp: play before newgame is an error" eval '[ "$(sed -n 4p "$TMP/out")" = "err no game in progress (use newgame)" ]'
check "uhp: tournament opening refuses the Queen, and says why" eval 'has "^invalidmove .wQ. is not a legal move now: the tournament opening forbids the Queen on a player.s first turn \(H-06\)$"'
check "uhp: the wrong colour, junk, an out-of-order piece, an illegal pass" eval 'has "^invalidmove .bS1." && has "^invalidmove .zz. is not a valid MoveString" && has "^invalidmove .wS2." && has "^invalidmove .pass."'
check "uhp: bad commands answer err" eval '[ "$(grep -c "^err " "$TMP/out")" -eq 9 ]'
check "uhp: the session goes on after errors" eval 'has "^Base;InProgress;Black\[1\];wA1$" && [ "$(oks)" -eq 17 ]'

# ---- the end of a game (draw limit lowered with --set) ----
printf '%s' $'newgame\nplay wS1\nplay bS1 wS1-\nplay wQ -wS1\nplay bQ bS1-\nplay wA1 -wQ\nplay bA1 bQ-\nplay wG1 -wA1\nplay bG1 bA1-\nplay wB1 -wG1\nplay bB1 bG1-\nvalidmoves\nplay wA2 -wB1\nbestmove depth 1\nundo\nvalidmoves\nexit\n' |
    "${RUN[@]}" uhp --set draw_turns=10 >"$TMP/out" 2>"$TMP/err"
check "uhp: a finished game: validmoves and bestmove are errors, play is invalid, undo reopens it" eval 'has "^Base;Draw;White\[6\];" && has "^err the game is over$" && has "^invalidmove the game is over$" && [ "$(grep -c "^err the game is over$" "$TMP/out")" -eq 2 ] && has "^Base;InProgress;Black\[5\];" && has "^bS2 "'

# ---- bestmove ----
uhp $'newgame Base;InProgress;White[3];wS1;bG1 -wS1;wQ wS1/;bQ /bG1\nvalidmoves\nbestmove depth 2\nbestmove time 00:00:01\noptions get MctsIterations\noptions set MctsIterations 50\noptions set Search mcts\nbestmove\nexit\n'
moves=$(sed -n 6p "$TMP/out")
in_moves() { printf '%s\n' "$moves" | tr ';' '\n' | grep -Fxq -- "$1"; }
check "uhp: bestmove depth 2 is a valid move" in_moves "$(sed -n 8p "$TMP/out")"
check "uhp: bestmove time 00:00:01 is a valid move" in_moves "$(sed -n 10p "$TMP/out")"
check "uhp: options get and set MctsIterations" eval 'has "^MctsIterations;int;1000;1000;1;10000000$" && has "^MctsIterations;int;50;1000;1;10000000$"'
check "uhp: bestmove under Search mcts (MctsIterations) is a valid move" in_moves "$(sed -n 18p "$TMP/out")"

# ---- options: every setting listed, read and set as UHP engines do ----
uhp $'options\noptions set Search mcts\noptions set Search alphago\noptions get Tier\noptions set Tier hard\noptions get MaxDepth\noptions get TimeLimit\noptions set MaxDepth 2\noptions set TimeLimit 0.5\noptions set Threads 2\noptions set HashMB 16\noptions set Exploration 1.5\noptions get Nope\noptions set MaxDepth 9\noptions set Tier godlike\noptions set Threads\noptions get MaxDepth 3\noptions frob\nexit\n'
check "uhp: options lists all settings as Name;Type;Value;Default;Min;Max" eval '[ "$(sed -n 4,12p "$TMP/out" | tr "\n" " ")" = "TimeLimit;double;3;3;0.1;3600 MaxDepth;int;3;3;1;8 Threads;int;1;1;1;16 HashMB;int;64;64;1;4096 Tier;enum;none;none;none;easy;medium;hard;expert Search;enum;ab;ab;ab;mcts MctsIterations;int;1000;1000;1;10000000 Exploration;double;0.7;0.7;0;10 Quiescence;int;2;2;0;16 " ]'
check "uhp: options set Tier hard names the tier and leaves MaxDepth and TimeLimit" eval 'has "^Tier;enum;hard;none;none;easy;medium;hard;expert$" && has "^MaxDepth;int;3;3;1;8$" && has "^TimeLimit;double;3;3;0.1;3600$"'
check "uhp: options set answers the new value" eval 'has "^MaxDepth;int;2;3;1;8$" && has "^TimeLimit;double;0.5;3;0.1;3600$" && has "^Threads;int;2;1;1;16$" && has "^HashMB;int;16;64;1;4096$" && has "^Exploration;double;1.5;0.7;0;10$"'
check "uhp: options errors" eval 'has "^err options: unknown option .Nope." && has "^err options set MaxDepth: expected an integer 1..8$" && has "^err options set Tier: expected one of none, easy, medium, hard, expert$" && has "^Search;enum;mcts;ab;ab;mcts$" && has "^err options set Search: expected one of ab, mcts$" && has "^err options set Threads: expected an integer 1..16$" && has "^err options get MaxDepth: too many arguments$" && has "^err options: expected .options." && [ "$(grep -c "^err " "$TMP/out")" -eq 7 ] && [ "$(oks)" -eq 19 ]'

# ---- Tier: the difficulty tier of config/hive/bots.ini plays bestmove without arguments ----
# (easy must stay a plain ab:depth=N for this check: the same move as bestmove depth N with the
# default Quiescence)
TIERPOS='Base+MLP;InProgress;White[5];wL;bL /wL;wA1 \wL;bA1 /bL;wQ wA1-;bP bA1\;wP wA1/;bQ bP\'
easy=$(sed -n 's/^agent = //p' "$SRC/config/hive/bots.ini" | head -1)
uhp "newgame $TIERPOS"$'\noptions set Tier easy\nbestmove\noptions set MaxDepth 1\noptions get Tier\nexit\n'
tier_move=$(sed -n 8p "$TMP/out")
tier_off=$(sed -n 12p "$TMP/out")
easy_depth=${easy#ab:depth=}
uhp "newgame $TIERPOS"$'\nbestmove depth '"$easy_depth"$'\nexit\n'
check "uhp: Tier easy ($easy) plays that agent's move; MaxDepth set afterwards turns the tier off" eval '[[ "$easy" =~ ^ab:depth=[0-9]+$ ]] && [ -n "$tier_move" ] && [ "$tier_move" = "$(sed -n 6p "$TMP/out")" ] && [[ "$tier_off" == "Tier;enum;none;"* ]]'

# ---- bestmove depth N is answered within TimeLimit, however deep ----
MID='Base+MLP;InProgress;White[9];wL;bL /wL;wA1 \wL;bA1 /bL;wQ wA1-;bP bA1\;wP wA1/;bQ bP\;wA2 wL-;bS1 bA1-;wA2 bS1-;bB1 bQ-;wA1 /bQ;bA1 wA2-;wB1 -wA1;bB2 -bP'
t0=$(date +%s.%N)
uhp "newgame $MID"$'\noptions set TimeLimit 1\nvalidmoves\nbestmove depth 8\nbestmove\nbestmove time 00:00:01\nexit\n'
t1=$(date +%s.%N)
moves=$(sed -n 8p "$TMP/out")
check "uhp: bestmove depth 8 answers a valid move" in_moves "$(sed -n 10p "$TMP/out")"
check "uhp: bestmove without arguments answers a valid move" in_moves "$(sed -n 12p "$TMP/out")"
check "uhp: bestmove time 00:00:01 answers a valid move" in_moves "$(sed -n 14p "$TMP/out")"
if [ "${FC_UNDER_VALGRIND:-}" != 1 ]; then
    # a bound that catches an unbounded search (depth 8 alone takes minutes), not a speed test:
    # three searches of 1 s each under any load the CI machine sees
    check "uhp: bestmove depth 8, bestmove and bestmove time 1 s with TimeLimit 1 end (not minutes)" awk -v a="$t0" -v b="$t1" 'BEGIN { exit !(b - a < 60) }'
fi

# ---- a whole session driven like an arena: bestmove, then play that move, until the end ----
# reply: reads one answer (lines up to "ok") from the engine into $reply
reply() { reply=""; local l; while IFS= read -r -t 60 l <&"$uin"; do [ "$l" = ok ] && return 0; reply+="$l"$'\n'; done; return 1; }
coproc U { "${RUN[@]}" uhp 2>"$TMP/coerr"; }
upid=$U_PID uin=${U[0]} uout=${U[1]}
reply
echo "newgame Base+MLP" >&"$uout"
reply
bad=0 plies=0
while [ $plies -lt 80 ]; do
    case "$reply" in *WhiteWins* | *BlackWins* | *Draw*) break ;; esac
    echo "bestmove depth 1" >&"$uout"; reply || { bad=1; break; }
    mv=${reply%$'\n'}
    echo "play $mv" >&"$uout"; reply || { bad=1; break; }
    case "$reply" in invalidmove* | err*) bad=1; break ;; esac
    plies=$((plies + 1))
done
echo exit >&"$uout"
wait "$upid" 2>/dev/null
check "uhp: an engine-vs-engine session of $plies moves, every bestmove accepted by play" eval '[ $bad -eq 0 ] && [ $plies -ge 10 ]'

# ---- a game past 300 plies (no draw limit in the engine mode): made here by playing legal moves
# chosen by a fixed rule (a move that would end the game is taken back and the next one tried),
# then loaded by newgame and replayed by play; other commands keep the limit of 300 ----
coproc G { "${RUN[@]}" uhp 2>"$TMP/gerr"; }
gpid=$G_PID uin=${G[0]} uout=${G[1]}
reply
echo "newgame Base+MLP" >&"$uout"
reply
LONG="" plies=0 bad=0
while [ $plies -lt 320 ] && [ $bad -eq 0 ]; do
    echo validmoves >&"$uout"; reply || { bad=1; break; }
    IFS=';' read -r -a mv <<<"${reply%$'\n'}"
    k=$(( (plies * 7 + 3) % ${#mv[@]} )) tries=0 played=0
    while [ $tries -lt ${#mv[@]} ]; do
        echo "play ${mv[k]}" >&"$uout"; reply || { bad=1; break; }
        case "$reply" in *InProgress*) played=1; break ;; invalidmove* | err*) bad=1; break ;; esac
        echo undo >&"$uout"; reply || { bad=1; break; }
        k=$(( (k + 1) % ${#mv[@]} )) tries=$((tries + 1))
    done
    [ $played -eq 1 ] || bad=1
    LONG=${reply%$'\n'}
    plies=$((plies + 1))
done
echo exit >&"$uout"
wait "$gpid" 2>/dev/null
check "uhp: a game of 320 plies is played without a draw" eval '[ $bad -eq 0 ] && [ "$(tr ";" "\n" <<<"$LONG" | wc -l)" -eq 323 ] && [[ "$LONG" == "Base+MLP;InProgress;White[161];"* ]]'
uhp "newgame $LONG"$'\nundo 320\nexit\n'
check "uhp: newgame loads the 320-ply GameString, and undo goes back through it" eval '[ "$(line 4)" = "$LONG" ] && [ "$(line 6)" = "Base+MLP;NotStarted;White[1]" ]'
{ echo "newgame Base+MLP"; tr ';' '\n' <<<"$LONG" | tail -n +4 | sed 's/^/play /'; echo exit; } >"$TMP/long.in"
"${RUN[@]}" uhp <"$TMP/long.in" >"$TMP/out" 2>"$TMP/err"
check "uhp: the 320 plies replayed move by move by play" eval '[ "$(grep -c "^Base+MLP;InProgress;" "$TMP/out")" -eq 320 ] && [ "$(tail -2 "$TMP/out" | head -1)" = "$LONG" ]'
printf 'newgame %s\nexit\n' "$LONG" | "${RUN[@]}" uhp --set draw_turns=300 >"$TMP/out" 2>"$TMP/err"
check "uhp --set draw_turns=300: the move after the limit is named, with the reason" eval 'has "^err hive: move 301 .* refused: the game is already over: a Draw at the limit of 300 decisions \(parameter draw_turns, 0 for no limit; H-22\)$"'
fc perft hive --depth 1 --set game_type=Base+MLP --position "$LONG"
check "perft --position: the draw limit of 300 stays the default elsewhere" eval '[ $rc -eq 1 ] && has "move 301 .* refused: the game is already over: a Draw at the limit of 300" err'
fc perft hive --depth 1 --set game_type=Base+MLP --set draw_turns=0 --position "$LONG"
check "perft --position: draw_turns=0 takes the limit off" eval '[ $rc -eq 0 ] && has "^perft\(1\) = [1-9]"'

# ---- perft ----
fc perft hive --depth 4
check "perft hive: the published Base counts" eval '[ $rc -eq 0 ] && has "^perft\(1\) = 4$" && has "^perft\(2\) = 96$" && has "^perft\(3\) = 1440$" && has "^perft\(4\) = 21600$" && has "leaves/s"'
fc perft hive --depth 3 --set game_type=Base+MLP
check "perft hive: Base+MLP" eval 'has "^perft\(3\) = 6678$"'
fc perft hive --depth 3 --divide --set game_type=Base+P
sum=$(grep -E '^[wb][A-Z][0-9]?: ' "$TMP/out" | awk '{s += $NF} END {print s}')
check "perft --divide: one line per first move, summing to the total" eval '[ "$(grep -cE "^[wb][A-Z][0-9]?: " "$TMP/out")" -eq 5 ] && [ "$sum" = 2610 ] && has "^perft\(3\) = 2610$"'
fc perft hive --depth 2 --position 'Base;InProgress;White[2];wS1;bS1 wS1-'
check "perft --position: from a GameString" eval 'has "^perft\(2\) = 225$"'
fc perft hive --depth 2 --position 'Base;InProgress;White[9];wS1'
check "perft --position: a wrong GameString is one line" eval '[ $rc -eq 1 ] && [ "$(wc -l <"$TMP/err")" -eq 1 ] && has "^formicary: hive: the moves lead to" err'
fc perft bidrace --depth 2 --position x
check "perft --position: a game without positions says so" eval '[ $rc -eq 1 ] && has "does not read positions" err'
# ---- line ends, arguments of no-argument commands, write errors (issue 12) ----
uhp $'info now\rnewgame\r\nexit now\nexit'
check "uhp: a lone CR ends a command; info and exit refuse arguments" eval '[ $rc -eq 0 ] && has "^err info takes no arguments$" && has "^Base;NotStarted;White\[1\]$" && has "^err exit takes no arguments$" && [ "$(oks)" -eq 4 ]'
if [ -w /dev/full ]; then
    printf 'info\n' | "${RUN[@]}" uhp >/dev/full 2>"$TMP/err"; rc=$?
    check "uhp: write error on stdout ends the session with exit 1" eval '[ $rc -eq 1 ] && [ "$(wc -l <"$TMP/err")" -eq 1 ] && has "^formicary: write error on standard output: No space left on device$" err'
fi
fc perft hive --depth 13
check "perft: depth out of range is a usage error" eval '[ $rc -eq 2 ]'
# Regression values of the other games (counted with this program when Hive arrived; a rule
# change in a game changes them: update them together with the change).
perft_is() { local game=$1 depth=$2 want=$3; fc perft "$game" --depth "$depth"; [ $rc -eq 0 ] && has "^perft\($depth\) = $want$"; }
check "perft bidrace (fixture) depth 5" perft_is bidrace 5 33396
for g in myrmes:5:5661 marabunta:5:9072 termity:4:6490 marsz:4:3942; do
    IFS=: read -r game depth want <<<"$g"
    if [ -e "$PLUGINS/$game/$game.so" ]; then
        check "perft $game depth $depth" perft_is "$game" "$depth" "$want"
    fi
done

echo "1..$n"
[ "$fails" -eq 0 ]
