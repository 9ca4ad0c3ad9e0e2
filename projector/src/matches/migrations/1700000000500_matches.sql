-- Up Migration
CREATE TABLE matches (
  id uuid PRIMARY KEY,
  season_id uuid NOT NULL,
  ladder_id uuid NOT NULL,
  company_id uuid NOT NULL,
  defender_id uuid NOT NULL,
  challenger_id uuid NOT NULL,
  -- planned | completed | retired | walkover | cancelled
  status text NOT NULL,
  -- local date and time YYYY-MM-DDTHH:mm, no time zone (spec §9)
  date text,
  defender_score jsonb NOT NULL,
  challenger_score jsonb NOT NULL,
  winner text,
  -- a winner was recorded once: later changes of the result move nobody on the ladder
  had_winner boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX matches_season ON matches (season_id);
CREATE INDEX matches_teams ON matches (defender_id, challenger_id);

-- Down Migration
DROP TABLE matches;
