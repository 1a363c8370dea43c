-- Gives a lock still held by the caller a fresh lease under the owner token of the next
-- waiting thread of the caller's process, which takes it over as if it had acquired it:
-- a late release, renewal or revoke under the old token no longer matches it.
--
-- KEYS[1]  lock key: a string holding the owner token and the holder (see acquire.lua),
--          which stays as the thread that took the lock from Redis recorded it
-- KEYS[2]  waiters key: the hash of queued waiters (see acquire.lua), only counted here
-- KEYS[3]  released-by key, optional (see release.lua): ARGV[1] is recorded there when
--          its lock passes to ARGV[3], so that its own release sent after a pass whose
--          reply was lost is not taken for a lost lock
-- ARGV[1]  owner token of the caller
-- ARGV[2]  lease in milliseconds, positive
-- ARGV[3]  owner token of the next holder, which replaces ARGV[1] in the lock key
-- ARGV[4]  how long to keep KEYS[3], in milliseconds, when KEYS[3] is given
--
-- Returns 1 when the lock was held by ARGV[1], or is ARGV[3]'s already (a call re-sent
-- after a lost reply), -1 when so and waiters of other processes are queued; else 0, and
-- the lock is left untouched.
--
-- Assumes Redis 6.2 or later. ownedBy and remember come from prelude.lua, which runs
-- ahead of every script.

local value = redis.call('GET', KEYS[1])
if ownedBy(value, ARGV[1]) then
  redis.call('SET', KEYS[1], ARGV[3] .. string.sub(value, #ARGV[1] + 1), 'PX', ARGV[2])
  if KEYS[3] and ARGV[3] ~= ARGV[1] then
    remember(KEYS[3], ARGV[1], ARGV[4])
  end
elseif not ownedBy(value, ARGV[3]) then
  return 0
end
if redis.call('EXISTS', KEYS[2]) == 1 then
  return -1
end
return 1
