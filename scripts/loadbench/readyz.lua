local threads = {}
function request() return wrk.format("GET", "/readyz") end
function setup(thread) table.insert(threads, thread) end
function init(args) ok, bad, codes = 0, 0, {} end
function response(status, headers, body)
  if status == 200 then ok = ok + 1 else bad = bad + 1; codes[status] = (codes[status] or 0) + 1 end
end
function done(summary, latency, requests)
  local o, b = 0, 0
  for _, t in ipairs(threads) do o = o + t:get("ok"); b = b + t:get("bad") end
  for _, t in ipairs(threads) do
    local c = t:get("codes")
    for k, v in pairs(c) do io.write(string.format("status %s: %d\n", k, v)) end
  end
  io.write(string.format("LB ok=%d bad=%d exhausted=0 secs=%.3f p50_us=%d p99_us=%d healthz=0\n",
    o, b, summary.duration / 1e6, latency:percentile(50), latency:percentile(99)))
end
