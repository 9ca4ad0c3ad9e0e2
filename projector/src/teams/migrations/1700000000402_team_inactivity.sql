-- Up Migration
-- When the team last dropped a place for inactivity (DESIGN.md §5 inactivityDays): a new period starts there.
ALTER TABLE teams ADD COLUMN last_dropped_at timestamptz;

-- Down Migration
ALTER TABLE teams DROP COLUMN last_dropped_at;
