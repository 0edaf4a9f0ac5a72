-- Append a batch of events to one stream (a game's or a tournament's): all or nothing, in one
-- round trip with what the write keeps beside it (the idempotency record, the deadline index,
-- the list line, the snapshot).
-- KEYS[1] the stream, KEYS[2] the stream's head (hash: version, head),
-- KEYS[3] the idempotency key (a key of the same hash slot; unused when ARGV[1] ~= '1'),
-- KEYS[4] a sorted-set index and KEYS[5] its "synced version" hash (the deadline index;
-- unused when ARGV[7] == ''; see docs/service-decisions.md about Redis Cluster),
-- KEYS[6] the stream's list line (a string; written when ARGV[10] ~= ''),
-- KEYS[7] the snapshot (a hash; written when ARGV[11] > 0). Every key is of the stream's slot
-- but the index's (a cluster's index lives on the game's shard: service/clock/shards.py).
-- ARGV[1] '1' when an idempotency key was given, ARGV[2] expected version,
-- ARGV[3] prev_hash of the first event, ARGV[4] hash of the last event,
-- ARGV[5] idempotency TTL in seconds, ARGV[6] the result to remember for the key,
-- ARGV[7] the index update: '' none, 'set' (score ARGV[8]), 'clear', 'done',
-- ARGV[9] the index member (the game id), ARGV[10] the list line ('' none),
-- ARGV[11] n, the count of the snapshot's field/value arguments that follow (0: none),
-- ARGV[12] the writer (a process's id), ARGV[13] its clock (ms), ARGV[14] how long (ms) a
-- refused writer claims the next turn (0: it does not), ARGV[15 .. 14+n] the snapshot's
-- fields and values, then the events, canonical JSON, in order.
-- The turn (the head's field `turn`, "<writer>:<until ms>"): a writer that keeps losing the race
-- to another process's writers claims the next append; until it lands (or the claim lapses) the
-- others are refused with {'turn'} and retry, so no writer starves.
-- Valid on Redis 6.2 and 7 (no functions, no script flags).
-- Returns {'conflict', version, id, event, ...} when the head is not at the expected version,
-- {'turn', version} while another writer's claim on the next append stands,
-- {'rolled_back', version} for a stream whose tail was deleted and its head moved back to match,
-- {'archived', ''} for a stream that left for the archive (its head key is a stub:
-- nothing is written). Under Redis's maxmemory (noeviction) the first write (XADD) is refused
-- with OOM before anything is written: the script stops there, and the batch is not appended.
if ARGV[1] == '1' then
  local prior = redis.call('GET', KEYS[3])
  if prior then return {'duplicate', prior} end
end
local at = redis.call('HMGET', KEYS[2], 'version', 'head', 'archived', 'turn')
if at[3] then return {'archived', ''} end
local current = tonumber(at[1] or '0')
local expected = tonumber(ARGV[2])
local now, claim = tonumber(ARGV[13]), tonumber(ARGV[14])
if at[4] then
  local owner, till = string.match(at[4], '^(.*):(%d+)$')
  if owner and owner ~= ARGV[12] and tonumber(till) > now then return {'turn', tostring(current)} end
end
if current ~= expected then
  if claim > 0 then redis.call('HSET', KEYS[2], 'turn', ARGV[12] .. ':' .. tostring(now + claim)) end
  -- What the writer missed comes back with the refusal (up to 32 events: {id, event} pairs),
  -- so it can catch up and decide again without a read of its own (events/store.py).
  local reply = {'conflict', tostring(current)}
  if current > expected and current - expected <= 32 then
    for _, entry in ipairs(redis.call('XRANGE', KEYS[1], (expected + 1) .. '-0', current .. '-0')) do
      local raw = false
      for i = 1, #entry[2], 2 do
        if entry[2][i] == 'e' then raw = entry[2][i + 1] end
      end
      reply[#reply + 1] = entry[1]
      reply[#reply + 1] = raw
    end
  end
  return reply
end
local head = at[2] or '0000000000000000000000000000000000000000000000000000000000000000'
if head ~= ARGV[3] then return {'broken_chain', head} end
-- The stream must end where the head says: nothing deleted, nothing forged past it.
local last = redis.call('XREVRANGE', KEYS[1], '+', '-', 'COUNT', 1)
local last_id = '0-0'
if #last > 0 then last_id = last[1][1] end
if last_id ~= tostring(current) .. '-0' and not (current == 0 and #last == 0) then
  return {'damaged', last_id}
end
local fields = tonumber(ARGV[11])
local first_event = 15 + fields
local n = #ARGV - first_event + 1
-- The first XADD also finds a stream whose tail was deleted with its head moved back to match:
-- the stream remembers the last id it ever gave, so an id at or below it is refused. That is a
-- rolled-back record (nothing is written yet), not a server error.
local added = redis.pcall('XADD', KEYS[1], tostring(current + 1) .. '-0', 'e', ARGV[first_event])
if type(added) == 'table' and added.err then
  if string.find(added.err, 'equal or smaller', 1, true) then return {'rolled_back', tostring(current)} end
  return added
end
for i = 2, n do
  redis.call('XADD', KEYS[1], tostring(current + i) .. '-0', 'e', ARGV[first_event + i - 1])
end
redis.call('HSET', KEYS[2], 'version', tostring(current + n), 'head', ARGV[4])
if at[4] then redis.call('HDEL', KEYS[2], 'turn') end  -- served, or lapsed
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
if ARGV[10] ~= '' then
  redis.call('SET', KEYS[6], ARGV[10])
end
if fields > 0 then  -- the state at the new head: newer than any snapshot stored
  redis.call('HSET', KEYS[7], unpack(ARGV, 15, 14 + fields))
end
return {'ok', tostring(current + n)}
