#!/usr/bin/env bash
# Contract fuzzing: schemathesis (pinned, in a venv under ~/.cache) against the live server's
# /openapi.json with every check, including stateful sequences through the OpenAPI links
# (create a game -> claim seats -> read / act with the seat's token). Fails on any finding.
#
#   bash scripts/schemathesis.sh                 # memory store, then a private redis-server
#   ST_MAX_EXAMPLES=50 bash scripts/schemathesis.sh
#   ST_STORES=memory bash scripts/schemathesis.sh
#   ST_BIN=target/release/hasenpfeffer bash scripts/schemathesis.sh   # that server, no build
#   ST_INSTALL_ONLY=1 bash scripts/schemathesis.sh   # only install schemathesis (scripts/test.sh)
#
# Settings live in schemathesis.toml at the repository root; scripts/schemathesis_hooks.py gives
# the cases real games and real seat tokens, so that every operation is reached (2xx answers).
# Reports (JUnit, NDJSON, the console output) go to target/schemathesis/<store>/; the run fails
# on any finding, on schemathesis' "Authentication failed" / "Missing test data" warnings, if
# any operation never answered 2xx, and if one of the newest preset's action types was never
# applied (scripts/schemathesis_report.py prints the count of each operation's answers and of
# the actions applied, by type, preset and endpoint).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)

VERSION=4.32.5
VENV="${ST_VENV:-$HOME/.cache/hasenpfeffer/venv-schemathesis}"
MAX_EXAMPLES="${ST_MAX_EXAMPLES:-25}"
TIME_ARGS=()
if [ -n "${ST_MAX_TIME:-}" ]; then TIME_ARGS=(--max-time "$ST_MAX_TIME"); fi  # a budget in seconds
STORES="${ST_STORES:-memory redis}"

# Debian's Python where there is one: CPython 3.11.7 (pyenv) trips over its own AST recursion
# check inside Hypothesis ("SystemError: AST constructor recursion depth mismatch").
PYTHON="${ST_PYTHON:-python3}"
if [ -z "${ST_PYTHON:-}" ] && [ -x /usr/bin/python3 ] && /usr/bin/python3 -c "import ensurepip, venv" 2>/dev/null; then
  PYTHON=/usr/bin/python3
fi
if ! "$VENV/bin/schemathesis" --version 2>/dev/null | grep -q "$VERSION" \
   || [ "$("$VENV/bin/python" -c 'import sys; print(sys.base_prefix)' 2>/dev/null)" != "$("$PYTHON" -c 'import sys; print(sys.base_prefix)')" ]; then
  echo "==> installing schemathesis $VERSION into $VENV (with $("$PYTHON" --version))"
  rm -rf "$VENV"
  "$PYTHON" -m venv "$VENV"
  "$VENV/bin/pip" install --quiet --upgrade pip
  "$VENV/bin/pip" install --quiet "schemathesis==$VERSION"
fi
if [ -n "${ST_INSTALL_ONLY:-}" ]; then exit 0; fi

if [ -n "${ST_BIN:-}" ]; then
  BIN="$ST_BIN"
else
  echo "==> building the release server"
  cargo build --release --locked --bin hasenpfeffer
  BIN="$ROOT/target/release/hasenpfeffer"
fi

source "$ROOT/scripts/lib.sh" # free_port, PIDS

cleanup() {
  for pid in "${PIDS[@]}"; do
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  done
}
trap cleanup EXIT

wait_up() { # url
  for _ in $(seq 1 100); do
    curl -fsS "$1" >/dev/null 2>&1 && return 0
    sleep 0.1
  done
  echo "server at $1 did not start" >&2
  return 1
}

