"""Reads schemathesis' NDJSON report(s) and prints, per operation, how many requests it answered
with 2xx, 4xx and 5xx (and how many of the 2xx were answers to generated, positive cases, per
phase). Exits 1 if an operation of the document never answered 2xx: then the fuzzing never
reached what is behind it (a missing token, a game that does not exist).

    python3 scripts/schemathesis_report.py target/schemathesis/memory/*.ndjson
"""

import collections
import json
import sys


def main(paths):
    # (method path) -> Counter of "2xx"/"4xx"/"5xx" and "2xx <phase>" for positive cases
    seen = collections.defaultdict(collections.Counter)
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
    if missing:
        print("never answered 2xx: " + ", ".join(missing), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
