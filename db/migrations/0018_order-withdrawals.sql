CREATE TABLE `order_withdrawals` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`note` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `order_withdrawals_order` ON `order_withdrawals` (`order_id`);