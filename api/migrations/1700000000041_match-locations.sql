-- Up Migration
-- DESIGN.md §9 "Results, places": where a match is played, as a person typed it. Free text stays out of the log
-- (docs/decisions/matches-and-live-scoring.md "A match's location"): the MatchLocationSet event names a row here by its id. Every change is
-- a new row; `set_by` is the account that wrote it, so erasing that account can delete its rows (the match then
-- shows no location).
CREATE TABLE match_locations (
  id uuid PRIMARY KEY,
  match_id uuid NOT NULL,
  location text NOT NULL,
  set_by uuid NOT NULL,
  set_at timestamptz NOT NULL
);
CREATE INDEX match_locations_set_by ON match_locations (set_by);
CREATE INDEX match_locations_match ON match_locations (match_id);

-- Down Migration
DROP TABLE match_locations;
