#!/usr/bin/env bash
# What a study compared and how much data it needs (docs/reports.md "What is compared",
# docs/metrics.md "Planning a run"): sim, tune, skill and corpus replay say B by its difference
# from A, the agents with their tiers, in the terminal, CSV comments, JSON and HTML; every A/B
# table gives the detectable difference; sim --plan estimates the games a question needs and
# --run plays them; tune --ini records its agents and sim warns when they differ.
# usage: study_test.sh FORMICARY PLUGIN_DIR FIXTURE_DIR
set -u
EXE=$(cd "$(dirname "$1")" && pwd)/$(basename "$1") # the tests run in a temporary folder
PLUGINS=$2
FIX=$3
export FORMICARY_PLUGIN_PATH=$PLUGINS:$FIX
export FORMICARY_CONFIG=
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
cd "$TMP" || exit 1

fails=0
n=0
pass() { n=$((n + 1)); echo "ok $n - $1"; }
fail() { n=$((n + 1)); fails=$((fails + 1)); echo "not ok $n - $1"; sed 's/^/#   /' "$TMP/out" "$TMP/err" | head -30; }
check() { local d=$1; shift; if "$@"; then pass "$d"; else fail "$d"; fi; }
fc() { "$EXE" "$@" >"$TMP/out" 2>"$TMP/err" </dev/null; rc=$?; }
has() { grep -Eq -- "$1" "$TMP/${2:-out}"; }
one_line_err() { [ "$(wc -l <"$TMP/err")" -eq 1 ] && has '^formicary: ' err; }
jqt() { jq -e "$1" "${2:-$TMP/out}" >/dev/null 2>&1; }
have_game() { "$EXE" list 2>/dev/null | grep -q "^$1 "; }

# ---- sim A/B: B said by its difference, everywhere ----
fc sim bidrace --seats random,random --games 30 --against-set goal=30 --json ab.json --csv ab.csv \
    --compare-csv cmp.csv --html ab.html --svg ab.svg
check "sim: the terminal says B = A with goal 20 -> 30 and what A is" eval '[ $rc -eq 0 ] && has "^B = A with goal 20 -> 30$" && has "^A: rule set .default., no variant, every parameter at its default$" && has "^agents: 1 random, 2 random \(seats rotate"'
check "sim JSON: the difference, its change and each design's rule set" eval 'jqt ".difference.text == \"B = A with goal 20 -> 30\" and .difference.changes[0].name == \"goal\" and .difference.changes[0].a == \"20\" and .difference.changes[0].b == \"30\" and .difference.changes[0].origin_b == \"--set\" and .designs[1].rule_set.changed[0].value == \"30\" and (.designs[0].rule_set.changed | length) == 0" ab.json'
check "sim SVG: says what A and B are, not a hash" eval 'grep -q ">B = A with goal 20 -&gt; 30</text>" ab.svg && grep -q ">A: rule set .default., no variant" ab.svg && ! grep -q "(0000000000000000)" ab.svg'
check "sim CSV: a commented header says what was compared, then the columns" eval '[ "$(sed -n 4p ab.csv)" = "# B = A with goal 20 -> 30" ] && sed -n 1p ab.csv | grep -q "^# formicary sim bidrace: .*30 games per design (paired), seed 1" && sed -n 5p ab.csv | grep -q "^design,rules,"'
check "sim --compare-csv: the same header" eval 'grep -qx "# B = A with goal 20 -> 30" cmp.csv && grep -q "^metric,games,.*,sd_diff,mde$" cmp.csv'
check "sim HTML: the page names B by its difference" eval 'grep -q "Design B = A with goal 20 -&gt; 30" ab.html && grep -q "detectable difference" ab.html'

