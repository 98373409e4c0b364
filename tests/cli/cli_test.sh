#!/usr/bin/env bash
# End-to-end tests of the formicary program with the fixture game bidrace.
# usage: cli_test.sh FORMICARY FIXTURE_DIR
# Under the valgrind test setup (FC_UNDER_VALGRIND=1) every formicary run goes through
# valgrind itself, since the setup's wrapper only sees this script's shell.
set -u
EXE=$1
FIX=$2
export FORMICARY_PLUGIN_PATH=$FIX
export FORMICARY_CONFIG= # ignore config/formicary.ini: defaults must not depend on it
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
# check DESC COMMAND...: passes when the command succeeds
check() { local d=$1; shift; if "$@"; then pass "$d"; else fail "$d"; fi; }

# fc ARGS...: runs formicary, stdout to $TMP/out, stderr to $TMP/err, status in $rc
fc() { "${RUN[@]}" "$@" >"$TMP/out" 2>"$TMP/err" </dev/null; rc=$?; }
fc_in() { local input=$1; shift; "${RUN[@]}" "$@" >"$TMP/out" 2>"$TMP/err" <<<"$input"; rc=$?; }
has() { grep -Eq -- "$1" "$TMP/${2:-out}"; }
one_line_err() { [ "$(wc -l <"$TMP/err")" -eq 1 ] && has '^formicary: ' err; }
json() { if command -v jq >/dev/null; then jq -e "$1" >/dev/null; else python3 -c "import json,sys; d=json.loads(sys.stdin.read()); sys.exit(0 if eval(sys.argv[1]) else 1)" "$2"; fi; }

# ---- help, version, usage errors ----
fc --help
check "--help lists every subcommand" eval '[ $rc -eq 0 ] && has "^  list" && has "^  plugins" && has "^  rules GAME" && has "^  play GAME" && has "^  replay FILE" && has "^  shell GAME" && has "^  bench GAME"'
fc --version
check "--version" eval '[ $rc -eq 0 ] && has "^formicary [0-9]+\.[0-9]+\.[0-9]+"'
fc
check "no command is a usage error" eval '[ $rc -eq 2 ] && one_line_err'
fc frobnicate
check "unknown command: exit 2" eval '[ $rc -eq 2 ] && one_line_err && has "unknown command .frobnicate." err'
fc play bidrace --bogus
check "unknown option named, exit 2" eval '[ $rc -eq 2 ] && one_line_err && has "--bogus" err'
fc play bidrace --seed
check "missing value named, exit 2" eval '[ $rc -eq 2 ] && one_line_err && has "--seed needs a value" err'
fc play bidrace --seed 12x
check "bad number named, exit 2" eval '[ $rc -eq 2 ] && one_line_err && has "--seed" err'
fc play --help
check "play --help" eval '[ $rc -eq 0 ] && has "^usage: formicary play GAME" && has "--record F"'
fc play bidrace --ui tty
check "--ui tty without a terminal or without ncurses: one-line error" eval '[ $rc -eq 1 ] && one_line_err && has "tty" err'

# ---- list, plugins, rules ----
fc list
check "list shows bidrace with players 2-4" eval '[ $rc -eq 0 ] && has "^bidrace +Bid Race +2-4 +Test fixture"'
fc plugins --path "$FIX"
check "plugins: bidrace loaded" eval '[ $rc -eq 0 ] && has "^loaded +.*/bidrace\.so$"'
for bad in bad_abi bad_minor bad_init bad_callback bad_null bad_noentry; do
    check "plugins: $bad refused with a reason" has "^refused +.*/$bad\.so: expected .*found"
done
check "plugins: abi reason" has "bad_abi\.so: expected ABI 1, found 999"
fc rules bidrace
check "rules: parameter table" eval '[ $rc -eq 0 ] && has "^  goal +int +20 +5\.\.200 +track position" && has "^  tie_rule +enum +clockwise +clockwise\|nobody"'
check "rules: hooks and Lua functions" eval 'has "^  move_bonus +-1000\.\.1000 +\(seat, roll\)" && has "^  on_round_end +any \(ignored\) +\(round\)" && has "^  position +\(seat\) -> track position" && has "^  advance +\(seat, n\)"'
fc rules myrmes
check "rules: the shipped rule sets and variants by name" eval '[ $rc -eq 0 ] && has "^shipped rule sets \(--rules NAME\): harsh, short, standard$" && has "^shipped variants \(--variant NAME; formicary variant list myrmes\): .*harsh_winter.*winter_aid$"'
fc rules bidrace --set goal=12 --seats 3
check "rules --set: value and origin" eval '[ $rc -eq 0 ] && has "^  goal +int +20 +5\.\.200 +12 +--set " && has "^  tokens +int +10 +1\.\.50 +10 +default " && has "3 seats"'
printf '[ruleset]\nname = short\n[params]\ngoal = 10\n' >"$TMP/short.ini"
printf 'variant{name="big", description="d", game="bidrace"}\nset("die_sides", 8)\n' >"$TMP/big.lua"
fc rules bidrace --rules "$TMP/short.ini" --variant "$TMP/big.lua"
check "rules --rules/--variant: origins file:line" eval '[ $rc -eq 0 ] && has "^rule set short, variant big, 2 seats$" && has "^  goal .* 10 +[^ ]*short\.ini:4 " && has "^  die_sides .* 8 +[^ ]*big\.lua:2 "'
fc rules bidrace --set target=3
check "bad --set names the key" eval '[ $rc -ne 0 ] && one_line_err && has "target" err'
fc rules bidrace --set goal=999
check "out-of-range --set names key and range" eval '[ $rc -ne 0 ] && one_line_err && has "goal" err && has "5\.\.200" err'
fc play nosuchgame --seed 1
check "unknown game lists bidrace" eval '[ $rc -eq 1 ] && one_line_err && has "nosuchgame" err && has "bidrace" err'

