-- Up Migration
-- DESIGN.md §16: a tournament's name, as a manager typed it. Free text stays out of the log: TournamentCreated names
-- this row by its id and carries the SHA-256 of the text (docs/decisions/tournaments.md "The name beside the log").
CREATE TABLE tournament_names (
  id uuid PRIMARY KEY,
  company_id uuid NOT NULL,
  name text NOT NULL,
  sha256 text NOT NULL,
  created_by uuid NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX tournament_names_company ON tournament_names (company_id);

-- Down Migration
DROP TABLE tournament_names;
