#!/usr/bin/env bash
# The runs database end to end (docs/runs.md), on the fixture game, never in the real home:
# two tiny sims recorded and read back (runs list, show, compare), an A/B run's paired figures,
# tune, skill, ladder and corpus replay recorded, the default file under $HOME (a temporary
# one), --no-db and FORMICARY_DB= record nothing, an unwritable database gives one
# warning line while the sim's CSV is still written and its exit status is 0, a sim killed with
# SIGKILL half-way is left 'incomplete' with whole chunks of games, two sims at once both land,
# and the documented sqlite3 queries run. Bad input to `runs` gives one line.
# usage: runs_test.sh FORMICARY PLUGIN_DIR FIXTURE_DIR
set -u
EXE=$(realpath "$1")
export FORMICARY_PLUGIN_PATH=$(realpath "$3"):$(realpath "$2")
export FORMICARY_CONFIG=
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
export HOME=$TMP/home XDG_DATA_HOME= # whatever happens, nothing reaches the real home
DB=$TMP/runs.db
export FORMICARY_DB=$DB
. "$(dirname "$0")/lib.sh"

# ---- two tiny sims, listed, shown, compared ----
fc sim bidrace --games 12 --seed 3 --csv "$TMP/a.csv"
check "sim 1 runs, quietly recorded" eval '[ $rc -eq 0 ] && [ ! -s "$TMP/err" ] && [ -s "$DB" ]'
fc sim bidrace --games 20 --seed 4 --seats random,greedy --threads 2
check "sim 2 runs" eval '[ $rc -eq 0 ] && [ ! -s "$TMP/err" ]'
fc runs
check "runs lists both, the latest first, complete with their games" eval '[ $rc -eq 0 ] &&
    [ "$(grep -c " sim .*bidrace" "$TMP/out")" -eq 2 ] && has "^2 .* 20/20 +complete +formicary sim bidrace --games 20" &&
    has "^1 .* 12/12 +complete" && [ "$(sed -n 2p "$TMP/out" | cut -c1)" = 2 ]'
fc runs list --game hive
check "runs list --game filters" eval '[ $rc -eq 0 ] && has "^no runs recorded for hive"'
fc runs --limit 1
check "runs --limit 1 shows one run" eval '[ $rc -eq 0 ] && [ "$(wc -l <"$TMP/out")" -eq 2 ]'
fc runs show 2
check "runs show: command line, seats, rules, figures with intervals" eval '[ $rc -eq 0 ] &&
    has "^run 2: sim bidrace, complete" && has "^command: formicary sim bidrace --games 20 --seed 4 --seats random,greedy --threads 2" &&
    has "seed 4, 2 threads, 2 seats, games 20 of 20" && has "^seats: 1 random, 2 greedy" && has "^design A: rule set .default., no variant" &&
    has "A +win_share:1 +[0-9.]+ +[0-9.]+\.\.[0-9.]+" && has "A +rounds "'
fc runs compare 1 2
check "runs compare: both runs' figures and the difference" eval '[ $rc -eq 0 ] && has "^run 1: sim bidrace" &&
    has "^run 2: sim bidrace" && has "A +seat_win:1 +[0-9.]+ \[.*\] +[0-9.]+ \[.*\] +[-+][0-9.]+"'

# ---- recording changes nothing the run reports (the games are played in chunks) ----
fc sim bidrace --games 300 --seed 7 --threads 2 --seats greedy,random --no-db
tail -n +2 "$TMP/out" >"$TMP/plain.txt"
fc sim bidrace --games 300 --seed 7 --threads 2 --seats greedy,random --db "$TMP/same.db"
check "the same report with and without the database (2 threads, 300 games in chunks of 64)" \
    eval '[ $rc -eq 0 ] && tail -n +2 "$TMP/out" | cmp -s - "$TMP/plain.txt"'

# ---- A/B: both designs and the paired differences ----
fc sim bidrace --games 10 --seed 5 --against-set goal=7
check "an A/B sim is recorded with B's difference and B-A rows" eval '[ $rc -eq 0 ] && fc runs show 3 && [ $rc -eq 0 ] &&
    has "^design B: B = A with goal" && has "B-A +win_share:1 " && has "B +rounds "'
check "the A/B run keeps each row's detectable difference, and a run of one design its own" eval '
    has "^  B-A +mde:win_share:1 +[0-9.]+ " && fc runs show 2 && has "^  A +mde:seat_win:1 +[0-9.]+ "'

# ---- the other studies ----
fc tune bidrace --param goal=5..6 --target "rounds<=5" --target "rounds<=1" --budget-games 40
check "tune is recorded with its winner" eval '[ $rc -eq 0 ] && fc runs show 4 && has "^run 4: tune bidrace, complete" &&
    has "winner +loss " && has "winner +target rounds<=5"'
