ALTER TABLE `orders` ADD `ship_street` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `ship_postal_code` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `ship_city` text;