#!/usr/bin/env bash
# Coverage-guided fuzzing (cargo fuzz, libFuzzer) of action parsing and the rules engine
# (fuzz/fuzz_targets/engine.rs) for a bounded time. Fails on any crash (a panic), leaving the
# input in fuzz/artifacts/engine/.
#
#   bash scripts/fuzz.sh            # 60 seconds
#   bash scripts/fuzz.sh 600        # ten minutes
#   bash scripts/fuzz.sh --install-only   # only install cargo-fuzz (scripts/test.sh, early)
#   bash scripts/fuzz.sh --build-only     # install it and build every fuzz target, no fuzzing
#   cargo fuzz run engine --fuzz-dir fuzz fuzz/artifacts/engine/<crash>   # replay a crash
set -euo pipefail
cd "$(dirname "$0")/.."
SECS="${1:-${FUZZ_SECS:-60}}"

if ! cargo fuzz --version >/dev/null 2>&1; then
  echo "==> installing cargo-fuzz"
  cargo install cargo-fuzz --locked
fi
if [ "${1:-}" = --install-only ]; then exit 0; fi

# Without a sanitizer (safe Rust: a panic is what we look for), cargo fuzz runs on the stable
# toolchain; RUSTC_BOOTSTRAP lets it pass the one unstable flag it still uses there.
TOOLCHAIN=()
if [ -n "${FUZZ_NIGHTLY:-}" ]; then TOOLCHAIN=(+nightly); fi
export RUSTC_BOOTSTRAP=1

if [ "${1:-}" = --build-only ]; then
  # Every target of the fuzz crate (what `cargo check --all-targets` of it would see); a later
  # run finds `engine` built.
  echo "==> building the fuzz targets"
  cargo "${TOOLCHAIN[@]}" fuzz build --fuzz-dir fuzz --sanitizer none --release
  exit 0
fi

mkdir -p fuzz/corpus/engine
echo "==> building the fuzz target"
cargo "${TOOLCHAIN[@]}" fuzz build engine --fuzz-dir fuzz --sanitizer none --release
echo "==> fuzzing for ${SECS}s"
cargo "${TOOLCHAIN[@]}" fuzz run engine --fuzz-dir fuzz --sanitizer none --release -- \
  -max_total_time="$SECS" -max_len=4096 -len_control=0 -timeout=10 -rss_limit_mb=2048 \
  -print_final_stats=1
