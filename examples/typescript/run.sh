#!/usr/bin/env bash
# The TypeScript starter bot: installs its pinned dependencies (package-lock.json), generates the
# API's types from openapi/openapi.json (openapi-typescript), type-checks bot.ts (`tsc --noEmit`,
# strict), compiles it and plays one game against house players on the server at BASE_URL.
# Everything is done in a cache directory: nothing is written under examples/.
#   bash examples/typescript/run.sh                                  # BASE_URL=http://localhost:8080
#   BASE_URL=http://localhost:9000 GAME_ID=<id> bash examples/typescript/run.sh
#   BOT_NAME=my-bot bash examples/typescript/run.sh   # account mode (see bot.ts): game after game
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$here/../.."
work="${TSBOT_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/hasenpfeffer/typescript-bot}"
mkdir -p "$work"

# 1. The dependencies, exactly as locked; installed again only when the lock file changes.
if ! cmp -s "$here/package-lock.json" "$work/package-lock.json" \
   || ! cmp -s "$here/package.json" "$work/package.json" || [ ! -d "$work/node_modules" ]; then
  cp "$here/package.json" "$here/package-lock.json" "$work/"
  (cd "$work" && npm ci --no-audit --no-fund --loglevel=error)
fi

# 2. The types, generated fresh from the contract, next to a copy of the bot.
cp "$here/bot.ts" "$here/tsconfig.json" "$work/"
# (From the cache directory: run from the repository, openapi-typescript would apply its
# redocly.yaml, the lint stage's strict rules, without the lint stage's ignore file.)
(cd "$work" && "$work/node_modules/.bin/openapi-typescript" "$root/openapi/openapi.json" \
  -o "$work/schema.d.ts" >/dev/null)

# 3. Type-check (strict), compile, play.
rm -rf "$work/dist"
"$work/node_modules/.bin/tsc" --noEmit -p "$work/tsconfig.json"
"$work/node_modules/.bin/tsc" -p "$work/tsconfig.json"
exec node "$work/dist/bot.js"
