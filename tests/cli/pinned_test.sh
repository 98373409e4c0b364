#!/usr/bin/env bash
# Outputs pinned byte for byte against the files of tests/cli/pinned/, so reshaping the code
# that writes them changes nothing a reader or a program sees: the shell's JSON (views with
# links, items, panels and hidden hands; legal lists; state) in Hive, Myrmes and Termity,
# every shell command and refusal (bidrace), a human's every command in play --ui text, sim's report and JSON (one design; an A/B run
# stopped by its sequential test; the time fields masked),
# and `replay --ui text` of recorded Myrmes and Termity games walked with every command, seat
# views and bad input. PINNED_WRITE=1 rewrites the files instead (review the diff!).
# usage: pinned_test.sh FORMICARY PLUGIN_DIR FIXTURE_DIR
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"
study_setup "$@"
PIN=$HERE/pinned

# compares the file $TMP/NAME with pinned/NAME, or pinned/NAME.gz for the large ones (or writes it)
pinned() {
    local name=$1 desc=$2
    if [ "${PINNED_WRITE:-}" = 1 ]; then
        if [ "$(wc -c <"$TMP/$name")" -gt 50000 ]; then
            gzip -9n <"$TMP/$name" >"$PIN/$name.gz"
        else
            cp "$TMP/$name" "$PIN/$name"
        fi
        skip "$desc" "written to $PIN"
        return
    fi
    if [ -f "$PIN/$name.gz" ]; then
        gzip -dc "$PIN/$name.gz" >"$TMP/want"
    else
        cp "$PIN/$name" "$TMP/want"
    fi
    if cmp -s "$TMP/$name" "$TMP/want"; then
        pass "$desc"
    else
        rc=1
        diff "$TMP/want" "$TMP/$name" | cut -c1-300 | head -20 >"$TMP/out"
        : >"$TMP/err"
        fail "$desc (the diff: pinned, then now)"
    fi
}

# ---- the shell: views of every seat and an onlooker along a game ----
for game in hive myrmes termity; do
    {
        echo view -1
        for round in 1 2 3 4 5 6 7 8; do
            for k in 1 2 3 4 5 6; do echo "agent random:seed=$round$k"; done
            echo view -1
            echo view 0
            echo view 1
            echo state
            echo legal
        done
    } >"$TMP/$game.in"
    timeout 120 "$EXE" shell $game --seed 4 <"$TMP/$game.in" >"$TMP/shell-$game.txt" 2>"$TMP/err"
    rc=$?
    check "shell $game: the session runs" eval '[ $rc -eq 0 ] && [ ! -s "$TMP/err" ]'
    pinned shell-$game.txt "shell $game: views, states and legal lists as pinned"
done

# ---- the shell: every command and its refusals (bidrace: fast) ----
printf '%s\n' "" "  # a comment" help "help me" legal "legal x" state "state x" "play" "play bid 99" "play bid 1" \
    "agent random:seed=3" "agent gredy" chance undo "undo x" undo undo undo "view 7" "view x" log "log x" rules \
    "rules nothing-like-it" position "position json" "position xml" "save" "load" "save s.fcr" "new 3 9" \
    "agent greedy" "load s.fcr" log "load missing.fcr" "new x" frob "quit now" quit state >"$TMP/bid.in"
(cd "$TMP" && timeout 60 "$EXE" shell bidrace --seed 2 <"$TMP/bid.in" >"$TMP/shell-bidrace.txt" 2>"$TMP/err")
rc=$?
check "shell bidrace: the session runs" eval '[ $rc -eq 0 ] && [ ! -s "$TMP/err" ]'
pinned shell-bidrace.txt "shell bidrace: every command and refusal as pinned"

# ---- play --ui text: a human's every command, against a random bot ----
long=$(printf 'y%.0s' $(seq 1 1100))
printf '%s\n' help legal "" 99 0 x1 "wQ -wS1" 1 map legend rules "rules R-9" "rules nothing-like-it" position \
    "position p.pos" save "save h.fcr" "$long" 2 undo undo 3 "wQ" 1 1 quit >"$TMP/play.in"
