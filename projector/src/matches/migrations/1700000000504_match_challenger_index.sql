-- Up Migration
-- A player's calendar feed starts from their teams: matches by either side's team (the defender side is
-- covered by matches_teams).
CREATE INDEX matches_challenger ON matches (challenger_id);

-- Down Migration
DROP INDEX matches_challenger;
