DROP INDEX `orders_status_idx`;--> statement-breakpoint
CREATE INDEX `orders_status_created_idx` ON `orders` (`status`,`created_at`);--> statement-breakpoint
DROP INDEX `product_variants_photo_price`;--> statement-breakpoint
CREATE INDEX `product_variants_photo_price_size` ON `product_variants` (`photo_id`,`price_cents`,`size`);