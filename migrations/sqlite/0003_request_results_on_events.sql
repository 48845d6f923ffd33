ALTER TABLE `battles` ADD `version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `battles_channel_idx` ON `battles` (`channel`);--> statement-breakpoint
ALTER TABLE `events` ADD `result` text;