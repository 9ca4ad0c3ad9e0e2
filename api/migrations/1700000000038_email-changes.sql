-- Up Migration
-- A change of email waiting for the code mailed to the new address (DESIGN.md §10): one per account, the newest.
CREATE TABLE email_changes (
  account_id uuid PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
  new_email text NOT NULL,
  code_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  wrong_attempts integer NOT NULL DEFAULT 0
);

-- Down Migration
DROP TABLE email_changes;
