-- Sets fields of a hash kept in Redis, unless a write with a newer fencing
-- token wrote the hash before: a holder that paused past its lease and resumed after
-- the next holder wrote is refused, whatever the order its commands reach Redis in. The
-- token is kept per hash, not per field, so every field of a hash is written under one
-- lock name.
--
-- KEYS[1]  data key: the hash
-- KEYS[2]  token key: the last fencing token that wrote KEYS[1], in its hash slot
-- ARGV[1]  fencing token of the writer, a positive integer
-- ARGV[2]  time to live of the hash in milliseconds, or 0 to keep its expiry (as HSET)
-- ARGV[3]  how long to keep the token at least, in milliseconds
-- ARGV[4], ARGV[5], ...  field, value, field, value ...
--
-- Returns 0 when the fields were set and ARGV[1] recorded as the last token, else the
-- last token recorded (larger than ARGV[1]) and nothing is changed.
-- Replies with an error that begins "FENCING", and changes nothing, when KEYS[2] holds
-- anything but a fencing token (a write that cannot be compared with earlier ones is
-- refused, not let through) or KEYS[1] anything but a hash (which HSET would refuse
-- only after the token was recorded).
--
-- The token key lives as long as the hash and at least ARGV[3] after the write: a hash
-- without expiry is protected for ARGV[3] after its last fenced write, and a hash that
-- expired or was deleted leaves its token key for at most that long.
--
-- Assumes Redis 6.2 or later: script effects replication.

local tokenType = redis.call('TYPE', KEYS[2])['ok']
if tokenType ~= 'none' and tokenType ~= 'string' then
  return redis.error_reply('FENCING its token key holds a ' .. tokenType .. ', not a fencing token')
end
local recorded = redis.call('GET', KEYS[2])
local last = tonumber(recorded)
if recorded and not last then
  return redis.error_reply('FENCING its token key holds a string that is not a fencing token')
end
local token = tonumber(ARGV[1])
if last and last > token then
  return last
end
local dataType = redis.call('TYPE', KEYS[1])['ok']
if dataType ~= 'none' and dataType ~= 'hash' then
  return redis.error_reply('FENCING it holds a ' .. dataType .. ', not a hash')
end
-- The token first: a write that fails after it leaves the key refusing older holders.
local ttl = tonumber(ARGV[2])
if ttl == 0 then
  ttl = redis.call('PTTL', KEYS[1])
end
redis.call('SET', KEYS[2], ARGV[1], 'PX', string.format('%.0f', math.max(tonumber(ARGV[3]), ttl)))
-- In slices: unpack puts every value on Lua's stack, which holds a few thousand.
for first = 4, #ARGV, 200 do
  redis.call('HSET', KEYS[1], unpack(ARGV, first, math.min(first + 199, #ARGV)))
end
if ARGV[2] ~= '0' then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 0
