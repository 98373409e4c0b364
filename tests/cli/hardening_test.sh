#!/usr/bin/env bash
# Hostile files and inputs (the hardening issue): sim journals, write targets that are not
# plain files, FIFOs in corpora, over-long protocol lines, odd option values. Every class has
# a check that failed on the code before its fix.
# usage: hardening_test.sh FORMICARY PLUGIN_DIR FIXTURE_DIR
set -u
EXE=$1
PLUG=$2
FIX=$3
export FORMICARY_PLUGIN_PATH=$FIX:$PLUG
export FORMICARY_CONFIG=
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

fails=0
n=0
pass() { n=$((n + 1)); echo "ok $n - $1"; }
fail() { n=$((n + 1)); fails=$((fails + 1)); echo "not ok $n - $1"; }
check() { local d=$1; shift; if "$@"; then pass "$d"; else fail "$d"; fi; }
fc() { timeout 60 "$EXE" "$@" >"$TMP/out" 2>"$TMP/err" </dev/null; rc=$?; }
fc_in() { local input=$1; shift; timeout 60 "$EXE" "$@" >"$TMP/out" 2>"$TMP/err" <<<"$input"; rc=$?; }
has() { grep -Eq -- "$1" "$TMP/${2:-out}"; }
one_line_err() { [ "$(wc -l <"$TMP/err")" -eq 1 ] && has '^formicary: ' err; }

# ---- 1. sim --resume journals ----
J=$TMP/j.jnl
SIM=(sim bidrace --games 6 --seed 3 --resume "$J")
fc "${SIM[@]}" --csv "$TMP/ref.csv"
check "a journal is written" eval '[ $rc -eq 0 ] && [ "$(wc -l <"$J")" -eq 6 ]'
good=$(head -1 "$J")
key=${good%% *}
# a line with one field replaced: field k (1-based) of the first line set to v
bad_line() { awk -v k="$1" -v v="$2" 'NR == 1 { $k = v; print }' "$J"; }
try_bad() { # DESC FIELD VALUE PATTERN
    bad_line "$2" "$3" >"$TMP/bad.jnl"
    pat=$4
    fc sim bidrace --games 6 --seed 3 --resume "$TMP/bad.jnl"
    check "journal: $1 is refused with one line naming the file and line" \
        eval '[ $rc -ne 0 ] && [ $rc -lt 128 ] && one_line_err && has "bad.jnl:1: " err && has "$pat" err'
}
try_bad "an agent index out of range" 4 99999999 "agent"
try_bad "a negative agent index" 4 -7 "agent"
try_bad "a score at INT_MAX" 5 2147483647 "score"
try_bad "rank 6 of 2 seats" 6 5 "rank"
try_bad "negative rounds" 12 -3 "rounds"
try_bad "a NaN branching" 16 nan "branching"
try_bad "an infinite drama" 18 inf "drama"
try_bad "a winner count the ranks do not give" 10 2 "winners"
try_bad "a wrong seat rotation" 4 1 "agent"
# a cut last line: dropped with a warning, the journal stays usable
head -3 "$J" >"$TMP/cut.jnl"
sed -n 4p "$J" | head -c 30 >>"$TMP/cut.jnl"
fc sim bidrace --games 6 --seed 3 --resume "$TMP/cut.jnl" --csv "$TMP/cut.csv"
check "journal: a cut last line is dropped with a warning" eval '[ $rc -eq 0 ] && has "cut" err'
check "journal: appending after a cut line leaves whole lines" \
    eval '[ "$(wc -l <"$TMP/cut.jnl")" -eq 6 ] && [ "$(grep -c "^$key " "$TMP/cut.jnl")" -eq 6 ]'
fc sim bidrace --games 6 --seed 3 --resume "$TMP/cut.jnl"
check "journal: it is read back whole" eval '[ $rc -eq 0 ] && [ ! -s "$TMP/err" ] && [ "$(wc -l <"$TMP/cut.jnl")" -eq 6 ]'
# write errors: a file size limit makes the appends fail (EFBIG)
rm -f "$TMP/big.jnl"
(trap '' XFSZ; ulimit -f 1; timeout 60 "$EXE" sim bidrace --games 200 --seed 3 --resume "$TMP/big.jnl" >"$TMP/out" 2>"$TMP/err" </dev/null)
rc=$?
check "journal: a write error stops the run with one line" eval '[ $rc -ne 0 ] && [ $rc -lt 128 ] && one_line_err && has "cannot write the journal" err'
fc sim bidrace --games 6 --seed 3 --resume /dev/null
check "journal: a device is refused" eval '[ $rc -ne 0 ] && one_line_err && has "not a regular file" err'

