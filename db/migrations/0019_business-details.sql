CREATE TABLE `business_details` (
	`id` integer PRIMARY KEY NOT NULL,
	`legal_name` text NOT NULL,
	`trading_name` text,
	`address_line1` text NOT NULL,
	`address_line2` text,
	`town` text NOT NULL,
	`region` text,
	`postcode` text,
	`country` text NOT NULL,
	`vat_number` text,
	`company_number` text,
	`email` text NOT NULL,
	`phone` text,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	CONSTRAINT "business_details_one_row" CHECK("business_details"."id" = 1)
);
