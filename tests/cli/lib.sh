# Helpers shared by the end-to-end shell tests (TAP output), sourced after EXE and TMP are set:
#   check DESC CMD...   "ok N - DESC" when CMD succeeds, else "not ok" with the captured output
#   fc ARGS...          runs formicary with a 60 s guard: $rc, $TMP/out, $TMP/err (a script may set
#                       FC_GUARD to other seconds and FC_WRAP to a command to run it under: valgrind)
#   has RE [out|err]    whether the captured output matches the extended regex RE
#   one_line_err        stderr is exactly one "formicary: ..." line
#   finish              prints the plan and returns nonzero if any check failed
#   jqt FILTER [FILE]   whether jq's FILTER holds on FILE (default the captured output)
#   well_formed DESC F  checks the HTML file F with xmllint (skipped without xmllint)
#   have_game ID        whether the game's plugin is built (formicary list names it)
#   study_setup FORMICARY PLUGIN_DIR FIXTURE_DIR   (may come before EXE and TMP are set)
#                       sets EXE (absolute), the plugin path (both folders), no config and no
#                       runs database; works in a new $TMP, removed at exit
fails=0
n=0
pass() { n=$((n + 1)); echo "ok $n - $1"; }
fail() {
    n=$((n + 1))
    fails=$((fails + 1))
    echo "not ok $n - $1 (exit $rc)"
    sed 's/^/#   /' "$TMP/out" "$TMP/err" 2>/dev/null | head -20
}
skip() { n=$((n + 1)); echo "ok $n - $1 # SKIP $2"; }
check() { local d=$1; shift; if "$@"; then pass "$d"; else fail "$d"; fi; }
fc() { timeout "${FC_GUARD:-60}" ${FC_WRAP[@]+"${FC_WRAP[@]}"} "$EXE" "$@" >"$TMP/out" 2>"$TMP/err" </dev/null; rc=$?; }
has() { grep -Eq -- "$1" "$TMP/${2:-out}"; }
one_line_err() { [ "$(wc -l <"$TMP/err")" -eq 1 ] && has '^formicary: ' err; }
finish() { echo "1..$n"; [ $fails -eq 0 ]; }
jqt() { jq -e "$1" "${2:-$TMP/out}" >/dev/null 2>&1; }
have_game() { "$EXE" list 2>/dev/null | grep -q "^$1 "; }
well_formed() {
    if command -v xmllint >/dev/null; then check "$1" xmllint --noout "$2"; else skip "$1" "no xmllint"; fi
}
study_setup() {
    EXE=$(realpath "$1")
    export FORMICARY_PLUGIN_PATH=$(realpath "$2"):$(realpath "$3")
    export FORMICARY_CONFIG=
    export FORMICARY_DB=
    TMP=$(mktemp -d)
    trap 'rm -rf "$TMP"' EXIT
    cd "$TMP" || exit 1
}
rc=0
