#!/usr/bin/env bash
# A live game names a hidden choice from the ply the game reveals it, never before (issue 27):
# bidrace, the human (Seat 1) against two bots, seed 7. Round 2's first bids are the bots'
# (plies 5 and 6, hidden from the human until the human's bid reveals the round); round 3's
# first is Seat 3's (ply 9). The log at the human's turns (ply 6: both hidden; ply 9: both
# named, ply 9 hidden) and the list of the last decisions while a bot is paced (round 2,
# Seat 3 to bid: ply 2 named, revealed by ply 3; ply 5 hidden) see each decision as the
# core's history says (fc_match_history_audience), as the replay viewer does. A game saved at
# ply 9 and continued with --load shows the record's decisions in its log at once.
# usage: tty_reveal.sh FORMICARY FIXTURE_DIR bidrace      (exit 77 = skipped)
. "$(dirname "$(realpath "$0")")/tty_lib.sh"
[ "$GAME" = bidrace ] || { echo "SKIP: the scenario is bidrace's"; exit 77; }

# the log pane (the right column, from its title down) as plain lines "N Seat K: TEXT"
log() { screen | awk '/─ Log ─/ { on = 1; next } on' | sed -n 's/.*│ *//p'; }
log_has() { log | grep -Eq -- "$1"; }
expect_log() {
    local i=0
    while [ $i -lt $((50 * SLOW)) ] && ! log_has "$2"; do sleep 0.1; i=$((i + 1)); done
    if log_has "$2"; then pass "$1"; else fail "$1 (no /$2/ in the log)"; fi
}

# ---- the log, bots unpaced ----
start 100 50 --seats human,random,random --seed 7 --bot-delay 0
expect "bidrace: the human bids first in round 1" "$human_turn" 20
keys Home Enter
wait_for "ply 6 " 20
expect "bidrace: the human's turn in round 2, at ply 6" "$human_turn" 5
expect_log "bidrace: log at ply 6: Seat 2's bid (ply 5) hidden before the reveal" "^5 Seat 2: \(hidden\)"
expect_log "bidrace: log at ply 6: Seat 3's bid (ply 6) hidden before the reveal" "^6 Seat 3: \(hidden\)"
keys Home Enter # the human's bid reveals the round
wait_for "ply 9 " 20
expect "bidrace: the human's turn in round 3, at ply 9" "$human_turn" 5
expect_log "bidrace: log at ply 9: Seat 2's bid (ply 5) named once revealed" "^5 Seat 2: bid [0-9]+"
expect_log "bidrace: log at ply 9: Seat 3's bid (ply 6) named once revealed" "^6 Seat 3: bid [0-9]+"
expect_log "bidrace: log at ply 9: round 3's first bid (ply 9) still hidden" "^9 Seat 3: \(hidden\)"
keys s
expect "bidrace: s asks for a file name" "Save the record"
keys C-u "$TMP/bid9.rec" Enter
expect "bidrace: saved at ply 9" "saved 9 decisions to $TMP/bid9.rec"
keys q
expect "bidrace: quit" "EXIT=0" 20

# ---- a game continued with --load: the log goes on from the record's decisions ----
start 100 50 --seats human,random,random --bot-delay 0 --load "$TMP/bid9.rec"
expect "bidrace (--load): the human's turn at ply 9" "$human_turn" 20
expect_log "bidrace (--load): the record's revealed bid (ply 5) in the log at once" "^5 Seat 2: bid [0-9]+"
expect_log "bidrace (--load): the record's last bid (ply 9) in the log, hidden" "^9 Seat 3: \(hidden\)"
keys q
expect "bidrace (--load): quit" "EXIT=0" 20

# ---- the last decisions while a bot is paced ----
start 100 50 --seats human,random,random --seed 7 --bot-delay 3000
expect "bidrace (paced): the human bids first" "$human_turn" 20
keys Home Enter
# round 2, Seat 3 to bid (ply 5): one screen of the paced list, read at once
shot=
for ((i = 0; i < 600 * SLOW; i++)); do
    s=$(screen)
    if grep -q "Seat 3 (random) is playing - paced" <<<"$s" && grep -Eq "^ +5 Seat 2: " <<<"$s"; then shot=$s; break; fi
    sleep 0.1
done
if [ -z "$shot" ]; then
    fail "bidrace (paced): no paced screen of Seat 3 in round 2"
else
    grep -Eq "^ +2 Seat 2: bid [0-9]+" <<<"$shot" && pass "bidrace (paced): round 1's Seat 2 bid (ply 2) named, revealed at ply 3" ||
        fail "bidrace (paced): ply 2 not named after its reveal"
    grep -Eq "^ +5 Seat 2: \(hidden\)" <<<"$shot" && pass "bidrace (paced): round 2's Seat 2 bid (ply 5) hidden before the reveal" ||
        fail "bidrace (paced): ply 5 named before its reveal"
fi
keys q
wait_for "not saved" 5 && keys q
expect "bidrace (paced): quit" "EXIT=0" 20
echo "1..$n"
[ $fails -eq 0 ]
