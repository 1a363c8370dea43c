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
-- A token is one more than the slot's last, or the server's clock in microseconds if
-- that is larger, so that a server that lost its counter (a restart without persistence,
-- a failover to a replica that had not received it) still issues above the tokens it
-- lost unless its clock is behind the one that issued them.
--
-- Assumes Redis 6.2 or later: script effects replication. ownedBy comes from
-- prelude.lua, which runs ahead of every script.

if not ownedBy(redis.call('GET', KEYS[1]), ARGV[1]) then
  return 0
end

local now = redis.call('TIME')
local clock = tonumber(now[1]) * 1000000 + tonumber(now[2])
local token = math.max((tonumber(redis.call('GET', KEYS[2])) or 0) + 1, clock)
redis.call('SET', KEYS[2], string.format('%.0f', token))
return token
