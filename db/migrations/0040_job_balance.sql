-- A drone job's invoices beside the orders': invoices.order_id may be null, quote_id names the job and
-- job_part its payment, exactly one of order and job set (the CHECK). SQLite adds neither a CHECK nor
-- a nullable column in place, so invoices is rebuilt; nothing refers to invoices, and the migration
-- runs with foreign keys on (PRAGMA foreign_keys cannot change inside its transaction), which the
-- copy below respects. Then the job's gallery and the reminders' timestamps on quotes.
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_invoices` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`number` integer NOT NULL,
	`order_id` text,
	`quote_id` text,
	`job_part` text,
	`refers_to_id` text,
	`issued_at` integer NOT NULL,
	`supplier` text,
	`buyer_name` text NOT NULL,
	`buyer_address` text,
	`amount_cents` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`quote_id`) REFERENCES `quotes`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "invoices_order_or_job" CHECK(("order_id" is null) <> ("quote_id" is null)),
	CONSTRAINT "invoices_job_part" CHECK(("quote_id" is null) = ("job_part" is null))
);
--> statement-breakpoint
-- Every invoice and credit note is kept as it was: the old table has no quote_id or job_part (both
-- null for an order's document), so only its own columns are copied.
INSERT INTO `__new_invoices`("id", "kind", "number", "order_id", "refers_to_id", "issued_at", "supplier", "buyer_name", "buyer_address", "amount_cents", "created_at") SELECT "id", "kind", "number", "order_id", "refers_to_id", "issued_at", "supplier", "buyer_name", "buyer_address", "amount_cents", "created_at" FROM `invoices`;--> statement-breakpoint
DROP TABLE `invoices`;--> statement-breakpoint
ALTER TABLE `__new_invoices` RENAME TO `invoices`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_kind_number_idx` ON `invoices` (`kind`,`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_kind_order_idx` ON `invoices` (`kind`,`order_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_kind_job_part_idx` ON `invoices` (`kind`,`quote_id`,`job_part`);--> statement-breakpoint
-- drizzle-kit leaves out the reference's ON DELETE when it adds a column: deleting a gallery leaves
-- the job without one, as the schema says.
ALTER TABLE `quotes` ADD `gallery_id` text REFERENCES galleries(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `quotes` ADD `shoot_reminder_sent_at` integer;--> statement-breakpoint
ALTER TABLE `quotes` ADD `balance_reminder_1_sent_at` integer;--> statement-breakpoint
ALTER TABLE `quotes` ADD `balance_reminder_2_sent_at` integer;