#!/usr/bin/env bash
# End-to-end tests of `formicary train-eval` (docs/cli.md, docs/search.md "Tuning the
# evaluation") and of the agent key weights=FILE against the built plugins: bad input (one line
# each), a tiny tuning of Hive whose file is written, reads back as weights=FILE and as --from,
# keeps every value in its range, and is the same on 1 and 2 threads for a seed.
# usage: train_eval_test.sh FORMICARY PLUGIN_DIR FIXTURE_DIR
set -u
. "$(dirname "$0")/lib.sh"
study_setup "$@"

fc --help
check "formicary --help lists train-eval" eval '[ $rc -eq 0 ] && has "^  train-eval GAME"'
fc train-eval --help
check "train-eval --help names the options" eval '[ $rc -eq 0 ] && has "--iterations N" && has "--check N" && has "--from FILE"'

# ---- a game without weights (the bidrace fixture) ----
fc train-eval bidrace --out "$TMP/b.csv"
check "game without weights: one line" eval '[ $rc -eq 2 ] && one_line_err && has "bidrace has no evaluation weights" err && [ ! -e "$TMP/b.csv" ]'
fc sim bidrace --seats greedy:weights="$TMP/b.csv",random --games 1
check "weights key on a game without weights: one line before any game" eval '[ $rc -ne 0 ] && one_line_err && has "weights=.*bidrace has no evaluation weights" err'

if ! have_game hive; then
    echo "# hive not built: skipping the rest"
    finish
    exit
fi

# ---- bad input: one line ----
fc train-eval hive
check "no --out" eval '[ $rc -eq 2 ] && one_line_err && has "--out FILE is required" err'
fc train-eval nosuchgame --out "$TMP/x.csv"
check "unknown game" eval '[ $rc -ne 0 ] && one_line_err'
fc train-eval hive --agent grredy --out "$TMP/x.csv"
check "unknown agent" eval '[ $rc -eq 2 ] && one_line_err && has "unknown agent .grredy..*did you mean .greedy." err'
fc train-eval hive --agent hardd --out "$TMP/x.csv"
check "a mistyped tier name" eval '[ $rc -eq 2 ] && one_line_err && has "did you mean .hard." err'
fc train-eval hive --agent random --out "$TMP/x.csv"
check "an agent that does not evaluate" eval '[ $rc -eq 2 ] && one_line_err && has "does not evaluate" err'
fc train-eval hive --agent greedy:weights=w.csv --out "$TMP/x.csv"
check "an agent with its own weights" eval '[ $rc -eq 2 ] && one_line_err && has "takes no weights= key" err'
fc train-eval hive --iterations 0 --out "$TMP/x.csv"
check "--iterations 0" eval '[ $rc -eq 2 ] && one_line_err && has "--iterations" err'
printf 'name,value\n# a comment\nscale,400\ntempo,900\n' >"$TMP/range.csv"
fc train-eval hive --from "$TMP/range.csv" --out "$TMP/x.csv"
check "--from out of range: FILE:LINE" eval '[ $rc -ne 0 ] && one_line_err && has "range.csv:4: weight .tempo.: 900 is out of range -100..200" err'
fc train-eval hive --from "$TMP/missing.csv" --out "$TMP/x.csv"
check "--from missing" eval '[ $rc -ne 0 ] && one_line_err && has "missing.csv: cannot read" err'
fc sim hive --seats greedy:weights="$TMP/range.csv",greedy --games 1
check "sim: a bad weights file, one line before any game" eval '[ $rc -ne 0 ] && one_line_err && has "agent 1: agent greedy: .*range.csv:4: weight .tempo." err'
fc train-eval hive --out "$TMP/nodir/x.csv" --iterations 1 --games 1
check "an output that cannot be written: before tuning" eval '[ $rc -ne 0 ] && one_line_err && has "--out" err'

# ---- a tiny tuning: written, in range, read back, the same on 1 and 2 threads ----
fc train-eval hive --iterations 3 --games 2 --check 1 --seed 5 --threads 1 --out "$TMP/t1.csv"
check "tuning: exit 0, a table and the check" eval '[ $rc -eq 0 ] && has "^train-eval hive: agent greedy, 3 steps x 2 deals \(12 games\), seed 5" && has "^  queen_nb_5 " && has "^check: tuned against start, agent greedy, 1 deals \(2 games\)"'
check "file: comment header, then name,value,lo,hi and every weight" eval 'head -1 "$TMP/t1.csv" | grep -q "^# Evaluation weights of hive tuned by formicary train-eval" && grep -q "^# check: " "$TMP/t1.csv" && grep -qx "name,value,lo,hi" "$TMP/t1.csv" && [ $(grep -Ec "^[a-zA-Z_0-9]+,[-0-9.e]+,[-0-9.e]+,[-0-9.e]+$" "$TMP/t1.csv") -eq 27 ]'
check "every tuned value within its range" eval 'awk -F, "/^[a-z]/ && \$1 != \"name\" { if (\$2 + 0 < \$3 + 0 || \$2 + 0 > \$4 + 0) bad++ } END { exit bad > 0 }" "$TMP/t1.csv"'
check "the table shows start and tuned values, most moved" eval '[ $(awk "/^  [a-z]/ && \$1 != \"weight\" && \$2 != \$3" "$TMP/out" | wc -l) -gt 20 ]'
fc train-eval hive --iterations 3 --games 2 --check 1 --seed 5 --threads 2 --out "$TMP/t2.csv"
check "the same seed on 2 threads: the same file" eval '[ $rc -eq 0 ] && cmp -s "$TMP/t1.csv" "$TMP/t2.csv"'
fc train-eval hive --iterations 3 --games 2 --seed 6 --out "$TMP/t3.csv"
check "another seed: other weights" eval '[ $rc -eq 0 ] && ! cmp -s <(grep -v "^#" "$TMP/t1.csv") <(grep -v "^#" "$TMP/t3.csv")'
fc sim hive --seats greedy:weights="$TMP/t1.csv",ab:depth=1,weights="$TMP/t1.csv" --games 2 --max-decisions 60
check "the file reads back as weights=FILE" eval '[ $rc -eq 0 ] && has "^sim hive: 2 seats, 2 games"'
fc train-eval hive --iterations 1 --games 1 --from "$TMP/t1.csv" --agent ab:depth=1,hash=1 --out "$TMP/t4.csv"
check "and as --from (its lo,hi columns ignored)" eval '[ $rc -eq 0 ] && grep -q "start: .*t1.csv" "$TMP/t4.csv"'