# ---- play, records, replay ----
fc play bidrace --seats random,random --seed 42 --record "$TMP/a.rec"
check "play random vs random to the end" eval '[ $rc -eq 0 ] && has "^bidrace: 2 seats, seed 42$" && has "^final scores after [0-9]+ decisions:$" && has "^  1\. Seat [12] "'
check "play prints decisions in the documented format" has '^   3 chance   : roll [1-6]$'
# with no human seat the lines are a spectator's, as in the tty and the GUI: a bid is hidden
# until the round reveals it, then named once (they were named at once)
check "play with bots only: a bid hidden until revealed, then named" eval 'has "^   1 Seat 1   : \(hidden until revealed\)$" && has "^     > revealed: 1 Seat 1: bid ([0-9]|10)$" && ! has "^   1 Seat 1   : bid"'
check "play prints chance outcomes and public events" eval 'has "^ +[0-9]+ chance   : roll [1-6]$" && has "^     > bids revealed: "'
fc play bidrace --seats random,random --seed 42 --record "$TMP/b.rec" --quiet
check "same seed twice: identical records" eval '[ $rc -eq 0 ] && cmp -s "$TMP/a.rec" "$TMP/b.rec"'
check "--quiet prints no decisions" eval '! has "^   1 Seat"'
fc play bidrace --seats random,random --seed 43 --record "$TMP/c.rec" --quiet
check "another seed: other decisions" eval '! cmp -s <(sed -n "/^decisions/,\$p" "$TMP/a.rec") <(sed -n "/^decisions/,\$p" "$TMP/c.rec")'
ndec=$(sed -n '/^decisions$/,/^end/p' "$TMP/a.rec" | grep -Ec '^([0-9]+|chance) ')
fc replay "$TMP/a.rec"
check "replay of a valid record" eval '[ $rc -eq 0 ] && has "^decisions: $ndec$" && has "^valid, game finished$" && has "^game: +bidrace 1\.0\.0"'
fc replay "$TMP/a.rec" --quiet
check "replay --quiet prints nothing" eval '[ $rc -eq 0 ] && [ ! -s "$TMP/out" ]'
line=$(grep -n -m1 '^2 bid ' "$TMP/a.rec" | cut -d: -f1)
awk -v l="$line" 'NR == l { print "2 bid 99"; next } { print }' "$TMP/a.rec" >"$TMP/bad.rec"
fc replay "$TMP/bad.rec"
check "replay of a corrupted record: exit 1 with file:line" eval '[ $rc -eq 1 ] && one_line_err && has "bad\.rec:$line:" err'
fc replay "$TMP/missing.rec"
check "replay of a missing file" eval '[ $rc -eq 1 ] && one_line_err'

