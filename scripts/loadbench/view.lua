-- wrk script for (v): a seat's view, GET /v1/games/{id} with the seat's token, round robin over
-- the games (and their four seats) of a set written by driver.py (env LB_DATA), each request
-- one game's view as one of its seats: what a bot polling its game asks, one Redis round trip
-- (the version check of the cached game) like /readyz's PING. No response() callback, as in
-- readyz.lua: wrk counts the answers that are not 2xx/3xx.
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
end

function request()
  nxt = nxt % #reqs + 1
  return reqs[nxt]
end

function done(summary, latency, requests)
  local e = summary.errors
  local bad = e.status + e.connect + e.read + e.write + e.timeout
  io.write(string.format("LB ok=%d bad=%d exhausted=0 secs=%.3f p50_us=%d p99_us=%d healthz=0\n",
    summary.requests - bad, bad, summary.duration / 1e6, latency:percentile(50), latency:percentile(99)))
end
