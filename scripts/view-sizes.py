#!/usr/bin/env python3
"""The largest views' sizes, plain and compressed (BENCHMARKS.md, "Compressed answers").

    python3 scripts/view-sizes.py http://127.0.0.1:8080

Plays a two-player Five Hundred game (seed 7) through both seats, and for each phase prints the
largest view a seat to act was sent: its `legal_actions`, its size as JSON and its size when the
request accepts gzip, brotli or zstd (`Accept-Encoding`; the answer's `Content-Encoding` beside).
"""
import json, urllib.request, sys
B = sys.argv[1]
def call(method, path, body=None, token=None, enc=None):
    h = {"Content-Type": "application/json"}
    if token: h["Authorization"] = f"Bearer {token}"
    if enc: h["Accept-Encoding"] = enc
    req = urllib.request.Request(B + path, data=json.dumps(body).encode() if body is not None else None, headers=h, method=method)
    r = urllib.request.urlopen(req)
    return r.read(), r.headers
g = json.loads(call("POST", "/v1/games", {"ruleset": {"preset": "five-hundred", "players": 2}, "seed": 7})[0])["game_id"]
toks = [json.loads(call("POST", f"/v1/games/{g}/seats", {})[0])["token"] for _ in range(2)]
best = {}
for step in range(400):
    views = [json.loads(call("GET", f"/v1/games/{g}", token=t)[0]) for t in toks]
    v = views[0]
    if v["phase"] == "game_over": break
    s = v["turn"]
    if s is None: break
    me = views[s]
    raw, _ = call("GET", f"/v1/games/{g}", token=toks[s])
    for enc in ("gzip", "br", "zstd"):
        body, h = call("GET", f"/v1/games/{g}", token=toks[s], enc=enc)
        key = (me["phase"], enc)
        if key not in best or len(raw) > best[key][0]:
            best[key] = (len(raw), len(body), len(me["legal_actions"]), h.get("Content-Encoding"))
    acts = me["legal_actions"]
    a = next((x for x in acts if x["type"] == "pass"), acts[0]) if me["phase"] == "auction" and step > 2 else acts[-1]
    try: call("POST", f"/v1/games/{g}/actions", a, token=toks[s])
    except urllib.error.HTTPError as e: print("refused", e.code, e.read()[:200]); break
for (phase, enc), (raw, packed, n, ce) in sorted(best.items()):
    print(f"{phase:10} {enc:5} actions={n:5} plain={raw:7} compressed={packed:6} ({ce})")
