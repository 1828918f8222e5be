#!/usr/bin/env bash
# Load benchmark for issue 7 (see BENCHMARKS.md, "## Service").
#
#   scripts/loadbench.sh            # full run (~2 min): 3 runs of each measurement, medians
#   scripts/loadbench.sh --quick    # CI (<= 45 s): 1 short run of each, checks figures exist
#
# Starts a private redis-server (no persistence) and the release server on free ports, then
# measures with wrk, 64 connections:
#   (a) GET /readyz                      rps, p50, p99
#   (v) GET /v1/games/{id} as a seat     rps, p50, p99 (scripts/loadbench/view.lua), and (v)/(a)
#   (b) POST /v1/games/{id}/actions      rps of successful (200) moves, p50, p99, with ~1,000
#       and with ~100,000 stored games (scripts/loadbench/play.lua explains how every request
#       is the legal move for its game's current version)
#   (c) whole games per second, four clients per game (examples/loadgen.rs, Rust)
# plus MEMORY USAGE of a stored game mid-game, and prints (b)/(a).
# Knobs (env): LB_WORKERS (server WORKERS, default 2), LB_CONNS (64), LB_WRK_THREADS (2),
# LB_SECS (per run), LB_REPS, LB_IDLE (idle games added for the "100k" run), LB_BIN (another
# server binary to measure, e.g. an older build; the default is target/release/hasenpfeffer),
# LB_REDIS_DELAY_US (puts Redis that many microseconds away, each way, through
# examples/redis_delay.rs, so that requests are bound by Redis round trips, not by this
# machine's CPU), LB_CACHED_GAMES (the server's CACHED_GAMES; 0 turns its game cache off).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
HERE=$ROOT/scripts/loadbench

QUICK=0
[[ "${1:-}" == "--quick" ]] && QUICK=1
if (( QUICK )); then
  SECS=${LB_SECS:-2}; REPS=${LB_REPS:-1}; IDLE=${LB_IDLE:-5000}; PER_SET=${LB_PER_SET:-320}
else
  SECS=${LB_SECS:-5}; REPS=${LB_REPS:-3}; IDLE=${LB_IDLE:-99000}; PER_SET=${LB_PER_SET:-320}
fi
CONNS=${LB_CONNS:-64}
WT=${LB_WRK_THREADS:-2}
WORKERS=${LB_WORKERS:-2}
GAME_CONC=${LB_GAME_CONC:-16}

for t in wrk redis-server redis-cli python3 cargo; do
  command -v "$t" >/dev/null || { echo "loadbench: $t is missing (apt-get install -y wrk redis-server)" >&2; exit 2; }
done

if [[ -z "${LB_NO_BUILD:-}" ]]; then
  echo "== building release server"
  cargo build --release --bin hasenpfeffer --example loadgen --example redis_delay -q
