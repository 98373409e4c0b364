#!/usr/bin/env bash
# Regenerates a GUI screenshot of docs/screens in a 1280x800 window under a private Xvfb; the
# window's F12 (FORMICARY_GUI_DUMP) saves the frame, converted to PNG. From the repository root
# after a build:
#   docs/screens/shoot.sh [OPTIONS] GAME SECONDS [FORMICARY]     e.g. docs/screens/shoot.sh hive 5
# Without options two greedy bots play GAME (seed 5, bot pace 300 ms) and the shot is taken after
# SECONDS: docs/screens/gui-GAME.png (the shipped pictures: hive 5, marabunta 12, marsz 20,
# myrmes 25, termity 20; under load the bots reach another ply in that time: look at the picture).
# Options, for a human's turn:
#   --seats S    the window's seats (e.g. greedy,human); with a human seat the shot waits, after
#                SECONDS, for a human to be asked (up to 60 s)
#   --after N    greedy bots in every seat play the first N decisions first (same seed, a
#                record cut there), and the window continues that game (play --load)
#   --pick K     on the human's turn, picks the K-th piece that can be picked (the mover's tray
#                items, then the pieces on the board; 1 = the first; the last one when fewer
#                can) and puts the pointer on its first destination; where nothing can be
#                picked, on the first decision row
#   --hover-row K  puts the pointer on decision row K (1 = the first) instead
#   --out NAME   writes docs/screens/NAME.png (default gui-GAME)
# The human-turn pictures: --seats greedy,human --after 10 --pick 4 --out gui-hive-turn hive 2;
# --seats human,greedy,greedy --after 59 --hover-row 3 --out gui-myrmes-turn myrmes 2;
# --seats human,greedy --after 1 --pick 1 --out gui-marsz-turn marsz 2.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
args=("$@")
seats=greedy,greedy after=0 pick=0 hrow=0 out=
while [ $# -gt 0 ]; do
    case $1 in
    --seats) seats=$2; shift 2 ;;
    --after) after=$2; shift 2 ;;
    --pick) pick=$2; shift 2 ;;
    --hover-row) hrow=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --*) echo "shoot.sh: unknown option $1" >&2; exit 2 ;;
    *) break ;;
    esac
done
[ $# -ge 2 ] || { sed -n '2,22p' "$0" >&2; exit 2; }
game=$1 secs=$2 exe=${3:-$root/build/frontends/cli/formicary}
out=${out:-gui-$game}
if [ -z "${DISPLAY:-}" ] || [ "${SHOOT_INNER:-}" != 1 ]; then
    SHOOT_INNER=1 XVFB_SCREEN=1280x800x24 exec bash "$root/tests/gui/xvfb.sh" "$0" "${args[@]}"
fi
dir=$(mktemp -d)
pid=
trap 'rc=$?; if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi; rm -rf "$dir"; exit $rc' EXIT
export FORMICARY_GUI_DUMP=$dir FORMICARY_GUI_SIZE=1280x800 SDL_RENDER_DRIVER=software FORMICARY_DB= FORMICARY_CONFIG=
export XDG_STATE_HOME=$dir/state
load=(--seed 5)
if [ "$after" -gt 0 ]; then
    bots=$(awk -F, '{ for (i = 1; i <= NF; i++) printf "%s%s", (i > 1 ? "," : ""), "greedy" }' <<<"$seats")
    "$exe" play "$game" --seats "$bots" --seed 5 --ui text --quiet --record "$dir/full.rec" >/dev/null
    awk -v k="$after" '$1 == "decisions" { print; on = 1; next } on && $1 == "end" { print "end"; exit }
        on { if (n++ < k) print; next } { print }' "$dir/full.rec" >"$dir/cut.rec"
    load=(--load "$dir/cut.rec")
fi
"$exe" play "$game" "${load[@]}" --ui gui --seats "$seats" --bot-delay 300 >"$dir/out.txt" 2>&1 &
pid=$!
sleep "$secs"
wid=$(timeout 30 xdotool search --sync --onlyvisible --pid "$pid" | head -1) || true
[ -n "$wid" ] || { echo "shoot.sh: no window:" >&2; cat "$dir/out.txt" >&2; exit 1; }
field() { awk -v k="$1" '$1 == k { $1 = ""; sub(/^ /, ""); print; exit }' "$dir/state.txt" 2>/dev/null; }
# humans: the 0-based seats named 'human'
humans=" $(tr ',' '\n' <<<"$seats" | awk '$1 == "human" { printf "%d ", NR - 1 }')"
human_turn() { [[ "$humans" == *" $(field to_move) "* ]] && grep -q '^row ' "$dir/state.txt"; }
if [ "$humans" != " " ]; then
    for _ in $(seq 600); do human_turn && break; sleep 0.1; done
    human_turn || { echo "shoot.sh: no human's turn within 60 s (ply $(field ply))" >&2; exit 1; }
fi
# click X Y / hover X Y: real X input, then until the program has drawn it
settle() { local f; f=$(field frames); for _ in $(seq 50); do [ "$(field frames)" != "$f" ] && break; sleep 0.1; done; sleep 0.3; }
click() { xdotool mousemove --window "$wid" "$1" "$2" click 1; settle; }
hover() { xdotool mousemove --window "$wid" "$1" "$2"; settle; }
if [ "$pick" -gt 0 ]; then
    mover=$(field to_move) k=0 last=
    while read -r x y; do
        click "$x" "$y"
        if grep -q '^pick [ih]' "$dir/state.txt"; then
            k=$((k + 1)) last="$x $y"
            [ $k -ge "$pick" ] && break
            click "$x" "$y" # dropped again: the next one
        fi
    done < <(awk -v s="$mover" '$1 == "tray" && $3 == s { print $4, $5 } $1 == "source" { print $4, $5 }' "$dir/state.txt")
    if [ $k -lt "$pick" ] && [ -n "$last" ]; then click $last; fi # fewer than K: the last one
    read -r _ _ _ x y _ < <(grep -m1 '^dest ' "$dir/state.txt") || true
    [ -n "${x:-}" ] || read -r _ _ x y _ < <(grep -m1 '^row ' "$dir/state.txt")
    hover "$x" "$y"
elif [ "$hrow" -gt 0 ]; then
    read -r _ _ x y _ < <(grep '^row ' "$dir/state.txt" | sed -n "${hrow}p")
    hover "$x" "$y"
fi
ply=$(field ply)
xdotool key --window "$wid" F12
for _ in $(seq 50); do ls "$dir"/shot-*.bmp >/dev/null 2>&1 && break; sleep 0.2; done
sleep 0.5
python3 "$root/tests/gui/shot_check.py" png "$(ls "$dir"/shot-*.bmp | head -1)" "$root/docs/screens/$out.png"
echo "docs/screens/$out.png (ply $ply)"
