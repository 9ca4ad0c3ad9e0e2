-- Up Migration
-- DESIGN.md §16 with §9: kind `tournament`, an address asked to enter a tournament, by a player as their doubles
-- partner or by a manager. `team_id` holds the entry it would form; the state is the read model's
-- (`tournaments.invitations`), the event names the row by its id only.
ALTER TABLE invitations ADD COLUMN tournament_id uuid;
CREATE INDEX invitations_tournament ON invitations (tournament_id);

-- Down Migration
DROP INDEX invitations_tournament;
ALTER TABLE invitations DROP COLUMN tournament_id;
