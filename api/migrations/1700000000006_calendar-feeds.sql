-- Up Migration
-- DESIGN.md §6 "Feeds": the personal calendar feed of an account. Its token is derived (an HMAC of the account
-- and its generation under the calendar secret), so GET account can show the address again; only a hash of it
-- is stored, and a lookup goes by that hash. Renewing moves to the next generation: the old address is unknown.
CREATE TABLE calendar_feeds (
  account_id uuid PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
  generation integer NOT NULL,
  token_hash text NOT NULL UNIQUE,
  renewed_at timestamptz NOT NULL
);

-- Down Migration
DROP TABLE calendar_feeds;
