-- The visitors' hashes now live in visit_visitor_chunks, as bytes. The old ones (text) are not carried
-- over, so a visitor already counted on the day of the upgrade may be counted once more that day; no
-- count already written changes.
DROP TABLE `visit_visitors`;