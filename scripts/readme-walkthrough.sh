#!/usr/bin/env bash
# The README's curl walk-through, run as written: every ```sh block that follows a
# `<!-- walkthrough -->` comment in README.md, section by section, against the release server
# (memory store) on a free port, with BASE set to it.
#
#   bash scripts/readme-walkthrough.sh          # builds the release server first
#   RW_BIN=target/debug/hasenpfeffer bash scripts/readme-walkthrough.sh
#
# Each section's blocks run in order in one bash (so that GAME, AUTH, ... carry over), with
# `set -euo pipefail` and every curl made to fail on an answer that is not 2xx (the blocks say
# `curl -s`: a refused request would otherwise pass unnoticed). A block marked
# `<!-- walkthrough background -->` (the event stream, "in a second terminal") runs in the
# background; it must end by itself once the game is over, its last event `game_over`. After its
# blocks, a section must have left GAME naming a game that is over. A ```sh block without a
# marker in a section that has marked ones fails the run: every snippet of the walk-through is
# run.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
source scripts/lib.sh # free_port, wait_ready, PIDS, stop_pids

command -v jq >/dev/null || { echo "the walk-through needs jq" >&2; exit 1; }
if [ -n "${RW_BIN:-}" ]; then
  BIN="$RW_BIN"
else
  # The same build as scripts/starter-bots.sh (the stage before this one in scripts/test.sh):
  # building the server alone unifies the dependencies' features differently and rebuilds them.
  cargo build --release --locked --bin hasenpfeffer --example bot
  BIN="$ROOT/target/release/hasenpfeffer"
fi

WORK=$(mktemp -d)
trap 'stop_pids; rm -rf "$WORK"' EXIT
trap 'exit 1' INT TERM

# One script per section, from the README's marked blocks.
python3 - README.md "$WORK" <<'EOF'
import re, sys, pathlib

readme, out = pathlib.Path(sys.argv[1]).read_text().splitlines(), pathlib.Path(sys.argv[2])
sections, heading, marker, block, unmarked = {}, None, None, None, []
for n, line in enumerate(readme, 1):
    if block is not None:
        if line.startswith("```"):
            if marker is not None:
                sections.setdefault(heading, []).append((marker, "\n".join(block), n))
            else:
                unmarked.append((heading, n))
            block, marker = None, None
        else:
            block.append(line)
        continue
    if re.match(r"#{2,3} ", line):
        heading = line.lstrip("#").strip()
    m = re.fullmatch(r"<!-- walkthrough( background)? -->", line.strip())
    if m:
        marker = "background" if m.group(1) else "run"
    elif line.startswith("```"):
        if line.strip() != "```sh" and marker is not None:
            sys.exit(f"README.md:{n}: a walkthrough marker must precede a ```sh block")
        block = []
    elif line.strip() and marker is not None:
        sys.exit(f"README.md:{n}: a walkthrough marker must be followed by its ```sh block")
if not sections:
    sys.exit("README.md has no <!-- walkthrough --> blocks")
bad = [f"README.md:{n} (section {h!r})" for h, n in unmarked if h in sections]
if bad:
    sys.exit("sh blocks of the walk-through without a <!-- walkthrough --> marker: " + ", ".join(bad))

for i, (heading, blocks) in enumerate(sections.items()):
    lines = [
        f"# {heading}",
        "set -euo pipefail",
        # a non-2xx answer fails the step (the problem document still goes to stdout)
        "curl() { command curl --fail-with-body \"$@\" || { s=$?; echo \"FAILED (curl exit $s): curl $*\" >&2; return $s; }; }",
        "BACKGROUND=()",
    ]
    for j, (kind, text, n) in enumerate(blocks):
        lines.append(f"echo '--- README.md:{n}'")
        if kind == "background":
            lines += [f"( {text}\n) > \"$RW_WORK/background-{i}-{j}.out\" 2>&1 &",
                      f"BACKGROUND+=(\"$!:$RW_WORK/background-{i}-{j}.out\")"]
        else:
            lines.append(text)
    lines += [
        "echo '--- checks'",
        "[ -n \"${GAME:-}\" ] && [ \"$GAME\" != null ] || { echo 'GAME is not set' >&2; exit 1; }",
        "phase=$(command curl -fsS \"$BASE/v1/games/$GAME\" | jq -r .phase)",
        "[ \"$phase\" = game_over ] || { echo \"game $GAME is in phase $phase, not over\" >&2; exit 1; }",
        "for bg in \"${BACKGROUND[@]}\"; do",
        "  pid=${bg%%:*}; out=${bg#*:}",
        "  for _ in $(seq 100); do kill -0 \"$pid\" 2>/dev/null || break; sleep 0.1; done",
        "  if kill -0 \"$pid\" 2>/dev/null; then kill \"$pid\"; echo 'the background block did not end with the game' >&2; exit 1; fi",
        "  wait \"$pid\" || { echo 'the background block failed:' >&2; cat \"$out\" >&2; exit 1; }",
        "  tail -n 3 \"$out\" | cut -c1-120",
        "  grep -q '^event: game_over' \"$out\" || { echo 'no game_over event in the background block' >&2; exit 1; }",
        "done",
        f"echo \"{heading}: every request answered 2xx, game $GAME is over\"",
    ]
    (out / f"section-{i}.sh").write_text("\n".join(lines) + "\n")
    print(f"{heading}: {len(blocks)} blocks")
EOF

PORT=$(free_port)
export BASE="http://127.0.0.1:$PORT"
env -u REDIS_URL PORT="$PORT" BIND_ADDR=127.0.0.1 RUST_LOG=warn LOG_FORMAT=pretty RATE_LIMIT_PER_SEC=0 \
  "$BIN" >"$WORK/server.log" 2>&1 &
PIDS+=("$!")
wait_ready "$BASE/healthz" 100 || { cat "$WORK/server.log" >&2; exit 1; }

for script in "$WORK"/section-*.sh; do
  echo "==> $(head -n 1 "$script" | cut -c3-)"
  if ! (cd "$WORK" && RW_WORK="$WORK" timeout 300 bash "$script"); then
    echo "==> the README walk-through failed in section: $(head -n 1 "$script" | cut -c3-)" >&2
    exit 1
  fi
done
echo "==> the README walk-through ran as written"
