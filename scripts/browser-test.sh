#!/usr/bin/env bash
# Real-browser tests: headless Debian chromium, driven by playwright-core from npm
# (tests/browser/).
#   - swagger.mjs: opens /swagger-ui/, creates a game with "Try it out" and checks
#     the live 201 response;
#   - web.mjs: the web page at / (web/): every preset played to the end by clicking
#     (one with the keyboard alone), Buck Euchre's and Bacon's rarer cases from
#     chosen deals (Bacon: every call, answer and the face-up exchange, an acquitted
#     hand; Five Hundred for four and five: strain bids, misère, the kitty, a partner
#     called by a card, open misère with the joker led naming a suit), a spectator
#     following four house players live, replays, the leaderboards panel and a bot's
#     profile (after rated games of house players), Five Hundred for six in teams of two
#     chosen on the form, the page's gzipped bytes, axe-core, screenshots at desktop and
#     phone widths;
#   - table.mjs: the card table as a person meets it (issue 40), at 1366x768 and 390x844: a hand
#     of hasenpfeffer, euchre, bacon and five-hundred played by clicking, every decision with the
#     whole hand (a fan, each card pressable where it shows) and every action in the viewport,
#     the scores, contract, trump, dealer and trick not under the dock, the page unscrolled
#     (Five Hundred's 13-card kitty discard included), the hand's summary and score sheet; paced
#     play (other seats' cards one at a time, the trick's winner marked, the pace setting off);
#     the seat kept by a new tab and by the private rejoin link; a turn played by the clock said;
#     a game of house players watched card by card, also from the home page's Watch live box,
#     and "Skip to now" jumping it to the game as it is;
#     friendly names and How to play from the docs; axe-core.
#   - arenas.mjs: the arenas (web/arenas.js), at 1366x768 and 390x844: four bots registered
#     through the API join a continuous arena of Euchre; the list (`#/arenas`, from the home
#     page's link) shows it; its page (`#/arena/{id}`) the standings with the four bots, the
#     settings, a table whose Watch link opens the game, read again while it runs and not once
#     left; a duplicate arena's scores as percentages; axe-core; no console error.
# Before them, "How to play" (web/rules.js) is checked against the docs it is cut from
# (node scripts/rules-web.mjs --check), the page's ES modules are type-checked: tsc --checkJs
# --strict (tests/browser/tsconfig.web.json, TypeScript 5 pinned in tests/browser/package.json),
# and its event-stream reader, paced play and rules text are tested under Node
# (tests/browser/sse.test.mjs, pace.test.mjs, rules.test.mjs).
#
#   1. installs chromium with apt-get when /usr/bin/chromium is missing (root);
#   2. npm ci in tests/browser (pinned playwright-core; no browser download);
#   3. cargo build --release --bin hasenpfeffer (a no-op when up to date);
#   4. starts the server on a free loopback port with LOG_FORMAT=json and the
#      in-memory store, logging to target/browser/server.log, waits for /healthz;
#   5. runs the browser test; the server is always stopped on exit.
# Exit code: the test's (non-zero also when a setup step fails).
# Screenshots: target/browser/swagger.png, swagger-op.png, web-*.png (full pages; web-arena*.png
# the arenas) and table-*.png
# (the viewport a person sees at each kind of decision, the hand's summary, paced play, a watched
# game of house players, the home page).
#   SKIP_WEB=1        run only table.mjs and arenas.mjs (and swagger.mjs) of the page's tests
#   ONLY_ARENAS=1     run only arenas.mjs (after the type check)
#
# Needs: Debian with apt-get (run as root) or chromium already installed, node
# >= 20 and npm, cargo.
#   SKIP_BUILD=1      use the existing release binary (target/release/hasenpfeffer) as it is
#   HASENPFEFFER_BIN  another server binary (implies SKIP_BUILD)
#   CARGO_TARGET_DIR  where cargo builds (the binary is taken from its release/)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
OUT="$ROOT/target/browser"
mkdir -p "$OUT"
START=$(date +%s)
say() { echo "[browser-test $(( $(date +%s) - START ))s] $*"; }

# ---- 1. chromium -------------------------------------------------------------
CHROMIUM=/usr/bin/chromium
if [ ! -x "$CHROMIUM" ]; then
  say "installing chromium (apt-get)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium >/dev/null
fi
say "$("$CHROMIUM" --version 2>/dev/null || echo 'chromium: version unknown')"

# ---- 2. playwright-core ------------------------------------------------------
command -v node >/dev/null && command -v npm >/dev/null || { echo "node and npm are needed" >&2; exit 1; }
(cd tests/browser && npm ci --no-audit --no-fund --loglevel=error >/dev/null 2>"$OUT/npm.log") || {
  echo "npm ci failed:" >&2; grep -v 'Unknown user config' "$OUT/npm.log" >&2 || true; exit 1; }
say "playwright-core $(node -p "require('./tests/browser/node_modules/playwright-core/package.json').version")"

