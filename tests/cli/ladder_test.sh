#!/usr/bin/env bash
# End-to-end tests of `formicary ladder` and `formicary agreement` (docs/cli.md, docs/metrics.md
# "Ladder" and "Agreement") against the built plugins: small ladders in Marabunta and Myrmes,
# determinism across thread counts, the early stop, CSV/JSON/HTML, agreement on a self-play
# corpus made by sim --record-dir, and bad input. Needs jq.
# usage: ladder_test.sh FORMICARY PLUGIN_DIR FIXTURE_DIR
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"
study_setup "$@"

fc --help
check "formicary --help lists ladder and agreement" eval '[ $rc -eq 0 ] && has "^  ladder GAME" && has "^  agreement GAME"'
fc ladder --help
check "ladder --help names the options" eval '[ $rc -eq 0 ] && has "--agents" && has "--until-separated" && has "--html F"'

if ! have_game marabunta; then
    echo "# marabunta not built: skipping the rest"
    finish
    exit
fi

# ---- bad input: one line, exit 2 ----
fc ladder marabunta --agents 'random;grédy'
check "unknown agent" eval '[ $rc -eq 2 ] && one_line_err && has "unknown agent" err'
fc ladder marabunta --agents 'random;greedy:depth=3'
check "unknown agent key" eval '[ $rc -eq 2 ] && one_line_err && has "unknown key" err'
fc ladder marabunta --agents 'random'
check "one agent" eval '[ $rc -eq 2 ] && one_line_err && has "at least 2" err'
fc ladder marabunta --agents 'random;;'
check "one agent and empty specs" eval '[ $rc -eq 2 ] && one_line_err && has "at least 2" err'
fc ladder marabunta
check "no --agents" eval '[ $rc -eq 2 ] && one_line_err && has "--agents" err'
fc ladder marabunta --agents 'random;greedy' --games 0
check "--games 0" eval '[ $rc -eq 2 ] && one_line_err && has "--games" err'
fc ladder marabunta --agents 'random;greedy' --csv - --json -
check "two outputs on stdout" eval '[ $rc -eq 2 ] && one_line_err'

# ---- a ladder: table, files, determinism across threads ----
fc ladder marabunta --agents 'random;greedy;mcts:iters=30' --games 6 --seed 3 --threads 1 --json "$TMP/t1.json" \
    --csv "$TMP/l.csv" --html "$TMP/l.html"
check "table: header, three agents, random anchored at 0" eval '[ $rc -eq 0 ] && has "^ladder marabunta: 3 agents, 2 players, 3 tables, 18 games" && has "^  [0-9]  random +\+0 +\(anchor\) +12 " && [ $(grep -Ec "^  [1-3]  " "$TMP/out") -eq 3 ]'
check "CSV: header and one row per agent" eval '[ $(wc -l <"$TMP/l.csv") -eq 4 ] && head -1 "$TMP/l.csv" | grep -q "^rank,agent,elo,lo,hi,se,games,score,anchor,wins,draws,losses,next_deals,next_score,next_mde,next_mde_elo$" && grep -q "^[1-3],\"random\",0.00,0.00,0.00,0.00,12," "$TMP/l.csv"'
check "JSON: ratings, intervals around the estimate, pair results" eval 'jq -e "(.agents | length) == 3 and .anchor == \"random\" and .games == 18 and .tables == 3 and all(.agents[]; .lo <= .elo and .elo <= .hi and .games == 12) and ([.agents[].points_against[][1]] | add) == 36" "$TMP/t1.json" >/dev/null'
check "W-D-L: each agent's wins, draws and losses add up to its games" eval 'has "^  [1-3]  .* 12 +[0-9.]+ +[0-9]+-[0-9]+-[0-9]+$" && jq -e "all(.agents[]; .wins + .draws + .losses == .games)" "$TMP/t1.json" >/dev/null'
check "detectable: one row per pair of neighbours, 3 deals each, in the table, CSV and JSON" eval 'has "^  1-2 +3 " && has "^  2-3 +3 " &&
    jq -e "(.neighbours | length) == 2 and all(.neighbours[]; .deals == 3) and .neighbours[0].upper == .agents[0].agent and .neighbours[1].lower == .agents[2].agent" "$TMP/t1.json" >/dev/null &&
    [ "$(cut -d, -f13 "$TMP/l.csv" | tail -n +2 | tr "\n" " ")" = "3 3  " ] && grep -q "Detectable" "$TMP/l.html"'
fc ladder marabunta --agents 'random;random:seed=9' --games 40 --seed 2 --json "$TMP/m.json" --csv "$TMP/m.csv"
check "detectable: 20 deals of equal agents detect a score change of 0.2 to 0.45 (about 70 to 350 Elo), the same in the CSV" eval '[ $rc -eq 0 ] &&
    jq -e ".neighbours[0].deals == 20 and .neighbours[0].mde > 0.2 and .neighbours[0].mde < 0.45 and .neighbours[0].mde_elo > 70 and .neighbours[0].mde_elo < 350" "$TMP/m.json" >/dev/null &&
    awk -v a="$(sed -n 2p "$TMP/m.csv" | cut -d, -f15)" -v b="$(jq .neighbours[0].mde "$TMP/m.json")" "BEGIN { exit !(a != \"\" && a - b < 1e-4 && b - a < 1e-4) }"'
fc ladder marabunta --agents 'random;greedy' --games 4 --max-decisions 5
check "games stopped at the decision limit are draws: W-D-L 0-4-0 for both" eval '[ $rc -eq 0 ] && [ "$(grep -c " 0-4-0$" "$TMP/out")" -eq 2 ]'
check "HTML: a page with the interval chart" eval 'grep -q "<svg" "$TMP/l.html" && grep -q "Results by pair" "$TMP/l.html"'
if command -v python3 >/dev/null && [ -f "$HERE/../report/html_check.py" ]; then
    check "HTML: the report structure checks pass" python3 "$HERE/../report/html_check.py" "$TMP/l.html" 1
