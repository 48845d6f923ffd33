ALTER TABLE `outbox` ADD `claimed_by` text;--> statement-breakpoint
ALTER TABLE `outbox` ADD `claimed_until` text;