# ---- the detectable difference: (t(0.975, n-1) + z(0.8)) sd / sqrt(n) of every row ----
check "sim: the A/B table has a detectable column" eval 'grep -q "^  metric .* detectable$" out && has "^  detectable: the smallest true difference 30 pairs detect"'
check "detectable difference = (t + z80) sd / sqrt(n), n/a without variation" python3 -c '
import csv, json, math, sys
rows = list(csv.DictReader(l for l in open("cmp.csv") if not l.startswith("#")))
doc = json.load(open("ab.json"))
t29 = 2.045
for r, j in zip(rows, doc["comparison"]):
    sd = float(r["sd_diff"])
    if sd == 0:
        assert r["mde"] == "" and j["mde"] is None, r
        continue
    want = (t29 + 0.8416212335729143) * sd / math.sqrt(30)
    assert abs(float(r["mde"]) - want) < 1e-4 * want, (r["metric"], r["mde"], want)
    assert abs(j["mde"] - want) < 1e-4 * want
assert any(r["mde"] for r in rows)
'

# ---- a variant with a hook and its own parameter, and two rule-set files ----
cat >boost.lua <<'EOF'
variant{name = "boost", game = "bidrace"}
param("bonus", 2, 0, 9, "extra steps")
set("tokens", 12)
hook("move_bonus", function(seat, roll) return params.bonus end)
EOF
fc sim bidrace --games 4 --against-variant boost.lua --json -
check "sim: B = A + variant (hooks; parameter; what it sets)" eval '[ $rc -eq 0 ] && jqt ".difference.text == \"B = A + variant boost.lua (hooks move_bonus; parameter bonus=2; sets tokens 10 -> 12)\" and .designs[1].rule_set.hooks == [\"move_bonus\"]"'
printf '[ruleset]\nname = std\n[params]\ngoal = 30\ntokens = 12\n' >std.ini
printf '[ruleset]\nname = alt\n[params]\ntokens = 14\ngoal = 30\ndie_sides = 8\n' >alt.ini
fc sim bidrace --games 4 --rules std.ini --against-rules alt.ini
check "sim: two rule-set files, the keys that differ" eval '[ $rc -eq 0 ] && has "^B = A with rule set .std. -> .alt.: tokens 12 -> 14, die_sides 6 -> 8$" && has "^A: rule set .std., no variant, goal=30 \(std.ini:4\), tokens=12 \(std.ini:5\)$"'

# ---- tiers: the seat says which tier its agent came from ----
if have_game marabunta; then
    fc sim marabunta --seats easy,random --games 2 --json j.json --csv t.csv
    EASY=$(jq -r '.agents_by_seat[0].agent' j.json)
    check "sim: a tier's seat is named with its tier and its measured rating" eval '[ $rc -eq 0 ] && has "^agents: 1 easy = $EASY \\(Elo -?[0-9]+, -?[0-9]+\\.\\.-?[0-9]+\\), 2 random" && jqt ".agents_by_seat[0].tier == \"easy\" and (.agents_by_seat[1] | has(\"tier\") | not) and .designs[0].agents[0].tier == \"easy\"" j.json && grep -q "^# agents: 1 easy = " t.csv'
fi

# ---- one design: each metric's detectable difference from a fixed value ----
fc sim bidrace --seats random,greedy --games 40 --json one.json --html one.html
check "sim of one design: a detectable difference per metric in the terminal" eval '[ $rc -eq 0 ] &&
    has "^detectable: the smallest true difference of a metric.s mean from a fixed value .* these 40 games detect" &&
    has "^  seat_win:1 +0\.[0-9]+ +0\.[0-9]+ +0\.[0-9]+$" && has "^  timeout +0\.000 +0\.000 +n/a$"'
check "one design: the JSON's detectable rows are (t + z80) sd / sqrt(n) and the HTML has them" python3 -c '
import json, math
d = json.load(open("one.json"))["detectable"]
row = {r["metric"]: r for r in d}["seat_win:1"]
t39 = 2.0227  # t(0.975, 39)
assert abs(row["mde"] - (t39 + 0.8416) * row["sd"] / math.sqrt(40)) < 1e-3, row
assert {r["metric"]: r for r in d}["timeout"]["mde"] is None
assert "Detectable differences" in open("one.html").read()
'

