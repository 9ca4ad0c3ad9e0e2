-- Up Migration
-- Every address an account confirmed, and when it let it go (DESIGN.md §10 export, §19 "Erasure"). An invitation sent
-- to an address belongs to the first account that held the address, confirmed, at or after the invitation was sent:
-- the export lists an account's own, and erasure takes the address off the erased person's own only.
CREATE TABLE account_addresses (
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  email text NOT NULL,
  confirmed_at timestamptz NOT NULL,
  released_at timestamptz,
  PRIMARY KEY (account_id, email, confirmed_at)
);
CREATE INDEX account_addresses_email ON account_addresses (email, confirmed_at);
INSERT INTO account_addresses (account_id, email, confirmed_at)
SELECT id, email, verified_at FROM accounts WHERE verified_at IS NOT NULL AND email IS NOT NULL;

-- An erased invitee's invitation keeps its place in the manager's list, without the address or the name.
ALTER TABLE invitations ALTER COLUMN email DROP NOT NULL;

-- Down Migration
DELETE FROM invitations WHERE email IS NULL;
ALTER TABLE invitations ALTER COLUMN email SET NOT NULL;
DROP TABLE account_addresses;
