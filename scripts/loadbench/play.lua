-- wrk script for (b): real, successful moves spread over many games.
-- Data (env LB_DATA): games = {{id, tok0..tok3}}, seq = {{seat, body}}. Every game was created
-- with the same seed, so the same action sequence (recorded from a reference game) is legal
-- in each of them, one move per version.
-- Each wrk thread owns the games i with i % nthreads == thread id, kept in a FIFO of games
-- whose last move has been answered. request() takes the next free game and posts its next
-- move; response() reads the game_id from the answer and puts the game back. So a game never
-- has two moves in flight and every request is the legal move for the game's current
-- version. If no game is free (too few games) or all are finished, a GET /healthz is sent
-- instead; those, and LB_WARM (default 64) warm-up /healthz per thread that open every
-- connection first, are counted apart. Throughput counts only 200 answers to moves;
-- non-200 answers are printed (expected 0).
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
  byid, step, free = {}, {}, {}
  head, tail = 1, 0
  for i, g in ipairs(games) do
    if (i - 1) % n == tid then
      byid[g[1]] = g
      step[g[1]] = 1
      tail = tail + 1
      free[tail] = g
    end
  end
  ok, bad, other, codes = 0, 0, 0, {}
  warm = tonumber(os.getenv("LB_WARM") or "64")
  exhausted = 0
  -- Requests are assembled from parts made here once, so that the load generator spends as
  -- little as it can per request: the request line and headers of each (game, seat), and the
  -- Content-Length line and body of each step.
  head_of = {}
  for id, g in pairs(byid) do
    head_of[id] = {}
    for seat = 0, 3 do
      local r = wrk.format("POST", "/v1/games/" .. id .. "/actions",
        {["Content-Type"] = "application/json", ["Authorization"] = "Bearer " .. g[seat + 2]})
      head_of[id][seat] = r:sub(1, -3) -- without the blank line that ends the headers
    end
  end
  tail_of = {}
  for i, s in ipairs(seq) do
    tail_of[i] = "Content-Length: " .. #s[2] .. "\r\n\r\n" .. s[2]
  end
end

function request()
  if warm > 0 or head > tail then
    warm = warm - 1
    return wrk.format("GET", "/healthz")
  end
  local g = free[head]
  free[head] = nil
  head = head + 1
  local id = g[1]
  local k = step[id]
  step[id] = k + 1
  return head_of[id][seq[k][1]] .. tail_of[k]
end

function response(status, headers, body)
  local id = string.match(body, '^{"game_id":"([^"]+)"') -- a seat's view starts with it
  if not id then -- a /healthz, or a problem document (a failed move: it names no game)
    if status == 200 then other = other + 1 else bad = bad + 1; codes[status] = (codes[status] or 0) + 1 end
    return
  end
  if status == 200 then ok = ok + 1 else bad = bad + 1; codes[status] = (codes[status] or 0) + 1 end
  if step[id] <= #seq then
    tail = tail + 1
    free[tail] = byid[id]
  else
    exhausted = exhausted + 1
  end
end

function done(summary, latency, requests)
  local o, b, e, x = 0, 0, 0, 0
  for _, t in ipairs(threads) do
    local c = t:get("codes")
    for k, v in pairs(c) do io.write(string.format("status %s: %d\n", k, v)) end
    o = o + t:get("ok"); b = b + t:get("bad"); e = e + t:get("exhausted"); x = x + t:get("other")
  end
  io.write(string.format("LB ok=%d bad=%d exhausted=%d secs=%.3f p50_us=%d p99_us=%d healthz=%d\n",
    o, b, e, summary.duration / 1e6, latency:percentile(50), latency:percentile(99), x))
end
