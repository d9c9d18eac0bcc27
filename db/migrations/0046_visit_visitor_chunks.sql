-- The day's visitors as one row of 6-byte hashes per write of the counts, in place of one row per
-- visitor (visit_visitors, dropped by the next migration). No trigger of the content token: no page
-- shows a visit figure.
CREATE TABLE `visit_visitor_chunks` (
	`id` integer PRIMARY KEY NOT NULL,
	`day` text NOT NULL,
	`hashes` blob NOT NULL
);
--> statement-breakpoint
CREATE INDEX `visit_visitor_chunks_day` ON `visit_visitor_chunks` (`day`);
