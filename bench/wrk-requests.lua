-- The bench's wrk script (bench/wrk.mjs writes the request list and reads the JSON line done() prints).
-- WRK_REQUESTS names a file of one request a line: method, path, headers and body separated by the
-- unit separator (0x1F); headers are name 0x1E value pairs joined by the record separator (0x1D).
-- Requests are sent in turn, so every run sends the same varied mix (ids, tokens, client addresses).
-- A response counts as bad unless it is 2xx, at least WRK_MIN_BODY bytes and, when WRK_EXPECT is set,
-- contains that text: a fast error must never pass for throughput.
local file = os.getenv("WRK_REQUESTS")
local minBody = tonumber(os.getenv("WRK_MIN_BODY") or "0")
local expect = os.getenv("WRK_EXPECT") or ""
local US, RS, GS = "\31", "\30", "\29"

local threads = {}
function setup(thread)
  table.insert(threads, thread)
end

local reqs = {}
local nextIndex = 0
bad = 0

local function split(s, sep)
  local out, from = {}, 1
  while true do
    local at = string.find(s, sep, from, true)
    if not at then
      table.insert(out, string.sub(s, from))
      return out
    end
    table.insert(out, string.sub(s, from, at - 1))
    from = at + 1
  end
end

function init(args)
  for line in io.lines(file) do
    local f = split(line, US)
    local headers = {}
    if f[3] ~= "" then
      for _, pair in ipairs(split(f[3], GS)) do
        local kv = split(pair, RS)
        headers[kv[1]] = kv[2]
      end
    end
    local body = f[4]
    if body == "" then body = nil end
    table.insert(reqs, wrk.format(f[1], f[2], headers, body))
  end
end

function request()
  nextIndex = nextIndex % #reqs + 1
  return reqs[nextIndex]
end

function response(status, headers, body)
  if status < 200 or status > 299 or #body < minBody or (expect ~= "" and not string.find(body, expect, 1, true)) then
    bad = bad + 1
  end
end

function done(summary, latency, requests)
  local badTotal = 0
  for _, t in ipairs(threads) do
    badTotal = badTotal + (tonumber(t:get("bad")) or 0)
  end
  local e = summary.errors
  io.write(string.format(
    'WRK_JSON {"requests":%d,"durationUs":%d,"bad":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"p50":%d,"p95":%d,"p99":%d,"max":%d}\n',
    summary.requests, summary.duration, badTotal, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(95), latency:percentile(99), latency.max))
end