fc play bidrace --seats 3 --seed 7 --quiet
check "--seats N means N random seats" eval '[ $rc -eq 0 ] && has "^bidrace: 3 seats, seed 7$"'
fc play bidrace --seats random:seed=5,random --seed 7 --record "$TMP/d.rec" --quiet
check "agent options in --seats" eval '[ $rc -eq 0 ] && has "^agent 1 random:seed=5$" "d.rec" && has "^agent 2 random$" "d.rec"'
fc play bidrace --seats random,minimax
check "unknown agent lists the known ones" eval '[ $rc -eq 2 ] && one_line_err && has "unknown agent .minimax. \(known: random, greedy, mcts, ab\)" err'
fc play bidrace --seats random:depth=2,random
check "unknown agent key lists the keys" eval '[ $rc -eq 2 ] && one_line_err && has "unknown key .depth. \(known: seed, restrict\)" err'
fc play bidrace --seats random,random,random,random,random
check "too many seats for the game" eval '[ $rc -eq 1 ] && one_line_err'
fc play bidrace --seed 9 --quiet
check "default seats: the game minimum" eval '[ $rc -eq 0 ] && has "^bidrace: 2 seats, seed 9$"'
printf '[play]\nseats = random,random,random\n[paths]\nplugin_path = %s\n' "$FIX" >"$TMP/conf.ini"
FORMICARY_CONFIG=$TMP/conf.ini FORMICARY_PLUGIN_PATH= fc play bidrace --seed 9 --quiet
check "formicary.ini: [play] seats and [paths] plugin_path" eval '[ $rc -eq 0 ] && has "^bidrace: 3 seats, seed 9$"'
printf '[play]\rseats = random,random,random\r[paths]\rplugin_path = %s' "$FIX" >"$TMP/conf.ini"
FORMICARY_CONFIG=$TMP/conf.ini FORMICARY_PLUGIN_PATH= fc play bidrace --seed 9 --quiet
check "formicary.ini: bare CR line ends read like \\n" eval '[ $rc -eq 0 ] && has "^bidrace: 3 seats, seed 9$"'
fc play bidrace --quiet
check "default seed is printed" eval '[ $rc -eq 0 ] && has "^bidrace: 2 seats, seed [0-9]+$"'

# human seat: a number, then the notation, then help, a bad entry, undo, save, EOF
fc_in $'1\nhelp\nbid 0\nxyz\nundo\nsave '"$TMP/h.rec"$'\n' play bidrace --seats human,random --seed 3 --record "$TMP/h2.rec"
check "human: numbered decisions and prompt" eval '[ $rc -eq 0 ] && has "^    1\. bid 0 \(10 tokens left if it wins\)  \[bid 0\]$" && has "^Seat 1> "'
check "human: help, bad input, undo, save, end of input" eval 'has "undo +take back" && has "error: " && has "undone back to ply" && has "^Seat 1> saved " && has "end of input: game stopped at ply"'
check "human: record saved on end of input" eval '[ -s "$TMP/h.rec" ] && [ -s "$TMP/h2.rec" ] && has "^agent 1 human$" h2.rec'
fc replay "$TMP/h2.rec"
check "human: saved record replays (unfinished)" eval '[ $rc -eq 0 ] && has "valid, game not finished"'
{ head -c 3000 /dev/zero | tr '\0' 'x'; printf '\nbid\0 9\nbid 0\rquit'; } | "${RUN[@]}" play bidrace --seats human,random --seed 3 >"$TMP/out" 2>"$TMP/err"; rc=$?
check "human: an overlong line and a NUL line are one error each, a bare CR ends a line" eval '[ $rc -eq 0 ] && [ "$(grep -c "error: lines are at most 1023 bytes" "$TMP/out")" -eq 2 ] && has "^Seat 1>    1 Seat 1   : bid 0$" && has "game stopped at ply"'
mkdir -p "$TMP/home"
HOME=$TMP/home fc_in $'save ~/t.rec\nquit\n' play bidrace --seats human,random --seed 3
check "human: save ~/FILE writes in the home directory, as the tty's and the GUI's prompts do" eval '[ -s "$TMP/home/t.rec" ] && has "^Seat 1> saved $TMP/home/t.rec$"'
fc_in $'quit\n' play bidrace --seats human,human --seed 3 --quiet
check "human: quit ends cleanly" eval '[ $rc -eq 0 ] && has "game stopped at ply 0"'

