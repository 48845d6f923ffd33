CREATE TABLE "battle_seeds" (
	"battle_id" text PRIMARY KEY NOT NULL,
	"seed" text NOT NULL,
	"created_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "battles" (
	"id" text PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"name" text NOT NULL,
	"system" text NOT NULL,
	"created_at" text NOT NULL,
	"ended" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "closed_dms" (
	"user_id" text NOT NULL,
	"battle_id" text NOT NULL,
	"refused_at" text NOT NULL,
	CONSTRAINT "closed_dms_user_id_battle_id_pk" PRIMARY KEY("user_id","battle_id")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"position" serial PRIMARY KEY NOT NULL,
	"battle_id" text NOT NULL,
	"version" integer NOT NULL,
	"type" text NOT NULL,
	"data" text NOT NULL,
	"actor" text NOT NULL,
	"at" text NOT NULL,
	"request_id" text,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "held_dms" (
	"outbox_id" integer PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"battle_id" text NOT NULL,
	"message" text NOT NULL,
	"created_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"battle_id" text NOT NULL,
	"destination" text NOT NULL,
	"message" text NOT NULL,
	"created_at" text NOT NULL,
	"delivered_at" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" text,
	"last_error" text,
	"claimed_by" text,
	"claimed_until" text
);
--> statement-breakpoint
CREATE TABLE "requests" (
	"request_id" text PRIMARY KEY NOT NULL,
	"battle_id" text NOT NULL,
	"result" text NOT NULL,
	"at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "status_posts" (
	"key" text PRIMARY KEY NOT NULL,
	"channel_id" text NOT NULL,
	"message_id" text NOT NULL,
	"updated_at" text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "events_battle_version_unique" ON "events" USING btree ("battle_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "events_request_id_unique" ON "events" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "held_dms_user_idx" ON "held_dms" USING btree ("user_id","outbox_id");--> statement-breakpoint
CREATE INDEX "outbox_undelivered_idx" ON "outbox" USING btree ("id") WHERE delivered_at IS NULL;--> statement-breakpoint
CREATE INDEX "outbox_undelivered_destination_idx" ON "outbox" USING btree ("destination","id") WHERE delivered_at IS NULL;