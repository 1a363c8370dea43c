-- Extends the leases of several locks at once, each only if still held by its caller;
-- on Redis Cluster, keys of one hash slot at a time. The owner tokens' shared prefix and
-- the lease are sent once per call, so a renewal costs little more than its key.
--
-- KEYS[i]  lock key: a string holding the owner token and the holder (see acquire.lua)
-- ARGV[1]  new lease of every key in milliseconds from now, positive
-- ARGV[2]  the prefix every owner token of this call starts with, possibly empty
-- ARGV[2 + i]  the rest of the owner token expected in KEYS[i]
--
-- Returns a list with, for each key in order, 1 when its lease is extended, else 0: the
-- lock expired or belongs to another owner, and is left untouched.
--
-- Assumes Redis 6.2 or later. ownedBy comes from prelude.lua, which runs ahead of every
-- script.

local lease = ARGV[1]
local prefix = ARGV[2]
local renewed = {}
for i = 1, #KEYS do
  if ownedBy(redis.call('GET', KEYS[i]), prefix .. ARGV[2 + i]) then
    redis.call('PEXPIRE', KEYS[i], lease)
    renewed[i] = 1
  else
    renewed[i] = 0
  end
end
return renewed
