-- Acquires a lock, or reports how long its current holder keeps it and, if asked,
-- queues the caller so that the holder's release hands the lock straight to it.
--
-- KEYS[1]  lock key: a string holding the owner token, its TTL is the lease
-- KEYS[2]  fence key: the last fencing token issued for this lock name
-- KEYS[3]  waiters key: a hash from the owner token of each queued waiter to
--          '<arrival µs> <valid until ms> <lease ms> <ticket>'
-- ARGV[1]  owner token of the caller
-- ARGV[2]  lease in milliseconds, positive
-- ARGV[3]  how long to keep the fence key, in milliseconds
-- ARGV[4]  how long to keep the caller queued when the lock is busy, in milliseconds;
--          0 not to queue it
-- ARGV[5]  lease in milliseconds to give the caller if the lock is handed to it
-- ARGV[6]  ticket of this attempt, sent back with a hand-off so that the caller can
--          tell it from one meant for an earlier attempt
-- ARGV[7]  '1' when an earlier attempt may have queued the caller, else '0'
--
-- Returns a positive fencing token when the lock is now held by ARGV[1] (it was free,
-- or already recorded for ARGV[1]), else -1 minus the holder's remaining lease in
-- milliseconds, which is always negative.
--
-- Fencing tokens are the server's clock in microseconds, raised above the last token
-- issued when the clock has not moved on: they keep growing even after the fence key
-- expires, so no key has to live forever per lock name. A waiter keeps its place (its
-- arrival) when it queues again.
--
-- Assumes Redis 6.2 or later: SET ... GET, and script effects replication.

if not redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then
  if redis.call('GET', KEYS[1]) ~= ARGV[1] then
    local remaining = math.max(redis.call('PTTL', KEYS[1]), 0)
    if ARGV[4] ~= '0' then
      local now = redis.call('TIME')
      local micros = tonumber(now[1]) * 1000000 + tonumber(now[2])
      local arrival = micros
      local entry = redis.call('HGET', KEYS[3], ARGV[1])
      if entry then
        arrival = tonumber(string.match(entry, '^%d+')) or micros
      end
      local validUntil = math.floor(micros / 1000) + tonumber(ARGV[4])
      redis.call('HSET', KEYS[3], ARGV[1],
        string.format('%.0f %.0f %s %s', arrival, validUntil, ARGV[5], ARGV[6]))
      if redis.call('PTTL', KEYS[3]) < tonumber(ARGV[4]) then
        redis.call('PEXPIRE', KEYS[3], ARGV[4])
      end
    end
    return -1 - remaining
  end
  -- Recorded for this owner already: handed to it, or taken by an acquisition whose
  -- reply was lost.
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
end
if ARGV[7] == '1' then
  redis.call('HDEL', KEYS[3], ARGV[1])
end

local now = redis.call('TIME')
local fence = tonumber(now[1]) * 1000000 + tonumber(now[2])
local last = tonumber(redis.call('SET', KEYS[2], string.format('%.0f', fence), 'PX', ARGV[3], 'GET'))
if last and last >= fence then
  fence = last + 1
  redis.call('SET', KEYS[2], string.format('%.0f', fence), 'PX', ARGV[3])
end
return fence
