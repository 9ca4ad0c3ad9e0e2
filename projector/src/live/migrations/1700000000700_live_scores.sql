-- Up Migration
-- Matches scored live, point by point (DESIGN.md §7): the rules they started with and every point's winner.
CREATE TABLE live_scores (
  match_id uuid PRIMARY KEY,
  company_id uuid NOT NULL,
  season_id uuid NOT NULL,
  ladder_id uuid NOT NULL,
  first_server text NOT NULL,
  no_ad boolean NOT NULL,
  final_set text NOT NULL,
  -- the winner of each point, in order ("defender" | "challenger")
  points jsonb NOT NULL DEFAULT '[]',
  updated_at timestamptz NOT NULL
);

-- Down Migration
DROP TABLE live_scores;
