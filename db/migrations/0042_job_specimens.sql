ALTER TABLE `quotes` ADD `balance_specimen_at` integer;--> statement-breakpoint
ALTER TABLE `quotes` ADD `balance_specimen_cents` integer;