fi
WORK=$(mktemp -d /tmp/loadbench.XXXXXX)
# a private copy: other builds may replace target/release/hasenpfeffer during the run
cp "${LB_BIN:-$ROOT/target/release/hasenpfeffer}" "$WORK/hasenpfeffer"
cp "$ROOT/target/release/examples/loadgen" "$WORK/loadgen"
cp "$ROOT/target/release/examples/redis_delay" "$WORK/redis_delay"
BIN=$WORK/hasenpfeffer
source "$ROOT/scripts/lib.sh"
RPORT=$(free_port)
SPORT=$(free_port)
cleanup() {
  stop_pids
  if [[ -n "${LB_KEEP:-}" ]]; then echo "loadbench: kept $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT

start_redis "$RPORT" "$WORK/redis.log"
DELAY_US=${LB_REDIS_DELAY_US:-0}
SERVER_REDIS_PORT=$RPORT
WHERE="Redis on loopback"
if (( DELAY_US > 0 )); then
  SERVER_REDIS_PORT=$(free_port)
  "$WORK/redis_delay" "$SERVER_REDIS_PORT" "127.0.0.1:$RPORT" "$DELAY_US" 2>"$WORK/delay.log" &
  PIDS+=($!)
  for _ in $(seq 50); do redis-cli -p "$SERVER_REDIS_PORT" ping >/dev/null 2>&1 && break; sleep 0.1; done
  WHERE="Redis ${DELAY_US} us away each way (redis_delay :$SERVER_REDIS_PORT)"
fi
# the server settings the knobs choose: passed to the server, and printed with the figures
SERVER_ENV=(WORKERS="$WORKERS")
[[ -n "${LB_CACHED_GAMES:-}" ]] && SERVER_ENV+=(CACHED_GAMES="$LB_CACHED_GAMES")
env REDIS_URL="redis://127.0.0.1:$SERVER_REDIS_PORT" PORT="$SPORT" BIND_ADDR=127.0.0.1 RUST_LOG=warn \
  RATE_LIMIT_PER_SEC=0 STREAMS_PER_CLIENT=0 "${SERVER_ENV[@]}" "$BIN" >"$WORK/server.log" 2>&1 &
SERVER_PID=$!
PIDS+=("$SERVER_PID")
wait_ready "http://127.0.0.1:$SPORT/readyz" || { echo "server did not start"; cat "$WORK/server.log"; exit 1; }
echo "== redis :$RPORT, server :$SPORT (${SERVER_ENV[*]}), $WHERE, wrk -t$WT -c$CONNS, ${SECS}s x $REPS runs"

URL=http://127.0.0.1:$SPORT
REDIS_PID=${PIDS[0]}
# CPU time in clock ticks: of one process (user + system), and of the whole machine (busy)
ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
busy_ticks() { awk '/^cpu /{print $2 + $3 + $4 + $7 + $8 + $9}' /proc/stat; }
# runs wrk, prints "ok bad exhausted secs p50_us p99_us healthz server_us redis_us wrk_us
# other_us": the last four are CPU microseconds per answered request (ok + healthz) spent by the
# server, by Redis, by wrk (user + system, from bash's `time`), and by everything else on the
# machine (kernel work is charged to whichever of them it ran for)
run_wrk() { # script [env...]
  local script=$1; shift
  local s0 r0 m0 s1 r1 m1 out wrk_secs
  s0=$(ticks "$SERVER_PID"); r0=$(ticks "$REDIS_PID"); m0=$(busy_ticks)
  { time env "$@" LB_THREADS=$WT wrk -t"$WT" -c"$CONNS" -d"${SECS}s" --latency -s "$HERE/$script" \
      "$URL" >"$WORK/wrk.out" 2>&1; } 2>"$WORK/wrk.time"
  s1=$(ticks "$SERVER_PID"); r1=$(ticks "$REDIS_PID"); m1=$(busy_ticks)
  wrk_secs=$(awk '{print $1 + $2}' "$WORK/wrk.time")
  out=$(awk '/^status /{print "  non-200 " $0 > "/dev/stderr"} /^LB /{for(i=2;i<=NF;i++){split($i,a,"=");printf "%s ", a[2]}; print ""}' "$WORK/wrk.out")
  echo "$out" | awk -v s=$((s1 - s0)) -v r=$((r1 - r0)) -v m=$((m1 - m0)) -v hz="$(getconf CLK_TCK)" -v w="$wrk_secs" \
    '{n = $1 + $7; if (n < 1) n = 1; u = 1e6 / hz / n;
      printf "%s%.1f %.1f %.1f %.1f\n", $0, s * u, r * u, w * 1e6 / n, (m - s - r) * u - w * 1e6 / n}'
}
TIMEFORMAT='%U %S' # bash's `time`: user and system seconds of the command
median() { sort -g | awk '{a[NR]=$1} END{print a[int((NR+1)/2)]}'; }
# summarize a file of run_wrk lines: rps p50_ms p99_ms (medians), bad, exhausted (sums)
summarize() {
  local f=$1
  local rps p50 p99 bad ex cpu
  rps=$(awk '{printf "%.0f\n", $1/$4}' "$f" | median)
  p50=$(awk '{printf "%.3f\n", $5/1000}' "$f" | median)
  p99=$(awk '{printf "%.3f\n", $6/1000}' "$f" | median)
  bad=$(awk '{s+=$2} END{print s+0}' "$f"); ex=$(awk '{s+=$3} END{print s+0}' "$f")
  cpu=$(for i in 8 9 10 11; do awk -v i=$i '{print $i}' "$f" | median; done | tr '\n' '/')
  echo "$rps $p50 $p99 $bad $ex ${cpu%/}"
}
count_games() { redis-cli -p "$RPORT" --scan --pattern '*:game' | wc -l; }

