#!/usr/bin/env bash
# Regenerates a GUI screenshot of docs/screens: two greedy bots play GAME in a 1280x800 window
# under a private Xvfb; after SECONDS the window's F12 (FORMICARY_GUI_DUMP) saves the frame,
# converted to PNG. Usage, from the repository root after a build:
#   docs/screens/shoot.sh GAME SECONDS [FORMICARY]      e.g. docs/screens/shoot.sh hive 5
# (the shipped pictures: hive 5, marabunta 12, marsz 20, myrmes 25, termity 20; seed 5, bot pace
# 300 ms; under load the bots reach another ply in that time: look at the picture).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
game=$1 secs=$2 exe=${3:-$root/build/frontends/cli/formicary}
if [ -z "${DISPLAY:-}" ] || [ "${SHOOT_INNER:-}" != 1 ]; then
    SHOOT_INNER=1 XVFB_SCREEN=1280x800x24 exec bash "$root/tests/gui/xvfb.sh" "$0" "$game" "$secs" "$exe"
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
FORMICARY_GUI_DUMP=$dir FORMICARY_GUI_SIZE=1280x800 SDL_RENDER_DRIVER=software FORMICARY_DB= FORMICARY_CONFIG= \
    "$exe" play "$game" --ui gui --seats greedy,greedy --seed 5 --bot-delay 300 >/dev/null 2>&1 &
pid=$!
sleep "$secs"
wid=$(timeout 30 xdotool search --sync --onlyvisible --pid "$pid" | head -1)
xdotool key --window "$wid" F12
for _ in $(seq 50); do ls "$dir"/shot-*.bmp >/dev/null 2>&1 && break; sleep 0.2; done
sleep 0.5
python3 "$root/tests/gui/shot_check.py" png "$(ls "$dir"/shot-*.bmp | head -1)" "$root/docs/screens/gui-$game.png"
kill "$pid" 2>/dev/null || true
echo "docs/screens/gui-$game.png"
