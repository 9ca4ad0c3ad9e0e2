-- Up Migration
-- A games-only match its scorer ended (DESIGN.md §7).
ALTER TABLE live_scores ADD COLUMN ended boolean NOT NULL DEFAULT false;

-- Down Migration
ALTER TABLE live_scores DROP COLUMN ended;
