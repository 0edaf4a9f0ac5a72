-- One round trip for a verified read of a game (events/integrity.py checks the answer).
-- KEYS[1] the stream, KEYS[2] the head (hash: version, head), KEYS[3] the snapshot (hash: v, s, d).
-- ARGV[1] how many events after the snapshot to return at most.
-- ARGV[2] the version of the state the caller holds in memory (0: none; service/state_cache.py):
--   when the snapshot is not newer than it, or at most ARGV[3] events behind the head, the
--   snapshot is not sent and the tail follows it (a few events fold faster than a snapshot parses).
-- Returns {0} when the game has neither head key nor stream, else
-- {1, head version, head hash, last entry id, last entry, snapshot v, s, d,
--  the stored event at v, {{id, event}, ...} the events after the base up to the head,
--  1 when the head key is missing (the stream is there), the base (the snapshot's v or ARGV[2])}.
-- Nothing past the head version is ever returned as part of the tail.
local function body(fields)
  for i = 1, #fields, 2 do
    if fields[i] == 'e' then return fields[i + 1] end
  end
  return false
end
local head = redis.call('HMGET', KEYS[2], 'version', 'head')
local head_missing = 0
if not head[1] then
  if redis.call('EXISTS', KEYS[1]) == 0 then return {0} end
  head_missing = 1  -- a stream without its head key: damaged, not "no such game"
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
  snap = redis.call('HMGET', KEYS[3], 'v', 's', 'd')
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
return {1, tostring(hv), head[2] or false, last_id, last_raw, snap[1] or false, snap[2] or false,
        snap[3] or false, at_snap, tail, head_missing, from}
