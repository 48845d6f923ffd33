-- The log is append-only: SQLite refuses to change or remove an event. A store's append trusts the
-- head it last wrote while another connection can only append after it, which the unique
-- (battle_id, version) index catches; a removed head would let it write a gap.
CREATE TRIGGER IF NOT EXISTS events_no_update BEFORE UPDATE ON events
BEGIN
  SELECT RAISE(ABORT, 'events are append-only: an event is never changed');
END;
--> statement-breakpoint
CREATE TRIGGER IF NOT EXISTS events_no_delete BEFORE DELETE ON events
BEGIN
  SELECT RAISE(ABORT, 'events are append-only: an event is never removed');
END;
