-- One round trip for a verified read of a stream (events/integrity.py checks the answer).
-- KEYS[1] the stream, KEYS[2] the head (hash: version, head), KEYS[3] the snapshot (hash: v, s, d, h, m),
-- KEYS[4] (optional) the stream's end seal (string "<version> <head hash> <seal>", service/streams/verified.py).
-- ARGV[1] how many events after the snapshot to return at most.
-- ARGV[2] the version of the state the caller holds in memory (0: none; service/streams/state_cache.py):
--   when the snapshot is not newer than it, or at most ARGV[3] events behind the head, the
--   snapshot is not sent and the tail follows it (a few events fold faster than a snapshot parses).
-- Returns {0} when the stream has neither head key nor stream, else
-- {1, head version, head hash, last entry id, last entry, snapshot v, s, d,
--  the stored event at v, {{id, event}, ...} the events after the base up to the head,
--  1 when the head key is missing (the stream is there), the base (the snapshot's v or ARGV[2])}.
-- Nothing past the head version is ever returned as part of the tail.
-- A stream that left for the archive (its head key a stub with `archived`) answers
-- {2, head version, head hash, where it went, its digest} (with KEYS[4]: then the end seal);
-- the reader serves the rest from the archived record (events/store.py, events/archived.py).
-- With KEYS[4] the reply goes on with: the snapshot's h and m, the end seal, and the stored
-- event at the end seal's version when that is below the head (else false).
local function body(fields)
  for i = 1, #fields, 2 do
    if fields[i] == 'e' then return fields[i + 1] end
  end
  return false
end
local head = redis.call('HMGET', KEYS[2], 'version', 'head', 'archived', 'archived_digest')
if head[3] then
  local stub = {2, head[1] or '0', head[2] or false, head[3], head[4] or false}
  if #KEYS >= 4 then
    local sealed_end = redis.pcall('GET', KEYS[4])
    if type(sealed_end) == 'table' then sealed_end = 'unreadable' end
    stub[6] = sealed_end
  end
  return stub
end
local head_missing = 0
if not head[1] then
  if redis.call('EXISTS', KEYS[1]) == 0 then return {0} end
  head_missing = 1  -- a stream without its head key: damaged, not "no such stream"
end
local hv = tonumber(head[1] or '0') or 0
local last_id, last_raw = '0-0', false
local last = redis.call('XREVRANGE', KEYS[1], '+', '-', 'COUNT', 1)
if #last > 0 then last_id, last_raw = last[1][1], body(last[1][2]) end
local snap = {redis.call('HGET', KEYS[3], 'v'), false, false}
local from, at_snap = 0, false
local sv = tonumber(snap[1] or '')
local cached = tonumber(ARGV[2] or '0') or 0
local gap = tonumber(ARGV[3] or '0') or 0
if cached > 0 and cached <= hv and (hv - cached <= gap or not (sv and sv > cached and sv <= hv)) then
  snap = {false, false, false}  -- the caller's copy is as new: the body is not sent
  sv = nil
  from = cached
elseif snap[1] then
  if #KEYS >= 4 then
    snap = redis.call('HMGET', KEYS[3], 'v', 's', 'd', 'h', 'm')
  else
    snap = redis.call('HMGET', KEYS[3], 'v', 's', 'd')
  end
  sv = tonumber(snap[1] or '')
end
if sv and sv >= 1 and sv <= hv then
  local entry = redis.call('XRANGE', KEYS[1], sv .. '-0', sv .. '-0')
  if #entry > 0 then at_snap = body(entry[1][2]) end
  from = sv
end
local tail = {}
if from < hv and tonumber(ARGV[1]) > 0 then
  for _, entry in ipairs(redis.call('XRANGE', KEYS[1], (from + 1) .. '-0', hv .. '-0', 'COUNT', tonumber(ARGV[1]))) do
    tail[#tail + 1] = {entry[1], body(entry[2])}
  end
end
local reply = {1, tostring(hv), head[2] or false, last_id, last_raw, snap[1] or false, snap[2] or false,
               snap[3] or false, at_snap, tail, head_missing, from}
if #KEYS >= 4 then
  local sealed_end = redis.pcall('GET', KEYS[4])
  if type(sealed_end) == 'table' then sealed_end = 'unreadable' end  -- not a string (WRONGTYPE)
  local at_end = false
  if sealed_end then
    local ev = tonumber(string.match(sealed_end, '^(%d+) ') or '')
    if ev and ev >= 1 and ev < hv then
      local entry = redis.call('XRANGE', KEYS[1], ev .. '-0', ev .. '-0')
      if #entry > 0 then at_end = body(entry[1][2]) end
    end
  end
  reply[13] = snap[4] or false
  reply[14] = snap[5] or false
  reply[15] = sealed_end
  reply[16] = at_end
end
return reply
