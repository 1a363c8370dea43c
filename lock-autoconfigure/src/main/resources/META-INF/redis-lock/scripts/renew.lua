-- Extends the lease of a lock held by the caller.
--
-- KEYS[1]  lock key: a string holding the owner token and the holder (see acquire.lua),
--          which the new lease keeps
-- ARGV[1]  owner token of the caller
-- ARGV[2]  new lease in milliseconds from now, positive
--
-- Returns 1 when the lock was held by ARGV[1] and its lease is extended, else 0: the
-- lock expired or belongs to another owner, and is left untouched.
--
-- Assumes Redis 6.2 or later. ownedBy comes from prelude.lua, which runs ahead of every
-- script.

if ownedBy(redis.call('GET', KEYS[1]), ARGV[1]) then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
return 0
