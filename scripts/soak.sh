#!/usr/bin/env bash
# Soak test: hundreds of concurrent games on a private Redis through two release server
# processes, played to the end by concurrent long-polling clients; fails on any server error,
# any unexpected answer, or any game that does not end with a valid score
# (tests/api/soak.rs).
#
#   bash scripts/soak.sh            # 30 seconds of new games (CI)
#   bash scripts/soak.sh 300        # five minutes
#   SOAK_GAMES=400 bash scripts/soak.sh 60
set -euo pipefail
cd "$(dirname "$0")/.."
export SOAK_SECS="${1:-${SOAK_SECS:-30}}"
export SOAK_GAMES="${SOAK_GAMES:-200}"
export SOAK_REPLICAS="${SOAK_REPLICAS:-2}"
echo "==> soak: ${SOAK_SECS}s, ${SOAK_GAMES} games at once, ${SOAK_REPLICAS} replicas (release build)"
cargo test --release --locked --test api soak::soak -- --ignored --exact --nocapture
