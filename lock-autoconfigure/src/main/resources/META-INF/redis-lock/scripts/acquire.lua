-- Acquires a lock, or reports how long its current holder keeps it.
--
-- KEYS[1]  lock key: a string holding the owner token, its TTL is the lease
-- KEYS[2]  fence key: the last fencing token issued for this lock name
-- ARGV[1]  owner token of the caller
-- ARGV[2]  lease in milliseconds, positive
-- ARGV[3]  how long to keep the fence key, in milliseconds
--
-- Returns a positive fencing token when the lock is now held by ARGV[1] (it was free,
-- or already recorded for ARGV[1]), else -1 minus the holder's remaining lease in
-- milliseconds, which is always negative.
--
-- Fencing tokens are the server's clock in microseconds, raised above the last token
-- issued when the clock has not moved on: they keep growing even after the fence key
-- expires, so no key has to live forever per lock name.
--
-- Assumes Redis 6.2 or later: SET ... GET, and TIME before writes (script effects
-- replication).

if not redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then
  if redis.call('GET', KEYS[1]) ~= ARGV[1] then
    return -1 - math.max(redis.call('PTTL', KEYS[1]), 0)
  end
  -- Recorded for this owner already, by an acquisition whose reply was lost.
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
end

local now = redis.call('TIME')
local fence = tonumber(now[1]) * 1000000 + tonumber(now[2])
local last = tonumber(redis.call('SET', KEYS[2], string.format('%.0f', fence), 'PX', ARGV[3], 'GET'))
if last and last >= fence then
  fence = last + 1
  redis.call('SET', KEYS[2], string.format('%.0f', fence), 'PX', ARGV[3])
end
return fence
