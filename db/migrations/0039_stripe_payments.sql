CREATE TABLE `stripe_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`payment_intent_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
ALTER TABLE `orders` ADD `payment_failure_reason` text;--> statement-breakpoint
CREATE UNIQUE INDEX `orders_stripe_payment_intent_idx` ON `orders` (`stripe_payment_intent_id`);