# ---- sim --plan: a pilot, the games needed, --run plays them ----
fc sim bidrace --seats random,random --against-set goal=30 --plan rounds=0.5 --plan win_share:1=0.05 --pilot 40 --json plan.json
check "plan: the pilot, its sd and the games needed, no table" eval '[ $rc -eq 0 ] && has "^plan \(95% confidence, 80% power\) from a pilot of 40 paired games:$" && has "^  rounds +0.5 " && has "^  needed: [0-9]+ paired games" && has "--run plays them" && ! has "^A/B comparison"'
check "plan JSON: every target, the largest need, not played" eval 'jqt ".plan.pilot == 40 and .games == 40 and (.plan.targets | length) == 2 and .plan.run == false and .plan.games_needed == ([.plan.targets[].games_needed // 0, 40] | max)" plan.json'
check "plan: the need is the fewest pairs that detect the effect (95%, 80%)" python3 -c '
import json, math
p = json.load(open("plan.json"))["plan"]["targets"][0]
sd, eff, n = p["pilot_sd"], p["effect"], p["games_needed"]
z = 1.959963984540054 + 0.8416212335729143
assert n >= math.ceil((z * sd / eff) ** 2), (n, sd)
assert n <= math.ceil((z * sd / eff) ** 2) + 3, (n, sd)
'
N=$(jq .plan.games_needed plan.json)
fc sim bidrace --seats random,random --against-set goal=30 --plan rounds=0.5 --plan win_share:1=0.05 --pilot 40 --run --json run.json --csv run.csv
check "plan --run: plays the games needed and reports them" eval '[ $rc -eq 0 ] && jqt ".games == $N and .plan.run == true and .plan.played == $N" run.json && has "^A/B comparison over $N paired games" && has "^  played $N paired games \(--run\)$"'
check "plan --run: says what the run's games detect from their own sd, and whether the pilot's held" eval '
    has "^  after the run: rounds detectable [0-9.e-]+ \(sd [0-9.]+ over the $N paired games\), (within the effect 0.5|above the effect 0.5: the pilot.s sd was low; these games. sd asks for [0-9]+)$" &&
    jqt "all(.plan.targets[]; .run_sd > 0 and .run_mde > 0 and .run_games_needed > 0)" run.json'
check "plan --run: the run's detectable difference is (t + z80) sd / sqrt(n) of all its games" python3 -c '
import json, math
r = json.load(open("run.json"))
t, n = r["plan"]["targets"][0], r["games"]
assert abs(t["run_mde"] - (1.96 + 0.8416) * t["run_sd"] / math.sqrt(n)) < 0.03 * t["run_mde"], (t, n)
'
fc sim bidrace --seats random,random --against-set goal=30 --games "$N" --csv whole.csv
check "plan --run: the pilot's games are the run's first games (the same CSV as --games N)" eval 'diff <(grep -v "^#" run.csv | sed "s/,[^,]*\$//") <(grep -v "^#" whole.csv | sed "s/,[^,]*\$//") >/dev/null && [ "$(grep -vc "^#" run.csv)" -eq $((2 * N + 1)) ]'
fc sim bidrace --seats random,random --plan seat_win:1=0.01 --pilot 20 --run --games 50 --json -
check "plan --run is capped by --games, said so" eval '[ $rc -eq 0 ] && jqt ".games == 50 and .plan.capped == true and .plan.paired == false"'
fc sim bidrace --plan rounds
check "plan: METRIC without =EFFECT is one line" eval '[ $rc -eq 2 ] && one_line_err && has "expected METRIC=EFFECT" err'
fc sim bidrace --plan rounds=0
check "plan: an effect of 0 is one line" eval '[ $rc -eq 2 ] && one_line_err && has "not a positive number" err'
fc sim bidrace --plan wins=0.1
check "plan: an unknown metric is one line naming --plan" eval '[ $rc -eq 2 ] && one_line_err && has "option --plan: unknown metric .wins." err'
fc sim bidrace --run
check "--run without --plan is one line" eval '[ $rc -eq 2 ] && one_line_err && has "--run needs --plan" err'
fc sim bidrace --against-set goal=30 --plan rounds=1 --until-significant
check "--plan with --until-significant is one line" eval '[ $rc -eq 2 ] && one_line_err && has "does not go with" err'

