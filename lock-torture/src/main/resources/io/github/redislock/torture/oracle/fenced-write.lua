-- A holder writes to the guarded resource with its fencing token. The guard accepts a
-- token no lower than the highest it accepted; an accepted write from a holder other than
-- the last whose entry it accepted is a stale write accepted, which fencing exists to
-- prevent.
--
-- KEYS[1]  guard: the highest fencing token accepted
-- KEYS[2]  latest: '<fencing token> <holder id>' of the last holder whose entry the
--          resource accepted
-- KEYS[3]  sequence: the oracle's global sequence
-- KEYS[4]  events: a list of '<sequence> <kind> <lock> <details>' lines
-- KEYS[5]  counts: a hash of totals
-- ARGV[1]  lock name
-- ARGV[2]  holder id
-- ARGV[3]  the holder's fencing token
--
-- Returns 1 when the write was accepted, 0 when the guard rejected it.

local last = tonumber(redis.call('GET', KEYS[1]) or '0')
if tonumber(ARGV[3]) < last then
  redis.call('HINCRBY', KEYS[5], 'staleRejected', 1)
  return 0
end
redis.call('SET', KEYS[1], ARGV[3])
local latest = redis.call('GET', KEYS[2]) or ''
if string.match(latest, ' (.*)$') ~= ARGV[2] then
  local seq = redis.call('INCR', KEYS[3])
  redis.call('RPUSH', KEYS[4], seq .. ' stale-accepted ' .. ARGV[1] .. ' ' .. ARGV[2] .. '=' .. ARGV[3]
    .. ' latest=' .. latest)
  redis.call('HINCRBY', KEYS[5], 'staleAccepted', 1)
end
redis.call('HINCRBY', KEYS[5], 'fencedWrites', 1)
return 1
