#!/usr/bin/env bash
# Instructions the server executes per request, counted by valgrind's callgrind: unlike
# seconds, a count does not drift with the machine's load (see BENCHMARKS.md, "Service").
#
#   scripts/instructions.sh [BIN]     # default target/release/hasenpfeffer (build it first)
#
# Starts a private redis-server and the server (WORKERS=1) under callgrind, seeds games with
# scripts/loadbench/driver.py, then counts N (default 500, env IB_N) moves played one after
# the other on one game (each a cache hit plus one write script, as in the load benchmark's
# (b)), N views of that game by its seat 0 (`GET /v1/games/{id}`) and N `GET /readyz`, and prints instructions per request: the server's (user space,
# every thread) and, with Redis also run under callgrind, Redis's. The kernel's are not counted.
# Needs valgrind (apt-get install -y valgrind) and redis-server; takes about a minute.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
BIN=${1:-$ROOT/target/release/hasenpfeffer}
N=${IB_N:-500}
for t in valgrind callgrind_control redis-server redis-cli python3; do
  command -v "$t" >/dev/null || { echo "instructions: $t is missing (apt-get install -y valgrind redis-server)" >&2; exit 2; }
done
WORK=$(mktemp -d /tmp/instructions.XXXXXX)
source "$ROOT/scripts/lib.sh"
RPORT=$(free_port)
SPORT=$(free_port)
cleanup() {
  stop_pids
  if [[ -n "${IB_KEEP:-}" ]]; then echo "instructions: kept $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT
start_redis "$RPORT" "$WORK/redis.log" valgrind --tool=callgrind --callgrind-out-file="$WORK/redis.%p" -q
REDIS_URL=redis://127.0.0.1:$RPORT PORT=$SPORT BIND_ADDR=127.0.0.1 RUST_LOG=warn WORKERS=1 \
  RATE_LIMIT_PER_SEC=0 valgrind --tool=callgrind --callgrind-out-file="$WORK/server.%p" "$BIN" \
  >"$WORK/server.log" 2>&1 &
VPID=$!
PIDS+=("$VPID")
# under valgrind the server starts slowly
wait_ready "http://127.0.0.1:$SPORT/readyz" 600 || { echo "server did not start"; cat "$WORK/server.log"; exit 1; }
python3 scripts/loadbench/driver.py seed --port "$SPORT" --games 1 --out "$WORK/set.lua" >/dev/null
for mode in moves view readyz; do
  python3 scripts/loadbench/replay.py --port "$SPORT" --data "$WORK/set.lua" --n "$N" --mode "$mode" --pid "$VPID,$REDIS_PID"
done
for who in server redis; do
  for mode in moves view readyz; do
    f=$(grep -l "^desc: Trigger: dump $mode" "$WORK"/$who.* | head -1)
    total=$(awk '/^summary:/{print $2; exit}' "$f")
    awk -v t="$total" -v n="$N" -v m="$mode" -v w="$who" \
      'BEGIN{printf "%-6s %-7s %8.1fk instructions per request (%d requests)\n", w, m, t / n / 1000, n}'
  done
done
