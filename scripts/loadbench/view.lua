-- wrk script for (v): a seat's view, GET /v1/games/{id} with the seat's token, round robin over
-- the games (and their four seats) of a set written by driver.py (env LB_DATA), each request
-- one game's view as one of its seats: what a bot polling its game asks, one Redis round trip
-- (the version check of the cached game) like /readyz's PING.
local threads = {}
local counter = 0
function setup(thread)
  thread:set("tid", counter)
  counter = counter + 1
  table.insert(threads, thread)
end

function init(args)
  dofile(os.getenv("LB_DATA"))
  local n = tonumber(os.getenv("LB_THREADS"))
  reqs = {}
  for i, g in ipairs(games) do
    if (i - 1) % n == tid then
      for seat = 0, 3 do
        table.insert(reqs, wrk.format("GET", "/v1/games/" .. g[1],
          {["Authorization"] = "Bearer " .. g[seat + 2]}))
      end
    end
  end
  nxt = 0
  ok, bad, codes = 0, 0, {}
end

function request()
  nxt = nxt % #reqs + 1
  return reqs[nxt]
end

function response(status, headers, body)
  if status == 200 then ok = ok + 1 else bad = bad + 1; codes[status] = (codes[status] or 0) + 1 end
end

function done(summary, latency, requests)
  local o, b = 0, 0
  for _, t in ipairs(threads) do
    o = o + t:get("ok"); b = b + t:get("bad")
    for k, v in pairs(t:get("codes")) do io.write(string.format("status %s: %d\n", k, v)) end
  end
  io.write(string.format("LB ok=%d bad=%d exhausted=0 secs=%.3f p50_us=%d p99_us=%d healthz=0\n",
    o, b, summary.duration / 1e6, latency:percentile(50), latency:percentile(99)))
end
