CREATE TABLE `invoices` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`number` integer NOT NULL,
	`order_id` text NOT NULL,
	`refers_to_id` text,
	`issued_at` integer NOT NULL,
	`supplier` text,
	`buyer_name` text NOT NULL,
	`buyer_address` text,
	`amount_cents` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_kind_number_idx` ON `invoices` (`kind`,`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_kind_order_idx` ON `invoices` (`kind`,`order_id`);--> statement-breakpoint
ALTER TABLE `mail_queue` ADD `attachment` text;