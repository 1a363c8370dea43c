-- Issues a fencing token to the holder of a lock, the first time it asks for one.
--
-- KEYS[1]  lock key: a string holding the owner token and the holder (see acquire.lua)
-- KEYS[2]  token counter of the lock key's hash slot: the last fencing token issued to
--          any lock name of that slot; never expires
-- ARGV[1]  owner token of the caller
--
-- Returns the new fencing token when the lock is held by ARGV[1], else 0: the lock
-- expired or belongs to another owner, and no token is issued.
--
-- A token is one more than the last token issued in the lock key's hash slot, or the
-- server's clock in microseconds if that is larger. While the server keeps its counter,
-- tokens grow in the order they were issued whatever its clock does (a failover to a
-- replica whose clock is behind, a Redlock node whose clock is ahead). A server that
-- lost its counter, or went back to an older one (a restart without persistence or from
-- an older snapshot, a failover to a replica that had not received it), issues from its
-- clock, which is above the tokens it lost unless it is behind the clock that issued
-- them. One counter serves every lock name of a hash slot and never expires: one key per
-- slot (16,384 at most) instead of one per lock name. A token is only issued while its
-- holder holds the lock, so it is larger than every token of the holders before.
--
-- Assumes Redis 6.2 or later: script effects replication.
--
-- ownedBy comes from prelude.lua, which runs ahead of every script.

if not ownedBy(redis.call('GET', KEYS[1]), ARGV[1]) then
  return 0
end

local now = redis.call('TIME')
local clock = tonumber(now[1]) * 1000000 + tonumber(now[2])
local token = math.max((tonumber(redis.call('GET', KEYS[2])) or 0) + 1, clock)
redis.call('SET', KEYS[2], string.format('%.0f', token))
return token
