#!/usr/bin/env bash
# The whole test suite, from a fresh clone: installs what it needs, then runs every check.
#   bash scripts/test.sh            # everything
#   SKIP_BROWSER=1 SKIP_DEPLOY=1 SKIP_BOTS=1 SKIP_README=1 SKIP_BENCH=1 bash scripts/test.sh   # skip the slow outside tools
#   SKIP_SCHEMATHESIS=1 SKIP_FUZZ=1 SKIP_SOAK=1 ...     # skip the reliability stages
#   SKIP_TOURNAMENT=1 ...                              # skip the rated tournament (scripts/tournament.sh)
#   SKIP_CLIENTS=1 ...                                 # skip the client packages (scripts/clients.sh)
#   FUZZ_SECS=600 SOAK_SECS=300 bash scripts/test.sh     # longer fuzzing and soak
#
# How it spends the machine's two cores:
#   - one release build of everything the later stages run (the server, every example and the
#     soak's test binary, in one cargo invocation and so one set of dependency features); every
#     stage after it runs those binaries and builds nothing of the server again;
#   - that release build, and cargo-fuzz's install and the fuzz targets' build, start at once in
#     the background at nice 19: they take only the cycles that clippy and cargo test leave idle
#     (a crate compiled alone, a link, tests waiting on the network), and the foreground waits
#     for them after cargo test, when they have the machine to themselves;
#   - the slow tools are fetched once, in the background (nice 10), while cargo compiles: apt
#     packages, the npm and pip tools of the later stages;
#   - background jobs log to target/ci/; one that fails fails the run, with its log printed, when
#     a stage first needs it (every job is waited for before the end);
#   - CPU-bound stages run one after the other; the fuzzing (one core for FUZZ_SECS) runs beside
#     the single-threaded linters and deploy checks, whose results do not depend on speed.
# At the end (also on a failure) a table gives each stage's duration.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
LOGS="$ROOT/target/ci"
mkdir -p "$LOGS"
# CI builds from a fresh clone, once: the dev profile's incremental caches and full debug info
# are work nobody reads there (panics still name file and line). Not set for a developer's runs.
if [ "${CI:-}" = true ]; then
  export CARGO_INCREMENTAL="${CARGO_INCREMENTAL:-0}"
  export CARGO_PROFILE_DEV_DEBUG="${CARGO_PROFILE_DEV_DEBUG:-line-tables-only}"
fi

