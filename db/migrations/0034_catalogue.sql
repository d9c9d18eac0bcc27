-- The products of the catalogue the shop sells; an existing shop keeps selling the original three
-- sizes in matte and gloss.
CREATE TABLE `catalogue_offers` (
	`size` text NOT NULL,
	`finish` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`size`, `finish`)
);
--> statement-breakpoint
INSERT INTO `catalogue_offers` (`size`, `finish`) VALUES ('small', 'matte'), ('small', 'gloss'), ('medium', 'matte'), ('medium', 'gloss'), ('large', 'matte'), ('large', 'gloss');
--> statement-breakpoint
-- A named list's prices move from six columns to a row per product. The migration runs with foreign
-- keys on (and PRAGMA foreign_keys cannot change inside its transaction), so dropping price_lists
-- deletes the rows that point at it: they are kept aside first and put back after.
CREATE TABLE `_keep_list_prices` AS
	SELECT `id` AS `price_list_id`, 'small' AS `size`, 'matte' AS `finish`, `small_matte_cents` AS `price_cents` FROM `price_lists`
	UNION ALL SELECT `id`, 'small', 'gloss', `small_gloss_cents` FROM `price_lists`
	UNION ALL SELECT `id`, 'medium', 'matte', `medium_matte_cents` FROM `price_lists`
	UNION ALL SELECT `id`, 'medium', 'gloss', `medium_gloss_cents` FROM `price_lists`
	UNION ALL SELECT `id`, 'large', 'matte', `large_matte_cents` FROM `price_lists`
	UNION ALL SELECT `id`, 'large', 'gloss', `large_gloss_cents` FROM `price_lists`;
--> statement-breakpoint
CREATE TABLE `_keep_collection_lists` AS SELECT * FROM `collection_price_lists`;
--> statement-breakpoint
CREATE TABLE `_keep_photo_lists` AS SELECT * FROM `photo_price_lists` WHERE `price_list_id` IS NOT NULL;
--> statement-breakpoint
CREATE TABLE `__new_price_lists` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`edition_percent` integer,
	`lab_markup_percent` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	CONSTRAINT "price_lists_edition_percent" CHECK("edition_percent" is null or "edition_percent" between 100 and 1000)
);
--> statement-breakpoint
INSERT INTO `__new_price_lists`("id", "name", "edition_percent", "lab_markup_percent", "created_at", "updated_at") SELECT "id", "name", "edition_percent", "lab_markup_percent", "created_at", "updated_at" FROM `price_lists`;
--> statement-breakpoint
DROP TABLE `price_lists`;
--> statement-breakpoint
ALTER TABLE `__new_price_lists` RENAME TO `price_lists`;
--> statement-breakpoint
CREATE UNIQUE INDEX `price_lists_name_idx` ON `price_lists` (lower("name"));
--> statement-breakpoint
CREATE TABLE `price_list_prices` (
	`price_list_id` text NOT NULL,
	`size` text NOT NULL,
	`finish` text NOT NULL,
	`price_cents` integer NOT NULL,
	PRIMARY KEY(`price_list_id`, `size`, `finish`),
	FOREIGN KEY (`price_list_id`) REFERENCES `price_lists`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `price_list_prices` SELECT * FROM `_keep_list_prices`;
--> statement-breakpoint
INSERT OR REPLACE INTO `collection_price_lists` SELECT * FROM `_keep_collection_lists`;
--> statement-breakpoint
INSERT OR REPLACE INTO `photo_price_lists` SELECT * FROM `_keep_photo_lists`;
--> statement-breakpoint
DROP TABLE `_keep_list_prices`;
--> statement-breakpoint
DROP TABLE `_keep_collection_lists`;
--> statement-breakpoint
DROP TABLE `_keep_photo_lists`;
