-- Each channel's running battle takes its claim (issue 38). A store from before may have two
-- running in one channel: the older (by the position of its first event, the order they were
-- created) holds it; the newer takes it when the older ends.
INSERT INTO channel_claims (channel, battle_id)
SELECT DISTINCT ON (b.channel) b.channel, b.id FROM battles b
WHERE b.ended = 0
ORDER BY b.channel, (SELECT e.position FROM events e WHERE e.battle_id = b.id AND e.version = 1), b.id;
