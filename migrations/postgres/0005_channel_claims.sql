CREATE TABLE "channel_claims" (
	"channel" text PRIMARY KEY NOT NULL,
	"battle_id" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "channel_claims_battle_idx" ON "channel_claims" USING btree ("battle_id");