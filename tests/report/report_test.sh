#!/usr/bin/env bash
# HTML reports (docs/reports.md), suite 'report'. Writes pages with the report writer itself
# (html_demo: every chart, text to escape, values that are not finite) and with `sim --html`
# (one design; A/B under each correction), `replay --html`, `tune --html` and `skill --html`, checks their structure (html_check.py, and xmllint
# when installed: the pages are well-formed XML too), that they carry no network address, and
# that the numbers drawn are the run's own (against --json and --compare-csv); then renders
# each in headless Chromium and checks the screenshot is not blank (png_check.py, which must
# also call an empty page blank). Exit 77 (skip) only when Chromium is not installed, after
# every other check passed.
# Usage: report_test.sh FORMICARY HTML_DEMO PLUGIN_DIR
set -u
exe=$1 demo=$2
export FORMICARY_PLUGIN_PATH=$3
export FORMICARY_CONFIG=
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
check_page() { # PAGE MIN_SVG
  python3 "$here/html_check.py" "$1" "$2" || fail "$1: structure"
  if command -v xmllint >/dev/null; then
    xmllint --noout "$1" || fail "$1: not well-formed"
  fi
}
contains() { grep -qF -- "$2" "$1" || fail "$1: no '$2'"; }

# --- the writer on its own ---
"$demo" "$tmp/demo.html" || fail "html_demo exit $?"
check_page "$tmp/demo.html" 8
python3 - "$tmp/demo.html" <<'PY' || fail "demo: the long series is not thinned to 1500 points"
import re, sys
s = open(sys.argv[1]).read()
seg = s[s.index("A long series"):]
d = re.search(r'<path[^>]*d="([^"]*)"', seg).group(1)
sys.exit(0 if 1000 <= d.count("L") + 1 <= 1501 else f"{d.count('L') + 1} points")
PY
contains "$tmp/demo.html" '&lt;script&gt;alert(1)&lt;/script&gt; &amp; &#39;quote&#39;'
contains "$tmp/demo.html" '<h2 id="intervals-b-escaped-b">Intervals &lt;b&gt;escaped&lt;/b&gt;</h2>'
contains "$tmp/demo.html" 'no data'
contains "$tmp/demo.html" 'n/a'
contains "$tmp/demo.html" '>a label far too long for the margin of t...</text>'
contains "$tmp/demo.html" 'caf&#xFFFD; (Latin-1), café (UTF-8)'
grep -q '<script' "$tmp/demo.html" && fail "demo: a raw <script> got through"
out=$("$demo" /nonexistent-dir/x.html 2>&1) && fail "demo: writing into a missing folder succeeded"
[ "$out" = "formicary: /nonexistent-dir/x.html: cannot write: No such file or directory" ] || fail "demo: error was '$out'"

# --- sim, one design ---
"$exe" sim marabunta --games 150 --seed 11 --html "$tmp/sim.html" --json "$tmp/sim.json" >/dev/null ||
  fail "sim --html exit $?"
check_page "$tmp/sim.html" 8
for s in 'Win share per agent' 'Win share per seat' 'Final score per seat' 'Decisions per game' 'Rounds per game' \
         'Lead changes per game' 'Drama per game' 'Timeouts' 'Running win share per seat' '<td>marabunta</td>'; do
  contains "$tmp/sim.html" "$s"
done
grep -q 'A/B comparison' "$tmp/sim.html" && fail "sim.html: an A/B section without design B"
# the intervals drawn are the run's own: every seat's and agent's share [lo, hi] as in the JSON
python3 - "$tmp/sim.json" "$tmp/sim.html" <<'PY' || fail "sim.html: shares differ from --json"
import json, sys
j = json.load(open(sys.argv[1])); page = open(sys.argv[2]).read()
d = j["designs"][0]
for row in d["seats"] + d["agents"]:
    w = row["win_share"]
    text = "%.3f [%.3f, %.3f]" % (w["mean"], w["lo"], w["hi"])
    if text not in page:
        sys.exit(f"missing {text}")
PY

# --- sim, A/B under each correction ---
for corr in holm bh none; do
  page=$tmp/ab-$corr.html
  "$exe" sim marabunta --games 150 --seed 11 --against-variant seventh_die --correction $corr --html "$page" \
    --compare-csv "$tmp/ab-$corr.csv" >/dev/null || fail "sim A/B --correction $corr exit $?"
  check_page "$page" 10
  contains "$page" 'Differences B - A of shares'
  contains "$page" 'Final score of seat 2, designs A and B'
  contains "$page" 'relative to A&#39;s mean'
  contains "$page" 'design B (rules default, variant seventh_die)'
  contains "$page" "--correction $corr"
  # each metric's adjusted p and verdict, as in --compare-csv
  python3 - "$tmp/ab-$corr.csv" "$page" <<'PY' || fail "$page: table differs from --compare-csv"
