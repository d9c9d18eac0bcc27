ALTER TABLE `lab_products` ADD `print_area_width_px` integer;--> statement-breakpoint
ALTER TABLE `lab_products` ADD `print_area_height_px` integer;