#!/usr/bin/env bash
# The tournament: the three house strategies and two starter bots in account mode (the Rust
# bot, examples/bot.rs, and the Python bot, examples/python/bot.py) play rated games through
# matchmaking, on two release replicas over a private Redis, until the leaderboard orders
# house-expert above house-heuristic above house-random.
#
# Each starter bot registers, queues for PRESET on its own replica and asks for house players
# after FILL_AFTER_MS, of the `mixed` fill (each house seat drawn from the three strategies, so
# the house players meet one another as partners and as opponents), plays the game its inbox
# announces, and queues again. The script reads the leaderboard every few seconds and passes
# once the order holds on STREAK reads in a row (default 10, 3 s apart) with every house account
# at MIN_GAMES rated games or more; it fails after TOURNAMENT_SECS without that order, or at once if a bot stops.
# Then it checks that each starter bot's rated games are the games it saw end (each rated once,
# none lost), that no server logged an error, that no bot's key reached a log, and that the
# expert's decisions at these tables (a client waits) kept within 100 ms at the 99th percentile.
#
#   bash scripts/tournament.sh
#   PRESET=euchre MIN_GAMES=60 STREAK=20 TOURNAMENT_SECS=1200 bash scripts/tournament.sh
#   TN_NO_BUILD=1 bash scripts/tournament.sh   # the release server and bot are built already
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/lib.sh
source scripts/lib.sh

preset=${PRESET:-hasenpfeffer}
limit=${TOURNAMENT_SECS:-900}
min_games=${MIN_GAMES:-30}
streak=${STREAK:-10}
fill=${FILL_AFTER_MS:-100}
for t in redis-server redis-cli python3 curl cargo; do
  command -v "$t" >/dev/null || { echo "tournament: $t is missing" >&2; exit 2; }
done

if [ -z "${TN_NO_BUILD:-}" ]; then
  cargo build --release --locked --bin hasenpfeffer --example bot
fi

tmp=$(mktemp -d)
suffix=$(python3 -c 'import secrets; print(secrets.token_hex(3))')
rust_bot="tour-rust-$suffix"
py_bot="tour-py-$suffix"
keys="${XDG_CACHE_HOME:-$HOME/.cache}/hasenpfeffer/bots"
cleanup() {
  stop_pids
  rm -f "$keys/$rust_bot.key" "$keys/$py_bot.key"
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

redis_port=$(free_port)
start_redis "$redis_port" "$tmp/redis.log"
bases=()
for r in a b; do
  port=$(free_port)
  env REDIS_URL="redis://127.0.0.1:$redis_port" PORT="$port" BIND_ADDR=127.0.0.1 \
    LOG_FORMAT=json RUST_LOG=info BOT_REGISTRATIONS_PER_HOUR=0 \
    "${CARGO_TARGET_DIR:-target}/release/hasenpfeffer" >"$tmp/server-$r.log" 2>&1 &
  PIDS+=("$!")
  bases+=("http://127.0.0.1:$port")
done
for b in "${bases[@]}"; do wait_ready "$b/readyz"; done
echo "two replicas on one Redis: ${bases[*]}; $preset, house players: mixed, fill after ${fill} ms"

# The two starter bots, one per replica, playing until they are stopped.
BOT_NAME=$rust_bot BASE_URL=${bases[0]} PRESET=$preset FILL_AFTER_MS=$fill HOUSE=mixed GAMES=0 \
  "${CARGO_TARGET_DIR:-target}/release/examples/bot" >"$tmp/rust.log" 2>&1 &
rust_pid=$!
PIDS+=("$rust_pid")
BOT_NAME=$py_bot BASE_URL=${bases[1]} PRESET=$preset FILL_AFTER_MS=$fill HOUSE=mixed GAMES=0 \
  bash examples/python/run.sh >"$tmp/python.log" 2>&1 &
py_pid=$!
PIDS+=("$py_pid")

show_logs() {
  for f in rust python server-a server-b; do
    echo "--- $f (last lines)"
    tail -n 15 "$tmp/$f.log" || true
  done
}

# The leaderboard, read from the other replica each time, until the order holds.
status=0
python3 - "${bases[@]}" "$preset" "$limit" "$min_games" "$streak" "$rust_bot" "$py_bot" "$rust_pid" "$py_pid" <<'EOF' || status=$?
import json, os, sys, time, urllib.request

bases, preset = sys.argv[1:3], sys.argv[3]
limit, min_games, need = float(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6])
bots, pids = sys.argv[7:9], [int(p) for p in sys.argv[9:11]]
house = ["house-expert", "house-heuristic", "house-random"]
start, streak, n = time.time(), 0, 0
while True:
    for name, pid in zip(bots, pids):
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            sys.exit(f"the starter bot {name} stopped")
    url = f"{bases[n % 2]}/v1/leaderboards/{preset}?limit=100"
    n += 1
    board = json.load(urllib.request.urlopen(url, timeout=10))
    entries = {e["name"]: e for e in board["entries"]}
    row = lambda name: entries.get(name, {"rating": float("-inf"), "uncertainty": 0, "games": 0})
    line = "  ".join(
        f"{name} {row(name)['rating']:.2f}±{row(name)['uncertainty']:.2f} ({row(name)['games']})"
        for name in house + bots
    )
    elapsed = time.time() - start
    print(f"{elapsed:5.0f}s  {line}", flush=True)
    ratings = [row(h)["rating"] for h in house]
    ordered = ratings[0] > ratings[1] > ratings[2]
    enough = all(row(h)["games"] >= min_games for h in house) and all(
        row(b)["games"] >= 3 for b in bots
    )
    streak = streak + 1 if ordered and enough else 0
    if streak == need:
        print(f"the leaderboard orders {' > '.join(house)} ({need} reads in a row, {elapsed:.0f} s)")
        break
    if elapsed > limit:
        sys.exit(f"no order house-expert > house-heuristic > house-random after {limit:.0f} s")
    time.sleep(3)
