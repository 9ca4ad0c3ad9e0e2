-- Up Migration
-- DESIGN.md §9 "Managers": every manager of a company, the creator and the co-managers alike, since when; and the
-- co-managers' invitations (the addresses are the api's, courtside.invitations).
ALTER TABLE company_managers ADD COLUMN since timestamptz;
UPDATE company_managers m SET since = c.created_at FROM companies c WHERE c.id = m.company_id;
ALTER TABLE company_managers ALTER COLUMN since SET NOT NULL;

CREATE TABLE manager_invitations (
  id uuid PRIMARY KEY,
  company_id uuid NOT NULL,
  -- pending | accepted | revoked (pending past expires_at: expired)
  state text NOT NULL,
  invited_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX manager_invitations_company ON manager_invitations (company_id);

-- Down Migration
DROP TABLE manager_invitations;
ALTER TABLE company_managers DROP COLUMN since;
