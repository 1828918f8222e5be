#!/usr/bin/env bash
# The Python starter bot: generates a client from openapi/openapi.json, installs it in a virtual
# environment, and plays one game against house players on the server at BASE_URL.
#   bash examples/python/run.sh                                  # BASE_URL=http://localhost:8080
#   BASE_URL=http://localhost:9000 GAME_ID=<id> bash examples/python/run.sh
#   BOT_NAME=my-bot bash examples/python/run.sh   # account mode (see bot.py): game after game
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$here/../.."
cache="${XDG_CACHE_HOME:-$HOME/.cache}/hasenpfeffer"
venv="${PYBOT_VENV:-$cache/venv-pybot}"
out="$cache/python-client" # the generated client, outside the source tree
generator="openapi-python-client==0.29.1"

# 1. A virtual environment with the generator (created once, then reused).
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
if ! "$venv/bin/pip" freeze 2>/dev/null | grep -qx "$generator"; then
  "$venv/bin/pip" install -q "$generator"
fi

# 2. The client, generated fresh from the contract into the cache directory.
#    openapi-python-client 0.29.1 drops the properties of an `allOf` nested inside another
#    `allOf` (GameView has one), so the nested lists are merged into one first; this changes
#    nothing else, and nothing at all once the contract has no nested `allOf`.
rm -rf "$out"
mkdir -p "$out"
"$venv/bin/python" - "$root/openapi/openapi.json" "$out/openapi.json" <<'EOF'
import json, sys

def flatten(node):
    if isinstance(node, dict):
        for value in node.values():
            flatten(value)
        if isinstance(node.get("allOf"), list):
            merged = []
            for part in node["allOf"]:
                if isinstance(part, dict) and set(part) <= {"allOf", "type", "description"} and "allOf" in part:
                    merged.extend(part["allOf"])
                else:
                    merged.append(part)
            node["allOf"] = merged
    elif isinstance(node, list):
        for value in node:
            flatten(value)

spec = json.load(open(sys.argv[1]))
flatten(spec)
json.dump(spec, open(sys.argv[2], "w"))
EOF
"$venv/bin/openapi-python-client" generate --path "$out/openapi.json" \
  --config "$here/client-config.yaml" --output-path "$out/client" --meta setup --overwrite
# Its dependencies (httpx, attrs, python-dateutil) once; the client itself every time.
"$venv/bin/python" -c 'import httpx, attrs, dateutil' 2>/dev/null || "$venv/bin/pip" install -q "$out/client"
"$venv/bin/pip" install -q --force-reinstall --no-deps "$out/client"

# 3. Play (without writing bytecode next to the sources).
PYTHONDONTWRITEBYTECODE=1 exec "$venv/bin/python" "$here/bot.py"
