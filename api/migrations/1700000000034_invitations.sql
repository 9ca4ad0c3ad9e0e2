-- Up Migration
-- Invitation links (DESIGN.md §9): who was invited, beside the log. The events carry the id only, so an address
-- never enters the log. Kind `season`: a player named this address as partner (the partner request `id` of the
-- PartnerRequested event); its state is the read model's `partner_requests` row.
CREATE TABLE invitations (
  id uuid PRIMARY KEY,
  kind text NOT NULL,
  email text NOT NULL,
  company_id uuid NOT NULL,
  season_id uuid NOT NULL,
  team_id uuid NOT NULL,
  invited_by uuid NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX invitations_email ON invitations (email);

-- Down Migration
DROP TABLE invitations;
