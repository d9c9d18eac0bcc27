ALTER TABLE `job_payments` ADD `refunded_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `job_payments` ADD `refund_id` text;--> statement-breakpoint
ALTER TABLE `job_payments` ADD `refunded_at` integer;--> statement-breakpoint
ALTER TABLE `job_payments` ADD `refund_refusals` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `quotes` ADD `cancelled_at` integer;--> statement-breakpoint
ALTER TABLE `quotes` ADD `cancel_reason` text;