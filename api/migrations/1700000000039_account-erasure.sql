-- Up Migration
-- DESIGN.md §10 "Erasure": an erased account keeps its row (its id is in the log, in teams and in matches) with no
-- name, email, phone or password; its email may sign up again as a new person. Pages show it as "Former player".
ALTER TABLE accounts ALTER COLUMN email DROP NOT NULL, ADD COLUMN erased_at timestamptz;

-- A dispute's reason (free text a person wrote) is kept here, beside the log: the event carries its id and SHA-256.
-- Erasing the writer deletes the text; the event, and so the hash chain, stays as it was.
CREATE TABLE dispute_reasons (
  id uuid PRIMARY KEY,
  account_id uuid NOT NULL,
  text text NOT NULL,
  sha256 text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX dispute_reasons_account ON dispute_reasons (account_id);

-- Down Migration
DROP TABLE dispute_reasons;
ALTER TABLE accounts DROP COLUMN erased_at;
