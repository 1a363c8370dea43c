-- A holder enters its critical section: it is recorded among the occupants of the lock,
-- an overlap is recorded when another holder is still inside, and its fencing token is
-- shown to the guarded resource, as a first write would. A token no higher than one the
-- resource accepted before is refused. It is a stale entry when the holder may have been
-- granted the lock before the holder of that larger token (it was already asking when
-- that one entered), so its hold overlapped that other's in time; it is a token gone
-- backwards when the holder asked for the lock only after that one entered, and so was
-- granted after it: the store issued a smaller token to a later holder.
--
-- KEYS[1]  occupants: a hash from holder id to '<fencing token> <entry sequence>'
-- KEYS[2]  guard: the highest fencing token the guarded resource has accepted
-- KEYS[3]  latest: '<fencing token> <holder id>' of the last holder whose entry the
--          resource accepted
-- KEYS[4]  sequence: the oracle's global sequence, which orders every event
-- KEYS[5]  events: a list of '<sequence> <kind> <lock> <details>' lines; an overlap's details
--          are '<holder>=<token> <holder>=<token>@<entry sequence>,... asked-at=<sequence>',
--          the entering holder first, then those inside, then when the entering holder
--          started asking for the lock
-- KEYS[6]  counts: a hash of totals
-- KEYS[7]  guard-entered: the entry sequence of the holder whose token is the guard
-- ARGV[1]  lock name
-- ARGV[2]  holder id: '<worker>/<thread>/<section>', no spaces, commas or '='
-- ARGV[3]  the holder's fencing token
-- ARGV[4]  the sequence before the holder asked for the lock
--
-- Returns 0 when the resource accepted the token, else the larger token it holds.

local seq = redis.call('INCR', KEYS[4])
local others = redis.call('HGETALL', KEYS[1])
if #others > 0 then
  local inside = {}
  for i = 1, #others, 2 do
    inside[#inside + 1] = others[i] .. '=' .. string.gsub(others[i + 1], ' ', '@')
  end
  redis.call('RPUSH', KEYS[5], seq .. ' overlap ' .. ARGV[1] .. ' ' .. ARGV[2] .. '=' .. ARGV[3] .. ' '
    .. table.concat(inside, ',') .. ' asked-at=' .. ARGV[4])
  redis.call('HINCRBY', KEYS[6], 'overlaps', 1)
end
redis.call('HSET', KEYS[1], ARGV[2], ARGV[3] .. ' ' .. seq)
redis.call('HINCRBY', KEYS[6], 'entries', 1)

local last = tonumber(redis.call('GET', KEYS[2]) or '0')
if tonumber(ARGV[3]) > last then
  redis.call('SET', KEYS[2], ARGV[3])
  redis.call('SET', KEYS[3], ARGV[3] .. ' ' .. ARGV[2])
  redis.call('SET', KEYS[7], seq)
  return 0
end
local details = ARGV[2] .. '=' .. ARGV[3] .. ' accepted-before=' .. string.format('%.0f', last)
if tonumber(ARGV[4]) > tonumber(redis.call('GET', KEYS[7]) or '0') then
  redis.call('RPUSH', KEYS[5], seq .. ' token-regression ' .. ARGV[1] .. ' ' .. details)
  redis.call('HINCRBY', KEYS[6], 'tokenRegressions', 1)
else
  redis.call('RPUSH', KEYS[5], seq .. ' stale-entry ' .. ARGV[1] .. ' ' .. details)
  redis.call('HINCRBY', KEYS[6], 'staleEntries', 1)
end
return last
