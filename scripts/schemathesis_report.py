"""Reads schemathesis' NDJSON report(s) and prints, per operation, how many requests it answered
with 2xx, 4xx and 5xx (and how many of the 2xx were answers to generated, positive cases, per
phase); then, per action type, how many actions the action endpoints applied (2xx), by preset.
Exits 1 if an operation of the document never answered 2xx (then the fuzzing never reached what
is behind it: a missing token, a game that does not exist), or if an action type the rules of a
preset in REQUIRED offer was never applied in a game of that preset.

    python3 scripts/schemathesis_report.py target/schemathesis/memory/*.ndjson
"""

import base64
import collections
import json
import sys

# Action types that must have been applied (2xx) in games of the preset, so that its newest
# actions are known to be reached, not only refused (the hooks cycle /bid, /exchange, /play and
# the general endpoint through its games). The table printed shows every other type too.
REQUIRED = {
    "bacon": ["pass", "pick_up", "pick_up_alone", "allow", "veto", "veto_alone", "take_upcard", "play"],
    "five-hundred": ["pass", "bid", "misere", "open_misere", "exchange", "call", "alone", "play"],
}


def preset_of(response) -> str:
    """The preset of the game whose view a 2xx action answer is ("?" if it cannot be read)."""
    content = response.get("content") or {}
    try:
        view = json.loads(base64.b64decode(content.get("$base64", "")))
        return view["ruleset"]["preset"]
    except (ValueError, KeyError, TypeError):
        return "?"


def main(paths):
    # (method path) -> Counter of "2xx"/"4xx"/"5xx" and "2xx <phase>" for positive cases
    seen = collections.defaultdict(collections.Counter)
    # action type -> Counter of "<preset>" and "<preset> <endpoint>" for actions applied (2xx)
    applied = collections.defaultdict(collections.Counter)
    operations = set()
    for path in paths:
        with open(path) as f:
            for line in f:
                event = json.loads(line)
                if "LoadingFinished" in event:
                    continue
                finished = event.get("ScenarioFinished")
                if not finished:
                    continue
                recorder = finished["recorder"]
                if finished["phase"] != "stateful" and recorder.get("label"):
                    operations.add(recorder["label"])  # an operation of the document
                cases = recorder.get("cases", {})
                for case_id, interaction in recorder.get("interactions", {}).items():
                    response = interaction.get("response")
                    case = cases.get(case_id, {}).get("value")
                    if not response or not case:
                        continue
                    # (other methods on the same path are probes: counted, not listed)
                    label = f"{case['method']} {case['path']}"
                    status = response["status_code"]
                    kind = f"{status // 100}xx"
                    seen[label][kind] += 1
                    body = case.get("body")
                    if (
                        kind == "2xx"
                        and case["method"] == "POST"
                        and case["path"].startswith("/v1/games/{id}/")
                        and isinstance(body, dict)
                        and isinstance(body.get("type"), str)
                    ):
                        preset = preset_of(response)
                        endpoint = case["path"].rsplit("/", 1)[1]
                        applied[body["type"]][preset] += 1
                        applied[body["type"]][f"{preset} /{endpoint}"] += 1
                    meta = case.get("meta") or {}
                    if kind == "2xx" and (meta.get("generation") or {}).get("mode") == "positive":
                        seen[label][f"2xx {meta['phase']['name']}"] += 1
    phases = ["examples", "coverage", "fuzzing", "stateful"]
    print(f"{'operation':42} {'2xx':>5} {'4xx':>5} {'5xx':>4}   positive 2xx by phase")
    missing = []
    for label in sorted(operations, key=lambda l: (l.split(" ", 1)[1], l)):
        c = seen[label]
        by_phase = ", ".join(f"{p} {c[f'2xx {p}']}" for p in phases if c[f"2xx {p}"])
        print(f"{label:42} {c['2xx']:5} {c['4xx']:5} {c['5xx']:4}   {by_phase}")
        if c["2xx"] == 0:
            missing.append(label)
    print()
    print(f"{'action type applied (2xx)':26} {'n':>5}   by preset and endpoint")
    for action in sorted(applied):
        c = applied[action]
        total = sum(n for k, n in c.items() if " " not in k)
        where = ", ".join(f"{k} {n}" for k, n in sorted(c.items()) if " " in k)
        print(f"{action:26} {total:5}   {where}")
    unreached = [f"{a} ({p})" for p, actions in REQUIRED.items() for a in actions if not applied[a][p]]
    status = 0
    if missing:
        print("never answered 2xx: " + ", ".join(missing), file=sys.stderr)
        status = 1
    if unreached:
        print("actions never applied: " + ", ".join(unreached), file=sys.stderr)
        status = 1
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
