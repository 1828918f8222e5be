#!/usr/bin/env bash
# The client packages, clients/python and clients/typescript: each is a client generated from
# openapi/openapi.json (committed, like the document) and a small hand-written Bot layer.
#
#   bash scripts/clients.sh               # the check (CI): regenerate, build, type-check, play
#   bash scripts/clients.sh --write       # regenerate the committed clients (after the contract changed)
#   bash scripts/clients.sh --install-only   # install the pinned tools and stop (scripts/test.sh)
#   CL_BIN=target/release/hasenpfeffer bash scripts/clients.sh   # that server, no build
#   CL_STORES=memory CL_PRESETS="bacon euchre" bash scripts/clients.sh
#
# The check:
#   1. generates both clients again into a temporary directory, with openapi-python-client and
#      @hey-api/openapi-ts (pinned), and fails if either prints a warning or if what it generates
#      differs from what is committed (run --write and commit);
#   2. type-checks them and the Bot layers strictly: mypy --strict (the Python package and its
#      example), tsc --strict (the TypeScript package and its example);
#   3. builds both packages from a copy of the source (`python -m build`, `npm pack`), installs
#      what it built (a wheel into a virtual environment, a tarball into an empty npm project),
#      and, against the server (release binary) on each store of CL_STORES (memory and a private
#      Redis), runs each package's example: a bot account that, through the package's `Bot`,
#      queues for a table of each preset of CL_PRESETS (default: every preset the server lists)
#      with house players, follows its inbox and plays the game to its end.
# Nothing is written in the source tree but by --write. Tools live under ~/.cache/hasenpfeffer.
#
# openapi-python-client 0.29.1 types an operation that lists `{}` (anonymous allowed) beside a
# scheme as needing an AuthenticatedClient (upstream issue #1372, `bool(data.security)`): the
# Python generator is given the document with those operations' `security` left empty, so that
# they take a `Client` or an `AuthenticatedClient` (the client sends its token either way). That
# is the only difference; the document itself says the truth (`[{}, {"bearer_seat_token": []}]`).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

OPC=0.29.1        # openapi-python-client
MYPY=2.4.1
BUILD=1.6.1       # python -m build
SETUPTOOLS=84.2.1
HEYAPI=0.95.0     # @hey-api/openapi-ts
TYPESCRIPT=5.9.3
NODE_TYPES=20.19.43
CACHE="${XDG_CACHE_HOME:-$HOME/.cache}/hasenpfeffer"
VENV="${CL_VENV:-$CACHE/venv-clients}"
TOOLS="${CL_TOOLS:-$CACHE/clients-tools}"

mode=check
case "${1:-}" in
  --write) mode=write ;;
  --install-only) mode=install ;;
  "") ;;
  *) echo "usage: $0 [--write | --install-only]" >&2; exit 2 ;;
esac

# ---- the tools ------------------------------------------------------------------------------
install_tools() {
  [ -x "$VENV/bin/python" ] || python3 -m venv "$VENV"
  local want=("openapi-python-client==$OPC" "mypy==$MYPY" "build==$BUILD" "setuptools==$SETUPTOOLS")
  local have
  have=$("$VENV/bin/pip" freeze --all 2>/dev/null)
  local missing=()
  for w in "${want[@]}"; do grep -qix "$w" <<<"$have" || missing+=("$w"); done
  if [ "${#missing[@]}" -gt 0 ]; then
    echo "installing ${missing[*]} into $VENV"
    "$VENV/bin/pip" install -q "${want[@]}"
  fi
  mkdir -p "$TOOLS"
  [ -f "$TOOLS/package.json" ] || echo '{"private": true}' >"$TOOLS/package.json"
  local v ok=1
  for pair in "@hey-api/openapi-ts:$HEYAPI" "typescript:$TYPESCRIPT" "@types/node:$NODE_TYPES"; do
    v=$(node -p "try { require('$TOOLS/node_modules/${pair%:*}/package.json').version } catch { '' }")
    [ "$v" = "${pair##*:}" ] || ok=0
  done
  if [ "$ok" = 0 ]; then
    echo "installing @hey-api/openapi-ts@$HEYAPI, typescript@$TYPESCRIPT, @types/node@$NODE_TYPES into $TOOLS"
    npm install --prefix "$TOOLS" --no-audit --no-fund --loglevel=error --save-exact \
      "@hey-api/openapi-ts@$HEYAPI" "typescript@$TYPESCRIPT" "@types/node@$NODE_TYPES" >/dev/null
  fi
}
install_tools
if [ "$mode" = install ]; then exit 0; fi

