#!/usr/bin/env bash
# How long after a rated game's last move its effects land (the outbox's worker: the bots'
# game_over entries, the rating), on a private Redis with the release server (BENCHMARKS.md).
#
#   scripts/effects-latency.sh [GAMES] [BIN]   # default 20 games, target/release/hasenpfeffer
#   EL_MEMORY=1 scripts/effects-latency.sh     # on the embedded memory store instead
#
# Fails if any effect took over 1 s. Build the binary first (cargo build --release).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
GAMES=${1:-20}
BIN=${2:-$ROOT/target/release/hasenpfeffer}
WORK=$(mktemp -d /tmp/effects.XXXXXX)
source "$ROOT/scripts/lib.sh"
trap 'stop_pids; rm -rf "$WORK"' EXIT
SPORT=$(free_port)
if [[ -z "${EL_MEMORY:-}" ]]; then
  RPORT=$(free_port)
  start_redis "$RPORT" "$WORK/redis.log"
  export REDIS_URL="redis://127.0.0.1:$RPORT"
fi
PORT=$SPORT RUST_LOG=warn "$BIN" >"$WORK/server.log" 2>&1 &
PIDS+=($!)
wait_ready "http://127.0.0.1:$SPORT/readyz"
BASE="http://127.0.0.1:$SPORT" python3 "$ROOT/scripts/effects_latency.py" "$GAMES"
