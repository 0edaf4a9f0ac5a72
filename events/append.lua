-- Append a batch of events to one game's stream: all or nothing.
-- KEYS[1] the stream, KEYS[2] the game's head (hash: version, head),
-- KEYS[3] the idempotency key (a key of the same hash slot; unused when ARGV[1] ~= '1'),
-- KEYS[4] a sorted-set index and KEYS[5] its "synced version" hash (the deadline index;
-- unused when ARGV[7] == ''; see docs/service-decisions.md about Redis Cluster).
-- ARGV[1] '1' when an idempotency key was given, ARGV[2] expected version,
-- ARGV[3] prev_hash of the first event, ARGV[4] hash of the last event,
-- ARGV[5] idempotency TTL in seconds, ARGV[6] the result to remember for the key,
-- ARGV[7] the index update: '' none, 'set' (score ARGV[8]), 'clear', 'done',
-- ARGV[9] the index member (the game id), ARGV[10..] the events, canonical JSON, in order.
-- Valid on Redis 6.2 and 7 (no functions, no script flags).
if ARGV[1] == '1' then
  local prior = redis.call('GET', KEYS[3])
  if prior then return {'duplicate', prior} end
end
local current = tonumber(redis.call('HGET', KEYS[2], 'version') or '0')
if current ~= tonumber(ARGV[2]) then return {'conflict', tostring(current)} end
local head = redis.call('HGET', KEYS[2], 'head') or '0000000000000000000000000000000000000000000000000000000000000000'
if head ~= ARGV[3] then return {'broken_chain', head} end
-- The stream must end where the head says: nothing deleted, nothing forged past it.
local last = redis.call('XREVRANGE', KEYS[1], '+', '-', 'COUNT', 1)
local last_id = '0-0'
if #last > 0 then last_id = last[1][1] end
if last_id ~= tostring(current) .. '-0' and not (current == 0 and #last == 0) then
  return {'damaged', last_id}
end
local n = #ARGV - 9
for i = 1, n do
  redis.call('XADD', KEYS[1], tostring(current + i) .. '-0', 'e', ARGV[9 + i])
end
redis.call('HSET', KEYS[2], 'version', tostring(current + n), 'head', ARGV[4])
if ARGV[1] == '1' then
  redis.call('SET', KEYS[3], ARGV[6], 'EX', tonumber(ARGV[5]))
end
if ARGV[7] == 'done' then
  redis.call('HDEL', KEYS[5], ARGV[9])
  redis.call('ZREM', KEYS[4], ARGV[9])
elseif ARGV[7] ~= '' then
  redis.call('HSET', KEYS[5], ARGV[9], tostring(current + n))
  if ARGV[7] == 'set' then
    redis.call('ZADD', KEYS[4], ARGV[8], ARGV[9])
  else
    redis.call('ZREM', KEYS[4], ARGV[9])
  end
end
return {'ok', tostring(current + n)}