# ---- shell ----
legal0='[{"notation":"bid 0","label":"bid 0 (10 tokens left if it wins)","group":"bid"},{"notation":"bid 1","label":"bid 1 (9 tokens left if it wins)","group":"bid"},{"notation":"bid 2","label":"bid 2 (8 tokens left if it wins)","group":"bid"},{"notation":"bid 3","label":"bid 3 (7 tokens left if it wins)","group":"bid"},{"notation":"bid 4","label":"bid 4 (6 tokens left if it wins)","group":"bid"},{"notation":"bid 5","label":"bid 5 (5 tokens left if it wins)","group":"bid"},{"notation":"bid 6","label":"bid 6 (4 tokens left if it wins)","group":"bid"},{"notation":"bid 7","label":"bid 7 (3 tokens left if it wins)","group":"bid"},{"notation":"bid 8","label":"bid 8 (2 tokens left if it wins)","group":"bid"},{"notation":"bid 9","label":"bid 9 (1 tokens left if it wins)","group":"bid"},{"notation":"bid 10","label":"bid 10 (0 tokens left if it wins)","group":"bid"}]'
fc_in $'new 2 1\n\n# comment\nlegal\nplay bid 3\nstate\nundo\nundo\nstate\nplay bid 11\nfrobnicate\nundo now\nquit\nstate\n' shell bidrace --seed 5
mapfile -t L <"$TMP/out"
check "shell: one response per command, none after quit" eval '[ $rc -eq 0 ] && [ ${#L[@]} -eq 11 ]'
check "shell: new" eval '[ "${L[0]}" = ok ]'
check "shell: legal JSON" eval '[ "${L[1]}" = "$legal0" ]'
check "shell: play" eval '[ "${L[2]}" = ok ]'
check "shell: state after one bid" json '.game == "bidrace" and .seats == 2 and .seed == 1 and .ply == 1 and .to_move == 1 and .round == 1 and .legal == 11 and .scores == [0,0] and .finished == false and (.hash | test("^[0-9a-f]{16}$"))' "d['ply']==1 and d['to_move']==1" <<<"${L[3]}"
check "shell: undo, then nothing to undo" eval '[ "${L[4]}" = ok ] && [[ "${L[5]}" == "error: "* ]]'
check "shell: state after undo" json '.ply == 0 and .to_move == 0 and .legal == 11' "d['ply']==0 and d['to_move']==0" <<<"${L[6]}"
check "shell: illegal play is an error" eval '[[ "${L[7]}" == "error: "*"bid 11"* ]]'
check "shell: unknown command" eval '[ "${L[8]}" = "error: unknown command '"'"'frobnicate'"'"' (try help)" ]'
check "shell: extra argument" eval '[ "${L[9]}" = "error: undo takes no arguments" ]'
check "shell: quit" eval '[ "${L[10]}" = ok ]'

fc_in $'agent random\nagent random\nstate\nchance\nview 0\nview 5\nlog\nsave '"$TMP/s.rec"$'\nnew 3\nstate\nload '"$TMP/s.rec"$'\nstate\nagent nobody\nhelp\n' shell bidrace --seed 2
mapfile -t L <"$TMP/out"
check "shell: 14 responses, exit 0 at end of input" eval '[ $rc -eq 0 ] && [ ${#L[@]} -eq 14 ]'
check "shell: agent plays for seat 0 then 1" eval '[[ "${L[0]}" =~ ^\{\"seat\":0,\"notation\":\"bid\ ([0-9]|10)\",\"ply\":1\}$ ]] && [[ "${L[1]}" =~ ^\{\"seat\":1,\"notation\":\"bid\ ([0-9]|10)\",\"ply\":2\}$ ]]'
check "shell: chance point after both bids" json '.ply == 2 and .to_move == -1' "d['to_move']==-1" <<<"${L[2]}"
check "shell: chance draws a roll" eval '[[ "${L[3]}" =~ ^\{\"seat\":-1,\"notation\":\"roll\ [1-6]\",\"ply\":3\}$ ]]'
check "shell: view of seat 0" json '.seat == 0 and .nseats == 2 and (.cells | length) == 21 and .cells[0].hex == [0,0]' "d['seat']==0" <<<"${L[4]}"
check "shell: bad view seat" eval '[ "${L[5]}" = "error: view: SEAT must be -1 (spectator) or 0..1" ]'
check "shell: public log" json '(. | length) >= 2 and .[0].ply == 1' "len(d)>=2" <<<"${L[6]}"
check "shell: save, new 3" eval '[ "${L[7]}" = ok ] && [ "${L[8]}" = ok ]'
check "shell: new 3 keeps the seed" json '.seats == 3 and .ply == 0 and .seed == 2' "d['seats']==3" <<<"${L[9]}"
check "shell: load restores the saved match" json '.seats == 2 and .ply == 3' "d['ply']==3" <<<"${L[11]}"
check "shell: bad agent spec" eval '[[ "${L[12]}" == "error: unknown agent '"'"'nobody'"'"'"* ]]'
check "shell: help" json '. | index("agent") != null' "'agent' in d" <<<"${L[13]}"

