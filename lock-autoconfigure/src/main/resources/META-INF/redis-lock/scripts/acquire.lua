-- Acquires a lock, or reports how long its holder keeps it and, if asked, queues the
-- caller so that the holder's release hands the lock straight to it. Runs when a bare
-- SET NX PX found the lock busy, and for every later attempt.
--
-- KEYS[1]  lock key: a string holding the owner token, a space and the holder as JSON
--          (see HolderRecord), its TTL is the lease; the JSON ends with "waiters":true
--          once a waiter queued, so that release.lua looks at the queue only then
-- KEYS[2]  waiters key: a hash from the owner token of each queued waiter to
--          '<valid until ms> <lease ms> <ticket> <holder fields>'
-- KEYS[3]  queue key: a sorted set of the same owner tokens scored by arrival, so that
--          a release finds the longest-queued waiter without reading the others
-- ARGV[1]  owner token of the caller
-- ARGV[2]  lease in milliseconds, positive
-- ARGV[3]  how long to keep the caller queued when the lock is busy, in milliseconds;
--          0 not to queue it
-- ARGV[4]  lease in milliseconds to give the caller if the lock is handed to it
-- ARGV[5]  ticket of this attempt, sent back with a hand-off so that the caller can
--          tell it from one meant for an earlier attempt
-- ARGV[6]  '1' when an earlier attempt may have queued the caller, else '0'
-- ARGV[7]  the caller as JSON fields without braces: '"host":…,"pid":…,"thread":…'
-- ARGV[8]  the time of this attempt, recorded as acquiredAt if it takes the lock
--
-- Returns 0 when the lock is now held under ARGV[1]; a positive n when it is held under
-- ARGV[1] .. '#' .. n; else -1 minus the holder's remaining lease in milliseconds. A
-- caller that may have queued (ARGV[6] is '1') takes a free lock under '#' and its
-- ticket, and a lock already granted to it keeps the token it was granted under, so
-- that no grant reached through a queue place carries the token of another grant. No
-- fencing token is issued here: fence.lua issues one when the holder first asks.
--
-- Assumes Redis 6.2 or later: script effects replication. ownedBy, grantedTo,
-- waitersQueued and markQueued come from prelude.lua, which runs ahead of every script.

local token = ARGV[1]
local grant = 0
if ARGV[6] == '1' then
  grant = tonumber(ARGV[5])
  token = ARGV[1] .. '#' .. ARGV[5]
end
local holder = ' {' .. ARGV[7] .. ',"acquiredAt":"' .. ARGV[8] .. '"}'
if not redis.call('SET', KEYS[1], token .. holder, 'NX', 'PX', ARGV[2]) then
  local current = redis.call('GET', KEYS[1])
  if not grantedTo(current, ARGV[1]) then
    local remaining = math.max(redis.call('PTTL', KEYS[1]), 0)
    if ARGV[3] ~= '0' and current then
      local now = redis.call('TIME')
      local micros = tonumber(now[1]) * 1000000 + tonumber(now[2])
      local validUntil = math.floor(micros / 1000) + tonumber(ARGV[3])
      redis.call('HSET', KEYS[2], ARGV[1],
        string.format('%.0f %s %s %s', validUntil, ARGV[4], ARGV[5], ARGV[7]))
      -- NX: a waiter queued again keeps its place. Formatted, since Lua would round the
      -- number to 14 digits, and with it the order of arrivals within 100 µs.
      redis.call('ZADD', KEYS[3], 'NX', string.format('%.0f', micros), ARGV[1])
      local queueTtl = redis.call('PTTL', KEYS[3])
      if queueTtl < tonumber(ARGV[3]) then
        redis.call('PEXPIRE', KEYS[2], ARGV[3])
        redis.call('PEXPIRE', KEYS[3], ARGV[3])
      elseif redis.call('PTTL', KEYS[2]) < queueTtl then
        -- The hash was evicted without the queue (an allkeys-* policy under the memory
        -- limit), and HSET made it again without a TTL: it lives as long as the queue.
        redis.call('PEXPIRE', KEYS[2], queueTtl)
      end
      if not waitersQueued(current) then
        redis.call('SET', KEYS[1], markQueued(current), 'KEEPTTL')
      end
    end
    return -1 - remaining
  end
  -- Granted to this owner already: handed to it, or taken by an attempt whose reply
  -- was lost. Kept under the token it was granted under, still marked if waiters queued.
  token = string.match(current, '^[^ ]+')
  grant = tonumber(string.sub(token, #ARGV[1] + 2)) or 0
  local value = token .. holder
  if waitersQueued(current) then
    value = markQueued(value)
  end
  redis.call('SET', KEYS[1], value, 'PX', ARGV[2])
end
if ARGV[6] == '1' then
  redis.call('HDEL', KEYS[2], ARGV[1])
  redis.call('ZREM', KEYS[3], ARGV[1])
end
return grant
