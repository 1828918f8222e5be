#!/usr/bin/env bash
# Our Euchre against OpenSpiel's, on the same game and the same machine, in one run (issue 20):
# random hands per second, one core. OpenSpiel's Euchre (24 cards, stick the dealer, the dealer
# must pick up, no lone defender) from its PyPI package, driven from Python as its users drive it
# and through its own C++ random_sim_test; ours with the same options, `hands/euchre-openspiel`
# of benches/engine.rs (criterion). Prints each figure and the ratios. Run it on a quiet machine
# (every figure is wall clock on one thread).
#
#   bash scripts/openspiel-bench.sh            # 5 s of OpenSpiel, criterion's default for ours
#   bash scripts/openspiel-bench.sh --quick    # CI: short runs, checks that the figures exist
set -euo pipefail
cd "$(dirname "$0")/.."
QUICK=0
[[ "${1:-}" == "--quick" ]] && QUICK=1
VENV=${XDG_CACHE_HOME:-$HOME/.cache}/hasenpfeffer/venv-openspiel
if ! "$VENV/bin/python" -c 'import pyspiel' 2>/dev/null; then
  echo "==> installing open_spiel 1.6.1 into $VENV"
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install -q open_spiel==1.6.1
fi
SECS=5
CRIT=()
if ((QUICK)); then
  SECS=1
  CRIT=(--warm-up-time 1 --measurement-time 2)
fi
echo "==> OpenSpiel's euchre (${SECS}s driven from Python, then random_sim_test)"
OS=$("$VENV/bin/python" scripts/openspiel_euchre.py "$SECS" | tail -1)
echo "$OS"
echo "==> ours: cargo bench --bench engine -- hands/euchre-openspiel"
cargo bench --no-default-features --locked --bench engine -- "${CRIT[@]}" 'hands/euchre-openspiel' \
  2>&1 | grep -E '^hands/euchre-openspiel|time:|thrpt:' || true
EST="${CARGO_TARGET_DIR:-target}/criterion/hands/euchre-openspiel/new/estimates.json"
python3 - "$EST" "$OS" <<'PY'
import json, sys
est = json.load(open(sys.argv[1]))
# The estimate criterion prints (the slope of its linear sampling, else the mean).
ns = (est.get("slope") or est["mean"])["point_estimate"]
ours = 1e9 / ns
os_ = json.loads(sys.argv[2])
py, cpp = os_["python_hands_per_s"], os_["random_sim_test_hands_per_s"]
print(f"ours {ours:,.0f} hands/s; OpenSpiel from Python {py:,.0f} hands/s (ours x{ours / py:.1f}); "
      f"OpenSpiel's random_sim_test {cpp:,.0f} hands/s (ours x{ours / cpp:.1f})")
if not ours > 0 or not py > 0 or not cpp > 0:
    sys.exit("a figure is missing")
PY
