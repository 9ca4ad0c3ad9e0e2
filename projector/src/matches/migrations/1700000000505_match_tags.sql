-- Up Migration
-- Spec §7 "Matches" TAGS: a match matches a ladder, a season, a team of either side or a player of either team.
-- The ids in one array with a GIN index, so a filtered list reads only the matching rows (members never change
-- after registration). The members' order is fixed (defender's first, by member order) so a replay is identical.
ALTER TABLE matches ADD COLUMN tags uuid[] NOT NULL DEFAULT '{}';
UPDATE matches m SET tags = ARRAY[m.ladder_id, m.season_id, m.defender_id, m.challenger_id] || ARRAY(
  SELECT tm.account_id FROM team_members tm WHERE tm.team_id IN (m.defender_id, m.challenger_id)
  ORDER BY tm.team_id = m.defender_id DESC, tm.member_order);
CREATE INDEX matches_tags ON matches USING gin (tags);

-- Down Migration
DROP INDEX matches_tags;
ALTER TABLE matches DROP COLUMN tags;
