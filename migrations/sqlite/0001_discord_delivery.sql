CREATE TABLE `closed_dms` (
	`user_id` text NOT NULL,
	`battle_id` text NOT NULL,
	`refused_at` text NOT NULL,
	PRIMARY KEY(`user_id`, `battle_id`)
);
--> statement-breakpoint
CREATE TABLE `held_dms` (
	`outbox_id` integer PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`battle_id` text NOT NULL,
	`message` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `held_dms_user_idx` ON `held_dms` (`user_id`,`outbox_id`);--> statement-breakpoint
CREATE TABLE `status_posts` (
	`key` text PRIMARY KEY NOT NULL,
	`channel_id` text NOT NULL,
	`message_id` text NOT NULL,
	`updated_at` text NOT NULL
);