# warm-up
SECS=1 run_wrk readyz.lua >/dev/null

# seed the sets of in-play games: set 0 warms up the move path; then one set per measured run,
# 2 * REPS of them, all seeded now so that the ~1,000-games condition holds them all
seed_sets() { # first last
  echo "== seeding sets $1..$2 of $PER_SET games in play (all seats claimed by the benchmark)"
  for i in $(seq "$1" "$2"); do
    python3 "$HERE/driver.py" seed --port "$SPORT" --games "$PER_SET" --out "$WORK/set$i.lua" >"$WORK/seed$i.json"
  done
}
seed_sets 0 $((2 * REPS))
cat "$WORK/seed0.json"

# warm-up of the move path (set 0), not measured: the first play run on a new server is slower
run_wrk play.lua LB_DATA="$WORK/set0.lua" >/dev/null

# The idle games: created once through the API, then moved out of the server's database (to
# db 1) and back between runs, so that the ~1,000 and ~100,000 conditions alternate (A B A B
# ...) and the machine's drift over minutes falls on both alike.
create_idle() {
  echo "== creating $IDLE idle games (four open seats each) through the API"
  local before; before=$(count_games)
  redis-cli -p "$RPORT" --scan --pattern '*:game' | sort >"$WORK/inplay.keys"
  local per_thread=$(( (IDLE + 1) / 2 ))
  env LB_PER_THREAD=$per_thread wrk -t2 -c32 -d600s -s "$HERE/create.lua" "$URL" >/dev/null &
  local wpid=$! target=$((before + 2 * per_thread)) last=-1 same=0 n
  while :; do
    n=$(count_games)
    (( n >= target )) && break
    # a failed create would leave us short: stop when the count stops moving
    if (( n == last )); then same=$((same + 1)); (( same >= 3 )) && break; else same=0; fi
    last=$n
    sleep 1
  done
  kill "$wpid" 2>/dev/null || true; wait "$wpid" 2>/dev/null || true
  redis-cli -p "$RPORT" --scan --pattern '*:game' | sort | comm -13 "$WORK/inplay.keys" - >"$WORK/idle.keys"
}
# Redis's own time per write script (EVALSHA) in the last run, in microseconds
redis_usec() {
  redis-cli -p "$RPORT" INFO commandstats | tr -d '\r' \
    | awk -F'[=,]' '/^cmdstat_evalsha:/{for(i=1;i<NF;i++) if($i=="usec_per_call") print $(i+1)}'
}
# The Redis round trips per answered request in the last run: "scripts loads", the write
# scripts (EVALSHA) and the game loads (HMGET; none when the server's cache holds the game).
# Commands a script calls are counted by Redis too, so they are not added up here.
redis_trips_per() { # requests
  redis-cli -p "$RPORT" INFO commandstats | tr -d '\r' | awk -F'[:=,]' -v n="$1" '
    /^cmdstat_evalsha:/ { e = $3 } /^cmdstat_hmget:/ { l = $3 }
    END { if (n < 1) n = 1; printf "%.2f %.2f\n", e / n, l / n }'
}
move_idle() { # from-db to-db
  { echo "SELECT $1"; sed "s/^/MOVE /; s/\$/ $2/" "$WORK/idle.keys"; } | redis-cli -p "$RPORT" --pipe >/dev/null
  sleep 2 # let Redis finish resizing the databases' hash tables before the next measurement
}

