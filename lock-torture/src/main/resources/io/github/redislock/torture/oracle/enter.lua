-- A holder enters its critical section: it is recorded among the occupants of the lock,
-- an overlap is recorded when another holder is still inside, and its fencing token is
-- shown to the guarded resource, as a first write would. A token no higher than one the
-- resource accepted before is a stale entry: a holder granted the lock earlier than
-- another that already entered, so its hold overlapped that other's in time.
--
-- KEYS[1]  occupants: a hash from holder id to '<fencing token> <entry sequence>'
-- KEYS[2]  guard: the highest fencing token the guarded resource has accepted
-- KEYS[3]  latest: '<fencing token> <holder id>' of the last holder whose entry the
--          resource accepted
-- KEYS[4]  sequence: the oracle's global sequence, which orders every event
-- KEYS[5]  events: a list of '<sequence> <kind> <lock> <details>' lines; an overlap's details
--          are '<holder>=<token> <holder>=<token>@<entry sequence>,...', the entering
--          holder first, then those inside
-- KEYS[6]  counts: a hash of totals
-- ARGV[1]  lock name
-- ARGV[2]  holder id: '<worker>/<thread>/<section>', no spaces, commas or '='
-- ARGV[3]  the holder's fencing token
--
-- Returns the entry's sequence number.

local seq = redis.call('INCR', KEYS[4])
local others = redis.call('HGETALL', KEYS[1])
if #others > 0 then
  local inside = {}
  for i = 1, #others, 2 do
    inside[#inside + 1] = others[i] .. '=' .. string.gsub(others[i + 1], ' ', '@')
  end
  redis.call('RPUSH', KEYS[5], seq .. ' overlap ' .. ARGV[1] .. ' ' .. ARGV[2] .. '=' .. ARGV[3] .. ' '
    .. table.concat(inside, ','))
  redis.call('HINCRBY', KEYS[6], 'overlaps', 1)
end
redis.call('HSET', KEYS[1], ARGV[2], ARGV[3] .. ' ' .. seq)

local last = tonumber(redis.call('GET', KEYS[2]) or '0')
if tonumber(ARGV[3]) > last then
  redis.call('SET', KEYS[2], ARGV[3])
  redis.call('SET', KEYS[3], ARGV[3] .. ' ' .. ARGV[2])
else
  redis.call('RPUSH', KEYS[5], seq .. ' stale-entry ' .. ARGV[1] .. ' ' .. ARGV[2] .. '=' .. ARGV[3]
    .. ' accepted-before=' .. string.format('%.0f', last))
  redis.call('HINCRBY', KEYS[6], 'staleEntries', 1)
end
redis.call('HINCRBY', KEYS[6], 'entries', 1)
return seq
