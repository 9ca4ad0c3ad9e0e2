-- Up Migration
-- DESIGN.md §9 "Results, places": the row of the api's `match_locations` table that holds where the match is
-- played (the text stays out of the log: docs/decisions/matches-and-live-scoring.md "A match's location"); NULL without one.
ALTER TABLE matches ADD COLUMN location_id uuid;

-- Down Migration
ALTER TABLE matches DROP COLUMN location_id;