# one (b) run in condition $1 (1: ~1,000 stored games, 2: ~100,000) with set $2: appends the
# stored-game count to n$1.txt, wrk's figures to b$1.txt and Redis's time per script to r$1.txt
measure_b() { # condition set
  count_games >>"$WORK/n$1.txt"
  echo "== (b) POST actions, $(tail -1 "$WORK/n$1.txt") stored games (run $r)"
  redis-cli -p "$RPORT" CONFIG RESETSTAT >/dev/null
  run_wrk play.lua LB_DATA="$WORK/set$2.lua" | tee -a "$WORK/b$1.txt"
  redis_usec >>"$WORK/r$1.txt"
  redis_trips_per "$(tail -1 "$WORK/b$1.txt" | awk '{print $1}')" >>"$WORK/c$1.txt"
}
for f in a v b1 b2 n1 n2 r1 r2 c1 c2; do : >"$WORK/$f.txt"; done
# Each repetition measures (a) right before (b) with ~1,000 games, so that (b)/(a) is taken
# from runs a few seconds apart, not minutes: the machine's speed drifts.
for r in $(seq "$REPS"); do
  echo "== (a) GET /readyz (run $r)"
  run_wrk readyz.lua | tee -a "$WORK/a.txt"
  echo "== (v) GET a seat's view (run $r)"
  run_wrk view.lua LB_DATA="$WORK/set0.lua" | tee -a "$WORK/v.txt"
  measure_b 1 $((2 * r - 1))
  if (( r == 1 )); then
    # memory of a stored game mid-game (a game of set 1 after its run)
    GID=$(sed -n 2p "$WORK/set1.lua" | cut -d'"' -f2)
    MEM=$(redis-cli -p "$RPORT" MEMORY USAGE "hp:{$GID}:game")
    PHASE=$(curl -s "$URL/v1/games/$GID" | python3 -c 'import json,sys; v=json.load(sys.stdin); print(v["phase"], "hand", v["hand_number"], "version", v["version"])')
    LOGMEM=$(redis-cli -p "$RPORT" --scan --pattern "hp:{$GID}:*" | while read -r k; do echo "$k=$(redis-cli -p "$RPORT" MEMORY USAGE "$k")"; done | tr '\n' ' ')
    create_idle
  else
    move_idle 1 0
  fi
  measure_b 2 $((2 * r))
  move_idle 0 1
done
read -r A_RPS A_P50 A_P99 A_BAD _ A_CPU < <(summarize "$WORK/a.txt")
read -r V_RPS V_P50 V_P99 V_BAD _ V_CPU < <(summarize "$WORK/v.txt")
N1=$(median <"$WORK/n1.txt"); N2=$(median <"$WORK/n2.txt")
R1=$(median <"$WORK/r1.txt"); R2=$(median <"$WORK/r2.txt")
CALLS1="$(cut -d' ' -f1 "$WORK/c1.txt" | median) + $(cut -d' ' -f2 "$WORK/c1.txt" | median)"
CALLS2="$(cut -d' ' -f1 "$WORK/c2.txt" | median) + $(cut -d' ' -f2 "$WORK/c2.txt" | median)"
read -r B1_RPS B1_P50 B1_P99 B1_BAD B1_EX B1_CPU < <(summarize "$WORK/b1.txt")
read -r B2_RPS B2_P50 B2_P99 B2_BAD B2_EX B2_CPU < <(summarize "$WORK/b2.txt")

