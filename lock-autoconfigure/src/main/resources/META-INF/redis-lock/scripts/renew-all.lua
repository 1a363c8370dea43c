-- Extends the leases of several locks at once, each only if still held by its caller.
-- Used to renew many held locks in one round trip; on Redis Cluster it is called with
-- keys of one hash slot at a time.
--
-- KEYS[i]  lock key: a string holding the owner token and the holder (see acquire.lua)
-- ARGV[i]  owner token expected in KEYS[i]
-- ARGV[#KEYS + i]  new lease of KEYS[i] in milliseconds from now, positive
--
-- Returns a list with, for each key in order, 1 when its lease is extended, else 0: the
-- lock expired or belongs to another owner, and is left untouched.
--
-- Assumes Redis 6.2 or later.

-- Whether a lock key's value names the owner: the owner token alone (written by
-- versions before holders were recorded), or followed by a space and the holder.
local function ownedBy(value, owner)
  return value == owner or (value and string.sub(value, 1, #owner + 1) == owner .. ' ')
end

local renewed = {}
local count = #KEYS
for i = 1, count do
  if ownedBy(redis.call('GET', KEYS[i]), ARGV[i]) then
    redis.call('PEXPIRE', KEYS[i], ARGV[count + i])
    renewed[i] = 1
  else
    renewed[i] = 0
  end
end
return renewed
