CREATE TABLE `oss_rates` (
	`country` text NOT NULL,
	`vat_class` text NOT NULL,
	`rate_bp` integer NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	CONSTRAINT "oss_rates_range" CHECK("oss_rates"."rate_bp" between 0 and 10000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `oss_rates_country_class` ON `oss_rates` (`country`,`vat_class`);--> statement-breakpoint
CREATE TABLE `oss_registration` (
	`id` integer PRIMARY KEY NOT NULL,
	`registered` integer DEFAULT false NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	CONSTRAINT "oss_registration_one_row" CHECK("oss_registration"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE `orders` ADD `oss_country` text;