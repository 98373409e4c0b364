#!/usr/bin/env bash
# formicary sim under `mpirun -n 2 --oversubscribe` writes the same CSV, JSON and report as one
# process with the same seed (timing columns aside), on the fixture game and on Termity (also
# A/B), skill, ladder, luck, check, sensitivity, tune, agreement, leaders, probe, openings and
# train-eval too (rank 1 running some of their games or records); tune --budget-seconds ends
# with every rank deciding alike; a work item failing on rank 1 stops the run with one error
# line and a non-zero exit (no hang, no file), and a rank killed mid-run makes the run fail with
# no output file written; --resume continues it to the same output. The runs database gets one
# run with every game (rank 0 writes).
# usage: mpi_test.sh FORMICARY MPIRUN FIXTURE_PLUGIN_DIR
set -euo pipefail
fc=$1 mpirun=$2 fixtures=$3
sources=$(cd "$(dirname "$0")/.." && pwd) # tests/: the variant fixtures
if [ -n "${FC_UNDER_SANITIZER:-}${FC_UNDER_VALGRIND:-}" ]; then
    echo "skipped under the sanitizer and valgrind setups (the plain build runs it)"
    exit 77
fi
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
fail() { echo "FAIL: $*" >&2; exit 1; }
# the timing columns: "seconds" in the CSV, seconds and games/s in the JSON and the first line
no_time_csv() { python3 -c 'import csv,sys
r=list(csv.reader(l for l in open(sys.argv[1]) if not l.startswith("#"))); k=r[0].index("seconds")
[print(",".join(x[:k]+x[k+1:])) for x in r]' "$1"; }
no_time_json() { sed -E 's/"seconds":[^,]*,"games_per_sec":[^,]*,//' "$1"; }

compare() { # name sim-args...
    local name=$1
    shift
    "$fc" sim "$@" --csv "$name-1.csv" --json "$name-1.json" > "$name-1.txt" 2>&1 || { cat "$name-1.txt"; fail "$name: one process"; }
    "$mpirun" -n 2 --oversubscribe "$fc" sim "$@" --csv "$name-2.csv" --json "$name-2.json" > "$name-2.txt" 2>&1 ||
        { cat "$name-2.txt"; fail "$name: mpirun -n 2"; }
    [ "$(wc -l < "$name-1.csv")" -gt 10 ] || fail "$name: too few rows"
    diff <(no_time_csv "$name-1.csv") <(no_time_csv "$name-2.csv") || fail "$name: the CSV differs"
    diff <(no_time_json "$name-1.json") <(no_time_json "$name-2.json") || fail "$name: the JSON differs"
    diff <(tail -n +2 "$name-1.txt") <(tail -n +2 "$name-2.txt") || fail "$name: the report differs"
    echo "$name: same output; $(head -1 "$name-1.txt" | grep -o '[0-9.]* games/s') (1 process), $(head -1 "$name-2.txt" | grep -o '[0-9.]* games/s') (mpirun -n 2)"
}

compare fixture bidrace --plugin-path "$fixtures" --seats greedy,random,random --games 200 --seed 11
compare termity termity --seats mcts:iters=40,greedy --games 24 --seed 5 --threads 2
compare termity-ab termity --seats greedy,random --games 40 --seed 5 --against-set open_hands=true

# the runs database under mpirun: rank 0 alone writes, one run with every game, chunk by chunk
# (200 games in chunks of 64), and the report is the one without the database.
"$mpirun" -n 2 --oversubscribe "$fc" sim bidrace --plugin-path "$fixtures" --seats greedy,random,random --games 200 \
    --seed 11 --db "$tmp/mpi.db" --csv fixture-db.csv > fixture-db.txt 2>&1 || { cat fixture-db.txt; fail "runs db: mpirun -n 2"; }
diff <(tail -n +2 fixture-1.txt) <(tail -n +2 fixture-db.txt) || fail "runs db: the report differs with the database"
"$fc" runs --db "$tmp/mpi.db" > runs.txt || fail "runs db: formicary runs"
[ "$(grep -c '^[0-9]' runs.txt)" -eq 1 ] && grep -Eq '^1 .* 200/200 +complete ' runs.txt ||
    { cat runs.txt; fail "runs db: not one complete run of 200 games"; }
echo "runs db: one run of 200 games written by rank 0 under mpirun -n 2"

# skill spreads each comparison's games over the ranks too: same table and JSON.
"$fc" skill bidrace --plugin-path "$fixtures" --games 20 --to 64 --json skill-1.json > skill-1.txt 2>&1 ||
    { cat skill-1.txt; fail "skill: one process"; }
"$mpirun" -n 2 --oversubscribe "$fc" skill bidrace --plugin-path "$fixtures" --games 20 --to 64 \
    --json skill-2.json > skill-2.txt 2>&1 || { cat skill-2.txt; fail "skill: mpirun -n 2"; }
diff skill-1.txt skill-2.txt || fail "skill: the table differs"
diff <(no_time_json skill-1.json) <(no_time_json skill-2.json) || fail "skill: the JSON differs"
echo "skill: same output under mpirun -n 2"

# ladder spreads each table's games over the ranks: same table and JSON.
ladder_args=(ladder bidrace --plugin-path "$fixtures" --agents 'random;greedy;mcts:iters=20' --games 12 --seed 3)
"$fc" "${ladder_args[@]}" --json ladder-1.json > ladder-1.txt 2>&1 || { cat ladder-1.txt; fail "ladder: one process"; }
"$mpirun" -n 2 --oversubscribe "$fc" "${ladder_args[@]}" --json ladder-2.json > ladder-2.txt 2>&1 ||
    { cat ladder-2.txt; fail "ladder: mpirun -n 2"; }
diff ladder-1.txt ladder-2.txt || fail "ladder: the table differs"
diff ladder-1.json ladder-2.json || fail "ladder: the JSON differs"
echo "ladder: same output under mpirun -n 2"

# The studies that play through sim games spread them the same way (each rank runs the study,
# rank 0 prints and writes): the same stdout, JSON and exit status as one process, timings
# aside, and rank 1 played some of the games (FORMICARY_MPI_STATS: each rank's count).
no_time_txt() { sed -E 's/ in [0-9.]+ s\b/ in T s/g; s/^[0-9.]+ s$/T s/; s/, [0-9.]+ s \([0-9.]+ games\/s\)$/, T s/' "$1"; }
no_secs_json() { sed -E 's/"seconds":[^,]*,//g' "$1"; }
study() { # name study-args...
    local name=$1 rc1=0 rc2=0
    shift
    "$fc" "$@" --json "$name-1.json" > "$name-1.txt" 2> "$name-1.err" || rc1=$?
    FORMICARY_MPI_STATS=1 "$mpirun" -n 2 --oversubscribe "$fc" "$@" --json "$name-2.json" > "$name-2.txt" \
        2> "$name-2.err" || rc2=$?
    [ "$rc1" -eq "$rc2" ] || { cat "$name-1.err" "$name-2.err"; fail "$name: exit $rc1 (1 process), $rc2 (mpirun -n 2)"; }
    [ "$rc1" -ne 2 ] && [ "$rc1" -le 3 ] || { cat "$name-1.err"; fail "$name: exit $rc1"; } # check: 1 not met, 3 undecided
    diff <(no_time_txt "$name-1.txt") <(no_time_txt "$name-2.txt") || fail "$name: the report differs"
    diff <(no_secs_json "$name-1.json") <(no_secs_json "$name-2.json") || fail "$name: the JSON differs"
    local n1
    n1=$(sed -n 's/^formicary: rank 1 of 2 ran \([0-9]*\) items$/\1/p' "$name-2.err")
    [ -n "$n1" ] && [ "$n1" -gt 0 ] || { cat "$name-2.err"; fail "$name: rank 1 ran none of the games or records"; }
    echo "$name: same output under mpirun -n 2 (rank 1 ran $n1 of the games or records)"
}
# MCTS in the games so that they are long enough for rank 1 to get some before rank 0 has them all
study luck luck bidrace --plugin-path "$fixtures" --weak random --strong mcts:iters=300 --groups 12 --boot 200 --seed 4
cat > met.ini <<'EOF'
[contract]
agents = mcts:iters=300,random
games = 60
[target length]
metric = rounds
min = 1
[target strength]
metric = beats:mcts:iters=300,random
min = 0.97
EOF
study check check bidrace met.ini --plugin-path "$fixtures" --seed 3 # undecided: exit 3 both ways
study sensitivity sensitivity bidrace --plugin-path "$fixtures" --param goal=10..30 --param die_sides \
    --metric rounds --metric seat_win:1 --games 12 --seats mcts:iters=200,random --threads 2
# tune: each exploration batch and race round of a candidate is spread (fc_tune_config.play_sim)
study tune tune bidrace --plugin-path "$fixtures" --param goal=10..40:10 --param bid_refund=0..1 \
    --target 'rounds<=6' --target 'balance>=0.9' --agents mcts:iters=100,random --budget-games 160 --seed 3
# --budget-seconds: every rank takes its decisions (batch sizes, the end of each phase) by rank 0's
# clock; a rank deciding by its own would run other batches (an error naming them, or a hang)
rc=0
FORMICARY_MPI_STATS=1 timeout 120 "$mpirun" -n 2 --oversubscribe "$fc" tune bidrace --plugin-path "$fixtures" \
    --param goal=10..40:10 --param bid_refund=0..1 --target 'rounds<=6' --target 'balance>=0.9' \
    --agents mcts:iters=100,random --budget-seconds 2 --seed 3 --json tune-s.json > tune-s.txt 2> tune-s.err || rc=$?
[ "$rc" -eq 0 ] || { cat tune-s.txt tune-s.err; fail "tune --budget-seconds: exit $rc under mpirun -n 2 (124: it hung)"; }
grep -q '^budget 2.0 s ' tune-s.txt && grep -q '^winner: ' tune-s.txt && [ -s tune-s.json ] ||
    { cat tune-s.txt; fail "tune --budget-seconds: no report"; }
n1=$(sed -n 's/^formicary: rank 1 of 2 ran \([0-9]*\) items$/\1/p' tune-s.err)
[ -n "$n1" ] && [ "$n1" -gt 0 ] || { cat tune-s.err; fail "tune --budget-seconds: rank 1 ran none of the games"; }
echo "tune --budget-seconds 2: ended alike on both ranks, $(sed -n 's/^budget 2.0 s .*: played \([0-9]*\) games.*/\1/p' tune-s.txt) games (rank 1 ran $n1)"

# agreement spreads its records' replays (cli_mpi_spread: study results as bytes, not sim games)
mkdir corpus
"$fc" sim bidrace --plugin-path "$fixtures" --seats greedy,random --games 30 --record-dir corpus > /dev/null 2>&1 ||
    fail "agreement: the corpus"
study agreement agreement bidrace --plugin-path "$fixtures" --corpus corpus --agent mcts:iters=300
# leaders spreads its games with their replays (each game's leaders and kingmakers as bytes)
study leaders leaders bidrace --plugin-path "$fixtures" --agent mcts:iters=200 --seats 3 --games 30 --kingmakers
# leaders --corpus spreads the records' replays the same way (three players, a deeper judge)
mkdir corpus3
"$fc" sim bidrace --plugin-path "$fixtures" --seats mcts:iters=200,random,random --games 30 --record-dir corpus3 \
    > /dev/null 2>&1 || fail "leaders --corpus: the corpus"
study leaders_corpus leaders bidrace --plugin-path "$fixtures" --corpus corpus3 --judge search:3 --threshold 0.3
# probe: its baseline games with their kind counts, then the restricted games
study probe probe hive --deals 3 --seed 4
study probe3 probe marsz --players 3 --deals 3 --seed 4 # three kind counts per baseline record
# openings spreads its games the same way (each game's first decisions as bytes)
study openings openings bidrace --plugin-path "$fixtures" --agent mcts:iters=300 --seats 3 --depth 3 --games 60

# train-eval spreads each step's games (cli_mpi_spread): the same weights file and report
te_args=(train-eval hive --iterations 3 --games 4 --check 2 --seed 5)
"$fc" "${te_args[@]}" --out te-1.csv > te-1.txt 2>&1 || { cat te-1.txt; fail "train-eval: one process"; }
FORMICARY_MPI_STATS=1 "$mpirun" -n 2 --oversubscribe "$fc" "${te_args[@]}" --out te-2.csv > te-2.txt 2> te-2.err ||
    { cat te-2.txt te-2.err; fail "train-eval: mpirun -n 2"; }
diff te-1.csv te-2.csv || fail "train-eval: the weights file differs"
te_report() { sed -E 's/, [0-9.]+ s$//; s/^wrote te-[12]\.csv$/wrote/' "$1"; }
diff <(te_report te-1.txt) <(te_report te-2.txt) || fail "train-eval: the report differs"
n1=$(sed -n 's/^formicary: rank 1 of 2 ran \([0-9]*\) items$/\1/p' te-2.err)
[ -n "$n1" ] && [ "$n1" -gt 0 ] || { cat te-2.err; fail "train-eval: rank 1 ran none of the games"; }
echo "train-eval: same output under mpirun -n 2 (rank 1 ran $n1 of the games)"

# A work item that fails on rank 1 (FORMICARY_MPI_FAIL_RANK=1 makes every chunk it runs fail)
# stops the whole run: rank 0 prints one line naming rank 1 and the failure, the exit status is
# not 0, no file is written, and nothing waits forever (timeout: 124). The games are MCTS ones so
# that rank 1 gets a chunk before rank 0 has played them all.
fails_on_rank1() { # name what-precedes-the-rank args... (writes NAME.json, NAME.csv if asked)
    local name=$1 pre=$2 rc=0
    shift 2
    FORMICARY_MPI_FAIL_RANK=1 timeout 120 "$mpirun" -n 2 --oversubscribe "$fc" "$@" > "$name.out" 2> "$name.err" ||
        rc=$?
    [ "$rc" -ne 124 ] || { cat "$name.err"; fail "$name: the run hung after rank 1 failed"; }
    [ "$rc" -ne 0 ] || { cat "$name.out" "$name.err"; fail "$name: exit 0 although rank 1 failed"; }
    [ ! -e "$name.json" ] && [ ! -e "$name.csv" ] || fail "$name: a file was written although rank 1 failed"
    [ "$(grep -c '^formicary: ' "$name.err")" -eq 1 ] &&
        grep -Eq "^formicary: ${pre}rank 1 on [^:]+: injected failure \(FORMICARY_MPI_FAIL_RANK=1\)$" "$name.err" ||
        { cat "$name.err"; fail "$name: not one error line naming rank 1's failure"; }
    echo "$name: rank 1 failed: $(grep '^formicary: ' "$name.err") (exit $rc)"
}
fails_on_rank1 fail-sim '' sim bidrace --plugin-path "$fixtures" --seats mcts:iters=200,random --games 40 --seed 2 \
    --csv fail-sim.csv
fails_on_rank1 fail-openings '' openings bidrace --plugin-path "$fixtures" --agent mcts:iters=300 --seats 3 --depth 3 \
    --games 40 --json fail-openings.json
fails_on_rank1 fail-tune 'tune: candidate goal=[0-9]+: ' tune bidrace --plugin-path "$fixtures" --param goal=10..40:10 \
    --target 'rounds<=6' --agents mcts:iters=100,random --budget-games 60 --json fail-tune.json
# a game that fails when played (a variant's hook over its instruction budget, on whichever rank
# plays it): the one-process error line, with the rank of a game played by another rank
costly=(sim marabunta --variant "$sources/fixtures/costly_hook.lua" --set work=1000000000000000 --games 4)
rc=0
"$fc" "${costly[@]}" > costly-1.txt 2> costly-1.err && fail "costly hook: one process did not fail"
timeout 120 "$mpirun" -n 2 --oversubscribe "$fc" "${costly[@]}" --csv costly.csv > costly-2.txt 2> costly-2.err || rc=$?
[ "$rc" -ne 124 ] && [ "$rc" -ne 0 ] && [ ! -e costly.csv ] || { cat costly-2.err; fail "costly hook: exit $rc under mpirun"; }
diff <(grep '^formicary: ' costly-1.err) <(grep '^formicary: ' costly-2.err | sed -E 's/rank [0-9]+ on [^:]+: //') ||
    fail "costly hook: not the one-process error line"
echo "costly hook: $(grep '^formicary: ' costly-1.err | cut -c1-60)... (exit $rc)"

# A rank that dies must not lose games silently: the run fails and writes nothing; --resume
# then plays only the games missing from the journal and gives the one-process output.
kill_args=(sim termity --seats mcts:iters=150,greedy --games 60 --seed 1)
"$mpirun" -n 2 --oversubscribe "$fc" "${kill_args[@]}" --resume killed.jnl --csv killed.csv > killed.txt 2>&1 &
launcher=$!
victim=""
for _ in $(seq 100); do
    for p in $(pgrep -P "$launcher" 2>/dev/null || true); do
        if tr '\0' '\n' < "/proc/$p/environ" 2>/dev/null | grep -q '^OMPI_COMM_WORLD_RANK=1$'; then victim=$p; fi
    done
    [ -n "$victim" ] && break
    sleep 0.1
done
[ -n "$victim" ] || { kill "$launcher"; fail "could not find rank 1 of the run"; }
sleep 1
kill -9 "$victim"
if wait "$launcher"; then fail "the run went on after rank 1 died"; fi
[ ! -e killed.csv ] || fail "a CSV was written although rank 1 died"
grep -q -i 'signal 9\|killed\|exited' killed.txt || { cat killed.txt; fail "no message about the dead rank"; }
kept=$(wc -l < killed.jnl)
[ "$kept" -lt 60 ] || fail "the run finished before rank 1 was killed: nothing to resume"
"$mpirun" -n 2 --oversubscribe "$fc" "${kill_args[@]}" --resume killed.jnl --csv resumed.csv > resumed.txt 2>&1 ||
    { cat resumed.txt; fail "resuming the killed run"; }
"$fc" "${kill_args[@]}" --csv whole.csv > whole.txt 2>&1 || { cat whole.txt; fail "the one-process run"; }
diff <(no_time_csv whole.csv) <(no_time_csv resumed.csv) || fail "the resumed run's CSV differs"
diff <(tail -n +2 whole.txt) <(tail -n +2 resumed.txt) || fail "the resumed run's report differs"
echo "killed rank: the run failed with no output written; --resume kept $kept games and gave the same output"
