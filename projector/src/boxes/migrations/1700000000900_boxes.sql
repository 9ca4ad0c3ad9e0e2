-- Up Migration
-- DESIGN.md §12: the boxes of a box season as drawn last, each with its sides in draw order and its matches.
-- The tables are computed when read (events/src/boxes/rules.ts boxTable) from these and the matches' rows.
CREATE TABLE boxes (
  id uuid PRIMARY KEY,
  season_id uuid NOT NULL,
  ladder_id uuid NOT NULL,
  company_id uuid NOT NULL,
  number integer NOT NULL,
  team_ids uuid[] NOT NULL,
  match_ids uuid[] NOT NULL,
  drawn_at timestamptz NOT NULL,
  -- the season the box season was closed into, when it was
  closed_into uuid
);
CREATE INDEX boxes_season ON boxes (season_id, number);
CREATE INDEX boxes_matches ON boxes USING gin (match_ids);

-- Down Migration
DROP TABLE boxes;
