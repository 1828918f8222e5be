#!/usr/bin/env bash
# Matchmaking, ratings and lobby benchmark for issue 22 (see BENCHMARKS.md, "## Matchmaking,
# ratings and the lobby").
#
#   scripts/queuebench.sh            # full run (~3 min): 1,000 bots, 3 runs each, 100,000 games
#   scripts/queuebench.sh --quick    # a short check (~25 s: 100 bots, 1 run each, 5,000 games)
#
# Builds the release server and examples/queuebench.rs, starts a private redis-server (no
# persistence) and the servers on free ports, and measures:
#   (1) matchmaking: QB_BOTS bots registered, all queue at once for hasenpfeffer (no house
#       fill), each long-polls its inbox until seated; first join to last seated, and checks
#       that every bot was seated exactly once at a table of four of ours (queuebench queue):
#       (1a) the in-memory store, (1b) one server on Redis, (1c) two servers on one Redis,
#       half the bots on each
#   (2) the Redis round trips of a game's last move, rated vs unrated (a seed), between four
#       bot accounts (queuebench rated: MONITOR, ECHO markers around the move)
#   (3) the lobby: GET /v1/games?status=open with wrk (rps, p50, p99; GET /readyz right
#       before each run, as the machine's yardstick; INFO commandstats over each run: scripts
#       per page, Redis's time per script; CPU per request of the server and Redis), first
#       with the games (1) and (2) left (live and finished) and 1,000 open ones, then at
#       QB_LOBBY_GAMES stored games (the rest open ones; all created through the API with wrk
#       and scripts/loadbench/create.lua); and the round trips of one page (queuebench lobby)
# Knobs (env): QB_BOTS, QB_REPS (runs of each (1) case), QB_GAMES (games of each kind in
# (2)), QB_LOBBY_GAMES, QB_SECS (per wrk run), QB_CONNS (wrk connections, 64), QB_WORKERS
# (server WORKERS, default 2), QB_NO_BUILD (use the binaries built already), QB_KEEP (keep the
# work directory).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

QUICK=0
[[ "${1:-}" == "--quick" ]] && QUICK=1
if (( QUICK )); then
  BOTS=${QB_BOTS:-100}; REPS=${QB_REPS:-1}; GAMES=${QB_GAMES:-2}; LOBBY=${QB_LOBBY_GAMES:-5000}
  SECS=${QB_SECS:-2}
else
  BOTS=${QB_BOTS:-1000}; REPS=${QB_REPS:-3}; GAMES=${QB_GAMES:-10}; LOBBY=${QB_LOBBY_GAMES:-100000}
  SECS=${QB_SECS:-5}
fi
CONNS=${QB_CONNS:-64}
WORKERS=${QB_WORKERS:-2}

for t in wrk redis-server redis-cli python3 cargo curl; do
  command -v "$t" >/dev/null || { echo "queuebench: $t is missing (apt-get install -y wrk redis-server)" >&2; exit 2; }
done

TARGET=${CARGO_TARGET_DIR:-$ROOT/target}
if [[ -z "${QB_NO_BUILD:-}" ]]; then
  echo "== building release server and examples/queuebench.rs"
  cargo build --release --bin hasenpfeffer --example queuebench -q
