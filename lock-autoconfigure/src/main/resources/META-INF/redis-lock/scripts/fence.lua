-- Issues a fencing token to the holder of a lock, the first time it asks for one.
--
-- KEYS[1]  lock key: a string holding the owner token and the holder (see acquire.lua)
-- KEYS[2]  token counter of the lock key's hash slot: the last fencing token issued to
--          any lock name of that slot; never expires
-- ARGV[1]  owner token of the caller
--
-- Returns the new fencing token when the lock is held by ARGV[1], else 0: the lock
-- expired or belongs to another owner, and no token is issued. An error starting with
-- FENCING when the counter is so high that a larger token cannot be counted exactly:
-- then no token is issued rather than one that is not larger.
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
local last = tonumber(redis.call('GET', KEYS[2])) or 0
local token = math.max(last + 1, clock)
-- Lua counts exactly only below 2^53: past it, one more would be the same token again.
if token <= last or token >= 9007199254740992 then
  return redis.error_reply('FENCING the token counter ' .. KEYS[2] .. ' is at ' ..
    string.format('%.0f', last) .. ', where fencing tokens can no longer grow')
end
redis.call('SET', KEYS[2], string.format('%.0f', token))
return token
