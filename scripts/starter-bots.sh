#!/usr/bin/env bash
# The starter bots play whole games: builds the release server, starts it on a free port (the
# in-memory store), and runs the Rust bot (examples/bot.rs), the Python bot
# (examples/python/run.sh) and the TypeScript bot (examples/typescript/run.sh) against it, each a
# game against three house players of the default preset and one of each preset in PRESETS
# (default: bacon and five-hundred; the bots post `legal_actions` as they are, whatever the
# game: Five Hundred's strain bids, misères, calls and joker leads need nothing new). Fails if one
# does not reach the end of its game in time, if its game is not of the preset asked for, or if
# running them wrote anything under examples/ (generated clients and dependencies belong in
# ~/.cache/hasenpfeffer). Then each bot plays once in account mode (BOT_NAME: it registers, saves
# its key, queues and plays the table its inbox announces), and the Rust bot again under the same
# name, on the key it saved (no second registration); four Rust bots play a duplicate arena
# (ARENA) to its end. The test keys are deleted at the end.
#
#   bash scripts/starter-bots.sh
#   PRESETS="bacon euchre buck-euchre" bash scripts/starter-bots.sh
#   SB_NO_BUILD=1 bash scripts/starter-bots.sh   # the release server and bot are built already
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -z "${SB_NO_BUILD:-}" ]; then
  cargo build --release --locked --bin hasenpfeffer --example bot
fi
target="${CARGO_TARGET_DIR:-target}"

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"
log=$(mktemp)
# The account-mode bots' names (one run's own) and where they keep their keys.
bots="starter-$$"
keys="${XDG_CACHE_HOME:-$HOME/.cache}/hasenpfeffer/bots"
# Registrations: four bots, whatever other runs from this address did within the hour.
env -u REDIS_URL PORT="$port" BIND_ADDR=127.0.0.1 LOG_FORMAT=pretty RUST_LOG=warn \
  BOT_REGISTRATIONS_PER_HOUR=100 "$target/release/hasenpfeffer" >"$log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -f "$log" \
  "$keys/$bots-rust.key" "$keys/$bots-python.key" "$keys/$bots-typescript.key"' EXIT
trap 'exit 1' INT TERM # so that the server is stopped then too
for _ in $(seq 100); do
  curl -fsS "$base/healthz" >/dev/null 2>&1 && break
  kill -0 "$server" 2>/dev/null || { cat "$log"; echo "the server did not start" >&2; exit 1; }
  sleep 0.1
done
curl -fsS "$base/healthz" >/dev/null

# What git sees under examples/ (ignored files too), to check that the bots write nothing there.
examples_state() { git status --porcelain --ignored -- examples 2>/dev/null || true; }
before=$(examples_state)

out=""      # the last bot's output
play() { # play <name> <preset|""> <seconds> <command...>: runs a bot, checks it saw the game's end
  local name=$1 preset=$2 limit=$3 status=0 game
  shift 3
  echo "--- $name${preset:+ ($preset)}"
  out=$(BASE_URL="$base" PRESET="$preset" timeout "$limit" "$@" 2>&1) || status=$?
  echo "$out" | tail -n 5
  if [ "$status" -ne 0 ] || ! grep -q '^game over' <<<"$out"; then
    echo "the $name starter bot did not finish its ${preset:-default} game (exit $status)" >&2
    exit 1
  fi
  # The game it played: finished, and of the preset asked for.
  game=$(sed -n 's/^game \([0-9a-z]*\): playing seat.*/\1/p' <<<"$out" | head -n 1)
  curl -fsS "$base/v1/games/$game" | python3 -c '
import json, sys
view, want = json.load(sys.stdin), sys.argv[1] or "hasenpfeffer"
game, hands = view["game_id"], view["hand_number"] + 1
got = (view["status"], view["ruleset"]["preset"])
if got != ("finished", want):
    sys.exit(f"game {game}: {got}, not a finished {want} game")
print(f"(game {game}: a finished {want} game, {hands} hands)")
' "$preset"
}

# The example built above (what `cargo run --release --example bot` runs), run directly so that
# a source edit meanwhile cannot start a rebuild inside the time limit.
for preset in "" ${PRESETS-bacon five-hundred}; do
  play rust "$preset" 300 "$target/release/examples/bot"
  play python "$preset" 600 bash examples/python/run.sh
  play typescript "$preset" 600 bash examples/typescript/run.sh
done

