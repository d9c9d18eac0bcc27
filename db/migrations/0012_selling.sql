CREATE TABLE `discount_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`kind` text NOT NULL,
	`value` integer NOT NULL,
	`expires_at` integer,
	`max_uses` integer,
	`min_order_cents` integer,
	`uses` integer DEFAULT 0 NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	CONSTRAINT "discount_codes_value_positive" CHECK("discount_codes"."value" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `discount_codes_code_unique` ON `discount_codes` (`code`);--> statement-breakpoint
CREATE TABLE `edition_copies` (
	`id` text PRIMARY KEY NOT NULL,
	`photo_id` text NOT NULL,
	`order_id` text NOT NULL,
	`order_item_id` text NOT NULL,
	`number` integer,
	`reserved_until` integer NOT NULL,
	`sold_at` integer,
	`certificate_code` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`photo_id`) REFERENCES `photos`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_item_id`) REFERENCES `order_items`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `edition_copies_certificate_code_unique` ON `edition_copies` (`certificate_code`);--> statement-breakpoint
CREATE UNIQUE INDEX `edition_copies_photo_number` ON `edition_copies` (`photo_id`,`number`);--> statement-breakpoint
CREATE INDEX `edition_copies_photo_idx` ON `edition_copies` (`photo_id`,`reserved_until`);--> statement-breakpoint
CREATE INDEX `edition_copies_order_idx` ON `edition_copies` (`order_id`);--> statement-breakpoint
CREATE TABLE `shipping_countries` (
	`country` text PRIMARY KEY NOT NULL,
	`zone_id` text,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `shipping_zones` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`first_print_cents` integer NOT NULL,
	`additional_print_cents` integer NOT NULL,
	`framed_surcharge_cents` integer NOT NULL,
	`free_over_cents` integer,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `vat_rates` (
	`vat_class` text PRIMARY KEY NOT NULL,
	`rate_bp` integer NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
ALTER TABLE `order_items` ADD `discount_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `order_items` ADD `vat_rate_bp` integer;--> statement-breakpoint
ALTER TABLE `order_items` ADD `vat_cents` integer;--> statement-breakpoint
ALTER TABLE `order_items` ADD `framing_vat_rate_bp` integer;--> statement-breakpoint
ALTER TABLE `order_items` ADD `framing_vat_cents` integer;--> statement-breakpoint
ALTER TABLE `order_items` ADD `edition_size` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `item_total_cents` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `shipping_cents` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `discount_cents` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `ship_country` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `shipping_zone` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `shipping_vat_rate_bp` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `shipping_vat_cents` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `discount_code` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `discount_code_id` text;--> statement-breakpoint
ALTER TABLE `photos` ADD `edition_size` integer;