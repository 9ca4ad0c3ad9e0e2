-- Up Migration
-- Partner requests (DESIGN.md §9 "Partners agree first"), one per team they would form: open until the partner
-- accepts or declines, the registrant withdraws, or it lapses. Not a team: managers' lists never read this table.
CREATE TABLE partner_requests (
  team_id uuid PRIMARY KEY,
  id uuid NOT NULL,
  season_id uuid NOT NULL,
  ladder_id uuid NOT NULL,
  company_id uuid NOT NULL,
  registrant_id uuid NOT NULL,
  -- known once the partner accepted
  partner_id uuid,
  -- open | accepted | declined | withdrawn | lapsed
  state text NOT NULL,
  requested_at timestamptz NOT NULL,
  lapses_at timestamptz NOT NULL,
  answered_at timestamptz
);
CREATE INDEX partner_requests_open ON partner_requests (lapses_at) WHERE state = 'open';
CREATE INDEX partner_requests_registrant ON partner_requests (registrant_id);

-- Down Migration
DROP TABLE partner_requests;
