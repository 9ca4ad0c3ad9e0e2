-- Up Migration
-- Forgot-password links (DESIGN.md §10): only a hash of the token is stored, so a leaked table opens no account.
-- A link works once (used_at) and for 30 minutes (expires_at).
CREATE TABLE password_resets (
  token_hash text PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX password_resets_account ON password_resets (account_id);

-- Down Migration
DROP TABLE password_resets;
