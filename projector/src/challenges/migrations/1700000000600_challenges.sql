-- Up Migration
-- Challenges between the teams of a season (DESIGN.md §5).
CREATE TABLE challenges (
  id uuid PRIMARY KEY,
  season_id uuid NOT NULL,
  ladder_id uuid NOT NULL,
  company_id uuid NOT NULL,
  challenger_team_id uuid NOT NULL,
  defender_team_id uuid NOT NULL,
  -- open | accepted | declined | withdrawn | expired
  state text NOT NULL,
  issued_at timestamptz NOT NULL,
  respond_by timestamptz NOT NULL,
  play_by timestamptz,
  match_id uuid,
  -- the rules it was issued under
  play_days integer NOT NULL,
  decline_is_walkover boolean NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX challenges_season ON challenges (season_id, state);
CREATE INDEX challenges_due ON challenges (respond_by) WHERE state = 'open';
CREATE INDEX challenges_teams ON challenges (challenger_team_id, defender_team_id);

-- Down Migration
DROP TABLE challenges;
