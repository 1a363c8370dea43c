-- Raises the last fencing token issued for a lock name to at least a given token. A
-- Redlock issues a token from a majority of its nodes, the largest of theirs, and then
-- raises every node to it, so that the next majority, which shares a node with this
-- one, issues a larger token even where the nodes' clocks differ.
--
-- KEYS[1]  fence key: the last fencing token issued for this lock name (see fence.lua)
-- ARGV[1]  the token to raise it to
-- ARGV[2]  how long to keep the fence key at least, in milliseconds
--
-- Returns 1. A larger token already recorded is kept.
--
-- Assumes Redis 6.2 or later: script effects replication.

local last = tonumber(redis.call('GET', KEYS[1]))
if not last or last < tonumber(ARGV[1]) then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
elseif redis.call('PTTL', KEYS[1]) < tonumber(ARGV[2]) then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 1
