-- Raises the token counter of a lock's hash slot to at least a given token, while the
-- caller still holds the lock: a Redlock raises a majority of its nodes to the token it
-- hands out, so that the next majority, which shares a node, issues a larger one.
--
-- KEYS[1]  lock key: a string holding the owner token and the holder (see acquire.lua)
-- KEYS[2]  token counter of the lock key's hash slot (see fence.lua)
-- ARGV[1]  owner token of the caller
-- ARGV[2]  the token to raise it to
--
-- Returns 1 when the lock is held by ARGV[1] and the counter is at least ARGV[2] (a
-- larger counter is kept), else 0 and nothing is changed.
--
-- Assumes Redis 6.2 or later: script effects replication. ownedBy comes from
-- prelude.lua, which runs ahead of every script.

if not ownedBy(redis.call('GET', KEYS[1]), ARGV[1]) then
  return 0
end

local last = tonumber(redis.call('GET', KEYS[2]))
if not last or last < tonumber(ARGV[2]) then
  redis.call('SET', KEYS[2], ARGV[2])
end
return 1
