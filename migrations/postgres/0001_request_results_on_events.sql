ALTER TABLE "events" ADD COLUMN "result" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "battle_version" integer;--> statement-breakpoint
CREATE INDEX "battles_channel_idx" ON "battles" USING btree ("channel");