# ---- stages and their durations ---------------------------------------------------------------
START=$(date +%s)
STAGE=""
STAGE_START=0
TIMES=()
stage() { # stage NAME DESCRIPTION: ends the current stage, starts the next
  end_stage
  STAGE=$1
  STAGE_START=$(date +%s)
  printf '\n==> %s (%s)\n' "$2" "$(date +%T)"
}
end_stage() {
  if [ -n "$STAGE" ]; then TIMES+=("$STAGE|$(($(date +%s) - STAGE_START))|${1:-}"); fi
  STAGE=""
}
fmt_secs() { printf '%d:%02d' $(($1 / 60)) $(($1 % 60)); }
summary() {
  local rc=$? row name secs note
  end_stage "$([ "$rc" -ne 0 ] && echo FAILED)"
  stop_background
  printf '\n==> stage durations (m:ss; background jobs overlap the stages)\n'
  for row in "${TIMES[@]}"; do
    IFS='|' read -r name secs note <<<"$row"
    printf '  %-26s %7s %s\n' "$name" "$(fmt_secs "$secs")" "$note"
  done
  printf '  %-26s %7s %s\n' total "$(fmt_secs $(($(date +%s) - START)))" "$([ "$rc" -ne 0 ] && echo "(exit $rc)")"
}
trap summary EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# ---- background jobs --------------------------------------------------------------------------
# bg NAME NICENESS COMMAND...: runs COMMAND (a function or a program) in the background at that
# niceness, its output in target/ci/NAME.log. bg_wait NAME: waits for it and
# fails the run, printing its log, if it failed. Every job started is waited for before the end.
declare -A BG_PID=()
bg() { # bg NAME NICENESS COMMAND...
  local name=$1 niceness=$2
  shift 2
  (
    renice -n "$niceness" -p "$BASHPID" >/dev/null
    s=$(date +%s)
    # errexit must hold inside COMMAND (it would not on the left of `||`)
    set +e
    (
      set -e
      "$@"
    )
    rc=$?
    set -e
    echo "background job $name: exit $rc after $(fmt_secs $(($(date +%s) - s)))"
    exit "$rc"
  ) >"$LOGS/$name.log" 2>&1 </dev/null &
  BG_PID[$name]=$!
  echo "(background: $name, log target/ci/$name.log)"
}
bg_wait() {
  local name=$1 rc=0 t0 pids
  [ -n "${BG_PID[$name]:-}" ] || return 0
  t0=$(date +%s)
  # From now on the job is what the run waits for: it gets its full share, also against other
  # users' processes (new children inherit it from their parents).
  mapfile -t pids < <(tree_pids "${BG_PID[$name]}")
  renice -n 0 -p "${pids[@]}" >/dev/null 2>&1 || true
  wait "${BG_PID[$name]}" || rc=$?
  unset "BG_PID[$name]"
  if [ "$rc" -ne 0 ]; then
    echo "--- target/ci/$name.log" >&2
    cat "$LOGS/$name.log" >&2
    echo "==> the background job $name failed (exit $rc)" >&2
    exit "$rc"
  fi
  echo "($(tail -n 1 "$LOGS/$name.log"), waited for here $(fmt_secs $(($(date +%s) - t0))))"
}
tree_pids() { # a pid and its descendants
  local c
  echo "$1"
  for c in $(pgrep -P "$1" 2>/dev/null); do tree_pids "$c"; done
}
kill_tree() { # a pid and its descendants (only this script's own jobs)
  local c
  for c in $(pgrep -P "$1" 2>/dev/null); do kill_tree "$c"; done
  kill "$1" 2>/dev/null || true
}
stop_background() {
  local name
  for name in "${!BG_PID[@]}"; do
    echo "(stopping the background job $name: the run is ending)" >&2
    kill_tree "${BG_PID[$name]}"
  done
}

# ---- what the background fetches --------------------------------------------------------------
APT_WANT=()
for pair in jq:jq wrk:wrk valgrind:valgrind /usr/bin/chromium:chromium; do
  cmd=${pair%%:*} pkg=${pair##*:}
  case $pkg in
    jq) [ -z "${SKIP_README:-}" ] || continue ;;
    wrk | valgrind) [ -z "${SKIP_BENCH:-}" ] || continue ;;
    chromium) [ -z "${SKIP_BROWSER:-}" ] || continue ;;
  esac
  command -v "$cmd" >/dev/null 2>&1 || APT_WANT+=("$pkg")