# ---- untrusted records and line endings (issue 12) ----
# A record whose last line ends in a bare CR once made replay and the shell's load loop forever.
fc_t() { timeout 30 "${RUN[@]}" "$@" >"$TMP/out" 2>"$TMP/err" </dev/null; rc=$?; }
printf '%s' "$(cat "$TMP/a.rec")" | tr '\n' '\r' >"$TMP/cr.rec"
fc_t replay "$TMP/cr.rec"
check "replay: record with bare CR line ends (no final newline)" eval '[ $rc -eq 0 ] && has "^valid, game finished$"'
sed 's/$/\r/' "$TMP/a.rec" >"$TMP/crlf.rec"
fc_t replay "$TMP/crlf.rec"
check "replay: CRLF record" eval '[ $rc -eq 0 ] && has "^valid, game finished$"'
head -c 40 "$TMP/a.rec" | tr '\n' '\r' >"$TMP/cut.rec"
fc_t replay "$TMP/cut.rec"
check "replay: truncated record ending in CR is refused, no hang" eval '[ $rc -eq 1 ] && one_line_err && has "cut\.rec:[0-9]+: " err'
timeout 30 "${RUN[@]}" shell bidrace >"$TMP/out" 2>"$TMP/err" <<<"load $TMP/cut.rec"$'\n'"load $TMP/cr.rec"$'\r'; rc=$?
mapfile -t L <"$TMP/out"
check "shell: load of a truncated CR record answers, no hang" eval '[ $rc -eq 0 ] && [[ "${L[0]}" == "error: "*"cut.rec:"* ]] && [ "${L[1]}" = ok ]'
{ printf 'formicary-record 1\n'; head -c 300000 /dev/zero | tr '\0' 'x'; printf '\n'; } >"$TMP/long.rec"
fc_t replay "$TMP/long.rec"
check "replay: a 300 kB line is one clear error" eval '[ $rc -eq 1 ] && one_line_err && has "long\.rec:2: unknown header line" err'
printf 'formicary-record 1\ngame bidrace 1.0.0\0\n' >"$TMP/nul.rec"
fc_t replay "$TMP/nul.rec"
check "replay: NUL byte refused" eval '[ $rc -eq 1 ] && one_line_err && has "NUL byte" err'
awk '/^param goal/ { print; print "param goal 30"; next } { print }' "$TMP/a.rec" >"$TMP/dup.rec"
gl=$(grep -n -m1 '^param goal' "$TMP/a.rec" | cut -d: -f1)
fc_t replay "$TMP/dup.rec"
check "replay: duplicate param refused with its line" eval '[ $rc -eq 1 ] && one_line_err && has "dup\.rec:$((gl + 1)): duplicate .param goal. line \(first on line $gl\)" err'

# A map file is embedded in the record: replay never opens the path the record names.
if "$EXE" list 2>/dev/null | grep -q '^termity '; then
    grep -v '^#' "$(dirname "$0")/../../plugins/termity/data/maps/S2.csv" >"$TMP/map.csv"
    fc_t play termity --seats random,random --seed 2 --set map="$TMP/map.csv" --set build_limits=false --record "$TMP/tm.rec" --quiet
    check "termity: play with --set map=FILE records the map's text" eval '[ $rc -eq 0 ] && has "^param map .*map\.csv$" tm.rec && has "^file map [0-9a-f]{16}$" tm.rec && has "^\| q,r,terrain$" tm.rec'
    tr '\n' '\r' <"$TMP/map.csv" >"$TMP/crmap.csv"
    fc_t play termity --seats random,random --seed 2 --set map="$TMP/crmap.csv" --set build_limits=false --record "$TMP/tmcr.rec" --quiet
    check "termity: a map with bare CR line ends plays the same game" eval '[ $rc -eq 0 ] && cmp -s <(sed -n "/^decisions/,\$p" "$TMP/tm.rec") <(sed -n "/^decisions/,\$p" "$TMP/tmcr.rec") && cmp -s <(sed -n "/^file map/,/^file-end/p" "$TMP/tm.rec") <(sed -n "/^file map/,/^file-end/p" "$TMP/tmcr.rec")'
    rm "$TMP/map.csv" "$TMP/crmap.csv"
    fc_t replay "$TMP/tm.rec"
    check "termity: replay uses the embedded map (the file is gone)" eval '[ $rc -eq 0 ] && has "^valid, game finished$"'
    sed 's|^param map .*|param map /etc/passwd|' "$TMP/tm.rec" >"$TMP/tm2.rec"
    fc_t replay "$TMP/tm2.rec"
    check "termity: the recorded path is only a name" eval '[ $rc -eq 0 ] && has "^valid, game finished$"'
    sed '/^file map/,/^file-end/d' "$TMP/tm2.rec" >"$TMP/tm3.rec"
    ml=$(grep -n -m1 '^param map' "$TMP/tm3.rec" | cut -d: -f1)
    fc_t replay "$TMP/tm3.rec"
    check "termity: a map path without embedded text is refused" eval '[ $rc -eq 1 ] && one_line_err && has "tm3\.rec:$ml: param map names the file ./etc/passwd. but its text is not embedded" err'
fi