import csv, sys
page = open(sys.argv[2]).read()
for r in csv.DictReader(l for l in open(sys.argv[1]) if not l.startswith("#")):  # the commented header
    cell = "<td>%s</td><td class=\"num\">%.3f</td>" % (r["metric"], float(r["a"]))
    verdict = "<td class=\"num\">%.4f</td><td>%s</td>" % (float(r["p_adjusted"]), "yes" if r["significant"] == "1" else "no")
    if cell not in page or verdict not in page:
        sys.exit(f"row {r['metric']}: {cell} / {verdict} not in the page")
PY
done
contains "$tmp/ab-holm.html" "Holm&#39;s step-down method"
contains "$tmp/ab-bh.html" "Benjamini-Hochberg"
contains "$tmp/ab-none.html" "no correction"
out=$("$exe" sim marabunta --games 5 --html /nonexistent-dir/r.html 2>&1 >/dev/null) && fail "sim: unwritable --html succeeded"
case $out in *"/nonexistent-dir/r.html: cannot write: No such file or directory"*) ;; *) fail "sim: unwritable --html said '$out'" ;; esac

# --- corpus replay (replay --html) ---
"$exe" sim marabunta --games 30 --seed 5 --record-dir "$tmp/recs" >/dev/null || fail "sim --record-dir exit $?"
"$exe" replay "$tmp/recs" --set board_side=B --html "$tmp/replay.html" >/dev/null || fail "replay --html exit $?"
check_page "$tmp/replay.html" 1
contains "$tmp/replay.html" 'game-00030.fcr'
contains "$tmp/replay.html" 'board_side=B'
contains "$tmp/replay.html" 'Where games diverge'

# --- tune --html (the front as a scatter, progress as a line) ---
"$exe" tune marabunta --param ant_hills=1..5 --param leaf_circles=0..20:5 --target rounds=14 \
  --target 'balance>=0.9' --budget-games 200 --seed 3 --html "$tmp/tune.html" >/dev/null 2>&1 ||
  fail "tune --html exit $?"
check_page "$tmp/tune.html" 2
contains "$tmp/tune.html" 'ant_hills='
contains "$tmp/tune.html" 'front (joined)'
contains "$tmp/tune.html" 'Progress: the best candidate'
contains "$tmp/tune.html" 'Detectable: the smallest true difference of loss'

# --- skill --html (the win rate of every step, A and B, over 0.5) ---
"$exe" skill marabunta --games 4 --from 4 --to 16 --against-set seventh_die=true --html "$tmp/skill.html" >/dev/null 2>&1 ||
  fail "skill --html exit $?"
check_page "$tmp/skill.html" 1
contains "$tmp/skill.html" 'Design B = A with seventh_die false -&gt; true'
contains "$tmp/skill.html" 'Win rate of the stronger bot'
contains "$tmp/skill.html" 'Detectable: the smallest departure of the win rate from 0.5'
pages="demo sim ab-holm replay tune skill"

# --- rendering ---
chrome=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$chrome" ]; then
  echo "SKIP rendering: no chromium (Debian package chromium, .ci/setup installs it)"
  [ $fails -eq 0 ] && exit 77
  exit 1
fi
printf '<!DOCTYPE html>\n<html><head><title>empty</title></head><body></body></html>\n' >"$tmp/empty.html"
shot() { # PAGE PNG
  timeout 120 "$chrome" --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
    --user-data-dir="$tmp/chrome" --window-size=1200,1600 --screenshot="$2" "file://$1" >/dev/null 2>&1
  [ -s "$2" ] || fail "$1: chromium wrote no screenshot"
}
shot "$tmp/empty.html" "$tmp/empty.png"
[ -s "$tmp/empty.png" ] && { python3 "$here/png_check.py" "$tmp/empty.png" --expect-blank || fail "empty page not called blank"; }
for p in $pages; do
  shot "$tmp/$p.html" "$tmp/$p.png"
  [ -s "$tmp/$p.png" ] && { python3 "$here/png_check.py" "$tmp/$p.png" || fail "$p.html renders blank"; }
done
[ $fails -eq 0 ] && echo "report: all checks passed"
exit $((fails > 0))
