-- The search runs' load generator with BENCH_LOAD=wrk (scripts/bench-load.mjs starts it):
--   wrk -t1 -cN -dTs -s scripts/bench-wrk.lua URL -- PATHS_FILE MODE HEADER...
-- PATHS_FILE: one request path a line. MODE "once": each path once, then no more requests; the
-- line "finished" is written when the last answer came (bench-load.mjs then stops wrk, whose own
-- duration would otherwise run out), and the time from the first request to that answer is
-- reported. MODE "cycle": the paths in turn for wrk's duration. HEADER: "name: value".
-- done() writes one line of JSON: answers, microseconds, latency percentiles in ms, errors.
local ffi = require("ffi")
ffi.cdef [[
  typedef struct { long tv_sec; long tv_nsec; } bench_timespec;
  int clock_gettime(int clock, bench_timespec *out);
]]
local CLOCK_MONOTONIC = 1
local timespec = ffi.new("bench_timespec")
local function micros()
  ffi.C.clock_gettime(CLOCK_MONOTONIC, timespec)
  return tonumber(timespec.tv_sec) * 1e6 + tonumber(timespec.tv_nsec) / 1e3
end

local requests, count, reserved, sent, answered, startedAt = {}, 0, 0, 0, 0, nil
-- Read by done() through the thread (thread:get; done() runs in a state of its own, where init()
-- never ran): the mode, and the time from the first request to the last answer.
once = true
elapsed = 0

local threads = {}
function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  once = args[2] ~= "cycle"
  if not once then delay = nil end
  for i = 3, #args do
    local name, value = args[i]:match("^([^:]+):%s*(.*)$")
    if name then wrk.headers[name] = value end
  end
  for line in io.lines(args[1]) do
    count = count + 1
    requests[count] = wrk.format("GET", line)
  end
end

-- wrk asks delay() before each request it sends and request() for it after; it also calls
-- request() once at its start, before any delay(), without sending it (to see how many requests
-- the text holds). In "once" mode delay() reserves a path for the request to come, and after the
-- last one a connection waits (an hour: wrk is stopped long before); request() takes the paths
-- in turn. In "cycle" mode there is no delay().
function delay()
  if reserved >= count then return 3600000 end
  if startedAt == nil then startedAt = micros() end
  reserved = reserved + 1
  return 0
end

function request()
  if once and reserved == 0 then return requests[1] end
  sent = sent + 1
  return requests[((sent - 1) % count) + 1]
end

function response(status, headers, body)
  answered = answered + 1
  if once and answered == count then
    elapsed = micros() - startedAt
    io.stdout:write("finished\n")
    io.stdout:flush()
  end
end

function done(summary, latency)
  local micro = summary.duration
  if threads[1]:get("once") then micro = threads[1]:get("elapsed") end
  local e = summary.errors
  io.write(string.format('{"answered":%d,"micros":%d,"p50":%.2f,"p975":%.2f,"p99":%.2f,"timeouts":%d,"socket":%d,"status":%d}\n',
    summary.requests, micro, latency:percentile(50) / 1000, latency:percentile(97.5) / 1000, latency:percentile(99) / 1000,
    e.timeout, e.connect + e.read + e.write, e.status))
end