# ---- 2. write targets ----
fc play bidrace --seats random,random --seed 1 --quiet --record "$TMP/a.fcr"
check "play --record writes a record" eval '[ $rc -eq 0 ] && [ -f "$TMP/a.fcr" ]'
ln -s a.fcr "$TMP/link.fcr"
fc play bidrace --seats random,random --seed 2 --quiet --record "$TMP/link.fcr"
check "--record through a symbolic link writes its target and keeps the link" \
    eval '[ $rc -eq 0 ] && [ -L "$TMP/link.fcr" ] && grep -q "^seed 2" "$TMP/a.fcr"'
mkfifo "$TMP/fifo.fcr"
(cat "$TMP/fifo.fcr" >"$TMP/fifo.out") &
reader=$!
fc play bidrace --seats random,random --seed 3 --quiet --record "$TMP/fifo.fcr"
{ sleep 1; kill $reader 2>/dev/null; } & # a FIFO replaced by a file never gets its writer
wait $reader 2>/dev/null
check "--record to a FIFO writes through it and keeps the FIFO" \
    eval '[ $rc -eq 0 ] && [ -p "$TMP/fifo.fcr" ] && grep -q "^seed 3" "$TMP/fifo.out"'
fc play bidrace --seats random,random --seed 3 --quiet --record "$TMP/fifo.fcr"
check "--record to a FIFO without a reader fails at once" eval '[ $rc -ne 0 ] && [ $rc -lt 128 ] && one_line_err && has "no reader" err'
# As root, code that renames over its target would replace the machine's /dev/null: the test
# writes to a private null device instead (mknod needs root; others cannot replace /dev/null).
NULLDEV=/dev/null
if [ "$(id -u)" = 0 ] && mknod -m 666 "$TMP/null" c 1 3 2>/dev/null; then NULLDEV=$TMP/null; fi
fc play bidrace --seats random,random --seed 4 --quiet --record "$NULLDEV"
check "--record to a null device writes through (the device stays)" eval '[ $rc -eq 0 ] && [ -c "$NULLDEV" ]'
fc play bidrace --seats random,random --seed 4 --quiet --record "$TMP/nodir/x.fcr"
check "--record into a missing folder fails before the game starts" \
    eval '[ $rc -ne 0 ] && one_line_err && ! has "final scores" out && has "nodir" err'
chmod 640 "$TMP/a.fcr"
fc play bidrace --seats random,random --seed 5 --quiet --record "$TMP/a.fcr"
check "--record keeps an existing file's mode" eval '[ $rc -eq 0 ] && [ "$(stat -c %a "$TMP/a.fcr")" = 640 ]'
(umask 022; timeout 60 "$EXE" play bidrace --seats random,random --seed 5 --quiet --record "$TMP/new.fcr" >/dev/null 2>&1)
check "--record creates a new file honouring the umask (0644 under 022)" eval '[ "$(stat -c %a "$TMP/new.fcr")" = 644 ]'
fc_in "save $TMP/link.fcr" shell bidrace
check "shell save through a symbolic link keeps the link" eval '[ -L "$TMP/link.fcr" ] && grep -q "^formicary-record" "$TMP/a.fcr"'
fc sim bidrace --games 4 --seed 3 --csv "$TMP/link2.csv" --json "$NULLDEV"
check "sim --json to a null device writes through" eval '[ $rc -eq 0 ] && [ -c "$NULLDEV" ]'
ln -s sim.csv "$TMP/csvlink"
fc sim bidrace --games 4 --seed 3 --csv "$TMP/csvlink"
check "sim --csv through a link to a missing file is refused with one line" eval '[ $rc -ne 0 ] && one_line_err && has "symbolic link" err'
: >"$TMP/sim.csv"
fc sim bidrace --games 4 --seed 3 --csv "$TMP/csvlink"
check "sim --csv through a symbolic link writes its target" eval '[ $rc -eq 0 ] && [ -L "$TMP/csvlink" ] && [ -s "$TMP/sim.csv" ]'