# ---- 2a. How to play: the docs' own text ----------------------------------------
say "web/rules.js against docs/RULES.md and docs/RULES-FAMILY.md (node scripts/rules-web.mjs --check)"
node scripts/rules-web.mjs --check || {
  echo "FAIL: web/rules.js (How to play) differs from the docs: run node scripts/rules-web.mjs and commit it" >&2; exit 1; }

# ---- 2b. the page's types ----------------------------------------------------
say "tsc $(node -p "require('./tests/browser/node_modules/typescript/package.json').version") --checkJs --strict: web/*.js"
(cd tests/browser && node node_modules/typescript/bin/tsc -p tsconfig.web.json) || {
  echo "FAIL: the web page's modules do not type-check (tests/browser/tsconfig.web.json)" >&2; exit 1; }
say "node --test: the page's event-stream reader, paced play and rules text (tests/browser/sse.test.mjs, pace.test.mjs, rules.test.mjs)"
node --test tests/browser/sse.test.mjs tests/browser/pace.test.mjs tests/browser/rules.test.mjs >"$OUT/sse-test.log" 2>&1 || {
  cat "$OUT/sse-test.log" >&2; echo "FAIL: tests/browser/sse.test.mjs, pace.test.mjs or rules.test.mjs" >&2; exit 1; }

# ---- 3. the server binary ----------------------------------------------------
BIN="${HASENPFEFFER_BIN:-${CARGO_TARGET_DIR:-$ROOT/target}/release/hasenpfeffer}"
if [ -z "${HASENPFEFFER_BIN:-}" ] && [ "${SKIP_BUILD:-0}" != 1 ]; then
  say "cargo build --release --bin hasenpfeffer"
  cargo build --release --bin hasenpfeffer >"$OUT/build.log" 2>&1 || {
    rc=$?; tail -n 60 "$OUT/build.log" >&2
    echo "FAIL: cargo build --release --bin hasenpfeffer failed (exit $rc; log: target/browser/build.log)" >&2
    exit "$rc"; }
fi
[ -x "$BIN" ] || { echo "no server binary at $BIN" >&2; exit 1; }

# ---- 4. start it -------------------------------------------------------------
PORT="$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
BASE_URL="http://127.0.0.1:$PORT"
SERVER_PID=""
cleanup() {
  if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill -TERM "$SERVER_PID" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
  fi
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# No REDIS_URL: the embedded in-memory store. Loopback only.
env -u REDIS_URL PORT="$PORT" BIND_ADDR=127.0.0.1 LOG_FORMAT=json "$BIN" >"$OUT/server.log" 2>&1 &
SERVER_PID=$!
say "server pid $SERVER_PID on $BASE_URL (log: target/browser/server.log)"

# Wait (at most 30 s) for /healthz to answer 200; give up early if the server died.
ready=0
for _ in $(seq 1 60); do
  if ! kill -0 "$SERVER_PID" 2>/dev/null; then break; fi
  if node -e "fetch('$BASE_URL/healthz',{signal:AbortSignal.timeout(2000)}).then(r=>process.exit(r.status===200?0:1),()=>process.exit(1))"; then
    ready=1; break
  fi
  sleep 0.5
done
if [ "$ready" != 1 ]; then
  if kill -0 "$SERVER_PID" 2>/dev/null; then
    echo "FAIL: the server did not become healthy at $BASE_URL/healthz within 30 s; server.log:" >&2
  else
    status=0; wait "$SERVER_PID" || status=$?; SERVER_PID=""
    echo "FAIL: the server exited (status $status) before answering /healthz; server.log:" >&2
  fi
  tail -n 40 "$OUT/server.log" >&2 || true
  exit 1
fi

# ---- 5. the browser test -----------------------------------------------------
set +e
rc=0
if [ "${ONLY_ARENAS:-0}" != 1 ]; then
  BASE_URL="$BASE_URL" CHROMIUM_PATH="$CHROMIUM" BROWSER_OUT_DIR="$OUT" node tests/browser/swagger.mjs
  rc=$?
  if [ "$rc" = 0 ]; then
    say "the card table (tests/browser/table.mjs)"
    BASE_URL="$BASE_URL" CHROMIUM_PATH="$CHROMIUM" BROWSER_OUT_DIR="$OUT" node tests/browser/table.mjs
    rc=$?
  fi
fi
if [ "$rc" = 0 ]; then
  say "the arenas (tests/browser/arenas.mjs)"
  BASE_URL="$BASE_URL" CHROMIUM_PATH="$CHROMIUM" BROWSER_OUT_DIR="$OUT" node tests/browser/arenas.mjs
  rc=$?
fi
if [ "$rc" = 0 ] && [ "${SKIP_WEB:-0}" != 1 ] && [ "${ONLY_ARENAS:-0}" != 1 ]; then
  say "the web page (tests/browser/web.mjs)"
  BASE_URL="$BASE_URL" CHROMIUM_PATH="$CHROMIUM" BROWSER_OUT_DIR="$OUT" node tests/browser/web.mjs
  rc=$?
fi
set -e
if [ "$rc" != 0 ]; then
  echo "server.log (last 40 lines):" >&2
  tail -n 40 "$OUT/server.log" >&2 || true
fi
say "done: exit $rc"
exit "$rc"