# ---- output errors, file errors, shell arguments (issue 12) ----
if [ -w /dev/full ]; then
    for args in "--help" "list" "rules bidrace" "replay $TMP/a.rec" "play bidrace --seats random,random --seed 4"; do
        # shellcheck disable=SC2086
        "${RUN[@]}" $args >/dev/full 2>"$TMP/err"; rc=$?
        check "write error on stdout: $args" eval '[ $rc -eq 1 ] && one_line_err && has "^formicary: write error on standard output: No space left on device$" err'
    done
    "${RUN[@]}" shell bidrace >/dev/full 2>"$TMP/err" <<<$'state\nstate\n'; rc=$?
    check "write error on stdout: shell" eval '[ $rc -eq 1 ] && one_line_err && has "write error on standard output: No space left on device" err'
    "${RUN[@]}" sim bidrace --seats random,random --games 4 --json - >/dev/full 2>"$TMP/err"; rc=$?
    check "write error on stdout: sim --json -" eval '[ $rc -eq 1 ] && has "^formicary: write error on standard output: No space left on device$" err'
    "${RUN[@]}" sim bidrace --seats random,random --games 4 --csv /dev/full >/dev/null 2>"$TMP/err"; rc=$?
    check "write error on an output file: sim --csv" eval '[ $rc -eq 1 ] && has "^formicary: /dev/full: cannot write: No space left on device$" err'
fi
fc_in $'quit now\nquit\n' shell bidrace
mapfile -t L <"$TMP/out"
check "shell: quit refuses an argument like every no-argument command" eval '[ ${#L[@]} -eq 2 ] && [ "${L[0]}" = "error: quit takes no arguments" ] && [ "${L[1]}" = ok ]'
printf 'state\0junk\nstate\rlegal\r\nquit' | "${RUN[@]}" shell bidrace >"$TMP/out" 2>"$TMP/err"; rc=$?
mapfile -t L <"$TMP/out"
check "shell: NUL line refused, bare CR ends a command" eval '[ $rc -eq 0 ] && [ ${#L[@]} -eq 4 ] && [ "${L[0]}" = "error: the line contains a NUL byte" ] && [[ "${L[1]}" == "{"* ]] && [[ "${L[2]}" == "["* ]] && [ "${L[3]}" = ok ]'
{ head -c 70000 /dev/zero | tr '\0' 'x'; printf '\nquit\n'; } | "${RUN[@]}" shell bidrace >"$TMP/out" 2>"$TMP/err"; rc=$?
mapfile -t L <"$TMP/out"
check "shell: overlong line refused" eval '[ $rc -eq 0 ] && [ "${L[0]}" = "error: line longer than 65536 bytes" ] && [ "${L[1]}" = ok ]'
fc variant check "$TMP/no-such.lua"
check "variant check: missing file names it with the reason" eval '[ $rc -eq 1 ] && one_line_err && has "^formicary: $TMP/no-such\.lua: No such file or directory$" err'
fc variant check nosuchvariant --game bidrace
check "variant check: missing shipped name, with the reason" eval '[ $rc -eq 1 ] && one_line_err && has "^formicary: nosuchvariant: No such file or directory$" err'
fc play bidrace --seats random,random --seed 1 --record "$TMP/nodir/x.rec" --quiet
check "record to a missing folder: path and reason" eval '[ $rc -eq 1 ] && has "x\.rec.*No such file or directory" err'

# ---- plugin trust and the build-tree search path (issue 12) ----
mkdir -p "$TMP/ww" "$TMP/own"
cp "$FIX/bidrace.so" "$TMP/ww/"
chmod 777 "$TMP/ww"
fc plugins --path "$TMP/ww"
check "plugins: world-writable folder refused" eval '[ $rc -eq 0 ] && has "^refused +$TMP/ww/bidrace\.so: refused: folder is world-writable" && ! has "^loaded +$TMP/ww/"'
cp "$FIX/bidrace.so" "$TMP/own/"
chmod 755 "$TMP/own"
chmod 666 "$TMP/own/bidrace.so"
FORMICARY_PLUGIN_PATH= fc plugins --path "$TMP/own"
check "plugins: world-writable file refused" eval 'has "^refused +$TMP/own/bidrace\.so: refused: file is world-writable"'
chmod 644 "$TMP/own/bidrace.so"
if [ "$(id -u)" -eq 0 ] && id nobody >/dev/null 2>&1; then
    chown nobody "$TMP/own/bidrace.so"
    FORMICARY_PLUGIN_PATH= fc plugins --path "$TMP/own"
    check "plugins: file owned by another user refused" eval 'has "^refused +$TMP/own/bidrace\.so: refused: owned by user [0-9]+ \(not root, not the current user\)"'
    chown 0 "$TMP/own/bidrace.so"
fi
FORMICARY_PLUGIN_PATH= fc plugins --path "$TMP/own"
check "plugins: a private folder loads" eval 'has "^loaded +$TMP/own/bidrace\.so$"'
FORMICARY_PLUGIN_PATH= fc plugins
check "plugins: the build tree is searched from the build tree" has '^loaded +.*/plugins/.*\.so$'
cp "$EXE" "$TMP/own/formicary"
FORMICARY_PLUGIN_PATH= "$TMP/own/formicary" plugins >"$TMP/out" 2>"$TMP/err"; rc=$?
check "plugins: a copy outside the build tree does not search it" eval '[ $rc -eq 0 ] && ! has "/plugins/(myrmes|termity|marabunta)/"'

