#!/usr/bin/env bash
# The whole test suite, from a fresh clone: installs what it needs, then runs every check.
#   bash scripts/test.sh            # everything
#   SKIP_BROWSER=1 SKIP_DEPLOY=1 SKIP_BOTS=1 SKIP_README=1 SKIP_BENCH=1 bash scripts/test.sh   # skip the slow outside tools
#   SKIP_SCHEMATHESIS=1 SKIP_FUZZ=1 SKIP_SOAK=1 ...     # skip the reliability stages
#   SKIP_TOURNAMENT=1 ...                              # skip the rated tournament (scripts/tournament.sh)
#   FUZZ_SECS=600 SOAK_SECS=300 bash scripts/test.sh     # longer fuzzing and soak
set -euo pipefail
cd "$(dirname "$0")/.."

stage() { printf '\n==> %s (%s)\n' "$1" "$(date +%T)"; }
need_apt() {
  if ! command -v "$1" >/dev/null 2>&1; then
    stage "installing $2 (apt)"
    if [ -z "${APT_UPDATED:-}" ]; then apt-get update -qq; APT_UPDATED=1; fi
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2" >/dev/null
  fi
}

need_apt redis-server redis-server

stage "cargo fmt --check"
cargo fmt --all -- --check

stage "cargo clippy --all-targets -- -D warnings"
cargo clippy --all-targets --locked -- -D warnings

stage "the engine alone: cargo clippy --no-default-features (no actix, Redis or utoipa)"
cargo clippy --no-default-features --all-targets --locked -- -D warnings

stage "the fuzz targets still compile (cargo check; clippy does not see the fuzz crate)"
cargo check --manifest-path fuzz/Cargo.toml --all-targets

stage "cargo test (unit, integration over HTTP on memory and Redis, doc tests)"
cargo test --locked --all-targets
cargo test --locked --doc

if [ -z "${SKIP_SCHEMATHESIS:-}" ]; then
  stage "contract fuzzing: schemathesis against the live server (memory and Redis)"
  bash scripts/schemathesis.sh
fi

if [ -z "${SKIP_FUZZ:-}" ]; then
  stage "coverage-guided fuzzing of action parsing and the engine (cargo fuzz, ${FUZZ_SECS:-60}s)"
  bash scripts/fuzz.sh "${FUZZ_SECS:-60}"
fi

if [ -z "${SKIP_SOAK:-}" ]; then
  stage "soak: concurrent games on Redis through two replicas (${SOAK_SECS:-30}s)"
  bash scripts/soak.sh "${SOAK_SECS:-30}"
fi

stage "OpenAPI lint (spectral:oas, no errors and no warnings)"
npx --yes @stoplight/spectral-cli@6.16.3 lint openapi/openapi.json \
  --ruleset .spectral.yaml --fail-severity=warn

stage "OpenAPI lint (redocly, recommended rules, no errors and no warnings; see redocly.yaml)"
npx --yes @redocly/cli@2.77.0 lint openapi/openapi.json

stage "generated TypeScript types say what the server sends (openapi-typescript + tsc)"
bash scripts/client-types.sh

if [ -z "${SKIP_BOTS:-}" ]; then
  stage "starter bots (Rust, Python and TypeScript) play whole games"
  bash scripts/starter-bots.sh
fi

if [ -z "${SKIP_BOTS:-}" ] && [ -z "${SKIP_TOURNAMENT:-}" ]; then
  stage "the tournament: house players and two starter bots in account mode, rated through matchmaking on two replicas over Redis, until house-expert > house-heuristic > house-random"
  bash scripts/tournament.sh
fi

if [ -z "${SKIP_README:-}" ]; then
  stage "the README's curl walk-through, run as written (scripts/readme-walkthrough.sh)"
  need_apt jq jq
  bash scripts/readme-walkthrough.sh
fi

if [ -z "${SKIP_BENCH:-}" ]; then
  stage "the benchmarks still run: scripts/loadbench.sh --quick (on loopback and at a distance), scripts/instructions.sh and scripts/queuebench.sh --quick"
  need_apt wrk wrk
  need_apt valgrind valgrind
  bash scripts/loadbench.sh --quick
  # again with Redis 1 ms away, through the relay (examples/redis_delay.rs), already built
  LB_NO_BUILD=1 LB_REDIS_DELAY_US=1000 bash scripts/loadbench.sh --quick
  cargo build --release --locked --bin hasenpfeffer
  IB_N=100 bash scripts/instructions.sh
  # 1,000 bots queueing at once form 250 tables, each exactly once (memory, Redis, two replicas)
  QB_BOTS=1000 bash scripts/queuebench.sh --quick
fi

if [ -z "${SKIP_BROWSER:-}" ]; then
  stage "Swagger UI and the web page in headless Chromium (and the page's tsc --checkJs)"
  bash scripts/browser-test.sh
fi

if [ -z "${SKIP_DEPLOY:-}" ]; then
  stage "Dockerfile and Kubernetes manifests"
  bash scripts/check-deploy.sh
fi

stage "all checks passed"