fc skill bidrace --games 2 --from 2 --to 4
check "skill is recorded with its steps" eval '[ $rc -eq 0 ] && fc runs show 5 && has "^run 5: skill bidrace, complete" &&
    has "A +win:4-vs-2 " && has "A +skill_depth "'
check "skill keeps each step's detectable departure from 0.5" eval 'has "^  A +mde:4-vs-2 +[0-9.]+ "'
fc ladder bidrace --agents "random;greedy" --games 2
check "ladder is recorded with its ratings" eval '[ $rc -eq 0 ] && fc runs show 6 && has "^run 6: ladder bidrace, complete" &&
    has "^seats: 1 random, 2 greedy" && has "elo:2 "'
mkdir "$TMP/corpus"
fc sim bidrace --games 3 --seed 6 --record-dir "$TMP/corpus" --no-db
fc replay "$TMP/corpus" --corpus --set goal=7 --threads 2
check "corpus replay is recorded with its counts" eval '[ $rc -eq 0 ] && fc runs show 7 && has "^run 7: replay bidrace, complete" &&
    has "records +3\.000"'
check "corpus replay keeps its threads and the first record's rules as recorded (A) and replayed (B)" eval 'has "seed 0, 2 threads," &&
    has "^design A: rule set .default., no variant.* \(.*corpus/game-00001\.fcr as recorded, the first record replayed\)$" &&
    has "^design B: B = A with goal [0-9]+ -> 7 \(.*corpus/game-00001\.fcr under the new rules\)$"'
if command -v sqlite3 >/dev/null; then
    check "sqlite3: the corpus replay's design B holds the whole new rule set" eval '[ "$(sqlite3 "$DB" "SELECT count(*) FROM designs WHERE run = 7 AND label = '"'"'B'"'"' AND rules LIKE '"'"'%goal = 7%'"'"'")" = 1 ]'
fi
# ---- runs export: every study's games (or its figures) as CSV ----
fc runs export 2 --csv "$TMP/e2.csv"
check "runs export: a sim's games, a commented header saying what ran, one row per game" eval '[ $rc -eq 0 ] &&
    grep -q "^# command: formicary sim bidrace --games 20 --seed 4 --seats random,greedy --threads 2" "$TMP/e2.csv" &&
    grep -q "^design,game,agent_1,score_1,rank_1,win_1,agent_2," "$TMP/e2.csv" &&
    [ "$(grep -c "^A,[0-9]*,\"random\"," "$TMP/e2.csv")" -eq 10 ] && [ "$(grep -c "^A," "$TMP/e2.csv")" -eq 20 ]'
check "runs export agrees with sim's own CSV (scores of seat 1, game by game)" eval '
    grep -v "^#" "$TMP/a.csv" | tail -n +2 | cut -d, -f9 >"$TMP/s1" && fc runs export 1 &&
    grep -v "^#" "$TMP/out" | tail -n +2 | cut -d, -f4 >"$TMP/s2" && [ -s "$TMP/s1" ] && cmp -s "$TMP/s1" "$TMP/s2"'
fc runs export 3
check "runs export of an A/B run: both designs" eval '[ $rc -eq 0 ] && [ "$(grep -c "^A," "$TMP/out")" -eq 10 ] &&
    [ "$(grep -c "^B," "$TMP/out")" -eq 10 ] && has "^# design B: B = A with goal"'
fc runs export 4
check "runs export of tune: its candidates' games (design cN)" eval '[ $rc -eq 0 ] && [ "$(grep -c "^c[0-9]*," "$TMP/out")" -ge 4 ]'
fc runs show 4
check "tune keeps each candidate's loss and values, and the others' detectable difference from the winner" eval 'has "c1 +loss .* goal=" &&
    [ "$(grep -Ec "^  c[0-9]+ +mde +[0-9.]+ " "$TMP/out")" -ge 1 ]'
fc runs show 6
check "ladder keeps the neighbours' detectable difference" eval 'has "^  - +mde:[12]-[12] .* (random|greedy) - (random|greedy): 1 deals, score [0-9.]+, Elo n/a"'
fc runs export 5
check "runs export of skill: every step's games with their agents" eval '[ $rc -eq 0 ] &&
    [ "$(grep -c "^A:s1,.*mcts:iters=4" "$TMP/out")" -eq 4 ] && [ "$(grep -c "^A:s1,.*mcts:iters=2" "$TMP/out")" -eq 4 ] &&
    [ "$(grep -c "^A:rnd,.*random" "$TMP/out")" -eq 4 ] &&
    has "^# agent 1: random"'
