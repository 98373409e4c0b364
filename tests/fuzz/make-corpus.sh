#!/usr/bin/env bash
# Makes the seed corpora (tests/fuzz/corpus/TARGET/) and the generated parts of the
# dictionaries (tests/fuzz/dict/TARGET.dict) with the program itself: it plays and records a
# few games per plugin (the Bid Race fixture included), cuts records short, turns their
# decisions into notation scripts and shell transcripts and their parameter lines into INI
# rule sets and --set lists, copies the shipped rule sets, Termity maps and variants, writes
# positions of every game that has them at several plies and player counts (and takes the
# tests' hand-written ones), and records games that start from positions.
#   tests/fuzz/make-corpus.sh [BUILD_DIR]     (default: build-fuzz; any build with the plugins)
# Deterministic (fixed seeds): running it again gives the same files. Commit the result.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=$(cd "${1:-$root/build-fuzz}" && pwd)
fc=("$build/frontends/cli/formicary")
export FORMICARY_PLUGIN_PATH=$build/tests/fixtures
[ -x "${fc[0]}" ] || { echo "make-corpus: ${fc[0]} not built" >&2; exit 1; }
corpus=$here/corpus
dict=$here/dict
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
targets=(record rules_ini termity_map notation set shell variant position)
for t in "${targets[@]}"; do rm -rf "${corpus:?}/$t"; mkdir -p "$corpus/$t"; done
mkdir -p "$dict"

games=$("${fc[@]}" list | awk 'NR > 1 { print $1 }')
# Bid Race is the fixture's own small variant (the core's test variants target a fake game).
cat >"$tmp/bidrace.lua" <<'LUA'
variant{ name = "Fuzz seed", description = "every hook, query and action of Bid Race", game = "bidrace" }
set("goal", 12)
set("die_sides", 4)
hook("move_bonus", function(seat, roll)
  if game.tokens(seat) < 3 then return roll % 2 end
  return -1
end)
hook("on_round_end", function(r)
  if r % 3 == 0 then action.advance(1, 1) end
  return game.position(2) + game.round()
end)
LUA

# decisions FILE [MAX]: the notation of each decision of a record (at most MAX), one per line.
decisions() {
    awk -v max="${2:-1000000}" '/^decisions$/ { d = 1; next } d && /^end$/ { exit }
        d && n++ < max { sub(/^[^ ]* /, ""); print }' "$1"
}
header() { awk '$1 == "game" { g = $2 } $1 == "seats" { s = $2 } END { print g, s }' "$1"; }

for g in bidrace $games; do
    min=$("${fc[@]}" rules "$g" | sed -n '1s/.*), \([0-9]*\).*/\1/p')
    [ -n "$min" ] || min=2
    variant=$(ls "$root/scripts/$g/"*.lua 2>/dev/null | head -n 1 || true)
    [ "$g" = bidrace ] && variant=$tmp/bidrace.lua
    for seed in 1 2; do
        seats=$((min + seed - 1))
        "${fc[@]}" rules "$g" --seats "$seats" >/dev/null 2>&1 || seats=$min
        rec=$tmp/$g-$seed.fcr
        "${fc[@]}" play "$g" --seats "$seats" --seed "$seed" --record "$rec" --quiet >/dev/null
        cp "$rec" "$corpus/record/$g-s$seed.fcr"
        # Cut short: the first N decisions and 'end' (a game to continue).
        n=$(decisions "$rec" | wc -l)
        cut=$((n / 3 + seed))
        awk -v keep="$cut" '/^decisions$/ { d = 1; print; next } d && /^end$/ { print; exit }
             d { if (++k <= keep) print; next } { print }' "$rec" >"$corpus/record/$g-s$seed-cut$cut.fcr"
        hdr=$(header "$rec")
        # Notation: the recorded decisions (chance outcomes as notation too), then undo, a
        # chance draw and legal picks by index.
        { echo "$hdr"; decisions "$rec" 60; printf '!\n!\n?\n#0\n#3\n#17\n!\n'; } \
            >"$corpus/notation/$g-s$seed.txt"
        # Shell: a session that plays, looks around, saves, loads, undoes and starts again.
        { echo "$hdr"; echo help; echo legal
          decisions "$rec" 25 | sed 's/^/play /'
          printf 'state\nview\nview 0\nlog\nposition\nposition json\nsave game.fcr\nundo\nundo\nload game.fcr\nchance\nagent random\n'
          printf 'setup\nposition %s\nseats %s\n\nend\n' "$g" "$seats"
          printf 'agent greedy\nagent mcts:iters=20,depth=8\nnew %s %s\nlegal\nplay nonsense 1,2\nfoo\nundo now\nquit\n' "$seats" "$seed"
        } >"$corpus/shell/$g-s$seed.txt"
    done
    rec=$tmp/$g-1.fcr
    hdr=$(header "$rec")
    # Parameters as --set lines and as an INI rule set, from the record's param lines.
    { echo "$hdr"; awk '$1 == "param" { v = $0; sub(/^param [^ ]* /, "", v); print $2 "=" v }' "$rec"; } \
        >"$corpus/set/$g-all.txt"
    { echo "$hdr"; awk '$1 == "param" && n++ < 3 { v = $0; sub(/^param [^ ]* /, "", v); print $2 "=" v }' "$rec"; } \
        >"$corpus/set/$g-few.txt"
    { echo "$hdr"; printf '[ruleset]\nname = fuzz seed\ndescription = every parameter of %s\ngame = %s\n\n[params]\n' "$g" "$g"
      awk '$1 == "param" { v = $0; sub(/^param [^ ]* /, "", v); print $2 " = " v }' "$rec"; } \
        >"$corpus/rules_ini/$g-all.ini"
    # Variants: one per game in a record too (the record embeds its text).
    if [ -n "$variant" ]; then
        { echo "$g"; cat "$variant"; } >"$corpus/variant/$g-$(basename "$variant")"
        "${fc[@]}" play "$g" --seats "$min" --seed 3 --variant "$variant" --record "$tmp/v.fcr" --quiet >/dev/null
        cp "$tmp/v.fcr" "$corpus/record/$g-variant.fcr"
    fi
