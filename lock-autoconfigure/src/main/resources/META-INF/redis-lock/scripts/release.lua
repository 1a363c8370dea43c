-- Releases a lock held by the caller: hands it to the longest-queued waiter still
-- waiting, or deletes it. Also takes the caller out of the queue, so a waiter that gives
-- up calls this too, under the token it queued with, and passes on a lock granted to it
-- meanwhile.
--
-- KEYS[1]  lock key: a string holding the owner token and the holder (see acquire.lua)
-- KEYS[2]  waiters key: a hash from the owner token of each queued waiter to
--          '<valid until ms> <lease ms> <ticket> <holder fields>'
-- KEYS[3]  queue key: a sorted set of the same owner tokens scored by arrival
-- KEYS[4]  released-by key, optional: the owner tokens of the latest releases, newest
--          first, kept ARGV[6] ms, so that a release re-sent after a lost reply is not
--          taken for a lost lock
-- ARGV[1]  owner token of the caller
-- ARGV[2]  channel on which waiters listen for the release
-- ARGV[3]  the time of the release, recorded as acquiredAt of a waiter handed the lock
-- ARGV[4]  '1' when waiters do not queue (replica acknowledgement, Redlock), so that
--          every release must wake them; else '0'
-- ARGV[5]  what the channel of each client's hand-offs starts with: the client, named
--          by the waiter's owner token up to its last ':', follows
-- ARGV[6]  how long to keep KEYS[4], in milliseconds, when KEYS[4] is given
--
-- A hand-off records the lock under the waiter's owner token, '#' and the server's time
-- in microseconds, which names this grant: should a failover lose it while the place
-- survives, a later hand-off through that place is a grant of another name, and the
-- first holder's renewal or release no longer matches. It publishes
-- '<owner token>#<grant> <ticket> <lock key>' on the waiter's client's channel only
-- ('<owner token>#<grant> <ticket>' on ARGV[2] for a token without ':'). A delete
-- publishes '' on ARGV[2] when places that ran out were dropped, or ARGV[4] is '1'.
--
-- Returns 1 when the lock was held by ARGV[1] and is now handed on or deleted; 2 when
-- ARGV[1] released it already (KEYS[4] has it); else 0. The lock is then left untouched,
-- unless ARGV[1] names a grant through a queue place ('<owner token>#<grant>') and the
-- lock is granted through the same place under another name: that grant, which a
-- failover that lost ARGV[1]'s left behind, is handed on or deleted too.
--
-- The queue is read only when the holder record says waiters queued, so a release nobody
-- waits for costs four commands. At most MAX_DROPPED places that ran out are dropped per
-- release; past them the lock is deleted and the waiters woken, so no release stalls.
--
-- Assumes Redis 6.2 or later: script effects replication. grantedTo, waitersQueued,
-- markQueued and remember come from prelude.lua, which runs ahead of every script.

local MAX_DROPPED = 16

local value = redis.call('GET', KEYS[1])
local answer = 1
if not grantedTo(value, ARGV[1]) then
  -- Another grant through the caller's own queue place, which a failover left after
  -- losing the grant the caller holds: no live client knows of it, so it is passed on
  -- like a release, while the caller is told that it no longer held the lock.
  local queuedAs = string.match(ARGV[1], '^([^#]+)#%d+$')
  if not (queuedAs and grantedTo(value, queuedAs)) then
    -- A waiter leaving the queue, or a release run again or too late.
    if redis.call('ZREM', KEYS[3], ARGV[1]) == 1 then
      redis.call('HDEL', KEYS[2], ARGV[1])
      return 0
    end
    if KEYS[4] and redis.call('LPOS', KEYS[4], ARGV[1]) then
      return 2
    end
    return 0
  end
  answer = 0
end

if KEYS[4] and answer == 1 then
  remember(KEYS[4], ARGV[1], ARGV[6])
end
local dropped = 0
if waitersQueued(value) then
  local millis
  local micros
  while dropped <= MAX_DROPPED do
    local head = redis.call('ZPOPMIN', KEYS[3])
    if #head == 0 then
      break
    end
    local owner = head[1]
    local entry = redis.call('HGET', KEYS[2], owner)
    redis.call('HDEL', KEYS[2], owner)
    if entry and owner ~= ARGV[1] and string.sub(ARGV[1], 1, #owner + 1) ~= owner .. '#' then
      if not millis then
        local now = redis.call('TIME')
        millis = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
        micros = string.format('%.0f', tonumber(now[1]) * 1000000 + tonumber(now[2]))
      end
      local validUntil, lease, ticket, holder = string.match(entry, '^(%d+) (%d+) (%d+) ?(.*)$')
      if validUntil and tonumber(validUntil) >= millis then
        -- Marked as queued for the next release, which finds out whether more wait.
        local fields = (holder ~= '') and (holder .. ',') or ''
        local granted = owner .. '#' .. micros
        redis.call('SET', KEYS[1], markQueued(granted .. ' {' .. fields .. '"acquiredAt":"' .. ARGV[3] .. '"}'),
          'PX', lease)
        local client = string.match(owner, '^(.+):[^:]*$')
        if client then
          redis.call('PUBLISH', ARGV[5] .. client, granted .. ' ' .. ticket .. ' ' .. KEYS[1])
        else
          redis.call('PUBLISH', ARGV[2], granted .. ' ' .. ticket)
        end
        return answer
      end
    end
    dropped = dropped + 1
  end
end

redis.call('DEL', KEYS[1])
if dropped > 0 or ARGV[4] == '1' then
  redis.call('PUBLISH', ARGV[2], '')
end
return answer
