CREATE TABLE `collection_price_lists` (
	`category` text PRIMARY KEY NOT NULL,
	`price_list_id` text NOT NULL,
	FOREIGN KEY (`price_list_id`) REFERENCES `price_lists`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `photo_price_lists` (
	`photo_id` text PRIMARY KEY NOT NULL,
	`price_list_id` text,
	FOREIGN KEY (`photo_id`) REFERENCES `photos`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`price_list_id`) REFERENCES `price_lists`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `photo_price_lists_list_idx` ON `photo_price_lists` (`price_list_id`);--> statement-breakpoint
CREATE TABLE `price_lists` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`small_matte_cents` integer NOT NULL,
	`small_gloss_cents` integer NOT NULL,
	`medium_matte_cents` integer NOT NULL,
	`medium_gloss_cents` integer NOT NULL,
	`large_matte_cents` integer NOT NULL,
	`large_gloss_cents` integer NOT NULL,
	`edition_percent` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	CONSTRAINT "price_lists_prices_positive" CHECK(min("price_lists"."small_matte_cents", "price_lists"."small_gloss_cents", "price_lists"."medium_matte_cents", "price_lists"."medium_gloss_cents", "price_lists"."large_matte_cents", "price_lists"."large_gloss_cents") >= 0),
	CONSTRAINT "price_lists_edition_percent" CHECK("price_lists"."edition_percent" is null or "price_lists"."edition_percent" between 100 and 1000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `price_lists_name_idx` ON `price_lists` (lower("name"));