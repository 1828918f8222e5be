#!/usr/bin/env bash
# Redis commands a second of one idle server with 300 idle matchmaking queues (issue 38; see
# BENCHMARKS.md, "## Idle queues").
#
#   scripts/idle-queues.sh [SERVER_BINARY]    # default target/debug/hasenpfeffer
#
# Starts a private redis-server (no persistence) and the server on free ports (QUEUE_LEASE_MS
# one hour, so no entry lapses during the run), registers 100 bots and queues each in 3
# queues of distinct rulesets (hasenpfeffer with target scores 1 to 100, as it is, without
# bowers and with a minimum bid of 2), none asking for a house fill: 300 idle queues. Then reads `INFO stats`
# total_commands_processed 10 s apart (after a 5 s settle), first with no queue at all, then
# with the 300, and prints both rates and `INFO commandstats` of the second window.
# Knobs (env): IQ_SECS (window, 10), IQ_KEEP (keep the work directory).
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${1:-target/debug/hasenpfeffer}
SECS=${IQ_SECS:-10}
WORK=$(mktemp -d)
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
RPORT=$(free_port); PORT=$(free_port)
cleanup() {
  [[ -n "${SERVER:-}" ]] && kill "$SERVER" 2>/dev/null || true
  redis-cli -p "$RPORT" shutdown nosave >/dev/null 2>&1 || true
  [[ -n "${IQ_KEEP:-}" ]] || rm -rf "$WORK"
}
trap cleanup EXIT
redis-server --port "$RPORT" --save '' --appendonly no --dir "$WORK" --daemonize yes \
  --logfile "$WORK/redis.log" >/dev/null
until redis-cli -p "$RPORT" ping >/dev/null 2>&1; do sleep 0.1; done
REDIS_URL="redis://127.0.0.1:$RPORT" PORT=$PORT BIND_ADDR=127.0.0.1 LOG_FORMAT=json \
  BOT_REGISTRATIONS_PER_HOUR=0 QUEUE_LEASE_MS=3600000 WORKERS=1 \
  "$BIN" >"$WORK/server.log" 2>&1 &
SERVER=$!
BASE="http://127.0.0.1:$PORT"
until curl -sf "$BASE/healthz" >/dev/null; do sleep 0.1; done

commands() { redis-cli -p "$RPORT" info stats | tr -d '\r' | awk -F: '/^total_commands_processed/ {print $2}'; }
rate() {
  sleep 5
  local a b
  a=$(commands); sleep "$SECS"; b=$(commands)
  echo $(( (b - a) / SECS ))
}

echo "no queues: $(rate) Redis commands/s"
for i in $(seq 1 100); do
  key=$(curl -sf -X POST "$BASE/v1/bots" -H 'content-type: application/json' \
    -d "{\"name\": \"idle-$i\"}" | python3 -c 'import json,sys; print(json.load(sys.stdin)["api_key"])')
  for option in '' ', "bowers": false' ', "min_bid": 2'; do
    code=$(curl -s -o "$WORK/join.json" -w '%{http_code}' -X POST "$BASE/v1/queue" \
      -H "authorization: Bot $key" -H 'content-type: application/json' \
      -d "{\"ruleset\": {\"preset\": \"hasenpfeffer\", \"target_score\": $i$option}}")
    [[ "$code" == 2* ]] || { echo "queue join $i$option: HTTP $code $(cat "$WORK/join.json")" >&2; exit 1; }
  done
done
queues=$(redis-cli -p "$RPORT" --scan --pattern 'hp:{queue}:q:*' | wc -l)
echo "queues waiting: $queues"
redis-cli -p "$RPORT" config resetstat >/dev/null
echo "$queues idle queues: $(rate) Redis commands/s"
redis-cli -p "$RPORT" info commandstats | tr -d '\r' | grep -v '^#' | sort -t= -k2 -rn | head -8
