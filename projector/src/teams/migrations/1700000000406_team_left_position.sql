-- Up Migration
-- The position a team held when it left (spec §3 "Team in a season": position, and the "#" of the managers' "Teams who
-- left"). `position` stays NULL for a team that left: the active order and its movement rely on that. NULL too for a
-- team that left while still waiting (it never had a place). Teams removed before this column existed keep NULL until
-- a replay (`npm run replay -- --promote`) rebuilds them from the log: their old position is not in the read model.
ALTER TABLE teams ADD COLUMN left_position integer;

-- Down Migration
ALTER TABLE teams DROP COLUMN left_position;
