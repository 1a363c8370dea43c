-- Releases a lock held by the caller and wakes its waiters.
--
-- KEYS[1]  lock key: a string holding the owner token
-- ARGV[1]  owner token of the caller
-- ARGV[2]  channel on which waiters listen for the release
--
-- Returns 1 when the lock was held by ARGV[1] and is now deleted, else 0: the lock
-- expired or belongs to another owner, and is left untouched.
--
-- Assumes Redis 6.2 or later.

if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('DEL', KEYS[1])
  redis.call('PUBLISH', ARGV[2], '1')
  return 1
end
return 0
