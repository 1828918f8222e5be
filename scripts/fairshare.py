#!/usr/bin/env python3
"""A stranger's move against house experts, alone and while one bot runs house-only matches.

Against a running server (BASE, default http://127.0.0.1:8080): creates a game of one open
seat and three house experts, claims the open seat anonymously and plays it (a random legal
action), timing each POST of an action (its answer comes once the experts have played up to the
stranger's next turn), MOVES times (default 300; a finished game is followed by a new one).
Then registers a bot which asks for MATCHES (default 4) house-only matches of DEALS (default
100) deals, house-expert against house-heuristic, waits until their games are made, and times
MOVES moves again while they run. Prints each phase's median, p90, p99 and max, the ratio of
the medians, and how many of the matches' games finished meanwhile. Used by
scripts/fairshare.sh.

    python3 scripts/fairshare.py [MOVES] [MATCHES] [DEALS]
"""

import http.client
import json
import os
import random
import statistics
import sys
import time
import urllib.parse
import uuid

BASE = os.environ.get("BASE", "http://127.0.0.1:8080")
_url = urllib.parse.urlparse(BASE)
_conn = http.client.HTTPConnection(_url.hostname, _url.port, timeout=120)


def call(method, path, body=None, auth=None, want=(200, 201, 202)):
    headers = {"accept": "application/json"}
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        headers["content-type"] = "application/json"
    if auth:
        headers["authorization"] = auth
    _conn.request(method, path, body=data, headers=headers)
    res = _conn.getresponse()
    raw = res.read()
    if res.status not in want:
        raise SystemExit(f"{method} {path}: {res.status} {raw[:300]!r}")
    return json.loads(raw or b"null")


class Stranger:
    """One open seat against three house experts; a new game when one ends."""

    def __init__(self, rng):
        self.rng = rng
        self.new_game()

    def new_game(self):
        seats = [{"kind": "open"}] + [{"kind": "bot", "strategy": "expert"}] * 3
        self.gid = call("POST", "/v1/games", {"seats": seats})["game_id"]
        claimed = call("POST", f"/v1/games/{self.gid}/seats", {"seat": 0, "name": "stranger"})
        self.auth = f"Bearer {claimed['token']}"

    def move(self):
        """Times one move of the stranger's (seconds)."""
        while True:
            view = call("GET", f"/v1/games/{self.gid}", auth=self.auth)
            if view["status"] == "finished":
                self.new_game()
                continue
            if view.get("turn") == 0 and view["legal_actions"]:
                break
            time.sleep(0.005)  # the experts' first moves of a new game, in the background
        action = self.rng.choice(view["legal_actions"])
        started = time.perf_counter()
        call("POST", f"/v1/games/{self.gid}/actions", action, auth=self.auth)
        return time.perf_counter() - started


def summary(name, times):
    ms = sorted(t * 1000 for t in times)

    def pct(p):
        return ms[min(len(ms) - 1, int(p * len(ms)))]

    med = statistics.median(ms)
    print(f"{name}: {len(ms)} moves, median {med:.1f} ms, p90 {pct(0.90):.1f} ms, "
          f"p99 {pct(0.99):.1f} ms, max {ms[-1]:.1f} ms", flush=True)
    return med


def finished_games(match_ids):
    done = total = 0
    for mid in match_ids:
        m = call("GET", f"/v1/matches/{mid}")
        for deal in m["deal_results"]:
            for play in deal["plays"]:
                total += 1
                done += bool(play["finished"])
    return done, total


def main():
    moves = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    matches = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    deals = int(sys.argv[3]) if len(sys.argv) > 3 else 100
    rng = random.Random(7)
    stranger = Stranger(rng)
    for _ in range(20):  # warm up
        stranger.move()
    alone = [stranger.move() for _ in range(moves)]
    med_alone = summary("alone", alone)

    name = f"fairshare-{uuid.uuid4().hex[:8]}"
    key = call("POST", "/v1/bots", {"name": name})["api_key"]
    ids = []
    for _ in range(matches):
        m = call("POST", "/v1/matches",
                 {"a": "house-expert", "b": "house-heuristic", "deals": deals},
                 auth=f"Bot {key}")
        ids.append(m["match_id"])
    waited = time.monotonic()
    while time.monotonic() - waited < 60:
        if all(call("GET", f"/v1/matches/{i}")["status"] != "starting" for i in ids):
            break
        time.sleep(0.2)
    print(f"{matches} matches of {deals} deals playing after "
          f"{time.monotonic() - waited:.1f} s", flush=True)
    before, total = finished_games(ids)
    started = time.monotonic()
    loaded = [stranger.move() for _ in range(moves)]
    spent = time.monotonic() - started
    after, _ = finished_games(ids)
    med_loaded = summary(f"with {matches} matches", loaded)
    print(f"matches' games finished while measuring: {after - before} in {spent:.1f} s "
          f"({after} of {total} in all)")
    ratio = med_loaded / med_alone
    print(f"median ratio: {ratio:.2f}x (goal: within 3x)")


if __name__ == "__main__":
    main()
