-- Gives a lock still held by the caller a fresh lease and a fresh fencing token, so that
-- the next waiting thread of the caller's process can take it over as if it had
-- acquired it itself, without a round trip of its own.
--
-- KEYS[1]  lock key: a string holding the owner token
-- KEYS[2]  fence key: the last fencing token issued for this lock name
-- KEYS[3]  waiters key: the hash of queued waiters (see acquire.lua), only counted here
-- ARGV[1]  owner token of the caller
-- ARGV[2]  lease in milliseconds, positive
-- ARGV[3]  how long to keep the fence key, in milliseconds
--
-- Returns the new fencing token when the lock was held by ARGV[1], negated when waiters
-- are queued (they are of other processes: the caller's process queues only one thread
-- per lock, the one now holding it); else 0: the lock expired or belongs to another
-- owner, and is left untouched.
--
-- Assumes Redis 6.2 or later: SET ... GET, and script effects replication.

if redis.call('GET', KEYS[1]) ~= ARGV[1] then
  return 0
end
redis.call('PEXPIRE', KEYS[1], ARGV[2])

local now = redis.call('TIME')
local fence = tonumber(now[1]) * 1000000 + tonumber(now[2])
local last = tonumber(redis.call('SET', KEYS[2], string.format('%.0f', fence), 'PX', ARGV[3], 'GET'))
if last and last >= fence then
  fence = last + 1
  redis.call('SET', KEYS[2], string.format('%.0f', fence), 'PX', ARGV[3])
end
if redis.call('EXISTS', KEYS[3]) == 1 then
  return -fence
end
return fence
