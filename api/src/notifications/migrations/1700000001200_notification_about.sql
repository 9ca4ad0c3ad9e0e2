-- Up Migration
-- What a notification is about when a later event settles it: the team of a `team.waiting` notification, marked
-- read for every manager once the team is accepted or rejected.
ALTER TABLE notifications ADD COLUMN about uuid;
CREATE INDEX notifications_about ON notifications (about) WHERE about IS NOT NULL AND read_at IS NULL;

-- Down Migration
DROP INDEX notifications_about;
ALTER TABLE notifications DROP COLUMN about;