fc runs export 6
check "runs export of ladder: its games, agents named" eval '[ $rc -eq 0 ] && [ "$(grep -c "^A,[0-9]*,.*greedy.*random\|^A,[0-9]*,.*random.*greedy" "$TMP/out")" -eq 2 ]'
fc runs export 7
check "runs export of a corpus replay: each record as recorded (A) and replayed (B), with its file and fate" eval '[ $rc -eq 0 ] &&
    has "^design,game,agent_1,score_1,rank_1,win_1,agent_2,.*,seconds,source,note$" &&
    [ "$(grep -c "^A,[1-3],.*/corpus/game-0000[1-3]\.fcr\",\"legal\"$" "$TMP/out")" -eq 3 ] &&
    [ "$(grep -c "^B,[1-3],.*\"legal\"$" "$TMP/out")" -eq 3 ] && has "^# agent 1: random"'
check "runs export of a corpus replay: a game not over under the new rules has no ranks, wins or winners" eval '
    grep "^B,1," "$TMP/out" | grep -Eq "^B,1,\"[a-z]+\",[0-9]+,,,\"[a-z]+\",[0-9]+,,,,0,,[0-9]+,"'
echo junk >"$TMP/corpus/zz.fcr"
fc replay "$TMP/corpus" --set tokens=2 --continue-with random
check "a corpus replay that diverges and has an unreadable record (exit 1: the record) is recorded" eval '[ $rc -eq 1 ] && fc runs export 8 &&
    [ "$(grep -c "^A,[1-3],.*\"diverged at decision [0-9]*: seat [12] .bid [0-9]*. (bid): not among the [0-9]* legal decisions; continued with random\"$" "$TMP/out")" -eq 3 ] &&
    [ "$(grep -c "^B,[1-3],.*,[12],[01],[0-9]*,.*diverged at decision" "$TMP/out")" -eq 3 ] &&
    has "^A,4,\"\",,,,\"\",,,,,,,,,,,,,,\".*zz\.fcr\",\"error: .*not a Formicary record" && ! has "^B,4,"'
rm "$TMP/corpus/zz.fcr"
fc runs show 8
check "the corpus replay keeps each seat's score change and its detectable change" eval '[ $rc -eq 0 ] &&
    has "^  - +score_change:1 " && has "^  - +mde:score_change:1 +[0-9.]+ "'
if command -v sqlite3 >/dev/null; then
    check "sqlite3: the records that diverged, by the decision they diverged at" eval '[ "$(sqlite3 "$DB" "SELECT count(*) FROM games WHERE run = 8 AND design = '"'"'B'"'"' AND note LIKE '"'"'diverged at decision%'"'"'")" = 3 ]'
fi
fc leaders bidrace --games 6
fc runs export 9
check "runs export of a run without games rows (leaders): its figures, and says so" eval '[ $rc -eq 0 ] &&
    has "^design,metric,value,lo95,hi95,p,text" && has "^\"\",\"leader_wins:50\"," && has "no per-game rows" err'
fc runs export 2 --metrics
check "runs export --metrics: the figures with intervals" eval '[ $rc -eq 0 ] && has "^\"A\",\"seat_win:1\",[0-9.]*,[0-9.]*,[0-9.]*,,"'
fc runs export
check "runs export without an id: one usage line" eval '[ $rc -eq 2 ] && one_line_err'
fc runs show 2 --csv x.csv
check "runs show --csv: one usage line" eval '[ $rc -eq 2 ] && one_line_err && has "go with export" err'
fc runs export 99
check "runs export 99: one line naming the file" eval '[ $rc -eq 1 ] && one_line_err && has "no run 99 in" err'

fc runs
check "--no-db recorded nothing" eval '[ "$(grep -c "^[0-9]" "$TMP/out")" -eq 9 ]'
FORMICARY_DB= fc sim bidrace --games 2
check "FORMICARY_DB= records nothing" eval '[ $rc -eq 0 ] && fc runs && [ "$(grep -c "^[0-9]" "$TMP/out")" -eq 9 ]'

# ---- the default file: under the (temporary) home, directories made ----
(unset FORMICARY_DB; fc sim bidrace --games 2; [ $rc -eq 0 ])
check "without FORMICARY_DB the run goes to ~/.local/share/formicary/runs.db" \
    eval '[ -s "$HOME/.local/share/formicary/runs.db" ] && fc runs --db "$HOME/.local/share/formicary/runs.db" && has "^1 .* complete"'
