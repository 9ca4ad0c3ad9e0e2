-- Up Migration
-- The season's ladder rules (DESIGN.md §5) as last changed; NULL until a change, read with the defaults.
ALTER TABLE seasons ADD COLUMN rules jsonb;

-- Down Migration
ALTER TABLE seasons DROP COLUMN rules;
