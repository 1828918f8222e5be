#!/usr/bin/env bash
# A duplicate arena's benchmark (see BENCHMARKS.md, "## Arenas").
#
#   scripts/arenabench.sh            # full run: 64 bots, 8 rounds (16 tables a round, 128 games)
#   scripts/arenabench.sh --quick    # a short check: 16 bots, 3 rounds (12 games)
#
# Builds the release server and examples/arenabench.rs, and runs the arena AB_RUNS times, each
# on a fresh private redis-server (no persistence) and one server on free ports: the bots register, one creates a duplicate arena of hasenpfeffer
# (`rounds` rounds, one deal a round, starts 3 s after the create, 60 s a turn), all join,
# and each follows its inbox and plays every seat it is given until its `arena_finished`.
# The last run (of two or more) is measured with a MONITOR connection (its round trips, put in
# classes by key); the others are not (MONITOR slows Redis), for the times. Prints for each run
# the arena's times, the gaps between rounds (a round's last result counted to the next
# round's first table paired, and to the first `seated` a bot received), INFO commandstats
# over the arena, and the checks (every game made and finished, every bot seated once per
# table it sits at).
# Knobs (env): AB_BOTS, AB_ROUNDS, AB_RUNS (default 2: the last with MONITOR), AB_JOINS
# (joins sent at once, default 16), AB_WORKERS (server WORKERS, default 2), AB_NO_BUILD (use
# the binaries built already), AB_KEEP (keep the work directory, with each MONITOR run's lines).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

QUICK=0
[[ "${1:-}" == "--quick" ]] && QUICK=1
if (( QUICK )); then
  BOTS=${AB_BOTS:-16}; ROUNDS=${AB_ROUNDS:-3}
else
  BOTS=${AB_BOTS:-64}; ROUNDS=${AB_ROUNDS:-8}
fi
RUNS=${AB_RUNS:-2}
WORKERS=${AB_WORKERS:-2}

for t in redis-server redis-cli python3 cargo curl; do
  command -v "$t" >/dev/null || { echo "arenabench: $t is missing (apt-get install -y redis-server)" >&2; exit 2; }
done

TARGET=${CARGO_TARGET_DIR:-$ROOT/target}
if [[ -z "${AB_NO_BUILD:-}" ]]; then
  echo "== building release server and examples/arenabench.rs"
  cargo build --release --bin hasenpfeffer --example arenabench -q
