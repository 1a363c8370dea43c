-- Issues a fencing token to the holder of a lock, the first time it asks for one.
--
-- KEYS[1]  lock key: a string holding the owner token and the holder (see acquire.lua)
-- KEYS[2]  fence key: the last fencing token issued for this lock name
-- ARGV[1]  owner token of the caller
-- ARGV[2]  how long to keep the fence key, in milliseconds
--
-- Returns the new fencing token when the lock is held by ARGV[1], else 0: the lock
-- expired or belongs to another owner, and no token is issued.
--
-- Tokens are the server's clock in microseconds, raised above the last token issued when
-- the clock has not moved on: they keep growing even after the fence key expires, so no
-- key has to live forever per lock name. A token is only issued while its holder holds
-- the lock, so it is larger than every token of the holders before.
--
-- Assumes Redis 6.2 or later: SET ... GET, and script effects replication.
--
-- ownedBy comes from prelude.lua, which runs ahead of every script.

if not ownedBy(redis.call('GET', KEYS[1]), ARGV[1]) then
  return 0
end

local now = redis.call('TIME')
local fence = tonumber(now[1]) * 1000000 + tonumber(now[2])
local last = tonumber(redis.call('SET', KEYS[2], string.format('%.0f', fence), 'PX', ARGV[2], 'GET'))
if last and last >= fence then
  fence = last + 1
  redis.call('SET', KEYS[2], string.format('%.0f', fence), 'PX', ARGV[2])
end
return fence
