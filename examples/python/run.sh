#!/usr/bin/env bash
# The Python starter bot: installs the client package (clients/python: the client generated from
# openapi/openapi.json and its Bot layer) in a virtual environment, and plays one game against
# house players on the server at BASE_URL.
#   bash examples/python/run.sh                                  # BASE_URL=http://localhost:8080
#   BASE_URL=http://localhost:9000 GAME_ID=<id> bash examples/python/run.sh
#   BOT_NAME=my-bot bash examples/python/run.sh   # account mode (see bot.py): game after game
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$here/../.."
cache="${XDG_CACHE_HOME:-$HOME/.cache}/hasenpfeffer"
venv="${PYBOT_VENV:-$cache/venv-pybot}"

# 1. A virtual environment (created once, then reused).
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi

# 2. The package, installed from a copy of clients/python (pip builds in the directory it is
#    given: nothing is written in the source tree). Its dependencies (httpx, attrs) once; the
#    package itself every time.
copy="$cache/python-package"
rm -rf "$copy"
mkdir -p "$copy"
cp -r "$root/clients/python/." "$copy/"
"$venv/bin/python" -c 'import httpx, attrs' 2>/dev/null || "$venv/bin/pip" install -q "$copy"
"$venv/bin/pip" install -q --force-reinstall --no-deps "$copy"

# 3. Play (without writing bytecode next to the sources).
PYTHONDONTWRITEBYTECODE=1 exec "$venv/bin/python" "$here/bot.py"
