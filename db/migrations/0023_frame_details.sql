CREATE TABLE `frame_details` (
	`id` integer PRIMARY KEY NOT NULL,
	`glazing` text,
	`hanging` text,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	CONSTRAINT "frame_details_one_row" CHECK("frame_details"."id" = 1),
	CONSTRAINT "frame_details_glazing" CHECK("frame_details"."glazing" is null or "frame_details"."glazing" in ('glass', 'acrylic'))
);
--> statement-breakpoint
ALTER TABLE `framing_options` ADD `weight_grams` integer;