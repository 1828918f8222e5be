-- Seeds idle games: each thread creates LB_PER_THREAD games with four open seats, then
-- only asks /healthz (wrk has no request-count limit).
function init(args) left = tonumber(os.getenv("LB_PER_THREAD")) end
local body = '{"seats":[{"kind":"open"},{"kind":"open"},{"kind":"open"},{"kind":"open"}]}'
function request()
  if left > 0 then
    left = left - 1
    return wrk.format("POST", "/v1/games", {["Content-Type"] = "application/json"}, body)
  end
  return wrk.format("GET", "/healthz")
end