WORK="$(mktemp -d)"
source "$ROOT/scripts/lib.sh" # free_port, start_redis, wait_ready, PIDS
trap 'stop_pids; rm -rf "$WORK"' EXIT

# A generator's output must hold no warning (nor error): printed, and the run fails.
no_warnings() { # no_warnings NAME LOG
  if grep -Eiq 'warn|error|unable|cannot|skipp' "$2"; then
    echo "--- $1 said:" >&2
    cat "$2" >&2
    echo "==> $1 printed warnings (above): the contract must generate cleanly" >&2
    exit 1
  fi
}

# ---- 1. generate ----------------------------------------------------------------------------
generate() { # generate DIR: both clients into DIR/python and DIR/typescript
  local out=$1
  mkdir -p "$out/python" "$out/typescript"
  "$VENV/bin/python" - openapi/openapi.json "$WORK/openapi-python.json" <<'EOF'
import json, sys
doc = json.load(open(sys.argv[1]))
changed = []
for path, item in doc["paths"].items():
    for method, op in item.items():
        security = op.get("security")
        if isinstance(security, list) and {} in security:
            op["security"] = []  # anonymous allowed: openapi-python-client issue #1372
            changed.append(op["operationId"])
json.dump(doc, open(sys.argv[2], "w"), indent=1)
print("optional auth (Client or AuthenticatedClient):", ", ".join(changed))
EOF
  (cd "$WORK" && "$VENV/bin/openapi-python-client" generate --path "$WORK/openapi-python.json" \
    --config "$ROOT/clients/python/generator.yaml" --meta none \
    --output-path "$out/python/hasenpfeffer_client" --overwrite) >"$WORK/python-gen.log" 2>&1 || {
    cat "$WORK/python-gen.log" >&2
    exit 1
  }
  no_warnings openapi-python-client "$WORK/python-gen.log"
  (cd "$ROOT/clients/typescript" && HP_OPENAPI="$ROOT/openapi/openapi.json" HP_OUT="$out/typescript/generated" \
    "$TOOLS/node_modules/.bin/openapi-ts" -f openapi-ts.config.mjs) >"$WORK/ts-gen.log" 2>&1 || {
    cat "$WORK/ts-gen.log" >&2
    exit 1
  }
  no_warnings @hey-api/openapi-ts "$WORK/ts-gen.log"
}

if [ "$mode" = write ]; then
  generate "$WORK/gen"
  rm -rf clients/python/src/hasenpfeffer_client clients/typescript/src/generated
  cp -r "$WORK/gen/python/hasenpfeffer_client" clients/python/src/
  cp -r "$WORK/gen/typescript/generated" clients/typescript/src/
  echo "regenerated clients/python/src/hasenpfeffer_client and clients/typescript/src/generated"
  exit 0
fi

stage() { printf '\n--> %s (%s)\n' "$1" "$(date +%T)"; }

stage "generate both clients again (openapi-python-client $OPC, @hey-api/openapi-ts $HEYAPI): no warnings, no drift"
generate "$WORK/gen"
drift=0
diff -r "$WORK/gen/python/hasenpfeffer_client" clients/python/src/hasenpfeffer_client >"$WORK/drift" 2>&1 || drift=1
diff -r "$WORK/gen/typescript/generated" clients/typescript/src/generated >>"$WORK/drift" 2>&1 || drift=1
if [ "$drift" = 1 ]; then
  head -n 60 "$WORK/drift" >&2
  echo "==> the committed clients are not what openapi/openapi.json generates: run bash scripts/clients.sh --write and commit" >&2
  exit 1
fi
echo "no warnings; the committed clients are what the contract generates"

