-- Up Migration
-- The challenge a match plays out (DESIGN.md §5), when it came from one.
ALTER TABLE matches ADD COLUMN challenge_id uuid;

-- Down Migration
ALTER TABLE matches DROP COLUMN challenge_id;
