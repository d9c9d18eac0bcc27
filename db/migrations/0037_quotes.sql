CREATE TABLE `quote_lines` (
	`id` text PRIMARY KEY NOT NULL,
	`quote_id` text NOT NULL,
	`position` integer NOT NULL,
	`kind` text NOT NULL,
	`description` text NOT NULL,
	`quantity` integer NOT NULL,
	`unit_price_cents` integer NOT NULL,
	FOREIGN KEY (`quote_id`) REFERENCES `quotes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `quote_lines_quote_position_idx` ON `quote_lines` (`quote_id`,`position`);--> statement-breakpoint
CREATE TABLE `quote_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`quote_id` text NOT NULL,
	`message` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`quote_id`) REFERENCES `quotes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `quote_messages_quote_idx` ON `quote_messages` (`quote_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `quotes` (
	`id` text PRIMARY KEY NOT NULL,
	`token_hash` text,
	`enquiry_id` text,
	`client_name` text NOT NULL,
	`client_email` text NOT NULL,
	`title` text NOT NULL,
	`location` text DEFAULT '' NOT NULL,
	`shoot_date` text,
	`valid_until` text NOT NULL,
	`terms` text NOT NULL,
	`vat_rate_bp` integer NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`revision` integer DEFAULT 1 NOT NULL,
	`sent_at` integer,
	`accepted_at` integer,
	`accepted_name` text,
	`accepted_ip` text,
	`accepted_user_agent` text,
	`accepted_total_cents` integer,
	`withdrawn_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`enquiry_id`) REFERENCES `contact_inquiries`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `quotes_token_hash_unique` ON `quotes` (`token_hash`);--> statement-breakpoint
CREATE INDEX `quotes_status_idx` ON `quotes` (`status`,`updated_at`);