stage "type-check: mypy --strict (Python), tsc --strict (TypeScript)"
(cd clients/python && MYPY_CACHE_DIR="$WORK/mypy-cache" "$VENV/bin/mypy" --strict src/hasenpfeffer src/hasenpfeffer_client examples)
"$TOOLS/node_modules/.bin/tsc" --noEmit -p clients/typescript/tsconfig.json --typeRoots "$TOOLS/node_modules/@types"
echo "tsc --strict: no errors"

stage "build the packages from a copy of the source (python -m build, npm pack)"
cp -r clients "$WORK/src"
(cd "$WORK/src/python" && "$VENV/bin/python" -m build --no-isolation --outdir "$WORK/dist" . >"$WORK/build.log" 2>&1) || {
  cat "$WORK/build.log" >&2
  exit 1
}
(cd "$WORK/src/typescript" && "$TOOLS/node_modules/.bin/tsc" -p tsconfig.json --typeRoots "$TOOLS/node_modules/@types" \
  && npm pack --ignore-scripts --silent --pack-destination "$WORK/dist" >/dev/null)
ls -l "$WORK/dist" | tail -n +2

stage "install what was built"
WHEEL=$(ls "$WORK"/dist/hasenpfeffer_client-*.whl)
"$VENV/bin/python" -c 'import httpx, attrs' 2>/dev/null || "$VENV/bin/pip" install -q "$WHEEL"
"$VENV/bin/pip" install -q --force-reinstall --no-deps "$WHEEL"
mkdir -p "$WORK/tsbot"
echo '{"private": true, "type": "module"}' >"$WORK/tsbot/package.json"
(cd "$WORK/tsbot" && npm install --no-audit --no-fund --loglevel=error --offline "$WORK"/dist/hasenpfeffer-client-*.tgz >/dev/null)
cp clients/typescript/examples/every-preset.ts "$WORK/tsbot/"
"$TOOLS/node_modules/.bin/tsc" --strict --target es2022 --module nodenext --moduleResolution nodenext \
  --typeRoots "$TOOLS/node_modules/@types" --types node --outDir "$WORK/tsbot" "$WORK/tsbot/every-preset.ts"

if [ -n "${CL_BIN:-}" ]; then
  BIN="$CL_BIN"
else
  stage "build the release server"
  cargo build --release --locked --bin hasenpfeffer
  BIN="$ROOT/target/release/hasenpfeffer"
fi

for store in ${CL_STORES:-memory redis}; do
  env_args=()
  if [ "$store" = redis ]; then
    rport=$(free_port)
    start_redis "$rport" "$WORK/redis.log"
    env_args+=(REDIS_URL="redis://127.0.0.1:$rport")
  fi
  port=$(free_port)
  env "${env_args[@]}" PORT="$port" BIND_ADDR=127.0.0.1 RUST_LOG=warn LOG_FORMAT=pretty \
    BOT_REGISTRATIONS_PER_HOUR=100 "$BIN" >"$WORK/server-$store.log" 2>&1 &
  PIDS+=("$!")
  wait_ready "http://127.0.0.1:$port/healthz" || { cat "$WORK/server-$store.log" >&2; exit 1; }
  base="http://127.0.0.1:$port"
  presets=${CL_PRESETS:-$(curl -fsS "$base/v1/rulesets" | python3 -c 'import json, sys; print(" ".join(p["name"] for p in json.load(sys.stdin)["presets"]))')}
  for lang in python typescript; do
    stage "the $lang package's Bot plays a game of each preset on $store: $presets"
    t0=$(date +%s)
    export XDG_CACHE_HOME="$WORK/cache-$store-$lang" # its key, saved by the Bot
    if [ "$lang" = python ]; then
      BASE_URL="$base" BOT_NAME="clients-$lang" PRESETS="$presets" timeout 600 \
        "$VENV/bin/python" -P clients/python/examples/every_preset.py
    else
      BASE_URL="$base" BOT_NAME="clients-$lang" PRESETS="$presets" timeout 600 node "$WORK/tsbot/every-preset.js"
    fi
    unset XDG_CACHE_HOME
    echo "($lang on $store: $(($(date +%s) - t0)) s)"
  done
done
echo
echo "the client packages: generated with no warnings and no drift, strictly typed, built, installed, and their Bots played every preset on ${CL_STORES:-memory redis}"
