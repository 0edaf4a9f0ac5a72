-- Append a batch of events to one game's stream: all or nothing.
-- KEYS[1] the stream, KEYS[2] the game's head (hash: version, head),
-- KEYS[3] the idempotency key (a key of the same hash slot; unused when ARGV[1] ~= '1').
-- ARGV[1] '1' when an idempotency key was given, ARGV[2] expected version,
-- ARGV[3] prev_hash of the first event, ARGV[4] hash of the last event,
-- ARGV[5] idempotency TTL in seconds, ARGV[6] the result to remember for the key,
-- ARGV[7..] the events, canonical JSON, in version order.
-- Valid on Redis 6.2 and 7 (no functions, no script flags).
if ARGV[1] == '1' then
  local prior = redis.call('GET', KEYS[3])
  if prior then return {'duplicate', prior} end
end
local current = tonumber(redis.call('HGET', KEYS[2], 'version') or '0')
if current ~= tonumber(ARGV[2]) then return {'conflict', tostring(current)} end
local head = redis.call('HGET', KEYS[2], 'head') or '0000000000000000000000000000000000000000000000000000000000000000'
if head ~= ARGV[3] then return {'broken_chain', head} end
local n = #ARGV - 6
for i = 1, n do
  redis.call('XADD', KEYS[1], tostring(current + i) .. '-0', 'e', ARGV[6 + i])
end
redis.call('HSET', KEYS[2], 'version', tostring(current + n), 'head', ARGV[4])
if ARGV[1] == '1' then
  redis.call('SET', KEYS[3], ARGV[6], 'EX', tonumber(ARGV[5]))
end
return {'ok', tostring(current + n)}
