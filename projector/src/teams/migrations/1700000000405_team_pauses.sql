-- Up Migration
-- DESIGN.md §9 "Pause": the first day back while paused (NULL: not paused), and every pause of the season.
ALTER TABLE teams ADD COLUMN paused_until date;
ALTER TABLE teams ADD COLUMN pauses jsonb NOT NULL DEFAULT '[]';

-- Down Migration
ALTER TABLE teams DROP COLUMN pauses;
ALTER TABLE teams DROP COLUMN paused_until;