done
fetch_apt() { # the apt packages later stages need, then the deploy checks' tools (may use apt too)
  if [ "${#APT_WANT[@]}" -gt 0 ]; then
    echo "apt-get install ${APT_WANT[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${APT_WANT[@]}" >/dev/null
  fi
  if [ -z "${SKIP_DEPLOY:-}" ]; then bash scripts/check-deploy.sh --tools-only; fi
}
fetch_node() { # the npm tools: linters (npx cache), client types, the TypeScript bot, the browser test
  npx --yes @stoplight/spectral-cli@6.16.3 --version
  npx --yes @redocly/cli@2.77.0 --version
  bash scripts/client-types.sh --install-only
  # The client packages' npm tools (@hey-api/openapi-ts, TypeScript, @types/node) and pip tools
  # (openapi-python-client, mypy, build, setuptools): scripts/clients.sh installs both.
  if [ -z "${SKIP_CLIENTS:-}" ]; then bash scripts/clients.sh --install-only; fi
  if [ -z "${SKIP_BOTS:-}" ]; then
    # What examples/typescript/run.sh does first (the same directory and condition): npm ci of the
    # bot's locked dependencies in its cache directory; the bot then finds them there.
    local work="${TSBOT_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/hasenpfeffer/typescript-bot}"
    mkdir -p "$work"
    if ! cmp -s examples/typescript/package-lock.json "$work/package-lock.json" \
      || ! cmp -s examples/typescript/package.json "$work/package.json" || [ ! -d "$work/node_modules" ]; then
      cp examples/typescript/package.json examples/typescript/package-lock.json "$work/"
      (cd "$work" && npm ci --no-audit --no-fund --loglevel=error)
    fi
  fi
  if [ -z "${SKIP_BROWSER:-}" ]; then
    # Fills npm's cache; scripts/browser-test.sh runs npm ci again from it.
    (cd tests/browser && npm ci --no-audit --no-fund --loglevel=error)
  fi
}
fetch_python() { # the pip tools: schemathesis's venv, the Python bot's dependencies
  if [ -z "${SKIP_SCHEMATHESIS:-}" ]; then ST_INSTALL_ONLY=1 bash scripts/schemathesis.sh; fi
  if [ -z "${SKIP_BOTS:-}" ]; then
    # What examples/python/run.sh does first (the same venv): the client package's
    # dependencies (clients/python/pyproject.toml).
    local venv="${PYBOT_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/hasenpfeffer/venv-pybot}"
    [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
    "$venv/bin/python" -c 'import httpx, attrs' 2>/dev/null || "$venv/bin/pip" install -q "httpx>=0.23.1,<0.29.0" "attrs>=22.2.0"
  fi
}

if ! command -v redis-server >/dev/null 2>&1; then # the tests need it from the start
  stage apt-redis "installing redis-server (apt)"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null
fi

stage background "in the background: the release build and the fuzz targets' (nice 19), the slow tools (apt, npm, pip)"
# The one release build: the server, every example (the bots, loadgen, queuebench, redis_delay)
# and the soak's test binary together, so that the dependencies are built once, with one set of
# features (building the server alone, or an example alone, would unify them differently and
# rebuild them). Every stage below is told to use these binaries and build nothing (the soak's
# `cargo test --release` finds its test binary up to date). target/release is not locked by
# the debug builds of the foreground.
bg release-build 19 cargo build --release --locked --bin hasenpfeffer --examples --test api
# Without SKIP_FUZZ, the fuzz stage's own build is the check that the fuzz targets compile (every
# target of the fuzz crate, as `cargo check --all-targets` would see them; clippy does not see
# the fuzz crate), in fuzz/target: installs cargo-fuzz if need be, builds, and the run finds it.
if [ -z "${SKIP_FUZZ:-}" ]; then bg fuzz-build 19 bash scripts/fuzz.sh --build-only; fi
bg apt 10 fetch_apt
bg node 10 fetch_node
bg python 10 fetch_python

stage fmt "cargo fmt --check"
cargo fmt --all -- --check

stage clippy "cargo clippy --all-targets -- -D warnings"
cargo clippy --all-targets --locked -- -D warnings

stage clippy-engine "the engine alone: cargo clippy --no-default-features (no actix, Redis or utoipa)"
cargo clippy --no-default-features --all-targets --locked -- -D warnings

if [ -n "${SKIP_FUZZ:-}" ]; then
  stage fuzz-check "the fuzz targets still compile (cargo check; clippy does not see the fuzz crate)"
  cargo check --manifest-path fuzz/Cargo.toml --all-targets
fi

stage test "cargo test (unit, integration over HTTP on memory and Redis, doc tests)"
cargo test --locked --all-targets
cargo test --locked --doc

if [ -z "${SKIP_FUZZ:-}" ]; then
  stage fuzz-build "the fuzz targets compile: cargo fuzz build (begun in the background; log target/ci/fuzz-build.log)"
  bg_wait fuzz-build
fi

stage release-build "the release build of every binary the later stages run (server, examples, soak test; begun in the background; log target/ci/release-build.log)"
bg_wait release-build
SERVER="$ROOT/target/release/hasenpfeffer"

# Fuzzing takes one core for FUZZ_SECS (after a short build): beside it, the single-threaded
# linters and deploy checks, which pass or fail the same at any speed.
if [ -z "${SKIP_FUZZ:-}" ]; then
  stage fuzz-start "coverage-guided fuzzing of action parsing and the engine (cargo fuzz, ${FUZZ_SECS:-60}s), in the background beside the linters"
  bg fuzz 0 bash scripts/fuzz.sh "${FUZZ_SECS:-60}"
fi

stage lint "OpenAPI lint (spectral:oas and redocly, no errors and no warnings; see redocly.yaml)"
bg_wait node
npx --yes @stoplight/spectral-cli@6.16.3 lint openapi/openapi.json \
  --ruleset .spectral.yaml --fail-severity=warn
npx --yes @redocly/cli@2.77.0 lint openapi/openapi.json

stage client-types "generated TypeScript types say what the server sends (openapi-typescript + tsc)"
bash scripts/client-types.sh

if [ -z "${SKIP_CLIENTS:-}" ]; then
  stage clients "the client packages (clients/python, clients/typescript): generated with no warnings and no drift, mypy --strict and tsc --strict, built (python -m build, npm pack), and each package's Bot plays every preset on memory and Redis"
  CL_BIN="$SERVER" bash scripts/clients.sh
fi

if [ -z "${SKIP_DEPLOY:-}" ]; then
  stage deploy "Dockerfile and Kubernetes manifests"
  bg_wait apt
  bash scripts/check-deploy.sh
fi

if [ -z "${SKIP_FUZZ:-}" ]; then
  stage fuzz-wait "the fuzzing's end (its output: target/ci/fuzz.log)"
  bg_wait fuzz
  tail -n 25 "$LOGS/fuzz.log"
fi

if [ -z "${SKIP_SCHEMATHESIS:-}" ]; then
  stage schemathesis "contract fuzzing: schemathesis against the live server (memory and Redis)"
  bg_wait python
  ST_BIN="$SERVER" bash scripts/schemathesis.sh
fi

if [ -z "${SKIP_SOAK:-}" ]; then
  stage soak "soak: concurrent games on Redis through two replicas (${SOAK_SECS:-30}s)"
  bash scripts/soak.sh "${SOAK_SECS:-30}"
fi

if [ -z "${SKIP_BOTS:-}" ]; then
  stage bots "starter bots (Rust, Python and TypeScript) play whole games"
  bg_wait node
  bg_wait python
  SB_NO_BUILD=1 bash scripts/starter-bots.sh
fi

if [ -z "${SKIP_BOTS:-}" ] && [ -z "${SKIP_TOURNAMENT:-}" ]; then
  stage tournament "the tournament: house players and two starter bots in account mode, rated through matchmaking on two replicas over Redis, until house-expert > house-heuristic > house-random"
  TN_NO_BUILD=1 bash scripts/tournament.sh
fi

if [ -z "${SKIP_README:-}" ]; then
  stage readme "the README's curl walk-through, run as written (scripts/readme-walkthrough.sh)"
  bg_wait apt
  RW_BIN="$SERVER" bash scripts/readme-walkthrough.sh
fi

if [ -z "${SKIP_BENCH:-}" ]; then
  stage bench "the benchmarks still run: scripts/loadbench.sh --quick (on loopback and at a distance), scripts/instructions.sh, scripts/queuebench.sh --quick, scripts/effects-latency.sh and scripts/arenabench.sh --quick"
  bg_wait apt
  LB_NO_BUILD=1 bash scripts/loadbench.sh --quick
  # again with Redis 1 ms away, through the relay (examples/redis_delay.rs)
  LB_NO_BUILD=1 LB_REDIS_DELAY_US=1000 bash scripts/loadbench.sh --quick
  IB_N=100 bash scripts/instructions.sh "$SERVER"
  # 1,000 bots queueing at once form 250 tables, each exactly once (memory, Redis, two replicas)
  QB_NO_BUILD=1 QB_BOTS=1000 bash scripts/queuebench.sh --quick
  # a finished rated game's effects (game_over, the rating) land within 1 s (the outbox)
  bash scripts/effects-latency.sh 10 "$SERVER"
  # a duplicate arena of 16 bots, 3 rounds: every game made once, every bot seated once a table
  AB_NO_BUILD=1 AB_RUNS=1 bash scripts/arenabench.sh --quick
fi

if [ -z "${SKIP_BROWSER:-}" ]; then
  stage browser "Swagger UI and the web page in headless Chromium (and the page's tsc --checkJs)"
  bg_wait apt
  bg_wait node
  HASENPFEFFER_BIN="$SERVER" bash scripts/browser-test.sh
fi

# Every background job has been waited for (those of skipped stages here).
for name in "${!BG_PID[@]}"; do bg_wait "$name"; done
end_stage
echo
echo "==> all checks passed"
