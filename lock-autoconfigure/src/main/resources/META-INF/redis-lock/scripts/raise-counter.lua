-- Raises the token counter of a lock's hash slot to at least a token that a fenced
-- resource holds, whoever holds the lock: a resource that refused a token because it
-- saw a larger one tells the store, so that the next token issued is above it. A
-- server that lost its last counter writes (a failover to a replica that had not
-- received them) then costs the holders whose tokens were issued before the raise,
-- not every holder until the server's clock passes the lost tokens.
--
-- KEYS[1]  token counter of the lock key's hash slot (see fence.lua)
-- ARGV[1]  the token to raise it to, a positive integer below 2^52
--
-- Returns 1 when the counter was raised, 0 when it was already at least ARGV[1] (it is
-- then written again with its own value, so that replica acknowledgement covers it); an
-- error starting with FENCING for a token of 2^52 or more, which would bring the counter
-- near 2^53, past which Lua no longer counts exactly and tokens would stop growing.
-- Never lowers the counter: raises from several callers in any order leave it at the
-- largest.
--
-- Assumes Redis 6.2 or later: script effects replication.

local last = tonumber(redis.call('GET', KEYS[1]))
local token = tonumber(ARGV[1])
if not token or token < 1 or token >= 4503599627370496 then
  return redis.error_reply('FENCING cannot raise ' .. KEYS[1] .. ' to ' .. ARGV[1] ..
    ': a fencing token is positive and below 2^52')
end
if last and last >= token then
  -- Written again unchanged, so that a WAIT after this script counts the counter on the
  -- replicas: a raise that writes nothing proves nothing about them.
  redis.call('SET', KEYS[1], string.format('%.0f', last))
  return 0
end
redis.call('SET', KEYS[1], string.format('%.0f', token))
return 1
