CREATE TABLE `job_payments` (
	`id` text PRIMARY KEY NOT NULL,
	`quote_id` text NOT NULL,
	`kind` text NOT NULL,
	`provider` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`vat_cents` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`provider_order_id` text NOT NULL,
	`capture_id` text,
	`test_mode` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`paid_at` integer,
	FOREIGN KEY (`quote_id`) REFERENCES `quotes`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "job_payments_amount_positive" CHECK("job_payments"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `job_payments_provider_order_id_unique` ON `job_payments` (`provider_order_id`);--> statement-breakpoint
CREATE INDEX `job_payments_quote_idx` ON `job_payments` (`quote_id`,`kind`);--> statement-breakpoint
CREATE UNIQUE INDEX `job_payments_one_paid_idx` ON `job_payments` (`quote_id`,`kind`) WHERE status = 'paid';--> statement-breakpoint
ALTER TABLE `quotes` ADD `deposit_percent` integer DEFAULT 30 NOT NULL;