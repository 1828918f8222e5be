#!/usr/bin/env bash
# The server's instructions per request, counted by callgrind (valgrind): a figure that does not
# move with the machine's other load, unlike loadbench.sh's rates and latencies, so that two
# builds can be compared on a busy machine. See BENCHMARKS.md, "Instructions per request".
#
#   scripts/instrbench.sh [BIN...]   # default: target/release/hasenpfeffer (built first)
#
# For each binary: a private redis-server, the server under `valgrind --tool=callgrind` (on
# that Redis, WORKERS=1), 64 games in play seeded through it (scripts/loadbench/driver.py), a
# warm-up of each kind of request, then three measured phases of IB_SECS (default 8) seconds of
# wrk (one thread, IB_CONNS connections, default 8): GET /readyz, a seat's GET /v1/games/{id}
# (view.lua) and successful moves (play.lua). Redis runs under callgrind too. Each phase is
# counted alone (callgrind_control --zero before, --dump after, for both processes) and divided
# by wrk's answered requests: the user-space instructions (Ir) per request of the server and of
# Redis. The kernel's work (sockets) is not counted, and a string instruction (`rep stosb`:
# memset, memcpy) counts once per repetition, so figures compare builds, not CPUs.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
HERE=$ROOT/scripts/loadbench
SECS=${IB_SECS:-8}
CONNS=${IB_CONNS:-8}
for t in wrk redis-server redis-cli valgrind callgrind_control python3 curl; do
  command -v "$t" >/dev/null || { echo "instrbench: $t is missing (apt-get install -y wrk redis-server valgrind)" >&2; exit 2; }
done
BINS=("$@")
if (( ${#BINS[@]} == 0 )); then
  cargo build --release --bin hasenpfeffer -q
  BINS=("$ROOT/target/release/hasenpfeffer")
fi
source "$ROOT/scripts/lib.sh"
WORK=$(mktemp -d /tmp/instrbench.XXXXXX)
# IB_KEEP=1 keeps the dumps (callgrind_annotate WORK/callgrind.out.*.move) and logs
trap 'stop_pids; if [[ -n "${IB_KEEP:-}" ]]; then echo "instrbench: kept $WORK"; else rm -rf "$WORK"; fi' EXIT

# one wrk phase: prints the requests answered (ok + healthz, as play.lua counts them)
phase() { # script [env...]
  local script=$1; shift
  env "$@" LB_THREADS=1 wrk -t1 -c"$CONNS" -d"${SECS}s" -s "$HERE/$script" "$URL" >"$WORK/wrk.out" 2>&1
  awk '/^LB /{for(i=2;i<=NF;i++){split($i,a,"="); v[a[1]]=a[2]}; print v["ok"] + v["healthz"], v["bad"]}' "$WORK/wrk.out"
}
# the Ir total of a process's last dump
ir_of_dump() { # pid
  local f; f=$(ls -t "$WORK"/callgrind.out."$1".* | head -1)
  awk '/^summary:/{print $2}' "$f"
}
measure() { # name script [env...]
  local name=$1 n bad ir rir; shift
  callgrind_control --zero "$SERVER_PID" >/dev/null 2>&1
  callgrind_control --zero "$RVG_PID" >/dev/null 2>&1
  read -r n bad < <(phase "$@")
  callgrind_control --dump="$name" "$SERVER_PID" >/dev/null 2>&1
  callgrind_control --dump="$name" "$RVG_PID" >/dev/null 2>&1
  ir=$(ir_of_dump "$SERVER_PID"); rir=$(ir_of_dump "$RVG_PID")
  (( n > 0 )) || { echo "instrbench: no answers in $name" >&2; exit 1; }
  printf '%-8s %7d requests (%d not 200)   instructions per request: server %7.0f   Redis %7.0f\n' \
    "$name" "$n" "$bad" "$(awk -v i="$ir" -v n="$n" 'BEGIN{print i / n}')" "$(awk -v i="$rir" -v n="$n" 'BEGIN{print i / n}')"
}

for bin in "${BINS[@]}"; do
  PIDS=()
  RPORT=$(free_port); SPORT=$(free_port)
  start_redis "$RPORT" "$WORK/redis.log" valgrind --tool=callgrind --dump-instr=no \
    --callgrind-out-file="$WORK/callgrind.out.%p" -q
  RVG_PID=$(pgrep -f "callgrind.*redis-server.*--port $RPORT" | head -1)
  cp "$bin" "$WORK/server"
  (cd "$WORK" && env REDIS_URL="redis://127.0.0.1:$RPORT" PORT="$SPORT" BIND_ADDR=127.0.0.1 RUST_LOG=warn \
    RATE_LIMIT_PER_SEC=0 WORKERS=1 valgrind --tool=callgrind --dump-instr=no --collect-atstart=yes \
    --callgrind-out-file="$WORK/callgrind.out.%p" "$WORK/server" >"$WORK/server.log" 2>&1) &
  PIDS+=($!)
  URL=http://127.0.0.1:$SPORT
  wait_ready "$URL/readyz" 600 || { echo "server did not start"; cat "$WORK/server.log"; exit 1; }
  SERVER_PID=$(pgrep -f "callgrind.*$WORK/server" | head -1)
  python3 "$HERE/driver.py" seed --port "$SPORT" --games 64 --threads 4 --out "$WORK/set.lua" >/dev/null
  python3 "$HERE/driver.py" seed --port "$SPORT" --games 64 --threads 4 --out "$WORK/warm.lua" >/dev/null
  echo "== $bin ($(git -C "$ROOT" rev-parse --short HEAD) tree; server under callgrind, WORKERS=1, wrk -t1 -c$CONNS, ${SECS}s a phase)"
  # warm-up: every path once (caches, connections, lazily built tables)
  SECS=2 phase readyz.lua >/dev/null
  SECS=2 phase view.lua LB_DATA="$WORK/warm.lua" >/dev/null
  SECS=2 phase play.lua LB_DATA="$WORK/warm.lua" LB_WARM=0 >/dev/null
  measure readyz readyz.lua
  measure view view.lua LB_DATA="$WORK/set.lua"
  measure move play.lua LB_DATA="$WORK/set.lua" LB_WARM=0
  stop_pids
done
