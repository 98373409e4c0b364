#!/usr/bin/env bash
# Installs this build into a temporary folder (meson install --destdir, so the prefix is also
# moved: the program must find everything relative to itself), then with no FORMICARY_*
# variable: lists, plays, simulates, replays and benches the installed games; checks the man
# page against --help, the bash completion and the SDK; builds examples/hexpath against the
# installed SDK only, installs it into the moved plugin dir and uses it, also from the
# per-user plugin folder ($XDG_DATA_HOME/formicary/plugins).
# usage: install_test.sh SOURCE_ROOT BUILD_DIR
set -euo pipefail
src=$1 build=$2
if [ -n "${FC_UNDER_SANITIZER:-}${FC_UNDER_VALGRIND:-}" ]; then
    echo "skipped under the sanitizer and valgrind setups (the plain build runs it)"
    exit 77
fi
for v in $(env | grep -o '^FORMICARY_[A-Z_]*' || true); do unset "$v"; done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
step() { echo "== $*"; }

step "meson install into $tmp/dest"
meson install -C "$build" --no-rebuild --quiet --destdir "$tmp/dest" > "$tmp/install.log" 2>&1 || {
    cat "$tmp/install.log"; fail "meson install"; }
fc=$(find "$tmp/dest" -path '*/bin/formicary' -type f | head -1)
[ -x "$fc" ] || fail "no bin/formicary installed"
root=$(dirname "$(dirname "$fc")")   # the moved prefix
pc=$(find "$root" -name formicary-plugin.pc | head -1)
[ -n "$pc" ] || fail "formicary-plugin.pc not installed"
for f in share/man/man1/formicary.1 share/bash-completion/completions/formicary include/formicary/game.h \
         share/doc/formicary/writing-a-game.md share/formicary/formicary.ini share/formicary/config \
         share/formicary/scripts; do
    [ -e "$root/$f" ] || fail "$f not installed"
done
export HOME=$tmp/home XDG_DATA_HOME=$tmp/xdg
cd "$tmp"

step "installed games (no environment variable; the build tree is not searched)"
"$fc" list > list.out
for g in myrmes termity marabunta marsz hive; do
    grep -q "^$g " list.out || { cat list.out; fail "the installed program does not find $g"; }
done
# every plugin seen must come from the moved install (paths start with it)
"$fc" plugins > plugins.out
grep -v -E "^[a-z]+ +$tmp/dest/" plugins.out && fail "the installed program loaded plugins from outside the install"
for g in myrmes termity marabunta marsz hive; do
    "$fc" sim "$g" --games 2 --seats random,random --seed 2 > "sim-$g.out" 2>&1 || { cat "sim-$g.out"; fail "sim $g"; }
done
"$fc" sim myrmes --games 2 --seats random,random --rules harsh > /dev/null || fail "a shipped rule set by name"
"$fc" variant list myrmes | grep -q short_game || fail "shipped variants not found"
"$fc" play marabunta --seats random,random --seed 4 --ui text --record m.fcr > play.out 2>&1 || {
    cat play.out; fail "play marabunta"; }
"$fc" replay m.fcr > /dev/null || fail "replay marabunta"

step "man page: one section per subcommand of --help"
cmds=$("$fc" --help | awk '/^commands:/{c=1; next} c && /^  [a-z]/{print $1; next} c{c=0}')  # reads to the end: an early exit would break formicary's pipe
[ -n "$cmds" ] || fail "no commands in --help"
for c in $cmds; do
    # roff writes a hyphen as \- (gen_man.py's esc): .SH FORMICARY TRAIN\-EVAL
    grep -qFx ".SH FORMICARY $(echo "$c" | tr a-z A-Z | sed 's/-/\\-/g')" "$root/share/man/man1/formicary.1" ||
        fail "formicary(1) has no section for '$c'"
done
for sec in "EXIT STATUS" EXAMPLES FILES ENVIRONMENT "SEE ALSO"; do
    grep -qFx ".SH $sec" "$root/share/man/man1/formicary.1" || fail "formicary(1) has no $sec section"