fi
if command -v xmllint >/dev/null; then
    check "HTML: well-formed" xmllint --noout "$TMP/l.html"
fi
fc ladder marabunta --agents 'random;greedy;mcts:iters=30' --games 6 --seed 3 --threads 2 --json "$TMP/t2.json"
check "the same ladder on 2 threads gives the same JSON (but the thread count)" eval '[ "$(jq -S "del(.threads)" "$TMP/t1.json")" = "$(jq -S "del(.threads)" "$TMP/t2.json")" ] && jq -e ".threads == 2" "$TMP/t2.json" >/dev/null'
fc ladder marabunta --agents 'random;greedy;mcts:iters=30' --games 6 --seed 4 --threads 2 --json "$TMP/t3.json"
check "another seed gives other games" eval '! cmp -s "$TMP/t1.json" "$TMP/t3.json"'

# ---- strength is measured: MCTS well above random, separated, and the early stop ----
fc ladder marabunta --agents 'random;mcts:iters=100' --games 60 --until-separated --json "$TMP/s.json"
check "mcts above random with a separated interval, stopped early" eval '[ $rc -eq 0 ] && jq -e ".separated and .games_per_table < 60 and .agents[0].agent == \"mcts:iters=100\" and .agents[0].lo > 0" "$TMP/s.json" >/dev/null'
fc ladder marabunta --agents 'random;random:seed=9' --games 10 --until-separated --json "$TMP/e.json"
check "equal agents: not separated, every game played" eval '[ $rc -eq 0 ] && jq -e "(.separated | not) and .games_per_table == 10 and .rounds == 1" "$TMP/e.json" >/dev/null'

# ---- more players: Plackett-Luce over mixed tables ----
if have_game myrmes; then
    fc ladder myrmes --players 3 --agents 'random;greedy;random:seed=5;greedy:seed=5' --games 3 --json "$TMP/p.json"
    check "myrmes, 3 players, 4 agents: 4 tables of 3 games, each agent in 3 tables" eval '[ $rc -eq 0 ] && jq -e ".players == 3 and .tables == 4 and .games == 12 and all(.agents[]; .games == 9)" "$TMP/p.json" >/dev/null'
    fc ladder myrmes --players 3 --agents 'random;greedy'
    check "fewer agents than players" eval '[ $rc -eq 2 ] && one_line_err && has "at least 3" err'
fi

# ---- agreement on a self-play corpus ----
if have_game hive; then
    mkdir -p "$TMP/hive" "$TMP/empty" "$TMP/mara"
    "$EXE" sim hive --seats greedy,greedy --games 4 --max-decisions 300 --record-dir "$TMP/hive" >/dev/null 2>&1
    "$EXE" sim marabunta --seats random,random --games 1 --record-dir "$TMP/mara" >/dev/null 2>&1
    fc agreement hive --corpus "$TMP/hive" --agent greedy --json "$TMP/ag.json" --csv "$TMP/ag.csv"
    check "agreement: table with seats and phases" eval '[ $rc -eq 0 ] && has "^agreement hive: agent greedy, 4 records" && has "^  seat 2 " && has "^  opening " && has "^  end "'
    check "agreement JSON: counts add up, top-3 >= top-1" eval 'jq -e ".records == 4 and .all.decisions > 50 and .all.top3.count >= .all.top1.count and (.phases.opening.decisions + .phases.middle.decisions + .phases.end.decisions) == .all.decisions and (.seats[0].all.decisions + .seats[1].all.decisions) == .all.decisions" "$TMP/ag.json" >/dev/null'
    check "agreement CSV: all, seats and phases" eval '[ $(wc -l <"$TMP/ag.csv") -eq 13 ] && grep -q "^all,all," "$TMP/ag.csv"'
    fc agreement hive --corpus "$TMP/hive" --agent random --json "$TMP/ar.json"
    check "greedy agrees with greedy's games far more than random does" eval '[ $rc -eq 0 ] && [ $(jq -n --slurpfile g "$TMP/ag.json" --slurpfile r "$TMP/ar.json" "\$g[0].all.top1.share > \$r[0].all.top1.share + 0.15 and \$g[0].all.top3.share > \$r[0].all.top3.share") = true ]'
    fc agreement hive --corpus "$TMP/hive" --agent greedy --json "$TMP/ag2.json" --threads 2
    check "agreement does not depend on the thread count" cmp -s "$TMP/ag.json" "$TMP/ag2.json"
    fc agreement hive --corpus "$TMP/hive" --agent mcts:iters=20 --json -
    check "agreement with mcts (ranked by visits)" eval '[ $rc -eq 0 ] && jq -e ".all.top3.share >= .all.top1.share and .all.top1.share > 0" "$TMP/out" >/dev/null'
    fc agreement hive --corpus "$TMP/empty" --agent greedy
    check "empty corpus" eval '[ $rc -eq 2 ] && one_line_err && has "no records" err'
    fc agreement hive --corpus "$TMP/mara" --agent greedy
    check "records of another game" eval '[ $rc -eq 2 ] && one_line_err && has "record of marabunta, not hive" err'
    fc agreement hive --corpus "$TMP/hive" --agent gredy
    check "agreement: unknown agent" eval '[ $rc -eq 2 ] && one_line_err && has "unknown agent" err'
    fc agreement hive --agent greedy
    check "agreement: no corpus" eval '[ $rc -eq 2 ] && one_line_err && has "--corpus" err'
fi

finish
