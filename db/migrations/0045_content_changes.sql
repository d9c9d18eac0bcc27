-- The content token: one row, given a new random value by triggers after every insert, update and
-- delete on every table a page can show (all but the visit tables), whoever writes. The page cache
-- is keyed by it. A table added or rebuilt later needs the same three triggers (a test checks).
CREATE TABLE `content_changes` (
	`id` integer PRIMARY KEY NOT NULL,
	`token` text NOT NULL
);
--> statement-breakpoint
INSERT INTO `content_changes` (`id`, `token`) VALUES (1, lower(hex(randomblob(8))));
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_insert_on_accounts` AFTER INSERT ON `accounts` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_update_on_accounts` AFTER UPDATE ON `accounts` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_delete_on_accounts` AFTER DELETE ON `accounts` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_insert_on_app_meta` AFTER INSERT ON `app_meta` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_update_on_app_meta` AFTER UPDATE ON `app_meta` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_delete_on_app_meta` AFTER DELETE ON `app_meta` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_insert_on_background_images` AFTER INSERT ON `background_images` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_update_on_background_images` AFTER UPDATE ON `background_images` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_delete_on_background_images` AFTER DELETE ON `background_images` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_insert_on_business_details` AFTER INSERT ON `business_details` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_update_on_business_details` AFTER UPDATE ON `business_details` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_delete_on_business_details` AFTER DELETE ON `business_details` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_insert_on_catalogue_offers` AFTER INSERT ON `catalogue_offers` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_update_on_catalogue_offers` AFTER UPDATE ON `catalogue_offers` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_delete_on_catalogue_offers` AFTER DELETE ON `catalogue_offers` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_insert_on_collection_price_lists` AFTER INSERT ON `collection_price_lists` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_update_on_collection_price_lists` AFTER UPDATE ON `collection_price_lists` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_delete_on_collection_price_lists` AFTER DELETE ON `collection_price_lists` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_insert_on_contact_inquiries` AFTER INSERT ON `contact_inquiries` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_update_on_contact_inquiries` AFTER UPDATE ON `contact_inquiries` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_delete_on_contact_inquiries` AFTER DELETE ON `contact_inquiries` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_insert_on_discount_codes` AFTER INSERT ON `discount_codes` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_update_on_discount_codes` AFTER UPDATE ON `discount_codes` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_delete_on_discount_codes` AFTER DELETE ON `discount_codes` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_insert_on_drone_media` AFTER INSERT ON `drone_media` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_update_on_drone_media` AFTER UPDATE ON `drone_media` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_delete_on_drone_media` AFTER DELETE ON `drone_media` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_insert_on_edition_copies` AFTER INSERT ON `edition_copies` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_update_on_edition_copies` AFTER UPDATE ON `edition_copies` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_delete_on_edition_copies` AFTER DELETE ON `edition_copies` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_insert_on_frame_details` AFTER INSERT ON `frame_details` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_update_on_frame_details` AFTER UPDATE ON `frame_details` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_delete_on_frame_details` AFTER DELETE ON `frame_details` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_insert_on_framing_options` AFTER INSERT ON `framing_options` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_update_on_framing_options` AFTER UPDATE ON `framing_options` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_delete_on_framing_options` AFTER DELETE ON `framing_options` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_insert_on_galleries` AFTER INSERT ON `galleries` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_update_on_galleries` AFTER UPDATE ON `galleries` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_delete_on_galleries` AFTER DELETE ON `galleries` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_insert_on_gallery_favourites` AFTER INSERT ON `gallery_favourites` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_update_on_gallery_favourites` AFTER UPDATE ON `gallery_favourites` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_delete_on_gallery_favourites` AFTER DELETE ON `gallery_favourites` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_insert_on_gallery_files` AFTER INSERT ON `gallery_files` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_update_on_gallery_files` AFTER UPDATE ON `gallery_files` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_delete_on_gallery_files` AFTER DELETE ON `gallery_files` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_insert_on_gallery_links` AFTER INSERT ON `gallery_links` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_update_on_gallery_links` AFTER UPDATE ON `gallery_links` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_delete_on_gallery_links` AFTER DELETE ON `gallery_links` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_insert_on_invoices` AFTER INSERT ON `invoices` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_update_on_invoices` AFTER UPDATE ON `invoices` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_delete_on_invoices` AFTER DELETE ON `invoices` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_insert_on_job_payments` AFTER INSERT ON `job_payments` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_update_on_job_payments` AFTER UPDATE ON `job_payments` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_delete_on_job_payments` AFTER DELETE ON `job_payments` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_insert_on_lab_orders` AFTER INSERT ON `lab_orders` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_update_on_lab_orders` AFTER UPDATE ON `lab_orders` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_delete_on_lab_orders` AFTER DELETE ON `lab_orders` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_insert_on_lab_products` AFTER INSERT ON `lab_products` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_update_on_lab_products` AFTER UPDATE ON `lab_products` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_delete_on_lab_products` AFTER DELETE ON `lab_products` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_insert_on_lab_settings` AFTER INSERT ON `lab_settings` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_update_on_lab_settings` AFTER UPDATE ON `lab_settings` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_delete_on_lab_settings` AFTER DELETE ON `lab_settings` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_insert_on_mail_queue` AFTER INSERT ON `mail_queue` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_update_on_mail_queue` AFTER UPDATE ON `mail_queue` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_delete_on_mail_queue` AFTER DELETE ON `mail_queue` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_insert_on_media_jobs` AFTER INSERT ON `media_jobs` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_update_on_media_jobs` AFTER UPDATE ON `media_jobs` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_delete_on_media_jobs` AFTER DELETE ON `media_jobs` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_insert_on_order_items` AFTER INSERT ON `order_items` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_update_on_order_items` AFTER UPDATE ON `order_items` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_delete_on_order_items` AFTER DELETE ON `order_items` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_insert_on_order_status_history` AFTER INSERT ON `order_status_history` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_update_on_order_status_history` AFTER UPDATE ON `order_status_history` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_delete_on_order_status_history` AFTER DELETE ON `order_status_history` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_insert_on_order_withdrawals` AFTER INSERT ON `order_withdrawals` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_update_on_order_withdrawals` AFTER UPDATE ON `order_withdrawals` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_delete_on_order_withdrawals` AFTER DELETE ON `order_withdrawals` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_insert_on_orders` AFTER INSERT ON `orders` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_update_on_orders` AFTER UPDATE ON `orders` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_delete_on_orders` AFTER DELETE ON `orders` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_insert_on_oss_rates` AFTER INSERT ON `oss_rates` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_update_on_oss_rates` AFTER UPDATE ON `oss_rates` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_delete_on_oss_rates` AFTER DELETE ON `oss_rates` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_insert_on_oss_registration` AFTER INSERT ON `oss_registration` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_update_on_oss_registration` AFTER UPDATE ON `oss_registration` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_delete_on_oss_registration` AFTER DELETE ON `oss_registration` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_insert_on_photo_analyses` AFTER INSERT ON `photo_analyses` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_update_on_photo_analyses` AFTER UPDATE ON `photo_analyses` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_delete_on_photo_analyses` AFTER DELETE ON `photo_analyses` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_insert_on_photo_price_lists` AFTER INSERT ON `photo_price_lists` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_update_on_photo_price_lists` AFTER UPDATE ON `photo_price_lists` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_delete_on_photo_price_lists` AFTER DELETE ON `photo_price_lists` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_insert_on_photo_print_crops` AFTER INSERT ON `photo_print_crops` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_update_on_photo_print_crops` AFTER UPDATE ON `photo_print_crops` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_delete_on_photo_print_crops` AFTER DELETE ON `photo_print_crops` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_insert_on_photo_slug_redirects` AFTER INSERT ON `photo_slug_redirects` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_update_on_photo_slug_redirects` AFTER UPDATE ON `photo_slug_redirects` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_delete_on_photo_slug_redirects` AFTER DELETE ON `photo_slug_redirects` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_insert_on_photos` AFTER INSERT ON `photos` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_update_on_photos` AFTER UPDATE ON `photos` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_delete_on_photos` AFTER DELETE ON `photos` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_insert_on_price_history` AFTER INSERT ON `price_history` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_update_on_price_history` AFTER UPDATE ON `price_history` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_delete_on_price_history` AFTER DELETE ON `price_history` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_insert_on_price_list_prices` AFTER INSERT ON `price_list_prices` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_update_on_price_list_prices` AFTER UPDATE ON `price_list_prices` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_delete_on_price_list_prices` AFTER DELETE ON `price_list_prices` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_insert_on_price_lists` AFTER INSERT ON `price_lists` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_update_on_price_lists` AFTER UPDATE ON `price_lists` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_delete_on_price_lists` AFTER DELETE ON `price_lists` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_insert_on_price_sale_photos` AFTER INSERT ON `price_sale_photos` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_update_on_price_sale_photos` AFTER UPDATE ON `price_sale_photos` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_delete_on_price_sale_photos` AFTER DELETE ON `price_sale_photos` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_insert_on_price_sales` AFTER INSERT ON `price_sales` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_update_on_price_sales` AFTER UPDATE ON `price_sales` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_delete_on_price_sales` AFTER DELETE ON `price_sales` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_insert_on_product_variants` AFTER INSERT ON `product_variants` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_update_on_product_variants` AFTER UPDATE ON `product_variants` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_delete_on_product_variants` AFTER DELETE ON `product_variants` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_insert_on_quote_lines` AFTER INSERT ON `quote_lines` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_update_on_quote_lines` AFTER UPDATE ON `quote_lines` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_delete_on_quote_lines` AFTER DELETE ON `quote_lines` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_insert_on_quote_messages` AFTER INSERT ON `quote_messages` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_update_on_quote_messages` AFTER UPDATE ON `quote_messages` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_delete_on_quote_messages` AFTER DELETE ON `quote_messages` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_insert_on_quotes` AFTER INSERT ON `quotes` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_update_on_quotes` AFTER UPDATE ON `quotes` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_delete_on_quotes` AFTER DELETE ON `quotes` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_insert_on_review_invites` AFTER INSERT ON `review_invites` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_update_on_review_invites` AFTER UPDATE ON `review_invites` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_delete_on_review_invites` AFTER DELETE ON `review_invites` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_insert_on_reviews` AFTER INSERT ON `reviews` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_update_on_reviews` AFTER UPDATE ON `reviews` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_delete_on_reviews` AFTER DELETE ON `reviews` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_insert_on_sessions` AFTER INSERT ON `sessions` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_update_on_sessions` AFTER UPDATE ON `sessions` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_delete_on_sessions` AFTER DELETE ON `sessions` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_insert_on_shipping_countries` AFTER INSERT ON `shipping_countries` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_update_on_shipping_countries` AFTER UPDATE ON `shipping_countries` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_delete_on_shipping_countries` AFTER DELETE ON `shipping_countries` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_insert_on_shipping_zones` AFTER INSERT ON `shipping_zones` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_update_on_shipping_zones` AFTER UPDATE ON `shipping_zones` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_delete_on_shipping_zones` AFTER DELETE ON `shipping_zones` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_insert_on_stripe_events` AFTER INSERT ON `stripe_events` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_update_on_stripe_events` AFTER UPDATE ON `stripe_events` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_delete_on_stripe_events` AFTER DELETE ON `stripe_events` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_insert_on_uploaded_objects` AFTER INSERT ON `uploaded_objects` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_update_on_uploaded_objects` AFTER UPDATE ON `uploaded_objects` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_delete_on_uploaded_objects` AFTER DELETE ON `uploaded_objects` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_insert_on_users` AFTER INSERT ON `users` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_update_on_users` AFTER UPDATE ON `users` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_delete_on_users` AFTER DELETE ON `users` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_insert_on_vat_rates` AFTER INSERT ON `vat_rates` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_update_on_vat_rates` AFTER UPDATE ON `vat_rates` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_delete_on_vat_rates` AFTER DELETE ON `vat_rates` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_insert_on_verifications` AFTER INSERT ON `verifications` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_update_on_verifications` AFTER UPDATE ON `verifications` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_delete_on_verifications` AFTER DELETE ON `verifications` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_insert_on_website_content` AFTER INSERT ON `website_content` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_update_on_website_content` AFTER UPDATE ON `website_content` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `content_changed_after_delete_on_website_content` AFTER DELETE ON `website_content` BEGIN UPDATE `content_changes` SET `token` = lower(hex(randomblob(8))) WHERE `id` = 1; END;
