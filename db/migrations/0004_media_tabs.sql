CREATE TABLE `photo_analyses` (
	`photo_id` text PRIMARY KEY NOT NULL,
	`analysis` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`photo_id`) REFERENCES `photos`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `background_images` ADD `media_id` text;--> statement-breakpoint
ALTER TABLE `background_images` ADD `width` integer;--> statement-breakpoint
ALTER TABLE `background_images` ADD `height` integer;--> statement-breakpoint
ALTER TABLE `background_images` ADD `dominant_color` text;--> statement-breakpoint
ALTER TABLE `background_images` ADD `placeholder` text;--> statement-breakpoint
ALTER TABLE `drone_media` ADD `media_id` text;--> statement-breakpoint
ALTER TABLE `drone_media` ADD `width` integer;--> statement-breakpoint
ALTER TABLE `drone_media` ADD `height` integer;--> statement-breakpoint
ALTER TABLE `drone_media` ADD `dominant_color` text;--> statement-breakpoint
ALTER TABLE `drone_media` ADD `placeholder` text;--> statement-breakpoint
ALTER TABLE `photos` ADD `featured_order` integer;