CREATE TABLE `photo_print_crops` (
	`photo_id` text NOT NULL,
	`size` text NOT NULL,
	`position` integer DEFAULT 500 NOT NULL,
	`offered` integer DEFAULT true NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`photo_id`, `size`),
	FOREIGN KEY (`photo_id`) REFERENCES `photos`(`id`) ON UPDATE no action ON DELETE cascade
);