# Account mode: register (the key saved in $keys), queue with house players after 200 ms, play
# the seat the inbox announces, stop after one game.
unset BOT_KEY
account() { # account <language> <command...>: plays one game as the bot "$bots-<language>"
  local language=$1 name="$bots-$1"
  shift
  BOT_NAME="$name" GAMES=1 FILL_AFTER_MS=200 HOUSE=heuristic play "$language account" "" 300 "$@"
  if grep -q 'hpb_' <<<"$out"; then
    echo "the $language bot printed its key" >&2
    exit 1
  fi
}
registered() { # registered <language>: the bot registered, and its key file is its own only
  if ! grep -q "^bot $bots-$1: registered" <<<"$out"; then
    echo "the $1 bot did not say it registered" >&2
    exit 1
  fi
  if [ "$(stat -c %a "$keys/$bots-$1.key")" != 600 ]; then
    echo "$keys/$bots-$1.key: mode $(stat -c %a "$keys/$bots-$1.key"), not 600" >&2
    exit 1
  fi
}
account rust "$target/release/examples/bot"
registered rust
account python bash examples/python/run.sh
registered python
account typescript bash examples/typescript/run.sh
registered typescript
# The Rust bot again: the key it saved, the same account (two games on its profile).
echo "(the Rust bot again, as $bots-rust: its saved key)"
account rust "$target/release/examples/bot"
if grep -q 'registered' <<<"$out" || ! grep -q "^bot $bots-rust: its key from" <<<"$out"; then
  echo "the Rust bot did not reuse its saved key" >&2
  exit 1
fi
curl -fsS "$base/v1/bots/$bots-rust" | python3 -c '
import json, sys
profile = json.load(sys.stdin)
name, games = profile["name"], profile["games_played"]
if games != 2:
    sys.exit(f"{name}: {games} games, not 2")
print(f"({name}: 2 games, one account)")
'

# An arena: four Rust starter bots (ARENA) join a duplicate arena of euchre, two rounds with
# house players filling the second table, and play it to its end (each stops on its
# `arena_finished`); the arena's standings list the four, each with its two deals.
arena_bots=()
for i in 1 2 3 4; do arena_bots+=("$bots-arena$i"); done
creator_key=$(curl -fsS -X POST "$base/v1/bots" -H 'content-type: application/json' \
  -d "{\"name\": \"$bots-arena-host\"}" | python3 -c 'import json, sys; print(json.load(sys.stdin)["api_key"])')
arena=$(curl -fsS -X POST "$base/v1/arenas" -H 'content-type: application/json' \
  -H "Authorization: Bot $creator_key" \
  -d '{"name": "Starter bots", "kind": "duplicate", "ruleset": {"preset": "euchre"}, "rounds": 2,
       "starts_in_ms": 3000, "house": "heuristic"}' \
  | python3 -c 'import json, sys; print(json.load(sys.stdin)["arena_id"])')
pids=()
for name in "${arena_bots[@]}"; do
  BASE_URL="$base" BOT_NAME="$name" ARENA="$arena" timeout 120 "$target/release/examples/bot" \
    >"$log.$name" 2>&1 &
  pids+=("$!")
done
for i in "${!pids[@]}"; do
  if ! wait "${pids[$i]}"; then
    cat "$log.${arena_bots[$i]}" >&2
    echo "the starter bot ${arena_bots[$i]} did not play the arena to its end" >&2
    exit 1
  fi
  grep -q "^arena $arena: over, place" "$log.${arena_bots[$i]}" || {
    cat "$log.${arena_bots[$i]}" >&2; echo "no arena_finished for ${arena_bots[$i]}" >&2; exit 1; }
  rm -f "$log.${arena_bots[$i]}" "$keys/${arena_bots[$i]}.key"
done
curl -fsS "$base/v1/arenas/$arena" | python3 -c '
import json, sys
arena = json.load(sys.stdin)
assert arena["status"] == "finished", arena["status"]
lines = {l["bot"]: l for l in arena["standings"]}
assert len(lines) == 4 and all(l["games"] == 2 for l in lines.values()), arena["standings"]
print("(an arena: " + ", ".join("%s. %s %s%%" % (l["rank"], b, l["score"]) for b, l in lines.items()) + ")")
'

after=$(examples_state)
if [ "$before" != "$after" ]; then
  echo "running the starter bots wrote under examples/:" >&2
  diff <(echo "$before") <(echo "$after") >&2 || true
  exit 1
fi
echo "the three starter bots played a whole game each of: default ${PRESETS-bacon five-hundred};" \
  "and one each in account mode, the Rust bot a second on its saved key; four Rust bots an arena"
