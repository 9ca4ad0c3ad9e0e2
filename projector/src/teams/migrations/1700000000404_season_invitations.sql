-- Up Migration
-- A manager's invitations into a season (DESIGN.md §9 "Inviting players"), one row per link: the invitee's
-- (group_id = id) and, for a team of two, the partner's (group_id = the invitee's). The addresses are the api's
-- (courtside.invitations); this is what the log says of them.
CREATE TABLE season_invitations (
  id uuid PRIMARY KEY,
  group_id uuid NOT NULL,
  other_id uuid,
  team_id uuid NOT NULL,
  season_id uuid NOT NULL,
  ladder_id uuid NOT NULL,
  company_id uuid NOT NULL,
  -- WAITING | ACTIVE
  placement text NOT NULL,
  -- pending | accepted | revoked (pending past expires_at: expired)
  state text NOT NULL,
  invited_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  accepted_by uuid,
  answered_at timestamptz
);
CREATE INDEX season_invitations_season ON season_invitations (season_id);

-- Down Migration
DROP TABLE season_invitations;
