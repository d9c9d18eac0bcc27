DROP INDEX `product_variants_photo_price_size`;--> statement-breakpoint
CREATE INDEX `product_variants_photo_price_product` ON `product_variants` (`photo_id`,`price_cents`,`size`,`finish`);