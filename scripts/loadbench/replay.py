#!/usr/bin/env python3
"""Helper for scripts/instructions.sh (stdlib only).

  replay.py --port P --data SET.lua --n N --mode moves|view|readyz --pid PID[,PID...]

Sends N requests one after the other on one connection: the first N moves of the first game
of a set written by `driver.py seed` (after one unmeasured move that fills the server's
cache), N `GET /v1/games/{id}` of that game as its seat 0 (a seat's view), or N
`GET /readyz`. Around them it zeroes and then dumps the counters of each process
running under callgrind (the server, and Redis too if its pid is given; `callgrind_control -z`
and `-d <mode>`), so each dump holds exactly the instructions that process spent on those N
requests.
"""
import argparse, http.client, json, re, subprocess

p = argparse.ArgumentParser()
p.add_argument("--port", type=int, required=True)
p.add_argument("--data", required=True)
p.add_argument("--n", type=int, required=True)
p.add_argument("--mode", choices=["moves", "view", "readyz"], required=True)
p.add_argument("--pid", required=True)
a = p.parse_args()

src = open(a.data).read()
game = re.search(r'\{"([a-z0-9]+)","(hp_[0-9a-f]+)","(hp_[0-9a-f]+)","(hp_[0-9a-f]+)","(hp_[0-9a-f]+)"\}', src).groups()
seq = [(int(s), json.loads('"' + b + '"')) for s, b in re.findall(r'\{(\d),"((?:[^"\\]|\\.)*)"\}', src)]
assert len(seq) > a.n, "the set's games are shorter than --n moves"
c = http.client.HTTPConnection("127.0.0.1", a.port, timeout=120)


def req(method, path, body=None, headers=None):
    c.request(method, path, body=body, headers=headers or {})
    r = c.getresponse()
    r.read()
    return r.status


def move(i):
    seat, body = seq[i]
    return req("POST", "/v1/games/%s/actions" % game[0], body,
               {"content-type": "application/json", "authorization": "Bearer " + game[1 + seat]})


def view():
    return req("GET", "/v1/games/%s" % game[0], None, {"authorization": "Bearer " + game[1]})


if a.mode == "moves":
    assert move(0) == 200
for _ in range(20):
    req("GET", "/readyz")
pids = a.pid.split(",")
for pid in pids:
    subprocess.run(["callgrind_control", "-z", pid], check=True, capture_output=True)
for i in range(1, a.n + 1):
    if a.mode == "moves":
        status = move(i)
    elif a.mode == "view":
        status = view()
    else:
        status = req("GET", "/readyz")
    assert status == 200, status
for pid in pids:
    subprocess.run(["callgrind_control", "-d", a.mode, pid], check=True, capture_output=True)
