#!/usr/bin/env bash
# What a generated client sees: generates TypeScript types from openapi/openapi.json with
# openapi-typescript (pinned, TypeScript 5 pinned; it must print no warning) and type-checks
# tests/client-types/check.ts against them. It fails if a field the server always sends becomes optional, if null stops or
# starts being possible where the server says otherwise, if Problem.code stops being a union of
# the codes, or if the event stream stops being text.
#
# The tools are installed under ~/.cache/hasenpfeffer/client-types (CLIENT_TYPES_DIR), never in
# the source tree; the generated types go to a temporary directory. `--install-only` installs
# them and stops (scripts/test.sh, in the background while cargo compiles).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OPENAPI_TS=7.13.0
TYPESCRIPT=5.9.3
TOOLS="${CLIENT_TYPES_DIR:-$HOME/.cache/hasenpfeffer/client-types}"

command -v node >/dev/null && command -v npm >/dev/null || { echo "node and npm are needed" >&2; exit 1; }
mkdir -p "$TOOLS"
have() { [ -f "$TOOLS/node_modules/$1/package.json" ] &&
  [ "$(node -p "require('$TOOLS/node_modules/$1/package.json').version")" = "$2" ]; }
if ! have openapi-typescript "$OPENAPI_TS" || ! have typescript "$TYPESCRIPT"; then
  echo "installing openapi-typescript@$OPENAPI_TS and typescript@$TYPESCRIPT into $TOOLS"
  (cd "$TOOLS" && [ -f package.json ] || echo '{"private": true}' >"$TOOLS/package.json")
  npm install --prefix "$TOOLS" --no-audit --no-fund --loglevel=error --save-exact \
    "openapi-typescript@$OPENAPI_TS" "typescript@$TYPESCRIPT" >/dev/null
fi
if [ "${1:-}" = --install-only ]; then exit 0; fi

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
# From the temporary directory: openapi-typescript would otherwise apply the repository's
# redocly.yaml (the lint stage's strict rules) without its ignore file.
# Its output must hold no warning (a schema it could not type): printed, and the run fails.
(cd "$WORK" && "$TOOLS/node_modules/.bin/openapi-typescript" "$ROOT/openapi/openapi.json" -o "$WORK/api.ts") >"$WORK/gen.log" 2>&1 || {
  cat "$WORK/gen.log" >&2
  exit 1
}
if grep -Eiq 'warn|error' "$WORK/gen.log"; then
  cat "$WORK/gen.log" >&2
  echo "openapi-typescript printed warnings (above)" >&2
  exit 1
fi
cp "$ROOT/tests/client-types/check.ts" "$WORK/check.ts"
"$TOOLS/node_modules/.bin/tsc" --noEmit --strict --target es2022 --module esnext \
  --moduleResolution bundler "$WORK/check.ts"
echo "client types: $(grep -c 'assert<' "$WORK/check.ts") checks passed (openapi-typescript $OPENAPI_TS, TypeScript $TYPESCRIPT)"
