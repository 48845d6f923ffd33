ALTER TABLE "battles" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "result" text;--> statement-breakpoint
CREATE INDEX "battles_channel_idx" ON "battles" USING btree ("channel");