-- Up Migration
-- DESIGN.md §11. Every match with a result, as the ratings fold sees it (events/src/ratings/fold.ts): who played on
-- each side, who won, whether it counts now, and its place in the order once it first counted.
CREATE TABLE rating_results (
  match_id uuid PRIMARY KEY,
  company_id uuid NOT NULL,
  sports_category text NOT NULL,
  defender_ids uuid[] NOT NULL,
  challenger_ids uuid[] NOT NULL,
  -- defender | challenger | null (no winner yet)
  winner text,
  walkover boolean NOT NULL,
  counts boolean NOT NULL,
  place bigint,
  counted_at timestamptz
);
CREATE INDEX rating_results_order ON rating_results (company_id, sports_category, place) WHERE place IS NOT NULL;
CREATE INDEX rating_results_players ON rating_results USING gin ((defender_ids || challenger_ids));

CREATE TABLE player_ratings (
  company_id uuid NOT NULL,
  sports_category text NOT NULL,
  player_id uuid NOT NULL,
  rating double precision NOT NULL,
  deviation double precision NOT NULL,
  volatility double precision NOT NULL,
  matches integer NOT NULL,
  PRIMARY KEY (player_id, company_id, sports_category)
);
CREATE INDEX player_ratings_company ON player_ratings (company_id, sports_category);

-- How each result moved each player, oldest first by place.
CREATE TABLE rating_changes (
  company_id uuid NOT NULL,
  sports_category text NOT NULL,
  player_id uuid NOT NULL,
  place bigint NOT NULL,
  match_id uuid NOT NULL,
  at timestamptz NOT NULL,
  before double precision NOT NULL,
  after double precision NOT NULL,
  deviation_before double precision NOT NULL,
  deviation_after double precision NOT NULL,
  expected double precision NOT NULL,
  won boolean NOT NULL,
  -- [{playerId, rating}]: the other side with their ratings before the match
  opponents jsonb NOT NULL,
  PRIMARY KEY (player_id, company_id, sports_category, place)
);
CREATE INDEX rating_changes_company ON rating_changes (company_id, sports_category);

-- Down Migration
DROP TABLE rating_changes;
DROP TABLE player_ratings;
DROP TABLE rating_results;
