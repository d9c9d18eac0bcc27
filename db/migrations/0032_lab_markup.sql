ALTER TABLE `lab_products` ADD `cost_cents` integer;--> statement-breakpoint
ALTER TABLE `lab_products` ADD `cost_checked_at` integer;--> statement-breakpoint
ALTER TABLE `price_lists` ADD `lab_markup_percent` integer;