CREATE TABLE `lab_orders` (
	`order_id` text PRIMARY KEY NOT NULL,
	`state` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`last_error` text,
	`refusal` text,
	`lab_order_id` text,
	`lab_stage` text,
	`lab_issues` text,
	`carrier` text,
	`tracking_number` text,
	`tracking_url` text,
	`sent_at` integer,
	`owner_alerted_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lab_orders_lab_order_id_unique` ON `lab_orders` (`lab_order_id`);--> statement-breakpoint
CREATE INDEX `lab_orders_state_due_idx` ON `lab_orders` (`state`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `lab_products` (
	`id` text PRIMARY KEY NOT NULL,
	`size` text NOT NULL,
	`finish` text NOT NULL,
	`framed` integer DEFAULT false NOT NULL,
	`sku` text NOT NULL,
	`attributes` text DEFAULT '{}' NOT NULL,
	`sizing` text DEFAULT 'fillPrintArea' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lab_products_size_finish_framed` ON `lab_products` (`size`,`finish`,`framed`);--> statement-breakpoint
CREATE TABLE `lab_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`hold_for_approval` integer DEFAULT false NOT NULL,
	`shipping_method` text DEFAULT 'Standard' NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	CONSTRAINT "lab_settings_one_row" CHECK("lab_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE `order_items` ADD `lab_sku` text;--> statement-breakpoint
ALTER TABLE `order_items` ADD `lab_attributes` text;--> statement-breakpoint
ALTER TABLE `order_items` ADD `lab_sizing` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `lab_shipping_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `lab_shipping_method` text;