done
for f in "$root"/config/*/*.ini; do
    g=$(basename "$(dirname "$f")")
    { echo "$g"; cat "$f"; } >"$corpus/rules_ini/$g-$(basename "$f")"
done
for f in "$root"/scripts/*/*.lua; do
    g=$(basename "$(dirname "$f")")
    { echo "$g"; cat "$f"; } >"$corpus/variant/$g-$(basename "$f")"
done
cp "$root"/plugins/termity/data/maps/*.csv "$corpus/termity_map/"
printf '# a small custom board\nq,r,terrain\n0,0,neutral\n1,0,water\n0,1,vegetation\n-1,1,stones\n2,-1,open\n' \
    >"$corpus/termity_map/small.csv"

# Positions (fuzz_position): the first byte picks the game, its low nibble the index among the
# games that read positions sorted by id (as the target sorts them), its high nibble the seats
# above the game's minimum; the rest is the text. Each game at its fewest and most seats, at
# the start, a third and two thirds into a random game and at its end (written by the shell's
# 'position' after loading the record cut there), the tests' positions (tests/game/*/positions),
# and Hive UHP GameStrings; leading '%set KEY=VALUE' lines are the rule set's parameters. Per
# game one game from a test position and one from a generated position are recorded for the
# record corpus.
pgames=$(for g in $games; do
    # (read it all: with pipefail, grep -q closing the pipe early would fail the shell)
    printf 'position\nquit\n' | "${fc[@]}" shell "$g" 2>/dev/null | awk '/^ok position/ { ok = 1 } END { exit !ok }' &&
        echo "$g"
done | LC_ALL=C sort)
# pbyte GAME SEATS: the first byte of an input for GAME with SEATS players, as \xHH.
pbyte() {
    local i=0 g min
    for g in $pgames; do [ "$g" = "$1" ] && break; i=$((i + 1)); done
    min=$("${fc[@]}" rules "$1" | sed -n '1s/.*), \([0-9]*\).*/\1/p')
    printf '\\x%02x' $((($2 - min) * 16 + i))
}
# position_at GAME SEATS RECORD: the position after RECORD's decisions (a cut record), on stdout.
position_at() {
    printf 'load %s\nposition\nquit\n' "$3" | "${fc[@]}" shell "$1" --seats "$2" |
        awk '/^ok position / { n = $3; next } n-- > 0'
}
for g in $pgames; do
    range=$("${fc[@]}" rules "$g" | sed -n '1s/.*), \([0-9]*\)-\([0-9]*\) players.*/\1 \2/p')
    for seats in $(echo "$range" | tr ' ' '\n' | sort -un); do
        rec=$tmp/p-$g-$seats.fcr
        "${fc[@]}" play "$g" --seats "$seats" --seed 5 --record "$rec" --quiet >/dev/null
        n=$(decisions "$rec" | wc -l)
        for cut in 0 $((n / 3)) $((2 * n / 3)) "$n"; do
            awk -v keep="$cut" '/^decisions$/ { d = 1; print; next } d && /^end$/ { print; exit }
                 d { if (++k <= keep) print; next } { print }' "$rec" >"$tmp/cut.fcr"
            { printf "$(pbyte "$g" "$seats")"; position_at "$g" "$seats" "$tmp/cut.fcr"; } \
                >"$corpus/position/$g-$seats-ply$cut.pos"
        done
        if [ "$seats" = "${range%% *}" ]; then # a third into the game, for a record from it
            awk -v keep=$((n / 3)) '/^decisions$/ { d = 1; print; next } d && /^end$/ { print; exit }
                 d { if (++k <= keep) print; next } { print }' "$rec" >"$tmp/third.fcr"
            position_at "$g" "$seats" "$tmp/third.fcr" >"$tmp/$g-third.pos"
        fi
    done
