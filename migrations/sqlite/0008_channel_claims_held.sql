-- Each channel's running battle takes its claim (issue 38). A store from before may have two
-- running in one channel: the older (by rowid, the order they were created) holds it; the newer
-- takes it when the older ends.
INSERT INTO channel_claims (channel, battle_id)
SELECT b.channel, b.id FROM battles b
WHERE b.ended = 0 AND NOT EXISTS (SELECT 1 FROM battles o WHERE o.channel = b.channel AND o.ended = 0 AND o.rowid < b.rowid);