status=0
for store in $STORES; do
  env_args=()
  if [ "$store" = redis ]; then
    if ! command -v redis-server >/dev/null; then
      echo "==> no redis-server: skipping the Redis run"
      continue
    fi
    RPORT=$(free_port)
    RDIR=$(mktemp -d)
    redis-server --port "$RPORT" --bind 127.0.0.1 --save "" --appendonly no \
      --dir "$RDIR" --daemonize no --logfile "$RDIR/redis.log" &
    PIDS+=("$!")
    for _ in $(seq 1 100); do
      redis-cli -p "$RPORT" ping >/dev/null 2>&1 && break
      sleep 0.1
    done
    env_args+=(REDIS_URL="redis://127.0.0.1:$RPORT")
  fi
  PORT=$(free_port)
  LOG="target/schemathesis/$store/server.log"
  mkdir -p "target/schemathesis/$store"
  env "${env_args[@]}" PORT="$PORT" BIND_ADDR=127.0.0.1 RUST_LOG=warn LOG_FORMAT=json \
    RATE_LIMIT_PER_SEC=0 BOT_REGISTRATIONS_PER_HOUR=0 MATCHES_PER_HOUR=0 \
    MATCHES_RUNNING_PER_BOT=0 MATCHES_RUNNING=0 CHALLENGES_PER_HOUR=0 \
    ARENAS_PER_BOT=0 ARENAS_ACTIVE=0 "$BIN" >"$LOG" 2>&1 &
  PIDS+=("$!")
  wait_up "http://127.0.0.1:$PORT/healthz"
  echo "==> schemathesis against the $store store (port $PORT, $MAX_EXAMPLES examples per operation)"
  OUT="target/schemathesis/$store/output.txt"
  rm -f "target/schemathesis/$store"/*.ndjson "target/schemathesis/$store"/*.xml \
    "target/schemathesis/$store"/stream/*.ndjson
  # The hooks (schemathesis.toml: scripts/schemathesis_hooks.py) play real games on this server.
  if ! (cd "$ROOT" && HASENPFEFFER_URL="http://127.0.0.1:$PORT" ST_SEED="${ST_SEED:-20261121}" \
        "$VENV/bin/schemathesis" run "http://127.0.0.1:$PORT/openapi.json" \
        --checks all \
        --max-examples "$MAX_EXAMPLES" \
        "${TIME_ARGS[@]}" \
        --workers 2 \
        --seed "${ST_SEED:-20261121}" \
        --generation-database none \
        --no-color \
        --report junit,ndjson --report-dir "target/schemathesis/$store") 2>&1 | tee "$OUT"; then
    echo "==> schemathesis found problems against the $store store (server log: $LOG)" >&2
    status=1
  fi
  # The event stream, which the main run leaves out (schemathesis.toml says why): every check
  # but the response schema's, with real games and tokens, outside the stateful phase.
  echo "==> schemathesis against the $store store's event stream"
  if ! (cd "$ROOT" && HASENPFEFFER_URL="http://127.0.0.1:$PORT" ST_SEED="${ST_SEED:-20261121}" \
        "$VENV/bin/schemathesis" --config-file scripts/schemathesis-stream.toml \
        run "http://127.0.0.1:$PORT/openapi.json" \
        --include-operation-id follow_game \
        --phases examples,coverage,fuzzing \
        --checks all --exclude-checks response_schema_conformance \
        --max-examples "$MAX_EXAMPLES" \
        --seed "${ST_SEED:-20261121}" \
        --generation-database none \
        --no-color \
        --report ndjson --report-dir "target/schemathesis/$store/stream") 2>&1 | tee -a "$OUT"; then
    echo "==> schemathesis found problems in the $store store's event stream (server log: $LOG)" >&2
    status=1
  fi
  # A run that never got past the front door proves little: these warnings mean some operation
  # never got a 2xx (no valid token, no real game). The hooks exist to prevent exactly that.
  if grep -Eq 'Authentication failed|Missing test data|returned only 40[134]|repeatedly returned 404' "$OUT"; then
    echo "==> schemathesis could not reach every operation against the $store store (see $OUT)" >&2
    status=1
  fi
  # Every operation must have answered 2xx at least once, and every action type of Bacon and of
  # Five Hundred been applied: count them in the NDJSON report.
  if ! "$VENV/bin/python" "$ROOT/scripts/schemathesis_report.py" "target/schemathesis/$store"/*.ndjson \
       "target/schemathesis/$store"/stream/*.ndjson; then
    echo "==> some operation never answered 2xx, or an action was never applied, against the $store store" >&2
    status=1
  fi
  # actix-http logs a client's unparsable request (a header schemathesis made up) at ERROR
  # level, before any of our code runs: that one is not a server error.
  errors=$(grep '"level":"ERROR"' "$LOG" | grep -v '"target":"actix_http::h1::dispatcher"' || true)
  if [ -n "$errors" ]; then
    echo "==> the server logged errors during the $store run:" >&2
    echo "$errors" | head -20 >&2
    status=1
  fi
done
exit $status
