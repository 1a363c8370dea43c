-- Deletes a lock whoever holds it and wakes its waiters. For operators clearing a lock
-- they know to be abandoned; the fence key stays, so fencing tokens keep growing.
--
-- KEYS[1]  lock key
-- ARGV[1]  channel on which waiters listen for the release
--
-- Returns 1 when a lock was deleted, else 0.
--
-- Assumes Redis 6.2 or later.

if redis.call('DEL', KEYS[1]) == 1 then
  redis.call('PUBLISH', ARGV[1], '')
  return 1
end
return 0