fi
WORK=$(mktemp -d /tmp/queuebench.XXXXXX)
# private copies: other builds may replace the target directory's during the run
cp "$TARGET/release/hasenpfeffer" "$WORK/hasenpfeffer"
cp "$TARGET/release/examples/queuebench" "$WORK/queuebench"
source "$ROOT/scripts/lib.sh"
cleanup() {
  stop_pids
  if [[ -n "${QB_KEEP:-}" ]]; then echo "queuebench: kept $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT

SERVER_ENV=(WORKERS="$WORKERS" BOT_REGISTRATIONS_PER_HOUR=0 RATE_LIMIT_PER_SEC=0 STREAMS_PER_CLIENT=0 STREAMS_PER_BOT=0 RUST_LOG=warn)
start_server() { # port log [env...]: the release server on port, pid in PIDS and LAST_PID
  local port=$1 log=$2
  shift 2
  env PORT="$port" BIND_ADDR=127.0.0.1 "${SERVER_ENV[@]}" "$@" "$WORK/hasenpfeffer" >"$log" 2>&1 &
  LAST_PID=$!
  PIDS+=("$LAST_PID")
  wait_ready "http://127.0.0.1:$port/readyz" || { echo "server on :$port did not start"; cat "$log"; exit 1; }
}
stop_server() { # pid
  kill "$1" 2>/dev/null || true
  wait "$1" 2>/dev/null || true
}
load() { echo "(uptime: $(uptime | sed 's/.*load average: //'))"; }
json_field() { # file field...: each line's fields, space-separated
  python3 -c '
import json, sys
for line in open(sys.argv[1]):
    v = json.loads(line)
    print(" ".join(str(v[k]) for k in sys.argv[2:]))' "$@"
}
median() { sort -g | awk '{a[NR]=$1} END{print a[int((NR+1)/2)]}'; }

# (1) one case: REPS runs of `queuebench queue` on ports $2, appended to $1
queue_case() { # out ports label
  local out=$1 ports=$2 label=$3
  : >"$out"
  for r in $(seq "$REPS"); do
    echo "== (1$label) $BOTS bots queue at once, ports $ports (run $r) $(load)"
    "$WORK/queuebench" queue --ports "$ports" --bots "$BOTS" | tee -a "$out"
  done
}

SPORT=$(free_port)
start_server "$SPORT" "$WORK/server-mem.log"
queue_case "$WORK/q-mem.txt" "$SPORT" a
stop_server "$LAST_PID"

RPORT=$(free_port)
start_redis "$RPORT" "$WORK/redis.log"
SPORT=$(free_port)
SPORT2=$(free_port)
start_server "$SPORT" "$WORK/server-a.log" REDIS_URL="redis://127.0.0.1:$RPORT"
A_PID=$LAST_PID
queue_case "$WORK/q-redis.txt" "$SPORT" b
start_server "$SPORT2" "$WORK/server-b.log" REDIS_URL="redis://127.0.0.1:$RPORT"
B_PID=$LAST_PID
queue_case "$WORK/q-two.txt" "$SPORT,$SPORT2" c
stop_server "$B_PID"

echo "== (2) round trips of a game's last move, rated vs unrated, $GAMES games each $(load)"
"$WORK/queuebench" rated --ports "$SPORT" --redis-port "$RPORT" --games "$GAMES" | tee "$WORK/rated.txt"

URL=http://127.0.0.1:$SPORT
count_games() { redis-cli -p "$RPORT" --scan --pattern '*:game' | wc -l; }
cat >"$WORK/lobby.lua" <<'LUA'
-- GET QB_PATH, no response() callback (as scripts/loadbench/readyz.lua); wrk counts non-2xx
local path = os.getenv("QB_PATH")
function request() return wrk.format("GET", path) end
function done(summary, latency, requests)
  local e = summary.errors
  local bad = e.status + e.connect + e.read + e.write + e.timeout
  io.write(string.format("QB ok=%d bad=%d secs=%.3f p50_us=%d p99_us=%d\n",
    summary.requests - bad, bad, summary.duration / 1e6, latency:percentile(50), latency:percentile(99)))
end
LUA
# CPU time in clock ticks of one process (user + system)
ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
# runs wrk on path $1, prints "rps p50_ms p99_ms bad evalsha_per_request evalsha_usec
# server_us redis_us": INFO commandstats over the run (scripts per request, Redis's own time
# per script), and the CPU microseconds per request of the server and of Redis
run_wrk() { # path
  local ev us s0 r0 s1 r1
  redis-cli -p "$RPORT" CONFIG RESETSTAT >/dev/null
  s0=$(ticks "$A_PID"); r0=$(ticks "$REDIS_PID")
  QB_PATH=$1 wrk -t2 -c"$CONNS" -d"${SECS}s" --latency -s "$WORK/lobby.lua" "$URL" >"$WORK/wrk.out" 2>&1
  s1=$(ticks "$A_PID"); r1=$(ticks "$REDIS_PID")
  read -r ev us < <(redis-cli -p "$RPORT" INFO commandstats | tr -d '\r' \
    | awk -F'[:=,]' '/^cmdstat_evalsha:/{print $3, $7} END{print 0, 0}')
  awk -v ev="$ev" -v us="$us" -v s=$((s1 - s0)) -v r=$((r1 - r0)) -v hz="$(getconf CLK_TCK)" \
    '/^QB /{for(i=2;i<=NF;i++){split($i,a,"="); v[a[1]]=a[2]}
    n = v["ok"] + v["bad"]; if (n < 1) n = 1
    printf "%.0f %.3f %.3f %d %.3f %.1f %.1f %.1f\n", v["ok"] / v["secs"], v["p50_us"] / 1000,
      v["p99_us"] / 1000, v["bad"], ev / n, us, s * 1e6 / hz / n, r * 1e6 / hz / n}' "$WORK/wrk.out"
}
# REPS runs of (a) GET /readyz then (l) a lobby page, appended to a$1.txt and l$1.txt
measure_lobby() { # condition
  : >"$WORK/a$1.txt"; : >"$WORK/l$1.txt"
  for r in $(seq "$REPS"); do
    echo "== (3) GET /readyz, then GET /v1/games?status=open, $(count_games) games stored (run $r) $(load)"
    run_wrk /readyz | tee -a "$WORK/a$1.txt"
    run_wrk "/v1/games?status=open" | tee -a "$WORK/l$1.txt"
  done
}
# creates open games (four open seats each) through the API until $1 games are stored
fill_to() { # games
  local have need per_thread wpid last=-1 same=0 n t0
  have=$(count_games)
  need=$(( $1 > have ? $1 - have : 0 ))
  echo "== (3) filling the store: $have games stored, creating $need (four open seats each) $(load)"
  t0=$(date +%s.%N)
  if (( need > 0 )); then
    # a few more than needed (a create lost in flight would leave the count short); wrk is
    # stopped once the count is reached
    per_thread=$(( (need + need / 500 + 2) / 2 ))
    env LB_PER_THREAD=$per_thread wrk -t2 -c32 -d1200s -s "$ROOT/scripts/loadbench/create.lua" "$URL" >/dev/null &
    wpid=$!
    while :; do
      n=$(redis-cli -p "$RPORT" DBSIZE)
      # a game is two keys or more (game, log); the count of games is checked past that
      if (( n >= 2 * $1 )) && (( $(count_games) >= $1 )); then break; fi
      if (( n == last )); then same=$((same + 1)); (( same >= 5 )) && break; else same=0; fi
      last=$n
      sleep 0.5
    done
    kill "$wpid" 2>/dev/null || true; wait "$wpid" 2>/dev/null || true
  fi
  STORED=$(count_games)
  OPEN_LISTED=$(redis-cli -p "$RPORT" ZCARD 'hp:{lobby}:s:open') # the lobby's open listing
  USED_MEM=$(redis-cli -p "$RPORT" INFO memory | tr -d '\r' | awk -F: '/^used_memory_human:/{print $2}')
  echo "   $STORED games stored after $(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN{printf "%.1f", b - a}')s; listed open: $OPEN_LISTED; Redis used_memory $USED_MEM"
}
SECS=1 run_wrk /readyz >/dev/null # warm-up
# the small condition: what (1) and (2) left (live and finished games) and 1,000 open ones
fill_to $(( $(count_games) + 1000 ))
SMALL="$STORED ($OPEN_LISTED open)"
measure_lobby 1
fill_to "$LOBBY"
LARGE="$STORED ($OPEN_LISTED open)"
measure_lobby 2
echo "== (3) round trips of one lobby page $(load)"
"$WORK/queuebench" lobby --ports "$SPORT" --redis-port "$RPORT" --requests 20 | tee "$WORK/lobby.txt"