(unset FORMICARY_DB; XDG_DATA_HOME=$TMP/xdg fc sim bidrace --games 2; [ $rc -eq 0 ])
check "or to \$XDG_DATA_HOME/formicary/runs.db" test -s "$TMP/xdg/formicary/runs.db"

# ---- sim --plan --run: the games planned are the plan's, known after the pilot ----
fc sim bidrace --seats random,random --against-set goal=30 --plan rounds=0.5 --pilot 20 --run --db "$TMP/plan.db" --json "$TMP/plan.json"
n=$(jq .games "$TMP/plan.json" 2>/dev/null)
fc runs --db "$TMP/plan.db"
check "plan --run is listed with the games it planned, not the pilot's ($n per design)" eval '[ $rc -eq 0 ] && [ "${n:-0}" -gt 20 ] &&
    has "^1 .* $((2 * n))/$((2 * n)) +complete"'

# ---- a long command line is kept whole, and show and export print it whole ----
long=$(printf 'x%.0s' $(seq 150))/$(printf 'y%.0s' $(seq 150))
mkdir -p "$TMP/${long%/*}"
fc sim bidrace --games 2 --seed 3 --db "$TMP/long.db" --csv "$TMP/$long.csv"
check "runs show prints the whole command line (list cuts it)" eval 'fc runs show 1 --db "$TMP/long.db" && [ $rc -eq 0 ] &&
    has "^command: formicary sim bidrace .*--csv $TMP/$long\.csv$" && fc runs --db "$TMP/long.db" && has "\.\.\.$"'
check "runs export's header holds the whole command line" eval 'fc runs export 1 --db "$TMP/long.db" && [ $rc -eq 0 ] &&
    has "^# command: formicary sim bidrace .*--csv $TMP/$long\.csv$"'

# ---- a database that cannot be written: one line, the run and its files as ever ----
touch "$TMP/plainfile"
fc sim bidrace --games 4 --seed 3 --csv "$TMP/b.csv" --db "$TMP/plainfile/runs.db"
check "an unusable database: exit 0, one warning line naming it, the CSV written" eval '[ $rc -eq 0 ] && one_line_err &&
    has "^formicary: warning: runs database $TMP/plainfile/runs.db: .*not recorded" err && [ -s "$TMP/b.csv" ]'
cp "$DB" "$TMP/ro.db"
chmod 0444 "$TMP/ro.db"
if [ "$(id -u)" -ne 0 ]; then
    fc sim bidrace --games 4 --seed 3 --csv "$TMP/c.csv" --db "$TMP/ro.db"
    check "a read-only database: exit 0, one line, the CSV written" eval '[ $rc -eq 0 ] && one_line_err &&
        has "runs database .*ro.db" err && [ -s "$TMP/c.csv" ]'
else
    skip "a read-only database: exit 0, one line, the CSV written" "root writes read-only files"
fi
# reading a database in a folder this user cannot write (shared read-only): no -shm can be made
mkdir "$TMP/shared"
cp "$DB" "$TMP/shared/runs.db"
chmod 0555 "$TMP/shared"
if [ "$(id -u)" -ne 0 ]; then
    fc runs --db "$TMP/shared/runs.db"
    check "a database in a read-only folder can be listed and shown" eval '[ $rc -eq 0 ] && has "^1 .* complete" &&
        fc runs show 1 --db "$TMP/shared/runs.db" && [ $rc -eq 0 ] && has "^run 1: sim bidrace, complete"'
    fc sim bidrace --games 2 --db "$TMP/shared/new.db" --csv "$TMP/e.csv"
    check "a new database in a read-only folder: one line that says why, the CSV written" eval '[ $rc -eq 0 ] && one_line_err &&
        has "new.db: unable to open database file \($TMP/shared: Permission denied\)" err && [ -s "$TMP/e.csv" ]'
else
    skip "a database in a read-only folder can be listed and shown" "root writes read-only folders"
    skip "a new database in a read-only folder: one line that says why, the CSV written" "root writes read-only folders"
fi
chmod 0755 "$TMP/shared"
if [ -w /dev/full ]; then
    fc sim bidrace --games 4 --seed 3 --csv "$TMP/d.csv" --db /dev/full
    check "/dev/full as the database: exit 0, one line, the CSV written" eval '[ $rc -eq 0 ] && one_line_err && [ -s "$TMP/d.csv" ]'
fi

# a disk that fills up half-way (a file size limit: writes past it fail as on a full disk)
(trap '' XFSZ; ulimit -f 150; "$EXE" sim bidrace --games 20000 --seed 3 --db "$TMP/full.db" --json "$TMP/full.json" \
    >"$TMP/out" 2>"$TMP/err"; echo $? >"$TMP/rc")
