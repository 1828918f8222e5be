-- wrk script for (a): GET /readyz. No response() callback: with one, wrk hands every answer's
-- headers and body to Lua, a cost of the load generator (on the same two cores) that grows with
-- the answer's size; wrk counts the answers that are not 2xx/3xx itself.
local threads = {}
function request() return wrk.format("GET", "/readyz") end
function setup(thread) table.insert(threads, thread) end
function done(summary, latency, requests)
  local e = summary.errors
  local bad = e.status + e.connect + e.read + e.write + e.timeout
  io.write(string.format("LB ok=%d bad=%d exhausted=0 secs=%.3f p50_us=%d p99_us=%d healthz=0\n",
    summary.requests - bad, bad, summary.duration / 1e6, latency:percentile(50), latency:percentile(99)))
end