(cd "$TMP" && timeout 60 "$EXE" play hive --ui text --seats human,random --seed 3 <"$TMP/play.in" >"$TMP/play-hive.txt" 2>"$TMP/err")
rc=$?
check "play hive: the session runs" test $rc -eq 0
pinned play-hive.txt "play --ui text, hive, every command as pinned"
printf '%s\n' "bid 2" 1 >"$TMP/play.in"
(cd "$TMP" && timeout 60 "$EXE" play bidrace --ui text --seats random,human,random --seed 5 <"$TMP/play.in" >"$TMP/play-eof.txt" 2>&1)
rc=$?
check "play bidrace: the session ends at the end of input" test $rc -eq 0
pinned play-eof.txt "play --ui text, bidrace to the end of input, as pinned"

# ---- sim's report on standard output (its first line's times masked) ----
mask_report() { sed -E '1s/: [0-9.]+ s \([0-9.]+ games\/s\)$/: T s (R games\/s)/' "$TMP/out" >"$TMP/$1"; }
fc sim bidrace --games 30 --seed 3 --seats random,greedy,random --threads 2
mask_report sim-one.txt
check "sim report: one design runs" test $rc -eq 0
pinned sim-one.txt "sim report, one design, as pinned"
fc sim bidrace --games 400 --seed 5 --against-set goal=12 --until-significant --looks 4 --metric rounds --opening 2
mask_report sim-ab.txt
check "sim report: an A/B run with openings runs" test $rc -eq 0
pinned sim-ab.txt "sim report, A/B with openings and the sequential test, as pinned"

# ---- sim's JSON ----
mask() { sed -E 's/"(seconds|games_per_sec)":[-0-9.e+]+/"\1":0/g' "$1" >"$2"; }
fc sim bidrace --games 30 --seed 3 --seats random,greedy,random --threads 2 --json "$TMP/j.json"
mask "$TMP/j.json" "$TMP/sim-one.json"
check "sim: one design runs" test $rc -eq 0
pinned sim-one.json "sim --json, one design, as pinned"
fc sim bidrace --games 400 --seed 5 --against-set goal=12 --until-significant --looks 4 --metric rounds --threads 2 --json "$TMP/j.json"
mask "$TMP/j.json" "$TMP/sim-ab.json"
check "sim: an A/B run stops at a look" eval '[ $rc -eq 0 ] && grep -q "\"sequential\"" "$TMP/sim-ab.json"'
pinned sim-ab.json "sim --json, A/B with the comparison and the sequential test, as pinned"

# ---- replay --ui text ----
for game in myrmes termity; do
    mkdir -p "$TMP/rec-$game"
    fc sim $game --games 1 --seed 6 --seats random,random,random --max-decisions 120 --record-dir "$TMP/rec-$game"
    rec=$TMP/rec-$game/game-00001.fcr
    check "replay $game: a record to walk" test -s "$rec"
    long=$(printf 'x%.0s' $(seq 1 300))
    printf '%s\n' "" n next b back p 5 first b last n 40 "view 2" n "view 0" 41 "view" "view 9" 999 7x bogus \
        "$long" show help q >"$TMP/replay.in"
    timeout 60 "$EXE" replay "$rec" --ui text <"$TMP/replay.in" >"$TMP/replay-$game.txt" 2>"$TMP/err"
    rc=$?
    check "replay $game: the walk runs" eval '[ $rc -eq 0 ] && [ ! -s "$TMP/err" ]'
    pinned replay-$game.txt "replay --ui text, $game, as pinned"
    fc replay "$rec"
    cp "$TMP/out" "$TMP/summary-$game.txt"
    pinned summary-$game.txt "replay $game: the summary as pinned"
done
printf 'n\n' >"$TMP/replay.in"
timeout 60 "$EXE" replay "$TMP/rec-myrmes/game-00001.fcr" --ui text <"$TMP/replay.in" >"$TMP/replay-eof.txt" 2>"$TMP/err"
pinned replay-eof.txt "replay --ui text: the end of input ends the walk, as pinned"

finish