col_median() { awk -v i="$2" '{print $i}' "$1" | median; }
summ() { # file of json lines: median of first_join_to_last_seated_ms, and the rest
  local f=$1
  local t games ok
  t=$(json_field "$f" first_join_to_last_seated_ms | median)
  games=$(json_field "$f" games | tr '\n' '/')
  ok=$(json_field "$f" ok | tr '\n' '/')
  echo "first join to last seated ${t} ms (median; runs: $(json_field "$f" first_join_to_last_seated_ms | tr '\n' ' '))  games ${games%/}  ok ${ok%/}"
}
RATED=$(python3 -c '
import json, sys
v = json.load(open(sys.argv[1]))
r, u = v["last_move_rated"], v["last_move_unrated"]
for name, x in (("rated", r), ("unrated", u)):
    print("%s: median %s (min %s, max %s; each game %s): %s" % (name, x["round_trips_median"], x["round_trips_min"],
        x["round_trips_max"], x["all_counts"], " ".join(x["commands_of_a_median_run"] or [])))
    if x["round_trips_max"] != x["round_trips_median"]:
        print("    the longest: " + " ".join(x["commands_of_the_longest_run"]))
print("rated games in the profile of a bot: %s (%s measured and one warm-up)" % (v["rated_games_in_profile"], len(r["all_counts"])))' "$WORK/rated.txt")
LOBBY_TRIPS=$(python3 -c '
import json, sys
v = json.load(open(sys.argv[1]))["page"]
print("%s (min %s, max %s): %s" % (v["round_trips_median"], v["round_trips_min"], v["round_trips_max"], " ".join(v["commands_of_a_median_run"] or [])))' "$WORK/lobby.txt")
cat <<OUT

== RESULTS ($BOTS bots, $REPS run(s) of each case; server ${SERVER_ENV[*]}; $(nproc) CPUs; $(date -u +%F))
(1a) in-memory store         $(summ "$WORK/q-mem.txt")
(1b) one server, Redis       $(summ "$WORK/q-redis.txt")
(1c) two servers, one Redis  $(summ "$WORK/q-two.txt")
(2) last move's round trips
$RATED
(3) lobby, $SMALL games
                             GET /readyz rps $(col_median "$WORK/a1.txt" 1) p50 $(col_median "$WORK/a1.txt" 2) ms p99 $(col_median "$WORK/a1.txt" 3) ms
                             GET /v1/games?status=open rps $(col_median "$WORK/l1.txt" 1) p50 $(col_median "$WORK/l1.txt" 2) ms p99 $(col_median "$WORK/l1.txt" 3) ms non-2xx $(awk '{s+=$4} END{print s+0}' "$WORK/l1.txt"); EVALSHA per page $(col_median "$WORK/l1.txt" 5), Redis $(col_median "$WORK/l1.txt" 6) us each
                             CPU us per request, server/Redis: /readyz $(col_median "$WORK/a1.txt" 7)/$(col_median "$WORK/a1.txt" 8), page $(col_median "$WORK/l1.txt" 7)/$(col_median "$WORK/l1.txt" 8)
(3) lobby, $LARGE games
                             GET /readyz rps $(col_median "$WORK/a2.txt" 1) p50 $(col_median "$WORK/a2.txt" 2) ms p99 $(col_median "$WORK/a2.txt" 3) ms
                             GET /v1/games?status=open rps $(col_median "$WORK/l2.txt" 1) p50 $(col_median "$WORK/l2.txt" 2) ms p99 $(col_median "$WORK/l2.txt" 3) ms non-2xx $(awk '{s+=$4} END{print s+0}' "$WORK/l2.txt"); EVALSHA per page $(col_median "$WORK/l2.txt" 5), Redis $(col_median "$WORK/l2.txt" 6) us each
                             CPU us per request, server/Redis: /readyz $(col_median "$WORK/a2.txt" 7)/$(col_median "$WORK/a2.txt" 8), page $(col_median "$WORK/l2.txt" 7)/$(col_median "$WORK/l2.txt" 8)
                             round trips of one page (MONITOR) $LOBBY_TRIPS
OUT

fail=0
for f in q-mem q-redis q-two; do
  grep -q '"ok":false' "$WORK/$f.txt" && fail=1
done
grep -q '"ok":true' "$WORK/rated.txt" || fail=1
(( fail == 0 )) && echo "queuebench: checks passed" || { echo "queuebench: a check FAILED"; exit 1; }
