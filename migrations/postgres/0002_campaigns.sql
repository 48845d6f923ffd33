CREATE TABLE "campaigns" (
	"id" text PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"name" text NOT NULL,
	"created_at" text NOT NULL,
	"ended" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "campaigns_channel_idx" ON "campaigns" USING btree ("channel");