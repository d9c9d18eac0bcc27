CREATE TABLE `price_history` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`variant_id` text NOT NULL,
	`price_cents` integer NOT NULL,
	`from_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`variant_id`) REFERENCES `product_variants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `price_history_variant_from` ON `price_history` (`variant_id`,`from_at`);--> statement-breakpoint
CREATE TABLE `price_sale_photos` (
	`sale_id` text NOT NULL,
	`photo_id` text NOT NULL,
	FOREIGN KEY (`sale_id`) REFERENCES `price_sales`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`photo_id`) REFERENCES `photos`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `price_sale_photos_sale_photo` ON `price_sale_photos` (`sale_id`,`photo_id`);--> statement-breakpoint
CREATE INDEX `price_sale_photos_photo_idx` ON `price_sale_photos` (`photo_id`);--> statement-breakpoint
CREATE TABLE `price_sales` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`percent_off` integer NOT NULL,
	`all_photos` integer DEFAULT false NOT NULL,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	CONSTRAINT "price_sales_percent_range" CHECK("price_sales"."percent_off" between 1 and 90),
	CONSTRAINT "price_sales_ends_after_start" CHECK("price_sales"."ends_at" > "price_sales"."starts_at")
);
--> statement-breakpoint
CREATE INDEX `price_sales_ends_idx` ON `price_sales` (`ends_at`);--> statement-breakpoint
-- Every price a print has had, from now on: a new variant's first price, and each change of it.
CREATE TRIGGER `price_history_on_insert` AFTER INSERT ON `product_variants`
BEGIN
	INSERT INTO `price_history` (`variant_id`, `price_cents`) VALUES (NEW.`id`, NEW.`price_cents`);
END;
--> statement-breakpoint
CREATE TRIGGER `price_history_on_price_change` AFTER UPDATE OF `price_cents` ON `product_variants`
WHEN NEW.`price_cents` IS NOT OLD.`price_cents`
BEGIN
	INSERT INTO `price_history` (`variant_id`, `price_cents`) VALUES (NEW.`id`, NEW.`price_cents`);
END;
--> statement-breakpoint
-- The prices of today, from the moment each variant was made (the history knows nothing earlier).
INSERT INTO `price_history` (`variant_id`, `price_cents`, `from_at`)
SELECT `id`, `price_cents`, `created_at` FROM `product_variants`;
