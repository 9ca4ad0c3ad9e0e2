-- Up Migration
CREATE TABLE teams (
  id uuid PRIMARY KEY,
  season_id uuid NOT NULL,
  ladder_id uuid NOT NULL,
  company_id uuid NOT NULL,
  -- waiting | active | rejected | left
  status text NOT NULL,
  position integer,
  registered_at timestamptz NOT NULL,
  join_date date,
  leave_date date
);
CREATE INDEX teams_season_status ON teams (season_id, status, position);

CREATE TABLE team_members (
  team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  account_id uuid NOT NULL,
  member_order integer NOT NULL,
  PRIMARY KEY (team_id, account_id)
);
CREATE INDEX team_members_account ON team_members (account_id);

-- Down Migration
DROP TABLE team_members;
DROP TABLE teams;
