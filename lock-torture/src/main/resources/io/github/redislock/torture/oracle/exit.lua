-- A holder leaves its critical section.
--
-- KEYS[1]  occupants: a hash from holder id to '<fencing token> <entry sequence>'
-- KEYS[2]  counts: a hash of totals
-- ARGV[1]  holder id
-- ARGV[2]  '1' when the section ran to its end, '0' when it was cut short
--
-- Returns 1 when the holder was recorded inside, else 0 (its worker was evicted).

local inside = redis.call('HDEL', KEYS[1], ARGV[1])
if ARGV[2] == '1' then
  redis.call('HINCRBY', KEYS[2], 'sections', 1)
else
  redis.call('HINCRBY', KEYS[2], 'sectionsCutShort', 1)
end
return inside
