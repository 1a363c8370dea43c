-- The write half of a holder's read-wait-write of the lock's counter: a lost update is
-- recorded when the counter changed since the holder read it, which only another holder
-- inside at the same time can have done.
--
-- KEYS[1]  counter: the value the holders increment
-- KEYS[2]  writes: how many increments were written
-- KEYS[3]  sequence: the oracle's global sequence
-- KEYS[4]  events: a list of '<sequence> <kind> <lock> <details>' lines
-- KEYS[5]  counts: a hash of totals
-- ARGV[1]  lock name
-- ARGV[2]  holder id
-- ARGV[3]  the counter as the holder read it, '0' when it was missing
--
-- Returns 1 when the write was clean, 0 when it overwrote another holder's update.

local current = redis.call('GET', KEYS[1]) or '0'
local clean = 1
if current ~= ARGV[3] then
  local seq = redis.call('INCR', KEYS[3])
  redis.call('RPUSH', KEYS[4], seq .. ' lost-update ' .. ARGV[1] .. ' ' .. ARGV[2] .. ' read=' .. ARGV[3]
    .. ' found=' .. current)
  redis.call('HINCRBY', KEYS[5], 'lostUpdates', 1)
  clean = 0
end
redis.call('SET', KEYS[1], tonumber(ARGV[3]) + 1)
redis.call('INCR', KEYS[2])
return clean
