CREATE TABLE `photo_slug_redirects` (
	`slug` text PRIMARY KEY NOT NULL,
	`photo_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`photo_id`) REFERENCES `photos`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `photo_slug_redirects_photo_idx` ON `photo_slug_redirects` (`photo_id`);--> statement-breakpoint
ALTER TABLE `photos` ADD `slug` text;--> statement-breakpoint
CREATE UNIQUE INDEX `photos_slug_idx` ON `photos` (`slug`);