done
grep -qF "FORMICARY_DB" "$root/share/man/man1/formicary.1" || fail "formicary(1) does not name FORMICARY_DB"
if command -v man > /dev/null; then
    man -l "$root/share/man/man1/formicary.1" 2>/dev/null | grep -q -- '--games' || fail "man -l cannot render formicary(1)"
fi

step "bash completion"
out=$(PATH=$(dirname "$fc"):$PATH bash -c '
    source "$1"
    COMP_WORDS=(formicary si); COMP_CWORD=1; _formicary; echo "${COMPREPLY[*]}"
    COMP_WORDS=(formicary sim myr); COMP_CWORD=2; _formicary; echo "${COMPREPLY[*]}"
    COMP_WORDS=(formicary sim myrmes --seats random,gr); COMP_CWORD=4; _formicary; echo "${COMPREPLY[*]}"
    COMP_WORDS=(formicary sim myrmes --set winter_p); COMP_CWORD=4; _formicary; echo "${COMPREPLY[*]}"
    cd "$2" || exit 1 # no files named like the shipped ones
    COMP_WORDS=(formicary sim myrmes --rules ha); COMP_CWORD=4; _formicary; echo "${COMPREPLY[*]}"
    COMP_WORDS=(formicary sim myrmes --variant harsh_); COMP_CWORD=4; _formicary; echo "${COMPREPLY[*]}"
' _ "$root/share/bash-completion/completions/formicary" "$(mktemp -d)")
[ "$out" = "$(printf 'sim\nmyrmes\nrandom,greedy\nwinter_penalty=\nharsh\nharsh_winter')" ] || fail "completion gave: $out"

step "SDK: examples/hexpath built against the installed headers and formicary-plugin.pc only"
mkdir -p pc
# the .pc names the configured prefix; the install was moved, so point it at the moved one
# (pkgconf --define-prefix does the same)
sed "s|^prefix=.*|prefix=$root|" "$pc" > pc/formicary-plugin.pc
export PKG_CONFIG_PATH=$tmp/pc PATH=$(dirname "$fc"):$PATH
cp -r "$src/examples/hexpath" hexpath-src # a copy: nothing of the source tree around it
meson setup hp hexpath-src --prefix "$root" > hp-setup.log 2>&1 || { cat hp-setup.log; fail "meson setup of the example"; }
ninja -C hp > hp-build.log 2>&1 || { cat hp-build.log; fail "building the example"; }
grep -q -- "-I$tmp/dest" hp/compile_commands.json || fail "the example did not use the installed headers"
grep -q -- "-I$src" hp/compile_commands.json && fail "the example used the source tree's headers"

step "per-user plugin folder"
mkdir -p "$XDG_DATA_HOME/formicary/plugins"
cp hp/hexpath.so "$XDG_DATA_HOME/formicary/plugins/"
"$fc" plugins | grep -q "$XDG_DATA_HOME/formicary/plugins/hexpath.so" || fail "hexpath not found in \$XDG_DATA_HOME"
rm -r "$XDG_DATA_HOME/formicary"

step "example installed into the plugin dir: play, sim, replay, bench, its own tests"
meson install -C hp --quiet > hp-install.log 2>&1 || { cat hp-install.log; fail "installing the example"; }
"$fc" list | grep -q '^hexpath ' || fail "the installed program does not list the installed example"
"$fc" play hexpath --seats random,greedy --seed 9 --ui text --record h.fcr > hp-play.out 2>&1 || {
    cat hp-play.out; fail "play hexpath"; }
grep -q 'joins its sides and wins' hp-play.out || fail "the hexpath game did not end with a winner"
"$fc" replay h.fcr > /dev/null || fail "replay hexpath"
"$fc" sim hexpath --seats greedy,random --games 30 --threads 2 --json hp.json > /dev/null 2>&1 || fail "sim hexpath"
"$fc" bench hexpath --seconds 0.3 --mcts mcts:iters=50 > hp-bench.out 2>&1 || { cat hp-bench.out; fail "bench hexpath"; }
meson test -C hp > hp-test.log 2>&1 || { cat hp/meson-logs/testlog.txt; fail "the example's own tests"; }
echo "install test: all checks passed"