# ---- 3. FIFOs and links to /dev/stdin in a corpus folder ----
mkdir "$TMP/corpus"
cp "$TMP/new.fcr" "$TMP/corpus/a.fcr"
mkfifo "$TMP/corpus/b.fcr"
ln -s /dev/stdin "$TMP/corpus/c.fcr"
sleep 30 | timeout 20 "$EXE" replay "$TMP/corpus" --corpus >"$TMP/out" 2>"$TMP/err"
rc=${PIPESTATUS[1]}
check "replay DIR does not block on a FIFO or /dev/stdin" eval '[ $rc -ne 124 ] && [ $rc -lt 128 ]'
check "replay DIR lists them as not regular files" eval 'has "b.fcr.*not a regular file" && has "c.fcr.*not a regular file" && has "a.fcr +[0-9]+ +legal"'
fc replay "$TMP/fifo.fcr"
check "replay of a FIFO is refused at once" eval '[ $rc -ne 0 ] && [ $rc -lt 128 ] && has "not a regular file" err'

# ---- 4. over-long protocol lines: bounded memory, one error line, the session goes on ----
long_line() { head -c 64000000 /dev/zero | tr '\0' a; echo; }
# The bound is the session's own memory without the line plus 16 MB (a sanitizer build's
# baseline alone is about 40 MB; a line kept whole would add 62 MB).
echo info | /usr/bin/time -f "%M" -o "$TMP/rss0" timeout 60 "$EXE" uhp >/dev/null 2>&1
uhp_max=$(( $(tail -1 "$TMP/rss0") + 16000 ))
echo state | /usr/bin/time -f "%M" -o "$TMP/rss0" timeout 60 "$EXE" shell bidrace >/dev/null 2>&1
shell_max=$(( $(tail -1 "$TMP/rss0") + 16000 ))
(long_line; echo info) | /usr/bin/time -f "%M" -o "$TMP/rss" timeout 60 "$EXE" uhp >"$TMP/out" 2>"$TMP/err"
check "uhp: a 64 MB line is refused with one error line and the session goes on" \
    eval '[ "$(grep -c "^err line refused" "$TMP/out")" -eq 1 ] && [ "$(grep -c "^id Formicary" "$TMP/out")" -eq 2 ]'
check "uhp: a 64 MB line does not take 64 MB of memory" eval '[ "$(tail -1 "$TMP/rss")" -lt $uhp_max ]'
(long_line; echo state) | /usr/bin/time -f "%M" -o "$TMP/rss" timeout 60 "$EXE" shell bidrace >"$TMP/out" 2>"$TMP/err"
check "shell: a 64 MB line is refused with one error line and the session goes on" \
    eval '[ "$(grep -c "line longer than" "$TMP/out")" -eq 1 ] && [ "$(wc -l <"$TMP/out")" -eq 2 ]'
check "shell: a 64 MB line does not take 64 MB of memory" eval '[ "$(tail -1 "$TMP/rss")" -lt $shell_max ]'

# ---- 5. messages ----
fc perft bidrace --position @
check "perft --position @ names what is missing" eval '[ $rc -eq 2 ] && one_line_err && has "--position @: expected a file name after @" err'
fc sim bidrace --games 4 --seed 3 --html /dev/full
check "a failed HTML write reports the real error (ENOSPC), not EIO" eval '[ $rc -ne 0 ] && one_line_err && has "No space left on device" err'
fc sim bidrace --games 4 --seed 3 --csv /dev/full
check "a failed CSV write reports the real error" eval '[ $rc -ne 0 ] && one_line_err && has "No space left on device" err'

# ---- 7. plugins under a world-writable search folder ----
mkdir -p "$TMP/ww/sub"
chmod 777 "$TMP/ww"
cp "$FIX/bidrace.so" "$TMP/ww/sub/"
FORMICARY_PLUGIN_PATH=$TMP/ww timeout 60 "$EXE" plugins >"$TMP/out" 2>&1
check "a plugin in a sub-folder of a world-writable search folder is refused" \
    eval 'has "refused.*ww/sub/bidrace.so.*world-writable" && ! has "^loaded.*ww/sub/bidrace.so"'