EOF
if [ "$status" -ne 0 ]; then
  show_logs
  exit "$status"
fi

# Stop the bots; the game each was playing stays unfinished (no turn clock), so unrated.
kill "$rust_pid" "$py_pid" 2>/dev/null || true
wait "$rust_pid" "$py_pid" 2>/dev/null || true
sleep 2
for pair in "$rust_bot:rust" "$py_bot:python"; do
  name=${pair%%:*} log=${pair##*:}
  seen=$(grep -c '^game over' "$tmp/$log.log" || true)
  rated=$(curl -fsS "${bases[0]}/v1/bots/$name" | python3 -c '
import json, sys
p = json.load(sys.stdin)
print(sum(r["games"] for r in p["ratings"] if r["preset"] == sys.argv[1]))' "$preset")
  echo "$name: saw $seen games end, $rated rated"
  # A game can end (and be rated) just as its bot is stopped, before the bot prints it.
  if [ "$rated" -lt "$seen" ] || [ "$rated" -gt $((seen + 1)) ]; then
    show_logs
    echo "$name: $rated rated games for $seen it saw end" >&2
    exit 1
  fi
done
if grep -h '"level":"ERROR"' "$tmp"/server-*.log | head -n 5 | grep -q .; then
  grep -h '"level":"ERROR"' "$tmp"/server-*.log | head -n 5
  echo "a server logged an error" >&2
  exit 1
fi
for name in "$rust_bot" "$py_bot"; do
  key=$(cat "$keys/$name.key")
  if grep -qF "$key" "$tmp"/server-*.log; then
    echo "the key of $name appears in a server log" >&2
    exit 1
  fi
done
# The expert's thinking where a client waits, over both replicas (its decisions with a choice):
# within the budget, 100 ms, at the 99th percentile on this loaded machine.
python3 - "${bases[@]}" <<'EOF' || { show_logs; exit 1; }
import re, sys, urllib.request

buckets, count = {}, 0
for base in sys.argv[1:]:
    text = urllib.request.urlopen(f"{base}/metrics", timeout=10).read().decode()
    for line in text.splitlines():
        if 'strategy="expert"' not in line or 'lane="interactive"' not in line:
            continue
        m = re.match(r'hasenpfeffer_house_decision_seconds_bucket\{.*le="([^"]+)".*\} (\d+)', line)
        if m:
            le = float("inf") if m[1] == "+Inf" else float(m[1])
            buckets[le] = buckets.get(le, 0) + int(m[2])
        elif line.startswith("hasenpfeffer_house_decision_seconds_count{"):
            count += int(line.rsplit(" ", 1)[1])
if count == 0:
    sys.exit("no expert decision was timed where a client waits")
def quantile(q):
    return next(le for le in sorted(buckets) if buckets[le] >= q * count)
within = buckets.get(0.1, 0) / count
print(f"the expert's decisions where a client waits: {count}; median <= {quantile(0.5)} s, "
      f"p90 <= {quantile(0.9)} s, p99 <= {quantile(0.99)} s; {100 * within:.1f}% within 100 ms")
if within < 0.99:
    sys.exit("the expert's p99 decision time is above its 100 ms budget")
EOF
games=$(cat "$tmp"/server-*.log | grep -c 'queue table formed' || true)
echo "tournament passed: $games tables formed through matchmaking on two replicas"
