-- Up Migration
-- A manager's invitations (DESIGN.md §9 "Inviting players", "Managers") beside the log: kind `club-season` (a
-- manager invites an address into a season; the partner of a team of two has a row of its own) and `manager` (a
-- manager invites a co-manager: no season, no team). The invitation's `fullName` prefills the new account.
ALTER TABLE invitations ADD COLUMN full_name text;
ALTER TABLE invitations ALTER COLUMN season_id DROP NOT NULL;
ALTER TABLE invitations ALTER COLUMN team_id DROP NOT NULL;
CREATE INDEX invitations_season ON invitations (season_id);

-- Down Migration
DROP INDEX invitations_season;
ALTER TABLE invitations DROP COLUMN full_name;
