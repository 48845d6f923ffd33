CREATE TABLE `battle_seeds` (
	`battle_id` text PRIMARY KEY NOT NULL,
	`seed` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `battles` (
	`id` text PRIMARY KEY NOT NULL,
	`channel` text NOT NULL,
	`name` text NOT NULL,
	`system` text NOT NULL,
	`created_at` text NOT NULL,
	`ended` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `events` (
	`position` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`battle_id` text NOT NULL,
	`version` integer NOT NULL,
	`type` text NOT NULL,
	`data` text NOT NULL,
	`actor` text NOT NULL,
	`at` text NOT NULL,
	`request_id` text,
	`hash` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `events_battle_version_unique` ON `events` (`battle_id`,`version`);--> statement-breakpoint
CREATE UNIQUE INDEX `events_request_id_unique` ON `events` (`request_id`);--> statement-breakpoint
CREATE TABLE `outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`battle_id` text NOT NULL,
	`destination` text NOT NULL,
	`message` text NOT NULL,
	`created_at` text NOT NULL,
	`delivered_at` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` text,
	`last_error` text
);
--> statement-breakpoint
CREATE INDEX `outbox_undelivered_idx` ON `outbox` (`id`) WHERE delivered_at IS NULL;--> statement-breakpoint
CREATE INDEX `outbox_undelivered_destination_idx` ON `outbox` (`destination`,`id`) WHERE delivered_at IS NULL;--> statement-breakpoint
CREATE TABLE `requests` (
	`request_id` text PRIMARY KEY NOT NULL,
	`battle_id` text NOT NULL,
	`result` text NOT NULL,
	`at` text NOT NULL
);