# ---- bench ----
fc bench bidrace --seconds 0.5 --json
check "bench --json has the four keys" json 'has("playouts_per_sec") and has("decisions_per_sec") and has("state_bytes") and has("clone_ns") and .playouts_per_sec > 0 and .state_bytes > 0' "all(k in d for k in ['playouts_per_sec','decisions_per_sec','state_bytes','clone_ns'])" <"$TMP/out"
check "bench --json is one line" eval '[ "$(wc -l <"$TMP/out")" -eq 1 ]'
fc bench bidrace --seconds 0.2 --players 4
check "bench text output" eval '[ $rc -eq 0 ] && has "^bench bidrace, 4 players" && has "^  clone_ns +[0-9.]+$"'
check "bench text output: its lines in order" eval '[ "$(awk "{ print \$1 }" "$TMP/out" | tr "\n" " ")" = "bench playouts decisions decisions state_bytes clone_ns legal_ns apply_ns eval_ns mcts_iters_per_sec mcts_ms_per_decision " ]'
fc bench bidrace --seconds 0.2 --json
check "bench --json: its keys in order" eval '[ "$(jq -r "keys_unsorted | join(\",\")" "$TMP/out")" = "game,players,seconds,playouts,decisions,playouts_per_sec,decisions_per_sec,mean_decisions,state_bytes,clone_ns,legal_ns,apply_ns,eval_ns,mcts_iters_per_sec,mcts_ms_per_decision,mcts_cpu_ms_per_decision" ]'
fc bench bidrace --seconds -1
check "bench: bad --seconds is a usage error" eval '[ $rc -eq 2 ] && one_line_err && has "--seconds" err'

