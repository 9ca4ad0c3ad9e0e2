-- Up Migration
-- DESIGN.md §12: the season's format and box settings as last changed; NULL box until a change, read with defaults.
ALTER TABLE seasons ADD COLUMN format text NOT NULL DEFAULT 'LADDER', ADD COLUMN box jsonb;

-- Down Migration
ALTER TABLE seasons DROP COLUMN format, DROP COLUMN box;
