#!/usr/bin/env bash
# Output injection (hardening, item 3): text from files and scripts never reaches a terminal raw,
# an INI written by tune gains no lines from a variant's name, and JSON stays valid UTF-8 for
# any bytes. Against the built plugins; needs python3.
# usage: escape_test.sh FORMICARY PLUGIN_DIR FIXTURE_DIR
set -u
EXE=$(realpath "$1")
PLUGINS=$(realpath "$2")
FIX=$(realpath "$3")
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
has() { grep -Fq -- "$1" "$TMP/${2:-out}"; }
raw_controls() { LC_ALL=C grep -q "$(printf '[\001-\010\013-\037\177]')" "$TMP/$1"; }

# ---- variant check: the name, print() output and error() text ----
printf 'variant{ name = "evil\\27]0;pwned\\7", game = "myrmes", description = "d" }\nprint("p\\27[2Jq")\nerror("boom\\27[2J\\255")\n' >evil.lua
fc variant check evil.lua
check "variant check: error() text escaped (ESC as \\x1b, a bad byte as \\xff)" eval '[ $rc -ne 0 ] && has "evil.lua:3: boom\\x1b[2J\\xff" err'
check "variant check: print() output escaped" has '[evil.lua] p\x1b[2Jq' err
check "variant check: no raw control character on stderr or stdout" eval '! raw_controls err && ! raw_controls out'
printf 'variant{ name = "evil\\27]0;pwned\\7", game = "myrmes", description = "d\\27[2J" }\n' >name.lua
fc variant check name.lua --games 1
check "variant check: the variant's name escaped in the ok line" eval '[ $rc -eq 0 ] && has "variant evil\\x1b]0;pwned\\x07 for myrmes" && ! raw_controls out'

# ---- tune --ini: a newline in a variant's name adds no INI line ----
printf 'variant{ name = "nl\\n[params]\\nyears = 3", game = "myrmes", description = "d" }\n' >nl.lua
fc tune myrmes --variant nl.lua --players 3 --agents random --param years=1..2 --target rounds=6 --budget-games 20 --ini nl.ini
check "tune --ini: the variant's name stays in its comment line" eval '[ $rc -eq 0 ] && [ "$(grep -c "^\[params\]" nl.ini)" -eq 1 ] && ! grep -q "^years = 3" nl.ini && grep -Fq "nl\x0a[params]\x0ayears = 3" nl.ini'

# ---- records: replay messages escaped, corpus JSON valid UTF-8 ----
fc sim myrmes --games 1 --seats random,random,random --record-dir rec
check "sim --record-dir made a record" eval '[ $rc -eq 0 ] && [ -f rec/game-00001.fcr ]'
mkdir -p bad
awk 'BEGIN { done = 0 } /^(1|2|3|chance) / && !done { printf "\377\302\233[2J x\n"; done = 1 } { print }' rec/game-00001.fcr >bad/game-00001.fcr
fc replay bad/game-00001.fcr
check "replay: the record's bad line named escaped" eval '[ $rc -ne 0 ] && has "\\xff\\x9b[2J" err && ! raw_controls err'
fc replay bad --corpus --json corpus.json
check "replay --corpus --json: valid JSON for a record with bad bytes" eval 'python3 -m json.tool corpus.json >/dev/null && grep -Fq "\\ufffd\\u009b[2J" corpus.json'

echo "1..$n"
[ $fails -eq 0 ]
