-- Up Migration
CREATE TABLE companies (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  created_at timestamptz NOT NULL
);

-- The accounts that manage a company; the creator is the first.
CREATE TABLE company_managers (
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  account_id uuid NOT NULL,
  PRIMARY KEY (company_id, account_id)
);
CREATE INDEX company_managers_account ON company_managers (account_id);

-- Down Migration
DROP TABLE company_managers;
DROP TABLE companies;
