CREATE TABLE `galleries` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`client_name` text NOT NULL,
	`client_email` text,
	`shoot_date` text,
	`message` text,
	`cover_file_id` text,
	`pin_hash` text,
	`expires_at` integer,
	`downloads` text DEFAULT 'none' NOT NULL,
	`watermark` integer DEFAULT true NOT NULL,
	`strip_location` integer DEFAULT true NOT NULL,
	`prints_allowed` integer DEFAULT false NOT NULL,
	`released_at` integer,
	`reminder_sent_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `galleries_created_idx` ON `galleries` (`created_at`);--> statement-breakpoint
CREATE TABLE `gallery_favourites` (
	`link_id` text NOT NULL,
	`file_id` text NOT NULL,
	`note` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`link_id`) REFERENCES `gallery_links`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`file_id`) REFERENCES `gallery_files`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `gallery_favourites_link_file` ON `gallery_favourites` (`link_id`,`file_id`);--> statement-breakpoint
CREATE TABLE `gallery_files` (
	`id` text PRIMARY KEY NOT NULL,
	`gallery_id` text NOT NULL,
	`kind` text NOT NULL,
	`file_name` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`sha256` text,
	`original_key` text NOT NULL,
	`status` text DEFAULT 'processing' NOT NULL,
	`error` text,
	`media_id` text,
	`width` integer,
	`height` integer,
	`dominant_color` text,
	`placeholder` text,
	`stream_key` text,
	`duration_ms` integer,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`gallery_id`) REFERENCES `galleries`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `gallery_files_gallery_idx` ON `gallery_files` (`gallery_id`,`sort_order`);--> statement-breakpoint
CREATE TABLE `gallery_links` (
	`id` text PRIMARY KEY NOT NULL,
	`gallery_id` text NOT NULL,
	`recipient_name` text NOT NULL,
	`recipient_email` text,
	`token_hash` text NOT NULL,
	`expires_at` integer,
	`revoked_at` integer,
	`last_visit_at` integer,
	`views` integer DEFAULT 0 NOT NULL,
	`downloads` integer DEFAULT 0 NOT NULL,
	`selection_sent_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`gallery_id`) REFERENCES `galleries`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `gallery_links_token_hash_unique` ON `gallery_links` (`token_hash`);--> statement-breakpoint
CREATE INDEX `gallery_links_gallery_idx` ON `gallery_links` (`gallery_id`);--> statement-breakpoint
ALTER TABLE `orders` ADD `gallery_id` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `gallery_link_id` text;