# ---- tune --ini records its agents; sim with other agents warns once ----
fc tune bidrace --param goal=5..40:5 --target 'rounds<=5' --agents greedy,random --budget-games 40 --seed 4 \
    --ini tuned.ini --csv tune.csv --json tune.json
check "tune: agents and base rules in the terminal, CSV header and JSON" eval '[ $rc -eq 0 ] && has "^agents: 1 greedy, 2 random" && has "^base rules: rule set .default., no variant, every parameter at its default$" && grep -q "^# agents: 1 greedy, 2 random" tune.csv && jqt ".agents_by_seat[1].agent == \"random\" and .rule_set.name == \"default\"" tune.json'
check "tune --ini: tuned_agent_K for every seat" eval 'grep -qx "tuned_agent_1 = greedy" tuned.ini && grep -qx "tuned_agent_2 = random" tuned.ini'
fc sim bidrace --rules tuned.ini --seats random,random --games 2
check "sim --rules tuned.ini with other agents: one warning line" eval '[ $rc -eq 0 ] && one_line_err && has "^formicary: warning: rule set .tuned. was tuned with 2 seats greedy,random; this run seats random,random" err'
fc sim bidrace --rules tuned.ini --seats random,greedy --games 2
check "sim --rules tuned.ini with the same agents (another order): no warning" eval '[ $rc -eq 0 ] && [ ! -s err ]'

# ---- sim --agent-cpu: each agent's CPU per decision, so "equal CPU" can be checked ----
fc sim bidrace --seats mcts:iters=20,random --games 6 --opening 2 --agent-cpu --json cpu.json
check "sim --agent-cpu: a line with both agents, the timed decisions add up" eval '[ $rc -eq 0 ] && has "^  CPU per agent decision \(its thread.s CPU clock\):  1: [0-9.]+ ms \([1-9][0-9]*\)  2: [0-9.]+ ms \([1-9][0-9]*\)$" && jqt "(.designs[0].agents | map(.timed_decisions) | add) == (.designs[0].metrics.decisions.mean * 6 - 12 | round) and .designs[0].agents[0].cpu_ms_per_decision > 0" cpu.json'
fc sim bidrace --seats mcts:iters=20,random --games 2
check "sim without --agent-cpu: no CPU line" eval '[ $rc -eq 0 ] && ! has "CPU per agent decision"'

# ---- skill and corpus replay ----
fc skill bidrace --games 3 --from 2 --to 4 --against-set goal=30 --csv sk.csv --json sk.json --svg sk.svg
check "skill SVG: says what A and B are, not a hash" eval 'grep -q ">B = A with goal 20 -&gt; 30</text>" sk.svg && grep -q ">A: rule set .default., no variant" sk.svg'
check "skill: agents and B = A in the terminal, CSV and JSON" eval '[ $rc -eq 0 ] && has "^B = A with goal 20 -> 30$" && has "^agents: mcts:iters=2N against mcts:iters=N" && grep -qx "# B = A with goal 20 -> 30" sk.csv && jqt ".difference.text == \"B = A with goal 20 -> 30\" and .designs[0].rule_set.name == \"default\"" sk.json'
fc sim bidrace --seats greedy,random --games 3 --record-dir rec
fc replay rec --set goal=30 --summary --json rp.json --csv rp.csv
check "replay corpus: the new rules from the records' own, and their agents" eval '[ $rc -eq 0 ] && has "^  B = A with goal 20 -> 30 \(3 records\)$" && has "^  1 greedy, 2 random \([12] records?\)$" && jqt ".compared.groups[0].text == \"B = A with goal 20 -> 30\" and .compared.groups[0].records == 3 and .records[0].difference == \"B = A with goal 20 -> 30\"" rp.json && grep -q "^#   B = A with goal 20 -> 30 (3 records)$" rp.csv'

echo "1..$n"
[ "$fails" -eq 0 ]
