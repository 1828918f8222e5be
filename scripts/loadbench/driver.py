#!/usr/bin/env python3
"""Load-benchmark helper for scripts/loadbench.sh (stdlib only).

  driver.py seed  --port P --games N --seed S --target T --out FILE.lua
      Plays one reference game (seed S, hasenpfeffer to T points (default 40: about 1,450
      moves, so a set of 140 games lasts a 5-s run), four open seats, all claimed here; the seat to act
      posts its first non-pass legal action) and records the sequence of (seat, action).
      Then creates N more games with the same seed -- same deals, so the same sequence is
      legal in every one -- claims all four seats of each, and writes a Lua data file:
      games = {{id, tok0..tok3}, ...}; seq = {{seat, body}, ...}.
(Whole games per second, (c), are played by examples/loadgen.rs.)
"""
import argparse, http.client, json, threading

H = {"content-type": "application/json"}
OPEN4 = json.dumps({"seats": [{"kind": "open"}] * 4})


class Client:
    def __init__(self, port):
        self.port = port
        self.c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def req(self, method, path, body=None, token=None):
        h = dict(H)
        if token:
            h["authorization"] = "Bearer " + token
        for attempt in range(3):
            try:
                self.c.request(method, path, body=body, headers=h)
                r = self.c.getresponse()
                data = r.read()
                return r.status, (json.loads(data) if data else None)
            except (http.client.HTTPException, OSError):
                self.c.close()
                self.c = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        raise RuntimeError("request failed: %s %s" % (method, path))


def new_game(cl, seed, target):
    body = json.loads(OPEN4)
    body["ruleset"] = {"preset": "hasenpfeffer", "target_score": target}
    if seed is not None:
        body["seed"] = seed
    st, g = cl.req("POST", "/v1/games", json.dumps(body))
    assert st in (200, 201), (st, g)
    gid = g["game_id"]
    toks = []
    for s in range(4):
        st, r = cl.req("POST", "/v1/games/%s/seats" % gid, json.dumps({"seat": s, "name": "b%d" % s}))
        assert st in (200, 201), (st, r)
        toks.append(r["token"])
    return gid, toks


def choose(legal):
    for a in legal:
        if a.get("type") != "pass":
            return a
    return legal[0]


def lua_str(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def cmd_seed(a):
    cl = Client(a.port)
    gid, toks = new_game(cl, a.seed, a.target)
    seq = []
    st, v = cl.req("GET", "/v1/games/" + gid, token=toks[0])
    while v["phase"] != "game_over" and len(seq) < 5000:
        seat = v["turn"]
        st, v = cl.req("GET", "/v1/games/" + gid, token=toks[seat])
        act = choose(v["legal_actions"])
        body = json.dumps(act, separators=(",", ":"))
        st, v = cl.req("POST", "/v1/games/%s/actions" % gid, body, token=toks[seat])
        assert st == 200, (st, v)
        seq.append((seat, body))
    games = [None] * a.games
    nxt = [0]
    lock = threading.Lock()

    def worker():
        c = Client(a.port)
        while True:
            with lock:
                i = nxt[0]
                nxt[0] += 1
            if i >= a.games:
                return
            games[i] = new_game(c, a.seed, a.target)

    ts = [threading.Thread(target=worker) for _ in range(a.threads)]
    [t.start() for t in ts]
    [t.join() for t in ts]
    # sanity: the sequence's first move is legal in a copy
    with open(a.out, "w") as f:
        f.write("games = {\n")
        for gid, tk in games:
            f.write("{%s,%s},\n" % (lua_str(gid), ",".join(lua_str(t) for t in tk)))
        f.write("}\nseq = {\n")
        for seat, body in seq:
            f.write("{%d,%s},\n" % (seat, lua_str(body)))
        f.write("}\n")
    print(json.dumps({"ref_game": gid, "seq_len": len(seq), "games": a.games}))


def main():
    p = argparse.ArgumentParser()
    sp = p.add_subparsers(dest="cmd", required=True)
    s = sp.add_parser("seed")
    s.add_argument("--port", type=int, required=True)
    s.add_argument("--games", type=int, default=1000)
    s.add_argument("--seed", type=int, default=7)
    s.add_argument("--target", type=int, default=40)
    s.add_argument("--threads", type=int, default=16)
    s.add_argument("--out", required=True)
    a = p.parse_args()
    {"seed": cmd_seed}[a.cmd](a)


if __name__ == "__main__":
    main()