echo "== (c) whole games, $GAME_CONC games at a time, four clients each"
: >"$WORK/c.txt"
for r in $(seq "$REPS"); do
  "$WORK/loadgen" --port "$SPORT" --concurrent "$GAME_CONC" --secs "$SECS" | tee -a "$WORK/c.txt"
done
C_GPS=$(while read -r l; do python3 -c 'import json,sys; print(json.loads(sys.argv[1])["games_per_sec"])' "$l"; done <"$WORK/c.txt" | median)
C_APS=$(while read -r l; do python3 -c 'import json,sys; print(json.loads(sys.argv[1])["actions_per_sec"])' "$l"; done <"$WORK/c.txt" | median)

# (b)/(a): the median of each repetition's own ratio (its (b) with ~1,000 games over its (a))
RATIOS=$(paste -d' ' "$WORK/a.txt" "$WORK/b1.txt" | awk '{printf "%.2f\n", ($12 / $15) / ($1 / $4)}')
RATIO=$(median <<<"$RATIOS")
# (v)/(a) likewise: each repetition's view run over the /readyz run just before it
V_RATIOS=$(paste -d' ' "$WORK/a.txt" "$WORK/v.txt" | awk '{printf "%.2f\n", ($12 / $15) / ($1 / $4)}')
V_RATIO=$(median <<<"$V_RATIOS")
GROWTH=$(awk -v x="$B1_RPS" -v y="$B2_RPS" 'BEGIN{printf "%+.1f%%", (y-x)/x*100}')
cat <<OUT

== RESULTS (median of $REPS run(s), ${SECS}s each, wrk -t$WT -c$CONNS, server ${SERVER_ENV[*]}, $WHERE)
(a) GET /readyz                       rps $A_RPS   p50 ${A_P50} ms   p99 ${A_P99} ms   non-200: $A_BAD
(v) GET a seat's view                 rps $V_RPS   p50 ${V_P50} ms   p99 ${V_P99} ms   non-200: $V_BAD
(v)/(a) ratio                         $V_RATIO (median of the runs' own ratios: $(echo $V_RATIOS))
(b) actions, $N1 stored games       rps $B1_RPS   p50 ${B1_P50} ms   p99 ${B1_P99} ms   non-200: $B1_BAD   exhausted: $B1_EX
(b) actions, $N2 stored games     rps $B2_RPS   p50 ${B2_P50} ms   p99 ${B2_P99} ms   non-200: $B2_BAD   exhausted: $B2_EX
(c) whole games                       $C_GPS games/s ($C_APS actions/s), $GAME_CONC games x 4 clients
(b)/(a) ratio                         $RATIO (median of the runs' own ratios: $(echo $RATIOS))
CPU us per request, server/Redis/wrk/other (a) $A_CPU   (v) $V_CPU   (b) 1k $B1_CPU   (b) 100k $B2_CPU
growth 1k -> 100k stored              $GROWTH   (Redis time per write script: $R1 us vs $R2 us)
Redis round trips per move            1k: $CALLS1   100k: $CALLS2   (write scripts + loads)
MEMORY USAGE mid-game                 $MEM bytes ($PHASE); keys: $LOGMEM
OUT

fail=0
for v in "$A_RPS" "$V_RPS" "$B1_RPS" "$B2_RPS" "$C_GPS" "$MEM"; do
  [[ "$v" =~ ^[0-9.]+$ ]] && [[ "$v" != 0 ]] || fail=1
done
# every measured move should be answered 200 (see play.lua); tolerate a stray few on busy CI
(( V_BAD == 0 )) || { echo "loadbench: views not answered 200"; fail=1; }
(( (B1_BAD + B2_BAD) * 100 <= B1_RPS * SECS )) || { echo "loadbench: too many moves not answered 200"; fail=1; }
(( fail == 0 )) && echo "loadbench: figures produced" || { echo "loadbench: FAILED to produce figures"; exit 1; }
