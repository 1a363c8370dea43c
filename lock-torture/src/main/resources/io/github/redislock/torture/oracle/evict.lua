-- Takes the holders of a worker that was killed out of every lock's occupants: a dead
-- process holds nothing, and its lock expires with its lease.
--
-- KEYS[1]  sequence: the oracle's global sequence
-- KEYS[2]  events: a list of '<sequence> <kind> <lock> <details>' lines
-- KEYS[3..] occupants of each lock: a hash from holder id to '<token> <entry sequence>'
-- ARGV[1]  the worker's holder id prefix, '<worker>/'
--
-- Returns how many holders were taken out.

local evicted = 0
for i = 3, #KEYS do
  local holders = redis.call('HKEYS', KEYS[i])
  for _, holder in ipairs(holders) do
    if string.sub(holder, 1, #ARGV[1]) == ARGV[1] then
      redis.call('HDEL', KEYS[i], holder)
      local seq = redis.call('INCR', KEYS[1])
      redis.call('RPUSH', KEYS[2], seq .. ' evicted ' .. KEYS[i] .. ' ' .. holder)
      evicted = evicted + 1
    end
  end
end
return evicted
