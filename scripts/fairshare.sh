#!/usr/bin/env bash
# Fair share of the CPU (issue 38): a stranger's move against three house experts, its latency
# alone and while one bot runs house-only duplicate matches (house-expert against
# house-heuristic), on the release server over the embedded memory store (BENCHMARKS.md).
#
#   scripts/fairshare.sh [MOVES] [MATCHES] [DEALS] [BIN]
#       # default 300 moves, 4 matches of 100 deals, target/release/hasenpfeffer
#   FS_REDIS=1 scripts/fairshare.sh     # on a private Redis instead
#
# The server lets the bot run MATCHES matches at once (MATCHES_RUNNING_PER_BOT, default 2
# otherwise). Build the binary first (cargo build --release). A benchmark, not a test: it
# prints the figures and fails only if the server does.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
MOVES=${1:-300}
MATCHES=${2:-4}
DEALS=${3:-100}
BIN=${4:-$ROOT/target/release/hasenpfeffer}
WORK=$(mktemp -d /tmp/fairshare.XXXXXX)
source "$ROOT/scripts/lib.sh"
trap 'stop_pids; rm -rf "$WORK"' EXIT
SPORT=$(free_port)
if [[ -n "${FS_REDIS:-}" ]]; then
  RPORT=$(free_port)
  start_redis "$RPORT" "$WORK/redis.log"
  export REDIS_URL="redis://127.0.0.1:$RPORT"
fi
PORT=$SPORT RUST_LOG=warn MATCHES_RUNNING_PER_BOT="$MATCHES" "$BIN" >"$WORK/server.log" 2>&1 &
PIDS+=($!)
wait_ready "http://127.0.0.1:$SPORT/readyz"
echo "cpus: $(nproc), load before: $(cut -d' ' -f1-3 /proc/loadavg)"
BASE="http://127.0.0.1:$SPORT" python3 "$ROOT/scripts/fairshare.py" "$MOVES" "$MATCHES" "$DEALS"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
