-- Sets a string value kept in Redis, unless a write with a newer fencing token wrote it
-- before (an equal token is the same lease writing again): a holder that paused past
-- its lease and resumed after the next holder wrote is refused, whatever the order its
-- commands reach Redis in.
--
-- KEYS[1]  data key: the string to set
-- KEYS[2]  token key: the last fencing token that wrote KEYS[1], in its hash slot
-- ARGV[1]  fencing token of the writer, a positive integer
-- ARGV[2]  time to live of the value in milliseconds, or 0 for none (as SET)
-- ARGV[3]  how long to keep the token at least, in milliseconds
-- ARGV[4]  the value
--
-- Returns 0 when the value was set and ARGV[1] recorded as the last token, else the
-- last token recorded (larger than ARGV[1]) and nothing is changed.
-- Replies with an error that begins "FENCING", and changes nothing, when KEYS[2] holds
-- anything but a fencing token: a write that cannot be compared with earlier ones is
-- refused, not let through. KEYS[1] may hold any type, which SET replaces.
--
-- The token key lives as long as the value and at least ARGV[3] after the write: a
-- value without expiry is protected for ARGV[3] after its last fenced write, and a
-- value that expired or was deleted leaves its token key for at most that long.
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
-- The token first: a write that fails after it leaves the key refusing older holders.
local keep = math.max(tonumber(ARGV[3]), tonumber(ARGV[2]))
redis.call('SET', KEYS[2], ARGV[1], 'PX', string.format('%.0f', keep))
if ARGV[2] == '0' then
  redis.call('SET', KEYS[1], ARGV[4])
else
  redis.call('SET', KEYS[1], ARGV[4], 'PX', ARGV[2])
end
return 0
