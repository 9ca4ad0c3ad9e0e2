-- Up Migration
-- DESIGN.md §19 "Erasure": the people a notification's words name, so that erasing one of them rewrites their name as
-- "Former player" in the others' notifications. NULL for a notification from before: erasure looks for the name
-- itself in those.
ALTER TABLE notifications ADD COLUMN named uuid[];
CREATE INDEX notifications_named ON notifications USING gin (named);

-- Down Migration
DROP INDEX notifications_named;
ALTER TABLE notifications DROP COLUMN named;