# ---- --fit DIR: weights fitted to the results of recorded games ----
mkdir -p "$TMP/recs" "$TMP/empty" "$TMP/other"
fc sim hive --seats ab:depth=1,random --games 30 --seed 3 --max-decisions 120 --record-dir "$TMP/recs"
check "fit: a corpus of 30 records made" eval '[ $rc -eq 0 ] && [ $(ls "$TMP/recs" | wc -l) -eq 30 ]'
fc train-eval hive --fit "$TMP/recs" --out "$TMP/f1.csv" --iterations 8 --threads 1
check "fit: exit 0, records and held-out counts, a table" eval '[ $rc -eq 0 ] && has "^train-eval hive: fit to .*recs: 26 records \\([0-9]+ positions\\), 3 held out \\([0-9]+ positions\\), 1 without a result" && has "^  queen_nb_5 " && has "^wrote "'
check "fit: the loss on the fitted positions falls" eval 'awk "/^loss/ { if (\$12 + 0 < \$10 + 0) ok = 1 } END { exit !ok }" "$TMP/out"'
check "fit: file with its comment and every weight in range" eval 'grep -q "^# fitted by formicary train-eval hive --fit" "$TMP/f1.csv" && [ $(grep -Ec "^[a-zA-Z_0-9]+,[-0-9.e]+,[-0-9.e]+,[-0-9.e]+$" "$TMP/f1.csv") -eq 27 ] && awk -F, "/^[a-z]/ && \$1 != \"name\" { if (\$2 + 0 < \$3 + 0 || \$2 + 0 > \$4 + 0) bad++ } END { exit bad > 0 }" "$TMP/f1.csv"'
fc train-eval hive --fit "$TMP/recs" --out "$TMP/f2.csv" --iterations 8 --threads 2
check "fit: the same file on 2 threads" eval '[ $rc -eq 0 ] && cmp -s "$TMP/f1.csv" "$TMP/f2.csv"'
fc sim hive --seats ab:depth=1,weights="$TMP/f1.csv",greedy --games 2 --max-decisions 60
check "fit: the file reads back as weights=FILE" eval '[ $rc -eq 0 ]'
fc train-eval hive --fit "$TMP/recs" --games 3 --out "$TMP/x.csv"
check "fit: a self-play option with --fit, one line" eval '[ $rc -eq 2 ] && one_line_err && has "--games plays games; it does not apply with --fit" err'
fc train-eval hive --skip 3 --out "$TMP/x.csv"
check "fit: --skip without --fit, one line" eval '[ $rc -eq 2 ] && one_line_err && has "--skip is an option of --fit DIR" err'
fc train-eval hive --fit "$TMP/empty" --out "$TMP/x.csv"
check "fit: an empty folder, one line" eval '[ $rc -eq 2 ] && one_line_err && has "no records" err'
fc train-eval hive --fit "$TMP/nosuch" --out "$TMP/x.csv"
check "fit: a missing folder, one line" eval '[ $rc -eq 2 ] && one_line_err && has "nosuch" err'
fc train-eval hive --fit "$TMP/recs" --skip 1000 --out "$TMP/x.csv"
check "fit: nothing left after --skip, one line" eval '[ $rc -ne 0 ] && one_line_err && has "no positions to fit to" err && [ ! -e "$TMP/x.csv" ]'
printf 'formicary-record 1\ngame hive 1.0.0\nruleset default\nbroken\n' >"$TMP/recs/zz-bad.fcr"
fc train-eval hive --fit "$TMP/recs" --out "$TMP/x.csv"
check "fit: a corrupt record named, one line" eval '[ $rc -eq 2 ] && one_line_err && has "zz-bad.fcr" err && [ ! -e "$TMP/x.csv" ]'
rm -f "$TMP/recs/zz-bad.fcr"
fc sim marabunta --seats greedy,greedy --games 1 --record-dir "$TMP/other"
cp "$TMP/other/"*.fcr "$TMP/recs/zz-other.fcr"
fc train-eval hive --fit "$TMP/recs" --out "$TMP/x.csv"
check "fit: a record of another game, one line" eval '[ $rc -eq 2 ] && one_line_err && has "zz-other.fcr is a record of marabunta, not hive" err'

finish
