-- Up Migration
-- Secrets shared by every api process (the anti-forgery key), made once on the first start.
CREATE TABLE secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Down Migration
DROP TABLE secrets;
