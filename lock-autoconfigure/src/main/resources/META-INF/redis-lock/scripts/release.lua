-- Releases a lock held by the caller: hands it to the longest-queued waiter that is
-- still waiting, or deletes it. Also takes the caller out of the queue, so a waiter that
-- gives up calls this too: if the lock was handed to it meanwhile, it passes on. A lock
-- handed over comes without a fencing token; fence.lua issues one if its new holder asks.
--
-- KEYS[1]  lock key: a string holding the owner token and the holder (see acquire.lua)
-- KEYS[2]  waiters key: a hash from the owner token of each queued waiter to
--          '<arrival µs> <valid until ms> <lease ms> <ticket> <holder fields>'
-- ARGV[1]  owner token of the caller
-- ARGV[2]  channel on which waiters listen for the release
-- ARGV[3]  the time of the release, recorded as acquiredAt of a waiter handed the lock
-- ARGV[4]  '1' when waiters do not queue (replica acknowledgement, Redlock), so that
--          every release must wake them; else '0'
--
-- Publishes '<owner token> <ticket>' when the lock is handed to a waiter, and '' when it
-- is deleted while waiters whose places ran out are left, so that they try again at once,
-- or when it is deleted and ARGV[4] is '1'.
--
-- Returns 1 when the lock was held by ARGV[1] and is now handed on or deleted, else 0:
-- the lock expired or belongs to another owner, and is left untouched.
--
-- Assumes Redis 6.2 or later: script effects replication.

-- Whether a lock key's value names the owner: the owner token alone (written by
-- versions before holders were recorded), or followed by a space and the holder.
local function ownedBy(value, owner)
  return value == owner or (value and string.sub(value, 1, #owner + 1) == owner .. ' ')
end

if not ownedBy(redis.call('GET', KEYS[1]), ARGV[1]) then
  redis.call('HDEL', KEYS[2], ARGV[1])
  return 0
end

local waiters = redis.call('HGETALL', KEYS[2])
if #waiters == 0 then
  redis.call('DEL', KEYS[1])
  if ARGV[4] == '1' then
    redis.call('PUBLISH', ARGV[2], '')
  end
  return 1
end

local now = redis.call('TIME')
local millis = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
local next, nextArrival, nextLease, nextTicket, nextHolder
for i = 1, #waiters, 2 do
  local owner = waiters[i]
  local arrival, validUntil, lease, ticket, holder =
    string.match(waiters[i + 1], '^(%d+) (%d+) (%d+) (%d+) ?(.*)$')
  if owner == ARGV[1] or not arrival or tonumber(validUntil) < millis then
    redis.call('HDEL', KEYS[2], owner)
  elseif not next or tonumber(arrival) < nextArrival then
    next, nextArrival, nextLease, nextTicket, nextHolder = owner, tonumber(arrival), lease, ticket, holder
  end
end

if not next then
  redis.call('DEL', KEYS[1])
  redis.call('PUBLISH', ARGV[2], '')
  return 1
end

redis.call('HDEL', KEYS[2], next)
local value = next
if nextHolder ~= '' then
  value = next .. ' {' .. nextHolder .. ',"acquiredAt":"' .. ARGV[3] .. '"}'
end
redis.call('SET', KEYS[1], value, 'PX', nextLease)
redis.call('PUBLISH', ARGV[2], next .. ' ' .. nextTicket)
return 1
