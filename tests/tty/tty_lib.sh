# Shared by the tty tests (tty_test.sh, tty_select.sh), sourced with the caller's arguments
# FORMICARY FIXTURE_DIR GAME: a private tmux server in a scratch directory, the program's
# environment, and the helpers that start a session, send keys and check the captured screen.
# Exits 77 (skip) without tmux or when the game is not built. Under the valgrind setup
# (FC_UNDER_VALGRIND=1) the program runs under valgrind itself.
set -u
EXE=$(realpath "$1")
FIX=$(realpath "$2")
GAME=$3
command -v tmux >/dev/null || { echo "SKIP: tmux is not installed"; exit 77; }
TMP=$(mktemp -d)
TM=(tmux -S "$TMP/tmux.sock" -f /dev/null)
trap '"${TM[@]}" kill-server 2>/dev/null; rm -rf "$TMP"' EXIT
export FORMICARY_PLUGIN_PATH=$FIX FORMICARY_CONFIG=

if ! FORMICARY_CONFIG= "$EXE" list 2>/dev/null | grep -q "^$GAME "; then
    echo "SKIP: no $GAME game: its plugin is not built or was refused (see formicary plugins)"
    exit 77
fi

SLOW=1
RUN="$EXE"
if [ "${FC_UNDER_VALGRIND:-}" = 1 ] && command -v valgrind >/dev/null; then
    RUN="valgrind --quiet --error-exitcode=99 --leak-check=full --show-leak-kinds=definite,indirect --errors-for-leak-kinds=definite,indirect --log-file=$TMP/vg.%p $EXE"
    SLOW=15
elif [ -n "${FC_UNDER_SANITIZER:-}" ]; then
    SLOW=4
fi

fails=0
n=0
pass() { n=$((n + 1)); echo "ok $n - $1"; }
fail() {
    n=$((n + 1)); fails=$((fails + 1)); echo "not ok $n - $1"
    echo "---- screen ----"; screen | sed 's/^/    /'; echo "----------------"
}
screen() { "${TM[@]}" capture-pane -p -t fc 2>/dev/null; }
keys() { "${TM[@]}" send-keys -t fc "$@"; }
# wait_for REGEX [SECONDS]: polls the screen until it matches; gives up at once when the
# program has exited (the screen cannot change any more)
wait_for() {
    local limit=$(( ${2:-10} * SLOW * 10 )) i=0 shot
    while [ $i -lt $limit ]; do
        shot=$(screen)
        grep -Eq -- "$1" <<<"$shot" && return 0
        grep -q '=TTY-TEST-END=' <<<"$shot" && return 1
        sleep 0.1
        i=$((i + 1))
    done
    return 1
}
# expect DESC REGEX [SECONDS]
expect() { if wait_for "$2" "${3:-10}"; then pass "$1"; else fail "$1 (no /$2/)"; fi; }
# wait_gone REGEX [SECONDS]: polls the screen until it no longer matches (a key's effect has
# shown, however loaded the machine)
wait_gone() {
    local limit=$(( ${2:-10} * SLOW * 10 )) i=0
    while [ $i -lt $limit ]; do
        screen | grep -Eq -- "$1" || return 0
        sleep 0.1
        i=$((i + 1))
    done
    return 1
}
# expect_gone DESC REGEX [SECONDS]
expect_gone() { if wait_gone "$2" "${3:-10}"; then pass "$1"; else fail "$1 (/$2/ still present)"; fi; }
# expect_not DESC REGEX: the current screen does not match
expect_not() { if screen | grep -Eq -- "$2"; then fail "$1 (/$2/ present)"; else pass "$1"; fi; }
# start W H ARGS...: a new session running formicary play GAME ARGS... (TERM: $TTY_TERM, else
# screen, 8 colours)
start() {
    local w=$1 h=$2
    shift 2
    "${TM[@]}" kill-server 2>/dev/null
    sleep 0.2
    "${TM[@]}" new-session -d -s fc -x "$w" -y "$h" \
        "cd $TMP && env HOME=$TMP XDG_STATE_HOME=$TMP/state TERM=${TTY_TERM:-screen} $RUN play $GAME --ui tty $*; echo EXIT=\$?; \
         if stty -a | grep -Eq '(^| )icanon( |;)' && stty -a | grep -Eq '(^| )echo( |;)'; then echo TERM=sane; fi; \
         echo =TTY-TEST-END=; sleep 600"
}
# the number in the header: "ply N"
ply() { screen | head -1 | grep -Eo 'ply [0-9]+' | grep -Eo '[0-9]+'; }
human_turn='decisions? \[(list|map)'

# wait_ply_change N: until the header shows another ply than N
wait_ply_change() {
    local i=0
    while [ "$(ply)" = "$1" ] && [ $i -lt $((50 * SLOW)) ]; do sleep 0.1; i=$((i + 1)); done
}
# play_first K: K human decisions taking the first entry of the list
play_first() {
    local k
    for ((k = 0; k < $1; k++)); do
        wait_for "$human_turn" 20 || return 1
        local before
        before=$(ply)
        keys Home Enter
        wait_ply_change "$before"
    done
}