fi
WORK=$(mktemp -d /tmp/arenabench.XXXXXX)
# private copies: other builds may replace the target directory's during the run
cp "$TARGET/release/hasenpfeffer" "$WORK/hasenpfeffer"
cp "$TARGET/release/examples/arenabench" "$WORK/arenabench"
source "$ROOT/scripts/lib.sh"
cleanup() {
  stop_pids
  if [[ -n "${AB_KEEP:-}" ]]; then echo "arenabench: kept $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT

SERVER_ENV=(WORKERS="$WORKERS" BOT_REGISTRATIONS_PER_HOUR=0 RATE_LIMIT_PER_SEC=0 STREAMS_PER_CLIENT=0 STREAMS_PER_BOT=0 RUST_LOG=warn)
load() { echo "(uptime: $(uptime | sed 's/.*load average: //'))"; }

# One run: a fresh private Redis and server (no earlier run's effects in its counts).
run_once() { # n [arenabench flags...]
  local n=$1 rport sport spid
  shift
  rport=$(free_port)
  start_redis "$rport" "$WORK/redis-$n.log"
  sport=$(free_port)
  env PORT="$sport" BIND_ADDR=127.0.0.1 "${SERVER_ENV[@]}" REDIS_URL="redis://127.0.0.1:$rport" \
    "$WORK/hasenpfeffer" >"$WORK/server-$n.log" 2>&1 &
  spid=$!
  PIDS+=("$spid")
  wait_ready "http://127.0.0.1:$sport/readyz" || { echo "server on :$sport did not start"; cat "$WORK/server-$n.log"; exit 1; }
  "$WORK/arenabench" --port "$sport" --redis-port "$rport" --bots "$BOTS" --rounds "$ROUNDS" \
    --join-concurrency "${AB_JOINS:-16}" "$@" | tee -a "$WORK/runs.txt" || fail=1
  echo "   server log: $(grep -c '"level":"WARN"' "$WORK/server-$n.log") warnings, $(grep -c '"level":"ERROR"' "$WORK/server-$n.log") errors" \
    "($(grep -o '"message":"[^"]*"' "$WORK/server-$n.log" | sort | uniq -c | sort -rn | head -3 | tr -s ' ' | tr '\n' ';'))"
  kill "$spid" "$REDIS_PID" 2>/dev/null || true
  wait "$spid" "$REDIS_PID" 2>/dev/null || true
}

: >"$WORK/runs.txt"
fail=0
for r in $(seq "$RUNS"); do
  mon=()
  if (( r == RUNS && RUNS > 1 )); then
    mon=(--monitor)
    [[ -n "${AB_KEEP:-}" ]] && mon+=(--monitor-out "$WORK/monitor-$r.txt")
  fi
  echo "== run $r: $BOTS bots, a duplicate arena of $ROUNDS rounds${mon:+ (MONITOR on)} $(load)"
  run_once "$r" "${mon[@]}"
  echo "   $(load)"
done

echo
echo "== RESULTS ($BOTS bots, $ROUNDS rounds, $RUNS run(s); server ${SERVER_ENV[*]}; $(nproc) CPUs; $(date -u +%F); $(redis-server --version | awk '{print $3}'))"
python3 - "$WORK/runs.txt" <<'PY'
import json, sys
runs = [json.loads(l) for l in open(sys.argv[1]) if l.startswith("{")]
for i, v in enumerate(runs, 1):
    mon = v.get("monitor_counts")
    print(f"run {i} ({'MONITOR on' if v['monitor'] else 'no MONITOR'}): {v['games']} games, ok {v['ok']} {v['failures'] or ''}")
    print(f"  the start recorded to its first table paired: {v['start_to_first_paired_ms']} ms (the sweeper's tick)")
    print(f"  arena start to last arena_finished {v['start_to_last_finished_ms']} ms; first table paired to last result"
          f" {v['first_paired_to_last_result_ms']} ms; create to last arena_finished {v['create_to_last_finished_ms']} ms"
          f" (the start {v['starts_in_ms_after_create']} ms after the create; all joined {v['create_to_joined_ms']} ms after it)")
    rm = v["round_ms"]
    print(f"  a round (first paired to last result): median {rm['median']} ms, max {rm['max']} ms")
    for k, label in (("gap_last_result_to_next_paired_ms", "last result -> next round's first table paired"),
                     ("gap_last_result_to_first_seated_ms", "last result -> next round's first seated seen"),
                     ("gap_last_result_to_last_seated_ms", "last result -> next round's last seated seen")):
        g = v[k]
        print(f"  {label}: median {g['median']} ms, max {g['max']} ms (each: {' '.join(map(str, g['each']))})")
    cs = v["commandstats"]
    print(f"  INFO commandstats over {v['window_secs']} s: {cs['calls']} calls ({v['commandstats_calls_per_game']} a game),"
          f" of which EVALSHA/EVAL {cs['script_calls']} ({v['commandstats_script_calls_per_game']} a game),"
          f" {cs['other_calls']} others (a script's own commands among them); Redis {cs['usec'] / 1e6:.2f} s")
    ic = v["idle_commandstats"]
    bg = ic["calls"] / v["idle_secs"] * v["window_secs"]
    print(f"    idle server before: {ic['calls']} calls in {v['idle_secs']} s; less that background over the window:"
          f" {(cs['calls'] - bg) / v['games']:.1f} calls a game")
    print(f"  bots' requests: {json.dumps(v['requests'])}")
    if mon:
        a = mon["arena"]
        idle = mon["idle"]
        print(f"  MONITOR round trips: {a['round_trips']} ({mon['round_trips_per_game']} a game); by class: {json.dumps(a['by_class'])}")
        w = mon["arena_writes"]
        b, f = w["before_start"], w["from_start"]
        print(f"    the arena's record: {w['written']} writes ({b['written']} before the start: the create and the joins;"
              f" {f['written']} from the start), {w['attempts']} attempts ({b['conflicts']} + {f['conflicts']} lost a"
              f" compare-and-set and were tried again); {mon['arena_round_trips_per_write']} round trips on the arena's"
              f" keys per write written; the record {v['record_bytes_at_end']} bytes at the end; about"
              f" {w['bytes_sent_about'] / 1e6:.1f} MB sent in the writes")
        print(f"    scripts' own commands: {a['script_commands']} {json.dumps(a['script_commands_by_class'])}")
        bg = idle["round_trips"] / v["idle_secs"] * v["window_secs"]
        print(f"    idle server before: {idle['round_trips']} round trips in {v['idle_secs']} s {json.dumps(idle['by_class'])};"
              f" less that background over the window: {(a['round_trips'] - bg) / v['games']:.1f} round trips a game")
        print("    the most frequent:")
        for c, p, n in a["by_pattern"][:25]:
            print(f"      {n:7d}  {c:13s} {p}")
PY
(( fail == 0 )) && echo "arenabench: checks passed" || { echo "arenabench: a check FAILED"; exit 1; }
