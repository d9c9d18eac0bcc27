CREATE TABLE `uploaded_objects` (
	`id` text PRIMARY KEY NOT NULL,
	`purpose` text NOT NULL,
	`status` text DEFAULT 'uploading' NOT NULL,
	`content_type` text,
	`size` integer,
	`file_name` text,
	`media_id` text,
	`width` integer,
	`height` integer,
	`dominant_color` text,
	`placeholder` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
