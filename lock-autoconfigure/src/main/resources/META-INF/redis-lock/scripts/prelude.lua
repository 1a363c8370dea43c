-- Functions the lock scripts share, sent ahead of each of them as one script: Redis
-- runs a script as one body, so a shared function must travel with every script.
--
-- No keys, arguments or return value of its own.

-- Whether a lock key's value names the owner: the owner token alone (a lock handed to
-- a waiter that recorded no holder), or followed by a space and the holder as JSON.
local function ownedBy(value, owner)
  return value == owner or (value and string.sub(value, 1, #owner + 1) == owner .. ' ')
end

-- Whether a lock key's value was granted to the acquisition of the owner token: under
-- the token itself, or, once it queued, under the token, '#' and a number that names
-- the grant (see acquire.lua and release.lua). A queue place can outlive its grant when
-- a failover loses the write that took it, so a second grant through it must not carry
-- the token of the first.
local function grantedTo(value, owner)
  return ownedBy(value, owner) or (value and string.sub(value, 1, #owner + 1) == owner .. '#')
end

-- A holder's JSON ends with "waiters":true once a waiter queued behind the hold, so that
-- a release reads the queue only then.
local QUEUED = '"waiters":true}'

local function waitersQueued(value)
  return string.sub(value, -#QUEUED) == QUEUED
end

local function markQueued(value)
  if string.sub(value, -1) == '}' then
    return string.sub(value, 1, -2) .. ',' .. QUEUED
  end
  return value .. ' {' .. QUEUED
end

-- Records the owner token in the released-by list (newest first) for the given
-- milliseconds, so that a release of it re-sent after a lost reply, or sent after a pass
-- that moved its lock, is not taken for a lost lock. Trimmed only when twice as long as
-- needed, so that most calls pay one command.
local MAX_REMEMBERED = 1024

local function remember(key, owner, millis)
  if redis.call('LPUSH', key, owner) > 2 * MAX_REMEMBERED then
    redis.call('LTRIM', key, 0, MAX_REMEMBERED - 1)
  end
  redis.call('PEXPIRE', key, millis)
end