rc=$(cat "$TMP/rc")
check "a disk full half-way: exit 0, one line saying the run stays incomplete, the JSON written" eval '[ $rc -eq 0 ] &&
    one_line_err && has "runs database .*full.db: .*recording stopped: run 1 stays .incomplete." err &&
    jqt ".games == 20000" "$TMP/full.json" && fc runs --db "$TMP/full.db" && has "^1 .* incomplete "'

# ---- killed half-way: incomplete, whole chunks, the file consistent ----
# (slow agents, so the run is far from its end when killed; few games, so little memory)
"$EXE" sim bidrace --games 100000 --seed 8 --seats mcts:iters=50,mcts:iters=50 --db "$TMP/kill.db" >/dev/null 2>&1 &
pid=$!
end=$((SECONDS + 60))
while [ $SECONDS -lt $end ]; do # until at least one chunk is in
    "$EXE" runs --db "$TMP/kill.db" 2>/dev/null | grep -Eq "^1 .* [1-9][0-9]*/100000 " && break
    sleep 0.2
done
kill -9 $pid
wait $pid 2>/dev/null
fc runs --db "$TMP/kill.db"
games=$(awk '$1 == 1 {split($5, g, "/"); print g[1]}' "$TMP/out")
check "a sim killed with SIGKILL stays incomplete with whole chunks of 64 games" eval '[ $rc -eq 0 ] &&
    has "^1 .* incomplete " && [ "${games:-0}" -gt 0 ] && [ $((games % 64)) -eq 0 ]'
fc runs show 1 --db "$TMP/kill.db"
check "runs show of the killed run: no figures, says it did not finish" eval '[ $rc -eq 0 ] && has "the run did not finish"'
fc sim bidrace --games 3 --db "$TMP/kill.db"
check "the database of a killed run takes the next run" eval '[ $rc -eq 0 ] && [ ! -s "$TMP/err" ]'

# ---- two writers at once ----
"$EXE" sim bidrace --games 3000 --seed 1 --db "$TMP/two.db" >/dev/null 2>"$TMP/err1" &
p1=$!
"$EXE" sim bidrace --games 3000 --seed 2 --db "$TMP/two.db" >/dev/null 2>"$TMP/err2" &
p2=$!
wait $p1; r1=$?
wait $p2; r2=$?
fc runs --db "$TMP/two.db"
check "two sims at once: both complete with all their games, no warning" eval '[ $r1 -eq 0 ] && [ $r2 -eq 0 ] &&
    [ ! -s "$TMP/err1" ] && [ ! -s "$TMP/err2" ] && [ "$(grep -Ec "3000/3000 +complete" "$TMP/out")" -eq 2 ]'

# ---- the documented queries (docs/runs.md) ----
if command -v sqlite3 >/dev/null; then
    q=$(sqlite3 "$DB" "SELECT seat, round(avg(win), 3) FROM game_seats WHERE run = 2 GROUP BY seat ORDER BY seat;" | tr '\n' ' ')
    w=$(sqlite3 "$DB" "SELECT printf('%.3f', value) FROM metrics WHERE run = 2 AND design = 'A' AND name = 'seat_win:1';")
    check "sqlite3: the seat win shares of a run from its games agree with its figures ($q/$w)" \
        eval '[ "$(printf "%.3f" "$(echo "$q" | cut -d"|" -f2 | cut -d" " -f1)")" = "$w" ]'
    out=$(sqlite3 "$DB" "SELECT r.id, m.value FROM runs r JOIN metrics m ON m.run = r.id
        WHERE r.command = 'sim' AND m.design = 'A' AND m.name = 'rounds' ORDER BY r.id;" | wc -l)
    check "sqlite3: the mean rounds of every sim" test "$out" -ge 3
else
    skip "sqlite3 queries" "no sqlite3 shell"
fi

# ---- bad input to runs ----
fc runs show x
check "runs show x: one usage line" eval '[ $rc -eq 2 ] && one_line_err && has "not a run id" err'
fc runs show 99
check "runs show 99: one line naming the file" eval '[ $rc -eq 1 ] && one_line_err && has "no run 99 in .*runs.db" err'
fc runs frobnicate
check "runs frobnicate: one usage line" eval '[ $rc -eq 2 ] && one_line_err'
fc runs --db "$TMP/missing.db"
check "a missing database: one line, nothing created" eval '[ $rc -eq 1 ] && one_line_err && [ ! -e "$TMP/missing.db" ]'
fc runs --db "$TMP/a.csv"
check "a file that is no database: one line" eval '[ $rc -eq 1 ] && one_line_err && has "a.csv" err'
finish
