-- Up Migration
CREATE TABLE test_notes (
  id uuid PRIMARY KEY,
  company_id text NOT NULL,
  text text NOT NULL,
  revision integer NOT NULL,
  written_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX test_notes_text ON test_notes (company_id, lower(text));

-- Down Migration
DROP TABLE test_notes;
