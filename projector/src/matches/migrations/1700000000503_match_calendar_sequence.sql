-- Up Migration
-- DESIGN.md §6 "Feeds": the SEQUENCE of a match's calendar event. It grows with each change of what a calendar
-- shows of the match (its date, its status), so a subscribed calendar replaces its copy: a rescheduled match moves.
ALTER TABLE matches ADD COLUMN calendar_sequence integer NOT NULL DEFAULT 0;
CREATE INDEX matches_ladder_dated ON matches (ladder_id) WHERE date IS NOT NULL;

-- Down Migration
DROP INDEX matches_ladder_dated;
ALTER TABLE matches DROP COLUMN calendar_sequence;
