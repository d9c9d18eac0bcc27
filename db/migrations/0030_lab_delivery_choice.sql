ALTER TABLE `lab_orders` ADD `queued_at` integer;--> statement-breakpoint
ALTER TABLE `lab_settings` ADD `offered_methods` text DEFAULT '["Standard"]' NOT NULL;--> statement-breakpoint
UPDATE `lab_orders` SET `queued_at` = `created_at`;--> statement-breakpoint
UPDATE `lab_settings` SET `offered_methods` = json_array(`shipping_method`);
