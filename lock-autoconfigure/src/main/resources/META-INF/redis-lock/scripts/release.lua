-- Releases a lock held by the caller: hands it to the longest-queued waiter that is
-- still waiting, or deletes it. Also takes the caller out of the queue, so a waiter that
-- gives up calls this too: if the lock was handed to it meanwhile, it passes on. A lock
-- handed over comes without a fencing token; fence.lua issues one if its new holder asks.
--
-- KEYS[1]  lock key: a string holding the owner token and the holder (see acquire.lua)
-- KEYS[2]  waiters key: a hash from the owner token of each queued waiter to
--          '<arrival µs> <valid until ms> <lease ms> <ticket> <holder fields>'
-- KEYS[3]  queue key: a sorted set of the same owner tokens scored by arrival
-- KEYS[4]  released-by key: a sorted set of the owner tokens of the latest MAX_REMEMBERED
--          releases that freed or handed on the lock, scored by the time of the release
--          and gone ARGV[6] milliseconds after the last, so that the same release sent
--          again (a client re-sends a command whose reply a dropped connection lost) is
--          told apart from a lock that was lost; optional
-- ARGV[1]  owner token of the caller
-- ARGV[2]  channel on which waiters listen for the release
-- ARGV[3]  the time of the release, recorded as acquiredAt of a waiter handed the lock
-- ARGV[4]  '1' when waiters do not queue (replica acknowledgement, Redlock), so that
--          every release must wake them; else '0'
-- ARGV[5]  what the channel of each client's hand-offs starts with: the client, named
--          by the waiter's owner token up to its last ':', follows
-- ARGV[6]  how long to keep KEYS[4], in milliseconds, when KEYS[4] is given
--
-- When the lock is handed to a waiter, publishes '<owner token> <ticket> <lock key>' on
-- the channel of the waiter's client only, so that a hand-off costs the same however
-- many processes wait (a token without ':' is told '<owner token> <ticket>' on ARGV[2]).
-- Publishes '' on ARGV[2] when the lock is deleted while waiters whose places ran out
-- may be left, so that they try again at once, or when it is deleted and ARGV[4] is '1'.
--
-- Returns 1 when the lock was held by ARGV[1] and is now handed on or deleted; 2 when
-- ARGV[1] released it already (KEYS[4] has it) and nothing was done; else 0: the lock
-- expired or belongs to another owner, and is left untouched.
--
-- The waiters are taken from the head of the queue, so a release costs O(log n) in the
-- number n of waiters queued. Places that ran out (their waiter gave up or died) are
-- dropped as they reach the head. A release looks at MAX_DROPPED + 1 places at most: a
-- live waiter behind MAX_DROPPED that ran out is still handed the lock, and when none
-- of them is live, the lock is deleted and the waiters are woken to take it as if nobody
-- were queued, so that no release stalls the server however many places ran out.
--
-- Assumes Redis 6.2 or later: script effects replication.
--
-- ownedBy comes from prelude.lua, which runs ahead of every script.

local MAX_DROPPED = 16
local MAX_REMEMBERED = 1024

redis.call('HDEL', KEYS[2], ARGV[1])
redis.call('ZREM', KEYS[3], ARGV[1])
if not ownedBy(redis.call('GET', KEYS[1]), ARGV[1]) then
  if KEYS[4] and redis.call('ZSCORE', KEYS[4], ARGV[1]) then
    return 2
  end
  return 0
end

local now = redis.call('TIME')
local millis = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
if KEYS[4] then
  redis.call('ZADD', KEYS[4], millis, ARGV[1])
  redis.call('ZREMRANGEBYRANK', KEYS[4], 0, -MAX_REMEMBERED - 1)
  redis.call('PEXPIRE', KEYS[4], ARGV[6])
end
local dropped = 0
while dropped <= MAX_DROPPED do
  local head = redis.call('ZPOPMIN', KEYS[3])
  if #head == 0 then
    break
  end
  local owner = head[1]
  local entry = redis.call('HGET', KEYS[2], owner)
  redis.call('HDEL', KEYS[2], owner)
  if entry then
    local _, validUntil, lease, ticket, holder = string.match(entry, '^(%d+) (%d+) (%d+) (%d+) ?(.*)$')
    if validUntil and tonumber(validUntil) >= millis then
      local value = owner
      if holder ~= '' then
        value = owner .. ' {' .. holder .. ',"acquiredAt":"' .. ARGV[3] .. '"}'
      end
      redis.call('SET', KEYS[1], value, 'PX', lease)
      local client = string.match(owner, '^(.+):[^:]*$')
      if client then
        redis.call('PUBLISH', ARGV[5] .. client, owner .. ' ' .. ticket .. ' ' .. KEYS[1])
      else
        redis.call('PUBLISH', ARGV[2], owner .. ' ' .. ticket)
      end
      return 1
    end
  end
  dropped = dropped + 1
end

redis.call('DEL', KEYS[1])
-- Waiters queued by versions without the queue key are only in the hash.
if dropped > 0 or ARGV[4] == '1' or redis.call('EXISTS', KEYS[2]) == 1 then
  redis.call('PUBLISH', ARGV[2], '')
end
return 1