chmod 755 "$TMP/ww"
FORMICARY_PLUGIN_PATH=$TMP/ww timeout 60 "$EXE" plugins >"$TMP/out" 2>&1
check "the same plugin loads once the folder is not world-writable" eval 'has "^loaded.*ww/sub/bidrace.so"'

# ---- 9. a Hive GameString with an empty field ----
printf 'newgame Base;InProgress;Black[1];wS1;\nnewgame Base;InProgress;Black[1];;wS1\n' | timeout 60 "$EXE" uhp >"$TMP/out" 2>"$TMP/err"
check "uhp: a trailing or doubled ';' in a GameString is refused up front with one line" \
    eval '[ "$(grep -c "^err hive: GameString field [0-9]* is empty" "$TMP/out")" -eq 2 ] && ! has "^Base;"'
fc_in "$(printf 'setup\nBase;InProgress;Black[1];wS1;\nend')" shell hive
check "shell setup: a trailing ';' in a GameString is refused with one line" eval '[ "$(grep -c "error: setup: hive: GameString field 5 is empty" "$TMP/out")" -eq 1 ]'

# ---- 6. tune: ranges and losses that overflow ----
printf 'variant{ name = "knob", game = "bidrace", description = "a wide knob" }\nparam("knob", 0, -9000000000000000000, 9000000000000000000, "a wide knob")\n' >"$TMP/knob.lua"
fc tune bidrace --variant "$TMP/knob.lua" --param knob=-9000000000000000000..9000000000000000000:1000000000000000000 \
    --target 'rounds<=5' --budget-games 60 --seed 1
check "tune: a range whose span overflows int64 still has its 19 values" eval '[ $rc -eq 0 ] && has "\(19 values\): 19 designs"'
fc tune bidrace --param goal=5..10 --target 'rounds>=1e300~1e-6' --budget-games 20 --seed 1
check "tune: a target whose losses would overflow is refused with one line" eval '[ $rc -ne 0 ] && one_line_err && has "value must be within" err'
fc tune bidrace --param goal=5..10 --target 'rounds<=5~1e-300' --budget-games 20 --seed 1
check "tune: a scale that makes losses overflow is refused with one line" eval '[ $rc -ne 0 ] && one_line_err && has "scale" err'
fc tune bidrace --param goal=5..10 --target 'rounds<=nan' --budget-games 20 --seed 1
check "tune: a NaN target is refused" eval '[ $rc -ne 0 ] && one_line_err'

# ---- 8. corpus replay under --variant never runs the record's own variant ----
mkdir "$TMP/hv"
printf 'variant{ name = "hostile", game = "bidrace", description = "x" }\nparam("spice", 1, 0, 5, "its own knob")\nprint("HOSTILE VARIANT RAN")\n' >"$TMP/hostile.lua"
printf 'variant{ name = "plain", game = "bidrace", description = "plain" }\n' >"$TMP/plain.lua"
fc play bidrace --variant "$TMP/hostile.lua" --seats random,random --seed 4 --quiet --record "$TMP/hv/h.fcr"
check "a record with a variant that announces itself when run" eval '[ $rc -eq 0 ] && has "HOSTILE VARIANT RAN" err'
fc replay "$TMP/hv" --corpus
check "replay under the record's own rules runs its variant" eval '[ $rc -eq 0 ] && has "HOSTILE VARIANT RAN" err'
fc replay "$TMP/hv" --variant "$TMP/plain.lua"
check "replay --variant never loads nor runs the replaced variant" eval '[ $rc -eq 0 ] && ! has "HOSTILE" err && has "h.fcr +[0-9]+ +legal"'
fc replay "$TMP/hv" --variant "$TMP/plain.lua" --set goal=10
check "replay --variant still compares with the recorded result" eval '! has "HOSTILE" err && has "h.fcr +[0-9]+ +diverged.*game over"'

echo "1..$n"
[ $fails -eq 0 ]
