-- Up Migration
-- DESIGN.md §16: a company's tournaments and club nights, one row each, as their events left them. A tournament is
-- small (at most 128 entrants, a club night's rounds of at most 16 courts), so its entries, draw, rounds and
-- results are kept as JSON on its row (docs/decisions/tournaments.md "One row per tournament"); the leaderboard is
-- computed when read (events/src/tournaments/leaderboard.ts).
CREATE TABLE tournaments (
  id uuid PRIMARY KEY,
  company_id uuid NOT NULL,
  -- the api's `courtside.tournament_names` row holding the name
  name_id uuid NOT NULL,
  format text NOT NULL,
  sports_category text NOT NULL,
  -- a local date-time, `YYYY-MM-DDTHH:mm`
  starts_at text NOT NULL,
  entry_mode text NOT NULL,
  max_entrants integer NOT NULL,
  plate boolean NOT NULL,
  courts integer NOT NULL,
  -- Americano: the rounds asked for at creation (absent: N−1 at the draw)
  planned_rounds integer,
  points_per_game integer NOT NULL,
  status text NOT NULL,
  seeding text,
  -- the draw's entries in seed order
  draw_order uuid[] NOT NULL,
  -- a knockout's bracket as TournamentDrawn carries it
  bracket jsonb,
  -- [{entryId, memberIds, fromRound?}] in entry order (late arrivals last, with the round they play from)
  entries jsonb NOT NULL,
  -- a club night's rounds [{round, games: [{gameId, court, sideA, sideB}], sittingOut}], by number
  rounds jsonb NOT NULL,
  -- a club night's results {gameId: {pointsA, pointsB}}
  scores jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX tournaments_company ON tournaments (company_id, starts_at);

-- Down Migration
DROP TABLE tournaments;
