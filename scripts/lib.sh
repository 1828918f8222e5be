# Helpers shared by the scripts that start a private Redis and server (source it).
#   free_port                 a free TCP port on 127.0.0.1
#   start_redis PORT LOG [WRAPPER...]
#                             a private redis-server (no persistence) on PORT, logging to LOG,
#                             run under WRAPPER if given (e.g. valgrind); its pid is added to
#                             PIDS and left in REDIS_PID; returns once it answers PING
#   wait_ready URL [TRIES]    waits (0.1 s a try, default 100) until URL answers 2xx
#   stop_pids                 kills and reaps every pid in PIDS (for an EXIT trap)
PIDS=()

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'
}

start_redis() { # port logfile [wrapper...]
  local port=$1 log=$2
  shift 2
  "$@" redis-server --port "$port" --bind 127.0.0.1 --save '' --appendonly no --daemonize no \
    --logfile "$log" &
  REDIS_PID=$!
  PIDS+=("$REDIS_PID")
  for _ in $(seq 300); do redis-cli -p "$port" ping >/dev/null 2>&1 && return 0; sleep 0.1; done
  echo "redis-server on port $1 did not answer" >&2
  return 1
}

wait_ready() { # url [tries]
  for _ in $(seq "${2:-100}"); do curl -sf "$1" >/dev/null 2>&1 && return 0; sleep 0.1; done
  curl -sf "$1" >/dev/null
}

stop_pids() {
  for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