done
# The tests' positions, each under the first of these rule sets that reads it (and plays a game
# from it; the first that does per game is recorded): some need the parameters of their test.
candidate_sets() { case $1 in hive) echo "game_type=Base+M game_type=Base+P game_type=Base+MLP" ;; termity) echo "neutral_count=0" ;; esac; }
for f in "$root"/tests/game/*/positions/*.pos; do
    g=$(awk '$1 == "position" { print $2; exit }' "$f")
    seats=$(awk '$1 == "seats" { print $2; exit }' "$f")
    base=$(basename "$f" .pos)
    use=
    for set in "" $(candidate_sets "$g"); do
        setarg=()
        [ -z "$set" ] || setarg=(--set "$set")
        "${fc[@]}" play "$g" --seats "$seats" --seed 3 "${setarg[@]}" --position "$f" --record "$tmp/from.fcr" \
            --quiet >/dev/null 2>&1 || continue
        use=$set
        ls "$corpus/record/$g-from-"*.fcr >/dev/null 2>&1 || cp "$tmp/from.fcr" "$corpus/record/$g-from-$base.fcr"
        break
    done
    { printf "$(pbyte "$g" "$seats")"; [ -z "$use" ] || echo "%set $use"; cat "$f"; } >"$corpus/position/$g-$base.pos"
done
if echo "$pgames" | grep -qx hive; then
    { printf "$(pbyte hive 2)"; printf 'Base;InProgress;White[3];wS1;bG1 -wS1;wQ wS1/;bQ /bG1\n'; } \
        >"$corpus/position/hive-gamestring.pos"
    { printf "$(pbyte hive 2)"; printf '%%set game_type=Base+MLP\nBase+MLP;InProgress;White[3];wS1;bG1 -wS1;wQ wS1/;bQ /bG1\n'; } \
        >"$corpus/position/hive-gamestring-mlp.pos"
fi
for g in $pgames; do
    if [ -s "$tmp/$g-third.pos" ]; then
        seats=$(awk '$1 == "seats" { print $2; exit }' "$tmp/$g-third.pos")
        "${fc[@]}" play "$g" --seats "$seats" --seed 4 --position "$tmp/$g-third.pos" --record "$tmp/from.fcr" --quiet >/dev/null
        # cut short: 5 decisions from the position, a game to continue
        awk '/^decisions$/ { d = 1; print; next } d && /^end$/ { print; exit }
             d { if (++k <= 5) print; next } { print }' "$tmp/from.fcr" >"$corpus/record/$g-from-mid-cut5.fcr"
    fi
done

# Dictionaries: fixed keywords (dict/*.base.dict, hand-written) plus names from the plugins.
words() { sort -u | sed 's/.*/"&"/'; }
for t in "${targets[@]}"; do
    { [ -f "$dict/$t.base" ] && cat "$dict/$t.base"; true; } >"$tmp/$t.dict"
done
params=$(cat "$tmp"/*-1.fcr | awk '$1 == "param" { print $2 }' | sort -u)
hooks=$(for g in bidrace $games; do "${fc[@]}" rules "$g" | sed -n '/^hook points:/,/^$/p' | awk 'NR > 2 && NF { print $1 }'; done)
lua_api=$(for g in bidrace $games; do "${fc[@]}" rules "$g" | sed -n '/^Lua \(queries\|actions\):/,/^$/p' | awk '!/^Lua/ && NF { print $1 }'; done)
notation=$(for f in "$tmp"/*.fcr; do decisions "$f"; done | awk '{ print $1 }' | sort -u)
ids=$(printf '%s\n' bidrace $games)
{ echo "$ids"; echo "$params"; } | words >>"$tmp/record.dict"
{ echo "$notation"; } | words >>"$tmp/record.dict"
{ echo "$ids"; echo "$params"; } | words >>"$tmp/rules_ini.dict"
{ echo "$ids"; echo "$params" | sed 's/$/=/'; } | words >>"$tmp/set.dict"
{ echo "$ids"; echo "$notation"; } | words >>"$tmp/notation.dict"
{ echo "$ids"; echo "$notation"; } | words >>"$tmp/shell.dict"
{ echo "$ids"; echo "$params"; echo "$hooks"; echo "$lua_api"; } | words >>"$tmp/variant.dict"
# position keys (the first word of each line) and every other word of the generated positions
cat "$corpus"/position/* | tr -d '\000-\010\200-\377' | sed 's/#.*//' | tr -s ' \t' '\n\n' |
    grep -E '^[A-Za-z_][A-Za-z0-9_+-]*$' | words >>"$tmp/position.dict"
for t in "${targets[@]}"; do
    [ -s "$tmp/$t.dict" ] && { echo "# generated by make-corpus.sh from $t.base and the plugins"; cat "$tmp/$t.dict"; } >"$dict/$t.dict"
done
for t in "${targets[@]}"; do printf '%-12s %3d inputs %7d bytes\n' "$t" "$(ls "$corpus/$t" | wc -l)" "$(cat "$corpus/$t"/* | wc -c)"; done
