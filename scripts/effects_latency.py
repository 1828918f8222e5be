#!/usr/bin/env python3
"""How long after a rated game's last move its effects land (the outbox's work).

Against a running server (BASE, default http://127.0.0.1:8080): registers two bots, then for
each of N games (default 20) makes a rated game of euchre (the first bot challenges the second,
which accepts: two bots, two house players), plays the bots' seats with their first legal action, and from the moment the answer to the
move that ended the game arrives, measures when the bot's `game_over` inbox entry is there (a
long poll) and when its profile shows the game rated. Prints each game's two latencies and
their median, 90th percentile and maximum. Used by scripts/effects-latency.sh.

    python3 scripts/effects_latency.py [N]
"""

import json
import os
import statistics
import sys
import time
import urllib.request
import uuid

BASE = os.environ.get("BASE", "http://127.0.0.1:8080")


def call(method, path, body=None, auth=None):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(BASE + path, data=data, method=method)
    req.add_header("accept", "application/json")
    if data is not None:
        req.add_header("content-type", "application/json")
    if auth:
        req.add_header("authorization", auth)
    with urllib.request.urlopen(req, timeout=30) as res:
        return json.loads(res.read() or b"null")


def register(name):
    return call("POST", "/v1/bots", {"name": name})["api_key"]


def rated_games(name):
    profile = call("GET", f"/v1/bots/{name}")
    for r in profile["ratings"]:
        if r["pool"] == "euchre-4":
            return r["games"]
    return 0


def last_inbox_id(key):
    entries = call("GET", "/v1/bots/me/events?after=0", auth=f"Bot {key}")
    return max((e["id"] for e in entries), default=0)


def play_one(names, keys):
    # Only the server's own tables are rated: a challenge, accepted.
    challenge = call("POST", "/v1/challenges",
                     {"opponent": names[1], "ruleset": {"preset": "euchre"}, "rated": True},
                     auth=f"Bot {keys[0]}")
    cid = challenge["challenge_id"]
    gid = call("POST", f"/v1/challenges/{cid}/accept", {}, auth=f"Bot {keys[1]}")["game_id"]
    tokens = {}
    deadline = time.monotonic() + 10
    while len(tokens) < 2:
        if time.monotonic() > deadline:
            raise SystemExit(f"the bots were not told their seats of {gid}")
        for key in keys:
            entries = call("GET", "/v1/bots/me/events?after=0", auth=f"Bot {key}")
            for e in entries:
                if e["type"] == "seated" and e["game_id"] == gid:
                    tokens[e["seat"]] = e["token"]
        time.sleep(0.01)
    time.sleep(0.05)  # the seated entries, so that `after` is past them
    after = last_inbox_id(keys[0])
    rated_before = rated_games(names[0])
    while True:
        view = call("GET", f"/v1/games/{gid}")
        if view["status"] == "finished":
            raise SystemExit("the game ended on a house player's move: no last move to time")
        turn = view.get("turn")
        if turn not in tokens:
            time.sleep(0.002)
            continue
        mine = call("GET", f"/v1/games/{gid}", auth=f"Bearer {tokens[turn]}")
        action = mine["legal_actions"][0]
        answer = call("POST", f"/v1/games/{gid}/actions", action, auth=f"Bearer {tokens[turn]}")
        ended = time.monotonic()
        status = (answer.get("view") or answer).get("status")
        if status == "finished":
            break
    told = None
    while told is None:
        entries = call("GET", f"/v1/bots/me/events?after={after}&wait=5", auth=f"Bot {keys[0]}")
        for e in entries:
            after = max(after, e["id"])
            if e["type"] == "game_over" and e["game_id"] == gid:
                told = time.monotonic() - ended
    while rated_games(names[0]) == rated_before:
        if time.monotonic() - ended > 10:
            raise SystemExit(f"game {gid} not rated within 10 s")
        time.sleep(0.002)
    rated = time.monotonic() - ended
    return told, rated


def pct(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p * (len(values) - 1))))]


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    tag = uuid.uuid4().hex[:8]
    names = [f"lat-a-{tag}", f"lat-b-{tag}"]
    keys = [register(name) for name in names]
    told, rated = [], []
    while len(told) < n:
        try:
            t, r = play_one(names, keys)
        except SystemExit as e:
            if "house player" in str(e):
                continue
            raise
        told.append(t)
        rated.append(r)
        print(f"game {len(told)}: game_over after {t * 1000:.1f} ms, rated after {r * 1000:.1f} ms")
    for what, v in (("game_over in the inbox", told), ("rating on the profile", rated)):
        print(f"{what}: median {statistics.median(v) * 1000:.1f} ms, p90 {pct(v, 0.9) * 1000:.1f} ms, "
              f"max {max(v) * 1000:.1f} ms ({n} games)")
    if max(rated) > 1.0 or max(told) > 1.0:
        raise SystemExit("an effect took over 1 s")


if __name__ == "__main__":
    main()
