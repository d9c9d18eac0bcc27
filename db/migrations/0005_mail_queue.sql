CREATE TABLE `mail_queue` (
	`id` text PRIMARY KEY NOT NULL,
	`message_id` text NOT NULL,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`reply_to` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`give_up_at` integer NOT NULL,
	`last_error` text,
	`sent_at` integer,
	`failed_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mail_queue_message_id_unique` ON `mail_queue` (`message_id`);--> statement-breakpoint
CREATE INDEX `mail_queue_status_due_idx` ON `mail_queue` (`status`,`next_attempt_at`);