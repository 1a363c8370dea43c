-- A holder was told that its lease was lost: by the lost-lease signal or by the
-- exception of its release.
--
-- KEYS[1]  reported: a set of '<lock> <fencing token>' of the holders told
-- KEYS[2]  sequence: the oracle's global sequence
-- KEYS[3]  events: a list of '<sequence> <kind> <lock> <details>' lines
-- KEYS[4]  counts: a hash of totals
-- ARGV[1]  lock name
-- ARGV[2]  the holder's fencing token
-- ARGV[3]  how it was told: 'signal' or 'release'
--
-- Returns the event's sequence number.

local seq = redis.call('INCR', KEYS[2])
redis.call('SADD', KEYS[1], ARGV[1] .. ' ' .. ARGV[2])
redis.call('RPUSH', KEYS[3], seq .. ' lost-' .. ARGV[3] .. ' ' .. ARGV[1] .. ' ' .. ARGV[2])
redis.call('HINCRBY', KEYS[4], 'lost-' .. ARGV[3], 1)
return seq
