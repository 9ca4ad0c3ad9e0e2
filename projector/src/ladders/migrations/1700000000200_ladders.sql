-- Up Migration
CREATE TABLE ladders (
  id uuid PRIMARY KEY,
  company_id uuid NOT NULL,
  name text NOT NULL,
  email text NOT NULL,
  sports_category text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX ladders_company_name ON ladders (company_id, lower(name));

CREATE TABLE seasons (
  id uuid PRIMARY KEY,
  ladder_id uuid NOT NULL REFERENCES ladders (id) ON DELETE CASCADE,
  company_id uuid NOT NULL,
  name text NOT NULL,
  start_date date NOT NULL,
  end_date date NOT NULL,
  minimum_played_matches integer NOT NULL,
  open_for_registration boolean NOT NULL,
  match_type text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX seasons_ladder ON seasons (ladder_id, start_date);

-- Down Migration
DROP TABLE seasons;
DROP TABLE ladders;