# ---- learning aids (issue 13): did you mean, case-insensitive ids, illegal vs unreadable ----
fc play bidrace --sets goal=10
check "unknown option: did you mean the one it extends" eval '[ $rc -eq 2 ] && one_line_err && has "unknown option .--sets.; did you mean --set\?" err'
fc plya bidrace
check "unknown command: did you mean" eval '[ $rc -eq 2 ] && one_line_err && has "unknown command .plya.; did you mean .play.\?" err'
fc play bidrac
check "unknown game: did you mean" eval '[ $rc -eq 1 ] && one_line_err && has "unknown game .bidrac.; did you mean .bidrace.\?" err'
fc play BidRace --seats random,random --seed 7 --quiet
check "game ids are case-insensitive" eval '[ $rc -eq 0 ] && has "^bidrace: 2 seats, seed 7$"'
fc play bidrace --seats random,humna
check "unknown agent: did you mean human" eval '[ $rc -eq 2 ] && one_line_err && has "seat 2: unknown agent .humna.; did you mean .human.\?" err'
fc play bidrace --seats random,mtcs
check "unknown agent: did you mean mcts" eval '[ $rc -eq 2 ] && one_line_err && has "unknown agent .mtcs.; did you mean .mcts.\?" err'
fc_in $'play bid 99\nplay zzz 1\nplay bid 3\nquit' shell bidrace
mapfile -t L <"$TMP/out"
check "shell: illegal decision 'X' now for well-formed notation" eval '[[ "${L[0]}" == "error: illegal decision '"'"'bid 99'"'"' now"* ]]'
check "shell: cannot read for text that does not parse" eval '[[ "${L[1]}" == "error: cannot read decision '"'"'zzz 1'"'"'"* ]] && [ "${L[2]}" = ok ]'
fc rules bidrace --text
check "rules --text: a game without rules text says so" eval '[ $rc -eq 1 ] && one_line_err && has "carries no rules text" err'
if "$EXE" list 2>/dev/null | grep -q '^myrmes '; then
    # winter_food's default adapts to years: a record lists it, and must load as it was played
    fc play myrmes --seats random,random --set years=2 --seed 3 --record "$TMP/y2.rec" --quiet
    fc replay "$TMP/y2.rec"
    check "a record of --set years=2 replays (adaptive defaults stay defaults)" eval '[ $rc -eq 0 ] && has "^valid, game finished$"'
    fc rules myrmes --text R-12
    check "rules --text ID prints that rule" eval '[ $rc -eq 0 ] && has "^\*\*R-12 " && ! has "^\*\*R-13 "'
    fc rules Myrmes --text births
    check "rules --text TOPIC prints the section" eval '[ $rc -eq 0 ] && has "^### Phase 2 — Births" && has "^\*\*R-13 " && ! has "^### Phase 3"'
    fc rules myrmes --text glossary
    check "rules --text glossary" eval '[ $rc -eq 0 ] && has "^## Notation and glossary" && has "births L1 S0 W2 K1"'
    fc rules myrmes --text
    check "rules --text prints the whole reference" eval '[ $rc -eq 0 ] && has "^# Myrmes" && has "^## Notation and glossary"'
    # the text front end's rules key shows the text as the tty's pane does, not its Markdown
    fc_in $'rules births\nrules T-07\nquit\n' play myrmes --seats human,random --seed 3 --ui text
    check "text UI rules: a heading without its #, underlined" eval 'has "^(Red> )?Phase 2 — Births$" && has "^-{16}$" && ! has "^#"'
    check "text UI rules: no emphasis marks, a rule id plain" eval 'has "^R-13 " && ! has "\*\*"'
    check "text UI rules: a table row without its bars, no rule row" eval 'has "^  0 \| \(start\) \| 1 larva \| 2 hexes \| none \| 4$" && ! has "\|---"'
    fc rules myrmes --text R-999
    check "rules --text unknown id: one line with a suggestion" eval '[ $rc -eq 1 ] && one_line_err && has "no rule or topic .R-999. in the Myrmes rules; did you mean .R-[0-9]+.\?" err'
    fc rules myrmes --text brths
    check "rules --text misspelt topic: did you mean" eval '[ $rc -eq 1 ] && one_line_err && has "did you mean .births.\?" err'
    fc rules myrmes R-12
    check "rules: an id without --text is a usage error" eval '[ $rc -eq 2 ] && one_line_err && has "--text R-12" err'
    fc rules myrmes --rules SHORT
    check "--rules NAME finds a shipped rule set (any case)" eval '[ $rc -eq 0 ] && has "^rule set .*short"'
    fc rules myrmes --rules hrash
    check "--rules unknown name: shipped names and a suggestion" eval '[ $rc -eq 1 ] && one_line_err && has "did you mean .harsh.\? \(shipped: harsh, short, standard\)" err'
    fc rules myrmes --set years=2 --set winter_food=3
    check "--set list that disagrees with another parameter is refused" eval '[ $rc -eq 1 ] && one_line_err && has "winter_food has 1 amount but years is 2" err'
    fc rules myrmes --set years=2
    check "--set years alone keeps the default winter_food" eval '[ $rc -eq 0 ]'
    fc_in $'rules\nrules R-12\nrules brths\nquit' shell myrmes
    mapfile -t L <"$TMP/out"
    check "shell rules: the phase's rules, a rule, a suggestion" eval '[[ "${L[0]}" == "{\"topic\":\"Phase 1 — Event\",\"text\":\"### Phase 1"* ]] && [[ "${L[1]}" == "{\"topic\":\"R-12\",\"text\":\"**R-12 "* ]] && [[ "${L[2]}" == "error: rules: no rule or topic '"'"'brths'"'"'; did you mean '"'"'births'"'"'?" ]]'
    fc_in $'view\nquit' shell myrmes
    check "shell view: the game's legend" eval '[ $rc -eq 0 ] && has "\"legend\":\[\{\"glyph\":\"2\.\.6\",\"text\":\"a hex of a pheromone"'
    fc_in $'legend\nrules\nrules brths\nmap\nlegal\nquit' play myrmes --seats human,random --seed 3 --ui text
    check "text UI: legend, rules of the phase, map as text, legal again" eval '[ $rc -eq 0 ] && has "O +a tunnel exit" && has "Phase 1 — Event$" && ! has "### Phase 1" && has "did you mean .births.\?" && has "tunnel exit of Red" && has "hexes with nothing on them" && [ "$(grep -c "1\. event 1" "$TMP/out")" -eq 2 ]'
    # the board drawn: hex rows of terrain fills (water ~~~, grass .) with the tunnel exits O on them
    check "text UI: map draws the board's hex rows" eval '[ "$(grep -cE "^(Red>)? +(\S+ +){5,}\S+$" "$TMP/out")" -ge 6 ] && has "~~~ ~~~" && has "^ +\^ +\* +O +\^ "'
    fc_in $'legend\nquit' play termity --seats human,random --seed 3 --ui text
    check "text UI: Termity's legend names are whole (last move, strength)" eval '[ $rc -eq 0 ] && has "^  last move the link between" && has "^  strength +attack: own" && has "^  S3! +the attacker, off the board until its target.s retreat is chosen \(R-30\)$"'
    fc play myrmes --seats random,random --seed 3
    check "myrmes log: an outing's worker going back to the supply, room workers coming home" eval '[ $rc -eq 0 ] && has "^ +> (Red|Blue).s worker goes back to the supply \(R-37\)$" && has "^ +> (Red|Blue): [0-9]+ workers? comes? home from the colony rooms \(R-52\)$"'
fi

echo "1..$n"
[ "$fails" -eq 0 ]
