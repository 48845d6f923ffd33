ALTER TABLE `events` ADD `result` text;--> statement-breakpoint
ALTER TABLE `outbox` ADD `battle_version` integer;--> statement-breakpoint
CREATE INDEX `battles_channel_idx` ON `battles` (`channel`);