CREATE TABLE `review_invites` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`photo_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`photo_id`) REFERENCES `photos`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `review_invites_order_photo` ON `review_invites` (`order_id`,`photo_id`);--> statement-breakpoint
CREATE INDEX `review_invites_token_idx` ON `review_invites` (`token_hash`);--> statement-breakpoint
CREATE TABLE `reviews` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`photo_id` text NOT NULL,
	`rating` integer NOT NULL,
	`text` text,
	`author_name` text NOT NULL,
	`author_place` text NOT NULL,
	`state` text DEFAULT 'pending' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`photo_id`) REFERENCES `photos`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "reviews_rating_range" CHECK("reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reviews_order_photo` ON `reviews` (`order_id`,`photo_id`);--> statement-breakpoint
CREATE INDEX `reviews_state_photo_rating_idx` ON `reviews` (`state`,`photo_id`,`rating`);--> statement-breakpoint
CREATE INDEX `reviews_state_created_idx` ON `reviews` (`state`,`created_at`);